//! `break`, `next` and `return` (non-local exits from lambdas and functions), and `call`.

use super::signature::dispatch;
use super::{builtin, call_builtin, Builtin};
use crate::error::Error;
use crate::eval::{Closure, EvalResult, Evaluator, Flow};
use crate::values::Value;

fn break_(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    Err(Flow::Break)
}

fn next(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    Err(Flow::Next(args.first().cloned().unwrap_or(Value::Undef)))
}

fn return_(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    Err(Flow::Return(args.first().cloned().unwrap_or(Value::Undef)))
}

/// `call(name, args...)`: calls a user-defined or built-in function by name.
fn call(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    let name = args[0].as_str().unwrap_or_default();
    let rest = args[1..].to_vec();
    if !ev.functions.contains_key(name) && crate::names::is_qualified(name) {
        // A function of a module, loaded on first use as by a direct call.
        ev.autoload(crate::env::modules::Kind::Function, name)?;
    }
    if let Some(f) = ev.functions.get(name).cloned() {
        return ev.call_function(&f, rest, b);
    }
    match ev.callable_builtin(name) {
        Some(target) => call_builtin(ev, target, &rest, b),
        None => Err(Error::eval(format!("Unknown function '{name}'"))
            .with_hint(ev.function_hint(name))
            .into()),
    }
}

pub fn builtins() -> Vec<Builtin> {
    vec![
        builtin("break", &[""], break_, "break()\nStops the iteration of the enclosing iterating function (each, map, ...).\n\n    [1, 2, 3].each |$x| { if $x == 2 { break() } notice $x }"),
        builtin("next", &["Any $value?"], next, "next(Any $value?)\nEnds this call of the lambda, which produces $value.\n\n    [1, 2, 3].map |$x| { if $x == 2 { next(20) } $x }   # [1, 20, 3]"),
        builtin("return", &["Any $value?"], return_, "return(Any $value?)\nReturns $value from the enclosing function.\n\n    function f($x) { if $x { return(1) } 2 }"),
        builtin("call", &["String $function_name, Any *$arguments, Callable &$block?"], call, "call(String $function_name, Any *$arguments) |...|?\nCalls the function with the given name.\n\n    call('max', 1, 5, 3)   # 5"),
    ]
}
