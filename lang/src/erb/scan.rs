//! ERB scanning: a template's text split into literal text, code (`<% %>`) and output
//! (`<%= %>`) segments, with Puppet's trim mode `-`:
//!
//! - `<%-` at the start of a line (after spaces or tabs only) drops that indentation;
//! - `-%>` followed by a newline drops the newline;
//! - `<%%` is a literal `<%` in text, `%%>` a literal `%>` inside a tag;
//! - `<%# ... %>` is a comment;
//! - a tag never closed is text, its opening `<%`, `<%=`, `<%#` or `<%-` dropped (Ruby's
//!   ERB reads `a <%= x` as `a  x`).

use std::borrow::Cow;

/// One piece of a template. A tag's code is borrowed from the template unless a `%%>` in it
/// had to be rewritten.
#[derive(Debug, Clone, PartialEq)]
pub enum Segment<'a> {
    /// Literal text.
    Text(String),
    /// Ruby statements; `at` is the byte offset of the code in the template.
    Code { code: Cow<'a, str>, at: usize },
    /// A Ruby expression whose `to_s` is output.
    Output { code: Cow<'a, str>, at: usize },
}

/// Splits a template into segments.
pub fn scan(text: &str) -> Vec<Segment<'_>> {
    let mut out = Vec::new();
    let mut buf = String::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if !text[i..].starts_with("<%") {
            let next = find_pair(text, i, *b"<%").unwrap_or(bytes.len());
            buf.push_str(&text[i..next]);
            i = next;
            continue;
        }
        if text[i..].starts_with("<%%") {
            buf.push_str("<%");
            i += 3;
            continue;
        }
        let mut start = i + 2;
        let kind = match bytes.get(start) {
            Some(b'=') => {
                start += 1;
                Kind::Output
            }
            Some(b'#') => {
                start += 1;
                Kind::Comment
            }
            Some(b'-') => {
                start += 1;
                trim_indent(&mut buf);
                Kind::Code
            }
            _ => Kind::Code,
        };
        let Some((code, end, trim)) = close(text, start) else {
            buf.push_str(&text[start..]);
            break;
        };
        i = end;
        if trim && text[i..].starts_with('\n') {
            i += 1;
        } else if trim && text[i..].starts_with("\r\n") {
            i += 2;
        }
        if !buf.is_empty() {
            out.push(Segment::Text(std::mem::take(&mut buf)));
        }
        match kind {
            Kind::Comment => {}
            Kind::Code => out.push(Segment::Code { code, at: start }),
            Kind::Output => out.push(Segment::Output { code, at: start }),
        }
    }
    if !buf.is_empty() {
        out.push(Segment::Text(buf));
    }
    out
}

enum Kind {
    Code,
    Output,
    Comment,
}

/// Drops the spaces and tabs that end `buf` when only they stand between the line's start
/// and the tag.
fn trim_indent(buf: &mut String) {
    let kept = buf.trim_end_matches([' ', '\t']).len();
    if kept == 0 || buf[..kept].ends_with('\n') {
        buf.truncate(kept);
    }
}

/// The offset of the first `pair` of ASCII bytes (`<%`, `%>`) in `text` from `from`. Its
/// first byte is found by `memchr`: `str::find("%>")` set up a substring searcher at each
/// call, which cost more than the search.
fn find_pair(text: &str, from: usize, pair: [u8; 2]) -> Option<usize> {
    let mut i = from;
    loop {
        let at = i + memchr::memchr(pair[0], &text.as_bytes()[i..])?;
        if text.as_bytes().get(at + 1) == Some(&pair[1]) {
            return Some(at);
        }
        i = at + 1;
    }
}

/// The code of a tag from `start` to its `%>` (`%%>` is a literal `%>`): the code, the
/// offset after the tag, and whether it closed with `-%>`.
fn close(text: &str, start: usize) -> Option<(Cow<'_, str>, usize, bool)> {
    let mut code = Cow::Borrowed("");
    let mut i = start;
    loop {
        let at = find_pair(text, i, *b"%>")?;
        if at > i && text[..at].ends_with('%') && at > start {
            let code = code.to_mut();
            code.push_str(&text[i..at - 1]);
            code.push_str("%>");
            i = at + 2;
            continue;
        }
        let piece = &text[i..at];
        let (piece, trim) = match piece.strip_suffix('-') {
            Some(p) => (p, true),
            None => (piece, false),
        };
        match &mut code {
            Cow::Borrowed(_) => code = Cow::Borrowed(piece),
            Cow::Owned(c) => c.push_str(piece),
        }
        return Some((code, at + 2, trim));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(t: &str) -> Vec<Segment<'_>> {
        scan(t)
    }

    #[test]
    fn trims_as_puppet_configures_erb() {
        let segs = texts("a\n  <%- x -%>\nb <%= y %>\n<%# c -%>\nd<%% e");
        assert_eq!(
            segs,
            vec![
                Segment::Text("a\n".into()),
                Segment::Code {
                    code: " x ".into(),
                    at: 7
                },
                Segment::Text("b ".into()),
                Segment::Output {
                    code: " y ".into(),
                    at: 19
                },
                Segment::Text("\n".into()),
                Segment::Text("d<% e".into()),
            ]
        );
    }

    #[test]
    fn dash_inside_a_line_keeps_the_text() {
        assert_eq!(
            texts("a <%- x %>"),
            vec![
                Segment::Text("a ".into()),
                Segment::Code {
                    code: " x ".into(),
                    at: 5
                }
            ]
        );
    }

    #[test]
    fn a_literal_close_inside_a_tag() {
        assert_eq!(
            scan("<%= '%%>' + x %%> -%>\n%<%%>"),
            [
                Segment::Output {
                    code: " '%>' + x %> ".into(),
                    at: 3
                },
                Segment::Text("%<%>".into()),
            ]
        );
        assert_eq!(
            scan("<%%%>%><% a %%"),
            [Segment::Text("<%%>%> a %%".into())]
        );
    }

    #[test]
    fn an_unclosed_tag_is_text() {
        assert_eq!(scan("ab <% x"), [Segment::Text("ab  x".into())]);
        assert_eq!(scan("a <%# c"), [Segment::Text("a  c".into())]);
        assert_eq!(
            scan("a <%= 1 %>\n<%= 2"),
            [
                Segment::Text("a ".into()),
                Segment::Output {
                    code: " 1 ".into(),
                    at: 5
                },
                Segment::Text("\n 2".into()),
            ]
        );
    }
}
