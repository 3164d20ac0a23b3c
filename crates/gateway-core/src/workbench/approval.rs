//! The person's say on the call under inspection, as one state: an
//! approval given, none (perhaps one an edit cleared, and what changed
//! since), or a refusal at an agent turn's approval gate. An approval and
//! a refusal never stand together.

use crate::gates::Approval;

/// What changed since the approval an edit cleared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Lapse {
    /// A field of the arguments: its name and its approved value (`None`:
    /// the approved payload had no such field).
    Field { field: String, was: Option<String> },
    /// Another tool, or arguments that are no JSON object.
    Request,
    /// The request is the approved one: a setting changed since (`Some`),
    /// or the request changed and came back (`None`).
    Same(Option<Setting>),
}

/// A policy input of the request builder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Setting {
    Role,
    Hook,
    Key,
    Reuse,
}

/// An approval an edit cleared, and what changed since (worked out at each
/// edit, not at each frame). It never approves anything.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Lapsed {
    pub approval: Approval,
    pub lapse: Lapse,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ApprovalState {
    /// No approval stands.
    Open {
        lapsed: Option<Lapsed>,
        /// A turn's call is held at the approval gate and playback ran
        /// when the hold stopped it: the person's decision lets it run on.
        resume: bool,
    },
    /// An approval of this exact call (tool and canonical payload).
    Given(Approval),
    /// The person refused this call at an agent turn's approval gate
    /// (bound to its tool and canonical payload, as an approval is); what
    /// an edit cleared before is still said.
    Refused {
        call: Approval,
        lapsed: Option<Lapsed>,
    },
}

impl Default for ApprovalState {
    fn default() -> Self {
        ApprovalState::Open {
            lapsed: None,
            resume: false,
        }
    }
}

impl ApprovalState {
    pub fn given(&self) -> Option<&Approval> {
        match self {
            ApprovalState::Given(approval) => Some(approval),
            _ => None,
        }
    }

    pub fn refused(&self) -> Option<&Approval> {
        match self {
            ApprovalState::Refused { call, .. } => Some(call),
            _ => None,
        }
    }

    /// The approval an edit cleared, while no approval stands.
    pub fn lapsed(&self) -> Option<&Lapsed> {
        match self {
            ApprovalState::Open { lapsed, .. } | ApprovalState::Refused { lapsed, .. } => {
                lapsed.as_ref()
            }
            ApprovalState::Given(_) => None,
        }
    }

    /// Whether the person's decision on a held call lets playback run on.
    pub fn resumes(&self) -> bool {
        matches!(self, ApprovalState::Open { resume: true, .. })
    }

    /// A hold stopped playback: the decision will let it run on. Only an
    /// open state can be held (an approval or a refusal decides the gate).
    pub fn hold_stopped_playback(&mut self) {
        if let ApprovalState::Open { resume, .. } = self {
            *resume = true;
        }
    }

    /// Inspection starts over: nothing is held.
    pub fn restart(&mut self) {
        if let ApprovalState::Open { resume, .. } = self {
            *resume = false;
        }
    }

    /// Takes back any approval or refusal, keeping what an edit cleared.
    pub fn withdraw(&mut self) {
        *self = ApprovalState::Open {
            lapsed: self.lapsed().cloned(),
            resume: false,
        };
    }

    /// Forgets what an edit cleared (a new turn starts).
    pub fn forget_lapse(&mut self) {
        if let ApprovalState::Open { lapsed, .. } | ApprovalState::Refused { lapsed, .. } = self {
            *lapsed = None;
        }
    }

    /// An input changed: the approval standing, or the one an earlier edit
    /// cleared, is cleared, and what changed since is worked out again by
    /// `lapse_of` (given what an earlier edit changed, if any); a refusal
    /// no longer binds anything.
    pub fn clear(&mut self, lapse_of: impl FnOnce(&Approval, Option<&Lapse>) -> Lapse) {
        let (approval, earlier) = match std::mem::take(self) {
            ApprovalState::Given(approval) => (approval, None),
            ApprovalState::Open { lapsed, .. } | ApprovalState::Refused { lapsed, .. } => {
                match lapsed {
                    Some(Lapsed { approval, lapse }) => (approval, Some(lapse)),
                    None => return,
                }
            }
        };
        let lapse = lapse_of(&approval, earlier.as_ref());
        *self = ApprovalState::Open {
            lapsed: Some(Lapsed { approval, lapse }),
            resume: false,
        };
    }

    /// The person refused `call` where it waited; what an edit cleared
    /// before is still said.
    pub fn refuse(&mut self, call: Approval) {
        *self = ApprovalState::Refused {
            lapsed: self.lapsed().cloned(),
            call,
        };
    }
}

/// What changed since `approval`, for the request `tool` `args` as it
/// stands: the first field of the arguments as written (a field spelled
/// out of bounds counts) whose value differs, or the request; where the
/// request is the approved one, the `setting` this change made, or the
/// one an `earlier` change made since the approval.
pub(crate) fn lapse_of(
    approval: &Approval,
    tool: &str,
    args: &str,
    setting: Option<Setting>,
    earlier: Option<&Lapse>,
) -> Lapse {
    let parse = |s: &str| crate::json::from_str(s).ok();
    let now = (tool == approval.tool).then(|| parse(args)).flatten();
    let (Some(serde_json::Value::Object(was)), Some(serde_json::Value::Object(now))) =
        (parse(&approval.payload), now)
    else {
        return Lapse::Request;
    };
    let changed = was
        .keys()
        .chain(now.keys())
        .find(|k| was.get(*k) != now.get(*k));
    match changed {
        Some(field) => Lapse::Field {
            was: was.get(field).map(crate::json::compact),
            field: field.clone(),
        },
        None => Lapse::Same(setting.or(match earlier {
            Some(Lapse::Same(setting)) => *setting,
            _ => None,
        })),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(payload: &str) -> Approval {
        Approval {
            tool: "calendar".into(),
            payload: payload.into(),
        }
    }

    #[test]
    fn a_cleared_approval_is_said_until_another_is_given() {
        let mut s = ApprovalState::Given(call(r#"{"title":"a"}"#));
        s.clear(|a, earlier| lapse_of(a, "calendar", r#"{"title":"b"}"#, None, earlier));
        let lapse = Lapse::Field {
            field: "title".into(),
            was: Some("\"a\"".into()),
        };
        assert_eq!(s.lapsed().map(|l| &l.lapse), Some(&lapse));
        assert!(s.given().is_none());
        // A refusal keeps it said; clearing again works it out anew.
        s.refuse(call(r#"{"title":"b"}"#));
        assert!(s.refused().is_some());
        assert_eq!(s.lapsed().map(|l| &l.lapse), Some(&lapse));
        s.clear(|a, earlier| lapse_of(a, "email", "{}", None, earlier));
        assert!(s.refused().is_none(), "a refusal binds no new input");
        assert_eq!(s.lapsed().map(|l| &l.lapse), Some(&Lapse::Request));
        s = ApprovalState::Given(call("{}"));
        assert!(s.lapsed().is_none());
    }

    #[test]
    fn only_a_held_open_state_resumes() {
        let mut s = ApprovalState::default();
        s.hold_stopped_playback();
        assert!(s.resumes());
        s.restart();
        assert!(!s.resumes());
        let mut s = ApprovalState::Given(call("{}"));
        s.hold_stopped_playback();
        assert!(!s.resumes());
        s.withdraw();
        assert_eq!(s, ApprovalState::default());
    }

    #[test]
    fn lapse_names_the_first_changed_field_or_the_request() {
        let a = call(r#"{"end":"15:00","start":"14:00"}"#);
        assert_eq!(
            lapse_of(&a, "calendar", r#"{"start":"14:00"}"#, None, None),
            Lapse::Field {
                field: "end".into(),
                was: Some("\"15:00\"".into())
            }
        );
        let same = r#"{"start":"14:00","end":"15:00"}"#;
        assert_eq!(
            lapse_of(&a, "calendar", same, None, None),
            Lapse::Same(None)
        );
        assert_eq!(lapse_of(&a, "calendar", "[]", None, None), Lapse::Request);
        assert_eq!(lapse_of(&a, "email", "{}", None, None), Lapse::Request);
        // A setting is named where the payload is the approved one.
        let hook = Some(Setting::Hook);
        assert_eq!(
            lapse_of(&a, "calendar", same, hook, None),
            Lapse::Same(hook)
        );
        assert_eq!(
            lapse_of(&a, "calendar", "{}", hook, None),
            Lapse::Field {
                field: "end".into(),
                was: Some("\"15:00\"".into())
            },
            "a changed field is said before a setting"
        );
    }

    #[test]
    fn a_changed_setting_stays_said_until_the_payload_differs() {
        let a = call(r#"{"title":"a"}"#);
        let role = Lapse::Same(Some(Setting::Role));
        let same = r#"{"title":"a"}"#;
        assert_eq!(lapse_of(&a, "calendar", same, None, Some(&role)), role);
        // Another setting changed since names the newer one.
        assert_eq!(
            lapse_of(&a, "calendar", same, Some(Setting::Key), Some(&role)),
            Lapse::Same(Some(Setting::Key))
        );
        // A field edited and put back says the request came back.
        let field = Lapse::Field {
            field: "title".into(),
            was: Some("\"a\"".into()),
        };
        assert_eq!(
            lapse_of(&a, "calendar", same, None, Some(&field)),
            Lapse::Same(None)
        );
    }
}
