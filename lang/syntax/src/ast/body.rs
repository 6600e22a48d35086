//! The statements of a class or define: made when first read when thawed (`frozen`).
//!
//! A module file's tree is thawed whole by each thread that loads it, but many of the
//! classes a file defines never run in a session: `include memcached::params` loads
//! `memcached/init.pp` (the reference's autoloader looks there first) to declare only the
//! class `memcached::params`; only the parameters of `class memcached` are read (their
//! types are checked when the file loads). A thawed body is made at its first read
//! instead, from the process's frozen statements, into the same nodes an eager thaw makes
//! (slots and frame sizes included).

use super::{Expr, ExprKind};
use std::cell::{Cell, OnceCell};
use std::fmt;

/// What makes a body's statements at its first read.
pub type MakeBody = Box<dyn FnOnce() -> Vec<Expr>>;

/// Statements made when first read (see the module's text); otherwise a `Vec<Expr>`,
/// read as a slice.
pub struct Body {
    exprs: OnceCell<Vec<Expr>>,
    later: Cell<Option<MakeBody>>,
    /// For a body not made yet: whether one of its statements defines a class, define or
    /// node (what loading a file looks for in class bodies, read without making them).
    defines: bool,
}

impl Body {
    /// A body that `make` makes when first read; `defines`: whether one of its statements
    /// is a class, define or node definition.
    pub fn later(defines: bool, make: MakeBody) -> Body {
        Body {
            exprs: OnceCell::new(),
            later: Cell::new(Some(make)),
            defines,
        }
    }

    /// Whether one of the statements is a class, define or node definition (without
    /// making a body not made yet).
    pub fn has_definitions(&self) -> bool {
        match self.exprs.get() {
            Some(exprs) => exprs.iter().any(|e| {
                matches!(
                    e.kind,
                    ExprKind::ClassDef(_) | ExprKind::DefineDef(_) | ExprKind::NodeDef(_)
                )
            }),
            None => self.defines,
        }
    }
}

impl Body {
    /// Whether the statements are made (a body thawed and not read yet is not).
    pub fn is_made(&self) -> bool {
        self.exprs.get().is_some()
    }
}

impl From<Vec<Expr>> for Body {
    fn from(exprs: Vec<Expr>) -> Body {
        Body {
            exprs: OnceCell::from(exprs),
            later: Cell::new(None),
            defines: false,
        }
    }
}

impl std::ops::Deref for Body {
    type Target = [Expr];

    fn deref(&self) -> &[Expr] {
        self.exprs
            .get_or_init(|| self.later.take().map_or_else(Vec::new, |make| make()))
    }
}

impl<'a> IntoIterator for &'a Body {
    type Item = &'a Expr;
    type IntoIter = std::slice::Iter<'a, Expr>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl Clone for Body {
    fn clone(&self) -> Body {
        Body::from(self.to_vec())
    }
}

/// As the statements' `Vec` shows (a tree and its thawed copy show the same).
impl fmt::Debug for Body {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}
