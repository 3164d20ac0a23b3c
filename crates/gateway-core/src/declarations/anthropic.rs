//! The registry as Anthropic's Messages API takes it: the request's
//! `tools`, one `{"name", "description", "input_schema"}` per tool
//! (the SDK's `ToolParam`).
//!
//! `name` is the tool's [`provider_name`]: Anthropic's tool names are
//! `^[a-zA-Z0-9_-]{1,64}$` ("Specifying client tools",
//! <https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use>),
//! so `files.delete` is `files_delete`; a `tool_use` block that calls it so
//! is read as a call of `files.delete` (`mode::Turn::new`). `input_schema`
//! is the exact JSON Schema the MCP export carries. The optional fields
//! are left out: `strict` (structured outputs hold a strict schema to a
//! subset this one leaves where a field is optional or a variant is
//! chosen), and `cache_control`, `type` and the rest, which say how a
//! request is served, not what the tool is. Anthropic has no field for a
//! risk either: as with OpenAI, the gateway decides from its own registry.

use serde_json::{json, Value};

use super::model_view;
use crate::text::Locale;
use crate::tools::{provider_name, Registry};

/// Anthropic Messages `tools` for `registry`, described in `locale`.
pub fn anthropic_tools(registry: &Registry, locale: Locale) -> Value {
    let tools: Vec<Value> = model_view(registry)
        .iter()
        .map(|d| {
            json!({
                "name": provider_name(d.name()),
                "description": d.description().render(locale),
                "input_schema": d.input_schema(locale),
            })
        })
        .collect();
    Value::Array(tools)
}
