//! The learner's settings (role, hook, operation key, receipt policy) and
//! what a message may do to them: issue 33's first hole, where an agent
//! turn loading its call turned the Redact output hook off.

use gateway_core::gates::Inputs;
use gateway_core::notice::Notice;
use gateway_core::{Hook, Msg, Role, Workbench};

use crate::{ensure, Invariant, Violation};

/// The settings of a page's inputs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Settings {
    pub role: Role,
    pub hook: Hook,
    pub key: String,
    pub reuse: bool,
}

impl Settings {
    pub fn of(inputs: &Inputs) -> Self {
        Self {
            role: inputs.role,
            hook: inputs.hook,
            key: inputs.key.clone(),
            reuse: inputs.reuse,
        }
    }
}

/// Whether the registry's `tool` has an output field Redact output hides.
fn redacts(wb: &Workbench, tool: &str) -> bool {
    wb.registry()
        .get(tool)
        .is_some_and(|t| !t.declaration().redacts.is_empty())
}

/// After `msg` took the page from `before` (settings and request tool;
/// `ignored`: the page said the message meant nothing), the settings are
/// the ones the learner last set: only a setting, a shared setup, a ledger
/// reset (receipts on again) or the learner's own tool choice changes
/// them, and the last only by turning Redact output off, with a notice.
pub(crate) fn settings_kept(
    wb: &Workbench,
    before: &Settings,
    before_tool: &str,
    msg: &Msg,
    ignored: bool,
) -> Result<(), Violation> {
    let after = Settings::of(&wb.inputs());
    let mut expected = before.clone();
    if !ignored {
        match msg {
            Msg::SetRole(role) => expected.role = *role,
            Msg::SetHook(hook) => expected.hook = *hook,
            Msg::SetKey(key) => expected.key.clone_from(key),
            Msg::SetReuse(reuse) => expected.reuse = *reuse,
            Msg::ResetLedger => expected.reuse = true,
            Msg::RestoreSetup(setup) => {
                expected.role = setup.role;
                expected.hook = setup.hook;
                expected.key.clone_from(&setup.key);
            }
            Msg::SelectTool(_) | Msg::ChooseTool(_) | Msg::SetToolName(_) | Msg::UndoReplace => {
                let tool = wb.request().0;
                if tool != before_tool && before.hook == Hook::RedactOutput && !redacts(wb, tool) {
                    expected.hook = Hook::None;
                    let told = Notice::RedactTurnedOff { tool: tool.into() };
                    ensure!(
                        wb.notices().contains(&told),
                        Invariant::SettingsOnlyByLearner,
                        "Redact output went off for {tool} with no notice"
                    );
                }
            }
            _ => {}
        }
    }
    ensure!(
        after == expected,
        Invariant::SettingsOnlyByLearner,
        "settings {after:?}, where the learner left {expected:?}"
    );
    Ok(())
}
