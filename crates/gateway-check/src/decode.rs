//! Bytes into the workbench's inputs: every decoder reads an
//! [`Unstructured`], so the same bytes always give the same inputs.
//!
//! The decoders mix the page's own vocabulary (tool names, examples, keys,
//! API-key shapes, claim phrases) with raw text from the bytes, so a fuzzer
//! reaches both the well-formed paths and the edges. When the bytes run out
//! `Unstructured` answers with the first choice of every decision, so every
//! decoder ends.

use arbitrary::{Result, Unstructured};
use gateway_core::baseline::Baseline;
use gateway_core::command::{Command, Deliverable, Read, Slot};
use gateway_core::damage::Damage;
use gateway_core::declarations::Export;
use gateway_core::json::{utf16_len, MAX_ARGUMENT_UNITS};
use gateway_core::notice::Notice;
use gateway_core::share::{Setup, ShareError};
use gateway_core::text::{FetchError, Locale, DATA};
use gateway_core::{baseline::StoredError, ExampleKind, ExperimentId, Gate, Msg, ToolId, Verdict};
use gateway_core::{Hook, Role, Speed};
use serde_json::{json, Map, Value};

/// An index into `weights`, each index as likely as its weight.
pub fn weighted(u: &mut Unstructured<'_>, weights: &[u32]) -> Result<usize> {
    let total: u32 = weights.iter().sum();
    let mut r = u.int_in_range(0..=total.saturating_sub(1))?;
    for (i, w) in weights.iter().enumerate() {
        if r < *w {
            return Ok(i);
        }
        r -= w;
    }
    Ok(0)
}

pub fn pick<T: Copy>(u: &mut Unstructured<'_>, items: &[T]) -> Result<T> {
    u.choose(items).copied()
}

/// Up to `max` bytes of the input as text (invalid UTF-8 replaced).
pub fn raw(u: &mut Unstructured<'_>, max: usize) -> Result<String> {
    let n = u.int_in_range(0..=max)?.min(u.len());
    Ok(String::from_utf8_lossy(u.bytes(n)?).into_owned())
}

const KEY_CHARS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";

/// `n` key characters from one byte of the input (a fixed sequence per
/// byte), so that a key costs the fuzzer two bytes, not forty.
fn key_chars(u: &mut Unstructured<'_>, n: usize) -> Result<String> {
    let mut state = u32::from(u.arbitrary::<u8>()?);
    Ok((0..n)
        .map(|_| {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            char::from(KEY_CHARS[(state >> 16) as usize % KEY_CHARS.len()])
        })
        .collect())
}

/// An API-key-shaped string, or a near miss that must stay as written.
pub fn secret(u: &mut Unstructured<'_>) -> Result<String> {
    let (prefix, len) = match weighted(u, &[3, 3, 1, 1, 1])? {
        0 => ("AIza", 35),
        1 => ("sk-", u.int_in_range(20..=48)?),
        2 => ("AIza", u.int_in_range(30..=34)?),
        3 => ("sk-", u.int_in_range(10..=19)?),
        _ => ("task-", u.int_in_range(20..=30)?),
    };
    Ok(format!("{prefix}{}", key_chars(u, len)?))
}

const WORDS: &[&str] = &[
    "hello", "Receipt", "status", "sent", "the", "42", "report", "a,b", "x.", "?!",
];

/// Free text: words, API keys (sometimes touching), non-ASCII, raw bytes.
pub fn prose(u: &mut Unstructured<'_>) -> Result<String> {
    let parts = u.int_in_range(1..=8)?;
    let mut out = String::new();
    for i in 0..parts {
        if i > 0 {
            out.push_str(pick(u, &[" ", " ", "", "\n", "-", "=", "\""])?);
        }
        match weighted(u, &[3, 3, 1, 1])? {
            0 => out.push_str(pick(u, WORDS)?),
            1 => out.push_str(&secret(u)?),
            2 => out.push_str(pick(u, &["é", "ü", "😀", "\u{2028}", "日本", "\t", "<b>"])?),
            _ => out.push_str(&raw(u, 16)?),
        }
    }
    Ok(out)
}

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
    let examples = &tool.tool().declaration().examples;
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

const CLAIMS: &[&str] = &[
    "I sent it.",
    "I scheduled the review and saved the notes.",
    "I set the seats.",
    "Nothing happened.",
    "I sent the email and added the meeting to your calendar.",
    "Everything is saved to the database. I emailed learner@example.test.",
    "我已寄出郵件，並將會議加入你的行事曆。",
    "I did not send the email.",
];

/// Model decision text: mostly well formed, up to nine calls, in the
/// workbench's array or another format a decision may be written in.
pub fn decision(u: &mut Unstructured<'_>) -> Result<String> {
    Ok(match weighted(u, &[6, 2, 1])? {
        0 => {
            let mut calls = Vec::new();
            for _ in 0..u.int_in_range(0..=9)? {
                let (name, text) = request(u)?;
                // A string `args` is taken as it is; others are printed.
                let args = match serde_json::from_str::<Value>(&text) {
                    Ok(v) if u.arbitrary()? => v,
                    _ => Value::String(text),
                };
                calls.push((name, args));
            }
            let text = if u.arbitrary()? {
                Some(match weighted(u, &[3, 1])? {
                    0 => pick(u, CLAIMS)?.to_string(),
                    _ => prose(u)?,
                })
            } else {
                None
            };
            transcript(u, &calls, text)?.to_string()
        }
        1 => pick(u, &ExperimentId::ALL)?
            .experiment()
            .decision
            .to_string(),
        _ => raw(u, 60)?,
    })
}

/// The calls and text as one of the formats `turn::parse` reads, mostly
/// the workbench's array (the text last or first). OpenAI's arguments are
/// strings; the other formats' are objects, so arguments that are not one
/// reach their errors.
fn transcript(
    u: &mut Unstructured<'_>,
    calls: &[(String, Value)],
    text: Option<String>,
) -> Result<Value> {
    let string = |v: &Value| match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    let with_text = |text: Option<Value>, calls: Vec<Value>| -> Vec<Value> {
        text.into_iter().chain(calls).collect()
    };
    Ok(match weighted(u, &[5, 1, 1, 1, 1, 1])? {
        0 => {
            let mut items: Vec<Value> = calls
                .iter()
                .map(|(n, a)| json!({ "name": n, "args": a }))
                .collect();
            if let Some(t) = text {
                let at = if u.arbitrary()? { 0 } else { items.len() };
                items.insert(at, json!({ "text": t }));
            }
            Value::Array(items)
        }
        1 => json!({
            "role": "assistant",
            "content": text,
            "tool_calls": calls.iter().enumerate().map(|(i, (n, a))| json!({
                "id": format!("call_{i}"),
                "type": "function",
                "function": { "name": n, "arguments": string(a) }
            })).collect::<Vec<_>>()
        }),
        2 => Value::Array(with_text(
            text.map(|t| json!({"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": t}]})),
            calls.iter().map(|(n, a)| json!({"type": "function_call", "call_id": "c", "name": n, "arguments": string(a)})).collect(),
        )),
        3 => json!({"candidates": [{"content": {"role": "model", "parts": with_text(
            text.map(|t| json!({ "text": t })),
            calls.iter().map(|(n, a)| json!({"functionCall": {"name": n, "args": a}})).collect(),
        )}}]}),
        4 => json!({"type": "message", "role": "assistant", "content": with_text(
            text.map(|t| json!({"type": "text", "text": t})),
            calls.iter().map(|(n, a)| json!({"type": "tool_use", "id": "t", "name": n, "input": a})).collect(),
        )}),
        _ => Value::Array(
            calls
                .iter()
                .enumerate()
                .map(|(i, (n, a))| json!({"jsonrpc": "2.0", "id": i, "method": "tools/call", "params": {"name": n, "arguments": a}}))
                .collect(),
        ),
    })
}

/// What is wrong with stored or shared data.
fn damage(u: &mut Unstructured<'_>) -> Result<Damage> {
    Ok(match u.int_in_range(0..=12)? {
        0 => Damage::NotJson,
        1 => Damage::NotObject,
        2 => Damage::NoVersion,
        3 => Damage::VersionNotNumber,
        4 => Damage::NotBase64,
        5 => Damage::UnknownField(raw(u, 8)?),
        6 => Damage::NotText("key"),
        7 => Damage::NotList("rows"),
        8 => Damage::RowNotThreeStrings,
        9 => Damage::NotTextOrNull("output"),
        10 => Damage::NotBool("approved"),
        11 => Damage::UnknownValue {
            field: "role",
            value: raw(u, 8)?,
        },
        _ => Damage::NotAsWritten,
    })
}

pub fn notice(u: &mut Unstructured<'_>) -> Result<Notice> {
    Ok(match u.int_in_range(0..=11)? {
        0 => Notice::HiddenPaused,
        1 => Notice::SharedSetup,
        2 => Notice::LinkRefused(ShareError::FutureVersion {
            got: u.arbitrary()?,
        }),
        3 => Notice::LinkRefused(ShareError::Damaged { detail: damage(u)? }),
        4 => Notice::ExperimentConflict {
            link: pick(u, &ExperimentId::ALL)?.id().into(),
            query: raw(u, 8)?,
        },
        5 => Notice::BaselineUnreadable(StoredError::FutureVersion {
            got: u.arbitrary()?,
        }),
        6 => Notice::BaselineUnreadable(StoredError::Unreadable { detail: damage(u)? }),
        7 => Notice::BaselineStorageUnreadable,
        8 => Notice::BaselineKept,
        9 => Notice::HideUnknown(vec![raw(u, 8)?]),
        10 => Notice::CatalogueFailed {
            language: pick(u, &Locale::ALL)?.autonym(),
            why: gateway_core::text::CatalogueFailure::Fetch(fetch_error(u)?),
        },
        _ => Notice::BaselineUnsaved,
    })
}

/// A baseline as storage might hand it back: plain text throughout.
pub fn baseline(u: &mut Unstructured<'_>) -> Result<Baseline> {
    let mut rows = Vec::new();
    for _ in 0..u.int_in_range(0..=8)? {
        rows.push((
            pick(u, &Gate::ALL)?.id().to_string(),
            pick(u, &Verdict::ALL)?.id().to_string(),
            raw(u, 20)?,
        ));
    }
    Ok(Baseline {
        request: raw(u, 30)?,
        role: pick(u, &["Viewer", "Operator", ""])?.into(),
        hook: pick(u, &["None", "Block mutations", "Redact output"])?.into(),
        key: key(u)?,
        approved: u.arbitrary()?,
        rows,
        summary: raw(u, 30)?,
        output: if u.arbitrary()? {
            Some(prose(u)?)
        } else {
            None
        },
    })
}

/// A shared link's setup: mostly a fixture tool, sometimes any name.
pub fn setup(u: &mut Unstructured<'_>) -> Result<Setup> {
    let (tool, args) = request(u)?;
    Ok(Setup {
        experiment: pick(u, &ExperimentId::ALL)?.id().into(),
        tool,
        args,
        role: pick(u, &Role::ALL)?,
        hook: pick(u, &Hook::ALL)?,
        key: key(u)?,
        speed: pick(u, &Speed::ALL)?,
    })
}

pub fn deliverable(u: &mut Unstructured<'_>) -> Result<Deliverable> {
    Ok(match u.int_in_range(0..=2)? {
        0 => Deliverable::ShareLink,
        1 => Deliverable::NotesExport,
        _ => Deliverable::Declarations(pick(u, &Export::ALL)?),
    })
}

fn page_url(u: &mut Unstructured<'_>) -> Result<String> {
    Ok(match weighted(u, &[3, 1])? {
        0 => pick(
            u,
            &[
                "https://example.test/workbench/",
                "https://example.test/workbench/?experiment=email",
                "https://example.test/workbench/?experiment=registry#s=1.old",
                "http://localhost:8000/index.html?embed=1&hide=notes",
            ],
        )?
        .to_string(),
        _ => raw(u, 40)?,
    })
}

gateway_core::closed_enum! {
    /// One kind per [`Msg`] variant, so that the decoder's match over it is
    /// exhaustive: a new `Msg` variant fails to compile in [`kind`], and a
    /// new kind fails to compile in [`message`] until it is generated.
    pub enum Kind as "message" {
        SelectTool = "SelectTool",
        SetToolName = "SetToolName",
        LoadExample = "LoadExample",
        EditArgs = "EditArgs",
        SetRole = "SetRole",
        SetHook = "SetHook",
        SetKey = "SetKey",
        SetReuse = "SetReuse",
        Approve = "Approve",
        Revoke = "Revoke",
        Play = "Play",
        Pause = "Pause",
        NextGate = "NextGate",
        Restart = "Restart",
        ResetLedger = "ResetLedger",
        SetSpeed = "SetSpeed",
        Tick = "Tick",
        Hidden = "Hidden",
        CaptureBaseline = "CaptureBaseline",
        ClearBaseline = "ClearBaseline",
        RestoreBaseline = "RestoreBaseline",
        RestoreSetup = "RestoreSetup",
        Notice = "Notice",
        EditDecision = "EditDecision",
        StartTurn = "StartTurn",
        EndTurn = "EndTurn",
        EditNotes = "EditNotes",
        ExportNotes = "ExportNotes",
        CopyLink = "CopyLink",
        CopyExport = "CopyExport",
        DownloadExport = "DownloadExport",
        Resized = "Resized",
        FromParent = "FromParent",
        FullScreen = "FullScreen",
        FillFrame = "FillFrame",
        Stored = "Stored",
        StoreFailed = "StoreFailed",
        Copied = "Copied",
        CopyFailed = "CopyFailed",
        DownloadFailed = "DownloadFailed",
        SetLocale = "SetLocale",
        CatalogueLoaded = "CatalogueLoaded",
        UndoReplace = "UndoReplace",
        ShowGate = "ShowGate",
        WallClock = "WallClock",
        FinishRun = "FinishRun",
        Reject = "Reject",
        ChooseTool = "ChooseTool",
    }
}

/// The kind of `msg` (no wildcard: every variant is named).
pub fn kind(msg: &Msg) -> Kind {
    match msg {
        Msg::SelectTool(_) => Kind::SelectTool,
        Msg::SetToolName(_) => Kind::SetToolName,
        Msg::LoadExample(_) => Kind::LoadExample,
        Msg::EditArgs(_) => Kind::EditArgs,
        Msg::SetRole(_) => Kind::SetRole,
        Msg::SetHook(_) => Kind::SetHook,
        Msg::SetKey(_) => Kind::SetKey,
        Msg::SetReuse(_) => Kind::SetReuse,
        Msg::Approve => Kind::Approve,
        Msg::Revoke => Kind::Revoke,
        Msg::Play => Kind::Play,
        Msg::Pause => Kind::Pause,
        Msg::NextGate => Kind::NextGate,
        Msg::Restart => Kind::Restart,
        Msg::ResetLedger => Kind::ResetLedger,
        Msg::SetSpeed(_) => Kind::SetSpeed,
        Msg::Tick => Kind::Tick,
        Msg::Hidden => Kind::Hidden,
        Msg::CaptureBaseline => Kind::CaptureBaseline,
        Msg::ClearBaseline => Kind::ClearBaseline,
        Msg::RestoreBaseline(_) => Kind::RestoreBaseline,
        Msg::RestoreSetup(_) => Kind::RestoreSetup,
        Msg::Notice(_) => Kind::Notice,
        Msg::EditDecision(_) => Kind::EditDecision,
        Msg::StartTurn => Kind::StartTurn,
        Msg::EndTurn => Kind::EndTurn,
        Msg::EditNotes(_) => Kind::EditNotes,
        Msg::ExportNotes => Kind::ExportNotes,
        Msg::CopyLink { .. } => Kind::CopyLink,
        Msg::CopyExport(_) => Kind::CopyExport,
        Msg::DownloadExport(_) => Kind::DownloadExport,
        Msg::Resized { .. } => Kind::Resized,
        Msg::FromParent { .. } => Kind::FromParent,
        Msg::FullScreen(_) => Kind::FullScreen,
        Msg::FillFrame(_) => Kind::FillFrame,
        Msg::Stored(_) => Kind::Stored,
        Msg::StoreFailed(_) => Kind::StoreFailed,
        Msg::Copied(_) => Kind::Copied,
        Msg::CopyFailed(_) => Kind::CopyFailed,
        Msg::DownloadFailed(_) => Kind::DownloadFailed,
        Msg::SetLocale { .. } => Kind::SetLocale,
        Msg::CatalogueLoaded { .. } => Kind::CatalogueLoaded,
        Msg::UndoReplace => Kind::UndoReplace,
        Msg::ShowGate(_) => Kind::ShowGate,
        Msg::Reject => Kind::Reject,
        Msg::WallClock { .. } => Kind::WallClock,
        Msg::FinishRun => Kind::FinishRun,
        Msg::ChooseTool(_) => Kind::ChooseTool,
    }
}

/// A message of `kind`, its fields decoded from the bytes.
pub fn message(u: &mut Unstructured<'_>, kind: Kind) -> Result<Msg> {
    let slot = |u: &mut Unstructured<'_>| pick(u, &[Slot::Notes, Slot::Baseline, Slot::Progress]);
    Ok(match kind {
        Kind::SelectTool => Msg::SelectTool(pick(u, &ToolId::ALL)?),
        Kind::SetToolName => Msg::SetToolName(tool_name(u)?),
        Kind::ChooseTool => Msg::ChooseTool(tool_name(u)?),
        Kind::LoadExample => Msg::LoadExample(pick(u, &ExampleKind::ALL)?),
        Kind::EditArgs => Msg::EditArgs(args(u)?),
        Kind::SetRole => Msg::SetRole(pick(u, &Role::ALL)?),
        Kind::SetHook => Msg::SetHook(pick(u, &Hook::ALL)?),
        Kind::SetKey => Msg::SetKey(key(u)?),
        Kind::SetReuse => Msg::SetReuse(u.arbitrary()?),
        Kind::Approve => Msg::Approve,
        Kind::Revoke => Msg::Revoke,
        Kind::Play => Msg::Play,
        Kind::Pause => Msg::Pause,
        Kind::NextGate => Msg::NextGate,
        Kind::Restart => Msg::Restart,
        Kind::ResetLedger => Msg::ResetLedger,
        Kind::SetSpeed => Msg::SetSpeed(pick(u, &Speed::ALL)?),
        Kind::Tick => Msg::Tick,
        Kind::Hidden => Msg::Hidden,
        Kind::CaptureBaseline => Msg::CaptureBaseline,
        Kind::ClearBaseline => Msg::ClearBaseline,
        Kind::RestoreBaseline => Msg::RestoreBaseline(match weighted(u, &[3, 1])? {
            0 => baseline(u)?,
            // What storage handed back, as the opening reads it.
            _ => {
                let stored = baseline(u)?.to_stored();
                let stored = text_edits(u, &stored)?;
                Baseline::from_stored(&stored).or_else(|_| baseline(u))?
            }
        }),
        Kind::RestoreSetup => Msg::RestoreSetup(match weighted(u, &[3, 1])? {
            0 => setup(u)?,
            // A link's fragment, as the opening reads it.
            _ => {
                let fragment = setup(u)?.to_fragment();
                let fragment = text_edits(u, &fragment)?;
                match Setup::from_fragment(&fragment) {
                    Ok(Some(setup)) => setup,
                    _ => setup(u)?,
                }
            }
        }),
        Kind::Notice => Msg::Notice(notice(u)?),
        Kind::EditDecision => Msg::EditDecision(decision(u)?),
        Kind::StartTurn => Msg::StartTurn,
        Kind::EndTurn => Msg::EndTurn,
        Kind::EditNotes => Msg::EditNotes(match weighted(u, &[1, 3, 1])? {
            0 => String::new(),
            1 => raw(u, 40)?,
            _ => prose(u)?,
        }),
        Kind::ExportNotes => Msg::ExportNotes,
        Kind::CopyLink => Msg::CopyLink {
            page_url: page_url(u)?,
        },
        Kind::CopyExport => Msg::CopyExport(pick(u, &Export::ALL)?),
        Kind::DownloadExport => Msg::DownloadExport(pick(u, &Export::ALL)?),
        Kind::Resized => Msg::Resized {
            height: match weighted(u, &[3, 1])? {
                0 => pick(u, &[480, 900, 1200])?,
                _ => u.arbitrary()?,
            },
        },
        // H5P's resizer protocol, and anything else a parent may post.
        Kind::FromParent => Msg::FromParent {
            context: match weighted(u, &[3, 1])? {
                0 => "h5p".into(),
                _ => raw(u, 12)?,
            },
            action: match weighted(u, &[4, 1])? {
                0 => pick(u, &["hello", "ready", "resize", "resizePrepared"])?.into(),
                _ => raw(u, 16)?,
            },
        },
        Kind::FullScreen => Msg::FullScreen(u.arbitrary()?),
        Kind::FillFrame => Msg::FillFrame(u.arbitrary()?),
        Kind::Stored => Msg::Stored(slot(u)?),
        Kind::StoreFailed => Msg::StoreFailed(slot(u)?),
        Kind::Copied => Msg::Copied(deliverable(u)?),
        Kind::CopyFailed => Msg::CopyFailed(deliverable(u)?),
        Kind::DownloadFailed => Msg::DownloadFailed(deliverable(u)?),
        Kind::FinishRun => Msg::FinishRun,
        Kind::SetLocale => Msg::SetLocale {
            locale: pick(u, &Locale::ALL)?,
            page_url: page_url(u)?,
        },
        Kind::CatalogueLoaded => Msg::CatalogueLoaded {
            locale: pick(u, &Locale::ALL)?,
            data: catalogue(u)?,
        },
        Kind::UndoReplace => Msg::UndoReplace,
        Kind::Reject => Msg::Reject,
        Kind::ShowGate => Msg::ShowGate(pick(u, &Gate::ALL)?),
        Kind::WallClock => Msg::WallClock {
            origin_ms: u.arbitrary()?,
            utc_offset_min: u.int_in_range(-1440..=1440)?,
        },
    })
}

/// What fetching a catalogue gave: a locale's data, the same edited, any
/// text, or a failure.
/// Why a fetch failed: a status and an address, or the browser's words.
fn fetch_error(u: &mut Unstructured<'_>) -> Result<FetchError> {
    Ok(if u.arbitrary()? {
        FetchError::Status {
            status: u.arbitrary()?,
            url: raw(u, 12)?,
        }
    } else {
        FetchError::Browser(raw(u, 12)?)
    })
}

fn catalogue(u: &mut Unstructured<'_>) -> Result<Result<String, FetchError>> {
    let data = pick(u, &DATA)?.1;
    Ok(match weighted(u, &[3, 1, 1, 1])? {
        0 => Ok(data.into()),
        1 => {
            // The first 400 bytes or so, cut where a character ends.
            let cut = (0..=data.len().min(400))
                .rev()
                .find(|&i| data.is_char_boundary(i))
                .unwrap_or(0);
            Ok(text_edits(u, &data[..cut])?)
        }
        2 => Ok(raw(u, 40)?),
        _ => Err(fetch_error(u)?),
    })
}

/// How often a kind is chosen, relative to 1: the run's own controls
/// more often than the shell's reports.
fn weight(kind: Kind) -> u32 {
    match kind {
        Kind::EditArgs | Kind::Approve | Kind::Tick => 3,
        Kind::NextGate => 4,
        Kind::SetRole | Kind::Play | Kind::EditNotes | Kind::Notice => 2,
        Kind::Stored | Kind::StoreFailed | Kind::EditDecision | Kind::StartTurn => 2,
        _ => 1,
    }
}

/// Any message, every variant possible.
pub fn msg(u: &mut Unstructured<'_>) -> Result<Msg> {
    let weights = Kind::ALL.map(weight);
    let kind = Kind::ALL[weighted(u, &weights)?];
    message(u, kind)
}

/// How the shell's clock moves before a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Time {
    Same,
    Forward(u64),
    /// A shell may hand back an earlier reading.
    Back(u64),
}

impl Time {
    pub fn apply(self, now: u64) -> u64 {
        match self {
            Time::Same => now,
            Time::Forward(d) => now.saturating_add(d),
            Time::Back(d) => now.saturating_sub(d),
        }
    }
}

fn time(u: &mut Unstructured<'_>) -> Result<Time> {
    Ok(match weighted(u, &[2, 4, 2, 1])? {
        0 => Time::Same,
        1 => Time::Forward(u.int_in_range(0..=3_000)?),
        2 => Time::Forward(u.int_in_range(3_000..=120_000)?),
        _ => Time::Back(u.int_in_range(0..=60_000)?),
    })
}

/// One message, or a short burst that makes finished runs and agent turns
/// that go from call to call likely.
pub fn chunk(u: &mut Unstructured<'_>) -> Result<Vec<(Time, Msg)>> {
    let now = |m: Msg| (Time::Same, m);
    let run = |out: &mut Vec<(Time, Msg)>| {
        out.push(now(Msg::Approve));
        out.extend(std::iter::repeat_n(now(Msg::NextGate), 7));
    };
    let mut out = Vec::new();
    match weighted(u, &[8, 2, 2, 1, 1, 2])? {
        0 => out.push((time(u)?, msg(u)?)),
        1 => out.extend(std::iter::repeat_n(
            now(Msg::NextGate),
            u.int_in_range(1..=7)?,
        )),
        2 => {
            let tool = pick(u, &ToolId::ALL)?;
            out.push(now(Msg::SelectTool(tool)));
            out.push(now(Msg::EditArgs(args_for(u, tool)?)));
        }
        3 => {
            out.push(now(Msg::SetRole(Role::Operator)));
            run(&mut out);
        }
        4 => {
            out.push(now(Msg::Play));
            out.push((Time::Forward(u.int_in_range(40_000..=200_000)?), Msg::Tick));
        }
        _ => {
            out.push(now(Msg::EditDecision(decision(u)?)));
            if u.arbitrary()? {
                out.push(now(Msg::SetRole(Role::Operator)));
            }
            out.push(now(Msg::StartTurn));
            for _ in 0..u.int_in_range(0..=7)? {
                run(&mut out);
            }
        }
    }
    Ok(out)
}

/// The shell's answers to the commands of the last step: each answered
/// with success or failure, or not at all.
pub fn answers(u: &mut Unstructured<'_>, commands: &[Command]) -> Result<Vec<Msg>> {
    let mut out = Vec::new();
    for c in commands {
        let ok = weighted(u, &[4, 1, 1])?;
        let msg = match (c, ok) {
            (_, 2) => None,
            (Command::Store { slot, .. } | Command::Remove { slot, .. }, 0) => {
                Some(Msg::Stored(*slot))
            }
            (Command::Store { slot, .. } | Command::Remove { slot, .. }, _) => {
                Some(Msg::StoreFailed(*slot))
            }
            (Command::Copy { what, .. }, 0) => Some(Msg::Copied(*what)),
            (Command::Copy { what, .. }, _) => Some(Msg::CopyFailed(*what)),
            // A download has no success answer.
            (Command::Download { what, .. }, 1) => Some(Msg::DownloadFailed(*what)),
            (Command::Download { .. } | Command::Post(_) | Command::ReplaceAddress { .. }, _) => {
                None
            }
            (Command::LoadCatalogue(locale), 0) => Some(Msg::CatalogueLoaded {
                locale: *locale,
                data: Ok(DATA[*locale as usize].1.into()),
            }),
            (Command::LoadCatalogue(locale), _) => Some(Msg::CatalogueLoaded {
                locale: *locale,
                data: Err(FetchError::Status {
                    status: 404,
                    url: "x.json".into(),
                }),
            }),
        };
        out.extend(msg);
    }
    Ok(out)
}

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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    /// Every kind decodes to a message of that kind, from any bytes.
    #[test]
    fn every_kind_decodes_to_its_message() {
        for data in [&[][..], &[0xff; 64][..], &[7; 3][..]] {
            for k in Kind::ALL {
                let m = message(&mut Unstructured::new(data), k).unwrap();
                assert_eq!(kind(&m), k, "{m:?}");
            }
        }
        assert!(Kind::ALL.iter().all(|k| weight(*k) > 0));
    }
}
