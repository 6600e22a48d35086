//! Number parsing: Ruby's strict `Integer(str[, radix])` and `Float(str)`, and the
//! patterns the reference's `Integer.new` / `Float.new` / `Numeric.new` accept.

/// Splits a leading sign off; returns (negative, rest).
fn sign(s: &str) -> (bool, &str) {
    match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    }
}

/// Digits in `radix` with single underscores allowed between digits.
fn digits(s: &str, radix: u32) -> Option<i128> {
    if s.is_empty() || s.starts_with('_') || s.ends_with('_') || s.contains("__") {
        return None;
    }
    let mut n: i128 = 0;
    for c in s.chars().filter(|&c| c != '_') {
        let d = c.to_digit(radix)?;
        n = n.checked_mul(radix as i128)?.checked_add(d as i128)?;
    }
    Some(n)
}

/// Ruby's `Integer(str)` or `Integer(str, radix)`; `None` when Ruby raises (or when the
/// value does not fit in 64 bits).
pub fn ruby_integer(s: &str, radix: Option<u32>) -> Option<i64> {
    let t = s.trim_matches(|c: char| c.is_ascii_whitespace());
    let (neg, body) = sign(t);
    let lower = body.to_ascii_lowercase();
    let (radix, rest) = match radix {
        None => {
            if lower.starts_with("0x") {
                (16, &body[2..])
            } else if lower.starts_with("0b") {
                (2, &body[2..])
            } else if lower.starts_with("0o") {
                (8, &body[2..])
            } else if lower.starts_with("0d") {
                (10, &body[2..])
            } else if body.len() > 1 && body.starts_with('0') {
                (8, body[1..].trim_start_matches('_'))
            } else {
                (10, body)
            }
        }
        Some(r) => {
            let prefix = match r {
                16 => Some("0x"),
                2 => Some("0b"),
                8 => Some("0o"),
                10 => Some("0d"),
                _ => None,
            };
            match prefix {
                Some(p) if lower.starts_with(p) => (r, &body[2..]),
                _ => (r, body),
            }
        }
    };
    let n = digits(rest, radix)?;
    i64::try_from(if neg { -n } else { n }).ok()
}

/// Ruby's `Float(str)`: decimal with optional fraction and exponent, or hexadecimal.
pub fn ruby_float(s: &str) -> Option<f64> {
    let t = s.trim_matches(|c: char| c.is_ascii_whitespace());
    let (neg, body) = sign(t);
    let lower = body.to_ascii_lowercase();
    let value = if let Some(hex) = lower.strip_prefix("0x") {
        digits(hex, 16)? as f64
    } else {
        let (mant, exp) = match lower.find('e') {
            Some(i) => (&lower[..i], Some(&lower[i + 1..])),
            None => (&lower[..], None),
        };
        let (int, frac) = match mant.split_once('.') {
            Some((i, f)) => (i, Some(f)),
            None => (mant, None),
        };
        let int_ok = int.is_empty() && frac.is_some() || digits(int, 10).is_some();
        let frac_ok = frac.is_none_or(|f| digits(f, 10).is_some());
        let exp_ok = exp.is_none_or(|e| {
            let (_, e) = sign(e);
            digits(e, 10).is_some()
        });
        if !(int_ok && frac_ok && exp_ok) {
            return None;
        }
        lower.replace('_', "").parse::<f64>().ok()?
    };
    Some(if neg { -value } else { value })
}

fn is_dec(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

fn is_hex_int(s: &str) -> bool {
    s.len() > 2
        && (s.starts_with("0x") || s.starts_with("0X"))
        && s[2..].bytes().all(|b| b.is_ascii_hexdigit())
}

fn is_bin_int(s: &str) -> bool {
    s.len() > 2
        && (s.starts_with("0b") || s.starts_with("0B"))
        && s[2..].bytes().all(|b| b == b'0' || b == b'1')
}

fn is_oct_int(s: &str) -> bool {
    s.len() > 1 && s.starts_with('0') && s[1..].bytes().all(|b| (b'0'..=b'7').contains(&b))
}

/// `(0|[1-9]\d*)(\.\d+)?([eE]-?\d+)?`
fn is_float_dec(s: &str) -> bool {
    let (mant, exp) = match s.find(['e', 'E']) {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    let (int, frac) = match mant.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (mant, None),
    };
    let int_ok = int == "0" || (is_dec(int) && !int.starts_with('0'));
    int_ok
        && frac.is_none_or(is_dec)
        && exp.is_none_or(|e| is_dec(e.strip_prefix('-').unwrap_or(e)))
}

/// Strips the reference's `[+-]?\s*` prefix; returns (sign text, number text).
fn sign_prefix(s: &str) -> (&str, &str) {
    let (sgn, rest) = match s.as_bytes().first() {
        Some(b'-' | b'+') => s.split_at(1),
        _ => ("", s),
    };
    (
        sgn,
        rest.trim_start_matches(|c: char| c.is_ascii_whitespace()),
    )
}

/// The reference's lenient integer pattern (`Integer.new` accepts these strings).
pub fn matches_integer_lenient(s: &str) -> bool {
    let (_, n) = sign_prefix(s);
    is_dec(n) || is_hex_int(n) || is_bin_int(n)
}

/// The reference's float pattern (`Float.new` and `Numeric.new` accept these strings).
pub fn matches_float(s: &str) -> bool {
    let (_, n) = sign_prefix(s);
    is_float_dec(n) || is_hex_int(n) || is_oct_int(n) || is_bin_int(n)
}

/// The sign and the number with the whitespace between them removed (`- 12` -> `-12`).
pub fn without_inner_space(s: &str) -> Option<String> {
    let (sgn, n) = sign_prefix(s);
    (!sgn.is_empty() && n.len() < s.len() - 1).then(|| format!("{sgn}{n}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ruby_integer_matches_ruby() {
        assert_eq!(ruby_integer("0x1A", None), Some(26));
        assert_eq!(ruby_integer("0b11", None), Some(3));
        assert_eq!(ruby_integer("010", None), Some(8));
        assert_eq!(ruby_integer("0o17", None), Some(15));
        assert_eq!(ruby_integer("0d19", None), Some(19));
        assert_eq!(ruby_integer("0_7", None), Some(7));
        assert_eq!(ruby_integer(" 12 ", None), Some(12));
        assert_eq!(ruby_integer("1_000", None), Some(1000));
        assert_eq!(ruby_integer("1__0", None), None);
        assert_eq!(ruby_integer("_1", None), None);
        assert_eq!(ruby_integer("+-1", None), None);
        assert_eq!(ruby_integer("", None), None);
        assert_eq!(ruby_integer("12abc", None), None);
        assert_eq!(ruby_integer("089", None), None);
        assert_eq!(ruby_integer("0x1", Some(8)), None);
        assert_eq!(ruby_integer("0x10", Some(10)), None);
        assert_eq!(ruby_integer("0x1F", Some(16)), Some(31));
        assert_eq!(ruby_integer("0777", Some(8)), Some(511));
        assert_eq!(ruby_integer("-0x10", None), Some(-16));
        assert_eq!(ruby_integer("99999999999999999999", None), None);
    }

    #[test]
    fn ruby_float_matches_ruby() {
        assert_eq!(ruby_float(".5"), Some(0.5));
        assert_eq!(ruby_float("5."), None);
        assert_eq!(ruby_float(" 1.5 "), Some(1.5));
        assert_eq!(ruby_float("1_000.5"), Some(1000.5));
        assert_eq!(ruby_float("0x1A"), Some(26.0));
        assert_eq!(ruby_float("0b11"), None);
        assert_eq!(ruby_float("010"), Some(10.0));
        assert_eq!(ruby_float("1e+5"), Some(100000.0));
        assert_eq!(ruby_float("1e"), None);
        assert_eq!(ruby_float(""), None);
        assert_eq!(ruby_float("abc"), None);
    }

    #[test]
    fn reference_patterns() {
        assert!(matches_integer_lenient(" 12"));
        assert!(matches_integer_lenient("- 12"));
        assert!(!matches_integer_lenient("12 "));
        assert!(!matches_integer_lenient("1_000"));
        assert!(!matches_integer_lenient("0o777"));
        assert!(!matches_integer_lenient("1F"));
        assert!(matches_float("010"));
        assert!(matches_float("1e3"));
        assert!(!matches_float(".5"));
        assert!(!matches_float("5."));
        assert!(!matches_float("089"));
        assert_eq!(without_inner_space("- 12").as_deref(), Some("-12"));
        assert_eq!(without_inner_space("-12"), None);
    }
}
