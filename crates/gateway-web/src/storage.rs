//! What this browser keeps per experiment: notes and the baseline.
//!
//! Storage may be missing, disabled or full (and `localStorage` throws in
//! some third-party iframes): then everything stays in page memory, the page
//! says so, and nothing typed is lost. Keys carry a schema version; a stored
//! value this build cannot read is left untouched, never overwritten.

use gateway_core::baseline::Baseline;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Blob, BlobPropertyBag, Document, HtmlElement, Storage, Url};

const NOTES_PREFIX: &str = "function-tools-workbench/notes/v1/";
const BASELINE_PREFIX: &str = "function-tools-workbench/baseline/v1/";

const SAVED: &str = "Notes are saved in this browser for this experiment.";
const UNSAVED: &str = "Notes cannot be saved in this browser (storage is full or disabled). They stay on this page until you reload; use Export notes to keep them.";
/// Shown when a baseline could not be stored.
pub const BASELINE_UNSAVED: &str = "The baseline cannot be saved in this browser (storage is full or disabled). It stays on this page until you reload.";

fn storage() -> Option<Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The stored value under `key`: `Err` when storage cannot be read at all.
fn read(key: &str) -> Result<Option<String>, ()> {
    storage().ok_or(())?.get_item(key).map_err(|_| ())
}

fn write(key: &str, value: Option<&str>) -> bool {
    storage().is_some_and(|s| match value {
        Some(v) => s.set_item(key, v).is_ok(),
        None => s.remove_item(key).is_ok(),
    })
}

#[derive(Debug)]
pub struct Notes {
    key: String,
    text: String,
    status: &'static str,
}

impl Notes {
    pub fn load(experiment: &str) -> Self {
        let key = format!("{NOTES_PREFIX}{experiment}");
        match read(&key) {
            Ok(text) => Self {
                key,
                text: text.unwrap_or_default(),
                status: SAVED,
            },
            Err(()) => Self {
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
        let stored = write(&self.key, Some(&text));
        self.text = text;
        self.status = if stored { SAVED } else { UNSAVED };
    }
}

/// The stored baseline of `experiment`: `Ok(None)` if there is none,
/// `Err(message)` if one is there that this build leaves untouched.
pub fn load_baseline(experiment: &str) -> Result<Option<Baseline>, String> {
    let Ok(Some(text)) = read(&format!("{BASELINE_PREFIX}{experiment}")) else {
        return Ok(None);
    };
    Baseline::from_stored(&text)
        .map(Some)
        .map_err(|e| e.to_string())
}

/// Stores (or, with `None`, removes) the baseline; `false` if storage refused.
pub fn save_baseline(experiment: &str, baseline: Option<&Baseline>) -> bool {
    let stored = baseline.map(Baseline::to_stored);
    write(&format!("{BASELINE_PREFIX}{experiment}"), stored.as_deref())
}

/// Offers `text` as a plain-text file download.
pub fn download(doc: &Document, name: &str, text: &str) -> Result<(), JsValue> {
    download_as(doc, name, text, "text/plain;charset=utf-8")
}

/// Offers `text` as a file download of the given MIME type.
pub fn download_as(doc: &Document, name: &str, text: &str, mime: &str) -> Result<(), JsValue> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = BlobPropertyBag::new();
    options.set_type(mime);
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
