//! What is wrong with an argument object: [`ArgError`], naming the field
//! and the bound, and [`Rule`], a rule across fields.

use super::{condition, Format};
use crate::json::quote;
use crate::text::Text;

/// Why an argument object does not fit its tool's shape. Every message names
/// the field, and the bound where there is one.
#[derive(Debug, Clone, PartialEq)]
pub enum ArgError {
    Json(crate::json::JsonError),
    NotObject {
        got: &'static str,
    },
    Missing {
        field: String,
    },
    Unknown {
        field: String,
    },
    NotAllowed {
        field: String,
        /// The constants of the variant in force (e.g. `operation` is
        /// `"read"`), under which the field is not allowed.
        when: &'static [(&'static str, &'static str)],
    },
    WrongType {
        field: String,
        expected: &'static str,
        got: &'static str,
    },
    TooShort {
        field: String,
        min: usize,
        got: usize,
    },
    TooLong {
        field: String,
        max: usize,
        got: usize,
    },
    ControlCharacter {
        field: String,
    },
    /// A list with fewer than `min` items.
    TooFewItems {
        field: String,
        min: usize,
        got: usize,
    },
    /// A list with more than `max` items.
    TooManyItems {
        field: String,
        max: usize,
        got: usize,
    },
    /// A list item that is neither a string nor a finite number (`field`
    /// names the item, as `values[3]`).
    NotCell {
        field: String,
        got: &'static str,
    },
    BadFormat {
        field: String,
        expected: Format,
        got: String,
    },
    NotOneOf {
        field: String,
        allowed: Vec<&'static str>,
        got: String,
    },
    NotInteger {
        field: String,
        got: String,
    },
    OutOfRange {
        field: String,
        min: String,
        max: String,
        got: String,
    },
    Rule {
        field: String,
        rule: Rule,
    },
}

/// A rule across fields that a shape cannot say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rule {
    /// The arguments fit none of the shape's forms.
    DeclaredForm,
    /// `end` must come after `start`.
    AfterStart { start: String, end: String },
}

impl Rule {
    pub fn text(&self) -> Text {
        match self {
            Rule::DeclaredForm => Text::RuleDeclaredForm,
            Rule::AfterStart { start, end } => Text::RuleAfterStart {
                start: start.into(),
                end: end.into(),
            },
        }
    }
}

impl From<crate::json::JsonError> for ArgError {
    fn from(e: crate::json::JsonError) -> Self {
        ArgError::Json(e)
    }
}

impl ArgError {
    pub fn text(&self) -> Text {
        match self {
            ArgError::Json(e) => e.text(),
            ArgError::NotObject { got } => Text::ArgNotObject { got: (*got).into() },
            ArgError::Missing { field } => Text::ArgMissing {
                field: field.into(),
            },
            ArgError::Unknown { field } => Text::ArgUnknown {
                field: quote(field).into(),
            },
            ArgError::NotAllowed { field, when } => Text::ArgNotAllowed {
                field: field.into(),
                when: condition(when).into(),
            },
            ArgError::WrongType {
                field,
                expected,
                got,
            } => Text::ArgWrongType {
                field: field.into(),
                expected: (*expected).into(),
                got: (*got).into(),
            },
            ArgError::TooShort { field, min, got } => Text::ArgTooShort {
                field: field.into(),
                min: (*min).into(),
                got: (*got).into(),
            },
            ArgError::TooLong { field, max, got } => Text::ArgTooLong {
                field: field.into(),
                max: (*max).into(),
                got: (*got).into(),
            },
            ArgError::ControlCharacter { field } => Text::ArgControlCharacter {
                field: field.into(),
            },
            ArgError::TooFewItems { field, min, got } => Text::ArgTooFewItems {
                field: field.into(),
                min: (*min).into(),
                got: (*got).into(),
            },
            ArgError::TooManyItems { field, max, got } => Text::ArgTooManyItems {
                field: field.into(),
                max: (*max).into(),
                got: (*got).into(),
            },
            ArgError::NotCell { field, got } => Text::ArgNotCell {
                field: field.into(),
                got: (*got).into(),
            },
            ArgError::BadFormat {
                field,
                expected,
                got,
            } => Text::ArgBadFormat {
                field: field.into(),
                expected: expected.text().into(),
                got: quote(got).into(),
            },
            ArgError::NotOneOf {
                field,
                allowed,
                got,
            } => Text::ArgNotOneOf {
                field: field.into(),
                allowed: allowed.iter().map(|a| quote(a)).collect::<Vec<_>>().into(),
                got: quote(got).into(),
            },
            ArgError::NotInteger { field, got } => Text::ArgNotInteger {
                field: field.into(),
                got: got.into(),
            },
            ArgError::OutOfRange {
                field,
                min,
                max,
                got,
            } => Text::ArgOutOfRange {
                field: field.into(),
                min: min.into(),
                max: max.into(),
                got: got.into(),
            },
            ArgError::Rule { field, rule } => Text::ArgRule {
                field: field.into(),
                rule: rule.text().into(),
            },
        }
    }
}

crate::display_by_text!(ArgError);
impl std::error::Error for ArgError {}
