//! Type mismatch descriptions, worded as the reference words them.
use super::PType;
use crate::values::Value;

/// `expects an Integer value, got String`
pub fn describe_mismatch(expected: &PType, actual: &Value) -> String {
    format!("expects {expected} value, got {actual:?}")
}
