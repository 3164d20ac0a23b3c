//! The checker's search: breadth first from the page an experiment opens,
//! over the learner's own actions, for the shortest sequence that reaches
//! each goal.
//!
//! The actions ([`Step`]) are the experiment's: its registry's tools, their
//! examples, edits of the arguments the tool's shape suggests (a field
//! removed, a constant or an allowed value swapped, a number set to 0, a
//! value just outside its bound or format), both roles, every hook, a
//! fresh operation key, Reuse receipts off and on, Approve, Finish run,
//! Restart inspection, Reset synthetic ledger, and an agent turn's Start
//! turn, Reject and End turn. A run is finished with Finish run, one step
//! (Next gate seven times reaches the same state in seven).
//!
//! Between two events (a finished run, Restart, Reset, a turn's steps) the
//! inputs are set in one order: request, role, hook, key, reuse, approval;
//! they commute, so no shorter sequence is lost. States are told apart by
//! [`Workbench::fingerprint`]. The search stops at [`BOUND`] steps, at
//! [`MAX_STATES`] states, or when every goal has its sequence.

use serde_json::{Map, Value};

use super::check::{Step, BOUND, MAX_STATES};
use crate::policy::{Hook, Role};
use crate::schema::{Format, Kind};
use crate::tools::{ExampleKind, Registry};
use crate::workbench::{Handled, Workbench};

/// What the search found: for each goal, in order, its shortest sequence
/// (`None`: none found), and how many steps were searched in full.
#[derive(Debug)]
pub(crate) struct Found {
    pub paths: Vec<Option<Vec<Step>>>,
    /// Every sequence of at most this many steps was tried.
    pub searched: usize,
    /// States seen (for the figures the tests print).
    pub states: usize,
}

/// 64-bit FNV-1a over formatted text: the states' fingerprints.
#[derive(Debug)]
pub(crate) struct Fnv(pub u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl std::fmt::Write for Fnv {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        for b in s.bytes() {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        Ok(())
    }
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

/// Where a step stands in the order the inputs are set in between two
/// events; an event starts the order again.
fn rank(step: &Step) -> u8 {
    match step {
        Step::ChooseTool(_) | Step::LoadExample(_) | Step::RemoveField { .. } => 0,
        Step::SetField { .. } => 0,
        Step::SetRole(_) => 1,
        Step::SetHook(_) => 2,
        Step::SetKey(_) => 3,
        Step::SetReuse(_) => 4,
        Step::Approve | Step::ApproveCall => 5,
        _ => EVENT,
    }
}

const EVENT: u8 = 6;

/// Whether `next` may follow a step of rank `last` in the same stretch.
fn in_order(last: u8, next: &Step) -> bool {
    let r = rank(next);
    last == EVENT || r == EVENT || r > last || (r == 0 && last == 0)
}

struct Node {
    wb: Workbench,
    /// Index of this node's last step in `trail`, if any.
    at: Option<usize>,
    last: u8,
}

/// Searches from `start` for each goal's shortest sequence.
pub(crate) fn search(start: Workbench) -> Found {
    let goals = start.goals_reached().len();
    let mut paths: Vec<Option<Vec<Step>>> = vec![None; goals];
    // Each step taken, with the index of the step before it.
    let mut trail: Vec<(Step, Option<usize>)> = Vec::new();
    let mut seen = Seen::new();
    seen.insert(start.fingerprint());
    let mut frontier = vec![Node {
        wb: start,
        at: None,
        last: EVENT,
    }];
    let mut searched = 0;
    let mut open = goals;
    'levels: while searched < BOUND && open > 0 && !frontier.is_empty() {
        let mut next = Vec::new();
        for node in &frontier {
            for step in steps(&node.wb) {
                if !in_order(node.last, &step) {
                    continue;
                }
                let mut wb = node.wb.clone();
                let before: Vec<bool> = wb.goals_reached().to_vec();
                if wb.update(0, step.msg()) != Handled::Applied {
                    continue;
                }
                while wb.poll_command().is_some() {}
                let last = rank(&step);
                let fresh = seen.insert(fingerprint(&wb, last));
                let newly: Vec<usize> = (0..goals)
                    .filter(|&i| wb.goals_reached()[i] && !before[i] && paths[i].is_none())
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
                        at: Some(at),
                        last,
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
    }
}

/// A state's fingerprint with the place in the input order it was reached
/// at (the same state reached after an event may take any step next).
fn fingerprint(wb: &Workbench, last: u8) -> u64 {
    wb.fingerprint() ^ u64::from(last).wrapping_mul(0x9e37_79b9_7f4a_7c15)
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

/// Every step worth trying from `wb` (those that mean nothing there are
/// dropped when they are tried).
fn steps(wb: &Workbench) -> Vec<Step> {
    let mut out = Vec::new();
    let in_turn = wb.turn().is_some();
    if !in_turn {
        let registry: &Registry = wb.registry();
        out.extend(
            registry
                .names()
                .into_iter()
                .map(|n| Step::ChooseTool(n.to_string())),
        );
        out.extend(ExampleKind::ALL.map(Step::LoadExample));
        edits(wb, &mut out);
    }
    out.extend(Role::ALL.map(Step::SetRole));
    out.extend(Hook::ALL.map(Step::SetHook));
    out.push(Step::SetKey(fresh_key(wb)));
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

/// Edits of the request's arguments that its tool's shape suggests, when
/// they are a JSON object.
fn edits(wb: &Workbench, out: &mut Vec<Step>) {
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
    let mut consts: Vec<(&str, &str)> = Vec::new();
    for (k, c) in shape.variants.iter().flat_map(|v| v.consts) {
        if !consts.contains(&(*k, *c)) {
            consts.push((*k, *c));
            set(k, Value::String((*c).into()));
        }
    }
    let Some(variant) = variant else { return };
    for field in variant.fields {
        for value in values(field.kind) {
            set(field.name, value);
        }
    }
    for field in map.keys() {
        if consts.iter().all(|(k, _)| k != field) {
            let mut edited: Map<String, Value> = map.clone();
            edited.shift_remove(field);
            out.push(Step::RemoveField {
                field: field.clone(),
                args: crate::json::pretty(&Value::Object(edited)),
            });
        }
    }
}

/// The values worth trying in a field of `kind`: each allowed one of a
/// list, 0 for a number, and one just outside each bound or format.
fn values(kind: Kind) -> Vec<Value> {
    let text = |s: &str| Value::String(s.into());
    match kind {
        Kind::Text { min, .. } if min > 0 => vec![text("")],
        Kind::Text { .. } => Vec::new(),
        Kind::Formatted(Format::ClockTime) => vec![text("25:00")],
        Kind::Formatted(Format::ExampleTestAddress) => vec![text("learner@outside.test")],
        Kind::OneOf(allowed) => allowed.iter().map(|a| text(a)).collect(),
        Kind::Integer { min, max } => vec![Value::from(min - 1), Value::from(max + 1)],
        Kind::Number { max_abs } => vec![Value::from(0), Value::from(max_abs * 10.0)],
    }
}
