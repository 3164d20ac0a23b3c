//! The declarations panel's view: the exports of the page's registry and
//! each of its tools' declaration, and the status line of a copy or a
//! download.

use super::Workbench;
use crate::command::Deliverable;
use crate::declarations::Export;
use crate::text::{Arg, Locale, Text};
use crate::tools::Registry;
use crate::workbench::Delivery;

/// The declarations panel: built once (the registry and its exports never
/// change while the page is open), so it is not part of every `PageModel`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeclarationsView {
    pub exports: Vec<ExportView>,
    pub tools: Vec<ToolDeclarationView>,
}

/// One export: its name, and its two buttons, each shown by a short word
/// (`Copy`) and named whole for a screen reader (`Copy MCP tools/list`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportView {
    pub export: Export,
    /// `MCP tools/list`.
    pub name: String,
    pub copy: String,
    pub copy_name: String,
    pub download: String,
    pub download_name: String,
}

/// One tool as the model is told about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolDeclarationView {
    pub name: String,
    /// `email · risk: send`.
    pub summary: String,
    pub description: String,
    pub annotations_label: String,
    pub annotations: String,
    pub schema_label: String,
    pub schema: String,
}

impl DeclarationsView {
    /// Whether the view can be made in `l`: its exports are installed (the
    /// learner's page downloads them when the panel first opens).
    pub fn ready(l: Locale) -> bool {
        crate::text::exports_installed(l)
    }

    /// The panel's words while its exports are being downloaded.
    pub fn loading(l: Locale) -> String {
        Text::DeclarationsLoading.render(l)
    }

    /// The panel's words when its exports could not be had.
    pub fn failed(why: &crate::text::CatalogueFailure, l: Locale) -> String {
        Text::DeclarationsFailed { why: why.text() }.render(l)
    }

    /// The panel of `registry`'s tools and exports, in `l` (its exports
    /// installed: [`DeclarationsView::ready`]).
    pub fn new(registry: &Registry, l: Locale) -> Self {
        Self {
            exports: Export::ALL
                .iter()
                .map(|e| ExportView {
                    export: *e,
                    name: e.label().render(l),
                    copy: Text::Copy.render(l),
                    copy_name: Text::ExportCopy {
                        export: e.label().into(),
                    }
                    .render(l),
                    download: Text::Download.render(l),
                    download_name: Text::ExportDownload {
                        export: e.label().into(),
                    }
                    .render(l),
                })
                .collect(),
            tools: crate::published::tools(registry, l)
                .into_iter()
                .map(|t| ToolDeclarationView {
                    summary: Text::DeclarationSummary {
                        name: (&t.name).into(),
                        risks: t
                            .risks
                            .iter()
                            .map(|r| Arg::from(r.name()))
                            .collect::<Vec<_>>()
                            .into(),
                    }
                    .render(l),
                    annotations_label: Text::DeclarationAnnotations {
                        name: (&t.name).into(),
                    }
                    .render(l),
                    schema_label: Text::DeclarationSchema {
                        name: (&t.name).into(),
                    }
                    .render(l),
                    name: t.name,
                    description: t.description,
                    annotations: t.annotations,
                    schema: t.schema,
                })
                .collect(),
        }
    }
}

impl Workbench {
    /// The declarations panel of the page's registry in the page's
    /// language, once its exports are installed.
    pub fn declarations_view(&self) -> Option<DeclarationsView> {
        DeclarationsView::ready(self.locale())
            .then(|| DeclarationsView::new(self.registry(), self.locale()))
    }

    pub(super) fn export_status(&self) -> String {
        self.t(match self.delivery() {
            Delivery::Copied(Deliverable::Declarations(e)) => Text::ExportCopied {
                export: e.label().into(),
            },
            Delivery::CopyFailed(Deliverable::Declarations(e)) => Text::ExportCopyFailed {
                export: e.label().into(),
            },
            Delivery::Downloaded(Deliverable::Declarations(e)) => Text::ExportDownloaded {
                export: e.label().into(),
                file: crate::published::file_name(e).into(),
            },
            Delivery::DownloadFailed(Deliverable::Declarations(_)) => Text::ExportDownloadFailed,
            _ => Text::ExportIdle,
        })
    }
}
