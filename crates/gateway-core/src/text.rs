//! The message catalogue: every word the page (and the checker's command
//! line, experiment-check) shows, as a key plus named arguments.
//!
//! The wording lives in `locales/<tag>.ftl` (Project Fluent); `build.rs`
//! compiles those files into [`Text`], one variant per message with the
//! message's variables as fields, into [`Locale`], one variant per file,
//! and into [`DATA`], every locale's messages as JSON ([`AUTHOR_DATA`] and
//! [`LEARNER_DATA`] without the messages their page never shows). The page
//! downloads the data of the language it shows and [`install`]s it; this
//! module interprets it. A language is one `.ftl` file: its messages, and
//! its rules for counts and lists ([`Grammar`], CLDR's, in its data); no
//! code knows a language by its tag. Decisions carry `Text` values; they
//! become a `String` only where the view model is built ([`Text::render`]).

include!(concat!(env!("OUT_DIR"), "/catalogue.rs"));

impl Locale {
    /// The locale a BCP 47 tag names (`en`, `zh-TW`; tags are
    /// case-insensitive), if this build has it (`en-XA` in a test build only).
    pub fn from_id(tag: &str) -> Option<Locale> {
        Locale::BUILT
            .into_iter()
            .find(|l| l.id().eq_ignore_ascii_case(tag))
    }
}

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
                let grammar = grammar(locale);
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(grammar.map_or("", |g| g.separator(i, items.len())));
                    }
                    item.write(locale, out);
                }
            }
        }
    }

    /// Whether a select variant `key` applies: an exact number, the
    /// number's plural category in `locale`, or an equal string.
    fn selects(&self, key: &str, locale: Locale) -> bool {
        let category = |n: i64| grammar(locale).map_or("other", |g| g.category(n));
        match self {
            Arg::Int(n) => key
                .parse::<i64>()
                .map_or_else(|_| category(*n) == key, |exact| exact == *n),
            Arg::Str(s) => s == key,
            // A message selects nothing: only its words are shown.
            Arg::Text(_) => false,
            Arg::List(items) => category(items.len() as i64) == key,
        }
    }
}

/// How a language counts and lists: CLDR's cardinal plural rules and list
/// pattern, as its `.ftl` file states them and `build.rs`
/// (`build/grammar.rs`) writes them into its data, `"plural"` and
/// `"list"`. No language is known to the code: a new one is its file.
#[derive(Debug, Clone, PartialEq)]
pub struct Grammar {
    /// `[[category, [[relation…]…]]…]`: a category's rule holds where all
    /// relations of one of its alternatives hold; a relation is `[modulus
    /// (0: none), 1 for "=" or 0 for "!=", low, high, low, high…]` on the
    /// count.
    plural: Vec<serde_json::Value>,
    /// The texts between listed items: `[start, middle, end, two]`.
    list: Vec<serde_json::Value>,
}

impl Grammar {
    /// The rules a locale's data (its JSON object) carries, taken out of
    /// it.
    pub fn take(data: &mut serde_json::Map<String, serde_json::Value>) -> Option<Grammar> {
        use serde_json::Value;
        let mut array = |key: &str| match data.get_mut(key).map(Value::take) {
            Some(Value::Array(items)) => Some(items),
            _ => None,
        };
        Some(Grammar {
            plural: array("plural")?,
            list: array("list")?,
        })
    }

    /// The plural category of the count `n`: the first whose rule holds,
    /// else `other`.
    pub fn category(&self, n: i64) -> &str {
        use serde_json::Value;
        let n = n.unsigned_abs();
        for rule in &self.plural {
            if let Some([Value::String(category), Value::Array(any)]) =
                rule.as_array().map(Vec::as_slice)
            {
                let all_hold = |all: &Value| {
                    (all.as_array()).is_some_and(|all| all.iter().all(|r| holds(r, n)))
                };
                if any.iter().any(all_hold) {
                    return category;
                }
            }
        }
        "other"
    }

    /// The text before item `i` (from 1) of a list of `len` items.
    pub fn separator(&self, i: usize, len: usize) -> &str {
        let part = match i {
            _ if len == 2 => 3,
            _ if i + 1 == len => 2,
            1 => 0,
            _ => 1,
        };
        self.list
            .get(part)
            .and_then(serde_json::Value::as_str)
            .unwrap_or_default()
    }
}

/// Whether a plural rule's relation holds for the count `n`.
fn holds(relation: &serde_json::Value, n: u64) -> bool {
    let number = |i: usize| {
        relation
            .get(i)
            .and_then(serde_json::Value::as_u64)
            .unwrap_or(0)
    };
    let value = match number(0) {
        0 => n,
        modulus => n % modulus,
    };
    let len = relation.as_array().map_or(0, Vec::len);
    let within = (2..len)
        .step_by(2)
        .any(|i| number(i) <= value && value <= number(i + 1));
    within == (number(1) == 1)
}

/// The rules of `locale`'s installed catalogue.
fn grammar(locale: Locale) -> Option<&'static Grammar> {
    catalogue(locale).map(|c| &c.grammar)
}

/// A locale's data could not be installed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CatalogueError {
    /// The text is not JSON, or not an object with `locale`, `check`,
    /// `plural`, `list`, `messages`, `experiments`, `structures` and `goals` (and
    /// `exports`, if any);
    /// or, for [`install_exports`], with `locale`, `check` and `exports`.
    Unreadable,
    /// `locale` names no language this build has.
    UnknownLocale(String),
    /// The data was made for other messages (another build of the page).
    OtherBuild,
}

impl CatalogueError {
    pub fn text(&self) -> Text {
        match self {
            CatalogueError::Unreadable => Text::CatalogueUnreadable,
            CatalogueError::UnknownLocale(tag) => Text::CatalogueUnknownLocale { tag: tag.into() },
            CatalogueError::OtherBuild => Text::CatalogueOtherBuild,
        }
    }
}

/// Why a file the page asked for could not be had.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FetchError {
    /// The server answered `status`, not a success, for `url`.
    Status { status: u16, url: String },
    /// The request failed before an answer (the browser's own words).
    Browser(String),
}

impl FetchError {
    /// The reason, as a notice's detail: `fetch-status` (`HTTP 404 <url>`),
    /// or the browser's words.
    pub fn text(&self) -> Arg {
        match self {
            FetchError::Status { status, url } => Text::FetchStatus {
                status: u32::from(*status).into(),
                url: url.into(),
            }
            .into(),
            FetchError::Browser(words) => words.into(),
        }
    }
}

/// As index.html's start-failure message names the file that failed,
/// before any catalogue is installed (its words are English, as main.js
/// writes them for the module's own files): `HTTP 404 <url>`.
impl std::fmt::Display for FetchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FetchError::Status { status, url } => write!(f, "HTTP {status} {url}"),
            FetchError::Browser(words) => f.write_str(words),
        }
    }
}

/// Why a language's catalogue could not be had.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CatalogueFailure {
    /// The fetch failed.
    Fetch(FetchError),
    /// The file is not a catalogue this page can install.
    Install(CatalogueError),
    /// The file is another language's catalogue.
    WrongLocale(Locale),
}

/// Installs a fetched catalogue, which must be `locale`'s.
pub fn install_fetched(
    locale: Locale,
    fetched: Result<String, FetchError>,
) -> Result<(), CatalogueFailure> {
    fetched_into(locale, fetched, install)
}

/// Installs fetched exports (`<tag>/exports.json`), which must be `locale`'s.
pub fn install_fetched_exports(
    locale: Locale,
    fetched: Result<String, FetchError>,
) -> Result<(), CatalogueFailure> {
    fetched_into(locale, fetched, install_exports)
}

fn fetched_into(
    locale: Locale,
    fetched: Result<String, FetchError>,
    install: fn(&str) -> Result<Locale, CatalogueError>,
) -> Result<(), CatalogueFailure> {
    match install(&fetched.map_err(CatalogueFailure::Fetch)?) {
        Ok(l) if l == locale => Ok(()),
        Ok(l) => Err(CatalogueFailure::WrongLocale(l)),
        Err(e) => Err(CatalogueFailure::Install(e)),
    }
}

impl CatalogueFailure {
    /// The reason, as the notice's detail.
    pub fn text(&self) -> Arg {
        match self {
            CatalogueFailure::Fetch(e) => e.text(),
            CatalogueFailure::Install(e) => e.text().into(),
            CatalogueFailure::WrongLocale(l) => {
                Text::CatalogueWrongLocale { tag: l.id().into() }.into()
            }
        }
    }
}

/// A locale's installed data: its messages in id order, and the built-in
/// experiments' words and structures.
#[derive(Debug)]
struct Catalogue {
    /// The language's own rules for counts and lists.
    grammar: Grammar,
    messages: Vec<serde_json::Value>,
    /// The built-in experiments' words in this language, by id, in the
    /// order their structure numbers them (`{"$": n}`).
    experiments: serde_json::Map<String, serde_json::Value>,
    /// The built-in experiments' structures, by id: the learner's page
    /// downloads the one it opens only (and every title, in `experiments`).
    structures: serde_json::Map<String, serde_json::Value>,
    /// Every built-in experiment's goal ids, by id (every catalogue
    /// carries them all).
    goals: serde_json::Map<String, serde_json::Value>,
}

/// The catalogues installed so far, one slot per locale. A catalogue is
/// installed once and never changes, so a message written twice reads the
/// same words.
static INSTALLED: [std::sync::OnceLock<Catalogue>; Locale::BUILT.len()] =
    [const { std::sync::OnceLock::new() }; Locale::BUILT.len()];

/// The published exports described in each locale, as JSON values, one
/// slot per locale: installed with a catalogue that carries them (the
/// author build's, the single file's) or from `<tag>/exports.json`
/// ([`install_exports`]), which the learner's page downloads when the
/// declarations panel opens.
static EXPORTS: [std::sync::OnceLock<Vec<serde_json::Value>>; Locale::BUILT.len()] =
    [const { std::sync::OnceLock::new() }; Locale::BUILT.len()];

/// A downloaded JSON object and the locale its `locale` and `check` say it
/// is for, if this build made it.
fn made_for(
    data: &str,
) -> Result<(serde_json::Map<String, serde_json::Value>, Locale), CatalogueError> {
    let Ok(serde_json::Value::Object(data)) = crate::decimal::from_str(data) else {
        return Err(CatalogueError::Unreadable);
    };
    let Some(tag) = data.get("locale").and_then(serde_json::Value::as_str) else {
        return Err(CatalogueError::Unreadable);
    };
    let Some(locale) = Locale::from_id(tag) else {
        return Err(CatalogueError::UnknownLocale(tag.into()));
    };
    if data.get("check").and_then(serde_json::Value::as_str) != Some(CHECK) {
        return Err(CatalogueError::OtherBuild);
    }
    Ok((data, locale))
}

/// Installs a locale's exports (`{"locale", "check", "exports"}`, as the
/// build writes `<tag>/exports.json`) and says which locale they are for.
/// Installing them again keeps the first.
pub fn install_exports(data: &str) -> Result<Locale, CatalogueError> {
    use serde_json::Value;
    let (mut data, locale) = made_for(data)?;
    let Some(Value::Array(exports)) = data.get_mut("exports").map(Value::take) else {
        return Err(CatalogueError::Unreadable);
    };
    let _ = EXPORTS[locale as usize].set(exports);
    Ok(locale)
}

/// Installs a locale's data (one of [`DATA`], or what a page downloads)
/// and says which locale it was. Installing a locale again keeps the
/// first.
pub fn install(data: &str) -> Result<Locale, CatalogueError> {
    use serde_json::Value;
    let (mut data, locale) = made_for(data)?;
    let Some(grammar) = Grammar::take(&mut data) else {
        return Err(CatalogueError::Unreadable);
    };
    let Some(Value::Array(messages)) = data.get_mut("messages").map(Value::take) else {
        return Err(CatalogueError::Unreadable);
    };
    // The learner's per-experiment catalogues carry no exports.
    let exports = match data.get_mut("exports").map(Value::take) {
        Some(Value::Array(exports)) => Some(exports),
        None => None,
        Some(_) => return Err(CatalogueError::Unreadable),
    };
    let Some(Value::Object(experiments)) = data.get_mut("experiments").map(Value::take) else {
        return Err(CatalogueError::Unreadable);
    };
    let Some(Value::Object(structures)) = data.get_mut("structures").map(Value::take) else {
        return Err(CatalogueError::Unreadable);
    };
    let Some(Value::Object(goals)) = data.get_mut("goals").map(Value::take) else {
        return Err(CatalogueError::Unreadable);
    };
    let _ = INSTALLED[locale as usize].set(Catalogue {
        grammar,
        messages,
        experiments,
        structures,
        goals,
    });
    if let Some(exports) = exports {
        let _ = EXPORTS[locale as usize].set(exports);
    }
    Ok(locale)
}

/// Whether `locale`'s catalogue is installed (natively, every locale is,
/// from [`DATA`]: tests and tools need no download).
pub fn installed(locale: Locale) -> bool {
    catalogue(locale).is_some()
}

fn catalogue(locale: Locale) -> Option<&'static Catalogue> {
    let slot = &INSTALLED[locale as usize];
    #[cfg(not(target_arch = "wasm32"))]
    if slot.get().is_none() {
        let _ = install(DATA[locale as usize].1);
    }
    slot.get()
}

/// Whether `locale`'s exports are installed (natively, always).
pub fn exports_installed(locale: Locale) -> bool {
    exports(locale).is_some()
}

fn exports(locale: Locale) -> Option<&'static Vec<serde_json::Value>> {
    // Natively, installing the catalogue from `DATA` installs its exports.
    #[cfg(not(target_arch = "wasm32"))]
    let _ = catalogue(locale);
    EXPORTS[locale as usize].get()
}

/// The published export number `index` (`declarations::Export` order)
/// described in `locale`, or else in English.
pub fn export(locale: Locale, index: usize) -> Option<&'static serde_json::Value> {
    [locale, Locale::default()]
        .into_iter()
        .find_map(|l| exports(l)?.get(index))
}

/// The built-in experiment `id`'s words in `locale` (`None` before its
/// catalogue is installed).
pub fn experiment_words(locale: Locale, id: &str) -> Option<&'static [serde_json::Value]> {
    match catalogue(locale)?.experiments.get(id)? {
        serde_json::Value::Array(words) => Some(words),
        _ => None,
    }
}

/// The built-in experiment `id`'s goal ids, in order, as `locale`'s
/// catalogue carries them (every catalogue carries every experiment's;
/// `None` before it is installed).
pub fn experiment_goal_ids(locale: Locale, id: &str) -> Option<Vec<&'static str>> {
    match catalogue(locale)?.goals.get(id)? {
        serde_json::Value::Array(ids) => ids.iter().map(serde_json::Value::as_str).collect(),
        _ => None,
    }
}

/// The built-in experiment `id`'s structure, as `locale`'s catalogue
/// carries it (`None` before it is installed, or when it carries another
/// experiment's only).
pub fn experiment_structure(locale: Locale, id: &str) -> Option<&'static serde_json::Value> {
    catalogue(locale)?.structures.get(id)
}

/// Writes `text` from `locale`'s catalogue, or else from English's. The
/// page installs a catalogue before it draws anything, so one is always
/// there (natively every locale is); nothing is written otherwise, and the
/// message ids are not shipped to be shown instead.
fn write_text(text: &Text, locale: Locale, out: &mut String) {
    let found = [locale, Locale::default()]
        .into_iter()
        .find_map(|l| Some((l, catalogue(l)?.messages.get(text.index())?)));
    if let Some((l, pattern)) = found {
        write_pattern(pattern, text, l, out);
    }
}

/// `text` interpreted from a locale's `messages` (the `messages` object of
/// its [`DATA`]), as [`Text::render`] writes it once that locale is
/// installed.
pub fn interpret(messages: &[serde_json::Value], text: &Text, locale: Locale) -> String {
    let mut out = String::new();
    if let Some(pattern) = messages.get(text.index()) {
        write_pattern(pattern, text, locale, &mut out);
    }
    out
}

/// Writes a pattern of a locale's data: one text, or a list of texts,
/// variables (a number: the variable's place in name order) and selects
/// (`{"s": variable, "k": [[key, pattern]…], "d": default pattern}`).
fn write_pattern(pattern: &serde_json::Value, text: &Text, locale: Locale, out: &mut String) {
    use serde_json::Value;
    let arg = |i: &Value| text.arg(usize::try_from(i.as_u64()?).ok()?);
    let elements = match pattern {
        Value::String(s) => return out.push_str(s),
        Value::Array(elements) => elements,
        _ => return,
    };
    for element in elements {
        match element {
            Value::String(s) => out.push_str(s),
            Value::Number(_) => {
                if let Some(a) = arg(element) {
                    a.write(locale, out);
                }
            }
            Value::Object(o) => {
                let selector = o.get("s").and_then(arg);
                let chosen = o
                    .get("k")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .find_map(|variant| match variant.as_array().map(Vec::as_slice) {
                        Some([Value::String(key), p])
                            if selector.is_some_and(|a| a.selects(key, locale)) =>
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
