//! The `regex` crate's engines for a pattern without look-around or back-references,
//! compiled in two tiers.
//!
//! Modules' type aliases and templates compile many patterns that are then matched a few
//! times against short strings: there the compilation is the cost (a few hundred thousand
//! instructions per pattern, several percent of compiling a real module's class). The
//! first tier has the engines that run on the pattern's NFA (one-pass DFA, bounded
//! backtracker, PikeVM), which are cheap to build and quick on short texts. Once the
//! pattern has searched [`NFA_BUDGET`] bytes of text in all, or at once for a longer text,
//! the second tier is built as well, with the lazy DFA (and the reverse NFA it needs),
//! which costs about as much again to build and searches long texts many times faster.
//! Neither has the full DFA, which the `regex` crate builds for every small pattern:
//! building it took 17% of the instructions of compiling `include apache`.

use regex_automata::meta;
use regex_syntax::hir::Hir;
use std::cell::{Cell, OnceCell};
use std::rc::Rc;

/// The bytes of text a pattern searches on its first tier before the second is built.
const NFA_BUDGET: usize = 2048;

/// A compiled pattern (cheap to clone: its tiers are shared).
#[derive(Clone)]
pub(super) struct FastEngine(Rc<Tiers>);

struct Tiers {
    /// The parsed pattern, to build the second tier from.
    hir: Hir,
    first: meta::Regex,
    /// Built when first needed (`None` when the pattern is too big for the lazy DFA's
    /// limits: the first tier goes on).
    second: OnceCell<Option<meta::Regex>>,
    /// Bytes searched on the first tier so far.
    searched: Cell<usize>,
}

impl FastEngine {
    /// The first tier for a parsed pattern; `None` when it is too big for the engines.
    pub(super) fn new(hir: Hir) -> Option<FastEngine> {
        let first = builder(&hir, false).build_from_hir(&hir).ok()?;
        Some(FastEngine(Rc::new(Tiers {
            hir,
            first,
            second: OnceCell::new(),
            searched: Cell::new(0),
        })))
    }

    /// [`new`](Self::new) from a pattern in the engine's syntax; `None` when the engine's
    /// parser rejects it (look-around, back-references) or it is too big.
    pub(super) fn from_pattern(pattern: &str) -> Option<FastEngine> {
        FastEngine::new(regex_syntax::Parser::new().parse(pattern).ok()?)
    }

    /// The engine to search `text` with.
    pub(super) fn for_text(&self, text: &str) -> &meta::Regex {
        let tiers = &*self.0;
        if let Some(second) = tiers.second.get() {
            return second.as_ref().unwrap_or(&tiers.first);
        }
        let searched = tiers.searched.get().saturating_add(text.len());
        tiers.searched.set(searched);
        if searched <= NFA_BUDGET {
            return &tiers.first;
        }
        tiers
            .second
            .get_or_init(|| builder(&tiers.hir, true).build_from_hir(&tiers.hir).ok())
            .as_ref()
            .unwrap_or(&tiers.first)
    }

    /// The engine for questions about the pattern itself (its groups), not a search.
    pub(super) fn any(&self) -> &meta::Regex {
        &self.0.first
    }

    /// Whether the second tier has been built.
    #[cfg(test)]
    pub(super) fn has_second_tier(&self) -> bool {
        self.0.second.get().is_some()
    }
}

fn builder(hir: &Hir, lazy_dfa: bool) -> meta::Builder {
    let mut builder = meta::Regex::builder();
    builder.configure(
        meta::Config::new()
            .dfa(false)
            .hybrid(lazy_dfa)
            .auto_prefilter(cheap_prefilter(hir))
            .nfa_size_limit(Some(10 << 20))
            .hybrid_cache_capacity(2 << 20),
    );
    builder
}

/// Whether the engine's literal prefilter is worth building for a pattern: one literal
/// prefix (a `memchr`/`memmem` search, which makes `split(',')` of a long text a few times
/// faster) or up to three single bytes. Several longer prefixes need a Teddy or
/// Aho-Corasick searcher, whose construction cost more than a third of compiling such a
/// pattern (600,000 instructions for one of `include keystone`'s), to speed up searches in
/// long texts, where Puppet code mostly matches short strings.
fn cheap_prefilter(hir: &Hir) -> bool {
    use regex_syntax::hir::literal::Extractor;
    let prefixes = Extractor::new().extract(hir);
    match prefixes.literals() {
        Some([_]) => true,
        Some(literals) => literals.len() <= 3 && literals.iter().all(|l| l.as_bytes().len() == 1),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_texts_stay_on_the_first_tier_until_the_budget_is_spent() {
        let re = FastEngine::from_pattern(r"^[a-z]+(\d+)$").expect("compiles");
        for _ in 0..NFA_BUDGET / 8 {
            assert!(re.for_text("abcdef12").is_match("abcdef12"));
        }
        assert!(!re.has_second_tier());
        assert!(re.for_text("x").is_match("x1"));
        assert!(re.has_second_tier(), "built once the budget is spent");
        assert!(!re.for_text("a").is_match("a"));
    }

    #[test]
    fn a_long_text_gets_the_second_tier_at_once_and_clones_share_it() {
        let re = FastEngine::from_pattern(r"b+c").expect("compiles");
        let copy = re.clone();
        let long = "a".repeat(NFA_BUDGET) + "bbc";
        let m = re.for_text(&long).find(&*long).expect("found");
        assert_eq!(m.range(), NFA_BUDGET..NFA_BUDGET + 3);
        assert!(copy.has_second_tier());
    }

    #[test]
    fn prefilters_only_when_cheap() {
        let hir = |p: &str| regex_syntax::Parser::new().parse(p).expect("parses");
        assert!(cheap_prefilter(&hir(",")));
        assert!(cheap_prefilter(&hir("abc[a-z]")));
        assert!(cheap_prefilter(&hir("[,;:]")));
        assert!(!cheap_prefilter(&hir("(?:https|ftp|file)://")));
        assert!(!cheap_prefilter(&hir("[a-z]+")));
    }
}
