//! Reads a goal: its id, its words and its condition (the event, and
//! what the run, the agent turn and the ledger before and after it must
//! match).

use serde_json::Value;

use super::problem::Issue;
use super::{at, Reader, MAX_COUNT, MAX_PHRASE};
use crate::goals::{
    Count, Event, FieldReason, Goal, Outcome, ReasonIs, ReasonKind, RunMatch, StateMatch,
    TurnMatch, When,
};
use crate::policy::{Hook, Role};
use crate::tools::Registry;
use crate::vocab::Gate;

impl Reader<'_> {
    pub(super) fn goal(&mut self, value: &Value, path: &str, registry: &Registry) -> Option<Goal> {
        let map = self.object(
            value,
            path,
            &["id", "text", "when"],
            &["id", "text", "when"],
        )?;
        let id = map.get("id").and_then(|v| self.id(v, &at(path, "id")));
        let text = map
            .get("text")
            .and_then(|v| self.words(v, &at(path, "text")));
        let when = map
            .get("when")
            .and_then(|v| self.when(v, &at(path, "when"), registry));
        Some(Goal {
            id: id?,
            text: text?,
            when: when?,
        })
    }

    fn when(&mut self, value: &Value, path: &str, registry: &Registry) -> Option<When> {
        let map = self.object(value, path, &["on", "run", "turn", "before", "state"], &[])?;
        let on = match map.get("on") {
            None => Some(Event::Run),
            Some(v) => self.choice(v, &at(path, "on"), &Event::ALL, Event::id),
        };
        let run = map
            .get("run")
            .map(|v| self.run(v, &at(path, "run"), registry));
        let turn = map
            .get("turn")
            .map(|v| self.turn(v, &at(path, "turn"), registry));
        let before = map
            .get("before")
            .map(|v| self.state(v, &at(path, "before")));
        let state = map.get("state").map(|v| self.state(v, &at(path, "state")));
        let on = on?;
        if on != Event::Run && (run.is_some() || turn.is_some()) {
            self.problem(path, Issue::RunWithoutRun { on: on.id().into() });
        }
        if map.is_empty() {
            self.problem(path, Issue::Empty);
        }
        Some(When {
            on,
            run: run.flatten(),
            turn: turn.flatten(),
            before: before.flatten(),
            state: state.flatten(),
        })
    }

    fn run(&mut self, value: &Value, path: &str, registry: &Registry) -> Option<RunMatch> {
        const FIELDS: [&str; 7] = [
            "tool", "role", "hook", "outcome", "gate", "reason", "output",
        ];
        let map = self.object(value, path, &FIELDS, &[])?;
        let mut ok = true;
        let mut m = RunMatch::default();
        for (key, v) in map {
            let here = at(path, key);
            let read = match key.as_str() {
                "tool" => self.tool(v, &here, registry).map(|t| m.tool = Some(t)),
                "role" => self
                    .choice(v, &here, &Role::ALL, Role::id)
                    .map(|r| m.role = Some(r)),
                "hook" => self
                    .choice(v, &here, &Hook::ALL, Hook::id)
                    .map(|h| m.hook = Some(h)),
                "outcome" => self
                    .choice(v, &here, &Outcome::ALL, Outcome::id)
                    .map(|o| m.outcome = Some(o)),
                "gate" => self
                    .choice(v, &here, &Gate::ALL, Gate::id)
                    .map(|g| m.gate = Some(g)),
                "reason" => self.reason(v, &here).map(|r| m.reason = Some(r)),
                "output" => self
                    .localized_text(v, &here, MAX_PHRASE)
                    .map(|o| m.output = Some(o)),
                _ => Some(()),
            };
            ok &= read.is_some();
        }
        let rejected = m.outcome == Some(Outcome::Rejected);
        for (set, key) in [(m.gate.is_some(), "gate"), (m.reason.is_some(), "reason")] {
            if set && !rejected {
                self.problem(&at(path, key), Issue::OnlyWhenRejected);
                ok = false;
            }
        }
        ok.then_some(m)
    }

    fn reason(&mut self, value: &Value, path: &str) -> Option<ReasonIs> {
        match value {
            Value::Object(map) if map.len() == 1 => {
                let (key, field) = map.iter().next()?;
                let here = at(path, key);
                let kind = FieldReason::ALL.into_iter().find(|k| k.id() == key);
                let Some(kind) = kind else {
                    self.problem(
                        &here,
                        Issue::UnknownField {
                            fields: FieldReason::ALL.map(FieldReason::id).join(", "),
                        },
                    );
                    return None;
                };
                self.text(field, &here, 64)
                    .map(|f| ReasonIs::Field(kind, f))
            }
            Value::Object(_) => {
                self.problem(path, Issue::OneField);
                None
            }
            _ => self
                .choice(value, path, &ReasonKind::ALL, ReasonKind::id)
                .map(ReasonIs::Kind),
        }
    }

    fn turn(&mut self, value: &Value, path: &str, registry: &Registry) -> Option<TurnMatch> {
        const KINDS: [&str; 2] = ["refused-calls", "unbacked-claim"];
        match value {
            Value::Object(_) => {
                let map = self.object(value, path, &["kept-from"], &["kept-from"])?;
                let tool = map
                    .get("kept-from")
                    .and_then(|v| self.tool(v, &at(path, "kept-from"), registry))?;
                Some(TurnMatch::KeptFrom(tool))
            }
            _ => match self.choice(value, path, &KINDS, |k| k)? {
                "refused-calls" => Some(TurnMatch::RefusedCalls),
                _ => Some(TurnMatch::UnbackedClaim),
            },
        }
    }

    fn state(&mut self, value: &Value, path: &str) -> Option<StateMatch> {
        const FIELDS: [&str; 5] = ["outbox", "schedule", "receipts", "reuse", "duplicate"];
        let map = self.object(value, path, &FIELDS, &[])?;
        if map.is_empty() {
            self.problem(path, Issue::Empty);
            return None;
        }
        let mut s = StateMatch::default();
        let mut ok = true;
        for (key, v) in map {
            let here = at(path, key);
            let read = match key.as_str() {
                "outbox" => self.count(v, &here).map(|c| s.outbox = Some(c)),
                "schedule" => self.count(v, &here).map(|c| s.schedule = Some(c)),
                "receipts" => self.count(v, &here).map(|c| s.receipts = Some(c)),
                "reuse" => self.boolean(v, &here).map(|b| s.reuse = Some(b)),
                "duplicate" => self.boolean(v, &here).map(|b| s.duplicate = Some(b)),
                _ => Some(()),
            };
            ok &= read.is_some();
        }
        ok.then_some(s)
    }

    fn count(&mut self, value: &Value, path: &str) -> Option<Count> {
        let number = |r: &mut Self, v: &Value, path: &str| -> Option<usize> {
            match v.as_u64() {
                Some(n) if n <= MAX_COUNT => Some(n as usize),
                _ => {
                    r.problem(
                        path,
                        Issue::Count {
                            got: crate::json::compact(v),
                            max: (MAX_COUNT as usize),
                        },
                    );
                    None
                }
            }
        };
        match value {
            Value::Object(map) if map.len() == 1 => {
                let (key, v) = map.iter().next()?;
                let here = at(path, key);
                match key.as_str() {
                    "at-least" => number(self, v, &here).map(Count::AtLeast),
                    "at-most" => number(self, v, &here).map(Count::AtMost),
                    _ => {
                        self.problem(
                            &here,
                            Issue::UnknownField {
                                fields: "at-least, at-most".into(),
                            },
                        );
                        None
                    }
                }
            }
            Value::Object(_) => {
                self.problem(path, Issue::OneField);
                None
            }
            _ => number(self, value, path).map(Count::Exactly),
        }
    }
}
