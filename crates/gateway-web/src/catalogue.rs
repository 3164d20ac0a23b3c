//! Fetches a language's catalogue (the core's `text::LEARNER_DATA`, written
//! by the build to `pkg/locales/<tag>.json`; the author build's is the whole
//! `text::DATA`, in `pkg/author/locales/`). The single file carries its
//! catalogues inside the page (packed; its loader unpacks them into
//! `<script type="application/json" id="catalogue-<tag>">` before the wasm
//! starts), since a page opened from `file://` may not fetch; they are read
//! from there first.

use gateway_core::text::Locale;
use wasm_bindgen::JsCast;

use crate::dom::{settle, settle_text, words, Texted};

/// Where the page finds `locale`'s catalogue, relative to itself: the
/// author build's, with its own messages, beside its module.
pub fn path(locale: Locale) -> String {
    let pkg = if cfg!(feature = "author") {
        "./pkg/author"
    } else {
        "./pkg"
    };
    format!("{pkg}/locales/{}.json", locale.id())
}

/// Calls `done` with the catalogue's text, or with why it could not be had.
/// The reading is one function for every caller (`done` boxed), not one
/// copy of its closures per caller.
#[inline(always)]
pub fn fetch(locale: Locale, done: impl FnOnce(Result<String, String>) + 'static) {
    fetch_catalogue(locale, Box::new(done));
}

#[inline(never)]
fn fetch_catalogue(locale: Locale, done: Texted) {
    let tag = locale.id();
    let inline = crate::dom::document()
        .ok()
        .and_then(|d| d.get_element_by_id(&format!("catalogue-{tag}")))
        .and_then(|e| e.text_content());
    if let Some(text) = inline {
        done(Ok(text));
        return;
    }
    fetch_text(&path(locale), done);
}

/// Calls `done` with the text of the file at `url` (relative to the page),
/// or with why it could not be had.
pub fn fetch_text(url: &str, done: Texted) {
    let Some(window) = web_sys::window() else {
        return done(Err("no window".into()));
    };
    settle(
        &window.fetch_with_str(url),
        Box::new(move |answer| {
            let response: web_sys::Response = match answer {
                Ok(r) => r.unchecked_into(),
                Err(why) => return done(Err(why)),
            };
            if !response.ok() {
                return done(Err(format!(
                    "HTTP {} {}",
                    response.status(),
                    response.url()
                )));
            }
            match response.text() {
                Ok(text) => settle_text(&text, done),
                Err(e) => done(Err(words(&e))),
            }
        }),
    );
}
