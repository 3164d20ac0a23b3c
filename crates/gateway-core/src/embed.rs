//! What a course page asks of an embedded workbench (`?embed=1`, `?hide=`).

/// What the query asks of an embedded page.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EmbedOptions {
    /// `embed=1`: no page chrome.
    pub embed: bool,
    /// `hide=a,b`: panel names (`data-panel`) to hide.
    pub hide: Vec<String>,
}
