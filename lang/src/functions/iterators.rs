//! Functions that give lazy iterators without a lambda: `reverse_each`, `step`, and
//! `tree_each` (whose walk is computed up front); with a lambda, `break()` ends their walk
//! quietly, as the reference's iterator loop (Ruby's `loop`, which rescues `StopIteration`)
//! does.

use super::iteration::{lambda, walk, OnBreak, Shape, Step};
use super::signature::dispatch;
use super::{builtin, Builtin};
use crate::error::Error;
use crate::eval::{Closure, EvalResult, Evaluator, Flow};
use crate::values::{LazyIter, Value};
use std::collections::VecDeque;
use std::rc::Rc;

fn reverse_each(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    let it = Value::Iterator(Rc::new(LazyIter::Reverse(args[0].clone())));
    match b {
        None => Ok(it),
        Some(l) => {
            walk(ev, &it, l, Shape::Value, OnBreak::Stop, |_, _, _, _| {
                Ok(Step::Continue)
            })?;
            Ok(Value::Undef)
        }
    }
}

fn step(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    let n = args[1].as_int().unwrap_or(1).max(1);
    let it = Value::Iterator(Rc::new(LazyIter::Step(args[0].clone(), n)));
    match b {
        None => Ok(it),
        Some(l) => {
            walk(ev, &it, l, Shape::Value, OnBreak::Stop, |_, _, _, _| {
                Ok(Step::Continue)
            })?;
            Ok(Value::Undef)
        }
    }
}

/// `tree_each` options.
struct TreeOptions {
    breadth_first: bool,
    containers: bool,
    values: bool,
    root: bool,
}

fn tree_options(v: Option<&Value>) -> Result<TreeOptions, Error> {
    let mut o = TreeOptions {
        breadth_first: false,
        containers: true,
        values: true,
        root: true,
    };
    let Some(Value::Hash(h)) = v else {
        return Ok(o);
    };
    for (k, v) in h.iter() {
        let flag = || match v {
            Value::Boolean(b) => Ok(*b),
            _ => Err(Error::eval(format!(
                "'tree_each' option '{}' expects a Boolean value",
                crate::format::to_display(k)
            ))),
        };
        match k.as_str() {
            Some("order") => match v.as_str() {
                Some("depth_first") => o.breadth_first = false,
                Some("breadth_first") => o.breadth_first = true,
                _ => {
                    return Err(Error::eval(
                        "'tree_each' option 'order' expects 'depth_first' or 'breadth_first'",
                    ))
                }
            },
            Some("include_containers") => o.containers = flag()?,
            Some("include_values") => o.values = flag()?,
            Some("include_root") => o.root = flag()?,
            Some("container_type") => {}
            _ => {
                return Err(Error::eval(format!(
                    "'tree_each' does not accept the option {}",
                    crate::format::to_programmatic(k)
                )))
            }
        }
    }
    Ok(o)
}

/// The children of a container as (path step, value), or `None` for a leaf. An object is a
/// container of its type's own attributes but references (not its parent's; the reference's
/// `TreeIterator#indexer_on`, `_pcore_type.attributes`), each named by the attribute.
fn children(v: &Value) -> Option<Vec<(Value, Value)>> {
    use crate::types::object::AttrKind;
    use crate::types::object_instance::Access;
    match v {
        Value::Object(o) => Some(
            o.typ
                .attributes
                .iter()
                .filter(|a| a.kind != Some(AttrKind::Reference))
                .map(|a| {
                    let value = match o.access(&a.name) {
                        Some(Access::Value(v)) => v,
                        _ => Value::Undef,
                    };
                    (Value::String(a.name.clone()), value)
                })
                .collect(),
        ),
        Value::Array(a) => Some(
            a.iter()
                .enumerate()
                .map(|(i, x)| (Value::Integer(i as i64), x.clone()))
                .collect(),
        ),
        Value::Hash(h) => Some(h.iter().map(|(k, x)| (k.clone(), x.clone())).collect()),
        _ => None,
    }
}

/// The `[path, value]` pairs of a tree, walked without recursion.
fn tree_walk(ev: &Evaluator, root: &Value, o: &TreeOptions) -> Result<Vec<Value>, Error> {
    let mut out = Vec::new();
    let mut pending: VecDeque<(Vec<Value>, Value)> = VecDeque::new();
    let root = match root {
        Value::Iterator(it) => Value::array(it.to_vec()),
        other => other.clone(),
    };
    pending.push_back((Vec::new(), root));
    let mut count = 0usize;
    while let Some((path, v)) = if o.breadth_first {
        pending.pop_front()
    } else {
        pending.pop_back()
    } {
        count += 1;
        if count.is_multiple_of(4096) {
            ev.check_interrupt()?;
        }
        let kids = children(&v);
        let is_root = path.is_empty();
        let include = if kids.is_some() {
            o.containers
        } else {
            o.values
        };
        if include && (o.root || !is_root) {
            out.push(Value::array(vec![Value::array(path.clone()), v.clone()]));
        }
        if let Some(kids) = kids {
            let with_paths = kids.into_iter().map(|(step, child)| {
                let mut p = path.clone();
                p.push(step);
                (p, child)
            });
            if o.breadth_first {
                pending.extend(with_paths);
            } else {
                let mut kids: Vec<_> = with_paths.collect();
                kids.reverse();
                pending.extend(kids);
            }
        }
    }
    Ok(out)
}

fn tree_each(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    let which = dispatch(ev, args, b)?;
    let options = tree_options(args.get(1))?;
    let pairs = tree_walk(ev, &args[0], &options)?;
    let Some(l) = b else {
        // The walk is computed up front; the iterator steps through it one by one.
        return Ok(Value::Iterator(Rc::new(LazyIter::Step(
            Value::array(pairs),
            1,
        ))));
    };
    let _ = lambda(b)?;
    for pair in pairs {
        let Value::Array(pv) = &pair else { continue };
        let r = if which == 0 {
            ev.call_closure(l, &pv[..])
        } else {
            ev.call_closure(l, &pv[1..2])
        };
        match r {
            // (`break()` ends the walk quietly, as the reference's iterator loop does)
            Err(Flow::Break) => break,
            r => r.map(drop)?,
        }
    }
    Ok(args[0].clone())
}

const TREE_OPTIONS: &str = "Struct[{Optional[order] => Enum['depth_first', 'breadth_first'], Optional[include_containers] => Boolean, Optional[include_values] => Boolean, Optional[include_root] => Boolean, Optional[container_type] => Optional[Type[Variant[Array, Hash, Object]]]}]";

pub fn builtins() -> Vec<Builtin> {
    let _ = TREE_OPTIONS;
    vec![
        builtin("reverse_each", &["Iterable $iterable", "Iterable $iterable, Callable[1, 1] &$block"], reverse_each, "reverse_each(Iterable $iterable) |$value|?\nWithout a lambda, a lazy Iterator over the elements in reverse order; with one, calls it per element.\n\n    [1, 2, 3].reverse_each   # [3, 2, 1] (an Iterator)"),
        builtin("step", &["Iterable $iterable, Integer[1] $step", "Iterable $iterable, Integer[1] $step, Callable[1, 1] &$block"], step, "step(Iterable $iterable, Integer[1] $step) |$value|?\nEvery $step-th element, starting with the first; a lazy Iterator without a lambda.\n\n    Integer[0, 10].step(5)   # [0, 5, 10] (an Iterator)"),
        builtin("tree_each", &["Variant[Iterator, Array, Hash, Object] $tree, OptionsType $options?, Callable[2, 2] &$block", "Variant[Iterator, Array, Hash, Object] $tree, OptionsType $options?, Callable[1, 1] &$block", "Variant[Iterator, Array, Hash, Object] $tree, OptionsType $options?"], tree_each, "tree_each(Variant[Iterator, Array, Hash, Object] $tree, Hash $options?) |$path, $value| / |$value|\nWalks nested arrays and hashes (options: order => depth_first | breadth_first,\ninclude_containers, include_values, include_root); an Iterator of [path, value] without a lambda.\n\n    [1, [2]].tree_each |$path, $v| { notice(\"${path}: ${v}\") }"),
    ]
}
