//! Puppet values as a function's Ruby sees them: variables kept as the same Ruby objects in
//! an evaluation, and a 3.x function's arguments.

use super::*;

/// The Ruby arrays and hashes made for the Puppet ones functions read in this evaluation
/// (`fs::generation`), by the Puppet value's identity, which they keep alive.
type KeptAsRuby = (u64, Vec<(Value, RValue)>);

/// How many are kept (the most recent).
const KEPT_AS_RUBY: usize = 16;

thread_local! {
    static AS_RUBY: RefCell<KeptAsRuby> = const { RefCell::new((u64::MAX, Vec::new())) };
}

/// A Puppet variable's value as a module function's Ruby reads it (`closure_scope['x']`,
/// `lookupvar`): an array or hash is the same Ruby object at each read in an evaluation,
/// as in the reference (Puppet's values are Ruby objects there), and is not converted
/// again at each call (stdlib's `fact` reads `closure_scope['facts']`: the whole facts
/// hash was made anew for every call, ~60 k instructions).
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
    let same = |k: &Value| identity(k) == Some(id);
    let generation = crate::env::fs::generation();
    AS_RUBY.with(|kept| {
        let mut kept = kept.borrow_mut();
        if kept.0 != generation {
            *kept = (generation, Vec::new());
        }
        if let Some((_, r)) = kept.1.iter().find(|(k, _)| same(k)) {
            return r.clone();
        }
        let r = to_ruby(v);
        if kept.1.len() >= KEPT_AS_RUBY {
            kept.1.remove(0);
        }
        kept.1.push((v.clone(), r.clone()));
        r
    })
}

/// A 3.x function's argument: undef is the empty string at the top, nil inside arrays and
/// hashes (the reference's `Runtime3FunctionArgumentConverter`).
pub(super) fn to_ruby_3x(v: &Value) -> RValue {
    match v {
        Value::Undef => RValue::str(""),
        _ => nested_3x(v),
    }
}

/// A 3.x function's list of arguments (`args` converted by `convert`), made in one
/// allocation: pushed in place, not collected through `SmallVec`'s `extend` (out of line,
/// ~25 instructions an array more).
pub(super) fn ruby_list(args: &[Value], convert: fn(&Value) -> RValue) -> RValue {
    let mut list = ruby::RArray::new();
    if args.len() > list.inline_size() {
        list.reserve_exact(args.len());
    }
    for a in args {
        list.push(convert(a));
    }
    RValue::array(list)
}

fn nested_3x(v: &Value) -> RValue {
    match v {
        // (the usual arguments first, without the tests below)
        Value::String(s) => RValue::Str(s.clone()),
        Value::Integer(i) => RValue::Int(*i),
        Value::Boolean(b) => RValue::Bool(*b),
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
