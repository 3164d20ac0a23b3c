//! Links that carry an instructor's experiment, case by case: a field a
//! link must never carry (an approval, a ledger, a receipt, a file the
//! page does not have) makes the experiment unreadable, and the page opens
//! no experiment in its place (it says the link is damaged and lists the
//! experiments); markup in its text stays text.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use gateway_check::carried::{check, Carried};
use gateway_core::command::Read;
use gateway_core::experiments::FILES;
use gateway_core::opening::{open, Address, LinkFault, Opening, Query};
use gateway_core::text::Locale;

fn opened(fragment: &str, inflated: &[u8]) -> Opening {
    let address = Address {
        query: &Query::default(),
        fragment,
        framed: false,
        from_file: false,
        single_file: false,
        locale: Locale::default(),
        inflated: Some(Ok(inflated)),
    };
    open(address, &|_| Read::Absent)
}

/// A built-in file with `field` inserted first.
fn with_field(file: &str, field: &str) -> String {
    format!("{{{field}{}", &file[1..])
}

const LINK: &str = "#x=1.AAAA";

#[test]
fn a_field_a_link_must_not_carry_makes_it_unreadable() {
    for file in FILES {
        for field in [
            r#""approval":true,"#,
            r#""ledger":{"outbox":[]},"#,
            r#""receipts":[],"#,
        ] {
            let path = format!("/{}", &field[1..field.find("\":").unwrap()]);
            match opened(LINK, with_field(file, field).as_bytes()) {
                Opening::BrokenLink {
                    fault: LinkFault::Unreadable(problems),
                    ..
                } => assert_eq!(problems[0].path, path, "{field}"),
                other => panic!("{field}: {other:?}"),
            }
        }
        // A starting file the page does not have.
        let mut e: serde_json::Value = serde_json::from_str(file).unwrap();
        e["files"] = serde_json::json!({"/etc/passwd": "root"});
        assert!(matches!(
            opened(LINK, e.to_string().as_bytes()),
            Opening::BrokenLink {
                fault: LinkFault::Unreadable(_),
                ..
            }
        ));
    }
}

#[test]
fn a_carried_experiment_is_an_instructors_and_its_markup_stays_text() {
    let mut e: serde_json::Value = serde_json::from_str(FILES[1]).unwrap();
    let markup = "<img src=x onerror=alert(1)> & <b>bold</b>";
    e["title"] = serde_json::json!({"en": markup, "zh-TW": markup});
    e["goals"][0]["text"]["en"] = serde_json::json!("<script>alert(1)</script>");
    let Opening::Workbench(wb) = opened(LINK, e.to_string().as_bytes()) else {
        panic!("no workbench");
    };
    assert_eq!(wb.experiment().builtin, None);
    let v = wb.view();
    assert_eq!(v.experiment.title, markup);
    assert_eq!(v.experiment.goals[0].text, "<script>alert(1)</script>");
    assert!(v.experiment.authored.is_some());
    assert!(wb.inputs().approval.is_none());
    assert_eq!(
        *wb.ledger(),
        wb.experiment().ledger(wb.registry(), wb.fixtures())
    );
    check(&Carried {
        fragment: LINK.into(),
        inflated: Some(Ok(e.to_string().into_bytes())),
        query: "?experiment=registry".into(),
    })
    .unwrap();
}
