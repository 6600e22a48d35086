//! `break`, `next` and `return`: non-local exits from lambdas and functions.

use super::Builtin;
use crate::error::Error;
use crate::eval::{Closure, EvalResult, Evaluator, Flow};
use crate::values::Value;

fn break_(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> EvalResult {
    if !args.is_empty() {
        return Err(
            Error::eval(format!("'break' expects no arguments, got {}", args.len())).into(),
        );
    }
    Err(Flow::Break)
}

fn next(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> EvalResult {
    Err(Flow::Next(args.first().cloned().unwrap_or(Value::Undef)))
}

fn return_(_: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> EvalResult {
    Err(Flow::Return(args.first().cloned().unwrap_or(Value::Undef)))
}

pub fn builtins() -> Vec<Builtin> {
    vec![
        Builtin {
            name: "break",
            call: break_,
            doc: "break()\nStops the iteration of the enclosing iterating function (each, map, ...).\n\n    [1,2,3].each |$x| { if $x == 2 { break() } notice $x }",
        },
        Builtin {
            name: "next",
            call: next,
            doc: "next(Any $value = undef)\nEnds this call of the lambda, producing $value.\n\n    [1,2,3].map |$x| { if $x == 2 { next(20) } $x }   # [1, 20, 3]",
        },
        Builtin {
            name: "return",
            call: return_,
            doc: "return(Any $value = undef)\nReturns $value from the enclosing function.\n\n    function f($x) { if $x { return(1) } 2 }",
        },
    ]
}
