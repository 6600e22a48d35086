//! The commonest core methods of the core values, answered before the general call path
//! (`Interp::call`): a call with no argument or one and no block whose answer cannot fail
//! (`a[0]`, `x.is_a?(String)`, `h[k]`, `a.empty?`, `d.nil?`, `s.to_s`, `a.delete(x)`,
//! `i < n`, `a - b`). The general path makes an argument list, a `Call`, and tries the receiver's
//! class's methods then every object's (`methods::call`, ~250 instructions before the
//! method's own work); a 3.x function's body is mostly such calls.
//!
//! Each answer here is the one the general path gives (core classes cannot be reopened in
//! the subset, so a core value's methods are always these); `None` sends the call there.

use super::M;
use crate::value::RBool;
use crate::value::RValue;

/// Whether the quick paths may answer for `recv`: the core values whose methods are all
/// the core modules' (not objects, classes or modules of the code's, nor the host's).
#[inline]
pub fn takes(recv: &RValue) -> bool {
    matches!(
        recv,
        RValue::Nil
            | RValue::Bool(_)
            | RValue::Int(_)
            | RValue::Float(_)
            | RValue::Str(_)
            | RValue::Sym(_)
            | RValue::Array(_)
            | RValue::Hash(_)
    )
}

/// Whether `recv == arg` is the core values' equality: not a number's with an object of
/// the code's, whose `==` Ruby's `Integer#==` and `Float#==` call (`obj == 1`).
#[inline]
pub fn equality_is_core(recv: &RValue, arg: &RValue) -> bool {
    !matches!(
        (recv, arg),
        (RValue::Int(_) | RValue::Float(_), RValue::Object(_))
    )
}

/// `recv.name` without arguments (`recv` one that [`takes`]).
pub fn call0(recv: &RValue, id: M) -> Option<RValue> {
    Some(match id {
        M::nil_p => RValue::bool(matches!(recv, RValue::Nil)),
        M::size | M::length => match recv {
            RValue::Array(a) => RValue::Int(a.borrow().len() as i64),
            RValue::Hash(h) => RValue::Int(h.borrow().len() as i64),
            RValue::Str(s) => RValue::Int(s.chars().count() as i64),
            _ => return None,
        },
        M::empty_p => match recv {
            RValue::Array(a) => RValue::Bool(RBool::new(a.borrow().is_empty())),
            RValue::Hash(h) => RValue::Bool(RBool::new(h.borrow().is_empty())),
            RValue::Str(s) => RValue::Bool(RBool::new(s.is_empty())),
            _ => return None,
        },
        M::first | M::last => match recv {
            RValue::Array(a) => {
                let a = a.borrow();
                let v = if id == M::first { a.first() } else { a.last() };
                v.cloned().unwrap_or_default()
            }
            _ => return None,
        },
        M::compact => match recv {
            RValue::Array(a) => super::array::compact(&a.borrow()),
            _ => return None,
        },
        M::to_s => match recv {
            RValue::Str(_) => recv.clone(),
            RValue::Sym(s) => RValue::Str(s.clone()),
            RValue::Nil => RValue::str(""),
            _ => return None,
        },
        // (a new object, as the general path's: `s.dup.equal?(s)` is false)
        M::dup | M::clone => match recv {
            RValue::Array(a) => RValue::array(a.borrow().clone()),
            RValue::Hash(h) => RValue::hash(h.borrow().clone()),
            RValue::Str(s) => RValue::Str(crate::value::RStr::from(&**s)),
            _ => return None,
        },
        M::to_str => match recv {
            RValue::Str(_) => recv.clone(),
            _ => return None,
        },
        _ => return None,
    })
}

/// `recv.name(arg)` (`recv` one that [`takes`]).
pub fn call1(recv: &RValue, id: M, arg: &RValue) -> Option<RValue> {
    Some(match id {
        M::is_a_p | M::kind_of_p => match arg {
            // (a core value is no exception: `Interp::value_is_a` is `is_a` for it)
            RValue::Class(k) => RValue::Bool(RBool::new(is_a(recv, k))),
            _ => return None,
        },
        M::op_aref => match (recv, arg) {
            (RValue::Array(a), RValue::Int(i)) => {
                let v = a.borrow();
                let i = if *i < 0 { i + v.len() as i64 } else { *i };
                usize::try_from(i)
                    .ok()
                    .and_then(|i| v.get(i))
                    .cloned()
                    .unwrap_or_default()
            }
            (RValue::Hash(h), _) => {
                let h = h.borrow();
                match h.get(arg) {
                    Some(v) => v.clone(),
                    // (a default is `hash::missing`'s, on the full path)
                    None if h.default_of_missing().is_some() => return None,
                    None => RValue::Nil,
                }
            }
            _ => return None,
        },
        M::op_shl => match recv {
            RValue::Array(a) => {
                a.borrow_mut().push(arg.clone());
                recv.clone()
            }
            _ => return None,
        },
        M::delete => match recv {
            RValue::Array(a) => super::array::delete(a, arg),
            _ => return None,
        },
        M::op_lt | M::op_le | M::op_gt | M::op_ge | M::op_add | M::op_sub => {
            let (RValue::Int(a), RValue::Int(b)) = (recv, arg) else {
                // `a - b` of arrays (member's `(item - array).empty?`)
                return match (id, recv, arg) {
                    (M::op_sub, RValue::Array(a), RValue::Array(b)) => {
                        let v: crate::value::RArray =
                            super::array::difference(&a.borrow(), &b.borrow());
                        Some(RValue::array(v))
                    }
                    _ => None,
                };
            };
            match id {
                M::op_lt => RValue::Bool(RBool::new(a < b)),
                M::op_le => RValue::Bool(RBool::new(a <= b)),
                M::op_gt => RValue::Bool(RBool::new(a > b)),
                M::op_ge => RValue::Bool(RBool::new(a >= b)),
                // (an overflow becomes a bignum: the general path's)
                M::op_add => RValue::Int(a.checked_add(*b)?),
                _ => RValue::Int(a.checked_sub(*b)?),
            }
        }
        // (a number's `==` asks an object of the code's: `1 == obj` is `obj == 1`)
        M::op_eq | M::op_ne if !equality_is_core(recv, arg) => return None,
        M::op_eq => match recv {
            // (a string equals only a string: `String#==`)
            RValue::Str(s) => RValue::bool(matches!(arg, RValue::Str(o) if **o == **s)),
            _ => RValue::Bool(RBool::new(recv.equals(arg))),
        },
        M::op_ne => RValue::Bool(RBool::new(!recv.equals(arg))),
        M::respond_to_p => match arg {
            RValue::Str(n) | RValue::Sym(n) => {
                RValue::Bool(RBool::new(super::object::responds(recv, n)))
            }
            _ => return None,
        },
        _ => return None,
    })
}

/// `RValue::is_a` of a core value, the core classes code tests most compared as short
/// constant texts (the general test compares the value's class name, then `Object`,
/// `BasicObject` and `Kernel`, each a call of `memcmp`).
fn is_a(recv: &RValue, class: &str) -> bool {
    match class {
        "Array" => matches!(recv, RValue::Array(_)),
        "String" => matches!(recv, RValue::Str(_)),
        "Hash" => matches!(recv, RValue::Hash(_)),
        "Integer" => matches!(recv, RValue::Int(_)),
        "Symbol" => matches!(recv, RValue::Sym(_)),
        "NilClass" => matches!(recv, RValue::Nil),
        _ => recv.is_a(class),
    }
}

#[cfg(test)]
mod tests {
    use super::{is_a, RValue};
    use crate::value::RBool;

    /// The short texts answer as the general test does for every core value.
    #[test]
    fn is_a_is_the_general_test() {
        let values = [
            RValue::Nil,
            RValue::Bool(RBool::True),
            RValue::Int(1),
            RValue::float(1.5),
            RValue::str("x"),
            RValue::sym("x"),
            RValue::array(smallvec::smallvec![]),
            RValue::hash(Default::default()),
        ];
        for v in &values {
            for class in [
                "Array",
                "String",
                "Hash",
                "Integer",
                "Symbol",
                "NilClass",
                "Float",
                "Object",
                "Numeric",
                "Comparable",
                "Enumerable",
            ] {
                assert_eq!(is_a(v, class), v.is_a(class), "{v:?} {class}");
            }
        }
    }
}
