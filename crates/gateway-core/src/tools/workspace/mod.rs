//! Seed 002's Workspace-like registry (SPEC 2.4): Gmail, Calendar, Drive,
//! Docs, Sheets, Tasks and LINE tools, each synthetic, with its own store
//! and fixtures in both languages, named as the seed names them
//! (`drive.read`). Each service is a group of its own; a tool is one
//! module of its group.

use super::Tool;

pub mod docs;
pub mod drive;

/// The Workspace tools, in the order of SPEC 2.4's table.
pub fn tools() -> Vec<&'static dyn Tool> {
    vec![
        &drive::search::Search,
        &drive::read::Read,
        &docs::create::Create,
        &drive::delete::Delete,
        &drive::share::Share,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::test_support::check_examples;
    use crate::tools::Registry;

    #[test]
    fn every_examples_valid_passes_and_the_others_fail_the_schema() {
        for tool in tools() {
            check_examples(tool);
        }
    }

    #[test]
    fn names_are_the_seeds_and_risks_as_spec_2_4_gives_them() {
        use crate::policy::Risk;
        let declared: Vec<(&str, &[Risk])> = (tools().into_iter())
            .map(|t| (t.declaration().name, t.declaration().risks))
            .collect();
        assert_eq!(
            declared,
            [
                ("drive.search", &[Risk::Read][..]),
                ("drive.read", &[Risk::Read]),
                ("docs.create", &[Risk::Draft]),
                ("drive.delete", &[Risk::Delete]),
                ("drive.share", &[Risk::Share]),
            ]
        );
    }

    #[test]
    fn its_claims_are_found_in_english_and_chinese() {
        let registry = Registry::with_tools(crate::tools::workspace::tools());
        let tools = |text: &str| -> Vec<&str> {
            (crate::turn::claims(text, &registry).iter())
                .map(|c| c.tool)
                .collect()
        };
        assert_eq!(tools("I created the document."), ["docs.create"]);
        assert_eq!(tools("我已建立文件。"), ["docs.create"]);
        assert_eq!(tools("文件已經寫好了。"), ["docs.create"]);
        assert_eq!(tools("I deleted the file."), ["drive.delete"]);
        assert_eq!(tools("我已刪除檔案。"), ["drive.delete"]);
        assert_eq!(tools("I shared the document with Ming."), ["drive.share"]);
        assert_eq!(tools("Your docs were created."), ["docs.create"]);
        assert_eq!(tools("我已把文件分享給小明。"), ["drive.share"]);
        // Reads claim nothing.
        assert!(tools("I read the file and searched the drive.").is_empty());
        assert!(tools("I will create the document later.").is_empty());
    }
}
