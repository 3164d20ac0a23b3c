//! Small DOM helpers. Text is always set as text (`set_text_content`),
//! never parsed as markup.

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, HtmlElement, HtmlInputElement, HtmlTextAreaElement};

pub fn document() -> Result<Document, JsValue> {
    web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| JsValue::from_str("no document"))
}

/// Milliseconds from the page's time origin, as the core's `now_ms`.
pub fn now_ms() -> u64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0, |p| p.now().max(0.0) as u64)
}

/// What a DOM call that cannot fail here answered: its value, or a thrown
/// exception for the error (the tags and attribute names are the shell's
/// own, valid ones, and a new element may always be appended, so the
/// browser never refuses these). So the builders below return the element
/// itself, not a `Result`.
pub(crate) fn sure<T>(r: Result<T, JsValue>) -> T {
    r.unwrap_or_else(|e| wasm_bindgen::throw_val(e))
}

/// A new element with attributes and optional text.
pub fn el(doc: &Document, tag: &str, attrs: &[(&str, &str)], text: Option<&str>) -> Element {
    let e = crate::first_view::element(doc, tag);
    for (k, v) in attrs {
        set_attribute(&e, k, v);
    }
    if let Some(t) = text {
        e.set_text_content(Some(t));
    }
    e
}

/// Appends `child` to `parent` and returns the child.
pub fn add(parent: &Element, child: Element) -> Element {
    sure(parent.append_child(&child));
    child
}

/// `el` + `add` in one.
pub fn child(
    doc: &Document,
    parent: &Element,
    tag: &str,
    attrs: &[(&str, &str)],
    text: Option<&str>,
) -> Element {
    add(parent, el(doc, tag, attrs, text))
}

/// A focusable, named block of literal text (it may scroll).
pub fn literal(doc: &Document, parent: &Element, name: &str, text: &str) -> Element {
    literal_with(doc, parent, None, ("aria-label", name), Some(text))
}

/// An empty [`literal`] block with an `id`, named by the heading `labelled_by`.
pub fn named_literal(doc: &Document, parent: &Element, id: &str, labelled_by: &str) -> Element {
    literal_with(
        doc,
        parent,
        Some(id),
        ("aria-labelledby", labelled_by),
        None,
    )
}

/// `<pre class="literal" [id] tabindex="0" role="group" name…>`, attributes
/// in that order: focusable so it scrolls by keyboard, and a group so that
/// its name is allowed (a bare `<pre>` may not be named).
fn literal_with(
    doc: &Document,
    parent: &Element,
    id: Option<&str>,
    (naming, name): (&str, &str),
    text: Option<&str>,
) -> Element {
    let mut attrs = vec![("class", "literal")];
    attrs.extend(id.map(|id| ("id", id)));
    attrs.extend([("tabindex", "0"), ("role", "group"), (naming, name)]);
    child(doc, parent, "pre", &attrs, text)
}

/// A `<button type="button">` labelled `label`, appended to `parent`.
pub fn button(doc: &Document, parent: &Element, label: &str) -> Element {
    child(doc, parent, "button", &[("type", "button")], Some(label))
}

/// Shows `text` in `e`, or hides `e` when there is none.
pub fn set_optional_text(e: &Element, text: Option<&str>) {
    set_text(e, text.unwrap_or(""));
    set_flag(e, "hidden", text.is_none());
}

/// Sets the text only if it differs, so unchanged nodes are not touched.
pub fn set_text(e: &Element, text: &str) {
    if e.text_content().as_deref() != Some(text) {
        e.set_text_content(Some(text));
    }
}

pub fn set_attr(e: &Element, name: &str, value: &str) {
    if e.get_attribute(name).as_deref() != Some(value) {
        let _ = e.set_attribute(name, value);
    }
}

/// Sets or removes a boolean attribute such as `disabled` or `hidden`.
pub fn set_flag(e: &Element, name: &str, on: bool) {
    if on != e.has_attribute(name) {
        if on {
            let _ = e.set_attribute(name, "");
        } else {
            let _ = e.remove_attribute(name);
        }
    }
}

/// Names the element `id` as `control`'s description while `on`; no
/// description otherwise.
pub fn described_by_while(control: &Element, id: &str, on: bool) {
    if on {
        set_attr(control, "aria-describedby", id);
    } else {
        set_flag(control, "aria-describedby", false);
    }
}

/// The value of an `<input>` or `<textarea>`.
pub fn value(e: &Element) -> Option<String> {
    if let Some(i) = e.dyn_ref::<HtmlInputElement>() {
        return Some(i.value());
    }
    e.dyn_ref::<HtmlTextAreaElement>()
        .map(HtmlTextAreaElement::value)
}

/// Writes the value of an `<input>` or `<textarea>`.
pub fn write_value(e: &Element, value: &str) {
    if let Some(i) = e.dyn_ref::<HtmlInputElement>() {
        i.set_value(value);
    } else if let Some(t) = e.dyn_ref::<HtmlTextAreaElement>() {
        t.set_value(value);
    }
}

/// Sets the value only if it differs, so a learner's caret is not moved.
pub fn set_value(e: &Element, new: &str) {
    if value(e).is_some_and(|v| v != new) {
        write_value(e, new);
    }
}

/// Puts `text` in a read-only field and shows the field (its parent),
/// hidden until there is something to copy.
pub fn reveal_value(e: &Element, text: &str) {
    write_value(e, text);
    if let Some(field) = e.parent_element() {
        let _ = field.remove_attribute("hidden");
    }
}

/// Removes every child of `e`.
pub fn clear(e: &Element) {
    while let Some(c) = e.first_child() {
        let _ = e.remove_child(&c);
    }
}

pub fn html(e: &Element) -> Option<&HtmlElement> {
    e.dyn_ref::<HtmlElement>()
}

/// Starts writing `text` to the clipboard. `None` where the page has no
/// clipboard (e.g. plain http on a host other than localhost, where
/// `navigator.clipboard` is undefined).
pub fn write_clipboard(text: &str) -> Option<js_sys::Promise> {
    let navigator = web_sys::window()?.navigator();
    let clipboard = js_sys::Reflect::get(&navigator, &JsValue::from_str("clipboard")).ok()?;
    if clipboard.is_undefined() || clipboard.is_null() {
        return None;
    }
    Some(
        clipboard
            .unchecked_into::<web_sys::Clipboard>()
            .write_text(text),
    )
}

/// Runs `done` or `failed` when the clipboard write settles; `failed` at
/// once when there is no clipboard.
pub fn copy_text(text: &str, done: impl FnOnce() + 'static, failed: impl FnOnce() + 'static) {
    let Some(promise) = write_clipboard(text) else {
        failed();
        return;
    };
    let done = wasm_bindgen::closure::Closure::once(move |_: JsValue| done());
    let failed = wasm_bindgen::closure::Closure::once(move |_: JsValue| failed());
    let _ = promise.then2(&done, &failed);
    done.forget();
    failed.forget();
}

/// An exception or a rejection as text.
pub fn words(e: &JsValue) -> String {
    e.as_string()
        .or_else(|| e.dyn_ref::<js_sys::Error>().map(|e| e.message().into()))
        .unwrap_or_default()
}

/// What a promise settled with: its value, or the rejection's words.
pub type Settled = Box<dyn FnOnce(Result<JsValue, String>)>;

/// Calls `done` once `promise` settles (one closure of the two runs; the
/// promise holds both until then).
pub fn settle(promise: &js_sys::Promise, done: Settled) {
    let done = std::rc::Rc::new(std::cell::RefCell::new(Some(done)));
    let failed = done.clone();
    let got = wasm_bindgen::closure::Closure::once(move |value: JsValue| {
        if let Some(done) = done.borrow_mut().take() {
            done(Ok(value));
        }
    });
    let lost = wasm_bindgen::closure::Closure::once(move |e: JsValue| {
        if let Some(done) = failed.borrow_mut().take() {
            done(Err(words(&e)));
        }
    });
    let _ = promise.then2(&got, &lost);
    got.forget();
    lost.forget();
}

/// Text a promise settles with, or why not.
pub type Texted = Box<dyn FnOnce(Result<String, String>)>;

/// Calls `done` with the text `promise` settles with.
pub fn settle_text(promise: &js_sys::Promise, done: Texted) {
    settle(
        promise,
        Box::new(move |r| done(r.map(|t| t.as_string().unwrap_or_default()))),
    );
}

type Listener = wasm_bindgen::closure::Closure<dyn FnMut(web_sys::Event)>;

thread_local! {
    /// The listeners of the page's controls as built now, and those of the
    /// build before (one of which may still be running when the page is
    /// built again): a language switch builds the page again, and the old
    /// controls' listeners, with what they hold, are dropped one build later
    /// instead of living as long as the page.
    static PAGE_LISTENERS: std::cell::RefCell<(Vec<Listener>, Vec<Listener>)> =
        const { std::cell::RefCell::new((Vec::new(), Vec::new())) };
}

/// Attaches `handler` to `event` on one of the page's controls, until the
/// page is built again ([`retire_page_listeners`]).
pub fn listen_on_page(
    target: &web_sys::EventTarget,
    event: &str,
    handler: impl FnMut(web_sys::Event) + 'static,
) -> Result<(), JsValue> {
    let cb = Listener::new(handler);
    target.add_event_listener_with_callback(event, cb.as_ref().unchecked_ref())?;
    PAGE_LISTENERS.with(|l| l.borrow_mut().0.push(cb));
    Ok(())
}

/// The page is being built again: the current controls' listeners retire
/// (their elements leave the document), and the build before's are dropped.
pub fn retire_page_listeners() {
    PAGE_LISTENERS.with(|l| {
        let mut l = l.borrow_mut();
        l.1 = std::mem::take(&mut l.0);
    });
}

/// Attaches `handler` to `event` on `target` for the page's lifetime.
pub fn listen(
    target: &web_sys::EventTarget,
    event: &str,
    handler: impl FnMut(web_sys::Event) + 'static,
) -> Result<(), JsValue> {
    let cb = Listener::new(handler);
    target.add_event_listener_with_callback(event, cb.as_ref().unchecked_ref())?;
    cb.forget();
    Ok(())
}

/// `e.set_attribute(name, value)` with one of the shell's own attribute
/// names, which the browser never refuses (see [`sure`]).
pub fn set_attribute(e: &Element, name: &str, value: &str) {
    sure(e.set_attribute(name, value));
}
