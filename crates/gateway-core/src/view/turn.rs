//! The agent turn panel's view: the decision, its calls, the model's
//! message with its claims marked, and their verdicts.

use super::Workbench;
use crate::json::utf16_len;
use crate::mode::CallOutcome;
use crate::text::Text;
use crate::turn::{DECISION_COUNT_FROM, MAX_CALLS, MAX_DECISION_UNITS};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnView {
    /// The model decision text.
    pub decision: String,
    /// `60000 / 65536 characters`, from 90 % of the bound on.
    pub count: Option<String>,
    /// Whether the text is over the bound.
    pub over_cap: bool,
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
    /// What of the paste was used, where not all of it was ("Used choice
    /// 1 of 3; 2 left out.").
    pub partial: Vec<String>,
    /// A request body's earlier calls, with the heading above them; none
    /// elsewhere.
    pub history: Option<HistoryView>,
    pub claims: Vec<ClaimView>,
    /// `Completed operations: …`, once the turn has claims or operations.
    pub completed: Option<String>,
}

/// The calls a request body held before the replayed ones: shown as text,
/// never replayed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HistoryView {
    pub heading: String,
    pub calls: Vec<PastView>,
}

/// One earlier call: its tool, its arguments and what it returned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PastView {
    pub name: String,
    pub args: String,
    /// `Result: …`, or that the request holds none.
    pub result: String,
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

impl Workbench {
    pub(crate) fn turn_view(&self) -> TurnView {
        let l = self.locale();
        let units = utf16_len(self.decision_text());
        let count = (units >= DECISION_COUNT_FROM).then(|| {
            Text::ArgsCount {
                units: units.into(),
                max: MAX_DECISION_UNITS.into(),
            }
            .render(l)
        });
        let over_cap = units > MAX_DECISION_UNITS;
        let Some(turn) = self.turn() else {
            return TurnView {
                decision: self.decision_text().into(),
                count,
                over_cap,
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
                partial: Vec::new(),
                history: None,
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
                        CallOutcome::Committed(effect) => (
                            "committed",
                            Text::CallCommitted {
                                effect: effect.text().into(),
                            },
                        ),
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
        let decision = turn.decision();
        let history = (!decision.history.is_empty()).then(|| HistoryView {
            heading: Text::TurnHistoryHeading.render(l),
            calls: decision
                .history
                .iter()
                .map(|past| PastView {
                    name: past.call.name.clone(),
                    args: past.call.args.clone(),
                    result: match &past.result {
                        Some(result) => Text::TurnHistoryResult {
                            result: result.into(),
                        },
                        None => Text::TurnHistoryNoResult,
                    }
                    .render(l),
                })
                .collect(),
        });
        TurnView {
            decision: self.decision_text().into(),
            count,
            over_cap,
            error: None,
            active: true,
            summary: summary.render(l),
            counts: Some(counts.render(l)),
            format: Some(
                Text::TurnFormat {
                    format: decision.shape.seen().into(),
                }
                .render(l),
            ),
            message,
            message_none,
            calls,
            partial: decision
                .partial
                .iter()
                .map(|p| p.text().render(l))
                .collect(),
            history,
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
