//! The masthead's view: the experiment's title, the language switch,
//! Expand experiment and Copy link.

use super::{Choice, LinkView, Workbench};
use crate::command::Deliverable;
use crate::text::{Locale, Text};
use crate::workbench::Delivery;

/// Expand experiment: the button's words, and whether the page fills its
/// frame because full screen was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExpandView {
    pub label: String,
    pub fill_frame: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShareView {
    /// Copy link's status line.
    pub status: String,
    /// The link made, shown in a field to copy by hand.
    pub link: Option<String>,
}

/// What opening the page from a file changes: one quiet line, and the
/// rest behind a disclosure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileNoteView {
    /// `Opened from a file: works offline; notes may not survive a reload here.`
    pub line: String,
    /// The disclosure's summary, `What this means`.
    pub more: String,
    /// The whole explanation, shown when the disclosure opens.
    pub detail: String,
}

/// The masthead: the experiment's title, the language switch, Expand experiment and Copy link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MastheadView {
    /// The experiment's title.
    pub title: String,
    /// The language shown, by its tag.
    pub language: &'static str,
    /// The language switch: every language, by its own name.
    pub languages: Vec<Choice>,
    /// What opening the page from a file changes, when it was (a copy
    /// served over http, e.g. from a course page, says nothing of it).
    pub file_note: Option<FileNoteView>,
    pub expand: ExpandView,
    pub share: ShareView,
    /// `Experiments finished: 3 of 9` (the built-in experiments, in this
    /// browser).
    pub finished: String,
    /// The course page: none where the page is one activity of a larger
    /// course (`embed=1`, the single file).
    pub course: Option<LinkView>,
}

impl Workbench {
    pub(super) fn masthead_view(&self) -> MastheadView {
        let l = self.locale();
        let this = (self.experiment().builtin).filter(|_| self.finished());
        MastheadView {
            finished: self.t(Text::MastheadFinished {
                done: (self.finished_elsewhere().len() + usize::from(this.is_some())).into(),
                total: crate::course::ORDER.len().into(),
            }),
            course: (!self.one_activity()).then(|| self.course_link()),
            title: self.experiment().title.get(l).into(),
            language: l.id(),
            languages: Locale::ALL
                .iter()
                .map(|other| Choice {
                    value: other.id(),
                    label: other.autonym().into(),
                    selected: *other == l,
                    enabled: true,
                })
                .collect(),
            file_note: self.opened_from_file().then(|| FileNoteView {
                line: self.t(Text::SingleFileNote),
                more: self.t(Text::SingleFileMore),
                detail: self.t(Text::SingleFileDetail),
            }),
            expand: {
                let (full_screen, fill_frame) = self.expanded();
                ExpandView {
                    label: self.t(if full_screen || fill_frame {
                        Text::ExitFullScreen
                    } else {
                        Text::ExpandExperiment
                    }),
                    fill_frame,
                }
            },
            share: ShareView {
                status: self.t(match self.delivery() {
                    Delivery::Offered(Deliverable::ShareLink) => Text::ShareCopyBelow,
                    Delivery::Copied(Deliverable::ShareLink) => Text::ShareCopied,
                    Delivery::CopyFailed(Deliverable::ShareLink) => Text::ShareCopyFailed,
                    _ if self.share_link().is_some() => Text::ShareCopyBelow,
                    _ => Text::ShareIdle,
                }),
                link: self.share_link().map(String::from),
            },
        }
    }
}
