//! The baseline panel's view: the captured side beside the live one, or a
//! hint.

use super::Workbench;
use crate::baseline::Baseline;
use crate::text::{Arg, Locale, Text};
use crate::vocab::Gate;

/// The baseline panel: the captured side and the live side, or a hint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BaselineView {
    Empty(String),
    Compare(Box<Compare>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Compare {
    pub base_title: String,
    pub base_setup: String,
    pub base_request_label: String,
    pub base_request: String,
    pub base_rows: Vec<String>,
    pub base_summary: String,
    pub base_output_label: String,
    pub base_output: Option<String>,
    pub live_title: String,
    pub live_setup: String,
    pub live_request_label: String,
    pub live_request: String,
    pub live_rows: Vec<String>,
    pub live_summary: String,
}

impl BaselineView {
    pub(crate) fn new(baseline: Option<&Baseline>, wb: &Workbench, l: Locale) -> Self {
        let Some(b) = baseline else {
            return BaselineView::Empty(Text::BaselineEmpty.render(l));
        };
        let live = wb.view_live_setup();
        BaselineView::Compare(Box::new(Compare {
            base_title: Text::BaselineColumn.render(l),
            base_setup: Text::BaselineSetup {
                role: (&b.role).into(),
                hook: (&b.hook).into(),
                key: (&b.key).into(),
                approved: b.approved.to_string().into(),
            }
            .render(l),
            base_request_label: Text::BaselineRequest.render(l),
            base_request: b.request.clone(),
            base_rows: b
                .rows
                .iter()
                .map(|(gate, verdict, reason)| {
                    // The gate by its name in the page's language (a stored
                    // id this build does not know stays as it was).
                    let gate = gate
                        .parse::<Gate>()
                        .map_or_else(|_| Arg::from(gate), |g| g.name().into());
                    compare_row(l, gate, verdict, reason)
                })
                .collect(),
            base_summary: b.summary.clone(),
            base_output_label: Text::BaselineOutput.render(l),
            base_output: b.output.clone(),
            live_title: Text::LiveColumn.render(l),
            live_setup: live,
            live_request_label: Text::LiveRequest.render(l),
            live_request: crate::gates::request_text(&wb.inputs()).render(l),
            // The live run as far as inspection has reached it.
            live_rows: Gate::ALL
                .iter()
                .map(|&gate| {
                    let (status, reason) = wb.row_as_reached(gate);
                    compare_row(l, gate.name(), status, reason)
                })
                .collect(),
            live_summary: wb.summary_as_reached().render(l),
        }))
    }
}

/// One gate of the baseline comparison: `schema: passed — …`.
fn compare_row(
    l: Locale,
    gate: impl Into<Arg>,
    status: impl Into<Arg>,
    reason: impl Into<Arg>,
) -> String {
    Text::CompareRow {
        gate: gate.into(),
        status: status.into(),
        reason: reason.into(),
    }
    .render(l)
}

impl Workbench {
    pub(super) fn view_live_setup(&self) -> String {
        let l = self.locale();
        Text::LiveSetup {
            role: self.policy().role.label().into(),
            hook: self.policy().hook.label().into(),
            key: (&self.policy().key).into(),
            approval: self.approval_status().into(),
        }
        .render(l)
    }

    pub(super) fn baseline_view(&self) -> BaselineView {
        BaselineView::new(self.baseline(), self, self.locale())
    }
}

/// The baseline panel: the comparison, and its two buttons.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BaselinePanelView {
    pub compare: BaselineView,
    /// `Capture baseline` or `Replace baseline`.
    pub capture_label: String,
    pub clear_enabled: bool,
}

impl Workbench {
    pub(super) fn baseline_panel_view(&self) -> BaselinePanelView {
        BaselinePanelView {
            compare: self.baseline_view(),
            capture_label: self.t(if self.baseline().is_some() {
                Text::ReplaceBaseline
            } else {
                Text::CaptureBaseline
            }),
            clear_enabled: self.baseline().is_some(),
        }
    }
}
