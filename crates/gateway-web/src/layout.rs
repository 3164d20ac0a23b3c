//! The page: builds the panels once, in page order, and draws a
//! [`PageModel`] by handing each panel its part. The panels themselves
//! (`panels/`) hold the structure, the stable accessible names and the
//! drawing; no decision is made here.

use gateway_core::view::PageModel;
use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use crate::dom::child;
use crate::panels::{
    baseline::Baseline, builder::Builder, declarations::Declarations, experiment::Experiment,
    gateway::Gateway, ledger::Ledger, masthead::Masthead, notes::Notes, output::Output,
    policy::Policy, request::Request, runs::Runs, turn::Turn,
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
}

/// Fills `root` with the workbench and returns handles to its panels.
pub fn build(doc: &Document, root: &Element, model: &PageModel) -> Result<Page, JsValue> {
    root.set_attribute("class", "workbench")?;
    let masthead = Masthead::build(doc, root, &model.experiment)?;
    let main = child(doc, root, "main", &[("class", "layout")], None)?;
    let page = Page {
        root: root.clone(),
        masthead,
        experiment: Experiment::build(doc, &main)?,
        builder: Builder::build(doc, &main)?,
        turn: Turn::build(doc, &main)?,
        request: Request::build(doc, &main)?,
        gateway: Gateway::build(doc, &main, &model.playback)?,
        output: Output::build(doc, &main)?,
        runs: Runs::build(doc, &main)?,
        declarations: Declarations::build(doc, &main)?,
        policy: Policy::build(doc, &main)?,
        ledger: Ledger::build(doc, &main)?,
        baseline: Baseline::build(doc, &main)?,
        notes: Notes::build(doc, &main)?,
    };
    let footer = child(doc, root, "footer", &[("class", "disclaimer")], None)?;
    child(doc, &footer, "p", &[], Some(model.disclaimer))?;
    Ok(page)
}

impl Page {
    /// Draws `m`, each panel touching only what changed since `last`.
    /// The declarations and notes panels do not follow the model.
    pub fn render(
        &self,
        doc: &Document,
        m: &PageModel,
        last: Option<&PageModel>,
    ) -> Result<(), JsValue> {
        self.masthead.render(&m.experiment);
        self.experiment
            .render(doc, &m.experiment, last.map(|l| &l.experiment))?;
        self.builder.render(doc, m, last)?;
        self.turn.render(doc, &m.turn, last.map(|l| &l.turn))?;
        self.request.render(&m.request);
        self.gateway.render(doc, m, last)?;
        self.output.render(m);
        self.runs
            .render(doc, &m.runs, last.map(|l| l.runs.as_slice()))?;
        self.policy
            .render(doc, &m.policy, last.map(|l| l.policy.as_slice()))?;
        self.ledger.render(doc, m, last)?;
        self.baseline.render(doc, m, last)
    }
}
