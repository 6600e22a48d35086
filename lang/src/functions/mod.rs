//! Built-in functions. Each built-in is a `Builtin` entry: its name, documentation and
//! implementation. The implementation receives the evaluator (to call the lambda, log,
//! look up variables), the evaluated arguments and the optional lambda.

use crate::eval::{Closure, EvalResult, Evaluator};
use crate::values::Value;

pub type BuiltinImpl = fn(&mut Evaluator, &[Value], Option<&Closure>) -> EvalResult;

pub struct Builtin {
    pub name: &'static str,
    /// Signatures and an example, shown by `:help NAME` and the kernel's `inspect`.
    pub doc: &'static str,
    pub call: BuiltinImpl,
}

/// Every built-in function.
pub fn all() -> &'static [Builtin] {
    BUILTINS
}

static BUILTINS: &[Builtin] = &[];
