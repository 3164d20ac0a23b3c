//! The single-file build: `index.html` with the style sheet, the favicon,
//! the wasm-bindgen glue and the wasm inlined, so that one `.html` works
//! when opened from `file://` (which refuses to fetch a `.wasm` file) or
//! uploaded alone to an LMS.
//!
//! - The style sheet goes into a `<style>`, the favicon into a `data:` URL.
//! - The glue (an ES module), `main.js` and `loader.js` go into one
//!   `<script type="module">`, in place of index.html's `<script
//!   src="./pkg/main.js">`: an inline module cannot be imported by another, so
//!   the loader follows the glue in the same module and calls its default
//!   export. The wasm rides along as base64 of its gzip, and the
//!   catalogues as base64 of one gzip stream of their texts (joined by
//!   NUL), which the loader unpacks into the data blocks the page reads
//!   in place of fetching (`<script type="application/json"
//!   id="catalogue-<tag>">`). `main.js` (a
//!   classic script in the served page) sees [`MARKER`] and loads nothing
//!   itself there: it only arms the start watchdog, which words the
//!   loader's failures (`workbenchFailed`) with index.html's messages.
//! - The Content-Security-Policy is index.html's with three directives
//!   replaced: `script-src` allows exactly the inline script by its SHA-256
//!   hash plus `'wasm-unsafe-eval'`, `style-src` exactly the inline style by
//!   its hash, `img-src` only `data:` (the favicon).
//! - [`MARKER`] tells the page it runs as the single file.
//! - index.html is edited by `lol_html`, Cloudflare's streaming HTML
//!   rewriter: each element to change is found by its CSS selector and must
//!   be there exactly once, and attributes are read and written through
//!   its API. Everything else in the file comes out byte for byte as it
//!   was.

use std::cell::RefCell;

use base64::engine::general_purpose::STANDARD as BASE64;
use base64::Engine as _;
use lol_html::html_content::ContentType;
use lol_html::{element, rewrite_str, RewriteStrSettings};
use sha2::{Digest as _, Sha256};

/// The tag in the single file's `<head>` by which the page knows it is the
/// single-file build: `document.querySelector('meta[name="workbench-build"]')
/// ?.content === 'single-file'`.
pub const MARKER: &str = r#"<meta name="workbench-build" content="single-file">"#;

/// Appended to the glue; `@INIT@` becomes the glue's default export,
/// `@WASM_GZIP_BASE64@` the packed wasm, `@CATALOGUES_GZIP_BASE64@` the
/// packed catalogues and `@CATALOGUE_TAGS@` their tags, in order.
const LOADER: &str = include_str!("loader.js");

/// What the single file is made of: the texts of `www/` and `www/pkg/`.
#[derive(Debug, Clone, Copy)]
pub struct Inputs<'a> {
    /// `index.html`, the template: its head names the CSP, the style sheet,
    /// the favicon and `./main.js`, which are replaced.
    pub index_html: &'a str,
    /// `style.css`.
    pub css: &'a str,
    /// `pkg/gateway_web.js`, the wasm-bindgen glue (`--target web`).
    pub glue_js: &'a str,
    /// `main.js`, the page's start and its watchdog (a classic script).
    pub main_js: &'a str,
    /// `pkg/gateway_web_bg.wasm`.
    pub wasm: &'a [u8],
    /// `favicon.svg`.
    pub favicon_svg: &'a [u8],
    /// `pkg/locales/<tag>.json`, as `(tag, data)`.
    pub catalogues: &'a [(String, String)],
}

/// index.html's elements that the single file changes, by selector; each
/// must match exactly one element.
const CSP: &str = r#"meta[http-equiv="Content-Security-Policy"]"#;
const ICON: &str = r#"link[rel="icon"]"#;
const STYLE_SHEET: &str = r#"link[rel="stylesheet"]"#;
const MAIN_JS: &str = r#"script[src="./pkg/main.js"]"#;
/// The glue and the wasm are in the file: nothing to request early.
const PRELOADS: [&str; 2] = [r#"link[rel="modulepreload"]"#, r#"link[rel="preload"]"#];

/// Assembles the single file, or says which part of the inputs it could not use.
pub fn build(inputs: &Inputs<'_>) -> Result<String, String> {
    let script = inline_script(inputs)?;
    let style = inline_style(inputs.css)?;
    let (script_hash, style_hash) = (source_hash(&script), source_hash(&style));
    let favicon = format!(
        "data:image/svg+xml;base64,{}",
        BASE64.encode(inputs.favicon_svg)
    );

    // The selectors that matched, once per element.
    let matched = RefCell::new(Vec::new());
    let found = |selector| matched.borrow_mut().push(selector);
    let removed = |selector: &'static str| {
        element!(selector, move |link| {
            found(selector);
            link.remove();
            Ok(())
        })
    };
    let settings = RewriteStrSettings::new()
        .append_element_content_handler(element!(CSP, |meta| {
            found(CSP);
            let policy = meta
                .get_attribute("content")
                .ok_or("index.html: the Content-Security-Policy has no content")?;
            if policy.contains('&') {
                return Err("index.html: character references in the \
                    Content-Security-Policy are not supported"
                    .into());
            }
            let policy = single_file_csp(&policy, &script_hash, &style_hash);
            meta.set_attribute("content", &policy)?;
            meta.after(&format!("\n  {MARKER}"), ContentType::Html);
            Ok(())
        }))
        .append_element_content_handler(element!(ICON, |link| {
            found(ICON);
            link.set_attribute("href", &favicon)?;
            Ok(())
        }))
        // The style sheet and the script go in as they are (ContentType::Html:
        // not escaped), made safe for their elements by inline_style and
        // inline_script, and hashed as such for the policy.
        .append_element_content_handler(element!(STYLE_SHEET, |link| {
            found(STYLE_SHEET);
            link.replace(&format!("<style>{style}</style>"), ContentType::Html);
            Ok(())
        }))
        .append_element_content_handler(element!(MAIN_JS, |tag| {
            found(MAIN_JS);
            let module = format!(r#"<script type="module">{script}</script>"#);
            tag.replace(&module, ContentType::Html);
            Ok(())
        }))
        .append_element_content_handler(removed(PRELOADS[0]))
        .append_element_content_handler(removed(PRELOADS[1]));
    let html = rewrite_str(inputs.index_html, settings).map_err(|e| format!("index.html: {e}"))?;

    let matched = matched.into_inner();
    for selector in [CSP, ICON, STYLE_SHEET, MAIN_JS].iter().chain(&PRELOADS) {
        let count = matched.iter().filter(|m| *m == selector).count();
        if count != 1 {
            return Err(format!(
                "index.html must hold exactly one {selector}, not {count}"
            ));
        }
    }
    Ok(html)
}

/// The catalogues as one text, their texts joined by NUL, and their tags
/// as a JavaScript array, for the loader. A catalogue is JSON, which holds
/// no raw NUL; a tag is letters, digits and `-`.
fn packed_catalogues(catalogues: &[(String, String)]) -> Result<(String, String), String> {
    let mut texts = Vec::new();
    let mut tags = Vec::new();
    for (tag, data) in catalogues {
        if tag.is_empty() || !tag.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
            return Err(format!("the catalogue tag {tag:?} is not a language tag"));
        }
        if data.contains('\0') {
            return Err(format!("the catalogue {tag} holds a NUL character"));
        }
        texts.push(data.as_str());
        tags.push(format!("'{tag}'"));
    }
    Ok((texts.join("\0"), format!("[{}]", tags.join(", "))))
}

/// The text of the inline module: the glue, `main.js`, then the loader
/// with the wasm and the catalogues, newlines as the HTML parser leaves
/// them and escaped for a `<script>`.
fn inline_script(inputs: &Inputs<'_>) -> Result<String, String> {
    let (glue, main) = (inputs.glue_js, inputs.main_js);
    let init = default_export(glue)?;
    let (catalogues, tags) = packed_catalogues(inputs.catalogues)?;
    let loader = fill(LOADER, "@INIT@", init)?;
    let loader = fill(&loader, "@CATALOGUE_TAGS@", &tags)?;
    let loader = fill(
        &loader,
        "@CATALOGUES_GZIP_BASE64@",
        &BASE64.encode(gzip(catalogues.as_bytes())?),
    )?;
    let loader = fill(
        &loader,
        "@WASM_GZIP_BASE64@",
        &BASE64.encode(gzip(inputs.wasm)?),
    )?;
    let js = normalize_newlines(&format!(
        "{}\n{}\n{loader}",
        glue.trim_end(),
        main.trim_end()
    ));
    if js.contains('\0') {
        return Err("the glue or main.js holds a NUL character, which HTML would replace".into());
    }
    Ok(escape_script(&js))
}

/// The text of the inline style sheet. CSS has no escape that keeps
/// `</style` working in every place, so a sheet holding it is refused.
fn inline_style(css: &str) -> Result<String, String> {
    let css = normalize_newlines(css);
    if css.contains('\0') || css.to_ascii_lowercase().contains("</style") {
        return Err("style.css holds </style or a NUL character and cannot be inlined".into());
    }
    Ok(css)
}

/// The local name of the glue's default export, from wasm-bindgen's
/// `export { initSync, __wbg_init as default };` or its minified form
/// `export{D as initSync,B as default}`.
fn default_export(glue: &str) -> Result<&str, String> {
    for (i, _) in glue.match_indices("export") {
        let Some(list) = glue[i + "export".len()..].trim_start().strip_prefix('{') else {
            continue;
        };
        let Some(end) = list.find('}') else { continue };
        for item in list[..end].split(',') {
            let mut words = item.split_whitespace();
            if let (Some(name), Some("as"), Some("default"), None) =
                (words.next(), words.next(), words.next(), words.next())
            {
                return Ok(name);
            }
        }
    }
    Err("the glue has no `export { … as default }`: is it wasm-bindgen --target web output?".into())
}

/// `template` with its one `placeholder` replaced by `value`.
fn fill(template: &str, placeholder: &str, value: &str) -> Result<String, String> {
    if template.matches(placeholder).count() != 1 {
        return Err(format!("loader.js must name {placeholder} exactly once"));
    }
    Ok(template.replacen(placeholder, value, 1))
}

/// `bytes` as a gzip stream, packed by Zopfli (about 4 % smaller than
/// gzip -9: the single file is that much smaller too, since base64 of
/// packed bytes compresses to about their size again).
fn gzip(bytes: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    zopfli::compress(
        zopfli::Options::default(),
        zopfli::Format::Gzip,
        bytes,
        &mut out,
    )
    .map_err(|e| format!("gzip: {e}"))?;
    Ok(out)
}

/// CR LF and lone CR as LF, as the HTML parser delivers them to the CSP hash.
fn normalize_newlines(text: &str) -> String {
    text.replace("\r\n", "\n").replace('\r', "\n")
}

/// Makes JavaScript safe inside `<script>…</script>`: `</script` (any case)
/// would end the element and `<!--` would change how the parser finds its
/// end, so their `<` becomes `\x3C`, which means `<` in strings, template
/// literals and regular expressions, the only places either can occur in a
/// module (`<!--` is a syntax error in module code).
fn escape_script(js: &str) -> String {
    let mut out = String::with_capacity(js.len());
    let mut rest = js;
    while let Some(i) = rest.find('<') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let closes = after
            .get(.."/script".len())
            .is_some_and(|w| w.eq_ignore_ascii_case("/script"));
        out.push_str(if closes || after.starts_with("!--") {
            "\\x3C"
        } else {
            "<"
        });
        rest = after;
    }
    out.push_str(rest);
    out
}

/// The CSP source that allows exactly `text` as an inline script or style.
fn source_hash(text: &str) -> String {
    format!(
        "'sha256-{}'",
        BASE64.encode(Sha256::digest(text.as_bytes()))
    )
}

/// index.html's policy with `script-src`, `style-src` and `img-src` replaced
/// where the first of them stood (or added at the end): the single file
/// loads nothing but itself.
fn single_file_csp(csp: &str, script_hash: &str, style_hash: &str) -> String {
    let replaced = [
        format!("script-src {script_hash} 'wasm-unsafe-eval'"),
        format!("style-src {style_hash}"),
        "img-src data:".to_owned(),
    ];
    let mut directives: Vec<String> = Vec::new();
    let mut inserted = false;
    for d in csp.split(';').map(str::trim).filter(|d| !d.is_empty()) {
        let name = d.split_whitespace().next().unwrap_or_default();
        if ["script-src", "style-src", "img-src"]
            .iter()
            .any(|n| name.eq_ignore_ascii_case(n))
        {
            if !inserted {
                directives.extend(replaced.iter().cloned());
                inserted = true;
            }
        } else {
            directives.push(d.to_owned());
        }
    }
    if !inserted {
        directives.extend(replaced);
    }
    directives.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use flate2::read::GzDecoder;
    use std::io::Read as _;

    const INDEX: &str = include_str!("../../../www/index.template.html");
    const GLUE: &str = "let wasm;\nexport function start() { wasm.start(); }\n\
        async function __wbg_init(m) { return m; }\n\
        export { initSync, __wbg_init as default };\n";
    const CSS: &str = "body { color: black; }\n";
    const MAIN: &str = include_str!("../../../www/main.js");
    const WASM: &[u8] = b"\0asm\x01\0\0\0 not really a module";
    const SVG: &[u8] = b"<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>";

    fn inputs<'a>(glue: &'a str, css: &'a str) -> Inputs<'a> {
        Inputs {
            index_html: INDEX,
            css,
            glue_js: glue,
            main_js: MAIN,
            wasm: WASM,
            favicon_svg: SVG,
            catalogues: Box::leak(Box::new([
                (
                    "en".to_string(),
                    r#"{"messages":{"a":["x</script><b>"]}}"#.to_string(),
                ),
                (
                    "zh-TW".to_string(),
                    r#"{"messages":{"a":["文字"]}}"#.to_string(),
                ),
            ])),
        }
    }

    /// What a base64 gzip stream of the single file unpacks to.
    fn unpack(packed: &str) -> Vec<u8> {
        let gz = BASE64.decode(packed).unwrap();
        let mut out = Vec::new();
        GzDecoder::new(gz.as_slice()).read_to_end(&mut out).unwrap();
        out
    }

    #[test]
    fn the_catalogues_unpack_from_one_stream_to_the_same_texts_in_tag_order() {
        let html = build(&inputs(GLUE, CSS)).unwrap();
        let packed = between(&html, "const workbenchCataloguesGzip = '", "'");
        let texts = String::from_utf8(unpack(packed)).unwrap();
        let catalogues = inputs(GLUE, CSS).catalogues;
        let want: Vec<&str> = catalogues.iter().map(|(_, d)| d.as_str()).collect();
        assert_eq!(texts.split('\0').collect::<Vec<_>>(), want);
        assert!(html.contains("const workbenchCatalogueTags = ['en', 'zh-TW'];"));
        assert!(
            !html.contains("</script><b>"),
            "no catalogue text stands in the page"
        );
        assert!(!html.contains("@CATALOGUE"));
    }

    #[test]
    fn a_catalogue_with_a_nul_or_an_odd_tag_is_refused() {
        for (tag, data) in [("en", "{\"a\":\"\0\"}"), ("en\"", "{}"), ("", "{}")] {
            let catalogues = [(tag.to_string(), data.to_string())];
            let err = build(&Inputs {
                catalogues: &catalogues,
                ..inputs(GLUE, CSS)
            })
            .unwrap_err();
            assert!(err.contains("catalogue"), "{err}");
        }
    }

    /// The text between `open` and the next `close`.
    fn between<'a>(html: &'a str, open: &str, close: &str) -> &'a str {
        let start = html.find(open).unwrap() + open.len();
        let len = html[start..].find(close).unwrap();
        &html[start..start + len]
    }

    fn csp(html: &str) -> &str {
        between(
            html,
            r#"http-equiv="Content-Security-Policy" content=""#,
            "\"",
        )
    }

    fn directive<'a>(csp: &'a str, name: &str) -> &'a str {
        csp.split("; ")
            .find_map(|d| d.strip_prefix(name).and_then(|v| v.strip_prefix(' ')))
            .unwrap()
    }

    #[test]
    fn the_csp_hashes_are_those_of_the_inline_script_and_style_bytes() {
        let html = build(&inputs(GLUE, CSS)).unwrap();
        let script = between(&html, r#"<script type="module">"#, "</script>");
        let style = between(&html, "<style>", "</style>");
        assert!(script.starts_with("let wasm;"), "the glue comes first");
        assert_eq!(style, CSS);
        let policy = csp(&html);
        assert_eq!(
            directive(policy, "script-src"),
            format!("{} 'wasm-unsafe-eval'", source_hash(script))
        );
        assert_eq!(directive(policy, "style-src"), source_hash(style));
        // The same hash computed independently of source_hash.
        let digest = Sha256::digest(script.as_bytes());
        assert!(policy.contains(&format!("'sha256-{}'", BASE64.encode(digest))));
    }

    #[test]
    fn the_policy_is_index_html_s_with_three_directives_replaced() {
        let html = build(&inputs(GLUE, CSS)).unwrap();
        let policy = csp(&html);
        assert_eq!(directive(policy, "img-src"), "data:");
        assert_eq!(directive(policy, "default-src"), "'self'");
        assert_eq!(directive(policy, "object-src"), "'none'");
        assert_eq!(directive(policy, "base-uri"), "'none'");
        assert_eq!(policy.matches("script-src").count(), 1);
        assert_eq!(policy.matches("style-src").count(), 1);
        for banned in [
            "'unsafe-eval'",
            "'unsafe-inline'",
            "http:",
            "https:",
            "blob:",
            "*",
        ] {
            assert!(!policy.contains(banned), "{banned} in {policy}");
        }
        assert_eq!(
            single_file_csp("default-src 'none'", "'sha256-A'", "'sha256-B'"),
            "default-src 'none'; script-src 'sha256-A' 'wasm-unsafe-eval'; \
             style-src 'sha256-B'; img-src data:"
        );
    }

    #[test]
    fn nothing_is_left_to_fetch_and_the_marker_is_there_once() {
        let html = build(&inputs(GLUE, CSS)).unwrap();
        assert_eq!(html.matches(MARKER).count(), 1);
        assert!(
            html.find(MARKER) < html.find("<script"),
            "the marker precedes the script"
        );
        assert!(!html.contains(" src="), "no src attribute");
        for (i, _) in html.match_indices(" href=\"") {
            assert!(html[i..].starts_with(" href=\"data:"), "only data: links");
        }
        assert!(html.contains("href=\"data:image/svg+xml;base64,"));
        assert!(!html.contains("rel=\"stylesheet\""));
        assert!(!html.contains("preload"), "no preload of what is inlined");
    }

    #[test]
    fn the_rest_of_index_html_is_kept_byte_for_byte() {
        let html = build(&inputs(GLUE, CSS)).unwrap();
        let until = |text: &str, end: &str| text[..text.find(end).unwrap()].to_owned();
        let after = |text: &str, start: &str| text[text.find(start).unwrap()..].to_owned();
        let head = r#"<meta http-equiv="Content-Security-Policy""#;
        assert_eq!(until(&html, head), until(INDEX, head));
        assert_eq!(after(&html, "</head>"), after(INDEX, "</head>"));
        let between_tags = |text: &str| until(&after(text, "<title>"), "<link");
        assert_eq!(between_tags(&html), between_tags(INDEX));
    }

    #[test]
    fn main_js_runs_between_the_glue_and_the_loader() {
        let html = build(&inputs(GLUE, CSS)).unwrap();
        let script = between(&html, r#"<script type="module">"#, "</script>");
        let at = |needle: &str| script.find(needle).unwrap_or_else(|| panic!("{needle}"));
        assert!(at("export { initSync") < at("self.workbenchFailed = "));
        assert!(at("self.workbenchFailed = ") < at("const workbenchWasmGzip"));
        assert!(!html.contains("main.js\""), "no tag loads main.js");
        assert!(
            html.contains(r#"<template id="start-failed""#),
            "the watchdog's words stay in the page"
        );
    }

    #[test]
    fn the_packed_wasm_unpacks_to_the_same_bytes() {
        let html = build(&inputs(GLUE, CSS)).unwrap();
        let packed = between(&html, "const workbenchWasmGzip = '", "'");
        assert_eq!(unpack(packed), WASM);
        assert!(html.contains("await __wbg_init({ module_or_path: bytes });"));
        assert!(!html.contains("@INIT@") && !html.contains("@WASM_GZIP_BASE64@"));
    }

    #[test]
    fn script_end_tags_and_comment_openers_in_the_glue_are_escaped() {
        let glue = format!(
            "const a = '</script><script>alert(1)</script>';\nconst b = `</SCRIPT >`;\n\
             const c = /<\\/script>/; // <!-- <script>\nconst d = 1 < 2;\n{GLUE}"
        );
        let html = build(&inputs(&glue, CSS)).unwrap();
        let script = between(&html, r#"<script type="module">"#, "</script>");
        assert!(
            script.ends_with(
                "workbenchStart().catch((error) => self.workbenchFailed('error', error));\n"
            ),
            "the whole module is inside"
        );
        assert!(!script.to_ascii_lowercase().contains("</script"));
        assert!(!script.contains("<!--"));
        assert!(script.contains(r"const a = '\x3C/script><script>alert(1)\x3C/script>';"));
        assert!(script.contains(r"const b = `\x3C/SCRIPT >`;"));
        assert!(script.contains(r"// \x3C!-- <script>"));
        assert!(
            script.contains("const c = /<\\/script>/;"),
            "an already escaped slash stays"
        );
        assert!(script.contains("const d = 1 < 2;"), "other < stay");
        // One end tag: the module's (the catalogues are inside it).
        assert_eq!(html.to_ascii_lowercase().matches("</script").count(), 1);
        // The policy hashes the escaped text, which is what the browser runs.
        assert!(csp(&html).contains(&source_hash(script)));
    }

    #[test]
    fn crlf_is_hashed_as_the_parser_delivers_it() {
        let glue = GLUE.replace('\n', "\r\n");
        let html = build(&inputs(&glue, "a { b: c }\r\n")).unwrap();
        let script = between(&html, r#"<script type="module">"#, "</script>");
        assert!(!html.contains('\r'));
        assert!(csp(&html).contains(&source_hash(script)));
        assert!(csp(&html).contains(&source_hash("a { b: c }\n")));
    }

    #[test]
    fn unusable_inputs_are_refused_with_a_reason() {
        let no_default = "export function start() {}\nexport { initSync };\n";
        assert!(build(&inputs(no_default, CSS))
            .unwrap_err()
            .contains("as default"));
        assert!(build(&inputs(GLUE, "p::after { content: '</style>' }"))
            .unwrap_err()
            .contains("</style"));
        let no_csp = INDEX.replace("http-equiv=\"Content-Security-Policy\"", "name=\"x\"");
        let err = build(&Inputs {
            index_html: &no_csp,
            ..inputs(GLUE, CSS)
        })
        .unwrap_err();
        assert!(err.contains("Content-Security-Policy"), "{err}");
        let two_sheets = INDEX.replace(
            "<link rel=\"stylesheet\"",
            "<link rel=\"stylesheet\" href=\"a.css\">\n  <link rel=\"stylesheet\"",
        );
        let err = build(&Inputs {
            index_html: &two_sheets,
            ..inputs(GLUE, CSS)
        })
        .unwrap_err();
        assert!(err.contains(r#"link[rel="stylesheet"], not 2"#), "{err}");
        let no_script = INDEX.replace("./pkg/main.js", "./other.js");
        let err = build(&Inputs {
            index_html: &no_script,
            ..inputs(GLUE, CSS)
        })
        .unwrap_err();
        assert!(err.contains("main.js"), "{err}");
    }

    #[test]
    fn the_default_export_is_read_from_wasm_bindgen_s_export_list() {
        assert_eq!(default_export(GLUE), Ok("__wbg_init"));
        assert_eq!(default_export("export { a as default, b };"), Ok("a"));
        assert_eq!(
            default_export("let x;export{D as initSync,B as default,z as start};"),
            Ok("B")
        );
        assert!(default_export("export default function x() {}").is_err());
    }
}
