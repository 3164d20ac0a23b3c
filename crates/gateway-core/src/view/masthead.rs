//! The masthead's view: the experiment's title, the language switch,
//! Expand experiment and Copy link.

/// Expand experiment: the button's words, and whether the page fills its
/// frame because full screen was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExpandView {
    pub label: String,
    pub fill_frame: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShareView {
    /// Copy link's status line.
    pub status: String,
    /// The link made, shown in a field to copy by hand.
    pub link: Option<String>,
}
