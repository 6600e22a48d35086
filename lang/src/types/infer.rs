//! Inference: the type of a value (`type(v)`, `type(v, 'reduced')`, `type(v, 'generalized')`).
use super::PType;
use crate::values::Value;

/// The detailed type: `Integer[1, 1]`, `Tuple[Integer[1, 1], String]`, ...
pub fn infer(v: &Value) -> PType {
    infer_reduced(v)
}

/// `type(v, 'reduced')`: collections as Array/Hash of the common type.
pub fn infer_reduced(v: &Value) -> PType {
    match v {
        Value::Undef => PType::Undef,
        Value::Integer(i) => PType::Integer(super::IntRange::new(*i, *i)),
        _ => PType::Any,
    }
}

/// `type(v, 'generalized')`: no ranges or sizes.
pub fn infer_generalized(v: &Value) -> PType {
    infer_reduced(v)
}
