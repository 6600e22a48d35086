//! A tolerant tokenizer for colouring Puppet code (the REPL as you type, the kernel's and
//! the debugger's source views): keywords, variables, strings with interpolation, numbers,
//! type names, regexes, comments, heredocs. It accepts any text and never fails: unlike the
//! lexer, it colours incomplete and invalid input too.

use crate::vocabulary::KEYWORDS;

/// What a token is, for its colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Keyword,
    Variable,
    String,
    /// `${` and `}` around an interpolated expression, and escapes in strings.
    Interpolation,
    Number,
    TypeName,
    /// A lower-case name followed by `(`: a function call.
    Function,
    /// Another lower-case name (a bare word).
    Name,
    Regex,
    Comment,
    Bracket,
    Operator,
}

/// A token: its kind and byte offsets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    pub start: usize,
    pub end: usize,
    pub kind: Kind,
}

/// Interpolations nested deeper than this are shown as plain string text.
const MAX_NESTING: usize = 16;

/// Splits `src` into tokens (whitespace is not a token). Never fails; offsets are byte
/// offsets on character boundaries.
pub fn tokenize(src: &str) -> Vec<Token> {
    let mut lexer = Lexer {
        src,
        bytes: src.as_bytes(),
        pos: 0,
        tokens: Vec::new(),
        pending_heredocs: Vec::new(),
    };
    lexer.run(src.len(), 0, false);
    lexer.tokens
}

struct Lexer<'a> {
    src: &'a str,
    bytes: &'a [u8],
    pos: usize,
    tokens: Vec<Token>,
    /// End tags of heredocs whose bodies start on the next line.
    pending_heredocs: Vec<String>,
}

fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

impl Lexer<'_> {
    fn push(&mut self, start: usize, end: usize, kind: Kind) {
        if end > start {
            self.tokens.push(Token { start, end, kind });
        }
    }

    fn peek(&self, offset: usize) -> Option<u8> {
        self.bytes.get(self.pos + offset).copied()
    }

    /// Advances past one character (not one byte).
    fn bump_char(&mut self) {
        let step = self.src[self.pos..]
            .chars()
            .next()
            .map_or(1, |c| c.len_utf8());
        self.pos = (self.pos + step).min(self.bytes.len());
    }

    /// Whether a `/` here would start a regex rather than divide.
    fn regex_allowed(&self) -> bool {
        match self.tokens.last() {
            None => true,
            Some(t) => match t.kind {
                Kind::Number
                | Kind::String
                | Kind::Variable
                | Kind::TypeName
                | Kind::Name
                | Kind::Function
                | Kind::Regex => false,
                Kind::Bracket => !matches!(self.bytes[t.start], b')' | b']' | b'}'),
                Kind::Keyword => !matches!(
                    &self.src[t.start..t.end],
                    "true" | "false" | "undef" | "default"
                ),
                _ => true,
            },
        }
    }

    /// Tokenizes until `limit`, or (inside an interpolation) until the `}` that closes it.
    /// Returns whether that closing brace was found.
    fn run(&mut self, limit: usize, nesting: usize, in_interpolation: bool) -> bool {
        let mut braces = 0usize;
        while self.pos < limit {
            let start = self.pos;
            let b = self.bytes[start];
            match b {
                b'\n' => {
                    self.pos += 1;
                    if !self.pending_heredocs.is_empty() {
                        self.heredoc_bodies();
                    }
                }
                b' ' | b'\t' | b'\r' => self.pos += 1,
                b'#' => {
                    self.skip_to_line_end();
                    self.push(start, self.pos, Kind::Comment);
                }
                b'/' if self.peek(1) == Some(b'*') => {
                    self.pos = match self.src[start + 2..].find("*/") {
                        Some(i) => start + 2 + i + 2,
                        None => self.bytes.len(),
                    };
                    self.push(start, self.pos, Kind::Comment);
                }
                b'/' if self.regex_allowed() && self.regex() => {}
                b'\'' => self.single_quoted(),
                b'"' => self.double_quoted(nesting),
                b'@' if self.peek(1) == Some(b'(') && self.heredoc_header() => {}
                b'$' => self.variable(),
                b'0'..=b'9' => self.number(),
                b'a'..=b'z' | b'_' => self.name(false),
                b'A'..=b'Z' => self.name(true),
                b':' if self.peek(1) == Some(b':')
                    && self.peek(2).is_some_and(|c| c.is_ascii_alphabetic()) =>
                {
                    self.pos += 2;
                    let upper = self.bytes[self.pos].is_ascii_uppercase();
                    self.name(upper);
                    if let Some(last) = self.tokens.last_mut() {
                        last.start = start;
                    }
                }
                b'{' => {
                    braces += 1;
                    self.pos += 1;
                    self.push(start, self.pos, Kind::Bracket);
                }
                b'}' if in_interpolation && braces == 0 => {
                    self.pos += 1;
                    self.push(start, self.pos, Kind::Interpolation);
                    return true;
                }
                b'}' => {
                    braces = braces.saturating_sub(1);
                    self.pos += 1;
                    self.push(start, self.pos, Kind::Bracket);
                }
                b'(' | b')' | b'[' | b']' => {
                    self.pos += 1;
                    self.push(start, self.pos, Kind::Bracket);
                }
                _ => {
                    self.bump_char();
                    self.push(start, self.pos, Kind::Operator);
                }
            }
        }
        false
    }

    fn skip_to_line_end(&mut self) {
        self.pos = match self.src[self.pos..].find('\n') {
            Some(i) => self.pos + i,
            None => self.bytes.len(),
        };
    }

    /// `/.../` on one line; false (nothing consumed) when there is no closing slash.
    fn regex(&mut self) -> bool {
        let start = self.pos;
        let mut i = start + 1;
        while i < self.bytes.len() {
            match self.bytes[i] {
                b'\\' => i += 2,
                b'\n' => return false,
                b'/' => {
                    self.pos = i + 1;
                    self.push(start, self.pos, Kind::Regex);
                    return true;
                }
                _ => i += 1,
            }
        }
        false
    }

    fn single_quoted(&mut self) {
        let start = self.pos;
        let mut i = start + 1;
        while i < self.bytes.len() {
            match self.bytes[i] {
                b'\\' => i += 2,
                b'\'' => {
                    i += 1;
                    break;
                }
                _ => i += 1,
            }
        }
        self.pos = i.min(self.bytes.len());
        self.push(start, self.pos, Kind::String);
    }

    fn double_quoted(&mut self, nesting: usize) {
        let mut seg = self.pos;
        self.pos += 1;
        while self.pos < self.bytes.len() {
            match self.bytes[self.pos] {
                b'"' => {
                    self.pos += 1;
                    break;
                }
                b'\\' => {
                    self.push(seg, self.pos, Kind::String);
                    let esc = self.pos;
                    self.pos += 1;
                    if self.pos < self.bytes.len() {
                        self.bump_char();
                    }
                    self.push(esc, self.pos, Kind::Interpolation);
                    seg = self.pos;
                }
                b'$' if self.peek(1) == Some(b'{') && nesting < MAX_NESTING => {
                    self.push(seg, self.pos, Kind::String);
                    let open = self.pos;
                    self.pos += 2;
                    self.push(open, self.pos, Kind::Interpolation);
                    let first = self.tokens.len();
                    let limit = self.bytes.len();
                    let closed = self.run(limit, nesting + 1, true);
                    self.interpolated_variable(first);
                    if !closed {
                        return;
                    }
                    seg = self.pos;
                }
                b'$' if self.peek(1).is_some_and(|c| is_name_byte(c) || c == b':') => {
                    self.push(seg, self.pos, Kind::String);
                    self.variable();
                    seg = self.pos;
                }
                _ => self.bump_char(),
            }
        }
        self.push(seg, self.pos, Kind::String);
    }

    /// `${name}`, `${node}`, `${0}`, `${name[1]}`, `${name.each ...}`: the leading word is a
    /// variable (the tokens of the interpolation start at `first`).
    fn interpolated_variable(&mut self, first: usize) {
        let next = self
            .tokens
            .get(first + 1)
            .map(|t| (t.kind, self.bytes[t.start]));
        let Some(t) = self.tokens.get_mut(first) else {
            return;
        };
        let closes = matches!(next, Some((Kind::Interpolation, b'}')));
        let continues = matches!(
            next,
            Some((Kind::Bracket, b'[')) | Some((Kind::Operator, b'.'))
        );
        let is_variable = match t.kind {
            Kind::Keyword | Kind::Number => closes,
            Kind::Name => closes || continues,
            _ => false,
        };
        if is_variable {
            t.kind = Kind::Variable;
        }
    }

    /// `@(TAG)`, `@("TAG")`, `@(TAG:syntax/flags)`: the header is a string token and the
    /// body (from the next line to the end tag) becomes one when that line is reached.
    fn heredoc_header(&mut self) -> bool {
        let start = self.pos;
        let rest = &self.src[start + 2..];
        let Some(close) = rest.find(')') else {
            return false;
        };
        let header = &rest[..close];
        if header.contains('\n') {
            return false;
        }
        let tag = header
            .split([':', '/'])
            .next()
            .unwrap_or("")
            .trim()
            .trim_matches('"')
            .to_string();
        if tag.is_empty() {
            return false;
        }
        self.pos = start + 2 + close + 1;
        self.push(start, self.pos, Kind::String);
        self.pending_heredocs.push(tag);
        true
    }

    fn heredoc_bodies(&mut self) {
        for tag in std::mem::take(&mut self.pending_heredocs) {
            let start = self.pos;
            loop {
                if self.pos >= self.bytes.len() {
                    self.push(start, self.pos, Kind::String);
                    break;
                }
                let line_start = self.pos;
                self.skip_to_line_end();
                let line = self.src[line_start..self.pos].trim();
                let line = line.strip_prefix('|').unwrap_or(line).trim_start();
                let line = line.strip_prefix('-').unwrap_or(line).trim_start();
                let is_end = line == tag;
                if self.pos < self.bytes.len() {
                    self.pos += 1;
                }
                if is_end {
                    self.push(start, self.pos, Kind::String);
                    break;
                }
            }
        }
    }

    fn variable(&mut self) {
        let start = self.pos;
        self.pos += 1;
        loop {
            if self.peek(0) == Some(b':') && self.peek(1) == Some(b':') {
                self.pos += 2;
            }
            let before = self.pos;
            while self.peek(0).is_some_and(is_name_byte) {
                self.pos += 1;
            }
            if self.pos == before || !(self.peek(0) == Some(b':') && self.peek(1) == Some(b':')) {
                break;
            }
        }
        let kind = if self.pos == start + 1 {
            Kind::Operator
        } else {
            Kind::Variable
        };
        self.push(start, self.pos, kind);
    }

    fn number(&mut self) {
        let start = self.pos;
        while let Some(b) = self.peek(0) {
            let exponent_sign = matches!(b, b'+' | b'-')
                && matches!(self.bytes[self.pos - 1], b'e' | b'E')
                && !self.src[start..self.pos].starts_with("0x");
            let decimal_point = b == b'.' && self.peek(1).is_some_and(|c| c.is_ascii_digit());
            if is_name_byte(b) || decimal_point || exponent_sign {
                self.pos += 1;
            } else {
                break;
            }
        }
        self.push(start, self.pos, Kind::Number);
    }

    fn name(&mut self, upper: bool) {
        let start = self.pos;
        loop {
            while self
                .peek(0)
                .is_some_and(|b| is_name_byte(b) || (!upper && b == b'-'))
            {
                self.pos += 1;
            }
            if self.peek(0) == Some(b':')
                && self.peek(1) == Some(b':')
                && self.peek(2).is_some_and(|c| c.is_ascii_alphabetic())
            {
                self.pos += 2;
            } else {
                break;
            }
        }
        let word = &self.src[start..self.pos];
        let kind = if upper {
            Kind::TypeName
        } else if KEYWORDS.contains(&word) {
            Kind::Keyword
        } else if self.src[self.pos..]
            .trim_start_matches([' ', '\t'])
            .starts_with('(')
        {
            Kind::Function
        } else {
            Kind::Name
        };
        self.push(start, self.pos, kind);
    }
}
