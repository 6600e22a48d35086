//! `[]` on the catalog types: `Resource[File, 'a']`, `File['a', 'b']`, `Class[a, b]`.
use super::create::{detailed_kind, specialization};
use super::names::capitalize_segments;
use super::size::{kind_name, with_article};
use super::PType;
use crate::error::Error;
use crate::values::Value;
use std::rc::Rc;

/// `File[undef]`, `Resource[File, []]`, `Class[undef]`: titles (names) given that are all
/// `undef` or empty arrays. The reference warns ("Arguments to Resource[] are all
/// empty/undefined") and gives `undef`, or `[]` when the titles were several or an array;
/// `None` when the access is not such.
pub fn empty_specialization(t: &PType, args: &[Value]) -> Option<Value> {
    let titles = match t {
        PType::Resource {
            title: None,
            type_name: Some(_),
        }
        | PType::Class(None) => args,
        PType::Resource {
            title: None,
            type_name: None,
        } => args.get(1..)?,
        _ => return None,
    };
    if titles.is_empty() || titles.iter().any(|v| !all_undef(v)) {
        return None;
    }
    Some(
        if titles.len() > 1 || matches!(titles[0], Value::Array(_)) {
            Value::array(Vec::new())
        } else {
            Value::Undef
        },
    )
}

fn all_undef(v: &Value) -> bool {
    match v {
        Value::Undef => true,
        Value::Array(items) => items.iter().all(all_undef),
        _ => false,
    }
}

/// The titles flattened, `undef`s dropped (as the reference's `flatten!`, `compact!`).
fn flat_titles<'a>(args: &'a [Value], out: &mut Vec<&'a Value>) {
    for a in args {
        match a {
            Value::Array(items) => flat_titles(items, out),
            Value::Undef => {}
            v => out.push(v),
        }
    }
}

pub(super) fn resource(
    type_name: Option<&Rc<str>>,
    has_title: bool,
    t: &PType,
    args: &[Value],
) -> Result<Value, Error> {
    if has_title {
        return Err(Error::eval(format!("Resource not found: {t}")));
    }
    let (name, titles) = match type_name {
        Some(n) => (n.clone(), args),
        None => {
            let Some((first, rest)) = args.split_first() else {
                return Err(Error::eval(
                    "Resource[] requires a resource type or a String",
                ));
            };
            let name: Rc<str> = match first {
                Value::Type(ty)
                    if rest.is_empty()
                        && matches!(
                            **ty,
                            PType::Resource {
                                type_name: None,
                                ..
                            }
                        ) =>
                {
                    return Ok(first.clone());
                }
                Value::String(s) => {
                    let name = capitalize_segments(s);
                    if !is_type_reference(&name) {
                        return Err(Error::eval(format!(
                            "Illegal type reference. The given name '{name}' does not conform to the naming rule"
                        )));
                    }
                    name.into()
                }
                Value::Type(ty) => match &**ty {
                    PType::Resource {
                        type_name: Some(n),
                        title: None,
                    } => n.clone(),
                    _ => return Err(first_resource_arg(first)),
                },
                other => return Err(first_resource_arg(other)),
            };
            (name, rest)
        }
    };
    let resource_t = t.clone();
    let mut flat = Vec::with_capacity(titles.len());
    flat_titles(titles, &mut flat);
    let mut out = Vec::with_capacity(flat.len());
    for title in flat {
        let Value::String(s) = title else {
            return Err(title_error(&resource_t, title));
        };
        out.push(Value::typ(PType::Resource {
            type_name: Some(name.clone()),
            title: Some(s.clone()),
        }));
    }
    Ok(match out.len() {
        0 if titles.is_empty() => Value::typ(PType::Resource {
            type_name: Some(name),
            title: None,
        }),
        1 if titles.len() == 1 && !matches!(titles[0], Value::Array(_)) => {
            out.pop().unwrap_or(Value::Undef)
        }
        _ => Value::array(out),
    })
}

/// Whether a resource type's name is one the reference takes (its `CLASSREF_EXT`,
/// `\A((::){0,1}[A-Z][\w]*)+\z`): `File`, `Foo::Bar`, `::Foo`.
fn is_type_reference(name: &str) -> bool {
    let name = name.strip_prefix("::").unwrap_or(name);
    name.split("::").all(|seg| {
        let mut cs = seg.chars();
        cs.next().is_some_and(|c| c.is_ascii_uppercase())
            && cs.all(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

fn first_resource_arg(got: &Value) -> Error {
    Error::eval(format!(
        "First argument to Resource[] must be a resource type or a String. Got {}.",
        detailed_kind(got)
    ))
}

fn title_error(resource: &PType, got: &Value) -> Error {
    specialization(resource, got, "a resource title String")
}

pub(super) fn class(has_name: bool, t: &PType, args: &[Value]) -> Result<Value, Error> {
    if has_name {
        let PType::Class(Some(n)) = t else {
            return Err(Error::eval(format!("Resource not found: {t}")));
        };
        return Err(Error::eval(format!("Resource not found: Class['{n}']")));
    }
    let mut out = Vec::with_capacity(args.len());
    let mut push = |v: &Value| -> Result<(), Error> {
        match v {
            Value::String(s) => {
                let lower = s.to_lowercase();
                let name = lower.strip_prefix("::").unwrap_or(&lower);
                // (the reference's NAME rule, checked after the downcase and the leading `::`
                // taken off; the message names the string as given)
                if !prepl_syntax::names::is_lower_name(name) {
                    return Err(Error::eval(format!(
                        "Illegal name. The given name '{s}' does not conform to the naming rule /^((::)?[a-z_]\\w*)(::[a-z]\\w*)*$/"
                    )));
                }
                out.push(Value::typ(PType::Class(Some(name.into()))));
                Ok(())
            }
            Value::Type(ty) => Err(Error::eval(format!(
                "Illegal Class name in class reference. {}-Type cannot be used where a String is expected",
                capitalize_first(&with_article(&ty.to_string()))
            ))),
            other => Err(Error::eval(format!(
                "Illegal Class name in class reference. {} cannot be used where a String is expected",
                capitalize_first(&with_article(match other {
                    // (the reference's label of such values)
                    Value::SemVer(_) => "Semver",
                    Value::SemVerRange(_) => "SemverRange",
                    Value::Uri(_) | Value::Default => "Object",
                    other => kind_name(other),
                }))
            ))),
        }
    };
    let mut flat = Vec::with_capacity(args.len());
    flat_titles(args, &mut flat);
    for v in flat {
        push(v)?;
    }
    Ok(
        if out.len() == 1 && args.len() == 1 && !matches!(args[0], Value::Array(_)) {
            out.pop().unwrap_or(Value::Undef)
        } else {
            Value::array(out)
        },
    )
}

fn capitalize_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
