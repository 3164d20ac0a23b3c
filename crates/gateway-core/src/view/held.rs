//! What an agent turn holds, said beside the controls it disables: the
//! request while a call is inspected; the settings and the run as well
//! while a finished call, or the finished turn, stays on show.

use super::Workbench;
use crate::text::Text;

/// Why the controls a turn holds are disabled, and the way out beside
/// them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeldView {
    /// One sentence: what the turn holds, and what gives it back.
    pub reason: String,
    /// `End turn`.
    pub end_turn: String,
}

impl Workbench {
    /// `None` while the learner's editor holds the request.
    pub(super) fn held_view(&self) -> Option<HeldView> {
        let turn = self.turn()?;
        let call = (turn.current() + 1).into();
        let total = turn.decision().dispatched().len().into();
        let reason = if turn.is_complete() {
            Text::TurnHeldFinished
        } else if turn.call_finished() {
            Text::TurnHeldCallFinished { call, total }
        } else {
            Text::TurnHeldRunning { call, total }
        };
        Some(HeldView {
            reason: self.t(reason),
            end_turn: self.t(Text::EndTurn),
        })
    }
}
