//! Argument schemas as data.
//!
//! Each tool declares its arguments as a [`Shape`]: one or more variants
//! (picked by constant fields such as `"operation": "read"`), each a list of
//! fields with a kind and bounds. The same data drives the schema gate
//! ([`Shape::validate`]) and the JSON Schema export ([`Shape::json_schema`]),
//! so what a model is told and what the gate accepts cannot drift apart.

use serde_json::{json, Map, Value};

use crate::json::{quote, type_name, utf16_len};

/// All of a tool's accepted argument objects.
#[derive(Debug, Clone, Copy)]
pub struct Shape {
    pub variants: &'static [Variant],
}

/// One accepted object: every `consts` field must hold its value, and the
/// other fields are as declared. No other field is allowed.
#[derive(Debug, Clone, Copy)]
pub struct Variant {
    pub consts: &'static [(&'static str, &'static str)],
    pub fields: &'static [Field],
}

#[derive(Debug, Clone, Copy)]
pub struct Field {
    pub name: &'static str,
    pub required: bool,
    pub kind: Kind,
    pub description: &'static str,
}

/// What a field holds. Lengths are UTF-16 units, as JavaScript counts them.
#[derive(Debug, Clone, Copy)]
pub enum Kind {
    /// A string of `min..=max` units; `single_line` forbids control
    /// characters (line breaks included).
    Text {
        min: usize,
        max: usize,
        single_line: bool,
    },
    /// A string in a fixed format checked by hand (never a regex engine).
    Formatted(Format),
    /// One of a fixed list of strings.
    OneOf(&'static [&'static str]),
    /// A JSON number with no fractional part, within `min..=max`.
    Integer { min: i64, max: i64 },
    /// A finite JSON number with magnitude at most `max_abs`.
    Number { max_abs: f64 },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// `local@example.test`, the local part 1–64 of `A–Z a–z 0–9 . _ + -`.
    ExampleTestAddress,
    /// `HH:MM` from `00:00` to `24:00`.
    ClockTime,
}

impl Format {
    /// The JSON Schema `pattern` that accepts exactly what [`Format::accepts`] does.
    pub fn pattern(self) -> &'static str {
        match self {
            Format::ExampleTestAddress => r"^[A-Za-z0-9._+-]{1,64}@example\.test$",
            Format::ClockTime => r"^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$",
        }
    }

    /// What a learner is told the format is.
    pub fn describe(self) -> &'static str {
        match self {
            Format::ExampleTestAddress => "an address at example.test (e.g. learner@example.test)",
            Format::ClockTime => "a time HH:MM from 00:00 to 24:00",
        }
    }

    pub fn accepts(self, s: &str) -> bool {
        match self {
            Format::ExampleTestAddress => match s.split_once('@') {
                Some((local, "example.test")) => {
                    (1..=64).contains(&local.len())
                        && local
                            .bytes()
                            .all(|b| b.is_ascii_alphanumeric() || b"._+-".contains(&b))
                }
                _ => false,
            },
            Format::ClockTime => parse_clock(s).is_some(),
        }
    }
}

/// Minutes since midnight for `HH:MM` in `00:00..=24:00`.
pub fn parse_clock(s: &str) -> Option<u16> {
    let b = s.as_bytes();
    if b.len() != 5 || b[2] != b':' || ![b[0], b[1], b[3], b[4]].iter().all(u8::is_ascii_digit) {
        return None;
    }
    let hours = u16::from(b[0] - b'0') * 10 + u16::from(b[1] - b'0');
    let minutes = u16::from(b[3] - b'0') * 10 + u16::from(b[4] - b'0');
    match (hours, minutes) {
        (0..=23, 0..=59) | (24, 0) => Some(hours * 60 + minutes),
        _ => None,
    }
}

/// Why an argument object does not fit its tool's shape. Every message names
/// the field, and the bound where there is one.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ArgError {
    #[error(transparent)]
    Json(#[from] crate::json::JsonError),
    #[error("Arguments must be a JSON object (got {got})")]
    NotObject { got: &'static str },
    #[error("Missing {field}")]
    Missing { field: String },
    #[error("Unknown field {}", quote(.field))]
    Unknown { field: String },
    #[error("{field} is not allowed when {when}")]
    NotAllowed { field: String, when: String },
    #[error("{field} must be a {expected} (got {got})")]
    WrongType {
        field: String,
        expected: &'static str,
        got: &'static str,
    },
    #[error("{field} must be at least {min} characters (got {got})")]
    TooShort {
        field: String,
        min: usize,
        got: usize,
    },
    #[error("{field} must be at most {max} characters (got {got})")]
    TooLong {
        field: String,
        max: usize,
        got: usize,
    },
    #[error("{field} must be on one line, with no control characters")]
    ControlCharacter { field: String },
    #[error("{field} must be {expected} (got {})", quote(.got))]
    BadFormat {
        field: String,
        expected: &'static str,
        got: String,
    },
    #[error("{field} must be one of {} (got {})", list(.allowed), quote(.got))]
    NotOneOf {
        field: String,
        allowed: Vec<&'static str>,
        got: String,
    },
    #[error("{field} must be a whole number (got {got})")]
    NotInteger { field: String, got: String },
    #[error("{field} must be from {min} to {max} (got {got})")]
    OutOfRange {
        field: String,
        min: String,
        max: String,
        got: String,
    },
    #[error("{field} must be {rule}")]
    Rule { field: String, rule: String },
}

fn list(items: &[&str]) -> String {
    items
        .iter()
        .map(|s| quote(s))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Arguments that fit a tool's shape, in the order they were written.
#[derive(Debug, Clone, PartialEq)]
pub struct Args(pub Map<String, Value>);

impl Args {
    /// The string held by `field`, or `""` if the shape did not declare it.
    pub fn text(&self, field: &str) -> &str {
        self.0.get(field).and_then(Value::as_str).unwrap_or("")
    }

    pub fn number(&self, field: &str) -> Option<f64> {
        self.0.get(field).and_then(Value::as_f64)
    }

    pub fn has(&self, field: &str) -> bool {
        self.0.contains_key(field)
    }

    /// The canonical text of the payload: keys sorted, numbers as
    /// JavaScript prints them. Two payloads are the same exactly when
    /// their canonical texts are equal.
    pub fn canonical(&self) -> String {
        let mut entries: Vec<_> = self.0.iter().collect();
        entries.sort_by(|a, b| a.0.cmp(b.0));
        let sorted: Map<String, Value> = entries
            .into_iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        crate::json::compact(&Value::Object(sorted))
    }
}

impl Shape {
    /// Checks a parsed value against the shape; see [`ArgError`] for the
    /// order in which problems are reported (the first one wins).
    pub fn validate(&self, value: Value) -> Result<Args, ArgError> {
        let Value::Object(map) = value else {
            return Err(ArgError::NotObject {
                got: type_name(&value),
            });
        };
        let variant = self.pick_variant(&map)?;
        for name in map.keys() {
            if variant.consts.iter().any(|(c, _)| c == name)
                || variant.fields.iter().any(|f| f.name == name)
            {
                continue;
            }
            if let Some(when) = self.declared_elsewhere(variant, name) {
                return Err(ArgError::NotAllowed {
                    field: name.clone(),
                    when,
                });
            }
            return Err(ArgError::Unknown {
                field: name.clone(),
            });
        }
        for field in variant.fields {
            match map.get(field.name) {
                Some(v) => check_field(field, v)?,
                None if field.required => {
                    return Err(ArgError::Missing {
                        field: field.name.into(),
                    })
                }
                None => {}
            }
        }
        Ok(Args(map))
    }

    /// Chooses the variant from the constant fields, in declaration order.
    fn pick_variant(&self, map: &Map<String, Value>) -> Result<&'static Variant, ArgError> {
        let mut candidates: Vec<&'static Variant> = self.variants.iter().collect();
        let mut names: Vec<&'static str> = Vec::new();
        for v in self.variants {
            for (name, _) in v.consts {
                if !names.contains(name) {
                    names.push(name);
                }
            }
        }
        for name in names {
            let constrained: Vec<_> = candidates
                .iter()
                .filter(|v| v.consts.iter().any(|(c, _)| *c == name))
                .copied()
                .collect();
            if constrained.is_empty() {
                continue;
            }
            let mut allowed: Vec<&'static str> = Vec::new();
            for v in &constrained {
                for (c, value) in v.consts {
                    if *c == name && !allowed.contains(value) {
                        allowed.push(value);
                    }
                }
            }
            let got = match map.get(name) {
                None => return Err(ArgError::Missing { field: name.into() }),
                Some(Value::String(s)) => s,
                Some(other) => {
                    return Err(ArgError::WrongType {
                        field: name.into(),
                        expected: "string",
                        got: type_name(other),
                    })
                }
            };
            if !allowed.contains(&got.as_str()) {
                return Err(ArgError::NotOneOf {
                    field: name.into(),
                    allowed,
                    got: got.clone(),
                });
            }
            candidates.retain(|v| {
                v.consts
                    .iter()
                    .all(|(c, value)| *c != name || *value == got.as_str())
            });
        }
        candidates.first().copied().ok_or(ArgError::Rule {
            field: "arguments".into(),
            rule: "one of the declared forms".into(),
        })
    }

    /// Where a field this variant does not allow is declared by another
    /// variant, describes that variant's constants (e.g. `operation is "read"`).
    fn declared_elsewhere(&self, variant: &Variant, name: &str) -> Option<String> {
        self.variants
            .iter()
            .any(|v| v.fields.iter().any(|f| f.name == name))
            .then(|| {
                variant
                    .consts
                    .iter()
                    .map(|(c, value)| format!("{c} is {}", quote(value)))
                    .collect::<Vec<_>>()
                    .join(" and ")
            })
    }

    /// The JSON Schema (draft 2020-12) that accepts exactly the objects this
    /// shape does, cross-field rules aside (a tool's own `check`).
    pub fn json_schema(&self) -> Value {
        let schemas: Vec<Value> = self.variants.iter().map(variant_schema).collect();
        match schemas.as_slice() {
            [one] => one.clone(),
            _ => json!({ "oneOf": schemas }),
        }
    }
}

fn check_field(field: &Field, value: &Value) -> Result<(), ArgError> {
    let name = || field.name.to_string();
    let wrong = |expected| ArgError::WrongType {
        field: name(),
        expected,
        got: type_name(value),
    };
    match field.kind {
        Kind::Text {
            min,
            max,
            single_line,
        } => {
            let s = value.as_str().ok_or_else(|| wrong("string"))?;
            let got = utf16_len(s);
            if got < min {
                return Err(ArgError::TooShort {
                    field: name(),
                    min,
                    got,
                });
            }
            if got > max {
                return Err(ArgError::TooLong {
                    field: name(),
                    max,
                    got,
                });
            }
            if single_line && s.chars().any(is_control_or_break) {
                return Err(ArgError::ControlCharacter { field: name() });
            }
        }
        Kind::Formatted(format) => {
            let s = value.as_str().ok_or_else(|| wrong("string"))?;
            if !format.accepts(s) {
                return Err(ArgError::BadFormat {
                    field: name(),
                    expected: format.describe(),
                    got: s.into(),
                });
            }
        }
        Kind::OneOf(allowed) => {
            let s = value.as_str().ok_or_else(|| wrong("string"))?;
            if !allowed.contains(&s) {
                return Err(ArgError::NotOneOf {
                    field: name(),
                    allowed: allowed.to_vec(),
                    got: s.into(),
                });
            }
        }
        Kind::Integer { min, max } => {
            let x = value.as_f64().ok_or_else(|| wrong("number"))?;
            if x.fract() != 0.0 {
                return Err(ArgError::NotInteger {
                    field: name(),
                    got: crate::json::js_number(x),
                });
            }
            if x < min as f64 || x > max as f64 {
                return Err(ArgError::OutOfRange {
                    field: name(),
                    min: min.to_string(),
                    max: max.to_string(),
                    got: crate::json::js_number(x),
                });
            }
        }
        Kind::Number { max_abs } => {
            let x = value.as_f64().ok_or_else(|| wrong("number"))?;
            if !x.is_finite() || x.abs() > max_abs {
                return Err(ArgError::OutOfRange {
                    field: name(),
                    min: crate::json::js_number(-max_abs),
                    max: crate::json::js_number(max_abs),
                    got: crate::json::js_number(x),
                });
            }
        }
    }
    Ok(())
}

/// Control characters and the Unicode line and paragraph separators.
fn is_control_or_break(c: char) -> bool {
    c.is_control() || c == '\u{2028}' || c == '\u{2029}'
}

fn variant_schema(variant: &Variant) -> Value {
    let mut properties = Map::new();
    let mut required: Vec<Value> = Vec::new();
    for (name, value) in variant.consts {
        properties.insert((*name).into(), json!({ "type": "string", "const": value }));
        required.push(json!(name));
    }
    for field in variant.fields {
        let mut schema = kind_schema(field.kind);
        if let Value::Object(m) = &mut schema {
            m.insert("description".into(), json!(field.description));
        }
        properties.insert(field.name.into(), schema);
        if field.required {
            required.push(json!(field.name));
        }
    }
    json!({
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": false,
    })
}

fn kind_schema(kind: Kind) -> Value {
    match kind {
        Kind::Text {
            min,
            max,
            single_line,
        } => {
            let mut s = json!({ "type": "string", "minLength": min, "maxLength": max });
            if single_line {
                s["pattern"] = json!("^[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029]*$");
            }
            s
        }
        Kind::Formatted(format) => json!({ "type": "string", "pattern": format.pattern() }),
        Kind::OneOf(values) => json!({ "type": "string", "enum": values }),
        Kind::Integer { min, max } => json!({ "type": "integer", "minimum": min, "maximum": max }),
        Kind::Number { max_abs } => {
            json!({ "type": "number", "minimum": -max_abs, "maximum": max_abs })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_times_on_both_sides_of_each_bound() {
        assert_eq!(parse_clock("00:00"), Some(0));
        assert_eq!(parse_clock("23:59"), Some(1439));
        assert_eq!(parse_clock("24:00"), Some(1440));
        for bad in [
            "24:01", "23:60", "9:00", "09:5", "09-00", "0900", "+9:00", "09:00Z", "",
        ] {
            assert_eq!(parse_clock(bad), None, "{bad}");
        }
    }

    #[test]
    fn example_test_addresses_only() {
        let f = Format::ExampleTestAddress;
        assert!(f.accepts("learner@example.test"));
        assert!(f.accepts(&format!("{}@example.test", "a".repeat(64))));
        for bad in [
            "learner@outside.test",
            "learner@EXAMPLE.test",
            "learner@example.test.",
            "learner@sub.example.test",
            "@example.test",
            "a@b@example.test",
            "learner @example.test",
            &format!("{}@example.test", "a".repeat(65)),
        ] {
            assert!(!f.accepts(bad), "{bad}");
        }
    }
}
