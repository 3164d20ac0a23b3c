//! OpenAI's shapes: Chat Completions (an assistant message, a completion,
//! a `tool_calls` array, a stream of chunks, a request body) and Responses
//! (output items, a `Response`, its stream events, a request body).

use serde_json::Value;

use super::{inside, str_of, Obj, Read, Reader};
use crate::turn::{At, Expected, Fault, Partial, Place};

impl Reader {
    /// A Chat Completions assistant message, at `at` (a request body's
    /// message, or the whole decision).
    pub(super) fn chat(&mut self, m: &Obj, at: At) -> Read {
        self.check(m, at, "role", &["assistant"])?;
        match m.get("content") {
            None | Some(Value::Null) => {}
            Some(Value::String(s)) => self.text(s),
            Some(Value::Array(parts)) => {
                for (i, part) in parts.iter().enumerate() {
                    let at = inside(Some(at).filter(|a| a.n > 0), Place::Part, i + 1);
                    let p = self.obj(part, at)?;
                    if self.kind(p, at, "type", &["text", "refusal"])? == "text" {
                        let text = self.string(p, at, "text")?;
                        self.text(text);
                    }
                }
            }
            Some(other) => return self.wrong(at, "content", Expected::Content, other),
        }
        match m.get("tool_calls") {
            None | Some(Value::Null) => Some(()),
            Some(calls) => {
                let calls = self.array(calls, at, "tool_calls")?;
                self.tool_calls(calls, Some(at).filter(|a| a.n > 0))
            }
        }
    }

    /// A completion: its first choice's message (the others said left out).
    pub(super) fn completion(&mut self, m: &Obj) -> Read {
        let whole = At::WHOLE;
        let choice = self.first(m, whole, "choices", |of| Partial::Choices { of })?;
        let choice = self.object(choice, whole, "choices[0]")?;
        let message = self.get(choice, whole, "choices[0].message")?;
        let message = self.object(message, whole, "choices[0].message")?;
        self.chat(message, whole)
    }

    /// `tool_calls`: `{id, type: "function", function: {name, arguments}}`;
    /// `within` a request body's message, or on their own.
    pub(super) fn tool_calls(&mut self, items: &[Value], within: Option<At>) -> Read {
        for (i, item) in items.iter().enumerate() {
            let at = inside(within, Place::Call, i + 1);
            let m = self.obj(item, at)?;
            self.check(m, at, "type", &["function"])?;
            let f = self.get(m, at, "function")?;
            let f = self.object(f, at, "function")?;
            let name = self.string(f, at, "function.name")?;
            let args = self.string_value(f, at, "function.arguments")?;
            self.call(str_of(m, "id"), name, Some(args));
        }
        Some(())
    }

    /// A stream of `chat.completion.chunk` objects: the first choice's
    /// content pieces joined, and its tool calls' argument pieces joined
    /// by their `index`. Ends with a chunk whose `finish_reason` is set.
    pub(super) fn chat_chunks(&mut self, chunks: &[Value]) -> Read {
        /// One call as its pieces arrive: index, id, name, arguments.
        struct Piece {
            index: u64,
            id: Option<String>,
            name: String,
            args: String,
        }
        let (mut text, mut pieces, mut choices, mut finished) =
            (String::new(), Vec::<Piece>::new(), 1, false);
        for (i, chunk) in chunks.iter().enumerate() {
            let at = At::new(Place::Chunk, i + 1);
            let c = self.obj(chunk, at)?;
            self.kind(c, at, "object", &["chat.completion.chunk"])?;
            for choice in self.array_field(c, at, "choices")? {
                let choice = self.object(choice, at, "choices[]")?;
                let index = choice.get("index").and_then(Value::as_u64).unwrap_or(0);
                choices = choices.max(index.saturating_add(1));
                if index != 0 {
                    continue;
                }
                finished |= choice.get("finish_reason").is_some_and(|f| !f.is_null());
                let Some(delta) = choice.get("delta").and_then(Value::as_object) else {
                    continue;
                };
                if let Some(s) = str_of(delta, "content") {
                    text.push_str(s);
                }
                let calls = match delta.get("tool_calls") {
                    None | Some(Value::Null) => continue,
                    Some(calls) => self.array(calls, at, "choices[0].delta.tool_calls")?,
                };
                for call in calls {
                    let call = self.object(call, at, "choices[0].delta.tool_calls[]")?;
                    let index = call.get("index").and_then(Value::as_u64).unwrap_or(0);
                    let slot = match pieces.iter().position(|p| p.index == index) {
                        Some(slot) => slot,
                        None => {
                            pieces.push(Piece {
                                index,
                                id: None,
                                name: String::new(),
                                args: String::new(),
                            });
                            pieces.len() - 1
                        }
                    };
                    let piece = &mut pieces[slot];
                    if let Some(id) = str_of(call, "id") {
                        piece.id = Some(id.to_owned());
                    }
                    if let Some(f) = call.get("function").and_then(Value::as_object) {
                        piece.name.push_str(str_of(f, "name").unwrap_or_default());
                        piece
                            .args
                            .push_str(str_of(f, "arguments").unwrap_or_default());
                    }
                }
            }
        }
        if !finished {
            return self.fail(Fault::Unfinished {
                last: "finish_reason",
            });
        }
        self.partial.push(Partial::Stream {
            chunks: chunks.len(),
        });
        if choices > 1 {
            self.partial.push(Partial::Choices {
                of: usize::try_from(choices).unwrap_or(usize::MAX),
            });
        }
        self.text(&text);
        pieces.sort_by_key(|p| p.index);
        for (i, p) in pieces.iter().enumerate() {
            if p.name.is_empty() {
                return self.fail(Fault::Missing {
                    at: At::new(Place::Call, i + 1),
                    field: "function.name".into(),
                });
            }
            self.call(
                p.id.as_deref(),
                &p.name,
                Some(&Value::String(p.args.clone())),
            );
        }
        Some(())
    }

    /// A Chat Completions request body: its `messages`, assistant turns
    /// and `tool` results.
    pub(super) fn chat_request(&mut self, m: &Obj) -> Read {
        let messages = self.array_field(m, At::WHOLE, "messages")?;
        for (i, message) in messages.iter().enumerate() {
            let at = At::new(Place::Message, i + 1);
            let o = self.obj(message, at)?;
            let roles = &[
                "system",
                "developer",
                "user",
                "assistant",
                "tool",
                "function",
            ];
            match self.kind(o, at, "role", roles)? {
                "assistant" => {
                    self.assistant_turn();
                    self.chat(o, at)?;
                }
                "tool" => {
                    let id = self.string(o, at, "tool_call_id")?;
                    self.answer(Some(id), None, o.get("content"));
                }
                _ => {}
            }
        }
        Some(())
    }

    /// Responses API output items.
    pub(super) fn responses(&mut self, items: &[Value]) -> Read {
        for (i, item) in items.iter().enumerate() {
            let at = At::new(Place::Item, i + 1);
            let m = self.obj(item, at)?;
            let kind = self.kind(m, at, "type", &["function_call", "message", "reasoning"])?;
            self.output_item(m, at, kind)?;
        }
        Some(())
    }

    /// One output item of type `kind`: a call, the model's message, or
    /// reasoning (skipped).
    fn output_item(&mut self, m: &Obj, at: At, kind: &str) -> Read {
        match kind {
            "function_call" => {
                let name = self.string(m, at, "name")?;
                let args = self.string_value(m, at, "arguments")?;
                self.call(str_of(m, "call_id"), name, Some(args));
            }
            "message" => {
                self.check(m, at, "role", &["assistant"])?;
                if let Some(Value::String(s)) = m.get("content") {
                    // A request body's assistant message may be a string.
                    self.text(s);
                    return Some(());
                }
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
        Some(())
    }

    /// Responses stream events: the `Response` that `response.completed`
    /// carries, which holds every item the stream assembled.
    pub(super) fn responses_events(&mut self, events: &[Value]) -> Read {
        let mut done = None;
        for (i, event) in events.iter().enumerate() {
            let at = At::new(Place::Chunk, i + 1);
            let e = self.obj(event, at)?;
            let kind = self.string(e, at, "type")?;
            if kind == "response.completed" {
                let response = self.get(e, at, "response")?;
                done = Some((at, self.object(response, at, "response")?));
            }
        }
        let Some((at, response)) = done else {
            return self.fail(Fault::Unfinished {
                last: "response.completed",
            });
        };
        self.partial.push(Partial::Stream {
            chunks: events.len(),
        });
        let output = self.array_field(response, at, "response.output")?;
        self.responses(output)
    }

    /// A Responses request body: its `input` items. The model's items
    /// (calls, assistant messages, reasoning) standing together are one
    /// assistant turn; `function_call_output` items are results.
    pub(super) fn responses_request(&mut self, m: &Obj) -> Read {
        let whole = At::WHOLE;
        let input = self.get(m, whole, "input")?;
        if input.is_string() {
            // A user's text only: no call.
            return Some(());
        }
        let items = self.array(input, whole, "input")?;
        let mut model = false;
        for (i, item) in items.iter().enumerate() {
            let at = At::new(Place::Item, i + 1);
            let o = self.obj(item, at)?;
            let kinds = &[
                "message",
                "function_call",
                "function_call_output",
                "reasoning",
                "item_reference",
            ];
            let kind = match o.get("type") {
                // An input message `{role, content}` may leave its type out.
                None => "message",
                Some(_) => self.kind(o, at, "type", kinds)?,
            };
            let roles = &["user", "system", "developer", "assistant"];
            let by_model = match kind {
                "message" => self.kind(o, at, "role", roles)? == "assistant",
                k => matches!(k, "function_call" | "reasoning"),
            };
            if by_model && !model {
                self.assistant_turn();
            }
            model = by_model;
            match kind {
                "function_call_output" => {
                    let id = self.string(o, at, "call_id")?;
                    self.answer(Some(id), None, o.get("output"));
                }
                "message" if !by_model => {}
                kind => self.output_item(o, at, kind)?,
            }
        }
        Some(())
    }
}
