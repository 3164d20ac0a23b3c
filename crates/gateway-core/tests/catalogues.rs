//! The catalogues agree: `zh-TW.ftl` holds exactly en.ftl's messages, each
//! with the same variables (read through selects and terms), and is written
//! in Traditional characters only.

#![allow(clippy::unwrap_used, clippy::panic)]

use std::collections::{BTreeMap, BTreeSet};

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};

const EN: &str = include_str!("../locales/en.ftl");
const ZH_TW: &str = include_str!("../locales/zh-TW.ftl");

/// Simplified-only forms of common characters. 置 and 存 are left out:
/// they are Traditional too (位置, 儲存).
const SIMPLIFIED: &str = "这个们来对时会说为国发后关开无还进过请数据库认读写删网络务应录钥键证验\
输设选项显实现单双点击页码编辑调试错误态类续检测计划执运转换断仅储";

struct Catalogue<'s> {
    messages: BTreeMap<&'s str, &'s Pattern<&'s str>>,
    terms: BTreeMap<&'s str, &'s Pattern<&'s str>>,
}

fn parse<'s>(name: &str, resource: &'s fluent_syntax::ast::Resource<&'s str>) -> Catalogue<'s> {
    let mut messages = BTreeMap::new();
    let mut terms = BTreeMap::new();
    for entry in &resource.body {
        match entry {
            Entry::Message(m) => {
                let value = m
                    .value
                    .as_ref()
                    .unwrap_or_else(|| panic!("{name}: message {} has no value", m.id.name));
                assert!(
                    messages.insert(m.id.name, value).is_none(),
                    "{name}: message {} is defined twice",
                    m.id.name
                );
            }
            Entry::Term(t) => {
                terms.insert(t.id.name, &t.value);
            }
            Entry::Junk { content } => panic!("{name}: cannot read {content:?}"),
            _ => {}
        }
    }
    Catalogue { messages, terms }
}

fn variables<'s>(p: &Pattern<&'s str>, c: &Catalogue<'s>, found: &mut BTreeSet<&'s str>) {
    for element in &p.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_variables(expression, c, found);
        }
    }
}

fn expression_variables<'s>(
    e: &Expression<&'s str>,
    c: &Catalogue<'s>,
    found: &mut BTreeSet<&'s str>,
) {
    match e {
        Expression::Inline(inline) => inline_variables(inline, c, found),
        Expression::Select { selector, variants } => {
            inline_variables(selector, c, found);
            for v in variants {
                variables(&v.value, c, found);
            }
        }
    }
}

fn inline_variables<'s>(
    e: &InlineExpression<&'s str>,
    c: &Catalogue<'s>,
    found: &mut BTreeSet<&'s str>,
) {
    match e {
        InlineExpression::VariableReference { id } => {
            found.insert(id.name);
        }
        InlineExpression::TermReference { id, .. } => {
            let term = c
                .terms
                .get(id.name)
                .unwrap_or_else(|| panic!("unknown term -{}", id.name));
            variables(term, c, found);
        }
        InlineExpression::Placeable { expression } => expression_variables(expression, c, found),
        _ => {}
    }
}

/// Message id → the variables it reads.
fn signature<'s>(c: &Catalogue<'s>) -> BTreeMap<&'s str, BTreeSet<&'s str>> {
    c.messages
        .iter()
        .map(|(id, p)| {
            let mut found = BTreeSet::new();
            variables(p, c, &mut found);
            (*id, found)
        })
        .collect()
}

fn resource(name: &str, text: &'static str) -> fluent_syntax::ast::Resource<&'static str> {
    fluent_syntax::parser::parse(text)
        .unwrap_or_else(|(_, errors)| panic!("{name} does not parse: {errors:?}"))
}

#[test]
fn zh_tw_has_exactly_the_messages_and_variables_of_en() {
    let (en, zh) = (resource("en.ftl", EN), resource("zh-TW.ftl", ZH_TW));
    let en = signature(&parse("en.ftl", &en));
    let zh = signature(&parse("zh-TW.ftl", &zh));
    let missing: Vec<_> = en.keys().filter(|id| !zh.contains_key(*id)).collect();
    let extra: Vec<_> = zh.keys().filter(|id| !en.contains_key(*id)).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "zh-TW.ftl lacks {missing:?} and has {extra:?}, which en.ftl lacks"
    );
    let differ: Vec<_> = en
        .iter()
        .filter(|(id, vars)| zh[*id] != **vars)
        .map(|(id, vars)| format!("{id}: en {vars:?}, zh-TW {:?}", zh[id]))
        .collect();
    assert!(differ.is_empty(), "variables differ: {differ:#?}");
}

#[test]
fn zh_tw_uses_no_simplified_characters() {
    let found: Vec<String> = ZH_TW
        .lines()
        .enumerate()
        .flat_map(|(n, line)| {
            line.chars()
                .filter(|c| SIMPLIFIED.contains(*c))
                .map(move |c| format!("line {}: {c}", n + 1))
        })
        .collect();
    assert!(
        found.is_empty(),
        "Simplified characters in zh-TW.ftl: {found:?}"
    );
}
