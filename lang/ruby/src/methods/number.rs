//! Integer and Float methods: arithmetic as Ruby does it (floored division and modulo,
//! `Integer ** negative` as a rational is outside the subset), comparisons, conversions.

use super::Call;
use super::M;
use crate::eval::{raise, unsupported, Interp, R};
use crate::value::RValue;
use crate::value::{RBool, RFloat};
use std::cmp::Ordering;

fn overflow<T>(at: usize) -> R<T> {
    unsupported("integers beyond 64 bits", at)
}

pub fn call(it: &mut Interp, recv: &RValue, c: &Call) -> R<Option<RValue>> {
    let op = c.name;
    if matches!(
        c.id,
        M::op_add
            | M::op_sub
            | M::op_mul
            | M::op_div
            | M::op_mod
            | M::op_pow
            | M::modulo
            | M::div
            | M::fdiv
            | M::pow
    ) {
        c.arity(1, 1)?;
        return arith(recv, op, &c.args[0], c.at).map(Some);
    }
    if matches!(c.id, M::op_lt | M::op_gt | M::op_le | M::op_ge) {
        c.arity(1, 1)?;
        let o = &c.args[0];
        if let (RValue::Int(_), Some(b)) = (recv, super::bignum::Bignum::of(o)) {
            // the other way round: a bignum's `<=>`
            let flipped = match c.id {
                M::op_lt => ">",
                M::op_gt => "<",
                M::op_le => ">=",
                _ => "<=",
            };
            let r = crate::value::HostObject::call(b, flipped, std::slice::from_ref(recv));
            return crate::eval::host_result(r.unwrap_or(Ok(RValue::Nil)), c.at).map(Some);
        }
        if !matches!(o, RValue::Int(_) | RValue::Float(_)) {
            return super::compare_failed(recv, o, c.at);
        }
        let Some(ord) = recv.compare(o) else {
            return Ok(Some(RValue::Bool(RBool::False)));
        };
        return Ok(Some(RValue::bool(match c.id {
            M::op_lt => ord == Ordering::Less,
            M::op_gt => ord == Ordering::Greater,
            M::op_le => ord != Ordering::Greater,
            _ => ord != Ordering::Less,
        })));
    }
    let v = match (recv, c.id) {
        (RValue::Int(i), M::op_neg) => {
            RValue::Int(i.checked_neg().map_or_else(|| overflow(c.at), Ok)?)
        }
        (RValue::Float(f), M::op_neg) => RValue::float(-f.get()),
        (_, M::to_i | M::to_int | M::truncate) => match recv {
            RValue::Float(f) if !f.is_finite() => {
                return raise(crate::show::float_to_s(f.get()), c.at)
            }
            // (an `as` conversion saturates: 1e20.to_i was 2**63 - 1)
            RValue::Float(f) if f.trunc() >= -(2f64.powi(63)) && f.trunc() < 2f64.powi(63) => {
                RValue::Int(f.trunc() as i64)
            }
            RValue::Float(_) => return overflow(c.at),
            other => other.clone(),
        },
        (RValue::Int(i), M::to_f) => RValue::Float(RFloat::new(*i as f64)),
        // `Integer#[]`: the bit at an index (two's complement, infinitely sign-extended), or
        // `n[i, len]` the `len` bits from there; a template indexing a number as if it were
        // a hash (`keydata['type']` of collectd's curl_json) gets Ruby's TypeError.
        (RValue::Int(n), M::op_aref) if !matches!(c.arg(0), Some(RValue::Range(_))) => {
            c.arity(1, 2)?;
            let index = |v: &RValue| match v {
                RValue::Int(i) => Ok(*i),
                RValue::Float(f) if f.is_finite() => Ok(f.trunc() as i64),
                other => raise(
                    crate::methods::no_implicit_conversion(other, "Integer"),
                    c.at,
                ),
            };
            let at = index(&c.args[0])?;
            let bit = |k: i64| -> i64 {
                if k < 0 {
                    0
                } else if k >= 64 {
                    (*n < 0) as i64
                } else {
                    (n >> k) & 1
                }
            };
            match c.args.get(1) {
                None => RValue::Int(bit(at)),
                Some(len) => {
                    let len = index(len)?;
                    if !(0..=62).contains(&len) {
                        return Ok(None);
                    }
                    RValue::Int((0..len).fold(0, |acc, j| acc | (bit(at + j) << j)))
                }
            }
        }
        (RValue::Float(_), M::to_f) => recv.clone(),
        (RValue::Int(i), M::to_s | M::inspect) if !c.args.is_empty() => {
            let base = c.int_arg(0)?;
            if !(2..=36).contains(&base) {
                return raise(format!("invalid radix {base}"), c.at);
            }
            RValue::str(radix(*i, base as u32))
        }
        (RValue::Int(_), M::ord) => recv.clone(),
        (RValue::Int(i), M::chr) => match u8::try_from(*i) {
            // (past ASCII: a binary string of that byte)
            Ok(b) if c.args.is_empty() => RValue::bytes(vec![b]),
            Ok(_) => return unsupported("Integer#chr with an encoding", c.at),
            Err(_) => {
                return Err(crate::eval::Flow::from(crate::error::RubyError::raised_as(
                    "RangeError",
                    format!("{i} out of char range"),
                    c.at,
                )))
            }
        },
        (_, M::abs | M::magnitude) => match recv {
            RValue::Int(i) => RValue::Int(i.checked_abs().map_or_else(|| overflow(c.at), Ok)?),
            RValue::Float(f) => RValue::Float(RFloat::new(f.abs())),
            _ => unreachable!(),
        },
        (RValue::Int(i), M::succ | M::next) => {
            RValue::Int(i.checked_add(1).map_or_else(|| overflow(c.at), Ok)?)
        }
        (RValue::Int(i), M::pred) => {
            RValue::Int(i.checked_sub(1).map_or_else(|| overflow(c.at), Ok)?)
        }
        (RValue::Int(i), M::even_p) => RValue::Bool(RBool::new(i % 2 == 0)),
        (RValue::Int(i), M::odd_p) => RValue::Bool(RBool::new(i % 2 != 0)),
        (_, M::zero_p) => RValue::Bool(RBool::new(
            matches!(recv, RValue::Int(0)) || matches!(recv, RValue::Float(f) if *f == 0.0),
        )),
        (_, M::positive_p) => RValue::Bool(RBool::new(num(recv) > 0.0)),
        (_, M::negative_p) => RValue::Bool(RBool::new(num(recv) < 0.0)),
        (RValue::Int(_), M::integer_p) => RValue::Bool(RBool::True),
        (RValue::Float(_), M::integer_p) => RValue::Bool(RBool::False),
        (RValue::Float(f), M::nan_p) => RValue::Bool(RBool::new(f.is_nan())),
        (RValue::Float(f), M::infinite_p) => {
            if f.is_infinite() {
                RValue::Int(if *f > 0.0 { 1 } else { -1 })
            } else {
                RValue::Nil
            }
        }
        (RValue::Float(f), M::finite_p) => RValue::Bool(RBool::new(f.is_finite())),
        (RValue::Int(_), M::finite_p) => RValue::Bool(RBool::True),
        (_, M::round | M::floor | M::ceil) => round(recv, c)?,
        (RValue::Int(i), M::times) => {
            let Some(b) = c.block else {
                if *i > 10_000_000 {
                    return unsupported("'times' without a block over more than 10 million", c.at);
                }
                return Ok(Some(RValue::array(
                    (0..(*i).max(0)).map(RValue::Int).collect::<Vec<_>>(),
                )));
            };
            for n in 0..*i {
                it.yield_block(b, [RValue::Int(n)])?;
            }
            recv.clone()
        }
        (RValue::Int(a), M::remainder) => {
            let b = c.int_arg(0)?;
            if b == 0 {
                return raise("divided by 0", c.at);
            }
            RValue::Int(a.wrapping_rem(b))
        }
        (RValue::Int(a), M::gcd | M::lcm) => {
            let b = c.int_arg(0)?;
            let (mut x, mut y) = (a.unsigned_abs(), b.unsigned_abs());
            while y != 0 {
                (x, y) = (y, x % y);
            }
            // (each beyond 64 bits for some operands: gcd(-2**63, -2**63) is 2**63, and an
            // lcm can be up to the product; they overflowed, a panic in debug builds)
            let g = i64::try_from(x).map_or_else(|_| overflow(c.at), Ok)?;
            RValue::Int(if c.id == M::gcd {
                g
            } else if g == 0 {
                0
            } else {
                (a / g)
                    .checked_mul(b)
                    .and_then(i64::checked_abs)
                    .map_or_else(|| overflow(c.at), Ok)?
            })
        }
        (RValue::Int(a), M::digits) => {
            if *a < 0 {
                return raise("out of domain", c.at);
            }
            let mut n = *a;
            let mut out = vec![RValue::Int(n % 10)];
            n /= 10;
            while n > 0 {
                out.push(RValue::Int(n % 10));
                n /= 10;
            }
            RValue::array(out)
        }
        (_, M::clamp) => super::clamp(recv, &c.args, c.at)?,
        (RValue::Int(_), M::size) if c.args.is_empty() => RValue::Int(8),
        // a float start, limit or step: the float steps of a range (`1.0.step(2.0, 0.5)`)
        (RValue::Int(_) | RValue::Float(_), M::step)
            if matches!(recv, RValue::Float(_))
                || c.args.iter().any(|a| matches!(a, RValue::Float(_))) =>
        {
            c.arity(1, 2)?;
            let by = c.args.get(1).cloned().unwrap_or(RValue::Int(1));
            if matches!(by, RValue::Int(0)) || matches!(by, RValue::Float(f) if f == 0.0) {
                return super::raise_arg("step can't be 0", c.at);
            }
            let range = (recv.clone(), c.args[0].clone(), false);
            let items = super::enumerable::float_steps(&range, &by, c.at)?;
            super::each_or_items(it, c.block, items, recv)?
        }
        (RValue::Int(i), M::step) => {
            let limit = c.int_arg(0)?;
            let by = if c.args.len() > 1 { c.int_arg(1)? } else { 1 };
            if by == 0 {
                return raise("step can't be 0", c.at);
            }
            // (past i64's end the range is over: stepping must not wrap around)
            let values = std::iter::successors(Some(*i), move |n| n.checked_add(by))
                .take_while(move |&n| (by > 0 && n <= limit) || (by < 0 && n >= limit));
            // With a block, each value is yielded as it comes (the whole list was built
            // first: `0.step(10**12, 1) { ... }` asked for gigabytes before its first
            // step, an abort under an address-space limit).
            let Some(b) = c.block else {
                // (an array stands for the enumerator, as `upto` without a block)
                let span = i128::from(limit) - i128::from(*i);
                let count = if (span >= 0) == (by > 0) || span == 0 {
                    span / i128::from(by) + 1
                } else {
                    0
                };
                if count > 10_000_000 {
                    return unsupported("'step' without a block over more than 10 million", c.at);
                }
                super::grow_values(count as usize, c.at)?;
                return Ok(Some(RValue::array(
                    values.map(RValue::Int).collect::<Vec<_>>(),
                )));
            };
            for n in values {
                it.step(c.at)?;
                it.yield_block(b, [RValue::Int(n)])?;
            }
            recv.clone()
        }
        (RValue::Int(i), M::upto | M::downto) => {
            let to = c.int_arg(0)?;
            let items: Box<dyn Iterator<Item = i64>> = if c.id == M::upto {
                Box::new(*i..=to)
            } else {
                Box::new((to..=*i).rev())
            };
            let Some(b) = c.block else {
                // (an array stands for the enumerator, as `times` without a block)
                let count = if c.id == M::upto {
                    to.saturating_sub(*i)
                } else {
                    i.saturating_sub(to)
                };
                if count > 10_000_000 {
                    return unsupported(
                        format!("'{op}' without a block over more than 10 million"),
                        c.at,
                    );
                }
                super::grow_values(count.max(0) as usize, c.at)?;
                return Ok(Some(RValue::array(
                    items.map(RValue::Int).collect::<Vec<_>>(),
                )));
            };
            for n in items {
                it.yield_block(b, [RValue::Int(n)])?;
            }
            recv.clone()
        }
        (_, M::between_p) => {
            c.arity(2, 2)?;
            let lo = recv
                .compare(&c.args[0])
                .is_some_and(|o| o != Ordering::Less);
            let hi = recv
                .compare(&c.args[1])
                .is_some_and(|o| o != Ordering::Greater);
            RValue::Bool(RBool::new(lo && hi))
        }
        (_, M::divmod) => {
            c.arity(1, 1)?;
            let q = arith(recv, "div", &c.args[0], c.at)?;
            let m = arith(recv, "%", &c.args[0], c.at)?;
            RValue::array(smallvec::smallvec![q, m])
        }
        (RValue::Int(a), M::op_and | M::op_or | M::op_xor | M::op_shl | M::op_shr) => {
            let b = c.int_arg(0)?;
            RValue::Int(match c.id {
                M::op_and => a & b,
                M::op_or => a | b,
                M::op_xor => a ^ b,
                // (`<<` by a negative count shifts right, `>>` by one left, as in Ruby;
                // a left shift that loses bits is beyond 64 bits: 1 << 63 wrapped)
                M::op_shl | M::op_shr => {
                    let left = if c.id == M::op_shl {
                        b
                    } else {
                        b.checked_neg().unwrap_or(i64::MAX)
                    };
                    if left >= 0 {
                        match u32::try_from(left).ok().and_then(|n| a.checked_shl(n)) {
                            Some(r) if r >> left == *a => r,
                            _ if *a == 0 => 0,
                            _ => return overflow(c.at),
                        }
                    } else {
                        a >> left.unsigned_abs().min(63)
                    }
                }
                _ => unreachable!("matched above"),
            })
        }
        _ => return Ok(None),
    };
    Ok(Some(v))
}

fn num(v: &RValue) -> f64 {
    match v {
        RValue::Int(i) => *i as f64,
        RValue::Float(f) => (*f).get(),
        _ => 0.0,
    }
}

fn radix(mut n: i64, base: u32) -> String {
    if n == 0 {
        return "0".into();
    }
    let neg = n < 0;
    let mut digits = Vec::new();
    while n != 0 {
        let d = (n % base as i64).unsigned_abs() as u32;
        digits.push(std::char::from_digit(d, base).unwrap_or('?'));
        n /= base as i64;
    }
    if neg {
        digits.push('-');
    }
    digits.iter().rev().collect()
}

/// How `round` breaks a tie (`half: :up`, the default, `:even`, `:down`).
#[derive(Clone, Copy, PartialEq)]
enum Half {
    Up,
    Even,
    Down,
}

/// `round`, `floor` and `ceil`, with digits (negative: tens, hundreds, ...) and, for
/// `round`, `half:`; as Ruby rounds floats (`1.005.round(2)` is `1.01`: Ruby checks the
/// decimal it rounds to, not only the product).
fn round(recv: &RValue, c: &Call) -> R {
    // (an integer without digits is itself, options unread, as Ruby's)
    if matches!(recv, RValue::Int(_)) && c.args.iter().all(|a| matches!(a, RValue::Hash(_))) {
        return Ok(recv.clone());
    }
    let mut digits = 0;
    let mut half = Half::Up;
    for (i, a) in c.args.iter().enumerate() {
        match a {
            RValue::Hash(h) if c.name == "round" => {
                for (k, v) in h.borrow().iter() {
                    match (k, v) {
                        (RValue::Sym(k), RValue::Sym(m)) if &**k == "half" => {
                            half = match &**m {
                                "up" => Half::Up,
                                "even" => Half::Even,
                                "down" => Half::Down,
                                other => {
                                    return super::raise_arg(
                                        format!("invalid rounding mode: {other}"),
                                        c.at,
                                    )
                                }
                            }
                        }
                        (RValue::Sym(k), RValue::Nil) if &**k == "half" => {}
                        (other, _) => {
                            return super::raise_arg(
                                format!("unknown keyword: {}", crate::show::inspect(other)),
                                c.at,
                            )
                        }
                    }
                }
            }
            _ if i == 0 => digits = c.int_arg(0)?,
            _ => {
                return raise(
                    format!(
                        "wrong number of arguments (given {}, expected 0..1)",
                        c.args.len()
                    ),
                    c.at,
                )
            }
        }
    }
    match recv {
        RValue::Int(_) if digits >= 0 => Ok(recv.clone()),
        RValue::Int(i) => {
            // to tens, hundreds, ...: the remainder decides (a tie by `half`)
            let Some(m) = 10i128.checked_pow((-digits) as u32) else {
                return Ok(RValue::Int(0));
            };
            let x = *i as i128;
            let down = x.div_euclid(m) * m;
            let rest = x - down;
            let r = match c.name {
                "floor" => down,
                "ceil" if rest == 0 => down,
                "ceil" => down + m,
                _ => {
                    let up = down + m;
                    match (rest * 2).cmp(&m) {
                        std::cmp::Ordering::Less => down,
                        std::cmp::Ordering::Greater => up,
                        std::cmp::Ordering::Equal => match half {
                            Half::Up if x < 0 => down,
                            Half::Up => up,
                            Half::Down if x < 0 => up,
                            Half::Down => down,
                            Half::Even if (down / m) % 2 == 0 => down,
                            Half::Even => up,
                        },
                    }
                }
            };
            match i64::try_from(r) {
                Ok(r) => Ok(RValue::Int(r)),
                Err(_) => unsupported("integers beyond 64 bits", c.at),
            }
        }
        RValue::Float(f) => {
            let f = f.get();
            if digits < 0 {
                if c.name == "round" {
                    // (Ruby rounds the float's integer part)
                    if !f.is_finite() {
                        return raise(crate::show::float_to_s(f), c.at);
                    }
                    return round(&RValue::Int(f.trunc() as i64), c);
                }
                let m = 10f64.powi((-digits) as i32);
                let r = match c.name {
                    "floor" => (f / m).floor() * m,
                    _ => (f / m).ceil() * m,
                };
                return Ok(RValue::Int(r as i64));
            }
            if digits > 0 {
                if digits > 15 {
                    return Ok(recv.clone());
                }
                let m = 10f64.powi(digits as i32);
                let r = match c.name {
                    "floor" => (f * m).floor() / m,
                    "ceil" => (f * m).ceil() / m,
                    _ => round_to(f, m, half) / m,
                };
                return Ok(RValue::float(r));
            }
            if !f.is_finite() {
                return raise(crate::show::float_to_s(f), c.at);
            }
            let r = match c.name {
                "floor" => f.floor(),
                "ceil" => f.ceil(),
                _ => round_to(f, 1.0, half),
            };
            Ok(RValue::Int(r as i64))
        }
        _ => Ok(RValue::Nil),
    }
}

/// `x * s` rounded to an integer as Ruby's float rounding does: the nearest, and at a tie
/// (or what reads as one in decimal: `(f + 0.5) / s` equal to `x`) by `half`.
fn round_to(x: f64, s: f64, half: Half) -> f64 {
    let xs = x * s;
    let f = xs.round();
    match half {
        Half::Up => {
            if s == 1.0 {
                f
            } else if x > 0.0 && (f + 0.5) / s <= x {
                f + 1.0
            } else if x < 0.0 && (f - 0.5) / s >= x {
                f - 1.0
            } else {
                f
            }
        }
        Half::Down => {
            let f = if (xs - xs.trunc()).abs() == 0.5 {
                xs.trunc()
            } else {
                f
            };
            if s != 1.0 && x > 0.0 && (f - 0.5) / s >= x {
                f - 1.0
            } else if s != 1.0 && x < 0.0 && (f + 0.5) / s <= x {
                f + 1.0
            } else {
                f
            }
        }
        Half::Even => {
            if (xs - xs.trunc()).abs() == 0.5 {
                let t = xs.trunc();
                if t % 2.0 == 0.0 {
                    t
                } else {
                    t + xs.signum()
                }
            } else {
                f
            }
        }
    }
}

/// Binary arithmetic between numbers.
pub fn arith(a: &RValue, op: &str, b: &RValue, at: usize) -> R {
    match (a, b) {
        (RValue::Int(x), RValue::Int(y)) => int_arith(*x, op, *y, at),
        (RValue::Int(_) | RValue::Float(_), RValue::Host(_))
            if super::bignum::Bignum::of(b).is_some() =>
        {
            match super::bignum::arith(a, op, b) {
                Some(r) => crate::eval::host_result(r, at),
                None => overflow(at),
            }
        }
        (RValue::Int(_) | RValue::Float(_), RValue::Int(_) | RValue::Float(_)) => {
            let (x, y) = (num(a), num(b));
            Ok(RValue::float(match op {
                "+" => x + y,
                "-" => x - y,
                "*" => x * y,
                "/" | "fdiv" => x / y,
                "div" => {
                    if y == 0.0 {
                        return raise("divided by 0", at);
                    }
                    return Ok(RValue::Int((x / y).floor() as i64));
                }
                "%" | "modulo" => {
                    let m = x % y;
                    if m != 0.0 && (m < 0.0) != (y < 0.0) {
                        m + y
                    } else {
                        m
                    }
                }
                _ => x.powf(y),
            }))
        }
        (_, other) => {
            // (Ruby shows its special constants as they inspect: nil, true, false, :sym)
            let what = match other {
                RValue::Nil => "nil".to_string(),
                RValue::Bool(b) => b.to_string(),
                RValue::Sym(_) => crate::show::inspect(other),
                RValue::Str(_) => "String".to_string(),
                o => o.class_name(),
            };
            raise(
                format!("{what} can't be coerced into {}", a.class_name()),
                at,
            )
        }
    }
}

fn int_arith(x: i64, op: &str, y: i64, at: usize) -> R {
    let r = match op {
        "+" => x.checked_add(y),
        "-" => x.checked_sub(y),
        "*" => x.checked_mul(y),
        "/" | "div" => {
            if y == 0 {
                return raise("divided by 0", at);
            }
            x.checked_div(y).map(|_| floor_div(x, y))
        }
        "%" | "modulo" => {
            if y == 0 {
                return raise("divided by 0", at);
            }
            // (`i64::MIN % -1` overflows the division; any integer modulo -1 is 0)
            if y == -1 {
                Some(0)
            } else {
                Some(x - floor_div(x, y) * y)
            }
        }
        "fdiv" => return Ok(RValue::Float(RFloat::new(x as f64 / y as f64))),
        _ => {
            if y < 0 {
                return unsupported("Integer ** a negative integer (a Rational)", at);
            }
            u32::try_from(y).ok().and_then(|e| x.checked_pow(e))
        }
    };
    match r {
        Some(v) => Ok(RValue::Int(v)),
        // beyond 64 bits: a bignum
        None => match super::bignum::arith(&RValue::Int(x), op, &RValue::Int(y)) {
            Some(r) => crate::eval::host_result(r, at),
            None => overflow(at),
        },
    }
}

fn floor_div(x: i64, y: i64) -> i64 {
    let q = x / y;
    if (x % y != 0) && ((x < 0) != (y < 0)) {
        q - 1
    } else {
        q
    }
}
