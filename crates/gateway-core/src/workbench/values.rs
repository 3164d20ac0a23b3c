//! What the workbench hands out as values: the setup a link shares, the
//! baseline captured, the runs log's time of day and the checker's
//! fingerprint of a state.

use super::Workbench;
use crate::baseline::Baseline;
use crate::gates::request_text;
use crate::mode::Mode;
use crate::playback::Reached;
use crate::share::Setup;
use crate::text::Text;
use crate::vocab::Gate;

impl Workbench {
    /// The setup a Copy link action shares.
    pub fn setup(&self) -> Setup {
        let inputs = self.inputs();
        Setup {
            experiment: self.experiment.id.clone(),
            tool: inputs.tool,
            args: inputs.args,
            role: inputs.role,
            hook: inputs.hook,
            key: inputs.key,
            speed: self.run.clock.speed,
        }
    }

    /// The current inputs and the run as far as inspection has reached it,
    /// as a baseline in the page's language: the verdict and reason of each
    /// gate inspected, `pending` for the rest, and the returned output only
    /// once the run finished (as the output panel shows it: SPEC 3).
    pub(super) fn capture_baseline(&self) -> Baseline {
        let l = self.locale;
        let inputs = self.inputs();
        let plan = &self.run.plan;
        let finished = self.run.clock.is_finished();
        Baseline {
            request: request_text(&inputs).render(l),
            role: inputs.role.label().render(l),
            hook: inputs.hook.label().render(l),
            key: inputs.key.clone(),
            approved: inputs.approval.is_some(),
            rows: Gate::ALL
                .iter()
                .map(|&gate| {
                    let (status, reason) = self.row_as_reached(gate);
                    (gate.id().into(), status.render(l), reason.render(l))
                })
                .collect(),
            summary: self.summary_as_reached().render(l),
            output: plan.returned_text().filter(|_| finished),
        }
    }

    /// A gate's verdict and reason once inspection has revealed it; before,
    /// `pending` and where inspection stands.
    pub(crate) fn row_as_reached(&self, gate: Gate) -> (Text, Text) {
        let row = self.run.plan.row(gate);
        match Reached::of(gate.index(), self.run.clock.stage()) {
            Reached::At => (Text::StatusPending, Text::UnderInspection),
            Reached::Ahead => (Text::StatusPending, Text::NotYetInspected),
            Reached::Past => (row.verdict.label(), row.reason.text()),
        }
    }

    /// What the run does, once it finished; before, where inspection
    /// stands (what finishing would do is not said yet).
    pub(crate) fn summary_as_reached(&self) -> Text {
        match self.run.clock.stage() {
            None => self.run.plan.summary(),
            Some(stage) => Text::BaselineReachedGate {
                number: (stage + 1).into(),
                total: Gate::ALL.len().into(),
                gate: Gate::ALL[stage].name().into(),
            },
        }
    }

    /// The local time of day at the shell's `at_ms`, as `HH:MM:SS`, once
    /// the shell told the wall clock.
    pub(crate) fn time_of_day(&self, at_ms: u64) -> Option<String> {
        let (origin, offset) = self.wall?;
        let local = (origin.saturating_add(at_ms) / 1000) as i64 + i64::from(offset) * 60;
        let s = local.rem_euclid(86_400);
        let mut out = String::with_capacity(8);
        for (i, n) in [s / 3600, s / 60 % 60, s % 60].into_iter().enumerate() {
            if i > 0 {
                out.push(':');
            }
            out.push(char::from(b'0' + (n / 10) as u8));
            out.push(char::from(b'0' + (n % 10) as u8));
        }
        Some(out)
    }

    /// What the experiment checker's search tells states apart by: the
    /// request (or the turn's progress), the policy inputs, the approval
    /// and refusal, where inspection stands, and the ledger without its
    /// counters; not the runs log, notices, commands or goals.
    #[doc(hidden)]
    pub fn fingerprint(&self) -> u64 {
        use std::fmt::Write as _;
        let mut h = crate::fnv::Fnv::default();
        let request = match self.editor.mode() {
            Mode::Free(r) => (r.tool.as_str(), r.args.as_str()),
            Mode::Turn(_) => ("", ""),
        };
        let turn = self.turn().map(|t| (t.outcomes(), t.approved()));
        let l = &self.ledger;
        let _ = write!(
            h,
            "{request:?}{turn:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}",
            self.policy,
            self.run.approval.given(),
            self.run.approval.refused(),
            self.run.clock.state,
            self.run.clock.hold,
            l.stores(),
            l.receipts(),
        );
        h.0
    }
}
