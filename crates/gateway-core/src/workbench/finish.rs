//! The seventh stage completed: the plan committed to the ledger, the run
//! logged, a turn's call recorded and the goals the run reached; and the
//! goals that Restart inspection and Reset synthetic ledger reach.

use super::{Changed, Workbench};
use crate::command::Slot;
use crate::goals::{Event, FinishedRun, Happened, State};
use crate::ledger::{Commit, Finish, Ledger};
use crate::mode::CallOutcome;
use crate::playback::Step;
use crate::runlog::{LoggedClaim, RunEffect, RunRecord, TurnNote};
use crate::vocab::Gate;

impl Workbench {
    /// `playing`: whether time was running when the step happened, so a
    /// turn's next call plays on when the learner moves to it.
    pub(super) fn after(&mut self, step: Step, playing: bool) {
        if self.run.stepped(step, playing) {
            self.finish(playing);
        }
    }

    /// The seventh stage completed: commit the plan and log the run.
    fn finish(&mut self, playing: bool) {
        let commit = self.run.plan.commit();
        let effect = match &commit {
            Commit::Rejected(_) => RunEffect::Rejected,
            Commit::Ran(Finish::Read) => RunEffect::None,
            Commit::Ran(Finish::Effect { .. }) => RunEffect::Committed,
            Commit::Ran(Finish::Replay { .. }) => RunEffect::Replayed,
        };
        let change = Changed::before(&commit, &self.ledger);
        // The ledger before the commit, kept only for a goal that asks.
        let before = (self.experiment.goals.iter())
            .any(|g| g.when.before.is_some())
            .then(|| self.ledger.clone());
        self.ledger.commit(commit);
        self.changed = change.and_then(|what| Changed::placed(what, &self.ledger));
        let (tool, args) = self.request();
        let (tool, args) = (tool.to_string(), args.to_string());
        // The call's place in a turn, taken before the turn moves on.
        let place = self
            .turn()
            .map(|t| (t.current() + 1, t.decision().dispatched().len()));
        let turn_ended = self.record_turn_outcome(playing);
        let turn = place.map(|(call, of)| TurnNote {
            call,
            of,
            claims: self.logged_claims(),
        });
        self.log.push(RunRecord {
            seq: 0,
            at_ms: self.now_ms,
            experiment: self.experiment.id.clone(),
            tool: tool.clone(),
            role: self.policy.role,
            hook: self.policy.hook,
            key: self.policy.key.clone(),
            args,
            outcomes: Gate::ALL.map(|g| self.run.plan.row(g).verdict),
            effect,
            output: self.run.plan.returned_text(),
            turn,
        });
        let run = FinishedRun {
            tool: &tool,
            role: self.policy.role,
            hook: self.policy.hook,
            plan: &self.run.plan,
            turn: self.turn().filter(|_| turn_ended),
        };
        let after = State {
            ledger: &self.ledger,
            reuse: self.policy.reuse,
        };
        let happened = Happened {
            event: Event::Run,
            run: Some(&run),
            before: State {
                ledger: before.as_ref().unwrap_or(&self.ledger),
                reuse: self.policy.reuse,
            },
            after,
        };
        let reached = self.progress.reached_by(&self.experiment, &happened);
        self.reach(reached);
        // A turn's call stays on show, its effect marked in the ledger and
        // its output returned, until the learner moves on (Next call).
    }

    /// The claims of a finished turn and their verdicts, as the log keeps
    /// them (none while the turn goes on).
    fn logged_claims(&self) -> Vec<LoggedClaim> {
        let Some(turn) = self.turn().filter(|t| t.is_complete()) else {
            return Vec::new();
        };
        turn.claims()
            .into_iter()
            .map(|(claim, backed)| LoggedClaim {
                quote: claim.sentence,
                tool: claim.tool.into(),
                backed,
            })
            .collect()
    }

    /// Records the finished run as the current call's outcome (`playing`:
    /// whether the next call plays on); returns whether this was the turn's
    /// last dispatched call.
    fn record_turn_outcome(&mut self, playing: bool) -> bool {
        let outcome = match self.run.plan.commit() {
            Commit::Rejected(gate) => {
                CallOutcome::Rejected(gate, self.run.plan.row(gate).reason.clone())
            }
            Commit::Ran(Finish::Read) => CallOutcome::Read,
            Commit::Ran(Finish::Effect { effect, .. }) => CallOutcome::Committed(effect),
            Commit::Ran(Finish::Replay { .. }) => CallOutcome::Replayed,
        };
        let approved = matches!(
            self.run.plan.row(Gate::Approval).reason,
            crate::reason::Reason::Approved
        );
        let Some(turn) = self.editor.turn_mut() else {
            return false;
        };
        turn.record(outcome, approved, playing) && turn.is_complete()
    }

    /// Records the goals' flags, telling a framing course page of each
    /// newly reached goal.
    fn reach(&mut self, reached: Vec<bool>) {
        let commands = self.progress.reach(
            reached,
            &self.experiment,
            self.embedding.framed,
            self.slots.state(Slot::Progress),
        );
        self.commands.extend(commands);
    }

    /// A goal waiting for Restart inspection or Reset synthetic ledger:
    /// `before` is the ledger and reuse just before the event.
    pub(super) fn reach_on(&mut self, event: Event, before: &Ledger, reuse_before: bool) {
        let happened = Happened {
            event,
            run: None,
            before: State {
                ledger: before,
                reuse: reuse_before,
            },
            after: State {
                ledger: &self.ledger,
                reuse: self.policy.reuse,
            },
        };
        let reached = self.progress.reached_by(&self.experiment, &happened);
        self.reach(reached);
    }
}
