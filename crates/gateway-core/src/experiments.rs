//! Experiments as data: what a page chosen with `?experiment=<id>` starts
//! with and asks the learner to do.

use std::str::FromStr;

use crate::policy::{Hook, Role};
use crate::tools::{ExampleKind, ToolId};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ExperimentId {
    #[default]
    Filesystem,
    Email,
    Calendar,
    Database,
    Search,
    Calculator,
    Registry,
}

/// What the editor holds when an experiment starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StartArgs {
    Example(ExampleKind),
    Text(&'static str),
}

#[derive(Debug)]
pub struct Experiment {
    pub id: ExperimentId,
    pub title: &'static str,
    /// The "Your experiment" instructions.
    pub instructions: &'static str,
    pub tool: ToolId,
    pub args: StartArgs,
    pub role: Role,
    pub hook: Hook,
    /// What the learner can reach, in words.
    pub goals: &'static [&'static str],
}

impl ExperimentId {
    pub const ALL: [ExperimentId; 7] = [
        ExperimentId::Filesystem,
        ExperimentId::Email,
        ExperimentId::Calendar,
        ExperimentId::Database,
        ExperimentId::Search,
        ExperimentId::Calculator,
        ExperimentId::Registry,
    ];

    pub fn id(self) -> &'static str {
        self.experiment().id_str()
    }

    pub fn experiment(self) -> &'static Experiment {
        &EXPERIMENTS[self as usize]
    }
}

impl Experiment {
    fn id_str(&self) -> &'static str {
        match self.id {
            ExperimentId::Filesystem => "filesystem",
            ExperimentId::Email => "email",
            ExperimentId::Calendar => "calendar",
            ExperimentId::Database => "database",
            ExperimentId::Search => "search",
            ExperimentId::Calculator => "calculator",
            ExperimentId::Registry => "registry",
        }
    }
}

impl FromStr for ExperimentId {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        ExperimentId::ALL
            .into_iter()
            .find(|e| e.id() == s)
            .ok_or(())
    }
}

const FILE_READ: &str = r#"{
  "operation": "read",
  "path": "/workspace/notes.txt"
}"#;

static EXPERIMENTS: [Experiment; 7] = [
    Experiment {
        id: ExperimentId::Filesystem,
        title: "Agent filesystem: read versus write authority",
        instructions: "Use a read payload containing operation and path only. Compare viewer access with a write payload requiring operator permission and a newly approved intent.",
        tool: ToolId::Files,
        args: StartArgs::Text(FILE_READ),
        role: Role::Viewer,
        hook: Hook::None,
        goals: &[
            "Read /workspace/notes.txt as Viewer and find Original notes in the output.",
            "See the role gate reject a write for Viewer.",
            "Write as Operator with approval and see the file change after the final gate.",
            "Try a traversal path and see the schema gate reject it.",
        ],
    },
    Experiment {
        id: ExperimentId::Email,
        title: "Email tool: review intent before an effect",
        instructions: "Choose operator, review the synthetic email and approve that exact payload. Step to the final gate and verify that precisely one message appears in the mock outbox.",
        tool: ToolId::Email,
        args: StartArgs::Example(ExampleKind::Valid),
        role: Role::Viewer,
        hook: Hook::None,
        goals: &[
            "Create email-1 for learner@example.test with an approved payload.",
            "Finish the same key again and see the receipt reused, still one message.",
            "Use a new key for a changed subject and see two messages.",
            "Redact the recipient in the output while the ledger keeps it.",
        ],
    },
    Experiment {
        id: ExperimentId::Calendar,
        title: "Calendar tool: an overlap is found at execution",
        instructions: "Approve the valid event as Operator and finish the run. Then move it onto lunch (12:00 to 13:00) and approve again: every gate before execution passes, and execution names the event it collides with.",
        tool: ToolId::Calendar,
        args: StartArgs::Example(ExampleKind::Valid),
        role: Role::Operator,
        hook: Hook::None,
        goals: &[
            "Add event-1 to the schedule with an approved payload.",
            "See the execution gate reject an overlap with a fixture event.",
            "Remove start and see Missing start at the schema gate.",
        ],
    },
    Experiment {
        id: ExperimentId::Database,
        title: "Database tool: typed keys and a blocked mutation",
        instructions: "Set seats as Operator with approval. Then choose the Block mutations hook: the same set stops before execution, while a get still runs. Try a value of 501 to meet the bound.",
        tool: ToolId::Database,
        args: StartArgs::Example(ExampleKind::Valid),
        role: Role::Operator,
        hook: Hook::None,
        goals: &[
            "Change seats with an approved set.",
            "See the before-hook reject a set under Block mutations.",
            "See the schema gate reject seats of 501.",
        ],
    },
    Experiment {
        id: ExperimentId::Search,
        title: "Search tool: a read needs no approval",
        instructions: "Run the search as Viewer: approval and idempotency are not needed for a read, and the ledger keeps its values. Change the query and limit and compare the ranking.",
        tool: ToolId::Search,
        args: StartArgs::Example(ExampleKind::Valid),
        role: Role::Viewer,
        hook: Hook::None,
        goals: &[
            "Finish a search as Viewer with no approval.",
            "See a limit of 4 rejected at the schema gate.",
        ],
    },
    Experiment {
        id: ExperimentId::Calculator,
        title: "Calculator tool: named operators, never eval",
        instructions: "Finish the addition and read the result as JavaScript prints it. Then divide by zero, and try an operand beyond 1e12.",
        tool: ToolId::Calculator,
        args: StartArgs::Example(ExampleKind::Valid),
        role: Role::Viewer,
        hook: Hook::None,
        goals: &[
            "See 0.1 + 0.2 return 0.30000000000000004.",
            "See division by zero rejected at execution.",
        ],
    },
    Experiment {
        id: ExperimentId::Registry,
        title: "Tool registry: the agent's security boundary",
        instructions: "Change the tool name to shell.exec and see it fail at the first gate before any tool runs. Then call calendar without start, run a search with no approval, and compare a send that needs approval.",
        tool: ToolId::Search,
        args: StartArgs::Example(ExampleKind::Valid),
        role: Role::Viewer,
        hook: Hook::None,
        goals: &[
            "See shell.exec rejected at the schema gate.",
            "See Missing start for a calendar call without start.",
            "Run a read without approval and see a send wait for approval.",
        ],
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_the_spec_ids_in_order() {
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
                "registry"
            ]
        );
        for e in ExperimentId::ALL {
            assert_eq!(e.experiment().id, e);
            assert_eq!(e.id().parse::<ExperimentId>(), Ok(e));
        }
        assert_eq!("nope".parse::<ExperimentId>(), Err(()));
        assert_eq!(ExperimentId::default(), ExperimentId::Filesystem);
    }
}
