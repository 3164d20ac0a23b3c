//! "Agent turn": the model decision to dispatch, Start / End turn, the
//! calls made and the final text's claims checked against completed
//! operations. Fed by the turn part of the model.

use gateway_core::view::{Labels, TurnCallView, TurnView};
use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use super::{disclosure, field, hint, status};
use crate::dom::{
    button, child, clear, described_by_while, set_attr, set_flag, set_optional_text, set_text,
    set_value,
};

#[derive(Debug, Clone)]
pub struct Turn {
    /// The claims heading's words.
    claims_heading: String,
    pub decision: Element,
    /// How much of the decision box's bound is used, from 90 % on.
    pub count: Element,
    pub start: Element,
    pub end: Element,
    pub error: Element,
    pub summary: Element,
    /// Calls run, awaiting approval, approved and rejected by the person.
    pub counts: Element,
    /// Which transcript format the decision was read as.
    pub format: Element,
    /// The model's whole message with its claims marked, under a heading
    /// and the words on what claim detection is.
    pub message_box: Element,
    pub message: Element,
    pub calls: Element,
    /// What of the paste was used, where not all of it was.
    pub partial: Element,
    /// A request body's earlier calls: a heading and a list.
    pub history: Element,
    pub claims: Element,
}

impl Turn {
    pub fn build(doc: &Document, main: &Element, l: &Labels) -> Result<Self, JsValue> {
        let turn = disclosure(doc, main, "h-turn", &l.turn_heading);
        hint(doc, &turn, &l.turn_intro);
        let decision = field(doc, &turn, "textarea", "decision", &l.decision);
        decision.set_attribute("rows", "8")?;
        decision.set_attribute("spellcheck", "false")?;
        let count = child(
            doc,
            &turn,
            "p",
            &[("id", "decision-count"), ("class", "count"), ("hidden", "")],
            None,
        );
        decision.set_attribute("aria-describedby", "decision-count")?;
        let row = child(doc, &turn, "div", &[("class", "row")], None);
        let start = button(doc, &row, &l.start_turn);
        let end = button(doc, &row, &l.end_turn);
        let error = child(
            doc,
            &turn,
            "p",
            &[("class", "error-line"), ("role", "alert")],
            None,
        );
        let summary = status(doc, &turn);
        summary.set_attribute("id", "turn-summary")?;
        let counts = child(doc, &turn, "p", &[("class", "turn-counts")], None);
        let format = child(doc, &turn, "p", &[("class", "turn-format")], None);
        let partial = child(doc, &turn, "ul", &[("class", "turn-partial")], None);
        let message_box = child(
            doc,
            &turn,
            "div",
            &[("class", "turn-message-box"), ("hidden", "")],
            None,
        );
        child(doc, &message_box, "h3", &[], Some(&l.turn_message_heading));
        hint(doc, &message_box, &l.turn_heuristic);
        let message = child(doc, &message_box, "p", &[("class", "turn-message")], None);
        let calls = child(doc, &turn, "ol", &[("class", "turn-calls")], None);
        let history = child(
            doc,
            &turn,
            "div",
            &[("class", "turn-history"), ("hidden", "")],
            None,
        );
        let claims = child(doc, &turn, "div", &[("class", "turn-claims")], None);
        Ok(Self {
            claims_heading: l.claims_heading.clone(),
            decision,
            count,
            start,
            end,
            error,
            summary,
            counts,
            format,
            message_box,
            message,
            calls,
            partial,
            history,
            claims,
        })
    }

    pub fn render(
        &self,
        doc: &Document,
        t: &TurnView,
        last: Option<&TurnView>,
    ) -> Result<(), JsValue> {
        set_value(&self.decision, &t.decision);
        set_optional_text(&self.count, t.count.as_deref());
        set_attr(
            &self.count,
            "class",
            if t.over_cap { "count over" } else { "count" },
        );
        set_flag(&self.end, "disabled", !t.active);
        // Disabled, End turn is described by the summary: no turn runs.
        described_by_while(&self.end, "turn-summary", !t.active);
        set_optional_text(&self.error, t.error.as_deref());
        set_text(&self.summary, &t.summary);
        set_optional_text(&self.counts, t.counts.as_deref());
        if last == Some(t) {
            return Ok(());
        }
        set_optional_text(&self.format, t.format.as_deref());
        set_flag(
            &self.message_box,
            "hidden",
            t.message.is_empty() && t.message_none.is_none(),
        );
        clear(&self.message);
        if let Some(none) = &t.message_none {
            self.message.append_child(&doc.create_text_node(none))?;
        }
        for piece in &t.message {
            match piece.claim {
                Some(state) => {
                    child(
                        doc,
                        &self.message,
                        "mark",
                        &[("data-claim", state)],
                        Some(&piece.text),
                    );
                }
                None => {
                    self.message
                        .append_child(&doc.create_text_node(&piece.text))?;
                }
            }
        }
        render_calls(doc, &self.calls, &t.calls, None)?;
        clear(&self.partial);
        for said in &t.partial {
            child(doc, &self.partial, "li", &[], Some(said));
        }
        self.render_history(doc, t);
        clear(&self.claims);
        if let Some(completed) = &t.completed {
            self.render_claims(doc, t, completed)?;
        }
        Ok(())
    }

    /// A request body's earlier calls: each tool's name, its arguments
    /// and its result, as text.
    fn render_history(&self, doc: &Document, t: &TurnView) {
        clear(&self.history);
        set_flag(&self.history, "hidden", t.history.is_none());
        let Some(history) = &t.history else {
            return;
        };
        child(doc, &self.history, "h3", &[], Some(&history.heading));
        let ol = child(doc, &self.history, "ol", &[], None);
        for past in &history.calls {
            let li = child(doc, &ol, "li", &[], None);
            child(doc, &li, "code", &[], Some(&past.name));
            child(doc, &li, "pre", &[], Some(&past.args));
            child(doc, &li, "p", &[], Some(&past.result));
        }
    }

    fn render_claims(&self, doc: &Document, t: &TurnView, completed: &str) -> Result<(), JsValue> {
        child(doc, &self.claims, "h3", &[], Some(&self.claims_heading));
        let ul = child(doc, &self.claims, "ul", &[], None);
        for c in &t.claims {
            let state = if c.backed { "backed" } else { "unbacked" };
            let li = child(doc, &ul, "li", &[("data-claim", state)], None);
            child(doc, &li, "q", &[], Some(&c.sentence));
            li.append_child(&doc.create_text_node(&c.verdict))?;
        }
        child(doc, &self.claims, "p", &[], Some(completed));
        Ok(())
    }
}

/// A turn's calls in `list`: each tool's name and what became of it;
/// `current` (from 1) is marked as the call on show.
pub fn render_calls(
    doc: &Document,
    list: &Element,
    calls: &[TurnCallView],
    current: Option<usize>,
) -> Result<(), JsValue> {
    clear(list);
    for call in calls {
        let li = child(doc, list, "li", &[("data-state", call.state)], None);
        if current == Some(call.number) {
            set_attr(&li, "aria-current", "step");
        }
        child(doc, &li, "code", &[], Some(&call.name));
        li.append_child(&doc.create_text_node(&call.detail))?;
    }
    Ok(())
}
