//! Bytes into the workbench's inputs: every decoder reads an
//! [`Unstructured`], so the same bytes always give the same inputs.
//!
//! The decoders mix the page's own vocabulary (tool names, examples, keys,
//! API-key shapes, claim phrases) with raw text from the bytes, so a fuzzer
//! reaches both the well-formed paths and the edges. When the bytes run out
//! `Unstructured` answers with the first choice of every decision, so every
//! decoder ends.

use arbitrary::{Result, Unstructured};

/// An index into `weights`, each index as likely as its weight.
pub fn weighted(u: &mut Unstructured<'_>, weights: &[u32]) -> Result<usize> {
    let total: u32 = weights.iter().sum();
    let mut r = u.int_in_range(0..=total.saturating_sub(1))?;
    for (i, w) in weights.iter().enumerate() {
        if r < *w {
            return Ok(i);
        }
        r -= w;
    }
    Ok(0)
}

pub fn pick<T: Copy>(u: &mut Unstructured<'_>, items: &[T]) -> Result<T> {
    u.choose(items).copied()
}

/// Up to `max` bytes of the input as text (invalid UTF-8 replaced).
pub fn raw(u: &mut Unstructured<'_>, max: usize) -> Result<String> {
    let n = u.int_in_range(0..=max)?.min(u.len());
    Ok(String::from_utf8_lossy(u.bytes(n)?).into_owned())
}

const KEY_CHARS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";

/// `n` key characters from one byte of the input (a fixed sequence per
/// byte), so that a key costs the fuzzer two bytes, not forty.
fn key_chars(u: &mut Unstructured<'_>, n: usize) -> Result<String> {
    let mut state = u32::from(u.arbitrary::<u8>()?);
    Ok((0..n)
        .map(|_| {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            char::from(KEY_CHARS[(state >> 16) as usize % KEY_CHARS.len()])
        })
        .collect())
}

/// An API-key-shaped string, or a near miss that must stay as written.
pub fn secret(u: &mut Unstructured<'_>) -> Result<String> {
    let (prefix, len) = match weighted(u, &[3, 3, 1, 1, 1])? {
        0 => ("AIza", 35),
        1 => ("sk-", u.int_in_range(20..=48)?),
        2 => ("AIza", u.int_in_range(30..=34)?),
        3 => ("sk-", u.int_in_range(10..=19)?),
        _ => ("task-", u.int_in_range(20..=30)?),
    };
    Ok(format!("{prefix}{}", key_chars(u, len)?))
}

const WORDS: &[&str] = &[
    "hello", "Receipt", "status", "sent", "the", "42", "report", "a,b", "x.", "?!",
];

/// Free text: words, API keys (sometimes touching), non-ASCII, raw bytes.
pub fn prose(u: &mut Unstructured<'_>) -> Result<String> {
    let parts = u.int_in_range(1..=8)?;
    let mut out = String::new();
    for i in 0..parts {
        if i > 0 {
            out.push_str(pick(u, &[" ", " ", "", "\n", "-", "=", "\""])?);
        }
        match weighted(u, &[3, 3, 1, 1])? {
            0 => out.push_str(pick(u, WORDS)?),
            1 => out.push_str(&secret(u)?),
            2 => out.push_str(pick(u, &["é", "ü", "😀", "\u{2028}", "日本", "\t", "<b>"])?),
            _ => out.push_str(&raw(u, 16)?),
        }
    }
    Ok(out)
}

mod args;
mod decisions;
mod focus;
mod messages;
mod outside;
mod start;

pub use args::*;
pub use decisions::*;
pub use focus::*;
pub use messages::*;
pub use outside::*;
pub use start::*;
