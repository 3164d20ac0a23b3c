//! Experiment goals as data, and how a finished run reaches them.
//!
//! A goal is a condition on one finished run (its tool, role, hook and
//! outcome, the kind of its typed rejection reason, a phrase in the
//! returned output) or on the
//! ledger afterwards. Reaching a goal is recorded once and never undone;
//! the page shows which goals are reached and an embedding course page is
//! told (with no personal data).

use crate::gates::{Gate, Plan};
use crate::ledger::{Commit, Finish, Ledger};
use crate::mode::{CallOutcome, Turn};
use crate::policy::{Hook, Role};
use crate::reason::Reason;
use crate::schema::ArgError;
use crate::text::Text;
use crate::tools::ExecError;

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
    /// The kind of reason the rejected row gives.
    pub reason: Option<ReasonIs>,
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

/// A kind of rejection reason, matched on the typed reason (never on its
/// wording).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReasonIs {
    /// The registry holds no tool of that name.
    UnknownTool,
    /// A required field is missing.
    Missing(&'static str),
    /// A field is outside its allowed values (e.g. `path`).
    NotOneOf(&'static str),
    /// A text is not in its field's format (e.g. `to` outside example.test).
    BadFormat(&'static str),
    /// A number is outside its bounds (e.g. `limit`).
    OutOfRange(&'static str),
    /// The event overlaps one already on the schedule.
    Overlap,
    /// The person rejected the call when a turn held it for approval.
    RefusedByPerson,
    /// A division by zero.
    DivideByZero,
}

impl ReasonIs {
    pub fn matches(self, reason: &Reason) -> bool {
        match (self, reason) {
            (ReasonIs::UnknownTool, Reason::UnknownTool { .. }) => true,
            (ReasonIs::Missing(f), Reason::Args(ArgError::Missing { field })) => field == f,
            (ReasonIs::NotOneOf(f), Reason::Args(ArgError::NotOneOf { field, .. })) => field == f,
            (ReasonIs::BadFormat(f), Reason::Args(ArgError::BadFormat { field, .. })) => field == f,
            (ReasonIs::OutOfRange(f), Reason::Args(ArgError::OutOfRange { field, .. })) => {
                field == f
            }
            (ReasonIs::Overlap, Reason::Exec(ExecError::Overlap { .. })) => true,
            (ReasonIs::RefusedByPerson, Reason::ApprovalRefused) => true,
            (ReasonIs::DivideByZero, Reason::Exec(ExecError::DivideByZero)) => true,
            _ => false,
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
    /// An agent turn finished that called this tool, and no call of it
    /// made an effect or returned a receipt.
    TurnKeptFrom(&'static str),
}

/// How a finished agent turn ended (when a run finished one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnEnd {
    pub refused: usize,
    pub unbacked_claims: usize,
}

#[derive(Debug, Clone, Copy)]
pub struct Goal {
    /// Stable within its experiment (sent to an embedding page).
    pub id: &'static str,
    /// What the goal asks, made when shown.
    pub text: fn() -> Text,
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
    /// The agent turn, when this run finished it.
    pub turn: Option<&'a Turn>,
}

impl Goal {
    pub fn reached_by(&self, run: &FinishedRun<'_>) -> bool {
        match self.reach {
            Reach::OutboxAtLeast(n) => run.ledger.outbox().len() >= n,
            Reach::TurnRefusedCalls => run.turn_end.is_some_and(|t| t.refused > 0),
            Reach::UnbackedClaim => run.turn_end.is_some_and(|t| t.unbacked_claims > 0),
            Reach::TurnKeptFrom(tool) => run.turn.is_some_and(|turn| {
                let calls = || {
                    turn.decision()
                        .dispatched()
                        .iter()
                        .zip(turn.outcomes())
                        .filter(|(call, _)| call.name == tool)
                };
                calls().next().is_some()
                    && calls().all(|(_, outcome)| {
                        !matches!(outcome, CallOutcome::Committed | CallOutcome::Replayed)
                    })
            }),
            Reach::Run(m) => {
                let plan = run.plan;
                let outcome = match (plan.commit(), m.outcome) {
                    (Commit::Rejected(_), Outcome::Succeeded) => false,
                    (_, Outcome::Succeeded) => true,
                    (Commit::Ran(Finish::Read), Outcome::Read)
                    | (Commit::Ran(Finish::Effect { .. }), Outcome::Committed)
                    | (Commit::Ran(Finish::Replay { .. }), Outcome::Replayed) => true,
                    (Commit::Rejected(g), Outcome::RejectedAt(want)) => g == want,
                    _ => false,
                };
                let reason = m
                    .reason
                    .is_none_or(|kind| plan.rejection().is_some_and(|r| kind.matches(r)));
                let output = m.output.is_none_or(|phrase| plan.returns(phrase));
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
