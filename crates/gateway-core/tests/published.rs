#![allow(clippy::unwrap_used)]

//! The published export files are exactly what the generator makes.
//! Run with `UPDATE_EXPORTS=1` to rewrite them after changing a tool.

use gateway_core::declarations::Export;
use gateway_core::text::Locale;
use gateway_core::{published, Registry};
use serde_json::Value;

#[test]
fn published_exports_match_the_generator() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("exports");
    let update = std::env::var_os("UPDATE_EXPORTS").is_some();
    let mut stale = Vec::new();
    for locale in Locale::ALL {
        for export in Export::ALL {
            let fresh = export.text(&Registry::fixtures(), locale) + "\n";
            let path = dir.join(published::path(export, locale));
            if update {
                std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                std::fs::write(&path, &fresh).unwrap();
            } else if std::fs::read_to_string(&path).ok().as_ref() != Some(&fresh) {
                stale.push(published::path(export, locale));
            }
        }
    }
    // What the page ships, in each locale's catalogue, is these files
    // (build.rs reads them; after an update, the next build does).
    for locale in Locale::ALL.into_iter().filter(|_| !update) {
        for export in Export::ALL {
            let fresh = export.text(&Registry::fixtures(), locale) + "\n";
            let shipped = published::text(export, locale);
            assert_eq!(shipped, fresh, "{} {}", locale.id(), export.id());
        }
    }
    assert!(
        stale.is_empty(),
        "exports/{stale:?} differ from the generator: run `UPDATE_EXPORTS=1 cargo test -p gateway-core --test published`"
    );
}

/// Every description a model reads in another locale's exports is in that
/// language: the only Latin words left in one are names the export itself
/// holds outside descriptions (fields, values, tools, annotations) and the
/// few listed here, which are names too.
#[test]
fn other_locales_exports_describe_everything_in_their_language() {
    /// Descriptions into `found`; every other key and string into `names`.
    fn walk(v: &Value, found: &mut Vec<String>, names: &mut Vec<String>) {
        match v {
            Value::Object(o) => {
                for (k, v) in o {
                    names.push(k.clone());
                    match (k.as_str(), v) {
                        ("description", Value::String(s)) => found.push(s.clone()),
                        _ => walk(v, found, names),
                    }
                }
            }
            Value::Array(a) => a.iter().for_each(|v| walk(v, found, names)),
            Value::String(s) => names.push(s.clone()),
            _ => {}
        }
    }
    fn words(s: &str) -> impl Iterator<Item = &str> {
        s.split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| w.len() >= 3)
    }
    const NAMES: &[&str] = &[
        "workspace",
        "notes",
        "txt",
        "report",
        "example",
        "test",
        "UTF",
        "JavaScript",
        "emoji",
    ];
    for locale in Locale::ALL.into_iter().filter(|l| *l != Locale::default()) {
        for export in Export::ALL {
            let value = export.value(&Registry::fixtures(), locale);
            let (mut found, mut names) = (Vec::new(), Vec::new());
            walk(&value, &mut found, &mut names);
            assert!(found.len() > 20, "{}", export.id());
            let names: Vec<&str> = names
                .iter()
                .flat_map(|n| words(n))
                .chain(NAMES.iter().copied())
                .collect();
            let english: Vec<_> = found
                .iter()
                .filter(|d| words(d).any(|w| !names.contains(&w)))
                .collect();
            assert!(
                english.is_empty(),
                "{} {} left in English: {english:#?}",
                locale.id(),
                export.id()
            );
        }
    }
}

#[test]
fn published_tools_are_the_six_fixtures_with_schemas() {
    let tools = published::tools(Locale::default());
    let names: Vec<&str> = tools.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "email",
            "calendar",
            "files",
            "database",
            "search",
            "calculator"
        ]
    );
    for t in &tools {
        assert!(t.schema.contains("\"type\": \"object\""), "{}", t.name);
        assert!(t.annotations.contains("readOnlyHint"), "{}", t.name);
        assert!(!t.description.is_empty());
        assert!(!t.risks.is_empty(), "{}", t.name);
    }
    let ids = |t: &published::PublishedTool| t.risks.iter().map(|r| r.id()).collect::<Vec<_>>();
    assert_eq!(ids(&tools[2]), ["read", "write"]);
    assert_eq!(ids(&tools[0]), ["send"]);
}
