//! The workbench state machine: one message in, the state updated, and
//! commands queued for the shell.
//!
//! Every input a learner can change, every playback control and every
//! result of a command is a [`Msg`]; [`Workbench::update`] applies it with
//! the shell's clock reading. The plan of the run under inspection is
//! committed to the ledger only when the seventh stage completes. Every
//! edit of the request or the policy goes through one path, which clears
//! the approval and rewinds to gate 1, paused, so an old plan never
//! finishes against new inputs.

mod embedding;

use std::collections::VecDeque;
use std::rc::Rc;

use crate::baseline::Baseline;
use crate::command::{Command, Deliverable, Post, Slot, SlotState};
use crate::declarations::Export;
use crate::embed::EmbedOptions;
use crate::experiments::{Experiment, ExperimentId, StartArgs};
use crate::gates::{plan, request_text, Approval, Gate, Inputs, Plan};
use crate::goals::{Event, FinishedRun, Happened, State};
use crate::ledger::{Commit, Finish, Ledger, Part};
use crate::mode::{CallOutcome, Mode, Request, Turn};
use crate::notice::Notice;
use crate::playback::{Clock, Speed, Step};
use crate::policy::{Hook, Role};
use crate::runlog::{LoggedClaim, RunEffect, RunLog, RunRecord, TurnNote};
use crate::share::Setup;
use crate::store::{Effect, Note};
use crate::text::{Locale, Text};
use crate::tools::{ExampleKind, Registry, ToolId};
use crate::turn::{self, DecisionError};
use embedding::{Embedding, Expanded};

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
        data: Result<String, String>,
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
    /// A finished turn is frozen until End turn or Start turn.
    TurnFinished,
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
}

/// What changed since the approval an edit cleared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Lapse {
    /// A field of the arguments: its name and its approved value (`None`:
    /// the approved payload had no such field).
    Field { field: String, was: Option<String> },
    /// Another tool, or arguments that are no JSON object.
    Request,
    /// Only the policy inputs (role, hook, key, receipts).
    Inputs,
}

/// The ledger entry a finished run changed (or whose receipt it returned
/// again): the part of the ledger and the item in it, as the ledger panel
/// lists them, and what to say of it. Plain data: its words are made with
/// the view.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Changed {
    pub part: Part,
    pub item: usize,
    pub what: ChangeWords,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum ChangeWords {
    /// An entry added (an email, an event): the effect says it.
    Added(Effect),
    /// An entry replaced (a file, a database key): its name, before and
    /// after (JSON text), and the effect that replaced it.
    Value {
        name: String,
        before: String,
        after: String,
        effect: Effect,
    },
    /// The receipt of this key was returned again.
    Replayed(String),
}

impl Changed {
    /// What `commit` will change, read from the ledger before it: the old
    /// value of an entry its store replaces. [`Changed::placed`] finds the
    /// entry after.
    fn before(commit: &Commit, ledger: &Ledger) -> Option<ChangeWords> {
        Some(match commit {
            Commit::Ran(Finish::Effect { effect, .. }) => match effect.note(ledger.stores())? {
                Note::Added => ChangeWords::Added(effect.clone()),
                Note::Replaced {
                    name,
                    before,
                    after,
                } => ChangeWords::Value {
                    name,
                    before,
                    after,
                    effect: effect.clone(),
                },
            },
            Commit::Ran(Finish::Replay { key }) => ChangeWords::Replayed(key.clone()),
            Commit::Ran(Finish::Read) | Commit::Rejected(_) => return None,
        })
    }

    /// Where `what` stands in the ledger after the commit.
    fn placed(what: ChangeWords, ledger: &Ledger) -> Option<Self> {
        let (part, item) = match &what {
            ChangeWords::Added(effect) | ChangeWords::Value { effect, .. } => {
                let (store, row) = effect.place(ledger.stores())?;
                (Part::Store(store), row)
            }
            ChangeWords::Replayed(key) => (
                Part::Receipts,
                ledger.receipts().iter().position(|(k, _)| k == key)?,
            ),
        };
        Some(Changed { part, item, what })
    }

    /// The words of the change, for the ledger panel.
    pub fn text(&self) -> Text {
        match &self.what {
            ChangeWords::Added(effect) => Text::ChangedEffect {
                effect: effect.text().into(),
            },
            ChangeWords::Value {
                name,
                before,
                after,
                ..
            } => Text::ChangedValue {
                what: name.into(),
                before: before.into(),
                after: after.into(),
            },
            ChangeWords::Replayed(key) => Text::ChangedReplay {
                key: crate::json::quote(key).into(),
            },
        }
    }
}

/// The policy inputs beside the request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Policy {
    pub role: Role,
    pub hook: Hook,
    pub key: String,
    pub reuse: bool,
}

/// What the last copy, download or export did, for its status line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Delivery {
    /// Nothing was asked yet.
    Idle,
    /// The command was sent; a copy waits for the browser's answer.
    Offered(Deliverable),
    Copied(Deliverable),
    CopyFailed(Deliverable),
    Downloaded(Deliverable),
    DownloadFailed(Deliverable),
}

#[derive(Debug, Clone)]
pub struct Workbench {
    registry: Registry,
    experiment: Rc<Experiment>,
    locale: Locale,
    mode: Mode,
    policy: Policy,
    approval: Option<Approval>,
    ledger: Ledger,
    clock: Clock,
    /// The plan of the run under inspection (or just finished).
    plan: Plan,
    log: RunLog,
    notices: Vec<Notice>,
    /// The shell's clock at the last message.
    now_ms: u64,
    baseline: Option<Baseline>,
    baseline_slot: SlotState,
    notes: String,
    notes_slot: SlotState,
    progress_slot: SlotState,
    /// The model decision text, kept whatever happens to the turn.
    decision_text: String,
    decision_error: Option<DecisionError>,
    /// One flag per goal of the experiment, in its order; never unset.
    goals_reached: Vec<bool>,
    /// The link Copy link made, shown to copy by hand.
    share_link: Option<String>,
    /// The fragment part (`x=…`) that carried this experiment, which a
    /// shared link of it keeps.
    carried: Option<String>,
    /// The last notes export, shown to copy where downloads are blocked.
    notes_export: Option<String>,
    delivery: Delivery,
    embedding: Embedding,
    /// A language chosen whose catalogue is loading, with the page's
    /// address to write it to.
    locale_wanted: Option<(Locale, String)>,
    /// What the last finished run changed, shown until the next run starts.
    changed: Option<Changed>,
    /// The learner's own request that an example or a tool choice replaced,
    /// until Undo puts it back or the learner edits again.
    replaced: Option<Request>,
    /// The approval an edit cleared, and what changed since (worked out
    /// at each edit, not at each frame).
    lapsed: Option<(Approval, Lapse)>,
    /// The gate card clicked, and the stage it was clicked at.
    shown: Option<(Gate, Option<usize>)>,
    /// Msg::WallClock's origin and offset.
    wall: Option<(u64, i32)>,
    /// The call the person refused at an agent turn's approval gate (bound
    /// to its tool and canonical payload, as an approval is).
    refusal: Option<Approval>,
    /// Whether playback ran when a pending approval stopped it: the
    /// decision lets it run on.
    resume: bool,
    commands: VecDeque<Command>,
}

impl Workbench {
    /// A page opened on `experiment`, with its registry (the six fixture
    /// tools and the experiment's own).
    pub fn new(experiment: ExperimentId) -> Self {
        Self::with_experiment(Rc::clone(experiment.experiment()))
    }

    /// A page opened on any experiment (an instructor's, from a link).
    pub fn with_experiment(experiment: Rc<Experiment>) -> Self {
        let registry = experiment.registry();
        Self::build(experiment, registry)
    }

    pub fn with_registry(experiment: ExperimentId, registry: Registry) -> Self {
        Self::build(Rc::clone(experiment.experiment()), registry)
    }

    fn build(experiment: Rc<Experiment>, registry: Registry) -> Self {
        let e = &*experiment;
        // The starting tool as this registry holds it; one it lacks starts
        // with its name and empty arguments, and fails at the schema gate.
        let examples = registry.get(&e.tool).map(|t| &t.declaration().examples);
        let (args, example) = match (&e.args, examples) {
            (StartArgs::Example(kind), Some(examples)) => {
                (kind.text(examples).to_string(), Some(*kind))
            }
            (StartArgs::Example(_), None) => ("{}".to_string(), None),
            (StartArgs::Text(text), _) => (text.clone(), None),
        };
        let mode = Mode::Free(Request {
            tool: e.tool.clone(),
            args,
            example,
        });
        let policy = Policy {
            role: e.role,
            hook: e.hook,
            key: e.key.clone(),
            reuse: true,
        };
        let ledger = e.ledger(&registry);
        let plan = plan(
            &registry,
            &inputs_of(&mode, &policy, None, None),
            &ledger,
            Locale::default(),
        );
        Self {
            registry,
            experiment: Rc::clone(&experiment),
            locale: Locale::default(),
            mode,
            policy,
            approval: None,
            ledger,
            clock: Clock::default(),
            plan,
            log: RunLog::default(),
            notices: Vec::new(),
            now_ms: 0,
            baseline: None,
            baseline_slot: SlotState::Writable,
            notes: String::new(),
            replaced: None,
            lapsed: None,
            shown: None,
            wall: None,
            refusal: None,
            resume: false,
            notes_slot: SlotState::Writable,
            progress_slot: SlotState::Writable,
            goals_reached: vec![false; e.goals.len()],
            decision_text: e.decision.clone(),
            decision_error: None,
            share_link: None,
            carried: None,
            notes_export: None,
            delivery: Delivery::Idle,
            embedding: Embedding::default(),
            locale_wanted: None,
            changed: None,
            commands: VecDeque::new(),
        }
    }

    pub(crate) fn changed(&self) -> Option<&Changed> {
        self.changed.as_ref()
    }

    pub fn experiment(&self) -> &Rc<Experiment> {
        &self.experiment
    }

    pub fn locale(&self) -> Locale {
        self.locale
    }

    /// Words everything in `locale` from now on; its catalogue must be
    /// installed (`text::installed`), or English is written.
    pub(crate) fn set_locale(&mut self, locale: Locale) {
        self.locale = locale;
        // A built-in experiment's words come with its language's
        // catalogue; the same experiment, so goals keep their places.
        if let Some(id) = self.experiment.builtin {
            self.experiment = Rc::clone(id.in_locale(locale));
        }
        // A planned output's words are in the page's language.
        self.replan();
    }

    /// Switches to `locale`, whose catalogue is installed, and writes the
    /// choice to the page's address.
    fn switch_locale(&mut self, locale: Locale, page_url: &str) {
        self.set_locale(locale);
        self.commands.push_back(Command::ReplaceAddress {
            url: crate::query::with_lang(page_url, locale),
        });
    }

    /// Everything the next run depends on besides the ledger.
    pub fn inputs(&self) -> Inputs {
        inputs_of(
            &self.mode,
            &self.policy,
            self.approval.as_ref(),
            self.refusal.as_ref(),
        )
    }

    pub fn mode(&self) -> &Mode {
        &self.mode
    }

    pub fn ledger(&self) -> &Ledger {
        &self.ledger
    }

    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    pub fn log(&self) -> &RunLog {
        &self.log
    }

    pub fn baseline(&self) -> Option<&Baseline> {
        self.baseline.as_ref()
    }

    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    pub fn notices(&self) -> &[Notice] {
        &self.notices
    }

    pub fn notes(&self) -> &str {
        &self.notes
    }

    pub fn slot_state(&self, slot: Slot) -> SlotState {
        match slot {
            Slot::Notes => self.notes_slot,
            Slot::Baseline => self.baseline_slot,
            Slot::Progress => self.progress_slot,
        }
    }

    pub fn delivery(&self) -> Delivery {
        self.delivery
    }

    pub(crate) fn share_link(&self) -> Option<&str> {
        self.share_link.as_deref()
    }

    pub(crate) fn notes_export(&self) -> Option<&str> {
        self.notes_export.as_deref()
    }

    pub(crate) fn decision_text(&self) -> &str {
        &self.decision_text
    }

    pub(crate) fn decision_error(&self) -> Option<&DecisionError> {
        self.decision_error.as_ref()
    }

    pub(crate) fn policy(&self) -> &Policy {
        &self.policy
    }

    pub(crate) fn approval(&self) -> Option<&Approval> {
        self.approval.as_ref()
    }

    pub(crate) fn now_ms(&self) -> u64 {
        self.now_ms
    }

    /// The next command for the shell to perform, oldest first.
    pub fn poll_command(&mut self) -> Option<Command> {
        self.commands.pop_front()
    }

    /// When the shell should next send [`Msg::Tick`], if time matters now.
    pub fn next_deadline_ms(&self) -> Option<u64> {
        self.clock.next_deadline_ms()
    }

    /// Whether the current call is a valid mutation that approval applies to.
    pub fn approval_applies(&self) -> bool {
        self.plan.call().is_some_and(|c| c.risk.needs_approval())
    }

    /// Whether receipt reuse may be turned off (after a successful mutation).
    pub fn reuse_toggle_enabled(&self) -> bool {
        !self.ledger.receipts().is_empty()
    }

    /// The agent turn, if one is under inspection or finished.
    pub fn turn(&self) -> Option<&Turn> {
        match &self.mode {
            Mode::Turn(t) => Some(t),
            Mode::Free(_) => None,
        }
    }

    /// Whether a finished turn holds the request: nothing runs until the
    /// learner ends it or starts it again.
    pub fn turn_finished(&self) -> bool {
        self.turn().is_some_and(Turn::is_complete)
    }

    /// Which of the experiment's goals have been reached, in order.
    pub fn goals_reached(&self) -> &[bool] {
        &self.goals_reached
    }

    /// Whether the current tool has anything for the redact hook to hide.
    /// Whether the tool can mutate, so that Block mutations has something
    /// to block (search and calculator only read).
    pub fn block_applies(&self) -> bool {
        self.registry
            .get(self.request().0)
            .is_some_and(|t| t.declaration().risks.iter().any(|r| r.is_mutation()))
    }

    /// Whether the operation key means anything for the call as it stands:
    /// not for a read (nothing to keep a receipt of); for a request that is
    /// not a call yet, it stays editable.
    pub fn key_applies(&self) -> bool {
        self.plan.call().is_none_or(|c| c.risk.is_mutation())
    }

    pub fn redact_applies(&self) -> bool {
        self.registry
            .get(self.request().0)
            .is_some_and(|t| !t.declaration().redacts.is_empty())
    }

    /// The tool name and argument text of the request.
    pub fn request(&self) -> (&str, &str) {
        match &self.mode {
            Mode::Free(r) => (r.tool.as_str(), r.args.as_str()),
            Mode::Turn(t) => t.request(),
        }
    }

    /// The message a key pressed outside a text field means (the page lists
    /// them): `n` Next gate, `p` Play run or Pause, `r` Restart inspection,
    /// `f` Finish run.
    pub fn shortcut(&self, key: &str) -> Option<Msg> {
        Some(match key {
            "n" | "N" => Msg::NextGate,
            "p" | "P" if self.clock.is_playing() => Msg::Pause,
            "p" | "P" => Msg::Play,
            "r" | "R" => Msg::Restart,
            "f" | "F" => Msg::FinishRun,
            _ => return None,
        })
    }

    /// Whether the editor holds exactly what the experiment starts with
    /// (its own text, not an example), unedited.
    pub(crate) fn at_start_request(&self) -> bool {
        let e = &self.experiment;
        matches!(&e.args, StartArgs::Text(text) if self.request() == (e.tool.as_str(), text.as_str()))
    }

    pub(crate) fn example(&self) -> Option<ExampleKind> {
        match &self.mode {
            Mode::Free(r) => r.example,
            Mode::Turn(_) => None,
        }
    }

    /// Applies one message. A message that means nothing in the state it
    /// arrives in changes nothing at all, and says why.
    pub fn update(&mut self, now_ms: u64, msg: Msg) -> Handled {
        if let Some(why) = self.ignores(&msg) {
            return Handled::Ignored(why);
        }
        // A tick that stays inside the run's current gate is a frame (a
        // tick that completes the run may leave the clock looking the same:
        // the next call of a turn starts at gate 1 again).
        let within_gate = matches!(msg, Msg::Tick) && {
            let mut clock = self.clock;
            clock.tick(now_ms) == Step::Running && clock.same_but_time(&self.clock)
        };
        let resume = self.resume;
        self.apply(now_ms, msg);
        if within_gate && self.resume == resume {
            Handled::Frame
        } else {
            Handled::Applied
        }
    }

    /// Why `msg` would mean nothing now, if it would. The freeze of a
    /// finished turn lives here, in one place.
    pub fn ignores(&self, msg: &Msg) -> Option<Ignored> {
        let frozen = self.turn_finished();
        let in_turn = matches!(self.mode, Mode::Turn(_));
        let why = match msg {
            Msg::SelectTool(_)
            | Msg::ChooseTool(_)
            | Msg::SetToolName(_)
            | Msg::LoadExample(_)
            | Msg::EditArgs(_)
                if in_turn =>
            {
                Ignored::TurnHoldsRequest
            }
            Msg::SelectTool(id) if self.registry.get(id.id()).is_none() => Ignored::NotInRegistry,
            Msg::ChooseTool(name) if self.registry.get(name).is_none() => Ignored::NotInRegistry,
            Msg::LoadExample(_) if self.registry.get(self.request().0).is_none() => {
                Ignored::NoExamples
            }
            Msg::UndoReplace if in_turn => Ignored::TurnHoldsRequest,
            Msg::UndoReplace if self.replaced.is_none() => Ignored::NothingToUndo,
            Msg::SetRole(_)
            | Msg::SetHook(_)
            | Msg::SetKey(_)
            | Msg::SetReuse(_)
            | Msg::Approve
            | Msg::Revoke
            | Msg::Play
            | Msg::Restart
                if frozen =>
            {
                Ignored::TurnFinished
            }
            Msg::SetHook(Hook::RedactOutput) if !self.redact_applies() => Ignored::NothingToRedact,
            Msg::SetHook(Hook::BlockMutations) if !self.block_applies() => Ignored::NothingToBlock,
            Msg::SetReuse(false) if !self.reuse_toggle_enabled() => Ignored::NoReceiptYet,
            Msg::Approve if self.plan.call().is_none() => Ignored::NoCallToApprove,
            Msg::Approve if !self.approval_applies() => Ignored::ApprovalNotNeeded,
            Msg::Revoke if self.approval.is_none() => Ignored::NotApproved,
            Msg::NextGate | Msg::FinishRun if self.clock.is_finished() => Ignored::RunFinished,
            Msg::Pause if !self.clock.is_playing() => Ignored::NotPlaying,
            Msg::EndTurn if !in_turn => Ignored::NoTurn,
            Msg::Reject if !self.clock.is_held() => Ignored::NothingPending,
            Msg::NextGate | Msg::FinishRun | Msg::Play if self.clock.is_held() => {
                Ignored::AwaitingDecision
            }
            Msg::ClearBaseline if self.baseline.is_none() => Ignored::NoBaseline,
            Msg::Resized { .. } if !self.embedding.framed => Ignored::NotFramed,
            Msg::SetLocale { locale, .. }
                if *locale == self.locale && self.locale_wanted.is_none() =>
            {
                Ignored::SameLocale
            }
            _ => return None,
        };
        Some(why)
    }

    fn apply(&mut self, now_ms: u64, msg: Msg) {
        self.now_ms = now_ms;
        match msg {
            Msg::SelectTool(id) => self.choose_tool(id.id()),
            Msg::ChooseTool(name) => self.choose_tool(&name),
            Msg::SetToolName(name) => self.edit_request(|r| r.tool = name),
            Msg::ShowGate(gate) => self.shown = Some((gate, self.clock.stage())),
            Msg::WallClock {
                origin_ms,
                utc_offset_min,
            } => {
                self.wall = Some((origin_ms, utc_offset_min));
            }
            Msg::UndoReplace => {
                if let Some(mine) = self.replaced.take() {
                    self.edit_request(|r| *r = mine);
                }
            }
            Msg::LoadExample(kind) => {
                if let Some(tool) = self.registry.get(self.request().0) {
                    let text = kind.text(&tool.declaration().examples).to_string();
                    self.replace_request(|r| {
                        r.args = text;
                        r.example = Some(kind);
                    });
                }
            }
            Msg::EditArgs(text) => self.edit_request(|r| {
                if r.args != text {
                    r.args = text;
                    r.example = None;
                }
            }),
            Msg::SetRole(role) => self.edit_policy(|p| p.role = role),
            Msg::SetHook(hook) => self.edit_policy(|p| p.hook = hook),
            Msg::SetKey(key) => self.edit_policy(|p| p.key = key),
            Msg::SetReuse(reuse) => self.edit_policy(|p| p.reuse = reuse),
            Msg::Approve => self.approve(),
            Msg::Reject => {
                if let Some(call) = self.plan.call() {
                    self.refusal = Some(Approval {
                        tool: call.tool.clone(),
                        payload: call.payload.clone(),
                    });
                    self.decided();
                }
            }
            Msg::Revoke => {
                self.approval = None;
                self.lapsed = None;
                self.start_over();
            }
            Msg::Play => {
                if self.clock.is_finished() {
                    self.replan();
                }
                self.notices.retain(|n| !n.cleared_by_play());
                self.clock.play(now_ms);
            }
            Msg::Pause => {
                let step = self.clock.pause(now_ms);
                self.after(step, false);
            }
            Msg::NextGate => {
                // Settle the time already played first: the press completes
                // the gate under inspection as of now, not as of the last tick.
                let step = match self.clock.tick(now_ms) {
                    Step::Finished => Step::Finished,
                    Step::Running => self.clock.next_gate(),
                };
                self.after(step, false);
            }
            Msg::FinishRun => {
                // As Next gate pressed until the run ends: each gate in turn,
                // and the effect only when the seventh completes.
                let mut step = self.clock.tick(now_ms);
                for _ in 0..crate::playback::STAGES {
                    if step == Step::Finished {
                        break;
                    }
                    step = self.clock.next_gate();
                }
                self.after(step, false);
            }
            Msg::Restart => {
                self.start_over();
                let ledger = self.ledger.clone();
                self.reach_on(Event::Restart, &ledger, self.policy.reuse);
            }
            Msg::ResetLedger => {
                let (before, reuse) = (self.ledger.clone(), self.policy.reuse);
                // The turn's claims were judged against the ledger now gone.
                self.leave_turn();
                self.ledger.reset();
                self.approval = None;
                self.policy.reuse = true;
                self.start_over();
                self.reach_on(Event::Reset, &before, reuse);
            }
            Msg::SetSpeed(speed) => {
                let step = self.clock.set_speed(speed, now_ms);
                self.after(step, true);
            }
            Msg::Tick => {
                let step = self.clock.tick(now_ms);
                self.after(step, true);
            }
            Msg::CaptureBaseline => {
                self.baseline = Some(self.capture_baseline());
                self.store_baseline();
            }
            Msg::ClearBaseline => {
                self.baseline = None;
                self.store_baseline();
            }
            Msg::RestoreBaseline(baseline) => self.baseline = Some(baseline),
            Msg::RestoreSetup(setup) => self.restore(setup),
            Msg::Notice(notice) => self.notify(notice),
            Msg::EditDecision(text) => {
                if self.decision_text != text {
                    self.decision_text = text;
                    self.decision_error = None;
                    self.leave_turn();
                }
            }
            Msg::StartTurn => match turn::parse(&self.decision_text) {
                Ok(decision) => {
                    self.decision_error = None;
                    self.replaced = None;
                    self.lapsed = None;
                    self.mode = Mode::Turn(Turn::new(decision, &self.registry));
                    self.call_loaded(false);
                }
                Err(e) => {
                    self.leave_turn();
                    self.decision_error = Some(e);
                }
            },
            Msg::EndTurn => self.leave_turn(),
            Msg::Hidden => {
                if self.clock.is_playing() {
                    let step = self.clock.pause(now_ms);
                    self.notify(Notice::HiddenPaused);
                    self.after(step, false);
                }
            }
            Msg::EditNotes(text) => {
                if self.notes != text {
                    self.notes = text;
                    self.store_notes();
                }
            }
            Msg::ExportNotes => {
                let text = self.export_notes();
                self.notes_export = Some(text.clone());
                self.offer(Command::Download {
                    what: Deliverable::NotesExport,
                    file_name: self.export_file_name(),
                    mime: "text/plain;charset=utf-8",
                    text,
                });
            }
            Msg::CopyLink { page_url } => {
                let base = page_url.split('#').next().unwrap_or_default();
                let base = crate::query::with_lang(base, self.locale);
                let setup = self.setup().to_fragment();
                let url = match &self.carried {
                    Some(carried) => format!("{base}#{carried}&{setup}"),
                    None => format!("{base}#{setup}"),
                };
                self.share_link = Some(url.clone());
                self.commands
                    .push_back(Command::ReplaceAddress { url: url.clone() });
                self.offer(Command::Copy {
                    what: Deliverable::ShareLink,
                    text: url,
                });
            }
            Msg::CopyExport(export) => self.offer(Command::Copy {
                what: Deliverable::Declarations(export),
                text: crate::published::text(export, self.locale),
            }),
            Msg::DownloadExport(export) => self.offer(Command::Download {
                what: Deliverable::Declarations(export),
                file_name: crate::published::file_name(export).to_string(),
                mime: "application/json",
                text: crate::published::text(export, self.locale),
            }),
            Msg::Resized { height } => {
                let posts = self.embedding.resized(&self.experiment.id, height);
                self.commands.extend(posts);
            }
            Msg::FromParent { context, action } => {
                let posts = self.embedding.parent_posted(&context, &action);
                self.commands.extend(posts);
            }
            Msg::FullScreen(on) => self.embedding.full_screen(on),
            Msg::FillFrame(on) => self.embedding.fill_frame(on),
            Msg::Stored(slot) => self.set_slot(slot, SlotState::Writable),
            Msg::StoreFailed(slot) => {
                self.set_slot(slot, SlotState::Refused);
                if slot == Slot::Baseline {
                    self.notify(Notice::BaselineUnsaved);
                }
            }
            Msg::Copied(what) => self.answer(what, Delivery::Copied(what)),
            Msg::CopyFailed(what) => self.answer(what, Delivery::CopyFailed(what)),
            Msg::DownloadFailed(what) => self.answer(what, Delivery::DownloadFailed(what)),
            Msg::SetLocale { locale, page_url } => {
                if crate::text::installed(locale) {
                    self.locale_wanted = None;
                    self.switch_locale(locale, &page_url);
                } else {
                    self.locale_wanted = Some((locale, page_url));
                    self.commands.push_back(Command::LoadCatalogue(locale));
                }
            }
            Msg::CatalogueLoaded { locale, data } => {
                let installed = crate::text::install_fetched(locale, data);
                let wanted = self.locale_wanted.take_if(|(l, _)| *l == locale);
                match (installed, wanted) {
                    (Ok(()), Some((_, page_url))) => self.switch_locale(locale, &page_url),
                    (Ok(()), None) => {}
                    (Err(why), _) => self.notify(Notice::CatalogueFailed {
                        language: locale.autonym(),
                        why,
                    }),
                }
            }
        }
    }

    /// The setup a Copy link action shares.
    pub fn setup(&self) -> Setup {
        let inputs = self.inputs();
        Setup {
            experiment: self.experiment.id.clone(),
            tool: inputs.tool,
            args: inputs.args,
            role: inputs.role,
            hook: inputs.hook,
            key: inputs.key,
            speed: self.clock.speed,
        }
    }

    /// The current inputs and plan as a baseline, in the page's language.
    fn capture_baseline(&self) -> Baseline {
        let l = self.locale;
        let inputs = self.inputs();
        let plan = &self.plan;
        Baseline {
            request: request_text(&inputs).render(l),
            role: inputs.role.label().render(l),
            hook: inputs.hook.label().render(l),
            key: inputs.key.clone(),
            approved: inputs.approval.is_some(),
            rows: plan
                .rows()
                .iter()
                .map(|r| {
                    (
                        r.gate.id().into(),
                        r.verdict.label().render(l),
                        r.reason.text().render(l),
                    )
                })
                .collect(),
            summary: plan.summary().render(l),
            output: plan.returned_text(),
        }
    }

    /// Adds a notice unless the same one is already shown.
    fn notify(&mut self, notice: Notice) {
        if !self.notices.contains(&notice) {
            self.notices.push(notice);
        }
    }

    pub(crate) fn set_framed(&mut self, framed: bool) {
        self.embedding.framed = framed;
    }

    pub(crate) fn set_carried(&mut self, part: String) {
        self.carried = Some(part);
    }

    pub(crate) fn set_from_file(&mut self, from_file: bool) {
        self.embedding.from_file = from_file;
    }

    pub(crate) fn opened_from_file(&self) -> bool {
        self.embedding.from_file
    }

    pub(crate) fn set_embed(&mut self, embed: EmbedOptions) {
        self.embedding.options = embed;
    }

    /// Whether the experiment is expanded: `(full screen, filling the frame)`.
    pub fn expanded(&self) -> (bool, bool) {
        let how = self.embedding.expanded;
        (how == Expanded::FullScreen, how == Expanded::FillFrame)
    }

    pub fn embed(&self) -> &EmbedOptions {
        &self.embedding.options
    }

    pub(crate) fn set_notes_loaded(&mut self, notes: String, slot: SlotState) {
        self.notes = notes;
        self.notes_slot = slot;
    }

    pub(crate) fn set_baseline_slot(&mut self, slot: SlotState) {
        self.baseline_slot = slot;
    }

    /// Puts back the goals this browser reached before (their ids, as
    /// [`Slot::Progress`] stores them); ids the experiment lacks are
    /// dropped. What cannot be read locks the slot.
    pub(crate) fn set_progress_loaded(&mut self, stored: Option<&str>, slot: SlotState) {
        self.progress_slot = slot;
        let Some(text) = stored else { return };
        match crate::course::progress_ids(text) {
            Some(ids) => {
                for (flag, goal) in self.goals_reached.iter_mut().zip(&self.experiment.goals) {
                    *flag |= ids.contains(&goal.id);
                }
            }
            None => self.progress_slot = SlotState::Locked,
        }
    }

    /// Persists the ids of the goals reached.
    fn store_progress(&mut self) {
        if self.progress_slot == SlotState::Locked {
            return;
        }
        let ids: Vec<serde_json::Value> = self
            .experiment
            .goals
            .iter()
            .zip(&self.goals_reached)
            .filter(|(_, reached)| **reached)
            .map(|(g, _)| serde_json::Value::String(g.id.clone()))
            .collect();
        self.commands.push_back(Command::Store {
            slot: Slot::Progress,
            key: Slot::Progress.key(&self.experiment.storage_id()),
            value: crate::json::compact(&serde_json::Value::Array(ids)),
        });
    }

    fn set_slot(&mut self, slot: Slot, state: SlotState) {
        let current = match slot {
            Slot::Notes => &mut self.notes_slot,
            Slot::Baseline => &mut self.baseline_slot,
            Slot::Progress => &mut self.progress_slot,
        };
        // A locked slot stays locked: nothing was written to it.
        if *current != SlotState::Locked {
            *current = state;
        }
    }

    /// Queues a download or a copy and says so on its status line.
    fn offer(&mut self, command: Command) {
        let what = match &command {
            Command::Download { what, .. } | Command::Copy { what, .. } => *what,
            _ => return,
        };
        self.delivery = match command {
            // A download has no success callback: offering it is the answer.
            Command::Download { .. } => Delivery::Downloaded(what),
            _ => Delivery::Offered(what),
        };
        self.commands.push_back(command);
    }

    /// A copy or download answered; an answer about an older request is
    /// dropped.
    fn answer(&mut self, what: Deliverable, delivery: Delivery) {
        let current = match self.delivery {
            Delivery::Idle => None,
            Delivery::Offered(w)
            | Delivery::Copied(w)
            | Delivery::CopyFailed(w)
            | Delivery::Downloaded(w)
            | Delivery::DownloadFailed(w) => Some(w),
        };
        if current == Some(what) {
            self.delivery = delivery;
        }
    }

    fn store_notes(&mut self) {
        if self.notes_slot == SlotState::Locked {
            return;
        }
        let key = Slot::Notes.key(&self.experiment.storage_id());
        self.commands.push_back(Command::Store {
            slot: Slot::Notes,
            key,
            value: self.notes.clone(),
        });
    }

    /// Persists the baseline (or its removal), unless a stored value this
    /// build cannot read is there: that one is never written over.
    fn store_baseline(&mut self) {
        if self.baseline_slot == SlotState::Locked {
            self.notify(Notice::BaselineKept);
            return;
        }
        let key = Slot::Baseline.key(&self.experiment.storage_id());
        self.commands.push_back(match &self.baseline {
            Some(b) => Command::Store {
                slot: Slot::Baseline,
                key,
                value: b.to_stored(),
            },
            None => Command::Remove {
                slot: Slot::Baseline,
                key,
            },
        });
    }

    /// The person decided on the call held at the approval gate: the plan
    /// says so, and inspection goes on as it went before the hold.
    fn decided(&mut self) {
        self.replan();
        if std::mem::take(&mut self.resume) {
            self.clock.play(self.now_ms);
        }
    }

    fn approve(&mut self) {
        let Some(call) = self.plan.call() else {
            return;
        };
        let approval = Approval {
            tool: call.tool.clone(),
            payload: call.payload.clone(),
        };
        // Approving takes back an earlier rejection of the same call.
        self.refusal = None;
        if self.clock.is_held() {
            // The pending call goes on from the approval gate.
            self.approval = Some(approval);
            self.lapsed = None;
            self.decided();
        } else if self.approval.as_ref() != Some(&approval) {
            self.approval = Some(approval);
            self.lapsed = None;
            self.start_over();
        }
    }

    /// The one path for editing the learner's request. During a turn there
    /// is no learner's request: the edit has nothing to change.
    fn edit_request(&mut self, edit: impl FnOnce(&mut Request)) {
        let Mode::Free(request) = &mut self.mode else {
            return;
        };
        let before = request.clone();
        edit(request);
        if *request != before {
            let tool_changed = request.tool != before.tool;
            // The learner's own edit: nothing of theirs is replaced now.
            self.replaced = None;
            self.inputs_changed(tool_changed);
        }
    }

    /// An example or a tool choice replaces the request: what the learner
    /// wrote (not an example) is kept for Undo.
    fn replace_request(&mut self, edit: impl FnOnce(&mut Request)) {
        let Mode::Free(request) = &self.mode else {
            return;
        };
        let before = request.clone();
        // The experiment's own starting text is not the learner's.
        let mine = before.example.is_none() && !self.at_start_request();
        let kept = self.replaced.take();
        self.edit_request(edit);
        let changed = !matches!(&self.mode, Mode::Free(r) if *r == before);
        self.replaced = match kept {
            Some(kept) => Some(kept),
            None if changed && mine => Some(before),
            None => None,
        };
    }

    /// Loads the tool `name` with its valid example. Only what the registry
    /// holds can be chosen (see `ignores`).
    fn choose_tool(&mut self, name: &str) {
        let Some(tool) = self.registry.get(name) else {
            return;
        };
        let decl = tool.declaration();
        let args = decl.examples.valid.to_string();
        self.replace_request(|r| {
            r.tool = decl.name.into();
            r.args = args;
            r.example = Some(ExampleKind::Valid);
        });
    }

    /// Whether Undo can put the learner's own arguments back.
    pub(crate) fn can_undo(&self) -> bool {
        self.replaced.is_some() && matches!(self.mode, Mode::Free(_))
    }

    /// The tool name and arguments Undo would put back.
    pub fn replaced_request(&self) -> Option<(&str, &str)> {
        self.replaced
            .as_ref()
            .map(|r| (r.tool.as_str(), r.args.as_str()))
    }

    /// The one path for editing a policy input (a finished turn is frozen:
    /// see `ignores`).
    fn edit_policy(&mut self, edit: impl FnOnce(&mut Policy)) {
        let before = self.policy.clone();
        edit(&mut self.policy);
        if self.policy != before {
            self.inputs_changed(false);
        }
    }

    /// An input changed: a redact hook with nothing to hide falls back to
    /// none (Block mutations stays: on a read it lets the read through, as
    /// the registry walkthrough shows), approval no longer applies,
    /// inspection starts over.
    fn inputs_changed(&mut self, tool_changed: bool) {
        if tool_changed && self.policy.hook == Hook::RedactOutput && !self.redact_applies() {
            self.policy.hook = Hook::None;
        }
        // The approval this edit cleared, or the one an earlier edit did:
        // what changed since is worked out again.
        let cleared = self.approval.take();
        self.refusal = None;
        if let Some(approval) = cleared.or_else(|| self.lapsed.take().map(|(a, _)| a)) {
            let lapse = self.lapse_of(&approval);
            self.lapsed = Some((approval, lapse));
        }
        self.start_over();
    }

    /// What changed since `approval`: the first field of the arguments as
    /// written (a field spelled out of bounds counts) whose value differs,
    /// the request, or the policy inputs.
    fn lapse_of(&self, approval: &Approval) -> Lapse {
        let parse = |s: &str| serde_json::from_str::<serde_json::Value>(s).ok();
        let (tool, args) = self.request();
        let now = (tool == approval.tool).then(|| parse(args)).flatten();
        let (Some(serde_json::Value::Object(was)), Some(serde_json::Value::Object(now))) =
            (parse(&approval.payload), now)
        else {
            return Lapse::Request;
        };
        let changed = was
            .keys()
            .chain(now.keys())
            .find(|k| was.get(*k) != now.get(*k));
        match changed {
            Some(field) => Lapse::Field {
                was: was.get(field).map(crate::json::compact),
                field: field.clone(),
            },
            None => Lapse::Inputs,
        }
    }

    /// The local time of day at the shell's `at_ms`, as `HH:MM:SS`, once
    /// the shell told the wall clock.
    pub(crate) fn time_of_day(&self, at_ms: u64) -> Option<String> {
        let (origin, offset) = self.wall?;
        let local = (origin.saturating_add(at_ms) / 1000) as i64 + i64::from(offset) * 60;
        let s = local.rem_euclid(86_400);
        let mut out = String::with_capacity(8);
        for (i, n) in [s / 3600, s / 60 % 60, s % 60].into_iter().enumerate() {
            if i > 0 {
                out.push(':');
            }
            out.push(char::from(b'0' + (n / 10) as u8));
            out.push(char::from(b'0' + (n % 10) as u8));
        }
        Some(out)
    }

    /// The gate card clicked, while the stage is the one it was clicked at.
    pub(crate) fn shown_gate(&self) -> Option<Gate> {
        self.shown
            .filter(|(_, at)| *at == self.clock.stage())
            .map(|(g, _)| g)
    }

    /// The approval an edit cleared and what changed since (while no
    /// approval stands).
    pub(crate) fn lapsed(&self) -> Option<&(Approval, Lapse)> {
        self.lapsed.as_ref().filter(|_| self.approval.is_none())
    }

    /// Back to the learner's editor, holding the turn's last request.
    fn leave_turn(&mut self) {
        if let Mode::Turn(turn) = &self.mode {
            let (tool, args) = turn.request();
            self.mode = Mode::Free(Request {
                tool: tool.into(),
                args: args.into(),
                example: None,
            });
            self.approval = None;
            self.refusal = None;
            self.start_over();
        }
    }

    /// The turn moved to its next call: it is the request now.
    fn call_loaded(&mut self, keep_playing: bool) {
        self.inputs_changed(true);
        if keep_playing {
            self.clock.play(self.now_ms);
        }
    }

    /// A shared setup replaces the inputs and the speed; the ledger, the
    /// receipts and any approval stay as they are here (none is shared).
    fn restore(&mut self, setup: Setup) {
        self.leave_turn();
        self.mode = Mode::Free(Request {
            tool: setup.tool,
            args: setup.args,
            example: None,
        });
        self.policy.role = setup.role;
        self.policy.hook = setup.hook;
        self.policy.key = setup.key;
        self.clock.speed = setup.speed;
        self.notify(Notice::SharedSetup);
        self.inputs_changed(true);
    }

    /// Gate 1, paused, with a fresh plan of the current inputs and ledger.
    fn start_over(&mut self) {
        self.clock.restart();
        self.resume = false;
        self.changed = None;
        self.shown = None;
        self.replan();
    }

    fn replan(&mut self) {
        self.plan = plan(&self.registry, &self.inputs(), &self.ledger, self.locale);
        // An agent turn's call that needs approval waits at the approval
        // gate for the person (seed 002: "排入 Approval").
        let waits = matches!(self.mode, Mode::Turn(_))
            && matches!(
                self.plan.row(Gate::Approval).reason,
                crate::reason::Reason::ApprovalMissing { .. }
            );
        self.clock.hold = waits.then_some(Gate::Approval.index());
    }

    /// What the experiment checker's search tells states apart by: the
    /// request (or the turn's progress), the policy inputs, the approval
    /// and refusal, where inspection stands, and the ledger without its
    /// counters; not the runs log, notices, commands or goals.
    #[doc(hidden)]
    pub fn fingerprint(&self) -> u64 {
        use std::fmt::Write as _;
        let mut h = crate::experiments::search::Fnv::default();
        let request = match &self.mode {
            Mode::Free(r) => (r.tool.as_str(), r.args.as_str()),
            Mode::Turn(_) => ("", ""),
        };
        let turn = self.turn().map(|t| (t.outcomes(), t.approved()));
        let l = &self.ledger;
        let _ = write!(
            h,
            "{request:?}{turn:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}",
            self.policy,
            self.approval,
            self.refusal,
            self.clock.state,
            self.clock.hold,
            l.stores(),
            l.receipts(),
        );
        h.0
    }

    /// Whether a turn's call waits at the approval gate for the person.
    pub fn pending(&self) -> bool {
        self.clock.is_held()
    }

    /// `playing`: whether time was running when the step happened, so a
    /// turn's next call goes on playing.
    fn after(&mut self, step: Step, playing: bool) {
        if step == Step::Finished {
            self.finish(playing);
        } else if playing && self.clock.is_held() {
            self.resume = true;
        }
    }

    /// The seventh stage completed: commit the plan and log the run.
    fn finish(&mut self, playing: bool) {
        let commit = self.plan.commit();
        let effect = match &commit {
            Commit::Rejected(_) => RunEffect::Rejected,
            Commit::Ran(Finish::Read) => RunEffect::None,
            Commit::Ran(Finish::Effect { .. }) => RunEffect::Committed,
            Commit::Ran(Finish::Replay { .. }) => RunEffect::Replayed,
        };
        let change = Changed::before(&commit, &self.ledger);
        // The ledger before the commit, kept only for a goal that asks.
        let before = (self.experiment.goals.iter())
            .any(|g| g.when.before.is_some())
            .then(|| self.ledger.clone());
        self.ledger.commit(commit);
        self.changed = change.and_then(|what| Changed::placed(what, &self.ledger));
        let (tool, args) = self.request();
        let (tool, args) = (tool.to_string(), args.to_string());
        // The call's place in a turn, taken before the turn moves on.
        let place = self
            .turn()
            .map(|t| (t.current() + 1, t.decision().dispatched().len()));
        let turn_ended = self.record_turn_outcome();
        let turn = place.map(|(call, of)| TurnNote {
            call,
            of,
            claims: self.logged_claims(),
        });
        self.log.push(RunRecord {
            seq: 0,
            at_ms: self.now_ms,
            experiment: self.experiment.id.clone(),
            tool: tool.clone(),
            role: self.policy.role,
            hook: self.policy.hook,
            key: self.policy.key.clone(),
            args,
            outcomes: crate::vocab::Gate::ALL.map(|g| self.plan.row(g).verdict),
            effect,
            output: self.plan.returned_text(),
            turn,
        });
        let run = FinishedRun {
            tool: &tool,
            role: self.policy.role,
            hook: self.policy.hook,
            plan: &self.plan,
            turn: self.turn().filter(|_| turn_ended),
        };
        let after = State {
            ledger: &self.ledger,
            reuse: self.policy.reuse,
        };
        let happened = Happened {
            event: Event::Run,
            run: Some(&run),
            before: State {
                ledger: before.as_ref().unwrap_or(&self.ledger),
                reuse: self.policy.reuse,
            },
            after,
        };
        let reached = self.goals_reached_by(&happened);
        self.reach(reached);
        if self.turn().is_some_and(|t| !t.is_complete()) {
            // The turn goes on with its next call, on the same timeline.
            self.call_loaded(playing);
        }
    }

    /// The claims of a finished turn and their verdicts, as the log keeps
    /// them (none while the turn goes on).
    fn logged_claims(&self) -> Vec<LoggedClaim> {
        let Some(turn) = self.turn().filter(|t| t.is_complete()) else {
            return Vec::new();
        };
        turn.claims()
            .into_iter()
            .map(|(claim, backed)| LoggedClaim {
                quote: claim.sentence,
                tool: claim.tool.into(),
                backed,
            })
            .collect()
    }

    /// Records the finished run as the current call's outcome; returns how
    /// the turn ended if this was its last dispatched call.
    fn record_turn_outcome(&mut self) -> bool {
        let outcome = match self.plan.commit() {
            Commit::Rejected(gate) => {
                CallOutcome::Rejected(gate, self.plan.row(gate).reason.clone())
            }
            Commit::Ran(Finish::Read) => CallOutcome::Read,
            Commit::Ran(Finish::Effect { .. }) => CallOutcome::Committed,
            Commit::Ran(Finish::Replay { .. }) => CallOutcome::Replayed,
        };
        let approved = matches!(
            self.plan.row(Gate::Approval).reason,
            crate::reason::Reason::Approved
        );
        let Mode::Turn(turn) = &mut self.mode else {
            return false;
        };
        turn.record(outcome, approved) && turn.is_complete()
    }

    /// The goals' flags once `happened`: each reached stays reached.
    fn goals_reached_by(&self, happened: &Happened<'_>) -> Vec<bool> {
        self.goals_reached
            .iter()
            .zip(&self.experiment.goals)
            .map(|(was, goal)| *was || goal.reached_by(happened))
            .collect()
    }

    /// Records the goals' flags, telling a framing course page of each
    /// newly reached goal.
    fn reach(&mut self, reached: Vec<bool>) {
        let total = reached.len();
        let count = reached.iter().filter(|r| **r).count();
        for (i, (was, is)) in self.goals_reached.iter().zip(&reached).enumerate() {
            if *is && !was && self.embedding.framed {
                if let Some(goal) = self.experiment.goals.get(i) {
                    self.commands.push_back(Command::Post(Post::Goal {
                        experiment: self.experiment.id.clone(),
                        goal: goal.id.clone(),
                        reached: count,
                        total,
                    }));
                }
            }
        }
        if reached != self.goals_reached {
            self.goals_reached = reached;
            self.store_progress();
        }
    }

    /// A goal waiting for Restart inspection or Reset synthetic ledger:
    /// `before` is the ledger and reuse just before the event.
    fn reach_on(&mut self, event: Event, before: &Ledger, reuse_before: bool) {
        let happened = Happened {
            event,
            run: None,
            before: State {
                ledger: before,
                reuse: reuse_before,
            },
            after: State {
                ledger: &self.ledger,
                reuse: self.policy.reuse,
            },
        };
        let reached = self.goals_reached_by(&happened);
        self.reach(reached);
    }
}

fn inputs_of(
    mode: &Mode,
    policy: &Policy,
    approval: Option<&Approval>,
    refusal: Option<&Approval>,
) -> Inputs {
    let (tool, args) = match mode {
        Mode::Free(r) => (r.tool.as_str(), r.args.as_str()),
        Mode::Turn(t) => t.request(),
    };
    Inputs {
        tool: tool.into(),
        args: args.into(),
        role: policy.role,
        hook: policy.hook,
        key: policy.key.clone(),
        reuse: policy.reuse,
        approval: approval.cloned(),
        refusal: refusal.cloned(),
    }
}
