//! The workbench's security boundary as six checks over arbitrary bytes.
//!
//! Each check decodes the bytes into inputs of `gateway-core`, runs them,
//! and answers `Err(Violation)` naming the invariant that broke and the
//! step where it did:
//!
//! - [`check_planner`]: a tool name and argument text (and a ledger, a
//!   registry, the policy inputs) through the seven gates;
//! - [`check_session`]: a page opened through `opening::open`, then a
//!   sequence of every kind of `Msg`, `update`, `poll_command` and `view()`
//!   after every step;
//! - [`check_decoders`]: the same text through every decoder of outside
//!   input;
//! - [`check_turn_settings`], [`check_baseline`]: the session, its
//!   messages weighted towards agent turns with setting changes between
//!   their steps, and towards Capture baseline mid-run;
//! - [`check_carried`]: a page opened on an instructor's experiment
//!   carried in a link (any fragment, any inflated bytes, a built-in file
//!   with fields smuggled in): never an approval, never a ledger beyond
//!   the declared start.
//!
//! The fuzz targets in `fuzz/` call these and panic on `Err`; the test
//! `tests/replay.rs` replays the saved corpus and every regression through
//! all of them on stable. There is no randomness and no clock: the same bytes
//! always give the same run.

use std::fmt;
use std::panic::{catch_unwind, AssertUnwindSafe};

use gateway_core::gates::{Plan, GATES};
use gateway_core::ledger::Commit;
use gateway_core::runlog::RunLog;
use gateway_core::text::{Locale, Text};
use gateway_core::view::PageModel;
use gateway_core::{Gate, Verdict};

pub mod carried;
pub mod decode;
mod decoders;
pub mod keys;
mod planner;
mod session;
mod settings;

pub use carried::check_carried;
pub use decoders::check_decoders;
pub use planner::check_planner;
pub use session::{check_baseline, check_session, check_turn_settings};

gateway_core::closed_enum! {
    /// What must hold, whatever the bytes.
    pub enum Invariant as "invariant" {
        /// Nothing panics.
        NoPanic = "no-panic",
        /// Every plan and every view has seven gate rows, in gate order.
        SevenRows = "seven-rows",
        /// At most one rejection, every later row skipped, every row
        /// worded, and a commit and output that agree with the rows.
        PlanShape = "plan-shape",
        /// The same inputs and ledger give the same plan; the plan under
        /// inspection is the plan of the current inputs.
        Deterministic = "deterministic",
        /// A tool name the registry does not hold is rejected at the
        /// schema gate, by name, and nothing runs.
        UnknownToolRefused = "unknown-tool-refused",
        /// An approval passes only the tool and payload it was given for.
        ApprovalBinds = "approval-binds",
        /// A key that holds a receipt replays it instead of a second effect.
        OneEffectPerKey = "one-effect-per-key",
        /// The ledger changes only when a run finishes its seventh stage
        /// (by exactly what its plan said), or on a ledger reset.
        LedgerOnlyAtSeventhStage = "ledger-only-at-seventh-stage",
        /// Any change of input clears the approval and rewinds to gate 1.
        InputChangeClearsApproval = "input-change-clears-approval",
        /// The after-hooks (redact, mark-data) change the returned output only, never the ledger.
        RedactLeavesLedger = "redact-leaves-ledger",
        /// No API-key-shaped string in returned output or the runs log.
        NoUnmaskedKey = "no-unmasked-key",
        /// At most six calls of a turn are dispatched (and run).
        AtMostSixCalls = "at-most-six-calls",
        /// Role, hook, operation key and receipt policy change only by the
        /// learner's own messages (a setting, a shared setup, a reset, a
        /// tool choice that turns Redact output off with a notice); never
        /// by an agent turn.
        SettingsOnlyByLearner = "settings-only-by-learner",
        /// A captured baseline holds the run as far as inspection reached
        /// it: no verdict of a gate not yet inspected, no output before
        /// the run finished.
        BaselineAsReached = "baseline-as-reached",
        /// No Store or Remove reaches a locked slot; opening writes nothing.
        NoWriteToLockedSlot = "no-write-to-locked-slot",
        /// Every error of a decoder has words, naming the field and the bound.
        ErrorHasMessage = "error-has-message",
        /// What a decoder accepts, its writer writes back the same.
        RoundTrip = "round-trip",
    }
}

/// An invariant that broke, where, and what was seen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    pub invariant: Invariant,
    /// 0 before the first message (opening, planning, decoding); `n` after
    /// the `n`-th message of a session or the `n`-th plan.
    pub step: usize,
    /// What ran at that step: the message's kind, the plan, the decoder.
    pub at: String,
    pub detail: String,
}

impl Violation {
    pub fn new(invariant: Invariant, detail: impl Into<String>) -> Self {
        Self {
            invariant,
            step: 0,
            at: String::new(),
            detail: detail.into(),
        }
    }

    /// The same violation, found at `step` (`at`).
    pub fn located(mut self, step: usize, at: &str) -> Self {
        self.step = step;
        self.at = at.into();
        self
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invariant {} broken at step {} ({}): {}",
            self.invariant, self.step, self.at, self.detail
        )
    }
}

impl std::error::Error for Violation {}

/// Returns a violation of `$inv` unless `$cond` holds.
macro_rules! ensure {
    ($cond:expr, $inv:expr, $($fmt:tt)+) => {
        if !$cond {
            return Err($crate::Violation::new($inv, format!($($fmt)+)));
        }
    };
}
pub(crate) use ensure;

/// Runs `f`, turning a panic into a violation at `step` (`at`).
pub(crate) fn guard<T>(step: usize, at: &str, f: impl FnOnce() -> T) -> Result<T, Violation> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|payload| {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        Violation::new(Invariant::NoPanic, message).located(step, at)
    })
}

/// `text` has words in every language of the page.
pub(crate) fn worded(text: &Text) -> Result<(), Violation> {
    for locale in Locale::ALL {
        let words = text.render(locale);
        ensure!(
            !words.trim().is_empty(),
            Invariant::ErrorHasMessage,
            "{text:?} has no words in {}",
            locale.id()
        );
    }
    Ok(())
}

/// Seven rows in gate order, one-line reasons, at most one rejection with
/// every later row skipped, and a commit and output that agree with them;
/// no API key in the returned output.
pub fn plan_shape(plan: &Plan) -> Result<(), Violation> {
    let rows = plan.rows();
    ensure!(
        rows.len() == GATES,
        Invariant::SevenRows,
        "{} rows",
        rows.len()
    );
    for (row, gate) in rows.iter().zip(Gate::ALL) {
        let reason = row.reason.to_string();
        ensure!(
            row.gate == gate,
            Invariant::SevenRows,
            "{:?} where {gate:?} stands",
            row.gate
        );
        ensure!(
            !reason.is_empty(),
            Invariant::PlanShape,
            "{gate:?} has no reason"
        );
        ensure!(
            !reason.contains('\n'),
            Invariant::PlanShape,
            "{gate:?} reason {reason:?}"
        );
    }
    let rejected: Vec<usize> = (0..GATES)
        .filter(|&i| rows[i].verdict == Verdict::Rejected)
        .collect();
    ensure!(rejected.len() <= 1, Invariant::PlanShape, "{rows:?}");
    let shape = Invariant::PlanShape;
    match rejected.first() {
        Some(&r) => {
            let gate = Gate::ALL[r];
            ensure!(
                rows[..r].iter().all(|x| x.verdict != Verdict::Skipped),
                shape,
                "a row before the rejection is skipped: {rows:?}"
            );
            ensure!(
                rows[r + 1..].iter().all(|x| x.verdict == Verdict::Skipped),
                shape,
                "a row after the rejection is not skipped: {rows:?}"
            );
            ensure!(
                plan.commit() == Commit::Rejected(gate),
                shape,
                "{:?}",
                plan.commit()
            );
            ensure!(
                plan.rejected_at() == Some(gate),
                shape,
                "{:?}",
                plan.rejected_at()
            );
            ensure!(
                plan.rejection() == Some(&rows[r].reason),
                shape,
                "{:?}",
                plan.rejection()
            );
            ensure!(
                plan.returned().is_none(),
                shape,
                "a rejected call returned output"
            );
        }
        None => {
            ensure!(
                rows.iter().all(|x| x.verdict != Verdict::Skipped),
                shape,
                "a row is skipped with no rejection: {rows:?}"
            );
            ensure!(
                !matches!(plan.commit(), Commit::Rejected(_)),
                shape,
                "{:?}",
                plan.commit()
            );
            ensure!(plan.rejection().is_none(), shape, "{:?}", plan.rejection());
            ensure!(
                plan.returned().is_some(),
                shape,
                "a call that ran returned nothing"
            );
        }
    }
    ensure!(
        plan.call().is_none() == (plan.rejected_at() == Some(Gate::Schema)),
        shape,
        "call {:?} rejected at {:?}",
        plan.call(),
        plan.rejected_at()
    );
    if let Some(call) = plan.call() {
        let not_needed = |gate: Gate| {
            let v = plan.row(gate).verdict;
            v == Verdict::Skipped || v == Verdict::NotNeeded
        };
        ensure!(
            call.risk.needs_approval() || not_needed(Gate::Approval),
            shape,
            "a {:?} call needed approval",
            call.risk
        );
        ensure!(
            call.risk.is_mutation() || not_needed(Gate::Idempotency),
            shape,
            "a {:?} call needed a key",
            call.risk
        );
    }
    if let Some(text) = plan.returned_text() {
        ensure!(
            clean(&text),
            Invariant::NoUnmaskedKey,
            "returned output: {text}"
        );
    }
    Ok(())
}

/// No key shape left whole in `text`, by the judge written apart from the
/// masker ([`keys::visible_key`]).
fn clean(text: &str) -> bool {
    keys::visible_key(text).is_none()
}

/// No API-key-shaped string in any record of the runs log.
pub fn log_masked(log: &RunLog) -> Result<(), Violation> {
    for r in log.records() {
        let leak = Invariant::NoUnmaskedKey;
        ensure!(clean(&r.tool), leak, "run {} tool {:?}", r.seq, r.tool);
        ensure!(clean(&r.key), leak, "run {} key {:?}", r.seq, r.key);
        ensure!(clean(&r.args), leak, "run {} arguments {:?}", r.seq, r.args);
        ensure!(
            clean(&r.experiment),
            leak,
            "run {} experiment {:?}",
            r.seq,
            r.experiment
        );
        if let Some(out) = &r.output {
            ensure!(clean(out), leak, "run {} output: {out}", r.seq);
        }
        for claim in r.turn.iter().flat_map(|t| &t.claims) {
            ensure!(
                clean(&claim.quote),
                leak,
                "run {} claim {:?}",
                r.seq,
                claim.quote
            );
        }
    }
    Ok(())
}

/// The view's gate rows and its complete-run preview: seven, in gate
/// order; no API key in the returned output or the runs log it shows.
pub fn view_shape(view: &PageModel) -> Result<(), Violation> {
    let rows = Invariant::SevenRows;
    ensure!(
        view.gateway.gates.len() == GATES,
        rows,
        "{} gate rows",
        view.gateway.gates.len()
    );
    ensure!(
        view.preview.rows.len() == GATES,
        rows,
        "{} preview rows",
        view.preview.rows.len()
    );
    for (row, gate) in view.gateway.gates.iter().zip(Gate::ALL) {
        ensure!(
            row.gate == gate,
            rows,
            "{:?} where {gate:?} stands",
            row.gate
        );
    }
    let leak = Invariant::NoUnmaskedKey;
    if let Some(out) = &view.output.text {
        ensure!(clean(out), leak, "returned output: {out}");
    }
    for run in view.runs.records.iter() {
        ensure!(
            clean(&run.summary),
            leak,
            "run {}: {}",
            run.seq,
            run.summary
        );
        ensure!(clean(&run.args), leak, "run {}: {}", run.seq, run.args);
        if let Some(out) = &run.output {
            ensure!(clean(out), leak, "run {} output: {out}", run.seq);
        }
    }
    Ok(())
}
