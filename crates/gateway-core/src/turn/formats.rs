//! The shapes a decision may be written in, each read as its provider
//! documents it.
//!
//! Recognition looks at the top-level value (an object's keys; an array's
//! first item that says what it is) and then reads the whole decision in
//! that one format, so an error names a place of that format ("Call 2:
//! function.arguments must be a string"). Fields a provider documents
//! beyond the ones read here (ids, `status`, `index`, `annotations`,
//! `thoughtSignature`, usage, …) are ignored; the workbench's own array
//! and MCP's requests and params, whose fields are a closed list, refuse
//! an unknown field. Reasoning (Responses `reasoning` items, Anthropic
//! `thinking` blocks, Gemini parts with `thought: true`) is neither a call
//! nor the model's message and is skipped; any other kind of item is
//! refused by its `type`.

use serde_json::{Map, Value};

use super::{At, Call, DecisionError as E, Expected, Format, Place};
use crate::json::{compact, pretty, type_name};

type Obj = Map<String, Value>;
type Read = Result<(), E>;

/// What an array of items is, from its first item that says so.
#[derive(Clone, Copy)]
enum List {
    Workbench,
    ToolCalls,
    Responses,
    Parts,
    Contents,
    Blocks,
    Batch,
}

/// Keys that tell an array's format, in the order they are looked for
/// (`name` alone does not: MCP's params have one too, and `arguments` is
/// optional there).
const TELLS: &[(&str, List)] = &[
    ("function", List::ToolCalls),
    ("functionCall", List::Parts),
    ("thought", List::Parts),
    ("thoughtSignature", List::Parts),
    ("parts", List::Contents),
    ("jsonrpc", List::Batch),
    ("method", List::Batch),
    ("arguments", List::Batch),
    ("args", List::Workbench),
];

fn list_of(items: &[Value]) -> Option<List> {
    let (mut named, mut odd) = (false, false);
    for item in items {
        let Some(m) = item.as_object() else {
            // The workbench's reading says which item is not an object.
            return Some(List::Workbench);
        };
        if let Some(t) = m.get("type").and_then(Value::as_str) {
            return match t {
                "function" => Some(List::ToolCalls),
                "function_call" | "message" | "reasoning" => Some(List::Responses),
                "text" | "tool_use" | "thinking" | "redacted_thinking" => Some(List::Blocks),
                _ => None,
            };
        }
        if let Some((_, list)) = TELLS.iter().find(|(k, _)| m.contains_key(*k)) {
            return Some(*list);
        }
        named |= m.contains_key("name");
        odd |= m.keys().any(|k| k != "text");
    }
    // Calls with a name only, texts, or nothing: the workbench's array
    // (which needs a call, and says which field is missing).
    (named || !odd).then_some(List::Workbench)
}

/// Reads `value` in the format it is written in: that format, the calls
/// and the texts, in order.
pub(super) fn read(value: &Value) -> Result<(Format, Vec<Call>, Vec<String>), E> {
    let mut r = Reader::default();
    let unrecognised = E::Unrecognised {
        got: type_name(value),
    };
    let whole = At::WHOLE;
    let format = match value {
        Value::Array(items) => {
            let list = list_of(items).ok_or(unrecognised)?;
            match list {
                List::Workbench => r.workbench(items)?,
                List::ToolCalls => r.tool_calls(items)?,
                List::Responses => r.responses(items)?,
                List::Parts => r.parts(items, 0)?,
                List::Contents => r.contents(items)?,
                List::Blocks => r.blocks(items)?,
                List::Batch => {
                    for (i, item) in items.iter().enumerate() {
                        r.mcp(item, At::new(Place::Request, i + 1))?;
                    }
                }
            }
            match list {
                List::Workbench => Format::Workbench,
                List::ToolCalls => Format::ChatCompletions,
                List::Responses => Format::Responses,
                List::Parts | List::Contents => Format::Gemini,
                List::Blocks => Format::Anthropic,
                List::Batch => Format::Mcp,
            }
        }
        Value::Object(m) => {
            let has = |k| m.contains_key(k);
            if has("choices") {
                // A chat completion: its first choice's message.
                let choice = object(first(m, whole, "choices")?, whole, "choices[0]")?;
                r.chat(object(
                    get(choice, whole, "choices[0].message")?,
                    whole,
                    "choices[0].message",
                )?)?;
                Format::ChatCompletions
            } else if has("tool_calls") {
                r.chat(m)?;
                Format::ChatCompletions
            } else if has("output") {
                r.responses(array(get(m, whole, "output")?, whole, "output")?)?;
                Format::Responses
            } else if has("candidates") {
                // A response: its first candidate, as the SDKs read it.
                let c = object(first(m, whole, "candidates")?, whole, "candidates[0]")?;
                let content = get(c, whole, "candidates[0].content")?;
                r.content(object(content, whole, "candidates[0].content")?, 0)?;
                Format::Gemini
            } else if has("contents") {
                r.contents(array(get(m, whole, "contents")?, whole, "contents")?)?;
                Format::Gemini
            } else if has("parts") {
                r.content(m, 0)?;
                Format::Gemini
            } else if m.get("content").is_some_and(Value::is_array) {
                r.anthropic(m)?;
                Format::Anthropic
            } else if has("content") || has("role") {
                r.chat(m)?;
                Format::ChatCompletions
            } else if has("jsonrpc") || has("method") || has("name") {
                r.mcp(value, whole)?;
                Format::Mcp
            } else {
                return Err(unrecognised);
            }
        }
        _ => return Err(unrecognised),
    };
    Ok((format, r.calls, r.texts))
}

/// The calls and texts read so far.
#[derive(Default)]
struct Reader {
    calls: Vec<Call>,
    texts: Vec<String>,
}

impl Reader {
    fn text(&mut self, s: &str) {
        if !s.is_empty() {
            self.texts.push(s.to_owned());
        }
    }

    /// A call; arguments a format lets the model leave out (`None`) are
    /// `{}`.
    fn call(&mut self, name: &str, args: Option<&Value>) {
        self.calls.push(Call {
            name: name.to_owned(),
            args: match args {
                None => "{}".into(),
                Some(Value::String(s)) => s.clone(),
                Some(other) => pretty(other),
            },
        });
    }

    /// `[{"name", "args"} | {"text"}, …]`: nothing else in an item.
    fn workbench(&mut self, items: &[Value]) -> Read {
        for (i, item) in items.iter().enumerate() {
            let at = At::new(Place::Item, i + 1);
            let m = obj(item, at)?;
            if m.contains_key("text") {
                only(m, at, "", &["text"])?;
                self.text(string(m, at, "text")?);
            } else {
                only(m, at, "", &["name", "args"])?;
                let name = string(m, at, "name")?;
                self.call(name, Some(get(m, at, "args")?));
            }
        }
        Ok(())
    }

    /// A Chat Completions assistant message.
    fn chat(&mut self, m: &Obj) -> Read {
        let whole = At::WHOLE;
        check(m, whole, "role", &["assistant"])?;
        match m.get("content") {
            None | Some(Value::Null) => {}
            Some(Value::String(s)) => self.text(s),
            Some(Value::Array(parts)) => {
                for (i, part) in parts.iter().enumerate() {
                    let at = At::new(Place::Part, i + 1);
                    let p = obj(part, at)?;
                    if kind(p, at, "type", &["text", "refusal"])? == "text" {
                        self.text(string(p, at, "text")?);
                    }
                }
            }
            Some(other) => return Err(wrong(whole, "content", Expected::Content, other)),
        }
        match m.get("tool_calls") {
            None | Some(Value::Null) => Ok(()),
            Some(calls) => self.tool_calls(array(calls, whole, "tool_calls")?),
        }
    }

    /// `tool_calls`: `{id, type: "function", function: {name, arguments}}`.
    fn tool_calls(&mut self, items: &[Value]) -> Read {
        for (i, item) in items.iter().enumerate() {
            let at = At::new(Place::Call, i + 1);
            let m = obj(item, at)?;
            check(m, at, "type", &["function"])?;
            let f = object(get(m, at, "function")?, at, "function")?;
            let name = string(f, at, "function.name")?;
            self.call(name, Some(string_value(f, at, "function.arguments")?));
        }
        Ok(())
    }

    /// Responses API output items.
    fn responses(&mut self, items: &[Value]) -> Read {
        for (i, item) in items.iter().enumerate() {
            let at = At::new(Place::Item, i + 1);
            let m = obj(item, at)?;
            match kind(m, at, "type", &["function_call", "message", "reasoning"])? {
                "function_call" => {
                    let name = string(m, at, "name")?;
                    self.call(name, Some(string_value(m, at, "arguments")?));
                }
                "message" => {
                    check(m, at, "role", &["assistant"])?;
                    let content = array(get(m, at, "content")?, at, "content")?;
                    for (j, part) in content.iter().enumerate() {
                        let at = At { part: j + 1, ..at };
                        let p = obj(part, at)?;
                        if kind(p, at, "type", &["output_text", "refusal"])? == "output_text" {
                            self.text(string(p, at, "text")?);
                        }
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Gemini `contents`: the model's turns.
    fn contents(&mut self, items: &[Value]) -> Read {
        for (i, item) in items.iter().enumerate() {
            let at = At::new(Place::Content, i + 1);
            self.content(obj(item, at)?, i + 1)?;
        }
        Ok(())
    }

    /// A Gemini `Content`: `{role: "model", parts}`; `n` its place in
    /// `contents` (0: on its own).
    fn content(&mut self, c: &Obj, n: usize) -> Read {
        let at = if n == 0 {
            At::WHOLE
        } else {
            At::new(Place::Content, n)
        };
        check(c, at, "role", &["model"])?;
        self.parts(array(get(c, at, "parts")?, at, "parts")?, n)
    }

    /// Gemini parts: `{functionCall: {name, args}}` and `{text}`, in any
    /// order.
    fn parts(&mut self, items: &[Value], content: usize) -> Read {
        for (i, item) in items.iter().enumerate() {
            let at = if content == 0 {
                At::new(Place::Part, i + 1)
            } else {
                At {
                    part: i + 1,
                    ..At::new(Place::Content, content)
                }
            };
            let p = obj(item, at)?;
            if let Some(f) = p.get("functionCall") {
                let f = object(f, at, "functionCall")?;
                let name = string(f, at, "functionCall.name")?;
                self.call(name, object_value(f, at, "functionCall.args")?);
            } else {
                let text = string(p, at, "text")?;
                if p.get("thought") != Some(&Value::Bool(true)) {
                    self.text(text);
                }
            }
        }
        Ok(())
    }

    /// An Anthropic assistant message or Messages API response.
    fn anthropic(&mut self, m: &Obj) -> Read {
        let whole = At::WHOLE;
        check(m, whole, "role", &["assistant"])?;
        check(m, whole, "type", &["message"])?;
        self.blocks(array(get(m, whole, "content")?, whole, "content")?)
    }

    /// Anthropic content blocks: `{type: "tool_use", id, name, input}` and
    /// `{type: "text", text}`.
    fn blocks(&mut self, items: &[Value]) -> Read {
        for (i, item) in items.iter().enumerate() {
            let at = At::new(Place::Block, i + 1);
            let b = obj(item, at)?;
            match kind(
                b,
                at,
                "type",
                &["text", "tool_use", "thinking", "redacted_thinking"],
            )? {
                "text" => self.text(string(b, at, "text")?),
                "tool_use" => {
                    let name = string(b, at, "name")?;
                    let input = get(b, at, "input")?;
                    if !input.is_object() {
                        return Err(wrong(at, "input", Expected::Object, input));
                    }
                    self.call(name, Some(input));
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// An MCP `tools/call` JSON-RPC request, or its bare params.
    fn mcp(&mut self, value: &Value, at: At) -> Read {
        let m = obj(value, at)?;
        let (params, prefix) = if m.contains_key("jsonrpc") || m.contains_key("method") {
            only(m, at, "", &["jsonrpc", "id", "method", "params"])?;
            kind(m, at, "jsonrpc", &["2.0"])?;
            kind(m, at, "method", &["tools/call"])?;
            (object(get(m, at, "params")?, at, "params")?, "params.")
        } else {
            (m, "")
        };
        only(
            params,
            at,
            prefix,
            &[
                "name",
                "arguments",
                "_meta",
                "task",
                "inputResponses",
                "requestState",
            ],
        )?;
        let name = string(params, at, &format!("{prefix}name"))?;
        let args = object_value(params, at, &format!("{prefix}arguments"))?;
        self.call(name, args);
        Ok(())
    }
}

/// The last segment of a field's path: the key it has in its object.
fn key(path: &str) -> &str {
    path.rsplit(['.', ']']).next().unwrap_or(path)
}

fn obj(value: &Value, at: At) -> Result<&Obj, E> {
    value.as_object().ok_or(E::NotObject {
        at,
        got: type_name(value),
    })
}

fn wrong(at: At, field: &str, expected: Expected, got: &Value) -> E {
    E::WrongType {
        at,
        field: field.into(),
        expected,
        got: type_name(got),
    }
}

fn get<'a>(m: &'a Obj, at: At, path: &str) -> Result<&'a Value, E> {
    m.get(key(path)).ok_or_else(|| E::Missing {
        at,
        field: path.into(),
    })
}

/// `value` as an object, else an error naming the field `path`.
fn object<'a>(value: &'a Value, at: At, path: &str) -> Result<&'a Obj, E> {
    value
        .as_object()
        .ok_or_else(|| wrong(at, path, Expected::Object, value))
}

fn array<'a>(value: &'a Value, at: At, path: &str) -> Result<&'a [Value], E> {
    value
        .as_array()
        .map(Vec::as_slice)
        .ok_or_else(|| wrong(at, path, Expected::Array, value))
}

/// The first item of the array `name`.
fn first<'a>(m: &'a Obj, at: At, name: &str) -> Result<&'a Value, E> {
    array(get(m, at, name)?, at, name)?
        .first()
        .ok_or_else(|| E::Missing {
            at,
            field: format!("{name}[0]"),
        })
}

/// A required string field.
fn string<'a>(m: &'a Obj, at: At, path: &str) -> Result<&'a str, E> {
    let v = get(m, at, path)?;
    v.as_str()
        .ok_or_else(|| wrong(at, path, Expected::String, v))
}

/// A required string field, as its value (OpenAI's string `arguments`).
fn string_value<'a>(m: &'a Obj, at: At, path: &str) -> Result<&'a Value, E> {
    string(m, at, path)?;
    get(m, at, path)
}

/// An optional object field (Gemini `args`, MCP `arguments`).
fn object_value<'a>(m: &'a Obj, at: At, path: &str) -> Result<Option<&'a Value>, E> {
    match m.get(key(path)) {
        None => Ok(None),
        Some(v) => object(v, at, path).map(|_| Some(v)),
    }
}

/// A required closed field: its value, one of `allowed`.
fn kind<'a>(
    m: &'a Obj,
    at: At,
    path: &str,
    allowed: &'static [&'static str],
) -> Result<&'a str, E> {
    get(m, at, path)?;
    check(m, at, path, allowed).map(|v| v.unwrap_or_default())
}

/// An optional closed field: if present, one of `allowed`.
fn check<'a>(
    m: &'a Obj,
    at: At,
    path: &str,
    allowed: &'static [&'static str],
) -> Result<Option<&'a str>, E> {
    match m.get(key(path)) {
        None => Ok(None),
        Some(v) => match v.as_str() {
            Some(s) if allowed.contains(&s) => Ok(Some(s)),
            _ => Err(E::NotOneOf {
                at,
                field: path.into(),
                allowed,
                got: compact(v),
            }),
        },
    }
}

/// Refuses a field that is not in `allowed` (named after `prefix`).
fn only(m: &Obj, at: At, prefix: &str, allowed: &[&str]) -> Read {
    match m.keys().find(|k| !allowed.contains(&k.as_str())) {
        None => Ok(()),
        Some(k) => Err(E::UnknownField {
            at,
            field: format!("{prefix}{k}"),
        }),
    }
}
