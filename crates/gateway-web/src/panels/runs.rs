//! "Runs log": the finished runs, newest first, each with its gates'
//! outcomes and any returned output. Fed by the runs part of the model.

use gateway_core::view::{Labels, RunView, RunsView};
use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use super::disclosure;
use crate::dom::{child, clear, literal};

#[derive(Debug, Clone)]
pub struct Runs {
    /// Which key shapes are masked, and that masking is a safety net.
    note: Element,
    pub list: Element,
    /// The words of each output's disclosure.
    output_summary: String,
}

impl Runs {
    pub fn build(doc: &Document, main: &Element, l: &Labels) -> Result<Self, JsValue> {
        let panel = disclosure(doc, main, "h-runs", &l.runs_heading);
        let note = child(doc, &panel, "p", &[("class", "runs-masking")], None);
        let list = child(
            doc,
            &panel,
            "ol",
            &[("class", "runs"), ("reversed", "")],
            None,
        );
        Ok(Self {
            note,
            list,
            output_summary: l.returned_output.clone(),
        })
    }

    pub fn render(
        &self,
        doc: &Document,
        m: &RunsView,
        last: Option<&RunsView>,
    ) -> Result<(), JsValue> {
        if last.is_none_or(|l| l.masking != m.masking) {
            self.note.set_text_content(Some(&m.masking));
        }
        if last.is_some_and(|l| l.records == m.records) {
            return Ok(());
        }
        let ol = &self.list;
        clear(ol);
        if m.records.is_empty() {
            child(doc, ol, "li", &[("class", "empty")], Some(&m.empty));
            return Ok(());
        }
        for r in m.records.iter() {
            self.render_run(doc, r)?;
        }
        Ok(())
    }

    fn render_run(&self, doc: &Document, r: &RunView) -> Result<(), JsValue> {
        let li = child(
            doc,
            &self.list,
            "li",
            &[("value", &r.seq.to_string())],
            None,
        );
        child(doc, &li, "p", &[], Some(&r.summary));
        if let Some(turn) = &r.turn {
            child(doc, &li, "p", &[("class", "run-turn")], Some(turn));
        }
        child(doc, &li, "p", &[("class", "outcomes")], Some(&r.outcomes));
        if !r.claims.is_empty() {
            let ul = child(doc, &li, "ul", &[("class", "run-claims")], None);
            for claim in &r.claims {
                child(doc, &ul, "li", &[], Some(claim));
            }
        }
        // The run's arguments are the learner's text: shown as code.
        let args = child(doc, &li, "p", &[("class", "outcomes")], None);
        child(doc, &args, "code", &[], Some(&r.args));
        if let Some(output) = &r.output {
            let details = child(doc, &li, "details", &[], None);
            child(doc, &details, "summary", &[], Some(&self.output_summary));
            literal(doc, &details, &r.output_label, output);
        }
        Ok(())
    }
}
