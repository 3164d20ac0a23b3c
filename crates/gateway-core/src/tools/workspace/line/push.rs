//! `line.push` (send): appends a text message for one contact to the
//! synthetic LINE outbox. Nothing is sent. `to` is a LINE user id (`U` and
//! 32 lowercase hex digits) at the schema gate; whether a contact holds it
//! is found at execution, against the contacts fixture, and an unknown id
//! is refused by name.

use crate::fixtures::{Fixtures, Localized};
use crate::json::object;
use crate::policy::Risk;
use crate::schema::{Args, Field, Format, Kind, Shape, Variant};
use crate::store::{Effect, Note, Store, StoreKind, StoreView, Stores};
use crate::text::{Locale, Text};
use crate::tools::{Claims, Declaration, Examples, ExecError, Failure, Planned, Tool};

/// The LINE outbox holds at most this many messages.
pub const MAX_LINE_OUTBOX: usize = 20;

/// The contacts' LINE user ids, in order (the same in every language).
pub const CONTACT_IDS: [&str; 3] = [
    "U57e80e4a04d61577efc6bcdee853c2c1",
    "U155bad9d288c1bedbb3fc799d47b944f",
    "U276b6c4692e78d4799c12ada515bc3e4",
];

/// The contacts' names, in each fixture language, in [`CONTACT_IDS`]'s
/// order.
pub const CONTACT_NAMES: Localized<[&str; 3]> = Localized([
    ["Mei Lin", "Kenji Sato", "Ana Souza"],
    ["林美玲", "陳志明", "王小華"],
]);

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineMessage {
    pub id: String,
    pub to: String,
    /// The contact's name, in the fixtures' language.
    pub name: String,
    pub text: String,
}

/// Why `line.push` refuses a call at execution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineError {
    OutboxFull {
        max: usize,
    },
    /// No contact has this LINE user id.
    UnknownContact {
        to: String,
    },
}

impl Failure for LineError {
    fn text(&self) -> Text {
        match self {
            LineError::OutboxFull { max } => Text::ExecLineOutboxFull { max: (*max).into() },
            LineError::UnknownContact { to } => Text::ExecLineUnknownContact { to: to.into() },
        }
    }
}

/// The synthetic LINE outbox: messages appended, oldest first, never sent.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LineOutbox {
    messages: Vec<LineMessage>,
}

impl LineOutbox {
    pub fn messages(&self) -> &[LineMessage] {
        &self.messages
    }
}

impl Store for LineOutbox {
    /// A message appended.
    type Change = LineMessage;

    /// Empty in every language.
    fn fixtures(_: Fixtures) -> Self {
        LineOutbox::default()
    }

    fn apply(&mut self, message: LineMessage) {
        self.messages.push(message);
    }

    fn change_text(m: &LineMessage) -> Text {
        Text::EffectLinePush {
            id: (&m.id).into(),
            name: (&m.name).into(),
        }
    }

    fn note(&self, _: &LineMessage) -> Option<Note> {
        Some(Note::Added)
    }

    fn row(&self, m: &LineMessage) -> Option<usize> {
        self.messages.iter().position(|e| e.id == m.id)
    }

    fn view(&self) -> StoreView {
        StoreView {
            title: Text::LedgerLineOutbox,
            rows: (self.messages.iter())
                .map(|m| Text::LedgerLineMessage {
                    id: (&m.id).into(),
                    name: (&m.name).into(),
                    to: (&m.to).into(),
                    text: (&m.text).into(),
                })
                .collect(),
            empty: Some(Text::LedgerEmpty),
        }
    }

    fn json(&self) -> Option<(&'static str, serde_json::Value)> {
        let messages = self.messages.iter().map(|m| {
            object(vec![
                ("id", m.id.as_str().into()),
                ("to", m.to.as_str().into()),
                ("name", m.name.as_str().into()),
                ("text", m.text.as_str().into()),
            ])
        });
        Some(("line_outbox", messages.collect()))
    }
}

#[derive(Debug)]
pub struct Push;

static DECLARATION: Declaration = Declaration {
    name: "line.push",
    label: || Text::ToolLinePushLabel,
    description: || Text::ToolLinePushDescription,
    risks: &[Risk::Send],
    shape: Shape {
        variants: &[Variant {
            consts: &[],
            fields: &[
                Field {
                    name: "to",
                    required: true,
                    kind: Kind::Formatted(Format::LineUserId),
                    description: || Text::ToolLinePushArgTo {
                        ids: CONTACT_IDS.to_vec().into(),
                    },
                },
                Field {
                    name: "text",
                    required: true,
                    kind: Kind::Text {
                        min: 1,
                        max: 5000,
                        single_line: false,
                    },
                    description: || Text::ToolLinePushArgText,
                },
            ],
        }],
    },
    examples: Localized([
        Examples {
            valid: r#"{
  "to": "U57e80e4a04d61577efc6bcdee853c2c1",
  "text": "The synthetic report passed all seven gates."
}"#,
            malformed: r#"{
  "to": "U57e80e4a04d61577efc6bcdee853c2c1"
  "text": "A comma is missing above."
}"#,
            boundary: r#"{
  "to": "U57E80E4A04D61577EFC6BCDEE853C2C1",
  "text": "A LINE user id is U and 32 lowercase hex digits."
}"#,
        },
        Examples {
            valid: r#"{
  "to": "U57e80e4a04d61577efc6bcdee853c2c1",
  "text": "這份模擬報告通過了全部七個關卡。"
}"#,
            malformed: r#"{
  "to": "U57e80e4a04d61577efc6bcdee853c2c1"
  "text": "上一行少了一個逗號。"
}"#,
            boundary: r#"{
  "to": "U57E80E4A04D61577EFC6BCDEE853C2C1",
  "text": "LINE 使用者 ID 是 U 加上 32 個小寫十六進位數字。"
}"#,
        },
    ]),
    redacts: &["to"],
    claims: Claims {
        // "LINE" in either language ("已傳送 LINE 訊息"); a bare "message"
        // is the email's word.
        names: &["line"],
        done: &[
            "pushed",
            "sent",
            "messaged",
            "delivered",
            "texted",
            "傳送",
            "發送",
            "推播",
            "送出",
        ],
    },
};

impl Tool for Push {
    fn declaration(&self) -> &Declaration {
        &DECLARATION
    }

    fn store(&self) -> Option<StoreKind> {
        Some(StoreKind::of::<LineOutbox>())
    }

    fn plan(&self, args: &Args, stores: &Stores, locale: Locale) -> Result<Planned, ExecError> {
        let to = args.text("to");
        let Some(at) = CONTACT_IDS.iter().position(|id| *id == to) else {
            return Err(LineError::UnknownContact { to: to.into() }.into());
        };
        let outbox = stores.read::<LineOutbox>();
        if outbox.messages.len() >= MAX_LINE_OUTBOX {
            return Err(LineError::OutboxFull {
                max: MAX_LINE_OUTBOX,
            }
            .into());
        }
        let message = LineMessage {
            id: format!("line-{}", outbox.messages.len() + 1),
            to: to.into(),
            name: CONTACT_NAMES.get(stores.fixtures())[at].into(),
            text: args.text("text").into(),
        };
        let output = object(vec![
            ("id", message.id.as_str().into()),
            ("status", Text::OutputLineStatus.render(locale).into()),
            ("to", message.to.as_str().into()),
            ("text", message.text.as_str().into()),
        ]);
        Ok(Planned {
            output,
            effect: Effect::on::<LineOutbox>(message),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::test_support::{commit, error, plan, validate};
    use crate::tools::Registry;
    use serde_json::json;

    const MEI: &str = "U57e80e4a04d61577efc6bcdee853c2c1";

    fn stores(lang: Fixtures) -> Stores {
        Registry::with_tools(vec![&Push]).stores(lang)
    }

    fn args(to: &str, text: &str) -> String {
        json!({ "to": to, "text": text }).to_string()
    }

    #[test]
    fn to_is_a_line_user_id() {
        let rule = "a LINE user id: U and exactly 32 lowercase hexadecimal digits 0–9 a–f";
        assert!(validate(&Push, &args(MEI, "hi")).is_ok());
        for bad in [
            "U57e80e4a04d61577efc6bcdee853c2c",
            "U57e80e4a04d61577efc6bcdee853c2c10",
            "U57E80E4A04D61577EFC6BCDEE853C2C1",
            "u57e80e4a04d61577efc6bcdee853c2c1",
            "learner@example.test",
        ] {
            assert_eq!(
                error(&Push, &args(bad, "hi")),
                format!("to must be {rule} (got \"{bad}\")")
            );
        }
    }

    #[test]
    fn text_is_1_to_5000_characters() {
        assert!(validate(&Push, &args(MEI, "x")).is_ok());
        assert!(validate(&Push, &args(MEI, "two\nlines")).is_ok());
        assert_eq!(
            error(&Push, &args(MEI, "")),
            "text must be at least 1 character (got 0)"
        );
        // The upper bound is the shape's: argument text is capped at 4096
        // UTF-16 units before it is parsed (SPEC 2.1), so a call holding
        // 5000 characters is refused by that cap first.
        let shape = Push.declaration().shape;
        let text = |n: usize| json!({ "to": MEI, "text": "x".repeat(n) });
        assert!(shape.validate(text(5000)).is_ok());
        assert_eq!(
            shape.validate(text(5001)).unwrap_err().to_string(),
            "text must be at most 5000 characters (got 5001)"
        );
        assert!(error(&Push, &args(MEI, &"x".repeat(5000))).starts_with("Arguments"));
    }

    #[test]
    fn an_unknown_well_formed_id_is_refused_at_execution_by_name() {
        let unknown = "U00000000000000000000000000000000";
        assert!(validate(&Push, &args(unknown, "hi")).is_ok());
        assert_eq!(
            plan(&Push, &args(unknown, "hi"), &stores(Fixtures::En))
                .unwrap_err()
                .to_string(),
            "No contact has the LINE user id U00000000000000000000000000000000"
        );
    }

    #[test]
    fn a_push_shows_in_the_outbox_view_and_json_in_each_language() {
        let mut s = stores(Fixtures::En);
        let outbox = |s: &Stores| Store::view(s.get::<LineOutbox>().unwrap());
        assert!(outbox(&s).rows.is_empty());
        assert_eq!(outbox(&s).empty, Some(Text::LedgerEmpty));
        let planned = plan(&Push, &args(CONTACT_IDS[1], "See you at 10."), &s).unwrap();
        assert_eq!(
            planned.output,
            json!({
                "id": "line-1",
                "status": "appended to the synthetic LINE outbox (nothing was sent)",
                "to": CONTACT_IDS[1],
                "text": "See you at 10.",
            })
        );
        assert_eq!(
            planned.effect.text().render(Locale::En),
            "appends line-1 for Kenji Sato to the LINE outbox"
        );
        commit(&mut s, planned);
        assert_eq!(
            outbox(&s).rows[0].render(Locale::En),
            "line-1 to Kenji Sato (U155bad9d288c1bedbb3fc799d47b944f): See you at 10."
        );
        let (key, json) = Store::json(s.get::<LineOutbox>().unwrap()).unwrap();
        assert_eq!(key, "line_outbox");
        assert_eq!(
            json,
            json!([{
                "id": "line-1",
                "to": CONTACT_IDS[1],
                "name": "Kenji Sato",
                "text": "See you at 10.",
            }])
        );
        let zh = stores(Fixtures::ZhTw);
        let planned = plan(&Push, &args(MEI, "十點見。"), &zh).unwrap();
        assert_eq!(planned.effect.get::<LineOutbox>().unwrap().name, "林美玲");
    }

    #[test]
    fn the_line_outbox_holds_twenty() {
        let mut s = stores(Fixtures::En);
        for i in 1..=20 {
            let planned = plan(&Push, &args(MEI, "hi"), &s).unwrap();
            assert_eq!(planned.output["id"], format!("line-{i}"));
            commit(&mut s, planned);
        }
        assert_eq!(s.get::<LineOutbox>().unwrap().messages().len(), 20);
        assert_eq!(
            plan(&Push, &args(MEI, "hi"), &s).unwrap_err().to_string(),
            "The LINE outbox is full: it holds at most 20 messages"
        );
    }

    #[test]
    fn it_sends_redacts_the_recipient_and_claims_a_line_message() {
        let d = Push.declaration();
        assert_eq!(d.risks, [Risk::Send]);
        assert_eq!(d.redacts, ["to"]);
        let registry = Registry::with_tools(vec![&Push]);
        for text in [
            "I pushed a LINE message to Mei.",
            "已傳送 LINE 訊息給美玲。",
        ] {
            let claims = crate::turn::claims(text, &registry);
            assert_eq!(claims.len(), 1, "{text}");
            assert_eq!(claims[0].tool, "line.push");
        }
        let none = crate::turn::claims("I will send the LINE message later.", &registry);
        assert!(none.is_empty());
    }
}
