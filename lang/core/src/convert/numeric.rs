//! `Integer.new`, `Float.new`, `Numeric.new` and `Boolean.new`.

use super::{arity, cannot_convert, numbers};
use crate::error::Error;
use crate::types;
use crate::values::Value;

fn ruby_integer_error(s: &str) -> Error {
    Error::eval(format!(
        "invalid value for Integer(): {}",
        crate::format::quote::ruby_inspect(s)
    ))
}

fn ruby_float_error(s: &str) -> Error {
    Error::eval(format!(
        "invalid value for Float(): {}",
        crate::format::quote::ruby_inspect(s)
    ))
}

/// Seconds of a Timespan or Timestamp.
fn seconds(v: &Value) -> Option<f64> {
    match v {
        Value::Timespan(t) => Some(t.nanos as f64 / 1e9),
        Value::Timestamp(t) => Some(t.nanos as f64 / 1e9),
        _ => None,
    }
}

fn float_to_integer(f: f64, original: &Value) -> Result<i64, Error> {
    if f.is_finite() && f.trunc() >= i64::MIN as f64 && f.trunc() < i64::MAX as f64 {
        Ok(f.trunc() as i64)
    } else {
        Err(cannot_convert("new", original, "Integer"))
    }
}

fn radix_of(v: &Value) -> Result<Option<u32>, Error> {
    match v {
        Value::Default => Ok(None),
        Value::Integer(r @ (2 | 8 | 10 | 16)) => Ok(Some(*r as u32)),
        other => Err(Error::eval(format!(
            "Illegal radix: {}, expected 2, 8, 10, 16, or default",
            crate::format::to_display(other)
        ))),
    }
}

/// The reference's message for arguments no signature of `Integer.new` accepts.
fn integer_mismatch(got: &Value) -> Error {
    const CONVERTIBLE: &str =
        "Variant[Numeric, Boolean, Pattern[/\\A[+-]?\\s*(?:(?:\\d+)|(?:0[xX][0-9A-Fa-f]+)|\
         (?:0[bB][01]+))\\z/], Timespan, Timestamp]";
    const RADIX: &str =
        "Variant[Default, Integer[2, 2], Integer[8, 8], Integer[10, 10], Integer[16, 16]]";
    Error::eval(format!(
        "The function 'new' was called with arguments it does not accept. It expects one of:\n  \
         (Convertible = {CONVERTIBLE} from, Radix = {RADIX} radix?, Boolean abs?)\n    \
         rejected: parameter 'radix' expects a Radix = {RADIX} value, got {}\n  \
         (NamedArgs = Struct[{{'from' => Convertible = {CONVERTIBLE}, Optional['radix'] => Radix = {RADIX}, \
         Optional['abs'] => Boolean}}] hash_args)\n    rejected: expects 1 argument, got 2",
        types::infer_generalized(got)
    ))
}

fn abs_flag(v: Option<&Value>, function: &str) -> Result<bool, Error> {
    match v {
        None | Some(Value::Undef) => Ok(false),
        Some(Value::Boolean(b)) => Ok(*b),
        Some(other) => Err(Error::eval(format!(
            "'{function}' parameter 'abs' expects a Boolean value, got {}",
            types::infer_generalized(other)
        ))),
    }
}

/// `Integer.new(from, radix = default, abs = false)` or `Integer.new({from, radix, abs})`.
pub fn new_integer(args: &[Value]) -> Result<Value, Error> {
    let (from, radix, abs) = match args {
        [Value::Hash(h)] => {
            let get = |k: &str| h.get(&Value::from(k));
            let Some(from) = get("from") else {
                if let Some(r) = get("radix") {
                    radix_of(r)?;
                }
                return Err(Error::eval(
                    "Integer.new has wrong type, expects a value for key 'from'",
                ));
            };
            if let Some(k) = h
                .keys()
                .find(|k| !matches!(k.as_str(), Some("from" | "radix" | "abs")))
            {
                if is_convertible_to_integer(from) {
                    return Err(Error::eval(format!(
                        "Integer.new has wrong type, unrecognized key '{}'",
                        crate::format::to_display(k)
                    )));
                }
            }
            (
                from,
                get("radix").cloned().unwrap_or(Value::Default),
                abs_flag(get("abs"), "new")?,
            )
        }
        [from] => (from, Value::Default, false),
        [from, radix] => (from, radix.clone(), false),
        [from, radix, abs] => (from, radix.clone(), abs_flag(Some(abs), "new")?),
        _ => return Err(arity("new", 1, 3, args.len())),
    };
    let radix_ok = matches!(radix, Value::Default | Value::Integer(2 | 8 | 10 | 16));
    if !radix_ok && !matches!(radix, Value::Integer(_)) {
        return Err(integer_mismatch(&radix));
    }
    if !is_convertible_to_integer(from) || !radix_ok {
        radix_of(&radix)?;
        return Err(cannot_convert("new", from, "Integer"));
    }
    let n = match from {
        Value::Integer(i) => *i,
        Value::Float(f) => float_to_integer(*f, from)?,
        Value::Boolean(b) => i64::from(*b),
        Value::Timespan(t) => (t.nanos.div_euclid(1_000_000_000)) as i64,
        Value::Timestamp(t) => (t.nanos.div_euclid(1_000_000_000)) as i64,
        Value::String(s) => parse_integer(s, radix_of(&radix)?)?,
        other => return Err(cannot_convert("new", other, "Integer")),
    };
    Ok(Value::Integer(if abs { n.wrapping_abs() } else { n }))
}

fn is_convertible_to_integer(v: &Value) -> bool {
    match v {
        Value::Integer(_)
        | Value::Float(_)
        | Value::Boolean(_)
        | Value::Timespan(_)
        | Value::Timestamp(_) => true,
        Value::String(s) => numbers::matches_integer_lenient(s),
        _ => false,
    }
}

/// Ruby's `Integer(s)` / `Integer(s, radix)`, retried without the space between sign and
/// digits.
fn parse_integer(s: &str, radix: Option<u32>) -> Result<i64, Error> {
    if let Some(n) = numbers::ruby_integer(s, radix) {
        return Ok(n);
    }
    if let Some(joined) = numbers::without_inner_space(s) {
        if let Some(n) = numbers::ruby_integer(&joined, radix) {
            return Ok(n);
        }
    }
    Err(ruby_integer_error(s))
}

/// `Float.new(from, abs = false)` or `Float.new({from, abs})`.
pub fn new_float(args: &[Value]) -> Result<Value, Error> {
    let (from, abs) = float_args(args, "new_float")?;
    let f = match from {
        Value::Float(f) => *f,
        Value::Integer(i) => *i as f64,
        Value::Boolean(b) => f64::from(u8::from(*b)),
        Value::Timespan(_) | Value::Timestamp(_) => seconds(from).unwrap_or(0.0),
        Value::String(s) if numbers::matches_float(s) => parse_float(s)?,
        other => return Err(cannot_convert("new_float", other, "Float")),
    };
    Ok(Value::Float(if abs { f.abs() } else { f }))
}

fn float_args<'a>(args: &'a [Value], function: &str) -> Result<(&'a Value, bool), Error> {
    match args {
        [Value::Hash(h)] if h.contains_key(&Value::from("from")) => Ok((
            h.get(&Value::from("from")).unwrap_or(&Value::Undef),
            abs_flag(h.get(&Value::from("abs")), function)?,
        )),
        [from] => Ok((from, false)),
        [from, Value::Boolean(abs)] => Ok((from, *abs)),
        [_, other] => Err(abs_mismatch(function, other)),
        _ => Err(arity(function, 1, 2, args.len())),
    }
}

/// The reference's message when the second argument of `Float.new` or `Numeric.new` is
/// not a Boolean (no signature accepts the arguments).
fn abs_mismatch(function: &str, got: &Value) -> Error {
    const PATTERN: &str = "Pattern[/\\A[+-]?\\s*(?:(?:(?:0|[1-9]\\d*)(?:\\.\\d+)?(?:[eE]-?\\d+)?)|\
         (?:0[xX][0-9A-Fa-f]+)|(?:0[0-7]+)|(?:0[bB][01]+))\\z/]";
    let head = if function == "new_numeric" {
        "Integer, Float"
    } else {
        "Numeric"
    };
    let convertible = format!("Variant[{head}, Boolean, {PATTERN}, Timespan, Timestamp]");
    Error::eval(format!(
        "The function '{function}' was called with arguments it does not accept. It expects one of:\n  \
         (Convertible = {convertible} from, Boolean abs?)\n    \
         rejected: parameter 'abs' expects a Boolean value, got {}\n  \
         (NamedArgs = Struct[{{'from' => Convertible = {convertible}, Optional['abs'] => Boolean}}] hash_args)\n    \
         rejected: expects 1 argument, got 2",
        types::infer_generalized(got)
    ))
}

fn parse_float(s: &str) -> Result<f64, Error> {
    let parse = |s: &str| -> Option<f64> {
        let (_, body) = s.split_at(usize::from(s.starts_with(['+', '-'])));
        if body.len() > 1 && body.starts_with('0') && body[1..].starts_with(['b', 'B']) {
            numbers::ruby_integer(s, None).map(|i| i as f64)
        } else {
            numbers::ruby_float(s)
        }
    };
    parse(s)
        .or_else(|| numbers::without_inner_space(s).and_then(|j| parse(&j)))
        .ok_or_else(|| ruby_float_error(s))
}

/// `Numeric.new(from, abs = false)`: an Integer, or a Float when the text has a fraction
/// or an exponent.
pub fn new_numeric(args: &[Value]) -> Result<Value, Error> {
    let (from, abs) = float_args(args, "new_numeric")?;
    let v = match from {
        Value::Integer(_) | Value::Float(_) => from.clone(),
        Value::Boolean(b) => Value::Integer(i64::from(*b)),
        Value::Timespan(_) | Value::Timestamp(_) => Value::Float(seconds(from).unwrap_or(0.0)),
        Value::String(s) if numbers::matches_float(s) => numeric_from_string(s)?,
        other => return Err(cannot_convert("new_numeric", other, "Numeric")),
    };
    Ok(match v {
        Value::Integer(i) if abs => Value::Integer(i.wrapping_abs()),
        Value::Float(f) if abs => Value::Float(f.abs()),
        v => v,
    })
}

fn numeric_from_string(s: &str) -> Result<Value, Error> {
    let joined = numbers::without_inner_space(s);
    let t = joined.as_deref().unwrap_or(s).trim_start();
    let (_, body) = t.split_at(usize::from(t.starts_with(['+', '-'])));
    let is_float =
        !body.starts_with("0x") && !body.starts_with("0X") && body.contains(['.', 'e', 'E']);
    if is_float {
        numbers::ruby_float(t)
            .map(Value::Float)
            .ok_or_else(|| cannot_convert("new_numeric", &Value::from(s), "Numeric"))
    } else {
        numbers::ruby_integer(t, None)
            .map(Value::Integer)
            .ok_or_else(|| ruby_integer_error(s))
    }
}

/// `Boolean.new(from)`: numbers (zero is false) and the strings true/yes/y/false/no/n.
pub fn new_boolean(args: &[Value]) -> Result<Value, Error> {
    let [from] = args else {
        return Err(arity("new_boolean", 1, 1, args.len()));
    };
    Ok(Value::Boolean(match from {
        Value::Boolean(b) => *b,
        Value::Integer(i) => *i != 0,
        Value::Float(f) => *f != 0.0,
        Value::String(s) => match s.to_lowercase().as_str() {
            "true" | "yes" | "y" => true,
            "false" | "no" | "n" => false,
            _ => return Err(cannot_convert("new_boolean", from, "Boolean")),
        },
        other => return Err(cannot_convert("new_boolean", other, "Boolean")),
    }))
}
