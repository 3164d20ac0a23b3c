//! The core's modules form no cycles, read from the source.
//!
//! How. Every file `src/lib.rs` reaches by `mod` declarations (`#[path]`
//! and `include!` followed, `src/bin/*` left out: they are crates of their
//! own) is parsed with syn, and every path its code writes is resolved to
//! the module it reaches: `use` trees, and paths anywhere in code, types
//! and patterns, and inside macro invocations' tokens. A parser is used,
//! not a grep of `use` lines, because a path written inline
//! (`crate::opening::with_lang(…)`, `crate::goals::progress_ids(…)`,
//! `format!("{}", crate::a::f())`) is as much a dependency as a `use`.
//! Test-only code (`#[cfg(test)]`, `#[test]`, `mod tests`) is left out: a
//! test may reach anywhere.
//!
//! Which cycles count. A module declaring its child (`mod x;`) is no
//! dependency, and a module and its child using each other's items is the
//! usual shape of a Rust module (`mod.rs` holds what its children share).
//! So cycles are looked for between sibling subtrees, at every level:
//! - at the top, each child of the crate root together with everything
//!   below it is one node (`workbench`, `view`, `experiments`…), and any
//!   reference from inside one to inside another is an edge;
//! - then the same among the children of each module with two or more
//!   (`experiments::read`, `experiments::link`…), the parent's own file
//!   left out.
//!
//! A cycle at any level is reported as a chain, each edge with where it is
//! written. Not seen: a cycle that passes through a parent's own file
//! (`a::x` uses an item of `a` that uses `a::y`, which uses `a::x`), and
//! the expansion of a macro, whose `$crate::…` paths count for the module
//! that defines it. The crate root is no node: a name it re-exports
//! (`crate::Msg`) counts for the module it comes from.
//!
//! Layers. The crate root's children are named in `LAYERS`, bottom first
//! ("primitives, then tools, gates, state, view": `shared/STYLE.md`), and
//! `layers_point_one_way` fails on a reference up a layer. Run with
//! `-- --nocapture` to see each level's dependencies
//! (`prints_the_dependencies`).
//!
//! The helpers are in `tests/module_graph/`, named by `#[path]` (a
//! `module_graph/mod.rs` would clash with this file). The fixtures there
//! are crates read as text, never compiled; Cargo takes no test target
//! from a folder under `tests/` without a `main.rs`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "module_graph/attrs.rs"]
mod attrs;
#[path = "module_graph/graph.rs"]
mod graph;
#[path = "module_graph/refs.rs"]
mod refs;
#[path = "module_graph/resolve.rs"]
mod resolve;
#[path = "module_graph/source.rs"]
mod source;
#[path = "module_graph/tokens.rs"]
mod tokens;

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use graph::{Cycle, Level};
use refs::Scan;

fn read(crate_dir: &Path, out_dir: Option<&Path>) -> (Scan, Vec<Level>) {
    let scan = source::read_crate(crate_dir, out_dir);
    let edges = resolve::edges(&scan);
    let levels = graph::levels(&scan.modules, &edges);
    (scan, levels)
}

/// gateway-core itself, read once.
fn core_scan() -> &'static (Scan, Vec<Level>) {
    static CORE: OnceLock<(Scan, Vec<Level>)> = OnceLock::new();
    CORE.get_or_init(|| {
        let out_dir = Path::new(env!("OUT_DIR"));
        read(Path::new(env!("CARGO_MANIFEST_DIR")), Some(out_dir))
    })
}

fn core() -> &'static [Level] {
    &core_scan().1
}

fn fixture(name: &str) -> Vec<Level> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/module_graph");
    read(&dir.join(name), None).1
}

fn cycles(levels: &[Level]) -> Vec<Cycle> {
    levels.iter().flat_map(Level::cycles).collect()
}

fn members(cycles: &[Cycle]) -> Vec<Vec<String>> {
    cycles.iter().map(|c| c.members.clone()).collect()
}

fn reports(cycles: &[&Cycle]) -> String {
    cycles.iter().map(|c| c.report.as_str()).collect()
}

/// The core's modules form no cycle, at any level; a failure prints each
/// cycle as a chain, every edge with where it is written.
#[test]
fn the_core_has_no_cycles() {
    let found = cycles(core());
    assert!(
        found.is_empty(),
        "the core's modules form a cycle:\n{}",
        reports(&found.iter().collect::<Vec<_>>())
    );
}

/// The catalogue build.rs writes is `include!`d into `text`: its paths are
/// read too (it has no `crate::` path today).
#[test]
fn the_generated_catalogue_is_read() {
    let (scan, _) = core_scan();
    let generated: Vec<_> = scan
        .refs
        .iter()
        .filter(|r| r.site.file.starts_with("$OUT_DIR/"))
        .collect();
    assert!(!generated.is_empty());
    assert!(generated.iter().all(|r| r.from == ["text"]));
}

#[test]
fn a_cycle_planted_in_a_fixture_is_found() {
    let found = cycles(&fixture("fixture_cycle"));
    assert_eq!(members(&found), [["a", "b"]]);
    assert_eq!(
        found[0].report,
        "cycle {a, b}: a -> b -> a\n    a -> b: src/a.rs:4\n    b -> a: src/b.rs:1\n"
    );
}

#[test]
fn a_fixture_without_cycles_has_none() {
    let levels = fixture("fixture_acyclic");
    assert!(
        cycles(&levels).is_empty(),
        "{}",
        levels[0].cycles()[0].report
    );
    let edges: Vec<_> = levels[0].edges.iter().collect();
    let at = |file: &str, line| source::Site {
        file: file.into(),
        line,
    };
    let (a_b, b_c) = (("a".into(), "b".into()), ("b".into(), "c".into()));
    assert_eq!(
        edges,
        [
            (&a_b, &vec![at("src/a.rs", 4)]),
            (&b_c, &vec![at("src/b.rs", 1), at("src/b.rs", 6)])
        ]
    );
}

#[test]
fn a_cycle_between_siblings_is_found() {
    let found = cycles(&fixture("fixture_nested"));
    assert_eq!(members(&found), [["d::p", "d::q"]]);
    assert_eq!(
        found[0].report,
        "cycle {p, q}: d::p -> d::q -> d::p\n    d::p -> d::q: src/d/p.rs:2\n    d::q -> d::p: src/d/q.rs:5\n"
    );
}

/// The crate root's children by layer, bottom first, as `shared/STYLE.md`
/// orders them: primitives, tools with their stores, gates and policy,
/// the experiments the state machine runs, the state machine and its
/// parts, then the view and what drives the state machine from above (the
/// opening, the checker); the authoring panel on top. A module may refer
/// only to its own layer and those below. A new module must be named here.
const LAYERS: [(&str, &[&str]); 7] = [
    (
        "primitives",
        &[
            "base64url",
            "damage",
            "decimal",
            "fixtures",
            "fnv",
            "json",
            "mask",
            "playback",
            "policy",
            "query",
            "schema",
            "sort",
            "store",
            "text",
            "vocab",
            "words",
        ],
    ),
    ("tools", &["declarations", "published", "tools", "turn"]),
    (
        "gates",
        &[
            "command", "embed", "gates", "ledger", "mode", "reason", "runlog",
        ],
    ),
    (
        "experiments",
        &["baseline", "experiments", "goals", "share"],
    ),
    ("state", &["boot", "notice", "workbench"]),
    (
        "view and drivers",
        &["check", "course", "export", "opening", "view"],
    ),
    ("authoring", &["author"]),
];

fn layer_of(node: &str) -> Option<usize> {
    LAYERS.iter().position(|(_, names)| names.contains(&node))
}

/// Every edge of `level` that points up a layer, or from or to a module
/// no layer names, as `from -> to` with where it is written.
fn upward(level: &Level) -> Vec<String> {
    let mut found = vec![];
    for ((from, to), sites) in &level.edges {
        let ok = matches!((layer_of(from), layer_of(to)), (Some(f), Some(t)) if f >= t);
        if !ok {
            let name = |n: &str| layer_of(n).map_or("no layer", |i| LAYERS[i].0);
            let at = sites.first().map(|s| format!("{}:{}", s.file, s.line));
            found.push(format!(
                "{from} ({}) -> {to} ({}): {}",
                name(from),
                name(to),
                at.unwrap_or_default()
            ));
        }
    }
    found
}

#[test]
fn layers_point_one_way() {
    let root = core().iter().find(|l| l.parent.is_empty()).unwrap();
    let unnamed: Vec<_> = root
        .nodes
        .iter()
        .filter(|n| layer_of(n).is_none())
        .collect();
    assert!(
        unnamed.is_empty(),
        "name the layer of {unnamed:?} in LAYERS"
    );
    let found = upward(root);
    assert!(
        found.is_empty(),
        "a module refers up a layer:\n{}",
        found.join("\n")
    );
}

#[test]
fn a_reference_up_a_layer_is_found() {
    let site = source::Site {
        file: "src/json.rs".into(),
        line: 3,
    };
    let level = Level {
        parent: vec![],
        nodes: vec!["json".into(), "workbench".into()],
        edges: [(("json".into(), "workbench".into()), vec![site])].into(),
    };
    assert_eq!(
        upward(&level),
        ["json (primitives) -> workbench (state): src/json.rs:3"]
    );
}

#[test]
fn prints_the_dependencies() {
    for level in core() {
        let name = match level.parent.as_slice() {
            [] => "the crate root".to_string(),
            path => path.join("::"),
        };
        println!("Children of {name}, and those each refers to (test code left out):");
        for node in &level.nodes {
            println!("  {} -> {}", node, level.deps(node).join(", "));
        }
        println!("Layers (each refers only to earlier ones, or inside its own cycle):");
        for (i, layer) in level.layers().iter().enumerate() {
            println!("  {i}: {}", layer.join(", "));
        }
        println!();
    }
}
