//! The view model: plain data that says everything every panel shows, in
//! the page's language.
//!
//! [`Workbench::view`] is the only thing the page draws from. It holds no
//! DOM types and the page adds no policy and no words: which controls are
//! enabled, what each gate row says, every label, caption and status line
//! is decided here, through the message catalogue.

use crate::gates::request_text;
use crate::text::{Locale, Text};
use crate::workbench::Workbench;

mod baseline;
mod builder;
mod declarations;
mod experiment;
mod gateway;
mod held;
mod labels;
mod ledger;
mod masthead;
mod notes;
mod output;
mod policy;
mod preview;
mod runs;
mod turn;

pub use baseline::{BaselinePanelView, BaselineView, Compare};
pub use builder::{ApprovalView, BuilderView};
pub use declarations::{DeclarationsView, ExportView, ToolDeclarationView};
pub use experiment::{ExperimentView, GoalView, LinkView, SolvedView};
pub use gateway::{
    FrameView, GateRow, GatewayView, PendingView, PlaybackView, RowStatus, TurnStepView,
};
pub use held::HeldView;
pub use labels::Labels;
pub use ledger::{ChangeView, LedgerSection, LedgerView, LedgerWords};
pub use masthead::{ExpandView, FileNoteView, MastheadView, ShareView};
pub use notes::NotesView;
pub use output::OutputView;
pub use policy::{PolicyRow, PolicyView};
pub use preview::PreviewView;
pub use runs::{RunView, RunsView};
pub use turn::{ClaimView, HistoryView, MessagePiece, PastView, TurnCallView, TurnView};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageModel {
    /// The page's language; its tag goes in `<html lang>`.
    pub locale: Locale,
    /// The document title.
    pub title: String,
    /// Every fixed word of the page: headings, labels, buttons, hints
    /// (worded once per language, shared by every view).
    pub labels: Labels,
    pub masthead: MastheadView,
    pub experiment: ExperimentView,
    pub builder: BuilderView,
    /// The Agent turn panel.
    pub turn: TurnView,
    pub request: String,
    pub gateway: GatewayView,
    pub output: OutputView,
    pub runs: RunsView,
    /// The status line under the declarations' Copy / Download buttons.
    pub declarations: ExportsView,
    /// The policy by risk, one row per risk (SPEC 2.3).
    pub policy: PolicyView,
    pub ledger: LedgerView,
    pub baseline: BaselinePanelView,
    pub notes: NotesView,
    pub preview: PreviewView,
    /// Panels (`data-panel` names) hidden by `?hide=`.
    pub hidden_panels: Vec<String>,
    /// `?embed=1`: no page chrome.
    pub embedded: bool,
}

/// The declarations panel's status line (its exports are built once:
/// [`DeclarationsView`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportsView {
    pub status: String,
}

/// One option of a select or radio group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    pub value: &'static str,
    pub label: String,
    pub selected: bool,
    pub enabled: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Toggle {
    pub checked: bool,
    pub enabled: bool,
}

impl Workbench {
    pub(super) fn t(&self, text: Text) -> String {
        text.render(self.locale())
    }

    pub fn view(&self) -> PageModel {
        self.view_kept(&mut LedgerWords::default())
    }

    /// [`Workbench::view`], with the ledger's words taken from `words`
    /// where the ledger has not changed since they were worded there.
    pub fn view_kept(&self, words: &mut LedgerWords) -> PageModel {
        let l = self.locale();
        let turn = self.turn_view();
        PageModel {
            locale: l,
            title: self.t(Text::PageTitle {
                experiment: self.experiment().title.get(self.locale()).into(),
            }),
            labels: Labels::new(l),
            masthead: self.masthead_view(),
            experiment: self.experiment_view(),
            builder: self.builder_view(),
            request: self.t(request_text(&self.inputs())),
            gateway: self.gateway_view(&turn.calls),
            turn,
            output: self.output_view(),
            runs: self.runs_view(),
            declarations: ExportsView {
                status: self.export_status(),
            },
            policy: self.policy_view(),
            ledger: self.ledger_view(words),
            baseline: self.baseline_panel_view(),
            notes: self.notes_view(),
            preview: self.preview_view(),
            hidden_panels: self.embed().hide.clone(),
            embedded: self.embed().embed,
        }
    }
}
