//! Notices: messages about something the learner did not do themselves
//! (a shared link, storage, the page being hidden, the embed options, a
//! setting the page turned off). They are a list, so a
//! second notice never hides the first.

use crate::baseline::StoredError;
use crate::share::ShareError;
use crate::text::{CatalogueFailure, Text};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    /// Playback paused because the page was hidden.
    HiddenPaused,
    /// A shared link's setup was applied.
    SharedSetup,
    /// A shared link could not be restored.
    LinkRefused(ShareError),
    /// The link's experiment and `?experiment=` disagree; the link won.
    ExperimentConflict { link: String, query: String },
    /// A stored baseline this build cannot read was left untouched.
    BaselineUnreadable(StoredError),
    /// Baseline storage could not be read at all.
    BaselineStorageUnreadable,
    /// A baseline changed but a stored one this build cannot read is kept.
    BaselineKept,
    /// Storage refused the baseline.
    BaselineUnsaved,
    /// Storage refused the goals reached: they show on this page only.
    ProgressUnsaved,
    /// `hide=` named these, which are no panel of the page (for the
    /// instructor who embeds it).
    HideUnknown(Vec<String>),
    /// The learner chose a tool with nothing to redact, so the Redact
    /// output hook was turned off (the editor keeps only options that mean
    /// something for the tool).
    RedactTurnedOff { tool: String },
    /// A language's catalogue could not be fetched or installed: the page
    /// stays in its language.
    CatalogueFailed {
        language: &'static str,
        why: CatalogueFailure,
    },
}

impl Notice {
    pub fn text(&self) -> Text {
        match self {
            Notice::HiddenPaused => Text::NoticeHiddenPaused,
            Notice::SharedSetup => Text::NoticeSharedSetup,
            Notice::LinkRefused(e) => e.text(),
            Notice::ExperimentConflict { link, query } => Text::NoticeExperimentConflict {
                link: link.into(),
                query: query.into(),
            },
            Notice::BaselineUnreadable(e) => e.text(),
            Notice::BaselineStorageUnreadable => Text::NoticeBaselineStorageUnreadable,
            Notice::BaselineKept => Text::NoticeBaselineKept,
            Notice::BaselineUnsaved => Text::NoticeBaselineUnsaved,
            Notice::ProgressUnsaved => Text::NoticeProgressUnsaved,
            Notice::HideUnknown(names) => Text::NoticeHideUnknown {
                names: names.clone().into(),
                panels: crate::embed::PANELS.to_vec().into(),
            },
            Notice::RedactTurnedOff { tool } => Text::NoticeRedactTurnedOff { tool: tool.into() },
            Notice::CatalogueFailed { language, why } => Text::NoticeCatalogueFailed {
                language: (*language).into(),
                detail: why.text(),
            },
        }
    }

    /// Whether pressing Play answers it (it is about playback).
    pub fn cleared_by_play(&self) -> bool {
        matches!(self, Notice::HiddenPaused)
    }
}
