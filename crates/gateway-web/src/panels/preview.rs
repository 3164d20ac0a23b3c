//! The complete-run preview: a secondary panel (closed until opened) that
//! reveals every gate's outcome before inspection. Fed by the preview part
//! of the model.

use gateway_core::view::{Labels, PreviewView};
use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use super::disclosure;
use crate::dom::{child, clear, set_text};

#[derive(Debug, Clone)]
pub struct Preview {
    pub summary: Element,
    pub rows: Element,
}

impl Preview {
    pub fn build(doc: &Document, parent: &Element, l: &Labels) -> Result<Self, JsValue> {
        let details = disclosure(doc, parent, "h-preview", &l.preview);
        let summary = child(doc, &details, "p", &[], None);
        let rows = child(doc, &details, "ol", &[("class", "preview-rows")], None);
        Ok(Self { summary, rows })
    }

    pub fn render(
        &self,
        doc: &Document,
        p: &PreviewView,
        last: Option<&PreviewView>,
    ) -> Result<(), JsValue> {
        if last == Some(p) {
            return Ok(());
        }
        set_text(&self.summary, &p.summary);
        clear(&self.rows);
        for (status, text) in &p.rows {
            child(
                doc,
                &self.rows,
                "li",
                &[("data-status", status.id())],
                Some(text),
            );
        }
        Ok(())
    }
}
