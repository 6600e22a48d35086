//! Calling functions and lambdas, binding arguments to parameters.
use crate::syntax::ast::Lambda;
use std::rc::Rc;

/// A lambda together with the frame it was written in (lambdas see their enclosing scope).
#[derive(Debug, Clone)]
pub struct Closure {
    pub lambda: Rc<Lambda>,
    /// Index of the enclosing frame in the evaluator's frame stack.
    pub frame: usize,
}
