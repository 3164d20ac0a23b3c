//! Issue 33, hole 1: a turn never changes a setting. Role, hook, operation
//! key and receipt policy belong to the learner: an agent turn loading its
//! calls into the editor leaves them as they are, and after the turn they
//! are exactly as the learner left them. Where a call's tool has nothing
//! to redact, the Redact output hook still runs and its row says so. Only
//! the learner's own tool choice turns Redact output off, and a notice
//! says so.

#![allow(clippy::unwrap_used)]

use gateway_core::gates::Inputs;
use gateway_core::tools::ToolId;
use gateway_core::{ExperimentId, Hook, Msg, Role, Workbench};
use serde_json::{json, Value};

/// The settings of the inputs: role, hook, operation key, receipt policy.
fn settings(wb: &Workbench) -> (Role, Hook, String, bool) {
    let Inputs {
        role,
        hook,
        key,
        reuse,
        ..
    } = wb.inputs();
    (role, hook, key, reuse)
}

fn valid(tool: ToolId) -> Value {
    serde_json::from_str(
        tool.tool()
            .declaration()
            .examples
            .get(gateway_core::fixtures::Fixtures::En)
            .valid,
    )
    .unwrap()
}

/// A decision of calls in the workbench's own array.
fn decision(tools: &[ToolId]) -> String {
    let calls: Vec<Value> = tools
        .iter()
        .map(|t| json!({ "name": t.id(), "args": valid(*t) }))
        .collect();
    Value::Array(calls).to_string()
}

/// A page on the filesystem experiment (a tool with content to redact),
/// with the learner's settings: Operator, Redact output, a key of their own.
fn with_redact_on() -> (Workbench, u64) {
    let mut wb = Workbench::new(ExperimentId::Filesystem);
    let mut now = 1_000;
    for msg in [
        Msg::SelectTool(ToolId::Files),
        Msg::SetRole(Role::Operator),
        Msg::SetHook(Hook::RedactOutput),
        Msg::SetKey("learners-own-key".into()),
    ] {
        now += 10;
        wb.update(now, msg);
    }
    assert_eq!(wb.inputs().hook, Hook::RedactOutput);
    (wb, now)
}

/// Presses Next gate until the call under inspection ends.
fn finish_call(wb: &mut Workbench, now: &mut u64) {
    for _ in 0..7 {
        *now += 10;
        wb.update(*now, Msg::NextGate);
    }
}

/// The hole as the outside fuzzer found it: the hook on, a turn whose
/// current call's tool (calculator) has nothing to redact. The hook stayed
/// off for the rest of the page's life, with no message.
#[test]
fn a_turn_never_turns_the_redact_hook_off() {
    let (mut wb, mut now) = with_redact_on();
    wb.update(now, Msg::EditDecision(decision(&[ToolId::Calculator])));
    wb.update(now, Msg::StartTurn);
    assert_eq!(wb.request().0, "calculator");
    assert_eq!(wb.inputs().hook, Hook::RedactOutput);
    finish_call(&mut wb, &mut now);
    assert_eq!(wb.inputs().hook, Hook::RedactOutput);
    // The hook ran, and its row says it had nothing to redact.
    let v = wb.view();
    let after = v.gateway.gates.last().unwrap();
    assert_eq!(after.status.id(), "passed");
    assert_eq!(
        after.reason,
        "Redact output: nothing to redact in this output (calculator returns no field this hook hides)"
    );
    assert!(v.gateway.notices.is_empty(), "{:?}", v.gateway.notices);
    wb.update(now, Msg::EndTurn);
    assert_eq!(wb.inputs().hook, Hook::RedactOutput);
}

/// Settings after a turn of several calls (a read, a mutation the person
/// approves, a tool with nothing to redact) equal those before it.
#[test]
fn settings_after_a_turn_are_as_the_learner_left_them() {
    let (mut wb, mut now) = with_redact_on();
    let before = settings(&wb);
    let tools = [ToolId::Search, ToolId::Calculator, ToolId::Files];
    wb.update(now, Msg::EditDecision(decision(&tools)));
    wb.update(now, Msg::StartTurn);
    for _ in tools {
        assert_eq!(settings(&wb), before, "at {}", wb.request().0);
        for _ in 0..7 {
            now += 10;
            if wb.view().gateway.pending.is_some() {
                wb.update(now, Msg::Approve);
            }
            wb.update(now, Msg::NextGate);
        }
    }
    assert_eq!(settings(&wb), before);
    wb.update(now, Msg::EndTurn);
    assert_eq!(settings(&wb), before);
}

/// The same rule in Chinese: the row names the hook and what it found.
#[test]
fn the_redact_row_says_so_in_both_languages() {
    let (mut wb, mut now) = with_redact_on();
    wb.update(now, Msg::EditDecision(decision(&[ToolId::Search])));
    wb.update(now, Msg::StartTurn);
    finish_call(&mut wb, &mut now);
    let reason = &wb.plan().row(gateway_core::Gate::AfterHook).reason;
    assert_eq!(
        reason.text().render(gateway_core::text::Locale::ZhTw),
        "遮蔽輸出：這次的輸出沒有需要遮蔽的內容（search 不會傳回這個掛鉤要遮蔽的欄位）"
    );
}

/// The editor keeps the seed's rule: when the learner chooses a tool with
/// nothing to redact, Redact output goes off, and a notice says so.
#[test]
fn the_learner_choosing_a_tool_with_nothing_to_redact_turns_the_hook_off_with_a_notice() {
    let (mut wb, now) = with_redact_on();
    wb.update(now, Msg::SelectTool(ToolId::Calculator));
    assert_eq!(wb.inputs().hook, Hook::None);
    let v = wb.view();
    assert_eq!(
        v.gateway.notices,
        vec!["Redact output is now off: calculator returns nothing it could redact. Choose a tool that returns an email recipient or a file's content to turn it on again."]
    );
    // A tool that has something to redact leaves the hook alone, silently.
    let (mut wb, now) = with_redact_on();
    wb.update(now, Msg::SelectTool(ToolId::Email));
    assert_eq!(wb.inputs().hook, Hook::RedactOutput);
    assert!(wb.view().gateway.notices.is_empty());
}
