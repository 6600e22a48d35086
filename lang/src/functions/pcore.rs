//! Object types at run time: creating instances (`P(1, 2)`, `P.new({x => 1})`, the
//! reference's `new_P` function with its two signatures) and `annotate`.

use super::signature::{dispatch_signatures, Arity, Param, Signature};
use crate::error::Error;
use crate::types::object::ObjectType;
use crate::types::object_instance::{default_of, ObjectValue};
use crate::types::{KeyKind, PType, StructMember};
use crate::values::Value;
use std::rc::Rc;

/// The two signatures of `new_P`: a hash of attribute values, and the values in order.
fn signatures(attrs: &[crate::types::object::Attribute]) -> Vec<Signature> {
    let members: Vec<StructMember> = attrs
        .iter()
        .map(|a| StructMember {
            key: a.name.clone(),
            key_kind: if a.value.is_some() && !crate::types::is_instance(&a.typ, &Value::Undef) {
                KeyKind::Optional
            } else {
                KeyKind::Plain
            },
            value: a.typ.clone(),
        })
        .collect();
    let hash_type = PType::Struct(Some(members));
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
    // Required attributes first, then those with defaults, as the reference orders them.
    let mut ordered: Vec<&crate::types::object::Attribute> =
        attrs.iter().filter(|a| default_of(a).is_none()).collect();
    ordered.extend(attrs.iter().filter(|a| default_of(a).is_some()));
    let positional = Signature {
        params: ordered
            .iter()
            .map(|a| Param {
                name: a.name.to_string(),
                ty: a.typ.clone(),
                shown: crate::types::alias_display(&a.typ),
                arity: if default_of(a).is_some() {
                    Arity::Optional
                } else {
                    Arity::Required
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
    let attrs = o.init_attributes();
    let sigs = signatures(&attrs);
    let name = format!("new_{}", o.label());
    let chosen = dispatch_signatures(&name, &sigs, args)?;
    let values: Vec<Value> = match (chosen, args) {
        (0, [Value::Hash(h)]) => attrs
            .iter()
            .map(|a| {
                h.get(&Value::String(a.name.clone()))
                    .cloned()
                    .or_else(|| default_of(a))
                    .unwrap_or(Value::Undef)
            })
            .collect(),
        _ => attrs
            .iter()
            .map(|a| {
                args.get(ordered_index(&attrs, a))
                    .cloned()
                    .or_else(|| default_of(a))
                    .unwrap_or(Value::Undef)
            })
            .collect(),
    };
    Ok(Value::Object(Rc::new(ObjectValue {
        typ: o.clone(),
        values,
    })))
}

/// The object type `t` creates instances of, looking through aliases and `Optional`.
pub fn object_type_of(t: &PType) -> Option<Rc<ObjectType>> {
    match t.resolved() {
        PType::ObjectType(o) => Some(o),
        PType::Optional(Some(inner)) | PType::NotUndef(Some(inner)) => object_type_of(&inner),
        _ => None,
    }
}

/// The position of an attribute among the positional parameters (required ones first).
fn ordered_index(
    attrs: &[crate::types::object::Attribute],
    a: &crate::types::object::Attribute,
) -> usize {
    let required = attrs.iter().filter(|x| default_of(x).is_none());
    let optional = attrs.iter().filter(|x| default_of(x).is_some());
    required
        .chain(optional)
        .position(|x| x.name == a.name)
        .unwrap_or(usize::MAX)
}
