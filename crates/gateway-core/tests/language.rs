//! Which language the page opens in (issue 9): `?lang=` wins; otherwise
//! the browser's preferred languages decide; otherwise English.

use gateway_core::opening::choose_locale;
use gateway_core::text::Locale;

fn tag(query: &str, preferred: &[&str]) -> &'static str {
    choose_locale(query, preferred).id()
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
    assert_eq!(choose_locale("", &["de"]), Locale::default());
}
