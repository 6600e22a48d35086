//! Creation of parameterized types through `[]`: `Integer[1, 2]`, `Struct[{...}]`, ...
use super::PType;
use crate::error::Error;
use crate::values::Value;

/// `t[args]`. Returns a value, since `File['a', 'b']` and `Class[a, b]` give arrays.
pub fn parameterize(t: &PType, args: &[Value]) -> Result<Value, Error> {
    let _ = args;
    Err(Error::eval(format!("{t:?}[] is not supported yet")))
}
