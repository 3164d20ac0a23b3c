//! The published exports' argument schemas, read by a small JSON Schema
//! evaluator whose regular expressions are another engine's.
//!
//! One evaluator, three engines: `tests/declarations.rs` runs it with the
//! JSON Schema validator's ECMA-262 patterns (the `boon` crate, and checks
//! that it agrees with that validator, so it is faithful) and with Python's `re`
//! (`re.search`, as Python's `jsonschema` runs a `pattern`); the browser
//! test `crates/gateway-web/tests/web.rs` includes this same file (by
//! `#[path]`) and runs it with the browser's `new RegExp(p, "u")`.
//!
//! It knows exactly the keywords the exports use, and panics on any other,
//! so a keyword added to an export cannot be skipped unread. It evaluates
//! every subschema that applies (no short cut through `anyOf`, `not` or
//! `if`), so the patterns it asks about depend on the schema and the
//! instance only, never on an engine's answers: one run can record every
//! (pattern, text) pair another engine must answer.

#![allow(dead_code, clippy::panic, clippy::unwrap_used, clippy::expect_used)]

use gateway_core::declarations::Export;
use gateway_core::tools::Tool;
use gateway_core::ToolId;
use serde_json::{Map, Value};

/// Each tool's argument schema in `export` (a published export's value),
/// by tool name, in the export's order.
pub fn parameter_schemas(export: Export, value: &Value) -> Vec<(String, Value)> {
    let (list, key): (&Value, &[&str]) = match export {
        Export::Mcp => (&value["tools"], &["inputSchema"]),
        Export::Gemini => (&value["functionDeclarations"], &["parameters"]),
        Export::GeminiJsonSchema => (&value["functionDeclarations"], &["parametersJsonSchema"]),
        Export::OpenAi => (value, &["function", "parameters"]),
        Export::OpenAiResponses => (value, &["parameters"]),
        Export::Anthropic => (value, &["input_schema"]),
    };
    let name = |t: &Value| {
        t.get("name")
            .or_else(|| t["function"].get("name"))
            .and_then(Value::as_str)
            .unwrap_or_else(|| panic!("{export}: a tool with no name"))
            .to_string()
    };
    list.as_array()
        .unwrap_or_else(|| panic!("{export}: no tool list"))
        .iter()
        .map(|t| {
            let schema = key.iter().fold(t, |v, k| &v[*k]);
            assert!(schema.is_object(), "{export} {}: no schema", name(t));
            (name(t), schema.clone())
        })
        .collect()
}

/// Whether `instance` is valid against `schema`, each `pattern` answered
/// by `matches(pattern, text)` (a search: the pattern may match anywhere,
/// as JSON Schema says). Gemini's spelling is read too: `"STRING"` for
/// `"string"`, and `format: "enum"`, which says nothing more than `enum`.
pub fn valid(
    schema: &Value,
    instance: &Value,
    matches: &mut dyn FnMut(&str, &str) -> bool,
) -> bool {
    let Value::Object(s) = schema else {
        panic!("not a schema: {schema}");
    };
    let mut ok = true;
    for (keyword, value) in s {
        let holds = match keyword.as_str() {
            "description" | "title" => true,
            "format" => {
                assert_eq!(value, "enum", "format {value} is not read");
                true
            }
            "type" => has_type(value.as_str().unwrap(), instance),
            "enum" => value.as_array().unwrap().iter().any(|v| same(v, instance)),
            "const" => same(value, instance),
            "pattern" => match instance {
                Value::String(text) => matches(value.as_str().unwrap(), text),
                _ => true,
            },
            "minLength" | "maxLength" => match instance {
                Value::String(text) => {
                    let n = text.chars().count() as u64;
                    let bound = value.as_u64().unwrap();
                    if keyword == "minLength" {
                        n >= bound
                    } else {
                        n <= bound
                    }
                }
                _ => true,
            },
            "minimum" | "maximum" => match instance.as_f64() {
                Some(x) => {
                    let bound = value.as_f64().unwrap();
                    if keyword == "minimum" {
                        x >= bound
                    } else {
                        x <= bound
                    }
                }
                None => true,
            },
            "minItems" | "maxItems" => match instance {
                Value::Array(items) => {
                    let bound = value.as_u64().unwrap() as usize;
                    if keyword == "minItems" {
                        items.len() >= bound
                    } else {
                        items.len() <= bound
                    }
                }
                _ => true,
            },
            "items" => match instance {
                Value::Array(items) => {
                    let mut all = true;
                    for item in items {
                        all &= valid(value, item, matches);
                    }
                    all
                }
                _ => true,
            },
            "properties" => match instance {
                Value::Object(fields) => {
                    let mut all = true;
                    for (name, sub) in value.as_object().unwrap() {
                        if let Some(v) = fields.get(name) {
                            all &= valid(sub, v, matches);
                        }
                    }
                    all
                }
                _ => true,
            },
            "required" => match instance {
                Value::Object(fields) => value
                    .as_array()
                    .unwrap()
                    .iter()
                    .all(|n| fields.contains_key(n.as_str().unwrap())),
                _ => true,
            },
            "additionalProperties" => {
                assert_eq!(value, &Value::Bool(false), "additionalProperties {value}");
                let declared = s.get("properties").and_then(Value::as_object);
                match instance {
                    Value::Object(fields) => fields
                        .keys()
                        .all(|k| declared.is_some_and(|d: &Map<String, Value>| d.contains_key(k))),
                    _ => true,
                }
            }
            "anyOf" => {
                let each: Vec<bool> = value
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|sub| valid(sub, instance, matches))
                    .collect();
                each.contains(&true)
            }
            "not" => !valid(value, instance, matches),
            "if" => {
                let condition = valid(value, instance, matches);
                let then = s.get("then").is_none_or(|t| valid(t, instance, matches));
                let otherwise = s.get("else").is_none_or(|e| valid(e, instance, matches));
                if condition {
                    then
                } else {
                    otherwise
                }
            }
            "then" | "else" => true,
            other => panic!("the evaluator does not know the keyword {other:?}"),
        };
        ok &= holds;
    }
    ok
}

fn has_type(ty: &str, instance: &Value) -> bool {
    match ty.to_ascii_lowercase().as_str() {
        "object" => instance.is_object(),
        "array" => instance.is_array(),
        "string" => instance.is_string(),
        "boolean" => instance.is_boolean(),
        "null" => instance.is_null(),
        "number" => instance.is_number(),
        "integer" => instance.as_f64().is_some_and(|x| x.fract() == 0.0),
        other => panic!("unknown type {other}"),
    }
}

/// JSON equality, numbers by value (`1` is `1.0`).
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        _ => a == b,
    }
}

/// Every `pattern` anywhere in `schema`.
pub fn patterns(schema: &Value, out: &mut Vec<String>) {
    match schema {
        Value::Object(m) => {
            for (k, v) in m {
                match (k.as_str(), v) {
                    ("pattern", Value::String(p)) => {
                        if !out.contains(p) {
                            out.push(p.clone());
                        }
                    }
                    _ => patterns(v, out),
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|v| patterns(v, out)),
        _ => {}
    }
}

/// The gate's verdict on arguments: the tool's shape, then its own rules.
pub fn gate(tool: &dyn Tool, args: &Value) -> bool {
    tool.declaration()
        .shape
        .validate(args.clone())
        .is_ok_and(|a| tool.check(&a).is_ok())
}

/// What a line break or control character does at either end of a text
/// (Python's `$` also matches before a final line feed).
pub const ENDS: &[&str] = &["\n", "\r", "\r\n", "\u{2028}", "\u{85}", "\t"];

/// The examples' arguments (valid and boundary), and the valid one with
/// each of its texts given each of [`ENDS`] after it, before it, and
/// alone.
pub fn example_cases(id: ToolId) -> Vec<Value> {
    let ex = id
        .tool()
        .declaration()
        .examples
        .get(gateway_core::fixtures::Fixtures::En);
    let parse = |t: &str| gateway_core::json::parse(t).unwrap();
    let valid = parse(ex.valid);
    let mut out = vec![valid.clone(), parse(ex.boundary)];
    let Value::Object(fields) = &valid else {
        panic!("{id}: the valid example is not an object");
    };
    for (name, value) in fields {
        let Some(text) = value.as_str() else {
            continue;
        };
        for end in ENDS {
            for changed in [
                format!("{text}{end}"),
                format!("{end}{text}"),
                end.to_string(),
            ] {
                let mut m = fields.clone();
                m.insert(name.clone(), Value::String(changed));
                out.push(Value::Object(m));
            }
        }
    }
    out
}

/// What [`examples_against_the_gate`] found.
#[derive(Debug, Default)]
pub struct Agreement {
    /// Cases where the export's schema and the gate differ, described.
    pub disagreements: Vec<String>,
    /// Patterns of the export that no case ran.
    pub unused_patterns: Vec<String>,
    pub cases: usize,
}

/// Runs every tool's [`example_cases`] through `export`'s schema for it,
/// `matches` answering its patterns, against the gate's verdict.
pub fn examples_against_the_gate(
    export: Export,
    value: &Value,
    matches: &mut dyn FnMut(&str, &str) -> bool,
) -> Agreement {
    let mut out = Agreement::default();
    let mut ran: Vec<String> = Vec::new();
    for (name, schema) in parameter_schemas(export, value) {
        let id: ToolId = name.parse().unwrap_or_else(|_| panic!("{export}: {name}"));
        let mut all = Vec::new();
        patterns(&schema, &mut all);
        for args in example_cases(id) {
            out.cases += 1;
            let mut recording = |p: &str, s: &str| {
                if !ran.iter().any(|r| r == p) {
                    ran.push(p.to_string());
                }
                matches(p, s)
            };
            let (by_schema, by_gate) = (
                valid(&schema, &args, &mut recording),
                gate(id.tool(), &args),
            );
            if by_schema != by_gate {
                out.disagreements.push(format!(
                    "{export} {name} {args}: schema {by_schema}, gate {by_gate}"
                ));
            }
        }
        out.unused_patterns
            .extend(all.into_iter().filter(|p| !ran.contains(p)));
    }
    out
}
