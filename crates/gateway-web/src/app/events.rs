//! A control's DOM event becomes a message: made from the element's
//! value, from a select's choice (not each step of the arrow keys), from
//! the last drawn model, or from a fixed message and its argument.

use std::cell::Cell;

use gateway_core::view::PageModel;
use gateway_core::Msg;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Element, HtmlSelectElement};

use super::{dispatch, Shared};
use crate::dom::listen_on_page;

pub(super) fn select_value(e: &Element) -> String {
    e.dyn_ref::<HtmlSelectElement>()
        .map(HtmlSelectElement::value)
        .unwrap_or_default()
}

/// Sends the message `make` builds from the element's value, if any.
pub(super) fn on_value(
    shell: Shared,
    target: &Element,
    event: &str,
    make: fn(&Element) -> Option<Msg>,
) -> Result<(), JsValue> {
    let el = target.clone();
    listen_on_page(target, event, move |_| {
        if let Some(msg) = make(&el) {
            dispatch(shell, msg);
        }
    })
}

/// A select whose choice replaces the request (Tool, Example): it loads
/// when chosen (a click, Enter, or leaving the select), not at each step
/// of the arrow keys, which change a closed select's value as they go.
pub(super) fn on_choice(
    shell: Shared,
    target: &Element,
    make: fn(&Element) -> Option<Msg>,
) -> Result<(), JsValue> {
    let stepping = std::rc::Rc::new(Cell::new(false));
    let el = target.clone();
    // One handler for the four events (one closure type in the module).
    let handler = move |ev: web_sys::Event| {
        let choose = match ev.type_().as_str() {
            "keydown" => {
                let key = ev
                    .dyn_ref::<web_sys::KeyboardEvent>()
                    .map(web_sys::KeyboardEvent::key)
                    .unwrap_or_default();
                // Arrows, Home/End, Page keys and type-ahead letters step;
                // Space opens the list, whose choice comes as a change.
                let steps = key.starts_with("Arrow")
                    || matches!(key.as_str(), "Home" | "End" | "PageUp" | "PageDown")
                    || (key.chars().nth(1).is_none() && !key.is_empty() && key != " ");
                if steps {
                    stepping.set(true);
                }
                key == "Enter" && stepping.get()
            }
            "change" => !stepping.get(),
            "blur" => stepping.get(),
            // mousedown: a pointer opens the list; its choice loads on change.
            _ => {
                stepping.set(false);
                false
            }
        };
        if choose {
            stepping.set(false);
            if let Some(msg) = make(&el) {
                dispatch(shell, msg);
            }
        }
    };
    for event in ["keydown", "change", "blur", "mousedown"] {
        listen_on_page(target, event, handler.clone())?;
    }
    Ok(())
}

/// Sends a message chosen from the last drawn model when `target` is clicked.
pub(super) fn on_click(
    shell: Shared,
    target: &Element,
    make: fn(&PageModel) -> Msg,
) -> Result<(), JsValue> {
    listen_on_page(target, "click", move |_| {
        let msg = shell.app.borrow().model().map(make);
        if let Some(msg) = msg {
            dispatch(shell, msg);
        }
    })
}

/// Sends `make(arg)` when `target` is clicked: the message is made at each
/// click (a stored one would be cloned there).
pub(super) fn on_message<T: Copy + 'static>(
    shell: Shared,
    target: &Element,
    make: fn(T) -> Msg,
    arg: T,
) -> Result<(), JsValue> {
    listen_on_page(target, "click", move |_| dispatch(shell, make(arg)))
}
