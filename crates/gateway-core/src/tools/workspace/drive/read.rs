//! `drive.read`: one file of the drive, its name and content.
//!
//! The schema gate checks that `fileId` is one line of at most
//! [`super::MAX_FILE_ID`] characters; execution looks the id up, exactly
//! as written, and refuses one the drive does not hold, naming it. The
//! redact hook hides the content (SPEC 3, gate 7).

use super::{drive, DriveError, FILE_ID};
use crate::fixtures::Localized;
use crate::json::object;
use crate::policy::Risk;
use crate::schema::{Args, Shape, Variant};
use crate::store::{StoreKind, Stores};
use crate::text::{Locale, Text};
use crate::tools::{read_only, Claims, Declaration, Examples, ExecError, Planned, Tool};

#[derive(Debug)]
pub struct Read;

static DECLARATION: Declaration = Declaration {
    name: "drive.read",
    label: || Text::ToolDriveReadLabel,
    description: || Text::ToolDriveReadDescription,
    risks: &[Risk::Read],
    shape: Shape {
        variants: &[Variant {
            consts: &[],
            fields: &[FILE_ID],
        }],
    },
    // No prose: the same in every language. The boundary asks for every
    // file at once, 34 characters.
    examples: Localized(
        [const {
            Examples {
                valid: r#"{
  "fileId": "file-1"
}"#,
                malformed: r#"{
  "fileId": "file-1"
"#,
                boundary: r#"{
  "fileId": "file-1,file-2,file-3,file-4,file-5"
}"#,
            }
        }; 2],
    ),
    redacts: &["content"],
    claims: Claims::NONE,
};

impl Tool for Read {
    fn declaration(&self) -> &Declaration {
        &DECLARATION
    }

    fn store(&self) -> Option<StoreKind> {
        Some(StoreKind::of::<super::Drive>())
    }

    fn plan(&self, args: &Args, stores: &Stores, _: Locale) -> Result<Planned, ExecError> {
        let id = args.text("fileId");
        let drive = drive(stores);
        let file = drive
            .file(id)
            .ok_or_else(|| DriveError::NoSuchFile { id: id.into() })?;
        Ok(read_only(object(vec![
            ("id", file.id.as_str().into()),
            ("name", file.name.as_str().into()),
            ("content", file.content.as_str().into()),
        ])))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::Fixtures;
    use crate::store::Effect;
    use crate::tools::test_support::{error, plan, validate};
    use crate::tools::Registry;
    use serde_json::json;

    fn stores(lang: Fixtures) -> Stores {
        Registry::with_tools(vec![&Read]).stores(lang)
    }

    #[test]
    fn file_id_bounds_on_both_sides() {
        let id = |id: &str| json!({ "fileId": id }).to_string();
        assert!(validate(&Read, &id(&"f".repeat(32))).is_ok());
        assert_eq!(
            error(&Read, &id(&"f".repeat(33))),
            "fileId must be at most 32 characters (got 33)"
        );
        assert!(validate(&Read, &id("f")).is_ok());
        assert_eq!(
            error(&Read, &id("")),
            "fileId must be at least 1 character (got 0)"
        );
        assert_eq!(
            error(&Read, &id("file-1\nfile-2")),
            "fileId must be on one line, with no control characters"
        );
        assert_eq!(
            error(&Read, r#"{"fileId":1}"#),
            "fileId must be a string (got number)"
        );
        assert_eq!(error(&Read, "{}"), "Missing fileId");
    }

    #[test]
    fn returns_the_name_and_content_and_changes_nothing() {
        let planned = plan(&Read, r#"{"fileId":"file-4"}"#, &stores(Fixtures::En)).unwrap();
        assert_eq!(planned.effect, Effect::None);
        assert_eq!(
            planned.output,
            json!({
                "id": "file-4",
                "name": "Project notes",
                "content": "Project notes: the launch moves to the second week of the month."
            })
        );
        let zh = plan(&Read, r#"{"fileId":"file-1"}"#, &stores(Fixtures::ZhTw)).unwrap();
        assert_eq!(
            zh.output["content"],
            json!("季度計畫：星期五和團隊一起檢視核准關卡。")
        );
    }

    #[test]
    fn an_id_the_drive_does_not_hold_is_refused_naming_it() {
        for id in [
            "file-6",
            "file-0",
            "FILE-1",
            " file-1",
            "doc-1",
            "../file-1",
        ] {
            let text = json!({ "fileId": id }).to_string();
            let e = plan(&Read, &text, &stores(Fixtures::En)).unwrap_err();
            assert_eq!(
                e.get::<DriveError>(),
                Some(&DriveError::NoSuchFile { id: id.into() })
            );
            assert_eq!(
                e.to_string(),
                format!("The drive holds no file with the id {}", json!(id))
            );
        }
    }

    #[test]
    fn the_content_is_what_the_redact_hook_hides() {
        assert_eq!(Read.declaration().redacts, ["content"]);
    }
}
