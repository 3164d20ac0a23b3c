//! `drive.delete`: declared, callable, and refused.
//!
//! Its risk, `delete`, is refused at the role gate for every role, as
//! `files.delete`'s is (seed 002: "delete 即使有工具也會被 policy 禁止"):
//! a learner can call it with a valid `fileId` and watch policy say no
//! before anything runs. Its `plan` is never reached and has no effect.

use super::FILE_ID;
use crate::fixtures::Localized;
use crate::policy::Risk;
use crate::schema::{Args, Shape, Variant};
use crate::store::Stores;
use crate::text::{Locale, Text};
use crate::tools::files::DELETE_CLAIMS;
use crate::tools::files_admin::plan_nothing;
use crate::tools::{Declaration, Examples, ExecError, Planned, Tool};

#[derive(Debug)]
pub struct Delete;

static DECLARATION: Declaration = Declaration {
    name: "drive.delete",
    label: || Text::ToolDriveDeleteLabel,
    description: || Text::ToolDriveDeleteDescription,
    risks: &[Risk::Delete],
    shape: Shape {
        variants: &[Variant {
            consts: &[],
            fields: &[FILE_ID],
        }],
    },
    // No prose: the same in every language. The boundary asks to delete
    // two files in one call; the tool takes one id.
    examples: Localized(
        [const {
            Examples {
                valid: r#"{
  "fileId": "file-2"
}"#,
                malformed: r#"{
  "fileId": file-2
}"#,
                boundary: r#"{
  "fileId": ["file-2", "file-5"]
}"#,
            }
        }; 2],
    ),
    redacts: &[],
    claims: DELETE_CLAIMS,
};

impl Tool for Delete {
    fn declaration(&self) -> &Declaration {
        &DECLARATION
    }

    fn plan(&self, _: &Args, _: &Stores, _: Locale) -> Result<Planned, ExecError> {
        plan_nothing()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Effect;
    use crate::tools::test_support::{error, fixtures, plan, validate};
    use serde_json::json;

    #[test]
    fn only_its_refused_risk_and_no_effect() {
        assert_eq!(DECLARATION.risks, [Risk::Delete]);
        assert!(Risk::Delete.is_refused());
        let planned = plan(&Delete, r#"{"fileId":"file-2"}"#, &fixtures()).unwrap();
        assert_eq!(planned.effect, Effect::None);
        assert_eq!(planned.output, serde_json::Value::Null);
    }

    #[test]
    fn file_id_as_drive_read_takes_it() {
        let id = |id: &str| json!({ "fileId": id }).to_string();
        assert!(validate(&Delete, &id(&"f".repeat(32))).is_ok());
        assert_eq!(
            error(&Delete, &id(&"f".repeat(33))),
            "fileId must be at most 32 characters (got 33)"
        );
        assert_eq!(
            error(&Delete, &id("")),
            "fileId must be at least 1 character (got 0)"
        );
        assert_eq!(
            error(&Delete, r#"{"fileId":["file-2","file-5"]}"#),
            "fileId must be a string (got array)"
        );
        assert_eq!(
            error(&Delete, r#"{"fileId":"file-2","recursive":true}"#),
            "Unknown field \"recursive\""
        );
    }
}
