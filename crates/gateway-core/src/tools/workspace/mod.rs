//! Seed 002's Workspace-like registry (SPEC 2.4): Gmail, Calendar, Drive,
//! Docs, Sheets, Tasks and LINE tools, each synthetic, with its own store
//! and fixtures in both languages, named as the seed writes them.

pub mod calendar;
pub mod line;
pub mod sheets;

use super::Tool;

/// The Workspace tools, in the SPEC 2.4 table's order.
pub fn tools() -> Vec<&'static dyn Tool> {
    vec![
        &calendar::list::List,
        &calendar::create::Create,
        &sheets::append::Append,
        &line::push::Push,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::test_support::check_examples;

    #[test]
    fn every_workspace_examples_valid_passes_and_the_others_fail_the_schema() {
        for tool in tools() {
            check_examples(tool);
        }
    }

    #[test]
    fn names_are_as_the_seed_writes_them() {
        let names: Vec<&str> = tools().iter().map(|t| t.declaration().name).collect();
        assert_eq!(
            names,
            [
                "calendar.list",
                "calendar.create",
                "sheets.append",
                "line.push"
            ]
        );
    }
}
