//! Syntax highlighting as you type: a small tokenizer of its own (keywords, variables,
//! strings with interpolation, numbers, type names, regexes, comments, heredocs) that
//! accepts any text, and the matching bracket under or before the cursor.

use crate::names::KEYWORDS;
use crate::output::{BLUE, BOLD, CYAN, DIM, GREEN, MAGENTA, RED, RESET, YELLOW};

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

fn style(kind: Kind) -> Option<&'static str> {
    Some(match kind {
        Kind::Keyword => "\x1b[1;35m",
        Kind::Variable => CYAN,
        Kind::String => GREEN,
        Kind::Interpolation => YELLOW,
        Kind::Number => YELLOW,
        Kind::TypeName => BLUE,
        Kind::Function => BOLD,
        Kind::Regex => MAGENTA,
        Kind::Comment => DIM,
        Kind::Name | Kind::Bracket | Kind::Operator => return None,
    })
}

const MATCHED_BRACKET: &str = "\x1b[1;4m";
const UNMATCHED_BRACKET: &str = RED;

/// The bracket token at or just before the cursor, and the one matching it (if any).
pub fn bracket_pair(src: &str, tokens: &[Token], cursor: usize) -> Option<(usize, Option<usize>)> {
    let at = |pos: usize| {
        tokens
            .iter()
            .position(|t| t.kind == Kind::Bracket && t.start == pos)
    };
    let index = at(cursor).or_else(|| cursor.checked_sub(1).and_then(at))?;
    let bytes = src.as_bytes();
    let open_close = |b: u8| match b {
        b'(' => (b'(', b')', true),
        b'[' => (b'[', b']', true),
        b'{' => (b'{', b'}', true),
        b')' => (b'(', b')', false),
        b']' => (b'[', b']', false),
        _ => (b'{', b'}', false),
    };
    let (open, close, forward) = open_close(bytes[tokens[index].start]);
    let mut depth = 0usize;
    let step = |i: usize| -> Option<usize> {
        if forward {
            (i + 1 < tokens.len()).then_some(i + 1)
        } else {
            i.checked_sub(1)
        }
    };
    let mut i = index;
    loop {
        let t = &tokens[i];
        if t.kind == Kind::Bracket {
            let b = bytes[t.start];
            if b == open || b == close {
                let opening = b == open;
                if opening == forward {
                    depth += 1;
                } else {
                    depth -= 1;
                    if depth == 0 {
                        return Some((tokens[index].start, Some(t.start)));
                    }
                }
            }
        }
        match step(i) {
            Some(next) => i = next,
            None => return Some((tokens[index].start, None)),
        }
    }
}

/// `line` with ANSI colours; `prefix` is the earlier lines of the same input (so a string
/// or heredoc opened there colours this line correctly). `cursor` is a byte offset in
/// `line`; bracket matching is done when `match_brackets`.
pub fn highlight(prefix: &str, line: &str, cursor: usize, match_brackets: bool) -> String {
    let full;
    let (src, offset) = if prefix.is_empty() {
        (line, 0)
    } else {
        full = format!("{prefix}{line}");
        (full.as_str(), prefix.len())
    };
    let tokens = tokenize(src);
    let mut marks: Vec<(usize, &'static str)> = Vec::new();
    if match_brackets {
        if let Some((here, there)) = bracket_pair(src, &tokens, cursor + offset) {
            match there {
                Some(there) => {
                    marks.push((here, MATCHED_BRACKET));
                    marks.push((there, MATCHED_BRACKET));
                }
                None => marks.push((here, UNMATCHED_BRACKET)),
            }
        }
    }
    let mut out = String::with_capacity(line.len() * 2);
    let mut last = offset;
    for t in &tokens {
        if t.end <= offset {
            continue;
        }
        let start = t.start.max(offset);
        out.push_str(&src[last..start]);
        let style = if t.kind == Kind::Bracket {
            marks.iter().find(|m| m.0 == t.start).map(|m| m.1)
        } else {
            style(t.kind)
        };
        match style {
            Some(s) => {
                out.push_str(s);
                out.push_str(&src[start..t.end]);
                out.push_str(RESET);
            }
            None => out.push_str(&src[start..t.end]),
        }
        last = t.end;
    }
    out.push_str(&src[last..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<(&str, Kind)> {
        tokenize(src)
            .into_iter()
            .map(|t| (&src[t.start..t.end], t.kind))
            .collect()
    }

    #[test]
    fn words_numbers_and_variables() {
        use Kind::*;
        assert_eq!(
            kinds("if $x > 0x1F { notice(Integer[1]) } # done"),
            vec![
                ("if", Keyword),
                ("$x", Variable),
                (">", Operator),
                ("0x1F", Number),
                ("{", Bracket),
                ("notice", Function),
                ("(", Bracket),
                ("Integer", TypeName),
                ("[", Bracket),
                ("1", Number),
                ("]", Bracket),
                (")", Bracket),
                ("}", Bracket),
                ("# done", Comment),
            ]
        );
        assert_eq!(
            kinds("$::a::b 1.5e-3"),
            vec![("$::a::b", Variable), ("1.5e-3", Number)]
        );
    }

    #[test]
    fn strings_with_interpolation() {
        use Kind::*;
        assert_eq!(
            kinds(r#""a $b ${c + "d"} \n""#),
            vec![
                ("\"a ", String),
                ("$b", Variable),
                (" ", String),
                ("${", Interpolation),
                ("c", Name),
                ("+", Operator),
                ("\"d\"", String),
                ("}", Interpolation),
                (" ", String),
                ("\\n", Interpolation),
                ("\"", String),
            ]
        );
        assert_eq!(kinds("'it\\'s'"), vec![("'it\\'s'", String)]);
    }

    #[test]
    fn bare_words_that_interpolate_as_variables() {
        let first_kind = |src: &str| tokenize(src)[2].kind;
        assert_eq!(first_kind("\"${x}\""), Kind::Variable);
        assert_eq!(first_kind("\"${node}\""), Kind::Variable);
        assert_eq!(first_kind("\"${0}\""), Kind::Variable);
        assert_eq!(first_kind("\"${x[1]}\""), Kind::Variable);
        assert_eq!(first_kind("\"${x.map |$v| { $v }}\""), Kind::Variable);
        assert_eq!(first_kind("\"${x + 3}\""), Kind::Name);
        assert_eq!(first_kind("\"${2 + 2}\""), Kind::Number);
        assert_eq!(first_kind("\"${if[2]}\""), Kind::Keyword);
    }

    #[test]
    fn regex_or_division() {
        use Kind::*;
        assert_eq!(
            kinds("$a =~ /x\\/y/"),
            vec![("$a", Variable), ("=~", Operator), ("/x\\/y/", Regex)]
                .into_iter()
                .flat_map(|(s, k)| if s == "=~" {
                    vec![("=", Operator), ("~", Operator)]
                } else {
                    vec![(s, k)]
                })
                .collect::<Vec<_>>()
        );
        assert_eq!(
            kinds("4 / 2 / 1"),
            vec![
                ("4", Number),
                ("/", Operator),
                ("2", Number),
                ("/", Operator),
                ("1", Number)
            ]
        );
    }

    #[test]
    fn heredoc_bodies_are_strings() {
        let src = "$x = @(END)\n  text $y\n  | END\n$z";
        let k = kinds(src);
        assert_eq!(k[2], ("@(END)", Kind::String));
        assert_eq!(k[3], ("  text $y\n  | END\n", Kind::String));
        assert_eq!(k[4], ("$z", Kind::Variable));
    }

    #[test]
    fn never_fails_on_odd_input() {
        for src in [
            "\"${",
            "\"${ \"${ '",
            "'",
            "/*",
            "@(",
            "@(\"x\")\n",
            "$",
            "::",
            "é$é\"é${é",
            "\\",
            "1e+",
            "}}}",
        ] {
            let tokens = tokenize(src);
            for t in tokens {
                assert!(
                    src.is_char_boundary(t.start) && src.is_char_boundary(t.end) && t.start < t.end,
                    "{src:?}"
                );
            }
            let _ = highlight("", src, src.len(), true);
        }
        let deep = "\"${".repeat(10_000);
        let _ = tokenize(&deep);
    }

    #[test]
    fn brackets_match_across_nesting() {
        let src = "[1, (2), {a => [3]}]";
        let tokens = tokenize(src);
        assert_eq!(
            bracket_pair(src, &tokens, 0),
            Some((0, Some(src.len() - 1)))
        );
        assert_eq!(
            bracket_pair(src, &tokens, src.len()),
            Some((src.len() - 1, Some(0)))
        );
        assert_eq!(bracket_pair(src, &tokens, 2), None);
        let open = "(1, [2]";
        assert_eq!(bracket_pair(open, &tokenize(open), 0), Some((0, None)));
    }

    #[test]
    fn highlighting_keeps_the_text() {
        let strip = |s: &str| {
            let mut out = String::new();
            let mut chars = s.chars();
            while let Some(c) = chars.next() {
                if c == '\x1b' {
                    for c in chars.by_ref() {
                        if c == 'm' {
                            break;
                        }
                    }
                } else {
                    out.push(c);
                }
            }
            out
        };
        let line = "notice(\"${1 + $x}\") # hi";
        assert_eq!(strip(&highlight("", line, 6, true)), line);
        assert_eq!(
            strip(&highlight("$a = \"x\n", "y\" + 1", 0, false)),
            "y\" + 1"
        );
        assert!(highlight("$a = \"x\n", "y\"", 0, false).starts_with(GREEN));
    }
}
