//! Real transcripts paste (issue 11): one fixture per accepted format in
//! `tests/data/transcripts/`, hand-written from the providers' documented
//! shapes, each with text and calls mixed and a seventh call that is
//! refused; and malformed variants of each format with their messages.

#![allow(clippy::unwrap_used, clippy::panic)]

mod common;

use common::*;
use gateway_core::text::Locale;
use gateway_core::turn::{parse, Format};
use gateway_core::{ExperimentId, Msg, Registry};

fn fixture(name: &str) -> String {
    let path = format!(
        "{}/tests/data/transcripts/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The calls every seven-call fixture makes, the seventh refused.
const NAMES: [&str; 7] = [
    "search",
    "calculator",
    "calendar",
    "email",
    "files",
    "database",
    "search",
];

const FIRST: &str = "I will look up the receipt rule first.";
const BETWEEN: &str = "Now the review and the summary.";
const LAST: &str = "I scheduled the design review and sent the summary email.";

fn names(text: &str) -> Vec<String> {
    parse(text)
        .unwrap()
        .calls
        .into_iter()
        .map(|c| c.name)
        .collect()
}

#[test]
fn every_format_is_recognised_named_and_read_in_order() {
    for (file, format, label, text) in [
        (
            "workbench",
            Format::Workbench,
            "workbench calls",
            [FIRST, BETWEEN, LAST].join("\n\n"),
        ),
        (
            "chat-completions",
            Format::ChatCompletions,
            "OpenAI Chat Completions",
            LAST.to_string(),
        ),
        (
            "responses",
            Format::Responses,
            "OpenAI Responses API",
            [FIRST, BETWEEN, LAST].join("\n\n"),
        ),
        (
            "gemini",
            Format::Gemini,
            "Gemini generateContent",
            [FIRST, BETWEEN, LAST].join("\n\n"),
        ),
        (
            "anthropic",
            Format::Anthropic,
            "Anthropic Messages",
            [FIRST, BETWEEN, LAST].join("\n\n"),
        ),
    ] {
        let d = parse(&fixture(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(d.format(), format, "{file}");
        assert_eq!(d.format().label().en(), label, "{file}");
        assert!(
            d.format().label().render(Locale::ZhTw).contains(label) || format == Format::Workbench
        );
        assert_eq!(
            d.calls.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(),
            NAMES,
            "{file}"
        );
        assert_eq!((d.dispatched().len(), d.refused()), (6, 1), "{file}");
        assert_eq!(
            d.text.as_deref(),
            Some(text.as_str()),
            "{file}: reasoning is not text"
        );
        // Every argument text is what the schema gate accepts.
        let registry = Registry::fixtures();
        for call in &d.calls {
            let tool = registry.get(&call.name).unwrap();
            let value = gateway_core::json::parse(&call.args).unwrap();
            let args = tool.declaration().shape.validate(value);
            assert!(args.is_ok(), "{file} {}: {:?}", call.name, args);
        }
    }
}

#[test]
fn string_arguments_are_taken_as_written_and_objects_are_printed() {
    for file in ["chat-completions", "responses"] {
        let d = parse(&fixture(file)).unwrap();
        assert_eq!(d.calls[0].args, r#"{"query":"receipt"}"#, "{file}");
    }
    for file in ["gemini", "anthropic", "mcp-batch", "workbench"] {
        let d = parse(&fixture(file)).unwrap();
        assert_eq!(d.calls[0].args, "{\n  \"query\": \"receipt\"\n}", "{file}");
    }
    let d = parse(&fixture("workbench")).unwrap();
    assert_eq!(
        d.calls[3].args,
        r#"{"to":"learner@example.test","subject":"Summary","body":"Review at 14:00."}"#
    );
}

#[test]
fn mcp_requests_batches_and_params_are_read() {
    let d = parse(&fixture("mcp-batch")).unwrap();
    assert_eq!(d.format(), Format::Mcp);
    assert_eq!(d.format().label().en(), "MCP tools/call");
    assert_eq!(
        d.calls.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(),
        NAMES
    );
    assert_eq!((d.dispatched().len(), d.refused()), (6, 1));
    assert_eq!(d.text, None, "tools/call carries no model text");
    let one = parse(
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search","arguments":{"query":"a"}}}"#,
    )
    .unwrap();
    assert_eq!((one.format(), one.calls.len()), (Format::Mcp, 1));
    let bare = parse(r#"{"name":"search","arguments":{"query":"a"}}"#).unwrap();
    assert_eq!(bare.format(), Format::Mcp);
    assert_eq!(bare.calls[0].args, "{\n  \"query\": \"a\"\n}");
    // `arguments` is optional in MCP's schema: no arguments are `{}`.
    let none = parse(r#"[{"name":"calculator"},{"name":"search","arguments":{}}]"#).unwrap();
    assert_eq!(none.format(), Format::Mcp);
    assert_eq!(none.calls[0].args, "{}");
}

#[test]
fn the_other_documented_shapes_of_each_format_are_read() {
    // A chat completion: its first choice; content as text parts.
    let d = parse(&fixture("chat-completion-object")).unwrap();
    assert_eq!(d.format(), Format::ChatCompletions);
    assert_eq!((d.dispatched().len(), d.refused()), (6, 1));
    assert_eq!(
        d.text.as_deref(),
        Some("Checking first.\n\nI set the seats.")
    );
    // Gemini `contents`: every model turn's parts, in order.
    let d = parse(&fixture("gemini-contents")).unwrap();
    assert_eq!(d.format(), Format::Gemini);
    assert_eq!((d.dispatched().len(), d.refused()), (6, 1));
    assert_eq!(d.calls[6].args, "{}", "Gemini's args are optional");
    assert_eq!(
        d.text.as_deref(),
        Some("I will look up the receipt rule first.\n\n所有內容都已存入資料庫。")
    );
    // The bare arrays: tool_calls, Responses items, parts, blocks.
    for (text, format) in [
        (
            r#"[{"id":"call_1","type":"function","function":{"name":"search","arguments":"{}"}}]"#,
            Format::ChatCompletions,
        ),
        (
            r#"[{"type":"function_call","call_id":"c1","name":"search","arguments":"{}"}]"#,
            Format::Responses,
        ),
        (
            r#"[{"text":"Looking."},{"functionCall":{"name":"search","args":{}}}]"#,
            Format::Gemini,
        ),
        (
            r#"{"role":"model","parts":[{"functionCall":{"name":"search","args":{}}}]}"#,
            Format::Gemini,
        ),
        (
            r#"[{"type":"text","text":"Looking."},{"type":"tool_use","id":"t1","name":"search","input":{}}]"#,
            Format::Anthropic,
        ),
        (
            r#"{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"search","input":{}}]}"#,
            Format::Anthropic,
        ),
        (
            r#"{"role":"assistant","content":null,"tool_calls":[{"id":"c","type":"function","function":{"name":"search","arguments":"{}"}}]}"#,
            Format::ChatCompletions,
        ),
    ] {
        let d = parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(d.format(), format, "{text}");
        assert_eq!(d.calls[0].name, "search", "{text}");
    }
    assert_eq!(
        names(r#"[{"text":"Looking."},{"functionCall":{"name":"search","args":{}}}]"#),
        ["search"]
    );
}

/// The five pastes issue 11 found refused are read now.
#[test]
fn the_pastes_the_issue_found_refused_are_read() {
    for text in [
        r#"[{"id":"call_1","type":"function","function":{"name":"search","arguments":"{\"query\":\"a\"}"}}]"#,
        r#"[{"type":"function_call","id":"fc_1","call_id":"call_1","name":"search","arguments":"{\"query\":\"a\"}"}]"#,
        r#"[{"functionCall":{"name":"search","args":{"query":"a"}}}]"#,
        r#"[{"name":"search","arguments":{"query":"a"}}]"#,
        r#"[{"text":"First I search."},{"name":"search","args":{"query":"a"}}]"#,
    ] {
        assert_eq!(names(text), ["search"], "{text}");
    }
}

#[test]
fn malformed_transcripts_say_what_is_wrong_and_where() {
    for (text, message) in [
        // OpenAI Chat Completions.
        (
            r#"{"role":"assistant","tool_calls":[{"id":"a","type":"function","function":{"name":"search","arguments":"{}"}},{"id":"b","type":"function","function":{"name":"search","arguments":{"query":"a"}}}]}"#,
            "Call 2: function.arguments must be a string (got object)",
        ),
        (
            r#"[{"id":"a","type":"function","function":{"arguments":"{}"}}]"#,
            "Call 1: Missing function.name",
        ),
        (
            r#"[{"id":"a","type":"custom","function":{"name":"x","arguments":"{}"}}]"#,
            "A model decision must be one of these shapes (got array of objects {\"id\", \"type\", \"function\"})",
        ),
        (
            r#"[{"id":"a","function":{"name":"x","arguments":"{}"}},{"type":"custom","custom":{}}]"#,
            "Call 2: type must be \"function\" (got \"custom\")",
        ),
        (
            r#"[{"id":"a","type":"function","function":"search"}]"#,
            "Call 1: function must be an object (got string)",
        ),
        (
            r#"{"role":"user","tool_calls":[]}"#,
            "Decision: role must be \"assistant\" (got \"user\")",
        ),
        (
            r#"{"role":"assistant","content":5,"tool_calls":[]}"#,
            "Decision: content must be a string, an array of parts or null (got number)",
        ),
        (
            r#"{"role":"assistant","tool_calls":{}}"#,
            "Decision: tool_calls must be an array (got object)",
        ),
        (
            r#"{"choices":[]}"#,
            "Decision: Missing choices[0]",
        ),
        (
            r#"{"role":"assistant","content":"Nothing to do."}"#,
            "A model decision needs at least one call",
        ),
        // OpenAI Responses.
        (
            r#"[{"type":"function_call","call_id":"c","name":"search","arguments":{}}]"#,
            "Item 1: arguments must be a string (got object)",
        ),
        (
            r#"[{"type":"message","role":"assistant","content":[{"type":"output_text","text":"a"}]},{"type":"web_search_call","id":"w"}]"#,
            "Item 2: type must be one of \"function_call\", \"message\", \"reasoning\" (got \"web_search_call\")",
        ),
        (
            r#"{"output":[{"type":"message","role":"assistant","content":[{"type":"output_text"}]}]}"#,
            "Item 1, part 1: Missing text",
        ),
        (
            r#"{"output":[{"type":"function_call","call_id":"c","arguments":"{}"}]}"#,
            "Item 1: Missing name",
        ),
        (
            r#"{"output":"done"}"#,
            "Decision: output must be an array (got string)",
        ),
        // Gemini.
        (
            r#"[{"text":"a"},{"functionCall":{"name":"search","args":"{}"}}]"#,
            "Part 2: functionCall.args must be an object (got string)",
        ),
        (
            r#"{"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"args":{}}}]}}]}"#,
            "Part 1: Missing functionCall.name",
        ),
        (
            r#"{"candidates":[{"content":{"role":"user","parts":[]}}]}"#,
            "Decision: role must be \"model\" (got \"user\")",
        ),
        (
            r#"{"candidates":[{"finishReason":"SAFETY"}]}"#,
            "Decision: Missing candidates[0].content",
        ),
        (
            r#"{"contents":[{"role":"model","parts":[{"text":"a"}]},{"role":"model","parts":[{"functionCall":{"name":"search"}},{"mystery":{}}]}]}"#,
            "Content 2, part 2: Missing text",
        ),
        (
            r#"{"contents":[{"role":"model","parts":[{"text":"hi"}]},{"parts":[],"role":5}]}"#,
            "Content 2: role must be \"model\" (got 5)",
        ),
        // Anthropic.
        (
            r#"{"type":"message","role":"assistant","content":[{"type":"text","text":"a"},{"type":"tool_use","id":"t","name":"search","input":"{}"}]}"#,
            "Block 2: input must be an object (got string)",
        ),
        (
            r#"[{"type":"tool_use","id":"t","input":{}}]"#,
            "Block 1: Missing name",
        ),
        (
            r#"[{"type":"tool_use","id":"t","name":"search"}]"#,
            "Block 1: Missing input",
        ),
        (
            r#"[{"type":"text","text":"a"},{"type":"server_tool_use","id":"s","name":"web_search","input":{}}]"#,
            "Block 2: type must be one of \"text\", \"tool_use\", \"thinking\", \"redacted_thinking\" (got \"server_tool_use\")",
        ),
        (
            r#"{"role":"assistant","content":[{"type":"text","text":5}]}"#,
            "Block 1: text must be a string (got number)",
        ),
        // MCP.
        (
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}"#,
            "Decision: method must be \"tools/call\" (got \"tools/list\")",
        ),
        (
            r#"{"jsonrpc":"1.0","id":1,"method":"tools/call","params":{"name":"search"}}"#,
            "Decision: jsonrpc must be \"2.0\" (got \"1.0\")",
        ),
        (
            r#"[{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search"}},{"jsonrpc":"2.0","id":2,"method":"tools/call"}]"#,
            "Request 2: Missing params",
        ),
        (
            r#"[{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search","args":{}}}]"#,
            "Request 1: Unknown field \"params.args\"",
        ),
        (
            r#"{"name":"search","arguments":"{}"}"#,
            "Decision: arguments must be an object (got string)",
        ),
        (
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"arguments":{}}}"#,
            "Decision: Missing params.name",
        ),
        (
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"a"},"result":{}}"#,
            "Decision: Unknown field \"result\"",
        ),
        // None of them.
        (
            r#"{"tool":"search"}"#,
            "A model decision must be one of these shapes (got object {\"tool\"}): a JSON array of {\"name\", \"args\"} calls and {\"text\"} items; an OpenAI Chat Completions assistant message",
        ),
        (
            "\"search\"",
            "A model decision must be one of these shapes (got string)",
        ),
    ] {
        let err = parse(text).map(|d| d.format()).unwrap_err().to_string();
        assert!(err.contains(message), "{text}\n  got: {err}\n want: {message}");
    }
}

#[test]
fn errors_are_worded_in_every_language() {
    let err = parse(r#"{"role":"assistant","tool_calls":[{"type":"function","function":{"name":"a","arguments":{}}}]}"#)
        .unwrap_err();
    assert_eq!(
        err.text().render(Locale::ZhTw),
        "讀作 OpenAI Chat Completions 格式（助理訊息）：第 1 個呼叫：function.arguments 必須是字串（實際為 object）"
    );
    let err =
        parse(r#"{"output":[{"type":"message","content":[{"type":"output_text"}]}]}"#).unwrap_err();
    assert_eq!(
        err.text().render(Locale::ZhTw),
        "讀作 OpenAI Responses API 格式（含 output 的回應）：第 1 項的第 1 個部分：缺少 text"
    );
    let err = parse(r#"{"jsonrpc":"2.0","method":"tools/list"}"#).unwrap_err();
    assert_eq!(
        err.text().render(Locale::ZhTw),
        "讀作 MCP tools/call 請求（tools/call 請求）：決策：method 只能是 \"tools/call\"（實際為 \"tools/list\"）"
    );
}

/// Each fixture pasted into the page starts a turn of six calls, the
/// seventh refused, whatever its format.
#[test]
fn every_fixture_runs_as_a_turn_of_six() {
    for file in [
        "workbench",
        "chat-completions",
        "chat-completion-object",
        "responses",
        "gemini",
        "gemini-contents",
        "anthropic",
        "mcp-batch",
    ] {
        let mut d = Driver::new(ExperimentId::Registry);
        d.send(Msg::EditDecision(fixture(file)));
        let v = d.send(Msg::StartTurn);
        assert_eq!(v.turn.error, None, "{file}");
        assert!(v.turn.active, "{file}");
        assert_eq!(v.turn.calls.len(), 7, "{file}");
        assert_eq!(v.builder.tool_name, "search", "{file}");
    }
}
