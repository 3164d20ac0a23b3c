//! The page's panels, one module each (`layout.rs` puts them in page
//! order). Each pairs the build of its part of the page (once, with the
//! stable accessible names) with the render of its part of the
//! `PageModel` (touching only what changed). This module holds the
//! structure helpers they share.

pub mod baseline;
pub mod builder;
pub mod declarations;
pub mod experiment;
pub mod gateway;
pub mod held;
pub mod ledger;
pub mod masthead;
pub mod notes;
pub mod output;
pub mod policy;
pub mod preview;
pub mod request;
pub mod runs;
pub mod turn;

use gateway_core::view::Choice;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, HtmlSelectElement};

use crate::dom::{child, clear, set_attribute};

/// A panel: `<section class="panel …" aria-labelledby=id data-panel=…>`
/// with its `<h2 id=id>`. `kind` is an extra class for the panel's own
/// styling; `data-panel` is the name `hide=` uses.
pub fn section(
    doc: &Document,
    parent: &Element,
    id: &str,
    heading: &str,
    kind: Option<&str>,
) -> Element {
    let s = panel(doc, parent, "section", id, kind);
    child(doc, &s, "h2", &[("id", id)], Some(heading));
    s
}

/// A secondary panel, one disclosure away from the story: a closed
/// `<details class="panel more-panel" …>` whose `<summary>` holds the
/// `<h2 id=id>`. The experiment says which start open.
pub fn disclosure(doc: &Document, parent: &Element, id: &str, heading: &str) -> Element {
    let d = panel(doc, parent, "details", id, Some("more-panel"));
    let summary = child(doc, &d, "summary", &[], None);
    child(doc, &summary, "h2", &[("id", id)], Some(heading));
    d
}

fn panel(doc: &Document, parent: &Element, tag: &str, id: &str, kind: Option<&str>) -> Element {
    let class = kind.map_or_else(|| "panel".to_string(), |k| format!("panel {k}"));
    child(
        doc,
        parent,
        tag,
        &[
            ("class", &class),
            ("aria-labelledby", id),
            ("data-panel", id.strip_prefix("h-").unwrap_or(id)),
        ],
        None,
    )
}

/// A labelled form control: `<div class="field"><label for=id>…</label><tag id=id></div>`.
pub fn field(doc: &Document, parent: &Element, tag: &str, id: &str, label: &str) -> Element {
    let wrap = child(doc, parent, "div", &[("class", "field")], None);
    child(doc, &wrap, "label", &[("for", id)], Some(label));
    child(doc, &wrap, tag, &[("id", id), ("name", id)], None)
}

/// A hidden `<div class="field">` with its `<label for=id>`, for a
/// read-only value to copy; `dom::reveal_value` fills and shows it.
pub fn hidden_field(doc: &Document, parent: &Element, id: &str, label: &str) -> Element {
    let wrap = child(
        doc,
        parent,
        "div",
        &[("class", "field"), ("hidden", "")],
        None,
    );
    child(doc, &wrap, "label", &[("for", id)], Some(label));
    wrap
}

/// A `<p class="hint">` explaining a panel.
pub fn hint(doc: &Document, parent: &Element, text: &str) -> Element {
    child(doc, parent, "p", &[("class", "hint")], Some(text))
}

/// An empty `<p class="status-line" role="status">` that announces changes.
pub fn status(doc: &Document, parent: &Element) -> Element {
    child(
        doc,
        parent,
        "p",
        &[("class", "status-line"), ("role", "status")],
        None,
    )
}

/// Replaces a select's options; `placeholder` adds a first disabled option
/// that is selected when no choice is.
pub fn fill_select(
    doc: &Document,
    select: &Element,
    choices: &[Choice],
    placeholder: Option<&str>,
) -> Result<(), JsValue> {
    clear(select);
    let none_selected = !choices.iter().any(|c| c.selected);
    if let Some(text) = placeholder {
        let opt = child(
            doc,
            select,
            "option",
            &[("value", ""), ("disabled", "")],
            Some(text),
        );
        if none_selected {
            set_attribute(&opt, "selected", "");
        }
    }
    for c in choices {
        let opt = child(doc, select, "option", &[("value", c.value)], Some(&c.label));
        if c.selected {
            set_attribute(&opt, "selected", "");
        }
        if !c.enabled {
            set_attribute(&opt, "disabled", "");
        }
    }
    if let Some(s) = select.dyn_ref::<HtmlSelectElement>() {
        let value = choices.iter().find(|c| c.selected).map_or("", |c| c.value);
        s.set_value(value);
        s.set_disabled(choices.iter().all(|c| !c.enabled));
    }
    Ok(())
}
