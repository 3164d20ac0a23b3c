//! A URL's query: read as `application/x-www-form-urlencoded` pairs the
//! way `URLSearchParams` reads it: `&` between pairs (empty ones skipped),
//! the first `=` between name and value, `+` a space, `%XX` a byte (a `%`
//! without two hex digits stays itself), and bytes that are not UTF-8
//! replaced by U+FFFD. Written here rather than taken from
//! `form_urlencoded`, whose decoder cost the page about 200 bytes gzipped
//! more; that crate is the oracle of the tests below. And written: the
//! page's address with its language ([`with_lang`]).

use crate::text::Locale;

/// `a=1&b=x%20y` → `[("a","1"), ("b","x y")]`.
pub(crate) fn pairs(query: &str) -> Vec<(String, String)> {
    query
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            (decode(name), decode(value))
        })
        .collect()
}

fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let byte = match bytes[i] {
            b'+' => b' ',
            b'%' => match (hex(bytes.get(i + 1)), hex(bytes.get(i + 2))) {
                (Some(high), Some(low)) => {
                    i += 2;
                    high << 4 | low
                }
                _ => b'%',
            },
            b => b,
        };
        out.push(byte);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn hex(byte: Option<&u8>) -> Option<u8> {
    char::from(*byte?).to_digit(16).map(|d| d as u8)
}

/// `url` with its `lang` parameter set to `locale` (added last, or
/// replaced where it was), every other parameter and the fragment kept:
/// share links and a reloaded page keep the language.
pub fn with_lang(url: &str, locale: Locale) -> String {
    let (base, fragment) = url
        .split_once('#')
        .map_or((url, None), |(b, f)| (b, Some(f)));
    let (path, query) = base.split_once('?').unwrap_or((base, ""));
    // The other parameters exactly as they were written.
    let mut out = format!("{path}?");
    for pair in query.split('&') {
        if !pair.is_empty() && pair.split('=').next() != Some("lang") {
            out.push_str(pair);
            out.push('&');
        }
    }
    out.push_str("lang=");
    out.push_str(locale.id());
    if let Some(f) = fragment {
        out.push('#');
        out.push_str(f);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn oracle(query: &str) -> Vec<(String, String)> {
        form_urlencoded::parse(query.as_bytes())
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect()
    }

    #[test]
    fn reads_what_form_urlencoded_reads() {
        // Every text of up to four characters from an alphabet that holds
        // the edges: the separators, `+`, `%` and hex digits of either
        // case, a non-hex letter and a non-ASCII character.
        let chars = ['a', '=', '&', '+', '%', '2', 'F', 'f', 'g', 'é', ' '];
        let texts = crate::test_support::every_text(&chars, 4);
        for t in &texts {
            assert_eq!(pairs(t), oracle(t), "{t:?}");
        }
    }

    #[test]
    fn decodes_bytes_and_replaces_what_is_not_utf8() {
        for query in [
            "experiment=email&lang=zh-TW",
            "q=%E4%B8%AD%E6%96%87&x=%e4%b8%ad",
            "bad=%FF%FE&half=%E4%B8&pct=%&pct2=%2&pct3=%zz",
            "a==b&=&&=x&name",
            "plus=a+b%2Bc",
        ] {
            assert_eq!(pairs(query), oracle(query), "{query:?}");
        }
        assert_eq!(pairs("bad=%FF")[0].1, "\u{FFFD}");
    }
}
