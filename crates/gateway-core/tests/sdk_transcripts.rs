//! Transcripts as people really paste them (issue 33): one fixture per
//! shape in `tests/data/transcripts/sdk-*.json`, written by the providers'
//! own SDKs (`tests/transcripts/generate.py`, versions pinned in
//! `tests/transcripts/requirements.txt`). Each test asserts the calls, the
//! history and what was left out; then the decision box's bound and
//! counter, and the wording of each refusal in both languages.

#![allow(clippy::unwrap_used, clippy::panic)]

mod common;

use common::*;
use gateway_core::text::Locale;
use gateway_core::turn::{parse, Decision, Form, Format, Partial};
use gateway_core::{ExperimentId, Msg};

fn fixture(name: &str) -> String {
    let path = format!(
        "{}/tests/data/transcripts/sdk-{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn read(name: &str) -> Decision {
    parse(&fixture(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Each call as (name, arguments).
fn calls(d: &Decision) -> Vec<(&str, &str)> {
    d.calls
        .iter()
        .map(|c| (c.name.as_str(), c.args.as_str()))
        .collect()
}

/// Each history entry as (name, result).
fn history(d: &Decision) -> Vec<(&str, Option<&str>)> {
    d.history
        .iter()
        .map(|p| (p.call.name.as_str(), p.result.as_deref()))
        .collect()
}

const SEARCH: &str = r#"{"query":"receipt"}"#;
const SEARCH_PRETTY: &str = "{\n  \"query\": \"receipt\"\n}";
const CALC: &str = r#"{"operator":"add","left":2,"right":3}"#;
const CALENDAR: &str = r#"{"title":"Design review","start":"14:00","end":"15:00"}"#;
const CALENDAR_PRETTY: &str =
    "{\n  \"title\": \"Design review\",\n  \"start\": \"14:00\",\n  \"end\": \"15:00\"\n}";
const EMAIL: &str =
    r#"{"to":"learner@example.test","subject":"Summary","body":"Review at 14:00."}"#;
const EMAIL_PRETTY: &str = "{\n  \"to\": \"learner@example.test\",\n  \"subject\": \"Summary\",\n  \"body\": \"Review at 14:00.\"\n}";
const FIRST: &str = "I will look up the receipt rule first.";
const LAST: &str = "I scheduled the design review and sent the summary email.";

#[test]
fn a_whole_responses_response_over_4096_characters_is_read() {
    let text = fixture("responses-response");
    assert!(text.chars().count() > 4096, "{}", text.len());
    let d = read("responses-response");
    assert_eq!(
        (d.format(), d.shape),
        (Format::Responses, Form::ResponsesResponse)
    );
    assert_eq!(
        calls(&d),
        [
            ("search", SEARCH),
            ("calculator", CALC),
            ("calendar", CALENDAR),
            ("email", EMAIL)
        ]
    );
    assert_eq!(d.text.as_deref(), Some([FIRST, LAST].join("\n\n").as_str()));
    assert_eq!((history(&d), d.partial.clone()), (vec![], vec![]));
}

#[test]
fn google_genai_dumps_read_in_snake_case_and_camel_case_alike() {
    let snake = read("genai-snake");
    assert!(fixture("genai-snake").contains("\"function_call\": {"));
    let camel = read("genai-camel");
    assert!(fixture("genai-camel").contains("\"functionCall\": {"));
    for d in [&snake, &camel] {
        assert_eq!(
            (d.format(), d.shape),
            (Format::Gemini, Form::GeminiResponse)
        );
        assert_eq!(
            calls(d),
            [("search", SEARCH_PRETTY), ("calendar", CALENDAR_PRETTY)]
        );
        assert_eq!(d.text.as_deref(), Some(FIRST));
        assert_eq!((history(d), d.partial.clone()), (vec![], vec![]));
    }
}

#[test]
fn extra_choices_and_candidates_are_said_left_out() {
    let d = read("chat-choices");
    assert_eq!(d.shape, Form::ChatCompletion);
    assert_eq!(calls(&d), [("search", SEARCH), ("calendar", CALENDAR)]);
    assert_eq!(d.partial, [Partial::Choices { of: 3 }]);
    assert_eq!(d.partial[0].text().en(), "Used choice 1 of 3; 2 left out.");
    assert_eq!(
        d.partial[0].text().render(Locale::ZhTw),
        "使用了 3 個選項中的第 1 個；其餘 2 個未採用。"
    );
    let d = read("genai-candidates");
    assert_eq!(d.shape, Form::GeminiResponse);
    assert_eq!(
        calls(&d),
        [("search", SEARCH_PRETTY), ("email", EMAIL_PRETTY)]
    );
    assert_eq!(d.partial, [Partial::Candidates { of: 2 }]);
    assert_eq!(
        d.partial[0].text().en(),
        "Used candidate 1 of 2; 1 left out."
    );
}

#[test]
fn each_stream_is_assembled_into_its_calls() {
    for (name, shape, chunks, want) in [
        (
            "chat-chunks",
            Form::ChatChunks,
            16,
            vec![("search", SEARCH), ("calendar", CALENDAR)],
        ),
        (
            "anthropic-events",
            Form::AnthropicEvents,
            21,
            vec![("search", SEARCH), ("email", EMAIL)],
        ),
        (
            "responses-events",
            Form::ResponsesEvents,
            13,
            vec![("calendar", CALENDAR)],
        ),
        (
            "genai-chunks",
            Form::GeminiChunks,
            3,
            vec![("search", SEARCH_PRETTY)],
        ),
    ] {
        let d = read(name);
        assert_eq!(d.shape, shape, "{name}");
        assert_eq!(calls(&d), want, "{name}");
        assert_eq!(d.text.as_deref(), Some(FIRST), "{name}: text pieces joined");
        assert_eq!(history(&d), [], "{name}");
        assert_eq!(d.partial, [Partial::Stream { chunks }], "{name}");
    }
    assert_eq!(
        Partial::Stream { chunks: 16 }.text().en(),
        "Assembled from a stream of 16 chunks."
    );
}

#[test]
fn a_request_body_replays_the_last_assistant_calls_without_a_result() {
    let d = read("chat-request");
    assert_eq!(
        (d.format(), d.shape),
        (Format::ChatCompletions, Form::ChatRequest)
    );
    assert_eq!(calls(&d), [("calendar", CALENDAR), ("email", EMAIL)]);
    assert_eq!(
        history(&d),
        [
            ("search", Some("Receipts are kept for 24 hours.")),
            ("calculator", Some("5"))
        ]
    );
    assert_eq!(d.history[1].call.args, CALC);
    assert_eq!(d.text, None, "only the last assistant message's text");
    assert_eq!(d.partial, []);

    let d = read("responses-request");
    assert_eq!(d.shape, Form::ResponsesRequest);
    assert_eq!(calls(&d), [("calendar", CALENDAR), ("email", EMAIL)]);
    assert_eq!(
        history(&d),
        [("search", Some("Receipts are kept for 24 hours."))]
    );
    assert_eq!(d.text.as_deref(), Some("Booking it now."));

    let d = read("anthropic-request");
    assert_eq!(d.shape, Form::AnthropicRequest);
    assert_eq!(
        calls(&d),
        [(
            "files",
            "{\n  \"operation\": \"read\",\n  \"path\": \"/workspace/notes.txt\"\n}"
        )]
    );
    assert_eq!(
        history(&d),
        [
            ("search", Some("Receipts are kept for 24 hours.")),
            ("database", Some("seats: 12"))
        ]
    );

    for name in ["genai-request-camel", "genai-request-snake"] {
        let d = read(name);
        assert_eq!(d.shape, Form::GeminiRequest, "{name}");
        assert_eq!(calls(&d), [("calendar", CALENDAR_PRETTY)], "{name}");
        assert_eq!(
            history(&d),
            [
                (
                    "search",
                    Some("{\n  \"result\": \"Receipts are kept for 24 hours.\"\n}")
                ),
                ("calculator", Some("{\n  \"result\": 5\n}"))
            ],
            "{name}: matched by name, in order"
        );
    }
}

#[test]
fn mcp_tools_call_reads_without_its_envelope() {
    for (name, shape) in [
        ("mcp-method-params", Form::McpRequest),
        ("mcp-bare-params", Form::McpParams),
    ] {
        let d = read(name);
        assert_eq!((d.format(), d.shape), (Format::Mcp, shape), "{name}");
        assert_eq!(calls(&d), [("calendar", CALENDAR_PRETTY)], "{name}");
        assert_eq!((history(&d), d.partial.clone()), (vec![], vec![]), "{name}");
    }
}

/// The six-call cap counts the replayed calls only: six of them after
/// seven answered ones all dispatch.
#[test]
fn the_six_call_cap_applies_to_the_replayed_calls_only() {
    let call = |id: usize| {
        format!(
            r#"{{"id":"c{id}","type":"function","function":{{"name":"search","arguments":"{{}}"}}}}"#
        )
    };
    let earlier: Vec<String> = (0..7).map(call).collect();
    let results: Vec<String> = (0..7)
        .map(|id| format!(r#"{{"role":"tool","tool_call_id":"c{id}","content":"ok"}}"#))
        .collect();
    let last = |n: usize| -> String {
        let calls: Vec<String> = (10..10 + n).map(call).collect();
        format!(
            r#"{{"model":"m","messages":[{{"role":"user","content":"go"}},{{"role":"assistant","tool_calls":[{}]}},{},{{"role":"assistant","tool_calls":[{}]}}]}}"#,
            earlier.join(","),
            results.join(","),
            calls.join(",")
        )
    };
    let six = parse(&last(6)).unwrap();
    assert_eq!((six.history.len(), six.calls.len()), (7, 6));
    assert_eq!((six.dispatched().len(), six.refused()), (6, 0));
    let seven = parse(&last(7)).unwrap();
    assert_eq!((seven.dispatched().len(), seven.refused()), (6, 1));
}

#[test]
fn the_decision_box_takes_65536_units_and_refuses_65537_naming_itself() {
    // A Responses response padded with spaces to an exact length.
    let body = fixture("responses-response");
    let body = body.trim_end();
    let pad = |total: usize| format!("{body}{}", " ".repeat(total - body.len()));
    assert!(parse(&pad(65_536)).is_ok());
    let err = parse(&pad(65_537)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "Model decision JSON must be at most 65536 characters (got 65537)"
    );
    assert_eq!(
        err.text().render(Locale::ZhTw),
        "模型決策 JSON 最多 65536 個字元（實際為 65537）"
    );
    // Counted in UTF-16 units: 32,768 characters outside the BMP are 65,536.
    let wide = format!("\"{}\"", "😀".repeat(32_767));
    assert!(parse(&wide)
        .unwrap_err()
        .to_string()
        .starts_with("A model decision must be"));
    let wider = format!("\"{}\"", "😀".repeat(32_768));
    assert!(parse(&wider)
        .unwrap_err()
        .to_string()
        .contains("(got 65538)"));
    // Malformed JSON names the box too, never "Arguments JSON".
    let err = parse("[").unwrap_err();
    assert!(
        err.to_string()
            .starts_with("Model decision JSON: Malformed JSON at line 1"),
        "{err}"
    );
    assert!(err
        .text()
        .render(Locale::ZhTw)
        .starts_with("模型決策 JSON：JSON 格式錯誤"));
}

#[test]
fn each_calls_arguments_keep_the_4096_cap_at_the_schema_gate() {
    let args = |n: usize| format!(r#"{{"query":"{}"}}"#, "a".repeat(n - 12));
    for (units, over) in [(4096, false), (4097, true)] {
        let decision = format!(
            r#"[{{"type":"function_call","call_id":"c","name":"search","arguments":{}}}]"#,
            gateway_core::json::quote(&args(units))
        );
        let mut d = Driver::new(ExperimentId::Registry);
        d.send(Msg::EditDecision(decision));
        let v = d.send(Msg::StartTurn);
        assert_eq!(v.turn.error, None);
        assert_eq!(v.builder.args.chars().count(), units);
        // The search's own bound on a query refuses both; the cap on
        // argument text only the longer.
        let capped = "Arguments JSON must be at most 4096 characters (got 4097)";
        assert_eq!(
            v.builder.args_verdict == capped,
            over,
            "{}",
            v.builder.args_verdict
        );
    }
}

#[test]
fn the_counter_shows_from_58983_units_on() {
    let mut d = Driver::new(ExperimentId::Registry);
    let v = d.send(Msg::EditDecision(" ".repeat(58_982)));
    assert_eq!(v.turn.count, None);
    let v = d.send(Msg::EditDecision(" ".repeat(58_983)));
    assert_eq!(v.turn.count.as_deref(), Some("58983 / 65536 characters"));
    assert!(!v.turn.over_cap);
    let v = d.send(Msg::EditDecision(" ".repeat(65_536)));
    assert_eq!(v.turn.count.as_deref(), Some("65536 / 65536 characters"));
    assert!(!v.turn.over_cap);
    let v = d.send(Msg::EditDecision(" ".repeat(65_537)));
    assert!(v.turn.over_cap);
    let v = d.send(Msg::StartTurn);
    assert_eq!(
        v.turn.error.as_deref(),
        Some("Model decision JSON must be at most 65536 characters (got 65537)")
    );
}

/// Every refusal names the shape it saw and what that shape expects, in
/// English and in Traditional Chinese.
#[test]
fn each_refusal_names_the_shape_seen_and_expected_in_both_languages() {
    for (text, en, zh) in [
        (
            r#"{"tool":"search"}"#,
            "A model decision must be one of these shapes (got object {\"tool\"}): a JSON array",
            "模型決策必須是下列其中一種形式（實際為 object {\"tool\"}）：由",
        ),
        (
            r#"[{"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"Hi"}}]}]"#,
            "Read as OpenAI Chat Completions (a stream of chat.completion.chunk objects): This is a stream of chunks that stops before its end (it has no finish_reason); paste the final response",
            "讀作 OpenAI Chat Completions 格式（chat.completion.chunk 串流片段）：這是一串還沒結束的串流片段（其中沒有 finish_reason）；請貼上最終的回應",
        ),
        (
            r#"[{"type":"message_start","message":{}},{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}]"#,
            "Read as Anthropic Messages (a stream of server-sent events): This is a stream of chunks that stops before its end (it has no message_stop); paste the final response",
            "讀作 Anthropic Messages 格式（伺服器推送事件（SSE）串流）：這是一串還沒結束的串流片段（其中沒有 message_stop）；請貼上最終的回應",
        ),
        (
            r#"[{"type":"response.created","response":{}}]"#,
            "Read as OpenAI Responses API (a stream of response events): This is a stream of chunks that stops before its end (it has no response.completed); paste the final response",
            "讀作 OpenAI Responses API 格式（回應的串流事件）：這是一串還沒結束的串流片段（其中沒有 response.completed）；請貼上最終的回應",
        ),
        (
            r#"[{"candidates":[{"content":{"role":"model","parts":[{"text":"Hi"}]}}]}]"#,
            "Read as Gemini generateContent (a stream of responses): This is a stream of chunks that stops before its end (it has no finishReason); paste the final response",
            "讀作 Gemini generateContent 格式（回應的串流片段）：這是一串還沒結束的串流片段（其中沒有 finishReason）；請貼上最終的回應",
        ),
        (
            r#"{"model":"m","messages":[{"role":"assistant","tool_calls":[{"id":"a","type":"function","function":{"name":"search","arguments":"{}"}}]},{"role":"tool","tool_call_id":"a","content":"ok"}]}"#,
            "Read as OpenAI Chat Completions (a request body with messages): every call of its last assistant message already has its result (1 call), and only calls without a result are replayed: paste a request that ends with the assistant's calls, or the model's response",
            "讀作 OpenAI Chat Completions 格式（含 messages 的請求本文）：最後一則助理訊息中的每個呼叫都已經有結果（1 個呼叫），而只有還沒有結果的呼叫才會重播：請貼上以助理的呼叫結尾的請求，或模型的回應",
        ),
        (
            r#"{"contents":[{"role":"user","parts":[{"text":"hi"}]}]}"#,
            "Read as Gemini generateContent (a request body with contents): A model decision needs at least one call",
            "讀作 Gemini generateContent 格式（含 contents 的請求本文）：模型決策至少需要一個呼叫",
        ),
        (
            r#"{"input":[{"role":"user","content":"hi"},{"type":"function_call","call_id":"c","name":"search","arguments":{}}]}"#,
            "Read as OpenAI Responses API (a request body with input): Item 2: arguments must be a string (got object)",
            "讀作 OpenAI Responses API 格式（含 input 的請求本文）：第 2 項：arguments 必須是字串（實際為 object）",
        ),
        (
            r#"{"model":"m","max_tokens":9,"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":[{"type":"tool_use","id":"t","name":"search","input":"{}"}]}]}"#,
            "Read as Anthropic Messages (a request body with messages): Message 2, part 1: input must be an object (got string)",
            "讀作 Anthropic Messages 格式（含 messages 的請求本文）：第 2 則訊息的第 1 個部分：input 必須是物件（實際為 string）",
        ),
        (
            r#"{"candidates":[{"content":{"role":"model","parts":[{"function_call":{"args":{}}}]}}]}"#,
            "Read as Gemini generateContent (a response with candidates): Part 1: Missing function_call.name",
            "讀作 Gemini generateContent 格式（含 candidates 的回應）：第 1 個部分：缺少 function_call.name",
        ),
        (
            r#"{"method":"tools/call","params":{"name":"search","args":{}}}"#,
            "Read as MCP tools/call (a tools/call request): Decision: Unknown field \"params.args\"",
            "讀作 MCP tools/call 請求（tools/call 請求）：決策：未知的欄位 \"params.args\"",
        ),
    ] {
        let err = parse(text).unwrap_err();
        let (got_en, got_zh) = (err.to_string(), err.text().render(Locale::ZhTw));
        assert!(got_en.starts_with(en), "{text}\n  got: {got_en}\n want: {en}");
        assert!(got_zh.starts_with(zh), "{text}\n  got: {got_zh}\n want: {zh}");
    }
}

/// A request body's history is shown in the turn panel, as text.
#[test]
fn the_turn_panel_shows_the_history_and_what_was_left_out() {
    let mut d = Driver::new(ExperimentId::Registry);
    d.send(Msg::EditDecision(fixture("chat-request")));
    let v = d.send(Msg::StartTurn);
    assert_eq!(v.turn.error, None);
    assert_eq!(
        v.turn.format.as_deref(),
        Some("Recognised as OpenAI Chat Completions (a request body with messages).")
    );
    assert_eq!(v.turn.calls.len(), 2);
    let history = v.turn.history.unwrap();
    assert_eq!(
        history.heading,
        "Earlier in the conversation (shown, not replayed)"
    );
    assert_eq!(
        history
            .calls
            .iter()
            .map(|p| (p.name.as_str(), p.args.as_str(), p.result.as_str()))
            .collect::<Vec<_>>(),
        [
            ("search", SEARCH, "Result: Receipts are kept for 24 hours."),
            ("calculator", CALC, "Result: 5")
        ]
    );
    d.send(Msg::EndTurn);
    d.send(Msg::EditDecision(fixture("chat-choices")));
    let v = d.send(Msg::StartTurn);
    assert_eq!(v.turn.partial, ["Used choice 1 of 3; 2 left out."]);
    assert_eq!(v.turn.history, None);
}
