//! How long planning a run takes, and that it does not grow with the ledger.
//!
//! `gates::plan` runs the seven gates against the ledger without changing
//! it; the workbench calls it on every input change. The ledger's largest
//! part is its receipts (the newest `MAX_RECEIPTS`, looked up in order), so
//! the same valid email request is planned against the fixture ledger and
//! against ledgers with a full receipt store, full outbox and schedule or
//! not, and through the replay path. A whole workbench run (seven Next gate presses and the view
//! model) gives the cost of one learner run end to end.
//!
//! Run with `cargo bench -p gateway-core --bench plan`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use gateway_core::gates::{plan, Approval, Inputs};
use gateway_core::ledger::{Commit, Effect, Finish, Ledger, Receipt, MAX_RECEIPTS};
use gateway_core::text::Locale;
use gateway_core::tools::calendar::{Event, Schedule, MAX_EVENTS};
use gateway_core::tools::email::{Message as Email, Outbox, MAX_OUTBOX};
use gateway_core::{ExampleKind, ExperimentId, Gate, Hook, Msg, Registry, Role, ToolId, Workbench};
use serde_json::json;

/// One short of a full store, so that one more receipt fills it.
const RECEIPTS: usize = MAX_RECEIPTS - 1;

/// The email tool's valid example, as Operator, approved, key `intent-1`.
fn email_inputs(registry: &Registry) -> Inputs {
    let mut inputs = Inputs {
        tool: ToolId::Email.id().into(),
        args: ExampleKind::Valid
            .text(
                ToolId::Email
                    .tool()
                    .declaration()
                    .examples
                    .get(gateway_core::fixtures::Fixtures::En),
            )
            .into(),
        role: Role::Operator,
        hook: Hook::None,
        key: "intent-1".into(),
        reuse: true,
        approval: None,
        refusal: None,
    };
    let call = plan(registry, &inputs, &Ledger::fixtures(), Locale::En)
        .call()
        .cloned()
        .expect("the valid example passes the schema gate");
    inputs.approval = Some(Approval {
        tool: call.tool,
        payload: call.payload,
    });
    inputs
}

/// Commits `effect` with `receipt` under `key`, the only way a receipt or
/// an effect reaches the ledger.
fn commit_effect(ledger: &mut Ledger, key: String, effect: Effect, receipt: Receipt) {
    ledger.commit(Commit::Ran(Finish::Effect {
        effect,
        key,
        receipt,
    }));
}

/// The fixture ledger plus `RECEIPTS` receipts under distinct keys, none of
/// them `intent-1`.
fn ledger_with_receipts() -> Ledger {
    let mut ledger = Ledger::fixtures();
    for i in 0..RECEIPTS {
        commit_effect(
            &mut ledger,
            format!("bench-{i:05}"),
            Effect::None,
            Receipt {
                tool: "email".into(),
                payload: format!(r#"{{"body":"b","subject":"s {i}","to":"a@example.test"}}"#),
                output: json!({ "id": format!("email-{i}"), "status": "appended" }),
            },
        );
    }
    assert_eq!(ledger.receipts().len(), RECEIPTS);
    assert_eq!(
        gateway_core::tools::email::outbox(ledger.stores()),
        gateway_core::tools::email::outbox(Ledger::fixtures().stores())
    );
    ledger
}

/// A receipt for the filler effects; they all share one key so the
/// receipts stay at `RECEIPTS + 1`.
fn filler_receipt() -> Receipt {
    Receipt {
        tool: "bench".into(),
        payload: "{}".into(),
        output: json!({}),
    }
}

/// Outbox at its 20 messages and schedule at its 24 events.
fn fill(ledger: &mut Ledger) {
    while gateway_core::tools::email::outbox(ledger.stores()).len() < MAX_OUTBOX {
        let n = gateway_core::tools::email::outbox(ledger.stores()).len() + 1;
        let email = Email {
            id: format!("email-{n}"),
            to: "learner@example.test".into(),
            subject: format!("Message {n}"),
            body: "Filler.".into(),
        };
        commit_effect(
            ledger,
            "bench-fill".into(),
            Effect::on::<Outbox>(email),
            filler_receipt(),
        );
    }
    while gateway_core::tools::calendar::schedule(ledger.stores()).len() < MAX_EVENTS {
        let n = gateway_core::tools::calendar::events_added(ledger.stores()) + 1;
        let event = Event {
            id: format!("event-{n}"),
            title: format!("Event {n}"),
            start: "14:00".into(),
            end: "14:30".into(),
        };
        commit_effect(
            ledger,
            "bench-fill".into(),
            Effect::on::<Schedule>(event),
            filler_receipt(),
        );
    }
    assert_eq!(
        gateway_core::tools::email::outbox(ledger.stores()).len(),
        MAX_OUTBOX
    );
    assert_eq!(
        gateway_core::tools::calendar::schedule(ledger.stores()).len(),
        MAX_EVENTS
    );
    assert_eq!(ledger.receipts().len(), RECEIPTS + 1);
}

fn plan_benches(c: &mut Criterion) {
    let registry = Registry::fixtures();
    let inputs = email_inputs(&registry);

    let fixtures = Ledger::fixtures();
    let many = ledger_with_receipts();
    let mut full = ledger_with_receipts();
    fill(&mut full);
    let mut replay = ledger_with_receipts();
    let first = plan(&registry, &inputs, &Ledger::fixtures(), Locale::En);
    let Commit::Ran(Finish::Effect { key, receipt, .. }) = first.commit() else {
        panic!(
            "the approved example commits an effect: {}",
            first.summary().en()
        );
    };
    // The receipt alone, as if the effect had been committed elsewhere.
    commit_effect(&mut replay, key, Effect::None, receipt);
    assert_eq!(replay.receipts().len(), RECEIPTS + 1);

    // Each case must take the path it is named after.
    let check = |ledger: &Ledger, expect: fn(&Commit) -> bool| {
        let p = plan(&registry, &inputs, ledger, Locale::En);
        assert_eq!(p.rows().len(), Gate::ALL.len());
        assert!(expect(&p.commit()), "{}", p.summary().en());
    };
    check(&fixtures, |c| {
        matches!(c, Commit::Ran(Finish::Effect { .. }))
    });
    check(&many, |c| matches!(c, Commit::Ran(Finish::Effect { .. })));
    check(&full, |c| matches!(c, Commit::Rejected(Gate::Execution)));
    check(&replay, |c| matches!(c, Commit::Ran(Finish::Replay { .. })));

    let mut group = c.benchmark_group("plan email");
    for (name, ledger) in [
        ("fixture ledger", &fixtures),
        ("99 receipts", &many),
        ("100 receipts, outbox and schedule full", &full),
        ("100 receipts, replay", &replay),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| {
                plan(
                    black_box(&registry),
                    black_box(&inputs),
                    black_box(ledger),
                    Locale::En,
                )
            })
        });
    }
    group.finish();
}

fn workbench_bench(c: &mut Criterion) {
    let mut ready = Workbench::new(ExperimentId::Email);
    ready.update(1_000, Msg::SetRole(Role::Operator));
    ready.update(1_010, Msg::Approve);
    assert!(ready.inputs().approval.is_some());
    assert_eq!(ready.view().gateway.playback.stage, Some(0));

    let run = |mut wb: Workbench| {
        for i in 0..7 {
            wb.update(2_000 + i, Msg::NextGate);
        }
        wb.view()
    };
    let done = run(ready.clone());
    assert!(done.gateway.playback.finished);
    assert!(done.ledger.json.contains("email-1"));

    c.bench_function("workbench email run (7 x NextGate + view)", |b| {
        b.iter_batched(|| ready.clone(), run, BatchSize::SmallInput)
    });
}

/// One playing frame (`Tick` + `view()`) on a page that has finished 100
/// runs: a full outbox, 20 receipts and a full runs log. What a frame
/// costs should not grow with what the ledger and the log hold.
fn frame_bench(c: &mut Criterion) {
    let mut wb = Workbench::new(ExperimentId::Email);
    let mut now = 1_000;
    let mut send = |wb: &mut Workbench, msg| {
        now += 10;
        wb.update(now, msg);
    };
    send(&mut wb, Msg::SetRole(Role::Operator));
    for run in 0..100 {
        send(&mut wb, Msg::SetKey(format!("intent-{run}")));
        send(&mut wb, Msg::Approve);
        for _ in 0..7 {
            send(&mut wb, Msg::NextGate);
        }
    }
    assert_eq!(wb.log().len(), 100);
    assert_eq!(
        gateway_core::tools::email::outbox(wb.ledger().stores()).len(),
        MAX_OUTBOX
    );
    send(&mut wb, Msg::Restart);
    send(&mut wb, Msg::Play);
    let mut fresh = Workbench::new(ExperimentId::Email);
    fresh.update(1_000, Msg::Play);
    // The clock stands still, so the run never finishes mid-measurement.
    for (name, page, at) in [
        ("fresh page", &mut fresh, 1_001),
        ("100 runs finished", &mut wb, now + 1),
    ] {
        c.bench_function(&format!("playing frame (Tick + view), {name}"), |b| {
            b.iter(|| {
                page.update(at, Msg::Tick);
                black_box(page.view())
            })
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .measurement_time(Duration::from_secs(3))
        .sample_size(30)
        .without_plots();
    targets = plan_benches, workbench_bench, frame_bench
}
criterion_main!(benches);
