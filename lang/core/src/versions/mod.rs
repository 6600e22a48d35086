//! SemVer values (the `semver` crate's `Version`) and SemVerRange (npm range grammar).
//!
//! - [`range`]: `SemVerRange`, membership with the reference's prerelease rule, merging.
//! - [`grammar`]: the range grammar.
//! - [`construct`]: `SemVer.new` and `SemVerRange.new`.

pub mod construct;
pub mod grammar;
pub mod range;

pub use construct::{semver_new, semver_range_new};
pub use range::{merge_ranges, Bound, Interval, SemVerRange};

use crate::error::Error;
use crate::values::Value;
use semver::Version;
use std::cmp::Ordering;

/// Precedence order: build metadata does not count (`1.0.0+a` is neither before nor after
/// `1.0.0+b`, though the two are not equal).
pub fn cmp_versions(a: &Version, b: &Version) -> Ordering {
    a.cmp_precedence(b)
}

/// A version in the strict form the reference accepts (`1.2.3`, `1.2.3-rc.1+b.5`).
pub fn parse_version(s: &str) -> Option<Version> {
    // Leading `v`, spaces, or missing parts are all rejected by the semver crate too.
    Version::parse(s).ok()
}

/// Whether a prerelease has a numeric identifier with a leading zero (`01`), which the
/// reference's grammar admits and its version class then rejects.
pub(crate) fn leading_zero_identifier(pre: &str) -> bool {
    pre.split('.')
        .any(|p| p.len() > 1 && p.starts_with('0') && p.bytes().all(|b| b.is_ascii_digit()))
}

pub(crate) fn leading_zero_error() -> Error {
    Error::eval("Numeric pre-release identifiers MUST NOT contain leading zeroes")
}

/// The reference's error for a string that is not a version.
pub(crate) fn version_error(s: &str) -> Error {
    let pre = s
        .split_once('-')
        .map(|(_, rest)| rest.split('+').next().unwrap_or(""));
    if let Some(pre) = pre {
        let without = s.replacen(&format!("-{pre}"), "", 1);
        if leading_zero_identifier(pre) && Version::parse(&without).is_ok() {
            return leading_zero_error();
        }
    }
    Error::eval(format!(
        "'new_Version' The string '{s}' cannot be converted to a SemVer"
    ))
}

/// `<major>.<minor>.<patch>[-<prerelease>][+<build>]`, the `%s` form.
pub fn semver_to_string(v: &Version) -> String {
    v.to_string()
}

/// The `%p` form: `SemVer('1.2.3')`.
pub fn semver_programmatic(v: &Version) -> String {
    format!("SemVer('{v}')")
}

/// The `%p` form: `SemVerRange('>=1.0.0 <2.0.0')`.
pub fn semver_range_programmatic(r: &SemVerRange) -> String {
    format!("SemVerRange('{}')", r.text())
}

/// Accessors for the functions module.
pub fn major(v: &Version) -> u64 {
    v.major
}
pub fn minor(v: &Version) -> u64 {
    v.minor
}
pub fn patch(v: &Version) -> u64 {
    v.patch
}
/// The prerelease tag, `None` when there is none.
pub fn prerelease(v: &Version) -> Option<&str> {
    (!v.pre.is_empty()).then(|| v.pre.as_str())
}
/// The build tag, `None` when there is none.
pub fn build(v: &Version) -> Option<&str> {
    (!v.build.is_empty()).then(|| v.build.as_str())
}

/// The reference's error where a version meets a number in arithmetic, a comparison or a
/// negation (`what`: `a '<' expression`, `an Unary Minus`): a version is a Ruby Numeric to
/// it, which Ruby's `Float()` then fails to convert.
pub fn not_a_float(what: &str) -> Error {
    Error::eval(format!(
        "Error while evaluating {what}, can't convert SemanticPuppet::Version into Float"
    ))
}

/// `<`, `<=`, `>`, `>=` with a SemVer operand: `None` when neither operand is a SemVer,
/// the reference's error when the other one is not a SemVer.
pub fn compare_checked(a: &Value, b: &Value, operator: &str) -> Option<Result<Ordering, Error>> {
    match (a, b) {
        (Value::SemVer(x), Value::SemVer(y)) => Some(Ok(cmp_versions(x, y))),
        (Value::SemVer(_), other) => Some(Err(Error::eval(format!(
            "Comparison of: Semver {operator} {}, is not possible. Caused by 'Versions not comparable to non Versions'.",
            label(other)
        )))),
        (Value::Integer(_) | Value::Float(_), Value::SemVer(_)) => {
            Some(Err(not_a_float(&format!("a '{operator}' expression"))))
        }
        (other, Value::SemVer(_)) => {
            let cause = match other {
                Value::String(_) => "A String is not comparable to a non String",
                Value::Timespan(_) => "Timespans are only comparable to Timespans, Integers, and Floats",
                Value::Timestamp(_) => "Timestamps are only comparable to Timestamps, Integers, and Floats",
                _ => "Only Strings, Numbers, Timespans, Timestamps, and Versions are comparable",
            };
            Some(Err(Error::eval(format!(
                "Comparison of: {} {operator} Semver, is not possible. Caused by '{cause}'.",
                label(other)
            ))))
        }
        _ => None,
    }
}

fn label(v: &Value) -> String {
    match v {
        Value::Undef => "Undef Value".into(),
        Value::SemVer(_) => "Semver".into(),
        Value::SemVerRange(_) => "SemverRange".into(),
        Value::Object(o) => o.typ.label().into(),
        other => crate::types::kind_name(other).into(),
    }
}

/// `version =~ range` where the version may be a String: `None` when the string is not a
/// version (the reference answers false).
pub fn range_matches(range: &SemVerRange, v: &Value) -> Option<bool> {
    match v {
        Value::SemVer(v) => Some(range.includes(v)),
        Value::String(s) => parse_version(s).map(|v| range.includes(&v)),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
