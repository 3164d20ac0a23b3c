//! The shell's state and event wiring: DOM events become core messages,
//! the core's view model is drawn, and one requestAnimationFrame loop runs
//! only while a run is playing.
//!
//! This module holds the state, mounting, dispatch, drawing and the frame
//! loop. Its parts: `perform`, the commands the core queues; `events`, a
//! control's event made a message; `controls`, the page's and the
//! document's listeners; `declarations`, the declarations panel's exports.

mod controls;
mod declarations;
mod events;
mod perform;

use std::cell::{Cell, RefCell};

use gateway_core::view::{LedgerWords, PageModel};
use gateway_core::{ExperimentId, Handled, Msg, Workbench};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element};

use crate::dom::{document, now_ms};
use crate::embed;
use crate::first_view::{self, FirstView};
use crate::layout::{self, Page};
use controls::{wire_document, wire_page};
use perform::perform_queued;

/// Everything the page holds between events.
#[derive(Debug)]
pub struct App {
    pub wb: Workbench,
    pub doc: Document,
    pub page: Page,
    last: Option<PageModel>,
    /// The ledger's words of `last`, worded again only when the ledger or
    /// the language changed.
    words: LedgerWords,
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
pub type Relabelled = Box<dyn Fn(gateway_core::text::Locale)>;

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
        let page = layout::build(&doc, root, &model, wb.declarations_view().as_ref())?;
        let app = App {
            wb,
            doc,
            page,
            last: None,
            words: LedgerWords::default(),
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
        app.words = LedgerWords::default();
        let root = app.page.root.clone();
        let model = app.wb.view();
        crate::dom::clear(&root);
        crate::dom::retire_page_listeners();
        let declarations = app.wb.declarations_view();
        app.page = layout::build(&app.doc, &root, &model, declarations.as_ref())?;
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
        let model = self.wb.view_kept(&mut self.words);
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
        let declarations = app.wb.declarations_view();
        app.page = layout::build(&app.doc, &root, &model, declarations.as_ref())?;
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
