//! Puppet values as a function's Ruby sees them: variables kept as the same Ruby objects in
//! an evaluation, and a 3.x function's arguments.

use super::*;

/// The Ruby arrays and hashes made for the Puppet ones functions read in this evaluation
/// (`fs::generation`), by the Puppet value's identity (held weakly: see [`Held`]); and
/// those of the evaluation before, which a value of this one may take again
/// (`as_converted`).
type KeptAsRuby = (u64, Vec<(Held, RValue)>, Vec<RValue>);

/// A Puppet array or hash a kept Ruby object was made for, by a weak reference: its
/// identity while it lives, without keeping it alive. (Held strongly, the previous
/// evaluation's facts outlived their session and were dropped in the next evaluation, at
/// its first read of them: ~58 k instructions an evaluation, which a native function's
/// evaluation does not pay; docs/benchmarks.md, session 53.)
enum Held {
    Array(std::rc::Weak<prepl_core::values::Array>),
    Hash(std::rc::Weak<prepl_core::values::Map>),
}

impl Held {
    fn of(v: &Value) -> Option<Held> {
        match v {
            Value::Array(a) => Some(Held::Array(Rc::downgrade(a))),
            Value::Hash(h) => Some(Held::Hash(Rc::downgrade(h))),
            _ => None,
        }
    }

    /// Whether it is the live value whose identity is `id` (an allocation a weak
    /// reference holds is not given to another value, and a value once dropped does not
    /// live again).
    fn is(&self, id: *const ()) -> bool {
        match self {
            Held::Array(w) => w.as_ptr() as *const () == id && w.strong_count() > 0,
            Held::Hash(w) => w.as_ptr() as *const () == id && w.strong_count() > 0,
        }
    }
}

/// How many are kept (the most recent).
const KEPT_AS_RUBY: usize = 16;

thread_local! {
    static AS_RUBY: RefCell<KeptAsRuby> =
        const { RefCell::new((u64::MAX, Vec::new(), Vec::new())) };
}

/// A Puppet variable's value as a module function's Ruby reads it (`closure_scope['x']`,
/// `lookupvar`): an array or hash is the same Ruby object at each read in an evaluation,
/// as in the reference (Puppet's values are Ruby objects there), and is not converted
/// again at each call (stdlib's `fact` reads `closure_scope['facts']`: the whole facts
/// hash was made anew for every call, ~60 k instructions).
///
/// A value first read in an evaluation takes the Ruby object an evaluation before made,
/// when nothing else holds any part of it and it is still exactly what converting the
/// value would make (`as_converted`: the next evaluation's facts, the same again, were
/// converted and the last ones dropped, ~0.33 M instructions an evaluation for a node's
/// facts); the code cannot tell it from a new one.
pub(super) fn kept_as_ruby(v: &Value) -> RValue {
    use crate::eval::shared::identity;
    // (an empty array or hash costs nothing to convert: it is not kept)
    let empty = match v {
        Value::Array(a) => a.is_empty(),
        Value::Hash(h) => h.is_empty(),
        _ => false,
    };
    let Some(id) = identity(v).filter(|_| !empty) else {
        return to_ruby(v);
    };
    let Some(held) = Held::of(v) else {
        return to_ruby(v);
    };
    let generation = crate::env::fs::generation();
    AS_RUBY.with(|kept| {
        let mut kept = kept.borrow_mut();
        if kept.0 != generation {
            kept.0 = generation;
            let before = std::mem::take(&mut kept.1);
            kept.2 = before.into_iter().map(|(_, r)| r).collect();
        }
        if let Some((_, r)) = kept.1.iter().find(|(k, _)| k.is(id)) {
            return r.clone();
        }
        let before = kept.2.iter().position(|r| as_converted(r, v));
        let r = match before {
            Some(i) => kept.2.swap_remove(i),
            None => to_ruby(v),
        };
        if kept.1.len() >= KEPT_AS_RUBY {
            kept.1.remove(0);
        }
        kept.1.push((held, r.clone()));
        r
    })
}

/// Whether `r` is what `to_ruby(v)` would make, and nothing but its holder refers to it or
/// to an array or hash in it (so that none of them can change but through it): the same
/// kinds, the same scalars and strings, in the same order, hashes without a default.
/// `false` when unsure (a Puppet object, a regexp not the same one).
fn as_converted(r: &RValue, v: &Value) -> bool {
    let alone = |count: usize, weak: usize| count == 1 && weak == 0;
    match (r, v) {
        (RValue::Nil, Value::Undef) => true,
        (RValue::Sym(s), Value::Default) => &**s == "default",
        (RValue::Bool(a), Value::Boolean(b)) => a == b,
        (RValue::Int(a), Value::Integer(b)) => a == b,
        (RValue::Float(a), Value::Float(b)) => a.to_bits() == b.to_bits(),
        (RValue::Str(a), Value::String(b)) => **a == **b,
        (RValue::Regexp(a), Value::Regexp(b)) => Rc::ptr_eq(a, b),
        (RValue::Array(a), Value::Array(b)) => {
            alone(Rc::strong_count(a), Rc::weak_count(a))
                && a.try_borrow().is_ok_and(|a| {
                    a.len() == b.len()
                        && crate::limits::deep(|| {
                            a.iter().zip(b.iter()).all(|(x, y)| as_converted(x, y))
                        })
                })
        }
        (RValue::Hash(a), Value::Hash(b)) => {
            alone(Rc::strong_count(a), Rc::weak_count(a))
                && a.try_borrow().is_ok_and(|a| {
                    a.len() == b.len()
                        && a.default_of_missing().is_none()
                        && crate::limits::deep(|| {
                            a.iter().zip(b.iter()).all(|((k1, v1), (k2, v2))| {
                                as_converted(k1, k2) && as_converted(v1, v2)
                            })
                        })
                })
        }
        _ => false,
    }
}

/// A function's argument (a 4.x function's, or a 3.x function's Ruby calls): a string as
/// `strings::ruby_str` converts it, any other value as a template's.
pub(super) fn arg_to_ruby(v: &Value) -> RValue {
    match v {
        Value::String(s) => strings::ruby_str(s),
        _ => to_ruby(v),
    }
}

/// A 3.x function's argument: undef is the empty string at the top, nil inside arrays and
/// hashes (the reference's `Runtime3FunctionArgumentConverter`).
pub(super) fn to_ruby_3x(v: &Value) -> RValue {
    match v {
        Value::Undef => strings::empty_str(),
        _ => nested_3x(v),
    }
}

/// A 3.x function's list of arguments (`args` converted by `convert`): pushed in place, not
/// collected through `SmallVec`'s `extend` (out of line, ~25 instructions an array more),
/// into an array an earlier call gave back (`give_back_args`) when there is one, else a new
/// one (an allocation).
pub(super) fn ruby_list(args: &[Value], convert: fn(&Value) -> RValue) -> RValue {
    let array = SPARE_ARRAYS
        .try_with(|s| s.try_borrow_mut().ok()?.pop())
        .ok()
        .flatten();
    let array = match array {
        Some(array) => array,
        None => Rc::new(RefCell::new(ruby::RArray::new())),
    };
    {
        let mut list = array.borrow_mut();
        if args.len() > list.capacity() {
            let room = args.len() - list.len();
            list.reserve_exact(room);
        }
        for a in args {
            list.push(convert(a));
        }
    }
    RValue::Array(array)
}

/// A Ruby array with nothing in it, kept for a later call's arguments.
type SpareArray = Rc<RefCell<ruby::RArray>>;

thread_local! {
    /// The arrays of ended 3.x calls' arguments that their code did not keep, emptied
    /// (`give_back_args`), for the next calls' (`ruby_list`): a call of `member(['a', $x],
    /// 'a')` allocated and freed two arrays (~0.1 k instructions each).
    static SPARE_ARRAYS: RefCell<Vec<SpareArray>> = const { RefCell::new(Vec::new()) };
}

/// How many emptied arrays a thread keeps, and the most room a kept one has.
const SPARE_ARRAYS_KEPT: usize = 8;
const SPARE_ARRAY_ROOM: usize = 8;

/// Takes back a 3.x call's argument list (`ruby_list`'s) once the call ended: when nothing
/// else holds it (the code kept it nowhere: not in a variable of its instance, a constant,
/// a proc, its result), it is emptied and kept for a later call, and so are the arrays
/// among its arguments that nothing else holds; else it is only dropped. The code cannot
/// see the difference: an array is reused only when no Ruby value refers to it.
pub(super) fn give_back_args(list: RValue) {
    let Ok(array) = list.into_array() else {
        return;
    };
    if !alone(&array) {
        return;
    }
    // (one access to the spares for the list and its arrays; dropping what they hold runs
    // no Ruby code, and `ruby_list` allocates anew if it finds the spares borrowed)
    let _ = SPARE_ARRAYS.try_with(|spare| {
        let Ok(mut spare) = spare.try_borrow_mut() else {
            return;
        };
        {
            let Ok(mut items) = array.try_borrow_mut() else {
                return;
            };
            if items.capacity() > SPARE_ARRAY_ROOM {
                return;
            }
            // (one level: a 3.x function's arguments are the list and its arrays)
            while let Some(item) = items.pop() {
                if let Ok(inner) = item.into_array() {
                    if spare.len() < SPARE_ARRAYS_KEPT && alone(&inner) && emptied(&inner) {
                        spare.push(inner);
                    }
                }
            }
        }
        if spare.len() < SPARE_ARRAYS_KEPT {
            spare.push(array);
        }
    });
}

/// Empties an array to keep (`false`: it is borrowed, or too big to keep).
fn emptied(array: &SpareArray) -> bool {
    match array.try_borrow_mut() {
        Ok(mut items) if items.capacity() <= SPARE_ARRAY_ROOM => {
            items.clear();
            true
        }
        _ => false,
    }
}

/// Whether nothing but this handle refers to the array.
fn alone(array: &SpareArray) -> bool {
    Rc::strong_count(array) == 1 && Rc::weak_count(array) == 0
}

fn nested_3x(v: &Value) -> RValue {
    match v {
        // (the usual arguments first, without the tests below)
        Value::String(s) => strings::ruby_str(s),
        Value::Integer(i) => RValue::Int(*i),
        Value::Boolean(b) => RValue::bool(*b),
        Value::Undef => RValue::Nil,
        Value::Array(a) => ruby_list(a, nested_3x),
        Value::Hash(h) => RValue::hash(ruby::RHash::from_distinct(
            h.iter()
                .map(|(k, v)| (nested_3x(k), nested_3x(v)))
                .collect(),
        )),
        // The older API cannot take these: regexps come as their source (`/a/`), versions,
        // time values and binaries as their strings.
        v if crate::format::ruby::handed_as_string(v) => RValue::str(crate::format::to_display(v)),
        other => to_ruby(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A variable's Ruby object, kept for the evaluation's later reads, does not keep the
    /// Puppet value alive: the value goes with its holders (its session), not at the next
    /// evaluation's first read; while it lives, its reads answer the same object.
    #[test]
    fn a_kept_object_does_not_keep_its_puppet_value() {
        let map: prepl_core::values::Map = [(Value::String("a".into()), Value::Integer(1))]
            .into_iter()
            .collect();
        let v = Value::Hash(Rc::new(map));
        let Value::Hash(h) = &v else { unreachable!() };
        let weak = Rc::downgrade(h);
        let (a, b) = (kept_as_ruby(&v), kept_as_ruby(&v));
        assert!(matches!((&a, &b), (RValue::Hash(x), RValue::Hash(y)) if Rc::ptr_eq(x, y)));
        drop(v);
        assert_eq!(weak.strong_count(), 0);
        // (another value, even an equal one, is not taken for the dropped one)
        let other = Value::Hash(Rc::new(
            [(Value::String("a".into()), Value::Integer(1))]
                .into_iter()
                .collect(),
        ));
        let c = kept_as_ruby(&other);
        assert!(matches!((&a, &c), (RValue::Hash(x), RValue::Hash(y)) if !Rc::ptr_eq(x, y)));
    }
}
