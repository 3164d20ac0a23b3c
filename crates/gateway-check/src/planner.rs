//! The seven gates over arbitrary tool names and argument text.

use arbitrary::{Result as Decoded, Unstructured};
use gateway_core::gates::{plan, Approval, Inputs, Plan};
use gateway_core::json::quote;
use gateway_core::ledger::{Commit, Finish, Ledger};
use gateway_core::reason::Reason;
use gateway_core::text::Locale;
use gateway_core::{Gate, Hook, Registry, Role, ToolId, Verdict};

use crate::decode::{self, pick, weighted};
use crate::decoders::{arg_error, json_error};
use crate::{ensure, guard, plan_shape, Invariant, Violation};

/// Plans per input, at most.
const MAX_PLANS: usize = 32;

/// Decodes a registry (the fixtures or part of them), a ledger made by
/// earlier runs, then tool names, argument text and policy inputs, and
/// plans each call. Checks that nothing panics, that every plan has seven
/// well-formed rows, that planning is deterministic and changes nothing,
/// that a name the registry does not hold is refused cleanly, that a
/// schema rejection names the field and the bound, that an approval passes
/// only its own tool and payload, and that a key holding a receipt replays
/// it.
pub fn check_planner(data: &[u8]) -> Result<(), Violation> {
    let mut u = Unstructured::new(data);
    let Ok(registry) = registry(&mut u) else {
        return Ok(());
    };
    let mut ledger = Ledger::fixtures();
    let mut step = 0;
    while !u.is_empty() && step < MAX_PLANS {
        step += 1;
        let Ok((inputs, commit)) = call(&mut u, &registry, &ledger) else {
            break;
        };
        let at = format!("plan of {}", quote(&inputs.tool));
        let located = |v: Violation| v.located(step, &at);
        let planned = guard(step, &at, || plan(&registry, &inputs, &ledger, Locale::En))?;
        check(&registry, &inputs, &ledger, &planned).map_err(located)?;
        if commit {
            // As a finished run does: later calls see its receipt.
            let mut after = ledger.clone();
            guard(step, "commit", || after.commit(planned.commit()))?;
            replays(&registry, &inputs, &after, &planned).map_err(located)?;
            ledger = after;
        }
    }
    Ok(())
}

fn registry(u: &mut Unstructured<'_>) -> Decoded<Registry> {
    if weighted(u, &[3, 1])? == 0 {
        return Ok(Registry::fixtures());
    }
    let mut tools = Vec::new();
    for id in ToolId::ALL {
        if u.arbitrary()? {
            tools.push(id.tool());
        }
    }
    Ok(Registry::with_tools(tools))
}

/// One call's inputs, with no approval, the call's own or another one;
/// and whether to commit it.
fn call(u: &mut Unstructured<'_>, registry: &Registry, ledger: &Ledger) -> Decoded<(Inputs, bool)> {
    let (tool, args) = decode::request(u)?;
    let mut inputs = Inputs {
        tool,
        args,
        role: match weighted(u, &[3, 1])? {
            0 => Role::Operator,
            _ => Role::Viewer,
        },
        hook: pick(u, &Hook::ALL)?,
        key: decode::key(u)?,
        reuse: u.ratio(4u8, 5)?,
        approval: None,
        refusal: None,
    };
    inputs.approval = match weighted(u, &[1, 4, 1, 1])? {
        0 => None,
        1 => plan(registry, &inputs, ledger, Locale::En)
            .call()
            .map(|c| Approval {
                tool: c.tool.clone(),
                payload: c.payload.clone(),
            }),
        2 => Some(Approval {
            tool: inputs.tool.clone(),
            payload: decode::raw(u, 20)?,
        }),
        _ => Some(Approval {
            tool: decode::tool_name(u)?,
            payload: decode::args(u)?,
        }),
    };
    Ok((inputs, u.ratio(2u8, 3)?))
}

fn check(
    registry: &Registry,
    inputs: &Inputs,
    ledger: &Ledger,
    planned: &Plan,
) -> Result<(), Violation> {
    let before = ledger.clone();
    let again = plan(registry, inputs, ledger, Locale::En);
    ensure!(
        &again == planned,
        Invariant::Deterministic,
        "two plans of the same inputs differ: {planned:?} then {again:?}"
    );
    ensure!(
        *ledger == before,
        Invariant::LedgerOnlyAtSeventhStage,
        "planning changed the ledger"
    );
    plan_shape(planned)?;

    let schema = &planned.rows()[0];
    let unknown = matches!(schema.reason, Reason::UnknownTool { .. });
    // Membership by the registry's list of names, not by its lookup.
    let registered = registry.names().contains(&inputs.tool.as_str());
    match registered {
        false => {
            let refused = Invariant::UnknownToolRefused;
            let expected = Reason::UnknownTool {
                name: inputs.tool.clone(),
                known: registry.names(),
            };
            ensure!(
                schema.verdict == Verdict::Rejected && schema.reason == expected,
                refused,
                "{:?} not in the registry: schema row {schema:?}",
                inputs.tool
            );
            ensure!(
                planned.call().is_none(),
                refused,
                "a call was made: {:?}",
                planned.call()
            );
            let words = schema.reason.to_string();
            ensure!(
                words.contains(&quote(&inputs.tool)),
                refused,
                "the reason does not name {:?}: {words}",
                inputs.tool
            );
        }
        true => ensure!(
            !unknown,
            Invariant::UnknownToolRefused,
            "{:?} is registered but refused as unknown",
            inputs.tool
        ),
    }

    // A schema rejection names the field and the bound.
    match &schema.reason {
        Reason::Args(e) => arg_error(e)?,
        Reason::Json(e) => json_error(e)?,
        _ => {}
    }

    if let Some(call) = planned.call() {
        let row = planned.row(Gate::Approval);
        let own = Approval {
            tool: call.tool.clone(),
            payload: call.payload.clone(),
        };
        if row.verdict == Verdict::Passed {
            ensure!(
                inputs.approval.as_ref() == Some(&own),
                Invariant::ApprovalBinds,
                "approval {:?} passed a call of {own:?}",
                inputs.approval
            );
        }
        if call.risk.needs_approval() && inputs.approval.as_ref() != Some(&own) {
            ensure!(
                row.verdict != Verdict::Passed && !matches!(planned.commit(), Commit::Ran(_)),
                Invariant::ApprovalBinds,
                "a {:?} call ran with approval {:?}",
                call.risk,
                inputs.approval
            );
        }
    }
    Ok(())
}

/// After a committed effect, the same call under the same key (reuse on)
/// replays the receipt.
fn replays(
    registry: &Registry,
    inputs: &Inputs,
    after: &Ledger,
    planned: &Plan,
) -> Result<(), Violation> {
    let Commit::Ran(Finish::Effect { key, .. }) = planned.commit() else {
        return Ok(());
    };
    let reuse = Inputs {
        reuse: true,
        ..inputs.clone()
    };
    let again = plan(registry, &reuse, after, Locale::En);
    ensure!(
        again.commit() == Commit::Ran(Finish::Replay { key: key.clone() }),
        Invariant::OneEffectPerKey,
        "key {key:?} holds a receipt, but the same call then commits {:?}",
        again.commit()
    );
    Ok(())
}
