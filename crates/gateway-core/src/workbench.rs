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
use crate::gates::{plan, Approval, Inputs, Plan};
use crate::ledger::{Commit, Ledger};
use crate::playback::{Clock, Speed, Step};
use crate::policy::{Hook, Role};
use crate::runlog::{RunEffect, RunLog, RunRecord};
use crate::tools::{ExampleKind, Registry, ToolId};

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
        }
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
                self.after(step);
            }
            Msg::NextGate => {
                // Settle the time already played first: the press completes
                // the gate under inspection as of now, not as of the last tick.
                let step = match self.clock.tick(now_ms) {
                    Step::Finished => Step::Finished,
                    Step::Running => self.clock.next_gate(),
                };
                self.after(step);
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
                self.after(step);
            }
            Msg::Tick => {
                let step = self.clock.tick(now_ms);
                self.after(step);
            }
            Msg::CaptureBaseline => {
                self.baseline = Some(Baseline::capture(self, &self.plan));
            }
            Msg::ClearBaseline => self.baseline = None,
            Msg::Hidden => {
                if self.clock.is_playing() {
                    let step = self.clock.pause(now_ms);
                    self.notice = Some("Paused because the page was hidden.".into());
                    self.after(step);
                }
            }
        }
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

    fn after(&mut self, step: Step) {
        if step == Step::Finished {
            self.finish();
        }
    }

    /// The seventh stage completed: commit the plan and log the run.
    fn finish(&mut self) {
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
    }
}
