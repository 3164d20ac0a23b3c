//! The page before any catalogue is installed: which language's catalogue
//! to fetch, and what each answer means. The page's own language
//! ([`crate::opening::choose_locale`]) comes first; where its catalogue
//! cannot be had, the page opens in English and says why; where English's
//! cannot be had either, there are no words to open with.
//!
//! The shell fetches the catalogue [`Boot::locale`] names (as it performs
//! `Command::LoadCatalogue`), and hands the answer to [`Boot::loaded`].

use crate::notice::Notice;
use crate::text::{CatalogueFailure, Locale};

/// Whose catalogue is on its way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Boot {
    /// The page's own language's.
    Own(Locale),
    /// English's, since `wanted`'s could not be had, for `why`.
    English {
        wanted: Locale,
        why: CatalogueFailure,
    },
}

/// What the page does once a catalogue's answer came.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Next {
    /// Fetch another catalogue ([`Boot::locale`]'s).
    Load(Boot),
    /// The catalogue of `locale` is installed: open the page in it, with
    /// `notice` added.
    Open {
        locale: Locale,
        notice: Option<Notice>,
    },
    /// No catalogue could be had: `locale`'s, the last tried, for `why`.
    /// The page says its files are missing.
    Failed {
        locale: Locale,
        why: CatalogueFailure,
    },
}

impl Boot {
    /// The page starts in `locale`, its catalogue not yet fetched.
    pub fn start(locale: Locale) -> Self {
        Boot::Own(locale)
    }

    /// The language whose catalogue to fetch now.
    pub fn locale(&self) -> Locale {
        match self {
            Boot::Own(locale) => *locale,
            Boot::English { .. } => Locale::default(),
        }
    }

    /// The catalogue [`Boot::locale`] names was fetched (its text) or not
    /// (the browser's words): it is installed, and the page goes on.
    pub fn loaded(self, fetched: Result<String, crate::text::FetchError>) -> Next {
        let installed = crate::text::install_fetched(self.locale(), fetched);
        self.next(installed)
    }

    fn next(self, installed: Result<(), CatalogueFailure>) -> Next {
        let locale = self.locale();
        match (self, installed) {
            (Boot::Own(_), Ok(())) => Next::Open {
                locale,
                notice: None,
            },
            (Boot::English { wanted, why }, Ok(())) => Next::Open {
                locale,
                notice: Some(Notice::CatalogueFailed {
                    language: wanted.autonym(),
                    why,
                }),
            },
            // The page stays readable in English, and says why.
            (Boot::Own(wanted), Err(why)) if wanted != Locale::default() => {
                Next::Load(Boot::English { wanted, why })
            }
            (_, Err(why)) => Next::Failed { locale, why },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fetch_failed(why: &str) -> CatalogueFailure {
        CatalogueFailure::Fetch(crate::text::FetchError::Browser(why.into()))
    }

    #[test]
    fn the_page_opens_in_its_own_language_when_its_catalogue_installs() {
        let boot = Boot::start(Locale::ZhTw);
        assert_eq!(boot.locale(), Locale::ZhTw);
        assert_eq!(
            boot.next(Ok(())),
            Next::Open {
                locale: Locale::ZhTw,
                notice: None
            }
        );
    }

    #[test]
    fn a_failed_catalogue_falls_back_to_english_and_says_why() {
        let boot = Boot::start(Locale::ZhTw);
        let Next::Load(english) = boot.next(Err(fetch_failed("HTTP 404 Not Found"))) else {
            panic!("no fallback");
        };
        assert_eq!(english.locale(), Locale::En);
        assert_eq!(
            english.next(Ok(())),
            Next::Open {
                locale: Locale::En,
                notice: Some(Notice::CatalogueFailed {
                    language: Locale::ZhTw.autonym(),
                    why: fetch_failed("HTTP 404 Not Found"),
                }),
            }
        );
    }

    #[test]
    fn without_english_the_page_cannot_open() {
        let english = Boot::English {
            wanted: Locale::ZhTw,
            why: fetch_failed("offline"),
        };
        assert_eq!(
            english.next(Err(fetch_failed("offline again"))),
            Next::Failed {
                locale: Locale::En,
                why: fetch_failed("offline again"),
            }
        );
        assert_eq!(
            Boot::start(Locale::En).next(Err(fetch_failed("offline"))),
            Next::Failed {
                locale: Locale::En,
                why: fetch_failed("offline"),
            },
            "English's own failure has nothing to fall back to"
        );
    }

    #[test]
    fn what_is_fetched_is_installed() {
        // Text that is no catalogue is refused by the installer, as a
        // failure of the page's own language.
        let next = Boot::start(Locale::ZhTw).loaded(Ok("not a catalogue".into()));
        assert!(
            matches!(
                &next,
                Next::Load(Boot::English {
                    wanted: Locale::ZhTw,
                    why: CatalogueFailure::Install(_)
                })
            ),
            "{next:?}"
        );
    }
}
