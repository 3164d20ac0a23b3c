//! The output panel's view: the returned output once the run finished.

use super::Workbench;
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
