//! Instances of object types: `Value::Object(Rc<ObjectValue>)`.
//!
//! An instance holds its type and one value per stored attribute (every attribute of the
//! type and its ancestors that is neither a constant nor derived), in the order of
//! `ObjectType::stored_attributes`. It prints as `Point({'x' => 1, 'y' => 2})`, listing the
//! attributes whose values differ from their defaults, as the reference does.

use super::object::{Attribute, Constructor, MemberRef, ObjectType};
use super::PType;
use crate::values::{Map, Value};
use std::hash::{Hash, Hasher};
use std::rc::Rc;

#[derive(Debug, Clone)]
pub struct ObjectValue {
    pub typ: Rc<ObjectType>,
    pub values: Vec<Value>,
}

/// What `$obj.name` finds.
pub enum Access {
    Value(Value),
    /// A derived attribute or a declared function: the reference has no implementation for
    /// those declared in Puppet code. The text names it (`derived attribute P[y]`).
    NotImplemented(String),
}

/// The declared default of an attribute (`value => ...`; a short-form `Optional` attribute
/// has undef). An instance prints the attributes whose values differ from it; one without a
/// default always prints.
pub fn default_of(a: &Attribute) -> Option<Value> {
    a.value.clone()
}

/// The value of an attribute an init hash leaves out: its default, or undef when its type
/// accepts undef (the key is optional in the init hash's Struct).
pub fn missing_value(a: &Attribute) -> Option<Value> {
    match &a.value {
        Some(v) => Some(v.clone()),
        None if super::is_instance(&a.typ, &Value::Undef) => Some(Value::Undef),
        None => None,
    }
}

/// Whether `Init[P, args...]` of an object type takes `v`: `P.new(v, args...)` would take
/// it by one of its signatures (the init hash, or the values in order; an array given as
/// those values, or as the one value when one is enough), as the reference's `Init` reads
/// `P`'s constructor. `Init[P, args]` whose arguments fit no signature is refused where it
/// is made (`create`).
pub fn init_takes(typ: &Rc<ObjectType>, args: &[Value], v: &Value) -> bool {
    let c = typ.constructor();
    if !args.is_empty() {
        return c
            .positional()
            .next()
            .is_some_and(|a| super::is_instance(&a.typ, v));
    }
    takes_whole(typ, &c, v) || takes_spread(&c, v)
}

/// Whether `Init[P].new(v)` gives `v` to `P.new` as one value (else an array's elements
/// are the values): `v` fits a signature of one parameter, or only wrapped in an array.
pub fn init_takes_whole(typ: &Rc<ObjectType>, v: &Value) -> bool {
    takes_whole(typ, &typ.constructor(), v)
}

fn takes_whole(typ: &Rc<ObjectType>, c: &Constructor, v: &Value) -> bool {
    let single = super::is_instance(&PType::ObjectType(typ.clone()), v)
        || super::is_instance(&c.hash_type(), v);
    if (c.required, c.attrs.len()) == (1, 1) {
        return single || super::is_instance(&c.attrs[0].typ, v);
    }
    single
        || (c.required == 1
            && !takes_spread(c, v)
            && takes_spread(c, &Value::array(vec![v.clone()])))
}

/// Whether `v` is the values in order for `P.new` (an array) when that signature takes
/// other than exactly one value.
fn takes_spread(c: &Constructor, v: &Value) -> bool {
    if (c.required, c.attrs.len()) == (1, 1) {
        return false;
    }
    let types = c.positional().map(|a| a.typ.clone()).collect();
    let range = super::IntRange::new(c.required as i64, c.attrs.len() as i64);
    super::is_instance(&PType::Tuple(types, Some(range)), v)
}

impl ObjectValue {
    /// The value of a stored attribute.
    pub fn get(&self, name: &str) -> Option<&Value> {
        let attrs = self.typ.stored_attributes();
        let i = attrs.iter().position(|a| &*a.name == name)?;
        self.values.get(i)
    }

    /// An instance from its attribute values (defaults for those left out); `None` when a
    /// key is unknown or a value does not fit its attribute.
    pub fn from_init_hash(typ: &Rc<ObjectType>, h: &Map) -> Option<ObjectValue> {
        let attrs = typ.stored_attributes();
        if h.keys()
            .any(|k| !attrs.iter().any(|a| k.as_str() == Some(&*a.name)))
        {
            return None;
        }
        let values = attrs
            .iter()
            .map(|a| {
                let v = h
                    .get(&Value::String(a.name.clone()))
                    .cloned()
                    .or_else(|| missing_value(a))?;
                super::is_instance(&a.typ, &v).then_some(v)
            })
            .collect::<Option<Vec<Value>>>()?;
        Some(ObjectValue {
            typ: typ.clone(),
            values,
        })
    }

    /// `$obj.name`: an attribute's value, a constant, or why it has none.
    pub fn access(&self, name: &str) -> Option<Access> {
        let (owner, r) = self.typ.member(name)?;
        let label = owner.label().to_string();
        Some(match r {
            MemberRef::Attribute(i) => {
                let a = &owner.attributes[i];
                match a.kind {
                    Some(super::object::AttrKind::Constant) => {
                        Access::Value(a.value.clone().unwrap_or(Value::Undef))
                    }
                    Some(super::object::AttrKind::Derived) => {
                        Access::NotImplemented(format!("derived attribute {label}[{name}]"))
                    }
                    _ => Access::Value(self.get(name).cloned().unwrap_or(Value::Undef)),
                }
            }
            MemberRef::Function(_) => Access::NotImplemented(format!("function {label}[{name}]")),
        })
    }

    /// The attributes that differ from their defaults, as the instance prints.
    /// An inherited attribute is compared with the default it was first declared with.
    pub fn init_hash(&self) -> Map {
        let chain = self.typ.ancestry();
        let first_declared = |a: &Attribute| -> Option<Value> {
            let first = chain
                .iter()
                .rev()
                .find_map(|o| o.attributes.iter().find(|x| x.name == a.name));
            default_of(first.unwrap_or(a))
        };
        self.typ
            .stored_attributes()
            .iter()
            .zip(&self.values)
            .filter(|(a, v)| first_declared(a).as_ref() != Some(*v))
            .map(|(a, v)| (Value::String(a.name.clone()), v.clone()))
            .collect()
    }

    /// Every stored attribute with its value (for serialization).
    pub fn attribute_values(&self) -> Vec<(Rc<str>, Value)> {
        self.typ
            .stored_attributes()
            .iter()
            .zip(&self.values)
            .map(|(a, v)| (a.name.clone(), v.clone()))
            .collect()
    }

    fn equality_values(&self) -> Vec<Option<&Value>> {
        self.typ
            .equality_attributes()
            .iter()
            .map(|n| self.get(n))
            .collect()
    }

    /// `==` of two instances (also their identity as hash keys): the same type (unless the
    /// type leaves it out of equality) and equal equality attributes.
    pub fn equals(&self, other: &ObjectValue) -> bool {
        if std::ptr::eq(self, other) {
            return true;
        }
        if !compares_values(&self.typ) {
            return false;
        }
        if self.typ.equality_include_type && !super::object::same(&self.typ, &other.typ) {
            return false;
        }
        let names = self.typ.equality_attributes();
        names.iter().all(|n| match (self.get(n), other.get(n)) {
            (Some(a), Some(b)) => a == b,
            _ => false,
        })
    }

    pub fn hash_into<H: Hasher>(&self, state: &mut H) {
        if self.typ.equality_include_type {
            self.typ.name.hash(state);
        }
        for v in self.equality_values().into_iter().flatten() {
            v.hash(state);
        }
    }

    pub fn type_of(&self) -> PType {
        PType::ObjectType(self.typ.clone())
    }
}

/// Whether two instances of `t` are compared by their values: the reference's generated
/// class has an `eql?` for each type of the chain that compares something (its `equality`
/// or its own stored attributes, or the type, included by the first type that includes it),
/// each calling its parent's (`super`); without one up to the root, instances are equal
/// only to themselves (Ruby's `Object#eql?`), as with `equality_include_type => false`
/// and no attributes.
fn compares_values(t: &Rc<ObjectType>) -> bool {
    let chain = t.ancestry();
    let defines = |o: &Rc<ObjectType>| {
        let includes_type =
            o.equality_include_type && !o.parent_object().is_some_and(|p| p.equality_include_type);
        includes_type
            || match &o.equality {
                Some(names) => !names.is_empty(),
                None => o.attributes.iter().any(|a| a.is_stored()),
            }
    };
    chain.last().is_some_and(defines)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point() -> Rc<ObjectType> {
        let mut attrs = Map::default();
        attrs.insert(Value::string("x"), Value::typ(PType::integer()));
        let mut y = Map::default();
        y.insert(Value::string("type"), Value::typ(PType::integer()));
        y.insert(Value::string("value"), Value::Integer(0));
        attrs.insert(Value::string("y"), Value::hash(y));
        let mut h = Map::default();
        h.insert(Value::string("name"), Value::string("P"));
        h.insert(Value::string("attributes"), Value::hash(attrs));
        Rc::new(super::super::object::from_hash(&h, "P").unwrap())
    }

    #[test]
    fn defaults_are_left_out_of_the_init_hash() {
        let p = ObjectValue {
            typ: point(),
            values: vec![Value::Integer(1), Value::Integer(0)],
        };
        let h = p.init_hash();
        assert_eq!(h.len(), 1);
        assert_eq!(h.get(&Value::string("x")), Some(&Value::Integer(1)));
    }

    #[test]
    fn equality_compares_attributes_and_type() {
        let t = point();
        let a = ObjectValue {
            typ: t.clone(),
            values: vec![Value::Integer(1), Value::Integer(2)],
        };
        let b = ObjectValue {
            typ: t,
            values: vec![Value::Integer(1), Value::Integer(3)],
        };
        assert!(a.equals(&a.clone()));
        assert!(!a.equals(&b));
        assert!(matches!(
            a.access("y"),
            Some(Access::Value(Value::Integer(2)))
        ));
        assert!(a.access("z").is_none());
    }
}
