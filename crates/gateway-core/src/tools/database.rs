//! Database: two typed keys, `seats` (an integer 0–500) and `status`
//! (one of a few strings). `get` reads one; `set` replaces one.

use super::{read_only, Claims, Declaration, Examples, ExecError, Planned, Tool};
use crate::fixtures::{Fixtures, Localized};
use crate::json::object;
use crate::policy::Risk;
use crate::schema::{Args, Field, Kind, Shape, Variant};
use crate::store::{Effect, Note, Store, StoreKind, StoreView, Stores};
use crate::text::{Locale, Text};

/// The values `status` may hold.
pub const STATUSES: [&str; 3] = ["open", "waitlist", "closed"];
/// `seats` holds an integer from 0 to this.
pub const MAX_SEATS: i64 = 500;

/// The typed database: one integer key and one enumerated string key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    pub seats: i64,
    pub status: String,
}

/// A database value of the key's own type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DbValue {
    Seats(i64),
    Status(String),
}

impl Table {
    /// The value `key` holds, as JSON.
    fn value(&self, key: &str) -> serde_json::Value {
        match key {
            "seats" => self.seats.into(),
            _ => self.status.as_str().into(),
        }
    }
}

/// The table `stores` hold, if they hold one.
pub fn table(stores: &Stores) -> Option<&Table> {
    stores.get::<Table>()
}

impl Store for Table {
    /// A key set to a new value.
    type Change = DbValue;

    fn fixtures(_: Fixtures) -> Self {
        Table {
            seats: 120,
            status: "open".into(),
        }
    }

    fn apply(&mut self, value: DbValue) {
        match value {
            DbValue::Seats(n) => self.seats = n,
            DbValue::Status(s) => self.status = s,
        }
    }

    fn change_text(value: &DbValue) -> Text {
        match value {
            DbValue::Seats(n) => Text::EffectSetSeats { seats: (*n).into() },
            DbValue::Status(s) => Text::EffectSetStatus {
                status: crate::json::quote(s).into(),
            },
        }
    }

    fn note(&self, value: &DbValue) -> Option<Note> {
        let quote = crate::json::quote;
        Some(match value {
            DbValue::Seats(n) => Note::Replaced {
                name: "seats".into(),
                before: self.seats.to_string(),
                after: n.to_string(),
            },
            DbValue::Status(v) => Note::Replaced {
                name: "status".into(),
                before: quote(&self.status),
                after: quote(v),
            },
        })
    }

    fn row(&self, value: &DbValue) -> Option<usize> {
        Some(match value {
            DbValue::Seats(_) => 0,
            DbValue::Status(_) => 1,
        })
    }

    fn view(&self) -> StoreView {
        StoreView {
            title: Text::LedgerDatabase,
            rows: vec![
                Text::LedgerSeats {
                    seats: self.seats.into(),
                },
                Text::LedgerStatus {
                    status: (&self.status).into(),
                },
            ],
            empty: None,
        }
    }

    fn json(&self) -> Option<(&'static str, serde_json::Value)> {
        Some((
            "database",
            object(vec![
                ("seats", self.seats.into()),
                ("status", self.status.as_str().into()),
            ]),
        ))
    }
}

#[derive(Debug)]
pub struct Database;

const KEY: Field = Field {
    name: "key",
    required: true,
    kind: Kind::OneOf(&["seats", "status"]),
    description: || Text::ToolDatabaseArgKey,
};

static DECLARATION: Declaration = Declaration {
    name: "database",
    label: || Text::ToolDatabaseLabel,
    description: || Text::ToolDatabaseDescription,
    risks: &[Risk::Read, Risk::Write],
    shape: Shape {
        variants: &[
            Variant {
                consts: &[("operation", "get")],
                fields: &[KEY],
            },
            Variant {
                consts: &[("operation", "set"), ("key", "seats")],
                fields: &[Field {
                    name: "value",
                    required: true,
                    kind: Kind::Integer {
                        min: 0,
                        max: MAX_SEATS,
                    },
                    description: || Text::ToolDatabaseArgValueSeats,
                }],
            },
            Variant {
                consts: &[("operation", "set"), ("key", "status")],
                fields: &[Field {
                    name: "value",
                    required: true,
                    kind: Kind::OneOf(&STATUSES),
                    description: || Text::ToolDatabaseArgValueStatus,
                }],
            },
        ],
    },
    // No prose: the same in every language.
    examples: Localized(
        [const {
            Examples {
                valid: r#"{
  "operation": "set",
  "key": "seats",
  "value": 140
}"#,
                malformed: r#"{
  "operation": "set",
  "key": 'seats',
  "value": 140
}"#,
                boundary: r#"{
  "operation": "set",
  "key": "seats",
  "value": 501
}"#,
            }
        }; 2],
    ),
    redacts: &[],
    claims: Claims {
        names: &[
            "database",
            "record",
            "seat",
            "status",
            "資料庫",
            "紀錄",
            "記錄",
            "座位",
            "狀態",
        ],
        done: &[
            "saved", "set", "updated", "stored", "recorded", "changed", "written", "wrote",
            "added", "存", "更新", "設定", "設為", "改為", "寫入", "記錄", "修改", "加入",
        ],
    },
};

impl Tool for Database {
    fn declaration(&self) -> &Declaration {
        &DECLARATION
    }

    fn risk(&self, args: &Args) -> Risk {
        match args.text("operation") {
            "get" => Risk::Read,
            _ => Risk::Write,
        }
    }

    fn store(&self) -> Option<StoreKind> {
        Some(StoreKind::of::<Table>())
    }

    fn plan(&self, args: &Args, stores: &Stores, _: Locale) -> Result<Planned, ExecError> {
        let key = args.text("key");
        let current = stores.read::<Table>().value(key);
        if args.text("operation") == "get" {
            return Ok(read_only(object(vec![
                ("key", key.into()),
                ("value", current),
            ])));
        }
        let value = match key {
            // INVARIANT: the shape admits only whole numbers 0..=500 here.
            "seats" => DbValue::Seats(args.number("value").unwrap_or_default() as i64),
            _ => DbValue::Status(args.text("value").into()),
        };
        let shown = match &value {
            DbValue::Seats(n) => serde_json::Value::from(*n),
            DbValue::Status(s) => serde_json::Value::from(s.as_str()),
        };
        Ok(Planned {
            output: object(vec![
                ("key", key.into()),
                ("value", shown),
                ("previous", current),
            ]),
            effect: Effect::on::<Table>(value),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::test_support::{error, fixtures, plan, validate};
    use serde_json::json;

    fn set(key: &str, value: serde_json::Value) -> String {
        json!({ "operation": "set", "key": key, "value": value }).to_string()
    }

    #[test]
    fn seats_bounds_and_types() {
        assert!(validate(&Database, &set("seats", json!(0))).is_ok());
        assert!(validate(&Database, &set("seats", json!(500))).is_ok());
        assert_eq!(
            error(&Database, &set("seats", json!(501))),
            "value must be from 0 to 500 (got 501)"
        );
        assert_eq!(
            error(&Database, &set("seats", json!(-1))),
            "value must be from 0 to 500 (got -1)"
        );
        assert_eq!(
            error(&Database, &set("seats", json!(1.5))),
            "value must be a whole number (got 1.5)"
        );
        assert_eq!(
            error(&Database, &set("seats", json!("12"))),
            "value must be a number (got string)"
        );
        // 24.0 is 24, as in JavaScript.
        assert!(validate(
            &Database,
            r#"{"operation":"set","key":"seats","value":24.0}"#
        )
        .is_ok());
        assert!(validate(
            &Database,
            r#"{"operation":"set","key":"seats","value":2.4e1}"#
        )
        .is_ok());
    }

    #[test]
    fn status_values_and_operations() {
        assert!(validate(&Database, &set("status", json!("closed"))).is_ok());
        assert_eq!(
            error(&Database, &set("status", json!("Closed"))),
            "value must be one of \"open\", \"waitlist\", \"closed\" (got \"Closed\")"
        );
        assert_eq!(
            error(&Database, &set("status", json!(1))),
            "value must be a string (got number)"
        );
        assert_eq!(
            error(&Database, r#"{"operation":"get","key":"seats","value":1}"#),
            "value is not allowed when operation is \"get\""
        );
        assert_eq!(
            error(&Database, r#"{"operation":"set","key":"seats"}"#),
            "Missing value"
        );
        assert_eq!(
            error(&Database, r#"{"operation":"set","key":"owner","value":1}"#),
            "key must be one of \"seats\", \"status\" (got \"owner\")"
        );
    }

    #[test]
    fn get_reads_and_set_plans() {
        let ledger = fixtures();
        let got = plan(&Database, r#"{"operation":"get","key":"seats"}"#, &ledger).unwrap();
        assert_eq!(got.output, json!({"key":"seats","value":120}));
        let put = plan(&Database, &set("seats", json!(140)), &ledger).unwrap();
        assert_eq!(put.effect, Effect::on::<Table>(DbValue::Seats(140)));
        assert_eq!(put.output["previous"], json!(120));
    }
}
