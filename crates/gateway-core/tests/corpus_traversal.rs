//! Hostile path corpora against the Virtual files allowlist (SPEC 2.2, 8):
//! every line of PayloadsAllTheThings' three `Directory Traversal/Intruder`
//! lists and of fuzzdb's `attack/path-traversal` lists (copied with their
//! licences into `tests/data/traversal/`, see its SOURCE.md), raw and with
//! each `{FILE}` placeholder replaced by every name in [`SUBSTITUTES`], is
//! sent as `path` in a read and in a write of the files tool, through the
//! workbench's messages as Operator (the most a learner can grant), with an
//! approval asked for. Each must be rejected at the schema gate by the
//! allowlist (the typed reason and its words, quoting the path), no
//! approval may be given, nothing is returned and both synthetic files keep
//! their contents. Entries that are an allowed name exactly are listed in
//! [`ACCEPTED`] (none of the lists spells one) and must pass instead.
//!
//! `cargo test -p gateway-core --test corpus_traversal -- --nocapture`
//! prints the counts.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::collections::BTreeSet;
use std::path::Path;

use common::*;
use gateway_core::reason::Reason;
use gateway_core::schema::ArgError;
use gateway_core::tools::files::FILE_NAMES;
use gateway_core::{ExperimentId, Gate, Msg, Role};
use serde_json::json;

/// The lists, with the number of lines each holds, so that the test cannot
/// pass on an empty or half-copied folder.
const LISTS: &[(&str, usize)] = &[
    ("PayloadsAllTheThings/directory_traversal.txt", 140),
    ("PayloadsAllTheThings/deep_traversal.txt", 887),
    (
        "PayloadsAllTheThings/traversals-8-deep-exotic-encoding.txt",
        887,
    ),
    ("fuzzdb/traversals-8-deep-exotic-encoding.txt", 530),
    ("fuzzdb/path-traversal-windows.txt", 6),
];

const PLACEHOLDER: &str = "{FILE}";

/// What `{FILE}` is replaced by: the names the files tool knows (without
/// and with the leading slash, and without the folder), and two an
/// attacker would aim at.
const SUBSTITUTES: &[&str] = &[
    "workspace/notes.txt",
    "/workspace/report.txt",
    "notes.txt",
    "etc/passwd",
    "windows/win.ini",
];

/// Corpus entries (after substitution) that are an allowed name exactly,
/// and so are accepted. None of the lists spells one: every entry adds
/// something (a traversal, a prefix, an encoding) to the name.
const ACCEPTED: &[&str] = &[];

const ALLOWLIST: &str = "path must be one of \"/workspace/notes.txt\", \"/workspace/report.txt\"";

fn lines(file: &str, expected: usize) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/traversal")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    // One entry a line, kept byte for byte (no trimming: a space matters).
    let lines: Vec<String> = text.lines().map(str::to_string).collect();
    assert_eq!(lines.len(), expected, "{file}: line count");
    assert!(lines.iter().all(|l| !l.is_empty()), "{file}: an empty line");
    lines
}

/// Every line raw, and each line holding `{FILE}` with every substitute.
fn corpus() -> (usize, BTreeSet<String>) {
    let mut count = 0;
    let mut out = BTreeSet::new();
    for (file, expected) in LISTS {
        for line in lines(file, *expected) {
            count += 1;
            if line.contains(PLACEHOLDER) {
                for s in SUBSTITUTES {
                    out.insert(line.replace(PLACEHOLDER, s));
                }
            }
            out.insert(line);
        }
    }
    (count, out)
}

fn call(op: &str, path: &str) -> String {
    let mut v = json!({ "operation": op, "path": path });
    if op == "write" {
        v["content"] = json!("overwritten by a traversal");
    }
    serde_json::to_string_pretty(&v).unwrap()
}

/// Sends a message without drawing the page (the corpus is large): the
/// view is read once a run, when it has finished.
fn quiet(d: &mut Driver, msg: Msg) {
    d.now += 10;
    d.wb.update(d.now, msg);
}

#[derive(Default)]
struct Counts {
    tried: usize,
    rejected: usize,
    accepted: usize,
}

#[test]
fn every_traversal_line_is_rejected_at_the_schema_gate_and_changes_no_file() {
    let (line_count, entries) = corpus();
    assert_eq!(line_count, 140 + 887 + 887 + 530 + 6);
    // Both allowed names are tried too, as a control that the harness can
    // tell an accepted path from a rejected one.
    let controls: Vec<String> = FILE_NAMES.iter().map(|s| s.to_string()).collect();

    let mut d = Driver::new(ExperimentId::Filesystem);
    d.send(Msg::SetRole(Role::Operator));
    let files_at_load = gateway_core::tools::files::contents(d.wb.ledger().stores())
        .unwrap()
        .clone();
    let mut corpus = Counts::default();
    let mut control = Counts::default();
    let mut accepted = BTreeSet::new();
    for (path, is_control) in entries
        .iter()
        .map(|p| (p, false))
        .chain(controls.iter().map(|p| (p, true)))
    {
        let expect_accept = is_control || ACCEPTED.contains(&path.as_str());
        for op in ["read", "write"] {
            let args = call(op, path);
            let counts = if is_control {
                &mut control
            } else {
                &mut corpus
            };
            counts.tried += 1;
            if expect_accept {
                d.send(Msg::ResetLedger);
                d.send(Msg::EditArgs(args.clone()));
                let v = d.send(Msg::Approve);
                assert_eq!(v.builder.approval.approved, op == "write", "{args}");
                let v = d.finish();
                assert_all_pass(&v);
                d.send(Msg::ResetLedger);
                counts.accepted += 1;
                if !is_control {
                    accepted.insert(path.clone());
                }
                continue;
            }
            let before = d.wb.ledger().counters().clone();
            quiet(&mut d, Msg::EditArgs(args.clone()));
            quiet(&mut d, Msg::Approve);
            assert!(d.wb.inputs().approval.is_none(), "no approval for {args}");
            assert!(!d.wb.approval_applies(), "{args}");
            for _ in 0..7 {
                quiet(&mut d, Msg::NextGate);
            }
            let plan = d.wb.plan();
            assert_eq!(plan.rejected_at(), Some(Gate::Schema), "{args}");
            assert_eq!(
                plan.rejection(),
                Some(&Reason::Args(ArgError::NotOneOf {
                    field: "path".into(),
                    allowed: FILE_NAMES.to_vec(),
                    got: path.clone(),
                })),
                "{args}"
            );
            let v = d.view();
            assert!(v.gateway.playback.finished, "{args}");
            assert_rejected_at(&v, "schema");
            let why = reason(&v, "schema");
            assert!(why.starts_with(ALLOWLIST), "{args}: {why}");
            assert!(
                why.ends_with(&format!("(got {})", json!(path))),
                "{args}: {why}"
            );
            assert_eq!(v.output.text, None, "{args}");
            let ledger = d.wb.ledger();
            assert_eq!(
                gateway_core::tools::files::contents(ledger.stores()).unwrap(),
                &files_at_load,
                "{args}"
            );
            let after = ledger.counters();
            assert_eq!(after.runs_finished, before.runs_finished + 1, "{args}");
            assert_eq!(after.rejections[0], before.rejections[0] + 1, "{args}");
            assert_eq!(after.effects_committed, 0, "{args}");
            counts.rejected += 1;
        }
    }
    eprintln!(
        "traversal corpus: {line_count} lines, {} distinct paths (raw and substituted); \
         tried {}, rejected {}, accepted {}; controls (the two allowed names): tried {}, accepted {}",
        entries.len(),
        corpus.tried,
        corpus.rejected,
        corpus.accepted,
        control.tried,
        control.accepted,
    );
    assert_eq!(accepted, ACCEPTED.iter().map(|s| s.to_string()).collect());
    assert_eq!(corpus.tried, entries.len() * 2);
    assert_eq!(corpus.rejected + corpus.accepted, corpus.tried);
    assert_eq!(corpus.accepted, ACCEPTED.len() * 2);
    assert_eq!((control.tried, control.accepted), (4, 4));
}
