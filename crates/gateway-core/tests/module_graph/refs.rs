//! Scans one parsed file for the paths its module writes: `use` trees
//! (groups, renames, globs), every path in code, types, patterns and
//! attributes (`syn::visit`), and `crate::…`-like sequences in macro
//! invocations' and `macro_rules!` bodies' tokens, which syn leaves
//! unparsed (`format!("{}", crate::a::f())`, `$crate::a::f`; see
//! `tokens.rs`). Test-only code (`#[cfg(test)]`, `#[test]`, `mod tests`)
//! is not scanned.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use proc_macro2::{Span, TokenStream, TokenTree};
use syn::visit::{self, Visit};
use syn::{Item, UseTree};

use crate::attrs::{item_attrs, path_attr, test_only};
use crate::source::{Decl, ModPath, Site};
use crate::tokens::{colons, path_at, punct, strings_in};

/// A path as written in module `from`: `["crate", "a", "f"]`,
/// `["super", "x"]`, `["a", "B"]`.
#[derive(Debug)]
pub struct RawRef {
    pub from: ModPath,
    pub path: Vec<String>,
    pub site: Site,
}

/// A name a `use` brings into `module` (`None`: a glob), and its path as
/// written. `#[macro_export]` macros are recorded as names of the root.
#[derive(Debug)]
pub struct Import {
    pub module: ModPath,
    pub name: Option<String>,
    pub path: Vec<String>,
}

/// What reading a crate found.
#[derive(Debug, Default)]
pub struct Scan {
    /// Every module that exists outside test-only code, the root included.
    pub modules: BTreeSet<ModPath>,
    pub refs: Vec<RawRef>,
    pub imports: Vec<Import>,
}

/// An `include!`d file: the module it belongs to, the file, and the folder
/// its `mod x;` would look in.
pub type Include = (ModPath, PathBuf, PathBuf);

/// Where a file's text belongs.
#[derive(Debug)]
pub struct Place<'a> {
    /// The module it is (part of).
    pub module: ModPath,
    pub file: &'a Path,
    /// The folder its `mod x;` look in.
    pub dir: PathBuf,
    /// The file as the report names it.
    pub label: String,
    /// Where `include!(concat!(env!("OUT_DIR"), …))` looks.
    pub out_dir: Option<&'a Path>,
}

/// The visitor that adds one file's modules, paths and imports to a
/// [`Scan`].
pub struct FileScan<'a> {
    scan: &'a mut Scan,
    module: ModPath,
    file: &'a Path,
    dir: PathBuf,
    label: String,
    out_dir: Option<&'a Path>,
    /// How deep in inline `mod m { … }` blocks of this file.
    inline: usize,
    decls: Vec<Decl>,
    includes: Vec<Include>,
}

impl<'a> FileScan<'a> {
    /// Scans `ast`, the text of a file; returns the modules and files it
    /// declares.
    pub fn run(scan: &'a mut Scan, ast: &syn::File, place: Place<'a>) -> (Vec<Decl>, Vec<Include>) {
        let mut this = FileScan {
            scan,
            module: place.module,
            file: place.file,
            dir: place.dir,
            label: place.label,
            out_dir: place.out_dir,
            inline: 0,
            decls: vec![],
            includes: vec![],
        };
        this.visit_file(ast);
        (this.decls, this.includes)
    }

    fn record(&mut self, path: Vec<String>, span: Span) {
        let site = Site {
            file: self.label.clone(),
            line: span.start().line,
        };
        let from = self.module.clone();
        self.scan.refs.push(RawRef { from, path, site });
    }

    /// `crate::a::b`-like sequences in a macro's tokens. A `$x` other than
    /// `$crate` is a macro variable, not a path.
    fn scan_tokens(&mut self, tokens: TokenStream) {
        let tokens: Vec<TokenTree> = tokens.into_iter().collect();
        let mut i = 0;
        while i < tokens.len() {
            match &tokens[i] {
                TokenTree::Group(g) => self.scan_tokens(g.stream()),
                TokenTree::Ident(first) => {
                    let (path, end) = path_at(&tokens, i);
                    let after_colons = i >= 2 && colons(&tokens[i - 2], &tokens[i - 1]);
                    let after_dollar = i >= 1 && punct(&tokens[i - 1], '$');
                    let variable = after_dollar && first != "crate";
                    if path.len() >= 2 && !after_colons && !variable {
                        self.record(path, first.span());
                    }
                    i = end;
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
    }

    /// `include!("x.rs")` (next to this file) or
    /// `include!(concat!(env!("OUT_DIR"), "/x.rs"))`: read as part of this
    /// module.
    fn include(&mut self, tokens: &TokenStream) {
        let mut strings = vec![];
        strings_in(tokens.clone(), &mut strings);
        let file = match strings.as_slice() {
            [env, rest @ ..] if env == "OUT_DIR" => {
                let out = self
                    .out_dir
                    .unwrap_or_else(|| panic!("{}: no OUT_DIR", self.label));
                out.join(rest.concat().trim_start_matches('/'))
            }
            [only] => self.file.parent().expect("a folder").join(only),
            _ => panic!("{}: include!({tokens}) is not understood", self.label),
        };
        let item = (self.module.clone(), file, self.dir.clone());
        self.includes.push(item);
    }
}

impl<'ast> Visit<'ast> for FileScan<'_> {
    fn visit_item(&mut self, item: &'ast Item) {
        let is_tests = matches!(item, Item::Mod(m) if m.ident == "tests");
        if is_tests || test_only(item_attrs(item)) {
            if let Item::Mod(m) = item {
                if m.content.is_none() {
                    self.declare(m, true);
                }
            }
            return;
        }
        visit::visit_item(self, item);
    }

    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        let Some((_, items)) = &m.content else {
            return self.declare(m, false);
        };
        let name = m.ident.to_string();
        self.module.push(name.clone());
        self.scan.modules.insert(self.module.clone());
        self.dir.push(&name);
        self.inline += 1;
        for item in items {
            self.visit_item(item);
        }
        self.inline -= 1;
        self.dir.pop();
        self.module.pop();
    }

    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        if u.leading_colon.is_some() {
            return;
        }
        let mut found = vec![];
        flatten(&u.tree, &mut vec![], &mut found);
        for (name, path, span) in found {
            let module = self.module.clone();
            self.scan.imports.push(Import {
                module,
                name,
                path: path.clone(),
            });
            self.record(path, span);
        }
    }

    fn visit_item_macro(&mut self, m: &'ast syn::ItemMacro) {
        if let Some(name) = &m.ident {
            if m.attrs.iter().any(|a| a.path().is_ident("macro_export")) {
                let path = ["crate".to_string()].into_iter();
                let path = path.chain(self.module.iter().cloned());
                self.scan.imports.push(Import {
                    module: vec![],
                    name: Some(name.to_string()),
                    path: path.chain([name.to_string()]).collect(),
                });
            }
        }
        visit::visit_item_macro(self, m);
    }

    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        if m.path.is_ident("include") {
            self.include(&m.tokens);
        }
        self.visit_path(&m.path);
        self.scan_tokens(m.tokens.clone());
    }

    fn visit_path(&mut self, p: &'ast syn::Path) {
        if p.leading_colon.is_none() && p.segments.len() >= 2 {
            let path = p.segments.iter().map(|s| s.ident.to_string()).collect();
            self.record(path, p.segments[0].ident.span());
        }
        visit::visit_path(self, p);
    }

    /// `pub(in crate::a)` says who may see an item, not what it uses.
    fn visit_visibility(&mut self, _: &'ast syn::Visibility) {}

    fn visit_impl_item(&mut self, item: &'ast syn::ImplItem) {
        let attrs = match item {
            syn::ImplItem::Const(i) => &i.attrs,
            syn::ImplItem::Fn(i) => &i.attrs,
            syn::ImplItem::Type(i) => &i.attrs,
            syn::ImplItem::Macro(i) => &i.attrs,
            _ => return visit::visit_impl_item(self, item),
        };
        if !test_only(attrs) {
            visit::visit_impl_item(self, item);
        }
    }

    fn visit_trait_item(&mut self, item: &'ast syn::TraitItem) {
        let attrs = match item {
            syn::TraitItem::Const(i) => &i.attrs,
            syn::TraitItem::Fn(i) => &i.attrs,
            syn::TraitItem::Type(i) => &i.attrs,
            syn::TraitItem::Macro(i) => &i.attrs,
            _ => return visit::visit_trait_item(self, item),
        };
        if !test_only(attrs) {
            visit::visit_trait_item(self, item);
        }
    }

    fn visit_local(&mut self, local: &'ast syn::Local) {
        if !test_only(&local.attrs) {
            visit::visit_local(self, local);
        }
    }

    fn visit_stmt_macro(&mut self, m: &'ast syn::StmtMacro) {
        if !test_only(&m.attrs) {
            visit::visit_stmt_macro(self, m);
        }
    }

    fn visit_arm(&mut self, arm: &'ast syn::Arm) {
        if !test_only(&arm.attrs) {
            visit::visit_arm(self, arm);
        }
    }

    fn visit_field(&mut self, field: &'ast syn::Field) {
        if !test_only(&field.attrs) {
            visit::visit_field(self, field);
        }
    }

    fn visit_variant(&mut self, variant: &'ast syn::Variant) {
        if !test_only(&variant.attrs) {
            visit::visit_variant(self, variant);
        }
    }
}

impl FileScan<'_> {
    fn declare(&mut self, m: &syn::ItemMod, test_only: bool) {
        let module = [self.module.clone(), vec![m.ident.to_string()]].concat();
        self.decls.push(Decl {
            module,
            dir: self.dir.clone(),
            file: self.file.to_path_buf(),
            path_attr: path_attr(&m.attrs),
            inline: self.inline > 0,
            test_only,
        });
    }
}

/// Each name a `use` tree brings in (`None`: a glob), its path, and where
/// the path's last segment is written.
fn flatten(
    tree: &UseTree,
    prefix: &mut Vec<String>,
    out: &mut Vec<(Option<String>, Vec<String>, Span)>,
) {
    match tree {
        UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            flatten(&p.tree, prefix, out);
            prefix.pop();
        }
        UseTree::Name(n) if n.ident == "self" => {
            out.push((prefix.last().cloned(), prefix.clone(), n.ident.span()));
        }
        UseTree::Name(n) => {
            let path = [prefix.clone(), vec![n.ident.to_string()]].concat();
            out.push((Some(n.ident.to_string()), path, n.ident.span()));
        }
        UseTree::Rename(r) => {
            let mut path = prefix.clone();
            if r.ident != "self" {
                path.push(r.ident.to_string());
            }
            out.push((Some(r.rename.to_string()), path, r.ident.span()));
        }
        UseTree::Glob(g) => out.push((None, prefix.clone(), g.star_token.span)),
        UseTree::Group(g) => {
            for tree in &g.items {
                flatten(tree, prefix, out);
            }
        }
    }
}
