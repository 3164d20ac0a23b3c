//! The agent turn panel's input: the model decision text, kept whatever
//! happens to the turn, and why it could not be read as a decision.

use crate::turn::{self, Decision, DecisionError};

#[derive(Debug, Clone)]
pub(crate) struct DecisionText {
    text: String,
    error: Option<DecisionError>,
}

impl DecisionText {
    pub fn new(text: String) -> Self {
        Self { text, error: None }
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn error(&self) -> Option<&DecisionError> {
        self.error.as_ref()
    }

    /// The text changed: whether it did (an error said of the old text
    /// goes).
    pub fn edit(&mut self, text: String) -> bool {
        if self.text == text {
            return false;
        }
        self.text = text;
        self.error = None;
        true
    }

    /// The decision the text says, or `None`, keeping why not.
    pub fn parse(&mut self) -> Option<Decision> {
        match turn::parse(&self.text) {
            Ok(decision) => {
                self.error = None;
                Some(decision)
            }
            Err(e) => {
                self.error = Some(e);
                None
            }
        }
    }
}
