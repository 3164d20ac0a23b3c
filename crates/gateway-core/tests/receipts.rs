//! The receipt store is bounded (issue 13): it keeps the newest
//! `MAX_RECEIPTS` keys, and a key whose receipt expired is a new intention,
//! said on the page at the idempotency gate and in the ledger's counters.

mod common;

use common::{ledger, reason, Driver};
use gateway_core::ledger::MAX_RECEIPTS;
use gateway_core::{ExperimentId, Msg, Role, ToolId};

/// Sets seats to `seats` under `key`, approved, and finishes the run.
fn set_seats(d: &mut Driver, key: &str, seats: u32) -> gateway_core::view::PageModel {
    d.send(Msg::EditArgs(format!(
        r#"{{"operation":"set","key":"seats","value":{seats}}}"#
    )));
    d.send(Msg::SetKey(key.into()));
    d.send(Msg::Approve);
    d.finish()
}

fn admin_on_database() -> Driver {
    let mut d = Driver::new(ExperimentId::Registry);
    d.send(Msg::SelectTool(ToolId::Database));
    d.send(Msg::SetRole(Role::Operator));
    d
}

#[test]
fn a_key_whose_receipt_expired_is_a_new_intention_and_runs_again() {
    let mut d = admin_on_database();
    let first = set_seats(&mut d, "intent-0", 7);
    assert_eq!(ledger(&first)["database"]["seats"], 7);
    for i in 1..MAX_RECEIPTS {
        set_seats(&mut d, &format!("intent-{i}"), (i % 400) as u32);
    }
    // At the bound the first key still replays its receipt.
    d.send(Msg::EditArgs(
        r#"{"operation":"set","key":"seats","value":7}"#.into(),
    ));
    d.send(Msg::SetKey("intent-0".into()));
    d.send(Msg::Approve);
    let v = d.finish();
    assert!(reason(&v, "idempotency").contains("already holds a receipt"));
    let l = ledger(&v);
    assert_eq!(l["counters"]["receipts_reused"], 1);
    assert_eq!(l["counters"]["receipts_expired"], 0);
    assert_eq!(l["receipts"].as_array().map(Vec::len), Some(MAX_RECEIPTS));

    // One more key: intent-0 expires.
    let v = set_seats(&mut d, "intent-new", 9);
    let l = ledger(&v);
    assert_eq!(l["counters"]["receipts_expired"], 1);
    assert_eq!(l["receipts"].as_array().map(Vec::len), Some(MAX_RECEIPTS));
    assert!(v
        .ledger
        .sections
        .iter()
        .flat_map(|s| s.items.iter())
        .any(|line| line == "receipts expired: 1 (the newest 100 are kept)"));

    // Using it again is a new intention: the effect commits again.
    d.send(Msg::EditArgs(
        r#"{"operation":"set","key":"seats","value":7}"#.into(),
    ));
    d.send(Msg::SetKey("intent-0".into()));
    let v = d.send(Msg::Approve);
    let before = ledger(&v)["counters"]["effects_committed"].clone();
    let v = d.finish();
    assert_eq!(
        reason(&v, "idempotency"),
        "\"intent-0\" held a receipt once, but it expired (the store keeps the newest 100 keys): this is a new intention"
    );
    let l = ledger(&v);
    assert_eq!(l["database"]["seats"], 7);
    assert_eq!(
        l["counters"]["effects_committed"].as_u64(),
        before.as_u64().map(|n| n + 1)
    );
    assert_eq!(l["counters"]["receipts_reused"], 1);
}
