//! Experiments as data: what a page starts with and asks the learner to
//! do. Each built-in experiment is a file in `experiments/` (JSON, its
//! schema `experiments/schema.json`), included in the build and read by
//! [`read`], the same reader that reads an instructor's experiment from a
//! link ([`link`]) or from the checker's command line.

pub mod link;
pub mod read;

use std::rc::Rc;

use crate::fixtures::{Fixtures, Localized};
use crate::goals::Goal;
use crate::ledger::Ledger;
use crate::policy::{Hook, Role};
use crate::text::Locale;
use crate::tools::files::Workspace;
use crate::tools::{files_admin, ExampleKind, Registry, Tool};
use crate::words::Words;

crate::closed_enum! {
    /// The built-in experiments, in the order the page lists them.
    #[derive(Default)]
    pub enum ExperimentId as "experiment" {
        #[default]
        Filesystem = "filesystem",
        Email = "email",
        Calendar = "calendar",
        Database = "database",
        Search = "search",
        Calculator = "calculator",
        Registry = "registry",
        Injection = "injection",
        Rewind = "rewind",
    }
}

/// The built-in experiments' files, in [`ExperimentId::ALL`] order (as
/// `build.rs` writes them: the whitespace between tokens dropped).
pub const FILES: [&str; 9] = [
    include_str!("../../experiments/filesystem.json"),
    include_str!("../../experiments/email.json"),
    include_str!("../../experiments/calendar.json"),
    include_str!("../../experiments/database.json"),
    include_str!("../../experiments/search.json"),
    include_str!("../../experiments/calculator.json"),
    include_str!("../../experiments/registry.json"),
    include_str!("../../experiments/injection.json"),
    include_str!("../../experiments/rewind.json"),
];

/// The decision of seed 002's exercise, the Agent turn panel's text when
/// an experiment names none: a search runs at once, a calendar create
/// waits for approval, `shell.exec` fails before any tool runs, and the
/// final text claims an email nobody sent.
/// In each fixture language, in [`Fixtures::ALL`] order.
pub const SEED_DECISION: [&str; 2] = [
    r#"[
  {"name": "search", "args": {"query": "receipt"}},
  {"name": "calendar", "args": {"title": "Design review", "start": "14:00", "end": "15:00"}},
  {"name": "shell.exec", "args": {"command": "cat /etc/passwd"}},
  {"text": "I found the receipt rule, scheduled the design review and sent the summary email."}
]"#,
    r#"[
  {"name": "search", "args": {"query": "收據"}},
  {"name": "calendar", "args": {"title": "設計審查", "start": "14:00", "end": "15:00"}},
  {"name": "shell.exec", "args": {"command": "cat /etc/passwd"}},
  {"text": "我找到了收據的規則，排定了設計審查，也寄出了摘要郵件。"}
]"#,
];

/// The JSON Schema of an experiment file.
pub const SCHEMA: &str = include_str!("../../experiments/schema.json");

/// What the editor holds when an experiment starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StartArgs {
    Example(ExampleKind),
    /// Its own text, in each fixture language.
    Text(Localized<String>),
}

crate::closed_enum! {
    /// The tools an experiment's registry starts from (its `registry`).
    #[derive(Default)]
    pub enum RegistryKind as "registry" {
        /// The six fixture tools (SPEC 2.2).
        #[default]
        Fixtures = "fixtures",
        /// Seed 002's Workspace-like tools (SPEC 2.4).
        Workspace = "workspace",
    }
}

impl RegistryKind {
    /// Its tools, then `extra`: the registry of an experiment.
    pub fn with(self, extra: &[ExtraTool]) -> Registry {
        let mut tools = match self {
            RegistryKind::Fixtures => Registry::fixtures(),
            RegistryKind::Workspace => Registry::workspace(),
        }
        .tools()
        .to_vec();
        tools.extend(extra.iter().map(|t| t.tool()));
        Registry::with_tools(tools)
    }
}

crate::closed_enum! {
    /// The tools an experiment's registry may hold besides those its
    /// [`RegistryKind`] gives it.
    pub enum ExtraTool as "tool" {
        FilesDelete = "files.delete",
        FilesShare = "files.share",
    }
}

impl ExtraTool {
    pub fn tool(self) -> &'static dyn Tool {
        match self {
            ExtraTool::FilesDelete => &files_admin::Delete,
            ExtraTool::FilesShare => &files_admin::Share,
        }
    }
}

crate::closed_enum! {
    /// The secondary panels, as `open` names them (their `data-panel`
    /// names).
    pub enum Panel as "panel" {
        Turn = "turn",
        Request = "request",
        Runs = "runs",
        Declarations = "declarations",
        Policy = "policy",
        Baseline = "baseline",
        Notes = "notes",
        Preview = "preview",
    }
}

/// A further reading: its words and its address (http or https).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reading {
    pub title: Words,
    pub url: String,
}

/// An experiment, built in or an instructor's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Experiment {
    pub id: String,
    /// The built-in experiment this is; `None`: an instructor wrote it and
    /// it came with a link (the page says so).
    pub builtin: Option<ExperimentId>,
    pub title: Words,
    /// The "Your experiment" instructions.
    pub instructions: Words,
    /// The starting tool, by the name its registry gives it.
    pub tool: String,
    pub args: StartArgs,
    pub role: Role,
    pub hook: Hook,
    pub key: String,
    /// The tools its registry starts from.
    pub registry: RegistryKind,
    /// Tools its registry holds besides those, after them.
    pub tools: Vec<ExtraTool>,
    /// The contents its ledger's files start with (and a reset restores)
    /// instead of the fixtures', in each fixture language.
    pub files: Vec<(String, Localized<String>)>,
    /// The model decision the Agent turn panel starts with, in each
    /// fixture language (the ledger's fixtures say which).
    pub decision: Localized<String>,
    /// The secondary panels that start open.
    pub open: Vec<Panel>,
    /// Further readings, shown with the instructions.
    pub readings: Vec<Reading>,
    /// What the learner can reach.
    pub goals: Vec<Goal>,
}

impl Experiment {
    /// The registry of a page opened on this experiment.
    pub fn registry(&self) -> Registry {
        self.registry.with(&self.tools)
    }

    /// The ledger a page opened on this experiment with `registry` (its
    /// own, or a test's) starts (and resets) to: the registry's stores at
    /// their fixtures in `lang`'s language, the files as the experiment
    /// starts them.
    pub fn ledger(&self, registry: &Registry, lang: Fixtures) -> Ledger {
        Ledger::new(registry, lang).starting_with(Workspace::starting(&self.files, lang))
    }

    /// The text the editor starts with for `tool` (the experiment's
    /// starting tool, as `registry` holds it), in `lang`'s language, and
    /// the example it is; `None` for a registry that lacks the tool.
    pub fn start_args(&self, registry: &Registry, lang: Fixtures) -> (String, Option<ExampleKind>) {
        let examples = registry
            .get(&self.tool)
            .map(|t| t.declaration().examples.get(lang));
        match (&self.args, examples) {
            (StartArgs::Example(kind), Some(examples)) => {
                (kind.text(examples).to_string(), Some(*kind))
            }
            (StartArgs::Example(_), None) => ("{}".to_string(), None),
            (StartArgs::Text(text), _) => (text.get(lang).clone(), None),
        }
    }

    /// The key its notes, baseline and progress are stored under: an
    /// instructor's experiment never shares a built-in one's.
    pub fn storage_id(&self) -> String {
        match self.builtin {
            Some(id) => id.id().to_string(),
            None => format!("authored-{}", self.id),
        }
    }
}

impl ExperimentId {
    /// The built-in experiment in English (natively every catalogue is
    /// installed; the page asks for its own language's, [`Self::in_locale`]).
    pub fn experiment(self) -> &'static Rc<Experiment> {
        self.in_locale(Locale::default())
    }

    /// Its title in `locale`: the first of its words (`build.rs` numbers
    /// the title first), which every catalogue carries, also the learner's
    /// that carries one experiment's structure only.
    pub fn title(self, locale: Locale) -> String {
        crate::text::experiment_words(locale, self.id())
            .and_then(|words| words.first()?.as_str())
            .unwrap_or_default()
            .to_string()
    }

    /// The built-in experiment with `locale`'s words, read once per thread
    /// (an `Rc` is the page's one thread's) from its structure and words in
    /// that locale's catalogue. One that does not read (a test reads each
    /// in every locale), or whose structure the catalogue does not carry,
    /// gives an experiment with its id and no goals rather than a page that
    /// cannot open.
    pub fn in_locale(self, locale: Locale) -> &'static Rc<Experiment> {
        BUILTINS.with(|all| {
            let mut all = all.borrow_mut();
            let slot = &mut all[locale as usize * Self::ALL.len() + self as usize];
            *slot.get_or_insert_with(|| {
                let structure = crate::text::experiment_structure(locale, self.id());
                let words = crate::text::experiment_words(locale, self.id());
                let read = structure
                    .zip(words)
                    .and_then(|(s, words)| read::builtin(s, words).ok());
                let mut e = read.unwrap_or_else(|| Experiment::empty(self.id()));
                e.builtin = Some(self);
                Box::leak(Box::new(Rc::new(e)))
            })
        })
    }
}

thread_local! {
    static BUILTINS: std::cell::RefCell<Vec<Option<&'static Rc<Experiment>>>> =
        std::cell::RefCell::new(vec![None; ExperimentId::ALL.len() * Locale::BUILT.len()]);
}

impl Experiment {
    /// An experiment with an id and nothing to do.
    pub fn empty(id: &str) -> Self {
        Experiment {
            id: id.into(),
            builtin: None,
            title: Words(vec![id.into()]),
            instructions: Words::default(),
            tool: crate::tools::ToolId::Email.id().into(),
            args: StartArgs::Example(ExampleKind::Valid),
            role: Role::Viewer,
            hook: Hook::None,
            key: "intent-1".into(),
            registry: RegistryKind::Fixtures,
            tools: Vec::new(),
            files: Vec::new(),
            decision: "[]".into(),
            open: Vec::new(),
            readings: Vec::new(),
            goals: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_the_spec_ids_in_order_and_each_file_reads() {
        let ids: Vec<_> = ExperimentId::ALL.map(ExperimentId::id).into();
        assert_eq!(
            ids,
            [
                "filesystem",
                "email",
                "calendar",
                "database",
                "search",
                "calculator",
                "registry",
                "injection",
                "rewind"
            ]
        );
        for (e, text) in ExperimentId::ALL.into_iter().zip(FILES) {
            let read = read::experiment(text);
            assert!(read.is_ok(), "{e}: {:?}", read.err());
            assert_eq!(e.experiment().id, e.id());
            assert_eq!(e.experiment().builtin, Some(e));
            assert!(!e.experiment().goals.is_empty(), "{e}");
            assert_eq!(e.id().parse::<ExperimentId>(), Ok(e));
        }
        assert!("nope".parse::<ExperimentId>().is_err());
        assert_eq!(ExperimentId::default(), ExperimentId::Filesystem);
    }

    #[test]
    fn the_page_reads_each_builtin_with_its_languages_words() {
        for e in ExperimentId::ALL {
            let both =
                read::experiment(FILES[e as usize]).unwrap_or_else(|_| Experiment::empty("unread"));
            assert_eq!(both.id, e.id());
            for locale in Locale::ALL {
                let one = e.in_locale(locale);
                assert_eq!(one.builtin, Some(e));
                assert_eq!(one.title.0, [both.title.get(locale)], "{e} {locale:?}");
                // The title a catalogue without the structure still gives.
                assert_eq!(e.title(locale), both.title.get(locale), "{e} {locale:?}");
                assert_eq!(one.instructions.0, [both.instructions.get(locale)]);
                assert_eq!(one.goals.len(), both.goals.len());
                for (a, b) in one.goals.iter().zip(&both.goals) {
                    assert_eq!((&a.id, &a.when), (&b.id, &b.when));
                    assert_eq!(a.text.0, [b.text.get(locale)]);
                }
                for (a, b) in one.readings.iter().zip(&both.readings) {
                    assert_eq!(
                        (&a.url, &a.title.0[..]),
                        (&b.url, &[b.title.get(locale).to_string()][..])
                    );
                }
                let strip = |x: &Experiment| Experiment {
                    title: Words::default(),
                    instructions: Words::default(),
                    readings: Vec::new(),
                    goals: Vec::new(),
                    builtin: None,
                    ..x.clone()
                };
                assert_eq!(strip(one), strip(&both), "{e} {locale:?}");
            }
        }
    }

    #[test]
    fn starting_files_name_the_two_files_and_a_reset_restores_them() {
        for (e, lang) in ExperimentId::ALL
            .into_iter()
            .flat_map(|e| Fixtures::ALL.map(|l| (e, l)))
        {
            let start = e.experiment().ledger(&e.experiment().registry(), lang);
            let files = start.stores().get::<Workspace>().unwrap();
            for (path, content) in &e.experiment().files {
                assert!(
                    crate::tools::files::FILE_NAMES.contains(&path.as_str()),
                    "{e}: {path}"
                );
                assert_eq!(
                    files.file(path),
                    Some(content.get(lang).as_str()),
                    "{e} {lang}: {path}"
                );
            }
            let mut again = start.clone();
            again.reset();
            assert_eq!(again, start, "{e}");
        }
    }
}
