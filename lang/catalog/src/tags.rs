//! Resource tags: lower case, each `::`-qualified tag also adds its segments.

use crate::values::Value;
use std::rc::Rc;

/// Whether the reference accepts a string as a tag: a word character, then word
/// characters, `-`, `:` and `.`.
pub fn is_valid(tag: &str) -> bool {
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
}
