//! The number table: JSON number text, what JavaScript's `JSON.parse` makes
//! of it, and what the page does with it.
//!
//! One table, two runs. `tests/numbers.rs` runs it natively; the browser
//! test `crates/gateway-web/tests/web.rs` includes this same file (by
//! `#[path]`) and runs it in headless Chromium against the wasm build of
//! gateway-core, compiled with the features the page ships, and there it
//! also checks every row against the browser's own `JSON.parse`. A native
//! test alone is not enough: a dev-dependency can switch on a feature of a
//! shipped crate for `cargo test` only (serde_json's `float_roundtrip` was
//! on in native tests through `jsonschema` and off in the page).
//!
//! The `value` and `js` columns were recorded with Node.js 20:
//! `JSON.parse(text)` and `String(JSON.parse(text))`. The browser run
//! re-checks them against Chromium.

#![allow(dead_code)]

use gateway_core::gates::{self, Inputs};
use gateway_core::json::{js_number, parse, JsonError, Syntax};
use gateway_core::ledger::{Commit, Ledger};
use gateway_core::text::Locale;
use gateway_core::{ExperimentId, Hook, Msg, Registry, Role, ToolId, Verdict, Workbench};

/// What `gateway_core::json::parse` does with a row's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ours {
    /// The same double as `JSON.parse`.
    Same,
    /// Rejected as `Malformed JSON` for this reason (`JSON.parse` gives
    /// ±Infinity, which no tool accepts; see `tests/json_suite.rs`).
    Reject(Syntax),
}

#[derive(Debug, Clone, Copy)]
pub struct Row {
    /// The JSON text, as a learner types it.
    pub text: &'static str,
    /// `JSON.parse(text)`.
    pub value: f64,
    /// `String(JSON.parse(text))`.
    pub js: &'static str,
    pub ours: Ours,
}

const fn same(text: &'static str, value: f64, js: &'static str) -> Row {
    Row {
        text,
        value,
        js,
        ours: Ours::Same,
    }
}

const fn rejected(text: &'static str, value: f64, js: &'static str, detail: Syntax) -> Row {
    Row {
        text,
        value,
        js,
        ours: Ours::Reject(detail),
    }
}

/// Every row. Decimals of 16 or more significant digits are where a
/// parser that is not correctly rounded (serde_json without
/// `float_roundtrip`) goes wrong by one unit in the last place: about one
/// 17-digit decimal in four.
pub const NUMBERS: &[Row] = &[
    same("0.1", 0.1, "0.1"),
    same("0.2", 0.2, "0.2"),
    same(
        "0.30000000000000004",
        0.30000000000000004,
        "0.30000000000000004",
    ),
    same("1e-7", 1e-7, "1e-7"),
    same("7.0e-10", 7e-10, "7e-10"),
    same("123.456", 123.456, "123.456"),
    same("24.0", 24.0, "24"),
    same("2.4e1", 24.0, "24"),
    same("0.1e1", 1.0, "1"),
    same("-0.0", -0.0, "0"),
    same("0.000001", 0.000001, "0.000001"),
    same("1.005", 1.005, "1.005"),
    same("4.35", 4.35, "4.35"),
    same(
        "3.141592653589793",
        std::f64::consts::PI,
        "3.141592653589793",
    ),
    same(
        "2.718281828459045",
        std::f64::consts::E,
        "2.718281828459045",
    ),
    same(
        "0.3333333333333333",
        0.3333333333333333,
        "0.3333333333333333",
    ),
    // 2^53 + 1 is not a double: ties to even, down to 2^53.
    same("9007199254740993", 9007199254740992.0, "9007199254740992"),
    same(
        "12345678901234567890",
        12345678901234567000.0,
        "12345678901234567000",
    ),
    same("100000000000000000000000", 1e23, "1e+23"),
    same("6.02214076e23", 6.02214076e23, "6.02214076e+23"),
    same("1e12", 1e12, "1000000000000"),
    same(
        "1.7976931348623157e308",
        1.7976931348623157e308,
        "1.7976931348623157e+308",
    ),
    same(
        "2.2250738585072014e-308",
        2.2250738585072014e-308,
        "2.2250738585072014e-308",
    ),
    same(
        "2.2250738585072011e-308",
        2.225073858507201e-308,
        "2.225073858507201e-308",
    ),
    same("5e-324", 5e-324, "5e-324"),
    same("1e-400", 0.0, "0"),
    // Many digits, rounded once, correctly.
    same(
        "1234567890.123456789",
        1234567890.1234567,
        "1234567890.1234567",
    ),
    same("9.895037625024687", 9.895037625024687, "9.895037625024687"),
    same("1.9858670163035338", 1.985867016303534, "1.985867016303534"),
    same("3.6412838838657301", 3.64128388386573, "3.64128388386573"),
    same("26.135824799590050", 26.13582479959005, "26.13582479959005"),
    same(
        "430.74848938881721",
        430.74848938881723,
        "430.74848938881723",
    ),
    same("782856844701.57085", 782856844701.5708, "782856844701.5708"),
    same(
        "2926452355574884.7",
        2926452355574884.5,
        "2926452355574884.5",
    ),
    // The issue's three: a calculator operand, a seat count that is not a
    // whole number, a value over the calculator's 1e12 bound.
    same(
        "14591673423.607815",
        14591673423.607815,
        "14591673423.607815",
    ),
    same(
        "484.0000000000000319",
        484.00000000000006,
        "484.00000000000006",
    ),
    same(
        "1000000000000.0001",
        1000000000000.0001,
        "1000000000000.0001",
    ),
    // Just under the bound, and a decimal that rounds onto it.
    same("999999999999.9999", 999999999999.9999, "999999999999.9999"),
    same("1000000000000.00001", 1e12, "1000000000000"),
    // Overflow: JavaScript gives ±Infinity; we reject (json_suite.rs says why).
    rejected("1e400", f64::INFINITY, "Infinity", Syntax::BadNumber),
    rejected("-1e400", f64::NEG_INFINITY, "-Infinity", Syntax::BadNumber),
];

/// A JavaScript engine's `JSON.parse(text)`: the double, and `String()` of it.
pub type JsonParse = dyn Fn(&str) -> Result<(f64, String), String>;

/// Every problem with the table, one line each; empty when all rows hold.
///
/// Checks each row against gateway-core's parser (alone and inside an
/// array and an object, as tool arguments hold numbers) and its number
/// printer. With `json_parse`, it also checks the recorded columns
/// against that JavaScript engine.
pub fn number_problems(json_parse: Option<&JsonParse>) -> Vec<String> {
    let mut problems = Vec::new();
    for row in NUMBERS {
        let text = row.text;
        if js_number(row.value) != row.js {
            problems.push(format!(
                "{text}: js_number({:?}) is {}, JavaScript prints {}",
                row.value,
                js_number(row.value),
                row.js
            ));
        }
        if let Some(json_parse) = json_parse {
            match json_parse(text) {
                Ok((value, printed)) => {
                    if value.to_bits() != row.value.to_bits() {
                        problems.push(format!(
                            "{text}: JSON.parse gives {value:?}, the table says {:?}",
                            row.value
                        ));
                    }
                    if printed != row.js {
                        problems.push(format!(
                            "{text}: String(JSON.parse) gives {printed}, the table says {}",
                            row.js
                        ));
                    }
                }
                Err(err) => problems.push(format!("{text}: JSON.parse failed: {err}")),
            }
        }
        // Alone, and inside an array and an object, as tool arguments hold
        // numbers. (No `serde_json` type is named here: the browser test's
        // crate does not depend on it.)
        let array = format!("[{text}]");
        let object = format!("{{\"n\": {text}}}");
        for (wrapped, got) in [
            (text, parse(text).map(|v| v.as_f64())),
            (
                &array,
                parse(&array).map(|v| v.get(0).and_then(|x| x.as_f64())),
            ),
            (
                &object,
                parse(&object).map(|v| v.get("n").and_then(|x| x.as_f64())),
            ),
        ] {
            match (got, row.ours) {
                (Ok(Some(x)), Ours::Same) if x.to_bits() == row.value.to_bits() => {
                    if js_number(x) != row.js {
                        problems.push(format!("{wrapped}: prints as {}", js_number(x)));
                    }
                }
                (Ok(got), Ours::Same) => problems.push(format!(
                    "{wrapped}: parses as {got:?}, JSON.parse gives {:?} ({})",
                    row.value, row.js
                )),
                (Err(JsonError::Malformed { detail, .. }), Ours::Reject(want))
                    if detail == want => {}
                (got, ours) => problems.push(format!("{wrapped}: expected {ours:?}, got {got:?}")),
            }
        }
    }
    problems
}

/// What the seven gates must make of a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expect {
    /// No gate rejects; the returned output's `result` prints as this.
    Result(&'static str),
    /// The schema gate rejects with exactly this reason; the ledger keeps
    /// its fixtures.
    SchemaRejects(&'static str),
}

#[derive(Debug, Clone, Copy)]
pub struct GateCase {
    pub experiment: ExperimentId,
    pub tool: ToolId,
    pub args: &'static str,
    pub expect: Expect,
}

/// The issue's three calls, and the largest decimal under the bound.
pub const GATE_CASES: &[GateCase] = &[
    // Was 14591673423.607817 in the page.
    GateCase {
        experiment: ExperimentId::Calculator,
        tool: ToolId::Calculator,
        args: r#"{"operator":"add","left":14591673423.607815,"right":0}"#,
        expect: Expect::Result("14591673423.607815"),
    },
    // Was read as 484 in the page: passed as a whole number and committed.
    GateCase {
        experiment: ExperimentId::Database,
        tool: ToolId::Database,
        args: r#"{"operation":"set","key":"seats","value":484.0000000000000319}"#,
        expect: Expect::SchemaRejects("value must be a whole number (got 484.00000000000006)"),
    },
    // Was read as 1e12 in the page: accepted although over the bound.
    GateCase {
        experiment: ExperimentId::Calculator,
        tool: ToolId::Calculator,
        args: r#"{"operator":"add","left":1000000000000.0001,"right":0}"#,
        expect: Expect::SchemaRejects(
            "left must be from -1000000000000 to 1000000000000 (got 1000000000000.0001)",
        ),
    },
    // Was read as 1e12 in the page.
    GateCase {
        experiment: ExperimentId::Calculator,
        tool: ToolId::Calculator,
        args: r#"{"operator":"add","left":999999999999.9999,"right":0}"#,
        expect: Expect::Result("999999999999.9999"),
    },
];

/// Every problem with [`GATE_CASES`], one line each; empty when all hold.
///
/// Each call is planned by `gates::plan` as an operator, and run through a
/// `Workbench` as a learner would: choose the tool, type the arguments,
/// choose the operator role, approve where approval applies, press Next
/// gate seven times.
pub fn gate_problems() -> Vec<String> {
    let mut problems = Vec::new();
    for case in GATE_CASES {
        let args = case.args;
        let inputs = Inputs {
            tool: case.tool.id().into(),
            args: args.into(),
            role: Role::Operator,
            hook: Hook::None,
            key: "number-table".into(),
            reuse: true,
            approval: None,
            refusal: None,
        };
        let planned = gates::plan(
            &Registry::fixtures(),
            &inputs,
            &Ledger::fixtures(),
            Locale::En,
        );
        check_plan("gates::plan", case, &planned, &mut problems);

        let mut wb = Workbench::new(case.experiment);
        let mut now = 1_000;
        let mut send = |wb: &mut Workbench, msg: Msg| {
            now += 10;
            wb.update(now, msg);
        };
        send(&mut wb, Msg::SelectTool(case.tool));
        send(&mut wb, Msg::EditArgs(args.into()));
        send(&mut wb, Msg::SetRole(Role::Operator));
        if wb.approval_applies() {
            send(&mut wb, Msg::Approve);
        }
        let before = wb.ledger().clone();
        check_plan("Workbench", case, wb.plan(), &mut problems);
        for _ in 0..7 {
            send(&mut wb, Msg::NextGate);
        }
        let view = wb.view();
        if !view.gateway.playback.finished {
            problems.push(format!("{args}: the run did not finish in seven presses"));
        }
        let statuses: Vec<&str> = view
            .gateway
            .gates
            .iter()
            .map(|row| row.status.id())
            .collect();
        let planned_statuses: Vec<&str> = wb.plan().rows().iter().map(|r| r.verdict.id()).collect();
        if statuses != planned_statuses {
            problems.push(format!(
                "{args}: the page shows {statuses:?}, the plan says {planned_statuses:?}"
            ));
        }
        if let Expect::SchemaRejects(_) = case.expect {
            if gateway_core::tools::database::table(wb.ledger().stores())
                != gateway_core::tools::database::table(before.stores())
                || wb.ledger().receipts() != before.receipts()
            {
                problems.push(format!("{args}: a rejected call changed the ledger"));
            }
        }
    }
    problems
}

fn check_plan(by: &str, case: &GateCase, plan: &gates::Plan, problems: &mut Vec<String>) {
    let args = case.args;
    match case.expect {
        Expect::Result(want) => {
            if let Some(gate) = plan.rejected_at() {
                problems.push(format!(
                    "{by}: {args}: rejected at {gate}: {}",
                    plan.summary().en()
                ));
                return;
            }
            let got = plan
                .returned()
                .and_then(|out| out.get("result"))
                .and_then(|result| result.as_f64())
                .map(js_number);
            if got.as_deref() != Some(want) {
                problems.push(format!("{by}: {args}: result {got:?}, expected {want}"));
            }
        }
        Expect::SchemaRejects(want) => {
            let schema = &plan.rows()[0];
            if plan.commit() != Commit::Rejected(gates::Gate::Schema)
                || schema.verdict != Verdict::Rejected
                || schema.reason.to_string() != want
            {
                problems.push(format!(
                    "{by}: {args}: expected the schema gate to reject ({want}), got {:?} {:?}: {}",
                    plan.commit(),
                    schema.verdict,
                    schema.reason
                ));
            }
        }
    }
}
