//! The synthetic ledger: everything an approved call can change.
//!
//! It holds the mock outbox, the fixture schedule, the two virtual files,
//! the two database keys, the receipts and the counters. It changes only
//! through [`Ledger::commit`], which the workbench calls when inspection
//! finishes a run's seventh stage, and [`Ledger::reset`].

use std::rc::Rc;

use serde_json::{Map, Value};

use crate::json::object;
use crate::vocab::Gate;

/// The outbox holds at most this many messages.
pub const MAX_OUTBOX: usize = 20;
/// The schedule holds at most this many events, fixtures included.
pub const MAX_EVENTS: usize = 24;
/// The receipt store keeps the newest this many keys, as a real
/// idempotency store keeps keys for a while (Stripe: 24 hours) and then
/// forgets them; the oldest receipt expires when one more is stored.
pub const MAX_RECEIPTS: usize = 100;

/// The two file names, byte for byte; nothing else is a file.
pub const FILE_NAMES: [&str; 2] = ["/workspace/notes.txt", "/workspace/report.txt"];
const INITIAL_FILES: [&str; 2] = [
    "Original notes: review the quarterly plan on Friday.",
    "Report draft: no findings yet.",
];

/// The values `status` may hold.
pub const STATUSES: [&str; 3] = ["open", "waitlist", "closed"];
/// `seats` holds an integer from 0 to this.
pub const MAX_SEATS: i64 = 500;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email {
    pub id: String,
    pub to: String,
    pub subject: String,
    pub body: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    pub id: String,
    pub title: String,
    pub start: String,
    pub end: String,
}

/// The typed database: one integer key and one enumerated string key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Database {
    pub seats: i64,
    pub status: String,
}

/// A database value of the key's own type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DbValue {
    Seats(i64),
    Status(String),
}

/// What one committed call does to the ledger. Ids are chosen when the
/// call is planned, against the ledger it will be committed to.
#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    None,
    AppendEmail(Email),
    AddEvent(Event),
    WriteFile { path: String, content: String },
    SetDatabase(DbValue),
}

/// What an operation key holds after a successful mutation.
#[derive(Debug, Clone, PartialEq)]
pub struct Receipt {
    pub tool: String,
    /// The canonical payload the key was used for.
    pub payload: String,
    /// The output returned then, before any hook or masking.
    pub output: Value,
}

/// Counts of what finished inspections did.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Counters {
    pub runs_finished: u64,
    pub effects_committed: u64,
    pub receipts_reused: u64,
    /// Receipts dropped because the store was full.
    pub receipts_expired: u64,
    /// Indexed like [`Gate::ALL`].
    pub rejections: [u64; 7],
}

/// How a finished run touches the ledger.
#[derive(Debug, Clone, PartialEq)]
pub enum Commit {
    /// Rejected at this gate: nothing changes but the counters.
    Rejected(Gate),
    /// Every gate passed.
    Ran(Finish),
}

/// What a run that passed every gate records.
#[derive(Debug, Clone, PartialEq)]
pub enum Finish {
    /// A read: nothing changes but the run count.
    Read,
    /// A mutation's effect, and the receipt its key now holds.
    Effect {
        effect: Effect,
        key: String,
        receipt: Receipt,
    },
    /// The receipt `key` holds was returned again: no effect.
    Replay { key: String },
}

/// The contents an experiment's ledger starts its files with, as
/// `(path, content)`; each path is one of [`FILE_NAMES`] (the experiment
/// reader refuses any other), the others keep the fixture content.
pub type StartFiles = [(String, String)];

/// Everything an approved call can change. Its only mutators are
/// [`Ledger::commit`] and [`Ledger::reset`].
#[derive(Debug, Clone, PartialEq)]
pub struct Ledger {
    outbox: Vec<Email>,
    schedule: Vec<Event>,
    /// How many events runs have added (ids are `event-N`).
    events_added: usize,
    files: [String; 2],
    /// What [`Ledger::reset`] starts the files from again.
    start: Rc<[String; 2]>,
    database: Database,
    /// Keys and their receipts, oldest first: the first expires next.
    receipts: Vec<(String, Receipt)>,
    /// The newest keys whose receipts expired, at most [`MAX_RECEIPTS`].
    expired: Vec<String>,
    counters: Counters,
}

impl Default for Ledger {
    fn default() -> Self {
        Self::fixtures()
    }
}

impl Ledger {
    /// The state a page load and a reset start from.
    pub fn fixtures() -> Self {
        let event = |id: &str, title: &str, start: &str, end: &str| Event {
            id: id.into(),
            title: title.into(),
            start: start.into(),
            end: end.into(),
        };
        Self {
            outbox: Vec::new(),
            schedule: vec![
                event("standup", "Stand-up", "09:00", "09:30"),
                event("lunch", "Lunch", "12:00", "13:00"),
            ],
            events_added: 0,
            files: INITIAL_FILES.map(String::from),
            start: Rc::new(INITIAL_FILES.map(String::from)),
            database: Database {
                seats: 120,
                status: "open".into(),
            },
            receipts: Vec::new(),
            expired: Vec::new(),
            counters: Counters::default(),
        }
    }

    /// The fixtures with an experiment's starting files (see
    /// [`StartFiles`]); a reset comes back to exactly this.
    pub fn starting(files: &StartFiles) -> Self {
        let mut ledger = Self::fixtures();
        for (path, content) in files {
            if let Some(i) = FILE_NAMES.iter().position(|name| name == path) {
                ledger.files[i].clone_from(content);
            }
        }
        ledger.start = Rc::new(ledger.files.clone());
        ledger
    }

    pub fn reset(&mut self) {
        let start = Rc::clone(&self.start);
        *self = Self::fixtures();
        self.files.clone_from(&start);
        self.start = start;
    }

    pub fn outbox(&self) -> &[Email] {
        &self.outbox
    }

    pub fn schedule(&self) -> &[Event] {
        &self.schedule
    }

    /// How many events runs have added (ids are `event-N`).
    pub fn events_added(&self) -> usize {
        self.events_added
    }

    /// The file contents, in [`FILE_NAMES`] order.
    pub fn files(&self) -> &[String; 2] {
        &self.files
    }

    pub fn database(&self) -> &Database {
        &self.database
    }

    /// The held keys and their receipts, oldest first.
    pub fn receipts(&self) -> &[(String, Receipt)] {
        &self.receipts
    }

    pub fn receipt(&self, key: &str) -> Option<&Receipt> {
        self.receipts
            .iter()
            .find_map(|(k, r)| (k == key).then_some(r))
    }

    /// Whether `key` held a receipt that expired (among the newest
    /// [`MAX_RECEIPTS`] expired keys) and holds none now.
    pub fn key_expired(&self, key: &str) -> bool {
        self.expired.iter().any(|k| k == key)
    }

    pub fn counters(&self) -> &Counters {
        &self.counters
    }

    /// The content of a file named exactly `path`.
    pub fn file(&self, path: &str) -> Option<&str> {
        FILE_NAMES
            .iter()
            .position(|name| *name == path)
            .map(|i| self.files[i].as_str())
    }

    /// Records a finished run. This is the only way runs change the ledger.
    pub fn commit(&mut self, commit: Commit) {
        self.counters.runs_finished += 1;
        match commit {
            Commit::Rejected(gate) => self.counters.rejections[gate.index()] += 1,
            Commit::Ran(Finish::Read) => {}
            Commit::Ran(Finish::Replay { .. }) => self.counters.receipts_reused += 1,
            Commit::Ran(Finish::Effect {
                effect,
                key,
                receipt,
            }) => {
                self.apply(effect);
                self.counters.effects_committed += 1;
                self.hold(key, receipt);
            }
        }
    }

    /// Stores `receipt` under `key` as the newest, expiring the oldest
    /// receipt when the store is full.
    fn hold(&mut self, key: String, receipt: Receipt) {
        self.receipts.retain(|(k, _)| *k != key);
        self.expired.retain(|k| *k != key);
        self.receipts.push((key, receipt));
        if self.receipts.len() > MAX_RECEIPTS {
            let (oldest, _) = self.receipts.remove(0);
            self.counters.receipts_expired += 1;
            if self.expired.len() == MAX_RECEIPTS {
                self.expired.remove(0);
            }
            self.expired.push(oldest);
        }
    }

    fn apply(&mut self, effect: Effect) {
        match effect {
            Effect::None => {}
            Effect::AppendEmail(email) => self.outbox.push(email),
            Effect::AddEvent(event) => {
                self.events_added += 1;
                self.schedule.push(event);
            }
            Effect::WriteFile { path, content } => {
                if let Some(i) = FILE_NAMES.iter().position(|name| *name == path) {
                    self.files[i] = content;
                }
            }
            Effect::SetDatabase(DbValue::Seats(n)) => self.database.seats = n,
            Effect::SetDatabase(DbValue::Status(s)) => self.database.status = s,
        }
    }

    /// The ledger as the page shows it in `#ledger-json`.
    pub fn to_json(&self) -> Value {
        let files: Map<String, Value> = FILE_NAMES
            .iter()
            .zip(&self.files)
            .map(|(name, content)| ((*name).to_string(), content.as_str().into()))
            .collect();
        let receipts: Vec<Value> = self
            .receipts
            .iter()
            .map(|(key, r)| {
                object(vec![
                    ("key", key.as_str().into()),
                    ("tool", r.tool.as_str().into()),
                    ("payload", r.payload.as_str().into()),
                    ("output", r.output.clone()),
                ])
            })
            .collect();
        let rejections: Map<String, Value> = Gate::ALL
            .iter()
            .map(|g| {
                (
                    g.id().to_string(),
                    self.counters.rejections[g.index()].into(),
                )
            })
            .collect();
        let outbox: Vec<Value> = (self.outbox.iter())
            .map(|e| {
                object(vec![
                    ("id", e.id.as_str().into()),
                    ("to", e.to.as_str().into()),
                    ("subject", e.subject.as_str().into()),
                    ("body", e.body.as_str().into()),
                ])
            })
            .collect();
        let schedule: Vec<Value> = (self.schedule.iter())
            .map(|e| {
                object(vec![
                    ("id", e.id.as_str().into()),
                    ("title", e.title.as_str().into()),
                    ("start", e.start.as_str().into()),
                    ("end", e.end.as_str().into()),
                ])
            })
            .collect();
        let c = &self.counters;
        object(vec![
            ("outbox", outbox.into()),
            ("schedule", schedule.into()),
            ("files", files.into()),
            (
                "database",
                object(vec![
                    ("seats", self.database.seats.into()),
                    ("status", self.database.status.as_str().into()),
                ]),
            ),
            ("receipts", receipts.into()),
            (
                "counters",
                object(vec![
                    ("runs_finished", c.runs_finished.into()),
                    ("effects_committed", c.effects_committed.into()),
                    ("receipts_reused", c.receipts_reused.into()),
                    ("receipts_expired", c.receipts_expired.into()),
                    ("rejections", rejections.into()),
                ]),
            ),
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn commit_counts_and_applies_only_effects() {
        let mut ledger = Ledger::fixtures();
        ledger.commit(Commit::Rejected(Gate::Role));
        ledger.commit(Commit::Ran(Finish::Read));
        assert_eq!(ledger.counters.runs_finished, 2);
        assert_eq!(ledger.counters.rejections[Gate::Role.index()], 1);
        assert_eq!(ledger.outbox.len(), 0);
        ledger.commit(Commit::Ran(Finish::Effect {
            effect: Effect::WriteFile {
                path: FILE_NAMES[1].into(),
                content: "new".into(),
            },
            key: "intent-1".into(),
            receipt: Receipt {
                tool: "files".into(),
                payload: "{}".into(),
                output: json!({}),
            },
        }));
        assert_eq!(ledger.file("/workspace/report.txt"), Some("new"));
        assert_eq!(ledger.counters.effects_committed, 1);
        ledger.commit(Commit::Ran(Finish::Replay {
            key: "intent-1".into(),
        }));
        assert_eq!(ledger.counters.receipts_reused, 1);
        ledger.reset();
        assert_eq!(ledger, Ledger::fixtures());
    }

    fn store(ledger: &mut Ledger, key: &str) {
        ledger.commit(Commit::Ran(Finish::Effect {
            effect: Effect::None,
            key: key.into(),
            receipt: Receipt {
                tool: "database".into(),
                payload: key.into(),
                output: json!({}),
            },
        }));
    }

    #[test]
    fn the_receipt_store_keeps_exactly_the_newest_max_keys() {
        let mut ledger = Ledger::fixtures();
        for i in 0..MAX_RECEIPTS {
            store(&mut ledger, &format!("k{i}"));
        }
        // At the bound: every key is held, none expired.
        assert_eq!(ledger.receipts().len(), MAX_RECEIPTS);
        assert_eq!(ledger.counters.receipts_expired, 0);
        assert!(ledger.receipt("k0").is_some());
        assert!(!ledger.key_expired("k0"));
        // One over: the oldest expires, and only it.
        store(&mut ledger, "new");
        assert_eq!(ledger.receipts().len(), MAX_RECEIPTS);
        assert_eq!(ledger.counters.receipts_expired, 1);
        assert!(ledger.receipt("k0").is_none());
        assert!(ledger.key_expired("k0"));
        assert!(ledger.receipt("k1").is_some());
        assert!(!ledger.key_expired("k1"));
        assert_eq!(ledger.to_json()["counters"]["receipts_expired"], json!(1));
    }

    #[test]
    fn storing_a_held_key_again_makes_it_the_newest() {
        let mut ledger = Ledger::fixtures();
        for i in 0..MAX_RECEIPTS {
            store(&mut ledger, &format!("k{i}"));
        }
        store(&mut ledger, "k0");
        store(&mut ledger, "over");
        assert!(ledger.receipt("k0").is_some());
        assert!(ledger.key_expired("k1"));
        // An expired key used again holds a receipt and is no longer expired.
        store(&mut ledger, "k1");
        assert!(ledger.receipt("k1").is_some());
        assert!(!ledger.key_expired("k1"));
    }

    #[test]
    fn the_expired_list_is_bounded_too() {
        let mut ledger = Ledger::fixtures();
        for i in 0..5 * MAX_RECEIPTS {
            store(&mut ledger, &format!("k{i}"));
        }
        assert_eq!(ledger.receipts().len(), MAX_RECEIPTS);
        assert_eq!(ledger.expired.len(), MAX_RECEIPTS);
        assert_eq!(ledger.counters.receipts_expired, 4 * MAX_RECEIPTS as u64);
        assert!(ledger.key_expired(&format!("k{}", 4 * MAX_RECEIPTS - 1)));
        assert!(!ledger.key_expired(&format!("k{}", 3 * MAX_RECEIPTS - 1)));
    }

    #[test]
    fn a_reset_restores_the_experiments_starting_files() {
        let start =
            Ledger::starting(&[("/workspace/report.txt".into(), "Report: planted.".into())]);
        assert_eq!(start.file(FILE_NAMES[1]), Some("Report: planted."));
        assert_eq!(start.file(FILE_NAMES[0]), Some(INITIAL_FILES[0]));
        assert_eq!(
            start.to_json()["files"][FILE_NAMES[1]],
            json!("Report: planted.")
        );
        let mut ledger = start.clone();
        for path in FILE_NAMES {
            ledger.commit(Commit::Ran(Finish::Effect {
                effect: Effect::WriteFile {
                    path: path.into(),
                    content: "overwritten".into(),
                },
                key: path.into(),
                receipt: Receipt {
                    tool: "files".into(),
                    payload: "{}".into(),
                    output: json!({}),
                },
            }));
            assert_eq!(ledger.file(path), Some("overwritten"));
        }
        assert_ne!(ledger, start);
        ledger.reset();
        assert_eq!(ledger, start);
        assert_eq!(ledger.file(FILE_NAMES[1]), Some("Report: planted."));
        assert_eq!(ledger.counters().runs_finished, 0);
        // The fixtures' reset is untouched by any experiment's files.
        let mut plain = Ledger::fixtures();
        plain.commit(Commit::Rejected(Gate::Role));
        plain.reset();
        assert_eq!(plain, Ledger::fixtures());
        assert_ne!(plain.files(), start.files());
    }

    #[test]
    fn ledger_json_names_every_part() {
        let v = Ledger::fixtures().to_json();
        assert_eq!(v["files"]["/workspace/notes.txt"], json!(INITIAL_FILES[0]));
        assert_eq!(v["schedule"][1]["title"], json!("Lunch"));
        assert_eq!(v["counters"]["rejections"]["after-hook"], json!(0));
        assert_eq!(v["database"]["seats"], json!(120));
    }
}
