//! The built-in type names (`Integer`, `Hash`, ...) and their unparameterized types.
use super::{IntRange, PType};

/// The type a capitalized name denotes, if it is a built-in type name.
pub fn by_name(name: &str) -> Option<PType> {
    Some(match name {
        "Any" => PType::Any,
        "Integer" => PType::Integer(IntRange::ANY),
        "String" => PType::String {
            size: IntRange::SIZE,
            value: None,
        },
        "Undef" => PType::Undef,
        _ => return None,
    })
}

/// The resource type a capitalized name denotes (`File` → `Resource[File]`).
pub fn resource_type(name: &str) -> PType {
    PType::Resource {
        type_name: Some(name.into()),
        title: None,
    }
}
