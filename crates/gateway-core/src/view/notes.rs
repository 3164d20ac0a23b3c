//! The notes panel's view: the learner's notes, where they are kept, and
//! the last export.

use super::Workbench;
use crate::command::{Deliverable, Slot, SlotState};
use crate::text::Text;
use crate::workbench::Delivery;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotesView {
    pub text: String,
    pub status: String,
    /// The last export, shown to copy where downloads are blocked.
    pub export: Option<String>,
}

impl Workbench {
    pub(super) fn notes_view(&self) -> NotesView {
        NotesView {
            text: self.notes().into(),
            status: self.t(match (self.delivery(), self.slot_state(Slot::Notes)) {
                (Delivery::DownloadFailed(Deliverable::NotesExport), _) => {
                    Text::NotesDownloadRefused
                }
                (_, SlotState::Writable) => Text::NotesSaved,
                (_, SlotState::Refused) => Text::NotesUnsaved,
                (_, SlotState::Locked) => Text::NotesLocked,
            }),
            export: self.notes_export().map(String::from),
        }
    }
}
