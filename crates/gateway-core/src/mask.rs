//! Masking of API-key-shaped strings in returned output and the run log.
//!
//! Two shapes are recognised, as common secret scanners do: `AIza` followed
//! by exactly 35 key characters, and `sk-` followed by 20 or more. The rule
//! errs on masking: a shape is masked wherever it starts, whatever comes
//! before it, because real leaks are glued to other text (`key%3Dsk-…`,
//! `Bearer-sk-…`, `x_sk-…`, `1AIza…`). So `task-` followed by twenty key
//! characters is masked too. Masking is applied whatever the hook says; the
//! ledger keeps what was written.

use serde_json::Value;

/// What a masked key is replaced by (its prefix is kept).
pub const MASK: &str = "…[masked]";

const GOOGLE_PREFIX: &str = "AIza";
const GOOGLE_BODY: usize = 35;
const OPENAI_PREFIX: &str = "sk-";
const OPENAI_MIN_BODY: usize = 20;

fn is_key_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

/// `text` with every key-shaped run replaced by its prefix and [`MASK`].
pub fn mask(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if let Some(len) = key_at(rest) {
            let prefix = if rest.starts_with(GOOGLE_PREFIX) {
                GOOGLE_PREFIX
            } else {
                OPENAI_PREFIX
            };
            out.push_str(prefix);
            out.push_str(MASK);
            rest = &rest[len..];
            continue;
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// The byte length of a key starting at the beginning of `s`, if one does.
fn key_at(s: &str) -> Option<usize> {
    let body_len = |body: &str| body.chars().take_while(|c| is_key_char(*c)).count();
    if let Some(body) = s.strip_prefix(GOOGLE_PREFIX) {
        // Exactly 35 key characters, as in the usual `AIza[0-9A-Za-z_-]{35}`.
        if body_len(body) >= GOOGLE_BODY {
            return Some(GOOGLE_PREFIX.len() + GOOGLE_BODY);
        }
    }
    if let Some(body) = s.strip_prefix(OPENAI_PREFIX) {
        let n = body_len(body);
        if n >= OPENAI_MIN_BODY {
            return Some(OPENAI_PREFIX.len() + n);
        }
    }
    None
}

/// Whether `text` holds anything [`mask`] would change.
pub fn has_secret(text: &str) -> bool {
    mask(text) != text
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
        assert!(!has_secret(&once));
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
                assert!(has_secret(&text), "{text}");
                // The other side: one key character short is not a key.
                let short = format!("{before}{} end", &key[..key.len() - 1]);
                assert_eq!(mask(&short), short);
                assert!(!has_secret(&short), "{short}");
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
        assert!(has_secret(&key));
        assert!(!has_secret("nothing here"));
    }
}
