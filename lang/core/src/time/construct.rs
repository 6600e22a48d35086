//! `Timespan.new` and `Timestamp.new`: every signature of the reference, with its errors.

use super::dispatch::{arity_reason, expects, got, mismatch, struct_reasons, Signature};
use super::span_format::{parse_timespan, parse_timespan_any, parse_timespan_default};
use super::strptime::{parse_timestamp, parse_timestamp_any};
use super::{nanos_from_f64, Timespan, Timestamp, NANOS_PER_SEC};
use crate::error::Error;
use crate::values::Value;

const FORMATS: &str = "Formats = Variant[String[2], Array[String[2], 1]]";

const SPAN_SIGS: [Signature; 5] = [
    Signature { text: "Variant[Integer, Float] seconds", min: 1, max: 1 },
    Signature { text: "String[1] string, Formats = Variant[String[2], Array[String[2], 1]] format?", min: 1, max: 2 },
    Signature {
        text: "Integer days, Integer hours, Integer minutes, Integer seconds, Integer milliseconds?, Integer microseconds?, Integer nanoseconds?",
        min: 4,
        max: 7,
    },
    Signature { text: "Struct[{'string' => String[1], Optional['format'] => Formats}] hash_arg", min: 1, max: 1 },
    Signature {
        text: "Struct[{Optional['negative'] => Boolean, Optional['days'] => Integer, Optional['hours'] => Integer, Optional['minutes'] => Integer, Optional['seconds'] => Integer, Optional['milliseconds'] => Integer, Optional['microseconds'] => Integer, Optional['nanoseconds'] => Integer}] hash_arg",
        min: 1,
        max: 1,
    },
];

const STAMP_SIGS: [Signature; 4] = [
    Signature { text: "", min: 0, max: 0 },
    Signature { text: "Variant[Integer, Float] seconds", min: 1, max: 1 },
    Signature {
        text: "String[1] string, Formats = Variant[String[2], Array[String[2], 1]] format?, String[1] timezone?",
        min: 1,
        max: 3,
    },
    Signature {
        text: "Struct[{'string' => String[1], Optional['format'] => Formats, Optional['timezone'] => String[1]}] hash_arg",
        min: 1,
        max: 1,
    },
];

/// The keys of the hash form with fields (its Struct's, in order): `negative`, then the fields.
const FIELD_HASH_KEYS: [&str; 8] = [
    "negative",
    "days",
    "hours",
    "minutes",
    "seconds",
    "milliseconds",
    "microseconds",
    "nanoseconds",
];
/// The fields, largest first (also the component form's parameters, and `Init[Timespan]`'s
/// hash signature).
pub(crate) const FIELD_KEYS: &[&str] = FIELD_HASH_KEYS.split_at(1).1;

/// A format argument: one format or a list of formats to try in turn.
enum Formats<'a> {
    One(&'a str),
    Many(Vec<&'a str>),
}

fn formats_of(v: &Value) -> Result<Formats<'_>, Vec<String>> {
    let is_format = |f: &Value| matches!(f, Value::String(s) if s.chars().count() >= 2);
    match v {
        Value::String(s) if s.chars().count() >= 2 => Ok(Formats::One(s)),
        Value::Array(a) if !a.is_empty() && a.iter().all(is_format) => {
            Ok(Formats::Many(a.iter().filter_map(Value::as_str).collect()))
        }
        Value::Array(a) => {
            let second = if a.is_empty() {
                "variant 1 expects size to be at least 1, got 0".to_string()
            } else {
                let (i, bad) = a
                    .iter()
                    .enumerate()
                    .find(|(_, f)| !is_format(f))
                    .unwrap_or((0, &a[0]));
                match bad {
                    Value::String(_) => {
                        format!("variant 1 index {i} expects a String[2] value, got String")
                    }
                    other => format!(
                        "variant 1 index {i} expects a String value, got {}",
                        got(other)
                    ),
                }
            };
            Err(vec![
                "variant 0 expects a String value, got Array".to_string(),
                second,
            ])
        }
        other => Err(vec![format!(
            "expects a {FORMATS} value, got {}",
            got(other)
        )]),
    }
}

/// Reasons as lines: `prefix tail` for each tail.
fn lines(prefix: &str, tails: Vec<String>) -> String {
    tails
        .iter()
        .map(|t| format!("{prefix} {t}"))
        .collect::<Vec<_>>()
        .join("\n    rejected: ")
}

fn string1(v: &Value) -> Result<&str, String> {
    match v {
        Value::String(s) if !s.is_empty() => Ok(s),
        Value::String(_) => Err("a String[1] value, got String".into()),
        other => Err(format!("a String value, got {}", got(other))),
    }
}

fn seconds_reason(v: &Value) -> Option<String> {
    match v {
        Value::Integer(_) | Value::Float(_) => None,
        other => Some(format!(
            "parameter 'seconds' expects a value of type Integer or Float, got {}",
            got(other)
        )),
    }
}

fn span_string_entry(key: &str, v: &Value) -> Option<Vec<String>> {
    match key {
        "string" => expects(string1(v)),
        "format" => formats_of(v).err(),
        _ => None,
    }
}

fn span_field_entry(key: &str, v: &Value) -> Option<Vec<String>> {
    match (key, v) {
        ("negative", Value::Boolean(_)) => None,
        ("negative", other) => Some(vec![format!("expects a Boolean value, got {}", got(other))]),
        (_, Value::Integer(_)) => None,
        (_, other) => Some(vec![format!(
            "expects an Integer value, got {}",
            got(other)
        )]),
    }
}

fn stamp_entry(key: &str, v: &Value) -> Option<Vec<String>> {
    match key {
        "string" | "timezone" => expects(string1(v)),
        "format" => formats_of(v).err(),
        _ => None,
    }
}

/// `Timespan.new(...)` / `Timespan(...)`.
pub fn timespan_new(args: &[Value]) -> Result<Value, Error> {
    match args {
        [Value::Integer(i)] => Ok(Value::Timespan(Timespan::from_secs(*i))),
        [Value::Float(f)] => Ok(Value::Timespan(Timespan::from_nanos(nanos_from_f64(*f)?))),
        [Value::String(s), rest @ ..] if !s.is_empty() && rest.len() <= 1 => {
            let format = match rest.first() {
                None => return parse_timespan_default(s).map(Value::Timespan),
                Some(f) => formats_of(f),
            };
            match format {
                Ok(f) => parse_span_with(s, &f).map(Value::Timespan),
                Err(_) => Err(span_mismatch(args)),
            }
        }
        [Value::Hash(h)] => {
            if h.contains_key(&Value::from("string")) {
                let bad = struct_reasons(
                    "hash_arg",
                    h,
                    &["string"],
                    &["string", "format"],
                    &span_string_entry,
                );
                if !bad.is_empty() {
                    return Err(span_mismatch(args));
                }
                let s = h
                    .get(&Value::from("string"))
                    .and_then(Value::as_str)
                    .unwrap_or("");
                match h.get(&Value::from("format")) {
                    None => parse_timespan_default(s).map(Value::Timespan),
                    Some(f) => match formats_of(f) {
                        Ok(f) => parse_span_with(s, &f).map(Value::Timespan),
                        Err(_) => Err(span_mismatch(args)),
                    },
                }
            } else {
                if !struct_reasons("hash_arg", h, &[], &FIELD_HASH_KEYS, &span_field_entry)
                    .is_empty()
                {
                    return Err(span_mismatch(args));
                }
                let get = |k: &str| h.get(&Value::from(k)).and_then(Value::as_int).unwrap_or(0);
                let fields: Vec<i64> = FIELD_KEYS.iter().map(|k| get(k)).collect();
                let negative =
                    matches!(h.get(&Value::from("negative")), Some(Value::Boolean(true)));
                let ns = fields_to_nanos(&fields)?;
                Ok(Value::Timespan(Timespan::from_nanos(if negative {
                    -ns
                } else {
                    ns
                })))
            }
        }
        _ if (4..=7).contains(&args.len())
            && args.iter().all(|a| matches!(a, Value::Integer(_))) =>
        {
            let fields: Vec<i64> = args.iter().filter_map(Value::as_int).collect();
            Ok(Value::Timespan(Timespan::from_nanos(fields_to_nanos(
                &fields,
            )?)))
        }
        _ => Err(span_mismatch(args)),
    }
}

fn parse_span_with(s: &str, f: &Formats) -> Result<Timespan, Error> {
    match f {
        Formats::One(f) => parse_timespan(s, f),
        Formats::Many(list) => parse_timespan_any(s, list),
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

fn span_mismatch(args: &[Value]) -> Error {
    let n = args.len();
    let first = args.first();
    let mut reasons: Vec<Vec<String>> = Vec::new();
    // seconds
    reasons.push(
        arity_reason(&SPAN_SIGS[0], n)
            .or_else(|| first.and_then(seconds_reason))
            .into_iter()
            .collect(),
    );
    // string, format
    reasons.push(
        arity_reason(&SPAN_SIGS[1], n)
            .or_else(|| {
                first
                    .and_then(|a| string1(a).err())
                    .map(|e| format!("parameter 'string' expects {e}"))
            })
            .or_else(|| {
                args.get(1)
                    .and_then(|f| formats_of(f).err())
                    .map(|e| lines("parameter 'format'", e))
            })
            .into_iter()
            .collect(),
    );
    // fields
    let field_names = [
        "days",
        "hours",
        "minutes",
        "seconds",
        "milliseconds",
        "microseconds",
        "nanoseconds",
    ];
    reasons.push(
        arity_reason(&SPAN_SIGS[2], n)
            .or_else(|| {
                args.iter().zip(field_names).find_map(|(a, name)| match a {
                    Value::Integer(_) => None,
                    other => Some(format!(
                        "parameter '{name}' expects an Integer value, got {}",
                        got(other)
                    )),
                })
            })
            .into_iter()
            .collect(),
    );
    // hashes
    for (i, (required, allowed, entry)) in [
        (
            &["string"][..],
            &["string", "format"][..],
            &span_string_entry as &dyn Fn(&str, &Value) -> Option<Vec<String>>,
        ),
        (&[][..], &FIELD_HASH_KEYS[..], &span_field_entry),
    ]
    .into_iter()
    .enumerate()
    {
        let sig = &SPAN_SIGS[3 + i];
        let r = match (arity_reason(sig, n), first) {
            (Some(r), _) => vec![r],
            (None, Some(Value::Hash(h))) => struct_reasons("hash_arg", h, required, allowed, entry),
            (None, Some(other)) => {
                vec![format!(
                    "parameter 'hash_arg' expects a Struct value, got {}",
                    got(other)
                )]
            }
            (None, None) => Vec::new(),
        };
        reasons.push(r);
    }
    mismatch("new_timespan", &SPAN_SIGS, args, &reasons)
}

/// `Timestamp.new(...)` / `Timestamp(...)`; no arguments gives the current time.
pub fn timestamp_new(args: &[Value]) -> Result<Value, Error> {
    match args {
        [] => Ok(Value::Timestamp(Timestamp::now())),
        [Value::Integer(i)] => Ok(Value::Timestamp(Timestamp::from_nanos(
            *i as i128 * NANOS_PER_SEC,
        ))),
        [Value::Float(f)] => Ok(Value::Timestamp(Timestamp::from_nanos(nanos_from_f64(*f)?))),
        [Value::String(s), rest @ ..] if !s.is_empty() && rest.len() <= 2 => {
            let format = match rest.first() {
                None => None,
                Some(f) => Some(formats_of(f).map_err(|_| stamp_mismatch(args))?),
            };
            let tz = match rest.get(1) {
                None => None,
                Some(z) => Some(string1(z).map_err(|_| stamp_mismatch(args))?),
            };
            parse_stamp_with(s, format.as_ref(), tz).map(Value::Timestamp)
        }
        [Value::Hash(h)] => {
            if !struct_reasons(
                "hash_arg",
                h,
                &["string"],
                &["string", "format", "timezone"],
                &stamp_entry,
            )
            .is_empty()
            {
                return Err(stamp_mismatch(args));
            }
            let s = h
                .get(&Value::from("string"))
                .and_then(Value::as_str)
                .unwrap_or("");
            let format = h
                .get(&Value::from("format"))
                .and_then(|f| formats_of(f).ok());
            let tz = h.get(&Value::from("timezone")).and_then(Value::as_str);
            parse_stamp_with(s, format.as_ref(), tz).map(Value::Timestamp)
        }
        _ => Err(stamp_mismatch(args)),
    }
}

fn parse_stamp_with(s: &str, f: Option<&Formats>, tz: Option<&str>) -> Result<Timestamp, Error> {
    match f {
        None => parse_timestamp(s, None, tz),
        Some(Formats::One(f)) => parse_timestamp(s, Some(f), tz),
        Some(Formats::Many(list)) => parse_timestamp_any(s, list, tz),
    }
}

fn stamp_mismatch(args: &[Value]) -> Error {
    let n = args.len();
    let first = args.first();
    let reasons: Vec<Vec<String>> = vec![
        arity_reason(&STAMP_SIGS[0], n).into_iter().collect(),
        arity_reason(&STAMP_SIGS[1], n)
            .or_else(|| first.and_then(seconds_reason))
            .into_iter()
            .collect(),
        arity_reason(&STAMP_SIGS[2], n)
            .or_else(|| {
                first
                    .and_then(|a| string1(a).err())
                    .map(|e| format!("parameter 'string' expects {e}"))
            })
            .or_else(|| {
                args.get(1)
                    .and_then(|f| formats_of(f).err())
                    .map(|e| lines("parameter 'format'", e))
            })
            .or_else(|| {
                args.get(2)
                    .and_then(|z| string1(z).err())
                    .map(|e| format!("parameter 'timezone' expects {e}"))
            })
            .into_iter()
            .collect(),
        match (arity_reason(&STAMP_SIGS[3], n), first) {
            (Some(r), _) => vec![r],
            (None, Some(Value::Hash(h))) => struct_reasons(
                "hash_arg",
                h,
                &["string"],
                &["string", "format", "timezone"],
                &stamp_entry,
            ),
            (None, Some(other)) => {
                vec![format!(
                    "parameter 'hash_arg' expects a Struct value, got {}",
                    got(other)
                )]
            }
            (None, None) => Vec::new(),
        },
    ];
    mismatch("new_timestamp", &STAMP_SIGS, args, &reasons)
}

#[cfg(test)]
mod tests;
