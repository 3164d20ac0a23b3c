//! The policy panel's view: what the registry shown can and cannot do,
//! and the rule table by risk. Every word of it is read from the
//! registry: a sentence is shown only where it is true of the tools the
//! page holds.

use super::Workbench;
use crate::policy::Risk;
use crate::text::Text;
use crate::tools::Registry;

/// The policy panel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PolicyView {
    /// What the role gate refuses of this registry: which of its tools
    /// can delete or share, refused for every role, or that none can.
    pub refused: String,
    /// One row per risk.
    pub rows: Vec<PolicyRow>,
}

/// One row of the policy table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PolicyRow {
    /// The risk by its name in the page's language.
    pub risk: String,
    pub rule: String,
    /// The registered tools that can make a call of this risk, or `none`.
    pub tools: String,
}

/// The sentence of `registry`'s refusals: the tools that can make a call
/// the role gate refuses for every role ([`Risk::is_refused`]: delete and
/// share), or that none of its tools can.
pub fn refused(registry: &Registry) -> Text {
    let tools: Vec<&str> = registry
        .tools()
        .iter()
        .filter(|t| t.declaration().risks.iter().any(|r| r.is_refused()))
        .map(|t| t.declaration().name)
        .collect();
    if tools.is_empty() {
        Text::PolicyNoneRefused
    } else {
        Text::PolicyRefused {
            tools: tools.into(),
        }
    }
}

impl Workbench {
    pub(super) fn policy_view(&self) -> PolicyView {
        PolicyView {
            refused: self.t(refused(self.registry())),
            rows: self.policy_rows(),
        }
    }

    fn policy_rows(&self) -> Vec<PolicyRow> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiments::ExtraTool;
    use crate::text::Locale;
    use crate::tools::ToolId;

    fn en(registry: &Registry) -> String {
        refused(registry).render(Locale::En)
    }

    #[test]
    fn the_sentence_names_the_refused_risks_policy_refuses() {
        // The sentences say "delete or share": they are the risks refused
        // for every role, and no other is.
        let refused: Vec<Risk> = Risk::ALL.into_iter().filter(|r| r.is_refused()).collect();
        assert_eq!(refused, [Risk::Delete, Risk::Share]);
    }

    #[test]
    fn a_registry_that_cannot_delete_or_share_says_so() {
        let words = en(&Registry::fixtures());
        assert_eq!(
            words,
            "No registered tool can delete or share, and no operation may be added to give one."
        );
    }

    #[test]
    fn a_registry_holding_refused_tools_names_each_and_says_none_can_delete_is_never_said() {
        let mut tools = Registry::fixtures().tools().to_vec();
        tools.extend(ExtraTool::ALL.map(|t| t.tool()));
        let words = en(&Registry::with_tools(tools));
        assert_eq!(
            words,
            "files.delete, files.share are declared, yet the role gate refuses their calls to delete or share for every role: declaring a tool grants nothing."
        );
        let one = Registry::with_tools(vec![ToolId::Email.tool(), ExtraTool::FilesShare.tool()]);
        assert_eq!(
            en(&one),
            "files.share is declared, yet the role gate refuses its calls to delete or share for every role: declaring a tool grants nothing."
        );
        for locale in Locale::ALL {
            assert_ne!(
                refused(&one).render(locale),
                Text::PolicyNoneRefused.render(locale)
            );
        }
    }
}
