//! What is wrong with data the page kept or was handed: a baseline in this
//! browser's storage, a setup in a shared link. Typed, so that each reason
//! is worded in the page's language.

use crate::json::quote;
use crate::text::Text;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Damage {
    /// The text is not JSON.
    NotJson,
    /// The JSON is not an object.
    NotObject,
    /// There is no version this build knows.
    NoVersion,
    /// The version is not a number.
    VersionNotNumber,
    /// The link's payload is not base64url.
    NotBase64,
    /// A field this build does not write.
    UnknownField(String),
    /// A field that must be text is missing or is not text.
    NotText(&'static str),
    /// A field that must be a list is missing or is not one.
    NotList(&'static str),
    /// A row of the baseline is not three strings.
    RowNotThreeStrings,
    /// A field that must be text or null is neither.
    NotTextOrNull(&'static str),
    /// A field that must be true or false is neither.
    NotBool(&'static str),
    /// A field names no value it can hold.
    UnknownValue { field: &'static str, value: String },
    /// Everything reads, but the text is not exactly what the page writes
    /// for it (an unknown, repeated or reordered field).
    NotAsWritten,
    /// The payload is longer than the page reads.
    TooLong { max: usize },
}

impl Damage {
    pub fn text(&self) -> Text {
        match self {
            Damage::NotJson => Text::DamageNotJson,
            Damage::NotObject => Text::DamageNotObject,
            Damage::NoVersion => Text::DamageNoVersion,
            Damage::VersionNotNumber => Text::DamageVersionNotNumber,
            Damage::NotBase64 => Text::DamageNotBase64,
            Damage::UnknownField(name) => Text::DamageUnknownField {
                field: quote(name).into(),
            },
            Damage::NotText(field) => Text::DamageNotText {
                field: (*field).into(),
            },
            Damage::NotList(field) => Text::DamageNotList {
                field: (*field).into(),
            },
            Damage::RowNotThreeStrings => Text::DamageRowNotThreeStrings,
            Damage::NotTextOrNull(field) => Text::DamageNotTextOrNull {
                field: (*field).into(),
            },
            Damage::NotBool(field) => Text::DamageNotBool {
                field: (*field).into(),
            },
            Damage::UnknownValue { field, value } => Text::DamageUnknownValue {
                field: (*field).into(),
                value: quote(value).into(),
            },
            Damage::NotAsWritten => Text::DamageNotAsWritten,
            Damage::TooLong { max } => Text::DamageTooLong { max: (*max).into() },
        }
    }
}
