//! Where and how Ruby's JSON parser (the `json` gem 2.6.1 of Ruby 3.1, whose C parser is a
//! Ragel state machine) rejects a text, so that `JSON.parse` errors read as the reference's:
//! `859: unexpected token at 'abc'`. The number is the line of the gem's C source that
//! raised: 859 the document (the text from where its machine stopped: a value it could not
//! read, or what follows the value), 451 an array (from where the array's machine stopped:
//! an element it could not read, a missing `,` or `]`), 225 `NaN`, 232 `Infinity` (from the
//! character before it: the gem points one byte too far back), 249 `-Infinity`; objects,
//! strings and numbers raise nothing themselves (their caller reports from where they
//! started). Nesting deeper than 100 arrays and objects is `nesting of 101 is too deep`.
//!
//! This checks syntax only; the values are read elsewhere (serde_json) once the text passes.

use std::ops::Range;

/// The gem's default `max_nesting`.
const MAX_NESTING: usize = 100;

/// Why a part of the text was not read.
enum Stop {
    /// Raised at once: the message.
    Raise(String),
    /// The part's machine failed without raising (an object, string or number; a literal
    /// cut short): its caller reports from where the part started.
    Null,
}

type Step = Result<usize, Stop>;

fn raise(line: u32, text: &str, at: usize) -> Stop {
    Stop::Raise(format!("{line}: unexpected token at '{}'", rest(text, at)))
}

/// The text from a byte offset (clamped, and moved back to a character boundary).
fn rest(text: &str, at: usize) -> &str {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    &text[at..]
}

/// The message of Ruby's `JSON::ParserError` (or `NestingError`) for the text, or `None`
/// when Ruby's parser accepts it.
pub fn error(text: &str) -> Option<String> {
    let b = text.as_bytes();
    let mut p = match ignore(b, 0) {
        Ok(p) => p,
        Err(at) => return Some(format!("859: unexpected token at '{}'", rest(text, at))),
    };
    if p == b.len() || !begins_value(b[p]) {
        return Some(format!("859: unexpected token at '{}'", rest(text, p)));
    }
    match value(text, p, 0) {
        Ok(np) => p = np,
        Err(Stop::Raise(m)) => return Some(m),
        Err(Stop::Null) => return Some(format!("859: unexpected token at '{}'", rest(text, p))),
    }
    match ignore(b, p) {
        Ok(end) if end == b.len() => None,
        Ok(at) | Err(at) => Some(format!("859: unexpected token at '{}'", rest(text, at))),
    }
}

fn begins_value(c: u8) -> bool {
    matches!(
        c,
        b'n' | b'f' | b't' | b'"' | b'-' | b'[' | b'{' | b'N' | b'I'
    ) || c.is_ascii_digit()
}

/// Skips white space and comments (`/* ... */`, `// ...` ended by a newline): the offset
/// after them, or where a comment broke off (the end for one not closed).
fn ignore(b: &[u8], mut p: usize) -> Result<usize, usize> {
    loop {
        match b.get(p) {
            Some(b' ' | b'\t' | b'\r' | b'\n') => p += 1,
            Some(b'/') => match b.get(p + 1) {
                Some(b'*') => {
                    let body = &b[p + 2..];
                    let close = body.windows(2).position(|w| w == b"*/").ok_or(b.len())?;
                    p += 2 + close + 2;
                }
                Some(b'/') => {
                    let nl = b[p + 2..].iter().position(|&c| c == b'\n').ok_or(b.len())?;
                    p += 2 + nl + 1;
                }
                Some(_) => return Err(p + 1),
                None => return Err(b.len()),
            },
            _ => return Ok(p),
        }
    }
}

/// The members of a text whose value is an object, when Ruby's parser accepts it (where
/// [`error`] says `None`): each key's and value's byte ranges (the key with its quotes), in
/// order; `None` for any other text (another value, or one Ruby rejects: [`error`] says
/// why). What reads a few members of a large object (a module's `metadata.json`) reads
/// only those, without making values of the rest.
pub fn object_members(text: &str) -> Option<Vec<(Range<usize>, Range<usize>)>> {
    let b = text.as_bytes();
    let mut q = ignore(b, 0).ok()?;
    if b.get(q) != Some(&b'{') {
        return None;
    }
    let mut members = Vec::new();
    q = ignore(b, q + 1).ok()?;
    if b.get(q) == Some(&b'}') {
        return (ignore(b, q + 1).ok()? == b.len()).then_some(members);
    }
    loop {
        if b.get(q) != Some(&b'"') {
            return None;
        }
        let key_end = string(b, q)?;
        let key = q..key_end;
        q = ignore(b, key_end).ok()?;
        if b.get(q) != Some(&b':') {
            return None;
        }
        q = ignore(b, q + 1).ok()?;
        if !b.get(q).is_some_and(|&c| begins_value(c)) {
            return None;
        }
        let end = value(text, q, 1).ok()?;
        members.push((key, q..end));
        q = ignore(b, end).ok()?;
        match b.get(q) {
            // (nothing but blanks and comments after it)
            Some(b'}') => return (ignore(b, q + 1).ok()? == b.len()).then_some(members),
            Some(b',') => q = ignore(b, q + 1).ok()?,
            _ => return None,
        }
    }
}

/// One value at `p` (a character that begins one): the offset after it.
fn value(text: &str, p: usize, depth: usize) -> Step {
    let b = text.as_bytes();
    let word = |w: &str| b[p..].starts_with(w.as_bytes());
    match b[p] {
        b'n' if word("null") => Ok(p + 4),
        b'f' if word("false") => Ok(p + 5),
        b't' if word("true") => Ok(p + 4),
        b'N' if word("NaN") => Err(raise(225, text, p)),
        // (the gem points one byte before `Infinity`: nothing at the very start)
        b'I' if word("Infinity") => Err(match p.checked_sub(1) {
            Some(at) => raise(232, text, at),
            None => raise(232, text, text.len()),
        }),
        b'-' if word("-Infinity") => Err(raise(249, text, p)),
        b'-' | b'0'..=b'9' => number(b, p).ok_or(Stop::Null),
        b'"' => string(b, p).ok_or(Stop::Null),
        b'[' => array(text, p, depth + 1),
        b'{' => object(text, p, depth + 1),
        _ => Err(Stop::Null),
    }
}

/// The digits of an integer part: `0` or `[1-9][0-9]*` after an optional `-`.
fn integer_part(b: &[u8], mut p: usize) -> Option<usize> {
    if b.get(p) == Some(&b'-') {
        p += 1;
    }
    match b.get(p) {
        Some(b'0') => Some(p + 1),
        Some(b'1'..=b'9') => Some(p + 1 + digits(b, p + 1)),
        _ => None,
    }
}

fn digits(b: &[u8], p: usize) -> usize {
    b[p.min(b.len())..]
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .count()
}

/// A number: as a float (a fraction or an exponent, not followed by `[0-9Ee.-]`), else as an
/// integer (not followed by a digit).
fn number(b: &[u8], p: usize) -> Option<usize> {
    let int_end = integer_part(b, p)?;
    let float = (|| {
        let mut q = int_end;
        let mut fraction_or_exponent = false;
        if b.get(q) == Some(&b'.') {
            let n = digits(b, q + 1);
            if n == 0 {
                return None;
            }
            q += 1 + n;
            fraction_or_exponent = true;
        }
        if matches!(b.get(q), Some(b'e' | b'E')) {
            q += 1;
            if matches!(b.get(q), Some(b'+' | b'-')) {
                q += 1;
            }
            let n = digits(b, q);
            if n == 0 {
                return None;
            }
            q += n;
            fraction_or_exponent = true;
        }
        let next_ok = !matches!(b.get(q), Some(c) if c.is_ascii_digit() || matches!(c, b'E' | b'e' | b'.' | b'-'));
        (fraction_or_exponent && next_ok).then_some(q)
    })();
    float.or_else(|| (!matches!(b.get(int_end), Some(c) if c.is_ascii_digit())).then_some(int_end))
}

/// A string: no raw control characters; `\u` takes four hex digits, any other escaped
/// character stands.
fn string(b: &[u8], p: usize) -> Option<usize> {
    let mut q = p + 1;
    loop {
        match *b.get(q)? {
            b'"' => return Some(q + 1),
            c if c < 0x20 => return None,
            b'\\' => match *b.get(q + 1)? {
                b'u' => {
                    let hex = b.get(q + 2..q + 6)?;
                    if !hex.iter().all(u8::is_ascii_hexdigit) {
                        return None;
                    }
                    q += 6;
                }
                c if c < 0x20 => return None,
                _ => q += 2,
            },
            _ => q += 1,
        }
    }
}

fn nesting(depth: usize) -> Result<(), Stop> {
    if depth > MAX_NESTING {
        return Err(Stop::Raise(format!("nesting of {depth} is too deep")));
    }
    Ok(())
}

/// An array: its own error (451) from where it stopped.
fn array(text: &str, p: usize, depth: usize) -> Step {
    nesting(depth)?;
    let b = text.as_bytes();
    let stop = |at: usize| Err(raise(451, text, at));
    let mut q = match ignore(b, p + 1) {
        Ok(q) => q,
        Err(at) => return stop(at),
    };
    if b.get(q) == Some(&b']') {
        return Ok(q + 1);
    }
    loop {
        match b.get(q) {
            Some(&c) if begins_value(c) => {}
            _ => return stop(q),
        }
        q = match value(text, q, depth) {
            Ok(end) => end,
            Err(Stop::Null) => return stop(q),
            Err(raised) => return Err(raised),
        };
        q = match ignore(b, q) {
            Ok(q) => q,
            Err(at) => return stop(at),
        };
        match b.get(q) {
            Some(b']') => return Ok(q + 1),
            Some(b',') => {}
            _ => return stop(q),
        }
        q = match ignore(b, q + 1) {
            Ok(q) => q,
            Err(at) => return stop(at),
        };
    }
}

/// An object: no error of its own (its caller reports from the `{`), but what its values
/// raise.
fn object(text: &str, p: usize, depth: usize) -> Step {
    nesting(depth)?;
    let b = text.as_bytes();
    let skip = |q: usize| ignore(b, q).map_err(|_| Stop::Null);
    let mut q = skip(p + 1)?;
    if b.get(q) == Some(&b'}') {
        return Ok(q + 1);
    }
    loop {
        if b.get(q) != Some(&b'"') {
            return Err(Stop::Null);
        }
        q = string(b, q).ok_or(Stop::Null)?;
        q = skip(q)?;
        if b.get(q) != Some(&b':') {
            return Err(Stop::Null);
        }
        q = skip(q + 1)?;
        match b.get(q) {
            Some(&c) if begins_value(c) => {}
            _ => return Err(Stop::Null),
        }
        q = value(text, q, depth)?;
        q = skip(q)?;
        match b.get(q) {
            Some(b'}') => return Ok(q + 1),
            Some(b',') => q = skip(q + 1)?,
            _ => return Err(Stop::Null),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::error;

    /// The system Ruby 3.1's answers (`JSON.parse(text)` with json 2.6.1).
    #[test]
    fn errors_are_ruby_json_s() {
        let cases: &[(&str, Option<&str>)] = &[
            ("abc", Some("859: unexpected token at 'abc'")),
            ("[1,", Some("451: unexpected token at ''")),
            ("{\"a\": }", Some("859: unexpected token at '{\"a\": }'")),
            ("", Some("859: unexpected token at ''")),
            ("  ", Some("859: unexpected token at ''")),
            ("[1] x", Some("859: unexpected token at 'x'")),
            ("{", Some("859: unexpected token at '{'")),
            ("[", Some("451: unexpected token at ''")),
            ("{\"a\":1,", Some("859: unexpected token at '{\"a\":1,'")),
            ("[1 2]", Some("451: unexpected token at '2]'")),
            ("\"abc", Some("859: unexpected token at '\"abc'")),
            ("{1:2}", Some("859: unexpected token at '{1:2}'")),
            ("nul", Some("859: unexpected token at 'nul'")),
            ("-", Some("859: unexpected token at '-'")),
            ("1.", Some("859: unexpected token at '.'")),
            ("[1,]", Some("451: unexpected token at ']'")),
            ("{\"a\":1,}", Some("859: unexpected token at '{\"a\":1,}'")),
            ("\"\\u12\"", Some("859: unexpected token at '\"\\u12\"'")),
            ("[nan]", Some("451: unexpected token at 'nan]'")),
            ("NaN", Some("225: unexpected token at 'NaN'")),
            ("[1]]", Some("859: unexpected token at ']'")),
            ("{\"a\":[1,}", Some("451: unexpected token at '}'")),
            ("/* x", Some("859: unexpected token at ''")),
            ("[--1]", Some("451: unexpected token at '--1]'")),
            ("01", Some("859: unexpected token at '01'")),
            ("[01]", Some("451: unexpected token at '01]'")),
            ("1e", Some("859: unexpected token at 'e'")),
            ("[\"a\" \"b\"]", Some("451: unexpected token at '\"b\"]'")),
            ("Infinity", Some("232: unexpected token at ''")),
            ("-Infinity", Some("249: unexpected token at '-Infinity'")),
            ("[Infinity]", Some("232: unexpected token at '[Infinity]'")),
            ("[-Infinity]", Some("249: unexpected token at '-Infinity]'")),
            ("{\"a\":NaN}", Some("225: unexpected token at 'NaN}'")),
            ("{\"é\": }", Some("859: unexpected token at '{\"é\": }'")),
            ("[é]", Some("451: unexpected token at 'é]'")),
            ("[1.5e]", Some("451: unexpected token at '.5e]'")),
            ("[1.]", Some("451: unexpected token at '.]'")),
            ("[true false]", Some("451: unexpected token at 'false]'")),
            ("[\"a\t\"]", Some("451: unexpected token at '\"a\t\"]'")),
            ("[[[[1]]]", Some("451: unexpected token at ''")),
            ("[{\"a\":[}]", Some("451: unexpected token at '}]'")),
            ("{\"a\":{\"b\":[1,}}", Some("451: unexpected token at '}}'")),
            ("-Inf", Some("859: unexpected token at '-Inf'")),
            ("[1] // c", Some("859: unexpected token at ''")),
            ("[1]/", Some("859: unexpected token at ''")),
            (
                "{\"a\" : 1 , }",
                Some("859: unexpected token at '{\"a\" : 1 , }'"),
            ),
            ("// c\n[1]", None),
            ("[1,2]/* c */", None),
            ("\"a\\x\"", None),
            (" -0 ", None),
            ("1.0E+2", None),
            ("{\"a\":1,\"a\":2}", None),
            ("null", None),
        ];
        for (text, expected) in cases {
            assert_eq!(error(text).as_deref(), *expected, "{text:?}");
        }
        let deep = format!("{}{}", "[".repeat(101), "]".repeat(101));
        assert_eq!(error(&deep).as_deref(), Some("nesting of 101 is too deep"));
        let ok = format!("{}{}", "[".repeat(100), "]".repeat(100));
        assert_eq!(error(&ok), None);
    }

    /// An object's members are found where Ruby's parser accepts the text, and only there.
    #[test]
    fn object_members_of_accepted_objects() {
        use super::object_members;
        let text = r#" /* c */ {"a": [1, {"b": "}"}], "k\"e": null , "c":{}} // end
"#;
        let members = object_members(text).unwrap();
        let shown: Vec<(&str, &str)> = members
            .iter()
            .map(|(k, v)| (&text[k.clone()], &text[v.clone()]))
            .collect();
        assert_eq!(
            shown,
            [
                (r#""a""#, r#"[1, {"b": "}"}]"#),
                (r#""k\"e""#, "null"),
                (r#""c""#, "{}")
            ]
        );
        assert_eq!(object_members(" {} ").unwrap().len(), 0);
        for text in [
            "[1]",
            "\"s\"",
            "{} x",
            "{\"a\": 1",
            "{\"a\": NaN}",
            "{\"a\" 1}",
            "",
        ] {
            assert!(object_members(text).is_none(), "{text}");
            if text.starts_with('{') {
                assert!(error(text).is_some(), "{text}");
            }
        }
    }
}
