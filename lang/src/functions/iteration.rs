//! Functions that call a lambda per element: `each`, `map`, `filter`, `reduce`, `index`,
//! `any`, `all`, `partition`, `group_by`, `slice`, and `with`, `then`, `lest`.

use super::iterate::{values_of, CHECK_EVERY};
use super::signature::dispatch;
use super::{builtin, Builtin};
use crate::error::Error;
use crate::eval::lambda_frame::LambdaFrame;
use crate::eval::{Closure, EvalResult, Evaluator, Flow};
use crate::values::{Map, Value};

/// How a lambda receives each element.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// Hash entries as `|$key, $value|`.
    KeyValue,
    /// Hash entries as one `[key, value]` argument.
    Pair,
    /// Other iterables as `|$index, $value|`.
    IndexValue,
    /// Other iterables as `|$value|`.
    Value,
    /// Hash entries as their value alone (`index` with a one-parameter lambda).
    HashValue,
}

/// The shape for the four-signature families (Hash 2, Hash 1, Iterable 2, Iterable 1).
pub fn shape_of(signature: usize) -> Shape {
    match signature {
        0 => Shape::KeyValue,
        1 => Shape::Pair,
        2 => Shape::IndexValue,
        _ => Shape::Value,
    }
}

/// Whether the walk goes on after an element.
pub enum Step {
    Continue,
    Stop,
}

/// Whether `break()` in the lambda ends the walk quietly (`each`, `map`, `filter` of what
/// is not a hash, `step` and `reverse_each` with a lambda, as in the reference) or leaves
/// the function, to stop an enclosing iteration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnBreak {
    Stop,
    Propagate,
}

/// An element as [`walk`] gives it: a value, an array's element, or a hash's entry given
/// to the lambda as its key and value (copied, or made into a `[key, value]` pair, only
/// for a caller that keeps it).
pub enum Item<'h> {
    Value(Value),
    Element(&'h Value),
    Entry(&'h Value, &'h Value),
}

impl Item<'_> {
    /// The element as a value (a hash's entry as its `[key, value]` pair).
    pub fn into_value(self) -> Value {
        match self {
            Item::Value(v) => v,
            Item::Element(v) => v.clone(),
            Item::Entry(k, v) => Value::array(vec![k.clone(), v.clone()]),
        }
    }
}

/// The elements of an iterable other than a hash walked by [`walk`] and [`reduce`]: an
/// array's in place, integers as a range, anything else as a stream of values (a call
/// through the stream and an `i128` sum per integer, a copy per array element that the
/// lambda's argument copied again).
enum Elements<'s> {
    Slice(std::slice::Iter<'s, Value>),
    Integers(std::ops::RangeInclusive<i64>),
    Stream(crate::values::iter::Values),
}

impl<'s> Elements<'s> {
    /// The elements of `subject`, or `name`'s error for a value that is not iterable.
    fn of(name: &str, subject: &'s Value) -> Result<Elements<'s>, Error> {
        if let Value::Array(a) = subject {
            return Ok(Elements::Slice(a.iter()));
        }
        match crate::values::iter::integers(subject) {
            Some(range) => Ok(Elements::Integers(range)),
            None => values_of(name, subject).map(Elements::Stream),
        }
    }

    /// The next element as a value of its own.
    fn next_owned(&mut self) -> Option<Value> {
        match self {
            Elements::Slice(it) => it.next().cloned(),
            Elements::Integers(range) => range.next().map(Value::Integer),
            Elements::Stream(it) => it.next(),
        }
    }
}

/// Calls the lambda with `item`, the `i`th element of an iterable other than a hash, in
/// the given shape.
#[inline(always)]
fn call_with_item(
    ev: &mut Evaluator,
    frame: &LambdaFrame,
    shape: Shape,
    i: usize,
    item: &Value,
) -> EvalResult {
    match (shape, item) {
        (Shape::KeyValue, Value::Array(pair)) if pair.len() == 2 => {
            ev.call_lambda(frame, &pair[..])
        }
        (Shape::HashValue, Value::Array(pair)) if pair.len() == 2 => {
            ev.call_lambda(frame, &pair[1..])
        }
        (Shape::IndexValue, _) => {
            let mut args = [Value::Integer(i as i64), item.clone()];
            ev.call_lambda_owned(frame, &mut args)
        }
        _ => ev.call_lambda(frame, std::slice::from_ref(item)),
    }
}

/// Calls the lambda for each element of `subject` in the given shape; `f` receives the
/// element (a `[key, value]` pair for hashes) and the lambda's result.
pub fn walk<'s>(
    ev: &mut Evaluator,
    subject: &'s Value,
    lambda: &Closure,
    shape: Shape,
    on_break: OnBreak,
    mut f: impl FnMut(&mut Evaluator, usize, Item<'s>, Value) -> EvalResult<Step>,
) -> EvalResult<()> {
    if let (Value::Hash(h), Shape::KeyValue | Shape::HashValue) = (subject, shape) {
        // A hash's entries given as their key and value, or value, straight from the
        // hash: no `[key, value]` array made (and dropped) for each.
        return ev.with_lambda_frame(lambda, |ev, frame| {
            for (i, (k, v)) in h.iter().enumerate() {
                let r = match shape {
                    Shape::KeyValue => ev.call_lambda_owned(frame, &mut [k.clone(), v.clone()]),
                    _ => ev.call_lambda_owned(frame, &mut [v.clone()]),
                };
                match r {
                    Ok(r) => {
                        if let Step::Stop = f(ev, i, Item::Entry(k, v), r)? {
                            break;
                        }
                    }
                    Err(Flow::Break) if on_break == OnBreak::Stop => break,
                    Err(e) => return Err(e),
                }
            }
            Ok(())
        });
    }
    let mut elements = Elements::of(ev.current_builtin, subject)?;
    ev.with_lambda_frame(lambda, |ev, frame| {
        let mut i = 0;
        loop {
            let (r, item) = match &mut elements {
                Elements::Slice(it) => match it.next() {
                    Some(x) => (call_with_item(ev, frame, shape, i, x), Item::Element(x)),
                    None => break,
                },
                Elements::Integers(range) => match range.next() {
                    // (an integer is made again for `f` rather than copied: no call)
                    Some(n) => {
                        let r = match shape {
                            Shape::IndexValue => ev.call_lambda_owned(
                                frame,
                                &mut [Value::Integer(i as i64), Value::Integer(n)],
                            ),
                            _ => ev.call_lambda_owned(frame, &mut [Value::Integer(n)]),
                        };
                        (r, Item::Value(Value::Integer(n)))
                    }
                    None => break,
                },
                Elements::Stream(it) => match it.next() {
                    Some(x) => (call_with_item(ev, frame, shape, i, &x), Item::Value(x)),
                    None => break,
                },
            };
            match r {
                Ok(r) => {
                    if let Step::Stop = f(ev, i, item, r)? {
                        break;
                    }
                }
                Err(Flow::Break) if on_break == OnBreak::Stop => break,
                Err(e) => return Err(e),
            }
            i += 1;
        }
        Ok(())
    })
}

/// The lambda, which dispatch has guaranteed to be present.
pub fn lambda(block: Option<&Closure>) -> Result<&Closure, Error> {
    block.ok_or_else(|| Error::eval("expects a block"))
}

fn each(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    let shape = shape_of(dispatch(ev, args, b)?);
    walk(
        ev,
        &args[0],
        lambda(b)?,
        shape,
        OnBreak::Stop,
        |_, _, _, _| Ok(Step::Continue),
    )?;
    Ok(args[0].clone())
}

fn map(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    let shape = shape_of(dispatch(ev, args, b)?);
    let lambda = lambda(b)?;
    let room = check_result_room(ev, &args[0], lambda)?;
    // (made at its size: growing it copied the values made so far at each doubling)
    let mut out = Vec::with_capacity(room);
    walk(ev, &args[0], lambda, shape, OnBreak::Stop, |_, _, _, r| {
        crate::limits::push(&mut out, r)?;
        Ok(Step::Continue)
    })?;
    Ok(Value::array(out))
}

/// Fails with the memory limit's error when `map`'s result, one value for each element
/// of an iterable counted without being made (an integer, an `Integer` type, an iterator
/// of those; a lambda that cannot `break()`), could never fit in the limit: at once, not
/// after minutes of growing toward it (`Integer[1, 10000000000].map |$x| { $x }`; the
/// reference grows until the system stops it). Gives the number of values the result is
/// known to hold (an array's or hash's elements; the iterable's when checked), 0 when it
/// is not known (a string's characters are not counted, a lambda that may `break()` may
/// make fewer).
fn check_result_room(ev: &Evaluator, subject: &Value, lambda: &Closure) -> Result<usize, Error> {
    // (an array's or hash's result is no larger than it: made at its size while that
    // fits, else grown as it is made)
    let fits = |n: usize| crate::limits::reserve_for::<Value>(n).map_or(0, |()| n);
    match subject {
        Value::Array(a) => return Ok(fits(a.len())),
        Value::Hash(h) => return Ok(fits(h.len())),
        Value::String(_) => return Ok(0),
        _ if ev.may_break(lambda) => return Ok(0),
        _ => {}
    }
    match crate::values::iter::iterate(subject) {
        Some(items) => {
            let n = items.size_hint().0;
            crate::limits::reserve_for::<Value>(n)?;
            Ok(n)
        }
        None => Ok(0),
    }
}

fn filter(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    let shape = shape_of(dispatch(ev, args, b)?);
    if let Value::Hash(_) = &args[0] {
        let mut out = Map::default();
        // (the reference selects a hash's entries with Ruby's `select`, which does not end
        // quietly at `break()`: it leaves the function, an error at the top)
        walk(
            ev,
            &args[0],
            lambda(b)?,
            shape,
            OnBreak::Propagate,
            |_, _, item, r| {
                if r.is_truthy() {
                    match item {
                        Item::Entry(k, v) => {
                            out.insert(k.clone(), v.clone());
                        }
                        Item::Value(Value::Array(pair)) => {
                            out.insert(pair[0].clone(), pair[1].clone());
                        }
                        Item::Value(_) | Item::Element(_) => {}
                    }
                }
                Ok(Step::Continue)
            },
        )?;
        return Ok(Value::hash(out));
    }
    let mut out = Vec::new();
    walk(
        ev,
        &args[0],
        lambda(b)?,
        shape,
        OnBreak::Stop,
        |_, _, item, r| {
            if r.is_truthy() {
                crate::limits::push(&mut out, item.into_value())?;
            }
            Ok(Step::Continue)
        },
    )?;
    Ok(Value::array(out))
}

fn reduce(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    let lambda = lambda(b)?;
    let mut items = Elements::of("reduce", &args[0])?;
    let mut memo = match args.get(1) {
        Some(start) => start.clone(),
        None => match items.next_owned() {
            Some(first) => first,
            None => return Ok(Value::Undef),
        },
    };
    let may_break = ev.may_break(lambda);
    ev.with_lambda_frame(lambda, |ev, frame| {
        if may_break {
            // `break()` gives the memo from before the step: keep it.
            while let Some(item) = items.next_owned() {
                match ev.call_lambda_owned(frame, &mut [memo.clone(), item]) {
                    Ok(r) => memo = r,
                    Err(Flow::Break) => break,
                    Err(e) => return Err(e),
                }
            }
            return Ok(memo);
        }
        // The memo is handed over to the lambda, so that `$memo + ...` need not copy it.
        while let Some(item) = items.next_owned() {
            let mut pair = [memo, item];
            memo = ev.call_lambda_owned(frame, &mut pair)?;
        }
        Ok(memo)
    })
}

/// The key (for hashes) or index of an element.
fn position(subject: &Value, i: usize, item: &Value) -> Value {
    match (subject, item) {
        (Value::Hash(_), Value::Array(pair)) => pair[0].clone(),
        _ => Value::Integer(i as i64),
    }
}

fn index(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    let which = dispatch(ev, args, b)?;
    let subject = &args[0];
    match which {
        0..=3 => {
            let shape = match shape_of(which) {
                Shape::Pair => Shape::HashValue,
                other => other,
            };
            let mut found = Value::Undef;
            walk(
                ev,
                subject,
                lambda(b)?,
                shape,
                OnBreak::Propagate,
                |_, i, item, r| {
                    if r.is_truthy() {
                        found = position(subject, i, &item.into_value());
                        return Ok(Step::Stop);
                    }
                    Ok(Step::Continue)
                },
            )?;
            Ok(found)
        }
        4 => string_index(subject, &args[1]),
        _ => {
            let wanted = &args[1];
            for (i, item) in values_of("index", subject)?.enumerate() {
                if i % CHECK_EVERY == CHECK_EVERY - 1 {
                    ev.check_interrupt()?;
                }
                let candidate = match (subject, &item) {
                    (Value::Hash(_), Value::Array(pair)) => &pair[1],
                    _ => &item,
                };
                if ruby_equal(candidate, wanted) {
                    return Ok(position(subject, i, &item));
                }
            }
            Ok(Value::Undef)
        }
    }
}

/// Ruby's `==`: strict (case-sensitive strings), but an integer equals the same float.
fn ruby_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Integer(i), Value::Float(f)) | (Value::Float(f), Value::Integer(i)) => {
            *i as f64 == *f
        }
        _ => a == b,
    }
}

/// `index(String, String | Regexp)`: the character index of the first occurrence.
fn string_index(s: &Value, m: &Value) -> EvalResult {
    let s = s.as_str().unwrap_or_default();
    let byte = match m {
        Value::String(needle) => s.find(&**needle),
        Value::Regexp(re) => re
            .find_all(s)?
            .first()
            .and_then(|g| g.first().copied().flatten())
            .map(|(start, _)| start),
        _ => None,
    };
    Ok(byte.map_or(Value::Undef, |b| {
        Value::Integer(s[..b].chars().count() as i64)
    }))
}

fn any(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    Ok(Value::Boolean(lambda_ever_gives(ev, args, b, true)?))
}

fn all(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    Ok(Value::Boolean(!lambda_ever_gives(ev, args, b, false)?))
}

/// Whether the lambda ever gives a result whose truthiness is `truthy`, stopping at the
/// first: `any` looks for a truthy result, `all` for a falsy one.
fn lambda_ever_gives(
    ev: &mut Evaluator,
    args: &[Value],
    b: Option<&Closure>,
    truthy: bool,
) -> EvalResult<bool> {
    let shape = shape_of(dispatch(ev, args, b)?);
    let mut found = false;
    walk(
        ev,
        &args[0],
        lambda(b)?,
        shape,
        OnBreak::Propagate,
        |_, _, _, r| {
            if r.is_truthy() == truthy {
                found = true;
                return Ok(Step::Stop);
            }
            Ok(Step::Continue)
        },
    )?;
    Ok(found)
}

/// The shape for `partition` and `group_by`: (Collection, 1), (Array, 2), (Collection, 2).
fn collection_shape(which: usize, subject: &Value) -> Shape {
    match (which, subject) {
        (0, Value::Hash(_)) => Shape::Pair,
        (0, _) => Shape::Value,
        (1, _) => Shape::IndexValue,
        (_, Value::Hash(_)) => Shape::KeyValue,
        _ => Shape::IndexValue,
    }
}

fn partition(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    let shape = collection_shape(dispatch(ev, args, b)?, &args[0]);
    let (mut yes, mut no) = (Vec::new(), Vec::new());
    walk(
        ev,
        &args[0],
        lambda(b)?,
        shape,
        OnBreak::Propagate,
        |_, _, item, r| {
            if r.is_truthy() {
                crate::limits::push(&mut yes, item.into_value())?
            } else {
                crate::limits::push(&mut no, item.into_value())?
            }
            Ok(Step::Continue)
        },
    )?;
    Ok(Value::array(vec![Value::array(yes), Value::array(no)]))
}

fn group_by(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    let shape = collection_shape(dispatch(ev, args, b)?, &args[0]);
    let mut groups: indexmap::IndexMap<Value, Vec<Value>, rustc_hash::FxBuildHasher> =
        Default::default();
    walk(
        ev,
        &args[0],
        lambda(b)?,
        shape,
        OnBreak::Propagate,
        |_, _, item, r| {
            groups.entry(r).or_default().push(item.into_value());
            Ok(Step::Continue)
        },
    )?;
    Ok(Value::hash(
        groups
            .into_iter()
            .map(|(k, v)| (k, Value::array(v)))
            .collect(),
    ))
}

/// How many values each call of a `slice` lambda takes, as the reference counts it: the
/// slice size for a lambda with optional or rest parameters (a variable arity), otherwise its
/// parameter count, which must be 1 or the slice size.
fn slice_serving_size(lambda: &Closure, size: usize) -> Result<usize, Error> {
    let params = &lambda.lambda.params;
    let variable = params
        .iter()
        .any(|p| p.default.is_some() || p.captures_rest);
    let serving = if variable { size } else { params.len() };
    if serving == 0 {
        return Err(Error::eval(
            "slice(): block must define at least one parameter. Block has 0.",
        ));
    }
    if serving != 1 && serving != size {
        // The reference means to raise this but fails building it (docs/deviations.md).
        let names: Vec<&str> = params.iter().map(|p| &*p.name).collect();
        return Err(Error::eval(format!(
            "slice(): block must define one parameter, or the same number of parameters as \
             the given size of the slice ({size}). Block has {serving}; {}",
            names.join(", ")
        )));
    }
    Ok(serving)
}

/// Calls the lambda with one slice: as one array, or spread over `serving` arguments
/// (missing trailing values are undef for arrays, empty entries for hashes).
fn call_with_slice(
    ev: &mut Evaluator,
    lambda: &Closure,
    serving: usize,
    mut slice: Vec<Value>,
    filler: &Value,
) -> EvalResult {
    if serving > 1 {
        if slice.len() < serving {
            slice.resize(serving, filler.clone());
        }
        ev.call_closure(lambda, &slice)
    } else {
        ev.call_closure(lambda, &[Value::array(slice)])
    }
}

fn slice(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    let size = args[1].as_int().unwrap_or(1).max(1);
    let size = usize::try_from(size).unwrap_or(usize::MAX);
    let serving = b.map(|l| slice_serving_size(l, size)).transpose()?;
    let filler = match &args[0] {
        Value::Hash(_) => Value::empty_array(),
        _ => Value::Undef,
    };
    let mut items = values_of("slice", &args[0])?;
    let mut slices = Vec::new();
    let mut count = 0usize;
    loop {
        let mut current = Vec::with_capacity(size.min(1024));
        for item in items.by_ref().take(size) {
            current.push(item);
        }
        if current.is_empty() {
            break;
        }
        count += current.len();
        if count % CHECK_EVERY < current.len() {
            ev.check_interrupt()?;
        }
        match (b, serving) {
            // With a lambda, each slice is handled as soon as it is formed.
            (Some(l), Some(serving)) => match call_with_slice(ev, l, serving, current, &filler) {
                Ok(_) => {}
                Err(Flow::Break) => break,
                Err(e) => return Err(e),
            },
            _ => slices.push(Value::array(current)),
        }
    }
    match b {
        Some(_) => Ok(args[0].clone()),
        None => Ok(Value::array(slices)),
    }
}

fn with(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    ev.call_closure(lambda(b)?, args)
}

fn then(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    if args[0].is_undef() {
        return Ok(Value::Undef);
    }
    ev.call_closure(lambda(b)?, &args[..1])
}

fn lest(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    if args[0].is_undef() {
        return ev.call_closure(lambda(b)?, &[]);
    }
    Ok(args[0].clone())
}

/// `lest`'s answer to a call with a value that is not undef and a lambda without
/// parameters (which its signature accepts): the value; the lambda is not called.
fn lest_quick(args: &[Value], block: Option<&crate::syntax::ast::Lambda>) -> Option<Value> {
    match (args, block) {
        ([v], Some(l)) if l.params.is_empty() && !v.is_undef() => Some(v.clone()),
        _ => None,
    }
}

/// The signatures shared by `each`, `map`, `filter`, `any`, `all`.
const PER_ELEMENT: &[&str] = &[
    "Hash $hash, Callable[2, 2] &$block",
    "Hash $hash, Callable[1, 1] &$block",
    "Iterable $enumerable, Callable[2, 2] &$block",
    "Iterable $enumerable, Callable[1, 1] &$block",
];

const BY_COLLECTION: &[&str] = &[
    "Collection $collection, Callable[1, 1] &$block",
    "Array $array, Callable[2, 2] &$block",
    "Collection $collection, Callable[2, 2] &$block",
];

pub fn builtins() -> Vec<Builtin> {
    vec![
        builtin("each", PER_ELEMENT, each, "each(Hash $hash) |$key, $value| / |$pair|\neach(Iterable $enumerable) |$index, $value| / |$value|\nCalls the lambda for each element and returns the iterable.\n\n    [1, 2].each |$x| { notice $x }"),
        builtin("map", PER_ELEMENT, map, "map(Hash $hash) |$key, $value| / |$pair|\nmap(Iterable $enumerable) |$index, $value| / |$value|\nAn array of the lambda's results.\n\n    [1, 2, 3].map |$x| { $x * 10 }   # [10, 20, 30]"),
        builtin("filter", PER_ELEMENT, filter, "filter(Hash $hash) |$key, $value| / |$pair|\nfilter(Iterable $enumerable) |$index, $value| / |$value|\nThe elements for which the lambda is truthy (a hash for a hash).\n\n    [1, 2, 3].filter |$x| { $x > 1 }   # [2, 3]"),
        builtin("reduce", &["Iterable $enumerable, Callable[2, 2] &$block", "Iterable $enumerable, Any $memo, Callable[2, 2] &$block"], reduce, "reduce(Iterable $enumerable, Any $memo?) |$memo, $value|\nCombines the elements with the lambda, starting from $memo or the first element.\n\n    [1, 2, 3].reduce |$m, $x| { $m + $x }   # 6"),
        builtin("index", &["Hash $hash, Callable[2, 2] &$block", "Hash $hash, Callable[1, 1] &$block", "Iterable $enumerable, Callable[2, 2] &$block", "Iterable $enumerable, Callable[1, 1] &$block", "String $str, Variant[String, Regexp] $match", "Iterable $enumerable, Any $match"], index, "index(Iterable $enumerable) |$value| / |$index, $value|\nindex(Iterable $enumerable, Any $match)\nindex(String $str, Variant[String, Regexp] $match)\nThe index (or key) of the first match, or undef.\n\n    [1, 2, 3].index |$x| { $x > 1 }   # 1"),
        builtin("any", PER_ELEMENT, any, "any(Iterable $enumerable) |$value| / |$index, $value|\nWhether the lambda is truthy for some element.\n\n    [1, 2].any |$x| { $x > 1 }   # true"),
        builtin("all", PER_ELEMENT, all, "all(Iterable $enumerable) |$value| / |$index, $value|\nWhether the lambda is truthy for every element.\n\n    [1, 2].all |$x| { $x > 0 }   # true"),
        builtin("partition", BY_COLLECTION, partition, "partition(Collection $collection) |$value| / |$index_or_key, $value|\n[elements for which the lambda is truthy, the others].\n\n    [1, 2, 3].partition |$x| { $x > 1 }   # [[2, 3], [1]]"),
        builtin("group_by", BY_COLLECTION, group_by, "group_by(Collection $collection) |$value| / |$index_or_key, $value|\nA hash from each lambda result to the elements giving it.\n\n    [1, 2, 3].group_by |$x| { $x % 2 }   # {1 => [1, 3], 0 => [2]}"),
        builtin("slice", &["Hash $hash, Integer[1] $slice_size, Callable &$block?", "Iterable $enumerable, Integer[1] $slice_size, Callable &$block?"], slice, "slice(Iterable $enumerable, Integer[1] $slice_size) |$slice| / |$a, $b, ...|\nThe elements in slices of the given size; with a lambda, calls it per slice.\n\n    [1, 2, 3].slice(2)   # [[1, 2], [3]]"),
        builtin("with", &["Any *$arg, Callable &$block"], with, "with(Any *$arg) |...|\nCalls the lambda with the arguments and returns its result.\n\n    with(1, 2) |$a, $b| { $a + $b }   # 3"),
        builtin("then", &["Any $arg, Callable[1, 1] &$block"], then, "then(Any $arg) |$x|\nThe lambda's result for $arg, or undef when $arg is undef.\n\n    $x.then |$v| { $v + 1 }"),
        builtin("lest", &["Any $arg, Callable[0, 0] &$block"], lest, "lest(Any $arg) || { ... }\n$arg, or the lambda's result when $arg is undef.\n\n    $x.lest || { 'default' }").quick(lest_quick),
    ]
}

#[cfg(test)]
mod tests {
    /// A hash's entries given to a lambda as their key and value (or value) straight from
    /// the hash, with the reference's answers: each function that keeps the entries gets
    /// them as `[key, value]` pairs or as the hash's own entries.
    #[test]
    fn hash_entries_are_given_as_key_and_value() {
        crate::test_support::check(&[
            (
                "{a => 1, b => 2, c => 3}.filter |$k, $v| { $v != 2 }",
                Ok("{'a' => 1, 'c' => 3}"),
            ),
            (
                r#"{a => 1, b => 2, c => 3}.map |$k, $v| { "${k}${v}" }"#,
                Ok("['a1', 'b2', 'c3']"),
            ),
            ("{a => 1, b => 2}.index |$v| { $v == 2 }", Ok("'b'")),
            ("{a => 1, b => 2, c => 3}.index |$k, $v| { $v == 3 }", Ok("'c'")),
            (
                "{a => 1, b => 2, c => 3}.partition |$k, $v| { $v > 1 }",
                Ok("[[['b', 2], ['c', 3]], [['a', 1]]]"),
            ),
            (
                "{a => 1, b => 2, c => 3}.group_by |$k, $v| { $v % 2 }",
                Ok("{1 => [['a', 1], ['c', 3]], 0 => [['b', 2]]}"),
            ),
            ("{a => 1, b => 2}.any |$k, $v| { $v == 2 }", Ok("true")),
            ("{a => 1, b => 2}.all |$k, $v| { $v > 1 }", Ok("false")),
            (
                "{a => 1, b => 2, c => 3}.each |$k, $v| { if $v == 2 { break() } }",
                Ok("{'a' => 1, 'b' => 2, 'c' => 3}"),
            ),
            ("{a => 1, b => 2}.filter |$kv| { $kv[1] == 2 }", Ok("{'b' => 2}")),
            (
                "{a => 1, b => 2, c => 3}.map |$v| { $v }",
                Ok("[['a', 1], ['b', 2], ['c', 3]]"),
            ),
            ("{a => 1, b => 2}.map |$k, Integer $v| { $v }", Ok("[1, 2]")),
            (
                r#"{a => 1, b => "x"}.map |$k, Integer $v| { $v }"#,
                Err("Evaluation Error: Error while evaluating a Method call, block parameter 'v' expects an Integer value, got String"),
            ),
            // (hashes long enough for the lambdas' compiled bodies to run)
            (
                r#"Hash(Integer[1, 50].map |$i| { ["k${i}", $i] }).filter |$k, $v| { $v % 10 == 0 }"#,
                Ok("{'k10' => 10, 'k20' => 20, 'k30' => 30, 'k40' => 40, 'k50' => 50}"),
            ),
            (
                r#"Hash(Integer[1, 50].map |$i| { ["k${i}", $i] }).map |$k, $v| { "${k}:${v}" }[-3, 3]"#,
                Ok("['k48:48', 'k49:49', 'k50:50']"),
            ),
            (
                r#"Hash(Integer[1, 50].map |$i| { ["k${i}", $i] }).index |$v| { $v == 44 }"#,
                Ok("'k44'"),
            ),
            // (a hash iterated while a lambda makes a new one from it: the entries given
            // are the first hash's)
            (
                "$h = {a => 1, b => 2} $h.map |$k, $v| { ($h + { $k => $v * 10 })[$k] }",
                Ok("[10, 20]"),
            ),
        ]);
    }
}
