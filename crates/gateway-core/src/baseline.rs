//! The baseline: a captured request and its result, shown beside the live
//! one so a learner can compare two setups.

use serde_json::{json, Value};

use crate::text::Text;

/// The version of a stored baseline this build writes and reads.
pub const STORED_VERSION: u32 = 1;

/// What Capture baseline saved. It is plain text throughout, so a stored
/// copy can be shown again by any later version.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Baseline {
    pub request: String,
    pub role: String,
    pub hook: String,
    pub key: String,
    pub approved: bool,
    /// `(gate id, verdict label, reason)` for all seven gates.
    pub rows: Vec<(String, String, String)>,
    pub summary: String,
    pub output: Option<String>,
}

/// Why a stored baseline was not restored; the stored text is left as it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoredError {
    FutureVersion { got: u64 },
    Unreadable { detail: String },
}

impl StoredError {
    pub fn text(&self) -> Text {
        match self {
            StoredError::FutureVersion { got } => Text::StoredBaselineFuture { got: (*got).into() },
            StoredError::Unreadable { detail } => Text::StoredBaselineUnreadable {
                detail: detail.into(),
            },
        }
    }
}

crate::display_by_text!(StoredError);
impl std::error::Error for StoredError {}

impl Baseline {
    /// The text kept in storage: `{"version": 1, "baseline": {…}}`.
    pub fn to_stored(&self) -> String {
        let rows: Vec<Value> = self.rows.iter().map(|(g, v, r)| json!([g, v, r])).collect();
        let baseline = json!({
            "request": self.request,
            "role": self.role,
            "hook": self.hook,
            "key": self.key,
            "approved": self.approved,
            "rows": rows,
            "summary": self.summary,
            "output": self.output,
        });
        crate::json::compact(&json!({ "version": STORED_VERSION, "baseline": baseline }))
    }

    /// Reads stored text; a newer or unreadable one is reported, not dropped.
    pub fn from_stored(text: &str) -> Result<Self, StoredError> {
        let unreadable = |detail: String| StoredError::Unreadable { detail };
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| unreadable(e.to_string()))?;
        match value.get("version").and_then(serde_json::Value::as_u64) {
            Some(v) if v == u64::from(STORED_VERSION) => {}
            Some(v) if v > u64::from(STORED_VERSION) => {
                return Err(StoredError::FutureVersion { got: v })
            }
            _ => return Err(unreadable("no known version".into())),
        }
        let b = value.get("baseline").unwrap_or(&Value::Null);
        let text = |key: &str| -> Result<String, StoredError> {
            b.get(key)
                .and_then(Value::as_str)
                .map(String::from)
                .ok_or_else(|| unreadable(format!("missing {key}")))
        };
        let rows = b
            .get("rows")
            .and_then(Value::as_array)
            .ok_or_else(|| unreadable("missing rows".into()))?
            .iter()
            .map(|row| match row.as_array().map(Vec::as_slice) {
                Some([Value::String(g), Value::String(v), Value::String(r)]) => {
                    Ok((g.clone(), v.clone(), r.clone()))
                }
                _ => Err(unreadable("a row is not three strings".into())),
            })
            .collect::<Result<_, _>>()?;
        Ok(Baseline {
            request: text("request")?,
            role: text("role")?,
            hook: text("hook")?,
            key: text("key")?,
            approved: b.get("approved").and_then(Value::as_bool).unwrap_or(false),
            rows,
            summary: text("summary")?,
            output: b.get("output").and_then(Value::as_str).map(String::from),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Baseline {
        Baseline {
            request: "tool: email".into(),
            role: "Viewer".into(),
            hook: "None".into(),
            key: "intent-1".into(),
            approved: false,
            rows: vec![("schema".into(), "passed".into(), "ok".into())],
            summary: "s".into(),
            output: None,
        }
    }

    #[test]
    fn stored_baselines_round_trip_and_carry_their_version() {
        let text = sample().to_stored();
        assert!(text.contains("\"version\":1"));
        assert_eq!(Baseline::from_stored(&text), Ok(sample()));
    }

    #[test]
    fn newer_or_unreadable_ones_are_reported() {
        let newer = sample()
            .to_stored()
            .replace("\"version\":1", "\"version\":2");
        assert_eq!(
            Baseline::from_stored(&newer),
            Err(StoredError::FutureVersion { got: 2 })
        );
        assert!(matches!(
            Baseline::from_stored("not json"),
            Err(StoredError::Unreadable { .. })
        ));
        assert!(matches!(
            Baseline::from_stored(r#"{"baseline":{}}"#),
            Err(StoredError::Unreadable { .. })
        ));
    }
}
