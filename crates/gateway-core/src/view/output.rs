//! The output panel's view: the returned output once the run finished.

use super::Workbench;
use crate::gates::Gate;
use crate::text::Text;

impl Workbench {
    pub(super) fn output_note(&self, finished: bool) -> String {
        self.t(match (finished, self.plan().rejected_at()) {
            (false, _) => Text::OutputPending,
            (true, Some(gate)) => Text::OutputRejected {
                gate: gate.name().into(),
            },
            (true, None) => Text::OutputLiteral,
        })
    }
}

/// The output panel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputView {
    /// Literal returned output, present only after the final stage.
    pub text: Option<String>,
    /// What the output panel says when there is no output.
    pub note: String,
    /// The words of the boundary drawn around `output` when the mark-data
    /// hook marked it as data.
    pub boundary: Option<String>,
}

impl Workbench {
    pub(super) fn output_view(&self) -> OutputView {
        let clock = self.clock();
        let finished = clock.is_finished();
        OutputView {
            text: if finished {
                self.plan().returned_text()
            } else {
                None
            },
            note: self.output_note(finished),
            boundary: (finished
                && self.plan().returned().is_some()
                && matches!(
                    self.plan().row(Gate::AfterHook).reason,
                    crate::reason::Reason::MarkedAsData
                ))
            .then(|| self.t(Text::OutputBoundary)),
        }
    }
}
