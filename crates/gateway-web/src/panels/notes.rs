//! "Notes": the learner's notes, their storage status, Export notes and
//! the export text shown to copy where a download may be blocked. Fed by
//! the notes part of the model (the core keeps the notes and stores them).

use gateway_core::view::{Labels, NotesView};
use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use super::{disclosure, field, hidden_field, status};
use crate::dom::{button, child, reveal_value, set_attribute, set_text, value, write_value};

#[derive(Debug, Clone)]
pub struct Notes {
    pub input: Element,
    pub export: Element,
    pub status: Element,
    /// The read-only export text; its parent field is hidden until used.
    pub export_text: Element,
}

impl Notes {
    pub fn build(doc: &Document, main: &Element, l: &Labels) -> Result<Self, JsValue> {
        let panel = disclosure(doc, main, "h-notes", &l.notes_heading);
        let input = field(doc, &panel, "textarea", "notes", &l.notes);
        set_attribute(&input, "rows", "5");
        let row = child(doc, &panel, "div", &[("class", "row")], None);
        let export = button(doc, &row, &l.export_notes);
        let status = status(doc, &panel);
        let fallback = hidden_field(doc, &panel, "export-text", &l.export_text);
        child(
            doc,
            &fallback,
            "p",
            &[("class", "hint"), ("id", "export-hint")],
            Some(&l.export_text_hint),
        );
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
        );
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

    pub fn render(&self, notes: &NotesView) {
        if self.text().as_deref() != Some(notes.text.as_str()) {
            write_value(&self.input, &notes.text);
        }
        set_text(&self.status, &notes.status);
        if let Some(export) = &notes.export {
            reveal_value(&self.export_text, export);
        }
    }
}
