//! Tasks, as seed 002's agent declares it: list the tasks (`tasks.list`,
//! read) and add one (`tasks.create`, write). Both read the task list
//! held here, [`TaskList`].
//!
//! The list starts with two fixture tasks in the ledger's language and
//! holds at most 20, fixtures included; ids count up from `task-1`.

use serde_json::Value;

use crate::fixtures::{Fixtures, Localized};
use crate::json::object;
use crate::store::{Note, Store, StoreView};
use crate::text::Text;

pub mod create;
pub mod list;

/// The task list holds at most this many tasks, fixtures included.
pub const MAX_TASKS: usize = 20;

/// The titles of the two fixture tasks (`task-1`, due 17:00, and
/// `task-2`, with no due time), in each fixture language.
pub const TITLES: Localized<[&str; 2]> = Localized([
    [
        "Send the weekly summary",
        "Book a room for the design review",
    ],
    ["寄出每週摘要", "預訂設計審查的會議室"],
]);

/// One task: a title and, if it has one, a due time `HH:MM` on the day.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Task {
    pub id: String,
    pub title: String,
    pub due: Option<String>,
}

impl Task {
    /// The task as the tools return it and the ledger JSON holds it; a
    /// task with no due time has no `due`.
    pub fn json(&self) -> Value {
        let mut fields = vec![
            ("id", self.id.as_str().into()),
            ("title", self.title.as_str().into()),
        ];
        if let Some(due) = &self.due {
            fields.push(("due", due.as_str().into()));
        }
        object(fields)
    }
}

/// The task list, in the order the tasks were added.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaskList {
    tasks: Vec<Task>,
}

impl TaskList {
    pub fn tasks(&self) -> &[Task] {
        &self.tasks
    }
}

impl Store for TaskList {
    /// A task added.
    type Change = Task;

    fn fixtures(lang: Fixtures) -> Self {
        let [summary, room] = TITLES.get(lang);
        TaskList {
            tasks: vec![
                Task {
                    id: "task-1".into(),
                    title: (*summary).into(),
                    due: Some("17:00".into()),
                },
                Task {
                    id: "task-2".into(),
                    title: (*room).into(),
                    due: None,
                },
            ],
        }
    }

    fn apply(&mut self, task: Task) {
        self.tasks.push(task);
    }

    fn change_text(t: &Task) -> Text {
        Text::EffectTasksAdd { id: (&t.id).into() }
    }

    fn note(&self, _: &Task) -> Option<Note> {
        Some(Note::Added)
    }

    fn row(&self, t: &Task) -> Option<usize> {
        self.tasks.iter().position(|x| x.id == t.id)
    }

    fn view(&self) -> StoreView {
        StoreView {
            title: Text::LedgerTasks,
            rows: (self.tasks.iter())
                .map(|t| match &t.due {
                    Some(due) => Text::LedgerTasksDue {
                        id: (&t.id).into(),
                        title: (&t.title).into(),
                        due: due.into(),
                    },
                    None => Text::LedgerTasksTask {
                        id: (&t.id).into(),
                        title: (&t.title).into(),
                    },
                })
                .collect(),
            empty: Some(Text::LedgerEmpty),
        }
    }

    fn json(&self) -> Option<(&'static str, Value)> {
        Some(("tasks", self.tasks.iter().map(Task::json).collect()))
    }
}
