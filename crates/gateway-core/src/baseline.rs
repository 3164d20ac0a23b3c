//! The baseline: a captured request and its result, shown beside the live
//! one so a learner can compare two setups.

use crate::gates::{request_text, Plan};
use crate::workbench::Workbench;

/// What Capture baseline saved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Baseline {
    pub request: String,
    pub role: &'static str,
    pub hook: &'static str,
    pub key: String,
    pub approved: bool,
    /// `(gate id, verdict label, reason)` for all seven gates.
    pub rows: Vec<(&'static str, &'static str, String)>,
    pub summary: String,
    pub output: Option<String>,
}

impl Baseline {
    pub(crate) fn capture(wb: &Workbench, plan: &Plan) -> Self {
        let inputs = wb.inputs();
        Self {
            request: request_text(inputs),
            role: inputs.role.label(),
            hook: inputs.hook.label(),
            key: inputs.key.clone(),
            approved: inputs.approval.is_some(),
            rows: plan
                .rows
                .iter()
                .map(|r| (r.gate.id(), r.verdict.label(), r.reason.clone()))
                .collect(),
            summary: plan.summary.clone(),
            output: plan.returned_text(),
        }
    }
}
