//! The inputs of the next run: the learner's request and policy, edited,
//! replaced by an example or a tool choice, or restored from a shared
//! setup, and what any change does (approval cleared, inspection over from
//! gate 1, a fresh plan).

use super::approval;
use super::{Lapsed, Policy, Setting, Workbench};
use crate::gates::Gate;
use crate::mode::Request;
use crate::notice::Notice;
use crate::policy::Hook;
use crate::share::Setup;
use crate::tools::ExampleKind;

impl Workbench {
    /// The one path for editing the learner's request. During a turn there
    /// is no learner's request: the edit has nothing to change.
    pub(super) fn edit_request(&mut self, edit: impl FnOnce(&mut Request)) {
        if let Some(tool_changed) = self.editor.edit(edit) {
            self.inputs_changed(tool_changed);
        }
    }

    /// An example or a tool choice replaces the request: what the learner
    /// wrote (not an example) is kept for Undo.
    pub(super) fn replace_request(&mut self, edit: impl FnOnce(&mut Request)) {
        // The experiment's own starting text is not the learner's.
        let at_start = self.at_start_request();
        if let Some(tool_changed) = self.editor.replace(at_start, edit) {
            self.inputs_changed(tool_changed);
        }
    }

    /// Loads the tool `name` with its valid example. Only what the registry
    /// holds can be chosen (see `ignores`).
    pub(super) fn choose_tool(&mut self, name: &str) {
        let Some(tool) = self.registry.get(name) else {
            return;
        };
        let decl = tool.declaration();
        let args = decl.examples.get(self.fixtures()).valid.to_string();
        self.replace_request(|r| {
            r.tool = decl.name.into();
            r.args = args;
            r.example = Some(ExampleKind::Valid);
        });
    }

    /// Whether Undo can put the learner's own arguments back.
    pub(crate) fn can_undo(&self) -> bool {
        self.editor.can_undo()
    }

    /// The tool name and arguments Undo would put back.
    pub fn replaced_request(&self) -> Option<(&str, &str)> {
        self.editor
            .replaced()
            .map(|r| (r.tool.as_str(), r.args.as_str()))
    }

    /// The one path for editing a policy input (a finished turn is frozen:
    /// see `ignores`).
    pub(super) fn edit_policy(&mut self, edit: impl FnOnce(&mut Policy)) {
        let before = self.policy.clone();
        edit(&mut self.policy);
        if let Some(setting) = self.policy.changed_since(&before) {
            self.clear_approval_and_start_over(Some(setting));
        }
    }

    /// An input changed: approval no longer applies, inspection starts
    /// over. When the learner changed the tool (`learner_chose_tool`) to
    /// one with nothing to redact, a redact hook falls back to none, as the
    /// editor disables options that mean nothing, and a notice says so
    /// (Block mutations stays: on a read it lets the read through, as the
    /// registry walkthrough shows). Nothing else changes a setting: a
    /// turn's call or a shared setup leaves the hook as it is, and the
    /// after-hook row says when it has nothing to redact.
    pub(super) fn inputs_changed(&mut self, learner_chose_tool: bool) {
        if learner_chose_tool && self.policy.hook == Hook::RedactOutput && !self.redact_applies() {
            self.policy.hook = Hook::None;
            let tool = self.editor.request().0.to_string();
            self.notify(Notice::RedactTurnedOff { tool });
        }
        self.clear_approval_and_start_over(None);
    }

    /// The approval this change cleared, or the one an earlier change did:
    /// what changed since is worked out again (`setting`: the policy input
    /// this change made, if it was one). Inspection starts over.
    fn clear_approval_and_start_over(&mut self, setting: Option<Setting>) {
        let (tool, args) = self.editor.request();
        self.run
            .approval
            .clear(|approval, earlier| approval::lapse_of(approval, tool, args, setting, earlier));
        self.start_over();
    }

    /// The gate card clicked, while the stage is the one it was clicked at.
    pub(crate) fn shown_gate(&self) -> Option<Gate> {
        self.run.shown_gate()
    }

    /// The approval an edit cleared and what changed since (while no
    /// approval stands).
    pub(crate) fn lapsed(&self) -> Option<&Lapsed> {
        self.run.approval.lapsed()
    }

    /// Back to the learner's editor, holding the turn's last request.
    pub(super) fn leave_turn(&mut self) {
        if self.editor.leave_turn() {
            self.run.approval.withdraw();
            self.start_over();
        }
    }

    /// The turn moved to its next call: it is the request now. The tool is
    /// the turn's, not the learner's choice: no setting changes.
    pub(super) fn call_loaded(&mut self, keep_playing: bool) {
        self.inputs_changed(false);
        if keep_playing {
            self.run.clock.play(self.now_ms);
        }
    }

    /// A shared setup replaces the inputs and the speed; the ledger, the
    /// receipts and any approval stay as they are here (none is shared).
    pub(super) fn restore(&mut self, setup: Setup) {
        self.leave_turn();
        self.editor.restore(Request {
            tool: setup.tool,
            args: setup.args,
            example: None,
        });
        self.policy.role = setup.role;
        self.policy.hook = setup.hook;
        self.policy.key = setup.key;
        self.run.clock.speed = setup.speed;
        self.notify(Notice::SharedSetup);
        // The setup's settings are restored as they were shared.
        self.inputs_changed(false);
    }

    /// Gate 1, paused, with a fresh plan of the current inputs and ledger.
    pub(super) fn start_over(&mut self) {
        self.run.restart();
        self.changed = None;
        self.replan();
    }

    pub(super) fn replan(&mut self) {
        let inputs = self.inputs();
        let in_turn = self.turn().is_some();
        self.run
            .replan(&self.registry, &inputs, &self.ledger, self.locale, in_turn);
    }
}
