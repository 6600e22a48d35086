//! Class methods of Ruby's standard library that modules' functions use: `ERB::Util`
//! (`url_encode`, `html_escape`), `Shellwords` (`split`, `escape`, `join`),
//! `Kernel.sprintf`, `Kernel.rand`, `CGI.escape`
//! (`Digest`, `OpenSSL`'s digests and `Base64` in `digest`, `URI` in `uri`).

use super::Call;
use super::M;
use crate::error::RubyError;
use crate::eval::{Flow, Interp, R};
use crate::show::to_s;
use crate::value::RValue;

/// `None` for a class or method that is not one of these.
pub fn class_call(_it: &mut Interp, class: &str, c: &Call) -> R<Option<RValue>> {
    let class = class.strip_prefix("::").unwrap_or(class);
    Ok(Some(match (class, c.id) {
        ("Random", M::new) => super::random::new(c)?,
        ("Struct", M::new) => _it.struct_new(c)?,
        // `String.new`, `String.new(s)`, `String.new(s, capacity: n)`: a copy (strings are
        // values in the subset; the options change nothing they hold)
        ("String", M::new) => match c.args.as_slice() {
            [] | [RValue::Hash(_)] => RValue::str(""),
            [RValue::Str(s)] | [RValue::Str(s), RValue::Hash(_)] => RValue::Str(s.clone()),
            [_] | [_, RValue::Hash(_)] => {
                return Err(Flow::from(RubyError::raised_as(
                    "TypeError",
                    "no implicit conversion into String",
                    c.at,
                )))
            }
            _ => {
                c.arity(0, 1)?;
                RValue::Nil
            }
        },
        ("ERB::Util", M::url_encode | M::u) => {
            c.arity(1, 1)?;
            RValue::str(url_encode(&to_s(&c.args[0])))
        }
        ("CGI", M::escape) => {
            c.arity(1, 1)?;
            RValue::str(url_encode(&to_s(&c.args[0])).replace("%20", "+"))
        }
        ("ERB::Util", M::html_escape | M::h) | ("CGI", M::escapeHTML) => {
            c.arity(1, 1)?;
            RValue::str(html_escape(&to_s(&c.args[0])))
        }
        ("Shellwords", M::split | M::shellsplit | M::shellwords) => {
            c.arity(1, 1)?;
            let words = shell_split(&c.str_arg(0)?)
                .map_err(|e| Flow::from(RubyError::raised_as("ArgumentError", e, c.at)))?;
            RValue::array(words.into_iter().map(RValue::str).collect::<Vec<_>>())
        }
        ("Shellwords", M::escape | M::shellescape) => {
            c.arity(1, 1)?;
            RValue::str(shell_escape(&to_s(&c.args[0])))
        }
        ("Shellwords", M::join | M::shelljoin) => {
            c.arity(1, 1)?;
            let RValue::Array(items) = &c.args[0] else {
                return Err(Flow::from(RubyError::raised_as(
                    "NoMethodError",
                    format!(
                        "undefined method `map' for {}",
                        crate::show::inspect(&c.args[0])
                    ),
                    c.at,
                )));
            };
            let words: Vec<String> = items
                .borrow()
                .iter()
                .map(|w| shell_escape(&to_s(w)))
                .collect();
            RValue::str(words.join(" "))
        }
        ("Kernel", M::sprintf | M::format) => {
            c.arity(1, usize::MAX)?;
            super::string::format(_it, &c.args[0], &c.args[1..], c.at)?
        }
        ("Kernel" | "Random", M::rand) => {
            c.arity(0, 1)?;
            super::kernel::random(c.args.first(), c.at)?
        }
        ("Dir", _) => return super::dir::class_call(_it, c),
        ("Math", _) => return super::math::class_call(c),
        ("SecureRandom", _) => return super::secure_random::class_call(c),
        ("Time", _) => return super::time::class_call(c),
        ("IPAddr", _) => return super::ipaddr::class_call(c),
        (super::gem_version::CLASS, _) => return super::gem_version::class_call(c),
        _ if super::hocon::is_class(class) => return super::hocon::class_call(class, c),
        _ if super::openssl::is_class(class) => return super::openssl::class_call(class, c),
        _ if class == "URI" || class.starts_with("URI::") => {
            return super::uri::class_call(c, class)
        }
        _ => return super::digest::class_call(class, c),
    }))
}

/// `ERB::Util.url_encode`: every byte but `A-Za-z0-9_-.~` as `%XX`.
pub fn url_encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// `ERB::Util.html_escape`.
pub fn html_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// `Shellwords.escape`: an empty string as `''`; each character but `A-Za-z0-9_-.,:+/@`
/// and newline after a backslash; a newline as `'\n'`.
pub fn shell_escape(s: &str) -> String {
    if s.is_empty() {
        return "''".to_string();
    }
    let mut out = String::with_capacity(s.len() * 2);
    for ch in s.chars() {
        match ch {
            '\n' => out.push_str("'\n'"),
            // (a `match` of the characters: `"_-.,:+/@".contains(c)` is a search of the text,
            // a call where the compiler does not inline it)
            c if c.is_ascii_alphanumeric()
                || matches!(c, '_' | '-' | '.' | ',' | ':' | '+' | '/' | '@') =>
            {
                out.push(c)
            }
            c => {
                out.push('\\');
                out.push(c);
            }
        }
    }
    out
}

/// `Shellwords.split`: words as the Bourne shell splits them (quotes, backslashes); an
/// unmatched quote is an error (`Unmatched quote: "..."`).
pub fn shell_split(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars().peekable();
    while let Some(ch) = chars.next() {
        match ch {
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => {
                            return Err(format!("Unmatched quote: {}", crate::show::quote(line)))
                        }
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('$' | '`' | '"' | '\\')) => word.push(c),
                            Some('\n') => {}
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => {
                                return Err(format!(
                                    "Unmatched quote: {}",
                                    crate::show::quote(line)
                                ))
                            }
                        },
                        Some(c) => word.push(c),
                        None => {
                            return Err(format!("Unmatched quote: {}", crate::show::quote(line)))
                        }
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some('\n') | None => {}
                    Some(c) => word.push(c),
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shell_words() {
        assert_eq!(
            shell_split(r#"a "b c" d\ e 'f "g"' "h\"i" j''k"#).unwrap(),
            ["a", "b c", "d e", "f \"g\"", "h\"i", "jk"]
        );
        assert_eq!(shell_split("  ").unwrap(), Vec::<String>::new());
        assert_eq!(shell_split("''").unwrap(), [""]);
        assert!(shell_split("a 'b")
            .unwrap_err()
            .starts_with("Unmatched quote"));
        assert_eq!(shell_escape("it's a/b@c"), r"it\'s\ a/b@c");
        assert_eq!(shell_escape(""), "''");
    }

    #[test]
    fn erb_util() {
        assert_eq!(url_encode("p@ss w/rd~_-."), "p%40ss%20w%2Frd~_-.");
        assert_eq!(url_encode("é"), "%C3%A9");
        assert_eq!(
            html_escape("<a href=\"x\">'&'</a>"),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;"
        );
    }
}
