//! What the reference's number conversion (`Utils.to_n`) refuses although the text is
//! well formed: shared by the lexer (a literal) and the layers that convert strings
//! (arithmetic's coercion, `Numeric.new`).

/// Whether the decimal text `text` (without a sign) is zero raised to a power of ten:
/// an integer part of zeros, a fraction of zeros or none, and an exponent (`0.0e3`,
/// `0.00E-1`, `000e2`). The reference does not make a float of these (its comment: the
/// value is always zero), so such a literal fails to parse ("Internal Error, NUMBER token
/// does not contain a valid number") and such a string is not a number.
pub fn zero_with_exponent(text: &str) -> bool {
    let Some(e) = text.find(['e', 'E']) else {
        return false;
    };
    let (int, frac) = text[..e].split_once('.').unwrap_or((&text[..e], ""));
    !int.is_empty() && int.bytes().all(|c| c == b'0') && frac.bytes().all(|c| c == b'0')
}

#[cfg(test)]
mod tests {
    use super::zero_with_exponent;

    #[test]
    fn zero_raised_to_a_power_is_recognized() {
        for t in ["0.0e3", "0.00E-1", "000e2", "0e0", "0.0e0"] {
            assert!(zero_with_exponent(t), "{t}");
        }
        for t in ["0.0", "0.5e3", "1e2", "10.0e1", "0.01e2", "0", "0x0e1"] {
            assert!(!zero_with_exponent(t), "{t}");
        }
    }
}
