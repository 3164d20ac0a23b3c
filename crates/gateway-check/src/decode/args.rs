//! Argument text, tool names, requests and operation keys: the page's
//! own values mixed with edits and raw text.

use arbitrary::{Result, Unstructured};
use gateway_core::json::{utf16_len, MAX_ARGUMENT_UNITS};
use gateway_core::{ExampleKind, ToolId};
use serde_json::{json, Map, Value};

use super::{pick, prose, raw, secret, weighted};

const STRINGS: &[&str] = &[
    "learner@example.test",
    "learner@outside.test",
    "/workspace/notes.txt",
    "/workspace/report.txt",
    "../../private.txt",
    "/workspace/NOTES.txt",
    "seats",
    "status",
    "open",
    "waitlist",
    "archived",
    "set",
    "get",
    "read",
    "write",
    "add",
    "subtract",
    "multiply",
    "divide",
    "pow",
    "09:15",
    "14:00",
    "24:00",
    "24:30",
    "",
    "<b>bold</b>",
];

const NUMBERS: &[f64] = &[
    0.0,
    -0.0,
    0.1,
    0.2,
    0.5,
    2.5,
    4.0,
    6.0,
    7.0,
    24.0,
    500.0,
    501.0,
    -7.5,
    1e12,
    -1e12,
    1e13,
    1e-7,
    9_007_199_254_740_992.0,
];

const FIELDS: &[&str] = &[
    "to",
    "subject",
    "body",
    "title",
    "start",
    "end",
    "operation",
    "path",
    "content",
    "key",
    "value",
    "query",
    "limit",
    "operator",
    "left",
    "right",
    "cc",
    "__proto__",
    "",
];

pub fn field(u: &mut Unstructured<'_>) -> Result<String> {
    Ok(match weighted(u, &[4, 1])? {
        0 => pick(u, FIELDS)?.to_string(),
        _ => raw(u, 6)?,
    })
}

/// Text at and around the tools' length bounds (1, 80, 100, 120, 2000
/// UTF-16 units), in one- and two-unit characters.
pub fn long_text(u: &mut Unstructured<'_>) -> Result<String> {
    let n = pick(
        u,
        &[
            0, 1, 2, 40, 79, 80, 81, 99, 100, 101, 119, 120, 121, 999, 1000, 1001, 1999, 2000, 2001,
        ],
    )?;
    let c = pick(u, &["x", " ", "é", "😀", "\n"])?;
    Ok(c.repeat(n))
}

/// A JSON value, nested at most `depth` deep.
pub fn value(u: &mut Unstructured<'_>, depth: u8) -> Result<Value> {
    let nest = u32::from(depth > 0);
    Ok(match weighted(u, &[1, 1, 2, 2, 4, 2, 1, nest, nest])? {
        0 => Value::Null,
        1 => Value::Bool(u.arbitrary()?),
        2 => json!(u.int_in_range(-1000i64..=1000)?),
        3 => match weighted(u, &[3, 1])? {
            0 => json!(pick(u, NUMBERS)?),
            // Any finite double (NaN and infinities have no JSON form).
            _ => serde_json::Number::from_f64(f64::from_bits(u.arbitrary()?))
                .map_or(Value::Null, Value::Number),
        },
        4 => json!(pick(u, STRINGS)?),
        5 => Value::String(prose(u)?),
        6 => Value::String(long_text(u)?),
        7 => {
            let n = u.int_in_range(0..=3)?;
            Value::Array((0..n).map(|_| value(u, depth - 1)).collect::<Result<_>>()?)
        }
        _ => {
            let n = u.int_in_range(0..=3)?;
            let mut map = Map::new();
            for _ in 0..n {
                map.insert(field(u)?, value(u, depth - 1)?);
            }
            Value::Object(map)
        }
    })
}

/// Text the learner might type between JSON tokens.
const SNIPPETS: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    "\"",
    ",",
    ":",
    "\\",
    "\\u",
    "\\ud800",
    "\\u0000",
    "1e400",
    "-0",
    "24.0",
    "484.0000000000000319",
    "1000000000000.0001",
    "null",
    "true",
    "😀",
    "\n",
    " ",
    "\u{0}",
    "\r",
];

/// `text` after a few insertions, deletions, truncations or doublings.
pub fn text_edits(u: &mut Unstructured<'_>, text: &str) -> Result<String> {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..u.int_in_range(1..=4)? {
        let at = u.int_in_range(0..=chars.len())?;
        match weighted(u, &[3, 2, 1, 1])? {
            0 => {
                let s = match weighted(u, &[3, 1])? {
                    0 => pick(u, SNIPPETS)?.to_string(),
                    _ => raw(u, 4)?,
                };
                chars.splice(at..at, s.chars());
            }
            1 => {
                let end = (at + u.int_in_range(1..=8)?).min(chars.len());
                chars.drain(at..end);
            }
            2 => chars.truncate(at),
            _ => chars.extend(chars.clone()),
        }
    }
    Ok(chars.into_iter().collect())
}

fn render(map: Map<String, Value>, u: &mut Unstructured<'_>) -> Result<String> {
    let first = map.keys().next().cloned();
    let value = Value::Object(map);
    let text = if u.arbitrary()? {
        serde_json::to_string_pretty(&value)
    } else {
        serde_json::to_string(&value)
    }
    .unwrap_or_default();
    // A shadowed duplicate of the first key: JSON.parse keeps the last one.
    Ok(match first {
        Some(k) if u.ratio(1u8, 5)? => format!("{{{}: \"shadowed\",{}", json!(k), &text[1..]),
        _ => text,
    })
}

/// One change to an object's fields.
fn field_edit(u: &mut Unstructured<'_>, map: &mut Map<String, Value>) -> Result<()> {
    let n = map.len();
    let i = u.int_in_range(0..=n.saturating_sub(1))?;
    match weighted(u, &[2, 3, 2, 1])? {
        0 => {
            if let Some(k) = map.keys().nth(i).cloned() {
                map.remove(&k);
            }
        }
        1 => {
            let v = value(u, 2)?;
            if let Some(slot) = map.values_mut().nth(i) {
                *slot = v;
            }
        }
        2 => {
            map.insert(field(u)?, value(u, 2)?);
        }
        _ => {
            let name = field(u)?;
            if let Some(k) = map.keys().nth(i).cloned() {
                if let Some(v) = map.remove(&k) {
                    map.insert(name, v);
                }
            }
        }
    }
    Ok(())
}

/// Argument text for any tool: examples, examples edited as JSON or as
/// text, raw bytes, text at the 4096-unit cap, deep nesting.
pub fn args(u: &mut Unstructured<'_>) -> Result<String> {
    let tool = pick(u, &ToolId::ALL)?;
    args_for(u, tool)
}

/// As [`args`], starting from `tool`'s examples.
pub fn args_for(u: &mut Unstructured<'_>, tool: ToolId) -> Result<String> {
    let lang = pick(u, &gateway_core::fixtures::Fixtures::ALL)?;
    let examples = tool.tool().declaration().examples.get(lang);
    Ok(match weighted(u, &[3, 4, 3, 1, 1, 1, 3])? {
        0 => pick(u, &ExampleKind::ALL)?.text(examples).to_string(),
        6 => {
            // An example whose text fields hold free text (API keys,
            // touching or not) or text at a length bound.
            let base = pick(u, &[ExampleKind::Valid, ExampleKind::Boundary])?.text(examples);
            let mut map: Map<String, Value> = serde_json::from_str(base).unwrap_or_default();
            for v in map.values_mut() {
                if v.is_string() && u.ratio(1u8, 2)? {
                    *v = Value::String(match weighted(u, &[3, 1])? {
                        0 => prose(u)?,
                        _ => long_text(u)?,
                    });
                }
            }
            render(map, u)?
        }
        1 => {
            let mut map: Map<String, Value> =
                serde_json::from_str(examples.valid).unwrap_or_default();
            for _ in 0..u.int_in_range(1..=3)? {
                field_edit(u, &mut map)?;
            }
            render(map, u)?
        }
        2 => {
            let base = pick(u, &ExampleKind::ALL)?.text(examples);
            text_edits(u, base)?
        }
        3 => raw(u, 300)?,
        4 => {
            let target = (MAX_ARGUMENT_UNITS + 3)
                .saturating_sub(u.int_in_range(0..=6)?)
                .saturating_sub(utf16_len(examples.valid));
            let pad = pick(u, &[" ", "\n", "\t"])?;
            format!("{}{}", examples.valid, pad.repeat(target))
        }
        _ => {
            let n = u.int_in_range(1..=3000)?;
            if u.arbitrary()? {
                format!("{}{}", "[".repeat(n), "]".repeat(n))
            } else {
                format!("{}1{}", "{\"a\":".repeat(n), "}".repeat(n))
            }
        }
    })
}

pub fn tool_name(u: &mut Unstructured<'_>) -> Result<String> {
    Ok(match weighted(u, &[4, 2, 1])? {
        0 => pick(u, &ToolId::ALL)?.id().to_string(),
        1 => pick(
            u,
            &[
                "shell.exec",
                "files.delete",
                "email ",
                "Email",
                "",
                " calculator",
                "calc",
            ],
        )?
        .to_string(),
        _ => raw(u, 12)?,
    })
}

/// A tool name and argument text, mostly written for that tool.
pub fn request(u: &mut Unstructured<'_>) -> Result<(String, String)> {
    let name = tool_name(u)?;
    let args = match name.parse::<ToolId>() {
        Ok(tool) if u.ratio(3u8, 4)? => args_for(u, tool)?,
        _ => args(u)?,
    };
    Ok((name, args))
}

pub fn key(u: &mut Unstructured<'_>) -> Result<String> {
    Ok(match weighted(u, &[6, 2, 1, 1])? {
        0 => pick(u, &["intent-1", "intent-2", "intent-3", "k0", "k1"])?.to_string(),
        1 => pick(
            u,
            &[
                "",
                "two\nlines",
                "ключ-😀",
                &"k".repeat(64),
                &"k".repeat(65),
            ],
        )?
        .to_string(),
        2 => secret(u)?,
        _ => raw(u, 12)?,
    })
}
