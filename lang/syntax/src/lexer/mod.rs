//! The lexer: source text to tokens, using winnow recognizers (see `scan`).
//!
//! Context the parser needs is decided here, as in the reference: `[` after whitespace is
//! `ListStart` (literal array) and otherwise `LBrack` (access); `(` first on a line is
//! `WsLParen` (never a call); `{` right after `?` is `SelBrace`; `/` is a regex only where an
//! operand is expected. Double quoted strings are split into `DqPre`/`DqMid`/`DqPost` text
//! tokens around the tokens of their interpolated expressions.

mod heredoc;
pub(crate) mod intern;
pub(crate) mod scan;
mod strings;
pub mod token;

pub use token::{Keyword, Punct, Tok, Token};

use crate::ast::Span;
use crate::error::{Error, ErrorKind};
use crate::names::is_word_byte;
use crate::Warning;
use std::rc::Rc;

/// How deeply strings may nest inside interpolations (as deeply as expressions).
const MAX_STRING_NESTING: usize = crate::limits::MAX_NESTING;

/// How deeply heredocs may nest in the text of one another (`${@(B)...}` in a heredoc; the
/// reference allows none). Each level lexes a copy of the text around it, so the cost
/// grows with the square of the depth.
const MAX_HEREDOC_NESTING: usize = 100;

/// Splits a whole program into tokens; the last token is `Tok::Eof`.
pub fn tokenize(source: &str) -> Result<Vec<Token>, Error> {
    let mut lexed = lex(source);
    if lexed.error.is_none() && !lexed.literal_errors.is_empty() {
        lexed.error = Some(lexed.literal_errors.remove(0));
    }
    match lexed.error {
        Some(e) => Err(e),
        None => Ok(lexed.tokens),
    }
}

/// The result of lexing a whole program.
#[derive(Debug)]
pub struct Lexed {
    /// The tokens, ending with `Tok::Eof` (at the error, if there is one).
    pub tokens: Vec<Token>,
    /// A lexical error where the tokens end. The parser reports it only when it gets that
    /// far, as the reference (which lexes on demand) does.
    pub error: Option<Error>,
    /// Warnings (unknown escapes in strings), in source order.
    pub warnings: Vec<Warning>,
    /// Validation errors found while lexing (integer literals out of range), in source
    /// order; their tokens hold 0.
    pub literal_errors: Vec<Error>,
}

/// Lexes a whole program, keeping the tokens before a lexical error.
pub fn lex(source: &str) -> Lexed {
    let mut lexer = Lexer::new(source, 0, 0);
    let error = lexer.lex_tokens(false).err();
    let end = match &error {
        Some(e) => e.span.map(|s| s.start as usize).unwrap_or(source.len()),
        None => source.len(),
    };
    lexer.tokens.push(Token {
        tok: Tok::Eof,
        span: Span::new(end, end),
        ws_before: true,
    });
    Lexed {
        tokens: lexer.tokens,
        error,
        warnings: lexer.warnings,
        literal_errors: lexer.literal_errors,
    }
}

/// What the lexer remembers of the last token.
#[derive(Debug, Clone, Copy)]
pub(crate) struct After {
    /// A `/` here starts a regex (an operand is expected).
    regex_ok: bool,
    /// The last token was `?` (so `{` is a selector brace).
    qmark: bool,
}

impl Default for After {
    fn default() -> After {
        After {
            regex_ok: true,
            qmark: false,
        }
    }
}

impl After {
    fn of(tok: &Tok) -> After {
        let regex_ok = match tok {
            Tok::Punct(p) => !matches!(
                p,
                Punct::RParen | Punct::RBrack | Punct::RRCollect | Punct::RCollect
            ),
            Tok::Keyword(k) => !matches!(k, Keyword::True | Keyword::False),
            // After `"...${` an operand is expected.
            Tok::Other | Tok::Eof | Tok::DqPre(_) | Tok::DqMid(_) => true,
            _ => false,
        };
        After {
            regex_ok,
            qmark: matches!(tok, Tok::Punct(Punct::QMark)),
        }
    }
}

pub(crate) struct Lexer<'a> {
    src: &'a str,
    /// Added to every offset (sub-lexers of heredoc bodies).
    base: usize,
    pos: usize,
    pub(crate) tokens: Vec<Token>,
    /// Nothing but blanks since the start of the current line (for `WsLParen`).
    line_clean: bool,
    /// Where to continue after the next newline (past heredoc bodies).
    newline_jump: Option<usize>,
    /// Nesting of strings within interpolations.
    depth: usize,
    /// Nesting of heredocs within the text of heredocs.
    heredocs: usize,
    /// Kind of the last token (for regex and selector-brace decisions).
    after: After,
    /// Where the text of the last string lexed starts and its closing quote is (the
    /// reference's unclosed string errors quote what its scanner matched last).
    last_text: (usize, usize),
    pub(crate) warnings: Vec<Warning>,
    /// Errors the reference finds in validation (an integer literal out of range), found
    /// while lexing: validation reports them with its own (`syntax::validate`).
    pub(crate) literal_errors: Vec<Error>,
}

fn is_ws_byte(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n')
}

impl<'a> Lexer<'a> {
    pub(crate) fn new(src: &'a str, base: usize, depth: usize) -> Lexer<'a> {
        Lexer {
            src,
            base,
            pos: 0,
            // Real manifests have about one token for every 6 to 10 bytes (comments
            // included): growing the vector from empty copied it a dozen times.
            tokens: Vec::with_capacity(src.len() / 6),
            line_clean: true,
            newline_jump: None,
            depth,
            heredocs: 0,
            after: After::default(),
            last_text: (0, 0),
            warnings: Vec::new(),
            literal_errors: Vec::new(),
        }
    }

    /// `text` as a shared string, the same one each time (see `intern`).
    #[inline]
    pub(crate) fn shared(&mut self, text: &'a str) -> Rc<str> {
        intern::intern(text)
    }

    fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.base + start, self.base + end)
    }

    fn rest(&self) -> &'a str {
        &self.src[self.pos..]
    }

    fn syntax_error(&self, message: impl Into<String>, start: usize) -> Error {
        Error::syntax(message, self.span(start, (start + 1).min(self.src.len())))
    }

    fn incomplete(&self, message: impl Into<String>, start: usize) -> Error {
        Error::incomplete(message, self.span(start, self.src.len()))
    }

    fn warn(&mut self, message: impl Into<String>, at: usize) {
        self.warnings.push(Warning {
            message: message.into(),
            span: self.span(at, at + 2),
        });
    }

    // Always inlined (the compiler would not): called for every token, from places that
    // each know their kind of token, so that `After::of` folds away; out of line it took
    // about 70 instructions a token, with the move of the token through memory.
    #[inline(always)]
    fn push(&mut self, tok: Tok, start: usize, end: usize) {
        let ws_before = if start == 0 {
            self.base == 0 || self.tokens.is_empty()
        } else {
            is_ws_byte(self.src.as_bytes()[start - 1])
        };
        self.after = After::of(&tok);
        self.line_clean = false;
        self.tokens.push(Token {
            tok,
            span: self.span(start, end),
            ws_before,
        });
        self.pos = end;
    }

    // (always inlined, as `push`: the compiler left it out of line once `lex_tokens` grew)
    #[inline(always)]
    fn push_punct(&mut self, p: Punct, start: usize) {
        self.push(Tok::Punct(p), start, start + p.as_str().len());
    }

    /// Lexes tokens until the end of input, or (in an interpolation) until the `}` that
    /// closes it, which is consumed but not emitted. Returns whether that `}` was found.
    pub(crate) fn lex_tokens(&mut self, in_interpolation: bool) -> Result<bool, Error> {
        let mut braces = 0usize;
        loop {
            let Some(&b) = self.src.as_bytes().get(self.pos) else {
                return Ok(false);
            };
            let start = self.pos;
            match b {
                b' ' | b'\t' | b'\r' => self.pos = scan::blanks_end(self.src.as_bytes(), start + 1),
                b'\n' => {
                    self.pos = self.newline_jump.take().unwrap_or(self.pos + 1);
                    self.line_clean = true;
                }
                b'#' => {
                    let mut rest = self.rest();
                    let _ = scan::line_comment(&mut rest);
                    self.pos = self.src.len() - rest.len();
                    self.line_clean = false;
                }
                b'/' => self.lex_slash(start)?,
                b'"' => self.lex_dq_string(start)?,
                b'\'' => self.lex_sq_string(start)?,
                b'$' => {
                    let mut rest = &self.src[start + 1..];
                    let name = scan::variable_name(&mut rest).unwrap_or("");
                    let name = self.shared(name);
                    let end = start + 1 + name.len();
                    self.push(Tok::Variable(name), start, end);
                }
                b'@' => {
                    if self.src[start..].starts_with("@(") {
                        self.whole(|lexer| lexer.lex_heredoc(start))?;
                    } else if self.src[start..].starts_with("@@") {
                        self.push_punct(Punct::AtAt, start);
                    } else {
                        self.push_punct(Punct::At, start);
                    }
                }
                b'0'..=b'9' => self.lex_number(start)?,
                b'a'..=b'z' | b'_' => self.lex_bare_word(start)?,
                b'A'..=b'Z' => self.lex_class_ref(start, false)?,
                b':' => self.lex_colon(start)?,
                b'[' => {
                    let p = if start == 0 && self.base == 0
                        || start > 0 && is_ws_byte(self.src.as_bytes()[start - 1])
                    {
                        Punct::ListStart
                    } else {
                        Punct::LBrack
                    };
                    self.push_punct(p, start);
                }
                b'(' => {
                    let p = if self.line_clean {
                        Punct::WsLParen
                    } else {
                        Punct::LParen
                    };
                    self.push_punct(p, start);
                }
                b'{' => {
                    braces += 1;
                    let p = if self.after.qmark {
                        Punct::SelBrace
                    } else {
                        Punct::LBrace
                    };
                    self.push_punct(p, start);
                }
                b'}' => {
                    if in_interpolation && braces == 0 {
                        self.pos += 1;
                        return Ok(true);
                    }
                    braces = braces.saturating_sub(1);
                    self.push_punct(Punct::RBrace, start);
                }
                _ => {
                    let mut rest = self.rest();
                    match scan::punct(&mut rest) {
                        Ok(p) => self.push_punct(p, start),
                        Err(_) => {
                            let len = self.rest().chars().next().map(char::len_utf8).unwrap_or(1);
                            self.push(Tok::Other, start, start + len);
                        }
                    }
                }
            }
        }
    }

    fn regex_acceptable(&self) -> bool {
        self.after.regex_ok
    }

    fn lex_slash(&mut self, start: usize) -> Result<(), Error> {
        let rest = self.rest();
        if rest.starts_with("/*") {
            let mut r = rest;
            if scan::block_comment(&mut r).is_err() {
                return Err(self.incomplete("Unclosed multiline comment", start));
            }
            self.pos = self.src.len() - r.len();
            self.line_clean = false;
            return Ok(());
        }
        if self.regex_acceptable() {
            // `/[^/]*/`, continuing past escaped slashes
            let bytes = rest.as_bytes();
            let mut end = 1;
            loop {
                match bytes[end..].iter().position(|&c| c == b'/') {
                    None => break,
                    Some(i) => {
                        let close = end + i;
                        let backslashes = bytes[1..close]
                            .iter()
                            .rev()
                            .take_while(|&&c| c == b'\\')
                            .count();
                        if backslashes % 2 == 1 {
                            end = close + 1;
                            continue;
                        }
                        let pattern = rest[1..close].replace("\\/", "/");
                        // A pattern Ruby cannot compile is an error where the reference's
                        // lexer meets it (a file with one in code never run fails to load).
                        if let Some(message) = crate::ruby_regexp::ruby_syntax_error(&pattern) {
                            let description = crate::ruby_regexp::ruby_description(&pattern);
                            return Err(Error::bad_regexp(
                                format!("{message}: {description}"),
                                Span::new(start, start + close + 1),
                            ));
                        }
                        self.push(Tok::Regex(Rc::from(pattern)), start, start + close + 1);
                        return Ok(());
                    }
                }
            }
        }
        self.push_punct(Punct::Div, start);
        Ok(())
    }

    fn lex_number(&mut self, start: usize) -> Result<(), Error> {
        if let Some((tok, end)) = self.plain_number(start) {
            self.push(tok, start, end);
            return Ok(());
        }
        let mut rest = self.rest();
        match scan::number(&mut rest) {
            Ok(text) => {
                self.assert_numeric(text, start)?;
                let tok = self.number_value(text, start)?;
                self.push(tok, start, start + text.len());
                Ok(())
            }
            Err(_) => {
                let mut r = self.rest();
                let run = scan::word_run(&mut r).unwrap_or("");
                let end = start + run.len();
                // `1.5e+3`: the bad number is `1.5e`, not the `5e` after the dot
                let bytes = self.src.as_bytes();
                let mut from = start;
                if start > 1 && bytes[start - 1] == b'.' {
                    let mut i = start - 1;
                    while i > 0 && bytes[i - 1].is_ascii_digit() {
                        i -= 1;
                    }
                    if i < start - 1 {
                        from = i;
                    }
                }
                let invalid = &self.src[from..end];
                self.assert_numeric(invalid, from)?;
                Err(self.syntax_error(format!("Illegal number '{invalid}'"), start))
            }
        }
    }

    /// The most common numbers, read by bytes: decimal digits not starting with `0` (or
    /// `0` alone), perhaps with a fraction (`8080`, `97.5`), ending at a word boundary,
    /// that are no error. Anything else (hex, octal, exponents, numbers out of range,
    /// errors) is `None`, for [`scan::number`] and the checks after it, which read these
    /// alike. (The general scan and its checks took about 800 instructions a number.)
    #[inline]
    fn plain_number(&self, start: usize) -> Option<(Tok, usize)> {
        let b = self.src.as_bytes();
        let digits_end = |from: usize| {
            let mut i = from;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            i
        };
        let end = digits_end(start);
        if end - start > 1 && b[start] == b'0' {
            return None;
        }
        let after = b.get(end).copied();
        if after == Some(b'.') && b.get(end + 1).is_some_and(u8::is_ascii_digit) {
            let frac_end = digits_end(end + 1);
            if b.get(frac_end)
                .is_some_and(|&c| is_word_byte(c) || c == b'.')
            {
                return None;
            }
            let x: f64 = self.src[start..frac_end].parse().ok()?;
            return x.is_finite().then_some((Tok::Float(x), frac_end));
        }
        if after.is_some_and(is_word_byte) {
            return None;
        }
        // (more than 18 digits may not fit: the general path words the error)
        if end - start > 18 {
            return None;
        }
        let v = b[start..end]
            .iter()
            .fold(0i64, |v, &d| v * 10 + i64::from(d - b'0'));
        Some((Tok::Integer(v), end))
    }

    fn assert_numeric(&self, value: &str, start: usize) -> Result<(), Error> {
        let b = value.as_bytes();
        let all = |s: &[u8], f: fn(&u8) -> bool| !s.is_empty() && s.iter().all(f);
        if value.starts_with("0x") || value.starts_with("0X") {
            if !all(&b[2..], u8::is_ascii_hexdigit) {
                return Err(self.syntax_error(format!("Not a valid hex number {value}"), start));
            }
        } else if b.len() > 1 && b[0] == b'0' && b[1] != b'.' {
            if !all(&b[1..], |c| (b'0'..=b'7').contains(c)) {
                return Err(self.syntax_error(format!("Not a valid octal number {value}"), start));
            }
        } else if b.len() > 1 && b[0].is_ascii_digit() && {
            let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
            digits < b.len() && matches!(b[digits], b'e' | b'E' | b'.')
        } {
            let mut r = value;
            if scan::number(&mut r)
                .map(|m| m.len() != value.len())
                .unwrap_or(true)
                || value.starts_with("0x")
            {
                return Err(self.syntax_error(format!("Not a valid decimal number {value}"), start));
            }
        } else if !all(b, u8::is_ascii_digit) {
            return Err(self.syntax_error(format!("Illegal number '{value}'"), start));
        }
        Ok(())
    }

    fn number_value(&mut self, text: &str, start: usize) -> Result<Tok, Error> {
        let (digits, radix) = if let Some(h) =
            text.strip_prefix("0x").or_else(|| text.strip_prefix("0X"))
        {
            (h, 16)
        } else if text.contains(['.', 'e', 'E']) {
            return match text.parse::<f64>() {
                Ok(f) if f.is_finite() && !crate::numbers::zero_with_exponent(text) => {
                    Ok(Tok::Float(f))
                }
                _ => Err(self.syntax_error(
                    format!("Internal Error, NUMBER token does not contain a valid number, {text}"),
                    start,
                )),
            };
        } else if text.len() > 1 && text.starts_with('0') {
            (&text[1..], 8)
        } else {
            (text, 10)
        };
        match i64::from_str_radix(digits, radix) {
            Ok(v) => Ok(Tok::Integer(v)),
            Err(_) => {
                let shown = u128::from_str_radix(digits, radix)
                    .map(|v| format!("+{v:#x}"))
                    .unwrap_or_else(|_| text.to_string());
                let e = Error::validation(
                    format!("A Literal Integer resulted in a value outside of Puppet Integer max range, got '{shown}'"),
                    self.span(start, start + text.len()),
                );
                self.literal_errors.push(e);
                Ok(Tok::Integer(0))
            }
        }
    }

    fn lex_bare_word(&mut self, start: usize) -> Result<(), Error> {
        let mut rest = self.rest();
        match scan::bare_word_or_name(&mut rest) {
            Ok((word, name)) => {
                let end = start + word.len();
                if self.src[end..].starts_with("::") {
                    // e.g. `foo::` or `foo::Bar` (the `::Bar` is lexed on its own)
                    let after = self.src[end + 2..].chars().next();
                    if !after.is_some_and(|c| c.is_ascii_uppercase()) {
                        return Err(self.syntax_error("Illegal fully qualified name", end));
                    }
                }
                let tok = if name {
                    match Keyword::from_word(word) {
                        Some(k) => Tok::Keyword(k),
                        None => Tok::Name(self.shared(word)),
                    }
                } else {
                    Tok::Word(self.shared(word))
                };
                self.push(tok, start, end);
                Ok(())
            }
            Err(_) => {
                let msg = if self.src[start + 1..].starts_with("::") {
                    "Illegal fully qualified name"
                } else {
                    "Illegal name or bare word"
                };
                Err(self.syntax_error(msg, start))
            }
        }
    }

    /// A class reference starting at `start` (with a leading `::` when `fully_qualified`).
    fn lex_class_ref(&mut self, start: usize, fully_qualified: bool) -> Result<(), Error> {
        let token_start = start;
        let mut rest = &self.src[start..];
        let r = scan::class_ref(&mut rest);
        let end = self.src.len() - rest.len();
        match r {
            Ok(_) if !rest.starts_with("::") => {
                let text = &self.src[token_start..end];
                let text = self.shared(text);
                self.push(Tok::ClassRef(text), token_start, end);
                Ok(())
            }
            _ => {
                let msg = if fully_qualified {
                    "Illegal fully qualified class reference"
                } else {
                    "Illegal class reference"
                };
                Err(self.syntax_error(msg, start))
            }
        }
    }

    fn lex_colon(&mut self, start: usize) -> Result<(), Error> {
        let rest = self.rest();
        if !rest.starts_with("::") {
            self.push_punct(Punct::Colon, start);
            return Ok(());
        }
        match rest[2..].chars().next() {
            Some(c) if c.is_ascii_uppercase() => self.lex_class_ref(start, true),
            _ => {
                let mut r = rest;
                match scan::bare_word_or_name(&mut r) {
                    Ok((word, name)) => {
                        let tok = if name {
                            Tok::Name(self.shared(word))
                        } else {
                            Tok::Word(self.shared(word))
                        };
                        self.push(tok, start, start + word.len());
                        Ok(())
                    }
                    Err(_) => Err(self.syntax_error("Illegal fully qualified name", start)),
                }
            }
        }
    }

    fn nested(&self, start: usize) -> Result<usize, Error> {
        if self.depth >= MAX_STRING_NESTING {
            return Err(
                Error::new(ErrorKind::Limit, "Strings are nested too deeply")
                    .at(self.span(start, start + 1)),
            );
        }
        Ok(self.depth + 1)
    }
}

#[cfg(test)]
mod tests;
