//! SPEC 5, playback, through messages with exact clock readings and the
//! view model only. The runs are approved email sends, so a commit shows as
//! a message in the outbox.

#![allow(clippy::unwrap_used)]

mod common;

use common::*;
use gateway_core::view::PageModel;
use gateway_core::{ExperimentId, Handled, Hook, Msg, Role, Speed};
use serde_json::json;

const GATE: u64 = 8_000;
const RUN: u64 = 7 * GATE;
/// Where the clock readings of a test start.
const T0: u64 = 100_000;

/// What the seven gates say of an approved send with no hook.
const SEND_VERDICTS: [&str; 7] = [
    "passed",
    "not-needed",
    "passed",
    "passed",
    "passed",
    "passed",
    "not-needed",
];

/// An approved send as Operator, paused at gate 1.
fn approved_send() -> Driver {
    let mut d = Driver::new(ExperimentId::Email);
    d.send(Msg::SetRole(Role::Operator));
    let v = d.send(Msg::Approve);
    assert!(v.builder.approval.approved);
    assert_eq!(v.gateway.playback.stage, Some(0));
    d
}

fn outbox_len(v: &PageModel) -> usize {
    ledger(v)["outbox"].as_array().unwrap().len()
}

fn runs_finished(v: &PageModel) -> u64 {
    counters(v)["runs_finished"].as_u64().unwrap()
}

/// Paused at gate 1 with nothing revealed, as on load and after an edit.
fn assert_fresh(v: &PageModel) {
    assert_eq!(v.gateway.playback.stage, Some(0));
    assert!(!v.gateway.playback.playing);
    assert!(!v.gateway.playback.finished);
    assert!(v.gateway.playback.next_enabled);
    assert_eq!(v.gateway.playback.frame.progress_permille, 0);
    assert_eq!(v.gateway.playback.play_label, "Play run");
    assert!(v.gateway.gates.iter().all(|r| r.status.id() == "pending"));
    assert!(v.gateway.gates[0].current);
    assert_eq!(
        v.gateway.caption,
        "Paused at gate 1 of 7, schema. Press Play run or Next gate to inspect."
    );
    assert_eq!(v.output.text, None);
}

/// A tick inside one gate's inspection is a frame: only the countdown and
/// the progress change, and the page redraws only those. A tick that
/// reveals a gate, or commits, is applied in full.
#[test]
fn a_tick_within_a_gate_is_a_frame_and_one_across_a_gate_is_not() {
    let mut d = approved_send();
    d.send_at(T0, Msg::Play);
    let before = d.view();
    assert_eq!(d.wb.update(T0 + 4_000, Msg::Tick), Handled::Frame);
    let mut expected = before;
    expected.gateway.playback.frame = d.wb.frame();
    assert_eq!(expected.gateway.playback.frame.progress_permille, 500);
    assert_eq!(expected.gateway.playback.frame.seconds_left, 4);
    assert_eq!(d.wb.view(), expected);

    assert_eq!(d.wb.update(T0 + GATE - 1, Msg::Tick), Handled::Frame);
    assert_eq!(d.wb.update(T0 + GATE, Msg::Tick), Handled::Applied);
    assert_eq!(d.wb.view().gateway.playback.stage, Some(1));
    assert_eq!(d.wb.update(T0 + RUN, Msg::Tick), Handled::Applied);
    assert!(d.wb.view().gateway.playback.finished);
}

#[test]
fn each_gate_takes_eight_seconds_and_the_run_commits_at_fifty_six() {
    let mut d = approved_send();
    let v = d.view();
    assert_fresh(&v);
    assert_eq!(v.gateway.playback.pace, "8 s per gate, 56 s per run");

    let v = d.send_at(T0, Msg::Play);
    assert!(v.gateway.playback.playing);
    assert_eq!(v.gateway.playback.play_label, "Pause");
    assert_eq!(v.gateway.playback.frame.seconds_left, 8);
    assert!(v
        .gateway
        .caption
        .starts_with("Playing at gate 1 of 7, schema."));

    let v = d.send_at(T0 + 4_000, Msg::Tick);
    assert_eq!(v.gateway.playback.stage, Some(0));
    assert_eq!(v.gateway.playback.frame.progress_permille, 500);
    assert_eq!(v.gateway.playback.frame.seconds_left, 4);

    for gate in 1..7 {
        let boundary = T0 + GATE * gate as u64;
        let v = d.send_at(boundary - 1, Msg::Tick);
        assert_eq!(
            v.gateway.playback.stage,
            Some(gate - 1),
            "{} ms",
            boundary - 1 - T0
        );
        assert_eq!(v.gateway.gates[gate - 1].status.id(), "pending");
        let v = d.send_at(boundary, Msg::Tick);
        assert_eq!(v.gateway.playback.stage, Some(gate), "{} ms", boundary - T0);
        assert_eq!(
            v.gateway.gates[gate - 1].status.id(),
            SEND_VERDICTS[gate - 1]
        );
        assert_eq!(v.gateway.playback.frame.progress_permille, 0);
        assert!(v.gateway.playback.playing);
        assert_eq!(outbox_len(&v), 0, "nothing commits before the end");
        assert_eq!(v.output.text, None);
    }
    let v = d.view();
    assert!(
        v.gateway
            .caption
            .starts_with("Playing at gate 7 of 7, after-hook. Gate 6, execution, passed:"),
        "{}",
        v.gateway.caption
    );

    let v = d.send_at(T0 + RUN - 1, Msg::Tick);
    assert_eq!(v.gateway.playback.stage, Some(6));
    assert_eq!(outbox_len(&v), 0);
    assert_eq!(runs_finished(&v), 0);

    let v = d.send_at(T0 + RUN, Msg::Tick);
    assert!(v.gateway.playback.finished);
    assert!(!v.gateway.playback.playing);
    assert_eq!(v.gateway.playback.stage, None);
    assert_eq!(v.gateway.playback.play_label, "Play run");
    let verdicts: Vec<_> = statuses(&v).into_iter().map(|(_, s)| s).collect();
    assert_eq!(verdicts, SEND_VERDICTS);
    assert_eq!(outbox_len(&v), 1);
    assert_eq!(ledger(&v)["outbox"][0]["id"], "email-1");
    assert_eq!(runs_finished(&v), 1);
    assert!(v.output.text.as_deref().unwrap().contains("email-1"));
    assert!(v
        .gateway
        .caption
        .starts_with("Run finished: effect committed"));

    // Time after the end changes nothing.
    let v = d.send_at(T0 + 10 * RUN, Msg::Tick);
    assert_eq!(runs_finished(&v), 1);
    assert_eq!(outbox_len(&v), 1);
}

#[test]
fn one_long_gap_finishes_the_run_exactly_once() {
    let mut d = approved_send();
    d.send_at(T0, Msg::Play);
    let v = d.send_at(T0 + 100 * RUN, Msg::Tick);
    assert!(v.gateway.playback.finished);
    assert_eq!(runs_finished(&v), 1);
    assert_eq!(outbox_len(&v), 1);
    assert_eq!(v.runs.records.len(), 1);
}

#[test]
fn pause_keeps_the_partial_interval() {
    let mut d = approved_send();
    d.send_at(T0, Msg::Play);
    let v = d.send_at(T0 + 3_000, Msg::Pause);
    assert!(!v.gateway.playback.playing);
    assert_eq!(v.gateway.playback.play_label, "Play run");
    assert_eq!(v.gateway.playback.stage, Some(0));
    assert_eq!(v.gateway.playback.frame.progress_permille, 375);
    assert_eq!(v.gateway.playback.frame.seconds_left, 5);
    assert!(v.gateway.caption.starts_with("Paused at gate 1 of 7"));

    // While paused, time does not count.
    let v = d.send_at(T0 + 500_000, Msg::Tick);
    assert_eq!(v.gateway.playback.stage, Some(0));
    assert_eq!(v.gateway.playback.frame.progress_permille, 375);

    // Resumed, the gate needs only its remaining five seconds.
    let t1 = T0 + 600_000;
    d.send_at(t1, Msg::Play);
    let v = d.send_at(t1 + 4_999, Msg::Tick);
    assert_eq!(v.gateway.playback.stage, Some(0));
    let v = d.send_at(t1 + 5_000, Msg::Tick);
    assert_eq!(v.gateway.playback.stage, Some(1));
    assert_eq!(v.gateway.playback.frame.progress_permille, 0);
}

#[test]
fn a_pause_at_the_last_instant_completes_the_run() {
    let mut d = approved_send();
    d.send_at(T0, Msg::Play);
    let v = d.send_at(T0 + RUN - 1, Msg::Pause);
    assert_eq!(v.gateway.playback.stage, Some(6));
    assert_eq!(outbox_len(&v), 0);
    d.send_at(T0 + 2 * RUN, Msg::Play);
    let v = d.send_at(T0 + 2 * RUN + 1, Msg::Pause);
    assert!(v.gateway.playback.finished);
    assert_eq!(outbox_len(&v), 1);

    let mut d = approved_send();
    d.send_at(T0, Msg::Play);
    let v = d.send_at(T0 + RUN, Msg::Pause);
    assert!(
        v.gateway.playback.finished,
        "no elapsed time is lost by pausing"
    );
    assert_eq!(outbox_len(&v), 1);
}

#[test]
fn next_gate_advances_one_gate_pauses_and_discards_the_partial_interval() {
    let mut d = approved_send();
    d.send_at(T0, Msg::Play);
    let v = d.send_at(T0 + 3_000, Msg::Tick);
    assert_eq!(v.gateway.playback.frame.progress_permille, 375);
    let v = d.send_at(T0 + 3_000, Msg::NextGate);
    assert_eq!(v.gateway.playback.stage, Some(1));
    assert!(!v.gateway.playback.playing);
    assert_eq!(v.gateway.playback.frame.progress_permille, 0);
    assert_eq!(v.gateway.playback.frame.seconds_left, 8);
    assert_eq!(v.gateway.gates[0].status.id(), "passed");
    assert!(v.gateway.gates[1].current);

    // Gate 2 takes a whole eight seconds: the three of gate 1 are gone.
    let t1 = T0 + 50_000;
    d.send_at(t1, Msg::Play);
    let v = d.send_at(t1 + GATE - 1, Msg::Tick);
    assert_eq!(v.gateway.playback.stage, Some(1));
    let v = d.send_at(t1 + GATE, Msg::Tick);
    assert_eq!(v.gateway.playback.stage, Some(2));
}

/// SPEC 5: each gate takes 8 inspection seconds, and Next gate advances
/// one gate from the gate under inspection. Every message carries the
/// shell's clock, so a press at 9 s of play, before any Tick reported it,
/// is a press while gate 2 is under inspection.
#[test]
fn next_gate_counts_from_the_gate_the_clock_reading_is_in() {
    let mut d = approved_send();
    d.send_at(T0, Msg::Play);
    let v = d.send_at(T0 + GATE + 1_000, Msg::NextGate);
    assert_eq!(
        v.gateway.playback.stage,
        Some(2),
        "gate 2 was under inspection"
    );

    // And a press after the run's 56 s cannot keep it from having finished.
    let mut d = approved_send();
    d.send_at(T0, Msg::Play);
    let v = d.send_at(T0 + RUN + 1_000, Msg::NextGate);
    assert!(v.gateway.playback.finished);
    assert_eq!(outbox_len(&v), 1);
}

#[test]
fn switching_speed_settles_elapsed_time_at_the_old_rate() {
    // Normal for 4 s (half a gate), then double: the other half takes 2 s.
    let mut d = approved_send();
    d.send_at(T0, Msg::Play);
    let v = d.send_at(T0 + 4_000, Msg::SetSpeed(Speed::Double));
    assert_eq!(v.gateway.playback.frame.progress_permille, 500);
    assert!(v.gateway.playback.playing, "a speed change is not an edit");
    assert!(v.builder.approval.approved);
    assert_eq!(v.gateway.playback.pace, "4 s per gate, 28 s per run");
    assert!(v
        .gateway
        .playback
        .speeds
        .iter()
        .any(|s| s.value == "double" && s.selected));
    let v = d.send_at(T0 + 5_999, Msg::Tick);
    assert_eq!(v.gateway.playback.stage, Some(0));
    let v = d.send_at(T0 + 6_000, Msg::Tick);
    assert_eq!(v.gateway.playback.stage, Some(1));
    // A whole gate at double speed takes 4 s.
    let v = d.send_at(T0 + 9_999, Msg::Tick);
    assert_eq!(v.gateway.playback.stage, Some(1));
    let v = d.send_at(T0 + 10_000, Msg::Tick);
    assert_eq!(v.gateway.playback.stage, Some(2));

    // Normal for 4 s, then quarter: the other half takes 16 s.
    let mut d = approved_send();
    d.send_at(T0, Msg::Play);
    let v = d.send_at(T0 + 4_000, Msg::SetSpeed(Speed::Quarter));
    assert_eq!(v.gateway.playback.pace, "32 s per gate, 224 s per run");
    let v = d.send_at(T0 + 4_000 + 15_999, Msg::Tick);
    assert_eq!(v.gateway.playback.stage, Some(0));
    let v = d.send_at(T0 + 4_000 + 16_000, Msg::Tick);
    assert_eq!(v.gateway.playback.stage, Some(1));

    // Half speed: 16 s a gate; switched while paused, nothing is lost.
    let mut d = approved_send();
    d.send_at(T0, Msg::Play);
    d.send_at(T0 + 2_000, Msg::Pause);
    let v = d.send_at(T0 + 3_000, Msg::SetSpeed(Speed::Half));
    assert_eq!(v.gateway.playback.frame.progress_permille, 250);
    assert_eq!(v.gateway.playback.pace, "16 s per gate, 112 s per run");
    let t1 = T0 + 10_000;
    d.send_at(t1, Msg::Play);
    let v = d.send_at(t1 + 11_999, Msg::Tick);
    assert_eq!(v.gateway.playback.stage, Some(0));
    let v = d.send_at(t1 + 12_000, Msg::Tick);
    assert_eq!(v.gateway.playback.stage, Some(1));
}

#[test]
fn a_whole_run_at_double_speed_takes_twenty_eight_seconds() {
    let mut d = approved_send();
    d.send_at(T0, Msg::SetSpeed(Speed::Double));
    d.send_at(T0, Msg::Play);
    let v = d.send_at(T0 + 27_999, Msg::Tick);
    assert_eq!(v.gateway.playback.stage, Some(6));
    assert_eq!(outbox_len(&v), 0);
    let v = d.send_at(T0 + 28_000, Msg::Tick);
    assert!(v.gateway.playback.finished);
    assert_eq!(outbox_len(&v), 1);
}

#[test]
fn a_hidden_page_pauses_with_a_notice() {
    let mut d = approved_send();
    d.send_at(T0, Msg::Play);
    let v = d.send_at(T0 + GATE + 3_000, Msg::Hidden);
    assert!(!v.gateway.playback.playing);
    assert_eq!(v.gateway.playback.stage, Some(1));
    assert_eq!(v.gateway.playback.frame.progress_permille, 375);
    assert_eq!(v.gateway.notices, ["Paused because the page was hidden."]);
    assert!(v.builder.approval.approved, "hiding is not an edit");

    // Hidden time does not count.
    let v = d.send_at(T0 + 10 * RUN, Msg::Tick);
    assert_eq!(v.gateway.playback.stage, Some(1));
    assert_eq!(outbox_len(&v), 0);

    // Play resumes from there and clears the notice.
    let t1 = T0 + 11 * RUN;
    let v = d.send_at(t1, Msg::Play);
    assert!(v.gateway.notices.is_empty(), "{:?}", v.gateway.notices);
    let v = d.send_at(t1 + 4_999, Msg::Tick);
    assert_eq!(v.gateway.playback.stage, Some(1));
    let v = d.send_at(t1 + 5_000, Msg::Tick);
    assert_eq!(v.gateway.playback.stage, Some(2));

    // Hidden while paused: nothing to pause, no notice.
    d.send_at(t1 + 6_000, Msg::Pause);
    let v = d.send_at(t1 + 7_000, Msg::Hidden);
    assert!(v.gateway.notices.is_empty(), "{:?}", v.gateway.notices);
    assert_eq!(v.gateway.playback.stage, Some(2));
}

/// One input edit of each kind, from a state where it changes something.
fn edits() -> Vec<(&'static str, Vec<Msg>, Msg)> {
    vec![
        ("role", vec![], Msg::SetRole(Role::Viewer)),
        ("hook", vec![], Msg::SetHook(Hook::RedactOutput)),
        ("key", vec![], Msg::SetKey("intent-9".into())),
        ("reuse", vec![], Msg::SetReuse(false)),
        ("approve", vec![Msg::Revoke], Msg::Approve),
        ("revoke", vec![], Msg::Revoke),
        ("tool name", vec![], Msg::SetToolName("shell.exec".into())),
        (
            "example",
            vec![],
            Msg::LoadExample(gateway_core::ExampleKind::Boundary),
        ),
    ]
}

/// Approved send under a fresh key, after one committed send under
/// `first` (so receipt reuse may be turned off).
fn ready_for_a_second_send() -> Driver {
    let mut d = approved_send();
    d.send(Msg::SetKey("first".into()));
    d.send(Msg::Approve);
    d.finish();
    d.send(Msg::SetKey("intent-1".into()));
    let v = d.send(Msg::Approve);
    assert!(v.builder.approval.approved && v.builder.reuse.enabled);
    assert_eq!(outbox_len(&v), 1);
    d
}

#[test]
fn any_input_edit_during_a_run_resets_to_gate_one_paused_and_the_old_plan_never_finishes() {
    let mut cases = edits();
    // Editing the arguments.
    cases.push(("args", vec![], Msg::EditArgs(String::new())));
    for (what, setup, edit) in cases {
        let mut d = ready_for_a_second_send();
        for msg in setup {
            d.send(msg);
        }
        let edit = match edit {
            Msg::EditArgs(_) => Msg::EditArgs(
                d.view()
                    .builder
                    .args
                    .replace("Weekly summary", "Weekly summary, revised"),
            ),
            other => other,
        };
        let before = d.view();
        let finished_before = runs_finished(&before);

        // Play into gate 4, partway.
        let t = d.now + 1;
        d.send_at(t, Msg::Play);
        let v = d.send_at(t + 3 * GATE + 3_000, Msg::Tick);
        assert_eq!(v.gateway.playback.stage, Some(3), "{what}");
        assert!(v.gateway.playback.playing, "{what}");

        let v = d.send_at(t + 3 * GATE + 3_001, edit.clone());
        assert_ne!(
            (
                &v.builder.args,
                &v.builder.tool_name,
                &v.builder.roles,
                &v.builder.hooks,
                &v.builder.key,
                v.builder.reuse,
                &v.builder.approval
            ),
            (
                &before.builder.args,
                &before.builder.tool_name,
                &before.builder.roles,
                &before.builder.hooks,
                &before.builder.key,
                before.builder.reuse,
                &before.builder.approval
            ),
            "{what}: the edit changed an input"
        );
        assert_fresh(&v);
        if what == "approve" {
            assert!(v.builder.approval.approved);
        } else {
            assert!(!v.builder.approval.approved, "{what} clears the approval");
        }

        // Paused: the old plan does not finish, however long it waits.
        let v = d.send_at(t + 100 * RUN, Msg::Tick);
        assert_fresh(&v);
        assert_eq!(runs_finished(&v), finished_before, "{what}");
        assert_eq!(outbox_len(&v), 1, "{what}");
    }
}

#[test]
fn an_edited_subject_at_gate_six_never_sends_the_old_payload() {
    let mut d = approved_send();
    d.send_at(T0, Msg::Play);
    let v = d.send_at(T0 + 5 * GATE + 4_000, Msg::Tick);
    assert_eq!(v.gateway.playback.stage, Some(5), "gate 6 under inspection");
    assert_eq!(status(&v, "approval"), "passed");

    let edited = v
        .builder
        .args
        .replace("Weekly summary", "Weekly summary, revised");
    let v = d.send_at(T0 + 5 * GATE + 4_500, Msg::EditArgs(edited));
    assert_fresh(&v);
    assert!(!v.builder.approval.approved);

    // Keep ticking: nothing commits, because it is paused.
    for t in [T0 + RUN - 1, T0 + RUN, T0 + 2 * RUN, T0 + 50 * RUN] {
        let v = d.send_at(t, Msg::Tick);
        assert_fresh(&v);
        assert_eq!(outbox_len(&v), 0);
        assert_eq!(runs_finished(&v), 0);
    }

    // Seven presses of Next gate inspect the new payload: not approved.
    let mut v = d.view();
    for press in 1..=7 {
        assert_eq!(outbox_len(&v), 0, "before press {press}");
        v = d.send(Msg::NextGate);
    }
    assert!(v.gateway.playback.finished);
    assert_rejected_at(&v, "approval");
    assert_eq!(outbox_len(&v), 0, "not the old effect");
    assert_eq!(counters(&v)["rejections"]["approval"], 1);
    assert_eq!(counters(&v)["effects_committed"], 0);
}

#[test]
fn restart_keeps_ledger_and_approval() {
    let mut d = approved_send();
    d.send_at(T0, Msg::Play);
    let v = d.send_at(T0 + 3 * GATE + 100, Msg::Tick);
    assert_eq!(v.gateway.playback.stage, Some(3));
    let v = d.send_at(T0 + 3 * GATE + 200, Msg::Restart);
    assert_fresh(&v);
    assert!(v.builder.approval.approved, "restart keeps the approval");
    assert_eq!(outbox_len(&v), 0);
    // The interrupted run never finishes.
    let v = d.send_at(T0 + 10 * RUN, Msg::Tick);
    assert_fresh(&v);
    assert_eq!(runs_finished(&v), 0);

    let v = d.finish();
    assert_eq!(outbox_len(&v), 1);

    // Restart after the commit: not undo.
    let v = d.send(Msg::Restart);
    assert_fresh(&v);
    assert!(v.builder.approval.approved);
    assert_eq!(outbox_len(&v), 1);
    assert_eq!(ledger(&v)["outbox"][0]["id"], "email-1");
    let v = d.finish();
    assert_all_pass(&v);
    assert_eq!(status(&v, "execution"), "not-needed");
    assert_eq!(outbox_len(&v), 1);
    assert_eq!(counters(&v)["receipts_reused"], 1);
}

#[test]
fn reset_synthetic_ledger_restores_fixtures_and_keeps_the_request() {
    let mut d = approved_send();
    let fixtures = d.view().ledger.json;
    d.finish();
    let v = d.send(Msg::SetReuse(false));
    assert!(!v.builder.reuse.checked && v.builder.reuse.enabled);
    d.send(Msg::SetHook(Hook::RedactOutput));
    d.send(Msg::SetKey("intent-7".into()));
    let v = d.send(Msg::Approve);
    assert!(v.builder.approval.approved);
    assert_ne!(v.ledger.json, fixtures);
    let request = (
        v.builder.tool_name.clone(),
        v.builder.args.clone(),
        v.builder.key.clone(),
    );
    let (roles, hooks) = (v.builder.roles.clone(), v.builder.hooks.clone());

    // Mid-run.
    d.send_at(d.now + 1, Msg::Play);
    let t = d.now;
    let v = d.send_at(t + 2 * GATE + 10, Msg::Tick);
    assert_eq!(v.gateway.playback.stage, Some(2));
    let v = d.send_at(t + 2 * GATE + 20, Msg::ResetLedger);
    assert_fresh(&v);
    assert_eq!(v.ledger.json, fixtures, "fixtures, no receipts, no counts");
    assert_eq!(ledger(&v)["receipts"], json!([]));
    assert!(!v.builder.approval.approved, "approval cleared");
    assert!(v.builder.approval.can_approve);
    assert!(v.builder.reuse.checked, "reuse back on");
    assert!(
        !v.builder.reuse.enabled,
        "and not offered until a new mutation"
    );
    assert_eq!(
        (
            v.builder.tool_name.clone(),
            v.builder.args.clone(),
            v.builder.key.clone()
        ),
        request
    );
    assert_eq!(v.builder.roles, roles);
    assert_eq!(v.builder.hooks, hooks);
    // The interrupted run never finishes.
    let v = d.send_at(t + 10 * RUN, Msg::Tick);
    assert_eq!(v.ledger.json, fixtures);

    // Ids start again at email-1.
    d.send(Msg::Approve);
    let v = d.finish();
    assert_eq!(outbox_len(&v), 1);
    assert_eq!(ledger(&v)["outbox"][0]["id"], "email-1");
    assert_eq!(counters(&v)["runs_finished"], 1);
}

#[test]
fn play_after_a_finished_run_starts_another_with_a_fresh_plan() {
    let mut d = approved_send();
    d.send_at(T0, Msg::Play);
    let v = d.send_at(T0 + RUN, Msg::Tick);
    assert!(v.gateway.playback.finished);
    assert_eq!(outbox_len(&v), 1);

    let t1 = T0 + 2 * RUN;
    let v = d.send_at(t1, Msg::Play);
    assert!(v.gateway.playback.playing);
    assert!(!v.gateway.playback.finished);
    assert!(v.gateway.playback.next_enabled);
    assert_eq!(v.gateway.playback.stage, Some(0));
    assert!(v.gateway.gates.iter().all(|r| r.status.id() == "pending"));
    assert_eq!(
        v.output.text, None,
        "the old output is gone with the old run"
    );
    let v = d.send_at(t1 + RUN - 1, Msg::Tick);
    assert_eq!(v.gateway.playback.stage, Some(6));
    assert_eq!(runs_finished(&v), 1);
    let v = d.send_at(t1 + RUN, Msg::Tick);
    assert!(v.gateway.playback.finished);
    assert_eq!(runs_finished(&v), 2);
    // Planned against the ledger as it now is: the receipt is replayed.
    assert_eq!(outbox_len(&v), 1);
    assert_eq!(counters(&v)["receipts_reused"], 1);
    assert_eq!(v.runs.records.len(), 2);
}

#[test]
fn next_gate_is_disabled_after_a_finished_run_until_play_restart_or_an_edit() {
    for (what, msg) in [
        ("play", Msg::Play),
        ("restart", Msg::Restart),
        ("edit", Msg::SetKey("intent-2".into())),
    ] {
        let mut d = approved_send();
        let v = d.finish();
        assert!(!v.gateway.playback.next_enabled);
        assert_eq!(runs_finished(&v), 1);

        // Pressing it anyway changes nothing at all.
        let v2 = d.send(Msg::NextGate);
        assert_eq!(v2, v, "{what}");
        let v2 = d.send(Msg::Tick);
        assert_eq!(v2, v, "{what}");

        let v = d.send(msg);
        assert!(v.gateway.playback.next_enabled, "{what}");
        assert_eq!(v.gateway.playback.stage, Some(0), "{what}");
        let v = d.send(Msg::NextGate);
        assert_eq!(v.gateway.playback.stage, Some(1), "{what}");
    }
}
