//! `experiment-check check [--lang en|zh-TW] [--link] FILE...`
//!
//! Checks each experiment file with the core's checker
//! (`gateway_core::check`): every problem is printed as
//! `FILE: /path: sentence`, in English or, with `--lang zh-TW`, in
//! Traditional Chinese; a file with none gets its answer key, a shortest
//! sequence of the learner's actions for each goal, and with `--link` the
//! fragment part of a link that carries it (`x=1.` and the file's minified
//! JSON, raw-deflated, in base64url). An experiment id two of the files
//! share is a problem of the second. Exit status: 0 when every file
//! passes, 1 when one has a problem, 2 on a usage error or a file that
//! cannot be read. Every word it prints is the core's catalogue's (its
//! own, the usage and what it says of a file, are the `check-…` messages).
//! Each line about a file starts with the file's name and `: ` in every
//! language (the output is read by scripts too).

mod usage;

use std::process::ExitCode;

use gateway_core::check::{self, Report};
use gateway_core::experiments::link;
use gateway_core::experiments::read::{Issue, Problem};
use gateway_core::text::{Locale, Text};

use usage::Usage;

/// What the command line asks for.
#[derive(Debug)]
struct Args {
    link: bool,
    files: Vec<String>,
}

/// The language `--lang` (or `--lang=`) asks for, English by default, so
/// that every other complaint is in it.
fn language(args: &[String]) -> Result<Locale, Usage> {
    let mut locale = Locale::En;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let tag = match arg.as_str() {
            "--" => break,
            "--lang" => Some(it.next().ok_or(Usage::NoLanguage)?.as_str()),
            a => a.strip_prefix("--lang="),
        };
        if let Some(tag) = tag {
            locale = Locale::from_id(tag).ok_or_else(|| Usage::UnknownLanguage(tag.into()))?;
        }
    }
    Ok(locale)
}

fn command(args: &[String]) -> Result<Args, Usage> {
    let mut out = Args {
        link: false,
        files: Vec::new(),
    };
    let mut rest = args.iter();
    match rest.next().map(String::as_str) {
        None => return Err(Usage::NoCommand),
        Some("-h" | "--help" | "help") => return Err(Usage::Help),
        Some("check") => {}
        Some(other) => return Err(Usage::UnknownCommand(other.into())),
    }
    let mut options = true;
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            a if !options || !a.starts_with('-') || a == "-" => out.files.push(a.into()),
            "--" => options = false,
            "--link" => out.link = true,
            // Read by `language`.
            "--lang" => {
                rest.next();
            }
            a if a.starts_with("--lang=") => {}
            "-h" | "--help" => return Err(Usage::Help),
            a => return Err(Usage::UnknownOption(a.into())),
        }
    }
    if out.files.is_empty() {
        return Err(Usage::NoFiles);
    }
    Ok(out)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (locale, parsed) = match language(&args) {
        Ok(locale) => (locale, command(&args)),
        Err(usage) => (Locale::En, Err(usage)),
    };
    let args = match parsed {
        Ok(args) => args,
        Err(usage) => {
            let help = Text::CheckUsage.render(locale);
            let Some(complaint) = usage.complaint() else {
                println!("{help}");
                return ExitCode::SUCCESS;
            };
            eprintln!("{}\n{help}", complaint.render(locale));
            return ExitCode::from(2);
        }
    };
    // Every file is read before any is checked.
    let mut texts = Vec::new();
    for file in &args.files {
        match std::fs::read(file) {
            Ok(bytes) => texts.push(bytes),
            Err(e) => {
                let why = Text::CheckUnreadable {
                    reason: e.to_string().into(),
                };
                eprintln!("{file}: {}", why.render(locale));
            }
        }
    }
    if texts.len() < args.files.len() {
        return ExitCode::from(2);
    }
    let mut failed = false;
    // Each experiment id seen so far, with the first file that has it.
    let mut ids: Vec<(String, &str)> = Vec::new();
    for (file, bytes) in args.files.iter().zip(&texts) {
        let text = std::str::from_utf8(bytes).ok();
        let report = text.map_or_else(not_utf8, check::check);
        let mut lines: Vec<String> = (report.problems.iter())
            .map(|p| p.sentence().render(locale))
            .collect();
        if let Some(id) = text.and_then(experiment_id) {
            match ids.iter().find(|(seen, _)| *seen == id) {
                Some((_, first)) => lines.push(
                    Text::ProblemAt {
                        path: "/id".into(),
                        problem: Text::CheckSameId {
                            id: id.into(),
                            file: (*first).into(),
                        }
                        .into(),
                    }
                    .render(locale),
                ),
                None => ids.push((id, file)),
            }
        }
        for line in &lines {
            println!("{file}: {line}");
        }
        if lines.is_empty() {
            print_key(locale, file, &report);
            if let Some(text) = text.filter(|_| args.link) {
                let link = Text::CheckLink {
                    fragment: fragment(text).into(),
                };
                println!("{file}: {}", link.render(locale));
            }
        }
        failed |= !lines.is_empty();
    }
    ExitCode::from(u8::from(failed))
}

/// A file that is no UTF-8 text.
fn not_utf8() -> Report {
    Report {
        problems: vec![Problem {
            path: String::new(),
            issue: Issue::NotUtf8,
        }],
        answers: Vec::new(),
    }
}

/// The file's `id`, if it is JSON with a text there.
fn experiment_id(text: &str) -> Option<String> {
    let value = gateway_core::json::from_str(text).ok()?;
    value.get("id")?.as_str().map(String::from)
}

fn print_key(locale: Locale, file: &str, report: &Report) {
    let passes = Text::CheckPasses {
        goals: report.answers.len().into(),
    };
    println!("{file}: {}", passes.render(locale));
    for answer in &report.answers {
        let steps = answer.steps.as_deref().unwrap_or_default();
        println!("  {}: {}", answer.goal, check::words(steps).render(locale));
    }
}

/// The link fragment part that carries `text`: its minified JSON (keys in
/// the file's order), raw-deflated.
fn fragment(text: &str) -> String {
    let minified = gateway_core::json::from_str(text)
        .map(|v| gateway_core::json::compact(&v))
        .unwrap_or_else(|_| text.to_string());
    let deflated = miniz_oxide::deflate::compress_to_vec(minified.as_bytes(), 10);
    link::fragment(&deflated)
}
