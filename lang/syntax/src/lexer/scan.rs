//! Small winnow recognizers for the lexer: each consumes from a `&str` and returns the
//! recognized slice (or fails without consuming).

use super::token::Punct;
use crate::names::{is_word_byte, is_word_char};
use winnow::combinator::{alt, dispatch, empty, fail, opt};
use winnow::error::{ContextError, ErrMode};
use winnow::prelude::*;
use winnow::token::{any, one_of, take_until, take_while};

type PResult<T> = ModalResult<T>;

fn backtrack<T>() -> PResult<T> {
    Err(ErrMode::Backtrack(ContextError::new()))
}

/// The length of the run of bytes of `input` from `from` on that satisfy `f`.
fn run_len(input: &[u8], from: usize, f: impl Fn(u8) -> bool) -> usize {
    input[from..].iter().take_while(|&&b| f(b)).count()
}

/// Takes the first `n` bytes of `input` (a recognizer's match), or fails when `n` is 0.
fn take<'a>(input: &mut &'a str, n: usize) -> PResult<&'a str> {
    if n == 0 {
        return backtrack();
    }
    let (taken, rest) = input.split_at(n);
    *input = rest;
    Ok(taken)
}

// The recognizers below scan bytes by hand: they run for every token of every manifest
// a catalog loads, and a byte loop is several times cheaper than the combinators it
// replaces (`take_while` decodes characters one at a time).

/// Blanks and carriage returns (not newlines).
pub fn blanks<'a>(input: &mut &'a str) -> PResult<&'a str> {
    let n = run_len(input.as_bytes(), 0, |b| matches!(b, b' ' | b'\t' | b'\r'));
    take(input, n)
}

/// `# ...` up to (not including) the newline.
pub fn line_comment<'a>(input: &mut &'a str) -> PResult<&'a str> {
    if !input.starts_with('#') {
        return backtrack();
    }
    let n = memchr::memchr(b'\n', input.as_bytes()).unwrap_or(input.len());
    take(input, n)
}

/// `/* ... */`; fails (without consuming) when unclosed.
pub fn block_comment<'a>(input: &mut &'a str) -> PResult<&'a str> {
    ("/*", take_until(0.., "*/"), "*/").take().parse_next(input)
}

/// The end of one bare word segment `[a-z_]([\w-]*\w)?` starting at `from`, if there is one.
fn bare_segment_end(b: &[u8], from: usize) -> Option<usize> {
    let first = *b.get(from)?;
    if !(first.is_ascii_lowercase() || first == b'_') {
        return None;
    }
    let mut end = from + 1 + run_len(b, from + 1, |c| is_word_byte(c) || c == b'-');
    // `[\w-]*\w`: give back trailing dashes
    while b[end - 1] == b'-' {
        end -= 1;
    }
    Some(end)
}

/// The end of a run of segments from the start of `b`, each after an optional `::`,
/// where `segment_end` gives the end of a segment starting at an index (or `None`).
fn segments_end(b: &[u8], segment_end: impl Fn(&[u8], usize) -> Option<usize>) -> usize {
    let mut end = 0;
    loop {
        let from = if b[end..].starts_with(b"::") {
            end + 2
        } else {
            end
        };
        match segment_end(b, from) {
            Some(e) => end = e,
            None => return end,
        }
    }
}

/// `((::)?[a-z_]([\w-]*\w)?)+` — a name or bare word.
pub fn bare_word<'a>(input: &mut &'a str) -> PResult<&'a str> {
    let end = segments_end(input.as_bytes(), bare_segment_end);
    take(input, end)
}

/// `((::)?[A-Z]\w*)+`
pub fn class_ref<'a>(input: &mut &'a str) -> PResult<&'a str> {
    let end = segments_end(input.as_bytes(), |b, from| {
        b.get(from)
            .is_some_and(u8::is_ascii_uppercase)
            .then(|| from + 1 + run_len(b, from + 1, is_word_byte))
    });
    take(input, end)
}

/// The name after `$`: `(::)?(\w+::)*\w+`.
pub fn variable_name<'a>(input: &mut &'a str) -> PResult<&'a str> {
    let b = input.as_bytes();
    let lead = if b.starts_with(b"::") { 2 } else { 0 };
    let first = run_len(b, lead, is_word_byte);
    if first == 0 {
        return backtrack();
    }
    let mut end = lead + first;
    while b[end..].starts_with(b"::") {
        let n = run_len(b, end + 2, is_word_byte);
        if n == 0 {
            break;
        }
        end += 2 + n;
    }
    take(input, end)
}

/// Whether `s` is a valid NAME: `((::)?[a-z]\w*)(::[a-z]\w*)*`.
pub fn is_name(s: &str) -> bool {
    crate::names::is_lower_name(s.strip_prefix("::").unwrap_or(s))
}

/// A number token as the reference scans it: hex, or decimal with optional fraction and
/// exponent, ending at a word boundary. Tries the alternatives the way a backtracking regex
/// would.
pub fn number<'a>(input: &mut &'a str) -> PResult<&'a str> {
    let start = *input;
    let boundary = |rest: &str| !rest.starts_with(is_word_char);
    let mut hex = (
        '0',
        one_of(['x', 'X']),
        take_while(1.., |c: char| c.is_ascii_hexdigit()),
    )
        .take();
    let mut attempt = *input;
    let found: PResult<&str> = hex.parse_next(&mut attempt);
    if let Ok(s) = found {
        if boundary(attempt) {
            *input = attempt;
            return Ok(s);
        }
    }
    let mut digits = *input;
    take_while(1.., |c: char| c.is_ascii_digit()).parse_next(&mut digits)?;
    let fraction = |i: &mut &'a str| -> PResult<&'a str> {
        ('.', take_while(1.., |c: char| c.is_ascii_digit()))
            .take()
            .parse_next(i)
    };
    let exponent = |i: &mut &'a str| -> PResult<&'a str> {
        (
            one_of(['e', 'E']),
            opt('-'),
            take_while(1.., |c: char| c.is_ascii_digit()),
        )
            .take()
            .parse_next(i)
    };
    let mut candidates: Vec<&'a str> = Vec::with_capacity(4);
    let mut with_frac = digits;
    if fraction(&mut with_frac).is_ok() {
        let mut with_exp = with_frac;
        if exponent(&mut with_exp).is_ok() {
            candidates.push(with_exp);
        }
        candidates.push(with_frac);
    }
    let mut with_exp = digits;
    if exponent(&mut with_exp).is_ok() {
        candidates.push(with_exp);
    }
    candidates.push(digits);
    for rest in candidates {
        if boundary(rest) {
            *input = rest;
            return Ok(&start[..start.len() - rest.len()]);
        }
    }
    backtrack()
}

/// A run of word characters (what the reference shows in `Illegal number '...'`).
pub fn word_run<'a>(input: &mut &'a str) -> PResult<&'a str> {
    take_while(1.., is_word_char).parse_next(input)
}

/// Operators and punctuation that do not depend on context (dispatched on the first
/// character, longest match first).
pub fn punct(input: &mut &str) -> PResult<Punct> {
    dispatch! {any;
        '<' => alt((
            "<|".value(Punct::LLCollect),
            '|'.value(Punct::LCollect),
            '<'.value(Punct::LShift),
            '='.value(Punct::Le),
            '-'.value(Punct::OutEdge),
            '~'.value(Punct::OutEdgeSub),
            empty.value(Punct::Lt),
        )),
        '>' => alt(('>'.value(Punct::RShift), '='.value(Punct::Ge), empty.value(Punct::Gt))),
        '=' => alt((
            '='.value(Punct::IsEqual),
            '>'.value(Punct::FArrow),
            '~'.value(Punct::Match),
            empty.value(Punct::Equals),
        )),
        '+' => alt(('='.value(Punct::Appends), '>'.value(Punct::PArrow), empty.value(Punct::Plus))),
        '-' => alt(('>'.value(Punct::InEdge), '='.value(Punct::Deletes), empty.value(Punct::Minus))),
        '!' => alt(('='.value(Punct::NotEqual), '~'.value(Punct::NoMatch), empty.value(Punct::Not))),
        '~' => alt(('>'.value(Punct::InEdgeSub), empty.value(Punct::Tilde))),
        '@' => alt(('@'.value(Punct::AtAt), empty.value(Punct::At))),
        '|' => alt((">>".value(Punct::RRCollect), '>'.value(Punct::RCollect), empty.value(Punct::Pipe))),
        ',' => empty.value(Punct::Comma),
        ';' => empty.value(Punct::Semic),
        ':' => empty.value(Punct::Colon),
        '.' => empty.value(Punct::Dot),
        '?' => empty.value(Punct::QMark),
        '*' => empty.value(Punct::Times),
        '%' => empty.value(Punct::Modulo),
        '/' => empty.value(Punct::Div),
        ']' => empty.value(Punct::RBrack),
        ')' => empty.value(Punct::RParen),
        _ => fail,
    }
    .parse_next(input)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run<'a>(p: fn(&mut &'a str) -> PResult<&'a str>, s: &'a str) -> Option<(&'a str, &'a str)> {
        let mut i = s;
        p(&mut i).ok().map(|m| (m, i))
    }

    #[test]
    fn numbers_follow_the_reference_backtracking() {
        assert_eq!(run(number, "0xFF "), Some(("0xFF", " ")));
        assert_eq!(run(number, "1.5.3"), Some(("1.5", ".3")));
        assert_eq!(run(number, "1.e5"), Some(("1", ".e5")));
        assert_eq!(run(number, "31.415e-1"), Some(("31.415e-1", "")));
        assert_eq!(run(number, "1a"), None);
        assert_eq!(run(number, "0x"), None);
        assert_eq!(run(number, "1_000"), None);
    }

    #[test]
    fn words() {
        assert_eq!(run(bare_word, "foo::bar baz"), Some(("foo::bar", " baz")));
        assert_eq!(run(bare_word, "foo-bar- x"), Some(("foo-bar", "- x")));
        assert_eq!(run(bare_word, "foo::Bar"), Some(("foo", "::Bar")));
        assert!(is_name("apache::port") && is_name("::x") && !is_name("_x") && !is_name("a-b"));
        assert_eq!(run(class_ref, "My::Type["), Some(("My::Type", "[")));
        assert_eq!(run(variable_name, "::a::b_1 "), Some(("::a::b_1", " ")));
    }
}
