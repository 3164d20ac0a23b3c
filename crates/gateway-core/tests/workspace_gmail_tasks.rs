//! The Gmail and Tasks tools of seed 002's Workspace registry on the page:
//! a workbench whose registry holds `workspace::tools()`, driven by
//! messages and read through the view, as `seventh_tool.rs` drives its
//! tally. Read and draft run without approval, send and write wait for
//! it; each committed change shows in its store's section and in the
//! ledger JSON; a full drafts folder is refused at execution.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use gateway_core::tools::{workspace, Registry};
use gateway_core::{ExperimentId, Msg, Role, Workbench};
use serde_json::{json, Value};

fn driver(tool: &str) -> Driver {
    let registry = Registry::with_tools(workspace::tools());
    let mut d = Driver::with_workbench(Workbench::with_registry(ExperimentId::Registry, registry));
    d.send(Msg::ChooseTool(tool.into()));
    d
}

/// The items of the ledger view's section whose title ends with `title`.
fn section(v: &gateway_core::PageModel, title: &str) -> Vec<String> {
    (v.ledger.sections.iter())
        .find(|s| s.title.ends_with(title))
        .unwrap_or_else(|| panic!("a section titled {title}"))
        .items
        .clone()
}

fn output(v: &gateway_core::PageModel) -> Value {
    serde_json::from_str(v.output.text.as_deref().expect("an output")).unwrap()
}

#[test]
fn gmail_search_runs_at_once_and_returns_the_injected_message_as_data() {
    let mut d = driver("gmail.search");
    d.send(Msg::SetRole(Role::Viewer));
    d.send(Msg::EditArgs(r#"{"query": "invoice"}"#.into()));
    let v = d.finish();
    assert_all_pass(&v);
    assert_eq!(status(&v, "approval"), "not-needed");
    let out = output(&v);
    assert_eq!(out["count"], json!(1));
    assert_eq!(out["results"][0]["from"], json!("billing@outside.test"));
    // The inbox is in the view, whole, and not in the JSON.
    let inbox = section(&v, "Inbox (read only)");
    assert_eq!(inbox.len(), 6);
    assert!(inbox[1].contains("archive@outside.test"), "{}", inbox[1]);
    assert_eq!(ledger(&v).get("inbox"), None);
}

#[test]
fn gmail_draft_runs_without_approval_and_shows_in_drafts() {
    let mut d = driver("gmail.draft");
    d.send(Msg::SetRole(Role::Operator));
    let v = d.finish();
    assert_all_pass(&v);
    assert_eq!(status(&v, "approval"), "not-needed");
    assert_eq!(ledger(&v)["drafts"][0]["id"], json!("draft-1"));
    assert_eq!(ledger(&v)["drafts"][0]["to"], json!("maya@example.test"));
    assert_eq!(
        section(&v, "Drafts"),
        ["draft-1 to maya@example.test: Re: Design review moved to 14:00"]
    );
    assert_eq!(ledger(&v)["outbox"], json!([]), "nothing was sent");
}

#[test]
fn gmail_send_waits_for_approval_then_appends_to_the_outbox() {
    let mut d = driver("gmail.send");
    d.send(Msg::SetRole(Role::Operator));
    let v = d.finish();
    assert_rejected_at(&v, "approval");
    assert_eq!(ledger(&v)["outbox"], json!([]));
    d.send(Msg::Approve);
    let v = d.rerun();
    assert_all_pass(&v);
    assert_eq!(ledger(&v)["outbox"][0]["id"], json!("email-1"));
    assert_eq!(
        section(&v, "Outbox"),
        ["email-1 to ops@example.test: Weekly summary"]
    );
}

#[test]
fn tasks_create_waits_for_approval_and_tasks_list_reads_the_task() {
    let mut d = driver("tasks.create");
    d.send(Msg::SetRole(Role::Operator));
    assert_rejected_at(&d.finish(), "approval");
    d.send(Msg::Approve);
    let v = d.rerun();
    assert_all_pass(&v);
    assert_eq!(
        ledger(&v)["tasks"][2],
        json!({"id": "task-3", "title": "Reply to Maya about the design review", "due": "13:30"})
    );
    assert_eq!(
        section(&v, "Tasks")[2],
        "Reply to Maya about the design review (task-3), due 13:30"
    );
    d.send(Msg::ChooseTool("tasks.list".into()));
    let v = d.finish();
    assert_all_pass(&v);
    assert_eq!(output(&v)["count"], json!(3));
    assert_eq!(output(&v)["tasks"][2]["id"], json!("task-3"));
}

#[test]
fn a_full_drafts_folder_is_refused_at_execution_naming_the_bound() {
    let mut d = driver("gmail.draft");
    d.send(Msg::SetRole(Role::Operator));
    for n in 1..=20 {
        d.send(Msg::SetKey(format!("draft-key-{n}")));
        assert_all_pass(&d.finish());
    }
    d.send(Msg::SetKey("draft-key-21".into()));
    let v = d.finish();
    assert_rejected_at(&v, "execution");
    assert_eq!(
        reason(&v, "execution"),
        "The drafts folder is full: it holds at most 20 drafts"
    );
    assert_eq!(ledger(&v)["drafts"].as_array().map(Vec::len), Some(20));
}
