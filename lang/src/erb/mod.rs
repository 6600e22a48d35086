//! ERB templates (`template()`, `inline_template()`), rendered by prepl's own interpreter
//! of the Ruby subset that real templates use (no Ruby runtime):
//!
//! - `scan`: the template's text into text, code and output segments (trim mode `-`);
//! - `ruby`: the crate `prepl-ruby` (lexer, parser, AST, evaluator, values and core
//!   methods of the subset), which knows nothing of Puppet;
//! - `bridge`: Puppet values to Ruby values and back, as the reference maps them (Puppet
//!   values with no Ruby counterpart are the interpreter's host objects);
//! - `generated`: the Ruby code ERB generates for a template, quoted by syntax errors;
//! - `cache`: compiled templates by text, once per process.
//!
//! `compile` parses a template once (the result can be cached); `render` runs it against
//! a `Host` (the Ruby crate's interface; `functions/template.rs` implements it on the
//! evaluator) that gives the Puppet scope's variables and functions.

pub mod bridge;
pub mod bridge_yaml;
pub mod cache;
pub mod generated;
pub mod psych_emit;
pub mod scan;

pub use prepl_ruby as ruby;
pub use prepl_ruby::{line_col, Host, HostError, RubyError, SharedVars};

use ruby::ast::Node;
use ruby::token::{Tok, Token};

/// A parsed template.
#[derive(Debug)]
pub struct Template {
    body: Vec<Node>,
}

/// Parses a template's text.
pub fn compile(text: &str) -> Result<Template, RubyError> {
    compile_segments(text).map_err(|e| earlier_in_generated(text, e))
}

/// A lexical error of a template's code, or the syntax error Ruby's parser meets before it
/// in ERB's generated code, where Ruby lexes the template's code and text as one source:
/// `<%= '%>' %>`'s string runs on into the text after the tag, and the parser stops at its
/// `%>`'s `>` (`unexpected '>'`) before the lexer reaches the string left open in that text
/// (`ruby::parser::earlier_syntax_error`). Given as a template offset in copied code and
/// how far past it the error is in the generated code (`shift`).
fn earlier_in_generated(text: &str, e: RubyError) -> RubyError {
    if !matches!(&e, RubyError::Syntax { message, .. } if !message.starts_with("syntax error")) {
        return e;
    }
    let generated = generated::generate(text);
    let Err(RubyError::Syntax {
        message,
        at,
        end,
        quote,
        also,
        ..
    }) = ruby::parser::parse_source(&generated.src, 0)
    else {
        return e;
    };
    if !message.starts_with("syntax error") || at >= generated.src.len() {
        return e;
    }
    // (the last code copied from the template that starts before the error)
    let Some((tpl, gen, len)) = generated.copied_before(at) else {
        return e;
    };
    let anchor = tpl + len.min(at - gen);
    let shift = at - generated.offset(anchor);
    RubyError::Syntax {
        message,
        at: anchor,
        end: anchor + end.saturating_sub(at),
        quote,
        also,
        shift,
    }
}

fn compile_segments(text: &str) -> Result<Template, RubyError> {
    let segments = scan::scan(text);
    let mut toks: Vec<Token> = Vec::with_capacity(token_estimate(&segments));
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
                ruby::lexer::lex(&code, at, &mut toks)
                    .map_err(|e| unterminated_output(e, text, at))?;
                toks.push(token(Tok::OutEnd, at + code.len()));
            }
        }
    }
    let body = ruby::parser::parse(toks)?;
    Ok(Template { body })
}

/// About how many tokens the segments make (a token for each four bytes of code; a tag
/// adds two): the vector of tokens, grown from empty, was copied a dozen times.
fn token_estimate(segments: &[scan::Segment]) -> usize {
    let code: usize = segments
        .iter()
        .map(|seg| match seg {
            scan::Segment::Text(_) => 0,
            scan::Segment::Code { code, .. } | scan::Segment::Output { code, .. } => code.len(),
        })
        .sum();
    segments.len() * 2 + code / 4
}

/// A string left open in `<%= %>` runs, in ERB's generated code, to the end of the code
/// when no quote of its kind follows in the template: Ruby's parser then reports the string
/// and the `((` ERB opened, both at the end.
fn unterminated_output(e: RubyError, text: &str, code_at: usize) -> RubyError {
    match e {
        RubyError::Syntax { message, at, .. }
            if message == "unterminated string meets end of file"
                && text
                    .get(at..)
                    .and_then(|rest| rest.chars().next())
                    .is_some_and(|q| closes_nowhere(text, at, q))
                && at >= code_at =>
        {
            RubyError::Syntax {
                message,
                at: usize::MAX,
                end: usize::MAX,
                quote: true,
                also: Some("syntax error, unexpected end-of-input, expecting ')'".into()),
                shift: 0,
            }
        }
        other => other,
    }
}

/// Whether nothing after the quote at `at` closes it in ERB's code: no quote of its kind,
/// and for `"` no template text after the tag either (ERB writes text as `"..."`).
fn closes_nowhere(text: &str, at: usize, q: char) -> bool {
    // (The character at `at` may be any: only a quote, one byte, goes on.)
    let rest = &text[at + q.len_utf8()..];
    match q {
        '\'' => !rest.contains(q),
        '"' => !rest.contains(q) && rest.find("%>").is_some_and(|n| rest[n + 2..].is_empty()),
        _ => false,
    }
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
pub fn render(template: &Template, host: &mut dyn Host) -> Result<String, RubyError> {
    render_shared(template, host, Default::default())
}

/// Runs a compiled template whose Puppet variables' Ruby values are those of `shared`
/// (a nested render in the same Puppet scope shares its caller's).
pub fn render_shared(
    template: &Template,
    host: &mut dyn Host,
    shared: SharedVars,
) -> Result<String, RubyError> {
    let mut it = ruby::Interp::with_shared(host, shared);
    it.run(&template.body)?;
    Ok(it.take_output())
}

#[cfg(test)]
mod crash_tests;
#[cfg(test)]
mod defs_tests;
#[cfg(test)]
mod tests;
