//! JSON as the page's JavaScript would see it.
//!
//! Arguments arrive as text the learner typed. This module applies the
//! rules of SPEC 2.1 that hold for every tool: the 4096 UTF-16 unit cap
//! (counted before parsing), `JSON.parse` semantics (the last duplicate key
//! wins, numbers are doubles), and syntax errors that say where they are.
//! It also prints values back the way `JSON.stringify(value, null, 2)`
//! would, numbers included, so the page never shows `6.0` for `6`.

use serde_json::Value;

pub use crate::decimal::from_str;
use crate::text::Text;

/// The largest argument text accepted, in UTF-16 code units.
pub const MAX_ARGUMENT_UNITS: usize = 4096;

/// Why argument text is not a JSON value the gates can look at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JsonError {
    TooLong {
        cap: usize,
        got: usize,
    },
    Malformed {
        line: usize,
        column: usize,
        detail: Syntax,
    },
}

/// What is wrong where a JSON text stops being JSON, in the page's words
/// (serde_json's own messages are English only).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Syntax {
    /// The text ends before the JSON value does.
    EndsEarly,
    /// A comma just before this closing bracket or brace.
    TrailingComma(char),
    /// A control character inside a string (its code point).
    ControlCharacter(u32),
    /// An escape JSON does not have, or a broken `\u` escape.
    BadEscape,
    /// A number JSON does not allow, or one too large for a double.
    BadNumber,
    /// Arrays and objects nested deeper than 128.
    TooDeep,
    /// A character that cannot stand where it is.
    Unexpected(char),
}

impl Syntax {
    pub fn text(self) -> Text {
        match self {
            Syntax::EndsEarly => Text::JsonEndsEarly,
            Syntax::TrailingComma(c) => Text::JsonTrailingComma {
                char: shown(c).into(),
            },
            Syntax::ControlCharacter(code) => Text::JsonControlCharacter {
                code: format!("{code:04X}").into(),
            },
            Syntax::BadEscape => Text::JsonBadEscape,
            Syntax::BadNumber => Text::JsonBadNumber,
            Syntax::TooDeep => Text::JsonTooDeep {
                max: MAX_DEPTH.into(),
            },
            Syntax::Unexpected(c) => Text::JsonUnexpected {
                char: shown(c).into(),
            },
        }
    }

    /// Why `text` stopped parsing at the character ending at byte
    /// `offset`: serde_json says where and whether the text ended early;
    /// what stands there, and around it, says the rest.
    fn at(text: &str, offset: usize, ended: bool) -> Self {
        if ended {
            return Syntax::EndsEarly;
        }
        let mut at = offset.min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let (before, after) = text.split_at(at);
        let Some(c) = after.chars().next() else {
            return Syntax::EndsEarly;
        };
        // Inside a string, and how deep, where serde_json stopped.
        let (mut in_string, mut escaped, mut depth) = (false, false, 0usize);
        let mut previous = None;
        for ch in before.chars() {
            if in_string {
                match (escaped, ch) {
                    (true, _) => escaped = false,
                    (false, '\\') => escaped = true,
                    (false, '"') => in_string = false,
                    _ => {}
                }
            } else {
                match ch {
                    '"' => in_string = true,
                    '[' | '{' => depth += 1,
                    ']' | '}' => depth = depth.saturating_sub(1),
                    _ => {}
                }
            }
            if !ch.is_whitespace() {
                previous = Some(ch);
            }
        }
        let numeric = |ch: char| ch.is_ascii_digit() || matches!(ch, '-' | '+' | '.' | 'e' | 'E');
        match c {
            c if c < ' ' && in_string => Syntax::ControlCharacter(c as u32),
            _ if in_string => Syntax::BadEscape,
            '[' | '{' if depth >= MAX_DEPTH => Syntax::TooDeep,
            ']' | '}' if previous == Some(',') => Syntax::TrailingComma(c),
            c if numeric(c) && before.chars().next_back().is_some_and(numeric) => Syntax::BadNumber,
            c => Syntax::Unexpected(c),
        }
    }
}

/// A character as a message quotes it: itself, or `U+XXXX` where it would
/// not be seen (a control character, a space, a byte order mark).
fn shown(c: char) -> String {
    if c.is_control() || c.is_whitespace() || c == '\u{feff}' {
        format!("U+{:04X}", c as u32)
    } else {
        c.to_string()
    }
}

/// How deep arrays and objects may nest (serde_json's limit; deeper text
/// is refused, where `JSON.parse` would read it).
pub const MAX_DEPTH: usize = 127;

impl JsonError {
    pub fn text(&self) -> Text {
        match self {
            JsonError::TooLong { cap, got } => Text::JsonTooLong {
                cap: (*cap).into(),
                got: (*got).into(),
            },
            JsonError::Malformed {
                line,
                column,
                detail,
            } => Text::JsonMalformed {
                line: (*line).into(),
                column: (*column).into(),
                detail: detail.text().into(),
            },
        }
    }
}

crate::display_by_text!(JsonError);
impl std::error::Error for JsonError {}

/// Length of `text` as JavaScript's `String.prototype.length` counts it.
pub fn utf16_len(text: &str) -> usize {
    text.chars().map(char::len_utf16).sum()
}

/// Parses argument text under the cap with `JSON.parse` semantics.
///
/// Differences from `JSON.parse` that remain (lone surrogates, numbers that
/// overflow a double, nesting deeper than 128) are all rejections; the
/// conformance test lists them.
pub fn parse(text: &str) -> Result<Value, JsonError> {
    let got = utf16_len(text);
    if got > MAX_ARGUMENT_UNITS {
        return Err(JsonError::TooLong {
            cap: MAX_ARGUMENT_UNITS,
            got,
        });
    }
    read(text)
}

/// Parses JSON text with `JSON.parse` semantics and no length cap: for a
/// caller that applies a bound of its own (a model decision) first.
pub fn read(text: &str) -> Result<Value, JsonError> {
    from_str(text).map_err(|err| {
        let line = err.line().max(1);
        let offset: usize = text
            .split('\n')
            .take(line - 1)
            .map(|row| row.len() + 1)
            .sum::<usize>()
            + err.column().saturating_sub(1);
        JsonError::Malformed {
            line,
            column: utf16_column(text, err.line(), err.column()),
            detail: Syntax::at(text, offset, err.is_eof()),
        }
    })
}

/// Converts serde_json's byte column on `line` into a UTF-16 column, as an
/// editor that counts JavaScript characters would show it.
fn utf16_column(text: &str, line: usize, byte_column: usize) -> usize {
    let Some(row) = text.split('\n').nth(line.saturating_sub(1)) else {
        return byte_column.max(1);
    };
    let mut end = byte_column.min(row.len());
    while !row.is_char_boundary(end) {
        end -= 1;
    }
    utf16_len(&row[..end]).max(1)
}

/// The JSON type name a learner would use for `value`.
pub fn type_name(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// Formats a double as JavaScript's `Number.prototype.toString` does
/// (ECMAScript Number::toString: the shortest digits that round-trip,
/// ties broken as JavaScript does), through `ryu-js`.
pub fn js_number(x: f64) -> String {
    ryu_js::Buffer::new().format(x).to_string()
}

/// `JSON.stringify(value, null, 2)`.
pub fn pretty(value: &Value) -> String {
    let mut out = String::new();
    write_value(&mut out, value, 0, true);
    out
}

/// A JSON object of `entries`, keys in their order. The values are
/// `Value`s already (serde_json's `From` conversions, which cannot fail),
/// where `json!` would serialize each one and unwrap the result.
pub fn object(entries: Vec<(&str, Value)>) -> Value {
    Value::Object(entries.into_iter().map(|(k, v)| (k.into(), v)).collect())
}

/// `JSON.stringify(value)`: one line, no spaces.
pub fn compact(value: &Value) -> String {
    let mut out = String::new();
    write_value(&mut out, value, 0, false);
    out
}

fn write_value(out: &mut String, value: &Value, depth: usize, indent: bool) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => out.push_str(&js_number(n.as_f64().unwrap_or(f64::NAN))),
        Value::String(s) => out.push_str(&quote(s)),
        Value::Array(items) => {
            write_seq(out, '[', ']', items.len(), depth, indent, |out, i| {
                write_value(out, &items[i], depth + 1, indent)
            });
        }
        Value::Object(map) => {
            let entries: Vec<_> = map.iter().collect();
            write_seq(out, '{', '}', entries.len(), depth, indent, |out, i| {
                let (key, item) = entries[i];
                out.push_str(&quote(key));
                out.push_str(if indent { ": " } else { ":" });
                write_value(out, item, depth + 1, indent);
            });
        }
    }
}

fn write_seq(
    out: &mut String,
    open: char,
    close: char,
    len: usize,
    depth: usize,
    indent: bool,
    mut item: impl FnMut(&mut String, usize),
) {
    out.push(open);
    if len == 0 {
        out.push(close);
        return;
    }
    for i in 0..len {
        if i > 0 {
            out.push(',');
        }
        if indent {
            new_line(out, depth + 1);
        }
        item(out, i);
    }
    if indent {
        new_line(out, depth);
    }
    out.push(close);
}

/// A line break and two spaces per level, written in place.
fn new_line(out: &mut String, depth: usize) {
    out.push('\n');
    for _ in 0..depth {
        out.push_str("  ");
    }
}

/// A JSON string literal for `s`.
pub fn quote(s: &str) -> String {
    // Serialising a &str cannot fail.
    serde_json::to_string(s).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn counts_utf16_units_like_javascript() {
        assert_eq!(utf16_len("abc"), 3);
        assert_eq!(utf16_len("é"), 1);
        assert_eq!(utf16_len("😀"), 2);
    }

    #[test]
    fn cap_is_counted_before_parsing_on_both_sides() {
        let at_cap = format!("\"{}\"", "a".repeat(MAX_ARGUMENT_UNITS - 2));
        assert!(parse(&at_cap).is_ok());
        let over = format!("\"{}\"", "a".repeat(MAX_ARGUMENT_UNITS - 1));
        assert_eq!(
            parse(&over),
            Err(JsonError::TooLong {
                cap: 4096,
                got: 4097
            })
        );
        // An astral character counts twice, so 2047 of them plus quotes is over.
        let astral = format!("\"{}\"", "😀".repeat(2047));
        assert_eq!(utf16_len(&astral), 4096);
        assert!(parse(&astral).is_ok());
        let astral_over = format!("\"{}\" ", "😀".repeat(2047));
        assert!(matches!(
            parse(&astral_over),
            Err(JsonError::TooLong { got: 4097, .. })
        ));
        // Malformed text over the cap is reported as over the cap.
        assert!(matches!(
            parse(&"[".repeat(5000)),
            Err(JsonError::TooLong { .. })
        ));
    }

    #[test]
    fn last_duplicate_key_wins_in_first_position() {
        let v = parse(r#"{"a":1,"b":2,"a":3}"#).unwrap();
        assert_eq!(compact(&v), r#"{"a":3,"b":2}"#);
    }

    #[test]
    fn malformed_json_says_what_in_the_page_s_words() {
        let nested = |n: usize| "[".repeat(n) + &"]".repeat(n);
        let cases: Vec<(String, Syntax)> = vec![
            ("{\n  \"to\": \"x\",\n}".into(), Syntax::TrailingComma('}')),
            ("[1,2,]".into(), Syntax::TrailingComma(']')),
            ("[1,,2]".into(), Syntax::Unexpected(',')),
            ("{\"a\" 1}".into(), Syntax::Unexpected('1')),
            ("{a:1}".into(), Syntax::Unexpected('a')),
            ("[1] 2".into(), Syntax::Unexpected('2')),
            ("\"\\q\"".into(), Syntax::BadEscape),
            ("\"\\uD800\"".into(), Syntax::BadEscape),
            ("{\"a\\\\\": x}".into(), Syntax::Unexpected('x')),
            ("1e400".into(), Syntax::BadNumber),
            ("01".into(), Syntax::BadNumber),
            ("\"a\u{1}\"".into(), Syntax::ControlCharacter(1)),
            ("{\"a\":1".into(), Syntax::EndsEarly),
            ("".into(), Syntax::EndsEarly),
            ("tru".into(), Syntax::EndsEarly),
            ("\u{feff}{}".into(), Syntax::Unexpected('\u{feff}')),
            (nested(MAX_DEPTH + 1), Syntax::TooDeep),
        ];
        for (text, want) in cases {
            match parse(&text) {
                Err(JsonError::Malformed { detail, .. }) => assert_eq!(detail, want, "{text:?}"),
                other => panic!("{text:?}: {other:?}"),
            }
        }
        // The other side of the depth bound.
        assert!(parse(&nested(MAX_DEPTH)).is_ok());
        let e = parse("\u{feff}{}").unwrap_err().to_string();
        assert!(e.ends_with("“U+FEFF” cannot stand here"), "{e}");
    }

    #[test]
    fn malformed_json_says_where() {
        let err = parse("{\n  \"to\": \"x\",\n}").unwrap_err();
        let text = err.to_string();
        assert!(
            text.starts_with("Malformed JSON at line 3, column 1"),
            "{text}"
        );
        let err = parse("{\"é\": x}").unwrap_err();
        assert!(
            err.to_string()
                .starts_with("Malformed JSON at line 1, column 7"),
            "{err}"
        );
    }

    #[test]
    fn numbers_print_as_javascript_prints_them() {
        for (x, s) in [
            (0.1 + 0.2, "0.30000000000000004"),
            (6.0 / 3.0, "2"),
            (24.0, "24"),
            (-0.0, "0"),
            (1e21, "1e+21"),
            (123e18, "123000000000000000000"),
            (1.5e-7, "1.5e-7"),
            (0.000001, "0.000001"),
            (-2.5, "-2.5"),
            (1e12, "1000000000000"),
            (1.0 / 3.0, "0.3333333333333333"),
            (f64::INFINITY, "Infinity"),
        ] {
            assert_eq!(js_number(x), s, "{x}");
        }
    }

    // Parsing numbers as `JSON.parse` does is checked by the number table
    // (`tests/number_table/mod.rs`), natively and in the browser.

    #[test]
    fn pretty_matches_json_stringify_with_two_spaces() {
        let v = json!({"a": [1, 2.5, {}], "b": [], "c": "<b>\u{2028}"});
        assert_eq!(
            pretty(&v),
            "{\n  \"a\": [\n    1,\n    2.5,\n    {}\n  ],\n  \"b\": [],\n  \"c\": \"<b>\u{2028}\"\n}"
        );
    }
}
