//! SemVerRange: the npm range grammar as the reference (semantic_puppet) reads it, with its
//! prerelease rule: a prerelease version is only in a range when the range is `*` or one of
//! the comparators naming it has a prerelease on the same major.minor.patch.

use super::cmp_versions;
use crate::error::Error;
use semver::Version;
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};

/// One end of an interval.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Bound {
    pub version: Version,
    pub inclusive: bool,
}

/// A contiguous set of versions; `None` ends are unbounded. An interval without any bound
/// is `*`, which also admits every prerelease.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Interval {
    pub lower: Option<Bound>,
    pub upper: Option<Bound>,
}

/// A version range: what it matches (`intervals`, empty for a range that matches nothing)
/// and its text as written (the `%s` form).
#[derive(Debug, Clone)]
pub struct SemVerRange {
    /// The `%s` form: the text as written, or the normalized form of a computed range.
    pub text: String,
    intervals: Vec<Interval>,
}

/// Equality as the reference has it: by what the ranges match, not how they are written.
impl PartialEq for SemVerRange {
    fn eq(&self, other: &SemVerRange) -> bool {
        self.intervals == other.intervals
    }
}
impl Eq for SemVerRange {}
impl Hash for SemVerRange {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.intervals.hash(state)
    }
}

impl fmt::Display for SemVerRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

fn ge(v: Version) -> Option<Bound> {
    Some(Bound {
        version: v,
        inclusive: true,
    })
}

impl Interval {
    pub const ALL: Interval = Interval {
        lower: None,
        upper: None,
    };

    fn new(lower: Option<Bound>, upper: Option<Bound>) -> Interval {
        Interval { lower, upper }
    }

    /// Whether `v` lies between the bounds (precedence order, prereleases not filtered).
    pub fn covers(&self, v: &Version) -> bool {
        // A single version (`1.2.3`) matches by equality, build metadata included.
        if let (Some(l), Some(u)) = (&self.lower, &self.upper) {
            if l.inclusive && u.inclusive && l.version == u.version {
                return *v == l.version;
            }
        }
        let above = match &self.lower {
            None => true,
            Some(b) => match cmp_versions(v, &b.version) {
                Ordering::Greater => true,
                Ordering::Equal => b.inclusive,
                Ordering::Less => false,
            },
        };
        let below = match &self.upper {
            None => true,
            Some(b) => match cmp_versions(v, &b.version) {
                Ordering::Less => true,
                Ordering::Equal => b.inclusive,
                Ordering::Greater => false,
            },
        };
        above && below
    }

    /// Membership with the reference's prerelease rule.
    pub fn includes(&self, v: &Version) -> bool {
        if !self.covers(v) {
            return false;
        }
        if v.pre.is_empty() || (self.lower.is_none() && self.upper.is_none()) {
            return true;
        }
        let same_tuple = |b: &Option<Bound>| {
            b.as_ref().is_some_and(|b| {
                !b.version.pre.is_empty()
                    && (b.version.major, b.version.minor, b.version.patch)
                        == (v.major, v.minor, v.patch)
            })
        };
        same_tuple(&self.lower) || same_tuple(&self.upper)
    }

    /// The versions in both, or `None` when they do not meet.
    pub fn intersect(&self, other: &Interval) -> Option<Interval> {
        let lower = match (&self.lower, &other.lower) {
            (None, b) | (b, None) => b.clone(),
            (Some(a), Some(b)) => Some(match cmp_versions(&a.version, &b.version) {
                Ordering::Greater => a.clone(),
                Ordering::Less => b.clone(),
                Ordering::Equal => Bound {
                    version: a.version.clone(),
                    inclusive: a.inclusive && b.inclusive,
                },
            }),
        };
        let upper = match (&self.upper, &other.upper) {
            (None, b) | (b, None) => b.clone(),
            (Some(a), Some(b)) => Some(match cmp_versions(&a.version, &b.version) {
                Ordering::Less => a.clone(),
                Ordering::Greater => b.clone(),
                Ordering::Equal => Bound {
                    version: a.version.clone(),
                    inclusive: a.inclusive && b.inclusive,
                },
            }),
        };
        if let (Some(l), Some(u)) = (&lower, &upper) {
            match cmp_versions(&l.version, &u.version) {
                Ordering::Greater => return None,
                Ordering::Equal if !(l.inclusive && u.inclusive) => return None,
                _ => {}
            }
        }
        Some(Interval { lower, upper })
    }

    /// Whether an end has a prerelease (which lets in the prereleases of its own version
    /// only, `includes`).
    pub fn has_prerelease_bound(&self) -> bool {
        let prerelease = |b: &Option<Bound>| b.as_ref().is_some_and(|b| !b.version.pre.is_empty());
        prerelease(&self.lower) || prerelease(&self.upper)
    }

    /// The union when the two overlap or touch (`<1.0.0` and `>=1.0.0`), else `None`.
    pub fn merge(&self, other: &Interval) -> Option<Interval> {
        // A merged interval would lose the prereleases a bound with a prerelease lets in
        // when it does not keep that bound.
        if self.has_prerelease_bound() || other.has_prerelease_bound() {
            return None;
        }
        let (first, second) = if lower_cmp(&self.lower, &other.lower) == Ordering::Greater {
            (other, self)
        } else {
            (self, other)
        };
        if !touches(&first.upper, &second.lower) {
            return None;
        }
        let upper = if upper_cmp(&first.upper, &second.upper) == Ordering::Less {
            second.upper.clone()
        } else {
            first.upper.clone()
        };
        let lower = match (&first.lower, &second.lower) {
            (Some(a), Some(b)) if cmp_versions(&a.version, &b.version) == Ordering::Equal => {
                Some(Bound {
                    version: a.version.clone(),
                    inclusive: a.inclusive || b.inclusive,
                })
            }
            _ => first.lower.clone(),
        };
        Some(Interval { lower, upper })
    }

    /// `first` is covered by `second` (for type assignability).
    pub fn is_covered_by(&self, other: &Interval) -> bool {
        lower_cmp(&other.lower, &self.lower) != Ordering::Greater
            && upper_cmp(&other.upper, &self.upper) != Ordering::Less
    }
}

/// Orders lower bounds: unbounded first; at the same version an inclusive bound first.
fn lower_cmp(a: &Option<Bound>, b: &Option<Bound>) -> Ordering {
    match (a, b) {
        (None, None) => Ordering::Equal,
        (None, _) => Ordering::Less,
        (_, None) => Ordering::Greater,
        (Some(a), Some(b)) => {
            cmp_versions(&a.version, &b.version).then(b.inclusive.cmp(&a.inclusive))
        }
    }
}

/// Orders upper bounds: unbounded last; at the same version an exclusive bound first.
fn upper_cmp(a: &Option<Bound>, b: &Option<Bound>) -> Ordering {
    match (a, b) {
        (None, None) => Ordering::Equal,
        (None, _) => Ordering::Greater,
        (_, None) => Ordering::Less,
        (Some(a), Some(b)) => {
            cmp_versions(&a.version, &b.version).then(a.inclusive.cmp(&b.inclusive))
        }
    }
}

/// Whether an interval ending at `upper` and one starting at `lower` (not before it)
/// overlap or are adjacent.
fn touches(upper: &Option<Bound>, lower: &Option<Bound>) -> bool {
    let (Some(u), Some(l)) = (upper, lower) else {
        return true;
    };
    match cmp_versions(&l.version, &u.version) {
        Ordering::Less => true,
        Ordering::Equal => u.inclusive || l.inclusive,
        Ordering::Greater => false,
    }
}

impl fmt::Display for Interval {
    /// The reference's normalized form: `>=1.0.0 <2.0.0`, `1.2.3`, `*`, `<0.0.0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lower = self
            .lower
            .as_ref()
            .map(|b| format!("{}{}", if b.inclusive { ">=" } else { ">" }, b.version));
        let upper = self
            .upper
            .as_ref()
            .map(|b| format!("{}{}", if b.inclusive { "<=" } else { "<" }, b.version));
        match (&self.lower, &self.upper, lower, upper) {
            (Some(l), Some(u), _, _) if l.inclusive && u.inclusive && l.version == u.version => {
                write!(f, "{}", l.version)
            }
            (_, _, Some(l), Some(u)) => write!(f, "{l} {u}"),
            (_, _, Some(x), None) | (_, _, None, Some(x)) => f.write_str(&x),
            (_, _, None, None) => f.write_str("*"),
        }
    }
}

/// Intervals in the reference's normalized form, `||` between them (`<0.0.0` for none).
fn normal_text(intervals: &[Interval]) -> String {
    if intervals.is_empty() {
        return "<0.0.0".to_string();
    }
    let texts: Vec<String> = intervals.iter().map(|i| i.to_string()).collect();
    texts.join(" || ")
}

impl SemVerRange {
    /// A range matching what the intervals match, shown as `text`.
    pub fn from_intervals(text: impl Into<String>, intervals: Vec<Interval>) -> SemVerRange {
        SemVerRange {
            text: text.into(),
            intervals: merge_intervals(intervals),
        }
    }

    /// A range shown in its normalized form.
    pub fn from_interval(interval: Interval) -> SemVerRange {
        SemVerRange {
            text: interval.to_string(),
            intervals: vec![interval],
        }
    }

    /// `SemVerRange(min, max, exclude_max)`: `None` ends are unbounded (`default`).
    pub fn from_bounds(
        min: Option<Version>,
        max: Option<Version>,
        exclude_max: bool,
    ) -> SemVerRange {
        let text = match (&min, &max) {
            (Some(a), Some(b)) if exclude_max => format!(">={a} <{b}"),
            (Some(a), Some(b)) => format!("{a} - {b}"),
            (Some(a), None) => format!(">={a}"),
            (None, Some(b)) if exclude_max => format!("<{b}"),
            (None, Some(b)) => format!("<={b}"),
            (None, None) => "*".into(),
        };
        let upper = max.map(|v| Bound {
            version: v,
            inclusive: !exclude_max,
        });
        let interval = Interval::new(min.and_then(ge), upper);
        let intervals = Interval::ALL.intersect(&interval).into_iter().collect();
        SemVerRange { text, intervals }
    }

    /// Parses the npm range grammar; `Unparsable version range: "..."` otherwise.
    pub fn parse(s: &str) -> Result<SemVerRange, Error> {
        super::grammar::parse(s)
    }

    /// The `%s` form.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// What the range matches; empty when it matches nothing.
    pub fn intervals(&self) -> &[Interval] {
        &self.intervals
    }

    pub fn includes(&self, v: &Version) -> bool {
        self.intervals.iter().any(|i| i.includes(v))
    }

    /// The lowest and highest versions (`None` for unbounded ends) of a single-interval range.
    pub fn begin(&self) -> Option<&Bound> {
        match self.intervals.as_slice() {
            [i] => i.lower.as_ref(),
            _ => None,
        }
    }
    pub fn end(&self) -> Option<&Bound> {
        match self.intervals.as_slice() {
            [i] => i.upper.as_ref(),
            _ => None,
        }
    }

    /// The versions in both ranges.
    pub fn intersection(&self, other: &SemVerRange) -> SemVerRange {
        let mut out = Vec::new();
        for a in &self.intervals {
            for b in &other.intervals {
                out.extend(a.intersect(b));
            }
        }
        let intervals = merge_intervals(out);
        let text = normal_text(&intervals);
        SemVerRange { text, intervals }
    }

    /// The reference's normalized form (Ruby's `VersionRange#inspect`): `~1.2` is
    /// `>=1.2.0 <1.3.0`.
    pub fn normalized(&self) -> String {
        normal_text(&self.intervals)
    }

    /// Every version of `self` is in `other` (by bounds).
    pub fn is_covered_by(&self, other: &SemVerRange) -> bool {
        self.intervals
            .iter()
            .all(|a| other.intervals.iter().any(|b| a.is_covered_by(b)))
    }
}

/// Sorts and merges overlapping or adjacent intervals.
pub(crate) fn merge_intervals(mut intervals: Vec<Interval>) -> Vec<Interval> {
    if intervals.len() < 2 {
        return intervals;
    }
    intervals.sort_by(|a, b| lower_cmp(&a.lower, &b.lower));
    let mut out: Vec<Interval> = Vec::with_capacity(intervals.len());
    for i in intervals {
        match out.last_mut() {
            Some(last) => match last.merge(&i) {
                Some(m) => *last = m,
                None => out.push(i),
            },
            None => out.push(i),
        }
    }
    out
}

/// Merges the ranges of a `SemVer[...]` type: overlapping and adjacent ranges become one
/// (shown in normalized form); ranges left alone keep their text and their order.
pub fn merge_ranges(ranges: Vec<SemVerRange>) -> Vec<SemVerRange> {
    if ranges.len() < 2 {
        return ranges;
    }
    // (interval, index of the range it came from)
    let mut parts: Vec<(Interval, usize)> = ranges
        .iter()
        .enumerate()
        .flat_map(|(n, r)| r.intervals.iter().map(move |i| (i.clone(), n)))
        .collect();
    parts.sort_by(|a, b| lower_cmp(&a.0.lower, &b.0.lower).then(a.1.cmp(&b.1)));
    // Groups of (merged interval, first index, member indexes); `None` for a range that
    // matches nothing, which stays as it is. An interval with a prerelease bound merges with
    // none (`Interval::merge`) and stays a group of its own; the others merge with the last
    // group that can take them, across such an interval (`>1.0.0` and `<1.5.0` around
    // `>=1.0.0-rc.1`, which sorts between them).
    let mut groups: Vec<(Option<Interval>, usize, Vec<usize>)> = Vec::new();
    for (i, n) in parts {
        let last = groups
            .iter_mut()
            .rev()
            .find(|g| g.0.as_ref().is_some_and(|m| !m.has_prerelease_bound()));
        if let Some((Some(merged), first, members)) = last {
            if let Some(m) = merged.merge(&i) {
                *merged = m;
                *first = (*first).min(n);
                members.push(n);
                continue;
            }
        }
        groups.push((Some(i), n, vec![n]));
    }
    // (`*` admits every version, prereleases too: the other ranges add nothing to it)
    if groups.len() > 1 && groups.iter().any(|g| g.0 == Some(Interval::ALL)) {
        groups.retain(|g| g.0 == Some(Interval::ALL));
        groups.truncate(1);
    }
    groups.extend(
        ranges
            .iter()
            .enumerate()
            .filter(|(_, r)| r.intervals.is_empty())
            .map(|(n, _)| (None, n, vec![n])),
    );
    // In the reference's order: its merge takes the last range left, merges into it the
    // ones before it that it can, and again from the last one left, then reverses what it
    // made; a group comes where its last range was written (`SemVer['2.x', '~1.2',
    // '>=3.0.0']` is `['~1.2', '>=2.0.0']`, grammar area seed 69).
    groups.sort_by_key(|g| g.2.iter().copied().max().unwrap_or(g.1));
    let mut out = Vec::with_capacity(groups.len());
    for (interval, first, members) in groups {
        match interval {
            Some(i)
                if members.iter().any(|&m| m != first) || ranges[first].intervals.len() != 1 =>
            {
                out.push(SemVerRange::from_interval(i))
            }
            _ => out.push(ranges[first].clone()),
        }
    }
    out
}
