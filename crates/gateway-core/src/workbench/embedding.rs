//! Where the page sits: framed by a course page or not, opened from a file,
//! what the embedding asked (`?embed=1`, `?hide=`), and whether the
//! experiment is expanded. A framed page tells its parent its height (and
//! speaks H5P's resizer protocol); this part decides those posts, and how
//! Expand experiment expands: the browser's full screen where it is
//! allowed, filling the frame where it is refused.

use crate::command::{Command, H5p, Post};
use crate::embed::EmbedOptions;

/// How the experiment is expanded over the page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Expanded {
    #[default]
    No,
    /// In the browser's full screen.
    FullScreen,
    /// Filling its frame, where full screen is refused.
    FillFrame,
}

/// Whether the parent's H5P resizer has answered `hello`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Resizer {
    #[default]
    Unknown,
    Greeted,
}

#[derive(Debug, Clone, Default)]
pub(crate) struct Embedding {
    /// Framed by a course page: posts go to it.
    pub framed: bool,
    /// Opened from a file (`file://`).
    pub from_file: bool,
    /// The single file (`dist/workbench.html`): one activity of a larger
    /// course, whose solved banner offers no navigation.
    pub single_file: bool,
    pub options: EmbedOptions,
    pub expanded: Expanded,
    /// The height last posted to the framing page (never 0).
    posted_height: Option<u32>,
    resizer: Resizer,
}

impl Embedding {
    /// The page entered (`true`) or left the browser's full screen.
    pub fn full_screen(&mut self, on: bool) {
        self.expand(Expanded::FullScreen, on);
    }

    /// The page fills its frame instead (`true`), or goes back.
    pub fn fill_frame(&mut self, on: bool) {
        self.expand(Expanded::FillFrame, on);
    }

    /// Expand experiment was pressed: it leaves full screen or filling
    /// the frame, or else asks the browser for full screen (a refusal comes
    /// back as [`Embedding::full_screen_refused`]).
    pub fn expand_pressed(&mut self) -> Option<Command> {
        match self.expanded {
            Expanded::FullScreen => Some(Command::ExitFullScreen),
            Expanded::FillFrame => {
                self.expanded = Expanded::No;
                None
            }
            Expanded::No => Some(Command::RequestFullScreen),
        }
    }

    /// The browser refused full screen (missing, or an iframe without
    /// `allow="fullscreen"`): the page fills its frame instead.
    pub fn full_screen_refused(&mut self) {
        self.fill_frame(true);
    }

    /// Whether the page fills its frame (Escape leaves it; the browser's
    /// full screen leaves by itself).
    pub fn is_filling(&self) -> bool {
        self.expanded == Expanded::FillFrame
    }

    fn expand(&mut self, how: Expanded, on: bool) {
        if on {
            self.expanded = how;
        } else if self.expanded == how {
            self.expanded = Expanded::No;
        }
    }

    fn is_expanded(&self) -> bool {
        self.expanded != Expanded::No
    }

    /// The page's height changed: the posts that tell the parent. Expanded,
    /// the page measures what lies over the frame, not its content (0 in
    /// full screen): the frame keeps the last height. A height of 0 (a
    /// hidden frame) is never posted.
    pub fn resized(&mut self, experiment: &str, height: u32) -> Vec<Command> {
        if !self.framed || height == 0 || self.is_expanded() || self.posted_height == Some(height) {
            return Vec::new();
        }
        self.posted_height = Some(height);
        vec![
            Command::Post(Post::Resize {
                experiment: experiment.to_owned(),
                height,
            }),
            // As H5P content does: hello until the resizer answers.
            h5p(match self.resizer {
                Resizer::Greeted => H5p::PrepareResize { height },
                Resizer::Unknown => H5p::Hello,
            }),
        ]
    }

    /// The parent posted `{context, action}`: the answer to H5P's resizer
    /// (`h5p-resizer.js`).
    pub fn parent_posted(&mut self, context: &str, action: &str) -> Vec<Command> {
        if !self.framed || context != "h5p" {
            return Vec::new();
        }
        let expanded = self.is_expanded();
        let greeted = self.resizer == Resizer::Greeted;
        let height = self.posted_height;
        let answer = match action {
            // The resizer loaded after this page.
            "ready" => Some(H5p::Hello),
            "hello" => {
                self.resizer = Resizer::Greeted;
                height
                    .filter(|_| !expanded)
                    .map(|height| H5p::PrepareResize { height })
            }
            // The parent's window changed size.
            "resize" if greeted && !expanded => height.map(|height| H5p::PrepareResize { height }),
            "resizePrepared" if greeted => height.map(|height| H5p::Resize { height }),
            _ => None,
        };
        answer.map(h5p).into_iter().collect()
    }
}

fn h5p(message: H5p) -> Command {
    Command::Post(Post::H5p(message))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leaving_one_way_of_expanding_keeps_the_other() {
        let mut e = Embedding::default();
        e.fill_frame(true);
        e.full_screen(false);
        assert_eq!(e.expanded, Expanded::FillFrame);
        e.full_screen(true);
        assert_eq!(e.expanded, Expanded::FullScreen);
        e.fill_frame(false);
        assert_eq!(e.expanded, Expanded::FullScreen);
        e.full_screen(false);
        assert_eq!(e.expanded, Expanded::No);
    }

    #[test]
    fn expand_asks_for_full_screen_and_fills_the_frame_where_refused() {
        let mut e = Embedding::default();
        assert_eq!(e.expand_pressed(), Some(Command::RequestFullScreen));
        assert_eq!(
            e.expanded,
            Expanded::No,
            "not expanded until the browser says so"
        );
        e.full_screen(true);
        assert_eq!(e.expand_pressed(), Some(Command::ExitFullScreen));
        assert_eq!(
            e.expanded,
            Expanded::FullScreen,
            "left when the browser says so"
        );
        e.full_screen(false);
        assert_eq!(e.expand_pressed(), Some(Command::RequestFullScreen));
        e.full_screen_refused();
        assert!(e.is_filling());
        assert_eq!(
            e.expand_pressed(),
            None,
            "pressed again: back, with no command"
        );
        assert_eq!(e.expanded, Expanded::No);
        assert!(!e.is_filling());
    }

    #[test]
    fn an_unframed_page_posts_nothing() {
        let mut e = Embedding::default();
        assert!(e.resized("email", 600).is_empty());
        assert!(e.parent_posted("h5p", "ready").is_empty());
        e.framed = true;
        assert_eq!(e.resized("email", 600).len(), 2);
        assert!(e.resized("email", 600).is_empty(), "the same height again");
        assert!(e.resized("email", 0).is_empty(), "never a height of 0");
    }
}
