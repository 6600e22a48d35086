//! Patterns anchored at both ends made of ASCII character classes, each taken once or
//! repeated (`\A[a-z][a-z0-9_-]*\z`, `\A\d+\.\d+\.\d+\.\d+\z`, `\A\d+\z`: the `Pattern`
//! types of modules' aliases), matched by a loop over the text's bytes instead of an
//! engine (a lazy DFA's search cost ~400 instructions on a short name).
//!
//! Each element takes as many bytes of its class as it may (no backtracking), which finds
//! a match exactly when there is one because every repeated element's class shares no
//! character with the elements after it up to the first one that must take a character:
//! a character a repeated element could leave to a later one would be taken by one of
//! those, whose classes do not hold it. A non-ASCII byte is in no class.

/// A set of ASCII characters (as a set of bytes: a byte's test needs no range check; the
/// non-ASCII ones are never added).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
struct Class([u64; 4]);

impl Class {
    fn add(&mut self, b: u8) {
        self.0[usize::from(b >> 6)] |= 1 << (b & 63);
    }

    fn add_range(&mut self, lo: u8, hi: u8) {
        for b in lo..=hi {
            self.add(b);
        }
    }

    #[inline]
    fn has(&self, b: u8) -> bool {
        self.0[usize::from(b >> 6)] & (1 << (b & 63)) != 0
    }

    fn disjoint(&self, other: &Class) -> bool {
        self.0.iter().zip(&other.0).all(|(a, b)| a & b == 0)
    }
}

/// An element: a class taken from `min` to `max` times.
#[derive(Clone, Debug)]
struct Element {
    class: Class,
    min: u32,
    max: u32,
}

/// A pattern of the form this module matches.
#[derive(Clone, Debug)]
pub(super) struct Anchored {
    elements: Box<[Element]>,
}

/// Punctuation that stands for itself outside a class (and inside one).
const PLAIN: &[u8] = b"_,:;/=@%&!'\"<>~ ";

impl Anchored {
    /// The pattern of a Ruby source of this form, or `None`.
    pub(super) fn parse(source: &str) -> Option<Anchored> {
        let body = source.strip_prefix("\\A")?.strip_suffix("\\z")?;
        // (`\\z`: the `\z` is an escaped backslash and a `z`)
        if body.ends_with('\\') {
            return None;
        }
        let b = body.as_bytes();
        let mut elements: Vec<Element> = Vec::new();
        let mut i = 0;
        while i < b.len() {
            let mut class = Class::default();
            match b[i] {
                b'\\' => {
                    let e = *b.get(i + 1)?;
                    match e {
                        b'd' => class.add_range(b'0', b'9'),
                        e if ESCAPED.contains(&e) => class.add(e),
                        _ => return None,
                    }
                    i += 2;
                }
                b'[' => {
                    let end = class_end(b, i + 1)?;
                    class = parse_class(&b[i + 1..end])?;
                    i = end + 1;
                }
                c if c.is_ascii_alphanumeric() || c == b'-' || PLAIN.contains(&c) => {
                    class.add(c);
                    i += 1;
                }
                _ => return None,
            }
            let (min, max) = match b.get(i) {
                Some(b'*') => (0, u32::MAX),
                Some(b'+') => (1, u32::MAX),
                Some(b'?') => (0, 1),
                _ => (1, 1),
            };
            if min != 1 || max != 1 {
                i += 1;
                // (lazy, possessive or counted repetition: not this form)
                if matches!(b.get(i), Some(b'?' | b'+' | b'*' | b'{')) {
                    return None;
                }
            } else if b.get(i) == Some(&b'{') {
                return None;
            }
            elements.push(Element { class, min, max });
        }
        // Every repeated element's class is disjoint from the later ones' up to the first
        // that must take a character.
        for (at, e) in elements.iter().enumerate() {
            if e.min == e.max {
                continue;
            }
            for later in &elements[at + 1..] {
                if !e.class.disjoint(&later.class) {
                    return None;
                }
                if later.min > 0 {
                    break;
                }
            }
        }
        (!elements.is_empty()).then(|| Anchored {
            elements: elements.into(),
        })
    }

    /// Whether the whole of `text` matches.
    pub(super) fn matches(&self, text: &str) -> bool {
        let b = text.as_bytes();
        let mut p = 0;
        for e in self.elements.iter() {
            // (most elements are one character: `\.` between the `\d+` of an address)
            if e.min == 1 && e.max == 1 {
                match b.get(p) {
                    Some(&c) if e.class.has(c) => p += 1,
                    _ => return false,
                }
                continue;
            }
            let mut n = 0;
            while n < e.max && p < b.len() && e.class.has(b[p]) {
                p += 1;
                n += 1;
            }
            if n < e.min {
                return false;
            }
        }
        p == b.len()
    }
}

/// Punctuation that a backslash makes stand for itself.
const ESCAPED: &[u8] = b".-/\\[](){}*+?|^$_:,;=@%&!'\"~# ";

/// Where the class opened before `from` closes (its `]`, escaped ones stepped over).
fn class_end(b: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b']' => return Some(i),
            _ => i += 1,
        }
    }
    None
}

/// The inside of `[...]`: characters, ranges of letters or digits, `\d` and escaped
/// punctuation; a `-` first or last stands for itself. A negated class (`[^...]`) or any
/// other syntax is not this form.
fn parse_class(b: &[u8]) -> Option<Class> {
    let mut class = Class::default();
    if b.is_empty() || b[0] == b'^' {
        return None;
    }
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        match c {
            b'\\' => {
                let e = *b.get(i + 1)?;
                match e {
                    b'd' => class.add_range(b'0', b'9'),
                    e if ESCAPED.contains(&e) => class.add(e),
                    _ => return None,
                }
                i += 2;
            }
            b'-' if i == 0 || i + 1 == b.len() => {
                class.add(b'-');
                i += 1;
            }
            c if c.is_ascii_alphanumeric() => {
                if b.get(i + 1) == Some(&b'-') && i + 2 < b.len() {
                    let hi = b[i + 2];
                    let same_kind = (c.is_ascii_digit() && hi.is_ascii_digit())
                        || (c.is_ascii_lowercase() && hi.is_ascii_lowercase())
                        || (c.is_ascii_uppercase() && hi.is_ascii_uppercase());
                    if !same_kind || hi < c {
                        return None;
                    }
                    class.add_range(c, hi);
                    i += 3;
                } else {
                    class.add(c);
                    i += 1;
                }
            }
            c if PLAIN.contains(&c) || c == b'.' => {
                class.add(c);
                i += 1;
            }
            _ => return None,
        }
    }
    Some(class)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Patterns of this form answer as the engine answers, on texts chosen to meet each
    /// element's edges; patterns of other forms are left to the engine.
    #[test]
    fn anchored_patterns_match_as_the_engine_does() {
        let patterns = [
            "\\A[a-z][a-z0-9_-]*\\z",
            "\\A\\d+\\.\\d+\\.\\d+\\.\\d+\\z",
            "\\A\\d+\\z",
            "\\Aab?c\\z",
            "\\A[-a-c]+x\\z",
            "\\A[A-Z_][a-zA-Z0-9_]*\\z",
            "\\Ahttps?:\\/\\/[a-z.]+\\z",
            "\\A[0-9a-f]+\\z",
            "\\A\\d?-\\d*\\z",
            "\\A[._-]+a\\z",
            "\\A[a\\-\\]]+\\z",
        ];
        let texts = [
            "",
            "a",
            "ab",
            "abc",
            "ac",
            "a1_-",
            "1a",
            "A",
            "a b",
            "10.0.0.1",
            "10.0.0.",
            "1.2.3.4.5",
            "1..2.3",
            "123",
            "12a",
            "-",
            "-x",
            "abcx",
            "ab-cx",
            "x",
            "Foo_1",
            "_x",
            "http://a.b",
            "https://a.b",
            "https:/a",
            "deadbeef",
            "0xff",
            "1-",
            "-2",
            "1-23",
            "12-3",
            "._-a",
            "a\n",
            "é",
            "aé",
            "a-]",
            "a]",
        ];
        for p in patterns {
            let anchored = Anchored::parse(p).unwrap_or_else(|| panic!("{p} not anchored"));
            let engine = crate::values::Regexp::new(&format!("(?:{p})")).unwrap();
            for t in texts {
                assert_eq!(
                    anchored.matches(t),
                    engine.is_match(t).unwrap(),
                    "{p:?} on {t:?}"
                );
            }
        }
        for other in [
            "[a-z]+",
            "\\A[a-z]+",
            "\\A\\d+\\d\\z",
            "\\A\\d*5\\z",
            "\\A[a-z]+?\\z",
            "\\A[^a]\\z",
            "\\A\\w+\\z",
            "\\A\\s\\z",
            "\\A(a)\\z",
            "\\Aa|b\\z",
            "\\A.\\z",
            "\\Aa{2}\\z",
            "\\A[a-z]*[a-z0-9]\\z",
            "\\A\\d?\\d?\\z",
            "\\A\\\\z",
            "\\A[z-a]\\z",
            "\\A[a-Z]\\z",
            "\\Aé\\z",
            "\\A$\\z",
            "\\A\\z",
        ] {
            assert!(Anchored::parse(other).is_none(), "{other:?}");
        }
    }
}
