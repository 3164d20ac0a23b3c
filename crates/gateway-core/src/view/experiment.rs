//! The experiment panel's view: title, instructions, goals and readings;
//! the solved banner and the way on from a finished experiment.

use super::Workbench;
use crate::course;
use crate::text::Text;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExperimentView {
    pub id: String,
    /// Set for an instructor's experiment (from a link): the page says it
    /// is not built in.
    pub authored: Option<String>,
    pub title: String,
    pub instructions: String,
    pub goals: Vec<GoalView>,
    /// How many goals are reached, e.g. `2 of 4 goals reached`, or that
    /// the experiment is finished.
    pub progress: String,
    /// The solved banner: shown from the moment the last goal is reached
    /// on this page until dismissed (an experiment finished before the
    /// page opened shows none).
    pub solved: Option<SolvedView>,
    /// The quiet way on beside the goals of a finished experiment, while
    /// no banner shows: Next experiment, where there is one.
    pub next: Option<LinkView>,
    /// Further readings: words and address.
    pub readings: Vec<(String, String)>,
    /// The secondary panels (`data-panel` names) that start open.
    pub open: Vec<&'static str>,
}

/// A link: its words and address (relative to the page).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkView {
    pub label: String,
    pub href: String,
}

/// The solved banner: announced, focusable, dismissable. Where the page
/// is one activity of a larger course (`embed=1`, the single file) it
/// offers no navigation: the course around it leads on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SolvedView {
    pub heading: String,
    pub message: String,
    /// The next experiment in the course order (`course::ORDER`): none
    /// after the last, for an instructor's experiment, or for one activity.
    pub next: Option<LinkView>,
    /// The course page (`course.html`): none for one activity.
    pub course: Option<LinkView>,
    /// The Dismiss button's words.
    pub dismiss: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoalView {
    pub id: String,
    pub text: String,
    pub reached: bool,
    /// `Reached: ` or `Not yet: `.
    pub mark: String,
}

impl Workbench {
    pub(super) fn experiment_view(&self) -> ExperimentView {
        let e = self.experiment();
        let locale = self.locale();
        let goals: Vec<GoalView> = e
            .goals
            .iter()
            .zip(self.goals_reached())
            .map(|(g, reached)| GoalView {
                id: g.id.clone(),
                text: g.text.get(locale).into(),
                reached: *reached,
                mark: self.t(if *reached {
                    Text::GoalReached
                } else {
                    Text::GoalOpen
                }),
            })
            .collect();
        let done = goals.iter().filter(|g| g.reached).count();
        let finished = self.finished();
        let solved = self.solved_banner().then(|| self.solved_view());
        ExperimentView {
            id: e.id.clone(),
            authored: e
                .builtin
                .is_none()
                .then(|| self.t(Text::AuthoredExperiment)),
            title: e.title.get(locale).into(),
            instructions: e.instructions.get(locale).into(),
            progress: self.t(if finished {
                Text::GoalsFinished {
                    total: goals.len().into(),
                }
            } else {
                Text::GoalsProgress {
                    done: done.into(),
                    total: goals.len().into(),
                }
            }),
            next: (finished && solved.is_none() && !self.one_activity())
                .then(|| self.next_link())
                .flatten(),
            solved,
            goals,
            readings: e
                .readings
                .iter()
                .map(|r| (r.title.get(locale).into(), r.url.clone()))
                .collect(),
            open: e.open.iter().map(|p| p.id()).collect(),
        }
    }

    fn solved_view(&self) -> SolvedView {
        let activity = self.one_activity();
        SolvedView {
            heading: self.t(if activity {
                Text::SolvedActivityHeading
            } else {
                Text::SolvedHeading
            }),
            message: self.t(if activity {
                Text::SolvedActivityMessage
            } else {
                Text::SolvedMessage
            }),
            next: (!activity).then(|| self.next_link()).flatten(),
            course: (!activity).then(|| self.course_link()),
            dismiss: self.t(Text::SolvedDismiss),
        }
    }

    /// Next experiment →, in the course order and the page's language
    /// (never the answer key, never a fragment); none after the last
    /// experiment or for an instructor's.
    fn next_link(&self) -> Option<LinkView> {
        let next = course::next(self.experiment().builtin?)?;
        Some(LinkView {
            label: self.t(Text::SolvedNext),
            href: format!("?experiment={}&lang={}", next.id(), self.locale().id()),
        })
    }

    /// The course page, beside the page's `index.html`.
    pub(super) fn course_link(&self) -> LinkView {
        LinkView {
            label: self.t(Text::SolvedCourse),
            href: format!("course.html?lang={}", self.locale().id()),
        }
    }
}
