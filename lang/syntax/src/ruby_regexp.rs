//! Ruby (Onigmo) regular expression syntax: the errors Ruby reports, worded as
//! Ruby words them (`end pattern with unmatched parenthesis`, `premature end of char-class`,
//! ...). The Rust engines word their errors differently and accept or reject a slightly
//! different language, so the common errors are found here, before compiling.
//!
//! One pass over the characters, with counters for the nesting (no recursion).

/// The Onigmo message for the first error in `source` (without the `: /source/` suffix), or
/// `None` when this scan finds nothing wrong.
pub fn ruby_syntax_error(source: &str) -> Option<String> {
    let chars: Vec<char> = source.chars().collect();
    if uses_extended_mode(&chars) {
        // Whitespace and `#` comments change meaning; leave those to the engines, but for
        // the rules they do not know: numbered references with names, and the classes
        // (where whitespace and `#` keep their meaning: `[]` is Ruby's `empty char-class`).
        if numbered_refs_with_names(&chars) {
            return Some("numbered backref/call is not allowed. (use name)".to_string());
        }
        return extended_class_error(&chars);
    }
    scanner(&chars).run().err()
}

/// Onigmo's messages this scan gives (those naming a group are [`NAMED_MESSAGES`]).
const MESSAGES: &[&str] = &[
    "char-class value at end of range",
    "empty char-class",
    "empty range in char class",
    "end pattern in group",
    "end pattern with unmatched parenthesis",
    "group name is empty",
    "invalid POSIX bracket type",
    "invalid Unicode escape",
    "invalid backref number/name",
    "invalid escape code",
    "invalid hex escape",
    "invalid multibyte escape",
    "numbered backref/call is not allowed. (use name)",
    "premature end of char-class",
    "target of repeat operator is not specified",
    "too big number for repeat range",
    "too short control escape",
    "too short escape sequence",
    "too short escaped multibyte character",
    "too short meta escape",
    "undefined group option",
    "unmatched close parenthesis",
    "unmatched range specifier in char-class",
    "upper is smaller than lower in repeat range",
];

/// The messages naming a group (`invalid group name <1a>`): their start and end.
const NAMED_MESSAGES: &[(&str, &str)] = &[
    ("invalid group name <", ">"),
    ("undefined name <", "> reference"),
];

/// Whether `message` is a Ruby `RegexpError`'s as prepl words it (an Onigmo message, then
/// `: /source/`): what a function compiling a pattern (`regsubst`, `match`, `split`,
/// `Regexp.new`) raises, whose class Ruby code calling it sees.
pub fn is_regexp_error_message(message: &str) -> bool {
    let Some((head, tail)) = message.split_once(": /") else {
        return false;
    };
    tail.ends_with('/')
        && (MESSAGES.contains(&head)
            || NAMED_MESSAGES.iter().any(|(start, end)| {
                head.len() > start.len() + end.len()
                    && head.starts_with(start)
                    && head.ends_with(end)
            }))
}

fn scanner(chars: &[char]) -> Scanner<'_> {
    Scanner {
        chars,
        pos: 0,
        groups: 0,
        names: Vec::new(),
        backrefs: Vec::new(),
        name_refs: Vec::new(),
        numbered_refs: false,
    }
}

/// The first error of a character class of a pattern in extended mode: each class outside
/// `#` comments (to the end of the line, or `(?#...)`) scanned as outside extended mode.
fn extended_class_error(chars: &[char]) -> Option<String> {
    let mut s = scanner(chars);
    while let Some(c) = s.peek(0) {
        s.pos += 1;
        match c {
            '\\' => s.pos += 1,
            '#' => {
                while s.peek(0).is_some_and(|c| c != '\n') {
                    s.pos += 1;
                }
            }
            '(' if s.peek(0) == Some('?') && s.peek(1) == Some('#') => {
                while s.peek(0).is_some_and(|c| c != ')') {
                    s.pos += 1;
                }
            }
            '[' => {
                if let Err(message) = s.class() {
                    return Some(message);
                }
            }
            _ => {}
        }
    }
    None
}

const REPEAT_LIMIT: u64 = 100_000;
const POSIX_CLASSES: [&str; 14] = [
    "alnum", "alpha", "ascii", "blank", "cntrl", "digit", "graph", "lower", "print", "punct",
    "space", "upper", "xdigit", "word",
];

fn uses_extended_mode(chars: &[char]) -> bool {
    chars.windows(2).enumerate().any(|(i, w)| {
        w == ['(', '?']
            && chars[i + 2..]
                .iter()
                .take_while(|c| c.is_ascii_alphabetic() || **c == '-')
                .take_while(|c| **c != '-')
                .any(|c| *c == 'x')
    })
}

/// Whether a pattern in extended mode both names a group and refers to one by number
/// (`\1`, `\k<1>`, `\g<-1>`), outside classes and `#` comments.
fn numbered_refs_with_names(chars: &[char]) -> bool {
    let (mut named, mut numbered, mut class, mut i) = (false, false, 0usize, 0);
    let number_like = |c: Option<&char>| c.is_some_and(|c| c.is_ascii_digit() || "-+".contains(*c));
    while i < chars.len() {
        match chars[i] {
            '\\' => {
                match chars.get(i + 1) {
                    Some('1'..='9') if class == 0 => numbered = true,
                    Some('k' | 'g') if class == 0 && chars.get(i + 2) == Some(&'<') => {
                        numbered |= number_like(chars.get(i + 3));
                    }
                    _ => {}
                }
                i += 1;
            }
            '[' => class += 1,
            ']' if class > 0 => class -= 1,
            '#' if class == 0 => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '(' if class == 0 && chars.get(i + 1) == Some(&'?') => {
                let name_start = match (chars.get(i + 2), chars.get(i + 3)) {
                    (Some('<'), Some(c)) if *c != '=' && *c != '!' => true,
                    (Some('\''), Some(_)) => true,
                    _ => false,
                };
                named |= name_start;
            }
            _ => {}
        }
        i += 1;
    }
    named && numbered
}

struct Scanner<'a> {
    chars: &'a [char],
    pos: usize,
    /// Capturing groups seen.
    groups: usize,
    names: Vec<String>,
    backrefs: Vec<usize>,
    name_refs: Vec<String>,
    /// A back-reference or call by number (`\1`, `\k<1>`, `\k<-1>`, `\g<2>`): none may be
    /// where a group has a name.
    numbered_refs: bool,
}

type Scan<T = ()> = Result<T, String>;

fn err<T>(message: &str) -> Scan<T> {
    Err(message.to_string())
}

/// What the last item of a character class was, for range checks.
#[derive(Clone, Copy)]
enum ClassItem {
    /// The class's start (after `[`, `[^` or `&&`), or a range just completed.
    Nothing,
    Char(Option<char>),
    /// `\w`, `\d` or a POSIX class: not a range's start (`[\w-a]` is refused).
    Set,
    /// A nested class: a `-` after it is the character (`[[a]-b]`, Onigmo's "double range").
    Nested,
}

impl Scanner<'_> {
    fn peek(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.pos + ahead).copied()
    }

    fn run(&mut self) -> Scan {
        let mut depth = 0usize;
        // Whether a repeat operator here has a target.
        let mut can_repeat = false;
        while let Some(c) = self.peek(0) {
            self.pos += 1;
            match c {
                '\\' => {
                    self.escape()?;
                    can_repeat = true;
                }
                '(' => {
                    can_repeat = self.open_group(&mut depth)?;
                }
                ')' => {
                    if depth == 0 {
                        return err("unmatched close parenthesis");
                    }
                    depth -= 1;
                    can_repeat = true;
                }
                '[' => {
                    self.class()?;
                    can_repeat = true;
                }
                '*' | '+' | '?' => {
                    if !can_repeat {
                        return err("target of repeat operator is not specified");
                    }
                }
                '{' => {
                    if let Some((lo, hi)) = self.interval() {
                        if !can_repeat {
                            return err("target of repeat operator is not specified");
                        }
                        if lo.max(hi.unwrap_or(0)) > REPEAT_LIMIT {
                            return err("too big number for repeat range");
                        }
                        if hi.is_some_and(|hi| hi < lo) {
                            return err("upper is smaller than lower in repeat range");
                        }
                    } else {
                        can_repeat = true;
                    }
                }
                '|' => can_repeat = false,
                _ => can_repeat = true,
            }
        }
        if depth > 0 {
            return err("end pattern with unmatched parenthesis");
        }
        // (in Onigmo's order: `(?<n>a)\1\k<m>` is the undefined name, `(?<n>a)\5` the
        // numbered reference)
        if let Some(name) = self.name_refs.iter().find(|n| !self.names.contains(n)) {
            return Err(format!("undefined name <{name}> reference"));
        }
        if self.numbered_refs && !self.names.is_empty() {
            return err("numbered backref/call is not allowed. (use name)");
        }
        if self.backrefs.iter().any(|n| *n > self.groups) {
            return err("invalid backref number/name");
        }
        Ok(())
    }

    /// After `\` outside a class.
    fn escape(&mut self) -> Scan {
        let Some(c) = self.peek(0) else {
            return err("too short escape sequence");
        };
        self.pos += 1;
        match c {
            'x' if !self.peek(0).is_some_and(|c| c.is_ascii_hexdigit()) => {
                return err("invalid hex escape");
            }
            'u' => self.unicode_escape()?,
            'M' | 'C' => self.meta_control(c)?,
            '1'..='9' if !self.peek(0).is_some_and(|c| c.is_ascii_digit()) => {
                self.backrefs.push(c as usize - '0' as usize);
                self.numbered_refs = true;
            }
            // (after the one-digit back-reference)
            'x' | '0'..='7' => self.escaped_bytes(c)?,
            'g' if self.peek(0) == Some('<') => {
                self.numbered_refs |= self
                    .peek(1)
                    .is_some_and(|c| c.is_ascii_digit() || c == '-' || c == '+');
            }
            'k' if self.peek(0) == Some('<') => {
                self.pos += 1;
                let start = self.pos;
                while self.peek(0).is_some_and(|c| c != '>') {
                    self.pos += 1;
                }
                let name: String = self.chars[start..self.pos].iter().collect();
                self.pos += 1;
                if name.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '+') {
                    self.numbered_refs = true;
                } else {
                    self.name_refs.push(name);
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// After `\M` or `\C`: Ruby's meta escapes (`\M-a`) make bytes that are no UTF-8;
    /// a control escape `\C-a` takes its character (kept for the pattern's scan when it is
    /// an escape, `\C-\x41`).
    fn meta_control(&mut self, c: char) -> Scan {
        match (c, self.peek(0), self.peek(1)) {
            ('M', Some('-'), Some('\\')) => err("invalid multibyte escape"),
            ('M', Some('-'), Some(_)) => err("too short escaped multibyte character"),
            ('M', ..) => err("too short meta escape"),
            ('C', Some('-'), Some('\\')) => {
                self.pos += 1;
                Ok(())
            }
            ('C', Some('-'), Some(_)) => {
                self.pos += 2;
                Ok(())
            }
            _ => err("too short control escape"),
        }
    }

    fn unicode_escape(&mut self) -> Scan {
        if self.peek(0) == Some('{') {
            return Ok(());
        }
        for _ in 0..4 {
            if !self.peek(0).is_some_and(|c| c.is_ascii_hexdigit()) {
                return err("invalid Unicode escape");
            }
            self.pos += 1;
        }
        Ok(())
    }

    /// After `(`: returns whether a repeat operator may follow directly (never, except
    /// after an option group such as `(?i)`, which cannot be repeated either).
    fn open_group(&mut self, depth: &mut usize) -> Scan<bool> {
        if self.peek(0) != Some('?') {
            self.groups += 1;
            *depth += 1;
            return Ok(false);
        }
        self.pos += 1;
        let Some(c) = self.peek(0) else {
            return err("end pattern in group");
        };
        match c {
            ':' | '=' | '!' | '>' | '~' => self.pos += 1,
            '#' => {
                while self.peek(0).is_some_and(|c| c != ')') {
                    self.pos += 1;
                }
                if self.peek(0).is_none() {
                    return err("end pattern in group");
                }
                self.pos += 1;
                return Ok(false);
            }
            '<' if matches!(self.peek(1), Some('=' | '!')) => self.pos += 2,
            '<' | '\'' => {
                self.pos += 1;
                self.group_name(if c == '<' { '>' } else { '\'' })?;
                self.groups += 1;
            }
            '(' => {}
            _ => {
                // Options: (?imx-imx) or (?imx-imx:...).
                loop {
                    match self.peek(0) {
                        None => return err("end pattern in group"),
                        // `s` is no Ruby option, but internal callers (regsubst's `M`
                        // flag) add it in the Rust engines' spelling.
                        Some('i' | 'm' | 'x' | 's' | 'a' | 'd' | 'u' | '-') => self.pos += 1,
                        Some(')') => {
                            self.pos += 1;
                            return Ok(false);
                        }
                        Some(':') => {
                            self.pos += 1;
                            break;
                        }
                        Some(_) => return err("undefined group option"),
                    }
                }
            }
        }
        *depth += 1;
        Ok(false)
    }

    fn group_name(&mut self, close: char) -> Scan {
        let start = self.pos;
        while self.peek(0).is_some_and(|c| c != close && c != ')') {
            self.pos += 1;
        }
        let name: String = self.chars[start..self.pos].iter().collect();
        if self.peek(0) != Some(close) {
            return Err(format!("invalid group name <{name}>"));
        }
        self.pos += 1;
        if name.is_empty() {
            return err("group name is empty");
        }
        if name.starts_with(|c: char| c.is_ascii_digit()) {
            return Err(format!("invalid group name <{name}>"));
        }
        self.names.push(name);
        Ok(())
    }

    /// After `{`: `{n}`, `{n,}`, `{,m}` or `{n,m}` is an interval (consumed); anything else
    /// is a literal `{` (nothing consumed).
    fn interval(&mut self) -> Option<(u64, Option<u64>)> {
        let start = self.pos;
        let lo = self.number();
        let hi = if self.peek(0) == Some(',') {
            self.pos += 1;
            self.number()
        } else {
            if lo.is_none() {
                self.pos = start;
                return None;
            }
            lo
        };
        if self.peek(0) != Some('}') || (lo.is_none() && hi.is_none()) {
            self.pos = start;
            return None;
        }
        self.pos += 1;
        Some((lo.unwrap_or(0), hi))
    }

    fn number(&mut self) -> Option<u64> {
        let start = self.pos;
        let mut n: u64 = 0;
        while let Some(d) = self.peek(0).and_then(|c| c.to_digit(10)) {
            n = n.saturating_mul(10).saturating_add(u64::from(d));
            self.pos += 1;
        }
        (self.pos > start).then_some(n)
    }

    /// After `[`: the class up to its matching `]`, nested classes included.
    fn class(&mut self) -> Scan {
        let mut depth = 1usize;
        let mut last = self.class_start()?;
        // A range's start before a nested class, and the depth it belongs to: Onigmo ranges
        // it to the item after that class (`[a-[b]y]` is `a-y` and `[b]`), or drops it when
        // the class, another nested class or an intersection comes next (`[a-[b]]`).
        let mut pending: Option<(Option<char>, usize)> = None;
        loop {
            let Some(c) = self.peek(0) else {
                return err("premature end of char-class");
            };
            self.pos += 1;
            let item = match c {
                ']' => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(());
                    }
                    if let Some((lo, _)) = pending.take_if(|(_, d)| *d == depth) {
                        let dropped = matches!(
                            (self.peek(0), self.peek(1)),
                            (Some(']' | '['), _) | (Some('&'), Some('&'))
                        );
                        if !dropped {
                            self.range_end(lo)?;
                            last = ClassItem::Nothing;
                            continue;
                        }
                    }
                    ClassItem::Nested
                }
                '[' if self.peek(0) == Some(':') && self.posix_class()? => ClassItem::Set,
                '[' => {
                    depth += 1;
                    last = self.class_start()?;
                    continue;
                }
                // (an intersection starts the class again)
                '&' if self.peek(0) == Some('&') => {
                    self.pos += 1;
                    ClassItem::Nothing
                }
                '\\' => self.class_escape()?,
                // A `-` before the class's end or an intersection is the character, as
                // after a nested class or where nothing precedes it.
                '-' => match (last, self.peek(0), self.peek(1)) {
                    (_, Some(']'), _)
                    | (_, Some('&'), Some('&'))
                    | (ClassItem::Nothing | ClassItem::Nested, _, _) => ClassItem::Char(Some('-')),
                    (ClassItem::Set, _, _) => {
                        return err("unmatched range specifier in char-class")
                    }
                    (ClassItem::Char(lo), Some('['), _) if !self.posix_bracket_ahead() => {
                        pending = Some((lo, depth));
                        ClassItem::Nothing
                    }
                    (ClassItem::Char(lo), _, _) => {
                        self.range_end(lo)?;
                        ClassItem::Nothing
                    }
                },
                c => ClassItem::Char(Some(c)),
            };
            last = item;
        }
    }

    /// At the start of a class: `^`, then a `]` that is a literal when another `]` follows.
    fn class_start(&mut self) -> Scan<ClassItem> {
        if self.peek(0) == Some('^') {
            self.pos += 1;
        }
        if self.peek(0) == Some(']') {
            if !self.chars[self.pos + 1..].contains(&']') {
                return err("empty char-class");
            }
            self.pos += 1;
            return Ok(ClassItem::Char(Some(']')));
        }
        Ok(ClassItem::Nothing)
    }

    /// Whether a POSIX bracket (`[:` with a `:]` after it) starts here.
    fn posix_bracket_ahead(&self) -> bool {
        self.peek(1) == Some(':')
            && self.chars[self.pos + 2..]
                .windows(2)
                .any(|w| w == [':', ']'])
    }

    /// After `[` followed by `:`: a POSIX bracket `[:name:]` (consumed, `true`), or `false`
    /// when there is no closing `:]`, the `[` then opening a nested class.
    fn posix_class(&mut self) -> Scan<bool> {
        let rest = &self.chars[self.pos + 1..];
        let Some(end) = rest.windows(2).position(|w| w == [':', ']']) else {
            return Ok(false);
        };
        let name: String = rest[..end].iter().collect();
        let name = name.strip_prefix('^').unwrap_or(&name);
        if !POSIX_CLASSES.contains(&name) {
            return err("invalid POSIX bracket type");
        }
        self.pos += 1 + end + 2;
        Ok(true)
    }

    /// After `\` inside a class.
    fn class_escape(&mut self) -> Scan<ClassItem> {
        // (a `\` ending the pattern inside a class: Onigmo reads the escape first)
        let Some(c) = self.peek(0) else {
            return err("too short escape sequence");
        };
        self.pos += 1;
        Ok(match c {
            'w' | 'W' | 'd' | 'D' | 's' | 'S' | 'h' | 'H' => ClassItem::Set,
            'p' | 'P' => {
                while self.peek(0).is_some_and(|c| c != '}' && c != ']') {
                    self.pos += 1;
                }
                if self.peek(0) == Some('}') {
                    self.pos += 1;
                }
                ClassItem::Set
            }
            'n' => ClassItem::Char(Some('\n')),
            't' => ClassItem::Char(Some('\t')),
            'r' => ClassItem::Char(Some('\r')),
            'f' => ClassItem::Char(Some('\u{c}')),
            'v' => ClassItem::Char(Some('\u{b}')),
            'a' => ClassItem::Char(Some('\u{7}')),
            'e' => ClassItem::Char(Some('\u{1b}')),
            'M' | 'C' => {
                self.meta_control(c)?;
                ClassItem::Char(None)
            }
            'x' | '0'..='7' => {
                self.escaped_bytes(c)?;
                ClassItem::Char(None)
            }
            'u' | '8' | '9' | 'c' => ClassItem::Char(None),
            c => ClassItem::Char(Some(c)),
        })
    }

    /// The value of an escape `\xHH` or `\OOO` (`c` and the digits after it), and where its
    /// digits end.
    fn escape_value(&self, c: char) -> (u32, usize) {
        let (radix, most) = match c {
            'x' => (16, 2),
            '0' => (8, 2),
            _ => (8, 3),
        };
        let start = self.pos - usize::from(c != 'x' && c != '0');
        let mut end = self.pos;
        while end < self.chars.len() && end - start < most && self.chars[end].is_digit(radix) {
            end += 1;
        }
        let digits: String = self.chars[start..end].iter().collect();
        (u32::from_str_radix(&digits, radix).unwrap_or(0), end)
    }

    /// Takes an escape's digits up to `end`: its byte `value`; `Err` past `\377`.
    fn take_byte(&mut self, value: u32, end: usize) -> Scan<u32> {
        self.pos = end;
        if value > 0xff {
            return err("invalid escape code");
        }
        Ok(value)
    }

    /// The byte of an escape `\xHH` or `\OOO` (`c` and the digits after it), or `None`
    /// for an octal number up to `\177` (a back-reference or an ASCII character, which
    /// Ruby leaves to Onigmo). `Err` past `\377`.
    fn escaped_byte(&mut self, c: char) -> Scan<Option<u32>> {
        let (value, end) = self.escape_value(c);
        if c != 'x' && value <= 0o177 {
            return Ok(None);
        }
        self.take_byte(value, end).map(Some)
    }

    /// After `\x` or `\O` (`c`): Ruby reads an escaped byte from `\x80` up (an octal number
    /// past `\177` too) as a byte of a UTF-8 character, the next escapes giving the rest of
    /// it: bytes that are no character are `invalid multibyte escape`, too few `too short
    /// escaped multibyte character` (`\250`, `[\x80-\xff]`; `\xC3\xA9` is `é`).
    fn escaped_bytes(&mut self, c: char) -> Scan {
        let Some(first) = self.escaped_byte(c)? else {
            return Ok(());
        };
        if first < 0x80 {
            return Ok(());
        }
        let len = match first {
            0xc2..=0xdf => 2,
            0xe0..=0xef => 3,
            0xf0..=0xf4 => 4,
            _ => return err("invalid multibyte escape"),
        };
        let mut bytes = vec![first as u8];
        while bytes.len() < len {
            // (an octal number up to `\177` is an ASCII byte here)
            let byte = match (self.peek(0), self.peek(1)) {
                (Some('\\'), Some(d @ ('x' | '0'..='7'))) => {
                    self.pos += 2;
                    let (value, end) = self.escape_value(d);
                    self.take_byte(value, end)?
                }
                _ => return err("too short escaped multibyte character"),
            };
            bytes.push(byte as u8);
        }
        if std::str::from_utf8(&bytes).is_err() {
            return err("invalid multibyte escape");
        }
        Ok(())
    }

    /// After `-` in a class following a character `lo` (or after the nested class that
    /// followed it, see `class`): the end of the range. (Before a POSIX class Onigmo refuses
    /// the range.)
    fn range_end(&mut self, lo: Option<char>) -> Scan {
        let hi = match self.peek(0) {
            None => return err("premature end of char-class"),
            Some('\\') => {
                self.pos += 1;
                match self.class_escape()? {
                    ClassItem::Char(c) => c,
                    _ => return err("char-class value at end of range"),
                }
            }
            Some('[') => return err("char-class value at end of range"),
            Some(c) => {
                self.pos += 1;
                Some(c)
            }
        };
        if let (Some(lo), Some(hi)) = (lo, hi) {
            if hi < lo {
                return err("empty range in char class");
            }
        }
        Ok(())
    }
}

/// The pattern between slashes as Ruby's `RegexpError` shows it: as written when it has no
/// `/` and no control character; otherwise a bare `/` is escaped, a character after a
/// backslash kept, other non-ASCII characters written `\u00E9` (or `\u{1F600}`), and
/// control characters other than spaces `\x01`.
pub fn ruby_description(source: &str) -> String {
    let plain = |c: char| c == ' ' || c.is_ascii_graphic();
    if source
        .chars()
        .all(|c| c != '/' && (plain(c) || !c.is_ascii()))
    {
        return format!("/{source}/");
    }
    let mut out = String::with_capacity(source.len() + 8);
    out.push('/');
    let mut chars = source.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                out.push(c);
                if let Some(n) = chars.next() {
                    out.push(n);
                }
            }
            '/' => out.push_str("\\/"),
            c if !c.is_ascii() && (c as u32) < 0x10000 => {
                out.push_str(&format!("\\u{:04X}", c as u32))
            }
            c if !c.is_ascii() => out.push_str(&format!("\\u{{{:X}}}", c as u32)),
            c if plain(c) || matches!(c, '\t' | '\n' | '\x0B' | '\x0C' | '\r') => out.push(c),
            c => out.push_str(&format!("\\x{:02X}", c as u32)),
        }
    }
    out.push('/');
    out
}

#[cfg(test)]
mod tests {
    use super::ruby_syntax_error;

    /// Expectations from the reference (`Regexp('...')`).
    #[test]
    fn reports_errors_as_ruby_words_them() {
        let cases = [
            ("(", "end pattern with unmatched parenthesis"),
            // (found by the corpus area `regexp_onigmo`)
            ("\\M-a", "too short escaped multibyte character"),
            ("[\\M-a]", "too short escaped multibyte character"),
            ("a\\M-\\x41", "invalid multibyte escape"),
            ("\\Mx", "too short meta escape"),
            ("\\Cx", "too short control escape"),
            (
                "(a)\\1(?<n>b)",
                "numbered backref/call is not allowed. (use name)",
            ),
            (
                "(?<n>a)\\k<-1>",
                "numbered backref/call is not allowed. (use name)",
            ),
            (
                "(?<n>a)\\g<1>",
                "numbered backref/call is not allowed. (use name)",
            ),
            (
                "(?<n>a)\\5",
                "numbered backref/call is not allowed. (use name)",
            ),
            (
                "\\1(?<n>a)",
                "numbered backref/call is not allowed. (use name)",
            ),
            (
                "(a)\\k<1>(?<n>b)",
                "numbered backref/call is not allowed. (use name)",
            ),
            ("a(b(c)", "end pattern with unmatched parenthesis"),
            ("(?:", "end pattern with unmatched parenthesis"),
            (")", "unmatched close parenthesis"),
            ("a)", "unmatched close parenthesis"),
            ("[", "premature end of char-class"),
            // (Ruby 3.1: a `\` ending the pattern in a class is a short escape, wherever
            // in the class; an escaped `\` there leaves the class open)
            ("[\\", "too short escape sequence"),
            ("[a\\", "too short escape sequence"),
            ("[a-\\", "too short escape sequence"),
            ("[^\\", "too short escape sequence"),
            ("[[a\\", "too short escape sequence"),
            ("[a-[b\\", "too short escape sequence"),
            ("[\\\\", "premature end of char-class"),
            ("[a[b]", "premature end of char-class"),
            ("*a", "target of repeat operator is not specified"),
            ("a|*", "target of repeat operator is not specified"),
            ("(*)", "target of repeat operator is not specified"),
            ("(?i)*", "target of repeat operator is not specified"),
            ("{1}", "target of repeat operator is not specified"),
            ("a{2,1}", "upper is smaller than lower in repeat range"),
            ("a{100001}", "too big number for repeat range"),
            ("\\", "too short escape sequence"),
            ("\\250.0 a,b", "invalid multibyte escape"),
            ("\\x80", "invalid multibyte escape"),
            ("[\\x80-\\xff]", "invalid multibyte escape"),
            ("[\\250]", "invalid multibyte escape"),
            ("\\400", "invalid escape code"),
            ("\\xC3", "too short escaped multibyte character"),
            ("\\xC3\\x41", "invalid multibyte escape"),
            ("[1]\\1", "invalid backref number/name"),
            ("[b-a]", "empty range in char class"),
            ("[z-a", "empty range in char class"),
            ("[a-\\d]", "char-class value at end of range"),
            ("[\\w-a]", "unmatched range specifier in char-class"),
            ("(?z)", "undefined group option"),
            ("(?", "end pattern in group"),
            ("(?i", "end pattern in group"),
            ("(?<>a)", "group name is empty"),
            ("(?<a", "invalid group name <a>"),
            ("(?<1a>x)", "invalid group name <1a>"),
            ("\\k<x>", "undefined name <x> reference"),
            ("(a)\\2", "invalid backref number/name"),
            ("\\8", "invalid backref number/name"),
            ("[[:foo:]]", "invalid POSIX bracket type"),
            ("[]", "empty char-class"),
            ("[^]", "empty char-class"),
            ("\\xZ", "invalid hex escape"),
            ("\\u12", "invalid Unicode escape"),
            // (Ruby 3.1's answers: a `[` after a range's `-` opens a nested class, which
            // must end; a POSIX class there cannot end the range)
            ("[a-[", "premature end of char-class"),
            ("[a-[b]", "premature end of char-class"),
            ("[&-[", "premature end of char-class"),
            ("[a-[:alpha:]]", "char-class value at end of range"),
            ("[\\d-[a]]", "unmatched range specifier in char-class"),
            ("[[:alpha:]-z]", "unmatched range specifier in char-class"),
            ("[b-a-c]", "empty range in char class"),
            // (a range's start before a nested class ranges to the item after it)
            ("[x-[b]c]", "empty range in char class"),
            ("[a-[b]-z]", "empty range in char class"),
            ("[a-[b]\\w]", "char-class value at end of range"),
            ("[[]", "empty char-class"),
            ("[[]]", "premature end of char-class"),
        ];
        for (src, message) in cases {
            assert_eq!(ruby_syntax_error(src).as_deref(), Some(message), "{src}");
            let described = format!("{message}: {}", super::ruby_description(src));
            assert!(super::is_regexp_error_message(&described), "{described}");
        }
    }

    #[test]
    fn other_messages_are_no_regexp_errors() {
        for m in [
            "end pattern with unmatched parenthesis",
            "too few arguments",
            "Could not find any files from /x/",
            "undefined name <> reference: /a/",
            "empty char-class: /[]",
        ] {
            assert!(!super::is_regexp_error_message(m), "{m}");
        }
    }

    #[test]
    fn extended_mode_checks_classes() {
        // (Ruby 3.1's answers: whitespace and `#` keep their meaning in a class; a `[` in a
        // comment or escaped opens none)
        for (src, message) in [
            ("(?x)[]", "empty char-class"),
            ("(?x)[^]", "empty char-class"),
            ("(?x)[a", "premature end of char-class"),
            ("(?x)[b-a]", "empty range in char class"),
            ("(?x)[[:foo:]]", "invalid POSIX bracket type"),
        ] {
            assert_eq!(ruby_syntax_error(src).as_deref(), Some(message), "{src}");
        }
        for src in [
            "(?x) # [ here\n a",
            "(?x)(?#[)a",
            "(?x)\\[a",
            "(?x)a[]b]",
            "(?x)[ ]]",
            "(?ix)a [#]",
        ] {
            assert_eq!(ruby_syntax_error(src), None, "{src}");
        }
    }

    #[test]
    fn extended_mode_refuses_numbered_references_with_names() {
        let refused = Some("numbered backref/call is not allowed. (use name)");
        assert_eq!(ruby_syntax_error("(a)\\1(?<n>a)(?x) a").as_deref(), refused);
        assert_eq!(ruby_syntax_error("(?x) (?<n>a) \\g<1>").as_deref(), refused);
        assert_eq!(ruby_syntax_error("(?x) (?<n>a) # \\1\n b"), None);
        assert_eq!(ruby_syntax_error("(?x) (a) \\1 (?<=b)"), None);
        assert_eq!(ruby_syntax_error("(?x) (?<n>a) [\\1]"), None);
    }

    #[test]
    fn never_panics_on_short_patterns() {
        let alphabet: Vec<char> = "([])\\{}*?+|^:<>=!a-1,#'kpx".chars().collect();
        let n = alphabet.len();
        for len in 1..=4u32 {
            for mut code in 0..n.pow(len) {
                let mut src = String::new();
                for _ in 0..len {
                    src.push(alphabet[code % n]);
                    code /= n;
                }
                let _ = ruby_syntax_error(&src);
            }
        }
    }

    #[test]
    fn accepts_what_ruby_accepts() {
        for src in [
            "a]",
            "a**",
            "a{,",
            "{",
            "a{1",
            "^*",
            "$+",
            "\\b*",
            "(?=a)*",
            "a{1,2}{3}",
            "\\10",
            "(a)\\1",
            "\\xC3\\xA9",
            "[\\xC3\\xA9]",
            "\\177",
            "\\x7f",
            "\\303\\251",
            "\\0250",
            "(?<n>a)\\k<n>",
            "[a-]",
            "[]a]",
            "\\u{41}",
            "\\u0041",
            "(?i-m:a)",
            "(?#c)",
            "(?<=ab|c)",
            "[[:alpha:]]",
            "[a-z&&[^c]]",
            "(?<a-b>x)",
            "a{,3}",
            "a{100000}",
            "\\K",
            "[\\]]",
            "(?x) ( # comment",
            "\\C-j",
            "[\\C-a]",
            "\\C-\\x41",
            "(?<x>a)\\g<x>",
            "(?~ab)",
            "(a)?(?(1)b|c)",
            // (Ruby 3.1 accepts these: a `-` after a nested class or before `&&` is the
            // character, a range before a nested class is dropped)
            "[[a]-b]",
            "[[a]-&&b]",
            "[a-[b]]",
            "[a-&&b]",
            "[\\w-&&a]",
            "[[:alpha:]-&&a]",
            "[a-b-[c]]",
        ] {
            assert_eq!(ruby_syntax_error(src), None, "{src}");
        }
    }
}
