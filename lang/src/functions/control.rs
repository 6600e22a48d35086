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
    if dispatch(ev, args, b)? == 1 {
        return resolve_deferred(ev, &args[0], 0);
    }
    let name = args[0].as_str().unwrap_or_default();
    call_named_function(ev, name, args[1..].to_vec(), b)
}

/// The value of a `Deferred` as `call` resolves it: its arguments resolved first (a nested
/// Deferred in them too), then its function called with them; a name starting with `$`
/// stands for that variable, navigated with `dig` by the arguments.
fn resolve_deferred(ev: &mut Evaluator, v: &Value, depth: usize) -> EvalResult {
    if depth > crate::limits::MAX_VALUE_DEPTH {
        return Err(Error::eval("call(): the Deferred values nest too deeply").into());
    }
    match v {
        Value::Object(o) if o.typ.label() == "Deferred" => {
            let name = o.values.first().and_then(Value::as_str).unwrap_or_default();
            let mut args = Vec::new();
            if let Some(Value::Array(a)) = o.values.get(1) {
                for x in a.iter() {
                    args.push(resolve_deferred(ev, x, depth + 1)?);
                }
            }
            match name.strip_prefix('$') {
                Some(var) => {
                    args.insert(0, ev.lookup_variable(var).unwrap_or(Value::Undef));
                    call_named_function(ev, "dig", args, None)
                }
                None => call_named_function(ev, name, args, None),
            }
        }
        Value::Array(a) => {
            let mut out = Vec::with_capacity(a.len());
            for x in a.iter() {
                out.push(resolve_deferred(ev, x, depth + 1)?);
            }
            Ok(Value::array(out))
        }
        Value::Hash(h) => {
            let mut out = crate::values::Map::default();
            for (k, x) in h.iter() {
                out.insert(
                    resolve_deferred(ev, k, depth + 1)?,
                    resolve_deferred(ev, x, depth + 1)?,
                );
            }
            Ok(Value::hash(out))
        }
        other => Ok(other.clone()),
    }
}

/// Calls the function `name` (a Puppet function, a module's, or a built-in).
fn call_named_function(
    ev: &mut Evaluator,
    name: &str,
    rest: Vec<Value>,
    b: Option<&Closure>,
) -> EvalResult {
    if !ev.functions.contains_key(name) && crate::names::is_qualified(name) {
        // A function of a module, loaded on first use as by a direct call.
        ev.autoload(crate::env::modules::Kind::Function, name)?;
    }
    // (a global function of the environment, before a module's of that name)
    ev.load_environment_function(name)?;
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
        builtin("call", &["String $function_name, Any *$arguments, Callable &$block?", "Deferred $deferred"], call, "call(String $function_name, Any *$arguments) |...|?\nCalls the function with the given name.\n\n    call('max', 1, 5, 3)   # 5"),
    ]
}
