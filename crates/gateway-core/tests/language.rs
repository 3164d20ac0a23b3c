//! Which language the page opens in (issue 9): `?lang=` wins; otherwise
//! the browser's preferred languages decide; otherwise English.

use gateway_core::opening::{choose_locale, Query};
use gateway_core::text::Locale;

fn tag(query: &str, preferred: &[&str]) -> &'static str {
    choose_locale(&Query::parse(query), preferred).id()
}

#[test]
fn the_lang_parameter_wins_over_the_browser() {
    assert_eq!(tag("?lang=zh-TW", &["en-US"]), "zh-TW");
    assert_eq!(tag("?lang=en", &["zh-TW"]), "en");
    assert_eq!(tag("lang=ZH-tw&experiment=email", &[]), "zh-TW");
    // A value the catalogue has no file for is passed over, not guessed.
    assert_eq!(tag("?lang=fr", &["zh-TW"]), "zh-TW");
    assert_eq!(tag("?lang=zh", &[]), "en");
    assert_eq!(tag("?lang=", &[]), "en");
}

#[test]
fn traditional_chinese_browsers_get_zh_tw_and_every_other_english() {
    for zh in [
        "zh-TW",
        "zh-tw",
        "zh-Hant",
        "zh-Hant-TW",
        "zh-HK",
        "zh_TW",
        "zh-MO",
    ] {
        assert_eq!(tag("", &[zh]), "zh-TW", "{zh}");
    }
    for other in [
        "en", "en-GB", "zh", "zh-CN", "zh-Hans", "zh-SG", "ja", "", "x",
    ] {
        assert_eq!(tag("", &[other]), "en", "{other}");
    }
    assert_eq!(tag("", &[]), "en");
}

#[test]
fn the_first_preferred_language_the_catalogue_has_decides() {
    assert_eq!(tag("", &["fr-FR", "zh-TW", "en"]), "zh-TW");
    assert_eq!(tag("", &["zh-CN", "en-US", "zh-TW"]), "en");
    assert_eq!(tag("", &["ja", "ko"]), "en");
    assert_eq!(choose_locale(&Query::parse(""), &["de"]), Locale::default());
}

/// The language browser tag `t` chooses, "" for none: put before English
/// and before Chinese in the browser's list, a tag that chooses neither
/// leaves the choice to the next.
fn chosen_by(t: &str) -> &'static str {
    let (a, b) = (tag("", &[t, "en"]), tag("", &[t, "zh-TW"]));
    if a == b {
        a
    } else {
        ""
    }
}

/// Each rule of the files' `-browser-languages`, both sides: the tags it
/// chooses, and tags it does not.
#[test]
fn each_browser_language_chooses_the_tags_it_is_a_whole_subtag_prefix_of() {
    // Each row: tags separated by spaces (`~` the empty tag), and the
    // language they choose ("" for none).
    let rows = [
        // en: en itself and every en-…, in any case, `_` read as `-`.
        ("en EN en-GB en-US en_US en-Latn-US en-", "en"),
        ("eng english enx-GB e ~ -en x-en fr-en", ""),
        // zh-TW, zh-HK, zh-MO, zh-Hant: each whole, or followed by `-…`.
        (
            "zh-TW ZH-tw zh_TW zh-TW-x-private zh-HK zh-hk zh_HK zh-MO zh-Mo",
            "zh-TW",
        ),
        (
            "zh-Hant zh-hant ZH-HANT zh-Hant-TW zh-Hant-HK zh-Hant-CN zh_Hant_TW",
            "zh-TW",
        ),
        (
            "zh zh- zh-T zh-TWN zh-TWx zh-HKG zh-MOx zh-Hantx zh-Hans zh-Hans-TW",
            "",
        ),
        (
            "zh-Hans-HK zh-CN zh-CN-Hant zh-Latn-TW zh--TW cmn-Hant-TW TW Hant",
            "",
        ),
    ];
    for (tags, chosen) in rows {
        for t in tags.split(' ') {
            let t = if t == "~" { "" } else { t };
            assert_eq!(chosen_by(t), chosen, "{t:?}");
        }
    }
}

/// The files' data chooses exactly as the code that knew the tags did
/// (`before`, as opening.rs had it), for every tag made of these subtags.
#[test]
fn the_files_choose_as_the_code_did_for_every_tag() {
    fn before(tag: &str) -> &'static str {
        let tag = tag.to_ascii_lowercase();
        let subtags: Vec<&str> = tag.split(['-', '_']).collect();
        match subtags.as_slice() {
            ["en", ..] => "en",
            ["zh", "tw" | "hk" | "mo", ..] | ["zh", "hant", ..] => "zh-TW",
            _ => "",
        }
    }
    let subtags = [
        "", "en", "EN", "eng", "zh", "ZH", "tw", "TW", "hk", "mo", "MO", "hant", "Hant", "hans",
        "cn", "x", "latn", "e",
    ];
    let mut tags = vec![String::new()];
    for _ in 0..3 {
        let longer: Vec<String> = (tags.iter())
            .flat_map(|t| {
                subtags.iter().flat_map(move |s| {
                    ["-", "_"].map(|sep| {
                        if t.is_empty() {
                            (*s).to_string()
                        } else {
                            format!("{t}{sep}{s}")
                        }
                    })
                })
            })
            .collect();
        tags.extend(longer);
    }
    tags.sort();
    tags.dedup();
    assert!(tags.len() > 10_000, "{}", tags.len());
    for t in &tags {
        assert_eq!(chosen_by(t), before(t), "{t:?}");
    }
}

#[test]
fn the_browser_languages_are_the_files_and_a_tag_is_listed_once() {
    assert_eq!(Locale::En.browser_languages(), ["en"]);
    assert_eq!(
        Locale::ZhTw.browser_languages(),
        ["zh-tw", "zh-hk", "zh-mo", "zh-hant"]
    );
    let mut all: Vec<&str> = Locale::ALL
        .iter()
        .flat_map(|l| l.browser_languages().iter().copied())
        .collect();
    let listed = all.len();
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), listed, "{all:?}");
    for l in Locale::ALL {
        assert!(!l.browser_languages().is_empty(), "{}", l.id());
    }
}

mod switching {
    //! Switching language mid-run (issue 9) keeps every piece of state:
    //! the gate under inspection, the approval, the ledger, the inputs and
    //! the notes; only the words change.

    #![allow(clippy::unwrap_used)]

    use gateway_core::command::Command;
    use gateway_core::opening::{open, with_lang, Address, Opening, Query, UnknownView};
    use gateway_core::text::{CatalogueFailure, Locale};
    use gateway_core::{ExperimentId, Handled, Msg, Role, Workbench};

    const PAGE: &str = "https://example.test/workbench/?experiment=email#s=1.x";

    fn mid_run() -> Workbench {
        let mut wb = Workbench::new(ExperimentId::Email);
        wb.update(1, Msg::SetRole(Role::Operator));
        wb.update(2, Msg::Approve);
        wb.update(3, Msg::NextGate);
        wb.update(4, Msg::NextGate);
        wb.update(5, Msg::EditNotes("my notes".into()));
        while wb.poll_command().is_some() {}
        wb
    }

    #[test]
    fn a_switch_mid_run_keeps_the_gate_the_approval_the_ledger_and_the_notes() {
        let mut wb = mid_run();
        let before = wb.view();
        let switch = Msg::SetLocale {
            locale: Locale::ZhTw,
            page_url: PAGE.into(),
        };
        assert_eq!(wb.update(6, switch), Handled::Applied);
        let after = wb.view();
        assert_eq!(after.locale, Locale::ZhTw);
        assert_eq!(after.gateway.playback.stage, before.gateway.playback.stage);
        assert_eq!(after.gateway.playback.stage, Some(2));
        assert_eq!(
            after.builder.approval.approved,
            before.builder.approval.approved
        );
        assert!(after.builder.approval.approved);
        assert_eq!(after.ledger.json, before.ledger.json);
        assert_eq!(after.builder.args, before.builder.args);
        assert_eq!(after.builder.key, before.builder.key);
        assert_eq!(after.notes.text, before.notes.text);
        assert_eq!(wb.setup(), mid_run().setup());
        let statuses = |v: &gateway_core::view::PageModel| {
            v.gateway.gates.iter().map(|g| g.status).collect::<Vec<_>>()
        };
        assert_eq!(statuses(&after), statuses(&before));
        // Only the words changed, and the address says the language.
        assert_ne!(after.labels, before.labels);
        assert_ne!(after.gateway.gates[0].name, before.gateway.gates[0].name);
        assert_eq!(&after.labels.language, "語言");
        assert_eq!(
            wb.poll_command(),
            Some(Command::ReplaceAddress {
                url: "https://example.test/workbench/?experiment=email&lang=zh-TW#s=1.x".into()
            })
        );
        assert_eq!(wb.poll_command(), None);
        // And back: the same English words as before.
        let back = Msg::SetLocale {
            locale: Locale::En,
            page_url: PAGE.into(),
        };
        assert_eq!(wb.update(7, back), Handled::Applied);
        assert_eq!(wb.view().labels, before.labels);
        assert_eq!(wb.view().gateway.gates, before.gateway.gates);
    }

    #[test]
    fn kept_ledger_words_are_worded_again_when_the_ledger_or_the_language_changes() {
        use std::rc::Rc;
        let mut wb = mid_run();
        let mut words = gateway_core::view::LedgerWords::default();
        let first = wb.view_kept(&mut words);
        assert_eq!(first, wb.view());
        let steps = [
            (Msg::NextGate, false),
            (Msg::EditNotes("more".into()), false),
            (Msg::FinishRun, true),
            (
                Msg::SetLocale {
                    locale: Locale::ZhTw,
                    page_url: PAGE.into(),
                },
                true,
            ),
            (Msg::SetKey("another".into()), false),
            (Msg::ResetLedger, true),
        ];
        let mut last = first;
        for (at, (msg, worded_again)) in (10..).zip(steps) {
            wb.update(at, msg.clone());
            let kept = wb.view_kept(&mut words);
            assert_eq!(kept, wb.view(), "after {msg:?}");
            let shared = Rc::ptr_eq(&kept.ledger.json, &last.ledger.json)
                && Rc::ptr_eq(&kept.ledger.sections, &last.ledger.sections);
            assert_eq!(shared, !worded_again, "after {msg:?}");
            last = kept;
        }
    }

    #[test]
    fn a_catalogue_that_cannot_be_had_leaves_the_language_and_says_why() {
        let mut wb = mid_run();
        let before = wb.view();
        for data in [
            Err(gateway_core::text::FetchError::Status {
                status: 404,
                url: "https://example.test/pkg/locales/zh-TW.json".into(),
            }),
            Ok("{}".to_string()),
        ] {
            wb.update(
                8,
                Msg::CatalogueLoaded {
                    locale: Locale::ZhTw,
                    data,
                },
            );
        }
        let after = wb.view();
        assert_eq!(after.locale, Locale::En);
        assert_eq!(after.labels, before.labels);
        assert_eq!(
            after.gateway.notices.len(),
            2,
            "{:?}",
            after.gateway.notices
        );
        assert_eq!(
            after.gateway.notices[0],
            "The 繁體中文 words could not be loaded (HTTP 404 https://example.test/pkg/locales/zh-TW.json), so the page stays in this language."
        );
        assert!(
            after.gateway.notices[1].contains("the file is not a catalogue"),
            "{}",
            after.gateway.notices[1]
        );
        assert_eq!(wb.poll_command(), None);
        // Another language's file is refused by name.
        assert_eq!(
            gateway_core::text::install_fetched(
                Locale::ZhTw,
                Ok(gateway_core::text::DATA[0].1.into())
            ),
            Err(CatalogueFailure::WrongLocale(Locale::En))
        );
    }

    #[test]
    fn share_links_and_the_experiment_list_carry_the_language() {
        let mut wb = Workbench::new(ExperimentId::Email);
        wb.update(
            1,
            Msg::SetLocale {
                locale: Locale::ZhTw,
                page_url: "https://example.test/".into(),
            },
        );
        while wb.poll_command().is_some() {}
        wb.update(
            2,
            Msg::CopyLink {
                page_url: "https://example.test/?experiment=email&lang=en#old".into(),
            },
        );
        let copied = std::iter::from_fn(|| wb.poll_command())
            .find_map(|c| match c {
                Command::Copy { text, .. } => Some(text),
                _ => None,
            })
            .unwrap();
        assert!(
            copied.starts_with("https://example.test/?experiment=email&lang=zh-TW#s=1."),
            "{copied}"
        );
        let page = UnknownView::new("nope", Locale::ZhTw);
        assert!(page
            .experiments
            .iter()
            .all(|e| e.href.ends_with("&lang=zh-TW")));
    }

    #[test]
    fn with_lang_sets_one_lang_parameter_and_keeps_the_rest() {
        for (url, expected) in [
            ("https://h/p", "https://h/p?lang=zh-TW"),
            ("https://h/p?", "https://h/p?lang=zh-TW"),
            ("https://h/p?lang=en", "https://h/p?lang=zh-TW"),
            (
                "https://h/p?a=1&lang=en&b=x%20y#f",
                "https://h/p?a=1&b=x%20y&lang=zh-TW#f",
            ),
            ("https://h/p?LANG=en", "https://h/p?LANG=en&lang=zh-TW"),
            ("https://h/p#s=1.a?b", "https://h/p?lang=zh-TW#s=1.a?b"),
            ("https://h/p?&&lang&x", "https://h/p?x&lang=zh-TW"),
        ] {
            assert_eq!(with_lang(url, Locale::ZhTw), expected, "{url}");
        }
    }

    #[test]
    fn the_page_opens_in_the_language_it_was_given() {
        let address = Address {
            query: &Query::parse("?experiment=calendar&lang=zh-TW"),
            fragment: "",
            framed: false,
            from_file: false,
            single_file: false,
            locale: Locale::ZhTw,
            inflated: None,
        };
        let Opening::Workbench(wb) = open(address, &|_| gateway_core::command::Read::Absent) else {
            panic!("calendar did not open");
        };
        let v = wb.view();
        assert_eq!(v.locale, Locale::ZhTw);
        assert_eq!(&v.labels.language, "語言");
        let selected: Vec<_> = v
            .masthead
            .languages
            .iter()
            .filter(|c| c.selected)
            .map(|c| c.value)
            .collect();
        assert_eq!(selected, ["zh-TW"]);
        let names: Vec<_> = v
            .masthead
            .languages
            .iter()
            .map(|c| c.label.as_str())
            .collect();
        assert_eq!(names, ["English", "繁體中文"]);
    }
}
