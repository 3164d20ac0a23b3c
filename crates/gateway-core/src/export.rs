//! The notes export: the learner's notes together with what they set up
//! and what the ledger holds, as one plain-text file.

use crate::json::pretty;
use crate::mask::mask;
use crate::text::Text;
use crate::workbench::Workbench;

impl Workbench {
    /// A suggested file name for the export, e.g. `email-notes.txt`. An
    /// experiment's id and title may come from a link or a file: they are
    /// masked here as the runs log masks the learner's text.
    pub fn export_file_name(&self) -> String {
        format!("{}-notes.txt", mask(&self.experiment().id))
    }

    /// The export text: notes first, then the recorded setup, the ledger
    /// and the runs log.
    pub fn export_notes(&self) -> String {
        let e = self.experiment();
        let inputs = self.inputs();
        Text::NotesExport {
            title: mask(e.title.get(self.locale())).into(),
            id: mask(&e.id).into(),
            notes: self.notes().into(),
            tool: inputs.tool.into(),
            role: inputs.role.label().into(),
            hook: inputs.hook.label().into(),
            key: inputs.key.into(),
            reuse: if inputs.reuse { Text::On } else { Text::Off }.into(),
            approval: if inputs.approval.is_some() {
                Text::ExportApproved
            } else {
                Text::ExportNotApproved
            }
            .into(),
            args: inputs.args.into(),
            ledger: pretty(&self.ledger().to_json()).into(),
            runs: pretty(&self.log().to_json()).into(),
        }
        .render(self.locale())
    }
}
