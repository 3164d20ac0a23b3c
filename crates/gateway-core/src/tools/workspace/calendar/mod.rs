//! Calendar of the Workspace registry: `calendar.list` reads the day's
//! events and `calendar.create` adds one, both on the fixture calendar's
//! [`Schedule`](crate::tools::calendar::Schedule) store (its one day is
//! [`FIXTURE_DAY`]).

pub mod create;
pub mod list;

/// The one day the fixture schedule holds.
pub const FIXTURE_DAY: &str = "2026-03-02";
