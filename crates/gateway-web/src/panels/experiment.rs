//! "Your experiment": the instructions above the story, the goals with
//! how many are reached beside the ledger, and the further readings by the
//! disclaimer at the foot of the page, as the seed pages have them (out of
//! Tab's way between the masthead and the request). Fed by the experiment
//! part of the model. And the solved banner: a live region (announced when
//! it fills), focusable, fixed at the foot of the window (in the flow of
//! an embedded page), with the way on and Dismiss; and, once it is gone,
//! a quiet Next experiment link under the goals.

use gateway_core::view::{ExperimentView, Labels, LinkView, SolvedView};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, HtmlElement};

use super::section;
use crate::dom::{child, clear, set_attribute, set_flag, set_optional_text, set_text};

#[derive(Debug, Clone)]
pub struct Experiment {
    /// The quiet note of an instructor's experiment, under the title in
    /// the masthead (hidden for a built-in).
    pub authored: Element,
    pub instructions: Element,
    pub progress: Element,
    pub goals: Element,
    /// The quiet Next experiment link under the goals (hidden when none).
    pub next: Element,
    pub solved: Solved,
    /// Dismiss, on the solved banner.
    pub dismiss: Element,
}

/// The solved banner's parts.
#[derive(Debug, Clone)]
pub struct Solved {
    /// The banner (focusable; hidden while there is none).
    pub banner: Element,
    pub heading: Element,
    pub message: Element,
    pub next: Element,
    pub course: Element,
}

impl Experiment {
    /// The instructions go in `main`; the goals in `result`; `authored` is
    /// the masthead's place for an instructor's experiment's note.
    pub fn build(
        doc: &Document,
        main: &Element,
        result: &Element,
        authored: Element,
        l: &Labels,
    ) -> Result<Self, JsValue> {
        let intro = section(
            doc,
            main,
            "h-experiment",
            &l.experiment_heading,
            Some("intro"),
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
        let way_on = child(doc, &panel, "p", &[("class", "way-on")], None);
        let next = child(doc, &way_on, "a", &[("hidden", "")], None);
        // The live region is there from the start, empty: what fills it is
        // announced once, when the banner appears.
        let region = child(
            doc,
            &panel,
            "div",
            &[("class", "solved-region"), ("role", "status")],
            None,
        );
        let banner = child(
            doc,
            &region,
            "div",
            &[
                ("class", "solved"),
                ("tabindex", "-1"),
                ("aria-labelledby", "h-solved"),
                ("hidden", ""),
            ],
            None,
        );
        let heading = child(doc, &banner, "h3", &[("id", "h-solved")], None);
        let message = child(doc, &banner, "p", &[], None);
        let links = child(doc, &banner, "p", &[("class", "solved-links")], None);
        let solved_next = child(doc, &links, "a", &[("class", "solved-next")], None);
        let course = child(doc, &links, "a", &[("class", "solved-course")], None);
        let dismiss = child(
            doc,
            &banner,
            "button",
            &[("type", "button"), ("class", "solved-dismiss")],
            None,
        );
        Ok(Self {
            authored,
            instructions,
            progress,
            goals,
            next,
            solved: Solved {
                banner,
                heading,
                message,
                next: solved_next,
                course,
            },
            dismiss,
        })
    }

    /// Draws the banner; focus moves to it when it appears, unless the
    /// learner is typing in a field (the live region still announces it).
    fn render_solved(&self, m: Option<&SolvedView>, was: Option<&SolvedView>) {
        if m == was {
            return;
        }
        let s = &self.solved;
        let Some(m) = m else {
            set_flag(&s.banner, "hidden", true);
            for e in [&s.heading, &s.message] {
                set_text(e, "");
            }
            return;
        };
        set_text(&s.heading, &m.heading);
        set_text(&s.message, &m.message);
        link(&s.next, m.next.as_ref());
        link(&s.course, m.course.as_ref());
        set_text(&self.dismiss, &m.dismiss);
        set_flag(&s.banner, "hidden", false);
        if was.is_none() && !typing() {
            if let Some(banner) = s.banner.dyn_ref::<HtmlElement>() {
                let _ = banner.focus();
            }
        }
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
        link(&self.next, m.next.as_ref());
        self.render_solved(m.solved.as_ref(), last.and_then(|l| l.solved.as_ref()));
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

/// Shows `link` in `a`, or hides `a` when there is none.
fn link(a: &Element, link: Option<&LinkView>) {
    if let Some(l) = link {
        crate::dom::set_attr(a, "href", &l.href);
    }
    set_optional_text(a, link.map(|l| l.label.as_str()));
}

/// Whether the learner is typing: a text field, a text area, a select
/// or an editable element has the focus.
fn typing() -> bool {
    let active = crate::dom::document().ok().and_then(|d| d.active_element());
    active.is_some_and(|e| {
        matches!(e.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
            || e.dyn_ref::<HtmlElement>()
                .is_some_and(HtmlElement::is_content_editable)
    })
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
