//! The ledger panel's view: its sections, its JSON and the entry the last
//! run changed.

use super::Workbench;
use crate::ledger::{FILE_NAMES, MAX_RECEIPTS};
use crate::text::Text;
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

/// The sections of [`Workbench::ledger_sections`] a tool reads or
/// changes: outbox 0, schedule 1, files 2, database 3, receipts 4,
/// counters 5, search index 6.
pub(super) fn stores(tool: &str) -> &'static [usize] {
    match tool {
        "email" => &[0, 4],
        "calendar" => &[1, 4],
        "files" => &[2, 4],
        "database" => &[3, 4],
        "search" => &[6],
        _ => &[],
    }
}

impl Workbench {
    pub(crate) fn ledger_sections(&self) -> Vec<LedgerSection> {
        let l = self.locale();
        let ledger = self.ledger();
        let c = ledger.counters();
        let section = |title: Text, items: Vec<Text>, empty: Option<Text>| LedgerSection {
            title: title.render(l),
            items: if items.is_empty() {
                empty.into_iter().map(|t| t.render(l)).collect()
            } else {
                items.into_iter().map(|t| t.render(l)).collect()
            },
        };
        vec![
            section(
                Text::LedgerOutbox,
                ledger
                    .outbox()
                    .iter()
                    .map(|m| Text::LedgerEmail {
                        id: (&m.id).into(),
                        to: (&m.to).into(),
                        subject: (&m.subject).into(),
                    })
                    .collect(),
                Some(Text::LedgerEmpty),
            ),
            section(
                Text::LedgerSchedule,
                ledger
                    .schedule()
                    .iter()
                    .map(|e| Text::LedgerEvent {
                        id: (&e.id).into(),
                        title: (&e.title).into(),
                        start: (&e.start).into(),
                        end: (&e.end).into(),
                    })
                    .collect(),
                None,
            ),
            section(
                Text::LedgerFiles,
                FILE_NAMES
                    .iter()
                    .zip(ledger.files())
                    .map(|(name, content)| Text::LedgerFile {
                        path: (*name).into(),
                        content: content.into(),
                    })
                    .collect(),
                None,
            ),
            section(
                Text::LedgerDatabase,
                vec![
                    Text::LedgerSeats {
                        seats: ledger.database().seats.into(),
                    },
                    Text::LedgerStatus {
                        status: (&ledger.database().status).into(),
                    },
                ],
                None,
            ),
            section(
                Text::LedgerReceipts,
                ledger
                    .receipts()
                    .iter()
                    .map(|(key, r)| Text::LedgerReceipt {
                        key: key.into(),
                        tool: (&r.tool).into(),
                        payload: (&r.payload).into(),
                    })
                    .collect(),
                Some(Text::LedgerNone),
            ),
            section(
                Text::LedgerCounters,
                vec![
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
                None,
            ),
            section(
                Text::LedgerRecords,
                crate::tools::search::RECORDS
                    .iter()
                    .enumerate()
                    .map(|(i, text)| Text::LedgerRecord {
                        n: (i + 1).into(),
                        text: (*text).into(),
                    })
                    .collect(),
                None,
            ),
        ]
    }

    /// The tool's stores and the changed section, in ledger order.
    pub(super) fn ledger_own(&self, sections: usize) -> Vec<usize> {
        let own = stores(&self.inputs().tool);
        let changed = self.changed().map(|c| c.section);
        (0..sections)
            .filter(|i| own.contains(i) || changed == Some(*i))
            .collect()
    }
}

/// The ledger panel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LedgerView {
    // Shared with the workbench until a run finishes (`Rc`): a playing
    // frame words none of them again.
    pub sections: Vec<LedgerSection>,
    pub json: String,
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

impl Workbench {
    pub(super) fn ledger_view(&self) -> LedgerView {
        let inputs = self.inputs();
        let ledger = self.ledger_sections();
        LedgerView {
            own: self.ledger_own(ledger.len()),
            sections: ledger,
            json: crate::json::pretty(&self.ledger().to_json()),
            change: self.changed().map(|c| ChangeView {
                section: c.section,
                item: c.item,
                text: self.t(c.text()),
            }),
            untouched: stores(&inputs.tool).is_empty().then(|| {
                self.t(Text::LedgerUntouched {
                    tool: (&inputs.tool).into(),
                })
            }),
        }
    }
}
