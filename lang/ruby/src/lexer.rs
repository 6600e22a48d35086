//! The Ruby subset's lexer: one code segment (or a `#{}` interpolation) into tokens.
//! Offsets are made absolute by `base`, the segment's offset in the template.

use crate::error::RubyError;
use crate::token::{StrPart, Tok, Token};

type LexResult<T> = Result<T, RubyError>;

pub fn lex(src: &str, base: usize, out: &mut Vec<Token>) -> LexResult<()> {
    Lexer {
        src,
        pos: 0,
        base,
        out,
        heredoc: None,
    }
    .run()
}

struct Lexer<'a, 'o> {
    src: &'a str,
    pos: usize,
    base: usize,
    out: &'o mut Vec<Token>,
    /// Heredocs begun on the current line: the newline ending it, and where the code goes
    /// on after their bodies.
    heredoc: Option<(usize, usize)>,
}

impl Lexer<'_, '_> {
    fn peek(&self) -> Option<char> {
        self.src[self.pos..].chars().next()
    }
    fn peek_at(&self, n: usize) -> Option<char> {
        self.src[self.pos..].chars().nth(n)
    }
    fn abs(&self, pos: usize) -> usize {
        self.base + pos
    }

    /// Whether the last token ends a value (so `/` divides and `[` indexes).
    fn after_value(&self) -> bool {
        match self.out.last().map(|t| &t.tok) {
            Some(Tok::Ident(s)) => {
                !is_keyword(s) || matches!(s.as_str(), "end" | "self" | "nil" | "true" | "false")
            }
            Some(
                Tok::Int(_)
                | Tok::Float(_)
                | Tok::Str(_)
                | Tok::XStr(_)
                | Tok::Sym(_)
                | Tok::Regex(..)
                | Tok::Words(..)
                | Tok::Const(_)
                | Tok::IVar(_)
                | Tok::GVar(_),
            ) => true,
            Some(Tok::Op(op)) => matches!(*op, ")" | "]" | "}"),
            _ => false,
        }
    }

    fn last_is_ident(&self) -> bool {
        matches!(self.out.last().map(|t| &t.tok), Some(Tok::Ident(s)) if !is_keyword(s))
    }

    fn push(&mut self, tok: Tok, start: usize, spaced: bool) {
        self.out.push(Token {
            tok,
            at: self.abs(start),
            end: self.abs(self.pos.max(start)),
            spaced,
        });
    }

    fn run(mut self) -> LexResult<()> {
        let mut spaced = true;
        while let Some(c) = self.peek() {
            let start = self.pos;
            match c {
                ' ' | '\t' | '\r' => {
                    self.pos += 1;
                    spaced = true;
                    continue;
                }
                '\\' if self.peek_at(1) == Some('\n') => {
                    self.pos += 2;
                    spaced = true;
                    continue;
                }
                '\n' => {
                    self.pos += 1;
                    self.push(Tok::Newline, start, spaced);
                    if let Some((nl, resume)) = self.heredoc.take() {
                        if nl == start {
                            self.pos = resume;
                        }
                    }
                    spaced = true;
                    continue;
                }
                '<' if self.src[self.pos..].starts_with("<<")
                    && (!self.after_value() || (self.last_is_ident() && spaced))
                    && heredoc_marker(&self.src[self.pos + 2..]).is_some() =>
                {
                    let t = self.heredoc(start)?;
                    self.push(t, start, spaced);
                }
                '#' => {
                    let end = self.src[self.pos..]
                        .find('\n')
                        .map_or(self.src.len(), |n| self.pos + n);
                    self.pos = end;
                    continue;
                }
                '0'..='9' => {
                    let t = self.number()?;
                    self.push(t, start, spaced);
                }
                '"' | '`' => {
                    self.pos += 1;
                    let parts = self.dquoted(c)?;
                    let tok = if c == '`' {
                        Tok::XStr(parts)
                    } else {
                        Tok::Str(parts)
                    };
                    self.push(tok, start, spaced);
                }
                '\'' => {
                    self.pos += 1;
                    let s = self.squoted('\'')?;
                    self.push(Tok::Str(vec![StrPart::Lit(s)]), start, spaced);
                }
                '@' => {
                    self.pos += 1;
                    if self.peek() == Some('@') {
                        return Err(RubyError::unsupported(
                            "class variables (@@name)",
                            self.abs(start),
                        ));
                    }
                    let name = self.word();
                    if name.is_empty() {
                        return Err(RubyError::syntax_span(
                            "`@' without identifiers is not allowed as an instance variable name",
                            self.abs(start),
                            self.abs(start) + 1,
                        ));
                    }
                    self.push(Tok::IVar(name), start, spaced);
                }
                '$' => {
                    self.pos += 1;
                    let name = match self.peek() {
                        Some(ch) if ch.is_ascii_alphabetic() || ch == '_' => self.word(),
                        Some(ch) => {
                            self.pos += ch.len_utf8();
                            ch.to_string()
                        }
                        None => {
                            return Err(RubyError::syntax(
                                "unexpected end of code after $",
                                self.abs(start),
                            ))
                        }
                    };
                    self.push(Tok::GVar(name), start, spaced);
                }
                ':' if (spaced || !self.after_value())
                    && self
                        .peek_at(1)
                        .is_some_and(|c| "+-*/%<>=![|&^~".contains(c))
                    && op_symbol(&self.src[self.pos + 1..]).is_some() =>
                {
                    let op = op_symbol(&self.src[self.pos + 1..]).unwrap_or("+");
                    self.pos += 1 + op.len();
                    self.push(Tok::Sym(vec![StrPart::Lit(op.to_string())]), start, spaced);
                }
                ':' if self.peek_at(1) == Some('\'') && (spaced || !self.after_value()) => {
                    self.pos += 2;
                    let s = self.squoted('\'')?;
                    self.push(Tok::Sym(vec![StrPart::Lit(s)]), start, spaced);
                }
                ':' if self.peek_at(1) == Some('"') => {
                    self.pos += 2;
                    let parts = self.dquoted('"')?;
                    self.push(Tok::Sym(parts), start, spaced);
                }
                ':' if self
                    .peek_at(1)
                    .is_some_and(|c| c.is_alphabetic() || c == '_')
                    && (spaced || !self.after_value()) =>
                {
                    self.pos += 1;
                    let mut name = self.word();
                    if matches!(self.peek(), Some('?' | '!')) && self.peek_at(1) != Some('=') {
                        name.push(self.peek().unwrap_or('?'));
                        self.pos += 1;
                    }
                    self.push(Tok::Sym(vec![StrPart::Lit(name)]), start, spaced);
                }
                '/' if !self.after_value()
                    || (self.last_is_ident() && spaced && self.peek_at(1) != Some(' ')) =>
                {
                    self.pos += 1;
                    let parts = self.dquoted('/')?;
                    let flags = self.word();
                    self.push(Tok::Regex(parts, flags), start, spaced);
                }
                '%' if (!self.after_value() || (self.last_is_ident() && spaced))
                    && self.peek_at(1).is_some_and(|c| {
                        matches!(
                            c,
                            'w' | 'W' | 'q' | 'Q' | 'i' | 'r' | 'x' | '(' | '{' | '[' | '|' | '!'
                        )
                    }) =>
                {
                    let t = self.percent_literal(start)?;
                    self.push(t, start, spaced);
                }
                c if c.is_alphabetic() || c == '_' => {
                    let mut name = self.word();
                    if matches!(self.peek(), Some('?' | '!'))
                        && self.peek_at(1) != Some('=')
                        && !c.is_uppercase()
                    {
                        name.push(self.peek().unwrap_or('?'));
                        self.pos += 1;
                    } else if self.peek() == Some('?')
                        && self.peek_at(1) == Some('=')
                        && self.peek_at(2) == Some('=')
                    {
                        name.push('?');
                        self.pos += 1;
                    }
                    // `name:` (not `name::`) is a label.
                    let prev_dot = matches!(self.out.last().map(|t| &t.tok), Some(Tok::Op(".")));
                    if self.peek() == Some(':') && self.peek_at(1) != Some(':') && !prev_dot {
                        self.pos += 1;
                        self.push(Tok::Label(name), start, spaced);
                    } else if c.is_uppercase() {
                        self.push(Tok::Const(name), start, spaced);
                    } else {
                        self.push(Tok::Ident(name), start, spaced);
                    }
                }
                _ => {
                    let Some(op) = operator(&self.src.as_bytes()[self.pos..]) else {
                        return Err(RubyError::syntax(
                            format!("unexpected character '{c}'"),
                            self.abs(start),
                        ));
                    };
                    self.pos += op.len();
                    self.push(Tok::Op(op), start, spaced);
                }
            }
            spaced = false;
        }
        Ok(())
    }

    /// `<<-EOS`, `<<~EOS`, `<<EOS` (quoted: `<<-'EOS'` without interpolation): the body is
    /// the lines after the current one up to the terminator; the code goes on after it.
    fn heredoc(&mut self, start: usize) -> LexResult<Tok> {
        let rest = &self.src[self.pos + 2..];
        let (kind, id, quote, len) = heredoc_marker(rest).unwrap_or(('-', "", None, 0));
        let id = id.to_string();
        self.pos += 2 + len;
        let line_end = self.src[self.pos..]
            .find('\n')
            .map_or(self.src.len(), |n| self.pos + n);
        let body_start = match self.heredoc {
            Some((_, resume)) => resume,
            None => (line_end + 1).min(self.src.len()),
        };
        let mut lines = Vec::new();
        let mut at = body_start;
        let resume = loop {
            if at >= self.src.len() {
                return Err(RubyError::syntax(
                    format!("can't find string \"{id}\" anywhere before EOF"),
                    self.abs(start),
                ));
            }
            let end = self.src[at..].find('\n').map_or(self.src.len(), |n| at + n);
            let line = &self.src[at..end];
            let bare = line.trim_end_matches('\r');
            let done = if kind == ' ' {
                bare == id
            } else {
                bare.trim_start() == id
            };
            if done {
                break (end + 1).min(self.src.len());
            }
            lines.push(&self.src[at..(end + 1).min(self.src.len())]);
            at = end + 1;
        };
        self.heredoc = Some((line_end, resume));
        let mut text: String;
        if kind == '~' {
            let indent = lines
                .iter()
                .filter(|l| !l.trim().is_empty())
                .map(|l| l.len() - l.trim_start_matches([' ', '\t']).len())
                .min()
                .unwrap_or(0);
            text = String::new();
            for l in &lines {
                let cut = (l.len() - l.trim_start_matches([' ', '\t']).len()).min(indent);
                text.push_str(&l[cut..]);
            }
        } else {
            text = lines.concat();
        }
        if quote == Some('\'') {
            return Ok(Tok::Str(vec![StrPart::Lit(text)]));
        }
        // escapes and `#{}` of a double-quoted string
        let mut parts = Vec::new();
        let mut lit = String::new();
        let mut chars = text.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            match c {
                '\\' => match chars.next() {
                    Some((_, 'n')) => lit.push('\n'),
                    Some((_, 't')) => lit.push('\t'),
                    Some((_, 's')) => lit.push(' '),
                    Some((_, 'e')) => lit.push('\x1b'),
                    Some((_, '0')) => lit.push('\0'),
                    Some((_, '\n')) => {}
                    Some((_, o)) => lit.push(o),
                    None => lit.push('\\'),
                },
                '#' if chars.peek().is_some_and(|(_, n)| *n == '{') => {
                    chars.next();
                    let mut depth = 0;
                    let mut code = String::new();
                    for (_, n) in chars.by_ref() {
                        match n {
                            '{' => depth += 1,
                            '}' if depth == 0 => break,
                            '}' => depth -= 1,
                            _ => {}
                        }
                        code.push(n);
                    }
                    if !lit.is_empty() {
                        parts.push(StrPart::Lit(std::mem::take(&mut lit)));
                    }
                    let _ = i;
                    parts.push(StrPart::Code(code, self.abs(start)));
                }
                c => lit.push(c),
            }
        }
        if !lit.is_empty() || parts.is_empty() {
            parts.push(StrPart::Lit(lit));
        }
        Ok(Tok::Str(parts))
    }

    fn word(&mut self) -> String {
        let rest = &self.src[self.pos..];
        let len = word_len(rest);
        self.pos += len;
        rest[..len].to_string()
    }

    fn number(&mut self) -> LexResult<Tok> {
        let start = self.pos;
        let rest = &self.src[self.pos..];
        let radix = match rest.get(..2) {
            Some("0x" | "0X") => 16,
            Some("0o" | "0O") => 8,
            Some("0b" | "0B") => 2,
            _ => 0,
        };
        if radix > 0 {
            let hex = &rest[2..];
            let len = hex
                .find(|c: char| !(c.is_digit(radix) || c == '_'))
                .unwrap_or(hex.len());
            self.pos += 2 + len;
            let digits: String = hex[..len].chars().filter(|c| *c != '_').collect();
            return i64::from_str_radix(&digits, radix)
                .map(Tok::Int)
                .map_err(|_| RubyError::unsupported("integers beyond 64 bits", self.abs(start)));
        }
        let mut end = self.pos;
        let b = self.src.as_bytes();
        while end < b.len()
            && (b[end].is_ascii_digit()
                || (b[end] == b'_' && end + 1 < b.len() && b[end + 1].is_ascii_digit()))
        {
            end += 1;
        }
        let mut float = false;
        if end + 1 < b.len() && b[end] == b'.' && b[end + 1].is_ascii_digit() {
            float = true;
            end += 1;
            while end < b.len() && (b[end].is_ascii_digit() || b[end] == b'_') {
                end += 1;
            }
        }
        if end < b.len() && (b[end] == b'e' || b[end] == b'E') {
            let mut e = end + 1;
            if e < b.len() && (b[e] == b'+' || b[e] == b'-') {
                e += 1;
            }
            if e < b.len() && b[e].is_ascii_digit() {
                float = true;
                end = e;
                while end < b.len() && b[end].is_ascii_digit() {
                    end += 1;
                }
            }
        }
        let text: String = self.src[start..end].chars().filter(|c| *c != '_').collect();
        self.pos = end;
        if float {
            return text
                .parse()
                .map(Tok::Float)
                .map_err(|_| RubyError::syntax("bad float literal", self.abs(start)));
        }
        let parsed = if text.len() > 1 && text.starts_with('0') {
            i64::from_str_radix(&text[1..], 8)
        } else {
            text.parse()
        };
        parsed
            .map(Tok::Int)
            .map_err(|_| RubyError::unsupported("integers beyond 64 bits", self.abs(start)))
    }

    /// A single-quoted string's body up to `close` (`\\` and `\'` are escapes).
    fn squoted(&mut self, close: char) -> LexResult<String> {
        let start = self.pos;
        let mut s = String::new();
        loop {
            let plain = plain_len(&self.src[self.pos..], &[close, '\\']);
            s.push_str(&self.src[self.pos..self.pos + plain]);
            self.pos += plain;
            let Some(c) = self.peek() else { break };
            self.pos += c.len_utf8();
            if c == close {
                return Ok(s);
            }
            // A backslash: an escape only before the closing quote or a backslash.
            match self.peek() {
                Some(n) if n == close || n == '\\' => {
                    s.push(n);
                    self.pos += n.len_utf8();
                }
                _ => s.push(c),
            }
        }
        Err(RubyError::syntax(
            "unterminated string meets end of file",
            self.abs(start.saturating_sub(1)),
        ))
    }

    /// A double-quoted string (or regexp, for `close` = `/`) up to `close`: escapes and
    /// `#{}` interpolations. A regexp keeps its escapes for the regexp engine.
    fn dquoted(&mut self, close: char) -> LexResult<Vec<StrPart>> {
        let start = self.pos;
        let regex = close == '/';
        let (open, close) = match close {
            '(' => (Some('('), ')'),
            '{' => (Some('{'), '}'),
            '[' => (Some('['), ']'),
            c => (None, c),
        };
        let mut depth = 0;
        let mut parts = Vec::new();
        let mut lit = String::new();
        while self.pos < self.src.len() {
            let stops = [open.unwrap_or(close), close, '\\', '#'];
            let plain = plain_len(&self.src[self.pos..], &stops);
            if plain > 0 {
                lit.push_str(&self.src[self.pos..self.pos + plain]);
                self.pos += plain;
                continue;
            }
            let Some(c) = self.peek() else { break };
            self.pos += c.len_utf8();
            if Some(c) == open {
                depth += 1;
            } else if c == close {
                if depth == 0 {
                    if !lit.is_empty() || parts.is_empty() {
                        parts.push(StrPart::Lit(lit));
                    }
                    return Ok(parts);
                }
                depth -= 1;
            }
            match c {
                '\\' => {
                    let Some(n) = self.peek() else { break };
                    self.pos += n.len_utf8();
                    if regex {
                        if n != '/' {
                            lit.push('\\');
                        }
                        lit.push(n);
                    } else {
                        self.escape(n, &mut lit)?;
                    }
                }
                '#' if self.peek() == Some('{') => self.interpolation(&mut lit, &mut parts)?,
                c => lit.push(c),
            }
        }
        Err(RubyError::syntax(
            "unterminated string meets end of file",
            self.abs(start.saturating_sub(1)),
        ))
    }

    /// `#{code}` in a string or regexp, its `#` read and `{` next: the text so far becomes a
    /// part, then the code (with its offset); the position moves past the closing `}`.
    fn interpolation(&mut self, lit: &mut String, parts: &mut Vec<StrPart>) -> LexResult<()> {
        self.pos += 1;
        if !lit.is_empty() {
            parts.push(StrPart::Lit(std::mem::take(lit)));
        }
        let code_start = self.pos;
        let end = self.interpolation_end()?;
        parts.push(StrPart::Code(
            self.src[code_start..end].to_string(),
            self.abs(code_start),
        ));
        self.pos = end + 1;
        Ok(())
    }

    /// The body of `%r{...}`: like a `/.../` regexp, with the given delimiter.
    fn regex_body(&mut self, delim: char) -> LexResult<Vec<StrPart>> {
        let close = closing(delim);
        let start = self.pos;
        let mut depth = 0;
        let mut lit = String::new();
        let mut parts = Vec::new();
        while let Some(c) = self.peek() {
            self.pos += c.len_utf8();
            if c == delim && close != delim {
                depth += 1;
            } else if c == close {
                if depth == 0 {
                    parts.push(StrPart::Lit(lit));
                    return Ok(parts);
                }
                depth -= 1;
            }
            if c == '\\' {
                if let Some(n) = self.peek() {
                    self.pos += n.len_utf8();
                    if n != close {
                        lit.push('\\');
                    }
                    lit.push(n);
                    continue;
                }
            }
            if c == '#' && self.peek() == Some('{') {
                self.interpolation(&mut lit, &mut parts)?;
                continue;
            }
            lit.push(c);
        }
        Err(RubyError::syntax(
            "unterminated regexp meets end of file",
            self.abs(start),
        ))
    }

    /// The offset of the `}` closing an interpolation that starts at `self.pos`.
    fn interpolation_end(&self) -> LexResult<usize> {
        let b = self.src.as_bytes();
        let mut depth = 0;
        let mut i = self.pos;
        let mut quote: Option<u8> = None;
        while i < b.len() {
            let c = b[i];
            match quote {
                Some(q) => {
                    if c == b'\\' {
                        i += 1;
                    } else if c == q {
                        quote = None;
                    }
                }
                None => match c {
                    b'"' | b'\'' => quote = Some(c),
                    b'{' => depth += 1,
                    b'}' if depth == 0 => return Ok(i),
                    b'}' => depth -= 1,
                    _ => {}
                },
            }
            i += 1;
        }
        Err(RubyError::syntax(
            "unterminated string meets end of file",
            self.abs(self.pos),
        ))
    }

    fn escape(&mut self, n: char, lit: &mut String) -> LexResult<()> {
        match n {
            'n' => lit.push('\n'),
            't' => lit.push('\t'),
            'r' => lit.push('\r'),
            '0'..='7' => {
                let mut v = n.to_digit(8).unwrap_or(0);
                for _ in 0..2 {
                    match self.peek().and_then(|c| c.to_digit(8)) {
                        Some(d) => {
                            v = v * 8 + d;
                            self.pos += 1;
                        }
                        None => break,
                    }
                }
                lit.push(char::from_u32(v).unwrap_or('\0'));
            }
            'x' => {
                let rest = &self.src[self.pos..];
                let len = rest
                    .chars()
                    .take(2)
                    .take_while(|c| c.is_ascii_hexdigit())
                    .count();
                if len == 0 {
                    return Err(RubyError::syntax("invalid hex escape", self.abs(self.pos)));
                }
                let v = u32::from_str_radix(&rest[..len], 16).unwrap_or(0);
                lit.push(char::from_u32(v).unwrap_or('\0'));
                self.pos += len;
            }
            's' => lit.push(' '),
            'e' => lit.push('\x1b'),
            'a' => lit.push('\x07'),
            'b' => lit.push('\x08'),
            'f' => lit.push('\x0c'),
            'v' => lit.push('\x0b'),
            '\n' => {}
            'u' => {
                // `\uXXXX` (exactly four hex digits) or `\u{X ...}` (code points of one to six
                // hex digits, separated by spaces), as Ruby reads them.
                let rest = &self.src[self.pos..];
                let invalid =
                    |me: &Self| Err(RubyError::syntax("invalid Unicode escape", me.abs(me.pos)));
                if let Some(r) = rest.strip_prefix('{') {
                    let Some(end) = r.find('}') else {
                        return Err(RubyError::syntax(
                            "unterminated Unicode escape",
                            self.abs(self.pos),
                        ));
                    };
                    let mut any = false;
                    for hex in r[..end].split_ascii_whitespace() {
                        let ch = (hex.len() <= 6 && hex.bytes().all(|b| b.is_ascii_hexdigit()))
                            .then(|| u32::from_str_radix(hex, 16).ok())
                            .flatten()
                            .and_then(char::from_u32);
                        let Some(ch) = ch else {
                            return invalid(self);
                        };
                        lit.push(ch);
                        any = true;
                    }
                    if !any {
                        return invalid(self);
                    }
                    self.pos += end + 2;
                } else {
                    let digits = rest
                        .bytes()
                        .take(4)
                        .take_while(u8::is_ascii_hexdigit)
                        .count();
                    let ch = (digits == 4)
                        .then(|| u32::from_str_radix(&rest[..4], 16).ok())
                        .flatten()
                        .and_then(char::from_u32);
                    let Some(ch) = ch else {
                        return invalid(self);
                    };
                    lit.push(ch);
                    self.pos += 4;
                }
            }
            other => lit.push(other),
        }
        Ok(())
    }

    fn percent_literal(&mut self, start: usize) -> LexResult<Tok> {
        self.pos += 1;
        let mut kind = 'Q';
        if let Some(c) = self.peek().filter(|c| c.is_alphabetic()) {
            kind = c;
            self.pos += 1;
        }
        let Some(delim) = self.peek() else {
            return Err(RubyError::syntax(
                "unterminated quoted string meets end of file",
                self.abs(start),
            ));
        };
        self.pos += delim.len_utf8();
        match kind {
            'w' | 'W' | 'i' | 'I' => {
                let body = self.squoted(closing(delim))?;
                let words = body.split_whitespace().map(str::to_string).collect();
                Ok(Tok::Words(words, matches!(kind, 'i' | 'I')))
            }
            'q' => Ok(Tok::Str(vec![StrPart::Lit(self.squoted(closing(delim))?)])),
            'r' => {
                let parts = self.regex_body(delim)?;
                let flags = self.word();
                Ok(Tok::Regex(parts, flags))
            }
            'x' => Ok(Tok::XStr(self.dquoted(closing(delim))?)),
            _ => Ok(Tok::Str(self.dquoted(delim)?)),
        }
    }
}

/// The length of the start of `rest` that holds none of `stops` (the characters a string's
/// lexer must look at): by bytes when they are all ASCII, as they nearly always are (no
/// byte of a non-ASCII character equals an ASCII one).
fn plain_len(rest: &str, stops: &[char]) -> usize {
    let end = if stops.iter().all(char::is_ascii) {
        rest.bytes()
            .position(|b| stops.iter().any(|&s| s as u32 == u32::from(b)))
    } else {
        rest.find(stops)
    };
    end.unwrap_or(rest.len())
}

/// The length of the name (letters, digits, `_`) that starts `rest`: ASCII by bytes, other
/// characters decoded only where they occur.
fn word_len(rest: &str) -> usize {
    let b = rest.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii() {
            if !(b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                break;
            }
            i += 1;
        } else {
            match rest[i..].chars().next() {
                Some(c) if c.is_alphanumeric() => i += c.len_utf8(),
                _ => break,
            }
        }
    }
    i
}

/// The operator that starts `rest`, the longest one (`**=` before `**` before `*`).
/// Matched on bytes rather than by a list of `starts_with`: lexing a template's code
/// tried the list's operators one after another, tens of string compares per operator.
/// After `<<`: a heredoc's kind (`-`, `~`, or ' ' for a terminator at the line's start),
/// terminator, quote and the marker's length; `None` when it is no heredoc.
fn heredoc_marker(rest: &str) -> Option<(char, &str, Option<char>, usize)> {
    let (kind, body) = match rest.chars().next()? {
        c @ ('-' | '~') => (c, &rest[1..]),
        _ => (' ', rest),
    };
    let skip = usize::from(kind != ' ');
    match body.chars().next()? {
        q @ ('\'' | '"') => {
            let end = body[1..].find(q)?;
            let id = &body[1..1 + end];
            (!id.is_empty() && !id.contains('\n')).then_some((kind, id, Some(q), skip + end + 2))
        }
        c if c.is_ascii_uppercase()
            || (c == '_' && kind != ' ')
            || (kind != ' ' && c.is_alphabetic()) =>
        {
            let len = word_len(body);
            Some((kind, &body[..len], None, skip + len))
        }
        _ => None,
    }
}

fn operator(rest: &[u8]) -> Option<&'static str> {
    Some(match rest {
        [b'*', b'*', b'=', ..] => "**=",
        [b'<', b'=', b'>', ..] => "<=>",
        [b'=', b'=', b'=', ..] => "===",
        [b'.', b'.', b'.', ..] => "...",
        [b'&', b'&', b'=', ..] => "&&=",
        [b'|', b'|', b'=', ..] => "||=",
        [b'<', b'<', b'=', ..] => "<<=",
        [b'>', b'>', b'=', ..] => ">>=",
        [b'*', b'*', ..] => "**",
        [b'=', b'=', ..] => "==",
        [b'!', b'=', ..] => "!=",
        [b'>', b'=', ..] => ">=",
        [b'<', b'=', ..] => "<=",
        [b'&', b'&', ..] => "&&",
        [b'|', b'|', ..] => "||",
        [b'<', b'<', ..] => "<<",
        [b'>', b'>', ..] => ">>",
        [b'=', b'~', ..] => "=~",
        [b'!', b'~', ..] => "!~",
        [b'.', b'.', ..] => "..",
        [b':', b':', ..] => "::",
        [b'+', b'=', ..] => "+=",
        [b'-', b'=', ..] => "-=",
        [b'*', b'=', ..] => "*=",
        [b'/', b'=', ..] => "/=",
        [b'%', b'=', ..] => "%=",
        [b'|', b'=', ..] => "|=",
        [b'&', b'=', ..] => "&=",
        [b'=', b'>', ..] => "=>",
        [b'-', b'>', ..] => "->",
        [b'+', ..] => "+",
        [b'-', ..] => "-",
        [b'*', ..] => "*",
        [b'/', ..] => "/",
        [b'%', ..] => "%",
        [b'=', ..] => "=",
        [b'<', ..] => "<",
        [b'>', ..] => ">",
        [b'!', ..] => "!",
        [b'&', ..] => "&",
        [b'|', ..] => "|",
        [b'^', ..] => "^",
        [b'~', ..] => "~",
        [b'?', ..] => "?",
        [b':', ..] => ":",
        [b',', ..] => ",",
        [b'.', ..] => ".",
        [b';', ..] => ";",
        [b'(', ..] => "(",
        [b')', ..] => ")",
        [b'[', ..] => "[",
        [b']', ..] => "]",
        [b'{', ..] => "{",
        [b'}', ..] => "}",
        _ => return None,
    })
}

/// The operator a symbol like `:+` names.
fn op_symbol(rest: &str) -> Option<&'static str> {
    [
        "[]=", "[]", "<=>", "===", "==", "=~", "!=", "!~", "<=", ">=", "**", "<<", ">>", "+", "-",
        "*", "/", "%", "<", ">", "!", "|", "&", "^", "~",
    ]
    .into_iter()
    .find(|op| rest.starts_with(op))
}

fn closing(c: char) -> char {
    match c {
        '(' => ')',
        '{' => '}',
        '[' => ']',
        '<' => '>',
        c => c,
    }
}

pub fn is_keyword(s: &str) -> bool {
    matches!(
        s,
        "if" | "elsif"
            | "else"
            | "end"
            | "unless"
            | "while"
            | "until"
            | "for"
            | "in"
            | "do"
            | "then"
            | "case"
            | "when"
            | "and"
            | "or"
            | "not"
            | "nil"
            | "true"
            | "false"
            | "self"
            | "def"
            | "class"
            | "module"
            | "begin"
            | "rescue"
            | "ensure"
            | "return"
            | "next"
            | "break"
            | "yield"
            | "defined?"
            | "redo"
            | "retry"
            | "super"
            | "alias"
            | "undef"
            | "lambda"
            | "proc"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ruby's parser reads tokens as it needs them: a syntax error before a lexical one is
    /// the first it reports (`ruby -c`).
    #[test]
    fn a_syntax_error_before_a_lexical_one_comes_first() {
        let first = |src: &str| match crate::parser::parse_source(src, 0) {
            Err(RubyError::Syntax { message, at, .. }) => (message, at),
            other => panic!("{other:?}"),
        };
        assert_eq!(
            first("x = 1 > > \"open"),
            ("syntax error, unexpected '>'".to_string(), 8)
        );
        assert_eq!(
            first("x = (1 + \"open"),
            ("unterminated string meets end of file".to_string(), 9)
        );
        // (an operator left without its operand by the cut is no error of the parser's)
        assert_eq!(
            first("x = 1; x.to_s + 'open"),
            ("unterminated string meets end of file".to_string(), 16)
        );
    }

    fn toks(s: &str) -> Vec<Tok> {
        let mut out = Vec::new();
        lex(s, 0, &mut out).unwrap();
        out.into_iter().map(|t| t.tok).collect()
    }

    #[test]
    fn regexp_or_division() {
        assert_eq!(toks("a / 2")[1], Tok::Op("/"));
        assert!(matches!(toks("x =~ /a b/i")[2], Tok::Regex(_, ref f) if f == "i"));
        assert!(matches!(toks("split /,/")[1], Tok::Regex(..)));
    }

    #[test]
    fn unicode_escapes_as_ruby_reads_them() {
        let lit = |s: &str| match toks(s).remove(0) {
            Tok::Str(parts) => match &parts[..] {
                [StrPart::Lit(l)] => l.clone(),
                other => panic!("{other:?}"),
            },
            other => panic!("{other:?}"),
        };
        assert_eq!(lit(r#""\u00e9""#), "é");
        assert_eq!(lit(r#""\u{41 42}""#), "AB");
        assert_eq!(lit(r#""\u{1F600}""#), "\u{1F600}");
        // Fewer than four hex digits, a multi-byte character among them (a fuzz finding:
        // it sliced inside the character), an empty or unterminated brace group.
        for bad in [
            r#""\u12""#,
            r#""\u\X ۻ0f""#,
            r#""\uۻ""#,
            r#""\u{}""#,
            r#""\u{41"#,
        ] {
            let mut out = Vec::new();
            assert!(lex(bad, 0, &mut out).is_err(), "{bad}");
        }
    }

    #[test]
    fn strings_and_symbols() {
        assert_eq!(
            toks(r#""a#{b}\n""#),
            vec![Tok::Str(vec![
                StrPart::Lit("a".into()),
                StrPart::Code("b".into(), 4),
                StrPart::Lit("\n".into())
            ])]
        );
        assert_eq!(
            toks(":ab?"),
            vec![Tok::Sym(vec![StrPart::Lit("ab?".into())])]
        );
        assert_eq!(toks("a ? b : c")[3], Tok::Op(":"));
        assert_eq!(toks("{a: 1}")[1], Tok::Label("a".into()));
        assert_eq!(
            toks("%w(a b)"),
            vec![Tok::Words(vec!["a".into(), "b".into()], false)]
        );
        assert_eq!(toks("x.empty?")[2], Tok::Ident("empty?".into()));
    }

    /// `operator` finds what the first operator of this list that starts the text is (the
    /// list the lexer searched before, longest operators first).
    #[test]
    fn operators_longest_first() {
        const OPS: &[&str] = &[
            "**=", "<=>", "===", "...", "&&=", "||=", "<<=", ">>=", "**", "==", "!=", ">=", "<=",
            "&&", "||", "<<", ">>", "=~", "!~", "..", "::", "+=", "-=", "*=", "/=", "%=", "|=",
            "&=", "=>", "->", "+", "-", "*", "/", "%", "=", "<", ">", "!", "&", "|", "^", "~", "?",
            ":", ",", ".", ";", "(", ")", "[", "]", "{", "}",
        ];
        let alphabet: Vec<char> = "*<=>.&|!~:+-/%^?,;()[]{}a ".chars().collect();
        for a in &alphabet {
            for b in &alphabet {
                for c in &alphabet {
                    let text = format!("{a}{b}{c}");
                    for len in 1..=3 {
                        let text = &text[..len];
                        let listed = OPS.iter().find(|op| text.starts_with(**op)).copied();
                        assert_eq!(operator(text.as_bytes()), listed, "{text}");
                    }
                }
            }
        }
    }

    #[test]
    fn quoted_runs_and_escapes() {
        assert_eq!(
            toks(r"'a\'b\\c\nd' 'é\''"),
            vec![
                Tok::Str(vec![StrPart::Lit(r"a'b\c\nd".into())]),
                Tok::Str(vec![StrPart::Lit("é'".into())])
            ]
        );
        assert_eq!(
            toks(r"%q(x\)y)"),
            vec![Tok::Str(vec![StrPart::Lit("x)y".into())])]
        );
        assert_eq!(
            toks("%w[a é]"),
            vec![Tok::Words(vec!["a".into(), "é".into()], false)]
        );
        assert_eq!(
            toks(r##""(#x\"#{1}é""##),
            vec![Tok::Str(vec![
                StrPart::Lit("(#x\"".into()),
                StrPart::Code("1".into(), 8),
                StrPart::Lit("é".into()),
            ])]
        );
        assert_eq!(toks("été_1 x")[0], Tok::Ident("été_1".into()));
    }

    #[test]
    fn numbers() {
        assert_eq!(
            toks("1_000 1.5 2e3 0x1f"),
            vec![
                Tok::Int(1000),
                Tok::Float(1.5),
                Tok::Float(2000.0),
                Tok::Int(31)
            ]
        );
        assert_eq!(toks("a.b.c")[1], Tok::Op("."));
    }
}
