//! Who owns the request: the learner's editor, or an agent turn.
//!
//! The request (tool name and argument text) lives inside the mode, so
//! during a turn there is no request for any other message to edit: it is
//! the current call of the decision, and it changes only when the turn
//! moves on. A finished turn is kept, frozen, until the learner ends it.

use crate::gates::Gate;
use crate::reason::Reason;
use crate::tools::{ExampleKind, Registry};
use crate::turn::{claims, Claim, Decision};

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
    Committed,
    Replayed,
    /// Rejected at this gate, for this reason.
    Rejected(Gate, Reason),
}

/// An agent turn under inspection, or finished.
#[derive(Debug, Clone, PartialEq)]
pub struct Turn {
    decision: Decision,
    /// The outcome of each dispatched call finished so far, in order.
    // INVARIANT: never longer than `decision.dispatched()`.
    outcomes: Vec<CallOutcome>,
    /// How many of the finished calls ran with the person's approval.
    approved: usize,
    /// The claims of the model's text, found once: they depend on the text
    /// and the registry only; their verdicts on the outcomes.
    found: Vec<Claim>,
}

impl Turn {
    pub fn new(decision: Decision, registry: &Registry) -> Self {
        let found = decision
            .text
            .as_deref()
            .map_or_else(Vec::new, |text| claims(text, registry));
        Self {
            decision,
            outcomes: Vec::new(),
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

    /// The dispatched call under inspection (0-based); after the turn
    /// finished, its last call.
    pub fn current(&self) -> usize {
        self.outcomes
            .len()
            .min(self.decision.dispatched().len().saturating_sub(1))
    }

    /// The request of the current call: tool name and argument text.
    pub fn request(&self) -> (&str, &str) {
        self.decision
            .dispatched()
            .get(self.current())
            .map_or(("", ""), |c| (c.name.as_str(), c.args.as_str()))
    }

    /// Records the current call's outcome, and whether it ran with the
    /// person's approval; `false` (and nothing recorded) once the turn is
    /// complete.
    pub fn record(&mut self, outcome: CallOutcome, approved: bool) -> bool {
        if self.is_complete() {
            return false;
        }
        self.outcomes.push(outcome);
        self.approved += usize::from(approved);
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
                                && matches!(outcome, CallOutcome::Committed | CallOutcome::Replayed)
                        });
                (claim, backed)
            })
            .collect()
    }
}
