//! The experiment panel's view: title, instructions, goals and readings.

use super::Workbench;
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
    /// How many goals are reached, e.g. `2 of 4 goals reached`.
    pub progress: String,
    /// Further readings: words and address.
    pub readings: Vec<(String, String)>,
    /// The secondary panels (`data-panel` names) that start open.
    pub open: Vec<&'static str>,
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
        ExperimentView {
            id: e.id.clone(),
            authored: e
                .builtin
                .is_none()
                .then(|| self.t(Text::AuthoredExperiment)),
            title: e.title.get(locale).into(),
            instructions: e.instructions.get(locale).into(),
            progress: self.t(Text::GoalsProgress {
                done: done.into(),
                total: goals.len().into(),
            }),
            goals,
            readings: e
                .readings
                .iter()
                .map(|r| (r.title.get(locale).into(), r.url.clone()))
                .collect(),
            open: e.open.iter().map(|p| p.id()).collect(),
        }
    }
}
