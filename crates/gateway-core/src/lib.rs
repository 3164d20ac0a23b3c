//! Pure logic of the Function Tools · Approval and Effect Workbench.
//!
//! A learner's function call (a tool name and JSON argument text) passes
//! through seven gates against a synthetic ledger. This crate decides
//! everything the page shows: it is a deterministic state machine with one
//! message type in ([`Msg`]) and one plain-data view model out
//! ([`PageModel`]). It never reads a clock, randomness or storage, and has
//! no browser dependency; time arrives as `now_ms` with each message.

#![forbid(unsafe_code)]

pub mod author;
mod base64url;
pub mod baseline;
pub mod boot;
pub mod check;
pub mod command;
pub mod course;
pub mod damage;
pub mod decimal;
pub mod declarations;
pub mod embed;
pub mod experiments;
mod export;
pub mod fixtures;
mod fnv;
pub mod gates;
pub mod goals;
pub mod json;
pub mod ledger;
pub mod mask;
pub mod mode;
pub mod notice;
pub mod opening;
pub mod playback;
pub mod policy;
pub mod published;
pub mod query;
pub mod reason;
pub mod runlog;
pub mod schema;
pub mod share;
mod sort;
pub mod store;
#[cfg(test)]
mod test_support;
pub mod text;
pub mod tools;
pub mod turn;
pub mod view;
pub mod vocab;
pub mod words;
pub mod workbench;

pub use experiments::ExperimentId;
pub use gates::{Gate, Verdict};
pub use playback::Speed;
pub use policy::{Hook, Risk, Role};
pub use tools::{ExampleKind, Registry, ToolId};
pub use view::PageModel;
pub use workbench::{Handled, Ignored, Msg, Workbench};
