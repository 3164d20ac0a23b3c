//! What the last finished run changed in the ledger, as plain data: the
//! part of the ledger, the item in it and what to say of it.

use crate::ledger::{Commit, Finish, Ledger, Part};
use crate::store::{Effect, Note};
use crate::text::Text;

/// The ledger entry a finished run changed (or whose receipt it returned
/// again): the part of the ledger and the item in it, as the ledger panel
/// lists them, and what to say of it. Plain data: its words are made with
/// the view.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Changed {
    pub part: Part,
    pub item: usize,
    pub what: ChangeWords,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum ChangeWords {
    /// An entry added (an email, an event): the effect says it.
    Added(Effect),
    /// An entry replaced (a file, a database key): its name, before and
    /// after (JSON text), and the effect that replaced it.
    Value {
        name: String,
        before: String,
        after: String,
        effect: Effect,
    },
    /// The receipt of this key was returned again.
    Replayed(String),
}

impl Changed {
    /// What `commit` will change, read from the ledger before it: the old
    /// value of an entry its store replaces. [`Changed::placed`] finds the
    /// entry after.
    pub(super) fn before(commit: &Commit, ledger: &Ledger) -> Option<ChangeWords> {
        Some(match commit {
            Commit::Ran(Finish::Effect { effect, .. }) => match effect.note(ledger.stores())? {
                Note::Added => ChangeWords::Added(effect.clone()),
                Note::Replaced {
                    name,
                    before,
                    after,
                } => ChangeWords::Value {
                    name,
                    before,
                    after,
                    effect: effect.clone(),
                },
            },
            Commit::Ran(Finish::Replay { key }) => ChangeWords::Replayed(key.clone()),
            Commit::Ran(Finish::Read) | Commit::Rejected(_) => return None,
        })
    }

    /// Where `what` stands in the ledger after the commit.
    pub(super) fn placed(what: ChangeWords, ledger: &Ledger) -> Option<Self> {
        let (part, item) = match &what {
            ChangeWords::Added(effect) | ChangeWords::Value { effect, .. } => {
                let (store, row) = effect.place(ledger.stores())?;
                (Part::Store(store), row)
            }
            ChangeWords::Replayed(key) => (
                Part::Receipts,
                ledger.receipts().iter().position(|(k, _)| k == key)?,
            ),
        };
        Some(Changed { part, item, what })
    }

    /// The words of the change, for the ledger panel.
    pub fn text(&self) -> Text {
        match &self.what {
            ChangeWords::Added(effect) => Text::ChangedEffect {
                effect: effect.text().into(),
            },
            ChangeWords::Value {
                name,
                before,
                after,
                ..
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
