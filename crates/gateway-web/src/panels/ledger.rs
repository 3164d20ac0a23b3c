//! "Synthetic ledger": the ledger by section, then the same as JSON. Fed
//! by the ledger parts of the model.

use gateway_core::view::{Labels, PageModel};
use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use super::section;
use crate::dom::{child, clear, set_text};

#[derive(Debug, Clone)]
pub struct Ledger {
    pub view: Element,
    pub json: Element,
}

impl Ledger {
    pub fn build(doc: &Document, main: &Element, l: &Labels) -> Result<Self, JsValue> {
        let led = section(doc, main, "h-ledger", &l.ledger_heading, Some("ledger"))?;
        let view = child(doc, &led, "div", &[("class", "ledger-view")], None)?;
        child(
            doc,
            &led,
            "h3",
            &[("id", "h-ledger-json")],
            Some(&l.ledger_json),
        )?;
        // Its attributes in the order this page has always written them.
        let json = child(
            doc,
            &led,
            "pre",
            &[
                ("class", "literal"),
                ("id", "ledger-json"),
                ("aria-labelledby", "h-ledger-json"),
                ("tabindex", "0"),
                // A named group: a bare <pre> may not be named.
                ("role", "group"),
            ],
            None,
        )?;
        Ok(Self { view, json })
    }

    pub fn render(
        &self,
        doc: &Document,
        m: &PageModel,
        last: Option<&PageModel>,
    ) -> Result<(), JsValue> {
        if last.is_none_or(|l| l.ledger != m.ledger || l.change != m.change) {
            clear(&self.view);
            // The entry the last run changed is marked (`data-changed`) and
            // said first, until the next run starts.
            if let Some(change) = &m.change {
                child(
                    doc,
                    &self.view,
                    "p",
                    &[("class", "change"), ("data-changed", "true")],
                    Some(&change.text),
                )?;
            }
            let marked = m.change.as_ref().map(|c| (c.section, c.item));
            for (s, section) in m.ledger.iter().enumerate() {
                let div = child(doc, &self.view, "div", &[("class", "ledger-section")], None)?;
                child(doc, &div, "h3", &[], Some(&section.title))?;
                let ul = child(doc, &div, "ul", &[], None)?;
                for (i, item) in section.items.iter().enumerate() {
                    let li = child(doc, &ul, "li", &[], Some(item))?;
                    if marked == Some((s, i)) {
                        li.set_attribute("data-changed", "true")?;
                    }
                }
            }
        }
        set_text(&self.json, &m.ledger_json);
        Ok(())
    }
}
