//! A URL's query as its name–value pairs, in order, as `URLSearchParams`
//! reads it ([`Query`]); and written: the page's address with its
//! language ([`with_lang`]), and the address a learner is handed
//! ([`for_learners`]).
//!
//! The page's shell hands the core the browser's own reading
//! ([`Query::from_pairs`]). Native callers (the tests, the checks, the
//! tools) read a query with [`Query::parse`], the `form_urlencoded` crate:
//! `&` between pairs, empty ones skipped, the first `=` between name and
//! value, `+` a space, `%XX` a byte, a `%` without two hex digits itself,
//! bytes that are not UTF-8 replaced by U+FFFD, as `URLSearchParams` does
//! (gateway-web's browser tests hold the two readings to the same answers).

use crate::text::Locale;

/// A URL's query: its name–value pairs, in order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Query(Vec<(String, String)>);

impl Query {
    /// The pairs as the browser's `URLSearchParams` read them.
    pub fn from_pairs(pairs: Vec<(String, String)>) -> Self {
        Query(pairs)
    }

    /// `a=1&b=x%20y` (with or without `?`) → `[("a","1"), ("b","x y")]`.
    pub fn parse(query: &str) -> Self {
        let query = query.strip_prefix('?').unwrap_or(query);
        Query(
            form_urlencoded::parse(query.as_bytes())
                .map(|(name, value)| (name.into_owned(), value.into_owned()))
                .collect(),
        )
    }

    pub fn pairs(&self) -> &[(String, String)] {
        &self.0
    }

    /// The value of the first pair named `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// `url` with its `lang` parameter set to `locale` (added last, or
/// replaced where it was), every other parameter and the fragment kept:
/// share links and a reloaded page keep the language.
pub fn with_lang(url: &str, locale: Locale) -> String {
    rewrite(url, locale, &["lang"])
}

/// The address Copy link hands out: [`with_lang`], without `teacher`. The
/// answer key never travels in a link; a teacher view is opened on
/// purpose.
pub fn for_learners(url: &str, locale: Locale) -> String {
    rewrite(url, locale, &["lang", "teacher"])
}

/// `url` without the parameters named `dropped`, with `lang` set last.
fn rewrite(url: &str, locale: Locale, dropped: &[&str]) -> String {
    let (base, fragment) = url
        .split_once('#')
        .map_or((url, None), |(b, f)| (b, Some(f)));
    let (path, query) = base.split_once('?').unwrap_or((base, ""));
    // The other parameters exactly as they were written.
    let mut out = format!("{path}?");
    for pair in query.split('&') {
        let name = pair.split('=').next().unwrap_or_default();
        if !pair.is_empty() && !dropped.contains(&name) {
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

    fn pairs(query: &str) -> Vec<(String, String)> {
        Query::parse(query).pairs().to_vec()
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
    fn the_answer_key_never_travels_in_a_learners_link() {
        assert_eq!(
            for_learners(
                "https://s.example/wb/?experiment=email&teacher=1&lang=en#r=viewer",
                Locale::ZhTw
            ),
            "https://s.example/wb/?experiment=email&lang=zh-TW#r=viewer"
        );
        assert_eq!(
            for_learners("/wb/?teacher=1&teacher=0&embed=1", Locale::En),
            "/wb/?embed=1&lang=en",
            "every teacher pair goes, whatever its value"
        );
        assert_eq!(
            with_lang("/wb/?teacher=1", Locale::En),
            "/wb/?teacher=1&lang=en",
            "a reload keeps the teacher view"
        );
        assert_eq!(
            for_learners("/wb/?teachers=2", Locale::En),
            "/wb/?teachers=2&lang=en",
            "only the parameter named teacher"
        );
    }

    #[test]
    fn bytes_that_are_not_utf8_become_the_replacement_character() {
        assert_eq!(pairs("bad=%FF")[0].1, "\u{FFFD}");
        assert_eq!(pairs("half=%E4%B8")[0].1, "\u{FFFD}");
        assert_eq!(pairs("two=%FF%FE")[0].1, "\u{FFFD}\u{FFFD}");
    }
}
