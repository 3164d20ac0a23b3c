//! What the opening sets before the first message: where the page sits,
//! what carried the experiment, and what storage held.

use super::embedding::Expanded;
use super::Workbench;
use crate::command::{Command, Slot, SlotState};
use crate::embed::EmbedOptions;
use crate::experiments::ExperimentId;

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

    pub(crate) fn set_single_file(&mut self, single_file: bool) {
        self.embedding.single_file = single_file;
    }

    /// Whether the page is one activity of a larger course (`embed=1`, or
    /// the single file): the course around it leads on, so the page
    /// offers no way to other experiments.
    pub fn one_activity(&self) -> bool {
        self.embedding.options.embed || self.embedding.single_file
    }

    /// The other built-in experiments this browser finished, as the
    /// opening read them.
    pub(crate) fn set_finished_elsewhere(&mut self, finished: Vec<ExperimentId>) {
        self.progress.set_finished_elsewhere(finished);
    }

    /// The list of instructors' experiments opened in this browser, with
    /// this one first (`value`, as stored), written unless the slot is
    /// locked: what is stored there and cannot be read is never written
    /// over.
    pub(crate) fn remember_authored(&mut self, value: Option<String>, slot: SlotState) {
        self.slots.opened(Slot::Authored, slot);
        if let (Some(value), false) = (value, slot == SlotState::Locked) {
            self.commands.push_back(Command::Store {
                slot: Slot::Authored,
                key: Slot::Authored.key(""),
                value,
            });
        }
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
