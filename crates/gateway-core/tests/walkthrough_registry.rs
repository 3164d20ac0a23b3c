//! SPEC 8, registry walkthrough (SPEC 2.3 and 3), through messages and the
//! view model only. The registry experiment's own `files.delete` and
//! `files.share` are called as the tool select calls them; a tool
//! registered only in this file holds an approval of a delete's exact
//! payload. (`tests/refused_tools.rs` proves their `plan` is never called.)

#![allow(clippy::unwrap_used)]

mod common;

use std::sync::atomic::{AtomicBool, Ordering};

use common::*;
use gateway_core::command::Command;
use gateway_core::declarations::Export;
use gateway_core::schema::{Args, Field, Kind, Shape, Variant};
use gateway_core::store::{Effect, StoreKind, Stores};
use gateway_core::text::{Locale, Text};
use gateway_core::tools::files::{Workspace, Write};
use gateway_core::tools::{Claims, Declaration, Examples, ExecError, Planned, Tool};
use gateway_core::view::PageModel;
use gateway_core::{ExampleKind, ExperimentId, Hook, Msg, Registry, Risk, Role, ToolId, Workbench};
use serde_json::{json, Value};

/// The registry experiment's registry: the six fixture tools, then its own two.
const REGISTRY_NAMES: &str =
    "email, calendar, files, database, search, calculator, files.delete, files.share";

fn quoted(s: &str) -> String {
    serde_json::to_string(s).unwrap()
}

// ---------------------------------------------------------------------------
// Tools registered only in this file.

const PATH_ONLY: Shape = Shape {
    variants: &[Variant {
        consts: &[],
        fields: &[Field {
            name: "path",
            required: true,
            kind: Kind::OneOf(&["/workspace/notes.txt", "/workspace/report.txt"]),
            description: || Text::ToolFilesArgPath,
        }],
    }],
};

const PATH_EXAMPLES: Examples = Examples {
    valid: r#"{"path": "/workspace/notes.txt"}"#,
    malformed: r#"{"path": }"#,
    boundary: r#"{"path": "../../private.txt"}"#,
};

/// If it ever ran, it would empty the file: a change the ledger would show.
fn wipe(args: &Args) -> Planned {
    Planned {
        output: json!({ "path": args.text("path"), "status": "gone" }),
        effect: Effect::on::<Workspace>(Write {
            path: args.text("path").into(),
            content: "(deleted)".into(),
        }),
    }
}

/// A tool whose call is a `write` until the test declares it a `delete`:
/// the only way to hold an approval of the exact payload of a delete.
#[derive(Debug)]
struct Archive;
static ARCHIVE: Archive = Archive;
static ARCHIVE_IS_DELETE: AtomicBool = AtomicBool::new(false);
static ARCHIVE_DECLARATION: Declaration = Declaration {
    name: "files.archive",
    label: || Text::ToolFilesLabel,
    description: || Text::ToolFilesDescription,
    risks: &[Risk::Write, Risk::Delete],
    shape: PATH_ONLY,
    examples: gateway_core::fixtures::Localized([PATH_EXAMPLES, PATH_EXAMPLES]),
    redacts: &[],
    claims: Claims::NONE,
};
impl Tool for Archive {
    fn declaration(&self) -> &Declaration {
        &ARCHIVE_DECLARATION
    }
    fn risk(&self, _args: &Args) -> Risk {
        if ARCHIVE_IS_DELETE.load(Ordering::SeqCst) {
            Risk::Delete
        } else {
            Risk::Write
        }
    }
    /// It empties a file of the workspace, which a ledger built for a
    /// registry holding only this tool then holds.
    fn store(&self) -> Option<StoreKind> {
        Some(StoreKind::of::<Workspace>())
    }
    fn plan(&self, args: &Args, _ledger: &Stores, _: Locale) -> Result<Planned, ExecError> {
        Ok(wipe(args))
    }
}

fn driver_with(tools: Vec<&'static dyn Tool>) -> Driver {
    Driver::with_workbench(Workbench::with_registry(
        ExperimentId::Registry,
        Registry::with_tools(tools),
    ))
}

// ---------------------------------------------------------------------------

/// The counters that must not move for a run rejected at the first gate.
fn counters_but_runs_and_schema(v: &PageModel) -> Value {
    let mut c = counters(v);
    c.as_object_mut().unwrap().remove("runs_finished");
    c["rejections"].as_object_mut().unwrap().remove("schema");
    c
}

#[test]
fn a_name_the_registry_does_not_hold_fails_at_the_first_gate_and_nothing_else_runs() {
    for name in [
        "shell.exec",
        "drive.delete",
        "files.delete ",
        "Files.share",
        "email ",
        " email",
        "Email",
        "",
    ] {
        let mut d = Driver::new(ExperimentId::Registry);
        // Some history first, so that "unchanged" means something.
        d.send(Msg::SelectTool(ToolId::Email));
        d.send(Msg::SetRole(Role::Operator));
        d.send(Msg::Approve);
        d.finish();
        let before = d.view();
        assert_eq!(ledger(&before)["outbox"].as_array().unwrap().len(), 1);
        let args_before = before.builder.args.clone();

        let v = d.send(Msg::SetToolName(name.into()));
        assert_eq!(v.builder.tool_name, name);
        assert_eq!(v.builder.args, args_before, "the arguments are kept");
        assert!(v.builder.tools.iter().all(|t| !t.selected), "{name:?}");
        assert!(v.builder.examples.iter().all(|e| !e.enabled), "{name:?}");
        assert!(
            !v.builder.approval.can_approve && !v.builder.approval.approved,
            "{name:?}"
        );
        // The status says the approval was for another tool's call.
        assert!(
            v.builder
                .approval
                .status
                .starts_with("The request changed: the approval was for email {"),
            "{}",
            v.builder.approval.status
        );
        // Nothing the learner can press brings an unknown tool further.
        let v = d.send(Msg::LoadExample(ExampleKind::Valid));
        assert_eq!(v.builder.args, args_before);
        let v = d.send(Msg::Approve);
        assert!(!v.builder.approval.approved);

        let v = d.finish();
        let expected_reason = format!(
            "Unknown tool {}: the registry holds only {REGISTRY_NAMES}",
            quoted(name)
        );
        assert_eq!(reason(&v, "schema"), expected_reason);
        assert_eq!(
            statuses(&v),
            [
                ("schema", "rejected"),
                ("before-hook", "skipped"),
                ("role", "skipped"),
                ("approval", "skipped"),
                ("idempotency", "skipped"),
                ("execution", "skipped"),
                ("after-hook", "skipped"),
            ],
            "{name:?}"
        );
        for row in &v.gateway.gates[1..] {
            assert_eq!(
                row.reason,
                "skipped after the schema gate rejected the call"
            );
        }
        assert_eq!(v.output.text, None);
        assert_eq!(
            v.output.note,
            "No output: the call was rejected at the schema gate."
        );
        assert_eq!(
            v.gateway.caption,
            format!(
                "Run finished: rejected at the schema gate: {expected_reason}. The ledger is unchanged. \
                 Edit the request: the verdict under the editor says what to fix."
            )
        );
        // Only the run count and the schema rejections move.
        assert_eq!(contents(&v), contents(&before), "{name:?}");
        assert_eq!(
            counters_but_runs_and_schema(&v),
            counters_but_runs_and_schema(&before)
        );
        assert_eq!(
            counters(&v)["runs_finished"],
            counters(&before)["runs_finished"].as_u64().unwrap() + 1
        );
        assert_eq!(
            counters(&v)["rejections"]["schema"],
            counters(&before)["rejections"]["schema"].as_u64().unwrap() + 1
        );
    }
}

#[test]
fn the_exact_name_reaches_the_tool_and_a_near_miss_does_not() {
    let mut d = Driver::new(ExperimentId::Registry);
    let email_args = json!({
        "to": "learner@example.test", "subject": "Hello", "body": "Hi."
    })
    .to_string();
    d.send(Msg::EditArgs(email_args));
    let v = d.send(Msg::SetToolName("email ".into()));
    assert!(!v.builder.approval.can_approve);
    let v = d.finish();
    assert_rejected_at(&v, "schema");
    assert!(reason(&v, "schema").starts_with("Unknown tool \"email \""));

    let v = d.send(Msg::SetToolName("email".into()));
    assert!(v
        .builder
        .tools
        .iter()
        .any(|t| t.value == "email" && t.selected));
    assert!(
        v.builder.approval.can_approve,
        "the same text is now a valid send"
    );
    let v = d.finish();
    assert_eq!(status(&v, "schema"), "passed");
    assert_eq!(
        reason(&v, "schema"),
        "email arguments fit the declared schema (send risk)"
    );
}

#[test]
fn a_calendar_call_without_start_says_missing_start() {
    let mut d = Driver::new(ExperimentId::Registry);
    d.send(Msg::SelectTool(ToolId::Calendar));
    d.send(Msg::SetRole(Role::Operator));
    let v = d.send(Msg::EditArgs(
        json!({ "title": "Design review", "end": "15:00" }).to_string(),
    ));
    assert!(!v.builder.approval.can_approve, "nothing valid to approve");
    let v = d.finish();
    assert_rejected_at(&v, "schema");
    assert_eq!(reason(&v, "schema"), "Missing start");
    assert_eq!(
        ledger(&v)["schedule"].as_array().unwrap().len(),
        2,
        "only the fixtures"
    );

    // With start, the same call fits the schema.
    let v = d.send(Msg::EditArgs(
        json!({ "title": "Design review", "start": "14:00", "end": "15:00" }).to_string(),
    ));
    assert!(v.builder.approval.can_approve);
    let v = d.finish();
    assert_eq!(status(&v, "schema"), "passed");
    assert_rejected_at(&v, "approval");
}

#[test]
fn a_read_runs_without_approval() {
    let mut d = Driver::new(ExperimentId::Registry);
    let v = d.view();
    let at_load = contents(&v);
    assert_eq!(v.builder.tool_name, "search");
    assert!(
        !v.builder.approval.can_approve,
        "approval is disabled for a read"
    );
    assert_eq!(v.builder.approval.status, "A read needs no approval.");
    let v = d.send(Msg::Approve);
    assert!(!v.builder.approval.approved);

    let v = d.finish();
    assert_eq!(statuses(&v), READ_STATUSES);
    assert_eq!(reason(&v, "approval"), "a read needs no approval");
    let out: Value = serde_json::from_str(v.output.text.as_deref().unwrap()).unwrap();
    assert_eq!(out["query"], "receipt");
    assert_eq!(out["results"][0]["record"], 2);
    assert_eq!(contents(&v), at_load);
    assert_eq!(counters(&v)["effects_committed"], 0);
}

#[test]
fn a_send_needs_approval() {
    let mut d = Driver::new(ExperimentId::Registry);
    let v = d.send(Msg::SelectTool(ToolId::Email));
    assert!(v.builder.approval.can_approve);
    assert_eq!(
        v.builder.approval.status,
        "Not approved. A send needs approval of this exact payload."
    );
    d.send(Msg::SetRole(Role::Operator));
    let v = d.finish();
    assert_rejected_at(&v, "approval");
    assert_eq!(
        reason(&v, "approval"),
        "a send needs approval of this exact payload (Approve exact payload)"
    );
    assert_eq!(ledger(&v)["outbox"], json!([]));

    let v = d.send(Msg::Approve);
    assert!(
        v.builder.approval.approved
            && v.builder.approval.can_revoke
            && !v.builder.approval.can_approve
    );
    let v = d.finish();
    assert_all_pass(&v);
    assert_eq!(
        reason(&v, "approval"),
        "approved: this exact tool and payload"
    );
    assert_eq!(ledger(&v)["outbox"][0]["id"], "email-1");
}

/// Chooses `name` in the tool select of the registry experiment, as
/// Viewer and as Operator under every hook: its valid example fits the
/// schema and the role gate refuses it before anything runs.
fn refused_for_everyone(name: &str, label: &str, risk: &str) {
    let mut d = Driver::new(ExperimentId::Registry);
    let v = d.view();
    let at_load = contents(&v);
    // The select offers it, after the six fixture tools, by its label.
    let choice = v
        .builder
        .tools
        .iter()
        .position(|t| t.value == name)
        .unwrap();
    assert!(choice >= 6, "{name} after the fixtures");
    assert_eq!(v.builder.tools[choice].label, label);
    // The policy table names it under its risk.
    let row = v.policy.rows.iter().find(|r| r.risk == risk).unwrap();
    assert_eq!(row.tools, name, "{risk} row");
    assert_eq!(row.rule, "refused for every role");

    let v = d.send(Msg::ChooseTool(name.into()));
    assert_eq!(v.builder.tool_name, name);
    assert!(v.builder.tools[choice].selected);
    let valid = v.builder.args.clone();
    assert!(valid.contains("/workspace/"), "{valid}");
    assert!(v.builder.args_valid, "{}", v.builder.args_verdict);
    let mut runs = 0;
    for role in [Role::Viewer, Role::Operator] {
        for hook in Hook::ALL {
            d.send(Msg::SetHook(Hook::None));
            d.send(Msg::SetRole(role));
            // Redact output has nothing to hide here: the hook stays none.
            let v = d.send(Msg::SetHook(hook));
            let hook_now = v.builder.hooks.iter().find(|h| h.selected).unwrap().value;
            assert_eq!(hook_now == hook.id(), hook != Hook::RedactOutput);
            d.send(Msg::Restart);
            // The approve control is disabled: a refused risk needs no
            // approval, and approval could not help.
            assert!(!v.builder.approval.can_approve, "{name} {role:?}");
            assert_eq!(
                v.builder.approval.status,
                format!("A {risk} is refused for every role; approval cannot help.")
            );
            let v = d.send(Msg::Approve);
            assert!(!v.builder.approval.approved, "{name} {role:?}");
            let v = d.finish();
            runs += 1;
            assert_eq!(v.builder.args, valid);
            // Block mutations refuses it one gate earlier; any other hook
            // lets the role gate refuse it.
            let gate = if hook == Hook::BlockMutations {
                "before-hook"
            } else {
                assert_eq!(
                    reason(&v, "role"),
                    format!("{risk} risk is refused for every role")
                );
                "role"
            };
            assert_rejected_at(&v, gate);
            assert_eq!(
                reason(&v, "schema"),
                format!("{name} arguments fit the declared schema ({risk} risk)")
            );
            for gate in ["approval", "idempotency", "execution", "after-hook"] {
                assert_eq!(status(&v, gate), "skipped", "{name} {role:?} {hook:?}");
            }
            assert_eq!(v.output.text, None);
            assert_eq!(
                v.output.note,
                format!("No output: the call was rejected at the {gate} gate.")
            );
            assert_eq!(contents(&v), at_load, "{name} {role:?}");
            assert_eq!(counters(&v)["effects_committed"], 0);
        }
    }
    let rejections = &counters(&d.view())["rejections"];
    assert_eq!(rejections["role"], runs - 2, "all but the two blocked runs");
    assert_eq!(rejections["before-hook"], 2);

    // Its boundary example fails at the first gate.
    let v = d.send(Msg::LoadExample(ExampleKind::Boundary));
    assert!(!v.builder.args_valid);
    let v = d.finish();
    assert_rejected_at(&v, "schema");
    assert_eq!(contents(&v), at_load);
}

#[test]
fn delete_is_refused_for_a_viewer_and_an_operator() {
    refused_for_everyone("files.delete", "Delete a virtual file", "delete");
}

#[test]
fn share_is_refused_for_a_viewer_and_an_operator() {
    refused_for_everyone("files.share", "Share a virtual file", "share");
}

#[test]
fn only_the_registry_experiment_holds_the_refused_tools() {
    for e in ExperimentId::ALL {
        let names = Driver::new(e)
            .view()
            .builder
            .tools
            .iter()
            .map(|t| t.value)
            .collect::<Vec<_>>()
            .join(", ");
        if e == ExperimentId::Registry {
            assert_eq!(names, REGISTRY_NAMES);
        } else {
            assert_eq!(
                names, "email, calendar, files, database, search, calculator",
                "{e}"
            );
            let mut d = Driver::new(e);
            assert_eq!(
                d.wb.update(0, Msg::ChooseTool("files.delete".into())),
                gateway_core::Handled::Ignored(gateway_core::Ignored::NotInRegistry)
            );
        }
    }
}

#[test]
fn delete_is_refused_even_with_an_approval_of_the_exact_payload() {
    let mut d = driver_with(vec![&ARCHIVE]);
    let at_load = contents(&d.view());
    d.send(Msg::SetToolName("files.archive".into()));
    d.send(Msg::SetRole(Role::Operator));
    d.send(Msg::EditArgs(
        json!({ "path": "/workspace/notes.txt" }).to_string(),
    ));
    // While the call is a write, its exact payload can be approved.
    let v = d.send(Msg::Approve);
    assert!(v.builder.approval.approved);

    // The same payload, now a delete, with the approval still held.
    ARCHIVE_IS_DELETE.store(true, Ordering::SeqCst);
    let v = d.send(Msg::Restart);
    assert!(v.builder.approval.approved, "restart keeps the approval");
    assert!(!v.builder.approval.can_approve);
    let v = d.finish();
    assert_rejected_at(&v, "role");
    assert_eq!(reason(&v, "role"), "delete risk is refused for every role");
    assert_eq!(status(&v, "approval"), "skipped");
    assert_eq!(contents(&v), at_load);

    // The other side: as a write, the same approval lets it through.
    ARCHIVE_IS_DELETE.store(false, Ordering::SeqCst);
    let v = d.rerun();
    assert_all_pass(&v);
    assert_eq!(
        ledger(&v)["files"]["/workspace/notes.txt"],
        "(deleted)",
        "the tool does run when policy allows it"
    );
}

fn event(title: &str, start: &str, end: &str) -> String {
    json!({ "title": title, "start": start, "end": end }).to_string()
}

#[test]
fn a_calendar_overlap_with_lunch_is_rejected_at_execution_naming_it() {
    let mut d = Driver::new(ExperimentId::Registry);
    d.send(Msg::SelectTool(ToolId::Calendar));
    d.send(Msg::SetRole(Role::Operator));
    let fixtures = ledger(&d.view())["schedule"].clone();
    assert_eq!(fixtures[1]["title"], "Lunch");

    for (start, end) in [
        ("12:30", "13:30"),
        ("11:00", "12:01"),
        ("12:59", "14:00"),
        ("12:00", "13:00"),
        ("11:00", "14:00"),
    ] {
        d.send(Msg::EditArgs(event("Design review", start, end)));
        let v = d.send(Msg::Approve);
        assert!(v.builder.approval.approved, "a valid write can be approved");
        let v = d.finish();
        assert_rejected_at(&v, "execution");
        assert_eq!(
            reason(&v, "execution"),
            format!("{start}–{end} overlaps \"Lunch\" (12:00–13:00)")
        );
        assert_eq!(ledger(&v)["schedule"], fixtures, "{start}–{end}");
        assert_eq!(v.output.text, None);
    }
    assert_eq!(counters(&d.view())["rejections"]["execution"], 5);

    // Half-open: touching lunch on either side is no overlap.
    for (n, (start, end)) in [("13:00", "14:00"), ("11:00", "12:00")]
        .into_iter()
        .enumerate()
    {
        d.send(Msg::SetKey(format!("touch-{n}")));
        d.send(Msg::EditArgs(event("Design review", start, end)));
        d.send(Msg::Approve);
        let v = d.finish();
        assert_all_pass(&v);
        let schedule = ledger(&v)["schedule"].clone();
        assert_eq!(schedule.as_array().unwrap().len(), 3 + n);
        assert_eq!(schedule[2 + n]["start"], start);
        assert_eq!(schedule[2 + n]["id"], format!("event-{}", n + 1));
    }
}

#[test]
fn block_mutations_rejects_a_write_before_execution_and_lets_a_read_through() {
    let mut d = Driver::new(ExperimentId::Registry);
    d.send(Msg::SelectTool(ToolId::Calendar));
    d.send(Msg::SetRole(Role::Operator));
    let v = d.send(Msg::SetHook(Hook::BlockMutations));
    assert!(v
        .builder
        .hooks
        .iter()
        .any(|h| h.value == "block-mutations" && h.selected));
    d.send(Msg::Approve);
    let v = d.finish();
    assert_rejected_at(&v, "before-hook");
    assert_eq!(
        reason(&v, "before-hook"),
        "the Block mutations hook rejects every mutation (write risk)"
    );
    assert_eq!(status(&v, "approval"), "skipped");
    assert_eq!(ledger(&v)["schedule"].as_array().unwrap().len(), 2);

    // A send is a mutation too.
    d.send(Msg::SelectTool(ToolId::Email));
    d.send(Msg::Approve);
    let v = d.finish();
    assert_rejected_at(&v, "before-hook");
    assert_eq!(ledger(&v)["outbox"], json!([]));

    // A read goes through the same hook.
    let v = d.send(Msg::SelectTool(ToolId::Search));
    assert!(v
        .builder
        .hooks
        .iter()
        .any(|h| h.value == "block-mutations" && h.selected));
    let v = d.finish();
    assert_all_pass(&v);
    assert_eq!(status(&v, "before-hook"), "passed");
    assert_eq!(
        reason(&v, "before-hook"),
        "Block mutations lets a read through"
    );
    assert!(v.output.text.is_some());

    // Without the hook, the same write passes the before-hook.
    d.send(Msg::SelectTool(ToolId::Calendar));
    d.send(Msg::SetHook(Hook::None));
    d.send(Msg::Approve);
    let v = d.finish();
    assert_all_pass(&v);
    assert_eq!(status(&v, "before-hook"), "not-needed");
    assert_eq!(ledger(&v)["schedule"].as_array().unwrap().len(), 3);
}

/// The policy panel's words are read from the registry shown: the
/// registry experiment names the two tools refused for every role and
/// never says that no tool can delete or share; an experiment holding
/// the fixture tools alone says that none can. Its declarations panel
/// lists the tools of its own registry.
#[test]
fn the_policy_and_declarations_panels_read_the_registry_shown() {
    let none = "No registered tool can delete or share, and no operation may be added to give one.";
    let v = Driver::new(ExperimentId::Registry).view();
    assert_eq!(
        v.policy.refused,
        "files.delete, files.share are declared, yet the role gate refuses their calls to delete or share for every role: declaring a tool grants nothing."
    );
    assert!(
        !v.labels.policy_intro.contains("delete"),
        "{}",
        v.labels.policy_intro
    );
    let v = Driver::new(ExperimentId::Email).view();
    assert_eq!(v.policy.refused, none);

    let names = |id: ExperimentId| -> Vec<String> {
        let wb = Driver::new(id);
        let view = wb.wb.declarations_view().unwrap();
        view.tools.into_iter().map(|t| t.name).collect()
    };
    assert_eq!(
        names(ExperimentId::Registry),
        [
            "email",
            "calendar",
            "files",
            "database",
            "search",
            "calculator",
            "files.delete",
            "files.share"
        ]
    );
    assert_eq!(
        names(ExperimentId::Email),
        [
            "email",
            "calendar",
            "files",
            "database",
            "search",
            "calculator"
        ]
    );

    // Every download is the experiment's own registry's export.
    for id in [ExperimentId::Registry, ExperimentId::Email] {
        let mut d = Driver::new(id);
        let registry = id.experiment().registry();
        for export in Export::ALL {
            while d.wb.poll_command().is_some() {}
            d.send(Msg::DownloadExport(export));
            let Some(Command::Download { text, .. }) = d.wb.poll_command() else {
                panic!("{id:?} {export:?}: no download");
            };
            assert_eq!(text, export.text(&registry, Locale::En) + "\n");
            assert_eq!(
                text.contains(&*export.tool_name("files.delete")),
                id == ExperimentId::Registry,
                "{id:?} {export:?}"
            );
        }
    }
}
