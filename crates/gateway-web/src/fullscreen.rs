//! Expand experiment / Exit full screen, with a fallback where the
//! Fullscreen API is unavailable or refused (e.g. inside an iframe without
//! `allow="fullscreen"`): the page then fills the viewport with CSS.

use wasm_bindgen::JsValue;
use web_sys::Document;

use crate::app::Shared;
use crate::dom::set_text;
use crate::layout::Elements;

const EXPANDED_CLASS: &str = "expanded";

fn is_expanded(doc: &Document, els: &Elements) -> bool {
    doc.fullscreen_element().is_some() || els.root.class_list().contains(EXPANDED_CLASS)
}

fn show_label(doc: &Document, els: &Elements) {
    let label = if is_expanded(doc, els) {
        "Exit full screen"
    } else {
        "Expand experiment"
    };
    set_text(&els.expand, label);
}

fn toggle(doc: &Document, els: &Elements) {
    if doc.fullscreen_element().is_some() {
        doc.exit_fullscreen();
    } else if els.root.class_list().contains(EXPANDED_CLASS) {
        let _ = els.root.class_list().remove_1(EXPANDED_CLASS);
    } else if !doc.fullscreen_enabled() || els.root.request_fullscreen().is_err() {
        let _ = els.root.class_list().add_1(EXPANDED_CLASS);
    }
    show_label(doc, els);
}

pub fn wire(shell: &Shared, els: &Elements) -> Result<(), JsValue> {
    let doc = shell.app.borrow().doc.clone();
    let (d, e) = (doc.clone(), els.clone());
    crate::app::listen(&els.expand, "click", move |_| toggle(&d, &e))?;
    let (d, e) = (doc.clone(), els.clone());
    crate::app::listen(&doc, "fullscreenchange", move |_| show_label(&d, &e))?;
    let (d, e) = (doc.clone(), els.clone());
    crate::app::listen(&doc, "keydown", move |ev| {
        let escape = wasm_bindgen::JsCast::dyn_ref::<web_sys::KeyboardEvent>(&ev)
            .is_some_and(|k| k.key() == "Escape");
        if escape && e.root.class_list().contains(EXPANDED_CLASS) {
            let _ = e.root.class_list().remove_1(EXPANDED_CLASS);
            show_label(&d, &e);
        }
    })
}
