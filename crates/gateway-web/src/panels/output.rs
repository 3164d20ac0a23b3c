//! "Returned output": what the function returned (after the hook), or a
//! note saying why there is none. Fed by the model's output fields.

use gateway_core::view::{Labels, PageModel};
use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use super::section;
use crate::dom::{child, named_literal, set_optional_text, set_text};

#[derive(Debug, Clone)]
pub struct Output {
    pub note: Element,
    pub text: Element,
}

impl Output {
    pub fn build(doc: &Document, main: &Element, l: &Labels) -> Result<Self, JsValue> {
        let panel = section(doc, main, "h-output", &l.output_heading, None)?;
        let note = child(doc, &panel, "p", &[("class", "status-line")], None)?;
        let text = named_literal(doc, &panel, "output", "h-output")?;
        Ok(Self { note, text })
    }

    pub fn render(&self, m: &PageModel) {
        set_text(&self.note, &m.output_note);
        set_optional_text(&self.text, m.output.as_deref());
    }
}
