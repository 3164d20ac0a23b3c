//! `drive.share`: declared, callable, and refused.
//!
//! Its risk, `share`, is refused at the role gate for every role, as
//! `files.share`'s is: a learner can call it with a valid `fileId` and
//! address and watch policy say no before anything runs. Its `plan` is
//! never reached and has no effect.

use super::FILE_ID;
use crate::fixtures::Localized;
use crate::policy::Risk;
use crate::schema::{Args, Field, Format, Kind, Shape, Variant};
use crate::store::Stores;
use crate::text::{Locale, Text};
use crate::tools::files::SHARE_CLAIMS;
use crate::tools::files_admin::plan_nothing;
use crate::tools::{Declaration, Examples, ExecError, Planned, Tool};

#[derive(Debug)]
pub struct Share;

static DECLARATION: Declaration = Declaration {
    name: "drive.share",
    label: || Text::ToolDriveShareLabel,
    description: || Text::ToolDriveShareDescription,
    risks: &[Risk::Share],
    shape: Shape {
        variants: &[Variant {
            consts: &[],
            fields: &[
                FILE_ID,
                Field {
                    name: "email",
                    required: true,
                    kind: Kind::Formatted(Format::ExampleTestAddress),
                    description: || Text::ToolDriveShareArgEmail,
                },
            ],
        }],
    },
    // No prose: the same in every language. The boundary shares with an
    // address outside example.test.
    examples: Localized(
        [const {
            Examples {
                valid: r#"{
  "fileId": "file-1",
  "email": "ming@example.test"
}"#,
                malformed: r#"{
  "fileId": "file-1"
  "email": "ming@example.test"
}"#,
                boundary: r#"{
  "fileId": "file-1",
  "email": "ming@outside.test"
}"#,
            }
        }; 2],
    ),
    redacts: &[],
    claims: SHARE_CLAIMS,
};

impl Tool for Share {
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

    fn args(id: &str, email: &str) -> String {
        json!({ "fileId": id, "email": email }).to_string()
    }

    #[test]
    fn only_its_refused_risk_and_no_effect() {
        assert_eq!(DECLARATION.risks, [Risk::Share]);
        assert!(Risk::Share.is_refused());
        let planned = plan(&Share, &args("file-1", "ming@example.test"), &fixtures()).unwrap();
        assert_eq!(planned.effect, Effect::None);
        assert_eq!(planned.output, serde_json::Value::Null);
    }

    #[test]
    fn one_address_at_example_test_and_a_file_id_as_drive_read_takes_it() {
        assert_eq!(
            error(&Share, &args("file-1", "ming@outside.test")),
            "email must be an address at example.test whose part before the @ is 1 to 64 \
             letters, digits and . _ + - with no dot first, last or twice in a row \
             (e.g. learner@example.test) (got \"ming@outside.test\")"
        );
        assert!(
            error(&Share, &args("file-1", "a@example.test, b@example.test"))
                .starts_with("email must be an address at example.test")
        );
        assert!(validate(&Share, &args(&"f".repeat(32), "a@example.test")).is_ok());
        assert_eq!(
            error(&Share, &args(&"f".repeat(33), "a@example.test")),
            "fileId must be at most 32 characters (got 33)"
        );
        assert_eq!(error(&Share, r#"{"fileId":"file-1"}"#), "Missing email");
        assert_eq!(
            error(&Share, r#"{"email":"a@example.test"}"#),
            "Missing fileId"
        );
    }
}
