//! The shell's state and event wiring: DOM events become core messages,
//! the core's view model is drawn, and one requestAnimationFrame loop runs
//! only while a run is playing.

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::str::FromStr;

use gateway_core::view::PageModel;
use gateway_core::{ExampleKind, ExperimentId, Hook, Msg, Role, Speed, ToolId, Workbench};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, Event, HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};

use crate::dom::{document, now_ms, reveal_value, set_text};
use crate::embed::{self, EmbedOptions};
use crate::layout::{self, Page};
use crate::storage::{self, Notes};

/// Everything the page holds between events.
#[derive(Debug)]
pub struct App {
    pub wb: Workbench,
    pub doc: Document,
    pub page: Page,
    last: Option<PageModel>,
    notes: Notes,
    /// A stored baseline this build could not read: never overwrite it.
    baseline_locked: bool,
}

/// How the page was opened, beyond the experiment.
#[derive(Debug, Default)]
pub struct Opening {
    /// A shared link's setup, or why it could not be restored.
    pub setup: Option<Result<gateway_core::share::Setup, String>>,
    pub embed: EmbedOptions,
}

/// The app plus the animation-frame loop that drives time while playing.
pub struct Shell {
    pub app: RefCell<App>,
    frame: RefCell<Option<Closure<dyn FnMut()>>>,
    frame_pending: Cell<bool>,
}

impl std::fmt::Debug for Shell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Shell").finish_non_exhaustive()
    }
}

pub type Shared = Rc<Shell>;

/// Builds the workbench for `experiment` inside `root` and wires it up.
pub fn mount(root: &Element, experiment: ExperimentId) -> Result<Shared, JsValue> {
    mount_with(root, experiment, Opening::default())
}

/// As [`mount`], restoring a shared setup and applying embed options.
pub fn mount_with(
    root: &Element,
    experiment: ExperimentId,
    opening: Opening,
) -> Result<Shared, JsValue> {
    let doc = document()?;
    let mut wb = Workbench::new(experiment);
    let mut baseline_locked = false;
    match storage::load_baseline(experiment.id()) {
        Ok(Some(b)) => wb.update(now_ms(), Msg::RestoreBaseline(b)),
        Ok(None) => {}
        Err(message) => {
            baseline_locked = true;
            wb.update(now_ms(), Msg::Notice(message));
        }
    }
    match opening.setup {
        Some(Ok(setup)) => wb.update(now_ms(), Msg::RestoreSetup(setup)),
        Some(Err(message)) => wb.update(now_ms(), Msg::Notice(message)),
        None => {}
    }
    let model = wb.view();
    let page = layout::build(&doc, root, &model)?;
    opening.embed.apply(root)?;
    let single_file = doc
        .query_selector("meta[name=\"workbench-build\"][content=\"single-file\"]")
        .ok()
        .flatten()
        .is_some();
    if single_file {
        set_text(&page.masthead.file_note, SINGLE_FILE_NOTE);
        page.masthead.file_note.remove_attribute("hidden")?;
    }
    let notes = Notes::load(experiment.id());
    let app = App {
        wb,
        doc,
        page,
        last: None,
        notes,
        baseline_locked,
    };
    let shell = Rc::new(Shell {
        app: RefCell::new(app),
        frame: RefCell::new(None),
        frame_pending: Cell::new(false),
    });
    {
        let mut app = shell.app.borrow_mut();
        app.draw()?;
        app.show_notes();
    }
    wire(&shell)?;
    let doc = shell.app.borrow().doc.clone();
    embed::watch_height(&doc, experiment.id())?;
    Ok(shell)
}

/// What the single-file copy says about what `file://` changes.
const SINGLE_FILE_NOTE: &str = "This is the single-file copy, opened from a file: everything works offline. Browsers keep storage for local files differently (some share it between all local files, some keep none), so notes and the baseline may not survive a reload here: use Export notes to keep them. A copied link opens only on this computer.";

impl App {
    fn draw(&mut self) -> Result<(), JsValue> {
        let model = self.wb.view();
        self.page.render(&self.doc, &model, self.last.as_ref())?;
        self.last = Some(model);
        Ok(())
    }

    fn show_notes(&self) {
        self.page.notes.show(self.notes.text(), self.notes.status());
    }

    pub fn model(&self) -> Option<&PageModel> {
        self.last.as_ref()
    }

    fn store_baseline(&mut self) {
        let id = self.wb.experiment().id();
        if self.baseline_locked || !storage::save_baseline(id, self.wb.baseline()) {
            let message = if self.baseline_locked {
                "The baseline stays on this page only: a stored one this version cannot read was left untouched."
            } else {
                storage::BASELINE_UNSAVED
            };
            self.wb.update(now_ms(), Msg::Notice(message.into()));
        }
    }

    /// Tells an embedding page about goals this message newly reached.
    fn report_goals(&self, before: &[bool]) {
        let now = self.wb.goals_reached();
        let total = now.len();
        let reached = now.iter().filter(|r| **r).count();
        let experiment = self.wb.experiment();
        for (i, (was, is)) in before.iter().zip(now).enumerate() {
            if *is && !was {
                if let Some(goal) = experiment.experiment().goals.get(i) {
                    embed::post_goal(experiment.id(), goal.id, reached, total);
                }
            }
        }
    }

    /// The address of this page with the current setup in its fragment.
    fn share_url(&self) -> String {
        let href = self
            .doc
            .location()
            .and_then(|l| l.href().ok())
            .unwrap_or_default();
        let base = href.split('#').next().unwrap_or_default();
        format!("{base}#{}", self.wb.setup().to_fragment())
    }
}

/// Applies a message at the current time, redraws, and keeps the frame
/// loop going while a run plays.
pub fn dispatch(shell: &Shared, msg: Msg) {
    let playing = {
        let mut app = shell.app.borrow_mut();
        let before = app.wb.goals_reached().to_vec();
        let baseline_changed = matches!(msg, Msg::CaptureBaseline | Msg::ClearBaseline);
        app.wb.update(now_ms(), msg);
        if baseline_changed {
            app.store_baseline();
        }
        app.report_goals(&before);
        if let Err(e) = app.draw() {
            web_sys::console::error_2(&"render failed".into(), &e);
        }
        app.wb.clock().is_playing()
    };
    if playing && !shell.frame_pending.get() {
        request_frame(shell);
    }
}

fn request_frame(shell: &Shared) {
    if shell.frame.borrow().is_none() {
        let weak = Rc::downgrade(shell);
        let tick = Closure::<dyn FnMut()>::new(move || {
            if let Some(shell) = weak.upgrade() {
                shell.frame_pending.set(false);
                dispatch(&shell, Msg::Tick);
            }
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

/// Attaches `handler` to `event` on `target` for the page's lifetime.
pub fn listen(
    target: &web_sys::EventTarget,
    event: &str,
    handler: impl FnMut(Event) + 'static,
) -> Result<(), JsValue> {
    let cb = Closure::<dyn FnMut(Event)>::new(handler);
    target.add_event_listener_with_callback(event, cb.as_ref().unchecked_ref())?;
    cb.forget();
    Ok(())
}

fn select_value(e: &Element) -> String {
    e.dyn_ref::<HtmlSelectElement>()
        .map(HtmlSelectElement::value)
        .unwrap_or_default()
}

/// Sends the message `make` builds from the element's value, if any.
fn on_value(
    shell: &Shared,
    target: &Element,
    event: &str,
    make: fn(&Element) -> Option<Msg>,
) -> Result<(), JsValue> {
    let s = shell.clone();
    let el = target.clone();
    listen(target, event, move |_| {
        if let Some(msg) = make(&el) {
            dispatch(&s, msg);
        }
    })
}

/// Sends a message chosen from the last drawn model when `target` is clicked.
fn on_click(shell: &Shared, target: &Element, make: fn(&PageModel) -> Msg) -> Result<(), JsValue> {
    let s = shell.clone();
    listen(target, "click", move |_| {
        let msg = s.app.borrow().model().map(make);
        if let Some(msg) = msg {
            dispatch(&s, msg);
        }
    })
}

fn wire(shell: &Shared) -> Result<(), JsValue> {
    let page = shell.app.borrow().page.clone();
    let (builder, gateway, turn) = (&page.builder, &page.gateway, &page.turn);
    on_value(shell, &builder.tool, "change", |e| {
        ToolId::from_str(&select_value(e)).ok().map(Msg::SelectTool)
    })?;
    on_value(shell, &builder.example, "change", |e| {
        ExampleKind::from_str(&select_value(e))
            .ok()
            .map(Msg::LoadExample)
    })?;
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
        if m.approval.approved {
            Msg::Revoke
        } else {
            Msg::Approve
        }
    })?;
    on_click(shell, &gateway.play, |m| {
        if m.playback.playing {
            Msg::Pause
        } else {
            Msg::Play
        }
    })?;
    on_click(shell, &gateway.next, |_| Msg::NextGate)?;
    on_click(shell, &gateway.restart, |_| Msg::Restart)?;
    on_click(shell, &gateway.reset, |_| Msg::ResetLedger)?;
    on_click(shell, &page.baseline.capture, |_| Msg::CaptureBaseline)?;
    on_click(shell, &turn.start, |_| Msg::StartTurn)?;
    on_click(shell, &turn.end, |_| Msg::EndTurn)?;
    on_value(shell, &turn.decision, "input", |e| {
        e.dyn_ref::<HtmlTextAreaElement>()
            .map(|t| Msg::EditDecision(t.value()))
    })?;
    crate::exports::wire(shell, &page.declarations)?;
    on_click(shell, &page.baseline.clear, |_| Msg::ClearBaseline)?;

    let s = shell.clone();
    listen(&page.notes.input, "input", move |_| {
        let mut app = s.app.borrow_mut();
        if let Some(text) = app.page.notes.text() {
            app.notes.set(text);
            let status = app.notes.status().to_string();
            set_text(&app.page.notes.status, &status);
        }
    })?;
    let s = shell.clone();
    listen(&page.notes.export, "click", move |_| {
        let app = s.app.borrow();
        let text = app.wb.export_notes(app.notes.text());
        // The text is also shown to copy: a sandboxed frame may block the
        // download without telling the page.
        reveal_value(&app.page.notes.export_text, &text);
        if let Err(e) = storage::download(&app.doc, &app.wb.export_file_name(), &text) {
            web_sys::console::error_2(&"export failed".into(), &e);
            set_text(
                &app.page.notes.status,
                "The download was refused by this browser: copy the export text below.",
            );
        }
    })?;
    let s = shell.clone();
    listen(&page.masthead.copy_link, "click", move |_| copy_link(&s))?;
    crate::fullscreen::wire(shell, &page.root, &page.masthead.expand)?;

    let doc = shell.app.borrow().doc.clone();
    let s = shell.clone();
    let d = doc.clone();
    listen(&doc, "visibilitychange", move |_| {
        if d.hidden() {
            dispatch(&s, Msg::Hidden);
        }
    })?;
    Ok(())
}

/// Puts the setup link in the address bar, the clipboard if the browser
/// allows, and a text field to copy from in any case.
fn copy_link(shell: &Shared) {
    let app = shell.app.borrow();
    let url = app.share_url();
    if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
    }
    reveal_value(&app.page.masthead.share_link, &url);
    let status = app.page.masthead.share_status.clone();
    set_text(&status, "Copy the link below.");
    let ok_status = status.clone();
    crate::dom::copy_text(
        &url,
        move || {
            set_text(
                &ok_status,
                "Link copied. It restores this setup, not the ledger and never an approval.",
            )
        },
        move || {
            set_text(
                &status,
                "The browser refused the clipboard: copy the link below.",
            )
        },
    );
}
