//! "Declarations the model sees": Copy / Download of each published
//! export with their status line, and each tool's published declaration.
//! Built once from the shipped exports; nothing in it follows the model.

use gateway_core::declarations::Export;
use gateway_core::view::{DeclarationsView, PageModel};
use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use super::{disclosure, hint, status};
use crate::dom::{button, child, literal, set_text};

/// An export's Copy and Download buttons.
#[derive(Debug, Clone)]
pub struct ExportButtons {
    pub export: Export,
    pub copy: Element,
    pub download: Element,
}

#[derive(Debug, Clone)]
pub struct Declarations {
    pub exports: Vec<ExportButtons>,
    pub status: Element,
}

impl Declarations {
    pub fn build(doc: &Document, main: &Element, m: &PageModel) -> Result<Self, JsValue> {
        let l = &m.labels;
        let view = DeclarationsView::new(m.locale);
        let decl = disclosure(doc, main, "h-declarations", &l.declarations_heading)?;
        decl.class_list().add_1("declarations")?;
        hint(doc, &decl, &l.declarations_intro)?;
        let list = child(doc, &decl, "div", &[("class", "exports")], None)?;
        let mut exports = Vec::new();
        for e in &view.exports {
            let row = child(doc, &list, "div", &[("class", "row")], None)?;
            let copy = button(doc, &row, &e.copy)?;
            let download = button(doc, &row, &e.download)?;
            exports.push(ExportButtons {
                export: e.export,
                copy,
                download,
            });
        }
        let status = status(doc, &decl)?;
        for tool in &view.tools {
            let item = child(
                doc,
                &decl,
                "details",
                &[("class", "declaration"), ("data-tool", &tool.name)],
                None,
            )?;
            child(doc, &item, "summary", &[], Some(&tool.summary))?;
            child(doc, &item, "p", &[], Some(&tool.description))?;
            child(doc, &item, "h3", &[], Some(&l.annotations))?;
            literal(doc, &item, &tool.annotations_label, &tool.annotations)?;
            child(doc, &item, "h3", &[], Some(&l.argument_schema))?;
            literal(doc, &item, &tool.schema_label, &tool.schema)?;
        }
        Ok(Self { exports, status })
    }

    pub fn render(&self, m: &PageModel) {
        set_text(&self.status, &m.export_status);
    }
}
