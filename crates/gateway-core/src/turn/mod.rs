//! Agent turns: a scripted model decision inspected call by call.
//!
//! A decision is what a model answered: the workbench's own array of
//! calls `{"name": …, "args": …}` and texts `{"text": …}`, or a transcript
//! as an OpenAI, Gemini, Anthropic or MCP API writes it ([`Format`],
//! `formats.rs`). Text may stand before, between or after the calls: all of
//! it is the model's message. The calls go through the same seven gates one
//! after another; at most [`MAX_CALLS`] are dispatched and the rest are
//! refused before dispatch, whatever the format. A clause of the text that
//! claims an effect is a claim (`claims.rs`): only committed effects and
//! replayed receipts count as completed operations (seed 002).

use crate::json::{parse as parse_json, quote, JsonError};
use crate::text::Text;

mod claims;
mod formats;

pub use claims::{claims, Claim};

/// At most this many calls of one turn are dispatched.
pub const MAX_CALLS: usize = 6;

crate::closed_enum! {
    /// The shape a decision was written in, recognised when it is read.
    pub enum Format as "decision format" {
        /// `[{"name", "args"} | {"text"}, …]`, the workbench's own.
        Workbench = "workbench",
        /// An assistant message (or a completion's first choice), or its
        /// `tool_calls` array.
        ChatCompletions = "chat-completions",
        /// Responses API output items, or a response with `output`.
        Responses = "responses",
        /// `contents`, a `Content`, its `parts`, or a response's first
        /// candidate.
        Gemini = "gemini",
        /// An assistant message (or a Messages API response), or its
        /// `content` blocks.
        Anthropic = "anthropic",
        /// `tools/call`: a JSON-RPC request, a batch, or bare params.
        Mcp = "mcp",
    }
}

impl Format {
    /// The format's name, as the page shows it.
    pub fn label(self) -> Text {
        match self {
            Format::Workbench => Text::FormatWorkbench,
            Format::ChatCompletions => Text::FormatChat,
            Format::Responses => Text::FormatResponses,
            Format::Gemini => Text::FormatGemini,
            Format::Anthropic => Text::FormatAnthropic,
            Format::Mcp => Text::FormatMcp,
        }
    }
}

/// A parsed model decision.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    /// The shape it was written in.
    pub format: Format,
    pub calls: Vec<Call>,
    /// All of the model's text, in order, its parts joined by a blank line
    /// (claims are read from all of it); `None` if it wrote none.
    pub text: Option<String>,
}

/// One call as the model wrote it; the gates judge its arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Call {
    pub name: String,
    /// The argument text the schema gate will read: arguments written as a
    /// string (OpenAI's `arguments`, a string `args`) are taken as they
    /// are, anything else is printed as JSON.
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

crate::closed_enum! {
    /// What a place in a decision is called in its format.
    pub enum Place as "decision place" {
        /// The decision as a whole (one message, request or response).
        Decision = "decision",
        Item = "item",
        Call = "call",
        Part = "part",
        Block = "block",
        Request = "request",
        Content = "content",
    }
}

/// Where in a decision something is wrong: the `n`th (from 1) of its
/// places, and the `part`th part inside it (0: the place itself).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct At {
    pub place: Place,
    pub n: usize,
    pub part: usize,
}

impl At {
    /// The decision as a whole.
    pub const WHOLE: At = At::new(Place::Decision, 0);

    pub const fn new(place: Place, n: usize) -> Self {
        At { place, n, part: 0 }
    }

    pub fn text(self) -> Text {
        Text::DecisionAt {
            kind: self.place.id().into(),
            n: self.n.into(),
            part: self.part.into(),
        }
    }
}

/// The type a field must have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expected {
    String,
    Object,
    Array,
    /// A message's `content`: a string, an array of parts, or null.
    Content,
}

/// Why a decision cannot be inspected. Places are numbered from 1; a field
/// is named by its path inside the place (`function.arguments`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecisionError {
    Json(JsonError),
    /// None of the accepted shapes; the message lists them.
    Unrecognised {
        got: &'static str,
    },
    NoCall,
    NotObject {
        at: At,
        got: &'static str,
    },
    Missing {
        at: At,
        field: String,
    },
    WrongType {
        at: At,
        field: String,
        expected: Expected,
        got: &'static str,
    },
    /// A closed field (`type`, `role`, `method`, `jsonrpc`) holds another
    /// value; `got` is that value as JSON.
    NotOneOf {
        at: At,
        field: String,
        allowed: &'static [&'static str],
        got: String,
    },
    UnknownField {
        at: At,
        field: String,
    },
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
            DecisionError::Unrecognised { got } => {
                Text::DecisionUnrecognised { got: (*got).into() }
            }
            DecisionError::NoCall => Text::DecisionNoCall,
            DecisionError::NotObject { at, got } => Text::DecisionNotObject {
                at: at.text().into(),
                got: (*got).into(),
            },
            DecisionError::Missing { at, field } => Text::DecisionMissing {
                at: at.text().into(),
                field: field.into(),
            },
            DecisionError::WrongType {
                at,
                field,
                expected,
                got,
            } => Text::DecisionWrongType {
                at: at.text().into(),
                field: field.into(),
                expected: match expected {
                    Expected::String => "string",
                    Expected::Object => "object",
                    Expected::Array => "array",
                    Expected::Content => "content",
                }
                .into(),
                got: (*got).into(),
            },
            DecisionError::NotOneOf {
                at,
                field,
                allowed,
                got,
            } => Text::DecisionNotOneOf {
                at: at.text().into(),
                field: field.into(),
                allowed: allowed.iter().map(|a| quote(a)).collect::<Vec<_>>().into(),
                got: got.into(),
            },
            DecisionError::UnknownField { at, field } => Text::DecisionUnknownField {
                at: at.text().into(),
                field: quote(field).into(),
            },
        }
    }
}

crate::display_by_text!(DecisionError);
impl std::error::Error for DecisionError {}

/// Parses a decision under the same 4096-unit cap and JSON rules as
/// arguments, in whichever accepted format it is written.
pub fn parse(text: &str) -> Result<Decision, DecisionError> {
    let (format, calls, texts) = formats::read(&parse_json(text)?)?;
    if calls.is_empty() {
        return Err(DecisionError::NoCall);
    }
    Ok(Decision {
        format,
        calls,
        text: (!texts.is_empty()).then(|| texts.join("\n\n")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(one.format, Format::Workbench);
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
    fn text_may_stand_anywhere_and_all_of_it_is_kept() {
        let d =
            parse(r#"[{"text":"First."},{"name":"search","args":{}},{"text":"Then."}]"#).unwrap();
        assert_eq!(d.calls.len(), 1);
        assert_eq!(d.text.as_deref(), Some("First.\n\nThen."));
    }

    #[test]
    fn malformed_decisions_say_what_and_where() {
        for (text, message) in [
            ("[", "Malformed JSON at line 1, column 1"),
            (
                "{}",
                "A model decision must be one of these shapes (got object): a JSON array",
            ),
            (
                "5",
                "A model decision must be one of these shapes (got number)",
            ),
            (
                r#"[{"foo":1}]"#,
                "A model decision must be one of these shapes (got array)",
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
                r#"[{"name":"search","args":{}},{"text":5}]"#,
                "Item 2: text must be a string (got number)",
            ),
            (
                r#"[{"name":"search","args":{}},{"text":"a","risk":1}]"#,
                "Item 2: Unknown field \"risk\"",
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
    fn every_format_has_a_label_in_every_language() {
        use crate::text::Locale;
        for f in Format::ALL {
            for l in Locale::ALL {
                assert!(!f.label().render(l).is_empty(), "{f} {l:?}");
            }
        }
        assert_eq!(
            Format::ChatCompletions.label().en(),
            "OpenAI Chat Completions"
        );
    }
}
