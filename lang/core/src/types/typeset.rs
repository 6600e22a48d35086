//! TypeSets: `type MyTypes = TypeSet[{pcore_version => '1.0.0', version => '1.0.0',
//! types => {Point => Object[{...}], Line => Object[{attributes => {a => Point}}]}}]`.
//!
//! A TypeSet is defined through a type alias (the evaluator reads the `types` entry itself,
//! so that its members can refer to each other by short name, see `Evaluator::typeset`);
//! its members become `MyTypes::Point` and so on. The checks of the initialization hash are
//! the reference's, with its messages; like object types, an invalid definition is kept with
//! its error, reported when the TypeSet is used.

use super::PType;
use crate::values::{Map, Value};
use std::fmt::{self, Write};
use std::rc::Rc;

/// The reference's name authority for types defined in manifests.
pub const RUNTIME_AUTHORITY: &str = "http://puppet.com/2016.1/runtime";

#[derive(Debug, Clone, PartialEq)]
pub struct TypeSet {
    pub name: Rc<str>,
    pub pcore_version: String,
    pub version: Option<String>,
    /// The members by short name, in order.
    pub types: Vec<(Rc<str>, PType)>,
    pub references: Option<Value>,
    pub annotations: Option<Value>,
    pub invalid: Option<String>,
    /// Made by `TypeSet[...]` in an expression (not an alias's definition): the reference
    /// leaves it unresolved and shows its initialization hash as given (`name => undef`
    /// without a name, `pcore_uri` and `name_authority` only when given).
    pub expression: Option<Box<Written>>,
    /// One of the reference's own (`Puppet::AST`), which it prints without a name
    /// authority.
    pub static_loader: bool,
}

/// What `TypeSet[{...}]` in an expression was given besides what every TypeSet has.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Written {
    pub pcore_uri: Option<String>,
    pub name_authority: Option<String>,
}

const KEYS: &[&str] = &[
    "pcore_uri",
    "pcore_version",
    "name_authority",
    "name",
    "version",
    "types",
    "references",
    "annotations",
];

/// Checks the initialization hash (less `types`, whose values the evaluator makes); the
/// member names are checked here.
pub fn check_hash(name: &str, h: &Map, member_names: &[Rc<str>]) -> Result<TypeSet, String> {
    let wrong = "TypeSet initializer has wrong type";
    for k in h.keys() {
        match k.as_str() {
            Some(s) if KEYS.contains(&s) => {}
            _ => {
                let mut shown = String::new();
                let _ = super::display::write_value(&mut shown, k, 1);
                return Err(format!("{wrong}, unrecognized key {shown}"));
            }
        }
    }
    let get = |k: &str| h.get(&Value::string(k)).filter(|v| !v.is_undef());
    let pcore_version = match get("pcore_version") {
        Some(Value::String(s)) if s.is_empty() => {
            return Err(format!(
                "{wrong}, entry 'pcore_version' expects a value of type String[1] or SemVer, got String"
            ))
        }
        Some(Value::String(s)) => s.to_string(),
        Some(Value::SemVer(v)) => v.to_string(),
        Some(other) => {
            return Err(format!(
                "{wrong}, entry 'pcore_version' expects a value of type String or SemVer, got {}",
                super::infer_generalized(other)
            ))
        }
        None => return Err(format!("{wrong}, expects a value for key 'pcore_version'")),
    };
    match get("name") {
        None => {}
        Some(Value::String(s)) if is_qualified_reference(s) => {}
        Some(other) => {
            return Err(format!(
                "{wrong}, entry 'name' expects a match for {QUALIFIED_REFERENCE}, got {}",
                shown(other)
            ))
        }
    }
    for n in member_names {
        let mut cs = n.chars();
        let ok = cs.next().is_some_and(|c| c.is_ascii_uppercase())
            && cs.all(|c| c.is_alphanumeric() || c == '_');
        if !ok {
            return Err(format!(
                "{wrong}, entry 'types' key of entry '{n}' expects a match for Pattern[/\\A[A-Z]\\w*\\z/], got '{n}'"
            ));
        }
    }
    if get("types").is_some() && member_names.is_empty() {
        return Err(format!(
            "{wrong}, entry 'types' expects size to be at least 1, got 0"
        ));
    }
    match semver::Version::parse(&pcore_version) {
        Ok(v) if v.major == 1 => {}
        Ok(_) => {
            return Err(format!(
                "The pcore version for TypeSet '{name}' is not understood by this runtime. Expected range 1.x, got {pcore_version}"
            ))
        }
        Err(_) => {
            return Err(format!(
                "Unable to parse '{pcore_version}' as a semantic version identifier"
            ))
        }
    }
    let version = match get("version") {
        Some(Value::SemVer(v)) => Some(v.to_string()),
        Some(Value::String(s)) => {
            if semver::Version::parse(s).is_err() {
                return Err(format!(
                    "Unable to parse '{s}' as a semantic version identifier"
                ));
            }
            Some(s.to_string())
        }
        Some(other) => {
            return Err(format!(
                "{wrong}, entry 'version' expects a value of type String or SemVer, got {}",
                super::infer_generalized(other)
            ))
        }
        None => None,
    };
    Ok(TypeSet {
        name: name.into(),
        pcore_version,
        version,
        types: Vec::new(),
        references: get("references").cloned(),
        annotations: get("annotations").cloned(),
        invalid: None,
        expression: None,
        static_loader: false,
    })
}

/// The reference's pattern of a TypeSet's name (`Pcore::TYPE_QUALIFIED_REFERENCE`).
const QUALIFIED_REFERENCE: &str = "Pattern[/\\A[A-Z][\\w]*(?:::[A-Z][\\w]*)*\\z/]";

fn is_qualified_reference(s: &str) -> bool {
    s.split("::").all(|seg| {
        let mut cs = seg.chars();
        cs.next().is_some_and(|c| c.is_ascii_uppercase())
            && cs.all(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

/// A value as a mismatch names it: a string quoted, else its generalized type.
fn shown(v: &Value) -> String {
    match v {
        Value::String(s) => {
            let mut out = String::new();
            let _ = super::display::write_value(&mut out, &Value::String(s.clone()), 1);
            out
        }
        Value::Default => "Default".to_string(),
        other => super::infer_generalized(other).to_string(),
    }
}

/// `TypeSet[x]` in an expression: the default type set for `undef`, `''` or `{}`, a TypeSet
/// of that name for a string, else one made from the initialization hash (its `types` the
/// given types), checked as the reference checks it; the error without its prefix.
pub fn from_expression(arg: &Value) -> Result<PType, String> {
    let h = match arg {
        Value::Undef => return Ok(PType::TypeSet),
        Value::String(s) if s.is_empty() => return Ok(PType::TypeSet),
        Value::Hash(h) if h.is_empty() => return Ok(PType::TypeSet),
        Value::Hash(h) => h,
        Value::String(s) if is_qualified_reference(s) => {
            let mut ts = TypeSet::invalid(s, String::new());
            ts.invalid = None;
            ts.expression = Some(Box::default());
            return Ok(PType::TypeSetType(Rc::new(ts)));
        }
        Value::String(_) | Value::Default => {
            return Err(format!(
                "TypeSet name has wrong type, expects a match for {QUALIFIED_REFERENCE}, got {}",
                shown(arg)
            ))
        }
        // (the reference fails inside: `undefined method 'empty?' for 1:Integer`)
        other => {
            return Err(format!(
                "TypeSet-Type[] expects a Hash or a String, got {}",
                super::infer_generalized(other)
            ))
        }
    };
    let wrong = "TypeSet initializer has wrong type";
    let mut members: Vec<(Rc<str>, PType)> = Vec::new();
    if let Some(types) = h.get(&Value::string("types")) {
        let Value::Hash(types) = types else {
            return Err(format!(
                "{wrong}, entry 'types' expects a Hash value, got {}",
                super::infer_generalized(types)
            ));
        };
        for (k, v) in types.iter() {
            let Some(name) = k.as_str() else {
                return Err(format!(
                    "{wrong}, entry 'types' expects a Hash[Pattern[/\\A[A-Z]\\w*\\z/], Variant[Type, Struct]] value, got {}",
                    super::infer_generalized(&Value::Hash(types.clone()))
                ));
            };
            match v {
                Value::Type(t) => members.push((name.into(), (**t).clone())),
                other => {
                    return Err(format!(
                        "{wrong}, entry 'types' entry '{name}' expects a value of type Type or Struct, got {}",
                        super::infer_generalized(other)
                    ))
                }
            }
        }
    }
    if let Some(Value::Hash(r)) = h.get(&Value::string("references")) {
        if r.is_empty() {
            return Err(format!(
                "{wrong}, entry 'references' expects size to be at least 1, got 0"
            ));
        }
    }
    let text = |k: &str| match h.get(&Value::string(k)) {
        Some(Value::String(s)) => Some(s.to_string()),
        _ => None,
    };
    let name = text("name").unwrap_or_default();
    let names: Vec<Rc<str>> = members.iter().map(|(n, _)| n.clone()).collect();
    let mut ts = check_hash(&name, h, &names)?;
    ts.types = members;
    ts.expression = Some(Box::new(Written {
        pcore_uri: text("pcore_uri"),
        name_authority: text("name_authority"),
    }));
    Ok(PType::TypeSetType(Rc::new(ts)))
}

impl TypeSet {
    /// A definition kept with the error it gives when used.
    pub fn invalid(name: &str, error: String) -> TypeSet {
        TypeSet {
            name: name.into(),
            pcore_version: String::new(),
            version: None,
            types: Vec::new(),
            references: None,
            annotations: None,
            invalid: Some(error),
            expression: None,
            static_loader: false,
        }
    }

    /// A member by short name.
    pub fn member(&self, short: &str) -> Option<&PType> {
        self.types
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(short))
            .map(|(_, t)| t)
    }
}

/// `TypeSet[{pcore_version => '1.0.0', name_authority => ..., name => 'MyTypes', ...}]`.
/// `expanded`: the members show their definitions (a type value), else their names (inside
/// another type).
pub fn write_typeset(f: &mut dyn Write, ts: &TypeSet, expanded: bool) -> fmt::Result {
    let q = super::display::quote;
    let mut parts = Vec::new();
    if let Some(a) = &ts.annotations {
        let mut s = String::new();
        super::display::write_value(&mut s, a, 1)?;
        parts.push(format!("annotations => {s}"));
    }
    match &ts.expression {
        Some(written) => {
            if let Some(uri) = &written.pcore_uri {
                parts.push(format!("pcore_uri => {}", q(uri)));
            }
            parts.push(format!("pcore_version => {}", q(&ts.pcore_version)));
            if let Some(a) = &written.name_authority {
                parts.push(format!("name_authority => {}", q(a)));
            }
            if ts.name.is_empty() {
                parts.push("name => undef".to_string());
            } else {
                parts.push(format!("name => {}", q(&ts.name)));
            }
        }
        None => {
            parts.push(format!("pcore_version => {}", q(&ts.pcore_version)));
            if !ts.static_loader {
                parts.push(format!("name_authority => {}", q(RUNTIME_AUTHORITY)));
            }
            parts.push(format!("name => {}", q(&ts.name)));
        }
    }
    if let Some(v) = &ts.version {
        parts.push(format!("version => {}", q(v)));
    }
    if !ts.types.is_empty() {
        let members: Vec<String> = ts
            .types
            .iter()
            .map(|(n, t)| {
                // (an expression's TypeSet shows what it was given)
                if !expanded && ts.expression.is_none() {
                    return format!("{n} => {n}");
                }
                let mut s = String::new();
                // (the set's own members named as written in it: `parent => P`; its aliases
                // and object types shown by their definitions, `Array[Integer]`)
                super::display::with_typeset_names(&ts.name, true, || {
                    let _ = write!(s, "{t}");
                });
                format!("{n} => {s}")
            })
            .collect();
        parts.push(format!("types => {{{}}}", members.join(", ")));
    }
    if let Some(r) = &ts.references {
        let mut s = String::new();
        super::display::write_value(&mut s, r, 1)?;
        parts.push(format!("references => {s}"));
    }
    write!(f, "TypeSet[{{{}}}]", parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hash(entries: Vec<(&str, Value)>) -> Map {
        entries
            .into_iter()
            .map(|(k, v)| (Value::string(k), v))
            .collect()
    }

    #[test]
    fn the_reference_checks_of_the_initialization_hash() {
        let e = check_hash("T", &hash(vec![]), &[]).unwrap_err();
        assert_eq!(
            e,
            "TypeSet initializer has wrong type, expects a value for key 'pcore_version'"
        );
        let e = check_hash("T", &hash(vec![("pcore_version", "2.0.0".into())]), &[]).unwrap_err();
        assert!(e.contains("Expected range 1.x, got 2.0.0"), "{e}");
        let e = check_hash(
            "T",
            &hash(vec![("pcore_version", "1.0.0".into())]),
            &["point".into()],
        )
        .unwrap_err();
        assert!(e.contains("key of entry 'point'"), "{e}");
        let ok = check_hash(
            "T",
            &hash(vec![
                ("pcore_version", "1.0.0".into()),
                ("version", "1.2.3".into()),
            ]),
            &[],
        )
        .unwrap();
        let mut s = String::new();
        write_typeset(&mut s, &ok, true).unwrap();
        assert_eq!(s, "TypeSet[{pcore_version => '1.0.0', name_authority => 'http://puppet.com/2016.1/runtime', name => 'T', version => '1.2.3'}]");
    }
}
