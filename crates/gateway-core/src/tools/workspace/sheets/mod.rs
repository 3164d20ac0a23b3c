//! Sheets of the Workspace registry: `sheets.append` adds a row to one of
//! the fixture sheets, whose store ([`append::Sheets`]) it keeps.

pub mod append;
