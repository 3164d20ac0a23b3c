//! Notes kept per experiment in this browser, and the export download.
//!
//! Storage may be missing, disabled or full (and `localStorage` throws in
//! some third-party iframes): then the notes stay in page memory, the page
//! says so, and nothing typed is lost.

use wasm_bindgen::JsCast;
use wasm_bindgen::JsValue;
use web_sys::{Blob, BlobPropertyBag, Document, HtmlElement, Storage, Url};

/// Stored notes carry this schema version in their key.
const KEY_PREFIX: &str = "function-tools-workbench/notes/v1/";

#[derive(Debug)]
pub struct Notes {
    key: String,
    text: String,
    status: &'static str,
}

const SAVED: &str = "Notes are saved in this browser for this experiment.";
const UNSAVED: &str = "Notes cannot be saved in this browser (storage is full or disabled). They stay on this page until you reload; use Export notes to keep them.";

fn storage() -> Option<Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

impl Notes {
    pub fn load(experiment: &str) -> Self {
        let key = format!("{KEY_PREFIX}{experiment}");
        match storage().map(|s| s.get_item(&key)) {
            Some(Ok(text)) => Self {
                key,
                text: text.unwrap_or_default(),
                status: SAVED,
            },
            _ => Self {
                key,
                text: String::new(),
                status: UNSAVED,
            },
        }
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn status(&self) -> &'static str {
        self.status
    }

    /// Keeps `text` in memory and tries to store it.
    pub fn set(&mut self, text: String) {
        let stored = storage().is_some_and(|s| s.set_item(&self.key, &text).is_ok());
        self.text = text;
        self.status = if stored { SAVED } else { UNSAVED };
    }
}

/// Offers `text` as a file download.
pub fn download(doc: &Document, name: &str, text: &str) -> Result<(), JsValue> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = BlobPropertyBag::new();
    options.set_type("text/plain;charset=utf-8");
    let blob = Blob::new_with_str_sequence_and_options(&parts, &options)?;
    let url = Url::create_object_url_with_blob(&blob)?;
    let a = doc.create_element("a")?;
    a.set_attribute("href", &url)?;
    a.set_attribute("download", name)?;
    if let Some(a) = a.dyn_ref::<HtmlElement>() {
        a.click();
    }
    Url::revoke_object_url(&url)?;
    Ok(())
}
