//! The instructors' experiments opened in this browser, which the course
//! page lists after the built-in ones: at most [`MAX`], newest first, each
//! with its id, its title in each language, its goal ids (to count this
//! browser's progress) and the link's fragment part that opens it again.
//! Stored under [`Slot::Authored`](crate::command::Slot::Authored) as a
//! JSON array; a stored value this build cannot read is never written
//! over (the opening locks the slot).

use serde_json::{Map, Value};

use crate::experiments::Experiment;
use crate::text::Locale;
use crate::words::Words;

/// How many authored experiments are remembered: the newest.
pub const MAX: usize = 20;

/// One authored experiment opened in this browser.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Authored {
    pub id: String,
    pub title: Words,
    /// Its goal ids, in order.
    pub goals: Vec<String>,
    /// The fragment part that carries it (`x=1.…`), without `#`.
    pub link: String,
}

impl Authored {
    /// The entry of `experiment`, carried by `link` (`x=1.…`).
    pub fn of(experiment: &Experiment, link: &str) -> Self {
        Self {
            id: experiment.id.clone(),
            title: experiment.title.clone(),
            goals: experiment.goals.iter().map(|g| g.id.clone()).collect(),
            link: link.trim_start_matches('#').to_string(),
        }
    }

    /// The key its progress is stored under (`Experiment::storage_id`).
    pub fn storage_id(&self) -> String {
        format!("authored-{}", self.id)
    }

    fn to_value(&self) -> Value {
        let title: Map<String, Value> = Locale::ALL
            .iter()
            .map(|l| (l.id().to_string(), Value::String(self.title.get(*l).into())))
            .collect();
        serde_json::json!({
            "id": self.id,
            "title": title,
            "goals": self.goals,
            "link": self.link,
        })
    }

    fn from_value(value: &Value) -> Option<Self> {
        let text = |key: &str| value.get(key)?.as_str().map(String::from);
        let title = value.get("title")?.as_object()?;
        let words = Locale::ALL
            .iter()
            .map(|l| title.get(l.id())?.as_str().map(String::from))
            .collect::<Option<Vec<_>>>()?;
        let goals = (value.get("goals")?.as_array()?.iter())
            .map(|g| g.as_str().map(String::from))
            .collect::<Option<Vec<_>>>()?;
        Some(Self {
            id: text("id")?,
            title: Words(words),
            goals,
            link: text("link")?,
        })
    }
}

/// The list stored as `text`, newest first (at most [`MAX`] of it);
/// `None`: this build cannot read it.
pub fn read(text: &str) -> Option<Vec<Authored>> {
    let Ok(Value::Array(items)) = crate::json::from_str(text) else {
        return None;
    };
    let mut list = items
        .iter()
        .map(Authored::from_value)
        .collect::<Option<Vec<_>>>()?;
    list.truncate(MAX);
    Some(list)
}

/// `list` with `entry` first: an earlier entry of the same id is
/// replaced, and the oldest beyond [`MAX`] dropped.
pub fn remember(mut list: Vec<Authored>, entry: Authored) -> Vec<Authored> {
    list.retain(|a| a.id != entry.id);
    list.insert(0, entry);
    list.truncate(MAX);
    list
}

/// `list` as stored.
pub fn to_stored(list: &[Authored]) -> String {
    crate::json::compact(&Value::Array(list.iter().map(Authored::to_value).collect()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(n: usize) -> Authored {
        Authored {
            id: format!("lesson-{n}"),
            title: Words(vec![format!("Lesson {n}"), format!("第 {n} 課")]),
            goals: vec!["a".into(), "b".into()],
            link: format!("x=1.AAAA{n}"),
        }
    }

    /// `count` entries remembered one after another, oldest first.
    fn opened(count: usize) -> Vec<Authored> {
        (1..=count).fold(Vec::new(), |list, n| remember(list, entry(n)))
    }

    #[test]
    fn twenty_are_kept_newest_first() {
        let list = opened(20);
        assert_eq!(list.len(), 20);
        assert_eq!(list[0].id, "lesson-20");
        assert_eq!(list[19].id, "lesson-1");
        assert_eq!(read(&to_stored(&list)), Some(list));
    }

    #[test]
    fn the_twenty_first_drops_the_oldest() {
        let list = opened(21);
        assert_eq!(list.len(), 20);
        assert_eq!(list[0].id, "lesson-21");
        assert_eq!(list[19].id, "lesson-2");
        assert!(list.iter().all(|a| a.id != "lesson-1"));
    }

    #[test]
    fn opening_one_again_moves_it_first_with_its_newest_link() {
        let mut again = entry(1);
        again.link = "x=1.NEWER".into();
        let list = remember(opened(3), again);
        let ids: Vec<&str> = list.iter().map(|a| a.id.as_str()).collect();
        assert_eq!(ids, ["lesson-1", "lesson-3", "lesson-2"]);
        assert_eq!(list[0].link, "x=1.NEWER");
    }

    #[test]
    fn what_this_build_cannot_read_is_none() {
        for text in [
            "",
            "{}",
            "[1]",
            r#"[{"id":"a","title":{"en":"A"},"goals":[],"link":"x=1.A"}]"#,
            r#"[{"id":"a","title":{"en":"A","zh-TW":"甲"},"goals":[1],"link":"x=1.A"}]"#,
        ] {
            assert_eq!(read(text), None, "{text}");
        }
        assert_eq!(read("[]"), Some(Vec::new()));
        // More than this build keeps (a longer list written elsewhere):
        // the newest twenty.
        let mut long = opened(20);
        long.push(entry(0));
        let read_back = read(&to_stored(&long)).unwrap_or_default();
        assert_eq!(read_back.len(), 20);
        assert_eq!(read_back[19].id, "lesson-1");
    }
}
