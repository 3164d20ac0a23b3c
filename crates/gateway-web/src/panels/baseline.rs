//! "Baseline": Capture / Clear baseline and the captured baseline beside
//! the live setup and outcome. Fed by its
//! `BaselinePanelView`.

use gateway_core::view::{BaselinePanelView, BaselineView, Labels};
use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use super::disclosure;
use crate::dom::{button, child, clear, described_by_while, literal, set_flag, set_text};

#[derive(Debug, Clone)]
pub struct Baseline {
    pub capture: Element,
    pub clear: Element,
    pub compare: Element,
}

impl Baseline {
    pub fn build(
        doc: &Document,
        main: &Element,
        m: &BaselinePanelView,
        l: &Labels,
    ) -> Result<Self, JsValue> {
        let base = disclosure(doc, main, "h-baseline", &l.baseline_heading);
        let row = child(doc, &base, "div", &[("class", "row")], None);
        let capture = button(doc, &row, &m.capture_label);
        let clear = button(doc, &row, &l.clear_baseline);
        let compare = child(doc, &base, "div", &[("class", "baseline")], None);
        Ok(Self {
            capture,
            clear,
            compare,
        })
    }

    pub fn render(
        &self,
        doc: &Document,
        m: &BaselinePanelView,
        last: Option<&BaselinePanelView>,
    ) -> Result<(), JsValue> {
        set_text(&self.capture, &m.capture_label);
        set_flag(&self.clear, "disabled", !m.clear_enabled);
        // Disabled, Clear baseline is described by the line saying none is kept.
        described_by_while(&self.clear, "baseline-empty", !m.clear_enabled);
        if last.is_none_or(|l| l.compare != m.compare) {
            render_compare(doc, &self.compare, &m.compare)?;
        }
        Ok(())
    }
}

fn render_compare(doc: &Document, div: &Element, view: &BaselineView) -> Result<(), JsValue> {
    clear(div);
    let c = match view {
        BaselineView::Empty(hint) => {
            child(
                doc,
                div,
                "p",
                &[("id", "baseline-empty"), ("class", "status-line")],
                Some(hint),
            );
            return Ok(());
        }
        BaselineView::Compare(c) => c,
    };
    let grid = child(doc, div, "div", &[("class", "compare")], None);
    let col = |title: &str, setup: &str, request_label: &str, request: &str, rows: &[String]| {
        let col = child(doc, &grid, "div", &[("class", "compare-col")], None);
        child(doc, &col, "h3", &[], Some(title));
        child(doc, &col, "p", &[], Some(setup));
        literal(doc, &col, request_label, request);
        let ol = child(doc, &col, "ol", &[("class", "compare-rows")], None);
        for row in rows {
            child(doc, &ol, "li", &[], Some(row));
        }
        Ok::<Element, JsValue>(col)
    };
    let base = col(
        &c.base_title,
        &c.base_setup,
        &c.base_request_label,
        &c.base_request,
        &c.base_rows,
    )?;
    child(doc, &base, "p", &[], Some(&c.base_summary));
    if let Some(out) = &c.base_output {
        literal(doc, &base, &c.base_output_label, out);
    }
    let live = col(
        &c.live_title,
        &c.live_setup,
        &c.live_request_label,
        &c.live_request,
        &c.live_rows,
    )?;
    child(doc, &live, "p", &[], Some(&c.live_summary));
    Ok(())
}
