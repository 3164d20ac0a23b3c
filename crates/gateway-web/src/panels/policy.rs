//! "Policy by risk": the rule table, one row per risk with the registered
//! tools it covers. Fed by the policy part of the model.

use gateway_core::view::PolicyRow;
use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use super::{hint, section};
use crate::dom::{child, clear};

#[derive(Debug, Clone)]
pub struct Policy {
    /// The table's `<tbody>`.
    pub rows: Element,
}

impl Policy {
    pub fn build(doc: &Document, main: &Element) -> Result<Self, JsValue> {
        let pol = section(doc, main, "h-policy", "Policy by risk", None)?;
        hint(
            doc,
            &pol,
            "Only risk and policy grant anything; a tool's description never does. No fixture tool can delete or share, and no operation may be added to give one.",
        )?;
        let table = child(doc, &pol, "table", &[("class", "policy")], None)?;
        let head = child(doc, &table, "thead", &[], None)?;
        let tr = child(doc, &head, "tr", &[], None)?;
        for h in ["Risk", "Policy", "Registered tools"] {
            child(doc, &tr, "th", &[("scope", "col")], Some(h))?;
        }
        let rows = child(doc, &table, "tbody", &[], None)?;
        Ok(Self { rows })
    }

    pub fn render(
        &self,
        doc: &Document,
        policy: &[PolicyRow],
        last: Option<&[PolicyRow]>,
    ) -> Result<(), JsValue> {
        if last == Some(policy) {
            return Ok(());
        }
        clear(&self.rows);
        for row in policy {
            let tr = child(doc, &self.rows, "tr", &[], None)?;
            child(doc, &tr, "th", &[("scope", "row")], Some(row.risk))?;
            child(doc, &tr, "td", &[], Some(row.rule))?;
            child(doc, &tr, "td", &[], Some(&row.tools))?;
        }
        Ok(())
    }
}
