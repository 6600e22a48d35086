//! Resource tags: lower case, each `::`-qualified tag also adds its segments.

use crate::values::Value;
use rustc_hash::FxHashSet;
use std::rc::Rc;

/// The tags of a scope (a class, define instance or node resource) frozen when a class
/// declared in it is evaluated, linked to those of the scope around it: a class gets the
/// tags its declaring scope has then, and not those it gets later, as the reference's class
/// resources do. Classes nested `n` deep share their scopes' tags instead of each holding a
/// copy of them all (`n` squared tags to build and keep).
#[derive(Debug)]
pub struct Frozen {
    /// The scope's own tags (explicit, type, title, from defaults and overrides).
    pub own: Box<[Rc<str>]>,
    /// Those `tag()` had added in its body by then.
    pub late: Box<[Rc<str>]>,
    /// The scope around it, frozen at the same time (or earlier, for a class).
    pub outer: Option<Rc<Frozen>>,
}

/// One scope's own and late tags, a resource's first.
pub type Layer<'a> = (&'a [Rc<str>], &'a [Rc<str>]);

/// The tags of a resource from its layers (its own first, then those of the scopes around
/// it): the own tags of each from the inside out, then the late ones from the outside in,
/// each once.
pub fn list(layers: &[Layer]) -> Vec<Rc<str>> {
    let own = layers.iter().flat_map(|(own, _)| own.iter());
    let late = layers.iter().rev().flat_map(|(_, late)| late.iter());
    let all = own.chain(late);
    let mut out = Vec::with_capacity(8);
    // A few tags (nearly always) are searched in place; more through a set, or listing
    // the tags of scopes `n` deep would take `n` squared comparisons.
    let count: usize = layers
        .iter()
        .map(|(own, late)| own.len() + late.len())
        .sum();
    if count <= 24 {
        for t in all {
            push_unique(&mut out, t.clone());
        }
    } else {
        let mut seen: FxHashSet<&str> = FxHashSet::default();
        for t in all {
            if seen.insert(&**t) {
                out.push(t.clone());
            }
        }
    }
    out
}

/// What each ASCII byte may be in a tag: [`WORD`] (anywhere), [`INNER`] (`-`, `:` and `.`,
/// not first), 0 (nowhere).
static TAG_BYTES: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        table[b] = if c.is_ascii_alphanumeric() || c == b'_' {
            WORD
        } else if matches!(c, b'-' | b':' | b'.') {
            INNER
        } else {
            0
        };
        b += 1;
    }
    table
};
const WORD: u8 = 1;
const INNER: u8 = 2;

/// Whether the reference accepts a string as a tag: a word character, then word
/// characters, `-`, `:` and `.`, and a line break at the end now and then (its pattern
/// ends with Ruby's `\Z`: a title `"a\n"` is a tag).
pub fn is_valid(tag: &str) -> bool {
    let tag = tag.strip_suffix('\n').unwrap_or(tag);
    // (ASCII, nearly all of them: by bytes, without decoding characters)
    if tag.is_ascii() {
        return match tag.as_bytes() {
            [first, rest @ ..] if TAG_BYTES[*first as usize] == WORD => {
                rest.iter().all(|&b| TAG_BYTES[b as usize] != 0)
            }
            _ => false,
        };
    }
    let mut chars = tag.chars();
    let word = |c: char| c.is_alphanumeric() || c == '_';
    match chars.next() {
        Some(c) if word(c) => chars.all(|c| word(c) || matches!(c, '-' | ':' | '.')),
        _ => false,
    }
}

pub fn push_unique(tags: &mut Vec<Rc<str>>, tag: Rc<str>) {
    if !tags.contains(&tag) {
        tags.push(tag);
    }
}

/// [`push_unique`] of a text, made a tag only when it is new.
fn push_unique_str(tags: &mut Vec<Rc<str>>, tag: &str) {
    if !tags.iter().any(|t| **t == *tag) {
        tags.push(tag.into());
    }
}

/// Adds a tag (lower-cased) and, for `a::b`, its segments `a` and `b`.
pub fn add(tags: &mut Vec<Rc<str>>, tag: &str) {
    // Most tags are lower-case ASCII names already.
    if !tag
        .bytes()
        .any(|b| b.is_ascii_uppercase() || b == b':' || !b.is_ascii())
    {
        push_unique_str(tags, tag);
        return;
    }
    let lower = tag.to_lowercase();
    let lower = lower.strip_prefix("::").unwrap_or(&lower);
    push_unique_str(tags, lower);
    if crate::names::is_qualified(lower) {
        for seg in crate::names::segments(lower).filter(|s| !s.is_empty()) {
            push_unique_str(tags, seg);
        }
    }
}

/// Adds a tag when it is a valid one (a title such as `/tmp/x` is not).
pub fn add_if_valid(tags: &mut Vec<Rc<str>>, tag: &str) {
    if is_valid(tag) {
        add(tags, tag);
    }
}

/// [`add_if_valid`] of a shared text (a resource's title): a tag as it is (valid, lower case,
/// no `::` segments) is that text, not a copy of it.
pub fn add_shared_if_valid(tags: &mut Vec<Rc<str>>, tag: &Rc<str>) {
    if !is_valid(tag) {
        return;
    }
    // (what `add` would push as it is: no upper case, no `:`, ASCII)
    if tag
        .bytes()
        .any(|b| b.is_ascii_uppercase() || b == b':' || !b.is_ascii())
    {
        add(tags, tag);
    } else {
        push_unique(tags, tag.clone());
    }
}

/// The tags a `tag` parameter value gives (a string or an array of strings).
pub fn add_value(tags: &mut Vec<Rc<str>>, v: &Value) {
    match v {
        Value::String(s) => add_if_valid(tags, s),
        Value::Array(a) => a.iter().for_each(|x| add_value(tags, x)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qualified_tags_add_their_segments() {
        let mut t = Vec::new();
        add(&mut t, "Apache::Mod::Ssl");
        add_if_valid(&mut t, "/tmp/x");
        add(&mut t, "mod");
        let got: Vec<&str> = t.iter().map(|s| &**s).collect();
        assert_eq!(got, ["apache::mod::ssl", "apache", "mod", "ssl"]);
        assert!(is_valid("a-b.c:d") && !is_valid("-a") && !is_valid("a b"));
    }

    /// A shared title gives the tags a text does, the title itself when it is the tag.
    #[test]
    fn shared_titles_give_the_tags_of_texts() {
        for title in [
            "web1", "Web1", "a::b", "::a", "/tmp/x", "é", "a.b-c", "", "a b", "x_Y",
        ] {
            let shared: Rc<str> = title.into();
            let (mut by_text, mut by_shared) = (vec![Rc::from("web1")], vec![Rc::from("web1")]);
            add_if_valid(&mut by_text, title);
            add_shared_if_valid(&mut by_shared, &shared);
            assert_eq!(by_text, by_shared, "{title:?}");
            // (an ASCII one: others are lower-cased, a copy)
            if by_shared.len() == 2 && &*by_shared[1] == title && title.is_ascii() {
                assert!(Rc::ptr_eq(&by_shared[1], &shared), "{title:?}");
            }
        }
    }

    /// The check by bytes of ASCII tags answers as the one by characters.
    #[test]
    fn ascii_tags_are_checked_as_characters_are() {
        let by_chars = |tag: &str| {
            let mut chars = tag.strip_suffix('\n').unwrap_or(tag).chars();
            let word = |c: char| c.is_alphanumeric() || c == '_';
            match chars.next() {
                Some(c) if word(c) => chars.all(|c| word(c) || matches!(c, '-' | ':' | '.')),
                _ => false,
            }
        };
        let mut tags: Vec<String> = vec![String::new(), "site1.example.com-apache-header".into()];
        for a in 0u8..128 {
            tags.push((a as char).to_string());
            for b in 0u8..128 {
                tags.push(format!("{}{}", a as char, b as char));
                tags.push(format!("x{}{}y", a as char, b as char));
            }
        }
        for t in &tags {
            assert_eq!(is_valid(t), by_chars(t), "{t:?}");
        }
        assert!(is_valid("caf\u{e9}") && is_valid("\u{e9}t\u{e9}") && !is_valid("\u{e9} t"));
        // (found by the differential area `grammar`, seed 15: a title ending in a newline)
        assert!(is_valid("r7-\n") && is_valid("\u{e9}\n") && !is_valid("\n") && !is_valid("a\n\n"));
    }

    /// Layers list their own tags from the inside out, then their late tags from the outside
    /// in, each tag once, whether few (searched in place) or many (through a set).
    #[test]
    fn layers_list_own_tags_inside_out_then_late_tags_outside_in() {
        let t = |names: &[&str]| names.iter().map(|n| Rc::from(*n)).collect::<Vec<Rc<str>>>();
        let (a, a_late) = (t(&["notify", "x"]), t(&["late_a"]));
        let (b, b_late) = (t(&["class", "b", "x"]), t(&["late_b", "late_a"]));
        let c = t(&["class", "c"]);
        let got = list(&[(&a, &a_late), (&b, &b_late), (&c, &[])]);
        let got: Vec<&str> = got.iter().map(|s| &**s).collect();
        assert_eq!(got, ["notify", "x", "class", "b", "c", "late_b", "late_a"]);
        // Many layers: the same order and uniqueness.
        let owned: Vec<Vec<Rc<str>>> = (0..100)
            .map(|i| t(&["class", &format!("c{i}"), &format!("c{}", i / 2)]))
            .collect();
        let layers: Vec<Layer> = owned.iter().map(|o| (&o[..], &[][..])).collect();
        let got = list(&layers);
        let mut expected = vec!["class".to_string(), "c0".into()];
        expected.extend((1..100).map(|i| format!("c{i}")));
        assert_eq!(
            got.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
            expected
        );
    }
}
