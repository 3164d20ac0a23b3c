//! The browser's Fullscreen API, for Expand experiment's commands. Where it
//! is missing or refused (an iframe without `allow="fullscreen"`), the core
//! is told (`Msg::FullScreenRefused`) and the page fills its frame with CSS
//! instead.

use web_sys::{Document, Element};

pub fn is_full_screen(doc: &Document) -> bool {
    doc.fullscreen_element().is_some()
}

/// Asks for full screen; `false` if the browser refuses at once.
pub fn request(doc: &Document, root: &Element) -> bool {
    doc.fullscreen_enabled() && root.request_fullscreen().is_ok()
}

pub fn exit(doc: &Document) {
    doc.exit_fullscreen();
}
