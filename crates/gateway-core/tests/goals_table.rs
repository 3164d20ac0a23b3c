//! Every goal of every experiment, as a table of scripts.
//!
//! For each `(experiment, goal)` there is a script of messages that reaches
//! the goal, and the goal's flag must turn true exactly with the script's
//! last message: never before it. Each goal also has near misses, scripts
//! that come close (one message short, the right rejection at the wrong
//! gate, one message where two are asked for, …) and must not reach it.
//! A goal without a script, or a script for a goal that does not exist,
//! fails the test.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use gateway_core::command::{Command, Post, Read};
use gateway_core::opening::{open, Address, Opening, Query};
use gateway_core::{ExampleKind, ExperimentId, Hook, Msg, Role, ToolId, Workbench};

/// Seven Next gate presses: one run inspected from gate 1 to its end.
fn finish() -> Vec<Msg> {
    vec![Msg::NextGate; 7]
}

/// `msgs`, then a run inspected to its end.
fn then_run(msgs: impl IntoIterator<Item = Msg>) -> Vec<Msg> {
    msgs.into_iter().chain(finish()).collect()
}

/// `msgs` without its last message.
fn short(mut msgs: Vec<Msg>) -> Vec<Msg> {
    msgs.pop();
    msgs
}

fn args(text: &str) -> Msg {
    Msg::EditArgs(text.into())
}

/// Seven presses for each of `calls` calls of an agent turn, and Next call
/// between them (a finished call stays on show until the learner moves on).
fn turn_calls(calls: usize) -> Vec<Msg> {
    let mut msgs = vec![Msg::NextGate; 7];
    for _ in 1..calls {
        msgs.push(Msg::NextCall);
        msgs.extend(vec![Msg::NextGate; 7]);
    }
    msgs
}

struct Case {
    experiment: ExperimentId,
    goal: &'static str,
    /// Reaches the goal with its last message.
    reach: Vec<Msg>,
    /// Each must leave the goal unreached.
    near_misses: Vec<(&'static str, Vec<Msg>)>,
}

fn case(
    experiment: ExperimentId,
    goal: &'static str,
    reach: Vec<Msg>,
    near_misses: Vec<(&'static str, Vec<Msg>)>,
) -> Case {
    Case {
        experiment,
        goal,
        reach,
        near_misses,
    }
}

const WRITE_NOTES: &str =
    r#"{"operation":"write","path":"/workspace/notes.txt","content":"Revised notes."}"#;
const READ_NOTES: &str = r#"{"operation":"read","path":"/workspace/notes.txt"}"#;
const READ_REPORT: &str = r#"{"operation":"read","path":"/workspace/report.txt"}"#;
const TRAVERSAL_CONTENT: &str =
    r#"{"operation":"write","path":"/workspace/notes.txt","content":"../../private.txt"}"#;
const NO_START: &str = r#"{"title":"T","end":"10:00"}"#;
const REVISED_EMAIL: &str =
    r#"{"to":"learner@example.test","subject":"Revised","body":"A second message."}"#;
const SIX_CALLS: &str = r#"[
  {"name": "search", "args": {"query": "receipt"}},
  {"name": "search", "args": {"query": "approval"}},
  {"name": "search", "args": {"query": "ledger"}},
  {"name": "calculator", "args": {"operator": "add", "left": 1, "right": 2}},
  {"name": "search", "args": {"query": "gate"}},
  {"name": "search", "args": {"query": "receipt", "limit": 1}},
  {"text": "I sent the summary email."}
]"#;
const SENT_AND_SAID: &str = r#"[
  {"name": "email", "args": {"to": "learner@example.test", "subject": "Summary", "body": "Done."}},
  {"text": "I sent the summary email."}
]"#;
const NO_CLAIM: &str = r#"[
  {"name": "search", "args": {"query": "receipt"}},
  {"text": "I found the receipt rule."}
]"#;

fn table() -> Vec<Case> {
    use ExperimentId as E;
    use Msg::*;
    let operator = || SetRole(Role::Operator);
    vec![
        // Filesystem: files, reading notes.txt, as Viewer.
        case(
            E::Filesystem,
            "read-as-viewer",
            finish(),
            vec![
                ("one Next gate short", short(finish())),
                ("read as Operator", then_run([operator()])),
                ("read the other file", then_run([args(READ_REPORT)])),
                (
                    "content redacted from the output",
                    then_run([SetHook(Hook::RedactOutput)]),
                ),
            ],
        ),
        case(
            E::Filesystem,
            "viewer-write-refused",
            then_run([LoadExample(ExampleKind::Valid)]),
            vec![
                (
                    "one Next gate short",
                    short(then_run([LoadExample(ExampleKind::Valid)])),
                ),
                (
                    "Operator: rejected at approval, not role",
                    then_run([operator(), LoadExample(ExampleKind::Valid)]),
                ),
                (
                    "Block mutations: rejected at the before-hook, not role",
                    then_run([
                        SetHook(Hook::BlockMutations),
                        LoadExample(ExampleKind::Valid),
                    ]),
                ),
                ("a read as Viewer", finish()),
            ],
        ),
        case(
            E::Filesystem,
            "approved-write",
            then_run([operator(), args(WRITE_NOTES), Approve]),
            vec![
                (
                    "one Next gate short",
                    short(then_run([operator(), args(WRITE_NOTES), Approve])),
                ),
                ("not approved", then_run([operator(), args(WRITE_NOTES)])),
                (
                    "approved, then edited (approval cleared)",
                    then_run([
                        operator(),
                        args(WRITE_NOTES),
                        Approve,
                        args(TRAVERSAL_CONTENT),
                    ]),
                ),
                (
                    "approved, then revoked",
                    then_run([operator(), args(WRITE_NOTES), Approve, Revoke]),
                ),
            ],
        ),
        case(
            E::Filesystem,
            "traversal-refused",
            then_run([LoadExample(ExampleKind::Boundary)]),
            vec![
                (
                    "one Next gate short",
                    short(then_run([LoadExample(ExampleKind::Boundary)])),
                ),
                (
                    "a traversal in the content, rejected at the role gate",
                    then_run([args(TRAVERSAL_CONTENT)]),
                ),
                (
                    "a traversal in the content that changed a file",
                    then_run([operator(), args(TRAVERSAL_CONTENT), Approve]),
                ),
                (
                    "schema rejection for another reason (unknown field)",
                    then_run([args(
                        r#"{"operation":"read","path":"../../private.txt","x":1}"#,
                    )]),
                ),
                (
                    "a traversal path for an unknown tool",
                    then_run([
                        LoadExample(ExampleKind::Boundary),
                        SetToolName("files.read".into()),
                    ]),
                ),
            ],
        ),
        // Email: the valid example, as Viewer.
        case(
            E::Email,
            "first-message",
            then_run([operator(), Approve]),
            vec![
                (
                    "one Next gate short",
                    short(then_run([operator(), Approve])),
                ),
                ("Viewer: rejected at the role gate", then_run([Approve])),
                ("Operator, not approved", then_run([operator()])),
                (
                    "Block mutations",
                    then_run([operator(), SetHook(Hook::BlockMutations), Approve]),
                ),
            ],
        ),
        case(
            E::Email,
            "receipt-reused",
            [then_run([operator(), Approve]), then_run([Restart])].concat(),
            vec![
                ("only the first run", then_run([operator(), Approve])),
                (
                    "the second run one Next gate short",
                    short([then_run([operator(), Approve]), then_run([Restart])].concat()),
                ),
                (
                    "reuse off: executed again",
                    [
                        then_run([operator(), Approve]),
                        then_run([SetReuse(false), Approve]),
                    ]
                    .concat(),
                ),
                (
                    "a new key: a second effect",
                    [
                        then_run([operator(), Approve]),
                        then_run([SetKey("intent-2".into()), Approve]),
                    ]
                    .concat(),
                ),
            ],
        ),
        case(
            E::Email,
            "two-messages",
            [
                then_run([operator(), Approve]),
                then_run([args(REVISED_EMAIL), SetKey("intent-2".into()), Approve]),
            ]
            .concat(),
            vec![
                ("one message", then_run([operator(), Approve])),
                (
                    "the same key again: the receipt, still one message",
                    [then_run([operator(), Approve]), then_run([Restart])].concat(),
                ),
                (
                    "a changed subject under the old key: rejected at idempotency",
                    [
                        then_run([operator(), Approve]),
                        then_run([args(REVISED_EMAIL), Approve]),
                    ]
                    .concat(),
                ),
                (
                    "the second run one Next gate short",
                    short(
                        [
                            then_run([operator(), Approve]),
                            then_run([args(REVISED_EMAIL), SetKey("intent-2".into()), Approve]),
                        ]
                        .concat(),
                    ),
                ),
            ],
        ),
        case(
            E::Email,
            "redacted-recipient",
            then_run([operator(), SetHook(Hook::RedactOutput), Approve]),
            vec![
                (
                    "one Next gate short",
                    short(then_run([operator(), SetHook(Hook::RedactOutput), Approve])),
                ),
                ("no hook", then_run([operator(), Approve])),
                (
                    "redact hook, but rejected at approval",
                    then_run([operator(), SetHook(Hook::RedactOutput)]),
                ),
            ],
        ),
        // Calendar: the valid event, as Operator.
        case(
            E::Calendar,
            "event-added",
            then_run([Approve]),
            vec![
                ("one Next gate short", short(then_run([Approve]))),
                ("not approved", finish()),
                (
                    "an overlap: rejected at execution",
                    then_run([
                        args(r#"{"title":"Talk","start":"12:30","end":"13:30"}"#),
                        Approve,
                    ]),
                ),
            ],
        ),
        case(
            E::Calendar,
            "overlap-refused",
            then_run([
                args(r#"{"title":"Lunch talk","start":"12:00","end":"13:00"}"#),
                Approve,
            ]),
            vec![
                (
                    "not approved: rejected at approval",
                    then_run([args(
                        r#"{"title":"Lunch talk","start":"12:00","end":"13:00"}"#,
                    )]),
                ),
                (
                    "right after lunch: no overlap",
                    then_run([
                        args(r#"{"title":"After lunch","start":"13:00","end":"14:00"}"#),
                        Approve,
                    ]),
                ),
                (
                    "past midnight: rejected at the schema gate",
                    then_run([LoadExample(ExampleKind::Boundary), Approve]),
                ),
            ],
        ),
        case(
            E::Calendar,
            "missing-start",
            then_run([args(NO_START)]),
            vec![
                ("one Next gate short", short(then_run([args(NO_START)]))),
                (
                    "missing end instead",
                    then_run([args(r#"{"title":"T","start":"09:00"}"#)]),
                ),
                (
                    "malformed JSON",
                    then_run([LoadExample(ExampleKind::Malformed)]),
                ),
            ],
        ),
        // Database: set seats to 140, as Operator.
        case(
            E::Database,
            "seats-set",
            then_run([Approve]),
            vec![
                ("one Next gate short", short(then_run([Approve]))),
                ("not approved", finish()),
                (
                    "a get: a read, nothing set",
                    then_run([args(r#"{"operation":"get","key":"seats"}"#)]),
                ),
                (
                    "Block mutations",
                    then_run([SetHook(Hook::BlockMutations), Approve]),
                ),
            ],
        ),
        case(
            E::Database,
            "blocked-set",
            then_run([SetHook(Hook::BlockMutations)]),
            vec![
                (
                    "one Next gate short",
                    short(then_run([SetHook(Hook::BlockMutations)])),
                ),
                (
                    "Block mutations lets a get through",
                    then_run([
                        SetHook(Hook::BlockMutations),
                        args(r#"{"operation":"get","key":"seats"}"#),
                    ]),
                ),
                ("no hook: rejected at approval", finish()),
                (
                    "Viewer, no hook: rejected at the role gate",
                    then_run([SetRole(Role::Viewer)]),
                ),
            ],
        ),
        case(
            E::Database,
            "seats-bound",
            then_run([LoadExample(ExampleKind::Boundary)]),
            vec![
                (
                    "one Next gate short",
                    short(then_run([LoadExample(ExampleKind::Boundary)])),
                ),
                (
                    "500 is in bounds",
                    then_run([
                        args(r#"{"operation":"set","key":"seats","value":500}"#),
                        Approve,
                    ]),
                ),
                (
                    "an unknown status: a schema rejection of another kind",
                    then_run([args(
                        r#"{"operation":"set","key":"status","value":"archived"}"#,
                    )]),
                ),
            ],
        ),
        // Search: the valid query, as Viewer.
        case(
            E::Search,
            "read-as-viewer",
            finish(),
            vec![
                ("one Next gate short", short(finish())),
                ("as Operator", then_run([operator()])),
                (
                    "a limit out of bounds",
                    then_run([args(r#"{"query":"receipt","limit":4}"#)]),
                ),
            ],
        ),
        case(
            E::Search,
            "limit-bound",
            then_run([args(r#"{"query":"receipt","limit":4}"#)]),
            vec![
                (
                    "one Next gate short",
                    short(then_run([args(r#"{"query":"receipt","limit":4}"#)])),
                ),
                (
                    "a limit of 3 runs",
                    then_run([args(r#"{"query":"receipt","limit":3}"#)]),
                ),
                (
                    "a limit of \"4\": the wrong type, not the bound",
                    then_run([args(r#"{"query":"receipt","limit":"4"}"#)]),
                ),
            ],
        ),
        // Calculator: 0.1 + 0.2, as Viewer.
        case(
            E::Calculator,
            "float-sum",
            finish(),
            vec![
                ("one Next gate short", short(finish())),
                (
                    "0.1 + 0.3",
                    then_run([args(r#"{"operator":"add","left":0.1,"right":0.3}"#)]),
                ),
                (
                    "an operand out of bounds",
                    then_run([LoadExample(ExampleKind::Boundary)]),
                ),
            ],
        ),
        case(
            E::Calculator,
            "divide-by-zero",
            then_run([args(r#"{"operator":"divide","left":1,"right":0}"#)]),
            vec![
                (
                    "one Next gate short",
                    short(then_run([args(
                        r#"{"operator":"divide","left":1,"right":0}"#,
                    )])),
                ),
                (
                    "1 / 2 runs",
                    then_run([args(r#"{"operator":"divide","left":1,"right":2}"#)]),
                ),
                (
                    "an operand beyond 1e12: rejected at the schema gate",
                    then_run([args(r#"{"operator":"divide","left":1e13,"right":0}"#)]),
                ),
            ],
        ),
        // Registry: search as Viewer; the seven-call decision.
        case(
            E::Registry,
            "unknown-tool",
            then_run([SetToolName("shell.exec".into())]),
            vec![
                (
                    "one Next gate short",
                    short(then_run([SetToolName("shell.exec".into())])),
                ),
                (
                    "a known tool rejected at the schema gate",
                    then_run([LoadExample(ExampleKind::Malformed)]),
                ),
                ("a known tool runs", finish()),
            ],
        ),
        case(
            E::Registry,
            "missing-start",
            then_run([SelectTool(ToolId::Calendar), args(NO_START)]),
            vec![
                (
                    "one Next gate short",
                    short(then_run([SelectTool(ToolId::Calendar), args(NO_START)])),
                ),
                (
                    "missing title instead",
                    then_run([
                        SelectTool(ToolId::Calendar),
                        args(r#"{"start":"09:00","end":"10:00"}"#),
                    ]),
                ),
                (
                    "start missing for another tool's name",
                    then_run([
                        SelectTool(ToolId::Calendar),
                        args(NO_START),
                        SetToolName("calendar.create".into()),
                    ]),
                ),
            ],
        ),
        case(
            E::Registry,
            "read-runs",
            finish(),
            vec![
                ("one Next gate short", short(finish())),
                (
                    "a send as Viewer: rejected at the role gate",
                    then_run([SelectTool(ToolId::Email)]),
                ),
                (
                    "a read rejected at the schema gate",
                    then_run([LoadExample(ExampleKind::Boundary)]),
                ),
            ],
        ),
        case(
            E::Registry,
            "send-waits",
            then_run([SelectTool(ToolId::Email), operator()]),
            vec![
                (
                    "one Next gate short",
                    short(then_run([SelectTool(ToolId::Email), operator()])),
                ),
                (
                    "as Viewer: rejected at the role gate",
                    then_run([SelectTool(ToolId::Email)]),
                ),
                (
                    "approved: sent",
                    then_run([SelectTool(ToolId::Email), operator(), Approve]),
                ),
                (
                    "a write waits, not a send",
                    then_run([SelectTool(ToolId::Calendar), operator()]),
                ),
            ],
        ),
        case(
            E::Registry,
            "six-calls",
            [vec![StartTurn], turn_calls(6)].concat(),
            vec![
                (
                    "the sixth call one Next gate short",
                    short([vec![StartTurn], turn_calls(6)].concat()),
                ),
                (
                    "six calls: none refused",
                    [
                        vec![EditDecision(SIX_CALLS.into()), StartTurn],
                        turn_calls(6),
                    ]
                    .concat(),
                ),
                (
                    "the turn ended before its last call",
                    [vec![StartTurn], turn_calls(5), vec![EndTurn]].concat(),
                ),
            ],
        ),
        case(
            E::Registry,
            "unbacked-claim",
            [vec![StartTurn], turn_calls(6)].concat(),
            vec![
                (
                    "the sixth call one Next gate short",
                    short([vec![StartTurn], turn_calls(6)].concat()),
                ),
                (
                    "the email was sent: the claim is backed",
                    vec![
                        EditDecision(SENT_AND_SAID.into()),
                        operator(),
                        StartTurn,
                        Approve,
                    ]
                    .into_iter()
                    .chain(turn_calls(1))
                    .collect(),
                ),
                (
                    "a final text that claims nothing",
                    [
                        vec![EditDecision(NO_CLAIM.into()), StartTurn],
                        turn_calls(1),
                    ]
                    .concat(),
                ),
            ],
        ),
        case(
            E::Registry,
            "delete-refused",
            then_run([ChooseTool("files.delete".into())]),
            vec![
                (
                    "one Next gate short",
                    short(then_run([ChooseTool("files.delete".into())])),
                ),
                (
                    "files.share instead",
                    then_run([ChooseTool("files.share".into())]),
                ),
            ],
        ),
        case(
            E::Registry,
            "pending-refused",
            registry_pending([Reject]),
            vec![
                ("one Next gate short", short(registry_pending([Reject]))),
                ("approved instead: it runs", registry_pending([Approve])),
                (
                    "outside a turn: rejected for want of approval",
                    then_run([SelectTool(ToolId::Calendar), operator()]),
                ),
            ],
        ),
        // Injection: the report holds an instruction; the model obeys it.
        case(
            E::Injection,
            "read-marked",
            then_run([SetHook(Hook::MarkData)]),
            vec![
                (
                    "one Next gate short",
                    short(then_run([SetHook(Hook::MarkData)])),
                ),
                ("without the hook", finish()),
                (
                    "the notes, not the report",
                    then_run([SetHook(Hook::MarkData), args(READ_NOTES)]),
                ),
            ],
        ),
        case(
            E::Injection,
            "outside-refused",
            [vec![StartTurn], turn_calls(2)].concat(),
            vec![
                (
                    "one Next gate short",
                    short([vec![StartTurn], turn_calls(2)].concat()),
                ),
                (
                    "an address at example.test waits for approval instead",
                    then_run([SelectTool(ToolId::Email)]),
                ),
            ],
        ),
        case(
            E::Injection,
            "rejected",
            injected_send([Reject]),
            vec![
                ("one Next gate short", short(injected_send([Reject]))),
                ("approved instead", injected_send([Approve])),
            ],
        ),
        case(
            E::Injection,
            "never-commits",
            injected_send([Reject]),
            vec![
                ("one Next gate short", short(injected_send([Reject]))),
                ("approved: the notes are sent", injected_send([Approve])),
            ],
        ),
        case(
            E::Injection,
            "unbacked-claim",
            injected_send([Reject]),
            vec![
                ("one Next gate short", short(injected_send([Reject]))),
                ("approved: the claim is backed", injected_send([Approve])),
            ],
        ),
        // Rewind: an email as Operator, key intent-1, reuse on.
        case(
            E::Rewind,
            "restart-keeps-ledger",
            [then_run([Approve]), vec![Restart]].concat(),
            vec![
                ("a restart before any effect", vec![Restart]),
                (
                    "a reset, not a restart",
                    [then_run([Approve]), vec![ResetLedger]].concat(),
                ),
                (
                    "the run one gate short, then a restart",
                    [short(then_run([Approve])), vec![Restart]].concat(),
                ),
            ],
        ),
        case(
            E::Rewind,
            "replay-receipt",
            [then_run([Approve]), then_run([Restart])].concat(),
            vec![
                ("only the first run", then_run([Approve])),
                (
                    "reuse off: a second message",
                    [then_run([Approve]), then_run([SetReuse(false), Approve])].concat(),
                ),
            ],
        ),
        case(
            E::Rewind,
            "visible-duplicate",
            [then_run([Approve]), then_run([SetReuse(false), Approve])].concat(),
            vec![
                (
                    "reuse on: a replay",
                    [then_run([Approve]), then_run([Restart])].concat(),
                ),
                (
                    "reuse off before any success: one message",
                    then_run([SetReuse(false), Approve]),
                ),
                (
                    "a new key with reuse on: the same message twice, but reuse is on",
                    [
                        then_run([Approve]),
                        then_run([SetKey("intent-2".into()), Approve]),
                    ]
                    .concat(),
                ),
            ],
        ),
        case(
            E::Rewind,
            "reset-restores",
            [then_run([Approve]), vec![SetReuse(false), ResetLedger]].concat(),
            vec![
                (
                    "reset with reuse on",
                    [then_run([Approve]), vec![ResetLedger]].concat(),
                ),
                (
                    "reuse off but no receipt yet",
                    vec![SetReuse(false), ResetLedger],
                ),
                (
                    "a restart, not a reset",
                    [then_run([Approve]), vec![SetReuse(false), Restart]].concat(),
                ),
            ],
        ),
    ]
}

/// The registry experiment's turn as an Operator: the search read, then
/// the calendar create held at the approval gate, `decision`, and the
/// gates left.
fn registry_pending(decision: impl IntoIterator<Item = Msg>) -> Vec<Msg> {
    [
        vec![Msg::SetRole(Role::Operator), Msg::StartTurn],
        turn_calls(1),
        vec![Msg::NextCall],
        vec![Msg::NextGate; 3],
        decision.into_iter().collect(),
        vec![Msg::NextGate; 4],
    ]
    .concat()
}

/// The injection experiment's turn: the report read, the outside send
/// rejected, the inside send held for the person, `decision`, and the
/// gates left.
fn injected_send(decision: impl IntoIterator<Item = Msg>) -> Vec<Msg> {
    [
        vec![Msg::StartTurn],
        turn_calls(2),
        vec![Msg::NextCall],
        vec![Msg::NextGate; 3],
        decision.into_iter().collect(),
        vec![Msg::NextGate; 4],
    ]
    .concat()
}

/// The index of `goal` among `experiment`'s goals.
fn goal_index(experiment: ExperimentId, goal: &str) -> usize {
    experiment
        .experiment()
        .goals
        .iter()
        .position(|g| g.id == goal)
        .unwrap_or_else(|| panic!("{experiment} has no goal {goal:?}: the table is stale"))
}

/// Whether the view marks goal `i` reached (and agrees with the core).
fn reached(wb: &Workbench, i: usize) -> bool {
    let v = wb.view();
    assert_eq!(v.experiment.goals[i].reached, wb.goals_reached()[i]);
    v.experiment.goals[i].reached
}

/// A framed page opened on `experiment`, as a course page embeds it.
fn framed(experiment: ExperimentId) -> Workbench {
    let query = format!("?experiment={experiment}");
    let address = Address {
        query: &Query::parse(&query),
        fragment: "",
        framed: true,
        from_file: false,
        single_file: false,
        locale: gateway_core::text::Locale::default(),
        inflated: None,
    };
    match open(address, &|_| Read::Absent) {
        Opening::Workbench(wb) => *wb,
        Opening::Unknown { id, .. } => panic!("{id} did not open"),
        Opening::BrokenLink { fault, .. } => panic!("{fault:?}: the link did not open"),
    }
}

#[test]
fn every_goal_has_a_script_and_near_misses() {
    let table = table();
    let mut missing = Vec::new();
    for e in ExperimentId::ALL {
        for g in &e.experiment().goals {
            match table.iter().find(|c| c.experiment == e && c.goal == g.id) {
                None => missing.push(format!("{e}/{}", g.id)),
                Some(c) => assert!(
                    !c.near_misses.is_empty(),
                    "{e}/{}: a goal needs at least one near miss",
                    g.id
                ),
            }
        }
    }
    assert!(missing.is_empty(), "goals without a script: {missing:?}");
    for (i, c) in table.iter().enumerate() {
        goal_index(c.experiment, c.goal);
        assert!(
            !table[..i]
                .iter()
                .any(|d| d.experiment == c.experiment && d.goal == c.goal),
            "{}/{} has two scripts",
            c.experiment,
            c.goal
        );
    }
}

#[test]
fn each_script_reaches_its_goal_with_its_last_message() {
    let table = table();
    for e in ExperimentId::ALL {
        for g in &e.experiment().goals {
            let c = table
                .iter()
                .find(|c| c.experiment == e && c.goal == g.id)
                .unwrap_or_else(|| panic!("no script for {e}/{}", g.id));
            let i = goal_index(e, &g.id);
            let mut wb = Workbench::new(e);
            let mut now = 1_000;
            assert!(!reached(&wb, i), "{e}/{}: reached on opening", g.id);
            let last = c.reach.len() - 1;
            for (n, msg) in c.reach.iter().enumerate() {
                now += 10;
                wb.update(now, msg.clone());
                let done = reached(&wb, i);
                assert_eq!(
                    done,
                    n == last,
                    "{e}/{}: after message {} of {} ({msg:?}) the goal is {}",
                    g.id,
                    n + 1,
                    c.reach.len(),
                    if done {
                        "reached too early"
                    } else {
                        "not reached"
                    }
                );
            }
            // Once reached, a reset of the ledger does not unset it.
            wb.update(now + 10, Msg::ResetLedger);
            assert!(reached(&wb, i), "{e}/{}: unset by a reset", g.id);
        }
    }
}

#[test]
fn a_framed_page_posts_each_goal_once_when_reached() {
    for c in table() {
        let i = goal_index(c.experiment, c.goal);
        let mut wb = framed(c.experiment);
        let mut posts = Vec::new();
        for (n, msg) in c.reach.iter().enumerate() {
            wb.update(1_000 + n as u64, msg.clone());
            while let Some(command) = wb.poll_command() {
                if let Command::Post(Post::Goal {
                    experiment,
                    goal,
                    total,
                    ..
                }) = command
                {
                    assert_eq!(experiment, c.experiment.id());
                    assert_eq!(total, c.experiment.experiment().goals.len());
                    if goal == c.goal {
                        posts.push(n);
                    }
                }
            }
        }
        assert_eq!(
            posts,
            [c.reach.len() - 1],
            "{}/{}: posted after messages {posts:?}",
            c.experiment,
            c.goal
        );
        assert!(wb.goals_reached()[i]);
    }
}

#[test]
fn near_misses_do_not_reach_the_goal() {
    for c in table() {
        let i = goal_index(c.experiment, c.goal);
        for (what, script) in &c.near_misses {
            let mut wb = Workbench::new(c.experiment);
            let mut runs_before_last = 0;
            for (n, msg) in script.iter().enumerate() {
                runs_before_last = wb.log().len();
                wb.update(1_000 + 10 * n as u64, msg.clone());
                assert!(
                    !reached(&wb, i),
                    "{}/{}: near miss {what:?} reached the goal at message {} ({msg:?})",
                    c.experiment,
                    c.goal,
                    n + 1
                );
            }
            // A near miss comes close: unless it stops short on purpose (or
            // leaves a turn), its last message finishes a run too.
            // A goal that waits for Restart or Reset comes close with one.
            let stops = what.contains("short")
                || matches!(
                    script.last(),
                    Some(Msg::EndTurn | Msg::Restart | Msg::ResetLedger)
                );
            assert!(
                stops || wb.log().len() > runs_before_last,
                "{}/{}: near miss {what:?} finished no run with its last message",
                c.experiment,
                c.goal
            );
        }
    }
}
