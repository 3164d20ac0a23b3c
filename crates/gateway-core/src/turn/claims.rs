//! Claims: clauses of the model's text that say an effect happened.
//!
//! This is a phrase heuristic, not understanding. The text is cut into
//! sentences (at `.` `!` `?` followed by a space or the end, so an address
//! like `learner@example.test`, a number like 1.5 or a path stays whole, at
//! a newline, and at `。` `！` `？`), questions are skipped, and each
//! sentence into clauses (", and", " and ", ";", "，", "、", "並", "然後", …).
//! A clause claims a tool's effect when it holds one of the tool's `done`
//! words and one of its `names` ([`crate::tools::Claims`]), so "I sent the
//! email and added the meeting to your calendar" is two claims, one per
//! tool, and "Everything is saved to the database." names the database.
//! A clause that says the act did not or will not happen ("not", "n't",
//! "will", "沒", "未", …) claims nothing. A more specific tool takes the
//! claim from the tool it extends (`files.delete` from `files`).

use std::ops::Range;

use crate::tools::Registry;

/// A clause of the decision's text that says a tool's effect happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claim {
    /// The registered tool whose effect it claims.
    pub tool: &'static str,
    /// The clause, quoted whole.
    pub sentence: String,
    /// Where the clause stands in the text (bytes): `text[range] == sentence`.
    pub range: Range<usize>,
    /// The matched words inside it (bytes in the text): from the first of
    /// the effect's and the tool's words to the end of the last.
    pub phrase: Range<usize>,
}

/// Words that say the act did not or will not happen.
const NOT_DONE: &[&str] = &[
    "not", "never", "nothing", "cannot", "will", "'t", "’t", "'ll", "’ll", "沒", "未", "不",
    "無法", "稍後", "即將",
];

/// What says a Chinese sentence's act is done.
const ZH_DONE: &[&str] = &["已", "了", "完成"];

/// Where a sentence's clauses part.
const SEPARATORS: &[&str] = &[
    ", and ", " and ", ", then ", " then ", ", but ", " but ", ";", "；", "，", "、", "並", "然後",
    "而且", "以及", "但",
];

/// The claims in `text`, clause by clause in order, one per clause and
/// tool, in the order the clause names them; each tool of `registry`
/// declares the words that claim its effect.
pub fn claims(text: &str, registry: &Registry) -> Vec<Claim> {
    // ASCII lowercase keeps every byte where it is.
    let low = text.to_ascii_lowercase();
    let mut found = Vec::new();
    for sentence in cut(&low, 0..low.len(), true) {
        let zh_done = ZH_DONE.iter().any(|m| low[sentence.clone()].contains(m));
        for clause in cut(&low, sentence, false) {
            let c = &low[clause.clone()];
            if NOT_DONE.iter().any(|m| find(c, m).is_some()) {
                continue;
            }
            // The first of `phrases` in the clause, other than `not`.
            let first = |phrases: &[&str], not: &Range<usize>| {
                phrases
                    .iter()
                    .filter(|p| zh_done || p.is_ascii())
                    .filter_map(|p| find(c, p))
                    .filter(|r| r != not)
                    .min_by_key(|r| r.start)
            };
            let mut hits: Vec<(usize, Range<usize>, &'static str)> = Vec::new();
            for tool in registry.tools() {
                let d = tool.declaration();
                let Some(done) = first(d.claims.done, &(0..0)) else {
                    continue;
                };
                // The first name other than the act, else the act if it
                // names the tool itself ("emailed").
                let name = first(d.claims.names, &done).or_else(|| first(d.claims.names, &(0..0)));
                if let Some(name) = name {
                    let start = done.start.min(name.start);
                    hits.push((start, start..done.end.max(name.end), d.name));
                }
            }
            let tools: Vec<&str> = hits.iter().map(|h| h.2).collect();
            hits.retain(|h| {
                !tools
                    .iter()
                    .any(|t| t.strip_prefix(h.2).is_some_and(|r| r.starts_with('.')))
            });
            crate::sort::sort_by_key(&mut hits, |h| h.0);
            found.extend(hits.into_iter().map(|(_, p, tool)| Claim {
                tool,
                sentence: text[clause.clone()].to_owned(),
                range: clause.clone(),
                phrase: clause.start + p.start..clause.start + p.end,
            }));
        }
    }
    found
}

/// The trimmed, non-empty pieces of `span` of `low`: its sentences, or
/// (`sentences` false) its clauses.
fn cut(low: &str, span: Range<usize>, sentences: bool) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut keep = |r: Range<usize>| {
        let s = &low[r.clone()];
        let start = r.start + (s.len() - s.trim_start().len());
        let end = r.end - (s.len() - s.trim_end().len());
        if start < end {
            out.push(start..end);
        }
    };
    let (mut start, mut i) = (span.start, span.start);
    while i < span.end {
        let rest = &low[i..span.end];
        let Some(ch) = rest.chars().next() else { break };
        let n = ch.len_utf8();
        let cut = if sentences {
            let ends = matches!(ch, '\n' | '。' | '！' | '？')
                || matches!(ch, '.' | '!' | '?')
                    && rest[n..].chars().next().is_none_or(|c| {
                        c.is_whitespace() || matches!(c, '"' | '\'' | ')' | ']' | '”' | '’')
                    });
            // A question claims nothing.
            if ends && !matches!(ch, '?' | '？') {
                keep(start..i);
            }
            if ends {
                n
            } else {
                0
            }
        } else {
            let sep = SEPARATORS.iter().find(|s| rest.starts_with(**s));
            if sep.is_some() {
                keep(start..i);
            }
            sep.map_or(0, |s| s.len())
        };
        if cut > 0 {
            i += cut;
            start = i;
        } else {
            i += n;
        }
    }
    keep(start..span.end);
    out
}

/// Where `phrase` first occurs in `text` as whole words (a plural `s`
/// allowed): an English word does not match inside another ("unsent").
fn find(text: &str, phrase: &str) -> Option<Range<usize>> {
    let word = |b: Option<&u8>| b.is_some_and(u8::is_ascii_alphanumeric);
    let p = phrase.as_bytes();
    let b = text.as_bytes();
    text.match_indices(phrase).find_map(|(at, _)| {
        let mut end = at + p.len();
        if word(p.last()) && b.get(end) == Some(&b's') {
            end += 1;
        }
        let before = word(p.first()) && at > 0 && word(b.get(at - 1));
        let after = word(p.last()) && word(b.get(end));
        (!before && !after).then_some(at..end)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claims_of(text: &str) -> Vec<Claim> {
        claims(text, &Registry::fixtures())
    }

    #[test]
    fn claims_are_found_by_whole_words_per_sentence() {
        let c = claims_of("I searched the records. Your email was sent! The review is scheduled.");
        let tools: Vec<_> = c.iter().map(|c| c.tool).collect();
        assert_eq!(tools, ["email", "calendar"]);
        assert_eq!(c[0].sentence, "Your email was sent");
        assert!(claims_of("I will consider sending it later").is_empty());
        assert!(
            claims_of("The resentment is unsent").is_empty(),
            "no partial words"
        );
        assert!(claims_of("").is_empty());
        assert_eq!(claims_of("I saved the notes and set the status.").len(), 2);
    }

    #[test]
    fn a_claim_knows_where_it_stands_in_the_text() {
        let text = "Hello.\n\nI emailed learner@example.test the 1.5 report. Done?";
        let c = claims_of(text);
        assert_eq!(c.len(), 1);
        assert_eq!(
            c[0].sentence,
            "I emailed learner@example.test the 1.5 report"
        );
        assert_eq!(&text[c[0].range.clone()], c[0].sentence);
        assert_eq!(&text[c[0].phrase.clone()], "emailed");
        let zh = "好的。我已寄出郵件，並將會議加入你的行事曆。";
        let c = claims(zh, &Registry::fixtures());
        let found: Vec<_> = c
            .iter()
            .map(|c| (c.tool, &zh[c.range.clone()], &zh[c.phrase.clone()]))
            .collect();
        assert_eq!(
            found,
            [
                ("email", "我已寄出郵件", "寄出郵件"),
                ("calendar", "將會議加入你的行事曆", "會議加入"),
            ]
        );
    }

    #[test]
    fn sentences_end_only_where_a_full_stop_ends_them() {
        let pieces = |t: &str| -> Vec<String> {
            cut(t, 0..t.len(), true)
                .into_iter()
                .map(|r| t[r].to_owned())
                .collect()
        };
        assert_eq!(
            pieces("Sent to learner@example.test. Saved /workspace/notes.txt! 1.5 is ok.\nNext"),
            [
                "Sent to learner@example.test",
                "Saved /workspace/notes.txt",
                "1.5 is ok",
                "Next"
            ]
        );
        assert_eq!(
            pieces("Did I send it? Yes."),
            ["Yes"],
            "a question is skipped"
        );
        assert_eq!(
            pieces("他說：「好。」然後走了"),
            ["他說：「好", "」然後走了"]
        );
    }
}
