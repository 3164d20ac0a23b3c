//! The checker's command line, run as the real binary: each broken file in
//! `tests/data/broken/` with exactly the problem it has (the field's path
//! and the sentence), a generated file on each side of the arguments' cap
//! and of a count's bound, the words in Traditional Chinese, an id two
//! files share, the answer key and the link of a file that passes, and
//! the exit status of each (0 passes, 1 a problem, 2 a usage error or an
//! unreadable file).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{broken, one_message, run, temp_file, BROKEN};
use gateway_core::experiments::link;

#[test]
fn each_broken_file_has_exactly_its_problem() {
    assert!(BROKEN.len() >= 15);
    for (name, sentence, _) in BROKEN {
        let file = broken(name);
        let out = run(&["check", &file]);
        assert_eq!(out.stdout, format!("{file}: {sentence}\n"), "{name}");
        assert_eq!(out.stderr, "", "{name}");
        assert_eq!(out.code, 1, "{name}");
    }
}

#[test]
fn every_broken_file_is_in_the_table() {
    let dir = common::crate_dir().join("tests/data/broken");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    files.sort();
    let mut named: Vec<String> = BROKEN.iter().map(|(n, ..)| format!("{n}.json")).collect();
    named.sort();
    assert_eq!(files, named);
}

#[test]
fn a_file_that_passes_gets_its_answer_key() {
    let out = run(&["check", "tests/data/good/one-message.json"]);
    assert_eq!(
        out.stdout,
        "tests/data/good/one-message.json: no problem; a shortest answer for each of its 1 goal:\n  \
         sent: Approve exact payload; Finish run\n"
    );
    assert_eq!((out.code, out.stderr.as_str()), (0, ""));
}

#[test]
fn the_problems_and_the_key_in_traditional_chinese() {
    let file = broken("missing-zh-tw-instructions");
    let out = run(&["check", "--lang", "zh-TW", &file]);
    assert_eq!(
        out.stdout,
        format!("{file}: /instructions/zh-TW：沒有 zh-TW 文字。\n")
    );
    assert_eq!(out.code, 1);
    let out = run(&["check", "--lang=zh-TW", "tests/data/good/one-message.json"]);
    assert_eq!(
        out.stdout,
        "tests/data/good/one-message.json: 沒有問題；1 個目標各自的最短解答：\n  sent: 核准確切酬載；完成執行\n"
    );
    assert_eq!(out.code, 0);
}

/// The good file with its start arguments replaced by `text`.
fn with_args(text: &str) -> String {
    let mut e = one_message();
    e["start"]["args"] = serde_json::json!({ "text": text });
    e.to_string()
}

#[test]
fn arguments_at_the_cap_pass_and_one_unit_over_is_named() {
    for (name, text, units) in [
        ("ascii", "x".repeat(4096), 4096),
        // Each emoji is two UTF-16 units, as JavaScript counts them.
        ("emoji", "😀".repeat(2048), 4096),
    ] {
        let at = temp_file(&format!("args-{name}-at-cap.json"), &with_args(&text));
        let out = run(&["check", at.to_str().unwrap()]);
        assert_eq!(out.code, 0, "{name} at the cap: {}", out.stdout);
        let over = temp_file(
            &format!("args-{name}-over-cap.json"),
            &with_args(&format!("{text}x")),
        );
        let over = over.to_str().unwrap();
        let out = run(&["check", over]);
        assert_eq!(
            out.stdout,
            format!(
                "{over}: /start/args/text: is {} characters long; at most 4096.\n",
                units + 1
            ),
            "{name}"
        );
        assert_eq!(out.code, 1);
    }
}

#[test]
fn a_count_at_its_bound_passes() {
    let mut e = one_message();
    e["goals"][0]["when"]["state"] = serde_json::json!({ "outbox": { "at-most": 100000 } });
    let at = temp_file("count-at-bound.json", &e.to_string());
    let out = run(&["check", at.to_str().unwrap()]);
    assert_eq!(out.code, 0, "{}", out.stdout);
}

#[test]
fn an_id_two_files_share_is_the_second_files_problem() {
    let (a, b) = (
        "tests/data/good/same-id-a.json",
        "tests/data/good/same-id-b.json",
    );
    let out = run(&["check", a, b]);
    assert_eq!(
        out.stdout,
        format!(
            "{a}: no problem; a shortest answer for each of its 1 goal:\n  \
             sent: Approve exact payload; Finish run\n\
             {b}: /id: \"two-experiments-one-id\" is also the experiment id of {a}.\n"
        )
    );
    assert_eq!(out.code, 1);
    // Each alone passes.
    assert_eq!(run(&["check", b]).code, 0);
}

#[test]
fn one_broken_file_among_good_ones_fails_the_run() {
    let (good, bad) = ("tests/data/good/same-id-a.json", broken("version-2"));
    let out = run(&["check", good, &bad]);
    assert_eq!(
        out.stdout,
        format!(
            "{good}: no problem; a shortest answer for each of its 1 goal:\n  \
             sent: Approve exact payload; Finish run\n\
             {bad}: /version: is version 2; this page reads version 1.\n"
        )
    );
    assert_eq!(out.code, 1);
    // A broken file's id counts too.
    let out = run(&["check", &bad, "tests/data/good/one-message.json"]);
    assert!(
        out.stdout.ends_with(
            "tests/data/good/one-message.json: /id: \"one-message\" is also the experiment id of \
             tests/data/broken/version-2.json.\n"
        ),
        "{}",
        out.stdout
    );
    assert_eq!(out.code, 1);
}

#[test]
fn the_link_carries_the_minified_file_and_the_page_reads_it() {
    let file = "tests/data/good/one-message.json";
    let out = run(&["check", "--link", file]);
    assert_eq!(out.code, 0);
    let line = out.stdout.lines().last().unwrap();
    let fragment = line
        .strip_prefix(&format!("{file}: link fragment: #"))
        .unwrap_or_else(|| panic!("{line}"));
    assert!(fragment.starts_with("x=1."), "{fragment}");
    let deflated = link::compressed(&format!("#{fragment}")).unwrap().unwrap();
    let inflated = miniz_oxide::inflate::decompress_to_vec(&deflated).unwrap();
    let minified = gateway_core::json::compact(&one_message());
    assert_eq!(String::from_utf8(inflated.clone()).unwrap(), minified);
    assert!(!minified.contains('\n'));
    let experiment = link::experiment(&inflated).unwrap();
    assert_eq!(
        (experiment.id.as_str(), experiment.builtin),
        ("one-message", None)
    );
    // No link for a file with a problem.
    let out = run(&["check", "--link", &broken("version-2")]);
    assert!(!out.stdout.contains("link fragment"), "{}", out.stdout);
}

#[test]
fn usage_errors_and_unreadable_files_exit_2() {
    let cases: [&[&str]; 6] = [
        &[],
        &["verify", "x.json"],
        &["check"],
        &["check", "--fast", "tests/data/good/one-message.json"],
        &["check", "--lang"],
        &["check", "--lang", "fr", "tests/data/good/one-message.json"],
    ];
    for args in cases {
        let out = run(args);
        assert_eq!(out.code, 2, "{args:?}");
        assert_eq!(out.stdout, "", "{args:?}");
        assert!(
            out.stderr.contains("usage: experiment-check check"),
            "{args:?}: {}",
            out.stderr
        );
    }
    let out = run(&["check", "--fast", "x.json"]);
    assert!(
        out.stderr.starts_with("unknown option: --fast.\n"),
        "{}",
        out.stderr
    );
    let out = run(&["check", "--lang", "fr", "x.json"]);
    assert!(
        out.stderr
            .starts_with("--lang: fr is not one of en, zh-TW.\n"),
        "{}",
        out.stderr
    );
    // A file that cannot be read: which and why, and nothing is checked.
    let out = run(&[
        "check",
        "tests/data/good/one-message.json",
        "tests/data/nope.json",
    ]);
    assert_eq!(out.code, 2);
    assert_eq!(out.stdout, "");
    assert!(
        out.stderr
            .starts_with("tests/data/nope.json: cannot be read: "),
        "{}",
        out.stderr
    );
    let out = run(&["check", "tests/data"]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.starts_with("tests/data: cannot be read: "),
        "{}",
        out.stderr
    );
    // Help is not an error.
    let out = run(&["--help"]);
    assert_eq!(out.code, 0);
    assert!(out.stdout.starts_with("usage: experiment-check check"));
}

#[test]
fn a_file_named_after_double_dash_is_a_file() {
    let out = run(&["check", "--", "--link"]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.starts_with("--link: cannot be read: "),
        "{}",
        out.stderr
    );
}
