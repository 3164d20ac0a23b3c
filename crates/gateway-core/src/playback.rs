//! The playback clock: which gate is under inspection, as pure logic.
//!
//! Time is data: every call that depends on it takes `now_ms`, a
//! monotonic millisecond count the shell supplies. Each gate takes
//! [`GATE_MS`] inspection milliseconds at normal speed. Inspection time is
//! kept in quarter-milliseconds so that every speed is an integer rate.

use crate::text::Text;

/// Inspection milliseconds per gate at normal speed.
pub const GATE_MS: u64 = 8_000;
/// Stages in a run: one per gate.
pub const STAGES: usize = 7;
/// Inspection time per gate, in quarter-milliseconds.
const GATE_UNITS: u64 = GATE_MS * 4;

crate::closed_enum! {
    /// How fast inspection time runs.
    #[derive(Default)]
    pub enum Speed as "speed" {
        Quarter = "quarter",
        Half = "half",
        #[default]
        Normal = "normal",
        Double = "double",
    }
}

impl Speed {
    /// Inspection quarter-milliseconds per real millisecond.
    fn rate(self) -> u64 {
        match self {
            Speed::Quarter => 1,
            Speed::Half => 2,
            Speed::Normal => 4,
            Speed::Double => 8,
        }
    }

    pub fn label(self) -> Text {
        match self {
            Speed::Quarter => Text::SpeedQuarter,
            Speed::Half => Text::SpeedHalf,
            Speed::Normal => Text::SpeedNormal,
            Speed::Double => Text::SpeedDouble,
        }
    }

    /// Real seconds a gate takes at this speed.
    pub fn seconds_per_gate(self) -> u64 {
        GATE_MS * 4 / self.rate() / 1000
    }
}

/// Where inspection stands. Each state holds only what is valid in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Playback {
    /// Gate `stage` is under inspection, `elapsed` units into it.
    Paused { stage: usize, elapsed: u64 },
    /// As `Paused`, as of `since_ms`, and time is running.
    Playing {
        stage: usize,
        elapsed: u64,
        since_ms: u64,
    },
    /// All seven stages are complete and the run's plan is committed.
    Finished,
}

/// What a call did to the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Still inside the run (possibly at a later gate).
    Running,
    /// This call completed the seventh stage: commit the plan now.
    Finished,
}

/// How far inspection has come to one gate: past it (its verdict is
/// revealed; every gate is once the run finished), at it, or not yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reached {
    Past,
    At,
    Ahead,
}

impl Reached {
    /// Gate `index` while `stage` is under inspection (`None`: finished).
    pub fn of(index: usize, stage: Option<usize>) -> Self {
        match stage {
            Some(s) if index == s => Reached::At,
            Some(s) if index > s => Reached::Ahead,
            _ => Reached::Past,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clock {
    pub state: Playback,
    pub speed: Speed,
    /// A stage inspection may enter but not leave: time stops on entering
    /// it and Next gate does nothing there, until it is lifted (a pending
    /// approval waits for the learner's decision).
    pub hold: Option<usize>,
}

impl Default for Clock {
    fn default() -> Self {
        Self {
            state: Playback::Paused {
                stage: 0,
                elapsed: 0,
            },
            speed: Speed::Normal,
            hold: None,
        }
    }
}

impl Clock {
    /// The gate under inspection, or `None` once the run is finished.
    pub fn stage(&self) -> Option<usize> {
        match self.state {
            Playback::Paused { stage, .. } | Playback::Playing { stage, .. } => Some(stage),
            Playback::Finished => None,
        }
    }

    /// Whether the two differ at most in how far inspection has run
    /// within the same stage (what a frame of playback changes).
    pub fn same_but_time(&self, other: &Clock) -> bool {
        self.stage() == other.stage()
            && self.is_playing() == other.is_playing()
            && self.speed == other.speed
            && self.hold == other.hold
    }

    pub fn is_playing(&self) -> bool {
        matches!(self.state, Playback::Playing { .. })
    }

    pub fn is_finished(&self) -> bool {
        self.state == Playback::Finished
    }

    /// Whether inspection stands at the held stage.
    pub fn is_held(&self) -> bool {
        self.hold.is_some() && self.stage() == self.hold
    }

    /// Starts or resumes; after a finished run, starts another from gate 1.
    pub fn play(&mut self, now_ms: u64) {
        self.state = match self.state {
            Playback::Paused { stage, elapsed } => Playback::Playing {
                stage,
                elapsed,
                since_ms: now_ms,
            },
            Playback::Finished => Playback::Playing {
                stage: 0,
                elapsed: 0,
                since_ms: now_ms,
            },
            playing => playing,
        };
    }

    /// Freezes inspection where it is, partial interval kept. A pause that
    /// would complete the run reports it, so no elapsed time is lost.
    pub fn pause(&mut self, now_ms: u64) -> Step {
        let step = self.tick(now_ms);
        if let Playback::Playing { stage, elapsed, .. } = self.state {
            self.state = Playback::Paused { stage, elapsed };
        }
        step
    }

    /// Lets time pass; advances as many gates as it covers.
    pub fn tick(&mut self, now_ms: u64) -> Step {
        let Playback::Playing {
            mut stage,
            elapsed,
            since_ms,
        } = self.state
        else {
            return Step::Running;
        };
        if self.hold == Some(stage) {
            self.state = Playback::Paused { stage, elapsed: 0 };
            return Step::Running;
        }
        let mut elapsed = self.played(elapsed, since_ms, now_ms);
        while elapsed >= GATE_UNITS {
            elapsed -= GATE_UNITS;
            stage += 1;
            if stage == STAGES {
                self.state = Playback::Finished;
                return Step::Finished;
            }
            if self.hold == Some(stage) {
                self.state = Playback::Paused { stage, elapsed: 0 };
                return Step::Running;
            }
        }
        self.state = Playback::Playing {
            stage,
            elapsed,
            since_ms: now_ms.max(since_ms),
        };
        Step::Running
    }

    /// Completes the gate under inspection and pauses, discarding any
    /// partly elapsed interval. Does nothing after a finished run.
    pub fn next_gate(&mut self) -> Step {
        let Some(stage) = self.stage().filter(|s| self.hold != Some(*s)) else {
            return Step::Running;
        };
        if stage + 1 == STAGES {
            self.state = Playback::Finished;
            return Step::Finished;
        }
        self.state = Playback::Paused {
            stage: stage + 1,
            elapsed: 0,
        };
        Step::Running
    }

    /// Back to gate 1, paused.
    pub fn restart(&mut self) {
        self.state = Playback::Paused {
            stage: 0,
            elapsed: 0,
        };
    }

    /// Settles the time elapsed at the old rate, then runs at the new one.
    pub fn set_speed(&mut self, speed: Speed, now_ms: u64) -> Step {
        let step = self.tick(now_ms);
        self.speed = speed;
        step
    }

    /// When the gate under inspection completes if nothing else happens.
    pub fn next_deadline_ms(&self) -> Option<u64> {
        match self.state {
            Playback::Playing {
                elapsed, since_ms, ..
            } => {
                let rate = self.speed.rate();
                let left = GATE_UNITS.saturating_sub(elapsed);
                Some(since_ms.saturating_add(left.div_ceil(rate)))
            }
            _ => None,
        }
    }

    /// How far into the gate under inspection, in thousandths, as of `now_ms`.
    pub fn progress_permille(&self, now_ms: u64) -> u32 {
        let elapsed = match self.state {
            Playback::Paused { elapsed, .. } => elapsed,
            Playback::Playing {
                elapsed, since_ms, ..
            } => self.played(elapsed, since_ms, now_ms),
            Playback::Finished => GATE_UNITS,
        };
        (elapsed.min(GATE_UNITS) * 1000 / GATE_UNITS) as u32
    }

    /// Inspection units into the gate as of `now_ms`: `elapsed` as of
    /// `since_ms`, plus the time since at this speed. It saturates at the
    /// extremes of the clock (a clock that went back adds nothing), so no
    /// `now_ms` overflows it.
    fn played(&self, elapsed: u64, since_ms: u64, now_ms: u64) -> u64 {
        let since = now_ms.saturating_sub(since_ms);
        elapsed.saturating_add(since.saturating_mul(self.speed.rate()))
    }

    /// Whole inspection seconds left in the gate under inspection.
    pub fn seconds_left(&self, now_ms: u64) -> u64 {
        let permille = u64::from(self.progress_permille(now_ms));
        (GATE_MS * (1000 - permille)).div_ceil(1000 * 1000)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_takes_fifty_six_seconds_at_normal_speed() {
        let mut c = Clock::default();
        c.play(1_000);
        assert_eq!(c.tick(1_000 + 55_999), Step::Running);
        assert_eq!(c.stage(), Some(6));
        assert_eq!(c.tick(1_000 + 56_000), Step::Finished);
        assert!(c.is_finished());
    }

    #[test]
    fn each_gate_takes_eight_seconds_on_both_sides() {
        let mut c = Clock::default();
        c.play(0);
        c.tick(7_999);
        assert_eq!(c.stage(), Some(0));
        assert_eq!(c.next_deadline_ms(), Some(8_000));
        c.tick(8_000);
        assert_eq!(c.stage(), Some(1));
        assert_eq!(c.progress_permille(8_000), 0);
    }

    #[test]
    fn speeds_scale_the_gate() {
        for (speed, ms) in [
            (Speed::Quarter, 32_000),
            (Speed::Half, 16_000),
            (Speed::Normal, 8_000),
            (Speed::Double, 4_000),
        ] {
            let mut c = Clock {
                speed,
                ..Clock::default()
            };
            c.play(0);
            c.tick(ms - 1);
            assert_eq!(c.stage(), Some(0), "{speed:?}");
            c.tick(ms);
            assert_eq!(c.stage(), Some(1), "{speed:?}");
            assert_eq!(speed.seconds_per_gate() * 1000, ms);
        }
    }

    #[test]
    fn switching_speed_settles_time_at_the_old_rate() {
        let mut c = Clock::default();
        c.play(0);
        // 4 s at normal speed is half a gate; the other half at double takes 2 s.
        c.set_speed(Speed::Double, 4_000);
        assert_eq!(c.progress_permille(4_000), 500);
        c.tick(5_999);
        assert_eq!(c.stage(), Some(0));
        c.tick(6_000);
        assert_eq!(c.stage(), Some(1));
    }

    #[test]
    fn pause_keeps_and_next_gate_discards_the_partial_interval() {
        let mut c = Clock::default();
        c.play(0);
        c.pause(3_000);
        assert_eq!(c.progress_permille(999_999), 375);
        c.play(10_000);
        c.tick(15_000);
        assert_eq!(c.stage(), Some(1));
        c.next_gate();
        assert_eq!(
            c.state,
            Playback::Paused {
                stage: 2,
                elapsed: 0
            }
        );
    }

    #[test]
    fn seven_next_gates_finish_and_then_next_gate_does_nothing() {
        let mut c = Clock::default();
        for _ in 0..6 {
            assert_eq!(c.next_gate(), Step::Running);
        }
        assert_eq!(c.next_gate(), Step::Finished);
        assert_eq!(c.next_gate(), Step::Running);
        assert!(c.is_finished());
        c.play(0);
        assert_eq!(c.stage(), Some(0));
        assert!(c.is_playing());
    }

    #[test]
    fn time_going_backwards_is_no_time() {
        let mut c = Clock::default();
        c.play(10_000);
        c.tick(5_000);
        assert_eq!(c.progress_permille(5_000), 0);
        c.tick(14_000);
        assert_eq!(c.progress_permille(14_000), 500);
    }

    #[test]
    fn a_held_stage_is_entered_and_not_left_until_lifted() {
        let mut c = Clock {
            hold: Some(3),
            ..Clock::default()
        };
        c.play(0);
        assert_eq!(c.tick(23_999), Step::Running);
        assert_eq!(c.stage(), Some(2));
        assert!(!c.is_held());
        // A long gap stops on entering the held stage, paused, at its start.
        assert_eq!(c.tick(1_000_000), Step::Running);
        assert_eq!(
            c.state,
            Playback::Paused {
                stage: 3,
                elapsed: 0
            }
        );
        assert!(c.is_held());
        assert_eq!(c.next_gate(), Step::Running);
        assert_eq!(c.stage(), Some(3), "Next gate does nothing at the hold");
        c.play(2_000_000);
        c.tick(3_000_000);
        assert_eq!(c.stage(), Some(3), "nor does time");
        assert!(!c.is_playing());
        c.hold = None;
        assert_eq!(c.next_gate(), Step::Running);
        assert_eq!(c.stage(), Some(4));
        // Next gate enters a held stage too, and stops there.
        let mut c = Clock {
            hold: Some(1),
            ..Clock::default()
        };
        c.next_gate();
        c.next_gate();
        assert_eq!(c.stage(), Some(1));
    }

    #[test]
    fn a_long_gap_finishes_the_run_once() {
        let mut c = Clock::default();
        c.play(0);
        assert_eq!(c.tick(10_000_000), Step::Finished);
        assert_eq!(c.tick(20_000_000), Step::Running);
    }
}
