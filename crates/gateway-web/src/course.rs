//! The course page (`course.html`): the core's [`CourseView`] drawn as
//! text, with a Copy button beside each embed snippet, and the
//! instructors' experiments opened in this browser after them.

use gateway_core::course::CourseView;
use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use crate::dom::{button, child, copy_text, listen, set_attribute, set_text};

pub fn show(doc: &Document, root: &Element, view: &CourseView) -> Result<(), JsValue> {
    doc.set_title(&view.page_title);
    if let Some(html) = doc.document_element() {
        set_attribute(&html, "lang", view.locale.id());
    }
    set_attribute(root, "class", "workbench course");
    let main = child(doc, root, "main", &[("class", "layout")], None);
    let head = child(
        doc,
        &main,
        "section",
        &[("class", "panel"), ("aria-labelledby", "h-course")],
        None,
    );
    child(
        doc,
        &head,
        "p",
        &[("class", "eyebrow")],
        Some(&view.eyebrow),
    );
    child(doc, &head, "h1", &[("id", "h-course")], Some(&view.title));
    child(doc, &head, "p", &[], Some(&view.intro));
    let list = child(doc, &main, "ol", &[("class", "course-list")], None);
    for item in &view.items {
        let li = course_item(
            doc,
            &list,
            "panel course-item",
            ("data-experiment", item.id),
            item.done,
        );
        let heading_id = format!("h-course-{}", item.id);
        child(doc, &li, "h2", &[("id", &heading_id)], Some(&item.heading));
        child(
            doc,
            &li,
            "p",
            &[("class", "course-progress")],
            Some(&item.progress),
        );
        let goals = child(doc, &li, "ul", &[("class", "goals")], None);
        for (mark, text, reached) in &item.goals {
            let g = child(
                doc,
                &goals,
                "li",
                &[("data-state", if *reached { "reached" } else { "open" })],
                None,
            );
            child(doc, &g, "span", &[("class", "goal-mark")], Some(mark));
            child(doc, &g, "span", &[], Some(text));
        }
        child(
            doc,
            &li,
            "a",
            &[("href", &item.href), ("class", "course-open")],
            Some(&item.open),
        );
        let details = child(doc, &li, "details", &[("class", "course-embed")], None);
        child(doc, &details, "summary", &[], Some(&view.embed_label));
        let code = child(doc, &details, "pre", &[], None);
        child(doc, &code, "code", &[], Some(&item.embed));
        let copy = button(doc, &details, &view.copy_label);
        let status = child(
            doc,
            &details,
            "span",
            &[("class", "status"), ("role", "status")],
            None,
        );
        let (snippet, copied, refused) = (
            item.embed.clone(),
            view.copied.clone(),
            view.copy_failed.clone(),
        );
        listen(&copy, "click", move |_| {
            let (done, failed) = (status.clone(), status.clone());
            let (copied, refused) = (copied.clone(), refused.clone());
            copy_text(
                &snippet,
                move || set_text(&done, &copied),
                move || set_text(&failed, &refused),
            );
        })?;
    }
    authored(doc, &main, view);
    Ok(())
}

/// The instructors' experiments opened in this browser, after the
/// built-in ones (nothing where there are none).
fn authored(doc: &Document, main: &Element, view: &CourseView) {
    if view.authored.is_empty() {
        return;
    }
    let section = child(
        doc,
        main,
        "section",
        &[
            ("class", "panel course-authored"),
            ("aria-labelledby", "h-course-authored"),
        ],
        None,
    );
    child(
        doc,
        &section,
        "h2",
        &[("id", "h-course-authored")],
        Some(&view.authored_heading),
    );
    let list = child(doc, &section, "ul", &[("class", "course-list")], None);
    for item in &view.authored {
        let li = course_item(
            doc,
            &list,
            "course-item",
            ("data-authored", &item.id),
            item.done,
        );
        child(doc, &li, "h3", &[], Some(&item.title));
        child(
            doc,
            &li,
            "p",
            &[("class", "course-progress")],
            Some(&item.progress),
        );
        child(
            doc,
            &li,
            "a",
            &[("href", &item.href), ("class", "course-open")],
            Some(&item.open),
        );
    }
}

/// An experiment's item in `list`: `key` names it (`data-experiment` or
/// `data-authored`), and `done` says whether its goals are all reached.
fn course_item(
    doc: &Document,
    list: &Element,
    class: &str,
    key: (&str, &str),
    done: bool,
) -> Element {
    child(
        doc,
        list,
        "li",
        &[
            ("class", class),
            key,
            ("data-done", if done { "true" } else { "false" }),
        ],
        None,
    )
}
