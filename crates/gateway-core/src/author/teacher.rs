//! The answer key of `?teacher=1`.

use std::rc::Rc;

use crate::check;
use crate::experiments::Experiment;
use crate::text::{Locale, Text};

/// The answer key of `?teacher=1`: each goal and a way to reach it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeacherView {
    pub heading: String,
    pub note: String,
    pub goals: Vec<(String, String)>,
}

impl TeacherView {
    pub fn new(experiment: &Rc<Experiment>, locale: Locale) -> Self {
        TeacherView {
            heading: Text::TeacherHeading.render(locale),
            note: Text::TeacherNote.render(locale),
            goals: check::answer_key(experiment, locale),
        }
    }
}
