//! The synthetic ledger: everything an approved call can change.
//!
//! It holds the stores of its registry's tools (each tool's module
//! declares its own: the mock outbox, the fixture schedule, the two
//! virtual files, the two database keys, the search index), and the
//! gateway's own receipts and counters. It changes only through
//! [`Ledger::commit`], which the workbench calls when inspection finishes a
//! run's seventh stage, and [`Ledger::reset`].

use std::rc::Rc;

use serde_json::{Map, Value};

use crate::fixtures::Fixtures;
use crate::json::object;
use crate::store::{Store, Stores};
use crate::tools::{Registry, Tool};
use crate::vocab::Gate;

pub use crate::store::Effect;

/// The receipt store keeps the newest this many keys, as a real
/// idempotency store keeps keys for a while (Stripe: 24 hours) and then
/// forgets them; the oldest receipt expires when one more is stored.
pub const MAX_RECEIPTS: usize = 100;

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

/// A part of the ledger as the ledger panel lists it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// The store at this place of [`Ledger::stores`].
    Store(usize),
    Receipts,
    Counters,
}

/// Everything an approved call can change. Its only mutators are
/// [`Ledger::commit`] and [`Ledger::reset`].
#[derive(Debug, Clone)]
pub struct Ledger {
    stores: Stores,
    /// What [`Ledger::reset`] starts the stores from again.
    start: Rc<Stores>,
    /// Keys and their receipts, oldest first: the first expires next.
    receipts: Vec<(String, Receipt)>,
    /// The newest keys whose receipts expired, at most [`MAX_RECEIPTS`].
    expired: Vec<String>,
    counters: Counters,
    /// How many times a mutator ran: what the ledger holds is the same
    /// while it is.
    revision: u64,
}

/// Two ledgers are equal when they hold the same, however often each
/// changed.
impl PartialEq for Ledger {
    fn eq(&self, other: &Self) -> bool {
        self.stores == other.stores
            && self.start == other.start
            && self.receipts == other.receipts
            && self.expired == other.expired
            && self.counters == other.counters
    }
}

impl Default for Ledger {
    fn default() -> Self {
        Self::fixtures()
    }
}

impl Ledger {
    /// The ledger of `registry`'s stores, at their fixtures in `lang`'s
    /// language, with no receipt and every counter at zero.
    pub fn new(registry: &Registry, lang: Fixtures) -> Self {
        let stores = registry.stores(lang);
        Self {
            start: Rc::new(stores.clone()),
            stores,
            receipts: Vec::new(),
            expired: Vec::new(),
            counters: Counters::default(),
            revision: 0,
        }
    }

    /// The state an English page load and reset start from: the fixture
    /// tools' stores, in English.
    pub fn fixtures() -> Self {
        Self::new(&Registry::fixtures(), Fixtures::En)
    }

    /// The language of its fixture data: the page's when the ledger was
    /// made or last reset (a language switch leaves it).
    pub fn fixture_language(&self) -> Fixtures {
        self.stores.fixtures()
    }

    /// This ledger with `store` in place of its own store of that kind (an
    /// experiment's starting files); a reset comes back to exactly this.
    /// A ledger that holds no such store is left as it is.
    pub fn starting_with<S: Store>(mut self, store: S) -> Self {
        if self.stores.replace(store) {
            self.revision += 1;
            self.start = Rc::new(self.stores.clone());
        }
        self
    }

    /// Back to where it started.
    pub fn reset(&mut self) {
        self.revision += 1;
        self.stores = (*self.start).clone();
        self.receipts.clear();
        self.expired.clear();
        self.counters = Counters::default();
    }

    /// Reset to `start`, a fresh ledger (the same experiment's, its
    /// fixtures in the language the page has now), which a later reset
    /// comes back to; its revision moves on from this one's.
    pub fn reset_to(&mut self, start: Ledger) {
        let revision = self.revision;
        *self = start;
        self.reset();
        self.revision += revision;
    }

    /// The tools' stores, in the registry's order.
    pub fn stores(&self) -> &Stores {
        &self.stores
    }

    /// The parts in the order the ledger panel lists them: the stores a
    /// call can change, the receipts and counters, then the stores no call
    /// changes.
    pub fn parts(&self) -> Vec<Part> {
        let changing = |wanted: bool| {
            (self.stores.iter().enumerate())
                .filter(move |(_, s)| s.changes() == wanted)
                .map(|(i, _)| Part::Store(i))
        };
        changing(true)
            .chain([Part::Receipts, Part::Counters])
            .chain(changing(false))
            .collect()
    }

    /// The parts a call of `tool` reads or changes: its store, and the
    /// receipts where a call can change that store.
    pub fn parts_of(&self, tool: &dyn Tool) -> Vec<Part> {
        let Some(i) = tool.store().and_then(|kind| self.stores.position(kind)) else {
            return Vec::new();
        };
        let changes = self.stores.iter().nth(i).is_some_and(|s| s.changes());
        let receipts = changes.then_some(Part::Receipts);
        [Some(Part::Store(i)), receipts]
            .into_iter()
            .flatten()
            .collect()
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

    /// Changes with every commit and reset of this ledger: a view worded
    /// at one revision holds at the same revision.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Records a finished run. This is the only way runs change the ledger.
    pub fn commit(&mut self, commit: Commit) {
        self.revision += 1;
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
                if let Effect::Change(change) = &effect {
                    self.stores.apply(change);
                }
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

    /// The ledger as the page shows it in `#ledger-json`.
    pub fn to_json(&self) -> Value {
        let mut ledger: Map<String, Value> = self
            .stores
            .iter()
            .filter_map(|s| s.json())
            .map(|(k, v)| (k.to_string(), v))
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
        let c = &self.counters;
        ledger.insert("receipts".into(), receipts.into());
        ledger.insert(
            "counters".into(),
            object(vec![
                ("runs_finished", c.runs_finished.into()),
                ("effects_committed", c.effects_committed.into()),
                ("receipts_reused", c.receipts_reused.into()),
                ("receipts_expired", c.receipts_expired.into()),
                ("rejections", rejections.into()),
            ]),
        );
        ledger.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::email::outbox;
    use crate::tools::files::{Workspace, Write, FILE_NAMES, INITIAL_FILES};
    use serde_json::json;

    fn file<'a>(ledger: &'a Ledger, path: &str) -> Option<&'a str> {
        ledger.stores.get::<Workspace>()?.file(path)
    }

    fn starting(files: &crate::tools::files::StartFiles) -> Ledger {
        Ledger::fixtures().starting_with(Workspace::starting(files, Fixtures::En))
    }

    #[test]
    fn commit_counts_and_applies_only_effects() {
        let mut ledger = Ledger::fixtures();
        ledger.commit(Commit::Rejected(Gate::Role));
        ledger.commit(Commit::Ran(Finish::Read));
        assert_eq!(ledger.counters.runs_finished, 2);
        assert_eq!(ledger.counters.rejections[Gate::Role.index()], 1);
        assert_eq!(outbox(&ledger.stores).len(), 0);
        ledger.commit(Commit::Ran(Finish::Effect {
            effect: Effect::on::<Workspace>(Write {
                path: FILE_NAMES[1].into(),
                content: "new".into(),
            }),
            key: "intent-1".into(),
            receipt: Receipt {
                tool: "files".into(),
                payload: "{}".into(),
                output: json!({}),
            },
        }));
        assert_eq!(file(&ledger, "/workspace/report.txt"), Some("new"));
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
        let start = starting(&[("/workspace/report.txt".into(), "Report: planted.".into())]);
        assert_eq!(file(&start, FILE_NAMES[1]), Some("Report: planted."));
        assert_eq!(
            file(&start, FILE_NAMES[0]),
            Some(INITIAL_FILES.get(Fixtures::En)[0])
        );
        assert_eq!(
            start.to_json()["files"][FILE_NAMES[1]],
            json!("Report: planted.")
        );
        let mut ledger = start.clone();
        for path in FILE_NAMES {
            ledger.commit(Commit::Ran(Finish::Effect {
                effect: Effect::on::<Workspace>(Write {
                    path: path.into(),
                    content: "overwritten".into(),
                }),
                key: path.into(),
                receipt: Receipt {
                    tool: "files".into(),
                    payload: "{}".into(),
                    output: json!({}),
                },
            }));
            assert_eq!(file(&ledger, path), Some("overwritten"));
        }
        assert_ne!(ledger, start);
        ledger.reset();
        assert_eq!(ledger, start);
        assert_eq!(file(&ledger, FILE_NAMES[1]), Some("Report: planted."));
        assert_eq!(ledger.counters().runs_finished, 0);
        // The fixtures' reset is untouched by any experiment's files.
        let mut plain = Ledger::fixtures();
        plain.commit(Commit::Rejected(Gate::Role));
        plain.reset();
        assert_eq!(plain, Ledger::fixtures());
        assert_ne!(plain.stores, start.stores);
    }

    #[test]
    fn a_ledger_holds_the_fixtures_of_its_language_and_reset_to_changes_them() {
        let zh = Ledger::new(&Registry::fixtures(), Fixtures::ZhTw);
        assert_eq!(zh.fixture_language(), Fixtures::ZhTw);
        let v = zh.to_json();
        assert_eq!(
            v["files"]["/workspace/notes.txt"],
            json!("原始筆記：星期五檢討季度計畫。")
        );
        assert_eq!(v["schedule"][0]["title"], json!("站立會議"));
        assert_eq!(v["schedule"][0]["id"], json!("standup"));
        assert_eq!(v["schedule"][1]["title"], json!("午餐"));
        let mut ledger = Ledger::fixtures();
        assert_eq!(ledger.fixture_language(), Fixtures::En);
        ledger.commit(Commit::Rejected(Gate::Role));
        let revision = ledger.revision();
        ledger.reset_to(zh.clone());
        assert_eq!(ledger, zh);
        assert!(ledger.revision() > revision);
        // A later reset comes back to the new start.
        ledger.commit(Commit::Rejected(Gate::Role));
        ledger.reset();
        assert_eq!(ledger, zh);
    }

    #[test]
    fn ledger_json_names_every_part() {
        let v = Ledger::fixtures().to_json();
        assert_eq!(
            v["files"]["/workspace/notes.txt"],
            json!(INITIAL_FILES.get(Fixtures::En)[0])
        );
        assert_eq!(v["schedule"][1]["title"], json!("Lunch"));
        assert_eq!(v["counters"]["rejections"]["after-hook"], json!(0));
        assert_eq!(v["database"]["seats"], json!(120));
    }
}
