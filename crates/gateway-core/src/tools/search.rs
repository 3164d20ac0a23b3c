//! Search: literal, case-insensitive substring matching over three fixed
//! records. Ranked by number of occurrences, ties by record order; records
//! with no match are left out. No regex, no fuzzy matching.

use serde_json::Value;

use super::{read_only, Claims, Declaration, Examples, ExecError, Planned, Tool};
use crate::fixtures::{Fixtures, Localized};
use crate::json::object;
use crate::policy::Risk;
use crate::schema::{Args, Field, Kind, Shape, Variant};
use crate::store::{Store, StoreKind, StoreView, Stores};
use crate::text::{Locale, Text};

#[derive(Debug)]
pub struct Search;

/// The three records in each fixture language, in record order.
pub const RECORDS: Localized<[&str; 3]> = Localized([
    [
        "Approval binds to the exact payload a reviewer saw, not to the role that asked.",
        "An operation key names one intended effect; replaying the key returns its receipt, not a second effect.",
        "Hooks run before and after execution; redaction changes the returned output, never the ledger.",
    ],
    [
        "核准綁定的是審查者看到的確切酬載，而不是提出要求的角色。",
        "一個操作鍵代表一個預期的效果；重播這個鍵會傳回它的收據，而不是第二個效果。",
        "掛鉤在執行前後執行；遮蔽只改變傳回的輸出，從不改變帳本。",
    ],
]);

/// The search index: the three records of one language, which no call
/// changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Index(Fixtures);

impl Index {
    /// Its three records, in record order.
    pub fn records(&self) -> &'static [&'static str; 3] {
        RECORDS.get(self.0)
    }
}

impl Store for Index {
    crate::unchanging_store!();

    fn fixtures(lang: Fixtures) -> Self {
        Index(lang)
    }

    fn view(&self) -> StoreView {
        StoreView {
            title: Text::LedgerRecords,
            rows: (self.records().iter().enumerate())
                .map(|(i, text)| Text::LedgerRecord {
                    n: (i + 1).into(),
                    text: (*text).into(),
                })
                .collect(),
            empty: None,
        }
    }

    /// Fixture data, not state: the ledger JSON leaves it out.
    fn json(&self) -> Option<(&'static str, Value)> {
        None
    }
}

/// How many results a search returns when `limit` is left out.
pub const DEFAULT_LIMIT: usize = 3;

static DECLARATION: Declaration = Declaration {
    name: "search",
    label: || Text::ToolSearchLabel,
    description: || Text::ToolSearchDescription,
    risks: &[Risk::Read],
    shape: Shape {
        variants: &[Variant {
            consts: &[],
            fields: &[
                Field {
                    name: "query",
                    required: true,
                    kind: Kind::Text {
                        min: 1,
                        max: 100,
                        single_line: false,
                    },
                    description: || Text::ToolSearchArgQuery,
                },
                Field {
                    name: "limit",
                    required: false,
                    kind: Kind::Integer { min: 1, max: 3 },
                    description: || Text::ToolSearchArgLimit,
                },
            ],
        }],
    },
    examples: Localized([
        Examples {
            valid: r#"{
  "query": "receipt",
  "limit": 2
}"#,
            malformed: r#"{
  "query": "receipt",
  "limit": 2,,
}"#,
            boundary: r#"{
  "query": "receipt",
  "limit": 4
}"#,
        },
        Examples {
            valid: r#"{
  "query": "收據",
  "limit": 2
}"#,
            malformed: r#"{
  "query": "收據",
  "limit": 2,,
}"#,
            boundary: r#"{
  "query": "收據",
  "limit": 4
}"#,
        },
    ]),
    redacts: &[],
    claims: Claims::NONE,
};

impl Tool for Search {
    fn declaration(&self) -> &Declaration {
        &DECLARATION
    }

    fn store(&self) -> Option<StoreKind> {
        Some(StoreKind::of::<Index>())
    }

    fn plan(&self, args: &Args, stores: &Stores, _: Locale) -> Result<Planned, ExecError> {
        let query = args.text("query");
        let limit = args.number("limit").map_or(DEFAULT_LIMIT, |n| n as usize);
        let records = stores.read::<Index>().records();
        let results: Vec<Value> = rank(records, query)
            .into_iter()
            .take(limit)
            .map(|(i, count)| {
                object(vec![
                    ("record", (i + 1).into()),
                    ("occurrences", count.into()),
                    ("text", records[i].into()),
                ])
            })
            .collect();
        Ok(read_only(object(vec![
            ("query", query.into()),
            ("results", results.into()),
        ])))
    }
}

/// `(record index, occurrences)` for every one of `records` that
/// matches, best first.
pub fn rank(records: &[&str], query: &str) -> Vec<(usize, usize)> {
    let needle = lowercase(query);
    let mut hits: Vec<(usize, usize)> = records
        .iter()
        .enumerate()
        .map(|(i, r)| (i, r.to_ascii_lowercase().matches(needle.as_str()).count()))
        .filter(|&(_, n)| n > 0)
        .collect();
    // Record order among ties (the sort is stable).
    crate::sort::sort_by_key(&mut hits, |&(_, n)| std::cmp::Reverse(n));
    hits
}

/// `query.to_lowercase()` as far as matching the records (and
/// `gmail.search`'s inbox, whose test checks the same) can tell: their
/// only cased letters are ASCII (the Chinese records hold Han characters
/// and full-width punctuation, which have no case), so a cased needle
/// matches only if its lowercase is ASCII, and the
/// one character besides ASCII's letters whose lowercase is ASCII is the
/// Kelvin sign (`K` → `k`; `İ` → `i̇` keeps a combining dot). Any other
/// character is kept as it is, since its lowercase is not ASCII either and
/// no record holds it. Unicode's lowercase tables cost the page about
/// 4 KB gzipped.
pub(crate) fn lowercase(query: &str) -> String {
    query
        .chars()
        .map(|c| match c {
            '\u{212A}' => 'k',
            c => c.to_ascii_lowercase(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::test_support::{error, fixtures, plan, validate};
    use crate::tools::Registry;
    use serde_json::json;

    fn rank(query: &str) -> Vec<(usize, usize)> {
        super::rank(RECORDS.get(Fixtures::En), query)
    }

    #[test]
    fn ranks_by_occurrences_then_record_order() {
        assert_eq!(rank("THE"), vec![(0, 2), (2, 2), (1, 1)]);
        assert_eq!(rank("Re"), vec![(1, 3), (2, 3), (0, 1)]);
        assert_eq!(rank("ion"), vec![(2, 2), (1, 1)]);
        assert_eq!(rank("receipt"), vec![(1, 1)]);
        assert_eq!(rank("no such words"), vec![]);
        // Literal, not a pattern.
        assert_eq!(rank(".*"), vec![]);
        assert_eq!(rank("effect;"), vec![(1, 1)]);
    }

    #[test]
    fn limit_and_query_bounds() {
        let q = |v: serde_json::Value| v.to_string();
        assert!(validate(&Search, &q(json!({"query": "a", "limit": 1}))).is_ok());
        assert!(validate(&Search, &q(json!({"query": "a", "limit": 3}))).is_ok());
        assert_eq!(
            error(&Search, &q(json!({"query": "a", "limit": 0}))),
            "limit must be from 1 to 3 (got 0)"
        );
        assert_eq!(
            error(&Search, &q(json!({"query": "a", "limit": 4}))),
            "limit must be from 1 to 3 (got 4)"
        );
        assert!(validate(&Search, &q(json!({"query": "q".repeat(100)}))).is_ok());
        assert_eq!(
            error(&Search, &q(json!({"query": "q".repeat(101)}))),
            "query must be at most 100 characters (got 101)"
        );
        assert_eq!(
            error(&Search, &q(json!({"query": ""}))),
            "query must be at least 1 character (got 0)"
        );
    }

    #[test]
    fn ranks_as_unicode_lowercase_would() {
        for lang in Fixtures::ALL {
            ranks_as_unicode_lowercase_would_in(RECORDS.get(lang));
        }
    }

    fn ranks_as_unicode_lowercase_would_in(records: &[&str; 3]) {
        let rank = |query: &str| super::rank(records, query);
        // Their only cased letters are ASCII.
        let uncased = |c: char| c.to_lowercase().eq([c]) && c.to_uppercase().eq([c]);
        assert!(records
            .iter()
            .all(|r| r.chars().all(|c| c.is_ascii() || uncased(c))));
        let reference = |query: &str| -> Vec<(usize, usize)> {
            let needle = query.to_lowercase();
            let mut hits: Vec<(usize, usize)> = records
                .iter()
                .enumerate()
                .map(|(i, r)| (i, r.to_lowercase().matches(needle.as_str()).count()))
                .filter(|&(_, n)| n > 0)
                .collect();
            crate::sort::sort_by_key(&mut hits, |&(_, n)| std::cmp::Reverse(n));
            hits
        };
        // Every character whose lowercase holds an ASCII one, alone and in
        // words of the records.
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            if !c.is_ascii() && !c.to_lowercase().any(|l| l.is_ascii()) {
                continue;
            }
            for query in [
                c.to_string(),
                format!("{c}ey"),
                format!("o{c}ey"),
                format!("{c}i"),
            ] {
                assert_eq!(rank(&query), reference(&query), "{query:?}");
            }
        }
        for query in [
            "THE",
            "ÉFFECT",
            "Ke\u{212A}",
            "\u{212A}EY",
            "İon",
            "RECEİPT",
            "σ",
            "ΣΣ",
            "ǅ",
            "ß",
            "ﬀ",
            "受",
            "the\u{307}",
            "",
            "收據",
            "鍵",
            "，",
        ] {
            assert_eq!(rank(query), reference(query), "{query:?}");
        }
    }

    #[test]
    fn each_language_searches_its_own_records() {
        assert_eq!(rank("\u{212A}EY"), vec![(1, 2)]);
        let zh = |query: &str| super::rank(RECORDS.get(Fixtures::ZhTw), query);
        // The Chinese example's query finds the receipt record, as the
        // English one's does.
        assert_eq!(zh("收據"), vec![(1, 1)]);
        assert_eq!(rank("receipt"), vec![(1, 1)]);
        assert_eq!(zh("鍵"), vec![(1, 2)]);
        assert_eq!(zh("receipt"), vec![]);
        let stores = Registry::fixtures().stores(Fixtures::ZhTw);
        let out = plan(&Search, r#"{"query":"收據"}"#, &stores)
            .unwrap()
            .output;
        assert_eq!(out["results"][0]["text"], json!(RECORDS.0[1][1]));
        let view = Store::view(&Index(Fixtures::ZhTw));
        assert_eq!(
            view.rows[0],
            Text::LedgerRecord {
                n: 1.into(),
                text: RECORDS.0[1][0].into()
            }
        );
    }

    #[test]
    fn default_limit_is_three() {
        let out = plan(&Search, r#"{"query":"the"}"#, &fixtures())
            .unwrap()
            .output;
        assert_eq!(out["results"].as_array().unwrap().len(), 3);
        let out = plan(&Search, r#"{"query":"the","limit":1}"#, &fixtures())
            .unwrap()
            .output;
        assert_eq!(out["results"][0]["record"], json!(1));
        assert_eq!(out["results"][0]["occurrences"], json!(2));
    }
}
