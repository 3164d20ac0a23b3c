//! `sheets.append` (write): appends one row of 1 to 10 cells to a fixture
//! sheet. The sheets are fixed (no tool creates one), so `sheetId` is one
//! of their ids at the schema gate: the exports list the ids a model may
//! use, and a wrong one is refused before any service with the ids it
//! could have named. A sheet holds at most [`MAX_ROWS`] rows, its fixture
//! rows included; a full sheet is refused at execution.

use serde_json::Value;

use crate::fixtures::{Fixtures, Localized};
use crate::json::object;
use crate::policy::Risk;
use crate::schema::{Args, Field, Item, Kind, Shape, Variant};
use crate::store::{Effect, Note, Store, StoreKind, StoreView, Stores};
use crate::text::{Locale, Text};
use crate::tools::{Claims, Declaration, Examples, ExecError, Failure, Planned, Tool};

/// A sheet holds at most this many rows, its fixture rows included.
pub const MAX_ROWS: usize = 50;

/// A row holds at most this many cells.
pub const MAX_CELLS: usize = 10;

/// A text cell holds at most this many UTF-16 units.
pub const MAX_CELL_LENGTH: usize = 200;

/// The fixture sheets' ids, in order.
pub const SHEET_IDS: [&str; 2] = ["sheet-1", "sheet-2"];

/// The fixture sheets' titles, in each fixture language.
pub const TITLES: Localized<[&str; 2]> =
    Localized([["Budget", "Attendance"], ["預算", "出席紀錄"]]);

/// One fixture cell: a text or a whole number.
#[derive(Debug, Clone, Copy)]
enum Cell {
    Text(&'static str),
    Number(i64),
}

use Cell::{Number, Text as T};

/// The fixture sheets' rows, in each fixture language: a header row, then
/// two rows of data.
const ROWS: Localized<[[[Cell; 2]; 3]; 2]> = Localized([
    [
        [
            [T("Item"), T("Amount (TWD)")],
            [T("Venue"), Number(12000)],
            [T("Snacks"), Number(1800)],
        ],
        [
            [T("Name"), T("Sessions")],
            [T("Mei"), Number(3)],
            [T("Kenji"), Number(2)],
        ],
    ],
    [
        [
            [T("項目"), T("金額（新台幣）")],
            [T("場地"), Number(12000)],
            [T("點心"), Number(1800)],
        ],
        [
            [T("姓名"), T("出席次數")],
            [T("美玲"), Number(3)],
            [T("志明"), Number(2)],
        ],
    ],
]);

/// One sheet: its rows of cells, each a JSON string or number.
#[derive(Debug, Clone, PartialEq)]
pub struct Sheet {
    pub id: &'static str,
    pub title: &'static str,
    pub rows: Vec<Vec<Value>>,
}

/// A row appended: the sheet, the row's number in it (from 1) and its cells.
#[derive(Debug, Clone, PartialEq)]
pub struct Appended {
    pub sheet: String,
    pub row: usize,
    pub values: Vec<Value>,
}

/// Why `sheets.append` refuses a call at execution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SheetsError {
    /// The sheet already holds `max` rows.
    SheetFull { sheet: String, max: usize },
    /// No sheet has this id (the schema gate lets none through; a plan
    /// against other stores could still ask).
    NoSheet { sheet: String },
}

impl Failure for SheetsError {
    fn text(&self) -> Text {
        match self {
            SheetsError::SheetFull { sheet, max } => Text::ExecSheetsFull {
                sheet: sheet.into(),
                max: (*max).into(),
            },
            SheetsError::NoSheet { sheet } => Text::ExecSheetsNoSheet {
                sheet: crate::json::quote(sheet).into(),
            },
        }
    }
}

/// The fixture sheets, in order.
#[derive(Debug, Clone, PartialEq)]
pub struct Sheets {
    sheets: Vec<Sheet>,
}

impl Sheets {
    pub fn sheets(&self) -> &[Sheet] {
        &self.sheets
    }

    fn find(&self, id: &str) -> Option<&Sheet> {
        self.sheets.iter().find(|s| s.id == id)
    }
}

impl Store for Sheets {
    type Change = Appended;

    fn fixtures(lang: Fixtures) -> Self {
        let cell = |c: &Cell| match *c {
            Cell::Text(t) => Value::from(t),
            Cell::Number(n) => Value::from(n),
        };
        let sheets = (SHEET_IDS.iter().zip(TITLES.get(lang)).zip(ROWS.get(lang)))
            .map(|((id, title), rows)| Sheet {
                id,
                title,
                rows: rows.iter().map(|r| r.iter().map(cell).collect()).collect(),
            })
            .collect();
        Sheets { sheets }
    }

    fn apply(&mut self, change: Appended) {
        if let Some(sheet) = self.sheets.iter_mut().find(|s| s.id == change.sheet) {
            sheet.rows.push(change.values);
        }
    }

    fn change_text(change: &Appended) -> Text {
        Text::EffectSheetsAppend {
            sheet: (&change.sheet).into(),
            row: change.row.into(),
        }
    }

    fn note(&self, _: &Appended) -> Option<Note> {
        Some(Note::Added)
    }

    /// The view lists every sheet's rows in order.
    fn row(&self, change: &Appended) -> Option<usize> {
        let at = self.sheets.iter().position(|s| s.id == change.sheet)?;
        let before: usize = self.sheets[..at].iter().map(|s| s.rows.len()).sum();
        Some(before + change.row - 1)
    }

    fn view(&self) -> StoreView {
        let rows = self.sheets.iter().flat_map(|sheet| {
            sheet
                .rows
                .iter()
                .enumerate()
                .map(|(i, cells)| Text::LedgerSheetsRow {
                    sheet: sheet.id.into(),
                    title: sheet.title.into(),
                    row: (i + 1).into(),
                    cells: crate::json::compact(&Value::from(cells.clone())).into(),
                })
        });
        StoreView {
            title: Text::LedgerSheets,
            rows: rows.collect(),
            empty: None,
        }
    }

    fn json(&self) -> Option<(&'static str, Value)> {
        let sheets = self.sheets.iter().map(|s| {
            object(vec![
                ("id", s.id.into()),
                ("title", s.title.into()),
                ("rows", s.rows.clone().into()),
            ])
        });
        Some(("sheets", sheets.collect()))
    }
}

#[derive(Debug)]
pub struct Append;

static DECLARATION: Declaration = Declaration {
    name: "sheets.append",
    label: || Text::ToolSheetsAppendLabel,
    description: || Text::ToolSheetsAppendDescription {
        max: MAX_ROWS.into(),
    },
    risks: &[Risk::Write],
    shape: Shape {
        variants: &[Variant {
            consts: &[],
            fields: &[
                Field {
                    name: "sheetId",
                    required: true,
                    kind: Kind::OneOf(&SHEET_IDS),
                    description: || Text::ToolSheetsAppendArgSheetId,
                },
                Field {
                    name: "values",
                    required: true,
                    kind: Kind::List {
                        min: 1,
                        max: MAX_CELLS,
                        item: Item::Cell {
                            max: MAX_CELL_LENGTH,
                        },
                    },
                    description: || Text::ToolSheetsAppendArgValues,
                },
            ],
        }],
    },
    examples: Localized([
        Examples {
            valid: r#"{
  "sheetId": "sheet-1",
  "values": ["Printing", 650]
}"#,
            malformed: r#"{
  "sheetId": "sheet-1",
  "values": ["Printing", 650,]
}"#,
            boundary: r#"{
  "sheetId": "sheet-1",
  "values": ["Printing", 650, "A4", "colour", "double-sided", 2, "staples", "box 3", "urgent", "Friday", "extra"]
}"#,
        },
        Examples {
            valid: r#"{
  "sheetId": "sheet-1",
  "values": ["印刷", 650]
}"#,
            malformed: r#"{
  "sheetId": "sheet-1",
  "values": ["印刷", 650,]
}"#,
            boundary: r#"{
  "sheetId": "sheet-1",
  "values": ["印刷", 650, "A4", "彩色", "雙面", 2, "釘書針", "第 3 箱", "急件", "星期五", "加印"]
}"#,
        },
    ]),
    redacts: &[],
    claims: Claims {
        names: &[
            "sheet",
            "sheets",
            "spreadsheet",
            "row",
            "試算表",
            "工作表",
            "表格",
        ],
        done: &[
            "appended", "added", "wrote", "written", "recorded", "logged", "inserted", "新增",
            "加入", "寫入", "記錄", "附加",
        ],
    },
};

impl Tool for Append {
    fn declaration(&self) -> &Declaration {
        &DECLARATION
    }

    /// A row is added below the others; none is ever replaced.
    fn only_adds(&self) -> bool {
        true
    }

    fn store(&self) -> Option<StoreKind> {
        Some(StoreKind::of::<Sheets>())
    }

    fn plan(&self, args: &Args, stores: &Stores, locale: Locale) -> Result<Planned, ExecError> {
        let id = args.text("sheetId");
        let sheets = stores.read::<Sheets>();
        let Some(sheet) = sheets.find(id) else {
            return Err(SheetsError::NoSheet { sheet: id.into() }.into());
        };
        if sheet.rows.len() >= MAX_ROWS {
            return Err(SheetsError::SheetFull {
                sheet: id.into(),
                max: MAX_ROWS,
            }
            .into());
        }
        let values = match args.0.get("values") {
            Some(Value::Array(values)) => values.clone(),
            _ => Vec::new(),
        };
        let appended = Appended {
            sheet: id.into(),
            row: sheet.rows.len() + 1,
            values,
        };
        let output = object(vec![
            ("sheetId", id.into()),
            ("title", sheet.title.into()),
            ("row", appended.row.into()),
            ("values", appended.values.clone().into()),
            ("status", Text::OutputSheetsStatus.render(locale).into()),
        ]);
        Ok(Planned {
            output,
            effect: Effect::on::<Sheets>(appended),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::test_support::{commit, error, plan, validate};
    use crate::tools::Registry;
    use serde_json::json;

    fn stores(lang: Fixtures) -> Stores {
        Registry::with_tools(vec![&Append]).stores(lang)
    }

    fn args(sheet: &str, values: Value) -> String {
        json!({ "sheetId": sheet, "values": values }).to_string()
    }

    fn view_rows(s: &Stores) -> Vec<String> {
        let sheets = s.get::<Sheets>().unwrap();
        (Store::view(sheets).rows.iter())
            .map(|r| r.render(Locale::En))
            .collect()
    }

    #[test]
    fn sheet_ids_are_the_fixtures_at_the_schema_gate() {
        assert!(validate(&Append, &args("sheet-1", json!(["a"]))).is_ok());
        assert!(validate(&Append, &args("sheet-2", json!([1]))).is_ok());
        assert_eq!(
            error(&Append, &args("sheet-3", json!(["a"]))),
            "sheetId must be one of \"sheet-1\", \"sheet-2\" (got \"sheet-3\")"
        );
        assert_eq!(error(&Append, r#"{"values":["a"]}"#), "Missing sheetId");
    }

    #[test]
    fn a_row_holds_one_to_ten_cells() {
        let cells = |n: usize| Value::Array((0..n).map(|i| json!(format!("c{i}"))).collect());
        assert!(validate(&Append, &args("sheet-1", cells(1))).is_ok());
        assert!(validate(&Append, &args("sheet-1", cells(10))).is_ok());
        assert_eq!(
            error(&Append, &args("sheet-1", cells(0))),
            "values must hold at least 1 item (got 0)"
        );
        assert_eq!(
            error(&Append, &args("sheet-1", cells(11))),
            "values must hold at most 10 items (got 11)"
        );
    }

    #[test]
    fn each_cell_is_a_line_of_at_most_200_characters_or_a_number() {
        let at = json!(["a", 1, "b", "x".repeat(200)]);
        assert!(validate(&Append, &args("sheet-1", at)).is_ok());
        assert_eq!(
            error(
                &Append,
                &args("sheet-1", json!(["a", 1, "b", "x".repeat(201)]))
            ),
            "values[3] must be at most 200 characters (got 201)"
        );
        assert!(validate(&Append, &args("sheet-1", json!(["", -0.5, 1e300]))).is_ok());
        assert_eq!(
            error(&Append, &args("sheet-1", json!(["a", "two\nlines"]))),
            "values[1] must be on one line, with no control characters"
        );
        assert_eq!(
            error(&Append, &args("sheet-1", json!(["a", null]))),
            "values[1] must be a text or a number (got null)"
        );
        assert_eq!(
            error(&Append, &args("sheet-1", json!([["nested"]]))),
            "values[0] must be a text or a number (got array)"
        );
        assert_eq!(
            error(&Append, &args("sheet-1", json!("a"))),
            "values must be a list (got string)"
        );
        // A number too large for a double is refused when the JSON is read.
        assert!(error(&Append, r#"{"sheetId":"sheet-1","values":[1e400]}"#)
            .starts_with("Malformed JSON"));
    }

    #[test]
    fn the_fixture_sheets_in_each_language() {
        assert_eq!(
            view_rows(&stores(Fixtures::En)),
            [
                "sheet-1 (Budget) row 1: [\"Item\",\"Amount (TWD)\"]",
                "sheet-1 (Budget) row 2: [\"Venue\",12000]",
                "sheet-1 (Budget) row 3: [\"Snacks\",1800]",
                "sheet-2 (Attendance) row 1: [\"Name\",\"Sessions\"]",
                "sheet-2 (Attendance) row 2: [\"Mei\",3]",
                "sheet-2 (Attendance) row 3: [\"Kenji\",2]",
            ]
        );
        let zh = stores(Fixtures::ZhTw);
        let sheets = zh.get::<Sheets>().unwrap();
        assert_eq!(sheets.sheets()[0].title, "預算");
        assert_eq!(sheets.sheets()[1].rows[1], [json!("美玲"), json!(3)]);
    }

    #[test]
    fn an_appended_row_shows_in_the_view_and_the_json() {
        let mut s = stores(Fixtures::En);
        let planned = plan(&Append, &args("sheet-2", json!(["Ana", 1])), &s).unwrap();
        assert_eq!(
            planned.output,
            json!({
                "sheetId": "sheet-2",
                "title": "Attendance",
                "row": 4,
                "values": ["Ana", 1],
                "status": "appended a row to the synthetic sheet (nothing was written anywhere)",
            })
        );
        assert_eq!(
            planned.effect.text().render(Locale::En),
            "appends row 4 to sheet-2"
        );
        assert_eq!(planned.effect.note(&s), Some(Note::Added));
        commit(&mut s, planned.clone());
        assert_eq!(planned.effect.place(&s), Some((0, 6)));
        assert_eq!(view_rows(&s)[6], "sheet-2 (Attendance) row 4: [\"Ana\",1]");
        let (key, json) = Store::json(s.get::<Sheets>().unwrap()).unwrap();
        assert_eq!(key, "sheets");
        assert_eq!(json[1]["rows"][3], json!(["Ana", 1]));
        assert_eq!(json[0]["rows"].as_array().map(Vec::len), Some(3));
    }

    #[test]
    fn a_sheet_holds_fifty_rows() {
        let mut s = stores(Fixtures::En);
        for i in 4..=50 {
            let planned = plan(&Append, &args("sheet-1", json!([i])), &s).unwrap();
            assert_eq!(planned.output["row"], i);
            commit(&mut s, planned);
        }
        assert_eq!(s.get::<Sheets>().unwrap().sheets()[0].rows.len(), 50);
        assert_eq!(
            plan(&Append, &args("sheet-1", json!([51])), &s)
                .unwrap_err()
                .to_string(),
            "sheet-1 is full: a sheet holds at most 50 rows"
        );
        // The other sheet still takes rows.
        assert!(plan(&Append, &args("sheet-2", json!([1])), &s).is_ok());
    }

    #[test]
    fn a_sheet_the_stores_lack_is_named() {
        let mut map = serde_json::Map::new();
        map.insert("sheetId".into(), json!("sheet-9"));
        map.insert("values".into(), json!(["a"]));
        let refused = Append.plan(&Args(map), &stores(Fixtures::En), Locale::En);
        assert_eq!(
            refused.unwrap_err().to_string(),
            "No sheet has the id \"sheet-9\""
        );
    }

    #[test]
    fn it_writes_adds_only_and_claims_an_appended_row() {
        let d = Append.declaration();
        assert_eq!(d.risks, [Risk::Write]);
        assert!(Append.only_adds());
        assert!(d.redacts.is_empty());
        let registry = Registry::with_tools(vec![&Append]);
        for text in [
            "I appended a row to the budget sheet.",
            "已在試算表新增了一列。",
        ] {
            let claims = crate::turn::claims(text, &registry);
            assert_eq!(claims.len(), 1, "{text}");
            assert_eq!(claims[0].tool, "sheets.append");
        }
        assert!(crate::turn::claims("I did not add the row.", &registry).is_empty());
    }
}
