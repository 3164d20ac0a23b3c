//! The language of a ledger's fixture data (issue 32): file contents,
//! search records, calendar titles, tool examples and an experiment's
//! fixture text come in English and in Traditional Chinese.
//!
//! Fixtures are chosen from the page's language when the page loads and
//! when the ledger is reset; a language switch never rewrites them. A
//! language with no fixtures of its own (the pseudo-locale `en-XA`) uses
//! the English ones.

use crate::text::Locale;

crate::closed_enum! {
    /// A language fixture data is written in; the id is the key of an
    /// experiment file's per-language form (`{"en": …, "zh-TW": …}`).
    #[derive(Default)]
    pub enum Fixtures as "fixture language" {
        #[default]
        En = "en",
        ZhTw = "zh-TW",
    }
}

impl Fixtures {
    /// The fixtures of a page in `locale`: its own where it has some,
    /// English otherwise.
    pub fn of(locale: Locale) -> Self {
        Self::ALL
            .into_iter()
            .find(|f| f.id() == locale.id())
            .unwrap_or_default()
    }
}

/// One value in each fixture language, in [`Fixtures::ALL`] order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Localized<T>(pub [T; 2]);

impl<T> Localized<T> {
    /// The value in `fixtures`' language.
    pub fn get(&self, fixtures: Fixtures) -> &T {
        &self.0[fixtures.index()]
    }

    /// Every language's value, in [`Fixtures::ALL`] order.
    pub fn all(&self) -> impl Iterator<Item = &T> {
        self.0.iter()
    }
}

impl<T: Clone> Localized<T> {
    /// The same value in every language (a plain string in a file).
    pub fn same(value: T) -> Self {
        Localized([value.clone(), value])
    }
}

impl<T: Default> Default for Localized<T> {
    fn default() -> Self {
        Localized(Default::default())
    }
}

impl From<&str> for Localized<String> {
    fn from(text: &str) -> Self {
        Localized::same(text.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_page_language_chooses_its_fixtures_and_the_pseudo_locale_english() {
        assert_eq!(Fixtures::of(Locale::En), Fixtures::En);
        assert_eq!(Fixtures::of(Locale::ZhTw), Fixtures::ZhTw);
        for locale in Locale::BUILT {
            let f = Fixtures::of(locale);
            // Only a language with fixtures of its own has them.
            assert!(f.id() == locale.id() || f == Fixtures::En, "{locale:?}");
        }
        assert_eq!(Fixtures::ALL.len(), Localized::<u8>::default().0.len());
    }

    #[test]
    fn a_plain_value_is_every_languages() {
        let same = Localized::from("receipt");
        assert_eq!(same.get(Fixtures::En), "receipt");
        assert_eq!(same.get(Fixtures::ZhTw), "receipt");
        let both = Localized(["receipt".to_string(), "收據".to_string()]);
        assert_eq!(both.get(Fixtures::ZhTw), "收據");
        assert_eq!(both.all().count(), 2);
    }
}
