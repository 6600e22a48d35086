//! Heredocs: `@(TAG[:syntax][/escapes])` with the body on the following lines, up to a line
//! ending with the tag (optionally `|` for a margin and `-` to trim the last line break).
//! Several heredocs on one line take their bodies in order; the rest of the line after the
//! tag continues the expression.

use super::strings::{followed_by, Escapes, TextMode};
use super::{Lexer, Tok};
use crate::ast::Span;
use crate::error::{Error, ErrorKind};
use std::rc::Rc;

/// Maps offsets in a heredoc's text (margins removed) back to the source.
struct MarginMap {
    /// (offset in the text where a line starts, margin bytes removed up to and including it)
    lines: Vec<(usize, usize)>,
    /// Source offset of the body's first line.
    origin: usize,
}

impl MarginMap {
    fn offset(&self, at: u32) -> u32 {
        let at = at as usize;
        let i = self.lines.partition_point(|&(start, _)| start <= at);
        let removed = if i == 0 { 0 } else { self.lines[i - 1].1 };
        (self.origin + at + removed) as u32
    }

    fn to_source(&self, span: Span) -> Span {
        Span {
            start: self.offset(span.start),
            end: self.offset(span.end),
        }
    }
}

/// The parsed `@( ... )` header.
struct Header<'s> {
    tag: &'s str,
    syntax: &'s str,
    interpolate: bool,
    escapes: Escapes,
}

fn is_blank(c: char) -> bool {
    c == ' ' || c == '\t'
}

impl<'a> Lexer<'a> {
    pub(super) fn lex_heredoc(&mut self, start: usize) -> Result<(), Error> {
        let Some(close) = self.src[start..].find(')') else {
            return Err(self.incomplete(
                format!(
                    "Unclosed parenthesis after '@(' followed by '{}'",
                    followed_by(&self.src[start..])
                ),
                start,
            ));
        };
        let after_header = start + close + 1;
        let header = self.heredoc_header(&self.src[start + 2..start + close], start)?;
        let syntax = if header.syntax.is_empty() {
            None
        } else {
            Some(Rc::from(header.syntax))
        };
        self.push(Tok::Heredoc(syntax), start, after_header);

        let body_start = match self.newline_jump {
            Some(p) => p,
            None => match self.src[after_header..].find('\n') {
                Some(i) => after_header + i + 1,
                None => {
                    return Err(
                        self.incomplete("Heredoc without any following lines of text", start)
                    )
                }
            },
        };
        let mut lines: Vec<&str> = Vec::new();
        let mut pos = body_start;
        let (leading, margin, trim) = loop {
            if pos >= self.src.len() {
                return Err(self.incomplete("Heredoc without end-tagged line", start));
            }
            let end = self.src[pos..]
                .find('\n')
                .map(|i| pos + i + 1)
                .unwrap_or(self.src.len());
            let line = &self.src[pos..end];
            pos = end;
            if let Some(found) = end_line(line, header.tag) {
                break found;
            }
            lines.push(line);
        };
        self.newline_jump = Some(pos);

        // the text without margins, and where each of its lines starts in the source
        let mut text = String::new();
        let mut line_map = MarginMap {
            lines: Vec::with_capacity(lines.len()),
            origin: self.base + body_start,
        };
        let mut removed = 0;
        for line in &lines {
            let stripped = if margin && !leading.is_empty() {
                line.strip_prefix(leading).unwrap_or(line)
            } else {
                line
            };
            removed += line.len() - stripped.len();
            line_map.lines.push((text.len(), removed));
            text.push_str(stripped);
        }
        if trim {
            if text.ends_with("\r\n") {
                text.truncate(text.len() - 2);
            } else if text.ends_with('\n') {
                text.truncate(text.len() - 1);
            }
        }
        let mode = TextMode {
            escapes: header.escapes,
            terminator: None,
            interpolate: header.interpolate,
        };
        if self.heredocs >= super::MAX_HEREDOC_NESTING {
            return Err(Error::new(
                ErrorKind::Limit,
                format!(
                    "Heredocs are nested too deeply (more than {} in one another's text)",
                    super::MAX_HEREDOC_NESTING
                ),
            )
            .at(self.span(start, start + 1)));
        }
        let mut sub = Lexer::new(&text, 0, self.depth);
        sub.heredocs = self.heredocs + 1;
        sub.after = self.after;
        let result = sub.lex_text(0, mode);
        for t in &mut sub.tokens {
            t.span = line_map.to_source(t.span);
        }
        for w in &mut sub.warnings {
            w.span = line_map.to_source(w.span);
        }
        self.tokens.append(&mut sub.tokens);
        self.warnings.append(&mut sub.warnings);
        for e in &mut sub.literal_errors {
            e.span = e.span.map(|s| line_map.to_source(s));
        }
        self.literal_errors.append(&mut sub.literal_errors);
        if let Err(mut e) = result {
            e.span = e.span.map(|s| line_map.to_source(s));
            // the body is complete (its end tag was found): more input cannot fix it
            if e.kind == ErrorKind::Incomplete {
                e.kind = ErrorKind::Syntax;
            }
            return Err(e);
        }
        self.after = sub.after;
        self.pos = after_header;
        Ok(())
    }

    fn heredoc_header<'s>(&self, inner: &'s str, start: usize) -> Result<Header<'s>, Error> {
        let invalid = || {
            self.syntax_error(
                "Invalid syntax in heredoc expected @(endtag[:syntax][/escapes])",
                start,
            )
        };
        let tag_end = inner.find([':', '/', '\r', '\n']).unwrap_or(inner.len());
        let raw_tag = &inner[..tag_end];
        if raw_tag.is_empty() {
            return Err(invalid());
        }
        let mut rest = &inner[tag_end..];
        let mut syntax = "";
        if let Some(r) = rest.strip_prefix(':') {
            let r = r.trim_start_matches(is_blank);
            let len = r
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '+'))
                .unwrap_or(r.len());
            if len < 2 || !r.starts_with(|c: char| c.is_ascii_lowercase()) {
                return Err(invalid());
            }
            syntax = &r[..len];
            rest = r[len..].trim_start_matches(is_blank);
        }
        let mut flags = None;
        if let Some(r) = rest.strip_prefix('/') {
            let len = r
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$'))
                .unwrap_or(r.len());
            flags = Some(&r[..len]);
            rest = r[len..].trim_start_matches(is_blank);
        }
        if !rest.is_empty() {
            return Err(invalid());
        }
        let mut tag = raw_tag.trim();
        let mut interpolate = false;
        if tag.len() >= 2 && tag.starts_with('"') && tag.ends_with('"') {
            interpolate = true;
            tag = tag[1..tag.len() - 1].trim();
        }
        if tag.is_empty() {
            return Err(self.syntax_error("Heredoc with an empty endtag", start));
        }
        let mut escapes = Escapes::default();
        if let Some(flags) = flags {
            let flags = if flags.is_empty() { "trnsuL$" } else { flags };
            let chars: Vec<char> = flags.chars().collect();
            let mut unique = chars.clone();
            unique.sort_unstable();
            unique.dedup();
            if unique.len() != chars.len() {
                let list: Vec<String> = chars.iter().map(|c| c.to_string()).collect();
                return Err(self.syntax_error(
                    format!(
                        "An escape char for @() may only appear once. Got '{}'",
                        list.join(", ")
                    ),
                    start,
                ));
            }
            escapes.backslash = true;
            for c in chars {
                match c {
                    't' => escapes.t = true,
                    'r' => escapes.r = true,
                    'n' => escapes.n = true,
                    's' => escapes.s = true,
                    'u' => escapes.u = true,
                    '$' => escapes.dollar = true,
                    'L' => escapes.line_break = true,
                    other => {
                        return Err(self.syntax_error(
                            format!("Invalid heredoc escape char. Only t, r, n, s,  u, L, $ allowed. Got '{other}'"),
                            start,
                        ))
                    }
                }
            }
        }
        Ok(Header {
            tag,
            syntax,
            interpolate,
            escapes,
        })
    }
}

/// Whether `line` ends the heredoc: it ends with the tag (then blanks and the line break),
/// preceded by `[blanks][| blanks][- blanks]`. Returns (leading blanks, margin, trim).
fn end_line<'l>(line: &'l str, tag: &str) -> Option<(&'l str, bool, bool)> {
    let body = line.strip_suffix('\n').unwrap_or(line);
    let body = body.strip_suffix('\r').unwrap_or(body);
    let body = body.trim_end_matches(is_blank);
    let before = body.strip_suffix(tag)?;
    let mut rest = before.trim_end_matches(is_blank);
    let trim = rest.ends_with('-');
    if trim {
        rest = rest[..rest.len() - 1].trim_end_matches(is_blank);
    }
    let margin = rest.ends_with('|');
    if margin {
        rest = &rest[..rest.len() - 1];
    }
    let leading_len = rest.len() - rest.trim_end_matches(is_blank).len();
    let leading = &rest[rest.len() - leading_len..];
    Some((if margin { leading } else { "" }, margin, trim))
}
