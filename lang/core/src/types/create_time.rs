//! `[]` on Timespan and Timestamp: bounds from numbers (seconds), time values or strings.
use super::create::count_error_a;
use super::size::{from_gt_to, kind_name};
use super::time_text;
use super::{PType, SpanBound};
use crate::error::Error;
use crate::time::{Timespan, Timestamp};
use crate::values::Value;

const NANOS: f64 = 1e9;

fn unparsable(s: &str, formats: &str) -> Error {
    Error::eval(format!(
        "Error while evaluating a '[]' expression, Unable to parse '{s}' using any of the formats {formats}"
    ))
}

pub(super) fn timespan_of(v: &Value) -> Option<Result<Timespan, Error>> {
    match v {
        Value::Integer(i) => Some(Ok(Timespan {
            nanos: *i as i128 * 1_000_000_000,
        })),
        Value::Float(x) => Some(Ok(Timespan {
            nanos: (x * NANOS).round() as i128,
        })),
        Value::Timespan(t) => Some(Ok(*t)),
        Value::String(s) => Some(
            time_text::parse_timespan(s).ok_or_else(|| unparsable(s, time_text::TIMESPAN_FORMATS)),
        ),
        Value::Hash(h) if h.contains_key(&Value::from("string")) => {
            Some(crate::time::coerce::timespan_from_value(v))
        }
        Value::Hash(h) => Some(timespan_of_fields(h)),
        _ => None,
    }
}

/// `Timespan[{hours => 1}]`: the reference adds up the fields it knows and ignores the
/// others (no validation, unlike `Timespan({...})`).
fn timespan_of_fields(h: &crate::values::Map) -> Result<Timespan, Error> {
    const FIELDS: [(&str, i128); 7] = [
        ("days", 86_400_000_000_000),
        ("hours", 3_600_000_000_000),
        ("minutes", 60_000_000_000),
        ("seconds", 1_000_000_000),
        ("milliseconds", 1_000_000),
        ("microseconds", 1_000),
        ("nanoseconds", 1),
    ];
    let mut nanos: i128 = 0;
    for (name, unit) in FIELDS {
        let add = match h.get(&Value::from(name)) {
            None | Some(Value::Undef) => Some(0),
            Some(Value::Integer(i)) => i128::from(*i).checked_mul(unit),
            Some(Value::Float(x)) if (x * unit as f64).abs() < 1e30 => {
                Some((x * unit as f64).round() as i128)
            }
            Some(other) => {
                return Err(Error::eval(format!(
                    "Error while evaluating a '[]' expression, {} can't be coerced into Integer",
                    ruby_class(other)
                )))
            }
        };
        nanos = add
            .and_then(|n| nanos.checked_add(n))
            .ok_or_else(|| Error::eval("Timespan out of range"))?;
    }
    if h.get(&Value::from("negative"))
        .is_some_and(Value::is_truthy)
    {
        nanos = -nanos;
    }
    Ok(Timespan { nanos })
}

/// A Timespan type bound, remembering float nanoseconds for a Float or a hash with Float
/// fields (see `SpanBound`).
pub(super) fn span_bound_of(v: &Value) -> Option<Result<SpanBound, Error>> {
    let from_float = match v {
        Value::Float(x) => Some(x * NANOS),
        Value::Hash(h) if h.values().any(|f| matches!(f, Value::Float(_))) => None,
        _ => return timespan_of(v).map(|r| r.map(SpanBound::new)),
    };
    timespan_of(v).map(|r| {
        r.map(|span| SpanBound {
            span,
            float_nanos: Some(from_float.unwrap_or(span.nanos as f64)),
        })
    })
}

pub(super) fn timestamp_of(v: &Value) -> Option<Result<Timestamp, Error>> {
    match v {
        Value::Integer(i) => Some(Ok(Timestamp {
            nanos: *i as i128 * 1_000_000_000,
        })),
        Value::Float(x) => Some(Ok(Timestamp {
            nanos: (x * NANOS).round() as i128,
        })),
        Value::Timestamp(t) => Some(Ok(*t)),
        // Strings and hashes are read the way `Timestamp.new` reads them.
        Value::String(s) => Some(time_text::parse_timestamp(s).map(Ok).unwrap_or_else(|| {
            crate::time::coerce::timestamp_from_value(v)
                .map_err(|_| unparsable(s, time_text::TIMESTAMP_FORMATS))
        })),
        Value::Hash(_) => Some(crate::time::coerce::timestamp_from_value(v)),
        _ => None,
    }
}

type TimeBounds<T> = (Option<T>, Option<T>);

pub(super) fn time_range<T: Ord + Copy>(
    t: &PType,
    args: &[Value],
    conv: fn(&Value) -> Option<Result<T, Error>>,
    text: fn(T) -> String,
) -> Result<TimeBounds<T>, Error> {
    let name = if matches!(t, PType::Timespan(..)) {
        "Timespan"
    } else {
        "Timestamp"
    };
    if args.len() > 2 {
        return Err(count_error_a(name, "0 to 2 arguments", args.len()));
    }
    // (no argument, after flattening `Timespan[[]]`: the type without bounds)
    let Some(first) = args.first() else {
        return Ok((None, None));
    };
    let bound = |v: &Value| -> Result<Option<T>, Error> {
        match v {
            // (the reference reads undef as no bound)
            Value::Default | Value::Undef => Ok(None),
            v => match conv(v) {
                Some(r) => r.map(Some),
                None => Err(Error::eval(format!(
                    "Error while evaluating a '[]' expression, Unable to create a Puppet::Pops::Time::{name} from a {}",
                    super::create::ruby_class(v)
                ))),
            },
        }
    };
    let lo = bound(first)?;
    let hi = match args.get(1) {
        Some(v) => bound(v)?,
        // As an Integer range: a minimum, or (spec reading) both bounds.
        None if super::create::single_bound_is_exact() => lo,
        None => None,
    };
    if let (Some(a), Some(b)) = (lo, hi) {
        if a > b {
            return Err(from_gt_to(text(a), text(b)));
        }
    }
    Ok((lo, hi))
}

/// The reference's (Ruby) class name of a value, as some of its errors show it.
fn ruby_class(v: &Value) -> &'static str {
    match v {
        Value::Boolean(true) => "TrueClass",
        Value::Boolean(false) => "FalseClass",
        Value::Undef => "NilClass",
        Value::Default => "Symbol",
        other => kind_name(other),
    }
}
