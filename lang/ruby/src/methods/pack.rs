//! `Array#pack` and `String#unpack` / `unpack1` for the directives modules use: bytes
//! (`C`, `c`, `U`), hex (`H`, `h`), strings (`a`, `A`), integers of 16, 32 and 64 bits in
//! either order (`n`, `N`, `v`, `V`, `s`, `S`, `l`, `L`, `q`, `Q`, native order being
//! little-endian), with counts and `*`. A packed string is binary (`methods::binary`)
//! unless the template begins with `U`, as in Ruby.

use super::Call;
use crate::error::RubyError;
use crate::eval::{unsupported, Flow, R};
use crate::value::RValue;

/// How many times a directive applies: a number, `*` (all that remain) or once.
#[derive(Clone, Copy)]
enum Count {
    N(usize),
    All,
}

/// The directives of a template string, with their counts (blanks skipped; `_`, `!`, `<`
/// and `>` modifiers of integers read as Ruby does).
fn directives(template: &str, at: usize) -> R<Vec<(char, Count, Option<bool>)>> {
    let mut out = Vec::new();
    let mut chars = template.chars().peekable();
    while let Some(d) = chars.next() {
        if d.is_whitespace() {
            continue;
        }
        // the byte order: Some(true) for big-endian
        let mut order = None;
        while let Some(&m) = chars.peek() {
            match m {
                '_' | '!' => {}
                '<' => order = Some(false),
                '>' => order = Some(true),
                _ => break,
            }
            chars.next();
        }
        let count = if chars.peek() == Some(&'*') {
            chars.next();
            Count::All
        } else {
            let mut n = String::new();
            while let Some(&ch) = chars.peek().filter(|ch| ch.is_ascii_digit()) {
                n.push(ch);
                chars.next();
            }
            match n.parse::<usize>() {
                Ok(n) => Count::N(n),
                Err(_) if n.is_empty() => Count::N(1),
                // (a count past usize: more than memory holds)
                Err(_) => Count::N(usize::MAX),
            }
        };
        if !"CcUHhaAnNvVsSlLqQ".contains(d) {
            return unsupported(format!("the pack directive '{d}'"), at);
        }
        out.push((d, count, order));
    }
    Ok(out)
}

/// An integer directive's width in bytes, whether it is big-endian and signed.
fn int_layout(d: char, order: Option<bool>) -> (usize, bool, bool) {
    let (width, big) = match d {
        'n' => (2, true),
        'N' => (4, true),
        'v' => (2, false),
        'V' => (4, false),
        's' | 'S' => (2, false),
        'l' | 'L' => (4, false),
        _ => (8, false),
    };
    let big = if matches!(d, 'n' | 'N' | 'v' | 'V') {
        big
    } else {
        order.unwrap_or(big)
    };
    (
        width,
        big,
        d.is_ascii_lowercase() && !matches!(d, 'n' | 'v'),
    )
}

/// Packed bytes as Ruby's string: a UTF-8 one when the template begins with `U` (a
/// UTF-8 string of invalid bytes is outside the subset), else a binary one.
fn packed(bytes: Vec<u8>, utf8: bool, at: usize) -> R {
    if !utf8 {
        return Ok(RValue::bytes(bytes));
    }
    match String::from_utf8(bytes) {
        Ok(s) => Ok(RValue::str(s)),
        Err(_) => unsupported("Array#pack giving a UTF-8 string of invalid bytes", at),
    }
}

fn int_of(v: &RValue, at: usize) -> R<i64> {
    match v {
        RValue::Int(i) => Ok(*i),
        RValue::Float(f) => Ok(f.trunc() as i64),
        RValue::Nil => Err(type_error("no implicit conversion of nil into Integer", at)),
        other => Err(type_error(
            crate::methods::no_implicit_conversion(other, "Integer"),
            at,
        )),
    }
}

fn type_error(m: impl Into<String>, at: usize) -> Flow {
    Flow::from(RubyError::raised_as("TypeError", m, at))
}

/// `array.pack(template)`.
pub fn pack(items: &[RValue], c: &Call) -> R {
    c.arity(1, 1)?;
    let template = c.str_arg(0)?;
    let mut out: Vec<u8> = Vec::new();
    let mut next = 0usize;
    let too_few = || super::raise_arg("too few arguments", c.at);
    for (d, count, order) in directives(&template, c.at)? {
        match d {
            'a' | 'A' | 'H' | 'h' => {
                let Some(item) = items.get(next) else {
                    return too_few();
                };
                next += 1;
                let RValue::Str(s) = item else {
                    return Err(type_error(
                        crate::methods::no_implicit_conversion(item, "String"),
                        c.at,
                    ));
                };
                let bytes = s.as_bytes();
                if matches!(d, 'a' | 'A') {
                    let n = match count {
                        Count::All => bytes.len(),
                        Count::N(n) => n,
                    };
                    super::grow(n, c.at)?;
                    let pad = if d == 'a' { 0 } else { b' ' };
                    out.extend(bytes.iter().copied().chain(std::iter::repeat(pad)).take(n));
                } else {
                    let n = match count {
                        Count::All => bytes.len(),
                        Count::N(n) => n,
                    };
                    super::grow(n / 2 + 1, c.at)?;
                    let nibble = |b: u8| match b {
                        b'0'..=b'9' => b - b'0',
                        b'a'..=b'f' | b'A'..=b'F' => (b & 7) + 9,
                        _ => b & 15,
                    };
                    let digits: Vec<u8> = (0..n)
                        .map(|i| bytes.get(i).map_or(0, |b| nibble(*b)))
                        .collect();
                    for pair in digits.chunks(2) {
                        let (hi, lo) = (pair[0], pair.get(1).copied().unwrap_or(0));
                        out.push(if d == 'H' { hi << 4 | lo } else { lo << 4 | hi });
                    }
                }
            }
            _ => {
                let n = match count {
                    Count::All => items.len().saturating_sub(next),
                    Count::N(n) => n,
                };
                for _ in 0..n {
                    let Some(item) = items.get(next) else {
                        return too_few();
                    };
                    next += 1;
                    let v = int_of(item, c.at)?;
                    match d {
                        'C' | 'c' => out.push(v as u8),
                        'U' => match u32::try_from(v).ok().and_then(char::from_u32) {
                            Some(ch) => out.extend(ch.to_string().as_bytes()),
                            None => {
                                return Err(Flow::from(RubyError::raised_as(
                                    "RangeError",
                                    "pack(U): value out of range",
                                    c.at,
                                )))
                            }
                        },
                        _ => {
                            let (width, big, _) = int_layout(d, order);
                            let le = v.to_le_bytes();
                            let bytes = &le[..width];
                            if big {
                                out.extend(bytes.iter().rev());
                            } else {
                                out.extend(bytes);
                            }
                        }
                    }
                }
            }
        }
    }
    packed(out, template.trim_start().starts_with('U'), c.at)
}

/// `string.unpack(template)` (`unpack1`: the first value).
pub fn unpack(bytes: &[u8], c: &Call) -> R {
    c.arity(1, 1)?;
    let template = c.str_arg(0)?;
    let mut pos = 0usize;
    let mut out = Vec::new();
    for (d, count, order) in directives(&template, c.at)? {
        let rest = &bytes[pos.min(bytes.len())..];
        match d {
            'a' | 'A' => {
                let n = match count {
                    Count::All => rest.len(),
                    Count::N(n) => n.min(rest.len()),
                };
                let mut part = &rest[..n];
                if d == 'A' {
                    while let [init @ .., b' ' | 0] = part {
                        part = init;
                    }
                }
                pos += n;
                out.push(RValue::bytes(part.to_vec()));
            }
            'H' | 'h' => {
                let n = match count {
                    Count::All => rest.len() * 2,
                    Count::N(n) => n.min(rest.len() * 2),
                };
                super::grow(n, c.at)?;
                let mut hex = String::with_capacity(n);
                for i in 0..n {
                    let b = rest[i / 2];
                    let nib = if (i % 2 == 0) == (d == 'H') {
                        b >> 4
                    } else {
                        b & 15
                    };
                    hex.push(char::from_digit(nib as u32, 16).unwrap_or('0'));
                }
                pos += n.div_ceil(2);
                out.push(RValue::str(hex));
            }
            'U' => {
                let text = std::str::from_utf8(rest).unwrap_or("");
                let n = match count {
                    Count::All => usize::MAX,
                    Count::N(n) => n,
                };
                for ch in text.chars().take(n) {
                    pos += ch.len_utf8();
                    out.push(RValue::Int(ch as i64));
                }
            }
            _ => {
                let (width, big, signed) = match d {
                    'C' => (1, false, false),
                    'c' => (1, false, true),
                    _ => int_layout(d, order),
                };
                let n = match count {
                    Count::All => rest.len() / width,
                    Count::N(n) => n,
                };
                super::grow_values(n.min(rest.len() + 1), c.at)?;
                for i in 0..n {
                    let Some(chunk) = rest.get(i * width..(i + 1) * width) else {
                        // (Ruby gives nil for each value past the end, when counted)
                        if matches!(count, Count::N(_)) {
                            out.push(RValue::Nil);
                        }
                        continue;
                    };
                    let mut v: u64 = 0;
                    for k in 0..width {
                        let b = if big { chunk[k] } else { chunk[width - 1 - k] };
                        v = v << 8 | b as u64;
                    }
                    let shift = 64 - 8 * width as u32;
                    let value = if signed {
                        ((v << shift) as i64) >> shift
                    } else if width == 8 && v > i64::MAX as u64 {
                        return unsupported(
                            "unpack of an unsigned 64-bit integer beyond 63 bits",
                            c.at,
                        );
                    } else {
                        v as i64
                    };
                    out.push(RValue::Int(value));
                }
                pos += (n * width).min(rest.len());
            }
        }
    }
    Ok(RValue::array(out))
}
