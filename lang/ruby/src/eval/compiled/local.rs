//! A local variable's site compiled (a read, an assignment, a site's receiver or argument).
//!
//! Ruby scopes locals when it parses: in a method's body every local is the method's, and
//! a block's own locals (its parameters and the names it makes locals, `Block::own`) are
//! its call's. While such a body runs, its own locals are in the innermost scope of the
//! frame (a method's first scope, a block call's), and nowhere else: a site of one reads
//! and assigns that scope alone, without a search of the scopes around it by name, and
//! finds its variable by the place it had there at the last run (its `slot`, checked by
//! the name's shared text; a search when it moved). Any other local (a block's read or
//! assignment of the code around it) is found by name, innermost first (`Interp::local`,
//! `set_local`), as the tree walker does.

use crate::ast::Name;
use crate::eval::Interp;
use crate::value::RValue;
use std::cell::{Cell, RefCell};

/// Which locals of the body being compiled are its own (see the module's doc).
pub(super) enum Own {
    /// A method's body: every local.
    All,
    /// A block's body: these.
    Names(Vec<Name>),
}

thread_local! {
    /// The own locals of the body being compiled (none outside a compilation).
    static OWN: RefCell<Own> = const { RefCell::new(Own::Names(Vec::new())) };
}

/// Runs `compile` with `own` as the own locals of the body it compiles (compiling runs no
/// code: it does not nest; the one around is back after it anyway).
pub(super) fn compiling<T>(own: Own, compile: impl FnOnce() -> T) -> T {
    let around = OWN.with(|o| o.replace(own));
    let made = compile();
    OWN.with(|o| *o.borrow_mut() = around);
    made
}

/// A compiled site of the local `name`.
pub(crate) struct Local {
    name: Name,
    /// One of the body's own locals: in the innermost scope alone.
    own: bool,
    /// Its place in that scope at the last run.
    slot: Cell<u32>,
}

impl Local {
    /// The site of `name` in the body being compiled.
    pub(super) fn new(name: &Name) -> Local {
        let own = OWN.with(|o| match &*o.borrow() {
            Own::All => true,
            Own::Names(names) => names.contains(name),
        });
        Local {
            name: name.clone(),
            own,
            slot: Cell::new(0),
        }
    }

    /// The variable's value, `None` when it is not defined.
    #[inline(always)]
    pub(super) fn get<'a>(&self, it: &'a Interp<'_>) -> Option<&'a RValue> {
        if self.own {
            it.st.ctx.locals.last()?.get_slot(&self.name, &self.slot)
        } else {
            it.local_around(&self.name)
        }
    }

    /// Whether it is one of the body's own locals (see the module's doc): then
    /// [`Local::get_here`] may find it.
    pub(super) fn is_own(&self) -> bool {
        self.own
    }

    /// The variable's value when it is an own local found where it was at the last run
    /// ([`Local::get`] without a search or a call); `None` otherwise, where `get` may still
    /// find it. A site answers from this on its fast path and leaves everything else to
    /// an out-of-line path (`sites`): a closure whose common path makes no call saves and
    /// restores no registers (~15-20 instructions a site's run; docs/benchmarks.md,
    /// session 53).
    #[inline(always)]
    pub(super) fn get_here<'a>(&self, it: &'a Interp<'_>) -> Option<&'a RValue> {
        if !self.own {
            return None;
        }
        it.st.ctx.locals.last()?.at_slot(&self.name, &self.slot)
    }

    /// Assigns the variable (defined when it is new).
    #[inline(always)]
    pub(super) fn set(&self, it: &mut Interp<'_>, v: RValue) {
        if self.own {
            if let Some(scope) = it.st.ctx.locals.last_mut() {
                scope.set_slot(&self.name, v, &self.slot);
                return;
            }
        }
        it.set_local_around(&self.name, v);
    }
}
