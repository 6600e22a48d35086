//! `String.new`, `Sensitive.new`, `Regexp.new`, `Type.new`, and the version and time
//! types (numeric and simple forms here; the string patterns belong to `crate::time`
//! and `crate::versions`).

use super::arity;
use crate::error::Error;
use crate::types;
use crate::values::{Regexp, Value};
use std::rc::Rc;

/// `String.new(value, format = default)`.
pub fn new_string(args: &[Value]) -> Result<Value, Error> {
    match args {
        [v] => crate::format::format_value(v, &Value::Default).and_then(Value::string_checked),
        [v, f] => crate::format::format_value(v, f).and_then(Value::string_checked),
        _ => Err(arity("new_string", 1, 2, args.len())),
    }
}

/// `Sensitive.new(value)`: wraps the value (a Sensitive value is not wrapped twice).
pub fn new_sensitive(args: &[Value]) -> Result<Value, Error> {
    match args {
        [v @ Value::Sensitive(_)] => Ok(v.clone()),
        [v] => Ok(Value::Sensitive(Rc::new(v.clone()))),
        _ => Err(arity("new_Sensitive", 1, 1, args.len())),
    }
}

/// The reference's Unit conversion (a `NotUndef` of no type): the one argument as it is.
pub fn new_unit(args: &[Value]) -> Result<Value, Error> {
    match args {
        [v] => Ok(v.clone()),
        _ => Err(arity("new_unit", 1, 1, args.len())),
    }
}

/// `Regexp.new(string | regexp)`.
pub fn new_regexp(args: &[Value]) -> Result<Value, Error> {
    match args {
        [v @ Value::Regexp(_)] => Ok(v.clone()),
        [Value::String(s)] => Regexp::new_described(s)
            .map(|r| Value::Regexp(Rc::new(r)))
            .map_err(Error::eval),
        // The reference names its Regexp conversion function 'new_float'.
        [other] => Err(Error::eval(format!(
            "'new_float' parameter 'pattern' expects a String value, got {}",
            types::short_name(&types::infer(other))
        ))),
        _ => Err(arity("new_float", 1, 2, args.len())),
    }
}

/// `Type.new(name)`: a type from its name.
pub fn new_type(args: &[Value]) -> Result<Value, Error> {
    match args {
        [v @ Value::Type(_)] => Ok(v.clone()),
        [Value::String(s)] => types::by_name(s).map(Value::typ).ok_or_else(|| {
            Error::eval(format!(
                "Type.new cannot create the type '{s}' from its string form yet"
            ))
        }),
        [other] => Err(Error::eval(format!(
            "'new_type' parameter 'type_string' expects a String value, got {}",
            // (as a mismatch names it: `Struct` for a hash with string keys)
            super::got_in_signatures(other, false)
        ))),
        _ => Err(arity("new_type", 1, 1, args.len())),
    }
}
