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
        Value::Timespan(t) => Some(t.secs_f64()),
        Value::Timestamp(t) => Some(t.secs_f64()),
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

const INTEGER_CONVERTIBLE: &str =
    "Variant[Numeric, Boolean, Pattern[/\\A[+-]?\\s*(?:(?:\\d+)|(?:0[xX][0-9A-Fa-f]+)|\
     (?:0[bB][01]+))\\z/], Timespan, Timestamp]";
const RADIX: &str =
    "Variant[Default, Integer[2, 2], Integer[8, 8], Integer[10, 10], Integer[16, 16]]";

fn is_radix(v: &Value) -> bool {
    matches!(v, Value::Default | Value::Integer(2 | 8 | 10 | 16))
}

/// `expects a T value, got U` as the reference's signature errors word it (the actual
/// value's base type name).
fn expects(expected: &str, got: &Value) -> String {
    let article = if expected.starts_with(['A', 'E', 'I', 'O', 'U']) {
        "an"
    } else {
        "a"
    };
    format!(
        "expects {article} {expected} value, got {}",
        super::got_in_signatures(got, expected.contains(" = "))
    )
}

/// The reference's message when no signature of a conversion function takes the
/// arguments: each signature with why it rejects them.
fn no_signature(function: &str, signatures: &[(String, String)]) -> Error {
    let mut m = format!(
        "The function '{function}' was called with arguments it does not accept. It expects one of:"
    );
    for (signature, why) in signatures {
        m.push_str(&format!("\n  ({signature})\n    rejected: {why}"));
    }
    Error::eval(m)
}

/// Positional arguments of `Integer.new` that neither its signatures nor its
/// `argument_mismatch` signature `(Any from, Integer radix?, Boolean abs?)` take: the first
/// parameter each signature rejects, in order.
fn integer_mismatch(args: &[Value]) -> Error {
    let n = args.len();
    let from_args = match args {
        [from, ..] if !is_convertible_to_integer(from) => format!(
            "parameter 'from' {}",
            expects(&format!("Convertible = {INTEGER_CONVERTIBLE}"), from)
        ),
        [_, radix, ..] if !is_radix(radix) => {
            format!(
                "parameter 'radix' {}",
                expects(&format!("Radix = {RADIX}"), radix)
            )
        }
        [_, _, abs] => format!("parameter 'abs' {}", expects("Boolean", abs)),
        _ => format!("expects between 1 and 3 arguments, got {n}"),
    };
    no_signature(
        "new",
        &[
            (
                format!(
                    "Convertible = {INTEGER_CONVERTIBLE} from, Radix = {RADIX} radix?, Boolean abs?"
                ),
                from_args,
            ),
            (
                format!(
                    "NamedArgs = Struct[{{'from' => Convertible = {INTEGER_CONVERTIBLE}, \
                     Optional['radix'] => Radix = {RADIX}, Optional['abs'] => Boolean}}] hash_args"
                ),
                format!("expects 1 argument, got {n}"),
            ),
        ],
    )
}

/// `Integer.new({...})` that its named arguments' type does not take: the reference's
/// `on_error_hash` (an inconvertible `from` first, then an illegal radix, then what the
/// type says).
fn integer_hash_mismatch(h: &Value) -> Error {
    let Value::Hash(map) = h else {
        return cannot_convert("new", h, "Integer");
    };
    if let Some(from) = map.get(&Value::from("from")) {
        if !is_convertible_to_integer(from) {
            return cannot_convert("new", from, "Integer");
        }
    }
    if let Some(radix) = map.get(&Value::from("radix")) {
        if !matches!(radix, Value::Default | Value::Undef) {
            if let Err(e) = radix_of(radix) {
                return e;
            }
        }
    }
    // (`from` and `radix` are fine or absent here)
    let member = |key: &str, key_kind, value| types::StructMember {
        key: key.into(),
        key_kind,
        value,
    };
    let named = types::PType::Struct(Some(vec![
        member("from", types::KeyKind::Plain, types::PType::NotUndef(None)),
        member("radix", types::KeyKind::Optional, types::PType::Any),
        member("abs", types::KeyKind::Optional, types::PType::Boolean(None)),
    ]));
    super::asserted("Integer.new", &types::describe_mismatches(&named, h))
        .unwrap_or_else(|| cannot_convert("new", h, "Integer"))
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
        [hash @ Value::Hash(h)] => {
            let get = |k: &str| h.get(&Value::from(k));
            let takes = get("from").is_some_and(is_convertible_to_integer)
                && get("radix").is_none_or(is_radix)
                && get("abs").is_none_or(|a| matches!(a, Value::Boolean(_)))
                && h.keys()
                    .all(|k| matches!(k.as_str(), Some("from" | "radix" | "abs")));
            if !takes {
                return Err(integer_hash_mismatch(hash));
            }
            (
                get("from").unwrap_or(&Value::Undef),
                get("radix").cloned().unwrap_or(Value::Default),
                matches!(get("abs"), Some(Value::Boolean(true))),
            )
        }
        [] | [_, _, _, _, ..] => return Err(arity("new", 1, 3, args.len())),
        [from, rest @ ..] => {
            let radix = rest.first();
            let abs = rest.get(1);
            let takes = is_convertible_to_integer(from)
                && radix.is_none_or(is_radix)
                && abs.is_none_or(|a| matches!(a, Value::Boolean(_)));
            if !takes {
                // The `argument_mismatch` signature (Any from, Integer radix?, Boolean abs?)
                // gives its own errors; other arguments the signatures' rejections.
                let on_error = radix.is_none_or(|r| matches!(r, Value::Integer(_)))
                    && abs.is_none_or(|a| matches!(a, Value::Boolean(_)));
                if !on_error {
                    return Err(integer_mismatch(args));
                }
                if let Some(r) = radix {
                    radix_of(r)?;
                }
                return Err(cannot_convert("new", from, "Integer"));
            }
            (
                from,
                radix.cloned().unwrap_or(Value::Default),
                matches!(abs, Some(Value::Boolean(true))),
            )
        }
    };
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

/// Whether `v` is of the numeric conversions' `Convertible` types: a number, a Boolean, a
/// Timespan or Timestamp, or a string `numeric_text` accepts (their `Pattern`).
fn is_convertible(v: &Value, numeric_text: fn(&str) -> bool) -> bool {
    match v {
        Value::Integer(_)
        | Value::Float(_)
        | Value::Boolean(_)
        | Value::Timespan(_)
        | Value::Timestamp(_) => true,
        Value::String(s) => numeric_text(s),
        _ => false,
    }
}

fn is_convertible_to_integer(v: &Value) -> bool {
    is_convertible(v, numbers::matches_integer_lenient)
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
        [from, other] => Err(abs_mismatch(function, from, other)),
        _ => Err(arity(function, 1, 2, args.len())),
    }
}

/// The reference's message when the second argument of `Float.new` or `Numeric.new` is
/// not a Boolean (no signature accepts the arguments): the first parameter rejected, `from`
/// when it is no convertible value, else `abs`.
fn abs_mismatch(function: &str, from: &Value, got: &Value) -> Error {
    const PATTERN: &str = "Pattern[/\\A[+-]?\\s*(?:(?:(?:0|[1-9]\\d*)(?:\\.\\d+)?(?:[eE]-?\\d+)?)|\
         (?:0[xX][0-9A-Fa-f]+)|(?:0[0-7]+)|(?:0[bB][01]+))\\z/]";
    let head = if function == "new_numeric" {
        "Integer, Float"
    } else {
        "Numeric"
    };
    let convertible = format!("Variant[{head}, Boolean, {PATTERN}, Timespan, Timestamp]");
    let from_ok = is_convertible(from, numbers::matches_float);
    let rejected = if from_ok {
        format!("parameter 'abs' {}", expects("Boolean", got))
    } else {
        format!(
            "parameter 'from' {}",
            expects(&format!("Convertible = {convertible}"), from)
        )
    };
    no_signature(
        function,
        &[
            (
                format!("Convertible = {convertible} from, Boolean abs?"),
                rejected,
            ),
            (
                format!(
                    "NamedArgs = Struct[{{'from' => Convertible = {convertible}, \
                     Optional['abs'] => Boolean}}] hash_args"
                ),
                "expects 1 argument, got 2".to_string(),
            ),
        ],
    )
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
        let f = numbers::ruby_float(t)
            .ok_or_else(|| cannot_convert("new_numeric", &Value::from(s), "Numeric"))?;
        // (zero raised to a power, `0.0e2`, and a float out of range are no numbers to the
        // reference's conversion: undef, which the result's check refuses)
        let number = f.is_finite() && !prepl_syntax::numbers::zero_with_exponent(body);
        Ok(if number {
            Value::Float(f)
        } else {
            Value::Undef
        })
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

#[cfg(test)]
mod dispatch_tests {
    use super::*;

    fn err(args: &[Value]) -> String {
        new_integer(args).unwrap_err().to_string()
    }

    #[test]
    fn named_arguments_report_every_mismatch() {
        let h = |pairs: &[(&str, Value)]| {
            let mut m = crate::values::Map::default();
            for (k, v) in pairs {
                m.insert(Value::from(*k), v.clone());
            }
            Value::hash(m)
        };
        let e = err(&[h(&[("a", Value::Integer(1))])]);
        assert!(e.contains("expects a value for key 'from'"), "{e}");
        assert!(
            e.contains("\n  Integer.new has wrong type, unrecognized key 'a'"),
            "{e}"
        );
        let e = err(&[h(&[("from", Value::from("1")), ("abs", Value::from("y"))])]);
        assert!(
            e.ends_with(
                "Integer.new has wrong type, entry 'abs' expects a Boolean value, got String"
            ),
            "{e}"
        );
        let e = err(&[h(&[])]);
        assert!(
            e.ends_with("Integer.new has wrong type, expects size to be between 1 and 3, got 0"),
            "{e}"
        );
    }

    #[test]
    fn the_first_parameter_a_signature_rejects_is_named() {
        let e = err(&[Value::from("abc"), Value::from("x")]);
        assert!(e.contains("rejected: parameter 'from'"), "{e}");
        let e = err(&[Value::from("12"), Value::from("x")]);
        assert!(e.contains("rejected: parameter 'radix'"), "{e}");
        // (an integer radix is the argument_mismatch signature's: its own error)
        let e = err(&[Value::from("abc"), Value::Integer(3)]);
        assert!(e.contains("Illegal radix: 3"), "{e}");
    }
}
