//! Arithmetic and comparison on Timespan (D) and Timestamp (T) values, with Integer (I) and
//! Float (F) seconds, per the spec's tables. Each function returns `None` when neither
//! operand is a time value (the evaluator's ordinary arithmetic applies), and the
//! reference's error for the illegal combinations. Overflow is an error, never a wrap.
//!
//! Numeric strings are the evaluator's business: it coerces them before calling here; a
//! String operand that reaches this module is reported as not convertible to Numeric.

use super::{nanos_from_f64, Timespan, Timestamp, NANOS_PER_SEC};
use crate::error::Error;
use crate::values::Value;
use std::cmp::Ordering;

/// The time-relevant shape of an operand.
#[derive(Clone, Copy)]
enum Op {
    Span(i128),
    Stamp(i128),
    Int(i64),
    Float(f64),
    /// A SemVer: a Ruby Numeric to the reference, which its time arithmetic takes for a
    /// number and then fails on, naming it a `Version`.
    Version,
    Other,
}

fn op(v: &Value) -> Op {
    match v {
        Value::Timespan(t) => Op::Span(t.nanos),
        Value::Timestamp(t) => Op::Stamp(t.nanos),
        Value::Integer(i) => Op::Int(*i),
        Value::Float(f) => Op::Float(*f),
        Value::SemVer(_) => Op::Version,
        _ => Op::Other,
    }
}

fn is_time(v: &Value) -> bool {
    matches!(v, Value::Timespan(_) | Value::Timestamp(_))
}

/// `a Timespan`, `an Integer`, ...
fn a_an(v: &Value) -> &'static str {
    match v {
        Value::Timespan(_) => "a Timespan",
        Value::Timestamp(_) => "a Timestamp",
        Value::Integer(_) => "an Integer",
        Value::Float(_) => "a Float",
        Value::String(_) => "a String",
        Value::Boolean(_) => "a Boolean",
        Value::Array(_) => "an Array",
        Value::Hash(_) => "a Hash",
        Value::Undef => "an Undef Value",
        Value::Default => "a Default",
        Value::Regexp(_) => "a Regexp",
        Value::Type(_) => "a Type",
        Value::SemVer(_) => "a Semver",
        Value::SemVerRange(_) => "a SemVerRange",
        Value::Sensitive(_) => "a Sensitive",
        Value::Iterator(_) => "an Iterator",
        Value::Binary(_) => "a Binary",
        Value::Object(_) => "an Object",
        Value::Uri(_) => "a URI",
    }
}

/// The operand's class name in comparison errors.
fn label(v: &Value) -> &'static str {
    match v {
        Value::Undef => "Undef Value",
        other => &a_an(other)[a_an(other).find(' ').map_or(0, |i| i + 1)..],
    }
}

fn not_applicable(operator: &str, a: &Value, b: &Value) -> Error {
    if is_time(a) {
        Error::eval(format!(
            "Operator '{operator}' is not applicable to {}.",
            a_an(a)
        ))
    } else {
        Error::eval(format!(
            "Operator '{operator}' is not applicable to {} when right side is {}.",
            a_an(a),
            a_an(b)
        ))
    }
}

fn not_numeric(v: &Value) -> Error {
    Error::eval(format!(
        "The value '{}' cannot be converted to Numeric.",
        crate::format::ruby::not_numeric_shown(v)
    ))
}

fn expression_error(operator: &str, msg: String) -> Error {
    Error::eval(format!(
        "Error while evaluating a '{operator}' expression, {msg}"
    ))
}

/// The reference's error for a result out of any range, signed as the value (`-Infinity`).
fn infinity(operator: &str, value: f64) -> Error {
    let sign = if value < 0.0 { "-" } else { "" };
    expression_error(operator, format!("{sign}Infinity"))
}

fn overflow(operator: &str) -> Error {
    expression_error(operator, "Timespan or Timestamp out of range".into())
}

/// Seconds as nanoseconds: exact for integers, `(f * 1e9).to_i` for floats.
fn secs_nanos(o: Op, operator: &str) -> Result<i128, Error> {
    match o {
        Op::Int(i) => Ok(i as i128 * NANOS_PER_SEC),
        Op::Float(f) => nanos_from_f64(f).map_err(|_| infinity(operator, f)),
        _ => Err(overflow(operator)),
    }
}

fn span(n: Option<i128>, operator: &str) -> Result<Value, Error> {
    n.map(|n| Value::Timespan(Timespan::from_nanos(n)))
        .ok_or_else(|| overflow(operator))
}

fn stamp(n: Option<i128>, operator: &str) -> Result<Value, Error> {
    n.map(|n| Value::Timestamp(Timestamp::from_nanos(n)))
        .ok_or_else(|| overflow(operator))
}

/// `+`: T+D, T+I, T+F, D+T, D+D, D+I, D+F, I+T, F+T, I+D, F+D. T+T is illegal.
pub fn add(a: &Value, b: &Value) -> Option<Result<Value, Error>> {
    if !is_time(a) && !is_time(b) {
        return None;
    }
    Some(add_time(a, b))
}

fn add_time(a: &Value, b: &Value) -> Result<Value, Error> {
    match (op(a), op(b)) {
        (Op::Stamp(_), Op::Stamp(_)) => Err(expression_error(
            "+",
            "A Timestamp cannot be added to a Timestamp".into(),
        )),
        (Op::Stamp(x), Op::Span(y)) | (Op::Span(y), Op::Stamp(x)) => stamp(x.checked_add(y), "+"),
        (Op::Span(x), Op::Span(y)) => span(x.checked_add(y), "+"),
        (Op::Stamp(x), n @ (Op::Int(_) | Op::Float(_)))
        | (n @ (Op::Int(_) | Op::Float(_)), Op::Stamp(x)) => {
            stamp(x.checked_add(secs_nanos(n, "+")?), "+")
        }
        (Op::Span(x), n @ (Op::Int(_) | Op::Float(_)))
        | (n @ (Op::Int(_) | Op::Float(_)), Op::Span(x)) => {
            span(x.checked_add(secs_nanos(n, "+")?), "+")
        }
        (Op::Span(_) | Op::Stamp(_), Op::Version) => version_error("+", "added to", a),
        (Op::Version, Op::Span(_) | Op::Stamp(_)) => version_error("+", "added to", b),
        (Op::Other, _) => Err(not_numeric(a)),
        _ => Err(not_numeric(b)),
    }
}

/// `-`: T-T=D, T-D, T-I, T-F, D-D, D-I, D-F, I-D, F-D. D-T, I-T, F-T are illegal.
pub fn sub(a: &Value, b: &Value) -> Option<Result<Value, Error>> {
    if !is_time(a) && !is_time(b) {
        return None;
    }
    Some(sub_time(a, b))
}

fn sub_time(a: &Value, b: &Value) -> Result<Value, Error> {
    match (op(a), op(b)) {
        (Op::Stamp(x), Op::Stamp(y)) => span(x.checked_sub(y), "-"),
        (Op::Stamp(x), Op::Span(y)) => stamp(x.checked_sub(y), "-"),
        (Op::Stamp(x), n @ (Op::Int(_) | Op::Float(_))) => {
            stamp(x.checked_sub(secs_nanos(n, "-")?), "-")
        }
        (Op::Span(x), Op::Span(y)) => span(x.checked_sub(y), "-"),
        (Op::Span(x), n @ (Op::Int(_) | Op::Float(_))) => {
            span(x.checked_sub(secs_nanos(n, "-")?), "-")
        }
        (n @ (Op::Int(_) | Op::Float(_)), Op::Span(y)) => {
            span(secs_nanos(n, "-")?.checked_sub(y), "-")
        }
        (Op::Span(_), Op::Stamp(_)) => Err(expression_error(
            "-",
            "A Timestamp cannot be subtracted from a Timespan".into(),
        )),
        (Op::Span(_) | Op::Stamp(_), Op::Version) => version_error("-", "subtracted from", a),
        (Op::Version, Op::Span(_)) => Err(Error::eval(format!(
            "Operator '-' is not applicable to {}.",
            a_an(a)
        ))),
        (Op::Int(_) | Op::Float(_) | Op::Version, Op::Stamp(_)) => Err(not_applicable("-", a, b)),
        (Op::Other, _) => Err(not_numeric(a)),
        _ => Err(not_numeric(b)),
    }
}

/// `*`: D*I, D*F, I*D, F*D. Anything with a Timestamp, and D*D, are illegal.
pub fn mul(a: &Value, b: &Value) -> Option<Result<Value, Error>> {
    if !is_time(a) && !is_time(b) {
        return None;
    }
    Some(mul_time(a, b))
}

fn mul_time(a: &Value, b: &Value) -> Result<Value, Error> {
    match (op(a), op(b)) {
        // (the reference converts the right side to a number first)
        (Op::Stamp(_), Op::Other) => Err(not_numeric(b)),
        (Op::Stamp(_), _) => Err(not_applicable("*", a, b)),
        (Op::Span(_), Op::Span(_) | Op::Stamp(_)) => Err(expression_error(
            "*",
            format!("A Timestamp cannot be multiplied by {}", a_an(b)),
        )),
        // (the reference's own words, whatever the operands' order)
        (Op::Span(_), Op::Version) | (Op::Version, Op::Span(_)) => Err(expression_error(
            "*",
            "A Timestamp cannot be multiplied by a Version".into(),
        )),
        (Op::Span(x), Op::Int(i)) | (Op::Int(i), Op::Span(x)) => {
            span(x.checked_mul(i as i128), "*")
        }
        (Op::Span(x), Op::Float(f)) | (Op::Float(f), Op::Span(x)) => {
            let r = x as f64 * f;
            if !r.is_finite() || r.abs() >= 1.0e38 {
                return Err(infinity("*", r));
            }
            span(Some(r.trunc() as i128), "*")
        }
        (Op::Int(_) | Op::Float(_) | Op::Version, Op::Stamp(_)) => Err(not_applicable("*", a, b)),
        (Op::Other, _) => Err(not_numeric(a)),
        _ => Err(not_numeric(b)),
    }
}

/// `/`: D/D=F, D/I=F, D/F=F (the spec's table; the reference gives a Timespan for D/I and
/// D/F). Anything with a Timestamp, I/D and F/D are illegal.
pub fn div(a: &Value, b: &Value) -> Option<Result<Value, Error>> {
    if !is_time(a) && !is_time(b) {
        return None;
    }
    Some(div_time(a, b))
}

fn div_time(a: &Value, b: &Value) -> Result<Value, Error> {
    match (op(a), op(b)) {
        // (the reference converts the right side to a number first)
        (Op::Stamp(_), Op::Other) => Err(not_numeric(b)),
        (Op::Stamp(_), _) => Err(not_applicable("/", a, b)),
        (Op::Span(x), Op::Span(y)) => {
            let r = x as f64 / y as f64;
            if r.is_infinite() {
                return Err(Error::eval("The result of the / expression is Infinity"));
            }
            Ok(Value::Float(r))
        }
        (Op::Span(_), Op::Int(0)) => Err(Error::eval("Division by 0")),
        (Op::Span(_), Op::Float(0.0)) => Err(Error::eval("Division by 0")),
        (Op::Span(x), Op::Int(i)) => Ok(Value::Float(secs_f64(x) / i as f64)),
        (Op::Span(x), Op::Float(f)) => Ok(Value::Float(secs_f64(x) / f)),
        (Op::Span(_), Op::Stamp(_)) => Err(expression_error(
            "/",
            "A Timespan cannot be divided by a Timestamp".into(),
        )),
        (Op::Span(_), Op::Version) => Err(expression_error(
            "/",
            "A Timespan cannot be divided by a Version".into(),
        )),
        (Op::Int(_) | Op::Float(_) | Op::Version, Op::Span(_) | Op::Stamp(_)) => {
            Err(not_applicable("/", a, b))
        }
        (Op::Other, _) => Err(not_numeric(a)),
        _ => Err(not_numeric(b)),
    }
}

/// `%`: D%I=I (whole seconds), I%D=F (the spec's table; the reference rejects it).
/// Anything with a Timestamp, D%D, F%D and D%F are illegal.
pub fn modulo(a: &Value, b: &Value) -> Option<Result<Value, Error>> {
    if !is_time(a) && !is_time(b) {
        return None;
    }
    Some(modulo_time(a, b))
}

fn modulo_time(a: &Value, b: &Value) -> Result<Value, Error> {
    match (op(a), op(b)) {
        (Op::Stamp(_), Op::Other) => Err(not_numeric(b)),
        (Op::Stamp(_), Op::Float(_)) => Err(not_applicable_rhs("%", a, b)),
        (Op::Stamp(_), _) => Err(not_applicable("%", a, b)),
        (Op::Span(_), Op::Int(0)) => Err(Error::eval("Division by 0")),
        (Op::Span(x), Op::Int(i)) => {
            let secs = x / NANOS_PER_SEC;
            let r = secs.rem_euclid(i as i128);
            // Ruby's modulo takes the sign of the divisor.
            let r = if i < 0 && r != 0 { r + i as i128 } else { r };
            i64::try_from(r)
                .map(Value::Integer)
                .map_err(|_| overflow("%"))
        }
        (Op::Span(_), Op::Span(_) | Op::Stamp(_)) => Err(expression_error(
            "%",
            format!("Can not do modulus on a Timespan using a {}", a_an(b)),
        )),
        (Op::Span(_), Op::Version) => Err(expression_error(
            "%",
            "Can not do modulus on a Timespan using a a Version".into(),
        )),
        (Op::Span(_), Op::Float(_)) => Err(not_applicable_rhs("%", a, b)),
        (Op::Int(_), Op::Span(0)) => Err(Error::eval("Division by 0")),
        (Op::Int(i), Op::Span(y)) => {
            let d = secs_f64(y);
            let x = i as f64;
            Ok(Value::Float(x - d * (x / d).floor()))
        }
        (Op::Float(_), Op::Span(_) | Op::Stamp(_)) => {
            Err(Error::eval("Operator '%' is not applicable to a Float."))
        }
        (Op::Int(_), Op::Stamp(_)) | (Op::Version, Op::Span(_) | Op::Stamp(_)) => {
            Err(not_applicable("%", a, b))
        }
        (Op::Other, _) => Err(not_numeric(a)),
        _ => Err(not_numeric(b)),
    }
}

/// `<<`, `>>` with a time value: never applicable. A left operand the reference's numeric
/// coercion refuses (anything but a number, a time value or a version) is reported so.
pub fn shift(operator: &str, a: &Value, b: &Value) -> Option<Result<Value, Error>> {
    if !is_time(a) && !is_time(b) {
        return None;
    }
    Some(Err(match op(a) {
        Op::Other => not_numeric(a),
        _ => not_applicable(operator, a, b),
    }))
}

/// `A Version cannot be added to a Timespan`: a SemVer met by a time value's `+` or `-`
/// (`what`: `added to`, `subtracted from`; `time` the time operand).
fn version_error(operator: &str, what: &str, time: &Value) -> Result<Value, Error> {
    Err(expression_error(
        operator,
        format!("A Version cannot be {what} {}", a_an(time)),
    ))
}

fn not_applicable_rhs(operator: &str, a: &Value, b: &Value) -> Error {
    Error::eval(format!(
        "Operator '{operator}' is not applicable to {} when right side is {}.",
        a_an(a),
        a_an(b)
    ))
}

/// Unary minus: -D = D; a Timestamp cannot be negated.
pub fn neg(a: &Value) -> Option<Result<Value, Error>> {
    match a {
        Value::Timespan(t) => Some(span(t.nanos.checked_neg(), "-")),
        Value::Timestamp(_) => Some(Err(Error::eval(
            "Operator '-' is not applicable to a Timestamp.",
        ))),
        _ => None,
    }
}

fn secs_f64(nanos: i128) -> f64 {
    Timespan::from_nanos(nanos).secs_f64()
}

/// Whole seconds rounded down, as the reference's `to_i` (`Timespan(-0.5)` is -1).
fn floor_secs(nanos: i128) -> i128 {
    nanos.div_euclid(NANOS_PER_SEC)
}

/// Orders D with D, T with T, and either with Integer (compared with the whole seconds,
/// rounded down, as the reference does for `==` and `compare()`) or Float seconds. `None`
/// when not comparable.
pub fn compare(a: &Value, b: &Value) -> Option<Ordering> {
    match (op(a), op(b)) {
        (Op::Span(x), Op::Span(y)) | (Op::Stamp(x), Op::Stamp(y)) => Some(x.cmp(&y)),
        (Op::Span(x) | Op::Stamp(x), Op::Int(i)) => Some(floor_secs(x).cmp(&(i as i128))),
        (Op::Int(i), Op::Span(y) | Op::Stamp(y)) => Some((i as i128).cmp(&floor_secs(y))),
        (Op::Span(x) | Op::Stamp(x), Op::Float(f)) => secs_f64(x).partial_cmp(&f),
        (Op::Float(f), Op::Span(y) | Op::Stamp(y)) => f.partial_cmp(&secs_f64(y)),
        _ => None,
    }
}

/// [`compare`] for the `<`, `<=`, `>`, `>=` operators: `None` when neither operand is a time
/// value, the reference's error when they cannot be compared.
pub fn compare_checked(a: &Value, b: &Value, operator: &str) -> Option<Result<Ordering, Error>> {
    if !is_time(a) && !is_time(b) {
        return None;
    }
    // An Integer on the left orders by the seconds with their fraction (the reference's
    // Ruby coerces both to Float): `1 < Timespan(1.5)`, while `Timespan(1.5) > 1` is false.
    if let (Op::Int(i), Op::Span(y) | Op::Stamp(y)) = (op(a), op(b)) {
        if let Some(o) = (i as f64).partial_cmp(&secs_f64(y)) {
            return Some(Ok(o));
        }
    }
    if let Some(o) = compare(a, b) {
        return Some(Ok(o));
    }
    let cause = match a {
        Value::Timespan(_) => "Timespans are only comparable to Timespans, Integers, and Floats",
        Value::Timestamp(_) => "Timestamps are only comparable to Timestamps, Integers, and Floats",
        Value::String(_) => "A String is not comparable to a non String",
        Value::Integer(_) | Value::Float(_) => {
            "Numbers are only comparable to numbers, Timespans, and Timestamps"
        }
        _ => "Only Strings, Numbers, Timespans, Timestamps, and Versions are comparable",
    };
    Some(Err(Error::eval(format!(
        "Comparison of: {} {operator} {}, is not possible. Caused by '{cause}'.",
        label(a),
        label(b)
    ))))
}

#[cfg(test)]
mod tests;
