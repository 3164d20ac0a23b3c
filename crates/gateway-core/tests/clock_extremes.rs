//! Issue 33, hole 4: time arithmetic at the extremes of the clock. The
//! shell's `now_ms` is any `u64`; the clock's sums and products saturate,
//! so a debug build (overflow checks on, as these tests are built) never
//! panics and a release build never wraps.

#![allow(clippy::unwrap_used)]

use gateway_core::playback::{Clock, Playback, Speed, Step};
use gateway_core::{ExperimentId, Msg, Role, Workbench};
use proptest::prelude::*;

/// One run: seven gates of eight seconds at normal speed.
const RUN_MS: u64 = 56_000;

/// The hole as the outside fuzzer found it: playing from a reading of 0 and
/// ticking at `u64::MAX` multiplied past the top (`playback.rs`, the
/// elapsed time); playing from `u64::MAX` added past it (the deadline).
#[test]
fn time_arithmetic_saturates_at_the_clock_extremes() {
    for speed in Speed::ALL {
        let mut c = Clock {
            speed,
            ..Clock::default()
        };
        c.play(0);
        assert_eq!(c.progress_permille(u64::MAX), 1000);
        assert_eq!(c.seconds_left(u64::MAX), 0);
        assert_eq!(c.tick(u64::MAX), Step::Finished);

        let mut c = Clock {
            speed,
            ..Clock::default()
        };
        c.play(u64::MAX);
        assert_eq!(c.next_deadline_ms(), Some(u64::MAX));
        c.play(u64::MAX - 1);
        assert_eq!(c.next_deadline_ms(), Some(u64::MAX));
        assert_eq!(c.tick(u64::MAX), Step::Running);
        assert_eq!(c.stage(), Some(0));
        assert_eq!(c.progress_permille(0), 0, "a clock gone back adds nothing");
    }
    // A state written by hand past a gate's length still answers.
    let c = Clock {
        state: Playback::Playing {
            stage: 3,
            elapsed: u64::MAX,
            since_ms: u64::MAX,
        },
        ..Clock::default()
    };
    assert_eq!(c.next_deadline_ms(), Some(u64::MAX));
    assert_eq!(c.progress_permille(u64::MAX), 1000);
}

/// The same through the page: an approved send played from 0 and finished
/// by a tick at `u64::MAX`, then another run played at `u64::MAX`.
#[test]
fn a_page_played_at_the_clock_extremes_finishes_once_and_never_panics() {
    let mut wb = Workbench::new(ExperimentId::Email);
    wb.update(0, Msg::SetRole(Role::Operator));
    wb.update(0, Msg::Approve);
    wb.update(0, Msg::Play);
    wb.update(u64::MAX, Msg::Tick);
    let v = wb.view();
    assert!(v.gateway.playback.finished);
    assert_eq!(v.runs.records.len(), 1);
    wb.update(u64::MAX, Msg::Play);
    wb.update(u64::MAX, Msg::Tick);
    let v = wb.view();
    assert_eq!(v.gateway.playback.stage, Some(0));
    assert!(v.gateway.playback.playing);
    assert_eq!(v.runs.records.len(), 1);
    assert_eq!(wb.next_deadline_ms(), Some(u64::MAX));
}

/// Clock readings: the two bounds, values near each, and any value.
fn reading() -> impl Strategy<Value = u64> {
    prop_oneof![
        Just(0),
        Just(u64::MAX),
        (0..=RUN_MS * 2),
        (0..=RUN_MS * 2).prop_map(|d| u64::MAX - d),
        any::<u64>(),
    ]
}

#[derive(Debug, Clone, Copy)]
enum Op {
    Play,
    Pause,
    Tick,
    NextGate,
    Restart,
    SetSpeed(Speed),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        3 => Just(Op::Play),
        1 => Just(Op::Pause),
        4 => Just(Op::Tick),
        1 => Just(Op::NextGate),
        1 => Just(Op::Restart),
        1 => proptest::sample::select(Speed::ALL.to_vec()).prop_map(Op::SetSpeed),
    ]
}

/// How far a run has come: the stage, then the units into it (a finished
/// run is past every stage).
fn progress(c: &Clock) -> (usize, u64) {
    match c.state {
        Playback::Paused { stage, elapsed } | Playback::Playing { stage, elapsed, .. } => {
            (stage, elapsed)
        }
        Playback::Finished => (7, 0),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    /// Any sequence of clock operations at extreme readings: nothing panics,
    /// progress stays within 0..=1000 and a gate's eight seconds, a deadline
    /// is never before the reading it counts from, and between operations
    /// that are ticks at readings that never go back, a run only goes
    /// forward.
    #[test]
    fn the_clock_never_overflows_and_ticks_only_go_forward(
        steps in proptest::collection::vec((op(), reading()), 1..40),
    ) {
        let mut c = Clock::default();
        for (op, now) in steps {
            let before = c;
            match op {
                Op::Play => c.play(now),
                Op::Pause => { c.pause(now); }
                Op::Tick => { c.tick(now); }
                Op::NextGate => { c.next_gate(); }
                Op::Restart => c.restart(),
                Op::SetSpeed(s) => { c.set_speed(s, now); }
            }
            prop_assert!(c.progress_permille(now) <= 1000);
            prop_assert!(c.seconds_left(now) <= 8);
            if let (Some(deadline), Playback::Playing { since_ms, .. }) = (c.next_deadline_ms(), c.state) {
                prop_assert!(deadline >= since_ms, "{:?}", c);
            }
            if matches!(op, Op::Tick) && !before.is_finished() {
                prop_assert!(progress(&c) >= progress(&before), "{:?} then {:?}", before, c);
            }
        }
    }

    /// The page over the same readings (the shell's clock jumping both
    /// ways): the view drawn after each message, nothing panics, progress
    /// stays within bounds and one message finishes at most one run.
    #[test]
    fn a_page_at_extreme_readings_never_panics(
        steps in proptest::collection::vec((0..5u8, reading()), 1..30),
    ) {
        let mut wb = Workbench::new(ExperimentId::Calculator);
        for (m, now) in steps {
            let msg = match m {
                0 => Msg::Play,
                1 => Msg::Tick,
                2 => Msg::Pause,
                3 => Msg::NextGate,
                _ => Msg::SetSpeed(Speed::Double),
            };
            let before = wb.log().len();
            wb.update(now, msg);
            let v = wb.view();
            prop_assert!(v.gateway.playback.frame.progress_permille <= 1000);
            prop_assert!(wb.log().len() <= before + 1);
        }
    }
}
