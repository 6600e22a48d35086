//! `Name[params]` in a type written as text: each type's parameter rules as the reference's
//! TypeParser has them (how many, which must be types, which sizes), with its messages. The
//! type itself is then made as `[]` makes it in code (`types::parameterize`): the same type
//! for every form both accept. Where the TypeParser would make a type `[]` refuses (a string
//! where a type belongs: its Ruby `Runtime` type; `undef`: its `Undef`), `[]`'s error is
//! the answer.

use super::{Param, Reader};
use crate::error::Error;
use crate::syntax::ast::Expr;
use crate::types::{names::by_name, PType};
use crate::values::{Map, Regexp, Value};
use std::rc::Rc;

/// `name[params]` (`access` is the whole expression, `qref` its name).
pub(super) fn parameterized<F: FnMut(&str) -> Result<Option<PType>, Error>>(
    r: &mut Reader<'_, F>,
    access: &Expr,
    qref: &Expr,
    name: &Rc<str>,
    params: Vec<Param>,
) -> Result<Param, Error> {
    let bare = name.strip_prefix("::").unwrap_or(name);
    let lower = bare.to_ascii_lowercase();
    let n = params.len();
    let invalid = |r: &Reader<'_, F>| r.invalid(access);
    // Each check names the whole access as the invalid expression.
    let types = |r: &Reader<'_, F>, ps: &[Param]| -> Result<(), Error> {
        match ps.iter().all(|p| matches!(p, Param::Type(_))) {
            true => Ok(()),
            false => Err(invalid(r)),
        }
    };
    let ranges = |r: &Reader<'_, F>, ps: &[Param]| -> Result<(), Error> {
        match ps.iter().all(is_range) {
            true => Ok(()),
            false => Err(invalid(r)),
        }
    };
    // A size: an `Integer` type, or a bound.
    let size = |r: &Reader<'_, F>, p: &Param| -> Result<(), Error> {
        match p {
            Param::Type(PType::Integer(_)) => Ok(()),
            p => ranges(r, std::slice::from_ref(p)),
        }
    };
    match lower.as_str() {
        "array" => match n {
            1 => types(r, &params)?,
            2 if matches!(params[0], Param::Type(_)) => size(r, &params[1])?,
            2 => ranges(r, &params)?,
            3 => {
                types(r, &params[..1])?;
                ranges(r, &params[1..])?;
            }
            _ => return Err(count("Array", "1 to 3", n)),
        },
        "hash" => match n {
            2 if params.iter().all(|p| matches!(p, Param::Type(_))) => {}
            2 => ranges(r, &params)?,
            3 => {
                size(r, &params[2])?;
                types(r, &params[..2])?;
            }
            4 => {
                ranges(r, &params[2..])?;
                types(r, &params[..2])?;
            }
            _ => return Err(count("Hash", "2 to 4", n)),
        },
        "collection" | "string" => {
            let shown = if lower == "string" {
                "String"
            } else {
                "Collection"
            };
            match n {
                1 => size(r, &params[0])?,
                2 => ranges(r, &params)?,
                _ => return Err(count(shown, "1 to 2", n)),
            }
        }
        "class" if n != 1 => return Err(count("Class", "1", n)),
        "resource" => return resource(&lower, params),
        "regexp" if n != 1 => return Err(count("Regexp", "1", n)),
        "enum" => return enumeration(params),
        "pattern" => {
            if n == 0 {
                return Err(count("Pattern", "1 or more", n));
            }
            if let Some(p) = params.iter().find(|p| !is_pattern(p)) {
                return Err(Error::eval(format!(
                    "Only String, Regexp, Pattern-Type, and Regexp-Type are allowed: got '{}",
                    ruby_class(p)
                )));
            }
        }
        "uri" if n != 1 => return Err(count("URI", "1", n)),
        "variant" => types(r, &params)?,
        "tuple" => {
            // the last two, or the last, may be the size
            if n >= 2 && is_range(&params[n - 2]) {
                ranges(r, &params[n - 1..])?;
            }
        }
        "callable" => {
            if n > 1 && matches!(params[0], Param::List(_)) && n != 2 {
                return Err(count("callable", "2 when first parameter is an array", n));
            }
        }
        "struct" => {
            if n != 1 {
                return Err(count("Struct", "1", n));
            }
            if !matches!(params[0], Param::Hash(_)) {
                return Err(invalid(r));
            }
        }
        "boolean" => {
            if n != 1 {
                return Err(count("Boolean", "1", n));
            }
            let Param::Bool(b) = params[0] else {
                return Err(Error::eval("Boolean parameter must be true or false"));
            };
            return Ok(Param::Type(PType::Boolean(Some(b))));
        }
        "integer" | "float" => {
            let shown = if lower == "integer" {
                "Integer"
            } else {
                "Float"
            };
            match (n, &params[0]) {
                (1, Param::Default) => return Ok(Param::Type(by_name(shown).expect("built in"))),
                (1, Param::Int(_)) => {}
                (1, Param::Float(_)) if shown == "Float" => {}
                // no type: the type around it (or the whole text) is what is invalid
                (1, _) => return Ok(Param::Nil),
                (2, _) => {}
                _ => return Err(count(shown, "1 or 2", n)),
            }
        }
        "object" | "typeset" if n != 1 => return Err(count("Object", "1", n)),
        "init" => types(r, &params[..1])?,
        "iterable" | "iterator" | "type" => {
            if n != 1 {
                return Err(count(shown_name(&lower), "1", n));
            }
            types(r, &params)?;
        }
        "sensitive" => {
            if n != 1 {
                return Err(count("Sensitive", "0 to 1", n));
            }
            types(r, &params)?;
        }
        "optional" | "notundef" => {
            if n != 1 {
                let required = if lower == "optional" { "1" } else { "0 to 1" };
                return Err(count(shown_name(&lower), required, n));
            }
            if !matches!(params[0], Param::Str(_)) {
                types(r, &params)?;
            }
        }
        "any" | "data" | "catalogentry" | "scalar" | "undef" | "numeric" | "default"
        | "semverrange" => return Err(unparameterized(r.text_of(qref))),
        "runtime" if n != 2 => return Err(count("Runtime", "2", n)),
        "timespan" | "timestamp" if n > 2 => {
            return Err(count(shown_name(&lower), "0 to 2", n));
        }
        "semver" if n == 0 => return Err(count("SemVer", "1 or more", n)),
        "class" | "regexp" | "uri" | "object" | "typeset" | "runtime" | "timespan"
        | "timestamp" | "semver" => {}
        _ => return other(r, access, qref, bare, params),
    }
    let base = by_name(shown_name(&lower)).expect("a built-in type name");
    make(&base, params)
}

/// `Name[params]` for a name that is none of the built-in parameterized types: a resource
/// type (`File['/tmp']`), a type that takes no parameters, or no type (a reference to the
/// whole text).
fn other<F: FnMut(&str) -> Result<Option<PType>, Error>>(
    r: &mut Reader<'_, F>,
    access: &Expr,
    qref: &Expr,
    bare: &str,
    params: Vec<Param>,
) -> Result<Param, Error> {
    let found = match crate::types::names::by_name_any_case(bare) {
        Some(t) => Some(t),
        None => (r.names)(bare)?,
    };
    match found {
        None => Ok(Param::Type(PType::TypeReference(r.text_of(access).into()))),
        Some(t @ PType::Resource { title: None, .. }) => {
            if params.len() != 1 {
                return Err(count(r.text_of(qref), "1", params.len()));
            }
            make(&t, params)
        }
        Some(t @ PType::ObjectType(_)) => make(&t, params),
        Some(_) => Err(unparameterized(r.text_of(qref))),
    }
}

/// `Resource[type]`, `Resource[type, title]`: the type as a name (a resource type's, even
/// one with a title: `Resource[File['/tmp']]` is `File`; an unknown name's).
fn resource(lower: &str, mut params: Vec<Param>) -> Result<Param, Error> {
    if !(1..=2).contains(&params.len()) {
        return Err(count("Resource", "1 or 2", params.len()));
    }
    let name = match &params[0] {
        Param::Type(PType::Resource {
            type_name: Some(name),
            ..
        }) => Param::Str(name.clone()),
        Param::Type(PType::TypeReference(name)) if !name.contains('[') => Param::Str(name.clone()),
        Param::Str(s) => Param::Str(s.clone()),
        Param::Nil if params.len() == 1 => return Ok(Param::Type(by_name("Resource").unwrap())),
        Param::Nil => {
            return Err(Error::eval(
                "The type name cannot be nil, if title is given",
            ));
        }
        Param::Type(_) => params[0].clone(),
        p => {
            return Err(Error::eval(format!(
                "The type name cannot be a {}",
                ruby_class(p)
            )))
        }
    };
    params[0] = name;
    make(&by_name(shown_name(lower)).expect("built in"), params)
}

/// `Enum[strings..., case_insensitive?]`.
fn enumeration(params: Vec<Param>) -> Result<Param, Error> {
    let strings = match params.last() {
        Some(Param::Bool(_)) => &params[..params.len() - 1],
        _ => &params[..],
    };
    if strings.is_empty() {
        return Err(count("Enum", "1 or more", 0));
    }
    if !strings.iter().all(|p| matches!(p, Param::Str(_))) {
        return Err(Error::eval(
            "Enum parameters must be identifiers or strings",
        ));
    }
    make(&by_name("Enum").expect("built in"), params)
}

/// The type `[]` makes of `base` and the parameters (`Param::Nil` becomes `undef`).
fn make(base: &PType, params: Vec<Param>) -> Result<Param, Error> {
    let mut args = Vec::with_capacity(params.len());
    for p in params {
        args.push(value(p)?);
    }
    match crate::types::parameterize_as_written(base, &mut args) {
        // (the type is this one's alone: taken, not copied, or a deep text copies its inner
        // types once per level)
        Ok(Value::Type(t)) => Ok(Param::Type(Rc::unwrap_or_clone(t))),
        Ok(_) => Err(count(&base.to_string(), "1", args.len())),
        // The TypeParser makes types without the `[]` operator: its errors have no
        // "Error while evaluating a '[]' expression" in front.
        Err(mut e) => {
            if let Some(rest) = e
                .message
                .strip_prefix("Error while evaluating a '[]' expression, ")
            {
                e.message = rest.to_string();
            }
            Err(e)
        }
    }
}

/// A parameter as the value `[]` takes (lists nest as deeply as the text: on more stack
/// when needed).
fn value(p: Param) -> Result<Value, Error> {
    crate::limits::deep(|| value_here(p))
}

fn value_here(p: Param) -> Result<Value, Error> {
    Ok(match p {
        Param::Type(t) => Value::typ(t),
        Param::Str(s) => Value::String(s),
        Param::Int(i) => Value::Integer(i),
        Param::Float(f) => Value::Float(f),
        Param::Bool(b) => Value::Boolean(b),
        Param::Default => Value::Default,
        Param::Nil => Value::Undef,
        Param::Regex(source) => Value::Regexp(Rc::new(
            Regexp::new_described(&source).map_err(Error::eval)?,
        )),
        Param::List(items) => {
            let mut out = Vec::with_capacity(items.len());
            for item in items {
                out.push(value(item)?);
            }
            Value::array(out)
        }
        Param::Hash(entries) => {
            let mut map = Map::with_capacity(entries.len());
            for (k, v) in entries {
                map.insert(value(k)?, value(v)?);
            }
            Value::hash(map)
        }
    })
}

/// A bound of a size or range: an integer or `default`.
fn is_range(p: &Param) -> bool {
    matches!(p, Param::Int(_) | Param::Default)
}

fn is_pattern(p: &Param) -> bool {
    matches!(
        p,
        Param::Str(_) | Param::Regex(_) | Param::Type(PType::Pattern(_) | PType::Regexp(_))
    )
}

/// The class of the reference's Ruby value for a parameter, as its messages name it.
fn ruby_class(p: &Param) -> String {
    match p {
        Param::Int(_) => "Integer".into(),
        Param::Float(_) => "Float".into(),
        Param::Bool(true) => "TrueClass".into(),
        Param::Bool(false) => "FalseClass".into(),
        Param::Default => "Symbol".into(),
        Param::Nil => "NilClass".into(),
        Param::Str(_) => "String".into(),
        Param::Regex(_) => "Regexp".into(),
        Param::List(_) => "Array".into(),
        Param::Hash(_) => "Hash".into(),
        Param::Type(t) => {
            let shown = t.to_string();
            let name = shown.split('[').next().unwrap_or_default();
            format!("Puppet::Pops::Types::P{name}Type")
        }
    }
}

/// The built-in type's name as written in messages (`URI`, `NotUndef`).
fn shown_name(lower: &str) -> &'static str {
    crate::types::names::BUILT_IN
        .iter()
        .find(|(l, _)| *l == lower)
        .map_or("Any", |(_, shown)| shown)
}

fn count(type_name: &str, required: &str, given: usize) -> Error {
    Error::eval(format!(
        "Invalid number of type parameters specified: {type_name} requires {required}, {given} provided"
    ))
}

fn unparameterized(text: &str) -> Error {
    Error::eval(format!("Not a parameterized type <{text}>"))
}
