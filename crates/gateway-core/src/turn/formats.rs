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
/// A reading step: `None` when it stopped, with why in [`Reader::error`].
type Read = Option<()>;

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
    match r.decision(value) {
        Some(format) => Ok((format, r.calls, r.texts)),
        // A shape that is none of the formats stops with no error of its own.
        None => Err(r.error.unwrap_or(E::Unrecognised {
            got: type_name(value),
        })),
    }
}

/// The calls and texts read so far, and why reading stopped: the one
/// error slot, which every step that answers `None` fills (but the
/// recognition of a shape that is none of the formats).
#[derive(Default)]
struct Reader {
    calls: Vec<Call>,
    texts: Vec<String>,
    error: Option<E>,
}

impl Reader {
    /// Recognises the format and reads the whole decision in it.
    fn decision(&mut self, value: &Value) -> Option<Format> {
        let whole = At::WHOLE;
        Some(match value {
            Value::Array(items) => {
                let list = list_of(items)?;
                match list {
                    List::Workbench => self.workbench(items)?,
                    List::ToolCalls => self.tool_calls(items)?,
                    List::Responses => self.responses(items)?,
                    List::Parts => self.parts(items, 0)?,
                    List::Contents => self.contents(items)?,
                    List::Blocks => self.blocks(items)?,
                    List::Batch => {
                        for (i, item) in items.iter().enumerate() {
                            self.mcp(item, At::new(Place::Request, i + 1))?;
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
                    let choice = self.first(m, whole, "choices")?;
                    let choice = self.object(choice, whole, "choices[0]")?;
                    let message = self.get(choice, whole, "choices[0].message")?;
                    let message = self.object(message, whole, "choices[0].message")?;
                    self.chat(message)?;
                    Format::ChatCompletions
                } else if has("tool_calls") {
                    self.chat(m)?;
                    Format::ChatCompletions
                } else if has("output") {
                    let output = self.array_field(m, whole, "output")?;
                    self.responses(output)?;
                    Format::Responses
                } else if has("candidates") {
                    // A response: its first candidate, as the SDKs read it.
                    let c = self.first(m, whole, "candidates")?;
                    let c = self.object(c, whole, "candidates[0]")?;
                    let content = self.get(c, whole, "candidates[0].content")?;
                    let content = self.object(content, whole, "candidates[0].content")?;
                    self.content(content, 0)?;
                    Format::Gemini
                } else if has("contents") {
                    let contents = self.array_field(m, whole, "contents")?;
                    self.contents(contents)?;
                    Format::Gemini
                } else if has("parts") {
                    self.content(m, 0)?;
                    Format::Gemini
                } else if m.get("content").is_some_and(Value::is_array) {
                    self.anthropic(m)?;
                    Format::Anthropic
                } else if has("content") || has("role") {
                    self.chat(m)?;
                    Format::ChatCompletions
                } else if has("jsonrpc") || has("method") || has("name") {
                    self.mcp(value, whole)?;
                    Format::Mcp
                } else {
                    return None;
                }
            }
            _ => return None,
        })
    }

    /// Stops reading: `error` is why.
    fn fail<T>(&mut self, error: E) -> Option<T> {
        self.error = Some(error);
        None
    }

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
            let m = self.obj(item, at)?;
            if m.contains_key("text") {
                self.only(m, at, "", &["text"])?;
                let text = self.string(m, at, "text")?;
                self.text(text);
            } else {
                self.only(m, at, "", &["name", "args"])?;
                let name = self.string(m, at, "name")?;
                let args = self.get(m, at, "args")?;
                self.call(name, Some(args));
            }
        }
        Some(())
    }

    /// A Chat Completions assistant message.
    fn chat(&mut self, m: &Obj) -> Read {
        let whole = At::WHOLE;
        self.check(m, whole, "role", &["assistant"])?;
        match m.get("content") {
            None | Some(Value::Null) => {}
            Some(Value::String(s)) => self.text(s),
            Some(Value::Array(parts)) => {
                for (i, part) in parts.iter().enumerate() {
                    let at = At::new(Place::Part, i + 1);
                    let p = self.obj(part, at)?;
                    if self.kind(p, at, "type", &["text", "refusal"])? == "text" {
                        let text = self.string(p, at, "text")?;
                        self.text(text);
                    }
                }
            }
            Some(other) => return self.wrong(whole, "content", Expected::Content, other),
        }
        match m.get("tool_calls") {
            None | Some(Value::Null) => Some(()),
            Some(calls) => {
                let calls = self.array(calls, whole, "tool_calls")?;
                self.tool_calls(calls)
            }
        }
    }

    /// `tool_calls`: `{id, type: "function", function: {name, arguments}}`.
    fn tool_calls(&mut self, items: &[Value]) -> Read {
        for (i, item) in items.iter().enumerate() {
            let at = At::new(Place::Call, i + 1);
            let m = self.obj(item, at)?;
            self.check(m, at, "type", &["function"])?;
            let f = self.get(m, at, "function")?;
            let f = self.object(f, at, "function")?;
            let name = self.string(f, at, "function.name")?;
            let args = self.string_value(f, at, "function.arguments")?;
            self.call(name, Some(args));
        }
        Some(())
    }

    /// Responses API output items.
    fn responses(&mut self, items: &[Value]) -> Read {
        for (i, item) in items.iter().enumerate() {
            let at = At::new(Place::Item, i + 1);
            let m = self.obj(item, at)?;
            match self.kind(m, at, "type", &["function_call", "message", "reasoning"])? {
                "function_call" => {
                    let name = self.string(m, at, "name")?;
                    let args = self.string_value(m, at, "arguments")?;
                    self.call(name, Some(args));
                }
                "message" => {
                    self.check(m, at, "role", &["assistant"])?;
                    let content = self.array_field(m, at, "content")?;
                    for (j, part) in content.iter().enumerate() {
                        let at = At { part: j + 1, ..at };
                        let p = self.obj(part, at)?;
                        if self.kind(p, at, "type", &["output_text", "refusal"])? == "output_text" {
                            let text = self.string(p, at, "text")?;
                            self.text(text);
                        }
                    }
                }
                _ => {}
            }
        }
        Some(())
    }

    /// Gemini `contents`: the model's turns.
    fn contents(&mut self, items: &[Value]) -> Read {
        for (i, item) in items.iter().enumerate() {
            let at = At::new(Place::Content, i + 1);
            let c = self.obj(item, at)?;
            self.content(c, i + 1)?;
        }
        Some(())
    }

    /// A Gemini `Content`: `{role: "model", parts}`; `n` its place in
    /// `contents` (0: on its own).
    fn content(&mut self, c: &Obj, n: usize) -> Read {
        let at = if n == 0 {
            At::WHOLE
        } else {
            At::new(Place::Content, n)
        };
        self.check(c, at, "role", &["model"])?;
        let parts = self.array_field(c, at, "parts")?;
        self.parts(parts, n)
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
            let p = self.obj(item, at)?;
            if let Some(f) = p.get("functionCall") {
                let f = self.object(f, at, "functionCall")?;
                let name = self.string(f, at, "functionCall.name")?;
                let args = self.object_value(f, at, "functionCall.args")?;
                self.call(name, args);
            } else {
                let text = self.string(p, at, "text")?;
                if p.get("thought") != Some(&Value::Bool(true)) {
                    self.text(text);
                }
            }
        }
        Some(())
    }

    /// An Anthropic assistant message or Messages API response.
    fn anthropic(&mut self, m: &Obj) -> Read {
        let whole = At::WHOLE;
        self.check(m, whole, "role", &["assistant"])?;
        self.check(m, whole, "type", &["message"])?;
        let content = self.array_field(m, whole, "content")?;
        self.blocks(content)
    }

    /// Anthropic content blocks: `{type: "tool_use", id, name, input}` and
    /// `{type: "text", text}`.
    fn blocks(&mut self, items: &[Value]) -> Read {
        for (i, item) in items.iter().enumerate() {
            let at = At::new(Place::Block, i + 1);
            let b = self.obj(item, at)?;
            match self.kind(
                b,
                at,
                "type",
                &["text", "tool_use", "thinking", "redacted_thinking"],
            )? {
                "text" => {
                    let text = self.string(b, at, "text")?;
                    self.text(text);
                }
                "tool_use" => {
                    let name = self.string(b, at, "name")?;
                    let input = self.get(b, at, "input")?;
                    if !input.is_object() {
                        return self.wrong(at, "input", Expected::Object, input);
                    }
                    self.call(name, Some(input));
                }
                _ => {}
            }
        }
        Some(())
    }

    /// An MCP `tools/call` JSON-RPC request, or its bare params.
    fn mcp(&mut self, value: &Value, at: At) -> Read {
        let m = self.obj(value, at)?;
        let (params, prefix) = if m.contains_key("jsonrpc") || m.contains_key("method") {
            self.only(m, at, "", &["jsonrpc", "id", "method", "params"])?;
            self.kind(m, at, "jsonrpc", &["2.0"])?;
            self.kind(m, at, "method", &["tools/call"])?;
            let params = self.get(m, at, "params")?;
            (self.object(params, at, "params")?, "params.")
        } else {
            (m, "")
        };
        self.only(
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
        let name = self.string(params, at, &[prefix, "name"].concat())?;
        let args = self.object_value(params, at, &[prefix, "arguments"].concat())?;
        self.call(name, args);
        Some(())
    }

    fn obj<'a>(&mut self, value: &'a Value, at: At) -> Option<&'a Obj> {
        match value.as_object() {
            Some(m) => Some(m),
            None => self.fail(E::NotObject {
                at,
                got: type_name(value),
            }),
        }
    }

    fn wrong<T>(&mut self, at: At, field: &str, expected: Expected, got: &Value) -> Option<T> {
        self.fail(E::WrongType {
            at,
            field: field.into(),
            expected,
            got: type_name(got),
        })
    }

    fn get<'a>(&mut self, m: &'a Obj, at: At, path: &str) -> Option<&'a Value> {
        match m.get(key(path)) {
            Some(v) => Some(v),
            None => self.fail(E::Missing {
                at,
                field: path.into(),
            }),
        }
    }

    /// `value` as an object, else an error naming the field `path`.
    fn object<'a>(&mut self, value: &'a Value, at: At, path: &str) -> Option<&'a Obj> {
        match value.as_object() {
            Some(m) => Some(m),
            None => self.wrong(at, path, Expected::Object, value),
        }
    }

    fn array<'a>(&mut self, value: &'a Value, at: At, path: &str) -> Option<&'a [Value]> {
        match value.as_array() {
            Some(a) => Some(a),
            None => self.wrong(at, path, Expected::Array, value),
        }
    }

    /// The required array field `path`.
    fn array_field<'a>(&mut self, m: &'a Obj, at: At, path: &str) -> Option<&'a [Value]> {
        let v = self.get(m, at, path)?;
        self.array(v, at, path)
    }

    /// The first item of the array `name`.
    fn first<'a>(&mut self, m: &'a Obj, at: At, name: &str) -> Option<&'a Value> {
        match self.array_field(m, at, name)?.first() {
            Some(v) => Some(v),
            None => self.fail(E::Missing {
                at,
                field: [name, "[0]"].concat(),
            }),
        }
    }

    /// A required string field.
    fn string<'a>(&mut self, m: &'a Obj, at: At, path: &str) -> Option<&'a str> {
        self.string_value(m, at, path)?.as_str()
    }

    /// A required string field, as its value (OpenAI's string `arguments`).
    fn string_value<'a>(&mut self, m: &'a Obj, at: At, path: &str) -> Option<&'a Value> {
        let v = self.get(m, at, path)?;
        match v {
            Value::String(_) => Some(v),
            _ => self.wrong(at, path, Expected::String, v),
        }
    }

    /// An optional object field (Gemini `args`, MCP `arguments`).
    fn object_value<'a>(&mut self, m: &'a Obj, at: At, path: &str) -> Option<Option<&'a Value>> {
        match m.get(key(path)) {
            None => Some(None),
            Some(v) => self.object(v, at, path).map(|_| Some(v)),
        }
    }

    /// A required closed field: its value, one of `allowed`.
    fn kind<'a>(
        &mut self,
        m: &'a Obj,
        at: At,
        path: &str,
        allowed: &'static [&'static str],
    ) -> Option<&'a str> {
        self.get(m, at, path)?;
        self.check(m, at, path, allowed)
            .map(Option::unwrap_or_default)
    }

    /// An optional closed field: if present, one of `allowed`.
    fn check<'a>(
        &mut self,
        m: &'a Obj,
        at: At,
        path: &str,
        allowed: &'static [&'static str],
    ) -> Option<Option<&'a str>> {
        match m.get(key(path)) {
            None => Some(None),
            Some(v) => match v.as_str() {
                Some(s) if allowed.contains(&s) => Some(Some(s)),
                _ => self.fail(E::NotOneOf {
                    at,
                    field: path.into(),
                    allowed,
                    got: compact(v),
                }),
            },
        }
    }

    /// Refuses a field that is not in `allowed` (named after `prefix`).
    fn only(&mut self, m: &Obj, at: At, prefix: &str, allowed: &[&str]) -> Read {
        match m.keys().find(|k| !allowed.contains(&k.as_str())) {
            None => Some(()),
            Some(k) => self.fail(E::UnknownField {
                at,
                field: [prefix, k].concat(),
            }),
        }
    }
}

/// The last segment of a field's path: the key it has in its object.
fn key(path: &str) -> &str {
    path.rsplit(['.', ']']).next().unwrap_or(path)
}
