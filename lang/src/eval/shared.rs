//! Replacing an array or hash everywhere it is shared.
//!
//! Puppet values are immutable in prepl, but in the reference an array or hash is one Ruby
//! object wherever it was passed: a template that appends to `@list` changes `$list`, every
//! variable that holds the same array, the arrays and hashes built around it, and the
//! parameter of the class or define whose default it was (Debian's apache module appends to
//! `$scriptaliases` in `vhost/_scriptalias.erb`, and the reference's `Apache::Vhost`
//! resource shows it). Other resources' parameters are the reference's copies, made when
//! the resource was declared: they keep the value they were given. When a template has
//! mutated a value, `replace_shared` puts the new value wherever the old one was held, found
//! by identity (`Rc::ptr_eq`, never by equality: two equal literals are two objects):
//! variables of frames, of the template's scope and those it sees or was declared by, of
//! the top scope, of the classes' and the node's scopes, and those scopes' own resources'
//! parameters, and inside the arrays and hashes those hold.
//!
//! A constant literal (`$list = []` as a define's default) keeps its value and gives the
//! same object to each evaluation ([`KeptLiteral`]), where the reference makes a new one
//! each time: its holders are of many evaluations, so a change to such a value is put only
//! where the template sees (the frames, the template's scope, the scopes it sees through
//! and their resources, the top scope), not in the scopes of other evaluations.

use super::Evaluator;
use crate::compile::scope::NamedScope;
use crate::values::Array;
use crate::values::{Map, Value};
use rustc_hash::FxHashMap as HashMap;
use std::rc::{Rc, Weak};

/// A constant array or hash literal's value as the literal keeps it (made at its first
/// evaluation, shared from then on). It holds a weak reference to the value, which marks
/// it as kept: nothing else makes weak references to arrays and hashes.
#[derive(Clone)]
pub(crate) struct KeptLiteral {
    pub value: Value,
    _mark: Mark,
}

#[derive(Clone)]
enum Mark {
    Array { _weak: Weak<Array> },
    Hash { _weak: Weak<Map> },
    None,
}

impl KeptLiteral {
    pub fn new(value: Value) -> KeptLiteral {
        let mark = match &value {
            Value::Array(a) => Mark::Array {
                _weak: Rc::downgrade(a),
            },
            Value::Hash(h) => Mark::Hash {
                _weak: Rc::downgrade(h),
            },
            _ => Mark::None,
        };
        KeptLiteral { value, _mark: mark }
    }
}

/// Whether `v` is a constant literal's kept value (given to every evaluation of it).
fn kept_literal(v: &Value) -> bool {
    match v {
        Value::Array(a) => Rc::weak_count(a) > 0,
        Value::Hash(h) => Rc::weak_count(h) > 0,
        _ => false,
    }
}

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

    /// Replaces in the variable `name` of `scope` only; the value replaced is given to
    /// `replaced`.
    fn in_variable(
        &mut self,
        scope: &NamedScope,
        name: &str,
        replaced: impl FnOnce(&Rc<str>, Value),
    ) {
        if let Some((_, name, v)) = scope.vars.borrow_mut().get_full_mut(name) {
            if let Some(r) = self.walk(v) {
                replaced(name, std::mem::replace(v, r));
            }
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
    /// Puts `new` wherever the array or hash `old` is held (see the module's comment);
    /// whether it was found anywhere. (`old` is taken, so that its other references are
    /// those to replace.) Looked for where a template's variables are first, from the
    /// variable `name` of the current scope (the one the template read: often the only
    /// other holder), until every reference is met.
    pub fn replace_shared(&mut self, old: Value, new: &Value, name: &str) -> bool {
        let Some(id) = identity(&old) else {
            return false;
        };
        let literal = kept_literal(&old);
        let mut r = Replacer {
            old: id,
            new,
            seen: HashMap::default(),
            replaced: false,
            // (a kept literal's holders are never all met)
            pending: if literal {
                usize::MAX
            } else {
                holders(&old) - 1
            },
        };
        if let Some(s) = self.scope.clone() {
            let undo = &mut self.scope_undo;
            r.in_variable(&s, name, |name, old| {
                undo.push((s.clone(), name.clone(), old))
            });
            if r.finished() {
                return r.replaced;
            }
        }
        for v in self.slots.iter_mut().flatten() {
            r.in_place(v);
        }
        // The template's scope and those it sees or was declared by (a kept literal: those
        // it sees); the top scope's variables; the classes' and the node's scopes (not for
        // a kept literal); each once.
        let mut scopes: Vec<Rc<NamedScope>> = self.scope.iter().cloned().collect();
        let mut i = 0;
        while let Some(s) = scopes.get(i).cloned() {
            let declarer = s.declarer.iter().filter(|_| !literal);
            for next in s.parent.iter().chain(declarer) {
                add_scope(&mut scopes, next);
            }
            i += 1;
        }
        let near = scopes.len();
        if !literal {
            for s in self.compilation.class_scopes.values() {
                add_scope(&mut scopes, s);
            }
            if let Some(s) = &self.compilation.node_scope {
                add_scope(&mut scopes, s);
            }
        }
        for (i, s) in scopes.iter().enumerate() {
            if i == near {
                self.globals.replace_values(|v| r.walk(v));
            }
            if r.finished() {
                break;
            }
            let undo = &mut self.scope_undo;
            r.in_scope(s, |name, old| undo.push((s.clone(), name.clone(), old)));
            self.compilation
                .catalog
                .replace_parameters_of(s.resource, |v| r.walk(v));
        }
        if scopes.len() == near && !r.finished() {
            self.globals.replace_values(|v| r.walk(v));
        }
        r.replaced
    }
}

/// Adds `s` to `scopes` unless it is there.
fn add_scope(scopes: &mut Vec<Rc<NamedScope>>, s: &Rc<NamedScope>) {
    if !scopes.iter().any(|seen| Rc::ptr_eq(seen, s)) {
        scopes.push(s.clone());
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

    /// The parameters of each resource of the catalog compiled from `src` but its classes,
    /// as `Type[title] {json}`.
    fn resources(src: &str) -> Vec<String> {
        let mut s = crate::Session::new();
        s.eval(src).unwrap();
        let json = s.catalog_json();
        json["resources"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| !matches!(r["type"].as_str(), Some("Class" | "Stage")))
            .map(|r| format!("{}[{}] {}", r["type"], r["title"], r["parameters"]).replace('"', ""))
            .collect()
    }

    /// A define's `[]` default is one kept value in prepl, a new array at each evaluation
    /// in the reference: a template's change to it shows in its own instance only (it
    /// showed in every instance declared before), in its variable and the define's
    /// parameter (the reference's answers).
    #[test]
    fn a_kept_literal_changed_by_a_template_stays_in_its_evaluation() {
        let got = resources(
            r#"define d($l = [], $h = {}) {
                 $x = inline_template("<% if @title == 'a'; @l << 1; @h['k'] = 2; end %>")
                 notify { $title: message => [$l, $h] }
               }
               d { b: } d { a: } d { c: }"#,
        );
        assert_eq!(
            got,
            [
                "D[b] {l:[],h:{}}",
                "D[a] {l:[1],h:{k:2}}",
                "D[c] {l:[],h:{}}",
                "Notify[b] {message:[[],{}]}",
                "Notify[a] {message:[[1],{k:2}]}",
                "Notify[c] {message:[[],{}]}",
            ]
        );
    }

    /// A value made in the evaluation (not a kept literal) is changed in the variables that
    /// hold it, not in a resource declared with it before (the reference's resources hold
    /// copies: the reference's answers).
    #[test]
    fn a_made_value_is_changed_in_variables() {
        let got = resources(
            r#"define d($n) {
                 $l = [$n]
                 $m = $l
                 notify { "${title}1": message => $l }
                 $x = inline_template("<% @l << 2 %>")
                 notify { "${title}2": message => $m }
               }
               d { a: n => 1 } d { b: n => 1 }"#,
        );
        assert_eq!(
            got,
            [
                "D[a] {n:1}",
                "D[b] {n:1}",
                "Notify[a1] {message:[1]}",
                "Notify[a2] {message:[1,2]}",
                "Notify[b1] {message:[1]}",
                "Notify[b2] {message:[1,2]}",
            ]
        );
    }
}
