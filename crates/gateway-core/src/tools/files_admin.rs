//! `files.delete` and `files.share`: declared, callable, and refused.
//!
//! Only the `registry` experiment's registry holds them. Their risks,
//! `delete` and `share`, are refused at the role gate for every role
//! ([`Risk::is_refused`]), so the learner can call them with valid
//! arguments and watch policy say no before anything runs (seed 002:
//! "delete 即使有工具也會被 policy 禁止"). Their `plan` is unreachable
//! through the gates; it is harmless anyway: no effect, no output.

use serde_json::Value;

use super::files::FILE_NAMES;
use super::{read_only, Declaration, Examples, ExecError, Planned, Tool};
use crate::fixtures::Localized;
use crate::policy::Risk;
use crate::schema::{Args, Field, Format, Kind, Shape, Variant};
use crate::store::Stores;
use crate::text::{Locale, Text};

/// The same path rule as `files`: one of the two names, byte for byte.
const PATH: Field = Field {
    name: "path",
    required: true,
    kind: Kind::OneOf(&FILE_NAMES),
    description: || Text::ToolFilesArgPath,
};

/// The plan of a tool whose every risk is refused at the role gate
/// (these two, `drive.delete` and `drive.share`): never reached through
/// the gates, and harmless if it were: no output, no effect.
pub(crate) fn plan_nothing() -> Result<Planned, ExecError> {
    Ok(read_only(Value::Null))
}

#[derive(Debug)]
pub struct Delete;

static DELETE: Declaration = Declaration {
    name: "files.delete",
    label: || Text::ToolFilesDeleteLabel,
    description: || Text::ToolFilesDeleteDescription,
    risks: &[Risk::Delete],
    shape: Shape {
        variants: &[Variant {
            consts: &[],
            fields: &[PATH],
        }],
    },
    // No prose: the same in every language.
    examples: Localized(
        [const {
            Examples {
                valid: r#"{
  "path": "/workspace/report.txt"
}"#,
                malformed: r#"{
  "path": "/workspace/report.txt",
}"#,
                boundary: r#"{
  "path": "/workspace/*"
}"#,
            }
        }; 2],
    ),
    redacts: &[],
    claims: super::files::DELETE_CLAIMS,
};

impl Tool for Delete {
    fn declaration(&self) -> &Declaration {
        &DELETE
    }

    fn plan(&self, _args: &Args, _: &Stores, _: Locale) -> Result<Planned, ExecError> {
        plan_nothing()
    }
}

#[derive(Debug)]
pub struct Share;

static SHARE: Declaration = Declaration {
    name: "files.share",
    label: || Text::ToolFilesShareLabel,
    description: || Text::ToolFilesShareDescription,
    risks: &[Risk::Share],
    shape: Shape {
        variants: &[Variant {
            consts: &[],
            fields: &[
                PATH,
                Field {
                    name: "with",
                    required: true,
                    kind: Kind::Formatted(Format::ExampleTestAddress),
                    description: || Text::ToolFilesShareArgWith,
                },
            ],
        }],
    },
    // No prose: the same in every language.
    examples: Localized(
        [const {
            Examples {
                valid: r#"{
  "path": "/workspace/notes.txt",
  "with": "colleague@example.test"
}"#,
                malformed: r#"{
  "path": "/workspace/notes.txt"
  "with": "colleague@example.test"
}"#,
                boundary: r#"{
  "path": "/workspace/notes.txt",
  "with": "colleague@outside.test"
}"#,
            }
        }; 2],
    ),
    redacts: &[],
    claims: super::files::SHARE_CLAIMS,
};

impl Tool for Share {
    fn declaration(&self) -> &Declaration {
        &SHARE
    }

    fn plan(&self, _args: &Args, _: &Stores, _: Locale) -> Result<Planned, ExecError> {
        plan_nothing()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Effect;
    use crate::tools::test_support::{error, fixtures, plan};

    #[test]
    fn each_declares_only_its_refused_risk_and_plans_no_effect() {
        let ledger = fixtures();
        for tool in [&Delete as &dyn Tool, &Share] {
            let decl = tool.declaration();
            assert!(decl.risks.iter().all(|r| r.is_refused()), "{}", decl.name);
            let planned = plan(
                tool,
                decl.examples.get(crate::fixtures::Fixtures::En).valid,
                &ledger,
            )
            .unwrap();
            assert_eq!(planned.effect, Effect::None, "{}", decl.name);
        }
    }

    #[test]
    fn paths_and_recipients_follow_the_files_and_email_rules() {
        assert!(error(&Delete, r#"{"path":"../../private.txt"}"#)
            .starts_with("path must be one of \"/workspace/notes.txt\""));
        assert!(error(
            &Share,
            r#"{"path":"/workspace/notes.txt","with":"x@outside.test"}"#
        )
        .starts_with("with must be"));
        assert_eq!(
            error(&Share, r#"{"path":"/workspace/notes.txt"}"#),
            "Missing with"
        );
        assert_eq!(
            error(
                &Delete,
                r#"{"path":"/workspace/notes.txt","recursive":true}"#
            ),
            "Unknown field \"recursive\""
        );
    }
}
