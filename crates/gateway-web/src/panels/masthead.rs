//! The masthead: the experiment's title, the language switch, Expand
//! experiment, Copy link with its status and fallback field, the note
//! shown in the single-file copy (one line, the rest behind "What this
//! means"), and the place of an instructor's experiment's quiet note. Fed by its `MastheadView`. The page is built again when the language changes, so the
//! switch is filled once per build.

use gateway_core::view::{Labels, MastheadView, ShareView};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, HtmlSelectElement};

use super::{field, fill_select, hidden_field};
use crate::dom::{child, reveal_value, set_attribute, set_optional_text, set_text};

#[derive(Debug, Clone)]
pub struct Masthead {
    pub title: Element,
    /// The language switch (a select; each option's value is a locale id).
    pub language: Element,
    pub expand: Element,
    pub copy_link: Element,
    pub share_status: Element,
    /// The read-only field holding the link; its parent is shown with it.
    pub share_link: Element,
    /// The single-file copy's note: a line, and "What this means" with
    /// the rest (hidden unless opened from a file).
    pub file_note: Element,
    file_note_line: Element,
    file_note_more: Element,
    file_note_detail: Element,
    /// Under the title: the quiet note of an instructor's experiment,
    /// drawn by the experiment panel.
    pub authored: Element,
    /// `Experiments finished: 2 of 9`.
    pub finished: Element,
    /// The course page link (hidden for one activity of a course).
    pub course: Element,
}

impl Masthead {
    pub fn build(
        doc: &Document,
        root: &Element,
        m: &MastheadView,
        l: &Labels,
    ) -> Result<Self, JsValue> {
        let header = child(doc, root, "header", &[("class", "masthead")], None);
        let words = child(doc, &header, "div", &[("class", "masthead-words")], None);
        child(doc, &words, "p", &[("class", "eyebrow")], Some(&l.eyebrow));
        let title = child(doc, &words, "h1", &[], Some(&m.title));
        let authored = child(
            doc,
            &words,
            "p",
            &[("class", "authored"), ("role", "note"), ("hidden", "")],
            None,
        );
        child(doc, &words, "p", &[("class", "lede")], Some(&l.lede));
        let side = child(doc, &header, "div", &[("class", "masthead-side")], None);
        let tools = child(doc, &side, "div", &[("class", "masthead-tools")], None);
        let language = field(doc, &tools, "select", "language", &l.language);
        fill_select(doc, &language, &m.languages, None)?;
        // Each language's name is in that language.
        let options = language.children();
        for (i, c) in m.languages.iter().enumerate() {
            if let Some(option) = options.item(i as u32) {
                set_attribute(&option, "lang", c.value);
            }
        }
        let expand = child(
            doc,
            &tools,
            "button",
            &[("type", "button"), ("class", "expand")],
            Some(&m.expand.label),
        );
        let copy_link = child(
            doc,
            &tools,
            "button",
            &[("type", "button"), ("aria-describedby", "share-status")],
            Some(&l.copy_link),
        );
        let share = child(doc, &side, "div", &[("class", "share")], None);
        let share_status = child(
            doc,
            &share,
            "p",
            &[
                ("id", "share-status"),
                ("class", "status-line"),
                ("role", "status"),
            ],
            None,
        );
        let link_field = hidden_field(doc, &share, "share-link", &l.share_link_label);
        let share_link = child(
            doc,
            &link_field,
            "input",
            &[("type", "text"), ("id", "share-link"), ("readonly", "")],
            None,
        );
        // This browser's progress, in the side column under the share line
        // (where it adds no height to the masthead on a wide screen).
        let journey = child(doc, &side, "p", &[("class", "journey")], None);
        let finished = child(doc, &journey, "span", &[], Some(&m.finished));
        let course = child(doc, &journey, "a", &[("hidden", "")], None);
        let file_note = child(
            doc,
            &words,
            "div",
            &[("class", "file-note"), ("role", "note"), ("hidden", "")],
            None,
        );
        let file_note_line = child(doc, &file_note, "p", &[], None);
        let more = child(doc, &file_note, "details", &[], None);
        let file_note_more = child(doc, &more, "summary", &[], None);
        let file_note_detail = child(doc, &more, "p", &[], None);
        Ok(Self {
            title,
            language,
            expand,
            copy_link,
            share_status,
            share_link,
            file_note,
            file_note_line,
            file_note_more,
            file_note_detail,
            authored,
            finished,
            course,
        })
    }

    pub fn render(&self, m: &MastheadView) {
        set_text(&self.title, &m.title);
        crate::dom::set_flag(&self.file_note, "hidden", m.file_note.is_none());
        let note = m.file_note.as_ref();
        set_text(&self.file_note_line, note.map_or("", |n| n.line.as_str()));
        set_text(&self.file_note_more, note.map_or("", |n| n.more.as_str()));
        set_text(
            &self.file_note_detail,
            note.map_or("", |n| n.detail.as_str()),
        );
        set_text(&self.finished, &m.finished);
        if let Some(course) = &m.course {
            crate::dom::set_attr(&self.course, "href", &course.href);
        }
        set_optional_text(&self.course, m.course.as_ref().map(|c| c.label.as_str()));
        // A switch whose catalogue could not be had goes back to the page's
        // language.
        if let Some(select) = self.language.dyn_ref::<HtmlSelectElement>() {
            if select.value() != m.language {
                select.set_value(m.language);
            }
        }
        set_text(&self.expand, &m.expand.label);
        let ShareView { status, link } = &m.share;
        set_text(&self.share_status, status);
        if let Some(link) = link {
            reveal_value(&self.share_link, link);
        }
    }
}
