//! "Your experiment": the instructions above the story, the goals with
//! how many are reached beside the ledger, and the further readings by the
//! disclaimer at the foot of the page, as the seed pages have them (out of
//! Tab's way between the masthead and the request). Fed by the experiment
//! part of the model.

use gateway_core::view::{ExperimentView, Labels};
use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use super::section;
use crate::dom::{child, clear, set_attribute, set_optional_text, set_text};

#[derive(Debug, Clone)]
pub struct Experiment {
    /// The banner of an instructor's experiment (hidden for a built-in).
    pub authored: Element,
    pub instructions: Element,
    pub progress: Element,
    pub goals: Element,
}

impl Experiment {
    /// The instructions go in `main`; the goals in `result`.
    pub fn build(
        doc: &Document,
        main: &Element,
        result: &Element,
        l: &Labels,
    ) -> Result<Self, JsValue> {
        let intro = section(
            doc,
            main,
            "h-experiment",
            &l.experiment_heading,
            Some("intro"),
        );
        let authored = child(
            doc,
            &intro,
            "p",
            &[("class", "authored"), ("role", "note"), ("hidden", "")],
            None,
        );
        let instructions = child(doc, &intro, "p", &[("class", "instructions")], None);
        let panel = section(
            doc,
            result,
            "h-goals",
            &l.goals_heading,
            Some("goals-panel"),
        );
        // `hide=experiment` hides the goals with the instructions.
        set_attribute(&panel, "data-panel", "experiment");
        let progress = child(doc, &panel, "p", &[("class", "status-line")], None);
        let goals = child(doc, &panel, "ul", &[("class", "goals")], None);
        Ok(Self {
            authored,
            instructions,
            progress,
            goals,
        })
    }

    pub fn render(
        &self,
        doc: &Document,
        m: &ExperimentView,
        last: Option<&ExperimentView>,
    ) -> Result<(), JsValue> {
        set_optional_text(&self.authored, m.authored.as_deref());
        set_text(&self.instructions, &m.instructions);
        set_text(&self.progress, &m.progress);
        if last.is_some_and(|l| l.goals == m.goals) {
            return Ok(());
        }
        clear(&self.goals);
        for goal in &m.goals {
            let state = if goal.reached { "reached" } else { "open" };
            let li = child(
                doc,
                &self.goals,
                "li",
                &[("data-goal", &goal.id), ("data-state", state)],
                None,
            );
            child(
                doc,
                &li,
                "span",
                &[("class", "goal-mark")],
                Some(&goal.mark),
            );
            li.append_child(&doc.create_text_node(&goal.text))?;
        }
        Ok(())
    }
}

/// The experiment's further readings, as links in `footer`.
pub fn readings(
    doc: &Document,
    footer: &Element,
    m: &ExperimentView,
    l: &Labels,
) -> Result<(), JsValue> {
    if m.readings.is_empty() {
        return Ok(());
    }
    let box_ = child(doc, footer, "div", &[("class", "readings")], None);
    child(
        doc,
        &box_,
        "span",
        &[("id", "readings-label")],
        Some(&l.readings),
    );
    let list = child(
        doc,
        &box_,
        "ul",
        &[("aria-labelledby", "readings-label")],
        None,
    );
    for (label, url) in &m.readings {
        let li = child(doc, &list, "li", &[], None);
        child(doc, &li, "a", &[("href", url)], Some(label));
    }
    Ok(())
}
