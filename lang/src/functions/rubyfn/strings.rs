//! Strings between Puppet and a module function's Ruby, converted once where the same
//! string comes back: a Puppet string given at many calls (a literal, `fact('os.family')`:
//! the same `Rc<str>` at each call) is the same Ruby string at each, and a function that
//! returns the same Ruby string at each call (stdlib's `fact` a string of the facts, kept as
//! Ruby for the evaluation) gives the same Puppet string. Each conversion was an allocation
//! and a copy, and the string's free at the call's end.
//!
//! Both sides' strings are immutable and shared: which copy the code gets cannot be told
//! but by identity (`equal?`). Within a call, each argument stays a string of its own, as
//! before (prepl shares one Puppet string among equal literals, where the reference's
//! `f('a', 'a')` gives two objects): a kept string is given once a call, another copy
//! (kept too) after.

use super::*;
use crate::erb::ruby::RStr;

/// How many Puppet strings are kept with their Ruby copies (the most recently converted).
const KEPT: usize = 8;

/// The longest string kept (a longer one is copied at each call: kept, it would hold its
/// memory, and its Puppet string's, until eight others came).
const LONGEST: usize = 4096;

/// Puppet strings converted, with their Ruby copies and the call that last got each; the
/// next slot to fill.
struct Kept {
    pairs: [Option<(Rc<str>, RStr, u64)>; KEPT],
    next: usize,
}

thread_local! {
    static KEPT_STRINGS: RefCell<Kept> = const {
        RefCell::new(Kept {
            pairs: [const { None }; KEPT],
            next: 0,
        })
    };
    /// The call whose arguments are being converted (counted on the thread).
    static CALL: Cell<u64> = const { Cell::new(0) };
}

/// Notes that a new call's arguments are converted next (a kept string is given once a
/// call).
pub(super) fn new_call() {
    CALL.set(CALL.get().wrapping_add(1));
}

/// A Puppet string as a function's Ruby gets it: the Ruby string made for the same Puppet
/// string (the same allocation, alive: it is kept) before, else a new one, kept when
/// something besides the call's arguments holds the Puppet string (a literal, a variable:
/// it may come again; a string made for the call, `"x${i}"`, cannot).
pub(super) fn ruby_str(s: &Rc<str>) -> RValue {
    let shared = Rc::strong_count(s) > 1 && s.len() <= LONGEST;
    if !shared {
        return RValue::Str(RStr::from(&**s));
    }
    KEPT_STRINGS
        .try_with(|kept| {
            let Ok(mut kept) = kept.try_borrow_mut() else {
                return RValue::Str(RStr::from(&**s));
            };
            let call = CALL.get();
            // (a copy not given to this call yet: one Puppet string given twice, or two
            // equal literals, which prepl shares, has two copies kept)
            let found = kept
                .pairs
                .iter_mut()
                .flatten()
                .find(|(p, _, given)| *given != call && Rc::ptr_eq(p, s));
            if let Some((_, r, given)) = found {
                *given = call;
                return RValue::Str(r.clone());
            }
            let r = RStr::from(&**s);
            let at = kept.next;
            kept.pairs[at] = Some((s.clone(), r.clone(), call));
            kept.next = (at + 1) % KEPT;
            RValue::Str(r)
        })
        .unwrap_or_else(|_| RValue::Str(RStr::from(&**s)))
}

/// The Puppet string a function returned at its last call, and the Ruby string it was made
/// from (kept by the function's `Found`, for one evaluation).
pub(super) type LastString = RefCell<Option<(RStr, Rc<str>)>>;

/// A function's Ruby string result as Puppet's: the Puppet string made for its last call's
/// result when that was the same Ruby string (the same allocation, alive: it is kept),
/// else a new one, kept in its place. (`#[inline]`: with the codegen units' partition of
/// a build it was inlined into `calling::finish` or not, +0.04 k instructions a call for
/// `pick` and `shell_escape` when not.)
#[inline]
pub(super) fn puppet_str(last: &LastString, s: &RStr) -> Value {
    if let Ok(mut last) = last.try_borrow_mut() {
        if let Some((r, p)) = &*last {
            if RStr::ptr_eq(r, s) {
                return Value::String(p.clone());
            }
        }
        let p: Rc<str> = Rc::from(&**s);
        if s.len() <= LONGEST {
            *last = Some((s.clone(), p.clone()));
        }
        return Value::String(p);
    }
    Value::String(Rc::from(&**s))
}

thread_local! {
    /// The empty string, made once (a 3.x function's undef argument).
    static EMPTY: RStr = RStr::from("");
}

/// An empty Ruby string (a 3.x function gets one for each undef argument).
pub(super) fn empty_str() -> RValue {
    RValue::Str(EMPTY.try_with(RStr::clone).unwrap_or_default())
}
