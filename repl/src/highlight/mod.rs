//! Syntax highlighting as you type: the tolerant tokenizer of `prepl::syntax::highlight`
//! (it accepts any text) coloured with ANSI codes, and the matching bracket under or before
//! the cursor.

use crate::output::{BLUE, BOLD, CYAN, DIM, GREEN, MAGENTA, RED, RESET, YELLOW};
pub use prepl::syntax::highlight::{tokenize, Kind, Token};

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
mod tests;
