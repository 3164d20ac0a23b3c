//! Experiment goals as data, and how a finished run reaches them.
//!
//! A goal is a condition on one finished run (its tool, role, hook and
//! outcome, a phrase in the rejection reason or in the output) or on the
//! ledger afterwards. Reaching a goal is recorded once and never undone;
//! the page shows which goals are reached and an embedding course page is
//! told (with no personal data).

use crate::gates::{Gate, Plan};
use crate::ledger::{Commit, Ledger};
use crate::policy::{Hook, Role};

/// What a finished run must have done.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Not rejected (a read, an effect or a replay).
    Succeeded,
    /// A read that returned its output.
    Read,
    /// A mutation's effect was committed.
    Committed,
    /// A stored receipt was returned again.
    Replayed,
    /// Rejected at this gate.
    RejectedAt(Gate),
}

/// A condition on one finished run; `None` fields match anything.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunMatch {
    pub tool: Option<&'static str>,
    pub role: Option<Role>,
    pub hook: Option<Hook>,
    pub outcome: Outcome,
    /// A phrase the rejected row's reason contains.
    pub reason: Option<&'static str>,
    /// A phrase the returned output contains.
    pub output: Option<&'static str>,
}

impl RunMatch {
    /// Matches any finished run with this outcome.
    pub const fn outcome(outcome: Outcome) -> Self {
        Self {
            tool: None,
            role: None,
            hook: None,
            outcome,
            reason: None,
            output: None,
        }
    }
}

/// When a goal is reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    Run(RunMatch),
    /// The outbox holds at least this many messages.
    OutboxAtLeast(usize),
    /// An agent turn finished with calls refused before dispatch.
    TurnRefusedCalls,
    /// An agent turn finished with a claim no effect stands behind.
    UnbackedClaim,
}

/// How a finished agent turn ended (when a run finished one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnEnd {
    pub refused: usize,
    pub unbacked_claims: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Goal {
    /// Stable within its experiment (sent to an embedding page).
    pub id: &'static str,
    pub text: &'static str,
    pub reach: Reach,
}

/// What a finished run did, for matching.
#[derive(Debug)]
pub struct FinishedRun<'a> {
    pub tool: &'a str,
    pub role: Role,
    pub hook: Hook,
    pub plan: &'a Plan,
    pub ledger: &'a Ledger,
    /// Set when this run was the last call of an agent turn.
    pub turn_end: Option<TurnEnd>,
}

impl Goal {
    pub fn reached_by(&self, run: &FinishedRun<'_>) -> bool {
        match self.reach {
            Reach::OutboxAtLeast(n) => run.ledger.outbox.len() >= n,
            Reach::TurnRefusedCalls => run.turn_end.is_some_and(|t| t.refused > 0),
            Reach::UnbackedClaim => run.turn_end.is_some_and(|t| t.unbacked_claims > 0),
            Reach::Run(m) => {
                let plan = run.plan;
                let outcome = match (&plan.commit, m.outcome) {
                    (Commit::Rejected(_), Outcome::Succeeded) => false,
                    (_, Outcome::Succeeded) => true,
                    (Commit::Read, Outcome::Read)
                    | (Commit::Effect { .. }, Outcome::Committed)
                    | (Commit::Replay, Outcome::Replayed) => true,
                    (Commit::Rejected(g), Outcome::RejectedAt(want)) => *g == want,
                    _ => false,
                };
                let reason = m.reason.is_none_or(|phrase| {
                    plan.rejected_at()
                        .and_then(|g| plan.rows.get(g.index()))
                        .is_some_and(|row| row.reason.contains(phrase))
                });
                let output = m
                    .output
                    .is_none_or(|phrase| plan.returned_text().is_some_and(|t| t.contains(phrase)));
                outcome
                    && reason
                    && output
                    && m.tool.is_none_or(|t| t == run.tool)
                    && m.role.is_none_or(|r| r == run.role)
                    && m.hook.is_none_or(|h| h == run.hook)
            }
        }
    }
}
