//! Address spellings against the Email tool's recipient rule (SPEC 2.2:
//! one address whose domain is exactly `example.test`; the part before the
//! @ a dot-atom of 1–64 `A–Z a–z 0–9 _ + -`, issue 13).
//!
//! The corpus is python-email-validator's `tests/test_syntax.py` (public
//! domain, copied with its licence into `tests/data/email-validator/`, see
//! its SOURCE.md). A small Python-literal reader below takes from it the
//! first argument of every `@pytest.mark.parametrize` row (each row of
//! `test_email_unsafe_character` gives `s + "@test"` and `"test@" + s`, as
//! that test builds them) and every string literal passed straight to
//! `validate_email(...)`; the number of entries per test function is pinned
//! in [`ENTRIES`], so a reader that loses rows fails.
//!
//! Three groups, each sent as `to` through the workbench's messages as
//! Operator, with an approval asked for and the run inspected to its end:
//! 1. every corpus address as written: none is at `example.test`, so every
//!    one is rejected at the schema gate;
//! 2. every distinct part before the last @ of a corpus address, put in
//!    front of `@example.test`: accepted exactly when it is listed in
//!    [`ACCEPTED_LOCAL_PARTS`] (the 16 that are dot-atoms of the allowed
//!    characters), rejected otherwise — among them issue 13's
//!    `.leadingdot`, `twodots..here` and `trailingdot.`;
//! 3. [`EXTRA`]: case, a trailing dot, subdomains, a longer domain,
//!    Cyrillic look-alikes, a full-width at-sign, line breaks and NUL, each
//!    with its verdict stated.
//!
//! A rejection is the schema gate's `BadFormat` for `to` (its words name
//! the field and the rule and quote the value), except for text holding a
//! lone surrogate (`\uD800` in the corpus), which the gateway's JSON reader
//! refuses as malformed JSON (json.rs lists this difference from
//! `JSON.parse`). A rejected call leaves the outbox empty; an accepted one
//! appends exactly that recipient.
//!
//! `cargo test -p gateway-core --test corpus_email -- --nocapture` prints
//! the counts.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::collections::BTreeSet;
use std::path::Path;

use common::*;
use gateway_core::json::JsonError;
use gateway_core::reason::Reason;
use gateway_core::schema::{ArgError, Format};
use gateway_core::{ExperimentId, Gate, Msg, Role};

/// Entries per test function of `test_syntax.py` (a `(call)` suffix: the
/// literals passed to `validate_email` in its body). 306 in all.
const ENTRIES: &[(&str, usize)] = &[
    ("test_email_valid", 12),
    ("test_email_valid_intl_local_part", 15),
    ("test_email_valid_only_if_quoted_local_part", 8),
    ("test_domain_literal (call)", 3),
    ("test_email_invalid_syntax", 79),
    ("test_email_invalid_syntax_strict", 3),
    ("test_email_invalid_reserved_domain", 6),
    ("test_email_unsafe_character", 22),
    ("test_email_invalid_character_smtputf8_off", 2),
    ("test_email_empty_local (call)", 2),
    ("test_email_test_domain_name_in_test_environment (call)", 2),
    ("test_case_insensitive_mailbox_name (call)", 2),
    ("test_pyisemail_tests", 150),
];

/// The parts before the @ in the corpus that the rule accepts in front of
/// `@example.test`. Everything else is rejected, including dot-atoms
/// RFC 5322 allows but this tool does not (`user+mailbox/department=shipping`,
/// `!#$%&'*+-/=?^_\`.{|}~`), non-ASCII ones, quoted strings, comments and
/// the 65-character one.
const ACCEPTED_LOCAL_PARTS: &[&str] = &[
    "Abc",
    "Abc.123",
    "jeff",
    "me",
    "my",
    "test",
    "meme",
    "my.long.address",
    "anything",
    "POSTMASTER",
    "NOT-POSTMASTER",
    "a",
    "test.test",
    "123",
    "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghiklm",
    "xn--test",
];

/// Issue 13: accepted before the fix, in the corpus as `…@domain.com`.
const ISSUE_13: &[&str] = &[".leadingdot", "twodots..here", "trailingdot."];

/// Extra spellings, each with its verdict (`true`: accepted).
const EXTRA: &[(&str, bool)] = &[
    ("x@example.test", true),
    // The domain is compared exactly: no case folding.
    ("x@EXAMPLE.TEST", false),
    ("x@Example.test", false),
    // No trailing root dot, no subdomain, no longer domain.
    ("x@example.test.", false),
    ("x@sub.example.test", false),
    ("x@example.test.evil.com", false),
    ("x@example.test@evil.com", false),
    // Cyrillic look-alikes: е (U+0435) for e; е, х, а for e, x, a; х for x.
    ("x@\u{435}xample.test", false),
    ("x@\u{435}\u{445}\u{430}mple.test", false),
    ("\u{445}@example.test", false),
    // Full-width at-sign and full-width full stop.
    ("x\u{ff20}example.test", false),
    ("x@example\u{ff0e}test", false),
    // Line breaks and NUL, after and before.
    ("x@example.test\n", false),
    ("x@example.test\r\n", false),
    ("\nx@example.test", false),
    ("x@example.test\u{0}", false),
    ("x\u{0}@example.test", false),
    // Spaces, empty, length.
    (" x@example.test", false),
    ("x@example.test ", false),
    ("@example.test", false),
    ("", false),
];

/// A Python string's value, as UTF-16 units (it may hold a lone surrogate).
type Units = Vec<u16>;

struct Entry {
    test: String,
    address: Units,
}

/// Just enough of Python's lexer for `test_syntax.py`: comments, names,
/// single characters, and string literals with their escapes (prefix `r`
/// keeps backslashes; adjacent literals are joined).
mod python {
    use super::Units;

    #[derive(Debug, PartialEq)]
    pub enum Tok {
        Str(Units),
        Name(String),
        Punct(char),
    }

    pub fn tokens(src: &str) -> Vec<Tok> {
        let c: Vec<char> = src.chars().collect();
        let mut out = Vec::new();
        let mut i = 0;
        while i < c.len() {
            let ch = c[i];
            if ch == '#' {
                while i < c.len() && c[i] != '\n' {
                    i += 1;
                }
            } else if ch.is_whitespace() {
                i += 1;
            } else if ch.is_alphabetic() || ch == '_' {
                let start = i;
                while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                    i += 1;
                }
                let name: String = c[start..i].iter().collect();
                let prefix = name.to_ascii_lowercase();
                if i < c.len()
                    && (c[i] == '\'' || c[i] == '"')
                    && ["r", "u", "b", "f", "rb", "br"].contains(&&*prefix)
                {
                    let s = string(&c, &mut i, prefix.contains('r'));
                    push_str(&mut out, s);
                } else {
                    out.push(Tok::Name(name));
                }
            } else if ch == '\'' || ch == '"' {
                let s = string(&c, &mut i, false);
                push_str(&mut out, s);
            } else {
                out.push(Tok::Punct(ch));
                i += 1;
            }
        }
        out
    }

    /// Adjacent literals are one string, as in Python.
    fn push_str(out: &mut Vec<Tok>, s: Units) {
        if let Some(Tok::Str(prev)) = out.last_mut() {
            prev.extend(s);
        } else {
            out.push(Tok::Str(s));
        }
    }

    /// Reads the literal whose opening quote is at `c[*i]`.
    fn string(c: &[char], i: &mut usize, raw: bool) -> Units {
        let q = c[*i];
        let triple = c.get(*i + 1) == Some(&q) && c.get(*i + 2) == Some(&q);
        *i += if triple { 3 } else { 1 };
        let mut out: Units = Vec::new();
        let push = |out: &mut Units, ch: char| {
            let mut buf = [0u16; 2];
            out.extend_from_slice(ch.encode_utf16(&mut buf));
        };
        loop {
            let ch = *c.get(*i).expect("unterminated string");
            if ch == q && (!triple || (c.get(*i + 1) == Some(&q) && c.get(*i + 2) == Some(&q))) {
                *i += if triple { 3 } else { 1 };
                return out;
            }
            assert!(triple || ch != '\n', "a line break in a one-line string");
            if ch != '\\' {
                push(&mut out, ch);
                *i += 1;
                continue;
            }
            let e = c[*i + 1];
            *i += 2;
            if raw {
                push(&mut out, '\\');
                push(&mut out, e);
                continue;
            }
            let hex = |i: &mut usize, n: usize| {
                let s: String = c[*i..*i + n].iter().collect();
                *i += n;
                u32::from_str_radix(&s, 16).unwrap()
            };
            match e {
                '\n' => {}
                '\\' | '\'' | '"' => push(&mut out, e),
                'n' => push(&mut out, '\n'),
                'r' => push(&mut out, '\r'),
                't' => push(&mut out, '\t'),
                'a' => push(&mut out, '\u{7}'),
                'b' => push(&mut out, '\u{8}'),
                'f' => push(&mut out, '\u{c}'),
                'v' => push(&mut out, '\u{b}'),
                'x' => push(&mut out, char::from_u32(hex(i, 2)).unwrap()),
                // `\uXXXX` may be a lone surrogate: kept as the unit.
                'u' => out.push(u16::try_from(hex(i, 4)).unwrap()),
                'U' => push(&mut out, char::from_u32(hex(i, 8)).unwrap()),
                '0'..='7' => {
                    let mut v = e.to_digit(8).unwrap();
                    for _ in 0..2 {
                        match c[*i].to_digit(8) {
                            Some(d) => {
                                v = v * 8 + d;
                                *i += 1;
                            }
                            None => break,
                        }
                    }
                    push(&mut out, char::from_u32(v).unwrap());
                }
                'N' => panic!("\\N{{...}} escapes are not read"),
                // An unknown escape keeps its backslash.
                _ => {
                    push(&mut out, '\\');
                    push(&mut out, e);
                }
            }
        }
    }
}

/// The addresses of `test_syntax.py`, in file order.
fn corpus() -> Vec<Entry> {
    use python::Tok::{self, Name, Punct, Str};
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/email-validator/test_syntax.py");
    let toks = python::tokens(&std::fs::read_to_string(path).unwrap());
    let units = |s: &str| s.encode_utf16().collect::<Units>();
    // The index of the bracket closing the one opened at `toks[i]`.
    let close = |i: usize| {
        let mut depth = 0;
        for (j, t) in toks.iter().enumerate().skip(i) {
            match t {
                Punct('(' | '[' | '{') => depth += 1,
                Punct(')' | ']' | '}') => {
                    depth -= 1;
                    if depth == 0 {
                        return j;
                    }
                }
                _ => {}
            }
        }
        panic!("unbalanced brackets");
    };
    let next_def = |i: usize| {
        toks[i..]
            .windows(2)
            .find_map(|w| match w {
                [Name(d), Name(f)] if d == "def" => Some(f.clone()),
                _ => None,
            })
            .unwrap()
    };
    let mut out = Vec::new();
    let mut current_def = String::new();
    let mut i = 0;
    while i < toks.len() {
        match (&toks[i], toks.get(i + 1)) {
            (Name(d), Some(Name(f))) if d == "def" => current_def = f.clone(),
            (Name(p), Some(Punct('('))) if p == "parametrize" => {
                // parametrize(<names>, [<rows>]): skip the names.
                let mut j = i + 2;
                j = match toks[j] {
                    Punct('(') => close(j) + 1,
                    _ => j + 1,
                };
                assert_eq!(toks[j], Punct(','));
                assert_eq!(toks[j + 1], Punct('['));
                let end = close(j + 1);
                let test = next_def(end);
                let mut k = j + 2;
                while k < end {
                    match &toks[k] {
                        Punct('(' | '[') => {
                            let Str(first) = &toks[k + 1] else {
                                panic!("a row of {test} does not start with a string")
                            };
                            let rows: Vec<Units> = if test == "test_email_unsafe_character" {
                                vec![
                                    [first.clone(), units("@test")].concat(),
                                    [units("test@"), first.clone()].concat(),
                                ]
                            } else {
                                vec![first.clone()]
                            };
                            for address in rows {
                                out.push(Entry {
                                    test: test.clone(),
                                    address,
                                });
                            }
                            k = close(k) + 1;
                        }
                        Punct(',') => k += 1,
                        t => panic!("unexpected {t:?} in the rows of {test}"),
                    }
                }
                i = end;
            }
            (Name(v), Some(Punct('('))) if v == "validate_email" => {
                // A literal on its own, not `"test@" + s`.
                if let (Some(Tok::Str(s)), Some(Punct(',' | ')'))) =
                    (toks.get(i + 2), toks.get(i + 3))
                {
                    out.push(Entry {
                        test: format!("{current_def} (call)"),
                        address: s.clone(),
                    });
                }
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// The arguments JSON with `to` as the learner would paste it; a lone
/// surrogate can only be written as an escape.
fn args(to: &[u16]) -> String {
    let to = match String::from_utf16(to) {
        Ok(s) => serde_json::to_string(&s).unwrap(),
        Err(_) => {
            let mut s = String::from("\"");
            for &u in to {
                match u {
                    0x22 => s.push_str("\\\""),
                    0x5c => s.push_str("\\\\"),
                    0x20..=0x7e => s.push(char::from(u as u8)),
                    _ => s.push_str(&format!("\\u{u:04x}")),
                }
            }
            s.push('"');
            s
        }
    };
    format!("{{\n  \"to\": {to},\n  \"subject\": \"Corpus\",\n  \"body\": \"One address spelling.\"\n}}")
}

fn quiet(d: &mut Driver, msg: Msg) {
    d.now += 10;
    d.wb.update(d.now, msg);
}

#[derive(Default, Debug, PartialEq)]
struct Counts {
    tried: usize,
    rejected: usize,
    accepted: usize,
}

/// Sends `to`, asks for approval, inspects the run to its end and checks
/// the verdict, the reason and the outbox.
fn check(d: &mut Driver, to: &[u16], accept: bool, counts: &mut Counts) {
    let text = args(to);
    let shown = String::from_utf16_lossy(to);
    quiet(d, Msg::ResetLedger);
    quiet(d, Msg::EditArgs(text.clone()));
    quiet(d, Msg::Approve);
    counts.tried += 1;
    if accept {
        assert!(d.wb.inputs().approval.is_some(), "approvable: {text}");
        let v = d.finish();
        assert_all_pass(&v);
        let outbox = gateway_core::tools::email::outbox(d.wb.ledger().stores());
        assert_eq!(outbox.len(), 1, "{text}");
        assert_eq!(outbox[0].to, shown, "{text}");
        counts.accepted += 1;
        return;
    }
    assert!(d.wb.inputs().approval.is_none(), "no approval for {text}");
    for _ in 0..7 {
        quiet(d, Msg::NextGate);
    }
    let plan = d.wb.plan();
    assert_eq!(plan.rejected_at(), Some(Gate::Schema), "{text}");
    let v = d.view();
    assert!(v.gateway.playback.finished, "{text}");
    assert_rejected_at(&v, "schema");
    let why = reason(&v, "schema");
    match String::from_utf16(to) {
        Ok(s) => {
            assert_eq!(
                plan.rejection(),
                Some(&Reason::Args(ArgError::BadFormat {
                    field: "to".into(),
                    expected: Format::ExampleTestAddress,
                    got: s.clone(),
                })),
                "{text}"
            );
            assert!(
                why.starts_with(
                    "to must be an address at example.test whose part before the @ is 1 to 64 \
                     letters, digits and . _ + - with no dot first, last or twice in a row"
                ),
                "{text}: {why}"
            );
            assert!(why.ends_with(&format!("(got {})", serde_json::to_string(&s).unwrap())));
        }
        Err(_) => {
            assert!(
                matches!(
                    plan.rejection(),
                    Some(Reason::Json(JsonError::Malformed { .. }))
                ),
                "{text}: {why}"
            );
            assert!(why.starts_with("Malformed JSON at line 2"), "{why}");
        }
    }
    assert_eq!(v.output.text, None, "{text}");
    assert!(
        gateway_core::tools::email::outbox(d.wb.ledger().stores()).is_empty(),
        "{text}"
    );
    assert_eq!(d.wb.ledger().counters().effects_committed, 0, "{text}");
    counts.rejected += 1;
}

fn operator() -> Driver {
    let mut d = Driver::new(ExperimentId::Email);
    d.send(Msg::SetRole(Role::Operator));
    d
}

#[test]
fn the_reader_finds_every_row_of_test_syntax() {
    let entries = corpus();
    let tests: BTreeSet<&str> = entries.iter().map(|e| e.test.as_str()).collect();
    let counted: BTreeSet<&str> = ENTRIES.iter().map(|(t, _)| *t).collect();
    assert_eq!(tests, counted);
    for (test, n) in ENTRIES {
        assert_eq!(
            entries.iter().filter(|e| e.test == *test).count(),
            *n,
            "{test}"
        );
    }
    assert_eq!(entries.len(), 306);
    // Spot checks of the escapes: raw strings, \n, \x00, \u, \U, a lone
    // surrogate, non-ASCII text.
    let has = |s: &[u16]| entries.iter().any(|e| e.address == s);
    let u = |s: &str| s.encode_utf16().collect::<Units>();
    assert!(has(&u(r#""My.\"Na\\me\".Is" <"me \" \\ me"@example.org>"#)));
    assert!(has(&u("my@example.com\n")));
    assert!(has(&u("\"test\u{0}\"@iana.org")));
    assert!(has(&u("\"test\\\u{0}\"@iana.org")));
    assert!(has(&u("me@\u{37e}.com")));
    assert!(has(&u("test@\u{10FDEF}")));
    assert!(has(&[0xd800, 0x40, 0x74, 0x65, 0x73, 0x74]));
    assert!(has(&u("伊昭傑@郵件.商務")));
    assert!(has(&u("\"\"\"@iana.org")));
}

#[test]
fn corpus_addresses_as_written_are_all_rejected() {
    let entries = corpus();
    let mut d = operator();
    let mut seen = BTreeSet::new();
    let mut counts = Counts::default();
    for e in &entries {
        // None is at example.test, so the rule rejects every one.
        if seen.insert(e.address.clone()) {
            check(&mut d, &e.address, false, &mut counts);
        }
    }
    eprintln!(
        "email-validator corpus as written: {} entries, {} distinct; tried {}, rejected {}, accepted {}",
        entries.len(),
        seen.len(),
        counts.tried,
        counts.rejected,
        counts.accepted
    );
    assert_eq!(counts.tried, 302);
    assert_eq!(counts.rejected, counts.tried);
}

#[test]
fn corpus_local_parts_at_example_test_get_the_dot_atom_verdict() {
    let entries = corpus();
    let mut d = operator();
    let mut locals: Vec<Units> = Vec::new();
    for e in &entries {
        if let Some(at) = e.address.iter().rposition(|&u| u == u16::from(b'@')) {
            let local = e.address[..at].to_vec();
            if !locals.contains(&local) {
                locals.push(local);
            }
        }
    }
    let mut counts = Counts::default();
    let mut accepted = Vec::new();
    for local in &locals {
        let shown = String::from_utf16_lossy(local);
        let accept =
            ACCEPTED_LOCAL_PARTS.contains(&shown.as_str()) && String::from_utf16(local).is_ok();
        let to = [local.clone(), "@example.test".encode_utf16().collect()].concat();
        check(&mut d, &to, accept, &mut counts);
        if accept {
            accepted.push(shown);
        }
    }
    eprintln!(
        "email-validator local parts at example.test: {} distinct; tried {}, rejected {}, accepted {}",
        locals.len(),
        counts.tried,
        counts.rejected,
        counts.accepted
    );
    // Every listed part occurs in the corpus, and so do issue 13's.
    assert_eq!(accepted, ACCEPTED_LOCAL_PARTS);
    for bad in ISSUE_13 {
        let bad: Units = bad.encode_utf16().collect();
        assert!(locals.contains(&bad), "{bad:?} is in the corpus");
    }
    assert_eq!(counts.tried, 144);
    assert_eq!(counts.accepted, ACCEPTED_LOCAL_PARTS.len());
    assert_eq!(counts.rejected, counts.tried - counts.accepted);
}

#[test]
fn extra_spellings_get_their_stated_verdict() {
    let mut d = operator();
    let mut counts = Counts::default();
    for (to, accept) in EXTRA {
        let to: Units = to.encode_utf16().collect();
        check(&mut d, &to, *accept, &mut counts);
    }
    // At the 64-character bound of the part before the @, and over it.
    let long = |n: usize| format!("{}.{}@example.test", "a".repeat(n - 33), "b".repeat(32));
    check(
        &mut d,
        &long(64).encode_utf16().collect::<Units>(),
        true,
        &mut counts,
    );
    check(
        &mut d,
        &long(65).encode_utf16().collect::<Units>(),
        false,
        &mut counts,
    );
    for bad in ISSUE_13 {
        let to = format!("{bad}@example.test");
        check(
            &mut d,
            &to.encode_utf16().collect::<Units>(),
            false,
            &mut counts,
        );
    }
    eprintln!(
        "extra address spellings: tried {}, rejected {}, accepted {}",
        counts.tried, counts.rejected, counts.accepted
    );
    assert_eq!(
        counts,
        Counts {
            tried: EXTRA.len() + 2 + ISSUE_13.len(),
            rejected: EXTRA.len() - 1 + 1 + ISSUE_13.len(),
            accepted: 2,
        }
    );
}
