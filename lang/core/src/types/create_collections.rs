//! `[]` on Array, Hash, Tuple, Struct and Callable.
use super::create::{count_error, count_error_a, not_types, specialization, take_type};
use super::size::{is_bound, kind_name, size_range};
use super::{CallableType, IntRange, KeyKind, PType, StructMember};
use crate::error::Error;
use crate::values::Value;

pub(super) fn array(args: &mut [Value]) -> Result<PType, Error> {
    // The reference's order: with two arguments and no type first, both are the size (and a
    // wrong first one a size error); with three, the first must be a type.
    match args {
        [] => Err(count_error("Array", "1 to 3 arguments", 0)),
        [Value::Type(t)] => Ok(PType::Array(Box::new(take_type(t)), IntRange::SIZE)),
        [other] => Err(not_types("Array", other)),
        [Value::Type(t), rest @ ..] if rest.len() <= 2 => {
            let size = size_range(rest)?;
            Ok(PType::Array(Box::new(take_type(t)), size))
        }
        [_, _] => Ok(PType::Array(Box::new(PType::Any), size_range(args)?)),
        [other, _, _] => Err(not_types("Array", other)),
        _ => Err(count_error("Array", "1 to 3 arguments", args.len())),
    }
}

pub(super) fn hash(args: &mut [Value]) -> Result<PType, Error> {
    // Two integers are the size alone (not `default`: `Hash[default, 2]` wants types).
    if let [Value::Integer(_), Value::Integer(_)] = args {
        return Ok(PType::Hash(
            Box::new(PType::Any),
            Box::new(PType::Any),
            size_range(args)?,
        ));
    }
    // The reference first insists on types (the first two arguments), then on the count.
    if let Some(bad) = args.iter().take(2).find(|a| !matches!(a, Value::Type(_))) {
        return Err(not_types("Hash", bad));
    }
    let [Value::Type(key), Value::Type(value), rest @ ..] = args else {
        return Err(count_error("Hash", "2 to 4 arguments", args.len()));
    };
    let size = match rest {
        [] => IntRange::SIZE,
        // One size argument: an Integer type, or the minimum of a range (`undef` and
        // `default`: 0).
        [Value::Undef] => IntRange::given(0, i64::MAX),
        [_] => size_range(rest)?,
        [_, _] => size_range(rest)?,
        _ => return Err(count_error("Hash", "2 to 4 arguments", args.len())),
    };
    Ok(PType::Hash(
        Box::new(take_type(key)),
        Box::new(take_type(value)),
        size,
    ))
}

/// `Tuple[...]`; errors name `t`, the type being parameterized.
pub(super) fn tuple(t: &PType, args: &mut [Value]) -> Result<PType, Error> {
    let types_len = split_trailing_bounds(args).0.len();
    let (types, sizes) = args.split_at_mut(types_len);
    // The reference's order: the size range first (`Tuple[1, String, 10, 0]` fails on
    // `from` > `to`), then the count, then the types.
    let size = if sizes.is_empty() {
        None
    } else {
        Some(size_range(sizes)?)
    };
    if types.is_empty() {
        return Err(count_error_a(&t.to_string(), "1 or more arguments", 0));
    }
    let types = type_list(&PType::Tuple(Vec::new(), None), types)?;
    Ok(PType::Tuple(types, size))
}

/// Splits off up to two trailing integers / `default`s.
fn split_trailing_bounds(args: &[Value]) -> (&[Value], &[Value]) {
    let mut n = args.len();
    while n > 0 && args.len() - n < 2 && is_bound(&args[n - 1]) {
        n -= 1;
    }
    args.split_at(n)
}

fn type_list(t: &PType, args: &mut [Value]) -> Result<Vec<PType>, Error> {
    args.iter_mut()
        .map(|a| match a {
            Value::Type(t) => Ok(take_type(t)),
            other => Err(specialization(t, other, "Any-Type")),
        })
        .collect()
}

/// A value standing for a type where the reference converts it: a string names a runtime
/// (Ruby) type, other values stand for their generalized type.
fn as_type(v: &Value) -> PType {
    match v {
        Value::Type(t) => (**t).clone(),
        Value::String(s) => PType::Runtime {
            runtime: Some("ruby".into()),
            name: Some(s.clone()),
        },
        other => super::infer::infer_generalized(other),
    }
}

pub(super) fn structure(t: &PType, args: &[Value]) -> Result<PType, Error> {
    let [arg] = args else {
        return Err(count_error_a("Struct", "1 argument", args.len()));
    };
    let Value::Hash(h) = arg else {
        return Err(specialization(t, arg, "Hash"));
    };
    let mut members = Vec::with_capacity(h.len());
    for (k, v) in h.iter() {
        let (key, key_kind) = struct_key(k)?;
        if key.is_empty() {
            return Err(Error::eval(
                "Error while evaluating a '[]' expression, Struct element key cannot be an empty String",
            ));
        }
        let value = as_type(v);
        members.push(StructMember {
            key,
            key_kind,
            value,
        });
    }
    Ok(PType::Struct(Some(members)))
}

fn struct_key(k: &Value) -> Result<(std::rc::Rc<str>, KeyKind), Error> {
    let from_type = |t: &PType| match t {
        PType::String { value: Some(s), .. } => Some(s.clone()),
        PType::Enum { values, .. } if values.len() == 1 => Some(values[0].clone()),
        _ => None,
    };
    let bad = |got: &str| {
        Error::eval(format!(
            "Error while evaluating a '[]' expression, Illegal Struct member key type. Expected NotUndef, Optional, String, or Enum. Got: {got}"
        ))
    };
    match k {
        Value::String(s) => Ok((s.clone(), KeyKind::Plain)),
        Value::Type(t) => match &**t {
            PType::Optional(Some(inner)) => from_type(inner)
                .map(|s| (s, KeyKind::Optional))
                .ok_or_else(|| bad("Optional")),
            PType::NotUndef(Some(inner)) => from_type(inner)
                .map(|s| (s, KeyKind::NotUndef))
                .ok_or_else(|| bad("NotUndef")),
            other => from_type(other)
                .map(|s| (s, KeyKind::Plain))
                .ok_or_else(|| bad(&other.to_string())),
        },
        other => Err(bad(kind_name(other))),
    }
}

/// `Callable[T..., min, max, Block]` or `Callable[[T..., min, max, Block], Return]`.
pub(super) fn callable(args: &[Value]) -> Result<PType, Error> {
    if let Some(Value::Array(params)) = args.first() {
        if args.len() != 2 {
            return Err(count_error_a("Callable", "2 arguments", args.len()));
        }
        let mut c = callable_params(params)?;
        if let Some(ret) = args.get(1) {
            match ret {
                Value::Type(t) => c.return_type = Some((**t).clone()),
                other => return Err(not_types("Callable", other)),
            }
        }
        return Ok(PType::Callable(Box::new(c)));
    }
    Ok(PType::Callable(Box::new(callable_params(args)?)))
}

fn is_block_type(v: &Value) -> bool {
    match v {
        Value::Type(t) => match &**t {
            PType::Callable(_) => true,
            PType::Optional(Some(inner)) => matches!(**inner, PType::Callable(_)),
            _ => false,
        },
        _ => false,
    }
}

fn callable_params(args: &[Value]) -> Result<CallableType, Error> {
    let (args, block) = match args.split_last() {
        Some((last, rest)) if is_block_type(last) => (rest, last.as_type().cloned()),
        _ => (args, None),
    };
    let (types, sizes) = split_trailing_bounds(args);
    let mut params = Vec::with_capacity(types.len());
    for a in types {
        params.push(as_type(a));
    }
    let size = if sizes.is_empty() {
        None
    } else {
        let r = size_range(sizes)?;
        // `Callable[1]` means at least one argument.
        Some(r)
    };
    let size = match (params.is_empty(), size, &block) {
        (true, None, _) => Some(IntRange::new(0, 0)),
        (_, s, _) => s,
    };
    Ok(CallableType {
        params: Some((params, size)),
        block,
        return_type: None,
    })
}
