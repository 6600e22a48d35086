//! The Ruby subset: lexer, parser (to an AST with offsets), evaluator and values.

pub mod ast;
pub mod eval;
pub mod lexer;
pub mod parser;
pub mod show;
pub mod token;
pub mod value;
