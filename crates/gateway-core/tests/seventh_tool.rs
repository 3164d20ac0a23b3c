//! A seventh tool that lives only in this file, with a store of its own:
//! a tally that adds a small number to a bounded total. Everything about
//! it — name, risk, arguments, examples, execution, store, limit, fixture,
//! errors, its section of the ledger view and its part of the ledger JSON
//! — is declared here; the registry holds it by one line
//! ([`registry`]). The test walks it through the seven gates (passing
//! each, refused at six of them), reads its store in the ledger view and
//! JSON, resets it with the ledger, and exports its declaration.
//!
//! It has no messages of its own: it borrows existing ones for its words.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use gateway_core::declarations::Export;
use gateway_core::schema::{Args, Field, Kind, Shape, Variant};
use gateway_core::store::{Effect, Note, Store, StoreKind, StoreView, Stores};
use gateway_core::text::{Locale, Text};
use gateway_core::tools::{Claims, Declaration, Examples, ExecError, Failure, Planned, Tool};
use gateway_core::{ExperimentId, Hook, Msg, Registry, Risk, Role, ToolId, Workbench};
use serde_json::{json, Value};

// ---------------------------------------------------------------------------
// The tool, in one place.

/// The tally holds at most this total.
const MAX_TOTAL: i64 = 10;

#[derive(Debug)]
struct Tally;

static DECLARATION: Declaration = Declaration {
    name: "tally",
    label: || Text::ToolCalculatorLabel,
    description: || Text::ToolCalculatorDescription,
    risks: &[Risk::Write],
    shape: Shape {
        variants: &[Variant {
            consts: &[],
            fields: &[Field {
                name: "add",
                required: true,
                kind: Kind::Integer { min: 1, max: 5 },
                description: || Text::ToolCalculatorArgLeft,
            }],
        }],
    },
    // No prose: the same in every fixture language.
    examples: gateway_core::fixtures::Localized(
        [const {
            Examples {
                valid: r#"{"add": 2}"#,
                malformed: r#"{"add": }"#,
                boundary: r#"{"add": 6}"#,
            }
        }; 2],
    ),
    redacts: &[],
    claims: Claims::NONE,
};

/// The tally's store: one bounded total.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Total(i64);

impl Store for Total {
    /// How much a call adds.
    type Change = i64;

    fn fixtures(_: gateway_core::fixtures::Fixtures) -> Self {
        Total(0)
    }

    fn apply(&mut self, add: i64) {
        self.0 += add;
    }

    fn change_text(add: &i64) -> Text {
        Text::LedgerFile {
            path: "tally".into(),
            content: format!("+{add}").into(),
        }
    }

    fn note(&self, add: &i64) -> Option<Note> {
        Some(Note::Replaced {
            name: "total".into(),
            before: self.0.to_string(),
            after: (self.0 + add).to_string(),
        })
    }

    fn row(&self, _: &i64) -> Option<usize> {
        Some(0)
    }

    fn view(&self) -> StoreView {
        StoreView {
            title: Text::LedgerRecord {
                n: 7.into(),
                text: "Tally".into(),
            },
            rows: vec![Text::LedgerFile {
                path: "total".into(),
                content: self.0.to_string().into(),
            }],
            empty: None,
        }
    }

    fn json(&self) -> Option<(&'static str, Value)> {
        Some(("tally", json!({ "total": self.0 })))
    }
}

/// Why the tally refuses a call at execution.
#[derive(Debug, Clone, PartialEq, Eq)]
enum TallyError {
    Over { got: i64 },
}

impl Failure for TallyError {
    fn text(&self) -> Text {
        let TallyError::Over { got } = self;
        Text::ExecResultOutOfRange {
            min: "0".into(),
            max: MAX_TOTAL.to_string().into(),
            got: got.to_string().into(),
        }
    }
}

impl Tool for Tally {
    fn declaration(&self) -> &Declaration {
        &DECLARATION
    }

    fn store(&self) -> Option<StoreKind> {
        Some(StoreKind::of::<Total>())
    }

    fn plan(&self, args: &Args, stores: &Stores, _: Locale) -> Result<Planned, ExecError> {
        let total = stores.read::<Total>().0;
        let add = args.number("add").unwrap_or_default() as i64;
        if total + add > MAX_TOTAL {
            return Err(TallyError::Over { got: total + add }.into());
        }
        Ok(Planned {
            output: json!({ "total": total + add }),
            effect: Effect::on::<Total>(add),
        })
    }
}

// ---------------------------------------------------------------------------
// The registry: the fixture tools and, on one line, the tally.

fn registry() -> Registry {
    let mut tools: Vec<&'static dyn Tool> = ToolId::ALL.iter().map(|t| t.tool()).collect();
    tools.push(&Tally);
    Registry::with_tools(tools)
}

fn driver() -> Driver {
    let mut d =
        Driver::with_workbench(Workbench::with_registry(ExperimentId::Registry, registry()));
    d.send(Msg::ChooseTool("tally".into()));
    d
}

/// The ledger view's section titled like the tally's, as `(title, items)`.
fn tally_section(v: &gateway_core::PageModel) -> (String, Vec<String>) {
    let s = (v.ledger.sections.iter())
        .find(|s| s.title == "7. Tally")
        .expect("the tally's section");
    (s.title.clone(), s.items.clone())
}

// ---------------------------------------------------------------------------

#[test]
fn the_seventh_tool_passes_every_gate_and_its_store_shows_the_change() {
    let mut d = driver();
    let v = d.view();
    assert_eq!(v.builder.tool_name, "tally");
    assert_eq!(
        v.builder.args, r#"{"add": 2}"#,
        "its valid example is loaded"
    );
    // Its store stands among the ledger's, at its fixture, in view and JSON.
    assert_eq!(tally_section(&v).1, ["total: 0"]);
    assert_eq!(ledger(&v)["tally"], json!({ "total": 0 }));
    // The tool's own parts are shown first: its store and the receipts.
    let own: Vec<&str> = (v.ledger.own.iter())
        .map(|&i| v.ledger.sections[i].title.as_str())
        .collect();
    assert_eq!(own, ["7. Tally", "Receipts"]);
    assert_eq!(v.ledger.untouched, None);

    d.send(Msg::SetRole(Role::Operator));
    d.send(Msg::Approve);
    let v = d.finish();
    assert_all_pass(&v);
    assert_eq!(reason(&v, "execution"), "tally: +2");
    assert_eq!(v.output.text.as_deref(), Some("{\n  \"total\": 2\n}"));
    assert_eq!(ledger(&v)["tally"], json!({ "total": 2 }));
    assert_eq!(tally_section(&v).1, ["total: 2"]);
    let change = v.ledger.change.as_ref().expect("the change is marked");
    assert_eq!(v.ledger.sections[change.section].title, "7. Tally");
    assert_eq!(change.item, 0);
    assert_eq!(change.text, "Changed by the last run: total 0 → 2");
    assert_eq!(ledger(&v)["receipts"][0]["tool"], "tally");
    // The other stores are as they were.
    assert_eq!(ledger(&v)["outbox"], json!([]));
}

#[test]
fn the_seventh_tool_is_refused_at_each_gate_that_can_refuse_it() {
    // Schema: its own shape.
    let mut d = driver();
    d.send(Msg::SetRole(Role::Operator));
    d.send(Msg::EditArgs(r#"{"add": 6}"#.into()));
    let v = d.finish();
    assert_rejected_at(&v, "schema");
    assert_eq!(reason(&v, "schema"), "add must be from 1 to 5 (got 6)");

    // Before-hook: a write is blocked.
    let mut d = driver();
    d.send(Msg::SetRole(Role::Operator));
    d.send(Msg::SetHook(Hook::BlockMutations));
    let v = d.finish();
    assert_rejected_at(&v, "before-hook");

    // Role: a viewer may not write.
    let mut d = driver();
    d.send(Msg::SetRole(Role::Viewer));
    let v = d.finish();
    assert_rejected_at(&v, "role");

    // Approval: a write needs the person's approval of this payload.
    let mut d = driver();
    d.send(Msg::SetRole(Role::Operator));
    let v = d.finish();
    assert_rejected_at(&v, "approval");

    // Idempotency: the key holds another payload's receipt.
    let mut d = driver();
    d.send(Msg::SetRole(Role::Operator));
    d.send(Msg::Approve);
    assert_all_pass(&d.finish());
    d.send(Msg::EditArgs(r#"{"add": 3}"#.into()));
    d.send(Msg::Approve);
    let v = d.rerun();
    assert_rejected_at(&v, "idempotency");
    assert_eq!(ledger(&v)["tally"], json!({ "total": 2 }));

    // Execution: its own error, in its own words, against its own store.
    d.send(Msg::SetKey("second".into()));
    d.send(Msg::EditArgs(r#"{"add": 5}"#.into()));
    d.send(Msg::Approve);
    assert_all_pass(&d.rerun());
    d.send(Msg::SetKey("third".into()));
    d.send(Msg::EditArgs(r#"{"add": 4}"#.into()));
    d.send(Msg::Approve);
    let v = d.rerun();
    assert_rejected_at(&v, "execution");
    assert_eq!(
        reason(&v, "execution"),
        "result must be a finite number from 0 to 10 (got 11)"
    );
    assert_eq!(ledger(&v)["tally"], json!({ "total": 7 }));
}

#[test]
fn the_seventh_tools_store_resets_with_the_ledger() {
    let mut d = driver();
    d.send(Msg::SetRole(Role::Operator));
    d.send(Msg::Approve);
    d.finish();
    assert_eq!(ledger(&d.view())["tally"], json!({ "total": 2 }));
    let v = d.send(Msg::ResetLedger);
    assert_eq!(ledger(&v)["tally"], json!({ "total": 0 }));
    assert_eq!(tally_section(&v).1, ["total: 0"]);
    assert_eq!(ledger(&v)["receipts"], json!([]));
}

/// Every export of the registry (MCP, OpenAI, Gemini) declares it, with
/// its argument and its risk's hints.
#[test]
fn the_seventh_tools_declaration_is_exported() {
    let registry = registry();
    let mcp = gateway_core::declarations::mcp_tools_list(&registry, Locale::En);
    let tally = (mcp["tools"].as_array().unwrap().iter())
        .find(|t| t["name"] == "tally")
        .expect("tally in tools/list");
    assert_eq!(tally["inputSchema"]["properties"]["add"]["maximum"], 5);
    assert_eq!(tally["annotations"]["readOnlyHint"], false);
    for e in Export::ALL {
        let text = e.text(&registry, Locale::En);
        assert!(text.contains("\"tally\""), "{e}");
        assert!(text.contains("\"add\""), "{e}");
    }
}
