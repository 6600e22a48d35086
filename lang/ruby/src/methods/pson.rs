//! `PSON.load` / `PSON.parse`: Puppet's PSON reader (`puppet/external/pson/pure/parser.rb`,
//! a scanner of its own, not Ruby's JSON): only an object or an array at the top, `NaN` and
//! infinities as floats, any escaped character as itself, an array or object cut short at the
//! end of the text as far as it goes; its errors (`source 'abc' not in PSON!`, `expected ','
//! or ']' in array at '2]'!`) show the next 20 bytes from where it stopped.

use crate::error::RubyError;
use crate::eval::{Flow, R};
use crate::value::{RBool, RFloat};
use crate::value::{RHash, RValue};

struct Scanner<'a> {
    text: &'a str,
    b: &'a [u8],
    p: usize,
    at: usize,
    /// A value Puppet's reader gets wrong was read (`\u00e9`, `NaN`).
    beyond: bool,
}

/// The data in a PSON text, or Puppet's `PSON::ParserError`.
pub fn parse(text: &str, at: usize) -> R {
    let mut s = Scanner {
        text,
        b: text.as_bytes(),
        p: 0,
        at,
        beyond: false,
    };
    let mut obj = None;
    while s.p < s.b.len() {
        match s.b[s.p] {
            c @ (b'{' | b'[') => {
                if obj.is_some() {
                    s.p += 1;
                    return Err(s.error(format!("source '{}' not in PSON!", s.peek())));
                }
                s.p += 1;
                obj = Some(if c == b'{' { s.object()? } else { s.array()? });
            }
            _ => {
                if !s.skip_ignore() {
                    return Err(s.error(format!("source '{}' not in PSON!", s.peek())));
                }
            }
        }
    }
    let obj = obj.ok_or_else(|| s.error("source did not contain any PSON!".to_string()))?;
    if s.beyond {
        return Err(Flow::from(RubyError::unsupported(
            "PSON with a \\u escape of a non-ASCII character or NaN (Puppet's PSON reader garbles them)",
            at,
        )));
    }
    Ok(obj)
}

impl Scanner<'_> {
    fn error(&self, message: String) -> Flow {
        Flow::from(RubyError::raised_as("PSON::ParserError", message, self.at))
    }

    /// The next 20 bytes (`StringScanner#peek(20)`), cut back to a character boundary.
    fn peek(&self) -> &str {
        let mut end = (self.p + 20).min(self.b.len());
        while !self.text.is_char_boundary(end) {
            end -= 1;
        }
        &self.text[self.p..end]
    }

    fn eat(&mut self, c: u8) -> bool {
        let hit = self.b.get(self.p) == Some(&c);
        self.p += usize::from(hit);
        hit
    }

    /// White space and comments (`//` to the end of the line, `/* */`): whether any.
    fn skip_ignore(&mut self) -> bool {
        let start = self.p;
        loop {
            let rest = &self.b[self.p..];
            match rest {
                [b' ' | b'\t' | b'\r' | b'\n', ..] => self.p += 1,
                [b'/', b'/', tail @ ..] => {
                    match tail.iter().position(|c| matches!(c, b'\n' | b'\r')) {
                        Some(i) => self.p += 2 + i + 1,
                        None => break,
                    }
                }
                [b'/', b'*', tail @ ..] => match tail.windows(2).position(|w| w == b"*/") {
                    Some(i) => self.p += 2 + i + 2,
                    None => break,
                },
                _ => break,
            }
        }
        self.p > start
    }

    fn starts(&self, w: &str) -> bool {
        self.b[self.p..].starts_with(w.as_bytes())
    }

    /// A value, or `None` (the scanner unmoved) where none begins.
    fn value(&mut self) -> R<Option<RValue>> {
        if let Some(v) = self.number() {
            return Ok(Some(v));
        }
        for (w, v) in [
            ("true", RValue::Bool(RBool::True)),
            ("false", RValue::Bool(RBool::False)),
            ("null", RValue::Nil),
        ] {
            if self.starts(w) {
                self.p += w.len();
                return Ok(Some(v));
            }
        }
        if let Some(s) = self.string() {
            return Ok(Some(RValue::str(s)));
        }
        if self.eat(b'[') {
            return self.array().map(Some);
        }
        if self.eat(b'{') {
            return self.object().map(Some);
        }
        for (w, f) in [
            ("NaN", f64::NAN),
            ("Infinity", f64::INFINITY),
            ("-Infinity", f64::NEG_INFINITY),
        ] {
            if self.starts(w) {
                self.p += w.len();
                self.beyond |= f.is_nan();
                return Ok(Some(RValue::Float(RFloat::new(f))));
            }
        }
        Ok(None)
    }

    /// `-?(0|[1-9]\d*)` and, for a float, a fraction and/or an exponent.
    fn number(&mut self) -> Option<RValue> {
        let b = self.b;
        let digits = |from: usize| {
            b[from.min(b.len())..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .count()
        };
        let start = self.p;
        let mut q = start + usize::from(b.get(start) == Some(&b'-'));
        match b.get(q) {
            Some(b'0') => q += 1,
            Some(b'1'..=b'9') => q += 1 + digits(q + 1),
            _ => return None,
        }
        let int_end = q;
        if b.get(q) == Some(&b'.') && digits(q + 1) > 0 {
            q += 1 + digits(q + 1);
        }
        if matches!(b.get(q), Some(b'e' | b'E')) {
            let sign = usize::from(matches!(b.get(q + 1), Some(b'+' | b'-')));
            if digits(q + 1 + sign) > 0 {
                q += 1 + sign + digits(q + 1 + sign);
            }
        }
        let text = &self.text[start..q];
        self.p = q;
        if q > int_end {
            return text.parse().ok().map(RValue::float);
        }
        Some(match text.parse::<i64>() {
            Ok(i) => RValue::Int(i),
            Err(_) => {
                let neg = text.starts_with('-');
                super::bignum::Bignum::parse(text.trim_start_matches('-'), 10, neg)
            }
        })
    }

    /// A string, its escapes read (an unknown escaped character is itself); `None` (unmoved)
    /// where no well-formed one begins.
    fn string(&mut self) -> Option<String> {
        let b = self.b;
        if b.get(self.p) != Some(&b'"') {
            return None;
        }
        let mut out = String::new();
        let mut q = self.p + 1;
        let mut units: Vec<u16> = Vec::new();
        loop {
            let c = *b.get(q)?;
            if c == b'\\' && b.get(q + 1) == Some(&b'u') {
                let hex = b.get(q + 2..q + 6)?;
                let hex = std::str::from_utf8(hex).ok()?;
                let unit = u16::from_str_radix(hex, 16).ok()?;
                // (Puppet's reader builds the UTF-16 bytes as characters: right only while
                // both bytes are ASCII, an error or mojibake otherwise)
                if unit.to_be_bytes().iter().any(|&x| x >= 0x80) {
                    self.beyond = true;
                }
                units.push(unit);
                q += 6;
                continue;
            }
            if !units.is_empty() {
                out.push_str(&String::from_utf16_lossy(&units));
                units.clear();
            }
            match c {
                b'"' => break,
                0..=0x1f => return None,
                b'\\' => {
                    let e = *b.get(q + 1)?;
                    if e < 0x20 {
                        return None;
                    }
                    match e {
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        _ => {
                            let ch = self.text[q + 1..].chars().next()?;
                            out.push(ch);
                            q += ch.len_utf8() - 1;
                        }
                    }
                    q += 2;
                }
                _ => {
                    let ch = self.text[q..].chars().next()?;
                    out.push(ch);
                    q += ch.len_utf8();
                }
            }
        }
        self.p = q + 1;
        Some(out)
    }

    /// The elements after `[`.
    fn array(&mut self) -> R {
        let mut items = Vec::new();
        let mut delim = false;
        while self.p < self.b.len() {
            if let Some(v) = self.value()? {
                delim = false;
                items.push(v);
                self.skip_ignore();
                if self.eat(b',') {
                    delim = true;
                } else if self.b.get(self.p) != Some(&b']') {
                    return Err(self.error(format!(
                        "expected ',' or ']' in array at '{}'!",
                        self.peek()
                    )));
                }
            } else if self.eat(b']') {
                if delim {
                    return Err(self.error(format!(
                        "expected next element in array at '{}'!",
                        self.peek()
                    )));
                }
                break;
            } else if !self.skip_ignore() {
                return Err(self.error(format!("unexpected token in array at '{}'!", self.peek())));
            }
        }
        Ok(RValue::array(items))
    }

    /// The pairs after `{`.
    fn object(&mut self) -> R {
        let mut h = RHash::default();
        let mut delim = false;
        while self.p < self.b.len() {
            if let Some(key) = self.string() {
                self.skip_ignore();
                if !self.eat(b':') {
                    return Err(self.error(format!("expected ':' in object at '{}'!", self.peek())));
                }
                self.skip_ignore();
                let Some(v) = self.value()? else {
                    return Err(
                        self.error(format!("expected value in object at '{}'!", self.peek()))
                    );
                };
                h.insert(RValue::str(key), v);
                delim = false;
                self.skip_ignore();
                if self.eat(b',') {
                    delim = true;
                } else if self.b.get(self.p) != Some(&b'}') {
                    return Err(self.error(format!(
                        "expected ',' or '}}' in object at '{}'!",
                        self.peek()
                    )));
                }
            } else if self.eat(b'}') {
                if delim {
                    return Err(self.error(format!(
                        "expected next name, value pair in object at '{}'!",
                        self.peek()
                    )));
                }
                break;
            } else if !self.skip_ignore() {
                return Err(self.error(format!("unexpected token in object at '{}'!", self.peek())));
            }
        }
        Ok(RValue::hash(h))
    }
}

#[cfg(test)]
mod tests {
    use super::parse;
    use crate::error::RubyError;

    fn answer(text: &str) -> String {
        match parse(text, 0) {
            Ok(v) => crate::show::inspect(&v),
            Err(f) => match f.into_error().map(|e| *e) {
                Ok(RubyError::Raised { message, .. }) => format!("error: {message}"),
                _ => "other".into(),
            },
        }
    }

    /// Puppet 7.23's `PSON.load(text)` (the system Ruby with puppet's pure parser).
    #[test]
    fn reads_as_puppet_s_pson() {
        let cases = [
            ("abc", "error: source 'abc' not in PSON!"),
            ("", "error: source did not contain any PSON!"),
            ("1", "error: source '1' not in PSON!"),
            ("[1", "error: expected ',' or ']' in array at ''!"),
            ("[1,", "[1]"),
            ("[1,]", "error: expected next element in array at ''!"),
            ("[1 2]", "error: expected ',' or ']' in array at '2]'!"),
            ("[x]", "error: unexpected token in array at 'x]'!"),
            ("{\"a\":1", "error: expected ',' or '}' in object at ''!"),
            ("{\"a\" 1}", "error: expected ':' in object at '1}'!"),
            ("{\"a\": }", "error: expected value in object at '}'!"),
            (
                "{\"a\":1 \"b\"}",
                "error: expected ',' or '}' in object at '\"b\"}'!",
            ),
            (
                "{\"a\":1,}",
                "error: expected next name, value pair in object at ''!",
            ),
            ("{1:2}", "error: unexpected token in object at '1:2}'!"),
            ("[1] [2]", "error: source '2]' not in PSON!"),
            ("[1] x", "error: source 'x' not in PSON!"),
            ("[01]", "error: expected ',' or ']' in array at '1]'!"),
            (
                "[1.5, -2, 1e2, \"a\\x\\u0041\\/\", null, true, -Infinity]",
                "[1.5, -2, 100.0, \"axA/\", nil, true, -Infinity]",
            ),
            (
                "[123456789012345678901234567890]",
                "[123456789012345678901234567890]",
            ),
            ("[1.]", "error: expected ',' or ']' in array at '.]'!"),
            ("[1e]", "error: expected ',' or ']' in array at 'e]'!"),
            ("{\"a\":1}}", "error: source '}' not in PSON!"),
            ("[-]", "error: unexpected token in array at '-]'!"),
            ("[\"\\u00e9\"]", "other"),
            ("[NaN]", "other"),
            ("// c\n[1] /* d */", "[1]"),
            (
                "[\"abcdefghijklmnopqrstuvwxyz\" x]",
                "error: expected ',' or ']' in array at 'x]'!",
            ),
            (
                "[x23456789012345678901234]",
                "error: unexpected token in array at 'x2345678901234567890'!",
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(answer(text), expected, "{text:?}");
        }
    }
}
