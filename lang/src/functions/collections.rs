//! Collection functions: `keys`, `values`, `flatten`, `sort`, `unique`, and the
//! never-panicking merge sort they share with `min`/`max`.

use super::iterate::{values_of, CHECK_EVERY};
use super::signature::dispatch;
use super::{builtin, Builtin};
use crate::error::Error;
use crate::eval::lambda_frame::LambdaFrame;
use crate::eval::{Closure, EvalResult, Evaluator, Flow};
use crate::values::{Map, Value};
use std::cmp::Ordering;
use std::rc::Rc;

/// An insertion-ordered map by values, with fast (Fx) hashing.
type FxIndexMap<K, V> = indexmap::IndexMap<K, V, rustc_hash::FxBuildHasher>;

/// Ruby's comparison error: the right-hand value is shown by `inspect` when it is an
/// immediate (nil, true, false, a symbol, a small integer, a float), by its class name
/// otherwise.
fn comparison_error(a: &Value, b: &Value) -> Error {
    use crate::format::ruby::class_name;
    let right = match b {
        Value::Undef => "nil".to_string(),
        Value::Boolean(x) => x.to_string(),
        Value::Default => ":default".to_string(),
        Value::Integer(_) | Value::Float(_) => crate::format::to_display(b),
        other => class_name(other),
    };
    Error::eval(format!(
        "comparison of {} with {right} failed",
        class_name(a)
    ))
}

/// The order `sort` uses without a lambda: numbers numerically, strings by bytes (case
/// sensitive), arrays element by element; anything else is an error.
pub fn natural_order(a: &Value, b: &Value) -> Result<Ordering, Error> {
    natural_order_at(a, b, 0).map_err(|e| match e {
        // (Ruby's `Array#<=>` is nil when two of its elements are: the comparison that
        // fails is the arrays', `comparison of Array with Array failed`)
        Unordered::Incomparable => comparison_error(a, b),
        Unordered::Failed(e) => e,
    })
}

/// Why two values have no natural order: Ruby's `<=>` gives nil for them, or the
/// comparison failed otherwise (an interruption).
enum Unordered {
    Incomparable,
    Failed(Error),
}

impl From<Error> for Unordered {
    fn from(e: Error) -> Unordered {
        Unordered::Failed(e)
    }
}

fn natural_order_at(a: &Value, b: &Value, depth: usize) -> Result<Ordering, Unordered> {
    let num = |v: &Value| match v {
        Value::Integer(i) => Some(*i as f64),
        Value::Float(f) => Some(*f),
        _ => None,
    };
    match (a, b) {
        (Value::Integer(x), Value::Integer(y)) => Ok(x.cmp(y)),
        (Value::String(x), Value::String(y)) => Ok(x.cmp(y)),
        (Value::SemVer(x), Value::SemVer(y)) => Ok(x.cmp(y)),
        (Value::Timespan(_) | Value::Timestamp(_), _)
        | (_, Value::Timespan(_) | Value::Timestamp(_)) => {
            super::shims::compare_time(a, b).ok_or(Unordered::Incomparable)
        }
        (Value::Array(x), Value::Array(y)) if Rc::ptr_eq(x, y) => Ok(Ordering::Equal),
        (Value::Array(x), Value::Array(y)) if depth < 512 => {
            // arrays sharing parts can be exponentially large: stop on interrupt
            crate::limits::check_interrupt()?;
            for (p, q) in x.iter().zip(y.iter()) {
                let o = natural_order_at(p, q, depth + 1)?;
                if o != Ordering::Equal {
                    return Ok(o);
                }
            }
            Ok(x.len().cmp(&y.len()))
        }
        _ => match (num(a), num(b)) {
            (Some(x), Some(y)) => Ok(x.partial_cmp(&y).unwrap_or(Ordering::Equal)),
            // Ruby's `Object#<=>`: equal values compare as 0 (`sort([true, true])`).
            _ if a == b => Ok(Ordering::Equal),
            _ => Err(Unordered::Incomparable),
        },
    }
}

/// A stable merge sort with a fallible comparator; any comparator (even an inconsistent
/// user lambda) gives some order, never a panic. It compares in the order of the C
/// library's `qsort_r` that the reference's Ruby sorts with (`prepl_core::msort`), so that
/// a lambda's errors and an inconsistent lambda's order are the reference's.
pub fn merge_sort<F>(mut items: Vec<Value>, cmp: F) -> Result<Vec<Value>, Error>
where
    F: FnMut(&Value, &Value) -> Result<Ordering, Error>,
{
    crate::msort::merge_sort_by(&mut items, cmp)?;
    Ok(items)
}

fn keys(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    let h = args[0].as_hash().map(Rc::clone).unwrap_or_default();
    Ok(Value::array(h.keys().cloned().collect()))
}

fn values(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    let h = args[0].as_hash().map(Rc::clone).unwrap_or_default();
    Ok(Value::array(h.values().cloned().collect()))
}

/// All non-array values of nested arrays, in order (without recursion).
pub fn flatten_into(out: &mut Vec<Value>, items: &[Value]) {
    let mut stack: Vec<(&[Value], usize)> = vec![(items, 0)];
    while let Some((arr, i)) = stack.pop() {
        let Some(v) = arr.get(i) else { continue };
        stack.push((arr, i + 1));
        match v {
            Value::Array(inner) => stack.push((&inner[..], 0)),
            other => out.push(other.clone()),
        }
    }
}

fn flatten(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    // the result is as large as the value expanded (shared parts counted each time)
    for a in args {
        crate::expansion::check_expansion(a, std::mem::size_of::<Value>())?;
    }
    let mut out = Vec::new();
    flatten_into(&mut out, args);
    Ok(Value::array(out))
}

fn lambda_order(
    ev: &mut Evaluator,
    l: &LambdaFrame,
    a: &Value,
    b: &Value,
) -> Result<Ordering, Flow> {
    let result = ev.call_lambda_owned(l, &mut [a.clone(), b.clone()])?;
    match &result {
        Value::Integer(i) => Ok(i.cmp(&0)),
        Value::Float(f) => Ok(f.partial_cmp(&0.0).unwrap_or(Ordering::Equal)),
        // Ruby's sort takes nil from its block as "not comparable" (the two elements named);
        // anything else it compares with 0 by calling its `>`.
        Value::Undef => Err(comparison_error(a, b).into()),
        Value::String(_) => Err(Error::eval("comparison of String with 0 failed").into()),
        // (a Hash's `>` is its superset test, which wants a Hash; a time value compares
        // with a number as its seconds; a Symbol and a version are Comparable with no
        // comparison with a number)
        Value::Hash(_) => Err(Error::eval("no implicit conversion of Integer into Hash").into()),
        Value::Timespan(t) => Ok({ t.nanos }.cmp(&0)),
        Value::Timestamp(t) => Ok({ t.nanos }.cmp(&0)),
        Value::Default | Value::SemVer(_) => Err(Error::eval(format!(
            "comparison of {} with 0 failed",
            crate::format::ruby::class_name(&result)
        ))
        .into()),
        other => Err(Error::eval(format!(
            "undefined method `>' for {}",
            crate::format::ruby::no_method_receiver(other)
        ))
        .into()),
    }
}

fn sort(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    let which = dispatch(ev, args, b)?;
    let items: Vec<Value> = match &args[0] {
        Value::String(s) => s.chars().map(|c| Value::from(c.to_string())).collect(),
        Value::Array(a) => a.to_vec(),
        _ => Vec::new(),
    };
    let sorted = match b {
        None => merge_sort(items, natural_order)?,
        Some(l) => ev.with_lambda_frame(l, |ev, l| {
            // Flow (break, errors) from the lambda is carried out of the sort.
            let mut flow: Option<Flow> = None;
            let r = merge_sort(items, |x, y| match lambda_order(ev, l, x, y) {
                Ok(o) => Ok(o),
                Err(f) => {
                    flow = Some(f);
                    Err(Error::eval("sort interrupted"))
                }
            });
            match (r, flow) {
                (_, Some(f)) => Err(f),
                (r, None) => Ok(r?),
            }
        })?,
    };
    if which == 0 {
        let s: String = sorted.iter().filter_map(Value::as_str).collect();
        return Ok(Value::from(s));
    }
    Ok(Value::array(sorted))
}

/// The key an element is made unique by: the lambda's result or the element itself.
fn unique_key(ev: &mut Evaluator, b: Option<&Closure>, v: &Value) -> EvalResult {
    match b {
        Some(l) => ev.call_closure(l, std::slice::from_ref(v)),
        None => Ok(v.clone()),
    }
}

/// The items without duplicates. `array_like`: an array's or a string's characters, which the
/// reference gives Ruby's `uniq`: that calls no block for one element or none (`[undef].unique
/// |$x| { $x.size }` is `[undef]`; an iterator's one element is given to the block; found by
/// the grammar area, seed 115's 176).
fn unique_values(
    ev: &mut Evaluator,
    items: impl Iterator<Item = Value>,
    b: Option<&Closure>,
    array_like: bool,
) -> EvalResult<Vec<Value>> {
    let mut items = items.peekable();
    let first = items.next();
    if array_like && items.peek().is_none() {
        return Ok(first.into_iter().collect());
    }
    // (Fx: values hash their parts; SipHash doubled the cost of `unique` of inferred types)
    let mut seen: FxIndexMap<Value, Value> = FxIndexMap::default();
    for (i, v) in first.into_iter().chain(items).enumerate() {
        if i % CHECK_EVERY == CHECK_EVERY - 1 {
            ev.check_interrupt()?;
        }
        let k = unique_key(ev, b, &v)?;
        seen.entry(k).or_insert(v);
    }
    Ok(seen.into_values().collect())
}

fn unique(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    let which = dispatch(ev, args, b)?;
    match (which, &args[0]) {
        (0, Value::String(s)) => {
            let chars = s.chars().map(|c| Value::from(c.to_string()));
            let u = unique_values(ev, chars, b, true)?;
            Ok(Value::from(
                u.iter().filter_map(Value::as_str).collect::<String>(),
            ))
        }
        (1, Value::Hash(h)) => {
            let mut groups: FxIndexMap<Value, (Vec<Value>, Vec<Value>)> = FxIndexMap::default();
            for (k, v) in h.iter() {
                let key = unique_key(ev, b, v)?;
                let g = groups.entry(key).or_default();
                g.0.push(k.clone());
                if !g.1.contains(v) {
                    g.1.push(v.clone());
                }
            }
            let mut out = Map::with_capacity(groups.len());
            for (_, (ks, vs)) in groups {
                out.insert(Value::array(ks), Value::array(vs));
            }
            Ok(Value::hash(out))
        }
        (_, v) => {
            let array = matches!(v, Value::Array(_));
            let items = values_of("unique", v)?;
            Ok(Value::array(unique_values(ev, items, b, array)?))
        }
    }
}

pub fn builtins() -> Vec<Builtin> {
    vec![
        builtin("keys", &["Hash $hsh"], keys, "keys(Hash $hsh)\nThe keys of the hash, in order.\n\n    keys({a => 1, b => 2})   # ['a', 'b']"),
        builtin("values", &["Hash $hsh"], values, "values(Hash $hsh)\nThe values of the hash, in order.\n\n    values({a => 1, b => 2})   # [1, 2]"),
        builtin("flatten", &["Any *$args"], flatten, "flatten(Any *$args)\nThe arguments with nested arrays flattened into one array.\n\n    flatten([1, [2, [3]]])   # [1, 2, 3]"),
        builtin("sort", &["String $string_value, Callable[2, 2] &$block?", "Array $array_value, Callable[2, 2] &$block?"], sort, "sort(Variant[String, Array] $value) |$a, $b|?\nSorted (numbers, or strings case-sensitively); a lambda returning -1/0/1 may compare.\n\n    sort([3, 1, 2])   # [1, 2, 3]"),
        builtin("unique", &["String $string, Callable[String] &$block?", "Hash $hash, Callable[Any] &$block?", "Array $array, Callable[Any] &$block?", "Iterable $iterable, Callable[Any] &$block?"], unique, "unique(Variant[String, Hash, Array, Iterable] $value) |$x|?\nWithout duplicates (compared by the lambda's result when given).\n\n    unique([1, 2, 1])   # [1, 2]"),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merge_sort_is_stable_and_total() {
        let v: Vec<Value> = [3, 1, 2, 1].iter().map(|&i| Value::Integer(i)).collect();
        let s = merge_sort(v.clone(), natural_order).unwrap();
        assert_eq!(s, [1, 1, 2, 3].map(Value::Integer));
        // An inconsistent comparator gives some order, no panic.
        let mut flip = false;
        let s = merge_sort(v, |_, _| {
            flip = !flip;
            Ok(if flip {
                Ordering::Less
            } else {
                Ordering::Greater
            })
        })
        .unwrap();
        assert_eq!(s.len(), 4);
        let mixed = vec![Value::Integer(1), Value::from("a")];
        assert_eq!(
            merge_sort(mixed, natural_order).unwrap_err().message,
            "comparison of Integer with String failed"
        );
    }

    #[test]
    fn flatten_deep() {
        let mut v = Value::Integer(1);
        for _ in 0..5_000 {
            v = Value::array(vec![v]);
        }
        let mut out = Vec::new();
        flatten_into(&mut out, &[v]);
        assert_eq!(out, [Value::Integer(1)]);
    }

    /// `sort` calls its compare lambda in one frame (`eval/lambda_frame.rs`): each call
    /// starts afresh, and errors, `break` and `next` leave it as the reference's do.
    #[test]
    fn a_compare_lambda_is_called_as_the_reference_calls_it() {
        crate::test_support::check(&[
            (
                r#"[3, 1, 2].sort |$a, $b| { $t = $a - $b; $t }"#,
                Ok(r#"[1, 2, 3]"#),
            ),
            (
                r#"[3, 1, 2].sort |$a, $b| { if $a == 1 { $seen = true } if $seen { 0 } else { compare($a, $b) } }"#,
                Err(r#"Evaluation Error: Unknown variable: 'seen'."#),
            ),
            (
                r#"[3, 1, 2].sort |$a, $b| { 'x' }"#,
                Err(
                    r#"Evaluation Error: Error while evaluating a Method call, comparison of String with 0 failed"#,
                ),
            ),
            (
                r#"[3, 1, 2].sort |$a, $b| { break() }"#,
                Err(r#"break() from context where this is illegal (file: unknown, line: 1)"#),
            ),
            (r#"[3, 1, 2].sort |$a, $b| { next(1) }"#, Ok(r#"[2, 1, 3]"#)),
            (
                r#"[3, 1, 2, 5, 4].sort |$a, $b| { $b - $a }"#,
                Ok(r#"[5, 4, 3, 2, 1]"#),
            ),
            (
                r#"['b', 'a'].sort |Integer $a, $b| { 0 }"#,
                Err(
                    r#"Evaluation Error: Error while evaluating a Method call, block parameter 'a' expects an Integer value, got String"#,
                ),
            ),
            (
                r#"[[2, 'b'], [1, 'a'], [2, 'a']].sort |$a, $b| { compare($a[0], $b[0]) }"#,
                Ok(r#"[[1, 'a'], [2, 'b'], [2, 'a']]"#),
            ),
        ]);
    }
}
