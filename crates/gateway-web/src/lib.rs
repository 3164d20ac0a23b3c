//! The thin browser shell of the workbench.
//!
//! It turns DOM events into [`gateway_core::Msg`]s, feeds the core the
//! time, and draws the core's view model with `create_element` and
//! `set_text_content`. It holds no policy: every decision is the core's.

#![forbid(unsafe_code)]

pub mod app;
pub mod dom;
pub mod embed;
mod exports;
mod fullscreen;
pub mod layout;
pub mod panels;
pub mod panic;
mod storage;
mod unknown;

use std::str::FromStr;

use gateway_core::share::Setup;
use gateway_core::ExperimentId;
use wasm_bindgen::prelude::*;

/// Entry point: mounts the experiment named by `?experiment=` (or by a
/// shared link's fragment) into `#app`.
#[wasm_bindgen(start)]
pub fn start() -> Result<(), JsValue> {
    panic::install();
    let doc = dom::document()?;
    let Some(root) = doc.get_element_by_id("app") else {
        return Err("the page has no #app element".into());
    };
    dom::clear(&root);
    let location = doc.location();
    let search = location
        .as_ref()
        .and_then(|l| l.search().ok())
        .unwrap_or_default();
    let hash = location
        .as_ref()
        .and_then(|l| l.hash().ok())
        .unwrap_or_default();
    let embed = embed::EmbedOptions::from_query(&search);
    let shared = Setup::from_fragment(&hash)
        .map_err(|e| e.to_string())
        .transpose();
    let named = experiment_param(&search);
    let experiment = match (&shared, named) {
        (Some(Ok(setup)), _) => setup.experiment,
        (_, None) => ExperimentId::default(),
        (_, Some(id)) => match ExperimentId::from_str(&id) {
            Ok(e) => e,
            Err(()) => return unknown::show(&doc, &root, &id),
        },
    };
    let opening = app::Opening {
        setup: shared,
        embed,
    };
    app::mount_with(&root, experiment, opening).map(|_| ())
}

/// The value of `experiment` in a query string such as `?experiment=email&embed=1`.
pub fn experiment_param(search: &str) -> Option<String> {
    let params = web_sys::UrlSearchParams::new_with_str(search).ok()?;
    params.get("experiment")
}
