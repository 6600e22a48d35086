//! A frame's stack of scopes of locals, with the ended blocks' scopes kept in place above
//! the live ones, emptied, for the next block call at that depth.
//!
//! A block call took a scope from the interpreter's spares, moved it onto the frame's
//! stack, and at its end moved it off again and back to the spares: two 32-byte moves a
//! call, the second just after the block's own locals had written its length, read back
//! with 16-byte loads the processor does not forward from that 8-byte store (a stall at
//! every block call; docs/benchmarks.md, sessions 44 and 45). Here a block's scope never
//! moves: entering a block makes the next kept scope live, leaving empties it in place.

use super::defs::Scope;
use std::ops::{Deref, DerefMut};

/// The scopes of a frame: `live` of them in use, innermost last (what `Deref` shows), and
/// past those the ended blocks' scopes, each emptied (no variables, no procs' handle).
#[derive(Debug, Default)]
pub struct Locals {
    scopes: Vec<Scope>,
    live: usize,
}

impl Locals {
    /// One empty scope (a frame's own).
    pub(crate) fn one() -> Locals {
        Locals {
            scopes: vec![Scope::default()],
            live: 1,
        }
    }

    /// A block call's new scope, innermost: a kept one at this depth, else a new one.
    #[inline(always)]
    pub(crate) fn enter(&mut self) -> &mut Scope {
        if self.live == self.scopes.len() {
            self.scopes.push(Scope::default());
        }
        self.live += 1;
        &mut self.scopes[self.live - 1]
    }

    /// Ends the innermost scope (a block call's): its variables dropped (or kept by the
    /// procs made in it), the scope kept in place, emptied, for the next call.
    #[inline(always)]
    pub(crate) fn leave(&mut self) {
        if self.live == 0 {
            return;
        }
        self.live -= 1;
        self.scopes[self.live].end_in_place();
    }

    /// Adds a scope (not a block call's: a proc's kept variables, a scope set aside).
    pub(crate) fn push(&mut self, scope: Scope) {
        self.scopes.truncate(self.live);
        self.scopes.push(scope);
        self.live += 1;
    }

    /// Takes the innermost scope out.
    pub(crate) fn pop(&mut self) -> Option<Scope> {
        self.scopes.truncate(self.live);
        let scope = self.scopes.pop()?;
        self.live -= 1;
        Some(scope)
    }

    /// Drops the scopes past the first `n` (the kept ones with them).
    pub(crate) fn truncate(&mut self, n: usize) {
        self.scopes.truncate(n.min(self.live));
        self.live = self.scopes.len();
    }

    /// Adds scopes, innermost last.
    pub(crate) fn extend(&mut self, scopes: impl IntoIterator<Item = Scope>) {
        self.scopes.truncate(self.live);
        self.scopes.extend(scopes);
        self.live = self.scopes.len();
    }

    /// Makes an ended frame's stack one for the next frame: its first scope emptied, the
    /// ended blocks' scopes past it kept.
    pub(crate) fn reset(&mut self) {
        if self.live != 1 {
            self.truncate(1);
        }
        match self.scopes.first_mut() {
            Some(first) => first.end_in_place(),
            None => self.push(Scope::default()),
        }
        self.live = 1;
    }
}

impl Deref for Locals {
    type Target = [Scope];

    #[inline(always)]
    fn deref(&self) -> &[Scope] {
        // (`live` never exceeds the length: every method keeps it so)
        &self.scopes[..self.live]
    }
}

impl DerefMut for Locals {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [Scope] {
        &mut self.scopes[..self.live]
    }
}

impl From<Vec<Scope>> for Locals {
    fn from(scopes: Vec<Scope>) -> Locals {
        Locals {
            live: scopes.len(),
            scopes,
        }
    }
}
