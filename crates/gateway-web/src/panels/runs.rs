//! "Runs log": the finished runs, newest first, each with its gates'
//! outcomes and any returned output. Fed by the runs part of the model.

use gateway_core::runlog::RunRecord;
use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use super::section;
use crate::dom::{child, clear, literal};

#[derive(Debug, Clone)]
pub struct Runs {
    pub list: Element,
}

impl Runs {
    pub fn build(doc: &Document, main: &Element) -> Result<Self, JsValue> {
        let panel = section(doc, main, "h-runs", "Runs log", None)?;
        let list = child(
            doc,
            &panel,
            "ol",
            &[("class", "runs"), ("reversed", "")],
            None,
        )?;
        Ok(Self { list })
    }

    pub fn render(
        &self,
        doc: &Document,
        runs: &[RunRecord],
        last: Option<&[RunRecord]>,
    ) -> Result<(), JsValue> {
        if last == Some(runs) {
            return Ok(());
        }
        let ol = &self.list;
        clear(ol);
        if runs.is_empty() {
            child(
                doc,
                ol,
                "li",
                &[("class", "empty")],
                Some("No finished runs yet."),
            )?;
            return Ok(());
        }
        for r in runs {
            let li = child(doc, ol, "li", &[("value", &r.seq.to_string())], None)?;
            let summary = format!(
                "Run {} · {:.1} s after the page opened · {} experiment · {} · {} · hook {} · key {} · effect: {}",
                r.seq,
                r.at_ms as f64 / 1000.0,
                r.experiment,
                r.tool,
                r.role.label(),
                r.hook.label(),
                r.key,
                r.effect.id()
            );
            child(doc, &li, "p", &[], Some(&summary))?;
            let outcomes = r.outcomes.map(|v| v.label()).join(", ");
            child(
                doc,
                &li,
                "p",
                &[("class", "outcomes")],
                Some(&format!("Gates: {outcomes}")),
            )?;
            if let Some(output) = &r.output {
                let details = child(doc, &li, "details", &[], None)?;
                child(doc, &details, "summary", &[], Some("Returned output"))?;
                literal(
                    doc,
                    &details,
                    &format!("Returned output of run {}", r.seq),
                    output,
                )?;
            }
        }
        Ok(())
    }
}
