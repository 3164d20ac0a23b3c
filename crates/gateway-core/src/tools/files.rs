//! Virtual files: two allowlisted names in an in-memory map.
//!
//! The path must equal one of [`FILE_NAMES`] byte for byte; nothing is
//! resolved, decoded or normalised, so every traversal spelling fails the
//! allowlist. This is not a file-system sandbox.

use super::{read_only, Claims, Declaration, Examples, ExecError, Planned, Tool};
use crate::json::object;
use crate::ledger::{Effect, Ledger, FILE_NAMES};
use crate::policy::Risk;
use crate::schema::{Args, Field, Kind, Shape, Variant};
use crate::text::Text;

#[derive(Debug)]
pub struct Files;

const PATH: Field = Field {
    name: "path",
    required: true,
    kind: Kind::OneOf(&FILE_NAMES),
    description: || Text::ToolFilesArgPath,
};

/// What names a file in a model's text.
const NAMES: &[&str] = &["file", "note", "document", "檔案", "文件", "筆記"];

/// The claim phrases of a `files.delete` tool (risk `delete`): a registry
/// that holds it attributes "I deleted the file." to it, not to `files`.
pub const DELETE_CLAIMS: Claims = Claims {
    names: NAMES,
    done: &["deleted", "removed", "erased", "刪除", "移除", "刪掉"],
};

/// The claim phrases of a `files.share` tool (risk `share`).
pub const SHARE_CLAIMS: Claims = Claims {
    names: NAMES,
    done: &["shared", "sent", "分享", "共用", "共享", "寄"],
};

static DECLARATION: Declaration = Declaration {
    name: "files",
    label: || Text::ToolFilesLabel,
    description: || Text::ToolFilesDescription,
    risks: &[Risk::Read, Risk::Write],
    shape: Shape {
        variants: &[
            Variant {
                consts: &[("operation", "read")],
                fields: &[PATH],
            },
            Variant {
                consts: &[("operation", "write")],
                fields: &[
                    PATH,
                    Field {
                        name: "content",
                        required: true,
                        kind: Kind::Text {
                            min: 1,
                            max: 2000,
                            single_line: false,
                        },
                        description: || Text::ToolFilesArgContent,
                    },
                ],
            },
        ],
    },
    examples: Examples {
        valid: r#"{
  "operation": "write",
  "path": "/workspace/notes.txt",
  "content": "Revised notes: approved by the operator."
}"#,
        malformed: r#"{
  "operation": "read",
  "path": "/workspace/notes.txt",
}"#,
        boundary: r#"{
  "operation": "read",
  "path": "../../private.txt"
}"#,
    },
    redacts: &["content"],
    claims: Claims {
        names: NAMES,
        done: &[
            "wrote",
            "written",
            "saved",
            "stored",
            "updated",
            "replaced",
            "overwrote",
            "overwritten",
            "created",
            "changed",
            "edited",
            "deleted",
            "removed",
            "寫入",
            "存",
            "更新",
            "取代",
            "覆寫",
            "建立",
            "修改",
            "刪除",
            "移除",
        ],
    },
};

impl Tool for Files {
    fn declaration(&self) -> &Declaration {
        &DECLARATION
    }

    fn risk(&self, args: &Args) -> Risk {
        match args.text("operation") {
            "read" => Risk::Read,
            _ => Risk::Write,
        }
    }

    fn plan(&self, args: &Args, ledger: &Ledger) -> Result<Planned, ExecError> {
        let path = args.text("path");
        let current = ledger.file(path).unwrap_or_default();
        if args.text("operation") == "read" {
            return Ok(read_only(object(vec![
                ("path", path.into()),
                ("content", current.into()),
            ])));
        }
        let content = args.text("content");
        Ok(Planned {
            output: object(vec![
                ("path", path.into()),
                ("status", "replaced in the virtual workspace".into()),
                ("content", content.into()),
            ]),
            effect: Effect::WriteFile {
                path: path.into(),
                content: content.into(),
            },
        })
    }
}

/// What committing a write does, in words.
pub(crate) fn effect_text(path: &str) -> Text {
    Text::EffectWriteFile { path: path.into() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::test_support::{error, plan, validate};
    use serde_json::json;

    #[test]
    fn every_traversal_spelling_fails_the_allowlist() {
        for path in [
            "../../private.txt",
            "/workspace/../private.txt",
            "/workspace/./notes.txt",
            "/workspace/secrets.txt",
            "\\workspace\\notes.txt",
            "/workspace\\notes.txt",
            "/workspace/notes.txt/",
            "/Workspace/notes.txt",
            "/workspace/NOTES.txt",
            "/workspace/notes%2etxt",
            "%2Fworkspace%2Fnotes.txt",
            "/workspace/notes.txt ",
            " /workspace/notes.txt",
            "/workspace/notes.txt\u{0}",
            "//workspace/notes.txt",
            "workspace/notes.txt",
        ] {
            for op in ["read", "write"] {
                let mut v = json!({ "operation": op, "path": path });
                if op == "write" {
                    v["content"] = json!("x");
                }
                let msg = error(&Files, &v.to_string());
                assert!(
                    msg.starts_with(
                        "path must be one of \"/workspace/notes.txt\", \"/workspace/report.txt\""
                    ),
                    "{path:?}: {msg}"
                );
            }
        }
    }

    #[test]
    fn read_must_omit_content_and_write_needs_it() {
        assert_eq!(
            error(
                &Files,
                r#"{"operation":"read","path":"/workspace/notes.txt","content":"x"}"#
            ),
            "content is not allowed when operation is \"read\""
        );
        assert_eq!(
            error(
                &Files,
                r#"{"operation":"write","path":"/workspace/notes.txt"}"#
            ),
            "Missing content"
        );
        assert_eq!(
            error(
                &Files,
                r#"{"operation":"write","path":"/workspace/notes.txt","content":""}"#
            ),
            "content must be at least 1 character (got 0)"
        );
        assert_eq!(
            error(
                &Files,
                r#"{"operation":"delete","path":"/workspace/notes.txt"}"#
            ),
            "operation must be one of \"read\", \"write\" (got \"delete\")"
        );
        assert_eq!(
            error(&Files, r#"{"path":"/workspace/notes.txt"}"#),
            "Missing operation"
        );
        assert_eq!(
            error(
                &Files,
                r#"{"operation":["read"],"path":"/workspace/notes.txt"}"#
            ),
            "operation must be a string (got array)"
        );
    }

    #[test]
    fn content_bound_on_both_sides() {
        let w = |c: &str| {
            json!({"operation":"write","path":"/workspace/report.txt","content":c}).to_string()
        };
        assert!(validate(&Files, &w(&"c".repeat(2000))).is_ok());
        assert_eq!(
            error(&Files, &w(&"c".repeat(2001))),
            "content must be at most 2000 characters (got 2001)"
        );
    }

    #[test]
    fn read_returns_the_current_string_and_write_plans_a_replacement() {
        let ledger = Ledger::fixtures();
        let read = plan(
            &Files,
            r#"{"operation":"read","path":"/workspace/notes.txt"}"#,
            &ledger,
        )
        .unwrap();
        assert!(read.output["content"]
            .as_str()
            .unwrap()
            .contains("Original notes"));
        assert_eq!(read.effect, Effect::None);
        let write = plan(
            &Files,
            r#"{"operation":"write","path":"/workspace/notes.txt","content":"New"}"#,
            &ledger,
        )
        .unwrap();
        assert_eq!(
            write.effect,
            Effect::WriteFile {
                path: "/workspace/notes.txt".into(),
                content: "New".into()
            }
        );
        assert_eq!(
            Files.risk(
                &validate(
                    &Files,
                    r#"{"operation":"write","path":"/workspace/notes.txt","content":"x"}"#
                )
                .unwrap()
            ),
            Risk::Write
        );
    }
}
