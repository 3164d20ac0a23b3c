//! Writes every locale's catalogue data as `<dir>/<tag>.json`: the
//! learner's (`text::LEARNER_DATA`, without the author build's own
//! messages; scripts/build-web writes them to `www/pkg/locales/`), or with
//! `--author` the author build's (`text::AUTHOR_DATA`,
//! `www/pkg/author/locales/`). Neither carries the command line's messages
//! (`text::COMMAND_LINE_ONLY`).
//!
//! The learner's page downloads one experiment's catalogue,
//! `<dir>/<tag>/<id>.json`, or `<dir>/<tag>/link.json`, also written here
//! ([`write_per_experiment`]), and `<dir>/<tag>/exports.json`, the exports
//! it downloads when the declarations panel opens. The single file carries
//! the whole `<tag>.json`, exports and all.

use std::path::PathBuf;
use std::process::ExitCode;

use gateway_core::text::{AUTHOR_DATA, LEARNER_DATA, LINK_ONLY};

fn main() -> ExitCode {
    let args: Vec<_> = std::env::args_os().skip(1).collect();
    let (dir, data, learner) = match args.as_slice() {
        [dir] => (PathBuf::from(dir), LEARNER_DATA, true),
        [dir, flag] if flag == "--author" => (PathBuf::from(dir), AUTHOR_DATA, false),
        _ => {
            eprintln!("usage: catalogues <dir> [--author]");
            return ExitCode::FAILURE;
        }
    };
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("cannot create {}: {e}", dir.display());
        return ExitCode::FAILURE;
    }
    for (locale, data) in data {
        let path = dir.join(format!("{}.json", locale.id()));
        if let Err(e) = std::fs::write(&path, data) {
            eprintln!("cannot write {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
        println!("  {:<28} {:>9} bytes", path.display(), data.len());
        if learner {
            if let Err(e) = write_per_experiment(&dir.join(locale.id()), data) {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}

/// Writes `data` once per built-in experiment into `dir`, as `<id>.json`,
/// with that experiment's structure and words only and without the
/// messages only a link's experiment needs (`text::LINK_ONLY`); the
/// default experiment's also carries every title (a page asked for an experiment it does not have
/// opens with it, and lists them all). And `link.json`, for a page whose
/// link carries an experiment: every message, the default experiment's
/// structure and words, and every title (a link that cannot be opened
/// lists the experiments by their titles).
/// None of these carries the exports: they go to `exports.json`, which the
/// page downloads when the declarations panel opens.
fn write_per_experiment(dir: &std::path::Path, data: &str) -> Result<(), String> {
    use gateway_core::ExperimentId;
    use serde_json::Value;
    let mut whole: Value = serde_json::from_str(data).map_err(|e| format!("catalogue: {e}"))?;
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let mut exports = serde_json::Map::new();
    if let Value::Object(whole) = &mut whole {
        for key in ["locale", "check"] {
            if let Some(v) = whole.get(key) {
                exports.insert(key.into(), v.clone());
            }
        }
        exports.insert(
            "exports".into(),
            whole.remove("exports").unwrap_or_default(),
        );
    }
    write(&dir.join("exports.json"), &Value::Object(exports))?;
    // A link's page lists the experiments when the one it carries cannot
    // be opened: the default's structure and words, and every title.
    let mut link = whole.clone();
    let default = ExperimentId::default().id();
    titles_only_but(&mut link, default);
    keep_only(&mut link, "structures", default);
    write(&dir.join("link.json"), &link)?;
    for e in ExperimentId::ALL {
        let id = e.id();
        let mut one = whole.clone();
        keep_only(&mut one, "structures", id);
        if id != default {
            keep_only(&mut one, "experiments", id);
        } else {
            titles_only_but(&mut one, id);
        }
        if let Some(Value::Array(messages)) = one.get_mut("messages") {
            for i in LINK_ONLY {
                if let Some(m) = messages.get_mut(i) {
                    *m = Value::from(0);
                }
            }
        }
        write(&dir.join(format!("{id}.json")), &one)?;
    }
    Ok(())
}

/// Keeps `id`'s words whole and, of every other experiment, its title (the
/// first of its words).
fn titles_only_but(catalogue: &mut serde_json::Value, id: &str) {
    if let Some(serde_json::Value::Object(words)) = catalogue.get_mut("experiments") {
        for (other, list) in words.iter_mut() {
            if let (true, serde_json::Value::Array(list)) = (other != id, list) {
                list.truncate(1);
            }
        }
    }
}

/// Keeps, of the catalogue's map `key` (by experiment id), `id`'s entry only.
fn keep_only(catalogue: &mut serde_json::Value, key: &str, id: &str) {
    if let Some(serde_json::Value::Object(map)) = catalogue.get_mut(key) {
        map.retain(|other, _| other == id);
    }
}

fn write(path: &std::path::Path, data: &serde_json::Value) -> Result<(), String> {
    std::fs::write(path, data.to_string())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}
