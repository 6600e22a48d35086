//! Validation of a parsed program: what the reference rejects before evaluation.
use super::ast::Program;
use crate::error::Error;

pub fn validate(_program: &Program) -> Result<(), Error> {
    Ok(())
}
