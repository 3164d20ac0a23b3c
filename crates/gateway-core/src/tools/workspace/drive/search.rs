//! `drive.search`: the drive's files whose name holds the query.
//!
//! Names only, never content (reading content is `drive.read`'s, which
//! the redact hook can hide). The match is a literal substring, with the
//! letters A–Z matching in either case; other letters match as written
//! (Unicode's case tables would cost the page about 4 KB gzipped, see
//! `tools::search`). Results are in drive order: fixtures, then the
//! documents created.

use serde_json::Value;

use super::{drive, DriveFile};
use crate::fixtures::Localized;
use crate::json::object;
use crate::policy::Risk;
use crate::schema::{Args, Field, Kind, Shape, Variant};
use crate::store::{StoreKind, Stores};
use crate::text::{Locale, Text};
use crate::tools::{read_only, Claims, Declaration, Examples, ExecError, Planned, Tool};

#[derive(Debug)]
pub struct Search;

static DECLARATION: Declaration = Declaration {
    name: "drive.search",
    label: || Text::ToolDriveSearchLabel,
    description: || Text::ToolDriveSearchDescription,
    risks: &[Risk::Read],
    shape: Shape {
        variants: &[Variant {
            consts: &[],
            fields: &[Field {
                name: "query",
                required: true,
                kind: Kind::Text {
                    min: 1,
                    max: 100,
                    single_line: true,
                },
                description: || Text::ToolDriveSearchArgQuery,
            }],
        }],
    },
    // The boundary query is 101 characters in both languages.
    examples: Localized([
        Examples {
            valid: r#"{
  "query": "plan"
}"#,
            malformed: r#"{
  "query": "plan",
}"#,
            boundary: r#"{
  "query": "every file on the quarterly plan, the 2026 budget or the project notes that colleagues shared with me"
}"#,
        },
        Examples {
            valid: r#"{
  "query": "計畫"
}"#,
            malformed: r#"{
  "query": "計畫",
}"#,
            boundary: r#"{
  "query": "所有跟季度計畫、2026 年預算或專案筆記有關，而且是同事在星期五的會議之前分享給我的檔案，請依照最後修改的時間排序，最新的放在最前面，另外也請標出哪些檔案我還沒有打開過，以及哪些檔案需要我盡快回覆意見"
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
        Some(StoreKind::of::<super::Drive>())
    }

    fn plan(&self, args: &Args, stores: &Stores, _: Locale) -> Result<Planned, ExecError> {
        let query = args.text("query");
        let drive = drive(stores);
        let results: Vec<Value> = (drive.files())
            .filter(|f| matches(&f.name, query))
            .map(found)
            .collect();
        Ok(read_only(object(vec![
            ("query", query.into()),
            ("results", results.into()),
        ])))
    }
}

/// Whether `name` holds `query`, the letters A–Z in either case.
fn matches(name: &str, query: &str) -> bool {
    name.to_ascii_lowercase()
        .contains(&query.to_ascii_lowercase())
}

/// A result: the file's id, name and owner, and who shared it where
/// someone did; never its content.
fn found(f: &DriveFile) -> Value {
    let mut entries = vec![
        ("id", f.id.as_str().into()),
        ("name", f.name.as_str().into()),
        ("owner", f.owner.as_str().into()),
    ];
    if let Some(by) = &f.shared_by {
        entries.push(("shared_by", by.as_str().into()));
    }
    object(entries)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::Fixtures;
    use crate::store::Effect;
    use crate::tools::test_support::{error, plan, validate};
    use crate::tools::Registry;
    use serde_json::json;

    fn stores(lang: Fixtures) -> Stores {
        Registry::with_tools(vec![&Search]).stores(lang)
    }

    fn ids(query: &str, lang: Fixtures) -> Vec<String> {
        let text = json!({ "query": query }).to_string();
        let out = plan(&Search, &text, &stores(lang)).unwrap().output;
        (out["results"].as_array().unwrap().iter())
            .map(|r| r["id"].as_str().unwrap().to_owned())
            .collect()
    }

    #[test]
    fn query_bounds_on_both_sides() {
        let q = |query: &str| json!({ "query": query }).to_string();
        assert!(validate(&Search, &q(&"q".repeat(100))).is_ok());
        assert_eq!(
            error(&Search, &q(&"q".repeat(101))),
            "query must be at most 100 characters (got 101)"
        );
        assert!(validate(&Search, &q("q")).is_ok());
        assert_eq!(
            error(&Search, &q("")),
            "query must be at least 1 character (got 0)"
        );
        assert_eq!(
            error(&Search, &q("plan\nbudget")),
            "query must be on one line, with no control characters"
        );
        assert_eq!(error(&Search, "{}"), "Missing query");
    }

    #[test]
    fn names_match_as_substrings_with_a_to_z_in_either_case() {
        assert_eq!(ids("PLAN", Fixtures::En), ["file-1"]);
        assert_eq!(ids("t", Fixtures::En).len(), 5);
        assert_eq!(ids("O", Fixtures::En), ["file-2", "file-4"]);
        // Names only: a word of file-1's content is no match.
        assert_eq!(ids("approval", Fixtures::En), Vec::<String>::new());
        // Literal, not a pattern.
        assert_eq!(ids(".*", Fixtures::En), Vec::<String>::new());
        assert_eq!(ids("計畫", Fixtures::ZhTw), ["file-1"]);
        assert_eq!(ids("2026", Fixtures::ZhTw), ["file-3"]);
        assert_eq!(ids("plan", Fixtures::ZhTw), Vec::<String>::new());
    }

    #[test]
    fn results_name_owner_and_sharer_but_no_content_and_change_nothing() {
        let planned = plan(&Search, r#"{"query":"budget"}"#, &stores(Fixtures::En)).unwrap();
        assert_eq!(planned.effect, Effect::None);
        assert_eq!(
            planned.output,
            json!({
                "query": "budget",
                "results": [{
                    "id": "file-3",
                    "name": "Budget 2026",
                    "owner": "finance@example.test",
                    "shared_by": "finance@example.test"
                }]
            })
        );
        let own = plan(&Search, r#"{"query":"travel"}"#, &stores(Fixtures::En)).unwrap();
        assert_eq!(
            own.output["results"][0],
            json!({"id": "file-5", "name": "Travel checklist", "owner": "me@example.test"})
        );
    }
}
