//! Reads an experiment file: every field checked against the schema
//! (`experiments/schema.json`, which a test holds this reader to) and
//! against this build (tools, examples, bounds), each problem reported
//! with the field's JSON Pointer and a plain sentence, all at once.
//!
//! This file holds the entry points, the reader and the file's own
//! fields (its start, files and readings). Its parts: `problem`, what is
//! wrong, as data; `fields`, the checks of one field; `goals`, a goal and
//! its condition.

mod fields;
mod goals;
mod problem;

pub use problem::{Issue, Problem};

use serde_json::Value;

use super::{Experiment, ExtraTool, Panel, Reading, RegistryKind, StartArgs};
use crate::fixtures::{Fixtures, Localized};
use crate::goals::Goal;
use crate::json::MAX_ARGUMENT_UNITS;
use crate::policy::{Hook, Role};
use crate::tools::files::FILE_NAMES;
use crate::tools::{ExampleKind, Registry};

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
    match crate::json::from_str(text) {
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

    fn experiment(&mut self, value: &Value) -> Option<Experiment> {
        const FIELDS: [&str; 13] = [
            "$schema",
            "version",
            "id",
            "title",
            "instructions",
            "start",
            "registry",
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
        let kind = match field("registry") {
            None => RegistryKind::default(),
            Some(v) => self
                .choice(v, "/registry", &RegistryKind::ALL, RegistryKind::id)
                .unwrap_or_default(),
        };
        let registry = kind.with(&tools);
        let start = field("start").and_then(|v| self.start(v, &registry));
        let files = field("files").map_or_else(Vec::new, |v| self.files(v));
        let decision = match field("decision") {
            None => Localized(super::SEED_DECISION.map(String::from)),
            Some(v) => {
                // A decision may be an object itself: it is the
                // per-language form when it names a language.
                let form = v
                    .as_object()
                    .is_some_and(|m| m.keys().any(|k| k.parse::<Fixtures>().is_ok()));
                self.localized(v, "/decision", form, |r, v, here| Some(r.decision(v, here)))
                    .unwrap_or_default()
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
            registry: kind,
            tools,
            files,
            decision,
            open,
            readings,
            goals,
        })
    }

    /// One language's decision: its text, or the decision itself as JSON
    /// (written out pretty), at most [`MAX_DECISION`] UTF-16 units.
    fn decision(&mut self, value: &Value, path: &str) -> String {
        match value {
            Value::String(_) => self.text(value, path, MAX_DECISION).unwrap_or_default(),
            Value::Array(_) | Value::Object(_) => {
                let text = crate::json::pretty(value);
                let got = text.encode_utf16().count();
                if got > MAX_DECISION {
                    self.problem(
                        path,
                        Issue::TooLong {
                            got,
                            max: MAX_DECISION,
                        },
                    );
                }
                text
            }
            _ => {
                self.problem(path, Issue::NotText);
                String::new()
            }
        }
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
                    .localized_text(text, "/start/args/text", MAX_ARGUMENT_UNITS)
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

    fn files(&mut self, value: &Value) -> Vec<(String, Localized<String>)> {
        let Some(map) = self.object(value, "/files", &FILE_NAMES, &[]) else {
            return Vec::new();
        };
        let mut files = Vec::new();
        for name in FILE_NAMES {
            let path = format!("/files/{}", name.replace('~', "~0").replace('/', "~1"));
            if let Some(text) = map
                .get(name)
                .and_then(|v| self.localized_text(v, &path, MAX_ARGUMENT_UNITS))
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
}
