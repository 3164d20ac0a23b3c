//! The learner's bugs of issue 10 that the core decides, each on both
//! sides: what the page said wrongly before, and what it says now.

#![allow(clippy::unwrap_used, clippy::panic)]

mod common;

use common::{assert_rejected_at, Driver};
use gateway_core::view::BaselineView;
use gateway_core::{ExampleKind, ExperimentId, Hook, Msg, Role, ToolId};

/// Bug 2: Following the calendar experiment's own words reaches the execution
/// gate's overlap, not the idempotency gate.
#[test]
fn the_calendar_text_leads_to_the_overlap_at_execution() {
    let mut d = Driver::new(ExperimentId::Calendar);
    let words = d.view().experiment.instructions.clone();
    assert!(words.contains("intent-2"), "{words}");
    d.send(Msg::SetRole(Role::Operator));
    d.send(Msg::Approve);
    d.finish();
    // "move it onto lunch (12:00 to 13:00), give it a new operation key (intent-2)"
    let args = d
        .view()
        .builder
        .args
        .replace("\"14:00\"", "\"12:00\"")
        .replace("\"15:00\"", "\"13:00\"");
    assert!(args.contains("12:00") && args.contains("13:00"), "{args}");
    d.send(Msg::EditArgs(args));
    d.send(Msg::SetKey("intent-2".into()));
    d.send(Msg::Approve);
    let v = d.finish();
    assert_rejected_at(&v, "execution");
    // With the old key the same edit stops at idempotency, as the text warns.
    d.send(Msg::SetKey("intent-1".into()));
    d.send(Msg::Approve);
    assert_rejected_at(&d.finish(), "idempotency");
}

/// Bug 3: While playing, the caption at gate 1 does not ask to press Play.
#[test]
fn the_caption_while_playing_does_not_ask_for_play() {
    let mut d = Driver::new(ExperimentId::Email);
    let paused = d.view().gateway.caption;
    assert!(paused.contains("Press Play run"), "{paused}");
    let playing = d.send(Msg::Play).gateway.caption;
    assert!(!playing.contains("Press Play run"), "{playing}");
    assert!(playing.contains("Pause"), "{playing}");
}

/// Bug 4: A fresh page holding the experiment's own request does not say it
/// was edited; a name with no examples selects none.
#[test]
fn the_example_select_says_what_the_editor_holds() {
    let mut d = Driver::new(ExperimentId::Filesystem);
    let v = d.view();
    assert!(v.builder.examples.iter().all(|c| !c.selected));
    assert_eq!(v.builder.example_placeholder, "Start request");
    let v = d.send(Msg::EditArgs("{}".into()));
    assert_eq!(v.builder.example_placeholder, "Edited");
    let mut d = Driver::new(ExperimentId::Email);
    assert!(
        d.view().builder.examples[0].selected,
        "the valid example is loaded"
    );
    let v = d.send(Msg::SetToolName("shell.exec".into()));
    assert!(v.builder.examples.iter().all(|c| !c.selected && !c.enabled));
    assert_eq!(
        v.builder.example_placeholder,
        "No examples for this tool name"
    );
    // Back to a registered name: its example shows again.
    let v = d.send(Msg::SetToolName("email".into()));
    assert!(v.builder.examples[0].selected);
}

/// Bug 5: After a run, the preview says what the run did.
#[test]
fn the_preview_after_a_run_says_what_it_did() {
    let mut d = Driver::new(ExperimentId::Email);
    d.send(Msg::SetRole(Role::Operator));
    d.send(Msg::Approve);
    let before = d.view().preview.summary;
    assert!(before.starts_with("Finishing commits"), "{before}");
    let after = d.finish().preview.summary;
    assert!(!after.contains("Finishing"), "{after}");
    assert!(
        after.starts_with("Run finished: effect committed"),
        "{after}"
    );
}

/// Bug 7: One character is one character.
#[test]
fn a_bound_of_one_is_singular() {
    let mut d = Driver::new(ExperimentId::Email);
    d.send(Msg::EditArgs(
        r#"{"to": "learner@example.test", "subject": "", "body": "b"}"#.into(),
    ));
    let v = d.finish();
    assert_eq!(
        common::reason(&v, "schema"),
        "subject must be at least 1 character (got 0)"
    );
    let mut d = Driver::new(ExperimentId::Email);
    d.send(Msg::EditArgs(format!(
        r#"{{"to": "learner@example.test", "subject": "{}", "body": "b"}}"#,
        "s".repeat(121)
    )));
    let v = d.finish();
    assert_eq!(
        common::reason(&v, "schema"),
        "subject must be at most 120 characters (got 121)"
    );
}

/// Bug 1 (the core's part): The baseline's Live column names the role and the
/// hook, and follows the inputs after Capture.
#[test]
fn the_live_column_follows_the_inputs_and_names_role_and_hook() {
    let mut d = Driver::new(ExperimentId::Email);
    d.send(Msg::CaptureBaseline);
    let live = |d: &Driver| match d.view().baseline.compare {
        BaselineView::Compare(c) => c.live_setup,
        BaselineView::Empty(_) => panic!("no baseline"),
    };
    assert!(
        live(&d).starts_with("Role: Viewer · Hook: None · Key: intent-1 · Not approved."),
        "{}",
        live(&d)
    );
    d.send(Msg::SetRole(Role::Operator));
    d.send(Msg::SetHook(Hook::RedactOutput));
    assert!(
        live(&d).starts_with("Role: Operator · Hook: Redact output"),
        "{}",
        live(&d)
    );
}

/// Bug 13: The runs log names each gate with its verdict.
#[test]
fn the_runs_log_names_the_gates() {
    let mut d = Driver::new(ExperimentId::Email);
    d.send(Msg::SelectTool(ToolId::Email));
    let v = d.finish();
    assert_eq!(
        v.runs.records[0].outcomes,
        "Gates: schema passed, before-hook not needed, role rejected, approval skipped, \
         idempotency skipped, execution skipped, after-hook skipped"
    );
}

/// Faster inspection: Finish run completes every gate left, committing only
/// at the seventh, once; it means nothing after the run.
#[test]
fn finish_run_completes_the_run_and_commits_once() {
    let mut d = Driver::new(ExperimentId::Email);
    d.send(Msg::SetRole(Role::Operator));
    d.send(Msg::Approve);
    d.send(Msg::NextGate);
    assert!(common::ledger(&d.view())["outbox"]
        .as_array()
        .unwrap()
        .is_empty());
    let v = d.send(Msg::FinishRun);
    assert!(v.gateway.playback.finished);
    assert_eq!(common::ledger(&v)["outbox"].as_array().unwrap().len(), 1);
    assert_eq!(v.runs.records.len(), 1, "one run recorded");
    let again = d.wb.update(d.now + 10, Msg::FinishRun);
    assert_eq!(
        again,
        gateway_core::Handled::Ignored(gateway_core::Ignored::RunFinished)
    );
    // From gate 1 of a fresh run, the same as seven Next gate presses.
    let mut a = Driver::new(ExperimentId::Calendar);
    let mut b = Driver::new(ExperimentId::Calendar);
    for d in [&mut a, &mut b] {
        d.send(Msg::SetRole(Role::Operator));
        d.send(Msg::Approve);
    }
    a.send(Msg::FinishRun);
    b.finish();
    assert_eq!(a.view().ledger.json, b.view().ledger.json);
    assert_eq!(a.view().gateway.gates, b.view().gateway.gates);
}

/// The keyboard shortcuts the page lists.
#[test]
fn shortcuts_map_to_the_inspection_controls() {
    let mut d = Driver::new(ExperimentId::Email);
    assert_eq!(d.wb.shortcut("n"), Some(Msg::NextGate));
    assert_eq!(d.wb.shortcut("p"), Some(Msg::Play));
    assert_eq!(d.wb.shortcut("r"), Some(Msg::Restart));
    assert_eq!(d.wb.shortcut("f"), Some(Msg::FinishRun));
    assert_eq!(d.wb.shortcut("x"), None);
    assert_eq!(d.wb.shortcut("Enter"), None);
    d.send(Msg::Play);
    assert_eq!(d.wb.shortcut("p"), Some(Msg::Pause));
    let hint = d.view().labels.shortcuts.clone();
    for key in [
        "N next gate",
        "P play or pause",
        "R restart",
        "F finish run",
    ] {
        assert!(hint.contains(key), "{hint}");
    }
}

/// Feedback while typing: the schema gate's verdict on the arguments as
/// they stand, before any run.
#[test]
fn the_editor_shows_the_schema_verdict_as_the_learner_types() {
    let mut d = Driver::new(ExperimentId::Email);
    let v = d.view();
    assert_eq!(
        (v.builder.args_verdict.as_str(), v.builder.args_valid),
        ("Valid email request", true)
    );
    let v = d.send(Msg::EditArgs(
        "{\n  \"to\": \"learner@example.test\",\n}".into(),
    ));
    assert!(!v.builder.args_valid);
    assert_eq!(
        v.builder.args_verdict,
        "Malformed JSON at line 3, column 1: a comma just before “}”, where JSON allows none"
    );
    let v = d.send(Msg::EditArgs(
        r#"{"to": "learner@example.test", "subject": "", "body": "b"}"#.into(),
    ));
    assert_eq!(
        v.builder.args_verdict,
        "subject must be at least 1 character (got 0)"
    );
    // The gates have not run: only the verdict says so.
    assert_eq!(v.gateway.playback.stage, Some(0));
}

/// Bug 6: inputs that mean nothing for the call are disabled, with the
/// reason: the key for a read, Block mutations for a tool that only reads.
#[test]
fn irrelevant_policy_inputs_are_disabled_with_the_reason() {
    let block = |v: &gateway_core::view::PageModel| {
        v.builder
            .hooks
            .iter()
            .find(|h| h.value == "block-mutations")
            .unwrap()
            .enabled
    };
    let mut d = Driver::new(ExperimentId::Search);
    let v = d.view();
    assert!(!v.builder.key_enabled, "a search is a read");
    assert!(!block(&v), "search only reads");
    assert_eq!(
        v.builder.policy_notes,
        [
            "a read changes nothing, so no key is needed",
            "Block mutations does nothing here: search only reads."
        ]
    );
    assert_eq!(
        d.wb.update(d.now + 10, Msg::SetHook(Hook::BlockMutations)),
        gateway_core::Handled::Ignored(gateway_core::Ignored::NothingToBlock)
    );
    // The files tool reads or writes: the hook applies; the key only to a write.
    let mut d = Driver::new(ExperimentId::Filesystem);
    let v = d.view();
    assert!(block(&v) && !v.builder.key_enabled);
    assert_eq!(
        v.builder.policy_notes,
        ["a read changes nothing, so no key is needed"]
    );
    let v = d.send(Msg::LoadExample(gateway_core::ExampleKind::Valid));
    let write = v.builder.args.contains("\"write\"");
    assert_eq!(v.builder.key_enabled, write, "{}", v.builder.args);
    // A send needs its key; a request that is not a call keeps it editable.
    let mut d = Driver::new(ExperimentId::Email);
    assert!(d.view().builder.key_enabled && d.view().builder.policy_notes.is_empty());
    assert!(d.send(Msg::EditArgs("{".into())).builder.key_enabled);
}

/// Bug 8: the countdown rounds up (7.7 s left reads 8 s, never 7).
#[test]
fn the_countdown_rounds_up() {
    let mut d = Driver::new(ExperimentId::Email);
    assert_eq!(d.view().gateway.playback.frame.seconds_left, 8);
    d.wb.update(1_000, Msg::Play);
    for (at, left) in [(1_300, 8), (1_999, 8), (2_001, 7), (8_500, 1), (8_999, 1)] {
        d.wb.update(at, Msg::Tick);
        assert_eq!(
            d.wb.view().gateway.playback.frame.seconds_left,
            left,
            "at {at} ms"
        );
    }
}

/// The ledger shows what changed: the entry the last run committed (or
/// whose receipt it returned), with before → after for a file or a key,
/// until the next run starts; nothing for a rejected run or a read.
#[test]
fn the_ledger_marks_what_the_last_run_changed() {
    let approved_run = |d: &mut Driver| {
        d.send(Msg::SetRole(Role::Operator));
        d.send(Msg::Approve);
        d.finish()
    };
    let at = |v: &gateway_core::view::PageModel| {
        let c = v.ledger.change.as_ref().unwrap();
        (c.section, c.item, c.text.clone())
    };
    // A send: the new message, the outbox's first item.
    let mut d = Driver::new(ExperimentId::Email);
    assert_eq!(d.view().ledger.change, None);
    let v = approved_run(&mut d);
    assert_eq!(
        at(&v),
        (
            0,
            0,
            "Changed by the last run: appends email-1 for learner@example.test to the outbox"
                .into()
        )
    );
    // The same key again: the receipt, nothing changed.
    let v = d.send(Msg::Restart);
    assert_eq!(v.ledger.change, None, "a new run clears the mark");
    let v = d.finish();
    assert_eq!(
        at(&v),
        (
            4,
            0,
            "The last run returned the receipt of \"intent-1\" again: nothing changed".into()
        )
    );
    // A database set: before → after.
    let mut d = Driver::new(ExperimentId::Database);
    let v = approved_run(&mut d);
    assert_eq!(
        at(&v),
        (3, 0, "Changed by the last run: seats 120 → 140".into())
    );
    // A file write: the old and the new content.
    let mut d = Driver::new(ExperimentId::Filesystem);
    d.send(Msg::LoadExample(gateway_core::ExampleKind::Valid));
    let v = approved_run(&mut d);
    let (section, item, text) = at(&v);
    assert_eq!((section, item), (2, 0), "{text}");
    assert_eq!(
        text,
        "Changed by the last run: /workspace/notes.txt \"Original notes: review the quarterly plan on Friday.\" → \"Revised notes: approved by the operator.\""
    );
    // A rejected run and a read mark nothing.
    let mut d = Driver::new(ExperimentId::Email);
    assert_eq!(d.finish().ledger.change, None, "rejected at the role gate");
    let mut d = Driver::new(ExperimentId::Search);
    assert_eq!(d.finish().ledger.change, None, "a read");
}

/// Bug 14 (the core's part): the note on what `file://` changes is there
/// only for a page opened from a file.
#[test]
fn the_file_note_is_only_for_a_page_opened_from_a_file() {
    use gateway_core::opening::{open, Address, Opening, Query};
    for from_file in [true, false] {
        let address = Address {
            query: &Query::parse("?experiment=email"),
            fragment: "",
            framed: false,
            from_file,
            single_file: false,
            locale: gateway_core::text::Locale::default(),
            inflated: None,
        };
        let Opening::Workbench(wb) = open(address, &|_| gateway_core::command::Read::Absent) else {
            panic!("email did not open");
        };
        assert_eq!(wb.view().masthead.file_note.is_some(), from_file);
    }
}

/// Loading an example or choosing another tool after an edit can be
/// undone; with nothing of the learner's replaced there is no Undo.
#[test]
fn an_example_or_a_tool_choice_after_an_edit_can_be_undone() {
    let mut d = Driver::new(ExperimentId::Email);
    assert_eq!(
        d.view().builder.undo,
        None,
        "nothing to undo on a fresh page"
    );
    d.send(Msg::LoadExample(ExampleKind::Malformed));
    assert_eq!(
        d.view().builder.undo,
        None,
        "an example replacing an example is no loss"
    );
    let mine = "{\"to\": \"me@example.test\", \"subject\": \"mine\", \"body\": \"x\"}";
    d.send(Msg::EditArgs(mine.into()));
    d.send(Msg::LoadExample(ExampleKind::Valid));
    let v = d.view();
    assert_eq!(
        v.builder.undo.as_deref(),
        Some("Undo: put back my arguments")
    );
    // A second replacement still puts back the learner's text, not the example.
    d.send(Msg::SelectTool(ToolId::Calendar));
    assert_eq!(d.view().builder.tool_name, "calendar");
    d.send(Msg::UndoReplace);
    let v = d.view();
    assert_eq!(
        (v.builder.tool_name.as_str(), v.builder.args.as_str()),
        ("email", mine)
    );
    assert_eq!(v.builder.undo, None, "Undo is used up");
    // An edit after a replacement keeps the new text: no Undo.
    d.send(Msg::SelectTool(ToolId::Search));
    d.send(Msg::EditArgs("{\"query\": \"x\"}".into()));
    assert_eq!(d.view().builder.undo, None);
    assert_eq!(
        d.wb.update(d.now, Msg::UndoReplace),
        gateway_core::Handled::Ignored(gateway_core::Ignored::NothingToUndo)
    );
}

/// The experiment's own starting text is not the learner's: replacing it
/// offers no Undo.
#[test]
fn the_starting_text_is_not_the_learners() {
    let mut d = Driver::new(ExperimentId::Filesystem);
    d.send(Msg::LoadExample(ExampleKind::Valid));
    assert_eq!(d.view().builder.undo, None);
}

/// While an approval stands the page shows what it is for; after an edit
/// clears it, what changed since.
#[test]
fn the_approval_shows_its_payload_and_an_edit_says_what_changed() {
    let mut d = Driver::new(ExperimentId::Email);
    d.send(Msg::SetRole(Role::Operator));
    let v = d.send(Msg::Approve);
    assert!(v.builder.approval.approved);
    assert!(
        v.builder
            .approval
            .status
            .contains("\"subject\":\"Weekly summary\""),
        "the approved payload is shown: {}",
        v.builder.approval.status
    );
    let edited = v.builder.args.replace("Weekly summary", "Monthly summary");
    let v = d.send(Msg::EditArgs(edited));
    assert!(!v.builder.approval.approved);
    assert_eq!(
        v.builder.approval.status,
        "subject changed: the approval was for \"Weekly summary\". Approve the new payload to run it."
    );
    // A policy input changes no field: the status names it.
    let v = d.send(Msg::Approve);
    assert!(v.builder.approval.approved);
    let v = d.send(Msg::SetKey("intent-2".into()));
    assert_eq!(
        v.builder.approval.status,
        "Operation key changed: the approval was given under the settings before. \
         Approve it again to run it."
    );
    let v = d.send(Msg::Approve);
    assert!(v.builder.approval.approved);
    let v = d.send(Msg::SetHook(Hook::BlockMutations));
    assert!(
        v.builder.approval.status.starts_with("Hook changed: "),
        "{}",
        v.builder.approval.status
    );
    // Put the key back: what changed since is still the hook, which is
    // the newer change.
    let v = d.send(Msg::SetKey("intent-1".into()));
    assert!(
        v.builder
            .approval
            .status
            .starts_with("Operation key changed: "),
        "{}",
        v.builder.approval.status
    );
    // Another tool.
    d.send(Msg::Approve);
    let v = d.send(Msg::SelectTool(ToolId::Calendar));
    assert!(
        v.builder
            .approval
            .status
            .starts_with("The request changed: the approval was for email {"),
        "{}",
        v.builder.approval.status
    );
    // Revoking says nothing of a lapse.
    d.send(Msg::SelectTool(ToolId::Email));
    d.send(Msg::Approve);
    let v = d.send(Msg::Revoke);
    assert!(
        v.builder.approval.status.starts_with("Not approved."),
        "{}",
        v.builder.approval.status
    );
}

/// An approved write edited into a read: the status never asks for an
/// approval that Approve cannot give; it says a read needs none.
#[test]
fn a_write_edited_into_a_read_says_no_approval_is_needed() {
    let mut d = Driver::new(ExperimentId::Filesystem);
    d.send(Msg::SetRole(Role::Operator));
    let write = r#"{"operation":"write","path":"/workspace/notes.txt","content":"new"}"#;
    d.send(Msg::EditArgs(write.into()));
    assert!(d.send(Msg::Approve).builder.approval.approved);
    let read = r#"{"operation":"read","path":"/workspace/notes.txt"}"#;
    let v = d.send(Msg::EditArgs(read.into()));
    assert!(!v.builder.approval.can_approve);
    assert_eq!(
        v.builder.approval.status,
        "content changed: the approval was for \"new\". A read needs no approval."
    );
}

/// A clicked gate card tells its reason in the caption (and nothing of a
/// gate not inspected yet) until the stage moves; it never advances.
#[test]
fn a_clicked_gate_card_tells_its_reason_in_the_caption() {
    let mut d = Driver::new(ExperimentId::Email);
    d.send(Msg::NextGate);
    d.send(Msg::NextGate);
    let at = d.view();
    let v = d.send(Msg::ShowGate(gateway_core::Gate::Schema));
    assert_eq!(
        v.gateway.caption,
        "Gate 1, schema, passed: email arguments fit the declared schema (send risk)."
    );
    assert_eq!(
        v.gateway.playback.stage, at.gateway.playback.stage,
        "showing a gate does not advance"
    );
    assert_eq!(v.gateway.gates, at.gateway.gates);
    let v = d.send(Msg::ShowGate(gateway_core::Gate::Execution));
    assert!(
        v.gateway
            .caption
            .starts_with("Gate 6, execution, is not inspected yet"),
        "{}",
        v.gateway.caption
    );
    // The next stage tells its own story again.
    let v = d.send(Msg::NextGate);
    assert!(
        v.gateway.caption.starts_with("Paused at gate 4 of 7"),
        "{}",
        v.gateway.caption
    );
    // After the run, every card tells its reason.
    let v = d.send(Msg::FinishRun);
    let finished = v.gateway.caption.clone();
    let v = d.send(Msg::ShowGate(gateway_core::Gate::Approval));
    assert!(
        v.gateway.caption.starts_with("Gate 4, approval, skipped:"),
        "{}",
        v.gateway.caption
    );
    assert_ne!(v.gateway.caption, finished);
}

/// Bug 13: the runs log says when each run ended, as a time of day once
/// the shell told the wall clock, and the arguments the run had.
#[test]
fn the_runs_log_has_a_time_of_day_and_the_arguments() {
    let mut d = Driver::new(ExperimentId::Search);
    let v = d.finish();
    assert!(
        v.runs.records[0]
            .summary
            .contains("s after the page opened"),
        "{}",
        v.runs.records[0].summary
    );
    assert!(
        v.runs.records[0].args.starts_with("Arguments: {"),
        "{}",
        v.runs.records[0].args
    );
    assert!(
        v.runs.records[0].args.contains("\"query\""),
        "{}",
        v.runs.records[0].args
    );
    // 2025-12-01 23:59:58 UTC when the run ended, seen in UTC+8: 07:59:58.
    let origin = 1_764_633_598_000;
    let v = d.send(Msg::WallClock {
        origin_ms: origin - d.now,
        utc_offset_min: 480,
    });
    assert!(
        v.runs.records[0].summary.contains(" · at 07:59:5"),
        "{}",
        v.runs.records[0].summary
    );
}

/// After a rejected run the caption says what the learner can change,
/// by the gate that rejected it; during a turn, whose calls are the
/// model's, it says nothing of the kind.
#[test]
fn a_rejected_run_says_what_to_change_next() {
    let caption_after = |experiment, msgs: Vec<Msg>| {
        let mut d = Driver::new(experiment);
        for msg in msgs {
            d.send(msg);
        }
        d.finish().gateway.caption
    };
    let ends = |caption: &str, way_on: &str| {
        assert!(caption.ends_with(way_on), "{caption}");
    };
    ends(
        &caption_after(ExperimentId::Email, vec![]),
        "The ledger is unchanged. Choose a role that may make this call to inspect again.",
    );
    // The approval gate's reason names Approve exact payload itself.
    ends(
        &caption_after(ExperimentId::Email, vec![Msg::SetRole(Role::Operator)]),
        "(Approve exact payload). The ledger is unchanged.",
    );
    ends(
        &caption_after(ExperimentId::Email, vec![Msg::EditArgs("{".into())]),
        "Edit the request: the verdict under the editor says what to fix.",
    );
    ends(
        &caption_after(
            ExperimentId::Email,
            vec![
                Msg::SetRole(Role::Operator),
                Msg::SetKey(String::new()),
                Msg::Approve,
            ],
        ),
        "Change the operation key to inspect again.",
    );
    ends(
        &caption_after(
            ExperimentId::Registry,
            vec![
                Msg::SetRole(Role::Operator),
                Msg::ChooseTool("files.delete".into()),
            ],
        ),
        "No role may make this call: choose another tool.",
    );
    ends(
        &caption_after(
            ExperimentId::Email,
            vec![
                Msg::SetRole(Role::Operator),
                Msg::SetHook(Hook::BlockMutations),
            ],
        ),
        "Choose another hook, or another request, to inspect again.",
    );
}

/// A rejected call of an agent turn: the caption gives the verdict, and
/// the turn (not the caption) says what moves it on.
#[test]
fn a_rejected_call_of_a_turn_says_no_way_on_of_the_editor() {
    let mut d = Driver::new(ExperimentId::Registry);
    d.send(Msg::EditDecision(
        r#"[{"name": "email", "args": {"to": "learner@example.test", "subject": "s", "body": "b"}}]"#
            .into(),
    ));
    d.send(Msg::StartTurn);
    let caption = d.finish().gateway.caption;
    assert!(
        caption.ends_with("The ledger is unchanged."),
        "the role gate rejects the Viewer's send, and nothing follows: {caption}"
    );
}

/// Under a finished run, the line below the gates counts the goals
/// reached, which sit below the fold beside the ledger on most screens.
#[test]
fn a_finished_run_counts_the_goals_reached_under_the_gates() {
    let mut d = Driver::new(ExperimentId::Email);
    let v = d.finish();
    assert_eq!(
        v.gateway.playback.frame.progress_text,
        "Run finished. Goals reached: 0 of 4."
    );
    d.send(Msg::SetRole(Role::Operator));
    d.send(Msg::Approve);
    let v = d.finish();
    assert_eq!(
        v.gateway.playback.frame.progress_text,
        "Run finished. Goals reached: 1 of 4."
    );
    // Before the run finishes it counts the inspection, not the goals.
    let v = d.send(Msg::Restart);
    assert!(
        v.gateway
            .playback
            .frame
            .progress_text
            .starts_with("Gate 1 of 7"),
        "{}",
        v.gateway.playback.frame.progress_text
    );
}
