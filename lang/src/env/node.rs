//! The name of the node a session compiles for by default: this machine's fully qualified
//! domain name, as Facter's `networking.fqdn` gives it (the host name, plus the domain of
//! `/etc/resolv.conf` when the host name has none).

use std::sync::OnceLock;

/// This machine's FQDN (lower case), `localhost` when it cannot be found.
pub fn machine_fqdn() -> &'static str {
    static FQDN: OnceLock<String> = OnceLock::new();
    FQDN.get_or_init(|| {
        let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
            .ok()
            .or_else(|| std::fs::read_to_string("/etc/hostname").ok())
            .map(|h| h.trim().to_lowercase())
            .filter(|h| !h.is_empty());
        let Some(host) = host else {
            return "localhost".to_string();
        };
        if host.contains('.') {
            return host;
        }
        let resolv = std::fs::read_to_string("/etc/resolv.conf").unwrap_or_default();
        match resolv_domain(&resolv) {
            Some(domain) => format!("{host}.{domain}"),
            None => host,
        }
    })
}

/// The domain `/etc/resolv.conf` names (`domain`, else the first `search` entry).
fn resolv_domain(text: &str) -> Option<String> {
    let mut search = None;
    for line in text.lines() {
        let mut words = line.split_whitespace();
        match words.next() {
            Some("domain") => {
                if let Some(d) = words.next() {
                    return Some(d.trim_end_matches('.').to_lowercase());
                }
            }
            Some("search") if search.is_none() => {
                search = words.next().map(|d| d.trim_end_matches('.').to_lowercase());
            }
            _ => {}
        }
    }
    search.filter(|d| !d.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_domain_comes_from_resolv_conf() {
        assert_eq!(
            resolv_domain("nameserver 1.1.1.1\ndomain Example.COM.\n"),
            Some("example.com".into())
        );
        assert_eq!(
            resolv_domain("search corp.example lan\n"),
            Some("corp.example".into())
        );
        assert_eq!(resolv_domain("nameserver 1.1.1.1\n"), None);
        assert!(!machine_fqdn().is_empty());
    }
}

/// Checks a node name (certname) as the reference's certificate code does: printable
/// ASCII without `/` (`[ -.0-~]+`), so that a name interpolated into a path (Hiera's
/// `nodes/%{trusted.certname}.yaml`) stays in its directory.
pub fn check_certname(name: &str) -> Result<(), String> {
    let valid = !name.is_empty() && name.bytes().all(|b| matches!(b, b' '..=b'.' | b'0'..=b'~'));
    if valid {
        return Ok(());
    }
    let mut shown = String::from("\"");
    for c in name.chars() {
        match c {
            '"' | '\\' => {
                shown.push('\\');
                shown.push(c);
            }
            '\n' => shown.push_str("\\n"),
            '\t' => shown.push_str("\\t"),
            '\r' => shown.push_str("\\r"),
            '\u{1b}' => shown.push_str("\\e"),
            c if c.is_control() => shown.push_str(&format!("\\u{:04X}", c as u32)),
            c => shown.push(c),
        }
    }
    shown.push('"');
    Err(format!(
        "Certname {shown} must not contain unprintable or non-ASCII characters"
    ))
}

#[cfg(test)]
mod certname_tests {
    use super::check_certname;

    #[test]
    fn certnames_are_printable_ascii_without_slashes() {
        assert!(check_certname("web01.example.com").is_ok());
        assert!(check_certname("a b-c_d.e:f").is_ok());
        assert_eq!(
            check_certname("../../x").unwrap_err(),
            "Certname \"../../x\" must not contain unprintable or non-ASCII characters"
        );
        assert!(check_certname("/etc/x").is_err());
        assert!(check_certname("wéb").is_err());
        assert!(check_certname("").is_err());
        assert_eq!(
            check_certname("a\n\"").unwrap_err(),
            "Certname \"a\\n\\\"\" must not contain unprintable or non-ASCII characters"
        );
    }
}
