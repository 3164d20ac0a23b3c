//! Posting to an embedding course page, hearing from it, and watching this
//! page's height. What to post, and when, is the core's (`Command::Post`,
//! whose `wire()` gives each message's JSON and whether it goes as a
//! string); this module only performs the `postMessage` calls, passes the
//! parent's `{context, action}` messages to the core (`Msg::FromParent`),
//! and reports height changes (`Msg::Resized`).

use gateway_core::command::Post;
use js_sys::Reflect;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Window};

use crate::dom::listen;

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

/// Performs a post the core decided on: each of its messages, as the
/// object its JSON gives or as the string itself.
pub fn post(post: &Post) {
    let Some(parent) = parent() else { return };
    for wire in post.wire() {
        let message = if wire.as_text {
            Ok(JsValue::from_str(&wire.json))
        } else {
            js_sys::JSON::parse(&wire.json)
        };
        // The messages carry no personal data, so any parent may read them.
        if let Ok(message) = message {
            let _ = parent.post_message(&message, "*");
        }
    }
}

/// Calls `report` with the `context` and `action` strings of every message
/// the parent window posts with both (H5P's resizer does), if framed.
pub fn watch_parent(report: impl Fn(String, String) + 'static) -> Result<(), JsValue> {
    let (Some(window), Some(parent)) = (web_sys::window(), parent()) else {
        return Ok(());
    };
    let parent = JsValue::from(parent);
    listen(&window, "message", move |event| {
        let event = JsValue::from(event);
        if get(&event, "source") != parent {
            return;
        }
        let data = get(&event, "data");
        if let (Some(context), Some(action)) = (
            get(&data, "context").as_string(),
            get(&data, "action").as_string(),
        ) {
            report(context, action);
        }
    })
}

/// `value[key]`, or `undefined` where that throws (`value` is no object).
fn get(value: &JsValue, key: &str) -> JsValue {
    Reflect::get(value, &JsValue::from_str(key)).unwrap_or_default()
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
