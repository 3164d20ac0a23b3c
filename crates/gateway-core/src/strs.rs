//! Substring search by bytes, for the page's few searches of a `str`
//! pattern (claims' phrases, search's records): a plain scan. The standard
//! library's `str::find` / `contains` / `matches` with a `&str` pattern
//! bring its Two-Way searcher into the module; these texts are short.
//!
//! A match of a non-empty pattern found by bytes starts and ends on char
//! boundaries (both are valid UTF-8), so the positions are the standard
//! ones.

use std::ops::Range;

/// `s[range]`, or `""` where `range` does not fall on char boundaries of
/// `s`, which no caller asks for: slicing with `[]` would panic there, and
/// its message (the char and the byte range, by `Debug`) costs the page
/// its formatting code.
pub(crate) fn slice(s: &str, range: Range<usize>) -> &str {
    s.get(range).unwrap_or_default()
}

/// Where `needle` first occurs in `hay` at or after byte `from` (`None`
/// past the end), on a char boundary: an empty needle occurs at each.
pub(crate) fn find_from(hay: &str, needle: &str, from: usize) -> Option<usize> {
    let (h, n) = (hay.as_bytes(), needle.as_bytes());
    (from..=h.len().checked_sub(n.len())?)
        .find(|&i| hay.is_char_boundary(i) && h.get(i..).is_some_and(|t| t.starts_with(n)))
}

/// Where `needle` first occurs in `hay`: `hay.find(needle)`.
pub(crate) fn find(hay: &str, needle: &str) -> Option<usize> {
    find_from(hay, needle, 0)
}

/// Whether `needle` occurs in `hay`: `hay.contains(needle)`.
pub(crate) fn contains(hay: &str, needle: &str) -> bool {
    find(hay, needle).is_some()
}

/// The starts of `needle`'s non-overlapping occurrences in `hay`, first to
/// last: `hay.match_indices(needle)`'s positions (an empty needle occurs
/// at every char boundary).
pub(crate) fn starts<'a>(hay: &'a str, needle: &'a str) -> impl Iterator<Item = usize> + 'a {
    let mut from = 0;
    std::iter::from_fn(move || {
        let at = find_from(hay, needle, from)?;
        from = at + needle.len().max(1);
        Some(at)
    })
}

/// Every text of up to `len` characters from `chars`, sorted, each once
/// (the tests' exhaustive inputs).
#[cfg(test)]
pub(crate) fn every_text(chars: &[char], len: usize) -> Vec<String> {
    let mut texts = vec![String::new()];
    for _ in 0..len {
        let longer: Vec<String> = texts
            .iter()
            .flat_map(|t| chars.iter().map(move |c| format!("{t}{c}")))
            .collect();
        texts.extend(longer);
    }
    texts.sort();
    texts.dedup();
    texts
}

#[cfg(test)]
mod tests {
    use super::*;

    const HAYS: &[&str] = &[
        "",
        "a",
        "aaaa",
        "abcabcab",
        "The receipt, not a second receipt.",
        "已完成了，然後已寄出",
        "é e\u{301} é",
    ];
    const NEEDLES: &[&str] = &[
        "", "a", "aa", "abc", "cab", "receipt", "已", "完成", "é", "\u{301}", "zz",
    ];

    #[test]
    fn search_as_the_standard_library_does() {
        for hay in HAYS {
            for needle in NEEDLES {
                assert_eq!(find(hay, needle), hay.find(needle), "{hay:?} {needle:?}");
                assert_eq!(
                    contains(hay, needle),
                    hay.contains(needle),
                    "{hay:?} {needle:?}"
                );
                if !needle.is_empty() {
                    let want: Vec<usize> = hay.match_indices(needle).map(|(i, _)| i).collect();
                    assert_eq!(
                        starts(hay, needle).collect::<Vec<_>>(),
                        want,
                        "{hay:?} {needle:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_slice_is_the_indexed_one_or_empty_off_a_char_boundary() {
        assert_eq!(slice("aé", 0..1), "a");
        assert_eq!(slice("aé", 1..3), "é");
        assert_eq!(slice("aé", 3..3), "");
        assert_eq!(slice("aé", 0..2), "");
        assert_eq!(slice("aé", 2..3), "");
        assert_eq!(slice("aé", 1..4), "");
        let (start, end) = (2, 1);
        assert_eq!(slice("aé", start..end), "", "a reversed range");
    }

    #[test]
    fn a_search_from_a_place_begins_there() {
        assert_eq!(find_from("abab", "ab", 1), Some(2));
        assert_eq!(find_from("abab", "ab", 2), Some(2));
        assert_eq!(find_from("abab", "ab", 3), None);
        assert_eq!(find_from("abab", "", 4), Some(4));
        assert_eq!(find_from("abab", "", 5), None);
        assert_eq!(find_from("ab", "abc", 0), None);
    }
}
