//! The message catalogue: every word the page shows, as a key plus named
//! arguments.
//!
//! The wording lives in `locales/<tag>.ftl` (Project Fluent); `build.rs`
//! compiles those files into [`Text`], one variant per message with the
//! message's variables as fields, and into [`Locale`], one variant per file.
//! A second language is one more `.ftl` file. Decisions carry `Text` values;
//! they become a `String` only where the view model is built
//! ([`Text::render`]).

include!(concat!(env!("OUT_DIR"), "/catalogue.rs"));

/// A named argument of a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    /// Literal text: a field name, an id, quoted user input, JSON.
    Str(String),
    /// A count or a bound; selects plural forms.
    Int(i64),
    /// Another message, rendered in the same language (e.g. a reason).
    Text(Box<Text>),
    /// Items joined the way the language lists them.
    List(Vec<Arg>),
}

impl Arg {
    fn write(&self, locale: Locale, out: &mut String) {
        match self {
            Arg::Str(s) => out.push_str(s),
            Arg::Int(n) => {
                use std::fmt::Write as _;
                let _ = write!(out, "{n}");
            }
            Arg::Text(t) => t.write(locale, out),
            Arg::List(items) => {
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(list_separator(locale));
                    }
                    item.write(locale, out);
                }
            }
        }
    }

    /// Whether a select variant `key` applies: an exact number, the
    /// number's plural category in `locale`, or an equal string.
    fn selects(&self, key: &str, locale: Locale) -> bool {
        match self {
            Arg::Int(n) => key
                .parse::<i64>()
                .map_or_else(|_| plural_category(locale, *n) == key, |exact| exact == *n),
            Arg::Str(s) => s == key,
            // A message selects nothing: only its words are shown.
            Arg::Text(_) => false,
            Arg::List(items) => plural_category(locale, items.len() as i64) == key,
        }
    }
}

/// CLDR cardinal plural categories for integers.
fn plural_category(locale: Locale, n: i64) -> &'static str {
    match locale.id() {
        // Chinese has one form.
        tag if tag.starts_with("zh") => "other",
        _ if n == 1 => "one",
        _ => "other",
    }
}

fn list_separator(locale: Locale) -> &'static str {
    match locale.id() {
        tag if tag.starts_with("zh") => "、",
        _ => ", ",
    }
}

/// `text` interpreted from a locale's `messages` (the `messages` object of
/// its [`DATA`]). Only the reference locale is compiled to code; the page
/// will download another locale's data and write it through this
/// interpreter (issue 9: not wired into the page yet, so until then every
/// locale writes the reference).
pub fn interpret(
    messages: &serde_json::Map<String, serde_json::Value>,
    text: &Text,
    locale: Locale,
) -> String {
    let mut out = String::new();
    if let Some(pattern) = messages.get(text.id()) {
        write_pattern(pattern, text, locale, &mut out);
    }
    out
}

fn write_pattern(pattern: &serde_json::Value, text: &Text, locale: Locale, out: &mut String) {
    use serde_json::Value;
    let Value::Array(elements) = pattern else {
        return;
    };
    for element in elements {
        match element {
            Value::String(s) => out.push_str(s),
            Value::Object(o) => {
                let arg = |key: &str| text.arg(usize::try_from(o.get(key)?.as_u64()?).ok()?);
                if o.contains_key("v") {
                    if let Some(arg) = arg("v") {
                        arg.write(locale, out);
                    }
                } else if o.contains_key("s") {
                    let arg = arg("s");
                    let chosen = o
                        .get("k")
                        .and_then(Value::as_array)
                        .into_iter()
                        .flatten()
                        .find_map(|variant| match variant.as_array().map(Vec::as_slice) {
                            Some([Value::String(key), p])
                                if arg.is_some_and(|a| a.selects(key, locale)) =>
                            {
                                Some(p)
                            }
                            _ => None,
                        })
                        .or_else(|| o.get("d"));
                    if let Some(p) = chosen {
                        write_pattern(p, text, locale, out);
                    }
                }
            }
            _ => {}
        }
    }
}

impl Text {
    /// The message in `locale`.
    pub fn render(&self, locale: Locale) -> String {
        let mut out = String::new();
        self.write(locale, &mut out);
        out
    }

    /// The message in English, the reference catalogue (tests, `Display`).
    pub fn en(&self) -> String {
        self.render(Locale::default())
    }
}

impl From<&str> for Arg {
    fn from(s: &str) -> Self {
        Arg::Str(s.into())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Self {
        Arg::Str(s)
    }
}

impl From<&String> for Arg {
    fn from(s: &String) -> Self {
        Arg::Str(s.clone())
    }
}

impl From<Text> for Arg {
    fn from(t: Text) -> Self {
        Arg::Text(Box::new(t))
    }
}

macro_rules! int_arg {
    ($($ty:ty),*) => {$(
        impl From<$ty> for Arg {
            fn from(n: $ty) -> Self {
                Arg::Int(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
int_arg!(i64, u64, usize, u32, i32);

impl<T: Into<Arg>> From<Vec<T>> for Arg {
    fn from(items: Vec<T>) -> Self {
        Arg::List(items.into_iter().map(Into::into).collect())
    }
}

/// Implements `Display` (English) for a type whose words are a [`Text`].
#[macro_export]
macro_rules! display_by_text {
    ($($ty:ty),* $(,)?) => {$(
        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.text().en())
            }
        }
    )*};
}
