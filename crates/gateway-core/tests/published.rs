#![allow(clippy::unwrap_used)]

//! The published export files are exactly what the generator makes.
//! Run with `UPDATE_EXPORTS=1` to rewrite them after changing a tool.

use gateway_core::declarations::Export;
use gateway_core::experiments::{ExperimentId, ExtraTool};
use gateway_core::text::Locale;
use gateway_core::{published, Registry, ToolId};
use serde_json::Value;

/// Where `exports/` keeps a set's export in a locale.
type PathOf = fn(Export, Locale) -> String;

/// The two sets `exports/` keeps: the fixture registry's (its top) and
/// every tool's (`every-tool/`, what the page ships).
fn sets() -> [(Registry, PathOf); 2] {
    [
        (Registry::fixtures(), published::path),
        (Registry::every(), published::every_tool_path),
    ]
}

#[test]
fn published_exports_match_the_generator() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("exports");
    let update = std::env::var_os("UPDATE_EXPORTS").is_some();
    let mut stale = Vec::new();
    for (registry, path) in sets() {
        for locale in Locale::ALL {
            for export in Export::ALL {
                let fresh = export.text(&registry, locale) + "\n";
                let path = dir.join(path(export, locale));
                if update {
                    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                    std::fs::write(&path, &fresh).unwrap();
                } else if std::fs::read_to_string(&path).ok().as_ref() != Some(&fresh) {
                    stale.push(path);
                }
            }
        }
    }
    // What the page prints for each set's registry, from what each
    // locale's catalogue ships (build.rs reads `every-tool/`; after an
    // update, the next build does), is that set's files.
    for (registry, _) in sets().into_iter().filter(|_| !update) {
        for locale in Locale::ALL {
            for export in Export::ALL {
                let fresh = export.text(&registry, locale) + "\n";
                let shipped = published::text(export, &registry, locale);
                assert_eq!(shipped, fresh, "{} {}", locale.id(), export.id());
            }
        }
    }
    assert!(
        stale.is_empty(),
        "{stale:?} differ from the generator: run `UPDATE_EXPORTS=1 cargo test -p gateway-core --test published`"
    );
}

/// Every experiment's exports are generated from its own registry: what
/// the page prints for it is what the generator makes of that registry,
/// in every locale and every export, for every built-in experiment and
/// for each registry an instructor's experiment can declare (the extra
/// tools in either order, or one of them, or none).
#[test]
fn each_experiments_exports_are_its_own_registrys() {
    let mut registries: Vec<(String, Registry)> = ExperimentId::ALL
        .iter()
        .map(|id| (id.id().to_string(), id.experiment().registry()))
        .collect();
    for extras in [
        &[][..],
        &[ExtraTool::FilesDelete],
        &[ExtraTool::FilesShare],
        &[ExtraTool::FilesDelete, ExtraTool::FilesShare],
        &[ExtraTool::FilesShare, ExtraTool::FilesDelete],
    ] {
        let mut experiment = ExperimentId::Email.experiment().as_ref().clone();
        experiment.tools = extras.to_vec();
        registries.push((format!("authored {extras:?}"), experiment.registry()));
    }
    for (name, registry) in &registries {
        for locale in Locale::ALL {
            for export in Export::ALL {
                assert_eq!(
                    published::text(export, registry, locale),
                    export.text(registry, locale) + "\n",
                    "{name} {} {}",
                    locale.id(),
                    export.id()
                );
            }
        }
    }
}

/// Asserts that each export of `registry`, as the page prints it in
/// English, lists the tools `names`, in order, each by the name that
/// export gives it (`files_delete` where a provider allows no dot).
fn assert_exported(registry: &Registry, names: &[&str]) {
    for (export, exported) in Export::ALL.iter().zip(exported_names(registry)) {
        let expected: Vec<String> = names.iter().map(|n| export.tool_name(n).into()).collect();
        assert_eq!(exported, expected, "{export}");
    }
}

/// The names of the tools each export of `registry` lists, as the page
/// prints it in English.
fn exported_names(registry: &Registry) -> Vec<Vec<String>> {
    Export::ALL
        .iter()
        .map(|export| {
            let value: Value =
                serde_json::from_str(&published::text(*export, registry, Locale::En)).unwrap();
            let list = match &value {
                Value::Array(list) => list.clone(),
                other => other
                    .get("tools")
                    .or_else(|| other.get("functionDeclarations"))
                    .and_then(Value::as_array)
                    .cloned()
                    .unwrap(),
            };
            list.iter()
                .map(|t| {
                    t.get("name")
                        .or_else(|| t["function"].get("name"))
                        .and_then(Value::as_str)
                        .unwrap()
                        .to_string()
                })
                .collect()
        })
        .collect()
}

const SIX: [&str; 6] = [
    "email",
    "calendar",
    "files",
    "database",
    "search",
    "calculator",
];

#[test]
fn the_registry_experiments_exports_list_exactly_its_eight_tools() {
    let registry = ExperimentId::Registry.experiment().registry();
    let eight: Vec<&str> = SIX
        .iter()
        .copied()
        .chain(["files.delete", "files.share"])
        .collect();
    assert_eq!(registry.names(), eight, "the registry experiment as it is");
    assert_exported(&registry, &eight);
    let panel: Vec<String> = published::tools(&registry, Locale::En)
        .into_iter()
        .map(|t| t.name)
        .collect();
    assert_eq!(panel, eight);
}

#[test]
fn an_experiment_with_a_smaller_registry_exports_only_its_tools() {
    // A built-in experiment with the fixture registry: the six.
    let email = ExperimentId::Email.experiment().registry();
    assert_exported(&email, &SIX);
    // An instructor's experiment declaring files.share alone: seven.
    let mut experiment = ExperimentId::Email.experiment().as_ref().clone();
    experiment.tools = vec![ExtraTool::FilesShare];
    let seven: Vec<&str> = SIX.iter().copied().chain(["files.share"]).collect();
    assert_exported(&experiment.registry(), &seven);
    // A registry of two tools (as a test registers its own): those two,
    // in its order.
    let two = Registry::with_tools(vec![ToolId::Search.tool(), ExtraTool::FilesDelete.tool()]);
    assert_exported(&two, &["search", "files.delete"]);
}

#[test]
fn every_tool_an_experiment_may_declare_is_shipped() {
    let every = Registry::every().names();
    for extra in ExtraTool::ALL {
        assert!(every.contains(&extra.id()), "{}", extra.id());
    }
    for tool in Registry::workspace().tools() {
        let name = tool.declaration().name;
        assert!(every.contains(&name), "{name}");
    }
    assert_eq!(
        every.len(),
        6 + ExtraTool::ALL.len() + Registry::workspace().tools().len()
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
        // A date's form, a fixture file's id (file-1), LINE's name.
        "YYYY",
        "file",
        "LINE",
    ];
    // The LINE contacts' user ids, which `to`'s description lists.
    let ids: String = gateway_core::tools::workspace::line::push::CONTACT_IDS.join(" ");
    for locale in Locale::ALL.into_iter().filter(|l| *l != Locale::default()) {
        for export in Export::ALL {
            let value = export.value(&Registry::every(), locale);
            let (mut found, mut names) = (Vec::new(), Vec::new());
            walk(&value, &mut found, &mut names);
            assert!(found.len() > 20, "{}", export.id());
            let names: Vec<&str> = names
                .iter()
                .flat_map(|n| words(n))
                .chain(NAMES.iter().copied())
                .chain(words(&ids))
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
    let tools = published::tools(&Registry::fixtures(), Locale::default());
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
