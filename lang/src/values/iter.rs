//! Lazy iterators: the values `reverse_each` and `step` return when given no lambda.
//! They describe a transformation of a source and produce their values only when pulled.

use super::Value;

#[derive(Debug, Clone)]
pub enum LazyIter {
    /// The elements of an iterable value in reverse order.
    Reverse(Value),
    /// Every `n`th element of an iterable value, starting with the first.
    Step(Value, i64),
}
