//! Timespan and Timestamp values (nanosecond precision), their parsing and formatting.

/// A duration in nanoseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timespan {
    pub nanos: i128,
}

/// A point in time: nanoseconds since 1970-01-01T00:00:00 UTC.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timestamp {
    pub nanos: i128,
}

use crate::error::Error;
use crate::values::Value;
use std::cmp::Ordering;

/// `a + b` when either is a time value; `None` otherwise.
pub fn add(_a: &Value, _b: &Value) -> Option<Result<Value, Error>> {
    None
}
pub fn sub(_a: &Value, _b: &Value) -> Option<Result<Value, Error>> {
    None
}
pub fn mul(_a: &Value, _b: &Value) -> Option<Result<Value, Error>> {
    None
}
pub fn div(_a: &Value, _b: &Value) -> Option<Result<Value, Error>> {
    None
}
pub fn modulo(_a: &Value, _b: &Value) -> Option<Result<Value, Error>> {
    None
}
pub fn compare(_a: &Value, _b: &Value) -> Option<Ordering> {
    None
}
