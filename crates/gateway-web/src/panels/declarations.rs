//! "Declarations the model sees": Copy / Download of each published
//! export with their status line, and each tool's published declaration.
//! Built once from the shipped exports; nothing in it follows the model.

use gateway_core::declarations::Export;
use gateway_core::published;
use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use super::{hint, section, status};
use crate::dom::{button, child, literal};

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
    pub fn build(doc: &Document, main: &Element) -> Result<Self, JsValue> {
        let decl = section(
            doc,
            main,
            "h-declarations",
            "Declarations the model sees",
            Some("declarations"),
        )?;
        hint(
            doc,
            &decl,
            "The model is given each tool's name, description, risk and argument schema, never its implementation. A description is not a permission: only risk and policy grant anything, so a prompt that rewrites a description gains nothing. What a tool returns is untrusted data, not instructions: a page that feeds output back to a model must keep it marked as data.",
        )?;
        let list = child(doc, &decl, "div", &[("class", "exports")], None)?;
        let mut exports = Vec::new();
        for export in Export::ALL {
            let row = child(doc, &list, "div", &[("class", "row")], None)?;
            let copy = button(doc, &row, &format!("Copy {}", export.label()))?;
            let download = button(doc, &row, &format!("Download {}", export.label()))?;
            exports.push(ExportButtons {
                export,
                copy,
                download,
            });
        }
        let status = status(doc, &decl)?;
        for tool in published::tools() {
            let item = child(
                doc,
                &decl,
                "details",
                &[("class", "declaration"), ("data-tool", &tool.name)],
                None,
            )?;
            child(
                doc,
                &item,
                "summary",
                &[],
                Some(&format!("{} · risk: {}", tool.name, tool.risks.join(", "))),
            )?;
            child(doc, &item, "p", &[], Some(&tool.description))?;
            child(doc, &item, "h3", &[], Some("MCP annotations"))?;
            literal(
                doc,
                &item,
                &format!("{} annotations", tool.name),
                &tool.annotations,
            )?;
            child(doc, &item, "h3", &[], Some("Argument schema"))?;
            literal(
                doc,
                &item,
                &format!("{} argument schema", tool.name),
                &tool.schema,
            )?;
        }
        Ok(Self { exports, status })
    }
}
