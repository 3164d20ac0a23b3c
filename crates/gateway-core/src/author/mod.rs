//! The authoring panel's model (`?author=1`, the author build only): an
//! instructor starts from a built-in experiment, edits its fields in a
//! form or its whole JSON text (the two stay in step), sees the checker's
//! verdict, tries the experiment as a learner would open it, and shares
//! it as a learner link, an iframe snippet or a single offline file.
//!
//! The shell compresses (the browser's `CompressionStream`), fetches the
//! single file and copies; what each of those makes, and every word of
//! the panel, is decided here. Nothing is shared while the checker finds a
//! problem. The answer key of `?teacher=1` is here too ([`TeacherView`]).

use std::rc::Rc;

use serde_json::{Map, Value};

use crate::experiments::read::Problem;
use crate::experiments::{Experiment, ExperimentId, FILES};
use crate::fixtures::Fixtures;
use crate::text::{Locale, Text};
use crate::tools::ExampleKind;
use crate::view::Choice;

pub use crate::experiments::link::META_NAME;
pub use goals::{GoalPart, ANY};
pub use teacher::TeacherView;

mod goals;
mod share;
mod teacher;
mod view;

/// What the query asks of the author build: the authoring panel
/// (`author=1`) and the answer key (`teacher=1`). `main.js` loads the
/// author build for the same parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Wanted {
    pub author: bool,
    pub teacher: bool,
}

impl Wanted {
    pub fn from_query(query: &crate::query::Query) -> Self {
        let mut wanted = Wanted::default();
        for (name, value) in query.pairs() {
            let on = value == "1";
            match name.as_str() {
                "author" => wanted.author |= on,
                "teacher" => wanted.teacher |= on,
                _ => {}
            }
        }
        wanted
    }
}

/// A field of the form, each one place in the experiment's JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Id,
    Title(Locale),
    Instructions(Locale),
    Tool,
    Args,
    Role,
    Hook,
    Key,
    /// A control of the goal form, editing the goal chosen there.
    Goal(GoalPart),
}

impl Field {
    /// Every field, in the form's order.
    pub fn all() -> Vec<Field> {
        let mut all = vec![Field::Id];
        all.extend(Locale::ALL.map(Field::Title));
        all.extend(Locale::ALL.map(Field::Instructions));
        all.extend([
            Field::Tool,
            Field::Args,
            Field::Role,
            Field::Hook,
            Field::Key,
        ]);
        all.extend(GoalPart::all().into_iter().map(Field::Goal));
        all
    }

    /// Its place in the JSON, as object keys from the top (a goal's
    /// control: none of its own, see [`GoalPart`]).
    fn path(self) -> Vec<&'static str> {
        match self {
            Field::Id => vec!["id"],
            Field::Title(l) => vec!["title", l.id()],
            Field::Instructions(l) => vec!["instructions", l.id()],
            Field::Tool => vec!["start", "tool"],
            Field::Args => vec!["start", "args"],
            Field::Role => vec!["start", "role"],
            Field::Hook => vec!["start", "hook"],
            Field::Key => vec!["start", "key"],
            Field::Goal(_) => Vec::new(),
        }
    }

    /// The form control's `id` in the page.
    pub fn dom_id(self) -> String {
        match self {
            Field::Goal(part) => part.dom_id(),
            _ => format!("author-{}", self.path().join("-")),
        }
    }

    fn label(self) -> Text {
        let language = |l: Locale| l.autonym().into();
        match self {
            Field::Id => Text::AuthorFieldId,
            Field::Title(l) => Text::AuthorFieldTitle {
                language: language(l),
            },
            Field::Instructions(l) => Text::AuthorFieldInstructions {
                language: language(l),
            },
            Field::Tool => Text::AuthorFieldTool,
            Field::Args => Text::AuthorFieldArgs,
            Field::Role => Text::AuthorFieldRole,
            Field::Hook => Text::AuthorFieldHook,
            Field::Key => Text::AuthorFieldKey,
            Field::Goal(part) => part.label(),
        }
    }
}

/// The `Field::Args` choice of arguments written in the JSON.
pub const OWN_TEXT: &str = "text";

/// How a field is edited.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Control {
    /// One line of text.
    Line,
    /// Several lines of text.
    Lines,
    /// One of these; none selected: the JSON holds another value, and the
    /// placeholder says so.
    Select(Vec<Choice>),
}

impl Control {
    /// A select of `values` (value and label), `current` selected.
    fn select(values: Vec<(&'static str, String)>, current: &str) -> Control {
        Control::Select(
            values
                .into_iter()
                .map(|(value, label)| Choice {
                    value,
                    label,
                    selected: value == current,
                    enabled: true,
                })
                .collect(),
        )
    }
}

/// One field of the form as it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldView {
    pub field: Field,
    pub id: String,
    pub label: String,
    pub control: Control,
    /// The text the JSON holds there (`""` where it holds no text).
    pub value: String,
    /// Whether it takes input (a goal's control: where it applies).
    pub enabled: bool,
}

/// What the last action of the panel came to, said under its buttons.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    Tried,
    LinkCopied,
    IframeCopied,
    /// The clipboard refused; the text is shown to copy by hand.
    CopyFailed,
    Downloaded(String),
    /// `./workbench.html` could not be fetched, or the file made from it
    /// not downloaded.
    FetchFailed(crate::text::FetchError),
    /// What was fetched is not the single-file build.
    NotSingleFile,
    /// The browser could not compress (its words).
    CompressFailed(String),
}

/// Everything the authoring panel shows, in the page's language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuthorView {
    pub heading: String,
    pub note: String,
    pub start_label: String,
    /// The built-in experiments to start from, the one started from selected.
    pub starts: Vec<Choice>,
    pub fields: Vec<FieldView>,
    /// Whether the form takes input: only while the JSON reads as an object.
    pub form_enabled: bool,
    /// Why the form is off.
    pub form_note: Option<String>,
    /// The goal form's heading, its buttons and whether each can act.
    pub goals_heading: String,
    pub add_goal_label: String,
    pub remove_goal_label: String,
    pub can_add_goal: bool,
    pub can_remove_goal: bool,
    pub json_label: String,
    pub json: String,
    pub verdict_heading: String,
    /// "No problems", "2 problems: …", or "Checking…" until the text is checked.
    pub verdict: String,
    /// Whether the checked text has no problem (and is the text as it stands).
    pub shareable: bool,
    /// Each problem as "path: sentence".
    pub problems: Vec<String>,
    pub key_heading: String,
    /// With no problem: each goal and how to reach it.
    pub key: Vec<(String, String)>,
    pub try_label: String,
    pub copy_link_label: String,
    pub copy_iframe_label: String,
    pub download_label: String,
    pub link_label: String,
    pub iframe_label: String,
    /// The learner link and the snippet, once made.
    pub link: Option<String>,
    pub iframe: Option<String>,
    pub status: Option<String>,
}

/// The checker's verdict on one text.
#[derive(Debug, Clone)]
struct Checked {
    text: String,
    problems: Vec<Problem>,
    /// The experiment, when there is no problem.
    experiment: Option<Rc<Experiment>>,
    /// Each goal's answer, as the checker found it (worded when shown: a
    /// language switch words it again without searching again).
    answers: Vec<check::Answer>,
}

/// The authoring panel's state.
#[derive(Debug, Clone)]
pub struct Author {
    locale: Locale,
    base: ExperimentId,
    /// The goal the goal form edits (0-based; [`Author::goal`] keeps it
    /// within the goals there are).
    goal: usize,
    text: String,
    /// `text` as a JSON object, if it is one.
    value: Option<Map<String, Value>>,
    checked: Option<Checked>,
    link: Option<String>,
    iframe: Option<String>,
    status: Option<Status>,
}

impl Author {
    /// The panel started from `base`, its file's text unchecked.
    pub fn new(base: ExperimentId, locale: Locale) -> Self {
        let mut a = Self {
            locale,
            base,
            goal: 0,
            text: String::new(),
            value: None,
            checked: None,
            link: None,
            iframe: None,
            status: None,
        };
        a.start_from(base);
        a
    }

    /// Starts again from the built-in experiment `base`: its file, printed
    /// as the files are written (the build embeds them minified).
    pub fn start_from(&mut self, base: ExperimentId) {
        self.base = base;
        self.goal = 0;
        let file = FILES[base as usize];
        let text = crate::json::from_str(file)
            .map_or_else(|_| file.to_string(), |v| crate::json::pretty(&v));
        self.edit_text(text);
    }

    /// The JSON text as the instructor wrote it; the form follows.
    pub fn edit_text(&mut self, text: String) {
        self.value = match crate::json::from_str(&text) {
            Ok(Value::Object(map)) => Some(map),
            _ => None,
        };
        self.text = text;
        self.link = None;
        self.iframe = None;
        self.status = None;
    }

    /// A field of the form changed: the JSON text is written again with
    /// `value` in the field's place. Refused (`false`) while the text is
    /// no JSON object.
    pub fn set(&mut self, field: Field, value: &str) -> bool {
        if let Field::Goal(part) = field {
            return self.set_goal(part, value);
        }
        let Some(mut map) = self.value.take() else {
            return false;
        };
        let new = match field {
            Field::Args => self.args_value(&map, value),
            _ => Value::String(value.into()),
        };
        let path = field.path();
        let (last, parents) = path.split_last().unwrap_or((&"", &[]));
        let mut at = &mut map;
        for key in parents {
            let slot = at.entry(*key).or_insert_with(|| Value::Object(Map::new()));
            if !slot.is_object() {
                *slot = Value::Object(Map::new());
            }
            let Value::Object(inner) = slot else {
                return false;
            };
            at = inner;
        }
        at.insert((*last).into(), new);
        let text = crate::json::pretty(&Value::Object(map));
        self.edit_text(text);
        true
    }

    /// `start.args` for the choice `value`: an example by its id, or the
    /// arguments as text (the example's text the tool starts with now).
    fn args_value(&self, map: &Map<String, Value>, value: &str) -> Value {
        match value.parse::<ExampleKind>() {
            Ok(kind) => one("example", Value::String(kind.id().into())),
            Err(_) => {
                let start = map.get("start");
                let text = start
                    .and_then(|s| s.pointer("/args/text"))
                    // Its English text, where it has one per language.
                    .and_then(|t| t.as_str().or_else(|| t.get("en")?.as_str()))
                    .map(String::from)
                    .or_else(|| {
                        let tool = start?.get("tool")?.as_str()?;
                        let kind = start?
                            .pointer("/args/example")
                            .and_then(Value::as_str)
                            .and_then(|k| k.parse::<ExampleKind>().ok())
                            .unwrap_or(ExampleKind::Valid);
                        let t = crate::tools::Registry::fixtures().get(tool)?;
                        let examples = t.declaration().examples.get(Fixtures::En);
                        Some(kind.text(examples).to_string())
                    })
                    .unwrap_or_else(|| "{}".into());
                one(OWN_TEXT, Value::String(text))
            }
        }
    }

    /// Checks the text as it stands (the shell calls this a moment after
    /// the last edit, and before sharing).
    pub fn check(&mut self) {
        if self.is_checked() {
            return;
        }
        // One search: the checker's answers are the answer key.
        let Report { problems, answers } = check::check(&self.text);
        let experiment = if problems.is_empty() {
            crate::experiments::read::experiment(&self.text)
                .ok()
                .map(Rc::new)
        } else {
            None
        };
        self.checked = Some(Checked {
            text: self.text.clone(),
            problems,
            experiment,
            answers,
        });
    }

    /// Whether the verdict is the text's as it stands.
    pub fn is_checked(&self) -> bool {
        self.checked.as_ref().is_some_and(|c| c.text == self.text)
    }

    /// The checked experiment, when it has no problem.
    pub fn experiment(&self) -> Option<&Rc<Experiment>> {
        self.checked
            .as_ref()
            .filter(|c| c.text == self.text)
            .and_then(|c| c.experiment.as_ref())
    }

    /// Words everything in `locale` from now on.
    pub fn set_locale(&mut self, locale: Locale) {
        self.locale = locale;
    }

    pub fn locale(&self) -> Locale {
        self.locale
    }
}

/// An object of one field.
fn one(key: &str, value: Value) -> Value {
    let mut map = Map::new();
    map.insert(key.into(), value);
    Value::Object(map)
}

use crate::check::{self, Report};
