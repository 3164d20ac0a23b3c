//! What the workbench hands out as values: the setup a link shares, the
//! baseline captured, the runs log's time of day and the checker's
//! fingerprint of a state.

use super::Workbench;
use crate::baseline::Baseline;
use crate::gates::request_text;
use crate::mode::Mode;
use crate::share::Setup;

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

    /// The current inputs and plan as a baseline, in the page's language.
    pub(super) fn capture_baseline(&self) -> Baseline {
        let l = self.locale;
        let inputs = self.inputs();
        let plan = &self.run.plan;
        Baseline {
            request: request_text(&inputs).render(l),
            role: inputs.role.label().render(l),
            hook: inputs.hook.label().render(l),
            key: inputs.key.clone(),
            approved: inputs.approval.is_some(),
            rows: plan
                .rows()
                .iter()
                .map(|r| {
                    (
                        r.gate.id().into(),
                        r.verdict.label().render(l),
                        r.reason.text().render(l),
                    )
                })
                .collect(),
            summary: plan.summary().render(l),
            output: plan.returned_text(),
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
