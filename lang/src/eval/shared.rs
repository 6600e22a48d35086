//! Replacing an array or hash everywhere it is shared.
//!
//! Puppet values are immutable in prepl, but in the reference an array or hash is one Ruby
//! object wherever it was passed: a template that appends to `@list` changes `$list`, every
//! variable that holds the same array, and the parameter of the resource it was given to
//! (Debian's apache module appends to `$scriptaliases` in `vhost/_scriptalias.erb`, and the
//! reference's catalog shows it). When a template has mutated a value, `replace_shared`
//! puts the new value wherever the old one was held, found by identity (`Rc::ptr_eq`, never
//! by equality: two equal literals are two objects): variables of frames, of class, define
//! and node scopes and of the top scope, resource parameters, and inside the arrays and
//! hashes those hold.

use super::Evaluator;
use crate::compile::scope::NamedScope;
use crate::values::{Map, Value};
use rustc_hash::FxHashMap as HashMap;
use std::rc::Rc;

/// The identity of an array or hash (`None` for other values, which cannot be mutated).
pub(crate) fn identity(v: &Value) -> Option<*const ()> {
    match v {
        Value::Array(a) => Some(Rc::as_ptr(a) as *const ()),
        Value::Hash(h) => Some(Rc::as_ptr(h) as *const ()),
        _ => None,
    }
}

/// How many references to the array or hash `v` there are (0 for other values).
fn holders(v: &Value) -> usize {
    match v {
        Value::Array(a) => Rc::strong_count(a),
        Value::Hash(h) => Rc::strong_count(h),
        _ => 0,
    }
}

/// A walk that replaces one object by another, remembering each container it has looked
/// into (so a value that shares its parts costs its distinct parts, not its expansion).
///
/// It counts the references to what it replaces (the old object, and each container
/// rebuilt around it) that it has not met yet: once none is left, nothing else can hold
/// them, and the rest of the walk is skipped (a template's `@_template_scope[:item] = x`
/// in a define no longer walks every resource of the catalog). References held where the
/// walk does not look keep the count above zero: then it walks everything, as before.
struct Replacer<'a> {
    old: *const (),
    new: &'a Value,
    /// Containers seen: the value to put in their place (`None`: unchanged).
    seen: HashMap<*const (), Option<Value>>,
    replaced: bool,
    /// References to replaced objects not met yet.
    pending: usize,
}

impl Replacer<'_> {
    /// Whether every reference to what is replaced has been met.
    fn finished(&self) -> bool {
        self.pending == 0
    }

    /// `v` with the old object replaced (`None` when `v` does not hold it).
    fn walk(&mut self, v: &Value) -> Option<Value> {
        if self.finished() {
            return None;
        }
        let id = identity(v)?;
        if id == self.old {
            self.replaced = true;
            self.pending = self.pending.saturating_sub(1);
            return Some(self.new.clone());
        }
        if let Some(done) = self.seen.get(&id) {
            if done.is_some() {
                // (another reference to a container rebuilt before)
                self.pending = self.pending.saturating_sub(1);
            }
            return done.clone();
        }
        // Marked first: a container cannot hold itself, but this keeps the walk finite anyway.
        self.seen.insert(id, None);
        let out = match v {
            Value::Array(items) => {
                let mut changed: Option<Vec<Value>> = None;
                for (i, item) in items.iter().enumerate() {
                    if let Some(r) = self.walk(item) {
                        changed.get_or_insert_with(|| items.to_vec())[i] = r;
                    }
                }
                changed.map(Value::array)
            }
            Value::Hash(map) => {
                let mut changed: Option<Map> = None;
                for (k, item) in map.iter() {
                    if let Some(r) = self.walk(item) {
                        changed
                            .get_or_insert_with(|| (**map).clone())
                            .insert(k.clone(), r);
                    }
                }
                changed.map(Value::hash)
            }
            _ => None,
        };
        if out.is_some() {
            // Its other references must be met too (this one is).
            self.pending = self.pending.saturating_add(holders(v).saturating_sub(1));
        }
        self.seen.insert(id, out.clone());
        out
    }

    fn in_place(&mut self, slot: &mut Value) {
        if let Some(r) = self.walk(slot) {
            *slot = r;
        }
    }

    /// Replaces in the variables of `scope`; each value replaced is given to `replaced`
    /// with its name (scopes are shared with the state kept from before the input).
    fn in_scope(&mut self, scope: &NamedScope, mut replaced: impl FnMut(&Rc<str>, Value)) {
        for (name, v) in scope.vars.borrow_mut().iter_mut() {
            if let Some(r) = self.walk(v) {
                replaced(name, std::mem::replace(v, r));
            }
        }
    }
}

impl Evaluator {
    /// Puts `new` wherever the array or hash `old` is held; whether it was found anywhere.
    /// (`old` is taken, so that its other references are those to replace.)
    pub fn replace_shared(&mut self, old: Value, new: &Value) -> bool {
        let Some(id) = identity(&old) else {
            return false;
        };
        let mut r = Replacer {
            old: id,
            new,
            seen: HashMap::default(),
            replaced: false,
            pending: holders(&old) - 1,
        };
        for v in self.slots.iter_mut().flatten() {
            r.in_place(v);
        }
        if r.finished() {
            return r.replaced;
        }
        self.globals.replace_values(|v| r.walk(v));
        // The scopes: the current one and those it sees or was declared by, the classes'
        // and the node's.
        let mut scopes: Vec<Rc<NamedScope>> = Vec::new();
        let mut pending: Vec<Rc<NamedScope>> = self.scope.iter().cloned().collect();
        pending.extend(self.compilation.class_scopes.values().cloned());
        pending.extend(self.compilation.node_scope.iter().cloned());
        while let Some(s) = pending.pop() {
            if scopes.iter().any(|seen| Rc::ptr_eq(seen, &s)) {
                continue;
            }
            pending.extend(s.parent.iter().cloned());
            pending.extend(s.declarer.iter().cloned());
            scopes.push(s);
        }
        for s in &scopes {
            if r.finished() {
                return r.replaced;
            }
            let undo = &mut self.scope_undo;
            r.in_scope(s, |name, old| undo.push((s.clone(), name.clone(), old)));
        }
        if !r.finished() {
            self.compilation.catalog.replace_parameters(|v| r.walk(v));
        }
        r.replaced
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arr(items: Vec<Value>) -> Value {
        Value::array(items)
    }

    #[test]
    fn replaces_by_identity_not_equality() {
        let old = arr(vec![]);
        let twin = arr(vec![]);
        let new = arr(vec![Value::Integer(1)]);
        let holder = arr(vec![old.clone(), twin.clone(), arr(vec![old.clone()])]);
        let mut r = Replacer {
            old: identity(&old).unwrap(),
            new: &new,
            seen: HashMap::default(),
            replaced: false,
            pending: usize::MAX,
        };
        let out = r.walk(&holder).unwrap();
        assert!(r.replaced);
        assert_eq!(
            out,
            arr(vec![new.clone(), arr(vec![]), arr(vec![new.clone()])])
        );
        // the twin stays the object it was
        let Value::Array(items) = &out else { panic!() };
        assert!(
            matches!((&items[1], &twin), (Value::Array(a), Value::Array(b)) if Rc::ptr_eq(a, b))
        );
    }

    #[test]
    fn stops_once_every_reference_is_met() {
        let old = arr(vec![]);
        let inner = arr(vec![old.clone()]);
        let (a, b) = (arr(vec![inner.clone()]), arr(vec![inner.clone()]));
        drop(inner);
        let unrelated = arr(vec![arr(vec![])]);
        let new = arr(vec![Value::Integer(1)]);
        let mut r = Replacer {
            old: identity(&old).unwrap(),
            new: &new,
            seen: HashMap::default(),
            replaced: false,
            pending: holders(&old) - 1,
        };
        let a2 = r.walk(&a).unwrap();
        // `inner` rebuilt: `b` holds it too, so the walk goes on
        assert!(!r.finished());
        let b2 = r.walk(&b).unwrap();
        assert!(r.finished());
        assert_eq!(a2, arr(vec![arr(vec![new.clone()])]));
        assert_eq!(a2, b2);
        assert!(r.walk(&unrelated).is_none());
        assert!(!r.seen.contains_key(&identity(&unrelated).unwrap()));
    }

    #[test]
    fn shared_parts_are_walked_once() {
        // 2^40 paths, 40 distinct containers
        let mut v = arr(vec![Value::Integer(0)]);
        for _ in 0..40 {
            v = arr(vec![v.clone(), v]);
        }
        let old = arr(vec![]);
        let new = arr(vec![]);
        let mut r = Replacer {
            old: identity(&old).unwrap(),
            new: &new,
            seen: HashMap::default(),
            replaced: false,
            pending: usize::MAX,
        };
        assert!(r.walk(&v).is_none());
        assert!(r.seen.len() <= 41);
    }
}
