//! Fail-safe defaults (issue 13): a message that arrives in a state where
//! it means nothing changes nothing at all — not the view, not the ledger,
//! no command — and `update` says why. The page disables the controls that
//! would send these; a script, a stale event or a fuzzer sends them anyway.

#![allow(clippy::unwrap_used)]

mod common;

use common::Driver;
use gateway_core::text::Locale;
use gateway_core::{
    ExampleKind, ExperimentId, Handled, Hook, Ignored, Msg, Role, ToolId, Workbench,
};

fn fresh() -> Driver {
    Driver::new(ExperimentId::Registry)
}

fn finished_run() -> Driver {
    let mut d = fresh();
    d.finish();
    d
}

fn malformed_json() -> Driver {
    let mut d = Driver::new(ExperimentId::Email);
    d.send(Msg::EditArgs(r#"{"to": "#.into()));
    d
}

fn in_turn() -> Driver {
    let mut d = fresh();
    d.send(Msg::StartTurn);
    d
}

fn finished_turn() -> Driver {
    let mut d = fresh();
    d.send(Msg::EditDecision(
        r#"[{"name":"search","args":{"query":"receipt"}}]"#.into(),
    ));
    d.send(Msg::StartTurn);
    for _ in 0..7 {
        d.send(Msg::NextGate);
    }
    assert!(d.wb.turn_finished());
    d
}

/// The registry experiment's turn, its first call (a search) finished and
/// on show, the next call waiting for the learner to move on.
fn call_finished_mid_turn() -> Driver {
    let mut d = fresh();
    d.send(Msg::StartTurn);
    d.send(Msg::FinishRun);
    assert!(d.wb.turn_call_finished() && !d.wb.turn_finished());
    d
}

/// The registry experiment's turn, its calendar call waiting at the
/// approval gate for the person.
fn pending_turn() -> Driver {
    let mut d = fresh();
    d.send(Msg::SetRole(Role::Operator));
    d.send(Msg::StartTurn);
    while !d.wb.pending() {
        let step = if d.wb.turn_call_finished() {
            Msg::NextCall
        } else {
            Msg::NextGate
        };
        assert_eq!(d.wb.update(d.now, step), Handled::Applied);
    }
    d
}

/// A name, a state, a message that means nothing there, and why.
type Case = (&'static str, fn() -> Driver, Msg, Ignored);

fn cases() -> Vec<Case> {
    vec![
        (
            "Next gate after a finished run",
            finished_run,
            Msg::NextGate,
            Ignored::RunFinished,
        ),
        (
            "Approve with malformed JSON",
            malformed_json,
            Msg::Approve,
            Ignored::NoCallToApprove,
        ),
        (
            "Approve a read",
            fresh,
            Msg::Approve,
            Ignored::ApprovalNotNeeded,
        ),
        (
            "Revoke with no approval",
            fresh,
            Msg::Revoke,
            Ignored::NotApproved,
        ),
        (
            "End turn with no turn",
            fresh,
            Msg::EndTurn,
            Ignored::NoTurn,
        ),
        ("Pause when paused", fresh, Msg::Pause, Ignored::NotPlaying),
        (
            "Clear baseline with none",
            fresh,
            Msg::ClearBaseline,
            Ignored::NoBaseline,
        ),
        (
            "Resized outside a frame",
            fresh,
            Msg::Resized { height: 400 },
            Ignored::NotFramed,
        ),
        (
            "Escape when the page does not fill its frame",
            fresh,
            Msg::Escape,
            Ignored::NotFillingFrame,
        ),
        (
            // Natively every language's exports are installed.
            "declarations opened with their exports installed",
            fresh,
            Msg::DeclarationsOpened,
            Ignored::ExportsNotNeeded,
        ),
        (
            "redact hook on a tool with nothing to hide",
            fresh,
            Msg::SetHook(Hook::RedactOutput),
            Ignored::NothingToRedact,
        ),
        (
            "block hook on a tool that only reads",
            fresh,
            Msg::SetHook(Hook::BlockMutations),
            Ignored::NothingToBlock,
        ),
        (
            "reuse off before any receipt",
            fresh,
            Msg::SetReuse(false),
            Ignored::NoReceiptYet,
        ),
        (
            "examples of a tool name that is no fixture",
            || {
                let mut d = fresh();
                d.send(Msg::SetToolName("shell.exec".into()));
                d
            },
            Msg::LoadExample(ExampleKind::Valid),
            Ignored::NoExamples,
        ),
        (
            "edit the request during a turn",
            in_turn,
            Msg::EditArgs("{}".into()),
            Ignored::TurnHoldsRequest,
        ),
        (
            "choose a tool during a turn",
            in_turn,
            Msg::SelectTool(ToolId::Email),
            Ignored::TurnHoldsRequest,
        ),
        (
            "Play on a finished turn",
            finished_turn,
            Msg::Play,
            Ignored::CallFinished,
        ),
        (
            "Restart on a finished turn",
            finished_turn,
            Msg::Restart,
            Ignored::CallFinished,
        ),
        (
            "a role on a finished turn",
            finished_turn,
            Msg::SetRole(Role::Operator),
            Ignored::CallFinished,
        ),
        (
            "The language the page is in",
            finished_turn,
            Msg::SetLocale {
                locale: Locale::default(),
                page_url: "https://example.test/?lang=en".into(),
            },
            Ignored::SameLocale,
        ),
        (
            "Restart on a finished call, the next one waiting",
            call_finished_mid_turn,
            Msg::Restart,
            Ignored::CallFinished,
        ),
        (
            "a hook on a finished call, the next one waiting",
            call_finished_mid_turn,
            Msg::SetHook(Hook::MarkData),
            Ignored::CallFinished,
        ),
        (
            "Next call while the call is under inspection",
            in_turn,
            Msg::NextCall,
            Ignored::NoNextCall,
        ),
        (
            "Next call on a finished turn",
            finished_turn,
            Msg::NextCall,
            Ignored::NoNextCall,
        ),
        (
            "Next call with no turn",
            fresh,
            Msg::NextCall,
            Ignored::NoTurn,
        ),
        (
            "Approve on a finished turn",
            finished_turn,
            Msg::Approve,
            Ignored::CallFinished,
        ),
        (
            "Undo with nothing of the learner's replaced",
            fresh,
            Msg::UndoReplace,
            Ignored::NothingToUndo,
        ),
        (
            "Undo during a turn",
            in_turn,
            Msg::UndoReplace,
            Ignored::TurnHoldsRequest,
        ),
        (
            "Reject with no call waiting",
            in_turn,
            Msg::Reject,
            Ignored::NothingPending,
        ),
        (
            "Reject on a finished turn",
            finished_turn,
            Msg::Reject,
            Ignored::NothingPending,
        ),
        (
            "Next gate while a call waits for approval",
            pending_turn,
            Msg::NextGate,
            Ignored::AwaitingDecision,
        ),
        (
            "Finish run while a call waits for approval",
            pending_turn,
            Msg::FinishRun,
            Ignored::AwaitingDecision,
        ),
        (
            "Dismiss with no solved banner",
            fresh,
            Msg::DismissSolved,
            Ignored::NoSolvedBanner,
        ),
        (
            "Play while a call waits for approval",
            pending_turn,
            Msg::Play,
            Ignored::AwaitingDecision,
        ),
    ]
}

#[test]
fn a_message_that_means_nothing_changes_nothing_and_says_why() {
    for (name, state, msg, why) in cases() {
        let mut d = state();
        while d.wb.poll_command().is_some() {}
        let before = d.view();
        let ledger = d.wb.ledger().clone();
        let handled = d.wb.update(d.now + 10, msg);
        assert_eq!(handled, Handled::Ignored(why), "{name}");
        assert_eq!(d.view(), before, "{name}: the view changed");
        assert_eq!(d.wb.ledger(), &ledger, "{name}: the ledger changed");
        assert!(d.wb.poll_command().is_none(), "{name}: a command was sent");
    }
}

/// The other side of each bound: the same message where it means something.
#[test]
fn the_same_messages_apply_where_they_mean_something() {
    let mut d = fresh();
    assert_eq!(d.wb.update(d.now, Msg::NextGate), Handled::Applied);
    let mut d = Driver::new(ExperimentId::Email);
    d.send(Msg::SetRole(Role::Operator));
    assert_eq!(d.wb.update(d.now, Msg::Approve), Handled::Applied);
    assert_eq!(d.wb.update(d.now, Msg::Revoke), Handled::Applied);
    let mut d = in_turn();
    assert_eq!(d.wb.update(d.now, Msg::EndTurn), Handled::Applied);
    let mut d = pending_turn();
    assert_eq!(d.wb.update(d.now, Msg::Reject), Handled::Applied);
    assert_eq!(d.wb.update(d.now, Msg::NextGate), Handled::Applied);
    let mut d = pending_turn();
    assert_eq!(d.wb.update(d.now, Msg::Approve), Handled::Applied);
    assert_eq!(d.wb.update(d.now, Msg::FinishRun), Handled::Applied);
    let mut d = finished_turn();
    assert_eq!(d.wb.update(d.now, Msg::EndTurn), Handled::Applied);
    let mut d = call_finished_mid_turn();
    assert_eq!(d.wb.update(d.now, Msg::NextCall), Handled::Applied);
    assert_eq!(d.wb.update(d.now, Msg::Restart), Handled::Applied);
    let mut d = fresh();
    assert_eq!(d.wb.update(d.now, Msg::Play), Handled::Applied);
    assert_eq!(d.wb.update(d.now, Msg::Pause), Handled::Applied);
    let mut d = Driver::new(ExperimentId::Email);
    assert_eq!(
        d.wb.update(d.now, Msg::SetHook(Hook::RedactOutput)),
        Handled::Applied
    );
    assert_eq!(d.wb.update(d.now, Msg::CaptureBaseline), Handled::Applied);
    assert_eq!(d.wb.update(d.now, Msg::ClearBaseline), Handled::Applied);
    // Another language applies, even on a finished turn.
    let mut d = finished_turn();
    let switch = Msg::SetLocale {
        locale: Locale::ZhTw,
        page_url: "https://example.test/".into(),
    };
    assert_eq!(d.wb.update(d.now, switch), Handled::Applied);
}

/// Every reason is reached by some case above.
#[test]
fn every_reason_has_a_case() {
    let reached: Vec<Ignored> = cases().into_iter().map(|c| c.3).collect();
    let all = |why: Ignored| match why {
        // No catch-all: a new reason fails to compile until it is listed.
        Ignored::TurnHoldsRequest
        | Ignored::NotInRegistry
        | Ignored::NoExamples
        | Ignored::CallFinished
        | Ignored::NothingToRedact
        | Ignored::NothingToBlock
        | Ignored::NoReceiptYet
        | Ignored::NoCallToApprove
        | Ignored::ApprovalNotNeeded
        | Ignored::NotApproved
        | Ignored::RunFinished
        | Ignored::NotPlaying
        | Ignored::NoTurn
        | Ignored::NoNextCall
        | Ignored::NoBaseline
        | Ignored::NotFramed
        | Ignored::SameLocale
        | Ignored::NothingToUndo
        | Ignored::NothingPending
        | Ignored::AwaitingDecision
        | Ignored::NotFillingFrame
        | Ignored::ExportsNotNeeded
        | Ignored::NoSolvedBanner => why,
    };
    for why in [
        Ignored::TurnHoldsRequest,
        Ignored::NoExamples,
        Ignored::CallFinished,
        Ignored::NothingToRedact,
        Ignored::NoReceiptYet,
        Ignored::NoCallToApprove,
        Ignored::ApprovalNotNeeded,
        Ignored::NotApproved,
        Ignored::RunFinished,
        Ignored::NotPlaying,
        Ignored::NoTurn,
        Ignored::NoNextCall,
        Ignored::NoBaseline,
        Ignored::NotFramed,
        Ignored::SameLocale,
        Ignored::NothingToUndo,
        Ignored::NothingPending,
        Ignored::AwaitingDecision,
        Ignored::NotFillingFrame,
        Ignored::ExportsNotNeeded,
        Ignored::NoSolvedBanner,
    ] {
        assert!(reached.contains(&all(why)), "{why:?} has no case");
    }
    // A registry without a tool: choosing it is refused by name.
    let registry = gateway_core::Registry::with_tools(vec![ToolId::Search.tool()]);
    let mut wb = Workbench::with_registry(ExperimentId::Registry, registry);
    assert_eq!(
        wb.update(0, Msg::SelectTool(ToolId::Database)),
        Handled::Ignored(Ignored::NotInRegistry)
    );
}
