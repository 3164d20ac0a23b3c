//! A tool's output is worded like every other word: its status is a
//! catalogue message, written in the page's language when the call is
//! planned. A replay returns the stored receipt as it was.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use gateway_core::text::Locale;
use gateway_core::{ExperimentId, Msg, Role, ToolId};
use serde_json::Value;

const EN_STATUS: &str = "appended to the mock outbox (nothing was sent)";
const ZH_STATUS: &str = "已加入模擬寄件匣（沒有寄出任何郵件）";

fn switch(d: &mut Driver, locale: Locale) {
    d.send(Msg::SetLocale {
        locale,
        page_url: "https://example.test/".into(),
    });
    assert_eq!(d.wb.locale(), locale);
}

fn output(v: &gateway_core::PageModel) -> Value {
    serde_json::from_str(v.output.text.as_deref().expect("an output")).unwrap()
}

#[test]
fn the_email_status_is_written_in_the_pages_language_and_a_replay_keeps_its_words() {
    let mut d = Driver::new(ExperimentId::Email);
    d.send(Msg::SelectTool(ToolId::Email));
    d.send(Msg::SetRole(Role::Operator));
    d.send(Msg::Approve);
    switch(&mut d, Locale::ZhTw);
    let v = d.finish();
    assert_all_pass(&v);
    assert_eq!(output(&v)["status"], ZH_STATUS);
    assert_eq!(ledger(&v)["receipts"][0]["output"]["status"], ZH_STATUS);

    // Back in English, the same key with Reuse receipts on returns the
    // receipt as it was stored.
    switch(&mut d, Locale::En);
    d.send(Msg::SetReuse(true));
    let v = d.rerun();
    assert_eq!(output(&v)["status"], ZH_STATUS);

    // A new key executes again, planned in English.
    d.send(Msg::SetKey("intent-2".into()));
    d.send(Msg::SetReuse(false));
    d.send(Msg::Approve);
    let v = d.rerun();
    assert_all_pass(&v);
    assert_eq!(output(&v)["status"], EN_STATUS);
}

#[test]
fn switching_the_language_rewords_the_planned_output_before_the_run_finishes() {
    let mut d = Driver::new(ExperimentId::Email);
    d.send(Msg::SelectTool(ToolId::Email));
    d.send(Msg::SetRole(Role::Operator));
    d.send(Msg::Approve);
    assert!(d.wb.plan().returns(EN_STATUS));
    switch(&mut d, Locale::ZhTw);
    assert!(d.wb.plan().returns(ZH_STATUS));
    assert!(!d.wb.plan().returns(EN_STATUS));
}
