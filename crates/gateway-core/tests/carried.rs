//! An experiment carried in the link (`#x=1.…`, `opening::open` with the
//! bytes the shell inflated): it opens as an instructor's, says so, keeps
//! its text as text, stores apart from the built-ins, and a shared link of
//! it carries it again; what cannot be read opens the default experiment
//! with a notice.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use gateway_core::command::{Command, Read, Slot};
use gateway_core::experiments::{link, FILES};
use gateway_core::notice::Notice;
use gateway_core::opening::{open, Address, Opening, Query};
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

fn open_with(
    query: &str,
    fragment: &str,
    inflated: Option<Result<&[u8], &str>>,
    read: &dyn Fn(&str) -> Read,
) -> Workbench {
    let address = Address {
        query: &Query::parse(query),
        fragment,
        framed: false,
        from_file: false,
        locale: Locale::default(),
        inflated,
    };
    match open(address, read) {
        Opening::Workbench(wb) => *wb,
        Opening::Unknown { id, .. } => panic!("{id} opened the list"),
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
    for key in keys.iter() {
        assert!(key.contains("authored-email"), "{key}");
    }
    assert!(keys.contains(&Slot::Progress.key("authored-email")));
}

#[test]
fn what_cannot_be_had_or_read_opens_the_default_with_a_notice() {
    let text = authored();
    // Not inflated (a browser without DecompressionStream), or refused.
    for (inflated, why) in [(None, ""), (Some(Err("no deflate-raw")), "no deflate-raw")] {
        let wb = open_with("", &fragment(), inflated, &absent);
        assert_eq!(wb.experiment().builtin, Some(ExperimentId::default()));
        assert_eq!(wb.notices(), [Notice::CarriedNotInflated(why.into())]);
    }
    // Damaged or newer.
    for damaged in ["#x=1.***", "#x=9.AAAA", "#x=1"] {
        let wb = open_with("", damaged, Some(Ok(text.as_bytes())), &absent);
        assert_eq!(wb.experiment().builtin, Some(ExperimentId::default()));
        assert!(
            matches!(wb.notices(), [Notice::CarriedRefused(_)]),
            "{damaged}"
        );
    }
    // Inflated, but no experiment: every problem is named.
    let mut v: Value = serde_json::from_str(&text).unwrap();
    v["title"].as_object_mut().unwrap().remove("zh-TW");
    let broken = v.to_string();
    let wb = open_with("", &fragment(), Some(Ok(broken.as_bytes())), &absent);
    let [Notice::CarriedUnreadable(problems)] = wb.notices() else {
        panic!("{:?}", wb.notices())
    };
    let sentences: Vec<_> = problems.iter().map(|p| p.sentence().en()).collect();
    assert_eq!(sentences, ["/title/zh-TW: has no zh-TW text."]);
    let words = wb.view().gateway.notices.join(" ");
    assert!(words.contains("/title/zh-TW"), "{words}");
    // Not UTF-8.
    let wb = open_with("", &fragment(), Some(Ok(&[0xff, 0xfe])), &absent);
    assert!(matches!(wb.notices(), [Notice::CarriedUnreadable(_)]));
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
