//! How the page opens, as one pure function: the query string, the
//! fragment and what storage holds give the experiment, its setup, the
//! embed options and the notices.
//!
//! - `?experiment=<id>` names the experiment; a shared link's fragment
//!   (`#s=1.…`) names one too, and when the two disagree the link wins and
//!   the learner is told.
//! - A damaged or newer link gives a notice and the experiment's default
//!   setup.
//! - An experiment a link carries (`#x=1.…`) that cannot be opened opens
//!   nothing in its place: the page says the link is incomplete or
//!   damaged, to ask for the whole link, and lists the experiments.
//! - `hide=` names that are no panel are reported, with the ones there are.
//! - A stored value this build cannot read, or storage that cannot be
//!   read at all, locks that slot: it is reported and never written over.
//! - This browser's progress on the other built-in experiments is read
//!   (the masthead counts them), and an instructor's experiment is added
//!   to the list the course page shows (`course::authored`).

use crate::baseline::Baseline;
use crate::command::{Read, Slot, SlotState};
pub use crate::embed::EmbedOptions;
pub use crate::query::{with_lang, Query};
use std::rc::Rc;

use crate::course::authored::{self, Authored};
use crate::course::Stored;
use crate::damage::Damage;
use crate::experiments::read::Problem;
use crate::experiments::{link, Experiment, ExperimentId};
use crate::notice::Notice;
use crate::share::{Setup, ShareError};
use crate::text::{Locale, Text};
use crate::workbench::{Msg, Workbench};

/// What the page opens to.
#[derive(Debug, Clone)]
pub enum Opening {
    Workbench(Box<Workbench>),
    /// `?experiment=` names no experiment: the page lists them.
    Unknown {
        id: String,
        locale: Locale,
    },
    /// The experiment the link carries cannot be opened: the page says so
    /// and lists the experiments.
    BrokenLink {
        fault: LinkFault,
        locale: Locale,
    },
}

/// Why the experiment a link carries (`#x=1.…`) cannot be opened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkFault {
    /// Damaged (cut short, not base64url) or made by a newer page.
    Refused(ShareError),
    /// The browser could not decompress it (its words, if it gave any).
    NotInflated(String),
    /// Decompressed, but not an experiment: its problems.
    Unreadable(Vec<Problem>),
}

impl LinkFault {
    /// What the page found, as the detail under the plain message.
    pub fn text(&self) -> Text {
        match self {
            LinkFault::Refused(ShareError::FutureVersion { got }) => Text::NoticeCarriedNewer {
                got: (*got).into(),
                version: crate::share::VERSION.into(),
            },
            LinkFault::Refused(ShareError::Damaged { detail }) => detail.text(),
            LinkFault::NotInflated(why) if why.is_empty() => Text::NoticeCarriedNotInflated,
            LinkFault::NotInflated(why) => Text::NoticeCarriedNotInflatedWhy { why: why.into() },
            LinkFault::Unreadable(problems) => Text::NoticeCarriedUnreadable {
                count: problems.len().into(),
                first: problems
                    .first()
                    .map(|p| p.sentence())
                    .unwrap_or(Text::ProblemEmpty)
                    .into(),
            },
        }
    }
}

/// The page's address and frame, as the shell reads them.
#[derive(Debug, Clone, Copy)]
pub struct Address<'a> {
    /// `location.search`, as the browser's `URLSearchParams` reads it.
    pub query: &'a Query,
    /// `location.hash`, with or without `#`.
    pub fragment: &'a str,
    /// Whether a course page frames this one.
    pub framed: bool,
    /// Whether the page was opened from a file (`file://`): the page then
    /// says what that changes.
    pub from_file: bool,
    /// Whether the page is the single file (`dist/workbench.html`; the
    /// shell sees the marker the bundler writes): one activity of a larger
    /// course, whose solved banner offers no navigation.
    pub single_file: bool,
    /// The page's language ([`choose_locale`]), whose catalogue the shell
    /// has installed.
    pub locale: Locale,
    /// The experiment the fragment carries ([`link::compressed`]), as the
    /// shell inflated it, or the browser's words for why it could not.
    pub inflated: Option<Result<&'a [u8], &'a str>>,
}

/// The built-in experiment a page at `query` and `fragment` opens: a
/// shared setup's, else `?experiment=`'s, else the default; `None` when the
/// fragment carries an experiment of its own. Its words and structure are
/// the ones the learner's page downloads with its language's catalogue
/// (`pkg/locales/<tag>/<id>.json`, else `<tag>/link.json`) before [`open`]
/// (a test holds the two to the same choice).
pub fn builtin_wanted(query: &Query, fragment: &str) -> Option<ExperimentId> {
    if crate::share::part(fragment, link::PREFIX).is_some() {
        return None;
    }
    let linked = match Setup::from_fragment(fragment) {
        Ok(Some(setup)) => setup.experiment.parse().ok(),
        _ => None,
    };
    let named = || query.get("experiment")?.parse().ok();
    Some(linked.or_else(named).unwrap_or_default())
}

/// Opens the page at `address`; `read` answers what storage holds under a key.
pub fn open(address: Address<'_>, read: &dyn Fn(&str) -> Read) -> Opening {
    let param = |name: &str| address.query.get(name);
    let named = param("experiment");
    let mut shared = Setup::from_fragment(address.fragment);
    let mut notices = Vec::new();
    let broken = |fault| Opening::BrokenLink {
        fault,
        locale: address.locale,
    };
    let carried = match (link::compressed(address.fragment), address.inflated) {
        (Ok(None), _) => None,
        (Err(e), _) => return broken(LinkFault::Refused(e)),
        (Ok(Some(_)), Some(Ok(bytes))) => match link::experiment(bytes) {
            Ok(e) => Some(Rc::new(e)),
            Err(problems) => return broken(LinkFault::Unreadable(problems)),
        },
        (Ok(Some(_)), Some(Err(why))) => return broken(LinkFault::NotInflated(why.into())),
        (Ok(Some(_)), None) => return broken(LinkFault::NotInflated(String::new())),
    };
    // A setup for another experiment than the one it opens is refused.
    if let (Ok(Some(setup)), Some(e)) = (&shared, &carried) {
        if setup.experiment != e.id {
            shared = Err(ShareError::Damaged {
                detail: Damage::UnknownValue {
                    field: "experiment",
                    value: setup.experiment.clone(),
                },
            });
        }
    }
    let linked = match &shared {
        Ok(Some(setup)) if carried.is_none() => match setup.experiment.parse::<ExperimentId>() {
            Ok(id) => Some(id),
            Err(_) => {
                shared = Err(ShareError::Damaged {
                    detail: Damage::UnknownValue {
                        field: "experiment",
                        value: setup.experiment.clone(),
                    },
                });
                None
            }
        },
        _ => None,
    };
    let experiment: Rc<Experiment> = match (carried, linked, named) {
        (Some(e), _, _) => e,
        (None, Some(id), named) => {
            if let Some(query) = named.filter(|q| *q != id.id()) {
                notices.push(Notice::ExperimentConflict {
                    link: id.id().into(),
                    query: query.into(),
                });
            }
            Rc::clone(id.in_locale(address.locale))
        }
        (None, None, None) => Rc::clone(ExperimentId::default().in_locale(address.locale)),
        (None, None, Some(id)) => match id.parse::<ExperimentId>() {
            Ok(e) => Rc::clone(e.in_locale(address.locale)),
            Err(_) => {
                return Opening::Unknown {
                    id: id.into(),
                    locale: address.locale,
                }
            }
        },
    };
    let storage_id = experiment.storage_id();
    let embed = EmbedOptions {
        embed: param("embed").is_some_and(|v| matches!(v, "1" | "true" | "yes")),
        ..EmbedOptions::default()
    }
    .with_hide(param("hide").unwrap_or_default());
    if !embed.unknown.is_empty() {
        notices.push(Notice::HideUnknown(embed.unknown.clone()));
    }
    let carried_part = (experiment.builtin.is_none())
        .then(|| crate::share::part(address.fragment, link::PREFIX))
        .flatten()
        .map(|body| format!("{}{body}", link::PREFIX));
    // Its fixture data in the page's language (issue 32).
    let mut wb = Workbench::with_fixtures(Rc::clone(&experiment), address.locale);
    if let Some(part) = &carried_part {
        wb.set_carried(part.clone());
    }
    wb.set_framed(address.framed);
    wb.set_from_file(address.from_file);
    wb.set_single_file(address.single_file);
    wb.set_embed(embed);
    match read(&Slot::Baseline.key(&storage_id)) {
        Read::Absent => {}
        Read::Found(text) => match Baseline::from_stored(&text) {
            Ok(b) => {
                wb.update(0, Msg::RestoreBaseline(b));
            }
            Err(e) => {
                wb.set_baseline_slot(SlotState::Locked);
                wb.update(0, Msg::Notice(Notice::BaselineUnreadable(e)));
            }
        },
        Read::Failed => {
            wb.set_baseline_slot(SlotState::Locked);
            wb.update(0, Msg::Notice(Notice::BaselineStorageUnreadable));
        }
    }
    match read(&Slot::Notes.key(&storage_id)) {
        Read::Absent => {}
        Read::Found(text) => wb.set_notes_loaded(text, SlotState::Writable),
        Read::Failed => wb.set_notes_loaded(String::new(), SlotState::Locked),
    }
    match read(&Slot::Progress.key(&storage_id)) {
        Read::Absent => {}
        Read::Found(text) => wb.set_progress_loaded(Some(&text), SlotState::Writable),
        Read::Failed => wb.set_progress_loaded(None, SlotState::Locked),
    }
    wb.set_finished_elsewhere(finished_elsewhere(experiment.builtin, address.locale, read));
    if let Some(link) = &carried_part {
        let (list, slot) = remembered(&experiment, link, read);
        wb.remember_authored(list, slot);
    }
    match shared {
        Ok(Some(setup)) => {
            wb.update(0, Msg::RestoreSetup(setup));
        }
        Ok(None) => {}
        Err(e) => {
            wb.update(0, Msg::Notice(Notice::LinkRefused(e)));
        }
    }
    for notice in notices {
        wb.update(0, Msg::Notice(notice));
    }
    Opening::Workbench(Box::new(wb))
}

/// The built-in experiments other than `this` that this browser finished.
fn finished_elsewhere(
    this: Option<ExperimentId>,
    locale: Locale,
    read: &dyn Fn(&str) -> Read,
) -> Vec<ExperimentId> {
    (crate::course::ORDER.iter())
        .filter(|id| Some(**id) != this && Stored::builtin(**id, locale, read).finished())
        .copied()
        .collect()
}

/// The instructors' experiments this browser remembers with `experiment`
/// (carried by `link`) first, as stored, and the slot's state: a list
/// this build cannot read, or storage that cannot be read, locks it
/// (`None`: nothing is written).
fn remembered(
    experiment: &Experiment,
    link: &str,
    read: &dyn Fn(&str) -> Read,
) -> (Option<String>, SlotState) {
    let list = match read(&Slot::Authored.key("")) {
        Read::Absent => Vec::new(),
        Read::Found(text) => match authored::read(&text) {
            Some(list) => list,
            None => return (None, SlotState::Locked),
        },
        Read::Failed => return (None, SlotState::Locked),
    };
    let list = authored::remember(list, Authored::of(experiment, link));
    (Some(authored::to_stored(&list)), SlotState::Writable)
}

/// The page's language: `?lang=` names one the catalogue has (`en`,
/// `zh-TW`, in any case), or else the browser's preferred languages decide,
/// in order: the first that a language's file lists in its
/// `-browser-languages` wins ([`Locale::browser_languages`]: English for
/// `en`, `en-…`; Traditional Chinese for `zh-TW`, `zh-HK`, `zh-MO`,
/// `zh-Hant…`); any other is passed over, and with none of them the page is
/// English.
pub fn choose_locale(query: &Query, preferred: &[&str]) -> Locale {
    let named = query.get("lang").and_then(Locale::from_id);
    named
        .or_else(|| preferred.iter().find_map(|tag| supported(tag)))
        .unwrap_or_default()
}

/// The page's locale for a browser language tag, if a language's file
/// lists a tag that is a prefix of it in whole subtags (case and `_` for
/// `-` aside); the longest such prefix decides. Only the page's languages
/// ([`Locale::ALL`]) are chosen so, never the pseudo-locale.
fn supported(tag: &str) -> Option<Locale> {
    let tag: Vec<u8> = (tag.bytes())
        .map(|b| {
            if b == b'_' {
                b'-'
            } else {
                b.to_ascii_lowercase()
            }
        })
        .collect();
    let mut chosen: Option<(Locale, usize)> = None;
    for locale in Locale::ALL {
        for prefix in locale.browser_languages() {
            let n = prefix.len();
            let whole = tag.starts_with(prefix.as_bytes()) && tag.get(n).is_none_or(|b| *b == b'-');
            if whole && chosen.is_none_or(|(_, longest)| n > longest) {
                chosen = Some((locale, n));
            }
        }
    }
    chosen.map(|(locale, _)| locale)
}

/// The page for an experiment id that names none: every word of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownView {
    /// The page's language; its tag goes in `<html lang>`.
    pub locale: Locale,
    /// The document title.
    pub page_title: String,
    pub eyebrow: String,
    pub title: String,
    pub message: String,
    /// What the page found, under the message (a broken link's fault).
    pub detail: Option<String>,
    /// Every built-in experiment.
    pub experiments: Vec<Listed>,
}

/// An experiment in the list: its link, its title and, once read
/// ([`UnknownView::with_progress`]), this browser's progress on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    pub href: String,
    pub title: String,
    /// `✓ Finished`, or `1 of 2 goals`.
    pub mark: Option<String>,
    pub done: bool,
}

impl UnknownView {
    /// `?experiment=id` names no experiment.
    pub fn new(id: &str, locale: Locale) -> Self {
        Self {
            locale,
            page_title: Text::PageTitle {
                experiment: Text::ChooseExperiment.into(),
            }
            .render(locale),
            eyebrow: Text::Eyebrow.render(locale),
            title: Text::ChooseExperiment.render(locale),
            message: Text::UnknownExperiment { id: id.into() }.render(locale),
            detail: None,
            experiments: Self::experiments(locale),
        }
    }

    /// The experiment the link carries cannot be opened: it is incomplete
    /// or damaged, and the learner is told to ask for the whole link.
    pub fn broken_link(fault: &LinkFault, locale: Locale) -> Self {
        Self {
            locale,
            page_title: Text::PageTitle {
                experiment: Text::NoticeCarriedTitle.into(),
            }
            .render(locale),
            eyebrow: Text::Eyebrow.render(locale),
            title: Text::NoticeCarriedTitle.render(locale),
            message: Text::NoticeCarriedMessage.render(locale),
            detail: Some(
                Text::NoticeCarriedFound {
                    detail: fault.text().into(),
                }
                .render(locale),
            ),
            experiments: Self::experiments(locale),
        }
    }

    /// This browser's progress on each experiment listed (`read` answers
    /// what storage holds under a key): ✓ on a finished one, how many of
    /// its goals are reached on the others.
    pub fn with_progress(mut self, read: &dyn Fn(&str) -> Read) -> Self {
        for (listed, id) in self.experiments.iter_mut().zip(ExperimentId::ALL) {
            let stored = Stored::builtin(id, self.locale, read);
            listed.mark = Some(stored.mark().render(self.locale));
            listed.done = stored.finished();
        }
        self
    }

    /// Every built-in experiment, without progress.
    fn experiments(locale: Locale) -> Vec<Listed> {
        ExperimentId::ALL
            .iter()
            .map(|e| {
                let href = format!("?experiment={}&lang={}", e.id(), locale.id());
                // A link's catalogue carries no other title: the id.
                let title = e.title(locale);
                Listed {
                    href,
                    title: if title.is_empty() {
                        e.id().into()
                    } else {
                        title
                    },
                    mark: None,
                    done: false,
                }
            })
            .collect()
    }
}

/// What the error banner says when the page stops (a panic), in the
/// page's language.
pub fn panic_banner(details: &str, locale: Locale) -> String {
    crate::text::Text::PanicBanner {
        details: details.into(),
    }
    .render(locale)
}
