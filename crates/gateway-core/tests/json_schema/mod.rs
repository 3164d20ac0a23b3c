//! A JSON Schema (draft 2020-12) validator for the tests, the oracle of
//! the exports and of `experiments/schema.json`: the `boon` crate, which
//! passes the JSON Schema test suite and reads serde_json values without
//! switching on any of serde_json's features, so the tests build
//! serde_json as the page ships it (`scripts/check-features`).
//!
//! Shared by `#[path]` with experiment-check's tests.

#![allow(dead_code)]

use serde_json::Value;

/// A compiled schema.
pub struct Validator {
    schemas: boon::Schemas,
    index: boon::SchemaIndex,
}

impl Validator {
    /// `schema` compiled under draft 2020-12 (or the draft its `$schema`
    /// names); an error when it is not valid against its meta-schema.
    pub fn new(schema: &Value) -> Result<Self, String> {
        const LOCATION: &str = "http://schema.test/schema.json";
        let mut compiler = boon::Compiler::new();
        compiler.set_default_draft(boon::Draft::V2020_12);
        compiler
            .add_resource(LOCATION, schema.clone())
            .map_err(|e| format!("{e:#}"))?;
        let mut schemas = boon::Schemas::new();
        let index = compiler
            .compile(LOCATION, &mut schemas)
            .map_err(|e| format!("{e:#}"))?;
        Ok(Validator { schemas, index })
    }

    pub fn is_valid(&self, instance: &Value) -> bool {
        self.schemas.validate(instance, self.index).is_ok()
    }

    /// Why `instance` is not valid, each leaf error with where it stands;
    /// empty when it is.
    pub fn errors(&self, instance: &Value) -> Vec<String> {
        match self.schemas.validate(instance, self.index) {
            Ok(()) => Vec::new(),
            Err(e) => {
                let mut out = Vec::new();
                leaves(&e, &mut out);
                out
            }
        }
    }
}

fn leaves(e: &boon::ValidationError<'_, '_>, out: &mut Vec<String>) {
    if e.causes.is_empty() {
        out.push(format!("{}: {}", e.instance_location, e.kind));
    }
    for cause in &e.causes {
        leaves(cause, out);
    }
}
