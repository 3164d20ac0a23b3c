//! The view model: plain data that says everything every panel shows.
//!
//! [`Workbench::view`] is the only thing the page draws from. It holds no
//! DOM types and the page adds no policy: which controls are enabled, what
//! each gate row says and what the caption reads are all decided here.

use crate::baseline::Baseline;
use crate::gates::{request_text, Gate, GateResult, Verdict};
use crate::json::{pretty, utf16_len, MAX_ARGUMENT_UNITS};
use crate::ledger::{Commit, FILE_NAMES};
use crate::playback::Speed;
use crate::policy::{Hook, Risk, Role};
use crate::runlog::RunRecord;
use crate::tools::{ExampleKind, ToolId};
use crate::turn::MAX_CALLS;
use crate::workbench::{CallOutcome, Workbench};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageModel {
    pub experiment: ExperimentView,
    pub tools: Vec<Choice>,
    /// The tool name exactly as the request carries it.
    pub tool_name: String,
    pub examples: Vec<Choice>,
    pub args: String,
    /// e.g. `96 / 4096 characters`.
    pub args_count: String,
    pub args_over_cap: bool,
    pub roles: Vec<Choice>,
    pub hooks: Vec<Choice>,
    pub key: String,
    pub reuse: Toggle,
    pub approval: ApprovalView,
    /// Always seven, in gate order.
    pub gates: Vec<GateRow>,
    pub caption: String,
    pub playback: PlaybackView,
    pub preview: PreviewView,
    pub request: String,
    /// Literal returned output, present only after the final stage.
    pub output: Option<String>,
    /// What the output panel says when there is no output.
    pub output_note: String,
    pub ledger: Vec<LedgerSection>,
    pub ledger_json: String,
    pub runs: Vec<RunRecord>,
    pub notice: Option<String>,
    pub baseline: Option<Baseline>,
    /// `Capture baseline` or `Replace baseline`.
    pub capture_label: &'static str,
    /// What the page is and is not, in words.
    pub disclaimer: &'static str,
    /// The policy by risk, one row per risk (SPEC 2.3).
    pub policy: Vec<PolicyRow>,
    /// The Agent turn panel.
    pub turn: TurnView,
    /// Whether the request controls (tool, example, arguments, tool name)
    /// take input: not while an agent turn supplies the request.
    pub request_editable: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnView {
    /// The model decision text.
    pub decision: String,
    /// Why the decision cannot be inspected, naming the item and field.
    pub error: Option<String>,
    pub active: bool,
    /// One sentence on where the turn stands.
    pub summary: String,
    pub calls: Vec<TurnCallView>,
    pub claims: Vec<ClaimView>,
    /// Committed effects and replayed receipts: the completed operations.
    pub completed: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnCallView {
    pub number: usize,
    pub name: String,
    /// `waiting`, `inspecting`, `read`, `committed`, `replayed`, `rejected`, `refused`.
    pub state: &'static str,
    pub detail: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimView {
    pub sentence: String,
    pub tool: &'static str,
    /// Whether a committed effect or replayed receipt of that tool stands behind it.
    pub backed: bool,
}

/// One row of the policy table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PolicyRow {
    pub risk: &'static str,
    pub rule: &'static str,
    /// The registered tools that can make a call of this risk, or `none`.
    pub tools: String,
}

/// The short statement of what is not real.
pub const DISCLAIMER: &str = "This browser-only gateway uses six handcrafted functions, not an agent framework or any real service. No emails, calendar invitations, network requests, real files, database queries or arbitrary code are executed. Email recipients are restricted to example.test; virtual files are two allowlisted map keys; arithmetic uses named operators, never eval. Approval, role rules, hooks and receipts are illustrative application policies, not production security controls. Redaction changes two output fields only and is not a privacy guarantee. The ledger lives in page memory and is lost on reload.";

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExperimentView {
    pub id: &'static str,
    pub title: &'static str,
    pub instructions: &'static str,
    pub goals: Vec<GoalView>,
    /// How many goals are reached, e.g. `2 of 4 goals reached`.
    pub progress: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoalView {
    pub id: &'static str,
    pub text: &'static str,
    pub reached: bool,
}

/// One option of a select or radio group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    pub value: &'static str,
    pub label: &'static str,
    pub selected: bool,
    pub enabled: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Toggle {
    pub checked: bool,
    pub enabled: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApprovalView {
    pub approved: bool,
    pub can_approve: bool,
    pub can_revoke: bool,
    /// One sentence on the approval state.
    pub status: String,
}

/// The status a gate row shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowStatus {
    Pending,
    Done(Verdict),
}

impl RowStatus {
    /// The stable id the page puts in `data-status`.
    pub fn id(self) -> &'static str {
        match self {
            RowStatus::Pending => "pending",
            RowStatus::Done(v) => v.id(),
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            RowStatus::Pending => "pending",
            RowStatus::Done(v) => v.label(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GateRow {
    pub gate: Gate,
    pub number: usize,
    pub status: RowStatus,
    pub reason: String,
    /// Under inspection (`aria-current="step"`).
    pub current: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlaybackView {
    pub playing: bool,
    pub finished: bool,
    /// Gate under inspection, 0-based; `None` after the run finished.
    pub stage: Option<usize>,
    pub progress_permille: u32,
    pub seconds_left: u64,
    /// `Play run` or `Pause`.
    pub play_label: &'static str,
    pub next_enabled: bool,
    pub speeds: Vec<Choice>,
    /// e.g. `8 s per gate, 56 s per run`.
    pub pace: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PreviewView {
    pub rows: Vec<GateRow>,
    pub summary: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LedgerSection {
    pub title: &'static str,
    pub items: Vec<String>,
}

/// `1 claim`, `2 claims`.
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

impl Workbench {
    pub fn view(&self) -> PageModel {
        let inputs = &self.inputs;
        let stage = self.clock.stage();
        let finished = self.clock.is_finished();
        let known_tool = self.registry.get(&inputs.tool).is_some();
        let units = utf16_len(&inputs.args);
        PageModel {
            experiment: {
                let e = self.experiment.experiment();
                let goals: Vec<GoalView> = e
                    .goals
                    .iter()
                    .zip(&self.goals_reached)
                    .map(|(g, reached)| GoalView {
                        id: g.id,
                        text: g.text,
                        reached: *reached,
                    })
                    .collect();
                let done = goals.iter().filter(|g| g.reached).count();
                ExperimentView {
                    id: self.experiment.id(),
                    title: e.title,
                    instructions: e.instructions,
                    progress: format!("{done} of {} goals reached", goals.len()),
                    goals,
                }
            },
            tools: ToolId::ALL
                .iter()
                .map(|t| Choice {
                    value: t.name(),
                    label: t.label(),
                    selected: t.name() == inputs.tool,
                    enabled: true,
                })
                .collect(),
            tool_name: inputs.tool.clone(),
            examples: ExampleKind::ALL
                .iter()
                .map(|k| Choice {
                    value: k.id(),
                    label: k.label(),
                    selected: self.example == Some(*k),
                    enabled: known_tool,
                })
                .collect(),
            args: inputs.args.clone(),
            args_count: format!("{units} / {MAX_ARGUMENT_UNITS} characters"),
            args_over_cap: units > MAX_ARGUMENT_UNITS,
            roles: Role::ALL
                .iter()
                .map(|r| Choice {
                    value: r.id(),
                    label: r.label(),
                    selected: *r == inputs.role,
                    enabled: true,
                })
                .collect(),
            hooks: Hook::ALL
                .iter()
                .map(|h| Choice {
                    value: h.id(),
                    label: h.label(),
                    selected: *h == inputs.hook,
                    enabled: *h != Hook::RedactOutput || self.redact_applies(),
                })
                .collect(),
            key: inputs.key.clone(),
            reuse: Toggle {
                checked: inputs.reuse,
                enabled: self.reuse_toggle_enabled(),
            },
            approval: self.approval_view(),
            gates: self.rows(stage),
            caption: self.caption(stage),
            playback: PlaybackView {
                playing: self.clock.is_playing(),
                finished,
                stage,
                progress_permille: self.clock.progress_permille(self.now_ms),
                seconds_left: self.clock.seconds_left(self.now_ms),
                play_label: if self.clock.is_playing() {
                    "Pause"
                } else {
                    "Play run"
                },
                next_enabled: !finished,
                speeds: Speed::ALL
                    .iter()
                    .map(|s| Choice {
                        value: s.id(),
                        label: s.label(),
                        selected: *s == self.clock.speed,
                        enabled: true,
                    })
                    .collect(),
                pace: format!(
                    "{} s per gate, {} s per run",
                    self.clock.speed.seconds_per_gate(),
                    self.clock.speed.seconds_per_gate() * 7
                ),
            },
            preview: PreviewView {
                rows: self.rows(None),
                summary: self.plan.summary.clone(),
            },
            request: request_text(inputs),
            output: if finished {
                self.plan.returned_text()
            } else {
                None
            },
            output_note: self.output_note(finished),
            ledger: self.ledger_sections(),
            ledger_json: pretty(&self.ledger.to_json()),
            runs: self.log.records().cloned().collect(),
            notice: self.notice.clone(),
            baseline: self.baseline.clone(),
            capture_label: if self.baseline.is_some() {
                "Replace baseline"
            } else {
                "Capture baseline"
            },
            disclaimer: DISCLAIMER,
            policy: self.policy_rows(),
            turn: self.turn_view(),
            request_editable: self.turn.is_none(),
        }
    }

    /// Gate rows; `stage` is the gate under inspection (`None`: all revealed).
    fn rows(&self, stage: Option<usize>) -> Vec<GateRow> {
        self.plan
            .rows
            .iter()
            .enumerate()
            .map(|(i, r): (usize, &GateResult)| {
                let revealed = stage.is_none_or(|s| i < s);
                GateRow {
                    gate: r.gate,
                    number: i + 1,
                    status: if revealed {
                        RowStatus::Done(r.verdict)
                    } else {
                        RowStatus::Pending
                    },
                    reason: if revealed {
                        r.reason.clone()
                    } else if Some(i) == stage {
                        "under inspection".into()
                    } else {
                        "not yet inspected".into()
                    },
                    current: Some(i) == stage,
                }
            })
            .collect()
    }

    fn caption(&self, stage: Option<usize>) -> String {
        let Some(stage) = stage else {
            let result = match &self.plan.commit {
                Commit::Rejected(gate) => {
                    let reason = self
                        .plan
                        .rows
                        .get(gate.index())
                        .map_or("", |r| r.reason.as_str());
                    format!("rejected at the {gate} gate: {reason}. The ledger is unchanged.")
                }
                Commit::Read => "the read returned its output. The ledger is unchanged.".into(),
                Commit::Effect { .. } => {
                    let words = self
                        .plan
                        .rows
                        .get(Gate::Execution.index())
                        .map_or("", |r| r.reason.as_str());
                    format!("effect committed: {words}.")
                }
                Commit::Replay => {
                    "the stored receipt was returned again, with no new effect.".into()
                }
            };
            return format!("Run finished: {result}");
        };
        let state = if self.clock.is_playing() {
            "Playing"
        } else {
            "Paused"
        };
        let gate = Gate::ALL[stage];
        let mut caption = format!("{state} at gate {} of 7, {}.", stage + 1, gate.id());
        if let Some(prev) = stage.checked_sub(1).and_then(|p| self.plan.rows.get(p)) {
            caption.push_str(&format!(
                " Gate {stage}, {}, {}: {}.",
                prev.gate.id(),
                prev.verdict.label(),
                prev.reason
            ));
        } else {
            caption.push_str(" Press Play run or Next gate to inspect.");
        }
        caption
    }

    fn approval_view(&self) -> ApprovalView {
        let approved = self.inputs.approval.is_some();
        let applies = self.approval_applies();
        let status = match (&self.plan.call, approved) {
            (_, true) => "Approved: this exact tool and payload.".to_string(),
            (Some(call), false) if call.risk.needs_approval() => {
                format!(
                    "Not approved. A {} needs approval of this exact payload.",
                    call.risk
                )
            }
            (Some(call), false) if call.risk.is_refused() => {
                format!(
                    "A {} is refused for every role; approval cannot help.",
                    call.risk
                )
            }
            (Some(call), false) => format!("A {} needs no approval.", call.risk),
            (None, false) => "Approval needs a valid request first.".into(),
        };
        ApprovalView {
            approved,
            can_approve: applies && !approved,
            can_revoke: approved,
            status,
        }
    }

    fn output_note(&self, finished: bool) -> String {
        if !finished {
            return "Output appears when inspection finishes the seventh stage.".into();
        }
        match self.plan.rejected_at() {
            Some(gate) => format!("No output: the call was rejected at the {gate} gate."),
            None => "Returned output (literal text).".into(),
        }
    }

    fn turn_view(&self) -> TurnView {
        let Some(turn) = &self.turn else {
            return TurnView {
                decision: self.decision_text.clone(),
                error: self.decision_error.clone(),
                active: false,
                summary: format!(
                    "Paste a model decision and press Start turn: at most {MAX_CALLS} calls are dispatched, each through the seven gates."
                ),
                calls: Vec::new(),
                claims: Vec::new(),
                completed: Vec::new(),
            };
        };
        let dispatched = turn.decision.dispatched().len();
        let calls: Vec<TurnCallView> = turn
            .decision
            .calls
            .iter()
            .enumerate()
            .map(|(i, call)| {
                let (state, detail) = if i >= MAX_CALLS {
                    (
                        "refused",
                        format!("refused before dispatch: at most {MAX_CALLS} calls per turn"),
                    )
                } else if let Some(outcome) = turn.outcomes.get(i) {
                    match outcome {
                        CallOutcome::Read => {
                            ("read", "returned its output; nothing changed".into())
                        }
                        CallOutcome::Committed => ("committed", "effect committed".into()),
                        CallOutcome::Replayed => {
                            ("replayed", "stored receipt returned; no new effect".into())
                        }
                        CallOutcome::Rejected(g, reason) => {
                            ("rejected", format!("rejected at the {g} gate: {reason}"))
                        }
                    }
                } else if i == turn.current {
                    ("inspecting", "under inspection".into())
                } else {
                    ("waiting", "waiting for the calls before it".into())
                };
                TurnCallView {
                    number: i + 1,
                    name: call.name.clone(),
                    state,
                    detail,
                }
            })
            .collect();
        let completed: Vec<String> = calls
            .iter()
            .filter(|c| matches!(c.state, "committed" | "replayed"))
            .map(|c| format!("Call {} ({}): {}", c.number, c.name, c.detail))
            .collect();
        let claims: Vec<ClaimView> = if turn.is_complete() {
            turn.claims()
                .into_iter()
                .map(|(c, backed)| ClaimView {
                    sentence: c.sentence,
                    tool: c.tool,
                    backed,
                })
                .collect()
        } else {
            Vec::new()
        };
        let summary =
            if turn.is_complete() {
                let unbacked = claims.iter().filter(|c| !c.backed).count();
                format!(
                "Turn finished: {}, {} refused before dispatch, {}, {} with no effect behind {}.",
                count(dispatched, "call inspected", "calls inspected"),
                turn.decision.refused(),
                count(completed.len(), "completed operation", "completed operations"),
                count(unbacked, "claim", "claims"),
                if unbacked == 1 { "it" } else { "them" },
            )
            } else {
                format!(
                    "Call {} of {dispatched} is under inspection.",
                    turn.current + 1
                )
            };
        TurnView {
            decision: self.decision_text.clone(),
            error: None,
            active: true,
            summary,
            calls,
            claims,
            completed,
        }
    }

    fn policy_rows(&self) -> Vec<PolicyRow> {
        Risk::ALL
            .iter()
            .map(|risk| {
                let tools: Vec<&str> = self
                    .registry
                    .tools()
                    .iter()
                    .filter(|t| t.declaration().risks.contains(risk))
                    .map(|t| t.declaration().name)
                    .collect();
                PolicyRow {
                    risk: risk.id(),
                    rule: risk.rule(),
                    tools: if tools.is_empty() {
                        "none".into()
                    } else {
                        tools.join(", ")
                    },
                }
            })
            .collect()
    }

    fn ledger_sections(&self) -> Vec<LedgerSection> {
        let l = &self.ledger;
        let c = &l.counters;
        let mut outbox: Vec<String> = l
            .outbox
            .iter()
            .map(|m| format!("{} to {}: {}", m.id, m.to, m.subject))
            .collect();
        if outbox.is_empty() {
            outbox.push("(empty)".into());
        }
        let mut receipts: Vec<String> = l
            .receipts
            .iter()
            .map(|(key, r)| format!("{key}: {} {}", r.tool, r.payload))
            .collect();
        if receipts.is_empty() {
            receipts.push("(none)".into());
        }
        vec![
            LedgerSection {
                title: "Outbox",
                items: outbox,
            },
            LedgerSection {
                title: "Schedule",
                items: l
                    .schedule
                    .iter()
                    .map(|e| format!("{}–{} {} ({})", e.start, e.end, e.title, e.id))
                    .collect(),
            },
            LedgerSection {
                title: "Files",
                items: FILE_NAMES
                    .iter()
                    .zip(&l.files)
                    .map(|(name, content)| format!("{name}: {content}"))
                    .collect(),
            },
            LedgerSection {
                title: "Database",
                items: vec![
                    format!("seats: {}", l.database.seats),
                    format!("status: {}", l.database.status),
                ],
            },
            LedgerSection {
                title: "Receipts",
                items: receipts,
            },
            LedgerSection {
                title: "Counters",
                items: vec![
                    format!("runs finished: {}", c.runs_finished),
                    format!("effects committed: {}", c.effects_committed),
                    format!("receipts reused: {}", c.receipts_reused),
                    format!(
                        "rejections: {}",
                        Gate::ALL
                            .iter()
                            .map(|g| format!("{} {}", g.id(), c.rejections[g.index()]))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ],
            },
        ]
    }
}
