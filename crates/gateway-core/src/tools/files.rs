//! Virtual files: two allowlisted names in an in-memory map.
//!
//! The path must equal one of [`FILE_NAMES`] byte for byte; nothing is
//! resolved, decoded or normalised, so every traversal spelling fails the
//! allowlist. This is not a file-system sandbox.

use super::{read_only, Claims, Declaration, Examples, ExecError, Planned, Tool};
use crate::fixtures::{Fixtures, Localized};
use crate::json::object;
use crate::policy::Risk;
use crate::schema::{Args, Field, Kind, Shape, Variant};
use crate::store::{Effect, Note, Store, StoreKind, StoreView, Stores};
use crate::text::{Locale, Text};

/// The two file names, byte for byte; nothing else is a file.
pub const FILE_NAMES: [&str; 2] = ["/workspace/notes.txt", "/workspace/report.txt"];

/// The two files' contents in each fixture language, in [`FILE_NAMES`]
/// order (SPEC 2.2 as issue 32 amends it: `notes.txt` holds "Original
/// notes…" in English and「原始筆記…」in Traditional Chinese).
pub const INITIAL_FILES: Localized<[&str; 2]> = Localized([
    [
        "Original notes: review the quarterly plan on Friday.",
        "Report draft: no findings yet.",
    ],
    [
        "原始筆記：星期五檢討季度計畫。",
        "報告草稿：目前還沒有任何發現。",
    ],
]);

/// The contents an experiment's files start with, as `(path, content)`
/// with the content in each fixture language; each path is one of
/// [`FILE_NAMES`] (the experiment reader refuses any other), the others
/// keep the fixture content.
pub type StartFiles = [(String, Localized<String>)];

/// The virtual workspace: the two files' contents, in [`FILE_NAMES`]
/// order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Workspace {
    files: [String; 2],
}

/// A write: `path` (one of [`FILE_NAMES`]) now holds `content`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Write {
    pub path: String,
    pub content: String,
}

impl Workspace {
    /// The fixtures in `lang`'s language with an experiment's starting
    /// files (see [`StartFiles`]).
    pub fn starting(files: &StartFiles, lang: Fixtures) -> Self {
        let mut workspace = Self::fixtures(lang);
        for (path, content) in files {
            if let Some(i) = index(path) {
                workspace.files[i].clone_from(content.get(lang));
            }
        }
        workspace
    }

    /// The file contents, in [`FILE_NAMES`] order.
    pub fn files(&self) -> &[String; 2] {
        &self.files
    }

    /// The content of a file named exactly `path`.
    pub fn file(&self, path: &str) -> Option<&str> {
        index(path).map(|i| self.files[i].as_str())
    }
}

/// The workspace's file contents, if `stores` hold it.
pub fn contents(stores: &Stores) -> Option<&[String; 2]> {
    stores.get::<Workspace>().map(Workspace::files)
}

/// The content of the file named exactly `path`, if `stores` hold the
/// workspace.
pub fn file<'a>(stores: &'a Stores, path: &str) -> Option<&'a str> {
    stores.get::<Workspace>()?.file(path)
}

fn index(path: &str) -> Option<usize> {
    FILE_NAMES.iter().position(|name| *name == path)
}

impl Store for Workspace {
    type Change = Write;

    fn fixtures(lang: Fixtures) -> Self {
        Workspace {
            files: INITIAL_FILES.get(lang).map(String::from),
        }
    }

    fn apply(&mut self, write: Write) {
        if let Some(i) = index(&write.path) {
            self.files[i] = write.content;
        }
    }

    fn change_text(write: &Write) -> Text {
        Text::EffectWriteFile {
            path: (&write.path).into(),
        }
    }

    fn note(&self, write: &Write) -> Option<Note> {
        let quote = crate::json::quote;
        Some(Note::Replaced {
            name: write.path.clone(),
            before: quote(self.file(&write.path)?),
            after: quote(&write.content),
        })
    }

    fn row(&self, write: &Write) -> Option<usize> {
        index(&write.path)
    }

    fn view(&self) -> StoreView {
        StoreView {
            title: Text::LedgerFiles,
            rows: (FILE_NAMES.iter().zip(&self.files))
                .map(|(name, content)| Text::LedgerFile {
                    path: (*name).into(),
                    content: content.into(),
                })
                .collect(),
            empty: None,
        }
    }

    fn json(&self) -> Option<(&'static str, serde_json::Value)> {
        let files: serde_json::Map<String, serde_json::Value> =
            (FILE_NAMES.iter().zip(&self.files))
                .map(|(name, content)| ((*name).to_string(), content.as_str().into()))
                .collect();
        Some(("files", files.into()))
    }
}

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

/// The examples with no prose, the same in every language.
const MALFORMED: &str = r#"{
  "operation": "read",
  "path": "/workspace/notes.txt",
}"#;
const BOUNDARY: &str = r#"{
  "operation": "read",
  "path": "../../private.txt"
}"#;

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
    examples: Localized([
        Examples {
            valid: r#"{
  "operation": "write",
  "path": "/workspace/notes.txt",
  "content": "Revised notes: approved by the operator."
}"#,
            malformed: MALFORMED,
            boundary: BOUNDARY,
        },
        Examples {
            valid: r#"{
  "operation": "write",
  "path": "/workspace/notes.txt",
  "content": "修訂後的筆記：已由操作者核准。"
}"#,
            malformed: MALFORMED,
            boundary: BOUNDARY,
        },
    ]),
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

    fn store(&self) -> Option<StoreKind> {
        Some(StoreKind::of::<Workspace>())
    }

    fn plan(&self, args: &Args, stores: &Stores, locale: Locale) -> Result<Planned, ExecError> {
        let path = args.text("path");
        let workspace = stores.read::<Workspace>();
        let current = workspace.file(path).unwrap_or_default();
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
                ("status", Text::OutputFilesStatus.render(locale).into()),
                ("content", content.into()),
            ]),
            effect: Effect::on::<Workspace>(Write {
                path: path.into(),
                content: content.into(),
            }),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::test_support::{error, fixtures, plan, validate};
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
        let ledger = fixtures();
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
            Effect::on::<Workspace>(Write {
                path: "/workspace/notes.txt".into(),
                content: "New".into()
            })
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
