//! The effect channel: everything that leaves the core.
//!
//! [`Workbench::update`](crate::Workbench::update) queues commands; the
//! shell takes them with [`poll_command`](crate::Workbench::poll_command),
//! performs them, and sends each result back as a message
//! ([`Msg::Stored`](crate::Msg::Stored), [`Msg::Copied`](crate::Msg::Copied),
//! …). So what happens when storage or the clipboard fails is decided, and
//! tested, here. (quinn-proto's `poll()`, iced's `Task`.)

use crate::declarations::Export;
use crate::text::Locale;

/// One thing for the shell to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Write `value` under `key` in this browser's storage; answer with
    /// `Msg::Stored` or `Msg::StoreFailed`.
    Store {
        slot: Slot,
        key: String,
        value: String,
    },
    /// Remove `key` from storage; answer as for `Store`.
    Remove { slot: Slot, key: String },
    /// Post a message to the embedding page (only when framed).
    Post(Post),
    /// Offer `text` as a file; answer `Msg::DownloadFailed` if refused.
    Download {
        what: Deliverable,
        file_name: String,
        mime: &'static str,
        text: String,
    },
    /// Put `text` on the clipboard; answer `Msg::Copied` or `Msg::CopyFailed`.
    Copy { what: Deliverable, text: String },
    /// Show `url` in the address bar without loading it (a share link).
    ReplaceAddress { url: String },
    /// Fetch the catalogue of a language (`pkg/locales/<tag>.json`); answer
    /// with `Msg::CatalogueLoaded`.
    LoadCatalogue(Locale),
    /// Fetch the published exports of a language (`pkg/locales/<tag>/exports.json`);
    /// answer with `Msg::ExportsLoaded`.
    LoadExports(Locale),
    /// Ask the browser for full screen, inside the click that sent
    /// `Msg::Expand` (the browser requires that gesture); answer with
    /// `Msg::FullScreenRefused` if it refuses at once. Entering is told
    /// later, as `Msg::FullScreen(true)`.
    RequestFullScreen,
    /// Leave the browser's full screen (told as `Msg::FullScreen(false)`).
    ExitFullScreen,
    /// Bring the verdict into view once the page is drawn: the gate
    /// caption, and the ledger entry the run changed where there is one
    /// and both fit, scrolling as little as will do (after Next gate,
    /// Finish run or a decision on a pending call: the learner pressed for
    /// it, and on a tablet or phone it would land below the screen).
    Reveal,
}

/// A stored value the core keeps per experiment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Slot {
    Notes,
    Baseline,
    /// The ids of the goals reached, as a JSON array (a course page
    /// reads it to show this browser's progress).
    Progress,
    /// The instructors' experiments opened in this browser, newest first
    /// (`course::authored`): one key for all of them, which the course
    /// page lists.
    Authored,
}

/// What a copy or a download carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Deliverable {
    ShareLink,
    NotesExport,
    Declarations(Export),
}

/// A message to the embedding page. No message carries personal data;
/// [`Post::wire`] gives exactly what is posted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Post {
    /// The page's height changed (`lti.frameResize`, as an object and as a
    /// JSON string, and our own message). Never 0.
    Resize { experiment: String, height: u32 },
    /// A goal of the experiment was newly reached.
    Goal {
        experiment: String,
        goal: String,
        reached: usize,
        total: usize,
    },
    /// A message of H5P's resizer protocol (`h5p-resizer.js` on the parent).
    H5p(H5p),
}

/// What this page says to H5P's `h5p-resizer.js`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum H5p {
    /// Asks the parent's resizer to answer `hello`.
    Hello,
    /// The height, for the parent to prepare the frame (it answers
    /// `resizePrepared`).
    PrepareResize { height: u32 },
    /// The height to give the frame.
    Resize { height: u32 },
}

impl Slot {
    /// The storage key of this slot for `experiment`; the key carries the
    /// version of the stored form. [`Slot::Authored`] is one key for every
    /// experiment (`experiment` is not part of it).
    pub fn key(self, experiment: &str) -> String {
        match self {
            Slot::Notes => format!("function-tools-workbench/notes/v1/{experiment}"),
            Slot::Baseline => format!("function-tools-workbench/baseline/v1/{experiment}"),
            Slot::Progress => format!("function-tools-workbench/progress/v1/{experiment}"),
            Slot::Authored => "function-tools-workbench/authored/v1".to_string(),
        }
    }
}

/// What this page knows of a stored slot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SlotState {
    /// Readable (or empty): changes are written.
    #[default]
    Writable,
    /// The last write was refused: the value stays on this page; the next
    /// change tries again.
    Refused,
    /// What is stored could not be read (a newer version, damaged, or
    /// storage that throws): it is never written over.
    Locked,
}

/// What reading a storage key gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Read {
    Absent,
    Found(String),
    /// Storage could not be read at all (disabled, throwing).
    Failed,
}
