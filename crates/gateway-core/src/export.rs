//! The notes export: the learner's notes together with what they set up
//! and what the ledger holds, as one plain-text file.

use crate::json::pretty;
use crate::workbench::Workbench;

impl Workbench {
    /// A suggested file name for the export, e.g. `email-notes.txt`.
    pub fn export_file_name(&self) -> String {
        format!("{}-notes.txt", self.experiment.id())
    }

    /// The export text: notes first, then the recorded setup, the ledger
    /// and the runs log.
    pub fn export_notes(&self, notes: &str) -> String {
        let e = self.experiment.experiment();
        let inputs = &self.inputs;
        let approval = if inputs.approval.is_some() {
            "approved (this exact payload)"
        } else {
            "not approved"
        };
        format!(
            "Function Tools · Approval and Effect Workbench\n\
             Experiment: {title} ({id})\n\n\
             Notes\n-----\n{notes}\n\n\
             Recorded setup\n--------------\n\
             Tool: {tool}\nRole: {role}\nHook: {hook}\nOperation key: {key}\n\
             Reuse receipts: {reuse}\nApproval: {approval}\n\
             Payload:\n{args}\n\n\
             Synthetic ledger\n----------------\n{ledger}\n\n\
             Runs log (newest first)\n-----------------------\n{runs}\n",
            title = e.title,
            id = self.experiment.id(),
            tool = inputs.tool,
            role = inputs.role.label(),
            hook = inputs.hook.label(),
            key = inputs.key,
            reuse = if inputs.reuse { "on" } else { "off" },
            args = inputs.args,
            ledger = pretty(&self.ledger.to_json()),
            runs = pretty(&self.log.to_json()),
        )
    }
}
