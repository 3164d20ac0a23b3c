//! The thin browser shell of the workbench.
//!
//! It turns DOM events into [`gateway_core::Msg`]s, feeds the core the
//! time, and draws the core's view model with `create_element` and
//! `set_text_content`. It holds no policy: every decision is the core's.

#![forbid(unsafe_code)]

pub mod app;
pub mod dom;
pub mod embed;
mod fullscreen;
pub mod layout;
pub mod panels;
pub mod panic;
mod storage;
mod unknown;

use gateway_core::opening::{self, Address, Opening, UnknownView};
use wasm_bindgen::prelude::*;

/// Entry point: the core opens the page from its address and what storage
/// holds, and the shell mounts what it opened into `#app`.
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
    let address = Address {
        query: &search,
        fragment: &hash,
        framed: embed::framed(),
    };
    match opening::open(address, &storage::read) {
        Opening::Workbench(wb) => app::mount_workbench(&root, *wb).map(|_| ()),
        Opening::Unknown { id } => {
            unknown::show(&doc, &root, &UnknownView::new(&id, Default::default()))
        }
    }
}
