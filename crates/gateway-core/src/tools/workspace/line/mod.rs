//! LINE of the Workspace registry: `line.push` appends a message to the
//! synthetic LINE outbox ([`push::LineOutbox`]) for one of the contacts.
//! LINE has no Workspace server: the LINE adapter serves it under both
//! adapters (SPEC 2.4).

pub mod push;
