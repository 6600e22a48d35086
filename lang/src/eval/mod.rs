//! The evaluator: walks the AST with a persistent top scope.
//!
//! - `session`: the public `Session` API (one input at a time, state kept between inputs).
//! - `scope`: variables (slots resolved ahead of time) and match variables.
//! - `resolve`: the pass that resolves variables to slots.
//! - `liveness`: which variable reads may move a value out of its slot.
//! - `expr`: evaluation of each expression kind.
//! - `operators`: arithmetic, equality, comparison, `in`.
//! - `access`: `[]` on values.
//! - `matching`: `=~`, case and selector option matching.
//! - `call`: calling functions and lambdas, binding parameters.
//! - `shared`: replacing an array or hash everywhere it is held (templates mutate them).

pub mod access;
pub mod call;
pub mod describe;
pub mod expr;
pub mod hints;
pub mod liveness;
pub mod matching;
pub mod operators;
pub mod resolve;
pub mod scope;
pub mod session;
pub mod shared;
pub mod why;

use crate::error::Error;
use crate::values::Value;

pub use call::Closure;
pub use session::Evaluator;

/// How evaluation leaves an expression other than by producing a value: an error, or one of
/// the non-local exits `break`, `next` and `return`.
#[derive(Debug)]
pub enum Flow {
    Error(Error),
    Break,
    Next(Value),
    Return(Value),
}

impl From<Error> for Flow {
    fn from(e: Error) -> Flow {
        Flow::Error(e)
    }
}

pub type EvalResult<T = Value> = Result<T, Flow>;
