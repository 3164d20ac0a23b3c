//! Agent turns: a scripted model decision inspected call by call.
//!
//! A decision is what a model answered: the workbench's own array of
//! calls `{"name": …, "args": …}` and texts `{"text": …}`, or a transcript
//! as an OpenAI, Gemini, Anthropic or MCP API or SDK writes it ([`Format`],
//! in one of its [`Form`]s, `formats/`): a response, a stream of its
//! chunks assembled, or a request body whose last assistant message's
//! unanswered calls are replayed (its earlier calls kept as [`Past`]
//! history). Text may stand before, between or after the calls: all of
//! it is the model's message. The calls go through the same seven gates one
//! after another; at most [`MAX_CALLS`] are dispatched and the rest are
//! refused before dispatch, whatever the format. A clause of the text that
//! claims an effect is a claim (`claims.rs`): only committed effects and
//! replayed receipts count as completed operations (seed 002).

use crate::json::{read as read_json, utf16_len};
use crate::text::Text;

mod claims;
mod error;
mod formats;

pub use claims::{claims, Claim};
pub use error::{At, DecisionError, Expected, Fault, Place};

/// At most this many calls of one turn are dispatched.
pub const MAX_CALLS: usize = 6;

/// The largest decision text accepted, in UTF-16 code units, counted
/// before parsing: room for a whole response or request body. Each call's
/// arguments keep the argument cap (SPEC 2.1) at the schema gate.
pub const MAX_DECISION_UNITS: usize = 65_536;

/// From this many units on (90 % of [`MAX_DECISION_UNITS`], rounded up)
/// the decision box shows how much of the bound is used.
pub const DECISION_COUNT_FROM: usize = MAX_DECISION_UNITS - MAX_DECISION_UNITS / 10;

crate::closed_enum! {
    /// The provider a decision was written for, recognised when it is read.
    pub enum Format as "decision format" {
        /// `[{"name", "args"} | {"text"}, …]`, the workbench's own.
        Workbench = "workbench",
        /// OpenAI Chat Completions.
        ChatCompletions = "chat-completions",
        /// OpenAI Responses.
        Responses = "responses",
        /// Gemini `generateContent` (camelCase, or google-genai's
        /// snake_case dump).
        Gemini = "gemini",
        /// Anthropic Messages.
        Anthropic = "anthropic",
        /// MCP `tools/call`.
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

crate::closed_enum! {
    /// Which of its format's shapes a decision was written in: what a
    /// message names as the shape it saw.
    pub enum Form as "decision shape" {
        /// The workbench's own array.
        Workbench = "workbench",
        /// An assistant message.
        ChatMessage = "chat-message",
        /// A completion: its first choice's message.
        ChatCompletion = "chat-completion",
        /// A `tool_calls` array.
        ChatToolCalls = "chat-tool-calls",
        /// `chat.completion.chunk` objects, assembled.
        ChatChunks = "chat-chunks",
        /// A request body `{"model", "messages"}`.
        ChatRequest = "chat-request",
        /// Output items.
        ResponsesItems = "responses-items",
        /// A `Response` with `output`.
        ResponsesResponse = "responses-response",
        /// Stream events `response.…`, assembled.
        ResponsesEvents = "responses-events",
        /// A request body `{"input": […]}`.
        ResponsesRequest = "responses-request",
        /// A `parts` array.
        GeminiParts = "gemini-parts",
        /// One `Content` with `parts`.
        GeminiContent = "gemini-content",
        /// `contents` of model turns only.
        GeminiContents = "gemini-contents",
        /// A `generateContent` response: its first candidate.
        GeminiResponse = "gemini-response",
        /// Streamed responses, assembled.
        GeminiChunks = "gemini-chunks",
        /// A request body `{"contents": […]}` with user turns.
        GeminiRequest = "gemini-request",
        /// An assistant message or a Messages API response.
        AnthropicMessage = "anthropic-message",
        /// Content blocks.
        AnthropicBlocks = "anthropic-blocks",
        /// Server-sent event objects, assembled.
        AnthropicEvents = "anthropic-events",
        /// A request body `{"messages": […]}`.
        AnthropicRequest = "anthropic-request",
        /// A `tools/call` request, with or without its JSON-RPC envelope.
        McpRequest = "mcp-request",
        /// A batch of them.
        McpBatch = "mcp-batch",
        /// Bare params `{"name", "arguments"}`.
        McpParams = "mcp-params",
    }
}

impl Form {
    /// The format this shape belongs to.
    pub fn format(self) -> Format {
        use Form::*;
        match self {
            Workbench => Format::Workbench,
            ChatMessage | ChatCompletion | ChatToolCalls | ChatChunks | ChatRequest => {
                Format::ChatCompletions
            }
            ResponsesItems | ResponsesResponse | ResponsesEvents | ResponsesRequest => {
                Format::Responses
            }
            GeminiParts | GeminiContent | GeminiContents | GeminiResponse | GeminiChunks
            | GeminiRequest => Format::Gemini,
            AnthropicMessage | AnthropicBlocks | AnthropicEvents | AnthropicRequest => {
                Format::Anthropic
            }
            McpRequest | McpBatch | McpParams => Format::Mcp,
        }
    }

    /// The shape's name inside its format ("a request body with input").
    pub fn label(self) -> Text {
        Text::DecisionShape {
            shape: self.id().into(),
        }
    }

    /// Its format and its name together, as a message names what it saw.
    pub fn seen(self) -> Text {
        if self == Form::Workbench {
            // The workbench has one shape: its name says it.
            return self.format().label();
        }
        Text::DecisionSeen {
            format: self.format().label().into(),
            shape: self.label().into(),
        }
    }

    /// Whether it is a request body, whose earlier calls are history.
    pub fn is_request(self) -> bool {
        matches!(
            self,
            Form::ChatRequest
                | Form::ResponsesRequest
                | Form::GeminiRequest
                | Form::AnthropicRequest
        )
    }
}

/// A parsed model decision.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    /// The shape it was written in (of one provider's [`Format`]).
    pub shape: Form,
    /// The calls to replay, in order.
    pub calls: Vec<Call>,
    /// All of the model's text, in order, its parts joined by a blank line
    /// (claims are read from all of it); `None` if it wrote none. Of a
    /// request body, the text of its last assistant message only.
    pub text: Option<String>,
    /// Of a request body: the calls before the replayed ones, with their
    /// results, in order. Shown, never replayed.
    pub history: Vec<Past>,
    /// What of the paste was used, where not all of it was.
    pub partial: Vec<Partial>,
}

/// One call as the model wrote it; the gates judge its arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Call {
    pub name: String,
    /// The argument text the schema gate will read: arguments written as a
    /// string (OpenAI's `arguments`, a string `args`, a stream's argument
    /// pieces joined) are taken as they are, anything else is printed as
    /// JSON.
    pub args: String,
}

/// A call of a request body's history, and what it returned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Past {
    pub call: Call,
    /// The result the body holds for it, as text (an object printed as
    /// JSON); `None` if it holds none.
    pub result: Option<String>,
}

/// Where only part of a paste makes the decision: said in the turn panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Partial {
    /// The first of `of` choices was used (`n > 1`).
    Choices { of: usize },
    /// The first of `of` Gemini candidates was used.
    Candidates { of: usize },
    /// A stream of `chunks` chunks (or events) assembled into one answer.
    Stream { chunks: usize },
}

impl Partial {
    pub fn text(self) -> Text {
        match self {
            Partial::Choices { of } => Text::DecisionUsedChoice {
                of: of.into(),
                left: of.saturating_sub(1).into(),
            },
            Partial::Candidates { of } => Text::DecisionUsedCandidate {
                of: of.into(),
                left: of.saturating_sub(1).into(),
            },
            Partial::Stream { chunks } => Text::DecisionAssembled {
                chunks: chunks.into(),
            },
        }
    }
}

impl Decision {
    /// The provider it was written for.
    pub fn format(&self) -> Format {
        self.shape.format()
    }

    /// The calls that are dispatched, in order.
    pub fn dispatched(&self) -> &[Call] {
        &self.calls[..self.calls.len().min(MAX_CALLS)]
    }

    /// How many calls are refused before dispatch.
    pub fn refused(&self) -> usize {
        self.calls.len().saturating_sub(MAX_CALLS)
    }
}

/// Parses a decision in whichever accepted shape it is written: at most
/// [`MAX_DECISION_UNITS`] UTF-16 units, counted before parsing, read with
/// the arguments' JSON rules.
pub fn parse(text: &str) -> Result<Decision, DecisionError> {
    let got = utf16_len(text);
    if got > MAX_DECISION_UNITS {
        return Err(DecisionError::TooLong {
            cap: MAX_DECISION_UNITS,
            got,
        });
    }
    formats::read(&read_json(text)?)
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
        assert_eq!(one.format(), Format::Workbench);
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
            (
                "[",
                "Model decision JSON: Malformed JSON at line 1, column 1",
            ),
            (
                "{}",
                "A model decision must be one of these shapes (got object {}): a JSON array",
            ),
            (
                "5",
                "A model decision must be one of these shapes (got number)",
            ),
            (
                r#"[{"foo":1}]"#,
                "A model decision must be one of these shapes (got array of objects {\"foo\"})",
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
            assert!(err.contains(message), "{text}: {err}");
        }
        let long = format!("[{}]", " ".repeat(65_535));
        assert!(parse(&long)
            .unwrap_err()
            .to_string()
            .contains("at most 65536"));
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
