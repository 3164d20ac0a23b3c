//! What the view, the shell and the tests read of the workbench: its parts'
//! state, and which controls apply to the request as it stands.

use std::rc::Rc;

use super::{Changed, Delivery, Msg, Policy, Workbench};
use crate::baseline::Baseline;
use crate::command::{Command, Slot, SlotState};
use crate::experiments::{Experiment, StartArgs};
use crate::fixtures::Fixtures;
use crate::gates::{Approval, Inputs, Plan};
use crate::ledger::Ledger;
use crate::mode::{Mode, Turn};
use crate::notice::Notice;
use crate::playback::Clock;
use crate::runlog::RunLog;
use crate::text::Locale;
use crate::tools::{ExampleKind, Registry};
use crate::turn::DecisionError;

impl Workbench {
    pub(crate) fn changed(&self) -> Option<&Changed> {
        self.changed.as_ref()
    }

    pub fn experiment(&self) -> &Rc<Experiment> {
        &self.experiment
    }

    pub fn locale(&self) -> Locale {
        self.locale
    }

    /// Everything the next run depends on besides the ledger.
    pub fn inputs(&self) -> Inputs {
        self.run.inputs(self.editor.request(), &self.policy)
    }

    pub fn mode(&self) -> &Mode {
        self.editor.mode()
    }

    pub fn ledger(&self) -> &Ledger {
        &self.ledger
    }

    /// The language of the ledger's fixture data, which examples, the
    /// experiment's starting text and its decision are loaded in: the
    /// page's when it loaded or the ledger was last reset.
    pub fn fixtures(&self) -> Fixtures {
        self.ledger.fixture_language()
    }

    pub fn plan(&self) -> &Plan {
        &self.run.plan
    }

    pub fn clock(&self) -> &Clock {
        &self.run.clock
    }

    pub fn log(&self) -> &RunLog {
        &self.log
    }

    pub fn baseline(&self) -> Option<&Baseline> {
        self.slots.baseline()
    }

    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    pub fn notices(&self) -> &[Notice] {
        &self.notices
    }

    pub fn notes(&self) -> &str {
        self.slots.notes()
    }

    pub fn slot_state(&self, slot: Slot) -> SlotState {
        self.slots.state(slot)
    }

    pub fn delivery(&self) -> Delivery {
        self.deliveries.status
    }

    pub(crate) fn share_link(&self) -> Option<&str> {
        self.deliveries.share_link.as_deref()
    }

    pub(crate) fn notes_export(&self) -> Option<&str> {
        self.deliveries.notes_export.as_deref()
    }

    pub(crate) fn decision_text(&self) -> &str {
        self.decision.text()
    }

    pub(crate) fn decision_error(&self) -> Option<&DecisionError> {
        self.decision.error()
    }

    pub(crate) fn policy(&self) -> &Policy {
        &self.policy
    }

    pub(crate) fn approval(&self) -> Option<&Approval> {
        self.run.approval.given()
    }

    pub(crate) fn now_ms(&self) -> u64 {
        self.now_ms
    }

    /// The next command for the shell to perform, oldest first.
    pub fn poll_command(&mut self) -> Option<Command> {
        self.commands.pop_front()
    }

    /// When the shell should next send [`Msg::Tick`], if time matters now.
    pub fn next_deadline_ms(&self) -> Option<u64> {
        self.run.clock.next_deadline_ms()
    }

    /// Whether the current call is a valid mutation that approval applies to.
    pub fn approval_applies(&self) -> bool {
        self.run
            .plan
            .call()
            .is_some_and(|c| c.risk.needs_approval())
    }

    /// Whether receipt reuse may be turned off (after a successful mutation).
    pub fn reuse_toggle_enabled(&self) -> bool {
        !self.ledger.receipts().is_empty()
    }

    /// The agent turn, if one is under inspection or finished.
    pub fn turn(&self) -> Option<&Turn> {
        self.editor.turn()
    }

    /// Whether a finished turn holds the request: nothing runs until the
    /// learner ends it or starts it again.
    pub fn turn_finished(&self) -> bool {
        self.turn().is_some_and(Turn::is_complete)
    }

    /// Whether a turn's finished call is on show: the request, the policy
    /// inputs and the run are frozen until the learner moves on (Next
    /// call), ends the turn or starts it again.
    pub fn turn_call_finished(&self) -> bool {
        self.turn().is_some_and(Turn::call_finished)
    }

    /// Which of the experiment's goals have been reached, in order.
    pub fn goals_reached(&self) -> &[bool] {
        self.progress.reached()
    }

    /// Whether the current tool has anything for the redact hook to hide.
    /// Whether the tool can mutate, so that Block mutations has something
    /// to block (search and calculator only read).
    pub fn block_applies(&self) -> bool {
        self.registry
            .get(self.request().0)
            .is_some_and(|t| t.declaration().risks.iter().any(|r| r.is_mutation()))
    }

    /// Whether the operation key means anything for the call as it stands:
    /// not for a read (nothing to keep a receipt of); for a request that is
    /// not a call yet, it stays editable.
    pub fn key_applies(&self) -> bool {
        self.run.plan.call().is_none_or(|c| c.risk.is_mutation())
    }

    pub fn redact_applies(&self) -> bool {
        self.registry
            .get(self.request().0)
            .is_some_and(|t| !t.declaration().redacts.is_empty())
    }

    /// The tool name and argument text of the request.
    pub fn request(&self) -> (&str, &str) {
        self.editor.request()
    }

    /// The message a key pressed outside a text field means (the page lists
    /// them): `n` Next gate, `p` Play run or Pause, `r` Restart inspection,
    /// `f` Finish run.
    pub fn shortcut(&self, key: &str) -> Option<Msg> {
        Some(match key {
            "n" | "N" if self.turn().is_some_and(Turn::next_call_waits) => Msg::NextCall,
            "n" | "N" => Msg::NextGate,
            "p" | "P" if self.run.clock.is_playing() => Msg::Pause,
            "p" | "P" => Msg::Play,
            "r" | "R" => Msg::Restart,
            "f" | "F" => Msg::FinishRun,
            _ => return None,
        })
    }

    /// Whether the editor holds exactly what the experiment starts with
    /// (its own text, not an example), unedited.
    pub(crate) fn at_start_request(&self) -> bool {
        let e = &self.experiment;
        matches!(&e.args, StartArgs::Text(text) if self.request() == (e.tool.as_str(), text.get(self.fixtures()).as_str()))
    }

    pub(crate) fn example(&self) -> Option<ExampleKind> {
        self.editor.example()
    }

    /// Why the last download of the declarations' exports in the page's
    /// language failed, if it did (the panel says so).
    pub fn exports_failure(&self) -> Option<&crate::text::CatalogueFailure> {
        self.exports.failure(self.locale)
    }
}
