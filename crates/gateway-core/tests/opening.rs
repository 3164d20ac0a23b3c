//! How the page opens (`opening::open`): the query, the shared link in the
//! fragment and what storage holds give the experiment, its setup, the
//! notices and which stored slots may be written.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::cell::RefCell;

use gateway_core::baseline::{Baseline, StoredError};
use gateway_core::command::{Command, H5p, Post, Read, Slot, SlotState};
use gateway_core::embed::PANELS;
use gateway_core::notice::Notice;
use gateway_core::opening::{open, Address, Opening, Query};
use gateway_core::share::{Setup, ShareError, VERSION};
use gateway_core::{ExperimentId, Hook, Msg, Role, Speed, Workbench};

/// Opens the page at `query` and `fragment`, unframed, in English, with
/// nothing inflated; `read` answers for storage.
fn opened(query: &str, fragment: &str, read: &dyn Fn(&str) -> Read) -> Opening {
    let address = Address {
        query: &Query::parse(query),
        fragment,
        framed: false,
        from_file: false,
        single_file: false,
        locale: gateway_core::text::Locale::default(),
        inflated: None,
    };
    open(address, read)
}

/// Opens the page; `read` answers for storage. Panics on an unknown page.
fn open_page(query: &str, fragment: &str, read: &dyn Fn(&str) -> Read) -> Workbench {
    match opened(query, fragment, read) {
        Opening::Workbench(wb) => *wb,
        Opening::Unknown { id, .. } => panic!("{id:?} opened the experiment list"),
        Opening::BrokenLink { fault, .. } => panic!("{fault:?} opened the broken-link page"),
    }
}

fn empty(_: &str) -> Read {
    Read::Absent
}

/// A shared link (fragment with `#`) to `experiment` with a setup that
/// differs from every default: an email, Operator, redact hook, key
/// `shared-7`, half speed.
fn link(experiment: ExperimentId) -> (Setup, String) {
    let setup = Setup {
        experiment: experiment.id().into(),
        tool: "email".into(),
        args: r#"{"to":"learner@example.test","subject":"Shared","body":"From a link."}"#.into(),
        role: Role::Operator,
        hook: Hook::RedactOutput,
        key: "shared-7".into(),
        speed: Speed::Half,
    };
    let fragment = format!("#{}", setup.to_fragment());
    (setup, fragment)
}

/// The same link, made by a newer version.
fn newer(fragment: &str) -> String {
    fragment.replacen(&format!("s={VERSION}."), &format!("s={}.", VERSION + 1), 1)
}

/// A baseline captured on a fresh page of `experiment`, as stored.
fn stored_baseline(experiment: ExperimentId) -> (Baseline, String) {
    let mut wb = Workbench::new(experiment);
    wb.update(0, Msg::CaptureBaseline);
    let b = wb.baseline().unwrap().clone();
    let text = b.to_stored();
    (b, text)
}

/// Every command queued so far, oldest first.
fn drain(wb: &mut Workbench) -> Vec<Command> {
    std::iter::from_fn(|| wb.poll_command()).collect()
}

/// Whether `wb` holds `experiment`'s default setup (no link applied).
fn assert_default_setup(wb: &Workbench, experiment: ExperimentId) {
    let fresh = Workbench::new(experiment);
    assert_eq!(wb.experiment().builtin, Some(experiment));
    assert_eq!(wb.inputs(), fresh.inputs());
    assert_eq!(wb.clock(), fresh.clock());
    assert!(!wb.notices().contains(&Notice::SharedSetup));
}

#[test]
fn a_plain_address_opens_the_default_experiment_with_nothing_to_say() {
    for query in ["", "?", "?embed=0"] {
        let mut wb = open_page(query, "", &empty);
        assert_default_setup(&wb, ExperimentId::default());
        assert!(wb.notices().is_empty(), "{query}: {:?}", wb.notices());
        assert_eq!(wb.slot_state(Slot::Baseline), SlotState::Writable);
        assert_eq!(wb.slot_state(Slot::Notes), SlotState::Writable);
        assert_eq!(drain(&mut wb), [], "opening writes nothing");
    }
    for e in ExperimentId::ALL {
        let wb = open_page(&format!("?experiment={e}"), "", &empty);
        assert_default_setup(&wb, e);
        // A fragment that is not a shared link is ignored.
        let wb = open_page(&format!("experiment={e}"), "#notes", &empty);
        assert_default_setup(&wb, e);
        assert!(wb.notices().is_empty());
    }
}

#[test]
fn an_unknown_experiment_opens_the_list() {
    for (query, id) in [
        ("?experiment=nope", "nope"),
        ("?experiment=", ""),
        ("?experiment=Email", "Email"),
        ("?experiment=email%20", "email "),
    ] {
        let opened = open(
            Address {
                query: &Query::parse(query),
                fragment: "",
                framed: false,
                from_file: false,
                single_file: false,
                locale: gateway_core::text::Locale::default(),
                inflated: None,
            },
            &empty,
        );
        match opened {
            Opening::Unknown { id: got, .. } => assert_eq!(got, id, "{query}"),
            Opening::Workbench(wb) => panic!("{query} opened {}", wb.experiment().id),
            Opening::BrokenLink { fault, .. } => panic!("{query}: {fault:?}"),
        }
        // A damaged link does not name an experiment either.
        let opened = open(
            Address {
                query: &Query::parse(query),
                fragment: "#s=1.!!!",
                framed: false,
                from_file: false,
                single_file: false,
                locale: gateway_core::text::Locale::default(),
                inflated: None,
            },
            &empty,
        );
        assert!(matches!(opened, Opening::Unknown { .. }), "{query}");
    }
}

#[test]
fn a_link_restores_its_setup_but_no_approval() {
    let (setup, fragment) = link(ExperimentId::Email);
    for query in ["", "?experiment=email"] {
        let wb = open_page(query, &fragment, &empty);
        assert_eq!(wb.experiment().builtin, Some(ExperimentId::Email));
        assert_eq!(wb.notices(), [Notice::SharedSetup]);
        let inputs = wb.inputs();
        assert_eq!(inputs.tool, setup.tool);
        assert_eq!(inputs.args, setup.args);
        assert_eq!(inputs.role, Role::Operator);
        assert_eq!(inputs.hook, Hook::RedactOutput);
        assert_eq!(inputs.key, "shared-7");
        assert_eq!(inputs.approval, None, "a link never arrives approved");
        assert_eq!(wb.clock().speed, Speed::Half);
        assert_eq!(wb.setup(), setup);
    }
}

#[test]
fn the_link_wins_over_the_query_and_says_so() {
    let (setup, fragment) = link(ExperimentId::Calendar);
    for query in ["?experiment=email", "?experiment=nope"] {
        let wb = open_page(query, &fragment, &empty);
        assert_eq!(
            wb.experiment().builtin,
            Some(ExperimentId::Calendar),
            "{query}"
        );
        assert_eq!(wb.setup(), setup);
        let asked = query.trim_start_matches("?experiment=");
        let conflict = Notice::ExperimentConflict {
            link: "calendar".into(),
            query: asked.into(),
        };
        assert_eq!(wb.notices(), [Notice::SharedSetup, conflict], "{query}");
        let v = wb.view();
        assert_eq!(
            v.gateway.notices[1],
            format!(
                "This link is for the calendar experiment, so it was opened instead of ?experiment={asked}."
            )
        );
        assert_eq!(v.experiment.id, "calendar");
    }
}

#[test]
fn a_damaged_or_newer_link_gives_a_notice_and_the_default_setup() {
    let (_, good) = link(ExperimentId::Email);
    let cases = [
        ("#s=1.!!!".to_string(), "damaged"),
        ("#s=1".to_string(), "damaged"),
        ("s=x.abc".to_string(), "damaged"),
        (newer(&good), "newer"),
    ];
    for (fragment, kind) in cases {
        let wb = open_page("?experiment=database", &fragment, &empty);
        assert_default_setup(&wb, ExperimentId::Database);
        let [notice] = wb.notices() else {
            panic!("{fragment}: {:?}", wb.notices());
        };
        let v = wb.view();
        match (kind, notice) {
            ("damaged", Notice::LinkRefused(ShareError::Damaged { .. })) => {
                assert!(v.gateway.notices[0].starts_with("This link's setup is damaged ("));
            }
            ("newer", Notice::LinkRefused(ShareError::FutureVersion { got })) => {
                assert_eq!(*got, VERSION + 1);
                assert!(v.gateway.notices[0].contains("made by a newer version"));
            }
            _ => panic!("{fragment}: {notice:?}"),
        }
        assert!(v.gateway.notices[0].ends_with("The experiment's default setup is shown instead."));
    }
    // Without `?experiment=`, the default experiment's default setup.
    let wb = open_page("", &newer(&good), &empty);
    assert_default_setup(&wb, ExperimentId::default());
}

#[test]
fn storage_is_read_for_the_opened_experiment_only() {
    let asked = RefCell::new(Vec::new());
    let (_, fragment) = link(ExperimentId::Search);
    let read = |key: &str| {
        asked.borrow_mut().push(key.to_string());
        Read::Absent
    };
    open_page("?experiment=email", &fragment, &read);
    let mut keys = asked.into_inner();
    keys.sort();
    // The notes and baseline of the experiment opened; the progress of
    // every built-in one (the masthead counts the finished).
    let mut expected = vec![Slot::Baseline.key("search"), Slot::Notes.key("search")];
    let mut progress: Vec<String> = (ExperimentId::ALL.iter())
        .map(|e| Slot::Progress.key(e.id()))
        .collect();
    progress.sort();
    expected.extend(progress);
    assert_eq!(keys, expected);
}

#[test]
fn a_stored_baseline_and_notes_are_restored_and_stay_writable() {
    let (baseline, stored) = stored_baseline(ExperimentId::Email);
    let read = |key: &str| {
        if key == Slot::Baseline.key("email") {
            Read::Found(stored.clone())
        } else if key == Slot::Notes.key("email") {
            Read::Found("Saved notes.".into())
        } else {
            Read::Absent
        }
    };
    let mut wb = open_page("?experiment=email", "", &read);
    assert_eq!(wb.baseline(), Some(&baseline));
    assert_eq!(wb.notes(), "Saved notes.");
    assert!(wb.notices().is_empty());
    assert_eq!(wb.slot_state(Slot::Baseline), SlotState::Writable);
    assert_eq!(drain(&mut wb), [], "restoring is not writing");
    wb.update(10, Msg::CaptureBaseline);
    let stored = wb.baseline().unwrap().to_stored();
    assert_eq!(
        drain(&mut wb),
        [Command::Store {
            slot: Slot::Baseline,
            key: Slot::Baseline.key("email"),
            value: stored,
        }]
    );
}

#[test]
fn a_newer_stored_baseline_is_reported_locked_and_never_written_over() {
    let (_, stored) = stored_baseline(ExperimentId::Calendar);
    let newer = stored.replace("\"version\":1", "\"version\":3");
    let read = |key: &str| {
        if key == Slot::Baseline.key("calendar") {
            Read::Found(newer.clone())
        } else {
            Read::Absent
        }
    };
    let mut wb = open_page("?experiment=calendar", "", &read);
    assert_eq!(
        wb.notices(),
        [Notice::BaselineUnreadable(StoredError::FutureVersion {
            got: 3
        })]
    );
    assert!(wb.view().gateway.notices[0].contains("newer version of the workbench (version 3)"));
    assert_eq!(
        wb.baseline(),
        None,
        "nothing this build cannot read is shown"
    );
    assert_eq!(wb.slot_state(Slot::Baseline), SlotState::Locked);
    assert_eq!(wb.slot_state(Slot::Notes), SlotState::Writable);

    // Capture baseline works on the page, and writes nothing.
    wb.update(10, Msg::CaptureBaseline);
    assert!(wb.baseline().is_some());
    assert_eq!(
        drain(&mut wb),
        [],
        "the stored baseline is never written over"
    );
    assert!(wb.notices().contains(&Notice::BaselineKept));
    assert!(
        wb.notices()
            .contains(&Notice::BaselineUnreadable(StoredError::FutureVersion {
                got: 3
            })),
        "the first notice is still shown"
    );
    // Nor does clearing it remove the stored one.
    wb.update(20, Msg::ClearBaseline);
    assert_eq!(wb.baseline(), None);
    assert_eq!(drain(&mut wb), []);
    // A late answer from storage does not unlock the slot.
    wb.update(30, Msg::Stored(Slot::Baseline));
    assert_eq!(wb.slot_state(Slot::Baseline), SlotState::Locked);
    wb.update(40, Msg::CaptureBaseline);
    assert_eq!(drain(&mut wb), []);
    // The notes slot is another key: it is still written.
    wb.update(50, Msg::EditNotes("n".into()));
    assert!(matches!(
        drain(&mut wb)[..],
        [Command::Store {
            slot: Slot::Notes,
            ..
        }]
    ));
}

#[test]
fn a_damaged_stored_baseline_is_locked_too() {
    let read = |key: &str| {
        if key == Slot::Baseline.key("filesystem") {
            Read::Found("{\"version\":1,\"baseline\":".into())
        } else {
            Read::Absent
        }
    };
    let mut wb = open_page("", "", &read);
    assert!(matches!(
        wb.notices(),
        [Notice::BaselineUnreadable(StoredError::Unreadable { .. })]
    ));
    assert_eq!(wb.slot_state(Slot::Baseline), SlotState::Locked);
    wb.update(10, Msg::CaptureBaseline);
    assert_eq!(drain(&mut wb), []);
}

#[test]
fn storage_that_cannot_be_read_locks_both_slots() {
    let mut wb = open_page("?experiment=search", "", &|_| Read::Failed);
    assert_eq!(wb.notices(), [Notice::BaselineStorageUnreadable]);
    assert_eq!(wb.slot_state(Slot::Baseline), SlotState::Locked);
    assert_eq!(wb.slot_state(Slot::Notes), SlotState::Locked);
    assert_eq!(wb.notes(), "");

    // Typing notes keeps them on the page and writes nothing.
    wb.update(10, Msg::EditNotes("First thought.".into()));
    wb.update(20, Msg::EditNotes("First thought.\nSecond.".into()));
    assert_eq!(drain(&mut wb), []);
    assert_eq!(wb.notes(), "First thought.\nSecond.");
    let v = wb.view();
    assert_eq!(v.notes.text, "First thought.\nSecond.");
    assert!(
        v.notes.status.starts_with(
            "Notes cannot be saved in this browser: notes stored here could not be read"
        ),
        "{}",
        v.notes.status
    );
    // A late storage answer does not unlock it.
    wb.update(30, Msg::StoreFailed(Slot::Notes));
    wb.update(40, Msg::Stored(Slot::Notes));
    assert_eq!(wb.slot_state(Slot::Notes), SlotState::Locked);
    wb.update(50, Msg::EditNotes("Third.".into()));
    assert_eq!(drain(&mut wb), []);
    // The notes still reach the export.
    wb.update(60, Msg::ExportNotes);
    let [Command::Download { text, .. }] = &drain(&mut wb)[..] else {
        panic!("Export notes offers a download");
    };
    assert!(text.contains("Third."));
    // And a baseline captured here stays on the page.
    wb.update(70, Msg::CaptureBaseline);
    assert_eq!(drain(&mut wb), []);
    assert!(wb.baseline().is_some());
}

#[test]
fn notes_storage_failing_alone_locks_only_the_notes() {
    let read = |key: &str| {
        if key == Slot::Notes.key("email") {
            Read::Failed
        } else {
            Read::Absent
        }
    };
    let mut wb = open_page("?experiment=email", "", &read);
    assert_eq!(wb.slot_state(Slot::Notes), SlotState::Locked);
    assert_eq!(wb.slot_state(Slot::Baseline), SlotState::Writable);
    wb.update(10, Msg::EditNotes("kept here".into()));
    assert_eq!(drain(&mut wb), []);
    assert_eq!(wb.notes(), "kept here");
    wb.update(20, Msg::CaptureBaseline);
    assert!(matches!(
        drain(&mut wb)[..],
        [Command::Store {
            slot: Slot::Baseline,
            ..
        }]
    ));
}

#[test]
fn a_stored_baseline_notice_and_a_link_notice_are_both_kept() {
    let (_, stored) = stored_baseline(ExperimentId::Registry);
    let newer_baseline = stored.replace("\"version\":1", "\"version\":2");
    let read = |key: &str| {
        if key.starts_with("function-tools-workbench/baseline/") {
            Read::Found(newer_baseline.clone())
        } else {
            Read::Absent
        }
    };
    let unreadable = Notice::BaselineUnreadable(StoredError::FutureVersion { got: 2 });

    // A damaged link.
    let wb = open_page("?experiment=registry", "#s=1.!!!", &read);
    assert_eq!(wb.notices().len(), 2, "{:?}", wb.notices());
    assert_eq!(wb.notices()[0], unreadable);
    assert!(matches!(
        wb.notices()[1],
        Notice::LinkRefused(ShareError::Damaged { .. })
    ));
    assert_eq!(wb.view().gateway.notices.len(), 2);

    // A good link for another experiment: three notices, none lost.
    let (_, fragment) = link(ExperimentId::Registry);
    let mut wb = open_page("?experiment=email", &fragment, &read);
    assert_eq!(
        wb.notices(),
        [
            unreadable.clone(),
            Notice::SharedSetup,
            Notice::ExperimentConflict {
                link: "registry".into(),
                query: "email".into(),
            },
        ]
    );
    // Later notices are added beside them, and Play clears none of them.
    wb.update(10, Msg::Play);
    wb.update(20, Msg::Hidden);
    assert_eq!(wb.notices().len(), 4);
    assert_eq!(wb.notices()[3], Notice::HiddenPaused);
    wb.update(30, Msg::Play);
    assert_eq!(wb.notices().len(), 3);
    assert_eq!(wb.notices()[0], unreadable);
}

#[test]
fn embed_options_and_the_frame_come_from_the_address() {
    let opened = open(
        Address {
            query: &Query::parse("?experiment=search&embed=1&hide=Notes,%20baseline,,"),
            fragment: "",
            framed: true,
            from_file: false,
            single_file: false,
            locale: gateway_core::text::Locale::default(),
            inflated: None,
        },
        &empty,
    );
    let Opening::Workbench(mut wb) = opened else {
        panic!("search did not open");
    };
    assert!(wb.embed().embed);
    assert_eq!(wb.embed().hide, ["notes", "baseline"]);
    let v = wb.view();
    assert!(v.embedded);
    assert_eq!(v.hidden_panels, ["notes", "baseline"]);
    // A framed page tells its parent its height, once per height, and
    // greets an H5P resizer each time until it answers.
    wb.update(10, Msg::Resized { height: 900 });
    wb.update(20, Msg::Resized { height: 900 });
    wb.update(30, Msg::Resized { height: 950 });
    assert_eq!(
        drain(&mut wb),
        [
            Command::Post(Post::Resize {
                experiment: "search".into(),
                height: 900
            }),
            Command::Post(Post::H5p(H5p::Hello)),
            Command::Post(Post::Resize {
                experiment: "search".into(),
                height: 950
            }),
            Command::Post(Post::H5p(H5p::Hello)),
        ]
    );
    // An unframed page posts nothing.
    let mut wb = open_page("?experiment=search&embed=no", "", &empty);
    assert!(!wb.embed().embed);
    wb.update(10, Msg::Resized { height: 900 });
    assert_eq!(drain(&mut wb), []);
}

fn framed_page(query: &str) -> Workbench {
    let Opening::Workbench(wb) = open(
        Address {
            query: &Query::parse(query),
            fragment: "",
            framed: true,
            from_file: false,
            single_file: false,
            locale: gateway_core::text::Locale::default(),
            inflated: None,
        },
        &empty,
    ) else {
        panic!("{query} did not open");
    };
    *wb
}

fn h5p(wb: &mut Workbench, action: &str) {
    wb.update(
        0,
        Msg::FromParent {
            context: "h5p".into(),
            action: action.into(),
        },
    );
}

#[test]
fn h5p_resizer_handshake_then_prepare_and_resize_with_the_height() {
    let mut wb = framed_page("?experiment=email&embed=1");
    // The resizer says ready (it loaded after the page): hello.
    h5p(&mut wb, "ready");
    assert_eq!(drain(&mut wb), [Command::Post(Post::H5p(H5p::Hello))]);
    // Before any height, hello is answered with nothing to prepare.
    h5p(&mut wb, "hello");
    assert_eq!(drain(&mut wb), []);
    // A height: lti (object and string) and ours, then prepareResize.
    wb.update(10, Msg::Resized { height: 1400 });
    let posted = drain(&mut wb);
    assert_eq!(
        posted,
        [
            Command::Post(Post::Resize {
                experiment: "email".into(),
                height: 1400
            }),
            Command::Post(Post::H5p(H5p::PrepareResize { height: 1400 })),
        ]
    );
    let Command::Post(resize) = &posted[0] else {
        unreachable!()
    };
    let wire = resize.wire();
    assert_eq!(
        wire.iter().map(|w| w.as_text).collect::<Vec<_>>(),
        [false, true, false]
    );
    assert_eq!(wire[0].json, wire[1].json);
    // The resizer prepared the frame: resize to the height.
    h5p(&mut wb, "resizePrepared");
    assert_eq!(
        drain(&mut wb),
        [Command::Post(Post::H5p(H5p::Resize { height: 1400 }))]
    );
    // Its window changed size: prepare again.
    h5p(&mut wb, "resize");
    assert_eq!(
        drain(&mut wb),
        [Command::Post(Post::H5p(H5p::PrepareResize {
            height: 1400
        }))]
    );
    // Other contexts and actions, and the resizer's own replies, are ignored.
    for (context, action) in [("h5p", "fullScreen"), ("other", "hello"), ("", "resize")] {
        wb.update(
            20,
            Msg::FromParent {
                context: context.into(),
                action: action.into(),
            },
        );
    }
    assert_eq!(drain(&mut wb), []);
}

#[test]
fn h5p_answers_before_the_handshake_and_unframed_are_ignored() {
    let mut wb = framed_page("?experiment=email");
    wb.update(10, Msg::Resized { height: 700 });
    drain(&mut wb);
    // Not greeted yet: the resizer's resize and resizePrepared mean nothing.
    h5p(&mut wb, "resize");
    h5p(&mut wb, "resizePrepared");
    assert_eq!(drain(&mut wb), []);
    // Greeted after a height: prepare at once.
    h5p(&mut wb, "hello");
    assert_eq!(
        drain(&mut wb),
        [Command::Post(Post::H5p(H5p::PrepareResize { height: 700 }))]
    );
    // A page that is not framed answers nothing.
    let mut wb = open_page("?experiment=email", "", &empty);
    h5p(&mut wb, "ready");
    h5p(&mut wb, "hello");
    wb.update(10, Msg::Resized { height: 700 });
    assert_eq!(drain(&mut wb), []);
}

#[test]
fn a_height_of_0_is_never_posted_and_expanded_keeps_the_last_height() {
    for expand in [Msg::FullScreen(true), Msg::FillFrame(true)] {
        let mut wb = framed_page("?experiment=email&embed=1");
        h5p(&mut wb, "hello");
        wb.update(10, Msg::Resized { height: 1200 });
        drain(&mut wb);
        // A hidden frame measures 0: nothing is posted.
        wb.update(15, Msg::Resized { height: 0 });
        assert_eq!(drain(&mut wb), []);
        // Expanded, the page measures 0 (full screen) or what covers the
        // frame: nothing is posted, whatever it measures.
        wb.update(20, expand.clone());
        for height in [0, 16, 640] {
            wb.update(30, Msg::Resized { height });
        }
        h5p(&mut wb, "resize");
        assert_eq!(drain(&mut wb), [], "{expand:?}");
        // A resizer that prepared before still gets the last height.
        h5p(&mut wb, "resizePrepared");
        assert_eq!(
            drain(&mut wb),
            [Command::Post(Post::H5p(H5p::Resize { height: 1200 }))]
        );
        // Back in the frame: the same height posts nothing; a new one does.
        let back = match expand {
            Msg::FullScreen(_) => Msg::FullScreen(false),
            _ => Msg::FillFrame(false),
        };
        wb.update(40, back);
        wb.update(50, Msg::Resized { height: 1200 });
        assert_eq!(drain(&mut wb), []);
        wb.update(60, Msg::Resized { height: 1300 });
        assert_eq!(
            drain(&mut wb),
            [
                Command::Post(Post::Resize {
                    experiment: "email".into(),
                    height: 1300
                }),
                Command::Post(Post::H5p(H5p::PrepareResize { height: 1300 })),
            ]
        );
    }
}

#[test]
fn unknown_hide_names_are_reported_with_the_known_ones() {
    let wb = open_page(
        "?experiment=email&embed=1&hide=notes,Sidebar,,chat,notes",
        "",
        &empty,
    );
    assert_eq!(wb.embed().hide, ["notes"]);
    assert_eq!(
        wb.notices(),
        [Notice::HideUnknown(vec!["sidebar".into(), "chat".into()])]
    );
    let v = wb.view();
    assert_eq!(v.hidden_panels, ["notes"]);
    assert_eq!(
        v.gateway.notices,
        [format!(
            "hide= names sidebar, chat, which are not panels of this page, so they hide \
             nothing. The panels hide= can name: {}.",
            PANELS.join(", ")
        )]
    );
    // One unknown name is worded in the singular.
    let wb = open_page("?hide=sidebar", "", &empty);
    assert_eq!(
        wb.view().gateway.notices,
        [format!(
            "hide= names sidebar, which is not a panel of this page, so it hides nothing. \
             The panels hide= can name: {}.",
            PANELS.join(", ")
        )]
    );
    // Known names only: no notice.
    let wb = open_page("?hide=notes,%20Baseline", "", &empty);
    assert_eq!(wb.notices(), []);
    assert_eq!(wb.embed().hide, ["notes", "baseline"]);
}

/// The learner's page downloads one experiment's structure and words with
/// its catalogue, chosen by `opening::builtin_wanted` before the page
/// opens: for every address the page opens a built-in at, that is the one.
#[test]
fn the_catalogue_fetched_first_carries_the_experiment_that_opens() {
    let (_, email_link) = link(ExperimentId::Email);
    let (_, search_link) = link(ExperimentId::Search);
    let damaged = "#s=1.@@@".to_string();
    let newer_link = newer(&email_link);
    let queries = [
        "",
        "?experiment=search",
        "experiment=calendar&lang=zh-TW",
        "?experiment=search&experiment=email",
        "?lang=en",
        "?embed=1&experiment=rewind",
    ];
    let fragments = [
        String::new(),
        email_link,
        search_link,
        damaged,
        newer_link,
        "#x=1.AAAA".into(),
    ];
    let mut seen = 0;
    for query in queries {
        for fragment in &fragments {
            let wanted = gateway_core::opening::builtin_wanted(&Query::parse(query), fragment);
            // A link that carries an experiment downloads none built in.
            assert_eq!(
                wanted.is_none(),
                fragment.contains("x="),
                "{query} {fragment}"
            );
            match opened(query, fragment, &empty) {
                Opening::Workbench(wb) => {
                    if wanted.is_some() {
                        assert_eq!(wb.experiment().builtin, wanted, "{query} {fragment}");
                    }
                    seen += 1;
                }
                // An experiment the link carries that cannot be opened
                // (here, not inflated): no built-in opens in its place.
                Opening::BrokenLink { .. } => assert!(wanted.is_none(), "{query} {fragment}"),
                Opening::Unknown { id, .. } => panic!("{query} {fragment}: {id}"),
            }
        }
    }
    assert_eq!(seen, queries.len() * (fragments.len() - 1));
    // An experiment the page does not have opens the list, in any catalogue.
    assert_eq!(
        gateway_core::opening::builtin_wanted(&Query::parse("?experiment=nope"), ""),
        Some(ExperimentId::default())
    );
}
