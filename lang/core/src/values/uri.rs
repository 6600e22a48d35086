//! `URI` values: a URI reference split into its RFC 3986 components, as the reference keeps
//! them (Ruby's RFC 3986 parser): scheme and host as written (compared case-insensitively),
//! the default port of a known scheme left out, the path `''` when there is none.
//!
//! Parsing is the RFC's own regular expression (appendix B) followed by a check of every
//! component's characters, which is what the reference rejects with `bad URI(is not URI?)`.

use crate::format::quote;
use std::fmt;

#[derive(Debug, Clone, Default)]
pub struct Uri {
    pub scheme: Option<String>,
    pub userinfo: Option<String>,
    pub host: Option<String>,
    /// The port as written (`None` when none was, or it was the scheme's default).
    pub port: Option<u32>,
    pub path: String,
    pub query: Option<String>,
    pub fragment: Option<String>,
    /// The rest of a URI with a scheme and no `//` authority whose path is not absolute
    /// (`mailto:a@b`, `urn:isbn:1`).
    pub opaque: Option<String>,
}

/// The default port of a scheme Ruby knows.
pub fn default_port(scheme: &str) -> Option<u32> {
    Some(match scheme.to_ascii_lowercase().as_str() {
        "http" | "ws" => 80,
        "https" | "wss" => 443,
        "ftp" => 21,
        "ldap" => 389,
        "ldaps" => 636,
        "file" => return None,
        _ => return None,
    })
}

fn is_unreserved(c: char) -> bool {
    c.is_ascii_alphanumeric() || "-._~".contains(c)
}

fn is_sub_delim(c: char) -> bool {
    "!$&'()*+,;=".contains(c)
}

/// Whether `s` consists of unreserved characters, sub-delimiters, percent-encoded octets
/// and the `extra` characters.
fn valid(s: &str, extra: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i] as char;
        if c == '%' {
            if !(b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit))
            {
                return false;
            }
            i += 3;
            continue;
        }
        if !(is_unreserved(c) || is_sub_delim(c) || extra.contains(c)) {
            return false;
        }
        i += 1;
    }
    true
}

impl Uri {
    /// The class of Ruby's `URI` the reference holds it as (`URI::HTTP`, `URI::Generic`).
    pub fn ruby_class(&self) -> &'static str {
        let scheme = self
            .scheme
            .as_deref()
            .unwrap_or_default()
            .to_ascii_lowercase();
        match scheme.as_str() {
            "http" => "URI::HTTP",
            "https" => "URI::HTTPS",
            "ftp" => "URI::FTP",
            "file" => "URI::File",
            "ldap" => "URI::LDAP",
            "ldaps" => "URI::LDAPS",
            "mailto" => "URI::MailTo",
            "ws" => "URI::WS",
            "wss" => "URI::WSS",
            _ => "URI::Generic",
        }
    }

    /// Parses a URI reference; the error is the reference's message.
    pub fn parse(text: &str) -> Result<Uri, String> {
        if !text.is_ascii() {
            // (Ruby's `URI` writes `String#dump` here, `inspect` below)
            return Err(format!("URI must be ascii only {}", quote::ruby_dump(text)));
        }
        let bad = || format!("bad URI(is not URI?): {}", quote::ruby_inspect(text));
        let (rest, fragment) = match text.split_once('#') {
            Some((r, f)) => (r, Some(f.to_string())),
            None => (text, None),
        };
        let (rest, query) = match rest.split_once('?') {
            Some((r, q)) => (r, Some(q.to_string())),
            None => (rest, None),
        };
        let mut u = Uri {
            fragment,
            query,
            ..Uri::default()
        };
        let mut rest = rest;
        if let Some(colon) = rest.find(':') {
            let head = &rest[..colon];
            if !head.contains('/') {
                let mut cs = head.chars();
                let ok = cs.next().is_some_and(|c| c.is_ascii_alphabetic())
                    && cs.all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c));
                if !ok {
                    return Err(bad());
                }
                u.scheme = Some(head.to_string());
                rest = &rest[colon + 1..];
            }
        }
        if let Some(after) = rest.strip_prefix("//") {
            let end = after.find('/').unwrap_or(after.len());
            let authority = &after[..end];
            rest = &after[end..];
            let hostport = match authority.rsplit_once('@') {
                Some((ui, hp)) => {
                    if !valid(ui, ":") {
                        return Err(bad());
                    }
                    u.userinfo = Some(ui.to_string());
                    hp
                }
                None => authority,
            };
            let (host, port) = if hostport.starts_with('[') {
                match hostport.find(']') {
                    Some(close) => (&hostport[..=close], &hostport[close + 1..]),
                    None => return Err(bad()),
                }
            } else {
                match hostport.rfind(':') {
                    Some(i) => (&hostport[..i], &hostport[i..]),
                    None => (hostport, ""),
                }
            };
            if !host.starts_with('[') && !valid(host, "") {
                return Err(bad());
            }
            u.host = Some(host.to_string());
            if let Some(p) = port.strip_prefix(':') {
                if !p.chars().all(|c| c.is_ascii_digit()) {
                    return Err(bad());
                }
                u.port = p.parse().ok();
            } else if !port.is_empty() {
                return Err(bad());
            }
            if !valid(rest, ":@/") {
                return Err(bad());
            }
            u.path = rest.to_string();
        } else if u.scheme.is_some() && !rest.starts_with('/') && !rest.is_empty() {
            if !valid(rest, ":@/?") {
                return Err(bad());
            }
            u.opaque = Some(rest.to_string());
        } else {
            if !valid(rest, ":@/") {
                return Err(bad());
            }
            u.path = rest.to_string();
        }
        for part in [&u.query, &u.fragment].into_iter().flatten() {
            if !valid(part, ":@/?") {
                return Err(bad());
            }
        }
        if u.port.is_some() && u.port == u.scheme.as_deref().and_then(default_port) {
            u.port = None;
        }
        Ok(u)
    }

    /// `base + reference`: the reference resolved against this URI (RFC 3986, 5.2.2).
    pub fn merge(&self, r: &Uri) -> Uri {
        if r.scheme.is_some() {
            return Uri {
                path: remove_dot_segments(&r.path),
                ..r.clone()
            };
        }
        let mut t = Uri {
            scheme: self.scheme.clone(),
            fragment: r.fragment.clone(),
            ..Uri::default()
        };
        if r.host.is_some() {
            t.userinfo = r.userinfo.clone();
            t.host = r.host.clone();
            t.port = r.port;
            t.path = remove_dot_segments(&r.path);
            t.query = r.query.clone();
            return t;
        }
        t.userinfo = self.userinfo.clone();
        t.host = self.host.clone();
        t.port = self.port;
        if r.path.is_empty() {
            t.path = self.path.clone();
            t.query = r.query.clone().or_else(|| self.query.clone());
        } else {
            t.query = r.query.clone();
            t.path = if r.path.starts_with('/') {
                remove_dot_segments(&r.path)
            } else if self.host.is_some() && self.path.is_empty() {
                remove_dot_segments(&format!("/{}", r.path))
            } else {
                let dir = self.path.rfind('/').map_or("", |i| &self.path[..=i]);
                remove_dot_segments(&format!("{dir}{}", r.path))
            };
        }
        t
    }

    /// `$u.port`: the port, or the scheme's default.
    pub fn effective_port(&self) -> Option<u32> {
        self.port
            .or_else(|| self.scheme.as_deref().and_then(default_port))
    }

    /// The path as Ruby's `URI#path` gives it: an FTP URI's (`URI::FTP`) without the `/`
    /// that separates it from the host and without its `;type=` code (`ftp://c/d;type=a`
    /// is `d`), a `%2F` at its start read as `/`.
    pub fn ruby_path(&self) -> std::borrow::Cow<'_, str> {
        let ftp = self
            .scheme
            .as_deref()
            .is_some_and(|s| s.eq_ignore_ascii_case("ftp"));
        if !ftp {
            return std::borrow::Cow::Borrowed(&self.path);
        }
        let path = self.path.split(";type=").next().unwrap_or_default();
        let path = path.strip_prefix('/').unwrap_or(path);
        match path.strip_prefix("%2F") {
            Some(rest) => std::borrow::Cow::Owned(format!("/{rest}")),
            None => std::borrow::Cow::Borrowed(path),
        }
    }

    /// A component as the reference's `URI[{...}]` check reads it from the URI object
    /// (`uri.send(name)`): the scheme in lower case, the port a number (the scheme's
    /// default when none is written), the path as [`ruby_path`](Self::ruby_path), undef
    /// for none; `None` for a name that is no component.
    pub fn component(&self, name: &str) -> Option<crate::values::Value> {
        use crate::values::Value;
        let text = |s: &Option<String>| s.as_deref().map_or(Value::Undef, Value::from);
        Some(match name {
            "scheme" => text(&self.scheme.as_ref().map(|s| s.to_ascii_lowercase())),
            "userinfo" => text(&self.userinfo),
            "host" => text(&self.host),
            "port" => self
                .effective_port()
                .map_or(Value::Undef, |p| Value::Integer(p.into())),
            "path" if self.opaque.is_some() => Value::Undef,
            "path" => Value::from(&*self.ruby_path()),
            "query" => text(&self.query),
            "fragment" => text(&self.fragment),
            "opaque" => text(&self.opaque),
            _ => return None,
        })
    }

    /// The components as the inferred type lists them (`URI[{'scheme' => 'http', ...}]`):
    /// the reference's `uri_to_hash`, scheme and host in lower case (an empty host left
    /// out), the port (the scheme's default when none is written) unless it is 80 of
    /// `http` or 443 of `https`, the path as [`ruby_path`](Self::ruby_path) unless empty.
    pub fn components(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        let mut push = |k: &'static str, v: Option<String>| {
            if let Some(v) = v {
                out.push((k, v));
            }
        };
        let scheme = self.scheme.as_ref().map(|s| s.to_ascii_lowercase());
        let port = self.effective_port().filter(|&p| {
            !matches!(
                (p, scheme.as_deref()),
                (80, Some("http")) | (443, Some("https"))
            )
        });
        push("scheme", scheme.clone());
        push("userinfo", self.userinfo.clone());
        push(
            "host",
            self.host
                .as_ref()
                .filter(|h| !h.is_empty())
                .map(|h| h.to_ascii_lowercase()),
        );
        push("port", port.map(|p| p.to_string()));
        let path = self.ruby_path();
        push("path", (!path.is_empty()).then(|| path.into_owned()));
        push("query", self.query.clone());
        push("fragment", self.fragment.clone());
        push("opaque", self.opaque.clone());
        out
    }

    /// The form compared by `==` and hashing: scheme and host in lower case, `/` for the
    /// empty path of a URI with a host.
    pub fn normalized(&self) -> String {
        let mut n = self.clone();
        n.scheme = n.scheme.map(|s| s.to_ascii_lowercase());
        n.host = n.host.map(|s| s.to_ascii_lowercase());
        if n.path.is_empty() && n.host.is_some() {
            n.path = "/".into();
        }
        n.to_string()
    }
}

impl fmt::Display for Uri {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(s) = &self.scheme {
            write!(f, "{}:", s.to_ascii_lowercase())?;
        }
        if let Some(o) = &self.opaque {
            f.write_str(o)?;
        } else {
            if self.host.is_some() || self.userinfo.is_some() {
                f.write_str("//")?;
                if let Some(ui) = &self.userinfo {
                    write!(f, "{ui}@")?;
                }
                if let Some(h) = &self.host {
                    f.write_str(h)?;
                }
                if let Some(p) = self.port {
                    write!(f, ":{p}")?;
                }
            }
            f.write_str(&self.path)?;
        }
        if let Some(q) = &self.query {
            write!(f, "?{q}")?;
        }
        if let Some(fr) = &self.fragment {
            write!(f, "#{fr}")?;
        }
        Ok(())
    }
}

impl PartialEq for Uri {
    fn eq(&self, other: &Uri) -> bool {
        self.normalized() == other.normalized()
    }
}

impl Eq for Uri {}

impl std::hash::Hash for Uri {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.normalized().hash(state)
    }
}

/// RFC 3986, 5.2.4: `.` and `..` segments removed from a path.
fn remove_dot_segments(path: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    let segments: Vec<&str> = path.split('/').collect();
    for (i, seg) in segments.iter().enumerate() {
        let last = i + 1 == segments.len();
        match *seg {
            "." => {
                if last {
                    out.push("");
                }
            }
            ".." => {
                if out.len() > 1 || (out.len() == 1 && !out[0].is_empty()) {
                    out.pop();
                }
                if last {
                    out.push("");
                }
            }
            s => out.push(s),
        }
    }
    out.join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn components_as_the_reference_splits_them() {
        let u = Uri::parse("http://user:pw@Example.COM:8080/a/b?q=1#frag").unwrap();
        assert_eq!(u.scheme.as_deref(), Some("http"));
        assert_eq!(u.userinfo.as_deref(), Some("user:pw"));
        assert_eq!(u.host.as_deref(), Some("Example.COM"));
        assert_eq!(u.port, Some(8080));
        assert_eq!(u.path, "/a/b");
        assert_eq!(u.query.as_deref(), Some("q=1"));
        assert_eq!(u.fragment.as_deref(), Some("frag"));
        let m = Uri::parse("mailto:a@b.com").unwrap();
        assert_eq!(m.opaque.as_deref(), Some("a@b.com"));
        assert_eq!(Uri::parse("http://a:80/").unwrap().to_string(), "http://a/");
        assert_eq!(Uri::parse("http://a").unwrap().effective_port(), Some(80));
    }

    #[test]
    fn bad_uris_are_refused_with_the_reference_message() {
        for bad in ["http://a b", " http://a", "http://a/%zz", "http://a:b/"] {
            let e = Uri::parse(bad).unwrap_err();
            assert!(e.starts_with("bad URI(is not URI?): "), "{bad}: {e}");
        }
        assert_eq!(
            Uri::parse("http://a/ä").unwrap_err(),
            "URI must be ascii only \"http://a/\\u00E4\""
        );
    }

    #[test]
    fn references_resolve_against_a_base() {
        let base = Uri::parse("http://a/b/c/d;p?q").unwrap();
        let resolve = |r: &str| base.merge(&Uri::parse(r).unwrap()).to_string();
        assert_eq!(resolve("g"), "http://a/b/c/g");
        assert_eq!(resolve("../g"), "http://a/b/g");
        assert_eq!(resolve("/g"), "http://a/g");
        assert_eq!(resolve("?y"), "http://a/b/c/d;p?y");
        assert_eq!(resolve("//g"), "http://g");
        let host_only = Uri::parse("http://a").unwrap();
        assert_eq!(
            host_only.merge(&Uri::parse("x").unwrap()).to_string(),
            "http://a/x"
        );
    }

    #[test]
    fn equality_ignores_case_of_scheme_and_host_and_the_empty_path() {
        assert_eq!(
            Uri::parse("http://a").unwrap(),
            Uri::parse("HTTP://A/").unwrap()
        );
        assert_ne!(
            Uri::parse("http://a/b").unwrap(),
            Uri::parse("http://a/B").unwrap()
        );
    }
}
