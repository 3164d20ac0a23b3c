//! The judge of "no API key left visible", written apart from the masker
//! (`gateway_core::mask`) and sharing none of its code: a plain scan, at
//! every position, for the two key shapes the page masks (`AIza` followed
//! by 35 key characters, `sk-` followed by 20 or more), with the key
//! characters spelled out here as a list.
//!
//! The old judge, `mask(text) != text`, asked the masker whether it had
//! missed something: a masker that misses a key calls the result clean.
//! This one does not ask the masker. It sees a key shape left whole in the
//! text; a test that also knows the keys it wrote (see
//! `gateway-core/tests/masking_oracle.rs`) checks that no piece of one
//! survives either ([`piece_left`]).

/// Every character a key's body may hold.
const KEY_CHARACTERS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";

/// `(prefix, fewest body characters)` of each key shape. A Google key's
/// body is exactly 35 characters; more key characters after them make no
/// difference to whether one is there.
const SHAPES: [(&str, usize); 2] = [("AIza", 35), ("sk-", 20)];

/// How many body characters of a key a test lets survive: any run of this
/// many is a leak.
pub const PIECE: usize = 8;

/// The first key-shaped string in `text`, prefix and body, if any.
pub fn visible_key(text: &str) -> Option<&str> {
    keys(text).into_iter().next()
}

/// Every key-shaped string in `text`, one for each position a shape starts
/// at (inside another included), each with the longest body it has
/// (a Google key's cut to 35 characters).
pub fn keys(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for (start, _) in text.char_indices() {
        let rest = &text[start..];
        for (prefix, fewest) in SHAPES {
            let Some(after) = rest.strip_prefix(prefix) else {
                continue;
            };
            let body: usize = after
                .chars()
                .take_while(|c| KEY_CHARACTERS.contains(*c))
                .count();
            if body >= fewest {
                let body = if prefix == "AIza" { fewest } else { body };
                out.push(&rest[..prefix.len() + body]);
            }
        }
    }
    out
}

/// The body of a key: what follows its prefix.
pub fn body(key: &str) -> &str {
    SHAPES
        .iter()
        .find_map(|(prefix, _)| key.strip_prefix(prefix))
        .unwrap_or(key)
}

/// A run of [`PIECE`] characters of `body` that `shown` still holds, if
/// any. (A body shorter than a piece is looked for whole.)
pub fn piece_left<'a>(body: &'a str, shown: &str) -> Option<&'a str> {
    let chars: Vec<(usize, char)> = body.char_indices().collect();
    if chars.len() <= PIECE {
        return shown.contains(body).then_some(body);
    }
    (0..=chars.len() - PIECE).find_map(|i| {
        let from = chars[i].0;
        let to = chars.get(i + PIECE).map_or(body.len(), |c| c.0);
        let piece = &body[from..to];
        shown.contains(piece).then_some(piece)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_each_shape_on_both_sides_of_its_bound() {
        let google = "AIzaSyA1b2C3d4E5f6G7h8I9j0K_L-mNoPqRsTu";
        assert_eq!(google.len(), 39);
        assert_eq!(visible_key(google), Some(google));
        assert_eq!(visible_key(&google[..38]), None);
        let openai = "sk-proj_4Ab-9xYz0QwErTy12";
        assert_eq!(openai.len(), 25);
        assert_eq!(visible_key(&openai[..23]), Some(&openai[..23]));
        assert_eq!(visible_key(&openai[..22]), None);
        assert_eq!(visible_key("AIza…[masked] sk-…[masked]"), None);
        assert_eq!(body(openai), "proj_4Ab-9xYz0QwErTy12");
    }

    #[test]
    fn finds_keys_inside_keys() {
        let text = "AIzaQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQsk-zzzzzzzzzzzzzzzzzzzz";
        let found = keys(text);
        assert_eq!(found.len(), 2, "{found:?}");
        assert_eq!(found[1], "sk-zzzzzzzzzzzzzzzzzzzz");
    }

    #[test]
    fn a_piece_is_eight_characters_of_the_body() {
        assert_eq!(piece_left("abcdefghij", "..cdefghij.."), Some("cdefghij"));
        assert_eq!(piece_left("abcdefghij", "..cdefghi_j"), None);
        assert_eq!(piece_left("abc", "xabcx"), Some("abc"));
    }
}
