//! "Request being reviewed": the call as the gateway sees it, as literal
//! text. Fed by the model's request text.

use wasm_bindgen::JsValue;
use web_sys::{Document, Element};

use super::disclosure;
use crate::dom::{named_literal, set_text};

#[derive(Debug, Clone)]
pub struct Request {
    pub text: Element,
}

impl Request {
    pub fn build(doc: &Document, main: &Element, heading: &str) -> Result<Self, JsValue> {
        let panel = disclosure(doc, main, "h-request", heading);
        let text = named_literal(doc, &panel, "request", "h-request");
        Ok(Self { text })
    }

    pub fn render(&self, request: &str) {
        set_text(&self.text, request);
    }
}
