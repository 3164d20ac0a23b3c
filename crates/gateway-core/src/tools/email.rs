//! Email: appends a message to the mock outbox. Nothing is sent.
//!
//! The recipient must be one address at exactly `example.test`; this is
//! deliberately not a general address validator.

use super::{Claims, Declaration, Examples, ExecError, Failure, Planned, Tool};
use crate::fixtures::{Fixtures, Localized};
use crate::json::object;
use crate::policy::Risk;
use crate::schema::{Args, Field, Format, Kind, Shape, Variant};
use crate::store::{Effect, Note, Store, StoreKind, StoreView, Stores};
use crate::text::{Locale, Text};

/// The outbox holds at most this many messages.
pub const MAX_OUTBOX: usize = 20;

/// One message: in the outbox, or in `gmail.draft`'s drafts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    pub id: String,
    pub to: String,
    pub subject: String,
    pub body: String,
}

impl Message {
    /// The message `args` hold (`to`, `subject`, `body`), as `id`.
    pub(crate) fn from_args(id: String, args: &Args) -> Self {
        Message {
            id,
            to: args.text("to").into(),
            subject: args.text("subject").into(),
            body: args.text("body").into(),
        }
    }

    /// The message as the ledger JSON holds it.
    pub fn json(&self) -> serde_json::Value {
        object(vec![
            ("id", self.id.as_str().into()),
            ("to", self.to.as_str().into()),
            ("subject", self.subject.as_str().into()),
            ("body", self.body.as_str().into()),
        ])
    }

    /// What a tool returns for the message: its id, `status` (the tool's
    /// words, already written in the page's language) and its fields.
    pub(crate) fn output(&self, status: String) -> serde_json::Value {
        object(vec![
            ("id", self.id.as_str().into()),
            ("status", status.into()),
            ("to", self.to.as_str().into()),
            ("subject", self.subject.as_str().into()),
            ("body", self.body.as_str().into()),
        ])
    }

    /// Its row of a ledger view section.
    pub(crate) fn row(&self) -> Text {
        Text::LedgerEmail {
            id: (&self.id).into(),
            to: (&self.to).into(),
            subject: (&self.subject).into(),
        }
    }
}

/// Why the email tool refuses a call at execution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EmailError {
    OutboxFull { max: usize },
}

impl Failure for EmailError {
    fn text(&self) -> Text {
        match self {
            EmailError::OutboxFull { max } => Text::ExecOutboxFull { max: (*max).into() },
        }
    }
}

/// The mock outbox: messages appended, oldest first, never sent.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Outbox {
    messages: Vec<Message>,
}

impl Outbox {
    pub fn messages(&self) -> &[Message] {
        &self.messages
    }
}

/// The messages of the outbox `stores` hold (none if they hold none).
pub fn outbox(stores: &Stores) -> &[Message] {
    stores.get::<Outbox>().map_or(&[], |o| &o.messages)
}

impl Store for Outbox {
    /// A message appended.
    type Change = Message;

    /// Empty in every language.
    fn fixtures(_: Fixtures) -> Self {
        Outbox::default()
    }

    fn apply(&mut self, message: Message) {
        self.messages.push(message);
    }

    fn change_text(m: &Message) -> Text {
        Text::EffectAppendEmail {
            id: (&m.id).into(),
            to: (&m.to).into(),
        }
    }

    fn note(&self, _: &Message) -> Option<Note> {
        Some(Note::Added)
    }

    fn row(&self, m: &Message) -> Option<usize> {
        self.messages.iter().position(|e| e.id == m.id)
    }

    fn view(&self) -> StoreView {
        StoreView {
            title: Text::LedgerOutbox,
            rows: self.messages.iter().map(Message::row).collect(),
            empty: Some(Text::LedgerEmpty),
        }
    }

    fn json(&self) -> Option<(&'static str, serde_json::Value)> {
        Some(("outbox", self.messages.iter().map(Message::json).collect()))
    }
}

/// `to`: one address at exactly `example.test` (`gmail.draft` and
/// `gmail.send` take the same field).
pub(crate) const TO: Field = Field {
    name: "to",
    required: true,
    kind: Kind::Formatted(Format::ExampleTestAddress),
    description: || Text::ToolEmailArgTo,
};

/// `subject`: one line of 1 to 120 characters.
pub(crate) const SUBJECT: Field = Field {
    name: "subject",
    required: true,
    kind: Kind::Text {
        min: 1,
        max: 120,
        single_line: true,
    },
    description: || Text::ToolEmailArgSubject,
};

/// `body`: 1 to 2000 characters, line breaks allowed.
pub(crate) const BODY: Field = Field {
    name: "body",
    required: true,
    kind: Kind::Text {
        min: 1,
        max: 2000,
        single_line: false,
    },
    description: || Text::ToolEmailArgBody,
};

/// The words that claim a message went out, `email`'s and `gmail.send`'s.
pub(crate) const CLAIMS: Claims = Claims {
    // Sending is this workbench's email: "I sent it." claims an email.
    names: &[
        "email",
        "e-mail",
        "mail",
        "message",
        "outbox",
        "sent",
        "emailed",
        "mailed",
        "郵件",
        "電郵",
        "信件",
        "寄件匣",
        "寄",
    ],
    done: &[
        "sent",
        "emailed",
        "mailed",
        "delivered",
        "forwarded",
        "寄",
        "發送",
        "傳送",
        "送出",
    ],
};

#[derive(Debug)]
pub struct Email;

static DECLARATION: Declaration = Declaration {
    name: "email",
    label: || Text::ToolEmailLabel,
    description: || Text::ToolEmailDescription,
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
  "to": "learner@example.test",
  "subject": "Weekly summary",
  "body": "All seven gates passed for the synthetic report."
}"#,
            malformed: r#"{
  "to": "learner@example.test",
  "subject": "Weekly summary"
  "body": "A comma is missing above."
}"#,
            boundary: r#"{
  "to": "learner@outside.test",
  "subject": "Weekly summary",
  "body": "Only example.test recipients are allowed."
}"#,
        },
        Examples {
            valid: r#"{
  "to": "learner@example.test",
  "subject": "每週摘要",
  "body": "這份模擬報告通過了全部七個關卡。"
}"#,
            malformed: r#"{
  "to": "learner@example.test",
  "subject": "每週摘要"
  "body": "上一行少了一個逗號。"
}"#,
            boundary: r#"{
  "to": "learner@outside.test",
  "subject": "每週摘要",
  "body": "收件人只能是 example.test 的地址。"
}"#,
        },
    ]),
    redacts: &["to"],
    claims: CLAIMS,
};

impl Tool for Email {
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

/// Plans appending the message `args` hold (`to`, `subject`, `body`) to
/// the outbox as `email-N`: `email`'s execution, and `gmail.send`'s.
pub(crate) fn append(args: &Args, stores: &Stores, locale: Locale) -> Result<Planned, ExecError> {
    let outbox = outbox(stores);
    if outbox.len() >= MAX_OUTBOX {
        return Err(EmailError::OutboxFull { max: MAX_OUTBOX }.into());
    }
    let message = Message::from_args(format!("email-{}", outbox.len() + 1), args);
    Ok(Planned {
        output: message.output(Text::OutputEmailStatus.render(locale)),
        effect: Effect::on::<Outbox>(message),
    })
}

/// Checks that `tool` takes [`TO`], [`SUBJECT`] and [`BODY`] and nothing
/// else, each bound on both sides.
#[cfg(test)]
pub(crate) fn check_message_fields(tool: &dyn Tool) {
    use crate::tools::test_support::{error, validate};
    let args = |to: &str, subject: &str, body: &str| {
        serde_json::json!({ "to": to, "subject": subject, "body": body }).to_string()
    };
    let ok = |to: &str, s: &str, b: &str| validate(tool, &args(to, s, b)).is_ok();
    assert!(ok("maya@example.test", "s", "b"));
    assert!(error(tool, &args("archive@outside.test", "s", "b"))
        .starts_with("to must be an address at example.test"));
    assert!(ok("a@example.test", &"s".repeat(120), "b"));
    assert_eq!(
        error(tool, &args("a@example.test", &"s".repeat(121), "b")),
        "subject must be at most 120 characters (got 121)"
    );
    assert_eq!(
        error(tool, &args("a@example.test", "", "b")),
        "subject must be at least 1 character (got 0)"
    );
    assert_eq!(
        error(tool, &args("a@example.test", "two\nlines", "b")),
        "subject must be on one line, with no control characters"
    );
    assert!(ok("a@example.test", "s", &"b".repeat(2000)));
    assert_eq!(
        error(tool, &args("a@example.test", "s", &"b".repeat(2001))),
        "body must be at most 2000 characters (got 2001)"
    );
    assert_eq!(
        error(tool, &args("a@example.test", "s", "")),
        "body must be at least 1 character (got 0)"
    );
    assert_eq!(
        error(tool, r#"{"to":"a@example.test","subject":"s"}"#),
        "Missing body"
    );
    assert_eq!(
        error(
            tool,
            r#"{"to":"a@example.test","subject":"s","body":"b","cc":"x"}"#
        ),
        "Unknown field \"cc\""
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::test_support::{commit, error, fixtures, plan, validate};
    use serde_json::json;

    fn args(to: &str, subject: &str, body: &str) -> String {
        json!({ "to": to, "subject": subject, "body": body }).to_string()
    }

    #[test]
    fn recipient_must_be_at_example_test() {
        assert!(validate(&Email, &args("learner@example.test", "s", "b")).is_ok());
        assert_eq!(
            error(&Email, &args("learner@outside.test", "s", "b")),
            format!("to must be {RULE} (got \"learner@outside.test\")")
        );
    }

    /// Issue 13: the part before the @ is a dot-atom (RFC 5322): runs of
    /// `A–Z a–z 0–9 _ + -` separated by single dots.
    #[test]
    fn the_local_part_is_a_dot_atom() {
        for good in [
            "a@example.test",
            "a.b@example.test",
            "first.middle.last@example.test",
            "a.b+c_d-e@example.test",
            "-@example.test",
            "_.+@example.test",
        ] {
            assert!(validate(&Email, &args(good, "s", "b")).is_ok(), "{good}");
        }
        for bad in [
            ".leadingdot@example.test",
            "twodots..here@example.test",
            "trailingdot.@example.test",
            ".@example.test",
            "..@example.test",
            "a...b@example.test",
            ".a.b@example.test",
        ] {
            assert_eq!(
                error(&Email, &args(bad, "s", "b")),
                format!("to must be {RULE} (got \"{bad}\")")
            );
        }
    }

    const RULE: &str = "an address at example.test whose part before the @ is 1 to 64 \
        letters, digits and . _ + - with no dot first, last or twice in a row \
        (e.g. learner@example.test)";

    #[test]
    fn subject_bounds_on_both_sides() {
        assert!(validate(&Email, &args("a@example.test", &"s".repeat(120), "b")).is_ok());
        assert_eq!(
            error(&Email, &args("a@example.test", &"s".repeat(121), "b")),
            "subject must be at most 120 characters (got 121)"
        );
        assert_eq!(
            error(&Email, &args("a@example.test", "", "b")),
            "subject must be at least 1 character (got 0)"
        );
        for broken in ["two\nlines", "tab\there", "nul\u{0}", "sep\u{2028}"] {
            assert_eq!(
                error(&Email, &args("a@example.test", broken, "b")),
                "subject must be on one line, with no control characters"
            );
        }
    }

    #[test]
    fn body_counts_utf16_units() {
        let at = format!("{}😀", "b".repeat(1998));
        assert!(validate(&Email, &args("a@example.test", "s", &at)).is_ok());
        let over = format!("{}😀", "b".repeat(1999));
        assert_eq!(
            error(&Email, &args("a@example.test", "s", &over)),
            "body must be at most 2000 characters (got 2001)"
        );
        assert_eq!(
            error(&Email, &args("a@example.test", "s", "")),
            "body must be at least 1 character (got 0)"
        );
    }

    #[test]
    fn strict_object_rules() {
        assert_eq!(
            error(
                &Email,
                r#"{"to":"a@example.test","subject":"s","body":"b","cc":"x"}"#
            ),
            "Unknown field \"cc\""
        );
        assert_eq!(
            error(&Email, r#"{"to":"a@example.test","body":"b"}"#),
            "Missing subject"
        );
        assert_eq!(
            error(&Email, r#"{"to":null,"subject":"s","body":"b"}"#),
            "to must be a string (got null)"
        );
        assert_eq!(
            error(&Email, "null"),
            "Arguments must be a JSON object (got null)"
        );
        assert_eq!(
            error(&Email, "[]"),
            "Arguments must be a JSON object (got array)"
        );
        // The last duplicate wins, as in JSON.parse.
        assert!(validate(
            &Email,
            r#"{"to":"x@outside.test","to":"a@example.test","subject":"s","body":"b"}"#
        )
        .is_ok());
    }

    #[test]
    fn message_fields_keep_their_bounds() {
        check_message_fields(&Email);
    }

    #[test]
    fn outbox_holds_twenty() {
        let mut ledger = fixtures();
        let text = args("a@example.test", "s", "b");
        for n in 1..=MAX_OUTBOX {
            let planned = plan(&Email, &text, &ledger).unwrap();
            assert_eq!(planned.output["id"], json!(format!("email-{n}")));
            assert!(planned.effect.get::<Outbox>().is_some());
            commit(&mut ledger, planned);
        }
        assert_eq!(
            plan(&Email, &text, &ledger).unwrap_err().to_string(),
            "The outbox is full: it holds at most 20 messages"
        );
    }
}
