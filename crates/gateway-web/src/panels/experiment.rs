//! "Your experiment": the instructions, the goals and how many are reached.
//! Fed by the experiment part of the model.

use gateway_core::view::ExperimentView;
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
    pub fn build(doc: &Document, main: &Element) -> Result<Self, JsValue> {
        let intro = section(doc, main, "h-experiment", "Your experiment", Some("intro"))?;
        let instructions = child(doc, &intro, "p", &[], None)?;
        child(doc, &intro, "h3", &[], Some("Goals"))?;
        let progress = child(doc, &intro, "p", &[("class", "status-line")], None)?;
        let goals = child(doc, &intro, "ul", &[("class", "goals")], None)?;
        hint(
            doc,
            &intro,
            "Each gate takes eight inspection seconds, or use Next gate. Only reaching the final stage applies the planned local effect. Restart preserves the ledger; Reset synthetic ledger clears this page's fictional state.",
        )?;
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
        set_text(&self.instructions, m.instructions);
        set_text(&self.progress, &m.progress);
        if last.is_some_and(|l| l.goals == m.goals) {
            return Ok(());
        }
        clear(&self.goals);
        for goal in &m.goals {
            let (state, mark) = if goal.reached {
                ("reached", "Reached: ")
            } else {
                ("open", "Not yet: ")
            };
            let li = child(
                doc,
                &self.goals,
                "li",
                &[("data-goal", goal.id), ("data-state", state)],
                None,
            )?;
            child(doc, &li, "span", &[("class", "goal-mark")], Some(mark))?;
            li.append_child(&doc.create_text_node(goal.text))?;
        }
        Ok(())
    }
}
