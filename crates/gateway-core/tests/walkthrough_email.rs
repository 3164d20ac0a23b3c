//! SPEC 8, email walkthrough, through messages and the view model only.

#![allow(clippy::unwrap_used)]

mod common;

use common::*;
use gateway_core::{ExampleKind, ExperimentId, Hook, Msg, Role};
use serde_json::json;

#[test]
fn email_walkthrough() {
    let mut d = Driver::new(ExperimentId::Email);
    let v = d.view();
    assert_eq!(v.builder.tool_name, "email");
    assert_eq!(v.builder.key, "intent-1");
    assert!(
        v.builder.approval.can_approve,
        "a valid send can be approved, even by a viewer"
    );
    assert!(
        !v.builder.reuse.enabled,
        "reuse is offered only after a successful mutation"
    );
    assert!(v.builder.reuse.checked);
    assert!(statuses(&v).iter().all(|(_, s)| *s == "pending"));
    assert_eq!(v.output.text, None);

    // Viewer: the role gate rejects, the outbox stays empty.
    let v = d.finish();
    assert_rejected_at(&v, "role");
    assert_eq!(ledger(&v)["outbox"], json!([]));
    assert_eq!(v.output.text, None);
    assert!(
        v.gateway.caption.contains("rejected at the role gate"),
        "{}",
        v.gateway.caption
    );

    // Operator: approval is still required.
    let v = d.send(Msg::SetRole(Role::Operator));
    assert_eq!(v.gateway.playback.stage, Some(0));
    assert!(v.gateway.playback.next_enabled);
    let v = d.finish();
    assert_rejected_at(&v, "approval");
    assert_eq!(ledger(&v)["outbox"], json!([]));

    // Approve: email-1 for learner@example.test, after the final gate only.
    let v = d.send(Msg::Approve);
    assert!(
        v.builder.approval.approved
            && v.builder.approval.can_revoke
            && !v.builder.approval.can_approve
    );
    for _ in 0..6 {
        d.send(Msg::NextGate);
        assert_eq!(ledger(&d.view())["outbox"], json!([]));
    }
    let v = d.send(Msg::NextGate);
    assert_all_pass(&v);
    let outbox = &ledger(&v)["outbox"];
    assert_eq!(outbox.as_array().unwrap().len(), 1);
    assert_eq!(outbox[0]["id"], "email-1");
    assert_eq!(outbox[0]["to"], "learner@example.test");
    assert!(v
        .output
        .text
        .as_deref()
        .unwrap()
        .contains("\"id\": \"email-1\""));
    assert!(v.builder.reuse.enabled);

    // Restart and finish again with the same key: one message, receipt reused.
    let v = d.rerun();
    assert_all_pass(&v);
    assert_eq!(status(&v, "execution"), "not-needed");
    assert!(reason(&v, "idempotency").contains("replayed"));
    let l = ledger(&v);
    assert_eq!(l["outbox"].as_array().unwrap().len(), 1);
    assert_eq!(l["counters"]["receipts_reused"], 1);
    assert_eq!(l["counters"]["effects_committed"], 1);

    // Edit the subject: approval cleared.
    let edited = v
        .builder
        .args
        .replace("Weekly summary", "Weekly summary, revised");
    let v = d.send(Msg::EditArgs(edited));
    assert!(!v.builder.approval.approved);
    assert!(v.builder.approval.can_approve);

    // Approve again keeping intent-1: the idempotency gate rejects.
    d.send(Msg::Approve);
    let v = d.finish();
    assert_rejected_at(&v, "idempotency");
    assert!(reason(&v, "idempotency").contains("different payload"));
    assert_eq!(ledger(&v)["outbox"].as_array().unwrap().len(), 1);

    // ... whatever the toggle says.
    d.send(Msg::SetReuse(false));
    d.send(Msg::Approve);
    let v = d.finish();
    assert_rejected_at(&v, "idempotency");
    d.send(Msg::SetReuse(true));

    // Key intent-2: two messages.
    d.send(Msg::SetKey("intent-2".into()));
    let v = d.send(Msg::Approve);
    assert!(v.builder.approval.approved);
    let v = d.finish();
    assert_all_pass(&v);
    let l = ledger(&v);
    assert_eq!(l["outbox"].as_array().unwrap().len(), 2);
    assert_eq!(l["outbox"][1]["id"], "email-2");

    // Redact hook: returned recipient redacted, ledger keeps the address.
    let v = d.send(Msg::SetHook(Hook::RedactOutput));
    assert!(
        !v.builder.approval.approved,
        "a hook change clears approval"
    );
    d.send(Msg::SetKey("intent-3".into()));
    d.send(Msg::Approve);
    let v = d.finish();
    assert_all_pass(&v);
    let out: serde_json::Value = serde_json::from_str(v.output.text.as_deref().unwrap()).unwrap();
    assert_eq!(out["to"], "[redacted]");
    let l = ledger(&v);
    assert_eq!(l["outbox"][2]["to"], "learner@example.test");
    assert_eq!(l["receipts"][2]["output"]["to"], "learner@example.test");

    // Boundary example: outside.test rejected before execution.
    let v = d.send(Msg::LoadExample(ExampleKind::Boundary));
    assert!(v.builder.args.contains("outside.test"));
    assert!(
        !v.builder.approval.can_approve,
        "approval is offered only for a valid mutation"
    );
    let v = d.finish();
    assert_rejected_at(&v, "schema");
    assert!(reason(&v, "schema").contains("example.test"));
    assert_eq!(ledger(&v)["outbox"].as_array().unwrap().len(), 3);
}
