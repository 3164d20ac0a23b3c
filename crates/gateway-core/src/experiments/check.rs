//! The experiment checker: an experiment file's problems (the reader's,
//! [`super::read`], then each goal no sequence of the learner's own
//! actions reaches within [`BOUND`] steps) and its answer key, a shortest
//! sequence of actions that reaches each goal, in the page's own words.
//!
//! The search ([`super::search`]) starts from the page the experiment
//! opens and tries every sequence of at most [`BOUND`] steps (after
//! ordering and merging those that end in the same state), up to
//! [`MAX_STATES`] states. A goal it does not reach is reported as
//! unreachable within the number of steps it searched in full.

use std::rc::Rc;

use super::read::{self, Problem};
use super::Experiment;
use crate::policy::{Hook, Role};
use crate::text::{Locale, Text};
use crate::tools::ExampleKind;
use crate::workbench::{Msg, Workbench};

/// The most steps a sequence the search tries may have: ten (a seven-call
/// agent turn takes eight: Start turn and a Finish run per call).
pub const BOUND: usize = 10;
/// The most states the search visits.
pub const MAX_STATES: usize = 40_000;

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
            Step::SetReuse(on) => set(
                Text::ReuseLabel,
                if *on { Text::StepOn } else { Text::StepOff },
            ),
            Step::Approve => Text::ApproveExactPayload,
            Step::ApproveCall => Text::PendingApprove,
            Step::NextGate => Text::NextGate,
            Step::FinishRun => Text::FinishRun,
            Step::Restart => Text::RestartInspection,
            Step::ResetLedger => Text::ResetLedger,
            Step::StartTurn => Text::StartTurn,
            Step::Reject => Text::PendingReject,
            Step::EndTurn => Text::EndTurn,
        }
    }
}

/// The label the tool select shows for the tool `name`.
fn tool_label(name: &str) -> crate::text::Arg {
    let tool = match name.parse::<crate::tools::ToolId>() {
        Ok(id) => Some(id.tool()),
        Err(_) => name.parse::<super::ExtraTool>().ok().map(|t| t.tool()),
    };
    match tool {
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

/// Checks an experiment file's text.
pub fn check(text: &str) -> Report {
    match read::experiment(text) {
        Err(problems) => Report {
            problems,
            answers: Vec::new(),
        },
        Ok(experiment) => {
            let (answers, searched) = search(&Rc::new(experiment));
            let problems = (answers.iter().enumerate())
                .filter(|(_, a)| a.steps.is_none())
                .map(|(i, _)| unreachable(i, searched))
                .collect();
            Report { problems, answers }
        }
    }
}

fn unreachable(goal: usize, searched: usize) -> Problem {
    Problem {
        path: format!("/goals/{goal}"),
        text: Text::ProblemUnreachable {
            steps: searched.into(),
        },
    }
}

/// Each goal's shortest sequence, in the experiment's order.
pub fn answers(experiment: &Rc<Experiment>) -> Vec<Answer> {
    search(experiment).0
}

/// The answers, and how many steps were searched in full.
fn search(experiment: &Rc<Experiment>) -> (Vec<Answer>, usize) {
    let found = super::search::search(Workbench::with_experiment(Rc::clone(experiment)));
    let answers = (experiment.goals.iter().zip(found.paths))
        .map(|(goal, steps)| Answer {
            goal: goal.id.clone(),
            steps,
        })
        .collect();
    (answers, found.searched)
}

/// How many states the search of `experiment` visited, and how many steps
/// it searched in full (the figures the tests print).
#[doc(hidden)]
pub fn figures(experiment: &Rc<Experiment>) -> (usize, usize) {
    let found = super::search::search(Workbench::with_experiment(Rc::clone(experiment)));
    (found.states, found.searched)
}

/// For the page: each goal's text in `locale` and its answer in words
/// ("Role → Operator; Approve exact payload; Finish run"), or the
/// sentence that says it is unreachable.
pub fn answer_key(experiment: &Rc<Experiment>, locale: Locale) -> Vec<(String, String)> {
    let (answers, searched) = search(experiment);
    (experiment.goals.iter().zip(answers))
        .map(|(goal, answer)| {
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
