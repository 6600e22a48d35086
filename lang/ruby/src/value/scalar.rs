//! The payloads of `RValue::Bool` and `RValue::Float`, each a word of integer class, so
//! that every variant's payload is one integer-class word at offset 8 and `RValue` is a
//! pair of scalars to the compiler: passed to a function in two registers, and moved as
//! two words. With a `bool` (one byte) or an `f64` (a float register) among the payloads,
//! a value was an aggregate passed by pointer: the caller stored its tag and payload as
//! two words and the callee loaded them as one 16-byte load, which the processor does not
//! forward from the two stores (docs/benchmarks.md, session 44).

use std::fmt;

/// A Ruby `true` or `false`: 0 or 1 in a word.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u64)]
pub enum RBool {
    False = 0,
    True = 1,
}

impl RBool {
    #[inline(always)]
    pub const fn new(b: bool) -> RBool {
        if b {
            RBool::True
        } else {
            RBool::False
        }
    }

    #[inline(always)]
    pub const fn get(self) -> bool {
        matches!(self, RBool::True)
    }
}

impl From<bool> for RBool {
    #[inline(always)]
    fn from(b: bool) -> RBool {
        RBool::new(b)
    }
}

impl From<RBool> for bool {
    #[inline(always)]
    fn from(b: RBool) -> bool {
        b.get()
    }
}

impl PartialEq<bool> for RBool {
    fn eq(&self, other: &bool) -> bool {
        self.get() == *other
    }
}

impl fmt::Debug for RBool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.get(), f)
    }
}

impl fmt::Display for RBool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.get(), f)
    }
}

/// A Ruby float: an `f64`'s bits in a word.
#[derive(Clone, Copy)]
#[repr(transparent)]
pub struct RFloat(u64);

impl RFloat {
    #[inline(always)]
    pub const fn new(f: f64) -> RFloat {
        RFloat(f.to_bits())
    }

    #[inline(always)]
    pub const fn get(self) -> f64 {
        f64::from_bits(self.0)
    }
}

impl From<f64> for RFloat {
    #[inline(always)]
    fn from(f: f64) -> RFloat {
        RFloat::new(f)
    }
}

impl std::ops::Deref for RFloat {
    type Target = f64;
    #[inline(always)]
    fn deref(&self) -> &f64 {
        // SAFETY: `u64` and `f64` have the same size and alignment, and every bit pattern
        // is an `f64`.
        unsafe { &*(&self.0 as *const u64 as *const f64) }
    }
}

/// (As `f64`'s: NaN is not equal to itself, `0.0 == -0.0`.)
impl PartialEq for RFloat {
    fn eq(&self, other: &RFloat) -> bool {
        self.get() == other.get()
    }
}

impl PartialEq<f64> for RFloat {
    fn eq(&self, other: &f64) -> bool {
        self.get() == *other
    }
}

impl PartialOrd<f64> for RFloat {
    fn partial_cmp(&self, other: &f64) -> Option<std::cmp::Ordering> {
        self.get().partial_cmp(other)
    }
}

impl PartialOrd for RFloat {
    fn partial_cmp(&self, other: &RFloat) -> Option<std::cmp::Ordering> {
        self.get().partial_cmp(&other.get())
    }
}

impl fmt::Debug for RFloat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.get(), f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        for b in [true, false] {
            assert_eq!(RBool::new(b).get(), b);
        }
        for f in [0.0, -0.0, 1.5, f64::INFINITY, f64::MIN_POSITIVE] {
            assert_eq!(RFloat::new(f).get().to_bits(), f.to_bits());
            assert_eq!(*RFloat::new(f), f);
        }
        assert!(RFloat::new(f64::NAN) != RFloat::new(f64::NAN));
        assert!(RFloat::new(0.0) == RFloat::new(-0.0));
    }
}
