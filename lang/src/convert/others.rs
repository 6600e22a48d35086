//! `String.new`, `Sensitive.new`, `Regexp.new`, `Type.new`, and the version and time
//! types (numeric and simple forms here; the string patterns belong to `crate::time`
//! and `crate::versions`).

use super::{arity, cannot_convert};
use crate::error::Error;
use crate::time::{Timespan, Timestamp};
use crate::types;
use crate::values::{Regexp, Value};
use std::rc::Rc;

/// `String.new(value, format = default)`.
pub fn new_string(args: &[Value]) -> Result<Value, Error> {
    match args {
        [v] => crate::format::format_value(v, &Value::Default).map(Value::from),
        [v, f] => crate::format::format_value(v, f).map(Value::from),
        _ => Err(arity("new_string", 1, 2, args.len())),
    }
}

/// `Sensitive.new(value)`: wraps the value (a Sensitive value is not wrapped twice).
pub fn new_sensitive(args: &[Value]) -> Result<Value, Error> {
    match args {
        [v @ Value::Sensitive(_)] => Ok(v.clone()),
        [v] => Ok(Value::Sensitive(Rc::new(v.clone()))),
        _ => Err(arity("new_Sensitive", 1, 1, args.len())),
    }
}

/// `Regexp.new(string | regexp)`.
pub fn new_regexp(args: &[Value]) -> Result<Value, Error> {
    match args {
        [v @ Value::Regexp(_)] => Ok(v.clone()),
        [Value::String(s)] => Regexp::new(s)
            .map(|r| Value::Regexp(Rc::new(r)))
            .map_err(Error::eval),
        // The reference names its Regexp conversion function 'new_float'.
        [other] => Err(Error::eval(format!(
            "'new_float' parameter 'pattern' expects a String value, got {}",
            types::infer_generalized(other)
        ))),
        _ => Err(arity("new_float", 1, 2, args.len())),
    }
}

/// `Type.new(name)`: a type from its name.
pub fn new_type(args: &[Value]) -> Result<Value, Error> {
    match args {
        [v @ Value::Type(_)] => Ok(v.clone()),
        [Value::String(s)] => types::by_name(s).map(Value::typ).ok_or_else(|| {
            Error::eval(format!(
                "Type.new cannot create the type '{s}' from its string form yet"
            ))
        }),
        _ => Err(arity("new_type", 1, 1, args.len())),
    }
}

fn semver_part(v: Option<&Value>) -> Option<u64> {
    match v {
        Some(Value::Integer(i)) if *i >= 0 => Some(*i as u64),
        _ => None,
    }
}

fn semver_string(v: &Value) -> Result<semver::Version, Error> {
    match v {
        Value::String(s) => semver::Version::parse(s).map_err(|_| {
            Error::eval(format!(
                "'new_Version' The string '{s}' cannot be converted to a SemVer"
            ))
        }),
        other => Err(cannot_convert("new_Version", other, "SemVer")),
    }
}

/// `SemVer.new(string)`, `SemVer.new(major, minor, patch, prerelease?, build?)` and the
/// hash form.
pub fn new_semver(args: &[Value]) -> Result<Value, Error> {
    let version = match args {
        [v @ Value::SemVer(_)] => return Ok(v.clone()),
        [Value::Hash(h)] => {
            let get = |k: &str| h.get(&Value::from(k));
            parts(
                get("major"),
                get("minor"),
                get("patch"),
                get("prerelease"),
                get("build"),
            )?
        }
        [v] => semver_string(v)?,
        [a, b, c, rest @ ..] if rest.len() <= 2 => {
            parts(Some(a), Some(b), Some(c), rest.first(), rest.get(1))?
        }
        _ => return Err(arity("new_Version", 1, 5, args.len())),
    };
    Ok(Value::SemVer(Rc::new(version)))
}

fn parts(
    major: Option<&Value>,
    minor: Option<&Value>,
    patch: Option<&Value>,
    pre: Option<&Value>,
    build: Option<&Value>,
) -> Result<semver::Version, Error> {
    let (Some(major), Some(minor), Some(patch)) =
        (semver_part(major), semver_part(minor), semver_part(patch))
    else {
        return Err(Error::eval(
            "SemVer.new expects non-negative integers for major, minor and patch",
        ));
    };
    let mut v = semver::Version::new(major, minor, patch);
    let text = |x: Option<&Value>| x.and_then(|x| x.as_str().map(str::to_string));
    if let Some(p) = text(pre) {
        v.pre = semver::Prerelease::new(&p).map_err(|e| Error::eval(e.to_string()))?;
    }
    if let Some(b) = text(build) {
        v.build = semver::BuildMetadata::new(&b).map_err(|e| Error::eval(e.to_string()))?;
    }
    Ok(v)
}

/// `SemVerRange.new(...)`: needs the range grammar of `crate::versions`.
pub fn new_semver_range(args: &[Value]) -> Result<Value, Error> {
    match args {
        [v @ Value::SemVerRange(_)] => Ok(v.clone()),
        _ => Err(Error::eval(
            "SemVerRange.new is provided by crate::versions (not available yet)",
        )),
    }
}

fn seconds_to_nanos(v: &Value) -> Option<i128> {
    match v {
        Value::Integer(i) => Some(i128::from(*i) * 1_000_000_000),
        Value::Float(f) if f.is_finite() && f.abs() < 9.0e18 => Some((f * 1e9).round() as i128),
        _ => None,
    }
}

/// `Timespan.new(seconds)` and `Timespan.new(days, hours, minutes, seconds[, ms, us, ns])`;
/// the string forms belong to `crate::time`.
pub fn new_timespan(args: &[Value]) -> Result<Value, Error> {
    match args {
        [] => Err(arity("new_timespan", 1, 7, 0)),
        _ if args.len() > 7 => Err(arity("new_timespan", 1, 7, args.len())),
        [v @ Value::Timespan(_)] => Ok(v.clone()),
        [v] if seconds_to_nanos(v).is_some() => Ok(Value::Timespan(Timespan {
            nanos: seconds_to_nanos(v).unwrap_or(0),
        })),
        [d, h, m, s, rest @ ..] if rest.len() <= 3 => {
            let mut all = vec![d, h, m, s];
            all.extend(rest.iter());
            const UNIT: [i128; 7] = [
                86_400_000_000_000,
                3_600_000_000_000,
                60_000_000_000,
                1_000_000_000,
                1_000_000,
                1_000,
                1,
            ];
            let mut nanos: i128 = 0;
            for (v, unit) in all.iter().zip(UNIT) {
                let Value::Integer(i) = v else {
                    return Err(Error::eval(
                        "Timespan.new expects integer days, hours, minutes and seconds",
                    ));
                };
                nanos = nanos.saturating_add(i128::from(*i).saturating_mul(unit));
            }
            Ok(Value::Timespan(Timespan { nanos }))
        }
        _ => Err(Error::eval(
            "Timespan.new from a string is provided by crate::time (not available yet)",
        )),
    }
}

/// `Timestamp.new(seconds since the epoch)`; the string forms belong to `crate::time`.
pub fn new_timestamp(args: &[Value]) -> Result<Value, Error> {
    match args {
        [v @ Value::Timestamp(_)] => Ok(v.clone()),
        [v] if seconds_to_nanos(v).is_some() => Ok(Value::Timestamp(Timestamp {
            nanos: seconds_to_nanos(v).unwrap_or(0),
        })),
        _ => Err(Error::eval(
            "Timestamp.new from a string is provided by crate::time (not available yet)",
        )),
    }
}
