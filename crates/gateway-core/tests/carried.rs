//! An experiment carried in the link (`#x=1.…`, `opening::open` with the
//! bytes the shell inflated): it opens as an instructor's, says so, keeps
//! its text as text, stores apart from the built-ins, and a shared link of
//! it carries it again; what cannot be had or read opens no experiment in
//! its place: the page says the link is incomplete or damaged, to ask for
//! the whole link, and lists the experiments.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use gateway_core::command::{Command, Read, Slot};
use gateway_core::experiments::{link, FILES};
use gateway_core::notice::Notice;
use gateway_core::opening::{open, Address, LinkFault, Opening, Query, UnknownView};
use gateway_core::share::Setup;
use gateway_core::text::Locale;
use gateway_core::{ExperimentId, Msg, Workbench};
use serde_json::Value;

const MARKUP: &str = "<b>bold</b> & <script>x</script>";

/// The email experiment with another title and id, as a link carries it.
fn authored() -> String {
    let mut v: Value = serde_json::from_str(FILES[ExperimentId::Email as usize]).unwrap();
    v["id"] = "email-variant".into();
    v["title"]["en"] = MARKUP.into();
    v["start"]["role"] = "operator".into();
    v.to_string()
}

/// Any bytes stand for the compressed payload: the shell inflates them.
fn fragment() -> String {
    format!("#{}", link::fragment(b"deflated"))
}

/// What the page at `query` and `fragment` opens to.
fn opening(
    query: &str,
    fragment: &str,
    inflated: Option<Result<&[u8], &str>>,
    read: &dyn Fn(&str) -> Read,
) -> Opening {
    let address = Address {
        query: &Query::parse(query),
        fragment,
        framed: false,
        from_file: false,
        single_file: false,
        locale: Locale::default(),
        inflated,
    };
    open(address, read)
}

fn open_with(
    query: &str,
    fragment: &str,
    inflated: Option<Result<&[u8], &str>>,
    read: &dyn Fn(&str) -> Read,
) -> Workbench {
    match opening(query, fragment, inflated, read) {
        Opening::Workbench(wb) => *wb,
        Opening::Unknown { id, .. } => panic!("{id} opened the list"),
        Opening::BrokenLink { fault, .. } => panic!("{fault:?} opened the broken-link page"),
    }
}

fn absent(_: &str) -> Read {
    Read::Absent
}

#[test]
fn a_carried_experiment_opens_as_an_instructors_and_its_text_stays_text() {
    let text = authored();
    // The query's experiment gives way to the carried one, with no conflict.
    let wb = open_with(
        "?experiment=search",
        &fragment(),
        Some(Ok(text.as_bytes())),
        &absent,
    );
    assert_eq!(wb.experiment().builtin, None);
    assert_eq!(wb.experiment().id, "email-variant");
    assert!(wb.notices().is_empty(), "{:?}", wb.notices());
    let view = wb.view();
    assert_eq!(view.experiment.title, MARKUP);
    let banner = view.experiment.authored.unwrap();
    assert!(banner.contains("instructor"), "{banner}");
    assert_eq!(wb.inputs().role, gateway_core::Role::Operator);
    // A built-in says nothing of the kind.
    let built_in = open_with("?experiment=email", "", None, &absent);
    assert_eq!(built_in.view().experiment.authored, None);
}

#[test]
fn it_is_stored_apart_from_the_built_in_of_the_same_id() {
    let mut v: Value = serde_json::from_str(FILES[ExperimentId::Email as usize]).unwrap();
    v["title"]["en"] = "Same id".into();
    let text = v.to_string();
    let asked = std::cell::RefCell::new(Vec::new());
    let read = |key: &str| {
        asked.borrow_mut().push(key.to_string());
        Read::Absent
    };
    let wb = open_with("", &fragment(), Some(Ok(text.as_bytes())), &read);
    assert_eq!(wb.experiment().id, "email");
    let keys = asked.borrow();
    assert!(!keys.is_empty());
    // The notes and the baseline are the authored one's; of the progress,
    // every built-in's is read too (the masthead counts the finished).
    for key in keys.iter().filter(|k| !k.contains("/progress/")) {
        assert!(
            key.contains("authored-email") || *key == Slot::Authored.key(""),
            "{key}"
        );
    }
    assert!(keys.contains(&Slot::Progress.key("authored-email")));
}

/// Opens `fragment` expecting the broken-link page: its fault.
fn broken(query: &str, fragment: &str, inflated: Option<Result<&[u8], &str>>) -> LinkFault {
    match opening(query, fragment, inflated, &absent) {
        Opening::BrokenLink { fault, .. } => fault,
        Opening::Workbench(wb) => panic!("{fragment} opened {}", wb.experiment().id),
        Opening::Unknown { id, .. } => panic!("{fragment} listed for {id}"),
    }
}

#[test]
fn what_cannot_be_had_or_read_opens_nothing_in_its_place() {
    let text = authored();
    // Not inflated (a browser without DecompressionStream), or refused;
    // ?experiment= does not open instead.
    for (inflated, why) in [(None, ""), (Some(Err("no deflate-raw")), "no deflate-raw")] {
        let fault = broken("?experiment=search", &fragment(), inflated);
        assert_eq!(fault, LinkFault::NotInflated(why.into()));
    }
    // Damaged (cut short, not base64url) or newer.
    let cut = &fragment()[..8];
    for damaged in ["#x=1.***", "#x=9.AAAA", "#x=1", "#x=1.AAAAgarbage!", cut] {
        let fault = broken("", damaged, Some(Ok(text.as_bytes())));
        assert!(
            matches!(fault, LinkFault::Refused(_)),
            "{damaged}: {fault:?}"
        );
    }
    // Inflated, but no experiment: every problem is named.
    let mut v: Value = serde_json::from_str(&text).unwrap();
    v["title"].as_object_mut().unwrap().remove("zh-TW");
    let LinkFault::Unreadable(problems) =
        broken("", &fragment(), Some(Ok(v.to_string().as_bytes())))
    else {
        panic!("not unreadable")
    };
    let sentences: Vec<_> = problems.iter().map(|p| p.sentence().en()).collect();
    assert_eq!(sentences, ["/title/zh-TW: has no zh-TW text."]);
    // Not UTF-8.
    let fault = broken("", &fragment(), Some(Ok(&[0xff, 0xfe])));
    assert!(matches!(fault, LinkFault::Unreadable(_)));
}

#[test]
fn a_broken_link_says_so_plainly_asks_for_the_whole_link_and_lists_the_experiments() {
    let fault = broken("", "#x=1.***", None);
    let page = UnknownView::broken_link(&fault, Locale::En);
    assert_eq!(page.title, "This link is incomplete or damaged");
    assert!(
        page.message
            .contains("Ask whoever gave it to you for the whole link"),
        "{}",
        page.message
    );
    assert_eq!(
        page.detail.as_deref(),
        Some("What the page found: it is not base64url.")
    );
    assert_eq!(page.experiments.len(), ExperimentId::ALL.len());
    let zh = UnknownView::broken_link(&fault, Locale::ZhTw);
    assert_eq!(zh.title, "這個連結不完整或已損壞");
    assert!(zh.message.contains("完整的連結"), "{}", zh.message);
    // A newer link and one the browser could not decompress, in words.
    let newer = UnknownView::broken_link(&broken("", "#x=9.AAAA", None), Locale::En);
    assert!(newer
        .detail
        .unwrap()
        .contains("newer version of the workbench (version 9"));
    let deflate =
        UnknownView::broken_link(&LinkFault::NotInflated("no deflate-raw".into()), Locale::En);
    assert_eq!(
        deflate.detail.as_deref(),
        Some("What the page found: this browser could not decompress it (no deflate-raw).")
    );
}

#[test]
fn a_shared_link_of_it_carries_it_again_with_the_setup() {
    let text = authored();
    let carried = fragment();
    let mut wb = open_with("", &carried, Some(Ok(text.as_bytes())), &absent);
    wb.update(0, Msg::SetKey("k-7".into()));
    wb.update(
        0,
        Msg::CopyLink {
            page_url: format!("https://host/w/?lang=en{carried}"),
        },
    );
    let copied = std::iter::from_fn(|| wb.poll_command())
        .find_map(|c| match c {
            Command::Copy { text, .. } => Some(text),
            _ => None,
        })
        .unwrap();
    let (_, fragment) = copied.split_once('#').unwrap();
    assert!(fragment.starts_with(&carried[1..]), "{fragment}");
    assert_eq!(link::compressed(fragment), Ok(Some(b"deflated".to_vec())));
    let setup = Setup::from_fragment(fragment).unwrap().unwrap();
    assert_eq!(setup.experiment, "email-variant");
    assert_eq!(setup.key, "k-7");
    // Opened again, both apply.
    let again = open_with(
        "",
        &format!("#{fragment}"),
        Some(Ok(text.as_bytes())),
        &absent,
    );
    assert_eq!(again.experiment().id, "email-variant");
    assert_eq!(again.inputs().key, "k-7");
    assert_eq!(again.notices(), [Notice::SharedSetup]);
}

#[test]
fn a_setup_for_another_experiment_is_refused_with_the_carried_one() {
    let text = authored();
    let setup = gateway_core::share::Setup {
        experiment: "search".into(),
        tool: "search".into(),
        args: "{}".into(),
        role: gateway_core::Role::Viewer,
        hook: gateway_core::Hook::None,
        key: "k".into(),
        speed: gateway_core::Speed::Normal,
    };
    let fragment = format!("{}&{}", fragment(), setup.to_fragment());
    let wb = open_with("", &fragment, Some(Ok(text.as_bytes())), &absent);
    assert_eq!(wb.experiment().id, "email-variant");
    assert!(
        matches!(wb.notices(), [Notice::LinkRefused(_)]),
        "{:?}",
        wb.notices()
    );
}

/// Issue 33, hole 5: an authored experiment whose id has the shape of a key
/// (`sk-` and 20 lowercase letters and digits, which the id rules allow),
/// and a title holding a Google key, shows both masked in the runs log and
/// in the notes export: nothing that came from a link is shown unmasked.
#[test]
fn an_authored_experiment_with_a_key_shaped_id_shows_masked_in_the_runs_log_and_notes() {
    let id_body = "q7w8e9r0t1y2u3i4o5p6";
    let title_body = "Sy_4Kq-9mZ2xW7vB1nT8rL0pJ5hC3dF6gH2";
    let mut v: Value = serde_json::from_str(FILES[ExperimentId::Email as usize]).unwrap();
    v["id"] = format!("sk-{id_body}").into();
    v["title"]["en"] = format!("Keys: AIza{title_body}").into();
    let text = v.to_string();
    let mut wb = open_with("", &fragment(), Some(Ok(text.as_bytes())), &absent);
    assert_eq!(wb.experiment().id, format!("sk-{id_body}"));
    wb.update(1_000, Msg::FinishRun);
    let view = wb.view();
    let shown = [
        view.runs.records[0].summary.clone(),
        wb.log().to_json().to_string(),
        wb.export_notes(),
        wb.export_file_name(),
    ];
    for text in &shown {
        for body in [id_body, title_body] {
            let chars: Vec<char> = body.chars().collect();
            for piece in chars.windows(8) {
                let piece: String = piece.iter().collect();
                assert!(!text.contains(&piece), "{piece:?} shows in {text}");
            }
        }
    }
    assert!(shown[0].contains("sk-…[masked]"), "{}", shown[0]);
    assert!(shown[2].contains("Keys: AIza…[masked]"), "{}", shown[2]);
    assert_eq!(shown[3], "sk-…[masked]-notes.txt");
}
