//! Who owns the request: the learner's editor, or an agent turn.
//!
//! The request (tool name and argument text) lives inside the mode, so
//! during a turn there is no request for any other message to edit: it is
//! the current call of the decision, and it changes only when the turn
//! moves on. A finished turn is kept, frozen, until the learner ends it.

use crate::gates::Gate;
use crate::reason::Reason;
use crate::store::Effect;
use crate::tools::{ExampleKind, Registry};
use crate::turn::{claims, Claim, Decision, Format};

#[derive(Debug, Clone, PartialEq)]
pub enum Mode {
    /// The learner edits the request.
    Free(Request),
    /// A model decision supplies it, one dispatched call after another.
    Turn(Turn),
}

/// The request as the learner's editor holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    pub tool: String,
    pub args: String,
    /// The example the editor last loaded, until the learner edits it.
    pub example: Option<ExampleKind>,
}

/// What one dispatched call of a turn did.
#[derive(Debug, Clone, PartialEq)]
pub enum CallOutcome {
    Read,
    /// An effect committed: the change it made.
    Committed(Effect),
    Replayed,
    /// Rejected at this gate, for this reason.
    Rejected(Gate, Reason),
}

/// An agent turn under inspection, or finished.
///
/// A finished call stays on show, its effect and output with it, until
/// the learner moves the turn on to its next call (`next_call`): the turn
/// steps from call to call at the learner's word.
#[derive(Debug, Clone, PartialEq)]
pub struct Turn {
    decision: Decision,
    /// The outcome of each dispatched call finished so far, in order.
    // INVARIANT: never longer than `decision.dispatched()`.
    outcomes: Vec<CallOutcome>,
    /// The dispatched call on show (0-based).
    // INVARIANT: `at <= outcomes.len()`, and `at` is a dispatched call's
    // index, or 0 when the decision dispatched none.
    at: usize,
    /// Whether inspection was playing when the call on show finished: the
    /// next call plays on when the learner moves to it.
    plays_on: bool,
    /// How many of the finished calls ran with the person's approval.
    approved: usize,
    /// The claims of the model's text, found once: they depend on the text
    /// and the registry only; their verdicts on the outcomes.
    found: Vec<Claim>,
}

impl Turn {
    /// The turn of `decision` against `registry`. A call written in an
    /// OpenAI or Anthropic shape by a tool's provider name (`files_delete`:
    /// those providers allow no dot in a name) is a call of that tool, as
    /// the page's exports for them name it
    /// ([`provider_name`](crate::tools::provider_name)); a name the
    /// registry holds as written stays as it is.
    pub fn new(mut decision: Decision, registry: &Registry) -> Self {
        if matches!(
            decision.format(),
            Format::ChatCompletions | Format::Responses | Format::Anthropic
        ) {
            for call in &mut decision.calls {
                if registry.get(&call.name).is_none() {
                    if let Some(tool) = registry.by_provider_name(&call.name) {
                        call.name = tool.declaration().name.into();
                    }
                }
            }
        }
        let found = decision
            .text
            .as_deref()
            .map_or_else(Vec::new, |text| claims(text, registry));
        Self {
            decision,
            outcomes: Vec::new(),
            at: 0,
            plays_on: false,
            approved: 0,
            found,
        }
    }

    pub fn decision(&self) -> &Decision {
        &self.decision
    }

    pub fn outcomes(&self) -> &[CallOutcome] {
        &self.outcomes
    }

    pub fn is_complete(&self) -> bool {
        self.outcomes.len() >= self.decision.dispatched().len()
    }

    /// The dispatched call on show (0-based): under inspection, or
    /// finished and waiting for the learner to move on; after the turn
    /// finished, its last call.
    pub fn current(&self) -> usize {
        self.at
    }

    /// Whether the call on show has finished: the turn is complete, or it
    /// waits for the learner to move on to its next call.
    pub fn call_finished(&self) -> bool {
        self.is_complete() || self.outcomes.len() > self.at
    }

    /// Whether the call on show has finished and another call follows it.
    pub fn next_call_waits(&self) -> bool {
        !self.is_complete() && self.outcomes.len() > self.at
    }

    /// Moves on to the next call, once the one on show has finished.
    /// Returns whether inspection plays on, or `None` (nothing changed)
    /// when no finished call waits.
    pub fn next_call(&mut self) -> Option<bool> {
        self.next_call_waits().then(|| {
            self.at += 1;
            self.plays_on
        })
    }

    /// The request of the current call: tool name and argument text.
    pub fn request(&self) -> (&str, &str) {
        self.decision
            .dispatched()
            .get(self.current())
            .map_or(("", ""), |c| (c.name.as_str(), c.args.as_str()))
    }

    /// Records the outcome of the call on show, whether it ran with the
    /// person's approval, and whether inspection was playing; `false` (and
    /// nothing recorded) once that call has finished.
    pub fn record(&mut self, outcome: CallOutcome, approved: bool, playing: bool) -> bool {
        if self.call_finished() {
            return false;
        }
        self.outcomes.push(outcome);
        self.approved += usize::from(approved);
        self.plays_on = playing;
        true
    }

    /// The calls that ran (a read, an effect or a replay).
    pub fn run(&self) -> usize {
        self.outcomes
            .iter()
            .filter(|o| !matches!(o, CallOutcome::Rejected(..)))
            .count()
    }

    /// The finished calls that ran with the person's approval.
    pub fn approved(&self) -> usize {
        self.approved
    }

    /// The calls the person rejected at the approval gate.
    pub fn rejected_by_person(&self) -> usize {
        self.outcomes
            .iter()
            .filter(|o| matches!(o, CallOutcome::Rejected(_, Reason::ApprovalRefused)))
            .count()
    }

    /// Claims of the final text, each with whether an effect stands behind
    /// it: a committed effect or a replayed receipt of its tool in this turn.
    pub fn claims(&self) -> Vec<(Claim, bool)> {
        self.found
            .iter()
            .cloned()
            .map(|claim| {
                let backed =
                    self.decision
                        .dispatched()
                        .iter()
                        .zip(&self.outcomes)
                        .any(|(call, outcome)| {
                            call.name == claim.tool
                                && matches!(
                                    outcome,
                                    CallOutcome::Committed(_) | CallOutcome::Replayed
                                )
                        });
                (claim, backed)
            })
            .collect()
    }
}
