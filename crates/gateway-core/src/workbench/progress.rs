//! The experiment's goals reached: one flag per goal, in its order, never
//! unset; what a framing course page is told of them and what is stored;
//! the solved moment (the last goal reached on this page) and its banner;
//! and the other built-in experiments this browser finished.

use crate::command::{Command, Post, Slot, SlotState};
use crate::experiments::{Experiment, ExperimentId};
use crate::goals::Happened;

#[derive(Debug, Clone)]
pub(crate) struct Progress {
    reached: Vec<bool>,
    /// The last goal was reached on this page (not stored before it
    /// opened): the solved banner shows, until dismissed.
    solved_here: bool,
    /// The learner dismissed the solved banner; it stays dismissed for
    /// the page's life.
    dismissed: bool,
    /// The other built-in experiments this browser finished, as the
    /// opening read them.
    finished_elsewhere: Vec<ExperimentId>,
}

impl Progress {
    pub fn new(goals: usize) -> Self {
        Self {
            reached: vec![false; goals],
            solved_here: false,
            dismissed: false,
            finished_elsewhere: Vec::new(),
        }
    }

    pub fn reached(&self) -> &[bool] {
        &self.reached
    }

    /// Every goal is reached (an experiment without goals is never
    /// finished).
    pub fn finished(&self) -> bool {
        !self.reached.is_empty() && self.reached.iter().all(|r| *r)
    }

    /// Whether the solved banner shows: the last goal was reached on this
    /// page and the learner has not dismissed it.
    pub fn banner(&self) -> bool {
        self.solved_here && !self.dismissed
    }

    /// Dismiss: the banner goes, for the page's life.
    pub fn dismiss(&mut self) {
        self.dismissed = true;
    }

    pub fn finished_elsewhere(&self) -> &[ExperimentId] {
        &self.finished_elsewhere
    }

    pub fn set_finished_elsewhere(&mut self, finished: Vec<ExperimentId>) {
        self.finished_elsewhere = finished;
    }

    /// Puts back the goals this browser reached before (their ids, as
    /// [`Slot::Progress`] stores them); ids the experiment lacks are
    /// dropped. `false`: the text cannot be read.
    pub fn load(&mut self, stored: &str, experiment: &Experiment) -> bool {
        let Some(ids) = crate::goals::progress_ids(stored) else {
            return false;
        };
        for (flag, goal) in self.reached.iter_mut().zip(&experiment.goals) {
            *flag |= ids.contains(&goal.id);
        }
        true
    }

    /// The goals' flags once `happened`: each reached stays reached.
    pub fn reached_by(&self, experiment: &Experiment, happened: &Happened<'_>) -> Vec<bool> {
        self.reached
            .iter()
            .zip(&experiment.goals)
            .map(|(was, goal)| *was || goal.reached_by(happened))
            .collect()
    }

    /// Records the goals' flags: a post to a framing course page for each
    /// goal newly reached, and the ids stored if they changed (unless the
    /// slot is locked).
    pub fn reach(
        &mut self,
        reached: Vec<bool>,
        experiment: &Experiment,
        framed: bool,
        slot: SlotState,
    ) -> Vec<Command> {
        let mut commands = Vec::new();
        let total = reached.len();
        let count = reached.iter().filter(|r| **r).count();
        for (i, (was, is)) in self.reached.iter().zip(&reached).enumerate() {
            if *is && !was && framed {
                if let Some(goal) = experiment.goals.get(i) {
                    commands.push(Command::Post(Post::Goal {
                        experiment: experiment.id.clone(),
                        goal: goal.id.clone(),
                        reached: count,
                        total,
                    }));
                }
            }
        }
        if reached != self.reached {
            let was_finished = self.finished();
            self.reached = reached;
            self.solved_here |= !was_finished && self.finished();
            if slot != SlotState::Locked {
                commands.push(self.store(experiment));
            }
        }
        commands
    }

    /// The ids of the goals reached, stored.
    fn store(&self, experiment: &Experiment) -> Command {
        let ids: Vec<serde_json::Value> = experiment
            .goals
            .iter()
            .zip(&self.reached)
            .filter(|(_, reached)| **reached)
            .map(|(g, _)| serde_json::Value::String(g.id.clone()))
            .collect();
        Command::Store {
            slot: Slot::Progress,
            key: Slot::Progress.key(&experiment.storage_id()),
            value: crate::json::compact(&serde_json::Value::Array(ids)),
        }
    }
}

impl super::Workbench {
    /// Every goal of the experiment is reached.
    pub fn finished(&self) -> bool {
        self.progress.finished()
    }

    /// Whether the solved banner shows.
    pub fn solved_banner(&self) -> bool {
        self.progress.banner()
    }

    /// The other built-in experiments this browser finished, as the
    /// opening read them.
    pub fn finished_elsewhere(&self) -> &[ExperimentId] {
        self.progress.finished_elsewhere()
    }
}
