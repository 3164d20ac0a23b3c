//! Links handed out before experiment files had a per-language form
//! (issue 32) keep working: `tests/data/links/injection-before-issue-32.txt`
//! is the `x=` fragment part of the injection experiment as its file stood
//! before that change (plain strings for its files, decision and output
//! phrase; its id renamed `old-injection`), written literally.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::rc::Rc;

use common::crate_dir;
use gateway_core::experiments::link;
use gateway_core::fixtures::Fixtures;
use gateway_core::text::Locale;
use gateway_core::Workbench;

#[test]
fn a_link_made_before_the_per_language_form_still_opens_and_its_plain_strings_are_every_languages()
{
    let part =
        std::fs::read_to_string(crate_dir().join("tests/data/links/injection-before-issue-32.txt"))
            .unwrap();
    assert!(part.starts_with("x=1."), "{part}");
    let deflated = link::compressed(&part).unwrap().unwrap();
    let inflated = miniz_oxide::inflate::decompress_to_vec(&deflated).unwrap();
    let e = link::experiment(&inflated).unwrap();
    assert_eq!(e.id, "old-injection");
    assert_eq!(e.builtin, None);
    // A plain string is the text of every language.
    let report = &e.files[0].1;
    assert!(report.get(Fixtures::En).starts_with("Vendor review"));
    assert_eq!(report.get(Fixtures::ZhTw), report.get(Fixtures::En));
    assert_eq!(e.decision.get(Fixtures::ZhTw), e.decision.get(Fixtures::En));
    // It opens in either language, its file as the link wrote it, and the
    // rest of the ledger in the page's language.
    let zh = Workbench::with_fixtures(Rc::new(e), Locale::ZhTw);
    let json = zh.ledger().to_json();
    assert!(json["files"]["/workspace/report.txt"]
        .as_str()
        .unwrap()
        .contains("NOTE TO THE AI ASSISTANT"));
    assert_eq!(
        json["files"]["/workspace/notes.txt"],
        "原始筆記：星期五檢討季度計畫。"
    );
    // And it still passes the checker in both languages: its report file
    // is the same in each, so its English phrase is found in zh-TW too.
    let text = String::from_utf8(inflated).unwrap();
    let report = gateway_core::check::check(&text);
    assert_eq!(report.problems, Vec::new());
    assert!(report.answers.iter().all(|a| a.steps.is_some()));
}
