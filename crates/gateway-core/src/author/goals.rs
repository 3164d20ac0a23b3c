//! The form's goals: one goal at a time, its id, its words in each
//! language and the condition on a finished run, built from choices
//! (event, tool, outcome, gate, reason and the field a reason names),
//! each taken from the experiment's registry, the gates and the reasons
//! a goal can match ([`crate::goals`]). Each choice writes the goal's
//! place in the JSON (`/goals/<n>/…`), and the form reads the JSON again,
//! so the two stay in step; what the form cannot say (an agent turn, the
//! ledger before and after) stays in the JSON as written.
//!
//! A choice keeps the condition one the reader takes: a gate or a reason
//! makes the outcome `rejected`, another outcome drops them, and an event
//! other than a run drops the run's conditions. An experiment holds one
//! goal at least and [`MAX_GOALS`] at most: Remove goal keeps the last,
//! and Add goal stops at the most.

use serde_json::{Map, Value};

use super::{Author, Control};
use crate::experiments::read::MAX_GOALS;
use crate::goals::{Event, FieldReason, Outcome, ReasonKind};
use crate::text::{Locale, Text};
use crate::vocab::Gate;

/// The part of the goal being edited that a form control edits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GoalPart {
    /// Which goal the controls below edit.
    Pick,
    Id,
    Text(Locale),
    /// `when.on`: a finished run (the default), Restart or Reset.
    Event,
    /// `when.run.tool`: one of the registry's tools, or any.
    Tool,
    /// `when.run.outcome`.
    Outcome,
    /// `when.run.gate`: the gate that rejected.
    Gate,
    /// `when.run.reason`: a kind of reason, or a kind of argument error.
    Reason,
    /// The field an argument error names (`{"missing": "start"}`).
    ReasonField,
}

impl GoalPart {
    /// Every part, in the form's order.
    pub fn all() -> Vec<GoalPart> {
        let mut all = vec![GoalPart::Pick, GoalPart::Id];
        all.extend(Locale::ALL.map(GoalPart::Text));
        all.extend([
            GoalPart::Event,
            GoalPart::Tool,
            GoalPart::Outcome,
            GoalPart::Gate,
            GoalPart::Reason,
            GoalPart::ReasonField,
        ]);
        all
    }

    /// The form control's `id` in the page.
    pub fn dom_id(self) -> String {
        match self {
            GoalPart::Pick => "author-goal".into(),
            GoalPart::Id => "author-goal-id".into(),
            GoalPart::Text(l) => format!("author-goal-text-{}", l.id()),
            GoalPart::Event => "author-goal-on".into(),
            GoalPart::Tool => "author-goal-tool".into(),
            GoalPart::Outcome => "author-goal-outcome".into(),
            GoalPart::Gate => "author-goal-gate".into(),
            GoalPart::Reason => "author-goal-reason".into(),
            GoalPart::ReasonField => "author-goal-reason-field".into(),
        }
    }

    pub(super) fn label(self) -> Text {
        match self {
            GoalPart::Pick => Text::AuthorGoalPick,
            GoalPart::Id => Text::AuthorGoalId,
            GoalPart::Text(l) => Text::AuthorGoalText {
                language: l.autonym().into(),
            },
            GoalPart::Event => Text::AuthorGoalEvent,
            GoalPart::Tool => Text::AuthorGoalTool,
            GoalPart::Outcome => Text::AuthorGoalOutcome,
            GoalPart::Gate => Text::AuthorGoalGate,
            GoalPart::Reason => Text::AuthorGoalReason,
            GoalPart::ReasonField => Text::AuthorGoalReasonField,
        }
    }
}

/// The values of the goal select, one per goal an experiment may hold.
const NUMBERS: [&str; MAX_GOALS] = [
    "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12",
];

/// The choice that writes nothing: the condition matches any value.
pub const ANY: &str = "";

impl Author {
    /// The goals the JSON holds (none where it holds no list).
    pub(super) fn goal_values(&self) -> &[Value] {
        self.value
            .as_ref()
            .and_then(|m| m.get("goals"))
            .and_then(Value::as_array)
            .map_or(&[], Vec::as_slice)
    }

    /// How many goals the JSON holds.
    pub fn goal_count(&self) -> usize {
        self.goal_values().len()
    }

    /// The goal the form edits (0-based), within the goals there are.
    pub fn goal(&self) -> usize {
        self.goal.min(self.goal_count().saturating_sub(1))
    }

    /// Whether Add goal can add one: the JSON is an object holding fewer
    /// goals than an experiment may.
    pub fn can_add_goal(&self) -> bool {
        self.value.is_some() && self.goal_count() < MAX_GOALS
    }

    /// Whether Remove goal can remove the goal edited: an experiment
    /// needs one goal at least, so the last one stays.
    pub fn can_remove_goal(&self) -> bool {
        self.value.is_some() && self.goal_count() > 1
    }

    /// Adds a goal after the others (any finished run, its words to be
    /// written) and edits it. Refused (`false`) at [`MAX_GOALS`] goals or
    /// while the text is no JSON object.
    pub fn add_goal(&mut self) -> bool {
        if !self.can_add_goal() {
            return false;
        }
        let n = self.goal_count();
        let mut text = Map::new();
        for l in Locale::ALL {
            text.insert(l.id().into(), Value::String(String::new()));
        }
        let goal = serde_json::json!({
            "id": format!("goal-{}", n + 1),
            "text": text,
            "when": {"run": {}},
        });
        self.edit_map(|map| {
            let goals = map
                .entry("goals")
                .or_insert_with(|| Value::Array(Vec::new()));
            if !goals.is_array() {
                *goals = Value::Array(Vec::new());
            }
            if let Value::Array(goals) = goals {
                goals.push(goal);
            }
            true
        });
        self.goal = n;
        true
    }

    /// Removes the goal being edited. Refused (`false`) for the last one:
    /// the reader requires a goal.
    pub fn remove_goal(&mut self) -> bool {
        if !self.can_remove_goal() {
            return false;
        }
        let at = self.goal();
        self.edit_map(|map| {
            if let Some(Value::Array(goals)) = map.get_mut("goals") {
                goals.remove(at);
            }
            true
        });
        self.goal = at.saturating_sub(1);
        true
    }

    /// A control of the goal form changed to `value`.
    pub(super) fn set_goal(&mut self, part: GoalPart, value: &str) -> bool {
        if part == GoalPart::Pick {
            let Some(n) = NUMBERS.iter().position(|v| *v == value) else {
                return false;
            };
            if n >= self.goal_count() {
                return false;
            }
            self.goal = n;
            return true;
        }
        let at = self.goal();
        let fields = self.reason_fields();
        self.edit_map(|map| {
            let Some(Value::Object(goal)) = map
                .get_mut("goals")
                .and_then(Value::as_array_mut)
                .and_then(|goals| goals.get_mut(at))
            else {
                return false;
            };
            write_part(goal, part, value, &fields).is_some()
        })
    }

    /// Applies `edit` to the JSON object and writes the text again;
    /// refused while the text is no JSON object.
    fn edit_map(&mut self, edit: impl FnOnce(&mut Map<String, Value>) -> bool) -> bool {
        let Some(mut map) = self.value.clone() else {
            return false;
        };
        if !edit(&mut map) {
            return false;
        }
        let goal = self.goal;
        self.edit_text(crate::json::pretty(&Value::Object(map)));
        self.goal = goal;
        true
    }

    /// The goal being edited, as the JSON holds it.
    fn goal_value(&self) -> Option<&Map<String, Value>> {
        self.goal_values().get(self.goal())?.as_object()
    }

    /// The fields of the chosen tool's arguments, which an argument error
    /// can name (every tool's, where the goal names none).
    fn reason_fields(&self) -> Vec<&'static str> {
        let registry = self.registry();
        let tool = self
            .goal_value()
            .and_then(|g| g.get("when")?.get("run")?.get("tool")?.as_str())
            .and_then(|name| registry.get(name));
        let tools = match tool {
            Some(tool) => vec![tool],
            None => registry.tools().to_vec(),
        };
        let mut names: Vec<&'static str> = Vec::new();
        for tool in tools {
            for variant in tool.declaration().shape.variants {
                for field in variant.fields {
                    if !names.contains(&field.name) {
                        names.push(field.name);
                    }
                }
            }
        }
        names
    }

    /// A goal control as it stands: its choices (or text), the value the
    /// JSON holds there, and whether it takes input (a run's conditions
    /// only for a run; a gate and a reason's field only where they apply).
    pub(super) fn goal_control(&self, part: GoalPart) -> (Control, String, bool) {
        let t = |text: Text| text.render(self.locale);
        let goal = self.goal_value();
        let when = goal.and_then(|g| g.get("when"));
        let run = when.and_then(|w| w.get("run"));
        let text_at = |v: Option<&Value>| v.and_then(Value::as_str).unwrap_or_default().to_string();
        let any = || (ANY, t(Text::AuthorGoalAny));
        let ids = |ids: &[&'static str]| ids.iter().map(|id| (*id, id.to_string())).collect();
        let select = |mut choices: Vec<(&'static str, String)>, current: &str, with_any: bool| {
            if with_any {
                choices.insert(0, any());
            }
            Control::select(choices, current)
        };
        let has_goal = goal.is_some();
        let on_run = when.and_then(|w| w.get("on")).is_none_or(|on| on == "run");
        let reason = run.and_then(|r| r.get("reason"));
        match part {
            GoalPart::Pick => {
                let choices = self
                    .goal_values()
                    .iter()
                    .zip(NUMBERS)
                    .map(|(g, number)| {
                        let id = g.get("id").and_then(Value::as_str).unwrap_or_default();
                        (
                            number,
                            t(Text::AuthorGoalNumber {
                                number: number.into(),
                                id: id.into(),
                            }),
                        )
                    })
                    .collect();
                let current = if has_goal { NUMBERS[self.goal()] } else { "" };
                (select(choices, current, false), current.into(), has_goal)
            }
            GoalPart::Id => (
                Control::Line,
                text_at(goal.and_then(|g| g.get("id"))),
                has_goal,
            ),
            GoalPart::Text(l) => {
                let words = goal.and_then(|g| g.get("text"));
                (
                    Control::Lines,
                    text_at(words.and_then(|w| w.get(l.id()))),
                    has_goal,
                )
            }
            GoalPart::Event => {
                let current = when
                    .and_then(|w| w.get("on"))
                    .and_then(Value::as_str)
                    .unwrap_or(Event::Run.id());
                (
                    select(ids(&Event::ALL.map(Event::id)), current, false),
                    current.into(),
                    has_goal,
                )
            }
            GoalPart::Tool => {
                let current = text_at(run.and_then(|r| r.get("tool")));
                let names = self.registry().names();
                (
                    select(ids(&names), &current, true),
                    current,
                    has_goal && on_run,
                )
            }
            GoalPart::Outcome => {
                let current = text_at(run.and_then(|r| r.get("outcome")));
                let choices = ids(&Outcome::ALL.map(Outcome::id));
                (select(choices, &current, true), current, has_goal && on_run)
            }
            GoalPart::Gate => {
                let current = text_at(run.and_then(|r| r.get("gate")));
                let gates = Gate::ALL.iter().map(|g| (g.id(), t(g.name()))).collect();
                (select(gates, &current, true), current, has_goal && on_run)
            }
            GoalPart::Reason => {
                let current = match reason {
                    Some(Value::String(kind)) => kind.clone(),
                    Some(Value::Object(o)) => o.keys().next().cloned().unwrap_or_default(),
                    _ => String::new(),
                };
                let mut kinds: Vec<&'static str> = ReasonKind::ALL.map(ReasonKind::id).into();
                kinds.extend(FieldReason::ALL.map(FieldReason::id));
                (
                    select(ids(&kinds), &current, true),
                    current,
                    has_goal && on_run,
                )
            }
            GoalPart::ReasonField => {
                let current = match reason {
                    Some(Value::Object(o)) => text_at(o.values().next()),
                    _ => String::new(),
                };
                let applies = matches!(reason, Some(Value::Object(_)));
                (
                    // Any, shown while no argument error is chosen.
                    select(ids(&self.reason_fields()), &current, !applies),
                    current,
                    has_goal && applies,
                )
            }
        }
    }

    /// The registry the JSON declares: its `registry`'s tools (the
    /// fixture tools unless it names another), then the extra tools its
    /// `tools` names.
    pub(super) fn registry(&self) -> crate::tools::Registry {
        use crate::experiments::{ExtraTool, RegistryKind};
        let field = |key: &str| self.value.as_ref().and_then(|m| m.get(key));
        let kind = field("registry")
            .and_then(Value::as_str)
            .and_then(|id| id.parse::<RegistryKind>().ok())
            .unwrap_or_default();
        let extra: Vec<ExtraTool> = (field("tools").and_then(Value::as_array).into_iter())
            .flatten()
            .filter_map(Value::as_str)
            .filter_map(|name| name.parse().ok())
            .collect();
        kind.with(&extra)
    }
}

/// Writes `value` as `part` of `goal`, keeping the condition one the
/// reader takes (see the module's header). `fields`: the fields a
/// reason may name, the first taken when a kind of argument error is
/// chosen and the goal names none.
fn write_part(
    goal: &mut Map<String, Value>,
    part: GoalPart,
    value: &str,
    fields: &[&str],
) -> Option<()> {
    let text = || Value::String(value.into());
    match part {
        GoalPart::Pick => {}
        GoalPart::Id => {
            goal.insert("id".into(), text());
        }
        GoalPart::Text(l) => {
            let words = object(goal, "text")?;
            words.insert(l.id().into(), text());
        }
        GoalPart::Event => {
            let when = object(goal, "when")?;
            if value == Event::Run.id() {
                when.remove("on");
                object(when, "run")?;
            } else {
                when.insert("on".into(), text());
                when.remove("run");
                when.remove("turn");
            }
        }
        GoalPart::Tool => set_or_remove(run(goal)?, "tool", value),
        GoalPart::Outcome => {
            let run = run(goal)?;
            set_or_remove(run, "outcome", value);
            if value != Outcome::Rejected.id() {
                run.remove("gate");
                run.remove("reason");
            }
        }
        GoalPart::Gate => {
            let run = run(goal)?;
            set_or_remove(run, "gate", value);
            if value != ANY {
                run.insert("outcome".into(), Outcome::Rejected.id().into());
            }
        }
        GoalPart::Reason => {
            let run = run(goal)?;
            let field = |run: &Map<String, Value>| {
                run.get("reason")
                    .and_then(Value::as_object)
                    .and_then(|o| o.values().next())
                    .and_then(Value::as_str)
                    .map(String::from)
                    .or_else(|| fields.first().map(|f| f.to_string()))
                    .unwrap_or_default()
            };
            if value == ANY {
                run.remove("reason");
                return Some(());
            }
            let reason = if FieldReason::ALL.iter().any(|k| k.id() == value) {
                let mut one = Map::new();
                one.insert(value.into(), Value::String(field(run)));
                Value::Object(one)
            } else {
                text()
            };
            run.insert("reason".into(), reason);
            run.insert("outcome".into(), Outcome::Rejected.id().into());
        }
        GoalPart::ReasonField => {
            if let Some(Value::Object(reason)) = run(goal)?.get_mut("reason") {
                if let Some(slot) = reason.values_mut().next() {
                    *slot = text();
                }
            }
        }
    }
    Some(())
}

/// `key` of `map` as an object, made one where it is none.
fn object<'m>(map: &'m mut Map<String, Value>, key: &str) -> Option<&'m mut Map<String, Value>> {
    if !map.get(key).is_some_and(Value::is_object) {
        map.insert(key.into(), Value::Object(Map::new()));
    }
    map.get_mut(key).and_then(Value::as_object_mut)
}

/// The goal's `when.run`, made where there is none (with `when.on` a run).
fn run(goal: &mut Map<String, Value>) -> Option<&mut Map<String, Value>> {
    let when = object(goal, "when")?;
    when.remove("on");
    object(when, "run")
}

/// Sets `key` to `value`, or removes it for [`ANY`].
fn set_or_remove(map: &mut Map<String, Value>, key: &str, value: &str) {
    if value == ANY {
        map.remove(key);
    } else {
        map.insert(key.into(), Value::String(value.into()));
    }
}
