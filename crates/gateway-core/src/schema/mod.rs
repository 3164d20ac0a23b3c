//! Argument schemas as data.
//!
//! Each tool declares its arguments as a [`Shape`]: one or more variants
//! (picked by constant fields such as `"operation": "read"`), each a list of
//! fields with a kind and bounds. The same data drives the schema gate
//! ([`Shape::validate`]) and the JSON Schema export ([`Shape::json_schema`]),
//! so what a model is told and what the gate accepts cannot drift apart.

use serde_json::{json, Map, Value};

use crate::text::Text;

mod error;
mod export;
mod validate;

pub use error::{ArgError, Rule};
pub use export::{condition, field_description, Dialect, Property, CONTROL_CHARACTER, SINGLE_LINE};

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
    /// What the model reads about the field (made when exported).
    pub description: fn() -> Text,
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
    /// `local@example.test`, the local part 1–64 characters and a dot-atom
    /// (RFC 5322) of `A–Z a–z 0–9 _ + -`: no dot first, last or twice in a row.
    ExampleTestAddress,
    /// `HH:MM` from `00:00` to `24:00`.
    ClockTime,
}

impl Format {
    /// The JSON Schema of a string of this format, `ty` its type's spelling:
    /// its `pattern` and length bounds together accept exactly what
    /// [`Format::accepts`] does (the length bounds stay out of the pattern,
    /// which needs no lookahead).
    ///
    /// The pattern ends in `$`, which in Python's `re` also matches before
    /// a final line feed. A clock time is exactly five characters
    /// (`minLength` and `maxLength` 5), so `"09:00\n"` is refused whatever
    /// `$` means; an address has no such bound, and [`Dialect::Exact`]
    /// adds [`CONTROL_CHARACTER`] for it (see [`Dialect`]).
    pub fn schema(self, ty: &str) -> Value {
        let mut s = json!({ "type": ty, "pattern": self.pattern() });
        match self {
            Format::ExampleTestAddress => s["maxLength"] = json!(64 + "@example.test".len()),
            Format::ClockTime => {
                s["minLength"] = json!(5);
                s["maxLength"] = json!(5);
            }
        }
        s
    }

    /// The JSON Schema `pattern` of this format.
    pub fn pattern(self) -> &'static str {
        match self {
            Format::ExampleTestAddress => r"^[A-Za-z0-9_+-]+(\.[A-Za-z0-9_+-]+)*@example\.test$",
            Format::ClockTime => r"^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$",
        }
    }

    /// What a learner is told the format is.
    /// What a value of this format looks like, in words.
    pub fn text(self) -> Text {
        match self {
            Format::ExampleTestAddress => Text::FormatExampleTestAddress,
            Format::ClockTime => Text::FormatClockTime,
        }
    }

    pub fn accepts(self, s: &str) -> bool {
        match self {
            Format::ExampleTestAddress => match s.split_once('@') {
                Some((local, "example.test")) => {
                    local.len() <= 64
                        && local.split('.').all(|atom| {
                            !atom.is_empty()
                                && atom
                                    .bytes()
                                    .all(|b| b.is_ascii_alphanumeric() || b"_+-".contains(&b))
                        })
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
        crate::sort::sort_by_key(&mut entries, |e| e.0);
        let sorted: Map<String, Value> = entries
            .into_iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        crate::json::compact(&Value::Object(sorted))
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
        assert!(f.accepts(&format!(
            "{}.{}@example.test",
            "a".repeat(31),
            "b".repeat(32)
        )));
        assert!(f.accepts("first.last@example.test"));
        for bad in [
            "learner@outside.test",
            "learner@EXAMPLE.test",
            "learner@example.test.",
            "learner@sub.example.test",
            "@example.test",
            "a@b@example.test",
            "learner @example.test",
            &format!("{}@example.test", "a".repeat(65)),
            ".leadingdot@example.test",
            "twodots..here@example.test",
            "trailingdot.@example.test",
            ".@example.test",
        ] {
            assert!(!f.accepts(bad), "{bad}");
        }
    }
}
