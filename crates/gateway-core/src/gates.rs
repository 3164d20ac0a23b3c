//! The seven gates and the pipeline that runs them.
//!
//! Each gate is a small function returning a verdict with a one-line
//! reason. [`plan`] runs them in order against the current ledger without
//! changing it; after the first rejection the remaining gates are skipped.
//! Deny is the fail-safe answer. The plan says what finishing the run would
//! commit; only the workbench commits it, at the seventh stage.

use std::fmt;

use serde_json::{Map, Value};

use crate::json::{pretty, quote, utf16_len};
use crate::ledger::{Commit, Ledger, Receipt};
use crate::mask::mask_value;
use crate::policy::{Hook, Risk, Role};
use crate::schema::Args;
use crate::tools::{Registry, Tool, REDACTED};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Gate {
    Schema,
    BeforeHook,
    Role,
    Approval,
    Idempotency,
    Execution,
    AfterHook,
}

impl Gate {
    pub const ALL: [Gate; 7] = [
        Gate::Schema,
        Gate::BeforeHook,
        Gate::Role,
        Gate::Approval,
        Gate::Idempotency,
        Gate::Execution,
        Gate::AfterHook,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    /// The stable id the page puts in `data-gate`.
    pub fn id(self) -> &'static str {
        match self {
            Gate::Schema => "schema",
            Gate::BeforeHook => "before-hook",
            Gate::Role => "role",
            Gate::Approval => "approval",
            Gate::Idempotency => "idempotency",
            Gate::Execution => "execution",
            Gate::AfterHook => "after-hook",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Gate::Schema => "Schema",
            Gate::BeforeHook => "Before-hook",
            Gate::Role => "Role",
            Gate::Approval => "Approval",
            Gate::Idempotency => "Idempotency",
            Gate::Execution => "Execution",
            Gate::AfterHook => "After-hook",
        }
    }
}

impl fmt::Display for Gate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A gate's answer. (`pending` is a playback state, not a verdict.)
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verdict {
    Passed,
    Rejected,
    Skipped,
    NotNeeded,
}

impl Verdict {
    /// The stable id the page puts in `data-status`.
    pub fn id(self) -> &'static str {
        match self {
            Verdict::Passed => "passed",
            Verdict::Rejected => "rejected",
            Verdict::Skipped => "skipped",
            Verdict::NotNeeded => "not-needed",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Verdict::Passed => "passed",
            Verdict::Rejected => "rejected",
            Verdict::Skipped => "skipped",
            Verdict::NotNeeded => "not needed",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GateResult {
    pub gate: Gate,
    pub verdict: Verdict,
    pub reason: String,
}

/// An approval: this tool, this canonical payload.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Approval {
    pub tool: String,
    pub payload: String,
}

/// Everything a run depends on besides the ledger.
#[derive(Debug, Clone, PartialEq)]
pub struct Inputs {
    pub tool: String,
    pub args: String,
    pub role: Role,
    pub hook: Hook,
    pub key: String,
    pub reuse: bool,
    pub approval: Option<Approval>,
}

/// Operation keys are 1 to this many characters.
pub const MAX_KEY_UNITS: usize = 64;

/// What finishing the run would return and commit.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    /// Always seven rows, in [`Gate::ALL`] order.
    pub rows: Vec<GateResult>,
    /// The call as the schema gate understood it, if it did.
    pub call: Option<CallInfo>,
    /// The returned output as shown: after the after-hook, secrets masked.
    pub returned: Option<Value>,
    /// What the ledger records when inspection finishes the seventh stage.
    pub commit: Commit,
    /// One sentence on what finishing the run would do.
    pub summary: String,
}

/// What the schema gate learnt about a valid call.
#[derive(Debug, Clone, PartialEq)]
pub struct CallInfo {
    pub tool: String,
    pub risk: Risk,
    /// The canonical payload (keys sorted), which approvals and receipts bind to.
    pub payload: String,
    /// Whether the redact hook has anything to hide in this tool's output.
    pub redactable: bool,
}

impl Plan {
    pub fn rejected_at(&self) -> Option<Gate> {
        match self.commit {
            Commit::Rejected(gate) => Some(gate),
            _ => None,
        }
    }

    /// The returned output as literal JSON text.
    pub fn returned_text(&self) -> Option<String> {
        self.returned.as_ref().map(pretty)
    }
}

/// Runs the seven gates for `inputs` against `ledger`, changing nothing.
pub fn plan(registry: &Registry, inputs: &Inputs, ledger: &Ledger) -> Plan {
    let mut rows = Vec::with_capacity(Gate::ALL.len());
    let (tool, args, call) = match schema(registry, inputs) {
        Ok(found) => found,
        Err(reason) => return rejected(rows, Gate::Schema, reason, None),
    };
    rows.push(passed(
        Gate::Schema,
        format!(
            "{} arguments fit the declared schema ({} risk)",
            call.tool, call.risk
        ),
    ));
    for (gate, check) in [
        (Gate::BeforeHook, before_hook(inputs.hook, call.risk)),
        (Gate::Role, role(inputs.role, call.risk)),
        (Gate::Approval, approval(inputs.approval.as_ref(), &call)),
    ] {
        match check {
            Check::Reject(reason) => return rejected(rows, gate, reason, Some(call)),
            other => rows.push(other.into_row(gate)),
        }
    }
    let decision = match idempotency(inputs, &call, ledger) {
        Ok((decision, check)) => {
            rows.push(check.into_row(Gate::Idempotency));
            decision
        }
        Err(reason) => return rejected(rows, Gate::Idempotency, reason, Some(call)),
    };
    let (output, commit, summary) = match decision {
        Key::Replay(receipt) => {
            rows.push(not_needed(
                Gate::Execution,
                format!(
                    "the tool does not run again: {} already holds a receipt",
                    quote(&inputs.key)
                ),
            ));
            let summary = format!(
                "Finishing returns the stored receipt of {} with no new effect",
                quote(&inputs.key)
            );
            (receipt.output.clone(), Commit::Replay, summary)
        }
        Key::Execute { again } => match tool.plan(&args, ledger) {
            Err(err) => return rejected(rows, Gate::Execution, err.to_string(), Some(call)),
            Ok(planned) => {
                let effect_words = effect_words(&planned.effect);
                rows.push(passed(Gate::Execution, effect_words.clone()));
                if call.risk.is_mutation() {
                    let receipt = Receipt {
                        tool: call.tool.clone(),
                        payload: call.payload.clone(),
                        output: planned.output.clone(),
                    };
                    let summary = format!(
                        "Finishing commits the effect{}: {effect_words}",
                        if again {
                            " again (a visible duplicate)"
                        } else {
                            ""
                        }
                    );
                    let commit = Commit::Effect {
                        effect: planned.effect,
                        key: inputs.key.clone(),
                        receipt,
                    };
                    (planned.output, commit, summary)
                } else {
                    let summary = "Finishing returns the output; a read changes nothing".into();
                    (planned.output, Commit::Read, summary)
                }
            }
        },
    };
    let (check, shown) = after_hook(inputs.hook, tool, output);
    rows.push(check.into_row(Gate::AfterHook));
    Plan {
        rows,
        call: Some(call),
        returned: Some(mask_value(&shown)),
        commit,
        summary,
    }
}

/// A gate's answer before it becomes a row.
enum Check {
    Pass(String),
    NotNeeded(String),
    Reject(String),
}

impl Check {
    fn into_row(self, gate: Gate) -> GateResult {
        let (verdict, reason) = match self {
            Check::Pass(r) => (Verdict::Passed, r),
            Check::NotNeeded(r) => (Verdict::NotNeeded, r),
            Check::Reject(r) => (Verdict::Rejected, r),
        };
        GateResult {
            gate,
            verdict,
            reason,
        }
    }
}

fn passed(gate: Gate, reason: String) -> GateResult {
    Check::Pass(reason).into_row(gate)
}

fn not_needed(gate: Gate, reason: String) -> GateResult {
    Check::NotNeeded(reason).into_row(gate)
}

/// Fills in the rejected row and skips the rest.
fn rejected(mut rows: Vec<GateResult>, gate: Gate, reason: String, call: Option<CallInfo>) -> Plan {
    let summary = format!("Finishing records a rejection at the {gate} gate: {reason}");
    rows.push(Check::Reject(reason).into_row(gate));
    for later in &Gate::ALL[gate.index() + 1..] {
        rows.push(GateResult {
            gate: *later,
            verdict: Verdict::Skipped,
            reason: format!("skipped after the {gate} gate rejected the call"),
        });
    }
    Plan {
        rows,
        call,
        returned: None,
        commit: Commit::Rejected(gate),
        summary,
    }
}

/// Gate 1: registry lookup, JSON rules, the tool's shape and its own rules.
fn schema(
    registry: &Registry,
    inputs: &Inputs,
) -> Result<(&'static dyn Tool, Args, CallInfo), String> {
    let Some(tool) = registry.get(&inputs.tool) else {
        return Err(format!(
            "Unknown tool {}: the registry holds only {}",
            quote(&inputs.tool),
            registry.names().join(", ")
        ));
    };
    let decl = tool.declaration();
    let parsed = crate::json::parse(&inputs.args).map_err(|e| e.to_string())?;
    let args = decl.shape.validate(parsed).map_err(|e| e.to_string())?;
    tool.check(&args).map_err(|e| e.to_string())?;
    let call = CallInfo {
        tool: decl.name.into(),
        risk: tool.risk(&args),
        payload: args.canonical(),
        redactable: !decl.redacts.is_empty(),
    };
    Ok((tool, args, call))
}

/// Gate 2: the block-mutations hook.
fn before_hook(hook: Hook, risk: Risk) -> Check {
    match hook {
        Hook::None => Check::NotNeeded("no hook is set".into()),
        Hook::RedactOutput => Check::NotNeeded("Redact output acts after execution".into()),
        Hook::BlockMutations if risk.is_mutation() => Check::Reject(format!(
            "the Block mutations hook rejects every mutation ({risk} risk)"
        )),
        Hook::BlockMutations => Check::Pass("Block mutations lets a read through".into()),
    }
}

/// Gate 3: who may do what.
fn role(role: Role, risk: Risk) -> Check {
    if risk.is_refused() {
        return Check::Reject(format!("{risk} risk is refused for every role"));
    }
    match (role, risk.is_mutation()) {
        (Role::Viewer, true) => Check::Reject(format!(
            "Viewer may run reads only; a {risk} needs Operator"
        )),
        (role, _) => Check::Pass(format!("{} may run a {risk}", role.label())),
    }
}

/// Gate 4: an approval of this exact tool and payload.
fn approval(approval: Option<&Approval>, call: &CallInfo) -> Check {
    if !call.risk.needs_approval() {
        return Check::NotNeeded(format!("a {} needs no approval", call.risk));
    }
    match approval {
        Some(a) if a.tool == call.tool && a.payload == call.payload => {
            Check::Pass("approved: this exact tool and payload".into())
        }
        Some(_) => {
            Check::Reject("the approval was for a different payload; approve this one".into())
        }
        None => Check::Reject(format!(
            "a {} needs approval of this exact payload (Approve exact payload)",
            call.risk
        )),
    }
}

/// What the operation key decides for a mutation.
enum Key<'a> {
    Execute { again: bool },
    Replay(&'a Receipt),
}

/// Gate 5: the operation key names one intended mutation.
fn idempotency<'a>(
    inputs: &Inputs,
    call: &CallInfo,
    ledger: &'a Ledger,
) -> Result<(Key<'a>, Check), String> {
    if !call.risk.is_mutation() {
        return Ok((
            Key::Execute { again: false },
            Check::NotNeeded("a read changes nothing, so no key is needed".into()),
        ));
    }
    let key = &inputs.key;
    let units = utf16_len(key);
    if units == 0 || units > MAX_KEY_UNITS || key.chars().any(char::is_control) {
        return Err(format!(
            "Operation key must be 1 to {MAX_KEY_UNITS} characters on one line (got {units})"
        ));
    }
    let Some(receipt) = ledger.receipts.get(key) else {
        return Ok((
            Key::Execute { again: false },
            Check::Pass(format!("{} is a new intention", quote(key))),
        ));
    };
    if receipt.tool != call.tool || receipt.payload != call.payload {
        return Err(format!(
            "{} already belongs to a different payload; use a new key for a new intention",
            quote(key)
        ));
    }
    if inputs.reuse {
        Ok((
            Key::Replay(receipt),
            Check::Pass(format!(
                "{} already holds a receipt for this payload: it is replayed",
                quote(key)
            )),
        ))
    } else {
        Ok((
            Key::Execute { again: true },
            Check::Pass(format!(
                "Reuse receipts is off: {} executes again",
                quote(key)
            )),
        ))
    }
}

/// Gate 7: the redact hook, on the returned output only.
fn after_hook(hook: Hook, tool: &dyn Tool, output: Value) -> (Check, Value) {
    match hook {
        Hook::None => (Check::NotNeeded("no hook is set".into()), output),
        Hook::BlockMutations => (
            Check::NotNeeded("Block mutations acts before execution".into()),
            output,
        ),
        Hook::RedactOutput => {
            let fields = tool.declaration().redacts;
            let Value::Object(map) = output else {
                return (Check::Pass("nothing to redact".into()), output);
            };
            let mut hidden = Vec::new();
            let redacted: Map<String, Value> = map
                .into_iter()
                .map(|(k, v)| {
                    if fields.contains(&k.as_str()) {
                        hidden.push(k.clone());
                        (k, Value::String(REDACTED.into()))
                    } else {
                        (k, v)
                    }
                })
                .collect();
            let reason = if hidden.is_empty() {
                format!("nothing to redact in {} output", tool.declaration().name)
            } else {
                format!(
                    "{} replaced by {REDACTED} in the returned output only",
                    hidden.join(", ")
                )
            };
            (Check::Pass(reason), Value::Object(redacted))
        }
    }
}

fn effect_words(effect: &crate::ledger::Effect) -> String {
    use crate::ledger::{DbValue, Effect};
    match effect {
        Effect::None => "the tool ran; it changes nothing".into(),
        Effect::AppendEmail(m) => format!("appends {} for {} to the outbox", m.id, m.to),
        Effect::AddEvent(e) => format!("adds {} {}–{} to the schedule", e.id, e.start, e.end),
        Effect::WriteFile { path, .. } => format!("replaces the content of {path}"),
        Effect::SetDatabase(DbValue::Seats(n)) => format!("sets seats to {n}"),
        Effect::SetDatabase(DbValue::Status(s)) => format!("sets status to {}", quote(s)),
    }
}

/// The literal request under review: tool name and argument text.
pub fn request_text(inputs: &Inputs) -> String {
    format!("tool: {}\narguments:\n{}", inputs.tool, inputs.args)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::ToolId;

    fn send(key: &str) -> Inputs {
        let args = ToolId::Email
            .tool()
            .declaration()
            .examples
            .valid
            .to_string();
        let mut inputs = Inputs {
            tool: "email".into(),
            args,
            role: Role::Operator,
            hook: Hook::None,
            key: key.into(),
            reuse: true,
            approval: None,
        };
        let call = plan(&Registry::fixtures(), &inputs, &Ledger::fixtures())
            .call
            .unwrap();
        inputs.approval = Some(Approval {
            tool: call.tool,
            payload: call.payload,
        });
        inputs
    }

    fn idempotency_row(key: &str) -> GateResult {
        plan(&Registry::fixtures(), &send(key), &Ledger::fixtures()).rows[4].clone()
    }

    #[test]
    fn operation_keys_on_both_sides_of_each_bound() {
        assert_eq!(idempotency_row("k").verdict, Verdict::Passed);
        assert_eq!(idempotency_row(&"k".repeat(64)).verdict, Verdict::Passed);
        let long = idempotency_row(&"k".repeat(65));
        assert_eq!(long.verdict, Verdict::Rejected);
        assert_eq!(
            long.reason,
            "Operation key must be 1 to 64 characters on one line (got 65)"
        );
        let empty = idempotency_row("");
        assert_eq!(empty.verdict, Verdict::Rejected);
        assert!(empty.reason.ends_with("(got 0)"));
        assert_eq!(idempotency_row("a\nb").verdict, Verdict::Rejected);
        // Counted in UTF-16 units: 32 astral characters are 64 units.
        assert_eq!(idempotency_row(&"😀".repeat(32)).verdict, Verdict::Passed);
        assert_eq!(idempotency_row(&"😀".repeat(33)).verdict, Verdict::Rejected);
    }

    #[test]
    fn every_plan_has_seven_rows_in_order() {
        for (tool, args) in [
            ("email", "{"),
            ("shell.exec", "{}"),
            ("search", r#"{"query":"a"}"#),
        ] {
            let inputs = Inputs {
                tool: tool.into(),
                args: args.into(),
                role: Role::Viewer,
                hook: Hook::None,
                key: "intent-1".into(),
                reuse: true,
                approval: None,
            };
            let p = plan(&Registry::fixtures(), &inputs, &Ledger::fixtures());
            let gates: Vec<Gate> = p.rows.iter().map(|r| r.gate).collect();
            assert_eq!(gates, Gate::ALL, "{tool}");
        }
    }
}
