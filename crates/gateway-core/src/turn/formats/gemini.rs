//! Gemini's shapes: parts, a `Content`, the model's `contents`, a
//! `generateContent` response and a stream of them, and a request body.
//! Each is read in the API's camelCase (`functionCall`) or as google-genai
//! dumps it in Python (`model_dump()`: snake_case, `function_call`, every
//! unset field `null`); a `null` field counts as absent.

use serde_json::Value;

use super::{inside, str_of, Obj, Read, Reader};
use crate::turn::{At, Fault, Form, Partial, Place};

/// Part fields that are neither a call nor text, skipped in a model turn
/// (camelCase names; their snake_case forms are read too).
const OTHER_PARTS: &[&str] = &[
    "inlineData",
    "fileData",
    "executableCode",
    "codeExecutionResult",
    "functionResponse",
    "toolCall",
    "toolResponse",
];

/// `camel` in snake_case: `functionCall` → `function_call`.
fn snake(camel: &str) -> String {
    let mut out = String::with_capacity(camel.len() + 4);
    for c in camel.chars() {
        if c.is_ascii_uppercase() {
            out.push('_');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// The field `camel`, or its snake_case form, unless `null`: the name it
/// is written under, and its value.
fn field<'a>(m: &'a Obj, camel: &str) -> Option<(String, &'a Value)> {
    let written = |name: String| Some((m.get(&name).filter(|v| !v.is_null())?, name));
    let (value, name) = written(camel.to_owned()).or_else(|| written(snake(camel)))?;
    Some((name, value))
}

/// `contents` with a turn that is not the model's is a request body;
/// otherwise the model's turns.
pub(super) fn contents_shape(m: &Obj) -> Form {
    let others = m
        .get("contents")
        .and_then(Value::as_array)
        .is_some_and(|items| {
            items.iter().any(|c| {
                c.get("role")
                    .and_then(Value::as_str)
                    .is_some_and(|r| r != "model")
            })
        });
    if others {
        Form::GeminiRequest
    } else {
        Form::GeminiContents
    }
}

impl Reader {
    /// `contents` of model turns: every turn's parts, in order.
    pub(super) fn contents(&mut self, m: &Obj) -> Read {
        let items = self.array_field(m, At::WHOLE, "contents")?;
        for (i, item) in items.iter().enumerate() {
            let at = At::new(Place::Content, i + 1);
            let c = self.obj(item, at)?;
            self.content(c, Some(at))?;
        }
        Some(())
    }

    /// A `Content`: `{role: "model", parts}`, at `at` in `contents` (or on
    /// its own).
    pub(super) fn content(&mut self, c: &Obj, at: Option<At>) -> Read {
        let whole = at.unwrap_or(At::WHOLE);
        self.check(c, whole, "role", &["model"])?;
        let parts = self.array_field(c, whole, "parts")?;
        self.parts(parts, at)
    }

    /// A response: its first candidate's content (the others said left
    /// out).
    pub(super) fn gemini_response(&mut self, m: &Obj) -> Read {
        let whole = At::WHOLE;
        let c = self.first(m, whole, "candidates", |of| Partial::Candidates { of })?;
        let c = self.object(c, whole, "candidates[0]")?;
        match c.get("content").filter(|v| !v.is_null()) {
            Some(content) => {
                let content = self.object(content, whole, "candidates[0].content")?;
                self.content(content, None)
            }
            None => self.fail(Fault::Missing {
                at: whole,
                field: "candidates[0].content".into(),
            }),
        }
    }

    /// A stream of responses (`generate_content_stream`): each chunk's
    /// first candidate's parts in order, text pieces joined. The last
    /// chunk's candidate carries a `finishReason`.
    pub(super) fn gemini_chunks(&mut self, chunks: &[Value]) -> Read {
        let (mut candidates, mut finished) = (1, false);
        self.glue = true;
        for (i, chunk) in chunks.iter().enumerate() {
            let at = At::new(Place::Chunk, i + 1);
            let m = self.obj(chunk, at)?;
            let list = self.array_field(m, at, "candidates")?;
            candidates = candidates.max(list.len());
            let Some(first) = list.first() else { continue };
            let c = self.object(first, at, "candidates[0]")?;
            finished = field(c, "finishReason").is_some();
            let Some((name, content)) = field(c, "content") else {
                continue;
            };
            let content = self.object(content, at, &format!("candidates[0].{name}"))?;
            self.check(content, at, "role", &["model"])?;
            let parts = self.array_field(content, at, "parts")?;
            self.parts(parts, Some(at))?;
        }
        if !finished {
            return self.fail(Fault::Unfinished {
                last: "finishReason",
            });
        }
        self.glue = false;
        self.partial.push(Partial::Stream {
            chunks: chunks.len(),
        });
        if candidates > 1 {
            self.partial.push(Partial::Candidates { of: candidates });
        }
        Some(())
    }

    /// A request body: `contents` of user and model turns. A user turn's
    /// `functionResponse` parts are results, matched to calls by id, else
    /// by name in order.
    pub(super) fn gemini_request(&mut self, m: &Obj) -> Read {
        let items = self.array_field(m, At::WHOLE, "contents")?;
        for (i, item) in items.iter().enumerate() {
            let at = At::new(Place::Content, i + 1);
            let c = self.obj(item, at)?;
            if c.get("role").and_then(Value::as_str) == Some("model") {
                self.assistant_turn();
                self.content(c, Some(at))?;
                continue;
            }
            let parts = self.array_field(c, at, "parts")?;
            for (j, part) in parts.iter().enumerate() {
                let at = At { part: j + 1, ..at };
                let p = self.obj(part, at)?;
                if let Some((name, f)) = field(p, "functionResponse") {
                    let f = self.object(f, at, &name)?;
                    let response = f.get("response");
                    self.answer(
                        str_of(f, "id"),
                        Some(str_of(f, "name").unwrap_or_default()),
                        response,
                    );
                }
            }
        }
        Some(())
    }

    /// Parts: `{functionCall: {name, args}}` and `{text}`, in any order;
    /// `within` a content (or on their own).
    pub(super) fn parts(&mut self, items: &[Value], within: Option<At>) -> Read {
        for (i, item) in items.iter().enumerate() {
            let at = inside(within, Place::Part, i + 1);
            let p = self.obj(item, at)?;
            if let Some((name, f)) = field(p, "functionCall") {
                let f = self.object(f, at, &name)?;
                let fname = self.string(f, at, &format!("{name}.name"))?;
                let args = self.object_value(f, at, &format!("{name}.args"))?;
                self.call(str_of(f, "id"), fname, args);
            } else if p.get("text").is_some_and(|t| !t.is_null()) {
                let text = self.string(p, at, "text")?;
                if p.get("thought") != Some(&Value::Bool(true)) {
                    self.text(text);
                }
            } else if !OTHER_PARTS.iter().any(|k| field(p, k).is_some()) {
                return self.fail(Fault::Missing {
                    at,
                    field: "text".into(),
                });
            }
        }
        Some(())
    }
}
