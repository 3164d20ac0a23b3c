//! `gmail.draft`: saves one message to the synthetic drafts folder.
//! Nothing is sent; its risk, `draft`, runs without approval.
//!
//! Its fields are `email`'s exactly (the recipient one address at
//! `example.test`). The drafts folder starts empty and holds at most 20
//! drafts, `draft-1` on; a full folder is refused at execution.

use serde_json::Value;

use crate::fixtures::{Fixtures, Localized};
use crate::policy::Risk;
use crate::schema::{Args, Shape, Variant};
use crate::store::{Effect, Note, Store, StoreKind, StoreView, Stores};
use crate::text::{Locale, Text};
use crate::tools::email::{Message, BODY, SUBJECT, TO};
use crate::tools::{Claims, Declaration, Examples, ExecError, Failure, Planned, Tool};

/// The drafts folder holds at most this many drafts.
pub const MAX_DRAFTS: usize = 20;

/// Why `gmail.draft` refuses a call at execution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DraftError {
    DraftsFull { max: usize },
}

impl Failure for DraftError {
    fn text(&self) -> Text {
        match self {
            DraftError::DraftsFull { max } => Text::ExecGmailDraftsFull { max: (*max).into() },
        }
    }
}

/// The drafts folder: drafts saved, oldest first, never sent.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Drafts {
    drafts: Vec<Message>,
}

impl Drafts {
    pub fn drafts(&self) -> &[Message] {
        &self.drafts
    }
}

impl Store for Drafts {
    /// A draft saved.
    type Change = Message;

    /// Empty in every language.
    fn fixtures(_: Fixtures) -> Self {
        Drafts::default()
    }

    fn apply(&mut self, draft: Message) {
        self.drafts.push(draft);
    }

    fn change_text(d: &Message) -> Text {
        Text::EffectGmailDraft {
            id: (&d.id).into(),
            to: (&d.to).into(),
        }
    }

    fn note(&self, _: &Message) -> Option<Note> {
        Some(Note::Added)
    }

    fn row(&self, d: &Message) -> Option<usize> {
        self.drafts.iter().position(|x| x.id == d.id)
    }

    fn view(&self) -> StoreView {
        StoreView {
            title: Text::LedgerGmailDrafts,
            rows: self.drafts.iter().map(Message::row).collect(),
            empty: Some(Text::LedgerEmpty),
        }
    }

    fn json(&self) -> Option<(&'static str, Value)> {
        Some(("drafts", self.drafts.iter().map(Message::json).collect()))
    }
}

#[derive(Debug)]
pub struct Draft;

static DECLARATION: Declaration = Declaration {
    name: "gmail.draft",
    label: || Text::ToolGmailDraftLabel,
    description: || Text::ToolGmailDraftDescription,
    risks: &[Risk::Draft],
    shape: Shape {
        variants: &[Variant {
            consts: &[],
            fields: &[TO, SUBJECT, BODY],
        }],
    },
    examples: Localized([
        Examples {
            valid: r#"{
  "to": "maya@example.test",
  "subject": "Re: Design review moved to 14:00",
  "body": "Thanks, I will be there at 14:00 with the agenda."
}"#,
            malformed: r#"{
  "to": "maya@example.test",
  "subject": "Re: Design review moved to 14:00"
  "body": "A comma is missing above."
}"#,
            boundary: r#"{
  "to": "maya@example.test",
  "subject": "Re: Design review\nmoved to 14:00",
  "body": "A subject is one line."
}"#,
        },
        Examples {
            valid: r#"{
  "to": "maya@example.test",
  "subject": "回覆：設計審查改到 14:00",
  "body": "謝謝，我會在 14:00 帶著議程到場。"
}"#,
            malformed: r#"{
  "to": "maya@example.test",
  "subject": "回覆：設計審查改到 14:00"
  "body": "上一行少了一個逗號。"
}"#,
            boundary: r#"{
  "to": "maya@example.test",
  "subject": "回覆：設計審查\n改到 14:00",
  "body": "主旨只能有一行。"
}"#,
        },
    ]),
    redacts: &["to"],
    claims: Claims {
        names: &[
            "draft", "drafted", "email", "e-mail", "mail", "message", "reply", "草稿", "郵件",
            "電郵", "信件", "回信", "回覆",
        ],
        done: &[
            "drafted",
            "saved",
            "prepared",
            "composed",
            "wrote",
            "written",
            "草擬",
            "擬好",
            "擬了",
            "寫好",
            "存成草稿",
            "存為草稿",
            "存入草稿",
        ],
    },
};

impl Tool for Draft {
    fn declaration(&self) -> &Declaration {
        &DECLARATION
    }

    fn store(&self) -> Option<StoreKind> {
        Some(StoreKind::of::<Drafts>())
    }

    fn plan(&self, args: &Args, stores: &Stores, locale: Locale) -> Result<Planned, ExecError> {
        let drafts = stores.read::<Drafts>();
        if drafts.drafts.len() >= MAX_DRAFTS {
            return Err(DraftError::DraftsFull { max: MAX_DRAFTS }.into());
        }
        let draft = Message::from_args(format!("draft-{}", drafts.drafts.len() + 1), args);
        Ok(Planned {
            output: draft.output(Text::OutputGmailDraftStatus.render(locale)),
            effect: Effect::on::<Drafts>(draft),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::email::check_message_fields;
    use crate::tools::test_support::{commit, plan};
    use crate::tools::Registry;
    use serde_json::json;

    fn args(to: &str, subject: &str, body: &str) -> String {
        json!({ "to": to, "subject": subject, "body": body }).to_string()
    }

    fn stores() -> Stores {
        Registry::with_tools(vec![&Draft]).stores(Fixtures::En)
    }

    #[test]
    fn fields_are_emails_with_their_bounds_on_both_sides() {
        check_message_fields(&Draft);
    }

    #[test]
    fn a_draft_is_saved_and_shows_in_the_view_and_json() {
        let mut ledger = stores();
        let planned = plan(&Draft, &args("maya@example.test", "Hi", "Body"), &ledger).unwrap();
        assert_eq!(
            planned.output,
            json!({
                "id": "draft-1",
                "status": "saved to the synthetic drafts (nothing was sent)",
                "to": "maya@example.test",
                "subject": "Hi",
                "body": "Body"
            })
        );
        assert_eq!(
            planned.effect.text(),
            Text::EffectGmailDraft {
                id: "draft-1".into(),
                to: "maya@example.test".into()
            }
        );
        assert_eq!(planned.effect.note(&ledger), Some(Note::Added));
        commit(&mut ledger, planned.clone());
        assert_eq!(planned.effect.place(&ledger), Some((0, 0)));
        let drafts = ledger.get::<Drafts>().unwrap();
        assert_eq!(
            Store::view(drafts).rows,
            [Text::LedgerEmail {
                id: "draft-1".into(),
                to: "maya@example.test".into(),
                subject: "Hi".into()
            }]
        );
        assert_eq!(
            Store::json(drafts),
            Some((
                "drafts",
                json!([{"id": "draft-1", "to": "maya@example.test", "subject": "Hi", "body": "Body"}])
            ))
        );
        // Empty, the section says so.
        assert_eq!(
            Store::view(&Drafts::default()).empty,
            Some(Text::LedgerEmpty)
        );
    }

    #[test]
    fn drafts_hold_twenty() {
        let mut ledger = stores();
        let text = args("a@example.test", "s", "b");
        for n in 1..=20 {
            let planned = plan(&Draft, &text, &ledger).unwrap();
            assert_eq!(planned.output["id"], json!(format!("draft-{n}")));
            commit(&mut ledger, planned);
        }
        assert_eq!(ledger.get::<Drafts>().map(|d| d.drafts().len()), Some(20));
        assert_eq!(
            plan(&Draft, &text, &ledger).unwrap_err().to_string(),
            "The drafts folder is full: it holds at most 20 drafts"
        );
    }
}
