//! Drive: a synthetic drive of five fixture files, and the tools that
//! search it, read it, and (refused for every role) delete and share its
//! files (SPEC 2.4).
//!
//! The store, [`Drive`], lives here: `drive.search` and `drive.read` read
//! it, and `docs.create` (in the `docs` group) adds documents to it with
//! the one change it takes, [`DriveFile`]. Each file has an id (`file-1`
//! to `file-5`; a created document `doc-1`, `doc-2`, …), a name, an owner
//! (the learner, [`LEARNER`], or a colleague at example.test), who shared
//! it with the learner if someone else did, and its text.

use crate::fixtures::{Fixtures, Localized};
use crate::json::object;
use crate::schema::{Field, Kind};
use crate::store::{Note, Store, StoreView, Stores};
use crate::text::Text;
use crate::tools::Failure;

pub mod delete;
pub mod read;
pub mod search;
pub mod share;

/// The learner's own address: the owner of their files and of every
/// document `docs.create` makes.
pub const LEARNER: &str = "me@example.test";

/// A `fileId` is one line of at most this many characters (the schema
/// gate); whether the drive holds it is checked at execution.
pub const MAX_FILE_ID: usize = 32;

/// The `fileId` argument of `drive.read`, `drive.delete` and
/// `drive.share`.
pub(crate) const FILE_ID: Field = Field {
    name: "fileId",
    required: true,
    kind: Kind::Text {
        min: 1,
        max: MAX_FILE_ID,
        single_line: true,
    },
    description: || Text::ToolDriveArgFileId,
};

/// Each fixture file's owner and who shared it with the learner (`None`:
/// nobody did, the learner owns it), in id order (`file-1` first); the
/// same in every language.
const OWNERS: [(&str, Option<&str>); 5] = [
    (LEARNER, None),
    (LEARNER, None),
    ("finance@example.test", Some("finance@example.test")),
    ("ming@example.test", Some("ana@example.test")),
    (LEARNER, None),
];

/// Each fixture file's name and text in each fixture language, in
/// [`OWNERS`] order.
pub const FIXTURE_FILES: Localized<[(&str, &str); 5]> = Localized([
    [
        (
            "Quarterly plan",
            "Quarterly plan: review the approval gates with the team on Friday.",
        ),
        (
            "Team contacts",
            "Ming: ming@example.test. Ana: ana@example.test.",
        ),
        (
            "Budget 2026",
            "Budget 2026 draft: travel 1,200; tools 800. Do not forward.",
        ),
        (
            "Project notes",
            "Project notes: the launch moves to the second week of the month.",
        ),
        ("Travel checklist", "Passport, charger, the printed agenda."),
    ],
    [
        ("季度計畫", "季度計畫：星期五和團隊一起檢視核准關卡。"),
        (
            "團隊聯絡人",
            "小明：ming@example.test。安娜：ana@example.test。",
        ),
        (
            "2026 年預算",
            "2026 年預算草稿：差旅 1,200；工具 800。請勿轉寄。",
        ),
        ("專案筆記", "專案筆記：上線時間延到本月第二週。"),
        ("出差清單", "護照、充電器、印好的議程。"),
    ],
]);

/// One file of the drive.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DriveFile {
    pub id: String,
    pub name: String,
    pub owner: String,
    /// Who shared it with the learner; `None` for the learner's own files.
    pub shared_by: Option<String>,
    pub content: String,
}

/// The synthetic drive: the fixture files, then the documents created,
/// oldest first. Nothing removes a file (`drive.delete` is refused).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Drive {
    fixtures: Vec<DriveFile>,
    documents: Vec<DriveFile>,
}

impl Drive {
    /// Every file, fixtures first, then the documents created.
    pub fn files(&self) -> impl Iterator<Item = &DriveFile> {
        self.fixtures.iter().chain(&self.documents)
    }

    /// The documents `docs.create` added, oldest first.
    pub fn documents(&self) -> &[DriveFile] {
        &self.documents
    }

    /// The file whose id is exactly `id`.
    pub fn file(&self, id: &str) -> Option<&DriveFile> {
        self.files().find(|f| f.id == id)
    }
}

/// The drive `stores` hold, or the fixtures in their language.
pub fn drive(stores: &Stores) -> std::borrow::Cow<'_, Drive> {
    stores.read::<Drive>()
}

/// Why a drive tool refuses a call at execution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DriveError {
    /// The drive holds no file with this id.
    NoSuchFile { id: String },
}

impl Failure for DriveError {
    fn text(&self) -> Text {
        match self {
            DriveError::NoSuchFile { id } => Text::ExecDriveNoSuchFile {
                id: crate::json::quote(id).into(),
            },
        }
    }
}

impl Store for Drive {
    /// A document added (`docs.create`).
    type Change = DriveFile;

    fn fixtures(lang: Fixtures) -> Self {
        let fixtures = (OWNERS.iter().zip(FIXTURE_FILES.get(lang)).enumerate())
            .map(|(i, ((owner, shared_by), (name, content)))| DriveFile {
                id: format!("file-{}", i + 1),
                name: (*name).into(),
                owner: (*owner).into(),
                shared_by: shared_by.map(String::from),
                content: (*content).into(),
            })
            .collect();
        Drive {
            fixtures,
            documents: Vec::new(),
        }
    }

    fn apply(&mut self, document: DriveFile) {
        self.documents.push(document);
    }

    fn change_text(document: &DriveFile) -> Text {
        Text::EffectDocsCreate {
            id: (&document.id).into(),
            title: crate::json::quote(&document.name).into(),
        }
    }

    fn note(&self, _: &DriveFile) -> Option<Note> {
        Some(Note::Added)
    }

    fn row(&self, document: &DriveFile) -> Option<usize> {
        self.files().position(|f| f.id == document.id)
    }

    fn view(&self) -> StoreView {
        StoreView {
            title: Text::LedgerDrive,
            rows: self.files().map(row).collect(),
            empty: None,
        }
    }

    fn json(&self) -> Option<(&'static str, serde_json::Value)> {
        let files = self.files().map(|f| {
            object(vec![
                ("id", f.id.as_str().into()),
                ("name", f.name.as_str().into()),
                ("owner", f.owner.as_str().into()),
                ("shared_by", f.shared_by.as_deref().into()),
                ("content", f.content.as_str().into()),
            ])
        });
        Some(("drive", files.collect()))
    }
}

/// A file's row of the ledger view: id, name, owner, and who shared it.
fn row(f: &DriveFile) -> Text {
    match &f.shared_by {
        None => Text::LedgerDriveFile {
            id: (&f.id).into(),
            name: (&f.name).into(),
            owner: (&f.owner).into(),
        },
        Some(by) => Text::LedgerDriveFileShared {
            id: (&f.id).into(),
            name: (&f.name).into(),
            owner: (&f.owner).into(),
            shared_by: by.into(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn five_fixture_files_in_each_language_two_shared_by_others() {
        for lang in Fixtures::ALL {
            let drive = Drive::fixtures(lang);
            let ids: Vec<_> = drive.files().map(|f| f.id.as_str()).collect();
            assert_eq!(ids, ["file-1", "file-2", "file-3", "file-4", "file-5"]);
            let shared: Vec<_> = (drive.files())
                .filter_map(|f| Some((f.id.as_str(), f.shared_by.as_deref()?)))
                .collect();
            assert_eq!(
                shared,
                [
                    ("file-3", "finance@example.test"),
                    ("file-4", "ana@example.test")
                ]
            );
            assert!(drive.files().all(|f| f.owner.ends_with("@example.test")));
            assert!(drive.documents().is_empty());
        }
        let zh = Drive::fixtures(Fixtures::ZhTw);
        assert_eq!(zh.file("file-1").map(|f| f.name.as_str()), Some("季度計畫"));
    }

    #[test]
    fn the_view_names_each_file_its_owner_and_who_shared_it() {
        let view = Drive::fixtures(Fixtures::En).view();
        assert_eq!(view.title, Text::LedgerDrive);
        assert_eq!(view.rows.len(), 5);
        assert_eq!(
            view.rows[0].render(crate::text::Locale::En),
            "file-1 Quarterly plan (owner me@example.test)"
        );
        assert_eq!(
            view.rows[3].render(crate::text::Locale::En),
            "file-4 Project notes (owner ming@example.test; shared with you by ana@example.test)"
        );
        let zh = Drive::fixtures(Fixtures::ZhTw).view();
        assert_eq!(
            zh.rows[2].render(crate::text::Locale::ZhTw),
            "file-3 2026 年預算（擁有者 finance@example.test；由 finance@example.test 分享給你）"
        );
    }

    #[test]
    fn the_json_holds_every_file_with_its_content() {
        let (key, files) = Drive::fixtures(Fixtures::En).json().unwrap();
        assert_eq!(key, "drive");
        assert_eq!(files.as_array().map(Vec::len), Some(5));
        assert_eq!(
            files[2],
            json!({
                "id": "file-3",
                "name": "Budget 2026",
                "owner": "finance@example.test",
                "shared_by": "finance@example.test",
                "content": "Budget 2026 draft: travel 1,200; tools 800. Do not forward."
            })
        );
        assert_eq!(files[0]["shared_by"], json!(null));
    }

    #[test]
    fn an_unknown_id_is_refused_by_name() {
        let e = DriveError::NoSuchFile {
            id: "file-9".into(),
        };
        assert_eq!(
            e.text().render(crate::text::Locale::En),
            "The drive holds no file with the id \"file-9\""
        );
    }
}
