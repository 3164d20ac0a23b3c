//! Experiment goals as data, and when the workbench reaches them.
//!
//! A goal is a declarative condition on the workbench's typed state, read
//! from an experiment's file ([`crate::experiments`]): an event (a
//! finished run, Restart inspection, Reset synthetic ledger), and
//! conditions on that run (its tool, role, hook, outcome, the kind of its
//! typed rejection reason, a phrase in the returned output), on the agent
//! turn it finished, and on the ledger and policy just before and just
//! after. Goals are never matched against message text. Reaching a goal is
//! recorded once and never undone; the page shows which goals are reached
//! and an embedding course page is told (with no personal data).

use crate::fixtures::Localized;
use crate::gates::{Gate, Plan};
use crate::ledger::{Commit, Finish, Ledger};
use crate::mode::{CallOutcome, Turn};
use crate::policy::{Hook, Role};
use crate::reason::Reason;
use crate::schema::ArgError;
use crate::store::StoreKind;
use crate::tools::calculator::CalculatorError;
use crate::tools::calendar::CalendarError;
use crate::tools::calendar::{schedule, Schedule};
use crate::tools::email::{outbox, Outbox};
use crate::words::Words;

crate::closed_enum! {
    /// What a finished run must have done.
    pub enum Outcome as "outcome" {
        /// Not rejected (a read, an effect or a replay).
        Succeeded = "succeeded",
        /// A read that returned its output.
        Read = "read",
        /// A mutation's effect was committed.
        Committed = "committed",
        /// A stored receipt was returned again.
        Replayed = "replayed",
        /// Rejected (at [`RunMatch::gate`], when given).
        Rejected = "rejected",
    }
}

crate::closed_enum! {
    /// The event a goal waits for.
    #[derive(Default)]
    pub enum Event as "event" {
        /// A run finished its seventh stage.
        #[default]
        Run = "run",
        /// Restart inspection.
        Restart = "restart",
        /// Reset synthetic ledger.
        Reset = "reset",
    }
}

/// A condition on one finished run; `None` fields match anything.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RunMatch {
    pub tool: Option<String>,
    pub role: Option<Role>,
    pub hook: Option<Hook>,
    pub outcome: Option<Outcome>,
    /// The gate that rejected (with [`Outcome::Rejected`]).
    pub gate: Option<Gate>,
    /// The kind of reason the rejected row gives.
    pub reason: Option<ReasonIs>,
    /// A phrase the returned output contains, in any of its languages.
    pub output: Option<Localized<String>>,
}

crate::closed_enum! {
    /// A kind of rejection reason that names no field.
    pub enum ReasonKind as "reason" {
        /// The registry holds no tool of that name.
        UnknownTool = "unknown-tool",
        /// The event overlaps one already on the schedule.
        Overlap = "overlap",
        /// The person rejected the call when a turn held it for approval.
        RefusedByPerson = "refused-by-person",
        /// A division by zero.
        DivideByZero = "divide-by-zero",
    }
}

crate::closed_enum! {
    /// A kind of argument error, about one field.
    pub enum FieldReason as "field reason" {
        /// A required field is missing.
        Missing = "missing",
        /// A field is outside its allowed values (e.g. `path`).
        NotOneOf = "not-one-of",
        /// A text is not in its field's format (e.g. `to` outside example.test).
        BadFormat = "bad-format",
        /// A number is outside its bounds (e.g. `limit`).
        OutOfRange = "out-of-range",
    }
}

/// A kind of rejection reason, matched on the typed reason (never on its
/// wording).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReasonIs {
    Kind(ReasonKind),
    Field(FieldReason, String),
}

impl ReasonIs {
    pub fn matches(&self, reason: &Reason) -> bool {
        match (self, reason) {
            (ReasonIs::Kind(kind), _) => match (kind, reason) {
                (ReasonKind::UnknownTool, Reason::UnknownTool { .. })
                | (ReasonKind::RefusedByPerson, Reason::ApprovalRefused) => true,
                (ReasonKind::Overlap, Reason::Exec(e)) => matches!(
                    e.get::<CalendarError>(),
                    Some(CalendarError::Overlap { .. })
                ),
                (ReasonKind::DivideByZero, Reason::Exec(e)) => {
                    e.get() == Some(&CalculatorError::DivideByZero)
                }
                _ => false,
            },
            (ReasonIs::Field(kind, want), Reason::Args(error)) => {
                let field = match (kind, error) {
                    (FieldReason::Missing, ArgError::Missing { field })
                    | (FieldReason::NotOneOf, ArgError::NotOneOf { field, .. })
                    | (FieldReason::BadFormat, ArgError::BadFormat { field, .. })
                    | (FieldReason::OutOfRange, ArgError::OutOfRange { field, .. }) => field,
                    _ => return false,
                };
                field == want
            }
            _ => false,
        }
    }
}

/// What the agent turn a run finished must show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TurnMatch {
    /// Calls refused before dispatch (over the limit, or malformed).
    RefusedCalls,
    /// A claim no effect stands behind.
    UnbackedClaim,
    /// The turn called this tool, and no call of it made an effect or
    /// returned a receipt.
    KeptFrom(String),
}

/// A number of things, as a goal bounds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Count {
    Exactly(usize),
    AtLeast(usize),
    AtMost(usize),
}

impl Count {
    pub fn holds(self, n: usize) -> bool {
        match self {
            Count::Exactly(want) => n == want,
            Count::AtLeast(min) => n >= min,
            Count::AtMost(max) => n <= max,
        }
    }
}

/// Conditions on the ledger and the policy at one moment; `None` fields
/// match anything.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StateMatch {
    pub outbox: Option<Count>,
    pub schedule: Option<Count>,
    pub receipts: Option<Count>,
    /// Reuse receipts (deduplication) is on.
    pub reuse: Option<bool>,
    /// Two outbox messages, or two schedule events, are the same.
    pub duplicate: Option<bool>,
}

/// The state a [`StateMatch`] is judged on.
#[derive(Debug, Clone, Copy)]
pub struct State<'a> {
    pub ledger: &'a Ledger,
    pub reuse: bool,
}

impl StateMatch {
    /// Whether the match looks at the store `kind`: counts its entries or
    /// compares them for duplicates.
    pub fn looks_at(&self, kind: StoreKind) -> bool {
        let twice = self.duplicate.is_some();
        (kind == StoreKind::of::<Outbox>() && (self.outbox.is_some() || twice))
            || (kind == StoreKind::of::<Schedule>() && (self.schedule.is_some() || twice))
    }

    pub fn holds(&self, state: State<'_>) -> bool {
        let ledger = state.ledger;
        let count = |want: Option<Count>, n: usize| want.is_none_or(|c| c.holds(n));
        count(self.outbox, outbox(ledger.stores()).len())
            && count(self.schedule, schedule(ledger.stores()).len())
            && count(self.receipts, ledger.receipts().len())
            && self.reuse.is_none_or(|r| r == state.reuse)
            && self.duplicate.is_none_or(|d| d == has_duplicate(ledger))
    }
}

fn has_duplicate(ledger: &Ledger) -> bool {
    fn twice<T: PartialEq>(items: &[T]) -> bool {
        items
            .iter()
            .enumerate()
            .any(|(i, a)| items[i + 1..].contains(a))
    }
    // The same message or event under another id.
    let emails: Vec<_> = (outbox(ledger.stores()).iter())
        .map(|e| (&e.to, &e.subject, &e.body))
        .collect();
    let events: Vec<_> = (schedule(ledger.stores()).iter())
        .map(|e| (&e.title, &e.start, &e.end))
        .collect();
    twice(&emails) || twice(&events)
}

/// When a goal is reached: its event, and every condition given.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct When {
    pub on: Event,
    pub run: Option<RunMatch>,
    pub turn: Option<TurnMatch>,
    pub before: Option<StateMatch>,
    pub state: Option<StateMatch>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Goal {
    /// Stable within its experiment (sent to an embedding page).
    pub id: String,
    /// What the goal asks, in each language.
    pub text: Words,
    pub when: When,
}

/// What a finished run did, for matching.
#[derive(Debug)]
pub struct FinishedRun<'a> {
    pub tool: &'a str,
    pub role: Role,
    pub hook: Hook,
    pub plan: &'a Plan,
    /// The agent turn, when this run finished it.
    pub turn: Option<&'a Turn>,
}

/// What happened: the event, the run (for [`Event::Run`]), and the state
/// just before and just after.
#[derive(Debug)]
pub struct Happened<'a> {
    pub event: Event,
    pub run: Option<&'a FinishedRun<'a>>,
    pub before: State<'a>,
    pub after: State<'a>,
}

impl Goal {
    pub fn reached_by(&self, happened: &Happened<'_>) -> bool {
        let when = &self.when;
        when.on == happened.event
            && when
                .run
                .as_ref()
                .is_none_or(|m| happened.run.is_some_and(|run| m.matches(run)))
            && when.turn.as_ref().is_none_or(|m| {
                happened
                    .run
                    .and_then(|r| r.turn)
                    .is_some_and(|t| m.matches(t))
            })
            && when.before.is_none_or(|s| s.holds(happened.before))
            && when.state.is_none_or(|s| s.holds(happened.after))
    }
}

impl TurnMatch {
    fn matches(&self, turn: &Turn) -> bool {
        match self {
            TurnMatch::RefusedCalls => turn.decision().refused() > 0,
            TurnMatch::UnbackedClaim => turn.claims().iter().any(|(_, backed)| !backed),
            TurnMatch::KeptFrom(tool) => {
                let calls = || {
                    turn.decision()
                        .dispatched()
                        .iter()
                        .zip(turn.outcomes())
                        .filter(|(call, _)| call.name == *tool)
                };
                calls().next().is_some()
                    && calls().all(|(_, outcome)| {
                        !matches!(outcome, CallOutcome::Committed(_) | CallOutcome::Replayed)
                    })
            }
        }
    }
}

impl RunMatch {
    fn matches(&self, run: &FinishedRun<'_>) -> bool {
        let plan = run.plan;
        let outcome = self.outcome.is_none_or(|want| {
            matches!(
                (plan.commit(), want),
                (Commit::Ran(_), Outcome::Succeeded)
                    | (Commit::Ran(Finish::Read), Outcome::Read)
                    | (Commit::Ran(Finish::Effect { .. }), Outcome::Committed)
                    | (Commit::Ran(Finish::Replay { .. }), Outcome::Replayed)
                    | (Commit::Rejected(_), Outcome::Rejected)
            )
        });
        let gate = self
            .gate
            .is_none_or(|want| matches!(plan.commit(), Commit::Rejected(g) if g == want));
        let reason = self
            .reason
            .as_ref()
            .is_none_or(|kind| plan.rejection().is_some_and(|r| kind.matches(r)));
        let output = self
            .output
            .as_ref()
            .is_none_or(|phrase| phrase.all().any(|p| plan.returns(p)));
        outcome
            && gate
            && reason
            && output
            && self.tool.as_ref().is_none_or(|t| t == run.tool)
            && self.role.is_none_or(|r| r == run.role)
            && self.hook.is_none_or(|h| h == run.hook)
    }
}

/// The goal ids a stored progress value holds (a JSON array of strings);
/// `None`: it is not one.
pub fn progress_ids(stored: &str) -> Option<Vec<String>> {
    match crate::json::from_str(stored) {
        Ok(serde_json::Value::Array(ids)) => Some(
            ids.iter()
                .filter_map(|id| id.as_str().map(String::from))
                .collect(),
        ),
        _ => None,
    }
}
