//! Calculator: one named arithmetic operation on two bounded numbers.
//! Never eval. Results print as JavaScript prints numbers.

use super::{read_only, Claims, Declaration, Examples, ExecError, Failure, Planned, Tool};
use crate::fixtures::Localized;
use crate::json::js_number;
use crate::json::object;
use crate::policy::Risk;
use crate::schema::{Args, Field, Kind, Shape, Variant};
use crate::store::Stores;
use crate::text::{Locale, Text};

/// Why the calculator refuses a call at execution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CalculatorError {
    DivideByZero,
    /// The result is not finite or beyond the bound, printed as
    /// JavaScript prints numbers.
    ResultOutOfRange {
        min: String,
        max: String,
        got: String,
    },
}

impl Failure for CalculatorError {
    fn text(&self) -> Text {
        match self {
            CalculatorError::DivideByZero => Text::ExecDivideByZero,
            CalculatorError::ResultOutOfRange { min, max, got } => Text::ExecResultOutOfRange {
                min: min.into(),
                max: max.into(),
                got: got.into(),
            },
        }
    }
}

#[derive(Debug)]
pub struct Calculator;

/// Operands and results have at most this magnitude.
pub const MAX_MAGNITUDE: f64 = 1e12;

const OPERAND: Kind = Kind::Number {
    max_abs: MAX_MAGNITUDE,
};

static DECLARATION: Declaration = Declaration {
    name: "calculator",
    label: || Text::ToolCalculatorLabel,
    description: || Text::ToolCalculatorDescription,
    risks: &[Risk::Read],
    shape: Shape {
        variants: &[Variant {
            consts: &[],
            fields: &[
                Field {
                    name: "operator",
                    required: true,
                    kind: Kind::OneOf(&["add", "subtract", "multiply", "divide"]),
                    description: || Text::ToolCalculatorArgOperator,
                },
                Field {
                    name: "left",
                    required: true,
                    kind: OPERAND,
                    description: || Text::ToolCalculatorArgLeft,
                },
                Field {
                    name: "right",
                    required: true,
                    kind: OPERAND,
                    description: || Text::ToolCalculatorArgRight,
                },
            ],
        }],
    },
    // No prose: the same in every language.
    examples: Localized(
        [const {
            Examples {
                valid: r#"{
  "operator": "add",
  "left": 0.1,
  "right": 0.2
}"#,
                malformed: r#"{
  "operator": "add",
  "left": 0.1,
  "right": 0.2 + 1
}"#,
                boundary: r#"{
  "operator": "multiply",
  "left": 1e13,
  "right": 2
}"#,
            }
        }; 2],
    ),
    redacts: &[],
    claims: Claims::NONE,
};

impl Tool for Calculator {
    fn declaration(&self) -> &Declaration {
        &DECLARATION
    }

    fn plan(&self, args: &Args, _: &Stores, _: Locale) -> Result<Planned, ExecError> {
        let operator = args.text("operator");
        let left = args.number("left").unwrap_or(f64::NAN);
        let right = args.number("right").unwrap_or(f64::NAN);
        let result = match operator {
            "add" => left + right,
            "subtract" => left - right,
            "multiply" => left * right,
            _ if right == 0.0 => return Err(CalculatorError::DivideByZero.into()),
            _ => left / right,
        };
        if !result.is_finite() || result.abs() > MAX_MAGNITUDE {
            return Err(CalculatorError::ResultOutOfRange {
                min: js_number(-MAX_MAGNITUDE),
                max: js_number(MAX_MAGNITUDE),
                got: js_number(result),
            }
            .into());
        }
        // -0 prints as 0 in JavaScript; store it as 0 so JSON agrees.
        let result = if result == 0.0 { 0.0 } else { result };
        Ok(read_only(object(vec![
            ("operator", operator.into()),
            ("left", left.into()),
            ("right", right.into()),
            ("result", result.into()),
        ])))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::compact;
    use crate::tools::test_support::{error, fixtures, plan};
    use serde_json::json;

    fn calc(op: &str, l: f64, r: f64) -> Result<String, String> {
        let text = json!({ "operator": op, "left": l, "right": r }).to_string();
        plan(&Calculator, &text, &fixtures())
            .map(|p| compact(&p.output["result"]))
            .map_err(|e| e.to_string())
    }

    #[test]
    fn prints_as_javascript() {
        assert_eq!(calc("add", 0.1, 0.2), Ok("0.30000000000000004".into()));
        assert_eq!(calc("divide", 6.0, 3.0), Ok("2".into()));
        assert_eq!(calc("subtract", 1.0, 1.0), Ok("0".into()));
        assert_eq!(calc("divide", 1.0, 3.0), Ok("0.3333333333333333".into()));
        assert_eq!(calc("multiply", -0.0, 5.0), Ok("0".into()));
    }

    #[test]
    fn operand_and_result_bounds_on_both_sides() {
        assert!(calc("add", 1e12, 0.0).is_ok());
        assert!(calc("add", -1e12, 0.0).is_ok());
        assert_eq!(
            error(
                &Calculator,
                r#"{"operator":"add","left":1000000000001,"right":0}"#
            ),
            "left must be from -1000000000000 to 1000000000000 (got 1000000000001)"
        );
        assert_eq!(
            calc("add", 1e12, 1.0),
            Err("result must be a finite number from -1000000000000 to 1000000000000 (got 1000000000001)".into())
        );
        assert_eq!(calc("multiply", 1e6, 1e6), Ok("1000000000000".into()));
        assert_eq!(
            calc("divide", 1.0, 0.0),
            Err("Division by zero is not allowed".into())
        );
        assert_eq!(
            calc("divide", 0.0, -0.0),
            Err("Division by zero is not allowed".into())
        );
        assert_eq!(
            calc("divide", 1e12, 1e-12).unwrap_err(),
            "result must be a finite number from -1000000000000 to 1000000000000 (got 1e+24)"
        );
    }

    #[test]
    fn operators_are_named_never_evaluated() {
        assert_eq!(
            error(&Calculator, r#"{"operator":"+","left":1,"right":2}"#),
            "operator must be one of \"add\", \"subtract\", \"multiply\", \"divide\" (got \"+\")"
        );
        assert_eq!(
            error(&Calculator, r#"{"operator":"add","left":"1+1","right":2}"#),
            "left must be a number (got string)"
        );
        // 1e400 overflows a double: JSON.parse would give Infinity, which is not finite.
        assert!(
            error(&Calculator, r#"{"operator":"add","left":1e400,"right":2}"#)
                .starts_with("Malformed JSON")
        );
    }
}
