//! Performs `Command::Reveal`: once the page is drawn, the gate caption
//! with the verdict, and the ledger entry the run changed where there is
//! one, are scrolled into view, as little as will do and smoothly unless
//! the learner asked for reduced motion.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    Document, Element, ScrollBehavior, ScrollIntoViewOptions, ScrollLogicalPosition,
    ScrollToOptions, Window,
};

/// Reveals the verdict in the next animation frame: after the redraw this
/// command came with, so the caption holds the new verdict and the changed
/// entry is marked.
pub fn after_drawing() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let reveal = Closure::once_into_js(|| {
        reveal();
    });
    let _ = window.request_animation_frame(reveal.unchecked_ref());
}

fn reveal() -> Option<()> {
    let window = web_sys::window()?;
    let doc = window.document()?;
    let caption = doc.get_element_by_id("gate-caption")?;
    let behavior = if reduced_motion(&window) {
        ScrollBehavior::Instant
    } else {
        ScrollBehavior::Smooth
    };
    // An expanded or full-screen page scrolls inside itself: the caption
    // alone, by the browser's own nearest scroll.
    let own_scroller = doc
        .query_selector(".workbench.expanded, .workbench:fullscreen")
        .ok()
        .flatten()
        .is_some();
    if own_scroller {
        let options = ScrollIntoViewOptions::new();
        options.set_block(ScrollLogicalPosition::Nearest);
        options.set_behavior(behavior);
        caption.scroll_into_view_with_scroll_into_view_options(&options);
        return Some(());
    }
    let view = window.inner_height().ok()?.as_f64()?;
    let c = caption.get_bounding_client_rect();
    let (mut top, mut bottom) = (c.top(), c.bottom());
    if let Some(entry) = changed_entry(&doc) {
        let e = entry.get_bounding_client_rect();
        let (t, b) = (top.min(e.top()), bottom.max(e.bottom()));
        // Both where they fit on the screen together; the caption first.
        if b - t <= view {
            (top, bottom) = (t, b);
        }
    }
    // Down until the bottom shows (never past the top), or up until the
    // top does; nothing when all of it is in view.
    let by = if top < 0.0 {
        top
    } else if bottom > view {
        (bottom - view).min(top)
    } else {
        0.0
    };
    if by != 0.0 {
        let options = ScrollToOptions::new();
        options.set_top(by);
        options.set_behavior(behavior);
        window.scroll_by_with_scroll_to_options(&options);
    }
    Some(())
}

/// The ledger entry the last run changed, where it is shown: the marked
/// item of its store, or the sentence that says the change when the store
/// is in the closed "other stores".
fn changed_entry(doc: &Document) -> Option<Element> {
    [
        "[data-panel='ledger'] li[data-changed]",
        "[data-panel='ledger'] p.change",
    ]
    .into_iter()
    .filter_map(|s| doc.query_selector(s).ok().flatten())
    .find(|e| e.get_bounding_client_rect().height() > 0.0)
}

fn reduced_motion(window: &Window) -> bool {
    window
        .match_media("(prefers-reduced-motion: reduce)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
}
