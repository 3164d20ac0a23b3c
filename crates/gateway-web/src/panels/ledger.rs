//! "Synthetic ledger": the stores the request's tool reads or changes
//! first, with the entry the last run changed marked; the other stores and
//! the whole ledger as JSON one disclosure away, and Reset synthetic
//! ledger. Fed by its `LedgerView`.

use gateway_core::view::{Labels, LedgerSection, LedgerView};
use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use super::section;
use crate::dom::{button, child, clear, set_attribute, set_optional_text, set_text};

#[derive(Debug, Clone)]
pub struct Ledger {
    /// The tool's own stores.
    pub view: Element,
    /// Said when the tool touches no store.
    pub untouched: Element,
    /// The other stores, inside the disclosure.
    pub rest: Element,
    pub json: Element,
    /// Reset synthetic ledger.
    pub reset: Element,
}

impl Ledger {
    pub fn build(doc: &Document, main: &Element, l: &Labels) -> Result<Self, JsValue> {
        let led = section(doc, main, "h-ledger", &l.ledger_heading, Some("ledger"));
        let untouched = child(doc, &led, "p", &[("class", "hint"), ("hidden", "")], None);
        let view = child(doc, &led, "div", &[("class", "ledger-view")], None);
        let more = child(doc, &led, "details", &[("class", "ledger-more")], None);
        child(doc, &more, "summary", &[], Some(&l.ledger_more));
        let rest = child(doc, &more, "div", &[("class", "ledger-view")], None);
        child(
            doc,
            &more,
            "h3",
            &[("id", "h-ledger-json")],
            Some(&l.ledger_json),
        );
        // Its attributes in the order this page has always written them.
        let json = child(
            doc,
            &more,
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
        );
        let reset = button(doc, &led, &l.reset);
        Ok(Self {
            view,
            untouched,
            rest,
            json,
            reset,
        })
    }

    pub fn render(
        &self,
        doc: &Document,
        m: &LedgerView,
        last: Option<&LedgerView>,
    ) -> Result<(), JsValue> {
        set_optional_text(&self.untouched, m.untouched.as_deref());
        if last.is_none_or(|l| l.sections != m.sections || l.change != m.change || l.own != m.own) {
            clear(&self.view);
            clear(&self.rest);
            // The entry the last run changed is marked (`data-changed`) and
            // said first, until the next run starts.
            if let Some(change) = &m.change {
                child(
                    doc,
                    &self.view,
                    "p",
                    &[("class", "change"), ("data-changed", "true")],
                    Some(&change.text),
                );
            }
            let marked = m.change.as_ref().map(|c| (c.section, c.item));
            for (s, section) in m.sections.iter().enumerate() {
                let parent = if m.own.contains(&s) {
                    &self.view
                } else {
                    &self.rest
                };
                let item = marked.filter(|(ms, _)| *ms == s).map(|(_, i)| i);
                draw_section(doc, parent, section, item)?;
            }
        }
        if last.is_none_or(|l| l.json != m.json) {
            set_text(&self.json, &m.json);
        }
        Ok(())
    }
}

/// One store: its heading and its entries, the `marked` one flagged.
fn draw_section(
    doc: &Document,
    parent: &Element,
    section: &LedgerSection,
    marked: Option<usize>,
) -> Result<(), JsValue> {
    let div = child(doc, parent, "div", &[("class", "ledger-section")], None);
    child(doc, &div, "h3", &[], Some(&section.title));
    let ul = child(doc, &div, "ul", &[], None);
    for (i, item) in section.items.iter().enumerate() {
        let li = child(doc, &ul, "li", &[], Some(item));
        if marked == Some(i) {
            set_attribute(&li, "data-changed", "true");
        }
    }
    Ok(())
}
