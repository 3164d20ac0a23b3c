//! Copy and download of the published declarations (MCP, Gemini, OpenAI).

use gateway_core::published;
use wasm_bindgen::JsValue;
use web_sys::Element;

use crate::app::{listen, Shared};
use crate::dom::{copy_text, set_text};
use crate::panels::declarations::{Declarations, ExportButtons};

/// Wires every export's buttons to the panel's status line.
pub fn wire(shell: &Shared, panel: &Declarations) -> Result<(), JsValue> {
    for buttons in &panel.exports {
        wire_one(shell, buttons, &panel.status)?;
    }
    Ok(())
}

fn wire_one(shell: &Shared, buttons: &ExportButtons, status: &Element) -> Result<(), JsValue> {
    let ExportButtons {
        export,
        copy,
        download,
    } = buttons;
    let export = *export;
    let status_copy = status.clone();
    listen(copy, "click", move |_| {
        let ok_status = status_copy.clone();
        let failed_status = status_copy.clone();
        copy_text(
            published::text(export),
            move || {
                set_text(
                    &ok_status,
                    &format!("{} copied to the clipboard.", export.label()),
                )
            },
            move || {
                set_text(
                    &failed_status,
                    &format!(
                        "The browser refused the clipboard: use Download {} instead.",
                        export.label()
                    ),
                )
            },
        );
    })?;
    let s = shell.clone();
    let status_download = status.clone();
    listen(download, "click", move |_| {
        let doc = s.app.borrow().doc.clone();
        let result = crate::storage::download_as(
            &doc,
            published::file_name(export),
            published::text(export),
            "application/json",
        );
        let message = match result {
            Ok(()) => format!(
                "{} downloaded as {}.",
                export.label(),
                published::file_name(export)
            ),
            Err(_) => "The download was refused by this browser: use Copy instead.".into(),
        };
        set_text(&status_download, &message);
    })
}
