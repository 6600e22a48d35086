//! The evaluator: walks the AST with a persistent top scope.
//!
//! - `session`: the public `Session` API (one input at a time, state kept between inputs).
//! - `scope`: variables (slots resolved ahead of time) and match variables.
//! - `resolve`: the pass that resolves variables to slots.
//! - `liveness`: which variable reads may move a value out of its slot.
//! - `expr`: evaluation of each expression kind.
//! - `interpolate`: interpolated strings.
//! - `operators`: arithmetic, equality, comparison, `in`.
//! - `plain_types`: parameter types that cannot fail, left unchecked when a class loads.
//! - `access`: `[]` on values.
//! - `matching`: `=~`, case and selector option matching.
//! - `call`: calling functions and lambdas, binding parameters.
//! - `lambda_frame`: one frame for a lambda called per element of an iteration.
//! - `user_function`: functions written in Puppet, and the direct binding of their calls.
//! - `compiled`: function bodies compiled to closures (those that use only what compiles).
//! - `debug`: breakpoints, the Puppet stack while debugging, stops handed to a front-end.
//! - `shared`: replacing an array or hash everywhere it is held (templates mutate them).

pub mod access;
pub mod builtins;
pub mod call;
pub mod call_sites;
pub mod closure_code;
pub mod compiled;
pub mod compiled_match;
pub mod debug;
pub mod expr;
pub mod hints;
pub mod interpolate;
pub mod lambda_frame;
pub mod liveness;
pub mod matching;
pub mod operators;
pub(crate) mod plain_types;
pub(crate) mod reads_facts;
pub mod resolve;
pub mod scope;
pub mod session;
pub mod shared;
pub mod type_loading;
pub mod type_text;
pub mod user_function;
pub mod why;

use crate::error::Error;
use crate::values::Value;

pub use call::{Closure, NativeLambda};
pub use session::Evaluator;

/// How evaluation leaves an expression other than by producing a value: an error, or one of
/// the non-local exits `break`, `next` and `return`.
///
/// The error is boxed: an `EvalResult` is returned by every step of evaluation, and its
/// size is the larger of a value's and this enum's (32 bytes, where an unboxed error made
/// it 96).
#[derive(Debug)]
pub enum Flow {
    Error(Box<Error>),
    Break,
    Next(Value),
    Return(Value),
}

impl From<Error> for Flow {
    fn from(e: Error) -> Flow {
        Flow::Error(Box::new(e))
    }
}

pub type EvalResult<T = Value> = Result<T, Flow>;

#[cfg(test)]
mod tests {
    /// Every step of evaluation returns an `EvalResult`: a boxed error keeps it small.
    #[test]
    fn an_evaluation_result_is_a_value_and_a_word() {
        assert_eq!(std::mem::size_of::<super::EvalResult>(), 32);
    }
}
