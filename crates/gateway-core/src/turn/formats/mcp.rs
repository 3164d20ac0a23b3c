//! MCP's `tools/call`: a JSON-RPC request (its envelope, `jsonrpc` and
//! `id`, may be left out), a batch of them, or their bare params.

use serde_json::Value;

use super::{Read, Reader};
use crate::turn::At;

/// The fields of `tools/call` params: the protocol's, and the Python
/// SDK's own names for three of them (`model_dump_json()` without
/// `by_alias`).
const PARAMS: &[&str] = &[
    "name",
    "arguments",
    "_meta",
    "task",
    "inputResponses",
    "requestState",
    "meta",
    "input_responses",
    "request_state",
];

impl Reader {
    /// A `tools/call` request, or its bare params.
    pub(super) fn mcp(&mut self, value: &Value, at: At) -> Read {
        let m = self.obj(value, at)?;
        let (params, prefix) = if m.contains_key("jsonrpc") || m.contains_key("method") {
            self.only(m, at, "", &["jsonrpc", "id", "method", "params"])?;
            self.check(m, at, "jsonrpc", &["2.0"])?;
            self.kind(m, at, "method", &["tools/call"])?;
            let params = self.get(m, at, "params")?;
            (self.object(params, at, "params")?, "params.")
        } else {
            (m, "")
        };
        self.only(params, at, prefix, PARAMS)?;
        let name = self.string(params, at, &[prefix, "name"].concat())?;
        let args = self.object_value(params, at, &[prefix, "arguments"].concat())?;
        self.call(None, name, args);
        Some(())
    }
}
