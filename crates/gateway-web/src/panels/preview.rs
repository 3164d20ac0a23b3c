//! The complete-run preview inside the gateway panel: a closed
//! `<details>` that reveals every gate's outcome before inspection. Fed by
//! the preview part of the model.

use gateway_core::view::PreviewView;
use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use crate::dom::{child, clear, set_text};

#[derive(Debug, Clone)]
pub struct Preview {
    pub summary: Element,
    pub rows: Element,
}

impl Preview {
    pub fn build(doc: &Document, gateway: &Element) -> Result<Self, JsValue> {
        let details = child(doc, gateway, "details", &[("class", "preview")], None)?;
        child(
            doc,
            &details,
            "summary",
            &[],
            Some("Complete-run preview (reveals the outcome before inspection)"),
        )?;
        let summary = child(doc, &details, "p", &[], None)?;
        let rows = child(doc, &details, "ol", &[("class", "preview-rows")], None)?;
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
        for row in &p.rows {
            let text = format!(
                "{}: {} — {}",
                row.gate.label(),
                row.status.label(),
                row.reason
            );
            child(
                doc,
                &self.rows,
                "li",
                &[("data-status", row.status.id())],
                Some(&text),
            )?;
        }
        Ok(())
    }
}
