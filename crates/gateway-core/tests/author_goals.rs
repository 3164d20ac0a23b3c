//! The authoring panel's goal form (`author::GoalPart`): each goal's
//! condition built from choices taken from the registry, the gates and
//! the reasons a goal matches; the form and the JSON stay in step; the
//! form keeps a condition the reader takes, adds no goal past the
//! reader's limit of twelve and removes none below its one.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use gateway_core::author::{Author, Control, Field, FieldView, GoalPart, ANY};
use gateway_core::goals::{Outcome, RunMatch};
use gateway_core::text::Locale;
use gateway_core::{ExperimentId, Gate};
use serde_json::{json, Value};

fn author(id: ExperimentId) -> Author {
    Author::new(id, Locale::default())
}

fn value(a: &Author) -> Value {
    serde_json::from_str(&a.view().json).unwrap()
}

fn part(a: &Author, p: GoalPart) -> FieldView {
    let f = Field::Goal(p);
    a.view().fields.into_iter().find(|v| v.field == f).unwrap()
}

fn choices(a: &Author, p: GoalPart) -> Vec<&'static str> {
    match part(a, p).control {
        Control::Select(c) => c.iter().map(|c| c.value).collect(),
        other => panic!("{p:?} is {other:?}"),
    }
}

fn set(a: &mut Author, p: GoalPart, v: &str) {
    assert!(a.set(Field::Goal(p), v), "{p:?} = {v:?}");
}

/// A JSON text of the email experiment with `n` goals, each a run.
fn with_goals(n: usize) -> String {
    let mut v: Value = serde_json::from_str(&author(ExperimentId::Email).view().json).unwrap();
    let goals: Vec<Value> = (1..=n)
        .map(|i| {
            json!({"id": format!("g{i}"), "text": {"en": "Run.", "zh-TW": "執行。"}, "when": {"run": {}}})
        })
        .collect();
    v["goals"] = Value::Array(goals);
    gateway_core::json::pretty(&v)
}

#[test]
fn a_goal_built_with_the_form_is_written_in_the_json_and_checks() {
    let mut a = author(ExperimentId::Email);
    let before = a.goal_count();
    assert!(a.add_goal());
    assert_eq!(a.goal_count(), before + 1);
    assert_eq!(part(&a, GoalPart::Pick).value, (before + 1).to_string());
    set(&mut a, GoalPart::Id, "waits");
    set(
        &mut a,
        GoalPart::Text(Locale::En),
        "See an email wait for approval.",
    );
    set(
        &mut a,
        GoalPart::Text(Locale::ZhTw),
        "看到電子郵件等待核准。",
    );
    set(&mut a, GoalPart::Tool, "email");
    set(&mut a, GoalPart::Outcome, "rejected");
    set(&mut a, GoalPart::Gate, "approval");
    let goal = &value(&a)["goals"][before];
    assert_eq!(
        goal,
        &json!({
            "id": "waits",
            "text": {"en": "See an email wait for approval.", "zh-TW": "看到電子郵件等待核准。"},
            "when": {"run": {"tool": "email", "outcome": "rejected", "gate": "approval"}}
        })
    );
    a.check();
    let view = a.view();
    assert!(view.shareable, "{:?}", view.problems);
    let e = a.experiment().unwrap();
    let run = e.goals.last().unwrap().when.run.clone().unwrap();
    assert_eq!(
        run,
        RunMatch {
            tool: Some("email".into()),
            outcome: Some(Outcome::Rejected),
            gate: Some(Gate::Approval),
            ..RunMatch::default()
        }
    );
    // The answer key has a way to it.
    assert_eq!(view.key.len(), e.goals.len());
    assert!(!view.key.last().unwrap().1.is_empty());
}

#[test]
fn the_choices_come_from_the_registry_the_gates_and_the_reasons() {
    let a = author(ExperimentId::Email);
    assert_eq!(
        choices(&a, GoalPart::Tool),
        [
            ANY,
            "email",
            "calendar",
            "files",
            "database",
            "search",
            "calculator"
        ]
    );
    let a = author(ExperimentId::Registry);
    let tools = choices(&a, GoalPart::Tool);
    assert_eq!(&tools[tools.len() - 2..], ["files.delete", "files.share"]);
    assert_eq!(choices(&a, GoalPart::Event), ["run", "restart", "reset"]);
    assert_eq!(
        choices(&a, GoalPart::Outcome),
        [
            ANY,
            "succeeded",
            "read",
            "committed",
            "replayed",
            "rejected"
        ]
    );
    let gates = choices(&a, GoalPart::Gate);
    assert_eq!(gates.len(), 1 + 7);
    assert_eq!(gates[4], "approval");
    assert_eq!(
        choices(&a, GoalPart::Reason),
        [
            ANY,
            "unknown-tool",
            "overlap",
            "refused-by-person",
            "divide-by-zero",
            "missing",
            "not-one-of",
            "bad-format",
            "out-of-range"
        ]
    );
    // The gate's choices are named in the page's language.
    let Control::Select(gates) = part(&a, GoalPart::Gate).control else {
        panic!()
    };
    assert!(gates.iter().all(|c| !c.label.is_empty()));
}

#[test]
fn editing_the_json_reads_the_form_again() {
    let mut a = author(ExperimentId::Registry);
    // The registry experiment's second goal: calendar, rejected at the
    // schema gate, missing start.
    set(&mut a, GoalPart::Pick, "2");
    assert_eq!(part(&a, GoalPart::Id).value, "missing-start");
    assert_eq!(part(&a, GoalPart::Tool).value, "calendar");
    assert_eq!(part(&a, GoalPart::Gate).value, "schema");
    assert_eq!(part(&a, GoalPart::Reason).value, "missing");
    assert_eq!(part(&a, GoalPart::ReasonField).value, "start");
    assert!(part(&a, GoalPart::ReasonField).enabled);
    assert!(choices(&a, GoalPart::ReasonField).contains(&"title"));
    let text = a
        .view()
        .json
        .replace("\"missing\": \"start\"", "\"missing\": \"end\"");
    a.edit_text(text);
    assert_eq!(part(&a, GoalPart::ReasonField).value, "end");
    assert_eq!(part(&a, GoalPart::Pick).value, "2", "still the goal edited");
    // A value that is none of the choices selects nothing.
    let text = a
        .view()
        .json
        .replace("\"tool\": \"calendar\"", "\"tool\": \"shell.exec\"");
    a.edit_text(text);
    let Control::Select(tools) = part(&a, GoalPart::Tool).control else {
        panic!()
    };
    assert!(tools.iter().all(|c| !c.selected));
    a.check();
    let problems = a.view().problems;
    assert!(
        problems
            .iter()
            .any(|p| p.starts_with("/goals/1/when/run/tool")),
        "{problems:?}"
    );
}

#[test]
fn the_form_keeps_a_condition_the_reader_takes() {
    let mut a = author(ExperimentId::Email);
    assert!(a.add_goal());
    let n = a.goal_count() - 1;
    let run = |a: &Author| value(a)["goals"][n]["when"].clone();
    // A gate or a reason makes the outcome rejected.
    set(&mut a, GoalPart::Gate, "role");
    assert_eq!(
        run(&a),
        json!({"run": {"gate": "role", "outcome": "rejected"}})
    );
    set(&mut a, GoalPart::Reason, "refused-by-person");
    assert_eq!(run(&a)["run"]["reason"], "refused-by-person");
    // An argument error names a field of the tool, which can be chosen.
    set(&mut a, GoalPart::Tool, "calendar");
    set(&mut a, GoalPart::Reason, "missing");
    assert_eq!(run(&a)["run"]["reason"], json!({"missing": "title"}));
    set(&mut a, GoalPart::ReasonField, "start");
    assert_eq!(run(&a)["run"]["reason"], json!({"missing": "start"}));
    // Another outcome drops the gate and the reason.
    set(&mut a, GoalPart::Outcome, "committed");
    assert_eq!(
        run(&a),
        json!({"run": {"tool": "calendar", "outcome": "committed"}})
    );
    assert!(!part(&a, GoalPart::ReasonField).enabled);
    // Any removes the condition.
    set(&mut a, GoalPart::Outcome, ANY);
    set(&mut a, GoalPart::Tool, ANY);
    assert_eq!(run(&a), json!({"run": {}}));
    // Another event drops the run's conditions, and they take no input.
    set(&mut a, GoalPart::Tool, "email");
    set(&mut a, GoalPart::Event, "reset");
    assert_eq!(run(&a), json!({"on": "reset"}));
    for p in [
        GoalPart::Tool,
        GoalPart::Outcome,
        GoalPart::Gate,
        GoalPart::Reason,
    ] {
        assert!(!part(&a, p).enabled, "{p:?}");
    }
    set(&mut a, GoalPart::Event, "run");
    assert_eq!(run(&a), json!({"run": {}}));
    set(&mut a, GoalPart::Text(Locale::En), "Any run.");
    set(&mut a, GoalPart::Text(Locale::ZhTw), "任何一次執行。");
    a.check();
    assert!(a.view().shareable, "{:?}", a.view().problems);
}

#[test]
fn add_goal_stops_at_the_readers_twelve() {
    // Eleven goals: one more can be added, and the file checks.
    let mut a = author(ExperimentId::Email);
    a.edit_text(with_goals(11));
    assert_eq!(a.goal_count(), 11);
    assert!(a.view().can_add_goal);
    assert!(a.add_goal());
    assert_eq!(a.goal_count(), 12);
    set(&mut a, GoalPart::Text(Locale::En), "Twelfth.");
    set(&mut a, GoalPart::Text(Locale::ZhTw), "第十二個。");
    a.check();
    assert!(a.view().shareable, "{:?}", a.view().problems);
    assert_eq!(choices(&a, GoalPart::Pick).len(), 12);
    // Twelve: none more.
    assert!(!a.view().can_add_goal);
    let text = a.view().json;
    assert!(!a.add_goal());
    assert_eq!(a.view().json, text, "nothing written");
    // The reader refuses thirteen, written by hand, naming the pointer.
    a.edit_text(with_goals(13));
    assert!(!a.view().can_add_goal);
    a.check();
    let problems = a.view().problems;
    assert!(
        problems.iter().any(|p| p.starts_with("/goals")),
        "{problems:?}"
    );
}

#[test]
fn remove_goal_keeps_the_readers_one() {
    // Two goals: the second can be removed.
    let mut a = author(ExperimentId::Email);
    a.edit_text(with_goals(2));
    set(&mut a, GoalPart::Pick, "2");
    assert!(a.view().can_remove_goal);
    assert!(a.remove_goal());
    assert_eq!(a.goal_count(), 1);
    assert_eq!(part(&a, GoalPart::Id).value, "g1");
    a.check();
    assert!(a.view().shareable, "{:?}", a.view().problems);
    // One: it stays.
    let text = a.view().json;
    assert!(!a.view().can_remove_goal && !a.remove_goal());
    assert_eq!(a.view().json, text, "nothing written");
    // A goal that is not there cannot be picked.
    assert!(!a.set(Field::Goal(GoalPart::Pick), "2"));
    // Written by hand with none, the form has nothing to edit, and the
    // reader says the list is empty.
    a.edit_text(with_goals(0));
    for p in GoalPart::all() {
        assert!(!part(&a, p).enabled, "{p:?} with no goal");
    }
    assert!(a.view().can_add_goal);
    a.check();
    let problems = a.view().problems;
    assert!(
        problems.iter().any(|p| p.starts_with("/goals")),
        "{problems:?}"
    );
}

#[test]
fn text_that_is_no_object_takes_no_goal_edit() {
    let mut a = author(ExperimentId::Email);
    a.edit_text("[1, 2".into());
    assert!(!a.view().can_add_goal && !a.add_goal());
    assert!(!a.set(Field::Goal(GoalPart::Tool), "email"));
    assert_eq!(a.view().json, "[1, 2");
}
