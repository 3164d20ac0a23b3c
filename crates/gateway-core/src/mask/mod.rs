//! Masking of API-key-shaped strings in returned output and the run log.
//!
//! Two broad shapes are the page's own: `AIza` followed by exactly 35 key
//! characters, and `sk-` followed by 20 or more (key characters: ASCII
//! letters and digits, `_` and `-`), low-entropy test keys included. In
//! union with them, every rule of gitleaks' default configuration that has
//! a token shape of its own, and two of the page's written in its form
//! (LINE channel access tokens, `Authorization: Bearer` values): see
//! [`rules`]. The rule errs on masking: a shape is masked wherever it
//! starts, whatever comes before or after it, because real leaks are glued
//! to other text (`key%3Dsk-…`, `Bearer-sk-…`, `x_sk-…`, `1AIza…`); so the
//! gitleaks patterns are used without their word-boundary prefix and their
//! terminator group. So `task-` followed by twenty key characters is masked
//! too. Masking is applied whatever the hook says; the ledger keeps what
//! was written.
//!
//! Masking is two steps. First every match of every shape is found, at
//! every position one starts, inside another match too ([`matches`]); then
//! the union of their byte ranges is masked ([`mask`]): each maximal run of
//! overlapping matches becomes the marker its first match keeps in view
//! (`AIza`, `ghp_`, `Authorization: Bearer `…) and [`MASK`]. Matches that
//! only touch (one ends where the next starts) stay two masks. So no part
//! of any match is left visible, however keys overlap or are glued
//! together. The union step knows nothing of the shapes: a new kind of
//! matcher only has to say where its matches are.

mod gitleaks;
pub mod rules;

use std::ops::Range;

use serde_json::Value;

/// What a masked key is replaced by (its prefix is kept).
pub const MASK: &str = "…[masked]";

/// A key shape: a literal prefix and a body of key characters.
#[derive(Debug, Clone, Copy)]
struct Shape {
    prefix: &'static str,
    body: Body,
}

/// How many key characters follow the prefix.
#[derive(Debug, Clone, Copy)]
enum Body {
    /// Exactly this many, as in the usual `AIza[0-9A-Za-z_-]{35}`; key
    /// characters after them are not part of the match.
    Exactly(usize),
    /// This many or more: the match runs to the last key character.
    AtLeast(usize),
}

const SHAPES: [Shape; 2] = [
    Shape {
        prefix: "AIza",
        body: Body::Exactly(35),
    },
    Shape {
        prefix: "sk-",
        body: Body::AtLeast(20),
    },
];

/// One rule: gitleaks' form (id, regex, keywords, entropy threshold).
#[derive(Debug, Clone, Copy)]
pub struct Rule {
    /// The rule's id, gitleaks' own for its rules.
    pub id: &'static str,
    /// The token pattern (regex-lite syntax, which reads gitleaks' Go
    /// patterns as written). A group named `secret` marks the secret; what
    /// the match holds before it is kept in view.
    pub pattern: &'static str,
    /// Lower-case words one of which the text must hold (empty: none
    /// needed).
    pub keywords: &'static [&'static str],
    /// A match whose secret has this Shannon entropy or less is dropped
    /// (0: no threshold).
    pub entropy: f64,
}

/// One match: the bytes it covers, and how many of them, from its start,
/// a mask keeps in view (its marker: `AIza`, `ghp_`, …).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Match {
    pub range: Range<usize>,
    pub keep: usize,
}

fn is_key_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-'
}

/// Every match of every shape in `text`, by where it starts: one for each
/// position a shape matches at, inside another match included (the broad
/// shapes first among matches starting at one place). Every range starts
/// and ends on a character boundary.
pub(crate) fn matches(text: &str) -> Vec<Match> {
    let bytes = text.as_bytes();
    // run[i]: how many key characters follow from byte i on.
    let mut run = vec![0usize; bytes.len() + 1];
    for i in (0..bytes.len()).rev() {
        if is_key_char(bytes[i]) {
            run[i] = run[i + 1] + 1;
        }
    }
    let mut found = Vec::new();
    for start in 0..bytes.len() {
        for shape in SHAPES {
            if !bytes[start..].starts_with(shape.prefix.as_bytes()) {
                continue;
            }
            let body_start = start + shape.prefix.len();
            let have = run[body_start];
            let body = match shape.body {
                Body::Exactly(n) if have >= n => n,
                Body::AtLeast(n) if have >= n => have,
                _ => continue,
            };
            found.push(Match {
                range: start..body_start + body,
                keep: shape.prefix.len(),
            });
        }
    }
    rules::matches(text, &mut found);
    // Stable: at one start, the broad shapes stay first.
    found.sort_by_key(|m| m.range.start);
    found
}

/// `text` with the union of `found` masked: each maximal run of
/// overlapping matches replaced by its first match's kept marker and [`MASK`].
/// `found` must be sorted by where each match starts.
fn mask_matches(text: &str, found: &[Match]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut shown = 0;
    let mut i = 0;
    while i < found.len() {
        let first = &found[i];
        let mut end = first.range.end;
        i += 1;
        while i < found.len() && found[i].range.start < end {
            end = end.max(found[i].range.end);
            i += 1;
        }
        out.push_str(&text[shown..first.range.start]);
        out.push_str(&text[first.range.start..first.range.start + first.keep]);
        out.push_str(MASK);
        shown = end;
    }
    out.push_str(&text[shown..]);
    out
}

/// `text` with every key-shaped run masked: the union of every match,
/// overlapping and glued ones included (see the module's header).
pub fn mask(text: &str) -> String {
    mask_matches(text, &matches(text))
}

/// Masks every string inside a JSON value, keys included.
pub fn mask_value(value: &Value) -> Value {
    match value {
        Value::String(s) => Value::String(mask(s)),
        Value::Array(items) => Value::Array(items.iter().map(mask_value).collect()),
        Value::Object(map) => {
            Value::Object(map.iter().map(|(k, v)| (mask(k), mask_value(v))).collect())
        }
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn google_keys_need_exactly_thirty_five_characters() {
        let key = format!("AIza{}", "A".repeat(35));
        assert_eq!(mask(&key), "AIza…[masked]");
        let short = format!("AIza{}", "A".repeat(34));
        assert_eq!(mask(&short), short);
        assert_eq!(mask(&format!("key={key}.")), "key=AIza…[masked].");
    }

    #[test]
    fn openai_keys_need_twenty_or_more() {
        let key = format!("sk-{}", "a".repeat(20));
        assert_eq!(mask(&key), "sk-…[masked]");
        assert_eq!(mask(&format!("sk-{}", "a".repeat(60))), "sk-…[masked]");
        let short = format!("sk-{}", "a".repeat(19));
        assert_eq!(mask(&short), short);
        // The rule errs on masking: inside a longer word it is masked too.
        let word = format!("task-{}", "a".repeat(30));
        assert_eq!(mask(&word), "task-…[masked]");
        let near = format!("task-{}", "a".repeat(19));
        assert_eq!(mask(&near), near);
        assert_eq!(mask(&format!("“{key}”")), "“sk-…[masked]”");
    }

    #[test]
    fn touching_keys_are_each_masked_and_masking_is_stable() {
        let google = format!("AIza{}", "A".repeat(35));
        let openai = format!("sk-{}", "a".repeat(20));
        let text = format!("{google}{google}{openai}");
        let once = mask(&text);
        assert_eq!(once, "AIza…[masked]AIza…[masked]sk-…[masked]");
        assert_eq!(mask(&once), once);
    }

    /// Issue 13, defect 6: a key glued to a letter, a digit, `_`, `-` or
    /// an encoded `=` was not masked.
    #[test]
    fn keys_are_masked_whatever_precedes_them() {
        let openai = format!("sk-{}", "b".repeat(20));
        let google = format!("AIza{}", "C".repeat(35));
        for before in ["key%3D", "Bearer-", "x_", "1", "a", "Z", "-", "_", "9", "="] {
            for (key, prefix) in [(&openai, "sk-"), (&google, "AIza")] {
                let text = format!("{before}{key} end");
                assert_eq!(mask(&text), format!("{before}{prefix}{MASK} end"));
                // The other side: one key character short is not a key.
                let short = format!("{before}{} end", &key[..key.len() - 1]);
                assert_eq!(mask(&short), short);
            }
        }
    }

    #[test]
    fn values_are_masked_throughout() {
        let key = format!("sk-{}", "Z".repeat(24));
        let v = serde_json::json!({ "body": format!("use {key}"), "n": 1, "list": [key.clone()] });
        let m = mask_value(&v);
        assert_eq!(m["body"], "use sk-…[masked]");
        assert_eq!(m["list"][0], "sk-…[masked]");
        assert_eq!(mask("nothing here"), "nothing here");
    }

    /// Issue 33, hole 2: `AIza` and 32 key characters glued to an `sk-`
    /// key. The Google match ends inside the `sk-` key, which starts inside
    /// it: the union of both is masked, so no part of either shows.
    #[test]
    fn overlapping_keys_mask_their_union() {
        let text = format!("x AIza{}sk-{} y", "G".repeat(32), "o".repeat(20));
        assert_eq!(mask(&text), "x AIza…[masked] y");
        let found = matches(&text);
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(found[1].range.start < found[0].range.end);
        // An `sk-` key inside a longer one, and one starting in its body.
        let text = format!("sk-{}sk-{}", "a".repeat(5), "b".repeat(25));
        assert_eq!(mask(&text), "sk-…[masked]");
        assert_eq!(matches(&text).len(), 2);
    }

    #[test]
    fn matches_that_only_touch_are_masked_apart() {
        let text = format!("AIza{}sk-{}!", "A".repeat(35), "b".repeat(20));
        let found = matches(&text);
        assert_eq!(found[0].range, 0..39);
        assert_eq!(found[1].range, 39..62);
        assert_eq!(mask(&text), "AIza…[masked]sk-…[masked]!");
    }
}
