//! `bundle WWW DIST`: writes the distributable folder of the page from the
//! built `WWW` (`www/` after `scripts/build-web`, which makes `www/pkg/`).
//! `scripts/build-dist` runs it; it is build tooling, not part of the page.
//!
//! `DIST` receives:
//! - every top-level file of `WWW` but dot-files and `index.template.html`
//!   (`index.html`, `style.css`, `main.js`, `favicon.svg`, and `embed.html`
//!   or others when the page has them), and of `WWW/pkg/` only
//!   `gateway_web.js`, `gateway_web_bg.wasm`, the minified `main.js` and
//!   `style.css` and the catalogues
//!   `locales/<tag>.json` (with `locales/<tag>/<id>.json`, one per
//!   experiment, which the folder's page downloads), and of `WWW/pkg/author/` (the author build,
//!   when there is one) its module, glue, `author.css` and catalogues: a
//!   folder that works from any static host under any sub-path, since the
//!   page uses relative URLs only;
//! - `workbench.html`, the single-file build (see [`single`]) of the
//!   learner's page: one file that works from `file://` and can be
//!   uploaded alone.
//!
//! Files already in `DIST` are overwritten, others left alone
//! (`scripts/build-dist` empties it first). Prints each file written with
//! its size.
//!
//! `bundle --short-imports PKG`: renames the imports of wasm-bindgen's
//! output in `PKG` in place (see [`imports`]); `scripts/build-web` runs it.

mod imports;
mod single;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Files the page cannot work without.
const REQUIRED: [&str; 3] = ["index.html", TEMPLATE, "favicon.svg"];
/// `index.html` without its first view (scripts/build-web writes the first
/// view in): the single file's page, which draws its experiment at once.
const TEMPLATE: &str = "index.template.html";
/// What the page loads from `pkg/`; the rest of it is not needed.
const PKG: [&str; 4] = [
    "gateway_web.js",
    "gateway_web_bg.wasm",
    "main.js",
    "style.css",
];
/// What the author build (`WWW/pkg/author/`, when there is one) loads: its
/// module, glue and style sheet; its catalogues are in `locales/`.
const AUTHOR: [&str; 3] = ["gateway_web.js", "gateway_web_bg.wasm", "author.css"];
/// The single-file build's name in `DIST`.
const SINGLE_FILE: &str = "workbench.html";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, pkg] = args.as_slice() {
        if flag == "--short-imports" {
            return match short_imports(Path::new(pkg)) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("bundle --short-imports: {e}");
                    ExitCode::FAILURE
                }
            };
        }
    }
    let [www, dist] = args.as_slice() else {
        eprintln!("usage: bundle WWW DIST   (WWW built by scripts/build-web)\n       bundle --short-imports PKG   (PKG written by wasm-bindgen)");
        return ExitCode::from(2);
    };
    match run(Path::new(www), Path::new(dist)) {
        Ok(written) => {
            println!("wrote {dist}:");
            for (path, bytes) in written {
                println!("  {:<28} {bytes:>9} bytes", path.display());
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("bundle: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Renames the imports of `pkg/gateway_web_bg.wasm` and its glue
/// `pkg/gateway_web.js` in place.
fn short_imports(pkg: &Path) -> Result<(), String> {
    let (wasm, glue) = (pkg.join("gateway_web_bg.wasm"), pkg.join("gateway_web.js"));
    let io = |what: &Path, e: std::io::Error| format!("{}: {e}", what.display());
    let (module, text) = (
        fs::read(&wasm).map_err(|e| io(&wasm, e))?,
        fs::read_to_string(&glue).map_err(|e| io(&glue, e))?,
    );
    let (module, text) = imports::shorten(&module, &text)?;
    fs::write(&wasm, module).map_err(|e| io(&wasm, e))?;
    fs::write(&glue, text).map_err(|e| io(&glue, e))
}

/// Writes `dist` from `www`; returns each file written (relative to `dist`)
/// with its size.
fn run(www: &Path, dist: &Path) -> Result<Vec<(PathBuf, u64)>, String> {
    for name in REQUIRED {
        if !www.join(name).is_file() {
            return Err(format!("{} is missing", www.join(name).display()));
        }
    }
    for name in PKG {
        if !www.join("pkg").join(name).is_file() {
            return Err(format!(
                "{} is missing: run scripts/build-web first",
                www.join("pkg").join(name).display()
            ));
        }
    }
    let io = |what: &Path, e: std::io::Error| format!("{}: {e}", what.display());

    let mut files: Vec<PathBuf> = Vec::new();
    for entry in fs::read_dir(www).map_err(|e| io(www, e))? {
        let entry = entry.map_err(|e| io(www, e))?;
        let name = entry.file_name();
        let is_file = entry
            .file_type()
            .map_err(|e| io(&entry.path(), e))?
            .is_file();
        let name_text = name.to_string_lossy();
        if is_file && !name_text.starts_with('.') && name_text != TEMPLATE {
            files.push(PathBuf::from(name));
        }
    }
    files.sort();
    files.extend(PKG.iter().map(|name| Path::new("pkg").join(name)));
    let locales = www.join("pkg/locales");
    let mut catalogues = Vec::new();
    for entry in fs::read_dir(&locales).map_err(|e| io(&locales, e))? {
        let path = entry.map_err(|e| io(&locales, e))?.path();
        if let Some(tag) = path
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(|n| n.strip_suffix(".json"))
        {
            let data = fs::read_to_string(&path).map_err(|e| io(&path, e))?;
            catalogues.push((tag.to_string(), data));
        }
    }
    catalogues.sort();
    if !catalogues.iter().any(|(tag, _)| tag == "en") {
        return Err(format!(
            "{} is missing: run scripts/build-web first",
            locales.join("en.json").display()
        ));
    }
    files.extend(
        catalogues
            .iter()
            .map(|(tag, _)| Path::new("pkg/locales").join(format!("{tag}.json"))),
    );
    // The folder's page downloads one experiment's catalogue,
    // pkg/locales/<tag>/<id>.json (the single file carries <tag>.json).
    for (tag, _) in &catalogues {
        let dir = Path::new("pkg/locales").join(tag);
        let mut each: Vec<_> = fs::read_dir(www.join(&dir))
            .map_err(|e| io(&www.join(&dir), e))?
            .filter_map(Result::ok)
            .filter_map(|e| e.file_name().into_string().ok())
            .filter(|name| name.ends_with(".json"))
            .map(|name| dir.join(name))
            .collect();
        each.sort();
        fs::create_dir_all(dist.join(&dir)).map_err(|e| io(dist, e))?;
        files.extend(each);
    }
    let author = www.join("pkg/author");
    if author.is_dir() {
        for name in AUTHOR {
            if !author.join(name).is_file() {
                return Err(format!(
                    "{} is missing: run scripts/build-web first",
                    author.join(name).display()
                ));
            }
            files.push(Path::new("pkg/author").join(name));
        }
        for (tag, _) in &catalogues {
            let catalogue = Path::new("pkg/author/locales").join(format!("{tag}.json"));
            if !www.join(&catalogue).is_file() {
                return Err(format!(
                    "{} is missing: run scripts/build-web first",
                    www.join(&catalogue).display()
                ));
            }
            files.push(catalogue);
        }
        fs::create_dir_all(dist.join("pkg/author/locales")).map_err(|e| io(dist, e))?;
    }

    fs::create_dir_all(dist.join("pkg/locales")).map_err(|e| io(dist, e))?;
    let mut written = Vec::new();
    for file in files {
        let to = dist.join(&file);
        let bytes = fs::copy(www.join(&file), &to).map_err(|e| io(&to, e))?;
        written.push((file, bytes));
    }

    let text = |name: &str| fs::read_to_string(www.join(name)).map_err(|e| io(&www.join(name), e));
    let bytes = |name: &str| fs::read(www.join(name)).map_err(|e| io(&www.join(name), e));
    let (index_html, css, glue_js, main_js) = (
        text(TEMPLATE)?,
        text("pkg/style.css")?,
        text("pkg/gateway_web.js")?,
        text("pkg/main.js")?,
    );
    let (wasm, favicon_svg) = (bytes("pkg/gateway_web_bg.wasm")?, bytes("favicon.svg")?);
    let html = single::build(&single::Inputs {
        index_html: &index_html,
        css: &css,
        glue_js: &glue_js,
        main_js: &main_js,
        wasm: &wasm,
        favicon_svg: &favicon_svg,
        catalogues: &catalogues,
    })?;
    let to = dist.join(SINGLE_FILE);
    fs::write(&to, &html).map_err(|e| io(&to, e))?;
    written.push((PathBuf::from(SINGLE_FILE), html.len() as u64));
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dist_holds_the_page_what_it_loads_from_pkg_and_the_single_file() {
        let base = std::env::temp_dir().join(format!("bundle-test-{}", std::process::id()));
        let (www, dist) = (base.join("www"), base.join("out/dist"));
        fs::create_dir_all(www.join("pkg")).unwrap();
        let index = include_str!("../../../www/index.template.html");
        fs::write(www.join("index.html"), index).unwrap();
        fs::write(www.join(TEMPLATE), index).unwrap();
        fs::write(www.join("embed.html"), index).unwrap();
        fs::write(www.join("style.css"), "body { margin: 0 }\n").unwrap();
        fs::write(www.join("main.js"), "self.workbenchFailed = () => {};\n").unwrap();
        fs::write(www.join("favicon.svg"), "<svg/>").unwrap();
        fs::write(www.join(".DS_Store"), "").unwrap();
        fs::write(
            www.join("pkg/gateway_web.js"),
            "async function __wbg_init() {}\nexport { initSync, __wbg_init as default };\n",
        )
        .unwrap();
        fs::write(www.join("pkg/gateway_web_bg.wasm"), b"\0asm\x01\0\0\0").unwrap();
        fs::write(www.join("pkg/style.css"), "body{margin:0}\n").unwrap();
        fs::write(www.join("pkg/main.js"), "self.workbenchFailed=()=>{};\n").unwrap();
        fs::create_dir_all(www.join("pkg/locales")).unwrap();
        fs::write(www.join("pkg/locales/en.json"), "{}").unwrap();
        fs::write(www.join("pkg/locales/zh-TW.json"), "{}").unwrap();
        for tag in ["en", "zh-TW"] {
            fs::create_dir_all(www.join("pkg/locales").join(tag)).unwrap();
            for name in ["link.json", "email.json", "notes.txt"] {
                fs::write(www.join("pkg/locales").join(tag).join(name), "{}").unwrap();
            }
        }
        fs::write(www.join("pkg/gateway_web.d.ts"), "").unwrap();
        fs::create_dir_all(www.join("pkg/author/locales")).unwrap();
        for name in AUTHOR {
            let text = format!("/* the author build's {name} */");
            fs::write(www.join("pkg/author").join(name), text).unwrap();
        }
        fs::write(www.join("pkg/author/locales/en.json"), "{}").unwrap();
        fs::write(www.join("pkg/author/locales/zh-TW.json"), "{}").unwrap();
        fs::write(www.join("pkg/package.json"), "{}").unwrap();

        let written = run(&www, &dist).unwrap();
        let names: Vec<String> = written
            .iter()
            .map(|(p, _)| p.display().to_string())
            .collect();
        assert_eq!(
            names,
            [
                "embed.html",
                "favicon.svg",
                "index.html",
                "main.js",
                "style.css",
                "pkg/gateway_web.js",
                "pkg/gateway_web_bg.wasm",
                "pkg/main.js",
                "pkg/style.css",
                "pkg/locales/en.json",
                "pkg/locales/zh-TW.json",
                "pkg/locales/en/email.json",
                "pkg/locales/en/link.json",
                "pkg/locales/zh-TW/email.json",
                "pkg/locales/zh-TW/link.json",
                "pkg/author/gateway_web.js",
                "pkg/author/gateway_web_bg.wasm",
                "pkg/author/author.css",
                "pkg/author/locales/en.json",
                "pkg/author/locales/zh-TW.json",
                "workbench.html"
            ]
        );
        for (path, bytes) in &written {
            assert_eq!(
                fs::metadata(dist.join(path)).unwrap().len(),
                *bytes,
                "{}",
                path.display()
            );
        }
        assert_eq!(
            fs::read_dir(dist.join("pkg")).unwrap().count(),
            6,
            "only what the page loads"
        );
        assert_eq!(fs::read_dir(dist.join("pkg/author")).unwrap().count(), 4);
        assert!(!dist.join(".DS_Store").exists());
        let single = fs::read_to_string(dist.join(SINGLE_FILE)).unwrap();
        assert!(single.contains(single::MARKER));
        // The single file is the learner's: nothing of the author build.
        assert!(!single.contains("author build"));

        // An author build without its catalogue is refused by name.
        fs::remove_file(www.join("pkg/author/locales/zh-TW.json")).unwrap();
        assert!(run(&www, &dist)
            .unwrap_err()
            .contains("pkg/author/locales/zh-TW.json"));
        // With no author build, the learner's page alone.
        fs::remove_dir_all(www.join("pkg/author")).unwrap();
        let dist2 = base.join("out/dist2");
        let written = run(&www, &dist2).unwrap();
        assert!(written.iter().all(|(p, _)| !p.starts_with("pkg/author")));

        fs::remove_file(www.join("pkg/gateway_web_bg.wasm")).unwrap();
        assert!(run(&www, &dist).unwrap_err().contains("scripts/build-web"));
        fs::remove_dir_all(&base).unwrap();
    }
}
