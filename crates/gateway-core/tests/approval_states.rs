//! The approval's states as the learner sees them, pinned before the
//! workbench holds them as one enum: an approval, a refusal at an agent
//! turn's approval gate, and the approval an edit cleared (what changed
//! since) combine only in the ways these tests walk through.

#![allow(clippy::unwrap_used)]

mod common;

use common::*;
use gateway_core::{ExperimentId, Handled, Ignored, Msg, Role, ToolId};

const DECISION: &str = r#"[
  {"name": "calendar", "args": {"title": "Design review", "start": "14:00", "end": "15:00"}},
  {"text": "I scheduled the design review."}
]"#;

/// An Operator who approved the calendar example, then started a turn
/// whose call waits at the approval gate.
fn approved_then_waiting() -> Driver {
    let mut d = Driver::new(ExperimentId::Registry);
    d.send(Msg::SetRole(Role::Operator));
    d.send(Msg::SelectTool(ToolId::Calendar));
    let v = d.send(Msg::Approve);
    assert!(v.builder.approval.approved);
    d.send(Msg::EditDecision(DECISION.into()));
    d.send(Msg::StartTurn);
    for _ in 0..3 {
        d.send(Msg::NextGate);
    }
    assert!(d.wb.pending());
    d
}

/// The turn's call is the payload approved in the editor: the approval
/// was cleared when the turn took the request.
const LAPSED: &str = "The request changed and came back to the approved payload: \
                      a cleared approval does not return. Approve it again to run it.";
/// The same, once the call is finished and the turn holds the request.
const LAPSED_HELD: &str = "The request changed and came back to the approved payload: \
                           a cleared approval does not return. \
                           The turn holds the request: End turn gives it back.";

#[test]
fn a_turn_clears_the_approval_and_says_what_changed_since() {
    let d = approved_then_waiting();
    let v = d.view();
    assert!(!v.builder.approval.approved);
    assert!(v.builder.approval.can_approve && !v.builder.approval.can_revoke);
    assert_eq!(v.builder.approval.status, LAPSED);
    assert_eq!(status(&v, "approval"), "awaiting");
}

#[test]
fn a_refusal_keeps_what_the_cleared_approval_says_and_survives_restart() {
    let mut d = approved_then_waiting();
    let v = d.send(Msg::Reject);
    assert!(v.gateway.pending.is_none());
    assert_eq!(
        v.builder.approval.status, LAPSED,
        "the refusal leaves the lapse said"
    );
    assert!(
        v.builder.approval.can_approve,
        "approving takes the refusal back"
    );
    // Restart inspection keeps the refusal: the call is refused again.
    let v = d.send(Msg::Restart);
    assert_eq!(v.gateway.playback.stage, Some(0));
    assert_eq!(v.builder.approval.status, LAPSED);
    let v = d.finish();
    assert_eq!(status(&v, "approval"), "rejected");
    assert_eq!(
        reason(&v, "approval"),
        "you rejected this exact call when it waited for approval; it did not run"
    );
    assert_eq!(v.builder.approval.status, LAPSED_HELD);
    assert!(!v.builder.approval.can_approve, "a finished turn is frozen");
}

#[test]
fn approve_after_reject_takes_the_refusal_back() {
    let mut d = approved_then_waiting();
    d.send(Msg::Reject);
    let v = d.send(Msg::Approve);
    assert!(v.builder.approval.approved);
    assert!(v
        .builder
        .approval
        .status
        .starts_with("Approved: this exact tool and payload, calendar"));
    assert_eq!(
        v.gateway.playback.stage,
        Some(0),
        "an approval outside the hold starts over"
    );
    let v = d.finish();
    assert_eq!(status(&v, "approval"), "passed");
    assert_eq!(v.turn.calls[0].state, "committed");
}

#[test]
fn an_approval_given_before_the_gate_leaves_nothing_to_reject() {
    let mut d = Driver::new(ExperimentId::Registry);
    d.send(Msg::SetRole(Role::Operator));
    d.send(Msg::EditDecision(DECISION.into()));
    d.send(Msg::StartTurn);
    // At gate 1 nothing waits yet: the person approves ahead.
    assert!(!d.wb.pending());
    let v = d.send(Msg::Approve);
    assert!(v.builder.approval.approved);
    for _ in 0..3 {
        d.send(Msg::NextGate);
    }
    assert!(!d.wb.pending(), "an approved call does not wait");
    assert_eq!(
        d.wb.update(d.now, Msg::Reject),
        Handled::Ignored(Ignored::NothingPending),
        "an approval and a refusal never stand together"
    );
    let v = d.send(Msg::Revoke);
    assert!(!v.builder.approval.approved);
    assert_eq!(v.gateway.playback.stage, Some(0));
    assert_eq!(
        v.builder.approval.status, "Not approved. A write needs approval of this exact payload.",
        "Revoke leaves no lapse to tell"
    );
}

#[test]
fn ending_the_turn_after_a_refusal_keeps_the_lapse_and_drops_the_refusal() {
    let mut d = approved_then_waiting();
    d.send(Msg::Reject);
    let v = d.send(Msg::EndTurn);
    assert_eq!(v.builder.approval.status, LAPSED);
    let v = d.finish();
    assert_eq!(status(&v, "approval"), "rejected");
    assert_eq!(
        reason(&v, "approval"),
        "a write needs approval of this exact payload (Approve exact payload)",
        "outside the turn the refusal binds nothing: approval is missing"
    );
}
