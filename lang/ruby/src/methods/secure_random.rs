//! Ruby's `SecureRandom` (foreman's `generate_uuid`): `uuid`, `hex`, `random_bytes`,
//! `base64`, `urlsafe_base64`, `alphanumeric`, `random_number`, drawn from the system's
//! random source (`/dev/urandom`; where there is none, `rand`'s generator). Random in the
//! reference as here: programs compare their shapes, not their values.

use super::Call;
use crate::error::RubyError;
use crate::eval::{Flow, R};
use crate::value::{RFloat, RValue};
use prepl_core::convert::binary as b64;

/// Whether `name` is the class.
pub fn is_class(name: &str) -> bool {
    name == "SecureRandom"
}

/// `n` random bytes.
fn bytes(n: usize) -> Vec<u8> {
    let mut out = vec![0u8; n];
    let read = std::fs::File::open("/dev/urandom")
        .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut out));
    if read.is_err() {
        for chunk in out.chunks_mut(4) {
            let r = super::kernel::random_u32().to_le_bytes();
            chunk.copy_from_slice(&r[..chunk.len()]);
        }
    }
    out
}

/// The byte count argument (`nil` or none: 16), Ruby's error for a negative one.
fn count(c: &Call) -> R<usize> {
    match c.arg(0) {
        None | Some(RValue::Nil) => Ok(16),
        Some(RValue::Int(n)) if *n >= 0 => {
            super::grow(*n as usize * 2, c.at)?;
            Ok(*n as usize)
        }
        Some(RValue::Int(_)) => Err(Flow::from(RubyError::raised_as(
            "ArgumentError",
            "negative string size (or size too big)",
            c.at,
        ))),
        Some(other) => Err(Flow::from(RubyError::raised_as(
            "TypeError",
            super::no_implicit_conversion(other, "Integer"),
            c.at,
        ))),
    }
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// A class method of `SecureRandom`; `None` for another.
pub fn class_call(c: &Call) -> R<Option<RValue>> {
    Ok(Some(match c.name {
        "uuid" => {
            c.arity(0, 0)?;
            let mut b = bytes(16);
            b[6] = (b[6] & 0x0f) | 0x40;
            b[8] = (b[8] & 0x3f) | 0x80;
            let h = hex(&b);
            RValue::str(format!(
                "{}-{}-{}-{}-{}",
                &h[..8],
                &h[8..12],
                &h[12..16],
                &h[16..20],
                &h[20..]
            ))
        }
        "hex" => {
            c.arity(0, 1)?;
            RValue::str(hex(&bytes(count(c)?)))
        }
        "random_bytes" | "bytes" => {
            c.arity(0, 1)?;
            RValue::bytes(bytes(count(c)?))
        }
        "base64" => {
            c.arity(0, 1)?;
            RValue::str(b64::encode_strict(&bytes(count(c)?)))
        }
        "urlsafe_base64" => {
            c.arity(0, 2)?;
            let s = b64::encode_urlsafe(&bytes(count(c)?));
            match c.arg(1).is_some_and(RValue::truthy) {
                true => RValue::str(s),
                false => RValue::str(s.trim_end_matches('=')),
            }
        }
        "alphanumeric" => {
            c.arity(0, 1)?;
            const CHARS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
            let n = count(c)?;
            // (each byte below the largest multiple of 62 that fits, as an unbiased draw)
            let mut out = String::with_capacity(n);
            while out.len() < n {
                for b in bytes(n - out.len() + 8) {
                    if b < 248 && out.len() < n {
                        out.push(CHARS[(b % 62) as usize] as char);
                    }
                }
            }
            RValue::str(out)
        }
        "random_number" | "rand" => {
            c.arity(0, 1)?;
            let word = |b: Vec<u8>| u64::from_le_bytes(b.try_into().unwrap_or([0; 8]));
            let unit = || (word(bytes(8)) >> 11) as f64 / (1u64 << 53) as f64;
            match c.arg(0) {
                Some(RValue::Int(n)) if *n > 0 => {
                    let n = *n as u64;
                    // (rejection: no value more likely than another)
                    let zone = u64::MAX - u64::MAX % n;
                    let mut v = word(bytes(8));
                    while v >= zone {
                        v = word(bytes(8));
                    }
                    RValue::Int((v % n) as i64)
                }
                Some(RValue::Float(f)) if **f > 0.0 => RValue::Float(RFloat::new(unit() * **f)),
                None | Some(RValue::Nil | RValue::Int(_) | RValue::Float(_)) => {
                    RValue::Float(RFloat::new(unit()))
                }
                Some(_) => {
                    return crate::eval::unsupported("SecureRandom.random_number of a range", c.at)
                }
            }
        }
        _ => return Ok(None),
    }))
}
