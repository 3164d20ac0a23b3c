//! Why a command line is not one this program runs. Its words, like every
//! other the command prints, are the core's catalogue's: the command's own
//! are the `check-…` messages of `gateway-core/locales/<tag>.ftl`, which
//! the pages' catalogues leave out.

use gateway_core::text::Text;

/// Why the command line is not one this program runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Usage {
    Help,
    NoCommand,
    UnknownCommand(String),
    UnknownOption(String),
    NoLanguage,
    UnknownLanguage(String),
    NoFiles,
}

impl Usage {
    /// What is wrong with the command line; `None` for a request for help,
    /// which nothing is wrong with.
    pub fn complaint(&self) -> Option<Text> {
        Some(match self {
            Usage::Help => return None,
            Usage::NoCommand => Text::CheckNoCommand,
            Usage::UnknownCommand(command) => Text::CheckUnknownCommand {
                command: command.into(),
            },
            Usage::UnknownOption(option) => Text::CheckUnknownOption {
                option: option.into(),
            },
            Usage::NoLanguage => Text::CheckNoLanguage,
            Usage::UnknownLanguage(language) => Text::CheckUnknownLanguage {
                language: language.into(),
            },
            Usage::NoFiles => Text::CheckNoFiles,
        })
    }
}
