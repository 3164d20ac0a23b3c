//! The JSON Schema export of a [`Shape`], generated from the same data the
//! gate checks against, in the two dialects agents read.

use serde_json::{json, Map, Value};

use super::{Field, Format, Item, Kind, Shape, Variant};
use crate::json::quote;
use crate::text::{Locale, Text};

impl Shape {
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
        Kind::Text { .. } | Kind::List { .. } => Text::DeclUtf16 {
            description: (field.description)().render(locale).into(),
        }
        .render(locale),
        _ => (field.description)().render(locale),
    }
}

/// Matches a string with no character outside the Basic Multilingual Plane.
const BMP_ONLY: &str = "^[\\u0000-\\uffff]*$";

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
        Kind::List { min, max, item } => json!({
            "type": "array",
            "minItems": min,
            "maxItems": max,
            "items": item_schema(item, dialect),
        }),
    }
}

/// One item of a list: a cell is a single-line text or a number, as an
/// `anyOf` of two typed branches (OpenAI's strict mode takes it so).
fn item_schema(item: Item, dialect: Dialect) -> Value {
    match item {
        Item::Cell { max } => json!({
            "anyOf": [
                kind_schema(
                    Kind::Text {
                        min: 0,
                        max,
                        single_line: true,
                    },
                    dialect,
                ),
                { "type": "number" },
            ]
        }),
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
