//! Wires the page's controls to messages (again after each build), and
//! the document's listeners that outlive a build: visibility, full
//! screen, the keyboard's shortcuts and Escape.

use std::str::FromStr;

use gateway_core::text::Locale;
use gateway_core::{ExampleKind, Hook, Msg, Role, Speed};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, HtmlInputElement, HtmlTextAreaElement};

use super::declarations::{load_declarations, wire_exports};
use super::events::{on_choice, on_click, on_message, on_value, select_value};
use super::{dispatch, Shared};
use crate::dom::{listen, listen_on_page};
use crate::fullscreen;

/// Wires the page's controls (again after each build).
pub(super) fn wire_page(shell: Shared) -> Result<(), JsValue> {
    let page = shell.app.borrow().page.clone();
    let (builder, gateway, turn) = (&page.builder, &page.gateway, &page.turn);
    on_choice(shell, &builder.tool, |e| {
        Some(Msg::ChooseTool(select_value(e)))
    })?;
    on_choice(shell, &builder.example, |e| {
        ExampleKind::from_str(&select_value(e))
            .ok()
            .map(Msg::LoadExample)
    })?;
    on_click(shell, &builder.undo, |_| Msg::UndoReplace)?;
    on_value(shell, &builder.args, "input", |e| {
        e.dyn_ref::<HtmlTextAreaElement>()
            .map(|t| Msg::EditArgs(t.value()))
    })?;
    on_value(shell, &builder.tool_name, "input", |e| {
        e.dyn_ref::<HtmlInputElement>()
            .map(|i| Msg::SetToolName(i.value()))
    })?;
    on_value(shell, &builder.role, "change", |e| {
        Role::from_str(&select_value(e)).ok().map(Msg::SetRole)
    })?;
    on_value(shell, &builder.hook, "change", |e| {
        Hook::from_str(&select_value(e)).ok().map(Msg::SetHook)
    })?;
    on_value(shell, &builder.key, "input", |e| {
        e.dyn_ref::<HtmlInputElement>()
            .map(|i| Msg::SetKey(i.value()))
    })?;
    on_value(shell, &builder.reuse, "change", |e| {
        e.dyn_ref::<HtmlInputElement>()
            .map(|i| Msg::SetReuse(i.checked()))
    })?;
    for radio in &gateway.speeds {
        on_value(shell, radio, "change", |e| {
            let input = e.dyn_ref::<HtmlInputElement>()?;
            input
                .checked()
                .then(|| Speed::from_str(&input.value()).ok())
                .flatten()
                .map(Msg::SetSpeed)
        })?;
    }
    on_click(shell, &builder.approve, |m| {
        if m.builder.approval.approved {
            Msg::Revoke
        } else {
            Msg::Approve
        }
    })?;
    on_click(shell, &gateway.play, |m| {
        if m.gateway.playback.playing {
            Msg::Pause
        } else {
            Msg::Play
        }
    })?;
    on_click(shell, &gateway.next, |_| Msg::NextGate)?;
    on_click(shell, &gateway.finish, |_| Msg::FinishRun)?;
    on_click(shell, &gateway.pending.approve, |_| Msg::Approve)?;
    on_click(shell, &gateway.pending.reject, |_| Msg::Reject)?;
    for (button, gate) in gateway.gate_buttons.iter().zip(gateway_core::Gate::ALL) {
        on_message(shell, button, Msg::ShowGate, gate)?;
    }
    on_click(shell, &gateway.restart, |_| Msg::Restart)?;
    on_click(shell, &page.ledger.reset, |_| Msg::ResetLedger)?;
    on_click(shell, &page.baseline.capture, |_| Msg::CaptureBaseline)?;
    on_click(shell, &turn.start, |_| Msg::StartTurn)?;
    on_click(shell, &turn.end, |_| Msg::EndTurn)?;
    on_click(shell, &builder.held.end_turn, |_| Msg::EndTurn)?;
    on_click(shell, &gateway.turn.held.end_turn, |_| Msg::EndTurn)?;
    on_click(shell, &gateway.next_call, |_| Msg::NextCall)?;
    on_value(shell, &turn.decision, "input", |e| {
        e.dyn_ref::<HtmlTextAreaElement>()
            .map(|t| Msg::EditDecision(t.value()))
    })?;
    wire_exports(shell, &page.declarations.exports)?;
    let declarations = page.declarations.panel.clone();
    listen_on_page(&declarations, "toggle", move |_| load_declarations(shell))?;
    on_click(shell, &page.baseline.clear, |_| Msg::ClearBaseline)?;

    on_value(shell, &page.notes.input, "input", |e| {
        crate::dom::value(e).map(Msg::EditNotes)
    })?;
    on_click(shell, &page.notes.export, |_| Msg::ExportNotes)?;
    on_click(shell, &page.experiment.dismiss, |_| Msg::DismissSolved)?;
    listen_on_page(&page.masthead.copy_link, "click", move |_| {
        dispatch(
            shell,
            Msg::CopyLink {
                page_url: page_url(),
            },
        );
    })?;
    let switch = page.masthead.language.clone();
    listen_on_page(&page.masthead.language, "change", move |_| {
        let Some(locale) = Locale::from_id(&select_value(&switch)) else {
            return;
        };
        dispatch(
            shell,
            Msg::SetLocale {
                locale,
                page_url: page_url(),
            },
        );
    })?;
    // The core decides; `dispatch` performs a full-screen request at once,
    // inside this click: the gesture the browser requires.
    on_click(shell, &page.masthead.expand, |_| Msg::Expand)?;
    // The experiment may open the declarations panel.
    load_declarations(shell);
    Ok(())
}

/// The page's address as the browser shows it.
fn page_url() -> String {
    web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default()
}

/// Wires what outlives a build of the page: visibility, full screen and
/// the Escape key (once).
pub(super) fn wire_document(shell: Shared) -> Result<(), JsValue> {
    let doc = shell.app.borrow().doc.clone();
    let d = doc.clone();
    listen(&doc, "visibilitychange", move |_| {
        if d.hidden() {
            dispatch(shell, Msg::Hidden);
        }
    })?;
    wire_expand(shell, &doc)
}

/// What a key pressed means, asked of the core: nothing while typing in a
/// field or with a modifier held (the browser's and the reader's keys).
fn shortcut(shell: Shared, ev: &web_sys::Event) -> Option<Msg> {
    let key = ev.dyn_ref::<web_sys::KeyboardEvent>()?;
    if key.ctrl_key() || key.meta_key() || key.alt_key() {
        return None;
    }
    let typing = ev
        .target()
        .and_then(|t| t.dyn_into::<Element>().ok())
        .is_some_and(|e| {
            let kind = e.get_attribute("type").unwrap_or_default();
            match e.tag_name().as_str() {
                "TEXTAREA" | "SELECT" => true,
                "INPUT" => !matches!(kind.as_str(), "checkbox" | "radio" | "button"),
                _ => e.closest("[contenteditable]").ok().flatten().is_some(),
            }
        });
    if typing {
        return None;
    }
    shell.app.borrow().wb.shortcut(&key.key())
}

/// Expand experiment (its button is wired with the page): the browser's
/// full screen where it is allowed, and filling the frame where it is
/// refused, as the core decides. Here: what the browser says of full
/// screen, and Escape (which leaves filling the frame).
fn wire_expand(shell: Shared, doc: &Document) -> Result<(), JsValue> {
    let d = doc.clone();
    listen(doc, "fullscreenchange", move |_| {
        dispatch(shell, Msg::FullScreen(fullscreen::is_full_screen(&d)))
    })?;
    listen(doc, "keydown", move |ev| {
        if let Some(msg) = shortcut(shell, &ev) {
            ev.prevent_default();
            dispatch(shell, msg);
        }
    })?;
    listen(doc, "keydown", move |ev| {
        let escape = ev
            .dyn_ref::<web_sys::KeyboardEvent>()
            .is_some_and(|k| k.key() == "Escape");
        if escape {
            dispatch(shell, Msg::Escape);
        }
    })
}
