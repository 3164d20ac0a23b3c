//! Risks, roles and hooks: the policy inputs and the rule table by risk.
//!
//! Only risk and policy grant anything; a tool's description never does.

use std::fmt;
use std::str::FromStr;

/// What a call can do, from seed 002.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Risk {
    Read,
    Draft,
    Write,
    Send,
    Delete,
    Share,
}

impl Risk {
    pub const ALL: [Risk; 6] = [
        Risk::Read,
        Risk::Draft,
        Risk::Write,
        Risk::Send,
        Risk::Delete,
        Risk::Share,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Risk::Read => "read",
            Risk::Draft => "draft",
            Risk::Write => "write",
            Risk::Send => "send",
            Risk::Delete => "delete",
            Risk::Share => "share",
        }
    }

    /// Anything but a read may change something.
    pub fn is_mutation(self) -> bool {
        self != Risk::Read
    }

    /// `write` and `send` wait for approval of the exact payload.
    pub fn needs_approval(self) -> bool {
        matches!(self, Risk::Write | Risk::Send)
    }

    /// `delete` and `share` are refused for every role.
    pub fn is_refused(self) -> bool {
        matches!(self, Risk::Delete | Risk::Share)
    }

    /// The policy table row for this risk, in words.
    pub fn rule(self) -> &'static str {
        match self {
            Risk::Read => "runs without approval, for any role",
            Risk::Draft => "runs without approval, for Operator only",
            Risk::Write | Risk::Send => "needs Operator and approval of the exact payload",
            Risk::Delete | Risk::Share => "refused for every role",
        }
    }
}

impl fmt::Display for Risk {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// Who is asking. A role never approves anything by itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Role {
    #[default]
    Viewer,
    Operator,
}

impl Role {
    pub const ALL: [Role; 2] = [Role::Viewer, Role::Operator];

    pub fn id(self) -> &'static str {
        match self {
            Role::Viewer => "viewer",
            Role::Operator => "operator",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Role::Viewer => "Viewer",
            Role::Operator => "Operator",
        }
    }
}

/// The hook policy around execution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Hook {
    #[default]
    None,
    /// Before execution: reject every mutation.
    BlockMutations,
    /// After execution: hide the recipient / file content in the returned output.
    RedactOutput,
}

impl Hook {
    pub const ALL: [Hook; 3] = [Hook::None, Hook::BlockMutations, Hook::RedactOutput];

    pub fn id(self) -> &'static str {
        match self {
            Hook::None => "none",
            Hook::BlockMutations => "block-mutations",
            Hook::RedactOutput => "redact-output",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Hook::None => "None",
            Hook::BlockMutations => "Block mutations",
            Hook::RedactOutput => "Redact output",
        }
    }
}

/// A string that names no value of a closed enum.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{what} must be one of {allowed} (got {})", crate::json::quote(.got))]
pub struct UnknownValue {
    pub what: &'static str,
    pub allowed: String,
    pub got: String,
}

macro_rules! parse_by_id {
    ($ty:ty, $what:literal) => {
        impl FromStr for $ty {
            type Err = UnknownValue;
            fn from_str(s: &str) -> Result<Self, UnknownValue> {
                <$ty>::ALL
                    .into_iter()
                    .find(|v| v.id() == s)
                    .ok_or_else(|| UnknownValue {
                        what: $what,
                        allowed: <$ty>::ALL.map(|v| v.id()).join(", "),
                        got: s.into(),
                    })
            }
        }
    };
}

parse_by_id!(Risk, "risk");
parse_by_id!(Role, "role");
parse_by_id!(Hook, "hook");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn policy_table_by_risk() {
        let table: Vec<_> = Risk::ALL
            .map(|r| (r.id(), r.is_mutation(), r.needs_approval(), r.is_refused()))
            .into();
        assert_eq!(
            table,
            [
                ("read", false, false, false),
                ("draft", true, false, false),
                ("write", true, true, false),
                ("send", true, true, false),
                ("delete", true, false, true),
                ("share", true, false, true),
            ]
        );
    }

    #[test]
    fn ids_parse_back_and_strangers_are_named() {
        for r in Role::ALL {
            assert_eq!(r.id().parse::<Role>(), Ok(r));
        }
        for h in Hook::ALL {
            assert_eq!(h.id().parse::<Hook>(), Ok(h));
        }
        let err = "admin".parse::<Role>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "role must be one of viewer, operator (got \"admin\")"
        );
    }
}
