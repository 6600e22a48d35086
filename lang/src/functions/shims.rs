//! Calls into modules other helpers are building in parallel. Each shim is one line, so
//! that integration only has to swap its body.

use crate::error::Error;
use crate::types::PType;
use crate::values::Value;

/// SHIM: `types::is_instance`.
pub fn is_instance(t: &PType, v: &Value) -> bool {
    crate::types::is_instance(t, v)
}

/// SHIM: `types::mismatch::describe_mismatch` (`expects an Integer value, got String`).
pub fn describe_mismatch(t: &PType, v: &Value) -> String {
    crate::types::mismatch::describe_mismatch(t, v)
}

/// SHIM: `convert::new_value` (not on main yet): `new(T, args...)` / `T(args...)`.
pub fn new_value(t: &PType, args: &[Value]) -> Result<Value, Error> {
    let _ = args;
    Err(Error::eval(format!(
        "Creating a new {t} is not supported yet"
    )))
}

/// SHIM: `format::sprintf`.
pub fn sprintf(fmt: &str, args: &[Value]) -> Result<String, Error> {
    crate::format::sprintf(fmt, args)
}

/// SHIM: `time::format_timespan` (not on main yet).
pub fn format_timespan(t: &crate::time::Timespan, fmt: &str) -> Result<String, Error> {
    let _ = (t, fmt);
    Err(Error::eval("strftime on a Timespan is not supported yet"))
}

/// SHIM: `time::format_timestamp` (not on main yet).
pub fn format_timestamp(
    t: &crate::time::Timestamp,
    fmt: &str,
    tz: Option<&str>,
) -> Result<String, Error> {
    let _ = (t, fmt, tz);
    Err(Error::eval("strftime on a Timestamp is not supported yet"))
}

/// SHIM: `time::compare` for Timespan/Timestamp against each other or numbers.
pub fn compare_time(a: &Value, b: &Value) -> Option<std::cmp::Ordering> {
    crate::time::compare(a, b)
}
