//! Whether a translated pattern is in a small subset of the engines' syntax that both
//! `regex-lite` and `regex-syntax` read without error, checked in one pass over its bytes:
//! such a pattern needs no compiling until it is first matched.
//!
//! Modules' type aliases define many `Pattern`s (stdlib's `Stdlib::Compat::*`, `*::Ip*`,
//! apache's) that a catalog never matches; compiling each at its definition, only to know
//! that it has no error, cost `include apache` about a million instructions. The scan is
//! conservative: whatever it does not know (look-around, Unicode classes, back-references,
//! `\x{..}`, nested or POSIX classes, set operations, extended mode, large counted
//! repetitions, deep nesting) makes it answer `false`, and the pattern is compiled at once
//! as before, so that its errors are raised where it is written. The tests check the
//! answer against both parsers on the corpus's patterns and on random ones.

/// Counted repetitions up to this bound (`{1,4}`); larger ones are compiled at once (a
/// pattern too big for an engine fails only when compiled).
const MAX_COUNT: u32 = 100;

/// Groups nested deeper than this are compiled at once (`regex-lite` refuses a syntax tree
/// 50 deep, and a group can add four levels: capture, alternation, concatenation, repetition).
const MAX_DEPTH: usize = 8;

/// Longer patterns are compiled at once.
const MAX_LEN: usize = 2048;

/// Whether `pattern` (in the engines' syntax, as `translate_ruby` writes it) is in the
/// subset both parsers accept: then compiling it cannot fail for its syntax.
pub(super) fn is_simple(pattern: &str) -> bool {
    pattern.len() <= MAX_LEN
        && Scan {
            b: pattern.as_bytes(),
            i: 0,
            names: Vec::new(),
        }
        .alternation(0)
        .is_some_and(|end| end == pattern.len())
}

struct Scan<'a> {
    b: &'a [u8],
    i: usize,
    names: Vec<&'a [u8]>,
}

/// What the last item of a sequence was: whether a quantifier may follow it.
#[derive(Clone, Copy, PartialEq)]
enum Last {
    /// Nothing, an anchor, a flag group or a quantifier: a quantifier here is refused.
    NotRepeatable,
    Atom,
}

impl<'a> Scan<'a> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    /// Branches separated by `|`, up to a `)` or the end (not consumed): the position
    /// reached, or `None` when the pattern leaves the subset.
    fn alternation(&mut self, depth: usize) -> Option<usize> {
        if depth > MAX_DEPTH {
            return None;
        }
        let mut last = Last::NotRepeatable;
        while let Some(c) = self.peek() {
            match c {
                b')' => break,
                b'|' => {
                    self.i += 1;
                    last = Last::NotRepeatable;
                }
                b'*' | b'+' | b'?' | b'{' => {
                    if last != Last::Atom {
                        return None;
                    }
                    self.quantifier()?;
                    last = Last::NotRepeatable;
                }
                b'(' => last = self.group(depth)?,
                b'[' => {
                    self.class()?;
                    last = Last::Atom;
                }
                b'\\' => last = self.escape()?,
                b'^' | b'$' => {
                    self.i += 1;
                    last = Last::NotRepeatable;
                }
                // (a literal `}` or `]` is accepted by the parsers, but not needed here)
                b']' | b'}' => return None,
                _ => {
                    self.literal_char()?;
                    last = Last::Atom;
                }
            }
        }
        Some(self.i)
    }

    /// One literal character (`.` among them), possibly multi-byte.
    fn literal_char(&mut self) -> Option<()> {
        let c = self.peek()?;
        // (a control character other than tab and newline: left to the engines)
        if c < 0x20 && c != b'\t' && c != b'\n' || c == 0x7f {
            return None;
        }
        let len = match c {
            0x00..=0x7f => 1,
            0xc0..=0xdf => 2,
            0xe0..=0xef => 3,
            0xf0..=0xf7 => 4,
            _ => return None,
        };
        std::str::from_utf8(self.b.get(self.i..self.i + len)?).ok()?;
        self.i += len;
        Some(())
    }

    /// `*`, `+`, `?`, `{n}`, `{n,}` or `{n,m}` (small counts), then an optional lazy `?`.
    fn quantifier(&mut self) -> Option<()> {
        match self.peek()? {
            b'*' | b'+' | b'?' => self.i += 1,
            _ => {
                self.i += 1; // `{`
                let low = self.number()?;
                match self.peek()? {
                    b'}' => self.i += 1,
                    b',' => {
                        self.i += 1;
                        if self.peek()? != b'}' && self.number()? < low {
                            return None;
                        }
                        if self.peek()? != b'}' {
                            return None;
                        }
                        self.i += 1;
                    }
                    _ => return None,
                }
            }
        }
        if self.peek() == Some(b'?') {
            self.i += 1;
        }
        Some(())
    }

    /// A decimal count of at most [`MAX_COUNT`].
    fn number(&mut self) -> Option<u32> {
        let start = self.i;
        let mut n: u32 = 0;
        while let Some(d @ b'0'..=b'9') = self.peek() {
            n = n * 10 + u32::from(d - b'0');
            if n > MAX_COUNT {
                return None;
            }
            self.i += 1;
        }
        (self.i > start).then_some(n)
    }

    /// `(...)`, `(?:...)`, `(?<name>...)`, `(?P<name>...)`, `(?flags:...)` or `(?flags)`.
    fn group(&mut self, depth: usize) -> Option<Last> {
        self.i += 1; // `(`
        if self.peek() == Some(b'?') {
            self.i += 1;
            match self.peek()? {
                b':' => self.i += 1,
                b'P' if self.b.get(self.i + 1) == Some(&b'<') => {
                    self.i += 2;
                    self.name()?;
                }
                b'<' => {
                    self.i += 1;
                    self.name()?;
                }
                _ => {
                    self.flags()?;
                    match self.peek()? {
                        b')' => {
                            self.i += 1;
                            return Some(Last::NotRepeatable);
                        }
                        b':' => self.i += 1,
                        _ => return None,
                    }
                }
            }
        }
        self.alternation(depth + 1)?;
        if self.peek()? != b')' {
            return None;
        }
        self.i += 1;
        Some(Last::Atom)
    }

    /// A group's name up to its `>`: ASCII, not starting with a digit, not used before.
    fn name(&mut self) -> Option<()> {
        let start = self.i;
        while let Some(c) = self.peek() {
            match c {
                b'>' => break,
                b'A'..=b'Z' | b'a'..=b'z' | b'_' => self.i += 1,
                b'0'..=b'9' if self.i > start => self.i += 1,
                _ => return None,
            }
        }
        let name = &self.b[start..self.i];
        if name.is_empty() || self.peek()? != b'>' || self.names.contains(&name) {
            return None;
        }
        self.names.push(name);
        self.i += 1;
        Some(())
    }

    /// Flags `i`, `m`, `s` (each once; `u` and `x` are left to the engines), with at most one `-` that is not the last.
    fn flags(&mut self) -> Option<()> {
        let mut seen: Vec<u8> = Vec::new();
        let mut negated = false;
        let mut last_dash = false;
        while let Some(c) = self.peek() {
            match c {
                b'i' | b'm' | b's' if !seen.contains(&c) => {
                    seen.push(c);
                    last_dash = false;
                }
                b'-' if !negated => {
                    negated = true;
                    last_dash = true;
                }
                b')' | b':' => break,
                _ => return None,
            }
            self.i += 1;
        }
        (!seen.is_empty() && !last_dash).then_some(())
    }

    /// An escape outside a class: an escaped punctuation character (a literal), `\n`, `\t`,
    /// `\r`, `\f`, `\v`, `\xHH`, or the assertions `\A`, `\z`, `\b`, `\B`.
    fn escape(&mut self) -> Option<Last> {
        self.i += 1; // `\`
        match self.peek()? {
            b'A' | b'z' | b'B' => {
                self.i += 1;
                Some(Last::NotRepeatable)
            }
            // (`\b{start}` and the like are assertions of their own)
            b'b' if self.b.get(self.i + 1) != Some(&b'{') => {
                self.i += 1;
                Some(Last::NotRepeatable)
            }
            _ => {
                self.char_escape()?;
                Some(Last::Atom)
            }
        }
    }

    /// The part after a `\` that stands for one character, in or outside a class: its
    /// value.
    fn char_escape(&mut self) -> Option<u32> {
        let c = self.peek()?;
        self.i += 1;
        Some(match c {
            b'n' => u32::from(b'\n'),
            b't' => u32::from(b'\t'),
            b'r' => u32::from(b'\r'),
            b'f' => 0x0c,
            b'v' => 0x0b,
            b'x' if self.peek() == Some(b'{') => {
                // `\x{0}`: one to six hex digits, a Unicode scalar value
                let digits = self.b[self.i + 1..]
                    .iter()
                    .take_while(|c| c.is_ascii_hexdigit())
                    .count();
                if !(1..=6).contains(&digits) || self.b.get(self.i + 1 + digits) != Some(&b'}') {
                    return None;
                }
                let hex = std::str::from_utf8(&self.b[self.i + 1..self.i + 1 + digits]).ok()?;
                let value = u32::from_str_radix(hex, 16).ok()?;
                char::from_u32(value)?;
                self.i += digits + 2;
                value
            }
            b'x' => {
                let hex = self.b.get(self.i..self.i + 2)?;
                let value = u32::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()?;
                // (`u32::from_str_radix` takes a sign: not a hex digit)
                if !hex.iter().all(u8::is_ascii_hexdigit) {
                    return None;
                }
                self.i += 2;
                value
            }
            // ASCII punctuation (the parsers refuse `\<` and `\>`; `\-` and others are fine)
            c if c.is_ascii_punctuation() && c != b'<' && c != b'>' => u32::from(c),
            _ => return None,
        })
    }

    /// `[...]` or `[^...]` of characters, escapes and ordered ranges.
    fn class(&mut self) -> Option<()> {
        self.i += 1; // `[`
        if self.peek() == Some(b'^') {
            self.i += 1;
        }
        // (a first `]` would be a literal: left to the engines)
        if self.peek()? == b']' {
            return None;
        }
        loop {
            let c = self.peek()?;
            match c {
                b']' => {
                    self.i += 1;
                    return Some(());
                }
                b'[' => self.posix_class()?,
                // Set operations.
                b'&' | b'-' | b'~' if self.b.get(self.i + 1) == Some(&c) => return None,
                _ => {
                    let start = self.class_char()?;
                    if self.peek() == Some(b'-') && self.b.get(self.i + 1) != Some(&b']') {
                        self.i += 1;
                        if matches!(self.peek()?, b'[' | b'-') {
                            return None;
                        }
                        let end = self.class_char()?;
                        if end < start {
                            return None;
                        }
                    }
                }
            }
        }
    }

    /// A POSIX class in a class, `[:xdigit:]` or `[:^alpha:]` (nested classes are not in the
    /// subset).
    fn posix_class(&mut self) -> Option<()> {
        const NAMES: [&[u8]; 14] = [
            b"alnum", b"alpha", b"ascii", b"blank", b"cntrl", b"digit", b"graph", b"lower",
            b"print", b"punct", b"space", b"upper", b"word", b"xdigit",
        ];
        let rest = self.b.get(self.i..)?;
        let rest = rest.strip_prefix(b"[:")?;
        let negated = rest.first() == Some(&b'^');
        let rest = &rest[usize::from(negated)..];
        let name = NAMES.iter().find(|n| rest.starts_with(n))?;
        if !rest[name.len()..].starts_with(b":]") {
            return None;
        }
        self.i += 2 + usize::from(negated) + name.len() + 2;
        // (not the start of a range)
        (self.peek() != Some(b'-') || self.b.get(self.i + 1) == Some(&b']')).then_some(())
    }

    /// One character of a class (a literal or an escape): its value.
    fn class_char(&mut self) -> Option<u32> {
        match self.peek()? {
            b'\\' => {
                self.i += 1;
                self.char_escape()
            }
            _ => {
                let start = self.i;
                self.literal_char()?;
                std::str::from_utf8(&self.b[start..self.i])
                    .ok()?
                    .chars()
                    .next()
                    .map(u32::from)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::is_simple;

    /// What the scan answers must hold: a simple pattern parses with both parsers (and
    /// `regex-lite` compiles it; the `regex` crate's NFA builds from the parse).
    fn both_accept(p: &str) -> bool {
        regex_lite::Regex::new(p).is_ok()
            && regex_syntax::Parser::new().parse(p).is_ok_and(|hir| {
                regex_automata::nfa::thompson::Compiler::new()
                    .build_from_hir(&hir)
                    .is_ok()
            })
    }

    #[test]
    fn simple_patterns_are_accepted_by_both_parsers() {
        let simple = [
            r"(?m)^\/([^\/\x00]+\/*)*$",
            r"(?m)\A(([a-zA-Z]:[\\\/])|([\\\/][\\\/][^\\\/]+[\\\/][^\\\/]+)|([\\\/][\\\/]\?[\\\/][^\\\/]+))",
            r"(?m)^(([0-9A-Fa-f]{1,4}:){7}[0-9A-Fa-f]{1,4})$",
            r"(?m)^[a-z][a-z0-9_]*$",
            r"(?m)^(?<major>[0-9]+)\.(?P<minor>[0-9]+)$",
            r"(?i:abc)|(?-i)x",
            r"(?m)\bword\B",
            r"a{2}b{2,}c{0,3}?d*?e+?f??",
            r"[-a]|[a-]|[\-\]]|[é-ü]",
            r"(?m)^[\t\n\x0B\x0C\r ]*$",
            r"(?m)\A[[:xdigit:]]{1,4}(:[[:xdigit:]]{1,4}){7}\z",
            r"(?m)^/([^/\x{0}]+(/)?)+$|[[:^alpha:]_]|\x{10FFFF}",
            r"",
            r"()|(?:)",
            "caf\u{e9}\u{1f600}",
        ];
        for p in simple {
            assert!(is_simple(p), "{p} should be simple");
            assert!(both_accept(p), "{p} should parse");
        }
    }

    #[test]
    fn errors_and_unknown_syntax_are_not_simple() {
        let not_simple = [
            "(",
            ")",
            "a)",
            "[a",
            "[]",
            "[^]",
            "[b-a]",
            "*a",
            "a**",
            "a{2",
            "a{3,2}",
            "a{,2}",
            "a{1000}",
            "(?",
            "(?)",
            "(?-)",
            "(?i-)",
            "(?ii)",
            "(?x)a",
            "(?-u)a",
            "(?=a)",
            "(?!a)",
            "(?<=a)",
            "(?<n>a)(?<n>b)",
            "(?<1n>a)",
            r"\1",
            r"\k<n>",
            r"\p{L}",
            r"\d",
            r"\x{}",
            r"\x{D800}",
            r"\x{110000}",
            r"\x{1234567}",
            r"\xZZ",
            "[[:alpha:]-z]",
            "[[:foo:]]",
            "[[:alpha]",
            r"\x+1",
            "[a&&b]",
            "[a--b]",
            r"[$--\/]",
            "[a~~b]",
            r"\b{start}",
            r"\<",
            "^*",
            r"\A+",
            "(?i)*",
            "}",
            "]",
            "a|*",
            "((((((((((a))))))))))",
            "\u{1}",
            "\\",
        ];
        for p in not_simple {
            assert!(!is_simple(p), "{p} should not be simple");
        }
    }

    /// Random patterns over the subset's pieces and some that leave it: every one the scan
    /// calls simple parses with both parsers.
    #[test]
    fn random_simple_patterns_parse() {
        let pieces = [
            "a",
            "b",
            "é",
            ".",
            "^",
            "$",
            "|",
            "(",
            ")",
            "(?:",
            "(?i)",
            "(?m:",
            "(?-s:",
            "[",
            "]",
            "[^",
            "-",
            "a-z",
            "z-a",
            "*",
            "+",
            "?",
            "{2}",
            "{1,3}",
            "{2,}",
            "{3,1}",
            "{",
            "}",
            r"\.",
            r"\/",
            r"\-",
            r"\n",
            r"\x0B",
            r"\A",
            r"\z",
            r"\b",
            r"\B",
            r"\d",
            r"\<",
            "(?<g>",
            "(?P<h>",
            "&&",
            "--",
            ",",
            "0",
            "[:alpha:]",
            "[:^word:]",
            r"\x{0}",
            r"\x{D800}",
            r"\x{",
            ":]",
        ];
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut simple = 0;
        for _ in 0..20_000 {
            let len = (next() % 12) as usize;
            let p: String = (0..len)
                .map(|_| pieces[(next() % pieces.len() as u64) as usize])
                .collect();
            if is_simple(&p) {
                simple += 1;
                assert!(both_accept(&p), "{p} was called simple");
            }
        }
        assert!(simple > 1_000, "only {simple} simple patterns");
    }
}
