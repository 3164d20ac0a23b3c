//! `docs.create` (risk `draft`): a new document in the drive, owned by the
//! learner, with the id `doc-1`, `doc-2`, … in the order created.
//!
//! Drafts need no approval (SPEC 2.4), but the drive holds at most
//! [`MAX_DOCUMENTS`] created documents: one more is refused at execution,
//! naming the bound.

use crate::fixtures::Localized;
use crate::json::object;
use crate::policy::Risk;
use crate::schema::{Args, Field, Kind, Shape, Variant};
use crate::store::{Effect, StoreKind, Stores};
use crate::text::{Locale, Text};
use crate::tools::workspace::drive::{drive, Drive, DriveFile, LEARNER};
use crate::tools::{Claims, Declaration, Examples, ExecError, Failure, Planned, Tool};

/// The drive holds at most this many documents created by `docs.create`
/// (the fixture files aside).
pub const MAX_DOCUMENTS: usize = 20;

/// Why `docs.create` refuses a call at execution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DocsError {
    /// [`MAX_DOCUMENTS`] documents have been created already.
    Full { max: usize },
}

impl Failure for DocsError {
    fn text(&self) -> Text {
        match self {
            DocsError::Full { max } => Text::ExecDocsFull { max: (*max).into() },
        }
    }
}

#[derive(Debug)]
pub struct Create;

static DECLARATION: Declaration = Declaration {
    name: "docs.create",
    label: || Text::ToolDocsCreateLabel,
    description: || Text::ToolDocsCreateDescription,
    risks: &[Risk::Draft],
    shape: Shape {
        variants: &[Variant {
            consts: &[],
            fields: &[
                Field {
                    name: "title",
                    required: true,
                    kind: Kind::Text {
                        min: 1,
                        max: 120,
                        single_line: true,
                    },
                    description: || Text::ToolDocsCreateArgTitle,
                },
                Field {
                    name: "body",
                    required: true,
                    kind: Kind::Text {
                        min: 1,
                        max: 2000,
                        single_line: false,
                    },
                    description: || Text::ToolDocsCreateArgBody,
                },
            ],
        }],
    },
    // The boundary title is 121 characters in both languages.
    examples: Localized([
        Examples {
            valid: r#"{
  "title": "Meeting summary",
  "body": "All seven gates passed. Next: share the plan with the team."
}"#,
            malformed: r#"{
  "title": "Meeting summary",
  "body": "A quotation mark is missing at the end.
}"#,
            boundary: r#"{
  "title": "Summary of the Friday review: every gate passed, the approval was bound to the exact payload, and the receipts were kept.",
  "body": "The title above is one character too long."
}"#,
        },
        Examples {
            valid: r#"{
  "title": "會議摘要",
  "body": "七個關卡全部通過。下一步：把計畫分享給團隊。"
}"#,
            malformed: r#"{
  "title": "會議摘要",
  "body": "這一行的結尾少了一個引號。
}"#,
            boundary: r#"{
  "title": "星期五審查會議摘要：七個關卡全部通過，核准綁定在審查者看到的確切酬載上，操作鍵的收據也都保留下來了；下一步是整理會議中提出的問題，指派負責的同事，並在下週一之前把更新後的季度計畫分享給團隊裡的每一位成員，同時提醒財務部門盡快確認預算草稿內容。",
  "body": "上面的標題多了一個字元。"
}"#,
        },
    ]),
    redacts: &[],
    claims: Claims {
        // "doc" matches "docs" too (a plural s is allowed).
        names: &["document", "doc", "文件"],
        done: &[
            "created", "wrote", "written", "drafted", "建立", "新增", "撰寫", "寫好",
        ],
    },
};

impl Tool for Create {
    fn declaration(&self) -> &Declaration {
        &DECLARATION
    }

    /// A new document overwrites nothing.
    fn only_adds(&self) -> bool {
        true
    }

    fn store(&self) -> Option<StoreKind> {
        Some(StoreKind::of::<Drive>())
    }

    fn plan(&self, args: &Args, stores: &Stores, locale: Locale) -> Result<Planned, ExecError> {
        let created = drive(stores).documents().len();
        if created >= MAX_DOCUMENTS {
            return Err(DocsError::Full { max: MAX_DOCUMENTS }.into());
        }
        let document = DriveFile {
            id: format!("doc-{}", created + 1),
            name: args.text("title").into(),
            owner: LEARNER.into(),
            shared_by: None,
            content: args.text("body").into(),
        };
        let output = object(vec![
            ("id", document.id.as_str().into()),
            ("status", Text::OutputDocsCreateStatus.render(locale).into()),
            ("title", document.name.as_str().into()),
            ("owner", LEARNER.into()),
        ]);
        Ok(Planned {
            output,
            effect: Effect::on::<Drive>(document),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::Fixtures;
    use crate::store::Store;
    use crate::tools::test_support::{commit, error, plan, validate};
    use crate::tools::workspace::drive::{read, search};
    use crate::tools::Registry;
    use serde_json::json;

    fn args(title: &str, body: &str) -> String {
        json!({ "title": title, "body": body }).to_string()
    }

    fn stores() -> Stores {
        Registry::with_tools(vec![&Create, &read::Read]).stores(Fixtures::En)
    }

    #[test]
    fn title_bounds_on_both_sides() {
        assert!(validate(&Create, &args(&"t".repeat(120), "b")).is_ok());
        assert_eq!(
            error(&Create, &args(&"t".repeat(121), "b")),
            "title must be at most 120 characters (got 121)"
        );
        assert!(validate(&Create, &args("t", "b")).is_ok());
        assert_eq!(
            error(&Create, &args("", "b")),
            "title must be at least 1 character (got 0)"
        );
        assert_eq!(
            error(&Create, &args("two\nlines", "b")),
            "title must be on one line, with no control characters"
        );
    }

    #[test]
    fn body_bounds_on_both_sides() {
        assert!(validate(&Create, &args("t", &"b".repeat(2000))).is_ok());
        assert_eq!(
            error(&Create, &args("t", &"b".repeat(2001))),
            "body must be at most 2000 characters (got 2001)"
        );
        assert_eq!(
            error(&Create, &args("t", "")),
            "body must be at least 1 character (got 0)"
        );
        assert!(validate(&Create, &args("t", "line one\nline two")).is_ok());
        assert_eq!(error(&Create, r#"{"title":"t"}"#), "Missing body");
    }

    #[test]
    fn a_created_document_is_the_learners_and_shows_in_the_view_and_json() {
        let mut ledger = stores();
        let planned = plan(&Create, &args("Meeting summary", "All passed."), &ledger).unwrap();
        assert_eq!(
            planned.output,
            json!({
                "id": "doc-1",
                "status": "created in the synthetic drive, owned by you (nothing was shared)",
                "title": "Meeting summary",
                "owner": "me@example.test"
            })
        );
        assert_eq!(
            planned.effect.text().render(Locale::En),
            "adds the document doc-1 \"Meeting summary\" to the drive"
        );
        assert_eq!(
            planned.effect.note(&ledger),
            Some(crate::store::Note::Added)
        );
        commit(&mut ledger, planned.clone());
        assert_eq!(planned.effect.place(&ledger), Some((0, 5)));
        let drive = ledger.get::<Drive>().unwrap();
        let view = Store::view(drive);
        assert_eq!(view.rows.len(), 6);
        assert_eq!(
            view.rows[5].render(Locale::En),
            "doc-1 Meeting summary (owner me@example.test)"
        );
        let (key, files) = Store::json(drive).unwrap();
        assert_eq!(key, "drive");
        assert_eq!(
            files[5],
            json!({
                "id": "doc-1",
                "name": "Meeting summary",
                "owner": "me@example.test",
                "shared_by": null,
                "content": "All passed."
            })
        );
    }

    #[test]
    fn drive_read_and_drive_search_then_find_it() {
        let mut ledger = stores();
        let planned = plan(
            &Create,
            &args("Launch checklist", "Ship on Monday."),
            &ledger,
        )
        .unwrap();
        commit(&mut ledger, planned);
        let read = plan(&read::Read, r#"{"fileId":"doc-1"}"#, &ledger).unwrap();
        assert_eq!(read.output["content"], json!("Ship on Monday."));
        assert_eq!(read.output["name"], json!("Launch checklist"));
        let found = plan(&search::Search, r#"{"query":"LAUNCH"}"#, &ledger).unwrap();
        assert_eq!(
            found.output["results"],
            json!([{"id": "doc-1", "name": "Launch checklist", "owner": "me@example.test"}])
        );
    }

    #[test]
    fn the_drive_holds_twenty_created_documents() {
        let mut ledger = stores();
        for n in 1..=20 {
            let planned = plan(&Create, &args("Note", "b"), &ledger).unwrap();
            assert_eq!(planned.output["id"], json!(format!("doc-{n}")));
            commit(&mut ledger, planned);
        }
        let e = plan(&Create, &args("Note", "b"), &ledger).unwrap_err();
        assert_eq!(e.get::<DocsError>(), Some(&DocsError::Full { max: 20 }));
        assert_eq!(
            e.to_string(),
            "The drive holds at most 20 documents created here: docs.create cannot add another"
        );
        assert_eq!(ledger.get::<Drive>().unwrap().documents().len(), 20);
    }

    #[test]
    fn the_status_is_written_in_the_pages_language() {
        let planned = Create
            .plan(
                &validate(&Create, &args("會議摘要", "內容")).unwrap(),
                &stores(),
                Locale::ZhTw,
            )
            .unwrap();
        assert_eq!(
            planned.output["status"],
            json!("已在模擬雲端硬碟中建立，擁有者是你（沒有分享給任何人）")
        );
    }
}
