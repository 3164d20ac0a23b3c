//! The thin browser shell of the workbench.
//!
//! It turns DOM events into [`gateway_core::Msg`]s, feeds the core the
//! time, and draws the core's view model with `create_element` and
//! `set_text_content`. It holds no policy: every decision is the core's.

#![forbid(unsafe_code)]

pub mod app;
pub mod dom;
mod fullscreen;
pub mod layout;
mod notes;
pub mod panic;
pub mod render;
mod unknown;

use std::str::FromStr;

use gateway_core::ExperimentId;
use wasm_bindgen::prelude::*;

/// Entry point: mounts the experiment named by `?experiment=` into `#app`.
#[wasm_bindgen(start)]
pub fn start() -> Result<(), JsValue> {
    panic::install();
    let doc = dom::document()?;
    let Some(root) = doc.get_element_by_id("app") else {
        return Err("the page has no #app element".into());
    };
    dom::clear(&root);
    let search = doc
        .location()
        .map(|l| l.search().unwrap_or_default())
        .unwrap_or_default();
    match experiment_param(&search) {
        None => app::mount(&root, ExperimentId::default()).map(|_| ()),
        Some(id) => match ExperimentId::from_str(&id) {
            Ok(e) => app::mount(&root, e).map(|_| ()),
            Err(()) => unknown::show(&doc, &root, &id),
        },
    }
}

/// The value of `experiment` in a query string such as `?experiment=email&embed=1`.
pub fn experiment_param(search: &str) -> Option<String> {
    let params = web_sys::UrlSearchParams::new_with_str(search).ok()?;
    params.get("experiment")
}
