//! Assignability (`T1 >= T2`: every value of T2 is a T1) and type equality.
use super::PType;

/// Whether every instance of `from` is an instance of `to`.
pub fn is_assignable(to: &PType, from: &PType) -> bool {
    to == from || matches!(to, PType::Any)
}

/// The language's `==` on types (both directions assignable, after normalization).
pub fn equal(a: &PType, b: &PType) -> bool {
    is_assignable(a, b) && is_assignable(b, a)
}
