//! Risks, roles and hooks: the policy inputs and the rule table by risk.
//!
//! Only risk and policy grant anything; a tool's description never does.

use crate::closed_enum;
use crate::text::Text;

closed_enum! {
    /// What a call can do, from seed 002.
    pub enum Risk as "risk" {
        Read = "read",
        Draft = "draft",
        Write = "write",
        Send = "send",
        Delete = "delete",
        Share = "share",
    }
}

impl Risk {
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

    /// The risk named in a sentence.
    pub fn name(self) -> Text {
        match self {
            Risk::Read => Text::RiskRead,
            Risk::Draft => Text::RiskDraft,
            Risk::Write => Text::RiskWrite,
            Risk::Send => Text::RiskSend,
            Risk::Delete => Text::RiskDelete,
            Risk::Share => Text::RiskShare,
        }
    }

    /// The policy table row for this risk, in words.
    pub fn rule(self) -> Text {
        match self {
            Risk::Read => Text::RuleRead,
            Risk::Draft => Text::RuleDraft,
            Risk::Write | Risk::Send => Text::RuleApproval,
            Risk::Delete | Risk::Share => Text::RuleRefused,
        }
    }
}

closed_enum! {
    /// Who is asking. A role never approves anything by itself.
    #[derive(Default)]
    pub enum Role as "role" {
        #[default]
        Viewer = "viewer",
        Operator = "operator",
    }
}

impl Role {
    pub fn label(self) -> Text {
        match self {
            Role::Viewer => Text::RoleViewer,
            Role::Operator => Text::RoleOperator,
        }
    }
}

closed_enum! {
    /// The hook policy around execution.
    #[derive(Default)]
    pub enum Hook as "hook" {
        #[default]
        None = "none",
        /// Before execution: reject every mutation.
        BlockMutations = "block-mutations",
        /// After execution: hide the recipient / file content in the returned output.
        RedactOutput = "redact-output",
        /// After execution: wrap the returned output as data under a
        /// visible boundary ([`crate::tools::DATA_BOUNDARY`]).
        MarkData = "mark-data",
    }
}

impl Hook {
    pub fn label(self) -> Text {
        match self {
            Hook::None => Text::HookNone,
            Hook::BlockMutations => Text::HookBlockMutations,
            Hook::RedactOutput => Text::HookRedactOutput,
            Hook::MarkData => Text::HookMarkData,
        }
    }
}

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
