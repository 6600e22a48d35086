//! `scope.to_hash`: the scope's variables as a hash, its entries kept while the scope
//! gains no variable; and the reads `scope.to_hash[k]`, `scope.to_hash.has_key?(k)`
//! (`key?`, `include?`, `member?`) answered from the kept hash, without the new hash each
//! `to_hash` call makes (that hash would be seen by the one read alone, so not making it
//! is unobservable). logrotate's `rule.erb` reads the scope so some forty times a render,
//! ~300 variables each: a copy of the entries, an index of their names and a drop each.

use super::{Interp, Kind, Node, RHash, RValue, R};
use crate::methods::{self, M};
use crate::value::RBool;
use std::rc::Rc;

/// What `scope_hash_read` made of the receiver `X.to_hash`.
pub(super) enum HashRead {
    /// The read's answer.
    Answered(RValue),
    /// The receiver's value, for the general path (`X` was not the scope, or the argument
    /// is spread).
    Receiver(RValue),
}

/// Whether the method `id` with one argument only reads the hash it is called on, as the
/// reads `scope_hash_read` answers.
#[inline(always)]
pub(super) fn is_hash_read(id: M) -> bool {
    matches!(
        id,
        M::op_aref | M::has_key_p | M::key_p | M::include_p | M::member_p
    )
}

/// `inner` when `recv` is `inner.to_hash` (no arguments, no block; not `self.to_hash`,
/// the template's own method, nor `inner&.to_hash`).
#[inline(always)]
pub(super) fn to_hash_of(recv: &Node) -> Option<&Node> {
    match &recv.kind {
        Kind::Call {
            recv: Some(inner),
            name,
            args,
            block: None,
            ..
        } if name.id() == M::to_hash
            && args.is_empty()
            && !name.starts_with('&')
            && !matches!(inner.kind, Kind::SelfRef) =>
        {
            Some(inner)
        }
        _ => None,
    }
}

impl Interp<'_> {
    /// The scope's variables with a value, as `scope.to_hash` holds them (the objects `@x`
    /// reads, in the reference's order), kept while the host gives the same names; `None`
    /// when the host has no scope.
    pub(crate) fn scope_hash(&mut self) -> Option<Rc<RHash>> {
        let names = self.host.scope_names()?;
        if let Some((known, hash)) = &self.st.to_hash {
            if Rc::ptr_eq(known, &names) {
                return Some(hash.clone());
            }
        }
        let mut entries = Vec::with_capacity(names.len());
        for name in names.iter() {
            match self.host_variable(name) {
                None | Some(RValue::Nil) => {}
                Some(v) => entries.push((RValue::str(&**name), v)),
            }
        }
        let hash = Rc::new(RHash::from_distinct(entries));
        self.st.to_hash = Some((names, hash.clone()));
        Some(hash)
    }

    /// `inner.to_hash.m(arg)` for a read `m` (`is_hash_read`): `inner` evaluated, and when
    /// it is the scope, the answer read from the scope (`scope_entry`) or the kept hash;
    /// otherwise `to_hash` called as usual, its value the receiver of the general path.
    #[inline(never)]
    pub(super) fn scope_hash_read(
        &mut self,
        inner: &Node,
        id: M,
        arg: &Node,
        at: usize,
    ) -> R<HashRead> {
        let scope = self.eval_leaf(inner)?;
        let answer = |found: Option<RValue>| {
            Ok(HashRead::Answered(match id {
                M::op_aref => found.unwrap_or_default(),
                _ => RValue::Bool(RBool::new(found.is_some())),
            }))
        };
        if matches!(scope, RValue::Scope) {
            // a name given as it is (evaluating it changes nothing): the variable alone
            if let Some(RValue::Str(ref name)) = self.plain_value(arg) {
                if let Some(found) = self.scope_entry(name) {
                    return answer(found);
                }
            }
        }
        let kept = match scope {
            RValue::Scope if !matches!(arg.kind, Kind::Splat(_)) => self.scope_hash(),
            _ => None,
        };
        let Some(hash) = kept else {
            let h = methods::call(self, scope, M::to_hash, "to_hash", Vec::new(), None, at)?;
            return Ok(HashRead::Receiver(h));
        };
        // (the hash is the one of the scope before the argument is evaluated, as in Ruby)
        let key = self.eval_leaf(arg)?;
        answer(hash.get(&key).cloned())
    }

    /// `scope.to_hash[name]` read from the scope: the variable's object when `name` is one
    /// of the scope's names with a value (the object `@x` reads, as the hash holds), `None`
    /// inside when not; `None` when the host has no scope. Only the variable read is made
    /// into Ruby (and checked for changes after the render), not the ~300 of the hash.
    fn scope_entry(&mut self, name: &str) -> Option<Option<RValue>> {
        if !self.host.scope_has_name(name)? {
            return Some(None);
        }
        Some(
            self.host_variable(name)
                .filter(|v| !matches!(v, RValue::Nil)),
        )
    }

    /// The value of `n` when evaluating it has no effect and needs no call (a literal, a
    /// local variable), so that it can be evaluated before the receiver is made.
    fn plain_value(&self, n: &Node) -> Option<RValue> {
        match &n.kind {
            Kind::Str(parts) => match parts.as_slice() {
                [super::Part::Lit(l)] => Some(RValue::Str(l.clone())),
                _ => None,
            },
            Kind::LVar(name) => self.local(name).cloned(),
            _ => None,
        }
    }
}
