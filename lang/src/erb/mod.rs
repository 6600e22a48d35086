//! ERB templates (`template()`, `inline_template()`), rendered by prepl's own interpreter
//! of the Ruby subset that real templates use (no Ruby runtime):
//!
//! - `scan`: the template's text into text, code and output segments (trim mode `-`);
//! - `ruby`: lexer, parser, AST, evaluator and values of the subset;
//! - `methods`: the core methods, by receiver class;
//! - `bridge`: Puppet values to Ruby values and back, as the reference maps them.
//!
//! `compile` parses a template once (the result can be cached); `render` runs it against
//! a `Host` that gives the Puppet scope's variables and functions.

pub mod bridge;
pub mod error;
pub mod generated;
pub mod methods;
pub mod ruby;
pub mod scan;

pub use error::{line_col, ErbError};
pub use ruby::eval::Host;

use ruby::ast::Node;
use ruby::token::{Tok, Token};

/// A parsed template.
#[derive(Debug)]
pub struct Template {
    body: Vec<Node>,
}

/// Parses a template's text.
pub fn compile(text: &str) -> Result<Template, ErbError> {
    let segments = scan::scan(text).map_err(|scan::Unclosed(at)| {
        ErbError::syntax(
            "syntax error, unexpected end-of-input (an ERB tag is not closed with %>)",
            at,
        )
    })?;
    let mut toks: Vec<Token> = Vec::new();
    let end = text.len();
    for seg in segments {
        match seg {
            scan::Segment::Text(t) => toks.push(token(Tok::Text(t), end)),
            scan::Segment::Code { code, at } => {
                ruby::lexer::lex(&code, at, &mut toks)?;
                toks.push(token(Tok::Newline, at + code.len()));
            }
            scan::Segment::Output { code, at } => {
                toks.push(token(Tok::OutStart, at));
                ruby::lexer::lex(&code, at, &mut toks)?;
                toks.push(token(Tok::OutEnd, at + code.len()));
            }
        }
    }
    let body = ruby::parser::parse(toks)?;
    Ok(Template { body })
}

fn token(tok: Tok, at: usize) -> Token {
    Token {
        tok,
        at,
        end: at,
        spaced: true,
    }
}

/// Runs a compiled template; the text it produces.
pub fn render(template: &Template, host: &mut dyn Host) -> Result<String, ErbError> {
    let mut it = ruby::eval::Interp::new(host);
    it.run(&template.body)?;
    Ok(it.out)
}

#[cfg(test)]
mod tests;
