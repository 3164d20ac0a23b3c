//! An author's text in each language of the page: an experiment's title,
//! instructions, goals and readings.

use crate::text::Locale;

/// The same text in each language of the page, in [`Locale::ALL`] order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Words(pub Vec<String>);

impl Words {
    /// The text in `locale` (the first language's where it has none: a
    /// built-in experiment the page reads has its own language's only).
    pub fn get(&self, locale: Locale) -> &str {
        self.0
            .get(locale as usize)
            .or(self.0.first())
            .map_or("", String::as_str)
    }
}
