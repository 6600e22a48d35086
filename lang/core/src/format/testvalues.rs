//! Test support: values described in JSON (the test data files), and the few types the
//! test data names.

use crate::time::{Timespan, Timestamp};
use crate::types::{IntRange, PType};
use crate::values::{LazyIter, Map, Regexp, Value};
use serde_json::Value as Json;
use std::rc::Rc;

/// The types test data refers to by name.
pub fn type_named(name: &str) -> PType {
    let bound = |s: &str| -> i64 {
        match s.trim() {
            "default" => i64::MAX,
            n => n.parse().unwrap_or_else(|_| panic!("bad bound in {name}")),
        }
    };
    if let Some(args) = name
        .strip_prefix("Integer[")
        .and_then(|r| r.strip_suffix(']'))
    {
        let (a, b) = args.split_once(',').unwrap_or((args, args));
        let from = if a.trim() == "default" {
            i64::MIN
        } else {
            bound(a)
        };
        return PType::Integer(IntRange::new(from, bound(b)));
    }
    if let Some(inner) = name
        .strip_prefix("Optional[")
        .and_then(|r| r.strip_suffix(']'))
    {
        return PType::Optional(Some(Box::new(type_named(inner))));
    }
    if let Some(inner) = name
        .strip_prefix("NotUndef[")
        .and_then(|r| r.strip_suffix(']'))
    {
        return PType::NotUndef(Some(Box::new(type_named(inner))));
    }
    if let Some(inner) = name
        .strip_prefix("Sensitive[")
        .and_then(|r| r.strip_suffix(']'))
    {
        return PType::Sensitive(Some(Box::new(type_named(inner))));
    }
    match name {
        "Any" => PType::Any,
        "Integer" => PType::Integer(IntRange::ANY),
        "Float" => PType::Float(f64::NEG_INFINITY, f64::INFINITY),
        "Numeric" => PType::Numeric,
        "String" => PType::String {
            size: IntRange::SIZE,
            value: None,
        },
        "Boolean" => PType::Boolean(None),
        "Array" => PType::Array(Box::new(PType::Any), IntRange::SIZE),
        "Hash" => PType::Hash(Box::new(PType::Any), Box::new(PType::Any), IntRange::SIZE),
        "Tuple" => PType::Tuple(Vec::new(), None),
        "Struct" => PType::Struct(None),
        "Undef" => PType::Undef,
        "Default" => PType::Default,
        "Regexp" => PType::Regexp(None),
        "Sensitive" => PType::Sensitive(None),
        "SemVer" => PType::SemVer(Vec::new()),
        "Timespan" => PType::Timespan(None, None),
        "Timestamp" => PType::Timestamp(None, None),
        "Scalar" => PType::Scalar,
        "Data" => PType::Data,
        "Type" => PType::Type(None),
        other => panic!("test data names an unknown type {other}"),
    }
}

/// A value from its JSON description: JSON scalars and arrays as themselves, and
/// `{"$": "undef" | "default"}`, `{"$hash": [[k, v], ...]}`, `{"$re": src}`,
/// `{"$type": name}`, `{"$sensitive": v}`, `{"$timespan_ns": n}`, `{"$timestamp_ns": n}`,
/// `{"$semver": text}`, `{"$rev": v}` (a reverse iterator).
pub fn value(j: &Json) -> Value {
    match j {
        Json::Null => Value::Undef,
        Json::Bool(b) => Value::Boolean(*b),
        Json::Number(n) => match n.as_i64() {
            Some(i) if !n.is_f64() => Value::Integer(i),
            _ => Value::Float(n.as_f64().unwrap_or(f64::NAN)),
        },
        Json::String(s) => Value::from(s.as_str()),
        Json::Array(items) => Value::array(items.iter().map(value).collect()),
        Json::Object(o) => {
            let (tag, arg) = o.iter().next().expect("tagged value");
            match tag.as_str() {
                "$" if arg == "undef" => Value::Undef,
                "$" if arg == "default" => Value::Default,
                "$hash" => {
                    let mut map = Map::default();
                    for pair in arg.as_array().expect("pairs") {
                        let kv = pair.as_array().expect("pair");
                        map.insert(value(&kv[0]), value(&kv[1]));
                    }
                    Value::hash(map)
                }
                "$re" => Value::Regexp(Rc::new(
                    Regexp::new(arg.as_str().expect("source")).expect("valid regexp"),
                )),
                "$type" => Value::typ(type_named(arg.as_str().expect("type name"))),
                "$sensitive" => Value::Sensitive(Rc::new(value(arg))),
                "$timespan_ns" => Value::Timespan(Timespan {
                    nanos: arg.as_i64().expect("nanos") as i128,
                }),
                "$timestamp_ns" => Value::Timestamp(Timestamp {
                    nanos: arg.as_i64().expect("nanos") as i128,
                }),
                "$rev" => Value::Iterator(Rc::new(LazyIter::Reverse(value(arg)))),
                "$semver" => Value::SemVer(Rc::new(
                    semver::Version::parse(arg.as_str().expect("version")).expect("semver"),
                )),
                other => panic!("unknown value tag {other}"),
            }
        }
    }
}
