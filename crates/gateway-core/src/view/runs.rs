//! The runs log's view: one record per finished run, in words.

use super::Workbench;
use crate::runlog::RunRecord;
use crate::text::Text;
use crate::vocab::Gate;

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

impl Workbench {
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
}

/// The runs log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunsView {
    pub records: Vec<RunView>,
    /// What the runs log shows with no run.
    pub empty: String,
    /// Which key shapes are masked, and that masking is a safety net.
    pub masking: String,
}

impl Workbench {
    pub(super) fn runs_view(&self) -> RunsView {
        RunsView {
            records: self.log().records().map(|r| self.run_view(r)).collect(),
            empty: self.t(Text::RunsEmpty),
            masking: self.t(Text::RunsMasking),
        }
    }
}
