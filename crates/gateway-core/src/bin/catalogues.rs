//! Writes every locale's catalogue data (`text::DATA`) as
//! `<dir>/<tag>.json`, the files the page downloads (scripts/build-web
//! writes them to `www/pkg/locales/`).

use std::path::PathBuf;
use std::process::ExitCode;

use gateway_core::text::DATA;

fn main() -> ExitCode {
    let Some(dir) = std::env::args_os().nth(1).map(PathBuf::from) else {
        eprintln!("usage: catalogues <dir>");
        return ExitCode::FAILURE;
    };
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("cannot create {}: {e}", dir.display());
        return ExitCode::FAILURE;
    }
    for (locale, data) in DATA {
        let path = dir.join(format!("{}.json", locale.id()));
        if let Err(e) = std::fs::write(&path, data) {
            eprintln!("cannot write {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
        println!("  {:<28} {:>9} bytes", path.display(), data.len());
    }
    ExitCode::SUCCESS
}
