//! `RValue`'s clone and drop by the tag's order, without a jump through a table by variant.
//!
//! Derived, both were a `match` of twenty variants, which the compiler makes a jump through
//! a table at every clone and drop of a value: the branch the processor mispredicts most
//! in a module function's call (`valgrind --tool=cachegrind --branch-sim=yes`: a third of
//! the mispredicted indirect branches of stdlib `fact`, docs/benchmarks.md, session 48).
//! But the variants ask for three things only: nothing (`Nil` to `Scope`, the tags below
//! [`FIRST_COUNTED`]), or one added to or taken from a count that is the first word of the
//! allocation the payload points to (every other variant), or, when the last reference
//! goes, the payload's own drop.
//!
//! Invariants (the unsafe part, this module alone):
//! - `RValue` is `repr(u64)`: its tag is the `u64` at offset 0, in declaration order, and
//!   every payload is one word at offset 8 (the size tests in `value.rs`).
//! - Each variant from [`FIRST_COUNTED`] on has as payload either an `RStr`/`RBytes` (one
//!   `NonNull` to a `#[repr(C)]` header whose first field is the count, `value/rstr.rs`)
//!   or an `Rc<T>` of a sized `T` (one `NonNull` to the standard library's `RcInner`,
//!   `#[repr(C)]` with the strong count first: what `Rc::strong_count` reads). Both are
//!   non-atomic counts of the references, each value being one; test
//!   `counted_payloads_count_at_their_pointer` checks every variant against
//!   `Rc::strong_count` and `RStr`'s own count.
//! - Below [`FIRST_COUNTED`], payloads own nothing (`RBool`, `i64`, `RFloat`, none): a
//!   copy of the two words is a clone, forgetting them a drop.

use super::RValue;
use std::cell::Cell;
use std::rc::Rc;

/// The tag of the first variant with a counted payload (`Str`); those before it own
/// nothing.
const FIRST_COUNTED: u64 = 5;

impl RValue {
    /// The tag (declaration order).
    #[inline(always)]
    fn tag(&self) -> u64 {
        // SAFETY: `repr(u64)`: the tag is the first word of the value (invariants above).
        unsafe { *(self as *const RValue as *const u64) }
    }

    /// The count of a counted payload (tag at or past [`FIRST_COUNTED`]).
    ///
    /// # Safety
    /// `self`'s tag is at or past [`FIRST_COUNTED`].
    #[inline(always)]
    unsafe fn count(&self) -> &Cell<usize> {
        // SAFETY: the payload is the second word, a pointer to a live allocation whose
        // first word is the count (invariants above), living while `self` does.
        unsafe { &**(self as *const RValue as *const *const Cell<usize>).add(1) }
    }
}

impl Clone for RValue {
    #[inline]
    fn clone(&self) -> RValue {
        if self.tag() >= FIRST_COUNTED {
            // SAFETY: a counted payload.
            let count = unsafe { self.count() };
            // (as `Rc`: a count that would wrap aborts; it cannot be reached with real
            // memory)
            let n = count.get().wrapping_add(1);
            if n == 0 {
                std::process::abort();
            }
            count.set(n);
        }
        // SAFETY: the copy's reference is counted (or the payload owns nothing).
        unsafe { std::ptr::read(self) }
    }
}

impl Drop for RValue {
    #[inline]
    fn drop(&mut self) {
        if self.tag() < FIRST_COUNTED {
            return;
        }
        // SAFETY: a counted payload; its reference is given up here: the count taken
        // one from, or the payload dropped by its own type when this is the last one. The
        // value is then `Nil` (written without a drop), so that the fields' drop the
        // compiler runs after this one does nothing (it sees the `Nil` written: no
        // `match` of it is left in the code).
        unsafe {
            let count = self.count();
            match count.get() {
                1 => drop_payload(self),
                n => count.set(n - 1),
            }
            std::ptr::write(self, RValue::Nil);
        }
    }
}

/// Drops the payload of the last reference to it, by its own type (`Rc`'s drop, `RStr`'s).
/// (`extern "C"`: the call cannot unwind, so the drops that call it need no landing pad
/// with a `match` of the variants; a payload's drop does not panic.)
///
/// A string's and an array's, the payloads most often freed (a module function's
/// strings, group lists and results), by one compare of the tag each; the others by a
/// `match` ([`drop_other_payload`]), which is a jump through a table by variant: with
/// every variant in one `match`, that jump was two of the ~40 indirect branches
/// mispredicted in a `fact` call (`cachegrind --branch-sim=yes`; docs/benchmarks.md,
/// session 49).
///
/// # Safety
/// `v`'s payload is counted and its count is 1; the caller forgets `v` afterwards (writes
/// over it without a drop).
#[cold]
#[inline(never)]
unsafe extern "C" fn drop_payload(v: &RValue) {
    use std::ptr::read;
    // SAFETY: the payload read once and dropped; the caller forgets `v`.
    unsafe {
        if let RValue::Str(s) = v {
            return drop(read(s));
        }
        if let RValue::Array(a) = v {
            return drop(read(a));
        }
        drop_other_payload(v)
    }
}

/// [`drop_payload`] of the variants other than `Str` and `Array`.
///
/// # Safety
/// As [`drop_payload`]'s.
#[inline(never)]
unsafe extern "C" fn drop_other_payload(v: &RValue) {
    use std::ptr::read;
    // SAFETY: each payload read once and dropped; the caller forgets `v`.
    unsafe {
        match v {
            RValue::Str(s) | RValue::Sym(s) | RValue::Class(s) => drop(read(s)),
            RValue::Bytes(b) => drop(read(b)),
            RValue::Array(a) => drop(read(a)),
            RValue::Hash(h) => drop(read(h)),
            RValue::Range(r) => drop(read(r)),
            RValue::Regexp(r) => drop(read(r)),
            RValue::Match(m) => drop(read(m)),
            RValue::Proc(p) | RValue::Lambda(p) => drop(read(p)),
            RValue::Module(m) => drop(read(m)),
            RValue::Object(o) => drop(read(o)),
            RValue::Exception(e) => drop(read(e)),
            RValue::Host(h) => drop(read(h)),
            RValue::Nil | RValue::Bool(_) | RValue::Int(_) | RValue::Float(_) | RValue::Scope => {}
        }
    }
}

impl RValue {
    /// The array of an `Array` (its reference moved out, no count changed), or the value
    /// back. (`RValue` has a `Drop` of its own, so a `match` cannot move a payload out.)
    #[inline]
    pub fn into_array(self) -> Result<Rc<std::cell::RefCell<super::RArray>>, RValue> {
        match &self {
            RValue::Array(a) => {
                // SAFETY: the reference moves from `self`, which is forgotten.
                let a = unsafe { std::ptr::read(a) };
                std::mem::forget(self);
                Ok(a)
            }
            _ => Err(self),
        }
    }

    /// The string of a `Str` (its reference moved out), or the value back.
    #[inline]
    pub fn into_str(self) -> Result<super::RStr, RValue> {
        match &self {
            RValue::Str(s) => {
                // SAFETY: the reference moves from `self`, which is forgotten.
                let s = unsafe { std::ptr::read(s) };
                std::mem::forget(self);
                Ok(s)
            }
            _ => Err(self),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::{HostObject, RArray, RHash, RStr};

    /// A host object that counts its drops.
    #[derive(Debug)]
    struct Counted(Rc<Cell<usize>>);
    impl Drop for Counted {
        fn drop(&mut self) {
            self.0.set(self.0.get() + 1);
        }
    }
    impl HostObject for Counted {
        fn class_name(&self) -> String {
            "Counted".into()
        }
        fn to_s(&self) -> String {
            "counted".into()
        }
        fn equals(&self, _other: &dyn HostObject) -> bool {
            false
        }
        fn as_any(&self) -> &dyn std::any::Any {
            self
        }
    }

    /// How an `Rc` variant's strong count is read by its type.
    type Strong = Box<dyn Fn(&RValue) -> usize>;

    /// What `count` reads of a value's payload: its count.
    fn read_count(v: &RValue) -> usize {
        assert!(v.tag() >= FIRST_COUNTED);
        // SAFETY: a counted payload (asserted).
        unsafe { v.count().get() }
    }

    /// Every counted variant's first word behind its pointer is the count its type keeps
    /// (`Rc::strong_count`; an `RStr`'s own, seen through clones), through clones and
    /// drops; the last drop frees it.
    #[test]
    fn counted_payloads_count_at_their_pointer() {
        let rc_variants: Vec<(RValue, Strong)> = vec![
            (
                RValue::array(RArray::new()),
                Box::new(|v| match v {
                    RValue::Array(a) => Rc::strong_count(a),
                    _ => unreachable!(),
                }),
            ),
            (
                RValue::hash(RHash::default()),
                Box::new(|v| match v {
                    RValue::Hash(a) => Rc::strong_count(a),
                    _ => unreachable!(),
                }),
            ),
            (
                RValue::Range(Rc::new((RValue::Int(1), RValue::str("x"), false))),
                Box::new(|v| match v {
                    RValue::Range(a) => Rc::strong_count(a),
                    _ => unreachable!(),
                }),
            ),
            (
                RValue::Exception(Rc::new(("E".into(), "m".into()))),
                Box::new(|v| match v {
                    RValue::Exception(a) => Rc::strong_count(a),
                    _ => unreachable!(),
                }),
            ),
        ];
        for (v, strong) in rc_variants {
            assert_eq!((read_count(&v), strong(&v)), (1, 1));
            let copies: Vec<RValue> = (0..3).map(|_| v.clone()).collect();
            assert_eq!((read_count(&v), strong(&v)), (4, 4));
            drop(copies);
            assert_eq!((read_count(&v), strong(&v)), (1, 1));
        }
        for v in [
            RValue::str("abc"),
            RValue::sym("abc"),
            RValue::Class(RStr::from("String")),
            RValue::bytes(vec![0xff, 0]),
        ] {
            assert_eq!(read_count(&v), 1);
            let w = v.clone();
            assert_eq!((read_count(&v), read_count(&w)), (2, 2));
            assert!(v.identical(&w));
            drop(w);
            assert_eq!(read_count(&v), 1);
        }
        // the last drop frees, once: a host object's own drop counted
        let drops = Rc::new(Cell::new(0));
        let h = RValue::host(Counted(drops.clone()));
        let copies = [h.clone(), h.clone()];
        match &h {
            RValue::Host(o) => assert_eq!((Rc::strong_count(o), read_count(&h)), (3, 3)),
            _ => unreachable!(),
        }
        drop(copies);
        assert_eq!(drops.get(), 0);
        drop(h);
        assert_eq!(drops.get(), 1);
        // nested: an array's items dropped with it
        let inner = RValue::host(Counted(drops.clone()));
        let outer = RValue::array(RArray::from_vec(vec![inner, RValue::Int(1)]));
        let shared = outer.clone();
        drop(outer);
        assert_eq!(drops.get(), 1);
        drop(shared);
        assert_eq!(drops.get(), 2);
    }

    /// Values that own nothing are copied and dropped as they are.
    #[test]
    fn plain_values_copied() {
        for v in [
            RValue::Nil,
            RValue::bool(true),
            RValue::Int(-7),
            RValue::float(1.5),
            RValue::Scope,
        ] {
            assert!(v.tag() < FIRST_COUNTED);
            assert!(v.clone().identical(&v));
        }
    }

    /// A payload moved out of its value keeps its one reference.
    #[test]
    fn payload_moved_out() {
        let a = RValue::array(RArray::new());
        let keep = a.clone();
        let rc = a.into_array().unwrap();
        assert_eq!(Rc::strong_count(&rc), 2);
        drop(keep);
        assert_eq!(Rc::strong_count(&rc), 1);
        assert!(RValue::Int(1).into_array().is_err());
        let s = RValue::str("x").into_str().unwrap();
        assert_eq!(&*s, "x");
    }
}
