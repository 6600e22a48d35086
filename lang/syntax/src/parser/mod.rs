//! The parser: tokens to AST, by recursive descent with precedence climbing for operators.
//!
//! Structure follows the reference grammar: a statement is an assignment (right
//! associative), whose operands are relationships (`->` ...), whose operands are resource
//! expressions (`name { ... }`, `@`, `@@`), whose operands are expressions proper (the
//! operators from `or` up to `[]`, `.` and calls). Statements separated by commas are
//! argument lists of statement calls (`notice 1, 2`).

mod blocks;
mod defs;
mod expr;
mod resource;
#[cfg(test)]
mod sexpr;
#[cfg(test)]
mod tests;

use super::ast::{CallSite, CallStyle, Expr, ExprKind, Program, Span};
use super::lexer::{self, Keyword, Punct, Tok, Token};
use super::Warning;
use crate::error::{Error, ErrorKind};

/// A syntax error on its way out of the parser: boxed, so that every result that moves up
/// the levels of the descent (assignment, relationship, resource, operators, primary) is
/// the size of an expression, not of an `Error` beside it.
pub(crate) struct Failed(Box<Error>);

impl From<Error> for Failed {
    #[cold]
    fn from(e: Error) -> Failed {
        Failed(Box::new(e))
    }
}

type PResult<T> = Result<T, Failed>;

/// Parses a whole program (no validation).
pub fn parse_program(source: &str) -> Result<Program, Error> {
    parse_program_with_warnings(source).map(|(program, _)| program)
}

/// Parses a whole program, also returning the lexer's warnings (unknown escapes), which the
/// reference logs before evaluating.
pub fn parse_program_with_warnings(source: &str) -> Result<(Program, Vec<Warning>), Error> {
    let lexed = lexer::lex(source);
    let mut p = Parser {
        src: source,
        toks: lexed.tokens,
        lex_error: lexed.error,
        pos: 0,
        depth: 0,
        retired_operators: Vec::new(),
        assign_ops: Vec::new(),
    };
    let body = p.statements().map_err(|e| *e.0)?;
    if !p.at_eof() || p.lex_error.is_some() {
        return Err(*p.unexpected().0);
    }
    p.forget_consumed_tokens();
    p.assign_ops.sort_unstable();
    p.assign_ops.dedup();
    let mut literal_errors = lexed.literal_errors;
    if !p.retired_operators.is_empty() {
        literal_errors.append(&mut p.retired_operators);
        literal_errors.sort_by_key(|e| e.span.map(|s| s.start));
    }
    Ok((
        Program {
            body,
            literal_errors,
            assign_ops: p.assign_ops,
        },
        lexed.warnings,
    ))
}

/// Whether dropping the token frees nothing (no name or text in it).
#[inline]
fn owns_nothing(t: &Tok) -> bool {
    matches!(
        t,
        Tok::Punct(_) | Tok::Keyword(_) | Tok::Integer(_) | Tok::Float(_) | Tok::Other | Tok::Eof
    )
}

/// Names that may be called without parentheses (`notice 1, 2`).
const STATEMENT_CALLS: &[&str] = &[
    "require", "realize", "include", "contain", "tag", "debug", "info", "notice", "warning", "err",
    "fail", "import", "break", "next", "return",
];

pub(crate) struct Parser<'s> {
    src: &'s str,
    toks: Vec<Token>,
    pos: usize,
    /// Nesting levels entered (see [`Parser::nested`]).
    depth: usize,
    /// A lexical error where the tokens end, reported when parsing reaches it.
    lex_error: Option<Error>,
    /// `+=` and `-=` met (each parsed as `=`): validation errors, given to the program's
    /// `literal_errors` (validation tells them by their span between an assignment's sides).
    retired_operators: Vec<Error>,
    /// Where each assignment's operator starts (the program's `assign_ops`).
    assign_ops: Vec<u32>,
}

/// A statement as written: one expression, or a comma separated list (span of first comma).
enum Statement {
    One(Expr),
    List(Vec<Expr>, Span),
}

impl<'s> Parser<'s> {
    // ---- token access

    fn tok(&self) -> &Tok {
        &self.toks[self.pos].tok
    }
    fn token(&self) -> &Token {
        &self.toks[self.pos]
    }
    fn peek_tok(&self, n: usize) -> &Tok {
        let i = (self.pos + n).min(self.toks.len() - 1);
        &self.toks[i].tok
    }
    fn at(&self, p: Punct) -> bool {
        matches!(self.tok(), Tok::Punct(q) if *q == p)
    }
    fn at_kw(&self, k: Keyword) -> bool {
        matches!(self.tok(), Tok::Keyword(q) if *q == k)
    }
    fn at_eof(&self) -> bool {
        matches!(self.tok(), Tok::Eof)
    }
    fn start(&self) -> u32 {
        self.token().span.start
    }
    /// End of the last consumed token.
    fn prev_end(&self) -> u32 {
        if self.pos == 0 {
            0
        } else {
            self.toks[self.pos - 1].span.end
        }
    }
    fn span_from(&self, start: u32) -> Span {
        Span {
            start,
            end: self.prev_end().max(start),
        }
    }
    /// Consumes the current token, moving it out (consumed tokens are never looked at
    /// again, except for their spans).
    fn advance(&mut self) -> Token {
        let current = &mut self.toks[self.pos];
        let t = Token {
            tok: std::mem::replace(&mut current.tok, Tok::Eof),
            span: current.span,
            ws_before: current.ws_before,
        };
        if self.pos < self.toks.len() - 1 {
            self.pos += 1;
        } else {
            self.toks[self.pos].tok = Tok::Eof;
        }
        t
    }
    /// Consumes the current token, dropping what it holds (a name, a string) now; a token
    /// that owns nothing (punctuation, a keyword, a number) is left in place.
    fn skip(&mut self) {
        let current = &mut self.toks[self.pos].tok;
        if !owns_nothing(current) {
            *current = Tok::Eof;
        }
        if self.pos < self.toks.len() - 1 {
            self.pos += 1;
        }
    }
    /// Empties the token vector without walking it, once every token is consumed: each
    /// was moved out by [`advance`](Self::advance) (leaving `Eof`) or owned nothing when
    /// [`skip`](Self::skip) passed it, so there is nothing to drop (the walk cost about 12
    /// instructions a token).
    fn forget_consumed_tokens(&mut self) {
        debug_assert!(self.pos == self.toks.len() - 1);
        debug_assert!(self.toks.iter().all(|t| owns_nothing(&t.tok)));
        // SAFETY: a length of 0 is within the capacity and leaves no element to be
        // initialised; the elements given up own nothing (see above), and would only be
        // leaked, never read, if they did.
        unsafe { self.toks.set_len(0) };
    }
    fn eat(&mut self, p: Punct) -> bool {
        if self.at(p) {
            self.skip();
            true
        } else {
            false
        }
    }
    fn expect(&mut self, p: Punct) -> PResult<Token> {
        if self.at(p) {
            let t = self.token();
            let t = Token {
                tok: Tok::Punct(p),
                span: t.span,
                ws_before: t.ws_before,
            };
            self.skip();
            Ok(t)
        } else {
            Err(self.unexpected())
        }
    }
    /// `Syntax error at '...'` for the current token; at end of input the error is
    /// `Incomplete` (more input could complete the program).
    #[cold]
    fn unexpected(&self) -> Failed {
        let t = self.token();
        if let (Tok::Eof, Some(e)) = (&t.tok, &self.lex_error) {
            return e.clone().into();
        }
        Failed::from(match t.tok {
            Tok::Eof => Error::incomplete("Syntax error at end of input", t.span),
            Tok::Integer(_) | Tok::Float(_) => {
                let text = &self.src[t.span.start as usize..t.span.end as usize];
                Error::syntax(format!("Syntax error at '{text}'"), t.span)
            }
            _ => Error::syntax(format!("Syntax error at '{}'", t.display()), t.span),
        })
    }

    #[cold]
    fn error_at(&self, message: impl Into<String>, span: Span) -> Failed {
        Error::syntax(message, span).into()
    }

    /// Runs `f` one nesting level deeper (on more stack if needed), failing past
    /// [`MAX_NESTING`](crate::limits::MAX_NESTING) levels. A level is a bracket, brace or
    /// parenthesis, a keyword expression (`if`, `case`, definitions), a lambda, a unary
    /// operator, an interpolation, the right side of `=`; every recursion of the parser
    /// passes through one, except the few levels of operator precedence. Chains of
    /// left-associative operators are loops: they never nest.
    fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        if self.depth >= crate::limits::MAX_NESTING {
            return Err(Failed::from(
                Error::new(
                    ErrorKind::Limit,
                    format!(
                        "Expression nesting is too deep (more than {} levels)",
                        crate::limits::MAX_NESTING
                    ),
                )
                .at(self.token().span),
            ));
        }
        self.depth += 1;
        let r = crate::limits::deep(|| f(self));
        self.depth -= 1;
        r
    }

    // ---- statements

    /// Statements up to (not including) `}` or the end of input.
    fn statements(&mut self) -> PResult<Vec<Expr>> {
        let mut items = Vec::new();
        let mut after_semicolon = false;
        while !self.at(Punct::RBrace) && !self.at_eof() {
            let start = self.start();
            match self.syntactic_statement() {
                Ok(item) => items.push(item),
                Err(e) => return Err(self.pending_comma_error(items, e, start, after_semicolon)),
            }
            after_semicolon = self.eat(Punct::Semic);
            if after_semicolon && (self.at(Punct::RBrace) || self.at_eof()) {
                let e = self.unexpected();
                // The reference rejects a program ending with `;`. More input could complete
                // it, but at top level the REPL is better served by the error at once.
                if self.depth == 0 && e.0.kind == ErrorKind::Incomplete && self.lex_error.is_none()
                {
                    return Err(Error::syntax(e.0.message, self.token().span).into());
                }
                return Err(e);
            }
        }
        // The reference lexes on demand: a lexical error where the tokens end comes before
        // the statements around it are reduced (and a comma list among them is rejected).
        if self.at_eof() && self.lex_error.is_some() {
            return Err(self.unexpected());
        }
        self.transform_calls(items)
    }

    /// The error to report when a statement starting at `start` failed with `e`: the
    /// reference's parser (LALR, with default reductions) reduces the statements before it
    /// finds that a token cannot start another one, so a comma list among them
    /// (`$x = 1, 2 ]`) is rejected first. Not after a `;`, which expects a statement, and
    /// not when the statement got past its first token.
    #[cold]
    fn pending_comma_error(
        &self,
        items: Vec<Statement>,
        e: Failed,
        start: u32,
        after_semicolon: bool,
    ) -> Failed {
        let at_start = e.0.kind == ErrorKind::Syntax && e.0.span.is_some_and(|s| s.start == start);
        if at_start && !after_semicolon && items.iter().any(|i| matches!(i, Statement::List(..))) {
            if let Err(comma) = self.transform_calls(items) {
                return comma;
            }
        }
        e
    }

    /// `{ statements }`
    fn block(&mut self) -> PResult<Vec<Expr>> {
        self.expect(Punct::LBrace)?;
        let body = self.statements()?;
        self.expect(Punct::RBrace)?;
        Ok(body)
    }

    fn syntactic_statement(&mut self) -> PResult<Statement> {
        let first = self.assignment()?;
        if !self.at(Punct::Comma) {
            return Ok(Statement::One(first));
        }
        let comma = self.token().span;
        let mut list = vec![first];
        while self.eat(Punct::Comma) {
            list.push(self.assignment()?);
        }
        Ok(Statement::List(list, comma))
    }

    /// Turns `name args` sequences into statement calls for the names that allow it.
    fn transform_calls(&self, items: Vec<Statement>) -> PResult<Vec<Expr>> {
        let mut out: Vec<Expr> = Vec::with_capacity(items.len());
        for item in items {
            let callable = match out.last() {
                Some(Expr {
                    kind: ExprKind::QualifiedName(n),
                    ..
                }) => STATEMENT_CALLS.contains(&&**n),
                _ => false,
            };
            if callable {
                let Some((name, span)) = out.pop().and_then(|e| match &e.kind {
                    ExprKind::QualifiedName(n) => Some((n.clone(), e.span)),
                    _ => None,
                }) else {
                    unreachable!("checked above")
                };
                let args = match item {
                    Statement::One(e) => vec![e],
                    Statement::List(list, _) => list,
                };
                let end = args.last().map(|a| a.span.end).unwrap_or(span.end);
                let call_span = Span {
                    start: span.start,
                    end,
                };
                out.push(Expr::new(
                    ExprKind::Call {
                        name,
                        args: args.into(),
                        block: None,
                        style: CallStyle::Statement,
                        site: CallSite::default(),
                    },
                    call_span,
                ));
                continue;
            }
            match item {
                Statement::One(e) => out.push(e),
                Statement::List(_, comma) => {
                    return Err(match out.last() {
                        Some(Expr { kind: ExprKind::QualifiedName(n), .. }) => self.error_at(
                            format!(
                                "attempt to pass argument list to the function '{n}' which cannot be called without parentheses"
                            ),
                            comma,
                        ),
                        _ => self.error_at("illegal comma separated argument list", comma),
                    })
                }
            }
        }
        Ok(out)
    }

    /// `lhs = rhs` (right associative); `+=` and `-=` are rejected.
    fn assignment(&mut self) -> PResult<Expr> {
        {
            let p = self;
            let start = p.start();
            let lhs = p.relationship()?;
            match p.tok() {
                Tok::Punct(Punct::Equals) => {
                    p.assign_ops.push(p.token().span.start);
                    p.skip();
                    let rhs = p.nested(|p| p.assignment())?;
                    Ok(Expr::new(
                        ExprKind::Assign(Box::new(lhs), Box::new(rhs)),
                        p.span_from(start),
                    ))
                }
                // (parsed as an assignment, rejected by validation as the reference's
                // checker does: a syntax error later in the program is reported first)
                Tok::Punct(op @ (Punct::Appends | Punct::Deletes)) => {
                    let op = op.as_str();
                    let span = p.token().span;
                    p.assign_ops.push(span.start);
                    p.retired_operators.push(Error::validation(
                        format!("The operator '{op}' is no longer supported. See http://links.puppet.com/remove-plus-equals"),
                        span,
                    ));
                    p.skip();
                    let rhs = p.nested(|p| p.assignment())?;
                    Ok(Expr::new(
                        ExprKind::Assign(Box::new(lhs), Box::new(rhs)),
                        p.span_from(start),
                    ))
                }
                _ => Ok(lhs),
            }
        }
    }
}
