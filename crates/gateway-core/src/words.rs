//! Messages in any locale without installing a catalogue: the compiled
//! reference, or another locale's data ([`text::DATA`]) interpreted. The
//! published exports are generated with it in every language (native
//! only: the page ships the exports as text, not their generator).

use serde_json::{Map, Value};

use crate::text::{self, Locale, Text};

/// The words of one locale.
#[derive(Debug, Clone)]
pub struct Words {
    locale: Locale,
    /// The locale's `messages` (empty for the reference, which is compiled).
    messages: Map<String, Value>,
}

impl Words {
    pub fn new(locale: Locale) -> Self {
        let messages = if locale == Locale::default() {
            Map::new()
        } else {
            text::DATA
                .iter()
                .find(|(l, _)| *l == locale)
                .and_then(|(_, data)| serde_json::from_str::<Value>(data).ok())
                .and_then(|mut v| match v.get_mut("messages").map(Value::take) {
                    Some(Value::Object(m)) => Some(m),
                    _ => None,
                })
                .unwrap_or_default()
        };
        Self { locale, messages }
    }

    pub fn locale(&self) -> Locale {
        self.locale
    }

    /// `text` in this locale.
    pub fn say(&self, text: &Text) -> String {
        if self.messages.is_empty() {
            text.render(self.locale)
        } else {
            text::interpret(&self.messages, text, self.locale)
        }
    }
}
