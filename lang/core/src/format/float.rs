//! Floating point text forms: Ruby's `Float#to_s` (the `%p` form) and the C-style
//! `%f %e %g %a` conversions with precision and the alternate flag.

/// Shortest round-trip digits of a finite, non-zero |f| and the decimal point position:
/// `f = 0.DIGITS * 10^decpt`.
fn shortest_digits(f: f64) -> (String, i32) {
    let s = format!("{:e}", f.abs());
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let digits: String = mant.chars().filter(|c| c.is_ascii_digit()).collect();
    let digits = digits.trim_end_matches('0');
    let digits = if digits.is_empty() {
        "0".to_string()
    } else {
        digits.to_string()
    };
    (digits, exp.parse::<i32>().unwrap_or(0) + 1)
}

/// Ruby's `Float#to_s`: `1.0`, `0.30000000000000004`, `1.0e+21`, `1.0e-05`, `-0.0`.
pub fn ruby_float_to_s(f: f64) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 {
            "Infinity".into()
        } else {
            "-Infinity".into()
        };
    }
    let sign = if f.is_sign_negative() { "-" } else { "" };
    if f == 0.0 {
        return format!("{sign}0.0");
    }
    let (digits, decpt) = shortest_digits(f);
    let n = digits.len() as i32;
    if decpt > 0 && (decpt <= 15 || decpt < n) {
        if decpt < n {
            let (int, frac) = digits.split_at(decpt as usize);
            format!("{sign}{int}.{frac}")
        } else {
            format!("{sign}{digits}{}.0", "0".repeat((decpt - n) as usize))
        }
    } else if decpt <= 0 && decpt > -4 {
        format!("{sign}0.{}{digits}", "0".repeat((-decpt) as usize))
    } else {
        let (first, rest) = digits.split_at(1);
        let rest = if rest.is_empty() { "0" } else { rest };
        let e = decpt - 1;
        format!(
            "{sign}{first}.{rest}e{}{:02}",
            if e < 0 { '-' } else { '+' },
            e.abs()
        )
    }
}

/// Text for infinities and NaN in the printf conversions (`Inf`, `-Inf`, `NaN`).
pub fn non_finite(f: f64) -> Option<&'static str> {
    if f.is_nan() {
        Some("NaN")
    } else if f.is_infinite() {
        Some(if f > 0.0 { "Inf" } else { "-Inf" })
    } else {
        None
    }
}

/// Digits after the point past which a double's exact decimal expansion is all zeros
/// (the smallest subnormal, 2^-1074, has 1,074); Rust's formatter refuses precisions
/// above 65,535, so longer ones are written as this many digits and zeros.
const EXACT_FRACTION: usize = 1100;
/// Significant digits past which a double's exponential form is all zeros (at most 767).
const EXACT_SIGNIFICANT: usize = 800;

/// `%.{prec}f` of |f| (no sign); `alt` keeps the point when prec is 0.
pub fn fixed(f: f64, prec: usize, alt: bool) -> String {
    let mut s = super::dtoa_quick::fixed(f, prec)
        .unwrap_or_else(|| format!("{:.*}", prec.min(EXACT_FRACTION), f.abs()));
    if prec > EXACT_FRACTION {
        s.extend(std::iter::repeat_n('0', prec - EXACT_FRACTION));
    }
    if alt && prec == 0 {
        s.push('.');
    }
    s
}

/// `%.{prec}e` of |f| (no sign), exponent with sign and at least two digits.
pub fn exponential(f: f64, prec: usize, upper: bool, alt: bool) -> String {
    let s = exponent_form(f, prec);
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let point = if alt && prec == 0 { "." } else { "" };
    let e = if upper { 'E' } else { 'e' };
    format!(
        "{mant}{point}{e}{}{:02}",
        if exp < 0 { '-' } else { '+' },
        exp.abs()
    )
}

/// Rust's `{:.prec$e}` of |f|, exact for any precision (see [`EXACT_SIGNIFICANT`]).
fn exponent_form(f: f64, prec: usize) -> String {
    if let Some((mant, exp)) = super::dtoa_quick::exponential(f, prec) {
        return format!("{mant}e{exp}");
    }
    let s = format!("{:.*e}", prec.min(EXACT_SIGNIFICANT), f.abs());
    if prec <= EXACT_SIGNIFICANT {
        return s;
    }
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let zeros = "0".repeat(prec - EXACT_SIGNIFICANT);
    format!("{mant}{zeros}e{exp}")
}

/// `%.{prec}g` of |f| (no sign): exponential when the exponent is < -4 or >= precision;
/// trailing zeros removed unless `alt`.
pub fn general(f: f64, prec: Option<usize>, upper: bool, alt: bool) -> String {
    let p = match prec {
        Some(0) => 1,
        Some(p) => p,
        None => 6,
    };
    if f == 0.0 {
        return if alt {
            format!("0.{}", "0".repeat(p - 1))
        } else {
            "0".into()
        };
    }
    let probe = exponent_form(f, p - 1);
    let x: i32 = probe
        .split_once('e')
        .and_then(|(_, e)| e.parse().ok())
        .unwrap_or(0);
    let (body, exp) = if x < -4 || x >= p as i32 {
        let s = exponential(f, p - 1, upper, alt);
        let split = s.find(['e', 'E']).unwrap_or(s.len());
        (s[..split].to_string(), s[split..].to_string())
    } else {
        (
            fixed(f, (p as i32 - 1 - x).max(0) as usize, alt),
            String::new(),
        )
    };
    // (Ruby keeps the zeros of digits its floating-point attempt rounded to even)
    let body = if !alt && body.contains('.') && !super::dtoa_quick::general_keeps_zeros(f, p) {
        body.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        body
    };
    format!("{body}{exp}")
}

/// `%a`: hexadecimal exponential form of |f| (no sign), `0x1.8p+1`; `prec` rounds the
/// hex fraction digits.
pub fn hex_float(f: f64, prec: Option<usize>, upper: bool, alt: bool) -> String {
    let f = f.abs();
    let (mut mant, mut exp) = if f == 0.0 {
        (0u64, 0i32)
    } else {
        let bits = f.to_bits();
        let e = ((bits >> 52) & 0x7ff) as i32;
        let m = bits & ((1u64 << 52) - 1);
        if e == 0 {
            // Subnormal: normalize so the leading digit is 1.
            let shift = m.leading_zeros() as i32 - 11;
            ((m << shift) & ((1u64 << 52) - 1), -1022 - shift)
        } else {
            (m, e - 1023)
        }
    };
    let lead = if f == 0.0 { 0u64 } else { 1u64 };
    let mut digits = format!("{mant:013x}");
    if let Some(p) = prec {
        if p < 13 {
            let drop = (13 - p) * 4;
            let half = 1u64 << (drop - 1);
            let rem = mant & ((1u64 << drop) - 1);
            mant >>= drop;
            // Half to even, the last digit kept being the leading 1 when none follow it.
            let odd = if p == 0 { lead & 1 == 1 } else { mant & 1 == 1 };
            if rem > half || (rem == half && odd) {
                mant += 1;
                if p == 0 || mant >> (p * 4) != 0 {
                    // `0x1.fp+0` rounds to `0x2p+0`, written as Ruby does: `0x1p+1`.
                    exp += 1;
                    mant = 0;
                }
            }
            digits = if p == 0 {
                String::new()
            } else {
                format!("{mant:0width$x}", width = p)
            };
        } else {
            digits.push_str(&"0".repeat(p - 13));
        }
    } else {
        digits = digits.trim_end_matches('0').to_string();
    }
    let point = if !digits.is_empty() || alt { "." } else { "" };
    let s = format!(
        "0x{lead}{point}{digits}p{}{}",
        if exp < 0 { '-' } else { '+' },
        exp.abs()
    );
    if upper {
        s.to_uppercase()
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn precisions_past_the_formatters_limit_are_exact() {
        // Found by fuzzing (fuzz/regressions/format): Rust's formatter panics above 65,535.
        let fixed_long = fixed(0.1, 70_000, false);
        assert_eq!(fixed_long.len(), 70_002);
        assert!(fixed_long.starts_with("0.1000000000000000055511151231"));
        assert_eq!(&fixed_long[..1102], fixed(0.1, 1100, false));
        // 2^-1074: its last non-zero digit is the 1,074th after the point.
        let tiny = fixed(5e-324, 70_000, false);
        assert!(!tiny[..1076].ends_with('0') && tiny[1076..].bytes().all(|b| b == b'0'));
        let exp_long = exponential(1e-300, 70_000, false, false);
        assert_eq!(exponential(0.1, 70_000, false, false).len(), 70_006);
        assert_eq!(exp_long.len(), 70_007);
        assert!(exp_long.ends_with("00000e-300"));
        assert_eq!(
            general(0.1, Some(70_000), false, false),
            "0.1000000000000000055511151231257827021181583404541015625"
        );
        assert_eq!(general(0.1, Some(70_000), false, true).len(), 70_002);
    }

    #[test]
    fn float_to_s_matches_ruby() {
        let cases = [
            (1.0, "1.0"),
            (0.1 + 0.2, "0.30000000000000004"),
            (1.0e21, "1.0e+21"),
            (1.0e-5, "1.0e-05"),
            (-0.0, "-0.0"),
            (1e15, "1.0e+15"),
            (1e14, "100000000000000.0"),
            (123456789012345.6, "123456789012345.6"),
            (1234567890123456.8, "1234567890123456.8"),
            (12345678901234567.0, "1.2345678901234568e+16"),
            (2.5e15, "2.5e+15"),
            (0.0001, "0.0001"),
            (0.00012345678, "0.00012345678"),
            (100.0, "100.0"),
            (1.5e20, "1.5e+20"),
        ];
        for (f, s) in cases {
            assert_eq!(ruby_float_to_s(f), s, "{f}");
        }
    }

    #[test]
    fn printf_float_forms_match_ruby() {
        assert_eq!(exponential(12345.678, 3, false, false), "1.235e+04");
        assert_eq!(exponential(0.0, 6, false, false), "0.000000e+00");
        assert_eq!(exponential(12345.0, 0, false, true), "1.e+04");
        assert_eq!(fixed(2.5, 0, false), "2");
        assert_eq!(fixed(3.5, 0, false), "4");
        assert_eq!(fixed(3.0, 0, true), "3.");
        assert_eq!(general(1e20, None, false, false), "1e+20");
        assert_eq!(general(1.0, None, false, true), "1.00000");
        assert_eq!(general(0.0001234, Some(3), false, false), "0.000123");
        assert_eq!(general(123456789.0, None, false, false), "1.23457e+08");
        assert_eq!(general(100000.0, None, false, false), "100000");
        assert_eq!(general(1e-5, None, true, false), "1E-05");
        // (Ruby 3.1: `'%.5g' % 38.6405`, `'%.3G' % 4.705e5`, `'%.3g' % 9405.0`)
        assert_eq!(general(38.6405, Some(5), false, false), "38.640");
        assert_eq!(general(4.705e5, Some(3), true, false), "4.70E+05");
        assert_eq!(general(9405.0, Some(3), false, false), "9.40e+03");
        assert_eq!(general(0.63805, Some(4), false, false), "0.6380");
        assert_eq!(hex_float(1.0, None, false, false), "0x1p+0");
        assert_eq!(hex_float(0.1, None, true, false), "0X1.999999999999AP-4");
        assert_eq!(hex_float(0.0, None, false, false), "0x0p+0");
        assert_eq!(hex_float(3.5, None, false, false), "0x1.cp+1");
        assert_eq!(hex_float(1.0 / 3.0, Some(2), false, false), "0x1.55p-2");
    }

    #[test]
    fn hex_float_rounding_carries_into_the_exponent_as_ruby() {
        // Ruby's `format('%.0a', 100.0)` and friends (checked with the reference).
        assert_eq!(hex_float(100.0, Some(0), false, false), "0x1p+7");
        assert_eq!(hex_float(100.0, Some(0), true, true), "0X1.P+7");
        assert_eq!(hex_float(255.0, Some(1), false, false), "0x1.0p+8");
        assert_eq!(hex_float(3.2, Some(0), false, false), "0x1p+2");
        // A tie rounds to even; with no digits kept the leading 1 is the odd digit.
        assert_eq!(hex_float(1.5, Some(0), false, false), "0x1p+1");
        assert_eq!(hex_float(2.5, Some(0), false, false), "0x1p+1");
        assert_eq!(hex_float(42.0, Some(0), false, true), "0x1.p+5");
    }
}
