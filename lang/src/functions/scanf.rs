//! `scanf(String $data, String $format)`: values scanned from a string with a C-style
//! format (`%d %i %x %o %u %f %e %g %s %c %[set] %%`, widths and `*` suppression), as
//! Ruby's scanf library does. Scanning stops at the first directive that does not match.

use super::signature::dispatch;
use super::{builtin, Builtin};
use crate::eval::{Closure, EvalResult, Evaluator};
use crate::values::Value;

struct Input<'a> {
    text: &'a str,
    pos: usize,
}

impl Input<'_> {
    fn rest(&self) -> &str {
        &self.text[self.pos..]
    }
    fn skip_ws(&mut self) {
        let r = self.rest();
        self.pos += r.len() - r.trim_start().len();
    }
    /// Takes the longest prefix (at most `width` characters) whose characters satisfy `ok`,
    /// given the index of the character and the text taken so far.
    fn take(&mut self, width: usize, ok: impl Fn(usize, char, &str) -> bool) -> &str {
        let start = self.pos;
        let mut end = start;
        for (n, c) in self.text[start..].chars().enumerate() {
            if n >= width || !ok(n, c, &self.text[start..end]) {
                break;
            }
            end += c.len_utf8();
        }
        self.pos = end;
        &self.text[start..end]
    }
}

/// A set like `a-z0-9` or `^,`: whether it contains `c`.
fn in_set(set: &str, c: char) -> bool {
    let (negate, body) = match set.strip_prefix('^') {
        Some(b) => (true, b),
        None => (false, set),
    };
    let chars: Vec<char> = body.chars().collect();
    let mut found = false;
    let mut i = 0;
    while i < chars.len() {
        if i + 2 < chars.len() && chars[i + 1] == '-' {
            found |= chars[i] <= c && c <= chars[i + 2];
            i += 3;
        } else {
            found |= chars[i] == c;
            i += 1;
        }
    }
    found != negate
}

fn integer(text: &str, radix: u32) -> Option<Value> {
    let (neg, digits) = match text.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let digits = match radix {
        16 => digits
            .strip_prefix("0x")
            .or_else(|| digits.strip_prefix("0X"))
            .unwrap_or(digits),
        _ => digits,
    };
    let n = i64::from_str_radix(digits, radix).ok()?;
    Some(Value::Integer(if neg { -n } else { n }))
}

fn number_chars(radix: u32) -> impl Fn(usize, char, &str) -> bool {
    move |n, c, so_far| {
        (n == 0 && (c == '-' || c == '+'))
            || c.is_digit(radix)
            || (radix == 16
                && (c == 'x' || c == 'X')
                && so_far.trim_start_matches(['-', '+']) == "0")
    }
}

/// Scans `data` with `format`.
pub fn scan(data: &str, format: &str) -> Vec<Value> {
    let mut out = Vec::new();
    let mut input = Input { text: data, pos: 0 };
    let mut fmt = format.chars().peekable();
    while let Some(f) = fmt.next() {
        if f.is_whitespace() {
            input.skip_ws();
            continue;
        }
        if f != '%' {
            if input.rest().starts_with(f) {
                input.pos += f.len_utf8();
                continue;
            }
            break;
        }
        let suppress = fmt.next_if_eq(&'*').is_some();
        let mut width = 0usize;
        while let Some(d) = fmt.peek().and_then(|c| c.to_digit(10)) {
            width = width * 10 + d as usize;
            fmt.next();
        }
        while fmt.next_if(|c| matches!(c, 'l' | 'h' | 'L')).is_some() {}
        let Some(conv) = fmt.next() else { break };
        let width_or = |dflt: usize| if width == 0 { dflt } else { width };
        let value = match conv {
            '%' => {
                input.skip_ws();
                if input.rest().starts_with('%') {
                    input.pos += 1;
                    continue;
                }
                break;
            }
            'd' | 'u' => {
                input.skip_ws();
                integer(input.take(width_or(usize::MAX), number_chars(10)), 10)
            }
            'x' | 'X' => {
                input.skip_ws();
                integer(input.take(width_or(usize::MAX), number_chars(16)), 16)
            }
            'o' => {
                input.skip_ws();
                integer(input.take(width_or(usize::MAX), number_chars(8)), 8)
            }
            'i' => {
                input.skip_ws();
                let t = input.take(width_or(usize::MAX), number_chars(16));
                let body = t.trim_start_matches(['-', '+']);
                let radix = if body.starts_with("0x") || body.starts_with("0X") {
                    16
                } else if body.len() > 1 && body.starts_with('0') {
                    8
                } else {
                    10
                };
                let digits = if radix == 8 {
                    t.replacen('0', "", 1)
                } else {
                    t.to_string()
                };
                integer(&digits, radix)
            }
            'f' | 'e' | 'E' | 'g' | 'G' | 'a' => {
                input.skip_ws();
                let t = input.take(width_or(usize::MAX), |n, c, so_far| {
                    c.is_ascii_digit()
                        || (n == 0 && (c == '-' || c == '+'))
                        || (c == '.' && !so_far.contains(['.', 'e', 'E']))
                        || ((c == 'e' || c == 'E')
                            && !so_far.contains(['e', 'E'])
                            && so_far.ends_with(|d: char| d.is_ascii_digit()))
                        || ((c == '-' || c == '+') && so_far.ends_with(['e', 'E']))
                });
                t.parse::<f64>().ok().map(Value::Float)
            }
            's' => {
                input.skip_ws();
                let t = input.take(width_or(usize::MAX), |_, c, _| !c.is_whitespace());
                (!t.is_empty()).then(|| Value::from(t))
            }
            'c' => {
                let t = input.take(width_or(1), |_, _, _| true);
                (t.chars().count() == width_or(1)).then(|| Value::from(t))
            }
            '[' => {
                let mut set = String::new();
                if let Some(c) = fmt.next_if(|&c| c == ']' || c == '^') {
                    set.push(c);
                    if c == '^' {
                        if let Some(b) = fmt.next_if_eq(&']') {
                            set.push(b);
                        }
                    }
                }
                for c in fmt.by_ref() {
                    if c == ']' {
                        break;
                    }
                    set.push(c);
                }
                let t = input.take(width_or(usize::MAX), |_, c, _| in_set(&set, c));
                (!t.is_empty()).then(|| Value::from(t))
            }
            _ => None,
        };
        match value {
            Some(v) => {
                if !suppress {
                    out.push(v)
                }
            }
            None => break,
        }
    }
    out
}

fn scanf(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    let data = args[0].as_str().unwrap_or_default();
    let format = args[1].as_str().unwrap_or_default();
    let result = Value::array(scan(data, format));
    match b {
        Some(l) => ev.call_closure(l, &[result]),
        None => Ok(result),
    }
}

pub fn builtins() -> Vec<Builtin> {
    vec![builtin(
        "scanf",
        &["String $data, String $format, Callable[1, 1] &$block?"],
        scanf,
        "scanf(String $data, String $format) |$values|?\nThe values scanned from the string by a C-style format (%d %i %x %o %f %s %c %[set]).\n\n    '42 abc'.scanf('%d %s')   # [42, 'abc']",
    )]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scans_like_ruby() {
        assert_eq!(
            scan("42 abc", "%d %s"),
            [Value::Integer(42), Value::from("abc")]
        );
        assert_eq!(scan("3.5", "%f"), [Value::Float(3.5)]);
        assert!(scan("x", "%d").is_empty());
        assert_eq!(
            scan("ab12", "%[a-z]%d"),
            [Value::from("ab"), Value::Integer(12)]
        );
        assert_eq!(scan("0x1f", "%x"), [Value::Integer(31)]);
        assert_eq!(scan("012", "%i"), [Value::Integer(10)]);
        assert_eq!(
            scan("a b", "%c%c%c"),
            [Value::from("a"), Value::from(" "), Value::from("b")]
        );
        assert_eq!(scan("1,2", "%d,%*d"), [Value::Integer(1)]);
        assert_eq!(
            scan("12345", "%2d%d"),
            [Value::Integer(12), Value::Integer(345)]
        );
    }
}
