//! Prints each double as the page prints it (`json::js_number`), for the
//! differential test against JavaScript's `String(x)`
//! (`tests/e2e/js-number.test.mjs`): one IEEE 754 bit pattern per line of
//! standard input, 16 hex digits, gives one line of output.

use std::io::{self, BufRead as _, BufWriter, Write as _};
use std::process::ExitCode;

use gateway_core::json::js_number;

fn main() -> ExitCode {
    let stdin = io::stdin().lock();
    let mut out = BufWriter::new(io::stdout().lock());
    for (n, line) in stdin.lines().enumerate() {
        let Ok(line) = line else {
            eprintln!("line {}: not text", n + 1);
            return ExitCode::FAILURE;
        };
        let Ok(bits) = u64::from_str_radix(line.trim(), 16) else {
            eprintln!("line {}: {line:?} is not 16 hex digits", n + 1);
            return ExitCode::FAILURE;
        };
        if writeln!(out, "{}", js_number(f64::from_bits(bits))).is_err() {
            return ExitCode::FAILURE;
        }
    }
    if out.flush().is_err() {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
