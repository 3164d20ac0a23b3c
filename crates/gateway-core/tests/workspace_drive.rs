//! The Drive and Docs tools of seed 002's Workspace registry (SPEC 2.4)
//! through the seven gates, in a registry of their own: reads run at once
//! for a viewer; the redact hook hides a file's content in the returned
//! output and the ledger keeps it; an id the drive does not hold is
//! refused at execution; `docs.create`, a draft, runs for an operator with
//! no approval and its document is then found; `drive.delete` and
//! `drive.share` are refused at the role gate for every role, approved or
//! not, and change nothing.

#![allow(clippy::unwrap_used)]

use gateway_core::fixtures::Fixtures;
use gateway_core::gates::{self, Approval, Inputs, Plan};
use gateway_core::ledger::{Commit, Finish, Ledger};
use gateway_core::reason::Reason;
use gateway_core::text::Locale;
use gateway_core::tools::workspace::drive::DriveError;
use gateway_core::tools::workspace::{self, drive};
use gateway_core::tools::{ExecError, REDACTED};
use gateway_core::{Gate, Hook, Registry, Risk, Role, Verdict};
use serde_json::json;

fn registry() -> Registry {
    Registry::with_tools(workspace::tools())
}

fn inputs(tool: &str, args: &str, role: Role, hook: Hook) -> Inputs {
    Inputs {
        tool: tool.into(),
        args: args.into(),
        role,
        hook,
        key: "intent-1".into(),
        reuse: true,
        approval: None,
        refusal: None,
    }
}

fn run(ledger: &Ledger, tool: &str, args: &str, role: Role, hook: Hook) -> Plan {
    gates::plan(
        &registry(),
        &inputs(tool, args, role, hook),
        ledger,
        Locale::En,
    )
}

/// `drive.read` of the file `id`.
fn read(ledger: &Ledger, id: &str, role: Role, hook: Hook) -> Plan {
    let args = json!({ "fileId": id }).to_string();
    run(ledger, "drive.read", &args, role, hook)
}

#[test]
fn drive_search_and_drive_read_run_at_once_for_a_viewer_and_change_nothing() {
    let ledger = Ledger::new(&registry(), Fixtures::En);
    for (tool, args) in [
        ("drive.search", r#"{"query":"notes"}"#),
        ("drive.read", r#"{"fileId":"file-4"}"#),
    ] {
        let plan = run(&ledger, tool, args, Role::Viewer, Hook::None);
        assert_eq!(plan.rejected_at(), None, "{tool}");
        assert_eq!(
            plan.row(Gate::Approval).verdict,
            Verdict::NotNeeded,
            "{tool}"
        );
        assert_eq!(plan.commit(), Commit::Ran(Finish::Read), "{tool}");
    }
    let read = read(&ledger, "file-4", Role::Viewer, Hook::None);
    assert_eq!(
        read.returned().unwrap()["content"],
        json!("Project notes: the launch moves to the second week of the month.")
    );
}

#[test]
fn the_redact_hook_hides_the_content_and_the_ledger_keeps_it() {
    let ledger = Ledger::new(&registry(), Fixtures::ZhTw);
    let plan = read(&ledger, "file-1", Role::Viewer, Hook::RedactOutput);
    let returned = plan.returned().unwrap();
    assert_eq!(returned["content"], json!(REDACTED));
    assert_eq!(returned["name"], json!("季度計畫"));
    assert_eq!(
        ledger.to_json()["drive"][0]["content"],
        json!("季度計畫：星期五和團隊一起檢視核准關卡。")
    );
}

#[test]
fn an_id_the_drive_does_not_hold_is_refused_at_execution_naming_it() {
    let ledger = Ledger::new(&registry(), Fixtures::En);
    let plan = read(&ledger, "file-9", Role::Operator, Hook::None);
    assert_eq!(plan.rejected_at(), Some(Gate::Execution));
    let expected = ExecError::from(DriveError::NoSuchFile {
        id: "file-9".into(),
    });
    assert_eq!(plan.rejection(), Some(&Reason::Exec(expected.clone())));
    assert_eq!(
        expected.to_string(),
        "The drive holds no file with the id \"file-9\""
    );
    // Past the bound, the schema gate refuses it before any lookup.
    let long = run(
        &ledger,
        "drive.read",
        &json!({ "fileId": "f".repeat(33) }).to_string(),
        Role::Operator,
        Hook::None,
    );
    assert_eq!(long.rejected_at(), Some(Gate::Schema));
}

#[test]
fn docs_create_runs_for_an_operator_without_approval_and_is_then_found() {
    let mut ledger = Ledger::new(&registry(), Fixtures::En);
    let create = r#"{"title":"Launch plan","body":"Ship on Monday."}"#;
    let viewer = run(&ledger, "docs.create", create, Role::Viewer, Hook::None);
    assert_eq!(viewer.rejected_at(), Some(Gate::Role));
    let plan = run(&ledger, "docs.create", create, Role::Operator, Hook::None);
    assert_eq!(plan.rejected_at(), None);
    assert_eq!(plan.row(Gate::Approval).verdict, Verdict::NotNeeded);
    assert_eq!(plan.call().unwrap().risk, Risk::Draft);
    ledger.commit(plan.commit());
    let files = &ledger.to_json()["drive"];
    assert_eq!(files.as_array().unwrap().len(), 6);
    assert_eq!(files[5]["id"], json!("doc-1"));
    assert_eq!(files[5]["owner"], json!(drive::LEARNER));
    let read = read(&ledger, "doc-1", Role::Viewer, Hook::None);
    assert_eq!(
        read.returned().unwrap()["content"],
        json!("Ship on Monday.")
    );
    let search = run(
        &ledger,
        "drive.search",
        r#"{"query":"launch"}"#,
        Role::Viewer,
        Hook::None,
    );
    assert_eq!(
        search.returned().unwrap()["results"][0]["id"],
        json!("doc-1")
    );
}

#[test]
fn drive_delete_and_drive_share_are_refused_at_the_role_gate_for_every_role() {
    let ledger = Ledger::new(&registry(), Fixtures::En);
    let at_load = ledger.to_json();
    let calls = [
        ("drive.delete", r#"{"fileId":"file-2"}"#, Risk::Delete),
        (
            "drive.share",
            r#"{"fileId":"file-1","email":"ming@example.test"}"#,
            Risk::Share,
        ),
    ];
    let mut runs = 0;
    for (tool, args, risk) in calls {
        for role in Role::ALL {
            for hook in [Hook::None, Hook::RedactOutput, Hook::MarkData] {
                let mut inputs = inputs(tool, args, role, hook);
                let call = gates::plan(&registry(), &inputs, &ledger, Locale::En)
                    .call()
                    .cloned()
                    .unwrap();
                for approved in [false, true] {
                    inputs.approval = approved.then(|| Approval {
                        tool: call.tool.clone(),
                        payload: call.payload.clone(),
                    });
                    let plan = gates::plan(&registry(), &inputs, &ledger, Locale::En);
                    let case = format!("{tool} {role} {hook} {approved}");
                    assert_eq!(plan.rejected_at(), Some(Gate::Role), "{case}");
                    assert_eq!(
                        plan.rejection(),
                        Some(&Reason::RiskRefused { risk }),
                        "{case}"
                    );
                    assert_eq!(plan.commit(), Commit::Rejected(Gate::Role), "{case}");
                    runs += 1;
                }
            }
        }
    }
    assert_eq!(runs, 2 * Role::ALL.len() * 3 * 2);
    assert_eq!(ledger.to_json(), at_load);
}
