//! "Declarations the model sees": Copy / Download of each export of the
//! page's registry with their status line, and each of its tools'
//! published declaration. Drawn once from the core's `DeclarationsView`,
//! when the exports are there; nothing in it follows the model.

use gateway_core::declarations::Export;
use gateway_core::text::Locale;
use gateway_core::view::{DeclarationsView, ExportsView, Labels};
use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use super::{disclosure, hint, status};
use crate::dom::{button, child, clear, literal, set_text};

/// An export's Copy and Download buttons.
#[derive(Debug, Clone)]
pub struct ExportButtons {
    pub export: Export,
    pub copy: Element,
    pub download: Element,
}

/// The panel. Its exports and the tools' declarations are drawn from the
/// exports of the page's language, which the learner's page downloads
/// when the panel first opens (`app::declarations::load_declarations`);
/// until then the export row says they are loading.
#[derive(Debug, Clone)]
pub struct Declarations {
    /// The disclosure itself.
    pub panel: Element,
    /// The export rows (or why they are not there yet).
    list: Element,
    /// The tools' declarations.
    tools: Element,
    /// Empty until the exports are drawn.
    pub exports: Vec<ExportButtons>,
    pub status: Element,
}

impl Declarations {
    pub fn build(
        doc: &Document,
        main: &Element,
        l: &Labels,
        locale: Locale,
        view: Option<&DeclarationsView>,
    ) -> Result<Self, JsValue> {
        let panel = disclosure(doc, main, "h-declarations", &l.declarations_heading);
        panel.class_list().add_1("declarations")?;
        hint(doc, &panel, &l.declarations_intro);
        let list = child(doc, &panel, "div", &[("class", "exports")], None);
        let status = status(doc, &panel);
        let tools = child(doc, &panel, "div", &[], None);
        let mut d = Self {
            panel,
            list,
            tools,
            exports: Vec::new(),
            status,
        };
        if let Some(view) = view {
            d.fill(doc, l, view)?;
        } else {
            d.say(doc, &DeclarationsView::loading(locale));
        }
        Ok(d)
    }

    /// Whether the exports are drawn.
    pub fn filled(&self) -> bool {
        !self.exports.is_empty()
    }

    /// Draws the exports and the tools' declarations of `view`.
    pub fn fill(
        &mut self,
        doc: &Document,
        l: &Labels,
        view: &DeclarationsView,
    ) -> Result<(), JsValue> {
        clear(&self.list);
        clear(&self.tools);
        self.exports.clear();
        for e in &view.exports {
            let row = child(doc, &self.list, "div", &[("class", "export")], None);
            child(doc, &row, "p", &[("class", "export-name")], Some(&e.name));
            let copy = button(doc, &row, &e.copy);
            copy.set_attribute("aria-label", &e.copy_name)?;
            let download = button(doc, &row, &e.download);
            download.set_attribute("aria-label", &e.download_name)?;
            self.exports.push(ExportButtons {
                export: e.export,
                copy,
                download,
            });
        }
        for tool in &view.tools {
            let item = child(
                doc,
                &self.tools,
                "details",
                &[("class", "declaration"), ("data-tool", &tool.name)],
                None,
            );
            child(doc, &item, "summary", &[], Some(&tool.summary));
            child(doc, &item, "p", &[], Some(&tool.description));
            child(doc, &item, "h3", &[], Some(&l.annotations));
            literal(doc, &item, &tool.annotations_label, &tool.annotations);
            child(doc, &item, "h3", &[], Some(&l.argument_schema));
            literal(doc, &item, &tool.schema_label, &tool.schema);
        }
        Ok(())
    }

    /// Puts `words` where the export rows go (loading, or why not).
    pub fn say(&self, doc: &Document, words: &str) {
        clear(&self.list);
        hint(doc, &self.list, words);
    }

    pub fn render(&self, m: &ExportsView) {
        set_text(&self.status, &m.status);
    }
}
