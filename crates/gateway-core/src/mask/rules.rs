//! Key shapes as secret scanners write them: gitleaks' default rules with a
//! token shape of their own ([`super::gitleaks`]), and two of the page's
//! own written in the same form ([`OWN`]).
//!
//! A rule is found as gitleaks finds it, less the boundaries: its keywords
//! prefilter the text (one of them must occur, in any case) where the
//! pattern itself writes them ([`prefilters`]), its pattern
//! is searched from every position a match could start (so matches inside
//! other matches count too), and a match whose secret has a Shannon
//! entropy at or below the rule's threshold is dropped. The secret is the
//! match's first non-empty capture group, or the whole match, as gitleaks
//! takes it. Patterns are compiled on first use: a text without any of a
//! rule's keywords never compiles it.

use std::sync::OnceLock;

use regex_lite::Regex;

use super::gitleaks::GITLEAKS;
use super::{Match, Rule};

/// The page's own rules, for shapes gitleaks' default rules do not give a
/// token rule of their own.
pub const OWN: [Rule; 2] = [
    // LINE channel access tokens. The LINE Messaging API documentation
    // ("Channel access token", developers.line.biz/en/docs/basics/
    // channel-access-token/) calls the token "an opaque string": it has no
    // prefix of its own. So the rule is anchored on LINE's own name for
    // it, as the SDKs (`channelAccessToken`), the documentation ("channel
    // access token") and the usual `LINE_CHANNEL_ACCESS_TOKEN` write it,
    // followed by `:` or `=` and a base64 string of 40 or more characters.
    // A v2.1 token, which is a JWT, is masked by gitleaks' `jwt` too.
    // Entropy: generic-api-key's 3.5. Examples: data/own-rules/examples.json.
    Rule {
        id: "line-channel-access-token",
        pattern: r#"(?i)channel[ _-]?access[ _-]?token["']?[ \t]*[:=][ \t]*["']?(?P<secret>[A-Za-z0-9+/]{40,}={0,2})"#,
        keywords: &[
            "channelaccesstoken",
            "channel_access_token",
            "channel-access-token",
            "channel access token",
        ],
        entropy: 3.5,
    },
    // `Authorization: Bearer` values: the header alternative of gitleaks'
    // `curl-auth-header` (`Authorization: Bearer|Token|Api-Token` and a
    // value of 8 or more of `[\w=~@.+/-]`, entropy 2.75), without the curl
    // command around it; a quote may close the header's name, as JSON
    // writes headers. Examples: data/own-rules/examples.json.
    Rule {
        id: "authorization-bearer",
        pattern: r#"(?i)Authorization["']?[ \t]*:[ \t]*["']?(?:Bearer|(?:Api-)?Token)[ \t]+(?P<secret>[\w=~@.+/-]{8,})"#,
        keywords: &["authorization"],
        entropy: 2.75,
    },
];

const COUNT: usize = GITLEAKS.len() + OWN.len();

/// Every rule: gitleaks' in their configuration's order, then the page's.
pub fn all() -> impl Iterator<Item = &'static Rule> {
    GITLEAKS.iter().chain(OWN.iter())
}

/// Each rule's compiled pattern, by its place in [`all`], compiled on
/// first use; `None` if it does not compile (a unit test shows every one
/// does).
fn compiled(index: usize, rule: &Rule) -> Option<&'static Regex> {
    static COMPILED: [OnceLock<Option<Regex>>; COUNT] = [const { OnceLock::new() }; COUNT];
    COMPILED
        .get(index)?
        .get_or_init(|| Regex::new(rule.pattern).ok())
        .as_ref()
}

/// Whether each rule's keywords prefilter the text, by its place in
/// [`all`]: when every keyword is written in the pattern itself (`ghp_`,
/// `akia`), a match holds one, and a text without any can be passed by. A
/// keyword only found around the token (`airtable` for `pat…`) would make
/// the shape need that word nearby: such a rule runs on every text.
fn prefilters() -> &'static [bool; COUNT] {
    static PREFILTERS: OnceLock<[bool; COUNT]> = OnceLock::new();
    PREFILTERS.get_or_init(|| {
        let mut out = [false; COUNT];
        for (flag, rule) in out.iter_mut().zip(all()) {
            let pattern = rule.pattern.to_ascii_lowercase();
            *flag = !rule.keywords.is_empty() && rule.keywords.iter().all(|k| pattern.contains(k));
        }
        out
    })
}

/// Shannon entropy in bits per character, as gitleaks computes it: each
/// character's count over the text's length in bytes.
pub fn shannon_entropy(text: &str) -> f64 {
    if text.is_empty() {
        return 0.0;
    }
    let mut counts: Vec<(char, usize)> = Vec::new();
    for c in text.chars() {
        match counts.iter_mut().find(|(seen, _)| *seen == c) {
            Some((_, n)) => *n += 1,
            None => counts.push((c, 1)),
        }
    }
    let inverse = 1.0 / text.len() as f64;
    counts
        .iter()
        .map(|&(_, n)| {
            let freq = n as f64 * inverse;
            -freq * freq.log2()
        })
        .sum()
}

/// How many bytes of a match stay in view: what precedes the `secret`
/// group, or else the longest keyword the match begins with.
fn kept(rule: &Rule, caps: &regex_lite::Captures<'_>, start: usize) -> usize {
    if let Some(secret) = caps.name("secret") {
        return secret.start() - start;
    }
    let text = caps.get(0).map_or("", |m| m.as_str());
    rule.keywords
        .iter()
        .filter(|k| {
            text.get(..k.len())
                .is_some_and(|head| head.eq_ignore_ascii_case(k))
        })
        .map(|k| k.len())
        .max()
        .unwrap_or(0)
}

/// Every match of every rule in `text`, from every position one starts.
pub(super) fn matches(text: &str, found: &mut Vec<Match>) {
    let lower = text.to_ascii_lowercase();
    for (index, rule) in all().enumerate() {
        let prefiltered = prefilters().get(index).copied().unwrap_or(false);
        if prefiltered && !rule.keywords.iter().any(|k| lower.contains(k)) {
            continue;
        }
        let Some(regex) = compiled(index, rule) else {
            continue;
        };
        let mut from = 0;
        while let Some(caps) = regex.captures_at(text, from) {
            let Some(whole) = caps.get(0) else { break };
            let secret = caps
                .iter()
                .skip(1)
                .flatten()
                .find(|m| !m.is_empty())
                .unwrap_or(whole);
            if rule.entropy == 0.0 || shannon_entropy(secret.as_str()) > rule.entropy {
                found.push(Match {
                    range: whole.range(),
                    keep: kept(rule, &caps, whole.start()),
                });
            }
            // The next search starts one character on: a match starting
            // inside this one is found too.
            from = whole.start()
                + text[whole.start()..]
                    .chars()
                    .next()
                    .map_or(1, char::len_utf8);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pattern_compiles() {
        for rule in all() {
            assert!(Regex::new(rule.pattern).is_ok(), "{}", rule.id);
        }
    }

    #[test]
    fn entropy_is_gitleaks_own() {
        assert_eq!(shannon_entropy(""), 0.0);
        assert_eq!(shannon_entropy("aaaa"), 0.0);
        assert_eq!(shannon_entropy("ab"), 1.0);
        assert_eq!(shannon_entropy("abcd"), 2.0);
        // Divided by bytes, as gitleaks' len(data): "é" counts two.
        assert!((shannon_entropy("é") - 0.5).abs() < f64::EPSILON);
    }

    #[test]
    fn a_match_at_the_threshold_is_dropped_and_one_above_kept() {
        // github-pat: entropy 3. "ghp_" and 36 of two letters: 1 bit.
        let low = format!("ghp_{}", "ab".repeat(18));
        let mut found = Vec::new();
        matches(&low, &mut found);
        assert!(found.is_empty(), "{found:?}");
        let high = "ghp_0123456789abcdefghijklmnopqrstuvwxyz";
        matches(high, &mut found);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].keep, 4);
    }
}
