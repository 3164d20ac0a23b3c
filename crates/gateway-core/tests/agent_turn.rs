//! Agent turns (SPEC 9, seed 002) through messages and the view model.

#![allow(clippy::unwrap_used)]

mod common;

use common::*;
use gateway_core::{ExperimentId, Msg, Role};

/// Seven Next gate presses: one call of the turn inspected to its end.
fn finish_call(d: &mut Driver) -> gateway_core::PageModel {
    assert_eq!(
        d.view().gateway.playback.stage,
        Some(0),
        "each call starts at gate 1"
    );
    for _ in 0..7 {
        d.send(Msg::NextGate);
    }
    d.view()
}

/// Next gate from `stage` to the end of the call.
fn finish_call_from(d: &mut Driver, stage: usize) -> gateway_core::PageModel {
    assert_eq!(d.view().gateway.playback.stage, Some(stage));
    for _ in stage..7 {
        d.send(Msg::NextGate);
    }
    d.view()
}

fn states(d: &Driver) -> Vec<(String, &'static str)> {
    d.view()
        .turn
        .calls
        .iter()
        .map(|c| (c.name.clone(), c.state))
        .collect()
}

#[test]
fn a_seven_call_turn_stops_at_six_and_an_unbacked_claim_is_flagged() {
    let mut d = Driver::new(ExperimentId::Registry);
    d.send(Msg::SetRole(Role::Operator));
    let v = d.send(Msg::StartTurn);
    assert!(v.turn.active);
    assert!(!v.builder.request_editable);
    assert_eq!(v.builder.tool_name, "search");
    assert_eq!(v.turn.calls.len(), 7);
    assert_eq!(v.turn.calls[6].state, "refused");
    assert!(v.turn.calls[6].detail.contains("at most 6 calls"));
    assert_eq!(v.turn.summary, "Call 1 of 6 is under inspection.");

    let v = finish_call(&mut d); // search: a read runs at once
    assert_eq!(v.turn.calls[0].state, "read");
    // The next call is loaded at gate 1, paused.
    assert_eq!(v.builder.tool_name, "calendar");
    assert_eq!(v.gateway.playback.stage, Some(0));
    assert!(
        v.builder.approval.can_approve,
        "the calendar create can be approved"
    );

    // The calendar create waits at the approval gate for the person.
    for _ in 0..7 {
        d.send(Msg::NextGate);
    }
    let v = d.view();
    assert_eq!(
        v.gateway.playback.stage,
        Some(3),
        "inspection stops at approval"
    );
    assert_eq!(v.turn.calls[1].state, "awaiting");
    assert_eq!(status(&v, "approval"), "awaiting");
    assert!(v
        .gateway
        .pending
        .as_ref()
        .unwrap()
        .tool
        .starts_with("Tool: calendar (write)"));
    let v = d.send(Msg::Reject); // rejected by the person: no effect
    assert_eq!(
        status(&v, "approval"),
        "pending",
        "revealed as the stage moves"
    );
    let v = finish_call_from(&mut d, 3);
    assert_eq!(v.turn.calls[1].state, "rejected");
    assert!(v.turn.calls[1]
        .detail
        .starts_with(" — rejected at the approval gate: you rejected this exact call"));
    assert_eq!(v.builder.tool_name, "shell.exec");

    let v = finish_call(&mut d); // shell.exec: refused by the registry before any tool runs
    assert!(v.turn.calls[2]
        .detail
        .starts_with(" — rejected at the schema gate: Unknown tool \"shell.exec\""));
    let runs = &v.runs.records;
    assert!(
        runs[0].summary.contains(" · shell.exec · "),
        "{}",
        runs[0].summary
    );
    assert!(
        runs[0]
            .outcomes
            .starts_with("Gates: schema rejected, before-hook skipped"),
        "{}",
        runs[0].outcomes
    );

    let v = finish_call(&mut d); // calendar without start
    assert_eq!(v.turn.calls[3].state, "rejected");
    assert_eq!(
        v.turn.calls[3].detail,
        " — rejected at the schema gate: Missing start"
    );

    finish_call(&mut d); // search
    let v = finish_call(&mut d); // calculator: the sixth and last dispatched call
    assert_eq!(
        states(&d),
        [
            ("search".to_string(), "read"),
            ("calendar".to_string(), "rejected"),
            ("shell.exec".to_string(), "rejected"),
            ("calendar".to_string(), "rejected"),
            ("search".to_string(), "read"),
            ("calculator".to_string(), "read"),
            ("email".to_string(), "refused"),
        ]
    );
    assert!(
        v.gateway.playback.finished,
        "the turn ends with its last call"
    );
    // The model's whole message is shown, its claim marked in place.
    assert_eq!(
        v.turn.format.as_deref(),
        Some("Recognised as workbench calls.")
    );
    let whole: String = v.turn.message.iter().map(|p| p.text.as_str()).collect();
    assert_eq!(whole, "I ran every step and sent the summary email.");
    let marked: Vec<_> = v
        .turn
        .message
        .iter()
        .filter_map(|p| p.claim.map(|c| (p.text.as_str(), c)))
        .collect();
    assert_eq!(marked.len(), 1, "{marked:?}");
    assert!(marked[0].0.contains("sent the summary email"), "{marked:?}");
    assert_eq!(marked[0].1, "unbacked");
    assert_eq!(v.turn.claims.len(), 1);
    assert_eq!(v.turn.claims[0].tool, "email");
    assert!(!v.turn.claims[0].backed, "no email was sent in this turn");
    assert_eq!(
        v.turn.completed.as_deref(),
        Some("Completed operations: none.")
    );
    assert!(v.turn.summary.contains("1 refused before dispatch"));
    assert_eq!(
        v.turn.summary,
        "Turn finished: 6 calls inspected, 1 refused before dispatch, 0 completed operations, 1 claim with no effect behind it."
    );
    assert_eq!(ledger(&v)["outbox"], serde_json::json!([]));
    let reached: Vec<_> = v
        .experiment
        .goals
        .iter()
        .filter(|g| g.reached)
        .map(|g| g.id.as_str())
        .collect();
    assert!(reached.contains(&"six-calls"));
    assert!(reached.contains(&"unbacked-claim"));
    assert!(reached.contains(&"unknown-tool"));
    assert!(reached.contains(&"missing-start"));
}

#[test]
fn an_approved_call_in_a_turn_backs_its_claim() {
    let mut d = Driver::new(ExperimentId::Calendar);
    let decision = r#"[
      {"name": "calendar", "args": {"title": "Review", "start": "14:00", "end": "15:00"}},
      {"text": "I scheduled the review."}
    ]"#;
    d.send(Msg::EditDecision(decision.into()));
    let v = d.send(Msg::StartTurn);
    assert_eq!(v.turn.calls.len(), 1);
    d.send(Msg::Approve);
    let v = finish_call(&mut d);
    assert_eq!(v.turn.calls[0].state, "committed");
    assert_eq!(v.turn.claims[0].tool, "calendar");
    assert!(v.turn.claims[0].backed);
    assert_eq!(
        v.turn.completed.as_deref(),
        Some("Completed operations: Call 1 (calendar): effect committed.")
    );
    assert!(ledger(&v)["schedule"].to_string().contains("event-1"));
}

#[test]
fn the_request_comes_from_the_decision_while_a_turn_runs() {
    let mut d = Driver::new(ExperimentId::Email);
    let v = d.send(Msg::StartTurn);
    let args = v.builder.args.clone();
    let v = d.send(Msg::EditArgs("{}".into()));
    assert_eq!(
        v.builder.args, args,
        "editing the arguments is ignored during a turn"
    );
    let v = d.send(Msg::SetToolName("email".into()));
    assert_eq!(v.builder.tool_name, "search");
    // Editing the decision ends the turn and frees the request again.
    let v = d.send(Msg::EditDecision("[".into()));
    assert!(!v.turn.active);
    assert!(v.builder.request_editable);
    assert_eq!(v.turn.decision, "[");
    let v = d.send(Msg::StartTurn);
    assert!(!v.turn.active);
    assert!(v
        .turn
        .error
        .unwrap()
        .starts_with("Model decision JSON: Malformed JSON at line 1, column 1"));
    let v = d.send(Msg::EditDecision(r#"[{"name":"search"}]"#.into()));
    assert_eq!(v.turn.error, None, "an edit clears the old message");
    let v = d.send(Msg::StartTurn);
    assert_eq!(
        v.turn.error.as_deref(),
        Some("Read as workbench calls: Item 1: Missing args")
    );
    let v = d.send(Msg::EndTurn);
    assert!(!v.turn.active);
}

#[test]
fn a_playing_turn_goes_on_to_its_next_call() {
    let mut d = Driver::new(ExperimentId::Search);
    d.send(Msg::StartTurn); // search, calendar, shell.exec
    d.send_at(10_000, Msg::Play);
    let v = d.send_at(10_000 + 56_000, Msg::Tick);
    assert_eq!(v.turn.calls[0].state, "read");
    assert_eq!(v.builder.tool_name, "calendar");
    assert!(
        v.gateway.playback.playing,
        "the next call plays on the same timeline"
    );
    // As a Viewer, the calendar create is refused at the role gate.
    let v = d.send_at(10_000 + 3 * 56_000, Msg::Tick);
    assert_eq!(v.turn.calls[1].state, "rejected");
    assert_eq!(v.builder.tool_name, "shell.exec");
    let v = d.send_at(10_000 + 4 * 56_000, Msg::Tick);
    assert!(v.gateway.playback.finished);
    assert_eq!(
        v.turn.claims.len(),
        2,
        "scheduled and sent are claims; found is not"
    );
    let unbacked: Vec<_> = v
        .turn
        .claims
        .iter()
        .filter(|c| !c.backed)
        .map(|c| c.tool)
        .collect();
    assert_eq!(unbacked, ["calendar", "email"]);
}

/// Issue 13, defect 2: a finished turn kept recording runs (Restart and
/// Next gate ×7 gave "Call 7 of 6", the claims vanished and the run count
/// grew). A finished turn is frozen until it is ended or started again.
#[test]
fn a_finished_turn_records_no_further_runs() {
    let mut d = Driver::new(ExperimentId::Registry);
    let one = r#"{"name":"search","args":{"query":"receipt"}}"#;
    let decision = format!(
        "[{}, {{\"text\": \"I sent the summary email.\"}}]",
        [one; 8].join(",")
    );
    d.send(Msg::EditDecision(decision));
    d.send(Msg::StartTurn);
    for _ in 0..42 {
        d.send(Msg::NextGate);
    }
    let done = d.view();
    assert!(done
        .turn
        .summary
        .starts_with("Turn finished: 6 calls inspected, 2 refused"));
    assert_eq!(done.turn.claims.len(), 1);
    let runs = counters(&done)["runs_finished"].clone();
    assert_eq!(runs, serde_json::json!(6));
    assert!(!done.gateway.playback.play_enabled && !done.gateway.playback.restart_enabled);
    for msg in [
        Msg::Restart,
        Msg::Play,
        Msg::SetRole(Role::Operator),
        Msg::Approve,
    ] {
        d.send(msg);
        for _ in 0..7 {
            d.send(Msg::NextGate);
        }
        d.send(Msg::Tick);
        let v = d.view();
        assert_eq!(v.turn, done.turn, "the finished turn is unchanged");
        assert_eq!(counters(&v)["runs_finished"], runs, "no run is recorded");
    }
    // Ending the turn gives the request back to the editor, where runs count again.
    d.send(Msg::EndTurn);
    d.finish();
    assert_eq!(counters(&d.view())["runs_finished"], serde_json::json!(7));
}
