//! Iteration functions: `each`, `map`, `filter`, `reduce`, `with`, ...

use super::iterate::values;
use super::Builtin;
use crate::error::Error;
use crate::eval::{Closure, EvalResult, Evaluator, Flow};
use crate::values::{Map, Value};

fn block<'a>(name: &str, block: Option<&'a Closure>) -> Result<&'a Closure, Error> {
    block.ok_or_else(|| Error::eval(format!("'{name}' expects a block")))
}

fn not_iterable(name: &str, v: &Value) -> Error {
    Error::eval(format!(
        "'{name}' parameter 'enumerable' expects an Iterable value, got {}",
        crate::types::infer_generalized(v)
    ))
}

/// Calls the lambda for each element; hashes give key and value to two-parameter lambdas,
/// other iterables give index and value. `f` gets the lambda's result; `break()` stops.
fn for_each(
    ev: &mut Evaluator,
    name: &str,
    subject: &Value,
    lambda: &Closure,
    mut f: impl FnMut(&mut Evaluator, Value, Value) -> EvalResult<()>,
) -> EvalResult<()> {
    let Some(items) = values(subject)? else {
        return Err(not_iterable(name, subject).into());
    };
    let two = lambda.param_count() >= 2;
    let is_hash = matches!(subject, Value::Hash(_));
    for (i, item) in items.enumerate() {
        let args = match (two, is_hash, &item) {
            (true, true, Value::Array(pair)) => vec![pair[0].clone(), pair[1].clone()],
            (true, false, _) => vec![Value::Integer(i as i64), item.clone()],
            _ => vec![item.clone()],
        };
        match ev.call_closure(lambda, &args) {
            Ok(r) => f(ev, item, r)?,
            Err(Flow::Break) => break,
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

fn each(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    let lambda = block("each", b)?;
    for_each(ev, "each", &args[0], lambda, |_, _, _| Ok(()))?;
    Ok(args[0].clone())
}

fn map(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    let lambda = block("map", b)?;
    let mut out = Vec::new();
    for_each(ev, "map", &args[0], lambda, |_, _, r| {
        out.push(r);
        Ok(())
    })?;
    Ok(Value::array(out))
}

fn filter(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    let lambda = block("filter", b)?;
    if let Value::Hash(_) = &args[0] {
        let mut out = Map::new();
        for_each(ev, "filter", &args[0], lambda, |_, item, r| {
            if r.is_truthy() {
                if let Value::Array(pair) = item {
                    out.insert(pair[0].clone(), pair[1].clone());
                }
            }
            Ok(())
        })?;
        return Ok(Value::hash(out));
    }
    let mut out = Vec::new();
    for_each(ev, "filter", &args[0], lambda, |_, item, r| {
        if r.is_truthy() {
            out.push(item);
        }
        Ok(())
    })?;
    Ok(Value::array(out))
}

fn reduce(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    let lambda = block("reduce", b)?;
    let Some(mut items) = values(&args[0])? else {
        return Err(not_iterable("reduce", &args[0]).into());
    };
    let mut memo = match args.get(1) {
        Some(start) => start.clone(),
        None => match items.next() {
            Some(first) => first,
            None => return Ok(Value::Undef),
        },
    };
    for item in items {
        match ev.call_closure(lambda, &[memo.clone(), item]) {
            Ok(r) => memo = r,
            Err(Flow::Break) => break,
            Err(e) => return Err(e),
        }
    }
    Ok(memo)
}

fn with(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    let lambda = block("with", b)?;
    ev.call_closure(lambda, args)
}

pub fn builtins() -> Vec<Builtin> {
    vec![
        Builtin {
            name: "each",
            call: each,
            doc: "each(Iterable $enumerable) |$value| or |$index_or_key, $value|\nCalls the lambda for each element; returns the iterable.\n\n    [1,2].each |$x| { notice $x }",
        },
        Builtin {
            name: "map",
            call: map,
            doc: "map(Iterable $enumerable) |$value| or |$index_or_key, $value|\nAn array of the lambda's results.\n\n    [1,2,3].map |$x| { $x * 10 }   # [10, 20, 30]",
        },
        Builtin {
            name: "filter",
            call: filter,
            doc: "filter(Iterable $enumerable) |$value| or |$key, $value|\nThe elements for which the lambda is truthy (a hash for a hash).\n\n    [1,2,3].filter |$x| { $x > 1 }   # [2, 3]",
        },
        Builtin {
            name: "reduce",
            call: reduce,
            doc: "reduce(Iterable $enumerable, Any $start?) |$memo, $value|\nCombines the elements with the lambda.\n\n    [1,2,3].reduce |$m, $x| { $m + $x }   # 6",
        },
        Builtin {
            name: "with",
            call: with,
            doc: "with(Any *$args) |*$args|\nCalls the lambda with the arguments.\n\n    with(1, 2) |$a, $b| { $a + $b }   # 3",
        },
    ]
}
