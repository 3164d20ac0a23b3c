//! The view model: plain data that says everything every panel shows, in
//! the page's language.
//!
//! [`Workbench::view`] is the only thing the page draws from. It holds no
//! DOM types and the page adds no policy and no words: which controls are
//! enabled, what each gate row says, every label, caption and status line
//! is decided here, through the message catalogue.

use crate::command::{Deliverable, Slot, SlotState};
use crate::gates::{request_text, Gate, Outcome, Verdict, GATES};
use crate::json::{utf16_len, MAX_ARGUMENT_UNITS};
use crate::ledger::{Finish, Part};
use crate::playback::Speed;
use crate::policy::{Hook, Risk, Role};
use crate::text::{Locale, Text};
use crate::tools::ExampleKind;
use crate::workbench::{Delivery, Lapse, Workbench};

mod parts;

pub use parts::{
    BaselineView, ClaimView, DeclarationsView, ExportView, Labels, LedgerSection, MessagePiece,
    RunView, ToolDeclarationView, TurnCallView, TurnView,
};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageModel {
    /// The page's language; its tag goes in `<html lang>`.
    pub locale: Locale,
    /// The language switch: every language, by its own name.
    pub languages: Vec<Choice>,
    /// What opening the page from a file changes, when it was (a copy
    /// served over http, e.g. from a course page, says nothing of it).
    pub file_note: Option<String>,
    /// The document title.
    pub title: String,
    /// Every fixed word of the page: headings, labels, buttons, hints
    /// (worded once per language, shared by every view).
    pub labels: Labels,
    pub experiment: ExperimentView,
    pub tools: Vec<Choice>,
    /// The tool select's first option when the name is not registered.
    pub tool_placeholder: Option<String>,
    /// The tool name exactly as the request carries it.
    pub tool_name: String,
    pub examples: Vec<Choice>,
    /// The example select's first option once the text is edited.
    pub example_placeholder: String,
    /// "Undo: put back my arguments", while an example or a tool choice
    /// replaced what the learner wrote.
    pub undo: Option<String>,
    pub args: String,
    /// e.g. `96 / 4096 characters`.
    pub args_count: String,
    pub args_over_cap: bool,
    /// The schema gate's verdict on the arguments as they stand, shown
    /// live under the editor: "Valid email request", or the reason.
    pub args_verdict: String,
    /// Whether the arguments pass the schema gate.
    pub args_valid: bool,
    pub roles: Vec<Choice>,
    pub hooks: Vec<Choice>,
    pub key: String,
    /// The operation key means nothing for a read: the field is disabled.
    pub key_enabled: bool,
    /// Why a policy input is disabled (the key for a read, Block mutations
    /// for a tool that only reads), shown under them.
    pub policy_notes: Vec<String>,
    pub reuse: Toggle,
    pub approval: ApprovalView,
    /// Always seven, in gate order.
    pub gates: Vec<GateRow>,
    pub caption: String,
    /// The call an agent turn holds at the approval gate, for the person
    /// to approve or reject.
    pub pending: Option<PendingView>,
    pub playback: PlaybackView,
    pub preview: PreviewView,
    pub request: String,
    /// Literal returned output, present only after the final stage.
    pub output: Option<String>,
    /// What the output panel says when there is no output.
    pub output_note: String,
    /// The words of the boundary drawn around `output` when the mark-data
    /// hook marked it as data.
    pub output_boundary: Option<String>,
    // Shared with the workbench until a run finishes (`Rc`): a playing
    // frame words none of them again.
    pub ledger: Vec<LedgerSection>,
    pub ledger_json: String,
    /// The entry the last finished run changed (or whose receipt it
    /// returned), until the next run starts.
    pub change: Option<ChangeView>,
    /// The sections of `ledger` the request's tool reads or changes (and
    /// the changed one), shown first; the rest are one disclosure away.
    pub ledger_own: Vec<usize>,
    /// Said when the tool touches no store (the calculator, a name the
    /// registry does not hold).
    pub ledger_untouched: Option<String>,
    pub runs: Vec<RunView>,
    /// What the runs log shows with no run.
    pub runs_empty: String,
    /// Every notice, oldest first; none is lost to a newer one.
    pub notices: Vec<String>,
    pub baseline: BaselineView,
    /// `Capture baseline` or `Replace baseline`.
    pub capture_label: String,
    pub clear_enabled: bool,
    /// The policy by risk, one row per risk (SPEC 2.3).
    pub policy: Vec<PolicyRow>,
    /// The Agent turn panel.
    pub turn: TurnView,
    /// Whether the request controls (tool, example, arguments, tool name)
    /// take input: not while an agent turn supplies the request.
    pub request_editable: bool,
    pub share: ShareView,
    pub notes: NotesView,
    /// The status line under the declarations' Copy / Download buttons.
    pub export_status: String,
    /// Panels (`data-panel` names) hidden by `?hide=`.
    pub hidden_panels: Vec<String>,
    /// `?embed=1`: no page chrome.
    pub embedded: bool,
    pub expand: ExpandView,
}

/// Expand experiment: the button's words, and whether the page fills its
/// frame because full screen was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExpandView {
    pub label: String,
    pub fill_frame: bool,
}

/// One row of the policy table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PolicyRow {
    /// The risk by its name in the page's language.
    pub risk: String,
    pub rule: String,
    /// The registered tools that can make a call of this risk, or `none`.
    pub tools: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExperimentView {
    pub id: String,
    /// Set for an instructor's experiment (from a link): the page says it
    /// is not built in.
    pub authored: Option<String>,
    pub title: String,
    pub instructions: String,
    pub goals: Vec<GoalView>,
    /// How many goals are reached, e.g. `2 of 4 goals reached`.
    pub progress: String,
    /// Further readings: words and address.
    pub readings: Vec<(String, String)>,
    /// The secondary panels (`data-panel` names) that start open.
    pub open: Vec<&'static str>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoalView {
    pub id: String,
    pub text: String,
    pub reached: bool,
    /// `Reached: ` or `Not yet: `.
    pub mark: String,
}

/// One option of a select or radio group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    pub value: &'static str,
    pub label: String,
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
    /// `Approve exact payload` or `Revoke approval`.
    pub button: String,
    /// One sentence on the approval state.
    pub status: String,
}

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

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PreviewView {
    /// One line per gate: `Schema: passed — …`.
    pub rows: Vec<(RowStatus, String)>,
    pub summary: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShareView {
    /// Copy link's status line.
    pub status: String,
    /// The link made, shown in a field to copy by hand.
    pub link: Option<String>,
}

/// The ledger entry the last run changed: its section and item (in the
/// order of `ledger`), and what changed, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChangeView {
    pub section: usize,
    pub item: usize,
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotesView {
    pub text: String,
    pub status: String,
    /// The last export, shown to copy where downloads are blocked.
    pub export: Option<String>,
}

impl Workbench {
    fn t(&self, text: Text) -> String {
        text.render(self.locale())
    }

    /// What time alone changes of [`Workbench::view`]: the playback's
    /// progress and countdown.
    pub fn frame(&self) -> FrameView {
        let clock = self.clock();
        let now = self.now_ms();
        FrameView {
            progress_permille: clock.progress_permille(now),
            seconds_left: clock.seconds_left(now),
            progress_text: self.t(match clock.stage() {
                None => Text::ProgressFinished,
                Some(stage) => Text::ProgressGate {
                    gate: (stage + 1).into(),
                    total: GATES.into(),
                    seconds: clock.seconds_left(now).into(),
                    paused: (!clock.is_playing()).to_string().into(),
                },
            }),
        }
    }

    pub fn view(&self) -> PageModel {
        let l = self.locale();
        let inputs = self.inputs();
        let clock = self.clock();
        let stage = clock.stage();
        let finished = clock.is_finished();
        let known_tool = self.registry().get(&inputs.tool).is_some();
        let units = utf16_len(&inputs.args);
        let frozen = self.turn_finished();
        let args_valid = self.plan().row(Gate::Schema).verdict == Verdict::Passed;
        let labels = Labels::new(l);
        let ledger = self.ledger_sections();
        PageModel {
            locale: l,
            file_note: self
                .opened_from_file()
                .then(|| labels.single_file_note.clone()),
            languages: Locale::ALL
                .iter()
                .map(|other| Choice {
                    value: other.id(),
                    label: other.autonym().into(),
                    selected: *other == l,
                    enabled: true,
                })
                .collect(),
            title: self.t(Text::PageTitle {
                experiment: self.experiment().title.get(self.locale()).into(),
            }),
            labels,
            experiment: self.experiment_view(),
            tools: self
                .registry()
                .tools()
                .iter()
                .map(|t| Choice {
                    value: t.declaration().name,
                    label: self.t((t.declaration().label)()),
                    selected: t.declaration().name == inputs.tool,
                    enabled: true,
                })
                .collect(),
            tool_placeholder: (!known_tool).then(|| self.t(Text::ToolUnregistered)),
            tool_name: inputs.tool.clone(),
            examples: ExampleKind::ALL
                .iter()
                .map(|k| Choice {
                    value: k.id(),
                    label: self.t(k.label()),
                    // A name the registry does not hold has no examples.
                    selected: known_tool && self.example() == Some(*k),
                    enabled: known_tool,
                })
                .collect(),
            example_placeholder: self.t(if !known_tool {
                Text::ExampleNone
            } else if self.at_start_request() {
                Text::ExampleStart
            } else {
                Text::ExampleEdited
            }),
            undo: self.can_undo().then(|| self.t(Text::UndoReplace)),
            args: inputs.args.clone(),
            args_count: self.t(Text::ArgsCount {
                units: units.into(),
                max: MAX_ARGUMENT_UNITS.into(),
            }),
            args_over_cap: units > MAX_ARGUMENT_UNITS,
            args_valid,
            args_verdict: self.t(if args_valid {
                Text::ArgsValid {
                    tool: (&inputs.tool).into(),
                }
            } else {
                self.plan().row(Gate::Schema).reason.text()
            }),
            roles: Role::ALL
                .iter()
                .map(|r| Choice {
                    value: r.id(),
                    label: self.t(r.label()),
                    selected: *r == inputs.role,
                    enabled: true,
                })
                .collect(),
            hooks: Hook::ALL
                .iter()
                .map(|h| Choice {
                    value: h.id(),
                    label: self.t(h.label()),
                    selected: *h == inputs.hook,
                    enabled: match h {
                        Hook::RedactOutput => self.redact_applies(),
                        Hook::BlockMutations => self.block_applies(),
                        // Every tool returns output to mark.
                        Hook::None | Hook::MarkData => true,
                    },
                })
                .collect(),
            key: inputs.key.clone(),
            key_enabled: self.key_applies() && !frozen,
            policy_notes: [
                (!self.key_applies()).then_some(Text::ReasonKeyNotNeeded),
                (!self.block_applies() && self.registry().get(&inputs.tool).is_some()).then(|| {
                    Text::BlockNotApplicable {
                        tool: (&inputs.tool).into(),
                    }
                }),
            ]
            .into_iter()
            .flatten()
            .map(|t| self.t(t))
            .collect(),
            reuse: Toggle {
                checked: inputs.reuse,
                enabled: self.reuse_toggle_enabled() && !frozen,
            },
            approval: self.approval_view(),
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
            preview: PreviewView {
                rows: self
                    .rows(None)
                    .into_iter()
                    .map(|r| {
                        let line = self.t(Text::PreviewRow {
                            gate: r.gate.label().into(),
                            status: r.status.label().into(),
                            reason: r.reason.into(),
                        });
                        (r.status, line)
                    })
                    .collect(),
                // After the run, what it did (not what finishing would do).
                summary: if finished {
                    self.caption(None)
                } else {
                    self.t(self.plan().summary())
                },
            },
            request: self.t(request_text(&inputs)),
            output: if finished {
                self.plan().returned_text()
            } else {
                None
            },
            output_note: self.output_note(finished),
            output_boundary: (finished
                && self.plan().returned().is_some()
                && matches!(
                    self.plan().row(Gate::AfterHook).reason,
                    crate::reason::Reason::MarkedAsData
                ))
            .then(|| self.t(Text::OutputBoundary)),
            ledger_own: self.ledger_own(),
            ledger,
            ledger_json: crate::json::pretty(&self.ledger().to_json()),
            change: self.changed().and_then(|c| {
                Some(ChangeView {
                    section: self.ledger().parts().iter().position(|p| *p == c.part)?,
                    item: c.item,
                    text: self.t(c.text()),
                })
            }),
            ledger_untouched: self.own_parts().is_empty().then(|| {
                self.t(Text::LedgerUntouched {
                    tool: (&inputs.tool).into(),
                })
            }),
            runs: self.log().records().map(|r| self.run_view(r)).collect(),
            runs_empty: self.t(Text::RunsEmpty),
            notices: self.notices().iter().map(|n| self.t(n.text())).collect(),
            baseline: self.baseline_view(),
            capture_label: self.t(if self.baseline().is_some() {
                Text::ReplaceBaseline
            } else {
                Text::CaptureBaseline
            }),
            clear_enabled: self.baseline().is_some(),
            policy: self.policy_rows(),
            turn: self.turn_view(),
            request_editable: self.turn().is_none(),
            share: ShareView {
                status: self.t(match self.delivery() {
                    Delivery::Offered(Deliverable::ShareLink) => Text::ShareCopyBelow,
                    Delivery::Copied(Deliverable::ShareLink) => Text::ShareCopied,
                    Delivery::CopyFailed(Deliverable::ShareLink) => Text::ShareCopyFailed,
                    _ if self.share_link().is_some() => Text::ShareCopyBelow,
                    _ => Text::ShareIdle,
                }),
                link: self.share_link().map(String::from),
            },
            notes: NotesView {
                text: self.notes().into(),
                status: self.t(match (self.delivery(), self.slot_state(Slot::Notes)) {
                    (Delivery::DownloadFailed(Deliverable::NotesExport), _) => {
                        Text::NotesDownloadRefused
                    }
                    (_, SlotState::Writable) => Text::NotesSaved,
                    (_, SlotState::Refused) => Text::NotesUnsaved,
                    (_, SlotState::Locked) => Text::NotesLocked,
                }),
                export: self.notes_export().map(String::from),
            },
            export_status: self.export_status(),
            hidden_panels: self.embed().hide.clone(),
            embedded: self.embed().embed,
            expand: {
                let (full_screen, fill_frame) = self.expanded();
                ExpandView {
                    label: self.t(if full_screen || fill_frame {
                        Text::ExitFullScreen
                    } else {
                        Text::ExpandExperiment
                    }),
                    fill_frame,
                }
            },
        }
    }

    /// The parts of the ledger the request's tool reads or changes (none
    /// for a name the registry does not hold).
    fn own_parts(&self) -> Vec<Part> {
        (self.registry().get(&self.inputs().tool))
            .map_or_else(Vec::new, |tool| self.ledger().parts_of(tool))
    }

    /// The sections of the tool's parts and the changed one, in ledger
    /// order.
    fn ledger_own(&self) -> Vec<usize> {
        let own = self.own_parts();
        let changed = self.changed().map(|c| c.part);
        (self.ledger().parts().into_iter().enumerate())
            .filter(|(_, p)| own.contains(p) || changed == Some(*p))
            .map(|(i, _)| i)
            .collect()
    }

    fn experiment_view(&self) -> ExperimentView {
        let e = self.experiment();
        let locale = self.locale();
        let goals: Vec<GoalView> = e
            .goals
            .iter()
            .zip(self.goals_reached())
            .map(|(g, reached)| GoalView {
                id: g.id.clone(),
                text: g.text.get(locale).into(),
                reached: *reached,
                mark: self.t(if *reached {
                    Text::GoalReached
                } else {
                    Text::GoalOpen
                }),
            })
            .collect();
        let done = goals.iter().filter(|g| g.reached).count();
        ExperimentView {
            id: e.id.clone(),
            authored: e
                .builtin
                .is_none()
                .then(|| self.t(Text::AuthoredExperiment)),
            title: e.title.get(locale).into(),
            instructions: e.instructions.get(locale).into(),
            progress: self.t(Text::GoalsProgress {
                done: done.into(),
                total: goals.len().into(),
            }),
            goals,
            readings: e
                .readings
                .iter()
                .map(|r| (r.title.get(locale).into(), r.url.clone()))
                .collect(),
            open: e.open.iter().map(|p| p.id()).collect(),
        }
    }

    /// Gate rows; `stage` is the gate under inspection (`None`: all revealed).
    fn rows(&self, stage: Option<usize>) -> Vec<GateRow> {
        self.plan()
            .rows()
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let revealed = stage.is_none_or(|s| i < s);
                let awaiting = Some(i) == stage && self.pending();
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
                    } else if Some(i) == stage {
                        Text::UnderInspection
                    } else {
                        Text::NotYetInspected
                    }),
                    current: Some(i) == stage,
                }
            })
            .collect()
    }

    fn caption(&self, stage: Option<usize>) -> String {
        let plan = self.plan();
        if let Some(gate) = self.shown_gate() {
            // A clicked card: its verdict and reason once revealed, and
            // nothing of a gate not inspected yet.
            let i = gate.index();
            return self.t(if stage.is_none_or(|s| i < s) {
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
                    Text::CaptionRejected {
                        gate: gate.name().into(),
                        reason: plan.row(gate).reason.text().into(),
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

    fn pending_view(&self) -> Option<PendingView> {
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

    fn approval_view(&self) -> ApprovalView {
        let approved = self.approval().is_some();
        let applies = self.approval_applies();
        let frozen = self.turn_finished();
        ApprovalView {
            approved,
            can_approve: applies && !approved && !frozen,
            can_revoke: approved && !frozen,
            button: self.t(if approved {
                Text::RevokeApproval
            } else {
                Text::ApproveExactPayload
            }),
            status: self.t(self.approval_status()),
        }
    }

    /// One sentence on the approval state: what is approved, or what an
    /// edit changed since the approval it cleared.
    pub(crate) fn approval_status(&self) -> Text {
        if let Some(a) = self.approval() {
            return Text::ApprovalGiven {
                tool: (&a.tool).into(),
                payload: (&a.payload).into(),
            };
        }
        if let Some((approval, lapse)) = self.lapsed() {
            return self.lapse(approval, lapse);
        }
        match self.plan().call() {
            Some(call) if call.risk.needs_approval() => Text::ApprovalNeeded {
                risk: call.risk.name().into(),
            },
            Some(call) if call.risk.is_refused() => Text::ApprovalRefused {
                risk: call.risk.name().into(),
            },
            Some(call) => Text::ApprovalNotNeeded {
                risk: call.risk.name().into(),
            },
            None => Text::ApprovalNoRequest,
        }
    }

    /// What changed since `approval`, as the workbench worked it out.
    fn lapse(&self, approval: &crate::gates::Approval, lapse: &Lapse) -> Text {
        match lapse {
            Lapse::Field { field, was } => Text::ApprovalLapsedField {
                field: field.into(),
                was: was
                    .clone()
                    .unwrap_or_else(|| self.t(Text::ApprovalAbsent))
                    .into(),
            },
            Lapse::Request => Text::ApprovalLapsedTool {
                tool: (&approval.tool).into(),
                payload: (&approval.payload).into(),
            },
            Lapse::Inputs => Text::ApprovalLapsedInputs,
        }
    }

    fn output_note(&self, finished: bool) -> String {
        self.t(match (finished, self.plan().rejected_at()) {
            (false, _) => Text::OutputPending,
            (true, Some(gate)) => Text::OutputRejected {
                gate: gate.name().into(),
            },
            (true, None) => Text::OutputLiteral,
        })
    }

    fn export_status(&self) -> String {
        self.t(match self.delivery() {
            Delivery::Copied(Deliverable::Declarations(e)) => Text::ExportCopied {
                export: e.label().into(),
            },
            Delivery::CopyFailed(Deliverable::Declarations(e)) => Text::ExportCopyFailed {
                export: e.label().into(),
            },
            Delivery::Downloaded(Deliverable::Declarations(e)) => Text::ExportDownloaded {
                export: e.label().into(),
                file: crate::published::file_name(e).into(),
            },
            Delivery::DownloadFailed(Deliverable::Declarations(_)) => Text::ExportDownloadFailed,
            _ => Text::ExportIdle,
        })
    }

    fn policy_rows(&self) -> Vec<PolicyRow> {
        Risk::ALL
            .iter()
            .map(|risk| {
                let tools: Vec<&str> = self
                    .registry()
                    .tools()
                    .iter()
                    .filter(|t| t.declaration().risks.contains(risk))
                    .map(|t| t.declaration().name)
                    .collect();
                PolicyRow {
                    risk: self.t(risk.name()),
                    rule: self.t(risk.rule()),
                    tools: if tools.is_empty() {
                        self.t(Text::NoTools)
                    } else {
                        self.t(Text::ToolList {
                            tools: tools.into(),
                        })
                    },
                }
            })
            .collect()
    }

    fn baseline_view(&self) -> BaselineView {
        BaselineView::new(self.baseline(), self, self.locale())
    }
}
