//! Fetches a language's catalogue (the core's `text::DATA`, written by the
//! build to `pkg/locales/<tag>.json`). The single file carries its
//! catalogues inside the page (packed; its loader unpacks them into
//! `<script type="application/json" id="catalogue-<tag>">` before the wasm
//! starts), since a page opened from `file://` may not fetch; they are read
//! from there first.

use gateway_core::text::Locale;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// Where the page finds `locale`'s catalogue, relative to itself.
pub fn path(locale: Locale) -> String {
    format!("./pkg/locales/{}.json", locale.id())
}

/// What is done with a catalogue's text, or with why it could not be had.
type Done = Box<dyn FnOnce(Result<String, String>)>;

/// Calls `done` with the catalogue's text, or with why it could not be had.
/// The reading is one function for every caller (`done` boxed), not one
/// copy of its closures per caller.
#[inline(always)]
pub fn fetch(locale: Locale, done: impl FnOnce(Result<String, String>) + 'static) {
    fetch_text(locale, Box::new(done));
}

#[inline(never)]
fn fetch_text(locale: Locale, done: Done) {
    let tag = locale.id();
    let inline = crate::dom::document()
        .ok()
        .and_then(|d| d.get_element_by_id(&format!("catalogue-{tag}")))
        .and_then(|e| e.text_content());
    if let Some(text) = inline {
        done(Ok(text));
        return;
    }
    let Some(window) = web_sys::window() else {
        done(Err("no window".into()));
        return;
    };
    let url = path(locale);
    // One of the two closures runs; the promise chain holds both until then.
    let done = std::rc::Rc::new(std::cell::RefCell::new(Some(done)));
    let finish = move |result: Result<String, String>| {
        if let Some(done) = done.borrow_mut().take() {
            done(result);
        }
    };
    let (ok, failed, refused) = (finish.clone(), finish.clone(), finish);
    let read = Closure::once(move |response: JsValue| {
        let response: web_sys::Response = response.unchecked_into();
        if !response.ok() {
            failed(Err(format!(
                "HTTP {} {}",
                response.status(),
                response.url()
            )));
            return;
        }
        match response.text() {
            Ok(text) => {
                let failed = failed.clone();
                let got =
                    Closure::once(move |t: JsValue| ok(Ok(t.as_string().unwrap_or_default())));
                let lost = Closure::once(move |e: JsValue| failed(Err(why(&e))));
                let _ = text.then2(&got, &lost);
                got.forget();
                lost.forget();
            }
            Err(e) => failed(Err(why(&e))),
        }
    });
    let lost = Closure::once(move |e: JsValue| refused(Err(why(&e))));
    let _ = window.fetch_with_str(&url).then2(&read, &lost);
    read.forget();
    lost.forget();
}

/// A rejection's reason as text.
fn why(e: &JsValue) -> String {
    e.as_string()
        .or_else(|| e.dyn_ref::<js_sys::Error>().map(|e| e.message().into()))
        .unwrap_or_default()
}
