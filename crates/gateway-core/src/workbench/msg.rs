//! What the page tells the core ([`Msg`]) and what the core did with it
//! ([`Handled`], [`Ignored`]).

use crate::baseline::Baseline;
use crate::command::{Deliverable, Slot};
use crate::declarations::Export;
use crate::gates::Gate;
use crate::notice::Notice;
use crate::playback::Speed;
use crate::policy::{Hook, Role};
use crate::share::Setup;
use crate::text::Locale;
use crate::tools::{ExampleKind, ToolId};

/// Everything the page can tell the core.
#[derive(Debug, Clone, PartialEq)]
pub enum Msg {
    /// Chooses a fixture tool and loads its valid example.
    SelectTool(ToolId),
    /// Chooses any tool the registry holds by its name (the tool select:
    /// an experiment's registry may hold more than the fixture tools), and
    /// loads its valid example.
    ChooseTool(String),
    /// Names the tool freely (e.g. `shell.exec`), keeping the arguments.
    SetToolName(String),
    /// Replaces the editor with one of the current tool's examples.
    LoadExample(ExampleKind),
    EditArgs(String),
    SetRole(Role),
    SetHook(Hook),
    SetKey(String),
    SetReuse(bool),
    Approve,
    Revoke,
    Play,
    Pause,
    NextGate,
    /// Completes every gate left (still committing only at the seventh).
    FinishRun,
    Restart,
    ResetLedger,
    SetSpeed(Speed),
    /// Time passes (the shell's animation frame or timer).
    Tick,
    /// The page was hidden: playback pauses.
    Hidden,
    /// Saves the current inputs and their result (replacing any baseline).
    CaptureBaseline,
    ClearBaseline,
    /// Puts back a baseline saved earlier.
    RestoreBaseline(Baseline),
    /// Applies a shared link's setup: never a ledger, never an approval.
    /// During a turn it ends the turn first.
    RestoreSetup(Setup),
    /// Adds a notice about something outside the core.
    Notice(Notice),
    /// Replaces the model decision text (ends a turn under inspection).
    EditDecision(String),
    /// Parses the decision and inspects its calls one after another.
    StartTurn,
    /// Leaves agent-turn mode, keeping the last call's request.
    EndTurn,
    /// Moves an agent turn on from its finished call to the next one.
    NextCall,
    /// The learner's notes changed.
    EditNotes(String),
    /// Export notes: offer the notes export as a file.
    ExportNotes,
    /// Copy link, with the page's address (without fragment) as the base.
    CopyLink {
        page_url: String,
    },
    CopyExport(Export),
    DownloadExport(Export),
    /// The page's height changed (framed pages tell their parent).
    Resized {
        height: u32,
    },
    /// The parent window posted `{context, action}` (H5P's resizer does).
    FromParent {
        context: String,
        action: String,
    },
    /// The page entered or left the browser's full screen.
    FullScreen(bool),
    /// Expand experiment where full screen is refused: the page fills its
    /// frame instead (`true`), or goes back (`false`).
    FillFrame(bool),
    /// Expand experiment was pressed (it also leaves either way of
    /// expanding).
    Expand,
    /// The answer to `Command::RequestFullScreen`: the browser refused.
    FullScreenRefused,
    /// Escape was pressed (it leaves filling the frame).
    Escape,
    /// The declarations panel is open (its exports may need downloading).
    DeclarationsOpened,
    /// The answer to `Command::LoadExports`: the exports' data, or why it
    /// could not be fetched.
    ExportsLoaded {
        locale: Locale,
        data: Result<String, crate::text::FetchError>,
    },
    /// A `Store` or `Remove` command succeeded.
    Stored(Slot),
    /// A `Store` or `Remove` command was refused by the browser.
    StoreFailed(Slot),
    Copied(Deliverable),
    CopyFailed(Deliverable),
    DownloadFailed(Deliverable),
    /// The learner chose a language; `page_url` is the page's address, to
    /// which the choice is written (`?lang=`) so a reload keeps it.
    SetLocale {
        locale: Locale,
        page_url: String,
    },
    /// The answer to `Command::LoadCatalogue`: the catalogue's data, or why
    /// it could not be fetched.
    CatalogueLoaded {
        locale: Locale,
        data: Result<String, crate::text::FetchError>,
    },
    /// Undo: puts back the arguments (and tool name) the learner had
    /// before an example or another tool replaced them.
    UndoReplace,
    /// Reject: the person refuses the call an agent turn holds at the
    /// approval gate; it is recorded as rejected there, with no effect.
    Reject,
    /// A gate card was clicked: the caption tells that gate's verdict and
    /// reason (or that it is not inspected yet) until the stage moves.
    ShowGate(Gate),
    /// Dismiss on the solved banner: it goes, for the page's life.
    DismissSolved,
    /// The wall clock, once: where the shell's clock started (ms since
    /// 1970) and the local offset from UTC in minutes, so the runs log can
    /// say when each run ended.
    WallClock {
        origin_ms: u64,
        utc_offset_min: i32,
    },
}

/// What [`Workbench::update`] did with a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Handled {
    Applied,
    /// Only time moved ([`Msg::Tick`] inside one gate's inspection): of
    /// everything the page shows, only [`Workbench::frame`] changed, and
    /// the page redraws only that.
    Frame,
    /// The message means nothing in this state: nothing changed.
    Ignored(Ignored),
}

/// Why a message changed nothing. The page disables the controls that
/// would send these; the fuzzers and tests send them anyway.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ignored {
    /// An agent turn holds the request: there is no editor to change.
    TurnHoldsRequest,
    /// The tool is not in the registry.
    NotInRegistry,
    /// The tool name is not a fixture tool, so it has no examples.
    NoExamples,
    /// A turn's finished call is on show, frozen until Next call, End turn
    /// or Start turn.
    CallFinished,
    /// The tool has no output field for the redact hook to hide.
    NothingToRedact,
    /// The tool only reads: there is no mutation for the hook to block.
    NothingToBlock,
    /// Receipt reuse can be turned off only after a successful mutation.
    NoReceiptYet,
    /// The request is not a well-formed call (e.g. malformed JSON).
    NoCallToApprove,
    /// The call is a read, or approval does not apply to it.
    ApprovalNotNeeded,
    NotApproved,
    /// The run finished: Next gate has nothing left to inspect.
    RunFinished,
    NotPlaying,
    NoTurn,
    /// No finished call of a turn waits for the next one.
    NoNextCall,
    NoBaseline,
    /// Only a framed page tells its parent its height.
    NotFramed,
    /// The page is in that language already.
    SameLocale,
    /// No example or tool choice replaced the learner's own arguments.
    NothingToUndo,
    /// No call waits at the approval gate for the person's decision.
    NothingPending,
    /// A call waits at the approval gate: approve or reject it first.
    AwaitingDecision,
    /// The page does not fill its frame: Escape has nothing to leave.
    NotFillingFrame,
    /// The declarations' exports are installed, or on their way.
    ExportsNotNeeded,
    /// No solved banner shows: there is nothing to dismiss.
    NoSolvedBanner,
}
