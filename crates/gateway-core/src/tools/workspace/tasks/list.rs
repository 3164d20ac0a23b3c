//! `tasks.list`: the tasks of the synthetic task list. It takes no
//! arguments (an empty object; any field is unknown) and changes nothing.

use crate::fixtures::Localized;
use crate::json::object;
use crate::policy::Risk;
use crate::schema::{Args, Shape, Variant};
use crate::store::{StoreKind, Stores};
use crate::text::{Locale, Text};
use crate::tools::{read_only, Claims, Declaration, Examples, ExecError, Planned, Tool};

use super::{Task, TaskList};

#[derive(Debug)]
pub struct List;

static DECLARATION: Declaration = Declaration {
    name: "tasks.list",
    label: || Text::ToolTasksListLabel,
    description: || Text::ToolTasksListDescription,
    risks: &[Risk::Read],
    shape: Shape {
        variants: &[Variant {
            consts: &[],
            fields: &[],
        }],
    },
    // No prose: the same in every language.
    examples: Localized(
        [const {
            Examples {
                valid: "{}",
                malformed: "{",
                boundary: r#"{
  "limit": 5
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
        Some(StoreKind::of::<TaskList>())
    }

    fn plan(&self, _: &Args, stores: &Stores, _: Locale) -> Result<Planned, ExecError> {
        let list = stores.read::<TaskList>();
        Ok(read_only(object(vec![
            ("count", list.tasks().len().into()),
            ("tasks", list.tasks().iter().map(Task::json).collect()),
        ])))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::Fixtures;
    use crate::store::Effect;
    use crate::tools::test_support::{error, plan, validate};
    use crate::tools::Registry;
    use serde_json::json;

    #[test]
    fn takes_an_empty_object_and_nothing_else() {
        assert!(validate(&List, "{}").is_ok());
        assert_eq!(error(&List, r#"{"limit":5}"#), "Unknown field \"limit\"");
        assert_eq!(
            error(&List, "[]"),
            "Arguments must be a JSON object (got array)"
        );
        assert_eq!(
            error(&List, "null"),
            "Arguments must be a JSON object (got null)"
        );
    }

    #[test]
    fn returns_the_tasks_in_the_ledgers_language_and_changes_nothing() {
        let en = Registry::with_tools(vec![&List]).stores(Fixtures::En);
        let planned = plan(&List, "{}", &en).unwrap();
        assert_eq!(planned.effect, Effect::None);
        assert_eq!(
            planned.output,
            json!({
                "count": 2,
                "tasks": [
                    {"id": "task-1", "title": "Send the weekly summary", "due": "17:00"},
                    {"id": "task-2", "title": "Book a room for the design review"}
                ]
            })
        );
        let zh = Registry::with_tools(vec![&List]).stores(Fixtures::ZhTw);
        let out = plan(&List, "{}", &zh).unwrap().output;
        assert_eq!(out["tasks"][0]["title"], json!("寄出每週摘要"));
        assert_eq!(out["tasks"][1]["title"], json!("預訂設計審查的會議室"));
    }
}
