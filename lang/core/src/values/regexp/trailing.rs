//! A pattern that ends with a look-ahead of one character, matched by the `regex` crate's
//! engines rather than the backtracking one.
//!
//! `P(?=C)`, with `C` one character (a class, an escape or a literal), matches where `PC`
//! does, and its match is `PC`'s without the last character: both engines try `P`'s ways
//! to match in the same order (leftmost-first) and take the first after which `C`
//! matches. `(?!$)` in multi-line mode (`string_build`'s `/(..)(?!$)/`) is `(?=[^\n])`:
//! a character follows and it is not a newline; `(?!\z)` is `(?=(?s:.))`. Each search
//! after a match starts where the shortened match ends (`PC` would go on after `C`), in
//! the whole text, so assertions in `P` see what precedes it. Only where the rewriting is
//! exact for every text: the look-ahead ends the pattern at its top level (not within an
//! alternative, no flag but the translation's leading `(?m)` in force there), and `P`
//! cannot match the empty string (each match is then at least one character long, and
//! matches are found one after the other without Onigmo's rules for empty ones).
//! `fancy-regex` took 13,000 instructions a `regsubst` of `/(..)(?!$)/` on 12 characters.

use super::fast::FastEngine;
use super::Groups;
use regex_syntax::ast::{self, Ast};
use regex_syntax::hir::{HirKind, Literal};

/// `P(?=C)`'s engine: `PC`'s.
#[derive(Clone)]
pub(super) struct Trailing(FastEngine);

impl Trailing {
    /// The engine for a translated pattern of that form (see the module's text), or
    /// `None`.
    pub(super) fn from_pattern(translated: &str) -> Option<Trailing> {
        let (prefix, next) = split_look_ahead(translated)?;
        if !single_item_sequence(prefix) {
            return None;
        }
        let hir = regex_syntax::Parser::new().parse(prefix).ok()?;
        if hir.properties().minimum_len().unwrap_or(0) == 0 {
            return None;
        }
        FastEngine::from_pattern(&format!("{prefix}(?:{next})")).map(Trailing)
    }

    pub(super) fn is_match(&self, text: &str) -> bool {
        self.0.is_match(text)
    }

    /// The byte ranges of the groups of the first match (`[0]` the whole match).
    pub(super) fn captures(&self, text: &str) -> Option<Groups> {
        self.captures_at(text, 0)
    }

    /// [`captures`](Self::captures) of the first match beginning at or after `start`.
    fn captures_at(&self, text: &str, start: usize) -> Option<Groups> {
        let mut groups = self.0.captures_at(text, start)?;
        without_last_character(text, &mut groups);
        Some(groups)
    }

    /// Calls `each` with the group ranges of every non-overlapping match in turn, stopping
    /// at its first error.
    pub(super) fn for_each_match<E>(
        &self,
        text: &str,
        mut each: impl FnMut(&[Option<(usize, usize)>]) -> Result<(), E>,
    ) -> Result<(), E> {
        self.0.resume_matches(text, |groups| {
            let end = without_last_character(text, groups);
            each(groups)?;
            // (a match is never empty, `P` cannot match the empty string: the next search
            // begins past this one's start)
            Ok(end)
        })
    }

    /// The names of the pattern's groups by index (`None` for unnamed groups and `[0]`).
    pub(super) fn group_names(&self) -> Vec<Option<&str>> {
        self.0.group_names()
    }

    pub(super) fn has_named_groups(&self) -> bool {
        self.0.has_named_groups()
    }
}

/// Drops the look-ahead's character, the last, from a match of `PC` (`groups[0]`); the
/// match's end then.
fn without_last_character(text: &str, groups: &mut [Option<(usize, usize)>]) -> Option<usize> {
    let (_, end) = groups.first_mut()?.as_mut()?;
    *end -= text[..*end].chars().next_back().map_or(0, char::len_utf8);
    Some(*end)
}

/// The pattern before a final one-character look-ahead, and that character's class in the
/// engines' syntax.
fn split_look_ahead(translated: &str) -> Option<(&str, &str)> {
    if let Some(prefix) = translated.strip_suffix("(?!$)") {
        return Some((prefix, r"[^\n]"));
    }
    if let Some(prefix) = translated.strip_suffix(r"(?!\z)") {
        return Some((prefix, "(?s:.)"));
    }
    let body = translated.strip_suffix(')')?;
    let at = body.rfind("(?=")?;
    let (prefix, class) = (&body[..at], &body[at + 3..]);
    if class.contains(['(', ')', '|']) || !one_character(class) {
        return None;
    }
    Some((prefix, class))
}

/// Whether a pattern (without flags) matches exactly one character: a class, or a
/// literal character (written or escaped).
fn one_character(pattern: &str) -> bool {
    let Ok(hir) = regex_syntax::Parser::new().parse(pattern) else {
        return false;
    };
    match hir.kind() {
        HirKind::Class(regex_syntax::hir::Class::Unicode(_)) => true,
        HirKind::Literal(Literal(bytes)) => {
            std::str::from_utf8(bytes).is_ok_and(|s| s.chars().count() == 1)
        }
        _ => false,
    }
}

/// Whether a translated pattern is a sequence at its top level, of its leading `(?m)` and
/// at least one more item, with no other flags set at the top level (so what follows it
/// is read in multi-line mode only, and joined to the whole sequence rather than to an
/// alternative).
fn single_item_sequence(prefix: &str) -> bool {
    if !prefix.starts_with("(?m)") {
        return false;
    }
    let Ok(parsed) = ast::parse::Parser::new().parse(prefix) else {
        return false;
    };
    let Ast::Concat(sequence) = &parsed else {
        return false;
    };
    match sequence.asts.split_first() {
        Some((Ast::Flags(_), rest)) => {
            !rest.is_empty() && !rest.iter().any(|a| matches!(a, Ast::Flags(_)))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The matches of `pattern` (translated) in `text`, by this engine and by
    /// `fancy-regex` (which reads the look-ahead as written).
    fn both(pattern: &str, text: &str) -> (Vec<Groups>, Vec<Groups>) {
        let pattern = &super::super::translate_ruby(pattern, false).0;
        let trailing = Trailing::from_pattern(pattern).expect("a trailing look-ahead");
        let mut ours = Vec::new();
        trailing
            .for_each_match(text, |g| {
                ours.push(g.to_vec());
                Ok::<(), ()>(())
            })
            .unwrap();
        let fancy = fancy_regex::Regex::new(pattern).unwrap();
        let theirs = fancy
            .captures_iter(text)
            .map(|c| {
                let c = c.unwrap();
                (0..c.len())
                    .map(|i| c.get(i).map(|m| (m.start(), m.end())))
                    .collect()
            })
            .collect();
        (ours, theirs)
    }

    #[test]
    fn only_a_final_look_ahead_of_one_character_at_the_top_level() {
        let takes = |p: &str| Trailing::from_pattern(p).is_some();
        assert!(takes("(?m)(..)(?!$)"));
        assert!(takes(r"(?m)a+(?!\z)"));
        assert!(takes("(?m)a(?=[bc])"));
        assert!(takes(r"(?m)\ba(?=\n)"));
        assert!(takes("(?m)(a|b)(?=é)"));
        // An alternative, other flags in force, an empty prefix, more than one character,
        // a look-ahead with a group, a negative one of a character, not at the end.
        for refused in [
            "(?m)a|b(?=c)",
            "(?m)(?i)a(?=c)",
            "(?m)(?x)a(?=c)",
            "(?m)(?=c)",
            "(?m)a*(?=c)",
            "(?m)a(?=cd)",
            "(?m)a(?=c*)",
            "(?m)a(?=(c))",
            "(?m)a(?!c)",
            "(?m)a(?=c)b",
            "(?m)(a(?=c))",
            r"(?m)a\(?=c)",
            "(?m)[a(?=c)]",
            "(?m)a(?=$)",
        ] {
            assert!(!takes(refused), "{refused}");
        }
    }

    #[test]
    fn matches_are_those_of_the_look_ahead() {
        // (Ruby's syntax, translated)
        let patterns = [
            "(..)(?!$)",
            r"(\w)(\w?)(?!$)",
            r"a+(?!\z)",
            "(a|ab)(?=[bc])",
            r"\b(\w+)(?=\s)",
            "^(.)(?=.)",
            "(é|x)(?=.)",
            r"(?:\n|b)(?!$)",
            r"(?<n>\d)(?=\d)",
        ];
        let texts = [
            "",
            "\n",
            "a",
            "ab",
            "abc",
            "0001f1e0b7c1",
            "ab\ncd\n",
            "ab\n\ncd",
            "aaa\naab\nabc",
            "abab cab\n b",
            "éxé\nxéx",
            "\n\nab\n",
            "b\nb\n",
            "x1y22z333",
        ];
        for p in patterns {
            for t in texts {
                let (ours, theirs) = both(p, t);
                assert_eq!(ours, theirs, "{p:?} in {t:?}");
                let translated = super::super::translate_ruby(p, false).0;
                let trailing = Trailing::from_pattern(&translated).unwrap();
                assert_eq!(trailing.is_match(t), !theirs.is_empty(), "{p:?} in {t:?}");
                assert_eq!(
                    trailing.captures(t),
                    theirs.first().cloned(),
                    "{p:?} in {t:?}"
                );
            }
        }
    }
}
