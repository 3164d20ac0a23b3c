//! The Anthropic Messages export (SPEC 2.3) and the names providers allow.
//!
//! OpenAI's function names and Anthropic's tool names are
//! `^[a-zA-Z0-9_-]{1,64}$`: no dot. Their exports write a tool's provider
//! name (`files.delete` is `files_delete`), and a call written by it in
//! their shapes is a call of the tool; MCP and Gemini keep the registry's
//! name. The Anthropic export is checked against a JSON Schema of
//! Anthropic's tool shape (`tests/data/anthropic/`, see its SOURCE.md).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
mod json_schema;

use std::collections::BTreeSet;
use std::path::Path;

use common::*;
use gateway_core::declarations::Export;
use gateway_core::text::Locale;
use gateway_core::tools::provider_name;
use gateway_core::{ExperimentId, Msg, Registry, Role};
use json_schema::Validator;
use serde_json::Value;

fn anthropic_shape() -> Validator {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/anthropic/tools.schema.json");
    let text = std::fs::read_to_string(&path).unwrap();
    Validator::new(&serde_json::from_str(&text).unwrap()).unwrap()
}

/// The names an export gives its tools, in order.
fn names(export: Export, locale: Locale) -> Vec<String> {
    let value = export.value(&Registry::every(), locale);
    let list = match export {
        Export::Mcp => value["tools"].clone(),
        Export::Gemini | Export::GeminiJsonSchema => value["functionDeclarations"].clone(),
        Export::OpenAi | Export::OpenAiResponses | Export::Anthropic => value,
    };
    list.as_array()
        .unwrap()
        .iter()
        .map(|t| {
            t.get("name")
                .or_else(|| t["function"].get("name"))
                .and_then(Value::as_str)
                .unwrap()
                .to_string()
        })
        .collect()
}

#[test]
fn the_anthropic_export_has_anthropics_tool_shape_in_both_languages() {
    let shape = anthropic_shape();
    for locale in Locale::ALL {
        let tools = Export::Anthropic.value(&Registry::every(), locale);
        assert_eq!(shape.errors(&tools), Vec::<String>::new(), "{locale:?}");
        assert_eq!(
            tools.as_array().unwrap().len(),
            Registry::every().tools().len()
        );
    }
    // The shape is not an empty check: a dotted name, a missing
    // `input_schema` and an unknown field are each refused.
    for wrong in [
        r#"[{"name":"files.delete","input_schema":{"type":"object"}}]"#,
        r#"[{"name":"files_delete"}]"#,
        r#"[{"name":"files_delete","input_schema":{"type":"object"},"risk":"delete"}]"#,
        r#"[{"name":"files_delete","input_schema":{"type":"string"}}]"#,
    ] {
        assert!(
            !shape.is_valid(&serde_json::from_str(wrong).unwrap()),
            "{wrong}"
        );
    }
}

#[test]
fn each_anthropic_input_schema_is_the_mcp_input_schema() {
    for locale in Locale::ALL {
        let anthropic = Export::Anthropic.value(&Registry::every(), locale);
        let mcp = Export::Mcp.value(&Registry::every(), locale);
        let mcp = mcp["tools"].as_array().unwrap();
        for (a, m) in anthropic.as_array().unwrap().iter().zip(mcp) {
            assert_eq!(a["input_schema"], m["inputSchema"], "{}", m["name"]);
            assert_eq!(a["description"], m["description"], "{}", m["name"]);
            assert_eq!(
                a["name"].as_str().unwrap(),
                provider_name(m["name"].as_str().unwrap())
            );
        }
    }
}

#[test]
fn openai_and_anthropic_names_have_no_dot_and_mcp_and_gemini_keep_the_registrys() {
    let registry: Vec<String> = Registry::every()
        .names()
        .into_iter()
        .map(String::from)
        .collect();
    assert!(
        registry.iter().any(|n| n.contains('.')),
        "a dotted name is tested"
    );
    let allowed = |n: &str| {
        (1..=64).contains(&n.len())
            && n.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    };
    for locale in Locale::ALL {
        for export in Export::ALL {
            let names = names(export, locale);
            match export {
                Export::Mcp | Export::Gemini | Export::GeminiJsonSchema => {
                    assert_eq!(names, registry, "{export}")
                }
                Export::OpenAi | Export::OpenAiResponses | Export::Anthropic => {
                    assert!(names.iter().all(|n| allowed(n)), "{export}: {names:?}");
                    let mapped: Vec<String> =
                        registry.iter().map(|n| provider_name(n).into()).collect();
                    assert_eq!(names, mapped, "{export}");
                }
            }
        }
    }
    let unique: BTreeSet<String> = registry.iter().map(|n| provider_name(n).into()).collect();
    assert_eq!(unique.len(), registry.len(), "provider names are unique");
    assert_eq!(provider_name("files.delete"), "files_delete");
    assert_eq!(provider_name("email"), "email");
}

/// The registry experiment's turn, pasted as `decision`: the name its
/// first call is inspected under.
fn first_call(decision: &str) -> String {
    let mut d = Driver::new(ExperimentId::Registry);
    d.send(Msg::SetRole(Role::Operator));
    d.send(Msg::EditDecision(decision.into()));
    let v = d.send(Msg::StartTurn);
    assert!(v.turn.active, "{decision}");
    v.turn.calls[0].name.clone()
}

#[test]
fn a_call_by_a_provider_name_in_an_openai_or_anthropic_shape_is_a_call_of_the_tool() {
    let anthropic = r#"{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"files_delete","input":{"path":"/workspace/report.txt"}}]}"#;
    let chat = r#"{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"files_share","arguments":"{}"}}]}"#;
    let responses =
        r#"[{"type":"function_call","call_id":"c1","name":"files_delete","arguments":"{}"}]"#;
    assert_eq!(first_call(anthropic), "files.delete");
    assert_eq!(first_call(chat), "files.share");
    assert_eq!(first_call(responses), "files.delete");
    // Gemini and MCP allow dots: their calls are read as written, and the
    // registry holds no `files_delete`.
    let gemini = r#"{"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"name":"files_delete","args":{}}}]}}]}"#;
    assert_eq!(first_call(gemini), "files_delete");
    // A name the registry holds as written stays as it is.
    let exact = r#"{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"search","input":{"query":"a"}}]}"#;
    assert_eq!(first_call(exact), "search");
}
