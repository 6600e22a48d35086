//! Small winnow recognizers for the lexer: each consumes from a `&str` and returns the
//! recognized slice (or fails without consuming).

use super::token::Punct;
use crate::names::{is_word_byte, is_word_char};
use winnow::combinator::opt;
use winnow::error::{ContextError, ErrMode};
use winnow::prelude::*;
use winnow::token::{one_of, take_until, take_while};

type PResult<T> = ModalResult<T>;

fn backtrack<T>() -> PResult<T> {
    Err(ErrMode::Backtrack(ContextError::new()))
}

/// The length of the run of bytes of `input` from `from` on that satisfy `f`.
#[inline(always)]
fn run_len(input: &[u8], from: usize, f: impl Fn(u8) -> bool) -> usize {
    let rest = &input[from..];
    rest.iter().position(|&b| !f(b)).unwrap_or(rest.len())
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

/// Where the run of blanks and carriage returns (not newlines) from `from` on ends:
/// eight spaces at a time first (indentation), then a byte at a time.
#[inline]
pub fn blanks_end(b: &[u8], from: usize) -> usize {
    let mut i = from;
    while let Some(eight) = b.get(i..i + 8) {
        if eight != b"        " {
            break;
        }
        i += 8;
    }
    i + run_len(b, i, |c| matches!(c, b' ' | b'\t' | b'\r'))
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

/// The end of one bare word segment `[a-z_]([\w-]*\w)?` starting at `from`, if there is
/// one, and whether the segment is also one of a NAME (`[a-z]\w*`).
#[inline]
fn bare_segment_end(b: &[u8], from: usize) -> Option<(usize, bool)> {
    let first = *b.get(from)?;
    if !(first.is_ascii_lowercase() || first == b'_') {
        return None;
    }
    // `[\w-]*\w`: the segment ends after its last word byte (trailing dashes are not
    // part of it); a dash before that makes it a bare word only
    let mut end = from + 1 + run_len(b, from + 1, is_word_byte);
    let mut inner_dash = false;
    loop {
        let dashes = run_len(b, end, |c| c == b'-');
        let words = match dashes {
            0 => 0,
            _ => run_len(b, end + dashes, is_word_byte),
        };
        if words == 0 {
            break;
        }
        end += dashes + words;
        inner_dash = true;
    }
    Some((end, first != b'_' && !inner_dash))
}

/// The end of a run of segments from the start of `b`, each after an optional `::`,
/// where `segment_end` gives the end of a segment starting at an index (or `None`) and
/// whether it is one of a NAME; and whether all segments are.
#[inline]
fn segments_end(
    b: &[u8],
    segment_end: impl Fn(&[u8], usize) -> Option<(usize, bool)>,
) -> (usize, bool) {
    let mut end = 0;
    let mut all = true;
    loop {
        let from = if b.get(end) == Some(&b':') && b.get(end + 1) == Some(&b':') {
            end + 2
        } else {
            end
        };
        match segment_end(b, from) {
            Some((e, name)) => {
                end = e;
                all &= name;
            }
            None => return (end, all),
        }
    }
}

/// `((::)?[a-z_]([\w-]*\w)?)+` — a name or bare word.
#[cfg(test)]
pub fn bare_word<'a>(input: &mut &'a str) -> PResult<&'a str> {
    bare_word_or_name(input).map(|(word, _)| word)
}

/// [`bare_word`], and whether the word is a NAME (see [`is_name`]), found in the same scan.
pub fn bare_word_or_name<'a>(input: &mut &'a str) -> PResult<(&'a str, bool)> {
    let (end, name) = segments_end(input.as_bytes(), bare_segment_end);
    Ok((take(input, end)?, name))
}

/// `((::)?[A-Z]\w*)+`
pub fn class_ref<'a>(input: &mut &'a str) -> PResult<&'a str> {
    let end = segments_end(input.as_bytes(), |b, from| {
        b.get(from)
            .is_some_and(u8::is_ascii_uppercase)
            .then(|| (from + 1 + run_len(b, from + 1, is_word_byte), true))
    });
    take(input, end.0)
}

/// The name after `$`: `(::)?(\w+::)*\w+`.
pub fn variable_name<'a>(input: &mut &'a str) -> PResult<&'a str> {
    let b = input.as_bytes();
    let lead = if b.starts_with(b"::") { 2 } else { 0 };
    let mut end = lead + run_len(b, lead, is_word_byte);
    if end == lead {
        return backtrack();
    }
    // `::` followed by a word character continues the name
    while b.len() > end + 2 && b[end] == b':' && b[end + 1] == b':' && is_word_byte(b[end + 2]) {
        end += 2 + run_len(b, end + 2, is_word_byte);
    }
    take(input, end)
}

/// Whether `s` is a valid NAME: `((::)?[a-z]\w*)(::[a-z]\w*)*`.
#[cfg(test)]
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
/// byte, longest match first). A match on bytes: it runs for every operator of every
/// manifest, and winnow's `dispatch!`/`alt` of the same table took about 140 instructions
/// a token.
pub fn punct(input: &mut &str) -> PResult<Punct> {
    let b = input.as_bytes();
    let next = b.get(1).copied().unwrap_or(0);
    let (p, len) = match b.first().copied().unwrap_or(0) {
        b'<' => match next {
            b'<' if b.get(2) == Some(&b'|') => (Punct::LLCollect, 3),
            b'|' => (Punct::LCollect, 2),
            b'<' => (Punct::LShift, 2),
            b'=' => (Punct::Le, 2),
            b'-' => (Punct::OutEdge, 2),
            b'~' => (Punct::OutEdgeSub, 2),
            _ => (Punct::Lt, 1),
        },
        b'>' => match next {
            b'>' => (Punct::RShift, 2),
            b'=' => (Punct::Ge, 2),
            _ => (Punct::Gt, 1),
        },
        b'=' => match next {
            b'=' => (Punct::IsEqual, 2),
            b'>' => (Punct::FArrow, 2),
            b'~' => (Punct::Match, 2),
            _ => (Punct::Equals, 1),
        },
        b'+' => match next {
            b'=' => (Punct::Appends, 2),
            b'>' => (Punct::PArrow, 2),
            _ => (Punct::Plus, 1),
        },
        b'-' => match next {
            b'>' => (Punct::InEdge, 2),
            b'=' => (Punct::Deletes, 2),
            _ => (Punct::Minus, 1),
        },
        b'!' => match next {
            b'=' => (Punct::NotEqual, 2),
            b'~' => (Punct::NoMatch, 2),
            _ => (Punct::Not, 1),
        },
        b'~' => match next {
            b'>' => (Punct::InEdgeSub, 2),
            _ => (Punct::Tilde, 1),
        },
        b'@' => match next {
            b'@' => (Punct::AtAt, 2),
            _ => (Punct::At, 1),
        },
        b'|' => match next {
            b'>' if b.get(2) == Some(&b'>') => (Punct::RRCollect, 3),
            b'>' => (Punct::RCollect, 2),
            _ => (Punct::Pipe, 1),
        },
        b',' => (Punct::Comma, 1),
        b';' => (Punct::Semic, 1),
        b':' => (Punct::Colon, 1),
        b'.' => (Punct::Dot, 1),
        b'?' => (Punct::QMark, 1),
        b'*' => (Punct::Times, 1),
        b'%' => (Punct::Modulo, 1),
        b'/' => (Punct::Div, 1),
        b']' => (Punct::RBrack, 1),
        b')' => (Punct::RParen, 1),
        _ => return backtrack(),
    };
    *input = &input[len..];
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run<'a>(p: fn(&mut &'a str) -> PResult<&'a str>, s: &'a str) -> Option<(&'a str, &'a str)> {
        let mut i = s;
        p(&mut i).ok().map(|m| (m, i))
    }

    /// Runs of blanks end where a byte-at-a-time scan ends them, whatever their length
    /// and wherever the eight-space steps stop.
    #[test]
    fn blank_runs_end_at_the_first_other_byte() {
        for n in 0..40 {
            for tail in ["", "x", "\n", "\t\ty", " \r\n", "        #"] {
                let text = format!("a{}{tail}", " ".repeat(n));
                let b = text.as_bytes();
                let slow = 1 + b[1..]
                    .iter()
                    .take_while(|c| matches!(c, b' ' | b'\t' | b'\r'))
                    .count();
                assert_eq!(blanks_end(b, 1), slow, "{text:?}");
            }
        }
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
    fn punctuation_takes_the_longest_match() {
        let all = [
            "[", "]", "(", ")", "{", "}", ",", ";", ":", ".", "|", "?", "@", "@@", "=>", "+>", "=",
            "+=", "-=", "==", "!=", "=~", "!~", "<", "<=", ">", ">=", "<<", ">>", "<|", "<<|",
            "|>", "|>>", "+", "-", "*", "/", "%", "!", "->", "~>", "<-", "<~", "~",
        ];
        for text in all {
            let mut i = text;
            match punct(&mut i) {
                Ok(p) => assert_eq!((p.as_str(), i), (text, ""), "{text}"),
                // brackets, braces and `(` are lexed in context, not here
                Err(_) => assert!("[({}".contains(text), "{text}"),
            }
        }
        let mut i = "<<|>";
        assert_eq!((punct(&mut i).ok(), i), (Some(Punct::LLCollect), ">"));
        let mut i = "|>>x";
        assert_eq!((punct(&mut i).ok(), i), (Some(Punct::RRCollect), "x"));
        let mut i = "<<x";
        assert_eq!((punct(&mut i).ok(), i), (Some(Punct::LShift), "x"));
        let mut i = "é";
        assert!(punct(&mut i).is_err() && i == "é");
    }

    #[test]
    fn words() {
        assert_eq!(run(bare_word, "foo::bar baz"), Some(("foo::bar", " baz")));
        assert_eq!(run(bare_word, "foo-bar- x"), Some(("foo-bar", "- x")));
        assert_eq!(run(bare_word, "foo::Bar"), Some(("foo", "::Bar")));
        for word in [
            "foo",
            "::foo::b_2",
            "_x",
            "a::_b",
            "foo-bar",
            "a-b::c",
            "x--y",
            "a::b-c",
        ] {
            let mut i = word;
            let (scanned, name) = bare_word_or_name(&mut i).unwrap();
            assert_eq!((scanned, name), (word, is_name(word)), "{word}");
        }
        assert!(is_name("apache::port") && is_name("::x") && !is_name("_x") && !is_name("a-b"));
        assert_eq!(run(class_ref, "My::Type["), Some(("My::Type", "[")));
        assert_eq!(run(variable_name, "::a::b_1 "), Some(("::a::b_1", " ")));
        assert_eq!(run(variable_name, "a::b:: "), Some(("a::b", ":: ")));
        assert_eq!(run(variable_name, "a::-"), Some(("a", "::-")));
        assert_eq!(run(variable_name, "::"), None);
        assert_eq!(run(variable_name, "-x"), None);
        assert_eq!(run(bare_word, "a-::b"), Some(("a", "-::b")));
    }
}
