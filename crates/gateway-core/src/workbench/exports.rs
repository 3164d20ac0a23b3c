//! The declarations panel's exports, which the learner's page downloads
//! when the panel first opens (its catalogue does not carry them): when
//! to ask for them, and what the answer means. A failed download is said
//! in the panel; opening it again tries again.

use crate::command::Command;
use crate::text::{CatalogueFailure, Locale};

/// Where the download of a language's exports stands.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) enum Exports {
    /// None asked for, or the last one installed.
    #[default]
    Idle,
    /// `Command::LoadExports` of this language is under way.
    Loading(Locale),
    /// The last download of this language's exports failed.
    Failed(Locale, CatalogueFailure),
}

impl Exports {
    /// Whether the panel, open in `locale`, needs a download: its exports
    /// are not `installed` and none of them is on its way.
    pub fn wanted(&self, locale: Locale, installed: bool) -> bool {
        !installed && *self != Exports::Loading(locale)
    }

    /// The panel is open in `locale`: the command that downloads its
    /// exports, if [`Exports::wanted`].
    pub fn open(&mut self, locale: Locale, installed: bool) -> Option<Command> {
        if !self.wanted(locale, installed) {
            return None;
        }
        *self = Exports::Loading(locale);
        Some(Command::LoadExports(locale))
    }

    /// The download of `locale`'s exports ended, `installed` or not. An
    /// answer for another language than the one awaited changes nothing
    /// here (what it installed stays installed).
    pub fn loaded(&mut self, locale: Locale, installed: Result<(), CatalogueFailure>) {
        if *self != Exports::Loading(locale) {
            return;
        }
        *self = match installed {
            Ok(()) => Exports::Idle,
            Err(why) => Exports::Failed(locale, why),
        };
    }

    /// Why the last download of `locale`'s exports failed, if it did.
    pub fn failure(&self, locale: Locale) -> Option<&CatalogueFailure> {
        match self {
            Exports::Failed(l, why) if *l == locale => Some(why),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ZH: Locale = Locale::ZhTw;

    #[test]
    fn opening_the_panel_downloads_the_exports_once() {
        let mut e = Exports::default();
        assert_eq!(e.open(ZH, true), None, "installed already");
        assert_eq!(e.open(ZH, false), Some(Command::LoadExports(ZH)));
        assert_eq!(e.open(ZH, false), None, "on its way");
        e.loaded(ZH, Ok(()));
        assert_eq!(e, Exports::Idle);
        assert_eq!(e.failure(ZH), None);
    }

    #[test]
    fn a_failed_download_is_said_and_opening_again_retries() {
        let mut e = Exports::default();
        let _ = e.open(ZH, false);
        let why = CatalogueFailure::Fetch(crate::text::FetchError::Status {
            status: 404,
            url: "pkg/locales/zh-TW/exports.json".into(),
        });
        e.loaded(ZH, Err(why.clone()));
        assert_eq!(e.failure(ZH), Some(&why));
        assert_eq!(e.failure(Locale::En), None, "said in its language only");
        assert_eq!(e.open(ZH, false), Some(Command::LoadExports(ZH)));
        assert_eq!(e.failure(ZH), None);
    }

    #[test]
    fn an_answer_not_awaited_changes_nothing() {
        let mut e = Exports::default();
        let _ = e.open(ZH, false);
        // The language changed while the first download was on its way.
        assert_eq!(
            e.open(Locale::En, false),
            Some(Command::LoadExports(Locale::En))
        );
        e.loaded(
            ZH,
            Err(CatalogueFailure::Fetch(crate::text::FetchError::Browser(
                "offline".into(),
            ))),
        );
        assert_eq!(e, Exports::Loading(Locale::En));
    }
}
