//! The solved moment (issue 32): the banner appears when the last goal is
//! reached on the page, not before, and leads on in the course order, or
//! offers no navigation where the page is one activity of a larger course;
//! Dismiss; the masthead's count of finished experiments; the instructors'
//! experiments the course page lists (bounded, and never written over
//! where unreadable).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::rc::Rc;

use gateway_core::command::{Command, Read, Slot};
use gateway_core::course::{authored, ORDER};
use gateway_core::experiments::{link, Experiment, FILES};
use gateway_core::notice::Notice;
use gateway_core::opening::{open, Address, Opening, Query, UnknownView};
use gateway_core::text::Locale;
use gateway_core::{ExampleKind, ExperimentId, Handled, Ignored, Msg, Workbench};

fn opened(query: &str, single_file: bool, read: &dyn Fn(&str) -> Read) -> Workbench {
    opened_at(query, "", None, single_file, read)
}

fn opened_at(
    query: &str,
    fragment: &str,
    inflated: Option<Result<&[u8], &str>>,
    single_file: bool,
    read: &dyn Fn(&str) -> Read,
) -> Workbench {
    let address = Address {
        query: &Query::parse(query),
        fragment,
        framed: false,
        from_file: false,
        single_file,
        locale: Locale::default(),
        inflated,
    };
    match open(address, read) {
        Opening::Workbench(wb) => *wb,
        other => panic!("{query} did not open a workbench: {other:?}"),
    }
}

fn absent(_: &str) -> Read {
    Read::Absent
}

/// Storage holding every goal of `finished` as reached.
fn finished(finished: &'static [ExperimentId]) -> impl Fn(&str) -> Read {
    move |key: &str| {
        for id in finished {
            if key == Slot::Progress.key(id.id()) {
                let ids: Vec<String> = id.experiment().goals.iter().map(|g| g.id.clone()).collect();
                return Read::Found(serde_json::to_string(&ids).unwrap());
            }
        }
        Read::Absent
    }
}

fn send(wb: &mut Workbench, msg: Msg) -> Handled {
    wb.update(1_000, msg)
}

fn finish_run(wb: &mut Workbench) {
    send(wb, Msg::Restart);
    assert_eq!(send(wb, Msg::FinishRun), Handled::Applied);
}

/// The search experiment's two goals: a read as viewer, then the limit
/// out of range at the schema gate.
fn solve_search(wb: &mut Workbench) {
    finish_run(wb);
    assert!(wb.view().experiment.solved.is_none(), "one goal is not all");
    send(wb, Msg::LoadExample(ExampleKind::Boundary));
    finish_run(wb);
}

#[test]
fn the_banner_appears_when_the_last_goal_is_reached_not_before() {
    let mut wb = opened("?experiment=search", false, &absent);
    let v = wb.view().experiment;
    assert!(v.solved.is_none() && v.next.is_none());
    assert_eq!(v.progress, "0 of 2 goals reached");
    finish_run(&mut wb);
    let v = wb.view().experiment;
    assert_eq!(v.progress, "1 of 2 goals reached");
    assert!(v.solved.is_none());
    send(&mut wb, Msg::LoadExample(ExampleKind::Boundary));
    finish_run(&mut wb);
    let v = wb.view().experiment;
    assert_eq!(v.progress, "Finished: all 2 goals reached");
    let banner = v.solved.expect("the banner");
    assert_eq!(banner.heading, "Experiment solved");
    assert_eq!(banner.message, "You reached every goal of this experiment.");
    let next = banner.next.expect("Next experiment");
    assert_eq!(next.label, "Next experiment →");
    assert_eq!(next.href, "?experiment=email&lang=en");
    let course = banner.course.expect("the course page");
    assert_eq!(course.href, "course.html?lang=en");
    assert_eq!(banner.dismiss, "Dismiss");
    // While the banner shows, the way on is in it only.
    assert!(v.next.is_none());
}

#[test]
fn next_experiment_follows_the_course_order_and_the_last_has_none() {
    let all: &'static [ExperimentId] = &ExperimentId::ALL;
    for (i, id) in ORDER.iter().enumerate() {
        // Finished before the page opened: no banner, a quiet link on.
        let wb = opened(&format!("?experiment={}", id.id()), false, &finished(all));
        let v = wb.view().experiment;
        assert!(v.solved.is_none(), "{id:?}: a banner at opening");
        let href = v.next.map(|l| l.href);
        match ORDER.get(i + 1) {
            Some(next) => assert_eq!(
                href.as_deref(),
                Some(format!("?experiment={}&lang=en", next.id()).as_str())
            ),
            None => assert_eq!(href, None, "the last, {id:?}, leads nowhere"),
        }
    }
    // In zh-TW the link keeps the language.
    let mut wb = opened("?experiment=search", false, &absent);
    wb.update(
        0,
        Msg::SetLocale {
            locale: Locale::ZhTw,
            page_url: "https://example.test/?experiment=search&teacher=1".into(),
        },
    );
    solve_search(&mut wb);
    let banner = wb.view().experiment.solved.unwrap();
    assert_eq!(banner.next.unwrap().href, "?experiment=email&lang=zh-TW");
    assert_eq!(banner.heading, "實驗完成");
}

#[test]
fn the_last_experiment_finished_leads_nowhere_but_the_course_page() {
    let wb = opened(
        "?experiment=injection",
        false,
        &finished(&[ExperimentId::Injection]),
    );
    let v = wb.view();
    assert_eq!(v.experiment.next, None);
    assert!(v.masthead.course.is_some());
}

#[test]
fn an_instructors_experiment_offers_the_course_page_only() {
    let mut e: Experiment = (**ExperimentId::Search.experiment()).clone();
    e.builtin = None;
    let mut wb = Workbench::with_experiment(Rc::new(e));
    solve_search(&mut wb);
    let banner = wb.view().experiment.solved.expect("the banner");
    assert_eq!(banner.next, None);
    assert!(banner.course.is_some());
}

#[test]
fn one_activity_of_a_course_offers_no_navigation() {
    for (query, single_file) in [
        ("?experiment=search&embed=1", false),
        ("?experiment=search", true),
    ] {
        let mut wb = opened(query, single_file, &absent);
        solve_search(&mut wb);
        let v = wb.view();
        let banner = v.experiment.solved.expect("the banner");
        assert_eq!(banner.heading, "Activity complete", "{query}");
        assert!(banner.message.contains("The course around it leads you on"));
        assert_eq!((banner.next, banner.course), (None, None), "{query}");
        assert_eq!(v.masthead.course, None, "{query}");
        send(&mut wb, Msg::DismissSolved);
        assert_eq!(wb.view().experiment.next, None, "{query}");
    }
    // The page as a learner opens it has both.
    let wb = opened("?experiment=search", false, &absent);
    assert!(wb.view().masthead.course.is_some());
}

#[test]
fn dismiss_takes_the_banner_away_for_the_pages_life() {
    let mut wb = opened("?experiment=search", false, &absent);
    assert_eq!(
        send(&mut wb, Msg::DismissSolved),
        Handled::Ignored(Ignored::NoSolvedBanner)
    );
    solve_search(&mut wb);
    assert!(wb.view().experiment.solved.is_some());
    assert_eq!(send(&mut wb, Msg::DismissSolved), Handled::Applied);
    let v = wb.view().experiment;
    assert!(v.solved.is_none());
    // The way on stays, quietly.
    assert_eq!(v.next.unwrap().href, "?experiment=email&lang=en");
    // Runs and a language switch bring nothing back.
    finish_run(&mut wb);
    send(&mut wb, Msg::ResetLedger);
    assert!(wb.view().experiment.solved.is_none());
    assert_eq!(
        send(&mut wb, Msg::DismissSolved),
        Handled::Ignored(Ignored::NoSolvedBanner)
    );
}

#[test]
fn the_masthead_counts_the_experiments_finished_in_this_browser() {
    let read = finished(&[ExperimentId::Email, ExperimentId::Rewind]);
    let wb = opened("?experiment=search", false, &read);
    assert_eq!(wb.view().masthead.finished, "Experiments finished: 2 of 9");
    let course = wb.view().masthead.course.unwrap();
    assert_eq!(course.href, "course.html?lang=en");
    let mut wb = wb;
    solve_search(&mut wb);
    assert_eq!(wb.view().masthead.finished, "Experiments finished: 3 of 9");
    // Goals reached but not all are not finished; nothing stored, none.
    let partly = |key: &str| {
        if key == Slot::Progress.key("email") {
            Read::Found(r#"["first-message"]"#.into())
        } else {
            Read::Absent
        }
    };
    let wb = opened("?experiment=search", false, &partly);
    assert_eq!(wb.view().masthead.finished, "Experiments finished: 0 of 9");
    // Finished here before (stored): counted once.
    let wb = opened("?experiment=email", false, &read);
    assert_eq!(wb.view().masthead.finished, "Experiments finished: 2 of 9");
    assert_eq!(
        wb.view().experiment.progress,
        "Finished: all 4 goals reached"
    );
}

#[test]
fn the_experiment_list_marks_the_finished_and_counts_the_rest() {
    let read = |key: &str| {
        if key == Slot::Progress.key("email") {
            Read::Found(r#"["first-message","two-messages"]"#.into())
        } else {
            finished(&[ExperimentId::Search])(key)
        }
    };
    let page = UnknownView::new("nope", Locale::En).with_progress(&read);
    let mark = |id: &str| {
        let at = ExperimentId::ALL.iter().position(|e| e.id() == id).unwrap();
        (
            page.experiments[at].mark.clone().unwrap(),
            page.experiments[at].done,
        )
    };
    assert_eq!(mark("search"), ("✓ Finished".to_string(), true));
    assert_eq!(mark("email"), ("2 of 4 goals".to_string(), false));
    assert_eq!(mark("calculator"), ("0 of 2 goals".to_string(), false));
}

/// An authored experiment of id `id`, as a link's inflated bytes.
fn authored_text(id: &str) -> String {
    let mut v: serde_json::Value =
        serde_json::from_str(FILES[ExperimentId::Search as usize]).unwrap();
    v["id"] = id.into();
    v.to_string()
}

fn stored_list(count: usize) -> String {
    let list: Vec<authored::Authored> = (1..=count)
        .rev()
        .map(|n| authored::Authored {
            id: format!("lesson-{n}"),
            title: gateway_core::words::Words(vec![format!("Lesson {n}"), format!("第 {n} 課")]),
            goals: vec!["read-as-viewer".into()],
            link: format!("x=1.L{n}"),
        })
        .collect();
    authored::to_stored(&list)
}

/// The authored list the opening stored, if it stored one.
fn authored_stored(wb: &mut Workbench) -> Option<Vec<authored::Authored>> {
    let mut stored = None;
    while let Some(c) = wb.poll_command() {
        if let Command::Store {
            slot: Slot::Authored,
            key,
            value,
        } = c
        {
            assert_eq!(key, "function-tools-workbench/authored/v1");
            stored = authored::read(&value);
        }
    }
    stored
}

#[test]
fn an_instructors_experiment_is_remembered_newest_first_twenty_at_most() {
    let fragment = format!("#{}", link::fragment(b"deflated"));
    let text = authored_text("lesson-new");
    for (before, after, oldest) in [(19, 20, "lesson-1"), (20, 20, "lesson-2")] {
        let stored = stored_list(before);
        let read = move |key: &str| {
            if key == Slot::Authored.key("") {
                Read::Found(stored.clone())
            } else {
                Read::Absent
            }
        };
        let mut wb = opened_at("", &fragment, Some(Ok(text.as_bytes())), false, &read);
        let list = authored_stored(&mut wb).expect("the list stored");
        assert_eq!(list.len(), after, "{before} before");
        assert_eq!(list[0].id, "lesson-new");
        assert_eq!(list[0].link, fragment.trim_start_matches('#'));
        assert_eq!(list[after - 1].id, oldest, "{before} before");
    }
    // A built-in is not remembered.
    let mut wb = opened("?experiment=search", false, &absent);
    assert_eq!(authored_stored(&mut wb), None);
}

#[test]
fn a_locked_authored_slot_is_never_written() {
    let fragment = format!("#{}", link::fragment(b"deflated"));
    let text = authored_text("lesson-new");
    for held in [Read::Found("not a list".into()), Read::Failed] {
        let read = move |key: &str| {
            if key == Slot::Authored.key("") {
                held.clone()
            } else {
                Read::Absent
            }
        };
        let mut wb = opened_at("", &fragment, Some(Ok(text.as_bytes())), false, &read);
        assert_eq!(authored_stored(&mut wb), None);
        assert_eq!(
            wb.slot_state(Slot::Authored),
            gateway_core::command::SlotState::Locked
        );
        // The answer to no write changes nothing either.
        wb.update(0, Msg::Stored(Slot::Authored));
        assert_eq!(
            wb.slot_state(Slot::Authored),
            gateway_core::command::SlotState::Locked
        );
    }
}

#[test]
fn progress_storage_refused_says_what_still_works() {
    let mut wb = opened("?experiment=search", false, &absent);
    finish_run(&mut wb);
    wb.update(0, Msg::StoreFailed(Slot::Progress));
    assert!(wb.notices().contains(&Notice::ProgressUnsaved));
    let words = Notice::ProgressUnsaved.text().render(Locale::En);
    assert!(words.contains("Everything else works"), "{words}");
    assert!(words.contains("Export notes"), "{words}");
}
