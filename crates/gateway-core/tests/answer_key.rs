//! The answer key of every built-in experiment: the checker finds no
//! problem in its file, and each answer's steps, replayed on a fresh page
//! of the experiment, reach that goal exactly at the last step (never
//! before it). The search's figures (time and states) are printed, never
//! asserted: `cargo test --release -p gateway-core --test answer_key --
//! --nocapture` shows them.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::time::{Duration, Instant};

use gateway_core::check::{answer_key, answers, check, figures, words, Step};
use gateway_core::experiments::{ExperimentId, FILES};
use gateway_core::text::Locale;
use gateway_core::{ExampleKind, Handled, Hook, Msg, Role, Workbench};

#[test]
fn every_builtin_passes_the_checker() {
    for (id, text) in ExperimentId::ALL.into_iter().zip(FILES) {
        let report = check(text);
        let problems: Vec<String> = (report.problems.iter())
            .map(|p| p.sentence().render(Locale::En))
            .collect();
        assert!(problems.is_empty(), "{id}: {problems:?}");
        assert_eq!(report.answers.len(), id.experiment().goals.len(), "{id}");
    }
}

#[test]
fn each_answer_reaches_its_goal_at_its_last_step() {
    for id in ExperimentId::ALL {
        let experiment = id.experiment();
        for (i, answer) in answers(experiment).into_iter().enumerate() {
            let goal = &experiment.goals[i];
            assert_eq!(answer.goal, goal.id);
            let steps = answer.steps.unwrap_or_else(|| panic!("{id}/{}", goal.id));
            let mut wb = Workbench::new(id);
            for (n, step) in steps.iter().enumerate() {
                assert!(!wb.goals_reached()[i], "{id}/{}: before step {n}", goal.id);
                let handled = wb.update(0, step.msg());
                assert_eq!(handled, Handled::Applied, "{id}/{}: {step:?}", goal.id);
            }
            assert!(wb.goals_reached()[i], "{id}/{}: {steps:?}", goal.id);
        }
    }
}

#[test]
fn the_answer_key_is_in_words_in_each_language() {
    let key = answer_key(ExperimentId::Email.experiment(), Locale::En);
    let first = &key[0];
    assert_eq!(
        first.0,
        "Create email-1 for learner@example.test with an approved payload."
    );
    assert_eq!(
        first.1,
        "Role → Operator; Approve exact payload; Finish run"
    );
    let zh = answer_key(ExperimentId::Email.experiment(), Locale::ZhTw);
    assert_eq!(zh[0].1, "角色 → 操作者；核准確切酬載；完成執行");
}

#[test]
fn an_unreachable_goal_is_a_problem_and_its_key_says_so() {
    // files.delete is refused at the role gate for every role.
    let text = r#"{"version": 1, "id": "delete-it",
      "title": {"en": "Delete", "zh-TW": "刪除"},
      "instructions": {"en": "Delete the report.", "zh-TW": "刪除報告。"},
      "start": {"tool": "files.delete", "args": {"example": "valid"}, "role": "operator"},
      "tools": ["files.delete"],
      "goals": [
        {"id": "refused", "text": {"en": "See it refused.", "zh-TW": "看到它被拒絕。"},
         "when": {"run": {"tool": "files.delete", "outcome": "rejected", "gate": "role"}}},
        {"id": "deleted", "text": {"en": "Delete it.", "zh-TW": "刪除它。"},
         "when": {"run": {"tool": "files.delete", "outcome": "committed"}}}]}"#;
    let report = check(text);
    let problems: Vec<String> = (report.problems.iter())
        .map(|p| p.sentence().render(Locale::En))
        .collect();
    let unreachable = "no sequence of at most 12 of the experiment's own actions reaches this \
                       goal: unreachable within 12 steps.";
    assert_eq!(problems, [format!("/goals/1: {unreachable}")]);
    assert_eq!(report.answers[0].steps, Some(vec![Step::FinishRun]));
    assert_eq!(report.answers[1].steps, None);
    let e = std::rc::Rc::new(gateway_core::experiments::read::experiment(text).unwrap());
    let key = answer_key(&e, Locale::En);
    assert_eq!(key[0], ("See it refused.".into(), "Finish run".into()));
    assert_eq!(key[1], ("Delete it.".into(), unreachable.into()));
}

#[test]
fn equal_neighbours_collapse() {
    let steps = [
        Step::SetRole(gateway_core::Role::Operator),
        Step::NextGate,
        Step::NextGate,
        Step::NextGate,
        Step::Restart,
        Step::NextGate,
    ];
    assert_eq!(
        words(&steps).render(Locale::En),
        "Role → Operator; Next gate ×3; Restart inspection; Next gate"
    );
    assert_eq!(
        words(&steps).render(Locale::ZhTw),
        "角色 → 操作者；下一個關卡 ×3；重新開始檢查；下一個關卡"
    );
}

/// Figures only: how many states each built-in's search visits, how many
/// steps it applies, and how long it takes.
#[test]
fn search_figures() {
    for id in ExperimentId::ALL {
        let mut took = Duration::MAX;
        let mut f = None;
        // The least of three runs, where the figures mean something.
        for _ in 0..if cfg!(debug_assertions) { 1 } else { 3 } {
            let start = Instant::now();
            f = Some(figures(id.experiment()));
            took = took.min(start.elapsed());
        }
        let f = f.unwrap();
        let longest = answers(id.experiment())
            .iter()
            .filter_map(|a| a.steps.as_ref().map(Vec::len))
            .max()
            .unwrap_or(0);
        println!(
            "{:<11} {:>6} states {:>7} steps tried, {} searched, longest answer {longest}, {took:?}",
            id.id(),
            f.states,
            f.tried,
            f.searched
        );
    }
}

/// Every message a learner can send that the checker's steps stand for,
/// but the argument edits: the search's orders, merges and choices of
/// tools must lose no shorter sequence than these find.
fn every_step(wb: &Workbench) -> Vec<Msg> {
    let mut out: Vec<Msg> = (wb.registry().names().into_iter())
        .map(|n| Msg::ChooseTool(n.into()))
        .collect();
    out.extend(ExampleKind::ALL.map(Msg::LoadExample));
    out.extend(Role::ALL.map(Msg::SetRole));
    out.extend(Hook::ALL.map(Msg::SetHook));
    out.extend([
        Msg::SetKey("intent-2".into()),
        Msg::SetReuse(false),
        Msg::SetReuse(true),
        Msg::Approve,
        Msg::FinishRun,
        Msg::Restart,
        Msg::ResetLedger,
        Msg::StartTurn,
        Msg::Reject,
        Msg::EndTurn,
    ]);
    out
}

/// The shortest number of steps, up to `depth`, with which every message
/// in any order reaches each goal (states merged only when equal).
fn naive(id: ExperimentId, depth: usize) -> Vec<Option<usize>> {
    let start = Workbench::new(id);
    let mut found = vec![None; start.goals_reached().len()];
    let mut seen = std::collections::HashSet::from([start.fingerprint()]);
    let mut frontier = vec![start];
    for level in 1..=depth {
        let mut next = Vec::new();
        for wb in &frontier {
            for msg in every_step(wb) {
                let mut after = wb.clone();
                if after.update(0, msg) != Handled::Applied {
                    continue;
                }
                for (i, (was, is)) in wb
                    .goals_reached()
                    .iter()
                    .zip(after.goals_reached())
                    .enumerate()
                {
                    if *is && !was && found[i].is_none() {
                        found[i] = Some(level);
                    }
                }
                if seen.insert(after.fingerprint()) {
                    next.push(after);
                }
            }
        }
        frontier = next;
    }
    found
}

/// Three steps deep in a debug build (a few seconds), six in a release
/// build (`cargo test --release`: about eight seconds; every built-in
/// answer but the registry's seven-step turn is within six).
#[test]
fn no_sequence_of_every_message_is_shorter_than_the_answer() {
    let depth = if cfg!(debug_assertions) { 3 } else { 6 };
    for id in ExperimentId::ALL {
        let answers = answers(id.experiment());
        for (answer, shortest) in answers.iter().zip(naive(id, depth)) {
            let len = answer.steps.as_ref().map(Vec::len);
            if let Some(shortest) = shortest {
                assert!(
                    len.is_some_and(|l| l <= shortest),
                    "{id}/{}: {len:?} steps, but {shortest} reach it",
                    answer.goal
                );
            }
        }
    }
}
