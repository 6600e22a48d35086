//! `sprintf(format, args...)` with the semantics of Ruby's `Kernel#format` as the
//! reference exposes it: flags, `*` widths, `%1$s` positions, `%<name>s` and `%{name}`
//! references into a single hash argument.

use super::printf::{Spec, MAX_WIDTH};
use super::ruby;
use crate::error::Error;
use crate::values::Value;

/// How arguments have been referred to so far (Ruby forbids mixing the styles).
#[derive(PartialEq, Clone, Copy)]
enum Style {
    None,
    Unnumbered,
    Numbered,
    Named,
}

struct Args<'a> {
    args: &'a [Value],
    next: usize,
    style: Style,
}

impl<'a> Args<'a> {
    fn next(&mut self) -> Result<&'a Value, Error> {
        match self.style {
            Style::Numbered => {
                return Err(err(format!(
                    "unnumbered({}) mixed with numbered",
                    self.next + 1
                )))
            }
            Style::Named => {
                return Err(err(format!(
                    "unnumbered({}) mixed with named",
                    self.next + 1
                )))
            }
            _ => {}
        }
        self.style = Style::Unnumbered;
        let v = self
            .args
            .get(self.next)
            .ok_or_else(|| err("too few arguments"))?;
        self.next += 1;
        Ok(v)
    }

    fn numbered(&mut self, n: usize) -> Result<&'a Value, Error> {
        match self.style {
            Style::Unnumbered => {
                return Err(err(format!(
                    "numbered({n}) after unnumbered({})",
                    self.next
                )))
            }
            Style::Named => return Err(err(format!("numbered({n}) after named"))),
            _ => {}
        }
        self.style = Style::Numbered;
        self.args
            .get(n.wrapping_sub(1))
            .ok_or_else(|| err("too few arguments"))
    }

    /// The argument `name` (`%<name>` or `%{name}`: `open`/`close` its brackets, which
    /// Ruby's messages repeat: `key{name} not found`).
    fn named(&mut self, name: &str, open: char, close: char) -> Result<&'a Value, Error> {
        match self.style {
            Style::Unnumbered => {
                return Err(err(format!(
                    "named{open}{name}{close} after unnumbered({})",
                    self.next
                )))
            }
            Style::Numbered => return Err(err(format!("named{open}{name}{close} after numbered"))),
            _ => {}
        }
        self.style = Style::Named;
        let hash = match self.args {
            [Value::Hash(h)] => h,
            _ => return Err(err("one hash required")),
        };
        hash.get(&Value::from(name))
            .ok_or_else(|| err(format!("key{open}{name}{close} not found")))
    }
}

fn err(msg: impl Into<String>) -> Error {
    Error::eval(msg)
}

/// `sprintf(format, args...)`. Error messages are Ruby's (`too few arguments`,
/// `malformed format string - %z`, ...), without the function call prefix.
pub fn sprintf(format: &str, args: &[Value]) -> Result<String, Error> {
    for a in args {
        crate::expansion::check_expansion(a, 1)?;
    }
    let mut out = String::with_capacity(format.len() + 16);
    let mut args = Args {
        args,
        next: 0,
        style: Style::None,
    };
    let mut chars = format.char_indices().peekable();
    while let Some((_, c)) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        let mut spec = Spec::default();
        let mut arg: Option<&Value> = None;
        let mut number: Option<usize> = None;
        // (Ruby's sprintf.c: a `%` ending the text is incomplete; a directive the text
        // ends inside reads its terminating NUL, which is a `%` without flags, and a newline
        // stops it alike, left in the text; digits the text ends in are malformed)
        if chars.peek().is_none() {
            return Err(err(
                "incomplete format specifier; use %% (double %) instead",
            ));
        }
        loop {
            let c = match chars.peek() {
                Some(&(_, '\n')) | None => '\0',
                Some(&(_, c)) => {
                    chars.next();
                    c
                }
            };
            match c {
                '%' | '\0' if spec == Spec::default() => {
                    out.push('%');
                    break;
                }
                '\0' => return Err(err("invalid format character - %")),
                '%' => return Err(err("invalid format character - %")),
                '-' => spec.minus = true,
                '+' => spec.plus = true,
                ' ' => spec.space = true,
                '#' => spec.alt = true,
                '0' => spec.zero = true,
                '1'..='9' => {
                    let mut n = c.to_digit(10).unwrap_or(0) as usize;
                    while let Some(&(_, d)) = chars.peek() {
                        let Some(d) = d.to_digit(10) else { break };
                        n = n.saturating_mul(10).saturating_add(d as usize);
                        chars.next();
                    }
                    if chars.peek().is_none() {
                        return Err(err(UNENDED_NUMBER));
                    }
                    if chars.peek().map(|p| p.1) == Some('$') {
                        chars.next();
                        if arg.is_some() || number.is_some() {
                            return Err(err(format!("value given twice - {n}$")));
                        }
                        number = Some(n);
                        arg = Some(args.numbered(n)?);
                    } else {
                        spec.width = Some(check_width(n)?);
                    }
                }
                '*' => {
                    if chars.peek().is_none() {
                        return Err(err(UNENDED_NUMBER));
                    }
                    let w = ruby::to_integer(args.next()?)?;
                    if w < 0 {
                        spec.minus = true;
                    }
                    spec.width = Some(check_width(
                        w.unsigned_abs().min(usize::MAX as u128) as usize
                    )?);
                }
                '.' => {
                    let mut p = 0usize;
                    if chars.peek().map(|p| p.1) == Some('*') {
                        chars.next();
                        if chars.peek().is_none() {
                            return Err(err(UNENDED_NUMBER));
                        }
                        let v = ruby::to_integer(args.next()?)?;
                        p = v.max(0).min(usize::MAX as i128) as usize;
                    } else {
                        while let Some(&(_, d)) = chars.peek() {
                            let Some(d) = d.to_digit(10) else { break };
                            p = p.saturating_mul(10).saturating_add(d as usize);
                            chars.next();
                        }
                        if chars.peek().is_none() {
                            return Err(err(UNENDED_NUMBER));
                        }
                    }
                    spec.prec = Some(check_width(p)?);
                }
                '<' | '{' => {
                    let close = if c == '<' { '>' } else { '}' };
                    let mut name = String::new();
                    loop {
                        match chars.next() {
                            Some((_, ch)) if ch == close => break,
                            Some((_, ch)) => name.push(ch),
                            None => return Err(err("malformed name - unmatched parenthesis")),
                        }
                    }
                    let v = args.named(&name, c, close)?;
                    if c == '{' {
                        crate::limits::push_str(&mut out, &spec.string(&ruby::to_s(v)))?;
                        break;
                    }
                    arg = Some(v);
                }
                conv => {
                    let v = match arg {
                        Some(v) => v,
                        None if "diuxXobBeEfgGaAscp".contains(conv) => args.next()?,
                        None => return Err(err(format!("malformed format string - %{conv}"))),
                    };
                    // (an integer's `%d` and a string's `%s` with no flag, width or precision
                    // written straight into the text: what `convert` makes of them, without
                    // the digits' and the padding's strings made and dropped, ~300
                    // instructions a conversion)
                    if spec == Spec::default() {
                        let mut digits = [0u8; 20];
                        let plain = match (conv, v) {
                            ('d' | 'i' | 'u', Value::Integer(n)) => {
                                Some(super::integer_text(*n, &mut digits))
                            }
                            ('s', Value::String(text)) => Some(&**text),
                            _ => None,
                        };
                        if let Some(text) = plain {
                            crate::limits::push_str(&mut out, text)?;
                            break;
                        }
                    }
                    crate::limits::push_str(&mut out, &convert(&spec, conv, v)?)?;
                    break;
                }
            }
        }
    }
    Ok(out)
}

/// Ruby's error for a width or precision the format ends in (`%5`, `%.`, `%*`).
const UNENDED_NUMBER: &str = "malformed format string - %*[0-9]";

fn check_width(n: usize) -> Result<usize, Error> {
    if n > MAX_WIDTH {
        Err(err("width too big"))
    } else {
        Ok(n)
    }
}

/// One conversion of one argument.
fn convert(spec: &Spec, conv: char, v: &Value) -> Result<String, Error> {
    // The reference passes a top level undef to format as an empty string.
    let empty = Value::from("");
    let v = if v.is_undef() { &empty } else { v };
    Ok(match conv {
        'd' | 'i' | 'u' => spec.integer('d', ruby::to_integer(v)?),
        'x' | 'X' | 'o' | 'b' | 'B' => spec.integer(conv, ruby::to_integer(v)?),
        'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => spec.float(conv, ruby::to_float(v)?),
        's' => spec.string(&ruby::to_s(v)),
        'p' => spec.string(&ruby::inspect(v)),
        // Ruby's `%c` ignores the precision (`sprintf('%.0c', 'a')` is `a`).
        'c' => Spec {
            prec: None,
            ..*spec
        }
        .string(&character(v)?),
        other => return Err(err(format!("malformed format string - %{other}"))),
    })
}

/// `%c`: a code point or the first character of a string.
pub fn character(v: &Value) -> Result<String, Error> {
    match v {
        Value::String(s) => match s.chars().count() {
            1 => Ok(s.to_string()),
            _ => Err(err("%c requires a character")),
        },
        Value::Integer(_) | Value::Float(_) => {
            let n = ruby::to_integer(v)?;
            if i32::try_from(n).is_err() {
                return Err(err(format!("integer {n} too big to convert to `int'")));
            }
            u32::try_from(n)
                .ok()
                .and_then(char::from_u32)
                .map(String::from)
                .ok_or_else(|| err("invalid character"))
        }
        other => Err(ruby::no_character(other)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain `%d` and `%s` written straight into the text give what `convert` gives.
    #[test]
    fn plain_conversions_are_the_general_ones() {
        let values = [
            Value::Integer(0),
            Value::Integer(7),
            Value::Integer(-42),
            Value::Integer(1_000_000_007),
            Value::Integer(i64::MAX),
            Value::Integer(i64::MIN),
            Value::from(""),
            Value::from("héllo %d"),
            Value::Float(2.5),
            Value::Undef,
            Value::Boolean(true),
        ];
        for v in &values {
            for conv in ['d', 'i', 'u', 's'] {
                let general = convert(&Spec::default(), conv, v);
                let got = sprintf(&format!("<%{conv}>"), std::slice::from_ref(v));
                match (general, got) {
                    (Ok(g), Ok(s)) => assert_eq!(s, format!("<{g}>"), "%{conv} of {v:?}"),
                    (Err(g), Err(s)) => assert_eq!(s.message, g.message, "%{conv} of {v:?}"),
                    (g, s) => panic!("%{conv} of {v:?}: {g:?} against {s:?}"),
                }
            }
        }
        let args = [Value::Integer(-3), Value::from("x"), Value::Integer(12)];
        assert_eq!(sprintf("%d|%s|%+d", &args).unwrap(), "-3|x|+12");
        assert_eq!(sprintf("%5d|%-3s|%.3d", &args).unwrap(), "   -3|x  |012");
    }
}
