//! Claims done properly (issue 11): a table of sentences in English and in
//! Traditional Chinese, each with the claims expected (tool and verdict)
//! given which tools' effects happened in the turn. A claim is backed only
//! by a committed effect or a replayed receipt of *that* tool.

#![allow(clippy::unwrap_used, clippy::panic)]

use gateway_core::gates::Gate;
use gateway_core::mode::{CallOutcome, Turn};
use gateway_core::policy::Risk;
use gateway_core::reason::Reason;
use gateway_core::schema::{Args, Shape};
use gateway_core::store::{Effect, Stores};
use gateway_core::text::{Locale, Text};
use gateway_core::tools::{files, Declaration, Examples, ExecError, Planned, Tool};
use gateway_core::turn::{claims, Call, Decision, Form};
use gateway_core::{Registry, ToolId};

/// What one call of the turn did.
#[derive(Clone, Copy)]
enum Ran {
    /// Its effect was committed.
    C(&'static str),
    /// Its stored receipt was replayed.
    R(&'static str),
}
use Ran::{C, R};

type Row = (
    &'static str,
    &'static [Ran],
    &'static [(&'static str, bool)],
);

/// A turn in which the `ran` calls did their effect and one call of every
/// other fixture tool was rejected at the approval gate (so a rejected call
/// of the claimed tool backs nothing), at most six calls.
fn verdicts(text: &str, ran: &[Ran], registry: &Registry) -> Vec<(&'static str, bool)> {
    let mut calls: Vec<(String, CallOutcome)> = ran
        .iter()
        .map(|r| match r {
            C(t) => (t.to_string(), CallOutcome::Committed(Effect::None)),
            R(t) => (t.to_string(), CallOutcome::Replayed),
        })
        .collect();
    for id in ToolId::ALL {
        if !calls.iter().any(|(t, _)| t == id.id()) {
            calls.push((
                id.id().into(),
                CallOutcome::Rejected(Gate::Approval, Reason::NoHook),
            ));
        }
    }
    calls.truncate(6);
    let mut turn = Turn::new(
        Decision {
            shape: Form::Workbench,
            calls: calls
                .iter()
                .map(|(name, _)| Call {
                    name: name.clone(),
                    args: "{}".into(),
                })
                .collect(),
            text: Some(text.into()),
            history: Vec::new(),
            partial: Vec::new(),
        },
        registry,
    );
    for (_, outcome) in calls {
        assert!(turn.record(outcome, false, false));
        // The learner moves on after each call (none after the last).
        turn.next_call();
    }
    turn.claims()
        .into_iter()
        .map(|(c, backed)| (c.tool, backed))
        .collect()
}

const ENGLISH: &[Row] = &[
    ("I sent the email.", &[], &[("email", false)]),
    ("I sent the email.", &[C("email")], &[("email", true)]),
    ("Your email was sent!", &[R("email")], &[("email", true)]),
    ("I sent it.", &[], &[("email", false)]),
    // The misses and misattributions issue 11 lists.
    (
        "I added the meeting to your calendar.",
        &[],
        &[("calendar", false)],
    ),
    (
        "I created the calendar event.",
        &[C("calendar")],
        &[("calendar", true)],
    ),
    ("I deleted the file.", &[], &[("files", false)]),
    (
        "I sent the email and added the meeting to your calendar",
        &[C("email")],
        &[("email", true), ("calendar", false)],
    ),
    (
        "Everything is saved to the database.",
        &[C("files")],
        &[("database", false)],
    ),
    (
        "Everything is saved to the database.",
        &[C("database")],
        &[("database", true)],
    ),
    (
        "I emailed learner@example.test the summary.",
        &[],
        &[("email", false)],
    ),
    // A committed effect of another tool backs nothing.
    ("I emailed the file.", &[C("files")], &[("email", false)]),
    (
        "I searched the records. Your email was sent! The review is scheduled.",
        &[C("calendar")],
        &[("email", false), ("calendar", true)],
    ),
    (
        "I saved the notes and set the status.",
        &[C("database")],
        &[("files", false), ("database", true)],
    ),
    (
        "I scheduled the design review, and I booked a room.",
        &[C("calendar")],
        &[("calendar", true), ("calendar", true)],
    ),
    (
        "I wrote the new notes to /workspace/notes.txt.",
        &[C("files")],
        &[("files", true)],
    ),
    ("The seats were set to 140.", &[], &[("database", false)]),
    (
        "I put the review on your calendar; the email was delivered too.",
        &[],
        &[("calendar", false), ("email", false)],
    ),
    ("Invitation sent.", &[C("email")], &[("email", true)]),
    (
        "I updated the database and wrote the file.",
        &[C("database"), C("files")],
        &[("database", true), ("files", true)],
    ),
    (
        "I found the receipt rule, scheduled the design review and sent the summary email.",
        &[],
        &[("calendar", false), ("email", false)],
    ),
    // Not a claim: future, negation, questions, partial words, no tool
    // named, no effect done.
    ("I will send it later.", &[], &[]),
    ("I did not send the email.", &[], &[]),
    ("The email was not sent.", &[], &[]),
    ("I haven't sent the email yet.", &[], &[]),
    ("I didn’t add the meeting.", &[], &[]),
    ("I never sent anything.", &[], &[]),
    ("The meeting will be added tomorrow.", &[], &[]),
    ("The resentment is unsent.", &[], &[]),
    ("Should I send the email?", &[], &[]),
    ("Have you sent the email?", &[], &[]),
    ("I read the file and searched the records.", &[], &[]),
    ("All set.", &[], &[]),
    ("Done!", &[], &[]),
    ("I calculated the total: 0.30000000000000004.", &[], &[]),
];

const CHINESE: &[Row] = &[
    ("我已寄出郵件。", &[], &[("email", false)]),
    ("我已寄出郵件。", &[C("email")], &[("email", true)]),
    (
        "郵件已經寄給 learner@example.test 了。",
        &[R("email")],
        &[("email", true)],
    ),
    ("郵件已發送。", &[], &[("email", false)]),
    ("我寄了一封信件給你。", &[], &[("email", false)]),
    ("我已把檔案寄給你了。", &[C("files")], &[("email", false)]),
    // The misses and misattributions, in Chinese.
    ("我已將會議加入你的行事曆。", &[], &[("calendar", false)]),
    (
        "我建立了行事曆活動。",
        &[C("calendar")],
        &[("calendar", true)],
    ),
    ("我已刪除檔案。", &[], &[("files", false)]),
    (
        "我已寄出郵件，並將會議加入你的行事曆。",
        &[C("email")],
        &[("email", true), ("calendar", false)],
    ),
    (
        "所有內容都已存入資料庫。",
        &[C("files")],
        &[("database", false)],
    ),
    (
        "所有內容都已存入資料庫。",
        &[C("database")],
        &[("database", true)],
    ),
    (
        "我已儲存筆記，並設定了狀態。",
        &[C("database")],
        &[("files", false), ("database", true)],
    ),
    (
        "我已排定設計審查。",
        &[C("calendar")],
        &[("calendar", true)],
    ),
    (
        "我已更新資料庫，然後寫入了檔案。",
        &[C("database"), C("files")],
        &[("database", true), ("files", true)],
    ),
    ("座位已設為 140。", &[], &[("database", false)]),
    (
        "我把會議排入行事曆了。",
        &[C("calendar")],
        &[("calendar", true)],
    ),
    (
        "我已寄出郵件、建立會議。",
        &[C("calendar")],
        &[("email", false), ("calendar", true)],
    ),
    ("檔案已寫入。", &[C("files")], &[("files", true)]),
    ("我已預約會議室。", &[], &[("calendar", false)]),
    ("我已將狀態改為 closed。", &[], &[("database", false)]),
    (
        "我已經新增了活動到日曆。",
        &[C("calendar")],
        &[("calendar", true)],
    ),
    (
        "電郵已送出，而且資料庫已更新。",
        &[C("email")],
        &[("email", true), ("database", false)],
    ),
    (
        "我找到收據規則，排定了設計審查，並寄出了摘要郵件。",
        &[],
        &[("calendar", false), ("email", false)],
    ),
    // Not a claim.
    ("我稍後會寄出郵件。", &[], &[]),
    ("我沒有寄出郵件。", &[], &[]),
    ("郵件尚未寄出。", &[], &[]),
    ("我無法寄出郵件。", &[], &[]),
    ("我不會刪除檔案。", &[], &[]),
    ("會議即將建立。", &[], &[]),
    ("我會把會議加入行事曆。", &[], &[]),
    ("要我寄出郵件嗎？", &[], &[]),
    ("你收到我寄的郵件了嗎？", &[], &[]),
    ("我查詢了紀錄。", &[], &[]),
    ("好的，一切都完成了。", &[], &[]),
];

fn check(rows: &[Row], registry: &Registry) {
    let mut wrong = Vec::new();
    for (text, ran, want) in rows {
        let got = verdicts(text, ran, registry);
        if got != *want {
            wrong.push(format!("{text:?}: got {got:?}, want {want:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn english_claims_are_attributed_and_judged() {
    assert!(ENGLISH.len() >= 30);
    check(ENGLISH, &Registry::fixtures());
}

#[test]
fn chinese_claims_are_attributed_and_judged() {
    assert!(CHINESE.len() >= 30);
    check(CHINESE, &Registry::fixtures());
}

/// Claims are matched whatever the page's language: one text may hold
/// both.
#[test]
fn one_text_may_claim_in_both_languages() {
    let got = verdicts(
        "I sent the email.\n\n我已將會議加入你的行事曆。",
        &[C("calendar")],
        &Registry::fixtures(),
    );
    assert_eq!(got, [("email", false), ("calendar", true)]);
}

/// Each claim quotes its clause whole and says where it stands, so the
/// page can mark it in place.
#[test]
fn every_claim_quotes_its_clause_whole_and_knows_its_place() {
    let registry = Registry::fixtures();
    for (text, _, want) in ENGLISH.iter().chain(CHINESE) {
        let found = claims(text, &registry);
        assert_eq!(found.len(), want.len(), "{text}");
        for c in found {
            assert_eq!(&text[c.range.clone()], c.sentence, "{text}");
            assert!(
                c.range.start <= c.phrase.start && c.phrase.end <= c.range.end,
                "{text}: {c:?}"
            );
        }
    }
    let c = claims("I emailed learner@example.test the summary.", &registry);
    assert_eq!(c[0].sentence, "I emailed learner@example.test the summary");
    let text = "Done. I sent the email and added the meeting to your calendar.";
    let c = claims(text, &registry);
    let quoted: Vec<_> = c
        .iter()
        .map(|c| (c.tool, c.sentence.as_str(), &text[c.phrase.clone()]))
        .collect();
    assert_eq!(
        quoted,
        [
            ("email", "I sent the email", "sent the email"),
            (
                "calendar",
                "added the meeting to your calendar",
                "added the meeting"
            ),
        ]
    );
}

/// `files.delete` and `files.share` as the registry experiment declares
/// them (risks delete and share, never planned here).
#[derive(Debug)]
struct Refused(&'static Declaration);

const NEVER: Examples = Examples {
    valid: "{}",
    malformed: "{",
    boundary: "[]",
};

static DELETE: Declaration = Declaration {
    name: "files.delete",
    label: || Text::ToolFilesLabel,
    description: || Text::ToolFilesDescription,
    risks: &[Risk::Delete],
    shape: Shape { variants: &[] },
    examples: gateway_core::fixtures::Localized([NEVER, NEVER]),
    redacts: &[],
    claims: files::DELETE_CLAIMS,
};

static SHARE: Declaration = Declaration {
    name: "files.share",
    label: || Text::ToolFilesLabel,
    description: || Text::ToolFilesDescription,
    risks: &[Risk::Share],
    shape: Shape { variants: &[] },
    examples: gateway_core::fixtures::Localized([NEVER, NEVER]),
    redacts: &[],
    claims: files::SHARE_CLAIMS,
};

impl Tool for Refused {
    fn declaration(&self) -> &Declaration {
        self.0
    }
    fn plan(&self, _: &Args, _: &Stores, _: Locale) -> Result<Planned, ExecError> {
        panic!("{} is never planned in these tests", self.0.name)
    }
}

static DELETE_TOOL: Refused = Refused(&DELETE);
static SHARE_TOOL: Refused = Refused(&SHARE);

/// With `files.delete` and `files.share` registered, their phrases count
/// and they take the claim from `files`, which a files write never backs.
#[test]
fn a_registered_tool_that_extends_another_takes_its_claims() {
    let mut tools: Vec<&'static dyn Tool> = ToolId::ALL.iter().map(|t| t.tool()).collect();
    tools.push(&DELETE_TOOL);
    tools.push(&SHARE_TOOL);
    let registry = Registry::with_tools(tools);
    let rows: &[Row] = &[
        (
            "I deleted the file.",
            &[C("files")],
            &[("files.delete", false)],
        ),
        ("我已刪除檔案。", &[], &[("files.delete", false)]),
        ("I removed the old notes.", &[], &[("files.delete", false)]),
        (
            "I shared the file with the team.",
            &[],
            &[("files.share", false)],
        ),
        ("我已分享檔案。", &[C("files")], &[("files.share", false)]),
        (
            "I sent you the file.",
            &[C("email")],
            &[("email", true), ("files.share", false)],
        ),
        ("I saved the file.", &[C("files")], &[("files", true)]),
        (
            "I saved the file and deleted the draft file.",
            &[C("files")],
            &[("files", true), ("files.delete", false)],
        ),
        ("I did not delete the file.", &[], &[]),
        ("我沒有分享檔案。", &[], &[]),
    ];
    check(rows, &registry);
    // Without them, deleting a file is a claim of files.
    assert_eq!(
        verdicts("I deleted the file.", &[], &Registry::fixtures()),
        [("files", false)]
    );
}
