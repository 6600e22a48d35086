//! Creation of parameterized types through `[]`: `Integer[1, 2]`, `Struct[{...}]`, ...
//! Collections, Struct and Callable are in `create_collections`.
use super::create_catalog::{class, resource};
use super::create_collections as coll;
use super::create_time::{span_bound_of, time_range, timestamp_of};
use super::size::{from_gt_to, size_range, with_article};
use super::{IntRange, PType};
use crate::error::Error;
use crate::values::{Regexp, Value};
use crate::versions::SemVerRange;
use std::rc::Rc;

/// How a range type with one bound reads: `Integer[n]` (and `Float[x]`, `Timespan[t]`,
/// `Timestamp[t]`). The sizes of `String[n]`, `Array[T, n]`, `Hash[K, V, n]`,
/// `Collection[n]` and `Tuple[T, n]` are minimums in both readings (the spec and the
/// reference agree there).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SingleBound {
    /// The single value n, as the spec draft says ("`Integer[2]` # the exact value 2"):
    /// `--integer-bounds spec`.
    Exact,
    /// n and above (`Integer[n, default]`), as the reference reads it and as modules written
    /// for it expect (ntp's `Integer[1]`, rabbitmq's `Integer[-1]`): the default, the one
    /// place where prepl follows the reference over the spec draft by default
    /// (docs/deviations.md).
    #[default]
    AtLeast,
}

impl SingleBound {
    /// `spec` (the exact value) or `reference` (n or more): `--integer-bounds`,
    /// `:set integer-bounds`, `%set integer-bounds`.
    pub fn parse(word: &str) -> Option<SingleBound> {
        match word {
            "spec" => Some(SingleBound::Exact),
            "reference" => Some(SingleBound::AtLeast),
            _ => None,
        }
    }

    /// What a session says when the reading is chosen (`:set integer-bounds`).
    pub fn note(self) -> &'static str {
        match self {
            SingleBound::Exact => {
                "Integer[n] is the exact value n, as the specification draft says (types made from now on)."
            }
            SingleBound::AtLeast => {
                "Integer[n] is n or more, as the reference reads it (the default; types made from now on)."
            }
        }
    }
}

thread_local! {
    static SINGLE_BOUND: std::cell::Cell<SingleBound> = const { std::cell::Cell::new(SingleBound::AtLeast) };
}

/// The reading of single-bound ranges in this thread's sessions (set by
/// `Session::set_single_bound`).
pub fn single_bound() -> SingleBound {
    SINGLE_BOUND.with(|c| c.get())
}

pub fn set_single_bound(reading: SingleBound) {
    SINGLE_BOUND.with(|c| c.set(reading));
}

thread_local! {
    static EXACT_READ: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether a single-bound range (`Integer[1]`) was read as the exact value since the last
/// call: then a mismatch against `Integer[1, 1]` may be code written for the reference's
/// reading, and the session says so (see `eval::hints`).
pub fn take_exact_single_bound_read() -> bool {
    EXACT_READ.with(|c| c.replace(false))
}

pub(super) fn single_bound_is_exact() -> bool {
    let exact = single_bound() == SingleBound::Exact;
    if exact {
        EXACT_READ.with(|c| c.set(true));
    }
    exact
}

/// `t[args]` as the evaluator's `[]` makes it. Returns a value, since `File['a', 'b']` and
/// `Class[a, b]` give arrays.
///
/// The reference flattens the arguments of most types first (`Pattern[['a', 'b']]` is
/// `Pattern[/a/, /b/]`, `Integer[[1, 2]]` is `Integer[1, 2]`, `Boolean[[]]` has no
/// argument); not those of `Struct`, `Callable` and `Init`, whose arguments may be arrays,
/// nor of `Resource` and `Class`, which flatten their titles themselves (an array gives an
/// array of types).
pub fn parameterize(t: &PType, args: &mut [Value]) -> Result<Value, Error> {
    // `Class['Foo']` in code names the class in lower case; the type parser keeps the case.
    if let PType::Class(name) = t {
        return class(name.is_some(), t, args);
    }
    if flattens(t) && args.iter().any(|a| matches!(a, Value::Array(_))) {
        let mut flat = Vec::with_capacity(args.len());
        flatten_into(args, &mut flat);
        return parameterize_as_written(t, &mut flat);
    }
    parameterize_as_written(t, args)
}

/// Whether `[]` on `t` flattens its arguments (see `parameterize`; `Class`, which does not,
/// is made there before).
fn flattens(t: &PType) -> bool {
    !matches!(
        t,
        PType::Struct(_) | PType::Callable(_) | PType::Init(..) | PType::Resource { .. }
    )
}

/// `t[args]` with the arguments as they are: the reference's type parser (a type alias's
/// definition, a type in a string) does not flatten them.
pub fn parameterize_as_written(t: &PType, args: &mut [Value]) -> Result<Value, Error> {
    let typ = |t: PType| Ok(Value::typ(t));
    match t {
        PType::Integer(_) => typ(integer(args)?),
        PType::Float(..) => typ(float(args)?),
        PType::String { .. } => {
            if args.is_empty() || args.len() > 2 {
                return Err(Error::eval(format!(
                    "String supports [] with one or two arguments. Got {}",
                    args.len()
                )));
            }
            typ(PType::String {
                size: size_range(args)?,
                value: None,
            })
        }
        PType::Collection(_) => {
            if args.is_empty() || args.len() > 2 {
                return Err(count_error("Collection", "1 to 2 arguments", args.len()));
            }
            typ(PType::Collection(size_range(args)?))
        }
        PType::Array(..) => typ(coll::array(args)?),
        PType::Hash(..) => typ(coll::hash(args)?),
        PType::Tuple(..) => typ(coll::tuple(t, args)?),
        PType::Struct(_) => typ(coll::structure(t, args)?),
        PType::Callable(_) => typ(coll::callable(args)?),
        PType::Enum { .. } => typ(enumeration(t, args)?),
        PType::Pattern(_) => typ(pattern(t, args)?),
        PType::Regexp(_) => {
            let [arg] = args else {
                return Err(count_error_a("Regexp", "1 argument", args.len()));
            };
            match arg {
                // A pattern Ruby cannot compile fails where it is first matched, as the
                // reference compiles it there (`Regexp::invalid`).
                Value::String(s) => typ(PType::Regexp(Some(Rc::new(
                    Regexp::new(s).unwrap_or_else(|message| Regexp::invalid(s, message)),
                )))),
                Value::Regexp(r) => typ(PType::Regexp(Some(r.clone()))),
                other => Err(specialization(t, other, "String or Regexp")),
            }
        }
        PType::Boolean(_) => {
            let [arg] = args else {
                return Err(count_error_a("Boolean", "1 argument", args.len()));
            };
            match arg {
                Value::Boolean(b) => typ(PType::Boolean(Some(*b))),
                other => Err(specialization(t, other, "TrueClass or FalseClass")),
            }
        }
        PType::Variant(_) => {
            if args.is_empty() {
                return Err(count_error_a("Variant", "1 or more arguments", 0));
            }
            let mut types = Vec::with_capacity(args.len());
            for a in args.iter_mut() {
                match a {
                    Value::Type(ty) => types.push(take_type(ty)),
                    other => return Err(specialization(t, other, "Any-Type")),
                }
            }
            typ(variant(types))
        }
        PType::Optional(_) => typ(PType::Optional(Some(Box::new(single_type_or_string(
            "Optional", args,
        )?)))),
        PType::NotUndef(_) => match args {
            [] => typ(PType::NotUndef(None)),
            [Value::String(s)] => typ(PType::NotUndef(Some(Box::new(PType::string_value(
                s.clone(),
            ))))),
            // (`NotUndef[Any]` is `NotUndef`, as the reference makes it; an alias of Any
            // stays)
            [Value::Type(inner)] => match take_type(inner) {
                PType::Any => typ(PType::NotUndef(None)),
                inner => typ(PType::NotUndef(Some(Box::new(inner)))),
            },
            [other] => Err(Error::eval(format!(
                "NotUndef-Type[] argument must be a Type or a String. Got {}",
                ruby_class(other)
            ))),
            _ => Err(count_error("NotUndef", "0 to 1 arguments", args.len())),
        },
        PType::Type(_) => typ(PType::Type(Some(Box::new(single_type("Type", args)?)))),
        // The reference keeps the generalized type (`Sensitive[String[1]]` is
        // `Sensitive[String]`, and `Sensitive[Any]` is `Sensitive`).
        PType::Sensitive(_) => typ(PType::Sensitive(
            Some(generalized(&single_type("Sensitive", args)?))
                .filter(|t| *t != PType::Any)
                .map(Box::new),
        )),
        PType::Iterable(_) => typ(PType::Iterable(Some(Box::new(single_type(
            "Iterable", args,
        )?)))),
        PType::Iterator(_) => typ(PType::Iterator(Some(Box::new(single_type(
            "Iterator", args,
        )?)))),
        PType::Runtime { .. } => {
            let [rt, name] = &*args else {
                return Err(count_error_a("Runtime", "1 to 2 arguments", args.len()));
            };
            let (Value::String(rt), Value::String(name)) = (rt, name) else {
                let bad = if matches!(rt, Value::String(_)) {
                    name
                } else {
                    rt
                };
                return Err(specialization(t, bad, "String or String"));
            };
            typ(PType::Runtime {
                runtime: Some(rt.clone()),
                name: Some(name.clone()),
            })
        }
        PType::Init(..) => {
            let Some((first, rest)) = args.split_first() else {
                return Err(count_error("Init", "1 or more arguments", 0));
            };
            let Value::Type(inner) = first else {
                return Err(Error::eval(format!(
                    "Init-Type[] arguments must be types. Got {}",
                    ruby_class(first)
                )));
            };
            let init = PType::Init(Some(Box::new((**inner).clone())), rest.to_vec());
            check_init(inner, rest, &init)?;
            typ(init)
        }
        PType::SemVer(_) => typ(semver(t, args)?),
        PType::Timespan(..) => {
            let (lo, hi) = time_range(t, args, span_bound_of, super::display::span_bound_text)?;
            typ(PType::Timespan(lo, hi))
        }
        PType::Timestamp(..) => {
            let (lo, hi) = time_range(t, args, timestamp_of, super::display::timestamp_text)?;
            typ(PType::Timestamp(lo, hi))
        }
        PType::Resource { type_name, title } => {
            resource(type_name.as_ref(), title.is_some(), t, args)
        }
        // (the type parser's `Class['Foo']`: one name, its case kept, `::` dropped)
        PType::Class(None) => match args {
            [Value::String(n)] => typ(PType::Class(Some(n.strip_prefix("::").unwrap_or(n).into()))),
            [_] => class(false, t, args),
            _ => Err(Error::eval(format!(
                "Invalid number of type parameters specified: Class requires 1, {} provided",
                args.len()
            ))),
        },
        PType::Class(name) => class(name.is_some(), t, args),
        PType::Uri(_) => match args {
            // (the reference's `TYPE_URI_PARAM_TYPE` takes a non-empty string: `URI['']` is
            // refused as a parameter that is not a type)
            [Value::String(s)] if !s.is_empty() => {
                if !has_uri_scheme(s) {
                    return Err(Error::eval(format!(
                        "Error while evaluating a '[]' expression, URI-Type parameter has wrong type, expects a match for Pattern[{}], got {}",
                        URI_PATTERN,
                        super::display::quote(s)
                    )));
                }
                let u = crate::values::uri::Uri::parse(s).map_err(|e| {
                    Error::eval(format!("Error while evaluating a '[]' expression, {e}"))
                })?;
                let params = super::infer(&Value::Uri(std::rc::Rc::new(u)));
                typ(params)
            }
            // (a URI value is none: `Got URI::HTTP`, type_params seed 61)
            // (no component: `URI`)
            [Value::Hash(h)] if h.is_empty() => typ(PType::Uri(None)),
            // (the reference's `TYPE_URI_PARAM_HASH_TYPE`: a port an Integer of 0 or more,
            // the other components a non-empty String or a Regexp, any of them undef or a
            // type; another hash is no argument: `URI[{port => '21'}]` fails)
            [Value::Hash(h)]
                if h.iter().all(|(k, v)| match (k.as_str(), v) {
                    (Some(_), Value::Undef | Value::Type(_)) => true,
                    (Some("port"), Value::Integer(p)) => *p >= 0,
                    (
                        Some(
                            "scheme" | "userinfo" | "host" | "path" | "query" | "fragment"
                            | "opaque",
                        ),
                        Value::String(s),
                    ) => !s.is_empty(),
                    (
                        Some(
                            "scheme" | "userinfo" | "host" | "path" | "query" | "fragment"
                            | "opaque",
                        ),
                        Value::Regexp(_),
                    ) => true,
                    _ => false,
                }) =>
            {
                typ(PType::Uri(Some(h.clone())))
            }
            [other] => Err(not_types("URI", other)),
            _ => Err(count_error("URI", "1 argument", args.len())),
        },
        PType::Object => {
            let at =
                |m: String| Error::eval(format!("Error while evaluating a '[]' expression, {m}"));
            // (the arguments are flattened: `Object[['A']]` is `Object['A']`)
            let made = match &*args {
                [Value::Hash(h)] if h.is_empty() => None,
                [Value::Hash(h)] => {
                    // (the attributes are named after the type's name, when it has one)
                    let label = match h.get(&Value::string("name")).and_then(Value::as_str) {
                        Some(n) if crate::names::is_capitalized_name(n) => n.to_string(),
                        _ => "Object".to_string(),
                    };
                    Some(super::object::from_hash(h, &label).map_err(at)?)
                }
                [one @ (Value::String(_) | Value::Undef | Value::Default)] => {
                    super::object::from_name(one).map_err(at)?
                }
                [other] => {
                    return Err(Error::eval(format!(
                        "Object-Type[] expects a Hash, got {}",
                        super::infer_generalized(other)
                    )))
                }
                _ => return Err(count_error("Object", "1 argument", args.len())),
            };
            match made {
                None => typ(PType::Object),
                Some(o) => {
                    let o = std::rc::Rc::new(o);
                    super::object::validate(&o).map_err(at)?;
                    typ(PType::ObjectType(o))
                }
            }
        }
        // (an anonymous object type is parameterized as `Object` is, as the reference does)
        PType::ObjectType(o) if o.name.is_none() => parameterize(&PType::Object, args),
        PType::ObjectType(o) => {
            // (flattened: `T['a', ['b', 'c']]` is `T['a', 'b', 'c']`)
            super::object_extension::parameterize(o, args)
                .map(Value::typ)
                .map_err(|m| Error::eval(format!("Error while evaluating a '[]' expression, {m}")))
        }
        // `TypeSet[{...}]` in an expression (an alias's is made by the evaluator); a TypeSet
        // given arguments makes a new one as `TypeSet` does (`MyTypes['X']`, the reference's
        // `access_PTypeSetType`)
        PType::TypeSet | PType::TypeSetType(_) => match &*args {
            [arg] => super::typeset::from_expression(arg)
                .map(Value::typ)
                .map_err(|m| Error::eval(format!("Error while evaluating a '[]' expression, {m}"))),
            _ => Err(count_error("TypeSet", "1 argument", args.len())),
        },
        PType::ObjectExt(_) => Err(Error::eval(format!(
            "Operator '[]' is not applicable to {}-Type.",
            with_article(&t.to_string())
        ))),
        PType::Alias(_) | PType::TypeReference(_) => Err(Error::eval(format!(
            "Operator '[]' is not applicable to {}-Type.",
            with_article(&super::display::alias_display(t))
        ))),
        PType::Any
        | PType::Undef
        | PType::Default
        | PType::Data
        | PType::RichData
        | PType::Scalar
        | PType::ScalarData
        | PType::Numeric
        | PType::SemVerRange
        | PType::CatalogEntry
        | PType::Binary
        | PType::Unit => {
            let name = t.to_string();
            let name = name.split('[').next().unwrap_or_default();
            Err(Error::eval(format!(
                "Operator '[]' is not applicable to {}-Type.",
                with_article(name)
            )))
        }
    }
}

/// A type as the reference's `generalize` makes it (what `Sensitive[T]` keeps): ranges,
/// sizes and values dropped (`Integer[1, 2]` is `Integer`, `Array[String[1], 1]` is
/// `Array[String]`, `Enum['a', 'bc']` is `String[1, 2]`), inner types generalized; patterns,
/// regexps, versions, objects, resources and aliases as they are.
pub(super) fn generalized(t: &PType) -> PType {
    crate::limits::deep(|| generalized_here(t))
}

fn generalized_here(t: &PType) -> PType {
    let g = generalized;
    let gb = |t: &PType| Box::new(generalized(t));
    match t {
        PType::Integer(_) => PType::integer(),
        PType::Float(..) => PType::float(),
        PType::String { .. } => PType::string(),
        PType::Collection(_) => PType::Collection(IntRange::SIZE),
        PType::Boolean(_) => PType::Boolean(None),
        PType::Timespan(..) => PType::Timespan(None, None),
        PType::Timestamp(..) => PType::Timestamp(None, None),
        PType::Enum { .. } => super::infer::generalize(t),
        PType::Array(e, _) => PType::Array(gb(e), IntRange::SIZE),
        // (an empty hash's type stays)
        PType::Hash(_, _, s) if s.to == 0 => t.clone(),
        PType::Hash(k, v, _) => PType::Hash(gb(k), gb(v), IntRange::SIZE),
        PType::Struct(Some(members)) if !members.is_empty() => PType::Struct(Some(
            members
                .iter()
                .map(|m| super::StructMember {
                    value: g(&m.value),
                    ..m.clone()
                })
                .collect(),
        )),
        PType::Struct(Some(_)) => PType::Struct(None),
        PType::Tuple(types, size) => PType::Tuple(types.iter().map(g).collect(), *size),
        PType::Callable(c) => PType::Callable(Box::new(super::CallableType {
            params: c
                .params
                .as_ref()
                .map(|(ps, size)| (ps.iter().map(g).collect(), *size)),
            block: c.block.as_ref().map(g),
            return_type: c.return_type.as_ref().map(g),
        })),
        PType::Variant(types) => variant(types.iter().map(g).collect()),
        PType::Type(Some(inner)) => PType::Type(Some(gb(inner))),
        PType::Optional(Some(inner)) => PType::Optional(Some(gb(inner))),
        PType::NotUndef(Some(inner)) => PType::NotUndef(Some(gb(inner))),
        PType::Iterable(Some(inner)) => PType::Iterable(Some(gb(inner))),
        PType::Iterator(Some(inner)) => PType::Iterator(Some(gb(inner))),
        PType::Sensitive(Some(inner)) => PType::Sensitive(Some(gb(inner))),
        other => other.clone(),
    }
}

/// Ruby's `URI.regexp` as the reference shows it in `Pattern[...]` (its `Pcore::TYPE_URI`,
/// which a string given to `URI[...]` must match).
pub(crate) const URI_PATTERN: &str = include_str!("uri_pattern.txt");

/// Whether `s` matches Ruby's `URI.regexp` (unanchored): a scheme and a colon somewhere
/// (`[a-zA-Z][-+.a-zA-Z0-9]*:`), the rest of the pattern matching at least nothing.
fn has_uri_scheme(s: &str) -> bool {
    let b = s.as_bytes();
    b.iter().enumerate().any(|(p, &c)| {
        c == b':'
            && b[..p]
                .iter()
                .rev()
                .take_while(|c| c.is_ascii_alphanumeric() || b"+-.".contains(c))
                .any(u8::is_ascii_alphabetic)
    })
}

/// `args` with the elements of arrays (nested ones too) in their place.
fn flatten_into(args: &[Value], out: &mut Vec<Value>) {
    for a in args {
        match a {
            Value::Array(items) => crate::limits::deep(|| flatten_into(items, out)),
            other => out.push(other.clone()),
        }
    }
}

/// `Foo-Type[] accepts N arguments. Got M`
pub(super) fn count_error(name: &str, expected: &str, got: usize) -> Error {
    Error::eval(format!("{name}-Type[] accepts {expected}. Got {got}"))
}

/// `A Foo-Type[] accepts N arguments. Got M`
pub(super) fn count_error_a(name: &str, expected: &str, got: usize) -> Error {
    Error::eval(format!(
        "{} {name}-Type[] accepts {expected}. Got {got}",
        if super::size::article(name) == "an" {
            "An"
        } else {
            "A"
        }
    ))
}

/// `Error creating type specialization of a Struct-Type, Cannot use Integer where Hash is expected`
pub(super) fn specialization(t: &PType, got: &Value, expected: &str) -> Error {
    let name = t.to_string();
    Error::eval(format!(
        "Error creating type specialization of {}-Type, Cannot use {} where {expected} is expected",
        with_article(&name),
        detailed_kind(got)
    ))
}

/// How the reference names a wrong argument (its `bad_key_type_name`): `Undef`, `Default`,
/// else the value's generalized inferred type (`Array[String]`, `Type[Integer]` for
/// `Integer[1, 2]`, `Regexp[/x/]`, `Hash[String, Integer]`; an object's type with its
/// definition: `Object[{name => 'Error', ...}]`).
pub(super) fn detailed_kind(v: &Value) -> String {
    match v {
        Value::Undef => "Undef".to_string(),
        Value::Default => "Default".to_string(),
        other => super::display::objects_expanded_display(&super::infer::infer_generalized(other)),
    }
}

pub(super) fn not_types(name: &str, got: &Value) -> Error {
    Error::eval(format!(
        "{name}-Type[] arguments must be types. Got {}",
        ruby_class(got)
    ))
}

/// The Ruby class of an argument, as the reference's `[]` names a wrong one (`Got NilClass`,
/// `Got TrueClass`, `Got Puppet::Pops::Types::PStringType`, `Got Puppet::DataTypes::Error`).
pub(super) fn ruby_class(v: &Value) -> String {
    crate::format::ruby::class_name(v)
}

/// The type a type argument holds: taken out of it when nothing else holds it (the
/// argument is dropped after `[]`), so that a nested type (`Array[Array[...]]`, built
/// from the inside out) is built in linear time rather than copied at each level.
pub(super) fn take_type(t: &mut Rc<PType>) -> PType {
    match Rc::get_mut(t) {
        Some(inner) => std::mem::replace(inner, PType::Any),
        None => (**t).clone(),
    }
}

fn single_type(name: &str, args: &mut [Value]) -> Result<PType, Error> {
    match args {
        [Value::Type(t)] => Ok(take_type(t)),
        [other] => Err(not_types(name, other)),
        _ => Err(count_error(name, "1 argument", args.len())),
    }
}

/// `Optional['a']`: a string stands for the type of that one string.
fn single_type_or_string(name: &str, args: &mut [Value]) -> Result<PType, Error> {
    match args {
        [Value::String(s)] => Ok(PType::string_value(s.clone())),
        _ => single_type(name, args),
    }
}

fn integer(args: &[Value]) -> Result<PType, Error> {
    if args.is_empty() || args.len() > 2 {
        return Err(Error::eval(format!(
            "Integer-Type supports [] with one or two arguments (from, to). Got {}",
            args.len()
        )));
    }
    let bound = |v: &Value, dflt: i64| match v {
        Value::Integer(i) => Ok(*i),
        Value::Default => Ok(dflt),
        other => Err(Error::eval(format!(
            "Integer-Type [] requires all arguments to be integers (or default). Got {}",
            ruby_class(other)
        ))),
    };
    let from = bound(&args[0], i64::MIN)?;
    let to = match args.get(1) {
        Some(v) => bound(v, i64::MAX)?,
        // The reference (the default reading) takes `Integer[1]` as `Integer[1, default]`;
        // the spec draft: "If only one parameter is given, it is taken as both from and to".
        None if single_bound_is_exact() && from != i64::MIN => from,
        None => i64::MAX,
    };
    if from > to {
        return Err(from_gt_to(from, to));
    }
    Ok(PType::Integer(IntRange::new(from, to)))
}

fn float(args: &[Value]) -> Result<PType, Error> {
    if args.is_empty() || args.len() > 2 {
        return Err(Error::eval(format!(
            "Float-Type supports [] with one or two arguments (from, to). Got {}",
            args.len()
        )));
    }
    let bound = |v: &Value, dflt: f64| match v {
        Value::Integer(i) => Ok(*i as f64),
        Value::Float(x) => Ok(*x),
        Value::Default => Ok(dflt),
        other => Err(Error::eval(format!(
            "Float-Type [] requires all arguments to be floats, or integers (or default). Got {}",
            ruby_class(other)
        ))),
    };
    let from = bound(&args[0], f64::NEG_INFINITY)?;
    let to = match args.get(1) {
        Some(v) => bound(v, f64::INFINITY)?,
        // As an Integer range: a minimum, or (spec reading) both bounds.
        None if single_bound_is_exact() && from != f64::NEG_INFINITY => from,
        None => f64::INFINITY,
    };
    if from > to {
        return Err(from_gt_to(
            super::display::ruby_float(from),
            super::display::ruby_float(to),
        ));
    }
    Ok(PType::Float(from, to))
}

/// `Variant[...]` as the reference builds it: duplicates dropped, a single type unwrapped.
// PType's hash and equality use only an alias's name, never its (mutable) target.
#[allow(clippy::mutable_key_type)]
pub(super) fn variant(types: Vec<PType>) -> PType {
    let mut unique: Vec<PType> = Vec::with_capacity(types.len());
    let mut seen: rustc_hash::FxHashSet<PType> =
        rustc_hash::FxHashSet::with_capacity_and_hasher(types.len(), Default::default());
    let mut push = |t: PType, unique: &mut Vec<PType>| {
        if seen.insert(t.clone()) {
            unique.push(t);
        }
    };
    for mut t in types {
        match t {
            PType::Variant(ref mut inner) => {
                std::mem::take(inner)
                    .into_iter()
                    .for_each(|t| push(t, &mut unique));
            }
            _ => push(t, &mut unique),
        }
    }
    if unique.len() == 1 {
        unique.pop().unwrap_or(PType::Any)
    } else {
        PType::Variant(unique)
    }
}

fn enumeration(t: &PType, args: &[Value]) -> Result<PType, Error> {
    let mut values: Vec<Rc<str>> = Vec::new();
    let mut case_insensitive = false;
    for (i, a) in args.iter().enumerate() {
        match a {
            Value::String(s) => values.push(s.clone()),
            Value::Boolean(b) if i + 1 == args.len() => case_insensitive = *b,
            other => return Err(specialization(t, other, "String")),
        }
    }
    if values.is_empty() {
        return Err(count_error_a("Enum", "1 or more arguments", 0));
    }
    values.sort();
    values.dedup();
    Ok(PType::Enum {
        values,
        case_insensitive,
    })
}

/// `Pattern[...]`; errors name `t`, the type being parameterized.
fn pattern(t: &PType, args: &[Value]) -> Result<PType, Error> {
    if args.is_empty() {
        return Err(count_error_a("Pattern", "1 or more arguments", 0));
    }
    let mut res: Vec<Rc<Regexp>> = Vec::new();
    // The reference keeps each pattern once (`Pattern[/a/, 'a']` is `Pattern[/a/]`); the
    // bare `Regexp` (no pattern) is another than `//`.
    let mut seen: rustc_hash::FxHashSet<Option<Rc<str>>> = rustc_hash::FxHashSet::default();
    let mut add = |r: Rc<Regexp>, bare: bool| {
        if seen.insert((!bare).then(|| r.source().into())) {
            res.push(r);
        }
    };
    for a in args {
        match a {
            Value::String(s) => add(compile(s)?, false),
            Value::Regexp(r) => add(r.clone(), false),
            Value::Type(ty) => match &**ty {
                PType::Pattern(rs) => rs.iter().for_each(|r| add(r.clone(), false)),
                PType::Regexp(Some(r)) => add(r.clone(), false),
                PType::Regexp(None) => add(compile("")?, true),
                _ => return Err(pattern_error(t, a)),
            },
            other => return Err(pattern_error(t, other)),
        }
    }
    Ok(PType::Pattern(res))
}

fn pattern_error(t: &PType, got: &Value) -> Error {
    specialization(t, got, "String or Regexp or Pattern-Type or Regexp-Type")
}

pub(super) fn compile(source: &str) -> Result<Rc<Regexp>, Error> {
    Regexp::new_described(source)
        .map(Rc::new)
        .map_err(|e| Error::eval(format!("Error while evaluating a '[]' expression, {e}")))
}

fn semver(t: &PType, args: &[Value]) -> Result<PType, Error> {
    if args.is_empty() {
        return Err(count_error_a("SemVer", "1 or more arguments", 0));
    }
    // (every argument's type is checked before any string is parsed, as the reference's
    // `assert_keys` does: `SemVer['junk', Timespan(1)]` fails on the Timespan)
    if let Some(other) = args
        .iter()
        .find(|a| !matches!(a, Value::String(_) | Value::SemVerRange(_)))
    {
        return Err(specialization(
            t,
            other,
            "String or SemanticPuppet::VersionRange",
        ));
    }
    let mut ranges = Vec::with_capacity(args.len());
    for a in args {
        match a {
            Value::String(s) => ranges.push(SemVerRange::parse(s).map_err(|e| {
                Error::eval(format!(
                    "Error while evaluating a '[]' expression, {}",
                    e.message
                ))
            })?),
            Value::SemVerRange(r) => ranges.push((**r).clone()),
            _ => {}
        }
    }
    Ok(PType::SemVer(crate::versions::merge_ranges(ranges)))
}

/// The reference's check of `Init[T, init_args...]` (`PInitType#assert_initialized`, where
/// it is first used; prepl where it is made: docs/deviations.md): with arguments, `T` must
/// have a `new` (not an `Init`, `Optional` or `NotUndef` as written) and some signature of
/// `T.new` must take one value followed by them. (`Init[T]` without arguments of a type
/// without `new` fails where a value is made: `Init[Optional[Integer]]('3')`.)
fn check_init(inner: &PType, rest: &[Value], init: &PType) -> Result<(), Error> {
    if !rest.is_empty()
        && matches!(
            inner,
            PType::Init(..) | PType::Optional(_) | PType::NotUndef(_)
        )
    {
        return Err(not_supported(inner));
    }
    let mut t = inner.resolved();
    for _ in 0..64 {
        match t {
            PType::Alias(ref a) => t = a.resolved(),
            _ => break,
        }
    }
    let invalid = || {
        let subject = match inner {
            PType::Alias(a) => a.name.to_string(),
            PType::ObjectType(o) => o.label().to_string(),
            _ => {
                let text = inner.to_string();
                text.split('[').next().unwrap_or_default().to_string()
            }
        };
        Error::eval(format!(
            "The type '{init}' does not represent a valid set of parameters for {subject}.new()"
        ))
    };
    if let PType::ObjectType(o) = &t {
        if rest.is_empty() {
            return Ok(());
        }
        let c = o.constructor();
        let n = rest.len() + 1;
        let fits = c.required <= n
            && n <= c.attrs.len()
            && rest
                .iter()
                .zip(c.positional().skip(1))
                .all(|(arg, a)| super::is_instance(&a.typ, arg));
        return if fits { Ok(()) } else { Err(invalid()) };
    }
    if rest.is_empty() {
        // (`Init[T]` of a type without `new` fails where it makes a value, as a call)
        return Ok(());
    }
    let Some(signatures) = super::init::signatures(&t) else {
        // (an unresolved reference or the bare `Object`, where the reference fails inside,
        // are left to where they are used)
        return if matches!(t, PType::TypeReference(_) | PType::Object) {
            Ok(())
        } else {
            Err(not_supported(inner))
        };
    };
    let n = rest.len() + 1;
    let fits = signatures.iter().any(|s| {
        s.min <= n
            && n <= s.max
            && rest
                .iter()
                .zip(&s.params[1..])
                .all(|(arg, p)| super::is_instance(p, arg))
    });
    if fits {
        Ok(())
    } else {
        Err(invalid())
    }
}

/// `Creation of new instance of type 'T' is not supported`.
fn not_supported(t: &PType) -> Error {
    crate::convert::not_supported(t)
}

/// `String.new`'s `Formats`: `Variant[Default, String[1], TypeMap]`, a `TypeMap` being
/// `Hash[Type, Variant[Format, ContainerFormat]]`.
pub(super) fn string_formats() -> PType {
    use super::{KeyKind, StructMember};
    let ty = |text: &str| super::typesrc::parse_type(text).expect("a signature's type");
    let format = ty("Pattern[/^%([\\s\\[+#0{<(|-]*)([1-9][0-9]*)?(?:\\.([0-9]+))?([a-zA-Z])$/]");
    let member = |key: &str, value| StructMember {
        key: key.into(),
        key_kind: KeyKind::Optional,
        value,
    };
    let container = PType::Struct(Some(vec![
        member("format", format.clone()),
        member("separator", ty("String")),
        member("separator2", ty("String")),
        member(
            "string_formats",
            PType::Hash(
                Box::new(ty("Type")),
                Box::new(format.clone()),
                IntRange::SIZE,
            ),
        ),
    ]));
    PType::Variant(vec![
        PType::Default,
        ty("String[1]"),
        PType::Hash(
            Box::new(ty("Type")),
            Box::new(PType::Variant(vec![format, container])),
            IntRange::SIZE,
        ),
    ])
}
