//! Expand experiment / Exit full screen, with a fallback where the
//! Fullscreen API is unavailable or refused (e.g. inside an iframe without
//! `allow="fullscreen"`): the page then fills the viewport with CSS.

use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use crate::app::Shared;
use crate::dom::set_text;

const EXPANDED_CLASS: &str = "expanded";

/// The page's root and the masthead's Expand experiment button.
#[derive(Debug, Clone)]
struct Expand {
    root: Element,
    button: Element,
    /// The button's words when collapsed and when expanded (the core's).
    expand: String,
    exit: String,
}

impl Expand {
    fn is_expanded(&self, doc: &Document) -> bool {
        doc.fullscreen_element().is_some() || self.root.class_list().contains(EXPANDED_CLASS)
    }

    fn show_label(&self, doc: &Document) {
        let label = if self.is_expanded(doc) {
            &self.exit
        } else {
            &self.expand
        };
        set_text(&self.button, label);
    }

    fn toggle(&self, doc: &Document) {
        if doc.fullscreen_element().is_some() {
            doc.exit_fullscreen();
        } else if self.root.class_list().contains(EXPANDED_CLASS) {
            let _ = self.root.class_list().remove_1(EXPANDED_CLASS);
        } else if !doc.fullscreen_enabled() || self.root.request_fullscreen().is_err() {
            let _ = self.root.class_list().add_1(EXPANDED_CLASS);
        }
        self.show_label(doc);
    }
}

pub fn wire(shell: &Shared, root: &Element, button: &Element) -> Result<(), JsValue> {
    let (doc, labels) = {
        let app = shell.app.borrow();
        let labels = app.model().map(|m| m.labels.clone());
        (app.doc.clone(), labels)
    };
    let Some(labels) = labels else {
        return Ok(());
    };
    let expand = Expand {
        root: root.clone(),
        button: button.clone(),
        expand: labels.expand,
        exit: labels.exit_full_screen,
    };
    let (d, e) = (doc.clone(), expand.clone());
    crate::app::listen(button, "click", move |_| e.toggle(&d))?;
    let (d, e) = (doc.clone(), expand.clone());
    crate::app::listen(&doc, "fullscreenchange", move |_| e.show_label(&d))?;
    let (d, e) = (doc.clone(), expand);
    crate::app::listen(&doc, "keydown", move |ev| {
        let escape = wasm_bindgen::JsCast::dyn_ref::<web_sys::KeyboardEvent>(&ev)
            .is_some_and(|k| k.key() == "Escape");
        if escape && e.root.class_list().contains(EXPANDED_CLASS) {
            let _ = e.root.class_list().remove_1(EXPANDED_CLASS);
            e.show_label(&d);
        }
    })
}
