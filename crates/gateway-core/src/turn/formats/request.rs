//! Request bodies: a whole conversation, of which only the last assistant
//! message's calls without a result are replayed; every other call, with
//! the result the body holds for it, is history.

use serde_json::Value;

use super::{Answer, Obj, Reader};
use crate::json::pretty;
use crate::turn::{Call, Fault, Form, Past};

/// Message roles only a Chat Completions body has.
const CHAT_ROLES: &[&str] = &["system", "developer", "tool", "function"];
/// Content block types only an Anthropic body has.
const ANTHROPIC_BLOCKS: &[&str] = &[
    "tool_use",
    "tool_result",
    "thinking",
    "redacted_thinking",
    "image",
    "document",
];

/// `{"messages": […]}`: Chat Completions where a message has a role or
/// field only Chat has, else Anthropic where a block has a type only
/// Anthropic has, else Chat.
pub(super) fn messages_shape(m: &Obj) -> Form {
    let messages = m
        .get("messages")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default();
    let chat = messages.iter().any(|msg| {
        let role = msg.get("role").and_then(Value::as_str).unwrap_or_default();
        CHAT_ROLES.contains(&role) || msg.get("tool_calls").is_some()
    });
    let anthropic = messages.iter().any(|msg| {
        msg.get("content")
            .and_then(Value::as_array)
            .is_some_and(|blocks| {
                blocks.iter().any(|b| {
                    b.get("type")
                        .and_then(Value::as_str)
                        .is_some_and(|t| ANTHROPIC_BLOCKS.contains(&t))
                })
            })
    });
    if anthropic && !chat {
        Form::AnthropicRequest
    } else {
        Form::ChatRequest
    }
}

/// A result as text: a string as it is, text parts or blocks joined by
/// lines, anything else printed as JSON.
fn result_text(value: Option<&Value>) -> String {
    match value {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(Value::Array(parts)) => {
            let texts: Vec<&str> = parts
                .iter()
                .filter_map(|p| p.get("text").and_then(Value::as_str))
                .collect();
            if texts.is_empty() {
                pretty(&Value::Array(parts.clone()))
            } else {
                texts.join("\n")
            }
        }
        Some(other) => pretty(other),
    }
}

impl Reader {
    /// An assistant message of a request body starts: the text read so far
    /// was an earlier turn's.
    pub(super) fn assistant_turn(&mut self) {
        self.turn += 1;
        self.texts.clear();
        self.open = false;
    }

    /// A result in a request body, for the call of id `id` (or, where the
    /// format has none, of the tool `name`), written before it.
    pub(super) fn answer(&mut self, id: Option<&str>, name: Option<&str>, result: Option<&Value>) {
        self.answers.push(Answer {
            id: id.map(str::to_owned),
            name: name.map(str::to_owned),
            after: self.calls.len(),
            text: result_text(result),
        });
    }

    /// The calls to replay (the last assistant turn's without a result)
    /// and the history (every other call, with its result).
    pub(super) fn settle(&mut self) -> Result<(Vec<Call>, Vec<Past>), Fault> {
        let mut results: Vec<Option<String>> = vec![None; self.calls.len()];
        for a in &self.answers {
            let open = |i: &usize| *i < a.after && results[*i].is_none();
            let by_id = a.id.as_deref().and_then(|id| {
                (0..self.calls.len()).find(|i| open(i) && self.ids[*i].as_deref() == Some(id))
            });
            let target = by_id.or_else(|| match (&a.name, &a.id) {
                (Some(name), _) => {
                    (0..self.calls.len()).find(|i| open(i) && &self.calls[*i].name == name)
                }
                (None, None) => (0..self.calls.len()).find(open),
                (None, Some(_)) => None,
            });
            if let Some(i) = target {
                results[i] = Some(a.text.clone());
            }
        }
        let last = self.turn;
        let in_last = |i: usize| last > 0 && self.turns[i] == last;
        let (mut calls, mut history) = (Vec::new(), Vec::new());
        for (i, (call, result)) in self.calls.drain(..).zip(results).enumerate() {
            if in_last(i) && result.is_none() {
                calls.push(call);
            } else {
                history.push(Past { call, result });
            }
        }
        let answered = (0..self.turns.len()).filter(|i| in_last(*i)).count();
        if calls.is_empty() && answered > 0 {
            return Err(Fault::AllAnswered { answered });
        }
        Ok((calls, history))
    }
}
