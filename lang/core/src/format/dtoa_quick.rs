//! Ruby's rounding of `%f`, `%e` and `%g` where it is not the exact value's.
//!
//! Ruby's `BSD__dtoa` (modes 2 and 3, the printf conversions) first tries floating-point
//! arithmetic: it scales the value by a power of ten into `[1, 10)` and takes the digits.
//! When what is left after the last digit is within its error bound of a half, Ruby rounds
//! that digit to even (`'%.1f' % 0.35` is `0.4`, `'%.1f' % 0.45` is `0.4`, `'%.0e' % 0.025`
//! is `2e-02`), where the exact value (`0.34999999999999997...`, `0.025000000000000001...`)
//! rounds the other way. Elsewhere the digits are the exact value's, rounded half to even.

const TENS: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];
const BIGTENS: [f64; 5] = [1e16, 1e32, 1e64, 1e128, 1e256];
/// The most digits the floating-point attempt makes (`Quick_max`).
const QUICK_MAX: i32 = 14;

/// Whether Ruby's floating-point attempt ends on a half for |f| with `ndigits` significant
/// digits (`fixed` false, mode 2) or `ndigits` digits after the point (`fixed`, mode 3):
/// then the last digit is rounded to even.
// (dtoa's own approximation of log10(2), not the exact constant: its estimate is kept)
#[allow(clippy::approx_constant)]
fn quick_half(f: f64, fixed: bool, ndigits: i32) -> bool {
    let d = f.abs();
    let bits = d.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    if d == 0.0 || !d.is_finite() || biased == 0 {
        return false;
    }
    // (dtoa's estimate of the decimal exponent, checked against a power of ten when small)
    let d2 = f64::from_bits((bits & 0x000f_ffff_ffff_ffff) | 0x3ff0_0000_0000_0000);
    let ds = (d2 - 1.5) * 0.289529654602168
        + 0.1760912590558
        + f64::from(biased - 1023) * 0.301029995663981;
    let mut k = ds as i32;
    if ds < 0.0 && ds != f64::from(k) {
        k -= 1;
    }
    let mut k_check = true;
    if (0..=22).contains(&k) {
        if d < TENS[k as usize] {
            k -= 1;
        }
        k_check = false;
    }
    let (mut ilim, ilim1) = if fixed {
        (ndigits + k + 1, ndigits + k)
    } else {
        (ndigits.max(1), ndigits.max(1))
    };
    if !(1..=QUICK_MAX).contains(&ilim) {
        return false;
    }
    let mut ieps = 2;
    let mut x = d;
    if k > 0 {
        let mut scale = TENS[(k & 0xf) as usize];
        let mut j = k >> 4;
        if j & 0x10 != 0 {
            j &= 0x0f;
            x /= BIGTENS[4];
            ieps += 1;
        }
        let mut n = 0;
        while j != 0 {
            if j & 1 != 0 {
                ieps += 1;
                scale *= BIGTENS[n];
            }
            j >>= 1;
            n += 1;
        }
        x /= scale;
    } else if k < 0 {
        x *= TENS[((-k) & 0xf) as usize];
        let (mut j, mut n) = ((-k) >> 4, 0);
        while j != 0 {
            if j & 1 != 0 {
                ieps += 1;
                x *= BIGTENS[n];
            }
            j >>= 1;
            n += 1;
        }
    }
    if k_check && x < 1.0 {
        if ilim1 <= 0 {
            return false;
        }
        ilim = ilim1;
        x *= 10.0;
        ieps += 1;
    }
    // (the error bound: ieps * x + 7 units of the last place)
    let e = f64::from(ieps) * x + 7.0;
    let eps = f64::from_bits(e.to_bits() - (52u64 << 52)) * TENS[(ilim - 1) as usize];
    let mut i = 1;
    loop {
        x -= x.trunc();
        if x == 0.0 {
            return false;
        }
        if i == ilim {
            return x <= 0.5 + eps && x >= 0.5 - eps;
        }
        i += 1;
        x *= 10.0;
    }
}

/// Adds one to the last digit of `digits` (ASCII digits), carrying; `true` when the carry
/// makes one more digit (`99` is `100`).
fn bump(digits: &mut Vec<u8>) -> bool {
    for d in digits.iter_mut().rev() {
        if *d == b'9' {
            *d = b'0';
        } else {
            *d += 1;
            return false;
        }
    }
    digits.insert(0, b'1');
    true
}

/// Ruby's `%.{prec}f` of |f| where it rounds a half to even, or `None` (the exact value's
/// rounding, Rust's, is Ruby's).
pub fn fixed(f: f64, prec: usize) -> Option<String> {
    if prec > 40 || !quick_half(f, true, prec as i32) {
        return None;
    }
    // (the exact digits, truncated after `prec` decimals)
    let long = format!("{:.*}", prec + 30, f.abs());
    let (int, frac) = long.split_once('.')?;
    let mut digits: Vec<u8> = int.bytes().chain(frac.bytes().take(prec)).collect();
    let mut int_len = int.len();
    if digits.last().is_some_and(|d| (d - b'0') % 2 == 1) && bump(&mut digits) {
        int_len += 1;
    }
    let (i, fr) = digits.split_at(int_len);
    let i = String::from_utf8_lossy(i);
    let i = if i.len() > 1 {
        i.trim_start_matches('0')
    } else {
        &i
    };
    let i = if i.is_empty() { "0" } else { i };
    Some(if prec == 0 {
        i.to_string()
    } else {
        format!("{i}.{}", String::from_utf8_lossy(fr))
    })
}

/// Ruby's `%.{prec}e` of |f| as `mantissa` and exponent where it rounds a half to even,
/// or `None`.
pub fn exponential(f: f64, prec: usize) -> Option<(String, i32)> {
    if prec > 40 || !quick_half(f, false, prec as i32 + 1) {
        return None;
    }
    let long = format!("{:.*e}", prec + 30, f.abs());
    let (mant, exp) = long.split_once('e')?;
    let mut exp: i32 = exp.parse().ok()?;
    let mut digits: Vec<u8> = mant
        .bytes()
        .filter(u8::is_ascii_digit)
        .take(prec + 1)
        .collect();
    if digits.last().is_some_and(|d| (d - b'0') % 2 == 1) && bump(&mut digits) {
        digits.pop();
        exp += 1;
    }
    let (first, rest) = digits.split_at(1);
    let mant = if prec == 0 {
        String::from_utf8_lossy(first).into_owned()
    } else {
        format!(
            "{}.{}",
            String::from_utf8_lossy(first),
            String::from_utf8_lossy(rest)
        )
    };
    Some((mant, exp))
}

/// Whether Ruby's `%.{p}g` of |f| keeps its trailing zeros: its floating-point attempt
/// ended on a half and kept the last digit (even), whose digits it returns untrimmed
/// (`'%.5g' % 38.6405` is `38.640`, `'%.3G' % 4.705e5` is `4.70E+05`).
pub fn general_keeps_zeros(f: f64, p: usize) -> bool {
    if p > 40 || !quick_half(f, false, p as i32) {
        return false;
    }
    let long = format!("{:.*e}", p + 30, f.abs());
    long.bytes()
        .filter(u8::is_ascii_digit)
        .nth(p.max(1) - 1)
        .is_some_and(|d| (d - b'0').is_multiple_of(2))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ruby 3.1's answers (`'%.1f' % 0.35` ...).
    #[test]
    fn halves_of_the_floating_point_attempt_round_to_even() {
        assert_eq!(fixed(0.35, 1).as_deref(), Some("0.4"));
        assert_eq!(fixed(0.45, 1).as_deref(), Some("0.4"));
        assert_eq!(fixed(0.15, 1).as_deref(), Some("0.2"));
        assert_eq!(fixed(9.95, 1).as_deref(), Some("10.0"));
        assert_eq!(exponential(0.025, 0), Some(("2".to_string(), -2)));
        assert_eq!(exponential(0.015, 0), Some(("2".to_string(), -2)));
        assert_eq!(exponential(1.125e-5, 2), Some(("1.12".to_string(), -5)));
        assert_eq!(fixed(1.005, 2).as_deref(), Some("1.00"));
        // (no half: the exact value's rounding)
        assert_eq!(fixed(0.3, 1), None);
        assert_eq!(fixed(0.25, 1).as_deref(), Some("0.2"));
        assert_eq!(exponential(0.035, 0), Some(("4".to_string(), -2)));
        assert_eq!(exponential(0.031, 0), None);
        assert!(general_keeps_zeros(38.6405, 5));
        assert!(general_keeps_zeros(4.705e5, 3));
        assert!(general_keeps_zeros(24.9005, 5));
        assert!(!general_keeps_zeros(0.35, 1));
        assert!(!general_keeps_zeros(38.64, 5));
    }
}
