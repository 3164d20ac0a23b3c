//! The pseudo-locale `en-XA`, made from the reference (`en.ftl`) by
//! build.rs in a test build only (gateway-core's feature `pseudo-locale`;
//! `scripts/build-web --pseudo`): every message's text with accented
//! letters, about 40 % longer, in brackets (`[Ñéẋţ ĝåţé öñé]`), its
//! placeables (variables, terms, message references, selects' keys)
//! untouched. A page drawn in it shows at once a word made outside the
//! catalogue (one without brackets, tests/e2e/pseudo-locale.test.mjs) and
//! how the layout takes longer words. Shared by build.rs and its tests
//! (`tests/pseudo_locale.rs`, by `#[path]`).

use fluent_syntax::ast::{Expression, Pattern, PatternElement, Variant};

/// The pseudo-locale's tag (Android's name for the same thing).
pub const TAG: &str = "en-XA";

/// How much longer the pseudo text is than the reference's, in percent.
pub const LONGER_PERCENT: usize = 40;

/// A message of the reference made pseudo: its text accented and padded,
/// the whole in brackets.
pub fn message<'s>(p: &Pattern<&'s str>) -> Pattern<&'s str> {
    let mut out = term(p);
    let pad = padding(length(p));
    out.elements.insert(
        0,
        PatternElement::TextElement {
            value: leak("[".into()),
        },
    );
    out.elements.push(PatternElement::TextElement {
        value: leak(format!("{pad}]")),
    });
    joined(out)
}

/// A pattern with each run of text elements made one (as a `.ftl` file's
/// parser gives it: a message without placeables is one text).
fn joined<'s>(p: Pattern<&'s str>) -> Pattern<&'s str> {
    let mut elements: Vec<PatternElement<&'s str>> = Vec::new();
    for element in p.elements {
        match (elements.last_mut(), element) {
            (
                Some(PatternElement::TextElement { value: before }),
                PatternElement::TextElement { value },
            ) => *before = leak(format!("{before}{value}")),
            (_, element) => elements.push(element),
        }
    }
    Pattern { elements }
}

/// A term of the reference made pseudo: its text accented, no more (the
/// message that uses it is padded and bracketed as a whole).
pub fn term<'s>(p: &Pattern<&'s str>) -> Pattern<&'s str> {
    Pattern {
        elements: p
            .elements
            .iter()
            .map(|element| match element {
                PatternElement::TextElement { value } => PatternElement::TextElement {
                    value: leak(accented(value)),
                },
                PatternElement::Placeable {
                    expression: Expression::Select { selector, variants },
                } => PatternElement::Placeable {
                    expression: Expression::Select {
                        selector: selector.clone(),
                        variants: variants
                            .iter()
                            .map(|v| Variant {
                                key: v.key.clone(),
                                value: term(&v.value),
                                default: v.default,
                            })
                            .collect(),
                    },
                },
                other => other.clone(),
            })
            .collect(),
    }
}

/// A plain text of the reference (a built-in experiment's title,
/// instructions, goals…) made pseudo as a message is.
pub fn text(s: &str) -> String {
    format!("[{}{}]", accented(s), padding(s.chars().count()))
}

/// `s` with every ASCII letter accented (as Android's pseudo-locale does).
pub fn accented(s: &str) -> String {
    const FROM: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const TO: &str = "åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ";
    s.chars()
        .map(|c| FROM.find(c).and_then(|i| TO.chars().nth(i)).unwrap_or(c))
        .collect()
}

/// The letters a message of `length` characters is made longer by: a
/// space and accented number words, together [`LONGER_PERCENT`] of its
/// length or a little more; nothing for an empty message.
fn padding(length: usize) -> String {
    const WORDS: [&str; 10] = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    let wanted = (length * LONGER_PERCENT).div_ceil(100);
    let mut pad = String::new();
    for word in WORDS.iter().cycle() {
        if pad.chars().count() >= wanted {
            break;
        }
        pad.push(' ');
        pad.push_str(&accented(word));
    }
    pad
}

/// The characters of a pattern's own text (a select's default variant's
/// for a select; not the placeables' values, unknown until it is written).
fn length(p: &Pattern<&str>) -> usize {
    p.elements
        .iter()
        .map(|element| match element {
            PatternElement::TextElement { value } => value.chars().count(),
            PatternElement::Placeable {
                expression: Expression::Select { variants, .. },
            } => variants
                .iter()
                .find(|v| v.default)
                .map_or(0, |v| length(&v.value)),
            PatternElement::Placeable { .. } => 0,
        })
        .sum()
}

/// Text the made patterns hold for as long as the build runs.
fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}
