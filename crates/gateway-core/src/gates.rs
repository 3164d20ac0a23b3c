//! The seven gates and the pipeline that runs them.
//!
//! Each gate is a small function returning a verdict with a typed
//! [`Reason`]. [`plan`] runs them in order against the current ledger
//! without changing it; after the first rejection the remaining gates are
//! skipped. Deny is the fail-safe answer. The plan says what finishing the
//! run would commit; only the session commits it, at the seventh stage.

use serde_json::{Map, Value};

use crate::json::{pretty, utf16_len};
use crate::ledger::{Commit, Finish, Ledger, Receipt, MAX_RECEIPTS};
use crate::mask::mask_value;
use crate::policy::{Hook, Risk, Role};
use crate::reason::Reason;
use crate::schema::Args;
use crate::text::{Locale, Text};
use crate::tools::{mark_as_data, Registry, Tool, REDACTED};
pub use crate::vocab::{Gate, Verdict, GATES};

#[derive(Debug, Clone, PartialEq)]
pub struct GateResult {
    pub gate: Gate,
    pub verdict: Verdict,
    pub reason: Reason,
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
    /// The call the person rejected when an agent turn held it at the
    /// approval gate: that exact call is refused there.
    pub refusal: Option<Approval>,
}

/// Operation keys are 1 to this many characters.
pub const MAX_KEY_UNITS: usize = 64;

/// What finishing the run would do, and the seven rows that say why.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    rows: [GateResult; GATES],
    outcome: Outcome,
}

/// How the seven gates ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// The schema gate rejected the call: nothing about it is known.
    SchemaRejected,
    /// A later gate rejected a call the schema gate understood.
    Rejected { call: CallInfo, gate: Gate },
    /// Every gate let the call through: finishing returns `returned` (as
    /// shown: after the after-hook, secrets masked) and records `finish`.
    Ran {
        call: CallInfo,
        returned: Value,
        finish: Finish,
        /// A mutation executed again under a key that holds a receipt.
        again: bool,
    },
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
    /// Always seven rows, in [`Gate::ALL`] order.
    pub fn rows(&self) -> &[GateResult; GATES] {
        &self.rows
    }

    pub fn row(&self, gate: Gate) -> &GateResult {
        &self.rows[gate.index()]
    }

    pub fn outcome(&self) -> &Outcome {
        &self.outcome
    }

    /// The call as the schema gate understood it, if it did.
    pub fn call(&self) -> Option<&CallInfo> {
        match &self.outcome {
            Outcome::SchemaRejected => None,
            Outcome::Rejected { call, .. } | Outcome::Ran { call, .. } => Some(call),
        }
    }

    pub fn rejected_at(&self) -> Option<Gate> {
        match self.outcome {
            Outcome::SchemaRejected => Some(Gate::Schema),
            Outcome::Rejected { gate, .. } => Some(gate),
            Outcome::Ran { .. } => None,
        }
    }

    /// The rejected row's reason, if a gate rejected the call.
    pub fn rejection(&self) -> Option<&Reason> {
        self.rejected_at().map(|g| &self.row(g).reason)
    }

    /// The returned output as shown, if every gate passed.
    pub fn returned(&self) -> Option<&Value> {
        match &self.outcome {
            Outcome::Ran { returned, .. } => Some(returned),
            _ => None,
        }
    }

    /// The returned output as literal JSON text.
    pub fn returned_text(&self) -> Option<String> {
        self.returned().map(pretty)
    }

    /// Whether the returned output's literal JSON text holds `phrase`.
    pub fn returns(&self, phrase: &str) -> bool {
        self.returned_text().is_some_and(|t| t.contains(phrase))
    }

    /// What the ledger records when inspection finishes the seventh stage.
    pub fn commit(&self) -> Commit {
        match &self.outcome {
            Outcome::Ran { finish, .. } => Commit::Ran(finish.clone()),
            _ => Commit::Rejected(self.rejected_at().unwrap_or(Gate::Schema)),
        }
    }

    /// One sentence on what finishing the run would do.
    pub fn summary(&self) -> Text {
        match &self.outcome {
            Outcome::Ran { finish, again, .. } => match finish {
                Finish::Read => Text::SummaryRead,
                Finish::Replay { key } => Text::SummaryReplay {
                    key: crate::json::quote(key).into(),
                },
                Finish::Effect { effect, .. } if *again => Text::SummaryEffectAgain {
                    effect: effect.text().into(),
                },
                Finish::Effect { effect, .. } => Text::SummaryEffect {
                    effect: effect.text().into(),
                },
            },
            _ => {
                let gate = self.rejected_at().unwrap_or(Gate::Schema);
                Text::SummaryRejected {
                    gate: gate.name().into(),
                    reason: self.row(gate).reason.text().into(),
                }
            }
        }
    }
}

/// The rows being filled in gate order; unfilled rows read as skipped.
struct Rows([GateResult; GATES]);

impl Rows {
    fn new() -> Self {
        Rows(Gate::ALL.map(|gate| GateResult {
            gate,
            verdict: Verdict::Skipped,
            reason: Reason::SkippedAfter { gate: Gate::Schema },
        }))
    }

    fn set(&mut self, gate: Gate, check: Check) {
        let (verdict, reason) = match check {
            Check::Pass(r) => (Verdict::Passed, r),
            Check::NotNeeded(r) => (Verdict::NotNeeded, r),
            Check::Reject(r) => (Verdict::Rejected, r),
        };
        self.0[gate.index()] = GateResult {
            gate,
            verdict,
            reason,
        };
    }

    /// Fills in the rejected row and skips the rest. `call` is `None` only
    /// for the schema gate, which had no valid call to judge.
    fn reject(mut self, gate: Gate, reason: Reason, call: Option<CallInfo>) -> Plan {
        self.set(gate, Check::Reject(reason));
        for later in &Gate::ALL[gate.index() + 1..] {
            self.0[later.index()].reason = Reason::SkippedAfter { gate };
        }
        let outcome = match call {
            Some(call) => Outcome::Rejected { call, gate },
            None => Outcome::SchemaRejected,
        };
        Plan {
            rows: self.0,
            outcome,
        }
    }
}

/// A gate's answer before it becomes a row.
enum Check {
    Pass(Reason),
    NotNeeded(Reason),
    Reject(Reason),
}

/// Runs the seven gates for `inputs` against `ledger`, changing nothing;
/// a tool's output is worded in `locale`.
pub fn plan(registry: &Registry, inputs: &Inputs, ledger: &Ledger, locale: Locale) -> Plan {
    let mut rows = Rows::new();
    let (tool, args, call) = match schema(registry, inputs) {
        Ok(found) => found,
        Err(reason) => return rows.reject(Gate::Schema, reason, None),
    };
    rows.set(
        Gate::Schema,
        Check::Pass(Reason::SchemaFits {
            tool: call.tool.clone(),
            risk: call.risk,
        }),
    );
    for (gate, check) in [
        (Gate::BeforeHook, before_hook(inputs.hook, call.risk)),
        (Gate::Role, role(inputs.role, call.risk)),
        (Gate::Approval, approval(inputs, &call)),
    ] {
        match check {
            Check::Reject(reason) => return rows.reject(gate, reason, Some(call)),
            other => rows.set(gate, other),
        }
    }
    let decision = match idempotency(inputs, &call, ledger) {
        Ok((decision, check)) => {
            rows.set(Gate::Idempotency, check);
            decision
        }
        Err(reason) => return rows.reject(Gate::Idempotency, reason, Some(call)),
    };
    let (output, finish, again) = match decision {
        Key::Replay(receipt) => {
            rows.set(
                Gate::Execution,
                Check::NotNeeded(Reason::ReceiptHeld {
                    key: inputs.key.clone(),
                }),
            );
            (
                receipt.output.clone(),
                Finish::Replay {
                    key: inputs.key.clone(),
                },
                false,
            )
        }
        Key::Execute { again } => match tool.plan(&args, ledger.stores(), locale) {
            Err(err) => return rows.reject(Gate::Execution, Reason::Exec(err), Some(call)),
            Ok(planned) => {
                rows.set(
                    Gate::Execution,
                    Check::Pass(Reason::Executed(planned.effect.clone())),
                );
                if call.risk.is_mutation() {
                    let receipt = Receipt {
                        tool: call.tool.clone(),
                        payload: call.payload.clone(),
                        output: planned.output.clone(),
                    };
                    let finish = Finish::Effect {
                        effect: planned.effect,
                        key: inputs.key.clone(),
                        receipt,
                    };
                    (planned.output, finish, again)
                } else {
                    (planned.output, Finish::Read, false)
                }
            }
        },
    };
    let (check, shown) = after_hook(inputs.hook, tool, output);
    rows.set(Gate::AfterHook, check);
    Plan {
        rows: rows.0,
        outcome: Outcome::Ran {
            call,
            returned: mask_value(&shown),
            finish,
            again,
        },
    }
}

/// Gate 1: registry lookup, JSON rules, the tool's shape and its own rules.
fn schema(
    registry: &Registry,
    inputs: &Inputs,
) -> Result<(&'static dyn Tool, Args, CallInfo), Reason> {
    let Some(tool) = registry.get(&inputs.tool) else {
        return Err(Reason::UnknownTool {
            name: inputs.tool.clone(),
            known: registry.names(),
        });
    };
    let decl = tool.declaration();
    let parsed = crate::json::parse(&inputs.args).map_err(Reason::Json)?;
    let args = decl.shape.validate(parsed).map_err(Reason::from)?;
    tool.check(&args).map_err(Reason::from)?;
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
        Hook::None => Check::NotNeeded(Reason::NoHook),
        Hook::RedactOutput | Hook::MarkData => Check::NotNeeded(Reason::ActsAfter { hook }),
        Hook::BlockMutations if risk.is_mutation() => Check::Reject(Reason::BlockRejects { risk }),
        Hook::BlockMutations => Check::Pass(Reason::BlockLetsRead),
    }
}

/// Gate 3: who may do what.
fn role(role: Role, risk: Risk) -> Check {
    if risk.is_refused() {
        return Check::Reject(Reason::RiskRefused { risk });
    }
    match (role, risk.is_mutation()) {
        (Role::Viewer, true) => Check::Reject(Reason::ViewerReadsOnly { risk }),
        (role, _) => Check::Pass(Reason::RoleMay { role, risk }),
    }
}

/// Gate 4: an approval of this exact tool and payload.
fn approval(inputs: &Inputs, call: &CallInfo) -> Check {
    if !call.risk.needs_approval() {
        return Check::NotNeeded(Reason::NoApprovalNeeded { risk: call.risk });
    }
    let binds = |a: &Approval| a.tool == call.tool && a.payload == call.payload;
    if inputs.refusal.as_ref().is_some_and(binds) {
        return Check::Reject(Reason::ApprovalRefused);
    }
    match &inputs.approval {
        Some(a) if binds(a) => Check::Pass(Reason::Approved),
        Some(_) => Check::Reject(Reason::ApprovalOtherPayload),
        None => Check::Reject(Reason::ApprovalMissing { risk: call.risk }),
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
) -> Result<(Key<'a>, Check), Reason> {
    if !call.risk.is_mutation() {
        return Ok((
            Key::Execute { again: false },
            Check::NotNeeded(Reason::KeyNotNeeded),
        ));
    }
    let key = &inputs.key;
    let units = utf16_len(key);
    if units == 0 || units > MAX_KEY_UNITS || key.chars().any(char::is_control) {
        return Err(Reason::KeyBounds {
            max: MAX_KEY_UNITS,
            got: units,
        });
    }
    let named = || key.clone();
    let Some(receipt) = ledger.receipt(key) else {
        let reason = if ledger.key_expired(key) {
            Reason::KeyExpired {
                key: named(),
                max: MAX_RECEIPTS,
            }
        } else {
            Reason::KeyNew { key: named() }
        };
        return Ok((Key::Execute { again: false }, Check::Pass(reason)));
    };
    if receipt.tool != call.tool || receipt.payload != call.payload {
        return Err(Reason::KeyOtherPayload { key: named() });
    }
    if inputs.reuse {
        Ok((
            Key::Replay(receipt),
            Check::Pass(Reason::KeyReplayed { key: named() }),
        ))
    } else {
        Ok((
            Key::Execute { again: true },
            Check::Pass(Reason::KeyAgain { key: named() }),
        ))
    }
}

/// Gate 7: the redact and mark-data hooks, on the returned output only.
fn after_hook(hook: Hook, tool: &dyn Tool, output: Value) -> (Check, Value) {
    match hook {
        Hook::None => (Check::NotNeeded(Reason::NoHook), output),
        Hook::BlockMutations => (Check::NotNeeded(Reason::BlockActsBefore), output),
        Hook::MarkData => (Check::Pass(Reason::MarkedAsData), mark_as_data(output)),
        Hook::RedactOutput => {
            let fields = tool.declaration().redacts;
            if fields.is_empty() {
                // The hook runs for every tool, and says when this tool
                // returns nothing it hides.
                let tool = tool.declaration().name.into();
                return (Check::Pass(Reason::RedactHasNothing { tool }), output);
            }
            let Value::Object(map) = output else {
                return (Check::Pass(Reason::NothingToRedact), output);
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
                Reason::NothingToRedactIn {
                    tool: tool.declaration().name.into(),
                }
            } else {
                Reason::Redacted { fields: hidden }
            };
            (Check::Pass(reason), Value::Object(redacted))
        }
    }
}

/// The literal request under review: tool name and argument text.
pub fn request_text(inputs: &Inputs) -> Text {
    Text::RequestLiteral {
        tool: (&inputs.tool).into(),
        args: (&inputs.args).into(),
    }
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
            .get(crate::fixtures::Fixtures::En)
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
            refusal: None,
        };
        let call = plan(
            &Registry::fixtures(),
            &inputs,
            &Ledger::fixtures(),
            Locale::En,
        )
        .call()
        .cloned()
        .unwrap();
        inputs.approval = Some(Approval {
            tool: call.tool,
            payload: call.payload,
        });
        inputs
    }

    fn idempotency_row(key: &str) -> GateResult {
        plan(
            &Registry::fixtures(),
            &send(key),
            &Ledger::fixtures(),
            Locale::En,
        )
        .row(Gate::Idempotency)
        .clone()
    }

    #[test]
    fn operation_keys_on_both_sides_of_each_bound() {
        assert_eq!(idempotency_row("k").verdict, Verdict::Passed);
        assert_eq!(idempotency_row(&"k".repeat(64)).verdict, Verdict::Passed);
        let long = idempotency_row(&"k".repeat(65));
        assert_eq!(long.verdict, Verdict::Rejected);
        assert_eq!(
            long.reason.to_string(),
            "Operation key must be 1 to 64 characters on one line (got 65)"
        );
        let empty = idempotency_row("");
        assert_eq!(empty.verdict, Verdict::Rejected);
        assert!(empty.reason.to_string().ends_with("(got 0)"));
        assert_eq!(idempotency_row("a\nb").verdict, Verdict::Rejected);
        // Counted in UTF-16 units: 32 astral characters are 64 units.
        assert_eq!(idempotency_row(&"😀".repeat(32)).verdict, Verdict::Passed);
        assert_eq!(idempotency_row(&"😀".repeat(33)).verdict, Verdict::Rejected);
    }

    #[test]
    fn a_plan_returns_a_phrase_only_in_output_it_returns() {
        let sent = plan(
            &Registry::fixtures(),
            &send("k"),
            &Ledger::fixtures(),
            Locale::En,
        );
        let text = sent.returned_text().unwrap();
        assert!(sent.returns(&text));
        assert!(sent.returns("\""));
        assert!(!sent.returns(&(text + "x")));
        let mut unapproved = send("k");
        unapproved.approval = None;
        let refused = plan(
            &Registry::fixtures(),
            &unapproved,
            &Ledger::fixtures(),
            Locale::En,
        );
        assert_eq!(refused.returned_text(), None);
        assert!(!refused.returns(""));
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
                refusal: None,
            };
            let p = plan(
                &Registry::fixtures(),
                &inputs,
                &Ledger::fixtures(),
                Locale::En,
            );
            let gates: Vec<Gate> = p.rows().iter().map(|r| r.gate).collect();
            assert_eq!(gates, Gate::ALL, "{tool}");
        }
    }
}
