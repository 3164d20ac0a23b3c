//! This browser's storage and downloads, performed for the core.
//!
//! Storage may be missing, disabled or full (and `localStorage` throws in
//! some third-party iframes). What that means for the learner's notes and
//! baseline is decided by the core (`command.rs`, `opening.rs`); here a
//! read answers `Read`, and a write or a download answers whether the
//! browser took it.

use crate::dom::set_attribute;
use gateway_core::command::Read;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Blob, BlobPropertyBag, Document, HtmlElement, Storage, Url};

fn storage() -> Option<Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// What storage holds under `key`.
pub fn read(key: &str) -> Read {
    let Some(s) = storage() else {
        return Read::Failed;
    };
    match s.get_item(key) {
        Ok(Some(text)) => Read::Found(text),
        Ok(None) => Read::Absent,
        Err(_) => Read::Failed,
    }
}

/// Writes (or, with `None`, removes) `key`; `false` if storage refused.
pub fn write(key: &str, value: Option<&str>) -> bool {
    storage().is_some_and(|s| match value {
        Some(v) => s.set_item(key, v).is_ok(),
        None => s.remove_item(key).is_ok(),
    })
}

/// Offers `text` as a file download of the given MIME type.
pub fn download(doc: &Document, name: &str, text: &str, mime: &str) -> Result<(), JsValue> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = BlobPropertyBag::new();
    options.set_type(mime);
    let blob = Blob::new_with_str_sequence_and_options(&parts, &options)?;
    let url = Url::create_object_url_with_blob(&blob)?;
    let a = doc.create_element("a")?;
    set_attribute(&a, "href", &url);
    set_attribute(&a, "download", name);
    if let Some(a) = a.dyn_ref::<HtmlElement>() {
        a.click();
    }
    Url::revoke_object_url(&url)?;
    Ok(())
}
