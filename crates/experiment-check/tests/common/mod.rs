//! Running the real binary, and the broken files with what the checker
//! must say of each.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// What one run of `experiment-check` did.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `experiment-check` with `args` in this crate's folder (so that the
/// files are named as `tests/data/…`).
pub fn run(args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_experiment-check"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs");
    Run {
        code: out.status.code().expect("an exit code"),
        stdout: String::from_utf8(out.stdout).expect("UTF-8 output"),
        stderr: String::from_utf8(out.stderr).expect("UTF-8 output"),
    }
}

pub fn crate_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A file under this test's own temporary folder, holding `text`; its
/// path as the binary, run in this crate's folder, names it.
pub fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("experiment-check");
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("the file is written");
    path
}

/// Whether JSON Schema can say what is wrong with the file (the others are
/// what the checker reports beyond the schema, or no JSON at all).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Schema {
    Rejects,
    Accepts,
    NotJson,
}

/// Each broken file, the one problem the checker reports (the field's
/// path and the sentence, in English), and what the schema says.
pub const BROKEN: [(&str, &str, Schema); 21] = [
    (
        "not-json",
        "(the file): The experiment is not JSON (line 4, column 1).",
        Schema::NotJson,
    ),
    (
        "not-utf8",
        "(the file): The experiment is not UTF-8 text.",
        Schema::NotJson,
    ),
    (
        "unknown-top-level-field",
        "/colour: is not a field here; the fields are $schema, version, id, title, \
         instructions, start, registry, tools, files, decision, open, readings, goals.",
        Schema::Rejects,
    ),
    (
        "missing-title",
        "/title: is missing; it is required.",
        Schema::Rejects,
    ),
    (
        "missing-zh-tw-instructions",
        "/instructions/zh-TW: has no zh-TW text.",
        Schema::Rejects,
    ),
    (
        "unknown-start-tool",
        "/start/tool: names no tool of this experiment's registry: \"shell.exec\". \
         Its tools are email, calendar, files, database, search, calculator.",
        Schema::Accepts,
    ),
    (
        "unknown-registry",
        "/registry: \"google\" is not one of fixtures, workspace.",
        Schema::Rejects,
    ),
    (
        "fixture-tool-in-workspace-registry",
        "/start/tool: names no tool of this experiment's registry: \"email\". \
         Its tools are gmail.search, gmail.draft, gmail.send, calendar.list, calendar.create, \
         drive.search, drive.read, docs.create, sheets.append, tasks.create, tasks.list, line.push, \
         drive.delete, drive.share.",
        Schema::Accepts,
    ),
    (
        "unknown-example-kind",
        "/start/args/example: \"typical\" is not one of valid, malformed, boundary.",
        Schema::Rejects,
    ),
    (
        "example-and-text",
        "/start/args: must hold exactly one of example and text.",
        Schema::Rejects,
    ),
    (
        "bad-id",
        "/id: \"One_Message\" is not an id: lower-case letters and digits, in words \
         joined by single hyphens, at most 40 characters.",
        Schema::Rejects,
    ),
    (
        "duplicate-goal-ids",
        "/goals/1/id: \"sent\" is given twice.",
        Schema::Accepts,
    ),
    (
        "unknown-gate",
        "/goals/0/when/run/gate: \"firewall\" is not one of schema, before-hook, role, \
         approval, idempotency, execution, after-hook.",
        Schema::Rejects,
    ),
    (
        "unknown-goal-tool",
        "/goals/0/when/run/tool: names no tool of this experiment's registry: \
         \"files.delete\". Its tools are email, calendar, files, database, search, \
         calculator.",
        Schema::Accepts,
    ),
    (
        "reason-without-rejected",
        "/goals/0/when/run/reason: is only for \"outcome\": \"rejected\".",
        Schema::Accepts,
    ),
    (
        "run-on-restart",
        "/goals/0/when: \"run\" and \"turn\" need \"on\": \"run\"; this goal waits for restart.",
        Schema::Accepts,
    ),
    (
        "ftp-reading",
        "/readings/0/url: is not an http or https link: \"ftp://ftp.example.org/rfc959.txt\".",
        Schema::Rejects,
    ),
    (
        "version-2",
        "/version: is version 2; this page reads version 1.",
        Schema::Rejects,
    ),
    ("empty-goals", "/goals: is empty.", Schema::Rejects),
    (
        "count-out-of-range",
        "/goals/0/when/state/outbox/at-most: must be a whole number from 0 to 100000; \
         it is 100001.",
        Schema::Rejects,
    ),
    (
        "unreachable-goal",
        "/goals/0: no sequence of at most 12 of the experiment's own actions reaches \
         this goal: unreachable within 12 steps.",
        Schema::Accepts,
    ),
];

/// A broken file's path, as the binary is given it.
pub fn broken(name: &str) -> String {
    format!("tests/data/broken/{name}.json")
}

/// The good file every generated one starts from.
pub fn one_message() -> serde_json::Value {
    let text = std::fs::read_to_string(crate_dir().join("tests/data/good/one-message.json"))
        .expect("the good file");
    serde_json::from_str(&text).expect("JSON")
}
