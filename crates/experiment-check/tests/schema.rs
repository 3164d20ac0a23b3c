//! `experiments/schema.json` and the reader agree: every built-in file and
//! every good file is valid under the schema (the `boon` crate, draft
//! 2020-12) and reads; each broken file the schema can express is
//! invalid under it, and each it cannot (a tool this build lacks, two
//! goals with one id, a reason without a rejection, a run condition on
//! another event, a goal nothing reaches) is valid under it while the
//! checker reports it; a generated file on each side of the arguments' cap
//! and of a count's bound is judged alike by both.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{broken, crate_dir, one_message, Schema, BROKEN};
use gateway_core::check;
use gateway_core::experiments::{read, FILES, SCHEMA};
use serde_json::{json, Value};

#[path = "../../gateway-core/tests/json_schema/mod.rs"]
mod json_schema;
use json_schema::Validator;

fn validator() -> Validator {
    let schema: Value = serde_json::from_str(SCHEMA).unwrap();
    // Compiling checks the schema against the draft 2020-12 meta-schema.
    Validator::new(&schema).unwrap_or_else(|e| panic!("not a draft 2020-12 schema: {e}"))
}

fn errors(v: &Validator, instance: &Value) -> Vec<String> {
    v.errors(instance)
}

#[test]
fn every_builtin_and_good_file_is_valid_and_reads() {
    let v = validator();
    let good = ["one-message", "same-id-a", "same-id-b"].map(|n| {
        std::fs::read_to_string(crate_dir().join(format!("tests/data/good/{n}.json"))).unwrap()
    });
    for text in FILES.iter().copied().chain(good.iter().map(String::as_str)) {
        let value: Value = serde_json::from_str(text).unwrap();
        assert_eq!(errors(&v, &value), Vec::<String>::new(), "{text}");
        assert!(read::experiment(text).is_ok(), "{text}");
    }
}

#[test]
fn the_schema_rejects_exactly_the_broken_files_it_can_express() {
    let v = validator();
    for (name, _, schema) in BROKEN {
        let bytes = std::fs::read(crate_dir().join(broken(name))).unwrap();
        let value = std::str::from_utf8(&bytes)
            .ok()
            .and_then(|t| serde_json::from_str::<Value>(t).ok());
        match (schema, value) {
            (Schema::NotJson, None) => {}
            (Schema::Rejects, Some(value)) => assert!(!v.is_valid(&value), "{name}"),
            (Schema::Accepts, Some(value)) => {
                assert_eq!(errors(&v, &value), Vec::<String>::new(), "{name}");
                // What the schema cannot say, the checker does.
                let text = String::from_utf8(bytes).unwrap();
                assert!(!check::check(&text).problems.is_empty(), "{name}");
            }
            (schema, value) => panic!("{name}: {schema:?}, but JSON {:?}", value.is_some()),
        }
    }
}

/// The good file with `edit` made, judged by the schema and the reader.
fn judged(edit: impl FnOnce(&mut Value)) -> (bool, bool) {
    let mut e = one_message();
    edit(&mut e);
    (validator().is_valid(&e), read::from_value(&e).is_ok())
}

#[test]
fn both_sides_of_each_bound_are_judged_alike() {
    let args =
        |n: usize| move |e: &mut Value| e["start"]["args"] = json!({ "text": "x".repeat(n) });
    assert_eq!(judged(args(4096)), (true, true));
    assert_eq!(judged(args(4097)), (false, false));
    let count =
        |n: u64| move |e: &mut Value| e["goals"][0]["when"]["state"] = json!({ "outbox": n });
    assert_eq!(judged(count(100_000)), (true, true));
    assert_eq!(judged(count(100_001)), (false, false));
    let id = |n: usize| move |e: &mut Value| e["id"] = json!("a".repeat(n));
    assert_eq!(judged(id(40)), (true, true));
    assert_eq!(judged(id(41)), (false, false));
    let goals = |n: usize| {
        move |e: &mut Value| {
            let goal = e["goals"][0].clone();
            e["goals"] = (0..n)
                .map(|i| {
                    let mut g = goal.clone();
                    g["id"] = json!(format!("goal-{i}"));
                    g
                })
                .collect();
        }
    };
    assert_eq!(judged(goals(12)), (true, true));
    assert_eq!(judged(goals(13)), (false, false));
    let title = |n: usize| move |e: &mut Value| e["title"]["en"] = json!("t".repeat(n));
    assert_eq!(judged(title(1000)), (true, true));
    assert_eq!(judged(title(1001)), (false, false));
}
