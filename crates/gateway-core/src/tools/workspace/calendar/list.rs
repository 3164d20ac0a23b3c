//! `calendar.list` (read): the events of one day. The fixture schedule
//! holds one day, [`FIXTURE_DAY`]; another well-formed date is valid and
//! has no events; a malformed one is refused at the schema gate.

use serde_json::Value;

use super::FIXTURE_DAY;
use crate::fixtures::Localized;
use crate::json::object;
use crate::policy::Risk;
use crate::schema::{Args, Field, Format, Kind, Shape, Variant};
use crate::store::{StoreKind, Stores};
use crate::text::{Locale, Text};
use crate::tools::calendar::Schedule;
use crate::tools::{read_only, Claims, Declaration, Examples, ExecError, Planned, Tool};

#[derive(Debug)]
pub struct List;

static DECLARATION: Declaration = Declaration {
    name: "calendar.list",
    label: || Text::ToolCalendarListLabel,
    description: || Text::ToolCalendarListDescription {
        day: FIXTURE_DAY.into(),
    },
    risks: &[Risk::Read],
    shape: Shape {
        variants: &[Variant {
            consts: &[],
            fields: &[Field {
                name: "date",
                required: false,
                kind: Kind::Formatted(Format::Date),
                description: || Text::ToolCalendarListArgDate {
                    day: FIXTURE_DAY.into(),
                },
            }],
        }],
    },
    // No prose: the same in both languages.
    examples: Localized(
        [const {
            Examples {
                valid: r#"{
  "date": "2026-03-02"
}"#,
                malformed: r#"{
  "date": 2026-03-02
}"#,
                boundary: r#"{
  "date": "2026-02-29"
}"#,
            }
        }; 2],
    ),
    redacts: &[],
    claims: Claims::NONE,
};

impl Tool for List {
    fn declaration(&self) -> &Declaration {
        &DECLARATION
    }

    fn store(&self) -> Option<StoreKind> {
        Some(StoreKind::of::<Schedule>())
    }

    fn plan(&self, args: &Args, stores: &Stores, _: Locale) -> Result<Planned, ExecError> {
        let date = match args.text("date") {
            "" => FIXTURE_DAY,
            date => date,
        };
        let schedule = stores.read::<Schedule>();
        let events: Vec<Value> = (schedule.events().iter())
            .filter(|_| date == FIXTURE_DAY)
            .map(|e| {
                object(vec![
                    ("id", e.id.as_str().into()),
                    ("title", e.title.as_str().into()),
                    ("start", e.start.as_str().into()),
                    ("end", e.end.as_str().into()),
                ])
            })
            .collect();
        Ok(read_only(object(vec![
            ("date", date.into()),
            ("events", events.into()),
        ])))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::Fixtures;
    use crate::store::Effect;
    use crate::tools::test_support::{commit, error, plan, validate};
    use crate::tools::workspace::calendar::create::Create;
    use crate::tools::Registry;
    use serde_json::json;

    fn stores(lang: Fixtures) -> Stores {
        Registry::with_tools(crate::tools::workspace::tools()).stores(lang)
    }

    fn listed(text: &str, stores: &Stores) -> Value {
        let planned = plan(&List, text, stores).unwrap();
        assert_eq!(planned.effect, Effect::None, "a read changes nothing");
        planned.output
    }

    #[test]
    fn the_fixture_day_lists_its_events_in_each_language() {
        let day = json!({
            "date": "2026-03-02",
            "events": [
                { "id": "standup", "title": "Stand-up", "start": "09:00", "end": "09:30" },
                { "id": "lunch", "title": "Lunch", "start": "12:00", "end": "13:00" },
            ],
        });
        assert_eq!(
            listed(r#"{"date":"2026-03-02"}"#, &stores(Fixtures::En)),
            day
        );
        // Omitted, the date is the fixture day.
        assert_eq!(listed("{}", &stores(Fixtures::En)), day);
        let zh = listed("{}", &stores(Fixtures::ZhTw));
        assert_eq!(zh["events"][0]["title"], "站立會議");
        assert_eq!(zh["events"][1]["title"], "午餐");
    }

    #[test]
    fn another_well_formed_date_is_valid_and_has_no_events() {
        let s = stores(Fixtures::En);
        for date in [
            "2026-03-01",
            "2026-03-03",
            "2028-02-29",
            "0000-01-01",
            "9999-12-31",
        ] {
            let out = listed(&json!({ "date": date }).to_string(), &s);
            assert_eq!(out, json!({ "date": date, "events": [] }), "{date}");
        }
    }

    #[test]
    fn a_malformed_date_is_refused_at_the_schema_gate() {
        let expected = |got: &str| {
            format!(
                "date must be a date YYYY-MM-DD that exists in the calendar: month 01 to 12, \
                 a day that month has, February 29 only in a leap year (e.g. 2026-03-02) \
                 (got \"{got}\")"
            )
        };
        for bad in [
            "2026-02-29",
            "2026-03-32",
            "2026-13-01",
            "2026-3-2",
            "2026-03-02T09:00",
            "",
        ] {
            assert_eq!(
                error(&List, &json!({ "date": bad }).to_string()),
                expected(bad)
            );
        }
        // On both sides of each month's end.
        for (good, bad) in [
            ("2026-02-28", "2026-02-29"),
            ("2028-02-29", "2028-02-30"),
            ("2026-04-30", "2026-04-31"),
            ("2026-12-31", "2026-12-32"),
        ] {
            assert!(validate(&List, &json!({ "date": good }).to_string()).is_ok());
            assert!(validate(&List, &json!({ "date": bad }).to_string()).is_err());
        }
        assert_eq!(
            error(&List, r#"{"date":20260302}"#),
            "date must be a string (got number)"
        );
        assert_eq!(
            error(&List, r#"{"day":"2026-03-02"}"#),
            "Unknown field \"day\""
        );
    }

    #[test]
    fn an_event_calendar_create_adds_is_listed() {
        let mut s = stores(Fixtures::En);
        let added = plan(
            &Create,
            r#"{"title":"Design review","start":"14:00","end":"15:00"}"#,
            &s,
        )
        .unwrap();
        commit(&mut s, added);
        let events = listed("{}", &s)["events"].clone();
        assert_eq!(events.as_array().map(Vec::len), Some(3));
        assert_eq!(events[2]["title"], "Design review");
        assert_eq!(listed(r#"{"date":"2026-03-03"}"#, &s)["events"], json!([]));
    }
}
