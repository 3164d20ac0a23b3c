//! Shareable setups: the current experiment, tool, arguments, role, hook,
//! key and speed, carried in a URL fragment.
//!
//! The fragment is `s=<version>.<base64url of a compact JSON object>`. A link
//! never carries the ledger or an approval: whoever opens it reviews and
//! approves the request themselves. A damaged link, or one made by a newer
//! version, is refused with a message and the default setup is kept.

use serde_json::{Map, Value};

use crate::base64url;
use crate::damage::Damage;
use crate::playback::Speed;
use crate::policy::{Hook, Role};
use crate::text::Text;

/// The version this build writes and reads.
pub const VERSION: u32 = 1;
/// The fragment starts with this key.
pub const PREFIX: &str = "s=";

/// What a shared link restores.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// The experiment's id (a built-in one's, or an instructor's that
    /// the same link carries).
    pub experiment: String,
    pub tool: String,
    pub args: String,
    pub role: Role,
    pub hook: Hook,
    pub key: String,
    pub speed: Speed,
}

/// Why a link's fragment could not be restored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShareError {
    FutureVersion { got: u32 },
    Damaged { detail: Damage },
}

impl ShareError {
    pub fn text(&self) -> Text {
        match self {
            ShareError::FutureVersion { got } => Text::LinkFuture {
                got: (*got).into(),
                version: VERSION.into(),
            },
            ShareError::Damaged { detail } => Text::LinkDamaged {
                detail: detail.text().into(),
            },
        }
    }
}

crate::display_by_text!(ShareError);
impl std::error::Error for ShareError {}

/// The keys of the compact JSON object inside the fragment, short to keep
/// links short: experiment, tool, arguments, role, hook, key, speed.
const KEYS: [&str; 7] = ["e", "t", "a", "r", "h", "k", "s"];

impl Setup {
    /// The fragment (without `#`) that restores this setup.
    pub fn to_fragment(&self) -> String {
        let wire = crate::json::object(vec![
            ("e", self.experiment.as_str().into()),
            ("t", self.tool.as_str().into()),
            ("a", self.args.as_str().into()),
            ("r", self.role.id().into()),
            ("h", self.hook.id().into()),
            ("k", self.key.as_str().into()),
            ("s", self.speed.id().into()),
        ]);
        let json = crate::json::compact(&wire);
        format!("{PREFIX}{VERSION}.{}", base64url::encode(json.as_bytes()))
    }

    /// Reads a fragment (with or without `#`). `Ok(None)`: it holds no setup.
    pub fn from_fragment(fragment: &str) -> Result<Option<Self>, ShareError> {
        // A setup is a few short fields: any length a URL can hold is read.
        let Some(bytes) = versioned_payload(fragment, PREFIX, VERSION, usize::MAX)? else {
            return Ok(None);
        };
        let damaged = |detail: Damage| ShareError::Damaged { detail };
        // Text that is not UTF-8 is not JSON (serde_json's `from_slice`
        // refuses it too); parsing it as `&str`, as every other JSON text
        // of the page is parsed, keeps one copy of the parser in the page.
        let Ok(json) = std::str::from_utf8(&bytes) else {
            return Err(damaged(Damage::NotJson));
        };
        let wire: Map<String, Value> = match crate::json::from_str(json) {
            Ok(Value::Object(map)) => map,
            Ok(_) => return Err(damaged(Damage::NotObject)),
            Err(_) => return Err(damaged(Damage::NotJson)),
        };
        if let Some(extra) = wire.keys().find(|k| !KEYS.contains(&k.as_str())) {
            return Err(damaged(Damage::UnknownField(extra.clone())));
        }
        let text = |key: &'static str| -> Result<String, ShareError> {
            wire.get(key)
                .and_then(Value::as_str)
                .map(String::from)
                .ok_or_else(|| damaged(Damage::NotText(key)))
        };
        let field = |field: &'static str, value: &str| {
            damaged(Damage::UnknownValue {
                field,
                value: value.into(),
            })
        };
        let (e, r, h, s) = (text("e")?, text("r")?, text("h")?, text("s")?);
        Ok(Some(Setup {
            experiment: e,
            role: r.parse().map_err(|_| field("role", &r))?,
            hook: h.parse().map_err(|_| field("hook", &h))?,
            speed: s.parse().map_err(|_| field("speed", &s))?,
            tool: text("t")?,
            args: text("a")?,
            key: text("k")?,
        }))
    }
}

/// The part of `fragment` (with or without `#`; parts joined by `&`) that
/// starts with `key`, without it.
pub(crate) fn part<'f>(fragment: &'f str, key: &str) -> Option<&'f str> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    fragment.split('&').find_map(|p| p.strip_prefix(key))
}

/// The bytes of the fragment part `key<version>.<base64url>` (a shared
/// setup's `s=`, a carried experiment's `x=`), read by this build's
/// `version` and at most `max` base64 characters. `Ok(None)`: there is no
/// such part.
pub(crate) fn versioned_payload(
    fragment: &str,
    key: &str,
    version: u32,
    max: usize,
) -> Result<Option<Vec<u8>>, ShareError> {
    let Some(body) = part(fragment, key) else {
        return Ok(None);
    };
    let damaged = |detail: Damage| ShareError::Damaged { detail };
    let (got, payload) = body
        .split_once('.')
        .ok_or_else(|| damaged(Damage::NoVersion))?;
    let got: u32 = got.parse().map_err(|_| damaged(Damage::VersionNotNumber))?;
    if got > version {
        return Err(ShareError::FutureVersion { got });
    }
    if got != version {
        return Err(damaged(Damage::NoVersion));
    }
    if payload.len() > max {
        return Err(damaged(Damage::TooLong { max }));
    }
    crate::base64url::decode(payload)
        .map(Some)
        .ok_or_else(|| damaged(Damage::NotBase64))
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64ct::{Base64UrlUnpadded, Encoding as _};

    fn sample() -> Setup {
        Setup {
            experiment: "email".into(),
            tool: "email".into(),
            args: "{\"to\":\"<b>é😀\"}".into(),
            role: Role::Operator,
            hook: Hook::RedactOutput,
            key: "intent-2".into(),
            speed: Speed::Double,
        }
    }

    #[test]
    fn a_setup_round_trips_through_its_fragment() {
        let s = sample();
        let f = s.to_fragment();
        assert!(f.starts_with("s=1."));
        assert!(
            f.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"=.-_".contains(&b)),
            "{f}"
        );
        assert_eq!(Setup::from_fragment(&f), Ok(Some(s.clone())));
        assert_eq!(Setup::from_fragment(&format!("#{f}")), Ok(Some(s)));
    }

    #[test]
    fn other_fragments_hold_no_setup() {
        assert_eq!(Setup::from_fragment(""), Ok(None));
        assert_eq!(Setup::from_fragment("#top"), Ok(None));
    }

    #[test]
    fn damaged_and_future_links_are_refused_with_a_message() {
        let good = sample().to_fragment();
        let payload = good.split_once('.').map(|(_, p)| p).unwrap_or_default();
        assert_eq!(
            Setup::from_fragment(&format!("s=2.{payload}")),
            Err(ShareError::FutureVersion { got: 2 })
        );
        assert!(Setup::from_fragment(&format!("s=2.{payload}"))
            .unwrap_err()
            .to_string()
            .contains("newer version"));
        for bad in ["s=", "s=1", "s=x.abc", "s=1.!!!", "s=1.e30", "s=0.abc"] {
            assert!(
                matches!(Setup::from_fragment(bad), Err(ShareError::Damaged { .. })),
                "{bad}"
            );
        }
        let wire = |e: &str, r: &str| {
            let json = format!(
                r#"{{"e":"{e}","t":"email","a":"{{}}","r":"{r}","h":"none","k":"k","s":"normal"}}"#
            );
            format!("s=1.{}", Base64UrlUnpadded::encode_string(json.as_bytes()))
        };
        assert!(Setup::from_fragment(&wire("email", "viewer")).is_ok());
        let err = Setup::from_fragment(&wire("email", "admin")).unwrap_err();
        assert!(
            err.to_string()
                .contains("role \"admin\" is not one this page knows"),
            "{err}"
        );
        // A field the format does not know (e.g. an approval) is refused.
        let json = r#"{"e":"email","t":"email","a":"{}","r":"viewer","h":"none","k":"k","s":"normal","approved":true}"#;
        assert!(Setup::from_fragment(&format!(
            "s=1.{}",
            Base64UrlUnpadded::encode_string(json.as_bytes())
        ))
        .is_err());
    }

    #[test]
    fn a_payload_that_is_not_utf8_is_not_json() {
        let link = |bytes: &[u8]| format!("s=1.{}", Base64UrlUnpadded::encode_string(bytes));
        let good =
            br#"{"e":"email","t":"email","a":"{}","r":"viewer","h":"none","k":"k","s":"normal"}"#;
        assert!(Setup::from_fragment(&link(good)).is_ok());
        // The same object with one byte that is no UTF-8: inside a string,
        // outside one, and a truncated sequence.
        let inside = good
            .iter()
            .map(|&b| if b == b'k' { 0xff } else { b })
            .collect::<Vec<_>>();
        let outside = [&good[..], b" \xc3"].concat();
        let truncated = [&good[..good.len() - 2], b"\xe2\x82\"}"].concat();
        for bytes in [inside, outside, truncated] {
            assert_eq!(
                Setup::from_fragment(&link(&bytes)),
                Err(ShareError::Damaged {
                    detail: Damage::NotJson
                }),
                "{bytes:?}"
            );
        }
    }
}
