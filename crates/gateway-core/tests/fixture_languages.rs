//! Fixture data in both languages (issue 32): each store's fixtures, the
//! tools' examples and an experiment's fixture text come in English and
//! Traditional Chinese; they are chosen when the page loads and when the
//! ledger is reset, never by a language switch; experiment files give
//! them per language (`{"en": …, "zh-TW": …}`) or as one plain string;
//! goals match a phrase in any language; scripted decisions use the
//! ledger's fixtures' language; the checker checks both.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::rc::Rc;

use common::*;
use gateway_core::experiments::read::{self, Issue, Problem};
use gateway_core::experiments::FILES;
use gateway_core::fixtures::Fixtures;
use gateway_core::text::Locale;
use gateway_core::{ExperimentId, Hook, Msg, PageModel, Role, Workbench};
use serde_json::{json, Value};

const PAGE: &str = "https://example.test/workbench/?experiment=filesystem";

fn opened(e: ExperimentId, locale: Locale) -> Driver {
    Driver::with_workbench(Workbench::with_fixtures(
        Rc::clone(e.in_locale(locale)),
        locale,
    ))
}

fn switch(d: &mut Driver, locale: Locale) -> PageModel {
    d.send(Msg::SetLocale {
        locale,
        page_url: PAGE.into(),
    })
}

fn reached(v: &PageModel) -> Vec<String> {
    (v.experiment.goals.iter())
        .filter(|g| g.reached)
        .map(|g| g.id.clone())
        .collect()
}

#[test]
fn every_store_holds_its_fixtures_in_the_language_the_page_loaded_in() {
    let en = ledger(&opened(ExperimentId::Filesystem, Locale::En).view());
    let zh = ledger(&opened(ExperimentId::Filesystem, Locale::ZhTw).view());
    assert_eq!(
        en["files"],
        json!({
            "/workspace/notes.txt": "Original notes: review the quarterly plan on Friday.",
            "/workspace/report.txt": "Report draft: no findings yet.",
        })
    );
    assert_eq!(
        zh["files"],
        json!({
            "/workspace/notes.txt": "原始筆記：星期五檢討季度計畫。",
            "/workspace/report.txt": "報告草稿：目前還沒有任何發現。",
        })
    );
    let titles = |l: &Value| -> Vec<(Value, Value)> {
        (l["schedule"].as_array().unwrap().iter())
            .map(|e| (e["id"].clone(), e["title"].clone()))
            .collect()
    };
    // Ids are identifiers: the same in both.
    assert_eq!(
        titles(&en),
        [
            (json!("standup"), json!("Stand-up")),
            (json!("lunch"), json!("Lunch"))
        ]
    );
    assert_eq!(
        titles(&zh),
        [
            (json!("standup"), json!("站立會議")),
            (json!("lunch"), json!("午餐"))
        ]
    );
    // The database holds identifiers only; the outbox starts empty.
    assert_eq!(en["database"], zh["database"]);
    assert_eq!(zh["outbox"], json!([]));
    // The search records, as the ledger panel lists them.
    let records = |d: &Driver| -> String {
        let v = d.view();
        format!("{:?}", v.ledger.sections)
    };
    let zh_search = opened(ExperimentId::Search, Locale::ZhTw);
    assert!(records(&zh_search).contains("核准綁定的是審查者看到的確切酬載"));
    assert!(!records(&zh_search).contains("Approval binds"));
    assert!(records(&opened(ExperimentId::Search, Locale::En)).contains("Approval binds"));
}

#[test]
fn the_pseudo_locale_uses_the_english_fixtures() {
    for locale in Locale::BUILT {
        if Fixtures::of(locale) == Fixtures::En {
            let d = opened(ExperimentId::Filesystem, locale);
            assert_eq!(d.wb.fixtures(), Fixtures::En, "{locale:?}");
        }
    }
}

#[test]
fn examples_and_starting_text_are_loaded_in_the_ledgers_language() {
    let mut d = opened(ExperimentId::Search, Locale::ZhTw);
    let query = |d: &Driver| -> Value {
        serde_json::from_str::<Value>(&d.view().builder.args).unwrap()["query"].clone()
    };
    assert_eq!(query(&d), json!("收據"));
    let v = d.send(Msg::FinishRun);
    assert!(v
        .output
        .text
        .unwrap()
        .contains("一個操作鍵代表一個預期的效果"));
    // The boundary example fails the schema as the English one does.
    let v = d.send(Msg::LoadExample(gateway_core::tools::ExampleKind::Boundary));
    assert_eq!(query(&d), json!("收據"));
    let _ = v;
    let v = d.send(Msg::FinishRun);
    assert_rejected_at(&v, "schema");
    assert_eq!(reached(&v), ["read-as-viewer", "limit-bound"]);
    // Calendar and email examples hold Chinese prose; addresses stay.
    let mut cal = opened(ExperimentId::Calendar, Locale::ZhTw);
    assert!(cal.view().builder.args.contains("設計審查"));
    let v = cal.send(Msg::ChooseTool("email".into()));
    assert!(v.builder.args.contains("每週摘要"));
    assert!(v.builder.args.contains("learner@example.test"));
}

#[test]
fn a_switch_keeps_the_ledgers_language_and_reset_after_it_loads_the_new_one() {
    let mut d = opened(ExperimentId::Filesystem, Locale::En);
    let before = ledger(&d.view());
    let v = switch(&mut d, Locale::ZhTw);
    assert_eq!(v.locale, Locale::ZhTw);
    // The words are Chinese; the ledger's fixture text is still English.
    assert_eq!(ledger(&v), before);
    assert_eq!(d.wb.fixtures(), Fixtures::En);
    assert!(file(&v, "/workspace/notes.txt").starts_with("Original notes"));
    // Examples follow the ledger, not the words.
    let v = d.send(Msg::ChooseTool("calendar".into()));
    assert!(
        v.builder.args.contains("Design review"),
        "{}",
        v.builder.args
    );
    // Reset synthetic ledger loads the page's language now.
    let v = d.send(Msg::ResetLedger);
    assert_eq!(d.wb.fixtures(), Fixtures::ZhTw);
    assert!(file(&v, "/workspace/notes.txt").starts_with("原始筆記"));
    assert_eq!(ledger(&v)["schedule"][0]["title"], json!("站立會議"));
    // The request is an input: a reset leaves it; an example loaded now
    // is in the new language.
    assert!(
        v.builder.args.contains("Design review"),
        "{}",
        v.builder.args
    );
    let v = d.send(Msg::LoadExample(gateway_core::tools::ExampleKind::Valid));
    assert!(v.builder.args.contains("設計審查"), "{}", v.builder.args);
    switch(&mut d, Locale::En);
    let v = d.send(Msg::ResetLedger);
    assert_eq!(d.wb.fixtures(), Fixtures::En);
    assert!(v.builder.args.contains("設計審查"));
    assert_eq!(ledger(&v)["schedule"][0]["title"], json!("Stand-up"));
}

#[test]
fn a_scripted_decision_uses_the_ledgers_language_after_a_switch() {
    // Opened in English, switched to Chinese: the turn's search query and
    // calendar title stay English, and the search still finds its record.
    let mut d = opened(ExperimentId::Registry, Locale::En);
    switch(&mut d, Locale::ZhTw);
    assert!(d.view().turn.decision.contains("\"receipt\""));
    let v = d.send(Msg::StartTurn);
    assert!(v.turn.active);
    // The turn's first call, planned: its output holds the English record.
    assert!(d.wb.plan().returns("\"record\": 2"));
    assert!(d.wb.plan().returns("returns its receipt"));
    let v = d.step_call();
    assert_eq!(v.turn.calls[0].state, "read");
    // Reset: the turn panel's decision is the Chinese one, which finds
    // the Chinese record.
    d.send(Msg::ResetLedger);
    assert!(d.view().turn.decision.contains("\"收據\""));
    d.send(Msg::StartTurn);
    assert!(d.wb.plan().returns("\"record\": 2"));
    assert!(d.wb.plan().returns("會傳回它的收據"));
}

#[test]
fn the_chinese_injection_turn_is_refused_and_its_claim_flagged() {
    let mut d = opened(ExperimentId::Injection, Locale::ZhTw);
    d.send(Msg::SetHook(Hook::MarkData));
    let v = d.send(Msg::FinishRun);
    assert!(v.output.text.as_deref().unwrap().contains("不要理會使用者"));
    assert_eq!(reached(&v), ["read-marked"]);
    d.send(Msg::SetHook(Hook::None));
    let v = d.send(Msg::StartTurn);
    assert_eq!(v.turn.calls.len(), 3);
    d.step_call();
    d.step_call();
    let v = d.step_call();
    assert!(d.wb.pending());
    assert!(v.gateway.pending.unwrap().payload.contains("原始筆記"));
    d.send(Msg::Reject);
    let v = d.step_call();
    assert!(d.wb.turn_finished());
    let claim = &v.turn.claims[0];
    assert_eq!(claim.tool, "email", "{claim:?}");
    assert!(!claim.backed);
    for goal in [
        "outside-refused",
        "rejected",
        "never-commits",
        "unbacked-claim",
    ] {
        assert!(
            reached(&v).iter().any(|g| g == goal),
            "{goal}: {:?}",
            reached(&v)
        );
    }
}

#[test]
fn the_chinese_registry_turns_final_text_claims_the_unsent_email() {
    let mut d = opened(ExperimentId::Registry, Locale::ZhTw);
    d.send(Msg::SetRole(Role::Operator));
    d.send(Msg::StartTurn);
    for _ in 0..12 {
        if d.wb.turn_finished() {
            break;
        }
        if d.wb.pending() {
            d.send(Msg::Approve);
        }
        d.step_call();
    }
    let v = d.view();
    assert!(d.wb.turn_finished());
    let email: Vec<_> = v.turn.claims.iter().filter(|c| c.tool == "email").collect();
    assert_eq!(email.len(), 1, "{:?}", v.turn.claims);
    assert!(email[0].sentence.contains("寄出了摘要郵件"));
    assert!(!email[0].backed);
}

/// SPEC 8's filesystem walkthrough, its first goals, on a zh-TW page: the
/// read finds「原始筆記」, the write changes the file after the last gate.
#[test]
fn the_filesystem_walkthrough_in_zh_tw() {
    let mut d = opened(ExperimentId::Filesystem, Locale::ZhTw);
    let v = d.view();
    assert_eq!(v.builder.tool_name, "files");
    assert!(v.experiment.goals[0].text.contains("「原始筆記」"));
    let v = d.finish();
    assert_eq!(statuses(&v), READ_STATUSES);
    let out: Value = serde_json::from_str(v.output.text.as_deref().unwrap()).unwrap();
    assert_eq!(out["content"], json!("原始筆記：星期五檢討季度計畫。"));
    assert_eq!(reached(&v), ["read-as-viewer"]);
    // A write as Viewer is refused at the role gate.
    let write =
        json!({"operation": "write", "path": "/workspace/notes.txt", "content": "修訂後的筆記"});
    d.send(Msg::EditArgs(write.to_string()));
    let v = d.finish();
    assert_rejected_at(&v, "role");
    assert!(file(&v, "/workspace/notes.txt").starts_with("原始筆記"));
    // As Operator with approval it commits after the seventh gate.
    d.send(Msg::SetRole(Role::Operator));
    let v = d.send(Msg::Approve);
    assert!(v.builder.approval.approved);
    let v = d.finish();
    assert_all_pass(&v);
    assert_eq!(file(&v, "/workspace/notes.txt"), "修訂後的筆記");
    // A traversal path fails the schema gate.
    d.send(Msg::EditArgs(
        json!({"operation": "read", "path": "../../private.txt"}).to_string(),
    ));
    let v = d.finish();
    assert_rejected_at(&v, "schema");
    assert_eq!(v.experiment.goals.iter().filter(|g| g.reached).count(), 4);
    // Reset brings the Chinese notes back.
    let v = d.send(Msg::ResetLedger);
    assert_eq!(
        file(&v, "/workspace/notes.txt"),
        "原始筆記：星期五檢討季度計畫。"
    );
}

/// The one-goal file of the reader's tests, with `edit` made.
fn file_with(
    edit: impl FnOnce(&mut Value),
) -> Result<gateway_core::experiments::Experiment, Vec<Problem>> {
    let mut e: Value = serde_json::from_str(FILES[ExperimentId::Filesystem as usize]).unwrap();
    edit(&mut e);
    read::from_value(&e)
}

#[test]
fn fixture_text_is_a_plain_string_or_one_per_language_and_each_language_is_required() {
    // A plain string: every language's.
    let e = file_with(|e| e["files"] = json!({"/workspace/report.txt": "Plain."})).unwrap();
    assert_eq!(e.files[0].1.get(Fixtures::ZhTw), "Plain.");
    // The per-language form.
    let e = file_with(|e| {
        e["files"] = json!({"/workspace/report.txt": {"en": "English.", "zh-TW": "中文。"}});
        e["decision"] = json!({"en": [{"text": "Done."}], "zh-TW": "[{\"text\": \"完成。\"}]"});
        e["start"]["args"] = json!({"text": {"en": "{}", "zh-TW": "[]"}});
    })
    .unwrap();
    assert_eq!(e.files[0].1.get(Fixtures::En), "English.");
    assert_eq!(e.files[0].1.get(Fixtures::ZhTw), "中文。");
    assert!(e.decision.get(Fixtures::En).contains("\"Done.\""));
    assert!(e.decision.get(Fixtures::ZhTw).contains("完成"));
    // A decision object that names no language is the decision itself.
    let e = file_with(|e| e["decision"] = json!({"output": []})).unwrap();
    assert_eq!(e.decision.get(Fixtures::ZhTw), e.decision.get(Fixtures::En));
    // A language missing: a problem naming its pointer.
    let missing = |language: &str| Issue::MissingLanguage {
        language: language.into(),
    };
    let problems = file_with(|e| {
        e["files"] = json!({"/workspace/notes.txt": {"en": "English only."}});
        e["decision"] = json!({"zh-TW": "[]"});
        e["start"]["args"] = json!({"text": {}});
        e["goals"][0]["when"]["run"]["output"] = json!({"en": "Original notes", "fr": "x"});
    })
    .unwrap_err();
    let at = |path: &str, issue: Issue| Problem {
        path: path.into(),
        issue,
    };
    for p in [
        at("/files/~1workspace~1notes.txt/zh-TW", missing("zh-TW")),
        at("/decision/en", missing("en")),
        at("/start/args/text/en", missing("en")),
        at("/start/args/text/zh-TW", missing("zh-TW")),
        at("/goals/0/when/run/output/zh-TW", missing("zh-TW")),
    ] {
        assert!(problems.contains(&p), "{p:?} in {problems:?}");
    }
    assert!(
        problems
            .iter()
            .any(|p| p.path == "/goals/0/when/run/output/fr"
                && matches!(p.issue, Issue::UnknownField { .. })),
        "{problems:?}"
    );
    // Each language's text has the field's bound: 200 for a phrase (at
    // the bound and one past it).
    let phrase = |n: usize| {
        file_with(|e| {
            e["goals"][0]["when"]["run"]["output"] = json!({"en": "x", "zh-TW": "字".repeat(n)})
        })
    };
    assert!(phrase(200).is_ok());
    assert_eq!(
        phrase(201).unwrap_err(),
        [at(
            "/goals/0/when/run/output/zh-TW",
            Issue::TooLong { got: 201, max: 200 }
        )]
    );
}

#[test]
fn a_goal_matches_its_phrase_in_any_language() {
    // The built-in filesystem goal: English on an English ledger, Chinese
    // on a Chinese one.
    for locale in [Locale::En, Locale::ZhTw] {
        let mut d = opened(ExperimentId::Filesystem, locale);
        let v = d.finish();
        assert_eq!(reached(&v), ["read-as-viewer"], "{locale:?}");
    }
    // And after a switch, on the ledger loaded before it.
    let mut d = opened(ExperimentId::Filesystem, Locale::En);
    switch(&mut d, Locale::ZhTw);
    let v = d.finish();
    assert_eq!(reached(&v), ["read-as-viewer"]);
}

#[test]
fn the_checker_names_the_language_a_goal_cannot_be_reached_in() {
    let mut e: Value = serde_json::from_str(FILES[ExperimentId::Filesystem as usize]).unwrap();
    // An output phrase in English only (a plain string is every
    // language's, and the Chinese notes do not hold it).
    e["goals"][0]["when"]["run"]["output"] = json!("Original notes");
    let report = gateway_core::check::check(&e.to_string());
    assert_eq!(
        report.problems,
        [Problem {
            path: "/goals/0".into(),
            issue: Issue::UnreachableIn {
                steps: 7,
                language: "zh-TW".into()
            }
        }]
    );
    assert_eq!(
        report.problems[0].sentence().render(Locale::En),
        "/goals/0: with the zh-TW fixture data, no sequence of at most 7 of the experiment's own actions reaches this goal: unreachable in zh-TW within 7 steps."
    );
    // The English answer is still given.
    assert!(report.answers[0].steps.is_some());
    // Every built-in file passes in both languages.
    for id in ExperimentId::ALL {
        let report = gateway_core::check::check(FILES[id as usize]);
        assert_eq!(report.problems, [], "{id}");
    }
}
