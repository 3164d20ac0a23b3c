//! The authoring panel's model (`author::Author`): the form and the JSON
//! text stay in step, the verdict is the checker's, nothing is shared
//! with a problem, and the link, the snippet and the single file are made
//! exactly.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use gateway_core::author::{Author, Control, Field, Status, Wanted, META_NAME, OWN_TEXT};
use gateway_core::check;
use gateway_core::experiments::{link, read, StartArgs, FILES};
use gateway_core::opening::Query;
use gateway_core::text::{FetchError, Locale};
use gateway_core::{ExampleKind, ExperimentId, Role};
use serde_json::Value;

const MARKUP: &str = "<b>bold</b> & <script>x</script>";

fn email() -> Author {
    Author::new(ExperimentId::Email, Locale::default())
}

fn value(a: &Author) -> Value {
    serde_json::from_str(&a.view().json).unwrap()
}

fn field(a: &Author, f: Field) -> gateway_core::author::FieldView {
    a.view().fields.into_iter().find(|v| v.field == f).unwrap()
}

#[test]
fn it_starts_from_the_built_in_file_and_the_form_reads_it() {
    let a = email();
    let v = a.view();
    let file: Value = serde_json::from_str(FILES[ExperimentId::Email as usize]).unwrap();
    assert_eq!(v.json, gateway_core::json::pretty(&file));
    assert!(
        v.json.contains("\n  \"id\": \"email\",\n"),
        "printed as the files are"
    );
    assert!(v.starts.iter().any(|c| c.value == "email" && c.selected));
    assert_eq!(v.starts.iter().filter(|c| c.selected).count(), 1);
    assert_eq!(v.starts.len(), ExperimentId::ALL.len());
    assert!(v.form_enabled && v.form_note.is_none());
    // Every field once, each with its own id and words.
    // The experiment's fields, then the goal form's: which goal, its id,
    // its words in each language, event, tool, outcome, gate, reason and
    // the field a reason names.
    assert_eq!(
        v.fields.len(),
        1 + 2 * Locale::ALL.len() + 5 + 2 + Locale::ALL.len() + 6
    );
    let mut ids: Vec<_> = v.fields.iter().map(|f| f.id.clone()).collect();
    ids.dedup();
    assert_eq!(ids.len(), v.fields.len());
    assert!(v.fields.iter().all(|f| !f.label.is_empty()));
    assert_eq!(field(&a, Field::Id).value, "email");
    assert_eq!(
        field(&a, Field::Title(Locale::ZhTw)).id,
        "author-title-zh-TW"
    );
    assert_eq!(
        field(&a, Field::Title(Locale::default())).value,
        "Email tool: review intent before an effect"
    );
    assert_eq!(field(&a, Field::Role).value, "viewer");
    assert_eq!(field(&a, Field::Args).value, "valid");
    assert_eq!(field(&a, Field::Key).value, "intent-1");
    assert_eq!(
        field(&a, Field::Instructions(Locale::default())).control,
        Control::Lines
    );
    let Control::Select(tools) = field(&a, Field::Tool).control else {
        panic!("the tool is a select")
    };
    assert_eq!(
        tools
            .iter()
            .filter(|c| c.selected)
            .map(|c| c.value)
            .collect::<Vec<_>>(),
        ["email"]
    );
    // Unchecked until the shell asks: nothing to share yet.
    assert_eq!(v.verdict, "Checking…");
    assert!(!v.shareable && a.payload().is_none());
}

#[test]
fn every_built_in_checks_with_no_problem() {
    for id in ExperimentId::ALL {
        let mut a = Author::new(id, Locale::ZhTw);
        a.check();
        let v = a.view();
        assert!(v.problems.is_empty(), "{id}: {:?}", v.problems);
        assert_eq!(v.verdict, "沒有問題");
        assert!(v.shareable);
        assert_eq!(v.key.len(), id.experiment().goals.len(), "{id}");
        // The checker's own answer key, from the one search of the check,
        // and worded again in the other language without searching again.
        let e = a.experiment().unwrap().clone();
        assert_eq!(v.key, check::answer_key(&e, Locale::ZhTw), "{id}");
        assert!(v.key.iter().all(|(_, steps)| !steps.is_empty()), "{id}");
        a.set_locale(Locale::default());
        assert_eq!(
            a.view().key,
            check::answer_key(&e, Locale::default()),
            "{id}"
        );
    }
}

#[test]
fn a_form_edit_writes_the_json_and_the_json_the_form() {
    let mut a = email();
    assert!(a.set(Field::Title(Locale::default()), MARKUP));
    assert!(a.set(Field::Role, "operator"));
    let v = value(&a);
    assert_eq!(v["title"]["en"], MARKUP);
    assert_eq!(v["start"]["role"], "operator");
    // The rest as it was, in its order, printed as the files are.
    assert_eq!(v["title"]["zh-TW"], "電子郵件工具：產生效果前先審查意圖");
    let keys: Vec<_> = v.as_object().unwrap().keys().cloned().collect();
    let file: Value = serde_json::from_str(FILES[ExperimentId::Email as usize]).unwrap();
    let file_keys: Vec<_> = file.as_object().unwrap().keys().cloned().collect();
    assert_eq!(keys, file_keys);
    assert_eq!(a.view().json, gateway_core::json::pretty(&v));
    assert_eq!(field(&a, Field::Title(Locale::default())).value, MARKUP);

    // The JSON edited by hand: the form follows.
    let text = a.view().json.replace("\"intent-1\"", "\"intent-9\"");
    a.edit_text(text);
    assert_eq!(field(&a, Field::Key).value, "intent-9");

    a.check();
    let e = a.experiment().unwrap().clone();
    assert_eq!(e.title.get(Locale::default()), MARKUP);
    assert_eq!(e.role, Role::Operator);
    assert_eq!(e.key, "intent-9");
    assert_eq!(e.builtin, None);
}

#[test]
fn the_arguments_are_an_example_or_text() {
    let mut a = email();
    assert!(a.set(Field::Args, "boundary"));
    assert_eq!(
        value(&a)["start"]["args"],
        serde_json::json!({"example": "boundary"})
    );
    assert!(a.set(Field::Args, OWN_TEXT));
    let boundary = gateway_core::Registry::fixtures().get("email").unwrap();
    let text = ExampleKind::Boundary.text(
        boundary
            .declaration()
            .examples
            .get(gateway_core::fixtures::Fixtures::En),
    );
    assert_eq!(
        value(&a)["start"]["args"],
        serde_json::json!({ "text": text })
    );
    assert_eq!(field(&a, Field::Args).value, OWN_TEXT);
    // Own text stays as written when chosen again.
    let mut v = value(&a);
    v["start"]["args"]["text"] = Value::from(r#"{"to": "other@example.test"}"#);
    a.edit_text(v.to_string());
    let before = value(&a)["start"]["args"].clone();
    assert!(a.set(Field::Args, OWN_TEXT));
    assert_eq!(value(&a)["start"]["args"], before);
    a.check();
    assert!(
        matches!(&a.experiment().unwrap().args, StartArgs::Text(t) if t.all().all(|t| t.contains("other@example.test")))
    );
}

#[test]
fn a_missing_place_is_made_and_defaults_are_shown() {
    let mut a = email();
    let mut v = value(&a);
    v["start"].as_object_mut().unwrap().remove("role");
    v["start"].as_object_mut().unwrap().remove("key");
    a.edit_text(v.to_string());
    // The reader's defaults.
    assert_eq!(field(&a, Field::Role).value, "viewer");
    assert_eq!(field(&a, Field::Key).value, "intent-1");
    v.as_object_mut().unwrap().remove("start");
    a.edit_text(v.to_string());
    assert!(a.set(Field::Key, "k-2"));
    assert_eq!(value(&a)["start"], serde_json::json!({"key": "k-2"}));
    a.check();
    assert_eq!(
        a.view().problems,
        [
            "/start/tool: is missing; it is required.",
            "/start/args: is missing; it is required."
        ]
    );
}

#[test]
fn a_select_holding_another_value_selects_nothing() {
    let mut a = email();
    assert!(a.set(Field::Tool, "shell.exec"));
    let Control::Select(tools) = field(&a, Field::Tool).control else {
        panic!()
    };
    assert!(tools.iter().all(|c| !c.selected));
    assert!(!a.not_a_choice().is_empty());
    // The registry's extra tools are choices once the JSON names them.
    let mut v = value(&a);
    v["tools"] = serde_json::json!(["files.delete"]);
    a.edit_text(v.to_string());
    let Control::Select(tools) = field(&a, Field::Tool).control else {
        panic!()
    };
    assert!(tools.iter().any(|c| c.value == "files.delete"));
}

#[test]
fn a_broken_edit_shows_the_exact_problem_and_shares_nothing() {
    let mut a = email();
    let mut v = value(&a);
    v["title"].as_object_mut().unwrap().remove("zh-TW");
    a.edit_text(gateway_core::json::pretty(&v));
    assert_eq!(a.view().verdict, "Checking…");
    a.check();
    let view = a.view();
    assert_eq!(view.problems, ["/title/zh-TW: has no zh-TW text."]);
    assert_eq!(
        view.verdict,
        "One problem: fix it to try or share the experiment."
    );
    assert!(!view.shareable && view.key.is_empty());
    assert!(a.payload().is_none() && a.experiment().is_none());
    // Fixed again: shareable again.
    a.set(Field::Title(Locale::ZhTw), "標題");
    a.check();
    assert!(a.view().shareable);
    // zh-TW counts its problems with one form.
    let mut zh = Author::new(ExperimentId::Email, Locale::ZhTw);
    zh.edit_text(r#"{"version": 1}"#.into());
    zh.check();
    assert!(
        zh.view().verdict.starts_with("有 5 個問題"),
        "{}",
        zh.view().verdict
    );
}

#[test]
fn text_that_is_no_object_turns_the_form_off() {
    let mut a = email();
    for text in ["{ not json", "[1, 2]", ""] {
        a.edit_text(text.into());
        let v = a.view();
        assert!(!v.form_enabled && v.form_note.is_some(), "{text:?}");
        assert!(!a.set(Field::Id, "x"));
        assert_eq!(a.view().json, text, "an edit refused changes nothing");
        a.check();
        assert_eq!(a.view().problems.len(), 1, "{text:?}");
    }
    a.start_from(ExperimentId::Search);
    assert!(a.view().form_enabled);
    assert_eq!(field(&a, Field::Id).value, "search");
}

#[test]
fn the_payload_is_the_checked_experiment_without_schema_or_spaces() {
    let mut a = email();
    a.set(Field::Title(Locale::default()), MARKUP);
    a.check();
    let payload = a.payload().unwrap();
    assert!(!payload.contains("$schema") && !payload.contains("\n"));
    let back = link::experiment(payload.as_bytes()).unwrap();
    assert_eq!(&back, &**a.experiment().unwrap());
    // An edit after the check: nothing to share until checked again.
    a.set(Field::Id, "email-two");
    assert!(a.payload().is_none() && !a.view().shareable);
    a.check();
    assert!(a.payload().unwrap().contains("\"email-two\""));
    assert_eq!(a.file_name(), "email-two.html");
}

#[test]
fn the_learner_link_drops_the_authoring_parameters_and_carries_the_payload() {
    let a = email();
    let deflated = [1u8, 2, 3, 254];
    let fragment = link::fragment(&deflated);
    for (page, want) in [
        ("https://host/w/?author=1", "https://host/w/"),
        (
            "https://host/w/?author=1&lang=zh-TW",
            "https://host/w/?lang=zh-TW",
        ),
        (
            "https://host/w/?experiment=email&author=1&teacher=1&embed=1#s=1.x",
            "https://host/w/?embed=1",
        ),
        (
            "file:///tmp/index.html?authors=2&author=1",
            "file:///tmp/index.html?authors=2",
        ),
        ("https://host/w/index.html", "https://host/w/index.html"),
    ] {
        assert_eq!(
            a.learner_link(page, &deflated),
            format!("{want}#{fragment}"),
            "{page}"
        );
    }
    let made = a.learner_link("https://h/?author=1", &deflated);
    let (_, fragment) = made.split_once('#').unwrap();
    assert_eq!(link::compressed(fragment), Ok(Some(deflated.to_vec())));
}

#[test]
fn the_iframe_snippet_embeds_the_page_and_escapes_its_attributes() {
    let mut a = email();
    a.set(Field::Title(Locale::default()), r#"Say "hi" <b>&</b>"#);
    a.check();
    let snippet = a.iframe("https://h/?a=1&b=2#x=1.AB");
    assert_eq!(
        snippet,
        r#"<iframe src="https://h/?a=1&amp;b=2&amp;embed=1#x=1.AB" title="Say &quot;hi&quot; &lt;b&gt;&amp;&lt;/b&gt;" width="100%" height="900" loading="lazy" allow="fullscreen; clipboard-write"></iframe>"#
    );
    a.made("https://h/#x=1.AB".into());
    let v = a.view();
    assert_eq!(v.link.as_deref(), Some("https://h/#x=1.AB"));
    assert!(v
        .iframe
        .unwrap()
        .starts_with(r#"<iframe src="https://h/?embed=1#x=1.AB""#));
    // Another edit: the old link and snippet go.
    a.set(Field::Id, "other");
    assert!(a.view().link.is_none() && a.view().iframe.is_none());
}

#[test]
fn the_single_file_gets_its_meta_before_head_ends() {
    let a = email();
    let single = "<html><head>\n  <meta name=\"workbench-build\" content=\"single-file\">\n</head><body></body></html>";
    let deflated = [9u8, 8, 7];
    let out = a.single_file(single, &deflated).unwrap();
    let meta = format!(
        r#"<meta name="{META_NAME}" content="{}">"#,
        link::fragment(&deflated)
    );
    assert_eq!(out, single.replace("</head>", &format!("{meta}\n</head>")));
    // A file that carried one carries the new one only.
    let again = a.single_file(&out, &[1]).unwrap();
    assert_eq!(again.matches(META_NAME).count(), 1);
    assert!(again.contains(&link::fragment(&[1])));
    // The same words in a script are not a meta: left alone.
    let scripted = single.replace(
        "</head>",
        "<script>// <meta name=\"function-tools-experiment\" content=\"x=1.…\"> goes here</script>\n</head>",
    );
    let out = a.single_file(&scripted, &deflated).unwrap();
    assert!(out.contains(
        "// <meta name=\"function-tools-experiment\" content=\"x=1.…\"> goes here</script>"
    ));
    assert_eq!(
        out,
        scripted.replace("</head>", &format!("{meta}\n</head>"))
    );
    // Not the single file: refused.
    assert_eq!(
        a.single_file("<html><head></head></html>", &deflated),
        Err(Status::NotSingleFile)
    );
    assert_eq!(
        a.single_file(
            "<meta name=\"workbench-build\" content=\"single-file\">",
            &deflated
        ),
        Err(Status::NotSingleFile)
    );
    // The marker in the body does not count.
    assert_eq!(
        a.single_file(
            "<head></head><meta name=\"workbench-build\" content=\"single-file\">",
            &deflated
        ),
        Err(Status::NotSingleFile)
    );
}

#[test]
fn every_status_is_worded_in_every_language() {
    for locale in Locale::ALL {
        let mut a = Author::new(ExperimentId::Email, locale);
        for status in [
            Status::Tried,
            Status::LinkCopied,
            Status::IframeCopied,
            Status::CopyFailed,
            Status::Downloaded("email.html".into()),
            Status::FetchFailed(FetchError::Browser("HTTP 404".into())),
            Status::NotSingleFile,
            Status::CompressFailed("no".into()),
        ] {
            a.done(status.clone());
            let words = a.view().status.unwrap();
            assert!(!words.is_empty(), "{status:?}");
        }
        let v = a.view();
        for words in [
            &v.heading,
            &v.note,
            &v.start_label,
            &v.json_label,
            &v.verdict_heading,
            &v.key_heading,
            &v.try_label,
            &v.copy_link_label,
            &v.copy_iframe_label,
            &v.download_label,
            &v.link_label,
            &v.iframe_label,
        ] {
            assert!(!words.is_empty());
        }
        // An edit clears the last action's words.
        a.set(Field::Id, "x");
        assert!(a.view().status.is_none());
    }
}

#[test]
fn a_language_switch_words_the_verdict_again() {
    let mut a = email();
    a.check();
    assert_eq!(a.view().verdict, "No problems");
    a.set_locale(Locale::ZhTw);
    assert_eq!(a.locale(), Locale::ZhTw);
    assert_eq!(a.view().verdict, "沒有問題");
    assert!(a.view().shareable);
    assert_eq!(field(&a, Field::Role).control, {
        let Control::Select(c) = field(&a, Field::Role).control else {
            panic!()
        };
        assert!(c.iter().any(|c| c.label == "檢視者"));
        Control::Select(c)
    });
}

#[test]
fn the_reader_refuses_what_a_link_must_not_carry() {
    // The format has no field for an approval or a ledger: a file that
    // holds one is refused by name.
    let mut v: Value = serde_json::from_str(FILES[ExperimentId::Email as usize]).unwrap();
    v["approval"] = serde_json::json!({"tool": "email"});
    v["ledger"] = serde_json::json!({"outbox": []});
    let problems = read::experiment(&v.to_string()).unwrap_err();
    let paths: Vec<_> = problems.iter().map(|p| p.path.as_str()).collect();
    assert_eq!(paths, ["/approval", "/ledger"]);
}

#[test]
fn the_query_asks_for_the_panel_or_the_key_with_1_only() {
    let w = |q: &str| Wanted::from_query(&Query::parse(q));
    assert_eq!(w(""), Wanted::default());
    assert_eq!(
        w("?author=1"),
        Wanted {
            author: true,
            teacher: false
        }
    );
    assert_eq!(
        w("teacher=1&lang=en"),
        Wanted {
            author: false,
            teacher: true
        }
    );
    assert_eq!(
        w("?experiment=email&author=1&teacher=1"),
        Wanted {
            author: true,
            teacher: true
        }
    );
    for off in [
        "?author=0",
        "?author=true",
        "?author",
        "?authors=1",
        "?teacher=yes",
    ] {
        assert_eq!(w(off), Wanted::default(), "{off}");
    }
}
