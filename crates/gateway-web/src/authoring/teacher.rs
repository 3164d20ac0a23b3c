//! The answer key (`?teacher=1`): each goal of the experiment below and a
//! way to reach it, in the page's language, from the core's `TeacherView`.

use gateway_core::author::TeacherView;
use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use crate::dom::{child, clear, set_text};

#[derive(Debug, Clone)]
pub struct Teacher {
    heading: Element,
    note: Element,
    key: Element,
}

impl Teacher {
    pub fn build(doc: &Document, parent: &Element, v: &TeacherView) -> Result<Self, JsValue> {
        let section = child(
            doc,
            parent,
            "section",
            &[
                ("class", "panel teacher-panel"),
                ("aria-labelledby", "h-teacher"),
                ("data-panel", "teacher"),
            ],
            None,
        );
        let heading = child(doc, &section, "h2", &[("id", "h-teacher")], None);
        let note = child(doc, &section, "p", &[("class", "hint")], None);
        let key = child(
            doc,
            &section,
            "dl",
            &[("class", "answer-key"), ("aria-labelledby", "h-teacher")],
            None,
        );
        let teacher = Self { heading, note, key };
        teacher.render(doc, v);
        Ok(teacher)
    }

    pub fn render(&self, doc: &Document, v: &TeacherView) {
        set_text(&self.heading, &v.heading);
        set_text(&self.note, &v.note);
        clear(&self.key);
        for (goal, steps) in &v.goals {
            child(doc, &self.key, "dt", &[], Some(goal));
            child(doc, &self.key, "dd", &[], Some(steps));
        }
    }
}
