//! Chunks of messages weighted towards one part of the page, for the
//! fuzz targets that search it: agent turns with the learner's setting
//! changes between their steps, and Capture baseline at every point of a
//! run. Any message still comes now and then, so each search also leaves
//! its path.

use arbitrary::{Result, Unstructured};
use gateway_core::{Hook, Msg, Role, ToolId};

use super::args::{args_for, key};
use super::decisions::decision;
use super::messages::{msg, time, Time};
use super::{pick, weighted};

fn now(msg: Msg) -> (Time, Msg) {
    (Time::Same, msg)
}

/// A step of playback: the gates an agent turn's call goes through.
fn playback_step(u: &mut Unstructured<'_>, out: &mut Vec<(Time, Msg)>) -> Result<()> {
    match weighted(u, &[4, 2, 2, 1, 2, 1, 1, 3])? {
        0 => out.extend(std::iter::repeat_n(
            now(Msg::NextGate),
            u.int_in_range(1..=7)?,
        )),
        1 => out.push(now(Msg::Approve)),
        2 => out.push(now(Msg::FinishRun)),
        3 => out.push(now(Msg::Reject)),
        4 => {
            out.push(now(Msg::Play));
            out.push((Time::Forward(u.int_in_range(0..=120_000)?), Msg::Tick));
        }
        5 => out.push((time(u)?, Msg::Pause)),
        6 => out.push(now(Msg::Restart)),
        // A turn's finished call waits for the learner to move on.
        _ => out.push(now(Msg::NextCall)),
    }
    Ok(())
}

/// A setting the learner changes: role, hook, operation key, receipts.
fn setting(u: &mut Unstructured<'_>) -> Result<Msg> {
    Ok(match weighted(u, &[2, 4, 1, 1])? {
        0 => Msg::SetRole(pick(u, &Role::ALL)?),
        // Mostly Redact output: the hook a turn once turned off.
        1 => Msg::SetHook(match weighted(u, &[3, 1])? {
            0 => Hook::RedactOutput,
            _ => pick(u, &Hook::ALL)?,
        }),
        2 => Msg::SetKey(key(u)?),
        _ => Msg::SetReuse(u.arbitrary()?),
    })
}

/// Agent turns started and stepped through, with setting changes, tool
/// choices and now and then any message between their steps.
pub fn turn_settings_chunk(u: &mut Unstructured<'_>) -> Result<Vec<(Time, Msg)>> {
    let mut out = Vec::new();
    match weighted(u, &[4, 6, 3, 2, 1, 1])? {
        0 => out.push(now(setting(u)?)),
        1 => playback_step(u, &mut out)?,
        2 => {
            // The learner's own request first, so that a turn starts with
            // a redacting tool and Redact output on.
            if u.arbitrary()? {
                out.push(now(Msg::SelectTool(pick(
                    u,
                    &[ToolId::Email, ToolId::Files],
                )?)));
                out.push(now(Msg::SetHook(Hook::RedactOutput)));
            }
            out.push(now(Msg::EditDecision(decision(u)?)));
            out.push(now(Msg::StartTurn));
        }
        3 => out.push(now(match weighted(u, &[3, 1, 1])? {
            0 => Msg::SelectTool(pick(u, &ToolId::ALL)?),
            1 => Msg::UndoReplace,
            _ => Msg::EndTurn,
        })),
        4 => out.push(now(Msg::ResetLedger)),
        _ => out.push((time(u)?, msg(u)?)),
    }
    Ok(out)
}

/// Runs stepped to every point (playing, paused, held for approval, in a
/// turn), with Capture baseline between the steps.
pub fn baseline_chunk(u: &mut Unstructured<'_>) -> Result<Vec<(Time, Msg)>> {
    let mut out = Vec::new();
    match weighted(u, &[4, 5, 2, 2, 1, 1, 1])? {
        0 => out.push(now(Msg::CaptureBaseline)),
        1 => {
            playback_step(u, &mut out)?;
            out.push(now(Msg::CaptureBaseline));
        }
        2 => {
            out.push(now(Msg::SetRole(Role::Operator)));
            out.push(now(Msg::Approve));
        }
        3 => {
            let tool = pick(u, &ToolId::ALL)?;
            out.push(now(Msg::SelectTool(tool)));
            out.push(now(Msg::EditArgs(args_for(u, tool)?)));
        }
        4 => {
            out.push(now(Msg::EditDecision(decision(u)?)));
            out.push(now(Msg::StartTurn));
        }
        5 => out.push(now(match weighted(u, &[1, 1, 1])? {
            0 => Msg::ClearBaseline,
            1 => Msg::ResetLedger,
            _ => Msg::EndTurn,
        })),
        _ => out.push((time(u)?, msg(u)?)),
    }
    Ok(out)
}
