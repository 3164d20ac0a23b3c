//! Calendar: adds one event to a fixture schedule of one synthetic day.
//!
//! Times are `HH:MM` from `00:00` to `24:00`, intervals half-open, with no
//! time zones or recurrence. An overlap is found at execution, against the
//! current schedule, and names the event it collides with.

use super::{Claims, Declaration, Examples, ExecError, Planned, Tool};
use crate::json::object;
use crate::ledger::{Effect, Event, Ledger, MAX_EVENTS};
use crate::policy::Risk;
use crate::schema::{parse_clock, ArgError, Args, Field, Format, Kind, Rule, Shape, Variant};
use crate::text::Text;

#[derive(Debug)]
pub struct Calendar;

static DECLARATION: Declaration = Declaration {
    name: "calendar",
    label: || Text::ToolCalendarLabel,
    description: || Text::ToolCalendarDescription,
    risks: &[Risk::Write],
    shape: Shape {
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
    },
    examples: Examples {
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
    redacts: &[],
    claims: Claims {
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
    },
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

    fn plan(&self, args: &Args, ledger: &Ledger) -> Result<Planned, ExecError> {
        let (start, end) = (args.text("start"), args.text("end"));
        let (from, to) = (parse_clock(start), parse_clock(end));
        if let Some(other) = ledger
            .schedule()
            .iter()
            .find(|e| from < parse_clock(&e.end) && parse_clock(&e.start) < to)
        {
            return Err(ExecError::Overlap {
                start: start.into(),
                end: end.into(),
                title: other.title.clone(),
                their_start: other.start.clone(),
                their_end: other.end.clone(),
            });
        }
        if ledger.schedule().len() >= MAX_EVENTS {
            return Err(ExecError::ScheduleFull { max: MAX_EVENTS });
        }
        let event = Event {
            id: format!("event-{}", ledger.events_added() + 1),
            title: args.text("title").into(),
            start: start.into(),
            end: end.into(),
        };
        let output = object(vec![
            ("id", event.id.as_str().into()),
            ("status", "added to the fixture schedule".into()),
            ("title", event.title.as_str().into()),
            ("start", event.start.as_str().into()),
            ("end", event.end.as_str().into()),
            ("events_that_day", (ledger.schedule().len() + 1).into()),
        ]);
        Ok(Planned {
            output,
            effect: Effect::AddEvent(event),
        })
    }
}

/// What committing an event does, in words.
pub(crate) fn effect_text(e: &Event) -> Text {
    Text::EffectAddEvent {
        id: (&e.id).into(),
        start: (&e.start).into(),
        end: (&e.end).into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::test_support::{commit, error, plan, validate};
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
        let ledger = Ledger::fixtures();
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
        let mut ledger = Ledger::fixtures();
        for i in 0..(MAX_EVENTS - 2) {
            let slot = 14 * 60 + i as u16 * 20;
            let (s, e) = (clock(slot), clock(slot + 20));
            let planned = plan(&Calendar, &args(&s, &e), &ledger).unwrap();
            let Effect::AddEvent(ev) = &planned.effect else {
                panic!()
            };
            assert_eq!(ev.id, format!("event-{}", i + 1));
            commit(&mut ledger, planned);
        }
        assert_eq!(ledger.schedule().len(), MAX_EVENTS);
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
