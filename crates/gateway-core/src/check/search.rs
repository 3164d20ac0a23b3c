//! The checker's search: breadth first from the page an experiment opens,
//! over the learner's own actions, for the shortest sequence that reaches
//! each goal.
//!
//! The actions ([`Step`]) are the experiment's: its registry's tools (those
//! that can matter to a goal sought: [`tools`]), their examples, edits of
//! the arguments the tool's shape and the goals suggest ([`Seeds`]: a
//! field removed, a constant or an allowed value swapped, a number set to
//! 0, a goal's phrase, a value just outside a bound or format a goal
//! names), both roles, every hook, a fresh operation key where the call is
//! a mutation, Reuse receipts off and on, Approve, Finish run, Restart
//! inspection, Reset synthetic ledger, and an agent turn's Start turn,
//! Approve this call, Reject this call, Next call and End turn. A run is finished
//! with Finish run, one step (Next gate seven times reaches the same state
//! in seven).
//!
//! A goal only an agent turn reaches ([`turn_only`]) is sought in a second
//! search that leaves the request as it is: the turn brings its own calls.
//!
//! Between two events (a finished run, Restart, Reset, a turn's steps) the
//! inputs are set in one order: request, role, hook, key, reuse, approval;
//! they commute, so no shorter sequence is lost; an event that ignores
//! what was set since the last one is taken before it instead. A step that
//! changes nothing is dropped, and states are told apart by
//! [`Workbench::fingerprint`]. A search stops at [`BOUND`] steps, at
//! [`MAX_STATES`] states, or when every goal it seeks has its sequence.
//!
//! Figures (`tests/answer_key.rs` prints them): the longest built-in
//! search, rewind's, visits about 4,300 states in about 90 ms natively and
//! 170 ms as WebAssembly in Node (opt-level z).

use serde_json::{Map, Value};

use super::{Step, BOUND, MAX_STATES};
use crate::fixtures::Fixtures;
use crate::goals::{FieldReason, Goal, Outcome, ReasonIs, ReasonKind};
use crate::mode::Turn;
use crate::policy::{Hook, Role};
use crate::schema::{Field, Format, Item, Kind};
use crate::tools::{ExampleKind, Registry};
use crate::vocab::Gate;
use crate::workbench::{Handled, Workbench};

/// What the search found: for each goal, in order, its shortest sequence
/// (`None`: none found), and how many steps were searched in full.
#[derive(Debug)]
pub(crate) struct Found {
    pub paths: Vec<Option<Vec<Step>>>,
    /// Every sequence of at most this many steps was tried.
    pub searched: usize,
    /// States seen and steps tried (for the figures the tests print).
    pub states: usize,
    pub tried: usize,
}

/// A set of fingerprints (open addressing; 0 stands for an empty slot).
struct Seen {
    slots: Vec<u64>,
    len: usize,
}

impl Seen {
    fn new() -> Self {
        Seen {
            slots: vec![0; 1024],
            len: 0,
        }
    }

    /// Adds `key`; `false` if it was there.
    fn insert(&mut self, key: u64) -> bool {
        let key = key.max(1);
        if self.len * 2 >= self.slots.len() {
            let wider = vec![0; self.slots.len() * 2];
            let old = std::mem::replace(&mut self.slots, wider);
            self.len = 0;
            for k in old.into_iter().filter(|k| *k != 0) {
                self.insert(k);
            }
        }
        let mask = self.slots.len() - 1;
        let mut i = (key ^ (key >> 29)) as usize & mask;
        loop {
            match self.slots[i] {
                0 => {
                    self.slots[i] = key;
                    self.len += 1;
                    return true;
                }
                k if k == key => return false,
                _ => i = (i + 1) & mask,
            }
        }
    }
}

/// What one search looks for and with which steps.
#[derive(Debug, Clone)]
pub(crate) struct Scope {
    /// The goals sought, by index.
    pub goals: Vec<bool>,
    /// The tools whose request the learner may choose (with their
    /// examples and edits); none for the goals only an agent turn
    /// reaches. See [`tools`].
    pub tools: Vec<&'static str>,
    pub seeds: Seeds,
}

/// The tools whose runs can matter to one of `goals`: a tool a goal's run
/// may be (any, where the goal names none); a mutation wherever a goal
/// counts receipts or asks about Reuse receipts (a receipt lets it be
/// turned off), or its run may be rejected at the idempotency gate (a key
/// another tool's receipt holds); a tool whose store a goal's state looks
/// at (see [`crate::goals::StateMatch::looks_at`]). Any other
/// tool's runs change nothing those goals look at: they can be left out
/// of every sequence that reaches them.
pub(crate) fn tools(goals: &[&Goal], registry: &Registry) -> Vec<&'static str> {
    let mut out = Vec::new();
    for tool in registry.tools() {
        let decl = tool.declaration();
        let mutates = decl.risks.iter().any(|r| r.is_mutation());
        let matters = |g: &&Goal| {
            let when = &g.when;
            let states = [when.before, when.state];
            let states = || states.iter().flatten();
            let run = when.run.as_ref();
            let runs = run.is_some_and(|m| m.tool.as_deref().is_none_or(|t| t == decl.name));
            let keyed = run.is_some_and(|m| {
                m.reason.is_none()
                    && m.outcome.is_none_or(|o| o == Outcome::Rejected)
                    && m.gate.is_none_or(|g| g == Gate::Idempotency)
            });
            let receipts = states().any(|s| s.receipts.is_some() || s.reuse.is_some());
            let store = tool.store();
            let counts = states().any(|s| store.is_some_and(|kind| s.looks_at(kind)));
            runs || counts || (mutates && (keyed || receipts))
        };
        if goals.iter().any(matters) {
            out.push(decl.name);
        }
    }
    out
}

/// What the experiment's goals ask of the arguments, which the edits
/// follow: a value outside a field's bound or format is tried only where
/// a goal names that reason and field, a goal's output phrase is tried in
/// each text field, and a changed text where a goal asks for no
/// duplicate.
#[derive(Debug, Clone, Default)]
pub(crate) struct Seeds {
    pub reasons: Vec<(FieldReason, String)>,
    pub phrases: Vec<String>,
    pub distinct: bool,
}

impl Seeds {
    /// The seeds of `goals` where the ledger's fixtures are in `lang`'s
    /// language (a goal's phrase is tried in that language).
    pub fn of(goals: &[Goal], lang: Fixtures) -> Self {
        let mut seeds = Seeds::default();
        for when in goals.iter().map(|g| &g.when) {
            if let Some(run) = &when.run {
                if let Some(ReasonIs::Field(kind, field)) = &run.reason {
                    seeds.reasons.push((*kind, field.clone()));
                }
                seeds
                    .phrases
                    .extend(run.output.as_ref().map(|p| p.get(lang).clone()));
            }
            let states = [when.before, when.state];
            seeds.distinct |= states.iter().flatten().any(|s| s.duplicate == Some(false));
        }
        seeds
    }

    fn asks(&self, kind: FieldReason, field: &str) -> bool {
        self.reasons.iter().any(|(k, f)| *k == kind && f == field)
    }
}

/// Whether only an agent turn can reach the goal: it asks about the turn,
/// a person's refusal of a held call, or a tool the registry lacks (the
/// tool select offers only the registry's).
pub(crate) fn turn_only(goal: &Goal) -> bool {
    let run = goal.when.run.as_ref();
    let reason = run.and_then(|r| r.reason.as_ref());
    goal.when.turn.is_some()
        || matches!(
            reason,
            Some(ReasonIs::Kind(
                ReasonKind::RefusedByPerson | ReasonKind::UnknownTool
            ))
        )
}

/// Steps between two events are taken in one order (request, role, hook,
/// key, reuse, approval): they commute, so every state is reached by a
/// sequence in that order as short as any other.
fn rank(step: &Step) -> u8 {
    match step {
        Step::ChooseTool(_)
        | Step::LoadExample(_)
        | Step::RemoveField { .. }
        | Step::SetField { .. } => 0,
        Step::SetRole(_) => 1,
        Step::SetHook(_) => 2,
        Step::SetKey(_) => 3,
        Step::SetReuse(_) => 4,
        Step::Approve | Step::ApproveCall => 5,
        _ => EVENT,
    }
}

const EVENT: u8 = 6;
/// What the stretch since the last event changed.
const REQUEST: u8 = 1;
const POLICY: u8 = 2;
const APPROVAL: u8 = 4;

fn class(step: &Step) -> u8 {
    match rank(step) {
        0 => REQUEST,
        1..=3 => POLICY,
        5 => APPROVAL,
        _ => 0,
    }
}

/// Whether `next` may follow a stretch that changed `changed` and whose
/// last step has rank `last`. An event that ignores what the stretch
/// changed comes first instead (Restart and Reset use neither the request
/// nor the policy, Start turn not the request, End turn nothing): the same
/// sequence with the event moved ahead is as short.
fn in_order(last: u8, changed: u8, next: &Step) -> bool {
    let r = rank(next);
    if r != EVENT {
        return last == EVENT || r > last || (r == 0 && last == 0);
    }
    let ignored = match next {
        Step::Restart | Step::ResetLedger => REQUEST | POLICY | APPROVAL,
        Step::StartTurn => REQUEST | APPROVAL,
        Step::EndTurn => u8::MAX,
        _ => 0,
    };
    changed & ignored == 0
}

struct Node {
    wb: Workbench,
    /// Its fingerprint (without its place in the order of steps).
    print: u64,
    /// Index of this node's last step in the trail, if any.
    at: Option<usize>,
    last: u8,
    changed: u8,
}

/// Searches from `start` for the shortest sequence of each goal `scope`
/// seeks.
pub(crate) fn search(start: Workbench, scope: &Scope) -> Found {
    let goals = start.goals_reached().len();
    let mut paths: Vec<Option<Vec<Step>>> = vec![None; goals];
    // Each step taken, with the index of the step before it.
    let mut trail: Vec<(Step, Option<usize>)> = Vec::new();
    let mut seen = Seen::new();
    let print = start.fingerprint();
    seen.insert(placed(print, EVENT, 0));
    let mut frontier = vec![Node {
        print,
        wb: start,
        at: None,
        last: EVENT,
        changed: 0,
    }];
    let mut searched = 0;
    let mut tried = 0;
    let mut open = (scope.goals.iter()).filter(|g| **g).count();
    'levels: while searched < BOUND && open > 0 && !frontier.is_empty() {
        let mut next = Vec::new();
        for node in &frontier {
            for step in steps(&node.wb, scope, node.last) {
                if !in_order(node.last, node.changed, &step) {
                    continue;
                }
                let msg = step.msg();
                if node.wb.ignores(&msg).is_some() {
                    continue;
                }
                tried += 1;
                let mut wb = node.wb.clone();
                let before = node.wb.goals_reached();
                if wb.update(0, msg) != Handled::Applied {
                    continue;
                }
                while wb.poll_command().is_some() {}
                let last = rank(&step);
                let changed = if last == EVENT {
                    0
                } else {
                    node.changed | class(&step)
                };
                let print = wb.fingerprint();
                // A step that changes nothing is never needed (unless it is
                // an event that reaches a goal).
                let fresh = print != node.print && seen.insert(placed(print, last, changed));
                let newly: Vec<usize> = (0..goals)
                    .filter(|&i| scope.goals[i] && paths[i].is_none())
                    .filter(|&i| wb.goals_reached()[i] && !before[i])
                    .collect();
                if !fresh && newly.is_empty() {
                    continue;
                }
                trail.push((step, node.at));
                let at = trail.len() - 1;
                for i in newly {
                    paths[i] = Some(path(&trail, at));
                    open -= 1;
                }
                if open == 0 {
                    searched += 1;
                    break 'levels;
                }
                if fresh {
                    if seen.len >= MAX_STATES {
                        break 'levels;
                    }
                    next.push(Node {
                        wb,
                        print,
                        at: Some(at),
                        last,
                        changed,
                    });
                }
            }
        }
        searched += 1;
        frontier = next;
    }
    Found {
        paths,
        searched,
        states: seen.len,
        tried,
    }
}

/// A state's fingerprint with its place in the order of steps (the same
/// state reached after an event may take any step next).
fn placed(print: u64, last: u8, changed: u8) -> u64 {
    let place = u64::from(last) << 8 | u64::from(changed);
    print ^ place.wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

fn path(trail: &[(Step, Option<usize>)], mut at: usize) -> Vec<Step> {
    let mut steps = Vec::new();
    loop {
        let (step, before) = &trail[at];
        steps.push(step.clone());
        match before {
            Some(b) => at = *b,
            None => break,
        }
    }
    steps.reverse();
    steps
}

/// Every step worth trying from `wb` after a step of rank `last` (those
/// that mean nothing there are dropped when they are tried).
fn steps(wb: &Workbench, scope: &Scope, last: u8) -> Vec<Step> {
    let mut out = Vec::new();
    let in_turn = wb.turn().is_some();
    if !in_turn && !scope.tools.is_empty() && (last == 0 || last == EVENT) {
        // The tool already chosen is loaded again with its valid example.
        let tools = scope.tools.iter().filter(|n| **n != wb.request().0);
        out.extend(tools.map(|n| Step::ChooseTool((*n).into())));
        if scope.tools.contains(&wb.request().0) {
            out.extend(ExampleKind::ALL.map(Step::LoadExample));
            edits(wb, &scope.seeds, &mut out);
        }
    }
    out.extend(Role::ALL.map(Step::SetRole));
    out.extend(Hook::ALL.map(Step::SetHook));
    // A key matters only to a mutation; one set before a read is set as
    // well before the mutation that uses it.
    if wb.key_applies() {
        out.push(Step::SetKey(fresh_key(wb)));
    }
    out.push(Step::SetReuse(false));
    out.push(Step::SetReuse(true));
    if wb.pending() {
        out.push(Step::ApproveCall);
        out.push(Step::Reject);
    } else {
        out.push(Step::Approve);
        out.push(Step::FinishRun);
    }
    out.push(Step::Restart);
    out.push(Step::ResetLedger);
    out.push(Step::StartTurn);
    if in_turn {
        out.push(Step::EndTurn);
    }
    if wb.turn().is_some_and(Turn::next_call_waits) {
        out.push(Step::NextCall);
    }
    out
}

/// A key no receipt holds and the request does not carry: `intent-2`, …
fn fresh_key(wb: &Workbench) -> String {
    let current = wb.inputs().key;
    (2..)
        .map(|n| format!("intent-{n}"))
        .find(|k| *k != current && wb.ledger().receipt(k).is_none())
        .unwrap_or_default()
}

/// Edits of the request's arguments, when they are a JSON object, that
/// its tool's shape and the goals suggest: each other constant of the
/// shape's variants, and in each field of the variant in force the values
/// of [`values`]; every field may be removed.
fn edits(wb: &Workbench, seeds: &Seeds, out: &mut Vec<Step>) {
    let (tool, args) = wb.request();
    let Some(tool) = wb.registry().get(tool) else {
        return;
    };
    let Ok(Value::Object(map)) = crate::json::parse(args) else {
        return;
    };
    let shape = tool.declaration().shape;
    let holds = |k: &str, c: &str| map.get(k).and_then(Value::as_str) == Some(c);
    let variant = (shape.variants.iter()).find(|v| v.consts.iter().all(|(k, c)| holds(k, c)));
    let mut set = |field: &str, value: Value| {
        if map.get(field) != Some(&value) {
            let mut edited = map.clone();
            edited.insert(field.to_string(), value.clone());
            out.push(Step::SetField {
                field: field.to_string(),
                value: crate::json::compact(&value),
                args: crate::json::pretty(&Value::Object(edited)),
            });
        }
    };
    for (k, c) in shape.variants.iter().flat_map(|v| v.consts) {
        set(k, Value::String((*c).into()));
    }
    let mut removable: Vec<&str> = Vec::new();
    if let Some(variant) = variant {
        for field in variant.fields {
            for value in values(field, map.get(field.name), seeds) {
                set(field.name, value);
            }
            if !field.required || seeds.asks(FieldReason::Missing, field.name) {
                removable.push(field.name);
            }
        }
    }
    for field in map.keys() {
        let known = variant.is_some_and(|v| v.fields.iter().any(|f| f.name == field));
        if !known || removable.contains(&field.as_str()) {
            let mut edited: Map<String, Value> = map.clone();
            edited.shift_remove(field);
            out.push(Step::RemoveField {
                field: field.clone(),
                args: crate::json::pretty(&Value::Object(edited)),
            });
        }
    }
}

/// The values worth trying in `field` (holding `now`): each allowed one of
/// a list, 0 for a number; a goal's output phrase, or a changed text where
/// a goal asks for no duplicate; and one just outside its bound or format
/// where a goal asks for that reason.
fn values(field: &Field, now: Option<&Value>, seeds: &Seeds) -> Vec<Value> {
    let name = field.name;
    let text = |s: &str| Value::String(s.into());
    let mut out = Vec::new();
    match field.kind {
        Kind::Text { min, max, .. } => {
            let fits = |s: &str| (min..=max).contains(&s.encode_utf16().count());
            out.extend(seeds.phrases.iter().filter(|p| fits(p)).map(|p| text(p)));
            if let Some(Value::String(now)) = now.filter(|_| seeds.distinct) {
                let changed = format!("{now} 2");
                if fits(&changed) {
                    out.push(text(&changed));
                }
            }
        }
        Kind::Formatted(format) if seeds.asks(FieldReason::BadFormat, name) => {
            out.push(text(match format {
                Format::ClockTime => "25:00",
                Format::ExampleTestAddress => "learner@outside.test",
                Format::Date => "2026-02-29",
                Format::LineUserId => "U0",
            }));
        }
        Kind::Formatted(_) => {}
        Kind::OneOf(allowed) => {
            out.extend(allowed.iter().map(|a| text(a)));
            if seeds.asks(FieldReason::NotOneOf, name) {
                out.push(text("other"));
            }
        }
        Kind::Integer { min, max } => {
            if seeds.asks(FieldReason::OutOfRange, name) {
                out.extend([Value::from(min - 1), Value::from(max + 1)]);
            }
        }
        Kind::Number { max_abs } => {
            out.push(Value::from(0));
            if seeds.asks(FieldReason::OutOfRange, name) {
                out.push(Value::from(max_abs * 10.0));
            }
        }
        // A goal's output phrases as the cells of one list, where they fit.
        Kind::List {
            min,
            max,
            item: Item::Cell { max: cell },
        } => {
            let fits =
                |s: &&String| s.encode_utf16().count() <= cell && !s.contains(char::is_control);
            let cells: Vec<Value> = (seeds.phrases.iter().filter(fits).take(max))
                .map(|p| text(p))
                .collect();
            if (min.max(1)..=max).contains(&cells.len()) {
                out.push(Value::Array(cells));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::Item;
    use crate::text::Text;

    fn row(min: usize, max: usize) -> Field {
        Field {
            name: "values",
            required: true,
            kind: Kind::List {
                min,
                max,
                item: Item::Cell { max: 5 },
            },
            description: || Text::FormatDate,
        }
    }

    fn seeds(phrases: &[&str]) -> Seeds {
        Seeds {
            phrases: phrases.iter().map(|p| p.to_string()).collect(),
            ..Seeds::default()
        }
    }

    #[test]
    fn a_list_is_tried_with_the_goals_phrases_that_fit_a_cell() {
        // "too long" is 8 characters, over the 5 of a cell; a line break
        // cannot stand in one.
        let s = seeds(&["paid", "too long", "a\nb", "done"]);
        assert_eq!(
            values(&row(1, 10), None, &s),
            [Value::from(vec!["paid", "done"])]
        );
        // No more cells than the list holds.
        assert_eq!(values(&row(1, 1), None, &s), [Value::from(vec!["paid"])]);
        // Too few phrases for the list's minimum, or none: nothing to try.
        assert!(values(&row(3, 10), None, &s).is_empty());
        assert!(values(&row(1, 10), None, &seeds(&[])).is_empty());
    }
}
