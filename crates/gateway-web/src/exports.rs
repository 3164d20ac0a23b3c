//! Copy and Download of the published declarations (MCP, Gemini, OpenAI):
//! each button sends its message; the core queues the copy or download
//! and words the status line.

use gateway_core::Msg;
use wasm_bindgen::JsValue;

use crate::app::{dispatch, listen, Shared};
use crate::panels::declarations::Declarations;

pub fn wire(shell: &Shared, panel: &Declarations) -> Result<(), JsValue> {
    for buttons in &panel.exports {
        let export = buttons.export;
        let s = shell.clone();
        listen(&buttons.copy, "click", move |_| {
            dispatch(&s, Msg::CopyExport(export))
        })?;
        let s = shell.clone();
        listen(&buttons.download, "click", move |_| {
            dispatch(&s, Msg::DownloadExport(export))
        })?;
    }
    Ok(())
}
