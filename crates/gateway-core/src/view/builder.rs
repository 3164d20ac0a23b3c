//! The request builder's view: tool, example, arguments, policy inputs and
//! the approval.

use super::Workbench;
use super::{Choice, HeldView, Toggle};
use crate::gates::{Gate, Verdict};
use crate::json::{utf16_len, MAX_ARGUMENT_UNITS};
use crate::policy::{Hook, Role};
use crate::text::Text;
use crate::tools::ExampleKind;
use crate::workbench::{Lapse, Setting};

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
        let frozen = self.turn_call_finished();
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
        self.what_approval_can_do(|risk| Text::ApprovalNeeded { risk: risk.into() })
    }

    /// What an approval can do for the request as it stands: `needed` for
    /// a risk that needs one (given the risk's name); otherwise that none
    /// can help, that none is needed, or that the request is not valid.
    fn what_approval_can_do(&self, needed: impl FnOnce(Text) -> Text) -> Text {
        match self.plan().call() {
            Some(call) if call.risk.needs_approval() => needed(call.risk.name()),
            Some(call) if call.risk.is_refused() => Text::ApprovalRefused {
                risk: call.risk.name().into(),
            },
            Some(call) => Text::ApprovalNotNeeded {
                risk: call.risk.name().into(),
            },
            None => Text::ApprovalNoRequest,
        }
    }

    /// What changed since `approval`, as the workbench worked it out, and
    /// what to do now.
    fn lapse(&self, approval: &crate::gates::Approval, lapse: &Lapse) -> Text {
        let then = |new_payload| self.t(self.after_lapse(new_payload)).into();
        match lapse {
            Lapse::Field { field, was } => Text::ApprovalLapsedField {
                field: field.into(),
                was: was
                    .clone()
                    .unwrap_or_else(|| self.t(Text::ApprovalAbsent))
                    .into(),
                then: then(true),
            },
            Lapse::Request => Text::ApprovalLapsedTool {
                tool: (&approval.tool).into(),
                payload: (&approval.payload).into(),
                then: then(true),
            },
            Lapse::Same(Some(setting)) => Text::ApprovalLapsedSetting {
                setting: self.t(setting_label(*setting)).into(),
                then: then(false),
            },
            Lapse::Same(None) => Text::ApprovalLapsedBack { then: then(false) },
        }
    }

    /// The sentence after a lapse: approve again only where the request
    /// as it stands needs an approval and Approve can give one; otherwise
    /// why no approval is needed, or none can help.
    fn after_lapse(&self, new_payload: bool) -> Text {
        self.what_approval_can_do(|_| {
            if self.turn_call_finished() {
                Text::ApprovalThenHeld
            } else if new_payload {
                Text::ApprovalThenNew
            } else {
                Text::ApprovalThenAgain
            }
        })
    }
}

/// The label of a policy input, as the builder shows it.
fn setting_label(setting: Setting) -> Text {
    match setting {
        Setting::Role => Text::RoleLabel,
        Setting::Hook => Text::HookLabel,
        Setting::Key => Text::KeyLabel,
        Setting::Reuse => Text::ReuseLabel,
    }
}

/// The request builder: tool, example, arguments, the policy inputs and the approval.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuilderView {
    pub tools: Vec<Choice>,
    /// The tool select's first option when the name is not registered.
    pub tool_placeholder: Option<String>,
    /// The tool name exactly as the request carries it.
    pub tool_name: String,
    pub examples: Vec<Choice>,
    /// The example select's first option once the text is edited.
    pub example_placeholder: String,
    /// "Undo: put back my arguments", while an example or a tool choice
    /// replaced what the learner wrote.
    pub undo: Option<String>,
    pub args: String,
    /// e.g. `96 / 4096 characters`.
    pub args_count: String,
    pub args_over_cap: bool,
    /// The schema gate's verdict on the arguments as they stand, shown
    /// live under the editor: "Valid email request", or the reason.
    pub args_verdict: String,
    /// Whether the arguments pass the schema gate.
    pub args_valid: bool,
    pub roles: Vec<Choice>,
    pub hooks: Vec<Choice>,
    pub key: String,
    /// The operation key means nothing for a read: the field is disabled.
    pub key_enabled: bool,
    /// Why a policy input is disabled (the key for a read, Block mutations
    /// for a tool that only reads), shown under them.
    pub policy_notes: Vec<String>,
    pub reuse: Toggle,
    /// Why Reuse receipts cannot be turned off yet (no receipt), while so.
    pub reuse_note: Option<String>,
    pub approval: ApprovalView,
    /// Whether the request controls (tool, example, arguments, tool name)
    /// take input: not while an agent turn supplies the request.
    pub request_editable: bool,
    /// While an agent turn holds the request: why the controls it holds
    /// are disabled, and End turn beside them.
    pub held: Option<HeldView>,
}

impl Workbench {
    pub(super) fn builder_view(&self) -> BuilderView {
        let inputs = self.inputs();
        let known_tool = self.registry().get(&inputs.tool).is_some();
        let units = utf16_len(&inputs.args);
        let frozen = self.turn_call_finished();
        let args_valid = self.plan().row(Gate::Schema).verdict == Verdict::Passed;
        BuilderView {
            tools: self
                .registry()
                .tools()
                .iter()
                .map(|t| Choice {
                    value: t.declaration().name,
                    label: self.t((t.declaration().label)()),
                    selected: t.declaration().name == inputs.tool,
                    enabled: true,
                })
                .collect(),
            tool_placeholder: (!known_tool).then(|| self.t(Text::ToolUnregistered)),
            tool_name: inputs.tool.clone(),
            examples: ExampleKind::ALL
                .iter()
                .map(|k| Choice {
                    value: k.id(),
                    label: self.t(k.label()),
                    // A name the registry does not hold has no examples.
                    selected: known_tool && self.example() == Some(*k),
                    enabled: known_tool,
                })
                .collect(),
            example_placeholder: self.t(if !known_tool {
                Text::ExampleNone
            } else if self.at_start_request() {
                Text::ExampleStart
            } else {
                Text::ExampleEdited
            }),
            undo: self.can_undo().then(|| self.t(Text::UndoReplace)),
            args: inputs.args.clone(),
            args_count: self.t(Text::ArgsCount {
                units: units.into(),
                max: MAX_ARGUMENT_UNITS.into(),
            }),
            args_over_cap: units > MAX_ARGUMENT_UNITS,
            args_verdict: self.t(if args_valid {
                Text::ArgsValid {
                    tool: (&inputs.tool).into(),
                }
            } else {
                self.plan().row(Gate::Schema).reason.text()
            }),
            args_valid,
            roles: Role::ALL
                .iter()
                .map(|r| Choice {
                    value: r.id(),
                    label: self.t(r.label()),
                    selected: *r == inputs.role,
                    enabled: !frozen,
                })
                .collect(),
            hooks: Hook::ALL
                .iter()
                .map(|h| Choice {
                    value: h.id(),
                    label: self.t(h.label()),
                    selected: *h == inputs.hook,
                    enabled: !frozen
                        && match h {
                            Hook::RedactOutput => self.redact_applies(),
                            Hook::BlockMutations => self.block_applies(),
                            // Every tool returns output to mark.
                            Hook::None | Hook::MarkData => true,
                        },
                })
                .collect(),
            key: inputs.key.clone(),
            key_enabled: self.key_applies() && !frozen,
            policy_notes: [
                (!self.key_applies()).then_some(Text::ReasonKeyNotNeeded),
                (!self.block_applies() && self.registry().get(&inputs.tool).is_some()).then(|| {
                    Text::BlockNotApplicable {
                        tool: (&inputs.tool).into(),
                    }
                }),
            ]
            .into_iter()
            .flatten()
            .map(|t| self.t(t))
            .collect(),
            reuse: Toggle {
                checked: inputs.reuse,
                enabled: self.reuse_toggle_enabled() && !frozen,
            },
            reuse_note: (!self.reuse_toggle_enabled()).then(|| self.t(Text::ReuseNoReceipt)),
            approval: self.approval_view(),
            request_editable: self.turn().is_none(),
            held: self.held_view(),
        }
    }
}
