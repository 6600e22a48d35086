//! Looking into values: `dig`, `get`, `getvar`, and `compare`, `empty`, `size`, `length`.

use super::shims;
use super::signature::dispatch;
use super::{builtin, Builtin};
use crate::describe::label_of;
use crate::error::Error;
use crate::eval::{Closure, EvalResult, Evaluator};
use crate::types;
use crate::values::Value;
use std::cmp::Ordering;

/// A navigation path as the reference prints it: `["a", 1]`.
fn path_text(path: &[Value]) -> String {
    let parts: Vec<String> = path
        .iter()
        .map(|v| match v {
            Value::String(s) => format!("{s:?}"),
            other => crate::format::to_display(other),
        })
        .collect();
    format!("[{}]", parts.join(", "))
}

/// Navigates `data` by `keys`; undef as soon as a step finds nothing or its key is undef
/// (as the reference's `dig`: `[1].dig(undef)` is undef, not an index error).
fn navigate(data: &Value, keys: &[Value]) -> Result<Value, Error> {
    let mut current = data.clone();
    for (i, key) in keys.iter().enumerate() {
        let next = match &current {
            _ if matches!(key, Value::Undef) => return Ok(Value::Undef),
            Value::Undef => return Ok(Value::Undef),
            Value::Array(a) => match key {
                Value::Integer(n) => {
                    let idx = if *n < 0 { *n + a.len() as i64 } else { *n };
                    usize::try_from(idx)
                        .ok()
                        .and_then(|i| a.get(i).cloned())
                        .unwrap_or(Value::Undef)
                }
                other => {
                    return Err(Error::eval(format!(
                        "The given data requires an Integer index at {}, got '{}'",
                        path_text(&keys[..=i]),
                        label_of(other)
                    )))
                }
            },
            Value::Hash(h) => h.get(key).cloned().unwrap_or(Value::Undef),
            other => {
                return Err(Error::eval(format!(
                    "The given data does not contain a Collection at {}, got '{}'",
                    path_text(&keys[..i]),
                    types::infer(other)
                )))
            }
        };
        current = next;
    }
    Ok(current)
}

fn dig(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    Ok(navigate(&args[0], &args[1..])?)
}

/// `dig`'s answer to a call its signature accepts (undef, an array or a hash first, no
/// lambda) whose navigation finds a value or undef (not an error).
fn dig_quick(args: &[Value], block: Option<&crate::syntax::ast::Lambda>) -> Option<Value> {
    match (args, block) {
        ([data @ (Value::Undef | Value::Array(_) | Value::Hash(_)), keys @ ..], None) => {
            navigate(data, keys).ok()
        }
        _ => None,
    }
}

/// Splits a dotted navigation string (`a.b."c.d".1`) into keys; digits become integers.
fn dotted_keys(s: &str) -> Result<Vec<Value>, Error> {
    let syntax = || Error::eval("Syntax error in dotted-navigation string");
    let mut keys = Vec::new();
    if s.is_empty() {
        return Ok(keys);
    }
    let mut chars = s.chars().peekable();
    loop {
        let key = match chars.peek() {
            Some(&q @ ('"' | '\'')) => {
                chars.next();
                let mut k = String::new();
                loop {
                    match chars.next() {
                        Some(c) if c == q => break,
                        Some(c) => k.push(c),
                        None => return Err(syntax()),
                    }
                }
                Value::from(k)
            }
            _ => {
                let mut k = String::new();
                while let Some(&c) = chars.peek() {
                    if c == '.' {
                        break;
                    }
                    k.push(c);
                    chars.next();
                }
                if k.is_empty() {
                    return Err(syntax());
                }
                match k.parse::<i64>() {
                    Ok(n) if k.bytes().all(|b| b.is_ascii_digit() || b == b'-') => {
                        Value::Integer(n)
                    }
                    _ => Value::from(k),
                }
            }
        };
        keys.push(key);
        match chars.next() {
            None => return Ok(keys),
            Some('.') if chars.peek().is_some() => {}
            Some(_) => return Err(syntax()),
        }
    }
}

fn finish_get(
    ev: &mut Evaluator,
    found: Result<Value, Error>,
    default: Option<&Value>,
    b: Option<&Closure>,
) -> EvalResult {
    match found {
        Ok(Value::Undef) => Ok(default.cloned().unwrap_or(Value::Undef)),
        Ok(v) => Ok(v),
        Err(e) => match b {
            Some(l) => ev.call_closure(l, &[Value::from(e.message)]),
            None => Err(e.into()),
        },
    }
}

fn get(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    let keys = dotted_keys(args[1].as_str().unwrap_or_default())?;
    let found = navigate(&args[0], &keys);
    finish_get(ev, found, args.get(2), b)
}

fn getvar(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    let s = args[0].as_str().unwrap_or_default();
    let (name, rest) = match s.find('.') {
        Some(i) => (&s[..i], &s[i + 1..]),
        None => (s, ""),
    };
    let Some(value) = ev.lookup_variable(name) else {
        return Ok(args.get(1).cloned().unwrap_or(Value::Undef));
    };
    let found = if s.contains('.') {
        dotted_keys(rest).and_then(|keys| navigate(&value, &keys))
    } else {
        Ok(value)
    };
    finish_get(ev, found, args.get(1), b)
}

fn ordering(o: Ordering) -> Value {
    Value::Integer(match o {
        Ordering::Less => -1,
        Ordering::Equal => 0,
        Ordering::Greater => 1,
    })
}

/// How `compare` names a value's type in errors (`Integer`, `Undef Value`, `Integer-Type`).
fn compare_label(v: &Value) -> String {
    match v {
        // The whole type (`String[1]-Type`), found by the differential tester.
        Value::Type(t) => format!("{t}-Type"),
        // The reference's label for `default` here is its Ruby class's (found by the
        // differential tester: `compare(/x/, default)`).
        Value::Default => "Object".to_string(),
        other => label_of(other).to_string(),
    }
}

fn num(v: &Value) -> f64 {
    match v {
        Value::Integer(i) => *i as f64,
        Value::Float(f) => *f,
        _ => 0.0,
    }
}

/// Two strings compared as their lower-case forms are: byte by byte when both are ASCII
/// (no lower-cased copies made), else through `to_lowercase`.
fn cmp_ignoring_case(x: &str, y: &str) -> Ordering {
    if x.is_ascii() && y.is_ascii() {
        let fold = |b: &u8| b.to_ascii_lowercase();
        x.as_bytes()
            .iter()
            .map(fold)
            .cmp(y.as_bytes().iter().map(fold))
    } else {
        x.to_lowercase().cmp(&y.to_lowercase())
    }
}

fn compare(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    let which = dispatch(ev, args, b)?;
    let (a, c) = (&args[0], &args[1]);
    let o = match which {
        0 => match (a, c) {
            (Value::Integer(x), Value::Integer(y)) => x.cmp(y),
            _ => num(a).partial_cmp(&num(c)).unwrap_or(Ordering::Equal),
        },
        1 => {
            let (x, y) = (
                a.as_str().unwrap_or_default(),
                c.as_str().unwrap_or_default(),
            );
            if matches!(args.get(2), Some(Value::Boolean(false))) {
                x.cmp(y)
            } else {
                cmp_ignoring_case(x, y)
            }
        }
        2 => match (a, c) {
            (Value::SemVer(x), Value::SemVer(y)) => x.cmp(y),
            _ => Ordering::Equal,
        },
        3..=5 => shims::compare_time(a, c).unwrap_or(Ordering::Equal),
        6 if args.len() > 2 => {
            return Err(Error::eval(
                "'compare' compare(): The third argument (ignore case) can only be used when comparing strings",
            )
            .into())
        }
        which => {
            let why = if which == 6 {
                "Can only compare values of the same type (or for Timestamp/Timespan also against Numeric)."
            } else {
                "Non comparable type. Only values of the types Numeric, String, Semver, Timestamp and Timestamp can be compared."
            };
            return Err(Error::eval(format!(
                "'compare' compare(): {why} Got {} and {}",
                compare_label(a),
                compare_label(c)
            ))
            .into());
        }
    };
    Ok(ordering(o))
}

fn empty(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    Ok(Value::Boolean(match &args[0] {
        Value::Array(a) => a.is_empty(),
        Value::Hash(h) => h.is_empty(),
        Value::String(s) => s.is_empty(),
        Value::Binary(b) => b.is_empty(),
        Value::Sensitive(inner) => matches!(&**inner, Value::String(s) if s.is_empty()),
        Value::Integer(_) | Value::Float(_) => {
            ev.deprecation_at_call("Calling function empty() with Numeric value is deprecated.");
            false
        }
        Value::Undef => true,
        _ => false,
    }))
}

fn size(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    Ok(Value::Integer(match &args[0] {
        Value::Array(a) => a.len() as i64,
        Value::Hash(h) => h.len() as i64,
        Value::String(s) => s.chars().count() as i64,
        Value::Binary(b) => b.len() as i64,
        _ => 0,
    }))
}

/// `size`'s answer to a call with one argument its signature accepts and no lambda.
fn size_quick(args: &[Value], block: Option<&crate::syntax::ast::Lambda>) -> Option<Value> {
    let n = match (args, block) {
        ([Value::Array(a)], None) => a.len(),
        ([Value::Hash(h)], None) => h.len(),
        ([Value::String(s)], None) => s.chars().count(),
        ([Value::Binary(b)], None) => b.len(),
        _ => return None,
    };
    Some(Value::Integer(n as i64))
}

pub fn builtins() -> Vec<Builtin> {
    vec![
        builtin("dig", &["Optional[Collection] $data, Any *$arg"], dig, "dig(Optional[Collection] $data, Any *$keys)\nFollows the keys/indexes into nested data; undef when a step finds nothing.\n\n    {a => {b => [1, 2]}}.dig(a, b, 1)   # 2").quick(dig_quick),
        builtin("get", &["Any $value, String $dotted_string, Any $default_value?, Callable[1, 1] &$block?"], get, "get(Any $value, String $dotted_string, Any $default_value?) |$error|?\nNavigates into the value with a dotted key string; the default when nothing is found.\n\n    {a => {b => [1, 2]}}.get('a.b.1')   # 2"),
        builtin("getvar", &["Pattern[/\\A(?:::)?(?:[a-z]\\w*::)*[a-z_]\\w*(?:\\.|\\Z)/] $get_string, Any $default_value?, Callable[1, 1] &$block?"], getvar, "getvar(String $get_string, Any $default_value?) |$error|?\nThe value of a variable given by name, optionally navigated with dotted keys.\n\n    $v = {a => 1} getvar('v.a')   # 1"),
        builtin("compare", &["Numeric $a, Numeric $b", "String $a, String $b, Boolean $ignore_case?", "SemVer $a, SemVer $b", "Numeric $a, Variant[Timespan, Timestamp] $b", "Timestamp $a, Variant[Timestamp, Numeric] $b", "Timespan $a, Variant[Timespan, Numeric] $b", "!Variant[Numeric, String, SemVer, Timespan, Timestamp] $a, Variant[Numeric, String, SemVer, Timespan, Timestamp] $b, Any *$ignore_case", "!Any $a, Any $b, Any *$ignore_case"], compare, "compare(a, b, Boolean $ignore_case?)\n-1, 0 or 1 as a is less than, equal to or greater than b (numbers, strings,\nversions, time values; strings ignore case by default).\n\n    compare('a', 'B')   # -1"),
        builtin("empty", &["Collection $coll", "Sensitive[String] $str", "String $str", "Numeric $num", "Binary $bin", "Undef $x"], empty, "empty(Variant[Collection, String, Sensitive[String], Undef] $value)\nWhether the value is empty (numbers are never empty; deprecated).\n\n    empty([])   # true"),
        builtin("size", &["Variant[Collection, String, Binary] $arg"], size, "size(Variant[Collection, String, Binary] $arg)\nThe number of elements or characters.\n\n    size([1, 2])   # 2").quick(size_quick),
        builtin("length", &["Variant[Collection, String, Binary] $arg"], size, "length(Variant[Collection, String, Binary] $arg)\nThe number of elements or characters.\n\n    'åäö'.length   # 3").quick(size_quick),
    ]
}

#[cfg(test)]
mod tests {
    use super::cmp_ignoring_case;

    /// The ASCII fold orders as the lower-cased copies it replaces, and other text still
    /// goes through `to_lowercase`.
    #[test]
    fn ignoring_case_orders_as_lowercase_copies() {
        let words = [
            "", "a", "A", "ab", "aB", "Ab", "b", "B", "_", "[", "Z", "z", "a1", "A_", "abc", "ABD",
            "é", "É", "ÉA", "éb", "ΣΑΣ", "σας", "İ", "i", "Straße", "STRASSE",
        ];
        for x in words {
            for y in words {
                assert_eq!(
                    cmp_ignoring_case(x, y),
                    x.to_lowercase().cmp(&y.to_lowercase()),
                    "{x:?} vs {y:?}"
                );
            }
        }
    }
}
