//! Anthropic's shapes: an assistant message (or a Messages API response),
//! its content blocks, a stream of server-sent event objects, and a
//! request body.

use serde_json::Value;

use super::{inside, str_of, Obj, Read, Reader};
use crate::json::pretty;
use crate::turn::{At, Expected, Fault, Partial, Place};

/// The block types of an assistant's content.
const BLOCKS: &[&str] = &["text", "tool_use", "thinking", "redacted_thinking"];

impl Reader {
    /// An assistant message or Messages API response.
    pub(super) fn anthropic(&mut self, m: &Obj) -> Read {
        let whole = At::WHOLE;
        self.check(m, whole, "role", &["assistant"])?;
        self.check(m, whole, "type", &["message"])?;
        let content = self.array_field(m, whole, "content")?;
        self.blocks(content, None)
    }

    /// Content blocks: `{type: "tool_use", id, name, input}` and
    /// `{type: "text", text}`; `within` a request body's message, or on
    /// their own.
    pub(super) fn blocks(&mut self, items: &[Value], within: Option<At>) -> Read {
        for (i, item) in items.iter().enumerate() {
            let at = inside(within, Place::Block, i + 1);
            let b = self.obj(item, at)?;
            match self.kind(b, at, "type", BLOCKS)? {
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
                    self.call(str_of(b, "id"), name, Some(input));
                }
                _ => {}
            }
        }
        Some(())
    }

    /// A stream of event objects (`message_start`, `content_block_start`,
    /// `content_block_delta`, …, `message_stop`): each block's text pieces
    /// and `input_json_delta` pieces joined by the block's `index`.
    pub(super) fn anthropic_events(&mut self, events: &[Value]) -> Read {
        /// One content block as its pieces arrive.
        struct Block<'a> {
            index: u64,
            start: &'a Obj,
            kind: &'a str,
            pieces: String,
        }
        let (mut blocks, mut finished) = (Vec::<Block>::new(), false);
        for (i, event) in events.iter().enumerate() {
            let at = At::new(Place::Chunk, i + 1);
            let e = self.obj(event, at)?;
            let index = e.get("index").and_then(Value::as_u64).unwrap_or(0);
            match self.kind(e, at, "type", super::ANTHROPIC_EVENTS)? {
                "content_block_start" => {
                    let block = self.get(e, at, "content_block")?;
                    let start = self.object(block, at, "content_block")?;
                    let kind = self.kind(start, at, "content_block.type", BLOCKS)?;
                    let pieces = str_of(start, "text").unwrap_or_default().to_owned();
                    blocks.push(Block {
                        index,
                        start,
                        kind,
                        pieces,
                    });
                }
                "content_block_delta" => {
                    let delta = self.get(e, at, "delta")?;
                    let delta = self.object(delta, at, "delta")?;
                    let piece = str_of(delta, "text").or_else(|| str_of(delta, "partial_json"));
                    match blocks.iter_mut().rev().find(|b| b.index == index) {
                        Some(b) if b.kind != "thinking" => {
                            b.pieces.push_str(piece.unwrap_or_default())
                        }
                        Some(_) => {}
                        None => {
                            return self.fail(Fault::Missing {
                                at,
                                field: "content_block_start".into(),
                            })
                        }
                    }
                }
                "message_stop" => finished = true,
                _ => {}
            }
        }
        if !finished {
            return self.fail(Fault::Unfinished {
                last: "message_stop",
            });
        }
        self.partial.push(Partial::Stream {
            chunks: events.len(),
        });
        for (i, b) in blocks.iter().enumerate() {
            let at = At::new(Place::Block, i + 1);
            match b.kind {
                "text" => self.text(&b.pieces),
                "tool_use" => {
                    let name = self.string(b.start, at, "name")?;
                    // No pieces: the input the start carried, whole.
                    let args = if b.pieces.is_empty() {
                        b.start.get("input").map_or_else(|| "{}".into(), pretty)
                    } else {
                        b.pieces.clone()
                    };
                    self.call(str_of(b.start, "id"), name, Some(&Value::String(args)));
                }
                _ => {}
            }
        }
        Some(())
    }

    /// A request body: its `messages`, assistant turns and the user's
    /// `tool_result` blocks.
    pub(super) fn anthropic_request(&mut self, m: &Obj) -> Read {
        let messages = self.array_field(m, At::WHOLE, "messages")?;
        for (i, message) in messages.iter().enumerate() {
            let at = At::new(Place::Message, i + 1);
            let o = self.obj(message, at)?;
            let assistant = self.kind(o, at, "role", &["user", "assistant"])? == "assistant";
            let content = match o.get("content") {
                Some(Value::String(s)) => {
                    if assistant {
                        self.assistant_turn();
                        self.text(s);
                    }
                    continue;
                }
                _ => self.array_field(o, at, "content")?,
            };
            if assistant {
                self.assistant_turn();
                self.blocks(content, Some(at))?;
                continue;
            }
            for (j, block) in content.iter().enumerate() {
                let at = At { part: j + 1, ..at };
                let b = self.obj(block, at)?;
                if str_of(b, "type") == Some("tool_result") {
                    let id = self.string(b, at, "tool_use_id")?;
                    self.answer(Some(id), None, b.get("content"));
                }
            }
        }
        Some(())
    }
}
