//! `decimal` (the page's exact reading of JSON numbers) against std's own
//! correctly rounded `str::parse::<f64>`: every decimal, long or short,
//! tiny, huge or halfway between two doubles, reads as the double std
//! reads, through `json::from_str` as through `decimal::nearest`; a number
//! too large for a double is refused where it ends, as before.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use gateway_core::decimal::nearest;
use gateway_core::json::{self, JsonError, Syntax};
use proptest::prelude::*;
use serde_json::Value;

/// What `json::from_str` reads `text` as, as a double.
fn read(text: &str) -> f64 {
    json::from_str(text).unwrap().as_f64().unwrap()
}

/// std's reading, the oracle.
fn std_reads(text: &str) -> f64 {
    text.parse::<f64>().unwrap()
}

fn same(text: &str) {
    let want = std_reads(text);
    if want.is_infinite() {
        return;
    }
    let got = read(text);
    assert_eq!(got.to_bits(), want.to_bits(), "{text}: {got:e} != {want:e}");
}

#[test]
fn hard_cases_read_as_std_reads_them() {
    for text in [
        "1e23",
        "8.98846567431158e307",
        "1.7976931348623157e308",
        "1.7976931348623158e308",
        "2.2250738585072011e-308",
        "2.2250738585072012e-308",
        "2.2250738585072014e-308",
        "4.9406564584124654e-324",
        "2.4703282292062328e-324",
        "2.4703282292062327e-324",
        "5e-324",
        "1e-400",
        "-1e-400",
        "9007199254740993",
        "9007199254740993.0",
        "18446744073709551616",
        "123456789012345678901234567890",
        "1000000000000.0001",
        "1000000000000.00006103515625",
        "1000000000000.00006103515626",
        "0.1",
        "0.30000000000000004",
        "3.0000000000000004e-1",
        "9.007199254740993e15",
        "7.2057594037927933e16",
        "1e22",
        "1e-22",
        "123e-25",
        "0.000000000000000000000000000000000000000000001",
        "1.00000000000000011102230246251565404236316680908203125",
        "1.00000000000000011102230246251565404236316680908203124",
        "1.00000000000000011102230246251565404236316680908203126",
    ] {
        same(text);
    }
    assert_eq!(read("-1e-400").to_bits(), (-0.0f64).to_bits());
    // The digits and power of ten, read directly.
    assert_eq!(nearest("1", 0), 1.0);
    assert_eq!(nearest("", 5), 0.0);
    assert_eq!(nearest("17976931348623157", 292), f64::MAX);
    assert_eq!(nearest("17976931348623159", 292), f64::INFINITY);
    assert_eq!(nearest("5", -324), f64::from_bits(1));
}

#[test]
fn a_number_too_large_for_a_double_is_refused_where_it_ends() {
    for text in [
        "1.7976931348623159e308",
        "2e308",
        "-1e309",
        "[1, 123456789e301]",
    ] {
        match json::parse(text) {
            Err(JsonError::Malformed {
                line: 1,
                column,
                detail: Syntax::BadNumber,
            }) => {
                let end = text.trim_end_matches(']').len();
                assert_eq!(column, end, "{text}");
            }
            other => panic!("{text}: {other:?}"),
        }
    }
}

#[test]
fn numbers_in_structures_are_put_back_where_they_stood() {
    let text = r#"{"a": 1e23, "b": [0, 1, 2, 0.1e-30, {"c": 3}], "a": 2e23, "d": "1e23", "e": 0}"#;
    let v = json::from_str(text).unwrap();
    assert_eq!(v["a"].as_f64(), Some(2e23));
    assert_eq!(v["b"][3].as_f64(), Some(0.1e-30));
    assert_eq!(v["b"][1].as_u64(), Some(1));
    assert_eq!(v["b"][4]["c"].as_u64(), Some(3));
    assert_eq!(v["d"], Value::from("1e23"));
    assert_eq!(v["e"].as_u64(), Some(0));
    let keys: Vec<_> = v.as_object().unwrap().keys().cloned().collect();
    assert_eq!(keys, ["a", "b", "d", "e"]);
}

#[test]
fn errors_stand_where_they_stood() {
    let text = "[1e23, 2e23,\n 3e23 x]";
    let Err(JsonError::Malformed { line, column, .. }) = json::parse(text) else {
        panic!("accepted");
    };
    assert_eq!((line, column), (2, 7));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    #[test]
    fn any_decimal_reads_as_std_reads_it(
        int in "[1-9][0-9]{0,25}",
        frac in proptest::option::of("[0-9]{1,25}"),
        exp in proptest::option::of(-340i32..320),
        negative in any::<bool>(),
    ) {
        let mut text = String::new();
        if negative {
            text.push('-');
        }
        text.push_str(&int);
        if let Some(f) = &frac {
            text.push('.');
            text.push_str(f);
        }
        if let Some(e) = exp {
            text.push_str(&format!("e{e}"));
        }
        same(&text);
    }

    /// The rule `decimal` leaves to serde_json: digits that fit 53 bits
    /// times or over a power of ten of at most 22, one exact operation
    /// (serde_json's reading without `float_roundtrip`), is the nearest
    /// double.
    #[test]
    fn serde_jsons_own_reading_is_exact_where_decimal_leaves_it(
        s in 0u64..=(1 << 53),
        p in -22i32..=22,
    ) {
        let pow = 10f64.powi(p.abs());
        let serde = if p >= 0 { s as f64 * pow } else { s as f64 / pow };
        let want = std_reads(&format!("{s}e{p}"));
        prop_assert_eq!(serde.to_bits(), want.to_bits());
    }

    #[test]
    fn doubles_written_long_read_as_std_reads_them(bits in 1u64..0x7fef_ffff_ffff_ffff) {
        let x = f64::from_bits(bits);
        same(&format!("{x:e}"));
        // The double's own decimal to 17, 21 and 30 digits: close to it,
        // or to halfway to a neighbour, where a cheap reading goes wrong.
        same(&format!("{x:.16e}"));
        same(&format!("{x:.20e}"));
        same(&format!("{x:.29e}"));
    }
}
