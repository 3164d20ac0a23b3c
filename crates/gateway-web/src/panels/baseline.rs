//! "Baseline": Capture / Clear baseline and the captured baseline beside
//! the live setup and outcome. Fed by the baseline and the live request,
//! key, approval and preview parts of the model.

use gateway_core::view::PageModel;
use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use super::section;
use crate::dom::{button, child, clear, literal, set_flag, set_text};

#[derive(Debug, Clone)]
pub struct Baseline {
    pub capture: Element,
    pub clear: Element,
    pub compare: Element,
}

impl Baseline {
    pub fn build(doc: &Document, main: &Element) -> Result<Self, JsValue> {
        let base = section(doc, main, "h-baseline", "Baseline", None)?;
        let row = child(doc, &base, "div", &[("class", "row")], None)?;
        let capture = button(doc, &row, "Capture baseline")?;
        let clear = button(doc, &row, "Clear baseline")?;
        let compare = child(doc, &base, "div", &[("class", "baseline")], None)?;
        Ok(Self {
            capture,
            clear,
            compare,
        })
    }

    pub fn render(
        &self,
        doc: &Document,
        m: &PageModel,
        last: Option<&PageModel>,
    ) -> Result<(), JsValue> {
        set_text(&self.capture, m.capture_label);
        set_flag(&self.clear, "disabled", m.baseline.is_none());
        if last.is_none_or(|l| l.baseline != m.baseline) {
            render_compare(doc, &self.compare, m)?;
        }
        Ok(())
    }
}

fn render_compare(doc: &Document, div: &Element, m: &PageModel) -> Result<(), JsValue> {
    clear(div);
    let Some(b) = &m.baseline else {
        child(doc, div, "p", &[("class", "status-line")], Some("No baseline captured. Capture baseline saves the current inputs and result to compare with later ones."))?;
        return Ok(());
    };
    let grid = child(doc, div, "div", &[("class", "compare")], None)?;
    let col = |title: &str| -> Result<Element, JsValue> {
        let c = child(doc, &grid, "div", &[("class", "compare-col")], None)?;
        child(doc, &c, "h3", &[], Some(title))?;
        Ok(c)
    };
    let base = col("Baseline")?;
    let setup = format!(
        "Role: {} · Hook: {} · Key: {} · {}",
        b.role,
        b.hook,
        b.key,
        if b.approved {
            "approved"
        } else {
            "not approved"
        }
    );
    child(doc, &base, "p", &[], Some(&setup))?;
    literal(doc, &base, "Baseline request", &b.request)?;
    let ol = child(doc, &base, "ol", &[("class", "compare-rows")], None)?;
    for (gate, verdict, reason) in &b.rows {
        child(
            doc,
            &ol,
            "li",
            &[],
            Some(&format!("{gate}: {verdict} — {reason}")),
        )?;
    }
    child(doc, &base, "p", &[], Some(&b.summary))?;
    if let Some(out) = &b.output {
        literal(doc, &base, "Baseline output", out)?;
    }

    let live = col("Live")?;
    child(
        doc,
        &live,
        "p",
        &[],
        Some(&format!("Key: {} · {}", m.key, m.approval.status)),
    )?;
    literal(doc, &live, "Live request", &m.request)?;
    let ol = child(doc, &live, "ol", &[("class", "compare-rows")], None)?;
    for row in &m.preview.rows {
        child(
            doc,
            &ol,
            "li",
            &[],
            Some(&format!(
                "{}: {} — {}",
                row.gate.id(),
                row.status.label(),
                row.reason
            )),
        )?;
    }
    child(doc, &live, "p", &[], Some(&m.preview.summary))?;
    Ok(())
}
