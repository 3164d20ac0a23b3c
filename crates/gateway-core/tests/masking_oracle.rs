//! Issue 33, hole 2: an oracle of masking written apart from the masker.
//!
//! The keys below are literals written out by hand, each as its prefix and
//! its secret body (`_` and `-` inside), not produced by any code of the
//! masker. Each case places some of them in a text: alone, at its start or
//! end, inside words, URL-encoded, glued to each other, overlapping (a key
//! starting inside another). The oracle's judgement: no eight consecutive
//! characters of any placed key's body survive in `mask(text)`. It never
//! asks the masker whether it found something (`mask(text) != text` calls
//! a text clean when the masker misses a key).

#![allow(clippy::unwrap_used, clippy::panic)]

use gateway_core::mask::{mask, mask_value};

/// A key written by hand: its prefix and its secret body.
#[derive(Debug, Clone, Copy)]
struct Key {
    prefix: &'static str,
    body: &'static str,
}

impl Key {
    fn text(self) -> String {
        format!("{}{}", self.prefix, self.body)
    }
}

/// A Google key: `AIza` and 35 key characters.
const GOOGLE: Key = Key {
    prefix: "AIza",
    body: "Sy_4Kq-9mZ2xW7vB1nT8rL0pJ5hC3dF6gH2",
};
/// Another Google key.
const GOOGLE_2: Key = Key {
    prefix: "AIza",
    body: "Bc-De_Fg1Hi2Jk3Lm4No5Pq6Rs7Tu8Vw9Xy",
};
/// An OpenAI project key: `sk-` and 33 key characters.
const OPENAI: Key = Key {
    prefix: "sk-",
    body: "proj-7Hq_2Lm9Xv4Tz8Rb1Nc6Wd3Fg5Jk",
};
/// An `sk-` key with `_` and `-` early in its body.
const OPENAI_2: Key = Key {
    prefix: "sk-",
    body: "ant_api03-Qw9Er8Ty7Ui6Op5As4",
};
/// The shortest `sk-` key: 20 body characters, `_` and `-` among them.
const OPENAI_SHORTEST: Key = Key {
    prefix: "sk-",
    body: "a1_B2-c3D4e5F6g7H8i9",
};
/// A Google key whose last three characters begin the next key: written
/// before [`INSIDE`], the two overlap (the case).
const OVERLAPPED: Key = Key {
    prefix: "AIza",
    body: "Zq_7Vw-3Lk9Pm2Xn5Rt8Yb1Cd4Gh6Jf0sk-",
};
/// The `sk-` key that starts inside [`OVERLAPPED`]: its body follows it.
const INSIDE: Key = Key {
    prefix: "sk-",
    body: "Mx4_Nb7-Vc2Lq9Wp3Hr5",
};

const PIECE: usize = 8;

/// The first run of [`PIECE`] body characters of a placed key that
/// `masked` still shows, with the key it belongs to.
fn leak(keys: &[Key], masked: &str) -> Option<String> {
    for key in keys {
        let chars: Vec<char> = key.body.chars().collect();
        for piece in chars.windows(PIECE) {
            let piece: String = piece.iter().collect();
            if masked.contains(&piece) {
                return Some(format!("{piece:?} of {}", key.text()));
            }
        }
    }
    None
}

/// Every case: a text and the keys placed in it.
fn cases() -> Vec<(String, Vec<Key>)> {
    let (g, g2, o, o2, short) = (
        GOOGLE.text(),
        GOOGLE_2.text(),
        OPENAI.text(),
        OPENAI_2.text(),
        OPENAI_SHORTEST.text(),
    );
    let overlapping = format!("{}{}", OVERLAPPED.text(), INSIDE.body);
    let mut out = vec![
        // Alone, at the start, at the end.
        (g.clone(), vec![GOOGLE]),
        (o.clone(), vec![OPENAI]),
        (short.clone(), vec![OPENAI_SHORTEST]),
        (format!("{o2} was pasted"), vec![OPENAI_2]),
        (format!("the key is {g2}"), vec![GOOGLE_2]),
        // Inside words and glued to other text.
        (format!("Bearer-{o}."), vec![OPENAI]),
        (format!("x_{g}_y"), vec![GOOGLE]),
        (format!("task-{}", OPENAI_2.body), vec![OPENAI_2]),
        (format!("1{g}2"), vec![GOOGLE]),
        (format!("“{short}”"), vec![OPENAI_SHORTEST]),
        (format!("日本{o2}日本"), vec![OPENAI_2]),
        // URL-encoded.
        (format!("?q=1&key%3D{o}%26next%3D2"), vec![OPENAI]),
        (
            format!("url=https%3A%2F%2Fx.test%2F%3Fkey%3D{g}"),
            vec![GOOGLE],
        ),
        // Glued to each other, both ways, and three in a row.
        (format!("{g}{o}"), vec![GOOGLE, OPENAI]),
        (format!("{o}{g}"), vec![OPENAI, GOOGLE]),
        (format!("{g}{g2}"), vec![GOOGLE, GOOGLE_2]),
        (format!("{o2}{short}"), vec![OPENAI_2, OPENAI_SHORTEST]),
        (format!("{g}{o2}{g2}"), vec![GOOGLE, OPENAI_2, GOOGLE_2]),
        (
            format!("{g}-{o}={g2}\"{short}"),
            vec![GOOGLE, OPENAI, GOOGLE_2, OPENAI_SHORTEST],
        ),
        // Overlapping: the second key starts inside the first.
        (overlapping.clone(), vec![OVERLAPPED, INSIDE]),
        (format!("key%3D{overlapping}%26"), vec![OVERLAPPED, INSIDE]),
        (
            format!("{overlapping}{g}"),
            vec![OVERLAPPED, INSIDE, GOOGLE],
        ),
    ];
    // Every case again with a line before and after it.
    let framed: Vec<(String, Vec<Key>)> = out
        .iter()
        .map(|(text, keys)| (format!("line 1\n{text}\nline 3"), keys.clone()))
        .collect();
    out.extend(framed);
    out
}

#[test]
fn the_keys_are_written_as_their_shapes_say() {
    for key in [GOOGLE, GOOGLE_2, OVERLAPPED] {
        assert_eq!(key.body.chars().count(), 35, "{key:?}");
    }
    assert_eq!(OPENAI_SHORTEST.body.chars().count(), 20);
    for key in [OPENAI, OPENAI_2, INSIDE] {
        assert!(key.body.chars().count() >= 20, "{key:?}");
    }
}

/// The oracle over every case: no piece of any placed key survives.
#[test]
fn no_piece_of_any_key_survives_masking() {
    let mut failures = Vec::new();
    for (text, keys) in cases() {
        let masked = mask(&text);
        if let Some(leak) = leak(&keys, &masked) {
            failures.push(format!("{leak} shows in {masked:?} (from {text:?})"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Issue 33, hole 2, as the outside fuzzer found it: `AIza` and 32 key
/// characters glued to an `sk-` key showed the `sk-` key's body.
#[test]
fn masking_leaves_no_key_visible_when_two_keys_touch() {
    let text = format!("{}{}", OVERLAPPED.text(), INSIDE.body);
    let masked = mask(&text);
    assert_eq!(leak(&[OVERLAPPED, INSIDE], &masked), None, "{masked}");
    assert_eq!(masked, "AIza…[masked]");
}

/// The same oracle through JSON values, keys of objects included.
#[test]
fn no_piece_of_any_key_survives_in_a_json_value() {
    for (text, keys) in cases() {
        let value = serde_json::json!({ "body": text, "list": [text], text.clone(): 1 });
        let masked = mask_value(&value).to_string();
        assert_eq!(leak(&keys, &masked), None, "{masked}");
    }
}

/// The other side of each bound: one body character short of a key is not
/// a key, and stays exactly as written.
#[test]
fn a_near_miss_stays_as_written() {
    for near in [
        format!("sk-{}", &OPENAI_SHORTEST.body[..19]),
        format!("AIza{}", &GOOGLE.body[..34]),
        format!("x {} y", &OPENAI_SHORTEST.body[..19]),
    ] {
        assert_eq!(mask(&near), near);
    }
}

/// The oracle itself: a text that still shows a key is caught.
#[test]
fn the_oracle_catches_a_key_left_visible() {
    assert!(leak(&[OPENAI], &OPENAI.text()).is_some());
    let half = format!("sk-…[masked]{}", &OPENAI.body[20..]);
    assert!(leak(&[OPENAI], &half).is_some());
    assert_eq!(leak(&[OPENAI], "sk-…[masked]"), None);
}
