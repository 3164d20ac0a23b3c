//! The gateway panel's view: the seven gate cards, the caption, a pending
//! approval and the playback controls.

use super::{Choice, HeldView, TurnCallView, Workbench};
use crate::gates::{Gate, Outcome, Verdict, GATES};
use crate::ledger::Finish;
use crate::playback::{Reached, Speed};
use crate::text::Text;

/// A pending approval: the exact call waiting, and the two choices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingView {
    pub heading: String,
    pub intro: String,
    /// `Tool: email (send)`.
    pub tool: String,
    pub payload_label: String,
    /// The canonical payload the approval binds to, pretty-printed.
    pub payload: String,
    pub approve: String,
    pub reject: String,
}

/// The status a gate row shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowStatus {
    Pending,
    /// A turn's call waits here for the person's decision.
    Awaiting,
    Done(Verdict),
}

impl RowStatus {
    /// The stable id the page puts in `data-status`.
    pub fn id(self) -> &'static str {
        match self {
            RowStatus::Pending => "pending",
            RowStatus::Awaiting => "awaiting",
            RowStatus::Done(v) => v.id(),
        }
    }

    pub fn label(self) -> Text {
        match self {
            RowStatus::Pending => Text::StatusPending,
            RowStatus::Awaiting => Text::StatusAwaiting,
            RowStatus::Done(v) => v.label(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GateRow {
    pub gate: Gate,
    pub number: usize,
    /// The number as the card shows it.
    pub ordinal: String,
    /// The gate's name as a heading.
    pub name: String,
    pub status: RowStatus,
    pub status_label: String,
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
    /// What time changes while the run plays.
    pub frame: FrameView,
    /// `Play run` or `Pause`.
    pub play_label: String,
    pub play_enabled: bool,
    pub next_enabled: bool,
    pub restart_enabled: bool,
    pub speeds: Vec<Choice>,
    /// e.g. `8 s per gate, 56 s per run`.
    pub pace: String,
}

/// The part of the view that time alone changes: a frame of playback
/// ([`crate::Handled::Frame`]) recomputes and redraws only this.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FrameView {
    /// How far the gate under inspection is inspected, in thousandths.
    pub progress_permille: u32,
    pub seconds_left: u64,
    /// e.g. `Gate 3 of 7 · 5 s of inspection left (paused)`.
    pub progress_text: String,
}

impl Workbench {
    /// What time alone changes of [`Workbench::view`]: the playback's
    /// progress and countdown.
    pub fn frame(&self) -> FrameView {
        let clock = self.clock();
        let now = self.now_ms();
        FrameView {
            progress_permille: clock.progress_permille(now),
            seconds_left: clock.seconds_left(now),
            progress_text: self.t(match clock.stage() {
                None => self.finished_progress(),
                Some(stage) => Text::ProgressGate {
                    gate: (stage + 1).into(),
                    total: GATES.into(),
                    seconds: clock.seconds_left(now).into(),
                    paused: (!clock.is_playing()).to_string().into(),
                },
            }),
        }
    }

    /// The line under a finished run: with the goals reached so far,
    /// which sit below the fold beside the ledger on most screens.
    fn finished_progress(&self) -> Text {
        let reached = self.goals_reached();
        if reached.is_empty() {
            return Text::ProgressFinished;
        }
        Text::ProgressFinishedGoals {
            done: reached.iter().filter(|r| **r).count().into(),
            total: reached.len().into(),
        }
    }

    /// Gate rows; `stage` is the gate under inspection (`None`: all revealed).
    pub(super) fn rows(&self, stage: Option<usize>) -> Vec<GateRow> {
        self.plan()
            .rows()
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let reached = Reached::of(i, stage);
                let revealed = reached == Reached::Past;
                let awaiting = reached == Reached::At && self.pending();
                let status = if revealed {
                    RowStatus::Done(r.verdict)
                } else if awaiting {
                    RowStatus::Awaiting
                } else {
                    RowStatus::Pending
                };
                GateRow {
                    gate: r.gate,
                    number: i + 1,
                    ordinal: (i + 1).to_string(),
                    name: self.t(r.gate.label()),
                    status,
                    status_label: self.t(status.label()),
                    reason: self.t(if revealed {
                        r.reason.text()
                    } else if let (true, Some(call)) = (awaiting, self.plan().call()) {
                        Text::ReasonApprovalAwaiting {
                            risk: call.risk.name().into(),
                        }
                    } else if reached == Reached::At {
                        Text::UnderInspection
                    } else {
                        Text::NotYetInspected
                    }),
                    current: reached == Reached::At,
                }
            })
            .collect()
    }

    pub(super) fn caption(&self, stage: Option<usize>) -> String {
        let plan = self.plan();
        if let Some(gate) = self.shown_gate() {
            // A clicked card: its verdict and reason once revealed, and
            // nothing of a gate not inspected yet.
            let i = gate.index();
            return self.t(if Reached::of(i, stage) == Reached::Past {
                let row = plan.row(gate);
                Text::CaptionPrevious {
                    number: (i + 1).into(),
                    gate: gate.name().into(),
                    verdict: row.verdict.label().into(),
                    reason: row.reason.text().into(),
                }
            } else {
                Text::CaptionAhead {
                    number: (i + 1).into(),
                    gate: gate.name().into(),
                }
            });
        }
        let Some(stage) = stage else {
            let result = match plan.outcome() {
                Outcome::Ran {
                    finish: Finish::Read,
                    ..
                } => Text::CaptionRead,
                Outcome::Ran {
                    finish: Finish::Effect { effect, .. },
                    ..
                } => Text::CaptionCommitted {
                    effect: effect.text().into(),
                },
                Outcome::Ran {
                    finish: Finish::Replay { .. },
                    ..
                } => Text::CaptionReplayed,
                Outcome::SchemaRejected | Outcome::Rejected { .. } => {
                    let gate = plan.rejected_at().unwrap_or(Gate::Schema);
                    let refused = plan.call().is_some_and(|c| c.risk.is_refused());
                    let rejected = Text::CaptionRejected {
                        gate: gate.name().into(),
                        reason: plan.row(gate).reason.text().into(),
                    };
                    match self.way_on(gate, refused) {
                        Some(next) => Text::CaptionRejectedWayOn {
                            rejected: self.t(rejected).into(),
                            next: self.t(next).into(),
                        },
                        None => rejected,
                    }
                }
            };
            return self.t(Text::CaptionFinished {
                result: result.into(),
            });
        };
        let gate = Gate::ALL[stage];
        if let (true, Some(turn)) = (self.pending(), self.turn()) {
            return self.t(Text::CaptionAwaiting {
                number: (stage + 1).into(),
                gate: gate.name().into(),
                call: (turn.current() + 1).into(),
                tool: turn.request().0.into(),
            });
        }
        let state = if self.clock().is_playing() {
            "playing"
        } else {
            "paused"
        };
        let previous = match stage.checked_sub(1).map(|p| &plan.rows()[p]) {
            Some(prev) => Text::CaptionPrevious {
                number: stage.into(),
                gate: prev.gate.name().into(),
                verdict: prev.verdict.label().into(),
                reason: prev.reason.text().into(),
            },
            None if self.clock().is_playing() => Text::CaptionStartPlaying,
            None => Text::CaptionStart,
        };
        self.t(Text::CaptionAt {
            state: state.into(),
            number: (stage + 1).into(),
            total: GATES.into(),
            gate: gate.name().into(),
            previous: previous.into(),
        })
    }

    /// What the learner can change after a run rejected at `gate`
    /// (`refused`: its risk is refused for every role). Nothing more at
    /// the approval gate, whose reason names Approve exact payload itself,
    /// nor during an agent turn, whose calls are the model's (the turn
    /// says what moves it on).
    fn way_on(&self, gate: Gate, refused: bool) -> Option<Text> {
        if self.turn().is_some() {
            return None;
        }
        Some(match gate {
            Gate::Schema => Text::WayOnSchema,
            Gate::BeforeHook | Gate::AfterHook => Text::WayOnHook,
            Gate::Role if refused => Text::WayOnRefused,
            Gate::Role => Text::WayOnRole,
            Gate::Approval => return None,
            Gate::Idempotency => Text::WayOnKey,
            Gate::Execution => Text::WayOnArguments,
        })
    }

    pub(super) fn pending_view(&self) -> Option<PendingView> {
        let call = self.plan().call().filter(|_| self.pending())?;
        let payload = crate::json::parse(&call.payload)
            .map(|v| crate::json::pretty(&v))
            .unwrap_or_else(|_| call.payload.clone());
        Some(PendingView {
            heading: self.t(Text::PendingHeading),
            intro: self.t(Text::PendingIntro),
            tool: self.t(Text::PendingTool {
                tool: (&call.tool).into(),
                risk: call.risk.name().into(),
            }),
            payload_label: self.t(Text::PendingPayload),
            payload,
            approve: self.t(Text::PendingApprove),
            reject: self.t(Text::PendingReject),
        })
    }
}

/// An agent turn beside the gates: each call, its outcome and its effect,
/// the call on show, and the way on (Next call, End turn).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnStepView {
    /// `Agent turn: call 2 of 6`.
    pub heading: String,
    /// Every call of the decision, as the turn panel lists them.
    pub calls: Vec<TurnCallView>,
    /// The number of the call on show (from 1).
    pub current: usize,
    /// `Next call`, while a finished call waits for the learner to move on.
    pub next_call: Option<String>,
    /// Why the controls are held, and End turn.
    pub held: HeldView,
}

/// The gateway: the seven gate cards, the caption, a pending approval, notices and playback.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GatewayView {
    /// Always seven, in gate order.
    pub gates: Vec<GateRow>,
    pub caption: String,
    /// The call an agent turn holds at the approval gate, for the person
    /// to approve or reject.
    pub pending: Option<PendingView>,
    pub playback: PlaybackView,
    /// Every notice, oldest first; none is lost to a newer one.
    pub notices: Vec<String>,
    /// While an agent turn holds the request.
    pub turn: Option<TurnStepView>,
}

impl Workbench {
    /// `calls`: the turn's calls as the turn panel lists them.
    pub(super) fn gateway_view(&self, calls: &[TurnCallView]) -> GatewayView {
        let clock = self.clock();
        let stage = clock.stage();
        let finished = clock.is_finished();
        let frozen = self.turn_call_finished();
        GatewayView {
            gates: self.rows(stage),
            caption: self.caption(stage),
            pending: self.pending_view(),
            playback: PlaybackView {
                playing: clock.is_playing(),
                finished,
                stage,
                frame: self.frame(),
                play_label: self.t(if clock.is_playing() {
                    Text::Pause
                } else {
                    Text::PlayRun
                }),
                // A call waiting at the approval gate waits for the person.
                play_enabled: !frozen && !self.pending(),
                next_enabled: !finished && !self.pending(),
                restart_enabled: !frozen,
                speeds: Speed::ALL
                    .iter()
                    .map(|s| Choice {
                        value: s.id(),
                        label: self.t(s.label()),
                        selected: *s == clock.speed,
                        enabled: true,
                    })
                    .collect(),
                pace: self.t(Text::Pace {
                    gate: clock.speed.seconds_per_gate().into(),
                    run: (clock.speed.seconds_per_gate() * GATES as u64).into(),
                }),
            },
            notices: self.notices().iter().map(|n| self.t(n.text())).collect(),
            turn: self.turn_step_view(calls),
        }
    }

    fn turn_step_view(&self, calls: &[TurnCallView]) -> Option<TurnStepView> {
        let turn = self.turn()?;
        let current = turn.current() + 1;
        Some(TurnStepView {
            heading: self.t(Text::TurnStepHeading {
                call: current.into(),
                total: turn.decision().dispatched().len().into(),
            }),
            calls: calls.to_vec(),
            current,
            next_call: turn.next_call_waits().then(|| self.t(Text::NextCall)),
            held: self.held_view()?,
        })
    }
}
