//! What is wrong with an experiment file, as data: where (the field's
//! JSON Pointer) and the issue, whose words are made only when shown.

use crate::text::Text;

/// One thing wrong with an experiment file: where (a JSON Pointer, `""`
/// for the whole file) and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub path: String,
    pub issue: Issue,
}

/// What is wrong with a field, as data (its words are made when shown:
/// the page never copies a `Text`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Issue {
    FileTooLong {
        got: usize,
        max: usize,
    },
    NotUtf8,
    NotJson {
        line: usize,
        column: usize,
    },
    NotObject,
    UnknownField {
        fields: String,
    },
    Missing,
    NotText,
    TooLong {
        got: usize,
        max: usize,
    },
    BadId {
        got: String,
    },
    NotOneOf {
        got: String,
        allowed: String,
    },
    MissingLanguage {
        language: String,
    },
    Empty,
    TooMany {
        got: usize,
        max: usize,
    },
    NotList,
    NotBool,
    Version {
        got: String,
        version: usize,
    },
    Duplicate {
        id: String,
    },
    ArgsOneOf,
    UnknownTool {
        name: String,
        tools: String,
    },
    NotHttp {
        got: String,
    },
    RunWithoutRun {
        on: String,
    },
    OnlyWhenRejected,
    OneField,
    Count {
        got: String,
        max: usize,
    },
    Unreachable {
        steps: usize,
    },
    /// Reachable with some fixture languages' data, not with `language`'s.
    UnreachableIn {
        steps: usize,
        language: String,
    },
}

impl Issue {
    pub fn text(&self) -> Text {
        match self {
            Issue::FileTooLong { got, max } => Text::ProblemFileTooLong {
                got: (*got).into(),
                max: (*max).into(),
            },
            Issue::NotUtf8 => Text::ProblemNotUtf8,
            Issue::NotJson { line, column } => Text::ProblemNotJson {
                line: (*line).into(),
                column: (*column).into(),
            },
            Issue::NotObject => Text::ProblemNotObject,
            Issue::UnknownField { fields } => Text::ProblemUnknownField {
                fields: fields.clone().into(),
            },
            Issue::Missing => Text::ProblemMissing,
            Issue::NotText => Text::ProblemNotText,
            Issue::TooLong { got, max } => Text::ProblemTooLong {
                got: (*got).into(),
                max: (*max).into(),
            },
            Issue::BadId { got } => Text::ProblemBadId {
                got: got.clone().into(),
            },
            Issue::NotOneOf { got, allowed } => Text::ProblemNotOneOf {
                got: got.clone().into(),
                allowed: allowed.clone().into(),
            },
            Issue::MissingLanguage { language } => Text::ProblemMissingLanguage {
                language: language.clone().into(),
            },
            Issue::Empty => Text::ProblemEmpty,
            Issue::TooMany { got, max } => Text::ProblemTooMany {
                got: (*got).into(),
                max: (*max).into(),
            },
            Issue::NotList => Text::ProblemNotList,
            Issue::NotBool => Text::ProblemNotBool,
            Issue::Version { got, version } => Text::ProblemVersion {
                got: got.clone().into(),
                version: (*version).into(),
            },
            Issue::Duplicate { id } => Text::ProblemDuplicate {
                id: id.clone().into(),
            },
            Issue::ArgsOneOf => Text::ProblemArgsOneOf,
            Issue::UnknownTool { name, tools } => Text::ProblemUnknownTool {
                name: name.clone().into(),
                tools: tools.clone().into(),
            },
            Issue::NotHttp { got } => Text::ProblemNotHttp {
                got: got.clone().into(),
            },
            Issue::RunWithoutRun { on } => Text::ProblemRunWithoutRun {
                on: on.clone().into(),
            },
            Issue::OnlyWhenRejected => Text::ProblemOnlyWhenRejected,
            Issue::OneField => Text::ProblemOneField,
            Issue::Count { got, max } => Text::ProblemCount {
                got: got.clone().into(),
                max: (*max).into(),
            },
            Issue::Unreachable { steps } => Text::ProblemUnreachable {
                steps: (*steps).into(),
            },
            Issue::UnreachableIn { steps, language } => Text::ProblemUnreachableIn {
                steps: (*steps).into(),
                language: language.clone().into(),
            },
        }
    }
}

impl Problem {
    /// The problem in one sentence: the field's pointer, then what is wrong.
    pub fn sentence(&self) -> Text {
        Text::ProblemAt {
            path: if self.path.is_empty() {
                Text::ProblemTheFile.into()
            } else {
                self.path.as_str().into()
            },
            problem: self.issue.text().into(),
        }
    }
}
