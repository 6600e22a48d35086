//! Parameterized object types, the reference's `PObjectTypeExtension`: an object type with
//! `type_parameters` (the built-in `Error` has `kind` and `issue_code`) given values,
//! `Error['k']`, `Error[{issue_code => /x/}]`, `Foo[3]`.
//!
//! An extension is its base object type and the parameters given (by name, in the order
//! given; unset ones are absent). An instance of the base type is an instance of the
//! extension when each given parameter matches the instance's attribute of that name as a
//! `case` option matches (`undef` only undef, a string equal ignoring case, a Regexp or a
//! type as in `case`). `type(v)` of an instance of a base type with type parameters is the
//! extension with every parameter taken from the instance's attributes (`Error['k', undef]`);
//! the generalized type is the base type.

use super::object::ObjectType;
use super::PType;
use crate::values::{Map, Value};
use std::fmt::{self, Write};
use std::rc::Rc;

#[derive(Debug, Clone)]
pub struct ObjectExtension {
    pub base: Rc<ObjectType>,
    /// The parameters given (never `default`), by name, in the order given.
    pub params: Vec<(Rc<str>, Value)>,
}

impl PartialEq for ObjectExtension {
    /// The same base type and the same parameters, in any order (the reference compares
    /// its hashes of parameters).
    fn eq(&self, other: &ObjectExtension) -> bool {
        super::object::same(&self.base, &other.base)
            && self.params.len() == other.params.len()
            && self
                .params
                .iter()
                .all(|(n, v)| other.param(n).is_some_and(|w| w == v))
    }
}

impl ObjectExtension {
    /// The value given for the parameter `name`.
    pub fn param(&self, name: &str) -> Option<&Value> {
        self.params
            .iter()
            .find(|(n, _)| &**n == name)
            .map(|(_, v)| v)
    }
}

/// Every type parameter of `o`, inherited ones first (a redeclared one keeps its place and
/// takes the new type), as the reference's `type_parameters(true)`, with the type declaring
/// it.
pub fn all_type_parameters(o: &Rc<ObjectType>) -> Vec<(Rc<str>, PType)> {
    declared_type_parameters(o)
        .into_iter()
        .map(|(n, t, _)| (n, t))
        .collect()
}

fn declared_type_parameters(o: &Rc<ObjectType>) -> Vec<(Rc<str>, PType, Rc<ObjectType>)> {
    let mut out: Vec<(Rc<str>, PType, Rc<ObjectType>)> = Vec::new();
    for t in o.ancestry().iter().rev() {
        for (n, ty) in &t.type_parameters {
            match out.iter_mut().find(|(m, _, _)| m == n) {
                Some(slot) => *slot = (n.clone(), ty.clone(), t.clone()),
                None => out.push((n.clone(), ty.clone(), t.clone())),
            }
        }
    }
    out
}

/// Whether `o` or an ancestor declares type parameters.
pub fn is_parameterized(o: &Rc<ObjectType>) -> bool {
    !o.type_parameters.is_empty()
        || (o.parent.is_some() && o.ancestry().iter().any(|t| !t.type_parameters.is_empty()))
}

/// The type a parameter's value is checked against: the declared type, accepting undef.
fn param_type(t: &PType) -> PType {
    match t {
        PType::Optional(_) => t.clone(),
        t => PType::Optional(Some(Box::new(t.clone()))),
    }
}

/// `O[args]`: the extension of the object type `o`, with the reference's errors (without
/// the "Error while evaluating" prefix). A single hash the first parameter's type does not
/// accept gives the parameters by name; otherwise they are positional (extra ones are
/// ignored); `default` leaves one unset.
pub fn parameterize(o: &Rc<ObjectType>, args: &[Value]) -> Result<PType, String> {
    let pts = declared_type_parameters(o);
    let label = o.label();
    if pts.is_empty() {
        return Err(format!("The {label}-Type cannot be parameterized using []"));
    }
    // (a parameter is named after the type declaring it: `Error[kind]` for a child of Error)
    let check = |name: &Rc<str>, t: &PType, owner: &Rc<ObjectType>, v: &Value| {
        let t = param_type(t);
        if super::is_instance(&t, v) {
            Ok(())
        } else {
            Err(format!(
                "type_parameter {}[{name}] has wrong type, {}",
                owner.label(),
                super::describe_mismatch(&t, v)
            ))
        }
    };
    let mut params: Vec<(Rc<str>, Value)> = Vec::new();
    let named = match args {
        [Value::Hash(h)] if !super::is_instance(&param_type(&pts[0].1), &args[0]) => Some(h),
        _ => None,
    };
    if let Some(h) = named {
        for (k, v) in h.iter() {
            let Some((name, t, owner)) = pts.iter().find(|(n, _, _)| k.as_str() == Some(&**n))
            else {
                return Err(format!(
                    "'{}' is not a known type parameter for {label}-Type",
                    key_text(k)
                ));
            };
            if !matches!(v, Value::Default) {
                check(name, t, owner, v)?;
                params.push((name.clone(), v.clone()));
            }
        }
    } else {
        for ((name, t, owner), v) in pts.iter().zip(args.iter()) {
            if !matches!(v, Value::Default) {
                check(name, t, owner, v)?;
                params.push((name.clone(), v.clone()));
            }
        }
    }
    if params.is_empty() {
        return Err(format!(
            "The {label}-Type cannot be parameterized using an empty parameter list"
        ));
    }
    Ok(PType::ObjectExt(Rc::new(ObjectExtension {
        base: o.clone(),
        params,
    })))
}

fn key_text(k: &Value) -> String {
    match k {
        Value::String(s) => s.to_string(),
        other => crate::format::to_programmatic(other),
    }
}

/// The type of an instance of `o`: when `o` has type parameters, the extension with each
/// parameter the instance's attribute of that name (undef when there is none), as the
/// reference's `create_from_instance`; otherwise `o` itself.
/// (Out of line: the inference of other values does not carry it.)
#[inline(never)]
pub fn type_of_instance(o: &super::object_instance::ObjectValue) -> PType {
    if !is_parameterized(&o.typ) {
        return PType::ObjectType(o.typ.clone());
    }
    let params = all_type_parameters(&o.typ)
        .into_iter()
        .map(|(n, _)| {
            let v = attribute_value(o, &n).unwrap_or(Value::Undef);
            (n, v)
        })
        .collect();
    PType::ObjectExt(Rc::new(ObjectExtension {
        base: o.typ.clone(),
        params,
    }))
}

/// The value of an instance's attribute or constant `name`.
fn attribute_value(o: &super::object_instance::ObjectValue, name: &str) -> Option<Value> {
    if let Some(v) = o.get(name) {
        return Some(v.clone());
    }
    let (owner, at) = o.typ.member(name)?;
    match at {
        super::object::MemberRef::Attribute(i) => {
            let a = &owner.attributes[i];
            a.is_constant().then(|| a.value.clone()).flatten()
        }
        super::object::MemberRef::Function(_) => None,
    }
}

/// `v =~ e`: an instance of the base type whose attributes match the given parameters.
pub fn is_instance(e: &ObjectExtension, v: &Value) -> bool {
    match v {
        Value::Object(x) => {
            super::object::inherits(&x.typ, &e.base)
                && e.params
                    .iter()
                    .all(|(n, p)| attribute_value(x, n).is_some_and(|a| case_matches(p, &a)))
        }
        _ => false,
    }
}

/// Whether `from` (an object type or extension) is assignable to the extension `to`: its
/// base type inherits from `to`'s, and each of `to`'s parameters matches `from`'s of that
/// name as a `case` option (or, both types, accepts it). A plain object type gives no
/// parameters, so it is never assignable.
pub fn assignable_from(
    to: &ObjectExtension,
    from: &PType,
    assignable: &mut dyn FnMut(&PType, &PType) -> bool,
) -> bool {
    let PType::ObjectExt(f) = from else {
        return false;
    };
    super::object::inherits(&f.base, &to.base)
        && to.params.iter().all(|(n, b)| {
            f.param(n).is_some_and(|a| {
                case_matches(b, a)
                    || matches!((a, b), (Value::Type(ta), Value::Type(tb)) if assignable(tb, ta))
            })
        })
}

/// Whether the option `pattern` matches `v` as in a `case` expression (without setting
/// match variables): a Regexp matches a string it finds a match in, a type its instances,
/// `default` anything, arrays and hashes element by element, other values by `==` (strings
/// ignoring case).
pub fn case_matches(pattern: &Value, v: &Value) -> bool {
    crate::limits::deep(|| match (pattern, v) {
        (Value::Default, _) => true,
        (Value::Regexp(re), Value::String(s)) => re.matches(s),
        (Value::Regexp(_), _) => false,
        (Value::Type(t), v) => super::is_instance(t, v),
        (Value::SemVerRange(r), Value::SemVer(_) | Value::String(_)) => {
            crate::versions::range_matches(r, v).unwrap_or(false)
        }
        (Value::SemVerRange(_), _) => false,
        (Value::Array(ps), Value::Array(vs)) => {
            ps.len() == vs.len() && ps.iter().zip(vs.iter()).all(|(p, v)| case_matches(p, v))
        }
        (Value::Array(_), _) => false,
        (Value::Hash(ps), Value::Hash(vs)) => ps
            .iter()
            .all(|(k, p)| case_matches(p, vs.get(k).unwrap_or(&Value::Undef))),
        (Value::Hash(_), _) => false,
        (p, v) => values_equal(p, v),
    })
}

/// Puppet's `==` on the values parameters hold.
fn values_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::String(x), Value::String(y)) => x.eq_ignore_ascii_case(y),
        (Value::Integer(x), Value::Float(y)) | (Value::Float(y), Value::Integer(x)) => {
            (*x as f64) == *y
        }
        (Value::Type(x), Value::Type(y)) => super::equal(x, y),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| values_equal(p, q))
        }
        (Value::Hash(x), Value::Hash(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| values_equal(v, w)))
        }
        _ => a == b,
    }
}

/// `Error['k']`, `Error[default, 'c']`: with at most two type parameters, the values in
/// order (`default` for unset ones, trailing ones left out); with more, the hash of those
/// given (`Foo[{'a' => 1}]`), as the reference prints them.
pub fn write(
    f: &mut dyn Write,
    e: &ObjectExtension,
    value: &mut dyn FnMut(&mut dyn Write, &Value) -> fmt::Result,
) -> fmt::Result {
    f.write_str(e.base.label())?;
    f.write_char('[')?;
    let pts = all_type_parameters(&e.base);
    if pts.len() > 2 {
        let h: Map = e
            .params
            .iter()
            .map(|(n, v)| (Value::String(n.clone()), v.clone()))
            .collect();
        value(f, &Value::hash(h))?;
    } else {
        let mut shown: Vec<&Value> = pts
            .iter()
            .map(|(n, _)| e.param(n).unwrap_or(&Value::Default))
            .collect();
        while matches!(shown.last(), Some(Value::Default)) {
            shown.pop();
        }
        for (i, v) in shown.into_iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            value(f, v)?;
        }
    }
    f.write_char(']')
}

#[cfg(test)]
mod tests {
    use super::super::object_instance::ObjectValue;
    use super::super::testparse::{ty, value};
    use super::super::{
        equal, infer, infer_generalized, infer_reduced, is_assignable, is_instance,
    };
    use super::*;

    fn error(kind: Option<&str>, issue_code: Option<&str>) -> Value {
        let s = |v: Option<&str>| v.map(Value::string).unwrap_or(Value::Undef);
        Value::Object(Rc::new(ObjectValue {
            typ: super::super::pcore::by_name("Error").unwrap(),
            values: vec![Value::string("m"), s(kind), Value::Undef, s(issue_code)],
        }))
    }

    fn err_of(src: &str) -> String {
        let Err(e) = value(src) else {
            panic!("no error: {src}")
        };
        e
    }

    #[test]
    fn prints_as_the_reference() {
        for (src, shown) in [
            ("Error['k']", "Error['k']"),
            ("Error[{kind => 'k'}]", "Error['k']"),
            ("Error[{issue_code => 'c'}]", "Error[default, 'c']"),
            ("Error[default, 'c']", "Error[default, 'c']"),
            ("Error['k', default]", "Error['k']"),
            ("Error['k', 'c', 'd']", "Error['k', 'c']"),
            ("Error[undef, undef]", "Error[undef, undef]"),
            ("Error[/k/]", "Error[/k/]"),
            ("Array[Error[Enum[a, b]]]", "Array[Error[Enum['a', 'b']]]"),
        ] {
            assert_eq!(ty(src).to_string(), shown, "{src}");
        }
    }

    #[test]
    fn errors_are_the_references() {
        assert!(err_of("Error[default]")
            .contains("cannot be parameterized using an empty parameter list"));
        assert!(err_of("Error[{}]").contains("empty parameter list"));
        assert!(err_of("Error[{foo => 'k'}]")
            .contains("'foo' is not a known type parameter for Error-Type"));
        assert!(err_of("Error[1]").contains("type_parameter Error[kind] has wrong type"));
        assert!(
            err_of("Deferred['x']").contains("The Deferred-Type cannot be parameterized using []")
        );
    }

    #[test]
    fn instances_match_as_case_options() {
        let k = error(Some("k"), None);
        let none = error(None, None);
        assert!(is_instance(&ty("Error['k']"), &k));
        assert!(is_instance(&ty("Error['K']"), &k));
        assert!(!is_instance(&ty("Error['x']"), &k));
        assert!(!is_instance(&ty("Error['k']"), &none));
        assert!(is_instance(&ty("Error[undef]"), &none));
        assert!(!is_instance(&ty("Error[undef]"), &k));
        assert!(is_instance(&ty("Error[/k/]"), &k));
        assert!(is_instance(&ty("Error[Enum[k, x]]"), &k));
        assert!(is_instance(&ty("Error[NotUndef]"), &k));
        assert!(!is_instance(&ty("Error[NotUndef]"), &none));
        assert!(is_instance(&ty("Error[Undef]"), &none));
        assert!(is_instance(&ty("Error[default, undef]"), &k));
        assert!(!is_instance(&ty("Error['k', 'c']"), &k));
        assert!(is_instance(
            &ty("Error['k', 'c']"),
            &error(Some("k"), Some("c"))
        ));
        assert!(!is_instance(&ty("Error['k']"), &Value::string("k")));
        assert!(is_instance(&ty("Error"), &k));
        assert!(is_instance(&ty("Object"), &k));
    }

    #[test]
    fn assignability_and_equality() {
        let yes = |to: &str, from: &str| is_assignable(&ty(to), &ty(from));
        assert!(yes("Error", "Error['k']"));
        assert!(yes("Object", "Error['k']"));
        assert!(!yes("Error['k']", "Error"));
        assert!(yes("Error[/k/]", "Error['k']"));
        assert!(!yes("Error['k']", "Error[/k/]"));
        assert!(yes("Error['k']", "Error['k', undef]"));
        assert!(!yes("Error['k', undef]", "Error['k']"));
        assert!(!yes("Error['k']", "Error[String]"));
        assert!(yes("Error[String]", "Error['k']"));
        assert!(yes("Error[Enum[a, b]]", "Error[Enum[a]]"));
        assert!(yes("Type[Error]", "Type[Error['k']]"));
        assert!(equal(&ty("Error['k']"), &ty("Error[{kind => 'k'}]")));
        assert!(!equal(&ty("Error[undef]"), &ty("Error")));
        assert_eq!(
            ty("Error['k', 'c']"),
            ty("Error[{issue_code => 'c', kind => 'k'}]")
        );
        assert_ne!(ty("Error['k']"), ty("Error['k', undef]"));
    }

    #[test]
    fn inferred_from_instances() {
        let k = error(Some("k"), None);
        assert_eq!(infer(&k).to_string(), "Error['k', undef]");
        assert_eq!(infer_reduced(&k).to_string(), "Error['k', undef]");
        assert_eq!(infer(&error(None, None)).to_string(), "Error[undef, undef]");
        assert!(matches!(infer_generalized(&k), PType::ObjectType(_)));
        assert!(is_instance(&infer(&k), &k));
        assert!(!is_instance(&infer(&k), &error(Some("x"), None)));
        assert!(is_assignable(&ty("Error['k']"), &infer(&k)));
    }
}
