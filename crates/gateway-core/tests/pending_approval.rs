//! Pending approval in agent turns (issue 11, seed 002: "calendar.create 應產生
//! pending approval"): a write or send call that passes schema, hook and
//! role waits at the approval gate; the person approves or rejects exactly
//! that call, and the turn goes on at the learner's Next call.

#![allow(clippy::unwrap_used)]

mod common;

use common::*;
use gateway_core::{ExperimentId, Handled, Ignored, Msg, Role};

const DECISION: &str = r#"[
  {"name": "calendar", "args": {"title": "Design review", "start": "14:00", "end": "15:00"}},
  {"name": "email", "args": {"to": "learner@example.test", "subject": "Review", "body": "At two."}},
  {"text": "I scheduled the design review and sent the email."}
]"#;

/// The registry experiment as an Operator, the decision's first call
/// waiting at the approval gate.
fn waiting() -> Driver {
    let mut d = Driver::new(ExperimentId::Registry);
    d.send(Msg::SetRole(Role::Operator));
    d.send(Msg::EditDecision(DECISION.into()));
    d.send(Msg::StartTurn);
    for _ in 0..3 {
        d.send(Msg::NextGate);
    }
    assert!(d.wb.pending());
    d
}

fn runs(d: &Driver) -> serde_json::Value {
    counters(&d.view())["runs_finished"].clone()
}

#[test]
fn a_write_call_waits_at_the_approval_gate_showing_its_exact_payload() {
    let d = waiting();
    let v = d.view();
    assert_eq!(v.gateway.playback.stage, Some(3));
    assert_eq!(status(&v, "approval"), "awaiting");
    assert_eq!(
        reason(&v, "approval"),
        "this write waits for your decision: approve or reject exactly this call"
    );
    assert!(v.gateway.caption.starts_with(
        "Paused at gate 4, approval: call 1 of the turn, calendar, waits for your decision."
    ));
    let p = v.gateway.pending.unwrap();
    assert_eq!(p.tool, "Tool: calendar (write)");
    assert_eq!(
        p.payload,
        "{\n  \"end\": \"15:00\",\n  \"start\": \"14:00\",\n  \"title\": \"Design review\"\n}",
        "the canonical payload the approval binds to"
    );
    assert_eq!(v.turn.calls[0].state, "awaiting");
    assert_eq!(
        v.turn.counts.as_deref(),
        Some("Calls run: 0 · awaiting your approval: 1 · approved by you: 0 · rejected by you: 0")
    );
    // Time and Next gate do not decide for the person.
    let mut d = d;
    assert_eq!(
        d.wb.update(d.now, Msg::NextGate),
        Handled::Ignored(Ignored::AwaitingDecision)
    );
    let v = d.send_at(d.now + 1_000_000, Msg::Tick);
    assert_eq!(v.gateway.playback.stage, Some(3));
    assert_eq!(runs(&d), serde_json::json!(0));
}

#[test]
fn approve_runs_that_exact_call_on_and_the_turn_continues() {
    let mut d = waiting();
    let v = d.send(Msg::Approve);
    assert_eq!(
        v.gateway.playback.stage,
        Some(3),
        "approval goes on from its gate"
    );
    assert!(v.gateway.pending.is_none());
    assert!(v.builder.approval.approved);
    for _ in 3..7 {
        d.send(Msg::NextGate);
    }
    let v = d.view();
    assert_eq!(v.turn.calls[0].state, "committed");
    assert!(ledger(&v)["schedule"].to_string().contains("Design review"));
    assert!(
        v.runs.records[0].outcomes.contains("approval passed"),
        "{}",
        v.runs.records[0].outcomes
    );
    // The approval bound that call only: the email waits in its turn.
    assert_eq!(v.builder.tool_name, "calendar", "on show until Next call");
    let v = d.send(Msg::NextCall);
    assert_eq!(v.builder.tool_name, "email");
    assert!(!v.builder.approval.approved);
    for _ in 0..3 {
        d.send(Msg::NextGate);
    }
    assert!(d.wb.pending());
    let v = d.view();
    assert_eq!(
        v.turn.counts.as_deref(),
        Some("Calls run: 1 · awaiting your approval: 1 · approved by you: 1 · rejected by you: 0")
    );
}

#[test]
fn reject_records_the_call_as_rejected_by_the_person_with_no_effect() {
    let mut d = waiting();
    let before = ledger(&d.view());
    let v = d.send(Msg::Reject);
    assert!(v.gateway.pending.is_none());
    assert_eq!(v.gateway.playback.stage, Some(3));
    for _ in 3..7 {
        d.send(Msg::NextGate);
    }
    let v = d.view();
    assert_eq!(v.turn.calls[0].state, "rejected");
    assert_eq!(
        v.turn.calls[0].detail,
        " — rejected at the approval gate: you rejected this exact call when it waited for approval; it did not run"
    );
    let mut after = ledger(&v);
    assert_eq!(after["schedule"], before["schedule"], "no effect");
    after["counters"] = before["counters"].clone();
    assert_eq!(after, before, "only the counters moved");
    assert!(
        v.runs.records[0]
            .outcomes
            .contains("approval rejected, idempotency skipped"),
        "{}",
        v.runs.records[0].outcomes
    );
    assert_eq!(runs(&d), serde_json::json!(1));
    // The email is next, and waits too; rejected as well, the turn ends.
    d.send(Msg::NextCall);
    for _ in 0..3 {
        d.send(Msg::NextGate);
    }
    d.send(Msg::Reject);
    for _ in 3..7 {
        d.send(Msg::NextGate);
    }
    let v = d.view();
    assert!(v.gateway.playback.finished);
    assert_eq!(
        v.turn.counts.as_deref(),
        Some("Calls run: 0 · awaiting your approval: 0 · approved by you: 0 · rejected by you: 2")
    );
    assert_eq!(ledger(&v)["outbox"], serde_json::json!([]));
    assert!(
        v.turn.claims.iter().all(|c| !c.backed),
        "neither claim is backed"
    );
    // The runs log and the notes export hold the turn, its calls and claims.
    assert_eq!(
        v.runs.records[0].turn.as_deref(),
        Some("Agent turn: call 2 of 2")
    );
    assert_eq!(
        v.runs.records[1].turn.as_deref(),
        Some("Agent turn: call 1 of 2")
    );
    assert!(
        v.runs.records[1].claims.is_empty(),
        "claims are judged at the end"
    );
    assert_eq!(
        v.runs.records[0].claims.len(),
        2,
        "{:?}",
        v.runs.records[0].claims
    );
    assert!(v.runs.records[0]
        .claims
        .iter()
        .all(|c| c.ends_with(": flagged: no effect of that tool in this turn")));
    let export = d.wb.export_notes();
    assert!(export.contains("\"turn\": {"), "{export}");
    assert!(export.contains("\"backed\": false"), "{export}");
}

#[test]
fn a_playing_turn_stops_for_the_decision_and_plays_on_after_it() {
    let mut d = Driver::new(ExperimentId::Registry);
    d.send(Msg::SetRole(Role::Operator));
    d.send(Msg::EditDecision(DECISION.into()));
    d.send(Msg::StartTurn);
    d.send_at(10_000, Msg::Play);
    let v = d.send_at(10_000 + 24_000, Msg::Tick);
    assert!(d.wb.pending());
    assert!(!v.gateway.playback.playing, "paused while it waits");
    assert_eq!(
        d.wb.update(d.now, Msg::Play),
        Handled::Ignored(Ignored::AwaitingDecision)
    );
    let v = d.send_at(100_000, Msg::Approve);
    assert!(v.gateway.playback.playing, "the decision lets it play on");
    let v = d.send_at(100_000 + 32_000, Msg::Tick);
    assert_eq!(v.turn.calls[0].state, "committed");
    assert!(
        !v.gateway.playback.playing,
        "the committed call stays on show"
    );
    let v = d.send_at(200_000, Msg::NextCall);
    assert_eq!(v.builder.tool_name, "email");
    assert!(v.gateway.playback.playing, "on to the email, playing");
    // Stepped by Next gate, the turn stays paused after the decision.
    let mut d = waiting();
    let v = d.send(Msg::Reject);
    assert!(!v.gateway.playback.playing);
}

#[test]
fn editing_the_decision_while_a_call_waits_ends_the_turn_with_nothing_run() {
    let mut d = waiting();
    let before = ledger(&d.view());
    let v = d.send(Msg::EditDecision(DECISION.replace("14:00", "13:00")));
    assert!(!v.turn.active);
    assert!(v.gateway.pending.is_none());
    assert!(!d.wb.pending());
    assert_eq!(ledger(&v), before, "nothing ran");
    assert!(v.runs.records.is_empty(), "nothing is logged");
    assert_eq!(
        d.wb.update(d.now, Msg::Reject),
        Handled::Ignored(Ignored::NothingPending)
    );
    // Started again, the edited call waits afresh.
    d.send(Msg::StartTurn);
    for _ in 0..3 {
        d.send(Msg::NextGate);
    }
    assert!(d.view().gateway.pending.unwrap().payload.contains("13:00"));
}

#[test]
fn a_policy_edit_while_waiting_starts_the_call_over_and_it_waits_again() {
    let mut d = waiting();
    let v = d.send(Msg::SetRole(Role::Viewer));
    assert_eq!(v.gateway.playback.stage, Some(0));
    assert!(v.gateway.pending.is_none());
    for _ in 0..7 {
        d.send(Msg::NextGate);
    }
    let v = d.view();
    assert!(
        v.turn.calls[0].detail.contains("rejected at the role gate"),
        "as a Viewer the write never reaches approval: {}",
        v.turn.calls[0].detail
    );
}

#[test]
fn manual_mode_keeps_approve_before_the_run() {
    let mut d = Driver::new(ExperimentId::Calendar);
    d.send(Msg::SetRole(Role::Operator));
    let v = d.finish();
    assert_eq!(status(&v, "approval"), "rejected", "no hold outside a turn");
    assert!(v.gateway.pending.is_none());
    assert_eq!(
        d.wb.update(d.now, Msg::Reject),
        Handled::Ignored(Ignored::NothingPending)
    );
}
