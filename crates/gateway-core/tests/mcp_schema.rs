//! The published MCP export against the official MCP JSON Schemas
//! (`tests/data/mcp-schema/`, from the specification repository; see its
//! SOURCE.md and LICENSE): it is a `ListToolsResult` of revision 2025-11-25
//! and of 2026-07-28, the latest, in every language the page ships, for
//! every built-in experiment's registry and every tool a registry may hold.
//!
//! One export passes both: 2025-11-25's `ListToolsResult` does not forbid
//! fields it does not define (no `additionalProperties: false`), so the
//! 2026-07-28 fields `resultType`, `ttlMs` and `cacheScope` are allowed
//! there, while 2026-07-28 requires them (checked below: the result
//! without any one of them fails 2026-07-28 and passes 2025-11-25).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use gateway_core::declarations::{Export, RISKS_META_KEY};
use gateway_core::text::Locale;
use gateway_core::{published, ExperimentId, Registry};
use serde_json::{json, Value};

mod json_schema;
use json_schema::Validator;

const REVISIONS: [&str; 2] = ["2025-11-25", "2026-07-28"];

/// A validator of `definition` in the official schema of `revision`.
fn official(revision: &str, definition: &str) -> Validator {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/mcp-schema")
        .join(format!("schema-{revision}.json"));
    let text = std::fs::read_to_string(&path).unwrap();
    let mut schema: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        schema["$schema"], "https://json-schema.org/draft/2020-12/schema",
        "{revision}"
    );
    assert!(
        schema["$defs"].get(definition).is_some(),
        "{revision} has no {definition}"
    );
    schema["$ref"] = json!(format!("#/$defs/{definition}"));
    Validator::new(&schema).unwrap()
}

/// The MCP export of `registry` as the page prints it, in `locale`.
fn shipped_for(registry: &Registry, locale: Locale) -> Value {
    serde_json::from_str(&published::text(Export::Mcp, registry, locale)).unwrap()
}

/// The MCP export of every tool a registry may hold, in `locale`.
fn shipped(locale: Locale) -> Value {
    shipped_for(&Registry::every(), locale)
}

/// The registry of each built-in experiment, by id, and every tool's.
fn registries() -> Vec<(&'static str, Registry)> {
    ExperimentId::ALL
        .iter()
        .map(|id| (id.id(), id.experiment().registry()))
        .chain([("every tool", Registry::every())])
        .collect()
}

fn errors(v: &Validator, instance: &Value) -> Vec<String> {
    v.errors(instance)
}

#[test]
fn the_mcp_export_is_a_list_tools_result_of_both_revisions_in_every_language() {
    for revision in REVISIONS {
        let v = official(revision, "ListToolsResult");
        for (name, registry) in registries() {
            for locale in Locale::ALL {
                let list = shipped_for(&registry, locale);
                assert_eq!(
                    list["tools"].as_array().unwrap().len(),
                    registry.names().len(),
                    "{name}"
                );
                let problems = errors(&v, &list);
                assert!(
                    problems.is_empty(),
                    "{revision} {name} {}: {problems:#?}",
                    locale.id()
                );
            }
        }
    }
}

#[test]
fn the_2026_07_28_fields_are_required_there_and_allowed_in_2025_11_25() {
    let (old, new) = (
        official("2025-11-25", "ListToolsResult"),
        official("2026-07-28", "ListToolsResult"),
    );
    for field in ["resultType", "ttlMs", "cacheScope"] {
        let mut list = shipped(Locale::En);
        list.as_object_mut().unwrap().remove(field);
        assert!(
            !new.is_valid(&list),
            "2026-07-28 takes a result without {field}"
        );
        assert!(
            old.is_valid(&list),
            "2025-11-25 refuses a result without {field}"
        );
    }
    // The values are checked, not only their presence.
    for (field, bad) in [
        ("cacheScope", json!("everyone")),
        ("ttlMs", json!(-1)),
        ("ttlMs", json!(1.5)),
    ] {
        let mut list = shipped(Locale::En);
        list[field] = bad.clone();
        assert!(!new.is_valid(&list), "2026-07-28 takes {field}: {bad}");
    }
    // And both check the tools: one without its inputSchema fails both.
    let mut list = shipped(Locale::En);
    list["tools"][0]
        .as_object_mut()
        .unwrap()
        .remove("inputSchema");
    assert!(!new.is_valid(&list) && !old.is_valid(&list));
    // A tool's own fields are checked against `Tool` in both.
    let mut list = shipped(Locale::En);
    list["tools"][1]["annotations"]["destructiveHint"] = json!("no");
    assert!(!new.is_valid(&list) && !old.is_valid(&list));
}

/// MCP's rule for `_meta` keys (`MetaObject` in 2026-07-28): an optional
/// prefix of dot-separated labels and a slash, each label starting with a
/// letter and ending with a letter or digit, with letters, digits and
/// hyphens between; a prefix whose second label is `modelcontextprotocol`
/// or `mcp` is reserved; a name that, unless empty, starts and ends with a
/// letter or digit, with letters, digits, hyphens, underscores and dots
/// between.
fn meta_key_problem(key: &str) -> Option<String> {
    let (prefix, name) = match key.rsplit_once('/') {
        Some((p, n)) => (Some(p), n),
        None => (None, key),
    };
    let edge = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric());
    let name_ok = name.is_empty()
        || (edge(name.chars().next())
            && edge(name.chars().last())
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c)));
    if !name_ok {
        return Some(format!("name {name:?}"));
    }
    let prefix = prefix?;
    let labels: Vec<&str> = prefix.split('.').collect();
    for label in &labels {
        let ok = label
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic())
            && edge(label.chars().last())
            && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
        if !ok {
            return Some(format!("label {label:?}"));
        }
    }
    if matches!(labels.get(1), Some(&("modelcontextprotocol" | "mcp"))) {
        return Some(format!("reserved prefix {prefix:?}"));
    }
    None
}

#[test]
fn the_risks_are_in_meta_under_a_key_mcp_allows() {
    assert_eq!(meta_key_problem(RISKS_META_KEY), None);
    // The rule as written, on both sides.
    for (key, ok) in [
        ("com.example/risks", true),
        ("com.example.mcp/x", true),
        ("risks", true),
        ("io.modelcontextprotocol/x", false),
        ("dev.mcp/x", false),
        ("com.mcp.tools/x", false),
        ("1com.example/x", false),
        ("com.example-/x", false),
        ("com.example/-x", false),
        ("com..example/x", false),
    ] {
        assert_eq!(meta_key_problem(key).is_none(), ok, "{key}");
    }
    for locale in Locale::ALL {
        for t in shipped(locale)["tools"].as_array().unwrap() {
            let meta = t["_meta"].as_object().unwrap();
            assert_eq!(meta.keys().collect::<Vec<_>>(), [RISKS_META_KEY]);
            let risks = meta[RISKS_META_KEY].as_array().unwrap();
            assert!(!risks.is_empty(), "{}", t["name"]);
        }
    }
}

/// The Workspace registry's calendar, sheets and LINE tools, before the
/// registry experiment holds them: their MCP export is a `ListToolsResult`
/// of both revisions in every language.
#[test]
fn the_workspace_calendar_sheets_and_line_tools_export_as_a_list_tools_result() {
    let registry = Registry::with_tools(gateway_core::tools::workspace::tools());
    for revision in REVISIONS {
        let v = official(revision, "ListToolsResult");
        for locale in Locale::ALL {
            let list = shipped_for(&registry, locale);
            let problems = errors(&v, &list);
            assert!(
                problems.is_empty(),
                "{revision} {}: {problems:#?}",
                locale.id()
            );
        }
    }
}
