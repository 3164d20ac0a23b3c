//! A URL's query, read as `application/x-www-form-urlencoded` pairs the
//! way `URLSearchParams` reads it (the `form_urlencoded` crate: `&` between
//! pairs, empty ones skipped, the first `=` between name and value, `+` a
//! space, `%XX` a byte, a `%` without two hex digits itself, bytes that are
//! not UTF-8 replaced by U+FFFD); and written: the page's address with its
//! language ([`with_lang`]).

use crate::text::Locale;

/// `a=1&b=x%20y` → `[("a","1"), ("b","x y")]`.
pub(crate) fn pairs(query: &str) -> Vec<(String, String)> {
    form_urlencoded::parse(query.as_bytes())
        .map(|(name, value)| (name.into_owned(), value.into_owned()))
        .collect()
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

    fn pair(name: &str, value: &str) -> (String, String) {
        (name.into(), value.into())
    }

    /// The cases are URLSearchParams' answers (WHATWG URL, "application/
    /// x-www-form-urlencoded parsing"), written out by hand.
    #[test]
    fn reads_as_url_search_params_does() {
        assert_eq!(
            pairs("experiment=email&lang=zh-TW"),
            [pair("experiment", "email"), pair("lang", "zh-TW")]
        );
        assert_eq!(
            pairs("q=%E4%B8%AD%E6%96%87&x=%e4%b8%ad"),
            [pair("q", "中文"), pair("x", "中")]
        );
        assert_eq!(
            pairs("a==b&=&&=x&name"),
            [
                pair("a", "=b"),
                pair("", ""),
                pair("", "x"),
                pair("name", "")
            ]
        );
        assert_eq!(pairs("plus=a+b%2Bc"), [pair("plus", "a b+c")]);
        assert_eq!(
            pairs("pct=%&pct2=%2&pct3=%zz"),
            [pair("pct", "%"), pair("pct2", "%2"), pair("pct3", "%zz")]
        );
        assert_eq!(pairs(""), []);
        assert_eq!(pairs("&&"), []);
    }

    #[test]
    fn bytes_that_are_not_utf8_become_the_replacement_character() {
        assert_eq!(pairs("bad=%FF")[0].1, "\u{FFFD}");
        assert_eq!(pairs("half=%E4%B8")[0].1, "\u{FFFD}");
        assert_eq!(pairs("two=%FF%FE")[0].1, "\u{FFFD}\u{FFFD}");
    }
}
