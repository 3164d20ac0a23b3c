//! Why a message would mean nothing in the workbench's current state:
//! the freeze of a turn's finished call, and every other no-op, in one place.

use super::{Ignored, Msg, Workbench};
use crate::mode::Turn;
use crate::policy::Hook;

impl Workbench {
    /// Why `msg` would mean nothing now, if it would. The freeze of a
    /// turn's finished call lives here, in one place.
    pub fn ignores(&self, msg: &Msg) -> Option<Ignored> {
        let frozen = self.turn_call_finished();
        let in_turn = self.turn().is_some();
        let why = match msg {
            Msg::SelectTool(_)
            | Msg::ChooseTool(_)
            | Msg::SetToolName(_)
            | Msg::LoadExample(_)
            | Msg::EditArgs(_)
                if in_turn =>
            {
                Ignored::TurnHoldsRequest
            }
            Msg::SelectTool(id) if self.registry.get(id.id()).is_none() => Ignored::NotInRegistry,
            Msg::ChooseTool(name) if self.registry.get(name).is_none() => Ignored::NotInRegistry,
            Msg::LoadExample(_) if self.registry.get(self.request().0).is_none() => {
                Ignored::NoExamples
            }
            Msg::UndoReplace if in_turn => Ignored::TurnHoldsRequest,
            Msg::UndoReplace if self.editor.replaced().is_none() => Ignored::NothingToUndo,
            Msg::SetRole(_)
            | Msg::SetHook(_)
            | Msg::SetKey(_)
            | Msg::SetReuse(_)
            | Msg::Approve
            | Msg::Revoke
            | Msg::Play
            | Msg::Restart
                if frozen =>
            {
                Ignored::CallFinished
            }
            Msg::SetHook(Hook::RedactOutput) if !self.redact_applies() => Ignored::NothingToRedact,
            Msg::SetHook(Hook::BlockMutations) if !self.block_applies() => Ignored::NothingToBlock,
            Msg::SetReuse(false) if !self.reuse_toggle_enabled() => Ignored::NoReceiptYet,
            Msg::Approve if self.run.plan.call().is_none() => Ignored::NoCallToApprove,
            Msg::Approve if !self.approval_applies() => Ignored::ApprovalNotNeeded,
            Msg::Revoke if self.approval().is_none() => Ignored::NotApproved,
            Msg::NextGate | Msg::FinishRun if self.run.clock.is_finished() => Ignored::RunFinished,
            Msg::Pause if !self.run.clock.is_playing() => Ignored::NotPlaying,
            Msg::EndTurn if !in_turn => Ignored::NoTurn,
            Msg::NextCall if !in_turn => Ignored::NoTurn,
            Msg::NextCall if !self.turn().is_some_and(Turn::next_call_waits) => Ignored::NoNextCall,
            Msg::Reject if !self.run.pending() => Ignored::NothingPending,
            Msg::NextGate | Msg::FinishRun | Msg::Play if self.run.pending() => {
                Ignored::AwaitingDecision
            }
            Msg::ClearBaseline if self.baseline().is_none() => Ignored::NoBaseline,
            Msg::DismissSolved if !self.progress.banner() => Ignored::NoSolvedBanner,
            Msg::Resized { .. } if !self.embedding.framed => Ignored::NotFramed,
            Msg::Escape if !self.embedding.is_filling() => Ignored::NotFillingFrame,
            Msg::DeclarationsOpened
                if !(self.exports)
                    .wanted(self.locale, crate::text::exports_installed(self.locale)) =>
            {
                Ignored::ExportsNotNeeded
            }
            Msg::SetLocale { locale, .. }
                if *locale == self.locale && self.locale_wanted.is_none() =>
            {
                Ignored::SameLocale
            }
            _ => return None,
        };
        Some(why)
    }
}
