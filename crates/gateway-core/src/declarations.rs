//! The model-facing view of the registry and its exports (SPEC 2.3).
//!
//! A model is told, for each tool, exactly four things: its name, its
//! description, its risk(s) and the JSON Schema of its arguments
//! ([`ModelDeclaration`]), plus the display title a client may show
//! (the page's label). Nothing of the implementation — no examples, no
//! `redacts` list, no validation or execution code — is in it.
//!
//! The view is exported in the shapes agents consume, each a
//! [`serde_json::Value`] with a pretty text ([`Export::text`]):
//!
//! - an MCP `tools/list` result ([`mcp_tools_list`]) as revision
//!   2026-07-28 has it (`resultType`, `ttlMs`, `cacheScope`; it is also a
//!   valid 2025-11-25 result, whose schema allows the extra fields): per
//!   tool `name`, `title`, `description`, `inputSchema`, `annotations`
//!   derived from the risk and what the tool does ([`Hints`]), and the
//!   risks in `_meta` under [`RISKS_META_KEY`];
//! - a Gemini `functionDeclarations` list ([`gemini_function_declarations`])
//!   whose `parameters` use Gemini's OpenAPI subset ([`gemini_schema`]), and
//!   the same list with the exact JSON Schema in `parametersJsonSchema`
//!   instead ([`gemini_json_schema_declarations`]; Gemini takes one or the
//!   other);
//! - OpenAI tools for Chat Completions ([`openai_tools`]) and for the
//!   Responses API ([`openai_responses_tools`]), strict wherever the schema
//!   can be ([`Shape::strict_json_schema`]).
//!
//! # Where the risk goes
//!
//! A description is not a permission (seed 002): only risk and policy
//! grant anything. So the description the model reads is the tool's own,
//! with no risk text appended, and the risk is exported only where a
//! client reads it as metadata: MCP `annotations` and `_meta`. Gemini and
//! OpenAI declarations have no field for it, and we add no vendor
//! extension (`x-risk`): they carry the schema alone. Either way the
//! gateway decides from its own registry, never from what a client or
//! model repeats back.
//!
//! # Schemas
//!
//! `inputSchema` (MCP), `parametersJsonSchema` (Gemini) and the `parameters`
//! of OpenAI's tools that cannot be strict are [`Shape::json_schema`], the
//! JSON Schema generated from the same data the schema gate validates with;
//! a strict OpenAI tool's is [`Shape::strict_json_schema`], from the same
//! data. `tests/declarations.rs` checks each against the gate with a JSON
//! Schema validator and lists the known differences, and runs their
//! patterns under Python's `re`; gateway-web's browser test runs them
//! under the browser's ECMA-262 `RegExp`.

use serde_json::{json, Map, Value};

use crate::policy::Risk;
use crate::schema::{field_description, Field, Kind, Property, Shape, Variant};
use crate::text::{Arg, Locale, Text};
use crate::tools::{Registry, Tool};

/// What a model is told about one tool: name, description, risks and the
/// argument schema, plus the display title. Built from a [`Tool`]'s
/// declaration; it holds no example, no `redacts`, no code.
#[derive(Debug, Clone, Copy)]
pub struct ModelDeclaration {
    name: &'static str,
    title: fn() -> Text,
    description: fn() -> Text,
    risks: &'static [Risk],
    /// Whether its calls only add ([`Tool::only_adds`]).
    only_adds: bool,
    /// The argument schema as data; exported as JSON Schema or Gemini's subset.
    arguments: Shape,
}

impl ModelDeclaration {
    pub fn of(tool: &dyn Tool) -> Self {
        let d = tool.declaration();
        Self {
            name: d.name,
            title: d.label,
            description: d.description,
            risks: d.risks,
            only_adds: tool.only_adds(),
            arguments: d.shape,
        }
    }

    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The display title (what the page calls the label).
    pub fn title(&self) -> Text {
        (self.title)()
    }

    pub fn description(&self) -> Text {
        (self.description)()
    }

    /// Every risk a call of this tool can carry.
    pub fn risks(&self) -> &'static [Risk] {
        self.risks
    }

    /// The JSON Schema (draft 2020-12) of the arguments, described in
    /// `locale`.
    pub fn input_schema(&self, locale: Locale) -> Value {
        self.arguments.json_schema(locale)
    }

    /// The arguments as OpenAI tools take them: the strict-mode schema and
    /// `true` where the shape can be said in strict mode, else the
    /// [`input_schema`](Self::input_schema) and `false`.
    pub fn openai_parameters(&self, locale: Locale) -> (Value, bool) {
        match self.arguments.strict_json_schema(locale) {
            Some(schema) => (schema, true),
            None => (self.input_schema(locale), false),
        }
    }

    /// The same arguments in Gemini's OpenAPI subset.
    pub fn gemini_parameters(&self, locale: Locale) -> Value {
        gemini_schema(&self.arguments, locale)
    }

    /// The MCP behaviour hints, from the risks and whether the calls only add.
    pub fn hints(&self) -> Hints {
        Hints::of_tool(self.risks, self.only_adds)
    }

    /// The view as JSON: `name`, `title`, `description`, `risks` (ids) and
    /// `inputSchema`, and nothing else.
    pub fn to_json(&self, locale: Locale) -> Value {
        json!({
            "name": self.name,
            "title": self.title().render(locale),
            "description": self.description().render(locale),
            "risks": self.risks.iter().map(|r| r.id()).collect::<Vec<_>>(),
            "inputSchema": self.input_schema(locale),
        })
    }
}

/// The model-facing view of every tool in `registry`, in registry order.
pub fn model_view(registry: &Registry) -> Vec<ModelDeclaration> {
    registry
        .tools()
        .iter()
        .map(|t| ModelDeclaration::of(*t))
        .collect()
}

/// MCP tool annotations (`ToolAnnotations`), derived from risk and from
/// what the tool's calls do.
///
/// MCP defines these as *hints* about a tool's behaviour. A client must not
/// trust them for security; here they only describe what the gateway's own
/// policy already enforces. The mapping, per risk ([`Hints::of_risk`]):
///
/// | risk   | readOnly | destructive | idempotent |
/// |--------|----------|-------------|------------|
/// | read   | true     | false       | true       |
/// | draft  | false    | false       | false      |
/// | write  | false    | true ¹      | true       |
/// | send   | false    | false       | false      |
/// | delete | false    | true        | true       |
/// | share  | false    | true        | true       |
///
/// ¹ false for a tool whose calls only add ([`Tool::only_adds`]):
/// calendar's write adds `event-N` and overwrites nothing
/// ([`Hints::of_tool`]).
///
/// `openWorldHint` is false for every tool of this crate: they touch only
/// the synthetic ledger and nothing calls a network.
///
/// A tool that declares several risks (files, database: read and write)
/// gets the hints of its riskiest call ([`Hints::of_risks`]): read-only only
/// if every risk is `read`, destructive if any risk is, idempotent only if
/// every risk is. A tool that declares none is treated as `delete`, as the
/// policy refuses it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hints {
    /// MCP `readOnlyHint`: "the tool does not modify its environment"
    /// (default false). True exactly when every declared risk is `read`,
    /// i.e. when no call of the tool is a mutation (SPEC 2.2).
    pub read_only: bool,
    /// MCP `destructiveHint`: "the tool may perform destructive updates to
    /// its environment; if false, it performs only additive updates"
    /// (default true; meaningful only when not read-only). True when a call
    /// can replace or remove existing data: `write` sets a value in place
    /// (files and database replace the old value), `delete` removes, `share`
    /// exposes existing data irreversibly. False for `send` (appends a new
    /// message), `draft` (adds a new draft), `read`, and the `write` of a
    /// tool whose calls only add (calendar adds an event beside the others).
    pub destructive: bool,
    /// MCP `idempotentHint`: "calling the tool repeatedly with the same
    /// arguments has no additional effect on its environment" (default
    /// false; meaningful only when not read-only). True for `read` (no
    /// effect at all), `write` (setting the same value twice leaves what
    /// once does; a repeated calendar event overlaps the one it added and
    /// is refused at execution), `delete` (nothing is left to delete) and
    /// `share` (already shared). False for `send` and `draft`: each call
    /// appends another message or draft.
    pub idempotent: bool,
    /// MCP `openWorldHint`: "the tool may interact with an open world of
    /// external entities" (default true). False: every fixture tool's world
    /// is the closed, synthetic ledger.
    pub open_world: bool,
}

impl Hints {
    /// The hints of a call with this risk.
    pub fn of_risk(risk: Risk) -> Self {
        let (destructive, idempotent) = match risk {
            Risk::Read => (false, true),
            Risk::Draft | Risk::Send => (false, false),
            Risk::Write | Risk::Delete | Risk::Share => (true, true),
        };
        Self {
            read_only: !risk.is_mutation(),
            destructive,
            idempotent,
            open_world: false,
        }
    }

    /// The hints of a tool whose calls can carry any of `risks`, a write
    /// replacing what it writes over.
    pub fn of_risks(risks: &[Risk]) -> Self {
        Self::of_tool(risks, false)
    }

    /// The hints of a tool whose calls can carry any of `risks` and, if
    /// `only_adds`, whose writes only add: then a write is not destructive.
    /// (Only a write: a delete or share stays destructive whatever the tool
    /// says.)
    pub fn of_tool(risks: &[Risk], only_adds: bool) -> Self {
        let risks = if risks.is_empty() {
            &[Risk::Delete][..]
        } else {
            risks
        };
        let each: Vec<Hints> = risks
            .iter()
            .map(|r| {
                let mut h = Hints::of_risk(*r);
                h.destructive &= !(only_adds && *r == Risk::Write);
                h
            })
            .collect();
        Self {
            read_only: each.iter().all(|h| h.read_only),
            destructive: each.iter().any(|h| h.destructive),
            idempotent: each.iter().all(|h| h.idempotent),
            open_world: each.iter().any(|h| h.open_world),
        }
    }

    /// MCP `annotations`, with `title`.
    pub fn annotations(&self, title: &str) -> Value {
        json!({
            "title": title,
            "readOnlyHint": self.read_only,
            "destructiveHint": self.destructive,
            "idempotentHint": self.idempotent,
            "openWorldHint": self.open_world,
        })
    }
}

/// The `_meta` key under which an MCP tool carries its risks (their ids,
/// e.g. `["read", "write"]`). MCP's naming rule for `_meta` keys: a prefix
/// of dot-separated labels in reverse DNS notation and a slash, then a
/// name; a prefix whose second label is `modelcontextprotocol` or `mcp` is
/// reserved. The page has no domain of its own, so the prefix is
/// `workbench.example.test` reversed, in `.test`, the top-level domain kept
/// for testing (RFC 6761), like the page's synthetic addresses.
pub const RISKS_META_KEY: &str = "test.example.workbench/risks";

/// How long a client may keep the `tools/list` result (MCP 2026-07-28
/// `ttlMs`): a day. The tools change only with a new build of the page.
pub const TOOLS_TTL_MS: u64 = 86_400_000;

/// An MCP `tools/list` result of revision 2026-07-28: `{"resultType":
/// "complete", "ttlMs", "cacheScope": "public", "tools": [{"name", "title",
/// "description", "inputSchema", "annotations", "_meta"}]}`, described in
/// `locale`. `cacheScope` is `public`: the list holds nothing of a user's.
/// A 2025-11-25 client reads it too: that revision's `ListToolsResult`
/// allows fields it does not define, and a client of either takes a result
/// with no `resultType` as complete.
pub fn mcp_tools_list(registry: &Registry, locale: Locale) -> Value {
    let tools: Vec<Value> = model_view(registry)
        .iter()
        .map(|d| {
            let title = d.title().render(locale);
            let mut meta = Map::new();
            meta.insert(
                RISKS_META_KEY.into(),
                json!(d.risks.iter().map(|r| r.id()).collect::<Vec<_>>()),
            );
            json!({
                "name": d.name,
                "title": title,
                "description": d.description().render(locale),
                "inputSchema": d.input_schema(locale),
                "annotations": d.hints().annotations(&title),
                "_meta": meta,
            })
        })
        .collect();
    json!({
        "resultType": "complete",
        "ttlMs": TOOLS_TTL_MS,
        "cacheScope": "public",
        "tools": tools,
    })
}

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

/// An OpenAI Chat Completions tools list: `[{"type": "function",
/// "function": {"name", "description", "parameters", "strict"}}]`, strict
/// where the arguments can be said in strict mode
/// ([`ModelDeclaration::openai_parameters`]). Files and database cannot:
/// their variants are chosen with `if`/`then`/`else`, which strict mode
/// lacks; nor search: its `limit` is optional.
pub fn openai_tools(registry: &Registry, locale: Locale) -> Value {
    let tools: Vec<Value> = model_view(registry)
        .iter()
        .map(|d| {
            let (parameters, strict) = d.openai_parameters(locale);
            json!({
                "type": "function",
                "function": {
                    "name": d.name,
                    "description": d.description().render(locale),
                    "parameters": parameters,
                    "strict": strict,
                },
            })
        })
        .collect();
    Value::Array(tools)
}

/// The same tools as the Responses API takes them: `[{"type": "function",
/// "name", "description", "parameters", "strict"}]`, one level flatter.
pub fn openai_responses_tools(registry: &Registry, locale: Locale) -> Value {
    let Value::Array(tools) = openai_tools(registry, locale) else {
        return Value::Array(Vec::new());
    };
    let flat = tools.into_iter().map(|mut tool| {
        let mut flat = serde_json::Map::new();
        flat.insert("type".into(), "function".into());
        if let Value::Object(function) = tool["function"].take() {
            flat.extend(function);
        }
        Value::Object(flat)
    });
    Value::Array(flat.collect())
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
    };
    s["description"] = json!(field_description(field, locale));
    s
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
    }
}

crate::closed_enum! {
    /// The export formats, in the order the page offers them.
    pub enum Export as "export" {
        /// MCP `tools/list` result.
        Mcp = "mcp",
        /// Gemini `functionDeclarations` with `parameters`.
        Gemini = "gemini",
        /// Gemini `functionDeclarations` with `parametersJsonSchema`.
        GeminiJsonSchema = "gemini-json-schema",
        /// OpenAI Chat Completions `tools`.
        OpenAi = "openai",
        /// OpenAI Responses API `tools`.
        OpenAiResponses = "openai-responses",
    }
}

impl Export {
    /// What the page calls the export (its buttons, its status line).
    pub fn label(self) -> Text {
        match self {
            Export::Mcp => Text::ExportLabelMcp,
            Export::Gemini => Text::ExportLabelGemini,
            Export::GeminiJsonSchema => Text::ExportLabelGeminiJsonSchema,
            Export::OpenAi => Text::ExportLabelOpenai,
            Export::OpenAiResponses => Text::ExportLabelOpenaiResponses,
        }
    }

    /// The export of `registry`, described in `locale`.
    pub fn value(self, registry: &Registry, locale: Locale) -> Value {
        match self {
            Export::Mcp => mcp_tools_list(registry, locale),
            Export::Gemini => gemini_function_declarations(registry, locale),
            Export::GeminiJsonSchema => gemini_json_schema_declarations(registry, locale),
            Export::OpenAi => openai_tools(registry, locale),
            Export::OpenAiResponses => openai_responses_tools(registry, locale),
        }
    }

    /// The export as `JSON.stringify(value, null, 2)` prints it.
    pub fn text(self, registry: &Registry, locale: Locale) -> String {
        crate::json::pretty(&self.value(registry, locale))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hints_by_risk() {
        let table: Vec<_> = Risk::ALL
            .map(|r| {
                let h = Hints::of_risk(r);
                (
                    r.id(),
                    h.read_only,
                    h.destructive,
                    h.idempotent,
                    h.open_world,
                )
            })
            .into();
        assert_eq!(
            table,
            [
                ("read", true, false, true, false),
                ("draft", false, false, false, false),
                ("write", false, true, true, false),
                ("send", false, false, false, false),
                ("delete", false, true, true, false),
                ("share", false, true, true, false),
            ]
        );
    }

    #[test]
    fn several_risks_take_the_riskiest_and_none_is_refused() {
        let rw = Hints::of_risks(&[Risk::Read, Risk::Write]);
        assert_eq!(
            (rw.read_only, rw.destructive, rw.idempotent),
            (false, true, true)
        );
        let rs = Hints::of_risks(&[Risk::Read, Risk::Send]);
        assert_eq!(
            (rs.read_only, rs.destructive, rs.idempotent),
            (false, false, false)
        );
        assert_eq!(Hints::of_risks(&[]), Hints::of_risk(Risk::Delete));
        assert_eq!(Hints::of_risks(&[Risk::Read]), Hints::of_risk(Risk::Read));
    }

    #[test]
    fn export_ids_parse_back() {
        for e in Export::ALL {
            assert_eq!(e.id().parse::<Export>(), Ok(e));
        }
        assert!("anthropic".parse::<Export>().is_err());
    }

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
