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

/// A navigation path as the reference prints it: Ruby's inspect of the keys walked,
/// `["a", 1]` (a regexp key as its Ruby object, `/x/`).
fn path_text(path: &[Value]) -> String {
    let parts: Vec<String> = path
        .iter()
        .map(crate::format::ruby::inspect_objects)
        .collect();
    format!("[{}]", parts.join(", "))
}

/// Why a navigation stopped: the reference's `SLICE_ERROR`, whose data `get` gives to its
/// lambda as an `Error` object.
struct SliceError {
    message: String,
    walked_path: Vec<Value>,
    /// `value_type` (not a collection) or `index_type` (not an integer index) and the type.
    detail: (&'static str, types::PType),
    issue_code: &'static str,
}

impl SliceError {
    fn error_value(self) -> Value {
        use crate::types::object_instance::ObjectValue;
        let Some(typ) = crate::types::pcore::by_name("Error") else {
            return Value::from(self.message);
        };
        let mut details = crate::values::Map::default();
        details.insert(Value::from("walked_path"), Value::array(self.walked_path));
        details.insert(
            Value::from(self.detail.0),
            Value::Type(self.detail.1.into()),
        );
        Value::Object(std::rc::Rc::new(ObjectValue {
            typ,
            values: vec![
                Value::from(self.message),
                Value::from("SLICE_ERROR"),
                Value::hash(details),
                Value::from(self.issue_code),
            ],
        }))
    }
}

impl From<SliceError> for Error {
    fn from(e: SliceError) -> Error {
        Error::eval(e.message)
    }
}

/// Navigates `data` by `keys`; undef as soon as a step finds nothing or its key is undef
/// (as the reference's `dig`: `[1].dig(undef)` is undef, not an index error).
fn navigate(data: &Value, keys: &[Value]) -> Result<Value, Box<SliceError>> {
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
                    let t = types::infer_reduced(other);
                    return Err(Box::new(SliceError {
                        message: format!(
                            "The given data requires an Integer index at {}, got '{t}'",
                            path_text(&keys[..=i]),
                        ),
                        walked_path: keys[..=i].to_vec(),
                        detail: ("index_type", t),
                        issue_code: "EXPECTED_INTEGER_INDEX",
                    }));
                }
            },
            Value::Hash(h) => h.get(key).cloned().unwrap_or(Value::Undef),
            other => {
                let t = types::infer_reduced(other);
                return Err(Box::new(SliceError {
                    message: format!(
                        "The given data does not contain a Collection at {}, got '{t}'",
                        path_text(&keys[..i]),
                    ),
                    walked_path: keys[..i].to_vec(),
                    detail: ("value_type", t),
                    issue_code: "EXPECTED_COLLECTION",
                }));
            }
        };
        current = next;
    }
    Ok(current)
}

const DIG: &[&str] = &["Optional[Collection] $data, Any *$arg"];

fn dig(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    navigate(&args[0], &args[1..]).map_err(|e| Error::from(*e).into())
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

/// What `get` and `getvar` answer for a navigation: the value found, else the default; a
/// navigation error goes to the lambda as an `Error` object when there is one.
fn finish_get(
    ev: &mut Evaluator,
    found: Result<Value, Box<SliceError>>,
    default: Option<&Value>,
    b: Option<&Closure>,
) -> EvalResult {
    match found {
        Ok(Value::Undef) => Ok(default.cloned().unwrap_or(Value::Undef)),
        Ok(v) => Ok(v),
        Err(e) => match b {
            Some(l) => ev.call_closure(l, &[e.error_value()]),
            None => Err(Error::from(*e).into()),
        },
    }
}

/// `get`'s navigation of a value: `dig` with the keys, whose parameter check comes first
/// (`get(true, 'a')` is `dig`'s type error, not a navigation error).
fn get_from_value(
    ev: &mut Evaluator,
    value: &Value,
    navigation: &str,
    default: Option<&Value>,
    b: Option<&Closure>,
) -> EvalResult {
    if value.is_undef() {
        return Ok(default.cloned().unwrap_or(Value::Undef));
    }
    if navigation.is_empty() {
        return Ok(value.clone());
    }
    let keys = dotted_keys(navigation)?;
    if !matches!(value, Value::Array(_) | Value::Hash(_)) {
        let mut dig_args = vec![value.clone()];
        dig_args.extend(keys.iter().cloned());
        super::signature::dispatch_with("dig", DIG, &dig_args, None)?;
    }
    finish_get(ev, navigate(value, &keys), default, b)
}

fn get(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    let navigation = args[1].as_str().unwrap_or_default();
    get_from_value(ev, &args[0], navigation, args.get(2), b)
}

/// Whether a `getvar` string starts with a variable name (the reference's pattern
/// `\A(?:::)?(?:[a-z]\w*::)*[a-z_]\w*(?:\.|\Z)`, Ruby's `\w` being ASCII).
fn starts_with_variable_name(s: &str) -> bool {
    static PATTERN: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\A(?:::)?(?:[a-z][A-Za-z0-9_]*::)*[a-z_][A-Za-z0-9_]*(?:\.|\n?\z)")
            .expect("a valid pattern")
    });
    PATTERN.is_match(s)
}

fn getvar(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    // The reference's `argument_mismatch`: a string that is no variable name is named so,
    // rather than as a pattern mismatch.
    if let (Some(Value::String(s)), 1..=2) = (args.first(), args.len()) {
        if !starts_with_variable_name(s) {
            return Err(Error::eval(
                "'getvar' The given string does not start with a valid variable name",
            )
            .into());
        }
    }
    dispatch(ev, args, b)?;
    let s = args[0].as_str().unwrap_or_default();
    let (name, rest) = match s.find('.') {
        Some(i) => (&s[..i], &s[i + 1..]),
        None => (s, ""),
    };
    let Some(value) = ev.lookup_variable(name) else {
        return Ok(args.get(1).cloned().unwrap_or(Value::Undef));
    };
    get_from_value(ev, &value, rest, args.get(1), b)
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
            let why = if !matches!((a, c), (Value::String(_), Value::String(_))) {
                "The third argument (ignore case) can only be used when comparing strings"
                    .to_string()
            } else if args.len() > 3 {
                format!("Accepts at most 3 arguments, got {}", args.len())
            } else {
                // (the reference means this, but fails building it: docs/deviations.md)
                format!(
                    "The third argument (ignore case) must be a Boolean. Got {}",
                    compare_label(&args[2])
                )
            };
            return Err(Error::eval(format!("'compare' compare(): {why}")).into());
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
        builtin("dig", DIG, dig, "dig(Optional[Collection] $data, Any *$keys)\nFollows the keys/indexes into nested data; undef when a step finds nothing.\n\n    {a => {b => [1, 2]}}.dig(a, b, 1)   # 2").quick(dig_quick),
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
