//! "Build the request": tool, example, tool name, arguments with their
//! live verdict, count and Undo, role, hook, operation key, Reuse receipts
//! and the approval button, drawn from its `BuilderView`.

use gateway_core::view::{BuilderView, Labels};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, HtmlInputElement};

use super::held::Held;
use super::{field, fill_select, section};
use crate::dom::{
    child, clear, set_attr, set_attribute, set_flag, set_optional_text, set_text, set_value,
};

#[derive(Debug, Clone)]
pub struct Builder {
    pub tool: Element,
    pub example: Element,
    pub tool_name: Element,
    pub args: Element,
    pub args_count: Element,
    /// The schema gate's verdict, live as the learner types.
    pub args_verdict: Element,
    /// Undo: put back my arguments (hidden while there is nothing to undo).
    pub undo: Element,
    pub role: Element,
    pub hook: Element,
    pub key: Element,
    /// Why a policy input is disabled, under the row.
    pub policy_notes: Element,
    pub reuse: Element,
    /// Why Reuse receipts cannot be turned off yet (read out, and the
    /// checkbox's tooltip).
    pub reuse_note: Element,
    pub approve: Element,
    pub approval_status: Element,
    /// While an agent turn holds the request: why, and End turn.
    pub held: Held,
}

impl Builder {
    pub fn build(doc: &Document, main: &Element, l: &Labels) -> Result<Self, JsValue> {
        let build = section(doc, main, "h-build", &l.build_heading, Some("builder"));
        let held = Held::build(doc, &build, "builder-held");
        let row = child(doc, &build, "div", &[("class", "row")], None);
        let tool = field(doc, &row, "select", "tool", &l.tool);
        let example = field(doc, &row, "select", "example", &l.example);
        let tool_name = field(doc, &row, "input", "tool-name", &l.tool_name);
        set_attribute(&tool_name, "type", "text");
        set_attribute(&tool_name, "autocomplete", "off");
        set_attribute(&tool_name, "spellcheck", "false");
        set_attribute(&tool_name, "aria-describedby", "tool-name-hint");
        child(
            doc,
            &build,
            "p",
            &[("id", "tool-name-hint"), ("class", "hint")],
            Some(&l.tool_name_hint),
        );
        let args = field(doc, &build, "textarea", "arguments", &l.args);
        set_attribute(&args, "spellcheck", "false");
        set_attribute(&args, "rows", "9");
        set_attribute(
            &args,
            "aria-describedby",
            "arguments-verdict arguments-count",
        );
        let meta = child(doc, &build, "div", &[("class", "args-meta")], None);
        let args_verdict = child(
            doc,
            &meta,
            "p",
            &[("id", "arguments-verdict"), ("class", "verdict")],
            None,
        );
        let args_count = child(
            doc,
            &meta,
            "p",
            &[("id", "arguments-count"), ("class", "count")],
            None,
        );
        let undo = child(
            doc,
            &meta,
            "button",
            &[("type", "button"), ("class", "undo"), ("hidden", "")],
            None,
        );
        let row = child(doc, &build, "div", &[("class", "row")], None);
        let role = field(doc, &row, "select", "role", &l.role);
        let hook = field(doc, &row, "select", "hook", &l.hook);
        let key = field(doc, &row, "input", "operation-key", &l.key);
        // Reuse receipts sits under the key it is about.
        let key_field = key.parent_element().unwrap_or_else(|| row.clone());
        set_attribute(&key, "type", "text");
        set_attribute(&key, "autocomplete", "off");
        set_attribute(&key, "spellcheck", "false");
        set_attribute(&key, "aria-describedby", "policy-notes");
        let policy_notes = child(
            doc,
            &build,
            "div",
            &[("id", "policy-notes"), ("class", "hint")],
            None,
        );
        let approve_row = child(doc, &build, "div", &[("class", "row approve-row")], None);
        let check = child(doc, &key_field, "div", &[("class", "field check")], None);
        let reuse = child(
            doc,
            &check,
            "input",
            &[("type", "checkbox"), ("id", "reuse-receipts")],
            None,
        );
        child(
            doc,
            &check,
            "label",
            &[("for", "reuse-receipts")],
            Some(&l.reuse),
        );
        let reuse_note = child(
            doc,
            &check,
            "p",
            &[("id", "reuse-note"), ("class", "sr-only"), ("hidden", "")],
            None,
        );
        let approve = child(
            doc,
            &approve_row,
            "button",
            &[
                ("type", "button"),
                ("id", "approve"),
                ("aria-describedby", "approval-status"),
            ],
            None,
        );
        let approval_status = child(
            doc,
            &approve_row,
            "p",
            &[("id", "approval-status"), ("class", "status-line")],
            None,
        );
        Ok(Self {
            tool,
            example,
            tool_name,
            args,
            args_count,
            args_verdict,
            undo,
            role,
            hook,
            key,
            policy_notes,
            reuse,
            reuse_note,
            approve,
            approval_status,
            held,
        })
    }

    pub fn render(
        &self,
        doc: &Document,
        m: &BuilderView,
        last: Option<&BuilderView>,
    ) -> Result<(), JsValue> {
        if last.is_none_or(|l| l.tools != m.tools) {
            fill_select(doc, &self.tool, &m.tools, m.tool_placeholder.as_deref())?;
        }
        if last.is_none_or(|l| l.examples != m.examples) {
            fill_select(
                doc,
                &self.example,
                &m.examples,
                Some(&m.example_placeholder),
            )?;
        }
        set_value(&self.tool_name, &m.tool_name);
        for control in [&self.tool, &self.example, &self.args, &self.tool_name] {
            set_flag(control, "disabled", !m.request_editable);
        }
        set_value(&self.args, &m.args);
        set_text(&self.args_count, &m.args_count);
        let undo_had_focus = doc.active_element().as_ref() == Some(&self.undo);
        set_optional_text(&self.undo, m.undo.as_deref());
        if undo_had_focus && m.undo.is_none() {
            // Undo is gone: focus goes to the arguments it put back.
            if let Some(args) = crate::dom::html(&self.args) {
                let _ = args.focus();
            }
        }
        set_text(&self.args_verdict, &m.args_verdict);
        set_attr(
            &self.args_verdict,
            "class",
            if m.args_valid {
                "verdict valid"
            } else {
                "verdict invalid"
            },
        );
        set_attr(
            &self.args_count,
            "class",
            if m.args_over_cap {
                "count over"
            } else {
                "count"
            },
        );
        if last.is_none_or(|l| l.roles != m.roles) {
            fill_select(doc, &self.role, &m.roles, None)?;
        }
        if last.is_none_or(|l| l.hooks != m.hooks) {
            fill_select(doc, &self.hook, &m.hooks, None)?;
        }
        set_value(&self.key, &m.key);
        set_flag(&self.key, "disabled", !m.key_enabled);
        if last.is_none_or(|l| l.policy_notes != m.policy_notes) {
            clear(&self.policy_notes);
            for note in &m.policy_notes {
                child(doc, &self.policy_notes, "p", &[], Some(note));
            }
        }
        if let Some(reuse) = self.reuse.dyn_ref::<HtmlInputElement>() {
            reuse.set_checked(m.reuse.checked);
            reuse.set_disabled(!m.reuse.enabled);
        }
        set_optional_text(&self.reuse_note, m.reuse_note.as_deref());
        match &m.reuse_note {
            Some(note) => set_attr(&self.reuse, "title", note),
            None => set_flag(&self.reuse, "title", false),
        }

        // Approval: one button whose name says what it does (Approve exact
        // payload / Revoke approval); not also an aria-pressed toggle, which
        // would be announced as "Revoke approval, pressed". `data-approved`
        // is for tests and styling only.
        let approved = m.approval.approved;
        set_text(&self.approve, &m.approval.button);
        set_attr(
            &self.approve,
            "data-approved",
            if approved { "true" } else { "false" },
        );
        let approve_enabled = m.approval.can_approve || m.approval.can_revoke;
        set_flag(&self.approve, "disabled", !approve_enabled);
        set_text(&self.approval_status, &m.approval.status);
        self.render_held(m, approve_enabled);
        Ok(())
    }

    /// What the turn holds, above the controls; each control it disables
    /// names the reason in its description.
    fn render_held(&self, m: &BuilderView, approve_enabled: bool) {
        self.held.render(m.held.as_ref());
        let held = m.held.is_some();
        let settable = |choices: &[gateway_core::view::Choice]| choices.iter().any(|c| c.enabled);
        set_flag(&self.role, "disabled", !settable(&m.roles));
        set_flag(&self.hook, "disabled", !settable(&m.hooks));
        for (control, own, enabled) in [
            (&self.tool, "", m.request_editable),
            (&self.example, "", m.request_editable),
            (&self.tool_name, "tool-name-hint", m.request_editable),
            (
                &self.args,
                "arguments-verdict arguments-count",
                m.request_editable,
            ),
            (&self.role, "", settable(&m.roles)),
            (&self.hook, "", settable(&m.hooks)),
            (&self.key, "policy-notes", m.key_enabled),
            (
                &self.reuse,
                if m.reuse_note.is_some() {
                    "reuse-note"
                } else {
                    ""
                },
                m.reuse.enabled,
            ),
            (&self.approve, "approval-status", approve_enabled),
        ] {
            self.held.describe(control, own, held && !enabled);
        }
    }
}
