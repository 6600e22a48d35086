//! prepl's bottom layer: Puppet source text to an AST with spans, and what every layer above
//! shares (errors, limits, names). It depends on no other prepl crate.
//!
//! - [`parse`] / [`parse_with_warnings`]: parse and validate a program (errors are worded as
//!   the reference words them, with a byte span; `ErrorKind::Incomplete` when more input
//!   could complete the program, `Syntax` otherwise, `Validation` for what the reference's
//!   checker rejects, `Limit` for input nested too deeply).
//! - [`completeness`]: whether the REPL should evaluate, wait for more lines, or report.
//! - [`lexer::tokenize`] / [`lexer::lex`]: the token stream; [`parser::parse_program`]
//!   without validation; [`validate::validate`] alone; [`epp`]: EPP templates to a program.
//! - [`span`]: byte spans; [`error`]: `Error` (kind, message, span, source) and its
//!   rendering with a caret; [`limits`]: the memory limit, the interrupt flag and deep
//!   recursion on a growing stack; [`names`]: `::`-qualified names scanned by bytes.
//!
//! The language crate (`prepl-lang`) re-exports this crate as `prepl::syntax` and its
//! `error`, `limits` and `names` modules under their own names.

pub mod error;
pub mod glob;
pub mod highlight;
pub mod json_syntax;
pub mod limits;
pub mod names;
pub mod numbers;
pub mod ruby_regexp;
pub mod span;
pub mod thread_cache;
pub mod vocabulary;

pub mod ast;
pub mod epp;
pub mod frozen;
pub mod lexer;
pub mod parser;
pub mod validate;

use crate::error::{Error, ErrorKind};
use ast::{Program, Span};

/// Parses and validates one program.
/// Every `.pp` file under `dir`, at any depth, sorted (unreadable directories are skipped):
/// what the tests and tools that parse whole module trees read.
pub fn manifests_under(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    fn collect(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                collect(&path, out);
            } else if path.extension().is_some_and(|e| e == "pp") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    collect(dir, &mut files);
    files.sort();
    files
}

pub fn parse(source: &str) -> Result<Program, Error> {
    let program = parser::parse_program(source)?;
    validate::validate(&program)?;
    Ok(program)
}

/// A warning found while reading a program (the reference logs these as `warning: ...`
/// before evaluation), e.g. `Unrecognized escape sequence '\q'`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    pub message: String,
    pub span: Span,
}

/// Like [`parse`], also returning the warnings.
pub fn parse_with_warnings(source: &str) -> Result<(Program, Vec<Warning>), Error> {
    let (program, warnings) = parser::parse_program_with_warnings(source)?;
    validate::validate(&program)?;
    Ok((program, warnings))
}

/// Like [`parse_with_warnings`], with the warnings also when the program fails validation
/// (the reference logs them before the validation errors) or does not parse (those of the
/// text before the error: the reference lexes as it parses).
pub fn parse_keeping_warnings(source: &str) -> (Result<Program, Error>, Vec<Warning>) {
    match parser::parse_program_with_warnings(source) {
        Ok((program, warnings)) => match validate::validate(&program) {
            Ok(()) => (Ok(program), warnings),
            Err(e) => (Err(e), warnings),
        },
        Err(e) => {
            let at = e.span.map_or(u32::MAX, |s| s.start);
            let mut warnings = lexer::lex(source).warnings;
            warnings.retain(|w| w.span.start < at);
            (Err(e), warnings)
        }
    }
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
