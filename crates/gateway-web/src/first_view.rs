//! The first view, written into `index.html` at build time and taken over
//! when the page mounts, without being drawn again.
//!
//! `scripts/build-web` opens the built page once in headless Chromium with
//! `self.workbenchStamp` an empty array: every element the shell makes is
//! pushed onto it, so its index is the order it was made in, and
//! `tests/e2e/first-view.mjs` writes the markup into `index.html`, with
//! those orders, in document order, as runs on `#app`
//! (`data-first-view="0-35 120-140 36-119"`).
//!
//! When the learner's page mounts, main.js's `workbenchTakeover()` reads
//! the runs and gives the written elements back by order, each emptied of
//! its attributes (an open `<details>` stays open: the learner may have
//! opened it) and of its children. While the page is built and first drawn,
//! each element the shell asks for is the written one of that order, if it
//! has the same tag: it is then built and drawn exactly as a new one would
//! be. The page that results is the one a fresh build draws, whatever the
//! markup held; an element of another tag, or one left over, is simply not
//! taken. Once the page listens, `workbenchTookOver()` gives back what the
//! learner did to the first view meanwhile (see main.js).

use std::cell::RefCell;

use js_sys::{Array, Function};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element};

enum Mode {
    Off,
    /// Every element made is pushed here.
    Stamp(Array),
    /// The written elements, by the order they were made in.
    Adopt(Array),
}

thread_local! {
    /// What `element` does, and the order of the next element it makes.
    static STATE: RefCell<(Mode, u32)> = const { RefCell::new((Mode::Off, 0)) };
}

/// The elements of index.html's first view, by the order they were made in.
#[derive(Debug)]
pub struct FirstView(Array);

impl FirstView {
    /// The first view main.js hands over, emptied; `None` where there is
    /// none (another address, or a page written without one).
    pub fn take() -> Option<Self> {
        call("workbenchTakeover")?
            .dyn_into::<Array>()
            .ok()
            .map(Self)
    }
}

/// A function of main.js's, called if the page has it.
fn call(name: &str) -> Option<JsValue> {
    let window = web_sys::window()?;
    js_sys::Reflect::get(&window, &name.into())
        .ok()?
        .dyn_into::<Function>()
        .ok()?
        .call0(&JsValue::NULL)
        .ok()
}

/// Stamps every element the shell makes from now on, when the build's
/// capture asks (`self.workbenchStamp`, an array).
pub fn stamp_if_asked() {
    let asked = web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &"workbenchStamp".into()).ok())
        .and_then(|v| v.dyn_into::<Array>().ok());
    if let Some(stamps) = asked {
        STATE.with(|s| *s.borrow_mut() = (Mode::Stamp(stamps), 0));
    }
}

/// Runs `build` taking over the elements of `first`; then, if there was
/// one, main.js gives back what the learner did to it, once `listen` has
/// wired the page.
pub fn adopting<T>(first: Option<FirstView>, build: impl FnOnce() -> T) -> (T, bool) {
    let Some(FirstView(slots)) = first else {
        return (build(), false);
    };
    STATE.with(|s| *s.borrow_mut() = (Mode::Adopt(slots), 0));
    let built = build();
    // What was not taken is dropped here.
    STATE.with(|s| *s.borrow_mut() = (Mode::Off, 0));
    (built, true)
}

/// The page listens: what the learner typed, chose, opened and focused in
/// the first view is given back (main.js dispatches it as events).
pub fn taken_over(adopted: bool) {
    if adopted {
        call("workbenchTookOver");
    }
}

/// The next element of the shell's: the written one of this order and
/// `tag` when there is one, else a new one.
pub(crate) fn element(doc: &Document, tag: &str) -> Element {
    let taken = STATE.with(|s| {
        let (mode, next) = &mut *s.borrow_mut();
        let order = *next;
        *next += 1;
        match mode {
            Mode::Adopt(slots) => slots
                .get(order)
                .dyn_into::<Element>()
                .ok()
                .filter(|e| e.local_name() == tag),
            _ => None,
        }
    });
    let e = taken.unwrap_or_else(|| crate::dom::sure(doc.create_element(tag)));
    STATE.with(|s| {
        if let Mode::Stamp(stamps) = &s.borrow().0 {
            stamps.push(&e);
        }
    });
    e
}
