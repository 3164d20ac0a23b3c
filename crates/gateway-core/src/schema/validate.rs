//! The schema gate: an argument object checked against its tool's
//! [`Shape`], the first problem reported.

use serde_json::{Map, Value};

use super::{ArgError, Args, Field, Item, Kind, Rule, Shape, Variant};
use crate::json::{type_name, utf16_len};

impl Shape {
    /// Checks a parsed value against the shape; see [`ArgError`] for the
    /// order in which problems are reported (the first one wins).
    pub fn validate(&self, value: Value) -> Result<Args, ArgError> {
        let Value::Object(map) = value else {
            return Err(ArgError::NotObject {
                got: type_name(&value),
            });
        };
        let variant = self.pick_variant(&map)?;
        for name in map.keys() {
            if variant.consts.iter().any(|(c, _)| c == name)
                || variant.fields.iter().any(|f| f.name == name)
            {
                continue;
            }
            if let Some(when) = self.declared_elsewhere(variant, name) {
                return Err(ArgError::NotAllowed {
                    field: name.clone(),
                    when,
                });
            }
            return Err(ArgError::Unknown {
                field: name.clone(),
            });
        }
        for field in variant.fields {
            match map.get(field.name) {
                Some(v) => check_field(field, v)?,
                None if field.required => {
                    return Err(ArgError::Missing {
                        field: field.name.into(),
                    })
                }
                None => {}
            }
        }
        Ok(Args(map))
    }

    /// Chooses the variant from the constant fields, in declaration order.
    fn pick_variant(&self, map: &Map<String, Value>) -> Result<&'static Variant, ArgError> {
        let mut candidates: Vec<&'static Variant> = self.variants.iter().collect();
        let mut names: Vec<&'static str> = Vec::new();
        for v in self.variants {
            for (name, _) in v.consts {
                if !names.contains(name) {
                    names.push(name);
                }
            }
        }
        for name in names {
            let constrained: Vec<_> = candidates
                .iter()
                .filter(|v| v.consts.iter().any(|(c, _)| *c == name))
                .copied()
                .collect();
            if constrained.is_empty() {
                continue;
            }
            let mut allowed: Vec<&'static str> = Vec::new();
            for v in &constrained {
                for (c, value) in v.consts {
                    if *c == name && !allowed.contains(value) {
                        allowed.push(value);
                    }
                }
            }
            let got = match map.get(name) {
                None => return Err(ArgError::Missing { field: name.into() }),
                Some(Value::String(s)) => s,
                Some(other) => {
                    return Err(ArgError::WrongType {
                        field: name.into(),
                        expected: "string",
                        got: type_name(other),
                    })
                }
            };
            if !allowed.contains(&got.as_str()) {
                return Err(ArgError::NotOneOf {
                    field: name.into(),
                    allowed,
                    got: got.clone(),
                });
            }
            candidates.retain(|v| {
                v.consts
                    .iter()
                    .all(|(c, value)| *c != name || *value == got.as_str())
            });
        }
        candidates.first().copied().ok_or(ArgError::Rule {
            field: "arguments".into(),
            rule: Rule::DeclaredForm,
        })
    }

    /// Where a field this variant does not allow is declared by another
    /// variant, describes that variant's constants (e.g. `operation is "read"`).
    fn declared_elsewhere(
        &self,
        variant: &Variant,
        name: &str,
    ) -> Option<&'static [(&'static str, &'static str)]> {
        self.variants
            .iter()
            .any(|v| v.fields.iter().any(|f| f.name == name))
            .then_some(variant.consts)
    }
}

fn check_field(field: &Field, value: &Value) -> Result<(), ArgError> {
    let name = || field.name.to_string();
    let wrong = |expected| ArgError::WrongType {
        field: name(),
        expected,
        got: type_name(value),
    };
    match field.kind {
        Kind::Text {
            min,
            max,
            single_line,
        } => {
            let s = value.as_str().ok_or_else(|| wrong("string"))?;
            check_text(field.name, s, min, max, single_line)?;
        }
        Kind::Formatted(format) => {
            let s = value.as_str().ok_or_else(|| wrong("string"))?;
            if !format.accepts(s) {
                return Err(ArgError::BadFormat {
                    field: name(),
                    expected: format,
                    got: s.into(),
                });
            }
        }
        Kind::OneOf(allowed) => {
            let s = value.as_str().ok_or_else(|| wrong("string"))?;
            if !allowed.contains(&s) {
                return Err(ArgError::NotOneOf {
                    field: name(),
                    allowed: allowed.to_vec(),
                    got: s.into(),
                });
            }
        }
        Kind::Integer { min, max } => {
            let x = value.as_f64().ok_or_else(|| wrong("number"))?;
            if x.fract() != 0.0 {
                return Err(ArgError::NotInteger {
                    field: name(),
                    got: crate::json::js_number(x),
                });
            }
            if x < min as f64 || x > max as f64 {
                return Err(ArgError::OutOfRange {
                    field: name(),
                    min: min.to_string(),
                    max: max.to_string(),
                    got: crate::json::js_number(x),
                });
            }
        }
        Kind::Number { max_abs } => {
            let x = value.as_f64().ok_or_else(|| wrong("number"))?;
            if !x.is_finite() || x.abs() > max_abs {
                return Err(ArgError::OutOfRange {
                    field: name(),
                    min: crate::json::js_number(-max_abs),
                    max: crate::json::js_number(max_abs),
                    got: crate::json::js_number(x),
                });
            }
        }
        Kind::List { min, max, item } => {
            let items = value.as_array().ok_or_else(|| wrong("list"))?;
            if items.len() < min {
                return Err(ArgError::TooFewItems {
                    field: name(),
                    min,
                    got: items.len(),
                });
            }
            if items.len() > max {
                return Err(ArgError::TooManyItems {
                    field: name(),
                    max,
                    got: items.len(),
                });
            }
            for (index, value) in items.iter().enumerate() {
                check_item(&format!("{}[{index}]", field.name), item, value)?;
            }
        }
    }
    Ok(())
}

/// One item of a list, named `field` (as `values[3]`).
fn check_item(field: &str, item: Item, value: &Value) -> Result<(), ArgError> {
    match item {
        Item::Cell { max } => match value {
            Value::String(s) => check_text(field, s, 0, max, true),
            Value::Number(n) if n.as_f64().is_some_and(f64::is_finite) => Ok(()),
            other => Err(ArgError::NotCell {
                field: field.into(),
                got: type_name(other),
            }),
        },
    }
}

/// A string of `min..=max` UTF-16 units; `single_line` refuses control
/// characters and line breaks.
fn check_text(
    field: &str,
    s: &str,
    min: usize,
    max: usize,
    single_line: bool,
) -> Result<(), ArgError> {
    let got = utf16_len(s);
    if got < min {
        return Err(ArgError::TooShort {
            field: field.into(),
            min,
            got,
        });
    }
    if got > max {
        return Err(ArgError::TooLong {
            field: field.into(),
            max,
            got,
        });
    }
    if single_line && s.chars().any(is_control_or_break) {
        return Err(ArgError::ControlCharacter {
            field: field.into(),
        });
    }
    Ok(())
}

/// Control characters and the Unicode line and paragraph separators.
fn is_control_or_break(c: char) -> bool {
    c.is_control() || c == '\u{2028}' || c == '\u{2029}'
}
