//! The shapes a decision may be written in, each read as its provider
//! documents it and its SDK dumps it.
//!
//! Recognition ([`form_of`]) looks at the top-level value (an object's
//! keys; an array's first item that says what it is) and names one
//! [`Form`]; the whole decision is then read in that one shape, so an
//! error names it and a place of it ("OpenAI Chat Completions (an
//! assistant message): Call 2: function.arguments must be a string").
//! Fields a provider documents beyond the ones read here (ids, `status`,
//! `index`, `annotations`, `thoughtSignature`, usage, a dump's `null`
//! fields, …) are ignored; the workbench's own array and MCP's requests
//! and params, whose fields are a closed list, refuse an unknown field.
//! Reasoning (Responses `reasoning` items, Anthropic `thinking` blocks,
//! Gemini parts with `thought: true`) is neither a call nor the model's
//! message and is skipped; any other kind of item is refused by its
//! `type`.
//!
//! Each provider's shapes are read in its own file (`openai.rs`,
//! `gemini.rs`, `anthropic.rs`, `mcp.rs`); `request.rs` settles a request
//! body: which calls replay and which are history.

use serde_json::{Map, Value};

use super::{At, Call, Decision, Expected, Fault, Form, Partial, Place};
use crate::json::{compact, pretty, quote, type_name};

mod anthropic;
mod gemini;
mod mcp;
mod openai;
mod request;

type E = super::DecisionError;
type Obj = Map<String, Value>;
/// A reading step: `None` when it stopped, with why in [`Reader::fault`].
type Read = Option<()>;

/// Anthropic's stream event types.
const ANTHROPIC_EVENTS: &[&str] = &[
    "message_start",
    "content_block_start",
    "content_block_delta",
    "content_block_stop",
    "message_delta",
    "message_stop",
    "ping",
];

/// Keys that tell an array's shape, in the order they are looked for
/// (`name` alone does not: MCP's params have one too, and `arguments` is
/// optional there).
const TELLS: &[(&str, Form)] = &[
    ("function", Form::ChatToolCalls),
    ("candidates", Form::GeminiChunks),
    ("functionCall", Form::GeminiParts),
    ("function_call", Form::GeminiParts),
    ("thought", Form::GeminiParts),
    ("thoughtSignature", Form::GeminiParts),
    ("parts", Form::GeminiContents),
    ("jsonrpc", Form::McpBatch),
    ("method", Form::McpBatch),
    ("arguments", Form::McpBatch),
    ("args", Form::Workbench),
];

/// The shape of an array, from its first item that says what it is.
fn list_of(items: &[Value]) -> Option<Form> {
    let (mut named, mut odd) = (false, false);
    for item in items {
        let Some(m) = item.as_object() else {
            // The workbench's reading says which item is not an object.
            return Some(Form::Workbench);
        };
        if m.get("object").and_then(Value::as_str) == Some("chat.completion.chunk") {
            return Some(Form::ChatChunks);
        }
        if let Some(t) = m.get("type").and_then(Value::as_str) {
            return match t {
                "function" => Some(Form::ChatToolCalls),
                "function_call" | "message" | "reasoning" => Some(Form::ResponsesItems),
                "text" | "tool_use" | "thinking" | "redacted_thinking" => {
                    Some(Form::AnthropicBlocks)
                }
                t if ANTHROPIC_EVENTS.contains(&t) => Some(Form::AnthropicEvents),
                t if t.starts_with("response.") => Some(Form::ResponsesEvents),
                _ => None,
            };
        }
        if let Some((_, shape)) = TELLS.iter().find(|(k, _)| m.contains_key(*k)) {
            return Some(*shape);
        }
        named |= m.contains_key("name");
        odd |= m.keys().any(|k| k != "text");
    }
    // Calls with a name only, texts, or nothing: the workbench's array
    // (which needs a call, and says which field is missing).
    (named || !odd).then_some(Form::Workbench)
}

/// The shape `value` is written in, or `None` for none of them.
fn form_of(value: &Value) -> Option<Form> {
    let m = match value {
        Value::Array(items) => return list_of(items),
        Value::Object(m) => m,
        _ => return None,
    };
    let has = |k| m.contains_key(k);
    Some(
        if m.get("object").and_then(Value::as_str) == Some("chat.completion.chunk") {
            Form::ChatChunks
        } else if has("choices") {
            Form::ChatCompletion
        } else if has("tool_calls") {
            Form::ChatMessage
        } else if has("output") {
            Form::ResponsesResponse
        } else if has("input") {
            Form::ResponsesRequest
        } else if has("candidates") {
            Form::GeminiResponse
        } else if has("contents") {
            gemini::contents_shape(m)
        } else if has("parts") {
            Form::GeminiContent
        } else if has("messages") {
            request::messages_shape(m)
        } else if m.get("content").is_some_and(Value::is_array) {
            Form::AnthropicMessage
        } else if has("content") || has("role") {
            Form::ChatMessage
        } else if has("jsonrpc") || has("method") {
            Form::McpRequest
        } else if has("name") {
            Form::McpParams
        } else {
            return None;
        },
    )
}

/// What a value that is none of the shapes looks like: its type, and an
/// object's (or an array's first object's) first keys.
fn seen(value: &Value) -> String {
    fn keys(m: &Obj) -> String {
        let mut shown: Vec<String> = m.keys().take(4).map(|k| quote(k)).collect();
        if m.len() > 4 {
            shown.push("…".into());
        }
        format!("{{{}}}", shown.join(", "))
    }
    match value {
        Value::Object(m) => format!("object {}", keys(m)),
        Value::Array(items) => match items.first() {
            Some(Value::Object(m)) => format!("array of objects {}", keys(m)),
            Some(first) => format!("array of {}", type_name(first)),
            None => "array".into(),
        },
        other => type_name(other).into(),
    }
}

/// Reads `value` in the shape it is written in.
pub(super) fn read(value: &Value) -> Result<Decision, E> {
    let Some(shape) = form_of(value) else {
        return Err(E::Unrecognised { got: seen(value) });
    };
    let mut r = Reader::default();
    let fault = |fault| E::In { shape, fault };
    if r.shape(shape, value).is_none() {
        return Err(fault(r.fault.unwrap_or(Fault::NoCall)));
    }
    let (calls, history) = if shape.is_request() {
        r.settle().map_err(fault)?
    } else {
        (std::mem::take(&mut r.calls), Vec::new())
    };
    if calls.is_empty() {
        return Err(fault(Fault::NoCall));
    }
    Ok(Decision {
        shape,
        calls,
        text: (!r.texts.is_empty()).then(|| r.texts.join("\n\n")),
        history,
        partial: r.partial,
    })
}

/// A result a request body holds for one of its calls.
struct Answer {
    /// The id of the call it answers, where the format has one.
    id: Option<String>,
    /// The name of the tool it answers (Gemini).
    name: Option<String>,
    /// How many calls stood before it: it answers one of those.
    after: usize,
    text: String,
}

/// The calls and texts read so far, and why reading stopped: the one
/// fault slot, which every step that answers `None` fills.
#[derive(Default)]
struct Reader {
    calls: Vec<Call>,
    /// Each call's id, where its format gives one.
    ids: Vec<Option<String>>,
    /// Each call's assistant turn in a request body (0 elsewhere).
    turns: Vec<usize>,
    texts: Vec<String>,
    /// Whether text pieces continue the text just before them (a stream's
    /// pieces).
    glue: bool,
    /// Whether the last thing read was text (no call since).
    open: bool,
    /// The assistant turns of a request body seen so far.
    turn: usize,
    answers: Vec<Answer>,
    partial: Vec<Partial>,
    fault: Option<Fault>,
}

impl Reader {
    /// Reads the whole decision in `shape`.
    fn shape(&mut self, shape: Form, value: &Value) -> Read {
        let whole = At::WHOLE;
        // Recognition gave an object's shapes to an object and a list's to
        // an array (a stream of chunks: either).
        let empty = Obj::new();
        let m = value.as_object().unwrap_or(&empty);
        let items = value
            .as_array()
            .map_or(std::slice::from_ref(value), Vec::as_slice);
        match shape {
            Form::Workbench => self.workbench(items),
            Form::ChatMessage => self.chat(m, whole),
            Form::ChatCompletion => self.completion(m),
            Form::ChatToolCalls => self.tool_calls(items, None),
            Form::ChatChunks => self.chat_chunks(items),
            Form::ChatRequest => self.chat_request(m),
            Form::ResponsesItems => self.responses(items),
            Form::ResponsesResponse => {
                let output = self.array_field(m, whole, "output")?;
                self.responses(output)
            }
            Form::ResponsesEvents => self.responses_events(items),
            Form::ResponsesRequest => self.responses_request(m),
            Form::GeminiParts => self.parts(items, None),
            Form::GeminiContent => self.content(m, None),
            Form::GeminiContents => self.contents(m),
            Form::GeminiResponse => self.gemini_response(m),
            Form::GeminiChunks => self.gemini_chunks(items),
            Form::GeminiRequest => self.gemini_request(m),
            Form::AnthropicMessage => self.anthropic(m),
            Form::AnthropicBlocks => self.blocks(items, None),
            Form::AnthropicEvents => self.anthropic_events(items),
            Form::AnthropicRequest => self.anthropic_request(m),
            Form::McpRequest | Form::McpParams => self.mcp(value, whole),
            Form::McpBatch => {
                for (i, item) in items.iter().enumerate() {
                    self.mcp(item, At::new(Place::Request, i + 1))?;
                }
                Some(())
            }
        }
    }

    /// Stops reading: `fault` is why.
    fn fail<T>(&mut self, fault: Fault) -> Option<T> {
        self.fault = Some(fault);
        None
    }

    /// A piece of the model's text.
    fn text(&mut self, s: &str) {
        if s.is_empty() {
            return;
        }
        match self.texts.last_mut() {
            Some(last) if self.glue && self.open => last.push_str(s),
            _ => self.texts.push(s.to_owned()),
        }
        self.open = true;
    }

    /// A call; arguments a format lets the model leave out (`None`) are
    /// `{}`.
    fn call(&mut self, id: Option<&str>, name: &str, args: Option<&Value>) {
        self.calls.push(Call {
            name: name.to_owned(),
            args: match args {
                None => "{}".into(),
                Some(Value::String(s)) => s.clone(),
                Some(other) => pretty(other),
            },
        });
        self.ids.push(id.map(str::to_owned));
        self.turns.push(self.turn);
        self.open = false;
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
                self.call(None, name, Some(args));
            }
        }
        Some(())
    }

    fn obj<'a>(&mut self, value: &'a Value, at: At) -> Option<&'a Obj> {
        match value.as_object() {
            Some(m) => Some(m),
            None => self.fail(Fault::NotObject {
                at,
                got: type_name(value),
            }),
        }
    }

    fn wrong<T>(&mut self, at: At, field: &str, expected: Expected, got: &Value) -> Option<T> {
        self.fail(Fault::WrongType {
            at,
            field: field.into(),
            expected,
            got: type_name(got),
        })
    }

    fn get<'a>(&mut self, m: &'a Obj, at: At, path: &str) -> Option<&'a Value> {
        match m.get(key(path)) {
            Some(v) => Some(v),
            None => self.fail(Fault::Missing {
                at,
                field: path.into(),
            }),
        }
    }

    /// `value` as an object, else a fault naming the field `path`.
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

    /// The first item of the array `name`; more than one is said as
    /// `partial` of their number.
    fn first<'a>(
        &mut self,
        m: &'a Obj,
        at: At,
        name: &str,
        partial: fn(usize) -> Partial,
    ) -> Option<&'a Value> {
        let items = self.array_field(m, at, name)?;
        if items.len() > 1 {
            self.partial.push(partial(items.len()));
        }
        match items.first() {
            Some(v) => Some(v),
            None => self.fail(Fault::Missing {
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

    /// An optional object field (Gemini `args`, MCP `arguments`); `null`
    /// is left out.
    fn object_value<'a>(&mut self, m: &'a Obj, at: At, path: &str) -> Option<Option<&'a Value>> {
        match m.get(key(path)) {
            None | Some(Value::Null) => Some(None),
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
                _ => self.fail(Fault::NotOneOf {
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
            Some(k) => self.fail(Fault::UnknownField {
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

/// An optional string field's value (an id), `null` and other types left
/// out.
fn str_of<'a>(m: &'a Obj, name: &str) -> Option<&'a str> {
    m.get(name).and_then(Value::as_str)
}

/// A place inside `within` (its `n`th part), or the `n`th `place` on its
/// own.
fn inside(within: Option<At>, place: Place, n: usize) -> At {
    match within {
        Some(at) => At { part: n, ..at },
        None => At::new(place, n),
    }
}
