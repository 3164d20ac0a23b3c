//! JSONTestSuite conformance of `gateway_core::json::parse` (SPEC 2.1).
//!
//! The 318 files of `test_parsing` (nst/JSONTestSuite, MIT licence, copied
//! with the licence into `tests/data/JSONTestSuite/`) are read as bytes.
//! The learner types arguments into a browser text field, which only ever
//! holds decoded text, never raw bytes: a browser decodes UTF-8 with the
//! WHATWG decoder, replacing each maximal ill-formed subsequence by U+FFFD
//! and keeping a BOM it is given as a character. `String::from_utf8_lossy`
//! performs the same replacement, so each file is decoded with it and the
//! resulting text is what `parse` sees (and what `JSON.parse` would see).
//!
//! - `y_` files (must be accepted) are parsed successfully, except those
//!   listed in [`Y_EXCEPTIONS`] with the reason.
//! - `n_` files (must be rejected) are rejected with a `Malformed JSON`
//!   message, or with the over-the-cap error for exactly the files in
//!   [`OVER_CAP`].
//! - `i_` files (either is allowed) have the outcome listed in [`I_TABLE`],
//!   one row per file; a changed outcome or an unlisted file fails.

#![allow(clippy::unwrap_used)]

use std::fs;
use std::path::{Path, PathBuf};

use gateway_core::json::{parse, utf16_len, JsonError, Syntax, MAX_ARGUMENT_UNITS};

/// How many files of each kind the suite holds, so the test cannot pass on
/// an empty or half-copied folder.
const Y_COUNT: usize = 95;
const N_COUNT: usize = 188;
const I_COUNT: usize = 35;

/// `y_` files our parser does not accept, with the reason. None: every
/// `y_` file is far under the 4096-unit cap (the largest,
/// `y_object_string_unicode.json`, is 110 bytes) and parses.
const Y_EXCEPTIONS: &[(&str, &str)] = &[];

/// `n_` files longer than [`MAX_ARGUMENT_UNITS`] UTF-16 units after
/// decoding: the cap rejects them before the parser sees them, so they
/// test the cap rather than the parser.
const OVER_CAP: &[&str] = &[
    "n_structure_100000_opening_arrays.json",
    "n_structure_open_array_object.json",
];

/// Our parser's outcome for an `i_` file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ours {
    Accept,
    /// Rejected as `Malformed JSON` for this reason.
    Reject(Syntax),
}

/// What JavaScript's `JSON.parse` does with the same decoded text.
/// Determined with Node.js: `JSON.parse(new TextDecoder("utf-8",
/// {ignoreBOM: true}).decode(fs.readFileSync(file)))`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Js {
    Accept,
    Reject,
}

use Js::Accept as JsAccept;
use Js::Reject as JsReject;
use Ours::{Accept, Reject};

/// Every `i_` file: our outcome, then `JSON.parse`'s.
///
/// Where the two differ the row says which behaviour was chosen and why.
/// They differ in three ways only, and each is a rejection on our side:
/// SPEC 2.1 asks for `JSON.parse` semantics, and every difference that
/// remains is a value the core could neither hold nor show faithfully, so
/// rejecting it at the schema gate with a `Malformed JSON` message is the
/// fail-safe answer. Non-finite numbers and deep nesting could never pass
/// a tool's schema anyway (its fields are strings and bounded numbers); a
/// lone surrogate inside a string field is the one difference a learner
/// could meet in an otherwise valid call, and it gets a message instead of
/// a silently altered payload.
const I_TABLE: &[(&str, Ours, Js)] = &[
    // --- Numbers ---
    // 123.456e-789: underflows to 0 in both.
    ("i_number_double_huge_neg_exp.json", Accept, JsAccept),
    // 0.4e00669999999999999999999999999999999999999999999999999999...: JS
    // gives Infinity. Chosen: reject. A Rust `serde_json::Number` cannot
    // hold Infinity, and JavaScript itself would print it back as `null`
    // (`JSON.stringify`), so the value would silently change; no tool
    // accepts a non-finite number (the calculator caps operands at 1e12).
    (
        "i_number_huge_exp.json",
        Reject(Syntax::BadNumber),
        JsAccept,
    ),
    // -1e+9999: JS gives -Infinity. Chosen: reject, as above.
    (
        "i_number_neg_int_huge_exp.json",
        Reject(Syntax::BadNumber),
        JsAccept,
    ),
    // 1.5e+9999: JS gives Infinity. Chosen: reject, as above.
    (
        "i_number_pos_double_huge_exp.json",
        Reject(Syntax::BadNumber),
        JsAccept,
    ),
    // -123123e100000: JS gives -Infinity. Chosen: reject, as above.
    (
        "i_number_real_neg_overflow.json",
        Reject(Syntax::BadNumber),
        JsAccept,
    ),
    // 123123e100000: JS gives Infinity. Chosen: reject, as above.
    (
        "i_number_real_pos_overflow.json",
        Reject(Syntax::BadNumber),
        JsAccept,
    ),
    // 123e-10000000: underflows to 0 in both.
    ("i_number_real_underflow.json", Accept, JsAccept),
    // Integers beyond 2^64 become the nearest double in both.
    ("i_number_too_big_neg_int.json", Accept, JsAccept),
    ("i_number_too_big_pos_int.json", Accept, JsAccept),
    ("i_number_very_big_negative_int.json", Accept, JsAccept),
    // --- Lone UTF-16 surrogates written as \u escapes ---
    // JS accepts them: its strings are sequences of UTF-16 units. Chosen:
    // reject. A Rust `String` is UTF-8 and cannot hold a lone surrogate;
    // replacing it with U+FFFD would silently change the text the learner
    // approved (approvals bind to the exact payload), so the call is
    // refused instead. Ordinary text never contains one. serde_json words
    // it as "lone leading surrogate in hex escape", or, when a high
    // surrogate is followed by anything but `\u`, as "unexpected end of
    // hex escape".
    (
        "i_object_key_lone_2nd_surrogate.json",
        Reject(Syntax::BadEscape),
        JsAccept,
    ),
    (
        "i_string_1st_surrogate_but_2nd_missing.json",
        Reject(Syntax::BadEscape),
        JsAccept,
    ),
    (
        "i_string_1st_valid_surrogate_2nd_invalid.json",
        Reject(Syntax::BadEscape),
        JsAccept,
    ),
    (
        "i_string_incomplete_surrogate_and_escape_valid.json",
        Reject(Syntax::BadEscape),
        JsAccept,
    ),
    (
        "i_string_incomplete_surrogate_pair.json",
        Reject(Syntax::BadEscape),
        JsAccept,
    ),
    (
        "i_string_incomplete_surrogates_escape_valid.json",
        Reject(Syntax::BadEscape),
        JsAccept,
    ),
    (
        "i_string_invalid_lonely_surrogate.json",
        Reject(Syntax::BadEscape),
        JsAccept,
    ),
    (
        "i_string_invalid_surrogate.json",
        Reject(Syntax::BadEscape),
        JsAccept,
    ),
    (
        "i_string_inverted_surrogates_U+1D11E.json",
        Reject(Syntax::BadEscape),
        JsAccept,
    ),
    (
        "i_string_lone_second_surrogate.json",
        Reject(Syntax::BadEscape),
        JsAccept,
    ),
    // --- Invalid UTF-8 bytes ---
    // Decoded to U+FFFD before either parser sees them (see the module
    // comment), so both accept a string holding replacement characters.
    ("i_string_UTF-8_invalid_sequence.json", Accept, JsAccept),
    ("i_string_UTF8_surrogate_U+D800.json", Accept, JsAccept),
    ("i_string_invalid_utf-8.json", Accept, JsAccept),
    ("i_string_iso_latin_1.json", Accept, JsAccept),
    (
        "i_string_lone_utf8_continuation_byte.json",
        Accept,
        JsAccept,
    ),
    ("i_string_not_in_unicode_range.json", Accept, JsAccept),
    ("i_string_overlong_sequence_2_bytes.json", Accept, JsAccept),
    ("i_string_overlong_sequence_6_bytes.json", Accept, JsAccept),
    (
        "i_string_overlong_sequence_6_bytes_null.json",
        Accept,
        JsAccept,
    ),
    ("i_string_truncated-utf-8.json", Accept, JsAccept),
    // --- Other encodings: UTF-16 bytes decoded as UTF-8 are not JSON ---
    (
        "i_string_UTF-16LE_with_BOM.json",
        Reject(Syntax::Unexpected('\u{fffd}')),
        JsReject,
    ),
    (
        "i_string_utf16BE_no_BOM.json",
        Reject(Syntax::Unexpected('\0')),
        JsReject,
    ),
    (
        "i_string_utf16LE_no_BOM.json",
        Reject(Syntax::Unexpected('\0')),
        JsReject,
    ),
    // --- Structure ---
    // 500 nested arrays (1000 units, under the cap): JS accepts. Chosen:
    // reject at serde_json's nesting limit of 128. The limit bounds the
    // parser's recursion; the cap alone would still allow 2048 levels, and
    // no tool argument nests at all.
    (
        "i_structure_500_nested_arrays.json",
        Reject(Syntax::TooDeep),
        JsAccept,
    ),
    // A byte order mark is not JSON whitespace in either parser.
    (
        "i_structure_UTF-8_BOM_empty_object.json",
        Reject(Syntax::Unexpected('\u{feff}')),
        JsReject,
    ),
];

fn suite_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/JSONTestSuite/test_parsing")
}

/// Every file of the suite as `(name, decoded text)`, sorted by name.
fn files() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = fs::read_dir(suite_dir())
        .unwrap()
        .map(|entry| {
            let entry = entry.unwrap();
            let name = entry.file_name().into_string().unwrap();
            let bytes = fs::read(entry.path()).unwrap();
            // As a browser text field would hold it: see the module comment.
            let text = String::from_utf8_lossy(&bytes).into_owned();
            (name, text)
        })
        .collect();
    out.sort();
    out
}

fn with_prefix(prefix: &str) -> Vec<(String, String)> {
    files()
        .into_iter()
        .filter(|(name, _)| name.starts_with(prefix))
        .collect()
}

/// A rejection must be one of the two errors `parse` promises.
fn check_rejection(name: &str, text: &str, err: &JsonError) {
    match err {
        JsonError::TooLong { cap, got } => {
            assert_eq!(*cap, MAX_ARGUMENT_UNITS, "{name}");
            assert_eq!(*got, utf16_len(text), "{name}");
            assert!(*got > MAX_ARGUMENT_UNITS, "{name}");
        }
        JsonError::Malformed { line, column, .. } => {
            assert!(*line >= 1 && *column >= 1, "{name}: {err}");
            assert!(err.to_string().starts_with("Malformed JSON"), "{name}");
        }
    }
}

#[test]
fn the_suite_is_all_there() {
    let all = files();
    let count = |p: &str| all.iter().filter(|(n, _)| n.starts_with(p)).count();
    assert_eq!(count("y_"), Y_COUNT);
    assert_eq!(count("n_"), N_COUNT);
    assert_eq!(count("i_"), I_COUNT);
    assert_eq!(all.len(), Y_COUNT + N_COUNT + I_COUNT, "unexpected files");
    assert!(all.iter().all(|(n, _)| n.ends_with(".json")));
    let licence = suite_dir().parent().unwrap().join("LICENSE");
    assert!(fs::read_to_string(licence).unwrap().contains("MIT License"));
}

#[test]
fn every_y_file_is_accepted() {
    let files = with_prefix("y_");
    assert_eq!(files.len(), Y_COUNT);
    let mut failures = Vec::new();
    for (name, text) in &files {
        let exception = Y_EXCEPTIONS.iter().find(|(n, _)| n == name);
        match (parse(text), exception) {
            (Ok(_), None) => {}
            (Err(err), Some(_)) => check_rejection(name, text, &err),
            (Ok(_), Some((_, why))) => failures.push(format!(
                "{name}: listed as an exception ({why}) but now parses; remove it"
            )),
            (Err(err), None) => failures.push(format!("{name}: {err}")),
        }
    }
    for (name, _) in Y_EXCEPTIONS {
        assert!(files.iter().any(|(n, _)| n == name), "{name}: no such file");
    }
    assert!(failures.is_empty(), "y_ files:\n{}", failures.join("\n"));
}

#[test]
fn every_n_file_is_rejected() {
    let files = with_prefix("n_");
    assert_eq!(files.len(), N_COUNT);
    let mut accepted = Vec::new();
    let mut over_cap = Vec::new();
    for (name, text) in &files {
        match parse(text) {
            Ok(value) => accepted.push(format!("{name}: {value}")),
            Err(err) => {
                check_rejection(name, text, &err);
                if matches!(err, JsonError::TooLong { .. }) {
                    over_cap.push(name.as_str());
                }
            }
        }
    }
    assert!(accepted.is_empty(), "n_ files:\n{}", accepted.join("\n"));
    assert_eq!(over_cap, OVER_CAP);
}

#[test]
fn every_i_file_has_the_listed_outcome() {
    let files = with_prefix("i_");
    let mut problems = Vec::new();
    for (name, text) in &files {
        let Some((_, expected, _)) = I_TABLE.iter().find(|(n, _, _)| n == name) else {
            problems.push(format!("{name}: not in I_TABLE ({:?})", parse(text)));
            continue;
        };
        match (parse(text), expected) {
            (Ok(_), Accept) => {}
            (Err(err), Reject(detail)) => {
                check_rejection(name, text, &err);
                match &err {
                    JsonError::Malformed { detail: got, .. } if got == detail => {}
                    _ => problems.push(format!("{name}: expected {detail:?}, got {err}")),
                }
            }
            (got, _) => problems.push(format!("{name}: expected {expected:?}, got {got:?}")),
        }
    }
    for (name, _, _) in I_TABLE {
        if !files.iter().any(|(n, _)| n == name) {
            problems.push(format!("{name}: in I_TABLE but no such file"));
        }
    }
    assert!(problems.is_empty(), "i_ files:\n{}", problems.join("\n"));
    assert_eq!(files.len(), I_COUNT);
    assert_eq!(I_TABLE.len(), I_COUNT, "one row per i_ file");
}

/// The rows that differ from `JSON.parse` are exactly the documented
/// rejections: lone surrogates, doubles that overflow, deep nesting.
#[test]
fn differences_from_json_parse_are_the_documented_ones() {
    let differing: Vec<&str> = I_TABLE
        .iter()
        .filter(|(_, ours, js)| matches!(ours, Accept) != (*js == JsAccept))
        .map(|(name, _, _)| *name)
        .collect();
    assert_eq!(differing.len(), 16, "{differing:#?}");
    for (name, ours, js) in I_TABLE {
        if differing.contains(name) {
            assert_eq!(*js, JsAccept, "{name}: we only ever reject more");
            assert!(
                matches!(
                    ours,
                    Reject(Syntax::BadNumber | Syntax::BadEscape | Syntax::TooDeep)
                ),
                "{name}: {ours:?}"
            );
        }
    }
}
