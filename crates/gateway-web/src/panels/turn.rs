//! "Agent turn": the model decision to dispatch, Start / End turn, the
//! calls made and the final text's claims checked against completed
//! operations. Fed by the turn part of the model.

use gateway_core::view::TurnView;
use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use super::{field, hint, section, status};
use crate::dom::{button, child, clear, set_flag, set_optional_text, set_text, set_value};

#[derive(Debug, Clone)]
pub struct Turn {
    pub decision: Element,
    pub start: Element,
    pub end: Element,
    pub error: Element,
    pub summary: Element,
    pub calls: Element,
    pub claims: Element,
}

impl Turn {
    pub fn build(doc: &Document, main: &Element) -> Result<Self, JsValue> {
        let turn = section(doc, main, "h-turn", "Agent turn", None)?;
        hint(
            doc,
            &turn,
            "Paste what a model decided: a JSON array of calls {\"name\": …, \"args\": {…}}, optionally ending with {\"text\": …}, the model's final message. Each call goes through the same seven gates, with the same approval, keys and receipts. At most six calls are dispatched.",
        )?;
        let decision = field(doc, &turn, "textarea", "decision", "Model decision JSON")?;
        decision.set_attribute("rows", "8")?;
        decision.set_attribute("spellcheck", "false")?;
        let row = child(doc, &turn, "div", &[("class", "row")], None)?;
        let start = button(doc, &row, "Start turn")?;
        let end = button(doc, &row, "End turn")?;
        let error = child(
            doc,
            &turn,
            "p",
            &[("class", "error-line"), ("role", "alert")],
            None,
        )?;
        let summary = status(doc, &turn)?;
        let calls = child(doc, &turn, "ol", &[("class", "turn-calls")], None)?;
        let claims = child(doc, &turn, "div", &[("class", "turn-claims")], None)?;
        Ok(Self {
            decision,
            start,
            end,
            error,
            summary,
            calls,
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
        set_flag(&self.end, "disabled", !t.active);
        set_optional_text(&self.error, t.error.as_deref());
        set_text(&self.summary, &t.summary);
        if last == Some(t) {
            return Ok(());
        }
        clear(&self.calls);
        for call in &t.calls {
            let li = child(doc, &self.calls, "li", &[("data-state", call.state)], None)?;
            child(doc, &li, "code", &[], Some(&call.name))?;
            li.append_child(&doc.create_text_node(&format!(" — {}", call.detail)))?;
        }
        clear(&self.claims);
        if !t.claims.is_empty() || !t.completed.is_empty() {
            self.render_claims(doc, t)?;
        }
        Ok(())
    }

    fn render_claims(&self, doc: &Document, t: &TurnView) -> Result<(), JsValue> {
        child(
            doc,
            &self.claims,
            "h3",
            &[],
            Some("Claims against completed operations"),
        )?;
        let ul = child(doc, &self.claims, "ul", &[], None)?;
        for c in &t.claims {
            let (state, verdict) = if c.backed {
                (
                    "backed",
                    format!("backed by a {} effect or receipt in this turn", c.tool),
                )
            } else {
                (
                    "unbacked",
                    format!("flagged: no {} effect or receipt stands behind it", c.tool),
                )
            };
            let li = child(doc, &ul, "li", &[("data-claim", state)], None)?;
            child(doc, &li, "q", &[], Some(&c.sentence))?;
            li.append_child(&doc.create_text_node(&format!(" — {verdict}")))?;
        }
        let done = if t.completed.is_empty() {
            "Completed operations: none.".to_string()
        } else {
            format!("Completed operations: {}.", t.completed.join("; "))
        };
        child(doc, &self.claims, "p", &[], Some(&done))?;
        Ok(())
    }
}
