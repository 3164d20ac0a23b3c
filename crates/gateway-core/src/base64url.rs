//! Base64url without padding (RFC 4648 §5), as a setup link carries its
//! JSON: the canonical form only, so one text decodes from exactly one
//! encoding (no `=`, no other alphabet, no stray bits after the last byte).
//! Written here rather than taken from a crate: base64ct's constant-time
//! code cost the page 685 bytes gzipped more, and a link is no secret.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// `bytes` as unpadded base64url.
pub(crate) fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
        // A chunk of k bytes writes k + 1 characters.
        for i in 0..=chunk.len() {
            let six = (n >> (18 - 6 * i)) & 63;
            out.push(char::from(ALPHABET[six as usize]));
        }
    }
    out
}

/// The bytes of canonical unpadded base64url `text`; `None` for anything
/// else.
pub(crate) fn decode(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() / 4 * 3 + 2);
    for chunk in text.as_bytes().chunks(4) {
        let mut n = 0u32;
        for (i, c) in chunk.iter().enumerate() {
            let six = ALPHABET.iter().position(|a| a == c)?;
            n |= (six as u32) << (18 - 6 * i);
        }
        // k characters hold k - 1 bytes; one alone holds none.
        let bytes = chunk.len().checked_sub(1).filter(|&k| k > 0)?;
        // The bits after the last byte must be zero.
        if n & (0x00FF_FFFF >> (8 * bytes)) != 0 {
            return None;
        }
        out.extend((0..bytes).map(|i| (n >> (16 - 8 * i)) as u8));
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64ct::{Base64UrlUnpadded, Encoding as _};

    #[test]
    fn encodes_as_base64ct_does() {
        let mut seed = 11u32;
        for len in 0..70 {
            let bytes: Vec<u8> = (0..len)
                .map(|_| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    (seed >> 16) as u8
                })
                .collect();
            let text = encode(&bytes);
            assert_eq!(text, Base64UrlUnpadded::encode_string(&bytes), "{bytes:?}");
            assert_eq!(decode(&text), Some(bytes));
        }
        assert_eq!(encode(b"\xfb\xff"), "-_8");
    }

    #[test]
    fn decodes_what_base64ct_decodes_and_refuses_the_rest() {
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
                assert_eq!(
                    decode(&text),
                    Base64UrlUnpadded::decode_vec(&text).ok(),
                    "{text:?}"
                );
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
