//! Version range membership for `SemVer[...]` types.
//!
//! TODO(timever): replace with `crate::versions::SemVerRange::includes` once it exists. This
//! fallback understands comparator sets (`>=1.0.0 <2.0.0`, `=1.2.3`, `1.2.3`), hyphen ranges
//! (`1.0.0 - 2.0.0`) and `||`; partial versions are padded with zeros.
use crate::versions::SemVerRange;
use semver::Version;
use std::cmp::Ordering;

pub fn includes(range: &SemVerRange, v: &Version) -> bool {
    range
        .text
        .split("||")
        .any(|alt| set_includes(alt.trim(), v))
}

fn parse(s: &str) -> Option<Version> {
    let s = s.trim().trim_start_matches(['v', '=']);
    if s == "*" || s.is_empty() {
        return None;
    }
    Version::parse(s).ok().or_else(|| {
        let (core, rest) = match s.find(['-', '+']) {
            Some(i) => s.split_at(i),
            None => (s, ""),
        };
        let mut parts: Vec<&str> = core.split('.').collect();
        while parts.len() < 3 {
            parts.push("0");
        }
        Version::parse(&format!("{}{rest}", parts.join("."))).ok()
    })
}

fn set_includes(set: &str, v: &Version) -> bool {
    if let Some((lo, hi)) = set.split_once(" - ") {
        return match (parse(lo), parse(hi)) {
            (Some(lo), Some(hi)) => lo <= *v && *v <= hi,
            _ => false,
        };
    }
    set.split_whitespace().all(|c| comparator(c, v))
}

fn comparator(c: &str, v: &Version) -> bool {
    let (op, rest) = if let Some(r) = c.strip_prefix(">=") {
        (">=", r)
    } else if let Some(r) = c.strip_prefix("<=") {
        ("<=", r)
    } else if let Some(r) = c.strip_prefix('>') {
        (">", r)
    } else if let Some(r) = c.strip_prefix('<') {
        ("<", r)
    } else {
        ("=", c)
    };
    if rest.trim() == "*" {
        return true;
    }
    let Some(bound) = parse(rest) else {
        return false;
    };
    let ord = v.cmp(&bound);
    match op {
        ">=" => ord != Ordering::Less,
        "<=" => ord != Ordering::Greater,
        ">" => ord == Ordering::Greater,
        "<" => ord == Ordering::Less,
        _ => ord == Ordering::Equal,
    }
}
