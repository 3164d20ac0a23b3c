//! Why a gate answered as it did: one typed reason per gate row.
//!
//! A reason holds the structured values that produced the verdict (the
//! risk, the key, the argument error with its field and bound, the planned
//! effect). Goals, claims, counters and tests match these values; words
//! come only from [`Reason::text`], through the message catalogue.

use crate::json::{quote, JsonError};
use crate::policy::{Hook, Risk, Role};
use crate::schema::ArgError;
use crate::store::Effect;
use crate::text::Text;
use crate::tools::{ExecError, DATA_BOUNDARY, REDACTED};
use crate::vocab::Gate;

#[derive(Debug, Clone, PartialEq)]
pub enum Reason {
    /// Schema: the registry holds no tool of this name.
    UnknownTool {
        name: String,
        known: Vec<&'static str>,
    },
    /// Schema: the argument text is not JSON the gates can read.
    Json(JsonError),
    /// Schema: the arguments do not fit the tool's shape or its own rules.
    Args(ArgError),
    SchemaFits {
        tool: String,
        risk: Risk,
    },
    NoHook,
    /// Before-hook: this hook acts after execution.
    ActsAfter {
        hook: Hook,
    },
    BlockRejects {
        risk: Risk,
    },
    BlockLetsRead,
    BlockActsBefore,
    RiskRefused {
        risk: Risk,
    },
    ViewerReadsOnly {
        risk: Risk,
    },
    RoleMay {
        role: Role,
        risk: Risk,
    },
    NoApprovalNeeded {
        risk: Risk,
    },
    Approved,
    ApprovalOtherPayload,
    ApprovalMissing {
        risk: Risk,
    },
    /// The person refused this exact call when it waited for approval.
    ApprovalRefused,
    KeyNotNeeded,
    /// The operation key is empty, too long or spans lines.
    KeyBounds {
        max: usize,
        got: usize,
    },
    KeyNew {
        key: String,
    },
    /// The key held a receipt once, but it expired: a new intention.
    KeyExpired {
        key: String,
        max: usize,
    },
    KeyOtherPayload {
        key: String,
    },
    KeyReplayed {
        key: String,
    },
    KeyAgain {
        key: String,
    },
    /// Execution is not needed: the key's receipt is returned instead.
    ReceiptHeld {
        key: String,
    },
    Exec(ExecError),
    /// Execution planned this effect.
    Executed(Effect),
    NothingToRedact,
    /// The redact hook ran for a tool that returns no field it hides.
    RedactHasNothing {
        tool: String,
    },
    NothingToRedactIn {
        tool: String,
    },
    Redacted {
        fields: Vec<String>,
    },
    /// After-hook: the returned output is wrapped under the data boundary.
    MarkedAsData,
    SkippedAfter {
        gate: Gate,
    },
}

impl From<ArgError> for Reason {
    fn from(e: ArgError) -> Self {
        match e {
            ArgError::Json(json) => Reason::Json(json),
            other => Reason::Args(other),
        }
    }
}

impl Reason {
    pub fn text(&self) -> Text {
        match self {
            Reason::UnknownTool { name, known } => Text::ReasonUnknownTool {
                name: quote(name).into(),
                known: known.clone().into(),
            },
            Reason::Json(e) => e.text(),
            Reason::Args(e) => e.text(),
            Reason::SchemaFits { tool, risk } => Text::ReasonSchemaFits {
                tool: tool.into(),
                risk: risk.name().into(),
            },
            Reason::NoHook => Text::ReasonNoHook,
            Reason::ActsAfter { hook } => Text::ReasonActsAfter {
                hook: hook.label().into(),
            },
            Reason::BlockRejects { risk } => Text::ReasonBlockRejects {
                risk: risk.name().into(),
            },
            Reason::BlockLetsRead => Text::ReasonBlockLetsRead,
            Reason::BlockActsBefore => Text::ReasonBlockActsBefore,
            Reason::RiskRefused { risk } => Text::ReasonRiskRefused {
                risk: risk.name().into(),
            },
            Reason::ViewerReadsOnly { risk } => Text::ReasonViewerReadsOnly {
                risk: risk.name().into(),
            },
            Reason::RoleMay { role, risk } => Text::ReasonRoleMay {
                role: role.label().into(),
                risk: risk.name().into(),
            },
            Reason::NoApprovalNeeded { risk } => Text::ReasonNoApprovalNeeded {
                risk: risk.name().into(),
            },
            Reason::Approved => Text::ReasonApproved,
            Reason::ApprovalOtherPayload => Text::ReasonApprovalOtherPayload,
            Reason::ApprovalMissing { risk } => Text::ReasonApprovalMissing {
                risk: risk.name().into(),
            },
            Reason::ApprovalRefused => Text::ReasonApprovalRefused,
            Reason::KeyNotNeeded => Text::ReasonKeyNotNeeded,
            Reason::KeyBounds { max, got } => Text::ReasonKeyBounds {
                max: (*max).into(),
                got: (*got).into(),
            },
            Reason::KeyNew { key } => Text::ReasonKeyNew {
                key: quote(key).into(),
            },
            Reason::KeyExpired { key, max } => Text::ReasonKeyExpired {
                key: quote(key).into(),
                max: (*max).into(),
            },
            Reason::KeyOtherPayload { key } => Text::ReasonKeyOtherPayload {
                key: quote(key).into(),
            },
            Reason::KeyReplayed { key } => Text::ReasonKeyReplayed {
                key: quote(key).into(),
            },
            Reason::KeyAgain { key } => Text::ReasonKeyAgain {
                key: quote(key).into(),
            },
            Reason::ReceiptHeld { key } => Text::ReasonReceiptHeld {
                key: quote(key).into(),
            },
            Reason::Exec(e) => e.text(),
            Reason::Executed(effect) => effect.text(),
            Reason::NothingToRedact => Text::ReasonNothingToRedact,
            Reason::RedactHasNothing { tool } => Text::ReasonRedactHasNothing { tool: tool.into() },
            Reason::NothingToRedactIn { tool } => {
                Text::ReasonNothingToRedactIn { tool: tool.into() }
            }
            Reason::Redacted { fields } => Text::ReasonRedacted {
                fields: fields.clone().into(),
                marker: REDACTED.into(),
            },
            Reason::MarkedAsData => Text::ReasonMarkedAsData {
                boundary: quote(DATA_BOUNDARY).into(),
            },
            Reason::SkippedAfter { gate } => Text::ReasonSkippedAfter {
                gate: gate.name().into(),
            },
        }
    }
}

crate::display_by_text!(Reason);
