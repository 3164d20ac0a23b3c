//! The authoring panel's view: every word of the panel, made from the
//! author's state in its language.

use serde_json::Value;

use super::{Author, AuthorView, Checked, Control, Field, FieldView, Status, OWN_TEXT};
use crate::check;
use crate::experiments::ExperimentId;
use crate::policy::{Hook, Role};
use crate::text::Text;
use crate::tools::ExampleKind;
use crate::view::Choice;

impl Author {
    /// Everything the panel shows.
    pub fn view(&self) -> AuthorView {
        let t = |text: Text| text.render(self.locale);
        let checked = self.checked.as_ref().filter(|c| c.text == self.text);
        let problems: Vec<String> = checked
            .map(|c| c.problems.iter().map(|p| t(p.sentence())).collect())
            .unwrap_or_default();
        let shareable = checked.is_some_and(|c| c.experiment.is_some());
        let verdict = match checked {
            None => Text::AuthorChecking,
            Some(c) if c.problems.is_empty() => Text::AuthorNoProblems,
            Some(c) => Text::AuthorProblems {
                count: c.problems.len().into(),
            },
        };
        AuthorView {
            heading: t(Text::AuthorHeading),
            note: t(Text::AuthorNote),
            start_label: t(Text::AuthorStartFrom),
            starts: ExperimentId::ALL
                .iter()
                .map(|e| Choice {
                    value: e.id(),
                    label: e.title(self.locale),
                    selected: *e == self.base,
                    enabled: true,
                })
                .collect(),
            fields: Field::all().into_iter().map(|f| self.field(f)).collect(),
            form_enabled: self.value.is_some(),
            form_note: self.value.is_none().then(|| t(Text::AuthorFormOff)),
            goals_heading: t(Text::AuthorGoalsHeading),
            add_goal_label: t(Text::AuthorGoalAdd),
            remove_goal_label: t(Text::AuthorGoalRemove),
            can_add_goal: self.can_add_goal(),
            can_remove_goal: self.can_remove_goal(),
            json_label: t(Text::AuthorJson),
            json: self.text.clone(),
            verdict_heading: t(Text::AuthorVerdictHeading),
            verdict: t(verdict),
            shareable,
            problems,
            key_heading: t(Text::AuthorKeyHeading),
            key: checked.map(|c| self.key(c)).unwrap_or_default(),
            try_label: t(Text::AuthorTry),
            copy_link_label: t(Text::AuthorCopyLink),
            copy_iframe_label: t(Text::AuthorCopyIframe),
            download_label: t(Text::AuthorDownload),
            link_label: t(Text::AuthorLinkLabel),
            iframe_label: t(Text::AuthorIframeLabel),
            link: self.link.clone(),
            iframe: self.iframe.clone(),
            status: self.status.as_ref().map(|s| t(status_text(s))),
        }
    }

    /// Each goal in the page's language and its answer in words (only a
    /// text with no problem has a key: every goal is reachable).
    fn key(&self, checked: &Checked) -> Vec<(String, String)> {
        let Some(e) = &checked.experiment else {
            return Vec::new();
        };
        (e.goals.iter().zip(&checked.answers))
            .map(|(goal, answer)| {
                let words = answer
                    .steps
                    .as_deref()
                    .map(|steps| check::words(steps).render(self.locale))
                    .unwrap_or_default();
                (goal.text.get(self.locale).to_string(), words)
            })
            .collect()
    }

    fn field(&self, field: Field) -> FieldView {
        if let Field::Goal(part) = field {
            let (control, value, enabled) = self.goal_control(part);
            return FieldView {
                field,
                id: field.dom_id(),
                label: field.label().render(self.locale),
                control,
                value,
                enabled: enabled && self.value.is_some(),
            };
        }
        let at = self.value.as_ref().and_then(|map| {
            let mut path = field.path().into_iter();
            let first = map.get(path.next()?)?;
            path.try_fold(first, |v, key| v.get(key))
        });
        let text = at.and_then(Value::as_str);
        let t = |text: Text| text.render(self.locale);
        let choose = Control::select;
        let (control, value) = match field {
            Field::Id | Field::Title(_) | Field::Key => {
                // The reader's default key where the file names none.
                let default = (field == Field::Key && at.is_none()).then_some("intent-1");
                (Control::Line, text.or(default).unwrap_or_default().into())
            }
            Field::Instructions(_) => (Control::Lines, text.unwrap_or_default().into()),
            Field::Tool => {
                let current = text.unwrap_or_default();
                let tools = self.registry_names();
                let control = choose(
                    tools
                        .into_iter()
                        .map(|name| (name, name.to_string()))
                        .collect(),
                    current,
                );
                (control, current.into())
            }
            Field::Args => {
                let current = match at {
                    Some(Value::Object(args)) if args.contains_key(OWN_TEXT) => OWN_TEXT,
                    Some(v) => v.get("example").and_then(Value::as_str).unwrap_or_default(),
                    None => "",
                };
                let mut choices: Vec<(&'static str, String)> = ExampleKind::ALL
                    .iter()
                    .map(|k| (k.id(), t(k.label())))
                    .collect();
                choices.push((OWN_TEXT, t(Text::AuthorArgsText)));
                (choose(choices, current), current.into())
            }
            Field::Role => {
                let current = if at.is_none() {
                    Role::Viewer.id()
                } else {
                    text.unwrap_or_default()
                };
                let roles = Role::ALL.iter().map(|r| (r.id(), t(r.label()))).collect();
                (choose(roles, current), current.into())
            }
            Field::Goal(_) => (Control::Line, String::new()),
            Field::Hook => {
                let current = if at.is_none() {
                    Hook::None.id()
                } else {
                    text.unwrap_or_default()
                };
                let hooks = Hook::ALL.iter().map(|h| (h.id(), t(h.label()))).collect();
                (choose(hooks, current), current.into())
            }
        };
        FieldView {
            field,
            id: field.dom_id(),
            label: t(field.label()),
            control,
            value,
            enabled: self.value.is_some(),
        }
    }

    /// The tool names the JSON's registry holds.
    fn registry_names(&self) -> Vec<&'static str> {
        self.registry().names()
    }

    /// The placeholder of a select whose value is none of its choices.
    pub fn not_a_choice(&self) -> String {
        Text::AuthorNotAChoice.render(self.locale)
    }
}

fn status_text(status: &Status) -> Text {
    match status {
        Status::Tried => Text::AuthorTried,
        Status::LinkCopied => Text::AuthorLinkCopied,
        Status::IframeCopied => Text::AuthorIframeCopied,
        Status::CopyFailed => Text::AuthorCopyFailed,
        Status::Downloaded(file) => Text::AuthorDownloaded { file: file.into() },
        Status::FetchFailed(detail) => Text::AuthorFetchFailed {
            detail: detail.text(),
        },
        Status::NotSingleFile => Text::AuthorNotSingleFile,
        Status::CompressFailed(detail) => Text::AuthorCompressFailed {
            detail: detail.into(),
        },
    }
}
