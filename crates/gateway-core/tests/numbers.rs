//! The number table (`tests/number_table/mod.rs`), run natively. The
//! browser test of gateway-web runs the same table in headless Chromium
//! against the wasm build, where it also compares with `JSON.parse`.

mod number_table;

#[test]
fn numbers_parse_and_print_as_javascript_does() {
    let problems = number_table::number_problems(None);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn numbers_of_many_digits_meet_the_gates_as_javascript_reads_them() {
    let problems = number_table::gate_problems();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
