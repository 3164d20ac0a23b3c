#![no_main]

// See gateway_check::check_baseline for what it decodes and checks.
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(violation) = gateway_check::check_baseline(data) {
        panic!("{violation}");
    }
});
