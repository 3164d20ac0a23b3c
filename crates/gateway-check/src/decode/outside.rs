//! What reaches the page from outside the learner's actions: notices,
//! stored baselines, shared setups and what a copy or download carries.

use arbitrary::{Result, Unstructured};
use gateway_core::baseline::Baseline;
use gateway_core::command::Deliverable;
use gateway_core::damage::Damage;
use gateway_core::declarations::Export;
use gateway_core::notice::Notice;
use gateway_core::share::{Setup, ShareError};
use gateway_core::text::Locale;
use gateway_core::{baseline::StoredError, ExperimentId, Gate, Verdict};
use gateway_core::{Hook, Role, Speed};

use super::args::{key, request};
use super::{pick, prose, raw};

/// What is wrong with stored or shared data.
fn damage(u: &mut Unstructured<'_>) -> Result<Damage> {
    Ok(match u.int_in_range(0..=12)? {
        0 => Damage::NotJson,
        1 => Damage::NotObject,
        2 => Damage::NoVersion,
        3 => Damage::VersionNotNumber,
        4 => Damage::NotBase64,
        5 => Damage::UnknownField(raw(u, 8)?),
        6 => Damage::NotText("key"),
        7 => Damage::NotList("rows"),
        8 => Damage::RowNotThreeStrings,
        9 => Damage::NotTextOrNull("output"),
        10 => Damage::NotBool("approved"),
        11 => Damage::UnknownValue {
            field: "role",
            value: raw(u, 8)?,
        },
        _ => Damage::NotAsWritten,
    })
}

pub fn notice(u: &mut Unstructured<'_>) -> Result<Notice> {
    Ok(match u.int_in_range(0..=12)? {
        0 => Notice::HiddenPaused,
        1 => Notice::SharedSetup,
        2 => Notice::LinkRefused(ShareError::FutureVersion {
            got: u.arbitrary()?,
        }),
        3 => Notice::LinkRefused(ShareError::Damaged { detail: damage(u)? }),
        4 => Notice::ExperimentConflict {
            link: pick(u, &ExperimentId::ALL)?.id().into(),
            query: raw(u, 8)?,
        },
        5 => Notice::BaselineUnreadable(StoredError::FutureVersion {
            got: u.arbitrary()?,
        }),
        6 => Notice::BaselineUnreadable(StoredError::Unreadable { detail: damage(u)? }),
        7 => Notice::BaselineStorageUnreadable,
        8 => Notice::BaselineKept,
        9 => Notice::HideUnknown(vec![raw(u, 8)?]),
        10 => Notice::CatalogueFailed {
            language: pick(u, &Locale::ALL)?.autonym(),
            why: gateway_core::text::CatalogueFailure::Fetch(super::messages::fetch_error(u)?),
        },
        11 => Notice::ProgressUnsaved,
        _ => Notice::BaselineUnsaved,
    })
}

/// A baseline as storage might hand it back: plain text throughout.
pub fn baseline(u: &mut Unstructured<'_>) -> Result<Baseline> {
    let mut rows = Vec::new();
    for _ in 0..u.int_in_range(0..=8)? {
        rows.push((
            pick(u, &Gate::ALL)?.id().to_string(),
            pick(u, &Verdict::ALL)?.id().to_string(),
            raw(u, 20)?,
        ));
    }
    Ok(Baseline {
        request: raw(u, 30)?,
        role: pick(u, &["Viewer", "Operator", ""])?.into(),
        hook: pick(u, &["None", "Block mutations", "Redact output"])?.into(),
        key: key(u)?,
        approved: u.arbitrary()?,
        rows,
        summary: raw(u, 30)?,
        output: if u.arbitrary()? {
            Some(prose(u)?)
        } else {
            None
        },
    })
}

/// A shared link's setup: mostly a fixture tool, sometimes any name.
pub fn setup(u: &mut Unstructured<'_>) -> Result<Setup> {
    let (tool, args) = request(u)?;
    Ok(Setup {
        experiment: pick(u, &ExperimentId::ALL)?.id().into(),
        tool,
        args,
        role: pick(u, &Role::ALL)?,
        hook: pick(u, &Hook::ALL)?,
        key: key(u)?,
        speed: pick(u, &Speed::ALL)?,
    })
}

pub fn deliverable(u: &mut Unstructured<'_>) -> Result<Deliverable> {
    Ok(match u.int_in_range(0..=2)? {
        0 => Deliverable::ShareLink,
        1 => Deliverable::NotesExport,
        _ => Deliverable::Declarations(pick(u, &Export::ALL)?),
    })
}
