//! Fetches a language's catalogue (the core's `text::LEARNER_DATA`, written
//! by the build to `pkg/locales/<tag>/<id>.json` with one experiment's
//! structure and words; the author build's is `text::AUTHOR_DATA`, every
//! message but the command line's, in `pkg/author/locales/<tag>.json`).
//! The single file carries its catalogues inside the page (packed; its
//! loader unpacks them into
//! `<script type="application/json" id="catalogue-<tag>">` before the wasm
//! starts), since a page opened from `file://` may not fetch; they are read
//! from there first.

use gateway_core::text::{FetchError, Locale};
use gateway_core::ExperimentId;
use wasm_bindgen::JsCast;

use crate::dom::{settle, settle_text, words};

thread_local! {
    /// The built-in experiment the page opens (`opening::builtin_wanted`),
    /// whose catalogue the learner's page downloads; `None` when its link
    /// carries an experiment of its own.
    static OPENS: std::cell::Cell<Option<ExperimentId>> = const { std::cell::Cell::new(None) };
}

/// Says, before the first fetch, which built-in experiment the page opens
/// (`None`: the one its link carries).
pub fn set_experiment(id: Option<ExperimentId>) {
    OPENS.with(|o| o.set(id));
}

/// Where the page finds `locale`'s catalogue, relative to itself: the
/// learner's for the experiment it opens (`<tag>/<id>.json`: that
/// experiment's structure and words only), or for a link that carries an
/// experiment (`<tag>/link.json`: the words of its problems, and the
/// default experiment's, opened should it not read); or the author
/// build's, whole and with its own messages, beside its module.
pub fn path(locale: Locale) -> String {
    if cfg!(feature = "author") {
        format!("./pkg/author/locales/{}.json", locale.id())
    } else {
        let file = OPENS
            .with(std::cell::Cell::get)
            .map_or("link", ExperimentId::id);
        format!("./pkg/locales/{}/{file}.json", locale.id())
    }
}

/// Where the learner's page finds `locale`'s exports, which it downloads
/// when the declarations panel opens (the author build's and the single
/// file's catalogues carry them).
pub fn exports_path(locale: Locale) -> String {
    format!("./pkg/locales/{}/exports.json", locale.id())
}

/// Calls `done` with the catalogue's text, or with why it could not be had.
pub fn fetch(locale: Locale, done: impl FnOnce(Result<String, FetchError>) + 'static) {
    let tag = locale.id();
    let inline = crate::dom::document()
        .ok()
        .and_then(|d| d.get_element_by_id(&format!("catalogue-{tag}")))
        .and_then(|e| e.text_content());
    if let Some(text) = inline {
        done(Ok(text));
        return;
    }
    fetch_text(&path(locale), Box::new(done));
}

/// Text fetched, or why it could not be had.
pub type Fetched = Box<dyn FnOnce(Result<String, FetchError>)>;

/// Calls `done` with the text of the file at `url` (relative to the page),
/// or with why it could not be had.
pub fn fetch_text(url: &str, done: Fetched) {
    let Some(window) = web_sys::window() else {
        return done(Err(FetchError::Browser("no window".into())));
    };
    settle(
        &window.fetch_with_str(url),
        Box::new(move |answer| {
            let response: web_sys::Response = match answer {
                Ok(r) => r.unchecked_into(),
                Err(why) => return done(Err(FetchError::Browser(why))),
            };
            if !response.ok() {
                return done(Err(FetchError::Status {
                    status: response.status(),
                    url: response.url(),
                }));
            }
            match response.text() {
                Ok(text) => settle_text(
                    &text,
                    Box::new(move |r| done(r.map_err(FetchError::Browser))),
                ),
                Err(e) => done(Err(FetchError::Browser(words(&e)))),
            }
        }),
    );
}
