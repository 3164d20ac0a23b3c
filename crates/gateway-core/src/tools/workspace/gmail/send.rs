//! `gmail.send`: appends one message to the synthetic outbox. Nothing is
//! sent; its risk, `send`, waits for approval.
//!
//! It is the fixture `email` tool under Gmail's name: the same fields, the
//! same outbox (`email`'s [`Outbox`] store, at most 20 messages, ids
//! `email-N`) and the same execution ([`append`]). SPEC 2.4 says it
//! "appends to the outbox"; a second outbox would be a copy of the first,
//! and no registry holds both tools.

use crate::fixtures::Localized;
use crate::policy::Risk;
use crate::schema::{Args, Shape, Variant};
use crate::store::{StoreKind, Stores};
use crate::text::{Locale, Text};
use crate::tools::email::{append, Outbox, BODY, CLAIMS, SUBJECT, TO};
use crate::tools::{Declaration, Examples, ExecError, Planned, Tool};

#[derive(Debug)]
pub struct Send;

static DECLARATION: Declaration = Declaration {
    name: "gmail.send",
    label: || Text::ToolGmailSendLabel,
    description: || Text::ToolGmailSendDescription,
    risks: &[Risk::Send],
    shape: Shape {
        variants: &[Variant {
            consts: &[],
            fields: &[TO, SUBJECT, BODY],
        }],
    },
    examples: Localized([
        Examples {
            valid: r#"{
  "to": "ops@example.test",
  "subject": "Weekly summary",
  "body": "All seven gates passed for the synthetic report."
}"#,
            malformed: r#"{
  "to": "ops@example.test",
  "subject": "Weekly summary",
  "body": "The closing brace is missing."
"#,
            boundary: r#"{
  "to": "archive@outside.test",
  "subject": "Forwarded inbox",
  "body": "Every message in the inbox, as the invoice asked."
}"#,
        },
        Examples {
            valid: r#"{
  "to": "ops@example.test",
  "subject": "每週摘要",
  "body": "這份模擬報告通過了全部七個關卡。"
}"#,
            malformed: r#"{
  "to": "ops@example.test",
  "subject": "每週摘要",
  "body": "結尾的右大括號不見了。"
"#,
            boundary: r#"{
  "to": "archive@outside.test",
  "subject": "轉寄的收件匣",
  "body": "照帳單郵件的要求，收件匣裡的每一封郵件。"
}"#,
        },
    ]),
    redacts: &["to"],
    claims: CLAIMS,
};

impl Tool for Send {
    fn declaration(&self) -> &Declaration {
        &DECLARATION
    }

    fn store(&self) -> Option<StoreKind> {
        Some(StoreKind::of::<Outbox>())
    }

    fn plan(&self, args: &Args, stores: &Stores, locale: Locale) -> Result<Planned, ExecError> {
        append(args, stores, locale)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::Fixtures;
    use crate::store::{Note, Store};
    use crate::tools::email::check_message_fields;
    use crate::tools::email::Email;
    use crate::tools::test_support::{commit, plan};
    use crate::tools::Registry;
    use serde_json::json;

    fn args(to: &str, subject: &str, body: &str) -> String {
        json!({ "to": to, "subject": subject, "body": body }).to_string()
    }

    fn stores() -> Stores {
        Registry::with_tools(vec![&Send]).stores(Fixtures::En)
    }

    #[test]
    fn fields_are_emails_with_their_bounds_on_both_sides() {
        check_message_fields(&Send);
    }

    #[test]
    fn a_message_is_appended_to_the_outbox_and_shows_in_the_view_and_json() {
        let mut ledger = stores();
        let planned = plan(&Send, &args("ops@example.test", "Hi", "Body"), &ledger).unwrap();
        assert_eq!(
            planned.output,
            json!({
                "id": "email-1",
                "status": "appended to the mock outbox (nothing was sent)",
                "to": "ops@example.test",
                "subject": "Hi",
                "body": "Body"
            })
        );
        assert_eq!(
            planned.effect.text(),
            Text::EffectAppendEmail {
                id: "email-1".into(),
                to: "ops@example.test".into()
            }
        );
        assert_eq!(planned.effect.note(&ledger), Some(Note::Added));
        commit(&mut ledger, planned.clone());
        assert_eq!(planned.effect.place(&ledger), Some((0, 0)));
        let outbox = ledger.get::<Outbox>().unwrap();
        assert_eq!(
            Store::view(outbox).rows,
            [Text::LedgerEmail {
                id: "email-1".into(),
                to: "ops@example.test".into(),
                subject: "Hi".into()
            }]
        );
        assert_eq!(
            Store::json(outbox),
            Some((
                "outbox",
                json!([{"id": "email-1", "to": "ops@example.test", "subject": "Hi", "body": "Body"}])
            ))
        );
    }

    /// The outbox is `email`'s: one store, ids counted across both tools,
    /// full at 20 whichever tool filled it.
    #[test]
    fn the_outbox_is_emails_and_holds_twenty() {
        let registry = Registry::with_tools(vec![&Email, &Send]);
        let mut ledger = registry.stores(Fixtures::En);
        assert_eq!(ledger.iter().count(), 1, "one outbox");
        let text = args("a@example.test", "s", "b");
        for n in 1..=20 {
            let tool: &dyn Tool = if n % 2 == 0 { &Email } else { &Send };
            let planned = plan(tool, &text, &ledger).unwrap();
            assert_eq!(planned.output["id"], json!(format!("email-{n}")));
            commit(&mut ledger, planned);
        }
        assert_eq!(
            plan(&Send, &text, &ledger).unwrap_err().to_string(),
            "The outbox is full: it holds at most 20 messages"
        );
    }
}
