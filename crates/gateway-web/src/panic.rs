//! A panic shows a visible error banner instead of a frozen page: the
//! panic hook words it in the page's language, with the panic's message.

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

pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        let detail = info.to_string();
        web_sys::console::error_1(&JsValue::from_str(&detail));
        let _ = show_banner(&detail);
    }));
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
