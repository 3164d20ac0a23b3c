//! The thin browser shell of the workbench.
//!
//! It turns DOM events into [`gateway_core::Msg`]s, feeds the core the
//! time, and draws the core's view model with `create_element` and
//! `set_text_content`. It holds no policy: every decision is the core's.

#![forbid(unsafe_code)]

pub mod app;
#[cfg(feature = "author")]
mod authoring;
pub mod catalogue;
#[cfg(feature = "author")]
mod course;
pub mod deflate;
pub mod dom;
pub mod embed;
pub mod first_view;
mod fullscreen;
pub mod layout;
pub mod panels;
pub mod panic;
mod reveal;
mod storage;
mod unknown;

use gateway_core::boot::{Boot, Next};
use gateway_core::experiments::link;
use gateway_core::notice::Notice;
use gateway_core::opening::{self, Address, Opening, Query, UnknownView};
use gateway_core::text::{CatalogueFailure, Locale};
use gateway_core::Msg;
use wasm_bindgen::prelude::*;

/// talc's WebAssembly allocator (it grows the module's memory as needed).
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

/// Entry point: the core chooses the page's language from its address and
/// the browser's preferred languages; once that language's catalogue is
/// installed, the core opens the page from its address and what storage
/// holds, and the shell mounts what it opened into `#app`. Until then the
/// page's own "Loading" stays.
#[wasm_bindgen(start)]
pub fn start() -> Result<(), JsValue> {
    panic::install();
    first_view::stamp_if_asked();
    let query = query();
    let languages: Vec<String> = web_sys::window()
        .map(|w| {
            w.navigator()
                .languages()
                .iter()
                .filter_map(|l| l.as_string())
                .collect()
        })
        .unwrap_or_default();
    let preferred: Vec<&str> = languages.iter().map(String::as_str).collect();
    let locale = opening::choose_locale(&query, &preferred);
    let fragment = location_part(web_sys::Location::hash);
    catalogue::set_experiment(opening::builtin_wanted(&query, &fragment));
    boot(Boot::start(locale));
    Ok(())
}

/// Fetches the catalogue the core asks for before the page opens, and goes
/// on as the core says: open the page, fetch English's instead (the page
/// stays readable, and says why), or show that the page's files are
/// missing.
fn boot(start: Boot) {
    let locale = start.locale();
    catalogue::fetch(locale, move |data| match start.loaded(data) {
        Next::Load(next) => boot(next),
        Next::Open { locale, notice } => opened(locale, notice),
        Next::Failed { locale, why } => start_failed(&failed_file(locale, why)),
    });
}

/// The page's query as the browser's `URLSearchParams` reads it.
pub fn query() -> Query {
    let search = location_part(web_sys::Location::search);
    let pairs = web_sys::UrlSearchParams::new_with_str(&search)
        .map(|params| {
            js_sys::Array::from(&params)
                .iter()
                .filter_map(|entry| {
                    let entry = js_sys::Array::from(&entry);
                    Some((entry.get(0).as_string()?, entry.get(1).as_string()?))
                })
                .collect()
        })
        .unwrap_or_default();
    Query::from_pairs(pairs)
}

fn location_part(part: fn(&web_sys::Location) -> Result<String, JsValue>) -> String {
    dom::document()
        .ok()
        .and_then(|d| d.location())
        .and_then(|l| part(&l).ok())
        .unwrap_or_default()
}

/// Opens the page in `locale`, with `notice` added, once the experiment
/// the fragment carries is inflated (the single file's loader puts the
/// experiment its `<meta name="function-tools-experiment">` carries there).
fn opened(locale: Locale, notice: Option<Notice>) {
    let fragment = location_part(web_sys::Location::hash);
    match link::compressed(&fragment) {
        Ok(Some(bytes)) => deflate::inflate(&bytes, move |inflated| {
            let inflated = match &inflated {
                Ok(text) => Ok(text.as_bytes()),
                Err(why) => Err(why.as_str()),
            };
            report(open(locale, notice, &fragment, Some(inflated)));
        }),
        // The core reports a damaged part.
        _ => report(open(locale, notice, &fragment, None)),
    }
}

/// Opens and mounts the page in `locale`, with `notice` added: at once, or
/// once the experiment is inflated.
fn open(
    locale: Locale,
    notice: Option<Notice>,
    fragment: &str,
    inflated: Option<Result<&[u8], &str>>,
) -> Result<(), JsValue> {
    panic::set_locale(locale);
    let doc = dom::document()?;
    let Some(root) = doc.get_element_by_id("app") else {
        return Err("the page has no #app element".into());
    };
    let query = query();
    let address = Address {
        query: &query,
        fragment,
        framed: embed::framed(),
        from_file: location_part(web_sys::Location::protocol) == "file:",
        single_file: single_file(&doc),
        locale,
        inflated,
    };
    // The first view index.html was built with, for the learner's page to
    // take over; any other page is drawn anew.
    let first = first_view::FirstView::take();
    dom::clear(&root);
    // The course page (the author build: main.js loads it there).
    #[cfg(feature = "author")]
    if root.get_attribute("data-page").as_deref() == Some("course") {
        // The course page: the address up to its last `/` is where the
        // workbench's index.html lies.
        let href = location_part(web_sys::Location::href);
        let page = href.split(['?', '#']).next().unwrap_or_default();
        let base = page.trim_end_matches(|c| c != '/');
        let view = gateway_core::course::CourseView::new(locale, base, &storage::read);
        return course::show(&doc, &root, &view);
    }
    match opening::open(address, &storage::read) {
        Opening::Workbench(mut wb) => {
            if let Some(notice) = notice {
                wb.update(0, Msg::Notice(notice));
            }
            mount(&root, *wb, address, first)
        }
        Opening::Unknown { id, locale } => {
            let view = UnknownView::new(&id, locale).with_progress(&storage::read);
            unknown::show(&doc, &root, &view)
        }
        Opening::BrokenLink { fault, locale } => {
            let view = UnknownView::broken_link(&fault, locale).with_progress(&storage::read);
            unknown::show(&doc, &root, &view)
        }
    }
}

/// Whether the page is the single file: the marker the bundler writes in
/// its `<head>` (`<meta name="workbench-build" content="single-file">`).
fn single_file(doc: &web_sys::Document) -> bool {
    doc.query_selector(r#"meta[name="workbench-build"]"#)
        .ok()
        .flatten()
        .and_then(|m| m.get_attribute("content"))
        .as_deref()
        == Some("single-file")
}

/// Mounts the workbench the core opened.
#[cfg(not(feature = "author"))]
fn mount(
    root: &web_sys::Element,
    wb: gateway_core::Workbench,
    _: Address<'_>,
    first: Option<first_view::FirstView>,
) -> Result<(), JsValue> {
    app::mount_over(root, wb, first).map(|_| ())
}

/// Mounts the workbench the core opened, with the authoring panel
/// (`?author=1`) or the answer key (`?teacher=1`) above it.
#[cfg(feature = "author")]
fn mount(
    root: &web_sys::Element,
    wb: gateway_core::Workbench,
    address: Address<'_>,
    _: Option<first_view::FirstView>,
) -> Result<(), JsValue> {
    authoring::mount(root, wb, address)
}

fn report(result: Result<(), JsValue>) {
    if let Err(e) = result {
        web_sys::console::error_2(&"the page could not start".into(), &e);
        start_failed(&e.as_string().unwrap_or_default());
    }
}

/// What index.html's message names as the file that failed: the browser's
/// answer, or the file itself when it is not a catalogue this page reads.
fn failed_file(locale: Locale, why: CatalogueFailure) -> String {
    match why {
        CatalogueFailure::Fetch(detail) => detail.to_string(),
        _ => catalogue::path(locale),
    }
}

/// The catalogue could not be had: main.js shows index.html's words for a
/// page whose files are missing (there are no catalogue words to use).
fn start_failed(detail: &str) {
    let failed = web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &"workbenchFailed".into()).ok())
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    if let Some(f) = failed {
        let _ = f.call2(&JsValue::NULL, &"files".into(), &detail.into());
    }
}
