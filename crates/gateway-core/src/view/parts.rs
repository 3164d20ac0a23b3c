//! Parts of the view model with more than a line of words each: the fixed
//! labels, the ledger, the runs log, the agent turn and the baseline.

use crate::baseline::Baseline;
use crate::declarations::Export;
use crate::ledger::{Part, MAX_RECEIPTS};
use crate::mode::CallOutcome;
use crate::playback::GATE_MS;
use crate::runlog::RunRecord;
use crate::store::{AnyStore, StoreView};
use crate::text::{Arg, Locale, Text};
use crate::turn::MAX_CALLS;
use crate::vocab::{Gate, GATES};
use crate::workbench::Workbench;

/// The page's fixed words, in its language: one catalogue message each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Labels {
    pub eyebrow: String,
    pub lede: String,
    pub copy_link: String,
    pub share_link_label: String,
    pub language: String,
    pub experiment_heading: String,
    pub goals_heading: String,
    pub build_heading: String,
    pub tool: String,
    pub example: String,
    pub tool_name: String,
    pub tool_name_hint: String,
    pub args: String,
    pub role: String,
    pub hook: String,
    pub key: String,
    pub reuse: String,
    pub turn_heading: String,
    pub decision: String,
    pub start_turn: String,
    pub end_turn: String,
    pub request_heading: String,
    pub gateway_heading: String,
    pub gateway_hint: String,
    pub next_gate: String,
    pub finish_run: String,
    pub shortcuts: String,
    pub restart: String,
    pub reset: String,
    pub speed: String,
    pub preview: String,
    pub output_heading: String,
    pub runs_heading: String,
    pub declarations_heading: String,
    pub declarations_intro: String,
    pub annotations: String,
    pub argument_schema: String,
    pub policy_heading: String,
    pub policy_intro: String,
    pub policy_risk: String,
    pub policy_rule: String,
    pub policy_tools: String,
    pub ledger_heading: String,
    pub ledger_json: String,
    pub ledger_more: String,
    pub skip_link: String,
    pub readings: String,
    pub baseline_heading: String,
    pub clear_baseline: String,
    pub notes_heading: String,
    pub notes: String,
    pub export_notes: String,
    pub export_text: String,
    pub export_text_hint: String,
    pub disclaimer: String,
    pub single_file_note: String,
    pub claims_heading: String,
    pub turn_message_heading: String,
    pub turn_heuristic: String,
    pub returned_output: String,
    pub hint: String,
    pub turn_intro: String,
    pub gates_label: String,
}

impl Labels {
    pub fn new(l: Locale) -> Self {
        Self {
            eyebrow: Text::Eyebrow.render(l),
            lede: Text::Lede.render(l),
            copy_link: Text::CopyLink.render(l),
            share_link_label: Text::ShareLinkLabel.render(l),
            language: Text::LanguageLabel.render(l),
            experiment_heading: Text::YourExperiment.render(l),
            goals_heading: Text::GoalsHeading.render(l),
            build_heading: Text::BuildHeading.render(l),
            tool: Text::ToolLabel.render(l),
            example: Text::ExampleLabel.render(l),
            tool_name: Text::ToolNameLabel.render(l),
            tool_name_hint: Text::ToolNameHint.render(l),
            args: Text::ArgsLabel.render(l),
            role: Text::RoleLabel.render(l),
            hook: Text::HookLabel.render(l),
            key: Text::KeyLabel.render(l),
            reuse: Text::ReuseLabel.render(l),
            turn_heading: Text::TurnHeading.render(l),
            decision: Text::DecisionLabel.render(l),
            start_turn: Text::StartTurn.render(l),
            end_turn: Text::EndTurn.render(l),
            request_heading: Text::RequestHeading.render(l),
            gateway_heading: Text::GatewayHeading.render(l),
            gateway_hint: Text::GatewayHint.render(l),
            next_gate: Text::NextGate.render(l),
            finish_run: Text::FinishRun.render(l),
            shortcuts: Text::ShortcutsHint.render(l),
            restart: Text::RestartInspection.render(l),
            reset: Text::ResetLedger.render(l),
            speed: Text::SpeedLabel.render(l),
            preview: Text::PreviewLabel.render(l),
            output_heading: Text::OutputHeading.render(l),
            runs_heading: Text::RunsHeading.render(l),
            declarations_heading: Text::DeclarationsHeading.render(l),
            declarations_intro: Text::DeclarationsIntro.render(l),
            annotations: Text::AnnotationsLabel.render(l),
            argument_schema: Text::ArgumentSchemaLabel.render(l),
            policy_heading: Text::PolicyHeading.render(l),
            policy_intro: Text::PolicyIntro.render(l),
            policy_risk: Text::PolicyRisk.render(l),
            policy_rule: Text::PolicyRule.render(l),
            policy_tools: Text::PolicyTools.render(l),
            ledger_heading: Text::LedgerHeading.render(l),
            ledger_json: Text::LedgerJson.render(l),
            ledger_more: Text::LedgerMore.render(l),
            skip_link: Text::SkipToGateway.render(l),
            readings: Text::Readings.render(l),
            baseline_heading: Text::BaselineHeading.render(l),
            clear_baseline: Text::ClearBaseline.render(l),
            notes_heading: Text::NotesHeading.render(l),
            notes: Text::NotesLabel.render(l),
            export_notes: Text::ExportNotes.render(l),
            export_text: Text::ExportText.render(l),
            export_text_hint: Text::ExportTextHint.render(l),
            disclaimer: Text::Disclaimer.render(l),
            single_file_note: Text::SingleFileNote.render(l),
            claims_heading: Text::ClaimsHeading.render(l),
            turn_message_heading: Text::TurnMessageHeading.render(l),
            turn_heuristic: Text::TurnHeuristic.render(l),
            returned_output: Text::ReturnedOutput.render(l),
            hint: Text::ExperimentHint {
                seconds: (GATE_MS / 1000).into(),
            }
            .render(l),
            turn_intro: Text::TurnIntro {
                max: MAX_CALLS.into(),
            }
            .render(l),
            gates_label: Text::GatesLabel {
                count: GATES.into(),
            }
            .render(l),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LedgerSection {
    pub title: String,
    pub items: Vec<String>,
}

/// One record of the runs log, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunView {
    pub seq: u64,
    pub summary: String,
    /// `Gates: passed, …`.
    pub outcomes: String,
    /// `Arguments: …`, as the run had them.
    pub args: String,
    pub output: Option<String>,
    /// The accessible name of the output block.
    pub output_label: String,
    /// `Agent turn: call 2 of 3`, for a call of an agent turn.
    pub turn: Option<String>,
    /// The turn's claims and their verdicts, on its last call.
    pub claims: Vec<String>,
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
    /// Calls run, awaiting approval, approved and rejected by the person.
    pub counts: Option<String>,
    /// `Recognised as OpenAI Chat Completions.`
    pub format: Option<String>,
    /// The model's whole message, cut where claims start and end; empty
    /// with no turn.
    pub message: Vec<MessagePiece>,
    /// Said when the model wrote no text.
    pub message_none: Option<String>,
    pub calls: Vec<TurnCallView>,
    pub claims: Vec<ClaimView>,
    /// `Completed operations: …`, once the turn has claims or operations.
    pub completed: Option<String>,
}

/// A stretch of the model's message: plain, or a claim marked in place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MessagePiece {
    pub text: String,
    /// `None` for plain text; `claim` while the turn runs, then `backed`
    /// or `unbacked`.
    pub claim: Option<&'static str>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnCallView {
    pub number: usize,
    pub name: String,
    /// `waiting`, `inspecting`, `awaiting`, `read`, `committed`, `replayed`, `rejected`, `refused`.
    pub state: &'static str,
    /// ` — what happened`.
    pub detail: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimView {
    pub sentence: String,
    pub tool: &'static str,
    /// Whether a committed effect or replayed receipt of that tool stands behind it.
    pub backed: bool,
    /// ` — backed by …` or ` — flagged: …`.
    pub verdict: String,
}

/// The baseline panel: the captured side and the live side, or a hint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BaselineView {
    Empty(String),
    Compare(Box<Compare>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Compare {
    pub base_title: String,
    pub base_setup: String,
    pub base_request_label: String,
    pub base_request: String,
    pub base_rows: Vec<String>,
    pub base_summary: String,
    pub base_output_label: String,
    pub base_output: Option<String>,
    pub live_title: String,
    pub live_setup: String,
    pub live_request_label: String,
    pub live_request: String,
    pub live_rows: Vec<String>,
    pub live_summary: String,
}

impl BaselineView {
    pub(crate) fn new(baseline: Option<&Baseline>, wb: &Workbench, l: Locale) -> Self {
        let Some(b) = baseline else {
            return BaselineView::Empty(Text::BaselineEmpty.render(l));
        };
        let live = wb.view_live_setup();
        BaselineView::Compare(Box::new(Compare {
            base_title: Text::BaselineColumn.render(l),
            base_setup: Text::BaselineSetup {
                role: (&b.role).into(),
                hook: (&b.hook).into(),
                key: (&b.key).into(),
                approved: b.approved.to_string().into(),
            }
            .render(l),
            base_request_label: Text::BaselineRequest.render(l),
            base_request: b.request.clone(),
            base_rows: b
                .rows
                .iter()
                .map(|(gate, verdict, reason)| {
                    // The gate by its name in the page's language (a stored
                    // id this build does not know stays as it was).
                    let gate = gate
                        .parse::<Gate>()
                        .map_or_else(|_| Arg::from(gate), |g| g.name().into());
                    compare_row(l, gate, verdict, reason)
                })
                .collect(),
            base_summary: b.summary.clone(),
            base_output_label: Text::BaselineOutput.render(l),
            base_output: b.output.clone(),
            live_title: Text::LiveColumn.render(l),
            live_setup: live,
            live_request_label: Text::LiveRequest.render(l),
            live_request: crate::gates::request_text(&wb.inputs()).render(l),
            live_rows: wb
                .plan()
                .rows()
                .iter()
                .map(|r| compare_row(l, r.gate.name(), r.verdict.label(), r.reason.text()))
                .collect(),
            live_summary: wb.plan().summary().render(l),
        }))
    }
}

/// One gate of the baseline comparison: `schema: passed — …`.
fn compare_row(
    l: Locale,
    gate: impl Into<Arg>,
    status: impl Into<Arg>,
    reason: impl Into<Arg>,
) -> String {
    Text::CompareRow {
        gate: gate.into(),
        status: status.into(),
        reason: reason.into(),
    }
    .render(l)
}

impl Workbench {
    fn view_live_setup(&self) -> String {
        let l = self.locale();
        Text::LiveSetup {
            role: self.policy().role.label().into(),
            hook: self.policy().hook.label().into(),
            key: (&self.policy().key).into(),
            approval: self.approval_status().into(),
        }
        .render(l)
    }

    pub(crate) fn run_view(&self, r: &RunRecord) -> RunView {
        let l = self.locale();
        let tenths = r.at_ms / 100;
        let time = match self.time_of_day(r.at_ms) {
            Some(clock) => Text::RunTime {
                clock: clock.into(),
            },
            None => Text::RunTimeRelative {
                seconds: format!("{}.{}", tenths / 10, tenths % 10).into(),
            },
        };
        RunView {
            seq: r.seq,
            summary: Text::RunSummary {
                seq: r.seq.into(),
                time: time.into(),
                experiment: r.experiment.as_str().into(),
                tool: (&r.tool).into(),
                role: r.role.label().into(),
                hook: r.hook.label().into(),
                key: (&r.key).into(),
                effect: r.effect.label().into(),
            }
            .render(l),
            outcomes: Text::RunOutcomes {
                verdicts: r
                    .outcomes
                    .iter()
                    .zip(Gate::ALL)
                    .map(|(v, gate)| {
                        crate::text::Arg::from(Text::RunOutcome {
                            gate: gate.name().into(),
                            verdict: v.label().into(),
                        })
                    })
                    .collect::<Vec<_>>()
                    .into(),
            }
            .render(l),
            args: Text::RunArgs {
                args: (&r.args).into(),
            }
            .render(l),
            output: r.output.clone(),
            output_label: Text::RunOutputLabel { seq: r.seq.into() }.render(l),
            turn: r.turn.as_ref().map(|t| {
                Text::RunTurn {
                    call: t.call.into(),
                    of: t.of.into(),
                }
                .render(l)
            }),
            claims: r
                .turn
                .iter()
                .flat_map(|t| &t.claims)
                .map(|c| {
                    Text::RunClaim {
                        quote: (&c.quote).into(),
                        tool: (&c.tool).into(),
                        verdict: if c.backed {
                            Text::RunClaimBacked
                        } else {
                            Text::RunClaimUnbacked
                        }
                        .into(),
                    }
                    .render(l)
                })
                .collect(),
        }
    }

    /// The ledger's sections, in the order of [`Ledger::parts`]: each
    /// store words its own, the receipts and counters are the gateway's.
    pub(crate) fn ledger_sections(&self) -> Vec<LedgerSection> {
        let ledger = self.ledger();
        let stores: Vec<&dyn AnyStore> = ledger.stores().iter().collect();
        (ledger.parts().into_iter())
            .map(|part| match part {
                Part::Store(i) => stores[i].view(),
                Part::Receipts => self.receipts_view(),
                Part::Counters => self.counters_view(),
            })
            .map(|view| {
                let l = self.locale();
                let rows = if view.rows.is_empty() {
                    view.empty.into_iter().collect()
                } else {
                    view.rows
                };
                LedgerSection {
                    title: view.title.render(l),
                    items: rows.into_iter().map(|t| t.render(l)).collect(),
                }
            })
            .collect()
    }

    fn receipts_view(&self) -> StoreView {
        StoreView {
            title: Text::LedgerReceipts,
            rows: (self.ledger().receipts().iter())
                .map(|(key, r)| Text::LedgerReceipt {
                    key: key.into(),
                    tool: (&r.tool).into(),
                    payload: (&r.payload).into(),
                })
                .collect(),
            empty: Some(Text::LedgerNone),
        }
    }

    fn counters_view(&self) -> StoreView {
        let c = self.ledger().counters();
        StoreView {
            title: Text::LedgerCounters,
            rows: vec![
                Text::CounterRuns {
                    n: c.runs_finished.into(),
                },
                Text::CounterEffects {
                    n: c.effects_committed.into(),
                },
                Text::CounterReused {
                    n: c.receipts_reused.into(),
                },
                Text::CounterExpired {
                    n: c.receipts_expired.into(),
                    max: MAX_RECEIPTS.into(),
                },
                Text::CounterRejections {
                    gates: Gate::ALL
                        .iter()
                        .map(|g| {
                            Text::CounterRejection {
                                gate: g.name().into(),
                                n: c.rejections[g.index()].into(),
                            }
                            .into()
                        })
                        .collect::<Vec<crate::text::Arg>>()
                        .into(),
                },
            ],
            empty: None,
        }
    }

    pub(crate) fn turn_view(&self) -> TurnView {
        let l = self.locale();
        let Some(turn) = self.turn() else {
            return TurnView {
                decision: self.decision_text().into(),
                error: self.decision_error().map(|e| e.text().render(l)),
                active: false,
                summary: Text::TurnIdle {
                    max: MAX_CALLS.into(),
                }
                .render(l),
                counts: None,
                format: None,
                message: Vec::new(),
                message_none: None,
                calls: Vec::new(),
                claims: Vec::new(),
                completed: None,
            };
        };
        let dispatched = turn.decision().dispatched().len();
        let mut completed: Vec<crate::text::Arg> = Vec::new();
        let calls: Vec<TurnCallView> = turn
            .decision()
            .calls
            .iter()
            .enumerate()
            .map(|(i, call)| {
                let (state, detail) = if i >= MAX_CALLS {
                    (
                        "refused",
                        Text::CallRefused {
                            max: MAX_CALLS.into(),
                        },
                    )
                } else if let Some(outcome) = turn.outcomes().get(i) {
                    match outcome {
                        CallOutcome::Read => ("read", Text::CallRead),
                        CallOutcome::Committed => ("committed", Text::CallCommitted),
                        CallOutcome::Replayed => ("replayed", Text::CallReplayed),
                        CallOutcome::Rejected(g, reason) => (
                            "rejected",
                            Text::CallRejected {
                                gate: g.name().into(),
                                reason: reason.text().into(),
                            },
                        ),
                    }
                } else if i == turn.current() && self.pending() {
                    ("awaiting", Text::CallAwaiting)
                } else if i == turn.current() {
                    ("inspecting", Text::UnderInspection)
                } else {
                    ("waiting", Text::CallWaiting)
                };
                if matches!(state, "committed" | "replayed") {
                    completed.push(
                        Text::CompletedCall {
                            number: (i + 1).into(),
                            name: (&call.name).into(),
                            detail: detail.render(l).into(),
                        }
                        .into(),
                    );
                }
                TurnCallView {
                    number: i + 1,
                    name: call.name.clone(),
                    state,
                    detail: Text::CallDetail {
                        detail: detail.into(),
                    }
                    .render(l),
                }
            })
            .collect();
        let complete = turn.is_complete();
        let claims: Vec<ClaimView> = if complete {
            turn.claims()
                .into_iter()
                .map(|(c, backed)| ClaimView {
                    verdict: if backed {
                        Text::ClaimBacked {
                            tool: c.tool.into(),
                        }
                    } else {
                        Text::ClaimUnbacked {
                            tool: c.tool.into(),
                        }
                    }
                    .render(l),
                    sentence: c.sentence,
                    tool: c.tool,
                    backed,
                })
                .collect()
        } else {
            Vec::new()
        };
        let operations = completed.len();
        let shown = !claims.is_empty() || operations > 0;
        let completed = shown.then(|| {
            if completed.is_empty() {
                Text::CompletedNone
            } else {
                Text::CompletedList {
                    operations: completed.into(),
                }
            }
            .render(l)
        });
        let summary = if complete {
            Text::TurnFinished {
                inspected: dispatched.into(),
                refused: turn.decision().refused().into(),
                operations: operations.into(),
                unbacked: claims.iter().filter(|c| !c.backed).count().into(),
            }
        } else {
            Text::TurnAt {
                call: (turn.current() + 1).into(),
                total: dispatched.into(),
            }
        };
        let counts = Text::TurnCounts {
            run: turn.run().into(),
            awaiting: usize::from(self.pending()).into(),
            given: turn.approved().into(),
            refused: turn.rejected_by_person().into(),
        };
        let (message, message_none) = match &turn.decision().text {
            Some(text) => (message_pieces(text, &turn.claims(), complete), None),
            None => (Vec::new(), Some(Text::TurnMessageNone.render(l))),
        };
        TurnView {
            decision: self.decision_text().into(),
            error: None,
            active: true,
            summary: summary.render(l),
            counts: Some(counts.render(l)),
            format: Some(
                Text::TurnFormat {
                    format: turn.decision().format.label().into(),
                }
                .render(l),
            ),
            message,
            message_none,
            calls,
            claims,
            completed,
        }
    }
}

/// `text` cut at its claims' clauses, each marked (its verdict once the
/// turn is `complete`). Clauses never overlap; a clause that claims two
/// tools is marked once, backed only if every claim in it is.
fn message_pieces(
    text: &str,
    claims: &[(crate::turn::Claim, bool)],
    complete: bool,
) -> Vec<MessagePiece> {
    let mut pieces = Vec::new();
    let mut at = 0;
    let plain = |pieces: &mut Vec<MessagePiece>, s: &str| {
        if !s.is_empty() {
            pieces.push(MessagePiece {
                text: s.into(),
                claim: None,
            });
        }
    };
    let mut i = 0;
    while i < claims.len() {
        let range = claims[i].0.range.clone();
        let same: Vec<bool> = claims[i..]
            .iter()
            .take_while(|(c, _)| c.range == range)
            .map(|(_, backed)| *backed)
            .collect();
        i += same.len();
        let Some(claimed) = text.get(range.clone()).filter(|_| range.start >= at) else {
            continue;
        };
        plain(&mut pieces, &text[at..range.start]);
        let state = match (complete, same.iter().all(|b| *b)) {
            (false, _) => "claim",
            (true, true) => "backed",
            (true, false) => "unbacked",
        };
        pieces.push(MessagePiece {
            text: claimed.into(),
            claim: Some(state),
        });
        at = range.end;
    }
    plain(&mut pieces, &text[at..]);
    pieces
}

/// The declarations panel: built once (the published exports never change
/// while the page is open), so it is not part of every `PageModel`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeclarationsView {
    pub exports: Vec<ExportView>,
    pub tools: Vec<ToolDeclarationView>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportView {
    pub export: Export,
    pub copy: String,
    pub download: String,
}

/// One tool as the model is told about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolDeclarationView {
    pub name: String,
    /// `email · risk: send`.
    pub summary: String,
    pub description: String,
    pub annotations_label: String,
    pub annotations: String,
    pub schema_label: String,
    pub schema: String,
}

impl DeclarationsView {
    /// Whether the view can be made in `l`: its exports are installed (the
    /// learner's page downloads them when the panel first opens).
    pub fn ready(l: Locale) -> bool {
        crate::text::exports_installed(l)
    }

    /// The panel's words while its exports are being downloaded.
    pub fn loading(l: Locale) -> String {
        Text::DeclarationsLoading.render(l)
    }

    /// The panel's words when its exports could not be had.
    pub fn failed(why: &crate::text::CatalogueFailure, l: Locale) -> String {
        Text::DeclarationsFailed { why: why.text() }.render(l)
    }

    pub fn new(l: Locale) -> Self {
        Self {
            exports: Export::ALL
                .iter()
                .map(|e| ExportView {
                    export: *e,
                    copy: Text::ExportCopy {
                        export: e.label().into(),
                    }
                    .render(l),
                    download: Text::ExportDownload {
                        export: e.label().into(),
                    }
                    .render(l),
                })
                .collect(),
            tools: crate::published::tools(l)
                .into_iter()
                .map(|t| ToolDeclarationView {
                    summary: Text::DeclarationSummary {
                        name: (&t.name).into(),
                        risks: t
                            .risks
                            .iter()
                            .map(|r| Arg::from(r.name()))
                            .collect::<Vec<_>>()
                            .into(),
                    }
                    .render(l),
                    annotations_label: Text::DeclarationAnnotations {
                        name: (&t.name).into(),
                    }
                    .render(l),
                    schema_label: Text::DeclarationSchema {
                        name: (&t.name).into(),
                    }
                    .render(l),
                    name: t.name,
                    description: t.description,
                    annotations: t.annotations,
                    schema: t.schema,
                })
                .collect(),
        }
    }
}
