//! The run under inspection: its plan, the playback clock, the person's
//! say on the call ([`ApprovalState`]) and the gate card clicked. The plan
//! is always the plan of the inputs as they stand.

use super::approval::ApprovalState;
use super::Policy;
use crate::gates::{plan, Approval, Gate, Inputs, Plan};
use crate::ledger::Ledger;
use crate::playback::{Clock, Step};
use crate::text::Locale;
use crate::tools::Registry;

#[derive(Debug, Clone)]
pub(crate) struct Run {
    /// The plan of the run under inspection (or just finished).
    pub plan: Plan,
    pub clock: Clock,
    pub approval: ApprovalState,
    /// The gate card clicked, and the stage it was clicked at.
    shown: Option<(Gate, Option<usize>)>,
}

impl Run {
    /// Gate 1, paused, with no approval: the plan of `request` under
    /// `policy` against `ledger`, its words in English (a workbench is
    /// built in English; a language switch replans).
    pub fn new(
        registry: &Registry,
        request: (&str, &str),
        policy: &Policy,
        ledger: &Ledger,
    ) -> Self {
        let approval = ApprovalState::default();
        let plan = plan(
            registry,
            &inputs(request, policy, &approval),
            ledger,
            Locale::default(),
        );
        Self {
            plan,
            clock: Clock::default(),
            approval,
            shown: None,
        }
    }

    /// Everything the next run depends on besides the ledger.
    pub fn inputs(&self, request: (&str, &str), policy: &Policy) -> Inputs {
        inputs(request, policy, &self.approval)
    }

    /// A fresh plan of `inputs` against `ledger`. An agent turn's
    /// (`in_turn`) call that needs approval waits at the approval gate for
    /// the person (seed 002: "排入 Approval").
    pub fn replan(
        &mut self,
        registry: &Registry,
        inputs: &Inputs,
        ledger: &Ledger,
        locale: Locale,
        in_turn: bool,
    ) {
        self.plan = plan(registry, inputs, ledger, locale);
        let waits = in_turn
            && matches!(
                self.plan.row(Gate::Approval).reason,
                crate::reason::Reason::ApprovalMissing { .. }
            );
        self.clock.hold = waits.then_some(Gate::Approval.index());
    }

    /// Gate 1, paused, nothing held or shown (the caller replans).
    pub fn restart(&mut self) {
        self.clock.restart();
        self.approval.restart();
        self.shown = None;
    }

    /// The exact call the plan holds, as an approval or a refusal binds it.
    pub fn call(&self) -> Option<Approval> {
        self.plan.call().map(|call| Approval {
            tool: call.tool.clone(),
            payload: call.payload.clone(),
        })
    }

    /// Whether a turn's call waits at the approval gate for the person.
    pub fn pending(&self) -> bool {
        self.clock.is_held()
    }

    /// A step of the clock happened; `playing`: time was running when it
    /// did. Whether the run finished.
    pub fn stepped(&mut self, step: Step, playing: bool) -> bool {
        if step == Step::Finished {
            return true;
        }
        if playing && self.clock.is_held() {
            self.approval.hold_stopped_playback();
        }
        false
    }

    pub fn show(&mut self, gate: Gate) {
        self.shown = Some((gate, self.clock.stage()));
    }

    /// The gate card clicked, while the stage is the one it was clicked at.
    pub fn shown_gate(&self) -> Option<Gate> {
        self.shown
            .filter(|(_, at)| *at == self.clock.stage())
            .map(|(g, _)| g)
    }
}

fn inputs((tool, args): (&str, &str), policy: &Policy, approval: &ApprovalState) -> Inputs {
    Inputs {
        tool: tool.into(),
        args: args.into(),
        role: policy.role,
        hook: policy.hook,
        key: policy.key.clone(),
        reuse: policy.reuse,
        approval: approval.given().cloned(),
        refusal: approval.refused().cloned(),
    }
}
