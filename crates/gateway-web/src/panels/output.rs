//! "Returned output": what the function returned (after the hook), or a
//! note saying why there is none; output the mark-data hook marked is
//! drawn inside a labelled boundary. Fed by its `OutputView`.

use gateway_core::view::{Labels, OutputView};
use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use super::section;
use crate::dom::{child, named_literal, set_attr, set_flag, set_optional_text, set_text};

#[derive(Debug, Clone)]
pub struct Output {
    pub note: Element,
    /// Holds the label and the output; `data-marked` draws the boundary.
    pub boundary: Element,
    pub label: Element,
    pub text: Element,
}

impl Output {
    pub fn build(doc: &Document, main: &Element, l: &Labels) -> Result<Self, JsValue> {
        let panel = section(doc, main, "h-output", &l.output_heading, None);
        let note = child(doc, &panel, "p", &[("class", "status-line")], None);
        let boundary = child(doc, &panel, "div", &[("class", "boundary")], None);
        let label = child(doc, &boundary, "p", &[("id", "output-boundary")], None);
        let text = named_literal(doc, &boundary, "output", "h-output");
        set_attr(&text, "aria-describedby", "output-boundary");
        Ok(Self {
            note,
            boundary,
            label,
            text,
        })
    }

    pub fn render(&self, m: &OutputView) {
        set_text(&self.note, &m.note);
        set_optional_text(&self.label, m.boundary.as_deref());
        set_flag(&self.boundary, "data-marked", m.boundary.is_some());
        set_optional_text(&self.text, m.text.as_deref());
    }
}
