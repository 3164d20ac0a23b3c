//! How the page was opened: its address, its frame and what storage held.

use arbitrary::{Result, Unstructured};
use gateway_core::baseline::Baseline;
use gateway_core::command::{Read, Slot};
use gateway_core::text::Locale;
use gateway_core::{ExperimentId, Msg};

use super::args::text_edits;
use super::outside::{baseline, setup};
use super::{pick, prose, raw, weighted};

/// How the page was opened: its address, its frame, and what storage held.
#[derive(Debug, Clone)]
pub struct Start {
    pub query: String,
    pub fragment: String,
    pub framed: bool,
    pub baseline: Read,
    pub notes: Read,
    /// The language the page opened in.
    pub locale: Locale,
}

impl Start {
    /// What storage answers for `key`.
    pub fn read(&self, key: &str) -> Read {
        let any = |slot: Slot| ExperimentId::ALL.iter().any(|e| slot.key(e.id()) == key);
        if any(Slot::Baseline) {
            self.baseline.clone()
        } else if any(Slot::Notes) {
            self.notes.clone()
        } else {
            Read::Absent
        }
    }
}

/// A baseline captured on a fresh page of `experiment`, as storage holds it.
pub fn captured_baseline(experiment: ExperimentId) -> String {
    let mut wb = gateway_core::Workbench::new(experiment);
    wb.update(0, Msg::CaptureBaseline);
    wb.baseline().map(Baseline::to_stored).unwrap_or_default()
}

/// `s` with every byte percent-encoded, as a query value.
pub fn percent(s: &str) -> String {
    s.bytes().map(|b| format!("%{b:02X}")).collect()
}

pub fn start(u: &mut Unstructured<'_>) -> Result<Start> {
    let experiment = pick(u, &ExperimentId::ALL)?;
    let id = experiment.id();
    let query = match weighted(u, &[6, 1, 2, 1, 1])? {
        0 => format!("?experiment={id}"),
        1 => String::new(),
        2 => format!(
            "?experiment={id}&embed={}&hide={}",
            pick(u, &["1", "0", "true", "yes", ""])?,
            pick(u, &["notes", "notes,ledger", " Runs , ,TURN", "", "x"])?
        ),
        3 => format!("?experiment={}", percent(&raw(u, 12)?)),
        _ => raw(u, 40)?,
    };
    let fragment = match weighted(u, &[4, 3, 1, 1, 1])? {
        0 => String::new(),
        1 => format!("#{}", setup(u)?.to_fragment()),
        2 => {
            use base64::Engine as _;
            let text = raw(u, 60)?;
            let b64 = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(text);
            format!("#s=1.{b64}")
        }
        3 => format!("#s={}", raw(u, 20)?),
        _ => raw(u, 30)?,
    };
    let framed = u.arbitrary()?;
    let baseline = match weighted(u, &[4, 1, 2, 2, 1, 1, 1])? {
        0 => Read::Absent,
        1 => Read::Failed,
        2 => Read::Found(captured_baseline(experiment)),
        3 => Read::Found(baseline(u)?.to_stored()),
        4 => {
            let v = u.int_in_range(2u32..=9)?;
            Read::Found(
                captured_baseline(experiment).replace("\"version\":1", &format!("\"version\":{v}")),
            )
        }
        5 => Read::Found(text_edits(u, &captured_baseline(experiment))?),
        _ => Read::Found(raw(u, 200)?),
    };
    let notes = match weighted(u, &[3, 1, 3])? {
        0 => Read::Absent,
        1 => Read::Failed,
        _ => Read::Found(prose(u)?),
    };
    let locale = pick(u, &Locale::ALL)?;
    Ok(Start {
        query,
        fragment,
        framed,
        baseline,
        notes,
        locale,
    })
}
