//! Replays the saved fuzz corpus (`fuzz/corpus/<target>/`) and every
//! regression (`tests/regressions/`) through every check, on stable.
//! A crash the fuzzers find is saved in `tests/regressions/` and gets a
//! named test here (see `tests/regressions/README.md`); none so far.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

use gateway_check::{
    check_baseline, check_carried, check_decoders, check_planner, check_session,
    check_turn_settings, Violation,
};

type Check = fn(&[u8]) -> Result<(), Violation>;

const CHECKS: [(&str, Check); 6] = [
    ("planner", check_planner),
    ("session", check_session),
    ("decoders", check_decoders),
    ("carried", check_carried),
    ("turn_settings", check_turn_settings),
    ("baseline", check_baseline),
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// Every file below `dir`, sorted.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    out.sort();
    out
}

/// Runs `data` through `checks`; the failures, named.
fn replay_with(name: &str, data: &[u8], checks: &[(&str, Check)]) -> Vec<String> {
    checks
        .iter()
        .filter_map(|(check, f)| f(data).err().map(|v| format!("{name} ({check}): {v}")))
        .collect()
}

/// Runs `data` through every check; the failures, named.
fn replay(name: &str, data: &[u8]) -> Vec<String> {
    replay_with(name, data, &CHECKS)
}

/// Every file below `dir` through `checks`; how many files there were.
fn replay_all_with(dir: &Path, checks: &[(&str, Check)]) -> usize {
    let files = files(dir);
    let failures: Vec<String> = files
        .iter()
        .flat_map(|p| replay_with(&p.display().to_string(), &std::fs::read(p).unwrap(), checks))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    files.len()
}

fn replay_all(dir: &Path) -> usize {
    replay_all_with(dir, &CHECKS)
}

/// The four first targets' corpora go through those four checks, each
/// file through each (cheap extra reach); the corpora of the two session
/// targets weighted towards one part of the page (issue 33) go through
/// their own check only, since three sessions per file would double the
/// replay's time for little reach.
#[test]
fn the_saved_corpus_keeps_every_invariant() {
    let corpus = root().join("../../fuzz/corpus");
    let (general, focused) = CHECKS.split_at(4);
    for (target, _) in general {
        let n = replay_all_with(&corpus.join(target), general);
        assert!(n > 0, "fuzz/corpus/{target} is empty");
    }
    for check in focused {
        let n = replay_all_with(&corpus.join(check.0), std::slice::from_ref(check));
        assert!(n > 0, "fuzz/corpus/{} is empty", check.0);
    }
}

#[test]
fn every_regression_keeps_every_invariant() {
    replay_all(&root().join("tests/regressions"));
}

/// Inputs no fuzzer needs to find: nothing, and short runs of one byte.
#[test]
fn trivial_inputs_keep_every_invariant() {
    let mut failures = replay("empty", &[]);
    for b in [0u8, 1, 0x7f, 0xff] {
        for n in [1, 2, 7, 64, 512] {
            failures.extend(replay(&format!("{n} x {b:#x}"), &vec![b; n]));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Bytes from a fixed xorshift sequence (no randomness: the same inputs
/// on every run), so `cargo test` exercises the checks beyond the corpus.
#[test]
fn pseudo_random_inputs_keep_every_invariant() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut failures = Vec::new();
    for i in 0..150 {
        let len = (next() % 600) as usize;
        let data: Vec<u8> = (0..len).map(|_| next() as u8).collect();
        failures.extend(replay(&format!("input {i}"), &data));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
