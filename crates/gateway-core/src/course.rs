//! The course page (`course.html`): the built-in experiments in a
//! suggested order, each with its goals, this browser's progress (what the
//! workbench stored under [`Slot::Progress`]; never sent anywhere), a link
//! and the snippet that embeds it in a course page; then the instructors'
//! experiments opened in this browser ([`authored`]). And this browser's
//! progress on one experiment ([`Stored`]), which every list of
//! experiments and the masthead read.

pub mod authored;

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

/// The experiment after `id` in the course order; `None` after the last.
pub fn next(id: ExperimentId) -> Option<ExperimentId> {
    let at = ORDER.iter().position(|e| *e == id)?;
    ORDER.get(at + 1).copied()
}

/// The goal ids this browser stored as reached for the experiment stored
/// under `storage_id` (none where nothing, or nothing readable, is stored).
pub fn reached_ids(storage_id: &str, read: &dyn Fn(&str) -> Read) -> Vec<String> {
    match read(&Slot::Progress.key(storage_id)) {
        Read::Found(text) => progress_ids(&text).unwrap_or_default(),
        _ => Vec::new(),
    }
}

/// This browser's progress on one experiment: how many of its goals are
/// reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stored {
    pub done: usize,
    pub total: usize,
}

impl Stored {
    /// The goals of `goals` that the experiment stored under `storage_id`
    /// reached in this browser.
    pub fn read<S: AsRef<str>>(storage_id: &str, goals: &[S], read: &dyn Fn(&str) -> Read) -> Self {
        let reached = reached_ids(storage_id, read);
        Self {
            done: (goals.iter())
                .filter(|g| reached.iter().any(|r| r == g.as_ref()))
                .count(),
            total: goals.len(),
        }
    }

    /// The built-in experiment `id`, its goals as `locale`'s catalogue
    /// lists them (every catalogue lists every experiment's).
    pub fn builtin(id: ExperimentId, locale: Locale, read: &dyn Fn(&str) -> Read) -> Self {
        let goals = crate::text::experiment_goal_ids(locale, id.id()).unwrap_or_default();
        Self::read(id.id(), &goals, read)
    }

    /// Every goal reached (an experiment without goals is never finished).
    pub fn finished(self) -> bool {
        self.total > 0 && self.done == self.total
    }

    /// `✓ Finished`, or `2 of 4 goals`: the mark of an experiment in a list.
    pub fn mark(self) -> Text {
        if self.finished() {
            Text::ListFinished
        } else {
            Text::ListGoals {
                done: self.done.into(),
                total: self.total.into(),
            }
        }
    }
}

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
    /// The heading over the instructors' experiments (shown when there
    /// are any).
    pub authored_heading: String,
    /// The instructors' experiments opened in this browser, newest first.
    pub authored: Vec<AuthoredItem>,
}

/// An instructor's experiment opened in this browser, as the course page
/// lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuthoredItem {
    pub id: String,
    pub title: String,
    /// The workbench opened on it (its link), in this language.
    pub href: String,
    pub open: String,
    /// `✓ Finished`, or `1 of 3 goals`.
    pub progress: String,
    pub done: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CourseItem {
    pub id: &'static str,
    /// `1. Search tool: …`
    pub heading: String,
    /// The workbench opened on it, in this language.
    pub href: String,
    pub open: String,
    /// `Not started`, `2 of 4 goals reached`, or `✓ Finished`.
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
                let reached = reached_ids(id.id(), read);
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
                    } else if done == goals.len() {
                        t(Text::ListFinished)
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
            authored_heading: t(Text::CourseAuthoredHeading),
            authored: authored_items(locale, read),
        }
    }
}

/// The instructors' experiments this browser remembers, with their
/// progress; none where the list cannot be read.
fn authored_items(locale: Locale, read: &dyn Fn(&str) -> Read) -> Vec<AuthoredItem> {
    let list = match read(&Slot::Authored.key("")) {
        Read::Found(text) => authored::read(&text).unwrap_or_default(),
        _ => Vec::new(),
    };
    list.iter()
        .map(|a| {
            let stored = Stored::read(&a.storage_id(), &a.goals, read);
            AuthoredItem {
                id: a.id.clone(),
                title: a.title.get(locale).into(),
                href: format!("index.html?lang={}#{}", locale.id(), a.link),
                open: Text::CourseOpen.render(locale),
                progress: stored.mark().render(locale),
                done: stored.finished(),
            }
        })
        .collect()
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
    fn every_catalogue_lists_each_experiments_goal_ids() {
        for locale in Locale::ALL {
            for id in ExperimentId::ALL {
                let ids: Vec<&str> = id
                    .experiment()
                    .goals
                    .iter()
                    .map(|g| g.id.as_str())
                    .collect();
                assert!(!ids.is_empty(), "{id:?}");
                assert_eq!(
                    crate::text::experiment_goal_ids(locale, id.id()),
                    Some(ids),
                    "{id:?}"
                );
            }
        }
    }

    #[test]
    fn a_finished_experiment_is_marked_and_the_authored_follow_with_their_progress() {
        let list = authored::remember(
            Vec::new(),
            authored::Authored {
                id: "lesson".into(),
                title: crate::words::Words(vec!["Lesson".into(), "課程".into()]),
                goals: vec!["a".into(), "b".into()],
                link: "x=1.ABC".into(),
            },
        );
        let stored = authored::to_stored(&list);
        let read = move |key: &str| {
            if key == Slot::Progress.key("search") {
                Read::Found(r#"["read-as-viewer","limit-bound"]"#.into())
            } else if key == Slot::Progress.key("authored-lesson") {
                Read::Found(r#"["b"]"#.into())
            } else if key == Slot::Authored.key("") {
                Read::Found(stored.clone())
            } else {
                Read::Absent
            }
        };
        let v = CourseView::new(Locale::ZhTw, "https://school.example/wb/", &read);
        assert_eq!(v.items[0].progress, "✓ 已完成");
        assert!(v.items[0].done);
        assert_eq!(v.authored.len(), 1);
        let a = &v.authored[0];
        assert_eq!(a.title, "課程");
        assert_eq!(a.href, "index.html?lang=zh-TW#x=1.ABC");
        assert_eq!(a.progress, "已達成 1 / 2 個目標");
        assert!(!a.done);
        // Nothing stored, or nothing readable: no instructors' experiments.
        let none = CourseView::new(Locale::En, "/", &|_| Read::Found("{".into()));
        assert!(none.authored.is_empty());
    }

    #[test]
    fn a_snippet_escapes_what_it_quotes() {
        assert_eq!(
            iframe_snippet("a?b=1&c=\"", "<T> & \"q\""),
            "<iframe src=\"a?b=1&amp;c=&quot;\" title=\"&lt;T&gt; &amp; &quot;q&quot;\" width=\"100%\" height=\"900\" loading=\"lazy\" allow=\"fullscreen; clipboard-write\"></iframe>"
        );
    }
}
