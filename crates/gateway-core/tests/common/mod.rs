//! A driver that talks to the core only through messages and reads only
//! the view model, as the page does.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use gateway_core::view::PageModel;
use gateway_core::{ExperimentId, Msg, Workbench};

pub struct Driver {
    pub wb: Workbench,
    pub now: u64,
}

impl Driver {
    pub fn new(experiment: ExperimentId) -> Self {
        Self {
            wb: Workbench::new(experiment),
            now: 1_000,
        }
    }

    pub fn send(&mut self, msg: Msg) -> PageModel {
        self.now += 10;
        self.wb.update(self.now, msg);
        self.wb.view()
    }

    pub fn view(&self) -> PageModel {
        self.wb.view()
    }

    /// Presses Next gate until the run finishes (seven presses from gate 1),
    /// checking the row under inspection before each press.
    pub fn finish(&mut self) -> PageModel {
        let start = self.view().gateway.playback.stage.expect("a run to finish");
        for stage in start..7 {
            let v = self.view();
            assert_eq!(v.gateway.playback.stage, Some(stage));
            assert!(v.gateway.gates[stage].current);
            assert_eq!(v.gateway.gates[stage].status.id(), "pending");
            self.send(Msg::NextGate);
        }
        let v = self.view();
        assert!(v.gateway.playback.finished);
        assert!(!v.gateway.playback.next_enabled);
        v
    }

    /// Next call where a finished call of the agent turn is on show, then
    /// Next gate until the call under inspection finishes or waits for the
    /// person (at most seven presses).
    pub fn step_call(&mut self) -> PageModel {
        if self.wb.turn().is_some_and(|t| t.next_call_waits()) {
            self.send(Msg::NextCall);
        }
        let done = |d: &Driver| d.wb.turn().map_or(0, |t| t.outcomes().len());
        let start = done(self);
        for _ in 0..7 {
            if self.wb.pending() {
                break;
            }
            self.send(Msg::NextGate);
            if done(self) > start {
                break;
            }
        }
        self.view()
    }

    /// Restart, then finish.
    pub fn rerun(&mut self) -> PageModel {
        self.send(Msg::Restart);
        self.finish()
    }
}

/// `(gate id, status id)` for every row.
pub fn statuses(v: &PageModel) -> Vec<(&'static str, &'static str)> {
    v.gateway
        .gates
        .iter()
        .map(|r| (r.gate.id(), r.status.id()))
        .collect()
}

/// The status of one gate.
pub fn status(v: &PageModel, gate: &str) -> &'static str {
    v.gateway
        .gates
        .iter()
        .find(|r| r.gate.id() == gate)
        .map(|r| r.status.id())
        .unwrap()
}

pub fn reason(v: &PageModel, gate: &str) -> String {
    v.gateway
        .gates
        .iter()
        .find(|r| r.gate.id() == gate)
        .map(|r| r.reason.clone())
        .unwrap()
}

/// The ledger JSON the page shows, parsed.
pub fn ledger(v: &PageModel) -> serde_json::Value {
    serde_json::from_str(&v.ledger.json).unwrap()
}

/// Exactly one gate rejected, the ones before passed or not needed, the
/// ones after skipped.
pub fn assert_rejected_at(v: &PageModel, gate: &str) {
    let mut seen = false;
    for row in &v.gateway.gates {
        let s = row.status.id();
        if row.gate.id() == gate {
            assert_eq!(s, "rejected", "{}: {}", row.gate.id(), row.reason);
            seen = true;
        } else if seen {
            assert_eq!(s, "skipped", "{}", row.gate.id());
        } else {
            assert!(
                matches!(s, "passed" | "not-needed"),
                "{}: {s} {}",
                row.gate.id(),
                row.reason
            );
        }
    }
    assert!(seen);
}

pub fn assert_all_pass(v: &PageModel) {
    for row in &v.gateway.gates {
        assert!(
            matches!(row.status.id(), "passed" | "not-needed"),
            "{}: {} {}",
            row.gate.id(),
            row.status.id(),
            row.reason
        );
    }
}

impl Driver {
    /// A driver over a workbench the test built itself (e.g. with its own
    /// registry).
    pub fn with_workbench(wb: Workbench) -> Self {
        Self { wb, now: 1_000 }
    }

    /// Sends `msg` with the shell's clock reading exactly `now` ms (for
    /// playback timing); later `send`s continue from there.
    pub fn send_at(&mut self, now: u64, msg: Msg) -> PageModel {
        assert!(now >= self.now, "the shell's clock does not go back");
        self.now = now;
        self.wb.update(now, msg);
        self.wb.view()
    }
}

/// The ledger JSON without its counters: everything a run can change.
pub fn contents(v: &PageModel) -> serde_json::Value {
    let mut l = ledger(v);
    l.as_object_mut().unwrap().remove("counters");
    l
}

/// The counters of the ledger JSON.
pub fn counters(v: &PageModel) -> serde_json::Value {
    ledger(v)["counters"].clone()
}

/// The stored content of one virtual file, as the ledger JSON shows it.
pub fn file(v: &PageModel, path: &str) -> String {
    ledger(v)["files"][path].as_str().unwrap().to_string()
}

/// The rows of a read that runs: nothing but schema, role and execution applies.
pub const READ_STATUSES: [(&str, &str); 7] = [
    ("schema", "passed"),
    ("before-hook", "not-needed"),
    ("role", "passed"),
    ("approval", "not-needed"),
    ("idempotency", "not-needed"),
    ("execution", "passed"),
    ("after-hook", "not-needed"),
];
