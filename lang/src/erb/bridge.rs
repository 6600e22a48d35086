//! Puppet values to Ruby values and back, as the reference maps them for templates:
//! undef is nil, `default` the symbol `:default`, strings, numbers, booleans, arrays and
//! hashes (in order) their Ruby counterparts, regexps Ruby regexps; types, `Sensitive`,
//! timespans and the like stay Puppet objects that print as the reference prints them.

use super::ruby::{HostError, HostObject, RHash, RValue};
use crate::types::PType;
use crate::values::{Map, Value};
use std::any::Any;
use std::rc::Rc;

/// A Puppet value with no Ruby counterpart in the subset, as the interpreter's host object:
/// it prints as the reference prints it and converts back unchanged.
#[derive(Debug)]
pub struct PuppetObject(pub Value);

impl HostObject for PuppetObject {
    fn class_name(&self) -> String {
        puppet_class(&self.0)
    }
    fn is_a(&self, class: &str) -> bool {
        puppet_is_a(&self.0, class)
    }
    fn to_s(&self) -> String {
        puppet_to_s(&self.0)
    }
    fn inspect(&self) -> String {
        puppet_inspect(&self.0)
    }
    fn equals(&self, other: &dyn HostObject) -> bool {
        other
            .as_any()
            .downcast_ref::<PuppetObject>()
            .is_some_and(|o| o.0 == self.0)
    }
    fn call(&self, name: &str, _args: &[RValue]) -> Option<Result<RValue, HostError>> {
        match (name, &self.0) {
            ("unwrap", Value::Sensitive(inner)) => Some(Ok(to_ruby(inner))),
            (_, Value::SemVer(v)) => semver_method(name, v).map(Ok),
            _ => None,
        }
    }
    /// (foreman's `to_symbolized_yaml`: `v = v.unwrap if v.respond_to?(:unwrap)`)
    fn responds_to(&self, name: &str) -> bool {
        match &self.0 {
            Value::Sensitive(_) => name == "unwrap",
            Value::SemVer(v) => semver_method(name, v).is_some(),
            _ => false,
        }
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// A `SemanticPuppet::Version`'s readers: its numbers, its prerelease and build (nil when
/// it has none), whether it is stable (no prerelease).
fn semver_method(name: &str, v: &semver::Version) -> Option<RValue> {
    let text = |t: &str| match t.is_empty() {
        true => RValue::Nil,
        false => RValue::str(t),
    };
    Some(match name {
        "major" => RValue::Int(v.major as i64),
        "minor" => RValue::Int(v.minor as i64),
        "patch" => RValue::Int(v.patch as i64),
        "prerelease" => text(v.pre.as_str()),
        "build" => text(v.build.as_str()),
        "stable?" => RValue::bool(v.pre.is_empty()),
        _ => return None,
    })
}

pub fn to_ruby(v: &Value) -> RValue {
    match v {
        Value::Undef => RValue::Nil,
        Value::Default => RValue::sym("default"),
        Value::Boolean(b) => RValue::bool(*b),
        Value::Integer(i) => RValue::Int(*i),
        Value::Float(f) => RValue::float(*f),
        Value::String(s) => RValue::str(&**s),
        Value::Regexp(r) => RValue::Regexp(r.clone()),
        Value::Array(a) => RValue::array(a.iter().map(to_ruby).collect::<super::ruby::RArray>()),
        Value::Hash(h) => RValue::hash(RHash::from_distinct(
            h.iter().map(|(k, v)| (to_ruby(k), to_ruby(v))).collect(),
        )),
        other => RValue::host(PuppetObject(other.clone())),
    }
}

/// A Ruby value given to a Puppet function (or returned): `Err` names what cannot be. An
/// array or hash that contains itself (`x << x`) cannot be: Puppet's values have no cycles,
/// so the conversion stops there (a template's change that made one is not written back).
pub fn to_puppet(v: &RValue) -> Result<Value, String> {
    to_puppet_in(v, None)
}

/// The arrays and hashes being converted, the innermost first: a chain on the stack (the
/// conversion of a value with no array in it makes no list).
struct Open<'a> {
    id: usize,
    outer: Option<&'a Open<'a>>,
}

impl Open<'_> {
    fn contains(&self, id: usize) -> bool {
        let mut at = Some(self);
        while let Some(o) = at {
            if o.id == id {
                return true;
            }
            at = o.outer;
        }
        false
    }
}

fn to_puppet_in(v: &RValue, open: Option<&Open>) -> Result<Value, String> {
    let id = match v {
        RValue::Array(a) => Rc::as_ptr(a) as usize,
        RValue::Hash(h) => Rc::as_ptr(h) as usize,
        _ => return to_puppet_one(v, open),
    };
    if open.is_some_and(|o| o.contains(id)) {
        return Err(format!(
            "a Ruby {} that contains itself cannot be given to Puppet",
            v.class_name()
        ));
    }
    let here = Open { id, outer: open };
    crate::limits::deep(|| to_puppet_one(v, Some(&here)))
}

fn to_puppet_one(v: &RValue, open: Option<&Open>) -> Result<Value, String> {
    Ok(match v {
        RValue::Nil => Value::Undef,
        RValue::Bool(b) => Value::Boolean(b.get()),
        RValue::Int(i) => Value::Integer(*i),
        RValue::Float(f) => Value::Float(f.get()),
        RValue::Str(s) => Value::String(Rc::from(&**s)),
        // (each byte as the character of its code point, as the reference prints them)
        RValue::Bytes(_) => Value::String(super::ruby::show::to_s(v).into()),
        RValue::Sym(s) => match &**s {
            "default" => Value::Default,
            "undef" => Value::Undef,
            _ => Value::String(Rc::from(&**s)),
        },
        RValue::Array(a) => Value::array(
            a.borrow()
                .iter()
                .map(|i| to_puppet_in(i, open))
                .collect::<Result<_, _>>()?,
        ),
        RValue::Hash(h) => {
            let mut map = Map::default();
            for (k, v) in h.borrow().iter() {
                map.insert(to_puppet_in(k, open)?, to_puppet_in(v, open)?);
            }
            Value::hash(map)
        }
        RValue::Regexp(r) => Value::Regexp(r.clone()),
        RValue::Class(c) => Value::String(Rc::from(&**c)),
        RValue::Host(o) => match o.as_any().downcast_ref::<PuppetObject>() {
            Some(p) => p.0.clone(),
            None => {
                return Err(format!(
                    "a Ruby {} cannot be given to Puppet",
                    v.class_name()
                ))
            }
        },
        RValue::Range(_)
        | RValue::Match(..)
        | RValue::Scope
        | RValue::Proc(..)
        | RValue::Lambda(..)
        | RValue::Module(_)
        | RValue::Object(_)
        | RValue::Exception(_) => {
            return Err(format!(
                "a Ruby {} cannot be given to Puppet",
                v.class_name()
            ))
        }
    })
}

/// Whether `to_puppet(rv)` would give `v` back, the same entries in the same order (a value
/// a template read and left as it was), found without making the value: after each render
/// every array and hash the template read is checked so (`facts` among them), and making
/// each one again cost as much as converting it. `false` when unsure (the caller then
/// converts and compares).
pub fn unchanged(rv: &RValue, v: &Value) -> bool {
    match (rv, v) {
        (RValue::Nil, Value::Undef) => true,
        (RValue::Bool(a), Value::Boolean(b)) => a == b,
        (RValue::Int(a), Value::Integer(b)) => a == b,
        (RValue::Float(a), Value::Float(b)) => a.to_bits() == b.to_bits(),
        (RValue::Str(a), Value::String(b)) => **a == **b,
        (RValue::Sym(s), Value::Default) => &**s == "default",
        (RValue::Regexp(a), Value::Regexp(b)) => Rc::ptr_eq(a, b),
        (RValue::Array(a), Value::Array(b)) => {
            let a = a.borrow();
            a.len() == b.len()
                && crate::limits::deep(|| a.iter().zip(b.iter()).all(|(x, y)| unchanged(x, y)))
        }
        (RValue::Hash(a), Value::Hash(b)) => {
            let a = a.borrow();
            a.len() == b.len()
                && crate::limits::deep(|| {
                    a.iter()
                        .zip(b.iter())
                        .all(|((k1, v1), (k2, v2))| unchanged(k1, k2) && unchanged(v1, v2))
                })
        }
        (RValue::Host(o), _) => o
            .as_any()
            .downcast_ref::<PuppetObject>()
            .is_some_and(|p| p.0 == *v),
        _ => false,
    }
}

/// `to_s` of a Puppet object.
pub fn puppet_to_s(v: &Value) -> String {
    match v {
        Value::Sensitive(_) => "Sensitive [value redacted]".into(),
        other => crate::format::to_display(other),
    }
}

/// `inspect` of a Puppet object: Ruby's `inspect` of the reference's object, an address
/// as zeros (a type in the language's form: docs/deviations.md).
pub fn puppet_inspect(v: &Value) -> String {
    crate::format::ruby::inspect_objects(v)
}

/// The Ruby class of a Puppet object.
pub fn puppet_class(v: &Value) -> String {
    match v {
        Value::Sensitive(_) => "Puppet::Pops::Types::PSensitiveType::Sensitive".into(),
        Value::Timespan(_) => "Puppet::Pops::Time::Timespan".into(),
        Value::Timestamp(_) => "Puppet::Pops::Time::Timestamp".into(),
        Value::SemVer(_) => "SemanticPuppet::Version".into(),
        Value::SemVerRange(_) => "SemanticPuppet::VersionRange".into(),
        Value::Binary(_) => "Puppet::Pops::Types::PBinaryType::Binary".into(),
        Value::Iterator(_) => "Puppet::Pops::Types::Iterator".into(),
        Value::Type(t) => format!("Puppet::Pops::Types::P{}Type", type_class(t)),
        // (a URI's `URI::HTTP`, an Error's `Puppet::DataTypes::Error`)
        other => crate::format::ruby::class_name(other),
    }
}

pub fn puppet_is_a(v: &Value, class: &str) -> bool {
    match v {
        Value::Type(_) => class == "Puppet::Pops::Types::PAnyType",
        _ => false,
    }
}

fn type_class(t: &Rc<PType>) -> String {
    let shown = crate::format::to_display(&Value::Type(t.clone()));
    let name: String = shown
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == ':')
        .collect();
    match name.as_str() {
        "Any" | "Undef" | "Default" | "Scalar" | "ScalarData" | "Numeric" | "Integer" | "Float"
        | "String" | "Enum" | "Pattern" | "Boolean" | "Regexp" | "SemVer" | "SemVerRange"
        | "Timespan" | "Timestamp" | "Collection" | "Array" | "Hash" | "Tuple" | "Struct"
        | "Variant" | "Optional" | "NotUndef" | "Iterable" | "Iterator" | "CatalogEntry"
        | "Class" | "Callable" | "Type" | "Runtime" | "Sensitive" | "Init" | "Object"
        | "TypeSet" | "Error" | "Binary" | "URI" => name,
        "Data" | "RichData" => "TypeAlias".into(),
        _ => "Resource".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let mut map = Map::default();
        map.insert(
            Value::string("a"),
            Value::array(vec![Value::Integer(1), Value::Undef]),
        );
        let v = Value::hash(map);
        let r = to_ruby(&v);
        assert_eq!(crate::erb::ruby::show::inspect(&r), r#"{"a"=>[1, nil]}"#);
        assert_eq!(to_puppet(&r).unwrap(), v);
        assert!(matches!(to_ruby(&Value::Default), RValue::Sym(ref s) if &**s == "default"));
    }

    /// A value converted and left alone is unchanged; one whose entry changed, was added or
    /// moved is not.
    #[test]
    fn unchanged_finds_changes() {
        let mut map = Map::default();
        map.insert(Value::string("a"), Value::array(vec![Value::Integer(1)]));
        map.insert(Value::string("b"), Value::Default);
        map.insert(Value::string("c"), Value::Float(0.5));
        let v = Value::hash(map);
        assert!(unchanged(&to_ruby(&v), &v));
        let changed = |edit: &dyn Fn(&mut RHash)| {
            let r = to_ruby(&v);
            let RValue::Hash(h) = &r else { unreachable!() };
            edit(&mut h.borrow_mut());
            assert!(!unchanged(&r, &v));
        };
        changed(&|h| *h.value_at_mut(1).unwrap() = RValue::Nil);
        changed(&|h| h.insert(RValue::Str("d".into()), RValue::Int(1)));
        changed(&|h| {
            let mut pairs = h.pairs().to_vec();
            pairs.swap(0, 1);
            *h = RHash::from_distinct(pairs);
        });
        changed(&|h| {
            if let Some(RValue::Array(a)) = h.values().next() {
                a.borrow_mut().push(RValue::Int(2));
            }
        });
        let t = Value::Type(Rc::new(PType::Any));
        assert!(unchanged(&to_ruby(&t), &t));
        assert!(!unchanged(&RValue::Int(1), &Value::Float(1.0)));
    }
}
