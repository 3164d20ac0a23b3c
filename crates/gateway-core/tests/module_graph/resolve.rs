//! Turns the paths a module writes into the modules they reach: a path is
//! made absolute (`crate::`, `self::`, `super::`, or a name in scope: a
//! child module, a `use`d name, a child of a glob-imported module), then
//! cut to its longest prefix that is a module (`crate::text::Text` reaches
//! `text`, `crate::experiments::read::Problem` reaches `experiments::read`).
//! The crate root is no node of the graph, so a name it re-exports
//! (`crate::Msg`, `crate::display_by_text!`) reaches the module it comes
//! from. Paths into other crates (`std::…`, `serde_json::…`) reach nothing.

use std::collections::{BTreeMap, BTreeSet};

use crate::refs::Scan;
use crate::source::{ModPath, Site};

/// How many `use`s a name is followed through (a `use` of itself stops).
const MAX_HOPS: u8 = 8;

/// A reference from one module to another.
#[derive(Debug)]
pub struct Edge {
    pub from: ModPath,
    pub to: ModPath,
    pub site: Site,
}

struct Resolver<'a> {
    modules: &'a BTreeSet<ModPath>,
    /// (module, name) → the path its first `use` of that name gives.
    named: BTreeMap<(&'a [String], &'a str), &'a [String]>,
    /// module → the paths it glob-imports.
    globs: BTreeMap<&'a [String], Vec<&'a [String]>>,
}

/// Every reference of the scan that reaches another module of the crate.
pub fn edges(scan: &Scan) -> Vec<Edge> {
    let mut resolver = Resolver {
        modules: &scan.modules,
        named: BTreeMap::new(),
        globs: BTreeMap::new(),
    };
    for import in &scan.imports {
        let module = import.module.as_slice();
        match &import.name {
            Some(name) => {
                let key = (module, name.as_str());
                resolver.named.entry(key).or_insert(&import.path);
            }
            None => resolver.globs.entry(module).or_default().push(&import.path),
        }
    }
    let mut edges = vec![];
    for r in &scan.refs {
        let to = resolver.absolute(&r.from, &r.path, 0);
        let to = to.and_then(|abs| resolver.module_of(abs, 0));
        if let Some(to) = to.filter(|to| *to != r.from) {
            let (from, site) = (r.from.clone(), r.site.clone());
            edges.push(Edge { from, to, site });
        }
    }
    edges
}

impl Resolver<'_> {
    /// `path`, written in module `from`, as segments below the crate root.
    fn absolute(&self, from: &[String], path: &[String], hops: u8) -> Option<Vec<String>> {
        let (first, rest) = path.split_first()?;
        let mut base = from.to_vec();
        match first.as_str() {
            "crate" => base.clear(),
            "self" => {}
            "super" => {
                base.pop()?;
                let mut rest = rest;
                while let Some(("super", more)) = rest.split_first().map(|(s, m)| (s.as_str(), m)) {
                    base.pop()?;
                    rest = more;
                }
                return Some([base, rest.to_vec()].concat());
            }
            _ => return self.in_scope(from, path, hops),
        }
        Some([base, rest.to_vec()].concat())
    }

    /// A path whose first name is in scope in `from`.
    fn in_scope(&self, from: &[String], path: &[String], hops: u8) -> Option<Vec<String>> {
        let name = path.first()?;
        let child = [from, std::slice::from_ref(name)].concat();
        if self.modules.contains(&child) {
            return Some([from, path].concat());
        }
        if hops >= MAX_HOPS {
            return None;
        }
        if let Some(used) = self.named.get(&(from, name.as_str())) {
            let base = self.absolute(from, used, hops + 1)?;
            return Some([base.as_slice(), &path[1..]].concat());
        }
        let globs = self.globs.get(from).into_iter().flatten();
        globs.into_iter().find_map(|glob| {
            let base = self.absolute(from, glob, hops + 1)?;
            let child = [base.as_slice(), std::slice::from_ref(name)].concat();
            self.modules
                .contains(&child)
                .then(|| [base.as_slice(), path].concat())
        })
    }

    /// The longest prefix of `abs` that is a module; through the root's
    /// re-exports when that is the root.
    fn module_of(&self, abs: Vec<String>, hops: u8) -> Option<ModPath> {
        let mut module = abs.clone();
        while !self.modules.contains(&module) {
            module.pop()?;
        }
        let root: &[String] = &[];
        if module.is_empty() && !abs.is_empty() && hops < MAX_HOPS {
            if let Some(used) = self.named.get(&(root, abs[0].as_str())) {
                let via = self.absolute(root, used, hops + 1)?;
                return self.module_of([via.as_slice(), &abs[1..]].concat(), hops + 1);
            }
        }
        Some(module)
    }
}
