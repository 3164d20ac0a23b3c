//! Posting to an embedding course page, and watching this page's height.
//! What to post, and when, is the core's (`Command::Post`); this module
//! only turns a post into `postMessage` calls and reports height changes
//! (which the shell sends to the core as `Msg::Resized`).
//!
//! Messages posted to the parent window:
//! - `{subject: "lti.frameResize", height}` (Canvas and others resize on it);
//! - `{type: "function-tools-workbench.resize", version: 1, experiment, height}`;
//! - `{type: "function-tools-workbench.goal", version: 1, experiment, goal,
//!   reached, total, complete}` when a goal is newly reached.

use gateway_core::command::Post;
use js_sys::{Object, Reflect};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Window};

/// The namespace of this page's own messages.
pub const NAMESPACE: &str = "function-tools-workbench";

/// The parent window when this page is framed.
fn parent() -> Option<Window> {
    let window = web_sys::window()?;
    let parent = window.parent().ok().flatten()?;
    (JsValue::from(&parent) != JsValue::from(&window)).then_some(parent)
}

/// Whether a course page frames this one.
pub fn framed() -> bool {
    parent().is_some()
}

fn send(fields: &[(&str, JsValue)]) {
    let Some(parent) = parent() else { return };
    let message = Object::new();
    for (k, v) in fields {
        let _ = Reflect::set(&message, &JsValue::from_str(k), v);
    }
    // The messages carry no personal data, so any parent may read them.
    let _ = parent.post_message(&message, "*");
}

/// Performs a post the core decided on.
pub fn post(post: &Post) {
    match post {
        Post::Resize { experiment, height } => {
            send(&[
                ("subject", "lti.frameResize".into()),
                ("height", (*height).into()),
            ]);
            send(&[
                ("type", format!("{NAMESPACE}.resize").into()),
                ("version", 1.into()),
                ("experiment", (*experiment).into()),
                ("height", (*height).into()),
            ]);
        }
        Post::Goal {
            experiment,
            goal,
            reached,
            total,
        } => send(&[
            ("type", format!("{NAMESPACE}.goal").into()),
            ("version", 1.into()),
            ("experiment", (*experiment).into()),
            ("goal", (*goal).into()),
            ("reached", (*reached as u32).into()),
            ("total", (*total as u32).into()),
            ("complete", (reached == total).into()),
        ]),
    }
}

/// Calls `report` with the document's height now and whenever it changes,
/// if framed.
pub fn watch_height(doc: &Document, report: impl Fn(u32) + 'static) -> Result<(), JsValue> {
    if !framed() {
        return Ok(());
    }
    let Some(html) = doc.document_element() else {
        return Ok(());
    };
    let target = html.clone();
    let measure = move || {
        let height = target
            .dyn_ref::<web_sys::HtmlElement>()
            .map_or(0, web_sys::HtmlElement::offset_height);
        report(u32::try_from(height).unwrap_or(0));
    };
    measure();
    let callback = Closure::<dyn FnMut()>::new(measure);
    let observer = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref())?;
    observer.observe(&html);
    callback.forget();
    Ok(())
}
