//! Docs: `docs.create`, which adds a document to the drive.
//!
//! The document lives in the drive's store ([`super::drive::Drive`]),
//! which takes it as its one kind of change: `drive.read` and
//! `drive.search` then find it like any other file. This group declares
//! the tool, its bound and its error; it changes the store only through
//! the drive's own `DriveFile` change.

pub mod create;
