//! Who holds the request: the learner's editor, or an agent turn (see
//! [`Mode`]); and, in the editor, the learner's own request that an
//! example or a tool choice replaced, which Undo puts back.

use crate::mode::{Mode, Request, Turn};
use crate::tools::ExampleKind;

#[derive(Debug, Clone)]
pub(crate) struct Editor {
    mode: Mode,
    /// The learner's own request that an example or a tool choice replaced,
    /// until Undo puts it back or the learner edits again.
    replaced: Option<Request>,
}

impl Editor {
    pub fn new(request: Request) -> Self {
        Self {
            mode: Mode::Free(request),
            replaced: None,
        }
    }

    pub fn mode(&self) -> &Mode {
        &self.mode
    }

    /// The tool name and argument text of the request.
    pub fn request(&self) -> (&str, &str) {
        match &self.mode {
            Mode::Free(r) => (r.tool.as_str(), r.args.as_str()),
            Mode::Turn(t) => t.request(),
        }
    }

    pub fn turn(&self) -> Option<&Turn> {
        match &self.mode {
            Mode::Turn(t) => Some(t),
            Mode::Free(_) => None,
        }
    }

    pub fn turn_mut(&mut self) -> Option<&mut Turn> {
        match &mut self.mode {
            Mode::Turn(t) => Some(t),
            Mode::Free(_) => None,
        }
    }

    pub fn example(&self) -> Option<ExampleKind> {
        match &self.mode {
            Mode::Free(r) => r.example,
            Mode::Turn(_) => None,
        }
    }

    /// The learner's edit. `Some(tool changed)` when the request changed;
    /// during a turn there is no learner's request: `None`.
    pub fn edit(&mut self, edit: impl FnOnce(&mut Request)) -> Option<bool> {
        let Mode::Free(request) = &mut self.mode else {
            return None;
        };
        let before = request.clone();
        edit(request);
        if *request == before {
            return None;
        }
        // The learner's own edit: nothing of theirs is replaced now.
        self.replaced = None;
        Some(request.tool != before.tool)
    }

    /// An example or a tool choice replaces the request: what the learner
    /// wrote (not an example, and not the experiment's starting text,
    /// `at_start`) is kept for Undo.
    pub fn replace(&mut self, at_start: bool, edit: impl FnOnce(&mut Request)) -> Option<bool> {
        let Mode::Free(before) = &self.mode else {
            return None;
        };
        let before = before.clone();
        let mine = before.example.is_none() && !at_start;
        let kept = self.replaced.take();
        let changed = self.edit(edit);
        self.replaced = match kept {
            Some(kept) => Some(kept),
            None if changed.is_some() && mine => Some(before),
            None => None,
        };
        changed
    }

    /// Undo: puts back the learner's own request, through the edit path.
    pub fn undo(&mut self) -> Option<bool> {
        let mine = self.replaced.take()?;
        self.edit(|r| *r = mine)
    }

    /// Whether Undo can put the learner's own arguments back.
    pub fn can_undo(&self) -> bool {
        self.replaced.is_some() && matches!(self.mode, Mode::Free(_))
    }

    pub fn replaced(&self) -> Option<&Request> {
        self.replaced.as_ref()
    }

    /// An agent turn takes the request.
    pub fn start_turn(&mut self, turn: Turn) {
        self.replaced = None;
        self.mode = Mode::Turn(turn);
    }

    /// Back to the learner's editor, holding the turn's last request.
    /// Whether a turn was left.
    pub fn leave_turn(&mut self) -> bool {
        let Mode::Turn(turn) = &self.mode else {
            return false;
        };
        let (tool, args) = turn.request();
        self.mode = Mode::Free(Request {
            tool: tool.into(),
            args: args.into(),
            example: None,
        });
        true
    }

    /// A shared setup's request, in the learner's editor.
    pub fn restore(&mut self, request: Request) {
        self.mode = Mode::Free(request);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(args: &str, example: Option<ExampleKind>) -> Request {
        Request {
            tool: "email".into(),
            args: args.into(),
            example,
        }
    }

    #[test]
    fn an_example_keeps_the_learners_own_text_for_undo() {
        let mut e = Editor::new(request("{}", None));
        assert_eq!(e.edit(|r| r.args = "{\"to\":1}".into()), Some(false));
        let example = Some(ExampleKind::Valid);
        assert_eq!(
            e.replace(false, |r| *r = request("{\"a\":1}", example)),
            Some(false)
        );
        assert_eq!(e.replaced().map(|r| r.args.as_str()), Some("{\"to\":1}"));
        // A second replacement keeps the first text the learner wrote.
        e.replace(false, |r| *r = request("{\"b\":1}", example));
        assert_eq!(e.replaced().map(|r| r.args.as_str()), Some("{\"to\":1}"));
        assert_eq!(e.undo(), Some(false));
        assert_eq!(e.request(), ("email", "{\"to\":1}"));
        assert!(!e.can_undo());
    }

    #[test]
    fn the_starting_text_and_an_example_are_not_kept() {
        let mut e = Editor::new(request("{}", None));
        e.replace(true, |r| {
            *r = request("{\"a\":1}", Some(ExampleKind::Valid))
        });
        assert!(!e.can_undo(), "the experiment's starting text");
        e.replace(false, |r| {
            *r = request("{\"b\":1}", Some(ExampleKind::Valid))
        });
        assert!(!e.can_undo(), "an example");
        assert_eq!(e.edit(|r| r.args = "{\"b\":1}".into()), None, "no change");
    }
}
