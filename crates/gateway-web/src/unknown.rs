//! What the page shows for an experiment id it does not know: the list of
//! experiments, never a blank page.

use gateway_core::ExperimentId;
use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use crate::dom::child;

pub fn show(doc: &Document, root: &Element, id: &str) -> Result<(), JsValue> {
    root.set_attribute("class", "workbench unknown")?;
    let main = child(doc, root, "main", &[("class", "layout")], None)?;
    let panel = child(
        doc,
        &main,
        "section",
        &[("class", "panel"), ("aria-labelledby", "h-unknown")],
        None,
    )?;
    child(
        doc,
        &panel,
        "p",
        &[("class", "eyebrow")],
        Some("Function Tools · Approval and Effect Workbench"),
    )?;
    child(
        doc,
        &panel,
        "h1",
        &[("id", "h-unknown")],
        Some("Choose an experiment"),
    )?;
    child(
        doc,
        &panel,
        "p",
        &[("role", "alert")],
        Some(&format!(
            "There is no experiment named \"{id}\". These are the experiments:"
        )),
    )?;
    let list = child(doc, &panel, "ul", &[("class", "experiments")], None)?;
    for e in ExperimentId::ALL {
        let li = child(doc, &list, "li", &[], None)?;
        let href = format!("?experiment={}", e.id());
        child(
            doc,
            &li,
            "a",
            &[("href", &href)],
            Some(e.experiment().title),
        )?;
    }
    Ok(())
}
