//! Base64url without padding (RFC 4648 §5), as a setup link carries its
//! JSON: the canonical form only, so one text decodes from exactly one
//! encoding (no `=`, no other alphabet, no stray bits after the last byte).
//! `base64ct` does the work (its unpadded url-safe encoding is canonical);
//! it weighs less in the page than the `base64` crate's general engine,
//! which is the tests' oracle.

use base64ct::{Base64UrlUnpadded, Encoding as _};

/// `bytes` as unpadded base64url.
pub(crate) fn encode(bytes: &[u8]) -> String {
    Base64UrlUnpadded::encode_string(bytes)
}

/// The bytes of canonical unpadded base64url `text`; `None` for anything
/// else.
pub(crate) fn decode(text: &str) -> Option<Vec<u8>> {
    Base64UrlUnpadded::decode_vec(text).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig};
    use base64::engine::DecodePaddingMode;
    use base64::{alphabet, Engine as _};

    /// Unpadded base64url that refuses padding and stray bits.
    const ORACLE: GeneralPurpose = GeneralPurpose::new(
        &alphabet::URL_SAFE,
        GeneralPurposeConfig::new()
            .with_encode_padding(false)
            .with_decode_padding_mode(DecodePaddingMode::RequireNone)
            .with_decode_allow_trailing_bits(false),
    );

    #[test]
    fn encodes_as_the_base64_crate_does() {
        let mut seed = 11u32;
        for len in 0..70 {
            let bytes: Vec<u8> = (0..len)
                .map(|_| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    (seed >> 16) as u8
                })
                .collect();
            let text = encode(&bytes);
            assert_eq!(text, ORACLE.encode(&bytes), "{bytes:?}");
            assert_eq!(decode(&text), Some(bytes));
        }
        assert_eq!(encode(b"\xfb\xff"), "-_8");
    }

    #[test]
    fn decodes_what_the_base64_crate_decodes_and_refuses_the_rest() {
        // Every text of up to three characters from a small alphabet that
        // holds the edges: letters, digits, the two url-safe ones, and
        // characters base64url does not have.
        let chars = [
            'A', 'B', 'Q', 'g', 'z', '0', '9', '-', '_', '+', '/', '=', ' ', 'é',
        ];
        let texts = crate::test_support::every_text(&chars, 3);
        for prefix in ["", "QUJD", "eyJlIjoiZW1haWwifQ"] {
            for t in &texts {
                let text = format!("{prefix}{t}");
                assert_eq!(decode(&text), ORACLE.decode(&text).ok(), "{text:?}");
            }
        }
    }

    #[test]
    fn the_bits_after_the_last_byte_must_be_zero() {
        assert_eq!(decode("QQ"), Some(b"A".to_vec()));
        assert_eq!(decode("QR"), None);
        assert_eq!(decode("QUI"), Some(b"AB".to_vec()));
        assert_eq!(decode("QUJ"), None);
        assert_eq!(decode("Q"), None);
        assert_eq!(decode("QUJDQ"), None);
        assert_eq!(decode("QQ=="), None);
    }
}
