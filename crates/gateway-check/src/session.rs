//! A page opened through `opening::open`, driven by arbitrary messages.

use arbitrary::Unstructured;
use gateway_core::command::{Command, Slot, SlotState};
use gateway_core::gates::{plan, Inputs, Plan};
use gateway_core::ledger::Ledger;
use gateway_core::mode::Turn;
use gateway_core::opening::{open, Address, Opening, Query, UnknownView};
use gateway_core::playback::{Clock, Playback};
use gateway_core::text::Text;
use gateway_core::turn::MAX_CALLS;
use gateway_core::view::PageModel;
use gateway_core::{Hook, Msg, Workbench};

use crate::decode::{self, kind, Time};
use crate::settings::{settings_kept, Settings};
use crate::{ensure, guard, log_masked, plan_shape, view_shape, Invariant, Violation};

/// Messages per input, at most.
const MAX_STEPS: usize = 256;

const SLOTS: [Slot; 4] = [Slot::Notes, Slot::Baseline, Slot::Progress, Slot::Authored];

const GATE_ONE_PAUSED: Playback = Playback::Paused {
    stage: 0,
    elapsed: 0,
};

/// Opens a page from decoded address and storage, then sends decoded
/// messages (every `Msg` variant; results of commands included), taking
/// the commands and drawing the view after every one, and checks after
/// every step: nothing panics; seven gate rows; the ledger changes only
/// when a run finished its seventh stage (by what its plan said) or on a
/// reset; any input change clears the approval; the redact hook never
/// changes the ledger; no unmasked API key in returned output or the runs
/// log; at most six calls of a turn run; no Store or Remove reaches a
/// locked slot; the settings change only by the learner's messages; a
/// captured baseline holds nothing inspection has not reached.
pub fn check_session(data: &[u8]) -> Result<(), Violation> {
    drive(data, Focus::Any)
}

/// [`check_session`] with its messages weighted towards agent turns and
/// setting changes between their steps (role, hook, key, receipt policy,
/// a tool choice, a shared setup): after any sequence the settings are the
/// last ones the learner set, and the ledger changes only at a finished
/// seventh stage.
pub fn check_turn_settings(data: &[u8]) -> Result<(), Violation> {
    drive(data, Focus::TurnSettings)
}

/// [`check_session`] with its messages weighted towards Capture baseline
/// at every point of a run (playing, paused, held for approval, in a
/// turn): a captured baseline never holds output for a run that has not
/// finished, nor a verdict of a gate not yet inspected.
pub fn check_baseline(data: &[u8]) -> Result<(), Violation> {
    drive(data, Focus::Baseline)
}

/// Which messages the bytes mostly decode to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Focus {
    Any,
    TurnSettings,
    Baseline,
}

fn drive(data: &[u8], focus: Focus) -> Result<(), Violation> {
    let mut u = Unstructured::new(data);
    let Ok(start) = decode::start(&mut u) else {
        return Ok(());
    };
    let address = Address {
        query: &Query::parse(&start.query),
        fragment: &start.fragment,
        framed: start.framed,
        from_file: false,
        single_file: false,
        locale: start.locale,
        inflated: None,
    };
    let opened = guard(0, "opening", || open(address, &|key| start.read(key)))?;
    let wb = match opened {
        Opening::Workbench(wb) => *wb,
        Opening::Unknown { id, locale } => {
            let page = guard(0, "unknown experiment", || UnknownView::new(&id, locale))?;
            ensure!(
                !page.message.is_empty() && !page.experiments.is_empty(),
                Invariant::ErrorHasMessage,
                "the unknown-experiment page for {id:?} says nothing"
            );
            return Ok(());
        }
        Opening::BrokenLink { fault, locale } => {
            let page = guard(0, "broken link", || {
                UnknownView::broken_link(&fault, locale)
            })?;
            ensure!(
                !page.message.is_empty() && !page.experiments.is_empty(),
                Invariant::ErrorHasMessage,
                "the broken-link page for {fault:?} says nothing"
            );
            return Ok(());
        }
    };
    let mut s = Session {
        wb,
        now: 1_000_000,
        step: 0,
        turn_runs: 0,
        pending: Vec::new(),
    };
    s.opened().map_err(|v| v.located(0, "opening"))?;
    while !u.is_empty() && s.step < MAX_STEPS {
        // The shell answers what it was asked, as the page's shell does.
        let pending = std::mem::take(&mut s.pending);
        let Ok(answers) = decode::answers(&mut u, &pending) else {
            break;
        };
        for msg in answers {
            s.send(Time::Same, msg)?;
        }
        let chunk = match focus {
            Focus::Any => decode::chunk(&mut u),
            Focus::TurnSettings => decode::turn_settings_chunk(&mut u),
            Focus::Baseline => decode::baseline_chunk(&mut u),
        };
        let Ok(chunk) = chunk else {
            break;
        };
        for (time, msg) in chunk {
            s.send(time, msg)?;
        }
    }
    Ok(())
}

#[derive(Debug)]
struct Session {
    wb: Workbench,
    now: u64,
    step: usize,
    /// Runs finished in the current turn.
    turn_runs: usize,
    /// The commands of the last step, for the shell to answer.
    pending: Vec<Command>,
}

/// The state before a message, to compare with the state after it.
#[derive(Debug)]
struct Before {
    ledger: Ledger,
    inputs: Inputs,
    clock: Clock,
    plan: Plan,
    turn: Option<Turn>,
    slots: [SlotState; 4],
    settings: Settings,
    /// The page said the message means nothing in this state.
    ignored: bool,
}

impl Before {
    fn of(wb: &Workbench, msg: &Msg) -> Self {
        Self {
            settings: Settings::of(&wb.inputs()),
            ignored: wb.ignores(msg).is_some(),
            ledger: wb.ledger().clone(),
            inputs: wb.inputs(),
            clock: *wb.clock(),
            plan: wb.plan().clone(),
            turn: wb.turn().cloned(),
            slots: SLOTS.map(|s| wb.slot_state(s)),
        }
    }
}

fn without_approval(inputs: &Inputs) -> Inputs {
    Inputs {
        approval: None,
        refusal: None,
        ..inputs.clone()
    }
}

impl Session {
    /// A page just opened: it wrote nothing, and it draws.
    fn opened(&mut self) -> Result<(), Violation> {
        let command = self.wb.poll_command();
        ensure!(
            command.is_none(),
            Invariant::NoWriteToLockedSlot,
            "opening the page sent {command:?}"
        );
        let view = guard(0, "view", || self.wb.view())?;
        view_shape(&view)?;
        plan_shape(self.wb.plan())
    }

    fn send(&mut self, time: Time, msg: Msg) -> Result<(), Violation> {
        self.step += 1;
        self.now = time.apply(self.now);
        let step = self.step;
        let at = kind(&msg).id();
        let before = Before::of(&self.wb, &msg);
        let (wb, now) = (&mut self.wb, self.now);
        guard(step, at, || wb.update(now, msg.clone()))?;
        let commands: Vec<Command> = std::iter::from_fn(|| self.wb.poll_command()).collect();
        let view = guard(step, at, || self.wb.view())?;
        self.check(&before, &msg, &commands, &view)
            .map_err(|v| v.located(step, at))?;
        self.pending.extend(commands);
        Ok(())
    }

    fn check(
        &mut self,
        before: &Before,
        msg: &Msg,
        commands: &[Command],
        view: &PageModel,
    ) -> Result<(), Violation> {
        let wb = &self.wb;
        let inputs = wb.inputs();
        let ledger = wb.ledger();
        let registry = wb.registry();

        // Seven rows; the same inputs give the same plan, and the plan under
        // inspection is the plan of the current inputs.
        view_shape(view)?;
        plan_shape(wb.plan())?;
        let fresh = plan(registry, &inputs, ledger, wb.locale());
        ensure!(
            fresh == plan(registry, &inputs, ledger, wb.locale()),
            Invariant::Deterministic,
            "two plans of the same inputs differ"
        );
        if !wb.clock().is_finished() {
            ensure!(
                *wb.plan() == fresh,
                Invariant::Deterministic,
                "the plan under inspection is not the plan of the inputs"
            );
        }

        // The ledger changes only at the seventh stage, or on reset.
        let runs = ledger.counters().runs_finished;
        let runs_before = before.ledger.counters().runs_finished;
        let finished = *msg != Msg::ResetLedger && runs == runs_before + 1;
        // Next call moved a turn on: its next call starts at gate 1 (playing,
        // if the call before it finished playing).
        let advanced =
            *msg == Msg::NextCall && before.turn.as_ref().is_some_and(Turn::next_call_waits);
        let only = Invariant::LedgerOnlyAtSeventhStage;
        if *msg == Msg::ResetLedger {
            ensure!(
                *ledger == wb.experiment().ledger(wb.registry(), wb.fixtures()),
                only,
                "a reset left {ledger:?}"
            );
        } else if finished {
            ensure!(
                !before.clock.is_finished() && wb.clock().is_finished(),
                only,
                "a run was counted without its seventh stage: {:?} then {:?}",
                before.clock,
                wb.clock()
            );
            ensure!(
                before.plan == plan(registry, &before.inputs, &before.ledger, wb.locale()),
                only,
                "the run that finished was not the plan of its inputs"
            );
            let mut expected = before.ledger.clone();
            expected.commit(before.plan.commit());
            ensure!(
                *ledger == expected,
                only,
                "the ledger is not what the finished plan committed"
            );
        } else {
            ensure!(
                *ledger == before.ledger,
                only,
                "the ledger changed with no run finished"
            );
        }

        // Any change of input clears the approval and rewinds to gate 1.
        let changed = without_approval(&before.inputs) != without_approval(&inputs);
        if changed {
            let cleared = Invariant::InputChangeClearsApproval;
            ensure!(
                inputs.approval.is_none(),
                cleared,
                "{:?} survived",
                inputs.approval
            );
            let rewound = wb.clock().state == GATE_ONE_PAUSED
                || (advanced
                    && matches!(
                        wb.clock().state,
                        Playback::Playing {
                            stage: 0,
                            elapsed: 0,
                            ..
                        }
                    ));
            ensure!(
                rewound,
                cleared,
                "inspection stands at {:?}",
                wb.clock().state
            );
        }
        if let Some(a) = &inputs.approval {
            let call = fresh.call();
            ensure!(
                call.is_some_and(|c| c.risk.needs_approval()
                    && c.tool == a.tool
                    && c.payload == a.payload),
                Invariant::ApprovalBinds,
                "approval {a:?} held for call {call:?}"
            );
        }

        // The after-hooks (redact, mark-data) change the returned output only.
        if finished && matches!(before.inputs.hook, Hook::RedactOutput | Hook::MarkData) {
            let plain = Inputs {
                hook: Hook::None,
                ..before.inputs.clone()
            };
            let without = plan(registry, &plain, &before.ledger, wb.locale());
            let mut expected = before.ledger.clone();
            expected.commit(without.commit());
            ensure!(
                without.commit() == before.plan.commit() && *ledger == expected,
                Invariant::RedactLeavesLedger,
                "with redaction {:?}, without {:?}",
                before.plan.commit(),
                without.commit()
            );
        }

        // No API key in the returned output or the runs log.
        log_masked(wb.log())?;

        // Settings belong to the learner; a baseline holds what was reached.
        settings_kept(
            wb,
            &before.settings,
            &before.inputs.tool,
            msg,
            before.ignored,
        )?;
        if *msg == Msg::CaptureBaseline {
            baseline_as_reached(wb)?;
        }

        // At most six calls of a turn are dispatched, and run.
        if finished && before.turn.is_some() {
            self.turn_runs += 1;
        }
        if matches!(msg, Msg::StartTurn) || wb.turn().is_none() {
            self.turn_runs = 0;
        }
        let six = Invariant::AtMostSixCalls;
        ensure!(
            !(finished && before.turn.as_ref().is_some_and(Turn::call_finished)),
            six,
            "a turn's finished call ran again, or a finished turn ran another"
        );
        if let Some(turn) = wb.turn() {
            let dispatched = turn.decision().dispatched().len();
            ensure!(
                dispatched <= MAX_CALLS,
                six,
                "{dispatched} calls dispatched"
            );
            ensure!(
                turn.outcomes().len() <= dispatched && turn.outcomes().len() == self.turn_runs,
                six,
                "{} outcomes, {} runs, {dispatched} calls dispatched",
                turn.outcomes().len(),
                self.turn_runs
            );
        }

        // No Store or Remove to a locked slot; a locked slot stays locked.
        let locked = Invariant::NoWriteToLockedSlot;
        for (slot, state) in SLOTS.iter().zip(before.slots) {
            if state == SlotState::Locked {
                ensure!(
                    wb.slot_state(*slot) == SlotState::Locked,
                    locked,
                    "{slot:?} was unlocked"
                );
            }
        }
        for c in commands {
            if let Command::Store { slot, .. } | Command::Remove { slot, .. } = c {
                let i = SLOTS.iter().position(|s| s == slot).unwrap_or_default();
                ensure!(before.slots[i] != SlotState::Locked, locked, "{c:?}");
            }
        }
        Ok(())
    }
}

/// The baseline just captured holds the run as far as inspection reached
/// it: `pending` for each gate from the one under inspection on, and the
/// returned output only once the run finished (then as the plan returned
/// it).
fn baseline_as_reached(wb: &Workbench) -> Result<(), Violation> {
    let at = Invariant::BaselineAsReached;
    let Some(baseline) = wb.baseline() else {
        return Err(Violation::new(at, "Capture baseline captured nothing"));
    };
    let stage = wb.clock().stage();
    match stage {
        Some(stage) => {
            ensure!(
                baseline.output.is_none(),
                at,
                "output captured at gate {}: {:?}",
                stage + 1,
                baseline.output
            );
            let pending = Text::StatusPending.render(wb.locale());
            for (i, (gate, status, _)) in baseline.rows.iter().enumerate().skip(stage) {
                ensure!(
                    *status == pending,
                    at,
                    "gate {} ({gate}) captured as {status:?} at gate {}",
                    i + 1,
                    stage + 1
                );
            }
        }
        None => ensure!(
            baseline.output == wb.plan().returned_text(),
            at,
            "a finished run captured output {:?}",
            baseline.output
        ),
    }
    Ok(())
}
