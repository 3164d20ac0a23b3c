//! Short names for what the wasm module and its glue tell each other:
//! `bundle --short-imports PKG` renames every import of the module
//! wasm-bindgen wrote (`PKG/gateway_web_bg.wasm`) and the one place its
//! glue (`PKG/gateway_web.js`) names it, and every export the glue reaches
//! as `wasm.<name>`, so that both files carry `a`, `b`, … instead of names
//! like `__wbg_instanceof_HtmlTextAreaElement_bbe97f862930488c`, the module
//! `./gateway_web_bg.js` and `__wbindgen_export2`. Each import's name and
//! its hash is written twice (once in the wasm's import section, once as a
//! key of the glue's imports object) and a hash does not compress. Measured
//! on the learner's page after wasm-opt and esbuild as `scripts/build-web`
//! runs them (wasm-bindgen 0.2.129): 5,392 bytes gzip -9 less, 3,483 of
//! them in the wasm (126,728 -> 123,245) and 1,909 in the glue (5,311 ->
//! 3,402).
//!
//! The glue names an import in exactly one place, the key of the object
//! `__wbg_get_imports` returns (`__wbg_…: function(…) {…}`), and a module
//! as the quoted key of the object holding those (`"./gateway_web_bg.js":
//! import0`). Any other shape is refused, naming the import, rather than
//! guessed at: then the glue of a new wasm-bindgen needs this file read
//! again. An export keeps its name where the glue does not write
//! `wasm.<name>`, and `memory` keeps its own (a test reads
//! `instance.exports.memory`). `scripts/build-web` runs this between
//! wasm-bindgen and wasm-opt (which keeps these names as they are).
//!
//! The module is read by `wasmparser` and written by `wasm-encoder` (the
//! Bytecode Alliance's, which wasm-bindgen's own tools build on): the
//! import and export sections are written anew, every other section is
//! copied byte for byte.
//!
//! Why not wasm-opt's own minification: `--minify-imports-and-exports`
//! renames only imports from `env` or `wasi_*` (none of wasm-bindgen's)
//! and every export, `memory` too; `--minify-imports-and-exports-and-modules`
//! renames every import as well, and prints the old and new names as JSON
//! on standard output. The glue would still have to be edited as here, from
//! that map, and `memory` and the exports the glue does not call as
//! `wasm.<name>` would lose their names.

use wasm_encoder::{EntityType, ExportSection, ImportSection, Module, RawSection};
use wasmparser::{ExportSectionReader, ImportSectionReader, Parser, Payload};

/// The wasm module and its glue with every import and every export the
/// glue uses renamed, or why not.
pub fn shorten(wasm: &[u8], glue: &str) -> Result<(Vec<u8>, String), String> {
    if !Parser::is_core_wasm(wasm) {
        return Err("not a WebAssembly 1 module".into());
    }
    let mut glue = glue.to_owned();
    let mut out = Module::new();
    let mut imports = false;
    for payload in Parser::new(0).parse_all(wasm) {
        match payload.map_err(|e| format!("the module: {e}"))? {
            Payload::ImportSection(section) => {
                imports = true;
                out.section(&short_imports(section, &mut glue)?);
            }
            Payload::ExportSection(section) => {
                out.section(&short_exports(section, &mut glue)?);
            }
            other => {
                // Every other section as it is; a function body is part
                // of the code section, which is copied whole.
                if let Some((id, range)) = other.as_section() {
                    let data = &wasm[range.start as usize..range.end as usize];
                    out.section(&RawSection { id, data });
                }
            }
        }
    }
    if !imports {
        return Err("the module imports nothing".into());
    }
    Ok((out.finish(), glue))
}

/// The import section with every module and field renamed, and the glue's
/// keys with it.
fn short_imports(
    section: ImportSectionReader<'_>,
    glue: &mut String,
) -> Result<ImportSection, String> {
    let mut modules: Vec<&str> = Vec::new();
    let mut names = short_names();
    let mut out = ImportSection::new();
    for import in section.into_imports() {
        let import = import.map_err(|e| format!("the import section: {e}"))?;
        let module = match modules.iter().position(|m| *m == import.module) {
            Some(m) => short_name(m),
            None => {
                modules.push(import.module);
                let module = short_name(modules.len() - 1);
                let quoted = |name: &str| format!("{name:?}");
                *glue = rename_key(glue, &quoted(import.module), &quoted(&module))
                    .map_err(|e| format!("module {:?}: {e}", import.module))?;
                module
            }
        };
        let field = names.next().ok_or("too many imports")?;
        let what = format!("import {}.{}", import.module, import.name);
        *glue = rename_key(glue, import.name, &field).map_err(|e| format!("{what}: {e}"))?;
        let ty = EntityType::try_from(import.ty).map_err(|e| format!("{what}: {e}"))?;
        out.import(&module, &field, ty);
    }
    Ok(out)
}

/// The export section with every export the glue reaches as
/// `wasm.<name>` renamed (but `memory`), and the glue with it.
fn short_exports(
    section: ExportSectionReader<'_>,
    glue: &mut String,
) -> Result<ExportSection, String> {
    let exports = section
        .into_iter()
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("the export section: {e}"))?;
    let taken: Vec<&str> = exports.iter().map(|export| export.name).collect();
    let mut names = short_names().filter(|n| !taken.contains(&n.as_str()));
    let mut out = ExportSection::new();
    for export in &exports {
        let used = format!("wasm.{}", export.name);
        let at: Vec<usize> = token_at(glue, &used).collect();
        let name = if export.name == "memory" || at.is_empty() {
            export.name.to_owned()
        } else {
            let short = names.next().ok_or("too many exports")?;
            for i in at.into_iter().rev() {
                glue.replace_range(i + "wasm.".len()..i + used.len(), &short);
            }
            short
        };
        out.export(&name, export.kind.into(), export.index);
    }
    Ok(out)
}

/// `a` … `z`, `A` … `Z`, then two letters and so on.
fn short_name(mut i: usize) -> String {
    const LETTERS: &[u8; 52] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut name = Vec::new();
    loop {
        name.push(LETTERS[i % 52]);
        i /= 52;
        if i == 0 {
            break;
        }
        i -= 1;
    }
    name.reverse();
    String::from_utf8(name).unwrap_or_default()
}

/// Short names in order, without JavaScript's reserved words (legal as
/// keys, but nobody should have to wonder).
fn short_names() -> impl Iterator<Item = String> {
    (0..)
        .map(short_name)
        .filter(|n| !["do", "if", "in"].contains(&n.as_str()))
}

fn is_identifier(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '$'
}

/// Where `word` stands in `text` as a whole token (no identifier character
/// just before or after it).
fn token_at<'t>(text: &'t str, word: &'t str) -> impl Iterator<Item = usize> + 't {
    text.match_indices(word)
        .map(|(at, _)| at)
        .filter(move |at| {
            let before = text[..*at].chars().next_back();
            let after = text[at + word.len()..].chars().next();
            !(before.is_some_and(is_identifier) || after.is_some_and(is_identifier))
        })
}

/// `glue` with the one object key `key` (an identifier, or a quoted
/// string) written `new`. The key must occur exactly once as a whole token,
/// and be followed by `:`.
fn rename_key(glue: &str, key: &str, new: &str) -> Result<String, String> {
    let found: Vec<usize> = token_at(glue, key).collect();
    let [at] = found[..] else {
        return Err(format!("the glue names it {} times, not once", found.len()));
    };
    if !glue[at + key.len()..].trim_start().starts_with(':') {
        return Err("the glue names it, but not as an object key".into());
    }
    Ok(format!("{}{new}{}", &glue[..at], &glue[at + key.len()..]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_encoder::{
        CodeSection, CustomSection, ExportKind, Function, FunctionSection, GlobalType, MemoryType,
        RefType, TableType, TypeSection, ValType,
    };

    const IMPORT_SECTION: u8 = 2;
    const EXPORT_SECTION: u8 = 7;

    fn import_section(entries: &[(&str, &str, EntityType)]) -> ImportSection {
        let mut section = ImportSection::new();
        for (module, field, ty) in entries {
            section.import(module, field, *ty);
        }
        section
    }

    fn export_section(entries: &[(&str, ExportKind, u32)]) -> ExportSection {
        let mut section = ExportSection::new();
        for (name, kind, index) in entries {
            section.export(name, *kind, *index);
        }
        section
    }

    /// A module of the import section `entries` alone, as it is written.
    fn imports_only(entries: &[u8]) -> Vec<u8> {
        let mut module = Module::new();
        module.section(&RawSection {
            id: IMPORT_SECTION,
            data: entries,
        });
        module.finish()
    }

    /// The contents of the section `id` of `wasm`.
    fn section(wasm: &[u8], id: u8) -> Vec<u8> {
        Parser::new(0)
            .parse_all(wasm)
            .find_map(|payload| {
                let (i, range) = payload.unwrap().as_section()?;
                (i == id).then(|| wasm[range.start as usize..range.end as usize].to_vec())
            })
            .unwrap()
    }

    /// The imports of `wasm`.
    fn imports(wasm: &[u8]) -> Vec<wasmparser::Import<'_>> {
        Parser::new(0)
            .parse_all(wasm)
            .find_map(|payload| match payload.unwrap() {
                Payload::ImportSection(section) => {
                    Some(section.into_imports().map(Result::unwrap).collect())
                }
                _ => None,
            })
            .unwrap()
    }

    #[test]
    fn exports_the_glue_uses_are_renamed_there_too_but_memory() {
        let mut wasm = Module::new();
        wasm.section(&import_section(&[("m", "f", EntityType::Function(0))]));
        wasm.section(&export_section(&[
            ("memory", ExportKind::Memory, 0),
            ("start", ExportKind::Func, 1),
            ("__wbindgen_export", ExportKind::Func, 2),
            ("__wbindgen_export2", ExportKind::Func, 3),
            ("__abort_handler", ExportKind::Global, 0),
            ("a", ExportKind::Func, 4),
        ]));
        let glue = "const i = { f: 1 }; ({ \"m\": i });\n\
            export function start() { wasm.start(); }\n\
            function g(x) { wasm.__wbindgen_export2(wasm.__wbindgen_export(x), wasm.memory); }\n\
            const a = wasm.a, s = 'wasm.__wbindgen_export3', t = nowasm.start;\n";
        let (short, glue) = shorten(wasm.as_slice(), glue).unwrap();
        assert_eq!(
            glue,
            "const i = { a: 1 }; ({ \"a\": i });\n\
            export function start() { wasm.b(); }\n\
            function g(x) { wasm.d(wasm.c(x), wasm.memory); }\n\
            const a = wasm.e, s = 'wasm.__wbindgen_export3', t = nowasm.start;\n"
        );
        let mut want = Module::new();
        want.section(&import_section(&[("a", "a", EntityType::Function(0))]));
        want.section(&export_section(&[
            ("memory", ExportKind::Memory, 0),
            ("b", ExportKind::Func, 1),
            ("c", ExportKind::Func, 2),
            ("d", ExportKind::Func, 3),
            ("__abort_handler", ExportKind::Global, 0),
            ("e", ExportKind::Func, 4),
        ]));
        let want = want.finish();
        assert_eq!(
            section(&short, EXPORT_SECTION),
            section(&want, EXPORT_SECTION)
        );
        assert_eq!(short, want);
    }

    #[test]
    fn every_import_is_renamed_in_the_module_and_the_glue() {
        let long = "__wbg_instanceof_HtmlTextAreaElement_bbe97f862930488c";
        let table = TableType {
            element_type: RefType::EXTERNREF,
            table64: false,
            minimum: 2,
            maximum: Some(128),
            shared: false,
        };
        let memory = MemoryType {
            minimum: 17,
            maximum: None,
            memory64: false,
            shared: false,
            page_size_log2: None,
        };
        let global = GlobalType {
            val_type: ValType::I32,
            mutable: true,
            shared: false,
        };
        let mut types = TypeSection::new();
        types.ty().function([], []);
        let mut wasm = Module::new();
        wasm.section(&types);
        wasm.section(&import_section(&[
            ("./gateway_web_bg.js", long, EntityType::Function(0)),
            (
                "./gateway_web_bg.js",
                "__wbindgen_init_externref_table",
                EntityType::Function(0),
            ),
            (
                "./gateway_web_bg.js",
                "__wbg_table",
                EntityType::Table(table),
            ),
            (
                "./gateway_web_bg.js",
                "__wbg_memory",
                EntityType::Memory(memory),
            ),
            (
                "./gateway_web_bg.js",
                "__wbg_global",
                EntityType::Global(global),
            ),
        ]));
        // What follows the import section: a function, its body and a
        // custom section.
        let mut after = Module::new();
        after.section(&FunctionSection::new().function(0).to_owned());
        let mut body = Function::new([]);
        body.instructions().end();
        after.section(CodeSection::new().function(&body));
        after.section(&CustomSection {
            name: "producers".into(),
            data: b"\x01\x02xy".into(),
        });
        let after = after.finish()[8..].to_vec();
        let mut wasm = wasm.finish();
        wasm.extend(&after);
        let glue = format!(
            "function __wbg_get_imports() {{\n    const import0 = {{\n        {long}: function(arg0) {{ return 1; }},\n        __wbindgen_init_externref_table: function() {{}},\n        __wbg_table: t,\n        __wbg_memory: m,\n        __wbg_global : g,\n    }};\n    return {{ \"./gateway_web_bg.js\": import0 }};\n}}\nconst x = '__wbg_tables';\n"
        );
        let (short, glue) = shorten(&wasm, &glue).unwrap();
        let renamed = imports(&short);
        let names: Vec<(&str, &str)> = renamed.iter().map(|i| (i.module, i.name)).collect();
        assert_eq!(
            names,
            [("a", "a"), ("a", "b"), ("a", "c"), ("a", "d"), ("a", "e")]
        );
        let original = imports(&wasm);
        assert_eq!(original.len(), renamed.len());
        for (o, r) in original.iter().zip(&renamed) {
            assert_eq!(o.ty, r.ty);
        }
        assert_eq!(
            glue,
            "function __wbg_get_imports() {\n    const import0 = {\n        a: function(arg0) { return 1; },\n        b: function() {},\n        c: t,\n        d: m,\n        e : g,\n    };\n    return { \"a\": import0 };\n}\nconst x = '__wbg_tables';\n"
        );
        // Only the import section changed: what comes before and after it
        // is the same bytes.
        assert_eq!(short[..12], wasm[..12]);
        assert_eq!(short[short.len() - 4..], wasm[wasm.len() - 4..]);
        assert!(short.ends_with(&after));
        assert!(short.len() < wasm.len());
    }

    #[test]
    fn a_glue_that_names_an_import_otherwise_is_refused() {
        let mut wasm = Module::new();
        wasm.section(&import_section(&[(
            "m",
            "__wbg_x",
            EntityType::Function(0),
        )]));
        let wasm = wasm.finish();
        let ok = "const i = { __wbg_x: f }; return { \"m\": i };";
        assert!(shorten(&wasm, ok).is_ok());
        for (glue, why) in [
            (
                "const i = { __wbg_x: f, g: __wbg_x }; return { \"m\": i };",
                "2 times",
            ),
            ("const i = { __wbg_xy: f }; return { \"m\": i };", "0 times"),
            (
                "const i = { \"__wbg_x\": f }; return { \"m\": i };",
                "not as an object key",
            ),
            (
                "const i = __wbg_x; return { \"m\": i };",
                "not as an object key",
            ),
            (
                "const i = { __wbg_x: f }; return { m: i };",
                "module \"m\": the glue names it 0 times",
            ),
        ] {
            let e = shorten(&wasm, glue).unwrap_err();
            assert!(e.contains(why), "{glue}: {e}");
        }
        assert_eq!(
            shorten(&wasm, "const i = { __wbg_xy: f }; return { \"m\": i };").unwrap_err(),
            "import m.__wbg_x: the glue names it 0 times, not once"
        );
    }

    #[test]
    fn damaged_modules_are_refused() {
        let glue = "{ \"m\": { f: 1 } }";
        assert!(shorten(b"\0asm\x02\0\0\0", glue)
            .unwrap_err()
            .contains("WebAssembly 1"));
        let mut no_imports = Module::new();
        no_imports.section(&TypeSection::new());
        assert_eq!(
            shorten(no_imports.as_slice(), glue).unwrap_err(),
            "the module imports nothing"
        );
        // One import, m.f, of function type 0: 1 entry, "m", "f", kind 0,
        // index 0.
        let one = [1, 1, b'm', 1, b'f', 0, 0];
        assert!(shorten(&imports_only(&one), glue).is_ok());
        let mut cut = imports_only(&one);
        cut.pop();
        assert!(shorten(&cut, glue).is_err());
        let unknown = imports_only(&[1, 1, b'm', 1, b'f', 9, 0]);
        let e = shorten(&unknown, glue).unwrap_err();
        assert!(
            e.contains("the import section: invalid leading byte (0x9) for external kind"),
            "{e}"
        );
        let extra = imports_only(&[1, 1, b'm', 1, b'f', 0, 0, 0]);
        let e = shorten(&extra, glue).unwrap_err();
        assert!(
            e.contains("unexpected data at the end of the section"),
            "{e}"
        );
    }

    #[test]
    fn short_names_are_unique_and_skip_reserved_words() {
        let names: Vec<String> = short_names().take(3000).collect();
        assert_eq!(names[..3], ["a", "b", "c"]);
        assert_eq!(names[51], "Z");
        assert_eq!(names[52], "aa");
        let mut sorted = names.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len());
        assert!(!names.iter().any(|n| n == "do" || n == "if" || n == "in"));
        assert!(names
            .iter()
            .all(|n| n.chars().all(|c| c.is_ascii_alphabetic())));
    }
}
