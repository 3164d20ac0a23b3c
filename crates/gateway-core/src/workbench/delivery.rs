//! Copies and downloads the learner asked for (a share link, the notes
//! export, the declarations): the command offered, what the browser
//! answered, and what to show where neither worked.

use crate::command::{Command, Deliverable};

/// What the last copy, download or export did, for its status line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Delivery {
    /// Nothing was asked yet.
    Idle,
    /// The command was sent; a copy waits for the browser's answer.
    Offered(Deliverable),
    Copied(Deliverable),
    CopyFailed(Deliverable),
    Downloaded(Deliverable),
    DownloadFailed(Deliverable),
}

#[derive(Debug, Clone)]
pub(crate) struct Deliveries {
    pub status: Delivery,
    /// The link Copy link made, shown to copy by hand.
    pub share_link: Option<String>,
    /// The last notes export, shown to copy where downloads are blocked.
    pub notes_export: Option<String>,
}

impl Default for Deliveries {
    fn default() -> Self {
        Self {
            status: Delivery::Idle,
            share_link: None,
            notes_export: None,
        }
    }
}

impl Deliveries {
    /// A download or a copy offered: the status line says so, and the
    /// command goes to the shell (anything else is no delivery: `None`).
    pub fn offer(&mut self, command: Command) -> Option<Command> {
        let what = match &command {
            Command::Download { what, .. } | Command::Copy { what, .. } => *what,
            _ => return None,
        };
        self.status = match command {
            // A download has no success callback: offering it is the answer.
            Command::Download { .. } => Delivery::Downloaded(what),
            _ => Delivery::Offered(what),
        };
        Some(command)
    }

    /// A copy or download answered; an answer about an older request is
    /// dropped.
    pub fn answer(&mut self, what: Deliverable, delivery: Delivery) {
        let current = match self.status {
            Delivery::Idle => None,
            Delivery::Offered(w)
            | Delivery::Copied(w)
            | Delivery::CopyFailed(w)
            | Delivery::Downloaded(w)
            | Delivery::DownloadFailed(w) => Some(w),
        };
        if current == Some(what) {
            self.status = delivery;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_about_an_older_request_is_dropped() {
        let mut d = Deliveries::default();
        let copy = Command::Copy {
            what: Deliverable::ShareLink,
            text: "x".into(),
        };
        assert!(d.offer(copy).is_some());
        assert_eq!(d.status, Delivery::Offered(Deliverable::ShareLink));
        d.answer(
            Deliverable::NotesExport,
            Delivery::CopyFailed(Deliverable::NotesExport),
        );
        assert_eq!(d.status, Delivery::Offered(Deliverable::ShareLink));
        d.answer(
            Deliverable::ShareLink,
            Delivery::Copied(Deliverable::ShareLink),
        );
        assert_eq!(d.status, Delivery::Copied(Deliverable::ShareLink));
        assert!(d
            .offer(Command::LoadCatalogue(Default::default()))
            .is_none());
    }
}
