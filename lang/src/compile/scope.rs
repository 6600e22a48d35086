//! The scopes of class, define and node bodies.

use crate::values::Value;
use rustc_hash::FxHashMap as HashMap;
use std::rc::Rc;

/// The scope of a class, define instance or node body: its variables (by name), the scope
/// it sees through (an inherited class, else the node scope, else the top scope), and the
/// resource defaults declared in it.
pub struct NamedScope {
    pub kind: ScopeKind,
    pub vars: std::cell::RefCell<HashMap<Rc<str>, Value>>,
    /// Where unqualified names not found here are looked up next (`None`: the top scope).
    pub parent: Option<Rc<NamedScope>>,
    /// The scope that declared this one: resource defaults are looked up along this chain
    /// (Puppet's defaults are dynamically scoped).
    pub declarer: Option<Rc<NamedScope>>,
    /// Resource defaults declared in this scope, by resource type (`File`, `Apache::Vhost`).
    pub defaults: std::cell::RefCell<Vec<(Rc<str>, crate::catalog::Attributes)>>,
    /// The catalog resource that contains what this scope declares (`Class[Apache]`, the
    /// define instance, `Node[default]`).
    pub resource: crate::catalog::ResourceId,
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
        NamedScope {
            kind,
            vars: Default::default(),
            parent,
            declarer,
            defaults: Default::default(),
            resource,
        }
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

    /// The class this scope belongs to (its own name for a class scope).
    pub fn class_name(&self) -> Option<&Rc<str>> {
        match &self.kind {
            ScopeKind::Class(n) => Some(n),
            _ => None,
        }
    }
}
