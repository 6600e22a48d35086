//! Class methods of Ruby's standard library that modules' functions use: `ERB::Util`
//! (`url_encode`, `html_escape`), `Shellwords` (`split`, `escape`, `join`),
//! `Kernel.sprintf`, `Kernel.rand`, `URI::Generic.build`, `CGI.escape`,
//! `Digest::MD5/SHA1/SHA256.hexdigest`.

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
        // the host's digest functions (Puppet's `md5`, `sha1`, `sha256`)
        ("Random", M::new) => super::random::new(c)?,
        ("Digest::MD5" | "Digest::SHA1" | "Digest::SHA256", M::hexdigest) => {
            c.arity(1, 1)?;
            let f = match class {
                "Digest::MD5" => "md5",
                "Digest::SHA1" => "sha1",
                _ => "sha256",
            };
            let text = RValue::str(to_s(&c.args[0]));
            let r = _it.host.call_function(f, vec![text]);
            crate::eval::host_result(r, c.at)?
        }
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
            RValue::array(words.into_iter().map(RValue::str).collect())
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
        ("URI::Generic", M::build) => {
            c.arity(1, 1)?;
            uri_build(&c.args[0], c.at)?
        }
        _ => return Ok(None),
    }))
}

/// `URI::Generic.build(scheme:, userinfo:, host:, port:, path:, query:, fragment:)`: the
/// URI (its components and its text).
fn uri_build(parts: &RValue, at: usize) -> R {
    let RValue::Hash(h) = parts else {
        return Err(Flow::from(RubyError::raised_as(
            "ArgumentError",
            "expected Array of or Hash of components of URI::Generic",
            at,
        )));
    };
    let h = h.borrow();
    let get = |k: &str| -> Option<String> {
        h.get(&RValue::sym(k))
            .filter(|v| !matches!(v, RValue::Nil))
            .map(to_s)
    };
    let mut host = get("host");
    if let Some(hs) = &host {
        // an IPv6 address goes in brackets
        if hs.contains(':') && !hs.starts_with('[') {
            host = Some(format!("[{hs}]"));
        }
    }
    let uri = Uri {
        scheme: get("scheme"),
        userinfo: get("userinfo"),
        host,
        port: get("port"),
        path: get("path").unwrap_or_default(),
        query: get("query"),
        fragment: get("fragment"),
    };
    Ok(RValue::Host(std::rc::Rc::new(uri)))
}

/// A URI `URI::Generic.build` made.
#[derive(Debug)]
struct Uri {
    scheme: Option<String>,
    userinfo: Option<String>,
    host: Option<String>,
    port: Option<String>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
}

impl crate::value::HostObject for Uri {
    fn class_name(&self) -> String {
        "URI::Generic".to_string()
    }
    /// As Ruby's `URI::Generic#to_s` writes it.
    fn to_s(&self) -> String {
        let mut s = String::new();
        if let Some(scheme) = &self.scheme {
            s.push_str(scheme);
            s.push(':');
        }
        if self.host.is_some() || matches!(self.scheme.as_deref(), Some("file" | "postgres")) {
            s.push_str("//");
        }
        if let Some(u) = &self.userinfo {
            s.push_str(u);
            s.push('@');
        }
        if let Some(h) = &self.host {
            s.push_str(h);
        }
        if let Some(p) = &self.port {
            s.push(':');
            s.push_str(p);
        }
        s.push_str(&self.path);
        if let Some(q) = &self.query {
            s.push('?');
            s.push_str(q);
        }
        if let Some(f) = &self.fragment {
            s.push('#');
            s.push_str(f);
        }
        s
    }
    fn inspect(&self) -> String {
        format!("#<URI::Generic {}>", self.to_s())
    }
    fn equals(&self, other: &dyn crate::value::HostObject) -> bool {
        other
            .as_any()
            .downcast_ref::<Uri>()
            .is_some_and(|o| o.to_s() == self.to_s())
    }
    fn call(
        &self,
        name: &str,
        _args: &[RValue],
    ) -> Option<Result<RValue, crate::error::HostError>> {
        let opt = |v: &Option<String>| v.clone().map_or(RValue::Nil, RValue::str);
        Some(Ok(match name {
            "to_s" | "to_str" => RValue::str(self.to_s()),
            "scheme" => opt(&self.scheme),
            "userinfo" => opt(&self.userinfo),
            "host" | "hostname" => opt(&self.host),
            "port" => self
                .port
                .as_ref()
                .and_then(|p| p.parse().ok())
                .map_or(RValue::Nil, RValue::Int),
            "path" => RValue::str(self.path.as_str()),
            "query" => opt(&self.query),
            "fragment" => opt(&self.fragment),
            _ => return None,
        }))
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
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
            c if c.is_ascii_alphanumeric() || "_-.,:+/@".contains(c) => out.push(c),
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
