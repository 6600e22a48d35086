//! Types in the reference's program form: `Hash[String, Integer, 1, 10]`.
use super::PType;
use std::fmt;

impl fmt::Display for PType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}
