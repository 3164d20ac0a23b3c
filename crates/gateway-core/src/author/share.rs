//! What the authoring panel shares once the checker finds no problem: the
//! payload a link carries, the learner link, the iframe snippet and the
//! single offline file.

use serde_json::Value;

use super::{Author, Status, META_NAME};
use crate::experiments::link;

/// What marks the single-file build (`bundle`'s `single::MARKER`).
const SINGLE_FILE_MARKER: &str = r#"<meta name="workbench-build" content="single-file">"#;

impl Author {
    /// The text a link carries, compressed by the shell: the experiment's
    /// JSON without whitespace and without `$schema` (an editor's hint
    /// that names a file the link has not). `None` unless checked with no
    /// problem.
    pub fn payload(&self) -> Option<String> {
        self.experiment()?;
        let mut map = self.value.clone()?;
        map.shift_remove("$schema");
        Some(crate::json::compact(&Value::Object(map)))
    }

    /// The learner link: the page's address without the authoring
    /// parameters (`author`, `teacher`) and `experiment` (the link carries
    /// its own), with the fragment `x=1.…` of the compressed payload.
    pub fn learner_link(&self, page_url: &str, deflated: &[u8]) -> String {
        let base = page_url.split('#').next().unwrap_or_default();
        let (path, query) = base.split_once('?').unwrap_or((base, ""));
        let kept: Vec<&str> = query
            .split('&')
            .filter(|pair| {
                let name = pair.split('=').next().unwrap_or_default();
                !pair.is_empty() && !matches!(name, "author" | "teacher" | "experiment")
            })
            .collect();
        let query = if kept.is_empty() {
            String::new()
        } else {
            format!("?{}", kept.join("&"))
        };
        format!("{path}{query}#{}", link::fragment(deflated))
    }

    /// The iframe snippet for a course page: the link with `embed=1` (the
    /// page as one activity of a course, as the course page embeds the
    /// built-in experiments), the experiment's title as the frame's
    /// accessible name (the course page's one writer, both values escaped).
    pub fn iframe(&self, link: &str) -> String {
        let title = self
            .experiment()
            .map(|e| e.title.get(self.locale).to_string())
            .unwrap_or_default();
        let (address, fragment) = link.split_once('#').unwrap_or((link, ""));
        let joint = if address.contains('?') { '&' } else { '?' };
        let fragment = if fragment.is_empty() {
            String::new()
        } else {
            format!("#{fragment}")
        };
        crate::course::iframe_snippet(&format!("{address}{joint}embed=1{fragment}"), &title)
    }

    /// The single file (`html`, the fetched `workbench.html`) carrying the
    /// experiment: its `<meta name="function-tools-experiment">` right
    /// before `</head>` (where a file carried one already, that one is
    /// replaced; the same words anywhere else, e.g. in a script, are left
    /// alone). `Err`: `html` is not the single-file build.
    pub fn single_file(&self, html: &str, deflated: &[u8]) -> Result<String, Status> {
        let Some(head_end) = html.find("</head>") else {
            return Err(Status::NotSingleFile);
        };
        let head = &html[..head_end];
        if !head.contains(SINGLE_FILE_MARKER) {
            return Err(Status::NotSingleFile);
        }
        let open = format!(r#"<meta name="{META_NAME}" content=""#);
        // A meta this method wrote: the last thing in the head, one tag.
        let kept = head
            .rfind(&open)
            .filter(|at| {
                let tag = head[*at..].trim_end();
                tag.strip_suffix("\">")
                    .is_some_and(|inner| !inner[1..].contains(['<', '>', '\n']))
            })
            .map_or(head, |at| &head[..at]);
        Ok(format!(
            "{kept}{open}{}\">\n{}",
            link::fragment(deflated),
            &html[head_end..]
        ))
    }

    /// The single file's name: the experiment's id, `.html`.
    pub fn file_name(&self) -> String {
        let id = self.experiment().map_or("experiment", |e| e.id.as_str());
        format!("{id}.html")
    }

    /// The link and snippet were made (shown to copy by hand).
    pub fn made(&mut self, link: String) {
        self.iframe = Some(self.iframe(&link));
        self.link = Some(link);
    }

    /// What an action of the panel came to.
    pub fn done(&mut self, status: Status) {
        self.status = Some(status);
    }
}
