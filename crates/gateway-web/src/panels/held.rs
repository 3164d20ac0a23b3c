//! What an agent turn holds, said beside the controls it disables, with
//! End turn there: one box in the builder, one by the gateway's controls.

use gateway_core::view::HeldView;
use web_sys::{Document, Element};

use crate::dom::{button, child, described_by_while, set_flag, set_optional_text, set_text};

#[derive(Debug, Clone)]
pub struct Held {
    group: Element,
    /// The reason, by its id: each disabled control it explains names it
    /// in `aria-describedby`.
    reason: Element,
    id: &'static str,
    pub end_turn: Element,
}

impl Held {
    /// A hidden box in `parent`; `id` is its reason's element id.
    pub fn build(doc: &Document, parent: &Element, id: &'static str) -> Self {
        let group = child(
            doc,
            parent,
            "div",
            &[("class", "held"), ("hidden", "")],
            None,
        );
        let reason = child(doc, &group, "p", &[("id", id)], None);
        let end_turn = button(doc, &group, "");
        Self {
            group,
            reason,
            id,
            end_turn,
        }
    }

    pub fn render(&self, held: Option<&HeldView>) {
        set_flag(&self.group, "hidden", held.is_none());
        set_optional_text(&self.reason, held.map(|h| h.reason.as_str()));
        set_text(&self.end_turn, held.map_or("", |h| h.end_turn.as_str()));
    }

    /// `control`'s description: its own (`own`, element ids), and the
    /// reason too while the turn holds it disabled.
    pub fn describe(&self, control: &Element, own: &str, held: bool) {
        let ids = match (own.is_empty(), held) {
            (_, false) => own.to_string(),
            (true, true) => self.id.to_string(),
            (false, true) => format!("{own} {}", self.id),
        };
        described_by_while(control, &ids, !ids.is_empty());
    }
}
