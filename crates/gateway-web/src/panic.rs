//! A panic shows a visible error banner instead of a frozen page.
//!
//! On stable the panic hook words it, with the panic's message. The page's
//! nightly build (scripts/setup.sh, `build_page_wasm`) aborts at once on a
//! panic, with no hook and no message: the module traps, and the trap
//! reaches the page as a `WebAssembly.RuntimeError` thrown out of whatever
//! listener or callback was running, which [`on_trap`] words instead.

use std::cell::Cell;

use gateway_core::text::Locale;
use wasm_bindgen::JsValue;

thread_local! {
    /// The page's language, for the banner's words.
    static LOCALE: Cell<Locale> = Cell::new(Locale::default());
}

/// The banner is worded in `locale` from now on.
pub fn set_locale(locale: Locale) {
    LOCALE.with(|l| l.set(locale));
}

thread_local! {
    /// A trap was worded already: a second one (the banner's own, say) is not.
    static TRAPPED: Cell<bool> = const { Cell::new(false) };
}

pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        let detail = info.to_string();
        web_sys::console::error_1(&JsValue::from_str(&detail));
        let _ = show_banner(&detail);
    }));
    if let Some(window) = web_sys::window() {
        // A listener's trap is an `error` event; a promise callback's, an
        // `unhandledrejection`.
        for event in ["error", "unhandledrejection"] {
            let _ = crate::dom::listen(&window, event, on_trap);
        }
    }
}

/// The module trapped: the banner says so, with the trap's own message,
/// unless the panic hook has shown it already (stable) or a trap was
/// worded before. Other errors on the page are not the workbench's.
fn on_trap(event: web_sys::Event) {
    let get = |o: &JsValue, key: &str| {
        js_sys::Reflect::get(o, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
    };
    let mut error = get(&event, "error");
    if error.is_undefined() {
        error = get(&event, "reason");
    }
    if get(&error, "name").as_string().as_deref() != Some("RuntimeError")
        || TRAPPED.with(|t| t.replace(true))
    {
        return;
    }
    let shown = crate::dom::document()
        .ok()
        .and_then(|d| d.get_element_by_id("error-banner"))
        .is_some_and(|b| !b.has_attribute("hidden"));
    if !shown {
        let _ = show_banner(&get(&error, "message").as_string().unwrap_or_default());
    }
}

/// Puts the banner at the top of the body (creating it if needed).
pub fn show_banner(detail: &str) -> Result<(), JsValue> {
    let doc = crate::dom::document()?;
    let banner = match doc.get_element_by_id("error-banner") {
        Some(b) => b,
        None => {
            let b = doc.create_element("div")?;
            b.set_attribute("id", "error-banner")?;
            if let Some(body) = doc.body() {
                body.prepend_with_node_1(&b)?;
            }
            b
        }
    };
    banner.set_attribute("role", "alert")?;
    banner.remove_attribute("hidden")?;
    banner.set_text_content(Some(&gateway_core::opening::panic_banner(
        detail,
        LOCALE.with(Cell::get),
    )));
    Ok(())
}
