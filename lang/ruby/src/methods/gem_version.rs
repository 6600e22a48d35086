//! RubyGems' `Gem::Version` (as RubyGems 3.3 has it, the reference's): `Gem::Version.new(text)`
//! (a number, text of the version pattern, or another version; `-` read as `.pre.`, an empty
//! text as `0`; `ArgumentError: Malformed version number string ...` otherwise),
//! `Gem::Version.create`, `Gem::Version.correct?`, `to_s` / `version`, `inspect`, `segments`,
//! `canonical_segments`, `prerelease?`, `release`, `bump`, `approximate_recommendation`, `<=>`
//! (with a version, or text of a version) and the comparisons (`sort`, `sort_by` and `max`
//! order versions by it), `==`, `eql?`, `hash`. Modules' functions sort and compare versions
//! with it (voxpupuli-extlib's `sort_by_version`).

use super::Call;
use crate::error::{HostError, RubyError};
use crate::eval::{Flow, R};
use crate::value::{HostObject, RValue};
use std::cmp::Ordering;

pub const CLASS: &str = "Gem::Version";

pub fn is_class(name: &str) -> bool {
    name == CLASS || name == "Gem"
}

/// One segment: a number or a run of letters (`scan(/[0-9]+|[a-z]+/i)`).
#[derive(Debug, Clone, PartialEq, Eq)]
enum Seg {
    Num(i64),
    Str(String),
}

impl Seg {
    fn value(&self) -> RValue {
        match self {
            Seg::Num(n) => RValue::Int(*n),
            Seg::Str(s) => RValue::str(s.as_str()),
        }
    }
    fn text(&self) -> String {
        match self {
            Seg::Num(n) => n.to_string(),
            Seg::Str(s) => s.clone(),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Version {
    text: String,
}

/// Whether `text` is a version (RubyGems' `ANCHORED_VERSION_PATTERN`:
/// `\A\s*([0-9]+(?>\.[0-9a-zA-Z]+)*(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?)?\s*\z`).
fn correct(text: &str) -> bool {
    let t = text.trim_matches(|c: char| c.is_ascii_whitespace());
    if t.is_empty() {
        return true;
    }
    let (main, pre) = match t.split_once('-') {
        Some((m, p)) => (m, Some(p)),
        None => (t, None),
    };
    let mut parts = main.split('.');
    let first_ok = parts
        .next()
        .is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    let rest_ok = parts.all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_alphanumeric()));
    let pre_ok = pre.is_none_or(|p| {
        p.split('.')
            .all(|q| !q.is_empty() && q.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'))
    });
    first_ok && rest_ok && pre_ok
}

impl Version {
    /// `Gem::Version.new(text)`; `None` when `text` is no version.
    fn new(text: &str) -> Option<Version> {
        if !correct(text) {
            return None;
        }
        let t = text.trim_matches(|c: char| c.is_ascii_whitespace());
        let t = if t.is_empty() { "0" } else { t };
        Some(Version {
            text: t.replace('-', ".pre."),
        })
    }

    fn segments(&self) -> Vec<Seg> {
        let mut out = Vec::new();
        let mut cur = String::new();
        let flush = |cur: &mut String, out: &mut Vec<Seg>| {
            if cur.is_empty() {
                return;
            }
            let s = std::mem::take(cur);
            out.push(if s.as_bytes()[0].is_ascii_digit() {
                // (a number beyond 64 bits compares as the largest)
                Seg::Num(s.parse().unwrap_or(i64::MAX))
            } else {
                Seg::Str(s)
            });
        };
        for c in self.text.chars() {
            let same_kind = cur.chars().next().is_some_and(|f| {
                (f.is_ascii_digit() && c.is_ascii_digit())
                    || (f.is_ascii_alphabetic() && c.is_ascii_alphabetic())
            });
            if !same_kind {
                flush(&mut cur, &mut out);
            }
            if c.is_ascii_alphanumeric() {
                cur.push(c);
            }
        }
        flush(&mut cur, &mut out);
        out
    }

    /// The segments with the zeros ending the numeric part and the text part dropped.
    fn canonical_segments(&self) -> Vec<Seg> {
        let segs = self.segments();
        let split = segs
            .iter()
            .position(|s| matches!(s, Seg::Str(_)))
            .unwrap_or(segs.len());
        let trim = |part: &[Seg]| {
            let mut v = part.to_vec();
            while v.last() == Some(&Seg::Num(0)) {
                v.pop();
            }
            v
        };
        let mut out = trim(&segs[..split]);
        out.extend(trim(&segs[split..]));
        out
    }

    fn prerelease(&self) -> bool {
        self.text.bytes().any(|b| b.is_ascii_alphabetic())
    }

    /// The numeric segments before the first text one.
    fn release_segments(&self) -> Vec<Seg> {
        let mut segs = self.segments();
        while segs.iter().any(|s| matches!(s, Seg::Str(_))) {
            segs.pop();
        }
        segs
    }

    fn joined(segs: &[Seg]) -> String {
        segs.iter().map(Seg::text).collect::<Vec<_>>().join(".")
    }

    fn cmp(&self, other: &Version) -> Ordering {
        if self.text == other.text {
            return Ordering::Equal;
        }
        let (l, r) = (self.canonical_segments(), other.canonical_segments());
        for i in 0..l.len().max(r.len()) {
            let zero = Seg::Num(0);
            let (a, b) = (l.get(i).unwrap_or(&zero), r.get(i).unwrap_or(&zero));
            let ord = match (a, b) {
                (Seg::Num(x), Seg::Num(y)) => x.cmp(y),
                (Seg::Str(x), Seg::Str(y)) => x.cmp(y),
                (Seg::Str(_), Seg::Num(_)) => Ordering::Less,
                (Seg::Num(_), Seg::Str(_)) => Ordering::Greater,
            };
            if ord != Ordering::Equal {
                return ord;
            }
        }
        Ordering::Equal
    }
}

fn malformed(v: &RValue, at: usize) -> Flow {
    Flow::from(RubyError::raised_as(
        "ArgumentError",
        format!("Malformed version number string {}", crate::show::to_s(v)),
        at,
    ))
}

/// A version from `Gem::Version.new`'s argument: text, a number, `nil` (an empty version,
/// as RubyGems 3.3 makes it, with its deprecation on Ruby's standard error) or a version.
fn made(v: &RValue) -> Option<Version> {
    match v {
        RValue::Str(s) => Version::new(s.as_ref()),
        RValue::Int(_) | RValue::Float(_) => Version::new(&crate::show::to_s(v)),
        RValue::Nil => Some(Version {
            text: String::new(),
        }),
        RValue::Host(o) => o.as_any().downcast_ref::<Version>().cloned(),
        _ => None,
    }
}

pub fn class_call(c: &Call) -> R<Option<RValue>> {
    Ok(Some(match c.name {
        "new" => {
            c.arity(1, 1)?;
            RValue::host(made(&c.args[0]).ok_or_else(|| malformed(&c.args[0], c.at))?)
        }
        "create" => {
            c.arity(1, 1)?;
            match &c.args[0] {
                RValue::Nil => RValue::Nil,
                v @ RValue::Host(_) if made(v).is_some() => v.clone(),
                v => RValue::host(made(v).ok_or_else(|| malformed(v, c.at))?),
            }
        }
        "correct?" => {
            c.arity(1, 1)?;
            RValue::bool(correct(&crate::show::to_s(&c.args[0])))
        }
        _ => return Ok(None),
    }))
}

/// The version a comparison's argument is: a version, or text of one.
fn other_version(v: Option<&RValue>) -> Option<Version> {
    match v? {
        RValue::Str(s) => Version::new(s.as_ref()),
        RValue::Host(o) => o.as_any().downcast_ref::<Version>().cloned(),
        _ => None,
    }
}

impl HostObject for Version {
    fn class_name(&self) -> String {
        CLASS.into()
    }
    fn is_a(&self, class: &str) -> bool {
        class == "Comparable"
    }
    fn to_s(&self) -> String {
        self.text.clone()
    }
    fn inspect(&self) -> String {
        format!("#<Gem::Version {:?}>", self.text)
    }
    fn equals(&self, other: &dyn HostObject) -> bool {
        other
            .as_any()
            .downcast_ref::<Version>()
            .is_some_and(|o| self.cmp(o) == Ordering::Equal)
    }
    fn compare(&self, other: &dyn HostObject) -> Option<Ordering> {
        other
            .as_any()
            .downcast_ref::<Version>()
            .map(|o| self.cmp(o))
    }
    fn call(&self, name: &str, args: &[RValue]) -> Option<Result<RValue, HostError>> {
        let segs = |v: Vec<Seg>| RValue::array(v.iter().map(Seg::value).collect::<Vec<_>>());
        let other = other_version(args.first());
        Some(Ok(match name {
            "to_s" | "version" => RValue::str(self.text.as_str()),
            "inspect" => RValue::str(self.inspect()),
            "segments" => segs(self.segments()),
            "canonical_segments" => segs(self.canonical_segments()),
            "prerelease?" => RValue::bool(self.prerelease()),
            "release" if self.prerelease() => RValue::host(Version {
                text: Version::joined(&self.release_segments()),
            }),
            "release" => RValue::host(self.clone()),
            "bump" => {
                let mut s = self.release_segments();
                if s.len() > 1 {
                    s.pop();
                }
                if let Some(Seg::Num(n)) = s.last_mut() {
                    *n = n.saturating_add(1);
                }
                RValue::host(Version {
                    text: Version::joined(&s),
                })
            }
            "approximate_recommendation" => {
                let mut s = self.release_segments();
                s.truncate(2);
                while s.len() < 2 {
                    s.push(Seg::Num(0));
                }
                let pre = if self.prerelease() { ".a" } else { "" };
                RValue::str(format!("~> {}{pre}", Version::joined(&s)))
            }
            "<=>" => match other {
                Some(o) => RValue::Int(self.cmp(&o) as i64),
                None => RValue::Nil,
            },
            "==" => RValue::bool(other.is_some_and(|o| self.cmp(&o) == Ordering::Equal)),
            "!=" => RValue::bool(other.is_none_or(|o| self.cmp(&o) != Ordering::Equal)),
            "eql?" => RValue::bool(
                matches!(args.first(), Some(RValue::Host(_)))
                    && other.is_some_and(|o| o.text == self.text),
            ),
            "hash" => RValue::Int(self.canonical_segments().iter().fold(17i64, |h, s| {
                h.wrapping_mul(31).wrapping_add(match s {
                    Seg::Num(n) => *n,
                    Seg::Str(t) => t.bytes().fold(0i64, |a, b| a.wrapping_mul(131) + b as i64),
                })
            })),
            "<" | "<=" | ">" | ">=" => match other {
                Some(o) => {
                    let ord = self.cmp(&o);
                    RValue::bool(match name {
                        "<" => ord.is_lt(),
                        "<=" => ord.is_le(),
                        ">" => ord.is_gt(),
                        _ => ord.is_ge(),
                    })
                }
                None => {
                    return Some(Err(HostError::RaiseAs {
                        class: "ArgumentError".into(),
                        message: format!(
                            "comparison of Gem::Version with {} failed",
                            args.first().map(crate::show::inspect).unwrap_or_default()
                        ),
                    }))
                }
            },
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

    fn v(s: &str) -> Version {
        Version::new(s).unwrap()
    }

    #[test]
    fn versions_read_as_rubygems_reads_them() {
        assert_eq!(v(" 1.2-3 ").text, "1.2.pre.3");
        assert_eq!(v("").text, "0");
        assert!(Version::new("a.b").is_none());
        assert!(Version::new("1..2").is_none());
        assert!(Version::new("1.x").is_some());
        assert_eq!(
            v("10.0.0b12").segments(),
            vec![
                Seg::Num(10),
                Seg::Num(0),
                Seg::Num(0),
                Seg::Str("b".into()),
                Seg::Num(12)
            ]
        );
        assert_eq!(
            v("1.0.a.0.b").canonical_segments(),
            vec![
                Seg::Num(1),
                Seg::Str("a".into()),
                Seg::Num(0),
                Seg::Str("b".into())
            ]
        );
    }

    #[test]
    fn versions_order_as_rubygems_orders_them() {
        let mut vs: Vec<Version> = ["10.0.0b12", "10.0.0b3", "10.0.0a2", "9.0.10", "9.0.3"]
            .iter()
            .map(|s| v(s))
            .collect();
        vs.sort_by(|a, b| a.cmp(b));
        let texts: Vec<&str> = vs.iter().map(|x| x.text.as_str()).collect();
        assert_eq!(
            texts,
            ["9.0.3", "9.0.10", "10.0.0a2", "10.0.0b3", "10.0.0b12"]
        );
        assert_eq!(v("1.2").cmp(&v("1.2.0")), Ordering::Equal);
        assert_eq!(v("1.0.0.rc1").cmp(&v("1.0.0")), Ordering::Less);
        assert_eq!(v("1.a").cmp(&v("1.1")), Ordering::Less);
    }

    #[test]
    fn bump_release_and_recommendation() {
        let call = |s: &str, m: &str| match v(s).call(m, &[]) {
            Some(Ok(RValue::Host(ref o))) => o.to_s(),
            Some(Ok(other)) => crate::show::to_s(&other),
            _ => panic!("no answer"),
        };
        assert_eq!(call("1.2.3", "bump"), "1.3");
        assert_eq!(call("1.a", "release"), "1");
        assert_eq!(call("1.2.3", "approximate_recommendation"), "~> 1.2");
        assert_eq!(call("1.2.3.b", "approximate_recommendation"), "~> 1.2.a");
    }
}
