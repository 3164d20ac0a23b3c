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
use crate::experiments::{link, Experiment, ExperimentId, FILES};
use crate::policy::{Hook, Role};
use crate::text::{Locale, Text};
use crate::tools::ExampleKind;
use crate::view::Choice;

pub use crate::experiments::link::META_NAME;
/// What the query asks of the author build: the authoring panel
/// (`author=1`) and the answer key (`teacher=1`). `main.js` loads the
/// author build for the same parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Wanted {
    pub author: bool,
    pub teacher: bool,
}

impl Wanted {
    pub fn from_query(query: &str) -> Self {
        let query = query.strip_prefix('?').unwrap_or(query);
        let mut wanted = Wanted::default();
        for (name, value) in crate::query::pairs(query) {
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

/// What marks the single-file build (`bundle`'s `single::MARKER`).
const SINGLE_FILE_MARKER: &str = r#"<meta name="workbench-build" content="single-file">"#;

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
        all
    }

    /// Its place in the JSON, as object keys from the top.
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
        }
    }

    /// The form control's `id` in the page.
    pub fn dom_id(self) -> String {
        format!("author-{}", self.path().join("-"))
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

/// One field of the form as it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldView {
    pub field: Field,
    pub id: String,
    pub label: String,
    pub control: Control,
    /// The text the JSON holds there (`""` where it holds no text).
    pub value: String,
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
        let file = FILES[base as usize];
        let text = serde_json::from_str::<Value>(file)
            .map_or_else(|_| file.to_string(), |v| crate::json::pretty(&v));
        self.edit_text(text);
    }

    /// The JSON text as the instructor wrote it; the form follows.
    pub fn edit_text(&mut self, text: String) {
        self.value = match serde_json::from_str::<Value>(&text) {
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
                    .and_then(Value::as_str)
                    .map(String::from)
                    .or_else(|| {
                        let tool = start?.get("tool")?.as_str()?;
                        let kind = start?
                            .pointer("/args/example")
                            .and_then(Value::as_str)
                            .and_then(|k| k.parse::<ExampleKind>().ok())
                            .unwrap_or(ExampleKind::Valid);
                        let t = crate::tools::Registry::fixtures().get(tool)?;
                        Some(kind.text(&t.declaration().examples).to_string())
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

    /// The text a link carries, compressed by the shell: the experiment's
    /// JSON without whitespace and without `$schema` (an editor's hint
    /// that names a file the link has not). `None` unless checked with no
    /// problem.
    pub fn payload(&self) -> Option<String> {
        self.experiment()?;
        let mut map = self.value.clone()?;
        map.shift_remove("$schema");
        Some(crate::json::compact(&Value::Object(map)))
    }

    /// The learner link: the page's address without the authoring
    /// parameters (`author`, `teacher`) and `experiment` (the link carries
    /// its own), with the fragment `x=1.…` of the compressed payload.
    pub fn learner_link(&self, page_url: &str, deflated: &[u8]) -> String {
        let base = page_url.split('#').next().unwrap_or_default();
        let (path, query) = base.split_once('?').unwrap_or((base, ""));
        let kept: Vec<&str> = query
            .split('&')
            .filter(|pair| {
                let name = pair.split('=').next().unwrap_or_default();
                !pair.is_empty() && !matches!(name, "author" | "teacher" | "experiment")
            })
            .collect();
        let query = if kept.is_empty() {
            String::new()
        } else {
            format!("?{}", kept.join("&"))
        };
        format!("{path}{query}#{}", link::fragment(deflated))
    }

    /// The iframe snippet for a course page: the link, the experiment's
    /// title as the frame's accessible name (the course page's one writer,
    /// both values escaped).
    pub fn iframe(&self, link: &str) -> String {
        let title = self
            .experiment()
            .map(|e| e.title.get(self.locale).to_string())
            .unwrap_or_default();
        crate::course::iframe_snippet(link, &title)
    }

    /// The single file (`html`, the fetched `workbench.html`) carrying the
    /// experiment: its `<meta name="function-tools-experiment">` right
    /// before `</head>` (where a file carried one already, that one is
    /// replaced; the same words anywhere else, e.g. in a script, are left
    /// alone). `Err`: `html` is not the single-file build.
    pub fn single_file(&self, html: &str, deflated: &[u8]) -> Result<String, Status> {
        let Some(head_end) = html.find("</head>") else {
            return Err(Status::NotSingleFile);
        };
        let head = &html[..head_end];
        if !head.contains(SINGLE_FILE_MARKER) {
            return Err(Status::NotSingleFile);
        }
        let open = format!(r#"<meta name="{META_NAME}" content=""#);
        // A meta this method wrote: the last thing in the head, one tag.
        let kept = head
            .rfind(&open)
            .filter(|at| {
                let tag = head[*at..].trim_end();
                tag.strip_suffix("\">")
                    .is_some_and(|inner| !inner[1..].contains(['<', '>', '\n']))
            })
            .map_or(head, |at| &head[..at]);
        Ok(format!(
            "{kept}{open}{}\">\n{}",
            link::fragment(deflated),
            &html[head_end..]
        ))
    }

    /// The single file's name: the experiment's id, `.html`.
    pub fn file_name(&self) -> String {
        let id = self.experiment().map_or("experiment", |e| e.id.as_str());
        format!("{id}.html")
    }

    /// The link and snippet were made (shown to copy by hand).
    pub fn made(&mut self, link: String) {
        self.iframe = Some(self.iframe(&link));
        self.link = Some(link);
    }

    /// What an action of the panel came to.
    pub fn done(&mut self, status: Status) {
        self.status = Some(status);
    }

    /// Words everything in `locale` from now on.
    pub fn set_locale(&mut self, locale: Locale) {
        self.locale = locale;
    }

    pub fn locale(&self) -> Locale {
        self.locale
    }

    /// Everything the panel shows.
    pub fn view(&self) -> AuthorView {
        let t = |text: Text| text.render(self.locale);
        let checked = self.checked.as_ref().filter(|c| c.text == self.text);
        let problems: Vec<String> = checked
            .map(|c| c.problems.iter().map(|p| t(p.sentence())).collect())
            .unwrap_or_default();
        let shareable = checked.is_some_and(|c| c.experiment.is_some());
        let verdict = match checked {
            None => Text::AuthorChecking,
            Some(c) if c.problems.is_empty() => Text::AuthorNoProblems,
            Some(c) => Text::AuthorProblems {
                count: c.problems.len().into(),
            },
        };
        AuthorView {
            heading: t(Text::AuthorHeading),
            note: t(Text::AuthorNote),
            start_label: t(Text::AuthorStartFrom),
            starts: ExperimentId::ALL
                .iter()
                .map(|e| Choice {
                    value: e.id(),
                    label: e.title(self.locale),
                    selected: *e == self.base,
                    enabled: true,
                })
                .collect(),
            fields: Field::all().into_iter().map(|f| self.field(f)).collect(),
            form_enabled: self.value.is_some(),
            form_note: self.value.is_none().then(|| t(Text::AuthorFormOff)),
            json_label: t(Text::AuthorJson),
            json: self.text.clone(),
            verdict_heading: t(Text::AuthorVerdictHeading),
            verdict: t(verdict),
            shareable,
            problems,
            key_heading: t(Text::AuthorKeyHeading),
            key: checked.map(|c| self.key(c)).unwrap_or_default(),
            try_label: t(Text::AuthorTry),
            copy_link_label: t(Text::AuthorCopyLink),
            copy_iframe_label: t(Text::AuthorCopyIframe),
            download_label: t(Text::AuthorDownload),
            link_label: t(Text::AuthorLinkLabel),
            iframe_label: t(Text::AuthorIframeLabel),
            link: self.link.clone(),
            iframe: self.iframe.clone(),
            status: self.status.as_ref().map(|s| t(status_text(s))),
        }
    }

    /// Each goal in the page's language and its answer in words (only a
    /// text with no problem has a key: every goal is reachable).
    fn key(&self, checked: &Checked) -> Vec<(String, String)> {
        let Some(e) = &checked.experiment else {
            return Vec::new();
        };
        (e.goals.iter().zip(&checked.answers))
            .map(|(goal, answer)| {
                let words = answer
                    .steps
                    .as_deref()
                    .map(|steps| check::words(steps).render(self.locale))
                    .unwrap_or_default();
                (goal.text.get(self.locale).to_string(), words)
            })
            .collect()
    }

    fn field(&self, field: Field) -> FieldView {
        let at = self.value.as_ref().and_then(|map| {
            let mut path = field.path().into_iter();
            let first = map.get(path.next()?)?;
            path.try_fold(first, |v, key| v.get(key))
        });
        let text = at.and_then(Value::as_str);
        let t = |text: Text| text.render(self.locale);
        let choose = |values: Vec<(&'static str, String)>, current: &str| {
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
        };
        let (control, value) = match field {
            Field::Id | Field::Title(_) | Field::Key => {
                // The reader's default key where the file names none.
                let default = (field == Field::Key && at.is_none()).then_some("intent-1");
                (Control::Line, text.or(default).unwrap_or_default().into())
            }
            Field::Instructions(_) => (Control::Lines, text.unwrap_or_default().into()),
            Field::Tool => {
                let current = text.unwrap_or_default();
                let tools = self.registry_names();
                let control = choose(
                    tools
                        .into_iter()
                        .map(|name| (name, name.to_string()))
                        .collect(),
                    current,
                );
                (control, current.into())
            }
            Field::Args => {
                let current = match at {
                    Some(Value::Object(args)) if args.contains_key(OWN_TEXT) => OWN_TEXT,
                    Some(v) => v.get("example").and_then(Value::as_str).unwrap_or_default(),
                    None => "",
                };
                let mut choices: Vec<(&'static str, String)> = ExampleKind::ALL
                    .iter()
                    .map(|k| (k.id(), t(k.label())))
                    .collect();
                choices.push((OWN_TEXT, t(Text::AuthorArgsText)));
                (choose(choices, current), current.into())
            }
            Field::Role => {
                let current = if at.is_none() {
                    Role::Viewer.id()
                } else {
                    text.unwrap_or_default()
                };
                let roles = Role::ALL.iter().map(|r| (r.id(), t(r.label()))).collect();
                (choose(roles, current), current.into())
            }
            Field::Hook => {
                let current = if at.is_none() {
                    Hook::None.id()
                } else {
                    text.unwrap_or_default()
                };
                let hooks = Hook::ALL.iter().map(|h| (h.id(), t(h.label()))).collect();
                (choose(hooks, current), current.into())
            }
        };
        FieldView {
            field,
            id: field.dom_id(),
            label: t(field.label()),
            control,
            value,
        }
    }

    /// The tool names the JSON's registry holds: the fixture tools, then
    /// the extra tools its `tools` names.
    fn registry_names(&self) -> Vec<&'static str> {
        let mut names = crate::tools::Registry::fixtures().names();
        let extra = self
            .value
            .as_ref()
            .and_then(|m| m.get("tools"))
            .and_then(Value::as_array);
        for name in extra.into_iter().flatten().filter_map(Value::as_str) {
            if let Ok(tool) = name.parse::<crate::experiments::ExtraTool>() {
                names.push(tool.tool().declaration().name);
            }
        }
        names
    }

    /// The placeholder of a select whose value is none of its choices.
    pub fn not_a_choice(&self) -> String {
        Text::AuthorNotAChoice.render(self.locale)
    }
}

/// An object of one field.
fn one(key: &str, value: Value) -> Value {
    let mut map = Map::new();
    map.insert(key.into(), value);
    Value::Object(map)
}

use crate::check::{self, Report};

fn status_text(status: &Status) -> Text {
    match status {
        Status::Tried => Text::AuthorTried,
        Status::LinkCopied => Text::AuthorLinkCopied,
        Status::IframeCopied => Text::AuthorIframeCopied,
        Status::CopyFailed => Text::AuthorCopyFailed,
        Status::Downloaded(file) => Text::AuthorDownloaded { file: file.into() },
        Status::FetchFailed(detail) => Text::AuthorFetchFailed {
            detail: detail.text(),
        },
        Status::NotSingleFile => Text::AuthorNotSingleFile,
        Status::CompressFailed(detail) => Text::AuthorCompressFailed {
            detail: detail.into(),
        },
    }
}

/// The answer key of `?teacher=1`: each goal and a way to reach it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeacherView {
    pub heading: String,
    pub note: String,
    pub goals: Vec<(String, String)>,
}

impl TeacherView {
    pub fn new(experiment: &Rc<Experiment>, locale: Locale) -> Self {
        TeacherView {
            heading: Text::TeacherHeading.render(locale),
            note: Text::TeacherNote.render(locale),
            goals: check::answer_key(experiment, locale),
        }
    }
}
