//! Where only one kind of name can stand, completion offers only that kind: the keys of a
//! hash variable inside `$facts['os']['fam`, a class after `include`, `require`, `contain` or
//! in `class { '`, an attribute (parameter) of the resource type whose body the cursor is in
//! (`file { '/x': ens` → `ensure`), nothing else inside a string.

use super::{Kind, Names};
use crate::Value;

/// A completion decided by the context: the start of the replaced text and the candidates.
pub(super) type Found = (usize, Vec<(String, Kind)>);

/// The string literal the cursor is in (its quote and the offset after the quote), if any;
/// `None` also inside an interpolation `${...}` of a double-quoted string.
pub(super) fn open_string(before: &str) -> Option<(char, usize)> {
    let bytes = before.as_bytes();
    let mut i = 0;
    // (quote, start), and the depth of `${` braces inside a double-quoted string
    let mut open: Option<(u8, usize)> = None;
    let mut interpolation: Vec<usize> = Vec::new();
    let mut braces = 0usize;
    while i < bytes.len() {
        let c = bytes[i];
        match open {
            Some((q, _)) => {
                if c == b'\\' {
                    i += 2;
                    continue;
                }
                if q == b'"' && c == b'$' && bytes.get(i + 1) == Some(&b'{') {
                    interpolation.push(braces);
                    braces += 1;
                    open = None;
                    i += 2;
                    continue;
                }
                if c == q {
                    open = None;
                }
            }
            None => match c {
                b'#' => {
                    // a comment to the end of the line
                    while i < bytes.len() && bytes[i] != b'\n' {
                        i += 1;
                    }
                }
                b'\'' | b'"' => open = Some((c, i + 1)),
                b'{' => braces += 1,
                b'}' => {
                    braces = braces.saturating_sub(1);
                    if interpolation.last() == Some(&braces) {
                        interpolation.pop();
                        open = Some((b'"', i + 1));
                    }
                }
                _ => {}
            },
        }
        i += 1;
    }
    open.map(|(q, start)| (q as char, start))
}

/// Inside a string: a hash key (`$facts['os']['fam`), a class name (`include 'ntp::`,
/// `class { 'ntp::`), else nothing (never functions or keywords in a string).
pub(super) fn in_string(before: &str, quote: char, start: usize, names: &Names) -> Found {
    let partial = &before[start..];
    let head = &before[..start - 1];
    if let Some(value) = indexed_value(head, names) {
        let keys = match value {
            Value::Hash(h) => h
                .iter()
                .filter_map(|(k, _)| match k {
                    Value::String(s) if s.starts_with(partial) => Some(s.to_string()),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        };
        return (start, keys.into_iter().map(|k| (k, Kind::Key)).collect());
    }
    let _ = quote;
    let trimmed = head.trim_end();
    if takes_hiera_key(trimmed) {
        let keys = names
            .hiera_keys
            .iter()
            .filter(|k| k.starts_with(partial))
            .map(|k| (k.clone(), Kind::Key))
            .collect();
        return (start, keys);
    }
    if takes_class(trimmed) || trimmed.ends_with("class {") || trimmed.ends_with("class{") {
        return (start, classes(partial, names));
    }
    (start, Vec::new())
}

/// The value that `head` (ending just before an open `['`) indexes: a variable holding a
/// hash, then each `['key']` of the chain.
fn indexed_value(head: &str, names: &Names) -> Option<Value> {
    let mut head = head.strip_suffix('[')?;
    let mut keys: Vec<&str> = Vec::new();
    // `['os']['release']` read from the end
    while let Some(rest) = head.strip_suffix("']").or_else(|| head.strip_suffix("\"]")) {
        let quote = if head.ends_with("']") { '\'' } else { '"' };
        let open = rest.rfind(quote)?;
        keys.push(&rest[open + 1..]);
        head = rest[..open].strip_suffix('[')?;
    }
    let name_start = head
        .char_indices()
        .rev()
        .take_while(|&(_, c)| c.is_alphanumeric() || c == '_' || c == ':')
        .last()
        .map(|(i, _)| i)?;
    let var = head[..name_start]
        .strip_suffix('$')
        .map(|_| &head[name_start..])?;
    let var = var.strip_prefix("::").unwrap_or(var);
    let mut value = names.hashes.iter().find(|(n, _)| n == var)?.1.clone();
    for key in keys.iter().rev() {
        value = match &value {
            Value::Hash(h) => h
                .iter()
                .find(|(k, _)| matches!(k, Value::String(s) if &**s == *key))?
                .1
                .clone(),
            _ => return None,
        };
    }
    Some(value)
}

/// Whether the code before a string is a lookup's first argument: `lookup(`, `hiera(`, ...
fn takes_hiera_key(trimmed: &str) -> bool {
    let Some(call) = trimmed.strip_suffix('(') else {
        return false;
    };
    let call = call.trim_end();
    [
        "lookup",
        "hiera",
        "hiera_array",
        "hiera_hash",
        "hiera_include",
    ]
    .iter()
    .any(|f| {
        call.strip_suffix(f).is_some_and(|rest| {
            !rest
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':' || c == '$')
        })
    })
}

/// Whether the code before a word ends with a function that takes class names.
pub(super) fn takes_class(trimmed: &str) -> bool {
    ["include", "require", "contain"].iter().any(|f| {
        trimmed.strip_suffix(f).is_some_and(|rest| {
            !rest.chars().next_back().is_some_and(|c| {
                c.is_alphanumeric() || c == '_' || c == ':' || c == '$' || c == '.'
            })
        })
    })
}

pub(super) fn classes(partial: &str, names: &Names) -> Vec<(String, Kind)> {
    let partial = partial.strip_prefix("::").unwrap_or(partial);
    names
        .classes
        .iter()
        .filter(|c| c.starts_with(partial))
        .map(|c| (c.clone(), Kind::Class))
        .collect()
}

/// In a resource body at an attribute's place (`file { '/x': ens`, `notify { 'a': message =>
/// 'x', wi`), the resource type (or `class` with the class's name) whose attributes may be
/// written there.
pub(super) fn resource_body(before: &str) -> Option<(String, Option<String>)> {
    // The innermost open bracket, outside strings and comments.
    let bytes = before.as_bytes();
    let mut stack: Vec<usize> = Vec::new();
    for (i, c) in unquoted(before, true) {
        match c {
            b'{' | b'[' | b'(' => stack.push(i),
            b'}' | b']' | b')' => {
                stack.pop();
            }
            _ => {}
        }
    }
    let open = *stack.last()?;
    if bytes[open] != b'{' {
        return None;
    }
    // What comes before the word: `:` after the title, `,` or `;` after an attribute.
    let body = &before[open + 1..];
    let last = body.trim_end().chars().next_back()?;
    if !matches!(last, ':' | ',' | ';') || body.trim_end().ends_with("::") {
        return None;
    }
    // The title's colon, at the body's own level.
    let colon = title_colon(body)?;
    let type_name = before[..open].trim_end();
    let name_start = type_name
        .char_indices()
        .rev()
        .take_while(|&(_, c)| c.is_alphanumeric() || c == '_' || c == ':')
        .last()
        .map(|(i, _)| i)?;
    let word = &type_name[name_start..];
    if !word.starts_with(|c: char| c.is_ascii_lowercase()) {
        return None;
    }
    let title = body[..colon].trim().trim_matches(['\'', '"']);
    Some((
        word.to_string(),
        (word == "class").then(|| title.to_string()),
    ))
}

/// The offset of the first `:` of `body` outside strings and brackets (not part of `::`).
fn title_colon(body: &str) -> Option<usize> {
    let bytes = body.as_bytes();
    let mut depth = 0usize;
    let mut code = unquoted(body, false);
    while let Some((i, c)) = code.next() {
        match c {
            b'[' | b'(' | b'{' => depth += 1,
            b']' | b')' | b'}' => depth = depth.saturating_sub(1),
            b':' if depth == 0 => {
                if bytes.get(i + 1) == Some(&b':') {
                    code.next();
                    continue;
                }
                return Some(i);
            }
            _ => {}
        }
    }
    None
}

/// The bytes of `text` outside quoted strings (their quotes left out too) and, with
/// `comments`, outside `#` comments, with their offsets.
fn unquoted(text: &str, comments: bool) -> impl Iterator<Item = (usize, u8)> + '_ {
    let bytes = text.as_bytes();
    let mut quote = None::<u8>;
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < bytes.len() {
            let (at, c) = (i, bytes[i]);
            i += 1;
            if let Some(q) = quote {
                if c == b'\\' {
                    i += 1;
                } else if c == q {
                    quote = None;
                }
                continue;
            }
            match c {
                b'\'' | b'"' => quote = Some(c),
                b'#' if comments => {
                    while i < bytes.len() && bytes[i] != b'\n' {
                        i += 1;
                    }
                }
                _ => return Some((at, c)),
            }
        }
        None
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_the_cursor_is_in() {
        assert_eq!(open_string("$facts['o"), Some(('\'', 8)));
        assert_eq!(open_string("'a' + \"b"), Some(('"', 7)));
        assert_eq!(open_string("'a' + 1"), None);
        assert_eq!(open_string("\"x ${fa"), None);
        assert_eq!(open_string("\"x ${a} y"), Some(('"', 7)));
        assert_eq!(open_string("# it's\n$x"), None);
        assert_eq!(open_string("'it\\'s"), Some(('\'', 1)));
    }

    #[test]
    fn resource_bodies() {
        assert_eq!(resource_body("file { '/x': "), Some(("file".into(), None)));
        assert_eq!(
            resource_body("file { '/x':\n  ensure => file,\n  "),
            Some(("file".into(), None))
        );
        assert_eq!(
            resource_body("class { 'ntp::x': servers => [1, 2], "),
            Some(("class".into(), Some("ntp::x".into())))
        );
        assert_eq!(
            resource_body("apache::vhost { $t: "),
            Some(("apache::vhost".into(), None))
        );
        // not at an attribute's place
        assert_eq!(resource_body("file { '/x': ensure => "), None);
        assert_eq!(resource_body("file { '/x': ensure => [a, "), None);
        assert_eq!(resource_body("$h = { 'a' => 1, "), None);
        assert_eq!(resource_body("if $x { "), None);
        assert_eq!(resource_body("file { $x::"), None);
    }

    #[test]
    fn classes_after_include() {
        assert!(takes_class("include"));
        assert!(takes_class("notice(1)\ncontain"));
        assert!(!takes_class("$include"));
        assert!(!takes_class("my_include"));
    }
}
