//! Decimal numbers in JSON text read as the nearest double, as
//! `JSON.parse` reads them.
//!
//! A size trick, under issue 31's rule (it saves at least 2 KB gzipped and
//! lives in this module alone). What it replaces: serde_json's
//! `float_roundtrip` feature, whose correctly rounded parser carries about
//! 7 KB of power-of-ten tables and big-number code, 8.8 KB of the page's
//! module gzipped (docs/figures.md, "The size guard"). Why: serde_json
//! without it reads a decimal with one multiplication or division by a
//! power of ten, which is exact only while the digits fit in 53 bits and
//! the power is at most 10^22; past that it can miss the nearest double
//! by a unit in the last place, and a value just over a bound could pass a
//! gate.
//!
//! How: `exact_numbers` finds each number of the text that serde_json
//! would not read exactly, works out its nearest double here by exact
//! integer arithmetic (`nearest`), and puts in its place a small integer
//! of the same length (padded with spaces), one the text does not hold,
//! which serde_json reads exactly; `put_back` then puts each double where
//! its integer landed. A number too large for a double becomes one that
//! serde_json refuses as too large at the same place. Every position in the
//! text stays where it was, so serde_json's errors point where they did.
//! `tests/decimal.rs` holds this to std's own correctly rounded
//! `str::parse::<f64>` over generated decimals.

use std::borrow::Cow;
use std::cmp::Ordering;

use serde_json::{Number, Value};

/// JSON text as a value, each number the double nearest to it, as
/// `JSON.parse` reads it; serde_json's errors, at their places in `text`.
/// (The core reads every JSON text by it, as `json::from_str`.)
pub fn from_str(text: &str) -> serde_json::Result<Value> {
    let (read, standins) = exact_numbers(text);
    let mut value = serde_json::from_str(&read)?;
    if !standins.is_empty() {
        put_back(&mut value, &standins);
    }
    Ok(value)
}

/// A number that stands in for a double: the integer that serde_json reads
/// in its place, and the double.
type Standin = (u64, f64);

/// `text` with each number serde_json would not read exactly replaced (see
/// the module's header), and the stand-ins for `put_back`.
fn exact_numbers(text: &str) -> (Cow<'_, str>, Vec<Standin>) {
    let tokens: Vec<(usize, usize, Token<'_>)> = number_tokens(text)
        .into_iter()
        .filter_map(|(start, end)| Some((start, end, Token::read(&text[start..end])?)))
        .collect();
    if tokens.iter().all(|(_, _, t)| t.serde_reads_exactly()) {
        return (Cow::Borrowed(text), Vec::new());
    }
    // Positive integers the text holds, which serde_json reads as they
    // are: no stand-in may be one of them.
    let taken: Vec<u64> = tokens
        .iter()
        .filter(|(_, _, t)| !t.negative && !t.decimal())
        .filter_map(|(_, _, t)| t.significand())
        .collect();
    let mut out = String::with_capacity(text.len());
    let mut standins = Vec::new();
    let mut next = 0u64;
    let mut copied = 0;
    for (start, end, token) in tokens {
        if token.serde_reads_exactly() {
            continue;
        }
        let x = token.nearest();
        let len = end - start;
        let replacement = if x.is_finite() {
            while taken.contains(&next) {
                next += 1;
            }
            standins.push((next, x));
            next += 1;
            (next - 1).to_string()
        } else {
            // Refused as too large where the number ends, as serde_json
            // refuses it; a number too large for a double has at least five
            // characters ("2e308").
            format!("{}e999", "9".repeat(len.saturating_sub(4).max(1)))
        };
        // Never longer under the arguments' cap (a stand-in of four digits
        // at most in place of four characters or more); were it longer, the
        // number is left to serde_json.
        if replacement.len() > len {
            continue;
        }
        out.push_str(&text[copied..start]);
        out.push_str(&replacement);
        out.extend(std::iter::repeat_n(' ', len - replacement.len()));
        copied = end;
    }
    out.push_str(&text[copied..]);
    (Cow::Owned(out), standins)
}

/// Puts each stand-in's double where serde_json read its integer.
fn put_back(value: &mut Value, standins: &[Standin]) {
    match value {
        Value::Number(n) => {
            let found = n
                .as_u64()
                .and_then(|u| standins.iter().find(|(s, _)| *s == u));
            if let Some(number) = found.and_then(|&(_, x)| Number::from_f64(x)) {
                *n = number;
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| put_back(v, standins)),
        Value::Object(map) => map.values_mut().for_each(|v| put_back(v, standins)),
        _ => {}
    }
}

/// Where the text's numbers stand, outside its strings: each run of the
/// characters a JSON number is made of that starts with `-` or a digit.
fn number_tokens(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == b'"' {
            i += 1;
            while let Some(&c) = bytes.get(i) {
                i += if c == b'\\' { 2 } else { 1 };
                if c == b'"' {
                    break;
                }
            }
        } else if b == b'-' || b.is_ascii_digit() {
            let start = i;
            while bytes
                .get(i)
                .is_some_and(|c| c.is_ascii_digit() || b"+-.eE".contains(c))
            {
                i += 1;
            }
            tokens.push((start, i));
        } else {
            i += 1;
        }
    }
    tokens
}

/// A JSON number's parts: its sign, its digits (integer part, then
/// fraction) and its exponent.
struct Token<'t> {
    negative: bool,
    int: &'t str,
    frac: &'t str,
    exponent: i64,
    /// Whether serde_json reads the exponent by its overflow rule (its
    /// digits overflow an `i32`), which is exact.
    exponent_overflows: bool,
    /// Whether it has an exponent: read as a double, not an integer.
    has_exponent: bool,
}

impl<'t> Token<'t> {
    /// The parts of `token`, if it is a JSON number.
    fn read(token: &'t str) -> Option<Self> {
        let (negative, rest) = match token.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, token),
        };
        let (mantissa, exponent) = match rest.split_once(['e', 'E']) {
            Some((m, e)) => (m, Some(e)),
            None => (rest, None),
        };
        let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(int) || (int.len() > 1 && int.starts_with('0')) {
            return None;
        }
        if mantissa.contains('.') && !digits(frac) {
            return None;
        }
        let (exponent, exponent_overflows) = match exponent {
            None => (0, false),
            Some(e) => {
                let (minus, e) = match e.strip_prefix('-') {
                    Some(e) => (true, e),
                    None => (false, e.strip_prefix('+').unwrap_or(e)),
                };
                if !digits(e) {
                    return None;
                }
                let value = e.parse::<i32>().ok();
                let magnitude = i64::from(value.unwrap_or(i32::MAX));
                (if minus { -magnitude } else { magnitude }, value.is_none())
            }
        };
        Some(Token {
            negative,
            int,
            frac,
            exponent,
            exponent_overflows,
            has_exponent: rest.len() > mantissa.len(),
        })
    }

    /// A fraction or an exponent: serde_json reads it as a double.
    fn decimal(&self) -> bool {
        !self.frac.is_empty() || self.has_exponent
    }

    /// All its digits as one integer, as serde_json gathers them, if they
    /// fit a `u64`.
    fn significand(&self) -> Option<u64> {
        self.int
            .bytes()
            .chain(self.frac.bytes())
            .try_fold(0u64, |n, b| {
                n.checked_mul(10)?.checked_add(u64::from(b - b'0'))
            })
    }

    /// The power of ten its digits are multiplied by.
    fn power(&self) -> i64 {
        self.exponent - self.frac.len() as i64
    }

    /// Whether serde_json (without `float_roundtrip`) reads this number
    /// exactly: an integer that fits a `u64`; a decimal whose digits fit 53
    /// bits and whose power of ten is at most 22 either way (one exact
    /// multiplication or division); zero; or one whose exponent it reads by
    /// its overflow rule.
    fn serde_reads_exactly(&self) -> bool {
        let significand = self.significand();
        if !self.decimal() {
            return significand.is_some();
        }
        self.exponent_overflows
            || match significand {
                Some(0) => true,
                Some(s) => s <= 1 << 53 && (-22..=22).contains(&self.power()),
                None => false,
            }
    }

    /// The double nearest to the number, ties to even; infinite when the
    /// number is too large for a double.
    fn nearest(&self) -> f64 {
        let digits = format!("{}{}", self.int, self.frac);
        let x = nearest(digits.trim_start_matches('0'), self.power());
        if self.negative {
            -x
        } else {
            x
        }
    }
}

/// The double nearest to `digits` × 10^`power` (`digits` decimal, without
/// leading zeros), ties to even, by exact integer arithmetic: the value as
/// a fraction n / d, scaled by a power of two so that the quotient has 53
/// bits (fewer below the normal range), rounded by its remainder.
pub fn nearest(digits: &str, power: i64) -> f64 {
    let trimmed = digits.trim_end_matches('0');
    let power = power + (digits.len() - trimmed.len()) as i64;
    let digits = trimmed;
    if digits.is_empty() {
        return 0.0;
    }
    let magnitude = digits.len() as i64 + power;
    if magnitude > 310 {
        return f64::INFINITY;
    }
    if magnitude < -330 {
        return 0.0;
    }
    let mut n = Big::default();
    for b in digits.bytes() {
        n.mul_add(10, u32::from(b - b'0'));
    }
    let mut d = Big::default();
    d.mul_add(1, 1);
    if power >= 0 {
        n.mul_pow10(power as u32);
    } else {
        d.mul_pow10((-power) as u32);
    }
    let mut k = i64::from(n.bits()) - i64::from(d.bits()) - 53;
    loop {
        let k_used = k.max(-1074);
        let (mut num, mut den) = (n.clone(), d.clone());
        if k_used >= 0 {
            den.shl(k_used as u32);
        } else {
            num.shl((-k_used) as u32);
        }
        let mut q: u64 = 0;
        for i in (0..=54).rev() {
            let mut step = den.clone();
            step.shl(i);
            if num >= step {
                num.sub(&step);
                q |= 1 << i;
            }
        }
        if q >= 1 << 53 {
            k = k_used + 1;
            continue;
        }
        if q < 1 << 52 && k_used > -1074 {
            k = k_used - 1;
            continue;
        }
        num.shl(1);
        let up = match num.cmp(&den) {
            Ordering::Greater => true,
            Ordering::Equal => q & 1 == 1,
            Ordering::Less => false,
        };
        let (mut q, mut k) = (q + u64::from(up), k_used);
        if q == 1 << 53 {
            q = 1 << 52;
            k += 1;
        }
        if k > 971 {
            return f64::INFINITY;
        }
        return f64::from_bits((((k + 1074) as u64) << 52) + q);
    }
}

/// A non-negative integer of any size, in 32-bit limbs, least significant
/// first, without high zero limbs.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Big(Vec<u32>);

impl Big {
    /// `self * m + a`.
    fn mul_add(&mut self, m: u32, a: u32) {
        let mut carry = u64::from(a);
        for limb in &mut self.0 {
            let v = u64::from(*limb) * u64::from(m) + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    fn mul_pow10(&mut self, mut n: u32) {
        while n > 0 {
            let k = n.min(9);
            self.mul_add(10u32.pow(k), 0);
            n -= k;
        }
    }

    fn shl(&mut self, bits: u32) {
        let (limbs, bits) = ((bits / 32) as usize, bits % 32);
        if bits > 0 {
            let mut carry = 0;
            for limb in &mut self.0 {
                let v = (u64::from(*limb) << bits) | carry;
                *limb = v as u32;
                carry = v >> 32;
            }
            if carry > 0 {
                self.0.push(carry as u32);
            }
        }
        if limbs > 0 && !self.0.is_empty() {
            self.0.splice(0..0, std::iter::repeat_n(0, limbs));
        }
    }

    /// `self - other`, for `other <= self`.
    fn sub(&mut self, other: &Big) {
        let mut borrow = 0i64;
        for (i, limb) in self.0.iter_mut().enumerate() {
            let v = i64::from(*limb) - i64::from(other.0.get(i).copied().unwrap_or(0)) - borrow;
            *limb = v.rem_euclid(1 << 32) as u32;
            borrow = i64::from(v < 0);
        }
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    fn bits(&self) -> u32 {
        self.0
            .last()
            .map_or(0, |top| self.0.len() as u32 * 32 - top.leading_zeros())
    }
}

impl PartialOrd for Big {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Big {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0
            .len()
            .cmp(&other.0.len())
            .then_with(|| self.0.iter().rev().cmp(other.0.iter().rev()))
    }
}
