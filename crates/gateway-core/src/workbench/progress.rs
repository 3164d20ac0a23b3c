//! The experiment's goals reached: one flag per goal, in its order, never
//! unset; what a framing course page is told of them and what is stored.

use crate::command::{Command, Post, Slot, SlotState};
use crate::experiments::Experiment;
use crate::goals::Happened;

#[derive(Debug, Clone)]
pub(crate) struct Progress {
    reached: Vec<bool>,
}

impl Progress {
    pub fn new(goals: usize) -> Self {
        Self {
            reached: vec![false; goals],
        }
    }

    pub fn reached(&self) -> &[bool] {
        &self.reached
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
            self.reached = reached;
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
