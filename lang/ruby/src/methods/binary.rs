//! Binary strings (Ruby's `ASCII-8BIT` encoding): what `Digest::X.digest`, `Array#pack`,
//! `Integer#chr` past ASCII and `force_encoding('BINARY')` give. One that holds a byte past
//! ASCII (or a control character, which `inspect` shows as `\xHH` there) is an
//! `RValue::Bytes`; its methods count and cut bytes. Any other is an ordinary `Str` (Ruby's
//! two encodings behave the same there).
//!
//! A binary string given to Puppet (or printed, `to_s`) reads each byte as the character of
//! that code point (ISO-8859-1), as the reference's strings of such bytes print: `'a§'` for
//! `"a\xA7"`.

use super::Call;
use crate::eval::{raise, unsupported, Interp, R};
use crate::value::RBool;
use crate::value::RValue;

use crate::show::bytes_inspect as inspect;

/// The bytes of a string argument (`no implicit conversion of X into String` otherwise).
pub fn bytes_arg(v: Option<&RValue>, at: usize) -> R<&[u8]> {
    match v {
        Some(RValue::Str(s)) => Ok(s.as_bytes()),
        Some(RValue::Bytes(b)) => Ok(b),
        Some(RValue::Nil) | None => raise("no implicit conversion of nil into String", at),
        Some(other) => raise(crate::methods::no_implicit_conversion(other, "String"), at),
    }
}

/// Two strings joined, where either is binary: when both hold bytes past ASCII, Ruby fails
/// (incompatible encodings); the result is binary unless the UTF-8 one holds such bytes.
pub fn concat(a: &RValue, b: &RValue, at: usize) -> R {
    let (x, y) = (bytes_arg(Some(a), at)?, bytes_arg(Some(b), at)?);
    let utf8 = match (a, b) {
        (RValue::Str(s), RValue::Bytes(_)) | (RValue::Bytes(_), RValue::Str(s)) => !s.is_ascii(),
        _ => false,
    };
    if utf8 && !x.is_ascii() && !y.is_ascii() {
        return raise_as(
            "Encoding::CompatibilityError",
            match a {
                RValue::Bytes(_) => "incompatible character encodings: ASCII-8BIT and UTF-8",
                _ => "incompatible character encodings: UTF-8 and ASCII-8BIT",
            },
            at,
        );
    }
    super::grow(x.len().saturating_add(y.len()), at)?;
    let mut out = Vec::with_capacity(x.len() + y.len());
    out.extend_from_slice(x);
    out.extend_from_slice(y);
    if utf8 {
        // (an ASCII binary string joined to a UTF-8 one: UTF-8)
        return Ok(RValue::str(String::from_utf8(out).unwrap_or_default()));
    }
    Ok(RValue::bytes(out))
}

fn raise_as<T>(class: &str, message: &str, at: usize) -> R<T> {
    Err(crate::eval::Flow::from(crate::error::RubyError::raised_as(
        class, message, at,
    )))
}

/// `items.join(sep)` when an item is a binary string: the bytes joined (`None` when no
/// item is binary: the ordinary join).
pub fn join(items: &[RValue], sep: &str, at: usize) -> R<Option<RValue>> {
    if !items.iter().any(|v| matches!(v, RValue::Bytes(_))) {
        return Ok(None);
    }
    let mut acc = RValue::str("");
    for (i, v) in items.iter().enumerate() {
        if i > 0 && !sep.is_empty() {
            acc = concat(&acc, &RValue::str(sep), at)?;
        }
        let part = match v {
            RValue::Str(_) | RValue::Bytes(_) => v.clone(),
            RValue::Array(_) => {
                return unsupported("joining nested arrays that hold binary strings", at)
            }
            other => RValue::str(crate::show::to_s(other)),
        };
        acc = concat(&acc, &part, at)?;
    }
    Ok(Some(acc))
}

/// `force_encoding`, `b` and `encode` of an ordinary string; `None` for the other methods.
pub fn str_call(recv: &RValue, c: &Call) -> R<Option<RValue>> {
    let RValue::Str(s) = recv else {
        return Ok(None);
    };
    Ok(Some(match c.name {
        "b" => {
            c.arity(0, 0)?;
            RValue::bytes(s.as_bytes().to_vec())
        }
        "force_encoding" => {
            c.arity(1, 1)?;
            match encoding_of(&c.args[0], c.at)? {
                Encoding::Binary => RValue::bytes(s.as_bytes().to_vec()),
                Encoding::Utf8 => recv.clone(),
            }
        }
        "encode" => encode(recv, c)?,
        _ => return Ok(None),
    }))
}

/// `encode([to[, from]][, options])` into UTF-8: a binary string's bytes past ASCII are
/// undefined there (`Encoding::UndefinedConversionError`, or the `replace:` text, by default
/// U+FFFD, with `undef: :replace`); `xml: :text` / `:attr` escapes as Ruby's.
fn encode(recv: &RValue, c: &Call) -> R {
    let mut args: &[RValue] = &c.args;
    let mut options = None;
    if let Some((RValue::Hash(h), rest)) = args.split_last() {
        options = Some(h.borrow().clone());
        args = rest;
    }
    if args.len() > 2 {
        return super::raise_arg(
            format!(
                "wrong number of arguments (given {}, expected 0..2)",
                c.args.len()
            ),
            c.at,
        );
    }
    if let Some(to) = args.first() {
        if !matches!(encoding_of(to, c.at)?, Encoding::Utf8) {
            return unsupported("String#encode into an encoding other than UTF-8", c.at);
        }
    }
    let opt = |k: &str| {
        options
            .as_ref()
            .and_then(|h| h.get(&RValue::sym(k)).cloned())
    };
    let binary = match args.get(1) {
        Some(from) => matches!(encoding_of(from, c.at)?, Encoding::Binary),
        None => matches!(recv, RValue::Bytes(_)),
    };
    let bytes = bytes_arg(Some(recv), c.at)?;
    let text: String = if binary && !bytes.is_ascii() {
        let replace = match opt("undef") {
            Some(RValue::Sym(ref s)) if &**s == "replace" => match opt("replace") {
                Some(r) => crate::show::to_s(&r),
                None => "\u{fffd}".to_string(),
            },
            _ => {
                let bad = bytes.iter().find(|b| !b.is_ascii()).copied().unwrap_or(0);
                return Err(crate::eval::Flow::from(crate::error::RubyError::raised_as(
                    "Encoding::UndefinedConversionError",
                    format!("\"\\x{bad:02X}\" from ASCII-8BIT to UTF-8"),
                    c.at,
                )));
            }
        };
        let mut out = String::with_capacity(bytes.len());
        for &b in bytes {
            if b.is_ascii() {
                out.push(b as char);
            } else {
                out.push_str(&replace);
            }
        }
        out
    } else {
        match std::str::from_utf8(bytes) {
            Ok(s) => s.to_string(),
            Err(_) => return unsupported("a UTF-8 string of invalid bytes", c.at),
        }
    };
    Ok(RValue::str(match opt("xml") {
        None => text,
        Some(RValue::Sym(ref k)) if &**k == "text" => xml_escape(&text, false),
        Some(RValue::Sym(ref k)) if &**k == "attr" => format!("\"{}\"", xml_escape(&text, true)),
        Some(other) => {
            return super::raise_arg(
                format!(
                    "unexpected value for xml option: {}",
                    crate::show::to_s(&other)
                ),
                c.at,
            )
        }
    }))
}

/// XML's escapes as `encode(xml:)` writes them (quotes in attributes only).
fn xml_escape(s: &str, attr: bool) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attr => out.push_str("&quot;"),
            '\'' if attr => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// The encodings the subset knows.
enum Encoding {
    Utf8,
    Binary,
}

/// An encoding argument (`'UTF-8'`, `'BINARY'`, `Encoding::ASCII_8BIT`, ...).
fn encoding_of(v: &RValue, at: usize) -> R<Encoding> {
    let name = crate::show::to_s(v).to_ascii_uppercase();
    let name = name.strip_prefix("ENCODING::").unwrap_or(&name);
    match name {
        "UTF-8" | "UTF_8" => Ok(Encoding::Utf8),
        "BINARY" | "ASCII-8BIT" | "ASCII_8BIT" => Ok(Encoding::Binary),
        "US-ASCII" | "ASCII" | "US_ASCII" => Ok(Encoding::Binary),
        _ => unsupported(format!("the encoding {name}"), at),
    }
}

/// A byte index (negative from the end), or `None` past the end.
fn index(len: usize, i: i64) -> Option<usize> {
    let i = if i < 0 { len as i64 + i } else { i };
    (0..=len as i64).contains(&i).then_some(i as usize)
}

/// A method of a binary string; `None` for one it does not have here (the generic object
/// methods answer those, or it is a `NoMethodError`).
pub fn call(it: &mut Interp, recv: &RValue, c: &Call) -> R<Option<RValue>> {
    let RValue::Bytes(b) = recv else {
        return Ok(None);
    };
    let b: &[u8] = b;
    Ok(Some(match c.name {
        "length" | "size" | "bytesize" => RValue::Int(b.len() as i64),
        "empty?" => RValue::Bool(RBool::new(b.is_empty())),
        "ascii_only?" => RValue::Bool(RBool::new(b.is_ascii())),
        "valid_encoding?" => RValue::Bool(RBool::True),
        "to_s" | "to_str" | "b" | "dup" | "clone" | "itself" | "freeze" | "+@" | "-@" => {
            recv.clone()
        }
        "inspect" => RValue::str(inspect(b)),
        "==" | "eql?" | "===" => RValue::Bool(RBool::new(c.arg(0).is_some_and(|o| recv.equals(o)))),
        "!=" => RValue::Bool(RBool::new(!c.arg(0).is_some_and(|o| recv.equals(o)))),
        "+" => {
            c.arity(1, 1)?;
            concat(recv, &c.args[0], c.at)?
        }
        "*" => {
            let n = c.int_arg(0)?;
            if n < 0 {
                return super::raise_arg("negative argument", c.at);
            }
            super::grow(b.len().saturating_mul(n as usize), c.at)?;
            RValue::bytes(b.repeat(n as usize))
        }
        "bytes" | "each_byte" => {
            let bytes: Vec<RValue> = b.iter().map(|&x| RValue::Int(x.into())).collect();
            return super::each_or_items(
                it,
                c.block.filter(|_| c.name == "each_byte"),
                bytes,
                recv,
            )
            .map(Some);
        }
        "getbyte" => {
            c.arity(1, 1)?;
            index(b.len(), c.int_arg(0)?)
                .and_then(|i| b.get(i))
                .map_or(RValue::Nil, |&x| RValue::Int(x.into()))
        }
        "[]" | "slice" | "byteslice" => slice(b, c)?,
        "unpack" => super::pack::unpack(b, c)?,
        "unpack1" => match super::pack::unpack(b, c)? {
            RValue::Array(ref a) => a.borrow().first().cloned().unwrap_or_default(),
            other => other,
        },
        "force_encoding" => {
            c.arity(1, 1)?;
            match encoding_of(&c.args[0], c.at)? {
                Encoding::Binary => recv.clone(),
                Encoding::Utf8 => match std::str::from_utf8(b) {
                    Ok(s) => RValue::str(s),
                    Err(_) => return unsupported("a UTF-8 string of invalid bytes", c.at),
                },
            }
        }
        "encoding" => RValue::Class("Encoding::ASCII_8BIT".into()),
        "encode" => encode(recv, c)?,
        "hash" => {
            use std::hash::{Hash, Hasher};
            let mut h = rustc_hash::FxHasher::default();
            b.hash(&mut h);
            RValue::Int(h.finish() as i64)
        }
        _ => return Ok(None),
    }))
}

/// `s[i]`, `s[i, n]`, `s[range]` of a binary string: bytes.
fn slice(b: &[u8], c: &Call) -> R {
    c.arity(1, 2)?;
    let len = b.len();
    let (start, count) = match (&c.args[0], c.args.get(1)) {
        (RValue::Int(i), None) => match index(len, *i).filter(|&i| i < len) {
            Some(i) => (i, 1),
            None => return Ok(RValue::Nil),
        },
        (RValue::Int(i), Some(_)) => {
            let n = c.int_arg(1)?;
            match index(len, *i) {
                Some(i) if n >= 0 => (i, n as usize),
                _ => return Ok(RValue::Nil),
            }
        }
        (RValue::Range(r), None) => {
            let (RValue::Int(a), end) = (&r.0, &r.1) else {
                return unsupported("a binary string sliced by a range of non-integers", c.at);
            };
            let Some(a) = index(len, *a) else {
                return Ok(RValue::Nil);
            };
            let e = match end {
                RValue::Nil => len as i64,
                RValue::Int(e) => {
                    let e = if *e < 0 { len as i64 + e } else { *e };
                    if r.2 {
                        e
                    } else {
                        e + 1
                    }
                }
                _ => return unsupported("a binary string sliced by a range of non-integers", c.at),
            };
            (a, (e - a as i64).max(0) as usize)
        }
        _ => return unsupported("a binary string sliced by a string or regexp", c.at),
    };
    let end = start.saturating_add(count).min(len);
    Ok(RValue::bytes(b[start..end].to_vec()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms() {
        assert_eq!(inspect(b"a\xa7\n#{\x01"), r#""a\xA7\n\#{\x01""#);
        assert_eq!(crate::show::latin1(b"a\xa7"), "a§");
        assert!(matches!(RValue::bytes(b"ab".to_vec()), RValue::Str(_)));
        assert!(matches!(RValue::bytes(b"a\xff".to_vec()), RValue::Bytes(_)));
    }
}
