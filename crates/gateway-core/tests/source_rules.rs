//! Three rules read from the source, which no type can enforce:
//! - the core reads no clock, no randomness and no browser API: time comes
//!   in as `now_ms`, storage through `opening::open` and result messages;
//! - the core reads JSON text only through `decimal::from_str` (also
//!   `json::from_str`), which reads each decimal as the nearest double:
//!   serde_json's own readers are named in `decimal.rs` alone (and in the
//!   native build tools of `src/bin/`);
//! - the shell never hands text to the browser as markup: every word is
//!   set with `set_text_content` (or an attribute), never as markup.
//!
//! A plain search of the text, comments included: a comment that names a
//! forbidden item is rare enough to be reworded.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::fs;
use std::path::{Path, PathBuf};

/// What the core must not name: clocks, randomness, the browser's crates.
const NOT_IN_THE_CORE: [&str; 8] = [
    "std::time",
    "Instant::now",
    "SystemTime",
    "web_sys",
    "js_sys",
    "wasm_bindgen",
    "rand::",
    "getrandom",
];

/// serde_json's readers of JSON text.
const JSON_READERS: [&str; 3] = [
    "serde_json::from_str",
    "serde_json::from_slice",
    "serde_json::from_reader",
];

/// How markup would reach the page: web-sys's setters and their DOM names.
/// Each is written in two parts, so that this file, which the same kind of
/// search reads, does not name them whole.
fn not_in_the_shell() -> Vec<String> {
    [
        ("set_inner", "_html"),
        ("set_outer", "_html"),
        ("insert_adjacent", "_html"),
        ("inner", "HTML"),
        ("outer", "HTML"),
        ("insertAdjacent", "HTML"),
    ]
    .iter()
    .map(|(a, b)| format!("{a}{b}"))
    .collect()
}

/// Every `.rs` file below `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = vec![];
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for entry in fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// `file:line: word` for each line of `text` that names a word of `words`.
fn named(file: &str, text: &str, words: &[&str]) -> Vec<String> {
    let mut found = vec![];
    for (i, line) in text.lines().enumerate() {
        for word in words.iter().filter(|w| line.contains(**w)) {
            found.push(format!("{file}:{}: {word}", i + 1));
        }
    }
    found
}

fn named_in(dir: &Path, words: &[&str]) -> Vec<String> {
    let files = rust_files(dir);
    assert!(files.len() > 5, "{} holds the sources", dir.display());
    files
        .iter()
        .flat_map(|f| {
            named(
                &f.display().to_string(),
                &fs::read_to_string(f).unwrap(),
                words,
            )
        })
        .collect()
}

fn crates() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .into()
}

#[test]
fn the_core_reads_no_clock_no_randomness_and_no_browser_api() {
    let found = named_in(&crates().join("gateway-core/src"), &NOT_IN_THE_CORE);
    assert!(found.is_empty(), "{}", found.join("\n"));
    let manifest = fs::read_to_string(crates().join("gateway-core/Cargo.toml")).unwrap();
    let deps = manifest.split("[dependencies]").nth(1).unwrap();
    let deps = deps.split("\n[").next().unwrap();
    let found = named(
        "Cargo.toml",
        deps,
        &["web-sys", "js-sys", "wasm-bindgen", "rand"],
    );
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn the_core_reads_json_text_through_decimal_from_str() {
    let found: Vec<String> = named_in(&crates().join("gateway-core/src"), &JSON_READERS)
        .into_iter()
        .filter(|f| !f.contains("/src/decimal.rs:") && !f.contains("/src/bin/"))
        .collect();
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn the_shell_never_sets_markup() {
    let words = not_in_the_shell();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let found = named_in(&crates().join("gateway-web/src"), &words);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn a_forbidden_word_planted_in_a_file_is_found() {
    let shell = not_in_the_shell();
    let planted = format!("fn f(e: &Element) {{\n    e.{}(&text);\n}}\n", shell[0]);
    let words: Vec<&str> = shell.iter().map(String::as_str).collect();
    assert_eq!(
        named("x.rs", &planted, &words),
        [format!("x.rs:2: {}", shell[0])]
    );
    let planted = "let t = std::time::Instant::now();";
    assert_eq!(
        named("y.rs", planted, &NOT_IN_THE_CORE),
        ["y.rs:1: std::time", "y.rs:1: Instant::now"]
    );
    let planted = "let v: Value = serde_json::from_str(text)?;";
    assert_eq!(
        named("z.rs", planted, &JSON_READERS),
        ["z.rs:1: serde_json::from_str"]
    );
}
