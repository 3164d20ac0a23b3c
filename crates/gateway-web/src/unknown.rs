//! What the page shows for an experiment id it does not know, or for a link
//! whose experiment cannot be opened: the list of experiments, never a
//! blank page and never another experiment in its place; each with this
//! browser's progress on it. Every word comes from the core.

use gateway_core::opening::UnknownView;
use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use crate::dom::{child, set_attribute};

pub fn show(doc: &Document, root: &Element, view: &UnknownView) -> Result<(), JsValue> {
    doc.set_title(&view.page_title);
    if let Some(html) = doc.document_element() {
        set_attribute(&html, "lang", view.locale.id());
    }
    set_attribute(root, "class", "workbench unknown");
    let main = child(doc, root, "main", &[("class", "layout")], None);
    let panel = child(
        doc,
        &main,
        "section",
        &[("class", "panel"), ("aria-labelledby", "h-unknown")],
        None,
    );
    child(
        doc,
        &panel,
        "p",
        &[("class", "eyebrow")],
        Some(&view.eyebrow),
    );
    child(doc, &panel, "h1", &[("id", "h-unknown")], Some(&view.title));
    child(doc, &panel, "p", &[("role", "alert")], Some(&view.message));
    if let Some(detail) = &view.detail {
        child(doc, &panel, "p", &[("class", "hint")], Some(detail));
    }
    let list = child(doc, &panel, "ul", &[("class", "experiments")], None);
    for e in &view.experiments {
        let done = if e.done { "true" } else { "false" };
        let li = child(doc, &list, "li", &[("data-done", done)], None);
        child(doc, &li, "a", &[("href", &e.href)], Some(&e.title));
        if let Some(mark) = &e.mark {
            li.append_child(&doc.create_text_node(" "))?;
            child(doc, &li, "span", &[("class", "list-mark")], Some(mark));
        }
    }
    Ok(())
}
