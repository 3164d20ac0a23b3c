//! Baseline capture and the notes export, through messages and the view.

#![allow(clippy::unwrap_used, clippy::panic)]

mod common;

use common::*;
use gateway_core::command::{Command, Deliverable};
use gateway_core::view::{BaselineView, PageModel};
use gateway_core::{ExperimentId, Msg, Role};

/// The baseline column of the comparison, if one is captured.
fn compare(v: &PageModel) -> Option<(String, Vec<String>, String, Option<String>)> {
    match &v.baseline.compare {
        BaselineView::Empty(_) => None,
        BaselineView::Compare(c) => Some((
            c.base_setup.clone(),
            c.base_rows.clone(),
            c.base_summary.clone(),
            c.base_output.clone(),
        )),
    }
}

#[test]
fn baseline_is_captured_replaced_and_cleared() {
    let mut d = Driver::new(ExperimentId::Email);
    let v = d.view();
    assert_eq!(compare(&v), None);
    assert!(d.wb.baseline().is_none());
    assert_eq!(v.baseline.capture_label, "Capture baseline");

    d.finish();
    let v = d.send(Msg::CaptureBaseline);
    let (setup, rows, _, output) = compare(&v).unwrap();
    assert_eq!(v.baseline.capture_label, "Replace baseline");
    assert!(setup.starts_with("Role: Viewer · "), "{setup}");
    assert_eq!(rows.len(), 7);
    assert!(rows[2].starts_with("role: rejected — "), "{}", rows[2]);
    assert!(rows[2].contains("Viewer may run reads only"), "{}", rows[2]);
    assert_eq!(output, None);
    let b = d.wb.baseline().unwrap();
    assert_eq!(b.role, "Viewer");
    assert_eq!(
        (b.rows[2].0.as_str(), b.rows[2].1.as_str()),
        ("role", "rejected")
    );

    // The live setup moves on; the baseline stays as captured.
    let v = d.send(Msg::SetRole(Role::Operator));
    assert!(compare(&v).unwrap().0.starts_with("Role: Viewer · "));
    assert_eq!(d.wb.baseline().unwrap().role, "Viewer");
    d.send(Msg::Approve);
    d.finish();
    let v = d.send(Msg::CaptureBaseline);
    let (setup, _, summary, output) = compare(&v).unwrap();
    assert!(setup.starts_with("Role: Operator · "), "{setup}");
    assert!(setup.ends_with(" · approved"), "{setup}");
    assert!(d.wb.baseline().unwrap().approved);
    assert!(output.unwrap().contains("email-1"));
    assert!(summary.contains("commits the effect"), "{summary}");

    let v = d.send(Msg::ClearBaseline);
    assert_eq!(compare(&v), None);
    assert!(d.wb.baseline().is_none());
    assert_eq!(v.baseline.capture_label, "Capture baseline");
}

/// Issue 33, hole 3: a baseline captured mid-run records the run as far as
/// inspection has reached it, and the returned output only once the run
/// finished; the live column beside it shows no more than the gate cards.
#[test]
fn capture_baseline_shows_nothing_the_gates_have_not_reached() {
    let mut d = Driver::new(ExperimentId::Email);
    d.send(Msg::SetRole(Role::Operator));
    d.send(Msg::Approve);
    for _ in 0..5 {
        d.send(Msg::NextGate);
    }
    // Execution is under inspection: five gates revealed, two not.
    let v = d.send(Msg::CaptureBaseline);
    let (_, rows, summary, output) = compare(&v).unwrap();
    assert_eq!(output, None);
    assert!(rows[4].starts_with("idempotency: passed — "), "{}", rows[4]);
    assert_eq!(rows[5], "execution: pending — under inspection");
    assert_eq!(rows[6], "after-hook: pending — not yet inspected");
    assert_eq!(
        summary,
        "Inspection stood at gate 6 of 7 (execution): the result is shown once the seventh stage is inspected."
    );
    assert_eq!(d.wb.baseline().unwrap().output, None);
    let BaselineView::Compare(c) = &v.baseline.compare else {
        panic!("a baseline is captured");
    };
    assert_eq!(c.live_rows, rows);
    assert_eq!(c.live_summary, summary);
    // The after-hook under inspection: the output is not shown yet either.
    d.send(Msg::NextGate);
    let v = d.send(Msg::CaptureBaseline);
    assert_eq!(compare(&v).unwrap().3, None);
    assert_eq!(
        compare(&v).unwrap().1[6],
        "after-hook: pending — under inspection"
    );
    // Finished: the output, as the output panel shows it.
    d.send(Msg::NextGate);
    let v = d.send(Msg::CaptureBaseline);
    let (_, rows, summary, output) = compare(&v).unwrap();
    assert_eq!(output, v.output.text);
    assert!(output.unwrap().contains("email-1"));
    assert!(
        rows[6].starts_with("after-hook: not needed — "),
        "{}",
        rows[6]
    );
    assert!(summary.contains("commits the effect"), "{summary}");
}

#[test]
fn export_holds_notes_setup_ledger_and_runs() {
    let mut d = Driver::new(ExperimentId::Filesystem);
    d.finish();
    d.send(Msg::EditNotes("My <b>notes</b>\nsecond line".into()));
    let text = d.wb.export_notes();
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
    // The Export notes button offers the same text as a file.
    while d.wb.poll_command().is_some() {}
    let v = d.send(Msg::ExportNotes);
    assert_eq!(v.notes.export.as_deref(), Some(text.as_str()));
    let Some(Command::Download {
        what,
        file_name,
        text: offered,
        ..
    }) = d.wb.poll_command()
    else {
        panic!("Export notes offers a download");
    };
    assert_eq!(what, Deliverable::NotesExport);
    assert_eq!(file_name, "filesystem-notes.txt");
    assert_eq!(offered, text);
    assert_eq!(d.wb.poll_command(), None);
}
