//! "Notes": the learner's notes, their storage status, Export notes and
//! the export text shown to copy where a download may be blocked. Nothing
//! here follows the model: notes live in the browser (`storage.rs`).

use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use super::{field, hidden_field, section, status};
use crate::dom::{button, child, set_text, value, write_value};

#[derive(Debug, Clone)]
pub struct Notes {
    pub input: Element,
    pub export: Element,
    pub status: Element,
    /// The read-only export text; its parent field is hidden until used.
    pub export_text: Element,
}

impl Notes {
    pub fn build(doc: &Document, main: &Element) -> Result<Self, JsValue> {
        let panel = section(doc, main, "h-notes", "Notes", None)?;
        let input = field(doc, &panel, "textarea", "notes", "Notes")?;
        input.set_attribute("rows", "5")?;
        let row = child(doc, &panel, "div", &[("class", "row")], None)?;
        let export = button(doc, &row, "Export notes")?;
        let status = status(doc, &panel)?;
        let fallback = hidden_field(doc, &panel, "export-text", "Export text")?;
        child(
            doc,
            &fallback,
            "p",
            &[("class", "hint"), ("id", "export-hint")],
            Some("If no download started (an embedding page may forbid downloads), select this text and copy it."),
        )?;
        let export_text = child(
            doc,
            &fallback,
            "textarea",
            &[
                ("id", "export-text"),
                ("readonly", ""),
                ("rows", "8"),
                ("aria-describedby", "export-hint"),
            ],
            None,
        )?;
        Ok(Self {
            input,
            export,
            status,
            export_text,
        })
    }

    /// The notes as typed.
    pub fn text(&self) -> Option<String> {
        value(&self.input)
    }

    /// Shows stored notes and their status (once, when the page opens).
    pub fn show(&self, text: &str, status: &str) {
        write_value(&self.input, text);
        set_text(&self.status, status);
    }
}
