//! Dropping values and types without recursion as deep as they nest.
//!
//! A value built by iteration (`Integer[1, 5000000].reduce([]) |$m, $i| { [$m] }`, or a
//! type `Array[$m]` the same way) nests as deep as the loop runs, and the compiler's drop
//! glue recurses once a level: a few million levels overflowed even a 512 MiB stack.
//!
//! `Value` itself has no `Drop`: dropping a scalar, a string or a shared container stays
//! the glue's. What holds nested values and types does: the contents of arrays and hashes
//! ([`Array`], [`Map`]), objects' attribute values, lazy iterators' sources, and types
//! (`PType`: the type parameters of `Array[...]`, `Tuple`, `Struct`, `Variant`, `Callable`,
//! `Init`..., object types and type sets nothing else holds). Their `drop` moves what they
//! hold out and drops it one level deeper ([`drop_part`]), counting the levels of drops
//! running one inside the other on this thread. Past [`LIMIT`] levels the parts are not
//! dropped there but left on a list that the outermost drop works off when it is done:
//! the stack used is bounded whatever the depth. A value nested less deeply allocates
//! nothing. The cost is a few instructions per container dropped, none per element (the
//! elements of small ones are looked at first: the glue drops them when none holds parts
//! of its own); a type without parameters, most types dropped, costs one comparison.
//!
//! Type aliases are named and held by the session: they are left to the glue, as are
//! `Sensitive` values directly inside `Sensitive` (which Puppet code cannot make:
//! `Sensitive($s)` of a sensitive value is that value).

use super::collections::MapEntries;
use super::{Array, LazyIter, Map, Value};
use crate::types::object_instance::ObjectValue;
use crate::types::{object::ObjectType, typeset::TypeSet, CallableType, PType, StructMember};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// How many drops of containers may run one inside the other (each a few frames of the
/// glue's: a few hundred bytes of stack in a release build, some kilobytes in a debug one).
const LIMIT: u32 = 64;

thread_local! {
    /// How many drops of containers are running on this thread, one inside the other.
    static DEPTH: Cell<u32> = const { Cell::new(0) };
    /// Whether `PENDING` holds parts.
    static DEFERRED: Cell<bool> = const { Cell::new(false) };
    /// Parts of containers dropped `LIMIT` levels deep, waiting for the outermost drop.
    static PENDING: RefCell<Vec<Part>> = const { RefCell::new(Vec::new()) };
}

/// What a container held, moved out of it to be dropped later (held only to be dropped).
#[allow(dead_code)]
enum Part {
    Values(Vec<Value>),
    Entries(MapEntries),
    Value(Value),
    Type(PType),
    Types(Vec<PType>),
    Members(Vec<StructMember>),
    Named(Vec<(Rc<str>, PType)>),
    Callable(CallableType),
    ObjectType(ObjectType),
}

macro_rules! part_from {
    ($($t:ty => $v:ident),*) => {
        $(impl From<$t> for Part {
            fn from(x: $t) -> Part {
                Part::$v(x)
            }
        })*
    };
}

part_from!(Vec<Value> => Values, MapEntries => Entries, Value => Value, PType => Type,
    Vec<PType> => Types, Vec<StructMember> => Members, Vec<(Rc<str>, PType)> => Named,
    CallableType => Callable, ObjectType => ObjectType);

/// Drops `part`, what a container being dropped held, one level deeper than that drop; or,
/// [`LIMIT`] levels deep, leaves it for the outermost drop to drop when it is done.
#[inline]
fn drop_part<T: Into<Part>>(part: T) {
    let depth = DEPTH.get();
    if depth < LIMIT {
        DEPTH.set(depth + 1);
        drop(part);
        DEPTH.set(depth);
        if depth == 0 && DEFERRED.get() {
            work_off();
        }
    } else {
        defer(part.into());
    }
}

#[cold]
#[inline(never)]
fn defer(part: Part) {
    // While the thread exits the list may be gone already: then the part is dropped here.
    if PENDING
        .try_with(|pending| pending.borrow_mut().push(part))
        .is_ok()
    {
        DEFERRED.set(true);
    }
}

/// Drops the deferred parts, each as if the outermost (their own deeper parts may be
/// deferred in turn).
#[cold]
#[inline(never)]
fn work_off() {
    DEPTH.set(1);
    while let Ok(Some(part)) = PENDING.try_with(|pending| pending.borrow_mut().pop()) {
        drop(part);
    }
    DEFERRED.set(false);
    DEPTH.set(0);
}

/// Up to this many values, what an array, hash or object held is looked at before it is
/// dropped: the glue drops them itself when none is the last reference to a container.
const FEW: usize = 4;

/// Whether the glue can drop `values` one level down at most (see [`FEW`]).
#[inline(always)]
fn few_without_parts<'a>(len: usize, mut values: impl Iterator<Item = &'a Value>) -> bool {
    len <= FEW && values.all(Value::owns_nothing)
}

impl Drop for Array {
    #[inline]
    fn drop(&mut self) {
        if !(self.is_empty() || few_without_parts(self.len(), self.iter())) {
            drop_part(std::mem::take::<Vec<Value>>(self));
        }
    }
}

impl Drop for Map {
    #[inline]
    fn drop(&mut self) {
        let entries = self.iter().flat_map(|(k, v)| [k, v]);
        if !(self.is_empty() || few_without_parts(2 * self.len(), entries)) {
            drop_part(self.take_entries());
        }
    }
}

impl Drop for ObjectValue {
    #[inline]
    fn drop(&mut self) {
        let values = &self.values;
        if !(values.is_empty() || few_without_parts(values.len(), values.iter())) {
            drop_part(std::mem::take(&mut self.values));
        }
    }
}

impl Drop for LazyIter {
    #[inline]
    fn drop(&mut self) {
        let (LazyIter::Reverse(source) | LazyIter::Step(source, _)) = self;
        if source.may_hold_parts() {
            drop_part(std::mem::replace(source, Value::Undef));
        }
    }
}

impl Value {
    /// Whether dropping this value drops nothing that holds values or types: it is no
    /// container, or not the last reference to one.
    #[inline(always)]
    fn owns_nothing(&self) -> bool {
        match self {
            Value::Array(a) => Rc::strong_count(a) > 1,
            Value::Hash(h) => Rc::strong_count(h) > 1,
            Value::Type(t) => Rc::strong_count(t) > 1,
            Value::Sensitive(s) => Rc::strong_count(s) > 1,
            Value::Iterator(i) => Rc::strong_count(i) > 1,
            Value::Object(o) => Rc::strong_count(o) > 1,
            _ => true,
        }
    }

    /// Whether this is a variant that can hold other values or types.
    #[inline(always)]
    fn may_hold_parts(&self) -> bool {
        matches!(
            self,
            Value::Array(_)
                | Value::Hash(_)
                | Value::Type(_)
                | Value::Sensitive(_)
                | Value::Iterator(_)
                | Value::Object(_)
        )
    }
}

impl Drop for PType {
    #[inline]
    fn drop(&mut self) {
        // Most types dropped have no parameters (one comparison tells them apart), or
        // parameters without parameters of their own (`Array[String]`): the glue drops
        // those, one level down.
        if self.may_hold_parts() && self.has_parts_with_parts() {
            self.drop_parts();
        }
    }
}

impl PType {
    /// Whether a parameter of this type can have parameters (or values) itself. `Callable`,
    /// `Init`, object types and type sets (rarely dropped) count as having such.
    #[inline(always)]
    fn has_parts_with_parts(&self) -> bool {
        use PType::*;
        match self {
            Array(t, _)
            | Optional(Some(t))
            | NotUndef(Some(t))
            | Iterable(Some(t))
            | Iterator(Some(t))
            | Type(Some(t))
            | Sensitive(Some(t)) => t.may_hold_parts(),
            Hash(k, v, _) => k.may_hold_parts() || v.may_hold_parts(),
            Tuple(ts, _) | Variant(ts) => ts.iter().any(PType::may_hold_parts),
            Struct(Some(members)) => members.iter().any(|m| m.value.may_hold_parts()),
            Init(..) | Callable(_) | ObjectType(_) | TypeSetType(_) => true,
            _ => false,
        }
    }

    /// Moves the parameters that can have parameters themselves out and drops them one
    /// level deeper. Out of line: the glue's frame stays small.
    #[inline(never)]
    fn drop_parts(&mut self) {
        use PType::*;
        match self {
            Array(t, _)
            | Optional(Some(t))
            | NotUndef(Some(t))
            | Iterable(Some(t))
            | Iterator(Some(t))
            | Type(Some(t))
            | Sensitive(Some(t)) => boxed_part(t),
            Hash(k, v, _) => {
                boxed_part(k);
                boxed_part(v);
            }
            Tuple(ts, _) | Variant(ts) if !ts.is_empty() => drop_part(std::mem::take(ts)),
            Struct(Some(members)) if !members.is_empty() => drop_part(std::mem::take(members)),
            Init(..) | Callable(_) | ObjectType(_) | TypeSetType(_) => self.drop_rare_parts(),
            _ => {}
        }
    }

    /// The parts of the types rarely dropped (apart: their moves need a large frame).
    #[inline(never)]
    fn drop_rare_parts(&mut self) {
        use PType::*;
        match self {
            Init(t, args) => {
                if let Some(t) = t {
                    boxed_part(t);
                }
                if !args.is_empty() {
                    drop_part(std::mem::take(args));
                }
            }
            Callable(c) => drop_part(std::mem::replace(
                &mut **c,
                CallableType {
                    params: None,
                    block: None,
                    return_type: None,
                },
            )),
            ObjectType(o) => {
                if let Some(o) = Rc::get_mut(o) {
                    drop_part(std::mem::replace(
                        o,
                        crate::types::object::ObjectType::empty(),
                    ));
                }
            }
            TypeSetType(s) => {
                if let Some(s) = Rc::get_mut(s) {
                    type_set_parts(s);
                }
            }
            _ => {}
        }
    }

    /// Whether this is a variant that can hold other types or values.
    #[inline(always)]
    fn may_hold_parts(&self) -> bool {
        use PType::*;
        matches!(
            self,
            Array(..)
                | Hash(..)
                | Tuple(..)
                | Struct(_)
                | Variant(_)
                | Optional(_)
                | NotUndef(_)
                | Iterable(_)
                | Iterator(_)
                | Type(_)
                | Callable(_)
                | Sensitive(_)
                | Init(..)
                | ObjectType(_)
                | TypeSetType(_)
                | ObjectExt(_)
        )
    }
}

/// A type parameter in a box: dropped one level deeper when it has parameters itself (the
/// box keeps `Any`); otherwise the glue drops it.
#[inline(always)]
fn boxed_part(slot: &mut PType) {
    if slot.may_hold_parts() {
        drop_part(std::mem::replace(slot, PType::Any));
    }
}

fn type_set_parts(s: &mut TypeSet) {
    if !s.types.is_empty() {
        drop_part(std::mem::take(&mut s.types));
    }
    for v in [s.references.take(), s.annotations.take()]
        .into_iter()
        .flatten()
    {
        drop_part(v);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::object_instance::ObjectValue;
    use crate::types::{IntRange, StructMember};
    use crate::values::Map;

    const LEVELS: usize = 100_000;

    /// Runs `f` on a 256 KiB stack: the glue overflowed it dropping a few hundred levels.
    fn on_small_stack(f: impl FnOnce() + Send + 'static) {
        std::thread::Builder::new()
            .stack_size(256 << 10)
            .spawn(f)
            .expect("thread")
            .join()
            .expect("no overflow");
    }

    fn nest(wrap: impl Fn(Value, usize) -> Value) -> Value {
        (0..LEVELS).fold(Value::Integer(0), wrap)
    }

    fn nest_type(wrap: impl Fn(PType, usize) -> PType) -> PType {
        (0..LEVELS).fold(PType::integer(), wrap)
    }

    #[test]
    fn values_nested_a_hundred_thousand_levels_drop_on_a_small_stack() {
        on_small_stack(|| {
            drop(nest(|v, _| Value::array(vec![v])));
            drop(nest(|v, i| {
                Value::array(vec![Value::Integer(i as i64), v, Value::Undef])
            }));
            drop(nest(|v, i| {
                let mut m = Map::default();
                m.insert(Value::from("a"), v);
                m.insert(Value::Integer(i as i64), Value::from("b"));
                Value::hash(m)
            }));
            // keys
            drop(nest(|v, _| {
                let mut m = Map::default();
                m.insert(Value::array(vec![v]), Value::Undef);
                Value::hash(m)
            }));
            drop(nest(|v, _| {
                Value::Sensitive(Rc::new(Value::array(vec![v])))
            }));
            drop(nest(|v, _| {
                Value::Object(Rc::new(ObjectValue {
                    typ: Rc::new(ObjectType::empty()),
                    values: vec![v],
                }))
            }));
            drop(nest(|v, i| {
                let it = if i % 2 == 0 {
                    LazyIter::Reverse(v)
                } else {
                    LazyIter::Step(v, 2)
                };
                Value::Iterator(Rc::new(it))
            }));
            // through types: `Init[Integer, $m]`
            drop(nest(|v, _| {
                Value::typ(PType::Init(Some(Box::new(PType::integer())), vec![v]))
            }));
        });
    }

    #[test]
    fn types_nested_a_hundred_thousand_levels_drop_on_a_small_stack() {
        on_small_stack(|| {
            drop(nest_type(|t, _| PType::Array(Box::new(t), IntRange::SIZE)));
            drop(nest_type(|t, _| {
                PType::Hash(Box::new(PType::string()), Box::new(t), IntRange::SIZE)
            }));
            drop(nest_type(|t, _| {
                PType::Tuple(vec![PType::integer(), t], None)
            }));
            drop(nest_type(|t, _| PType::Variant(vec![t, PType::Undef])));
            drop(nest_type(|t, _| PType::Optional(Some(Box::new(t)))));
            drop(nest_type(|t, _| {
                PType::Struct(Some(vec![StructMember {
                    key: "a".into(),
                    key_kind: crate::types::KeyKind::Plain,
                    value: t,
                }]))
            }));
            drop(nest_type(|t, _| {
                PType::Callable(Box::new(CallableType {
                    params: Some((vec![t], None)),
                    block: None,
                    return_type: None,
                }))
            }));
            drop(nest_type(|t, _| {
                let mut o = ObjectType::empty();
                o.parent = Some(t);
                PType::ObjectType(Rc::new(o))
            }));
            // through values: `Init[Integer, Type[...]]`
            drop(nest_type(|t, _| PType::Init(None, vec![Value::typ(t)])));
        });
    }

    #[test]
    fn shared_parts_survive_and_are_released_with_their_last_holder() {
        let shared = Value::array(vec![Value::from("kept"), Value::array(vec![1.into()])]);
        let outer = (0..100).fold(shared.clone(), |v, _| Value::array(vec![v, shared.clone()]));
        let Value::Array(inner) = &shared else {
            unreachable!()
        };
        assert_eq!(Rc::strong_count(inner), 102);
        drop(outer);
        assert_eq!(Rc::strong_count(inner), 1);
        assert_eq!(inner.len(), 2);
        assert_eq!(inner[0], Value::from("kept"));
        // a type shared by a value and a type
        let t = Rc::new(PType::Array(Box::new(PType::integer()), IntRange::SIZE));
        let v = Value::Type(t.clone());
        let wrapped = PType::Init(None, vec![v.clone(), Value::array(vec![v])]);
        assert_eq!(Rc::strong_count(&t), 3);
        drop(wrapped);
        assert_eq!(Rc::strong_count(&t), 1);
        assert!(matches!(&*t, PType::Array(e, _) if **e == PType::integer()));
    }

    #[test]
    fn a_drop_leaves_no_depth_and_nothing_pending() {
        on_small_stack(|| {
            drop(nest(|v, _| Value::array(vec![v])));
            assert_eq!(DEPTH.get(), 0);
            assert!(!DEFERRED.get());
            assert!(PENDING.with(|p| p.borrow().is_empty()));
            // a shallow value defers nothing
            drop(Value::array(vec![Value::array(vec![1.into()])]));
            assert!(!DEFERRED.get());
        });
    }
}
