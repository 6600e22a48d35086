//! Ruby's `URI`: `URI.parse` (as Ruby's RFC 3986 parser splits and checks a URI, with the
//! classes of its schemes: `URI::HTTP`, `HTTPS`, `FTP`, `File`, `MailTo`, `URI::Generic`
//! for others) and `URI::Generic.build`; a URI's parts (`scheme`, `userinfo`, `host`,
//! `hostname`, `port`, `path`, `query`, `fragment`, `opaque`) and its text.

use super::Call;
use crate::error::{HostError, RubyError};
use crate::eval::{Flow, R};
use crate::show::to_s;
use crate::value::RBool;
use crate::value::{HostObject, RValue};

/// Whether `name` is one of these classes (a constant the subset knows).
pub fn is_class(name: &str) -> bool {
    matches!(
        name,
        "URI" | "URI::Generic" | "URI::HTTP" | "URI::HTTPS" | "URI::FTP" | "URI::File"
    )
}

/// A class method of `URI` / `URI::X`; `None` for another one.
pub fn class_call(c: &Call, class: &str) -> R<Option<RValue>> {
    Ok(Some(match (class, c.name) {
        ("URI", "parse") => {
            c.arity(1, 1)?;
            let text = match &c.args[0] {
                RValue::Str(s) => s.to_string(),
                other => return Err(invalid(&to_s_shown(other), c.at)),
            };
            match parse(&text) {
                Some(u) => RValue::host(u),
                None => return Err(invalid(&crate::show::inspect(&c.args[0]), c.at)),
            }
        }
        (_, "build") if class.starts_with("URI::") => {
            c.arity(1, 1)?;
            build(class, &c.args[0], c.at)?
        }
        _ => return Ok(None),
    }))
}

/// `Kernel#URI(x)`: a URI as it is, a string parsed as `URI.parse` does.
pub fn kernel(c: &Call) -> R<RValue> {
    c.arity(1, 1)?;
    match &c.args[0] {
        RValue::Host(h) if h.as_any().is::<Uri>() => Ok(c.args[0].clone()),
        RValue::Str(s) => match parse(s) {
            Some(u) => Ok(RValue::host(u)),
            None => Err(invalid(&crate::show::inspect(&c.args[0]), c.at)),
        },
        _ => Err(Flow::from(RubyError::raised_as(
            "ArgumentError",
            "bad argument (expected URI object or URI string)",
            c.at,
        ))),
    }
}

/// How Ruby names a non-string in "bad URI": its `to_s`, nil as `nil`.
fn to_s_shown(v: &RValue) -> String {
    match v {
        RValue::Nil => "nil".into(),
        other => to_s(other),
    }
}

fn invalid(shown: &str, at: usize) -> Flow {
    Flow::from(RubyError::raised_as(
        "URI::InvalidURIError",
        format!("bad URI(is not URI?): {shown}"),
        at,
    ))
}

/// A URI.
#[derive(Debug, Default)]
pub struct Uri {
    class: &'static str,
    scheme: Option<String>,
    userinfo: Option<String>,
    host: Option<String>,
    port: Option<i64>,
    /// `None` for an opaque URI (`mailto:a@b`).
    path: Option<String>,
    query: Option<String>,
    fragment: Option<String>,
    opaque: Option<String>,
    /// FTP's `;type=a`.
    typecode: Option<String>,
}

/// The class and default port of a scheme.
fn scheme_class(scheme: Option<&str>) -> (&'static str, Option<i64>) {
    match scheme {
        Some("http") => ("URI::HTTP", Some(80)),
        Some("https") => ("URI::HTTPS", Some(443)),
        Some("ftp") => ("URI::FTP", Some(21)),
        Some("file") => ("URI::File", None),
        Some("mailto") => ("URI::MailTo", None),
        Some("ldap") => ("URI::LDAP", Some(389)),
        Some("ldaps") => ("URI::LDAPS", Some(636)),
        Some("ws") => ("URI::WS", Some(80)),
        Some("wss") => ("URI::WSS", Some(443)),
        _ => ("URI::Generic", None),
    }
}

fn unreserved_or_sub(c: char) -> bool {
    c.is_ascii_alphanumeric() || "-._~!$&'()*+,;=".contains(c)
}

/// Whether `s` is made of `unreserved / pct-encoded / sub-delims` and the characters `extra`.
fn valid_chars(s: &str, extra: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i] as char;
        if c == '%' {
            if !(i + 2 < b.len() && b[i + 1].is_ascii_hexdigit() && b[i + 2].is_ascii_hexdigit()) {
                return false;
            }
            i += 3;
            continue;
        }
        if !(c.is_ascii() && (unreserved_or_sub(c) || extra.contains(c))) {
            return false;
        }
        i += 1;
    }
    true
}

/// Splits and checks a URI as Ruby's `URI::RFC3986_Parser` does; `None` when it is none.
pub fn parse(text: &str) -> Option<Uri> {
    let (rest, fragment) = match text.split_once('#') {
        Some((r, f)) => (r, Some(f.to_string())),
        None => (text, None),
    };
    let (rest, query) = match rest.split_once('?') {
        Some((r, q)) => (r, Some(q.to_string())),
        None => (rest, None),
    };
    for part in [&query, &fragment].into_iter().flatten() {
        if !valid_chars(part, ":@/?") {
            return None;
        }
    }
    // a scheme: letters first, up to the first ':' before any '/'
    let mut scheme = None;
    let mut rest = rest;
    if let Some(i) = rest.find(':') {
        if !rest[..i].contains('/') {
            let s = &rest[..i];
            let ok = s.starts_with(|c: char| c.is_ascii_alphabetic())
                && s.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c));
            if !ok {
                return None;
            }
            scheme = Some(s.to_ascii_lowercase());
            rest = &rest[i + 1..];
        }
    }
    let (class, default_port) = scheme_class(scheme.as_deref());
    let mut u = Uri {
        class,
        scheme,
        query,
        fragment,
        ..Uri::default()
    };
    if let Some(after) = rest.strip_prefix("//") {
        let end = after.find('/').unwrap_or(after.len());
        let (authority, path) = (&after[..end], &after[end..]);
        let (userinfo, hostport) = match authority.rsplit_once('@') {
            Some((u, h)) => (Some(u), h),
            None => (None, authority),
        };
        if let Some(ui) = userinfo {
            if !valid_chars(ui, ":") {
                return None;
            }
            u.userinfo = Some(ui.to_string());
        }
        let (host, port) = if hostport.starts_with('[') {
            let close = hostport.find(']')?;
            let inner = &hostport[1..close];
            if !inner
                .chars()
                .all(|c| c.is_ascii_hexdigit() || ".:".contains(c))
            {
                return None;
            }
            let after = &hostport[close + 1..];
            let port = match after.strip_prefix(':') {
                Some(p) => Some(p),
                None if after.is_empty() => None,
                None => return None,
            };
            (&hostport[..=close], port)
        } else {
            match hostport.rsplit_once(':') {
                Some((h, p)) => (h, Some(p)),
                None => (hostport, None),
            }
        };
        if !host.starts_with('[') && !valid_chars(host, "") {
            return None;
        }
        if let Some(p) = port {
            if !p.chars().all(|c| c.is_ascii_digit()) {
                return None;
            }
            u.port = p.parse().ok();
        }
        // (an empty host is none, but a file URI's)
        u.host = (!host.is_empty() || u.class == "URI::File").then(|| host.to_string());
        if !valid_chars(path, ":@/") {
            return None;
        }
        u.path = Some(path.to_string());
    } else if u.scheme.is_some() && !rest.starts_with('/') && !rest.is_empty() {
        // opaque (`mailto:a@b`, `urn:x`)
        if !valid_chars(rest, ":@/") {
            return None;
        }
        u.opaque = Some(rest.to_string());
    } else {
        // a path; without a scheme its first segment has no ':'
        if !valid_chars(rest, ":@/") {
            return None;
        }
        u.path = Some(rest.to_string());
    }
    if u.port.is_none() && (u.host.is_some() || u.class != "URI::Generic") && u.opaque.is_none() {
        u.port = default_port;
    }
    if u.class == "URI::FTP" {
        if let Some(p) = u.path.take() {
            let p = p.strip_prefix('/').unwrap_or(&p).to_string();
            let (p, t) = match p.split_once(";type=") {
                Some((p, t)) => (p.to_string(), Some(t.to_string())),
                None => (p, None),
            };
            u.path = Some(p);
            u.typecode = t;
        }
    }
    Some(u)
}

/// `URI::Generic.build(scheme:, userinfo:, host:, port:, path:, query:, fragment:)`
/// (`URI::HTTP.build` ...: that class, its scheme).
fn build(class: &str, parts: &RValue, at: usize) -> R {
    let RValue::Hash(h) = parts else {
        return Err(Flow::from(RubyError::raised_as(
            "ArgumentError",
            format!("expected Array of or Hash of components of {class}"),
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
    let fixed = match class {
        "URI::HTTP" => Some("http"),
        "URI::HTTPS" => Some("https"),
        "URI::FTP" => Some("ftp"),
        "URI::File" => Some("file"),
        _ => None,
    };
    let scheme = fixed.map(str::to_string).or_else(|| get("scheme"));
    let (klass, default_port) = scheme_class(fixed);
    Ok(RValue::host(Uri {
        class: if fixed.is_some() {
            klass
        } else {
            "URI::Generic"
        },
        scheme,
        userinfo: get("userinfo"),
        host,
        port: get("port").and_then(|p| p.parse().ok()).or(default_port),
        path: Some(get("path").unwrap_or_default()),
        query: get("query"),
        fragment: get("fragment"),
        opaque: None,
        typecode: None,
    }))
}

impl Uri {
    /// As Ruby's `URI::Generic#to_s` writes it (a default port left out).
    fn text(&self) -> String {
        let mut s = String::new();
        if let Some(scheme) = &self.scheme {
            s.push_str(scheme);
            s.push(':');
        }
        if let Some(o) = &self.opaque {
            s.push_str(o);
        } else {
            if self.host.is_some() {
                s.push_str("//");
            }
            if let Some(u) = &self.userinfo {
                s.push_str(u);
                s.push('@');
            }
            if let Some(h) = &self.host {
                s.push_str(h);
            }
            let default = scheme_class(self.scheme.as_deref()).1;
            if let Some(p) = self.port.filter(|p| Some(*p) != default) {
                s.push(':');
                s.push_str(&p.to_string());
            }
            let path = self.path.as_deref().unwrap_or("");
            if self.class == "URI::FTP" && self.host.is_some() {
                s.push('/');
            }
            s.push_str(path);
            if let Some(t) = &self.typecode {
                s.push_str(";type=");
                s.push_str(t);
            }
        }
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
}

impl HostObject for Uri {
    fn class_name(&self) -> String {
        self.class.to_string()
    }
    fn is_a(&self, class: &str) -> bool {
        matches!(class, "URI::Generic" | "URI")
            || (class == "URI::HTTP" && self.class == "URI::HTTPS")
    }
    fn to_s(&self) -> String {
        self.text()
    }
    fn inspect(&self) -> String {
        format!("#<{} {}>", self.class, self.text())
    }
    fn equals(&self, other: &dyn HostObject) -> bool {
        other
            .as_any()
            .downcast_ref::<Uri>()
            .is_some_and(|o| o.text() == self.text())
    }
    fn call(&self, name: &str, _args: &[RValue]) -> Option<Result<RValue, HostError>> {
        let opt = |v: &Option<String>| v.clone().map_or(RValue::Nil, RValue::str);
        Some(Ok(match name {
            "to_s" | "to_str" => RValue::str(self.text()),
            "scheme" => opt(&self.scheme),
            "userinfo" => opt(&self.userinfo),
            "user" => opt(&self
                .userinfo
                .as_ref()
                .map(|u| u.split(':').next().unwrap_or("").to_string())),
            "password" => opt(&self
                .userinfo
                .as_ref()
                .and_then(|u| u.split_once(':').map(|(_, p)| p.to_string()))),
            "host" => opt(&self.host),
            "hostname" => opt(&self.host.as_ref().map(|h| {
                h.strip_prefix('[')
                    .and_then(|h| h.strip_suffix(']'))
                    .unwrap_or(h)
                    .to_string()
            })),
            "port" => self.port.map_or(RValue::Nil, RValue::Int),
            "path" => opt(&self.path),
            "query" => opt(&self.query),
            "fragment" => opt(&self.fragment),
            "opaque" => opt(&self.opaque),
            "absolute?" | "absolute" => RValue::Bool(RBool::new(self.scheme.is_some())),
            "relative?" => RValue::Bool(RBool::new(self.scheme.is_none())),
            "request_uri" if matches!(self.class, "URI::HTTP" | "URI::HTTPS") => {
                let mut r = self.path.clone().unwrap_or_default();
                if r.is_empty() {
                    r.push('/');
                }
                if let Some(q) = &self.query {
                    r.push('?');
                    r.push_str(q);
                }
                RValue::str(r)
            }
            _ => return None,
        }))
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_as_ruby() {
        let u = parse("http://u:p@[::1]:8080/p?q#f").unwrap();
        assert_eq!(
            (u.class, u.host.as_deref(), u.port, u.path.as_deref()),
            ("URI::HTTP", Some("[::1]"), Some(8080), Some("/p"))
        );
        assert_eq!(u.text(), "http://u:p@[::1]:8080/p?q#f");
        assert_eq!(parse("C:/foo/bar").unwrap().text(), "c:/foo/bar");
        assert_eq!(parse("puppet:///m/x").unwrap().text(), "puppet:/m/x");
        assert_eq!(parse("http://h:80/x").unwrap().text(), "http://h/x");
        assert_eq!(parse("mailto:a@b").unwrap().opaque.as_deref(), Some("a@b"));
        for bad in ["a b", "1a:b", "http://x:abc/", "http://x/\u{e9}", "a%zz"] {
            assert!(parse(bad).is_none(), "{bad}");
        }
    }
}
