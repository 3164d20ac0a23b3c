//! The complete-run preview: every gate's verdict in one line, and what
//! the run does (or, once finished, did).

use super::{RowStatus, Workbench};
use crate::text::Text;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PreviewView {
    /// One line per gate: `Schema: passed — …`.
    pub rows: Vec<(RowStatus, String)>,
    pub summary: String,
}

impl Workbench {
    pub(super) fn preview_view(&self) -> PreviewView {
        PreviewView {
            rows: (self.rows(None).into_iter())
                .map(|r| {
                    let line = self.t(Text::PreviewRow {
                        gate: r.gate.label().into(),
                        status: r.status.label().into(),
                        reason: r.reason.into(),
                    });
                    (r.status, line)
                })
                .collect(),
            // After the run, what it did (not what finishing would do).
            summary: if self.clock().is_finished() {
                self.caption(None)
            } else {
                self.t(self.plan().summary())
            },
        }
    }
}
