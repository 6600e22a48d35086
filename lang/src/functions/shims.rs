//! Calls into modules other helpers build in parallel, one line each, so that integration
//! only has to swap a body. `is_instance` and `describe_mismatch` still reach main's
//! placeholder type system until the `types` branch is merged.

use crate::error::Error;
use crate::time::{Timespan, Timestamp};
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

/// `new(T, args...)` / `T(args...)`.
pub fn new_value(t: &PType, args: &[Value]) -> Result<Value, Error> {
    // (the type read where it is: `resolved()` copied it, an alias's target or not)
    if t.with_resolved(|t| matches!(t, PType::Uri(_))) {
        // (checked against the type: `URI[{scheme => 'http'}]('a')` fails)
        return super::pcore::new_uri(args).and_then(|v| crate::convert::assert_result(t, v));
    }
    // `NotUndef[URI[...]]` and `Optional[URI[...]]` make a URI (undef for the Optional's
    // undef), checked against the whole type, as `NotUndef[SemVer[...]]` does
    let wrapped_uri = t.with_resolved(|t| match t {
        PType::NotUndef(Some(inner)) => inner.with_resolved(|i| matches!(i, PType::Uri(_))),
        PType::Optional(Some(inner)) => {
            !matches!(args, [Value::Undef]) && inner.with_resolved(|i| matches!(i, PType::Uri(_)))
        }
        _ => false,
    });
    if wrapped_uri {
        return super::pcore::new_uri(args).and_then(|v| crate::convert::assert_result(t, v));
    }
    // `Init[T, init_args...](args...)` of an Object type or URI: `T.new(args..., init_args...)`.
    let init = t.with_resolved(|t| match t {
        PType::Init(Some(inner), init_args)
            if inner.with_resolved(|i| matches!(i, PType::Uri(_)))
                || super::pcore::object_type_of(inner).is_some() =>
        {
            // (`Init[P].new([1, 2])` is `P.new(1, 2)` unless `P.new` takes the array as
            // one value)
            let spread = match (args, super::pcore::object_type_of(inner)) {
                ([Value::Array(a)], Some(o)) if init_args.is_empty() => {
                    (!crate::types::object_instance::init_takes_whole(&o, &args[0]))
                        .then(|| a.to_vec())
                }
                _ => None,
            };
            let all: Vec<Value> = match spread {
                Some(values) => values,
                None => args.iter().chain(init_args.iter()).cloned().collect(),
            };
            Some(((**inner).clone(), all))
        }
        _ => None,
    });
    if let Some((inner, all)) = init {
        return new_value(&inner, &all);
    }
    if let Some(o) = super::pcore::object_type_of(t) {
        let optional_undef =
            t.with_resolved(|t| matches!(t, PType::Optional(_))) && matches!(args, [Value::Undef]);
        if !optional_undef {
            // (a parameterized type, `Error['k'].new(...)`, checks the instance made)
            let v = super::pcore::new_object(&o, args)?;
            return crate::convert::assert_result(t, v);
        }
    }
    crate::convert::new_value(t, args)
}

pub fn sprintf(fmt: &str, args: &[Value]) -> Result<String, Error> {
    crate::format::sprintf(fmt, args)
}

pub fn format_timespan(t: &Timespan, fmt: &str) -> Result<String, Error> {
    crate::time::format_timespan(*t, fmt)
}

pub fn format_timestamp(t: &Timestamp, fmt: &str, tz: Option<&str>) -> Result<String, Error> {
    crate::time::format_timestamp(*t, fmt, tz)
}

/// Timespan/Timestamp against each other or numbers.
pub fn compare_time(a: &Value, b: &Value) -> Option<std::cmp::Ordering> {
    crate::time::compare(a, b)
}
