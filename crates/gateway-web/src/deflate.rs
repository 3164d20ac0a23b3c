//! Raw deflate through the browser's own streams: a link's experiment is
//! inflated with `DecompressionStream("deflate-raw")` before the core
//! opens the page, and the authoring panel compresses with
//! `CompressionStream("deflate-raw")`. No request is made: the bytes go
//! in as a `Response`'s body and come out of another `Response`.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{ReadableWritablePair, Response};

use crate::dom::{settle_text, words};

#[wasm_bindgen]
extern "C" {
    /// `DecompressionStream` (web-sys has it behind its unstable APIs).
    #[wasm_bindgen(js_name = DecompressionStream)]
    type Decompression;
    #[wasm_bindgen(constructor, catch, js_class = "DecompressionStream")]
    fn new(format: &str) -> Result<Decompression, JsValue>;

    /// A `Response` made here (web-sys's constructor takes `&mut [u8]`).
    #[wasm_bindgen(js_name = Response)]
    type Made;
    /// `new Response(bytes)`, which copies them.
    #[wasm_bindgen(constructor, js_class = "Response")]
    fn of_bytes(body: &[u8]) -> Made;
    /// `new Response(stream)`.
    #[wasm_bindgen(constructor, js_class = "Response")]
    fn of_stream(body: &web_sys::ReadableStream) -> Made;

    /// `CompressionStream`.
    #[cfg(feature = "author")]
    #[wasm_bindgen(js_name = CompressionStream)]
    type Compression;
    #[cfg(feature = "author")]
    #[wasm_bindgen(constructor, catch, js_class = "CompressionStream")]
    fn new(format: &str) -> Result<Compression, JsValue>;
}

/// The format both streams use: deflate without a header.
const FORMAT: &str = "deflate-raw";

/// Calls `done` with `bytes` inflated, as text (the experiment is UTF-8
/// JSON; bytes that are not UTF-8 read as U+FFFD, which is no JSON), or
/// with the browser's words for why they could not be inflated.
pub fn inflate(bytes: &[u8], done: impl FnOnce(Result<String, String>) + 'static) {
    let text = Decompression::new(FORMAT)
        .and_then(|d| through(bytes, d.unchecked_into()))
        .and_then(|r| r.text());
    match text {
        Ok(promise) => settle_text(&promise, Box::new(done)),
        Err(e) => done(Err(words(&e))),
    }
}

/// The bytes compressed as raw deflate, or why not.
#[cfg(feature = "author")]
pub fn deflate(bytes: &[u8], done: impl FnOnce(Result<Vec<u8>, String>) + 'static) {
    let buffer = Compression::new(FORMAT)
        .and_then(|c| through(bytes, c.unchecked_into()))
        .and_then(|r| r.array_buffer());
    match buffer {
        Ok(promise) => crate::dom::settle(
            &promise,
            Box::new(move |r| done(r.map(|b| js_sys::Uint8Array::new(&b).to_vec()))),
        ),
        Err(e) => done(Err(words(&e))),
    }
}

/// A `Response` whose body is `bytes` through a transform stream.
fn through(bytes: &[u8], transform: ReadableWritablePair) -> Result<Response, JsValue> {
    let stream = Made::of_bytes(bytes)
        .unchecked_into::<Response>()
        .body()
        .ok_or_else(|| JsValue::from_str("no body"))?;
    Ok(Made::of_stream(&stream.pipe_through(&transform)).unchecked_into())
}
