//! Seed 002's Workspace-like registry (SPEC 2.4): Gmail, Calendar, Drive,
//! Docs, Sheets, Tasks and LINE tools, each a module of its service's
//! group with its own store and fixtures, named as the seed writes them
//! (`gmail.search`). `shell.exec` is never declared.

use super::Tool;

pub mod gmail;
pub mod tasks;

/// The Workspace tools, in the order of SPEC 2.4's table.
pub fn tools() -> Vec<&'static dyn Tool> {
    vec![
        &gmail::search::Search,
        &gmail::draft::Draft,
        &gmail::send::Send,
        &tasks::create::Create,
        &tasks::list::List,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::Risk;
    use crate::tools::test_support::check_examples;
    use crate::tools::Registry;
    use crate::turn::claims;

    #[test]
    fn every_examples_valid_passes_and_the_others_fail_the_schema() {
        for tool in tools() {
            check_examples(tool);
        }
    }

    #[test]
    fn names_and_risks_are_seed_002s() {
        let declared: Vec<(&str, &[Risk])> = (tools().into_iter())
            .map(|t| (t.declaration().name, t.declaration().risks))
            .collect();
        assert_eq!(
            declared,
            [
                ("gmail.search", &[Risk::Read][..]),
                ("gmail.draft", &[Risk::Draft]),
                ("gmail.send", &[Risk::Send]),
                ("tasks.create", &[Risk::Write]),
                ("tasks.list", &[Risk::Read]),
            ]
        );
        let registry = Registry::with_tools(tools());
        assert!(registry.get("shell.exec").is_none());
    }

    /// Each mutating tool's effect is claimed in English and in Chinese,
    /// and by no other tool of the registry; a read claims nothing.
    #[test]
    fn each_mutating_tool_is_claimed_in_both_languages() {
        let registry = Registry::with_tools(tools());
        let claimed = |text: &str| -> Vec<&str> {
            claims(text, &registry)
                .into_iter()
                .map(|c| c.tool)
                .collect()
        };
        for (text, tool) in [
            ("I drafted the email.", "gmail.draft"),
            ("I saved a draft of the reply.", "gmail.draft"),
            ("我已草擬郵件。", "gmail.draft"),
            ("回信已存成草稿。", "gmail.draft"),
            ("I sent the email.", "gmail.send"),
            ("I sent the draft.", "gmail.send"),
            ("Your message was delivered.", "gmail.send"),
            ("我已寄出郵件。", "gmail.send"),
            ("郵件已發送。", "gmail.send"),
            ("I added the task.", "tasks.create"),
            ("I created a to-do for 13:30.", "tasks.create"),
            ("已新增待辦事項。", "tasks.create"),
            ("我已把回覆 Maya 加入待辦清單。", "tasks.create"),
        ] {
            assert_eq!(claimed(text), [tool], "{text}");
        }
        for text in [
            "I searched the inbox and listed the tasks.",
            "我搜尋了收件匣，也列出了待辦事項。",
            "I will draft the email.",
            "我沒有寄出郵件。",
            "The task was not added.",
        ] {
            assert!(claimed(text).is_empty(), "{text}: {:?}", claimed(text));
        }
        // A text may claim several: each clause names its own.
        assert_eq!(
            claimed("I drafted the reply, sent the summary email and added a task."),
            ["gmail.draft", "gmail.send", "tasks.create"]
        );
    }
}
