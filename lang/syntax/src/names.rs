//! `::`-qualified names (`apache::mod::ssl`, `$::osfamily`, `Apache::Vhost`): the
//! separator found by a byte scan. `str`'s substring search (`contains("::")`,
//! `split("::")`) prepares a two-way searcher at every call, which costs more than the
//! whole scan of a short name; compiling real modules asks about names tens of thousands
//! of times.

/// Where the first `::` of `name` starts.
pub fn find_separator(name: &str) -> Option<usize> {
    let b = name.as_bytes();
    // (no `::` before the first eight bytes holding a colon)
    let mut i = first_colon_block(b)?;
    while i + 1 < b.len() {
        if b[i] == b':' {
            if b[i + 1] == b':' {
                return Some(i);
            }
            i += 1;
        }
        i += 1;
    }
    None
}

/// Where the last `::` of `name` starts (as `str::rfind("::")`).
pub fn rfind_separator(name: &str) -> Option<usize> {
    let b = name.as_bytes();
    (0..b.len().saturating_sub(1))
        .rev()
        .find(|&i| b[i] == b':' && b[i + 1] == b':')
}

/// Whether `name` holds `::`.
#[inline]
pub fn is_qualified(name: &str) -> bool {
    find_separator(name).is_some()
}

/// A position of `b` at or before its first colon, `None` when it has none. Eight bytes are
/// tested at once (a word with a zero byte where the colons were; the last eight bytes as
/// one word, overlapping the block before): the evaluator asks whether each variable name
/// it looks up is qualified, and most names have no colon.
#[inline]
fn first_colon_block(b: &[u8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    const COLONS: u64 = ONES * b':' as u64;
    let has_colon = |at: usize| {
        let mut word = [0; 8];
        word.copy_from_slice(&b[at..at + 8]);
        let x = u64::from_le_bytes(word) ^ COLONS;
        // non-zero exactly when a byte of `x` is zero
        x.wrapping_sub(ONES) & !x & HIGHS != 0
    };
    let n = b.len();
    if n < 8 {
        return b.iter().position(|&c| c == b':');
    }
    let mut at = 0;
    while at + 8 <= n {
        if has_colon(at) {
            return Some(at);
        }
        at += 8;
    }
    (at < n && has_colon(n - 8)).then_some(n - 8)
}

/// `name` split at its first `::` (as `str::split_once("::")`).
pub fn split_first(name: &str) -> Option<(&str, &str)> {
    find_separator(name).map(|i| (&name[..i], &name[i + 2..]))
}

/// `name` split at its last `::` (as `str::rsplit_once("::")`).
pub fn split_last(name: &str) -> Option<(&str, &str)> {
    rfind_separator(name).map(|i| (&name[..i], &name[i + 2..]))
}

/// Whether `segment` is a byte `first` accepts followed by word characters (`\w*`:
/// ASCII letters, digits, `_`): the shape of every segment of Puppet's names.
pub fn is_segment(segment: &str, first: impl Fn(u8) -> bool) -> bool {
    let b = segment.as_bytes();
    b.first().is_some_and(|&c| first(c)) && b[1..].iter().all(|&c| is_word_byte(c))
}

/// A word character (`\w` in Puppet's name patterns): an ASCII letter or digit, or `_`.
/// (One load from a table: the lexer asks it of every byte of every name.)
#[inline]
pub fn is_word_byte(b: u8) -> bool {
    WORD_BYTES[usize::from(b)]
}

/// [`is_word_byte`] of each byte.
static WORD_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric() || c == b'_';
        b += 1;
    }
    table
};

/// [`is_word_byte`] of a character.
pub fn is_word_char(c: char) -> bool {
    u8::try_from(c).is_ok_and(is_word_byte)
}

/// `[a-z]\w*(::[a-z]\w*)*`: a class, define, function or module name.
pub fn is_lower_name(name: &str) -> bool {
    is_segmented(name, |c| c.is_ascii_lowercase(), |c| c.is_ascii_lowercase())
}

/// `[A-Z]\w*(::[A-Z]\w*)*`: a type or type alias name.
pub fn is_capitalized_name(name: &str) -> bool {
    is_segmented(name, |c| c.is_ascii_uppercase(), |c| c.is_ascii_uppercase())
}

/// Whether `name` is one or more segments joined by `::`, each a byte `first` accepts (the
/// last segment: a byte `last_first` accepts) followed by word characters: in one pass
/// over the bytes (the lexer and the validator ask it of every name).
pub fn is_segmented(
    name: &str,
    first: impl Fn(u8) -> bool,
    last_first: impl Fn(u8) -> bool,
) -> bool {
    let b = name.as_bytes();
    let mut i = 0;
    loop {
        let Some(&lead) = b.get(i) else {
            return false;
        };
        i += 1;
        while i < b.len() && is_word_byte(b[i]) {
            i += 1;
        }
        if i == b.len() {
            return last_first(lead);
        }
        if !first(lead) || b[i] != b':' || b.get(i + 1) != Some(&b':') {
            return false;
        }
        i += 2;
    }
}

/// The segments of `name` between `::` separators (as `str::split("::")`: `"::a"` gives
/// `""` then `"a"`).
pub fn segments(name: &str) -> Segments<'_> {
    Segments { rest: Some(name) }
}

/// The iterator of [`segments`].
#[derive(Debug, Clone)]
pub struct Segments<'a> {
    rest: Option<&'a str>,
}

impl<'a> Iterator for Segments<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let rest = self.rest?;
        match find_separator(rest) {
            Some(i) => {
                self.rest = Some(&rest[i + 2..]);
                Some(&rest[..i])
            }
            None => {
                self.rest = None;
                Some(rest)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_shapes() {
        for yes in ["a", "apache", "apache::mod::ssl", "a1_b", "x::y2"] {
            assert!(is_lower_name(yes), "{yes}");
        }
        for no in [
            "", "A", "_a", "1a", "a::", "::a", "a::B", "a-b", "é", "a::::b", "ab\u{e9}",
        ] {
            assert!(!is_lower_name(no), "{no}");
        }
        assert!(is_capitalized_name("Apache::Vhost") && is_capitalized_name("X1_y"));
        assert!(!is_capitalized_name("Apache::vhost") && !is_capitalized_name(""));
        assert!(is_segment("_x9", |c| c == b'_') && !is_segment("_x-", |c| c == b'_'));
        assert!(is_word_char('a') && is_word_char('_') && is_word_char('7'));
        assert!(!is_word_char('é') && !is_word_char('-') && !is_word_char('\u{100}'));
    }

    /// The one-pass scan agrees with the definition by segments on every string built from
    /// a few telling pieces.
    #[test]
    fn one_pass_shapes_agree_with_segments() {
        let pieces = ["a", "B", "_", "9", ":", "::", "é", "x1", "-"];
        let mut all = vec![String::new()];
        for _ in 0..4 {
            let longer: Vec<String> = all
                .iter()
                .flat_map(|s| pieces.iter().map(move |p| format!("{s}{p}")))
                .collect();
            all.extend(longer);
        }
        let by_segments = |name: &str, first: fn(u8) -> bool, last: fn(u8) -> bool| {
            let segs: Vec<&str> = segments(name).collect();
            segs.iter().enumerate().all(|(i, seg)| {
                let lead = if i + 1 == segs.len() { last } else { first };
                is_segment(seg, lead)
            })
        };
        let lower: fn(u8) -> bool = |c| c.is_ascii_lowercase();
        let upper: fn(u8) -> bool = |c| c.is_ascii_uppercase();
        let param: fn(u8) -> bool = |c| c.is_ascii_lowercase() || c == b'_';
        for s in &all {
            assert_eq!(is_lower_name(s), by_segments(s, lower, lower), "{s:?}");
            assert_eq!(
                is_capitalized_name(s),
                by_segments(s, upper, upper),
                "{s:?}"
            );
            assert_eq!(
                is_segmented(s, lower, param),
                by_segments(s, lower, param),
                "{s:?}"
            );
        }
    }

    #[test]
    fn scans_agree_with_str_searches() {
        for s in [
            "",
            ":",
            "::",
            ":::",
            "::::",
            "a",
            "a:b",
            "a::b",
            "::a",
            "a::",
            "a:::b",
            "a::::b",
            "apache::mod::ssl",
            ":a::b:",
            "é::ü",
            "a:b::c:d",
        ] {
            assert_eq!(find_separator(s), s.find("::"), "{s:?}");
            assert_eq!(rfind_separator(s), s.rfind("::"), "{s:?}");
            assert_eq!(is_qualified(s), s.contains("::"), "{s:?}");
            assert_eq!(split_first(s), s.split_once("::"), "{s:?}");
            assert_eq!(split_last(s), s.rsplit_once("::"), "{s:?}");
            assert_eq!(
                segments(s).collect::<Vec<_>>(),
                s.split("::").collect::<Vec<_>>(),
                "{s:?}"
            );
        }
    }

    #[test]
    fn block_scans_find_colons_at_every_position() {
        // names longer than one block of eight bytes, `:` and `::` everywhere (across blocks)
        for len in 0..26 {
            for at in 0..len {
                for mark in [":", "::", ":a:", "é:"] {
                    let mut s = "b".repeat(len);
                    s.insert_str(at, mark);
                    assert_eq!(find_separator(&s), s.find("::"), "{s:?}");
                    assert_eq!(is_qualified(&s), s.contains("::"), "{s:?}");
                }
            }
            let plain = "x".repeat(len);
            assert_eq!(find_separator(&plain), None);
        }
    }
}
