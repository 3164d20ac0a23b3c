//! Messages: each kind of `Msg` decoded, chunks of them in time, and the
//! shell's answers to the commands a step queued.

use arbitrary::{Result, Unstructured};
use gateway_core::baseline::Baseline;
use gateway_core::command::{Command, Slot};
use gateway_core::declarations::Export;
use gateway_core::share::Setup;
use gateway_core::text::{FetchError, Locale, DATA};
use gateway_core::{ExampleKind, Gate, Msg, ToolId};
use gateway_core::{Hook, Role, Speed};

use super::args::{args, args_for, key, text_edits, tool_name};
use super::decisions::decision;
use super::outside::{baseline, deliverable, notice, setup};
use super::{pick, prose, raw, weighted};

fn page_url(u: &mut Unstructured<'_>) -> Result<String> {
    Ok(match weighted(u, &[3, 1])? {
        0 => pick(
            u,
            &[
                "https://example.test/workbench/",
                "https://example.test/workbench/?experiment=email",
                "https://example.test/workbench/?experiment=registry#s=1.old",
                "http://localhost:8000/index.html?embed=1&hide=notes",
            ],
        )?
        .to_string(),
        _ => raw(u, 40)?,
    })
}

gateway_core::closed_enum! {
    /// One kind per [`Msg`] variant, so that the decoder's match over it is
    /// exhaustive: a new `Msg` variant fails to compile in [`kind`], and a
    /// new kind fails to compile in [`message`] until it is generated.
    pub enum Kind as "message" {
        SelectTool = "SelectTool",
        SetToolName = "SetToolName",
        LoadExample = "LoadExample",
        EditArgs = "EditArgs",
        SetRole = "SetRole",
        SetHook = "SetHook",
        SetKey = "SetKey",
        SetReuse = "SetReuse",
        Approve = "Approve",
        Revoke = "Revoke",
        Play = "Play",
        Pause = "Pause",
        NextGate = "NextGate",
        Restart = "Restart",
        ResetLedger = "ResetLedger",
        SetSpeed = "SetSpeed",
        Tick = "Tick",
        Hidden = "Hidden",
        CaptureBaseline = "CaptureBaseline",
        ClearBaseline = "ClearBaseline",
        RestoreBaseline = "RestoreBaseline",
        RestoreSetup = "RestoreSetup",
        Notice = "Notice",
        EditDecision = "EditDecision",
        StartTurn = "StartTurn",
        EndTurn = "EndTurn",
        NextCall = "NextCall",
        EditNotes = "EditNotes",
        ExportNotes = "ExportNotes",
        CopyLink = "CopyLink",
        CopyExport = "CopyExport",
        DownloadExport = "DownloadExport",
        Resized = "Resized",
        FromParent = "FromParent",
        FullScreen = "FullScreen",
        FillFrame = "FillFrame",
        Expand = "Expand",
        FullScreenRefused = "FullScreenRefused",
        Escape = "Escape",
        DeclarationsOpened = "DeclarationsOpened",
        ExportsLoaded = "ExportsLoaded",
        Stored = "Stored",
        StoreFailed = "StoreFailed",
        Copied = "Copied",
        CopyFailed = "CopyFailed",
        DownloadFailed = "DownloadFailed",
        SetLocale = "SetLocale",
        CatalogueLoaded = "CatalogueLoaded",
        UndoReplace = "UndoReplace",
        ShowGate = "ShowGate",
        WallClock = "WallClock",
        FinishRun = "FinishRun",
        Reject = "Reject",
        ChooseTool = "ChooseTool",
        DismissSolved = "DismissSolved",
    }
}

/// The kind of `msg` (no wildcard: every variant is named).
pub fn kind(msg: &Msg) -> Kind {
    match msg {
        Msg::SelectTool(_) => Kind::SelectTool,
        Msg::SetToolName(_) => Kind::SetToolName,
        Msg::LoadExample(_) => Kind::LoadExample,
        Msg::EditArgs(_) => Kind::EditArgs,
        Msg::SetRole(_) => Kind::SetRole,
        Msg::SetHook(_) => Kind::SetHook,
        Msg::SetKey(_) => Kind::SetKey,
        Msg::SetReuse(_) => Kind::SetReuse,
        Msg::Approve => Kind::Approve,
        Msg::Revoke => Kind::Revoke,
        Msg::Play => Kind::Play,
        Msg::Pause => Kind::Pause,
        Msg::NextGate => Kind::NextGate,
        Msg::Restart => Kind::Restart,
        Msg::ResetLedger => Kind::ResetLedger,
        Msg::SetSpeed(_) => Kind::SetSpeed,
        Msg::Tick => Kind::Tick,
        Msg::Hidden => Kind::Hidden,
        Msg::CaptureBaseline => Kind::CaptureBaseline,
        Msg::ClearBaseline => Kind::ClearBaseline,
        Msg::RestoreBaseline(_) => Kind::RestoreBaseline,
        Msg::RestoreSetup(_) => Kind::RestoreSetup,
        Msg::Notice(_) => Kind::Notice,
        Msg::EditDecision(_) => Kind::EditDecision,
        Msg::StartTurn => Kind::StartTurn,
        Msg::EndTurn => Kind::EndTurn,
        Msg::NextCall => Kind::NextCall,
        Msg::EditNotes(_) => Kind::EditNotes,
        Msg::ExportNotes => Kind::ExportNotes,
        Msg::CopyLink { .. } => Kind::CopyLink,
        Msg::CopyExport(_) => Kind::CopyExport,
        Msg::DownloadExport(_) => Kind::DownloadExport,
        Msg::Resized { .. } => Kind::Resized,
        Msg::FromParent { .. } => Kind::FromParent,
        Msg::FullScreen(_) => Kind::FullScreen,
        Msg::FillFrame(_) => Kind::FillFrame,
        Msg::Expand => Kind::Expand,
        Msg::FullScreenRefused => Kind::FullScreenRefused,
        Msg::Escape => Kind::Escape,
        Msg::DeclarationsOpened => Kind::DeclarationsOpened,
        Msg::ExportsLoaded { .. } => Kind::ExportsLoaded,
        Msg::Stored(_) => Kind::Stored,
        Msg::StoreFailed(_) => Kind::StoreFailed,
        Msg::Copied(_) => Kind::Copied,
        Msg::CopyFailed(_) => Kind::CopyFailed,
        Msg::DownloadFailed(_) => Kind::DownloadFailed,
        Msg::SetLocale { .. } => Kind::SetLocale,
        Msg::CatalogueLoaded { .. } => Kind::CatalogueLoaded,
        Msg::UndoReplace => Kind::UndoReplace,
        Msg::ShowGate(_) => Kind::ShowGate,
        Msg::Reject => Kind::Reject,
        Msg::WallClock { .. } => Kind::WallClock,
        Msg::FinishRun => Kind::FinishRun,
        Msg::ChooseTool(_) => Kind::ChooseTool,
        Msg::DismissSolved => Kind::DismissSolved,
    }
}

/// A message of `kind`, its fields decoded from the bytes.
pub fn message(u: &mut Unstructured<'_>, kind: Kind) -> Result<Msg> {
    let slot = |u: &mut Unstructured<'_>| {
        pick(
            u,
            &[Slot::Notes, Slot::Baseline, Slot::Progress, Slot::Authored],
        )
    };
    Ok(match kind {
        Kind::SelectTool => Msg::SelectTool(pick(u, &ToolId::ALL)?),
        Kind::SetToolName => Msg::SetToolName(tool_name(u)?),
        Kind::ChooseTool => Msg::ChooseTool(tool_name(u)?),
        Kind::LoadExample => Msg::LoadExample(pick(u, &ExampleKind::ALL)?),
        Kind::EditArgs => Msg::EditArgs(args(u)?),
        Kind::SetRole => Msg::SetRole(pick(u, &Role::ALL)?),
        Kind::SetHook => Msg::SetHook(pick(u, &Hook::ALL)?),
        Kind::SetKey => Msg::SetKey(key(u)?),
        Kind::SetReuse => Msg::SetReuse(u.arbitrary()?),
        Kind::Approve => Msg::Approve,
        Kind::Revoke => Msg::Revoke,
        Kind::Play => Msg::Play,
        Kind::Pause => Msg::Pause,
        Kind::NextGate => Msg::NextGate,
        Kind::Restart => Msg::Restart,
        Kind::ResetLedger => Msg::ResetLedger,
        Kind::SetSpeed => Msg::SetSpeed(pick(u, &Speed::ALL)?),
        Kind::Tick => Msg::Tick,
        Kind::Hidden => Msg::Hidden,
        Kind::CaptureBaseline => Msg::CaptureBaseline,
        Kind::ClearBaseline => Msg::ClearBaseline,
        Kind::RestoreBaseline => Msg::RestoreBaseline(match weighted(u, &[3, 1])? {
            0 => baseline(u)?,
            // What storage handed back, as the opening reads it.
            _ => {
                let stored = baseline(u)?.to_stored();
                let stored = text_edits(u, &stored)?;
                Baseline::from_stored(&stored).or_else(|_| baseline(u))?
            }
        }),
        Kind::RestoreSetup => Msg::RestoreSetup(match weighted(u, &[3, 1])? {
            0 => setup(u)?,
            // A link's fragment, as the opening reads it.
            _ => {
                let fragment = setup(u)?.to_fragment();
                let fragment = text_edits(u, &fragment)?;
                match Setup::from_fragment(&fragment) {
                    Ok(Some(setup)) => setup,
                    _ => setup(u)?,
                }
            }
        }),
        Kind::Notice => Msg::Notice(notice(u)?),
        Kind::EditDecision => Msg::EditDecision(decision(u)?),
        Kind::StartTurn => Msg::StartTurn,
        Kind::EndTurn => Msg::EndTurn,
        Kind::NextCall => Msg::NextCall,
        Kind::DismissSolved => Msg::DismissSolved,
        Kind::EditNotes => Msg::EditNotes(match weighted(u, &[1, 3, 1])? {
            0 => String::new(),
            1 => raw(u, 40)?,
            _ => prose(u)?,
        }),
        Kind::ExportNotes => Msg::ExportNotes,
        Kind::CopyLink => Msg::CopyLink {
            page_url: page_url(u)?,
        },
        Kind::CopyExport => Msg::CopyExport(pick(u, &Export::ALL)?),
        Kind::DownloadExport => Msg::DownloadExport(pick(u, &Export::ALL)?),
        Kind::Resized => Msg::Resized {
            height: match weighted(u, &[3, 1])? {
                0 => pick(u, &[480, 900, 1200])?,
                _ => u.arbitrary()?,
            },
        },
        // H5P's resizer protocol, and anything else a parent may post.
        Kind::FromParent => Msg::FromParent {
            context: match weighted(u, &[3, 1])? {
                0 => "h5p".into(),
                _ => raw(u, 12)?,
            },
            action: match weighted(u, &[4, 1])? {
                0 => pick(u, &["hello", "ready", "resize", "resizePrepared"])?.into(),
                _ => raw(u, 16)?,
            },
        },
        Kind::FullScreen => Msg::FullScreen(u.arbitrary()?),
        Kind::FillFrame => Msg::FillFrame(u.arbitrary()?),
        Kind::Expand => Msg::Expand,
        Kind::FullScreenRefused => Msg::FullScreenRefused,
        Kind::Escape => Msg::Escape,
        Kind::DeclarationsOpened => Msg::DeclarationsOpened,
        Kind::ExportsLoaded => Msg::ExportsLoaded {
            locale: pick(u, &Locale::ALL)?,
            data: catalogue(u)?,
        },
        Kind::Stored => Msg::Stored(slot(u)?),
        Kind::StoreFailed => Msg::StoreFailed(slot(u)?),
        Kind::Copied => Msg::Copied(deliverable(u)?),
        Kind::CopyFailed => Msg::CopyFailed(deliverable(u)?),
        Kind::DownloadFailed => Msg::DownloadFailed(deliverable(u)?),
        Kind::FinishRun => Msg::FinishRun,
        Kind::SetLocale => Msg::SetLocale {
            locale: pick(u, &Locale::ALL)?,
            page_url: page_url(u)?,
        },
        Kind::CatalogueLoaded => Msg::CatalogueLoaded {
            locale: pick(u, &Locale::ALL)?,
            data: catalogue(u)?,
        },
        Kind::UndoReplace => Msg::UndoReplace,
        Kind::Reject => Msg::Reject,
        Kind::ShowGate => Msg::ShowGate(pick(u, &Gate::ALL)?),
        Kind::WallClock => Msg::WallClock {
            origin_ms: u.arbitrary()?,
            utc_offset_min: u.int_in_range(-1440..=1440)?,
        },
    })
}

/// What fetching a catalogue gave: a locale's data, the same edited, any
/// text, or a failure.
/// Why a fetch failed: a status and an address, or the browser's words.
pub(super) fn fetch_error(u: &mut Unstructured<'_>) -> Result<FetchError> {
    Ok(if u.arbitrary()? {
        FetchError::Status {
            status: u.arbitrary()?,
            url: raw(u, 12)?,
        }
    } else {
        FetchError::Browser(raw(u, 12)?)
    })
}

fn catalogue(u: &mut Unstructured<'_>) -> Result<Result<String, FetchError>> {
    let data = pick(u, &DATA)?.1;
    Ok(match weighted(u, &[3, 1, 1, 1])? {
        0 => Ok(data.into()),
        1 => {
            // The first 400 bytes or so, cut where a character ends.
            let cut = (0..=data.len().min(400))
                .rev()
                .find(|&i| data.is_char_boundary(i))
                .unwrap_or(0);
            Ok(text_edits(u, &data[..cut])?)
        }
        2 => Ok(raw(u, 40)?),
        _ => Err(fetch_error(u)?),
    })
}

/// How often a kind is chosen, relative to 1: the run's own controls
/// more often than the shell's reports.
fn weight(kind: Kind) -> u32 {
    match kind {
        Kind::EditArgs | Kind::Approve | Kind::Tick => 3,
        Kind::NextGate => 4,
        Kind::SetRole | Kind::Play | Kind::EditNotes | Kind::Notice => 2,
        Kind::Stored | Kind::StoreFailed | Kind::EditDecision | Kind::StartTurn => 2,
        Kind::NextCall => 2,
        _ => 1,
    }
}

/// Any message, every variant possible.
pub fn msg(u: &mut Unstructured<'_>) -> Result<Msg> {
    let weights = Kind::ALL.map(weight);
    let kind = Kind::ALL[weighted(u, &weights)?];
    message(u, kind)
}

/// How the shell's clock moves before a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Time {
    Same,
    Forward(u64),
    /// A shell may hand back an earlier reading.
    Back(u64),
}

impl Time {
    pub fn apply(self, now: u64) -> u64 {
        match self {
            Time::Same => now,
            Time::Forward(d) => now.saturating_add(d),
            Time::Back(d) => now.saturating_sub(d),
        }
    }
}

/// When a message arrives: at once, a little or a lot later, or earlier.
pub fn time(u: &mut Unstructured<'_>) -> Result<Time> {
    Ok(match weighted(u, &[2, 4, 2, 1])? {
        0 => Time::Same,
        1 => Time::Forward(u.int_in_range(0..=3_000)?),
        2 => Time::Forward(u.int_in_range(3_000..=120_000)?),
        _ => Time::Back(u.int_in_range(0..=60_000)?),
    })
}

/// One message, or a short burst that makes finished runs and agent turns
/// that go from call to call likely.
pub fn chunk(u: &mut Unstructured<'_>) -> Result<Vec<(Time, Msg)>> {
    let now = |m: Msg| (Time::Same, m);
    let run = |out: &mut Vec<(Time, Msg)>| {
        out.push(now(Msg::Approve));
        out.extend(std::iter::repeat_n(now(Msg::NextGate), 7));
    };
    let mut out = Vec::new();
    match weighted(u, &[8, 2, 2, 1, 1, 2])? {
        0 => out.push((time(u)?, msg(u)?)),
        1 => out.extend(std::iter::repeat_n(
            now(Msg::NextGate),
            u.int_in_range(1..=7)?,
        )),
        2 => {
            let tool = pick(u, &ToolId::ALL)?;
            out.push(now(Msg::SelectTool(tool)));
            out.push(now(Msg::EditArgs(args_for(u, tool)?)));
        }
        3 => {
            out.push(now(Msg::SetRole(Role::Operator)));
            run(&mut out);
        }
        4 => {
            out.push(now(Msg::Play));
            out.push((Time::Forward(u.int_in_range(40_000..=200_000)?), Msg::Tick));
        }
        _ => {
            out.push(now(Msg::EditDecision(decision(u)?)));
            if u.arbitrary()? {
                out.push(now(Msg::SetRole(Role::Operator)));
            }
            out.push(now(Msg::StartTurn));
            for _ in 0..u.int_in_range(0..=7)? {
                run(&mut out);
            }
        }
    }
    Ok(out)
}

/// The shell's answers to the commands of the last step: each answered
/// with success or failure, or not at all.
pub fn answers(u: &mut Unstructured<'_>, commands: &[Command]) -> Result<Vec<Msg>> {
    let mut out = Vec::new();
    for c in commands {
        let ok = weighted(u, &[4, 1, 1])?;
        let msg = match (c, ok) {
            (_, 2) => None,
            (Command::Store { slot, .. } | Command::Remove { slot, .. }, 0) => {
                Some(Msg::Stored(*slot))
            }
            (Command::Store { slot, .. } | Command::Remove { slot, .. }, _) => {
                Some(Msg::StoreFailed(*slot))
            }
            (Command::Copy { what, .. }, 0) => Some(Msg::Copied(*what)),
            (Command::Copy { what, .. }, _) => Some(Msg::CopyFailed(*what)),
            // A download has no success answer.
            (Command::Download { what, .. }, 1) => Some(Msg::DownloadFailed(*what)),
            (
                Command::Download { .. }
                | Command::Post(_)
                | Command::ReplaceAddress { .. }
                | Command::Reveal,
                _,
            ) => None,
            (Command::LoadCatalogue(locale), 0) => Some(Msg::CatalogueLoaded {
                locale: *locale,
                data: Ok(DATA[*locale as usize].1.into()),
            }),
            (Command::LoadCatalogue(locale), _) => Some(Msg::CatalogueLoaded {
                locale: *locale,
                data: Err(FetchError::Status {
                    status: 404,
                    url: "x.json".into(),
                }),
            }),
            // Natively every locale's exports are installed, so none is
            // asked for; a failure is the answer that changes something.
            (Command::LoadExports(locale), _) => Some(Msg::ExportsLoaded {
                locale: *locale,
                data: Err(FetchError::Status {
                    status: 404,
                    url: "x.json".into(),
                }),
            }),
            // Entering is told by the browser's `fullscreenchange`.
            (Command::RequestFullScreen, 0) => Some(Msg::FullScreen(true)),
            (Command::RequestFullScreen, _) => Some(Msg::FullScreenRefused),
            (Command::ExitFullScreen, _) => Some(Msg::FullScreen(false)),
        };
        out.extend(msg);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    /// Every kind decodes to a message of that kind, from any bytes.
    #[test]
    fn every_kind_decodes_to_its_message() {
        for data in [&[][..], &[0xff; 64][..], &[7; 3][..]] {
            for k in Kind::ALL {
                let m = message(&mut Unstructured::new(data), k).unwrap();
                assert_eq!(kind(&m), k, "{m:?}");
            }
        }
        assert!(Kind::ALL.iter().all(|k| weight(*k) > 0));
    }
}
