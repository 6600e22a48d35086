//! Source text to AST: lexer and parser (winnow), then validation.

pub mod ast;
pub mod lexer;
pub mod parser;
pub mod validate;

use crate::error::{Error, ErrorKind};
use ast::Program;

/// Parses and validates one program.
pub fn parse(source: &str) -> Result<Program, Error> {
    let program = parser::parse_program(source)?;
    validate::validate(&program)?;
    Ok(program)
}

/// Whether an input is ready to evaluate (for the REPL and the kernel's `is_complete`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Completeness {
    Complete,
    /// More lines could make it valid (an open bracket, string, heredoc, `if` without body).
    Incomplete,
    Invalid,
}

pub fn completeness(source: &str) -> Completeness {
    match parse(source) {
        Ok(_) => Completeness::Complete,
        Err(e) if e.kind == ErrorKind::Incomplete => Completeness::Incomplete,
        Err(_) => Completeness::Invalid,
    }
}
