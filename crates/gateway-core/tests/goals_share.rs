//! Experiment goals and shared setups, through messages and the view.

#![allow(clippy::unwrap_used)]

mod common;

use common::*;
use gateway_core::share::Setup;
use gateway_core::{ExampleKind, ExperimentId, Hook, Msg, Role, Speed};

fn reached(d: &Driver) -> Vec<String> {
    d.view()
        .experiment
        .goals
        .iter()
        .filter(|g| g.reached)
        .map(|g| g.id.clone())
        .collect()
}

#[test]
fn email_goals_are_reached_in_the_walkthrough_and_stay_reached() {
    let mut d = Driver::new(ExperimentId::Email);
    assert_eq!(d.view().experiment.progress, "0 of 4 goals reached");
    d.finish(); // Viewer: rejected at the role gate, no goal.
    assert!(reached(&d).is_empty());
    d.send(Msg::SetRole(Role::Operator));
    d.send(Msg::Approve);
    d.finish();
    assert_eq!(reached(&d), ["first-message"]);
    d.rerun();
    assert_eq!(reached(&d), ["first-message", "receipt-reused"]);
    let v = d.view();
    d.send(Msg::EditArgs(
        v.builder.args.replace("Weekly summary", "Revised"),
    ));
    d.send(Msg::SetKey("intent-2".into()));
    d.send(Msg::Approve);
    d.finish();
    assert_eq!(
        reached(&d),
        ["first-message", "receipt-reused", "two-messages"]
    );
    d.send(Msg::SetHook(Hook::RedactOutput));
    d.rerun(); // not approved any more: rejected, so not a redaction goal
    assert_eq!(reached(&d).len(), 3);
    d.send(Msg::Approve);
    d.finish(); // same key, same payload: replayed, redacted
    assert_eq!(
        d.view().experiment.progress,
        "Finished: all 4 goals reached"
    );
    d.send(Msg::ResetLedger);
    assert_eq!(reached(&d).len(), 4, "reaching a goal is never undone");
}

#[test]
fn every_experiment_has_goals_and_a_failing_run_reaches_only_rejection_goals() {
    for e in ExperimentId::ALL {
        let mut d = Driver::new(e);
        assert!(d.view().experiment.goals.len() >= 2, "{e:?}");
        d.send(Msg::LoadExample(ExampleKind::Malformed));
        d.finish();
        assert!(
            reached(&d).is_empty(),
            "{e:?}: malformed JSON reaches nothing"
        );
    }
}

#[test]
fn registry_goals_follow_seed_002() {
    let mut d = Driver::new(ExperimentId::Registry);
    d.finish(); // search as Viewer
    assert_eq!(reached(&d), ["read-runs"]);
    d.send(Msg::SetToolName("shell.exec".into()));
    d.finish();
    assert_eq!(reached(&d), ["unknown-tool", "read-runs"]);
    d.send(Msg::SelectTool(gateway_core::ToolId::Calendar));
    d.send(Msg::EditArgs(r#"{"title":"T","end":"10:00"}"#.into()));
    d.finish();
    d.send(Msg::SelectTool(gateway_core::ToolId::Email));
    d.send(Msg::SetRole(Role::Operator));
    d.finish();
    assert_eq!(reached(&d).len(), 4);
}

#[test]
fn a_shared_setup_restores_inputs_but_never_approval_or_ledger() {
    let mut a = Driver::new(ExperimentId::Email);
    a.send(Msg::SetRole(Role::Operator));
    a.send(Msg::SetKey("intent-9".into()));
    a.send(Msg::SetSpeed(Speed::Half));
    a.send(Msg::Approve);
    a.finish();
    let setup = a.wb.setup();
    let fragment = setup.to_fragment();

    let restored = Setup::from_fragment(&fragment).unwrap().unwrap();
    let mut b = Driver::new(restored.experiment.parse().unwrap());
    let v = b.send(Msg::RestoreSetup(restored));
    assert_eq!(v.builder.key, "intent-9");
    assert_eq!(v.builder.args, a.view().builder.args);
    assert!(v
        .builder
        .roles
        .iter()
        .any(|r| r.value == "operator" && r.selected));
    assert!(v
        .gateway
        .playback
        .speeds
        .iter()
        .any(|s| s.value == "half" && s.selected));
    assert!(
        !v.builder.approval.approved,
        "a shared link never arrives approved"
    );
    assert!(v.builder.approval.can_approve);
    assert_eq!(ledger(&v)["outbox"], serde_json::json!([]));
    assert!(v
        .gateway
        .notices
        .iter()
        .any(|n| n.contains("Approvals are never shared")));
    let v = b.finish();
    assert_rejected_at(&v, "approval");
}
