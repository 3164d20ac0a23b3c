//! "Your experiment": the instructions, the goals and how many are reached.
//! Fed by the experiment part of the model.

use gateway_core::view::{ExperimentView, Labels};
use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use super::{hint, section};
use crate::dom::{child, clear, set_text};

#[derive(Debug, Clone)]
pub struct Experiment {
    pub instructions: Element,
    pub progress: Element,
    pub goals: Element,
}

impl Experiment {
    pub fn build(doc: &Document, main: &Element, l: &Labels) -> Result<Self, JsValue> {
        let intro = section(
            doc,
            main,
            "h-experiment",
            &l.experiment_heading,
            Some("intro"),
        )?;
        let instructions = child(doc, &intro, "p", &[], None)?;
        child(doc, &intro, "h3", &[], Some(&l.goals_heading))?;
        let progress = child(doc, &intro, "p", &[("class", "status-line")], None)?;
        let goals = child(doc, &intro, "ul", &[("class", "goals")], None)?;
        hint(doc, &intro, &l.hint)?;
        Ok(Self {
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
                &[("data-goal", goal.id), ("data-state", state)],
                None,
            )?;
            child(
                doc,
                &li,
                "span",
                &[("class", "goal-mark")],
                Some(&goal.mark),
            )?;
            li.append_child(&doc.create_text_node(&goal.text))?;
        }
        Ok(())
    }
}
