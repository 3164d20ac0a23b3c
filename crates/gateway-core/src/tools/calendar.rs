//! Calendar: adds one event to a fixture schedule of one synthetic day.
//!
//! Times are `HH:MM` from `00:00` to `24:00`, intervals half-open, with no
//! time zones or recurrence. An overlap is found at execution, against the
//! current schedule, and names the event it collides with.

use super::{Claims, Declaration, Examples, ExecError, Failure, Planned, Tool};
use crate::fixtures::{Fixtures, Localized};
use crate::json::object;
use crate::policy::Risk;
use crate::schema::{parse_clock, ArgError, Args, Field, Format, Kind, Rule, Shape, Variant};
use crate::store::{Effect, Note, Store, StoreKind, StoreView, Stores};
use crate::text::{Locale, Text};

/// The schedule holds at most this many events, fixtures included.
pub const MAX_EVENTS: usize = 24;

/// The titles of the two fixture events (ids `standup` and `lunch`), in
/// each fixture language.
pub const TITLES: Localized<[&str; 2]> = Localized([["Stand-up", "Lunch"], ["站立會議", "午餐"]]);

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    pub id: String,
    pub title: String,
    pub start: String,
    pub end: String,
}

/// Why the calendar refuses a call at execution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CalendarError {
    ScheduleFull {
        max: usize,
    },
    /// The new event overlaps the one titled `title`.
    Overlap {
        start: String,
        end: String,
        title: String,
        their_start: String,
        their_end: String,
    },
}

impl Failure for CalendarError {
    fn text(&self) -> Text {
        match self {
            CalendarError::ScheduleFull { max } => Text::ExecScheduleFull { max: (*max).into() },
            CalendarError::Overlap {
                start,
                end,
                title,
                their_start,
                their_end,
            } => Text::ExecOverlap {
                start: start.into(),
                end: end.into(),
                title: crate::json::quote(title).into(),
                their_start: their_start.into(),
                their_end: their_end.into(),
            },
        }
    }
}

/// The fixture schedule of one synthetic day: its events in the order
/// they were added.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Schedule {
    events: Vec<Event>,
    /// How many events runs have added (ids are `event-N`).
    added: usize,
}

impl Schedule {
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// How many events runs have added (ids are `event-N`).
    pub fn added(&self) -> usize {
        self.added
    }
}

/// The events of the schedule `stores` hold (none if they hold none).
pub fn schedule(stores: &Stores) -> &[Event] {
    stores.get::<Schedule>().map_or(&[], |s| &s.events)
}

/// How many events runs have added to the schedule `stores` hold.
pub fn events_added(stores: &Stores) -> usize {
    stores.get::<Schedule>().map_or(0, |s| s.added)
}

impl Store for Schedule {
    /// An event added.
    type Change = Event;

    fn fixtures(lang: Fixtures) -> Self {
        let event = |id: &str, title: &str, start: &str, end: &str| Event {
            id: id.into(),
            title: title.into(),
            start: start.into(),
            end: end.into(),
        };
        let [standup, lunch] = TITLES.get(lang);
        Schedule {
            events: vec![
                event("standup", standup, "09:00", "09:30"),
                event("lunch", lunch, "12:00", "13:00"),
            ],
            added: 0,
        }
    }

    fn apply(&mut self, event: Event) {
        self.added += 1;
        self.events.push(event);
    }

    fn change_text(e: &Event) -> Text {
        Text::EffectAddEvent {
            id: (&e.id).into(),
            start: (&e.start).into(),
            end: (&e.end).into(),
        }
    }

    fn note(&self, _: &Event) -> Option<Note> {
        Some(Note::Added)
    }

    fn row(&self, e: &Event) -> Option<usize> {
        self.events.iter().position(|x| x.id == e.id)
    }

    fn view(&self) -> StoreView {
        StoreView {
            title: Text::LedgerSchedule,
            rows: (self.events.iter())
                .map(|e| Text::LedgerEvent {
                    id: (&e.id).into(),
                    title: (&e.title).into(),
                    start: (&e.start).into(),
                    end: (&e.end).into(),
                })
                .collect(),
            empty: None,
        }
    }

    fn json(&self) -> Option<(&'static str, serde_json::Value)> {
        let events = self.events.iter().map(|e| {
            object(vec![
                ("id", e.id.as_str().into()),
                ("title", e.title.as_str().into()),
                ("start", e.start.as_str().into()),
                ("end", e.end.as_str().into()),
            ])
        });
        Some(("schedule", events.collect()))
    }
}

#[derive(Debug)]
pub struct Calendar;

/// The calendar's arguments: a title and a start and end time of the day
/// (`calendar.create` of the Workspace registry takes the same).
pub(crate) const SHAPE: Shape = Shape {
    variants: &[Variant {
        consts: &[],
        fields: &[
            Field {
                name: "title",
                required: true,
                kind: Kind::Text {
                    min: 1,
                    max: 80,
                    single_line: true,
                },
                description: || Text::ToolCalendarArgTitle,
            },
            Field {
                name: "start",
                required: true,
                kind: Kind::Formatted(Format::ClockTime),
                description: || Text::ToolCalendarArgStart,
            },
            Field {
                name: "end",
                required: true,
                kind: Kind::Formatted(Format::ClockTime),
                description: || Text::ToolCalendarArgEnd,
            },
        ],
    }],
};

/// The calendar's examples, in each fixture language (`calendar.create`
/// loads the same).
pub(crate) const EXAMPLES: Localized<Examples> = Localized([
    Examples {
        valid: r#"{
  "title": "Design review",
  "start": "14:00",
  "end": "15:00"
}"#,
        malformed: r#"{
  "title": "Design review",
  "start": 14:00,
  "end": "15:00"
}"#,
        boundary: r#"{
  "title": "Late review",
  "start": "23:30",
  "end": "24:30"
}"#,
    },
    Examples {
        valid: r#"{
  "title": "設計審查",
  "start": "14:00",
  "end": "15:00"
}"#,
        malformed: r#"{
  "title": "設計審查",
  "start": 14:00,
  "end": "15:00"
}"#,
        boundary: r#"{
  "title": "深夜審查",
  "start": "23:30",
  "end": "24:30"
}"#,
    },
]);

/// The words that claim an event was added (`calendar.create` claims by
/// the same).
pub(crate) const CLAIMS: Claims = Claims {
    names: &[
        "calendar",
        "event",
        "meeting",
        "appointment",
        "invite",
        "invitation",
        "schedule",
        "scheduled",
        "booked",
        "行事曆",
        "日曆",
        "會議",
        "活動",
        "行程",
        "排定",
        "預約",
    ],
    done: &[
        "added",
        "created",
        "scheduled",
        "booked",
        "put",
        "set up",
        "planned",
        "加入",
        "加到",
        "新增",
        "建立",
        "排定",
        "安排",
        "預約",
        "排入",
    ],
};

static DECLARATION: Declaration = Declaration {
    name: "calendar",
    label: || Text::ToolCalendarLabel,
    description: || Text::ToolCalendarDescription,
    risks: &[Risk::Write],
    shape: SHAPE,
    examples: EXAMPLES,
    redacts: &[],
    claims: CLAIMS,
};

impl Tool for Calendar {
    fn declaration(&self) -> &Declaration {
        &DECLARATION
    }

    /// An event is added beside the others; none is ever replaced.
    fn only_adds(&self) -> bool {
        true
    }

    fn check(&self, args: &Args) -> Result<(), ArgError> {
        check_times(args)
    }

    fn store(&self) -> Option<StoreKind> {
        Some(StoreKind::of::<Schedule>())
    }

    fn plan(&self, args: &Args, stores: &Stores, locale: Locale) -> Result<Planned, ExecError> {
        plan_event(args, stores, locale)
    }
}

/// `end` after `start`: the rule across fields the shape cannot say.
pub(crate) fn check_times(args: &Args) -> Result<(), ArgError> {
    let (start, end) = (args.text("start"), args.text("end"));
    if parse_clock(start) >= parse_clock(end) {
        return Err(ArgError::Rule {
            field: "end".into(),
            rule: Rule::AfterStart {
                start: start.into(),
                end: end.into(),
            },
        });
    }
    Ok(())
}

/// The event a call adds to the schedule `stores` hold, or why it cannot:
/// it overlaps an event, or the schedule is full.
pub(crate) fn plan_event(
    args: &Args,
    stores: &Stores,
    locale: Locale,
) -> Result<Planned, ExecError> {
    let schedule = stores.read::<Schedule>();
    let (start, end) = (args.text("start"), args.text("end"));
    let (from, to) = (parse_clock(start), parse_clock(end));
    if let Some(other) =
        (schedule.events.iter()).find(|e| from < parse_clock(&e.end) && parse_clock(&e.start) < to)
    {
        return Err(CalendarError::Overlap {
            start: start.into(),
            end: end.into(),
            title: other.title.clone(),
            their_start: other.start.clone(),
            their_end: other.end.clone(),
        }
        .into());
    }
    if schedule.events.len() >= MAX_EVENTS {
        return Err(CalendarError::ScheduleFull { max: MAX_EVENTS }.into());
    }
    let event = Event {
        id: format!("event-{}", schedule.added + 1),
        title: args.text("title").into(),
        start: start.into(),
        end: end.into(),
    };
    let output = object(vec![
        ("id", event.id.as_str().into()),
        ("status", Text::OutputCalendarStatus.render(locale).into()),
        ("title", event.title.as_str().into()),
        ("start", event.start.as_str().into()),
        ("end", event.end.as_str().into()),
        ("events_that_day", (schedule.events.len() + 1).into()),
    ]);
    Ok(Planned {
        output,
        effect: Effect::on::<Schedule>(event),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::test_support::{commit, error, fixtures, plan, validate};
    use serde_json::json;

    fn args(start: &str, end: &str) -> String {
        json!({ "title": "T", "start": start, "end": end }).to_string()
    }

    #[test]
    fn missing_start_is_named() {
        assert_eq!(
            error(&Calendar, r#"{"title":"T","end":"10:00"}"#),
            "Missing start"
        );
    }

    #[test]
    fn times_on_both_sides_of_the_day() {
        assert!(validate(&Calendar, &args("00:00", "24:00")).is_ok());
        assert_eq!(
            error(&Calendar, &args("23:30", "24:01")),
            "end must be a time HH:MM from 00:00 to 24:00 (got \"24:01\")"
        );
        assert_eq!(
            error(&Calendar, &args("10:00", "10:00")),
            "end must be after start (got 10:00–10:00)"
        );
        assert!(validate(&Calendar, &args("10:00", "10:01")).is_ok());
        assert_eq!(
            error(&Calendar, &args("11:00", "10:00")),
            "end must be after start (got 11:00–10:00)"
        );
        assert!(error(&Calendar, &args("10:00+01:00", "11:00")).starts_with("start must be a time"));
    }

    #[test]
    fn title_bounds() {
        let t =
            |title: &str| json!({ "title": title, "start": "14:00", "end": "15:00" }).to_string();
        assert!(validate(&Calendar, &t(&"x".repeat(80))).is_ok());
        assert_eq!(
            error(&Calendar, &t(&"x".repeat(81))),
            "title must be at most 80 characters (got 81)"
        );
        assert_eq!(
            error(&Calendar, &t("")),
            "title must be at least 1 character (got 0)"
        );
    }

    #[test]
    fn overlaps_are_half_open_and_named() {
        let ledger = fixtures();
        // Touching the stand-up (09:00–09:30) on either side is fine.
        assert!(plan(&Calendar, &args("08:30", "09:00"), &ledger).is_ok());
        assert!(plan(&Calendar, &args("09:30", "10:00"), &ledger).is_ok());
        assert_eq!(
            plan(&Calendar, &args("12:59", "14:00"), &ledger)
                .unwrap_err()
                .to_string(),
            "12:59–14:00 overlaps \"Lunch\" (12:00–13:00)"
        );
        assert!(plan(&Calendar, &args("08:59", "09:01"), &ledger).is_err());
    }

    #[test]
    fn schedule_holds_twenty_four() {
        let mut ledger = fixtures();
        for i in 0..(MAX_EVENTS - 2) {
            let slot = 14 * 60 + i as u16 * 20;
            let (s, e) = (clock(slot), clock(slot + 20));
            let planned = plan(&Calendar, &args(&s, &e), &ledger).unwrap();
            let Some(ev) = planned.effect.get::<Schedule>() else {
                panic!()
            };
            assert_eq!(ev.id, format!("event-{}", i + 1));
            commit(&mut ledger, planned);
        }
        assert_eq!(schedule(&ledger).len(), MAX_EVENTS);
        assert_eq!(
            plan(&Calendar, &args("06:00", "07:00"), &ledger)
                .unwrap_err()
                .to_string(),
            "The schedule is full: it holds at most 24 events"
        );
    }

    fn clock(minutes: u16) -> String {
        format!("{:02}:{:02}", minutes / 60, minutes % 60)
    }
}
