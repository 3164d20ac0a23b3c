//! `calendar.create` (write): adds one event to the fixture calendar's
//! day, exactly as the fixture `calendar` tool does: the same arguments,
//! the same rule that `end` comes after `start`, the same overlap refusal
//! and the same [`Schedule`] store, through its shared functions.

use crate::policy::Risk;
use crate::schema::{ArgError, Args};
use crate::store::{StoreKind, Stores};
use crate::text::{Locale, Text};
use crate::tools::calendar::{self, Schedule};
use crate::tools::{Declaration, ExecError, Planned, Tool};

#[derive(Debug)]
pub struct Create;

static DECLARATION: Declaration = Declaration {
    name: "calendar.create",
    label: || Text::ToolCalendarCreateLabel,
    description: || Text::ToolCalendarCreateDescription {
        day: super::FIXTURE_DAY.into(),
    },
    risks: &[Risk::Write],
    shape: calendar::SHAPE,
    examples: calendar::EXAMPLES,
    redacts: &[],
    claims: calendar::CLAIMS,
};

impl Tool for Create {
    fn declaration(&self) -> &Declaration {
        &DECLARATION
    }

    /// An event is added beside the others; none is ever replaced.
    fn only_adds(&self) -> bool {
        true
    }

    fn check(&self, args: &Args) -> Result<(), ArgError> {
        calendar::check_times(args)
    }

    fn store(&self) -> Option<StoreKind> {
        Some(StoreKind::of::<Schedule>())
    }

    fn plan(&self, args: &Args, stores: &Stores, locale: Locale) -> Result<Planned, ExecError> {
        calendar::plan_event(args, stores, locale)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::Fixtures;
    use crate::tools::calendar::{schedule, Calendar, MAX_EVENTS};
    use crate::tools::test_support::{commit, error, plan, validate};
    use crate::tools::Registry;
    use serde_json::json;

    fn stores() -> Stores {
        Registry::with_tools(crate::tools::workspace::tools()).stores(Fixtures::En)
    }

    fn args(start: &str, end: &str) -> String {
        json!({ "title": "T", "start": start, "end": end }).to_string()
    }

    #[test]
    fn a_call_missing_start_says_missing_start() {
        assert_eq!(
            error(&Create, r#"{"title":"Design review","end":"15:00"}"#),
            "Missing start"
        );
    }

    #[test]
    fn it_is_the_calendar_tools_write_with_its_claims() {
        let (ours, theirs) = (Create.declaration(), Calendar.declaration());
        assert_eq!(ours.risks, [Risk::Write]);
        assert!(Create.only_adds());
        assert_eq!(ours.claims.names, theirs.claims.names);
        assert_eq!(ours.claims.done, theirs.claims.done);
        assert_eq!(Create.store(), Calendar.store());
        // The same fields, kinds and bounds: the same verdict on both sides
        // of every bound, with the same words.
        for text in [
            args("00:00", "24:00"),
            args("23:30", "24:01"),
            args("10:00", "10:00"),
            args("10:00", "10:01"),
            args("11:00", "10:00"),
            json!({ "title": "x".repeat(80), "start": "14:00", "end": "15:00" }).to_string(),
            json!({ "title": "x".repeat(81), "start": "14:00", "end": "15:00" }).to_string(),
            json!({ "title": "", "start": "14:00", "end": "15:00" }).to_string(),
        ] {
            assert_eq!(
                validate(&Create, &text).map_err(|e| e.to_string()),
                validate(&Calendar, &text).map_err(|e| e.to_string()),
                "{text}"
            );
        }
        assert_eq!(
            error(&Create, &args("23:30", "24:01")),
            "end must be a time HH:MM from 00:00 to 24:00 (got \"24:01\")"
        );
        assert_eq!(
            error(&Create, &args("11:00", "10:00")),
            "end must be after start (got 11:00–10:00)"
        );
    }

    #[test]
    fn an_overlap_is_refused_and_a_free_slot_is_added_to_the_schedule() {
        let mut s = stores();
        assert_eq!(
            plan(&Create, &args("12:59", "14:00"), &s)
                .unwrap_err()
                .to_string(),
            "12:59–14:00 overlaps \"Lunch\" (12:00–13:00)"
        );
        let planned = plan(&Create, &args("14:00", "15:00"), &s).unwrap();
        assert_eq!(planned.output["id"], "event-1");
        assert_eq!(planned.output["status"], "added to the fixture schedule");
        assert_eq!(
            planned.effect.text().render(Locale::En),
            "adds event-1 14:00–15:00 to the schedule"
        );
        commit(&mut s, planned);
        assert_eq!(schedule(&s).len(), 3);
        let view = s.iter().find_map(|st| {
            let v = st.view();
            (v.title == Text::LedgerSchedule).then_some(v)
        });
        let rows: Vec<String> = (view.unwrap().rows.iter())
            .map(|r| r.render(Locale::En))
            .collect();
        assert_eq!(rows[2], "14:00–15:00 T (event-1)");
        let json = (s.iter().filter_map(|st| st.json()))
            .find(|(key, _)| *key == "schedule")
            .unwrap();
        assert_eq!(
            json.1[2],
            json!({ "id": "event-1", "title": "T", "start": "14:00", "end": "15:00" })
        );
    }

    #[test]
    fn the_schedule_holds_twenty_four() {
        let mut s = stores();
        for i in 0..22u16 {
            let slot = 14 * 60 + i * 20;
            let clock = |m: u16| format!("{:02}:{:02}", m / 60, m % 60);
            let planned = plan(&Create, &args(&clock(slot), &clock(slot + 20)), &s).unwrap();
            commit(&mut s, planned);
        }
        assert_eq!(schedule(&s).len(), 24);
        assert_eq!(MAX_EVENTS, 24);
        assert_eq!(
            plan(&Create, &args("06:00", "07:00"), &s)
                .unwrap_err()
                .to_string(),
            "The schedule is full: it holds at most 24 events"
        );
    }
}
