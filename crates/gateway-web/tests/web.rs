//! Browser tests of the page shell, run in headless Chromium by
//! wasm-bindgen-test-runner (`scripts/test` sets it up):
//!
//! ```text
//! CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
//!   cargo test -p gateway-web --target wasm32-unknown-unknown
//! ```
//!
//! Each test mounts the app into a fresh `<div>` of the test page. The file
//! is empty on native targets, so `cargo test --workspace` skips it.
#![cfg(target_arch = "wasm32")]

use gateway_core::ExperimentId;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
use web_sys::Element;

wasm_bindgen_test_configure!(run_in_browser);

/// A new empty `<div>` appended to the test page's body.
fn fresh_root() -> Result<Element, JsValue> {
    let doc = gateway_web::dom::document()?;
    let div = doc.create_element("div")?;
    doc.body()
        .ok_or("the test page has no body")?
        .append_child(&div)?;
    Ok(div)
}

/// Every element under `root` that `selector` matches, in document order.
fn select_all(root: &Element, selector: &str) -> Result<Vec<Element>, JsValue> {
    let list = root.query_selector_all(selector)?;
    (0..list.length())
        .filter_map(|i| list.item(i))
        .map(|node| node.dyn_into::<Element>().map_err(JsValue::from))
        .collect()
}

#[wasm_bindgen_test]
fn mount_draws_seven_pending_gates() -> Result<(), JsValue> {
    let root = fresh_root()?;
    let _shell = gateway_web::app::mount(&root, ExperimentId::Email)?;
    let gates = select_all(&root, "li[data-gate]")?;
    assert_eq!(gates.len(), 7, "seven gate rows");
    for li in &gates {
        assert_eq!(
            li.get_attribute("data-status").as_deref(),
            Some("pending"),
            "gate {:?} is pending after mount",
            li.get_attribute("data-gate")
        );
    }
    root.remove();
    Ok(())
}
