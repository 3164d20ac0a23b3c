//! What the opening sets before the first message: where the page sits,
//! what carried the experiment, and what storage held.

use super::embedding::Expanded;
use super::Workbench;
use crate::command::{Slot, SlotState};
use crate::embed::EmbedOptions;

impl Workbench {
    pub(crate) fn set_framed(&mut self, framed: bool) {
        self.embedding.framed = framed;
    }

    pub(crate) fn set_carried(&mut self, part: String) {
        self.carried = Some(part);
    }

    pub(crate) fn set_from_file(&mut self, from_file: bool) {
        self.embedding.from_file = from_file;
    }

    pub(crate) fn opened_from_file(&self) -> bool {
        self.embedding.from_file
    }

    pub(crate) fn set_embed(&mut self, embed: EmbedOptions) {
        self.embedding.options = embed;
    }

    /// Whether the experiment is expanded: `(full screen, filling the frame)`.
    pub fn expanded(&self) -> (bool, bool) {
        let how = self.embedding.expanded;
        (how == Expanded::FullScreen, how == Expanded::FillFrame)
    }

    pub fn embed(&self) -> &EmbedOptions {
        &self.embedding.options
    }

    pub(crate) fn set_notes_loaded(&mut self, notes: String, slot: SlotState) {
        self.slots.notes_loaded(notes, slot);
    }

    pub(crate) fn set_baseline_slot(&mut self, slot: SlotState) {
        self.slots.opened(Slot::Baseline, slot);
    }

    /// Puts back the goals this browser reached before (their ids, as
    /// [`Slot::Progress`] stores them); ids the experiment lacks are
    /// dropped. What cannot be read locks the slot.
    pub(crate) fn set_progress_loaded(&mut self, stored: Option<&str>, slot: SlotState) {
        self.slots.opened(Slot::Progress, slot);
        if let Some(text) = stored {
            if !self.progress.load(text, &self.experiment) {
                self.slots.opened(Slot::Progress, SlotState::Locked);
            }
        }
    }
}
