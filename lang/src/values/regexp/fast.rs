//! The `regex` crate's engines for a pattern without look-around or back-references,
//! compiled in two tiers.
//!
//! Modules' type aliases and templates compile many patterns that are then matched a few
//! times against short strings: there the compilation is the cost (a few hundred thousand
//! instructions per pattern, several percent of compiling a real module's class). The
//! first tier is the pattern's NFA, compiled by a compiler each thread keeps (a new one
//! allocates, fills and frees a 10,000-entry table for UTF-8 classes: half of compiling a
//! small pattern), run by the bounded backtracker on short texts and the PikeVM on others:
//! cheap to build, quick on short texts. Once the pattern has searched [`NFA_BUDGET`]
//! bytes of text in all, or at once for a longer text, the second tier is built as well:
//! the `regex` crate's meta engine with the lazy DFA (and the reverse NFA it needs), which
//! costs a few times as much to build and searches long texts many times faster. Neither
//! has the full DFA, which the `regex` crate builds for every small pattern: building it
//! took 17% of the instructions of compiling `include apache`.

use regex_automata::nfa::thompson::{self, backtrack::BoundedBacktracker, pikevm::PikeVM};
use regex_automata::util::captures::{Captures, GroupInfo};
use regex_automata::{meta, Input};
use regex_syntax::hir::Hir;
use std::cell::{Cell, OnceCell, RefCell};
use std::rc::Rc;

/// The bytes of text a pattern searches on its first tier before the second is built.
const NFA_BUDGET: usize = 2048;

/// A compiled pattern (cheap to clone: its tiers are shared).
#[derive(Clone)]
pub(super) struct FastEngine(Rc<Tiers>);

struct Tiers {
    /// The parsed pattern, to build the second tier from.
    hir: Hir,
    first: FirstTier,
    /// Built when first needed (`None` when the pattern is too big for the lazy DFA's
    /// limits: the first tier goes on).
    second: OnceCell<Option<meta::Regex>>,
    /// Bytes searched on the first tier so far.
    searched: Cell<usize>,
}

/// The NFA's engines, and their scratch space (taken out while a search runs, so that a
/// search started from within another one's callback gets its own).
struct FirstTier {
    backtrack: BoundedBacktracker,
    pikevm: PikeVM,
    caches: RefCell<Option<Caches>>,
}

struct Caches {
    backtrack: thompson::backtrack::Cache,
    pikevm: thompson::pikevm::Cache,
}

thread_local! {
    /// The NFA compiler, kept: it reuses its UTF-8 table from one pattern to the next.
    static COMPILER: thompson::Compiler = {
        let mut compiler = thompson::Compiler::new();
        compiler.configure(thompson::Config::new().nfa_size_limit(Some(NFA_SIZE_LIMIT)));
        compiler
    };
}

/// The largest NFA compiled (the `regex` crate's own default).
const NFA_SIZE_LIMIT: usize = 10 << 20;

impl FastEngine {
    /// The first tier for a parsed pattern; `None` when it is too big for the engines.
    pub(super) fn new(hir: Hir) -> Option<FastEngine> {
        let nfa = COMPILER.with(|c| c.build_from_hir(&hir).ok())?;
        let first = FirstTier {
            backtrack: BoundedBacktracker::new_from_nfa(nfa.clone()).ok()?,
            pikevm: PikeVM::new_from_nfa(nfa).ok()?,
            caches: RefCell::new(None),
        };
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

    /// The pattern's groups (names and count).
    pub(super) fn group_info(&self) -> &GroupInfo {
        self.0.first.pikevm.get_nfa().group_info()
    }

    /// Whether the pattern matches somewhere in `text`.
    pub(super) fn is_match(&self, text: &str) -> bool {
        match self.second_tier(text) {
            Some(re) => re.is_match(text),
            None => self.0.first.with_caches(|first, caches| {
                let input = Input::new(text).earliest(true);
                match first.fits(text) {
                    true => first
                        .backtrack
                        .try_is_match(&mut caches.backtrack, input)
                        .unwrap_or(false),
                    false => first.pikevm.is_match(&mut caches.pikevm, input),
                }
            }),
        }
    }

    /// The groups of the first match in `text`, if any.
    pub(super) fn captures(&self, text: &str) -> Option<Captures> {
        let caps = match self.second_tier(text) {
            Some(re) => {
                let mut caps = re.create_captures();
                re.captures(text, &mut caps);
                caps
            }
            None => self.0.first.with_caches(|first, caches| {
                let mut caps = first.pikevm.create_captures();
                match first.fits(text) {
                    true => {
                        let found =
                            first
                                .backtrack
                                .try_captures(&mut caches.backtrack, text, &mut caps);
                        if found.is_err() {
                            caps.set_pattern(None);
                        }
                    }
                    false => first.pikevm.captures(&mut caches.pikevm, text, &mut caps),
                }
                caps
            }),
        };
        caps.is_match().then_some(caps)
    }

    /// Calls `each` with the group ranges of every non-overlapping match in `text` in turn
    /// (only the whole match for a pattern without groups), stopping at its first error.
    pub(super) fn for_each_match<E>(
        &self,
        text: &str,
        mut each: impl FnMut(&[Option<(usize, usize)>]) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut groups: super::Groups = Vec::new();
        let mut call = |caps: &Captures| {
            groups.clear();
            groups
                .extend((0..caps.group_len()).map(|i| caps.get_group(i).map(|m| (m.start, m.end))));
            each(&groups)
        };
        if let Some(re) = self.second_tier(text) {
            if re.captures_len() == 1 {
                // Without groups the match alone is asked for: no capture engine runs.
                for m in re.find_iter(text) {
                    each(&[Some((m.start(), m.end()))])?;
                }
            } else {
                for caps in re.captures_iter(text) {
                    call(&caps)?;
                }
            }
            return Ok(());
        }
        self.0.first.with_caches(|first, caches| {
            if first.fits(text) {
                let matches = first
                    .backtrack
                    .try_captures_iter(&mut caches.backtrack, text);
                // (No error: the text fits the backtracker.)
                for caps in matches.map_while(Result::ok) {
                    call(&caps)?;
                }
            } else {
                for caps in first.pikevm.captures_iter(&mut caches.pikevm, text) {
                    call(&caps)?;
                }
            }
            Ok(())
        })
    }

    /// The second tier when a search in `text` should use it: once built, or once the
    /// first tier's budget is spent (building it then).
    fn second_tier(&self, text: &str) -> Option<&meta::Regex> {
        let tiers = &*self.0;
        if let Some(second) = tiers.second.get() {
            return second.as_ref();
        }
        let searched = tiers.searched.get().saturating_add(text.len());
        tiers.searched.set(searched);
        if searched <= NFA_BUDGET {
            return None;
        }
        tiers
            .second
            .get_or_init(|| {
                second_tier_builder(&tiers.hir)
                    .build_from_hir(&tiers.hir)
                    .ok()
            })
            .as_ref()
    }

    /// Whether the second tier has been built.
    #[cfg(test)]
    pub(super) fn has_second_tier(&self) -> bool {
        self.0.second.get().is_some()
    }
}

impl FirstTier {
    /// Whether the backtracker can search `text` (its memory is bounded by the text's
    /// length times the NFA's size); the PikeVM searches longer ones.
    fn fits(&self, text: &str) -> bool {
        text.len() <= self.backtrack.max_haystack_len()
    }

    fn with_caches<T>(&self, search: impl FnOnce(&FirstTier, &mut Caches) -> T) -> T {
        let taken = self.caches.borrow_mut().take();
        let mut caches = taken.unwrap_or_else(|| Caches {
            backtrack: self.backtrack.create_cache(),
            pikevm: self.pikevm.create_cache(),
        });
        let found = search(self, &mut caches);
        *self.caches.borrow_mut() = Some(caches);
        found
    }
}

fn second_tier_builder(hir: &Hir) -> meta::Builder {
    let mut builder = meta::Regex::builder();
    builder.configure(
        meta::Config::new()
            .dfa(false)
            .auto_prefilter(cheap_prefilter(hir))
            .nfa_size_limit(Some(NFA_SIZE_LIMIT))
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

    fn all_matches(re: &FastEngine, text: &str) -> Vec<Vec<Option<(usize, usize)>>> {
        let mut found = Vec::new();
        re.for_each_match(text, |g| {
            found.push(g.to_vec());
            Ok::<(), ()>(())
        })
        .unwrap();
        found
    }

    #[test]
    fn short_texts_stay_on_the_first_tier_until_the_budget_is_spent() {
        let re = FastEngine::from_pattern(r"^[a-z]+(\d+)$").expect("compiles");
        for _ in 0..NFA_BUDGET / 8 {
            assert!(re.is_match("abcdef12"));
        }
        assert!(!re.has_second_tier());
        let caps = re.captures("ab34").expect("matches");
        assert_eq!(caps.get_group(1).map(|m| m.range()), Some(2..4));
        assert!(re.has_second_tier(), "built once the budget is spent");
        assert!(!re.is_match("a") && re.captures("a").is_none());
        assert_eq!(
            re.group_info().group_len(regex_automata::PatternID::ZERO),
            2
        );
    }

    type Answers = (
        bool,
        Option<Option<std::ops::Range<usize>>>,
        Vec<Vec<Option<(usize, usize)>>>,
    );

    fn answers(re: &FastEngine, text: &str) -> Answers {
        let whole = re.captures(text).map(|c| c.get_group(0).map(|m| m.range()));
        (re.is_match(text), whole, all_matches(re, text))
    }

    /// The first tier (the backtracker on short texts, the PikeVM on texts too long for
    /// it) finds what the second finds (each text searched three times stays within the
    /// first tier's budget).
    #[test]
    fn both_tiers_and_both_first_tier_engines_agree() {
        let cases: [(&str, &[&str]); 2] = [
            (r"(?<w>[a-zé]+)(\d)?|()", &["", "ab1 cd", "éé9x", "1 2 3"]),
            // An NFA too big for the backtracker on a text of 1,500 bytes.
            (
                r"(?:x[a-zé]{3000}|y)",
                &["y", &"é".repeat(340), &("x".to_string() + &"é".repeat(339))],
            ),
        ];
        for (pattern, texts) in cases {
            let warm = FastEngine::from_pattern(pattern).expect("compiles");
            let _ = warm.is_match(&"-".repeat(NFA_BUDGET + 1));
            assert!(warm.has_second_tier());
            for text in texts {
                let fresh = FastEngine::from_pattern(pattern).expect("compiles");
                let first = answers(&fresh, text);
                assert!(!fresh.has_second_tier());
                assert_eq!(first, answers(&warm, text), "/{pattern}/ on {text:.20}");
            }
        }
        let big = FastEngine::from_pattern(cases[1].0).expect("compiles");
        assert!(
            !big.0.first.fits(cases[1].1[1]),
            "the PikeVM's case: {}",
            big.0.first.backtrack.max_haystack_len()
        );
        let re = FastEngine::from_pattern(cases[0].0).expect("compiles");
        assert_eq!(
            all_matches(&re, "é1")[0],
            vec![Some((0, 3)), Some((0, 2)), Some((2, 3)), None]
        );
    }

    #[test]
    fn a_search_from_within_a_search_has_its_own_scratch_space() {
        let re = FastEngine::from_pattern(r"[a-z]").expect("compiles");
        let mut inner = 0;
        re.for_each_match("abc", |_| {
            inner += usize::from(re.is_match("x"));
            Ok::<(), ()>(())
        })
        .unwrap();
        assert_eq!(inner, 3);
    }

    #[test]
    fn a_long_text_gets_the_second_tier_at_once_and_clones_share_it() {
        let re = FastEngine::from_pattern(r"b+c").expect("compiles");
        let copy = re.clone();
        let long = "a".repeat(NFA_BUDGET) + "bbc";
        assert_eq!(
            all_matches(&re, &long),
            vec![vec![Some((NFA_BUDGET, NFA_BUDGET + 3))]]
        );
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
