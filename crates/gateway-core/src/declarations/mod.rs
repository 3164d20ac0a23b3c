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
//!   can be ([`Shape::strict_json_schema`]);
//! - Anthropic Messages `tools` ([`anthropic_tools`]), with the exact JSON
//!   Schema in `input_schema`.
//!
//! OpenAI and Anthropic allow no dot in a name: their exports write a
//! tool's [`provider_name`] (`files_delete`), and a call by it is read as a
//! call of the tool (`mode::Turn::new`).
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
use crate::schema::Shape;
use crate::text::{Locale, Text};
use crate::tools::{provider_name, Registry, Tool};

mod anthropic;
mod gemini;

pub use anthropic::anthropic_tools;
pub use gemini::{gemini_function_declarations, gemini_json_schema_declarations, gemini_schema};

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
                    "name": provider_name(d.name),
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
        /// Anthropic Messages `tools`.
        Anthropic = "anthropic",
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
            Export::Anthropic => Text::ExportLabelAnthropic,
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
            Export::Anthropic => anthropic_tools(registry, locale),
        }
    }

    /// The name this export gives the tool named `name`: the
    /// [`provider_name`] where the provider allows no dot in a name.
    pub fn tool_name(self, name: &str) -> std::borrow::Cow<'_, str> {
        match self {
            Export::Mcp | Export::Gemini | Export::GeminiJsonSchema => name.into(),
            Export::OpenAi | Export::OpenAiResponses | Export::Anthropic => provider_name(name),
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
        assert!("claude".parse::<Export>().is_err());
    }
}
