//! `Timespan.new` and `Timestamp.new`: every signature of the reference, with its errors.

use super::dispatch::{mismatch, select, Signature};
use super::span_format::{parse_timespan, parse_timespan_any, parse_timespan_default};
use super::strptime::{parse_timestamp, parse_timestamp_any};
use super::{nanos_from_f64, Timespan, Timestamp, NANOS_PER_SEC};
use crate::error::Error;
use crate::values::Value;

const SECONDS: Signature = Signature {
    text: "Variant[Integer, Float] seconds",
    params: &[("seconds", "Variant[Integer, Float]")],
    min: 1,
};

static SPAN_SIGS: [Signature; 5] = [
    SECONDS,
    Signature {
        text: "String[1] string, Formats = Variant[String[2], Array[String[2], 1]] format?",
        params: &[("string", "String[1]"), ("format", "Formats")],
        min: 1,
    },
    Signature {
        text: "Integer days, Integer hours, Integer minutes, Integer seconds, Integer milliseconds?, Integer microseconds?, Integer nanoseconds?",
        params: &[
            ("days", "Integer"),
            ("hours", "Integer"),
            ("minutes", "Integer"),
            ("seconds", "Integer"),
            ("milliseconds", "Integer"),
            ("microseconds", "Integer"),
            ("nanoseconds", "Integer"),
        ],
        min: 4,
    },
    Signature {
        text: "Struct[{'string' => String[1], Optional['format'] => Formats}] hash_arg",
        params: &[("hash_arg", "Struct[{'string' => String[1], Optional['format'] => Formats}]")],
        min: 1,
    },
    Signature {
        text: "Struct[{Optional['negative'] => Boolean, Optional['days'] => Integer, Optional['hours'] => Integer, Optional['minutes'] => Integer, Optional['seconds'] => Integer, Optional['milliseconds'] => Integer, Optional['microseconds'] => Integer, Optional['nanoseconds'] => Integer}] hash_arg",
        params: &[(
            "hash_arg",
            "Struct[{Optional['negative'] => Boolean, Optional['days'] => Integer, Optional['hours'] => Integer, Optional['minutes'] => Integer, Optional['seconds'] => Integer, Optional['milliseconds'] => Integer, Optional['microseconds'] => Integer, Optional['nanoseconds'] => Integer}]",
        )],
        min: 1,
    },
];

static STAMP_SIGS: [Signature; 4] = [
    Signature { text: "", params: &[], min: 0 },
    SECONDS,
    Signature {
        text: "String[1] string, Formats = Variant[String[2], Array[String[2], 1]] format?, String[1] timezone?",
        params: &[("string", "String[1]"), ("format", "Formats"), ("timezone", "String[1]")],
        min: 1,
    },
    Signature {
        text: "Struct[{'string' => String[1], Optional['format'] => Formats, Optional['timezone'] => String[1]}] hash_arg",
        params: &[(
            "hash_arg",
            "Struct[{'string' => String[1], Optional['format'] => Formats, Optional['timezone'] => String[1]}]",
        )],
        min: 1,
    },
];

/// The fields, largest first (the component form's parameters, the hash form's keys after
/// `negative`, and `Init[Timespan]`'s hash signature).
pub(crate) const FIELD_KEYS: &[&str] = &[
    "days",
    "hours",
    "minutes",
    "seconds",
    "milliseconds",
    "microseconds",
    "nanoseconds",
];

/// A format argument (a `Formats` value): one format or a list of formats to try in turn.
enum Formats<'a> {
    One(&'a str),
    Many(Vec<&'a str>),
}

fn formats_of(v: &Value) -> Formats<'_> {
    match v {
        Value::Array(a) => Formats::Many(a.iter().filter_map(Value::as_str).collect()),
        other => Formats::One(other.as_str().unwrap_or_default()),
    }
}

fn text(v: Option<&Value>) -> Option<&str> {
    v.and_then(Value::as_str)
}

fn seconds(v: &Value) -> Result<i128, Error> {
    match v {
        Value::Float(f) => nanos_from_f64(*f),
        other => Ok(other.as_int().unwrap_or(0) as i128 * NANOS_PER_SEC),
    }
}

/// `Timespan.new(...)` / `Timespan(...)`.
pub fn timespan_new(args: &[Value]) -> Result<Value, Error> {
    let span = match select(&SPAN_SIGS, args) {
        Some(0) => Timespan::from_nanos(seconds(&args[0])?),
        Some(1) => parse_span(text(args.first()), args.get(1))?,
        Some(2) => {
            let fields: Vec<i64> = args.iter().filter_map(Value::as_int).collect();
            Timespan::from_nanos(fields_to_nanos(&fields)?)
        }
        Some(3) => parse_span(text(entry(args, "string")), entry(args, "format"))?,
        Some(_) => {
            let get = |k: &str| entry(args, k).and_then(Value::as_int).unwrap_or(0);
            let fields: Vec<i64> = FIELD_KEYS.iter().map(|k| get(k)).collect();
            let ns = fields_to_nanos(&fields)?;
            match entry(args, "negative") {
                Some(Value::Boolean(true)) => Timespan::from_nanos(-ns),
                _ => Timespan::from_nanos(ns),
            }
        }
        None => return Err(mismatch("new_timespan", &SPAN_SIGS, args)),
    };
    Ok(Value::Timespan(span))
}

/// The entry `key` of the one hash argument of a hash signature.
pub(crate) fn entry<'a>(args: &'a [Value], key: &str) -> Option<&'a Value> {
    match args.first() {
        Some(Value::Hash(h)) => h.get(&Value::from(key)),
        _ => None,
    }
}

fn parse_span(s: Option<&str>, format: Option<&Value>) -> Result<Timespan, Error> {
    let s = s.unwrap_or_default();
    match format.map(formats_of) {
        None => parse_timespan_default(s),
        Some(Formats::One(f)) => parse_timespan(s, f),
        Some(Formats::Many(list)) => parse_timespan_any(s, &list),
    }
}

/// `(((((days * 24 + hours) * 60 + minutes) * 60 + seconds) * 1000 + ms) * 1000 + us) * 1000 + ns`
fn fields_to_nanos(fields: &[i64]) -> Result<i128, Error> {
    const SCALE: [i128; 7] = [24, 60, 60, 1000, 1000, 1000, 1];
    let mut ns: i128 = 0;
    for (i, scale) in SCALE.iter().enumerate() {
        let v = fields.get(i).copied().unwrap_or(0) as i128;
        ns = ns
            .checked_add(v)
            .and_then(|n| n.checked_mul(*scale))
            .ok_or_else(|| Error::eval("Timespan out of range"))?;
    }
    Ok(ns)
}

/// `Timestamp.new(...)` / `Timestamp(...)`; no arguments gives the current time.
pub fn timestamp_new(args: &[Value]) -> Result<Value, Error> {
    let stamp = match select(&STAMP_SIGS, args) {
        Some(0) => Timestamp::now(),
        Some(1) => Timestamp::from_nanos(seconds(&args[0])?),
        Some(2) => parse_stamp(text(args.first()), args.get(1), text(args.get(2)))?,
        Some(_) => parse_stamp(
            text(entry(args, "string")),
            entry(args, "format"),
            text(entry(args, "timezone")),
        )?,
        None => return Err(mismatch("new_timestamp", &STAMP_SIGS, args)),
    };
    Ok(Value::Timestamp(stamp))
}

fn parse_stamp(s: Option<&str>, f: Option<&Value>, tz: Option<&str>) -> Result<Timestamp, Error> {
    let s = s.unwrap_or_default();
    match f.map(formats_of) {
        None => parse_timestamp(s, None, tz),
        Some(Formats::One(f)) => parse_timestamp(s, Some(f), tz),
        Some(Formats::Many(list)) => parse_timestamp_any(s, &list, tz),
    }
}

#[cfg(test)]
mod tests;
