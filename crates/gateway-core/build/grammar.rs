//! A language's own rules for counts and lists, and the browser languages
//! that choose it, as its `.ftl` file states them in terms (not messages:
//! no page shows them), compiled into the locale's data for `text.rs` (the
//! browser languages into the module):
//!
//! - `-plural-zero`, `-plural-one`, `-plural-two`, `-plural-few`,
//!   `-plural-many`: CLDR's cardinal plural rule of that category, written
//!   as CLDR writes it (`i = 1 and v = 0`; samples after `@` are ignored).
//!   A count no rule picks is `other`; a language without these terms (as
//!   Chinese) has that one form only.
//! - `-list-start`, `-list-middle`, `-list-end`, `-list-two`: the text
//!   between listed items, as CLDR's list patterns place it: after the
//!   first of three or more, between the middle ones, before the last, and
//!   between the two of two. Every locale states all four.
//! - `-browser-languages`: the browser language tags (`navigator.languages`)
//!   the page opens in this language for when `?lang=` names none, as BCP 47
//!   tags separated by spaces (`zh-TW zh-HK zh-MO zh-Hant`). Each chooses
//!   every tag it is a prefix of in whole subtags, in any case, `_` read as
//!   `-` (`zh-Hant` chooses `zh-Hant-TW`, `en` chooses `en-GB`, neither
//!   `zh` nor `english`); no two files list the same tag.
//!   Every locale of the page states it; the pseudo-locale has none (only
//!   `?lang=en-XA` chooses it). It goes into the module
//!   (`Locale::browser_languages`), not the data: the page chooses its
//!   language before it downloads any.
//!
//! The data: `"plural": [[category, [[relation…]…]]…]`, each category's
//! rule as alternatives (`or`) of relations that must all hold (`and`), a
//! relation being `[modulus (0: none), 1 for "=" or 0 for "!=", low, high,
//! low, high…]` on the count; and `"list": [start, middle, end, two]`. The
//! page's counts are whole numbers, so the fraction operands (`v`, `w`,
//! `f`, `t`) and the exponent (`c`, `e`) are 0 and their relations are
//! decided here: one that holds is left out, an alternative with one that
//! does not is, and a category none of whose alternatives can hold too.
//! Shared by build.rs and its tests (`tests/language_data.rs`, by
//! `#[path]`).

use fluent_syntax::ast::{Expression, InlineExpression, Pattern, PatternElement};

/// The plural categories a rule may be given for, in CLDR's order.
pub const PLURAL_CATEGORIES: [&str; 5] = ["zero", "one", "two", "few", "many"];

/// The list pattern's parts, in the data's order.
pub const LIST_PARTS: [&str; 4] = ["start", "middle", "end", "two"];

/// Whether the term `name` (without the leading `-`) states one of these
/// rules.
pub fn is_rule(name: &str) -> bool {
    name.starts_with("plural-") || name.starts_with("list-")
}

/// The term that names the browser languages a locale is chosen for
/// (without the leading `-`).
pub const BROWSER_LANGUAGES: &str = "browser-languages";

/// The browser language tags `-browser-languages` (`term`) lists,
/// lower-case, in its order: each a BCP 47 tag of subtags of 1 to 8 ASCII
/// letters or digits joined by `-`.
pub fn browser_languages(term: Option<&Pattern<&str>>) -> Result<Vec<String>, String> {
    let name = BROWSER_LANGUAGES;
    let p = term.ok_or(format!(
        "-{name} is missing (every locale states the browser languages it is chosen for)"
    ))?;
    let text = plain_text(p).ok_or(format!("-{name} must be plain text"))?;
    let mut tags: Vec<String> = Vec::new();
    for tag in text.split_whitespace() {
        let whole = tag.split('-').all(|subtag| {
            (1..=8).contains(&subtag.len()) && subtag.chars().all(|c| c.is_ascii_alphanumeric())
        });
        if !whole {
            return Err(format!("-{name}: {tag:?} is not a language tag"));
        }
        let tag = tag.to_ascii_lowercase();
        if tags.contains(&tag) {
            return Err(format!("-{name}: {tag:?} is listed twice"));
        }
        tags.push(tag);
    }
    if tags.is_empty() {
        return Err(format!("-{name} lists no language tag"));
    }
    Ok(tags)
}

/// `"plural":[…],"list":[…]` (a fragment of the locale's JSON object)
/// from the terms `term(name)` gives (`name` without the leading `-`).
pub fn data<'s>(term: impl Fn(&str) -> Option<&'s Pattern<&'s str>>) -> Result<String, String> {
    let mut plural = Vec::new();
    for category in PLURAL_CATEGORIES {
        let name = format!("plural-{category}");
        if let Some(p) = term(&name) {
            let rule = plain_text(p).ok_or(format!("-{name} must be plain text"))?;
            if let Some(rule) = plural_rule(&rule).map_err(|e| format!("-{name}: {e}"))? {
                plural.push(format!("[{},{rule}]", json_str(category)));
            }
        }
    }
    let mut list = Vec::new();
    for part in LIST_PARTS {
        let name = format!("list-{part}");
        let p = term(&name).ok_or(format!(
            "-{name} is missing (every locale states how it lists items)"
        ))?;
        list.push(json_str(
            &plain_text(p).ok_or(format!("-{name} must be plain text"))?,
        ));
    }
    Ok(format!(
        "\"plural\":[{}],\"list\":[{}]",
        plural.join(","),
        list.join(",")
    ))
}

/// A pattern's text: its text and string literals, `None` where it holds
/// anything else.
fn plain_text(p: &Pattern<&str>) -> Option<String> {
    let mut out = String::new();
    for element in &p.elements {
        match element {
            PatternElement::TextElement { value } => out.push_str(value),
            PatternElement::Placeable {
                expression: Expression::Inline(InlineExpression::StringLiteral { value }),
            } => out.push_str(&unescape(value)?),
            PatternElement::Placeable { .. } => return None,
        }
    }
    Some(out)
}

/// A Fluent string literal's text (`\"`, `\\`, `\uXXXX`, `\UXXXXXX`).
fn unescape(literal: &str) -> Option<String> {
    let mut out = String::new();
    let mut chars = literal.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next()? {
            c @ ('"' | '\\') => out.push(c),
            u @ ('u' | 'U') => {
                let digits: String = chars.by_ref().take(if u == 'u' { 4 } else { 6 }).collect();
                out.push(char::from_u32(u32::from_str_radix(&digits, 16).ok()?)?);
            }
            _ => return None,
        }
    }
    Some(out)
}

/// One CLDR plural rule (its condition; samples after `@` left out) as
/// data: `[[relation…]…]`, alternatives of relations that must all hold;
/// `None` where no whole number can satisfy it.
///
/// The syntax (UTS #35, Language Plural Rules), for the integer counts the
/// page has: `condition = and_condition ('or' and_condition)*`,
/// `and_condition = relation ('and' relation)*`, a relation `expr ('=' |
/// '!=' | 'is' | 'is not' | 'in' | 'not in' | 'within' | 'not within')
/// range_list`, `expr = operand (('mod' | '%') value)?`, `range_list =
/// (value | value'..'value) (',' …)*`.
pub fn plural_rule(rule: &str) -> Result<Option<String>, String> {
    let condition = rule.split('@').next().unwrap_or_default();
    let tokens = tokens(condition)?;
    if tokens.is_empty() {
        return Err("the rule is empty".into());
    }
    let mut alternatives = Vec::new();
    for and_condition in tokens.split(|t| t == "or") {
        let mut relations = Vec::new();
        let mut possible = true;
        for relation in and_condition.split(|t| t == "and") {
            match plural_relation(relation)? {
                Relation::OnCount(data) => relations.push(data),
                Relation::Decided(holds) => possible &= holds,
            }
        }
        if possible {
            alternatives.push(format!("[{}]", relations.join(",")));
        }
    }
    Ok((!alternatives.is_empty()).then(|| format!("[{}]", alternatives.join(","))))
}

/// A relation of a rule, for a whole-number count.
enum Relation {
    /// On the count (`n` or `i`): its data.
    OnCount(String),
    /// On a fraction operand or the exponent, 0 for a whole number: whether
    /// it holds.
    Decided(bool),
}

/// `i % 10 = 2..4` → `[10,1,2,4]`.
fn plural_relation(tokens: &[String]) -> Result<Relation, String> {
    let words: Vec<&str> = tokens.iter().map(String::as_str).collect();
    let (operand, rest) = match words.as_slice() {
        [operand, "mod" | "%", modulus, rest @ ..] => ((*operand, number(modulus)?), rest),
        [operand, rest @ ..] => ((*operand, 0), rest),
        [] => return Err("a relation is empty".into()),
    };
    if !["n", "i", "v", "w", "f", "t", "c", "e"].contains(&operand.0) {
        return Err(format!("unknown operand {:?}", operand.0));
    }
    let (equal, ranges) = match rest {
        ["is", "not", ranges @ ..]
        | ["not", "in" | "within", ranges @ ..]
        | ["!=", ranges @ ..] => (false, ranges),
        ["=" | "is" | "in" | "within", ranges @ ..] => (true, ranges),
        _ => return Err(format!("cannot read the relation {:?}", words.join(" "))),
    };
    let mut bounds = Vec::new();
    for range in ranges.split(|t| *t == ",") {
        match range {
            [value] => {
                let v = number(value)?;
                bounds.extend([v, v]);
            }
            [low, "..", high] => {
                let (low, high) = (number(low)?, number(high)?);
                if low > high {
                    return Err(format!("the range {low}..{high} is empty"));
                }
                bounds.extend([low, high]);
            }
            _ => return Err(format!("cannot read the range {:?}", range.join(""))),
        }
    }
    if !["n", "i"].contains(&operand.0) {
        let value = 0;
        let within = bounds.chunks(2).any(|r| r[0] <= value && value <= r[1]);
        return Ok(Relation::Decided(within == equal));
    }
    let bounds: Vec<String> = bounds.iter().map(u64::to_string).collect();
    Ok(Relation::OnCount(format!(
        "[{},{},{}]",
        operand.1,
        u8::from(equal),
        bounds.join(",")
    )))
}

fn number(token: &str) -> Result<u64, String> {
    token
        .parse()
        .map_err(|_| format!("{token:?} is not a whole number"))
}

/// Words, numbers, `..`, `,`, `=`, `!=` and `%` of a rule.
fn tokens(rule: &str) -> Result<Vec<String>, String> {
    let mut tokens = Vec::new();
    let mut chars = rule.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
        } else if c.is_ascii_alphanumeric() {
            let mut word = String::new();
            while let Some(&c) = chars.peek().filter(|c| c.is_ascii_alphanumeric()) {
                word.push(c);
                chars.next();
            }
            tokens.push(word);
        } else {
            chars.next();
            let token = match (c, chars.peek()) {
                ('.', Some('.')) | ('!', Some('=')) => {
                    let second = chars.next().unwrap_or_default();
                    format!("{c}{second}")
                }
                ('=' | ',' | '%', _) => c.to_string(),
                _ => return Err(format!("unexpected {c:?}")),
            };
            tokens.push(token);
        }
    }
    Ok(tokens)
}

/// `text` as a JSON string.
fn json_str(text: &str) -> String {
    serde_json::Value::from(text).to_string()
}
