//! The request builder's view: tool, example, arguments, policy inputs and
//! the approval.

use super::Workbench;
use crate::text::Text;
use crate::workbench::Lapse;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApprovalView {
    pub approved: bool,
    pub can_approve: bool,
    pub can_revoke: bool,
    /// `Approve exact payload` or `Revoke approval`.
    pub button: String,
    /// One sentence on the approval state.
    pub status: String,
}

impl Workbench {
    pub(super) fn approval_view(&self) -> ApprovalView {
        let approved = self.approval().is_some();
        let applies = self.approval_applies();
        let frozen = self.turn_finished();
        ApprovalView {
            approved,
            can_approve: applies && !approved && !frozen,
            can_revoke: approved && !frozen,
            button: self.t(if approved {
                Text::RevokeApproval
            } else {
                Text::ApproveExactPayload
            }),
            status: self.t(self.approval_status()),
        }
    }

    /// One sentence on the approval state: what is approved, or what an
    /// edit changed since the approval it cleared.
    pub(crate) fn approval_status(&self) -> Text {
        if let Some(a) = self.approval() {
            return Text::ApprovalGiven {
                tool: (&a.tool).into(),
                payload: (&a.payload).into(),
            };
        }
        if let Some(lapsed) = self.lapsed() {
            return self.lapse(&lapsed.approval, &lapsed.lapse);
        }
        match self.plan().call() {
            Some(call) if call.risk.needs_approval() => Text::ApprovalNeeded {
                risk: call.risk.name().into(),
            },
            Some(call) if call.risk.is_refused() => Text::ApprovalRefused {
                risk: call.risk.name().into(),
            },
            Some(call) => Text::ApprovalNotNeeded {
                risk: call.risk.name().into(),
            },
            None => Text::ApprovalNoRequest,
        }
    }

    /// What changed since `approval`, as the workbench worked it out.
    fn lapse(&self, approval: &crate::gates::Approval, lapse: &Lapse) -> Text {
        match lapse {
            Lapse::Field { field, was } => Text::ApprovalLapsedField {
                field: field.into(),
                was: was
                    .clone()
                    .unwrap_or_else(|| self.t(Text::ApprovalAbsent))
                    .into(),
            },
            Lapse::Request => Text::ApprovalLapsedTool {
                tool: (&approval.tool).into(),
                payload: (&approval.payload).into(),
            },
            Lapse::Inputs => Text::ApprovalLapsedInputs,
        }
    }
}
