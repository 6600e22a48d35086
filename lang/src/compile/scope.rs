//! The scopes of class, define and node bodies.

use crate::values::Value;
/// A scope's variables in the order they were first assigned: `scope.to_hash` in a template
/// lists them in that order, as the reference's does.
pub type ScopeVars = indexmap::IndexMap<Rc<str>, Value, rustc_hash::FxBuildHasher>;
use std::rc::Rc;

/// The first variables' names, with their hashes (see `Scope::set_first_variables`).
type FirstNames = [(Rc<str>, u64); 4];

/// The scope of a class, define instance or node body: its variables (by name), the scope
/// it sees through (an inherited class, else the node scope, else the top scope), and the
/// resource defaults declared in it.
pub struct NamedScope {
    pub kind: ScopeKind,
    pub vars: std::cell::RefCell<ScopeVars>,
    /// Where unqualified names not found here are looked up next (`None`: the top scope).
    pub parent: Option<Rc<NamedScope>>,
    /// The scope that declared this one: resource defaults are looked up along this chain
    /// (Puppet's defaults are dynamically scoped). `None` for a class that inherits: its
    /// chain goes on through its parent class's scope (`parent`), declared from there.
    pub declarer: Option<Rc<NamedScope>>,
    /// Resource defaults declared in this scope, by resource type (`File`, `Apache::Vhost`).
    pub defaults: std::cell::RefCell<Vec<(Rc<str>, crate::catalog::Attributes)>>,
    /// The catalog resource that contains what this scope declares (`Class[Apache]`, the
    /// define instance, `Node[default]`).
    pub resource: crate::catalog::ResourceId,
    /// While the parameters' defaults are evaluated: reading a parameter that has no value
    /// yet is an error.
    pub binding: std::cell::RefCell<Option<ParameterGuard>>,
    /// [`NamedScope::within_node`], found once when the scope is made (following the
    /// declarers up for each class declared made classes nested `n` deep quadratic).
    within_node: bool,
    /// Per slot of the body's layout (the evaluator's resolver gives each reference to one
    /// of the body's own variables its slot, `Slot::Scope`: [`FIRST_VARIABLES`], the
    /// parameters, then the names the body assigns): where in `vars` the slot's variable
    /// was set ([`NO_INDEX`]: not known). Only a cache: a read checks the name it finds
    /// there ([`read_slot`](Self::read_slot)), so a stale entry (the debugger removes
    /// variables) or a reference of another body is a miss, read by name as before.
    slots: std::cell::RefCell<Vec<u32>>,
    /// The scope's match data (`$0`, `$1`...) as it was when its body last declared a
    /// class or define, or ended: a body whose `parent` this scope is starts with it, as
    /// the reference's scopes look numeric variables up through their parents.
    pub matches: std::cell::RefCell<crate::eval::scope::MatchData>,
}

/// In [`NamedScope`]'s slot cache: the slot's variable is not known to be set.
const NO_INDEX: u32 = u32::MAX;

/// The variables a class or define scope starts with, in this order: the first slots of
/// every body's layout.
pub const FIRST_VARIABLES: [&str; 4] = ["title", "name", "module_name", "caller_module_name"];

/// The slot of the body's parameter `i` in its layout.
pub fn parameter_slot(i: usize) -> usize {
    FIRST_VARIABLES.len() + i
}

/// The parameters of a class or define instance whose defaults are being evaluated, as the
/// reference's parameter scope guards them.
#[derive(Clone)]
pub struct ParameterGuard {
    /// `Class[Apache]`, `Apache::Vhost[x]`: how errors name the declaration.
    pub who: Rc<str>,
    /// The parameters, in order (one list for all the defaults of a declaration: a define
    /// such as `apache::vhost` has 300 parameters).
    pub params: Rc<[Rc<str>]>,
    /// The one whose default is being evaluated.
    pub current: usize,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScopeKind {
    /// A class, by lower-case name.
    Class(Rc<str>),
    Define,
    Node,
}

impl NamedScope {
    pub fn new(
        kind: ScopeKind,
        parent: Option<Rc<NamedScope>>,
        declarer: Option<Rc<NamedScope>>,
        resource: crate::catalog::ResourceId,
    ) -> NamedScope {
        let within_node = match &kind {
            ScopeKind::Node => true,
            ScopeKind::Class(_) => match parent.as_deref() {
                Some(p) if matches!(p.kind, ScopeKind::Class(_)) => p.within_node,
                _ => declarer.as_deref().is_some_and(|d| d.within_node),
            },
            ScopeKind::Define => declarer.as_deref().is_some_and(|d| d.within_node),
        };
        NamedScope {
            kind,
            vars: Default::default(),
            parent,
            declarer,
            defaults: Default::default(),
            resource,
            binding: Default::default(),
            within_node,
            slots: Default::default(),
            matches: Default::default(),
        }
    }

    /// Sets variable `name` of this scope (as `vars.insert`), whose slot in the body's
    /// layout is `slot`: reading the slot then finds it without hashing the name.
    #[inline]
    pub fn insert_at_slot(&self, slot: usize, name: Rc<str>, value: Value) {
        let mut vars = self.vars.borrow_mut();
        // (a name set already keeps its place, which its slot knows)
        let at = vars.len();
        vars.insert(name, value);
        let new = vars.len() > at;
        drop(vars);
        if new {
            self.remember(slot, at);
        }
    }

    /// Makes room in a scope just made for the variables of its body: `variables` slots
    /// (the body's count, `HostClassDef::variables`...), or at least the first variables
    /// and the `parameters`. Grown one by one, the scope's table was rehashed several times
    /// for each class and define instance.
    pub fn reserve(&self, variables: u16, parameters: usize) {
        let n = usize::from(variables).max(parameter_slot(parameters));
        self.vars.borrow_mut().reserve(n);
        self.slots.borrow_mut().resize(n, NO_INDEX);
    }

    /// Sets [`FIRST_VARIABLES`] (in a scope just made, which has no variable yet).
    pub fn set_first_variables(&self, values: [Value; 4]) {
        use indexmap::map::raw_entry_v1::{RawEntryApiV1, RawEntryMut};
        use std::hash::BuildHasher;
        // (the names shared by every scope of the thread, with their hashes: four strings
        // made and freed for each class and define instance were a third of this, hashing
        // the names a tenth of the rest)
        thread_local! {
            // SAFETY: a thread-local's value.
            static NAMES: crate::syntax::thread_cache::ThreadCache<std::cell::OnceCell<FirstNames>> =
                const { unsafe { crate::syntax::thread_cache::ThreadCache::new(std::cell::OnceCell::new()) } };
        }
        let names = NAMES.with(|names| {
            names
                .get_or_init(|| {
                    FIRST_VARIABLES.map(|n| (Rc::from(n), rustc_hash::FxBuildHasher.hash_one(n)))
                })
                .clone()
        });
        let mut vars = self.vars.borrow_mut();
        let mut slots = self.slots.borrow_mut();
        for (slot, ((name, hash), value)) in names.into_iter().zip(values).enumerate() {
            let at = vars.len();
            match vars
                .raw_entry_mut_v1()
                .from_key_hashed_nocheck(hash, &*name)
            {
                // (a name set already keeps its place, which its slot knows)
                RawEntryMut::Occupied(mut e) => {
                    e.insert(value);
                }
                RawEntryMut::Vacant(e) => {
                    e.insert_hashed_nocheck(hash, name, value);
                    match slots.get_mut(slot) {
                        Some(known) => *known = u32::try_from(at).unwrap_or(NO_INDEX),
                        None => Self::remember_beyond(&mut slots, slot, at),
                    }
                }
            }
        }
    }

    /// Assigns variable `name` of the body's `slot` (`$x = ...` in the body); `false` (and
    /// nothing assigned) when this scope has it already.
    pub fn assign_slot(&self, slot: u16, name: &Rc<str>, value: Value) -> bool {
        let mut vars = self.vars.borrow_mut();
        if vars.contains_key(&**name) {
            return false;
        }
        let at = vars.len();
        vars.insert(name.clone(), value);
        drop(vars);
        self.remember(usize::from(slot), at);
        true
    }

    #[inline]
    fn remember(&self, slot: usize, at: usize) {
        let mut slots = self.slots.borrow_mut();
        match slots.get_mut(slot) {
            Some(known) => *known = u32::try_from(at).unwrap_or(NO_INDEX),
            None => Self::remember_beyond(&mut slots, slot, at),
        }
    }

    #[cold]
    fn remember_beyond(slots: &mut Vec<u32>, slot: usize, at: usize) {
        slots.resize(slot + 1, NO_INDEX);
        slots[slot] = u32::try_from(at).unwrap_or(NO_INDEX);
    }

    /// The value of variable `name` of this scope when the body's `slot` is known to hold
    /// it; `None` otherwise (unknown, or the entry there is another name's: the reader
    /// looks it up by name).
    #[inline]
    pub fn read_slot(&self, slot: u16, name: &str) -> Option<Value> {
        let at = *self.slots.borrow().get(usize::from(slot))?;
        let vars = self.vars.borrow();
        let (key, value) = vars.get_index(at as usize)?;
        // (the tree's names and the scope's keys are mostly the same `Rc`s)
        (std::ptr::eq(key.as_ptr(), name.as_ptr()) && key.len() == name.len() || **key == *name)
            .then(|| value.clone())
    }

    /// While defaults are evaluated, reading a parameter of this scope that has no value yet
    /// is the reference's error: an earlier one was given none (`expects a value for
    /// parameter $a`), a later one is not evaluated yet.
    #[inline]
    pub fn check_parameter_access(&self, name: &str) -> Result<(), crate::error::Error> {
        // (inline: each variable read in a body asks, defaults are evaluated rarely)
        if self.binding.borrow().is_none() {
            return Ok(());
        }
        self.check_guarded_access(name)
    }

    fn check_guarded_access(&self, name: &str) -> Result<(), crate::error::Error> {
        let guard = self.binding.borrow();
        let Some(g) = guard.as_ref() else {
            return Ok(());
        };
        let Some(index) = g.params.iter().position(|p| &**p == name) else {
            return Ok(());
        };
        if self.vars.borrow().contains_key(name) {
            return Ok(());
        }
        let message = if index < g.current {
            format!("{}: expects a value for parameter ${name}", g.who)
        } else {
            format!(
                "{}: default expression for ${} tries to illegally access not yet evaluated ${name}",
                g.who, g.params[g.current]
            )
        };
        Err(crate::error::Error::eval(message))
    }

    /// A variable of this scope or of the scopes it sees through (not the top scope).
    pub fn lookup(&self, name: &str) -> Option<Value> {
        let mut s = Some(self);
        while let Some(scope) = s {
            if let Some(v) = scope.vars.borrow().get(name) {
                return Some(v.clone());
            }
            s = scope.parent.as_deref();
        }
        None
    }

    /// [`lookup`](Self::lookup) of a name whose hash ([`ScopeVars`]' hasher) is known: the
    /// name hashed once for the whole chain (and the top scope after it).
    pub fn lookup_hashed(&self, name: &str, hash: u64) -> Option<Value> {
        use indexmap::map::RawEntryApiV1;
        let mut s = Some(self);
        while let Some(scope) = s {
            let vars = scope.vars.borrow();
            if let Some((_, v)) = vars.raw_entry_v1().from_key_hashed_nocheck(hash, name) {
                return Some(v.clone());
            }
            s = scope.parent.as_deref();
        }
        None
    }

    /// The names of the variables of this scope and of the scopes it sees through.
    pub fn variable_names(&self) -> Vec<std::rc::Rc<str>> {
        let mut names = Vec::new();
        let mut s = Some(self);
        while let Some(scope) = s {
            names.extend(scope.vars.borrow().keys().cloned());
            s = scope.parent.as_deref();
        }
        names
    }

    /// Whether this scope is the node scope or is declared, directly or not, from it (an
    /// inherited class counts as the declarer of its subclass): then unqualified variables
    /// and resource defaults not found in the classes and defines between are the node's, as
    /// the reference's enclosing scope is; else the top scope's.
    pub fn within_node(&self) -> bool {
        self.within_node
    }

    /// The class this scope belongs to (its own name for a class scope).
    pub fn class_name(&self) -> Option<&Rc<str>> {
        match &self.kind {
            ScopeKind::Class(n) => Some(n),
            _ => None,
        }
    }
}
