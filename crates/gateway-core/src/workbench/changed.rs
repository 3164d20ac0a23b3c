//! What the last finished run changed in the ledger, as plain data (moved
//! verbatim from workbench/mod.rs).

use crate::ledger::{Commit, Finish, Ledger};
use crate::text::Text;

/// The ledger entry a finished run changed (or whose receipt it returned
/// again): the ledger section and the item in it, as the ledger panel
/// lists them (outbox, schedule, files, database, receipts), and what to
/// say of it. Plain data: its words are made with the view.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Changed {
    pub section: usize,
    pub item: usize,
    pub what: ChangeWords,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum ChangeWords {
    /// An email or an event added: the effect says it.
    Added(crate::ledger::Effect),
    /// A file or a database key: its name, before and after (JSON text).
    Value {
        name: String,
        before: String,
        after: String,
    },
    /// The receipt of this key was returned again.
    Replayed(String),
}

impl Changed {
    /// What `commit` will change, read from the ledger before it: the old
    /// value of a file or a key. [`Changed::placed`] finds the entry after.
    pub(super) fn before(commit: &Commit, ledger: &Ledger) -> Option<ChangeWords> {
        use crate::ledger::{DbValue, Effect};
        let quote = crate::json::quote;
        Some(match commit {
            Commit::Ran(Finish::Effect { effect, .. }) => match effect {
                Effect::AppendEmail(_) | Effect::AddEvent(_) => ChangeWords::Added(effect.clone()),
                Effect::WriteFile { path, content } => {
                    let i = crate::ledger::FILE_NAMES.iter().position(|n| n == path)?;
                    ChangeWords::Value {
                        name: path.clone(),
                        before: quote(&ledger.files()[i]),
                        after: quote(content),
                    }
                }
                Effect::SetDatabase(DbValue::Seats(n)) => ChangeWords::Value {
                    name: "seats".into(),
                    before: ledger.database().seats.to_string(),
                    after: n.to_string(),
                },
                Effect::SetDatabase(DbValue::Status(v)) => ChangeWords::Value {
                    name: "status".into(),
                    before: quote(&ledger.database().status),
                    after: quote(v),
                },
                Effect::None => return None,
            },
            Commit::Ran(Finish::Replay { key }) => ChangeWords::Replayed(key.clone()),
            Commit::Ran(Finish::Read) | Commit::Rejected(_) => return None,
        })
    }

    /// Where `what` stands in the ledger after the commit.
    pub(super) fn placed(what: ChangeWords, ledger: &Ledger) -> Option<Self> {
        use crate::ledger::Effect;
        let (section, item) = match &what {
            ChangeWords::Added(Effect::AppendEmail(m)) => {
                (0, ledger.outbox().iter().position(|e| e.id == m.id)?)
            }
            ChangeWords::Added(Effect::AddEvent(e)) => {
                (1, ledger.schedule().iter().position(|x| x.id == e.id)?)
            }
            ChangeWords::Added(_) => return None,
            ChangeWords::Value { name, .. } => match name.as_str() {
                "seats" => (3, 0),
                "status" => (3, 1),
                path => (
                    2,
                    crate::ledger::FILE_NAMES.iter().position(|n| *n == path)?,
                ),
            },
            ChangeWords::Replayed(key) => {
                (4, ledger.receipts().iter().position(|(k, _)| k == key)?)
            }
        };
        Some(Changed {
            section,
            item,
            what,
        })
    }

    /// The words of the change, for the ledger panel.
    pub fn text(&self) -> Text {
        match &self.what {
            ChangeWords::Added(effect) => Text::ChangedEffect {
                effect: crate::tools::effect_text(effect).into(),
            },
            ChangeWords::Value {
                name,
                before,
                after,
            } => Text::ChangedValue {
                what: name.into(),
                before: before.into(),
                after: after.into(),
            },
            ChangeWords::Replayed(key) => Text::ChangedReplay {
                key: crate::json::quote(key).into(),
            },
        }
    }
}
