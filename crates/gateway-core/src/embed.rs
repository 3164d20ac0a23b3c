//! What a course page asks of an embedded workbench (`?embed=1`, `?hide=`),
//! and what the workbench tells it: the exact messages posted to the
//! parent window for each [`Post`].
//!
//! Three conventions that course pages already act on are spoken:
//! - Canvas: `{subject: "lti.frameResize", height}` as an object;
//! - Moodle's LTI message handler (`ltisource_message_handler`), which
//!   `JSON.parse`s the data: the same message as a JSON string;
//! - H5P's `h5p-resizer.js` (loaded by Moodle's and WordPress's H5P
//!   integrations): `{context: "h5p", action: "hello"}` until the parent
//!   answers `hello`, then `prepareResize` with `scrollHeight` and
//!   `clientHeight`, and `resize` with `scrollHeight` once the parent
//!   answers `resizePrepared`.
//!
//! Beside them, this page's own namespaced messages.

use crate::command::{H5p, Post};
use crate::json::quote;

/// The panels `hide=` can name (their `data-panel` names), in page order.
pub const PANELS: [&str; 13] = [
    "experiment",
    "build",
    "gateway",
    "ledger",
    "output",
    "turn",
    "request",
    "runs",
    "declarations",
    "policy",
    "baseline",
    "notes",
    "preview",
];

/// The namespace of this page's own messages.
pub const NAMESPACE: &str = "function-tools-workbench";

/// What the query asks of an embedded page.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EmbedOptions {
    /// `embed=1`: no page chrome.
    pub embed: bool,
    /// `hide=a,b`: the named panels ([`PANELS`]) to hide.
    pub hide: Vec<String>,
    /// Names in `hide=` that are no panel of this page (reported, ignored).
    pub unknown: Vec<String>,
}

impl EmbedOptions {
    /// Reads `hide=` (comma-separated, case and spaces ignored): each name
    /// once, known ones to hide and the rest to report.
    pub fn with_hide(mut self, hide: &str) -> Self {
        for name in hide.split(',').map(|s| s.trim().to_ascii_lowercase()) {
            let list = if PANELS.contains(&name.as_str()) {
                &mut self.hide
            } else {
                &mut self.unknown
            };
            if !name.is_empty() && !list.contains(&name) {
                list.push(name);
            }
        }
        self
    }
}

/// One `postMessage` to the parent window: JSON text, posted as the value
/// it parses to, or (`as_text`) as the string itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wire {
    pub json: String,
    pub as_text: bool,
}

fn object(json: String) -> Wire {
    Wire {
        json,
        as_text: false,
    }
}

impl Post {
    /// The messages this post sends, in order.
    pub fn wire(&self) -> Vec<Wire> {
        match self {
            Post::Resize { experiment, height } => {
                let lti = format!(r#"{{"subject":"lti.frameResize","height":{height}}}"#);
                vec![
                    object(lti.clone()),
                    Wire {
                        json: lti,
                        as_text: true,
                    },
                    object(format!(
                        r#"{{"type":"{NAMESPACE}.resize","version":1,"experiment":{},"height":{height}}}"#,
                        quote(experiment)
                    )),
                ]
            }
            Post::Goal {
                experiment,
                goal,
                reached,
                total,
            } => {
                let complete = if reached == total { "true" } else { "false" };
                vec![object(format!(
                    r#"{{"type":"{NAMESPACE}.goal","version":1,"experiment":{},"goal":{},"reached":{reached},"total":{total},"complete":{complete}}}"#,
                    quote(experiment),
                    quote(goal)
                ))]
            }
            Post::H5p(message) => vec![object(match message {
                H5p::Hello => r#"{"context":"h5p","action":"hello"}"#.to_string(),
                H5p::PrepareResize { height } => format!(
                    r#"{{"context":"h5p","action":"prepareResize","scrollHeight":{height},"clientHeight":{height}}}"#
                ),
                H5p::Resize { height } => {
                    format!(r#"{{"context":"h5p","action":"resize","scrollHeight":{height}}}"#)
                }
            })],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    /// The messages of `post`, each as the parent receives it: a string
    /// stays a string, an object is parsed.
    fn received(post: &Post) -> Vec<Value> {
        post.wire()
            .into_iter()
            .map(|w| {
                let v: Value = crate::json::from_str(&w.json).unwrap();
                if w.as_text {
                    Value::String(w.json)
                } else {
                    v
                }
            })
            .collect()
    }

    #[test]
    fn a_height_goes_as_an_lti_object_an_lti_string_and_our_own_message() {
        let got = received(&Post::Resize {
            experiment: "email".into(),
            height: 1234,
        });
        assert_eq!(
            got,
            [
                json!({"subject": "lti.frameResize", "height": 1234}),
                json!(r#"{"subject":"lti.frameResize","height":1234}"#),
                json!({"type": "function-tools-workbench.resize", "version": 1,
                       "experiment": "email", "height": 1234}),
            ]
        );
        // What a handler that JSON.parses the string gets.
        let parsed: Value = crate::json::from_str(got[1].as_str().unwrap()).unwrap();
        assert_eq!(parsed, got[0]);
    }

    #[test]
    fn h5p_messages_have_the_resizer_shapes() {
        let h5p = |m| received(&Post::H5p(m));
        assert_eq!(
            h5p(H5p::Hello),
            [json!({"context": "h5p", "action": "hello"})]
        );
        assert_eq!(
            h5p(H5p::PrepareResize { height: 900 }),
            [json!({"context": "h5p", "action": "prepareResize",
                    "scrollHeight": 900, "clientHeight": 900})]
        );
        assert_eq!(
            h5p(H5p::Resize { height: 900 }),
            [json!({"context": "h5p", "action": "resize", "scrollHeight": 900})]
        );
    }

    #[test]
    fn a_goal_is_one_message() {
        let goal = |reached| {
            received(&Post::Goal {
                experiment: "email".into(),
                goal: "first-message".into(),
                reached,
                total: 4,
            })
        };
        assert_eq!(
            goal(1),
            [
                json!({"type": "function-tools-workbench.goal", "version": 1,
                    "experiment": "email", "goal": "first-message",
                    "reached": 1, "total": 4, "complete": false})
            ]
        );
        assert_eq!(goal(4)[0]["complete"], json!(true));
    }

    #[test]
    fn hide_keeps_known_panels_and_reports_the_rest_once() {
        let o = EmbedOptions::default().with_hide(" Notes,runs,,nonsense,NOTES, Side-Bar,nonsense");
        assert_eq!(o.hide, ["notes", "runs"]);
        assert_eq!(o.unknown, ["nonsense", "side-bar"]);
        let o = EmbedOptions::default().with_hide("");
        assert!(o.hide.is_empty() && o.unknown.is_empty());
    }
}
