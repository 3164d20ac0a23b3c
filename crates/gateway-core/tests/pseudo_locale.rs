//! The pseudo-locale `en-XA` (issue 31), made from `en.ftl` by build.rs in
//! a test build: accented letters, about 40 % longer, brackets around every
//! message, its placeables untouched (`build/pseudo.rs`, shared here by
//! `#[path]`). The page drawn in it is tests/e2e/pseudo-locale.test.mjs.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../build/pseudo.rs"]
mod pseudo;

use fluent_syntax::ast::{Entry, Expression, Pattern, PatternElement};

fn parse(source: &str) -> fluent_syntax::ast::Resource<&str> {
    fluent_syntax::parser::parse(source).unwrap()
}

fn message<'s>(
    resource: &'s fluent_syntax::ast::Resource<&'s str>,
    id: &str,
) -> &'s Pattern<&'s str> {
    resource
        .body
        .iter()
        .find_map(|e| match e {
            Entry::Message(m) if m.id.name == id => m.value.as_ref(),
            _ => None,
        })
        .unwrap()
}

/// The placeables of a pattern, in order (selects with their keys).
fn placeables<'a>(p: &'a Pattern<&'a str>) -> Vec<String> {
    let mut found = Vec::new();
    for element in &p.elements {
        if let PatternElement::Placeable { expression } = element {
            match expression {
                Expression::Select { selector, variants } => {
                    found.push(format!("{selector:?}"));
                    for v in variants {
                        found.push(format!("{:?} {}", v.key, v.default));
                        found.extend(placeables(&v.value));
                    }
                }
                inline => found.push(format!("{inline:?}")),
            }
        }
    }
    found
}

/// The text a pattern writes with no placeable's value, its default variants.
fn text(p: &Pattern<&str>) -> String {
    p.elements
        .iter()
        .map(|element| match element {
            PatternElement::TextElement { value } => value.to_string(),
            PatternElement::Placeable {
                expression: Expression::Select { variants, .. },
            } => text(&variants.iter().find(|v| v.default).unwrap().value),
            PatternElement::Placeable { .. } => String::new(),
        })
        .collect()
}

#[test]
fn every_letter_is_accented_and_nothing_else_changes() {
    let ascii = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let accented = pseudo::accented(ascii);
    assert_eq!(accented.chars().count(), ascii.len());
    assert!(accented.chars().all(|c| !c.is_ascii()), "{accented}");
    let distinct: std::collections::BTreeSet<char> = accented.chars().collect();
    assert_eq!(distinct.len(), ascii.len(), "{accented}");
    assert_eq!(pseudo::accented("0-9 {} [] …, 「」"), "0-9 {} [] …, 「」");
}

#[test]
fn a_message_is_bracketed_longer_and_keeps_its_placeables() {
    let source = "\
-product = Workbench
plain = Next gate
vars = { $tool } arguments fit the { -product } ({ $risk } risk)
select = { $count ->
    [0] no calls
    [one] one call of { $tool }
   *[other] { $count } calls of { $tool }
}
";
    let resource = parse(source);
    for id in ["plain", "vars", "select"] {
        let en = message(&resource, id);
        let xa = pseudo::message(en);
        assert_eq!(placeables(&xa), placeables(en), "{id}");
        let written = text(&xa);
        assert!(
            written.starts_with('[') && written.ends_with(']'),
            "{id}: {written}"
        );
        let (en_len, xa_len) = (text(en).chars().count(), written.chars().count());
        assert!(
            xa_len * 100 >= en_len * (100 + pseudo::LONGER_PERCENT),
            "{id}: {written} is not {}% longer than {}",
            pseudo::LONGER_PERCENT,
            text(en)
        );
        assert!(
            !written.chars().any(|c| c.is_ascii_alphabetic()),
            "{id}: {written}"
        );
    }
    assert_eq!(
        text(&pseudo::message(message(&resource, "plain"))),
        "[Ñéẋţ ĝåţé öñé]"
    );
    // A term is accented only: the message that uses it is bracketed once.
    let term = resource
        .body
        .iter()
        .find_map(|e| match e {
            Entry::Term(t) => Some(&t.value),
            _ => None,
        })
        .unwrap();
    assert_eq!(text(&pseudo::term(term)), "Ŵöŕķƀéñçĥ");
}

#[test]
fn a_plain_text_is_made_pseudo_as_a_message() {
    assert_eq!(pseudo::text("Send one email"), "[Šéñð öñé éɱåîļ öñé ţŵö]");
    assert_eq!(pseudo::text(""), "[]");
    // Android's tag for the same pseudo-locale.
    assert_eq!(pseudo::TAG, "en-XA");
}

/// In a test build (`--features pseudo-locale`) the page has en-XA: every
/// message of the reference written in it is pseudo, and the language
/// switch does not list it.
#[cfg(feature = "pseudo-locale")]
#[test]
fn the_test_build_has_en_xa_unlisted() {
    use gateway_core::text::{Arg, Locale, Text};
    let xa = Locale::from_id(pseudo::TAG).unwrap();
    assert!(!Locale::ALL.contains(&xa));
    assert!(Locale::BUILT.contains(&xa));
    for text in Text::every(&|name| Arg::Str(format!("<{name}>"))) {
        let written = text.render(xa);
        assert!(
            written.starts_with('[') && written.ends_with(']'),
            "{}: {written}",
            text.id()
        );
    }
    assert_eq!(Text::GateSchema.render(xa), "[Šçĥéɱå öñé]");
}

/// No browser language chooses en-XA (its data has no
/// `-browser-languages`, nor accented ones): `en-XA` in the browser's list
/// is English, as `en-…` is; only `?lang=en-XA` opens it.
#[cfg(feature = "pseudo-locale")]
#[test]
fn only_the_address_chooses_en_xa() {
    use gateway_core::opening::{choose_locale, Query};
    use gateway_core::text::Locale;
    let xa = Locale::from_id(pseudo::TAG).unwrap();
    assert!(xa.browser_languages().is_empty());
    assert_eq!(Locale::En.browser_languages(), ["en"]);
    for preferred in [["en-XA", "zh-TW"], ["en-xa", "zh-TW"], ["xa", "en"]] {
        assert_eq!(
            choose_locale(&Query::parse(""), &preferred),
            Locale::En,
            "{preferred:?}"
        );
    }
    assert_eq!(
        choose_locale(&Query::parse(""), &["xa", "zh-TW"]),
        Locale::ZhTw
    );
    assert_eq!(choose_locale(&Query::parse("?lang=en-XA"), &["zh-TW"]), xa);
    assert_eq!(choose_locale(&Query::parse("?lang=en-xa"), &[]), xa);
}
