//! The view model: plain data that says everything every panel shows, in
//! the page's language.
//!
//! [`Workbench::view`] is the only thing the page draws from. It holds no
//! DOM types and the page adds no policy and no words: which controls are
//! enabled, what each gate row says, every label, caption and status line
//! is decided here, through the message catalogue.

use crate::command::{Deliverable, Slot, SlotState};
use crate::gates::{request_text, Gate, Verdict, GATES};
use crate::json::{utf16_len, MAX_ARGUMENT_UNITS};
use crate::playback::Speed;
use crate::policy::{Hook, Role};
use crate::text::{Locale, Text};
use crate::tools::ExampleKind;
use crate::workbench::{Delivery, Workbench};

mod baseline;
mod builder;
mod declarations;
mod experiment;
mod gateway;
mod labels;
mod ledger;
mod masthead;
mod output;
mod policy;
mod runs;
mod turn;

use ledger::stores;

pub use baseline::{BaselineView, Compare};
pub use builder::ApprovalView;
pub use declarations::{DeclarationsView, ExportView, ToolDeclarationView};
pub use experiment::{ExperimentView, GoalView};
pub use gateway::{FrameView, GateRow, PendingView, PlaybackView, RowStatus};
pub use labels::Labels;
pub use ledger::{ChangeView, LedgerSection};
pub use masthead::{ExpandView, ShareView};
pub use policy::PolicyRow;
pub use runs::RunView;
pub use turn::{ClaimView, MessagePiece, TurnCallView, TurnView};

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
pub struct PreviewView {
    /// One line per gate: `Schema: passed — …`.
    pub rows: Vec<(RowStatus, String)>,
    pub summary: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotesView {
    pub text: String,
    pub status: String,
    /// The last export, shown to copy where downloads are blocked.
    pub export: Option<String>,
}

impl Workbench {
    pub(super) fn t(&self, text: Text) -> String {
        text.render(self.locale())
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
            ledger_own: self.ledger_own(ledger.len()),
            ledger,
            ledger_json: crate::json::pretty(&self.ledger().to_json()),
            change: self.changed().map(|c| ChangeView {
                section: c.section,
                item: c.item,
                text: self.t(c.text()),
            }),
            ledger_untouched: stores(&inputs.tool).is_empty().then(|| {
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
}
