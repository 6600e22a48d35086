//! Brace groups (`{a,b}`) matched inside a path segment as a whole, without expanding them:
//! a segment such as `{a,b}{a,b}...` (26 groups) is one regular expression over each
//! directory entry, not 2^26 patterns to walk.
//!
//! Ruby's `Dir.glob` expands the groups first and lists each expansion's matches in turn,
//! so a file's place is given by the first expansion that matches it: [`Braced::key`] finds
//! that expansion's choices (one alternative per group, in the order the groups are
//! decided) by trying each group's alternatives in order and keeping the first that can
//! still match.
//!
//! Only segments whose groups stay inside them are matched so (no `/` in a group, no `[`
//! or `**` in the segment, no alternative that can be empty at the segment's start, where
//! the leading-period rule depends on it); other patterns are expanded as before.

use regex::Regex;

/// A pattern with its brace groups parsed.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Item {
    Lit(String),
    /// The alternatives of a group, each a pattern.
    Group(Vec<Vec<Item>>),
}

/// The start, comma and end offsets of the group opening at `p[0]` (`{`), or `None` when it
/// is not closed (then it and the rest are literal, as in the expansion).
fn group_bounds(p: &str) -> Option<Vec<usize>> {
    let mut depth = 0;
    let mut bounds = vec![0];
    for (i, c) in p.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    bounds.push(i);
                    return Some(bounds);
                }
            }
            ',' if depth == 1 => bounds.push(i),
            _ => {}
        }
    }
    None
}

fn push_lit(items: &mut Vec<Item>, s: &str) {
    if !s.is_empty() {
        items.push(Item::Lit(s.to_string()));
    }
}

/// The items of a pattern: the groups as the expansion finds them (the first `{` with its
/// closing `}`, then the next `{` after it; an unclosed `{` and all after it literal).
pub(super) fn parse(p: &str) -> Vec<Item> {
    let mut items = Vec::new();
    let mut rest = p;
    while let Some(open) = rest.find('{') {
        let Some(bounds) = group_bounds(&rest[open..]) else {
            break;
        };
        push_lit(&mut items, &rest[..open]);
        let alts = bounds
            .windows(2)
            .map(|w| crate::limits::deep(|| parse(&rest[open + w[0] + 1..open + w[1]])))
            .collect();
        items.push(Item::Group(alts));
        rest = &rest[open + bounds[bounds.len() - 1] + 1..];
    }
    push_lit(&mut items, rest);
    items
}

fn has_group(items: &[Item]) -> bool {
    items.iter().any(|i| matches!(i, Item::Group(_)))
}

fn contains(items: &[Item], pred: &dyn Fn(&str) -> bool) -> bool {
    items.iter().any(|i| match i {
        Item::Lit(s) => pred(s),
        Item::Group(alts) => alts.iter().any(|a| contains(a, pred)),
    })
}

/// The text of items (groups written back as they were).
fn text(items: &[Item], out: &mut String) {
    for i in items {
        match i {
            Item::Lit(s) => out.push_str(s),
            Item::Group(alts) => {
                out.push('{');
                for (n, a) in alts.iter().enumerate() {
                    if n > 0 {
                        out.push(',');
                    }
                    text(a, out);
                }
                out.push('}');
            }
        }
    }
}

/// Whether some expansion of `items` can be empty.
fn can_be_empty(items: &[Item]) -> bool {
    items.iter().all(|i| match i {
        Item::Lit(_) => false,
        Item::Group(alts) => alts.iter().any(|a| can_be_empty(a)),
    })
}

/// A path segment: plain (as the walk matches it) or with brace groups.
pub(super) enum Segment {
    Plain(String),
    Braced(Braced),
}

/// Whether some group of `items` has an alternative holding a `/` (at any depth).
pub(super) fn has_spanning_group(items: &[Item]) -> bool {
    items.iter().any(|i| match i {
        Item::Group(alts) => alts.iter().any(|a| contains(a, &|s| s.contains('/'))),
        Item::Lit(_) => false,
    })
}

/// The segments of a pattern with groups (`None` when it has none, or has a group that
/// does not fit one segment: then its expansions are walked one by one).
pub(super) fn segments(p: &str) -> Option<Vec<Segment>> {
    let items = parse(p);
    if !has_group(&items) || has_spanning_group(&items) {
        return None;
    }
    // Split at the `/` of the literal parts.
    let mut segs: Vec<Vec<Item>> = vec![Vec::new()];
    for item in items {
        match item {
            Item::Lit(s) => {
                for (n, part) in s.split('/').enumerate() {
                    if n > 0 {
                        segs.push(Vec::new());
                    }
                    push_lit(segs.last_mut().expect("one segment"), part);
                }
            }
            g => segs.last_mut().expect("one segment").push(g),
        }
    }
    let mut out = Vec::new();
    for seg in segs {
        if seg.is_empty() {
            continue;
        }
        if !has_group(&seg) {
            let mut s = String::new();
            text(&seg, &mut s);
            out.push(Segment::Plain(s));
            continue;
        }
        let starts_empty = match &seg[0] {
            Item::Group(alts) => alts.iter().any(|a| starts_emptily(a)),
            Item::Lit(_) => false,
        };
        if starts_empty || contains(&seg, &|s| s.contains('[') || s.contains("**")) {
            return None;
        }
        out.push(Segment::Braced(Braced::new(seg)?));
    }
    Some(out)
}

/// Whether an alternative at a segment's start can be empty there (at any depth of groups
/// that start it).
fn starts_emptily(items: &[Item]) -> bool {
    match items.first() {
        None => true,
        Some(Item::Lit(_)) => false,
        Some(Item::Group(alts)) => can_be_empty(items) || alts.iter().any(|a| starts_emptily(a)),
    }
}

/// Which expansions a regular expression admits: any, or (for names with a leading period,
/// which only a literal period at an expansion's start matches) those starting with `.`.
#[derive(Clone, Copy, PartialEq)]
enum Start {
    Any,
    Period,
}

/// Appends the regular expression of a literal part (`*`, `?`, other characters as they are).
fn literal(s: &str, out: &mut String) {
    for c in s.chars() {
        match c {
            '*' => out.push_str(".*"),
            '?' => out.push('.'),
            c => {
                let mut b = [0; 4];
                out.push_str(&regex::escape(c.encode_utf8(&mut b)));
            }
        }
    }
}

/// Appends the regular expression of `items` (`start`: what the first must be).
fn translate(items: &[Item], start: Start, out: &mut String) {
    for (n, item) in items.iter().enumerate() {
        let start = if n == 0 { start } else { Start::Any };
        match item {
            Item::Lit(s) => match (start, s.strip_prefix('.')) {
                (Start::Any, _) => literal(s, out),
                (Start::Period, Some(rest)) => {
                    out.push_str("\\.");
                    literal(rest, out);
                }
                // (no expansion starting so matches a name with a leading period)
                (Start::Period, None) => out.push_str("[^\\s\\S]"),
            },
            Item::Group(alts) => {
                out.push_str("(?:");
                for (k, alt) in alts.iter().enumerate() {
                    if k > 0 {
                        out.push('|');
                    }
                    crate::limits::deep(|| translate(alt, start, out));
                }
                out.push(')');
            }
        }
    }
}

fn regex(items: &[Item], start: Start) -> Option<Regex> {
    let mut re = String::from("^");
    translate(items, start, &mut re);
    re.push('$');
    Regex::new(&re).ok()
}

/// A segment with brace groups.
pub(super) struct Braced {
    items: Vec<Item>,
    any: Regex,
    period: Regex,
}

impl Braced {
    fn new(items: Vec<Item>) -> Option<Braced> {
        Some(Braced {
            any: regex(&items, Start::Any)?,
            period: regex(&items, Start::Period)?,
            items,
        })
    }

    /// When `name` matches: the choices of the first expansion that matches it (an index
    /// for each group decided, in order), which orders it as the expansions would.
    pub(super) fn key(&self, name: &str) -> Option<Vec<u32>> {
        let start = if name.starts_with('.') {
            Start::Period
        } else {
            Start::Any
        };
        let whole = if start == Start::Period {
            &self.period
        } else {
            &self.any
        };
        if !whole.is_match(name) {
            return None;
        }
        let mut seq = self.items.clone();
        let mut key = Vec::new();
        let mut from = 0;
        while let Some(g) = seq[from..]
            .iter()
            .position(|i| matches!(i, Item::Group(_)))
            .map(|g| from + g)
        {
            let Item::Group(alts) = &seq[g] else {
                unreachable!("a group was found")
            };
            let mut chosen = None;
            for (k, alt) in alts.iter().enumerate() {
                let mut trial = seq[..g].to_vec();
                trial.extend(alt.iter().cloned());
                trial.extend(seq[g + 1..].iter().cloned());
                if regex(&trial, start).is_some_and(|re| re.is_match(name)) {
                    chosen = Some((k, trial));
                    break;
                }
            }
            let (k, trial) = chosen?;
            key.push(k as u32);
            seq = trial;
            from = g;
        }
        Some(key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(s: &str) -> Item {
        Item::Lit(s.into())
    }

    #[test]
    fn groups_parse_as_the_expansion_finds_them() {
        assert_eq!(
            parse("a{b,{c,d}}e{"),
            [
                lit("a"),
                Item::Group(vec![
                    vec![lit("b")],
                    vec![Item::Group(vec![vec![lit("c")], vec![lit("d")]])]
                ]),
                lit("e{")
            ]
        );
        assert_eq!(parse("{x{a,b}"), [lit("{x{a,b}")]);
    }

    /// The key is the first expansion's choices: `*{b,1}` matches `ab` by `b` (0) and `a1`
    /// by `1` (1); a name with a leading period only where an expansion starts with one.
    #[test]
    fn keys_are_the_first_matching_expansions_choices() {
        let seg = |p: &str| match segments(p).unwrap().pop().unwrap() {
            Segment::Braced(b) => b,
            Segment::Plain(_) => panic!("braced"),
        };
        let b = seg("*{b,1}.yaml");
        assert_eq!(b.key("ab.yaml"), Some(vec![0]));
        assert_eq!(b.key("a1.yaml"), Some(vec![1]));
        assert_eq!(b.key(".b.yaml"), None);
        let b = seg("{*,.}a*.yaml");
        assert_eq!(b.key(".ah.yaml"), Some(vec![1]));
        assert_eq!(b.key("a1.yaml"), Some(vec![0]));
        let b = seg("{a,{b,c}}{1,2}");
        assert_eq!(b.key("c2"), Some(vec![1, 1, 1]));
        assert_eq!(b.key("a1"), Some(vec![0, 0]));
        // 26 groups: one expression, and a key in 52 tries at most.
        let b = seg(&"{a,b}".repeat(26));
        assert_eq!(b.key(&"ab".repeat(13)).unwrap().len(), 26);
        // What does not fit one segment is expanded as before.
        assert!(segments("/d/{a/b,c}").is_none());
        assert!(segments("/d/{,a}*").is_none());
        assert!(segments("/d/{a,b}[xy]").is_none());
        assert!(segments("/d/*.yaml").is_none());
    }
}
