//! Why a decision cannot be inspected, each reason naming the shape it saw
//! and what that shape expects there.

use super::Form;
use crate::json::{quote, JsonError};
use crate::text::Text;

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
        /// A message of a request body.
        Message = "message",
        /// A chunk or event of a stream.
        Chunk = "chunk",
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

/// Why a decision cannot be inspected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecisionError {
    /// Longer than the decision box's bound, in UTF-16 units.
    TooLong { cap: usize, got: usize },
    /// Not JSON.
    Json(JsonError),
    /// None of the accepted shapes: `got` says what it is (its type, and
    /// an object's first keys); the message lists the shapes.
    Unrecognised { got: String },
    /// Read as `shape`, and something in it is not as that shape has it.
    In { shape: Form, fault: Fault },
}

/// What is wrong inside a recognised shape. Places are numbered from 1; a
/// field is named by its path inside the place (`function.arguments`), as
/// the paste spells it (snake_case where it was written so).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    NoCall,
    /// A request body whose last assistant message's calls all have their
    /// results: nothing is left to replay.
    AllAnswered {
        answered: usize,
    },
    /// A stream that stops before its end: `last` is what ends one.
    Unfinished {
        last: &'static str,
    },
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
            DecisionError::TooLong { cap, got } => Text::DecisionTooLong {
                cap: (*cap).into(),
                got: (*got).into(),
            },
            DecisionError::Json(e) => Text::DecisionJson {
                error: e.text().into(),
            },
            DecisionError::Unrecognised { got } => Text::DecisionUnrecognised { got: got.into() },
            DecisionError::In { shape, fault } => Text::DecisionIn {
                seen: shape.seen().into(),
                fault: fault.text().into(),
            },
        }
    }
}

impl Fault {
    pub fn text(&self) -> Text {
        match self {
            Fault::NoCall => Text::DecisionNoCall,
            Fault::AllAnswered { answered } => Text::DecisionAllAnswered {
                answered: (*answered).into(),
            },
            Fault::Unfinished { last } => Text::DecisionUnfinished {
                last: (*last).into(),
            },
            Fault::NotObject { at, got } => Text::DecisionNotObject {
                at: at.text().into(),
                got: (*got).into(),
            },
            Fault::Missing { at, field } => Text::DecisionMissing {
                at: at.text().into(),
                field: field.into(),
            },
            Fault::WrongType {
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
            Fault::NotOneOf {
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
            Fault::UnknownField { at, field } => Text::DecisionUnknownField {
                at: at.text().into(),
                field: quote(field).into(),
            },
        }
    }
}

crate::display_by_text!(DecisionError);
impl std::error::Error for DecisionError {}
