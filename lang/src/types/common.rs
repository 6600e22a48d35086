//! The common type of two types (the spec's `∪` tables), used by inference of collections.
use super::PType;

pub fn common_type(a: &PType, b: &PType) -> PType {
    if a == b {
        a.clone()
    } else {
        PType::Any
    }
}
