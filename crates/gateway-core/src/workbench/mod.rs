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

mod approval;
mod changed;
mod decision;
mod delivery;
mod editor;
mod embedding;
mod exports;
mod finish;
mod ignores;
mod inputs;
mod msg;
mod opened;
mod progress;
mod queries;
mod run;
mod slots;
mod values;

pub(crate) use approval::{Lapse, Lapsed, Setting};
pub(crate) use changed::Changed;
pub use delivery::Delivery;
pub use msg::{Handled, Ignored, Msg};

use std::collections::VecDeque;
use std::rc::Rc;

use crate::baseline::Baseline;
use crate::command::{Command, Deliverable, Slot, SlotState};
use crate::experiments::{Experiment, ExperimentId};
use crate::fixtures::Fixtures;
use crate::goals::Event;
use crate::ledger::Ledger;
use crate::mode::{Request, Turn};
use crate::notice::Notice;
use crate::playback::Step;
use crate::policy::{Hook, Role};
use crate::query;
use crate::runlog::RunLog;
use crate::text::Locale;
use crate::tools::Registry;
use approval::ApprovalState;
use decision::DecisionText;
use delivery::Deliveries;
use editor::Editor;
use embedding::Embedding;
use exports::Exports;
use progress::Progress;
use run::Run;
use slots::Slots;

/// The policy inputs beside the request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Policy {
    pub role: Role,
    pub hook: Hook,
    pub key: String,
    pub reuse: bool,
}

impl Policy {
    /// The first setting that differs from `before`, in the builder's order.
    fn changed_since(&self, before: &Policy) -> Option<Setting> {
        [
            (self.role != before.role, Setting::Role),
            (self.hook != before.hook, Setting::Hook),
            (self.key != before.key, Setting::Key),
            (self.reuse != before.reuse, Setting::Reuse),
        ]
        .into_iter()
        .find_map(|(changed, setting)| changed.then_some(setting))
    }
}

#[derive(Debug, Clone)]
pub struct Workbench {
    registry: Registry,
    experiment: Rc<Experiment>,
    locale: Locale,
    /// The request: the learner's editor, or an agent turn's call.
    editor: Editor,
    /// The agent turn panel's decision text.
    decision: DecisionText,
    policy: Policy,
    ledger: Ledger,
    /// The run under inspection: plan, clock, approval.
    run: Run,
    log: RunLog,
    notices: Vec<Notice>,
    /// The shell's clock at the last message.
    now_ms: u64,
    slots: Slots,
    progress: Progress,
    /// The fragment part (`x=…`) that carried this experiment, which a
    /// shared link of it keeps.
    carried: Option<String>,
    /// Copies and downloads: what the last one did.
    deliveries: Deliveries,
    embedding: Embedding,
    /// The download of the declarations' exports.
    exports: Exports,
    /// A language chosen whose catalogue is loading, with the page's
    /// address to write it to.
    locale_wanted: Option<(Locale, String)>,
    /// What the last finished run changed, shown until the next run starts.
    changed: Option<Changed>,
    /// Msg::WallClock's origin and offset.
    wall: Option<(u64, i32)>,
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
        Self::build(experiment, registry, Fixtures::En)
    }

    pub fn with_registry(experiment: ExperimentId, registry: Registry) -> Self {
        Self::build(Rc::clone(experiment.experiment()), registry, Fixtures::En)
    }

    /// A page opened on any experiment with the fixtures of `locale`'s
    /// language: its ledger, starting arguments and decision (the opening
    /// chooses them from the page's language).
    pub fn with_fixtures(experiment: Rc<Experiment>, locale: Locale) -> Self {
        let registry = experiment.registry();
        let mut wb = Self::build(experiment, registry, Fixtures::of(locale));
        wb.set_locale(locale);
        wb
    }

    fn build(experiment: Rc<Experiment>, registry: Registry, lang: Fixtures) -> Self {
        let e = &*experiment;
        // The starting tool as this registry holds it; one it lacks starts
        // with its name and empty arguments, and fails at the schema gate.
        let (args, example) = e.start_args(&registry, lang);
        let request = Request {
            tool: e.tool.clone(),
            args,
            example,
        };
        let policy = Policy {
            role: e.role,
            hook: e.hook,
            key: e.key.clone(),
            reuse: true,
        };
        let ledger = e.ledger(&registry, lang);
        let run = Run::new(&registry, (&request.tool, &request.args), &policy, &ledger);
        Self {
            registry,
            experiment: Rc::clone(&experiment),
            locale: Locale::default(),
            editor: Editor::new(request),
            decision: DecisionText::new(e.decision.get(lang).clone()),
            policy,
            ledger,
            run,
            log: RunLog::default(),
            notices: Vec::new(),
            now_ms: 0,
            slots: Slots::default(),
            progress: Progress::new(e.goals.len()),
            carried: None,
            deliveries: Deliveries::default(),
            embedding: Embedding::default(),
            exports: Exports::default(),
            locale_wanted: None,
            changed: None,
            wall: None,
            commands: VecDeque::new(),
        }
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

    /// Reset synthetic ledger: the experiment's ledger again, with the
    /// fixtures of the page's language now (a switch alone never rewrote
    /// them). Where the turn panel still holds the experiment's own
    /// decision in the old fixtures' language, it follows, so its queries
    /// and titles are the ledger's; the editor's request is an input and
    /// stays as it is (an example loaded from now on is in the new
    /// language).
    fn reset_ledger(&mut self) {
        let (old, new) = (self.fixtures(), Fixtures::of(self.locale));
        let start = self.experiment.ledger(&self.registry, new);
        self.ledger.reset_to(start);
        let decision = &self.experiment.decision;
        if old != new && self.decision.text() == decision.get(old) {
            let text = decision.get(new).clone();
            self.decision.edit(text);
        }
    }

    /// Switches to `locale`, whose catalogue is installed, and writes the
    /// choice to the page's address.
    fn switch_locale(&mut self, locale: Locale, page_url: &str) {
        self.set_locale(locale);
        self.commands.push_back(Command::ReplaceAddress {
            url: query::with_lang(page_url, locale),
        });
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
            let mut clock = self.run.clock;
            clock.tick(now_ms) == Step::Running && clock.same_but_time(&self.run.clock)
        };
        let resume = self.run.approval.resumes();
        self.apply(now_ms, msg);
        if within_gate && self.run.approval.resumes() == resume {
            Handled::Frame
        } else {
            Handled::Applied
        }
    }

    fn apply(&mut self, now_ms: u64, msg: Msg) {
        self.now_ms = now_ms;
        match msg {
            Msg::SelectTool(id) => self.choose_tool(id.id()),
            Msg::ChooseTool(name) => self.choose_tool(&name),
            Msg::SetToolName(name) => self.edit_request(|r| r.tool = name),
            Msg::ShowGate(gate) => self.run.show(gate),
            Msg::WallClock {
                origin_ms,
                utc_offset_min,
            } => {
                self.wall = Some((origin_ms, utc_offset_min));
            }
            Msg::UndoReplace => {
                if let Some(tool_changed) = self.editor.undo() {
                    self.inputs_changed(tool_changed);
                }
            }
            Msg::LoadExample(kind) => {
                if let Some(tool) = self.registry.get(self.request().0) {
                    // In the language of the ledger's fixtures, which it
                    // reads and writes.
                    let examples = tool.declaration().examples.get(self.fixtures());
                    let text = kind.text(examples).to_string();
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
                if let Some(call) = self.run.call() {
                    let resume = self.run.approval.resumes();
                    self.run.approval.refuse(call);
                    self.decided(resume);
                    self.commands.push_back(Command::Reveal);
                }
            }
            Msg::Revoke => {
                self.run.approval = ApprovalState::default();
                self.start_over();
            }
            Msg::Play => {
                if self.run.clock.is_finished() {
                    self.replan();
                }
                self.notices.retain(|n| !n.cleared_by_play());
                self.run.clock.play(now_ms);
            }
            Msg::Pause => {
                let step = self.run.clock.pause(now_ms);
                self.after(step, false);
            }
            Msg::NextGate => {
                // Settle the time already played first: the press completes
                // the gate under inspection as of now, not as of the last tick.
                let step = match self.run.clock.tick(now_ms) {
                    Step::Finished => Step::Finished,
                    Step::Running => self.run.clock.next_gate(),
                };
                self.after(step, false);
                self.commands.push_back(Command::Reveal);
            }
            Msg::FinishRun => {
                // As Next gate pressed until the run ends: each gate in turn,
                // and the effect only when the seventh completes.
                let mut step = self.run.clock.tick(now_ms);
                for _ in 0..crate::playback::STAGES {
                    if step == Step::Finished {
                        break;
                    }
                    step = self.run.clock.next_gate();
                }
                self.after(step, false);
                self.commands.push_back(Command::Reveal);
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
                self.reset_ledger();
                self.run.approval.withdraw();
                self.policy.reuse = true;
                self.start_over();
                self.reach_on(Event::Reset, &before, reuse);
            }
            Msg::SetSpeed(speed) => {
                let step = self.run.clock.set_speed(speed, now_ms);
                self.after(step, true);
            }
            Msg::Tick => {
                let step = self.run.clock.tick(now_ms);
                self.after(step, true);
            }
            Msg::CaptureBaseline => self.set_baseline(Some(self.capture_baseline())),
            Msg::ClearBaseline => self.set_baseline(None),
            Msg::RestoreBaseline(baseline) => self.slots.restore_baseline(baseline),
            Msg::RestoreSetup(setup) => self.restore(setup),
            Msg::Notice(notice) => self.notify(notice),
            Msg::DismissSolved => self.progress.dismiss(),
            Msg::EditDecision(text) => {
                if self.decision.edit(text) {
                    self.leave_turn();
                }
            }
            Msg::StartTurn => match self.decision.parse() {
                Some(decision) => {
                    self.run.approval.forget_lapse();
                    self.editor.start_turn(Turn::new(decision, &self.registry));
                    self.call_loaded(false);
                }
                None => self.leave_turn(),
            },
            Msg::EndTurn => self.leave_turn(),
            Msg::NextCall => {
                if let Some(plays_on) = self.editor.turn_mut().and_then(Turn::next_call) {
                    self.call_loaded(plays_on);
                }
            }
            Msg::Hidden => {
                if self.run.clock.is_playing() {
                    let step = self.run.clock.pause(now_ms);
                    self.notify(Notice::HiddenPaused);
                    self.after(step, false);
                }
            }
            Msg::EditNotes(text) => {
                let store = self.slots.edit_notes(text, &self.experiment.storage_id());
                self.commands.extend(store);
            }
            Msg::ExportNotes => {
                let text = self.export_notes();
                self.deliveries.notes_export = Some(text.clone());
                self.offer(Command::Download {
                    what: Deliverable::NotesExport,
                    file_name: self.export_file_name(),
                    mime: "text/plain;charset=utf-8",
                    text,
                });
            }
            Msg::CopyLink { page_url } => {
                let base = page_url.split('#').next().unwrap_or_default();
                let setup = self.setup().to_fragment();
                let fragment = match &self.carried {
                    Some(carried) => format!("{carried}&{setup}"),
                    None => setup,
                };
                // The address bar keeps a teacher view; the link never
                // carries one.
                let address = format!("{}#{fragment}", query::with_lang(base, self.locale));
                let url = format!("{}#{fragment}", query::for_learners(base, self.locale));
                self.deliveries.share_link = Some(url.clone());
                self.commands
                    .push_back(Command::ReplaceAddress { url: address });
                self.offer(Command::Copy {
                    what: Deliverable::ShareLink,
                    text: url,
                });
            }
            Msg::CopyExport(export) => self.offer(Command::Copy {
                what: Deliverable::Declarations(export),
                text: crate::published::text(export, &self.registry, self.locale),
            }),
            Msg::DownloadExport(export) => self.offer(Command::Download {
                what: Deliverable::Declarations(export),
                file_name: crate::published::file_name(export).to_string(),
                mime: "application/json",
                text: crate::published::text(export, &self.registry, self.locale),
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
            Msg::Expand => self.commands.extend(self.embedding.expand_pressed()),
            Msg::FullScreenRefused => self.embedding.full_screen_refused(),
            Msg::Escape => self.embedding.fill_frame(false),
            Msg::DeclarationsOpened => {
                let installed = crate::text::exports_installed(self.locale);
                let load = self.exports.open(self.locale, installed);
                self.commands.extend(load);
            }
            Msg::ExportsLoaded { locale, data } => {
                let installed = crate::text::install_fetched_exports(locale, data);
                self.exports.loaded(locale, installed);
            }
            Msg::Stored(slot) => self.slots.set(slot, SlotState::Writable),
            Msg::StoreFailed(slot) => {
                self.slots.set(slot, SlotState::Refused);
                match slot {
                    Slot::Baseline => self.notify(Notice::BaselineUnsaved),
                    Slot::Progress => self.notify(Notice::ProgressUnsaved),
                    Slot::Notes | Slot::Authored => {}
                }
            }
            Msg::Copied(what) => self.deliveries.answer(what, Delivery::Copied(what)),
            Msg::CopyFailed(what) => self.deliveries.answer(what, Delivery::CopyFailed(what)),
            Msg::DownloadFailed(what) => {
                self.deliveries.answer(what, Delivery::DownloadFailed(what));
            }
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

    /// Adds a notice unless the same one is already shown.
    fn notify(&mut self, notice: Notice) {
        if !self.notices.contains(&notice) {
            self.notices.push(notice);
        }
    }

    /// Queues a download or a copy and says so on its status line.
    fn offer(&mut self, command: Command) {
        let command = self.deliveries.offer(command);
        self.commands.extend(command);
    }

    /// Captures or clears the baseline and persists it, unless a stored
    /// value this build cannot read is there: that one is never written
    /// over.
    fn set_baseline(&mut self, baseline: Option<Baseline>) {
        match self
            .slots
            .set_baseline(baseline, &self.experiment.storage_id())
        {
            Ok(command) => self.commands.push_back(command),
            Err(notice) => self.notify(notice),
        }
    }

    /// The person decided on the call held at the approval gate: the plan
    /// says so, and inspection goes on as it went before the hold
    /// (`resume`).
    fn decided(&mut self, resume: bool) {
        self.replan();
        if resume {
            self.run.clock.play(self.now_ms);
        }
    }

    fn approve(&mut self) {
        let Some(call) = self.run.call() else {
            return;
        };
        // Approving takes back an earlier rejection of the same call.
        if self.run.pending() {
            // The pending call goes on from the approval gate.
            let resume = self.run.approval.resumes();
            self.run.approval = ApprovalState::Given(call);
            self.decided(resume);
            self.commands.push_back(Command::Reveal);
        } else if self.approval() != Some(&call) {
            self.run.approval = ApprovalState::Given(call);
            self.start_over();
        }
    }

    /// Whether a turn's call waits at the approval gate for the person.
    pub fn pending(&self) -> bool {
        self.run.pending()
    }
}
