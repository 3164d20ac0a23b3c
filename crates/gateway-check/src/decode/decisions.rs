//! Model decisions: the workbench's array of calls and text, with claim
//! phrases, and transcripts in the agent APIs' shapes.

use arbitrary::{Result, Unstructured};
use gateway_core::ExperimentId;
use serde_json::{json, Value};

use super::args::request;
use super::{pick, prose, raw, weighted};

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
                let args = match gateway_core::json::from_str(&text) {
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
            .get(pick(u, &gateway_core::fixtures::Fixtures::ALL)?)
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
