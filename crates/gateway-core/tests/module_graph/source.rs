//! Reads a crate's modules from its source: starts at `src/lib.rs`, follows
//! its `mod` declarations (honouring `#[path]` and `include!`), skips the
//! test-only ones, and scans every file it reaches (see `refs.rs`). A file
//! under `src/` that no declaration reaches fails the read, so no module can
//! hide from the check; `src/bin/*` are crates of their own and are skipped.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use crate::refs::{FileScan, Place, Scan};

/// A module's path below the crate root: `[]` is the root, `["a", "b"]` is
/// `a::b`.
pub type ModPath = Vec<String>;

/// Where something is written: a file as the report names it, and a line.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Site {
    pub file: String,
    pub line: usize,
}

/// A `mod name;` (no body) met while scanning a file.
#[derive(Debug)]
pub struct Decl {
    /// The declared module's path.
    pub module: ModPath,
    /// The folder its file is looked for in (`name.rs`, `name/mod.rs`).
    pub dir: PathBuf,
    /// The file that declares it.
    pub file: PathBuf,
    /// Its `#[path = "…"]`, if any.
    pub path_attr: Option<String>,
    /// Declared inside an inline `mod m { … }` of its file.
    pub inline: bool,
    /// Under `#[cfg(test)]` (or named `tests`): its file is not read.
    pub test_only: bool,
}

/// One file to read as (part of) a module.
struct Job {
    module: ModPath,
    file: PathBuf,
    /// The folder its `mod x;` declarations look in.
    dir: PathBuf,
}

/// Scans the crate whose `Cargo.toml` is in `crate_dir`. `out_dir` is where
/// `include!(concat!(env!("OUT_DIR"), …))` finds the build script's output.
pub fn read_crate(crate_dir: &Path, out_dir: Option<&Path>) -> Scan {
    let src = crate_dir.join("src");
    let mut scan = Scan::default();
    let mut read = BTreeSet::new();
    let mut skipped = Vec::new();
    let mut jobs = vec![Job {
        module: vec![],
        file: src.join("lib.rs"),
        dir: src.clone(),
    }];
    while let Some(job) = jobs.pop() {
        let text =
            fs::read_to_string(&job.file).unwrap_or_else(|e| panic!("{}: {e}", job.file.display()));
        let ast = syn::parse_file(&text).unwrap_or_else(|e| {
            let at = e.span().start();
            panic!("{}:{}: {e}", job.file.display(), at.line)
        });
        scan.modules.insert(job.module.clone());
        let place = Place {
            module: job.module,
            file: &job.file,
            dir: job.dir,
            label: label(&job.file, crate_dir, out_dir),
            out_dir,
        };
        let (decls, includes) = FileScan::run(&mut scan, &ast, place);
        for decl in decls {
            let (file, dir) = file_of(&decl);
            if decl.test_only {
                skipped.push(file);
                skipped.push(dir);
                continue;
            }
            scan.modules.insert(decl.module.clone());
            jobs.push(Job {
                module: decl.module,
                file,
                dir,
            });
        }
        jobs.extend(
            includes
                .into_iter()
                .map(|(module, file, dir)| Job { module, file, dir }),
        );
        read.insert(job.file);
    }
    for file in rust_files(&src) {
        let test_only = skipped.iter().any(|s| file.starts_with(s));
        assert!(
            read.contains(&file) || test_only || file.starts_with(src.join("bin")),
            "{} is under src/ but no `mod` declaration reaches it",
            file.display()
        );
    }
    scan
}

/// The file a declaration names, and the folder its own `mod x;` look in.
/// A file named by `#[path]` counts as a `mod.rs`, as rustc has it.
fn file_of(decl: &Decl) -> (PathBuf, PathBuf) {
    let name = decl.module.last().expect("a declared module has a name");
    if let Some(path) = &decl.path_attr {
        assert!(
            !decl.inline,
            "{}: #[path] inside an inline module is not supported here",
            decl.file.display()
        );
        let file = decl.file.parent().expect("a file has a folder").join(path);
        let dir = file.parent().expect("a file has a folder").to_path_buf();
        return (file, dir);
    }
    let flat = decl.dir.join(format!("{name}.rs"));
    let nested = decl.dir.join(name).join("mod.rs");
    match (flat.is_file(), nested.is_file()) {
        (true, false) => (flat, decl.dir.join(name)),
        (false, true) => (nested, decl.dir.join(name)),
        (true, true) => panic!("both {} and {} exist", flat.display(), nested.display()),
        (false, false) if decl.test_only => (flat, decl.dir.join(name)),
        (false, false) => panic!("{}: no file for `mod {name};`", decl.file.display()),
    }
}

/// How the report names a file: relative to the crate, or to `$OUT_DIR`.
fn label(file: &Path, crate_dir: &Path, out_dir: Option<&Path>) -> String {
    if let Ok(rel) = file.strip_prefix(crate_dir) {
        return rel.display().to_string();
    }
    match out_dir.and_then(|o| file.strip_prefix(o).ok()) {
        Some(rel) => format!("$OUT_DIR/{}", rel.display()),
        None => file.display().to_string(),
    }
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a readable folder entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            found.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
    found
}
