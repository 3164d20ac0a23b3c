//! Embedding in a course page: `?embed=1` shows one experiment without the
//! page chrome, `hide=` hides named panels, and when the page is framed it
//! tells the parent its height and the goals reached (no personal data).
//!
//! Messages posted to the parent window:
//! - `{subject: "lti.frameResize", height}` (Canvas and others resize on it);
//! - `{type: "function-tools-workbench.resize", version: 1, experiment, height}`;
//! - `{type: "function-tools-workbench.goal", version: 1, experiment, goal,
//!   reached, total, complete}` when a goal is newly reached.

use std::cell::Cell;
use std::rc::Rc;

use js_sys::{Object, Reflect};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, UrlSearchParams, Window};

/// The namespace of this page's own messages.
pub const NAMESPACE: &str = "function-tools-workbench";

/// What the query asks of an embedded page.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EmbedOptions {
    pub embed: bool,
    /// Panel names (`data-panel`) to hide, e.g. `notes`, `baseline`.
    pub hide: Vec<String>,
}

impl EmbedOptions {
    pub fn from_query(search: &str) -> Self {
        let Ok(params) = UrlSearchParams::new_with_str(search) else {
            return Self::default();
        };
        let embed = params
            .get("embed")
            .is_some_and(|v| matches!(v.as_str(), "1" | "true" | "yes"));
        let hide = params
            .get("hide")
            .map(|v| {
                v.split(',')
                    .map(|s| s.trim().to_ascii_lowercase())
                    .filter(|s| !s.is_empty())
                    .collect()
            })
            .unwrap_or_default();
        Self { embed, hide }
    }

    /// Marks the root for embed styling and hides the named panels.
    pub fn apply(&self, root: &Element) -> Result<(), JsValue> {
        if self.embed {
            root.class_list().add_1("embed")?;
        }
        for name in &self.hide {
            let list = root.query_selector_all("[data-panel]")?;
            for i in 0..list.length() {
                let Some(panel) = list.item(i).and_then(|n| n.dyn_into::<Element>().ok()) else {
                    continue;
                };
                if panel.get_attribute("data-panel").as_deref() == Some(name.as_str()) {
                    panel.set_attribute("hidden", "")?;
                }
            }
        }
        Ok(())
    }
}

/// The parent window when this page is framed.
fn parent() -> Option<Window> {
    let window = web_sys::window()?;
    let parent = window.parent().ok().flatten()?;
    (JsValue::from(&parent) != JsValue::from(&window)).then_some(parent)
}

fn post(fields: &[(&str, JsValue)]) {
    let Some(parent) = parent() else { return };
    let message = Object::new();
    for (k, v) in fields {
        let _ = Reflect::set(&message, &JsValue::from_str(k), v);
    }
    // The messages carry no personal data, so any parent may read them.
    let _ = parent.post_message(&message, "*");
}

fn post_height(experiment: &str, height: i32) {
    post(&[
        ("subject", "lti.frameResize".into()),
        ("height", height.into()),
    ]);
    post(&[
        ("type", format!("{NAMESPACE}.resize").into()),
        ("version", 1.into()),
        ("experiment", experiment.into()),
        ("height", height.into()),
    ]);
}

/// Tells the parent a goal was reached.
pub fn post_goal(experiment: &str, goal: &str, reached: usize, total: usize) {
    post(&[
        ("type", format!("{NAMESPACE}.goal").into()),
        ("version", 1.into()),
        ("experiment", experiment.into()),
        ("goal", goal.into()),
        ("reached", (reached as u32).into()),
        ("total", (total as u32).into()),
        ("complete", (reached == total).into()),
    ]);
}

/// Posts the document's height now and whenever it changes, if framed.
pub fn watch_height(doc: &Document, experiment: &'static str) -> Result<(), JsValue> {
    if parent().is_none() {
        return Ok(());
    }
    let Some(html) = doc.document_element() else {
        return Ok(());
    };
    let last = Rc::new(Cell::new(-1));
    let target = html.clone();
    let report = move || {
        let height = target
            .dyn_ref::<web_sys::HtmlElement>()
            .map_or(0, web_sys::HtmlElement::offset_height);
        if height != last.get() {
            last.set(height);
            post_height(experiment, height);
        }
    };
    report();
    let callback = Closure::<dyn FnMut()>::new(report);
    let observer = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref())?;
    observer.observe(&html);
    callback.forget();
    Ok(())
}
