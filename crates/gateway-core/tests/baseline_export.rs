//! Baseline capture and the notes export, through messages and the view.

#![allow(clippy::unwrap_used)]

mod common;

use common::*;
use gateway_core::{ExperimentId, Msg, Role};

#[test]
fn baseline_is_captured_replaced_and_cleared() {
    let mut d = Driver::new(ExperimentId::Email);
    let v = d.view();
    assert_eq!(v.baseline, None);
    assert_eq!(v.capture_label, "Capture baseline");

    let v = d.send(Msg::CaptureBaseline);
    let b = v.baseline.clone().unwrap();
    assert_eq!(v.capture_label, "Replace baseline");
    assert_eq!(b.role, "Viewer");
    assert_eq!(b.rows.len(), 7);
    assert_eq!(
        (b.rows[2].0.as_str(), b.rows[2].1.as_str()),
        ("role", "rejected")
    );
    assert!(b.rows[2].2.contains("Viewer may run reads only"));
    assert_eq!(b.output, None);

    // The live setup moves on; the baseline stays as captured.
    let v = d.send(Msg::SetRole(Role::Operator));
    assert_eq!(v.baseline.as_ref().unwrap().role, "Viewer");
    d.send(Msg::Approve);
    let v = d.send(Msg::CaptureBaseline);
    let b = v.baseline.clone().unwrap();
    assert_eq!(b.role, "Operator");
    assert!(b.approved);
    assert!(b.output.unwrap().contains("email-1"));
    assert!(b.summary.contains("commits the effect"));

    let v = d.send(Msg::ClearBaseline);
    assert_eq!(v.baseline, None);
    assert_eq!(v.capture_label, "Capture baseline");
}

#[test]
fn export_holds_notes_setup_ledger_and_runs() {
    let mut d = Driver::new(ExperimentId::Filesystem);
    d.finish();
    let text = d.wb.export_notes("My <b>notes</b>\nsecond line");
    assert_eq!(d.wb.export_file_name(), "filesystem-notes.txt");
    for needle in [
        "Experiment: Agent filesystem: read versus write authority (filesystem)",
        "My <b>notes</b>\nsecond line",
        "Tool: files",
        "Role: Viewer",
        "Hook: None",
        "Operation key: intent-1",
        "\"path\": \"/workspace/notes.txt\"",
        "\"runs_finished\": 1",
        "\"effect\": \"none\"",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in\n{text}");
    }
}
