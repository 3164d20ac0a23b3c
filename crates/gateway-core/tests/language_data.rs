//! A language is one file (issue 31): how it counts and lists is the data
//! its `.ftl` states (CLDR's rules, `build/grammar.rs` compiles them), not
//! code that knows its tag. A third language, a test fixture here
//! (`tests/data/locales/`), goes through the same compiler and interpreter
//! as English and Chinese, and every one picks the plural form Project
//! Fluent's reference implementation picks (it carries CLDR's rules as
//! code, `intl_pluralrules`). Which browser languages choose a language is
//! its file's too (`-browser-languages`).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../build/grammar.rs"]
mod grammar;

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource};
use fluent_syntax::ast::{Entry, Pattern};
use gateway_core::text::{Arg, Grammar, Locale, Text, DATA};

fn manifest(path: &str) -> String {
    let path = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The rules `source` (an `.ftl` text) states, as the page reads them from
/// the locale's data.
fn grammar_of(source: &str) -> Result<Grammar, String> {
    let resource = fluent_syntax::parser::parse(source).map_err(|(_, e)| format!("{e:?}"))?;
    let terms: Vec<(&str, &Pattern<&str>)> = resource
        .body
        .iter()
        .filter_map(|entry| match entry {
            // Only the rules' terms (the pseudo-locale keeps them as English states them).
            Entry::Term(t) if grammar::is_rule(t.id.name) => Some((t.id.name, &t.value)),
            _ => None,
        })
        .collect();
    let data = grammar::data(|name| terms.iter().find(|(n, _)| *n == name).map(|(_, p)| *p))?;
    let mut data: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(&format!("{{{data}}}")).map_err(|e| e.to_string())?;
    Grammar::take(&mut data).ok_or_else(|| "unreadable".into())
}

/// The category Fluent picks for `n` in `tag`: `count`'s variant, each
/// named after its category, in a bundle of `source` (which must have it).
fn fluent_category(tag: &str, source: &str, n: i64) -> String {
    let resource = FluentResource::try_new(source.to_string())
        .map_err(|(_, e)| e)
        .unwrap();
    let mut bundle = FluentBundle::new(vec![tag.parse().unwrap()]);
    bundle.set_use_isolating(false);
    bundle.add_resource(resource).unwrap();
    let message = bundle.get_message("count").unwrap();
    let mut args = FluentArgs::new();
    args.set("n", n);
    let mut errors = Vec::new();
    let out = bundle.format_pattern(message.value().unwrap(), Some(&args), &mut errors);
    assert!(errors.is_empty(), "{errors:?}");
    out.into_owned()
}

const COUNT: &str = "\ncount = { $n ->\n    [zero] zero\n    [one] one\n    [two] two\n    [few] few\n    [many] many\n   *[other] other\n}\n";

/// CLDR's own integer samples of each rule (`@integer 2~4, 22~24, …`,
/// as the fixtures copy them): `(category, n)`.
fn cldr_samples(source: &str) -> Vec<(String, i64)> {
    let mut found = Vec::new();
    for line in source.lines() {
        let Some((category, rule)) = line
            .strip_prefix("-plural-")
            .and_then(|rest| rest.split_once(" = "))
        else {
            continue;
        };
        let Some((_, samples)) = rule.split_once("@integer") else {
            continue;
        };
        let samples = samples.split('@').next().unwrap();
        for sample in samples.split(',').map(str::trim).filter(|s| *s != "…") {
            let (low, high) = sample.split_once('~').unwrap_or((sample, sample));
            for n in low.parse::<i64>().unwrap()..=high.parse::<i64>().unwrap() {
                found.push((category.to_string(), n));
            }
        }
    }
    found
}

#[test]
fn a_third_language_counts_as_cldrs_own_samples_say() {
    for fixture in ["pl", "ar"] {
        let source = manifest(&format!("tests/data/locales/{fixture}.ftl"));
        let grammar = grammar_of(&source).unwrap();
        let samples = cldr_samples(&source);
        assert!(samples.len() > 20, "{fixture}: {samples:?}");
        for (category, n) in samples {
            assert_eq!(grammar.category(n), category, "{fixture}: {n}");
        }
    }
}

/// Fluent's reference implementation carries CLDR's rules as code
/// (`intl_pluralrules` 7.0.2, CLDR 37); every language here picks what it
/// picks. Arabic is left to its samples above: that crate drops the
/// `% 100` of Arabic's `few` and `many` (103 is `few` in CLDR's samples,
/// `other` there).
#[test]
fn every_language_counts_as_fluent_does_the_fixture_included() {
    let languages = [
        ("pl", manifest("tests/data/locales/pl.ftl")),
        ("en", manifest("locales/en.ftl") + COUNT),
        ("zh-TW", manifest("locales/zh-TW.ftl") + COUNT),
    ];
    for (tag, source) in &languages {
        let grammar = grammar_of(source).unwrap();
        let mut seen = std::collections::BTreeSet::new();
        for n in (0..=1200).chain([10_000, 1_000_001]) {
            let ours = grammar.category(n);
            assert_eq!(ours, fluent_category(tag, source, n), "{tag}: {n}");
            seen.insert(ours.to_string());
        }
        let forms = match *tag {
            // Polish's "other" is for fractions only.
            "pl" => 3,
            "en" => 2,
            _ => 1,
        };
        assert_eq!(seen.len(), forms, "{tag}: {seen:?}");
    }
}

#[test]
fn a_language_lists_with_its_own_pattern() {
    let pl = grammar_of(&manifest("tests/data/locales/pl.ftl")).unwrap();
    let join = |items: &[&str]| {
        let mut out = String::new();
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                out.push_str(pl.separator(i, items.len()));
            }
            out.push_str(item);
        }
        out
    };
    assert_eq!(join(&["a"]), "a");
    assert_eq!(join(&["a", "b"]), "a i b");
    assert_eq!(join(&["a", "b", "c"]), "a, b i c");
    assert_eq!(join(&["a", "b", "c", "d"]), "a, b, c i d");
}

/// The shipped languages' data carries what their files state, and the
/// page's words are as before: English counts one and other and lists with
/// commas, Chinese has one form and lists with 、.
#[test]
fn the_shipped_languages_data_is_their_files_rules() {
    for (locale, data) in DATA {
        let mut data: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(data).unwrap();
        let file = manifest(&format!("locales/{}.ftl", locale.id()));
        assert_eq!(
            Grammar::take(&mut data),
            Some(grammar_of(&file).unwrap()),
            "{}",
            locale.id()
        );
    }
    let fields = |items: &[&str]| Text::UnknownValue {
        what: "role".into(),
        allowed: Arg::List(items.iter().map(|s| Arg::from(*s)).collect()),
        got: "x".into(),
    };
    assert_eq!(
        fields(&["viewer", "operator", "admin"]).en(),
        "role must be one of viewer, operator, admin (got x)"
    );
    let zh = fields(&["viewer", "operator", "admin"]).render(Locale::from_id("zh-TW").unwrap());
    assert!(zh.contains("viewer、operator、admin"), "{zh}");
}

#[test]
fn a_rule_or_list_that_cannot_be_read_fails_the_build_naming_it() {
    let lists = "-list-start = {\", \"}\n-list-middle = {\", \"}\n-list-end = {\", \"}\n-list-two = {\", \"}\n";
    for (rule, why) in [
        ("-plural-one = q = 1", "unknown operand"),
        ("-plural-one = i = 1 nand v = 0", "cannot read"),
        ("-plural-few = i % 10 = 4..2", "is empty"),
        ("-plural-one = i = one", "not a whole number"),
        ("-plural-one = { $n }", "plain text"),
        ("-plural-one = @integer 1", "empty"),
    ] {
        let err = grammar_of(&format!("{rule}\n{lists}")).unwrap_err();
        assert!(err.contains(why), "{rule}: {err}");
    }
    let err = grammar_of("-list-start = {\", \"}\n").unwrap_err();
    assert!(err.contains("-list-middle is missing"), "{err}");
}

/// The browser languages `source` (an `.ftl` text) lists, as build.rs
/// reads them.
fn browser_languages_of(source: &str) -> Result<Vec<String>, String> {
    let resource = fluent_syntax::parser::parse(source).map_err(|(_, e)| format!("{e:?}"))?;
    let term = resource.body.iter().find_map(|entry| match entry {
        Entry::Term(t) if t.id.name == grammar::BROWSER_LANGUAGES => Some(&t.value),
        _ => None,
    });
    grammar::browser_languages(term)
}

#[test]
fn a_language_states_the_browser_languages_it_is_chosen_for() {
    // The third language: no code knows its tag.
    assert_eq!(
        browser_languages_of(&manifest("tests/data/locales/pl.ftl")),
        Ok(vec!["pl".to_string()])
    );
    for locale in Locale::ALL {
        let file = manifest(&format!("locales/{}.ftl", locale.id()));
        assert_eq!(
            locale.browser_languages(),
            browser_languages_of(&file).unwrap(),
            "{}",
            locale.id()
        );
    }
    assert_eq!(
        browser_languages_of("-browser-languages = zh-TW zh-HK  zh-MO\tzh-Hant"),
        Ok(["zh-tw", "zh-hk", "zh-mo", "zh-hant"]
            .map(String::from)
            .to_vec())
    );
}

#[test]
fn browser_languages_that_cannot_be_read_fail_the_build_naming_them() {
    for (source, why) in [
        ("-list-two = {\", \"}", "-browser-languages is missing"),
        ("-browser-languages = { $tag }", "plain text"),
        ("-browser-languages = {\"\"}", "lists no language tag"),
        ("-browser-languages = zh-", "\"zh-\" is not a language tag"),
        (
            "-browser-languages = en_GB",
            "\"en_GB\" is not a language tag",
        ),
        (
            "-browser-languages = en-toolongsub",
            "is not a language tag",
        ),
        (
            "-browser-languages = zh-TW zh-tw",
            "\"zh-tw\" is listed twice",
        ),
    ] {
        let err = browser_languages_of(source).unwrap_err();
        assert!(err.contains(why), "{source}: {err}");
    }
}
