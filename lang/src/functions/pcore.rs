//! Object types at run time: creating instances (`P(1, 2)`, `P.new({x => 1})`, the
//! reference's `new_P` function with its two signatures) and `annotate`.

use super::signature::{dispatch_signatures, Arity, Param, Signature};
use crate::error::Error;
use crate::types::object::{Constructor, ObjectType};
use crate::types::object_instance::{default_of, ObjectValue};
use crate::types::{KeyKind, PType, StructMember};
use crate::values::uri::Uri;
use crate::values::Value;
use std::rc::Rc;

/// The two signatures of `new_P`: a hash of attribute values, and the values in order.
fn signatures(c: &Constructor) -> Vec<Signature> {
    let hash_type = c.hash_type();
    let hash = Signature {
        params: vec![Param {
            name: "hash".into(),
            shown: hash_type.to_string(),
            ty: hash_type,
            arity: Arity::Required,
        }],
        block: None,
        fallback: false,
    };
    // Attributes without a default first, then those with one, as the reference's
    // generated constructor orders them; the first `required` are required (those whose
    // type does not accept undef), the rest optional by position.
    let positional = Signature {
        params: c
            .positional()
            .enumerate()
            .map(|(i, a)| Param {
                name: a.name.to_string(),
                ty: a.typ.clone(),
                // (an optional one shows its type without the `Optional`, and that type as
                // the reference shows a parameter's: an alias or object type with its
                // definition, `(Object[{name => 'P', ...}] a?)`)
                shown: match &a.typ {
                    PType::Optional(Some(inner)) if i >= c.required => {
                        format!("Optional[{}]", crate::types::alias_display(inner))
                    }
                    t => crate::types::alias_display(t),
                },
                arity: if i < c.required {
                    Arity::Required
                } else {
                    Arity::Optional
                },
            })
            .collect(),
        block: None,
        fallback: false,
    };
    vec![hash, positional]
}

/// `P.new(args)`: an instance of the object type `o`.
pub fn new_object(o: &Rc<ObjectType>, args: &[Value]) -> Result<Value, Error> {
    if let [v @ Value::Object(x)] = args {
        if crate::types::object::inherits(&x.typ, o) {
            return Ok(v.clone());
        }
    }
    let c = o.constructor();
    let name = format!("new_{}", o.label());
    let chosen = dispatch_signatures(&name, &signatures(&c), args, None)?;
    let values: Vec<Value> = match (chosen, args) {
        (0, [Value::Hash(h)]) => c
            .attrs
            .iter()
            .map(|a| {
                h.get(&Value::String(a.name.clone()))
                    .cloned()
                    .or_else(|| default_of(a))
                    .unwrap_or(Value::Undef)
            })
            .collect(),
        _ => {
            // The reference's constructor takes every attribute without a default: fewer
            // arguments than those pass its dispatch (the type may accept undef) and fail in
            // the constructor, with Ruby's message.
            let needed = c.positional().filter(|a| default_of(a).is_none()).count();
            if args.len() < needed {
                let expected = if needed == c.attrs.len() {
                    needed.to_string()
                } else {
                    format!("{needed}..{}", c.attrs.len())
                };
                return Err(Error::eval(format!(
                    "wrong number of arguments (given {}, expected {expected})",
                    args.len()
                )));
            }
            (0..c.attrs.len())
                .map(|i| {
                    c.position_of(i)
                        .and_then(|p| args.get(p))
                        .cloned()
                        .or_else(|| default_of(&c.attrs[i]))
                        .unwrap_or(Value::Undef)
                })
                .collect()
        }
    };
    Ok(Value::Object(Rc::new(ObjectValue {
        typ: o.clone(),
        values,
    })))
}

/// The object type `t` creates instances of, looking through aliases and `Optional`.
pub fn object_type_of(t: &PType) -> Option<Rc<ObjectType>> {
    t.with_resolved(|t| match t {
        PType::ObjectType(o) => Some(o.clone()),
        PType::ObjectExt(e) => Some(e.base.clone()),
        PType::Optional(Some(inner)) | PType::NotUndef(Some(inner)) => object_type_of(inner),
        _ => None,
    })
}

/// The two signatures of the reference's URI constructor.
fn uri_signatures() -> Vec<Signature> {
    let non_empty = PType::String {
        size: crate::types::IntRange::new(1, i64::MAX),
        value: None,
    };
    let members = [
        "scheme", "userinfo", "host", "port", "path", "query", "fragment", "opaque",
    ]
    .iter()
    .map(|k| StructMember {
        key: (*k).into(),
        key_kind: KeyKind::Optional,
        value: if *k == "port" {
            PType::Integer(crate::types::IntRange::new(0, i64::MAX))
        } else {
            non_empty.clone()
        },
    })
    .collect();
    let hash = PType::Struct(Some(members));
    let param = |name: &str, ty: PType| Param {
        name: name.into(),
        shown: ty.to_string(),
        ty,
        arity: Arity::Required,
    };
    vec![
        Signature {
            params: vec![param("uri", non_empty.clone())],
            block: None,
            fallback: false,
        },
        Signature {
            params: vec![param("hash", hash)],
            block: None,
            fallback: false,
        },
    ]
}

/// `URI(text)`, `URI({scheme => ..., host => ...})`. The reference names its constructor
/// `new_error` in its messages; so does this.
pub fn new_uri(args: &[Value]) -> Result<Value, Error> {
    if let [v @ Value::Uri(_)] = args {
        return Ok(v.clone());
    }
    let uri = match dispatch_signatures("new_error", &uri_signatures(), args, None)? {
        0 => Uri::parse(args[0].as_str().unwrap_or_default()).map_err(Error::eval)?,
        _ => {
            let h = args[0].as_hash().cloned().unwrap_or_default();
            let text = |k: &str| {
                h.get(&Value::string(k))
                    .and_then(|v| v.as_str())
                    .map(String::from)
            };
            let built = Uri {
                scheme: text("scheme"),
                userinfo: text("userinfo"),
                host: text("host"),
                port: h
                    .get(&Value::string("port"))
                    .and_then(Value::as_int)
                    .and_then(|p| u32::try_from(p).ok()),
                path: text("path").unwrap_or_default(),
                query: text("query"),
                fragment: text("fragment"),
                opaque: text("opaque"),
            };
            // What was built must read back as the same URI.
            Uri::parse(&built.to_string()).map_err(Error::eval)?
        }
    };
    Ok(Value::Uri(Rc::new(uri)))
}

/// `$uri.scheme` and the other components; `None` for any other name.
pub fn uri_component(u: &Uri, name: &str) -> Option<Value> {
    u.component(name)
}
