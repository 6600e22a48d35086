//! The parser: tokens to AST.
use super::ast::Program;
use crate::error::Error;

pub fn parse_program(_source: &str) -> Result<Program, Error> {
    Err(Error::new(
        crate::error::ErrorKind::Syntax,
        "parser not written yet",
    ))
}
