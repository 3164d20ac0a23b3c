//! Short names for what the wasm module and its glue tell each other:
//! `bundle --short-imports PKG` renames every import of the module
//! wasm-bindgen wrote (`PKG/gateway_web_bg.wasm`) and the one place its
//! glue (`PKG/gateway_web.js`) names it, and every export the glue reaches
//! as `wasm.<name>`, so that both files carry `a`, `b`, … instead of names
//! like `__wbg_instanceof_HtmlTextAreaElement_bbe97f862930488c`, the module
//! `./gateway_web_bg.js` and `__wbindgen_export2`. Each import's name and
//! its hash is written twice (once in the wasm's import section, once as a
//! key of the glue's imports object) and a hash does not compress: together
//! about 4.8 KB gzipped of the page, the exports 0.1 KB more.
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

use std::ops::Range;

/// The wasm module and its glue with every import and every export the
/// glue uses renamed, or why not.
pub fn shorten(wasm: &[u8], glue: &str) -> Result<(Vec<u8>, String), String> {
    let mut glue = glue.to_owned();
    let mut out = wasm[..8].to_vec();
    let mut imports = false;
    for (id, whole, contents) in sections(wasm)? {
        let body = match id {
            IMPORT_SECTION => {
                imports = true;
                short_imports(&wasm[contents], &mut glue)?
            }
            EXPORT_SECTION => short_exports(&wasm[contents], &mut glue)?,
            _ => {
                out.extend(&wasm[whole]);
                continue;
            }
        };
        out.push(id);
        out.extend(leb(body.len() as u64));
        out.extend(body);
    }
    if !imports {
        return Err("the module imports nothing".into());
    }
    Ok((out, glue))
}

const IMPORT_SECTION: u8 = 2;
const EXPORT_SECTION: u8 = 7;

/// The import section with every module and field renamed, and the glue's
/// keys with it.
fn short_imports(contents: &[u8], glue: &mut String) -> Result<Vec<u8>, String> {
    let imports = imports(contents)?;
    let mut modules: Vec<&str> = Vec::new();
    let mut names = short_names();
    let mut body = leb(imports.len() as u64);
    for import in &imports {
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
        *glue = rename_key(glue, import.field, &field)
            .map_err(|e| format!("import {}.{}: {e}", import.module, import.field))?;
        for name in [module.as_str(), field.as_str()] {
            body.extend(leb(name.len() as u64));
            body.extend(name.as_bytes());
        }
        body.extend(import.description);
    }
    Ok(body)
}

/// The export section with every export the glue reaches as
/// `wasm.<name>` renamed (but `memory`), and the glue with it.
fn short_exports(contents: &[u8], glue: &mut String) -> Result<Vec<u8>, String> {
    let mut r = Reader {
        bytes: contents,
        at: 0,
    };
    let count = r.usize()?;
    let taken = exports(contents)?;
    let mut names = short_names().filter(|n| !taken.contains(&n.as_str()));
    let mut body = leb(count as u64);
    for _ in 0..count {
        let mut name = r.name()?.to_owned();
        let from = r.at;
        r.byte()?;
        r.u64()?;
        let used = format!("wasm.{name}");
        if name != "memory" && token_at(glue, &used).next().is_some() {
            let short = names.next().ok_or("too many exports")?;
            let at: Vec<usize> = token_at(glue, &used).collect();
            for i in at.into_iter().rev() {
                glue.replace_range(i + "wasm.".len()..i + used.len(), &short);
            }
            name = short;
        }
        body.extend(leb(name.len() as u64));
        body.extend(name.as_bytes());
        body.extend(&contents[from..r.at]);
    }
    if r.at != contents.len() {
        return Err("the export section has bytes after its entries".into());
    }
    Ok(body)
}

/// The names of an export section's entries.
fn exports(contents: &[u8]) -> Result<Vec<&str>, String> {
    let mut r = Reader {
        bytes: contents,
        at: 0,
    };
    let mut names = Vec::new();
    for _ in 0..r.usize()? {
        names.push(r.name()?);
        r.byte()?;
        r.u64()?;
    }
    Ok(names)
}

/// A section of a module: its id, its bytes (id, size and contents) and
/// its contents.
type Section = (u8, Range<usize>, Range<usize>);

/// Every section of a module.
fn sections(wasm: &[u8]) -> Result<Vec<Section>, String> {
    if wasm.get(..8) != Some(b"\0asm\x01\0\0\0") {
        return Err("not a WebAssembly 1 module".into());
    }
    let mut r = Reader { bytes: wasm, at: 8 };
    let mut sections = Vec::new();
    while r.at < wasm.len() {
        let start = r.at;
        let id = r.byte()?;
        let size = r.usize()?;
        let end =
            r.at.checked_add(size)
                .filter(|end| *end <= wasm.len())
                .ok_or("a section runs past the end")?;
        sections.push((id, start..end, r.at..end));
        r.at = end;
    }
    Ok(sections)
}

/// One entry of the import section: its two names and the bytes of what
/// it imports (kind and type), copied as they are.
#[derive(Debug)]
struct Import<'a> {
    module: &'a str,
    field: &'a str,
    description: &'a [u8],
}

/// The entries of an import section's contents.
fn imports(contents: &[u8]) -> Result<Vec<Import<'_>>, String> {
    let mut r = Reader {
        bytes: contents,
        at: 0,
    };
    let mut imports = Vec::new();
    for _ in 0..r.usize()? {
        let module = r.name()?;
        let field = r.name()?;
        let from = r.at;
        r.description()?;
        imports.push(Import {
            module,
            field,
            description: &contents[from..r.at],
        });
    }
    if r.at != contents.len() {
        return Err("the import section has bytes after its entries".into());
    }
    Ok(imports)
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn byte(&mut self) -> Result<u8, String> {
        let b = *self.bytes.get(self.at).ok_or("the module ends early")?;
        self.at += 1;
        Ok(b)
    }

    /// An unsigned LEB128 number (also skips a signed one: the same bytes).
    fn u64(&mut self) -> Result<u64, String> {
        let mut n = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            n |= u64::from(b & 0x7f) << shift;
            if b < 0x80 {
                return Ok(n);
            }
        }
        Err("a number is longer than 64 bits".into())
    }

    fn usize(&mut self) -> Result<usize, String> {
        usize::try_from(self.u64()?).map_err(|_| "a size does not fit".into())
    }

    fn name(&mut self) -> Result<&'a str, String> {
        let len = self.usize()?;
        let bytes = self
            .at
            .checked_add(len)
            .and_then(|end| self.bytes.get(self.at..end))
            .ok_or("a name runs past the end")?;
        self.at += len;
        std::str::from_utf8(bytes).map_err(|_| "a name is not UTF-8".into())
    }

    /// Limits: a flags byte, the minimum and (flag 1) the maximum.
    fn limits(&mut self) -> Result<(), String> {
        let flags = self.byte()?;
        self.u64()?;
        if flags & 1 != 0 {
            self.u64()?;
        }
        Ok(())
    }

    /// A value type: one byte, or a reference type with its heap type.
    fn value_type(&mut self) -> Result<(), String> {
        if matches!(self.byte()?, 0x63 | 0x64) {
            self.u64()?;
        }
        Ok(())
    }

    /// What an import imports: a function, table, memory, global or tag.
    fn description(&mut self) -> Result<(), String> {
        match self.byte()? {
            0 => self.u64().map(drop),
            1 => self.value_type().and_then(|()| self.limits()),
            2 => self.limits(),
            3 => self.value_type().and_then(|()| self.byte().map(drop)),
            4 => self.byte().and_then(|_| self.u64().map(drop)),
            kind => Err(format!("an import of unknown kind {kind}")),
        }
    }
}

fn leb(mut n: u64) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let low = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            out.push(low);
            return out;
        }
        out.push(low | 0x80);
    }
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

    /// A module with the given sections (id, contents).
    fn module(sections: &[(u8, Vec<u8>)]) -> Vec<u8> {
        let mut m = b"\0asm\x01\0\0\0".to_vec();
        for (id, contents) in sections {
            m.push(*id);
            m.extend(leb(contents.len() as u64));
            m.extend(contents);
        }
        m
    }

    fn imports_section(entries: &[(&str, &str, &[u8])]) -> Vec<u8> {
        let mut s = leb(entries.len() as u64);
        for (module, field, description) in entries {
            for name in [module, field] {
                s.extend(leb(name.len() as u64));
                s.extend(name.as_bytes());
            }
            s.extend(*description);
        }
        s
    }

    const TYPES: (u8, Vec<u8>) = (1, Vec::new());

    /// The contents of the section `id` of `wasm`.
    fn section(wasm: &[u8], id: u8) -> Vec<u8> {
        let (_, _, contents) = sections(wasm)
            .unwrap()
            .into_iter()
            .find(|(i, ..)| *i == id)
            .unwrap();
        wasm[contents].to_vec()
    }

    fn exports_section(entries: &[(&str, u8, u8)]) -> Vec<u8> {
        let mut s = leb(entries.len() as u64);
        for (name, kind, index) in entries {
            s.extend(leb(name.len() as u64));
            s.extend(name.as_bytes());
            s.extend([*kind, *index]);
        }
        s
    }

    #[test]
    fn exports_the_glue_uses_are_renamed_there_too_but_memory() {
        let wasm = module(&[
            (IMPORT_SECTION, imports_section(&[("m", "f", &[0, 0])])),
            (
                EXPORT_SECTION,
                exports_section(&[
                    ("memory", 2, 0),
                    ("start", 0, 1),
                    ("__wbindgen_export", 0, 2),
                    ("__wbindgen_export2", 0, 3),
                    ("__abort_handler", 3, 0),
                    ("a", 0, 4),
                ]),
            ),
        ]);
        let glue = "const i = { f: 1 }; ({ \"m\": i });\n\
            export function start() { wasm.start(); }\n\
            function g(x) { wasm.__wbindgen_export2(wasm.__wbindgen_export(x), wasm.memory); }\n\
            const a = wasm.a, s = 'wasm.__wbindgen_export3', t = nowasm.start;\n";
        let (short, glue) = shorten(&wasm, glue).unwrap();
        assert_eq!(
            glue,
            "const i = { a: 1 }; ({ \"a\": i });\n\
            export function start() { wasm.b(); }\n\
            function g(x) { wasm.d(wasm.c(x), wasm.memory); }\n\
            const a = wasm.e, s = 'wasm.__wbindgen_export3', t = nowasm.start;\n"
        );
        let exports = section(&short, EXPORT_SECTION);
        assert_eq!(
            exports,
            exports_section(&[
                ("memory", 2, 0),
                ("b", 0, 1),
                ("c", 0, 2),
                ("d", 0, 3),
                ("__abort_handler", 3, 0),
                ("e", 0, 4),
            ])
        );
    }

    #[test]
    fn every_import_is_renamed_in_the_module_and_the_glue() {
        let long = "__wbg_instanceof_HtmlTextAreaElement_bbe97f862930488c";
        let wasm = module(&[
            (1, vec![1, 0x60, 0, 0]),
            (
                IMPORT_SECTION,
                imports_section(&[
                    ("./gateway_web_bg.js", long, &[0, 0]),
                    (
                        "./gateway_web_bg.js",
                        "__wbindgen_init_externref_table",
                        &[0, 0],
                    ),
                    (
                        "./gateway_web_bg.js",
                        "__wbg_table",
                        &[1, 0x6f, 1, 2, 0x80, 0x01],
                    ),
                    ("./gateway_web_bg.js", "__wbg_memory", &[2, 0, 17]),
                    ("./gateway_web_bg.js", "__wbg_global", &[3, 0x7f, 1]),
                ]),
            ),
            (3, vec![1, 0]),
        ]);
        let glue = format!(
            "function __wbg_get_imports() {{\n    const import0 = {{\n        {long}: function(arg0) {{ return 1; }},\n        __wbindgen_init_externref_table: function() {{}},\n        __wbg_table: t,\n        __wbg_memory: m,\n        __wbg_global : g,\n    }};\n    return {{ \"./gateway_web_bg.js\": import0 }};\n}}\nconst x = '__wbg_tables';\n"
        );
        let (short, glue) = shorten(&wasm, &glue).unwrap();
        let renamed = section(&short, IMPORT_SECTION);
        let renamed = imports(&renamed).unwrap();
        let names: Vec<(&str, &str)> = renamed.iter().map(|i| (i.module, i.field)).collect();
        assert_eq!(
            names,
            [("a", "a"), ("a", "b"), ("a", "c"), ("a", "d"), ("a", "e")]
        );
        let original = section(&wasm, IMPORT_SECTION);
        let original = imports(&original).unwrap();
        for (o, r) in original.iter().zip(&renamed) {
            assert_eq!(o.description, r.description);
        }
        assert_eq!(
            glue,
            "function __wbg_get_imports() {\n    const import0 = {\n        a: function(arg0) { return 1; },\n        b: function() {},\n        c: t,\n        d: m,\n        e : g,\n    };\n    return { \"a\": import0 };\n}\nconst x = '__wbg_tables';\n"
        );
        // Only the import section changed: what comes before and after it
        // is the same bytes.
        assert_eq!(short[..12], wasm[..12]);
        assert_eq!(short[short.len() - 4..], wasm[wasm.len() - 4..]);
        assert!(short.len() < wasm.len());
    }

    #[test]
    fn a_glue_that_names_an_import_otherwise_is_refused() {
        let wasm = module(&[(
            IMPORT_SECTION,
            imports_section(&[("m", "__wbg_x", &[0, 0])]),
        )]);
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
        assert_eq!(
            shorten(&module(&[TYPES]), glue).unwrap_err(),
            "the module imports nothing"
        );
        let mut cut = module(&[(IMPORT_SECTION, imports_section(&[("m", "f", &[0, 0])]))]);
        cut.pop();
        assert!(shorten(&cut, glue).is_err());
        let unknown = module(&[(IMPORT_SECTION, imports_section(&[("m", "f", &[9, 0])]))]);
        assert_eq!(
            shorten(&unknown, glue).unwrap_err(),
            "an import of unknown kind 9"
        );
        let extra = module(&[(IMPORT_SECTION, imports_section(&[("m", "f", &[0, 0, 0])]))]);
        assert!(shorten(&extra, glue).unwrap_err().contains("bytes after"));
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
