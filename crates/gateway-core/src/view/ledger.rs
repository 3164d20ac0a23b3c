//! The ledger panel's view: its sections, its JSON and the entry the last
//! run changed.

use std::rc::Rc;

use super::Workbench;
use crate::ledger::{Part, MAX_RECEIPTS};
use crate::store::{AnyStore, StoreView};
use crate::text::{Locale, Text};
use crate::vocab::Gate;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LedgerSection {
    pub title: String,
    pub items: Vec<String>,
}

/// The ledger entry the last run changed: its section and item (in the
/// order of `ledger`), and what changed, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChangeView {
    pub section: usize,
    pub item: usize,
    pub text: String,
}

impl Workbench {
    /// The ledger's sections, in the order of [`Ledger::parts`]: each
    /// store words its own, the receipts and counters are the gateway's.
    ///
    /// [`Ledger::parts`]: crate::ledger::Ledger::parts
    pub(crate) fn ledger_sections(&self) -> Vec<LedgerSection> {
        let ledger = self.ledger();
        let stores: Vec<&dyn AnyStore> = ledger.stores().iter().collect();
        (ledger.parts().into_iter())
            .map(|part| match part {
                Part::Store(i) => stores[i].view(),
                Part::Receipts => self.receipts_view(),
                Part::Counters => self.counters_view(),
            })
            .map(|view| {
                let l = self.locale();
                let rows = if view.rows.is_empty() {
                    view.empty.into_iter().collect()
                } else {
                    view.rows
                };
                LedgerSection {
                    title: view.title.render(l),
                    items: rows.into_iter().map(|t| t.render(l)).collect(),
                }
            })
            .collect()
    }

    fn receipts_view(&self) -> StoreView {
        StoreView {
            title: Text::LedgerReceipts,
            rows: (self.ledger().receipts().iter())
                .map(|(key, r)| Text::LedgerReceipt {
                    key: key.into(),
                    tool: (&r.tool).into(),
                    payload: (&r.payload).into(),
                })
                .collect(),
            empty: Some(Text::LedgerNone),
        }
    }

    fn counters_view(&self) -> StoreView {
        let c = self.ledger().counters();
        StoreView {
            title: Text::LedgerCounters,
            rows: vec![
                Text::CounterRuns {
                    n: c.runs_finished.into(),
                },
                Text::CounterEffects {
                    n: c.effects_committed.into(),
                },
                Text::CounterReused {
                    n: c.receipts_reused.into(),
                },
                Text::CounterExpired {
                    n: c.receipts_expired.into(),
                    max: MAX_RECEIPTS.into(),
                },
                Text::CounterRejections {
                    gates: Gate::ALL
                        .iter()
                        .map(|g| {
                            Text::CounterRejection {
                                gate: g.name().into(),
                                n: c.rejections[g.index()].into(),
                            }
                            .into()
                        })
                        .collect::<Vec<crate::text::Arg>>()
                        .into(),
                },
            ],
            empty: None,
        }
    }

    /// The parts of the ledger the request's tool reads or changes (none
    /// for a name the registry does not hold).
    fn own_parts(&self) -> Vec<Part> {
        (self.registry().get(&self.inputs().tool))
            .map_or_else(Vec::new, |tool| self.ledger().parts_of(tool))
    }

    /// The sections of the tool's parts and the changed one, in ledger
    /// order.
    fn ledger_own(&self) -> Vec<usize> {
        let own = self.own_parts();
        let changed = self.changed().map(|c| c.part);
        (self.ledger().parts().into_iter().enumerate())
            .filter(|(_, p)| own.contains(p) || changed == Some(*p))
            .map(|(i, _)| i)
            .collect()
    }
}

/// The ledger panel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LedgerView {
    /// Shared with the [`LedgerWords`] they were worded into (`Rc`): views
    /// of one revision of the ledger share them, and compare equal at once.
    pub sections: Rc<Vec<LedgerSection>>,
    pub json: Rc<String>,
    /// The entry the last finished run changed (or whose receipt it
    /// returned), until the next run starts.
    pub change: Option<ChangeView>,
    /// The sections of `ledger` the request's tool reads or changes (and
    /// the changed one), shown first; the rest are one disclosure away.
    pub own: Vec<usize>,
    /// Said when the tool touches no store (the calculator, a name the
    /// registry does not hold).
    pub untouched: Option<String>,
}

/// The ledger's sections and JSON as last worded, kept beside the view by
/// whoever draws it for one workbench (the workbench's state holds no
/// words): [`Workbench::view_kept`] words them again only when the ledger
/// or the language changed.
#[derive(Debug, Clone, Default)]
pub struct LedgerWords {
    at: Option<(u64, Locale)>,
    sections: Rc<Vec<LedgerSection>>,
    json: Rc<String>,
}

impl Workbench {
    pub(super) fn ledger_view(&self, words: &mut LedgerWords) -> LedgerView {
        let inputs = self.inputs();
        let at = (self.ledger().revision(), self.locale());
        if words.at != Some(at) {
            *words = LedgerWords {
                at: Some(at),
                sections: Rc::new(self.ledger_sections()),
                json: Rc::new(crate::json::pretty(&self.ledger().to_json())),
            };
        }
        LedgerView {
            own: self.ledger_own(),
            sections: Rc::clone(&words.sections),
            json: Rc::clone(&words.json),
            change: self.changed().and_then(|c| {
                Some(ChangeView {
                    section: self.ledger().parts().iter().position(|p| *p == c.part)?,
                    item: c.item,
                    text: self.t(c.text()),
                })
            }),
            untouched: self.own_parts().is_empty().then(|| {
                self.t(Text::LedgerUntouched {
                    tool: (&inputs.tool).into(),
                })
            }),
        }
    }
}
