//! What the workbench keeps in the browser's storage: the learner's notes
//! and the captured baseline, and the state of each storage slot. A slot
//! whose stored value this build cannot read is locked: nothing is written
//! over it.

use crate::baseline::Baseline;
use crate::command::{Command, Slot, SlotState};
use crate::notice::Notice;

#[derive(Debug, Clone)]
pub(crate) struct Slots {
    notes: String,
    baseline: Option<Baseline>,
    notes_slot: SlotState,
    baseline_slot: SlotState,
    progress_slot: SlotState,
    authored_slot: SlotState,
}

impl Default for Slots {
    fn default() -> Self {
        Self {
            notes: String::new(),
            baseline: None,
            notes_slot: SlotState::Writable,
            baseline_slot: SlotState::Writable,
            progress_slot: SlotState::Writable,
            authored_slot: SlotState::Writable,
        }
    }
}

impl Slots {
    pub fn notes(&self) -> &str {
        &self.notes
    }

    pub fn baseline(&self) -> Option<&Baseline> {
        self.baseline.as_ref()
    }

    pub fn state(&self, slot: Slot) -> SlotState {
        match slot {
            Slot::Notes => self.notes_slot,
            Slot::Baseline => self.baseline_slot,
            Slot::Progress => self.progress_slot,
            Slot::Authored => self.authored_slot,
        }
    }

    /// A store answered (or the opening read the slot). A locked slot
    /// stays locked: nothing was written to it.
    pub fn set(&mut self, slot: Slot, state: SlotState) {
        let current = match slot {
            Slot::Notes => &mut self.notes_slot,
            Slot::Baseline => &mut self.baseline_slot,
            Slot::Progress => &mut self.progress_slot,
            Slot::Authored => &mut self.authored_slot,
        };
        if *current != SlotState::Locked {
            *current = state;
        }
    }

    /// The opening read a slot: its state as read, locked included.
    pub fn opened(&mut self, slot: Slot, state: SlotState) {
        match slot {
            Slot::Notes => self.notes_slot = state,
            Slot::Baseline => self.baseline_slot = state,
            Slot::Progress => self.progress_slot = state,
            Slot::Authored => self.authored_slot = state,
        }
    }

    pub fn notes_loaded(&mut self, notes: String, state: SlotState) {
        self.notes = notes;
        self.notes_slot = state;
    }

    /// The learner's notes changed: the command that stores them (none
    /// when they did not change or the slot is locked).
    pub fn edit_notes(&mut self, text: String, storage_id: &str) -> Option<Command> {
        if self.notes == text {
            return None;
        }
        self.notes = text;
        (self.notes_slot != SlotState::Locked).then(|| Command::Store {
            slot: Slot::Notes,
            key: Slot::Notes.key(storage_id),
            value: self.notes.clone(),
        })
    }

    /// Puts back a baseline saved earlier (nothing is stored).
    pub fn restore_baseline(&mut self, baseline: Baseline) {
        self.baseline = Some(baseline);
    }

    /// Captures (`Some`) or clears the baseline: the command that persists
    /// it, or, where a stored value this build cannot read is kept, the
    /// notice that says so.
    pub fn set_baseline(
        &mut self,
        baseline: Option<Baseline>,
        storage_id: &str,
    ) -> Result<Command, Notice> {
        self.baseline = baseline;
        if self.baseline_slot == SlotState::Locked {
            return Err(Notice::BaselineKept);
        }
        let key = Slot::Baseline.key(storage_id);
        Ok(match &self.baseline {
            Some(b) => Command::Store {
                slot: Slot::Baseline,
                key,
                value: b.to_stored(),
            },
            None => Command::Remove {
                slot: Slot::Baseline,
                key,
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_locked_slot_stays_locked_and_is_never_written() {
        let mut s = Slots::default();
        s.opened(Slot::Notes, SlotState::Locked);
        s.set(Slot::Notes, SlotState::Writable);
        assert_eq!(s.state(Slot::Notes), SlotState::Locked);
        assert_eq!(s.edit_notes("mine".into(), "email"), None);
        assert_eq!(s.notes(), "mine", "the notes change; only storing stops");
        s.set(Slot::Baseline, SlotState::Refused);
        assert_eq!(s.state(Slot::Baseline), SlotState::Refused);
    }

    #[test]
    fn unchanged_notes_store_nothing() {
        let mut s = Slots::default();
        assert!(s.edit_notes("a".into(), "email").is_some());
        assert_eq!(s.edit_notes("a".into(), "email"), None);
    }
}
