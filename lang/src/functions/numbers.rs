//! Numeric functions: `abs`, `ceiling`, `floor`, `round`, `min`, `max`.

use super::collections::{merge_sort, natural_order};
use super::signature::dispatch;
use super::{builtin, Builtin};
use crate::error::Error;
use crate::eval::{Closure, EvalResult, Evaluator};
use crate::values::Value;
use std::cmp::Ordering;

/// A numeric string as Ruby's `Float()`/`Integer()` would read it (decimal only).
fn parse_number(s: &str) -> Option<Value> {
    let t = s.trim();
    if let Ok(i) = t.parse::<i64>() {
        return Some(Value::Integer(i));
    }
    let looks_float = t
        .trim_start_matches(['-', '+'])
        .starts_with(|c: char| c.is_ascii_digit());
    match t.parse::<f64>() {
        Ok(f) if looks_float && f.is_finite() => Some(Value::Float(f)),
        _ => None,
    }
}

fn float_to_int(f: f64) -> Result<Value, Error> {
    if f.is_finite() && f >= i64::MIN as f64 && f <= i64::MAX as f64 {
        Ok(Value::Integer(f as i64))
    } else {
        Err(Error::eval(format!("{f} is out of the range of Integer")))
    }
}

fn abs(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    let v = match dispatch(ev, args, b)? {
        0 => args[0].clone(),
        _ => {
            let s = args[0].as_str().unwrap_or_default();
            ev.deprecation("The abs() function's auto conversion of String to Numeric is deprecated - change to convert input before calling");
            parse_number(s).ok_or_else(|| {
                Error::eval(
                    "abs(): Requires float or integer to work with - was given non decimal string",
                )
            })?
        }
    };
    Ok(match v {
        Value::Integer(i) => Value::Integer(i.checked_abs().ok_or_else(|| {
            Error::eval(format!(
                "abs(): {i} has no absolute value in the Integer range"
            ))
        })?),
        Value::Float(f) => Value::Float(f.abs()),
        other => other,
    })
}

/// `ceiling` and `floor`: a number, or (deprecated) a numeric string, rounded to an integer.
fn rounding(
    ev: &mut Evaluator,
    args: &[Value],
    b: Option<&Closure>,
    name: &str,
    f: fn(f64) -> f64,
) -> EvalResult {
    let v = match dispatch(ev, args, b)? {
        0 => args[0].clone(),
        _ => {
            ev.deprecation(&format!("The {name}() function's auto conversion of String to Float is deprecated - change to convert input before calling"));
            let s = args[0].as_str().unwrap_or_default();
            parse_number(s).ok_or_else(|| {
                Error::eval(format!(
                    "{name}(): cannot convert given value to a floating point value."
                ))
            })?
        }
    };
    Ok(match v {
        Value::Integer(i) => Value::Integer(i),
        Value::Float(x) => float_to_int(f(x))?,
        other => other,
    })
}

fn ceiling(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    rounding(ev, args, b, "ceiling", f64::ceil)
}

fn floor(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    rounding(ev, args, b, "floor", f64::floor)
}

fn round(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    Ok(match &args[0] {
        Value::Float(x) => float_to_int(x.round())?,
        other => other.clone(),
    })
}

/// Whether a string looks like a number to min/max's deprecated coercion.
fn numeric_text(s: &str) -> Option<f64> {
    let body = s.strip_prefix('-').unwrap_or(s);
    let digits = body
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(body.len());
    if digits == 0 {
        return None;
    }
    let rest = &body[digits..];
    let ok = rest.is_empty()
        || (rest.len() > 1
            && rest.starts_with(['.', '_', 'e', 'E'])
            && rest[1..].bytes().all(|c| c.is_ascii_digit()));
    if !ok {
        return None;
    }
    s.replace('_', ".").parse::<f64>().ok()
}

/// How min/max order two values in each of their dispatch cases.
enum Order<'a> {
    Natural,
    Strings(&'a str),
    AnyAsString(&'a str),
}

fn ordering_of(ev: &mut Evaluator, how: &Order, a: &Value, b: &Value) -> Result<Ordering, Error> {
    match how {
        Order::Natural => natural_order(a, b),
        Order::Strings(name) | Order::AnyAsString(name) => {
            let (sa, sb) = (ruby_to_s(a)?, ruby_to_s(b)?);
            if let (Some(x), Some(y)) = (numeric_text(&sa), numeric_text(&sb)) {
                ev.deprecation(&format!("The {name}() function's auto conversion of String to Numeric is deprecated - change to convert input before calling, or use lambda"));
                return Ok(x.partial_cmp(&y).unwrap_or(Ordering::Equal));
            }
            if let Order::AnyAsString(_) = how {
                ev.deprecation(&format!("The {name}() function's auto conversion of Any to String is deprecated - change to convert input before calling, or use lambda"));
            }
            Ok(sa.cmp(&sb))
        }
    }
}

/// Ruby's `to_s` of a value, which the reference's min/max compare as strings: a regexp is
/// `(?-mix:src)`, undef is empty, arrays and hashes are Ruby's `inspect` (`["a", nil]`,
/// `{"b"=>1}`). Fails when the text of an array or hash would not fit in memory (values
/// with shared parts expand enormously).
fn ruby_to_s(v: &Value) -> Result<String, Error> {
    if matches!(v, Value::Array(_) | Value::Hash(_)) {
        crate::expansion::check_expansion(v, 4)?;
    }
    Ok(super::strings::ruby_to_s(v))
}

fn extreme(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>, want_max: bool) -> EvalResult {
    let name = if want_max { "max" } else { "min" };
    let which = dispatch(ev, args, b)?;
    let (values, how): (&[Value], Order) = match which {
        0 => (args, Order::Natural),
        1 => (args, Order::Strings(name)),
        2..=4 => {
            let items = args[0].as_array().map_or(&[][..], |a| &a[..]);
            let how = match which {
                2 => Order::Natural,
                3 => Order::Strings(name),
                _ => Order::AnyAsString(name),
            };
            (items, how)
        }
        5 => (args, Order::Natural),
        _ => (args, Order::AnyAsString(name)),
    };
    if values.is_empty() {
        // With a lambda the reference asks Ruby's `min`/`max`, which give nil for nothing.
        if b.is_some() {
            return Ok(Value::Undef);
        }
        return Err(Error::eval(format!(
            "{name}(): Wrong number of arguments need at least one"
        ))
        .into());
    }
    let mut best = values[0].clone();
    for v in &values[1..] {
        let o = match b {
            Some(l) => {
                let r = ev.call_closure(l, &[v.clone(), best.clone()])?;
                match r {
                    Value::Integer(i) => i.cmp(&0),
                    Value::Float(f) => f.partial_cmp(&0.0).unwrap_or(Ordering::Equal),
                    _ => Ordering::Equal,
                }
            }
            None => ordering_of(ev, &how, v, &best)?,
        };
        if (want_max && o == Ordering::Greater) || (!want_max && o == Ordering::Less) {
            best = v.clone();
        }
    }
    Ok(best)
}

fn min(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    extreme(ev, args, b, false)
}

fn max(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    extreme(ev, args, b, true)
}

const EXTREME: &[&str] = &[
    "Numeric *$values",
    "String *$values",
    "Array[Numeric] $values, Callable[2, 2] &$block?",
    "Array[String] $values, Callable[2, 2] &$block?",
    "Array $values, Callable[2, 2] &$block?",
    "Any *$values, Callable[2, 2] &$block",
    "Any *$values",
];

pub fn builtins() -> Vec<Builtin> {
    let _ = merge_sort::<fn(&Value, &Value) -> Result<Ordering, Error>>;
    vec![
        builtin("abs", &["Numeric $val", "String $val"], abs, "abs(Numeric $val)\nThe absolute value.\n\n    abs(-5)   # 5"),
        builtin("ceiling", &["Numeric $val", "String $val"], ceiling, "ceiling(Numeric $val)\nThe smallest integer not less than the value.\n\n    ceiling(1.2)   # 2"),
        builtin("floor", &["Numeric $val", "String $val"], floor, "floor(Numeric $val)\nThe largest integer not greater than the value.\n\n    floor(1.8)   # 1"),
        builtin("round", &["Numeric $val"], round, "round(Numeric $val)\nThe nearest integer (halves away from zero).\n\n    round(2.5)   # 3"),
        builtin("min", EXTREME, min, "min(Any *$values) |$a, $b|?\nThe smallest value (or of one array); a lambda returning -1/0/1 may compare.\n\n    min(3, 1, 2)   # 1"),
        builtin("max", EXTREME, max, "max(Any *$values) |$a, $b|?\nThe largest value (or of one array); a lambda returning -1/0/1 may compare.\n\n    max([1, 2]) |$a, $b| { compare($a, $b) }   # 2"),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numeric_strings() {
        assert_eq!(parse_number("-5"), Some(Value::Integer(-5)));
        assert_eq!(parse_number("1.5"), Some(Value::Float(1.5)));
        assert_eq!(parse_number("x"), None);
        assert_eq!(numeric_text("10"), Some(10.0));
        assert_eq!(numeric_text("1e3"), Some(1000.0));
        assert_eq!(numeric_text("1a"), None);
        assert!(float_to_int(1e300).is_err());
    }
}
