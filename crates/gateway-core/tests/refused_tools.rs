//! `files.delete` and `files.share` are refused for every role, and their
//! `plan` (execution) is never called: probes with their exact
//! declarations count every call of `plan`, through the gates for every
//! role × hook × approval × example, and through the workbench of the
//! registry experiment. A control probe of the same declaration whose
//! call is a read shows the count does move when a plan runs.

#![allow(clippy::unwrap_used)]

use std::sync::atomic::{AtomicUsize, Ordering};

use gateway_core::fixtures::Fixtures;
use gateway_core::gates::{self, Approval, Inputs};
use gateway_core::ledger::{Commit, Ledger};
use gateway_core::reason::Reason;
use gateway_core::schema::{ArgError, Args};
use gateway_core::store::{Effect, Stores};
use gateway_core::text::Locale;
use gateway_core::tools::files::{Workspace, Write};
use gateway_core::tools::files_admin::{Delete, Share};
use gateway_core::tools::{Declaration, ExecError, Planned, Tool};
use gateway_core::{
    ExampleKind, ExperimentId, Gate, Hook, Msg, Registry, Risk, Role, ToolId, Workbench,
};
use serde_json::json;

/// A tool with `real`'s declaration, risk and rules whose `plan` counts
/// its calls, and would empty the file if it ran.
#[derive(Debug)]
struct Probe {
    real: &'static dyn Tool,
    calls: &'static AtomicUsize,
    /// The control's risk instead of the real one.
    risk: Option<Risk>,
}

impl Tool for Probe {
    fn declaration(&self) -> &Declaration {
        self.real.declaration()
    }
    fn risk(&self, args: &Args) -> Risk {
        self.risk.unwrap_or_else(|| self.real.risk(args))
    }
    fn check(&self, args: &Args) -> Result<(), ArgError> {
        self.real.check(args)
    }
    fn plan(&self, args: &Args, _: &Stores, _: Locale) -> Result<Planned, ExecError> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        Ok(Planned {
            output: json!({ "path": args.text("path") }),
            effect: Effect::on::<Workspace>(Write {
                path: args.text("path").into(),
                content: "(deleted)".into(),
            }),
        })
    }
}

static GATE_CALLS: AtomicUsize = AtomicUsize::new(0);
static GATE_DELETE: Probe = Probe {
    real: &Delete,
    calls: &GATE_CALLS,
    risk: None,
};
static GATE_SHARE: Probe = Probe {
    real: &Share,
    calls: &GATE_CALLS,
    risk: None,
};
static CONTROL_CALLS: AtomicUsize = AtomicUsize::new(0);
static CONTROL: Probe = Probe {
    real: &Delete,
    calls: &CONTROL_CALLS,
    risk: Some(Risk::Read),
};

fn inputs(tool: &str, args: &str, role: Role, hook: Hook) -> Inputs {
    Inputs {
        tool: tool.into(),
        args: args.into(),
        role,
        hook,
        key: "intent-1".into(),
        reuse: true,
        approval: None,
        refusal: None,
    }
}

#[test]
fn the_gates_never_call_plan_for_any_role_hook_approval_or_example() {
    let ledger = Ledger::fixtures();
    let registry = Registry::with_tools(vec![&GATE_DELETE, &GATE_SHARE]);
    let mut runs = 0;
    for probe in [&GATE_DELETE, &GATE_SHARE] {
        let decl = probe.declaration();
        let risk = decl.risks[0];
        assert!(risk.is_refused(), "{}", decl.name);
        for kind in ExampleKind::ALL {
            let args = kind.text(decl.examples.get(Fixtures::En));
            for role in Role::ALL {
                for hook in Hook::ALL {
                    let mut inputs = inputs(decl.name, args, role, hook);
                    let call = gates::plan(&registry, &inputs, &ledger, Locale::En)
                        .call()
                        .cloned();
                    // Approval given (of this exact call) or not.
                    for approved in [false, true] {
                        inputs.approval = call.as_ref().filter(|_| approved).map(|c| Approval {
                            tool: c.tool.clone(),
                            payload: c.payload.clone(),
                        });
                        let plan = gates::plan(&registry, &inputs, &ledger, Locale::En);
                        runs += 1;
                        let at = match (kind, hook) {
                            (ExampleKind::Valid, Hook::BlockMutations) => Gate::BeforeHook,
                            (ExampleKind::Valid, _) => Gate::Role,
                            _ => Gate::Schema,
                        };
                        let case = format!("{} {kind} {role} {hook} {approved}", decl.name);
                        assert_eq!(plan.rejected_at(), Some(at), "{case}");
                        if at == Gate::Role {
                            assert_eq!(
                                plan.rejection(),
                                Some(&Reason::RiskRefused { risk }),
                                "{case}"
                            );
                        }
                        assert_eq!(plan.commit(), Commit::Rejected(at), "{case}");
                        assert_eq!(plan.returned(), None, "{case}");
                    }
                }
            }
        }
    }
    assert_eq!(runs, 2 * 3 * Role::ALL.len() * Hook::ALL.len() * 2);
    assert_eq!(GATE_CALLS.load(Ordering::SeqCst), 0, "plan was called");

    // The control: the same declaration as a read does reach `plan`.
    let control = Registry::with_tools(vec![&CONTROL]);
    let valid = CONTROL.declaration().examples.get(Fixtures::En).valid;
    let plan = gates::plan(
        &control,
        &inputs("files.delete", valid, Role::Viewer, Hook::None),
        &ledger,
        Locale::En,
    );
    assert_eq!(plan.rejected_at(), None);
    assert_eq!(CONTROL_CALLS.load(Ordering::SeqCst), 1);
}

static WB_CALLS: AtomicUsize = AtomicUsize::new(0);
static WB_DELETE: Probe = Probe {
    real: &Delete,
    calls: &WB_CALLS,
    risk: None,
};
static WB_SHARE: Probe = Probe {
    real: &Share,
    calls: &WB_CALLS,
    risk: None,
};
static WB_CONTROL_CALLS: AtomicUsize = AtomicUsize::new(0);
static WB_CONTROL: Probe = Probe {
    real: &Share,
    calls: &WB_CONTROL_CALLS,
    risk: Some(Risk::Read),
};

/// Everything the ledger holds but its counters.
fn contents(wb: &Workbench) -> serde_json::Value {
    let mut v = wb.ledger().to_json();
    v.as_object_mut().unwrap().remove("counters");
    v
}

#[test]
fn the_registry_experiments_workbench_never_calls_plan() {
    // The registry experiment's registry, with the probes in place of
    // the real two.
    let mut tools: Vec<&'static dyn Tool> = ToolId::ALL.iter().map(|t| t.tool()).collect();
    tools.extend([&WB_DELETE as &dyn Tool, &WB_SHARE]);
    let real = ExperimentId::Registry.experiment().registry();
    assert_eq!(
        real.names(),
        Registry::with_tools(tools.clone()).names(),
        "the probes stand where the real tools do"
    );
    let mut wb = Workbench::with_registry(ExperimentId::Registry, Registry::with_tools(tools));
    let at_load = contents(&wb);
    let mut now = 0;
    let mut send = |wb: &mut Workbench, msg: Msg| {
        now += 10;
        wb.update(now, msg)
    };
    let mut finished = 0;
    for name in ["files.delete", "files.share"] {
        send(&mut wb, Msg::ChooseTool(name.into()));
        for kind in ExampleKind::ALL {
            send(&mut wb, Msg::LoadExample(kind));
            for role in Role::ALL {
                for hook in Hook::ALL {
                    send(&mut wb, Msg::SetRole(role));
                    send(&mut wb, Msg::SetHook(hook));
                    send(&mut wb, Msg::Approve);
                    send(&mut wb, Msg::Restart);
                    send(&mut wb, Msg::FinishRun);
                    finished += 1;
                    assert!(wb.plan().rejected_at().is_some(), "{name} {kind} {role}");
                    assert_eq!(wb.plan().returned(), None);
                    // Approve meant nothing: a refused risk takes no approval.
                    assert!(!wb.approval_applies());
                    assert_eq!(wb.inputs().approval, None);
                }
            }
        }
    }
    assert_eq!(wb.ledger().counters().runs_finished, finished);
    assert_eq!(wb.ledger().counters().effects_committed, 0);
    assert_eq!(contents(&wb), at_load);
    assert_eq!(WB_CALLS.load(Ordering::SeqCst), 0, "plan was called");

    // The control, through the same workbench path, is called.
    let mut wb = Workbench::with_registry(
        ExperimentId::Registry,
        Registry::with_tools(vec![&WB_CONTROL]),
    );
    send(&mut wb, Msg::ChooseTool("files.share".into()));
    send(&mut wb, Msg::FinishRun);
    assert_eq!(wb.plan().rejected_at(), None);
    assert!(WB_CONTROL_CALLS.load(Ordering::SeqCst) > 0);
}
