//! Quoted strings: single quoted, double quoted with escapes and interpolation, and the
//! unquoted text of heredoc bodies (same machinery, different escapes and terminator).

use super::{scan, Lexer, Punct, Tok};
use crate::error::Error;
use std::borrow::Cow;
use std::rc::Rc;

/// The longest string literal shared through the names' table (longer ones are rarely
/// repeated, and hashing them costs more).
const SHARED_STRING_MAX: usize = 32;

/// Which backslash escapes are recognized in a text.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Escapes {
    pub backslash: bool,
    pub dollar: bool,
    /// `\'` and `\"` (double quoted strings only)
    pub quotes: bool,
    pub r: bool,
    pub n: bool,
    pub t: bool,
    pub s: bool,
    pub u: bool,
    /// backslash + line break removes both
    pub line_break: bool,
    /// Warn about unknown escapes (double quoted strings).
    pub warn_unknown: bool,
}

const ILLEGAL_UNICODE_ESCAPE: &str =
    "Unicode escape '\\u' was not followed by 4 hex digits or 1-6 hex digits in {} or was > 10ffff";

impl Escapes {
    pub const DOUBLE_QUOTED: Escapes = Escapes {
        backslash: true,
        dollar: true,
        quotes: true,
        r: true,
        n: true,
        t: true,
        s: true,
        u: true,
        line_break: true,
        warn_unknown: true,
    };
}

/// How a text ends and what it does with `$`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TextMode {
    pub escapes: Escapes,
    /// `Some('"')` for double quoted strings, `None` for a heredoc body (ends at end of input).
    pub terminator: Option<char>,
    pub interpolate: bool,
}

/// What came before a text segment of a double quoted string (or heredoc): the reference's
/// unclosed string error quotes the last text its scanner matched before the segment.
#[derive(Clone, Copy)]
enum Prev {
    /// the opening quote
    First,
    /// `$name`: the name's offsets
    Var(usize, usize),
    /// `${...}`: where its text starts (after `${`), its first token, where it ends (its `}`
    /// or the end of input)
    Expr(usize, usize, usize),
}

/// Why a text scan stopped.
enum Stop {
    End,
    /// `${` at this offset
    Expr,
    /// `$name`: the name
    Var(usize, usize),
}

impl<'a> Lexer<'a> {
    pub(super) fn lex_sq_string(&mut self, start: usize) -> Result<(), Error> {
        let bytes = self.src.as_bytes();
        // made only when an escape changes the text (most strings are a slice of the source)
        let mut out: Option<String> = None;
        let mut i = start + 1;
        let mut seg = i;
        while i < bytes.len() {
            match bytes[i] {
                b'\\' if matches!(bytes.get(i + 1), Some(b'\\' | b'\'')) => {
                    let out = out.get_or_insert_with(String::new);
                    out.push_str(&self.src[seg..i]);
                    out.push(bytes[i + 1] as char);
                    i += 2;
                    seg = i;
                }
                b'\'' => {
                    let text = match out {
                        None => Cow::Borrowed(&self.src[seg..i]),
                        Some(mut out) => {
                            out.push_str(&self.src[seg..i]);
                            Cow::Owned(out)
                        }
                    };
                    let text = self.string_value(text);
                    self.push(Tok::Str(text), start, i + 1);
                    self.last_text = (start + 1, i);
                    return Ok(());
                }
                _ => {
                    i = memchr::memchr2(b'\\', b'\'', &bytes[i + 1..])
                        .map_or(bytes.len(), |n| i + 1 + n)
                }
            }
        }
        Err(self.incomplete(
            format!(
                "Unclosed quote after \"'\" followed by '{}'",
                followed_by(&self.src[start + 1..])
            ),
            start,
        ))
    }

    /// The value of a string literal: short texts of the source are shared (see
    /// `intern`: `'present'`, `'root'`, `'0644'` are in most files), others made here.
    fn string_value(&mut self, text: Cow<'a, str>) -> Rc<str> {
        match text {
            Cow::Borrowed(t) if t.len() <= SHARED_STRING_MAX => super::intern::intern(t),
            Cow::Borrowed(t) => Rc::from(t),
            Cow::Owned(t) => Rc::from(t),
        }
    }

    pub(super) fn lex_dq_string(&mut self, start: usize) -> Result<(), Error> {
        let mode = TextMode {
            escapes: Escapes::DOUBLE_QUOTED,
            terminator: Some('"'),
            interpolate: true,
        };
        self.pos = start + 1;
        self.whole(|lexer| lexer.lex_text(start, mode))
    }

    /// Lexes a construct the reference lexes in one go (a string with its interpolations, a
    /// heredoc): on an error, none of its tokens are kept, so the parser meets the error
    /// where the construct starts.
    pub(super) fn whole(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<(), Error>,
    ) -> Result<(), Error> {
        let mark = self.tokens.len();
        let r = f(self);
        if r.is_err() {
            self.tokens.truncate(mark);
        }
        r
    }

    /// Lexes text from `self.pos`; `token_start` is where the first token's span starts.
    pub(crate) fn lex_text(&mut self, token_start: usize, mode: TextMode) -> Result<(), Error> {
        let depth = self.nested(token_start)?;
        let saved_depth = std::mem::replace(&mut self.depth, depth);
        let r = crate::limits::deep(|| self.lex_text_parts(token_start, mode));
        self.depth = saved_depth;
        r
    }

    fn lex_text_parts(&mut self, token_start: usize, mode: TextMode) -> Result<(), Error> {
        let mut seg_start = token_start;
        let mut prev = Prev::First;
        loop {
            let text_start = self.pos;
            let first = matches!(prev, Prev::First);
            let (text, stop, end) = self.scan_text(mode, prev)?;
            match stop {
                Stop::End => {
                    if mode.terminator.is_some() {
                        self.last_text = (text_start, end - 1);
                    }
                    let tok = if first {
                        Tok::Str(self.string_value(text))
                    } else {
                        Tok::DqPost(self.string_value(text))
                    };
                    self.push(tok, seg_start, end);
                    return Ok(());
                }
                Stop::Var(name_start, name_end) => {
                    let text = self.string_value(text);
                    let tok = if first {
                        Tok::DqPre(text)
                    } else {
                        Tok::DqMid(text)
                    };
                    self.push(tok, seg_start, name_start - 1);
                    let name = self.shared(&self.src[name_start..name_end]);
                    self.push(Tok::Variable(name), name_start - 1, name_end);
                    seg_start = name_end;
                    prev = Prev::Var(name_start, name_end);
                }
                Stop::Expr => {
                    let text = self.string_value(text);
                    let tok = if first {
                        Tok::DqPre(text)
                    } else {
                        Tok::DqMid(text)
                    };
                    // `end` is just after `${`
                    self.push(tok, seg_start, end);
                    let mark = self.tokens.len();
                    if !self.lex_tokens(true)? {
                        if mode.terminator.is_none() {
                            // A heredoc's text ends the interpolation as the reference's
                            // lexer does (its text is lexed on its own): the tokens so far
                            // and an empty end, where the parser then finds any error
                            // (`${a{` "Syntax error at ''" at the end of the text, `${a`
                            // is `${a}`).
                            // (the reference's parser makes a first name or integer a
                            // variable there, not a keyword or a float: `${true` is 'true',
                            // `${if` a syntax error)
                            self.interpolation_to_variable(mark, false);
                            let end = self.src.len();
                            self.push(Tok::DqPost(Rc::from("")), end, end);
                            return Ok(());
                        }
                        let after = format_quote(&self.scanner_matched(end, mark, self.src.len()));
                        return Err(self.incomplete(
                            format!("Unclosed quote after {after} followed by '<eof>'"),
                            text_start,
                        ));
                    }
                    self.interpolation_to_variable(mark, true);
                    seg_start = self.pos - 1;
                    prev = Prev::Expr(end, mark, self.pos - 1);
                }
            }
        }
    }

    /// The text the reference's string scanner last matched at the end of an interpolation
    /// (`from`, just after `${`, to `to`, its `}` or the end of input; its tokens from `mark`
    /// on): what its unclosed string error quotes as "after" when the text that follows has
    /// no closing quote. Its lexer skips blanks once after `${` and once more after every
    /// blank run, newline or comment within (that second skip matches nothing after blanks
    /// or a line comment, the blanks of the next line after a newline); a token it scans
    /// (names, numbers, variables, strings, regexps) is its match, punctuation leaves the
    /// match as it was. A string's match is its closing quote with the character before it
    /// (and the escaped backslashes between): `'b"'` for `"b"`, `'"'` alone when its last
    /// text is empty.
    fn scanner_matched(&self, from: usize, mark: usize, to: usize) -> String {
        let src = self.src;
        let bytes = src.as_bytes();
        let blanks = |at: usize| scan::blanks_end(bytes, at).min(to);
        let mut pos = blanks(from);
        let mut matched: Option<(usize, usize)> = (pos > from).then_some((from, pos));
        // blank runs, newlines and comments from `pos` up to `end`
        let gap = |mut pos: usize, end: usize, matched: &mut Option<(usize, usize)>| {
            while pos < end {
                let skip_from = match bytes[pos] {
                    b' ' | b'\t' | b'\r' => {
                        pos = blanks(pos);
                        *matched = None;
                        continue;
                    }
                    b'\n' => pos + 1,
                    b'#' => memchr::memchr(b'\n', &bytes[pos..end]).map_or(end, |n| pos + n),
                    b'/' if bytes.get(pos + 1) == Some(&b'*') => {
                        match memchr::memmem::find(&bytes[pos + 2..end], b"*/") {
                            Some(n) => pos + 2 + n + 2,
                            None => end,
                        }
                    }
                    _ => return,
                };
                pos = blanks(skip_from);
                *matched = (pos > skip_from).then_some((skip_from, pos));
            }
        };
        for t in self.tokens.get(mark..).unwrap_or(&[]) {
            let (start, end) = (
                t.span.start as usize - self.base,
                t.span.end as usize - self.base,
            );
            if start < pos || end > to {
                // (a heredoc's text, lexed apart)
                continue;
            }
            gap(pos, start, &mut matched);
            pos = end;
            match &t.tok {
                Tok::Punct(_) | Tok::Other | Tok::Heredoc(_) | Tok::DqPre(_) | Tok::DqMid(_) => {}
                Tok::Variable(name) if name.is_empty() => matched = None,
                Tok::Str(_) | Tok::DqPost(_) => {
                    let close = end - 1;
                    // (the last string lexed is the one whose match counts: an earlier one's
                    // is replaced by what follows it, and may have no text of its own)
                    let text_start = if self.last_text.1 == close {
                        self.last_text.0
                    } else {
                        (start + 1).min(close)
                    };
                    let escapes = bytes[text_start..close]
                        .iter()
                        .rev()
                        .take_while(|&&c| c == b'\\')
                        .count()
                        / 2
                        * 2;
                    let mut s = close - escapes;
                    if s > text_start {
                        s -= src[..s].chars().next_back().map_or(1, char::len_utf8);
                    }
                    matched = Some((s, end));
                }
                // a regexp with an escaped slash: the reference scans on to the next slash
                Tok::Regex(_) if src[start..end].contains("\\/") => matched = Some((end - 1, end)),
                _ => matched = Some((start, end)),
            }
        }
        gap(pos, to, &mut matched);
        matched.map_or(String::new(), |(s, e)| src[s..e].to_string())
    }

    /// The reference's token-level rule: `${name}`, `${0}`, `${keyword}` and a first name or
    /// keyword followed by `.` or `[` mean variables. Without `tokens` (an interpolation the
    /// end of a heredoc's text ends, which the reference's lexer leaves as it is), its
    /// parser's rule: names and integers only.
    fn interpolation_to_variable(&mut self, mark: usize, tokens: bool) {
        let count = self.tokens.len() - mark;
        let rewrite = count == 1
            || count > 1
                && matches!(
                    self.tokens[mark + 1].tok,
                    Tok::Punct(Punct::Dot) | Tok::Punct(Punct::LBrack)
                );
        if !rewrite {
            return;
        }
        let t = &self.tokens[mark];
        let name: Option<Rc<str>> = match &t.tok {
            Tok::Name(n) | Tok::Word(n) => Some(n.clone()),
            // The spec makes a keyword a variable only on its own (`${if}`, `${if[2]}` a
            // syntax error); the reference takes `${type['x']}` as `$type['x']` and real
            // modules depend on it (collectd's `collectd::type`): docs/deviations.md.
            Tok::Keyword(k) if tokens => Some(Rc::from(k.as_str())),
            Tok::Float(_) if !tokens => None,
            Tok::Integer(_) | Tok::Float(_) => {
                let (s, e) = (
                    t.span.start as usize - self.base,
                    t.span.end as usize - self.base,
                );
                Some(Rc::from(&self.src[s..e]))
            }
            _ => None,
        };
        if let Some(name) = name {
            // An integer too big for a literal names a match variable all the same
            // (`"${9223372036854775808}"` is `''`): its literal's error goes.
            if matches!(t.tok, Tok::Integer(_)) {
                let span = Some(t.span);
                self.literal_errors.retain(|e| e.span != span);
            }
            self.tokens[mark].tok = Tok::Variable(name);
        }
    }

    /// Scans text up to the terminator, `${` or `$name`, processing escapes. Returns the
    /// text, why it stopped, and the offset after the stop marker. Sets `self.pos` past it.
    fn scan_text(
        &mut self,
        mode: TextMode,
        prev: Prev,
    ) -> Result<(Cow<'a, str>, Stop, usize), Error> {
        let src = self.src;
        let bytes = src.as_bytes();
        let esc = mode.escapes;
        // made only when an escape changes the text (see `text`)
        let mut out: Option<String> = None;
        let text = |out: Option<String>, rest: &'a str| match out {
            None => Cow::Borrowed(rest),
            Some(mut out) => {
                out.push_str(rest);
                Cow::Owned(out)
            }
        };
        let mut i = self.pos;
        let mut seg = i;
        let begin = i;
        // Just after the last `$` that starts no interpolation (`"a $ b`): the reference's
        // unclosed string error then quotes nothing before and the text after that `$`.
        let mut false_dollar: Option<usize> = None;
        while i < bytes.len() {
            let b = bytes[i];
            if mode.terminator.is_some_and(|t| t as u8 == b) {
                self.pos = i + 1;
                return Ok((text(out, &src[seg..i]), Stop::End, i + 1));
            }
            match b {
                b'\\' => {
                    let (replacement, consumed) = self.escape(&src[i..], esc, i)?;
                    let out = out.get_or_insert_with(String::new);
                    out.push_str(&src[seg..i]);
                    match replacement {
                        Some(r) => {
                            out.push_str(&r);
                            i += consumed;
                        }
                        None => {
                            out.push('\\');
                            i += 1;
                        }
                    }
                    seg = i;
                }
                b'$' if mode.interpolate => {
                    if bytes.get(i + 1) == Some(&b'{') {
                        self.pos = i + 2;
                        return Ok((text(out, &src[seg..i]), Stop::Expr, i + 2));
                    }
                    let mut rest = &src[i + 1..];
                    if let Ok(name) = scan::variable_name(&mut rest) {
                        let end = i + 1 + name.len();
                        self.pos = end;
                        return Ok((text(out, &src[seg..i]), Stop::Var(i + 1, end), end));
                    }
                    i += 1;
                    false_dollar = Some(i);
                }
                // on to the next byte that can matter (strings are mostly plain text)
                _ => {
                    let stop = mode.terminator.map_or(b'\\', |t| t as u8);
                    i = memchr::memchr3(stop, b'\\', b'$', &bytes[i + 1..])
                        .map_or(bytes.len(), |n| i + 1 + n);
                }
            }
        }
        if mode.terminator.is_none() {
            self.pos = bytes.len();
            return Ok((text(out, &src[seg..]), Stop::End, bytes.len()));
        }
        let (after, rest) = match (false_dollar, prev) {
            (Some(at), _) => ("''".to_string(), at),
            (None, Prev::First) => ("'\"'".to_string(), begin),
            (None, Prev::Var(start, end)) => (format!("'{}'", &src[start..end]), begin),
            (None, Prev::Expr(from, mark, to)) => {
                (format_quote(&self.scanner_matched(from, mark, to)), begin)
            }
        };
        Err(self.incomplete(
            format!(
                "Unclosed quote after {after} followed by '{}'",
                followed_by(&src[rest..])
            ),
            begin,
        ))
    }

    /// One escape at the start of `s` (which starts with a backslash): the replacement and
    /// the bytes consumed, or `None` to keep the backslash as is.
    fn escape(
        &mut self,
        s: &str,
        esc: Escapes,
        at: usize,
    ) -> Result<(Option<String>, usize), Error> {
        let Some(c) = s[1..].chars().next() else {
            return Ok((None, 1));
        };
        let simple = |on: bool, r: &str| {
            if on {
                (Some(r.to_string()), 2)
            } else {
                (None, 1)
            }
        };
        Ok(match c {
            '\\' => simple(esc.backslash, "\\"),
            '$' => simple(esc.dollar, "$"),
            '\'' => simple(esc.quotes, "'"),
            '"' => simple(esc.quotes, "\""),
            'r' => simple(esc.r, "\r"),
            'n' => simple(esc.n, "\n"),
            't' => simple(esc.t, "\t"),
            's' => simple(esc.s, " "),
            '\n' => simple(esc.line_break, ""),
            '\r' if esc.line_break && s[2..].starts_with('\n') => (Some(String::new()), 3),
            'u' if esc.u => match unicode_escape(&s[2..]) {
                Some((Some(ch), len)) => (Some(ch.to_string()), 2 + len),
                Some((None, _)) => {
                    return Err(Error::syntax(ILLEGAL_UNICODE_ESCAPE, self.span(at, at + 2)))
                }
                None => {
                    self.warn(ILLEGAL_UNICODE_ESCAPE, at);
                    (None, 1)
                }
            },
            '\r' => (None, 1),
            other => {
                if esc.warn_unknown {
                    self.warn(format!("Unrecognized escape sequence '\\{other}'"), at);
                }
                (None, 1)
            }
        })
    }
}

/// The reference's quoting of the text its unclosed string error comes after.
fn format_quote(text: &str) -> String {
    if text == "'" {
        "\"'\"".to_string()
    } else {
        format!("'{text}'")
    }
}

/// `XXXX` or `{X..}` after `\u`: the character (None when not a valid code point) and the
/// length consumed; `None` when the syntax does not match.
fn unicode_escape(s: &str) -> Option<(Option<char>, usize)> {
    let b = s.as_bytes();
    let hex_len = |from: usize, max: usize| {
        b[from..]
            .iter()
            .take(max)
            .take_while(|c| c.is_ascii_hexdigit())
            .count()
    };
    let (digits, len) = if b.first() == Some(&b'{') {
        let n = hex_len(1, 6);
        if n == 0 || b.get(1 + n) != Some(&b'}') {
            return None;
        }
        (&s[1..1 + n], n + 2)
    } else {
        if hex_len(0, 4) < 4 {
            return None;
        }
        (&s[..4], 4)
    };
    let code = u32::from_str_radix(digits, 16).ok()?;
    Some((char::from_u32(code), len))
}

/// The reference's `followed by` excerpt: up to 5 characters and `...`, or `<eof>`.
pub(crate) fn followed_by(rest: &str) -> String {
    if rest.is_empty() {
        return "<eof>".to_string();
    }
    let mut s: String = rest.chars().take(5).collect();
    s.push_str("...");
    s.replace('\t', "\\t")
        .replace('\n', "\\n")
        .replace('\r', "\\r")
}
