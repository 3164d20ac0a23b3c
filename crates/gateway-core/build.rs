//! Compiles the message catalogue, `locales/*.ftl` (Project Fluent), at
//! build time, so the page ships no Fluent parser.
//!
//! Every message becomes one variant of `Text` whose fields are the
//! message's variables (`$field` → `field`), so a call site that misses or
//! misspells an argument does not compile. Every locale becomes data
//! (`DATA`: JSON the page downloads and `text.rs` interprets). `en.ftl` is
//! the reference: another locale may use only its variables, or the build
//! fails naming the message; a message another locale lacks is written in
//! English there and listed in `MISSING` (a test reports it), and one it
//! has that en.ftl lacks fails the build. Supported Fluent: text, variables,
//! string and number literals, references to terms and to messages without
//! variables, and select expressions on a variable (plural categories, exact
//! numbers or string values).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

use fluent_syntax::ast::{
    Entry, Expression, InlineExpression, Pattern, PatternElement, Variant, VariantKey,
};

#[path = "build/grammar.rs"]
mod grammar;
#[path = "build/pseudo.rs"]
mod pseudo;

type Patterns<'s> = BTreeMap<String, &'s Pattern<&'s str>>;

struct Locale<'s> {
    /// The file name without `.ftl`, e.g. `en` or `zh-TW`.
    tag: String,
    messages: Patterns<'s>,
    terms: Patterns<'s>,
    /// Whether it is the pseudo-locale `en-XA` (made from the reference,
    /// in a test build only: `build/pseudo.rs`), which the language switch
    /// does not list.
    pseudo: bool,
}

/// The published exports, in `declarations::Export` order, as
/// `exports/every-tool/` keeps them for every tool a registry may hold (a
/// locale other than the reference in a folder of its tag); the page
/// shows each experiment the tools its registry holds
/// (`published::value`).
/// The catalogue carries them as JSON values, each whole: the page holds
/// no code that derives one export from another, and the copies cost a
/// compressed catalogue little, as gzip finds most of each in the one
/// before it.
const EXPORTS: [&str; 6] = [
    "mcp-tools-list.json",
    "gemini-function-declarations.json",
    "gemini-function-declarations-json-schema.json",
    "openai-tools.json",
    "openai-responses-tools.json",
    "anthropic-tools.json",
];

/// The built-in experiments (`experiments/<id>.json`, by id), as JSON
/// values.
fn experiment_files() -> Vec<(String, serde_json::Value)> {
    println!("cargo::rerun-if-changed=experiments");
    let mut paths: Vec<_> = fs::read_dir("experiments")
        .unwrap_or_else(|e| fail(&format!("cannot list experiments/: {e}")))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .filter(|p| p.file_stem().is_some_and(|s| s != "schema"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            println!("cargo::rerun-if-changed={}", path.display());
            let text = fs::read_to_string(&path)
                .unwrap_or_else(|e| fail(&format!("cannot read {}: {e}", path.display())));
            let value = serde_json::from_str(&text)
                .unwrap_or_else(|e| fail(&format!("{} is not JSON: {e}", path.display())));
            let id = path
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or_default();
            (id.to_string(), value)
        })
        .collect()
}

/// Splits a built-in experiment for the page: every text (an object whose
/// keys are all language tags) becomes `{"$": n}` in the structure, the
/// page's module embeds, and its words in `tag` (the reference's,
/// `tags[0]`, where it has none) the n-th of the list `tag`'s catalogue
/// carries: the page downloads the words of its own language only.
/// Fixture text (under [`FIXTURE_KEYS`]) stays whole in the structure: a
/// ledger's fixtures may be in another language than the page's words
/// (after a switch), and a goal's phrase matches in any language.
/// The fields of an experiment file that hold fixture text, not words:
/// its start (arguments), files, decision and goal conditions (`when`).
const FIXTURE_KEYS: [&str; 4] = ["start", "files", "decision", "when"];

fn split(
    value: &serde_json::Value,
    tag: &str,
    tags: &[&str],
    words: &mut Vec<serde_json::Value>,
) -> serde_json::Value {
    use serde_json::Value;
    match value {
        Value::Object(m) if !m.is_empty() && m.keys().all(|k| tags.contains(&k.as_str())) => {
            words.push(
                m.get(tag)
                    .or_else(|| m.get(tags[0]))
                    .cloned()
                    .unwrap_or(Value::Null),
            );
            serde_json::json!({ "$": words.len() - 1 })
        }
        Value::Object(m) => Value::Object(
            m.iter()
                .filter(|(k, _)| *k != "$schema")
                .map(|(k, v)| match FIXTURE_KEYS.contains(&k.as_str()) {
                    true => (k.clone(), v.clone()),
                    false => (k.clone(), split(v, tag, tags, words)),
                })
                .collect(),
        ),
        Value::Array(items) => {
            Value::Array(items.iter().map(|v| split(v, tag, tags, words)).collect())
        }
        other => other.clone(),
    }
}

/// Every built-in experiment's structure (its texts `{"$": n}`), the same
/// in each catalogue: `{"<id>": structure}`. A catalogue carries them, not
/// the module: the learner's page downloads the structure of the
/// experiment it opens only (`bin/catalogues` writes one catalogue per
/// experiment).
fn experiment_structures(tags: &[&str]) -> String {
    let all: serde_json::Map<String, serde_json::Value> = experiment_files()
        .into_iter()
        .map(|(id, value)| (id, split(&value, tags[0], tags, &mut Vec::new())))
        .collect();
    serde_json::Value::Object(all).to_string()
}

/// Every built-in experiment's goal ids, in order: `{"<id>": [id…]}`.
/// Every catalogue carries them whole (the learner's too, which carries
/// one experiment's structure only), so that any page can count this
/// browser's progress on every experiment.
fn experiment_goal_ids() -> String {
    use serde_json::Value;
    let all: serde_json::Map<String, Value> = experiment_files()
        .into_iter()
        .map(|(id, value)| {
            let ids = (value.get("goals").and_then(Value::as_array))
                .map(|goals| goals.iter().filter_map(|g| g.get("id").cloned()).collect())
                .unwrap_or_default();
            (id, Value::Array(ids))
        })
        .collect();
    Value::Object(all).to_string()
}

/// `tag`'s words of every built-in experiment, each made by `word` from
/// the file's: `{"<id>": [text…]}`.
fn experiment_words(tag: &str, tags: &[&str], word: fn(&str) -> String) -> String {
    use serde_json::Value;
    let all: serde_json::Map<String, Value> = experiment_files()
        .into_iter()
        .map(|(id, value)| {
            let mut words = Vec::new();
            split(&value, tag, tags, &mut words);
            let words = (words.into_iter())
                .map(|w| match w {
                    Value::String(s) => Value::String(word(&s)),
                    other => other,
                })
                .collect();
            (id, Value::Array(words))
        })
        .collect();
    serde_json::Value::Object(all).to_string()
}

fn main() {
    let dir = Path::new("locales");
    println!("cargo::rerun-if-changed=locales");
    println!("cargo::rerun-if-changed=exports");
    let mut sources = Vec::new();
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap_or_else(|e| fail(&format!("cannot list locales/: {e}")))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
        .collect();
    entries.sort();
    for path in &entries {
        println!("cargo::rerun-if-changed={}", path.display());
        let text = fs::read_to_string(path)
            .unwrap_or_else(|e| fail(&format!("cannot read {}: {e}", path.display())));
        let tag = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_else(|| fail("a locale file name is not UTF-8"))
            .to_string();
        sources.push((tag, text));
    }
    let resources: Vec<_> = sources
        .iter()
        .map(|(tag, text)| {
            let resource =
                fluent_syntax::parser::parse(text.as_str()).unwrap_or_else(|(_, errs)| {
                    fail(&format!("locales/{tag}.ftl does not parse: {errs:?}"))
                });
            (tag.clone(), resource)
        })
        .collect();
    let mut locales: Vec<Locale<'_>> = resources
        .iter()
        .map(|(tag, resource)| {
            let mut messages = Patterns::new();
            let mut terms = Patterns::new();
            for entry in &resource.body {
                match entry {
                    Entry::Message(m) => {
                        let Some(value) = &m.value else {
                            fail(&format!("{tag}: message {} has no value", m.id.name))
                        };
                        if messages.insert(m.id.name.to_string(), value).is_some() {
                            fail(&format!("{tag}: message {} is defined twice", m.id.name));
                        }
                    }
                    Entry::Term(t) => {
                        terms.insert(t.id.name.to_string(), &t.value);
                    }
                    Entry::Junk { content } => fail(&format!("{tag}: cannot read {content:?}")),
                    _ => {}
                }
            }
            Locale {
                tag: tag.clone(),
                messages,
                terms,
                pseudo: false,
            }
        })
        .collect();
    // The reference locale first.
    let Some(en) = locales.iter().position(|l| l.tag == "en") else {
        fail("locales/en.ftl is missing")
    };
    locales.swap(0, en);
    // A test build (feature `pseudo-locale`) has en-XA too, made from the
    // reference, last: the shipped locales keep their numbers. It is
    // checked against the reference as every locale is.
    if env::var_os("CARGO_FEATURE_PSEUDO_LOCALE").is_some() {
        let pseudo = pseudo_locale(&locales[0]);
        locales.push(pseudo);
    }
    let reference = &locales[0];
    let vars: BTreeMap<&str, BTreeSet<String>> = reference
        .messages
        .iter()
        .map(|(id, p)| (id.as_str(), variables(p, reference)))
        .collect();
    for other in &locales[1..] {
        for id in reference.messages.keys() {
            let Some(p) = other.messages.get(id) else {
                println!(
                    "cargo::warning={}.ftl lacks message {id}: it is written in English",
                    other.tag
                );
                continue;
            };
            let extra: Vec<_> = variables(p, other)
                .difference(&vars[id.as_str()])
                .cloned()
                .collect();
            if !extra.is_empty() {
                fail(&format!(
                    "{}.ftl: {id} uses variables en.ftl does not: {extra:?}",
                    other.tag
                ));
            }
        }
        for id in other.messages.keys() {
            if !reference.messages.contains_key(id) {
                fail(&format!(
                    "{}.ftl has message {id}, which en.ftl lacks",
                    other.tag
                ));
            }
        }
    }
    for (id, v) in &vars {
        for name in v {
            if !name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
            {
                fail(&format!("{id}: variable ${name} must be snake_case"));
            }
        }
    }
    let out = generate(&locales, &vars);
    let path = Path::new(&env::var("OUT_DIR").unwrap_or_else(|_| fail("OUT_DIR is unset")))
        .join("catalogue.rs");
    fs::write(&path, out)
        .unwrap_or_else(|e| fail(&format!("cannot write {}: {e}", path.display())));
}

/// The pseudo-locale made from the reference: every message and term
/// made pseudo but the language's rules for counts and lists, which stay
/// English's, and its browser languages, which it has none of.
fn pseudo_locale<'s>(reference: &Locale<'s>) -> Locale<'s> {
    let made = |p: Pattern<&'s str>| -> &'s Pattern<&'s str> { Box::leak(Box::new(p)) };
    Locale {
        tag: pseudo::TAG.into(),
        messages: (reference.messages.iter())
            .map(|(id, p)| (id.clone(), made(pseudo::message(p))))
            .collect(),
        // No browser language chooses it: only `?lang=en-XA` does.
        terms: (reference.terms.iter())
            .filter(|(name, _)| *name != grammar::BROWSER_LANGUAGES)
            .map(|(name, p)| {
                let p = if grammar::is_rule(name) {
                    *p
                } else {
                    made(pseudo::term(p))
                };
                (name.clone(), p)
            })
            .collect(),
        pseudo: true,
    }
}

fn fail(message: &str) -> ! {
    eprintln!("message catalogue: {message}");
    std::process::exit(1)
}

/// `gate-schema` → `GateSchema`; `zh-TW` → `ZhTw`.
fn camel(id: &str) -> String {
    id.split(['-', '_'])
        .map(|part| {
            let mut chars = part.chars();
            chars.next().map_or(String::new(), |c| {
                c.to_ascii_uppercase().to_string() + &chars.as_str().to_ascii_lowercase()
            })
        })
        .collect()
}

/// The variables a pattern reads, through terms and selects.
fn variables(p: &Pattern<&str>, locale: &Locale<'_>) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    collect_pattern(p, locale, &mut found, 0);
    found
}

fn collect_pattern(p: &Pattern<&str>, l: &Locale<'_>, found: &mut BTreeSet<String>, depth: u8) {
    if depth > 8 {
        fail(&format!("{}: references nest too deep", l.tag));
    }
    for element in &p.elements {
        if let PatternElement::Placeable { expression } = element {
            collect_expression(expression, l, found, depth);
        }
    }
}

fn collect_expression(
    e: &Expression<&str>,
    l: &Locale<'_>,
    found: &mut BTreeSet<String>,
    depth: u8,
) {
    match e {
        Expression::Inline(inline) => collect_inline(inline, l, found, depth),
        Expression::Select { selector, variants } => {
            collect_inline(selector, l, found, depth);
            for v in variants {
                collect_pattern(&v.value, l, found, depth);
            }
        }
    }
}

fn collect_inline(
    e: &InlineExpression<&str>,
    l: &Locale<'_>,
    found: &mut BTreeSet<String>,
    depth: u8,
) {
    match e {
        InlineExpression::VariableReference { id } => {
            found.insert(id.name.to_string());
        }
        InlineExpression::TermReference { id, .. } => {
            if let Some(t) = l.terms.get(id.name) {
                collect_pattern(t, l, found, depth + 1);
            }
        }
        InlineExpression::Placeable { expression } => {
            collect_expression(expression, l, found, depth)
        }
        _ => {}
    }
}

fn generate(locales: &[Locale<'_>], vars: &BTreeMap<&str, BTreeSet<String>>) -> String {
    let mut s = String::new();
    s.push_str("// Generated by build.rs from locales/*.ftl. Do not edit.\n\n");
    s.push_str("/// A language the catalogue has a file for.\n");
    s.push_str("#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]\npub enum Locale {\n");
    for (i, l) in locales.iter().enumerate() {
        if l.pseudo {
            let _ = writeln!(
                s,
                "    /// `{}`, the pseudo-locale made from `locales/en.ftl` (a test build only)",
                l.tag
            );
        } else {
            let _ = writeln!(s, "    /// `locales/{}.ftl`", l.tag);
        }
        if i == 0 {
            s.push_str("    #[default]\n");
        }
        let _ = writeln!(s, "    {},", camel(&l.tag));
    }
    s.push_str("}\n\nimpl Locale {\n");
    let list = |pseudo: bool| {
        let listed: Vec<_> = (locales.iter())
            .filter(|l| pseudo || !l.pseudo)
            .map(|l| format!("Locale::{}", camel(&l.tag)))
            .collect();
        format!("[Locale; {}] = [{}]", listed.len(), listed.join(", "))
    };
    let _ = writeln!(
        s,
        "    /// The languages of the page, one per `locales/*.ftl` file: the\n    /// language switch lists them.\n    pub const ALL: {};",
        list(false)
    );
    let _ = writeln!(
        s,
        "    /// Every locale of this build: [`Locale::ALL`] and, in a test build\n    /// (feature `pseudo-locale`), the pseudo-locale `en-XA`, last.\n    pub const BUILT: {};",
        list(true)
    );
    s.push_str("    /// The browser language tags (`navigator.languages`) the page opens in\n    /// this locale for when `?lang=` names none: its file's\n    /// `-browser-languages`, lower-case, each choosing every tag it is a\n    /// prefix of in whole subtags (`build/grammar.rs`). None for the\n    /// pseudo-locale, which only `?lang=` chooses.\n    pub fn browser_languages(self) -> &'static [&'static str] {\n        match self {\n");
    let mut chosen_by: BTreeMap<String, &str> = BTreeMap::new();
    for l in locales {
        let tags = if l.pseudo {
            Vec::new()
        } else {
            grammar::browser_languages(l.terms.get(grammar::BROWSER_LANGUAGES).copied())
                .unwrap_or_else(|e| fail(&format!("{}.ftl: {e}", l.tag)))
        };
        for tag in &tags {
            if let Some(other) = chosen_by.insert(tag.clone(), &l.tag) {
                fail(&format!(
                    "{}.ftl and {other}.ftl both list the browser language {tag}",
                    l.tag
                ));
            }
        }
        let _ = writeln!(s, "            Locale::{} => &{:?},", camel(&l.tag), tags);
    }
    s.push_str("        }\n    }\n\n");
    s.push_str("    /// The BCP 47 tag, as in `?lang=`.\n    pub fn id(self) -> &'static str {\n        match self {\n");
    for l in locales {
        let _ = writeln!(s, "            Locale::{} => {:?},", camel(&l.tag), l.tag);
    }
    s.push_str("        }\n    }\n\n");
    s.push_str("    /// The language's name in itself (its file's `language-self`), as the\n    /// language switch lists it in every language.\n    pub fn autonym(self) -> &'static str {\n        match self {\n");
    for l in locales {
        let _ = writeln!(
            s,
            "            Locale::{} => {:?},",
            camel(&l.tag),
            autonym(l)
        );
    }
    s.push_str("        }\n    }\n}\n\n");

    s.push_str(
        "/// Every message of the catalogue; its fields are the message's named arguments.\n",
    );
    // Debug prints the message id only: a derived Debug of every variant
    // would cost the page kilobytes for no reader.
    s.push_str("#[derive(Clone, PartialEq, Eq)]\npub enum Text {\n");
    for (id, v) in vars {
        let _ = writeln!(s, "    /// `{id}`");
        if v.is_empty() {
            let _ = writeln!(s, "    {},", camel(id));
        } else {
            let fields: Vec<_> = v.iter().map(|n| format!("{}: Arg", field(n))).collect();
            let _ = writeln!(s, "    {} {{ {} }},", camel(id), fields.join(", "));
        }
    }
    s.push_str("}\n\nimpl std::fmt::Debug for Text {\n    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {\n        f.write_str(self.id())\n    }\n}\n\nimpl Text {\n");
    s.push_str("    /// The message id in the `.ftl` files.\n    pub fn id(&self) -> &'static str {\n        match self {\n");
    for (id, v) in vars {
        let pat = if v.is_empty() {
            String::new()
        } else {
            " { .. }".into()
        };
        let _ = writeln!(s, "            Text::{}{pat} => {id:?},", camel(id));
    }
    s.push_str("        }\n    }\n\n");
    s.push_str("    /// The message's place in a locale's data (id order).\n    pub const fn index(&self) -> usize {\n        match self {\n");
    for (i, (id, v)) in vars.iter().enumerate() {
        let pat = if v.is_empty() { "" } else { " { .. }" };
        let _ = writeln!(s, "            Text::{}{pat} => {i},", camel(id));
    }
    s.push_str("        }\n    }\n\n");
    // No locale is compiled to code: every locale is data (`DATA`), which
    // the page downloads as a file and `text::install`s, and `text.rs`
    // interprets it. A page downloads only the language it shows.
    s.push_str("    /// Writes the message in `locale` to `out` (English where `locale`'s\n    /// catalogue is not installed).\n    pub fn write(&self, locale: Locale, out: &mut String) {\n        write_text(self, locale, out);\n    }\n");
    // The message's argument `i`, numbering its variables in name order as
    // the data's variables `i` and selects `{"s": i}` do: one arm per number
    // of variables, each an or-pattern of every message with that many,
    // binding them in name order.
    s.push_str("\n    /// Argument `i`, numbering the variables in name order.\n    pub fn arg(&self, i: usize) -> Option<&Arg> {\n        let args: &[&Arg] = match self {\n");
    let most = vars.values().map(BTreeSet::len).max().unwrap_or(0);
    for arity in 1..=most {
        let arms: Vec<String> = vars
            .iter()
            .filter(|(_, v)| v.len() == arity)
            .map(|(id, v)| {
                let fields: Vec<String> = v
                    .iter()
                    .enumerate()
                    .map(|(i, n)| format!("{}: a{i}", field(n)))
                    .collect();
                format!("Text::{} {{ {} }}", camel(id), fields.join(", "))
            })
            .collect();
        if arms.is_empty() {
            continue;
        }
        let bound: Vec<String> = (0..arity).map(|i| format!("a{i}")).collect();
        let _ = writeln!(
            s,
            "            {} => &[{}],",
            arms.join("\n            | "),
            bound.join(", ")
        );
    }
    s.push_str("            _ => &[],\n        };\n        args.get(i).copied()\n    }\n");
    // Every message, each argument made by `arg(name)`: for tests.
    s.push_str("\n    /// Every message, each argument made by `arg(variable name)` (tests).\n    pub fn every(arg: &dyn Fn(&str) -> Arg) -> Vec<Text> {\n        vec![\n");
    for (id, v) in vars {
        if v.is_empty() {
            let _ = writeln!(s, "            Text::{},", camel(id));
        } else {
            let fields: Vec<_> = v
                .iter()
                .map(|n| format!("{}: arg({n:?})", field(n)))
                .collect();
            let _ = writeln!(
                s,
                "            Text::{} {{ {} }},",
                camel(id),
                fields.join(", ")
            );
        }
    }
    s.push_str("        ]\n    }\n");
    s.push_str("}\n");
    let _ = writeln!(
        s,
        "\n/// What a locale's data must say it was made for: the reference's\n/// message ids and variables.\npub const CHECK: &str = {:?};",
        check(vars)
    );
    for reader in Reader::ALL {
        s.push('\n');
        for line in reader.doc() {
            let _ = writeln!(s, "/// {line}");
        }
        let _ = writeln!(
            s,
            "pub const {}: [(Locale, &str); {}] = [",
            reader.name(),
            locales.len()
        );
        for l in locales {
            let _ = writeln!(
                s,
                "    (Locale::{}, {:?}),",
                camel(&l.tag),
                data(l, locales, vars, reader)
            );
        }
        s.push_str("];\n");
    }
    let author: Vec<_> = vars.keys().filter(|id| author_only(id)).collect();
    let _ = writeln!(
        s,
        "\n/// The messages only the author build shows (the authoring panel and\n/// the answer key), left out of [`LEARNER_DATA`].\npub const AUTHOR_ONLY: [&str; {}] = {:?};",
        author.len(),
        author
    );
    let command_line: Vec<_> = vars.keys().filter(|id| command_line_only(id)).collect();
    let _ = writeln!(
        s,
        "\n/// The messages only the command line shows (experiment-check), left\n/// out of [`AUTHOR_DATA`] and [`LEARNER_DATA`].\npub const COMMAND_LINE_ONLY: [&str; {}] = {:?};",
        command_line.len(),
        command_line
    );
    let link_only: Vec<_> = (vars.keys().enumerate())
        .filter(|(_, id)| {
            ["problem-", "notice-carried-", "authored-"]
                .iter()
                .any(|prefix| id.starts_with(prefix))
        })
        .map(|(i, _)| i)
        .collect();
    let _ = writeln!(
        s,
        "\n/// The messages (by [`Text::index`]) only a page whose link carries an\n/// instructor's experiment shows (its problems, that it is not built in):\n/// the learner's page opening a built-in one downloads them not\n/// (`bin/catalogues`).\npub const LINK_ONLY: [usize; {}] = {:?};",
        link_only.len(),
        link_only
    );
    s.push_str("\n/// The messages each locale lacks (written in English there).\npub const MISSING: [(Locale, &[&str]); ");
    let _ = writeln!(s, "{}] = [", locales.len());
    for l in locales {
        let missing: Vec<_> = vars
            .keys()
            .filter(|id| !l.messages.contains_key(**id))
            .collect();
        let _ = writeln!(s, "    (Locale::{}, &{:?}),", camel(&l.tag), missing);
    }
    s.push_str("];\n");
    s
}

/// A locale's `language-self`: plain text, its name in its own language.
fn autonym(l: &Locale<'_>) -> String {
    let Some(p) = l.messages.get("language-self") else {
        fail(&format!(
            "{}.ftl lacks language-self, the language's own name",
            l.tag
        ))
    };
    p.elements
        .iter()
        .map(|e| match e {
            PatternElement::TextElement { value } => *value,
            PatternElement::Placeable { .. } => {
                fail(&format!("{}.ftl: language-self must be plain text", l.tag))
            }
        })
        .collect()
}

/// FNV-1a of every message id and its variables: a locale's data made
/// from other messages cannot be installed.
fn check(vars: &BTreeMap<&str, BTreeSet<String>>) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for (id, v) in vars {
        for b in id
            .bytes()
            .chain([b'='])
            .chain(v.iter().flat_map(|n| n.bytes().chain([b','])))
            .chain([b';'])
        {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{h:016x}")
}

/// Whether only the author build shows message `id` (the authoring panel's
/// `author-…`, the answer key's `teacher-…` and `step-…`, the course
/// page's `course-…`): the learner's catalogue leaves it out.
fn author_only(id: &str) -> bool {
    ["author-", "teacher-", "step-", "course-"]
        .iter()
        .any(|prefix| id.starts_with(prefix))
}

/// Whether only the command line shows message `id` (experiment-check's
/// `check-…`): no page's catalogue carries it.
fn command_line_only(id: &str) -> bool {
    id.starts_with("check-")
}

/// Whom a locale's data is for, which decides the messages it leaves out
/// (each written `0`, which writes nothing; the places stay, so every
/// catalogue numbers the messages by [`Text::index`]).
#[derive(Clone, Copy)]
enum Reader {
    /// The native tools and tests, which install it from the module: every
    /// message.
    Native,
    /// The author build's page: every message but the command line's.
    Author,
    /// The learner's page: neither the command line's nor the author
    /// build's.
    Learner,
}

impl Reader {
    const ALL: [Reader; 3] = [Reader::Native, Reader::Author, Reader::Learner];

    /// The name of the constant that holds every locale's data for it.
    fn name(self) -> &'static str {
        match self {
            Reader::Native => "DATA",
            Reader::Author => "AUTHOR_DATA",
            Reader::Learner => "LEARNER_DATA",
        }
    }

    /// The constant's doc comment, a line each.
    fn doc(self) -> &'static [&'static str] {
        match self {
            Reader::Native => &[
                "Every locale's messages as data (JSON), for `text::install`: every",
                "message, as the native tools and tests install it.",
            ],
            Reader::Author => &[
                "The same data without the command line's messages ([`COMMAND_LINE_ONLY`],",
                "each written `0`, which writes nothing): what the author build downloads",
                "(`pkg/author/locales/`).",
            ],
            Reader::Learner => &[
                "The same data without the command line's messages nor the author",
                "build's own ([`AUTHOR_ONLY`]; each written `0`, which writes nothing):",
                "what the learner's page downloads (`pkg/locales/`).",
            ],
        }
    }

    /// Whether its catalogue leaves message `id` out.
    fn leaves_out(self, id: &str) -> bool {
        match self {
            Reader::Native => false,
            Reader::Author => command_line_only(id),
            Reader::Learner => command_line_only(id) || author_only(id),
        }
    }
}

/// A locale as JSON: `{"locale", "check", "plural": [rule…], "list":
/// [separator…], "messages": [pattern…], "exports": [value…]}`, its own
/// rules for counts and lists (`build/grammar.rs`), one pattern per message in id order
/// (`Text::index`) and the published exports in [`EXPORTS`] order, a
/// pattern being one text, or a list of texts, variables `i` and selects
/// `{"s": i, "k": [[key, pattern]…], "d": pattern}` (`i` numbers the
/// message's variables in name order), with terms and message references
/// written out. A message the `reader` never shows is `0`.
fn data(
    l: &Locale<'_>,
    locales: &[Locale<'_>],
    vars: &BTreeMap<&str, BTreeSet<String>>,
    reader: Reader,
) -> String {
    let reference = &locales[0];
    let tags: Vec<&str> = locales.iter().map(|l| l.tag.as_str()).collect();
    let mut s = String::new();
    let _ = write!(
        s,
        "{{\"locale\":{},\"check\":{},",
        json_str(&l.tag),
        json_str(&check(vars))
    );
    // The language's own rules for counts and lists (never the reference's).
    let rules = grammar::data(|name| l.terms.get(name).copied())
        .unwrap_or_else(|e| fail(&format!("{}.ftl: {e}", l.tag)));
    let _ = write!(s, "{rules},\"messages\":[");
    for (i, id) in vars.keys().enumerate() {
        if i > 0 {
            s.push(',');
        }
        if reader.leaves_out(id) {
            s.push('0');
            continue;
        }
        let names: Vec<&str> = vars[id].iter().map(String::as_str).collect();
        // A message the locale lacks is the reference's (listed in MISSING).
        let (pattern, owner) = l
            .messages
            .get(*id)
            .map_or((reference.messages[*id], reference), |p| (*p, l));
        data_pattern(&mut s, pattern, owner, &names, 0);
    }
    s.push_str("],\"exports\":[");
    for (i, name) in EXPORTS.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        s.push_str(&compact(&export(l, reference, name)));
    }
    s.push_str("],\"experiments\":");
    if l.pseudo {
        s.push_str(&experiment_words(&reference.tag, &tags, pseudo::text));
    } else {
        s.push_str(&experiment_words(&l.tag, &tags, str::to_string));
    }
    s.push_str(",\"structures\":");
    s.push_str(&experiment_structures(&tags));
    s.push_str(",\"goals\":");
    s.push_str(&experiment_goal_ids());
    s.push('}');
    s
}

/// The every-tool export `name` described in `l`'s language (the
/// reference's where `l` has none yet).
fn export(l: &Locale<'_>, reference: &Locale<'_>, name: &str) -> String {
    let every = Path::new("exports").join("every-tool");
    let at = |tag: &str| {
        if tag == reference.tag {
            every.join(name)
        } else {
            every.join(tag).join(name)
        }
    };
    let path = if at(&l.tag).is_file() {
        at(&l.tag)
    } else {
        at(&reference.tag)
    };
    println!("cargo::rerun-if-changed={}", path.display());
    fs::read_to_string(&path)
        .unwrap_or_else(|e| fail(&format!("cannot read {}: {e}", path.display())))
}

/// JSON text without the whitespace between its tokens (the page prints
/// an export again as `JSON.stringify(value, null, 2)` does when it is
/// copied or downloaded; the catalogue carries it compact, 430 bytes
/// gzipped less per language).
fn compact(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    let (mut in_string, mut escaped) = (false, false);
    for c in json.chars() {
        if in_string {
            out.push(c);
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
        } else if !c.is_whitespace() {
            in_string = c == '"';
            out.push(c);
        }
    }
    out
}

/// A variable's number among its message's variables (name order).
fn position(names: &[&str], name: &str, l: &Locale<'_>) -> usize {
    names.iter().position(|n| *n == name).unwrap_or_else(|| {
        fail(&format!(
            "{}: ${name} is not a variable of its message",
            l.tag
        ))
    })
}

fn json_str(text: &str) -> String {
    let mut s = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => s.push_str("\\\""),
            '\\' => s.push_str("\\\\"),
            '\n' => s.push_str("\\n"),
            c if (c as u32) < 0x20 => {
                let _ = write!(s, "\\u{:04x}", c as u32);
            }
            c => s.push(c),
        }
    }
    s.push('"');
    s
}

fn data_pattern(s: &mut String, p: &Pattern<&str>, l: &Locale<'_>, names: &[&str], depth: u8) {
    let mut list = String::new();
    let mut first = true;
    data_elements(&mut list, p, l, names, depth, &mut first);
    // One text alone is written as that text, without the list around it.
    if is_one_string(&list) {
        s.push_str(&list);
    } else {
        s.push('[');
        s.push_str(&list);
        s.push(']');
    }
}

/// Whether `elements` (a pattern's elements, comma-separated) is exactly
/// one JSON string (and the pattern not empty).
fn is_one_string(elements: &str) -> bool {
    let Some(inner) = elements.strip_prefix('"').and_then(|e| e.strip_suffix('"')) else {
        return false;
    };
    let mut escaped = false;
    for c in inner.chars() {
        match (escaped, c) {
            (true, _) => escaped = false,
            (false, '\\') => escaped = true,
            (false, '"') => return false,
            _ => {}
        }
    }
    !escaped
}

/// A comma before every element of a list but the first.
fn separate(s: &mut String, first: &mut bool) {
    if !std::mem::take(first) {
        s.push(',');
    }
}

fn data_elements(
    s: &mut String,
    p: &Pattern<&str>,
    l: &Locale<'_>,
    names: &[&str],
    depth: u8,
    first: &mut bool,
) {
    for element in &p.elements {
        match element {
            PatternElement::TextElement { value } => {
                separate(s, first);
                s.push_str(&json_str(value));
            }
            PatternElement::Placeable { expression } => {
                data_expression(s, expression, l, names, depth, first)
            }
        }
    }
}

fn data_expression(
    s: &mut String,
    e: &Expression<&str>,
    l: &Locale<'_>,
    names: &[&str],
    depth: u8,
    first: &mut bool,
) {
    match e {
        Expression::Inline(inline) => data_inline(s, inline, l, names, depth, first),
        Expression::Select { selector, variants } => {
            let InlineExpression::VariableReference { id } = selector else {
                fail(&format!("{}: a select must be on a variable", l.tag))
            };
            separate(s, first);
            let (ordered, default) = select_variants(variants, l);
            let _ = write!(s, "{{\"s\":{},\"k\":[", position(names, id.name, l));
            for (i, (key, v)) in ordered.iter().enumerate() {
                if i > 0 {
                    s.push(',');
                }
                let _ = write!(s, "[{},", json_str(key));
                data_pattern(s, &v.value, l, names, depth);
                s.push(']');
            }
            s.push_str("],\"d\":");
            data_pattern(s, &default.value, l, names, depth);
            s.push('}');
        }
    }
}

fn data_inline(
    s: &mut String,
    e: &InlineExpression<&str>,
    l: &Locale<'_>,
    names: &[&str],
    depth: u8,
    first: &mut bool,
) {
    match e {
        InlineExpression::StringLiteral { value } | InlineExpression::NumberLiteral { value } => {
            separate(s, first);
            s.push_str(&json_str(value));
        }
        InlineExpression::VariableReference { id } => {
            separate(s, first);
            let _ = write!(s, "{}", position(names, id.name, l));
        }
        InlineExpression::TermReference { id, .. } => {
            let Some(t) = l.terms.get(id.name) else {
                fail(&format!("{}: unknown term -{}", l.tag, id.name))
            };
            if depth > 8 {
                fail(&format!("{}: terms nest too deep at -{}", l.tag, id.name));
            }
            data_elements(s, t, l, names, depth + 1, first);
        }
        InlineExpression::MessageReference { id, .. } => {
            let Some(p) = l.messages.get(id.name) else {
                fail(&format!("{}: unknown message {}", l.tag, id.name))
            };
            if depth > 8 {
                fail(&format!("{}: messages nest too deep at {}", l.tag, id.name));
            }
            data_elements(s, p, l, names, depth + 1, first);
        }
        InlineExpression::Placeable { expression } => {
            data_expression(s, expression, l, names, depth, first)
        }
        InlineExpression::FunctionReference { id, .. } => {
            fail(&format!("{}: function {} is not supported", l.tag, id.name))
        }
    }
}

/// A Rust field name for a Fluent variable (`type` is a keyword).
fn field(name: &str) -> String {
    if name == "type" {
        "r#type".into()
    } else {
        name.into()
    }
}

/// A select's variants in the order they are tried — exact numbers first,
/// then plural categories and strings, as Fluent does — each with its key,
/// and the default. The compiled code and the data both follow it.
fn select_variants<'a, 's>(
    variants: &'a [Variant<&'s str>],
    l: &Locale<'_>,
) -> (Vec<(&'s str, &'a Variant<&'s str>)>, &'a Variant<&'s str>) {
    let mut ordered: Vec<_> = variants.iter().filter(|v| !v.default).collect();
    ordered.sort_by_key(|v| !matches!(v.key, VariantKey::NumberLiteral { .. }));
    let Some(default) = variants.iter().find(|v| v.default) else {
        fail(&format!("{}: a select needs a default variant", l.tag))
    };
    let keyed = ordered
        .into_iter()
        .map(|v| match &v.key {
            VariantKey::Identifier { name } => (*name, v),
            VariantKey::NumberLiteral { value } => (*value, v),
        })
        .collect();
    (keyed, default)
}
