//! The author build's panels above the workbench (feature `author`): the
//! authoring panel (`?author=1`) and the answer key (`?teacher=1`). The
//! core's `author` module decides and words everything; here its view is
//! drawn, the controls send it their values, and the browser compresses,
//! copies, fetches the single file and downloads.

mod panel;
mod teacher;

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gateway_core::author::{Author, Status, TeacherView, Wanted};
use gateway_core::experiments::{link, ExperimentId};
use gateway_core::opening::{self, Address, Opening, Query};
use gateway_core::text::FetchError;
use gateway_core::Workbench;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element};

use crate::app::{self, Shared};
use crate::dom::{child, copy_text, document, listen};

/// The author build's own style sheet, beside its module.
const STYLE: &str = "./pkg/author/author.css";
/// How long the verdict waits after the last edit, in milliseconds.
const CHECK_DELAY_MS: i32 = 300;

/// The panels, the workbench below them, and what the page was opened with.
struct Authoring {
    doc: Document,
    shell: Shared,
    author: RefCell<Author>,
    panel: Option<panel::Panel>,
    teacher: Option<teacher::Teacher>,
    /// The pending verdict's timer.
    timer: Cell<Option<i32>>,
    check: RefCell<Option<Closure<dyn FnMut()>>>,
    query: Query,
    framed: bool,
    from_file: bool,
}

/// Mounts `wb` under the panels the query asks for.
pub fn mount(root: &Element, wb: Workbench, address: Address<'_>) -> Result<(), JsValue> {
    let wanted = Wanted::from_query(address.query);
    if !wanted.author && !wanted.teacher {
        return app::mount_workbench(root, wb).map(|_| ());
    }
    let doc = document()?;
    if let Some(head) = doc.query_selector("head")? {
        child(
            &doc,
            &head,
            "link",
            &[("rel", "stylesheet"), ("href", STYLE)],
            None,
        );
    }
    let locale = wb.locale();
    let base = wb.experiment().builtin.unwrap_or_default();
    let author = Author::new(base, locale);
    let top = child(&doc, root, "div", &[("class", "authoring")], None);
    let teacher = if wanted.teacher {
        let view = TeacherView::new(wb.experiment(), locale);
        Some(teacher::Teacher::build(&doc, &top, &view)?)
    } else {
        None
    };
    let panel = if wanted.author {
        Some(panel::Panel::build(&doc, &top, &author.view())?)
    } else {
        None
    };
    let bench = child(&doc, root, "div", &[], None);
    let shell = app::mount_workbench(&bench, wb)?;
    let state = Rc::new(Authoring {
        doc,
        shell,
        author: RefCell::new(author),
        panel,
        teacher,
        timer: Cell::new(None),
        check: RefCell::new(None),
        query: address.query.clone(),
        framed: address.framed,
        from_file: address.from_file,
    });
    let s = state.clone();
    *shell.relabelled.borrow_mut() = Some(Box::new(move |locale| {
        s.author.borrow_mut().set_locale(locale);
        s.draw();
    }));
    if state.panel.is_some() {
        wire(&state)?;
        state.author.borrow_mut().check();
    }
    state.draw();
    Ok(())
}

impl Authoring {
    fn draw(&self) {
        let author = self.author.borrow();
        if let Some(panel) = &self.panel {
            let placeholder = author.not_a_choice();
            panel.render(&self.doc, &author.view(), &placeholder);
        }
        if let Some(teacher) = &self.teacher {
            let app = self.shell.app.borrow();
            let view = TeacherView::new(app.wb.experiment(), app.wb.locale());
            teacher.render(&self.doc, &view);
        }
    }

    /// The verdict again a moment after the last edit.
    fn check_soon(self: &Rc<Self>) {
        let Some(window) = web_sys::window() else {
            return;
        };
        if let Some(id) = self.timer.take() {
            window.clear_timeout_with_handle(id);
        }
        let mut check = self.check.borrow_mut();
        let weak = Rc::downgrade(self);
        let run = check.get_or_insert_with(|| {
            Closure::new(move || {
                if let Some(s) = weak.upgrade() {
                    s.timer.set(None);
                    s.author.borrow_mut().check();
                    s.draw();
                }
            })
        });
        let id = window.set_timeout_with_callback_and_timeout_and_arguments_0(
            run.as_ref().unchecked_ref(),
            CHECK_DELAY_MS,
        );
        self.timer.set(id.ok());
    }

    /// An edit: drawn at once, checked a moment later.
    fn edited(self: &Rc<Self>, edit: impl FnOnce(&mut Author)) {
        edit(&mut self.author.borrow_mut());
        self.draw();
        self.check_soon();
    }

    fn done(&self, status: Status) {
        self.author.borrow_mut().done(status);
        self.draw();
    }

    /// Checks the text now if its verdict is pending, then compresses the
    /// payload and hands `then` the payload and its compressed bytes.
    fn compressed(self: &Rc<Self>, then: impl FnOnce(&Rc<Self>, String, Vec<u8>) + 'static) {
        self.author.borrow_mut().check();
        let payload = self.author.borrow().payload();
        let Some(payload) = payload else {
            self.draw();
            return;
        };
        let s = self.clone();
        let input = payload.clone().into_bytes();
        crate::deflate::deflate(&input, move |deflated| match deflated {
            Ok(bytes) => then(&s, payload, bytes),
            Err(why) => s.done(Status::CompressFailed(why)),
        });
    }

    /// Try it here: the workbench below opens the experiment as a learner
    /// opens the link (through the core's opening, banner included).
    fn try_it(self: &Rc<Self>) {
        self.compressed(|s, payload, deflated| {
            let fragment = link::fragment(&deflated);
            let locale = s.shell.app.borrow().wb.locale();
            let address = Address {
                query: &s.query,
                fragment: &fragment,
                framed: s.framed,
                from_file: s.from_file,
                single_file: false,
                locale,
                inflated: Some(Ok(payload.as_bytes())),
            };
            let opened = opening::open(address, &crate::storage::read);
            if let Opening::Workbench(wb) = opened {
                if let Err(e) = app::replace(s.shell, *wb) {
                    web_sys::console::error_2(&"Try it here failed".into(), &e);
                }
                s.done(Status::Tried);
                s.draw();
            }
        });
    }

    /// Copies the learner link (`snippet`: the iframe snippet instead).
    fn copy(self: &Rc<Self>, snippet: bool) {
        self.compressed(move |s, _, deflated| {
            let link = s.author.borrow().learner_link(&page_url(), &deflated);
            s.author.borrow_mut().made(link.clone());
            let text = if snippet {
                s.author.borrow().iframe(&link)
            } else {
                link
            };
            s.draw();
            let (ok, failed) = (s.clone(), s.clone());
            copy_text(
                &text,
                move || {
                    ok.done(if snippet {
                        Status::IframeCopied
                    } else {
                        Status::LinkCopied
                    })
                },
                move || failed.done(Status::CopyFailed),
            );
        });
    }

    /// Fetches the single file beside the page, puts the experiment in
    /// it, and downloads it as `<id>.html`.
    fn download(self: &Rc<Self>) {
        self.compressed(|s, _, deflated| {
            let s = s.clone();
            crate::catalogue::fetch_text(
                "./workbench.html",
                Box::new(move |fetched| {
                    let made = match fetched {
                        Ok(html) => s.author.borrow().single_file(&html, &deflated),
                        Err(why) => Err(Status::FetchFailed(why)),
                    };
                    let status = match made {
                        Ok(file) => {
                            let name = s.author.borrow().file_name();
                            match crate::storage::download(&s.doc, &name, &file, "text/html") {
                                Ok(()) => Status::Downloaded(name),
                                Err(e) => {
                                    Status::FetchFailed(FetchError::Browser(crate::dom::words(&e)))
                                }
                            }
                        }
                        Err(status) => status,
                    };
                    s.done(status);
                }),
            );
        });
    }
}

/// Wires the authoring panel's controls (once: the panel is drawn again
/// in a new language, never built again).
fn wire(state: &Rc<Authoring>) -> Result<(), JsValue> {
    let Some(panel) = &state.panel else {
        return Ok(());
    };
    let s = state.clone();
    let start = panel.start.clone();
    listen(&panel.start, "change", move |_| {
        let value = select_value(&start);
        if let Ok(id) = value.parse::<ExperimentId>() {
            s.edited(|a| a.start_from(id));
        }
    })?;
    for (field, control) in &panel.controls {
        let (s, field, control) = (state.clone(), *field, control.clone());
        let event = if control.tag_name() == "SELECT" {
            "change"
        } else {
            "input"
        };
        listen(&control.clone(), event, move |_| {
            let value = crate::dom::value(&control).unwrap_or_else(|| select_value(&control));
            s.edited(|a| {
                a.set(field, &value);
            });
        })?;
    }
    let s = state.clone();
    listen(&panel.add_goal, "click", move |_| {
        s.edited(|a| {
            a.add_goal();
        });
    })?;
    let s = state.clone();
    listen(&panel.remove_goal, "click", move |_| {
        s.edited(|a| {
            a.remove_goal();
        });
    })?;
    let (s, json) = (state.clone(), panel.json.clone());
    listen(&panel.json, "input", move |_| {
        if let Some(text) = crate::dom::value(&json) {
            s.edited(|a| a.edit_text(text));
        }
    })?;
    let s = state.clone();
    listen(&panel.try_it, "click", move |_| s.try_it())?;
    let s = state.clone();
    listen(&panel.copy_link, "click", move |_| s.copy(false))?;
    let s = state.clone();
    listen(&panel.copy_iframe, "click", move |_| s.copy(true))?;
    let s = state.clone();
    listen(&panel.download, "click", move |_| s.download())
}

/// The page's address as the browser shows it.
fn page_url() -> String {
    web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default()
}

/// A select's value.
fn select_value(e: &Element) -> String {
    e.dyn_ref::<web_sys::HtmlSelectElement>()
        .map(web_sys::HtmlSelectElement::value)
        .unwrap_or_default()
}
