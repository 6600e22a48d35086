//! `Binary.new(...)` and the base64 forms of a Binary: strict (RFC 4648, the `%B` and
//! default form), relaxed (`%b`, RFC 2045: a newline after every 60 characters, lenient
//! decoding) and URL safe (`%u`).

use super::{arity, types};
use crate::error::Error;
use crate::values::Value;
use std::rc::Rc;

const STD: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const URL: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

fn encode_with(bytes: &[u8], alphabet: &[u8; 64]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(alphabet[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Strict base64, as `Binary` values print.
pub fn encode_strict(bytes: &[u8]) -> String {
    encode_with(bytes, STD)
}

/// URL safe base64 (`-` and `_`, with padding).
pub fn encode_urlsafe(bytes: &[u8]) -> String {
    encode_with(bytes, URL)
}

/// RFC 2045 base64: a newline after every 60 characters and at the end.
pub fn encode_relaxed(bytes: &[u8]) -> String {
    let strict = encode_strict(bytes);
    let mut out = String::with_capacity(strict.len() + strict.len() / 60 + 1);
    for (i, c) in strict.chars().enumerate() {
        if i > 0 && i % 60 == 0 {
            out.push('\n');
        }
        out.push(c);
    }
    if !strict.is_empty() {
        out.push('\n');
    }
    out
}

fn sextet(c: u8, alphabet: &[u8; 64]) -> Option<u32> {
    alphabet.iter().position(|a| *a == c).map(|p| p as u32)
}

/// Decodes groups of four characters; the last group may be padded with `=`. `None` when
/// the text is not base64 in that alphabet.
fn decode_strict_with(text: &str, alphabet: &[u8; 64]) -> Option<Vec<u8>> {
    let bytes = text.as_bytes();
    if !bytes.len().is_multiple_of(4) {
        return None;
    }
    let mut out = Vec::with_capacity(bytes.len() / 4 * 3);
    let groups = bytes.len() / 4;
    for (g, quad) in bytes.chunks(4).enumerate() {
        let pad = quad.iter().rev().take_while(|c| **c == b'=').count();
        if pad > 2 || (pad > 0 && g + 1 != groups) {
            return None;
        }
        let mut n: u32 = 0;
        for &c in &quad[..4 - pad] {
            n = (n << 6) | sextet(c, alphabet)?;
        }
        n <<= 6 * pad as u32;
        let decoded = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        // Bits beyond the last byte must be zero, as Ruby's strict decoding requires.
        if (pad == 1 && decoded[2] != 0) || (pad == 2 && decoded[1] != 0) {
            return None;
        }
        out.extend_from_slice(&decoded[..3 - pad]);
    }
    Some(out)
}

/// Strict decoding (`%B`, the default).
pub fn decode_strict(text: &str) -> Option<Vec<u8>> {
    decode_strict_with(text, STD)
}

/// URL safe decoding (`%u`): padding may be left out.
pub fn decode_urlsafe(text: &str) -> Option<Vec<u8>> {
    let mut padded = text.to_string();
    if !padded.ends_with('=') && !padded.len().is_multiple_of(4) {
        padded.push_str(&"=".repeat(4 - padded.len() % 4));
    }
    decode_strict_with(&padded, URL)
}

/// Lenient decoding (`%b`, Ruby's `decode64`): characters outside the alphabet are skipped,
/// decoding stops at padding, and a trailing partial group gives what bytes it holds.
pub fn decode_lenient(text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() / 4 * 3);
    let (mut n, mut bits) = (0u32, 0u32);
    for c in text.bytes() {
        if c == b'=' {
            break;
        }
        let Some(v) = sextet(c, STD) else { continue };
        n = (n << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((n >> bits) as u8);
            n &= (1 << bits) - 1;
        }
    }
    out
}

fn binary(bytes: Vec<u8>) -> Value {
    Value::Binary(Rc::from(bytes))
}

fn invalid_base64() -> Error {
    Error::eval("invalid base64")
}

/// The bytes of a string in one of the formats `%B` (default), `%b`, `%u`, `%s`, `%r`.
fn from_string(s: &str, format: &str) -> Result<Value, Error> {
    // (the bytes, then the value's copy of them)
    crate::limits::reserve(s.len().saturating_mul(2))?;
    match format {
        "%B" => decode_strict(s).map(binary).ok_or_else(invalid_base64),
        "%b" => Ok(binary(decode_lenient(s))),
        "%u" => decode_urlsafe(s).map(binary).ok_or_else(invalid_base64),
        "%s" | "%r" => Ok(binary(s.as_bytes().to_vec())),
        other => Err(Error::eval(format!("Unsupported Base64 format '{other}'"))),
    }
}

const FORMATS: &str = "Enum['%B', '%b', '%r', '%s', '%u']";

fn signature_error(rejections: [String; 3]) -> Error {
    let [string, array, hash] = rejections;
    Error::eval(format!(
        "The function 'new_Binary' was called with arguments it does not accept. It expects one of:\n  \
         (String str, Base64Format = {FORMATS} format?)\n    rejected: {string}\n  \
         (Array[ByteInteger] byte_array)\n    rejected: {array}\n  \
         (BinaryArgsHash = {HASH_ARGS} hash_args)\n    rejected: {hash}",
        HASH_ARGS = hash_args_type()
    ))
}

/// A hash that is no `BinaryArgsHash`: every reason of each of its variants, as the
/// reference lists them.
fn hash_rejected(v: &Value) -> Error {
    signature_error([
        format!("parameter 'str' expects a String value, got {}", got(v)),
        format!(
            "parameter 'byte_array' expects an Array value, got {}",
            got(v)
        ),
        types::describe_mismatches(&hash_args(), v)
            .iter()
            .map(|m| format!("parameter 'hash_args' {m}"))
            .collect::<Vec<_>>()
            .join("\n    rejected: "),
    ])
}

/// Whether the reference sees the hash as a Struct (its keys non-empty strings).
fn struct_like(h: &crate::values::Map) -> bool {
    !h.is_empty()
        && h.keys()
            .all(|k| matches!(k, Value::String(s) if !s.is_empty()))
}

/// The type `BinaryArgsHash` (see [`hash_args_type`]).
fn hash_args() -> types::PType {
    use types::{IntRange, KeyKind, PType, StructMember, TypeAlias};
    let format = TypeAlias::builtin(
        "Base64Format",
        PType::Enum {
            values: ["%B", "%b", "%r", "%s", "%u"].map(Rc::from).to_vec(),
            case_insensitive: false,
        },
    );
    let byte = TypeAlias::builtin("ByteInteger", PType::Integer(IntRange::new(0, 255)));
    let member = |key: &str, value: PType| StructMember {
        key: key.into(),
        key_kind: KeyKind::Plain,
        value,
    };
    let string_hash = TypeAlias::builtin(
        "StringHash",
        PType::Struct(Some(vec![
            member("value", PType::string()),
            member("format", PType::Optional(Some(Box::new(format)))),
        ])),
    );
    let array_hash = TypeAlias::builtin(
        "ArrayHash",
        PType::Struct(Some(vec![member(
            "value",
            PType::Array(Box::new(byte), IntRange::SIZE),
        )])),
    );
    TypeAlias::builtin(
        "BinaryArgsHash",
        PType::Variant(vec![string_hash, array_hash]),
    )
}

fn hash_args_type() -> String {
    format!(
        "Variant[StringHash = Struct[{{'value' => String, 'format' => Optional[Base64Format = {FORMATS}]}}], \
         ArrayHash = Struct[{{'value' => Array[ByteInteger = Integer[0, 255]]}}]]"
    )
}

fn got(v: &Value) -> String {
    super::got_in_signatures(v, false)
}

/// `got` against the alias-typed parameters (`BinaryArgsHash`, `Base64Format`).
fn got_aliased(v: &Value) -> String {
    super::got_in_signatures(v, true)
}

fn bytes_of(items: &[Value]) -> Result<Vec<u8>, Error> {
    let mut out = Vec::with_capacity(items.len());
    // (every element that is no byte, each on a line, as the reference lists them)
    let mut rejected = Vec::new();
    for (i, item) in items.iter().enumerate() {
        match item {
            Value::Integer(b) if (0..=255).contains(b) => out.push(*b as u8),
            other => rejected.push(format!(
                "parameter 'byte_array' index {i} expects a ByteInteger = Integer[0, 255] value, got {}",
                match other {
                    // (an integer out of range in detail, another kind by its name)
                    Value::Integer(_) => types::infer(other).to_string(),
                    _ => got(other),
                }
            )),
        }
    }
    if rejected.is_empty() {
        return Ok(out);
    }
    Err(signature_error([
        "parameter 'str' expects a String value, got Tuple".to_string(),
        rejected.join("\n    rejected: "),
        format!(
            "parameter 'hash_args' expects a BinaryArgsHash = {} value, got Tuple",
            hash_args_type()
        ),
    ]))
}

/// `Binary.new(string, format?)`, `Binary.new(array_of_bytes)`, `Binary.new({value, format})`.
pub fn new_binary(args: &[Value]) -> Result<Value, Error> {
    match args {
        [v @ Value::Binary(_)] => Ok(v.clone()),
        [Value::String(s)] => from_string(s, "%B"),
        [Value::String(s), Value::String(f)] if is_format(f) => from_string(s, f),
        [Value::Array(items)] => bytes_of(items).map(binary),
        // (a key of neither variant, `{'value' => 'aGk=', 'x' => 1}`: the hash is rejected)
        [Value::Hash(h)] if struct_like(h) && !types::is_instance(&hash_args(), &args[0]) => {
            Err(hash_rejected(&args[0]))
        }
        [Value::Hash(h)] => match (h.get(&Value::from("value")), h.get(&Value::from("format"))) {
            (Some(Value::String(s)), None | Some(Value::Undef)) => from_string(s, "%B"),
            (Some(Value::String(s)), Some(Value::String(f))) if is_format(f) => from_string(s, f),
            (Some(Value::Array(items)), None) => match bytes_of(items) {
                Ok(bytes) => Ok(binary(bytes)),
                // (an element that is no byte: the hash is what is rejected)
                Err(_) if struct_like(h) => Err(hash_rejected(&args[0])),
                Err(e) => Err(e),
            },
            _ if struct_like(h) => Err(hash_rejected(&args[0])),
            _ => Err(signature_error([
                format!(
                    "parameter 'str' expects a String value, got {}",
                    got(&args[0])
                ),
                format!(
                    "parameter 'byte_array' expects an Array value, got {}",
                    got(&args[0])
                ),
                format!(
                    "parameter 'hash_args' expects a BinaryArgsHash = {} value, got {}",
                    hash_args_type(),
                    got_aliased(&args[0])
                ),
            ])),
        },
        [Value::String(_), f] => Err(signature_error([
            match f {
                Value::String(f) => format!(
                    "parameter 'format' expects a match for Base64Format = {FORMATS}, got '{f}'"
                ),
                // (an Enum mismatch is worded so whatever the value's kind)
                other => format!(
                    "parameter 'format' expects a match for Base64Format = {FORMATS}, got {}",
                    got_aliased(other)
                ),
            },
            "expects 1 argument, got 2".to_string(),
            "expects 1 argument, got 2".to_string(),
        ])),
        [other] => Err(signature_error([
            format!("parameter 'str' expects a String value, got {}", got(other)),
            format!(
                "parameter 'byte_array' expects an Array value, got {}",
                got(other)
            ),
            format!(
                "parameter 'hash_args' expects a BinaryArgsHash = {} value, got {}",
                hash_args_type(),
                got_aliased(other)
            ),
        ])),
        [first, _] => Err(signature_error([
            format!("parameter 'str' expects a String value, got {}", got(first)),
            "expects 1 argument, got 2".to_string(),
            "expects 1 argument, got 2".to_string(),
        ])),
        _ => Err(arity("new_Binary", 1, 2, args.len())),
    }
}

fn is_format(f: &str) -> bool {
    matches!(f, "%B" | "%b" | "%u" | "%s" | "%r")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_round_trips() {
        for (bytes, strict) in [
            (&b""[..], ""),
            (b"h", "aA=="),
            (b"hi", "aGk="),
            (b"hello", "aGVsbG8="),
            (&[255u8][..], "/w=="),
            (&[251u8, 255][..], "+/8="),
        ] {
            assert_eq!(encode_strict(bytes), strict);
            assert_eq!(decode_strict(strict).as_deref(), Some(bytes));
        }
        assert_eq!(encode_urlsafe(&[251, 255]), "-_8=");
        assert_eq!(decode_urlsafe("a-_b"), Some(vec![0x6b, 0xef, 0xdb]));
    }

    #[test]
    fn strict_decoding_rejects_what_ruby_rejects() {
        for bad in ["!!!", "aGVsbG8", "aGk", "a===", "aGk=aGk=", "aGl="] {
            assert_eq!(decode_strict(bad), None, "{bad}");
        }
    }

    #[test]
    fn lenient_decoding_skips_junk() {
        assert_eq!(decode_lenient("aGVsbG8"), b"hello");
        assert_eq!(decode_lenient("aG\nk=junk"), b"hi");
    }

    #[test]
    fn relaxed_encoding_breaks_lines() {
        let long = encode_relaxed(&[0u8; 60]);
        assert_eq!(long.lines().map(str::len).collect::<Vec<_>>(), vec![60, 20]);
        assert!(long.ends_with('\n'));
    }
}
