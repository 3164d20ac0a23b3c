//! The course page (`course.html`): the built-in experiments in a
//! suggested order, each with its goals, this browser's progress (what the
//! workbench stored under [`Slot::Progress`]; never sent anywhere), a link
//! and the snippet that embeds it in a course page.

use crate::command::{Read, Slot};
use crate::experiments::ExperimentId;
use crate::goals::progress_ids;
use crate::text::{Locale, Text};

/// The order a course takes the experiments in: a read first, then one
/// effect and its approval, its key, role and execution, hooks, exact
/// numbers, and last the registry and an injected instruction.
pub const ORDER: [ExperimentId; 9] = [
    ExperimentId::Search,
    ExperimentId::Email,
    ExperimentId::Rewind,
    ExperimentId::Filesystem,
    ExperimentId::Calendar,
    ExperimentId::Database,
    ExperimentId::Calculator,
    ExperimentId::Registry,
    ExperimentId::Injection,
];

/// `<iframe>` markup that embeds `src`, titled `title`: the one place the
/// page writes markup, for an instructor to paste; both values escaped.
pub fn iframe_snippet(src: &str, title: &str) -> String {
    let attr = |s: &str| {
        s.replace('&', "&amp;")
            .replace('"', "&quot;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
    };
    format!(
        "<iframe src=\"{}\" title=\"{}\" width=\"100%\" height=\"900\" loading=\"lazy\" allow=\"fullscreen; clipboard-write\"></iframe>",
        attr(src),
        attr(title)
    )
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CourseView {
    /// The page's language; its tag goes in `<html lang>`.
    pub locale: Locale,
    pub page_title: String,
    pub eyebrow: String,
    pub title: String,
    pub intro: String,
    pub embed_label: String,
    pub copy_label: String,
    pub copied: String,
    pub copy_failed: String,
    pub items: Vec<CourseItem>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CourseItem {
    pub id: &'static str,
    /// `1. Search tool: …`
    pub heading: String,
    /// The workbench opened on it, in this language.
    pub href: String,
    pub open: String,
    /// `Not started`, or `2 of 4 goals reached`.
    pub progress: String,
    pub done: bool,
    /// Each goal: `(mark, text, reached)`.
    pub goals: Vec<(String, String, bool)>,
    /// The embed snippet, with the page's address.
    pub embed: String,
}

impl CourseView {
    /// `base`: the address the course page was opened at, up to and with
    /// its last `/` (the workbench's `index.html` lies beside it); `read`
    /// answers what storage holds under a key.
    pub fn new(locale: Locale, base: &str, read: &dyn Fn(&str) -> Read) -> Self {
        let t = |text: Text| text.render(locale);
        let items = ORDER
            .iter()
            .enumerate()
            .map(|(i, id)| {
                let e = id.in_locale(locale);
                let reached = match read(&Slot::Progress.key(id.id())) {
                    Read::Found(text) => progress_ids(&text).unwrap_or_default(),
                    _ => Vec::new(),
                };
                let goals: Vec<(String, String, bool)> = e
                    .goals
                    .iter()
                    .map(|g| {
                        let done = reached.contains(&g.id);
                        let mark = t(if done {
                            Text::GoalReached
                        } else {
                            Text::GoalOpen
                        });
                        (mark, g.text.get(locale).to_string(), done)
                    })
                    .collect();
                let done = goals.iter().filter(|g| g.2).count();
                let title = e.title.get(locale);
                let query = format!("index.html?experiment={}&lang={}", id.id(), locale.id());
                CourseItem {
                    id: id.id(),
                    heading: t(Text::CourseItem {
                        number: (i + 1).into(),
                        title: title.into(),
                    }),
                    href: query.clone(),
                    open: t(Text::CourseOpen),
                    progress: if done == 0 {
                        t(Text::CourseNotStarted)
                    } else {
                        t(Text::GoalsProgress {
                            done: done.into(),
                            total: goals.len().into(),
                        })
                    },
                    done: done == goals.len(),
                    goals,
                    embed: iframe_snippet(&format!("{base}{query}&embed=1"), title),
                }
            })
            .collect();
        Self {
            locale,
            page_title: t(Text::PageTitle {
                experiment: Text::CourseTitle.into(),
            }),
            eyebrow: t(Text::Eyebrow),
            title: t(Text::CourseTitle),
            intro: t(Text::CourseIntro),
            embed_label: t(Text::CourseEmbed),
            copy_label: t(Text::CourseCopy),
            copied: t(Text::CourseCopied),
            copy_failed: t(Text::CourseCopyFailed),
            items,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_course_lists_every_experiment_once() {
        let mut ids: Vec<_> = ORDER.iter().map(|e| e.id()).collect();
        ids.sort_unstable();
        let mut all: Vec<_> = ExperimentId::ALL.iter().map(|e| e.id()).collect();
        all.sort_unstable();
        assert_eq!(ids, all);
    }

    #[test]
    fn progress_is_what_this_browser_stored() {
        let read = |key: &str| {
            if key == Slot::Progress.key("email") {
                Read::Found(r#"["first-message","two-messages","gone"]"#.into())
            } else if key == Slot::Progress.key("search") {
                Read::Found("not json".into())
            } else {
                Read::Absent
            }
        };
        let v = CourseView::new(Locale::default(), "https://school.example/wb/", &read);
        let email = v
            .items
            .iter()
            .find(|i| i.id == "email")
            .unwrap_or_else(|| unreachable!());
        assert_eq!(email.progress, "2 of 4 goals reached");
        assert_eq!(
            email.goals.iter().map(|g| g.2).collect::<Vec<_>>(),
            [true, false, true, false]
        );
        let search = &v.items[0];
        assert_eq!(search.id, "search");
        assert_eq!(search.progress, "Not started");
        assert!(search.embed.starts_with(
            "<iframe src=\"https://school.example/wb/index.html?experiment=search&amp;lang=en&amp;embed=1\" title=\"Search tool: a read needs no approval\""
        ), "{}", search.embed);
    }

    #[test]
    fn a_snippet_escapes_what_it_quotes() {
        assert_eq!(
            iframe_snippet("a?b=1&c=\"", "<T> & \"q\""),
            "<iframe src=\"a?b=1&amp;c=&quot;\" title=\"&lt;T&gt; &amp; &quot;q&quot;\" width=\"100%\" height=\"900\" loading=\"lazy\" allow=\"fullscreen; clipboard-write\"></iframe>"
        );
    }
}
