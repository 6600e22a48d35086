//! Instance-of: whether a value is an instance of a type (`=~`, `case`, parameter checks).
use super::PType;
use crate::values::Value;

pub fn is_instance(t: &PType, v: &Value) -> bool {
    match t {
        PType::Any => true,
        PType::Integer(r) => matches!(v, Value::Integer(i) if r.contains(*i)),
        PType::String { .. } => matches!(v, Value::String(_)),
        PType::Undef => v.is_undef(),
        _ => false,
    }
}
