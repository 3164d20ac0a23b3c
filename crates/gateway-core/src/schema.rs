//! Argument schemas as data.
//!
//! Each tool declares its arguments as a [`Shape`]: one or more variants
//! (picked by constant fields such as `"operation": "read"`), each a list of
//! fields with a kind and bounds. The same data drives the schema gate
//! ([`Shape::validate`]) and the JSON Schema export ([`Shape::json_schema`]),
//! so what a model is told and what the gate accepts cannot drift apart.

use serde_json::{json, Map, Value};

use crate::json::{quote, type_name, utf16_len};
use crate::text::{Locale, Text};

/// All of a tool's accepted argument objects.
#[derive(Debug, Clone, Copy)]
pub struct Shape {
    pub variants: &'static [Variant],
}

/// One accepted object: every `consts` field must hold its value, and the
/// other fields are as declared. No other field is allowed.
#[derive(Debug, Clone, Copy)]
pub struct Variant {
    pub consts: &'static [(&'static str, &'static str)],
    pub fields: &'static [Field],
}

#[derive(Debug, Clone, Copy)]
pub struct Field {
    pub name: &'static str,
    pub required: bool,
    pub kind: Kind,
    /// What the model reads about the field (made when exported).
    pub description: fn() -> Text,
}

/// What a field holds. Lengths are UTF-16 units, as JavaScript counts them.
#[derive(Debug, Clone, Copy)]
pub enum Kind {
    /// A string of `min..=max` units; `single_line` forbids control
    /// characters (line breaks included).
    Text {
        min: usize,
        max: usize,
        single_line: bool,
    },
    /// A string in a fixed format checked by hand (never a regex engine).
    Formatted(Format),
    /// One of a fixed list of strings.
    OneOf(&'static [&'static str]),
    /// A JSON number with no fractional part, within `min..=max`.
    Integer { min: i64, max: i64 },
    /// A finite JSON number with magnitude at most `max_abs`.
    Number { max_abs: f64 },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// `local@example.test`, the local part 1–64 characters and a dot-atom
    /// (RFC 5322) of `A–Z a–z 0–9 _ + -`: no dot first, last or twice in a row.
    ExampleTestAddress,
    /// `HH:MM` from `00:00` to `24:00`.
    ClockTime,
}

impl Format {
    /// The JSON Schema of a string of this format, `ty` its type's spelling:
    /// its `pattern` and length bounds together accept exactly what
    /// [`Format::accepts`] does (the length bounds stay out of the pattern,
    /// which needs no lookahead).
    ///
    /// The pattern ends in `$`, which in Python's `re` also matches before
    /// a final line feed. A clock time is exactly five characters
    /// (`minLength` and `maxLength` 5), so `"09:00\n"` is refused whatever
    /// `$` means; an address has no such bound, and [`Dialect::Exact`]
    /// adds [`CONTROL_CHARACTER`] for it (see [`Dialect`]).
    pub fn schema(self, ty: &str) -> Value {
        let mut s = json!({ "type": ty, "pattern": self.pattern() });
        match self {
            Format::ExampleTestAddress => s["maxLength"] = json!(64 + "@example.test".len()),
            Format::ClockTime => {
                s["minLength"] = json!(5);
                s["maxLength"] = json!(5);
            }
        }
        s
    }

    /// The JSON Schema `pattern` of this format.
    pub fn pattern(self) -> &'static str {
        match self {
            Format::ExampleTestAddress => r"^[A-Za-z0-9_+-]+(\.[A-Za-z0-9_+-]+)*@example\.test$",
            Format::ClockTime => r"^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$",
        }
    }

    /// What a learner is told the format is.
    /// What a value of this format looks like, in words.
    pub fn text(self) -> Text {
        match self {
            Format::ExampleTestAddress => Text::FormatExampleTestAddress,
            Format::ClockTime => Text::FormatClockTime,
        }
    }

    pub fn accepts(self, s: &str) -> bool {
        match self {
            Format::ExampleTestAddress => match s.split_once('@') {
                Some((local, "example.test")) => {
                    local.len() <= 64
                        && local.split('.').all(|atom| {
                            !atom.is_empty()
                                && atom
                                    .bytes()
                                    .all(|b| b.is_ascii_alphanumeric() || b"_+-".contains(&b))
                        })
                }
                _ => false,
            },
            Format::ClockTime => parse_clock(s).is_some(),
        }
    }
}

/// Minutes since midnight for `HH:MM` in `00:00..=24:00`.
pub fn parse_clock(s: &str) -> Option<u16> {
    let b = s.as_bytes();
    if b.len() != 5 || b[2] != b':' || ![b[0], b[1], b[3], b[4]].iter().all(u8::is_ascii_digit) {
        return None;
    }
    let hours = u16::from(b[0] - b'0') * 10 + u16::from(b[1] - b'0');
    let minutes = u16::from(b[3] - b'0') * 10 + u16::from(b[4] - b'0');
    match (hours, minutes) {
        (0..=23, 0..=59) | (24, 0) => Some(hours * 60 + minutes),
        _ => None,
    }
}

/// Why an argument object does not fit its tool's shape. Every message names
/// the field, and the bound where there is one.
#[derive(Debug, Clone, PartialEq)]
pub enum ArgError {
    Json(crate::json::JsonError),
    NotObject {
        got: &'static str,
    },
    Missing {
        field: String,
    },
    Unknown {
        field: String,
    },
    NotAllowed {
        field: String,
        /// The constants of the variant in force (e.g. `operation` is
        /// `"read"`), under which the field is not allowed.
        when: &'static [(&'static str, &'static str)],
    },
    WrongType {
        field: String,
        expected: &'static str,
        got: &'static str,
    },
    TooShort {
        field: String,
        min: usize,
        got: usize,
    },
    TooLong {
        field: String,
        max: usize,
        got: usize,
    },
    ControlCharacter {
        field: String,
    },
    BadFormat {
        field: String,
        expected: Format,
        got: String,
    },
    NotOneOf {
        field: String,
        allowed: Vec<&'static str>,
        got: String,
    },
    NotInteger {
        field: String,
        got: String,
    },
    OutOfRange {
        field: String,
        min: String,
        max: String,
        got: String,
    },
    Rule {
        field: String,
        rule: Rule,
    },
}

/// A rule across fields that a shape cannot say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rule {
    /// The arguments fit none of the shape's forms.
    DeclaredForm,
    /// `end` must come after `start`.
    AfterStart { start: String, end: String },
}

impl Rule {
    pub fn text(&self) -> Text {
        match self {
            Rule::DeclaredForm => Text::RuleDeclaredForm,
            Rule::AfterStart { start, end } => Text::RuleAfterStart {
                start: start.into(),
                end: end.into(),
            },
        }
    }
}

impl From<crate::json::JsonError> for ArgError {
    fn from(e: crate::json::JsonError) -> Self {
        ArgError::Json(e)
    }
}

impl ArgError {
    pub fn text(&self) -> Text {
        match self {
            ArgError::Json(e) => e.text(),
            ArgError::NotObject { got } => Text::ArgNotObject { got: (*got).into() },
            ArgError::Missing { field } => Text::ArgMissing {
                field: field.into(),
            },
            ArgError::Unknown { field } => Text::ArgUnknown {
                field: quote(field).into(),
            },
            ArgError::NotAllowed { field, when } => Text::ArgNotAllowed {
                field: field.into(),
                when: condition(when).into(),
            },
            ArgError::WrongType {
                field,
                expected,
                got,
            } => Text::ArgWrongType {
                field: field.into(),
                expected: (*expected).into(),
                got: (*got).into(),
            },
            ArgError::TooShort { field, min, got } => Text::ArgTooShort {
                field: field.into(),
                min: (*min).into(),
                got: (*got).into(),
            },
            ArgError::TooLong { field, max, got } => Text::ArgTooLong {
                field: field.into(),
                max: (*max).into(),
                got: (*got).into(),
            },
            ArgError::ControlCharacter { field } => Text::ArgControlCharacter {
                field: field.into(),
            },
            ArgError::BadFormat {
                field,
                expected,
                got,
            } => Text::ArgBadFormat {
                field: field.into(),
                expected: expected.text().into(),
                got: quote(got).into(),
            },
            ArgError::NotOneOf {
                field,
                allowed,
                got,
            } => Text::ArgNotOneOf {
                field: field.into(),
                allowed: allowed.iter().map(|a| quote(a)).collect::<Vec<_>>().into(),
                got: quote(got).into(),
            },
            ArgError::NotInteger { field, got } => Text::ArgNotInteger {
                field: field.into(),
                got: got.into(),
            },
            ArgError::OutOfRange {
                field,
                min,
                max,
                got,
            } => Text::ArgOutOfRange {
                field: field.into(),
                min: min.into(),
                max: max.into(),
                got: got.into(),
            },
            ArgError::Rule { field, rule } => Text::ArgRule {
                field: field.into(),
                rule: rule.text().into(),
            },
        }
    }
}

crate::display_by_text!(ArgError);
impl std::error::Error for ArgError {}

/// Arguments that fit a tool's shape, in the order they were written.
#[derive(Debug, Clone, PartialEq)]
pub struct Args(pub Map<String, Value>);

impl Args {
    /// The string held by `field`, or `""` if the shape did not declare it.
    pub fn text(&self, field: &str) -> &str {
        self.0.get(field).and_then(Value::as_str).unwrap_or("")
    }

    pub fn number(&self, field: &str) -> Option<f64> {
        self.0.get(field).and_then(Value::as_f64)
    }

    pub fn has(&self, field: &str) -> bool {
        self.0.contains_key(field)
    }

    /// The canonical text of the payload: keys sorted, numbers as
    /// JavaScript prints them. Two payloads are the same exactly when
    /// their canonical texts are equal.
    pub fn canonical(&self) -> String {
        let mut entries: Vec<_> = self.0.iter().collect();
        crate::sort::sort_by_key(&mut entries, |e| e.0);
        let sorted: Map<String, Value> = entries
            .into_iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        crate::json::compact(&Value::Object(sorted))
    }
}

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

    /// The JSON Schema (draft 2020-12) of the argument object, generated
    /// from the same data [`Shape::validate`] checks against.
    ///
    /// It accepts what the shape accepts, with two exceptions, both listed
    /// by the agreement test (`tests/declarations.rs`):
    /// - cross-field rules (a tool's own [`check`](crate::tools::Tool::check),
    ///   e.g. calendar start before end) are not in it: it is more
    ///   permissive there, and the tool's description says the rule;
    /// - string lengths: JSON Schema counts code points, the gate counts
    ///   UTF-16 units. A string with no character outside the Basic
    ///   Multilingual Plane has as many of one as of the other, so
    ///   `maxLength` is exact for it; a string with one (an emoji counts as
    ///   two units) must also fit in half the bound. So the schema is never
    ///   more permissive than the gate on lengths, only stricter for long
    ///   strings that hold astral characters.
    ///
    /// The root is always `"type": "object"` (MCP requires it of an
    /// `inputSchema`). A shape of several variants lists the union of their
    /// fields at the root and picks the variant with an `if`/`then`/`else`
    /// chain on its constants, in declaration order, as the gate does; no
    /// `oneOf`/`anyOf`/`allOf` at the root, which some agent APIs refuse.
    ///
    /// Descriptions are in `locale`. Single-line rules are said the
    /// [`Dialect::Exact`] way.
    pub fn json_schema(&self, locale: Locale) -> Value {
        match self.variants {
            [] => json!({ "type": "object", "not": {} }),
            [one] => variant_schema(one, locale, Dialect::Exact),
            several => {
                let mut root = Map::new();
                root.insert("type".into(), json!("object"));
                let properties: Map<String, Value> = self
                    .properties()
                    .into_iter()
                    .map(|(name, sources)| {
                        let schemas = sources.iter().map(|s| s.json_schema(locale)).collect();
                        (name.to_string(), union_schema(schemas))
                    })
                    .collect();
                root.insert("properties".into(), Value::Object(properties));
                root.insert("required".into(), json!(self.always_required()));
                root.insert("additionalProperties".into(), json!(false));
                if let Value::Object(chain) = variant_chain(several, locale) {
                    root.extend(chain);
                }
                Value::Object(root)
            }
        }
    }

    /// The same arguments in the subset of JSON Schema that OpenAI's strict
    /// mode accepts ([`Dialect::Strict`]), if they can be said in it: one
    /// form whose every field is required. `None` for a shape of several
    /// variants (strict mode has no `if`/`then`/`else`, and no `anyOf` at the
    /// root) or with an optional field (strict mode requires every property;
    /// its stand-in for an optional one, a union with `null`, would accept a
    /// `null` the gate refuses).
    pub fn strict_json_schema(&self, locale: Locale) -> Option<Value> {
        match self.variants {
            [one] if one.fields.iter().all(|f| f.required) => {
                Some(variant_schema(one, locale, Dialect::Strict))
            }
            _ => None,
        }
    }

    /// Every property any variant declares, in first-declared order, with
    /// what each variant that declares it says (constants before fields, as
    /// in a variant's schema).
    pub fn properties(&self) -> Vec<(&'static str, Vec<Property>)> {
        let declared = self.variants.iter().flat_map(|v| {
            let consts = v.consts.iter().map(|(n, c)| (*n, Property::Const(c)));
            consts.chain(v.fields.iter().map(|f| (f.name, Property::Field(*f))))
        });
        let mut out: Vec<(&'static str, Vec<Property>)> = Vec::new();
        for (name, property) in declared {
            match out.iter_mut().find(|(n, _)| *n == name) {
                Some((_, list)) => list.push(property),
                None => out.push((name, vec![property])),
            }
        }
        out
    }

    /// The properties every variant requires (as a constant or a required
    /// field), in first-declared order.
    pub fn always_required(&self) -> Vec<&'static str> {
        self.properties()
            .into_iter()
            .map(|(name, _)| name)
            .filter(|name| {
                !self.variants.is_empty()
                    && self.variants.iter().all(|v| {
                        v.consts.iter().any(|(c, _)| c == name)
                            || v.fields.iter().any(|f| f.name == *name && f.required)
                    })
            })
            .collect()
    }
}

/// What one variant says about one property: a constant, or a field.
#[derive(Debug, Clone, Copy)]
pub enum Property {
    Const(&'static str),
    Field(Field),
}

impl Property {
    /// This property's JSON Schema within its variant.
    pub fn json_schema(&self, locale: Locale) -> Value {
        match self {
            Property::Const(value) => json!({ "type": "string", "const": value }),
            Property::Field(field) => field_schema(field, locale, Dialect::Exact),
        }
    }
}

/// A field's description as exported: a length-bounded text field's also
/// says that lengths count UTF-16 units.
/// `operation is "set" and key is "seats"`: a variant's constants, as the
/// condition under which it applies.
pub fn condition(consts: &[(&str, &str)]) -> Text {
    consts
        .iter()
        .map(|(c, v)| Text::DeclIs {
            field: (*c).into(),
            value: quote(v).into(),
        })
        .reduce(|left, right| Text::DeclAnd {
            left: left.into(),
            right: right.into(),
        })
        .unwrap_or(Text::DeclNone)
}

pub fn field_description(field: &Field, locale: Locale) -> String {
    match field.kind {
        // Written first: a nested message would be in the reference locale.
        Kind::Text { .. } => Text::DeclUtf16 {
            description: (field.description)().render(locale).into(),
        }
        .render(locale),
        _ => (field.description)().render(locale),
    }
}

/// Matches a string with no character outside the Basic Multilingual Plane.
const BMP_ONLY: &str = "^[\\u0000-\\uffff]*$";

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
            let got = utf16_len(s);
            if got < min {
                return Err(ArgError::TooShort {
                    field: name(),
                    min,
                    got,
                });
            }
            if got > max {
                return Err(ArgError::TooLong {
                    field: name(),
                    max,
                    got,
                });
            }
            if single_line && s.chars().any(is_control_or_break) {
                return Err(ArgError::ControlCharacter { field: name() });
            }
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
    }
    Ok(())
}

/// Control characters and the Unicode line and paragraph separators.
fn is_control_or_break(c: char) -> bool {
    c.is_control() || c == '\u{2028}' || c == '\u{2029}'
}

/// How a JSON Schema says the rules that Python's `re` and ECMA-262 read
/// differently: `$` ends the text in ECMA-262 (without the `m` flag), but in
/// Python it also matches before a final line feed, so `^[^\n]*$` accepts
/// `"title\n"` in a Python validator and refuses it in JavaScript.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// Every rule in a form both engines read alike: a single-line text is
    /// `not` any text holding a control character (an unanchored pattern,
    /// [`CONTROL_CHARACTER`]), and so is an address, besides its pattern.
    /// MCP's `inputSchema`, Gemini's `parametersJsonSchema`, and OpenAI's
    /// schemas that cannot be strict.
    Exact,
    /// OpenAI's strict mode, which has no `not`: a single-line text is the
    /// anchored [`SINGLE_LINE`] pattern. Exact under ECMA-262 (what OpenAI
    /// and JavaScript validators run); a Python validator also accepts one
    /// trailing line feed in a single-line text or an address (the
    /// docs/registry-and-exports.md lists where).
    Strict,
}

fn variant_schema(variant: &Variant, locale: Locale, dialect: Dialect) -> Value {
    let mut properties = Map::new();
    let mut required: Vec<Value> = Vec::new();
    for (name, value) in variant.consts {
        properties.insert((*name).into(), Property::Const(value).json_schema(locale));
        required.push(json!(name));
    }
    for field in variant.fields {
        properties.insert(field.name.into(), field_schema(field, locale, dialect));
        if field.required {
            required.push(json!(field.name));
        }
    }
    json!({
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": false,
    })
}

/// `if` the variant's constants hold `then` its schema, `else` the next
/// variant's; the last variant is its schema alone. Field descriptions are
/// left to the root's `properties`.
fn variant_chain(variants: &[Variant], locale: Locale) -> Value {
    let bare = |variant: &Variant| {
        let mut schema = variant_schema(variant, locale, Dialect::Exact);
        if let Some(Value::Object(properties)) = schema.get_mut("properties") {
            for property in properties.values_mut() {
                if let Value::Object(p) = property {
                    p.remove("description");
                }
            }
        }
        schema
    };
    match variants {
        [] => json!({ "not": {} }),
        [last] => bare(last),
        [first, rest @ ..] => {
            let consts: Map<String, Value> = first
                .consts
                .iter()
                .map(|(name, value)| ((*name).to_string(), json!({ "const": value })))
                .collect();
            let names: Vec<&str> = first.consts.iter().map(|(name, _)| *name).collect();
            json!({
                "if": { "properties": consts, "required": names },
                "then": bare(first),
                "else": variant_chain(rest, locale),
            })
        }
    }
}

/// One schema accepting what any of `schemas` does: string constants and
/// enums merge into one `enum`, anything else becomes an `anyOf`.
fn union_schema(schemas: Vec<Value>) -> Value {
    let mut distinct: Vec<Value> = Vec::new();
    for s in schemas {
        if !distinct.contains(&s) {
            distinct.push(s);
        }
    }
    if distinct.len() == 1 {
        return distinct.swap_remove(0);
    }
    let mut values: Vec<Value> = Vec::new();
    let mut description = None;
    for s in &distinct {
        let listed = match (s.get("const"), s.get("enum")) {
            (Some(c), None) => vec![c.clone()],
            (None, Some(Value::Array(e))) => e.clone(),
            _ => return json!({ "anyOf": distinct }),
        };
        if s.get("type") != Some(&json!("string")) {
            return json!({ "anyOf": distinct });
        }
        description = description.or_else(|| s.get("description").cloned());
        for v in listed {
            if !values.contains(&v) {
                values.push(v);
            }
        }
    }
    let mut merged = json!({ "type": "string", "enum": values });
    if let Some(d) = description {
        merged["description"] = d;
    }
    merged
}

fn field_schema(field: &Field, locale: Locale, dialect: Dialect) -> Value {
    let mut schema = kind_schema(field.kind, dialect);
    schema["description"] = json!(field_description(field, locale));
    schema
}

fn kind_schema(kind: Kind, dialect: Dialect) -> Value {
    match kind {
        Kind::Text {
            min,
            max,
            single_line,
        } => {
            let mut s = json!({ "type": "string", "minLength": min, "maxLength": max });
            match (single_line, dialect) {
                (false, _) => {}
                (true, Dialect::Exact) => s["not"] = json!({ "pattern": CONTROL_CHARACTER }),
                (true, Dialect::Strict) => s["pattern"] = json!(SINGLE_LINE),
            }
            // Code points are UTF-16 units unless an astral character is
            // present; then half the bound keeps the units within it. Each
            // branch is typed (OpenAI's strict mode requires it).
            s["anyOf"] = json!([
                { "type": "string", "pattern": BMP_ONLY },
                { "type": "string", "maxLength": max / 2 },
            ]);
            s
        }
        Kind::Formatted(format) => {
            let mut s = format.schema("string");
            if format == Format::ExampleTestAddress && dialect == Dialect::Exact {
                s["not"] = json!({ "pattern": CONTROL_CHARACTER });
            }
            s
        }
        Kind::OneOf(values) => json!({ "type": "string", "enum": values }),
        Kind::Integer { min, max } => json!({ "type": "integer", "minimum": min, "maximum": max }),
        Kind::Number { max_abs } => {
            json!({ "type": "number", "minimum": -max_abs, "maximum": max_abs })
        }
    }
}

/// The JSON Schema `pattern` of a `single_line` text in
/// [`Dialect::Strict`] and in Gemini's OpenAPI subset (neither has `not`):
/// no control character (Unicode category Cc, as [`char::is_control`]) and
/// no line or paragraph separator.
pub const SINGLE_LINE: &str = "^[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029]*$";

/// Found anywhere in a text that is not a single line: one control
/// character or line or paragraph separator. Unanchored, so Python's `re`
/// and ECMA-262 find it alike; [`Dialect::Exact`] says a single-line text
/// is `not` this.
pub const CONTROL_CHARACTER: &str = "[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029]";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_times_on_both_sides_of_each_bound() {
        assert_eq!(parse_clock("00:00"), Some(0));
        assert_eq!(parse_clock("23:59"), Some(1439));
        assert_eq!(parse_clock("24:00"), Some(1440));
        for bad in [
            "24:01", "23:60", "9:00", "09:5", "09-00", "0900", "+9:00", "09:00Z", "",
        ] {
            assert_eq!(parse_clock(bad), None, "{bad}");
        }
    }

    #[test]
    fn example_test_addresses_only() {
        let f = Format::ExampleTestAddress;
        assert!(f.accepts("learner@example.test"));
        assert!(f.accepts(&format!("{}@example.test", "a".repeat(64))));
        assert!(f.accepts(&format!(
            "{}.{}@example.test",
            "a".repeat(31),
            "b".repeat(32)
        )));
        assert!(f.accepts("first.last@example.test"));
        for bad in [
            "learner@outside.test",
            "learner@EXAMPLE.test",
            "learner@example.test.",
            "learner@sub.example.test",
            "@example.test",
            "a@b@example.test",
            "learner @example.test",
            &format!("{}@example.test", "a".repeat(65)),
            ".leadingdot@example.test",
            "twodots..here@example.test",
            "trailingdot.@example.test",
            ".@example.test",
        ] {
            assert!(!f.accepts(bad), "{bad}");
        }
    }
}
