//! Writes every locale's catalogue data as `<dir>/<tag>.json`, the files
//! the page downloads: the learner's (`text::LEARNER_DATA`, without the
//! author build's own messages; scripts/build-web writes them to
//! `www/pkg/locales/`), or with `--author` the whole of `text::DATA`
//! (`www/pkg/author/locales/`).

use std::path::PathBuf;
use std::process::ExitCode;

use gateway_core::text::{DATA, LEARNER_DATA};

fn main() -> ExitCode {
    let args: Vec<_> = std::env::args_os().skip(1).collect();
    let (dir, data) = match args.as_slice() {
        [dir] => (PathBuf::from(dir), LEARNER_DATA),
        [dir, flag] if flag == "--author" => (PathBuf::from(dir), DATA),
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
    }
    ExitCode::SUCCESS
}
