//! Performs the commands the core queues: storage, messages to the
//! embedding page, downloads, copies, fetches of catalogues and exports,
//! full screen and the address. An answer known at once goes back to the
//! core; a later one comes as its own message.

use gateway_core::command::Command;
use gateway_core::Msg;
use wasm_bindgen::JsValue;

use super::declarations::show_exports;
use super::{dispatch, Shared};
use crate::dom::{copy_text, now_ms};
use crate::embed;
use crate::fullscreen;
use crate::storage;

/// Performs every queued command; each result goes back to the core.
pub(super) fn perform_queued(shell: Shared) {
    loop {
        let Some(command) = shell.app.borrow_mut().wb.poll_command() else {
            return;
        };
        if let Some(result) = perform(shell, command) {
            shell.app.borrow_mut().wb.update(now_ms(), result);
        }
    }
}

/// Does what the core asked; the answer, if it is known at once.
fn perform(shell: Shared, command: Command) -> Option<Msg> {
    match command {
        Command::Store { slot, key, value } => {
            Some(stored(slot, storage::write(&key, Some(&value))))
        }
        Command::Remove { slot, key } => Some(stored(slot, storage::write(&key, None))),
        Command::Post(post) => {
            embed::post(&post);
            None
        }
        Command::Download {
            what,
            file_name,
            mime,
            text,
        } => {
            let doc = shell.app.borrow().doc.clone();
            storage::download(&doc, &file_name, &text, mime)
                .is_err()
                .then_some(Msg::DownloadFailed(what))
        }
        Command::Copy { what, text } => {
            // The answer comes later, as its own message.
            copy_text(
                &text,
                move || dispatch(shell, Msg::Copied(what)),
                move || dispatch(shell, Msg::CopyFailed(what)),
            );
            None
        }
        Command::LoadCatalogue(locale) => {
            crate::catalogue::fetch(locale, move |data| {
                dispatch(shell, Msg::CatalogueLoaded { locale, data })
            });
            None
        }
        Command::LoadExports(locale) => {
            let path = crate::catalogue::exports_path(locale);
            crate::catalogue::fetch_text(
                &path,
                Box::new(move |data| {
                    dispatch(shell, Msg::ExportsLoaded { locale, data });
                    show_exports(shell);
                }),
            );
            None
        }
        // Performed while the click that sent `Msg::Expand` is handled.
        Command::RequestFullScreen => {
            let (doc, root) = {
                let app = shell.app.borrow();
                (app.doc.clone(), app.page.root.clone())
            };
            (!fullscreen::request(&doc, &root)).then_some(Msg::FullScreenRefused)
        }
        Command::ExitFullScreen => {
            let doc = shell.app.borrow().doc.clone();
            fullscreen::exit(&doc);
            None
        }
        Command::Reveal => {
            crate::reveal::after_drawing();
            None
        }
        Command::ReplaceAddress { url } => {
            if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
                let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
            }
            None
        }
    }
}

fn stored(slot: gateway_core::command::Slot, ok: bool) -> Msg {
    if ok {
        Msg::Stored(slot)
    } else {
        Msg::StoreFailed(slot)
    }
}
