//! Integers beyond 64 bits (Ruby's bignums), as far as modules' code uses them: made by
//! `String#to_i` / `hex` of long digits (`Digest::SHA256.hexdigest(s).to_i(16)`, the seed of
//! stdlib's `seeded_rand_string`) and by `+`, `-`, `*`, `**` of integers that overflow;
//! printed in any base, compared, added, multiplied, divided (floored, as Ruby's `/`, `%`,
//! `divmod`; `fdiv` to the nearest float), and
//! given to `Random.new` as its seed words. An integer that fits 64 bits is always an
//! `RValue::Int`.

use crate::error::HostError;
use crate::value::{HostObject, RValue};
use crate::value::{RBool, RFloat};
use std::any::Any;
use std::cmp::Ordering;

/// A sign and a magnitude in 32-bit words, least significant first, with no zero word
/// at the top.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bignum {
    neg: bool,
    mag: Vec<u32>,
}

impl Bignum {
    /// From a sign and words (least significant first).
    pub fn from_words(neg: bool, mut mag: Vec<u32>) -> Bignum {
        while mag.last() == Some(&0) {
            mag.pop();
        }
        Bignum {
            neg: neg && !mag.is_empty(),
            mag,
        }
    }

    fn of_i64(i: i64) -> Bignum {
        let m = i.unsigned_abs();
        Bignum::from_words(i < 0, vec![m as u32, (m >> 32) as u32])
    }

    /// The bignum a value is (an `Integer` beyond 64 bits), if it is one.
    pub fn of(v: &RValue) -> Option<&Bignum> {
        match v {
            RValue::Host(o) => o.as_any().downcast_ref::<Bignum>(),
            _ => None,
        }
    }

    /// An integer value (bignum or not) as a bignum.
    fn of_integer(v: &RValue) -> Option<Bignum> {
        match v {
            RValue::Int(i) => Some(Bignum::of_i64(*i)),
            other => Bignum::of(other).cloned(),
        }
    }

    /// An unsigned 128-bit integer's value (an `Int` when it fits 64 bits).
    pub fn of_u128(u: u128) -> RValue {
        Bignum::from_words(false, (0..4).map(|i| (u >> (32 * i)) as u32).collect()).into_value()
    }

    /// `<=>` of two integers, either a bignum (`sort`, `max` of a mix); `None` when one is
    /// no integer.
    pub fn compare_integers(a: &RValue, b: &RValue) -> Option<Ordering> {
        Some(Bignum::of_integer(a)?.cmp(&Bignum::of_integer(b)?))
    }

    /// A non-negative integer value (bignum or not) that fits 128 bits, as one.
    pub fn to_u128(v: &RValue) -> Option<u128> {
        match v {
            RValue::Int(i) => u128::try_from(*i).ok(),
            other => {
                let b = Bignum::of(other)?;
                (!b.neg && b.mag.len() <= 4).then(|| {
                    b.mag
                        .iter()
                        .rev()
                        .fold(0u128, |acc, w| acc << 32 | *w as u128)
                })
            }
        }
    }

    /// The magnitude's words, least significant first.
    pub fn words(&self) -> &[u32] {
        &self.mag
    }

    /// The value: an `Int` when it fits 64 bits.
    pub fn into_value(self) -> RValue {
        if self.mag.len() <= 2 {
            let m = self.mag.first().copied().unwrap_or(0) as u64
                | (self.mag.get(1).copied().unwrap_or(0) as u64) << 32;
            if self.neg && m <= 1 << 63 {
                return RValue::Int((m as i64).wrapping_neg());
            }
            if !self.neg && m <= i64::MAX as u64 {
                return RValue::Int(m as i64);
            }
        }
        RValue::host(self)
    }

    /// Digits in `base` (2..=36, already checked), with `_` allowed between them; the
    /// value of the leading ones (`to_i`'s reading; no digits is 0).
    pub fn parse(digits: &str, base: u32, neg: bool) -> RValue {
        let mut mag: Vec<u32> = Vec::new();
        for d in digits
            .chars()
            .filter(|ch| *ch != '_')
            .map_while(|ch| ch.to_digit(base))
        {
            mul_small(&mut mag, base, d);
        }
        Bignum::from_words(neg, mag).into_value()
    }

    /// The digits in `base` (2..=36), `-` first when negative.
    pub fn to_radix(&self, base: u32) -> String {
        if self.mag.is_empty() {
            return "0".into();
        }
        let mut mag = self.mag.clone();
        let mut digits = Vec::new();
        while !mag.is_empty() {
            let r = div_small(&mut mag, base);
            digits.push(std::char::from_digit(r, base).unwrap_or('0'));
        }
        if self.neg {
            digits.push('-');
        }
        digits.iter().rev().collect()
    }

    fn cmp(&self, other: &Bignum) -> Ordering {
        match (self.neg, other.neg) {
            (false, true) => Ordering::Greater,
            (true, false) => Ordering::Less,
            (false, false) => cmp_mag(&self.mag, &other.mag),
            (true, true) => cmp_mag(&other.mag, &self.mag),
        }
    }

    fn add(&self, other: &Bignum) -> Bignum {
        if self.neg == other.neg {
            return Bignum::from_words(self.neg, add_mag(&self.mag, &other.mag));
        }
        match cmp_mag(&self.mag, &other.mag) {
            Ordering::Less => Bignum::from_words(other.neg, sub_mag(&other.mag, &self.mag)),
            _ => Bignum::from_words(self.neg, sub_mag(&self.mag, &other.mag)),
        }
    }

    fn neg(&self) -> Bignum {
        Bignum::from_words(!self.neg, self.mag.clone())
    }

    fn mul(&self, other: &Bignum) -> Bignum {
        let mut out = vec![0u32; self.mag.len() + other.mag.len()];
        for (i, &a) in self.mag.iter().enumerate() {
            let mut carry = 0u64;
            for (j, &b) in other.mag.iter().enumerate() {
                let t = out[i + j] as u64 + a as u64 * b as u64 + carry;
                out[i + j] = t as u32;
                carry = t >> 32;
            }
            out[i + other.mag.len()] = carry as u32;
        }
        Bignum::from_words(self.neg != other.neg, out)
    }

    /// Floored division and modulo (Ruby's `divmod`: the remainder has the divisor's
    /// sign) by a nonzero integer.
    fn divmod(&self, d: &Bignum) -> (Bignum, Bignum) {
        let (q, r) = divrem_mag(&self.mag, &d.mag);
        let (mut q, mut r) = (
            Bignum::from_words(self.neg != d.neg, q),
            Bignum::from_words(self.neg, r),
        );
        if !r.mag.is_empty() && r.neg != d.neg {
            q = q.add(&Bignum::of_i64(-1));
            r = r.add(d);
        }
        (q, r)
    }

    fn bit_length(&self) -> u64 {
        let top = self.mag.last().copied().unwrap_or(0);
        self.mag.len() as u64 * 32 - top.leading_zeros() as u64
    }

    /// The nearest `f64` (ties to even), infinite beyond its range, as Ruby's `to_f`.
    fn to_f64(&self) -> f64 {
        let bits = self.bit_length();
        let f = if bits <= 64 {
            self.low_u64() as f64
        } else {
            // the top 64 bits, the lowest made sticky when a bit below them is set, so
            // that one rounding (`u64 as f64`) gives the nearest
            let drop = bits - 64;
            let (top, rest) = shr_bits(&self.mag, drop);
            let f = (Bignum::from_words(false, top).low_u64() | rest as u64) as f64;
            scale(f, drop as i64)
        };
        if self.neg {
            -f
        } else {
            f
        }
    }

    fn low_u64(&self) -> u64 {
        self.mag.first().copied().unwrap_or(0) as u64
            | (self.mag.get(1).copied().unwrap_or(0) as u64) << 32
    }

    /// `self / d` as the nearest `f64` (Ruby's `fdiv`: not the quotient of the two
    /// rounded to floats, which would be infinite or lose the low bits).
    fn fdiv(&self, d: &Bignum) -> f64 {
        if d.mag.is_empty() {
            return self.to_f64() / if d.neg { -0.0 } else { 0.0 };
        }
        // enough quotient bits (at least 66) that the remainder only rounds the last one
        let shift = (d.bit_length() + 66).saturating_sub(self.bit_length());
        let (q, r) = divrem_mag(&shl_bits(&self.mag, shift), &d.mag);
        let mut q = Bignum::from_words(false, q);
        if !r.is_empty() {
            q.mag[0] |= 1;
        }
        let f = scale(q.to_f64(), -(shift as i64));
        if self.neg != d.neg {
            -f
        } else {
            f
        }
    }
}

/// `f * 2**e`, exact while the result is a normal float.
fn scale(mut f: f64, mut e: i64) -> f64 {
    while e > 1000 {
        f *= 2f64.powi(1000);
        e -= 1000;
    }
    while e < -1000 {
        f *= 2f64.powi(-1000);
        e += 1000;
    }
    f * 2f64.powi(e as i32)
}

/// `mag << n`.
fn shl_bits(mag: &[u32], n: u64) -> Vec<u32> {
    let (words, bits) = ((n / 32) as usize, (n % 32) as u32);
    let mut out = vec![0u32; words];
    let mut carry = 0u32;
    for &w in mag {
        out.push(if bits == 0 { w } else { (w << bits) | carry });
        carry = if bits == 0 { 0 } else { w >> (32 - bits) };
    }
    out.push(carry);
    out
}

/// `mag >> n`, and whether a bit shifted out was set.
fn shr_bits(mag: &[u32], n: u64) -> (Vec<u32>, bool) {
    let (words, bits) = ((n / 32) as usize, (n % 32) as u32);
    if words >= mag.len() {
        return (Vec::new(), mag.iter().any(|w| *w != 0));
    }
    let mut lost = mag[..words].iter().any(|w| *w != 0);
    if bits > 0 {
        lost |= mag[words] & ((1 << bits) - 1) != 0;
    }
    let out = (words..mag.len())
        .map(|i| {
            let hi = if bits == 0 {
                0
            } else {
                mag.get(i + 1).map_or(0, |w| w << (32 - bits))
            };
            (mag[i] >> bits) | hi
        })
        .collect();
    (out, lost)
}

/// Truncated division of magnitudes (`d` not zero): the quotient and the remainder
/// (Knuth's algorithm D, in 32-bit words).
fn divrem_mag(a: &[u32], d: &[u32]) -> (Vec<u32>, Vec<u32>) {
    let trim = |mut v: Vec<u32>| {
        while v.last() == Some(&0) {
            v.pop();
        }
        v
    };
    let (a, d) = (trim(a.to_vec()), trim(d.to_vec()));
    if cmp_mag(&a, &d) == Ordering::Less {
        return (Vec::new(), a);
    }
    if d.len() == 1 {
        let mut q = a;
        let r = div_small(&mut q, d[0]);
        return (q, trim(vec![r]));
    }
    // normalized: the divisor's top bit set (its length unchanged, the dividend one
    // word longer)
    let s = d[d.len() - 1].leading_zeros() as u64;
    let dn = trim(shl_bits(&d, s));
    let mut an = shl_bits(&a, s);
    an.truncate(a.len() + 1);
    let n = dn.len();
    let m = a.len() - n;
    let base = 1u64 << 32;
    let mut q = vec![0u32; m + 1];
    for j in (0..=m).rev() {
        let num = (an[j + n] as u64) << 32 | an[j + n - 1] as u64;
        let mut qhat = num / dn[n - 1] as u64;
        let mut rhat = num % dn[n - 1] as u64;
        while qhat >= base || qhat * dn[n - 2] as u64 > (rhat << 32 | an[j + n - 2] as u64) {
            qhat -= 1;
            rhat += dn[n - 1] as u64;
            if rhat >= base {
                break;
            }
        }
        // an[j..=j+n] -= qhat * dn
        let mut borrow = 0i64;
        let mut carry = 0u64;
        for i in 0..n {
            let p = qhat * dn[i] as u64 + carry;
            carry = p >> 32;
            let t = an[i + j] as i64 - borrow - (p & 0xffff_ffff) as i64;
            an[i + j] = t as u32;
            borrow = (t < 0) as i64;
        }
        let t = an[j + n] as i64 - borrow - carry as i64;
        an[j + n] = t as u32;
        if t < 0 {
            // one too many: add the divisor back
            qhat -= 1;
            let mut carry = 0u64;
            for i in 0..n {
                let t = an[i + j] as u64 + dn[i] as u64 + carry;
                an[i + j] = t as u32;
                carry = t >> 32;
            }
            an[j + n] = an[j + n].wrapping_add(carry as u32);
        }
        q[j] = qhat as u32;
    }
    let (r, _) = shr_bits(&an[..n], s);
    (trim(q), trim(r))
}

fn mul_small(mag: &mut Vec<u32>, m: u32, add: u32) {
    let mut carry = add as u64;
    for w in mag.iter_mut() {
        let t = *w as u64 * m as u64 + carry;
        *w = t as u32;
        carry = t >> 32;
    }
    if carry > 0 {
        mag.push(carry as u32);
    }
}

/// Divides in place; the remainder.
fn div_small(mag: &mut Vec<u32>, d: u32) -> u32 {
    let mut r = 0u64;
    for w in mag.iter_mut().rev() {
        let t = (r << 32) | *w as u64;
        *w = (t / d as u64) as u32;
        r = t % d as u64;
    }
    while mag.last() == Some(&0) {
        mag.pop();
    }
    r as u32
}

fn cmp_mag(a: &[u32], b: &[u32]) -> Ordering {
    a.len()
        .cmp(&b.len())
        .then_with(|| a.iter().rev().cmp(b.iter().rev()))
}

fn add_mag(a: &[u32], b: &[u32]) -> Vec<u32> {
    let mut out = Vec::with_capacity(a.len().max(b.len()) + 1);
    let mut carry = 0u64;
    for i in 0..a.len().max(b.len()) {
        let t = *a.get(i).unwrap_or(&0) as u64 + *b.get(i).unwrap_or(&0) as u64 + carry;
        out.push(t as u32);
        carry = t >> 32;
    }
    out.push(carry as u32);
    out
}

/// `a - b` for `a >= b`.
fn sub_mag(a: &[u32], b: &[u32]) -> Vec<u32> {
    let mut out = Vec::with_capacity(a.len());
    let mut borrow = 0i64;
    for (i, &w) in a.iter().enumerate() {
        let mut t = w as i64 - *b.get(i).unwrap_or(&0) as i64 - borrow;
        borrow = 0;
        if t < 0 {
            t += 1 << 32;
            borrow = 1;
        }
        out.push(t as u32);
    }
    out
}

/// `x op y` where one of them is a bignum or `Int` arithmetic overflowed (`+`, `-`, `*`,
/// `**`, `/`, `div`, `%`, `modulo`, `divmod`, `fdiv`; with a float, on the bignum's float);
/// `None` for what this does not do.
pub fn arith(x: &RValue, op: &str, y: &RValue) -> Option<Result<RValue, HostError>> {
    if let (Some(a), RValue::Float(f)) = (Bignum::of(x), y) {
        return float_arith(a.to_f64(), op, (*f).get());
    }
    if let (RValue::Float(f), Some(b)) = (x, Bignum::of(y)) {
        return float_arith((*f).get(), op, b.to_f64());
    }
    let a = Bignum::of_integer(x)?;
    let b = Bignum::of_integer(y)?;
    Some(Ok(match op {
        "+" => a.add(&b).into_value(),
        "-" => a.add(&b.neg()).into_value(),
        "*" => a.mul(&b).into_value(),
        "**" | "pow" => {
            let RValue::Int(e) = y else { return None };
            // (the result's size bounded before any work: the product of the limbs and the
            // exponent overflowed for exponents near 2^58 and the loop below ran ~e times —
            // a hang libFuzzer found with `15 ** 90 ** 9`)
            if *e < 0 {
                return None;
            }
            // 0, 1 and -1 to any power are at hand (0 has no limbs: the bound below let
            // `0 ** 111111111111111` run its loop ~10^14 times, a hang libFuzzer found)
            if a.mag.is_empty() || a.mag == [1] {
                let one = if a.neg && e % 2 == 1 { -1 } else { 1 };
                let r = if a.mag.is_empty() && *e > 0 { 0 } else { one };
                return Some(Ok(RValue::Int(r)));
            }
            let bits = (a.mag.len() as i64).saturating_mul(32).saturating_mul(*e);
            if bits > 1 << 20 {
                return None;
            }
            // (by squaring: the work grows with the result's size, not the exponent)
            let (mut r, mut base, mut e) = (Bignum::of_i64(1), a, *e);
            while e > 0 {
                if e & 1 == 1 {
                    r = r.mul(&base);
                }
                e >>= 1;
                if e > 0 {
                    base = base.mul(&base);
                }
            }
            r.into_value()
        }
        "/" | "div" | "%" | "modulo" | "divmod" => {
            if b.mag.is_empty() {
                return Some(Err(HostError::Raise("divided by 0".into())));
            }
            let (q, r) = a.divmod(&b);
            match op {
                "/" | "div" => q.into_value(),
                "%" | "modulo" => r.into_value(),
                _ => RValue::array(smallvec::smallvec![q.into_value(), r.into_value()]),
            }
        }
        "fdiv" => RValue::Float(RFloat::new(a.fdiv(&b))),
        _ => return None,
    }))
}

/// A bignum with a float: Ruby converts the bignum to a float first.
fn float_arith(x: f64, op: &str, y: f64) -> Option<Result<RValue, HostError>> {
    let floored = |m: f64| {
        if m != 0.0 && (m < 0.0) != (y < 0.0) {
            m + y
        } else {
            m
        }
    };
    Some(Ok(match op {
        "+" => RValue::Float(RFloat::new(x + y)),
        "-" => RValue::Float(RFloat::new(x - y)),
        "*" => RValue::Float(RFloat::new(x * y)),
        "/" | "fdiv" => RValue::Float(RFloat::new(x / y)),
        "%" | "modulo" => RValue::Float(RFloat::new(floored(x % y))),
        "div" | "divmod" => {
            if y == 0.0 {
                return Some(Err(HostError::Raise("divided by 0".into())));
            }
            let q = (x / y).floor();
            if !q.is_finite() {
                return None;
            }
            // (an integer quotient beyond 64 bits: the float's digits)
            let q = if q.abs() < 9.2e18 {
                RValue::Int(q as i64)
            } else {
                Bignum::parse(&format!("{:.0}", q.abs()), 10, q < 0.0)
            };
            if op == "div" {
                q
            } else {
                RValue::array(smallvec::smallvec![
                    q,
                    RValue::Float(RFloat::new(floored(x % y)))
                ])
            }
        }
        _ => return None,
    }))
}

impl HostObject for Bignum {
    fn class_name(&self) -> String {
        "Integer".to_string()
    }
    fn is_a(&self, class: &str) -> bool {
        matches!(class, "Integer" | "Numeric" | "Comparable" | "Bignum")
    }
    fn to_s(&self) -> String {
        self.to_radix(10)
    }
    fn equals(&self, other: &dyn HostObject) -> bool {
        other.as_any().downcast_ref::<Bignum>() == Some(self)
    }
    fn compare(&self, other: &dyn HostObject) -> Option<Ordering> {
        other.as_any().downcast_ref::<Bignum>().map(|b| self.cmp(b))
    }
    fn call(&self, name: &str, args: &[RValue]) -> Option<Result<RValue, HostError>> {
        let this = || RValue::host(self.clone());
        Some(Ok(match (name, args) {
            ("to_s" | "inspect", []) => RValue::str(self.to_radix(10)),
            ("to_s" | "inspect", [RValue::Int(b)]) => {
                if !(2..=36).contains(b) {
                    return Some(Err(HostError::Raise(format!("invalid radix {b}"))));
                }
                RValue::str(self.to_radix(*b as u32))
            }
            ("to_i" | "to_int" | "floor" | "ceil" | "round" | "truncate", []) => this(),
            ("to_f", []) => RValue::Float(RFloat::new(self.to_f64())),
            ("-@", []) => self.neg().into_value(),
            ("abs" | "magnitude", []) => Bignum::from_words(false, self.mag.clone()).into_value(),
            ("zero?", []) => RValue::Bool(RBool::False),
            ("even?" | "odd?", []) => {
                RValue::Bool(RBool::new((self.mag[0] & 1 == 0) == (name == "even?")))
            }
            ("bit_length", []) => {
                let top = self.mag.last().copied().unwrap_or(0);
                RValue::Int((self.mag.len() as i64 - 1) * 32 + (32 - top.leading_zeros() as i64))
            }
            ("hash", []) => RValue::Int(self.mag.iter().fold(self.neg as i64, |h, w| {
                h.wrapping_mul(31).wrapping_add(*w as i64)
            })),
            ("==" | "eql?" | "equal?", [o]) => {
                RValue::Bool(RBool::new(Bignum::of(o) == Some(self)))
            }
            ("<=>" | "<" | ">" | "<=" | ">=", [o]) => {
                let Some(b) = Bignum::of_integer(o) else {
                    if name == "<=>" {
                        return Some(Ok(RValue::Nil));
                    }
                    return Some(Err(HostError::Raise(format!(
                        "comparison of Integer with {} failed",
                        crate::show::inspect(o)
                    ))));
                };
                let ord = self.cmp(&b);
                match name {
                    "<=>" => RValue::Int(ord as i64),
                    "<" => RValue::Bool(RBool::new(ord == Ordering::Less)),
                    ">" => RValue::Bool(RBool::new(ord == Ordering::Greater)),
                    "<=" => RValue::Bool(RBool::new(ord != Ordering::Greater)),
                    _ => RValue::Bool(RBool::new(ord != Ordering::Less)),
                }
            }
            (op, [o]) => match arith(&this(), op, o) {
                Some(r) => return Some(r),
                None if matches!(
                    op,
                    "+" | "-"
                        | "*"
                        | "/"
                        | "%"
                        | "**"
                        | "div"
                        | "modulo"
                        | "pow"
                        | "divmod"
                        | "fdiv"
                ) =>
                {
                    return Some(Err(HostError::Unsupported(format!(
                        "Integer#{op} of a bignum with {}",
                        crate::show::inspect(o)
                    ))))
                }
                None => return None,
            },
            _ => return None,
        }))
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::show::to_s;

    #[test]
    fn powers_of_zero_and_one_take_no_time_whatever_the_exponent() {
        let e = RValue::Int(111_111_111_111_111);
        for (base, want) in [(0, 0), (1, 1), (-1, -1)] {
            let got = arith(&RValue::Int(base), "**", &e).map(|r| r.ok());
            assert!(
                matches!(got, Some(Some(RValue::Int(w))) if w == want),
                "{base}: {got:?}"
            );
        }
        let got = arith(&RValue::Int(-1), "**", &RValue::Int(1 << 40)).map(|r| r.ok());
        assert!(matches!(got, Some(Some(RValue::Int(1)))), "{got:?}");
        let got = arith(&RValue::Int(0), "**", &RValue::Int(0)).map(|r| r.ok());
        assert!(matches!(got, Some(Some(RValue::Int(1)))), "{got:?}");
    }

    #[test]
    fn parses_prints_and_computes_as_ruby() {
        let hex = "2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae";
        let n = Bignum::parse(hex, 16, false);
        // Ruby: "2c26...e7ae".to_i(16)
        assert_eq!(
            to_s(&n),
            "19970150736239713706088444570146546354146685096673408908105596072151101138862"
        );
        assert_eq!(Bignum::of(&n).unwrap().to_radix(16), hex);
        assert_eq!(
            to_s(&Bignum::parse("9223372036854775807", 10, false)),
            "9223372036854775807"
        );
        assert!(matches!(
            Bignum::parse("9223372036854775808", 10, true),
            RValue::Int(i64::MIN)
        ));
        let big = Bignum::parse("9223372036854775808", 10, false);
        // 2**63 - 1 is an Int again; 2**63 * 3 + 5 and % 7, / -7 (floored)
        assert!(matches!(
            arith(&big, "-", &RValue::Int(1)).unwrap().unwrap(),
            RValue::Int(i64::MAX)
        ));
        let m = arith(&big, "*", &RValue::Int(3)).unwrap().unwrap();
        let m = arith(&m, "+", &RValue::Int(5)).unwrap().unwrap();
        assert_eq!(to_s(&m), "27670116110564327429");
        assert!(matches!(
            arith(&m, "%", &RValue::Int(7)).unwrap().unwrap(),
            RValue::Int(1)
        ));
        assert!(matches!(
            arith(&m, "%", &RValue::Int(-7)).unwrap().unwrap(),
            RValue::Int(-6)
        ));
        assert_eq!(
            to_s(&arith(&m, "/", &RValue::Int(-7)).unwrap().unwrap()),
            "-3952873730080618205"
        );
        assert_eq!(
            to_s(
                &arith(&RValue::Int(2), "**", &RValue::Int(100))
                    .unwrap()
                    .unwrap()
            ),
            "1267650600228229401496703205376"
        );
    }
}
