//! The page: builds the panels once, in page order, and draws a
//! [`PageModel`] by handing each panel its part. The panels themselves
//! (`panels/`) hold the structure, the stable accessible names and the
//! drawing; no decision is made here.
//!
//! The order is the story's, for the eye and for Tab alike: a skip link,
//! the masthead, the experiment's instructions, then the story (request,
//! gateway, and the ledger with the output and the goals), then the
//! secondary panels, each a disclosure the experiment may open.

use gateway_core::view::{DeclarationsView, PageModel};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element};

use crate::dom::{child, set_attribute};
use crate::panels::{
    baseline::Baseline, builder::Builder, declarations::Declarations, experiment::Experiment,
    gateway::Gateway, ledger::Ledger, masthead::Masthead, notes::Notes, output::Output,
    policy::Policy, preview::Preview, request::Request, runs::Runs, turn::Turn,
};

/// Handles to the page's panels, in page order.
#[derive(Debug, Clone)]
pub struct Page {
    pub root: Element,
    pub masthead: Masthead,
    pub experiment: Experiment,
    pub builder: Builder,
    pub turn: Turn,
    pub request: Request,
    pub gateway: Gateway,
    pub output: Output,
    pub runs: Runs,
    pub declarations: Declarations,
    pub policy: Policy,
    pub ledger: Ledger,
    pub baseline: Baseline,
    pub notes: Notes,
    pub preview: Preview,
}

/// Fills `root` with the workbench and returns handles to its panels.
pub fn build(
    doc: &Document,
    root: &Element,
    m: &PageModel,
    declarations: Option<&DeclarationsView>,
) -> Result<Page, JsValue> {
    set_attribute(root, "class", "workbench");
    let l = &m.labels;
    // "Skip to the gateway", the first thing Tab reaches: a plain in-page
    // link (a shared setup's fragment is read once, at opening).
    child(
        doc,
        root,
        "a",
        &[("class", "skip-link"), ("href", "#h-gateway")],
        Some(&l.skip_link),
    );
    let masthead = Masthead::build(doc, root, &m.masthead, l)?;
    let main = child(doc, root, "main", &[("class", "layout")], None);
    let intro = child(doc, &main, "div", &[("class", "intro-slot")], None);
    let story = child(doc, &main, "div", &[("class", "story")], None);
    let builder = Builder::build(doc, &story, l)?;
    let gateway = Gateway::build(doc, &story, &m.gateway, l)?;
    let result = child(doc, &story, "div", &[("class", "result")], None);
    // Beside the gates, what the run changed and what the tool returned,
    // then the goals: after a finished run the output's heading and first
    // line are in view at 1280x800 (tests/e2e/one-screen.test.mjs).
    let ledger = Ledger::build(doc, &result, l)?;
    let output = Output::build(doc, &result, l)?;
    let experiment = Experiment::build(doc, &intro, &result, masthead.authored.clone(), l)?;
    let more = child(doc, &main, "div", &[("class", "more")], None);
    let page = Page {
        root: root.clone(),
        masthead,
        experiment,
        builder,
        turn: Turn::build(doc, &more, l)?,
        request: Request::build(doc, &more, &l.request_heading)?,
        gateway,
        output,
        runs: Runs::build(doc, &more, l)?,
        declarations: Declarations::build(doc, &more, l, m.locale, declarations)?,
        policy: Policy::build(doc, &more, l)?,
        ledger,
        baseline: Baseline::build(doc, &more, &m.baseline, l)?,
        notes: Notes::build(doc, &more, l)?,
        preview: Preview::build(doc, &more, l)?,
    };
    for name in &m.experiment.open {
        if let Some(panel) = more.query_selector(&format!("[data-panel=\"{name}\"]"))? {
            set_attribute(&panel, "open", "");
        }
    }
    let footer = child(doc, root, "footer", &[("class", "disclaimer")], None);
    child(doc, &footer, "p", &[], Some(&l.disclaimer));
    crate::panels::experiment::readings(doc, &footer, &m.experiment, l)?;
    page.apply_embed(m)?;
    Ok(page)
}

impl Page {
    /// Draws `m`, each panel touching only what changed since `last`.
    pub fn render(
        &self,
        doc: &Document,
        m: &PageModel,
        last: Option<&PageModel>,
    ) -> Result<(), JsValue> {
        if last.is_none_or(|l| l.title != m.title || l.locale != m.locale) {
            doc.set_title(&m.title);
            if let Some(html) = doc.document_element() {
                set_attribute(&html, "lang", m.locale.id());
            }
        }
        self.masthead.render(&m.masthead);
        let fill_frame = m.masthead.expand.fill_frame;
        if last.is_none_or(|l| l.masthead.expand.fill_frame != fill_frame) {
            // Expand experiment where full screen is refused: fill the frame.
            let classes = self.root.class_list();
            if fill_frame {
                classes.add_1("expanded")?;
            } else {
                classes.remove_1("expanded")?;
            }
        }
        self.experiment
            .render(doc, &m.experiment, last.map(|l| &l.experiment))?;
        self.builder
            .render(doc, &m.builder, last.map(|l| &l.builder))?;
        self.turn.render(doc, &m.turn, last.map(|l| &l.turn))?;
        self.request.render(&m.request);
        self.gateway
            .render(doc, &m.gateway, last.map(|l| &l.gateway))?;
        self.output.render(&m.output);
        self.runs.render(doc, &m.runs, last.map(|l| &l.runs))?;
        self.declarations.render(&m.declarations);
        self.policy
            .render(doc, &m.policy, last.map(|l| &l.policy))?;
        self.ledger
            .render(doc, &m.ledger, last.map(|l| &l.ledger))?;
        self.baseline
            .render(doc, &m.baseline, last.map(|l| &l.baseline))?;
        self.notes.render(&m.notes);
        self.preview
            .render(doc, &m.preview, last.map(|l| &l.preview))
    }

    /// `?embed=1` marks the root for embed styling; `?hide=` hides panels.
    fn apply_embed(&self, m: &PageModel) -> Result<(), JsValue> {
        if m.embedded {
            self.root.class_list().add_1("embed")?;
        }
        let panels = self.root.query_selector_all("[data-panel]")?;
        for i in 0..panels.length() {
            let Some(panel) = panels.item(i).and_then(|n| n.dyn_into::<Element>().ok()) else {
                continue;
            };
            let name = panel.get_attribute("data-panel").unwrap_or_default();
            if m.hidden_panels.contains(&name) {
                set_attribute(&panel, "hidden", "");
            }
        }
        Ok(())
    }
}
