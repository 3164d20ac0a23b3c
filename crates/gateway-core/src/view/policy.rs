//! The policy panel's view: the rule table by risk.

use super::Workbench;
use crate::policy::Risk;
use crate::text::Text;

/// One row of the policy table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PolicyRow {
    /// The risk by its name in the page's language.
    pub risk: String,
    pub rule: String,
    /// The registered tools that can make a call of this risk, or `none`.
    pub tools: String,
}

impl Workbench {
    pub(super) fn policy_rows(&self) -> Vec<PolicyRow> {
        Risk::ALL
            .iter()
            .map(|risk| {
                let tools: Vec<&str> = self
                    .registry()
                    .tools()
                    .iter()
                    .filter(|t| t.declaration().risks.contains(risk))
                    .map(|t| t.declaration().name)
                    .collect();
                PolicyRow {
                    risk: self.t(risk.name()),
                    rule: self.t(risk.rule()),
                    tools: if tools.is_empty() {
                        self.t(Text::NoTools)
                    } else {
                        self.t(Text::ToolList {
                            tools: tools.into(),
                        })
                    },
                }
            })
            .collect()
    }
}
