//! Built-in functions. Each built-in is a `Builtin` entry: its name, documentation and
//! implementation. The implementation receives the evaluator (to call the lambda, log,
//! look up variables), the evaluated arguments and the optional lambda.
//!
//! One module per family: `logging`, `control`, `iteration`, ...; `iterate` turns iterable
//! values into lazy sequences for all of them.

pub mod control;
pub mod iterate;
pub mod iteration;
pub mod logging;

use crate::eval::{Closure, EvalResult, Evaluator};
use crate::values::Value;
use std::sync::OnceLock;

pub type BuiltinImpl = fn(&mut Evaluator, &[Value], Option<&Closure>) -> EvalResult;

pub struct Builtin {
    pub name: &'static str,
    /// Signatures and an example, shown by `:help NAME` and the kernel's `inspect`.
    pub doc: &'static str,
    pub call: BuiltinImpl,
}

/// Every built-in function, sorted by name.
pub fn all() -> &'static [Builtin] {
    static ALL: OnceLock<Vec<Builtin>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut all = Vec::new();
        all.extend(logging::builtins());
        all.extend(control::builtins());
        all.extend(iteration::builtins());
        all.sort_by_key(|b| b.name);
        all
    })
}

/// Looks a built-in up by name.
pub fn find(name: &str) -> Option<&'static Builtin> {
    all().iter().find(|b| b.name == name)
}
