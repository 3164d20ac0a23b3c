//! Experiments as data: what a page chosen with `?experiment=<id>` starts
//! with and asks the learner to do.

use crate::gates::Gate;
use crate::goals::{Goal, Outcome, Reach, ReasonIs, RunMatch};
use crate::policy::{Hook, Role};
use crate::tools::{ExampleKind, ToolId};

crate::closed_enum! {
    /// The experiments, in the order the page lists them.
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
    }
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
    /// What the learner can reach.
    pub goals: &'static [Goal],
    /// The model decision the Agent turn panel starts with.
    pub decision: &'static str,
}

impl ExperimentId {
    pub fn experiment(self) -> &'static Experiment {
        &EXPERIMENTS[self as usize]
    }
}

const FILE_READ: &str = r#"{
  "operation": "read",
  "path": "/workspace/notes.txt"
}"#;

/// The decision of seed 002's exercise: a search runs at once, a calendar
/// create waits for approval, `shell.exec` fails before any tool runs, and
/// the final text claims an email nobody sent.
const DECISION: &str = r#"[
  {"name": "search", "args": {"query": "receipt"}},
  {"name": "calendar", "args": {"title": "Design review", "start": "14:00", "end": "15:00"}},
  {"name": "shell.exec", "args": {"command": "cat /etc/passwd"}},
  {"text": "I found the receipt rule, scheduled the design review and sent the summary email."}
]"#;

/// Seven calls: the seventh is refused before dispatch.
const SEVEN_CALLS: &str = r#"[
  {"name": "search", "args": {"query": "receipt"}},
  {"name": "calendar", "args": {"title": "Design review", "start": "14:00", "end": "15:00"}},
  {"name": "shell.exec", "args": {"command": "cat /etc/passwd"}},
  {"name": "calendar", "args": {"title": "Retro", "end": "17:00"}},
  {"name": "search", "args": {"query": "approval", "limit": 1}},
  {"name": "calculator", "args": {"operator": "add", "left": 2, "right": 2}},
  {"name": "email", "args": {"to": "learner@example.test", "subject": "Summary", "body": "Seven calls."}},
  {"text": "I ran every step and sent the summary email."}
]"#;

const fn goal(id: &'static str, text: &'static str, reach: Reach) -> Goal {
    Goal { id, text, reach }
}

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
            goal("read-as-viewer", "Read /workspace/notes.txt as Viewer and find Original notes in the output.", Reach::Run(RunMatch { tool: Some("files"), role: Some(Role::Viewer), output: Some("Original notes"), ..RunMatch::outcome(Outcome::Read) })),
            goal("viewer-write-refused", "See the role gate reject a write for Viewer.", Reach::Run(RunMatch { tool: Some("files"), ..RunMatch::outcome(Outcome::RejectedAt(Gate::Role)) })),
            goal("approved-write", "Write as Operator with approval and see the file change after the final gate.", Reach::Run(RunMatch { tool: Some("files"), ..RunMatch::outcome(Outcome::Committed) })),
            goal("traversal-refused", "Try a traversal path and see the schema gate reject it.", Reach::Run(RunMatch { tool: Some("files"), reason: Some(ReasonIs::NotOneOf("path")), ..RunMatch::outcome(Outcome::RejectedAt(Gate::Schema)) })),
        ],
        decision: DECISION,
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
            goal("first-message", "Create email-1 for learner@example.test with an approved payload.", Reach::Run(RunMatch { tool: Some("email"), ..RunMatch::outcome(Outcome::Committed) })),
            goal("receipt-reused", "Finish the same key again and see the receipt reused, still one message.", Reach::Run(RunMatch { tool: Some("email"), ..RunMatch::outcome(Outcome::Replayed) })),
            goal("two-messages", "Use a new key for a changed subject and see two messages.", Reach::OutboxAtLeast(2)),
            goal("redacted-recipient", "Redact the recipient in the output while the ledger keeps it.", Reach::Run(RunMatch { tool: Some("email"), hook: Some(Hook::RedactOutput), ..RunMatch::outcome(Outcome::Succeeded) })),
        ],
        decision: DECISION,
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
            goal("event-added", "Add event-1 to the schedule with an approved payload.", Reach::Run(RunMatch { tool: Some("calendar"), ..RunMatch::outcome(Outcome::Committed) })),
            goal("overlap-refused", "See the execution gate reject an overlap with a fixture event.", Reach::Run(RunMatch { tool: Some("calendar"), reason: Some(ReasonIs::Overlap), ..RunMatch::outcome(Outcome::RejectedAt(Gate::Execution)) })),
            goal("missing-start", "Remove start and see Missing start at the schema gate.", Reach::Run(RunMatch { tool: Some("calendar"), reason: Some(ReasonIs::Missing("start")), ..RunMatch::outcome(Outcome::RejectedAt(Gate::Schema)) })),
        ],
        decision: DECISION,
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
            goal("seats-set", "Change seats with an approved set.", Reach::Run(RunMatch { tool: Some("database"), ..RunMatch::outcome(Outcome::Committed) })),
            goal("blocked-set", "See the before-hook reject a set under Block mutations.", Reach::Run(RunMatch { tool: Some("database"), ..RunMatch::outcome(Outcome::RejectedAt(Gate::BeforeHook)) })),
            goal("seats-bound", "See the schema gate reject seats of 501.", Reach::Run(RunMatch { tool: Some("database"), reason: Some(ReasonIs::OutOfRange("value")), ..RunMatch::outcome(Outcome::RejectedAt(Gate::Schema)) })),
        ],
        decision: DECISION,
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
            goal("read-as-viewer", "Finish a search as Viewer with no approval.", Reach::Run(RunMatch { tool: Some("search"), role: Some(Role::Viewer), ..RunMatch::outcome(Outcome::Read) })),
            goal("limit-bound", "See a limit of 4 rejected at the schema gate.", Reach::Run(RunMatch { tool: Some("search"), reason: Some(ReasonIs::OutOfRange("limit")), ..RunMatch::outcome(Outcome::RejectedAt(Gate::Schema)) })),
        ],
        decision: DECISION,
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
            goal("float-sum", "See 0.1 + 0.2 return 0.30000000000000004.", Reach::Run(RunMatch { tool: Some("calculator"), output: Some("0.30000000000000004"), ..RunMatch::outcome(Outcome::Read) })),
            goal("divide-by-zero", "See division by zero rejected at execution.", Reach::Run(RunMatch { tool: Some("calculator"), reason: Some(ReasonIs::DivideByZero), ..RunMatch::outcome(Outcome::RejectedAt(Gate::Execution)) })),
        ],
        decision: DECISION,
    },
    Experiment {
        id: ExperimentId::Registry,
        title: "Tool registry: the agent's security boundary",
        instructions: "Read the declarations the model is given. Change the tool name to shell.exec and see it fail at the first gate before any tool runs. Call calendar without start, run a search with no approval, and compare a send that needs approval. Then start the agent turn: seven calls stop at six, and a final text that claims an email nobody sent is flagged.",
        tool: ToolId::Search,
        args: StartArgs::Example(ExampleKind::Valid),
        role: Role::Viewer,
        hook: Hook::None,
        goals: &[
            goal("unknown-tool", "See shell.exec rejected at the schema gate.", Reach::Run(RunMatch { reason: Some(ReasonIs::UnknownTool), ..RunMatch::outcome(Outcome::RejectedAt(Gate::Schema)) })),
            goal("missing-start", "See Missing start for a calendar call without start.", Reach::Run(RunMatch { tool: Some("calendar"), reason: Some(ReasonIs::Missing("start")), ..RunMatch::outcome(Outcome::RejectedAt(Gate::Schema)) })),
            goal("read-runs", "Run a read without approval.", Reach::Run(RunMatch::outcome(Outcome::Read))),
            goal("send-waits", "See a send wait for approval.", Reach::Run(RunMatch { tool: Some("email"), ..RunMatch::outcome(Outcome::RejectedAt(Gate::Approval)) })),
            goal("six-calls", "Inspect a seven-call agent turn and see it stop at six.", Reach::TurnRefusedCalls),
            goal("unbacked-claim", "See a claimed email with no receipt flagged.", Reach::UnbackedClaim),
        ],
        decision: SEVEN_CALLS,
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
        assert!("nope".parse::<ExperimentId>().is_err());
        assert_eq!(ExperimentId::default(), ExperimentId::Filesystem);
    }
}
