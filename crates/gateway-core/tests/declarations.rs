//! The model-facing declarations against the schema gate (SPEC 2.3).
//!
//! The exported JSON Schemas are checked with an independent validator
//! (the `boon` crate, draft 2020-12: `tests/json_schema`) against the gate's own verdict
//! (`Shape::validate` + `Tool::check`) on a table of arguments built from
//! every field's bounds, on both sides. Where the two may differ, the
//! difference is listed in [`Known`], and each listed difference must
//! actually occur. Every export's schemas are checked so: MCP's
//! `inputSchema`, Gemini's `parametersJsonSchema`, and the `parameters` of
//! both OpenAI exports, strict or not.
//!
//! The patterns are also run under Python's `re` (`re.search`, as Python's
//! `jsonschema` runs a `pattern`), through `schema_eval`'s evaluator:
//! Python and ECMA-262 read every export alike but for the differences in
//! [`PYTHON_DIFFERENCES`], which must occur.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;

use gateway_core::declarations::{
    gemini_function_declarations, gemini_json_schema_declarations, mcp_tools_list, model_view,
    openai_responses_tools, openai_tools, Export, Hints, ModelDeclaration, RISKS_META_KEY,
};
use gateway_core::fixtures::Fixtures;
use gateway_core::json::{parse, pretty, utf16_len};
use gateway_core::ledger::{Commit, Finish, Ledger, Receipt};
use gateway_core::schema::{Args, Field, Format, Item, Kind, Shape, Variant};
use gateway_core::text::Locale;
use gateway_core::tools::Tool;
use gateway_core::{published, Registry, Risk, ToolId};
use serde_json::{json, Map, Value};

const EN: Locale = Locale::En;

fn en() -> Locale {
    EN
}

/// `schema` compiled; compiling checks it against the draft 2020-12
/// meta-schema.
fn validator(schema: &Value) -> Validator {
    Validator::new(schema).unwrap_or_else(|e| panic!("not a draft 2020-12 schema: {schema}: {e}"))
}

mod json_schema;
use json_schema::Validator;

mod schema_eval;
use schema_eval::gate;

fn shape_only(tool: &dyn Tool, args: &Value) -> Option<Args> {
    tool.declaration().shape.validate(args.clone()).ok()
}

fn find<'a>(list: &'a [Value], key: &str, name: &str) -> &'a Value {
    list.iter()
        .find(|t| t[key]["name"] == json!(name) || t["name"] == json!(name))
        .unwrap_or_else(|| panic!("{name} is not exported"))
}

fn mcp_schema(id: ToolId) -> Value {
    let list = mcp_tools_list(&Registry::fixtures(), EN);
    find(list["tools"].as_array().unwrap(), "", id.id())["inputSchema"].clone()
}

fn openai_schema(id: ToolId) -> Value {
    let list = openai_tools(&Registry::fixtures(), EN);
    find(list.as_array().unwrap(), "function", id.id())["function"]["parameters"].clone()
}

fn responses_schema(id: ToolId) -> Value {
    let list = openai_responses_tools(&Registry::fixtures(), EN);
    find(list.as_array().unwrap(), "", id.id())["parameters"].clone()
}

fn gemini_json_schema(id: ToolId) -> Value {
    let list = gemini_json_schema_declarations(&Registry::fixtures(), EN);
    find(
        list["functionDeclarations"].as_array().unwrap(),
        "",
        id.id(),
    )["parametersJsonSchema"]
        .clone()
}

/// Every export whose argument schema is JSON Schema, with the schema it
/// gives `id`.
fn json_schemas(id: ToolId) -> [(Export, Value); 4] {
    [
        (Export::Mcp, mcp_schema(id)),
        (Export::GeminiJsonSchema, gemini_json_schema(id)),
        (Export::OpenAi, openai_schema(id)),
        (Export::OpenAiResponses, responses_schema(id)),
    ]
}

fn gemini_parameters(id: ToolId) -> Value {
    let list = gemini_function_declarations(&Registry::fixtures(), EN);
    find(
        list["functionDeclarations"].as_array().unwrap(),
        "",
        id.id(),
    )["parameters"]
        .clone()
}

/// Gemini's `Schema` read as JSON Schema, to run it through the same
/// validator: types in lowercase, `format: "enum"` dropped.
fn gemini_as_json_schema(v: &Value) -> Value {
    match v {
        Value::Object(m) => Value::Object(
            m.iter()
                .filter(|(k, _)| *k != "format")
                .map(|(k, v)| match (k.as_str(), v) {
                    ("type", Value::String(t)) => (k.clone(), json!(t.to_lowercase())),
                    _ => (k.clone(), gemini_as_json_schema(v)),
                })
                .collect(),
        ),
        Value::Array(a) => Value::Array(a.iter().map(gemini_as_json_schema).collect()),
        other => other.clone(),
    }
}

#[test]
fn every_export_accepts_the_valid_example_and_rejects_the_boundary_example() {
    for id in ToolId::ALL {
        let ex = id.tool().declaration().examples.get(Fixtures::En);
        let valid = parse(ex.valid).unwrap();
        let boundary = parse(ex.boundary).unwrap();
        let gemini = gemini_as_json_schema(&gemini_parameters(id));
        let exports = json_schemas(id)
            .into_iter()
            .chain([(Export::Gemini, gemini)]);
        for (export, schema) in exports {
            let v = validator(&schema);
            assert!(v.is_valid(&valid), "{id} {export}: valid example rejected");
            assert!(
                !v.is_valid(&boundary),
                "{id} {export}: boundary example accepted"
            );
        }
        // Gemini's JSON Schema is MCP's; OpenAI's two exports share theirs,
        // which is MCP's where it cannot be strict.
        assert_eq!(mcp_schema(id), gemini_json_schema(id), "{id}");
        assert_eq!(openai_schema(id), responses_schema(id), "{id}");
        if !ModelDeclaration::of(id.tool()).openai_parameters(EN).1 {
            assert_eq!(mcp_schema(id), openai_schema(id), "{id}");
        }
    }
}

// ---------------------------------------------------------------------------
// Agreement between the gate and the exported JSON Schema.

/// Where the gate and the exported schema are allowed to differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Known {
    /// A rule across fields, in the tool's own `check`, that JSON Schema
    /// cannot say. Listed in [`CROSS_FIELD`]. Gate rejects, schema accepts.
    CrossField,
    /// A text that holds a character outside the Basic Multilingual Plane,
    /// whose UTF-16 length is within the bound but whose code points are
    /// more than half of it, in arguments the gate accepts. JSON Schema
    /// counts code points, so the export requires half the bound of such a
    /// text to stay never more permissive than the gate. Gate accepts,
    /// schema rejects.
    AstralTier,
}

/// The cross-field rules, by tool: the only `Tool::check` rules there are.
const CROSS_FIELD: &[(&str, &str)] = &[("calendar", "start before end")];

fn known(id: ToolId, args: &Value) -> Option<Known> {
    let tool = id.tool();
    if let Some(a) = shape_only(tool, args) {
        if tool.check(&a).is_err() {
            assert!(
                CROSS_FIELD.iter().any(|(t, _)| *t == id.id()),
                "{id}: a check rule not listed in CROSS_FIELD rejects {args}"
            );
            return Some(Known::CrossField);
        }
    }
    let Value::Object(map) = args else {
        return None;
    };
    if !gate(tool, args) {
        return None;
    }
    let shape = tool.declaration().shape;
    let tier = map.iter().any(|(name, value)| {
        let Some(s) = value.as_str() else {
            return false;
        };
        text_bounds(&shape, name).is_some_and(|(_, max)| {
            s.chars().any(|c| c.len_utf16() == 2)
                && utf16_len(s) <= max
                && s.chars().count() > max / 2
        })
    });
    tier.then_some(Known::AstralTier)
}

fn text_bounds(shape: &Shape, name: &str) -> Option<(usize, usize)> {
    shape
        .variants
        .iter()
        .flat_map(|v| v.fields)
        .find_map(|f| match f.kind {
            Kind::Text { min, max, .. } if f.name == name => Some((min, max)),
            _ => None,
        })
}

/// Valid arguments, at least one per variant of each tool's shape.
fn bases(id: ToolId) -> Vec<Value> {
    match id {
        ToolId::Email => vec![json!({
            "to": "learner@example.test", "subject": "Weekly summary", "body": "All passed."
        })],
        ToolId::Calendar => {
            vec![json!({ "title": "Design review", "start": "14:00", "end": "15:00" })]
        }
        ToolId::Files => vec![
            json!({ "operation": "read", "path": "/workspace/notes.txt" }),
            json!({ "operation": "write", "path": "/workspace/report.txt", "content": "New text" }),
        ],
        ToolId::Database => vec![
            json!({ "operation": "get", "key": "status" }),
            json!({ "operation": "set", "key": "seats", "value": 140 }),
            json!({ "operation": "set", "key": "status", "value": "closed" }),
        ],
        ToolId::Search => vec![
            json!({ "query": "receipt", "limit": 2 }),
            json!({ "query": "receipt" }),
        ],
        ToolId::Calculator => vec![json!({ "operator": "divide", "left": 6, "right": 3 })],
    }
}

fn variant_of<'a>(shape: &'a Shape, base: &Value) -> &'a Variant {
    shape
        .variants
        .iter()
        .find(|v| v.consts.iter().all(|(c, value)| base[c] == json!(value)))
        .unwrap()
}

fn a(n: usize) -> String {
    "a".repeat(n)
}

const EMOJI: &str = "😀";

/// Values on both sides of every bound of `kind`, and of its type.
fn values_for(kind: Kind) -> Vec<Value> {
    let mut out: Vec<Value> = vec![
        Value::Null,
        json!(true),
        json!([]),
        json!(["x"]),
        json!({}),
        json!({ "x": 1 }),
    ];
    match kind {
        Kind::Text {
            min,
            max,
            single_line,
        } => {
            out.push(json!(1));
            let mut lens = vec![min, min + 1, max - 1, max, max + 1, max / 2];
            if min > 0 {
                lens.push(min - 1);
            }
            out.extend(lens.into_iter().map(|n| json!(a(n))));
            out.extend(
                [
                    EMOJI.to_string(),
                    format!("{}{EMOJI}", a(max - 2)),
                    format!("{}{EMOJI}", a(max - 1)),
                    format!("{}{EMOJI}", a(max / 2 - 1)),
                    format!("{}{EMOJI}", a(max / 2)),
                    EMOJI.repeat(max / 2),
                    format!("{}a", EMOJI.repeat(max / 2)),
                    format!("{EMOJI}{}", a(max - 2)),
                    format!("é{}", a(max - 1)),
                    format!("\u{ffff}{}", a(max - 1)),
                ]
                .map(Value::from),
            );
            out.extend(
                [
                    "a\nb",
                    "a\tb",
                    "a\rb",
                    // Python's `$` also matches before a final line feed.
                    "ab\n",
                    "\n",
                    "ab\r\n",
                    "ab\n\n",
                    "a\u{0}b",
                    "\u{1f}",
                    "\u{7f}",
                    "\u{80}",
                    "\u{85}",
                    "\u{9f}",
                    "\u{a0}",
                    "\u{2028}",
                    "x\u{2029}",
                    "\u{200b}",
                    "\u{feff}",
                    "<b>bold</b>",
                    "   ",
                ]
                .map(Value::from),
            );
            let _ = single_line;
        }
        Kind::Formatted(Format::ExampleTestAddress) => {
            out.push(json!(1));
            out.extend(
                [
                    "learner@example.test".to_string(),
                    format!("{}@example.test", a(64)),
                    format!("{}@example.test", a(65)),
                    "a.b+c_d-e@example.test".into(),
                    format!("{}.{}@example.test", a(31), a(32)),
                    format!("{}.{}@example.test", a(32), a(32)),
                    ".leadingdot@example.test".into(),
                    "twodots..here@example.test".into(),
                    "trailingdot.@example.test".into(),
                    ".@example.test".into(),
                    "a.@example.test".into(),
                    "@example.test".into(),
                    "a@outside.test".into(),
                    "a@EXAMPLE.test".into(),
                    "a@example.test.".into(),
                    "a@sub.example.test".into(),
                    "a b@example.test".into(),
                    "a@b@example.test".into(),
                    "é@example.test".into(),
                    "a@example.test\n".into(),
                    "a@example.test\r\n".into(),
                    "\na@example.test".into(),
                    "a@exampleXtest".into(),
                    "a,b@example.test".into(),
                    "".into(),
                ]
                .map(Value::from),
            );
        }
        Kind::Formatted(Format::ClockTime) => {
            out.push(json!(900));
            out.extend(
                [
                    "00:00",
                    "00:01",
                    "09:59",
                    "14:30",
                    "23:59",
                    "24:00",
                    "24:01",
                    "23:60",
                    "25:00",
                    "9:00",
                    "09:5",
                    "0900",
                    "09:00Z",
                    "09:00:00",
                    " 09:00",
                    "09:00\n",
                    "١٢:٠٠",
                    "+9:00",
                    "aa:bb",
                    "",
                ]
                .map(Value::from),
            );
        }
        Kind::Formatted(Format::Date) => {
            out.push(json!(20260302));
            out.extend(
                [
                    "2026-03-02",
                    "0000-01-01",
                    "9999-12-31",
                    "2026-01-31",
                    "2026-01-32",
                    "2026-02-28",
                    "2026-02-29",
                    "2028-02-29",
                    "2028-02-30",
                    "2000-02-29",
                    "1900-02-29",
                    "2100-02-29",
                    "2400-02-29",
                    "0000-02-29",
                    "2026-04-30",
                    "2026-04-31",
                    "2026-06-31",
                    "2026-09-31",
                    "2026-11-30",
                    "2026-11-31",
                    "2026-12-31",
                    "2026-12-32",
                    "2026-13-01",
                    "2026-00-10",
                    "2026-01-00",
                    "2026-3-2",
                    "26-03-02",
                    "2026/03/02",
                    "20260302",
                    "2026-03-02T09:00",
                    "2026-03-02\n",
                    " 2026-03-02",
                    "٢٠٢٦-٠٣-٠٢",
                    "２０２６-０３-０２",
                    "",
                ]
                .map(Value::from),
            );
        }
        Kind::Formatted(Format::LineUserId) => {
            out.push(json!(1));
            let hex = "0123456789abcdef0123456789abcdef";
            out.extend(
                [
                    format!("U{hex}"),
                    format!("U{}", "f".repeat(32)),
                    format!("U{}", &hex[..31]),
                    format!("U{hex}0"),
                    format!("u{hex}"),
                    format!("C{hex}"),
                    format!("U{}", hex.to_uppercase()),
                    format!("U{}g", &hex[..31]),
                    format!("U{hex}\n"),
                    format!(" U{hex}"),
                    format!("U{}", "０".repeat(32)),
                    hex.to_string(),
                    "U".into(),
                    "".into(),
                ]
                .map(Value::from),
            );
        }
        Kind::List {
            min,
            max,
            item: Item::Cell { max: cell },
        } => {
            out.push(json!("a"));
            out.push(json!(1));
            let texts = |n: usize| Value::Array((0..n).map(|i| json!(format!("c{i}"))).collect());
            let mut counts = vec![min, min + 1, max - 1, max, max + 1];
            if min > 0 {
                counts.push(min - 1);
            }
            out.extend(counts.into_iter().map(texts));
            let cells: Vec<Value> = [
                json!(""),
                json!(a(cell)),
                json!(a(cell + 1)),
                json!(format!("{}{EMOJI}", a(cell - 2))),
                json!(format!("{}{EMOJI}", a(cell - 1))),
                json!(format!("{}{EMOJI}", a(cell / 2 - 1))),
                json!("a\nb"),
                json!("ab\n"),
                json!("\t"),
                json!("\u{2028}"),
                json!("\u{85}"),
                json!("<b>bold</b>"),
                json!(0),
                json!(-0.0),
                json!(1.5),
                json!(-1e300),
                json!(u64::MAX),
                Value::Null,
                json!(true),
                json!([1]),
                json!({}),
            ]
            .into();
            for c in &cells {
                out.push(json!([c]));
                out.push(json!(["first", 2, c]));
            }
        }
        Kind::OneOf(values) => {
            out.push(json!(1));
            for v in values {
                out.push(json!(v));
                out.push(json!(v.to_uppercase()));
                out.push(json!(format!("{v} ")));
                out.push(json!(format!(" {v}")));
            }
            out.extend(["", "x"].map(Value::from));
        }
        Kind::Integer { min, max } => {
            out.push(json!("1"));
            for n in [min - 1, min, min + 1, max - 1, max, max + 1] {
                out.push(json!(n));
            }
            for x in [
                min as f64,
                max as f64,
                -0.0,
                1.5,
                min as f64 - 0.5,
                max as f64 + 0.5,
                1e300,
                -1e300,
            ] {
                out.push(json!(x));
            }
            out.push(json!(u64::MAX));
            out.push(json!(i64::MIN));
        }
        Kind::Number { max_abs } => {
            out.push(json!("1"));
            let above = f64::from_bits(max_abs.to_bits() + 1);
            for x in [
                0.0,
                -0.0,
                0.1,
                5e-324,
                max_abs,
                -max_abs,
                above,
                -above,
                max_abs + 1.0,
                1e300,
                -1e300,
            ] {
                out.push(json!(x));
            }
            out.push(json!(max_abs as i64));
            out.push(json!(max_abs as i64 + 1));
            out.push(json!(-(max_abs as i64) - 1));
            out.push(json!(u64::MAX));
        }
    }
    out
}

/// The argument table: every base, then each one changed in one place.
fn cases(id: ToolId) -> Vec<Value> {
    let shape = id.tool().declaration().shape;
    let mut out: Vec<Value> = vec![
        Value::Null,
        json!([]),
        json!("text"),
        json!(42),
        json!(true),
        json!({}),
    ];
    let mut const_values: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for v in shape.variants {
        for (c, value) in v.consts {
            const_values.entry(c).or_default().push(value);
        }
    }
    for base in bases(id) {
        let Value::Object(map) = &base else {
            unreachable!()
        };
        let variant = variant_of(&shape, &base);
        let with = |name: &str, value: Value| {
            let mut m: Map<String, Value> = map.clone();
            m.insert(name.into(), value);
            Value::Object(m)
        };
        out.push(base.clone());
        out.push(json!([base.clone()]));
        // Each key left out.
        for key in map.keys() {
            let mut m = map.clone();
            m.remove(key);
            out.push(Value::Object(m));
        }
        // Unknown fields, and every field of another variant.
        out.push(with("cc", json!("x")));
        out.push(with("__proto__", json!({})));
        out.push(with("Path", json!("/workspace/notes.txt")));
        for other in shape.variants {
            for f in other.fields {
                if !map.contains_key(f.name) {
                    for value in values_for(f.kind) {
                        out.push(with(f.name, value));
                    }
                }
            }
        }
        // Each constant switched, cased, emptied, mistyped.
        for (c, value) in variant.consts {
            for other in const_values.get(c).into_iter().flatten() {
                out.push(with(c, json!(other)));
            }
            for v in [
                json!(value.to_uppercase()),
                json!(""),
                json!("delete"),
                Value::Null,
                json!(1),
                json!([value]),
            ] {
                out.push(with(c, v));
            }
        }
        // Each field on both sides of its bounds, and of every type.
        for f in variant.fields {
            for value in values_for(f.kind) {
                out.push(with(f.name, value));
            }
        }
    }
    out
}

/// Argument texts whose gate verdict is stated by hand: JSON rules
/// (`24.0` is an integer, the last duplicate key wins) and SPEC examples.
const TEXTS: &[(ToolId, &str, bool)] = &[
    (
        ToolId::Email,
        r#"{"to":"x@outside.test","to":"a@example.test","subject":"s","body":"b"}"#,
        true,
    ),
    (
        ToolId::Email,
        r#"{"to":"a@example.test","to":"x@outside.test","subject":"s","body":"b"}"#,
        false,
    ),
    (
        ToolId::Email,
        r#"{"to":"a@example.test","subject":"s","body":"b","cc":"x"}"#,
        false,
    ),
    (
        ToolId::Email,
        r#"{"to":"a@example.test","body":"b"}"#,
        false,
    ),
    (
        ToolId::Email,
        r#"{"to":"a@example.test","subject":"line\u000Abreak","body":"b"}"#,
        false,
    ),
    (
        ToolId::Email,
        r#"{"to":"a@example.test","subject":"s","body":"two\nlines"}"#,
        true,
    ),
    (
        ToolId::Email,
        r#"{"to":"a@example.test","subject":"\ud83d\ude00","body":"b"}"#,
        true,
    ),
    (ToolId::Calendar, r#"{"title":"T","end":"10:00"}"#, false),
    (
        ToolId::Calendar,
        r#"{"title":"T","start":"00:00","end":"24:00"}"#,
        true,
    ),
    (
        ToolId::Calendar,
        r#"{"title":"T","start":"10:00","end":"10:00"}"#,
        false,
    ),
    (
        ToolId::Calendar,
        r#"{"title":"T","start":"11:00","end":"10:00"}"#,
        false,
    ),
    (
        ToolId::Calendar,
        r#"{"title":"T","start":null,"end":"10:00"}"#,
        false,
    ),
    (
        ToolId::Files,
        r#"{"operation":"read","path":"/workspace/notes.txt","content":"x"}"#,
        false,
    ),
    (
        ToolId::Files,
        r#"{"operation":"write","path":"/workspace/notes.txt"}"#,
        false,
    ),
    (
        ToolId::Files,
        r#"{"operation":"write","path":"/workspace/notes.txt","content":"x","operation":"read"}"#,
        false,
    ),
    (
        ToolId::Files,
        r#"{"operation":"read","path":"../../private.txt"}"#,
        false,
    ),
    (
        ToolId::Files,
        r#"{"operation":"read","path":"/workspace/../private.txt"}"#,
        false,
    ),
    (
        ToolId::Files,
        r#"{"operation":"read","path":"/workspace/notes%2etxt"}"#,
        false,
    ),
    (
        ToolId::Files,
        r#"{"operation":"read","path":"\/workspace\/notes.txt"}"#,
        true,
    ),
    (
        ToolId::Files,
        r#"{"operation":"delete","path":"/workspace/notes.txt"}"#,
        false,
    ),
    (
        ToolId::Database,
        r#"{"operation":"set","key":"seats","value":24.0}"#,
        true,
    ),
    (
        ToolId::Database,
        r#"{"operation":"set","key":"seats","value":2.4e1}"#,
        true,
    ),
    (
        ToolId::Database,
        r#"{"operation":"set","key":"seats","value":5E2}"#,
        true,
    ),
    (
        ToolId::Database,
        r#"{"operation":"set","key":"seats","value":-0}"#,
        true,
    ),
    (
        ToolId::Database,
        r#"{"operation":"set","key":"seats","value":500.000001}"#,
        false,
    ),
    (
        ToolId::Database,
        r#"{"operation":"set","key":"seats","value":"12"}"#,
        false,
    ),
    (
        ToolId::Database,
        r#"{"operation":"set","key":"status","value":140}"#,
        false,
    ),
    (
        ToolId::Database,
        r#"{"operation":"set","key":"seats","value":"open"}"#,
        false,
    ),
    (
        ToolId::Database,
        r#"{"operation":"get","key":"seats","value":1}"#,
        false,
    ),
    (
        ToolId::Database,
        r#"{"operation":"set","key":"owner","value":1}"#,
        false,
    ),
    (ToolId::Database, r#"{"key":"seats"}"#, false),
    (ToolId::Search, r#"{"query":"a","limit":null}"#, false),
    (ToolId::Search, r#"{"query":"a","limit":3.0}"#, true),
    (ToolId::Search, r#"{"query":".*"}"#, true),
    (ToolId::Search, r#"{"limit":1}"#, false),
    (
        ToolId::Calculator,
        r#"{"operator":"add","left":1E12,"right":-1e-7}"#,
        true,
    ),
    (
        ToolId::Calculator,
        r#"{"operator":"add","left":1000000000000.0002,"right":0}"#,
        false,
    ),
    (
        ToolId::Calculator,
        r#"{"operator":"+","left":1,"right":2}"#,
        false,
    ),
    (
        ToolId::Calculator,
        r#"{"operator":"add","left":"1+1","right":2}"#,
        false,
    ),
    (
        ToolId::Calculator,
        r#"{"operator":"divide","left":1,"right":0}"#,
        true,
    ),
];

#[test]
fn the_hand_written_texts_have_the_stated_gate_verdict() {
    for (id, text, expected) in TEXTS {
        let args = parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(gate(id.tool(), &args), *expected, "{id}: {text}");
    }
}

#[test]
fn the_gate_and_the_exported_schema_agree_but_for_the_listed_differences() {
    let mut seen: BTreeMap<Known, usize> = BTreeMap::new();
    let mut total = 0;
    for (id, (export, schema)) in ToolId::ALL
        .into_iter()
        .flat_map(|id| json_schemas(id).map(|e| (id, e)))
    {
        let tool = id.tool();
        let schema = validator(&schema);
        for base in bases(id) {
            assert!(gate(tool, &base), "{id}: base {base} is not valid");
        }
        for v in tool.declaration().shape.variants {
            assert!(
                bases(id)
                    .iter()
                    .any(|b| std::ptr::eq(variant_of(&tool.declaration().shape, b), v)),
                "{id}: no base for a variant"
            );
        }
        let texts = TEXTS
            .iter()
            .filter(|(t, _, _)| *t == id)
            .map(|(_, text, _)| parse(text).unwrap());
        for args in cases(id).into_iter().chain(texts) {
            total += 1;
            let (g, s) = (gate(tool, &args), schema.is_valid(&args));
            match known(id, &args) {
                Some(Known::CrossField) => assert!(
                    !g && s,
                    "{export} {id} cross-field {args}: gate {g}, schema {s}"
                ),
                Some(Known::AstralTier) => assert!(
                    g && !s,
                    "{export} {id} astral tier {args}: gate {g}, schema {s}"
                ),
                None => assert_eq!(g, s, "{export} {id} {args}: gate {g}, schema {s}"),
            }
            if let Some(k) = known(id, &args) {
                *seen.entry(k).or_default() += 1;
            }
        }
    }
    // Each listed difference occurs: the list is not stale.
    assert!(seen.get(&Known::CrossField).is_some_and(|n| *n > 0));
    assert!(seen.get(&Known::AstralTier).is_some_and(|n| *n > 0));
    assert!(total > 4 * 800, "only {total} cases");
}

#[test]
fn the_schema_is_never_more_permissive_than_the_gate_but_for_cross_field_rules() {
    for id in ToolId::ALL {
        for (export, schema) in json_schemas(id) {
            let schema = validator(&schema);
            for args in cases(id) {
                if schema.is_valid(&args) && !gate(id.tool(), &args) {
                    assert_eq!(
                        known(id, &args),
                        Some(Known::CrossField),
                        "{export} {id}: {args}"
                    );
                }
            }
        }
    }
}

#[test]
fn utf16_lengths_at_the_bound_with_an_astral_character() {
    // body: at most 2000 UTF-16 units. 1999 letters and an emoji are 2001
    // units but 2000 code points: a plain maxLength would let it through.
    let schema = validator(&mcp_schema(ToolId::Email));
    let email = |body: String| json!({ "to": "a@example.test", "subject": "s", "body": body });
    let over = email(format!("{}{EMOJI}", a(1999)));
    assert!(!gate(ToolId::Email.tool(), &over));
    assert!(!schema.is_valid(&over));
    // Within the gate's bound, a long text with an emoji is refused by the
    // schema (never more permissive), a short one accepted by both.
    let at = email(format!("{}{EMOJI}", a(1998)));
    assert!(gate(ToolId::Email.tool(), &at) && !schema.is_valid(&at));
    let short = email(format!("{}{EMOJI}", a(999)));
    assert!(gate(ToolId::Email.tool(), &short) && schema.is_valid(&short));
    let bmp = email(a(2000));
    assert!(gate(ToolId::Email.tool(), &bmp) && schema.is_valid(&bmp));
}

#[test]
fn gemini_parameters_never_refuse_what_the_gate_accepts() {
    for id in ToolId::ALL {
        let gemini = validator(&gemini_as_json_schema(&gemini_parameters(id)));
        for args in cases(id) {
            if gate(id.tool(), &args) {
                assert!(gemini.is_valid(&args), "{id}: gemini refuses {args}");
            }
        }
    }
}

/// Gemini's `Schema` fields we may use, and its `Type` values.
const GEMINI_KEYWORDS: &[&str] = &[
    "type",
    "format",
    "description",
    "properties",
    "required",
    "enum",
    "pattern",
    "minLength",
    "maxLength",
    "minimum",
    "maximum",
    "anyOf",
    "items",
    "minItems",
    "maxItems",
];

fn check_gemini_schema(v: &Value, at: &str) {
    let Value::Object(m) = v else {
        panic!("{at}: not a schema object");
    };
    for (k, child) in m {
        assert!(GEMINI_KEYWORDS.contains(&k.as_str()), "{at}: {k}");
        match k.as_str() {
            "type" => assert!(
                ["OBJECT", "STRING", "INTEGER", "NUMBER", "ARRAY"]
                    .contains(&child.as_str().unwrap()),
                "{at}: type {child}"
            ),
            "format" => assert_eq!(child, "enum", "{at}"),
            "enum" => assert!(m.get("format") == Some(&json!("enum")) && m["type"] == "STRING"),
            "properties" => {
                for (name, p) in child.as_object().unwrap() {
                    check_gemini_schema(p, &format!("{at}.{name}"));
                }
            }
            "items" => {
                assert_eq!(m["type"], "ARRAY", "{at}: items outside an array");
                check_gemini_schema(child, &format!("{at}[]"));
            }
            "anyOf" => {
                for p in child.as_array().unwrap() {
                    assert!(p.get("type").is_some(), "{at}: untyped anyOf branch");
                    check_gemini_schema(p, &format!("{at}|"));
                }
            }
            _ => {}
        }
    }
    assert!(
        m.contains_key("type") || m.contains_key("anyOf"),
        "{at}: no type"
    );
}

#[test]
fn gemini_declarations_use_only_its_openapi_subset() {
    let list = gemini_function_declarations(&Registry::fixtures(), EN);
    let decls = list["functionDeclarations"].as_array().unwrap();
    assert_eq!(decls.len(), 6);
    for d in decls {
        let keys: Vec<&String> = d.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["name", "description", "parameters"]);
        let name = d["name"].as_str().unwrap();
        assert!(
            (1..=64).contains(&name.len())
                && name
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"_.:-".contains(&b)),
            "{name}"
        );
        check_gemini_schema(&d["parameters"], name);
        assert_eq!(d["parameters"]["type"], "OBJECT");
        let rules = d["parameters"]["description"].as_str().unwrap();
        assert!(
            rules.starts_with("No other fields are accepted."),
            "{rules}"
        );
    }
    // Every variant's rule is said where Gemini cannot say it in the schema.
    let files = gemini_parameters(ToolId::Files);
    assert_eq!(files["required"], json!(["operation", "path"]));
    assert!(files["description"]
        .as_str()
        .unwrap()
        .contains("When operation is \"read\": path is required; content is not allowed."));
}

// ---------------------------------------------------------------------------
// Shapes of the exports.

#[test]
fn mcp_tools_list_has_exactly_the_mcp_fields() {
    let list = mcp_tools_list(&Registry::fixtures(), EN);
    assert_eq!(
        list.as_object().unwrap().keys().collect::<Vec<_>>(),
        ["resultType", "ttlMs", "cacheScope", "tools"]
    );
    assert_eq!(list["resultType"], "complete");
    assert_eq!(list["cacheScope"], "public");
    assert!(list["ttlMs"].as_u64().is_some_and(|ms| ms > 0));
    let registry = Registry::fixtures();
    for t in list["tools"].as_array().unwrap() {
        let keys: Vec<&String> = t.as_object().unwrap().keys().collect();
        assert_eq!(
            keys,
            [
                "name",
                "title",
                "description",
                "inputSchema",
                "annotations",
                "_meta"
            ]
        );
        // The display title, also where older clients read it.
        assert_eq!(t["title"], t["annotations"]["title"]);
        // The risks, as the registry declares them, under the one key.
        let tool = registry.get(t["name"].as_str().unwrap()).unwrap();
        let risks: Vec<&str> = tool.declaration().risks.iter().map(|r| r.id()).collect();
        assert_eq!(t["_meta"], json!({ RISKS_META_KEY: risks }));
        assert_eq!(
            t["inputSchema"]["type"], "object",
            "MCP requires an object schema"
        );
        for combinator in ["oneOf", "anyOf", "allOf"] {
            assert!(
                t["inputSchema"].get(combinator).is_none(),
                "{combinator} at the root"
            );
        }
        let keys: Vec<&String> = t["annotations"].as_object().unwrap().keys().collect();
        assert_eq!(
            keys,
            [
                "title",
                "readOnlyHint",
                "destructiveHint",
                "idempotentHint",
                "openWorldHint"
            ]
        );
    }
}

/// Why a schema cannot be sent with `"strict": true`, by the rules of
/// OpenAI's Structured Outputs guide ("Supported schemas"): the types
/// string, number, boolean, integer, object, array, and `enum` and `anyOf`;
/// the string keywords `pattern` and `format`, the number keywords
/// `multipleOf`, `minimum`, `maximum` and their exclusive forms, the array
/// keywords `minItems` and `maxItems`; `allOf`, `not`, `dependentRequired`,
/// `dependentSchemas`, `if`, `then` and `else` not supported; every object
/// with `additionalProperties: false` and every property required; a root
/// that is an object and not an `anyOf`; each `anyOf` branch itself a
/// schema of the subset. `minLength` and `maxLength` are taken as allowed:
/// the guide names them unsupported only for fine-tuned models
/// (docs/registry-and-exports.md).
fn strict_violation(schema: &Value, at: &str, root: bool) -> Option<String> {
    const KEYWORDS: &[&str] = &[
        "type",
        "description",
        "properties",
        "required",
        "additionalProperties",
        "enum",
        "const",
        "anyOf",
        "pattern",
        "format",
        "minLength",
        "maxLength",
        "multipleOf",
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "items",
        "minItems",
        "maxItems",
        "$defs",
        "$ref",
    ];
    let m = schema.as_object()?;
    if let Some(k) = m.keys().find(|k| !KEYWORDS.contains(&k.as_str())) {
        return Some(format!("{at}: `{k}` is not supported"));
    }
    if root && (m.get("type") != Some(&json!("object")) || m.contains_key("anyOf")) {
        return Some(format!("{at}: the root must be an object, not anyOf"));
    }
    if !m.contains_key("type") && !m.contains_key("enum") && !m.contains_key("anyOf") {
        return Some(format!("{at}: no type"));
    }
    if m.get("type") == Some(&json!("object")) {
        if m.get("additionalProperties") != Some(&json!(false)) {
            return Some(format!("{at}: additionalProperties is not false"));
        }
        let properties = m.get("properties").and_then(Value::as_object)?;
        let required: Vec<&str> = m["required"]
            .as_array()
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        if let Some(p) = properties.keys().find(|p| !required.contains(&p.as_str())) {
            return Some(format!("{at}: {p} is not required"));
        }
        for (name, p) in properties {
            if let Some(v) = strict_violation(p, &format!("{at}.{name}"), false) {
                return Some(v);
            }
        }
    }
    for (i, branch) in m
        .get("anyOf")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
    {
        if branch.get("type").is_none() {
            return Some(format!("{at}: anyOf branch {i} has no type"));
        }
        if let Some(v) = strict_violation(branch, &format!("{at}|{i}"), false) {
            return Some(v);
        }
    }
    None
}

/// Every `anyOf` branch anywhere in `schema` has a `type`.
fn untyped_branches(schema: &Value, at: &str, out: &mut Vec<String>) {
    match schema {
        Value::Object(m) => {
            for (k, v) in m {
                if k == "anyOf" {
                    for (i, b) in v.as_array().into_iter().flatten().enumerate() {
                        if b.get("type").is_none() {
                            out.push(format!("{at}|{i}"));
                        }
                    }
                }
                untyped_branches(v, &format!("{at}.{k}"), out);
            }
        }
        Value::Array(a) => a.iter().for_each(|v| untyped_branches(v, at, out)),
        _ => {}
    }
}

#[test]
fn openai_tools_are_strict_wherever_strict_mode_can_say_the_schema() {
    let chat = openai_tools(&Registry::fixtures(), EN);
    let responses = openai_responses_tools(&Registry::fixtures(), EN);
    let (chat, responses) = (chat.as_array().unwrap(), responses.as_array().unwrap());
    assert_eq!((chat.len(), responses.len()), (6, 6));
    // (tool, strict, why not, from the exact schema)
    let expected = [
        (ToolId::Email, true, "email.to: `not` is not supported"),
        (
            ToolId::Calendar,
            true,
            "calendar.title: `not` is not supported",
        ),
        (ToolId::Files, false, "files: `if` is not supported"),
        (ToolId::Database, false, "database: `if` is not supported"),
        (ToolId::Search, false, "search: limit is not required"),
        (ToolId::Calculator, true, ""),
    ];
    for ((c, r), (id, strict, exact_violation)) in chat.iter().zip(responses).zip(expected) {
        assert_eq!(c["type"], "function");
        let keys: Vec<&String> = c["function"].as_object().unwrap().keys().collect();
        assert_eq!(keys, ["name", "description", "parameters", "strict"]);
        assert_eq!(c["function"]["name"], id.id());
        assert_eq!(c["function"]["strict"], strict, "{id}");
        // The Responses API's tool is the same function one level flatter.
        let keys: Vec<&String> = r.as_object().unwrap().keys().collect();
        assert_eq!(
            keys,
            ["type", "name", "description", "parameters", "strict"]
        );
        assert_eq!(r["type"], "function");
        for k in ["name", "description", "parameters", "strict"] {
            assert_eq!(r[k], c["function"][k], "{id} {k}");
        }
        let parameters = &c["function"]["parameters"];
        let violation = strict_violation(parameters, id.id(), true);
        if strict {
            assert_eq!(
                violation, None,
                "{id} is strict but its schema breaks a rule"
            );
        } else {
            assert!(violation.is_some(), "{id} could be strict");
        }
        // Where it is not strict the schema is the exact one, and the
        // exact schema breaks a rule for the reason listed.
        let exact = strict_violation(&mcp_schema(id), id.id(), true);
        assert_eq!(exact.as_deref().unwrap_or(""), exact_violation, "{id}");
        // No untyped branch, strict or not.
        let mut untyped = Vec::new();
        untyped_branches(parameters, id.id(), &mut untyped);
        assert!(untyped.is_empty(), "untyped anyOf branches: {untyped:?}");
    }
}

#[test]
fn gemini_json_schema_declarations_carry_the_exact_schema() {
    let list = gemini_json_schema_declarations(&Registry::fixtures(), EN);
    let approx = gemini_function_declarations(&Registry::fixtures(), EN);
    let decls = list["functionDeclarations"].as_array().unwrap();
    assert_eq!(decls.len(), 6);
    for ((d, a), id) in decls
        .iter()
        .zip(approx["functionDeclarations"].as_array().unwrap())
        .zip(ToolId::ALL)
    {
        let keys: Vec<&String> = d.as_object().unwrap().keys().collect();
        // One or the other: Gemini takes `parameters` or `parametersJsonSchema`.
        assert_eq!(keys, ["name", "description", "parametersJsonSchema"]);
        assert_eq!(
            (&d["name"], &d["description"]),
            (&a["name"], &a["description"])
        );
        assert_eq!(d["parametersJsonSchema"], mcp_schema(id), "{id}");
    }
}

#[test]
fn exports_follow_the_registry_and_print_as_json_stringify() {
    let only_search = Registry::with_tools(vec![ToolId::Search.tool()]);
    for e in Export::ALL {
        let text = e.text(&only_search, EN);
        assert_eq!(text, pretty(&e.value(&only_search, EN)));
        assert!(text.contains("\"search\""), "{e}");
        assert!(!text.contains("\"email\""), "{e}");
    }
    assert_eq!(
        mcp_tools_list(&only_search, EN)["tools"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    assert_eq!(
        Export::ALL.map(|e| e.label().en()),
        [
            "MCP tools/list",
            "Gemini functionDeclarations (parameters)",
            "Gemini functionDeclarations (parametersJsonSchema)",
            "OpenAI Chat Completions tools",
            "OpenAI Responses tools",
            "Anthropic Messages tools",
        ]
    );
}

// ---------------------------------------------------------------------------
// Annotations against the risk policy.

#[test]
fn mcp_annotations_match_the_risk_policy_for_every_tool() {
    // (name, title, readOnly, destructive, idempotent, openWorld)
    let expected = [
        ("email", "Email", false, false, false, false),
        ("calendar", "Calendar", false, false, true, false),
        ("files", "Virtual files", false, true, true, false),
        ("database", "Database", false, true, true, false),
        ("search", "Search", true, false, true, false),
        ("calculator", "Calculator", true, false, true, false),
    ];
    let list = mcp_tools_list(&Registry::fixtures(), EN);
    let got: Vec<_> = list["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let a = &t["annotations"];
            let b = |k: &str| a[k].as_bool().unwrap();
            (
                t["name"].as_str().unwrap(),
                a["title"].as_str().unwrap(),
                b("readOnlyHint"),
                b("destructiveHint"),
                b("idempotentHint"),
                b("openWorldHint"),
            )
        })
        .collect();
    assert_eq!(got, expected);
    for id in ToolId::ALL {
        let d = id.tool().declaration();
        let hints = ModelDeclaration::of(id.tool()).hints();
        // Read-only exactly when no call of the tool is a mutation.
        assert_eq!(
            hints.read_only,
            d.risks.iter().all(|r| !r.is_mutation()),
            "{id}"
        );
        // Anything that needs approval or is refused is not read-only.
        if d.risks.iter().any(|r| r.needs_approval() || r.is_refused()) {
            assert!(!hints.read_only, "{id}");
        }
        assert_eq!(
            hints,
            Hints::of_tool(d.risks, id.tool().only_adds()),
            "{id}"
        );
        // Only calendar's writes only add.
        assert_eq!(id.tool().only_adds(), id == ToolId::Calendar, "{id}");
    }
}

/// Outbox, schedule, files and database: what calls can change.
fn state(l: &Ledger) -> Value {
    let j = l.to_json();
    json!([j["outbox"], j["schedule"], j["files"], j["database"]])
}

/// Plans and commits the call, if execution accepts it.
fn apply(ledger: &mut Ledger, tool: &dyn Tool, args: &Args) {
    if let Ok(planned) = tool.plan(args, ledger.stores(), Locale::En) {
        let key = format!("key-{}", ledger.counters().runs_finished);
        ledger.commit(Commit::Ran(Finish::Effect {
            effect: planned.effect,
            key,
            receipt: Receipt {
                tool: tool.declaration().name.into(),
                payload: args.canonical(),
                output: planned.output,
            },
        }));
    }
}

/// Whether `after` lost or changed anything `before` held.
fn replaced(before: &Ledger, after: &Ledger) -> bool {
    !gateway_core::tools::email::outbox(after.stores())
        .starts_with(gateway_core::tools::email::outbox(before.stores()))
        || !gateway_core::tools::calendar::schedule(before.stores())
            .iter()
            .all(|e| gateway_core::tools::calendar::schedule(after.stores()).contains(e))
        || gateway_core::tools::files::contents(before.stores()).unwrap()
            != gateway_core::tools::files::contents(after.stores()).unwrap()
        || gateway_core::tools::database::table(before.stores()).unwrap()
            != gateway_core::tools::database::table(after.stores()).unwrap()
}

#[test]
fn idempotent_and_destructive_hints_hold_on_the_ledger() {
    for id in ToolId::ALL {
        let tool = id.tool();
        let hints = ModelDeclaration::of(tool).hints();
        let text = tool.declaration().examples.get(Fixtures::En).valid;
        let args = tool
            .declaration()
            .shape
            .validate(parse(text).unwrap())
            .unwrap();
        let start = Ledger::fixtures();
        let mut once = start.clone();
        apply(&mut once, tool, &args);
        let mut twice = once.clone();
        apply(&mut twice, tool, &args);
        assert_eq!(
            state(&once) == state(&twice),
            hints.idempotent,
            "{id}: idempotentHint {}",
            hints.idempotent
        );
        // Destructive exactly when the call replaced something: calendar
        // adds an event, email appends a message, files and database write
        // over a value.
        let replaces = replaced(&start, &once);
        assert_eq!(
            replaces, hints.destructive,
            "{id}: destructiveHint {} but the call replaced data: {replaces}",
            hints.destructive
        );
        if hints.read_only {
            assert_eq!(
                state(&start),
                state(&once),
                "{id}: read-only changed the ledger"
            );
        }
    }
}

#[test]
fn refused_risks_are_marked_destructive_and_never_read_only() {
    for r in Risk::ALL {
        let h = Hints::of_risk(r);
        assert!(!h.open_world);
        if r.is_refused() {
            assert!(h.destructive && !h.read_only, "{r}");
        }
        assert_eq!(h.read_only, r == Risk::Read, "{r}");
    }
}

// ---------------------------------------------------------------------------
// Nothing of the implementation.

fn keys_anywhere(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            for (k, child) in m {
                out.push(k.clone());
                keys_anywhere(child, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|c| keys_anywhere(c, out)),
        _ => {}
    }
}

/// The quoted strings of an example text, parsed or not.
fn quoted(text: &str) -> Vec<String> {
    text.split('"')
        .skip(1)
        .step_by(2)
        .map(String::from)
        .collect()
}

#[test]
fn the_model_facing_view_holds_only_name_description_risk_and_schema() {
    let registry = Registry::fixtures();
    for d in model_view(&registry) {
        let keys: Vec<String> = d
            .to_json(en())
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect();
        assert_eq!(
            keys,
            ["name", "title", "description", "risks", "inputSchema"]
        );
    }
    let mut texts: Vec<String> = Locale::ALL
        .iter()
        .flat_map(|l| Export::ALL.map(|e| e.text(&registry, *l)))
        .collect();
    for l in Locale::ALL {
        texts.extend(model_view(&registry).iter().map(|d| pretty(&d.to_json(l))));
    }
    texts.extend(
        published::tools(&Registry::every(), Locale::default())
            .into_iter()
            .map(|t| t.schema),
    );
    for text in &texts {
        let mut keys = Vec::new();
        keys_anywhere(&serde_json::from_str(text).unwrap(), &mut keys);
        for banned in [
            "examples",
            "valid",
            "malformed",
            "boundary",
            "redacts",
            "risk",
            "x-risk",
        ] {
            assert!(!keys.iter().any(|k| k == banned), "{banned} in an export");
        }
        assert!(!text.contains("[redacted]"));
    }
    for id in ToolId::ALL {
        let d = id.tool().declaration();
        let schema_words: Vec<String> = {
            let mut words = Vec::new();
            keys_anywhere(&d.shape.json_schema(en()), &mut words);
            let s = d.shape.json_schema(en()).to_string();
            words.extend(quoted(&s));
            words
        };
        let every = d
            .examples
            .all()
            .flat_map(|e| [e.valid, e.malformed, e.boundary]);
        for example in every {
            for text in &texts {
                assert!(!text.contains(example), "{id}: an example is exported");
            }
            for s in quoted(example) {
                if s.trim().is_empty() || schema_words.contains(&s) {
                    continue;
                }
                for text in &texts {
                    assert!(
                        !text.contains(&format!("\"{s}\"")),
                        "{id}: example value {s:?} is exported"
                    );
                }
            }
        }
    }
}

#[test]
fn the_declarations_panel_rows() {
    // The page's panel shows the published MCP list; titles come from the registry.
    let rows = published::tools(&Registry::fixtures(), Locale::default());
    let titles = model_view(&Registry::fixtures());
    let summary: Vec<_> = rows
        .iter()
        .zip(&titles)
        .map(|(r, m)| {
            let risks: Vec<&str> = r.risks.iter().map(|r| r.id()).collect();
            (r.name.as_str(), m.title().en(), risks)
        })
        .collect();
    assert_eq!(
        summary,
        [
            ("email", "Email".to_string(), vec!["send"]),
            ("calendar", "Calendar".into(), vec!["write"]),
            ("files", "Virtual files".into(), vec!["read", "write"]),
            ("database", "Database".into(), vec!["read", "write"]),
            ("search", "Search".into(), vec!["read"]),
            ("calculator", "Calculator".into(), vec!["read"]),
        ]
    );
    for (row, id) in rows.iter().zip(ToolId::ALL) {
        assert_eq!(
            row.description,
            (id.tool().declaration().description)().en()
        );
        assert_eq!(row.schema, pretty(&mcp_schema(id)));
        assert!(row.schema.starts_with("{\n  \"type\": \"object\""));
    }
}

// ---------------------------------------------------------------------------
// Patterns under ECMA-262 and under Python's `re`.

/// The validator's own answer for a pattern: ECMA-262, as `boon`
/// translates it for its engine.
#[derive(Default)]
struct Ecma(std::collections::HashMap<String, Validator>);

impl Ecma {
    fn matches(&mut self, pattern: &str, text: &str) -> bool {
        self.0
            .entry(pattern.to_string())
            .or_insert_with(|| validator(&json!({ "pattern": pattern })))
            .is_valid(&json!(text))
    }
}

/// Every case the tests run through an export for `id`: the table, then
/// the examples and their variants.
fn all_cases(id: ToolId) -> Vec<Value> {
    let mut out = cases(id);
    out.extend(schema_eval::example_cases(id));
    out
}

#[test]
fn the_evaluator_reads_every_export_as_the_json_schema_validator_does() {
    let mut ecma = Ecma::default();
    let mut total = 0;
    for export in Export::ALL {
        let value = export.value(&Registry::fixtures(), EN);
        for (name, schema) in schema_eval::parameter_schemas(export, &value) {
            let id: ToolId = name.parse().unwrap();
            let reference = match export {
                Export::Gemini => validator(&gemini_as_json_schema(&schema)),
                _ => validator(&schema),
            };
            for args in all_cases(id) {
                total += 1;
                let ours = schema_eval::valid(&schema, &args, &mut |p, s| ecma.matches(p, s));
                assert_eq!(ours, reference.is_valid(&args), "{export} {name} {args}");
            }
        }
    }
    assert!(total > 5 * 1000, "only {total} cases");
}

#[test]
fn the_examples_strings_agree_with_the_gate_under_every_export() {
    // The browser test runs this same function with `new RegExp(p, "u")`.
    let mut ecma = Ecma::default();
    for export in Export::ALL {
        let value = export.value(&Registry::fixtures(), EN);
        let found =
            schema_eval::examples_against_the_gate(export, &value, &mut |p, s| ecma.matches(p, s));
        assert!(found.disagreements.is_empty(), "{:#?}", found.disagreements);
        assert!(
            found.unused_patterns.is_empty(),
            "{export}: {:?}",
            found.unused_patterns
        );
        assert!(found.cases > 100, "{export}: {} cases", found.cases);
    }
}

/// Where a Python validator (`re.search`) and ECMA-262 read an export
/// differently: (export, tool, field). Each is one trailing line feed in a
/// single-line text or an address, which Python's `$` lets through, in a
/// schema that has no `not` to say the rule otherwise (OpenAI's strict
/// mode and Gemini's OpenAPI subset have none). MCP's and Gemini's JSON
/// Schema exports have no difference.
const PYTHON_DIFFERENCES: &[(Export, &str, &str)] = &[
    (Export::Gemini, "email", "to"),
    (Export::Gemini, "email", "subject"),
    (Export::Gemini, "calendar", "title"),
    (Export::OpenAi, "email", "to"),
    (Export::OpenAi, "email", "subject"),
    (Export::OpenAi, "calendar", "title"),
    (Export::OpenAiResponses, "email", "to"),
    (Export::OpenAiResponses, "email", "subject"),
    (Export::OpenAiResponses, "calendar", "title"),
];

/// `re.search(pattern, text) is not None` for each pair, by one python3
/// process; `None` when there is no python3.
fn python_search(pairs: &[(String, String)]) -> Option<Vec<bool>> {
    use std::io::Write as _;
    use std::process::{Command, Stdio};
    const SCRIPT: &str = "import json, re, sys\n\
        pairs = json.load(sys.stdin)\n\
        json.dump([re.search(p, s) is not None for p, s in pairs], sys.stdout)\n";
    let mut child = Command::new("python3")
        .args(["-c", SCRIPT])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .ok()?;
    let input = serde_json::to_string(pairs).unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "python3 failed");
    Some(serde_json::from_slice(&out.stdout).unwrap())
}

#[test]
fn every_export_reads_alike_in_python_and_ecma_262_but_for_the_listed_differences() {
    let mut ecma = Ecma::default();
    // Every (pattern, text) the evaluator asks about; it asks the same
    // whatever the answers are.
    let mut pairs: Vec<(String, String)> = Vec::new();
    let mut seen_pairs = std::collections::HashSet::new();
    let mut runs: Vec<(Export, String, Value, Value, bool)> = Vec::new();
    for export in Export::ALL {
        let value = export.value(&Registry::fixtures(), EN);
        for (name, schema) in schema_eval::parameter_schemas(export, &value) {
            let id: ToolId = name.parse().unwrap();
            for args in all_cases(id) {
                let by_ecma = schema_eval::valid(&schema, &args, &mut |p, s| {
                    if seen_pairs.insert((p.to_string(), s.to_string())) {
                        pairs.push((p.to_string(), s.to_string()));
                    }
                    ecma.matches(p, s)
                });
                runs.push((export, name.clone(), schema.clone(), args, by_ecma));
            }
        }
    }
    let Some(answers) = python_search(&pairs) else {
        eprintln!("skipped: no python3 to run Python's re");
        return;
    };
    let python: std::collections::HashMap<(String, String), bool> =
        pairs.into_iter().zip(answers).collect();
    let mut seen: BTreeMap<(String, String, String), usize> = BTreeMap::new();
    for (export, name, schema, args, by_ecma) in &runs {
        let by_python = schema_eval::valid(schema, args, &mut |p, s| {
            python[&(p.to_string(), s.to_string())]
        });
        if by_python == *by_ecma {
            continue;
        }
        // The one difference there may be: Python accepts a text ending in
        // a line feed that ECMA-262 (and the gate) refuses.
        assert!(
            by_python && !by_ecma,
            "{export} {name} {args}: Python refuses"
        );
        let fields: Vec<&String> = args
            .as_object()
            .unwrap()
            .iter()
            .filter(|(_, v)| v.as_str().is_some_and(|s| s.ends_with('\n')))
            .map(|(k, _)| k)
            .collect();
        let [field] = fields[..] else {
            panic!("{export} {name} {args}: Python and ECMA-262 differ");
        };
        assert!(
            PYTHON_DIFFERENCES.contains(&(*export, name.as_str(), field.as_str())),
            "{export} {name}.{field}: Python accepts {args}, ECMA-262 refuses it"
        );
        *seen
            .entry((export.id().into(), name.clone(), field.clone()))
            .or_default() += 1;
    }
    // Each listed difference occurs: the list is not stale.
    for (export, name, field) in PYTHON_DIFFERENCES {
        assert!(
            seen.contains_key(&(export.id().into(), name.to_string(), field.to_string())),
            "{export} {name}.{field} is listed but Python and ECMA-262 agree"
        );
    }
}

// ---------------------------------------------------------------------------
// The argument kinds the Workspace tools bring (a date, a LINE user id, a
// row of cells), checked on a shape of their own: every export against
// the gate, on both sides of every bound, under ECMA-262 and Python's `re`.

static NEW_KINDS: Shape = Shape {
    variants: &[Variant {
        consts: &[],
        fields: &[
            Field {
                name: "date",
                required: true,
                kind: Kind::Formatted(Format::Date),
                description: || gateway_core::text::Text::FormatDate,
            },
            Field {
                name: "to",
                required: true,
                kind: Kind::Formatted(Format::LineUserId),
                description: || gateway_core::text::Text::FormatLineUserId,
            },
            Field {
                name: "values",
                required: true,
                kind: Kind::List {
                    min: 1,
                    max: 10,
                    item: Item::Cell { max: 200 },
                },
                description: || gateway_core::text::Text::DeclKindCells {
                    min: 1.into(),
                    max: 10.into(),
                    cell: 200.into(),
                },
            },
        ],
    }],
};

/// The new kinds' shape's arguments: the valid base, then each field on
/// both sides of its bounds.
fn new_kind_cases() -> Vec<Value> {
    let base = json!({
        "date": "2026-03-02",
        "to": "U0123456789abcdef0123456789abcdef",
        "values": ["Tea", 2],
    });
    let mut out = vec![base.clone()];
    for f in NEW_KINDS.variants[0].fields {
        for value in values_for(f.kind) {
            let mut m = base.as_object().unwrap().clone();
            m.insert(f.name.into(), value);
            out.push(Value::Object(m));
        }
    }
    out
}

/// A cell the gate accepts whose code points are more than half its bound
/// and that holds an astral character: the JSON Schema exports refuse it
/// (never more permissive than the gate).
fn astral_cell(args: &Value) -> bool {
    args["values"].as_array().into_iter().flatten().any(|v| {
        v.as_str().is_some_and(|s| {
            s.chars().any(|c| c.len_utf16() == 2) && utf16_len(s) <= 200 && s.chars().count() > 100
        })
    })
}

fn new_kinds_gate(args: &Value) -> bool {
    NEW_KINDS.validate(args.clone()).is_ok()
}

#[test]
fn the_new_kinds_are_exported_as_the_gate_reads_them_in_every_dialect() {
    let exact = NEW_KINDS.json_schema(EN);
    let strict = NEW_KINDS
        .strict_json_schema(EN)
        .expect("every field is required");
    assert_eq!(strict_violation(&strict, "new", true), None);
    assert_eq!(
        exact["properties"]["values"]["items"]["anyOf"][1],
        json!({ "type": "number" })
    );
    assert_eq!(
        (
            exact["properties"]["date"]["minLength"].clone(),
            exact["properties"]["to"]["maxLength"].clone()
        ),
        (json!(10), json!(33))
    );
    let gemini = gateway_core::declarations::gemini_schema(&NEW_KINDS, EN);
    check_gemini_schema(&gemini, "new");
    assert_eq!(gemini["properties"]["values"]["type"], "ARRAY");
    let gemini = gemini_as_json_schema(&gemini);
    let cases = new_kind_cases();
    assert!(cases.len() > 100, "only {} cases", cases.len());
    let (mut astral, mut accepted, mut refused) = (0, 0, 0);
    for (dialect, schema) in [("exact", &exact), ("strict", &strict)] {
        let v = validator(schema);
        for args in &cases {
            let (g, s) = (new_kinds_gate(args), v.is_valid(args));
            if g && astral_cell(args) {
                assert!(!s, "{dialect} {args}: the astral tier lets it through");
                astral += 1;
            } else {
                assert_eq!(g, s, "{dialect} {args}: gate {g}, schema {s}");
            }
            if g {
                accepted += 1;
            } else {
                refused += 1;
            }
        }
    }
    assert!(astral > 0 && accepted > 20 && refused > 100);
    // Gemini's subset never refuses what the gate accepts.
    let g = validator(&gemini);
    for args in &cases {
        if new_kinds_gate(args) {
            assert!(g.is_valid(args), "gemini refuses {args}");
        }
    }
}

#[test]
fn the_new_kinds_read_alike_in_the_evaluator_in_python_and_in_ecma_262() {
    let mut ecma = Ecma::default();
    let schemas = [
        ("exact", NEW_KINDS.json_schema(EN)),
        ("strict", NEW_KINDS.strict_json_schema(EN).unwrap()),
        (
            "gemini",
            gateway_core::declarations::gemini_schema(&NEW_KINDS, EN),
        ),
    ];
    let mut pairs: Vec<(String, String)> = Vec::new();
    let mut runs = Vec::new();
    for (dialect, schema) in &schemas {
        let reference = match *dialect {
            "gemini" => validator(&gemini_as_json_schema(schema)),
            _ => validator(schema),
        };
        for args in new_kind_cases() {
            let ours = schema_eval::valid(schema, &args, &mut |p, s| {
                pairs.push((p.to_string(), s.to_string()));
                ecma.matches(p, s)
            });
            assert_eq!(ours, reference.is_valid(&args), "{dialect} {args}");
            runs.push((*dialect, schema, args, ours));
        }
    }
    let Some(answers) = python_search(&pairs) else {
        eprintln!("skipped: no python3 to run Python's re");
        return;
    };
    let python: std::collections::HashMap<(String, String), bool> =
        pairs.into_iter().zip(answers).collect();
    let mut differ: Vec<&str> = Vec::new();
    for (dialect, schema, args, by_ecma) in &runs {
        let by_python = schema_eval::valid(schema, args, &mut |p, s| {
            python[&(p.to_string(), s.to_string())]
        });
        if by_python != *by_ecma {
            // The one difference: a cell ending in a line feed, which
            // Python's `$` lets through where there is no `not` to say it.
            let last = args["values"].as_array().and_then(|v| v.last()).cloned();
            assert!(
                by_python && *dialect != "exact" && last == Some(json!("ab\n")),
                "{dialect} {args}: Python {by_python}, ECMA-262 {by_ecma}"
            );
            differ.push(dialect);
        }
    }
    // Dates and user ids have an exact length: `$` cannot differ there.
    assert!(differ.contains(&"strict") && differ.contains(&"gemini"));
}

/// The Workspace registry's tools: OpenAI strict wherever every field is
/// required, and then within strict mode's subset; Gemini's parameters
/// within its OpenAPI subset; every JSON Schema a draft 2020-12 schema
/// that takes the valid example and refuses the boundary one.
#[test]
fn the_workspace_tools_export_in_every_dialect() {
    let registry = Registry::workspace();
    let chat = openai_tools(&registry, EN);
    let strict: Vec<(String, bool)> = (chat.as_array().unwrap().iter())
        .map(|t| {
            let f = &t["function"];
            if f["strict"] == json!(true) {
                let at = f["name"].as_str().unwrap();
                assert_eq!(strict_violation(&f["parameters"], at, true), None);
            }
            (
                f["name"].as_str().unwrap().to_string(),
                f["strict"] == json!(true),
            )
        })
        .collect();
    // Not strict: a field is optional (gmail.search's limit,
    // calendar.list's date, tasks.create's due).
    let expected = [
        ("gmail_search", false),
        ("gmail_draft", true),
        ("gmail_send", true),
        ("calendar_list", false),
        ("calendar_create", true),
        ("drive_search", true),
        ("drive_read", true),
        ("docs_create", true),
        ("sheets_append", true),
        ("tasks_create", false),
        ("tasks_list", true),
        ("line_push", true),
        ("drive_delete", true),
        ("drive_share", true),
    ]
    .map(|(name, strict)| (name.to_string(), strict));
    assert_eq!(strict, expected);
    let gemini = gemini_function_declarations(&registry, EN);
    for d in gemini["functionDeclarations"].as_array().unwrap() {
        check_gemini_schema(&d["parameters"], d["name"].as_str().unwrap());
    }
    let mcp = mcp_tools_list(&registry, EN);
    for (tool, t) in registry
        .tools()
        .iter()
        .zip(mcp["tools"].as_array().unwrap())
    {
        let ex = tool.declaration().examples.get(Fixtures::En);
        let schema = validator(&t["inputSchema"]);
        let gemini = validator(&gemini_as_json_schema(
            &gateway_core::declarations::gemini_schema(&tool.declaration().shape, EN),
        ));
        for v in [&schema, &gemini] {
            assert!(v.is_valid(&parse(ex.valid).unwrap()), "{}", t["name"]);
        }
        assert!(
            !schema.is_valid(&parse(ex.boundary).unwrap()),
            "{}",
            t["name"]
        );
        // Gemini's subset has no `additionalProperties`: tasks.list's
        // boundary, a field it does not take, is the gate's to refuse.
        let says_it = tool.declaration().name != "tasks.list";
        assert_eq!(
            !gemini.is_valid(&parse(ex.boundary).unwrap()),
            says_it,
            "{}",
            t["name"]
        );
    }
}
