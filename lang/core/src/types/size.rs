//! Shared helpers for `[]` arguments: size ranges, value kind names, articles.
use super::{IntRange, PType};
use crate::error::Error;
use crate::values::Value;

/// The simple kind name of a value, as the reference's errors name it (`Got String`).
pub fn kind_name(v: &Value) -> &'static str {
    match v {
        Value::Undef => "Undef",
        Value::Default => "Default",
        Value::Boolean(_) => "Boolean",
        Value::Integer(_) => "Integer",
        Value::Float(_) => "Float",
        Value::String(_) => "String",
        Value::Regexp(_) => "Regexp",
        Value::Array(_) => "Array",
        Value::Hash(_) => "Hash",
        Value::Type(_) => "Type",
        Value::Timespan(_) => "Timespan",
        Value::Timestamp(_) => "Timestamp",
        Value::SemVer(_) => "SemVer",
        Value::SemVerRange(_) => "SemVerRange",
        Value::Sensitive(_) => "Sensitive",
        Value::Iterator(_) => "Iterator",
        Value::Binary(_) => "Binary",
        Value::Object(_) => "Object",
        Value::Uri(_) => "URI",
    }
}

/// `a` or `an` for a word.
pub fn article(word: &str) -> &'static str {
    match word.chars().next() {
        Some(c) if "AEIOUaeiou".contains(c) => "an",
        _ => "a",
    }
}

/// `a String`, `an Integer`.
pub fn with_article(word: &str) -> String {
    format!("{} {word}", article(word))
}

pub fn from_gt_to(from: impl std::fmt::Display, to: impl std::fmt::Display) -> Error {
    Error::eval(format!(
        "Error while evaluating a '[]' expression, 'from' must be less or equal to 'to'. Got ({from}, {to}"
    ))
}

/// One size bound: an integer (negative clamps to 0 for `from`) or `default`.
fn bound(v: &Value, dflt: i64) -> Result<i64, Error> {
    match v {
        Value::Integer(i) => Ok(*i),
        Value::Default => Ok(dflt),
        Value::Type(t) => Err(size_arg_error(&format!(
            "{}-Type",
            with_article(&type_base(t))
        ))),
        // (an Error is the reference's `Puppet::DataTypes::Error`)
        other => Err(size_arg_error(&with_article(
            &crate::format::ruby::class_name(other),
        ))),
    }
}

fn size_arg_error(got: &str) -> Error {
    Error::eval(format!(
        "A Type's size constraint arguments must be a single Integer type, or 1-2 integers (or default). Got {got}"
    ))
}

/// The name of the reference's class of a type, as its errors label it: `Integer` for
/// `Integer[1, 2]`, `Resource` for `File`, `Object` for an object type (`Error`, an alias
/// of `Object[{...}]`), `TypeAlias` for an alias (`Data` and `RichData` are aliases there).
fn type_base(t: &PType) -> String {
    match t {
        PType::Alias(a) => match a.resolved() {
            PType::ObjectType(_) => "Object".into(),
            PType::TypeSetType(_) => "TypeSet".into(),
            _ => "TypeAlias".into(),
        },
        PType::Data | PType::RichData => "TypeAlias".into(),
        PType::ObjectType(_) => "Object".into(),
        PType::Resource { .. } => "Resource".into(),
        _ => {
            let s = t.to_string();
            s.split('[').next().unwrap_or_default().to_string()
        }
    }
}

/// A size constraint from 1 or 2 arguments: integers, `default`, or one `Integer[a, b]` type.
pub fn size_range(args: &[Value]) -> Result<IntRange, Error> {
    let (from, to) = match args {
        [Value::Type(t)] => match &**t {
            PType::Integer(r) => (r.from, r.to),
            other => {
                return Err(size_arg_error(&format!(
                    "{}-Type",
                    with_article(&type_base(other))
                )))
            }
        },
        // (`default` as the minimum is no bound: `String[default, -1]` is `String[0, 0]`)
        [a] => (bound(a, i64::MIN)?, i64::MAX),
        [a, b] => (bound(a, i64::MIN)?, bound(b, i64::MAX)?),
        _ => return Ok(IntRange::SIZE),
    };
    // The reference checks the range as written, then makes it a size (`to_size`): a
    // negative `from` is 0, and so is a negative `to` then (`String[-1, -1]` is `String[0,
    // 0]`).
    if from > to {
        return Err(from_gt_to(from, to));
    }
    if from < 0 {
        return Ok(IntRange::given(0, to.max(0)));
    }
    Ok(IntRange::given(from, to))
}

/// Whether a value can be a size bound (an integer or `default`).
pub fn is_bound(v: &Value) -> bool {
    matches!(v, Value::Integer(_) | Value::Default)
}
