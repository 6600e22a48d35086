//! Iterable values as lazy sequences for the built-ins (see `values::iter`), with the
//! interrupt checks long loops need.

use crate::convert::iterate::MAX_ELEMENTS;
use crate::error::Error;
use crate::eval::{EvalResult, Evaluator};
use crate::values::iter::iterate;
use crate::values::Value;

pub use crate::values::iter::Values;

/// How many elements a loop without a lambda handles between interrupt checks.
pub const CHECK_EVERY: usize = 4096;

/// The values of an iterable value, or `None` if it is not iterable.
pub fn values(v: &Value) -> Result<Option<Values>, Error> {
    Ok(iterate(v))
}

/// The values of an iterable, or an error naming the function when it is not iterable
/// (dispatch has normally excluded that already).
pub fn values_of(name: &str, v: &Value) -> Result<Values, Error> {
    iterate(v).ok_or_else(|| {
        Error::eval(format!(
            "'{name}' expects an Iterable value, got {}",
            crate::describe::label_of(v)
        ))
    })
}

impl Evaluator {
    /// All values of an iterable as an array (for `*x`, `Array(x)`); a non-iterable value
    /// gives itself.
    pub fn to_array(&mut self, v: &Value) -> EvalResult<Vec<Value>> {
        match v {
            Value::Array(a) => Ok(a.to_vec()),
            _ => match iterate(v) {
                Some(it) => self.collect_checked(it),
                None => Ok(vec![v.clone()]),
            },
        }
    }

    /// Collects a stream, checking the interrupt flag every few thousand elements and
    /// refusing streams longer than `convert::iterate::MAX_ELEMENTS`.
    pub fn collect_checked(&mut self, it: Values) -> EvalResult<Vec<Value>> {
        let limit = usize::try_from(MAX_ELEMENTS).unwrap_or(usize::MAX);
        let mut out = Vec::with_capacity(it.size_hint().0.min(1 << 20));
        for (i, x) in it.enumerate() {
            if i % CHECK_EVERY == CHECK_EVERY - 1 {
                self.check_interrupt()?;
            }
            if i >= limit {
                return Err(Error::eval(format!(
                    "Cannot iterate over more than {MAX_ELEMENTS} elements"
                ))
                .into());
            }
            crate::limits::push(&mut out, x)?;
        }
        Ok(out)
    }
}
