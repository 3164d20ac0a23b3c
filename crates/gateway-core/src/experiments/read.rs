//! Reads an experiment file: every field checked against the schema
//! (`experiments/schema.json`, which a test holds this reader to) and
//! against this build (tools, examples, bounds), each problem reported
//! with the field's JSON Pointer and a plain sentence, all at once.

use serde_json::{Map, Value};

use super::{Experiment, ExtraTool, Panel, Reading, StartArgs};
use crate::goals::{
    Count, Event, FieldReason, Goal, Outcome, ReasonIs, ReasonKind, RunMatch, StateMatch,
    TurnMatch, When,
};
use crate::json::MAX_ARGUMENT_UNITS;
use crate::policy::{Hook, Role};
use crate::text::{Locale, Text};
use crate::tools::files::FILE_NAMES;
use crate::tools::{ExampleKind, Registry};
use crate::vocab::Gate;
use crate::words::Words;

/// The format version this build reads.
pub const VERSION: u64 = 1;
/// Bounds of an experiment file (the schema states the same).
pub const MAX_TEXT: usize = 1000;
pub const MAX_ID: usize = 40;
pub const MAX_KEY: usize = crate::gates::MAX_KEY_UNITS;
pub const MAX_DECISION: usize = 16_384;
pub const MAX_READINGS: usize = 8;
pub const MAX_GOALS: usize = 12;
pub const MAX_URL: usize = 512;
pub const MAX_PHRASE: usize = 200;
pub const MAX_COUNT: u64 = 100_000;
/// The longest experiment text the page reads (a link's, inflated).
pub const MAX_FILE: usize = 65_536;

/// One thing wrong with an experiment file: where (a JSON Pointer, `""`
/// for the whole file) and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub path: String,
    pub issue: Issue,
}

/// What is wrong with a field, as data (its words are made when shown:
/// the page never copies a `Text`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Issue {
    FileTooLong { got: usize, max: usize },
    NotUtf8,
    NotJson { line: usize, column: usize },
    NotObject,
    UnknownField { fields: String },
    Missing,
    NotText,
    TooLong { got: usize, max: usize },
    BadId { got: String },
    NotOneOf { got: String, allowed: String },
    MissingLanguage { language: String },
    Empty,
    TooMany { got: usize, max: usize },
    NotList,
    NotBool,
    Version { got: String, version: usize },
    Duplicate { id: String },
    ArgsOneOf,
    UnknownTool { name: String, tools: String },
    NotHttp { got: String },
    RunWithoutRun { on: String },
    OnlyWhenRejected,
    OneField,
    Count { got: String, max: usize },
    Unreachable { steps: usize },
}

impl Issue {
    pub fn text(&self) -> Text {
        match self {
            Issue::FileTooLong { got, max } => Text::ProblemFileTooLong {
                got: (*got).into(),
                max: (*max).into(),
            },
            Issue::NotUtf8 => Text::ProblemNotUtf8,
            Issue::NotJson { line, column } => Text::ProblemNotJson {
                line: (*line).into(),
                column: (*column).into(),
            },
            Issue::NotObject => Text::ProblemNotObject,
            Issue::UnknownField { fields } => Text::ProblemUnknownField {
                fields: fields.clone().into(),
            },
            Issue::Missing => Text::ProblemMissing,
            Issue::NotText => Text::ProblemNotText,
            Issue::TooLong { got, max } => Text::ProblemTooLong {
                got: (*got).into(),
                max: (*max).into(),
            },
            Issue::BadId { got } => Text::ProblemBadId {
                got: got.clone().into(),
            },
            Issue::NotOneOf { got, allowed } => Text::ProblemNotOneOf {
                got: got.clone().into(),
                allowed: allowed.clone().into(),
            },
            Issue::MissingLanguage { language } => Text::ProblemMissingLanguage {
                language: language.clone().into(),
            },
            Issue::Empty => Text::ProblemEmpty,
            Issue::TooMany { got, max } => Text::ProblemTooMany {
                got: (*got).into(),
                max: (*max).into(),
            },
            Issue::NotList => Text::ProblemNotList,
            Issue::NotBool => Text::ProblemNotBool,
            Issue::Version { got, version } => Text::ProblemVersion {
                got: got.clone().into(),
                version: (*version).into(),
            },
            Issue::Duplicate { id } => Text::ProblemDuplicate {
                id: id.clone().into(),
            },
            Issue::ArgsOneOf => Text::ProblemArgsOneOf,
            Issue::UnknownTool { name, tools } => Text::ProblemUnknownTool {
                name: name.clone().into(),
                tools: tools.clone().into(),
            },
            Issue::NotHttp { got } => Text::ProblemNotHttp {
                got: got.clone().into(),
            },
            Issue::RunWithoutRun { on } => Text::ProblemRunWithoutRun {
                on: on.clone().into(),
            },
            Issue::OnlyWhenRejected => Text::ProblemOnlyWhenRejected,
            Issue::OneField => Text::ProblemOneField,
            Issue::Count { got, max } => Text::ProblemCount {
                got: got.clone().into(),
                max: (*max).into(),
            },
            Issue::Unreachable { steps } => Text::ProblemUnreachable {
                steps: (*steps).into(),
            },
        }
    }
}

impl Problem {
    /// The problem in one sentence: the field's pointer, then what is wrong.
    pub fn sentence(&self) -> Text {
        Text::ProblemAt {
            path: if self.path.is_empty() {
                Text::ProblemTheFile.into()
            } else {
                self.path.as_str().into()
            },
            problem: self.issue.text().into(),
        }
    }
}

/// Reads an experiment from its JSON text.
pub fn experiment(text: &str) -> Result<Experiment, Vec<Problem>> {
    let whole = |issue: Issue| {
        vec![Problem {
            path: String::new(),
            issue,
        }]
    };
    if text.len() > MAX_FILE {
        return Err(whole(Issue::FileTooLong {
            got: text.len(),
            max: MAX_FILE,
        }));
    }
    match serde_json::from_str::<Value>(text) {
        Ok(value) => from_value(&value),
        Err(e) => Err(whole(Issue::NotJson {
            line: e.line(),
            column: e.column(),
        })),
    }
}

/// Reads an experiment from its JSON value.
pub fn from_value(value: &Value) -> Result<Experiment, Vec<Problem>> {
    read_with(value, None)
}

/// Reads a built-in experiment as the page carries it: its structure,
/// each text `{"$": n}`, the n-th of `words` (its language's, from the
/// catalogue).
pub fn builtin(structure: &Value, words: &[Value]) -> Result<Experiment, Vec<Problem>> {
    read_with(structure, Some(words))
}

fn read_with(value: &Value, words: Option<&[Value]>) -> Result<Experiment, Vec<Problem>> {
    let mut r = Reader {
        problems: Vec::new(),
        words,
    };
    let e = r.experiment(value);
    match e {
        Some(e) if r.problems.is_empty() => Ok(e),
        _ => Err(r.problems),
    }
}

struct Reader<'w> {
    problems: Vec<Problem>,
    /// A built-in's words in one language, which its texts number.
    words: Option<&'w [Value]>,
}

/// A field's place: its parent's pointer and its own key or index.
fn at(parent: &str, key: &str) -> String {
    format!("{parent}/{key}")
}

impl Reader<'_> {
    fn problem(&mut self, path: &str, issue: Issue) {
        self.problems.push(Problem {
            path: path.into(),
            issue,
        });
    }

    /// The value as an object whose keys are all among `fields`, with
    /// every one of `required` present.
    fn object<'v>(
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

    fn text(&mut self, value: &Value, path: &str, max: usize) -> Option<String> {
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

    fn id(&mut self, value: &Value, path: &str) -> Option<String> {
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
    fn choice<T: Copy>(
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

    fn words(&mut self, value: &Value, path: &str) -> Option<Words> {
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

    fn list<'v>(&mut self, value: &'v Value, path: &str, max: usize) -> &'v [Value] {
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

    fn boolean(&mut self, value: &Value, path: &str) -> Option<bool> {
        let b = value.as_bool();
        if b.is_none() {
            self.problem(path, Issue::NotBool);
        }
        b
    }

    fn experiment(&mut self, value: &Value) -> Option<Experiment> {
        const FIELDS: [&str; 12] = [
            "$schema",
            "version",
            "id",
            "title",
            "instructions",
            "start",
            "tools",
            "files",
            "decision",
            "open",
            "readings",
            "goals",
        ];
        let map = self.object(
            value,
            "",
            &FIELDS,
            &["version", "id", "title", "instructions", "start", "goals"],
        )?;
        if let Some(v) = map.get("version") {
            if v.as_u64() != Some(VERSION) {
                self.problem(
                    "/version",
                    Issue::Version {
                        got: crate::json::compact(v),
                        version: (VERSION as usize),
                    },
                );
            }
        }
        let field = |key: &str| map.get(key);
        let id = field("id").and_then(|v| self.id(v, "/id"));
        let title = field("title").and_then(|v| self.words(v, "/title"));
        let instructions = field("instructions").and_then(|v| self.words(v, "/instructions"));
        let tools: Vec<ExtraTool> = match field("tools") {
            None => Vec::new(),
            Some(v) => {
                let items = self.list(v, "/tools", ExtraTool::ALL.len());
                let mut tools = Vec::new();
                for (i, item) in items.iter().enumerate() {
                    let path = format!("/tools/{i}");
                    if let Some(t) = self.choice(item, &path, &ExtraTool::ALL, ExtraTool::id) {
                        if tools.contains(&t) {
                            self.problem(&path, Issue::Duplicate { id: t.id().into() });
                        }
                        tools.push(t);
                    }
                }
                tools
            }
        };
        let mut registry = Registry::fixtures().tools().to_vec();
        registry.extend(tools.iter().map(|t| t.tool()));
        let registry = Registry::with_tools(registry);
        let start = field("start").and_then(|v| self.start(v, &registry));
        let files = field("files").map_or_else(Vec::new, |v| self.files(v));
        let decision = match field("decision") {
            None => super::SEED_DECISION.to_string(),
            Some(Value::String(_)) => field("decision")
                .and_then(|v| self.text(v, "/decision", MAX_DECISION))
                .unwrap_or_default(),
            Some(v @ (Value::Array(_) | Value::Object(_))) => {
                let text = crate::json::pretty(v);
                if text.encode_utf16().count() > MAX_DECISION {
                    self.problem(
                        "/decision",
                        Issue::TooLong {
                            got: text.encode_utf16().count(),
                            max: MAX_DECISION,
                        },
                    );
                }
                text
            }
            Some(_) => {
                self.problem("/decision", Issue::NotText);
                String::new()
            }
        };
        let open = match field("open") {
            None => Vec::new(),
            Some(v) => {
                let items = self.list(v, "/open", Panel::ALL.len());
                let mut open = Vec::new();
                for (i, item) in items.iter().enumerate() {
                    let path = format!("/open/{i}");
                    if let Some(p) = self.choice(item, &path, &Panel::ALL, Panel::id) {
                        if open.contains(&p) {
                            self.problem(&path, Issue::Duplicate { id: p.id().into() });
                        }
                        open.push(p);
                    }
                }
                open
            }
        };
        let readings = match field("readings") {
            None => Vec::new(),
            Some(v) => {
                let items = self.list(v, "/readings", MAX_READINGS);
                items
                    .iter()
                    .enumerate()
                    .filter_map(|(i, item)| self.reading(item, &format!("/readings/{i}")))
                    .collect()
            }
        };
        let goals = match field("goals") {
            None => Vec::new(),
            Some(v) => {
                let items = self.list(v, "/goals", MAX_GOALS);
                if items.is_empty() && v.as_array().is_some_and(Vec::is_empty) {
                    self.problem("/goals", Issue::Empty);
                }
                let mut goals: Vec<Goal> = Vec::new();
                for (i, item) in items.iter().enumerate() {
                    let path = format!("/goals/{i}");
                    if let Some(goal) = self.goal(item, &path, &registry) {
                        if goals.iter().any(|g| g.id == goal.id) {
                            self.problem(
                                &at(&path, "id"),
                                Issue::Duplicate {
                                    id: goal.id.clone(),
                                },
                            );
                        }
                        goals.push(goal);
                    }
                }
                goals
            }
        };
        let (tool, args, role, hook, key) = start?;
        Some(Experiment {
            id: id?,
            builtin: None,
            title: title?,
            instructions: instructions?,
            tool,
            args,
            role,
            hook,
            key,
            tools,
            files,
            decision,
            open,
            readings,
            goals,
        })
    }

    #[allow(clippy::type_complexity)]
    fn start(
        &mut self,
        value: &Value,
        registry: &Registry,
    ) -> Option<(String, StartArgs, Role, Hook, String)> {
        let map = self.object(
            value,
            "/start",
            &["tool", "args", "role", "hook", "key"],
            &["tool", "args"],
        )?;
        let tool = map
            .get("tool")
            .and_then(|v| self.tool(v, "/start/tool", registry));
        let args = map.get("args").and_then(|v| {
            let map = self.object(v, "/start/args", &["example", "text"], &[])?;
            match (map.get("example"), map.get("text")) {
                (Some(kind), None) => self
                    .choice(
                        kind,
                        "/start/args/example",
                        &ExampleKind::ALL,
                        ExampleKind::id,
                    )
                    .map(StartArgs::Example),
                (None, Some(text)) => self
                    .text(text, "/start/args/text", MAX_ARGUMENT_UNITS)
                    .map(StartArgs::Text),
                _ => {
                    self.problem("/start/args", Issue::ArgsOneOf);
                    None
                }
            }
        });
        let role = match map.get("role") {
            None => Some(Role::Viewer),
            Some(v) => self.choice(v, "/start/role", &Role::ALL, Role::id),
        };
        let hook = match map.get("hook") {
            None => Some(Hook::None),
            Some(v) => self.choice(v, "/start/hook", &Hook::ALL, Hook::id),
        };
        let key = match map.get("key") {
            None => Some("intent-1".to_string()),
            Some(v) => self.text(v, "/start/key", MAX_KEY).and_then(|k| {
                if k.is_empty() {
                    self.problem("/start/key", Issue::Empty);
                    None
                } else {
                    Some(k)
                }
            }),
        };
        Some((tool?, args?, role?, hook?, key?))
    }

    /// A tool name the experiment's registry holds.
    fn tool(&mut self, value: &Value, path: &str, registry: &Registry) -> Option<String> {
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

    fn files(&mut self, value: &Value) -> Vec<(String, String)> {
        let Some(map) = self.object(value, "/files", &FILE_NAMES, &[]) else {
            return Vec::new();
        };
        let mut files = Vec::new();
        for name in FILE_NAMES {
            let path = format!("/files/{}", name.replace('~', "~0").replace('/', "~1"));
            if let Some(text) = map
                .get(name)
                .and_then(|v| self.text(v, &path, MAX_ARGUMENT_UNITS))
            {
                files.push((name.to_string(), text));
            }
        }
        files
    }

    fn reading(&mut self, value: &Value, path: &str) -> Option<Reading> {
        let map = self.object(value, path, &["title", "url"], &["title", "url"])?;
        let title = map
            .get("title")
            .and_then(|v| self.words(v, &at(path, "title")));
        let here = at(path, "url");
        let url = map
            .get("url")
            .and_then(|v| self.text(v, &here, MAX_URL))
            .and_then(|url| {
                let rest = url
                    .strip_prefix("https://")
                    .or_else(|| url.strip_prefix("http://"));
                if rest.is_some_and(|r| !r.is_empty() && !r.chars().any(char::is_whitespace)) {
                    Some(url)
                } else {
                    self.problem(&here, Issue::NotHttp { got: url });
                    None
                }
            });
        Some(Reading {
            title: title?,
            url: url?,
        })
    }

    fn goal(&mut self, value: &Value, path: &str, registry: &Registry) -> Option<Goal> {
        let map = self.object(
            value,
            path,
            &["id", "text", "when"],
            &["id", "text", "when"],
        )?;
        let id = map.get("id").and_then(|v| self.id(v, &at(path, "id")));
        let text = map
            .get("text")
            .and_then(|v| self.words(v, &at(path, "text")));
        let when = map
            .get("when")
            .and_then(|v| self.when(v, &at(path, "when"), registry));
        Some(Goal {
            id: id?,
            text: text?,
            when: when?,
        })
    }

    fn when(&mut self, value: &Value, path: &str, registry: &Registry) -> Option<When> {
        let map = self.object(value, path, &["on", "run", "turn", "before", "state"], &[])?;
        let on = match map.get("on") {
            None => Some(Event::Run),
            Some(v) => self.choice(v, &at(path, "on"), &Event::ALL, Event::id),
        };
        let run = map
            .get("run")
            .map(|v| self.run(v, &at(path, "run"), registry));
        let turn = map
            .get("turn")
            .map(|v| self.turn(v, &at(path, "turn"), registry));
        let before = map
            .get("before")
            .map(|v| self.state(v, &at(path, "before")));
        let state = map.get("state").map(|v| self.state(v, &at(path, "state")));
        let on = on?;
        if on != Event::Run && (run.is_some() || turn.is_some()) {
            self.problem(path, Issue::RunWithoutRun { on: on.id().into() });
        }
        if map.is_empty() {
            self.problem(path, Issue::Empty);
        }
        Some(When {
            on,
            run: run.flatten(),
            turn: turn.flatten(),
            before: before.flatten(),
            state: state.flatten(),
        })
    }

    fn run(&mut self, value: &Value, path: &str, registry: &Registry) -> Option<RunMatch> {
        const FIELDS: [&str; 7] = [
            "tool", "role", "hook", "outcome", "gate", "reason", "output",
        ];
        let map = self.object(value, path, &FIELDS, &[])?;
        let mut ok = true;
        let mut m = RunMatch::default();
        for (key, v) in map {
            let here = at(path, key);
            let read = match key.as_str() {
                "tool" => self.tool(v, &here, registry).map(|t| m.tool = Some(t)),
                "role" => self
                    .choice(v, &here, &Role::ALL, Role::id)
                    .map(|r| m.role = Some(r)),
                "hook" => self
                    .choice(v, &here, &Hook::ALL, Hook::id)
                    .map(|h| m.hook = Some(h)),
                "outcome" => self
                    .choice(v, &here, &Outcome::ALL, Outcome::id)
                    .map(|o| m.outcome = Some(o)),
                "gate" => self
                    .choice(v, &here, &Gate::ALL, Gate::id)
                    .map(|g| m.gate = Some(g)),
                "reason" => self.reason(v, &here).map(|r| m.reason = Some(r)),
                "output" => self.text(v, &here, MAX_PHRASE).map(|o| m.output = Some(o)),
                _ => Some(()),
            };
            ok &= read.is_some();
        }
        let rejected = m.outcome == Some(Outcome::Rejected);
        for (set, key) in [(m.gate.is_some(), "gate"), (m.reason.is_some(), "reason")] {
            if set && !rejected {
                self.problem(&at(path, key), Issue::OnlyWhenRejected);
                ok = false;
            }
        }
        ok.then_some(m)
    }

    fn reason(&mut self, value: &Value, path: &str) -> Option<ReasonIs> {
        match value {
            Value::Object(map) if map.len() == 1 => {
                let (key, field) = map.iter().next()?;
                let here = at(path, key);
                let kind = FieldReason::ALL.into_iter().find(|k| k.id() == key);
                let Some(kind) = kind else {
                    self.problem(
                        &here,
                        Issue::UnknownField {
                            fields: FieldReason::ALL.map(FieldReason::id).join(", "),
                        },
                    );
                    return None;
                };
                self.text(field, &here, 64)
                    .map(|f| ReasonIs::Field(kind, f))
            }
            Value::Object(_) => {
                self.problem(path, Issue::OneField);
                None
            }
            _ => self
                .choice(value, path, &ReasonKind::ALL, ReasonKind::id)
                .map(ReasonIs::Kind),
        }
    }

    fn turn(&mut self, value: &Value, path: &str, registry: &Registry) -> Option<TurnMatch> {
        const KINDS: [&str; 2] = ["refused-calls", "unbacked-claim"];
        match value {
            Value::Object(_) => {
                let map = self.object(value, path, &["kept-from"], &["kept-from"])?;
                let tool = map
                    .get("kept-from")
                    .and_then(|v| self.tool(v, &at(path, "kept-from"), registry))?;
                Some(TurnMatch::KeptFrom(tool))
            }
            _ => match self.choice(value, path, &KINDS, |k| k)? {
                "refused-calls" => Some(TurnMatch::RefusedCalls),
                _ => Some(TurnMatch::UnbackedClaim),
            },
        }
    }

    fn state(&mut self, value: &Value, path: &str) -> Option<StateMatch> {
        const FIELDS: [&str; 5] = ["outbox", "schedule", "receipts", "reuse", "duplicate"];
        let map = self.object(value, path, &FIELDS, &[])?;
        if map.is_empty() {
            self.problem(path, Issue::Empty);
            return None;
        }
        let mut s = StateMatch::default();
        let mut ok = true;
        for (key, v) in map {
            let here = at(path, key);
            let read = match key.as_str() {
                "outbox" => self.count(v, &here).map(|c| s.outbox = Some(c)),
                "schedule" => self.count(v, &here).map(|c| s.schedule = Some(c)),
                "receipts" => self.count(v, &here).map(|c| s.receipts = Some(c)),
                "reuse" => self.boolean(v, &here).map(|b| s.reuse = Some(b)),
                "duplicate" => self.boolean(v, &here).map(|b| s.duplicate = Some(b)),
                _ => Some(()),
            };
            ok &= read.is_some();
        }
        ok.then_some(s)
    }

    fn count(&mut self, value: &Value, path: &str) -> Option<Count> {
        let number = |r: &mut Self, v: &Value, path: &str| -> Option<usize> {
            match v.as_u64() {
                Some(n) if n <= MAX_COUNT => Some(n as usize),
                _ => {
                    r.problem(
                        path,
                        Issue::Count {
                            got: crate::json::compact(v),
                            max: (MAX_COUNT as usize),
                        },
                    );
                    None
                }
            }
        };
        match value {
            Value::Object(map) if map.len() == 1 => {
                let (key, v) = map.iter().next()?;
                let here = at(path, key);
                match key.as_str() {
                    "at-least" => number(self, v, &here).map(Count::AtLeast),
                    "at-most" => number(self, v, &here).map(Count::AtMost),
                    _ => {
                        self.problem(
                            &here,
                            Issue::UnknownField {
                                fields: "at-least, at-most".into(),
                            },
                        );
                        None
                    }
                }
            }
            Value::Object(_) => {
                self.problem(path, Issue::OneField);
                None
            }
            _ => number(self, value, path).map(Count::Exactly),
        }
    }
}
