//! The authoring panel: start from, the form, the JSON, the verdict with
//! the answer key, and the four actions with their status and the texts
//! to copy by hand. Built once; every word is drawn from the core's
//! `AuthorView` (again in a new language).

use gateway_core::author::{AuthorView, Control, Field};
use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use crate::dom::{button, child, clear, set_flag, set_optional_text, set_text, set_value};
use crate::panels::fill_select;

#[derive(Debug, Clone)]
pub struct Panel {
    heading: Element,
    note: Element,
    start_label: Element,
    pub start: Element,
    /// Each field's label and control.
    labels: Vec<Element>,
    pub controls: Vec<(Field, Element)>,
    /// The goal form's heading and its Add goal and Remove goal buttons.
    goals_heading: Element,
    pub add_goal: Element,
    pub remove_goal: Element,
    form_note: Element,
    json_label: Element,
    pub json: Element,
    verdict_heading: Element,
    verdict: Element,
    problems: Element,
    key_heading: Element,
    key: Element,
    pub try_it: Element,
    pub copy_link: Element,
    pub copy_iframe: Element,
    pub download: Element,
    status: Element,
    link_label: Element,
    link: Element,
    iframe_label: Element,
    iframe: Element,
    /// The choices each select was last filled with.
    filled: std::cell::RefCell<Vec<Option<Vec<gateway_core::view::Choice>>>>,
}

/// A labelled control: `<div class="field"><label for=id/><tag id=id/></div>`.
fn labelled(doc: &Document, parent: &Element, tag: &str, id: &str) -> (Element, Element, Element) {
    let wrap = crate::dom::child(doc, parent, "div", &[("class", "field")], None);
    let label = crate::dom::child(doc, &wrap, "label", &[("for", id)], None);
    let control = crate::dom::child(doc, &wrap, tag, &[("id", id), ("name", id)], None);
    (wrap, label, control)
}

impl Panel {
    pub fn build(doc: &Document, parent: &Element, v: &AuthorView) -> Result<Self, JsValue> {
        let section = child(
            doc,
            parent,
            "section",
            &[
                ("class", "panel author-panel"),
                ("aria-labelledby", "h-author"),
                ("data-panel", "author"),
            ],
            None,
        );
        let heading = child(doc, &section, "h2", &[("id", "h-author")], None);
        let note = child(doc, &section, "p", &[("class", "hint")], None);
        let (_, start_label, start) = labelled(doc, &section, "select", "author-start");
        let form = child(doc, &section, "div", &[("class", "author-form")], None);
        // The goal form: one goal at a time, after the experiment's fields.
        let goals = child(
            doc,
            &section,
            "div",
            &[
                ("class", "author-goals"),
                ("role", "group"),
                ("aria-labelledby", "h-author-goals"),
            ],
            None,
        );
        let goals_heading = child(doc, &goals, "h3", &[("id", "h-author-goals")], None);
        let goal_actions = child(doc, &goals, "div", &[("class", "row")], None);
        let add_goal = button(doc, &goal_actions, "");
        let remove_goal = button(doc, &goal_actions, "");
        let goal_form = child(doc, &goals, "div", &[("class", "author-form")], None);
        let mut labels = Vec::new();
        let mut controls = Vec::new();
        for f in &v.fields {
            let form = if matches!(f.field, Field::Goal(_)) {
                &goal_form
            } else {
                &form
            };
            let tag = match f.control {
                Control::Line => "input",
                Control::Lines => "textarea",
                Control::Select(_) => "select",
            };
            let (wrap, label, control) = labelled(doc, form, tag, &f.id);
            match f.control {
                Control::Line => {
                    crate::dom::set_attribute(&control, "type", "text");
                    crate::dom::set_attribute(&control, "spellcheck", "false");
                }
                Control::Lines => {
                    crate::dom::set_attribute(&control, "rows", "3");
                    crate::dom::set_attribute(&wrap, "class", "field wide");
                }
                Control::Select(_) => {}
            }
            labels.push(label);
            controls.push((f.field, control));
        }
        let form_note = child(
            doc,
            &section,
            "p",
            &[("class", "notice"), ("role", "status"), ("hidden", "")],
            None,
        );
        let (_, json_label, json) = labelled(doc, &section, "textarea", "author-json");
        crate::dom::set_attribute(&json, "rows", "16");
        crate::dom::set_attribute(&json, "spellcheck", "false");
        let verdict_box = child(doc, &section, "div", &[("class", "author-verdict")], None);
        let verdict_heading = child(doc, &verdict_box, "h3", &[("id", "h-author-verdict")], None);
        let verdict = child(
            doc,
            &verdict_box,
            "p",
            &[
                ("id", "author-verdict"),
                ("class", "verdict"),
                ("role", "status"),
            ],
            None,
        );
        let problems = child(
            doc,
            &verdict_box,
            "ul",
            &[("class", "author-problems")],
            None,
        );
        let key_heading = child(doc, &verdict_box, "h3", &[("id", "h-author-key")], None);
        let key = child(
            doc,
            &verdict_box,
            "dl",
            &[("class", "answer-key"), ("aria-labelledby", "h-author-key")],
            None,
        );
        let actions = child(
            doc,
            &section,
            "div",
            &[("class", "row author-actions")],
            None,
        );
        let try_it = button(doc, &actions, "");
        let copy_link = button(doc, &actions, "");
        let copy_iframe = button(doc, &actions, "");
        let download = button(doc, &actions, "");
        let status = child(
            doc,
            &section,
            "p",
            &[
                ("id", "author-status"),
                ("class", "status-line"),
                ("role", "status"),
            ],
            None,
        );
        let (link_field, link_label, link) = labelled(doc, &section, "input", "author-link");
        crate::dom::set_attribute(&link, "type", "text");
        crate::dom::set_attribute(&link, "readonly", "");
        crate::dom::set_attribute(&link_field, "hidden", "");
        let (iframe_field, iframe_label, iframe) =
            labelled(doc, &section, "textarea", "author-iframe");
        crate::dom::set_attribute(&iframe, "readonly", "");
        crate::dom::set_attribute(&iframe, "rows", "3");
        crate::dom::set_attribute(&iframe_field, "hidden", "");
        let selects = v.fields.len();
        Ok(Self {
            heading,
            note,
            start_label,
            start,
            labels,
            controls,
            goals_heading,
            add_goal,
            remove_goal,
            form_note,
            json_label,
            json,
            verdict_heading,
            verdict,
            problems,
            key_heading,
            key,
            try_it,
            copy_link,
            copy_iframe,
            download,
            status,
            link_label,
            link,
            iframe_label,
            iframe,
            filled: std::cell::RefCell::new(vec![None; selects + 1]),
        })
    }

    pub fn render(&self, doc: &Document, v: &AuthorView, not_a_choice: &str) {
        set_text(&self.heading, &v.heading);
        set_text(&self.note, &v.note);
        set_text(&self.start_label, &v.start_label);
        self.fill(doc, 0, &self.start, &v.starts, None);
        for (i, ((f, label), (_, control))) in v
            .fields
            .iter()
            .zip(&self.labels)
            .zip(&self.controls)
            .enumerate()
        {
            set_text(label, &f.label);
            match &f.control {
                Control::Select(choices) => {
                    // "None of these" only while the JSON holds another value.
                    let other = !choices.iter().any(|c| c.selected);
                    self.fill(doc, i + 1, control, choices, other.then_some(not_a_choice));
                }
                _ => {
                    if v.form_enabled {
                        set_value(control, &f.value);
                    }
                }
            }
            set_flag(control, "disabled", !(v.form_enabled && f.enabled));
        }
        set_text(&self.goals_heading, &v.goals_heading);
        set_text(&self.add_goal, &v.add_goal_label);
        set_flag(&self.add_goal, "disabled", !v.can_add_goal);
        set_text(&self.remove_goal, &v.remove_goal_label);
        set_flag(&self.remove_goal, "disabled", !v.can_remove_goal);
        set_optional_text(&self.form_note, v.form_note.as_deref());
        set_text(&self.json_label, &v.json_label);
        set_value(&self.json, &v.json);
        set_text(&self.verdict_heading, &v.verdict_heading);
        set_text(&self.verdict, &v.verdict);
        crate::dom::set_attr(
            &self.verdict,
            "class",
            if v.shareable {
                "verdict valid"
            } else if v.problems.is_empty() {
                "verdict"
            } else {
                "verdict invalid"
            },
        );
        clear(&self.problems);
        for p in &v.problems {
            crate::dom::child(doc, &self.problems, "li", &[], Some(p));
        }
        set_text(&self.key_heading, &v.key_heading);
        set_flag(&self.key_heading, "hidden", v.key.is_empty());
        set_flag(&self.key, "hidden", v.key.is_empty());
        clear(&self.key);
        for (goal, steps) in &v.key {
            crate::dom::child(doc, &self.key, "dt", &[], Some(goal));
            crate::dom::child(doc, &self.key, "dd", &[], Some(steps));
        }
        for (b, label) in [
            (&self.try_it, &v.try_label),
            (&self.copy_link, &v.copy_link_label),
            (&self.copy_iframe, &v.copy_iframe_label),
            (&self.download, &v.download_label),
        ] {
            set_text(b, label);
            set_flag(b, "disabled", !v.shareable);
        }
        set_text(&self.status, v.status.as_deref().unwrap_or(""));
        set_text(&self.link_label, &v.link_label);
        set_text(&self.iframe_label, &v.iframe_label);
        for (control, text) in [(&self.link, &v.link), (&self.iframe, &v.iframe)] {
            match text {
                Some(text) => crate::dom::reveal_value(control, text),
                None => {
                    if let Some(field) = control.parent_element() {
                        set_flag(&field, "hidden", true);
                    }
                }
            }
        }
    }

    /// Fills select number `i` again only when its choices changed.
    fn fill(
        &self,
        doc: &Document,
        i: usize,
        select: &Element,
        choices: &[gateway_core::view::Choice],
        placeholder: Option<&str>,
    ) {
        let mut filled = self.filled.borrow_mut();
        if filled[i].as_deref() == Some(choices) {
            return;
        }
        let _ = fill_select(doc, select, choices, placeholder);
        filled[i] = Some(choices.to_vec());
    }
}
