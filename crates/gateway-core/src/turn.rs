//! Agent turns: a scripted model decision inspected call by call.
//!
//! A decision is a JSON array of calls `{"name": …, "args": …}`, optionally
//! followed by `{"text": …}`, the model's final message. The calls go
//! through the same seven gates one after another; at most [`MAX_CALLS`]
//! are dispatched and the rest are refused before dispatch. A final text
//! that claims an effect is a claim: only committed effects and replayed
//! receipts count as completed operations (seed 002).

use serde_json::Value;

use crate::json::{parse as parse_json, pretty, quote, type_name, JsonError};
use crate::text::Text;
use crate::tools::Registry;

/// At most this many calls of one turn are dispatched.
pub const MAX_CALLS: usize = 6;

/// A parsed model decision.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    pub calls: Vec<Call>,
    /// The model's final message, if any.
    pub text: Option<String>,
}

/// One call as the model wrote it; the gates judge its arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Call {
    pub name: String,
    /// The argument text the schema gate will read: a string `args` is
    /// taken as it is (as some APIs send arguments), anything else is
    /// printed as JSON.
    pub args: String,
}

impl Decision {
    /// The calls that are dispatched, in order.
    pub fn dispatched(&self) -> &[Call] {
        &self.calls[..self.calls.len().min(MAX_CALLS)]
    }

    /// How many calls are refused before dispatch.
    pub fn refused(&self) -> usize {
        self.calls.len().saturating_sub(MAX_CALLS)
    }
}

/// Why a decision cannot be inspected. Items are numbered from 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecisionError {
    Json(JsonError),
    NotArray { got: &'static str },
    NoCall,
    NotObject { item: usize, got: &'static str },
    MissingName { item: usize },
    NameNotString { item: usize, got: &'static str },
    MissingArgs { item: usize },
    UnknownField { item: usize, field: String },
    TextNotString { item: usize, got: &'static str },
    TextNotLast { item: usize },
}

impl From<JsonError> for DecisionError {
    fn from(e: JsonError) -> Self {
        DecisionError::Json(e)
    }
}

impl DecisionError {
    pub fn text(&self) -> Text {
        match self {
            DecisionError::Json(e) => e.text(),
            DecisionError::NotArray { got } => Text::DecisionNotArray { got: (*got).into() },
            DecisionError::NoCall => Text::DecisionNoCall,
            DecisionError::NotObject { item, got } => Text::DecisionItemNotObject {
                item: (*item).into(),
                got: (*got).into(),
            },
            DecisionError::MissingName { item } => Text::DecisionMissingName {
                item: (*item).into(),
            },
            DecisionError::NameNotString { item, got } => Text::DecisionNameNotString {
                item: (*item).into(),
                got: (*got).into(),
            },
            DecisionError::MissingArgs { item } => Text::DecisionMissingArgs {
                item: (*item).into(),
            },
            DecisionError::UnknownField { item, field } => Text::DecisionUnknownField {
                item: (*item).into(),
                field: quote(field).into(),
            },
            DecisionError::TextNotString { item, got } => Text::DecisionTextNotString {
                item: (*item).into(),
                got: (*got).into(),
            },
            DecisionError::TextNotLast { item } => Text::DecisionTextNotLast {
                item: (*item).into(),
            },
        }
    }
}

crate::display_by_text!(DecisionError);
impl std::error::Error for DecisionError {}

/// Parses a decision under the same 4096-unit cap and JSON rules as arguments.
pub fn parse(text: &str) -> Result<Decision, DecisionError> {
    let value = parse_json(text)?;
    let Value::Array(items) = value else {
        return Err(DecisionError::NotArray {
            got: type_name(&value),
        });
    };
    let mut calls = Vec::new();
    let mut final_text = None;
    let last = items.len();
    for (i, item) in items.into_iter().enumerate() {
        let n = i + 1;
        let Value::Object(map) = item else {
            return Err(DecisionError::NotObject {
                item: n,
                got: type_name(&item),
            });
        };
        if let Some(text) = map.get("text") {
            if let Some(field) = map.keys().find(|k| *k != "text") {
                return Err(DecisionError::UnknownField {
                    item: n,
                    field: field.clone(),
                });
            }
            let Value::String(text) = text else {
                return Err(DecisionError::TextNotString {
                    item: n,
                    got: type_name(text),
                });
            };
            if n != last {
                return Err(DecisionError::TextNotLast { item: n });
            }
            final_text = Some(text.clone());
            continue;
        }
        if let Some(field) = map.keys().find(|k| *k != "name" && *k != "args") {
            return Err(DecisionError::UnknownField {
                item: n,
                field: field.clone(),
            });
        }
        let name = match map.get("name") {
            None => return Err(DecisionError::MissingName { item: n }),
            Some(Value::String(s)) => s.clone(),
            Some(other) => {
                return Err(DecisionError::NameNotString {
                    item: n,
                    got: type_name(other),
                })
            }
        };
        let args = match map.get("args") {
            None => return Err(DecisionError::MissingArgs { item: n }),
            Some(Value::String(s)) => s.clone(),
            Some(other) => pretty(other),
        };
        calls.push(Call { name, args });
    }
    if calls.is_empty() {
        return Err(DecisionError::NoCall);
    }
    Ok(Decision {
        calls,
        text: final_text,
    })
}

/// A sentence of the final text that says an effect happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claim {
    pub sentence: String,
    /// The registered tool whose effect it claims.
    pub tool: &'static str,
}

/// The claims in a final text, one per sentence and tool, in order; each
/// tool of `registry` declares the phrases that claim its effect.
pub fn claims(text: &str, registry: &Registry) -> Vec<Claim> {
    let mut found = Vec::new();
    for sentence in text.split(['.', '!', '?', '\n']) {
        let sentence = sentence.trim();
        let lower = sentence.to_lowercase();
        // Tools in the order the sentence names their effects.
        let mut hits: Vec<(usize, &'static str)> = registry
            .tools()
            .iter()
            .filter_map(|tool| {
                let decl = tool.declaration();
                decl.claims
                    .iter()
                    .filter_map(|p| first_word_match(&lower, p))
                    .min()
                    .map(|at| (at, decl.name))
            })
            .collect();
        crate::sort::sort_by_key(&mut hits, |&hit| hit);
        found.extend(hits.into_iter().map(|(_, tool)| Claim {
            sentence: sentence.to_string(),
            tool,
        }));
    }
    found
}

/// Where `phrase` first occurs in `text` as whole words.
fn first_word_match(text: &str, phrase: &str) -> Option<usize> {
    // ASCII word characters: the claim phrases are English.
    let is_word = |c: char| c.is_ascii_alphanumeric();
    text.match_indices(phrase).map(|(at, _)| at).find(|&at| {
        let before = text[..at].chars().next_back().is_none_or(|c| !is_word(c));
        let after = text[at + phrase.len()..]
            .chars()
            .next()
            .is_none_or(|c| !is_word(c));
        before && after
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claims_of(text: &str) -> Vec<Claim> {
        claims(text, &Registry::fixtures())
    }

    fn calls(n: usize) -> String {
        let one = r#"{"name":"search","args":{"query":"receipt"}}"#;
        format!("[{}]", vec![one; n].join(","))
    }

    #[test]
    fn six_calls_are_dispatched_and_the_seventh_is_refused() {
        let six = parse(&calls(6)).unwrap();
        assert_eq!((six.dispatched().len(), six.refused()), (6, 0));
        let seven = parse(&calls(7)).unwrap();
        assert_eq!((seven.dispatched().len(), seven.refused()), (6, 1));
        let nine = parse(&calls(9)).unwrap();
        assert_eq!((nine.dispatched().len(), nine.refused()), (6, 3));
        let one = parse(&calls(1)).unwrap();
        assert_eq!((one.dispatched().len(), one.refused()), (1, 0));
    }

    #[test]
    fn calls_and_final_text_are_read() {
        let d = parse(
            r#"[{"name":"shell.exec","args":{"cmd":"ls"}},{"name":"email","args":"{\"to\":1}"},{"text":"Done."}]"#,
        )
        .unwrap();
        assert_eq!(d.calls[0].name, "shell.exec");
        assert_eq!(d.calls[0].args, "{\n  \"cmd\": \"ls\"\n}");
        assert_eq!(
            d.calls[1].args, "{\"to\":1}",
            "a string is taken as the argument text"
        );
        assert_eq!(d.text.as_deref(), Some("Done."));
    }

    #[test]
    fn malformed_decisions_say_what_and_where() {
        for (text, message) in [
            ("[", "Malformed JSON at line 1, column 1"),
            (
                "{}",
                "A model decision must be a JSON array of calls (got object)",
            ),
            ("[]", "A model decision needs at least one call"),
            (
                r#"[{"text":"hi"}]"#,
                "A model decision needs at least one call",
            ),
            ("[1]", "Item 1 must be an object (got number)"),
            (r#"[{"args":{}}]"#, "Item 1: Missing name"),
            (
                r#"[{"name":1,"args":{}}]"#,
                "Item 1: name must be a string (got number)",
            ),
            (r#"[{"name":"search"}]"#, "Item 1: Missing args"),
            (
                r#"[{"name":"search","args":{},"risk":"read"}]"#,
                "Item 1: Unknown field \"risk\"",
            ),
            (
                r#"[{"text":"a"},{"name":"search","args":{}}]"#,
                "Item 1: the final text must be the last item",
            ),
            (
                r#"[{"name":"search","args":{}},{"text":5}]"#,
                "Item 2: text must be a string (got number)",
            ),
        ] {
            let err = parse(text).unwrap_err().to_string();
            assert!(err.starts_with(message), "{text}: {err}");
        }
        let long = format!("[{}]", " ".repeat(4095));
        assert!(parse(&long)
            .unwrap_err()
            .to_string()
            .contains("at most 4096"));
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
}
