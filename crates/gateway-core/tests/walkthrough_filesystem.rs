//! SPEC 8, filesystem walkthrough, through messages and the view model only;
//! with the traversal spellings of SPEC 2.2 and the receipts of SPEC 4.

#![allow(clippy::unwrap_used)]

mod common;

use common::*;
use gateway_core::view::PageModel;
use gateway_core::{ExperimentId, Hook, Msg, Role};
use serde_json::{json, Value};

const NOTES: &str = "/workspace/notes.txt";
const REPORT: &str = "/workspace/report.txt";
const NOTES_AT_LOAD: &str = "Original notes: review the quarterly plan on Friday.";
const REPORT_AT_LOAD: &str = "Report draft: no findings yet.";
const ALLOWLIST: &str = "path must be one of \"/workspace/notes.txt\", \"/workspace/report.txt\"";

fn read(path: &str) -> String {
    json!({ "operation": "read", "path": path }).to_string()
}

fn write(path: &str, content: &str) -> String {
    json!({ "operation": "write", "path": path, "content": content }).to_string()
}

/// The returned output, parsed (it is literal JSON text).
fn output(v: &PageModel) -> Value {
    serde_json::from_str(v.output.text.as_deref().unwrap()).unwrap()
}

fn files(v: &PageModel) -> Value {
    ledger(v)["files"].clone()
}

fn files_at_load() -> Value {
    json!({ NOTES: NOTES_AT_LOAD, REPORT: REPORT_AT_LOAD })
}

/// Approves the current (valid write) payload as Operator and finishes it.
fn approved_write(d: &mut Driver, args: String) -> PageModel {
    d.send(Msg::SetRole(Role::Operator));
    d.send(Msg::EditArgs(args));
    let v = d.send(Msg::Approve);
    assert!(v.builder.approval.approved, "{}", v.builder.approval.status);
    d.finish()
}

#[test]
fn filesystem_walkthrough() {
    let mut d = Driver::new(ExperimentId::Filesystem);
    let v = d.view();
    let at_load = ledger(&v);

    // It opens on a read of notes.txt, as Viewer, paused at gate 1.
    assert_eq!(v.experiment.id, "filesystem");
    assert_eq!(v.builder.tool_name, "files");
    assert_eq!(
        serde_json::from_str::<Value>(&v.builder.args).unwrap(),
        json!({ "operation": "read", "path": NOTES })
    );
    assert_eq!(
        v.builder.roles.iter().find(|r| r.selected).unwrap().value,
        "viewer"
    );
    assert_eq!(v.gateway.playback.stage, Some(0));
    assert!(!v.gateway.playback.playing);
    assert_eq!(files(&v), files_at_load());
    assert!(!v.builder.approval.can_approve, "a read offers no approval");
    assert_eq!(v.builder.approval.status, "A read needs no approval.");

    // Read as Viewer: every gate passes or is not needed.
    let v = d.finish();
    assert_eq!(statuses(&v), READ_STATUSES);
    assert_eq!(reason(&v, "role"), "Viewer may run a read");
    assert_eq!(reason(&v, "approval"), "a read needs no approval");
    let out = output(&v);
    assert_eq!(out["path"], NOTES);
    assert!(out["content"].as_str().unwrap().contains("Original notes"));
    assert_eq!(
        v.gateway.caption,
        "Run finished: the read returned its output. The ledger is unchanged."
    );
    // The ledger is unchanged but for the count of finished runs.
    assert_eq!(contents(&v), {
        let mut l = at_load.clone();
        l.as_object_mut().unwrap().remove("counters");
        l
    });
    assert_eq!(counters(&v)["runs_finished"], 1);
    assert_eq!(counters(&v)["effects_committed"], 0);

    // The same path as a write: the role gate rejects Viewer.
    let new_text = "Revised notes: approved by the operator.";
    let v = d.send(Msg::EditArgs(write(NOTES, new_text)));
    assert_eq!(v.gateway.playback.stage, Some(0));
    assert_eq!(v.output.text, None);
    assert!(
        v.builder.approval.can_approve,
        "a valid write can be approved"
    );
    let v = d.finish();
    assert_rejected_at(&v, "role");
    assert_eq!(
        reason(&v, "role"),
        "Viewer may run reads only; a write needs Operator"
    );
    assert_eq!(v.output.text, None);
    assert_eq!(files(&v), files_at_load());
    assert_eq!(counters(&v)["rejections"]["role"], 1);

    // Operator without approval: the approval gate rejects, files unchanged.
    d.send(Msg::SetRole(Role::Operator));
    let v = d.finish();
    assert_rejected_at(&v, "approval");
    assert_eq!(files(&v), files_at_load());

    // Operator with approval: nothing changes through the first six gates.
    let v = d.send(Msg::Approve);
    assert!(v.builder.approval.approved);
    assert_eq!(v.gateway.playback.stage, Some(0));
    let expected = [
        ("schema", "passed"),
        ("before-hook", "not-needed"),
        ("role", "passed"),
        ("approval", "passed"),
        ("idempotency", "passed"),
        ("execution", "passed"),
        ("after-hook", "not-needed"),
    ];
    for press in 1..=6 {
        let v = d.send(Msg::NextGate);
        assert_eq!(v.gateway.playback.stage, Some(press));
        assert_eq!(&statuses(&v)[..press], &expected[..press], "press {press}");
        assert!(statuses(&v)[press..].iter().all(|(_, s)| *s == "pending"));
        assert_eq!(file(&v, NOTES), NOTES_AT_LOAD, "after press {press}");
        assert_eq!(files(&v), files_at_load());
        assert_eq!(counters(&v)["effects_committed"], 0);
        assert_eq!(v.output.text, None, "no output before the final stage");
    }
    let v = d.view();
    assert!(
        v.gateway
            .caption
            .starts_with("Paused at gate 7 of 7, after-hook. Gate 6, execution, passed:"),
        "{}",
        v.gateway.caption
    );
    assert_eq!(
        reason(&v, "execution"),
        "replaces the content of /workspace/notes.txt"
    );

    // The seventh press commits the write.
    let v = d.send(Msg::NextGate);
    assert_eq!(statuses(&v), expected);
    assert_eq!(file(&v, NOTES), new_text);
    assert_eq!(
        file(&v, REPORT),
        REPORT_AT_LOAD,
        "the other file is untouched"
    );
    assert_eq!(counters(&v)["effects_committed"], 1);
    assert_eq!(output(&v)["content"], new_text);
    assert_eq!(
        v.gateway.caption,
        "Run finished: effect committed: replaces the content of /workspace/notes.txt."
    );
    let receipts = &ledger(&v)["receipts"];
    assert_eq!(receipts.as_array().unwrap().len(), 1);
    assert_eq!(receipts[0]["key"], "intent-1");

    // Read it back as Viewer: the output shows the new text.
    d.send(Msg::SetRole(Role::Viewer));
    let v = d.send(Msg::EditArgs(read(NOTES)));
    assert!(!v.builder.approval.approved);
    let v = d.finish();
    assert_all_pass(&v);
    assert_eq!(output(&v)["content"], new_text);
    assert!(!v.output.text.as_deref().unwrap().contains("Original notes"));
}

/// Every spelling that is not byte for byte one of the two names.
const TRAVERSALS: [&str; 22] = [
    "../../private.txt",
    "/workspace/../private.txt",
    "/workspace/../workspace/notes.txt",
    "/workspace/./notes.txt",
    "/workspace/secrets.txt",
    "/workspace/private.txt",
    "\\workspace\\notes.txt",
    "/workspace\\notes.txt",
    "..\\..\\private.txt",
    "/workspace/notes.txt/",
    "/workspace/report.txt/",
    "/Workspace/notes.txt",
    "/workspace/NOTES.txt",
    "/WORKSPACE/REPORT.TXT",
    "/workspace/notes%2etxt",
    "%2Fworkspace%2Fnotes.txt",
    "/workspace/%6eotes.txt",
    "/workspace%2F..%2Fprivate.txt",
    "//workspace/notes.txt",
    "workspace/notes.txt",
    " /workspace/notes.txt",
    "/workspace/notes.txt ",
];

#[test]
fn every_traversal_spelling_fails_at_the_schema_gate_and_changes_nothing() {
    let mut d = Driver::new(ExperimentId::Filesystem);
    let at_load = contents(&d.view());
    let mut schema_rejections = 0;
    for path in TRAVERSALS {
        for (role, args) in [
            (Role::Viewer, read(path)),
            (Role::Operator, read(path)),
            (Role::Viewer, write(path, "overwritten")),
            (Role::Operator, write(path, "overwritten")),
        ] {
            // Fresh counters, then an approved valid write...
            d.send(Msg::ResetLedger);
            d.send(Msg::SetRole(role));
            d.send(Msg::EditArgs(write(NOTES, "approved text")));
            let v = d.send(Msg::Approve);
            assert!(v.builder.approval.approved);
            // ... then spell the path differently: the approval is gone and
            // cannot be given again.
            let v = d.send(Msg::EditArgs(args.clone()));
            assert!(!v.builder.approval.approved, "{args}");
            assert!(!v.builder.approval.can_approve, "{args}");
            // The status says what changed since the approval.
            assert!(
                v.builder
                    .approval
                    .status
                    .contains(" changed: the approval was for "),
                "{args}: {}",
                v.builder.approval.status
            );
            let v = d.send(Msg::Approve);
            assert!(!v.builder.approval.approved, "{args}");

            let v = d.finish();
            assert_rejected_at(&v, "schema");
            let why = reason(&v, "schema");
            assert!(why.starts_with(ALLOWLIST), "{args}: {why}");
            assert!(why.contains(&json!(path).to_string()), "{args}: {why}");
            assert_eq!(v.output.text, None);
            assert_eq!(contents(&v), at_load, "{args}");
            assert_eq!(files(&v), files_at_load(), "{args}");
            assert_eq!(counters(&v)["rejections"]["schema"], 1, "{args}");
            assert_eq!(counters(&v)["effects_committed"], 0, "{args}");
            assert!(
                v.gateway
                    .caption
                    .starts_with("Run finished: rejected at the schema gate: path must be"),
                "{}",
                v.gateway.caption
            );
            schema_rejections += 1;
        }
    }
    assert_eq!(schema_rejections, TRAVERSALS.len() * 4);
}

#[test]
fn the_two_exact_names_pass_the_allowlist_as_read_and_write() {
    let mut d = Driver::new(ExperimentId::Filesystem);
    for path in [NOTES, REPORT] {
        d.send(Msg::SetRole(Role::Viewer));
        d.send(Msg::EditArgs(read(path)));
        let v = d.finish();
        assert_all_pass(&v);
        assert_eq!(output(&v)["path"], path);
    }
    d.send(Msg::SetKey("intent-report".into()));
    let v = approved_write(&mut d, write(REPORT, "Report: one finding."));
    assert_all_pass(&v);
    assert_eq!(file(&v, REPORT), "Report: one finding.");
    assert_eq!(file(&v, NOTES), NOTES_AT_LOAD);
}

#[test]
fn reuse_off_after_a_write_executes_the_same_key_and_payload_again() {
    let mut d = Driver::new(ExperimentId::Filesystem);
    let v = d.view();
    assert!(!v.builder.reuse.enabled, "no successful mutation yet");
    // Turning reuse off is refused before any mutation.
    let v = d.send(Msg::SetReuse(false));
    assert!(v.builder.reuse.checked);

    let text = "Second draft of the notes.";
    let v = approved_write(&mut d, write(NOTES, text));
    assert_eq!(counters(&v)["effects_committed"], 1);
    assert!(v.builder.reuse.enabled && v.builder.reuse.checked);

    // Reuse on: the same key and payload replay the receipt, no new effect.
    let v = d.rerun();
    assert_all_pass(&v);
    assert_eq!(status(&v, "execution"), "not-needed");
    assert_eq!(
        reason(&v, "idempotency"),
        "\"intent-1\" already holds a receipt for this payload: it is replayed"
    );
    assert_eq!(counters(&v)["effects_committed"], 1);
    assert_eq!(counters(&v)["receipts_reused"], 1);

    // Reuse off: the approval is cleared, and once approved again the same
    // key and payload execute again, a visible duplicate.
    let v = d.send(Msg::SetReuse(false));
    assert!(!v.builder.reuse.checked);
    assert!(
        !v.builder.approval.approved,
        "the receipt policy is an input"
    );
    let v = d.send(Msg::Approve);
    assert!(
        v.preview.summary.contains("again (a visible duplicate)"),
        "{}",
        v.preview.summary
    );
    let v = d.finish();
    assert_all_pass(&v);
    assert_eq!(status(&v, "execution"), "passed");
    assert_eq!(
        reason(&v, "idempotency"),
        "Reuse receipts is off: \"intent-1\" executes again"
    );
    assert_eq!(counters(&v)["effects_committed"], 2);
    assert_eq!(counters(&v)["receipts_reused"], 1);
    assert_eq!(file(&v, NOTES), text);
    assert_eq!(ledger(&v)["receipts"].as_array().unwrap().len(), 1);
    let effects: Vec<_> = v
        .runs
        .records
        .iter()
        .map(|r| r.summary.rsplit_once("effect: ").unwrap().1)
        .collect();
    assert_eq!(
        effects.iter().filter(|e| **e == "committed").count(),
        2,
        "{effects:?}"
    );

    // And again: every finished run with reuse off is another effect.
    let v = d.rerun();
    assert_eq!(counters(&v)["effects_committed"], 3);
}

#[test]
fn a_replayed_receipt_returns_its_history_and_never_restores_the_old_file() {
    let mut d = Driver::new(ExperimentId::Filesystem);
    let first = "First version of the notes.";
    let second = "Second version of the notes.";

    let v = approved_write(&mut d, write(NOTES, first));
    assert_eq!(file(&v, NOTES), first);

    // A new key for a new intention changes the file again.
    d.send(Msg::SetKey("intent-2".into()));
    let v = approved_write(&mut d, write(NOTES, second));
    assert_all_pass(&v);
    assert_eq!(file(&v, NOTES), second);
    assert_eq!(counters(&v)["effects_committed"], 2);

    // Back to intent-1 with its own payload: the old receipt is replayed.
    d.send(Msg::SetKey("intent-1".into()));
    let v = approved_write(&mut d, write(NOTES, first));
    assert_all_pass(&v);
    assert_eq!(status(&v, "execution"), "not-needed");
    assert!(reason(&v, "idempotency").contains("replayed"));
    assert_eq!(output(&v)["content"], first, "the historical output");
    assert_eq!(file(&v, NOTES), second, "the old content is not restored");
    assert_eq!(counters(&v)["effects_committed"], 2);
    assert_eq!(counters(&v)["receipts_reused"], 1);
    assert_eq!(
        v.gateway.caption,
        "Run finished: the stored receipt was returned again, with no new effect."
    );

    // Reading back shows what the ledger holds, not the replayed output.
    d.send(Msg::SetRole(Role::Viewer));
    d.send(Msg::EditArgs(read(NOTES)));
    let v = d.finish();
    assert_eq!(output(&v)["content"], second);
}

#[test]
fn a_duplicate_path_key_is_judged_by_its_last_value() {
    // JSON.parse semantics: the last duplicate wins, so a traversal cannot
    // hide behind an allowed name, and an allowed last name is what is read.
    let mut d = Driver::new(ExperimentId::Filesystem);
    let at_load = contents(&d.view());
    d.send(Msg::EditArgs(format!(
        r#"{{"operation": "read", "path": "{NOTES}", "path": "../../private.txt"}}"#
    )));
    let v = d.finish();
    assert_rejected_at(&v, "schema");
    assert!(reason(&v, "schema").ends_with("(got \"../../private.txt\")"));
    assert_eq!(contents(&v), at_load);

    d.send(Msg::EditArgs(format!(
        r#"{{"operation": "read", "path": "../../private.txt", "path": "{REPORT}"}}"#
    )));
    let v = d.finish();
    assert_all_pass(&v);
    assert_eq!(output(&v)["path"], REPORT);
    assert_eq!(output(&v)["content"], REPORT_AT_LOAD);
}

#[test]
fn redact_output_hides_file_content_in_the_output_only() {
    let mut d = Driver::new(ExperimentId::Filesystem);
    let v = d.send(Msg::SetHook(Hook::RedactOutput));
    assert!(v
        .builder
        .hooks
        .iter()
        .any(|h| h.value == "redact-output" && h.selected));
    let v = d.finish();
    assert_all_pass(&v);
    assert_eq!(status(&v, "after-hook"), "passed");
    assert_eq!(output(&v)["content"], "[redacted]");
    assert_eq!(output(&v)["path"], NOTES);

    let text = "Secret plan: ship on Friday.";
    let v = approved_write(&mut d, write(NOTES, text));
    assert_all_pass(&v);
    assert_eq!(output(&v)["content"], "[redacted]");
    assert_eq!(file(&v, NOTES), text, "the ledger keeps what was written");
    assert_eq!(ledger(&v)["receipts"][0]["output"]["content"], text);
}
