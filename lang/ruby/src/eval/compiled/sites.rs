//! Call sites specialized when compiled (issue 34): a call with no block, no argument or
//! one that is a local or a literal (or, for `is_a?`, a core class's constant), whose
//! method is one of the commonest core methods, becomes a closure that does that method's
//! work on the receiver's variant in place (`d.nil?`, `d[k]`, `walked_path << k`,
//! `x.compact.first`, `d.is_a?(Hash)`), and takes the general path (the quick paths,
//! then `call_on`) for any other receiver or argument. The general path's quick answers
//! (`methods::quick`) went through a match on the method's id, a call of the quick path
//! and the look-up of the receiver once more for each call; here the method is known, so
//! each site's closure holds only its method's work.
//!
//! Each answer is the one `methods::quick` gives for the same receiver and argument (which
//! is the general path's: core classes cannot be reopened in the subset, so a core value's
//! methods are always the core modules'), and a site declines (`None`: the general path
//! runs, with its errors) wherever the quick path would not answer. `is_a?(Array)` answers
//! only while the constant is known to be the core class: looked up once, then kept with
//! the thread's count of constant changes and the classes and top constants it was found
//! among (`Interp::constants_stamp`, the test `constant_node` makes for what a node keeps),
//! so that code that defines its own `Array` (in a module, at the top) is answered by the
//! general path.

use super::{Cond, Expr};
use crate::ast::{Kind, Node, Part};
use crate::eval::{Interp, R};
use crate::methods::{self, M};
use crate::value::RBool;
use crate::value::RValue;
use std::cell::Cell;

/// The rest of a call once its receiver's value is known (the general path from there).
pub(super) type Slow = Box<dyn Fn(&mut Interp<'_>, RValue) -> R>;

/// A site's receiver and its general path: a local variable, read in place (the general
/// closure reads it again when the site declines), or an expression's value.
pub(super) enum Fallback {
    Local(super::Local, Expr),
    Value(Expr, Slow),
}

impl Fallback {
    /// The call without a specialized site: the general path alone.
    pub(super) fn general(self) -> Expr {
        match self {
            Fallback::Local(_, general) => general,
            Fallback::Value(recv, slow) => Box::new(move |it| {
                let v = recv(it)?;
                slow(it, v)
            }),
        }
    }
}

/// A site's argument: none, a local variable's value (read in place; a name that is not a
/// defined local declines: it is a method's call), or a literal.
enum Arg {
    None,
    Local(super::Local),
    Lit(RValue),
}

impl Arg {
    /// Whether a site's fast path may find it: no local, or an own local
    /// (`Local::get_here`).
    fn here(&self) -> bool {
        match self {
            Arg::Local(n) => n.is_own(),
            Arg::None | Arg::Lit(_) => true,
        }
    }

    /// `None` for an argument of another kind (the site is not specialized).
    fn of(arg: Option<&Node>) -> Option<Arg> {
        let Some(arg) = arg else {
            return Some(Arg::None);
        };
        Some(match &arg.kind {
            Kind::LVar(name) => Arg::Local(super::Local::new(name)),
            Kind::Str(parts) => match parts.as_slice() {
                [Part::Lit(l)] => Arg::Lit(RValue::Str(l.clone())),
                _ => return None,
            },
            Kind::Sym(parts) => match parts.as_slice() {
                [Part::Lit(l)] => Arg::Lit(RValue::Sym(l.clone())),
                _ => return None,
            },
            Kind::Int(i) => Arg::Lit(RValue::Int(*i)),
            Kind::Nil => Arg::Lit(RValue::Nil),
            _ => return None,
        })
    }
}

/// The predicates' sites (`nil?`, `empty?`, `==`, `!=`, integer comparisons,
/// `String#include?` of a string): `$build(fb, arg, op)` with `op` giving the answer's
/// truth or declining, as a value's site (`build_bool`) or a condition's (`build_cond`);
/// `Err((fb, arg))` for any other call.
macro_rules! predicate {
    ($id:expr, $arg:expr, $fb:expr, $build:ident) => {{
        use methods::quick::{equality_is_core, takes};
        match ($id, &$arg) {
            (M::nil_p, Arg::None) => Ok($build($fb, $arg, |v: &RValue, _: &RValue| {
                takes(v).then(|| matches!(v, RValue::Nil))
            })),
            (M::empty_p, Arg::None) => Ok($build($fb, $arg, |v: &RValue, _: &RValue| {
                Some(match v {
                    RValue::Array(a) => a.borrow().is_empty(),
                    RValue::Hash(h) => h.borrow().is_empty(),
                    RValue::Str(s) => s.is_empty(),
                    _ => return None,
                })
            })),
            (M::op_eq, Arg::Local(_) | Arg::Lit(_)) => {
                Ok($build($fb, $arg, |v: &RValue, x: &RValue| match v {
                    // (a string equals only a string: `String#==`)
                    RValue::Str(s) => Some(matches!(x, RValue::Str(o) if **o == **s)),
                    _ if takes(v) && equality_is_core(v, x) => Some(v.equals(x)),
                    _ => None,
                }))
            }
            (M::op_ne, Arg::Local(_) | Arg::Lit(_)) => {
                Ok($build($fb, $arg, |v: &RValue, x: &RValue| {
                    (takes(v) && equality_is_core(v, x)).then(|| !v.equals(x))
                }))
            }
            (M::op_lt, Arg::Local(_) | Arg::Lit(_)) => {
                Ok($build($fb, $arg, |v: &RValue, x: &RValue| match (v, x) {
                    (RValue::Int(a), RValue::Int(b)) => Some(a < b),
                    _ => None,
                }))
            }
            (M::op_le, Arg::Local(_) | Arg::Lit(_)) => {
                Ok($build($fb, $arg, |v: &RValue, x: &RValue| match (v, x) {
                    (RValue::Int(a), RValue::Int(b)) => Some(a <= b),
                    _ => None,
                }))
            }
            (M::op_gt, Arg::Local(_) | Arg::Lit(_)) => {
                Ok($build($fb, $arg, |v: &RValue, x: &RValue| match (v, x) {
                    (RValue::Int(a), RValue::Int(b)) => Some(a > b),
                    _ => None,
                }))
            }
            (M::op_ge, Arg::Local(_) | Arg::Lit(_)) => {
                Ok($build($fb, $arg, |v: &RValue, x: &RValue| match (v, x) {
                    (RValue::Int(a), RValue::Int(b)) => Some(a >= b),
                    _ => None,
                }))
            }
            // `s.include?('.')` of a string (`String#include?` of a string argument)
            (M::include_p, Arg::Local(_) | Arg::Lit(_)) => {
                Ok($build($fb, $arg, |v: &RValue, x: &RValue| match (v, x) {
                    (RValue::Str(s), RValue::Str(t)) => Some(s.contains(&**t)),
                    _ => None,
                }))
            }
            _ => Err(($fb, $arg)),
        }
    }};
}

/// Whether `id` is a method whose site may answer a condition without a value
/// ([`cond`]).
pub(super) fn is_predicate(id: M) -> bool {
    matches!(
        id,
        M::nil_p
            | M::empty_p
            | M::op_eq
            | M::op_ne
            | M::op_lt
            | M::op_le
            | M::op_gt
            | M::op_ge
            | M::include_p
            | M::is_a_p
            | M::kind_of_p
    )
}

/// The call `recv.name(arg)` as an `if`'s condition (`name` one that [`is_predicate`]):
/// its truth, from the predicate's site, else from the general path's value.
pub(super) fn cond(id: M, arg: Option<&Node>, fb: Fallback, at: usize) -> Cond {
    if matches!(id, M::is_a_p | M::kind_of_p) {
        if let Some(Node {
            kind: Kind::Const(c),
            ..
        }) = arg
        {
            if let Some(core) = Core::of(c) {
                return is_a_cond(fb, CoreKnown::new(c.to_string(), core, at));
            }
        }
    }
    let declined = match Arg::of(arg) {
        Some(arg) => match predicate!(id, arg, fb, build_cond) {
            Ok(site) => return site,
            Err((fb, _)) => fb,
        },
        None => fb,
    };
    let general = declined.general();
    Box::new(move |it| Ok(general(it)?.truthy()))
}

/// The call `recv.name(arg)` (no block, not `&.`), specialized when its method and
/// argument allow it, else its general path (`fb`).
pub(super) fn site(id: M, arg: Option<&Node>, fb: Fallback, at: usize) -> Expr {
    // `is_a?(Array)`: a core class's constant
    if matches!(id, M::is_a_p | M::kind_of_p) {
        if let Some(Node {
            kind: Kind::Const(c),
            ..
        }) = arg
        {
            return match Core::of(c) {
                Some(core) => is_a(fb, c.to_string(), core, at),
                None => fb.general(),
            };
        }
    }
    let Some(arg) = Arg::of(arg) else {
        return fb.general();
    };
    let (fb, arg) = match predicate!(id, arg, fb, build_bool) {
        Ok(site) => return site,
        Err(declined) => declined,
    };
    match (id, &arg) {
        (M::size | M::length, Arg::None) => build(fb, arg, |v, _| {
            Some(RValue::Int(match v {
                RValue::Array(a) => a.borrow().len() as i64,
                RValue::Hash(h) => h.borrow().len() as i64,
                RValue::Str(s) => s.chars().count() as i64,
                _ => return None,
            }))
        }),
        (M::first, Arg::None) => build(fb, arg, |v, _| match v {
            RValue::Array(a) => Some(a.borrow().first().cloned().unwrap_or_default()),
            _ => None,
        }),
        (M::last, Arg::None) => build(fb, arg, |v, _| match v {
            RValue::Array(a) => Some(a.borrow().last().cloned().unwrap_or_default()),
            _ => None,
        }),
        (M::compact, Arg::None) => match fb {
            Fallback::Value(recv, slow) => compact_owned(recv, slow),
            fb => build(fb, arg, |v, _| match v {
                RValue::Array(a) => Some(methods::array::compact(&a.borrow())),
                _ => None,
            }),
        },
        (M::to_s, Arg::None) => build(fb, arg, |v, _| match v {
            RValue::Str(_) => Some(v.clone()),
            RValue::Sym(s) => Some(RValue::Str(s.clone())),
            RValue::Nil => Some(RValue::str("")),
            _ => None,
        }),
        (M::op_aref, Arg::Local(_) | Arg::Lit(_)) => build(fb, arg, |v, k| match (v, k) {
            (RValue::Array(a), RValue::Int(i)) => {
                let a = a.borrow();
                let i = if *i < 0 { i + a.len() as i64 } else { *i };
                Some(
                    usize::try_from(i)
                        .ok()
                        .and_then(|i| a.get(i))
                        .cloned()
                        .unwrap_or_default(),
                )
            }
            (RValue::Hash(h), _) => {
                let h = h.borrow();
                match h.get(k) {
                    Some(v) => Some(v.clone()),
                    // (a default is `hash::missing`'s, on the general path)
                    None if h.default_of_missing().is_some() => None,
                    None => Some(RValue::Nil),
                }
            }
            _ => None,
        }),
        (M::op_shl, Arg::Local(_) | Arg::Lit(_)) => build(fb, arg, |v, x| match v {
            RValue::Array(a) => {
                a.borrow_mut().push(x.clone());
                Some(v.clone())
            }
            _ => None,
        }),
        // (an overflow becomes a bignum: the general path's)
        (M::op_add, Arg::Local(_) | Arg::Lit(_)) => build(fb, arg, |v, x| match (v, x) {
            (RValue::Int(a), RValue::Int(b)) => a.checked_add(*b).map(RValue::Int),
            _ => None,
        }),
        (M::op_sub, Arg::Local(_) | Arg::Lit(_)) => build(fb, arg, |v, x| match (v, x) {
            (RValue::Int(a), RValue::Int(b)) => a.checked_sub(*b).map(RValue::Int),
            // `a - b` of arrays (member's `(item - array).empty?`)
            (RValue::Array(a), RValue::Array(b)) => {
                let v: crate::value::RArray = methods::array::difference(&a.borrow(), &b.borrow());
                Some(RValue::array(v))
            }
            _ => None,
        }),
        (M::delete, Arg::Local(_) | Arg::Lit(_)) => build(fb, arg, |v, x| match v {
            RValue::Array(a) => Some(methods::array::delete(a, x)),
            _ => None,
        }),
        _ => fb.general(),
    }
}

/// `recv.compact` of a receiver that is not a local: an array the receiver's expression
/// just made, which the site holds alone (an `Rc` count of one, no weak one: no variable,
/// element, constant or proc holds it, and no code reaches it after the call), is
/// compacted in its place and is the answer, as `methods::fresh` does on the general path
/// (`a.map { }.compact`); a shared array is copied (`Array#compact`), any other receiver
/// takes the general path.
fn compact_owned(recv: Expr, slow: Slow) -> Expr {
    Box::new(move |it| {
        let v = recv(it)?;
        if methods::fresh::compact(&v) {
            return Ok(v);
        }
        match &v {
            RValue::Array(a) => Ok(methods::array::compact(&a.borrow())),
            _ => slow(it, v),
        }
    })
}

/// What a call answers of the array its receiver `x.compact` would make (`x` a local):
/// its first or last item, or its size.
#[derive(Clone, Copy)]
pub(super) enum OfCompacted {
    First,
    Last,
    Size,
}

/// `x.compact.first` (`.last`, `.size`, `.length`; no arguments, no block) of a local `x`:
/// what the outer call answers of the compacted array, and the local.
pub(super) fn compacted_of<'a>(
    id: M,
    r: &'a Node,
    args: &[Node],
    block: &Option<std::rc::Rc<crate::ast::Block>>,
) -> Option<(OfCompacted, &'a crate::ast::Name)> {
    let of = match id {
        M::first => OfCompacted::First,
        M::last => OfCompacted::Last,
        M::size | M::length => OfCompacted::Size,
        _ => return None,
    };
    if !args.is_empty() || block.is_some() {
        return None;
    }
    let Kind::Call {
        recv: Some(x),
        name,
        args,
        block: None,
        vcall: false,
    } = &r.kind
    else {
        return None;
    };
    if name.id() != M::compact || !args.is_empty() {
        return None;
    }
    match &x.kind {
        Kind::LVar(var) => Some((of, var)),
        _ => None,
    }
}

/// The site of `x.compact.first` (see [`compacted_of`]) for an array `x`: its first (last)
/// item that is not nil, or how many are not, without the compacted array made and
/// dropped (`Array#compact` and its `first`, `last`, `size` are core methods: their
/// answers); any other receiver (or none: a method's call) takes the chain's general
/// path, which reads the local again (reading it has no effect).
pub(super) fn compacted(of: OfCompacted, var: super::Local, general: Expr) -> Expr {
    // (the local where it was at the last run answered without a call; anything else out
    // of line: see `Local::get_here`)
    if !var.is_own() {
        return Box::new(move |it| compacted_slow(it, of, &var, &general));
    }
    Box::new(move |it| match var.get_here(it) {
        Some(RValue::Array(a)) => Ok(of_compacted(of, a)),
        _ => compacted_slow(it, of, &var, &general),
    })
}

/// [`compacted`]'s answer for the array `a`.
#[inline(always)]
fn of_compacted(of: OfCompacted, a: &std::cell::RefCell<crate::value::RArray>) -> RValue {
    let a = a.borrow();
    let mut kept = a.iter().filter(|v| !matches!(v, RValue::Nil));
    match of {
        OfCompacted::First => kept.next().cloned().unwrap_or_default(),
        OfCompacted::Last => kept.next_back().cloned().unwrap_or_default(),
        OfCompacted::Size => RValue::Int(kept.count() as i64),
    }
}

/// [`compacted`] when its fast path did not answer: the local found by a search, else the
/// chain's general path.
#[inline(never)]
fn compacted_slow(it: &mut Interp<'_>, of: OfCompacted, var: &super::Local, general: &Expr) -> R {
    if let Some(RValue::Array(a)) = var.get(it) {
        return Ok(of_compacted(of, a));
    }
    general(it)
}

/// `op`'s answer for the receiver `v` and the site's argument (nil when there is none; a
/// name that is not a defined local declines).
#[inline(always)]
fn answer<T>(
    it: &Interp<'_>,
    v: &RValue,
    arg: &Arg,
    op: &impl Fn(&RValue, &RValue) -> Option<T>,
) -> Option<T> {
    match arg {
        Arg::None => op(v, &RValue::Nil),
        Arg::Lit(x) => op(v, x),
        Arg::Local(n) => op(v, n.get(it)?),
    }
}

/// [`answer`] with a local argument only where it was at the last run (no call: a
/// site's fast path, see `Local::get_here`); `None` also when it is elsewhere.
#[inline(always)]
fn answer_here<T>(
    it: &Interp<'_>,
    v: &RValue,
    arg: &Arg,
    op: &impl Fn(&RValue, &RValue) -> Option<T>,
) -> Option<T> {
    match arg {
        Arg::None => op(v, &RValue::Nil),
        Arg::Lit(x) => op(v, x),
        Arg::Local(n) => op(v, n.get_here(it)?),
    }
}

/// A site on a local whose fast path did not answer: the local and the argument found
/// by a search, `op`'s answer, else the general path. (Out of line, so that the fast path
/// makes no call; `op` declines without effect, so asking it again here is as asking it
/// once.)
#[inline(never)]
fn local_slow<T>(
    it: &mut Interp<'_>,
    var: &super::Local,
    arg: &Arg,
    op: &impl Fn(&RValue, &RValue) -> Option<T>,
) -> Option<T> {
    let v = var.get(it)?;
    answer(it, v, arg, op)
}

/// A site whose answer `op` gives from the receiver's and the argument's values, or
/// declines.
fn build<F>(fb: Fallback, arg: Arg, op: F) -> Expr
where
    F: Fn(&RValue, &RValue) -> Option<RValue> + 'static,
{
    match fb {
        // (an own local and argument: the fast path without a call, the rest out of line)
        Fallback::Local(var, general) if var.is_own() && arg.here() => Box::new(move |it| {
            if let Some(v) = var.get_here(it) {
                if let Some(a) = answer_here(it, v, &arg, &op) {
                    return Ok(a);
                }
            }
            build_slow(it, &var, &arg, &op, &general)
        }),
        // (a local of the code around a block, or such an argument: found by name)
        Fallback::Local(var, general) => Box::new(move |it| {
            if let Some(v) = var.get(it) {
                if let Some(a) = answer(it, v, &arg, &op) {
                    return Ok(a);
                }
            }
            general(it)
        }),
        Fallback::Value(recv, slow) => Box::new(move |it| {
            let v = recv(it)?;
            match answer(it, &v, &arg, &op) {
                Some(a) => Ok(a),
                None => slow(it, v),
            }
        }),
    }
}

/// [`build`]'s site on a local when its fast path did not answer (out of line).
#[inline(never)]
fn build_slow<F>(it: &mut Interp<'_>, var: &super::Local, arg: &Arg, op: &F, general: &Expr) -> R
where
    F: Fn(&RValue, &RValue) -> Option<RValue>,
{
    match local_slow(it, var, arg, op) {
        Some(a) => Ok(a),
        None => general(it),
    }
}

/// A predicate's site as a value (`true` or `false`).
fn build_bool<F>(fb: Fallback, arg: Arg, op: F) -> Expr
where
    F: Fn(&RValue, &RValue) -> Option<bool> + 'static,
{
    build(fb, arg, move |v, x| op(v, x).map(RValue::bool))
}

/// A predicate's site as a condition: its truth without a value, else the truth of the
/// general path's value.
fn build_cond<F>(fb: Fallback, arg: Arg, op: F) -> Cond
where
    F: Fn(&RValue, &RValue) -> Option<bool> + 'static,
{
    match fb {
        Fallback::Local(var, general) if var.is_own() && arg.here() => Box::new(move |it| {
            if let Some(v) = var.get_here(it) {
                if let Some(a) = answer_here(it, v, &arg, &op) {
                    return Ok(a);
                }
            }
            build_cond_slow(it, &var, &arg, &op, &general)
        }),
        Fallback::Local(var, general) => Box::new(move |it| {
            if let Some(v) = var.get(it) {
                if let Some(a) = answer(it, v, &arg, &op) {
                    return Ok(a);
                }
            }
            Ok(general(it)?.truthy())
        }),
        Fallback::Value(recv, slow) => Box::new(move |it| {
            let v = recv(it)?;
            match answer(it, &v, &arg, &op) {
                Some(a) => Ok(a),
                None => Ok(slow(it, v)?.truthy()),
            }
        }),
    }
}

/// [`build_cond`]'s site on a local when its fast path did not answer (out of line).
#[inline(never)]
fn build_cond_slow<F>(
    it: &mut Interp<'_>,
    var: &super::Local,
    arg: &Arg,
    op: &F,
    general: &Expr,
) -> R<bool>
where
    F: Fn(&RValue, &RValue) -> Option<bool>,
{
    match local_slow(it, var, arg, op) {
        Some(a) => Ok(a),
        None => Ok(general(it)?.truthy()),
    }
}

/// The core classes an `is_a?` site answers for by the receiver's variant (those
/// `methods::quick` compares by their names: the same answers).
#[derive(Clone, Copy)]
enum Core {
    Array,
    Hash,
    String,
    Integer,
    Symbol,
    NilClass,
}

impl Core {
    fn of(name: &str) -> Option<Core> {
        Some(match name {
            "Array" => Core::Array,
            "Hash" => Core::Hash,
            "String" => Core::String,
            "Integer" => Core::Integer,
            "Symbol" => Core::Symbol,
            "NilClass" => Core::NilClass,
            _ => return None,
        })
    }

    fn name(self) -> &'static str {
        match self {
            Core::Array => "Array",
            Core::Hash => "Hash",
            Core::String => "String",
            Core::Integer => "Integer",
            Core::Symbol => "Symbol",
            Core::NilClass => "NilClass",
        }
    }

    /// Whether a core value (one `methods::quick::takes`) is an instance of the class.
    #[inline(always)]
    fn has(self, v: &RValue) -> bool {
        match self {
            Core::Array => matches!(v, RValue::Array(_)),
            Core::Hash => matches!(v, RValue::Hash(_)),
            Core::String => matches!(v, RValue::Str(_)),
            Core::Integer => matches!(v, RValue::Int(_)),
            Core::Symbol => matches!(v, RValue::Sym(_)),
            Core::NilClass => matches!(v, RValue::Nil),
        }
    }
}

/// Whether a constant's name is the core class it names, found once and then kept while
/// constants are unchanged (`Interp::constants_stamp`).
struct CoreKnown {
    name: String,
    core: Core,
    at: usize,
    known: Cell<Option<super::super::defs::Stamp>>,
}

impl CoreKnown {
    fn new(name: String, core: Core, at: usize) -> CoreKnown {
        CoreKnown {
            name,
            core,
            at,
            known: Cell::new(None),
        }
    }

    /// Whether the constant is known to be the core class at this stamp (no look-up, no
    /// call: a site's fast path).
    #[inline(always)]
    fn known_now(&self, it: &Interp<'_>) -> bool {
        match it.constants_stamp() {
            Some(stamp) => self.known.get() == Some(stamp),
            None => false,
        }
    }

    /// Whether the constant is the core class now. (In its sites: a call of it was a
    /// fifth of an `is_a?` condition's instructions.)
    #[inline(always)]
    fn now(&self, it: &mut Interp<'_>) -> bool {
        let Some(stamp) = it.constants_stamp() else {
            return false;
        };
        if self.known.get() == Some(stamp) {
            return true;
        }
        self.look_up(it, stamp)
    }

    /// [`CoreKnown::now`] when the constant was not known at this stamp: looked up.
    /// (Out of line: inlined, the look-up's registers were saved and restored at each
    /// answer of the site, ~20 instructions of an `is_a?` condition's ~75.)
    #[cold]
    #[inline(never)]
    fn look_up(&self, it: &mut Interp<'_>, stamp: super::super::defs::Stamp) -> bool {
        // (a core class's look-up has no effect: its errors are the general path's)
        let found = matches!(it.constant(&self.name, self.at),
            Ok(RValue::Class(ref k)) if *k == *self.core.name());
        self.known.set(found.then_some(stamp));
        found
    }
}

/// `recv.is_a?(Name)` (or `kind_of?`) of a core class's name: answered by the receiver's
/// variant while the constant is known to be that core class (see the module's doc).
fn is_a(fb: Fallback, name: String, core: Core, at: usize) -> Expr {
    let k = CoreKnown::new(name, core, at);
    use methods::quick::takes;
    match fb {
        Fallback::Local(var, general) if var.is_own() => Box::new(move |it| {
            if k.known_now(it) {
                if let Some(v) = var.get_here(it) {
                    if takes(v) {
                        return Ok(RValue::Bool(RBool::new(k.core.has(v))));
                    }
                }
            }
            is_a_slow(it, &k, &var, &general)
        }),
        Fallback::Local(var, general) => Box::new(move |it| is_a_slow(it, &k, &var, &general)),
        Fallback::Value(recv, slow) => Box::new(move |it| {
            let v = recv(it)?;
            if takes(&v) && k.now(it) {
                return Ok(RValue::Bool(RBool::new(k.core.has(&v))));
            }
            slow(it, v)
        }),
    }
}

/// An `is_a?` site on a local when its fast path did not answer (out of line): the
/// constant looked up, the local found by a search, else the general path.
#[inline(never)]
fn is_a_slow(it: &mut Interp<'_>, k: &CoreKnown, var: &super::Local, general: &Expr) -> R {
    if k.now(it) {
        if let Some(v) = var.get(it) {
            if methods::quick::takes(v) {
                return Ok(RValue::Bool(RBool::new(k.core.has(v))));
            }
        }
    }
    general(it)
}

/// [`is_a_slow`] as a condition.
#[inline(never)]
fn is_a_cond_slow(
    it: &mut Interp<'_>,
    k: &CoreKnown,
    var: &super::Local,
    general: &Expr,
) -> R<bool> {
    if k.now(it) {
        if let Some(v) = var.get(it) {
            if methods::quick::takes(v) {
                return Ok(k.core.has(v));
            }
        }
    }
    Ok(general(it)?.truthy())
}

/// [`is_a`] as a condition.
fn is_a_cond(fb: Fallback, k: CoreKnown) -> Cond {
    use methods::quick::takes;
    match fb {
        Fallback::Local(var, general) if var.is_own() => Box::new(move |it| {
            if k.known_now(it) {
                if let Some(v) = var.get_here(it) {
                    if takes(v) {
                        return Ok(k.core.has(v));
                    }
                }
            }
            is_a_cond_slow(it, &k, &var, &general)
        }),
        Fallback::Local(var, general) => Box::new(move |it| is_a_cond_slow(it, &k, &var, &general)),
        Fallback::Value(recv, slow) => Box::new(move |it| {
            let v = recv(it)?;
            if takes(&v) && k.now(it) {
                return Ok(k.core.has(&v));
            }
            Ok(slow(it, v)?.truthy())
        }),
    }
}
