//! "Gateway": Play / Next gate / Finish run / Restart (and Next call in
//! an agent turn), the caption, the turn's calls with what holds the
//! controls and End turn, the notice, the seven gate cards top to bottom,
//! the progress bar, the speed radiogroup and the pace. Fed by its
//! `GatewayView`.

use gateway_core::gates::Gate;
use gateway_core::view::{
    FrameView, GateRow, GatewayView, Labels, PendingView, PlaybackView, TurnStepView,
};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, HtmlInputElement};

use super::held::Held;
use super::turn::render_calls;
use super::{hint, section};
use crate::dom::{
    button, child, clear, el, html, set_attr, set_attribute, set_flag, set_optional_text, set_text,
};

#[derive(Debug, Clone)]
pub struct Gateway {
    /// One `<li class="gate">` per gate, in gate order.
    pub gates: Vec<Element>,
    /// Each card's button (its number and name): shows its reason.
    pub gate_buttons: Vec<Element>,
    pub progress: Element,
    pub progress_text: Element,
    pub play: Element,
    pub next: Element,
    pub finish: Element,
    pub restart: Element,
    /// Next call: shown while a turn's finished call waits for the next.
    pub next_call: Element,
    /// The turn beside the gates: its calls, what it holds, End turn.
    pub turn: TurnStep,
    /// The speed radio buttons, in the model's order.
    pub speeds: Vec<Element>,
    pub pace: Element,
    pub caption: Element,
    pub notice: Element,
    pub pending: Pending,
}

/// An agent turn beside the gates: where it stands, each call and what
/// became of it, why the controls are held, and End turn.
#[derive(Debug, Clone)]
pub struct TurnStep {
    group: Element,
    heading: Element,
    calls: Element,
    pub held: Held,
}

impl TurnStep {
    fn build(doc: &Document, parent: &Element) -> Self {
        let group = child(
            doc,
            parent,
            "div",
            &[
                ("class", "turn-step"),
                ("role", "group"),
                ("aria-labelledby", "h-turn-step"),
                ("hidden", ""),
            ],
            None,
        );
        let heading = child(doc, &group, "h3", &[("id", "h-turn-step")], None);
        let calls = child(doc, &group, "ol", &[("class", "step-calls")], None);
        let held = Held::build(doc, &group, "gateway-held");
        Self {
            group,
            heading,
            calls,
            held,
        }
    }

    fn render(&self, doc: &Document, t: Option<&TurnStepView>) -> Result<(), JsValue> {
        set_flag(&self.group, "hidden", t.is_none());
        set_text(&self.heading, t.map_or("", |t| t.heading.as_str()));
        render_calls(
            doc,
            &self.calls,
            t.map_or(&[], |t| t.calls.as_slice()),
            t.map(|t| t.current),
        )?;
        self.held.render(t.map(|t| &t.held));
        Ok(())
    }
}

/// The call an agent turn holds at the approval gate: its exact tool and
/// payload, Approve this call and Reject this call.
#[derive(Debug, Clone)]
pub struct Pending {
    pub group: Element,
    heading: Element,
    intro: Element,
    tool: Element,
    payload_label: Element,
    payload: Element,
    pub approve: Element,
    pub reject: Element,
}

impl Pending {
    fn build(doc: &Document, parent: &Element) -> Result<Self, JsValue> {
        let group = child(
            doc,
            parent,
            "div",
            &[
                ("class", "pending"),
                ("role", "group"),
                ("aria-labelledby", "h-pending"),
                ("hidden", ""),
            ],
            None,
        );
        let heading = child(doc, &group, "h3", &[("id", "h-pending")], None);
        let intro = child(doc, &group, "p", &[], None);
        let tool = child(doc, &group, "p", &[("class", "pending-tool")], None);
        let payload_label = child(doc, &group, "p", &[("id", "pending-payload")], None);
        let payload = child(
            doc,
            &group,
            "pre",
            &[("aria-labelledby", "pending-payload"), ("tabindex", "0")],
            None,
        );
        let row = child(doc, &group, "div", &[("class", "row")], None);
        let approve = button(doc, &row, "");
        let reject = button(doc, &row, "");
        Ok(Self {
            group,
            heading,
            intro,
            tool,
            payload_label,
            payload,
            approve,
            reject,
        })
    }

    fn render(&self, p: Option<&PendingView>, focus: bool) {
        set_flag(&self.group, "hidden", p.is_none());
        // Hidden, it holds no words: none of an earlier call stays behind.
        let words = p.map(|p| {
            [
                &p.heading,
                &p.intro,
                &p.tool,
                &p.payload_label,
                &p.payload,
                &p.approve,
                &p.reject,
            ]
        });
        let parts = [
            &self.heading,
            &self.intro,
            &self.tool,
            &self.payload_label,
            &self.payload,
            &self.approve,
            &self.reject,
        ];
        for (i, part) in parts.into_iter().enumerate() {
            set_text(part, words.map_or("", |w| w[i].as_str()));
        }
        if p.is_none() {
            return;
        }
        if focus {
            if let Some(approve) = html(&self.approve) {
                let _ = approve.focus();
            }
        }
    }
}

impl Gateway {
    pub fn build(
        doc: &Document,
        main: &Element,
        m: &GatewayView,
        l: &Labels,
    ) -> Result<Self, JsValue> {
        let gateway = section(doc, main, "h-gateway", &l.gateway_heading, Some("gateway"));
        let controls = child(doc, &gateway, "div", &[("class", "controls")], None);
        let control = |label: &str| button(doc, &controls, label);
        let play = control(&m.playback.play_label);
        let next = control(&l.next_gate);
        let finish = control(&l.finish_run);
        let restart = control(&l.restart);
        let next_call = control("");
        set_flag(&next_call, "hidden", true);
        set_attribute(&next_call, "class", "next-call");
        // The keys the page answers (`Workbench::shortcut`), for assistive
        // technology, and listed under the gates.
        for (button, key) in [
            (&play, "p"),
            (&next, "n"),
            (&finish, "f"),
            (&restart, "r"),
            (&next_call, "n"),
        ] {
            set_attribute(button, "aria-keyshortcuts", key);
        }
        // The caption sits by the controls, so that it stays in view while
        // stepping, on a phone too.
        let caption = child(
            doc,
            &gateway,
            "p",
            &[
                ("id", "gate-caption"),
                ("role", "status"),
                ("class", "caption"),
            ],
            None,
        );
        let turn = TurnStep::build(doc, &gateway);
        let notice = child(
            doc,
            &gateway,
            "div",
            &[("class", "notice"), ("role", "status"), ("hidden", "")],
            None,
        );
        let pending = Pending::build(doc, &gateway)?;
        let (gates, gate_buttons) = build_gates(doc, &gateway, m, &l.gates_label)?;
        let progress_wrap = child(
            doc,
            &gateway,
            "div",
            &[("class", "progress"), ("aria-hidden", "true")],
            None,
        );
        let progress = child(
            doc,
            &progress_wrap,
            "div",
            &[("class", "progress-fill")],
            None,
        );
        let progress_text = child(doc, &gateway, "p", &[("class", "progress-text")], None);
        let speeds = build_speeds(doc, &gateway, &m.playback, &l.speed)?;
        let pace = child(doc, &gateway, "p", &[("class", "pace")], None);
        hint(doc, &gateway, &l.shortcuts);
        hint(doc, &gateway, &l.hint);
        hint(doc, &gateway, &l.gateway_hint);
        Ok(Self {
            gates,
            gate_buttons,
            progress,
            progress_text,
            play,
            next,
            finish,
            restart,
            next_call,
            turn,
            speeds,
            pace,
            caption,
            notice,
            pending,
        })
    }

    pub fn render(
        &self,
        doc: &Document,
        m: &GatewayView,
        last: Option<&GatewayView>,
    ) -> Result<(), JsValue> {
        for (li, row) in self.gates.iter().zip(&m.gates) {
            render_gate(li, row);
        }
        // When a call comes to wait for the person, focus goes to Approve
        // this call (unless the learner is typing in a field); once decided,
        // back to Next gate.
        let active = doc.active_element();
        let typing = active
            .as_ref()
            .is_some_and(|a| matches!(a.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"));
        let deciding = [&self.pending.approve, &self.pending.reject]
            .into_iter()
            .any(|b| active.as_ref() == Some(b));
        let was_pending = last.is_some_and(|l| l.pending.is_some());
        if last.is_none_or(|l| l.pending != m.pending) {
            let appeared = m.pending.is_some() && !was_pending;
            self.pending.render(m.pending.as_ref(), appeared && !typing);
        }
        let decided = was_pending && m.pending.is_none() && deciding;
        self.turn.render(doc, m.turn.as_ref())?;
        let next_call = m.turn.as_ref().and_then(|t| t.next_call.as_deref());
        set_optional_text(&self.next_call, next_call);
        self.render_playback(doc, &m.playback, next_call.is_some());
        // A disabled control says why: what the turn holds, or the caption
        // (a finished run, a call waiting for the person).
        let held = m.turn.is_some();
        for (control, enabled) in [
            (&self.play, m.playback.play_enabled),
            (&self.next, m.playback.next_enabled),
            (&self.finish, m.playback.next_enabled),
            (&self.restart, m.playback.restart_enabled),
        ] {
            let own = if enabled || held { "" } else { "gate-caption" };
            self.turn.held.describe(control, own, held && !enabled);
        }
        if decided {
            if let Some(next) = html(&self.next) {
                let _ = next.focus();
            }
        }
        set_text(&self.caption, &m.caption);
        if last.is_none_or(|l| l.notices != m.notices) {
            clear(&self.notice);
            for notice in &m.notices {
                child(doc, &self.notice, "p", &[], Some(notice));
            }
            set_flag(&self.notice, "hidden", m.notices.is_empty());
        }
        Ok(())
    }

    /// `next_call`: whether Next call is offered (focus goes there when
    /// the run ends under the learner's hand).
    fn render_playback(&self, doc: &Document, p: &PlaybackView, next_call: bool) {
        set_text(&self.play, &p.play_label);
        set_flag(&self.play, "disabled", !p.play_enabled);
        set_flag(&self.restart, "disabled", !p.restart_enabled);
        let next_had_focus = doc.active_element().as_ref() == Some(&self.next);
        let finish_had_focus = doc.active_element().as_ref() == Some(&self.finish);
        set_flag(&self.next, "disabled", !p.next_enabled);
        set_flag(&self.finish, "disabled", !p.next_enabled);
        if (next_had_focus || finish_had_focus) && !p.next_enabled {
            // A disabled button keeps focus but does nothing: hand focus to
            // the next thing a keyboard user can do: Next call in a turn,
            // else Play run, else End turn.
            let to = if next_call {
                &self.next_call
            } else if p.play_enabled {
                &self.play
            } else {
                &self.turn.held.end_turn
            };
            if let Some(to) = html(to) {
                let _ = to.focus();
            }
        }
        for (radio, choice) in self.speeds.iter().zip(&p.speeds) {
            if let Some(r) = radio.dyn_ref::<HtmlInputElement>() {
                r.set_checked(choice.selected);
            }
        }
        set_text(&self.pace, &p.pace);
        self.render_frame(&p.frame, p.finished);
    }

    /// What a frame of playback changes: the progress bar and the
    /// countdown (writes only, so the frame forces no layout).
    pub fn render_frame(&self, f: &FrameView, finished: bool) {
        let width = if finished { 1000 } else { f.progress_permille };
        // Through the CSSOM, which a Content-Security-Policy without
        // 'unsafe-inline' still allows (a style attribute it would block).
        if let Some(bar) = html(&self.progress) {
            let _ = bar
                .style()
                .set_property("width", &format!("{}.{}%", width / 10, width % 10));
        }
        set_text(&self.progress_text, &f.progress_text);
    }
}

/// The region of gate cards, each pending until drawn; each card's number
/// and name are a button that tells its reason.
fn build_gates(
    doc: &Document,
    gateway: &Element,
    m: &GatewayView,
    label: &str,
) -> Result<(Vec<Element>, Vec<Element>), JsValue> {
    let scroller = child(
        doc,
        gateway,
        "div",
        &[
            ("class", "gateway-scroll"),
            ("role", "region"),
            ("aria-label", label),
        ],
        None,
    );
    let list = child(doc, &scroller, "ol", &[("class", "gates")], None);
    let mut gates = Vec::with_capacity(Gate::ALL.len());
    let mut buttons = Vec::with_capacity(Gate::ALL.len());
    for (g, row) in Gate::ALL.iter().zip(&m.gates) {
        let li = child(
            doc,
            &list,
            "li",
            &[
                ("class", "gate"),
                ("data-gate", g.id()),
                ("data-status", "pending"),
            ],
            None,
        );
        let p = child(doc, &li, "p", &[], None);
        // The card's verdict and whole reason describe its button, for a
        // screen reader: on a narrow screen the reason may be cut after
        // two lines, and pressing the button tells it in the caption.
        let status_id = format!("gate-status-{}", g.id());
        let reason_id = format!("gate-reason-{}", g.id());
        let head = child(
            doc,
            &p,
            "button",
            &[
                ("type", "button"),
                ("class", "gate-head"),
                ("aria-describedby", &format!("{status_id} {reason_id}")),
            ],
            None,
        );
        child(
            doc,
            &head,
            "span",
            &[("class", "gate-number")],
            Some(&row.ordinal),
        );
        child(
            doc,
            &head,
            "span",
            &[("class", "gate-name")],
            Some(&row.name),
        );
        child(
            doc,
            &li,
            "p",
            &[("class", "gate-status"), ("id", &status_id)],
            None,
        );
        child(
            doc,
            &li,
            "p",
            &[("class", "gate-reason"), ("id", &reason_id)],
            None,
        );
        gates.push(li);
        buttons.push(head);
    }
    Ok((gates, buttons))
}

/// The speed radiogroup, one radio per speed the model offers.
fn build_speeds(
    doc: &Document,
    gateway: &Element,
    playback: &PlaybackView,
    heading: &str,
) -> Result<Vec<Element>, JsValue> {
    let speed = child(
        doc,
        gateway,
        "div",
        &[
            ("class", "speed"),
            ("role", "radiogroup"),
            ("aria-labelledby", "speed-label"),
        ],
        None,
    );
    child(
        doc,
        &speed,
        "span",
        &[("id", "speed-label"), ("class", "speed-label")],
        Some(heading),
    );
    let mut speeds = Vec::new();
    for choice in &playback.speeds {
        let id = format!("speed-{}", choice.value);
        let label = child(doc, &speed, "label", &[("for", &id)], None);
        let radio = el(
            doc,
            "input",
            &[
                ("type", "radio"),
                ("name", "speed"),
                ("id", &id),
                ("value", choice.value),
            ],
            None,
        );
        label.append_child(&radio)?;
        label.append_child(&doc.create_text_node(&choice.label))?;
        speeds.push(radio);
    }
    Ok(speeds)
}

fn render_gate(li: &Element, row: &GateRow) {
    set_attr(li, "data-status", row.status.id());
    if row.current {
        set_attr(li, "aria-current", "step");
    } else {
        set_flag(li, "aria-current", false);
    }
    if let Ok(Some(status)) = li.query_selector(".gate-status") {
        set_text(&status, &row.status_label);
    }
    if let Ok(Some(reason)) = li.query_selector(".gate-reason") {
        set_text(&reason, &row.reason);
    }
}
