//! The conversions of Ruby's `Kernel#format` on which both `sprintf` and the `String(v, fmt)`
//! engine rest: flags, width and precision applied to integers (with Ruby's `..f` two's
//! complement form for negative numbers), floats and strings.

use super::float;

/// Flags, width and precision of one `%` directive.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Spec {
    /// `-`: left justify.
    pub minus: bool,
    /// `+`: always show the sign (and no two's complement).
    pub plus: bool,
    /// ` `: a space for the sign of non-negative numbers.
    pub space: bool,
    /// `0`: pad numbers with zeros.
    pub zero: bool,
    /// `#`: alternate form.
    pub alt: bool,
    pub width: Option<usize>,
    pub prec: Option<usize>,
}

/// The largest width or precision accepted, so that a huge width cannot exhaust memory.
pub const MAX_WIDTH: usize = 1 << 20;

impl Spec {
    /// Pads `s` to the width with spaces, on the left unless `-` was given.
    pub fn pad(&self, s: String) -> String {
        let len = s.chars().count();
        match self.width {
            Some(w) if w > len => {
                let fill = " ".repeat(w - len);
                if self.minus {
                    s + &fill
                } else {
                    fill + &s
                }
            }
            _ => s,
        }
    }

    /// `%s` of a text: truncated to the precision, then padded.
    pub fn string(&self, s: &str) -> String {
        match self.prec {
            Some(p) => self.pad(s.chars().take(p).collect()),
            None => self.pad(s.to_string()),
        }
    }

    fn sign(&self, negative: bool) -> &'static str {
        if negative {
            "-"
        } else if self.plus {
            "+"
        } else if self.space {
            " "
        } else {
            ""
        }
    }

    /// Sign, prefix and body joined, zero padded between prefix and body when asked for
    /// (with `fill`), then space padded.
    fn assemble(
        &self,
        sign: &str,
        prefix: &str,
        body: String,
        zero_ok: bool,
        fill: char,
    ) -> String {
        let len = sign.len() + prefix.len() + body.chars().count();
        // (joined by hand: `format!` costs several times the pushes)
        let zeros = match self.width {
            Some(w) if self.zero && zero_ok && !self.minus && w > len => w - len,
            _ if sign.is_empty() && prefix.is_empty() => return self.pad(body),
            _ => 0,
        };
        let mut out =
            String::with_capacity(sign.len() + prefix.len() + zeros * fill.len_utf8() + body.len());
        out.push_str(sign);
        out.push_str(prefix);
        if fill == '0' {
            // (pushed as text: a character at a time cost ~10 instructions each)
            const ZEROS: &str = "0000000000000000000000000000000000000000000000000000000000000000";
            let mut left = zeros;
            while left > 0 {
                let n = left.min(ZEROS.len());
                out.push_str(&ZEROS[..n]);
                left -= n;
            }
        } else {
            out.extend(std::iter::repeat_n(fill, zeros));
        }
        out.push_str(&body);
        if zeros > 0 {
            out
        } else {
            self.pad(out)
        }
    }

    /// An integer in conversion `d i u x X o b B`.
    pub fn integer(&self, conv: char, n: i128) -> String {
        let (shift, upper) = match conv {
            'x' => (4, false),
            'X' => (4, true),
            'o' => (3, false),
            'b' | 'B' => (1, false),
            _ => (0, false),
        };
        if shift == 0 {
            let magnitude = n.unsigned_abs();
            // (a u64 is written by a faster routine than a u128)
            let mut digits = match u64::try_from(magnitude) {
                Ok(m) => m.to_string(),
                Err(_) => magnitude.to_string(),
            };
            if let Some(p) = self.prec {
                if n == 0 && p == 0 {
                    digits.clear();
                }
                digits = zero_extend(&digits, p, '0');
            }
            return self.assemble(self.sign(n < 0), "", digits, self.prec.is_none(), '0');
        }
        let twos = n < 0 && !self.plus && !self.space;
        let mut digits = if twos {
            twos_complement(n, shift)
        } else {
            to_base(n.unsigned_abs(), shift)
        };
        if upper {
            digits = digits.to_uppercase();
        }
        let sign_digit = if twos {
            digits.chars().next().unwrap_or('0')
        } else {
            '0'
        };
        let mut prefix = if self.alt && n != 0 {
            match conv {
                'x' => "0x",
                'X' => "0X",
                'b' => "0b",
                'B' => "0B",
                _ => "",
            }
        } else {
            ""
        };
        let dots = if twos { ".." } else { "" };
        if let Some(p) = self.prec {
            if n == 0 && p == 0 && !twos {
                digits.clear();
            }
            digits = zero_extend(&digits, p.saturating_sub(dots.len()), sign_digit);
        }
        if conv == 'o' && self.alt && !twos && !digits.starts_with('0') {
            prefix = "0";
        }
        if twos {
            let len = prefix.len() + 2 + digits.len();
            if let Some(w) = self.width {
                if self.zero && self.prec.is_none() && !self.minus && w > len {
                    digits = zero_extend(&digits, digits.len() + w - len, sign_digit);
                }
            }
            return self.pad(format!("{prefix}..{digits}"));
        }
        self.assemble(self.sign(n < 0), prefix, digits, self.prec.is_none(), '0')
    }

    /// A float in conversion `f e E g G a A`.
    pub fn float(&self, conv: char, f: f64) -> String {
        let sign = self.sign(f.is_sign_negative() && !f.is_nan());
        if let Some(text) = float::non_finite(f) {
            return self.pad(format!("{sign}{}", text.trim_start_matches('-')));
        }
        let prec = self.prec.unwrap_or(6);
        match conv {
            'e' | 'E' => self.assemble(
                sign,
                "",
                float::exponential(f, prec, conv == 'E', self.alt),
                true,
                '0',
            ),
            'g' | 'G' => self.assemble(
                sign,
                "",
                float::general(f, self.prec, conv == 'G', self.alt),
                true,
                '0',
            ),
            'a' | 'A' => {
                let body = float::hex_float(f, self.prec, conv == 'A', self.alt);
                let (prefix, rest) = body.split_at(2);
                self.assemble(sign, prefix, rest.to_string(), true, '0')
            }
            _ => self.assemble(sign, "", float::fixed(f, prec, self.alt), true, '0'),
        }
    }
}

fn zero_extend(digits: &str, len: usize, fill: char) -> String {
    let n = digits.chars().count();
    if n >= len {
        digits.to_string()
    } else {
        let mut s: String = std::iter::repeat_n(fill, len - n).collect();
        s.push_str(digits);
        s
    }
}

fn to_base(mut n: u128, shift: u32) -> String {
    if n == 0 {
        return "0".into();
    }
    // (written from the end of a buffer of the most digits, 128 in binary: not pushed
    // one by one into a growing vector, reversed and checked)
    let mask = (1u128 << shift) - 1;
    let mut digits = [0u8; 128];
    let mut at = digits.len();
    while n > 0 {
        at -= 1;
        digits[at] = DIGITS[(n & mask) as usize];
        n >>= shift;
    }
    // SAFETY: `digits[at..]` holds only ASCII digits and letters of `DIGITS`.
    unsafe { std::str::from_utf8_unchecked(&digits[at..]) }.to_string()
}

const DIGITS: &[u8; 16] = b"0123456789abcdef";

/// The digits of a negative number in two's complement, without the infinite run of sign
/// digits but one: `-255` in hex is `f01`.
fn twos_complement(mut n: i128, shift: u32) -> String {
    let mask = (1i128 << shift) - 1;
    let mut out = Vec::new();
    while n != -1 {
        out.push(DIGITS[(n & mask) as usize]);
        n >>= shift;
    }
    out.push(DIGITS[mask as usize]);
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(flags: &str, width: Option<usize>, prec: Option<usize>) -> Spec {
        Spec {
            minus: flags.contains('-'),
            plus: flags.contains('+'),
            space: flags.contains(' '),
            zero: flags.contains('0'),
            alt: flags.contains('#'),
            width,
            prec,
        }
    }

    /// Flags, width, precision, conversion, value and Ruby's result.
    type IntCase = (
        &'static str,
        Option<usize>,
        Option<usize>,
        char,
        i128,
        &'static str,
    );

    #[test]
    fn integers_match_ruby() {
        let cases: &[IntCase] = &[
            ("", None, None, 'x', -255, "..f01"),
            ("#", None, None, 'x', -255, "0x..f01"),
            ("0", Some(8), None, 'x', -1, "..ffffff"),
            ("", None, Some(5), 'x', -1, "..fff"),
            ("", None, None, 'o', -8, "..70"),
            ("", None, None, 'b', -5, "..1011"),
            ("", None, None, 'B', 5, "101"),
            ("#", None, None, 'b', 5, "0b101"),
            ("+", None, None, 'x', -255, "-ff"),
            (" ", None, None, 'x', -255, "-ff"),
            ("#", None, None, 'x', 0, "0"),
            ("#", None, None, 'o', 0, "0"),
            ("#", None, Some(3), 'o', 8, "010"),
            ("#", None, None, 'X', 255, "0XFF"),
            ("#", None, None, 'B', 5, "0B101"),
            ("-", Some(8), None, 'x', -1, "..f     "),
            ("", Some(8), None, 'x', -1, "     ..f"),
            ("+0", Some(8), None, 'd', 5, "+0000005"),
            (" ", None, None, 'd', 5, " 5"),
            ("", None, Some(3), 'd', -5, "-005"),
            ("0", Some(8), Some(3), 'd', 5, "     005"),
            ("", None, Some(10), 'x', -255, "..ffffff01"),
            ("#0", Some(10), None, 'x', -255, "0x..ffff01"),
            ("#", Some(10), None, 'o', -8, "      ..70"),
            ("-+0", Some(5), None, 'd', -3, "-3   "),
            ("#", None, None, 'o', -8, "..70"),
            ("", None, Some(0), 'd', 0, ""),
            ("#", None, Some(3), 'x', 255, "0x0ff"),
            ("+0", Some(8), Some(3), 'x', -255, "    -0ff"),
            ("#", Some(5), None, 'x', 10, "  0xa"),
            ("#0", Some(5), None, 'x', 10, "0x00a"),
            ("#", None, None, 'x', -1, "0x..f"),
            ("#", None, None, 'o', -1, "..7"),
            ("", None, Some(3), 'o', -8, "..70"),
            ("0", Some(12), None, 'x', 7919 * 1500, "000000b54064"),
            ("0", Some(70), None, 'x', 255, "00000000000000000000000000000000000000000000000000000000000000000000ff"),
            ("", None, None, 'b', 1 << 100, "10000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"),
            ("", None, None, 'o', i64::MAX as i128, "777777777777777777777"),
        ];
        for &(flags, w, p, conv, n, want) in cases {
            assert_eq!(
                spec(flags, w, p).integer(conv, n),
                want,
                "%{flags}{w:?}.{p:?}{conv} of {n}"
            );
        }
    }

    #[test]
    #[allow(clippy::approx_constant)] // 3.14159 is the value the reference was asked about
    fn floats_and_strings_match_ruby() {
        assert_eq!(spec("+", None, Some(2)).float('e', 1.0), "+1.00e+00");
        assert_eq!(
            spec(" 0", Some(10), Some(3)).float('f', 3.14159),
            " 00003.142"
        );
        assert_eq!(spec("-", Some(10), None).float('f', 1.5), "1.500000  ");
        assert_eq!(spec("0", Some(10), None).float('a', 1.0), "0x00001p+0");
        assert_eq!(
            spec("0", Some(10), Some(1)).float('f', f64::NAN),
            "       NaN"
        );
        assert_eq!(spec("+", None, None).float('f', f64::INFINITY), "+Inf");
        assert_eq!(
            spec("", Some(10), Some(3)).float('e', 12345.678),
            " 1.235e+04"
        );
        assert_eq!(spec("", None, None).float('f', -0.0), "-0.000000");
        assert_eq!(spec("0", Some(10), Some(3)).string("abcdef"), "       abc");
        assert_eq!(spec("", None, Some(2)).string("héllo"), "hé");
        assert_eq!(spec("", Some(5), None).string("é"), "    é");
    }
}
