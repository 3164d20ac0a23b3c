//! The reader's checks of one field: an object and its keys, a text and
//! its length, an id, one of a closed list, words in every language (or a
//! built-in's numbered words), fixture text in each fixture language, a
//! list and its length, a boolean, and a tool the experiment's registry
//! holds.

use serde_json::{Map, Value};

use super::problem::Issue;
use super::{at, Reader, MAX_ID, MAX_TEXT};
use crate::fixtures::{Fixtures, Localized};
use crate::text::Locale;
use crate::tools::Registry;
use crate::words::Words;

impl Reader<'_> {
    /// The value as an object whose keys are all among `fields`, with
    /// every one of `required` present.
    pub(super) fn object<'v>(
        &mut self,
        value: &'v Value,
        path: &str,
        fields: &[&str],
        required: &[&str],
    ) -> Option<&'v Map<String, Value>> {
        let Value::Object(map) = value else {
            self.problem(path, Issue::NotObject);
            return None;
        };
        for key in map.keys() {
            if !fields.contains(&key.as_str()) {
                self.problem(
                    &at(path, key),
                    Issue::UnknownField {
                        fields: fields.join(", "),
                    },
                );
            }
        }
        for key in required {
            if !map.contains_key(*key) {
                self.problem(&at(path, key), Issue::Missing);
            }
        }
        Some(map)
    }

    pub(super) fn text(&mut self, value: &Value, path: &str, max: usize) -> Option<String> {
        let Value::String(s) = value else {
            self.problem(path, Issue::NotText);
            return None;
        };
        let units = s.encode_utf16().count();
        if units > max {
            self.problem(path, Issue::TooLong { got: units, max });
            return None;
        }
        Some(s.clone())
    }

    pub(super) fn id(&mut self, value: &Value, path: &str) -> Option<String> {
        let id = self.text(value, path, MAX_ID)?;
        let word = |w: &str| {
            !w.is_empty()
                && w.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        };
        if id.split('-').all(word) {
            Some(id)
        } else {
            self.problem(path, Issue::BadId { got: id });
            None
        }
    }

    /// One of `all`, by its id.
    pub(super) fn choice<T: Copy>(
        &mut self,
        value: &Value,
        path: &str,
        all: &[T],
        id: fn(T) -> &'static str,
    ) -> Option<T> {
        let ids: Vec<&'static str> = all.iter().map(|v| id(*v)).collect();
        self.pick(value, path, &ids).map(|i| all[i])
    }

    /// The index of the id `value` names among `ids`.
    fn pick(&mut self, value: &Value, path: &str, ids: &[&'static str]) -> Option<usize> {
        let found = ids.iter().position(|id| value.as_str() == Some(id));
        if found.is_none() {
            self.problem(
                path,
                Issue::NotOneOf {
                    got: crate::json::compact(value),
                    allowed: ids.join(", "),
                },
            );
        }
        found
    }

    pub(super) fn words(&mut self, value: &Value, path: &str) -> Option<Words> {
        if let Some(words) = self.words {
            // A built-in's text: the catalogue's words in its language.
            let n = value.get("$").and_then(Value::as_u64).unwrap_or(u64::MAX);
            let text = words.get(n as usize).and_then(Value::as_str);
            if text.is_none() {
                self.problem(path, Issue::Missing);
            }
            return text.map(|t| Words(vec![t.into()]));
        }
        let tags = Locale::ALL.map(Locale::id);
        let map = self.object(value, path, &tags, &[])?;
        let mut words = Vec::new();
        for locale in Locale::ALL {
            let here = at(path, locale.id());
            match map.get(locale.id()) {
                None => self.problem(
                    &here,
                    Issue::MissingLanguage {
                        language: locale.id().into(),
                    },
                ),
                Some(v) => {
                    if let Some(s) = self.text(v, &here, MAX_TEXT) {
                        if s.trim().is_empty() {
                            self.problem(&here, Issue::Empty);
                        }
                        words.push(s);
                    }
                }
            }
        }
        (words.len() == Locale::ALL.len()).then_some(Words(words))
    }

    /// Fixture text (file contents, argument text, a decision, an output
    /// phrase): one value for every language, or, when `form` (an object
    /// in a text's place; a decision that names a language), the
    /// per-language form `{"en": …, "zh-TW": …}`, which must name each
    /// fixture language. `read` reads one language's value.
    pub(super) fn localized<T>(
        &mut self,
        value: &Value,
        path: &str,
        form: bool,
        mut read: impl FnMut(&mut Self, &Value, &str) -> Option<T>,
    ) -> Option<Localized<T>>
    where
        T: Clone,
    {
        if !form {
            return read(self, value, path).map(Localized::same);
        }
        let map = self.object(value, path, &Fixtures::ALL.map(Fixtures::id), &[])?;
        let mut values = Vec::new();
        for lang in Fixtures::ALL {
            let here = at(path, lang.id());
            match map.get(lang.id()) {
                None => self.problem(
                    &here,
                    Issue::MissingLanguage {
                        language: lang.id().into(),
                    },
                ),
                Some(v) => values.extend(read(self, v, &here)),
            }
        }
        let values: [T; 2] = values.try_into().ok()?;
        Some(Localized(values))
    }

    /// Fixture text that is text in each language, each at most `max`
    /// UTF-16 units.
    pub(super) fn localized_text(
        &mut self,
        value: &Value,
        path: &str,
        max: usize,
    ) -> Option<Localized<String>> {
        let form = value.is_object();
        self.localized(value, path, form, |r, v, here| r.text(v, here, max))
    }

    pub(super) fn list<'v>(&mut self, value: &'v Value, path: &str, max: usize) -> &'v [Value] {
        match value {
            Value::Array(items) if items.len() <= max => items,
            Value::Array(items) => {
                self.problem(
                    path,
                    Issue::TooMany {
                        got: items.len(),
                        max,
                    },
                );
                &[]
            }
            _ => {
                self.problem(path, Issue::NotList);
                &[]
            }
        }
    }

    pub(super) fn boolean(&mut self, value: &Value, path: &str) -> Option<bool> {
        let b = value.as_bool();
        if b.is_none() {
            self.problem(path, Issue::NotBool);
        }
        b
    }

    /// A tool name the experiment's registry holds.
    pub(super) fn tool(
        &mut self,
        value: &Value,
        path: &str,
        registry: &Registry,
    ) -> Option<String> {
        let name = self.text(value, path, 64)?;
        if registry.get(&name).is_some() {
            Some(name)
        } else {
            self.problem(
                path,
                Issue::UnknownTool {
                    name,
                    tools: registry.names().join(", "),
                },
            );
            None
        }
    }
}
