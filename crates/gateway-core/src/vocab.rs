//! The vocabulary every other module speaks: the seven gates, a gate's
//! verdict, and the closed-enum machinery (`ALL`, `id`, `FromStr`, one
//! error type) written once for every enum parsed at the edge.
//!
//! This module imports nothing of the crate but the catalogue, so the
//! ledger, the tools and the pipeline can all name a gate without
//! importing each other.

use crate::text::Text;

/// A string that names no value of a closed enum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownValue {
    /// What was being named: `role`, `hook`, `tool`, …
    pub what: &'static str,
    pub allowed: Vec<&'static str>,
    pub got: String,
}

impl UnknownValue {
    pub fn text(&self) -> Text {
        Text::UnknownValue {
            what: self.what.into(),
            allowed: self.allowed.clone().into(),
            got: crate::json::quote(&self.got).into(),
        }
    }
}

crate::display_by_text!(UnknownValue);
impl std::error::Error for UnknownValue {}

/// Declares a closed enum whose values have stable string ids: `ALL` in
/// declaration order, `id()`, `Display` (the id) and `FromStr` (exact id,
/// else [`UnknownValue`] naming `$what` and the allowed ids).
#[macro_export]
macro_rules! closed_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident as $what:literal {
            $($(#[$vmeta:meta])* $variant:ident = $id:literal),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        $vis enum $name {
            $($(#[$vmeta])* $variant),+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: [$name; [$($id),+].len()] = [$($name::$variant),+];

            /// The stable id (URL parameters, `data-` attributes, exports).
            pub fn id(self) -> &'static str {
                match self {
                    $($name::$variant => $id),+
                }
            }

            /// Position in [`Self::ALL`].
            pub fn index(self) -> usize {
                self as usize
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.id())
            }
        }

        impl std::str::FromStr for $name {
            type Err = $crate::vocab::UnknownValue;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                Self::ALL.into_iter().find(|v| v.id() == s).ok_or_else(|| {
                    $crate::vocab::UnknownValue {
                        what: $what,
                        allowed: Self::ALL.map(Self::id).to_vec(),
                        got: s.into(),
                    }
                })
            }
        }
    };
}

closed_enum! {
    /// The seven gates, in the order a call passes them.
    pub enum Gate as "gate" {
        Schema = "schema",
        BeforeHook = "before-hook",
        Role = "role",
        Approval = "approval",
        Idempotency = "idempotency",
        Execution = "execution",
        AfterHook = "after-hook",
    }
}

/// Gates in a run.
pub const GATES: usize = Gate::ALL.len();

impl Gate {
    /// The gate's name inside a sentence ("rejected at the role gate").
    pub fn name(self) -> Text {
        match self {
            Gate::Schema => Text::GateNameSchema,
            Gate::BeforeHook => Text::GateNameBeforeHook,
            Gate::Role => Text::GateNameRole,
            Gate::Approval => Text::GateNameApproval,
            Gate::Idempotency => Text::GateNameIdempotency,
            Gate::Execution => Text::GateNameExecution,
            Gate::AfterHook => Text::GateNameAfterHook,
        }
    }

    /// The gate's name as a heading.
    pub fn label(self) -> Text {
        match self {
            Gate::Schema => Text::GateSchema,
            Gate::BeforeHook => Text::GateBeforeHook,
            Gate::Role => Text::GateRole,
            Gate::Approval => Text::GateApproval,
            Gate::Idempotency => Text::GateIdempotency,
            Gate::Execution => Text::GateExecution,
            Gate::AfterHook => Text::GateAfterHook,
        }
    }
}

closed_enum! {
    /// A gate's answer. (`pending` is a playback state, not a verdict.)
    pub enum Verdict as "verdict" {
        Passed = "passed",
        Rejected = "rejected",
        Skipped = "skipped",
        NotNeeded = "not-needed",
    }
}

impl Verdict {
    pub fn label(self) -> Text {
        match self {
            Verdict::Passed => Text::VerdictPassed,
            Verdict::Rejected => Text::VerdictRejected,
            Verdict::Skipped => Text::VerdictSkipped,
            Verdict::NotNeeded => Text::VerdictNotNeeded,
        }
    }
}
