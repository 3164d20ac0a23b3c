//! The Gemini declarations: `functionDeclarations` with `parameters` in
//! Gemini's OpenAPI subset ([`gemini_schema`]), or with the exact JSON
//! Schema in `parametersJsonSchema`.

use serde_json::{json, Map, Value};

use super::{model_view, ModelDeclaration};
use crate::schema::{field_description, Field, Item, Kind, Property, Shape, Variant};
use crate::text::{Arg, Locale, Text};
use crate::tools::Registry;

/// A Gemini tool: `{"functionDeclarations": [{"name", "description",
/// "parameters"}]}`, `parameters` in Gemini's OpenAPI subset
/// ([`gemini_schema`]). Our names (lowercase letters) fit Gemini's rule:
/// letters, digits, underscores, colons, dots and dashes, at most 64.
pub fn gemini_function_declarations(registry: &Registry, locale: Locale) -> Value {
    gemini_declarations(
        registry,
        locale,
        "parameters",
        ModelDeclaration::gemini_parameters,
    )
}

/// The Gemini tool again, each declaration carrying the exact JSON Schema
/// in `parametersJsonSchema` (which Gemini takes instead of `parameters`,
/// never with it): `{"functionDeclarations": [{"name", "description",
/// "parametersJsonSchema"}]}`. The schema is MCP's `inputSchema`.
pub fn gemini_json_schema_declarations(registry: &Registry, locale: Locale) -> Value {
    gemini_declarations(
        registry,
        locale,
        "parametersJsonSchema",
        ModelDeclaration::input_schema,
    )
}

/// `{"functionDeclarations": [{"name", "description", <key>}]}`, the
/// arguments under `key` as `schema` says them.
fn gemini_declarations(
    registry: &Registry,
    locale: Locale,
    key: &str,
    schema: fn(&ModelDeclaration, Locale) -> Value,
) -> Value {
    let declarations: Vec<Value> = model_view(registry)
        .iter()
        .map(|d| {
            let mut declaration = json!({
                "name": d.name,
                "description": d.description().render(locale),
            });
            declaration[key] = schema(d, locale);
            declaration
        })
        .collect();
    json!({ "functionDeclarations": declarations })
}

/// A tool's arguments in Gemini's `Schema`, "a select subset of an OpenAPI
/// 3.0 schema object". It has `type` (the `Type` enum: `OBJECT`, `STRING`,
/// `INTEGER`, `NUMBER`), `description`, `properties`, `required`, `enum`
/// (strings, marked `format: "enum"`), `pattern`, `minLength`, `maxLength`,
/// `minimum`, `maximum` and `anyOf`. It has no `oneOf`, `const`,
/// `additionalProperties` and no `if`/`then`/`else`. The mapping from
/// [`Shape::json_schema`]:
///
/// - `"type": "object"`, `"string"`, … → `"OBJECT"`, `"STRING"`, …;
/// - `"const": v` → `"format": "enum", "enum": [v]`;
/// - a string `enum` → the same with `"format": "enum"`;
/// - `pattern`, `minLength`, `maxLength`, `minimum`, `maximum`, `required`
///   → kept as they are (patterns are ECMA-262, as OpenAPI 3.0 says);
/// - `additionalProperties: false` → dropped; the object's `description`
///   says "No other fields are accepted.";
/// - variants (`if`/`then`/`else` on constants) → one object with the union
///   of their fields, `required` only what every variant requires, and
///   each variant's rule said in the object's `description` (e.g. `When
///   operation is "read": path is required; content is not allowed.`);
/// - a field of different kinds in different variants (database `value`)
///   → `anyOf` of the kinds, each with its own `type`;
/// - a list → `"type": "ARRAY"` with `minItems`, `maxItems` and `items`
///   (a cell: `anyOf` a single-line `STRING` and a `NUMBER`);
/// - the UTF-16 length tier (an `anyOf` on the text's length) → dropped;
///   the field's description says lengths count UTF-16 units;
/// - a single-line text's `not` (no `not` here) → the anchored
///   [`SINGLE_LINE`](crate::schema::SINGLE_LINE) pattern, and an address's
///   → dropped (its pattern already refuses every control character).
///
/// So it is never stricter than the gate, and more permissive only where
/// its descriptions say what the gate also enforces, and, in a Python
/// validator, by one final line feed after a single-line text or an
/// address (`$` matches before it there; docs/registry-and-exports.md). Cross-field rules
/// (calendar: start before end) are in the tool's own description.
pub fn gemini_schema(shape: &Shape, locale: Locale) -> Value {
    let properties: Map<String, Value> = shape
        .properties()
        .into_iter()
        .map(|(name, sources)| (name.to_string(), gemini_union(&sources, locale)))
        .collect();
    json!({
        "type": "OBJECT",
        "description": gemini_rules(shape, locale),
        "properties": properties,
        "required": shape.always_required(),
    })
}

/// One property across the variants that declare it.
fn gemini_union(sources: &[Property], locale: Locale) -> Value {
    let mut distinct: Vec<Value> = Vec::new();
    for s in sources.iter().map(|p| gemini_property(p, locale)) {
        if !distinct.contains(&s) {
            distinct.push(s);
        }
    }
    let all_enums = distinct
        .iter()
        .all(|s| s.get("format") == Some(&json!("enum")));
    match distinct.len() {
        1 => distinct.swap_remove(0),
        _ if all_enums => {
            let mut values: Vec<Value> = Vec::new();
            for s in &distinct {
                for v in s["enum"].as_array().into_iter().flatten() {
                    if !values.contains(v) {
                        values.push(v.clone());
                    }
                }
            }
            let mut merged = json!({ "type": "STRING", "format": "enum", "enum": values });
            if let Some(d) = distinct.iter().find_map(|s| s.get("description")) {
                merged["description"] = d.clone();
            }
            merged
        }
        _ => json!({ "anyOf": distinct }),
    }
}

fn gemini_property(property: &Property, locale: Locale) -> Value {
    let field = match property {
        Property::Const(value) => {
            return json!({ "type": "STRING", "format": "enum", "enum": [value] })
        }
        Property::Field(field) => field,
    };
    let mut s = match field.kind {
        Kind::Text {
            min,
            max,
            single_line,
        } => {
            let mut s = json!({ "type": "STRING", "minLength": min, "maxLength": max });
            if single_line {
                s["pattern"] = json!(crate::schema::SINGLE_LINE);
            }
            s
        }
        Kind::Formatted(format) => format.schema("STRING"),
        Kind::OneOf(values) => json!({ "type": "STRING", "format": "enum", "enum": values }),
        Kind::Integer { min, max } => json!({ "type": "INTEGER", "minimum": min, "maximum": max }),
        Kind::Number { max_abs } => {
            json!({ "type": "NUMBER", "minimum": -max_abs, "maximum": max_abs })
        }
        Kind::List { min, max, item } => json!({
            "type": "ARRAY",
            "minItems": min,
            "maxItems": max,
            "items": gemini_item(item),
        }),
    };
    s["description"] = json!(field_description(field, locale));
    s
}

/// One item of a list in Gemini's subset: a cell is a single-line text
/// (the anchored pattern, as a field's) or a number.
fn gemini_item(item: Item) -> Value {
    match item {
        Item::Cell { max } => json!({
            "anyOf": [
                {
                    "type": "STRING",
                    "minLength": 0,
                    "maxLength": max,
                    "pattern": crate::schema::SINGLE_LINE,
                },
                { "type": "NUMBER" },
            ]
        }),
    }
}

/// What the gate enforces beyond Gemini's `parameters`, in words. Each
/// piece is written before it goes into the next message, so that every
/// piece is in `locale`.
fn gemini_rules(shape: &Shape, locale: Locale) -> String {
    let mut out = Text::DeclNoOtherFields.render(locale);
    if shape.variants.len() < 2 {
        return out;
    }
    let properties = shape.properties();
    // A field declared with different kinds by different variants gets its
    // kind spelled out: Gemini's `anyOf` cannot say which goes with which.
    let varies = |name: &str| {
        let kinds: Vec<Value> = properties
            .iter()
            .filter(|(n, _)| *n == name)
            .flat_map(|(_, sources)| sources)
            .filter(|s| matches!(s, Property::Field(_)))
            .map(|s| s.json_schema(locale))
            .collect();
        kinds.iter().any(|k| *k != kinds[0])
    };
    for variant in shape.variants {
        let mut parts: Vec<Text> = variant
            .fields
            .iter()
            .map(|f| {
                let field = f.name.into();
                match (f.required, varies(f.name)) {
                    (true, false) => Text::DeclRequired { field },
                    (false, false) => Text::DeclOptional { field },
                    (true, true) => Text::DeclRequiredAs {
                        field,
                        kind: kind_words(f).render(locale).into(),
                    },
                    (false, true) => Text::DeclOptionalAs {
                        field,
                        kind: kind_words(f).render(locale).into(),
                    },
                }
            })
            .collect();
        let absent: Vec<&str> = properties
            .iter()
            .map(|(n, _)| *n)
            .filter(|n| {
                !variant.consts.iter().any(|(c, _)| c == n)
                    && !variant.fields.iter().any(|f| f.name == *n)
            })
            .collect();
        if !absent.is_empty() {
            parts.push(Text::DeclNotAllowed {
                fields: absent.into(),
            });
        }
        out = Text::DeclWhen {
            before: out.into(),
            condition: variant_condition(variant, locale).into(),
            rules: joined(locale, parts, |first, next| Text::DeclRules { first, next }).into(),
        }
        .render(locale);
    }
    out
}

/// `texts` written in `locale` and joined by `join`; empty for none.
fn joined(locale: Locale, texts: Vec<Text>, join: impl Fn(Arg, Arg) -> Text) -> String {
    texts
        .iter()
        .map(|t| t.render(locale))
        .reduce(|a, b| (join(a.into(), b.into())).render(locale))
        .unwrap_or_default()
}

/// `operation is "set" and key is "seats"`.
fn variant_condition(variant: &Variant, locale: Locale) -> String {
    crate::schema::condition(variant.consts).render(locale)
}

fn kind_words(field: &Field) -> Text {
    match field.kind {
        Kind::Text { min, max, .. } => Text::DeclKindText {
            min: min.into(),
            max: max.into(),
        },
        Kind::Formatted(format) => format.text(),
        Kind::OneOf(values) => Text::DeclKindOneOf {
            values: values
                .iter()
                .map(|v| crate::json::quote(v))
                .collect::<Vec<_>>()
                .into(),
        },
        Kind::Integer { min, max } => Text::DeclKindInteger {
            min: min.into(),
            max: max.into(),
        },
        Kind::Number { max_abs } => Text::DeclKindNumber {
            min: crate::json::js_number(-max_abs).into(),
            max: crate::json::js_number(max_abs).into(),
        },
        Kind::List {
            min,
            max,
            item: Item::Cell { max: cell },
        } => Text::DeclKindCells {
            min: min.into(),
            max: max.into(),
            cell: cell.into(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gemini_rules_name_every_variant() {
        let en = Locale::default();
        let files = ModelDeclaration::of(crate::ToolId::Files.tool()).gemini_parameters(en);
        assert_eq!(
            files["description"],
            json!(
                "No other fields are accepted. \
                 When operation is \"read\": path is required; content is not allowed. \
                 When operation is \"write\": path is required; content is required."
            )
        );
        let db = ModelDeclaration::of(crate::ToolId::Database.tool()).gemini_parameters(en);
        assert_eq!(
            db["description"],
            json!(
                "No other fields are accepted. \
                 When operation is \"get\": key is required; value is not allowed. \
                 When operation is \"set\" and key is \"seats\": value is required (a whole number from 0 to 500). \
                 When operation is \"set\" and key is \"status\": value is required (one of \"open\", \"waitlist\", \"closed\")."
            )
        );
        let email = ModelDeclaration::of(crate::ToolId::Email.tool()).gemini_parameters(en);
        assert_eq!(email["description"], json!("No other fields are accepted."));
    }
}
