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
    /// A JSON array of `min..=max` items, each as [`Item`] says.
    List { min: usize, max: usize, item: Item },
}

/// What each item of a [`Kind::List`] holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Item {
    /// A spreadsheet cell: a single-line string of at most `max` UTF-16
    /// units (empty allowed: an empty cell), or a finite JSON number.
    Cell { max: usize },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// `local@example.test`, the local part 1–64 characters and a dot-atom
    /// (RFC 5322) of `A–Z a–z 0–9 _ + -`: no dot first, last or twice in a row.
    ExampleTestAddress,
    /// `HH:MM` from `00:00` to `24:00`.
    ClockTime,
    /// `YYYY-MM-DD`, a real day of the Gregorian calendar from `0000-01-01`
    /// to `9999-12-31`: the month `01`–`12` and a day that month has, leap
    /// years counted (`2028-02-29` is a date, `2026-02-29` is not). The
    /// exported pattern says exactly this.
    Date,
    /// A LINE user id: `U` and exactly 32 lowercase hexadecimal digits.
    LineUserId,
}

impl Format {
    /// The JSON Schema of a string of this format, `ty` its type's spelling:
    /// its `pattern` and length bounds together accept exactly what
    /// [`Format::accepts`] does (the length bounds stay out of the pattern,
    /// which needs no lookahead).
    ///
    /// The pattern ends in `$`, which in Python's `re` also matches before
    /// a final line feed. A clock time, a date and a LINE user id have an
    /// exact length (`minLength` and `maxLength` 5, 10, 33), so `"09:00\n"`
    /// is refused whatever `$` means; an address has no such bound, and [`Dialect::Exact`]
    /// adds [`CONTROL_CHARACTER`] for it (see [`Dialect`]).
    pub fn schema(self, ty: &str) -> Value {
        let mut s = json!({ "type": ty, "pattern": self.pattern() });
        match self.length() {
            Some(length) => {
                s["minLength"] = json!(length);
                s["maxLength"] = json!(length);
            }
            None => s["maxLength"] = json!(64 + "@example.test".len()),
        }
        s
    }

    /// The JSON Schema `pattern` of this format.
    pub fn pattern(self) -> &'static str {
        match self {
            Format::ExampleTestAddress => r"^[A-Za-z0-9_+-]+(\.[A-Za-z0-9_+-]+)*@example\.test$",
            Format::ClockTime => r"^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$",
            Format::Date => DATE_PATTERN,
            Format::LineUserId => r"^U[0-9a-f]{32}$",
        }
    }

    /// The exact length of every value of this format, if it has one (an
    /// address has not).
    fn length(self) -> Option<usize> {
        match self {
            Format::ExampleTestAddress => None,
            Format::ClockTime => Some(5),
            Format::Date => Some(10),
            Format::LineUserId => Some(33),
        }
    }

    /// What a learner is told the format is.
    /// What a value of this format looks like, in words.
    pub fn text(self) -> Text {
        match self {
            Format::ExampleTestAddress => Text::FormatExampleTestAddress,
            Format::ClockTime => Text::FormatClockTime,
            Format::Date => Text::FormatDate,
            Format::LineUserId => Text::FormatLineUserId,
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
            Format::Date => parse_date(s).is_some(),
            Format::LineUserId => {
                s.len() == 33
                    && s.starts_with('U')
                    && s.bytes()
                        .skip(1)
                        .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
            }
        }
    }
}

/// [`Format::Date`]'s pattern: months of 31 days, months of 30, February
/// to the 28th, and February 29th in a leap year (a year divisible by 4
/// but not by 100, or by 400). ASCII digits only (`[0-9]`, never `\d`,
/// which Python's `re` reads as any Unicode digit).
const DATE_PATTERN: &str = concat!(
    r"^([0-9]{4}-(0[13578]|1[02])-(0[1-9]|[12][0-9]|3[01])",
    r"|[0-9]{4}-(0[469]|11)-(0[1-9]|[12][0-9]|30)",
    r"|[0-9]{4}-02-(0[1-9]|1[0-9]|2[0-8])",
    r"|([0-9]{2}(0[48]|[2468][048]|[13579][26])|([02468][048]|[13579][26])00)-02-29)$"
);

/// `(year, month, day)` of a `YYYY-MM-DD` date that exists in the
/// Gregorian calendar, leap years counted.
pub fn parse_date(s: &str) -> Option<(u16, u8, u8)> {
    let b = s.as_bytes();
    let digits = [0, 1, 2, 3, 5, 6, 8, 9];
    if b.len() != 10
        || b[4] != b'-'
        || b[7] != b'-'
        || !digits.iter().all(|&i| b[i].is_ascii_digit())
    {
        return None;
    }
    let number = |range: std::ops::Range<usize>| {
        b[range]
            .iter()
            .fold(0u16, |n, d| n * 10 + u16::from(d - b'0'))
    };
    let (year, month, day) = (number(0..4), number(5..7), number(8..10));
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return None,
    };
    (1..=days)
        .contains(&day)
        .then_some((year, month as u8, day as u8))
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

    #[test]
    fn dates_exist_in_the_calendar_leap_years_counted() {
        assert_eq!(parse_date("2026-03-02"), Some((2026, 3, 2)));
        for good in [
            "0000-01-01",
            "9999-12-31",
            "2026-01-31",
            "2026-02-28",
            "2028-02-29",
            "2000-02-29",
            "2026-04-30",
            "2026-12-31",
        ] {
            assert!(Format::Date.accepts(good), "{good}");
        }
        for bad in [
            "2026-01-32",
            "2026-02-29",
            "1900-02-29",
            "2028-02-30",
            "2026-04-31",
            "2026-13-01",
            "2026-00-01",
            "2026-01-00",
            "2026-3-2",
            "2026/03/02",
            "2026-03-02 ",
            "+026-03-02",
            "",
        ] {
            assert!(!Format::Date.accepts(bad), "{bad}");
        }
    }

    #[test]
    fn line_user_ids_are_u_and_thirty_two_lowercase_hex_digits() {
        let f = Format::LineUserId;
        assert!(f.accepts("U0123456789abcdef0123456789abcdef"));
        for bad in [
            "U0123456789abcdef0123456789abcde",
            "U0123456789abcdef0123456789abcdef0",
            "U0123456789ABCDEF0123456789ABCDEF",
            "u0123456789abcdef0123456789abcdef",
            "U0123456789abcdef0123456789abcdeg",
            "",
        ] {
            assert!(!f.accepts(bad), "{bad}");
        }
    }

    static ROW: Shape = Shape {
        variants: &[Variant {
            consts: &[],
            fields: &[Field {
                name: "values",
                required: true,
                kind: Kind::List {
                    min: 1,
                    max: 10,
                    item: Item::Cell { max: 200 },
                },
                description: || Text::FormatDate,
            }],
        }],
    };

    fn row(values: Value) -> Result<(), String> {
        ROW.validate(json!({ "values": values }))
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    #[test]
    fn a_row_holds_one_to_ten_cells_each_named_by_its_index() {
        let cells = |n: usize| Value::Array((0..n).map(|i| json!(i)).collect());
        assert_eq!(row(cells(1)), Ok(()));
        assert_eq!(row(cells(10)), Ok(()));
        assert_eq!(
            row(cells(0)),
            Err("values must hold at least 1 item (got 0)".into())
        );
        assert_eq!(
            row(cells(11)),
            Err("values must hold at most 10 items (got 11)".into())
        );
        assert_eq!(row(json!(["x".repeat(200), "", -1.5])), Ok(()));
        assert_eq!(
            row(json!(["a", "b", "c", "x".repeat(201)])),
            Err("values[3] must be at most 200 characters (got 201)".into())
        );
        assert_eq!(
            row(json!(["a", "two\nlines"])),
            Err("values[1] must be on one line, with no control characters".into())
        );
        assert_eq!(
            row(json!([1, true])),
            Err("values[1] must be a text or a number (got boolean)".into())
        );
        assert_eq!(
            row(json!([null])),
            Err("values[0] must be a text or a number (got null)".into())
        );
        assert_eq!(
            row(json!("a")),
            Err("values must be a list (got string)".into())
        );
    }
}
