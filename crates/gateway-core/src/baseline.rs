//! The baseline: a captured request and its result, shown beside the live
//! one so a learner can compare two setups.

use serde_json::Value;

use crate::damage::Damage;
use crate::json::object;
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
    Unreadable { detail: Damage },
}

impl StoredError {
    pub fn text(&self) -> Text {
        match self {
            StoredError::FutureVersion { got } => Text::StoredBaselineFuture { got: (*got).into() },
            StoredError::Unreadable { detail } => Text::StoredBaselineUnreadable {
                detail: detail.text().into(),
            },
        }
    }
}

crate::display_by_text!(StoredError);
impl std::error::Error for StoredError {}

impl Baseline {
    /// The text kept in storage: `{"version": 1, "baseline": {…}}`.
    pub fn to_stored(&self) -> String {
        let rows: Vec<Value> = (self.rows.iter())
            .map(|(g, v, r)| Value::from([g.as_str(), v, r]))
            .collect();
        let baseline = object(vec![
            ("request", self.request.as_str().into()),
            ("role", self.role.as_str().into()),
            ("hook", self.hook.as_str().into()),
            ("key", self.key.as_str().into()),
            ("approved", self.approved.into()),
            ("rows", rows.into()),
            ("summary", self.summary.as_str().into()),
            ("output", self.output.as_deref().into()),
        ]);
        crate::json::compact(&object(vec![
            ("version", STORED_VERSION.into()),
            ("baseline", baseline),
        ]))
    }

    /// Reads stored text; a newer or unreadable one is reported, not dropped.
    /// Decoding is strict: a field of the wrong type, a missing one, or any
    /// text that is not exactly what [`Baseline::to_stored`] writes for the
    /// value read (an unknown, repeated or reordered field) makes it
    /// unreadable, so it is left untouched rather than read partly and
    /// overwritten by the next Capture or Clear.
    pub fn from_stored(text: &str) -> Result<Self, StoredError> {
        let unreadable = |detail: Damage| StoredError::Unreadable { detail };
        let value: Value = crate::json::from_str(text).map_err(|_| unreadable(Damage::NotJson))?;
        match value.get("version").and_then(Value::as_u64) {
            Some(v) if v == u64::from(STORED_VERSION) => {}
            Some(v) if v > u64::from(STORED_VERSION) => {
                return Err(StoredError::FutureVersion { got: v })
            }
            _ => return Err(unreadable(Damage::NoVersion)),
        }
        let b = value.get("baseline").unwrap_or(&Value::Null);
        let text_of = |key: &'static str| -> Result<String, StoredError> {
            b.get(key)
                .and_then(Value::as_str)
                .map(String::from)
                .ok_or_else(|| unreadable(Damage::NotText(key)))
        };
        let rows = b
            .get("rows")
            .and_then(Value::as_array)
            .ok_or_else(|| unreadable(Damage::NotList("rows")))?
            .iter()
            .map(|row| match row.as_array().map(Vec::as_slice) {
                Some([Value::String(g), Value::String(v), Value::String(r)]) => {
                    Ok((g.clone(), v.clone(), r.clone()))
                }
                _ => Err(unreadable(Damage::RowNotThreeStrings)),
            })
            .collect::<Result<_, _>>()?;
        let output = match b.get("output") {
            Some(Value::Null) => None,
            Some(Value::String(s)) => Some(s.clone()),
            _ => return Err(unreadable(Damage::NotTextOrNull("output"))),
        };
        let baseline = Baseline {
            request: text_of("request")?,
            role: text_of("role")?,
            hook: text_of("hook")?,
            key: text_of("key")?,
            approved: b
                .get("approved")
                .and_then(Value::as_bool)
                .ok_or_else(|| unreadable(Damage::NotBool("approved")))?,
            rows,
            summary: text_of("summary")?,
            output,
        };
        if baseline.to_stored() != text {
            return Err(unreadable(Damage::NotAsWritten));
        }
        Ok(baseline)
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

    /// Issue 13, defect 5: each of these was read partly before, and lost
    /// data on the next Capture or Clear.
    #[test]
    fn wrong_shapes_are_unreadable_not_read_partly() {
        let good = sample().to_stored();
        let cases = [
            good.replace("\"approved\":false", "\"approved\":\"yes\""),
            good.replace("\"output\":null", "\"output\":5"),
            good.replace("\"summary\":\"s\"", "\"summary\":\"s\",\"extra\":1"),
            good.replace("{\"version\":1,", "{\"version\":1,\"extra\":1,"),
            good.replace("{\"version\":1,", "{\"version\":1,\"version\":1,"),
            good.replace("\"approved\":false,", ""),
            good.replace("[\"schema\",\"passed\",\"ok\"]", "[\"schema\",\"passed\"]"),
            good.replace("\"version\":1", "\"version\":\"1\""),
            good.replace("\"version\":1", "\"version\":0"),
        ];
        for case in &cases {
            assert_ne!(case, &good, "the replacement must apply");
            assert!(
                matches!(
                    Baseline::from_stored(case),
                    Err(StoredError::Unreadable { .. })
                ),
                "{case}: {:?}",
                Baseline::from_stored(case)
            );
        }
        // The other side: the exact shape with an output, and with none.
        let mut with_output = sample();
        with_output.output = Some("{}".into());
        assert_eq!(
            Baseline::from_stored(&with_output.to_stored()),
            Ok(with_output)
        );
        assert_eq!(Baseline::from_stored(&good), Ok(sample()));
    }

    #[test]
    fn a_newer_version_is_newer_whatever_its_shape() {
        assert_eq!(
            Baseline::from_stored(r#"{"version":3,"something":"else"}"#),
            Err(StoredError::FutureVersion { got: 3 })
        );
    }
}
