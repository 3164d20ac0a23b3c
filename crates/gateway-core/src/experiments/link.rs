//! An instructor's experiment carried in a link: the fragment part
//! `x=<version>.<base64url of the experiment file, deflate-compressed>`.
//!
//! The page reads it once, when it opens, with no request made (it works
//! from `file://`, any static host and inside a frame). The shell inflates
//! the bytes ([`compressed`] finds them; the browser's
//! `DecompressionStream("deflate-raw")` does the rest) and hands the text
//! to [`read`], the same reader as every experiment file. A link carries
//! no approval and no ledger beyond the file's declared starting files:
//! the format has no field for either. All its text is shown as text.

use crate::share::{versioned_payload, ShareError};

use super::read::{self, Issue, Problem, MAX_FILE};
use super::Experiment;

/// The version this build writes and reads.
pub const VERSION: u32 = 1;
/// The fragment part starts with this key.
pub const PREFIX: &str = "x=";
/// The longest compressed payload read, in base64 characters.
pub const MAX_PAYLOAD: usize = 48 * 1024;

/// The compressed experiment `fragment` carries. `Ok(None)`: it carries
/// none.
pub fn compressed(fragment: &str) -> Result<Option<Vec<u8>>, ShareError> {
    versioned_payload(fragment, PREFIX, VERSION, MAX_PAYLOAD)
}

/// The name of the single file's `<meta>` that carries an experiment (its
/// content: the fragment part `x=1.…`, base64url, so no markup). The single
/// file's loader (crates/bundle/src/loader.js) puts it before the address's
/// fragment when that carries no experiment of its own.
pub const META_NAME: &str = "function-tools-experiment";

/// The fragment part that carries an experiment compressed as `deflated`
/// (raw deflate, no header).
pub fn fragment(deflated: &[u8]) -> String {
    format!("{PREFIX}{VERSION}.{}", crate::base64url::encode(deflated))
}

/// Reads the experiment a link carried, from its inflated bytes; it is an
/// instructor's (`builtin` is `None`) whatever its id.
pub fn experiment(inflated: &[u8]) -> Result<Experiment, Vec<Problem>> {
    if inflated.len() > MAX_FILE {
        return Err(vec![Problem {
            path: String::new(),
            issue: Issue::FileTooLong {
                got: inflated.len(),
                max: MAX_FILE,
            },
        }]);
    }
    let Ok(text) = std::str::from_utf8(inflated) else {
        return Err(vec![Problem {
            path: String::new(),
            issue: Issue::NotUtf8,
        }]);
    };
    read::experiment(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fragment_round_trips_its_bytes_and_refuses_damage() {
        let bytes = [0u8, 1, 2, 250, 251, 252];
        let f = fragment(&bytes);
        assert!(f.starts_with("x=1."));
        assert_eq!(compressed(&f), Ok(Some(bytes.to_vec())));
        assert_eq!(
            compressed(&format!("#s=1.abc&{f}")),
            Ok(Some(bytes.to_vec()))
        );
        assert_eq!(compressed("#s=1.abc"), Ok(None));
        assert_eq!(
            compressed("x=2.AAAA"),
            Err(ShareError::FutureVersion { got: 2 })
        );
        assert!(compressed("x=1.***").is_err());
        assert!(compressed("x=1").is_err());
        let longest = format!("x=1.{}", "A".repeat(MAX_PAYLOAD));
        assert!(compressed(&longest).is_ok());
        let over = format!("x=1.{}", "A".repeat(MAX_PAYLOAD + 1));
        assert!(compressed(&over).is_err());
    }
}
