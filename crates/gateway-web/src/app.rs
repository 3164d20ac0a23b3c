//! The shell's state and event wiring: DOM events become core messages,
//! the core's view model is drawn, and one requestAnimationFrame loop runs
//! only while a run is playing.

use std::cell::{Cell, RefCell};
use std::str::FromStr;

use gateway_core::command::Command;
use gateway_core::text::Locale;
use gateway_core::view::PageModel;
use gateway_core::{ExampleKind, ExperimentId, Handled, Hook, Msg, Role, Speed, Workbench};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};

use crate::dom::{copy_text, document, listen, listen_on_page, now_ms};
use crate::embed;
use crate::first_view::{self, FirstView};
use crate::fullscreen;
use crate::layout::{self, Page};
use crate::panels::declarations::ExportButtons;
use crate::storage;

/// Everything the page holds between events.
#[derive(Debug)]
pub struct App {
    pub wb: Workbench,
    pub doc: Document,
    pub page: Page,
    last: Option<PageModel>,
}

/// The app plus the animation-frame loop that drives time while playing.
pub struct Shell {
    pub app: RefCell<App>,
    frame: RefCell<Option<Closure<dyn FnMut()>>>,
    frame_pending: Cell<bool>,
    /// Told the page's new language (the authoring panel words itself again).
    #[cfg(feature = "author")]
    pub relabelled: RefCell<Option<Relabelled>>,
}

/// What is told the page's new language.
#[cfg(feature = "author")]
pub type Relabelled = Box<dyn Fn(Locale)>;

impl std::fmt::Debug for Shell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Shell").finish_non_exhaustive()
    }
}

/// The shell, made once per mounted page and never freed: the document's
/// listeners hold it for the page's lifetime (a reference each closure
/// copies, instead of a counted one each clones and drops).
pub type Shared = &'static Shell;

/// Builds the workbench for `experiment` inside `root` and wires it up.
pub fn mount(root: &Element, experiment: ExperimentId) -> Result<Shared, JsValue> {
    mount_workbench(root, Workbench::new(experiment))
}

/// Builds the page for a workbench the core opened, and wires it up.
pub fn mount_workbench(root: &Element, wb: Workbench) -> Result<Shared, JsValue> {
    mount_over(root, wb, None)
}

/// [`mount_workbench`], taking over the elements of `first` (index.html's
/// first view) where the build and the first draw ask for them.
pub fn mount_over(
    root: &Element,
    wb: Workbench,
    first: Option<FirstView>,
) -> Result<Shared, JsValue> {
    let doc = document()?;
    let (shell, adopted) = first_view::adopting(first, || -> Result<Shared, JsValue> {
        let model = wb.view();
        let page = layout::build(&doc, root, &model)?;
        let app = App {
            wb,
            doc,
            page,
            last: None,
        };
        let shell: Shared = Box::leak(Box::new(Shell {
            app: RefCell::new(app),
            frame: RefCell::new(None),
            frame_pending: Cell::new(false),
            #[cfg(feature = "author")]
            relabelled: RefCell::new(None),
        }));
        shell.app.borrow_mut().draw()?;
        Ok(shell)
    });
    let shell = shell?;
    wire_page(shell)?;
    wire_document(shell)?;
    let doc = shell.app.borrow().doc.clone();
    embed::watch_height(&doc, move |height| dispatch(shell, Msg::Resized { height }))?;
    embed::watch_parent(move |context, action| {
        dispatch(shell, Msg::FromParent { context, action });
    })?;
    // Whatever opening queued (none today) is performed like any other.
    perform_queued(shell);
    wall_clock(shell);
    // What the learner did to the first view before now reaches the core.
    first_view::taken_over(adopted);
    Ok(shell)
}

/// The wall clock, for the runs log's times of day.
fn wall_clock(shell: Shared) {
    let wall = js_sys::Date::new_0();
    dispatch(
        shell,
        Msg::WallClock {
            origin_ms: (wall.get_time() - now_ms() as f64).max(0.0) as u64,
            utc_offset_min: -(wall.get_timezone_offset() as i32),
        },
    );
}

/// Puts another workbench in the page (the authoring panel's Try it
/// here): the page is built again for it, its experiment's panels open.
#[cfg(feature = "author")]
pub fn replace(shell: Shared, wb: Workbench) -> Result<(), JsValue> {
    {
        let mut app = shell.app.borrow_mut();
        app.wb = wb;
        let root = app.page.root.clone();
        let model = app.wb.view();
        crate::dom::clear(&root);
        crate::dom::retire_page_listeners();
        app.page = layout::build(&app.doc, &root, &model)?;
        app.last = None;
        app.draw()?;
    }
    wire_page(shell)?;
    perform_queued(shell);
    wall_clock(shell);
    Ok(())
}

impl App {
    fn draw(&mut self) -> Result<(), JsValue> {
        let model = self.wb.view();
        self.page.render(&self.doc, &model, self.last.as_ref())?;
        self.last = Some(model);
        Ok(())
    }

    /// Only time moved ([`Handled::Frame`]): the core words the frame, and
    /// only the progress bar and the countdown are drawn again.
    fn draw_frame(&mut self) {
        let frame = self.wb.frame();
        let Some(last) = self.last.as_mut() else {
            return;
        };
        self.page
            .gateway
            .render_frame(&frame, last.gateway.playback.finished);
        last.gateway.playback.frame = frame;
    }

    pub fn model(&self) -> Option<&PageModel> {
        self.last.as_ref()
    }
}

/// Applies a message at the current time, performs the commands it
/// queued, redraws, and keeps the frame loop going while a run plays.
pub fn dispatch(shell: Shared, msg: Msg) {
    // Bound first: the borrow must end before an arm borrows again.
    let handled = shell.app.borrow_mut().wb.update(now_ms(), msg);
    let playing = match handled {
        // A message that means nothing now changed nothing: no redraw.
        Handled::Ignored(_) => return,
        // Only time moved: no command, no new language, one small redraw.
        Handled::Frame => {
            let mut app = shell.app.borrow_mut();
            app.draw_frame();
            app.wb.clock().is_playing()
        }
        Handled::Applied => redraw(shell),
    };
    if playing && !shell.frame_pending.get() {
        request_frame(shell);
    }
}

/// After an applied message: performs its commands, draws the page again
/// (built again if the language changed); whether a run now plays.
fn redraw(shell: Shared) -> bool {
    perform_queued(shell);
    let relabel = {
        let app = shell.app.borrow();
        app.last
            .as_ref()
            .is_some_and(|l| l.locale != app.wb.locale())
    };
    if relabel {
        if let Err(e) = rebuild(shell) {
            web_sys::console::error_2(&"rebuild failed".into(), &e);
        }
    }
    let playing = {
        let mut app = shell.app.borrow_mut();
        if let Err(e) = app.draw() {
            web_sys::console::error_2(&"render failed".into(), &e);
        }
        app.wb.clock().is_playing()
    };
    #[cfg(feature = "author")]
    if relabel {
        let locale = shell.app.borrow().wb.locale();
        if let Some(tell) = shell.relabelled.borrow().as_ref() {
            tell(locale);
        }
    }
    if relabel {
        // The switch the learner used was built again: focus stays on it.
        let switch = shell.app.borrow().page.masthead.language.clone();
        if let Some(e) = crate::dom::html(&switch) {
            let _ = e.focus();
        }
    }
    playing
}

/// The language changed: every fixed word changes, so the page is built
/// again in the new language and drawn whole (the state is the core's, so
/// nothing is lost: inputs, approval, ledger, playback and notes).
fn rebuild(shell: Shared) -> Result<(), JsValue> {
    {
        let mut app = shell.app.borrow_mut();
        let root = app.page.root.clone();
        let model = app.wb.view();
        crate::panic::set_locale(model.locale);
        // The disclosures the learner opened stay open: the same state
        // builds the same disclosures, in the same order, in any language.
        let open = disclosures(&root)?
            .iter()
            .map(|d| d.has_attribute("open"))
            .collect::<Vec<_>>();
        crate::dom::clear(&root);
        crate::dom::retire_page_listeners();
        app.page = layout::build(&app.doc, &root, &model)?;
        app.last = None;
        app.draw()?;
        for (d, was_open) in disclosures(&root)?.iter().zip(open) {
            crate::dom::set_flag(d, "open", was_open);
        }
    }
    wire_page(shell)
}

/// The page's `<details>`, in document order.
fn disclosures(root: &Element) -> Result<Vec<Element>, JsValue> {
    let list = root.query_selector_all("details")?;
    Ok((0..list.length())
        .filter_map(|i| list.item(i)?.dyn_into::<Element>().ok())
        .collect())
}

/// Performs every queued command; each result goes back to the core.
fn perform_queued(shell: Shared) {
    loop {
        let Some(command) = shell.app.borrow_mut().wb.poll_command() else {
            return;
        };
        if let Some(result) = perform(shell, command) {
            shell.app.borrow_mut().wb.update(now_ms(), result);
        }
    }
}

/// Does what the core asked; the answer, if it is known at once.
fn perform(shell: Shared, command: Command) -> Option<Msg> {
    match command {
        Command::Store { slot, key, value } => {
            Some(stored(slot, storage::write(&key, Some(&value))))
        }
        Command::Remove { slot, key } => Some(stored(slot, storage::write(&key, None))),
        Command::Post(post) => {
            embed::post(&post);
            None
        }
        Command::Download {
            what,
            file_name,
            mime,
            text,
        } => {
            let doc = shell.app.borrow().doc.clone();
            storage::download(&doc, &file_name, &text, mime)
                .is_err()
                .then_some(Msg::DownloadFailed(what))
        }
        Command::Copy { what, text } => {
            // The answer comes later, as its own message.
            copy_text(
                &text,
                move || dispatch(shell, Msg::Copied(what)),
                move || dispatch(shell, Msg::CopyFailed(what)),
            );
            None
        }
        Command::LoadCatalogue(locale) => {
            crate::catalogue::fetch(locale, move |data| {
                dispatch(shell, Msg::CatalogueLoaded { locale, data })
            });
            None
        }
        Command::LoadExports(locale) => {
            let path = crate::catalogue::exports_path(locale);
            crate::catalogue::fetch_text(
                &path,
                Box::new(move |data| {
                    dispatch(shell, Msg::ExportsLoaded { locale, data });
                    show_exports(shell);
                }),
            );
            None
        }
        // Performed while the click that sent `Msg::Expand` is handled.
        Command::RequestFullScreen => {
            let (doc, root) = {
                let app = shell.app.borrow();
                (app.doc.clone(), app.page.root.clone())
            };
            (!fullscreen::request(&doc, &root)).then_some(Msg::FullScreenRefused)
        }
        Command::ExitFullScreen => {
            let doc = shell.app.borrow().doc.clone();
            fullscreen::exit(&doc);
            None
        }
        Command::ReplaceAddress { url } => {
            if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
                let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
            }
            None
        }
    }
}

fn stored(slot: gateway_core::command::Slot, ok: bool) -> Msg {
    if ok {
        Msg::Stored(slot)
    } else {
        Msg::StoreFailed(slot)
    }
}

fn request_frame(shell: Shared) {
    if shell.frame.borrow().is_none() {
        let tick = Closure::<dyn FnMut()>::new(move || {
            shell.frame_pending.set(false);
            dispatch(shell, Msg::Tick);
        });
        *shell.frame.borrow_mut() = Some(tick);
    }
    let frame = shell.frame.borrow();
    let (Some(window), Some(cb)) = (web_sys::window(), frame.as_ref()) else {
        return;
    };
    if window
        .request_animation_frame(cb.as_ref().unchecked_ref())
        .is_ok()
    {
        shell.frame_pending.set(true);
    }
}

fn select_value(e: &Element) -> String {
    e.dyn_ref::<HtmlSelectElement>()
        .map(HtmlSelectElement::value)
        .unwrap_or_default()
}

/// Sends the message `make` builds from the element's value, if any.
fn on_value(
    shell: Shared,
    target: &Element,
    event: &str,
    make: fn(&Element) -> Option<Msg>,
) -> Result<(), JsValue> {
    let el = target.clone();
    listen_on_page(target, event, move |_| {
        if let Some(msg) = make(&el) {
            dispatch(shell, msg);
        }
    })
}

/// A select whose choice replaces the request (Tool, Example): it loads
/// when chosen (a click, Enter, or leaving the select), not at each step
/// of the arrow keys, which change a closed select's value as they go.
fn on_choice(
    shell: Shared,
    target: &Element,
    make: fn(&Element) -> Option<Msg>,
) -> Result<(), JsValue> {
    let stepping = std::rc::Rc::new(Cell::new(false));
    let el = target.clone();
    // One handler for the four events (one closure type in the module).
    let handler = move |ev: web_sys::Event| {
        let choose = match ev.type_().as_str() {
            "keydown" => {
                let key = ev
                    .dyn_ref::<web_sys::KeyboardEvent>()
                    .map(web_sys::KeyboardEvent::key)
                    .unwrap_or_default();
                // Arrows, Home/End, Page keys and type-ahead letters step;
                // Space opens the list, whose choice comes as a change.
                let steps = key.starts_with("Arrow")
                    || matches!(key.as_str(), "Home" | "End" | "PageUp" | "PageDown")
                    || (key.chars().nth(1).is_none() && !key.is_empty() && key != " ");
                if steps {
                    stepping.set(true);
                }
                key == "Enter" && stepping.get()
            }
            "change" => !stepping.get(),
            "blur" => stepping.get(),
            // mousedown: a pointer opens the list; its choice loads on change.
            _ => {
                stepping.set(false);
                false
            }
        };
        if choose {
            stepping.set(false);
            if let Some(msg) = make(&el) {
                dispatch(shell, msg);
            }
        }
    };
    for event in ["keydown", "change", "blur", "mousedown"] {
        listen_on_page(target, event, handler.clone())?;
    }
    Ok(())
}

/// Sends a message chosen from the last drawn model when `target` is clicked.
fn on_click(shell: Shared, target: &Element, make: fn(&PageModel) -> Msg) -> Result<(), JsValue> {
    listen_on_page(target, "click", move |_| {
        let msg = shell.app.borrow().model().map(make);
        if let Some(msg) = msg {
            dispatch(shell, msg);
        }
    })
}

/// Wires the page's controls (again after each build).
fn wire_page(shell: Shared) -> Result<(), JsValue> {
    let page = shell.app.borrow().page.clone();
    let (builder, gateway, turn) = (&page.builder, &page.gateway, &page.turn);
    on_choice(shell, &builder.tool, |e| {
        Some(Msg::ChooseTool(select_value(e)))
    })?;
    on_choice(shell, &builder.example, |e| {
        ExampleKind::from_str(&select_value(e))
            .ok()
            .map(Msg::LoadExample)
    })?;
    on_click(shell, &builder.undo, |_| Msg::UndoReplace)?;
    on_value(shell, &builder.args, "input", |e| {
        e.dyn_ref::<HtmlTextAreaElement>()
            .map(|t| Msg::EditArgs(t.value()))
    })?;
    on_value(shell, &builder.tool_name, "input", |e| {
        e.dyn_ref::<HtmlInputElement>()
            .map(|i| Msg::SetToolName(i.value()))
    })?;
    on_value(shell, &builder.role, "change", |e| {
        Role::from_str(&select_value(e)).ok().map(Msg::SetRole)
    })?;
    on_value(shell, &builder.hook, "change", |e| {
        Hook::from_str(&select_value(e)).ok().map(Msg::SetHook)
    })?;
    on_value(shell, &builder.key, "input", |e| {
        e.dyn_ref::<HtmlInputElement>()
            .map(|i| Msg::SetKey(i.value()))
    })?;
    on_value(shell, &builder.reuse, "change", |e| {
        e.dyn_ref::<HtmlInputElement>()
            .map(|i| Msg::SetReuse(i.checked()))
    })?;
    for radio in &gateway.speeds {
        on_value(shell, radio, "change", |e| {
            let input = e.dyn_ref::<HtmlInputElement>()?;
            input
                .checked()
                .then(|| Speed::from_str(&input.value()).ok())
                .flatten()
                .map(Msg::SetSpeed)
        })?;
    }
    on_click(shell, &builder.approve, |m| {
        if m.builder.approval.approved {
            Msg::Revoke
        } else {
            Msg::Approve
        }
    })?;
    on_click(shell, &gateway.play, |m| {
        if m.gateway.playback.playing {
            Msg::Pause
        } else {
            Msg::Play
        }
    })?;
    on_click(shell, &gateway.next, |_| Msg::NextGate)?;
    on_click(shell, &gateway.finish, |_| Msg::FinishRun)?;
    on_click(shell, &gateway.pending.approve, |_| Msg::Approve)?;
    on_click(shell, &gateway.pending.reject, |_| Msg::Reject)?;
    for (button, gate) in gateway.gate_buttons.iter().zip(gateway_core::Gate::ALL) {
        on_message(shell, button, Msg::ShowGate, gate)?;
    }
    on_click(shell, &gateway.restart, |_| Msg::Restart)?;
    on_click(shell, &page.ledger.reset, |_| Msg::ResetLedger)?;
    on_click(shell, &page.baseline.capture, |_| Msg::CaptureBaseline)?;
    on_click(shell, &turn.start, |_| Msg::StartTurn)?;
    on_click(shell, &turn.end, |_| Msg::EndTurn)?;
    on_value(shell, &turn.decision, "input", |e| {
        e.dyn_ref::<HtmlTextAreaElement>()
            .map(|t| Msg::EditDecision(t.value()))
    })?;
    wire_exports(shell, &page.declarations.exports)?;
    let declarations = page.declarations.panel.clone();
    listen_on_page(&declarations, "toggle", move |_| load_declarations(shell))?;
    on_click(shell, &page.baseline.clear, |_| Msg::ClearBaseline)?;

    on_value(shell, &page.notes.input, "input", |e| {
        crate::dom::value(e).map(Msg::EditNotes)
    })?;
    on_click(shell, &page.notes.export, |_| Msg::ExportNotes)?;
    listen_on_page(&page.masthead.copy_link, "click", move |_| {
        dispatch(
            shell,
            Msg::CopyLink {
                page_url: page_url(),
            },
        );
    })?;
    let switch = page.masthead.language.clone();
    listen_on_page(&page.masthead.language, "change", move |_| {
        let Some(locale) = Locale::from_id(&select_value(&switch)) else {
            return;
        };
        dispatch(
            shell,
            Msg::SetLocale {
                locale,
                page_url: page_url(),
            },
        );
    })?;
    // The core decides; `dispatch` performs a full-screen request at once,
    // inside this click: the gesture the browser requires.
    on_click(shell, &page.masthead.expand, |_| Msg::Expand)?;
    // The experiment may open the declarations panel.
    load_declarations(shell);
    Ok(())
}

/// The page's address as the browser shows it.
fn page_url() -> String {
    web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default()
}

/// Wires what outlives a build of the page: visibility, full screen and
/// the Escape key (once).
fn wire_document(shell: Shared) -> Result<(), JsValue> {
    let doc = shell.app.borrow().doc.clone();
    let d = doc.clone();
    listen(&doc, "visibilitychange", move |_| {
        if d.hidden() {
            dispatch(shell, Msg::Hidden);
        }
    })?;
    wire_expand(shell, &doc)
}

/// What a key pressed means, asked of the core: nothing while typing in a
/// field or with a modifier held (the browser's and the reader's keys).
fn shortcut(shell: Shared, ev: &web_sys::Event) -> Option<Msg> {
    let key = ev.dyn_ref::<web_sys::KeyboardEvent>()?;
    if key.ctrl_key() || key.meta_key() || key.alt_key() {
        return None;
    }
    let typing = ev
        .target()
        .and_then(|t| t.dyn_into::<Element>().ok())
        .is_some_and(|e| {
            let kind = e.get_attribute("type").unwrap_or_default();
            match e.tag_name().as_str() {
                "TEXTAREA" | "SELECT" => true,
                "INPUT" => !matches!(kind.as_str(), "checkbox" | "radio" | "button"),
                _ => e.closest("[contenteditable]").ok().flatten().is_some(),
            }
        });
    if typing {
        return None;
    }
    shell.app.borrow().wb.shortcut(&key.key())
}

/// Sends `make(arg)` when `target` is clicked: the message is made at each
/// click (a stored one would be cloned there).
/// Copy and Download of each export.
fn wire_exports(shell: Shared, exports: &[ExportButtons]) -> Result<(), JsValue> {
    for buttons in exports {
        let export = buttons.export;
        on_message(shell, &buttons.copy, Msg::CopyExport, export)?;
        on_message(shell, &buttons.download, Msg::DownloadExport, export)?;
    }
    Ok(())
}

/// The declarations panel is open and its exports are not drawn: the core
/// is told (it downloads the page's language's exports where they are not
/// installed: the learner's page does not download them with its
/// catalogue, and opening the panel again after a failure retries), and
/// what it holds is drawn.
fn load_declarations(shell: Shared) {
    let open = {
        let app = shell.app.borrow();
        let d = &app.page.declarations;
        app.last.is_some() && d.panel.has_attribute("open") && !d.filled()
    };
    if open {
        dispatch(shell, Msg::DeclarationsOpened);
        show_exports(shell);
    }
}

/// Draws the exports of the page's language once they are installed, or
/// says in the panel why their download failed.
fn show_exports(shell: Shared) {
    let (locale, failure) = {
        let app = shell.app.borrow();
        let Some(m) = &app.last else {
            return;
        };
        (m.locale, app.wb.exports_failure().cloned())
    };
    if gateway_core::view::DeclarationsView::ready(locale) {
        return fill_declarations(shell, locale);
    }
    if let Some(why) = failure {
        let app = shell.app.borrow();
        let words = gateway_core::view::DeclarationsView::failed(&why, locale);
        app.page.declarations.say(&app.doc, &words);
    }
}

/// Draws the declarations panel's exports, if the page is still in
/// `locale` and they are not drawn yet, and wires their buttons.
fn fill_declarations(shell: Shared, locale: Locale) {
    let mut app = shell.app.borrow_mut();
    let App {
        doc, page, last, ..
    } = &mut *app;
    let Some(m) = last.as_ref().filter(|m| m.locale == locale) else {
        return;
    };
    if !page.declarations.filled() && page.declarations.fill(doc, &m.labels, m.locale).is_ok() {
        // Wiring only attaches listeners: nothing runs while app is borrowed.
        let _ = wire_exports(shell, &page.declarations.exports);
    }
}

fn on_message<T: Copy + 'static>(
    shell: Shared,
    target: &Element,
    make: fn(T) -> Msg,
    arg: T,
) -> Result<(), JsValue> {
    listen_on_page(target, "click", move |_| dispatch(shell, make(arg)))
}

/// Expand experiment (its button is wired with the page): the browser's
/// full screen where it is allowed, and filling the frame where it is
/// refused, as the core decides. Here: what the browser says of full
/// screen, and Escape (which leaves filling the frame).
fn wire_expand(shell: Shared, doc: &Document) -> Result<(), JsValue> {
    let d = doc.clone();
    listen(doc, "fullscreenchange", move |_| {
        dispatch(shell, Msg::FullScreen(fullscreen::is_full_screen(&d)))
    })?;
    listen(doc, "keydown", move |ev| {
        if let Some(msg) = shortcut(shell, &ev) {
            ev.prevent_default();
            dispatch(shell, msg);
        }
    })?;
    listen(doc, "keydown", move |ev| {
        let escape = ev
            .dyn_ref::<web_sys::KeyboardEvent>()
            .is_some_and(|k| k.key() == "Escape");
        if escape {
            dispatch(shell, Msg::Escape);
        }
    })
}
