//! "Policy by risk": what the registry shown can and cannot do, and the
//! rule table, one row per risk with the registered tools it covers. Fed
//! by the policy part of the model.

use gateway_core::view::{Labels, PolicyView};
use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use super::{disclosure, hint};
use crate::dom::{child, clear, set_text};

#[derive(Debug, Clone)]
pub struct Policy {
    /// The sentence of the registry's refusals.
    pub refused: Element,
    /// The table's `<tbody>`.
    pub rows: Element,
}

impl Policy {
    pub fn build(doc: &Document, main: &Element, l: &Labels) -> Result<Self, JsValue> {
        let pol = disclosure(doc, main, "h-policy", &l.policy_heading);
        hint(doc, &pol, &l.policy_intro);
        let refused = hint(doc, &pol, "");
        let table = child(doc, &pol, "table", &[("class", "policy")], None);
        let head = child(doc, &table, "thead", &[], None);
        let tr = child(doc, &head, "tr", &[], None);
        for h in [&l.policy_risk, &l.policy_rule, &l.policy_tools] {
            child(doc, &tr, "th", &[("scope", "col")], Some(h));
        }
        let rows = child(doc, &table, "tbody", &[], None);
        Ok(Self { refused, rows })
    }

    pub fn render(
        &self,
        doc: &Document,
        policy: &PolicyView,
        last: Option<&PolicyView>,
    ) -> Result<(), JsValue> {
        if last == Some(policy) {
            return Ok(());
        }
        set_text(&self.refused, &policy.refused);
        clear(&self.rows);
        for row in &policy.rows {
            let tr = child(doc, &self.rows, "tr", &[], None);
            child(doc, &tr, "th", &[("scope", "row")], Some(&row.risk));
            child(doc, &tr, "td", &[], Some(&row.rule));
            child(doc, &tr, "td", &[], Some(&row.tools));
        }
        Ok(())
    }
}
