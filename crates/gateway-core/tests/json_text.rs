//! The JSON the page writes, byte for byte: every tool's returned output,
//! the ledger (`#ledger-json`), a runs-log record, a stored baseline and a
//! shared setup. `==` on `serde_json::Value` ignores the order of an
//! object's keys; these texts pin it, with every value as it is printed.

#![allow(clippy::unwrap_used)]

use gateway_core::baseline::Baseline;
use gateway_core::gates::{plan, Approval, Inputs};
use gateway_core::json::compact;
use gateway_core::ledger::Ledger;
use gateway_core::runlog::{LoggedClaim, RunEffect, RunRecord, TurnNote};
use gateway_core::share::Setup;
use gateway_core::text::Locale;
use gateway_core::{ExampleKind, Hook, Registry, Role, Speed, ToolId, Verdict};

/// Plans `args` for `tool` as `role` under `key`, approved for exactly
/// that call, commits the plan and returns the returned output's text.
fn run(ledger: &mut Ledger, tool: &str, args: &str, role: Role, key: &str) -> String {
    let registry = Registry::fixtures();
    let mut inputs = Inputs {
        tool: tool.into(),
        args: args.into(),
        role,
        hook: Hook::None,
        key: key.into(),
        reuse: true,
        approval: None,
        refusal: None,
    };
    if let Some(call) = plan(&registry, &inputs, ledger, Locale::En).call().cloned() {
        inputs.approval = Some(Approval {
            tool: call.tool,
            payload: call.payload,
        });
    }
    let planned = plan(&registry, &inputs, ledger, Locale::En);
    let returned = planned.returned().map(compact).unwrap_or_default();
    ledger.commit(planned.commit());
    returned
}

fn valid(tool: ToolId) -> &'static str {
    ExampleKind::Valid.text(
        tool.tool()
            .declaration()
            .examples
            .get(gateway_core::fixtures::Fixtures::En),
    )
}

#[test]
fn every_tool_returns_and_the_ledger_shows_the_same_text() {
    let mut ledger = Ledger::fixtures();
    let mut got = Vec::new();
    for tool in ToolId::ALL {
        got.push(run(
            &mut ledger,
            tool.id(),
            valid(tool),
            Role::Operator,
            tool.id(),
        ));
    }
    let (op, calls) = (
        Role::Operator,
        [
            (
                "calendar",
                r#"{"title":"Review \"é😀\"","start":"16:00","end":"16:30"}"#,
            ),
            (
                "files",
                r#"{"operation":"write","path":"/workspace/notes.txt","content":"a\nb\u0001"}"#,
            ),
            (
                "files",
                r#"{"operation":"read","path":"/workspace/report.txt"}"#,
            ),
            (
                "database",
                r#"{"operation":"set","key":"status","value":"closed"}"#,
            ),
            ("database", r#"{"operation":"get","key":"seats"}"#),
            ("search", r#"{"query":"THE","limit":2}"#),
            ("search", r#"{"query":"no such words"}"#),
            ("calculator", r#"{"operator":"divide","left":1,"right":3}"#),
            (
                "calculator",
                r#"{"operator":"multiply","left":-0.5,"right":0}"#,
            ),
            (
                "calculator",
                r#"{"operator":"subtract","left":1.5e-7,"right":2.5e11}"#,
            ),
        ],
    );
    for (i, (tool, args)) in calls.into_iter().enumerate() {
        got.push(run(&mut ledger, tool, args, op, &format!("k{i}")));
    }
    // A replayed receipt, and a rejection at the role gate.
    got.push(run(&mut ledger, "email", valid(ToolId::Email), op, "email"));
    got.push(run(
        &mut ledger,
        "email",
        valid(ToolId::Email),
        Role::Viewer,
        "v",
    ));
    got.push(compact(&ledger.to_json()));
    let want: Vec<&str> = EXPECTED.lines().collect();
    for (i, (got, want)) in got.iter().zip(&want).enumerate() {
        assert_eq!(got, want, "text {i}");
    }
    assert_eq!(got.len(), want.len());
}

#[test]
fn a_run_record_a_baseline_and_a_setup_keep_their_text() {
    let record = |output: Option<String>| RunRecord {
        seq: 12,
        at_ms: 1_700_000_000_123,
        experiment: "email".into(),
        tool: "email".into(),
        role: Role::Operator,
        hook: Hook::RedactOutput,
        key: "intent-\"1\"".into(),
        args: "{\"to\": \"é\"}".into(),
        outcomes: [Verdict::Passed; 7],
        effect: RunEffect::Committed,
        output,
        turn: None,
    };
    assert_eq!(
        compact(&record(Some("{\"id\": \"email-1\"}".into())).to_json()),
        r#"{"run":12,"at_ms":1700000000123,"experiment":"email","tool":"email","role":"operator","hook":"redact-output","key":"intent-\"1\"","args":"{\"to\": \"é\"}","outcomes":["passed","passed","passed","passed","passed","passed","passed"],"effect":"committed","output":"{\"id\": \"email-1\"}"}"#
    );
    assert_eq!(
        compact(&record(None).to_json()),
        r#"{"run":12,"at_ms":1700000000123,"experiment":"email","tool":"email","role":"operator","hook":"redact-output","key":"intent-\"1\"","args":"{\"to\": \"é\"}","outcomes":["passed","passed","passed","passed","passed","passed","passed"],"effect":"committed","output":null}"#
    );
    // A call of an agent turn says where it stood, and the last the claims.
    let mut last = record(None);
    last.turn = Some(TurnNote {
        call: 3,
        of: 3,
        claims: vec![LoggedClaim {
            quote: "I sent \"it\"".into(),
            tool: "email".into(),
            backed: false,
        }],
    });
    assert!(compact(&last.to_json()).ends_with(
        r#""output":null,"turn":{"call":3,"of":3,"claims":[{"quote":"I sent \"it\"","tool":"email","backed":false}]}}"#
    ));
    let baseline = |output: Option<String>| Baseline {
        request: "email({\"to\": \"é\"})".into(),
        role: "operator".into(),
        hook: "none".into(),
        key: "intent-1".into(),
        approved: true,
        rows: vec![
            ("schema".into(), "passed".into(), "Valid.".into()),
            (
                "role".into(),
                "rejected".into(),
                "Viewer \"cannot\".".into(),
            ),
        ],
        summary: "Rejected at the role gate.".into(),
        output,
    };
    assert_eq!(
        baseline(Some("{}".into())).to_stored(),
        r#"{"version":1,"baseline":{"request":"email({\"to\": \"é\"})","role":"operator","hook":"none","key":"intent-1","approved":true,"rows":[["schema","passed","Valid."],["role","rejected","Viewer \"cannot\"."]],"summary":"Rejected at the role gate.","output":"{}"}}"#
    );
    assert_eq!(
        baseline(None).to_stored(),
        r#"{"version":1,"baseline":{"request":"email({\"to\": \"é\"})","role":"operator","hook":"none","key":"intent-1","approved":true,"rows":[["schema","passed","Valid."],["role","rejected","Viewer \"cannot\"."]],"summary":"Rejected at the role gate.","output":null}}"#
    );
    let setup = Setup {
        experiment: "email".into(),
        tool: "email".into(),
        args: "{\"to\":\"<b>é😀\"}".into(),
        role: Role::Operator,
        hook: Hook::RedactOutput,
        key: "intent-2".into(),
        speed: Speed::Double,
    };
    assert_eq!(setup.to_fragment(), SETUP_FRAGMENT);
}

const SETUP_FRAGMENT: &str = "s=1.eyJlIjoiZW1haWwiLCJ0IjoiZW1haWwiLCJhIjoie1widG9cIjpcIjxiPsOp8J-YgFwifSIsInIiOiJvcGVyYXRvciIsImgiOiJyZWRhY3Qtb3V0cHV0IiwiayI6ImludGVudC0yIiwicyI6ImRvdWJsZSJ9";

/// One text per line: the six valid examples, the calls above in order,
/// the replay, the rejection (no output) and the ledger.
const EXPECTED: &str = r##"{"id":"email-1","status":"appended to the mock outbox (nothing was sent)","to":"learner@example.test","subject":"Weekly summary","body":"All seven gates passed for the synthetic report."}
{"id":"event-1","status":"added to the fixture schedule","title":"Design review","start":"14:00","end":"15:00","events_that_day":3}
{"path":"/workspace/notes.txt","status":"replaced in the virtual workspace","content":"Revised notes: approved by the operator."}
{"key":"seats","value":140,"previous":120}
{"query":"receipt","results":[{"record":2,"occurrences":1,"text":"An operation key names one intended effect; replaying the key returns its receipt, not a second effect."}]}
{"operator":"add","left":0.1,"right":0.2,"result":0.30000000000000004}
{"id":"event-2","status":"added to the fixture schedule","title":"Review \"é😀\"","start":"16:00","end":"16:30","events_that_day":4}
{"path":"/workspace/notes.txt","status":"replaced in the virtual workspace","content":"a\nb\u0001"}
{"path":"/workspace/report.txt","content":"Report draft: no findings yet."}
{"key":"status","value":"closed","previous":"open"}
{"key":"seats","value":140}
{"query":"THE","results":[{"record":1,"occurrences":2,"text":"Approval binds to the exact payload a reviewer saw, not to the role that asked."},{"record":3,"occurrences":2,"text":"Hooks run before and after execution; redaction changes the returned output, never the ledger."}]}
{"query":"no such words","results":[]}
{"operator":"divide","left":1,"right":3,"result":0.3333333333333333}
{"operator":"multiply","left":-0.5,"right":0,"result":0}
{"operator":"subtract","left":1.5e-7,"right":250000000000,"result":-250000000000}
{"id":"email-1","status":"appended to the mock outbox (nothing was sent)","to":"learner@example.test","subject":"Weekly summary","body":"All seven gates passed for the synthetic report."}

{"outbox":[{"id":"email-1","to":"learner@example.test","subject":"Weekly summary","body":"All seven gates passed for the synthetic report."}],"schedule":[{"id":"standup","title":"Stand-up","start":"09:00","end":"09:30"},{"id":"lunch","title":"Lunch","start":"12:00","end":"13:00"},{"id":"event-1","title":"Design review","start":"14:00","end":"15:00"},{"id":"event-2","title":"Review \"é😀\"","start":"16:00","end":"16:30"}],"files":{"/workspace/notes.txt":"a\nb\u0001","/workspace/report.txt":"Report draft: no findings yet."},"database":{"seats":140,"status":"closed"},"receipts":[{"key":"email","tool":"email","payload":"{\"body\":\"All seven gates passed for the synthetic report.\",\"subject\":\"Weekly summary\",\"to\":\"learner@example.test\"}","output":{"id":"email-1","status":"appended to the mock outbox (nothing was sent)","to":"learner@example.test","subject":"Weekly summary","body":"All seven gates passed for the synthetic report."}},{"key":"calendar","tool":"calendar","payload":"{\"end\":\"15:00\",\"start\":\"14:00\",\"title\":\"Design review\"}","output":{"id":"event-1","status":"added to the fixture schedule","title":"Design review","start":"14:00","end":"15:00","events_that_day":3}},{"key":"files","tool":"files","payload":"{\"content\":\"Revised notes: approved by the operator.\",\"operation\":\"write\",\"path\":\"/workspace/notes.txt\"}","output":{"path":"/workspace/notes.txt","status":"replaced in the virtual workspace","content":"Revised notes: approved by the operator."}},{"key":"database","tool":"database","payload":"{\"key\":\"seats\",\"operation\":\"set\",\"value\":140}","output":{"key":"seats","value":140,"previous":120}},{"key":"k0","tool":"calendar","payload":"{\"end\":\"16:30\",\"start\":\"16:00\",\"title\":\"Review \\\"é😀\\\"\"}","output":{"id":"event-2","status":"added to the fixture schedule","title":"Review \"é😀\"","start":"16:00","end":"16:30","events_that_day":4}},{"key":"k1","tool":"files","payload":"{\"content\":\"a\\nb\\u0001\",\"operation\":\"write\",\"path\":\"/workspace/notes.txt\"}","output":{"path":"/workspace/notes.txt","status":"replaced in the virtual workspace","content":"a\nb\u0001"}},{"key":"k3","tool":"database","payload":"{\"key\":\"status\",\"operation\":\"set\",\"value\":\"closed\"}","output":{"key":"status","value":"closed","previous":"open"}}],"counters":{"runs_finished":18,"effects_committed":7,"receipts_reused":1,"receipts_expired":0,"rejections":{"schema":0,"before-hook":0,"role":1,"approval":0,"idempotency":0,"execution":0,"after-hook":0}}}"##;
