//! HOCON's tokens, as the `hocon` gem (1.3.1, the reference's) reads them: a stream that
//! begins with `Start` and ends with `Eof`; whitespace between two simple values (strings,
//! numbers, substitutions) is unquoted text (it is part of a concatenation), elsewhere it is
//! ignored; a character the gem refuses becomes a `Problem` token that the parser names in
//! its error when it meets it. The gem's one tokenizer crash (a string's bad escape: its
//! `NoMethodError`) is a `Fatal` batch, raised when the parser reaches it.

/// A scalar value of the document.
#[derive(Debug, Clone, PartialEq)]
pub enum Scalar {
    /// A quoted string.
    Str(String),
    Int(i64),
    /// An integer beyond 64 bits: its decimal digits (`-` first when negative).
    Big(String),
    Float(f64),
    Bool(bool),
    Null,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Tok {
    Start,
    Eof,
    Comma,
    Equals,
    Colon,
    OpenCurly,
    CloseCurly,
    OpenSquare,
    CloseSquare,
    PlusEquals,
    Newline,
    /// Whitespace that is no part of a value.
    Ws(String),
    Unquoted(String),
    /// A value and its text in the source (`1.0`, `"a"`).
    Value(Scalar, String),
    /// `${path}` / `${?path}`: the tokens between the braces.
    Subst(bool, Vec<Token>),
    Comment(String),
    /// What the gem could not read, and why (`'+' not followed by =`).
    Problem(String, String),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Token {
    pub tok: Tok,
    pub line: usize,
}

impl Tok {
    /// The token as the gem's messages show it.
    pub fn describe(&self) -> String {
        match self {
            Tok::Start => "start of file".into(),
            Tok::Eof => "end of file".into(),
            Tok::Comma => "','".into(),
            Tok::Equals => "'='".into(),
            Tok::Colon => "':'".into(),
            Tok::OpenCurly => "'{'".into(),
            Tok::CloseCurly => "'}'".into(),
            Tok::OpenSquare => "'['".into(),
            Tok::CloseSquare => "']'".into(),
            Tok::PlusEquals => "'+='".into(),
            Tok::Newline => "NEWLINE".into(),
            Tok::Ws(s) => format!("'{s}' (WHITESPACE)"),
            Tok::Unquoted(s) => format!("'{s}'"),
            Tok::Value(v, _) => {
                let (text, kind) = match v {
                    Scalar::Str(s) => (s.clone(), "STRING"),
                    Scalar::Int(i) => (i.to_string(), "NUMBER"),
                    Scalar::Big(d) => (d.clone(), "NUMBER"),
                    Scalar::Float(f) => (crate::ruby_float_to_s(*f), "NUMBER"),
                    Scalar::Bool(b) => (b.to_string(), "BOOLEAN"),
                    Scalar::Null => (String::new(), "NULL"),
                };
                format!("'{text}' ({kind})")
            }
            // (the gem writes a StringIO's `to_s` here: the object's address, shown as 0)
            Tok::Subst(..) => "'${#<StringIO:0x0000000000000000>}'".into(),
            Tok::Comment(s) => format!("'#{s}' (COMMENT)"),
            Tok::Problem(what, message) => format!("'{what}' ({message})"),
        }
    }
    /// A string, number, boolean, null, unquoted text or substitution.
    pub fn simple(&self) -> bool {
        matches!(self, Tok::Value(..) | Tok::Unquoted(_) | Tok::Subst(..))
    }
}

/// The tokens in batches as the gem's tokenizer queues them (a token and the whitespace
/// before it), or the crash that ends them.
pub struct Tokens {
    pub tokens: Vec<Token>,
    /// Indexes of the tokens after which the gem tokenizes the next batch.
    pub batch_ends: Vec<bool>,
    /// The crash the batch after the last one raised (a bad escape), if any.
    pub fatal: Option<super::Error>,
}

const NOT_IN_UNQUOTED_TEXT: &str = "$\"{}[]:=,+#`^?!@*&\\";
const NUMBER_CHARS: &str = "0123456789eE+-.";

struct Lexer<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    back: Vec<Option<char>>,
    line: usize,
    /// Whitespace saved since the last token, and whether that token was a simple value.
    ws: String,
    last_simple: bool,
}

/// A problem token, or the gem's crash on a bad escape.
enum Fail {
    Problem(String, String),
    Fatal(super::Error),
}

type Lx<T> = Result<T, Fail>;

fn problem<T>(what: impl Into<String>, message: impl Into<String>) -> Lx<T> {
    Err(Fail::Problem(what.into(), message.into()))
}

/// `c` as Ruby's `"#{c}"` writes a character the gem read (end of input is `-1`).
fn shown(c: Option<char>) -> String {
    c.map_or("-1".into(), String::from)
}

pub fn tokenize(input: &str) -> Tokens {
    let mut lx = Lexer {
        chars: input.chars().peekable(),
        back: Vec::new(),
        line: 1,
        ws: String::new(),
        last_simple: false,
    };
    let mut out = Tokens {
        tokens: vec![Token {
            tok: Tok::Start,
            line: 1,
        }],
        batch_ends: vec![true],
        fatal: None,
    };
    loop {
        let (t, ws) = match lx.pull_next() {
            Ok(t) => {
                let ws = lx.whitespace_before(&t.tok);
                (t, ws)
            }
            // (the line the tokenizer had reached: a triple-quoted string's last)
            Err(Fail::Problem(what, message)) => (
                Token {
                    tok: Tok::Problem(what, message),
                    line: lx.line,
                },
                None,
            ),
            Err(Fail::Fatal(message)) => {
                out.fatal = Some(message);
                return out;
            }
        };
        let eof = t.tok == Tok::Eof;
        if let Some(w) = ws {
            out.tokens.push(w);
            out.batch_ends.push(false);
        }
        out.tokens.push(t);
        out.batch_ends.push(true);
        if eof {
            return out;
        }
    }
}

impl Lexer<'_> {
    fn next_char(&mut self) -> Option<char> {
        match self.back.pop() {
            Some(c) => c,
            None => self.chars.next(),
        }
    }
    fn put_back(&mut self, c: Option<char>) {
        self.back.push(c);
    }

    /// The saved whitespace as a token before `t` (unquoted text between two simple values).
    fn whitespace_before(&mut self, t: &Tok) -> Option<Token> {
        let simple = t.simple();
        let was_simple = self.last_simple;
        self.last_simple = simple;
        if self.ws.is_empty() {
            return None;
        }
        let ws = std::mem::take(&mut self.ws);
        Some(Token {
            tok: if simple && was_simple {
                Tok::Unquoted(ws)
            } else {
                Tok::Ws(ws)
            },
            line: self.line,
        })
    }

    fn start_of_comment(&mut self, c: Option<char>) -> bool {
        match c {
            Some('#') => true,
            Some('/') => {
                let second = self.next_char();
                self.put_back(second);
                second == Some('/')
            }
            _ => false,
        }
    }

    fn pull_next(&mut self) -> Lx<Token> {
        let c = loop {
            match self.next_char() {
                Some(c) if c != '\n' && c.is_whitespace() => self.ws.push(c),
                c => break c,
            }
        };
        let line = self.line;
        let tok = |tok| Ok(Token { tok, line });
        let Some(ch) = c else {
            return tok(Tok::Eof);
        };
        if ch == '\n' {
            self.line += 1;
            return tok(Tok::Newline);
        }
        if self.start_of_comment(c) {
            if ch == '/' {
                self.next_char();
            }
            let mut text = String::new();
            loop {
                match self.next_char() {
                    None => {
                        self.put_back(None);
                        break;
                    }
                    Some('\n') => {
                        self.put_back(Some('\n'));
                        break;
                    }
                    Some(c) => text.push(c),
                }
            }
            return tok(Tok::Comment(text));
        }
        let t = match ch {
            '"' => self.pull_quoted()?,
            '$' => self.pull_substitution()?,
            ':' => Tok::Colon,
            ',' => Tok::Comma,
            '=' => Tok::Equals,
            '{' => Tok::OpenCurly,
            '}' => Tok::CloseCurly,
            '[' => Tok::OpenSquare,
            ']' => Tok::CloseSquare,
            '+' => {
                let c = self.next_char();
                if c != Some('=') {
                    let s = shown(c);
                    return problem(
                        s.clone(),
                        format!("'+' not followed by =, '{s}' not allowed after '+'"),
                    );
                }
                Tok::PlusEquals
            }
            '0'..='9' | '-' => self.pull_number(ch)?,
            c if NOT_IN_UNQUOTED_TEXT.contains(c) => {
                return problem(
                    c,
                    format!("Reserved character '{c}' is not allowed outside quotes"),
                )
            }
            c => {
                self.put_back(Some(c));
                self.pull_unquoted()
            }
        };
        // (a multi-line string's line is the one it ends on)
        Ok(Token {
            tok: t,
            line: self.line,
        })
    }

    fn pull_unquoted(&mut self) -> Tok {
        let mut s = String::new();
        let mut c = self.next_char();
        loop {
            match c {
                None => break,
                Some(ch) if NOT_IN_UNQUOTED_TEXT.contains(ch) || ch.is_whitespace() => break,
                Some(_) if self.start_of_comment(c) => break,
                Some(ch) => s.push(ch),
            }
            match s.as_str() {
                "true" => return Tok::Value(Scalar::Bool(true), s),
                "null" => return Tok::Value(Scalar::Null, s),
                "false" => return Tok::Value(Scalar::Bool(false), s),
                _ => {}
            }
            c = self.next_char();
        }
        self.put_back(c);
        Tok::Unquoted(s)
    }

    fn pull_number(&mut self, first: char) -> Lx<Tok> {
        let mut s = String::from(first);
        let mut c = self.next_char();
        while let Some(ch) = c.filter(|ch| NUMBER_CHARS.contains(*ch)) {
            s.push(ch);
            c = self.next_char();
        }
        self.put_back(c);
        let decimal = s.contains(['.', 'e', 'E']);
        let parsed = if decimal {
            match ruby_float(&s) {
                // (the gem's `Infinity.to_i`)
                Some(f) if f.is_infinite() => {
                    return Err(Fail::Fatal(super::Error::raised(
                        "FloatDomainError",
                        if f > 0.0 { "Infinity" } else { "-Infinity" },
                    )))
                }
                // (the gem keeps a float that is integral as an integer)
                // (its exact digits: Rust writes a float's exact value)
                Some(f) if f.fract() == 0.0 && f.abs() >= 9.2e18 => {
                    Some(Scalar::Big(format!("{f:.0}")))
                }
                Some(f) if f.fract() == 0.0 => Some(Scalar::Int(f as i64)),
                Some(f) => Some(Scalar::Float(f)),
                None => None,
            }
        } else {
            match ruby_integer(&s) {
                Some(Ok(i)) => Some(Scalar::Int(i)),
                Some(Err(())) => Some(Scalar::Big(big_digits(&s))),
                None => None,
            }
        };
        match parsed {
            Some(v) => Ok(Tok::Value(v, s)),
            None => {
                if let Some(u) = s.chars().find(|u| NOT_IN_UNQUOTED_TEXT.contains(*u)) {
                    // (the gem's message lacks the space)
                    return problem(
                        u,
                        format!("Reserved character '{u}'is not allowed outside quotes"),
                    );
                }
                Ok(Tok::Unquoted(s))
            }
        }
    }

    fn pull_escape(&mut self, sb: &mut String, orig: &mut String) -> Lx<()> {
        let Some(escaped) = self.next_char() else {
            return problem(
                "",
                "End of input but backslash in string had nothing after it",
            );
        };
        orig.push('\\');
        orig.push(escaped);
        match escaped {
            '"' => sb.push('"'),
            '\\' => sb.push('\\'),
            '/' => sb.push('/'),
            'b' => sb.push('\u{8}'),
            'f' => sb.push('\u{c}'),
            'n' => sb.push('\n'),
            'r' => sb.push('\r'),
            't' => sb.push('\t'),
            'u' => {
                let mut hex = String::new();
                for _ in 0..4 {
                    match self.next_char() {
                        None => {
                            return problem(
                                "-1",
                                "End of input but expecting 4 hex digits for \\uXXXX escape",
                            )
                        }
                        Some(c) => hex.push(c),
                    }
                }
                orig.push_str(&hex);
                // (Ruby's `String#hex`: the leading hex digits, 0 without any)
                let digits: String = hex.chars().take_while(char::is_ascii_hexdigit).collect();
                let n = u32::from_str_radix(&digits, 16).unwrap_or(0);
                match char::from_u32(n) {
                    Some(c) => sb.push(c),
                    None => {
                        return Err(Fail::Fatal(super::Error::unsupported(
                            "a surrogate code point in a HOCON \\u escape (not UTF-8)",
                        )))
                    }
                }
            }
            other => {
                // The gem passes the wrong arguments to its problem: its `NoMethodError`.
                let name = match other {
                    '\n' => "newline".to_string(),
                    '\t' => "tab".to_string(),
                    c => c.to_string(),
                };
                // (with the lines Ruby's error_highlight adds: the gem's own source)
                return Err(Fail::Fatal(super::Error::raised(
                    "NoMethodError",
                    format!(
                        "undefined method `line_number' for {}:String\n\n      @origin.line_number\n             ^^^^^^^^^^^^",
                        crate::show::inspect(&crate::value::RValue::str(name))
                    ),
                )));
            }
        }
        Ok(())
    }

    fn pull_quoted(&mut self) -> Lx<Tok> {
        let mut sb = String::new();
        let mut orig = String::from('"');
        loop {
            let c = self.next_char();
            match c {
                None => return problem("-1", "End of input but string quote was still open"),
                Some('\\') => self.pull_escape(&mut sb, &mut orig)?,
                Some('"') => {
                    orig.push('"');
                    break;
                }
                Some(ch) if ch.is_control() => {
                    return problem(
                        ch,
                        format!(
                            "JSON does not allow unescaped {ch} in quoted strings, use a backslash escape"
                        ),
                    )
                }
                Some(ch) => {
                    sb.push(ch);
                    orig.push(ch);
                }
            }
        }
        if sb.is_empty() {
            let third = self.next_char();
            if third == Some('"') {
                orig.push('"');
                self.triple_quoted(&mut sb, &mut orig)?;
            } else {
                self.put_back(third);
            }
        }
        Ok(Tok::Value(Scalar::Str(sb), orig))
    }

    fn triple_quoted(&mut self, sb: &mut String, orig: &mut String) -> Lx<()> {
        let mut quotes = 0;
        loop {
            let c = self.next_char();
            if c == Some('"') {
                quotes += 1;
            } else if quotes >= 3 {
                for _ in 0..3 {
                    sb.pop();
                }
                self.put_back(c);
                return Ok(());
            } else {
                quotes = 0;
                match c {
                    None => {
                        return problem(
                            "-1",
                            "End of input but triple-quoted string was still open",
                        )
                    }
                    Some('\n') => self.line += 1,
                    _ => {}
                }
            }
            if let Some(ch) = c {
                sb.push(ch);
                orig.push(ch);
            }
        }
    }

    fn pull_substitution(&mut self) -> Lx<Tok> {
        let c = self.next_char();
        if c != Some('{') {
            let s = shown(c);
            return problem(
                s.clone(),
                format!("'$' not followed by {{, '{s}' not allowed after '$'"),
            );
        }
        let c = self.next_char();
        let optional = c == Some('?');
        if !optional {
            self.put_back(c);
        }
        // (whitespace inside is saved apart: unquoted text between simple values)
        let outer_ws = std::mem::take(&mut self.ws);
        let outer_simple = std::mem::replace(&mut self.last_simple, false);
        let mut expression = Vec::new();
        let result = loop {
            let t = match self.pull_next() {
                Ok(t) => t,
                Err(e) => break Err(e),
            };
            match t.tok {
                Tok::CloseCurly => break Ok(()),
                Tok::Eof => {
                    break problem("end of file", "Substitution ${ was not closed with a }")
                }
                _ => {
                    if let Some(w) = self.whitespace_before(&t.tok) {
                        expression.push(w);
                    }
                    expression.push(t);
                }
            }
        };
        self.ws = outer_ws;
        self.last_simple = outer_simple;
        result?;
        Ok(Tok::Subst(optional, expression))
    }
}

/// Ruby's `Integer(s)` of a number's characters (`-`, digits, `+`): a leading 0 is octal
/// (`Err`: beyond 64 bits).
fn ruby_integer(s: &str) -> Option<Result<i64, ()>> {
    let (neg, digits) = match s.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, s),
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    if digits.len() > 1 && digits.starts_with('0') && digits.contains(['8', '9']) {
        return None;
    }
    let n = if digits.len() > 1 && digits.starts_with('0') {
        i64::from_str_radix(&digits[1..], 8)
    } else {
        digits.parse::<i64>()
    };
    Some(n.map(|n| if neg { -n } else { n }).map_err(|_| ()))
}

/// The decimal digits of an integer beyond 64 bits that `ruby_integer` read (octal after
/// a leading 0).
fn big_digits(s: &str) -> String {
    let (neg, digits) = match s.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, s),
    };
    let (digits, base) = match digits.strip_prefix('0') {
        Some(octal) => (octal, 8),
        None => (digits, 10),
    };
    let v = crate::methods::bignum::Bignum::parse(digits, base, neg);
    match crate::methods::bignum::Bignum::of(&v) {
        Some(b) => b.to_radix(10),
        None => crate::show::to_s(&v),
    }
}

/// Ruby's `Float(s)` of a number's characters: digits with an optional fraction after
/// digits (`-.5` too) and exponent.
fn ruby_float(s: &str) -> Option<f64> {
    let body = s.strip_prefix('-').unwrap_or(s);
    let (mantissa, exponent) = match body.find(['e', 'E']) {
        Some(i) => (&body[..i], Some(&body[i + 1..])),
        None => (body, None),
    };
    let digits = |d: &str| !d.is_empty() && d.chars().all(|c| c.is_ascii_digit());
    let ok_mantissa = match mantissa.split_once('.') {
        Some((int, frac)) => (int.is_empty() && s.starts_with('-') || digits(int)) && digits(frac),
        None => digits(mantissa),
    };
    let ok_exponent = exponent.is_none_or(|e| digits(e.strip_prefix(['+', '-']).unwrap_or(e)));
    if !(ok_mantissa && ok_exponent) {
        return None;
    }
    s.parse::<f64>().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_as_ruby_reads_them() {
        assert_eq!(ruby_integer("010"), Some(Ok(8)));
        assert_eq!(ruby_integer("08"), None);
        assert_eq!(ruby_integer("-0"), Some(Ok(0)));
        assert_eq!(ruby_integer("99999999999999999999"), Some(Err(())));
        assert_eq!(ruby_integer("1-2"), None);
        assert_eq!(ruby_float("-.5"), Some(-0.5));
        assert_eq!(ruby_float("5."), None);
        assert_eq!(ruby_float("1e3"), Some(1000.0));
        assert_eq!(ruby_float("1.5.3"), None);
        assert_eq!(ruby_float("1e+"), None);
    }

    #[test]
    fn whitespace_between_simple_values_is_text() {
        let t = tokenize("a = x y");
        let kinds: Vec<_> = t.tokens.iter().map(|t| t.tok.clone()).collect();
        assert!(kinds.contains(&Tok::Unquoted(" ".into())));
        assert!(kinds.contains(&Tok::Ws(" ".into())));
    }
}
