#![no_main]

// See gateway_check::check_turn_settings for what it decodes and checks.
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(violation) = gateway_check::check_turn_settings(data) {
        panic!("{violation}");
    }
});
