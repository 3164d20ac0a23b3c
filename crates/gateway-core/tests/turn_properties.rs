//! Property tests for agent turns: random decisions and message sequences.

#![allow(clippy::unwrap_used)]

use gateway_core::turn::MAX_CALLS;
use gateway_core::{ExperimentId, Msg, Role, Workbench};
use proptest::prelude::*;

/// A call that may be valid, invalid or unknown.
fn call() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(r#"{"name":"search","args":{"query":"receipt"}}"#.to_string()),
        Just(r#"{"name":"email","args":{"to":"learner@example.test","subject":"s","body":"b"}}"#.to_string()),
        Just(r#"{"name":"calendar","args":{"title":"T","start":"14:00","end":"15:00"}}"#.to_string()),
        Just(r#"{"name":"files","args":{"operation":"write","path":"/workspace/notes.txt","content":"x"}}"#.to_string()),
        Just(r#"{"name":"shell.exec","args":{"cmd":"ls"}}"#.to_string()),
        Just(r#"{"name":"calendar","args":"{\"title\":\"T\"}"}"#.to_string()),
        "[a-z]{1,8}".prop_map(|n| format!(r#"{{"name":"{n}","args":{{}}}}"#)),
    ]
}

fn decision() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(call(), 0..10),
        prop::option::of("[A-Za-z ,.]{0,40}"),
    )
        .prop_map(|(calls, text)| {
            let mut items = calls;
            if let Some(t) = text {
                items.push(format!(r#"{{"text":"I sent it. {t}"}}"#));
            }
            format!("[{}]", items.join(","))
        })
}

fn msg() -> impl Strategy<Value = Msg> {
    prop_oneof![
        2 => decision().prop_map(Msg::EditDecision),
        1 => ".{0,12}".prop_map(Msg::EditDecision),
        3 => Just(Msg::StartTurn),
        1 => Just(Msg::EndTurn),
        8 => Just(Msg::NextGate),
        2 => Just(Msg::Approve),
        1 => Just(Msg::SetRole(Role::Operator)),
        1 => Just(Msg::Play),
        2 => Just(Msg::Tick),
        1 => Just(Msg::Restart),
        1 => Just(Msg::ResetLedger),
        1 => Just(Msg::EditArgs("{}".into())),
        1 => Just(Msg::SetToolName("shell.exec".into())),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn turns_keep_their_invariants(steps in prop::collection::vec((msg(), 0u64..20_000), 1..80)) {
        let mut wb = Workbench::new(ExperimentId::Registry);
        let mut now = 0u64;
        for (m, dt) in steps {
            now += dt;
            let before_ledger = wb.ledger().clone();
            let before_runs = wb.ledger().counters().runs_finished;
            let before_inputs = wb.inputs();
            let was_turn = wb.turn().is_some();
            let edits = matches!(m, Msg::EditArgs(_) | Msg::SetToolName(_));
            let reset = m == Msg::ResetLedger;
            wb.update(now, m);
            let v = wb.view();
            prop_assert_eq!(v.gateway.gates.len(), 7);
            // The ledger changes only when a run finishes (or on reset).
            if !reset && wb.ledger().counters().runs_finished == before_runs {
                prop_assert_eq!(wb.ledger(), &before_ledger);
            }
            // A turn's request is its current call; edits are ignored meanwhile.
            if let Some(turn) = wb.turn() {
                prop_assert!(turn.outcomes().len() <= MAX_CALLS);
                prop_assert!(turn.outcomes().len() <= turn.decision().dispatched().len());
                if !turn.is_complete() {
                    let call = &turn.decision().dispatched()[turn.current()];
                    prop_assert_eq!(&wb.inputs().tool, &call.name);
                    prop_assert_eq!(&wb.inputs().args, &call.args);
                }
                prop_assert!(!v.builder.request_editable);
                let refused = v.turn.calls.iter().filter(|c| c.state == "refused").count();
                prop_assert_eq!(refused, turn.decision().refused());
                if was_turn && edits {
                    prop_assert_eq!(&wb.inputs().tool, &before_inputs.tool);
                    prop_assert_eq!(&wb.inputs().args, &before_inputs.args);
                }
            } else {
                prop_assert!(v.builder.request_editable);
            }
            // A claim counts as backed only with a committed or replayed call of its tool.
            for c in &v.turn.claims {
                let backed = v.turn.calls.iter().any(|call| {
                    call.name == c.tool && matches!(call.state, "committed" | "replayed")
                });
                prop_assert_eq!(c.backed, backed);
            }
        }
    }
}
