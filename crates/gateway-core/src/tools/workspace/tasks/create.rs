//! `tasks.create`: adds one task to the synthetic task list, with an
//! optional due time on the day. Its risk, `write`, waits for approval.
//!
//! The title is one line of 1 to 120 characters; `due` is `HH:MM` from
//! `00:00` to `24:00`, as the calendar's times are. A full list (20 tasks,
//! fixtures included) is refused at execution.

use crate::fixtures::Localized;
use crate::policy::Risk;
use crate::schema::{Args, Field, Format, Kind, Shape, Variant};
use crate::store::{Effect, StoreKind, Stores};
use crate::text::{Locale, Text};
use crate::tools::{Claims, Declaration, Examples, ExecError, Failure, Planned, Tool};

use super::{Task, TaskList, MAX_TASKS};

/// Why `tasks.create` refuses a call at execution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TasksError {
    ListFull { max: usize },
}

impl Failure for TasksError {
    fn text(&self) -> Text {
        match self {
            TasksError::ListFull { max } => Text::ExecTasksFull { max: (*max).into() },
        }
    }
}

#[derive(Debug)]
pub struct Create;

static DECLARATION: Declaration = Declaration {
    name: "tasks.create",
    label: || Text::ToolTasksCreateLabel,
    description: || Text::ToolTasksCreateDescription,
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
                        max: 120,
                        single_line: true,
                    },
                    description: || Text::ToolTasksCreateArgTitle,
                },
                Field {
                    name: "due",
                    required: false,
                    kind: Kind::Formatted(Format::ClockTime),
                    description: || Text::ToolTasksCreateArgDue,
                },
            ],
        }],
    },
    examples: Localized([
        Examples {
            valid: r#"{
  "title": "Reply to Maya about the design review",
  "due": "13:30"
}"#,
            malformed: r#"{
  "title": "Reply to Maya about the design review",
  "due": 13:30
}"#,
            boundary: r#"{
  "title": "Reply to Maya about the design review",
  "due": "25:00"
}"#,
        },
        Examples {
            valid: r#"{
  "title": "回覆 Maya 設計審查的事",
  "due": "13:30"
}"#,
            malformed: r#"{
  "title": "回覆 Maya 設計審查的事",
  "due": 13:30
}"#,
            boundary: r#"{
  "title": "回覆 Maya 設計審查的事",
  "due": "25:00"
}"#,
        },
    ]),
    redacts: &[],
    claims: Claims {
        names: &[
            "task",
            "to-do",
            "todo",
            "reminder",
            "task list",
            "待辦",
            "任務",
            "提醒事項",
        ],
        done: &[
            "added", "created", "put", "noted", "新增", "加入", "加到", "建立", "列入", "記下",
        ],
    },
};

impl Tool for Create {
    fn declaration(&self) -> &Declaration {
        &DECLARATION
    }

    /// A task is added beside the others; none is ever replaced.
    fn only_adds(&self) -> bool {
        true
    }

    fn store(&self) -> Option<StoreKind> {
        Some(StoreKind::of::<TaskList>())
    }

    fn plan(&self, args: &Args, stores: &Stores, locale: Locale) -> Result<Planned, ExecError> {
        let list = stores.read::<TaskList>();
        let held = list.tasks().len();
        if held >= MAX_TASKS {
            return Err(TasksError::ListFull { max: MAX_TASKS }.into());
        }
        let task = Task {
            id: format!("task-{}", held + 1),
            title: args.text("title").into(),
            due: args.has("due").then(|| args.text("due").into()),
        };
        let mut output = task.json();
        output["status"] = Text::OutputTasksCreateStatus.render(locale).into();
        Ok(Planned {
            output,
            effect: Effect::on::<TaskList>(task),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::Fixtures;
    use crate::store::{Note, Store};
    use crate::tools::test_support::{commit, error, plan, validate};
    use crate::tools::workspace::tasks::list::List;
    use crate::tools::Registry;
    use serde_json::json;

    fn stores() -> Stores {
        Registry::with_tools(vec![&Create, &List]).stores(Fixtures::En)
    }

    #[test]
    fn title_bounds_on_both_sides() {
        let t = |title: &str| json!({ "title": title }).to_string();
        assert!(validate(&Create, &t(&"t".repeat(120))).is_ok());
        assert_eq!(
            error(&Create, &t(&"t".repeat(121))),
            "title must be at most 120 characters (got 121)"
        );
        assert!(validate(&Create, &t("t")).is_ok());
        assert_eq!(
            error(&Create, &t("")),
            "title must be at least 1 character (got 0)"
        );
        assert_eq!(
            error(&Create, &t("two\nlines")),
            "title must be on one line, with no control characters"
        );
        assert_eq!(error(&Create, r#"{"due":"09:00"}"#), "Missing title");
        assert_eq!(
            error(&Create, r#"{"title":"t","owner":"x"}"#),
            "Unknown field \"owner\""
        );
    }

    #[test]
    fn due_is_a_clock_time_on_the_day() {
        let d = |due: &str| json!({ "title": "t", "due": due }).to_string();
        for good in ["00:00", "23:59", "24:00"] {
            assert!(validate(&Create, &d(good)).is_ok(), "{good}");
        }
        for bad in ["24:01", "25:00", "9:00", "09:60", "09:00\n", ""] {
            let e = error(&Create, &d(bad));
            assert!(e.starts_with("due must be "), "{bad:?}: {e}");
        }
        assert_eq!(
            error(&Create, r#"{"title":"t","due":900}"#),
            "due must be a string (got number)"
        );
    }

    #[test]
    fn a_task_is_added_and_shows_in_the_view_json_and_list() {
        let mut ledger = stores();
        let planned = plan(
            &Create,
            r#"{"title":"Reply to Maya","due":"13:30"}"#,
            &ledger,
        )
        .unwrap();
        assert_eq!(
            planned.output,
            json!({
                "id": "task-3",
                "title": "Reply to Maya",
                "due": "13:30",
                "status": "added to the synthetic task list"
            })
        );
        assert_eq!(
            planned.effect.text(),
            Text::EffectTasksAdd {
                id: "task-3".into()
            }
        );
        assert_eq!(planned.effect.note(&ledger), Some(Note::Added));
        commit(&mut ledger, planned.clone());
        assert_eq!(planned.effect.place(&ledger), Some((0, 2)));
        let list = ledger.get::<TaskList>().unwrap();
        assert_eq!(
            Store::view(list).rows[2],
            Text::LedgerTasksDue {
                id: "task-3".into(),
                title: "Reply to Maya".into(),
                due: "13:30".into()
            }
        );
        assert_eq!(
            Store::json(list).map(|(key, v)| (key, v[2].clone())),
            Some((
                "tasks",
                json!({"id": "task-3", "title": "Reply to Maya", "due": "13:30"})
            ))
        );
        // With no due time, none is shown or held.
        let planned = plan(&Create, r#"{"title":"Water the plants"}"#, &ledger).unwrap();
        assert_eq!(planned.output.get("due"), None);
        commit(&mut ledger, planned);
        let list = ledger.get::<TaskList>().unwrap();
        assert_eq!(
            Store::view(list).rows[3],
            Text::LedgerTasksTask {
                id: "task-4".into(),
                title: "Water the plants".into()
            }
        );
        // tasks.list reads the same list.
        let listed = plan(&List, "{}", &ledger).unwrap().output;
        assert_eq!(listed["count"], json!(4));
        assert_eq!(
            listed["tasks"][3],
            json!({"id": "task-4", "title": "Water the plants"})
        );
    }

    #[test]
    fn the_list_holds_twenty_fixtures_included() {
        let mut ledger = stores();
        let text = r#"{"title":"t"}"#;
        for n in 3..=20 {
            let planned = plan(&Create, text, &ledger).unwrap();
            assert_eq!(planned.output["id"], json!(format!("task-{n}")));
            commit(&mut ledger, planned);
        }
        assert_eq!(ledger.get::<TaskList>().map(|l| l.tasks().len()), Some(20));
        assert_eq!(
            plan(&Create, text, &ledger).unwrap_err().to_string(),
            "The task list is full: it holds at most 20 tasks"
        );
    }
}
