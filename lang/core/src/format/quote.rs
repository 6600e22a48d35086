//! Puppet's string quoting for the `%p` form: single quotes when possible, double quotes
//! with escapes when the string holds control characters (or when asked for).

/// Quotes `s` the way `%p` does: `'it\'s'`, or `"a\nb"` when `s` has a control character.
pub fn puppet_quote(s: &str) -> String {
    if s.chars().any(|c| (c as u32) < 0x20) {
        return double_quote(s);
    }
    let mut out = String::with_capacity(s.len() + 2);
    out.push('\'');
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => out.push_str("\\'"),
            // A backslash is kept together with the character it escapes.
            // A trailing backslash is kept single, as the reference does.
            '\\' => {
                out.push('\\');
                if let Some(n) = chars.next() {
                    out.push(n);
                }
            }
            _ => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// Double quotes `s`, escaping `\t \n \r " $ \` and other control characters as `\u{X}`.
pub fn double_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '"' => out.push_str("\\\""),
            '$' => out.push_str("\\$"),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{{{:X}}}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Whether [`ruby_inspect`] writes `s` as it is between double quotes (nothing to escape:
/// no control character, double quote, backslash or `#`).
pub fn inspects_plainly(s: &str) -> bool {
    !s.bytes()
        .any(|b| b < 0x20 || matches!(b, b'"' | b'\\' | b'#' | 0x7f))
}

/// Ruby's `String#inspect`, used by sprintf's `%p`: always double quoted.
pub fn ruby_inspect(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    // Most strings (titles, paths) have nothing to escape: copied whole, where pushing
    // them a character at a time took ~15 instructions a character.
    if inspects_plainly(s) {
        out.push_str(s);
        out.push('"');
        return out;
    }
    ruby_escaped(s, &mut out, false);
    out.push('"');
    out
}

/// Ruby's `String#dump` of a UTF-8 string: `inspect`'s escapes, with every character past
/// ASCII written `\uXXXX` (`\u{XXXXX}` past the BMP) and other control characters `\xXX`,
/// so that the result is ASCII.
pub fn ruby_dump(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    ruby_escaped(s, &mut out, true);
    out.push('"');
    out
}

/// The text of `s` between the double quotes of Ruby's `inspect` (or `dump`).
fn ruby_escaped(s: &str, out: &mut String, dump: bool) {
    use std::fmt::Write;
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        let _ = match c {
            '\t' => write!(out, "\\t"),
            '\n' => write!(out, "\\n"),
            '\r' => write!(out, "\\r"),
            '\u{1b}' => write!(out, "\\e"),
            '\u{7}' => write!(out, "\\a"),
            '\u{8}' => write!(out, "\\b"),
            '\u{b}' => write!(out, "\\v"),
            '\u{c}' => write!(out, "\\f"),
            '"' => write!(out, "\\\""),
            '\\' => write!(out, "\\\\"),
            // `#{`, `#$`, `#@` would interpolate in Ruby source.
            '#' if matches!(chars.peek(), Some('{' | '$' | '@')) => write!(out, "\\#"),
            // Control characters of a UTF-8 string (the reference: `"a\u0001"`; `dump`:
            // `"a\x01"`).
            c if ((c as u32) < 0x20 || c as u32 == 0x7f) && dump => {
                write!(out, "\\x{:02X}", c as u32)
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f => write!(out, "\\u{:04X}", c as u32),
            c if dump && (c as u32) > 0xffff => write!(out, "\\u{{{:X}}}", c as u32),
            c if dump && !c.is_ascii() => write!(out, "\\u{:04X}", c as u32),
            c => {
                out.push(c);
                Ok(())
            }
        };
    }
}

/// A JSON string as Ruby's JSON generator writes it (`to_json`, `JSON.generate`, stdlib's
/// `to_json`): `"` and `\` escaped, the usual control characters by letter, others as
/// `\u00XX`; non-ASCII kept and `/` not escaped.
pub fn ruby_json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting_follows_the_reference() {
        assert_eq!(puppet_quote("abc"), "'abc'");
        assert_eq!(puppet_quote("it's"), "'it\\'s'");
        assert_eq!(puppet_quote("it\"s"), "'it\"s'");
        assert_eq!(puppet_quote("a\nb"), "\"a\\nb\"");
        assert_eq!(puppet_quote("a\tb\\c"), "\"a\\tb\\\\c\"");
        assert_eq!(puppet_quote("\\e"), "'\\e'");
        assert_eq!(puppet_quote("é"), "'é'");
        assert_eq!(puppet_quote("x\\"), "'x\\'");
        assert_eq!(double_quote("a$b\u{1}"), "\"a\\$b\\u{1}\"");
        assert_eq!(ruby_inspect("a\"b\n"), "\"a\\\"b\\n\"");
        // As `sprintf('%p', "a\u0001\u007f\u0085")` in the reference.
        assert_eq!(
            ruby_inspect("a\u{1}\u{7f}\u{85}"),
            "\"a\\u0001\\u007F\u{85}\""
        );
    }
}
