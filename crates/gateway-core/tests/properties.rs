//! Model-based property tests over random message sequences (SPEC 2–5, 9).
//!
//! Every sequence test drives a [`Workbench`] with random [`Msg`]s and a
//! clock that mostly moves forward but sometimes jumps back, and checks
//! after every single message, against a small reference model:
//!
//! - the ledger changes only when that message completed a run's seventh
//!   stage (and then exactly as the run's plan says), or on a ledger reset;
//! - the operation keys behave as SPEC 4 says (a tiny key → payload model);
//! - the outbox, files, database and schedule match the committed writes;
//! - any input change clears the approval and rewinds to gate 1, paused;
//! - plans are deterministic, well formed, and never stale;
//! - API-key-shaped strings never reach the returned output or the run log,
//!   while the ledger keeps them;
//! - the redact and mark-data hooks change nothing but the returned
//!   output (mark-data wraps exactly the output returned without it);
//! - the inputs follow a reference model of every message, agent turns
//!   included; during a turn the request changes only when the turn moves
//!   to its next call;
//! - no notice is lost (only Play answers the hidden-page one);
//! - a locked storage slot never receives a Store or Remove; a notes Store
//!   carries exactly the notes; the baseline is stored or removed only by
//!   Capture baseline / Clear baseline; posts only from a framed page, one
//!   per newly reached goal; heights and H5P's resizer handshake exactly as
//!   a small embed model says, never a height of 0 and none measured while
//!   expanded;
//! - nothing panics, and `view()` is drawn after every step.
//!
//! The sequence test's generator produces every `Msg` variant (a test
//! checks), on pages opened through `opening::open` with every kind of
//! stored value and link.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::{BTreeMap, BTreeSet};

use gateway_core::baseline::{Baseline, StoredError};
use gateway_core::command::{Command, Deliverable, H5p, Post, Read, Slot, SlotState};
use gateway_core::damage::Damage;
use gateway_core::declarations::Export;
use gateway_core::fixtures::Fixtures;
use gateway_core::gates::{self, Approval, Inputs, Plan};
use gateway_core::goals::Event;
use gateway_core::json::{utf16_len, JsonError, MAX_ARGUMENT_UNITS};
use gateway_core::ledger::{Commit, Finish, Ledger, MAX_RECEIPTS};
use gateway_core::mode::Turn;
use gateway_core::notice::Notice;
use gateway_core::opening::{open, Address, Opening, Query};
use gateway_core::playback::{Clock, Playback};
use gateway_core::reason::Reason;
use gateway_core::runlog::RunEffect;
use gateway_core::share::{Setup, ShareError};
use gateway_core::text::{CatalogueFailure, FetchError, Locale, DATA};
use gateway_core::tools::database::STATUSES;
use gateway_core::tools::email::MAX_OUTBOX;
use gateway_core::tools::files::FILE_NAMES;
use gateway_core::tools::{mark_as_data, REDACTED};
use gateway_core::turn;
use gateway_core::view::PageModel;
use gateway_core::{
    ExampleKind, ExperimentId, Gate, Handled, Hook, Msg, Role, Speed, ToolId, Verdict, Workbench,
};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::{select, Index};
use proptest::test_runner::TestCaseError;
use serde_json::{json, Map, Value};

type TestResult = Result<(), TestCaseError>;

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        // Keep failures in the report, not in files beside the tests.
        failure_persistence: None,
        max_shrink_iters: 4096,
        ..ProptestConfig::default()
    }
}

// ---------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------

/// How the shell's clock moves before a message.
#[derive(Debug, Clone, Copy)]
enum Time {
    Same,
    Forward(u64),
    Back(u64),
}

impl Time {
    fn apply(self, now: u64) -> u64 {
        match self {
            Time::Same => now,
            Time::Forward(d) => now + d,
            Time::Back(d) => now.saturating_sub(d),
        }
    }
}

#[derive(Debug, Clone)]
struct Step {
    time: Time,
    msg: Msg,
}

fn step(msg: Msg) -> Step {
    Step {
        time: Time::Same,
        msg,
    }
}

fn time() -> impl Strategy<Value = Time> {
    prop_oneof![
        2 => Just(Time::Same),
        4 => (0u64..3_000).prop_map(Time::Forward),
        2 => (3_000u64..120_000).prop_map(Time::Forward),
        // Non-monotonic clocks: a shell may hand back an earlier reading.
        1 => (0u64..60_000).prop_map(Time::Back),
    ]
}

fn tool_id() -> impl Strategy<Value = ToolId> {
    select(ToolId::ALL.to_vec())
}

fn role() -> impl Strategy<Value = Role> {
    select(Role::ALL.to_vec())
}

fn hook() -> impl Strategy<Value = Hook> {
    select(Hook::ALL.to_vec())
}

fn speed() -> impl Strategy<Value = Speed> {
    select(Speed::ALL.to_vec())
}

fn example_kind() -> impl Strategy<Value = ExampleKind> {
    select(ExampleKind::ALL.to_vec())
}

/// The English examples (the generators' starting texts).
fn examples(tool: ToolId) -> &'static gateway_core::tools::Examples {
    tool.tool().declaration().examples.get(Fixtures::En)
}

/// API-key-shaped strings, and near misses that must stay as written.
fn secret() -> BoxedStrategy<String> {
    prop_oneof![
        3 => "AIza[0-9A-Za-z_-]{35}",
        3 => "sk-[0-9A-Za-z_-]{20,48}",
        1 => "AIza[0-9A-Za-z_-]{30,34}",
        1 => "sk-[0-9A-Za-z]{10,19}",
        1 => "task-[0-9A-Za-z]{20,30}",
    ]
    .boxed()
}

/// Free text mixing words, non-ASCII and API keys, 1 to about 450 units.
///
/// With `adjacent`, fragments may touch or overlap (`AIza…` directly
/// followed by `sk-…`); otherwise a space always separates them.
fn prose(adjacent: bool) -> BoxedStrategy<String> {
    let plain = prop_oneof![
        3 => "[A-Za-z0-9 ,.!?]{1,16}",
        2 => secret(),
        1 => "[éü😀\u{2028}日本\t]{1,3}",
    ];
    let (fragment, sep) = if adjacent {
        // A Google key directly followed by another key, or `AIza` and 32
        // to 34 key characters that a following key completes: the two
        // matches overlap (issue 33, hole 2).
        let touching = ("AIza[0-9A-Za-z_-]{32,35}", secret()).prop_map(|(a, b)| a + &b);
        (
            prop_oneof![3 => plain, 1 => touching].boxed(),
            select(vec!["", " ", "\n", "-", "=", "\""]).boxed(),
        )
    } else {
        (plain.boxed(), Just(" ").boxed())
    };
    vec((fragment, sep), 1..8)
        .prop_map(|parts| {
            let mut out = String::new();
            for (i, (fragment, sep)) in parts.into_iter().enumerate() {
                if i > 0 {
                    out.push_str(sep);
                }
                out.push_str(&fragment);
            }
            out
        })
        .boxed()
}

/// A subject: one line, words and keys separated by spaces.
fn subject() -> BoxedStrategy<String> {
    vec(
        prop_oneof![3 => "[A-Za-z0-9,.!?]{1,16}", 1 => secret()],
        1..4,
    )
    .prop_map(|words| words.join(" "))
    .boxed()
}

fn hhmm(minutes: u32) -> String {
    format!("{:02}:{:02}", minutes / 60, minutes % 60)
}

/// Key order, layout and a shadowed duplicate key (the last one wins).
type Style = (bool, bool, bool);

fn render(mut fields: Vec<(&'static str, Value)>, (pretty, reverse, dup): Style) -> String {
    if reverse {
        fields.reverse();
    }
    let first = fields.first().map(|(k, _)| *k);
    let map: Map<String, Value> = fields.into_iter().map(|(k, v)| (k.into(), v)).collect();
    let value = Value::Object(map);
    let text = if pretty {
        serde_json::to_string_pretty(&value).unwrap()
    } else {
        serde_json::to_string(&value).unwrap()
    };
    match (dup, first) {
        (true, Some(k)) => format!("{{{}: \"shadowed\",{}", json!(k), &text[1..]),
        _ => text,
    }
}

fn style() -> impl Strategy<Value = Style> {
    (any::<bool>(), any::<bool>(), prop::bool::weighted(0.2))
}

fn email_fields(adjacent: bool) -> BoxedStrategy<Vec<(&'static str, Value)>> {
    let local = prop_oneof![
        // A dot-atom (issue 13: no dot first, last or twice in a row).
        3 => "[A-Za-z0-9_+-]{1,6}(\\.[A-Za-z0-9_+-]{1,5})?",
        1 => "sk-[A-Za-z0-9]{20,30}",
        1 => Just("learner".to_string()),
    ];
    (local, subject(), prose(adjacent))
        .prop_map(|(local, subject, body)| {
            vec![
                ("to", json!(format!("{local}@example.test"))),
                ("subject", json!(subject)),
                ("body", json!(body)),
            ]
        })
        .boxed()
}

fn calendar_fields() -> BoxedStrategy<Vec<(&'static str, Value)>> {
    ("[A-Za-z ]{1,20}", 0u32..48, 1u32..=4)
        .prop_map(|(title, start, len)| {
            vec![
                ("title", json!(title)),
                ("start", json!(hhmm(start * 30))),
                ("end", json!(hhmm((start + len) * 30))),
            ]
        })
        .boxed()
}

fn files_fields(adjacent: bool) -> BoxedStrategy<Vec<(&'static str, Value)>> {
    let path = prop_oneof![
        6 => select(FILE_NAMES.to_vec()).prop_map(String::from),
        1 => select(vec!["../../private.txt", "/workspace/NOTES.txt", "/workspace/notes.txt/"])
            .prop_map(String::from),
    ];
    prop_oneof![
        (path.clone()).prop_map(|p| vec![("operation", json!("read")), ("path", json!(p))]),
        (path, prose(adjacent)).prop_map(|(p, c)| vec![
            ("operation", json!("write")),
            ("path", json!(p)),
            ("content", json!(c)),
        ]),
    ]
    .boxed()
}

fn database_fields() -> BoxedStrategy<Vec<(&'static str, Value)>> {
    prop_oneof![
        select(vec!["seats", "status"])
            .prop_map(|k| vec![("operation", json!("get")), ("key", json!(k))]),
        prop_oneof![6 => 0i64..=500, 1 => 501i64..503].prop_map(|n| vec![
            ("operation", json!("set")),
            ("key", json!("seats")),
            ("value", json!(n)),
        ]),
        prop_oneof![6 => select(STATUSES.to_vec()), 1 => Just("archived")].prop_map(|s| vec![
            ("operation", json!("set")),
            ("key", json!("status")),
            ("value", json!(s)),
        ]),
    ]
    .boxed()
}

fn search_fields() -> BoxedStrategy<Vec<(&'static str, Value)>> {
    ("[a-z ]{1,8}", prop::option::of(0i64..=4))
        .prop_map(|(q, limit)| {
            let mut fields = vec![("query", json!(q))];
            if let Some(n) = limit {
                fields.push(("limit", json!(n)));
            }
            fields
        })
        .boxed()
}

fn calculator_fields() -> BoxedStrategy<Vec<(&'static str, Value)>> {
    let number = select(vec![0.0, 0.1, 0.2, 2.0, 3.0, -7.5, 1e12, -1e12, 6.0]);
    (
        select(vec!["add", "subtract", "multiply", "divide", "pow"]),
        number.clone(),
        number,
    )
        .prop_map(|(op, l, r)| {
            vec![
                ("operator", json!(op)),
                ("left", json!(l)),
                ("right", json!(r)),
            ]
        })
        .boxed()
}

fn fields_for(tool: ToolId, adjacent: bool) -> BoxedStrategy<Vec<(&'static str, Value)>> {
    match tool {
        ToolId::Email => email_fields(adjacent),
        ToolId::Calendar => calendar_fields(),
        ToolId::Files => files_fields(adjacent),
        ToolId::Database => database_fields(),
        ToolId::Search => search_fields(),
        ToolId::Calculator => calculator_fields(),
    }
}

/// Mostly valid argument text for `tool`.
fn payload_for(tool: ToolId, adjacent: bool) -> BoxedStrategy<String> {
    (fields_for(tool, adjacent), style())
        .prop_map(|(fields, style)| render(fields, style))
        .boxed()
}

fn tool_payload(tools: Vec<ToolId>, adjacent: bool) -> BoxedStrategy<(ToolId, String)> {
    select(tools)
        .prop_flat_map(move |t| payload_for(t, adjacent).prop_map(move |text| (t, text)))
        .boxed()
}

/// Mostly valid mutations (write, send) only.
fn mutation_payload() -> BoxedStrategy<(ToolId, String)> {
    let mutations = prop_oneof![
        2 => (email_fields(false), style()).prop_map(|(f, s)| (ToolId::Email, render(f, s))),
        1 => (calendar_fields(), style()).prop_map(|(f, s)| (ToolId::Calendar, render(f, s))),
        1 => (prose(false), select(FILE_NAMES.to_vec()), style()).prop_map(|(c, p, s)| {
            let fields = vec![
                ("operation", json!("write")),
                ("path", json!(p)),
                ("content", json!(c)),
            ];
            (ToolId::Files, render(fields, s))
        }),
        1 => (0i64..=500, style()).prop_map(|(n, s)| {
            let fields = vec![
                ("operation", json!("set")),
                ("key", json!("seats")),
                ("value", json!(n)),
            ];
            (ToolId::Database, render(fields, s))
        }),
    ];
    mutations.boxed()
}

fn json_value() -> BoxedStrategy<Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        (-1000i64..1000).prop_map(|n| json!(n)),
        select(vec![
            24.0, 0.5, -0.0, 1e13, 1e12, -1e12, 0.1, 501.0, 2.5, 4.0
        ])
        .prop_map(|f| json!(f)),
        select(vec![
            "learner@example.test",
            "learner@outside.test",
            "/workspace/notes.txt",
            "../../private.txt",
            "seats",
            "status",
            "open",
            "set",
            "get",
            "read",
            "write",
            "add",
            "divide",
            "09:15",
            "24:00",
            "24:30",
            "",
            "<b>bold</b>",
        ])
        .prop_map(|s| json!(s)),
        prose(false).prop_map(Value::String),
    ];
    leaf.prop_recursive(2, 8, 3, |inner| {
        prop_oneof![
            vec(inner.clone(), 0..3).prop_map(Value::Array),
            vec(("[a-z]{1,4}", inner), 0..3).prop_map(|kv| Value::Object(kv.into_iter().collect())),
        ]
    })
    .boxed()
}

fn field_name() -> BoxedStrategy<String> {
    prop_oneof![
        3 => select(vec![
            "to", "subject", "body", "title", "start", "end", "operation", "path",
            "content", "key", "value", "query", "limit", "operator", "left", "right",
            "cc", "__proto__", "",
        ])
        .prop_map(String::from),
        1 => "[a-z]{1,6}",
    ]
    .boxed()
}

/// One change to a valid example, at the JSON or at the text level.
#[derive(Debug, Clone)]
enum Mutation {
    Drop(Index),
    Set(Index, Value),
    Add(String, Value),
    Rename(Index, String),
    Delete(Index, usize),
    Insert(Index, String),
    Truncate(Index),
    Twice,
}

fn mutation() -> BoxedStrategy<Mutation> {
    prop_oneof![
        any::<Index>().prop_map(Mutation::Drop),
        (any::<Index>(), json_value()).prop_map(|(i, v)| Mutation::Set(i, v)),
        (field_name(), json_value()).prop_map(|(k, v)| Mutation::Add(k, v)),
        (any::<Index>(), field_name()).prop_map(|(i, k)| Mutation::Rename(i, k)),
        (any::<Index>(), 1usize..8).prop_map(|(i, n)| Mutation::Delete(i, n)),
        (any::<Index>(), "[{}\\[\\]\",:0-9a-z\\\\ \n😀]{1,4}")
            .prop_map(|(i, s)| Mutation::Insert(i, s)),
        any::<Index>().prop_map(Mutation::Truncate),
        Just(Mutation::Twice),
    ]
    .boxed()
}

fn mutate(text: &str, m: &Mutation) -> String {
    let object = || serde_json::from_str::<Map<String, Value>>(text).unwrap();
    let pretty =
        |map: Map<String, Value>| serde_json::to_string_pretty(&Value::Object(map)).unwrap();
    let chars: Vec<char> = text.chars().collect();
    match m {
        Mutation::Drop(i) => {
            let o = object();
            let n = i.index(o.len().max(1));
            pretty(
                o.into_iter()
                    .enumerate()
                    .filter(|(j, _)| *j != n)
                    .map(|(_, kv)| kv)
                    .collect(),
            )
        }
        Mutation::Set(i, v) => {
            let mut o = object();
            let n = i.index(o.len().max(1));
            if let Some(slot) = o.values_mut().nth(n) {
                *slot = v.clone();
            }
            pretty(o)
        }
        Mutation::Add(k, v) => {
            let mut o = object();
            o.insert(k.clone(), v.clone());
            pretty(o)
        }
        Mutation::Rename(i, name) => {
            let o = object();
            let n = i.index(o.len().max(1));
            pretty(
                o.into_iter()
                    .enumerate()
                    .map(|(j, (k, v))| if j == n { (name.clone(), v) } else { (k, v) })
                    .collect(),
            )
        }
        Mutation::Delete(i, len) => {
            let start = i.index(chars.len() + 1);
            let end = (start + len).min(chars.len());
            chars[..start].iter().chain(&chars[end..]).collect()
        }
        Mutation::Insert(i, s) => {
            let at = i.index(chars.len() + 1);
            let mut out: String = chars[..at].iter().collect();
            out.push_str(s);
            out.extend(&chars[at..]);
            out
        }
        Mutation::Truncate(i) => chars[..i.index(chars.len() + 1)].iter().collect(),
        Mutation::Twice => format!("{text}{text}"),
    }
}

/// Argument text as a learner might type it, for any tool.
fn args_text(tools: Vec<ToolId>, adjacent: bool) -> BoxedStrategy<String> {
    let tools2 = tools.clone();
    let tools3 = tools.clone();
    prop_oneof![
        4 => tool_payload(tools, adjacent).prop_map(|(_, text)| text),
        3 => (select(tools2), mutation()).prop_map(|(t, m)| mutate(examples(t).valid, &m)),
        1 => (select(tools3), example_kind()).prop_map(|(t, k)| k.text(examples(t)).to_string()),
        1 => any::<String>(),
        1 => "[{}\\[\\]\":,0-9a-z. \\\\-]{0,60}",
    ]
    .boxed()
}

fn op_key() -> BoxedStrategy<String> {
    prop_oneof![
        4 => select(vec!["intent-1", "intent-2", "intent-3"]).prop_map(String::from),
        1 => Just(String::new()),
        1 => "[a-z0-9-]{1,8}",
        1 => Just("k".repeat(64)),
        1 => Just("k".repeat(65)),
        1 => Just("two\nlines".to_string()),
        1 => "sk-[A-Za-z0-9]{20,24}",
        1 => Just("ключ-😀".to_string()),
    ]
    .boxed()
}

fn tool_name() -> BoxedStrategy<String> {
    prop_oneof![
        3 => tool_id().prop_map(|t| t.id().to_string()),
        2 => select(vec!["shell.exec", "files.delete", "email ", "Email", "", " calculator", "calc"])
            .prop_map(String::from),
        1 => "[a-z.]{0,12}",
    ]
    .boxed()
}

fn export() -> impl Strategy<Value = Export> {
    select(Export::ALL.to_vec())
}

fn slot() -> impl Strategy<Value = Slot> {
    select(vec![Slot::Notes, Slot::Baseline])
}

fn deliverable() -> BoxedStrategy<Deliverable> {
    prop_oneof![
        Just(Deliverable::ShareLink),
        Just(Deliverable::NotesExport),
        export().prop_map(Deliverable::Declarations),
    ]
    .boxed()
}

/// Every kind of notice, as the shell or the opening would add it.
fn notice() -> BoxedStrategy<Notice> {
    prop_oneof![
        Just(Notice::HiddenPaused),
        Just(Notice::SharedSetup),
        (2u32..5).prop_map(|got| Notice::LinkRefused(ShareError::FutureVersion { got })),
        "[a-z ]{0,12}".prop_map(|f| Notice::LinkRefused(ShareError::Damaged {
            detail: Damage::UnknownField(f)
        })),
        (select(ExperimentId::ALL.to_vec()), "[a-z]{0,8}").prop_map(|(e, query)| {
            Notice::ExperimentConflict {
                link: e.id().into(),
                query,
            }
        }),
        (2u64..5).prop_map(|got| Notice::BaselineUnreadable(StoredError::FutureVersion { got })),
        "[a-z ]{0,12}".prop_map(|v| Notice::BaselineUnreadable(StoredError::Unreadable {
            detail: Damage::UnknownValue {
                field: "role",
                value: v
            }
        })),
        Just(Notice::BaselineStorageUnreadable),
        Just(Notice::BaselineKept),
        Just(Notice::BaselineUnsaved),
        Just(Notice::ProgressUnsaved),
        vec("[a-z-]{1,8}", 1..3).prop_map(Notice::HideUnknown),
        (locale(), "[A-Z0-9 ]{0,12}").prop_map(|(l, detail)| Notice::CatalogueFailed {
            language: l.autonym(),
            why: CatalogueFailure::Fetch(FetchError::Browser(detail)),
        }),
    ]
    .boxed()
}

fn locale() -> impl Strategy<Value = Locale> {
    select(Locale::ALL.to_vec())
}

/// What fetching a catalogue gave: a locale's data, any text, or a failure.
fn catalogue() -> BoxedStrategy<Result<String, FetchError>> {
    prop_oneof![
        3 => select(DATA.iter().map(|(_, d)| d.to_string()).collect::<Vec<_>>()).prop_map(Ok),
        1 => "[a-z{}\\[\\]\":,]{0,20}".prop_map(Ok),
        1 => (400u16..600).prop_map(|status| Err(FetchError::Status { status, url: "x.json".into() })),
        1 => "[a-z ]{0,20}".prop_map(|words| Err(FetchError::Browser(words))),
    ]
    .boxed()
}

/// A shared link's setup: mostly a fixture tool with its own kind of
/// arguments, sometimes any name and any text.
fn setup() -> BoxedStrategy<Setup> {
    let request = prop_oneof![
        3 => tool_payload(ToolId::ALL.to_vec(), false).prop_map(|(t, text)| (t.id().to_string(), text)),
        1 => (tool_name(), args_text(ToolId::ALL.to_vec(), false)),
    ];
    (
        select(ExperimentId::ALL.to_vec()),
        request,
        role(),
        hook(),
        op_key(),
        speed(),
    )
        .prop_map(|(experiment, (tool, args), role, hook, key, speed)| Setup {
            experiment: experiment.id().into(),
            tool,
            args,
            role,
            hook,
            key,
            speed,
        })
        .boxed()
}

/// A baseline as storage might hand it back: plain text throughout.
fn baseline() -> BoxedStrategy<Baseline> {
    let row = (
        select(Gate::ALL.map(Gate::id).to_vec()),
        select(Verdict::ALL.map(Verdict::id).to_vec()),
        "[ -~]{0,20}",
    )
        .prop_map(|(g, v, r)| (g.to_string(), v.to_string(), r));
    (
        "[ -~]{0,30}",
        select(vec!["Viewer", "Operator"]),
        select(vec!["None", "Block mutations", "Redact output"]),
        op_key(),
        any::<bool>(),
        vec(row, 0..8),
        "[ -~]{0,30}",
        prop::option::of("[ -~\n]{0,30}"),
    )
        .prop_map(
            |(request, role, hook, key, approved, rows, summary, output)| Baseline {
                request,
                role: role.into(),
                hook: hook.into(),
                key,
                approved,
                rows,
                summary,
                output,
            },
        )
        .boxed()
}

/// One call of a model decision: valid, invalid or unknown.
fn decision_call() -> BoxedStrategy<String> {
    prop_oneof![
        Just(r#"{"name":"search","args":{"query":"receipt"}}"#.to_string()),
        Just(r#"{"name":"email","args":{"to":"learner@example.test","subject":"s","body":"b"}}"#.to_string()),
        Just(r#"{"name":"calendar","args":{"title":"T","start":"14:00","end":"15:00"}}"#.to_string()),
        Just(r#"{"name":"files","args":{"operation":"write","path":"/workspace/notes.txt","content":"x"}}"#.to_string()),
        Just(r#"{"name":"database","args":{"operation":"set","key":"seats","value":7}}"#.to_string()),
        Just(r#"{"name":"shell.exec","args":{"cmd":"ls"}}"#.to_string()),
        Just(r#"{"name":"calendar","args":"{\"title\":\"T\"}"}"#.to_string()),
        "[a-z]{1,8}".prop_map(|n| format!(r#"{{"name":"{n}","args":{{}}}}"#)),
    ]
    .boxed()
}

/// Model decision text: mostly well formed, up to nine calls, sometimes
/// with a final text that claims effects; sometimes the experiments' own.
fn decision() -> BoxedStrategy<String> {
    let built = (
        vec(decision_call(), 0..10),
        prop::option::of(select(vec![
            "I sent it.",
            "I scheduled the review and saved the notes.",
            "I set the seats.",
            "Nothing happened.",
        ])),
    )
        .prop_map(|(calls, text)| {
            let mut items = calls;
            if let Some(t) = text {
                items.push(format!(r#"{{"text":"{t}"}}"#));
            }
            format!("[{}]", items.join(","))
        });
    prop_oneof![
        5 => built.clone(),
        1 => (built, any::<bool>()).prop_map(|(d, gemini)| transcript(&d, gemini)),
        2 => select(ExperimentId::ALL.map(|e| e.experiment().decision.get(Fixtures::En).clone()).to_vec()),
        1 => "[\\[\\]{}\":a-z ]{0,12}",
    ]
    .boxed()
}

/// The workbench's array `d` as a Chat Completions assistant message
/// (arguments as strings) or a Gemini response (arguments as objects).
fn transcript(d: &str, gemini: bool) -> String {
    let items: Vec<serde_json::Value> = serde_json::from_str(d).unwrap();
    let text = items.iter().find_map(|i| i.get("text").cloned());
    let calls = items.iter().filter(|i| i.get("name").is_some());
    if gemini {
        let mut parts: Vec<_> = calls
            .map(|c| serde_json::json!({"functionCall": {"name": c["name"], "args": c["args"]}}))
            .collect();
        parts.extend(text.map(|t| serde_json::json!({ "text": t })));
        serde_json::json!({"candidates": [{"content": {"role": "model", "parts": parts}}]})
            .to_string()
    } else {
        let calls: Vec<_> = calls
            .map(|c| {
                let args = match &c["args"] {
                    serde_json::Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                serde_json::json!({"id": "c", "type": "function", "function": {"name": c["name"], "arguments": args}})
            })
            .collect();
        serde_json::json!({"role": "assistant", "content": text, "tool_calls": calls}).to_string()
    }
}

fn notes_text() -> BoxedStrategy<String> {
    prop_oneof![
        1 => Just(String::new()),
        3 => "[A-Za-z <>&\n]{0,24}",
        1 => prose(false),
    ]
    .boxed()
}

fn page_url() -> BoxedStrategy<String> {
    select(vec![
        "https://example.test/workbench/",
        "https://example.test/workbench/?experiment=email",
        "https://example.test/workbench/?experiment=registry#s=1.old",
        "http://localhost:8000/index.html?embed=1&hide=notes",
    ])
    .prop_map(String::from)
    .boxed()
}

fn height() -> BoxedStrategy<u32> {
    prop_oneof![
        3 => select(vec![480u32, 900, 1200]),
        1 => Just(0u32),
        1 => 0u32..5_000,
    ]
    .boxed()
}

/// A message from the parent window: mostly H5P's resizer.
fn from_parent() -> BoxedStrategy<Msg> {
    (
        prop_oneof![4 => Just("h5p"), 1 => Just("other"), 1 => Just("")],
        select(vec![
            "ready",
            "hello",
            "resize",
            "resizePrepared",
            "fullScreen",
            "exitFullScreen",
            "",
        ]),
    )
        .prop_map(|(context, action)| Msg::FromParent {
            context: context.into(),
            action: action.into(),
        })
        .boxed()
}

/// Every message the page can send; `tools` bounds SelectTool and the
/// argument text. With `free`, also the messages that may change the hook
/// or the tool behind the learner's back (SetHook, SetToolName, a shared
/// setup, and the agent turn's messages); without, the hook stays as set.
fn msg(tools: Vec<ToolId>, free: bool, adjacent: bool) -> BoxedStrategy<Msg> {
    let inputs = prop_oneof![
        3 => args_text(tools.clone(), adjacent).prop_map(Msg::EditArgs),
        1 => select(tools).prop_map(Msg::SelectTool),
        1 => example_kind().prop_map(Msg::LoadExample),
        2 => role().prop_map(Msg::SetRole),
        1 => op_key().prop_map(Msg::SetKey),
        1 => any::<bool>().prop_map(Msg::SetReuse),
        3 => Just(Msg::Approve),
        1 => Just(Msg::Revoke),
        2 => Just(Msg::Play),
        1 => Just(Msg::Pause),
        4 => Just(Msg::NextGate),
        1 => Just(Msg::FinishRun),
        1 => Just(Msg::Reject),
        2 => Just(Msg::NextCall),
        1 => Just(Msg::UndoReplace),
        1 => select(Gate::ALL.to_vec()).prop_map(Msg::ShowGate),
        1 => (any::<u64>(), -1440i32..=1440).prop_map(|(origin_ms, utc_offset_min)| Msg::WallClock {
            origin_ms,
            utc_offset_min
        }),
        1 => Just(Msg::Restart),
        1 => Just(Msg::ResetLedger),
        1 => speed().prop_map(Msg::SetSpeed),
        3 => Just(Msg::Tick),
        1 => Just(Msg::Hidden),
        1 => select(vec![Msg::CaptureBaseline, Msg::ClearBaseline]),
    ];
    // What the shell reports and what the learner does outside the run.
    let outside = prop_oneof![
        1 => baseline().prop_map(Msg::RestoreBaseline),
        2 => notice().prop_map(Msg::Notice),
        3 => notes_text().prop_map(Msg::EditNotes),
        1 => Just(Msg::ExportNotes),
        1 => page_url().prop_map(|page_url| Msg::CopyLink { page_url }),
        1 => export().prop_map(Msg::CopyExport),
        1 => export().prop_map(Msg::DownloadExport),
        1 => height().prop_map(|height| Msg::Resized { height }),
        2 => from_parent(),
        1 => any::<bool>().prop_map(Msg::FullScreen),
        1 => any::<bool>().prop_map(Msg::FillFrame),
        1 => Just(Msg::Expand),
        1 => Just(Msg::FullScreenRefused),
        1 => Just(Msg::Escape),
        1 => Just(Msg::DismissSolved),
        1 => Just(Msg::DeclarationsOpened),
        1 => (locale(), catalogue()).prop_map(|(locale, data)| Msg::ExportsLoaded { locale, data }),
        2 => slot().prop_map(Msg::Stored),
        2 => slot().prop_map(Msg::StoreFailed),
        1 => deliverable().prop_map(Msg::Copied),
        1 => deliverable().prop_map(Msg::CopyFailed),
        1 => deliverable().prop_map(Msg::DownloadFailed),
        1 => (locale(), page_url()).prop_map(|(locale, page_url)| Msg::SetLocale { locale, page_url }),
        1 => (locale(), catalogue()).prop_map(|(locale, data)| Msg::CatalogueLoaded { locale, data }),
    ];
    if free {
        prop_oneof![
            30 => inputs,
            8 => outside,
            1 => tool_name().prop_map(Msg::SetToolName),
            1 => tool_name().prop_map(Msg::ChooseTool),
            1 => hook().prop_map(Msg::SetHook),
            1 => setup().prop_map(Msg::RestoreSetup),
            2 => decision().prop_map(Msg::EditDecision),
            2 => Just(Msg::StartTurn),
            1 => Just(Msg::EndTurn),
        ]
        .boxed()
    } else {
        prop_oneof![5 => inputs, 1 => outside].boxed()
    }
}

/// The name of `msg`'s variant: gateway-check's [`kind`] names every
/// variant with no wildcard, so a new variant does not compile until the
/// fuzz decoder and this generator's coverage test know it.
///
/// [`kind`]: gateway_check::decode::kind
fn variant(msg: &Msg) -> &'static str {
    gateway_check::decode::kind(msg).id()
}

/// Every variant name [`variant`] returns.
const VARIANTS: &[gateway_check::decode::Kind] = &gateway_check::decode::Kind::ALL;

/// One message, or a short burst that makes finished runs (and, with
/// `free`, agent turns that go from call to call) likely.
fn chunk(tools: Vec<ToolId>, free: bool, adjacent: bool) -> BoxedStrategy<Vec<Step>> {
    let run = vec![step(Msg::SetRole(Role::Operator)), step(Msg::Approve)]
        .into_iter()
        .chain(std::iter::repeat_n(step(Msg::NextGate), 7))
        .collect::<Vec<_>>();
    let common = prop_oneof![
        8 => (time(), msg(tools.clone(), free, adjacent))
            .prop_map(|(time, msg)| vec![Step { time, msg }]),
        2 => (1usize..=7).prop_map(|n| vec![step(Msg::NextGate); n]),
        2 => tool_payload(tools, adjacent)
            .prop_map(|(t, text)| vec![step(Msg::SelectTool(t)), step(Msg::EditArgs(text))]),
        1 => Just(run),
        1 => (40_000u64..200_000).prop_map(|d| vec![
            step(Msg::Play),
            Step { time: Time::Forward(d), msg: Msg::Tick },
        ]),
    ];
    if !free {
        return common.boxed();
    }
    // An agent turn: a decision, started, then calls approved and finished.
    let turn = (decision(), 0usize..4, any::<bool>()).prop_map(|(d, calls, operator)| {
        let mut steps = vec![step(Msg::EditDecision(d))];
        if operator {
            steps.push(step(Msg::SetRole(Role::Operator)));
        }
        steps.push(step(Msg::StartTurn));
        for _ in 0..calls {
            steps.push(step(Msg::Approve));
            steps.extend(std::iter::repeat_n(step(Msg::NextGate), 7));
            steps.push(step(Msg::NextCall));
        }
        steps
    });
    prop_oneof![12 => common, 2 => turn].boxed()
}

fn steps(tools: Vec<ToolId>, free: bool, adjacent: bool, max: usize) -> BoxedStrategy<Vec<Step>> {
    vec(chunk(tools, free, adjacent), 1..max)
        .prop_map(|chunks| chunks.into_iter().flatten().collect())
        .boxed()
}

// ---------------------------------------------------------------------------
// The reference model
// ---------------------------------------------------------------------------

/// A payload as `JSON.parse` sees it: keys unordered, numbers as doubles
/// (so `24.0` is `24` and `-0` is `0`). Independent of the core's own
/// canonical text, which the model cross-checks against it.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Canon {
    Null,
    Bool(bool),
    Num(u64),
    Str(String),
    Arr(Vec<Canon>),
    Obj(BTreeMap<String, Canon>),
}

fn canon(v: &Value) -> Canon {
    match v {
        Value::Null => Canon::Null,
        Value::Bool(b) => Canon::Bool(*b),
        Value::Number(n) => {
            let f = n.as_f64().unwrap();
            Canon::Num(if f == 0.0 { 0 } else { f.to_bits() })
        }
        Value::String(s) => Canon::Str(s.clone()),
        Value::Array(a) => Canon::Arr(a.iter().map(canon).collect()),
        Value::Object(o) => Canon::Obj(o.iter().map(|(k, v)| (k.clone(), canon(v))).collect()),
    }
}

#[derive(Debug, Clone)]
struct ModelReceipt {
    tool: String,
    canon: Canon,
    /// The core's canonical payload, to cross-check payload identity.
    payload: String,
}

/// What the ledger should hold, rebuilt from the committed requests alone.
#[derive(Debug, Clone)]
struct Model {
    embed: EmbedModel,
    /// Held keys and receipts, oldest first: the store keeps the newest
    /// MAX_RECEIPTS.
    receipts: Vec<(String, ModelReceipt)>,
    expired: u64,
    /// (to, subject, body) of every committed email.
    outbox: Vec<[String; 3]>,
    files: [String; 2],
    seats: i64,
    status: String,
    events: usize,
    runs: u64,
    effects: u64,
    replays: u64,
    rejections: [u64; 7],
    /// Whether a turn's last finished call finished playing: Next call
    /// plays its next call on.
    plays_on: bool,
}

impl Model {
    fn receipt(&self, key: &str) -> Option<&ModelReceipt> {
        self.receipts.iter().find(|(k, _)| k == key).map(|(_, r)| r)
    }

    /// The model of `experiment`'s starting ledger, its fixtures in
    /// `lang`'s language.
    fn new(experiment: ExperimentId, lang: Fixtures) -> Self {
        let e = experiment.experiment();
        let fixtures = e.ledger(&e.registry(), lang);
        Self {
            embed: EmbedModel::default(),
            receipts: Vec::new(),
            expired: 0,
            outbox: Vec::new(),
            files: gateway_core::tools::files::contents(fixtures.stores())
                .unwrap()
                .clone(),
            seats: gateway_core::tools::database::table(fixtures.stores())
                .unwrap()
                .seats,
            status: gateway_core::tools::database::table(fixtures.stores())
                .unwrap()
                .status
                .clone(),
            events: 0,
            runs: 0,
            effects: 0,
            replays: 0,
            rejections: [0; 7],
            plays_on: false,
        }
    }

    /// A run of `inputs` just finished with `plan`, leaving `ledger`:
    /// predict what the idempotency gate had to decide, then apply the
    /// committed write to the model.
    fn finish(&mut self, plan: &Plan, inputs: &Inputs, ledger: &Ledger) -> TestResult {
        let commit = plan.commit();
        self.runs += 1;
        match &commit {
            Commit::Rejected(g) => self.rejections[g.index()] += 1,
            Commit::Ran(Finish::Replay { .. }) => self.replays += 1,
            Commit::Ran(Finish::Effect { .. }) => self.effects += 1,
            Commit::Ran(Finish::Read) => {}
        }
        let Some(call) = plan.call() else {
            prop_assert!(matches!(commit, Commit::Rejected(Gate::Schema)));
            return Ok(());
        };
        if call.tool == "email" && commit == Commit::Rejected(Gate::Execution) {
            // The only reason an email fails at execution is a full outbox.
            prop_assert_eq!(self.outbox.len(), MAX_OUTBOX);
        }
        let past_approval = plan.rejected_at().is_none_or(|g| g >= Gate::Idempotency);
        if !call.risk.is_mutation() {
            prop_assert!(matches!(
                commit,
                Commit::Ran(Finish::Read) | Commit::Rejected(_)
            ));
            return Ok(());
        }
        if !past_approval {
            return Ok(());
        }
        let args: Map<String, Value> = serde_json::from_str(&inputs.args).unwrap();
        let this = canon(&Value::Object(args.clone()));
        let key = &inputs.key;
        let key_ok = (1..=64).contains(&utf16_len(key)) && !key.chars().any(char::is_control);
        #[derive(Debug, PartialEq)]
        enum Expect {
            RejectKey,
            Replay,
            Execute,
        }
        let expected = match self.receipt(key) {
            _ if !key_ok => Expect::RejectKey,
            Some(r) => {
                let same = r.tool == call.tool && r.canon == this;
                // Payload identity as JSON.parse sees it is the core's identity.
                prop_assert_eq!(same, r.tool == call.tool && r.payload == call.payload);
                match (same, inputs.reuse) {
                    (false, _) => Expect::RejectKey,
                    (true, true) => Expect::Replay,
                    (true, false) => Expect::Execute,
                }
            }
            None => Expect::Execute,
        };
        let ok = matches!(
            (&expected, &commit),
            (Expect::RejectKey, Commit::Rejected(Gate::Idempotency))
                | (Expect::Replay, Commit::Ran(Finish::Replay { .. }))
                | (
                    Expect::Execute,
                    Commit::Ran(Finish::Effect { .. }) | Commit::Rejected(Gate::Execution)
                )
        );
        prop_assert!(
            ok,
            "key {:?} reuse {}: model expects {:?}, core committed {:?}",
            key,
            inputs.reuse,
            expected,
            commit
        );
        if !matches!(commit, Commit::Ran(Finish::Effect { .. })) {
            return Ok(());
        }
        // With reuse on, a key that holds a receipt never makes a second effect.
        prop_assert!(!inputs.reuse || self.receipt(key).is_none());
        self.receipts.retain(|(k, _)| k != key);
        self.receipts.push((
            key.clone(),
            ModelReceipt {
                tool: call.tool.clone(),
                canon: this,
                payload: call.payload.clone(),
            },
        ));
        if self.receipts.len() > MAX_RECEIPTS {
            self.receipts.remove(0);
            self.expired += 1;
        }
        let text = |f: &str| args[f].as_str().unwrap().to_string();
        let receipt = ledger.receipt(key).unwrap();
        match call.tool.as_str() {
            "email" => {
                prop_assert!(self.outbox.len() < MAX_OUTBOX, "a 21st email was committed");
                self.outbox
                    .push([text("to"), text("subject"), text("body")]);
                // The receipt keeps what was written: unmasked, unredacted.
                prop_assert_eq!(&receipt.output["to"], &args["to"]);
                prop_assert_eq!(&receipt.output["body"], &args["body"]);
            }
            "files" => {
                let i = FILE_NAMES.iter().position(|p| *p == text("path")).unwrap();
                self.files[i] = text("content");
                prop_assert_eq!(&receipt.output["content"], &args["content"]);
            }
            "database" => match text("key").as_str() {
                "seats" => self.seats = args["value"].as_f64().unwrap() as i64,
                _ => self.status = text("value"),
            },
            "calendar" => self.events += 1,
            other => prop_assert!(false, "unexpected mutation by {}", other),
        }
        Ok(())
    }

    fn compare(&self, ledger: &Ledger) -> TestResult {
        prop_assert_eq!(
            gateway_core::tools::email::outbox(ledger.stores()).len(),
            self.outbox.len()
        );
        for (i, (mail, [to, subject, body])) in gateway_core::tools::email::outbox(ledger.stores())
            .iter()
            .zip(&self.outbox)
            .enumerate()
        {
            prop_assert_eq!(&mail.id, &format!("email-{}", i + 1));
            prop_assert_eq!(&mail.to, to);
            prop_assert_eq!(&mail.subject, subject);
            // The ledger keeps what was written, API keys included.
            prop_assert_eq!(&mail.body, body);
        }
        prop_assert_eq!(
            gateway_core::tools::files::contents(ledger.stores()).unwrap(),
            &self.files
        );
        prop_assert_eq!(
            gateway_core::tools::database::table(ledger.stores())
                .unwrap()
                .seats,
            self.seats
        );
        prop_assert_eq!(
            &gateway_core::tools::database::table(ledger.stores())
                .unwrap()
                .status,
            &self.status
        );
        prop_assert_eq!(
            gateway_core::tools::calendar::schedule(ledger.stores()).len(),
            2 + self.events
        );
        prop_assert_eq!(
            gateway_core::tools::calendar::events_added(ledger.stores()),
            self.events
        );
        prop_assert_eq!(
            ledger.receipts().iter().map(|(k, _)| k).collect::<Vec<_>>(),
            self.receipts.iter().map(|(k, _)| k).collect::<Vec<_>>()
        );
        for ((_, r), (_, m)) in ledger.receipts().iter().zip(&self.receipts) {
            prop_assert_eq!(&r.tool, &m.tool);
            prop_assert_eq!(&r.payload, &m.payload);
            // Stored receipts keep the original output: never redacted.
            prop_assert!(!r.output.to_string().contains(REDACTED), "{}", r.output);
        }
        let c = ledger.counters();
        prop_assert_eq!(c.runs_finished, self.runs);
        prop_assert_eq!(c.effects_committed, self.effects);
        prop_assert_eq!(c.receipts_reused, self.replays);
        prop_assert_eq!(c.receipts_expired, self.expired);
        prop_assert_eq!(c.rejections, self.rejections);
        Ok(())
    }
}

// ---------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------

const GATE_ONE_PAUSED: Playback = Playback::Paused {
    stage: 0,
    elapsed: 0,
};

/// Seven rows in gate order, one-line reasons, at most one rejection with
/// every later row skipped, a commit and output that agree with them, and
/// no key in the output: the check the fuzz targets run too.
fn check_plan_shape(plan: &Plan) -> TestResult {
    gateway_check::plan_shape(plan).map_err(violated)
}

/// A broken invariant of gateway-check as a property failure.
fn violated(v: gateway_check::Violation) -> TestCaseError {
    TestCaseError::fail(v.to_string())
}

/// The state before a message, to compare with the state after it.
#[derive(Debug, Clone)]
struct Before {
    ledger: Ledger,
    inputs: Inputs,
    clock: Clock,
    plan: Plan,
    log_len: usize,
    last_seq: u64,
    turn: Option<Turn>,
    request: (String, String),
    /// What Undo would put back.
    replaced: Option<(String, String)>,
    /// The example the editor holds (the view's selected example).
    example: Option<ExampleKind>,
    /// The model decision text (as the Agent turn panel shows it).
    decision: String,
    notices: Vec<Notice>,
    notes: String,
    baseline: Option<Baseline>,
    slots: [SlotState; 4],
    goals: Vec<bool>,
    /// `(full screen, filling the frame)`.
    expanded: (bool, bool),
}

fn last_seq(wb: &Workbench) -> u64 {
    wb.log().records().next().map_or(0, |r| r.seq)
}

const SLOTS: [Slot; 4] = [Slot::Notes, Slot::Baseline, Slot::Progress, Slot::Authored];

impl Before {
    fn of(wb: &Workbench) -> Self {
        let view = wb.view();
        let (tool, args) = wb.request();
        Self {
            ledger: wb.ledger().clone(),
            inputs: wb.inputs(),
            clock: *wb.clock(),
            plan: wb.plan().clone(),
            log_len: wb.log().len(),
            last_seq: last_seq(wb),
            turn: wb.turn().cloned(),
            request: (tool.to_string(), args.to_string()),
            replaced: wb
                .replaced_request()
                .map(|(t, a)| (t.to_string(), a.to_string())),
            example: ExampleKind::ALL
                .into_iter()
                .zip(&view.builder.examples)
                .find(|(_, c)| c.selected)
                .map(|(k, _)| k),
            decision: view.turn.decision,
            notices: wb.notices().to_vec(),
            notes: wb.notes().to_string(),
            baseline: wb.baseline().cloned(),
            slots: SLOTS.map(|s| wb.slot_state(s)),
            goals: wb.goals_reached().to_vec(),
            expanded: wb.expanded(),
        }
    }

    /// A turn's finished call holds everything until the learner moves on
    /// or leaves the turn.
    fn frozen(&self) -> bool {
        self.turn.as_ref().is_some_and(Turn::call_finished)
    }

    fn slot(&self, slot: Slot) -> SlotState {
        self.slots[SLOTS.iter().position(|s| *s == slot).unwrap()]
    }
}

fn without_approval(inputs: &Inputs) -> Inputs {
    Inputs {
        approval: None,
        refusal: None,
        ..inputs.clone()
    }
}

fn redacts(wb: &Workbench, tool: &str) -> &'static [&'static str] {
    wb.registry()
        .get(tool)
        .map_or(&[], |t| t.declaration().redacts)
}

/// The clock as of `now`: the time already played settled.
fn settled(mut clock: Clock, now: u64) -> Clock {
    clock.tick(now);
    clock
}

/// The inputs of a new request (a tool or argument edit, a turn's next
/// call, a shared setup): the approval is gone, and a redact hook falls
/// back to none when the learner changed the tool to one with nothing to
/// hide (`learner_tool_change`). A turn's call or a shared setup never
/// changes a setting (issue 33, hole 1).
fn new_request(
    wb: &Workbench,
    base: &Inputs,
    tool: &str,
    args: &str,
    learner_tool_change: bool,
) -> Inputs {
    let mut e = Inputs {
        tool: tool.into(),
        args: args.into(),
        approval: None,
        refusal: None,
        ..base.clone()
    };
    if learner_tool_change && e.hook == Hook::RedactOutput && !hook_applies(wb, tool, e.hook) {
        e.hook = Hook::None;
    }
    e
}

/// Whether `hook` has something to act on for `tool`: output to redact,
/// or a mutation to block.
fn hook_applies(wb: &Workbench, tool: &str, hook: Hook) -> bool {
    match hook {
        Hook::RedactOutput => !redacts(wb, tool).is_empty(),
        Hook::BlockMutations => wb
            .registry()
            .get(tool)
            .is_some_and(|t| t.declaration().risks.iter().any(|r| r.is_mutation())),
        Hook::None | Hook::MarkData => true,
    }
}

/// What the inputs must be after `msg`, a reference model of the
/// workbench's input handling. `advanced`: the message was Next call, and
/// the turn loaded its next call.
fn expected_inputs(wb: &Workbench, before: &Before, msg: &Msg, advanced: bool) -> Inputs {
    let b = &before.inputs;
    let free = before.turn.is_none();
    let frozen = before.frozen();
    if advanced {
        let turn = before.turn.as_ref().unwrap();
        let next = &turn.decision().dispatched()[turn.current() + 1];
        return new_request(wb, b, &next.name, &next.args, false);
    }
    // A policy edit: ignored by a finished turn; a change clears the approval.
    let policy = |f: &dyn Fn(&mut Inputs)| {
        if frozen {
            return b.clone();
        }
        let mut e = b.clone();
        f(&mut e);
        if e != *b {
            e.approval = None;
            e.refusal = None;
        }
        e
    };
    let left_turn = || Inputs {
        approval: if free { b.approval.clone() } else { None },
        refusal: None,
        ..b.clone()
    };
    match msg {
        // The learner's request: only in free mode, and only a real change.
        Msg::SelectTool(id) if free => {
            let valid = id.tool().declaration().examples.get(wb.fixtures()).valid;
            if id.id() != b.tool || valid != b.args || before.example != Some(ExampleKind::Valid) {
                new_request(wb, b, id.id(), valid, id.id() != b.tool)
            } else {
                b.clone()
            }
        }
        Msg::ChooseTool(name) if free => match wb.registry().get(name) {
            Some(tool) => {
                let valid = tool.declaration().examples.get(wb.fixtures()).valid;
                if *name != b.tool || valid != b.args || before.example != Some(ExampleKind::Valid)
                {
                    new_request(wb, b, name, valid, *name != b.tool)
                } else {
                    b.clone()
                }
            }
            None => b.clone(),
        },
        Msg::SetToolName(name) if free && *name != b.tool => {
            new_request(wb, b, name, &b.args, true)
        }
        Msg::LoadExample(kind) if free => match wb.registry().get(&b.tool) {
            Some(tool) => {
                let text = kind.text(tool.declaration().examples.get(wb.fixtures()));
                if text != b.args || before.example != Some(*kind) {
                    new_request(wb, b, &b.tool, text, false)
                } else {
                    b.clone()
                }
            }
            None => b.clone(),
        },
        Msg::EditArgs(text) if free && *text != b.args => new_request(wb, b, &b.tool, text, false),
        Msg::UndoReplace if free => match &before.replaced {
            Some((tool, args)) => new_request(wb, b, tool, args, *tool != b.tool),
            None => b.clone(),
        },
        Msg::SetRole(r) => policy(&|e| e.role = *r),
        Msg::SetKey(k) => policy(&|e| e.key = k.clone()),
        Msg::SetReuse(on) => {
            // Reuse can be turned off only after a successful mutation.
            if *on || !before.ledger.receipts().is_empty() {
                policy(&|e| e.reuse = *on)
            } else {
                b.clone()
            }
        }
        Msg::SetHook(h) => {
            if hook_applies(wb, &b.tool, *h) {
                policy(&|e| e.hook = *h)
            } else {
                b.clone()
            }
        }
        Msg::Approve => match before.plan.call() {
            Some(c) if !frozen && c.risk.needs_approval() => Inputs {
                approval: Some(Approval {
                    tool: c.tool.clone(),
                    payload: c.payload.clone(),
                }),
                refusal: None,
                ..b.clone()
            },
            _ => b.clone(),
        },
        // The person rejects the call a turn holds at the approval gate.
        Msg::Reject => match before.plan.call() {
            Some(c) if before.clock.is_held() => Inputs {
                refusal: Some(Approval {
                    tool: c.tool.clone(),
                    payload: c.payload.clone(),
                }),
                ..b.clone()
            },
            _ => b.clone(),
        },
        Msg::Revoke if !frozen => Inputs {
            approval: None,
            refusal: None,
            ..b.clone()
        },
        Msg::ResetLedger => Inputs {
            approval: None,
            refusal: None,
            reuse: true,
            ..b.clone()
        },
        Msg::RestoreSetup(s) => {
            let base = Inputs {
                role: s.role,
                hook: s.hook,
                key: s.key.clone(),
                ..b.clone()
            };
            new_request(wb, &base, &s.tool, &s.args, false)
        }
        Msg::EditDecision(text) if *text != before.decision => left_turn(),
        Msg::StartTurn => match turn::parse(&before.decision) {
            Ok(d) => {
                let first = &d.dispatched()[0];
                new_request(wb, b, &first.name, &first.args, false)
            }
            Err(_) => left_turn(),
        },
        Msg::EndTurn => left_turn(),
        _ => b.clone(),
    }
}

/// Messages about things outside the run: they never touch the inputs,
/// the playback, the plan, the ledger or the runs log.
fn outside_the_run(msg: &Msg) -> bool {
    matches!(
        msg,
        Msg::CaptureBaseline
            | Msg::ClearBaseline
            | Msg::RestoreBaseline(_)
            | Msg::Notice(_)
            | Msg::EditNotes(_)
            | Msg::ExportNotes
            | Msg::CopyLink { .. }
            | Msg::CopyExport(_)
            | Msg::DownloadExport(_)
            | Msg::Resized { .. }
            | Msg::FromParent { .. }
            | Msg::FullScreen(_)
            | Msg::FillFrame(_)
            | Msg::Expand
            | Msg::FullScreenRefused
            | Msg::Escape
            | Msg::DismissSolved
            | Msg::DeclarationsOpened
            | Msg::ExportsLoaded { .. }
            | Msg::Stored(_)
            | Msg::StoreFailed(_)
            | Msg::Copied(_)
            | Msg::CopyFailed(_)
            | Msg::DownloadFailed(_)
    )
}

/// Everything that must hold after `msg` took `wb` from `before`;
/// `commands` are what the step queued for the shell.
fn check_step(
    wb: &Workbench,
    before: &Before,
    msg: &Msg,
    now: u64,
    model: &mut Model,
    commands: &[Command],
    framed: bool,
) -> TestResult {
    let inputs = wb.inputs();
    let inputs = &inputs;
    let ledger = wb.ledger();
    let registry = wb.registry();

    // Same inputs, same plan; every plan well formed.
    let fresh = gates::plan(registry, inputs, ledger, wb.locale());
    prop_assert_eq!(&fresh, &gates::plan(registry, inputs, ledger, wb.locale()));
    check_plan_shape(&fresh)?;
    check_plan_shape(wb.plan())?;
    if !wb.clock().is_finished() {
        // The plan under inspection is always the plan of the current
        // inputs against the current ledger: never a stale one.
        prop_assert_eq!(wb.plan(), &fresh);
    }

    // Did this message finish a run, and did a turn load its next call?
    let runs = ledger.counters().runs_finished;
    let runs_before = before.ledger.counters().runs_finished;
    let finished_now = *msg != Msg::ResetLedger && runs == runs_before + 1;
    let advanced = *msg == Msg::NextCall && before.turn.as_ref().is_some_and(Turn::next_call_waits);
    if finished_now && before.turn.is_some() {
        // The next call plays on only if this call finished playing.
        model.plays_on = matches!(msg, Msg::Tick | Msg::SetSpeed(_));
    }

    // The inputs follow the reference model of every message.
    let expected = expected_inputs(wb, before, msg, advanced);
    prop_assert_eq!(inputs, &expected, "after {:?}", msg);

    // Input changes clear the approval and rewind to gate 1, paused (a
    // turn whose last call finished playing plays its next call from gate
    // 1).
    let changed = without_approval(&before.inputs) != without_approval(inputs);
    if changed {
        prop_assert_eq!(
            inputs.approval.as_ref(),
            None,
            "approval survived {:?}",
            msg
        );
        if advanced && model.plays_on {
            prop_assert_eq!(
                wb.clock().state,
                Playback::Playing {
                    stage: 0,
                    elapsed: 0,
                    since_ms: now
                },
                "after {:?}",
                msg
            );
        } else {
            prop_assert_eq!(wb.clock().state, GATE_ONE_PAUSED, "after {:?}", msg);
        }
        prop_assert_eq!(wb.plan(), &fresh);
    }
    // A request edit that changes the editor (its text or the example it
    // holds) also clears the approval and rewinds, even with equal inputs.
    if before.turn.is_none()
        && matches!(
            msg,
            Msg::SelectTool(_) | Msg::ChooseTool(_) | Msg::LoadExample(_)
        )
    {
        let example = ExampleKind::ALL
            .into_iter()
            .zip(&wb.view().builder.examples)
            .find(|(_, c)| c.selected)
            .map(|(k, _)| k);
        if changed || example != before.example {
            prop_assert_eq!(inputs.approval.as_ref(), None, "after {:?}", msg);
            prop_assert_eq!(wb.clock().state, GATE_ONE_PAUSED, "after {:?}", msg);
        } else {
            prop_assert_eq!(wb.clock(), &before.clock, "{:?} changed nothing", msg);
        }
    }
    // Approving, revoking, leaving or starting a turn rewinds to gate 1,
    // but for the person's decision on a call held at the approval gate,
    // which goes on from there.
    let decided = before.clock.is_held() && matches!(msg, Msg::Approve | Msg::Reject);
    if decided {
        prop_assert_eq!(wb.clock().stage(), before.clock.stage(), "after {:?}", msg);
        prop_assert!(!wb.clock().is_held(), "still held after {:?}", msg);
    }
    if inputs.approval != before.inputs.approval && !advanced && !decided {
        prop_assert_eq!(wb.clock().state, GATE_ONE_PAUSED, "after {:?}", msg);
    }
    // An approval always binds the current tool and payload of a call that needs one.
    if let Some(a) = &inputs.approval {
        let call = fresh.call();
        prop_assert!(call.is_some_and(|c| c.risk.needs_approval()));
        prop_assert_eq!(Some(&a.tool), call.map(|c| &c.tool));
        prop_assert_eq!(Some(&a.payload), call.map(|c| &c.payload));
    }

    // Playback.
    let frozen = before.frozen();
    let held = before.clock.is_held();
    match msg {
        // A call held at the approval gate waits for the person's decision.
        Msg::Play | Msg::NextGate | Msg::FinishRun if held => {
            prop_assert_eq!(wb.clock(), &before.clock)
        }
        Msg::Play if frozen => prop_assert_eq!(wb.clock(), &before.clock),
        Msg::Play => prop_assert!(wb.clock().is_playing()),
        Msg::Hidden | Msg::Pause => prop_assert!(!wb.clock().is_playing()),
        Msg::Restart if frozen => prop_assert_eq!(wb.clock(), &before.clock),
        Msg::Restart | Msg::ResetLedger | Msg::RestoreSetup(_) => {
            prop_assert_eq!(wb.clock().state, GATE_ONE_PAUSED)
        }
        // A turn's finished call stays on show until Next call.
        Msg::NextCall if !advanced => prop_assert_eq!(wb.clock(), &before.clock),
        // Finish run stops where a turn's call waits for approval.
        Msg::FinishRun
            if before
                .clock
                .hold
                .is_some_and(|h| settled(before.clock, now).stage().is_some_and(|s| s <= h)) =>
        {
            prop_assert!(wb.clock().is_held(), "after {:?}", msg)
        }
        Msg::FinishRun => prop_assert!(wb.clock().is_finished()),
        Msg::NextGate if settled(before.clock, now).is_held() => {
            prop_assert_eq!(wb.clock().state, settled(before.clock, now).state)
        }
        Msg::NextGate => match settled(before.clock, now).stage() {
            Some(6) | None => prop_assert!(wb.clock().is_finished()),
            Some(s) => prop_assert_eq!(
                wb.clock().state,
                Playback::Paused {
                    stage: s + 1,
                    elapsed: 0
                }
            ),
        },
        Msg::StartTurn | Msg::EndTurn if before.turn.is_some() || wb.turn().is_some() => {
            prop_assert_eq!(wb.clock().state, GATE_ONE_PAUSED)
        }
        m if outside_the_run(m) => prop_assert_eq!(wb.clock(), &before.clock),
        _ => {}
    }
    if let Msg::RestoreSetup(s) = msg {
        prop_assert_eq!(wb.clock().speed, s.speed);
    }
    let plays_on = advanced && model.plays_on;
    if !before.clock.is_playing() && *msg != Msg::Play && !decided && !plays_on {
        // The page never plays by itself (a decision on a held call plays
        // on only if it was playing when the hold stopped it).
        prop_assert!(!wb.clock().is_playing(), "playing after {:?}", msg);
    }
    if outside_the_run(msg) {
        prop_assert_eq!(wb.plan(), &before.plan, "{:?} changed the plan", msg);
    }
    // A finished turn holds a finished run until the learner leaves it.
    if wb.turn().is_some_and(Turn::is_complete) {
        prop_assert!(wb.clock().is_finished());
    }

    // The ledger changes only at the seventh stage, or on reset.
    if *msg == Msg::ResetLedger {
        prop_assert_eq!(
            ledger,
            &wb.experiment().ledger(wb.registry(), wb.fixtures())
        );
        prop_assert_eq!(wb.log().len(), before.log_len);
        prop_assert_eq!(wb.plan(), &fresh);
        prop_assert!(wb.turn().is_none(), "a reset leaves the turn");
        // A reset loads the fixtures of the page's language (issue 32).
        let lang = Fixtures::of(wb.locale());
        prop_assert_eq!(wb.fixtures(), lang);
        // The embedding page is no part of the ledger.
        let embed = std::mem::take(&mut model.embed);
        *model = Model {
            embed,
            ..Model::new(wb.experiment().builtin.unwrap(), lang)
        };
    } else {
        prop_assert!(runs == runs_before || runs == runs_before + 1);
        prop_assert_eq!(last_seq(wb) == before.last_seq + 1, finished_now);
        prop_assert_eq!(last_seq(wb) == before.last_seq, !finished_now);
        if finished_now {
            prop_assert!(
                matches!(
                    msg,
                    Msg::Pause
                        | Msg::NextGate
                        | Msg::FinishRun
                        | Msg::SetSpeed(_)
                        | Msg::Tick
                        | Msg::Hidden
                ),
                "{:?} finished a run",
                msg
            );
            prop_assert!(!before.clock.is_finished());
            prop_assert!(wb.clock().is_finished());
            prop_assert_eq!(wb.plan(), &before.plan);
            // What finished is the plan that was under inspection, and it is
            // the plan of those very inputs against the ledger as it stood.
            let done = &before.plan;
            let done_inputs = &before.inputs;
            prop_assert_eq!(
                done,
                &gates::plan(registry, done_inputs, &before.ledger, wb.locale())
            );
            let mut expected = before.ledger.clone();
            expected.commit(done.commit());
            prop_assert_eq!(ledger, &expected);

            let record = wb.log().records().next().unwrap();
            let outcomes: Vec<Verdict> = done.rows().iter().map(|r| r.verdict).collect();
            prop_assert_eq!(record.outcomes.to_vec(), outcomes);
            let effect = match done.commit() {
                Commit::Rejected(_) => RunEffect::Rejected,
                Commit::Ran(Finish::Read) => RunEffect::None,
                Commit::Ran(Finish::Effect { .. }) => RunEffect::Committed,
                Commit::Ran(Finish::Replay { .. }) => RunEffect::Replayed,
            };
            prop_assert_eq!(record.effect, effect);
            if let Some(turn) = &before.turn {
                // The turn recorded this run as its current call's outcome.
                let after = wb.turn().unwrap();
                prop_assert_eq!(after.outcomes().len(), turn.outcomes().len() + 1);
                prop_assert_eq!(
                    after.outcomes()[..turn.outcomes().len()].to_vec(),
                    turn.outcomes().to_vec()
                );
            }

            // Redaction: the same run without the hook commits the same.
            if done_inputs.hook == Hook::RedactOutput {
                let plain = Inputs {
                    hook: Hook::None,
                    ..done_inputs.clone()
                };
                let p = gates::plan(registry, &plain, &before.ledger, wb.locale());
                prop_assert_eq!(&p.commit(), &done.commit());
                let mut without = before.ledger.clone();
                without.commit(p.commit());
                prop_assert_eq!(ledger, &without);
                // ... and the hook did hide what it declares, in the output.
                if let Some(Value::Object(out)) = done.returned() {
                    for field in redacts(wb, &done_inputs.tool) {
                        if let Some(v) = out.get(*field) {
                            prop_assert_eq!(v, &json!(REDACTED));
                        }
                    }
                }
            }
            // Marking: the same run without the hook commits the same, and
            // returned exactly what the mark wraps.
            if done_inputs.hook == Hook::MarkData {
                let plain = Inputs {
                    hook: Hook::None,
                    ..done_inputs.clone()
                };
                let p = gates::plan(registry, &plain, &before.ledger, wb.locale());
                prop_assert_eq!(&p.commit(), &done.commit());
                prop_assert_eq!(
                    done.returned().cloned(),
                    p.returned().cloned().map(mark_as_data)
                );
            }
            model.finish(done, done_inputs, ledger)?;
        } else {
            prop_assert_eq!(ledger, &before.ledger, "{:?} changed the ledger", msg);
            prop_assert_eq!(wb.log().len(), before.log_len);
        }
    }
    model.compare(ledger)?;

    // During a turn the request changes only when the learner moves it on
    // (Next call); a finished call stays on show until then.
    let restarted = matches!(msg, Msg::StartTurn | Msg::RestoreSetup(_));
    if let (Some(t0), Some(t1), false) = (&before.turn, wb.turn(), restarted) {
        prop_assert_eq!(t1.current() != t0.current(), advanced, "after {:?}", msg);
        if !advanced {
            let (tool, args) = wb.request();
            prop_assert_eq!(
                (tool, args),
                (before.request.0.as_str(), before.request.1.as_str()),
                "{:?} changed the turn's request",
                msg
            );
        }
    }
    let (tool, args) = wb.request();
    prop_assert_eq!((tool, args), (inputs.tool.as_str(), inputs.args.as_str()));

    // Goals, once reached, stay reached; they are reached only by runs,
    // Restart inspection and Reset synthetic ledger, and only goals that
    // wait for that event.
    prop_assert_eq!(wb.goals_reached().len(), before.goals.len());
    let event = match msg {
        Msg::Restart => Some(Event::Restart),
        Msg::ResetLedger => Some(Event::Reset),
        _ => None,
    };
    let goals = &wb.experiment().goals;
    for ((was, is), goal) in before.goals.iter().zip(wb.goals_reached()).zip(goals) {
        prop_assert!(!was || *is, "a goal was unset by {:?}", msg);
        let waits = if finished_now {
            goal.when.on == Event::Run
        } else {
            event == Some(goal.when.on)
        };
        if !waits {
            prop_assert_eq!(
                was,
                is,
                "{:?} reached goal {} that waits for another event",
                msg,
                goal.id
            );
        }
    }

    check_notices(wb, before, msg)?;
    check_commands(wb, before, msg, commands, finished_now, framed)?;
    check_height_posts(wb, msg, commands, framed, &mut model.embed)?;

    // Secrets never reach the returned output or the run log.
    gateway_check::log_masked(wb.log()).map_err(violated)?;

    // The view is drawn after every step and agrees with the state: seven
    // rows in gate order, no key in the output or the runs log it shows.
    let view = wb.view();
    gateway_check::view_shape(&view).map_err(violated)?;
    let finished = wb.clock().is_finished();
    prop_assert_eq!(view.gateway.playback.finished, finished);
    if finished {
        prop_assert_eq!(&view.output.text, &wb.plan().returned_text());
    } else {
        prop_assert_eq!(&view.output.text, &None);
    }
    prop_assert_eq!(view.runs.records.len(), wb.log().len());
    prop_assert_eq!(view.builder.approval.approved, inputs.approval.is_some());
    prop_assert_eq!(view.gateway.notices.len(), wb.notices().len());
    prop_assert_eq!(&view.notes.text, wb.notes());
    prop_assert_eq!(view.turn.active, wb.turn().is_some());
    prop_assert_eq!(view.builder.request_editable, wb.turn().is_none());
    Ok(())
}

/// No notice is lost: every notice shown before a message is still shown
/// after it, except the hidden-page one, which Play answers.
fn check_notices(wb: &Workbench, before: &Before, msg: &Msg) -> TestResult {
    let notices = wb.notices();
    for n in &before.notices {
        if *n == Notice::HiddenPaused && *msg == Msg::Play {
            continue;
        }
        prop_assert!(notices.contains(n), "{:?} lost {:?}", msg, n);
    }
    for (i, n) in notices.iter().enumerate() {
        prop_assert!(!notices[..i].contains(n), "{:?} is shown twice", n);
    }
    let frozen = before.frozen();
    match msg {
        // (A call held for approval ignores Play: nothing changes.)
        Msg::Play if !frozen && !before.clock.is_held() => {
            prop_assert!(!notices.contains(&Notice::HiddenPaused))
        }
        Msg::Notice(n) => prop_assert!(notices.contains(n)),
        Msg::RestoreSetup(_) => prop_assert!(notices.contains(&Notice::SharedSetup)),
        Msg::StoreFailed(Slot::Baseline) => {
            prop_assert!(notices.contains(&Notice::BaselineUnsaved))
        }
        Msg::CaptureBaseline if before.slot(Slot::Baseline) == SlotState::Locked => {
            prop_assert!(notices.contains(&Notice::BaselineKept))
        }
        Msg::Hidden if before.clock.is_playing() => {
            prop_assert!(notices.contains(&Notice::HiddenPaused))
        }
        _ => {}
    }
    Ok(())
}

/// What the embedding page was last told: the height, and whether its H5P
/// resizer answered `hello`.
#[derive(Debug, Clone, Default)]
struct EmbedModel {
    posted: Option<u32>,
    greeted: bool,
}

/// The posts about the page's height, exactly as the embed model expects:
/// a new non-zero height while not expanded is posted once (with H5P's
/// `hello` until the resizer answered, `prepareResize` after); the
/// resizer's `ready`, `hello`, `resize` and `resizePrepared` are answered
/// with the last posted height. Never a height of 0, never a height
/// measured while expanded.
fn check_height_posts(
    wb: &Workbench,
    msg: &Msg,
    commands: &[Command],
    framed: bool,
    model: &mut EmbedModel,
) -> TestResult {
    let (full, fill) = wb.expanded();
    let expanded = full || fill;
    let prepare = |height| Post::H5p(H5p::PrepareResize { height });
    let mut expected = Vec::new();
    match msg {
        Msg::Resized { height }
            if framed && *height > 0 && !expanded && model.posted != Some(*height) =>
        {
            model.posted = Some(*height);
            expected.push(Post::Resize {
                experiment: wb.experiment().id.clone(),
                height: *height,
            });
            expected.push(if model.greeted {
                prepare(*height)
            } else {
                Post::H5p(H5p::Hello)
            });
        }
        Msg::FromParent { context, action } if framed && context == "h5p" => {
            match action.as_str() {
                "ready" => expected.push(Post::H5p(H5p::Hello)),
                "hello" => {
                    model.greeted = true;
                    expected.extend(model.posted.filter(|_| !expanded).map(prepare));
                }
                "resize" if model.greeted && !expanded => {
                    expected.extend(model.posted.map(prepare));
                }
                "resizePrepared" if model.greeted => {
                    expected.extend(model.posted.map(|height| Post::H5p(H5p::Resize { height })));
                }
                _ => {}
            }
        }
        _ => {}
    }
    let got: Vec<Post> = commands
        .iter()
        .filter_map(|c| match c {
            Command::Post(p @ (Post::Resize { .. } | Post::H5p(_))) => Some(p.clone()),
            _ => None,
        })
        .collect();
    prop_assert_eq!(&got, &expected, "after {:?}", msg);
    for post in &got {
        for wire in post.wire() {
            let v: Value = serde_json::from_str(&wire.json).unwrap();
            for key in ["height", "scrollHeight", "clientHeight"] {
                prop_assert_ne!(&v[key], &json!(0), "{:?} posted a height of 0", msg);
            }
        }
    }
    Ok(())
}

/// What the step asked of the shell: storage only for slots this page may
/// write, the notes exactly as they are, the baseline only when the
/// learner captured or cleared it; posts only when framed.
fn check_commands(
    wb: &Workbench,
    before: &Before,
    msg: &Msg,
    commands: &[Command],
    finished_now: bool,
    framed: bool,
) -> TestResult {
    let experiment = wb.experiment().id.clone();
    for slot in SLOTS {
        // A locked slot stays locked.
        if before.slot(slot) == SlotState::Locked {
            prop_assert_eq!(wb.slot_state(slot), SlotState::Locked);
        }
        match msg {
            Msg::Stored(s) if *s == slot && before.slot(slot) != SlotState::Locked => {
                prop_assert_eq!(wb.slot_state(slot), SlotState::Writable)
            }
            Msg::StoreFailed(s) if *s == slot && before.slot(slot) != SlotState::Locked => {
                prop_assert_eq!(wb.slot_state(slot), SlotState::Refused)
            }
            Msg::Stored(_) | Msg::StoreFailed(_) => {
                prop_assert_eq!(wb.slot_state(slot), before.slot(slot))
            }
            _ => prop_assert_eq!(wb.slot_state(slot), before.slot(slot)),
        }
    }
    let mut goal_posts = Vec::new();
    for c in commands {
        match c {
            Command::Store { slot, key, value } => {
                prop_assert_ne!(
                    before.slot(*slot),
                    SlotState::Locked,
                    "{:?} wrote a locked slot",
                    msg
                );
                prop_assert_ne!(wb.slot_state(*slot), SlotState::Locked);
                prop_assert_eq!(key, &slot.key(&experiment));
                match slot {
                    Slot::Notes => {
                        prop_assert_eq!(value.as_str(), wb.notes(), "{:?}", msg);
                        prop_assert!(
                            matches!(msg, Msg::EditNotes(_)),
                            "{:?} stored the notes",
                            msg
                        );
                    }
                    Slot::Baseline => {
                        prop_assert!(
                            matches!(msg, Msg::CaptureBaseline | Msg::ClearBaseline),
                            "{:?} stored the baseline",
                            msg
                        );
                        let stored = wb.baseline().map(Baseline::to_stored);
                        prop_assert_eq!(Some(value), stored.as_ref());
                    }
                    Slot::Authored => {
                        // Written only at the opening, never by a message.
                        prop_assert!(false, "{:?} stored the authored list", msg);
                    }
                    Slot::Progress => {
                        // The ids of the goals reached, stored when one is
                        // newly reached.
                        let ids: Vec<String> = wb
                            .experiment()
                            .goals
                            .iter()
                            .zip(wb.goals_reached())
                            .filter(|(_, r)| **r)
                            .map(|(g, _)| g.id.clone())
                            .collect();
                        let stored: Vec<String> = serde_json::from_str(value).unwrap();
                        prop_assert_eq!(stored, ids);
                        prop_assert!(
                            finished_now || matches!(msg, Msg::Restart | Msg::ResetLedger),
                            "{:?} stored the progress",
                            msg
                        );
                    }
                }
            }
            Command::Remove { slot, key } => {
                prop_assert_ne!(
                    before.slot(*slot),
                    SlotState::Locked,
                    "{:?} removed a locked slot",
                    msg
                );
                prop_assert_eq!(*slot, Slot::Baseline);
                prop_assert_eq!(key, &slot.key(&experiment));
                prop_assert_eq!(msg, &Msg::ClearBaseline);
                prop_assert!(wb.baseline().is_none());
            }
            // Checked against the embed model (`check_height_posts`).
            Command::Post(Post::Resize { .. } | Post::H5p(_)) => {
                prop_assert!(framed, "posted {:?} unframed", c);
            }
            Command::Post(Post::Goal {
                experiment: e,
                goal,
                reached,
                total,
            }) => {
                prop_assert!(framed, "posted {:?} unframed", c);
                prop_assert!(finished_now || matches!(msg, Msg::Restart | Msg::ResetLedger));
                prop_assert_eq!(e, &experiment);
                let goals = &wb.experiment().goals;
                let i = goals.iter().position(|g| g.id == *goal).unwrap();
                prop_assert!(!before.goals[i] && wb.goals_reached()[i]);
                prop_assert_eq!(*total, goals.len());
                prop_assert_eq!(*reached, wb.goals_reached().iter().filter(|r| **r).count());
                goal_posts.push(i);
            }
            Command::Download { what, text, .. } => match msg {
                Msg::ExportNotes => {
                    prop_assert_eq!(*what, Deliverable::NotesExport);
                    prop_assert_eq!(text, &wb.export_notes());
                    prop_assert!(text.contains(wb.notes()));
                }
                Msg::DownloadExport(e) => {
                    prop_assert_eq!(*what, Deliverable::Declarations(*e));
                    prop_assert_eq!(
                        text.as_str(),
                        gateway_core::published::text(*e, wb.registry(), wb.locale())
                    );
                }
                other => prop_assert!(false, "{:?} offered a download", other),
            },
            Command::Copy { what, text } => match msg {
                Msg::CopyLink { page_url } => {
                    prop_assert_eq!(*what, Deliverable::ShareLink);
                    let base = page_url.split('#').next().unwrap();
                    let base = &gateway_core::opening::with_lang(base, wb.locale());
                    let fragment = text.strip_prefix(base).and_then(|t| t.strip_prefix('#'));
                    prop_assert!(fragment.is_some(), "{}", text);
                    let restored = Setup::from_fragment(fragment.unwrap());
                    prop_assert_eq!(restored, Ok(Some(wb.setup())));
                }
                Msg::CopyExport(e) => {
                    prop_assert_eq!(*what, Deliverable::Declarations(*e));
                    prop_assert_eq!(
                        text.as_str(),
                        gateway_core::published::text(*e, wb.registry(), wb.locale())
                    );
                }
                other => prop_assert!(false, "{:?} offered a copy", other),
            },
            Command::ReplaceAddress { url } => match msg {
                // The address keeps a teacher view; the link copied is
                // the address without it.
                Msg::CopyLink { .. } => {
                    let link = gateway_core::query::for_learners(url, wb.locale());
                    let copied = commands
                        .iter()
                        .any(|c| matches!(c, Command::Copy { text, .. } if *text == link));
                    prop_assert!(copied);
                }
                // A language switch writes the language to the address.
                Msg::SetLocale { locale, .. } | Msg::CatalogueLoaded { locale, .. } => {
                    prop_assert_eq!(wb.locale(), *locale);
                    let lang = format!("lang={}", locale.id());
                    prop_assert!(url.contains(&lang), "{}", url);
                }
                other => prop_assert!(false, "{:?} replaced the address", other),
            },
            Command::LoadCatalogue(locale) => prop_assert!(
                matches!(msg, Msg::SetLocale { locale: l, .. } if l == locale),
                "{:?} loaded a catalogue",
                msg
            ),
            // Natively every language's exports are installed: none is
            // ever downloaded.
            Command::LoadExports(_) => prop_assert!(false, "{:?} loaded exports", msg),
            // Only Expand experiment asks for full screen, when not
            // expanded, and leaves it, when in full screen.
            Command::RequestFullScreen => {
                prop_assert_eq!(msg, &Msg::Expand);
                prop_assert_eq!(before.expanded, (false, false));
            }
            Command::ExitFullScreen => {
                prop_assert_eq!(msg, &Msg::Expand);
                prop_assert_eq!(before.expanded, (true, false));
            }
            // The verdict is brought into view only when the learner
            // pressed for it.
            Command::Reveal => prop_assert!(
                matches!(
                    msg,
                    Msg::NextGate | Msg::FinishRun | Msg::Approve | Msg::Reject
                ),
                "{:?} revealed the verdict",
                msg
            ),
        }
    }
    // Every goal newly reached in a framed page is posted, once.
    if framed {
        let newly: Vec<usize> = (0..before.goals.len())
            .filter(|&i| !before.goals[i] && wb.goals_reached()[i])
            .collect();
        prop_assert_eq!(goal_posts, newly);
    }
    // The commands a message must send.
    let count = |f: fn(&Command) -> bool| commands.iter().filter(|c| f(c)).count();
    match msg {
        Msg::EditNotes(text)
            if *text != before.notes && before.slot(Slot::Notes) != SlotState::Locked =>
        {
            prop_assert_eq!(
                count(|c| matches!(
                    c,
                    Command::Store {
                        slot: Slot::Notes,
                        ..
                    }
                )),
                1
            )
        }
        Msg::CaptureBaseline if before.slot(Slot::Baseline) != SlotState::Locked => {
            prop_assert_eq!(
                count(|c| matches!(
                    c,
                    Command::Store {
                        slot: Slot::Baseline,
                        ..
                    }
                )),
                1
            )
        }
        Msg::ClearBaseline
            if before.baseline.is_some() && before.slot(Slot::Baseline) != SlotState::Locked =>
        {
            prop_assert_eq!(count(|c| matches!(c, Command::Remove { .. })), 1)
        }
        Msg::ExportNotes | Msg::DownloadExport(_) => {
            prop_assert_eq!(count(|c| matches!(c, Command::Download { .. })), 1)
        }
        Msg::CopyLink { .. } => {
            prop_assert_eq!(count(|c| matches!(c, Command::ReplaceAddress { .. })), 1);
            prop_assert_eq!(count(|c| matches!(c, Command::Copy { .. })), 1);
        }
        Msg::CopyExport(_) => prop_assert_eq!(count(|c| matches!(c, Command::Copy { .. })), 1),
        _ => {}
    }
    Ok(())
}

/// What the page's storage holds for one slot when it opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stored {
    Absent,
    /// Notes, or a baseline this version reads.
    Readable,
    /// A baseline saved by a newer version.
    Newer,
    /// A baseline that is not one.
    Damaged,
    /// Storage throws.
    Failed,
}

/// How the page opened.
#[derive(Debug, Clone)]
struct Start {
    experiment: ExperimentId,
    baseline: Stored,
    notes: Stored,
    framed: bool,
    /// 0: no link, 1: a link to this experiment, 2: a damaged link.
    link: u8,
}

fn start() -> impl Strategy<Value = Start> {
    let stored = || {
        select(vec![
            Stored::Absent,
            Stored::Readable,
            Stored::Newer,
            Stored::Damaged,
            Stored::Failed,
        ])
    };
    (
        select(ExperimentId::ALL.to_vec()),
        stored(),
        stored(),
        any::<bool>(),
        0u8..3,
    )
        .prop_map(|(experiment, baseline, notes, framed, link)| Start {
            experiment,
            baseline,
            notes,
            framed,
            link,
        })
}

/// A baseline captured on a fresh page of `experiment`, as storage holds it.
fn stored_baseline(experiment: ExperimentId) -> String {
    let mut wb = Workbench::new(experiment);
    wb.update(0, Msg::CaptureBaseline);
    wb.baseline().unwrap().to_stored()
}

/// A workbench, its reference model and the shell's clock.
struct Harness {
    wb: Workbench,
    model: Model,
    now: u64,
    framed: bool,
}

impl Harness {
    fn new(experiment: ExperimentId) -> Self {
        Self {
            wb: Workbench::new(experiment),
            model: Model::new(experiment, Fixtures::En),
            now: 1_000_000,
            framed: false,
        }
    }

    /// A page opened the way the shell opens it, with storage and a link.
    fn open(start: &Start) -> Result<Self, TestCaseError> {
        let id = start.experiment.id();
        let baseline = stored_baseline(start.experiment);
        let read = |key: &str| -> Read {
            let state = if key == Slot::Baseline.key(id) {
                start.baseline
            } else if key == Slot::Notes.key(id) {
                start.notes
            } else {
                Stored::Absent
            };
            match (state, key == Slot::Baseline.key(id)) {
                (Stored::Absent, _) => Read::Absent,
                (Stored::Failed, _) => Read::Failed,
                (Stored::Readable, true) => Read::Found(baseline.clone()),
                (Stored::Newer, true) => {
                    Read::Found(baseline.replace("\"version\":1", "\"version\":7"))
                }
                (Stored::Damaged, true) => Read::Found("{\"version\":1,".into()),
                (_, false) => Read::Found(format!("stored notes ({state:?})")),
            }
        };
        let fragment = match start.link {
            0 => String::new(),
            1 => {
                let mut setup = Workbench::new(start.experiment).setup();
                setup.key = "shared-1".into();
                format!("#{}", setup.to_fragment())
            }
            _ => "#s=1.!!!".into(),
        };
        let query = format!("?experiment={id}");
        let opened = open(
            Address {
                query: &Query::parse(&query),
                fragment: &fragment,
                framed: start.framed,
                from_file: false,
                single_file: false,
                locale: gateway_core::text::Locale::default(),
                inflated: None,
            },
            &read,
        );
        let Opening::Workbench(mut wb) = opened else {
            return Err(TestCaseError::fail(format!("{id} did not open")));
        };
        let locked = |s: Stored| matches!(s, Stored::Newer | Stored::Damaged | Stored::Failed);
        prop_assert_eq!(
            wb.slot_state(Slot::Baseline) == SlotState::Locked,
            locked(start.baseline)
        );
        prop_assert_eq!(
            wb.slot_state(Slot::Notes) == SlotState::Locked,
            start.notes == Stored::Failed
        );
        // Opening writes nothing.
        prop_assert_eq!(wb.poll_command(), None);
        let model = Model::new(wb.experiment().builtin.unwrap(), wb.fixtures());
        Ok(Self {
            wb: *wb,
            model,
            now: 1_000_000,
            framed: start.framed,
        })
    }

    fn send(&mut self, time: Time, msg: Msg) -> TestResult {
        self.now = time.apply(self.now);
        let before = Before::of(&self.wb);
        let view_before = matches!(msg, Msg::Tick).then(|| self.wb.view());
        let handled = self.wb.update(self.now, msg.clone());
        let commands: Vec<Command> = std::iter::from_fn(|| self.wb.poll_command()).collect();
        if handled == Handled::Frame {
            // A frame changes only what `frame` words, and asks nothing of
            // the shell: the page redraws that alone.
            prop_assert!(commands.is_empty(), "a frame queued {commands:?}");
            let mut expected = view_before
                .ok_or_else(|| TestCaseError::fail(format!("{msg:?} was handled as a frame")))?;
            expected.gateway.playback.frame = self.wb.frame();
            prop_assert_eq!(
                &self.wb.view(),
                &expected,
                "a frame changed more than the frame"
            );
        }
        check_step(
            &self.wb,
            &before,
            &msg,
            self.now,
            &mut self.model,
            &commands,
            self.framed,
        )
    }

    fn run(&mut self, steps: &[Step]) -> TestResult {
        for s in steps {
            self.send(s.time, s.msg.clone())?;
        }
        Ok(())
    }

    /// Inspects the run to the end with Next gate.
    fn finish(&mut self) -> TestResult {
        while !self.wb.clock().is_finished() {
            self.send(Time::Same, Msg::NextGate)?;
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------

proptest! {
    #![proptest_config(config(256))]

    /// All messages (every `Msg` variant), all tools, all invariants after
    /// every step, on a page opened with whatever storage and link it found.
    #[test]
    fn random_sequences_keep_every_invariant(
        start in start(),
        steps in steps(ToolId::ALL.to_vec(), true, false, 40),
    ) {
        let mut h = Harness::open(&start)?;
        h.run(&steps)?;
    }
}

/// The generator of the sequence test produces every `Msg` variant (and
/// every kind of notice), so no message escapes the invariants.
#[test]
fn the_generator_produces_every_message() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::{Config, TestRunner};
    let mut runner = TestRunner::new(Config::default());
    let strategy = chunk(ToolId::ALL.to_vec(), true, false);
    let mut seen = BTreeSet::new();
    let mut notices = BTreeSet::new();
    for _ in 0..20_000 {
        for s in strategy.new_tree(&mut runner).unwrap().current() {
            if let Msg::Notice(n) = &s.msg {
                notices.insert(
                    format!("{n:?}")
                        .split(['(', ' '])
                        .next()
                        .unwrap()
                        .to_string(),
                );
            }
            seen.insert(variant(&s.msg));
        }
    }
    let missing: Vec<_> = VARIANTS.iter().filter(|v| !seen.contains(v.id())).collect();
    assert!(missing.is_empty(), "never generated: {missing:?}");
    assert_eq!(seen.len(), VARIANTS.len());
    assert_eq!(notices.len(), 11, "{notices:?}");
}

proptest! {
    #![proptest_config(config(128))]

    /// The same sequence with hook None and with Mark output as data:
    /// identical ledgers, receipts, approvals, clocks and logs after every
    /// step; the marked output is exactly the plain one under the boundary,
    /// and the page draws the boundary only around it.
    #[test]
    fn marking_changes_only_the_returned_output(
        experiment in select(vec![ExperimentId::Email, ExperimentId::Filesystem, ExperimentId::Registry]),
        steps in steps(ToolId::ALL.to_vec(), false, false, 30),
    ) {
        let mut plain = Harness::new(experiment);
        let mut marked = Harness::new(experiment);
        plain.send(Time::Same, Msg::SetHook(Hook::None))?;
        marked.send(Time::Same, Msg::SetHook(Hook::MarkData))?;
        for s in &steps {
            plain.send(s.time, s.msg.clone())?;
            marked.send(s.time, s.msg.clone())?;
            let (p, m) = (&plain.wb, &marked.wb);
            prop_assert_eq!(m.inputs().hook, Hook::MarkData);
            prop_assert_eq!(p.inputs(), Inputs { hook: Hook::None, ..m.inputs() });
            prop_assert_eq!(p.ledger(), m.ledger());
            prop_assert_eq!(p.clock(), m.clock());
            prop_assert_eq!(&p.plan().commit(), &m.plan().commit());
            let verdicts = |wb: &Workbench| {
                wb.plan().rows()[..6].iter().map(|x| x.verdict).collect::<Vec<_>>()
            };
            prop_assert_eq!(verdicts(p), verdicts(m));
            prop_assert_eq!(
                m.plan().returned().cloned(),
                p.plan().returned().cloned().map(mark_as_data)
            );
            prop_assert_eq!(p.log().len(), m.log().len());
            let (pv, mv) = (p.view(), m.view());
            prop_assert_eq!(pv.output.boundary, None);
            prop_assert_eq!(mv.output.boundary.is_some(), mv.output.text.is_some());
        }
    }

    /// The same sequence with hook None and with Redact output: identical
    /// ledgers, receipts, approvals and clocks after every step; only the
    /// returned output differs, and only in the declared fields.
    #[test]
    fn redaction_changes_only_the_returned_output(
        experiment in select(vec![ExperimentId::Email, ExperimentId::Filesystem]),
        steps in steps(vec![ToolId::Email, ToolId::Files], false, false, 30),
    ) {
        let mut plain = Harness::new(experiment);
        let mut red = Harness::new(experiment);
        plain.send(Time::Same, Msg::SetHook(Hook::None))?;
        red.send(Time::Same, Msg::SetHook(Hook::RedactOutput))?;
        prop_assert_eq!(red.wb.inputs().hook, Hook::RedactOutput);
        for s in &steps {
            plain.send(s.time, s.msg.clone())?;
            red.send(s.time, s.msg.clone())?;
            let (p, r) = (&plain.wb, &red.wb);
            prop_assert_eq!(r.inputs().hook, Hook::RedactOutput);
            prop_assert_eq!(
                p.inputs(),
                Inputs { hook: Hook::None, ..r.inputs() }
            );
            prop_assert_eq!(p.ledger(), r.ledger());
            prop_assert_eq!(p.clock(), r.clock());
            prop_assert_eq!(&p.plan().commit(), &r.plan().commit());
            // The after-hook row differs by design; the six before it may not.
            let verdicts = |wb: &Workbench| {
                wb.plan().rows()[..6].iter().map(|x| x.verdict).collect::<Vec<_>>()
            };
            prop_assert_eq!(verdicts(p), verdicts(r));
            prop_assert_eq!(p.log().len(), r.log().len());
            let (pv, rv) = (p.view(), r.view());
            if let (Some(pout), Some(rout)) = (&pv.output.text, &rv.output.text) {
                prop_assert!(!pout.contains(REDACTED), "{}", pout);
                prop_assert!(rout.contains(REDACTED), "{}", rout);
            }
            prop_assert_eq!(pv.output.text.is_some(), rv.output.text.is_some());
            if let (Some(Value::Object(po)), Some(Value::Object(ro))) =
                (p.plan().returned(), r.plan().returned())
            {
                let hidden = redacts(r, &r.inputs().tool);
                prop_assert_eq!(po.keys().collect::<Vec<_>>(), ro.keys().collect::<Vec<_>>());
                for (k, v) in ro {
                    if hidden.contains(&k.as_str()) {
                        prop_assert_eq!(v, &json!(REDACTED));
                    } else {
                        prop_assert_eq!(v, &po[k]);
                    }
                }
            }
        }
    }

    /// One key + one payload: one effect however often it is replayed; a
    /// new key is a new intention; reuse off executes again.
    #[test]
    fn one_key_and_payload_make_one_effect(
        (tool, text) in mutation_payload(),
        plays in vec(any::<bool>(), 1..8),
    ) {
        let mut h = Harness::new(ExperimentId::Email);
        h.send(Time::Same, Msg::SelectTool(tool))?;
        h.send(Time::Same, Msg::EditArgs(text))?;
        h.send(Time::Same, Msg::SetRole(Role::Operator))?;
        h.send(Time::Same, Msg::Approve)?;
        h.finish()?;
        // Calendar times may overlap the fixtures or leave the day.
        prop_assume!(matches!(h.wb.plan().commit(), Commit::Ran(Finish::Effect { .. })));
        let first = h.wb.ledger().clone();
        prop_assert_eq!(first.counters().effects_committed, 1);
        for (i, play) in plays.iter().enumerate() {
            if *play {
                // Play after completion starts another run.
                h.send(Time::Forward(10), Msg::Play)?;
                h.send(Time::Forward(56_000), Msg::Tick)?;
            } else {
                h.send(Time::Same, Msg::Restart)?;
                h.finish()?;
            }
            let l = h.wb.ledger();
            prop_assert!(
                matches!(h.wb.plan().commit(), Commit::Ran(Finish::Replay { ref key }) if key == "intent-1"),
                "{:?}",
                h.wb.plan().commit()
            );
            prop_assert_eq!(l.counters().effects_committed, 1);
            prop_assert_eq!(l.counters().receipts_reused, i as u64 + 1);
            prop_assert_eq!(gateway_core::tools::email::outbox(l.stores()), gateway_core::tools::email::outbox(first.stores()));
            prop_assert_eq!(gateway_core::tools::calendar::schedule(l.stores()), gateway_core::tools::calendar::schedule(first.stores()));
            prop_assert_eq!(gateway_core::tools::files::contents(l.stores()).unwrap(), gateway_core::tools::files::contents(first.stores()).unwrap());
            prop_assert_eq!(gateway_core::tools::database::table(l.stores()).unwrap(), gateway_core::tools::database::table(first.stores()).unwrap());
            prop_assert_eq!(l.receipts(), first.receipts());
        }
        // A new key is a new intention, even for an identical payload.
        h.send(Time::Same, Msg::SetKey("intent-2".into()))?;
        h.send(Time::Same, Msg::Approve)?;
        h.finish()?;
        let again = matches!(h.wb.plan().commit(), Commit::Ran(Finish::Effect { .. }));
        let overlap = tool == ToolId::Calendar
            && h.wb.plan().commit() == Commit::Rejected(Gate::Execution);
        prop_assert!(again || overlap, "{:?}", h.wb.plan().commit());
        // Reuse off: the first key executes again, a visible duplicate.
        let effects = h.wb.ledger().counters().effects_committed;
        h.send(Time::Same, Msg::SetKey("intent-1".into()))?;
        h.send(Time::Same, Msg::SetReuse(false))?;
        prop_assert!(!h.wb.inputs().reuse);
        h.send(Time::Same, Msg::Approve)?;
        h.finish()?;
        if tool != ToolId::Calendar {
            let commit = &h.wb.plan().commit();
            prop_assert!(matches!(commit, Commit::Ran(Finish::Effect { .. })), "{:?}", commit);
            prop_assert_eq!(h.wb.ledger().counters().effects_committed, effects + 1);
        }
    }

    /// From an approved run at any gate, playing or paused, every input
    /// change clears the approval and rewinds to gate 1, paused.
    #[test]
    fn any_input_change_clears_approval_and_rewinds(
        tool in tool_id(),
        gates_done in 0usize..7,
        playing in any::<bool>(),
        change in 0usize..9,
        other_tool in tool_id(),
        kind in example_kind(),
        name in tool_name(),
    ) {
        let mut h = Harness::new(ExperimentId::Email);
        h.send(Time::Same, Msg::SelectTool(tool))?;
        h.send(Time::Same, Msg::SetRole(Role::Operator))?;
        // A receipt first, so that Reuse receipts may be turned off.
        h.send(Time::Same, Msg::SelectTool(ToolId::Email))?;
        h.send(Time::Same, Msg::Approve)?;
        h.finish()?;
        h.send(Time::Same, Msg::SelectTool(tool))?;
        if tool == ToolId::Email {
            h.send(Time::Same, Msg::SetKey("intent-9".into()))?;
        }
        h.send(Time::Same, Msg::Approve)?;
        let approvable = h.wb.approval_applies();
        prop_assert_eq!(h.wb.inputs().approval.is_some(), approvable);
        for _ in 0..gates_done {
            h.send(Time::Same, Msg::NextGate)?;
        }
        if playing {
            h.send(Time::Forward(5), Msg::Play)?;
            h.send(Time::Forward(3_000), Msg::Tick)?;
        }
        let inputs = h.wb.inputs();
        let loaded = |wb: &Workbench| {
            ExampleKind::ALL
                .into_iter()
                .zip(&wb.view().builder.examples)
                .find(|(_, c)| c.selected)
                .map(|(k, _)| k)
        };
        let example = loaded(&h.wb);
        let msg = match change {
            0 => Msg::EditArgs(format!("{} ", inputs.args)),
            1 => Msg::SetRole(Role::Viewer),
            2 => Msg::SetHook(Hook::BlockMutations),
            3 => Msg::SetKey(format!("{}x", inputs.key)),
            4 => Msg::SetReuse(false),
            5 => Msg::SelectTool(other_tool),
            6 => Msg::SetToolName(name),
            7 => Msg::LoadExample(kind),
            _ => Msg::EditArgs(String::new()),
        };
        h.send(Time::Forward(7), msg.clone())?;
        let really_changed = without_approval(&h.wb.inputs()) != without_approval(&inputs);
        // Loading an example is an edit unless that very example is loaded.
        let load = matches!(msg, Msg::LoadExample(k) if example != Some(k) || loaded(&h.wb) != example);
        if really_changed || load {
            prop_assert_eq!(h.wb.inputs().approval, None);
            prop_assert_eq!(h.wb.clock().state, GATE_ONE_PAUSED);
        }
        // Every message above but SelectTool/SetToolName to the same tool is a change.
        let same_tool = match &msg {
            Msg::SelectTool(t) => *t == tool && inputs.args == examples(tool).valid,
            Msg::SetToolName(n) => *n == inputs.tool,
            _ => false,
        };
        let same_example = matches!(msg, Msg::LoadExample(k) if example == Some(k));
        // Block mutations on a tool that only reads is refused (NothingToBlock).
        let idle_hook = matches!(msg, Msg::SetHook(hook) if !hook_applies(&h.wb, &inputs.tool, hook));
        prop_assert!(
            really_changed || load || same_tool || same_example || idle_hook,
            "{:?} changed nothing",
            msg
        );
        if !really_changed && !load {
            // Nothing changed: the approval and the inspection stay.
            prop_assert_eq!(h.wb.inputs().approval, inputs.approval);
        }
    }

    /// Plans of arbitrary inputs (including approvals of other payloads,
    /// which the workbench never holds) are deterministic and well formed.
    #[test]
    fn plans_are_deterministic_and_well_formed(
        tool in tool_name(),
        args in args_text(ToolId::ALL.to_vec(), true),
        role in role(),
        hook in hook(),
        key in op_key(),
        reuse in any::<bool>(),
        approval in 0usize..3,
        other_payload in "[{}\":a-z0-9]{0,20}",
        with_receipts in any::<bool>(),
    ) {
        let registry = gateway_core::Registry::fixtures();
        let mut ledger = Ledger::fixtures();
        if with_receipts {
            for (i, t) in ToolId::ALL.iter().enumerate() {
                let inputs = Inputs {
                    tool: t.id().into(),
                    args: examples(*t).valid.into(),
                    role: Role::Operator,
                    hook: Hook::None,
                    key: ["intent-1", "intent-2", "intent-3"][i % 3].into(),
                    reuse: true,
                    approval: None,
                    refusal: None,
                };
                let call = gates::plan(&registry, &inputs, &ledger, Locale::En).call().cloned().unwrap();
                let approval = Some(Approval { tool: call.tool, payload: call.payload });
                let p = gates::plan(&registry, &Inputs { approval, ..inputs }, &ledger, Locale::En);
                ledger.commit(p.commit());
            }
        }
        let mut inputs = Inputs { tool, args, role, hook, key, reuse, approval: None, refusal: None };
        let call = gates::plan(&registry, &inputs, &ledger, Locale::En).call().cloned();
        inputs.approval = match approval {
            0 => None,
            1 => call.map(|c| Approval { tool: c.tool, payload: c.payload }),
            _ => Some(Approval { tool: inputs.tool.clone(), payload: other_payload }),
        };
        let first = gates::plan(&registry, &inputs, &ledger, Locale::En);
        let second = gates::plan(&registry, &inputs, &ledger, Locale::En);
        prop_assert_eq!(&first, &second);
        check_plan_shape(&first)?;
    }
}

proptest! {
    #![proptest_config(config(64))]

    /// The ledger reference model over many complete runs, including a
    /// full outbox: outbox length = committed emails, capped at 20; files
    /// and database hold the last committed write.
    #[test]
    fn ledger_follows_the_committed_writes(
        actions in vec(action(), 1..20),
    ) {
        let mut h = Harness::new(ExperimentId::Email);
        let mut fresh = 0;
        for a in &actions {
            match a {
                Action::Reset => h.send(Time::Forward(1), Msg::ResetLedger)?,
                Action::Again { new_key, reuse } => {
                    if *new_key {
                        fresh += 1;
                        h.send(Time::Same, Msg::SetKey(format!("again-{fresh}")))?;
                    }
                    h.send(Time::Same, Msg::SetReuse(*reuse))?;
                    h.send(Time::Same, Msg::Approve)?;
                    // Play after a finished run starts another one.
                    h.send(Time::Forward(1), Msg::Play)?;
                    h.send(Time::Forward(56_000), Msg::Tick)?;
                }
                Action::Flood(n) => {
                    h.send(Time::Same, Msg::SelectTool(ToolId::Email))?;
                    h.send(Time::Same, Msg::SetRole(Role::Operator))?;
                    h.send(Time::Same, Msg::SetReuse(true))?;
                    for i in 0..*n {
                        fresh += 1;
                        let text = json!({
                            "to": "learner@example.test",
                            "subject": format!("Flood {i}"),
                            "body": format!("message {fresh}"),
                        })
                        .to_string();
                        h.send(Time::Same, Msg::EditArgs(text))?;
                        h.send(Time::Same, Msg::SetKey(format!("flood-{fresh}")))?;
                        h.send(Time::Same, Msg::Approve)?;
                        h.send(Time::Forward(1), Msg::Play)?;
                        h.send(Time::Forward(56_000), Msg::Tick)?;
                    }
                }
                Action::Run { tool, text, key, reuse, role, hook, approve, play } => {
                    h.send(Time::Same, Msg::SelectTool(*tool))?;
                    h.send(Time::Same, Msg::EditArgs(text.clone()))?;
                    h.send(Time::Same, Msg::SetKey(key.clone()))?;
                    h.send(Time::Same, Msg::SetReuse(*reuse))?;
                    h.send(Time::Same, Msg::SetRole(*role))?;
                    h.send(Time::Same, Msg::SetHook(*hook))?;
                    if *approve {
                        h.send(Time::Same, Msg::Approve)?;
                    }
                    if *play {
                        h.send(Time::Forward(3), Msg::Play)?;
                        h.send(Time::Forward(20_000), Msg::Tick)?;
                        h.send(Time::Forward(20_000), Msg::SetSpeed(Speed::Double))?;
                        h.send(Time::Forward(20_000), Msg::Hidden)?;
                        h.send(Time::Same, Msg::SetSpeed(Speed::Normal))?;
                    }
                    h.finish()?;
                }
            }
        }
    }
}

#[derive(Debug, Clone)]
enum Action {
    Run {
        tool: ToolId,
        text: String,
        key: String,
        reuse: bool,
        role: Role,
        hook: Hook,
        approve: bool,
        play: bool,
    },
    Flood(usize),
    /// The last request again: with the same or a new key, reuse on or off.
    Again {
        new_key: bool,
        reuse: bool,
    },
    Reset,
}

fn action() -> BoxedStrategy<Action> {
    let run = (
        prop_oneof![3 => mutation_payload(), 1 => tool_payload(ToolId::ALL.to_vec(), false)],
        prop_oneof![3 => (0u8..6).prop_map(|i| format!("k{i}")), 1 => op_key()],
        prop::bool::weighted(0.8),
        prop_oneof![5 => Just(Role::Operator), 1 => Just(Role::Viewer)],
        prop_oneof![5 => Just(Hook::None), 1 => Just(Hook::BlockMutations), 2 => Just(Hook::RedactOutput)],
        prop::bool::weighted(0.85),
        any::<bool>(),
    )
        .prop_map(|((tool, text), key, reuse, role, hook, approve, play)| Action::Run {
            tool,
            text,
            key,
            reuse,
            role,
            hook,
            approve,
            play,
        });
    prop_oneof![
        14 => run,
        1 => (1usize..=24).prop_map(Action::Flood),
        5 => (prop::bool::weighted(0.3), prop::bool::weighted(0.7))
            .prop_map(|(new_key, reuse)| Action::Again { new_key, reuse }),
        1 => Just(Action::Reset),
    ]
    .boxed()
}

// ---------------------------------------------------------------------------
// Secrets and robustness
// ---------------------------------------------------------------------------

/// Runs `text` as `tool` to the end (Operator, approved where possible)
/// under `hook`, checking every step.
fn run_text(tool: ToolId, text: &str, hook: Hook) -> Result<Harness, TestCaseError> {
    let mut h = Harness::new(ExperimentId::Email);
    h.send(Time::Same, Msg::SelectTool(tool))?;
    h.send(Time::Same, Msg::SetHook(hook))?;
    h.send(Time::Same, Msg::SetRole(Role::Operator))?;
    h.send(Time::Same, Msg::EditArgs(text.to_string()))?;
    h.send(Time::Same, Msg::Approve)?;
    h.finish()?;
    Ok(h)
}

/// Strings of up to 4096 UTF-16 units, and some just over.
fn any_text() -> BoxedStrategy<String> {
    let cap = MAX_ARGUMENT_UNITS;
    prop_oneof![
        3 => (vec(any::<char>(), 0..cap + 8), 0..cap + 8).prop_map(|(chars, units)| {
            let mut out = String::new();
            for c in chars {
                if utf16_len(&out) + c.len_utf16() > units {
                    break;
                }
                out.push(c);
            }
            out
        }),
        2 => "[{}\\[\\]\":,0-9a-zE. \\\\+-]{0,200}",
        1 => (1usize..3000, any::<bool>()).prop_map(|(n, arrays)| if arrays {
            format!("{}{}", "[".repeat(n), "]".repeat(n))
        } else {
            format!("{}1{}", "{\"a\":".repeat(n), "}".repeat(n))
        }),
        2 => (tool_id(), -3i64..=3, select(vec![' ', '\n', '\t'])).prop_map(move |(t, d, pad)| {
            let base = examples(t).valid;
            let units = (cap as i64 + d) as usize - utf16_len(base);
            format!("{base}{}", pad.to_string().repeat(units))
        }),
        2 => (tool_id(), mutation()).prop_map(|(t, m)| mutate(examples(t).valid, &m)),
    ]
    .boxed()
}

proptest! {
    #![proptest_config(config(48))]

    /// Nothing panics, whatever the text, for every tool; the cap is
    /// counted in UTF-16 units before parsing.
    #[test]
    fn any_argument_text_is_handled_for_every_tool(text in any_text()) {
        let units = utf16_len(&text);
        for tool in ToolId::ALL {
            let h = run_text(tool, &text, Hook::None)?;
            let row = &h.wb.plan().rows()[0];
            let reason = row.reason.to_string();
            let over = matches!(
                row.reason,
                Reason::Json(JsonError::TooLong { cap: MAX_ARGUMENT_UNITS, got }) if got == units
            );
            if units > MAX_ARGUMENT_UNITS {
                prop_assert_eq!(row.verdict, Verdict::Rejected);
                prop_assert!(over, "{:?}", row.reason);
                prop_assert!(
                    reason.contains(&units.to_string()) && reason.contains("4096"),
                    "{}",
                    reason
                );
            } else {
                prop_assert!(
                    !matches!(row.reason, Reason::Json(JsonError::TooLong { .. })),
                    "{:?}",
                    row.reason
                );
                prop_assert!(!reason.contains("at most 4096"), "{}", reason);
            }
        }
    }
}

proptest! {
    #![proptest_config(config(64))]

    /// Exactly at the cap passes the schema gate, one unit over fails it,
    /// with astral characters counting two units each.
    #[test]
    fn argument_cap_counts_utf16_units(emoji in 1usize..=1000, d in -3i64..=3) {
        let base = json!({
            "to": "learner@example.test",
            "subject": "Cap",
            "body": "😀".repeat(emoji),
        })
        .to_string();
        let pad = (MAX_ARGUMENT_UNITS as i64 + d) as usize - utf16_len(&base);
        let text = format!("{base}{}", " ".repeat(pad));
        let h = run_text(ToolId::Email, &text, Hook::None)?;
        let row = &h.wb.plan().rows()[0];
        if d <= 0 {
            prop_assert_eq!(row.verdict, Verdict::Passed, "{}", row.reason);
        } else {
            prop_assert_eq!(row.verdict, Verdict::Rejected);
            let got = (MAX_ARGUMENT_UNITS as i64 + d) as usize;
            prop_assert_eq!(
                &row.reason,
                &Reason::Json(JsonError::TooLong { cap: MAX_ARGUMENT_UNITS, got })
            );
            prop_assert!(row.reason.to_string().contains(&got.to_string()), "{}", row.reason);
        }
    }

    /// Keys written into an email or a file are masked in the returned
    /// output and the run log (whatever the hook) and kept in the ledger,
    /// also when the file is read back. Keys here are separated by spaces.
    #[test]
    fn secrets_are_masked_in_output_and_log_but_kept(
        (tool, text) in tool_payload(vec![ToolId::Email, ToolId::Files], false),
        hook in hook(),
    ) {
        secrets_case(tool, &text, hook)?;
    }
}

fn secrets_case(tool: ToolId, text: &str, hook: Hook) -> TestResult {
    // `run_text` checks output and log after every step (no key shape left
    // whole, by gateway-check's judge written apart from the masker).
    let mut h = run_text(tool, text, hook)?;
    no_piece_of_a_key_shown(text, &h.wb.view())?;
    if tool == ToolId::Files && matches!(h.wb.plan().commit(), Commit::Ran(Finish::Effect { .. })) {
        let args: Value = serde_json::from_str(text).unwrap();
        let path = args["path"].as_str().unwrap();
        prop_assert_eq!(
            gateway_core::tools::files::file(h.wb.ledger().stores(), path),
            args["content"].as_str()
        );
        let read = json!({ "operation": "read", "path": path }).to_string();
        h.send(Time::Same, Msg::SetHook(Hook::None))?;
        h.send(Time::Same, Msg::EditArgs(read))?;
        h.finish()?;
        no_piece_of_a_key_shown(text, &h.wb.view())?;
    }
    Ok(())
}

/// No eight characters of the body of any key written in `written` (found
/// by gateway-check's own scan, at every position, inside other keys too)
/// show in the returned output or the runs log's arguments and outputs.
fn no_piece_of_a_key_shown(written: &str, view: &PageModel) -> TestResult {
    let mut shown: Vec<&str> = view.output.text.iter().map(String::as_str).collect();
    for run in &view.runs.records {
        shown.push(&run.args);
        shown.extend(run.output.as_deref());
    }
    for key in gateway_check::keys::keys(written) {
        let body = gateway_check::keys::body(key);
        for text in &shown {
            let piece = gateway_check::keys::piece_left(body, text);
            prop_assert!(piece.is_none(), "{:?} of {} shows in {}", piece, key, text);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(256))]

    /// As above, with keys that touch each other (`AIza…` + 35 characters
    /// directly followed by another key): masking must leave no key shape.
    #[test]
    fn secrets_are_masked_even_when_keys_touch(
        (tool, text) in tool_payload(vec![ToolId::Email, ToolId::Files], true),
        hook in hook(),
    ) {
        secrets_case(tool, &text, hook)?;
    }
}

/// The minimal case of the masking bug, as a plain test.
#[test]
fn touching_keys_are_all_masked() {
    let body = format!("AIza{}sk-{}", "A".repeat(35), "a".repeat(20));
    let text = json!({ "to": "learner@example.test", "subject": "s", "body": body }).to_string();
    let h = run_text(ToolId::Email, &text, Hook::None).unwrap();
    assert_eq!(
        gateway_core::tools::email::outbox(h.wb.ledger().stores())[0].body,
        body
    );
}

/// The outbox cap, deterministically: the 21st email fails at execution.
#[test]
fn outbox_is_capped_at_twenty() {
    let mut h = Harness::new(ExperimentId::Email);
    h.send(Time::Same, Msg::SetRole(Role::Operator)).unwrap();
    for i in 1..=MAX_OUTBOX + 2 {
        h.send(Time::Same, Msg::SetKey(format!("cap-{i}"))).unwrap();
        h.send(Time::Same, Msg::Approve).unwrap();
        h.finish().unwrap();
        let commit = &h.wb.plan().commit();
        if i <= MAX_OUTBOX {
            assert!(
                matches!(commit, Commit::Ran(Finish::Effect { .. })),
                "run {i}: {commit:?}"
            );
        } else {
            assert_eq!(commit, &Commit::Rejected(Gate::Execution), "run {i}");
        }
        assert_eq!(
            gateway_core::tools::email::outbox(h.wb.ledger().stores()).len(),
            i.min(MAX_OUTBOX)
        );
    }
}
