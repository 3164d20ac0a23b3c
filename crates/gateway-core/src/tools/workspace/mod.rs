//! Seed 002's Workspace-like registry (SPEC 2.4): Gmail, Calendar, Drive,
//! Docs, Sheets, Tasks and LINE tools, each synthetic, with its own store
//! and fixtures in both languages, named as the seed writes them
//! (`gmail.search`). Each service is a group of its own; a tool is one
//! module of its group. `shell.exec` is never declared.

use super::Tool;

pub mod calendar;
pub mod docs;
pub mod drive;
pub mod gmail;
pub mod line;
pub mod sheets;
pub mod tasks;

/// The Workspace tools, in the order of SPEC 2.4's table.
pub fn tools() -> Vec<&'static dyn Tool> {
    vec![
        &gmail::search::Search,
        &gmail::draft::Draft,
        &gmail::send::Send,
        &calendar::list::List,
        &calendar::create::Create,
        &drive::search::Search,
        &drive::read::Read,
        &docs::create::Create,
        &sheets::append::Append,
        &tasks::create::Create,
        &tasks::list::List,
        &line::push::Push,
        &drive::delete::Delete,
        &drive::share::Share,
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
                ("calendar.list", &[Risk::Read]),
                ("calendar.create", &[Risk::Write]),
                ("drive.search", &[Risk::Read]),
                ("drive.read", &[Risk::Read]),
                ("docs.create", &[Risk::Draft]),
                ("sheets.append", &[Risk::Write]),
                ("tasks.create", &[Risk::Write]),
                ("tasks.list", &[Risk::Read]),
                ("line.push", &[Risk::Send]),
                ("drive.delete", &[Risk::Delete]),
                ("drive.share", &[Risk::Share]),
            ]
        );
        let registry = Registry::with_tools(tools());
        assert!(registry.get("shell.exec").is_none());
        assert!(registry.tools().len() >= 10, "at least ten explicit tools");
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
            ("I created the document.", "docs.create"),
            ("我已建立文件。", "docs.create"),
            ("文件已經寫好了。", "docs.create"),
            ("Your docs were created.", "docs.create"),
            ("I scheduled the design review.", "calendar.create"),
            ("I appended a row to the budget sheet.", "sheets.append"),
            ("I pushed a LINE message to Mei.", "line.push"),
            ("I added the task.", "tasks.create"),
            ("I created a to-do for 13:30.", "tasks.create"),
            ("已新增待辦事項。", "tasks.create"),
            ("我已把回覆 Maya 加入待辦清單。", "tasks.create"),
            ("I deleted the file.", "drive.delete"),
            ("我已刪除檔案。", "drive.delete"),
            ("I shared the document with Ming.", "drive.share"),
            ("我已把文件分享給小明。", "drive.share"),
        ] {
            assert_eq!(claimed(text), [tool], "{text}");
        }
        for text in [
            "I searched the inbox and listed the tasks.",
            "我搜尋了收件匣，也列出了待辦事項。",
            "I read the file and searched the drive.",
            "I will draft the email.",
            "I will create the document later.",
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
