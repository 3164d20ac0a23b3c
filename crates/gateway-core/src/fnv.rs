//! A 64-bit hash of formatted text: the fingerprint the workbench gives
//! its state, by which the experiment checker's search tells states apart.

/// A 64-bit hash of formatted text (FNV-1a's multiply, a word at a
/// time): the states' fingerprints.
#[derive(Debug)]
pub(crate) struct Fnv(pub u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl std::fmt::Write for Fnv {
    /// FNV-1a's step, eight bytes at a time (then the last few).
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let mut chunks = s.as_bytes().chunks_exact(8);
        for c in &mut chunks {
            let word = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
            self.0 = (self.0 ^ word)
                .wrapping_mul(0x0100_0000_01b3)
                .rotate_left(29);
        }
        for b in chunks.remainder() {
            self.0 = (self.0 ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = self.0.rotate_left(7) ^ s.len() as u64;
        Ok(())
    }
}
