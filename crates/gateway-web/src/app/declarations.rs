//! The declarations panel's exports: once the panel is open the core is
//! told (it downloads the page's language's exports), and they are drawn
//! when installed, or the panel says why their download failed; their Copy
//! and Download buttons are wired here.

use gateway_core::text::Locale;
use gateway_core::Msg;
use wasm_bindgen::JsValue;

use super::events::on_message;
use super::{dispatch, App, Shared};
use crate::panels::declarations::ExportButtons;

/// Copy and Download of each export.
pub(super) fn wire_exports(shell: Shared, exports: &[ExportButtons]) -> Result<(), JsValue> {
    for buttons in exports {
        let export = buttons.export;
        on_message(shell, &buttons.copy, Msg::CopyExport, export)?;
        on_message(shell, &buttons.download, Msg::DownloadExport, export)?;
    }
    Ok(())
}

/// The declarations panel is open and its exports are not drawn: the core
/// is told (it downloads the page's language's exports where they are not
/// installed: the learner's page does not download them with its
/// catalogue, and opening the panel again after a failure retries), and
/// what it holds is drawn.
pub(super) fn load_declarations(shell: Shared) {
    let open = {
        let app = shell.app.borrow();
        let d = &app.page.declarations;
        app.last.is_some() && d.panel.has_attribute("open") && !d.filled()
    };
    if open {
        dispatch(shell, Msg::DeclarationsOpened);
        show_exports(shell);
    }
}

/// Draws the exports of the page's language once they are installed, or
/// says in the panel why their download failed.
pub(super) fn show_exports(shell: Shared) {
    let (locale, failure) = {
        let app = shell.app.borrow();
        let Some(m) = &app.last else {
            return;
        };
        (m.locale, app.wb.exports_failure().cloned())
    };
    if gateway_core::view::DeclarationsView::ready(locale) {
        return fill_declarations(shell, locale);
    }
    if let Some(why) = failure {
        let app = shell.app.borrow();
        let words = gateway_core::view::DeclarationsView::failed(&why, locale);
        app.page.declarations.say(&app.doc, &words);
    }
}

/// Draws the declarations panel's exports, if the page is still in
/// `locale` and they are not drawn yet, and wires their buttons.
fn fill_declarations(shell: Shared, locale: Locale) {
    let mut app = shell.app.borrow_mut();
    let view = app.wb.declarations_view();
    let App {
        doc, page, last, ..
    } = &mut *app;
    let (Some(m), Some(view)) = (last.as_ref().filter(|m| m.locale == locale), view) else {
        return;
    };
    if !page.declarations.filled() && page.declarations.fill(doc, &m.labels, &view).is_ok() {
        // Wiring only attaches listeners: nothing runs while app is borrowed.
        let _ = wire_exports(shell, &page.declarations.exports);
    }
}
