//! Issue 34: masking as secret scanners find keys, judged apart from the
//! masker.
//!
//! - The masker's table is checked against `data/gitleaks/gitleaks.toml`:
//!   this file reads the configuration itself, decides which rules have a
//!   token shape of their own and derives each token pattern (no
//!   word-boundary prefix, no terminator group, no `\b`).
//! - Each rule is tried with the examples of its Go function
//!   (`data/gitleaks/examples.json`, written by `scripts/gitleaks-derive`;
//!   the page's own two rules: `data/own-rules/examples.json`). Where the
//!   generator fills a regex at run time (`secrets.NewSecret`), proptest's
//!   `string_regex` fills it, a fixed number of times.
//! - The oracle never asks the masker what it found. A true positive's
//!   secret is what gitleaks' own pattern, boundaries and all, finds in it
//!   (run by the `regex` crate, not the masker's regex-lite), with the
//!   rule's entropy threshold; no eight consecutive characters of it past
//!   its marker may survive `mask`, alone, glued to words, glued to another
//!   key, or inside a URL-encoded query. A false positive is masked exactly
//!   when a shape of the independent derivation matches it, and the test
//!   says which.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;

use gateway_core::mask::{mask, rules, Rule};
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;
use serde_json::Value;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/data");
/// Generated samples of each example with a regex piece.
const CASES: usize = 6;
/// How many consecutive characters of a secret may not survive.
const PIECE: usize = 8;

/// gitleaks rules left out though their regex is not a context rule by
/// form, and why (the derivation script says the same).
const LEFT_OUT: [&str; 5] = [
    "curl-auth-header",
    "curl-auth-user",
    "facebook-access-token",
    "sourcegraph-access-token",
    "aws-amazon-bedrock-api-key-short-lived",
];

/// Families the issue names, by rule id: each must be in the table.
const FAMILIES: [&str; 21] = [
    "gcp-api-key",
    "openai-api-key",
    "anthropic-api-key",
    "anthropic-admin-api-key",
    "github-pat",
    "github-fine-grained-pat",
    "github-oauth",
    "github-app-token",
    "github-refresh-token",
    "aws-access-token",
    "slack-bot-token",
    "slack-user-token",
    "slack-app-token",
    "slack-webhook-url",
    "stripe-access-token",
    "jwt",
    "huggingface-access-token",
    "private-key",
    "line-channel-access-token",
    "authorization-bearer",
    "gitlab-pat",
];

// ---- the derivation, written apart from scripts/gitleaks-derive ----------

/// Index just past the group opening at `p[start]`.
fn group_end(p: &[u8], start: usize) -> usize {
    let (mut depth, mut i, mut class) = (0i32, start, false);
    while i < p.len() {
        match p[i] {
            b'\\' => i += 1,
            b']' if class => class = false,
            _ if class => {}
            b'[' => {
                class = true;
                if p.get(i + 1) == Some(&b']') {
                    i += 1;
                }
            }
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    panic!("unbalanced {}", String::from_utf8_lossy(p));
}

/// Whether the non-capturing group `g` (`(?:…)`) has `$`, `\z` or `^` as
/// a whole alternative.
fn has_anchor_alternative(g: &str, anchors: &[&str]) -> bool {
    let body = &g[3..g.len() - 1];
    let (mut depth, mut class, mut cur, mut alts) = (0, false, String::new(), Vec::new());
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                cur.push(c);
                cur.extend(chars.next());
                continue;
            }
            ']' if class => class = false,
            '[' if !class => class = true,
            '(' if !class => depth += 1,
            ')' if !class => depth -= 1,
            '|' if !class && depth == 0 => {
                alts.push(std::mem::take(&mut cur));
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    alts.push(cur);
    alts.iter().any(|a| anchors.contains(&a.as_str()))
}

/// gitleaks' regex without its boundary group, terminator group and `\b`.
fn derive(regex: &str) -> String {
    let (flags, mut p) = match regex.strip_prefix("(?i)") {
        Some(rest) => ("(?i)", rest.to_string()),
        None => ("", regex.to_string()),
    };
    if p.starts_with("(?:") {
        let end = group_end(p.as_bytes(), 0);
        if has_anchor_alternative(&p[..end], &["^"]) {
            p = p[end..].to_string();
        }
    }
    // The top-level group the pattern ends with, if any.
    let bytes = p.as_bytes();
    let mut i = 0;
    let mut last = None;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'[' => {
                let mut j = i + 1;
                if bytes.get(j) == Some(&b']') {
                    j += 1;
                }
                while bytes[j] != b']' {
                    j += if bytes[j] == b'\\' { 2 } else { 1 };
                }
                i = j + 1;
            }
            b'(' => {
                let end = group_end(bytes, i);
                if end == bytes.len() {
                    last = Some(i);
                }
                i = end;
            }
            _ => i += 1,
        }
    }
    if let Some(start) = last {
        if p[start..].starts_with("(?:") && has_anchor_alternative(&p[start..], &["$", "\\z"]) {
            p.truncate(start);
        }
    }
    let mut out = String::from(flags);
    let mut chars = p.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            let next = chars.next().unwrap();
            if next != 'b' {
                out.push(c);
                out.push(next);
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// A rule as this file reads it from gitleaks.toml or the page's own.
#[derive(Debug)]
struct Oracle {
    id: String,
    /// gitleaks' own pattern, boundaries and all (the page's own rules:
    /// their pattern).
    original: regex::Regex,
    /// The token pattern the page masks by.
    token: regex::Regex,
    keywords: Vec<String>,
    entropy: f64,
}

fn entropy(s: &str) -> f64 {
    let mut counts = BTreeMap::new();
    for c in s.chars() {
        *counts.entry(c).or_insert(0usize) += 1;
    }
    let len = s.len() as f64;
    counts
        .values()
        .map(|&n| {
            let f = n as f64 / len;
            -f * f.log2()
        })
        .sum()
}

/// The secret of a match, as gitleaks takes it: the first non-empty group,
/// or the whole match.
fn secret_of<'h>(caps: &regex::Captures<'h>) -> &'h str {
    caps.iter()
        .skip(1)
        .flatten()
        .find(|m| !m.is_empty())
        .or_else(|| caps.get(0))
        .unwrap()
        .as_str()
}

/// Every secret `regex` finds in `text` from every start, above `min`.
fn secrets(regex: &regex::Regex, text: &str, min: f64) -> Vec<String> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(caps) = regex.captures_at(text, from) {
        let whole = caps.get(0).unwrap();
        let secret = secret_of(&caps);
        if min == 0.0 || entropy(secret) > min {
            out.push(secret.to_string());
        }
        from = whole.start() + text[whole.start()..].chars().next().unwrap().len_utf8();
    }
    out
}

/// A pattern for the oracle's engine, with room for gitleaks' long
/// repetitions of Unicode classes.
fn compile(pattern: &str) -> Result<regex::Regex, regex::Error> {
    regex::RegexBuilder::new(pattern)
        .size_limit(1 << 28)
        .build()
}

/// Each secret gitleaks' own pattern finds in `text`, above the rule's
/// threshold, with its token (the match of the token pattern holding it)
/// and the part that must not show: the secret where a group named
/// `secret` marks it (the page's own rules), else the token past its
/// longest keyword.
fn found_in(o: &Oracle, text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(caps) = o.original.captures_at(text, from) {
        let whole = caps.get(0).unwrap();
        let secret = caps
            .iter()
            .skip(1)
            .flatten()
            .find(|m| !m.is_empty())
            .unwrap_or(whole);
        if o.entropy == 0.0 || entropy(secret.as_str()) > o.entropy {
            let token = token_of(o, text, secret.range());
            let hidden = match caps.name("secret") {
                Some(s) => s.as_str().to_string(),
                None => body(&o.keywords, &token).to_string(),
            };
            out.push((token, hidden));
        }
        from = whole.start() + text[whole.start()..].chars().next().unwrap().len_utf8();
    }
    out
}

fn gitleaks_rules() -> Vec<toml::Value> {
    let text = std::fs::read_to_string(format!("{DATA}/gitleaks/gitleaks.toml")).unwrap();
    let config: toml::Table = text.parse().unwrap();
    config["rules"].as_array().unwrap().clone()
}

/// Whether a gitleaks rule has a token shape of its own, or why not.
fn classify(rule: &toml::Value) -> Result<(), &'static str> {
    let Some(regex) = rule.get("regex").and_then(|r| r.as_str()) else {
        return Err("a file path only");
    };
    if rule.get("path").is_some() {
        return Err("scoped to a file path");
    }
    if regex.contains(r"[\w.-]{0,50}?") {
        return Err("context: an identifier and an assignment before the secret");
    }
    if LEFT_OUT.contains(&rule["id"].as_str().unwrap()) {
        return Err("no marker of its own, or no secret in the match");
    }
    Ok(())
}

fn entropy_of(rule: &toml::Value) -> f64 {
    match rule.get("entropy") {
        Some(toml::Value::Float(f)) => *f,
        Some(toml::Value::Integer(i)) => *i as f64,
        _ => 0.0,
    }
}

/// Every rule the page masks by, read apart from the masker.
fn oracles() -> Vec<Oracle> {
    let mut out = Vec::new();
    for rule in gitleaks_rules() {
        if classify(&rule).is_err() {
            continue;
        }
        let regex = rule["regex"].as_str().unwrap();
        out.push(Oracle {
            id: rule["id"].as_str().unwrap().to_string(),
            original: compile(regex).unwrap(),
            token: compile(&derive(regex)).unwrap(),
            keywords: rule
                .get("keywords")
                .and_then(|k| k.as_array())
                .map(|k| k.iter().map(|k| k.as_str().unwrap().to_string()).collect())
                .unwrap_or_default(),
            entropy: entropy_of(&rule),
        });
    }
    for rule in rules::OWN {
        out.push(Oracle {
            id: rule.id.to_string(),
            original: compile(rule.pattern).unwrap(),
            token: compile(rule.pattern).unwrap(),
            keywords: rule.keywords.iter().map(|k| k.to_string()).collect(),
            entropy: rule.entropy,
        });
    }
    out
}

/// The page's two broad shapes, written here as patterns.
fn broad() -> [regex::Regex; 2] {
    [
        compile(r"AIza[A-Za-z0-9_-]{35}").unwrap(),
        compile(r"sk-[A-Za-z0-9_-]{20,}").unwrap(),
    ]
}

/// Every (rule id, secret) the page should mask in `text`.
fn expected(oracles: &[Oracle], text: &str) -> Vec<(String, String)> {
    let lower = text.to_lowercase();
    let mut out = Vec::new();
    for o in oracles {
        if !o.keywords.is_empty() && !o.keywords.iter().any(|k| lower.contains(k.as_str())) {
            continue;
        }
        for s in secrets(&o.token, text, o.entropy) {
            out.push((o.id.clone(), s));
        }
    }
    for b in broad() {
        for s in secrets(&b, text, 0.0) {
            out.push(("broad".to_string(), s));
        }
    }
    out
}

/// The part of a secret that must not show: past its longest keyword.
fn body<'s>(oracle_keywords: &[String], secret: &'s str) -> &'s str {
    let kept = oracle_keywords
        .iter()
        .filter(|k| {
            secret
                .get(..k.len())
                .is_some_and(|h| h.eq_ignore_ascii_case(k))
        })
        .map(|k| k.len())
        .max()
        .unwrap_or(0);
    &secret[kept..]
}

/// The first piece of `body` that `masked` shows more often than `text`
/// shows it outside the secrets placed in it (`outside`).
fn leak_beside(body: &str, masked: &str, outside: &str) -> Option<String> {
    let chars: Vec<char> = body.chars().collect();
    let pieces: Vec<String> = if chars.len() < PIECE {
        vec![body.to_string()]
    } else {
        chars.windows(PIECE).map(|w| w.iter().collect()).collect()
    };
    pieces
        .into_iter()
        .find(|p| masked.matches(p.as_str()).count() > outside.matches(p.as_str()).count())
}

/// `text` with each of `secrets` cut out: what may still show.
fn outside(text: &str, secrets: &[&str]) -> String {
    secrets
        .iter()
        .fold(text.to_string(), |t, s| t.replace(s, "\u{0}"))
}

/// The token of a secret found in `text`: the match of the rule's token
/// pattern that holds it.
fn token_of(o: &Oracle, text: &str, secret_at: std::ops::Range<usize>) -> String {
    let mut from = 0;
    while let Some(m) = o.token.find_at(text, from) {
        if m.start() <= secret_at.start && secret_at.end <= m.end() {
            return m.as_str().to_string();
        }
        from = m.start() + text[m.start()..].chars().next().unwrap().len_utf8();
    }
    text[secret_at].to_string()
}

// ---- the examples ----------------------------------------------------------

/// A Go regex as an ASCII one for generation: Go's `\w`, `\d` and
/// case-insensitive classes are ASCII.
fn ascii(regex: &str) -> String {
    format!("(?-u){regex}")
}

/// The texts of one example: itself, or [`CASES`] fillings of its regexes;
/// none if a regex is one proptest cannot fill (anchors), counted.
fn fill(pieces: &[Value], runner: &mut TestRunner, unfillable: &mut usize) -> Vec<String> {
    let mut strategies = Vec::new();
    for p in pieces {
        if let Some(re) = p.get("regex") {
            match proptest::string::string_regex(&ascii(re.as_str().unwrap())) {
                Ok(s) => strategies.push(Some(s)),
                Err(_) => {
                    *unfillable += 1;
                    return Vec::new();
                }
            }
        } else {
            strategies.push(None);
        }
    }
    let generated = strategies.iter().any(Option::is_some);
    let count = if generated { CASES } else { 1 };
    (0..count)
        .map(|_| {
            pieces
                .iter()
                .zip(&strategies)
                .map(|(p, s)| match s {
                    Some(s) => s.new_tree(runner).unwrap().current(),
                    None => p["lit"].as_str().unwrap().to_string(),
                })
                .collect()
        })
        .collect()
}

fn examples() -> BTreeMap<String, Value> {
    let mut all = BTreeMap::new();
    for file in ["gitleaks/examples.json", "own-rules/examples.json"] {
        let text = std::fs::read_to_string(format!("{DATA}/{file}")).unwrap();
        let map: BTreeMap<String, Value> = serde_json::from_str(&text).unwrap();
        all.extend(map);
    }
    all
}

/// A URL-encoded query around `secret`, if encoding leaves it as it is.
fn url_encoded(secret: &str) -> Option<String> {
    let encoded: String = form_urlencoded::byte_serialize(secret.as_bytes()).collect();
    (encoded == secret)
        .then(|| format!("https%3A%2F%2Fx.test%2F%3Fq%3D1%26key%3D{secret}%26next%3D2"))
}

#[test]
fn the_table_is_gitleaks_token_rules_as_derived() {
    let table: BTreeMap<&str, &Rule> = rules::all().map(|r| (r.id, r)).collect();
    let mut used = 0;
    let mut reasons: BTreeMap<&str, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    let toml_rules = gitleaks_rules();
    assert_eq!(toml_rules.len(), 222);
    for rule in &toml_rules {
        let id = rule["id"].as_str().unwrap();
        match (classify(rule), table.get(id)) {
            (Ok(()), Some(mine)) => {
                used += 1;
                let want = derive(rule["regex"].as_str().unwrap());
                if mine.pattern != want {
                    failures.push(format!(
                        "{id}: pattern {:?}, derived {want:?}",
                        mine.pattern
                    ));
                }
                let keywords: Vec<&str> = rule
                    .get("keywords")
                    .and_then(|k| k.as_array())
                    .map(|k| k.iter().map(|k| k.as_str().unwrap()).collect())
                    .unwrap_or_default();
                if mine.keywords != keywords.as_slice() {
                    failures.push(format!(
                        "{id}: keywords {:?}, gitleaks {keywords:?}",
                        mine.keywords
                    ));
                }
                if mine.entropy != entropy_of(rule) {
                    failures.push(format!(
                        "{id}: entropy {}, gitleaks {}",
                        mine.entropy,
                        entropy_of(rule)
                    ));
                }
            }
            (Ok(()), None) => failures.push(format!("{id}: a token rule missing from the table")),
            (Err(why), Some(_)) => failures.push(format!("{id}: in the table, but {why}")),
            (Err(why), None) => *reasons.entry(why).or_default() += 1,
        }
    }
    let own: Vec<&str> = rules::OWN.iter().map(|r| r.id).collect();
    assert_eq!(table.len(), used + own.len(), "no other rule in the table");
    for family in FAMILIES {
        assert!(table.contains_key(family), "{family} is among the rules");
    }
    assert!(!table.contains_key("generic-api-key"));
    println!(
        "gitleaks rules: {} in all, {used} with a token shape of their own, the page's own {own:?}; left out: {reasons:?}",
        toml_rules.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The derivation itself, on the forms gitleaks writes.
#[test]
fn the_derivation_drops_boundaries_and_terminators_only() {
    assert_eq!(
        derive(r#"\b(AIza[\w-]{35})(?:[\x60'"\s;]|\\[nr]|$)"#),
        r"(AIza[\w-]{35})"
    );
    assert_eq!(derive(r"ghp_[0-9a-zA-Z]{36}"), r"ghp_[0-9a-zA-Z]{36}");
    assert_eq!(
        derive(r"(?i)\b(npm_[a-z0-9]{36})(?:[^\w-]|\z)"),
        r"(?i)(npm_[a-z0-9]{36})"
    );
    assert_eq!(derive(r"\bAKCp[A-Za-z0-9]{69}\b"), r"AKCp[A-Za-z0-9]{69}");
    assert_eq!(derive(r"(?:^|[\\'(])(x\dQ~y)(?:$|[\\)])"), r"(x\dQ~y)");
    // A group that is part of the token stays.
    assert_eq!(
        derive(r"dapi[a-f0-9]{32}(?:-\d)?"),
        r"dapi[a-f0-9]{32}(?:-\d)?"
    );
}

#[test]
fn every_rule_masks_its_examples_glued_and_url_encoded() {
    let oracles = oracles();
    let examples = examples();
    let mut runner = TestRunner::deterministic();
    let mut failures = Vec::new();
    let (mut rules_checked, mut tps, mut forms, mut fps, mut skipped) = (0, 0, 0, 0, 0);
    let (mut low_entropy, mut not_url_safe, mut unfillable) = (0, 0, 0);
    let mut fps_masked: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let other_key = "ghp_Zq7Vw3Lk9Pm2Xn5Rt8Yb1Cd4Gh6Jf0Ab2Cd4";
    for o in &oracles {
        let Some(ex) = examples.get(&o.id) else {
            failures.push(format!("{}: no examples", o.id));
            continue;
        };
        rules_checked += 1;
        skipped += ex["skipped"].as_u64().unwrap();
        let mut tp_texts: Vec<String> = ex["tps"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|e| fill(e.as_array().unwrap(), &mut runner, &mut unfillable))
            .collect();
        if tp_texts.is_empty() {
            // No example the script could read: generated from the
            // rule's own token pattern.
            tp_texts = (0..CASES)
                .map(|_| {
                    proptest::string::string_regex(&ascii(o.token.as_str()))
                        .unwrap()
                        .new_tree(&mut runner)
                        .unwrap()
                        .current()
                })
                .collect();
        }
        let mut found_one = false;
        for text in &tp_texts {
            let found = found_in(o, text);
            let Some((token, hidden)) = found.first() else {
                // gitleaks itself would drop it (a generated filling with
                // low entropy): nothing to judge.
                low_entropy += 1;
                continue;
            };
            found_one = true;
            tps += 1;
            let mut placed = vec![
                text.clone(),
                token.clone(),
                format!("see{token}now"),
                format!("{token}{token}"),
                format!("{token}{other_key}"),
                format!("{other_key}{token}"),
            ];
            match url_encoded(token) {
                Some(q) => placed.push(q),
                None => not_url_safe += 1,
            }
            for form in placed {
                forms += 1;
                let masked = mask(&form);
                let beside = outside(&form, &[token, other_key]);
                if let Some(piece) = leak_beside(hidden, &masked, &beside) {
                    failures.push(format!("{}: {piece:?} shows in {masked:?}", o.id));
                }
                if let Some(piece) = leak_beside(&other_key[4..], &masked, &beside) {
                    failures.push(format!(
                        "{}: the other key's {piece:?} shows in {masked:?}",
                        o.id
                    ));
                }
            }
        }
        if !found_one {
            failures.push(format!(
                "{}: gitleaks' own pattern finds none of its examples",
                o.id
            ));
        }
        for e in ex["fps"].as_array().unwrap() {
            for text in fill(e.as_array().unwrap(), &mut runner, &mut unfillable) {
                fps += 1;
                let masked = mask(&text);
                let want = expected(&oracles, &text);
                if want.is_empty() {
                    if masked != text {
                        failures.push(format!(
                            "{}: false positive {text:?} masked: {masked:?}",
                            o.id
                        ));
                    }
                    continue;
                }
                let all: Vec<&str> = want.iter().map(|(_, s)| s.as_str()).collect();
                let beside = outside(&text, &all);
                for (by, secret) in &want {
                    let keywords = oracles
                        .iter()
                        .find(|x| &x.id == by)
                        .map_or(&[][..], |x| &x.keywords[..]);
                    if let Some(piece) = leak_beside(body(keywords, secret), &masked, &beside) {
                        failures.push(format!(
                            "{}: fp {text:?}: {by}'s {piece:?} shows in {masked:?}",
                            o.id
                        ));
                    }
                }
                let by: Vec<String> = want.iter().map(|(by, _)| by.clone()).collect();
                fps_masked.entry(o.id.clone()).or_default().push(format!(
                    "{} by {}",
                    text.chars().take(40).collect::<String>(),
                    by.join("+")
                ));
            }
        }
    }
    println!(
        "masking rules: {rules_checked} rules; {tps} true positives, {forms} placed forms checked \
         ({low_entropy} generated fillings gitleaks itself drops for entropy, {not_url_safe} secrets \
         that URL-encoding changes, left out of the URL form); {fps} false positives, {} masked \
         because a shape without boundaries or allowlists matches them; {skipped} Go examples \
         the script could not read, {unfillable} with a regex proptest cannot fill (anchors)",
        fps_masked.values().map(Vec::len).sum::<usize>()
    );
    for (id, list) in &fps_masked {
        println!("  {id}: {}", list.join("; "));
    }
    assert_eq!(rules_checked, oracles.len());
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The issue's hidden check: ten fake keys, in the shapes gitleaks' default
/// rules detect, in an email body. Each key is written here by hand.
#[test]
fn ten_keys_in_an_email_body_are_all_masked() {
    let keys = [
        ("ghp_", "8Kq2Lm9Xv4Tz7Rb1Nc6Wd3Fg5Jk0Hp2Qs4Ua1"),
        ("github_pat_", "11ABCDE2F0aB3cD4eF5gH6_iJ7kL8mN9oP0qR1sT2uV3wX4yZ5aB6cD7eF8gH9iJ0kL1mN2oP3qR4sT5uV6w"),
        ("AKIA", "Q4ZT7MVX2NB5KRW6"),
        ("xoxb-", "2048193756-3921847561-Kx8Qm2Vn5Rt7Yb1Lp4Wd9Hs"),
        ("sk_live_", "51Hx8Qm2Vn5Rt7Yb1Lp4Wd9Hs3Jk6"),
        ("eyJ", "hbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MjEiLCJuYW1lIjoiQW5uIn0.Kx8Qm2Vn5Rt7Yb1Lp4Wd9Hs"),
        ("hf_", "KqLmXvTzRbNcWdFgJkHpQsUaEyIoPnMbVc"),
        ("AIza", "Sy_4Kq-9mZ2xW7vB1nT8rL0pJ5hC3dF6gH2"),
        ("sk-proj-", "7Hq_2Lm9Xv4Tz8Rb1Nc6Wd3Fg5Jk"),
        ("sk-ant-api03-", "Qw9Er8Ty7Ui6Op5As4Df3Gh2Jk1Lz0Xc9Vb8Nm7Qw6Er5Ty4Ui3Op2As1Df0Gh9Jk8Lz7Xc6Vb5Nm4Qw3Er2Ty1Ui0Op9AA"),
    ];
    let body: String = keys
        .iter()
        .enumerate()
        .map(|(i, (p, b))| format!("key {i}: {p}{b}\n"))
        .collect();
    let masked = mask(&body);
    for (prefix, secret) in keys {
        assert_eq!(
            leak_beside(secret, &masked, ""),
            None,
            "{prefix}{secret} in {masked}"
        );
    }
    println!("{masked}");
}
