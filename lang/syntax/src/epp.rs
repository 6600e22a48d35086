//! EPP templates: text with `<%= expr %>`, `<% code %>`, `<%# comment %>`, `<%%` / `%%>`
//! escapes, `<%-` / `-%>` whitespace trimming and an optional parameter tag `<%- | $a | -%>`
//! first.
//!
//! [`scan`] splits a template into segments; [`translate`] turns them into the Puppet source
//! of a lambda whose body renders the template: each text and each `<%= %>` value becomes a
//! call of [`RENDER`] (which appends to the output), code is copied as is, so that blocks may
//! span tags. A [`SourceMap`] maps offsets in the generated source back to the template, to
//! word errors as the reference does (`Syntax error at '%>'`, template line and column).

mod translate;

pub use translate::{
    line_col, translate, Generated, LambdaParam, Origin, SourceMap, TemplateSource,
};

/// The function the generated code calls to append a value (its `%s` form) to the output.
pub const RENDER: &str = "prepl_epp::render";
/// The function the generated code calls when the template body completes (not by `next`).
pub const DONE: &str = "prepl_epp::done";
/// The function the generated code calls to check the parameters' types.
pub const CHECK: &str = "prepl_epp::check";

/// One piece of a template; ranges are byte offsets into the template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Segment {
    /// Literal text (escapes resolved, trimming applied), starting at `at`.
    Text { text: String, at: usize },
    /// `<% code %>`: the code's range, and where its closing `%>` starts.
    Code { start: usize, end: usize },
    /// `<%= expr %>`: the expression's range, and where its closing `%>` starts.
    Render { start: usize, end: usize },
}

/// A scanned template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Template {
    /// The range of the parameter list `| ... |` (bars included), when the template starts
    /// with a parameter tag.
    pub params: Option<(usize, usize)>,
    pub segments: Vec<Segment>,
}

/// An error found while scanning, at a byte offset of the template (`None`: no location).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TemplateError {
    pub message: String,
    pub at: Option<usize>,
}

impl TemplateError {
    fn at(message: &str, at: usize) -> TemplateError {
        TemplateError {
            message: message.to_string(),
            at: Some(at),
        }
    }
}

/// The warnings the reference logs when it parses template `t` (unknown escapes in the
/// strings of its code and of its parameters' defaults), in order.
pub fn warnings(t: &str, template: &Template) -> Vec<String> {
    if !t.contains('\\') {
        return Vec::new();
    }
    let code = template.segments.iter().filter_map(|s| match s {
        Segment::Code { start, end } | Segment::Render { start, end } => Some((*start, *end)),
        Segment::Text { .. } => None,
    });
    template
        .params
        .into_iter()
        .chain(code)
        .flat_map(|(start, end)| crate::lexer::lex(&t[start..end]).warnings)
        .map(|w| w.message)
        .collect()
}

/// Splits a template into text, code and render segments.
pub fn scan(t: &str) -> Result<Template, TemplateError> {
    let b = t.as_bytes();
    let mut segments = Vec::new();
    let mut params = None;
    let mut text = String::new();
    let mut text_at = 0;
    let mut i = 0;
    let mut seen_tag = false;
    // Whether there was template text since the last tag (even if trimming emptied it: the
    // reference still renders an empty string there).
    let mut raw = false;
    while i < b.len() {
        if t[i..].starts_with("<%%") {
            if i + 3 == b.len() {
                // A `<%%` that ends the template drops the text since the last tag, as a
                // final comment does (the reference's scanner returns nothing for it).
                text.clear();
                raw = false;
                i += 3;
                continue;
            }
            text.push_str("<%");
            raw = true;
            i += 3;
            continue;
        }
        if &t[i..] == "<%" {
            return Err(TemplateError::at(
                "Unbalanced embedded expression - opening <% and reaching end of input",
                i + 2,
            ));
        }
        if t[i..].starts_with("%%>") {
            text.push_str("%>");
            raw = true;
            i += 3;
            continue;
        }
        if !t[i..].starts_with("<%") {
            let c = t[i..].chars().next().unwrap_or(' ');
            text.push(c);
            raw = true;
            i += c.len_utf8();
            continue;
        }
        // A tag.
        let mut j = i + 2;
        if b.get(j) == Some(&b'#') {
            if b.get(j + 1) == Some(&b'-') {
                trim_trailing_blanks(&mut text);
            }
            let Some(close) = t[j..].find("%>").map(|k| j + k) else {
                return Err(TemplateError::at(
                    "Reaching end after opening <%# without seeing %>",
                    j,
                ));
            };
            i = close + 2;
            if i == b.len() {
                // A comment that ends the template drops the text since the last other tag
                // (the reference's scanner returns nothing for that stretch): `a <%# c %>`
                // renders ''.
                text.clear();
                raw = false;
                continue;
            }
            if close > j && b[close - 1] == b'-' {
                let after = skip_trimmed(b, i);
                raw |= after > i;
                i = after;
            }
            continue;
        }
        let trim_left = b.get(j) == Some(&b'-');
        if trim_left {
            trim_trailing_blanks(&mut text);
            j += 1;
        }
        let render = !trim_left && b.get(j) == Some(&b'=');
        if render {
            j += 1;
        }
        let (close, trim_right) = find_close(t, j)?;
        let code_end = if trim_right { close - 1 } else { close };
        let is_params =
            !seen_tag && !render && text.is_empty() && t[j..code_end].trim_start().starts_with('|');
        if raw {
            segments.push(Segment::Text {
                text: std::mem::take(&mut text),
                at: text_at,
            });
            raw = false;
        }
        if is_params {
            let start = j + (t[j..code_end].len() - t[j..code_end].trim_start().len());
            match param_list_end(t, start, code_end) {
                Some(end) => {
                    params = Some((start, end));
                    if !t[end..code_end].trim().is_empty() {
                        segments.push(Segment::Code {
                            start: end,
                            end: code_end,
                        });
                    }
                }
                None => params = Some((start, j + t[j..code_end].trim_end().len())),
            }
        } else if render {
            segments.push(Segment::Render {
                start: j,
                end: code_end,
            });
        } else {
            segments.push(Segment::Code {
                start: j,
                end: code_end,
            });
        }
        seen_tag = true;
        i = close + 2;
        text_at = i;
        if trim_right {
            let after = skip_trimmed(b, i);
            raw = after > i;
            i = after;
        }
    }
    if raw {
        segments.push(Segment::Text { text, at: text_at });
    }
    Ok(Template { params, segments })
}

fn trim_trailing_blanks(text: &mut String) {
    let kept = text.trim_end_matches([' ', '\t']).len();
    text.truncate(kept);
}

/// After `-%>`: spaces and tabs, then one line break.
fn skip_trimmed(b: &[u8], mut i: usize) -> usize {
    while matches!(b.get(i), Some(b' ' | b'\t')) {
        i += 1;
    }
    if b.get(i) == Some(&b'\r') && b.get(i + 1) == Some(&b'\n') {
        i += 2;
    } else if b.get(i) == Some(&b'\n') {
        i += 1;
    }
    i
}

/// Finds the `%>` closing code that starts at `from`, skipping strings and comments.
/// Returns its offset and whether it is `-%>`.
fn find_close(t: &str, from: usize) -> Result<(usize, bool), TemplateError> {
    let b = t.as_bytes();
    let unbalanced = || {
        TemplateError::at(
            "Unbalanced epp tag, reached <eof> without closing tag.",
            t.len(),
        )
    };
    let mut i = from;
    while i < b.len() {
        match b[i] {
            b'%' if b.get(i + 1) == Some(&b'>') => {
                let trim = i > from && b[i - 1] == b'-';
                return Ok((i, trim));
            }
            b'\'' | b'"' => match string_end(b, i) {
                Some(end) => i = end,
                None => {
                    let after = if b[i] == b'"' { "'\"'" } else { "\"'\"" };
                    let message = format!(
                        "Unclosed quote after {after} followed by '{}'",
                        followed_by(&t[i + 1..])
                    );
                    return Err(TemplateError::at(&message, i + 1));
                }
            },
            b'#' => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => match t[i + 2..].find("*/") {
                Some(k) => i += k + 4,
                None => return Err(unbalanced()),
            },
            // A regexp literal where an operand is expected (`=~ /%>/`).
            b'/' if regexp_may_start(&t[from..i]) => {
                let mut k = i + 1;
                while k < b.len() && b[k] != b'/' && b[k] != b'\n' {
                    k += if b[k] == b'\\' { 2 } else { 1 };
                }
                i = if b.get(k) == Some(&b'/') {
                    k + 1
                } else {
                    i + 1
                };
            }
            _ => i += 1,
        }
    }
    Err(unbalanced())
}

/// Where the scan of a string literal is: in a string (its quote), or in the code of an
/// interpolation `${...}` of a double-quoted one (how many braces it opened).
enum Quoted {
    Str(u8),
    Code(usize),
}

/// The offset after the string literal whose quote is at `start` (escapes skipped; in a
/// double-quoted string, interpolations `${...}` with their own braces and strings, as
/// the lexer reads them: `"${"a" + "}"}"` is one string), or `None` when it does not close.
fn string_end(b: &[u8], start: usize) -> Option<usize> {
    let mut stack = vec![Quoted::Str(b[start])];
    let mut i = start + 1;
    while i < b.len() {
        let c = b[i];
        match stack.last_mut()? {
            Quoted::Str(_) if c == b'\\' => i += 1,
            Quoted::Str(q) if c == *q => {
                stack.pop();
                if stack.is_empty() {
                    return Some(i + 1);
                }
            }
            Quoted::Str(b'"') if c == b'$' && b.get(i + 1) == Some(&b'{') => {
                stack.push(Quoted::Code(0));
                i += 1;
            }
            Quoted::Str(_) => {}
            Quoted::Code(_) if c == b'\'' || c == b'"' => stack.push(Quoted::Str(c)),
            Quoted::Code(depth) if c == b'{' => *depth += 1,
            Quoted::Code(0) if c == b'}' => {
                stack.pop();
            }
            Quoted::Code(depth) if c == b'}' => *depth -= 1,
            Quoted::Code(_) => {}
        }
        i += 1;
    }
    None
}

/// Whether a `/` after `before` starts a regexp rather than dividing.
fn regexp_may_start(before: &str) -> bool {
    match before.trim_end().chars().last() {
        None => true,
        Some(c) => matches!(
            c,
            '~' | '(' | ',' | '=' | '[' | '{' | '|' | '!' | ':' | '>' | '<'
        ),
    }
}

/// The start of the rest of a string, as the reference shows it: five characters and `...`.
fn followed_by(rest: &str) -> String {
    if rest.is_empty() {
        return "<eof>".to_string();
    }
    let mut s: String = rest.chars().take(5).collect();
    s.push_str("...");
    s.replace('\t', "\\t")
        .replace('\n', "\\n")
        .replace('\r', "\\r")
}

/// Where the parameter list that starts with `|` at `from` ends (after its closing `|`),
/// skipping strings and brackets; `None` when it does not close before `end`.
fn param_list_end(t: &str, from: usize, end: usize) -> Option<usize> {
    let b = &t.as_bytes()[..end];
    let mut depth = 0usize;
    let mut i = from + 1;
    while i < b.len() {
        match b[i] {
            b'\'' | b'"' => {
                i = string_end(b, i)?;
                continue;
            }
            b'[' | b'(' | b'{' => depth += 1,
            b']' | b')' | b'}' => depth = depth.saturating_sub(1),
            b'|' if depth == 0 => return Some(i + 1),
            _ => {}
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests;
