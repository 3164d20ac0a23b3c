//! Two rules read from the source, which no type can enforce:
//! - the core reads no clock, no randomness and no browser API: time comes
//!   in as `now_ms`, storage through `opening::open` and result messages;
//! - the shell never hands text to the browser as markup: every word is
//!   set with `set_text_content` (or an attribute), never `innerHTML`.
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

/// How markup would reach the page: web-sys's setters and their DOM names.
const NOT_IN_THE_SHELL: [&str; 6] = [
    "set_inner_html",
    "set_outer_html",
    "insert_adjacent_html",
    "innerHTML",
    "outerHTML",
    "insertAdjacentHTML",
];

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
fn the_shell_never_sets_markup() {
    let found = named_in(&crates().join("gateway-web/src"), &NOT_IN_THE_SHELL);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn a_forbidden_word_planted_in_a_file_is_found() {
    let planted = "fn f(e: &Element) {\n    e.set_inner_html(&text);\n}\n";
    assert_eq!(
        named("x.rs", planted, &NOT_IN_THE_SHELL),
        ["x.rs:2: set_inner_html"]
    );
    let planted = "let t = std::time::Instant::now();";
    assert_eq!(
        named("y.rs", planted, &NOT_IN_THE_CORE),
        ["y.rs:1: std::time", "y.rs:1: Instant::now"]
    );
}
