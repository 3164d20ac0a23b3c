//! Agent turns (SPEC 9, seed 002) through messages and the view model.

#![allow(clippy::unwrap_used)]

mod common;

use common::*;
use gateway_core::{ExperimentId, Msg, Role};

/// Next call, where a finished call is on show, then seven Next gate
/// presses: one call of the turn inspected to its end.
fn finish_call(d: &mut Driver) -> gateway_core::PageModel {
    if d.view().gateway.turn.as_ref().unwrap().next_call.is_some() {
        d.send(Msg::NextCall);
    }
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
    // The finished call stays on show until the learner moves on.
    assert_eq!(v.builder.tool_name, "search");
    assert!(v.gateway.playback.finished);
    let step = v.gateway.turn.as_ref().unwrap();
    assert_eq!(step.heading, "Agent turn: call 1 of 6");
    assert_eq!(step.current, 1);
    assert_eq!(step.next_call.as_deref(), Some("Next call"));
    assert!(step.held.reason.starts_with("Call 1 of 6 is finished"));
    assert!(!v.gateway.playback.restart_enabled && !v.gateway.playback.play_enabled);
    // The next call is loaded at gate 1, paused.
    let v = d.send(Msg::NextCall);
    assert_eq!(v.builder.tool_name, "calendar");
    assert_eq!(v.gateway.playback.stage, Some(0));
    assert_eq!(v.gateway.turn.as_ref().unwrap().next_call, None);
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
    assert_eq!(v.builder.tool_name, "calendar");

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
    assert_eq!(
        v.turn.calls[0].detail,
        " — effect committed: adds event-1 14:00–15:00 to the schedule"
    );
    assert_eq!(v.turn.claims[0].tool, "calendar");
    assert!(v.turn.claims[0].backed);
    assert_eq!(
        v.turn.completed.as_deref(),
        Some("Completed operations: Call 1 (calendar): effect committed: adds event-1 14:00–15:00 to the schedule.")
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
fn a_playing_turn_stops_after_each_call_and_plays_on_when_the_learner_moves_on() {
    let mut d = Driver::new(ExperimentId::Search);
    d.send(Msg::StartTurn); // search, calendar, shell.exec
    d.send_at(10_000, Msg::Play);
    let v = d.send_at(10_000 + 56_000, Msg::Tick);
    assert_eq!(v.turn.calls[0].state, "read");
    assert_eq!(v.builder.tool_name, "search", "the finished call stays");
    assert!(v.gateway.playback.finished && !v.gateway.playback.playing);
    // Time alone never moves the turn on.
    let v = d.send_at(10_000 + 3 * 56_000, Msg::Tick);
    assert_eq!(v.builder.tool_name, "search");
    let v = d.send_at(200_000, Msg::NextCall);
    assert_eq!(v.builder.tool_name, "calendar");
    assert!(
        v.gateway.playback.playing,
        "the next call plays on, as the last one played"
    );
    // As a Viewer, the calendar create is refused at the role gate.
    let v = d.send_at(200_000 + 56_000, Msg::Tick);
    assert_eq!(v.turn.calls[1].state, "rejected");
    assert_eq!(v.builder.tool_name, "calendar");
    d.send_at(300_000, Msg::NextCall);
    let v = d.send_at(300_000 + 56_000, Msg::Tick);
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
    for _ in 0..6 {
        for _ in 0..7 {
            d.send(Msg::NextGate);
        }
        d.send(Msg::NextCall);
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

/// Issue 32, item 3: a turn's committed call stays on show, its entry
/// marked in its store (the call's own store first) and its output
/// returned, until the learner presses Next call.
#[test]
fn a_committed_call_stays_on_show_with_its_entry_and_output_until_next_call() {
    let mut d = Driver::new(ExperimentId::Registry);
    d.send(Msg::SetRole(Role::Operator));
    d.send(Msg::StartTurn);
    finish_call(&mut d); // search
    d.send(Msg::NextCall);
    while !d.wb.pending() {
        d.send(Msg::NextGate);
    }
    d.send(Msg::Approve);
    let v = d.send(Msg::FinishRun);
    assert_eq!(v.turn.calls[1].state, "committed");
    assert_eq!(v.builder.tool_name, "calendar", "the committed call stays");
    let change = v.ledger.change.as_ref().expect("the new event is marked");
    assert_eq!(
        v.ledger.own.first(),
        Some(&change.section),
        "the call's own store comes first"
    );
    assert!(
        v.ledger.sections[change.section].items[change.item].contains("Design review"),
        "{:?}",
        v.ledger.sections[change.section]
    );
    assert!(v.output.text.as_deref().unwrap_or("").contains("event-"));
    assert!(v.gateway.caption.contains("effect committed"));
    let step = v.gateway.turn.as_ref().unwrap();
    assert_eq!(step.current, 2);
    assert!(step.calls[1].detail.contains("adds event-"));
    // Moving on clears the mark and loads the third call.
    let v = d.send(Msg::NextCall);
    assert_eq!(v.builder.tool_name, "shell.exec");
    assert_eq!(v.ledger.change, None);
    assert_eq!(v.gateway.turn.as_ref().unwrap().current, 3);
}

/// Issue 32, item 4: while a turn holds the editor, the builder and the
/// gateway say why their controls are disabled, with End turn beside them;
/// the learner's editor has nothing of the kind.
#[test]
fn the_controls_a_turn_holds_say_why_with_end_turn_beside_them() {
    let mut d = Driver::new(ExperimentId::Registry);
    assert_eq!(d.view().builder.held, None);
    assert_eq!(d.view().gateway.turn, None);
    let v = d.send(Msg::StartTurn);
    let held = v.builder.held.as_ref().unwrap();
    assert!(held
        .reason
        .starts_with("Call 1 of 6 comes from the agent turn"));
    assert_eq!(held.end_turn, "End turn");
    assert_eq!(v.gateway.turn.as_ref().unwrap().held, *held);
    for _ in 0..6 {
        finish_call(&mut d);
    }
    let v = d.view();
    assert!(v
        .builder
        .held
        .as_ref()
        .unwrap()
        .reason
        .starts_with("The turn is finished"));
    assert!(v.builder.roles.iter().all(|r| !r.enabled));
    assert!(!v.builder.key_enabled && !v.builder.approval.can_approve);
    let v = d.send(Msg::EndTurn);
    assert_eq!(v.builder.held, None);
    assert!(v.builder.request_editable && v.gateway.playback.restart_enabled);
}
