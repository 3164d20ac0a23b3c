//! The experiment checker: an experiment file's problems (the reader's,
//! [`crate::experiments::read`], then each goal no sequence of the learner's own
//! actions reaches within [`BOUND`] steps) and its answer key, a shortest
//! sequence of actions that reaches each goal, in the page's own words.
//!
//! The search ([`search`]) starts from the page the experiment
//! opens and tries every sequence of at most [`BOUND`] steps (after
//! ordering and merging those that end in the same state), up to
//! [`MAX_STATES`] states. A goal it does not reach is reported as
//! unreachable within the number of steps it searched in full.

pub(crate) mod search;

use std::rc::Rc;

use self::search::{tools, turn_only, Found, Scope, Seeds};
use crate::experiments::read::{self, Issue, Problem};
use crate::experiments::Experiment;
use crate::fixtures::Fixtures;
use crate::goals::Goal;
use crate::policy::{Hook, Role};
use crate::text::{Locale, Text};
use crate::tools::ExampleKind;
use crate::workbench::{Msg, Workbench};

/// The most steps a sequence the search tries may have: twelve. The
/// longest built-in answer takes twelve (the registry's seven-call turn:
/// Start turn, a Finish run for each of the six calls dispatched, and Next
/// call between them).
pub const BOUND: usize = 12;
/// The most states one search visits: rewind, the built-in that takes the
/// most, visits about 4,300; a goal nothing reaches stops here (about
/// 0.35 s natively), and is reported unreachable within the steps
/// searched in full.
pub const MAX_STATES: usize = 12_000;

/// One learner action, as the page offers it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// The tool select (by the registry's name); loads its valid example.
    ChooseTool(String),
    LoadExample(ExampleKind),
    /// Deletes `field` from the arguments; `args` is the editor's text
    /// after it.
    RemoveField {
        field: String,
        args: String,
    },
    /// Sets `field` of the arguments to `value` (JSON); `args` is the
    /// editor's text after it.
    SetField {
        field: String,
        value: String,
        args: String,
    },
    SetRole(Role),
    SetHook(Hook),
    SetKey(String),
    SetReuse(bool),
    /// Approve exact payload.
    Approve,
    /// Approve this call: the call an agent turn holds for approval.
    ApproveCall,
    NextGate,
    FinishRun,
    Restart,
    ResetLedger,
    StartTurn,
    /// Reject this call: the call an agent turn holds for approval.
    Reject,
    EndTurn,
    /// Next call: an agent turn moves on from its finished call.
    NextCall,
}

impl Step {
    /// The message the page sends for this action.
    pub fn msg(&self) -> Msg {
        match self {
            Step::ChooseTool(name) => Msg::ChooseTool(name.clone()),
            Step::LoadExample(kind) => Msg::LoadExample(*kind),
            Step::RemoveField { args, .. } | Step::SetField { args, .. } => {
                Msg::EditArgs(args.clone())
            }
            Step::SetRole(role) => Msg::SetRole(*role),
            Step::SetHook(hook) => Msg::SetHook(*hook),
            Step::SetKey(key) => Msg::SetKey(key.clone()),
            Step::SetReuse(on) => Msg::SetReuse(*on),
            Step::Approve | Step::ApproveCall => Msg::Approve,
            Step::NextGate => Msg::NextGate,
            Step::FinishRun => Msg::FinishRun,
            Step::Restart => Msg::Restart,
            Step::ResetLedger => Msg::ResetLedger,
            Step::StartTurn => Msg::StartTurn,
            Step::Reject => Msg::Reject,
            Step::EndTurn => Msg::EndTurn,
            Step::NextCall => Msg::NextCall,
        }
    }

    /// The action in the learner's words: the control's label, and what
    /// it is set to.
    pub fn text(&self) -> Text {
        let set = |control: Text, value: Text| Text::StepSet {
            control: control.into(),
            value: value.into(),
        };
        match self {
            Step::ChooseTool(name) => Text::StepSet {
                control: Text::ToolLabel.into(),
                value: tool_label(name),
            },
            Step::LoadExample(kind) => set(Text::ExampleLabel, kind.label()),
            Step::RemoveField { field, .. } => Text::StepRemoveField {
                args: Text::ArgsLabel.into(),
                field: field.into(),
            },
            Step::SetField { field, value, .. } => Text::StepSetField {
                args: Text::ArgsLabel.into(),
                field: field.into(),
                value: value.into(),
            },
            Step::SetRole(role) => set(Text::RoleLabel, role.label()),
            Step::SetHook(hook) => set(Text::HookLabel, hook.label()),
            Step::SetKey(key) => Text::StepSet {
                control: Text::KeyLabel.into(),
                value: key.into(),
            },
            Step::SetReuse(on) => set(Text::ReuseLabel, if *on { Text::On } else { Text::Off }),
            Step::Approve => Text::ApproveExactPayload,
            Step::ApproveCall => Text::PendingApprove,
            Step::NextGate => Text::NextGate,
            Step::FinishRun => Text::FinishRun,
            Step::Restart => Text::RestartInspection,
            Step::ResetLedger => Text::ResetLedger,
            Step::StartTurn => Text::StartTurn,
            Step::Reject => Text::PendingReject,
            Step::EndTurn => Text::EndTurn,
            Step::NextCall => Text::NextCall,
        }
    }
}

/// The label the tool select shows for the tool `name`.
fn tool_label(name: &str) -> crate::text::Arg {
    match crate::tools::Registry::every().get(name) {
        Some(tool) => (tool.declaration().label)().into(),
        None => name.into(),
    }
}

/// A goal and a shortest sequence of steps that reaches it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The goal's id.
    pub goal: String,
    /// `None`: no sequence of at most [`BOUND`] steps reaches it.
    pub steps: Option<Vec<Step>>,
}

/// What the checker says of one experiment file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// Every problem: the reader's, or each goal the search cannot reach
    /// (at `/goals/<i>`). Empty: the file passes.
    pub problems: Vec<Problem>,
    /// Each goal's answer, in the file's order (none when it does not read).
    pub answers: Vec<Answer>,
}

/// Checks an experiment file's text: its goals are sought with the
/// fixture data of each language (issue 32), and a goal reachable in
/// some but not all is a problem naming each language it fails in. The
/// answers are the English search's.
pub fn check(text: &str) -> Report {
    match read::experiment(text) {
        Err(problems) => Report {
            problems,
            answers: Vec::new(),
        },
        Ok(experiment) => {
            let experiment = Rc::new(experiment);
            let found: Vec<_> = (Fixtures::ALL.into_iter())
                .map(|lang| (lang, search(&experiment, lang)))
                .collect();
            let mut problems = Vec::new();
            for i in 0..experiment.goals.len() {
                let missed: Vec<(Fixtures, usize)> = (found.iter())
                    .filter(|(_, f)| f[i].0.steps.is_none())
                    .map(|(lang, f)| (*lang, f[i].1))
                    .collect();
                if missed.len() == Fixtures::ALL.len() {
                    let searched = missed.iter().map(|(_, s)| *s).max().unwrap_or(0);
                    problems.push(unreachable(i, Issue::Unreachable { steps: searched }));
                } else {
                    problems.extend(missed.into_iter().map(|(lang, steps)| {
                        let language = lang.id().into();
                        unreachable(i, Issue::UnreachableIn { steps, language })
                    }));
                }
            }
            let answers = (found.into_iter().next())
                .map(|(_, f)| f.into_iter().map(|(a, _)| a).collect())
                .unwrap_or_default();
            Report { problems, answers }
        }
    }
}

fn unreachable(goal: usize, issue: Issue) -> Problem {
    Problem {
        path: format!("/goals/{goal}"),
        issue,
    }
}

/// Each goal's shortest sequence, in the experiment's order, with the
/// English fixtures.
pub fn answers(experiment: &Rc<Experiment>) -> Vec<Answer> {
    search(experiment, Fixtures::En)
        .into_iter()
        .map(|(answer, _)| answer)
        .collect()
}

/// Each goal's answer with the fixtures of `lang`'s language, and how
/// many steps were searched in full for it.
fn search(experiment: &Rc<Experiment>, lang: Fixtures) -> Vec<(Answer, usize)> {
    let goals = &experiment.goals;
    let mut out: Vec<(Answer, usize)> = (goals.iter())
        .map(|g| {
            let answer = Answer {
                goal: g.id.clone(),
                steps: None,
            };
            (answer, 0)
        })
        .collect();
    for found in searches(experiment, lang) {
        for (i, path) in found.paths.into_iter().enumerate() {
            if let Some(steps) = path {
                out[i].0.steps = Some(steps);
            }
            out[i].1 = out[i].1.max(found.searched);
        }
    }
    out
}

/// The page language whose fixtures are `lang`'s.
fn locale_of(lang: Fixtures) -> Locale {
    (Locale::ALL.into_iter())
        .find(|l| Fixtures::of(*l) == lang)
        .unwrap_or_default()
}

/// The two searches: the goals only an agent turn reaches are sought
/// without changing the request, the others with every step; each from
/// the page opened with the fixtures of `lang`'s language.
fn searches(experiment: &Rc<Experiment>, lang: Fixtures) -> Vec<Found> {
    let goals = &experiment.goals;
    let seeds = Seeds::of(goals, lang);
    [false, true]
        .into_iter()
        .filter_map(|turn| {
            let sought: Vec<bool> = goals.iter().map(|g| turn_only(g) == turn).collect();
            sought.contains(&true).then(|| {
                let these: Vec<&Goal> = (goals.iter().zip(&sought))
                    .filter_map(|(g, s)| s.then_some(g))
                    .collect();
                let scope = Scope {
                    goals: sought,
                    tools: match turn {
                        true => Vec::new(),
                        false => tools(&these, &experiment.registry()),
                    },
                    seeds: seeds.clone(),
                };
                let start = Workbench::with_fixtures(Rc::clone(experiment), locale_of(lang));
                search::search(start, &scope)
            })
        })
        .collect()
}

/// What the searches of an experiment did (the figures the tests print).
#[doc(hidden)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Figures {
    /// States visited.
    pub states: usize,
    /// Steps applied to a state.
    pub tried: usize,
    /// The most steps searched in full.
    pub searched: usize,
}

#[doc(hidden)]
pub fn figures(experiment: &Rc<Experiment>) -> Figures {
    let found = searches(experiment, Fixtures::En);
    Figures {
        states: found.iter().map(|f| f.states).sum(),
        tried: found.iter().map(|f| f.tried).sum(),
        searched: found.iter().map(|f| f.searched).max().unwrap_or(0),
    }
}

/// For the page: each goal's text in `locale` and its answer in words
/// ("Role → Operator; Approve exact payload; Finish run"), or the
/// sentence that says it is unreachable.
pub fn answer_key(experiment: &Rc<Experiment>, locale: Locale) -> Vec<(String, String)> {
    let lang = Fixtures::of(locale);
    (experiment.goals.iter().zip(search(experiment, lang)))
        .map(|(goal, (answer, searched))| {
            let words = match &answer.steps {
                Some(steps) => words(steps),
                None => Text::ProblemUnreachable {
                    steps: searched.into(),
                },
            };
            (goal.text.get(locale).to_string(), words.render(locale))
        })
        .collect()
}

/// `steps` in words, equal neighbours collapsed ("Next gate ×7"), joined
/// in order.
pub fn words(steps: &[Step]) -> Text {
    let mut runs: Vec<(&Step, usize)> = Vec::new();
    for step in steps {
        match runs.last_mut() {
            Some((last, n)) if *last == step => *n += 1,
            _ => runs.push((step, 1)),
        }
    }
    let one = |(step, n): (&Step, usize)| match n {
        1 => step.text(),
        n => Text::StepTimes {
            step: step.text().into(),
            count: n.into(),
        },
    };
    let mut runs = runs.into_iter().rev().map(one);
    let last = runs.next().unwrap_or(Text::StepNone);
    runs.fold(last, |then, first| Text::StepThen {
        first: first.into(),
        then: then.into(),
    })
}
