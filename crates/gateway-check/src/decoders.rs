//! Every decoder of outside input, fed the same text.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use gateway_core::baseline::{Baseline, StoredError};
use gateway_core::command::{Read, Slot, SlotState};
use gateway_core::declarations::Export;
use gateway_core::json::{self, quote, utf16_len, JsonError, MAX_ARGUMENT_UNITS};
use gateway_core::opening::{open, Address, Opening, Query, UnknownView};
use gateway_core::schema::ArgError;
use gateway_core::share::{Setup, ShareError};
use gateway_core::text::Locale;
use gateway_core::turn::{self, MAX_CALLS};
use gateway_core::vocab::UnknownValue;
use gateway_core::{ExampleKind, ExperimentId, Gate, Hook, Risk, Role, Speed, ToolId, Verdict};
use serde_json::json;

use crate::decode::{captured_baseline, percent};
use crate::{ensure, guard, view_shape, worded, Invariant, Violation};

/// A check of one decoder over the text.
type Decoder = fn(&str) -> Result<(), Violation>;

/// Feeds the bytes, as text (invalid UTF-8 replaced), to every decoder of
/// outside input: share fragments, stored baselines, stored notes, the
/// opening query and fragment, embed options, the JSON argument parser
/// with every tool's schema, model decisions, and the closed names (role,
/// hook, …). Checks that nothing panics, that every error has words
/// (naming the field and the bound where it has them), and that what a
/// decoder accepts its writer writes back the same.
pub fn check_decoders(data: &[u8]) -> Result<(), Violation> {
    let text = String::from_utf8_lossy(data);
    let s = text.as_ref();
    let checks: [(&str, Decoder); 8] = [
        ("share", share),
        ("baseline", baseline),
        ("notes", notes),
        ("opening", opening),
        ("embed", embed),
        ("json", arguments),
        ("decision", decision),
        ("names", names),
    ];
    for (at, check) in checks {
        guard(0, at, || check(s))?.map_err(|v| v.located(0, at))?;
    }
    Ok(())
}

/// A link's fragment as it is, as the payload of a version-1 link, and as
/// every text field of a well-formed setup.
fn share(s: &str) -> Result<(), Violation> {
    fragment(s)?;
    fragment(&format!("s=1.{}", URL_SAFE_NO_PAD.encode(s)))?;
    let wire = json!({
        "e": "email", "t": s, "a": s, "r": "viewer", "h": "none", "k": s, "s": "normal",
    });
    let link = format!("#s=1.{}", URL_SAFE_NO_PAD.encode(wire.to_string()));
    let restored = Setup::from_fragment(&link);
    let expected = Setup {
        experiment: "email".into(),
        tool: s.into(),
        args: s.into(),
        role: Role::Viewer,
        hook: Hook::None,
        key: s.into(),
        speed: Speed::Normal,
    };
    ensure!(
        restored == Ok(Some(expected)),
        Invariant::RoundTrip,
        "a link carrying {s:?} restored {restored:?}"
    );
    Ok(())
}

fn fragment(s: &str) -> Result<(), Violation> {
    match Setup::from_fragment(s) {
        Ok(None) => ensure!(
            !s.strip_prefix('#').unwrap_or(s).starts_with("s="),
            Invariant::ErrorHasMessage,
            "a setup fragment {s:?} was taken for none"
        ),
        Ok(Some(setup)) => {
            let again = Setup::from_fragment(&setup.to_fragment());
            ensure!(
                again.as_ref() == Ok(&Some(setup.clone())),
                Invariant::RoundTrip,
                "{setup:?} came back as {again:?}"
            );
        }
        Err(e) => {
            worded(&e.text())?;
            if let ShareError::Damaged { detail } = &e {
                worded(&detail.text())?;
            }
        }
    }
    Ok(())
}

/// Stored text as it is, and as every text field of a stored baseline.
fn baseline(s: &str) -> Result<(), Violation> {
    match Baseline::from_stored(s) {
        Ok(b) => {
            let again = Baseline::from_stored(&b.to_stored());
            ensure!(
                again.as_ref() == Ok(&b),
                Invariant::RoundTrip,
                "{b:?} came back as {again:?}"
            );
        }
        Err(e) => {
            worded(&e.text())?;
            if let StoredError::Unreadable { detail } = &e {
                worded(&detail.text())?;
            }
        }
    }
    let b = Baseline {
        request: s.into(),
        role: s.into(),
        hook: s.into(),
        key: s.into(),
        approved: true,
        rows: vec![(s.into(), s.into(), s.into())],
        summary: s.into(),
        output: Some(s.into()),
    };
    let again = Baseline::from_stored(&b.to_stored());
    ensure!(
        again.as_ref() == Ok(&b),
        Invariant::RoundTrip,
        "a baseline of {s:?} came back as {again:?}"
    );
    Ok(())
}

/// What opening a page with `read` for storage gives; the page must draw.
fn opened(query: &str, fragment: &str, read: &dyn Fn(&str) -> Read) -> Result<Opening, Violation> {
    let address = Address {
        query: &Query::parse(query),
        fragment,
        framed: false,
        from_file: false,
        single_file: false,
        locale: Locale::default(),
        inflated: None,
    };
    let opening = open(address, read);
    match &opening {
        Opening::Workbench(wb) => {
            let mut wb = wb.clone();
            let command = wb.poll_command();
            ensure!(
                command.is_none(),
                Invariant::NoWriteToLockedSlot,
                "opening the page sent {command:?}"
            );
            for n in wb.notices() {
                worded(&n.text())?;
            }
            view_shape(&wb.view())?;
        }
        Opening::Unknown { id, .. } => {
            for locale in Locale::ALL {
                let page = UnknownView::new(id, locale);
                ensure!(
                    !page.message.trim().is_empty(),
                    Invariant::ErrorHasMessage,
                    "the page for experiment {id:?} says nothing"
                );
            }
        }
        Opening::BrokenLink { fault, .. } => {
            for locale in Locale::ALL {
                let page = UnknownView::broken_link(fault, locale);
                ensure!(
                    !page.message.trim().is_empty() && !page.experiments.is_empty(),
                    Invariant::ErrorHasMessage,
                    "the page for a broken link ({fault:?}) says nothing"
                );
                worded(&fault.text())?;
            }
        }
    }
    Ok(opening)
}

/// Stored notes are put back exactly, and go into the notes export.
fn notes(s: &str) -> Result<(), Violation> {
    let read = |key: &str| {
        if key == Slot::Notes.key("email") {
            Read::Found(s.into())
        } else {
            Read::Absent
        }
    };
    if let Opening::Workbench(wb) = opened("?experiment=email", "", &read)? {
        ensure!(
            wb.notes() == s,
            Invariant::RoundTrip,
            "notes {s:?} came back as {:?}",
            wb.notes()
        );
        ensure!(
            wb.slot_state(Slot::Notes) == SlotState::Writable,
            Invariant::RoundTrip,
            "readable notes locked their slot"
        );
        ensure!(
            wb.export_notes().contains(s),
            Invariant::RoundTrip,
            "the notes export lacks the notes"
        );
    }
    Ok(())
}

/// The text as the query, as the fragment, and as what storage holds.
fn opening(s: &str) -> Result<(), Violation> {
    let absent = |_: &str| Read::Absent;
    opened(s, "", &absent)?;
    let named = format!("?experiment={}", percent(s));
    if let Opening::Unknown { id, .. } = opened(&named, "", &absent)? {
        ensure!(
            id == s,
            Invariant::ErrorHasMessage,
            "{s:?} was reported as {id:?}"
        );
    } else {
        ensure!(
            s.parse::<ExperimentId>().is_ok(),
            Invariant::ErrorHasMessage,
            "experiment {s:?} opened a page"
        );
    }
    opened("?experiment=email", s, &absent)?;
    let found = |_: &str| Read::Found(s.into());
    if let Opening::Workbench(wb) = opened("", s, &found)? {
        let readable = Baseline::from_stored(s).is_ok();
        let state = wb.slot_state(Slot::Baseline);
        ensure!(
            readable == (state != SlotState::Locked),
            Invariant::NoWriteToLockedSlot,
            "stored baseline {s:?}: readable {readable}, slot {state:?}"
        );
    }
    // Next to a baseline this build can read, or one it must keep.
    let stored = captured_baseline(ExperimentId::Email);
    let edited = format!("{}{s}", &stored[..stored.len().saturating_sub(1)]);
    let kept = |_: &str| Read::Found(edited.clone());
    opened("?experiment=email", s, &kept)?;
    Ok(())
}

/// `embed=` and `hide=` take any text; hidden panels are trimmed,
/// lower-case names.
fn embed(s: &str) -> Result<(), Violation> {
    let query = format!("?embed={0}&hide={0}", percent(s));
    if let Opening::Workbench(wb) = opened(&query, "", &|_| Read::Absent)? {
        let options = wb.embed();
        ensure!(
            options.embed == matches!(s, "1" | "true" | "yes"),
            Invariant::RoundTrip,
            "embed={s:?} gave {options:?}"
        );
        for name in &options.hide {
            ensure!(
                !name.is_empty() && name.trim() == name && name.to_ascii_lowercase() == *name,
                Invariant::RoundTrip,
                "hide={s:?} gave panel {name:?}"
            );
        }
    }
    Ok(())
}

/// An argument error names its field, and its bound where it has one.
pub(crate) fn arg_error(e: &ArgError) -> Result<(), Violation> {
    worded(&e.text())?;
    let words = e.to_string();
    let (field, bounds): (String, Vec<String>) = match e {
        ArgError::Json(j) => return json_error(j),
        ArgError::NotObject { .. } => return Ok(()),
        ArgError::Unknown { field } => (quote(field), vec![]),
        ArgError::TooShort { field, min, .. } => (field.clone(), vec![min.to_string()]),
        ArgError::TooLong { field, max, .. } => (field.clone(), vec![max.to_string()]),
        ArgError::TooFewItems { field, min, .. } => (field.clone(), vec![min.to_string()]),
        ArgError::TooManyItems { field, max, .. } => (field.clone(), vec![max.to_string()]),
        ArgError::OutOfRange {
            field, min, max, ..
        } => (field.clone(), vec![min.clone(), max.clone()]),
        ArgError::Missing { field }
        | ArgError::NotAllowed { field, .. }
        | ArgError::WrongType { field, .. }
        | ArgError::ControlCharacter { field }
        | ArgError::BadFormat { field, .. }
        | ArgError::NotOneOf { field, .. }
        | ArgError::NotInteger { field, .. }
        | ArgError::NotCell { field, .. }
        | ArgError::Rule { field, .. } => (field.clone(), vec![]),
    };
    ensure!(
        words.contains(&field),
        Invariant::ErrorHasMessage,
        "{e:?} does not name the field: {words}"
    );
    for bound in bounds {
        ensure!(
            words.contains(&bound),
            Invariant::ErrorHasMessage,
            "{e:?} does not name the bound {bound}: {words}"
        );
    }
    Ok(())
}

pub(crate) fn json_error(e: &JsonError) -> Result<(), Violation> {
    worded(&e.text())?;
    let words = e.to_string();
    match e {
        JsonError::TooLong { cap, got } => ensure!(
            *got > *cap && words.contains(&cap.to_string()) && words.contains(&got.to_string()),
            Invariant::ErrorHasMessage,
            "{e:?}: {words}"
        ),
        JsonError::Malformed { line, column, .. } => ensure!(
            *line >= 1 && *column >= 1 && words.starts_with("Malformed JSON"),
            Invariant::ErrorHasMessage,
            "{e:?}: {words}"
        ),
    }
    Ok(())
}

/// The JSON rules, then every tool's schema and rules.
fn arguments(s: &str) -> Result<(), Violation> {
    let value = match json::parse(s) {
        Ok(v) => v,
        Err(e) => {
            ensure!(
                matches!(e, JsonError::TooLong { .. }) == (utf16_len(s) > MAX_ARGUMENT_UNITS),
                Invariant::ErrorHasMessage,
                "{} units: {e:?}",
                utf16_len(s)
            );
            return json_error(&e);
        }
    };
    // What the page prints, it reads back and prints the same.
    for print in [json::pretty, json::compact] {
        let text = print(&value);
        let again = json::from_str(&text).map(|v| print(&v));
        ensure!(
            again.as_ref().ok() == Some(&text),
            Invariant::RoundTrip,
            "{text} read back as {again:?}"
        );
    }
    for id in ToolId::ALL {
        let tool = id.tool();
        let checked = tool
            .declaration()
            .shape
            .validate(value.clone())
            .and_then(|args| tool.check(&args));
        if let Err(e) = checked {
            arg_error(&e)?;
        }
    }
    Ok(())
}

fn decision(s: &str) -> Result<(), Violation> {
    match turn::parse(s) {
        Ok(d) => {
            let n = d.calls.len();
            ensure!(
                n > 0
                    && d.dispatched().len() == n.min(MAX_CALLS)
                    && d.refused() == n.saturating_sub(MAX_CALLS),
                Invariant::AtMostSixCalls,
                "{n} calls: {} dispatched, {} refused",
                d.dispatched().len(),
                d.refused()
            );
            // Each claim's place in the text reads back its clause.
            let text = d.text.as_deref().unwrap_or_default();
            for c in turn::claims(text, &gateway_core::Registry::fixtures()) {
                ensure!(
                    text.get(c.range.clone()) == Some(c.sentence.as_str())
                        && c.range.start <= c.phrase.start
                        && c.phrase.end <= c.range.end,
                    Invariant::RoundTrip,
                    "{c:?} in {text:?}"
                );
            }
        }
        Err(e) => worded(&e.text())?,
    }
    Ok(())
}

/// Every closed name read at the edge: exact ids, else an error naming
/// what was given.
fn names(s: &str) -> Result<(), Violation> {
    fn name<T: std::str::FromStr<Err = UnknownValue> + std::fmt::Display>(
        s: &str,
    ) -> Result<(), Violation> {
        match s.parse::<T>() {
            Ok(v) => ensure!(
                v.to_string() == s,
                Invariant::RoundTrip,
                "{s:?} read as {v}"
            ),
            Err(e) => {
                worded(&e.text())?;
                ensure!(
                    e.to_string().contains(&quote(s)),
                    Invariant::ErrorHasMessage,
                    "{e:?} does not name {s:?}"
                );
            }
        }
        Ok(())
    }
    name::<ExperimentId>(s)?;
    name::<ToolId>(s)?;
    name::<ExampleKind>(s)?;
    name::<Role>(s)?;
    name::<Hook>(s)?;
    name::<Speed>(s)?;
    name::<Risk>(s)?;
    name::<Gate>(s)?;
    name::<Verdict>(s)?;
    name::<Export>(s)?;
    Ok(())
}
