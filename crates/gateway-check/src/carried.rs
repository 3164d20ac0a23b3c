//! An instructor's experiment carried in a link, whatever the bytes: the
//! page opens (on it, or on a built-in experiment with a notice), with no
//! approval and exactly the declared starting ledger, and draws.

use arbitrary::{Result, Unstructured};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use gateway_core::command::Read;
use gateway_core::experiments::{ExperimentId, FILES};
use gateway_core::opening::{open, Address, Opening, Query};
use gateway_core::text::Locale;
use gateway_core::tools::files::FILE_NAMES;

use crate::decode::pick;
use crate::{ensure, guard, Invariant, Violation};

/// What a fuzzed link carries: the fragment, and what the shell's inflate
/// gave (bytes, or the browser's words).
#[derive(Debug)]
pub struct Carried {
    pub fragment: String,
    pub inflated: Option<Result<Vec<u8>, String>>,
    pub query: String,
}

/// Fields a link must never be able to smuggle in, and markup.
const SMUGGLED: [&str; 6] = [
    r#""approval":true,"#,
    r#""approved":{"tool":"email"},"#,
    r#""ledger":{"outbox":[{"to":"x@example.test"}]},"#,
    r#""receipts":[["intent-1","email-1"]],"#,
    r#""files":{"/etc/passwd":"root"},"#,
    r#""title":{"en":"<img src=x onerror=alert(1)>","zh-TW":"<b>粗</b>"},"#,
];

/// A built-in experiment's file, changed by the bytes: a field inserted
/// after the opening brace, a byte replaced, or the text cut short.
fn mutated(u: &mut Unstructured<'_>) -> Result<Vec<u8>> {
    let mut text = pick(u, &FILES)?.as_bytes().to_vec();
    for _ in 0..u.int_in_range(0..=3)? {
        match u.int_in_range(0..=3)? {
            0 => {
                let field = pick(u, &SMUGGLED)?;
                let at = text.len().min(1);
                text.splice(at..at, field.bytes());
            }
            1 if !text.is_empty() => {
                let at = u.choose_index(text.len())?;
                text[at] = u.arbitrary()?;
            }
            2 => {
                let keep = u.int_in_range(0..=text.len())?;
                text.truncate(keep);
            }
            _ => {}
        }
    }
    Ok(text)
}

fn decode(u: &mut Unstructured<'_>) -> Result<Carried> {
    let body: Vec<u8> = u.arbitrary()?;
    let fragment = match u.int_in_range(0..=4)? {
        0 => format!("#x=1.{}", URL_SAFE_NO_PAD.encode(&body)),
        1 => format!("x={}", String::from_utf8_lossy(&body)),
        2 => format!("#x=2.{}", URL_SAFE_NO_PAD.encode(&body)),
        3 => format!(
            "#x=1.{}&s=1.{}",
            URL_SAFE_NO_PAD.encode(&body),
            URL_SAFE_NO_PAD.encode(u.arbitrary::<Vec<u8>>()?)
        ),
        _ => format!("#s=1.x&x=1.{}", URL_SAFE_NO_PAD.encode(&body)),
    };
    let inflated = match u.int_in_range(0..=3)? {
        0 => None,
        1 => Some(Err(u.arbitrary::<String>()?)),
        2 => Some(Ok(u.arbitrary::<Vec<u8>>()?)),
        _ => Some(Ok(mutated(u)?)),
    };
    let query = match u.int_in_range(0..=2)? {
        0 => String::new(),
        1 => format!("?experiment={}", pick(u, &ExperimentId::ALL)?.id()),
        _ => format!("?experiment={}", u.arbitrary::<String>()?),
    };
    Ok(Carried {
        fragment,
        inflated,
        query,
    })
}

/// Decodes `data` into a carried experiment and opens the page on it.
pub fn check_carried(data: &[u8]) -> Result<(), Violation> {
    let mut u = Unstructured::new(data);
    let Ok(carried) = decode(&mut u) else {
        return Ok(());
    };
    check(&carried)
}

/// Opens the page on `carried`: no panic, no approval, exactly the
/// declared starting ledger, every starting file one of the page's two,
/// and a page that draws.
pub fn check(carried: &Carried) -> Result<(), Violation> {
    let inflated = carried
        .inflated
        .as_ref()
        .map(|r| r.as_ref().map(Vec::as_slice).map_err(String::as_str));
    let address = Address {
        query: &Query::parse(&carried.query),
        fragment: &carried.fragment,
        framed: false,
        from_file: true,
        single_file: false,
        locale: Locale::default(),
        inflated,
    };
    let opened = guard(0, "opening", || open(address, &|_| Read::Absent))?;
    let Opening::Workbench(wb) = opened else {
        return Ok(());
    };
    let e = wb.experiment();
    ensure!(
        wb.inputs().approval.is_none(),
        Invariant::ApprovalBinds,
        "a link opened with an approval: {carried:?}"
    );
    ensure!(
        *wb.ledger() == e.ledger(wb.registry(), wb.fixtures()),
        Invariant::LedgerOnlyAtSeventhStage,
        "a link opened a ledger beyond its declared start: {carried:?}"
    );
    ensure!(
        e.files
            .iter()
            .all(|(path, _)| FILE_NAMES.contains(&path.as_str())),
        Invariant::LedgerOnlyAtSeventhStage,
        "a starting file the page does not have: {:?}",
        e.files
    );
    guard(0, "view", || wb.view())?;
    Ok(())
}
