//! Locales other than the reference are data, installed at run time and
//! interpreted (issue 9). The interpreter must write exactly what the
//! compiled reference writes, and a locale's data installs only where it
//! belongs.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use gateway_core::text::{
    install, installed, interpret, Arg, CatalogueError, Locale, Text, AUTHOR_DATA, AUTHOR_ONLY,
    CHECK, COMMAND_LINE_ONLY, DATA, LEARNER_DATA, MISSING,
};
use serde_json::Value;

fn data(locale: Locale) -> &'static str {
    DATA.iter().find(|(l, _)| *l == locale).unwrap().1
}

fn messages(locale: Locale) -> Vec<Value> {
    let v: Value = serde_json::from_str(data(locale)).unwrap();
    v["messages"].as_array().unwrap().clone()
}

/// Argument shapes that reach every branch: plural categories, exact
/// numbers, strings that match select keys, nested messages and lists.
type Shape = Box<dyn Fn(&str) -> Arg>;

fn shapes() -> Vec<Shape> {
    vec![
        Box::new(|name| Arg::Str(format!("<{name}>"))),
        Box::new(|_| Arg::Int(0)),
        Box::new(|_| Arg::Int(1)),
        Box::new(|_| Arg::Int(7)),
        Box::new(|_| Arg::Str("true".into())),
        Box::new(|_| Arg::Str("false".into())),
        Box::new(|_| Arg::Text(Box::new(Text::GateSchema))),
        Box::new(|_| Arg::List(vec![Arg::Str("a".into()), Arg::Str("b".into())])),
        Box::new(|_| Arg::List(vec![Arg::Str("one".into())])),
    ]
}

/// Every message of every locale, rendered by the page's interpreter, is
/// what `fluent-bundle` (Project Fluent's reference implementation) makes
/// of the same `.ftl` file with the same arguments. Lists are left out:
/// Fluent has no list argument (the page joins them; tests/catalogues.rs
/// and the unit tests cover that).
#[test]
fn the_interpreter_writes_what_fluent_itself_writes_for_every_message() {
    use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
    let mut compared = 0;
    for locale in Locale::ALL {
        let path = format!("{}/locales/{}.ftl", env!("CARGO_MANIFEST_DIR"), locale.id());
        let source = std::fs::read_to_string(&path).unwrap();
        let resource = FluentResource::try_new(source).map_err(|(_, e)| e).unwrap();
        let tag: unic_langid::LanguageIdentifier = locale.id().parse().unwrap();
        let mut bundle = FluentBundle::new(vec![tag]);
        bundle.set_use_isolating(false);
        bundle.add_resource(resource).unwrap();
        let data = messages(locale);
        // Each argument named by its variable: `arg(i)` gives the names.
        let named = Text::every(&|name| Arg::Str(name.into()));
        for shape in shapes()
            .into_iter()
            .filter(|s| !matches!(s("x"), Arg::List(_)))
        {
            for (text, named) in Text::every(&*shape).iter().zip(&named) {
                let mut args = FluentArgs::new();
                for i in 0.. {
                    let Some(Arg::Str(name)) = named.arg(i) else {
                        break;
                    };
                    let value = match text.arg(i).unwrap() {
                        Arg::Str(s) => FluentValue::from(s.clone()),
                        Arg::Int(n) => FluentValue::from(*n),
                        Arg::Text(t) => FluentValue::from(interpret(&data, t, locale)),
                        Arg::List(_) => unreachable!(),
                    };
                    args.set(name.clone(), value);
                }
                let message = bundle.get_message(text.id()).unwrap();
                let mut errors = Vec::new();
                let fluent =
                    bundle.format_pattern(message.value().unwrap(), Some(&args), &mut errors);
                assert!(
                    errors.is_empty(),
                    "{} {}: {errors:?}",
                    locale.id(),
                    text.id()
                );
                assert_eq!(
                    interpret(&data, text, locale),
                    fluent,
                    "{} {}",
                    locale.id(),
                    text.id()
                );
                compared += 1;
            }
        }
    }
    println!("{compared} renderings compared");
    assert!(compared > 2000);
}

#[test]
fn every_locale_has_data_for_every_message() {
    let count = Text::every(&|_| Arg::Int(1)).len();
    for (locale, text) in DATA {
        let v: Value = serde_json::from_str(text).unwrap();
        assert_eq!(v["locale"], locale.id());
        assert_eq!(v["check"], CHECK);
        assert_eq!(
            v["messages"].as_array().unwrap().len(),
            count,
            "{}",
            locale.id()
        );
    }
}

/// The learner's catalogue is the whole catalogue but the author build's
/// own messages and the command line's, which write nothing there: the
/// same locale, build check and places, every other message the same
/// pattern.
#[test]
fn the_learner_catalogue_leaves_out_only_the_author_and_command_line_messages() {
    assert!(AUTHOR_ONLY.contains(&"author-heading"));
    assert!(AUTHOR_ONLY.contains(&"teacher-heading"));
    // The learner's page shows the banner of an instructor's experiment.
    assert!(!AUTHOR_ONLY.contains(&"authored-experiment"));
    leaves_out_only(
        &LEARNER_DATA,
        &[&AUTHOR_ONLY[..], &COMMAND_LINE_ONLY].concat(),
    );
}

/// The author build's catalogue is the whole catalogue but the command
/// line's messages (experiment-check's words): no page shows them.
#[test]
fn the_author_catalogue_leaves_out_only_the_command_line_messages() {
    assert!(COMMAND_LINE_ONLY.contains(&"check-usage"));
    assert!(COMMAND_LINE_ONLY.iter().all(|id| id.starts_with("check-")));
    // The checker's own answer key and problems are the page's words too.
    assert!(!COMMAND_LINE_ONLY.contains(&"step-then"));
    assert!(!COMMAND_LINE_ONLY.contains(&"problem-at"));
    leaves_out_only(&AUTHOR_DATA, &COMMAND_LINE_ONLY);
}

/// Each locale's data in `part` is its [`DATA`] with exactly the messages
/// `left_out` names written `0` (which writes nothing), the rest the same.
fn leaves_out_only(part: &[(Locale, &str)], left_out: &[&str]) {
    for ((locale, full), (same, part)) in DATA.iter().zip(part) {
        assert_eq!(locale, same);
        let full: Value = serde_json::from_str(full).unwrap();
        let part: Value = serde_json::from_str(part).unwrap();
        assert_eq!(full["locale"], part["locale"]);
        assert_eq!(full["check"], part["check"]);
        assert_eq!(full["exports"], part["exports"]);
        let (full, part) = (
            full["messages"].as_array().unwrap(),
            part["messages"].as_array().unwrap(),
        );
        assert_eq!(full.len(), part.len());
        let mut count = 0;
        for text in Text::every(&|_| Arg::Int(2)) {
            let i = text.index();
            if left_out.contains(&text.id()) {
                count += 1;
                assert_eq!(part[i], Value::from(0), "{}", text.id());
                assert_eq!(interpret(part, &text, *locale), "");
                assert!(!interpret(full, &text, *locale).is_empty(), "{}", text.id());
            } else {
                assert_eq!(part[i], full[i], "{}", text.id());
            }
        }
        assert_eq!(count, left_out.len(), "{}", locale.id());
    }
}

/// Every other locale's data interprets every message, and a message with
/// English words in the reference is not left in English.
#[test]
fn every_other_locale_words_every_message_in_its_own_language() {
    for locale in Locale::ALL.into_iter().filter(|l| *l != Locale::default()) {
        let data = messages(locale);
        let mut english = Vec::new();
        for text in Text::every(&|_| Arg::Int(7)) {
            let en = text.en();
            let other = interpret(&data, &text, locale);
            let words = |s: &str| {
                s.split(|c: char| !c.is_ascii_alphabetic())
                    .filter(|w| w.len() >= 3)
                    .count()
            };
            let has_cjk = other
                .chars()
                .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
            if words(&en) > 0 && !has_cjk && !UNTRANSLATED.contains(&text.id()) {
                english.push(format!("{}: {other}", text.id()));
            }
        }
        assert!(
            english.is_empty(),
            "{} left in English: {english:#?}",
            locale.id()
        );
    }
}

/// Messages that stay as they are in every language, each for a reason the
/// issue lists as untranslatable: the database's two keys are field names.
const UNTRANSLATED: &[&str] = &["ledger-seats", "ledger-status", "fetch-status"];

/// A message a locale lacks is written in English there and listed in
/// `MISSING`: this test is where a missing translation is reported.
#[test]
fn no_locale_lacks_a_message() {
    for (locale, missing) in MISSING {
        assert!(
            missing.is_empty(),
            "{}.ftl lacks {missing:?} (written in English)",
            locale.id()
        );
    }
}

#[test]
fn data_installs_only_as_the_locale_and_the_build_it_was_made_for() {
    for (locale, text) in DATA {
        assert_eq!(install(text), Ok(locale));
        assert!(installed(locale));
    }
    let zh = data(Locale::ZhTw);
    assert_eq!(install("not json"), Err(CatalogueError::Unreadable));
    assert_eq!(install("[]"), Err(CatalogueError::Unreadable));
    assert_eq!(install("{}"), Err(CatalogueError::Unreadable));
    assert_eq!(
        install(&zh.replacen("\"zh-TW\"", "\"fr\"", 1)),
        Err(CatalogueError::UnknownLocale("fr".into()))
    );
    assert_eq!(
        install(&zh.replacen(CHECK, "0000000000000000", 1)),
        Err(CatalogueError::OtherBuild)
    );
    let without_messages = zh.split(",\"messages\"").next().unwrap().to_string() + "}";
    assert_eq!(install(&without_messages), Err(CatalogueError::Unreadable));
    // Every error is worded.
    for e in [
        CatalogueError::Unreadable,
        CatalogueError::UnknownLocale("fr".into()),
        CatalogueError::OtherBuild,
    ] {
        assert!(!e.text().render(Locale::ZhTw).is_empty());
    }
}

/// `<tag>/exports.json` as `bin/catalogues` writes it: the locale, the
/// build's check and the exports of that locale's catalogue.
fn exports_file(locale: Locale) -> String {
    let whole: serde_json::Value = serde_json::from_str(data(locale)).unwrap();
    serde_json::json!({
        "locale": whole["locale"],
        "check": whole["check"],
        "exports": whole["exports"],
    })
    .to_string()
}

#[test]
fn exports_install_only_as_the_locale_and_the_build_they_were_made_for() {
    use gateway_core::text::{exports_installed, install_exports, install_fetched_exports};
    use gateway_core::text::{CatalogueFailure, FetchError};
    for locale in Locale::ALL {
        let file = exports_file(locale);
        assert_eq!(install_exports(&file), Ok(locale));
        assert!(exports_installed(locale));
        assert_eq!(install_fetched_exports(locale, Ok(file)), Ok(()));
    }
    let zh = exports_file(Locale::ZhTw);
    assert_eq!(install_exports("not json"), Err(CatalogueError::Unreadable));
    assert_eq!(install_exports("{}"), Err(CatalogueError::Unreadable));
    assert_eq!(
        install_exports(&zh.replacen("\"zh-TW\"", "\"fr\"", 1)),
        Err(CatalogueError::UnknownLocale("fr".into()))
    );
    assert_eq!(
        install_exports(&zh.replacen(CHECK, "0000000000000000", 1)),
        Err(CatalogueError::OtherBuild)
    );
    let without_exports = zh.split(",\"exports\"").next().unwrap().to_string() + "}";
    assert_eq!(
        install_exports(&without_exports),
        Err(CatalogueError::Unreadable)
    );
    // A catalogue is not exports, and another locale's exports are refused.
    assert_eq!(install_exports(data(Locale::ZhTw)), Ok(Locale::ZhTw));
    assert_eq!(
        install_fetched_exports(Locale::default(), Ok(zh)),
        Err(CatalogueFailure::WrongLocale(Locale::ZhTw))
    );
    let not_found = FetchError::Status {
        status: 404,
        url: "exports.json".into(),
    };
    assert_eq!(
        install_fetched_exports(Locale::ZhTw, Err(not_found.clone())),
        Err(CatalogueFailure::Fetch(not_found))
    );
}

#[test]
fn a_catalogue_without_exports_installs_and_its_exports_come_apart() {
    // The learner's per-experiment catalogues carry no exports: they still
    // install, and the exports file carries exactly what the whole had.
    let zh = data(Locale::ZhTw);
    let mut whole: serde_json::Value = serde_json::from_str(zh).unwrap();
    let exports = whole.as_object_mut().unwrap().remove("exports").unwrap();
    assert_eq!(install(&whole.to_string()), Ok(Locale::ZhTw));
    let file: serde_json::Value = serde_json::from_str(&exports_file(Locale::ZhTw)).unwrap();
    assert_eq!(file["exports"], exports);
    assert_eq!(exports.as_array().map(Vec::len), Some(6), "six exports");
}
