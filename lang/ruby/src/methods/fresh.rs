//! Methods that make a new array from their receiver (`map`, `select`, `reject`,
//! `compact`, `reverse`), answered in the receiver's own place when the call holds the
//! only reference to it: a fresh array, made by the expression the call is on
//! (`s.scan(re).map { }`, `a.map { }.compact`), that nothing else holds and nothing can
//! reach. Ruby's answer is a new array and the receiver is left as it was; since no code can
//! see the receiver again, the changed receiver *is* such a new array, and the list, its
//! `Rc` and (past two items) its buffer are not allocated again.
//!
//! The receiver must be the call's own value (`methods::call_with`'s, moved into the call):
//! a count of one then means no variable, element, constant or proc holds it. (A reference
//! lent by a caller that keeps the value, as the compiled sites' locals are, would count
//! one too: those never come here.)

use super::{Call, M};
use crate::ast::Block;
use crate::eval::{Interp, R};
use crate::value::{RArray, RValue};
use std::cell::RefCell;
use std::rc::Rc;

/// The array of `recv` when it is an array no other value holds (`recv` owned by the call).
#[inline]
pub(super) fn unshared(recv: &RValue) -> Option<&Rc<RefCell<RArray>>> {
    match recv {
        RValue::Array(a) if Rc::strong_count(a) == 1 && Rc::weak_count(a) == 0 => Some(a),
        _ => None,
    }
}

/// `recv.name` answered in place when `recv` is an array that [`unshared`] gives:
/// `Ok(answer)`, or `Err(recv)` for a receiver or method (or form) this does not answer
/// (the general path's then, as before). (The checks inlined into the caller, the work
/// apart: most calls on an array are not answered here, and a frame of the work's size
/// around them, its registers saved and restored, was ~40 instructions a call;
/// docs/benchmarks.md, session 49.)
#[inline]
pub(super) fn call(it: &mut Interp, recv: RValue, c: &Call) -> R<Result<RValue, RValue>> {
    if !answers(c) || unshared(&recv).is_none() {
        return Ok(Err(recv));
    }
    in_place(it, recv, c)
}

/// Whether [`in_place`] answers the call (its method, its block or none, no argument).
#[inline]
fn answers(c: &Call) -> bool {
    c.args.is_empty()
        && match c.id {
            M::map | M::collect | M::select | M::filter | M::reject => c.block.is_some(),
            M::compact | M::reverse => c.block.is_none(),
            _ => false,
        }
}

/// [`call`]'s work on an array [`unshared`] gives, for a call [`answers`] says it answers.
#[inline(never)]
fn in_place(it: &mut Interp, recv: RValue, c: &Call) -> R<Result<RValue, RValue>> {
    let Some(a) = unshared(&recv) else {
        return Ok(Err(recv));
    };
    match (c.id, c.block) {
        (M::map | M::collect, Some(b)) => map(it, &recv, a, b)?,
        (M::select | M::filter | M::reject, Some(b)) => keep(it, a, b, c.id != M::reject)?,
        (M::compact, None) => drop_nils(a),
        (M::reverse, None) => a.borrow_mut().reverse(),
        _ => return Ok(Err(recv)),
    }
    Ok(Ok(recv))
}

/// `compact` of `recv` in its place when it is an array that [`unshared`] gives (`true`:
/// `recv` is the answer); `false` for any other receiver. (The compiled site of
/// `recv.compact`, whose receiver's value the site owns.)
pub(crate) fn compact(recv: &RValue) -> bool {
    unshared(recv).map(|a| drop_nils(a)).is_some()
}

/// `compact`'s work in the array's place: the items that are not nil kept, in order.
fn drop_nils(a: &RefCell<RArray>) {
    a.borrow_mut().retain(|v| !matches!(v, RValue::Nil));
}

/// `map`: each item taken out of its place, given to the block, and its answer put there.
/// (A string item the block changes in place through its parameter is tracked as the
/// general path's is, `given`: the change goes to the item's place, which the block's
/// answer then takes.)
fn map(it: &mut Interp, recv: &RValue, a: &RefCell<RArray>, b: &Block) -> R<()> {
    let mut i = 0;
    // (the array is not borrowed while the block runs)
    let take = |i: usize| a.borrow_mut().get_mut(i).map(std::mem::take);
    while let Some(v) = take(i) {
        let given = crate::eval::given(recv, b, i, &v);
        let r = it.yield_tracked(b, [v], given)?;
        if let Some(slot) = a.borrow_mut().get_mut(i) {
            *slot = r;
        }
        i += 1;
    }
    Ok(())
}

/// `select` (`keep_truthy`) or `reject`: the items the block answers so for, moved to the
/// front in order, the rest dropped.
fn keep(it: &mut Interp, a: &RefCell<RArray>, b: &Block, keep_truthy: bool) -> R<()> {
    let (mut i, mut kept) = (0, 0);
    let item = |i: usize| a.borrow().get(i).cloned();
    while let Some(v) = item(i) {
        if it.yield_block(b, [v])?.truthy() == keep_truthy {
            a.borrow_mut().swap(kept, i);
            kept += 1;
        }
        i += 1;
    }
    a.borrow_mut().truncate(kept);
    Ok(())
}
