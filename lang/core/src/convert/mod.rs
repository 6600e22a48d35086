//! Conversions: what `T.new(args)`, `T(args)` and `new(T, args)` do for each type, per the
//! `.new` sections of the spec, followed by the assertion that the result is a `T`.
//!
//! Error messages are the reference's, without the `Error while evaluating a Function
//! Call, ` prefix its function call machinery adds.

pub mod binary;
pub mod collections;
pub mod iterate;
pub mod numbers;
pub mod numeric;
pub mod others;

#[cfg(test)]
mod tests;

use crate::error::Error;
use crate::types::{self, IntRange, PType};
use crate::values::Value;

/// `T.new(args)`: converts the arguments to a value of type `t`.
/// One argument that is already a `T` is the value itself, whatever `T` is (but an `Init`):
/// `NotUndef[Scalar](5)` is `5` though `Scalar` has no conversion.
pub fn new_value(t: &PType, args: &[Value]) -> Result<Value, Error> {
    if let [v] = args {
        if !matches!(t, PType::Init(..)) && types::is_instance(t, v) {
            return Ok(v.clone());
        }
    }
    new_value_at(t, args, 0)
}

fn new_value_at(t: &PType, args: &[Value], depth: usize) -> Result<Value, Error> {
    let value = convert_at(t, args, depth, true)?;
    assert_result(t, value)
}

/// The conversion, before the check that the result is a `t` (which `new_value_at` makes,
/// so that an alias is named in the error). `given` is false where a `NotUndef` hands the
/// arguments to its type's conversion: the reference returns a value that is already a `T`
/// only for the type `new` was called on (`NotUndef[Optional[String]](undef)` is `''`,
/// `NotUndef[Variant[Undef, String]](undef)` not supported).
fn convert_at(t: &PType, args: &[Value], depth: usize, given: bool) -> Result<Value, Error> {
    if depth > 64 {
        return Err(Error::new(
            crate::error::ErrorKind::Limit,
            format!("Type alias '{t}' is too deeply nested to create a value"),
        ));
    }
    let value = match t {
        PType::Integer(_) => numeric::new_integer(args)?,
        PType::Float(..) => numeric::new_float(args)?,
        PType::Numeric => numeric::new_numeric(args)?,
        PType::Boolean(_) => numeric::new_boolean(args)?,
        PType::String { .. } => others::new_string(args)?,
        PType::Array(..) | PType::Tuple(..) => collections::new_array(args)?,
        PType::Hash(..) | PType::Struct(_) => collections::new_hash(args)?,
        PType::Sensitive(_) => others::new_sensitive(args)?,
        PType::Binary => binary::new_binary(args)?,
        PType::Regexp(_) => others::new_regexp(args)?,
        PType::SemVer(_) => crate::versions::semver_new(args)?,
        PType::SemVerRange => crate::versions::semver_range_new(args)?,
        PType::Timespan(..) => match args {
            [v @ Value::Timespan(_)] => v.clone(),
            _ => crate::time::timespan_new(args)?,
        },
        PType::Timestamp(..) => match args {
            [v @ Value::Timestamp(_)] => v.clone(),
            _ => crate::time::timestamp_new(args)?,
        },
        PType::Type(_) => others::new_type(args)?,
        // (the result is checked against the Optional or NotUndef, as the reference does; a
        // collection's against the collection, whose mismatches name the elements)
        // An alias inside converts as the type it stands for, without taking a value that is
        // already one for itself (the reference's alias hands `new` to its resolved type:
        // `type A = Any; NotUndef[A](undef)` is Any's unsupported creation); the result is
        // checked against the type `new` was called on, its mismatch naming the alias.
        PType::Optional(Some(inner)) => match args {
            [Value::Undef] if given => Value::Undef,
            _ => convert_at(inner, args, depth + 1, given)?,
        },
        // A NotUndef of no type converts as the reference's Unit type: its one argument as
        // it is, then checked (`NotUndef(undef)` is a mismatch, not an unsupported creation).
        PType::NotUndef(None) => others::new_unit(args)?,
        PType::NotUndef(Some(inner)) => convert_at(inner, args, depth + 1, false)?,
        PType::Alias(a) => convert_at(&a.resolved(), args, depth + 1, given)?,
        // `Init[T, init_args...](args...)` is `T.new(args..., init_args...)`.
        PType::Init(Some(inner), init_args) => {
            if matches!(
                **inner,
                PType::Init(..) | PType::Optional(_) | PType::NotUndef(_)
            ) {
                return Err(not_supported(inner));
            }
            if init_args.is_empty() {
                // A single array that is no argument of the type's conversion is the
                // argument list (`Init[Integer]([1])` is `Integer.new(1)`).
                let args = match args {
                    [Value::Array(items)] if !takes_array(inner, &args[0]) => &items[..],
                    _ => args,
                };
                return new_value_at(inner, args, depth + 1);
            }
            let all: Vec<Value> = args.iter().chain(init_args).cloned().collect();
            return new_value_at(inner, &all, depth + 1);
        }
        _ => match args {
            [v] if given && types::is_instance(t, v) => v.clone(),
            _ => return Err(not_supported(t)),
        },
    };
    Ok(value)
}

/// Whether `Init[T].new` gives this array to `T.new` as its single argument (else its
/// elements are the arguments): it is an instance of `T` or of the only parameter of a
/// signature (the reference's `from_array` means to also take an array that only wrapped
/// is another signature's arguments, but reads that from where it was never set).
fn takes_array(t: &PType, array: &Value) -> bool {
    if types::is_instance(t, array) {
        return true;
    }
    types::init::parts(t, &[]).is_some_and(|parts| {
        parts.single[1..]
            .iter()
            .any(|s| types::is_instance(s, array))
    })
}

/// `Creation of new instance of type 'T' is not supported`.
pub fn not_supported(t: &PType) -> Error {
    // (a TypeSet with its members' definitions, as the reference names it there; an alias
    // with its definition, `Init[A]` checked: 'A = Default')
    let shown = match t {
        PType::TypeSetType(_) | PType::Alias(_) => types::display::alias_display(t),
        t => t.to_string(),
    };
    Error::eval(format!(
        "Creation of new instance of type '{shown}' is not supported"
    ))
}

/// Whether `t` is the unconstrained type of its kind, of which every converted value is
/// an instance by construction.
fn is_unconstrained(t: &PType) -> bool {
    match t {
        PType::Integer(r) => *r == IntRange::ANY,
        PType::Float(lo, hi) => *lo == f64::NEG_INFINITY && *hi == f64::INFINITY,
        PType::String { size, value } => *size == IntRange::SIZE && value.is_none(),
        PType::Boolean(None)
        | PType::Binary
        | PType::Regexp(None)
        | PType::Sensitive(None)
        | PType::Numeric
        | PType::SemVerRange => true,
        PType::SemVer(ranges) => ranges.is_empty(),
        PType::Timespan(None, None) | PType::Timestamp(None, None) | PType::Type(None) => true,
        PType::Array(e, size) => **e == PType::Any && *size == IntRange::SIZE,
        PType::Hash(k, v, size) => {
            **k == PType::Any && **v == PType::Any && *size == IntRange::SIZE
        }
        PType::Tuple(types, None) => types.is_empty(),
        PType::Optional(Some(inner)) | PType::NotUndef(Some(inner)) => is_unconstrained(inner),
        _ => false,
    }
}

fn article(name: &str) -> &'static str {
    match name.chars().next() {
        Some('A' | 'E' | 'I' | 'O' | 'U') => "an",
        _ => "a",
    }
}

/// The type a mismatch message reports for the converted value: detailed for numbers and
/// booleans, generalized otherwise.
fn reported_type(v: &Value) -> PType {
    match v {
        // (an object as its detailed type: `Error[undef, undef]` for a parameterized one; a
        // time or version as its one-value range: `Timespan['0-00:00:05.0']`)
        Value::Integer(_)
        | Value::Float(_)
        | Value::Boolean(_)
        | Value::Sensitive(_)
        | Value::Uri(_)
        | Value::Timespan(_)
        | Value::Timestamp(_)
        | Value::SemVer(_)
        | Value::Object(_) => types::infer(v),
        _ => types::infer_generalized(v),
    }
}

/// Asserts that the converted value is an instance of the requested type.
pub fn assert_result(t: &PType, value: Value) -> Result<Value, Error> {
    // (no conversion makes undef an instance of an unconstrained type: `Numeric.new` gives
    // undef where the reference's does, for the check to refuse)
    let unconstrained = is_unconstrained(t) && !matches!(value, Value::Undef);
    if unconstrained || types::is_instance(t, &value) {
        return Ok(value);
    }
    let expected = types::alias_display(t);
    // A type alias is described as the type it stands for.
    let base = match t {
        PType::Alias(a) => a.resolved(),
        t => t.clone(),
    };
    // (an Optional or NotUndef of a collection: the collection's mismatches, named after
    // the Optional, `Converted value from Optional[Array[Integer]].new() has wrong type,
    // index 0 expects ...`)
    let (base, described) = match &base {
        PType::Optional(Some(inner)) | PType::NotUndef(Some(inner))
            if matches!(
                **inner,
                PType::Array(..) | PType::Hash(..) | PType::Tuple(..) | PType::Struct(_)
            ) =>
        {
            ((**inner).clone(), (**inner).clone())
        }
        b => (b.clone(), t.clone()),
    };
    if matches!(
        base,
        PType::Array(..) | PType::Hash(..) | PType::Tuple(..) | PType::Struct(_)
    ) {
        // The reference points at the offending element: `index 1 expects ...`.
        // Several mismatches are listed one per line, each indented.
        // (An unparameterized Struct accepts only the empty hash: a hash of string keys has
        // each unrecognized, another hash the wrong size.)
        let mismatches = types::describe_mismatches(&described, &value);
        if let Some(e) = asserted(
            &format!("Converted value from {expected}.new()"),
            &mismatches,
        ) {
            return Err(e);
        }
    }
    // (an Optional's and a NotUndef's as the reference describes them; a string type of
    // one value, `Optional['a']`, is a `String` there)
    let inner_text = |inner: &PType| match inner {
        PType::String { value: Some(_), .. } => "String".to_string(),
        other => types::alias_display(other),
    };
    let expects = match &base {
        // (of an alias, the alias alone: `Optional[A]('7')` "expects an A = Integer[0, 5]
        // value")
        PType::Optional(Some(inner)) if !matches!(**inner, PType::Alias(_)) => {
            format!("a value of type Undef or {}", inner_text(inner))
        }
        PType::Optional(Some(inner)) | PType::NotUndef(Some(inner)) => {
            let text = inner_text(inner);
            format!("{} {text} value", article(&text))
        }
        _ => format!("{} {expected} value", article(&expected)),
    };
    Err(Error::eval(format!(
        "Converted value from {expected}.new() has wrong type, expects {expects}, got {}",
        reported_type(&value)
    )))
}

/// How a failed dispatch of several signatures names an argument's type: its short name
/// (`got Tuple`, `got Regexp`, `got Type[Integer]`); against a parameter typed by an alias
/// (`Convertible = ...`) a type value is `Type`.
pub(crate) fn got_in_signatures(v: &Value, against_alias: bool) -> String {
    match types::infer(v) {
        PType::Type(_) if against_alias => "Type".to_string(),
        t => types::short_name(&t),
    }
}

/// The reference's type assertion of a value (`TypeAsserter`): each mismatch as
/// `SUBJECT has wrong type, ...`, several one per line, indented; `None` without any.
pub(crate) fn asserted(subject: &str, mismatches: &[String]) -> Option<Error> {
    (!mismatches.is_empty()).then(|| Error::eval(types::mismatch::wrong_type(subject, mismatches)))
}

/// `Value of type T cannot be converted to X` with the function's name prefix.
pub(crate) fn cannot_convert(function: &str, v: &Value, target: &str) -> Error {
    match v {
        Value::String(s) => Error::eval(format!(
            "'{function}' The string '{s}' cannot be converted to {target}"
        )),
        other => Error::eval(format!(
            "'{function}' Value of type {} cannot be converted to {target}",
            // An Object type shows its definition here, as the reference's.
            types::alias_display(&types::infer_generalized(other))
        )),
    }
}

/// `'f' expects between 1 and 3 arguments, got 4`.
pub(crate) fn arity(function: &str, min: usize, max: usize, got: usize) -> Error {
    let got = if got == 0 {
        "none".to_string()
    } else {
        got.to_string()
    };
    let expects = if min == max {
        format!("{min} argument{}", if min == 1 { "" } else { "s" })
    } else {
        format!("between {min} and {max} arguments")
    };
    Error::eval(format!("'{function}' expects {expects}, got {got}"))
}
