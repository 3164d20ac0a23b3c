//! Gmail, as seed 002's agent declares it: search a fixture inbox
//! (`gmail.search`, read), save a draft (`gmail.draft`, draft) and send a
//! message to the outbox (`gmail.send`, send). Nothing leaves the page.

pub mod draft;
pub mod search;
pub mod send;
