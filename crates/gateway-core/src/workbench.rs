//! The workbench state machine: one message in, the state updated.
//!
//! Every input a learner can change and every playback control is a
//! [`Msg`]; [`Workbench::update`] applies it with the shell's clock reading.
//! The plan of the run under inspection is computed when the run starts and
//! committed to the ledger only when the seventh stage completes. Any
//! change of input resets inspection to gate 1, paused, so an old plan
//! never finishes against new inputs.

use crate::baseline::Baseline;
use crate::experiments::{ExperimentId, StartArgs};
use crate::gates::Gate;
use crate::gates::{plan, Approval, Inputs, Plan};
use crate::goals::{FinishedRun, TurnEnd};
use crate::ledger::{Commit, Ledger};
use crate::playback::{Clock, Speed, Step};
use crate::policy::{Hook, Role};
use crate::runlog::{RunEffect, RunLog, RunRecord};
use crate::share::Setup;
use crate::tools::{ExampleKind, Registry, ToolId};
use crate::turn::{self, claims, Claim, Decision};

/// Everything the page can ask of the core.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Msg {
    /// Chooses a fixture tool and loads its valid example.
    SelectTool(ToolId),
    /// Names the tool freely (e.g. `shell.exec`), keeping the arguments.
    SetToolName(String),
    /// Replaces the editor with one of the current tool's examples.
    LoadExample(ExampleKind),
    EditArgs(String),
    SetRole(Role),
    SetHook(Hook),
    SetKey(String),
    SetReuse(bool),
    Approve,
    Revoke,
    Play,
    Pause,
    NextGate,
    Restart,
    ResetLedger,
    SetSpeed(Speed),
    /// Time passes (the shell's animation frame or timer).
    Tick,
    /// The page was hidden: playback pauses.
    Hidden,
    /// Saves the current inputs and their result (replacing any baseline).
    CaptureBaseline,
    ClearBaseline,
    /// Puts back a baseline saved earlier (e.g. from this browser's storage).
    RestoreBaseline(Baseline),
    /// Applies a shared link's setup: never a ledger, never an approval.
    RestoreSetup(Setup),
    /// Shows a message about something outside the core (e.g. storage).
    Notice(String),
    /// Replaces the model decision text (ends a turn under inspection).
    EditDecision(String),
    /// Parses the decision and inspects its calls one after another.
    StartTurn,
    /// Leaves agent-turn mode, keeping the last call's request.
    EndTurn,
}

/// What one dispatched call of a turn did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CallOutcome {
    Read,
    Committed,
    Replayed,
    /// Rejected at this gate, for this reason.
    Rejected(Gate, String),
}

/// An agent turn under inspection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnState {
    pub decision: Decision,
    /// The dispatched call under inspection (0-based).
    pub current: usize,
    /// The outcome of each dispatched call finished so far.
    pub outcomes: Vec<CallOutcome>,
}

impl TurnState {
    pub fn is_complete(&self) -> bool {
        self.outcomes.len() == self.decision.dispatched().len()
    }

    /// Claims of the final text, each with whether an effect stands behind
    /// it: a committed effect or a replayed receipt of its tool in this turn.
    pub fn claims(&self) -> Vec<(Claim, bool)> {
        let Some(text) = &self.decision.text else {
            return Vec::new();
        };
        claims(text)
            .into_iter()
            .map(|claim| {
                let backed =
                    self.decision
                        .dispatched()
                        .iter()
                        .zip(&self.outcomes)
                        .any(|(call, outcome)| {
                            call.name == claim.tool
                                && matches!(outcome, CallOutcome::Committed | CallOutcome::Replayed)
                        });
                (claim, backed)
            })
            .collect()
    }
}

#[derive(Debug, Clone)]
pub struct Workbench {
    pub(crate) registry: Registry,
    pub(crate) experiment: ExperimentId,
    pub(crate) inputs: Inputs,
    /// The example the editor last loaded, until the learner edits it.
    pub(crate) example: Option<ExampleKind>,
    pub(crate) ledger: Ledger,
    pub(crate) clock: Clock,
    /// The plan of the run under inspection (or just finished).
    pub(crate) plan: Plan,
    pub(crate) log: RunLog,
    /// A message about something the learner did not do themselves.
    pub(crate) notice: Option<String>,
    /// The shell's clock at the last message.
    pub(crate) now_ms: u64,
    pub(crate) baseline: Option<Baseline>,
    /// The model decision text, kept whatever happens to the turn.
    pub(crate) decision_text: String,
    pub(crate) decision_error: Option<String>,
    pub(crate) turn: Option<TurnState>,
    /// One flag per goal of the experiment, in its order; never unset.
    pub(crate) goals_reached: Vec<bool>,
}

impl Workbench {
    /// A page opened on `experiment`, with the six fixture tools.
    pub fn new(experiment: ExperimentId) -> Self {
        Self::with_registry(experiment, Registry::fixtures())
    }

    pub fn with_registry(experiment: ExperimentId, registry: Registry) -> Self {
        let e = experiment.experiment();
        let decl = e.tool.tool().declaration();
        let (args, example) = match e.args {
            StartArgs::Example(kind) => (kind.text(&decl.examples).to_string(), Some(kind)),
            StartArgs::Text(text) => (text.to_string(), None),
        };
        let inputs = Inputs {
            tool: decl.name.into(),
            args,
            role: e.role,
            hook: e.hook,
            key: "intent-1".into(),
            reuse: true,
            approval: None,
        };
        let ledger = Ledger::fixtures();
        let plan = plan(&registry, &inputs, &ledger);
        Self {
            registry,
            experiment,
            inputs,
            example,
            ledger,
            clock: Clock::default(),
            plan,
            log: RunLog::default(),
            notice: None,
            now_ms: 0,
            baseline: None,
            goals_reached: vec![false; e.goals.len()],
            decision_text: e.decision.to_string(),
            decision_error: None,
            turn: None,
        }
    }

    pub fn experiment(&self) -> ExperimentId {
        self.experiment
    }

    pub fn inputs(&self) -> &Inputs {
        &self.inputs
    }

    pub fn ledger(&self) -> &Ledger {
        &self.ledger
    }

    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    pub fn log(&self) -> &RunLog {
        &self.log
    }

    pub fn baseline(&self) -> Option<&Baseline> {
        self.baseline.as_ref()
    }

    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    /// When the shell should next send [`Msg::Tick`], if time matters now.
    pub fn next_deadline_ms(&self) -> Option<u64> {
        self.clock.next_deadline_ms()
    }

    /// Whether the current call is a valid mutation that approval applies to.
    pub fn approval_applies(&self) -> bool {
        self.plan
            .call
            .as_ref()
            .is_some_and(|c| c.risk.needs_approval())
    }

    /// Whether receipt reuse may be turned off (after a successful mutation).
    pub fn reuse_toggle_enabled(&self) -> bool {
        !self.ledger.receipts.is_empty()
    }

    pub fn update(&mut self, now_ms: u64, msg: Msg) {
        self.now_ms = now_ms;
        // During a turn the request comes from the decision: the controls
        // that would change it are disabled, and their messages ignored.
        let edits_request = matches!(
            msg,
            Msg::SelectTool(_) | Msg::SetToolName(_) | Msg::LoadExample(_) | Msg::EditArgs(_)
        );
        if edits_request && self.turn.is_some() {
            return;
        }
        match msg {
            Msg::SelectTool(id) => {
                let decl = id.tool().declaration();
                let args = decl.examples.valid.to_string();
                if self.inputs.tool != decl.name || self.inputs.args != args {
                    self.inputs.tool = decl.name.into();
                    self.inputs.args = args;
                    self.example = Some(ExampleKind::Valid);
                    self.tool_changed();
                }
            }
            Msg::SetToolName(name) => {
                if self.inputs.tool != name {
                    self.inputs.tool = name;
                    self.tool_changed();
                }
            }
            Msg::LoadExample(kind) => {
                // An unknown tool name has no examples; the control is disabled.
                if let Some(tool) = self.registry.get(&self.inputs.tool) {
                    self.inputs.args = kind.text(&tool.declaration().examples).into();
                    self.example = Some(kind);
                    self.inputs_changed();
                }
            }
            Msg::EditArgs(text) => {
                if self.inputs.args != text {
                    self.inputs.args = text;
                    self.example = None;
                    self.inputs_changed();
                }
            }
            Msg::SetRole(role) => {
                if self.inputs.role != role {
                    self.inputs.role = role;
                    self.inputs_changed();
                }
            }
            Msg::SetHook(hook) => {
                if self.inputs.hook != hook && (hook != Hook::RedactOutput || self.redact_applies())
                {
                    self.inputs.hook = hook;
                    self.inputs_changed();
                }
            }
            Msg::SetKey(key) => {
                if self.inputs.key != key {
                    self.inputs.key = key;
                    self.inputs_changed();
                }
            }
            Msg::SetReuse(reuse) => {
                if self.inputs.reuse != reuse && (reuse || self.reuse_toggle_enabled()) {
                    self.inputs.reuse = reuse;
                    self.inputs_changed();
                }
            }
            Msg::Approve => {
                if let (true, Some(call)) = (self.approval_applies(), &self.plan.call) {
                    let approval = Approval {
                        tool: call.tool.clone(),
                        payload: call.payload.clone(),
                    };
                    if self.inputs.approval.as_ref() != Some(&approval) {
                        self.inputs.approval = Some(approval);
                        self.start_over();
                    }
                }
            }
            Msg::Revoke => {
                if self.inputs.approval.take().is_some() {
                    self.start_over();
                }
            }
            Msg::Play => {
                if self.clock.is_finished() {
                    self.replan();
                }
                self.notice = None;
                self.clock.play(now_ms);
            }
            Msg::Pause => {
                let step = self.clock.pause(now_ms);
                self.after(step, false);
            }
            Msg::NextGate => {
                // Settle the time already played first: the press completes
                // the gate under inspection as of now, not as of the last tick.
                let step = match self.clock.tick(now_ms) {
                    Step::Finished => Step::Finished,
                    Step::Running => self.clock.next_gate(),
                };
                self.after(step, false);
            }
            Msg::Restart => self.start_over(),
            Msg::ResetLedger => {
                self.ledger.reset();
                self.inputs.approval = None;
                self.inputs.reuse = true;
                self.start_over();
            }
            Msg::SetSpeed(speed) => {
                let step = self.clock.set_speed(speed, now_ms);
                self.after(step, true);
            }
            Msg::Tick => {
                let step = self.clock.tick(now_ms);
                self.after(step, true);
            }
            Msg::CaptureBaseline => {
                self.baseline = Some(Baseline::capture(self, &self.plan));
            }
            Msg::ClearBaseline => self.baseline = None,
            Msg::RestoreBaseline(baseline) => self.baseline = Some(baseline),
            Msg::RestoreSetup(setup) => self.restore(setup),
            Msg::Notice(text) => self.notice = Some(text),
            Msg::EditDecision(text) => {
                if self.decision_text != text {
                    self.decision_text = text;
                    self.decision_error = None;
                    self.turn = None;
                }
            }
            Msg::StartTurn => match turn::parse(&self.decision_text) {
                Ok(decision) => {
                    self.decision_error = None;
                    self.turn = Some(TurnState {
                        decision,
                        current: 0,
                        outcomes: Vec::new(),
                    });
                    self.load_call(false);
                }
                Err(e) => {
                    self.turn = None;
                    self.decision_error = Some(e.to_string());
                }
            },
            Msg::EndTurn => self.turn = None,
            Msg::Hidden => {
                if self.clock.is_playing() {
                    let step = self.clock.pause(now_ms);
                    self.notice = Some("Paused because the page was hidden.".into());
                    self.after(step, false);
                }
            }
        }
    }

    pub fn turn(&self) -> Option<&TurnState> {
        self.turn.as_ref()
    }

    /// Puts the turn's current call into the request; keeps playing if asked.
    fn load_call(&mut self, keep_playing: bool) {
        let Some(call) = self
            .turn
            .as_ref()
            .and_then(|t| t.decision.dispatched().get(t.current))
            .cloned()
        else {
            return;
        };
        self.inputs.tool = call.name;
        self.inputs.args = call.args;
        self.example = None;
        self.tool_changed();
        if keep_playing {
            self.clock.play(self.now_ms);
        }
    }

    /// Which of the experiment's goals have been reached, in order.
    pub fn goals_reached(&self) -> &[bool] {
        &self.goals_reached
    }

    /// A shared setup replaces the inputs and the speed; the ledger, the
    /// receipts and any approval stay as they are here (none is shared).
    fn restore(&mut self, setup: Setup) {
        self.inputs.tool = setup.tool;
        self.inputs.args = setup.args;
        self.inputs.role = setup.role;
        self.inputs.hook = setup.hook;
        self.inputs.key = setup.key;
        self.clock.speed = setup.speed;
        self.example = None;
        self.notice = Some(
            "Opened a shared setup. Approvals are never shared: review the request and approve it yourself."
                .into(),
        );
        self.tool_changed();
    }

    /// Whether the current tool has anything for the redact hook to hide.
    pub fn redact_applies(&self) -> bool {
        self.registry
            .get(&self.inputs.tool)
            .is_some_and(|t| !t.declaration().redacts.is_empty())
    }

    /// The tool changed: a redact hook with nothing to hide falls back to none.
    fn tool_changed(&mut self) {
        if self.inputs.hook == Hook::RedactOutput && !self.redact_applies() {
            self.inputs.hook = Hook::None;
        }
        self.inputs_changed();
    }

    /// An input changed: approval no longer applies, inspection starts over.
    fn inputs_changed(&mut self) {
        self.inputs.approval = None;
        self.start_over();
    }

    /// Gate 1, paused, with a fresh plan of the current inputs and ledger.
    fn start_over(&mut self) {
        self.clock.restart();
        self.replan();
    }

    fn replan(&mut self) {
        self.plan = plan(&self.registry, &self.inputs, &self.ledger);
    }

    /// `playing`: whether time was running when the step happened, so a
    /// turn's next call goes on playing.
    fn after(&mut self, step: Step, playing: bool) {
        if step == Step::Finished {
            self.finish(playing);
        }
    }

    /// The seventh stage completed: commit the plan and log the run.
    fn finish(&mut self, playing: bool) {
        let effect = match &self.plan.commit {
            Commit::Rejected(_) => RunEffect::Rejected,
            Commit::Read => RunEffect::None,
            Commit::Effect { .. } => RunEffect::Committed,
            Commit::Replay => RunEffect::Replayed,
        };
        self.ledger.commit(self.plan.commit.clone());
        let mut outcomes = [crate::gates::Verdict::Skipped; 7];
        for (slot, row) in outcomes.iter_mut().zip(&self.plan.rows) {
            *slot = row.verdict;
        }
        self.log.push(RunRecord {
            seq: 0,
            at_ms: self.now_ms,
            experiment: self.experiment.id(),
            tool: self.inputs.tool.clone(),
            role: self.inputs.role,
            hook: self.inputs.hook,
            key: self.inputs.key.clone(),
            outcomes,
            effect,
            output: self.plan.returned_text(),
        });
        let turn_end = self.record_turn_outcome();
        let goals = self.experiment.experiment().goals;
        let run = FinishedRun {
            tool: &self.inputs.tool,
            role: self.inputs.role,
            hook: self.inputs.hook,
            plan: &self.plan,
            ledger: &self.ledger,
            turn_end,
        };
        for (reached, goal) in self.goals_reached.iter_mut().zip(goals) {
            *reached = *reached || goal.reached_by(&run);
        }
        if self.turn.as_ref().is_some_and(|t| !t.is_complete()) {
            // The turn goes on with its next call, on the same timeline.
            self.load_call(playing);
        }
    }

    /// Records the finished run as the current call's outcome; returns how
    /// the turn ended if this was its last dispatched call.
    fn record_turn_outcome(&mut self) -> Option<TurnEnd> {
        let outcome = match &self.plan.commit {
            Commit::Rejected(gate) => CallOutcome::Rejected(
                *gate,
                self.plan
                    .rows
                    .get(gate.index())
                    .map(|r| r.reason.clone())
                    .unwrap_or_default(),
            ),
            Commit::Read => CallOutcome::Read,
            Commit::Effect { .. } => CallOutcome::Committed,
            Commit::Replay => CallOutcome::Replayed,
        };
        let turn = self.turn.as_mut()?;
        turn.outcomes.push(outcome);
        if turn.is_complete() {
            let unbacked_claims = turn.claims().iter().filter(|(_, backed)| !backed).count();
            return Some(TurnEnd {
                refused: turn.decision.refused(),
                unbacked_claims,
            });
        }
        turn.current += 1;
        None
    }
}
