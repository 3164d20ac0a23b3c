//! The runs log: one record per finished inspection, newest first, bounded.
//!
//! Every string in a record passes through [`mask`], so an API-key-shaped
//! string never reaches the log, whatever the hook says.

use std::collections::VecDeque;

use serde_json::Value;

use crate::gates::Verdict;
use crate::json::object;
use crate::mask::mask;
use crate::policy::{Hook, Role};

/// The log keeps the newest this many records.
pub const MAX_RECORDS: usize = 100;

/// How many characters of a run's arguments the log keeps; longer ones end
/// in `…`. A run log of arguments at the 4096 cap would otherwise hold
/// 400 KB that nobody reads in a list.
pub const MAX_LOGGED_ARGS: usize = 240;

fn shorten(mut text: String) -> String {
    if let Some((end, _)) = text.char_indices().nth(MAX_LOGGED_ARGS) {
        text.truncate(end);
        text.push('…');
    }
    text
}

/// What a finished run did to the ledger.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunEffect {
    /// Rejected at some gate: nothing changed.
    Rejected,
    /// A read: nothing changed.
    None,
    /// A mutation's effect was committed.
    Committed,
    /// A stored receipt was returned again; nothing changed.
    Replayed,
}

impl RunEffect {
    pub fn id(self) -> &'static str {
        match self {
            RunEffect::Rejected => "rejected",
            RunEffect::None => "none",
            RunEffect::Committed => "committed",
            RunEffect::Replayed => "replayed",
        }
    }

    /// The effect as the runs log words it.
    pub fn label(self) -> crate::text::Text {
        use crate::text::Text;
        match self {
            RunEffect::Rejected => Text::RunEffectRejected,
            RunEffect::None => Text::RunEffectNone,
            RunEffect::Committed => Text::RunEffectCommitted,
            RunEffect::Replayed => Text::RunEffectReplayed,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunRecord {
    /// 1 for the first run since the page loaded.
    pub seq: u64,
    /// The shell's clock when the run finished.
    pub at_ms: u64,
    pub experiment: String,
    pub tool: String,
    pub role: Role,
    pub hook: Hook,
    pub key: String,
    /// The arguments as the run had them.
    pub args: String,
    pub outcomes: [Verdict; 7],
    pub effect: RunEffect,
    /// The returned output as shown (after hook and masking), if any.
    pub output: Option<String>,
    /// Set when the run was a call of an agent turn.
    pub turn: Option<TurnNote>,
}

/// Where a run stood in an agent turn; the turn's last call also records
/// the claims of the model's text and their verdicts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnNote {
    /// 1-based, of `of` dispatched calls.
    pub call: usize,
    pub of: usize,
    /// The claims, once the turn is finished (empty before).
    pub claims: Vec<LoggedClaim>,
}

/// A claim of the model's text as the log keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoggedClaim {
    /// The claiming words, quoted whole (up to [`MAX_LOGGED_ARGS`]).
    pub quote: String,
    pub tool: String,
    /// Whether an effect of that tool in the turn stands behind it.
    pub backed: bool,
}

impl TurnNote {
    fn to_json(&self) -> Value {
        let claims = self
            .claims
            .iter()
            .map(|c| {
                object(vec![
                    ("quote", c.quote.as_str().into()),
                    ("tool", c.tool.as_str().into()),
                    ("backed", c.backed.into()),
                ])
            })
            .collect();
        object(vec![
            ("call", self.call.into()),
            ("of", self.of.into()),
            ("claims", Value::Array(claims)),
        ])
    }
}

impl RunRecord {
    pub fn to_json(&self) -> Value {
        let mut record = self.plain_json();
        if let (Some(turn), Value::Object(map)) = (&self.turn, &mut record) {
            map.insert("turn".into(), turn.to_json());
        }
        record
    }

    fn plain_json(&self) -> Value {
        object(vec![
            ("run", self.seq.into()),
            ("at_ms", self.at_ms.into()),
            ("experiment", self.experiment.as_str().into()),
            ("tool", self.tool.as_str().into()),
            ("role", self.role.id().into()),
            ("hook", self.hook.id().into()),
            ("key", self.key.as_str().into()),
            ("args", self.args.as_str().into()),
            ("outcomes", self.outcomes.map(Verdict::id).into()),
            ("effect", self.effect.id().into()),
            ("output", self.output.as_deref().into()),
        ])
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RunLog {
    records: VecDeque<RunRecord>,
    next_seq: u64,
}

impl RunLog {
    /// Appends a record, masking its strings and dropping the oldest past
    /// [`MAX_RECORDS`]. The record's `seq` is assigned here.
    pub fn push(&mut self, mut record: RunRecord) {
        self.next_seq += 1;
        record.seq = self.next_seq;
        // The experiment's id may come from a link or a file: masked as
        // the learner's own text is.
        record.experiment = mask(&record.experiment);
        record.tool = mask(&record.tool);
        record.key = mask(&record.key);
        record.args = shorten(mask(&record.args));
        record.output = record.output.as_deref().map(mask);
        if let Some(turn) = &mut record.turn {
            for claim in &mut turn.claims {
                claim.quote = shorten(mask(&claim.quote));
            }
        }
        self.records.push_front(record);
        self.records.truncate(MAX_RECORDS);
    }

    /// Newest first.
    pub fn records(&self) -> impl Iterator<Item = &RunRecord> {
        self.records.iter()
    }

    pub fn len(&self) -> usize {
        self.records.len()
    }

    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    pub fn to_json(&self) -> Value {
        Value::Array(self.records.iter().map(RunRecord::to_json).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(key: &str) -> RunRecord {
        RunRecord {
            seq: 0,
            at_ms: 5,
            experiment: "email".into(),
            tool: "email".into(),
            role: Role::Operator,
            hook: Hook::None,
            key: key.into(),
            args: "{}".into(),
            outcomes: [Verdict::Passed; 7],
            effect: RunEffect::Committed,
            output: Some(format!("{{\"body\": \"AIza{}\"}}", "k".repeat(35))),
            turn: None,
        }
    }

    #[test]
    fn keeps_a_runs_arguments_up_to_the_bound() {
        let mut log = RunLog::default();
        let mut r = record("k");
        r.args = "é".repeat(MAX_LOGGED_ARGS);
        log.push(r.clone());
        r.args.push('x');
        log.push(r);
        let kept: Vec<String> = log.records().map(|r| r.args.clone()).collect();
        assert_eq!(kept[1], "é".repeat(MAX_LOGGED_ARGS), "at the bound: whole");
        assert_eq!(
            kept[0],
            format!("{}…", "é".repeat(MAX_LOGGED_ARGS)),
            "past it: cut"
        );
    }

    #[test]
    fn keeps_the_newest_hundred_newest_first() {
        let mut log = RunLog::default();
        for i in 0..MAX_RECORDS {
            log.push(record(&format!("k{i}")));
        }
        assert_eq!(log.len(), 100);
        assert_eq!(log.records().last().map(|r| r.seq), Some(1));
        log.push(record("k100"));
        assert_eq!(log.len(), 100);
        assert_eq!(log.records().next().map(|r| r.seq), Some(101));
        assert_eq!(log.records().last().map(|r| r.seq), Some(2));
    }

    #[test]
    fn masks_keys_and_output() {
        let mut log = RunLog::default();
        log.push(record(&format!("sk-{}", "x".repeat(20))));
        let r = log.records().next().unwrap();
        assert_eq!(r.key, "sk-…[masked]");
        assert_eq!(r.output.as_deref(), Some("{\"body\": \"AIza…[masked]\"}"));
        assert_eq!(log.to_json()[0]["outcomes"][6], "passed");
    }
}
