//! The `regex` crate's engines for a pattern without look-around or back-references,
//! compiled in two tiers.
//!
//! Modules' type aliases and templates compile many patterns that are then matched a few
//! times against short strings: there the compilation is the cost (a few hundred thousand
//! instructions per pattern with the `regex` crate, several percent of compiling a real
//! module's class). So the first tier is what is cheapest to build and quick on short
//! texts: the `regex-lite` crate's engine where it reads the pattern as the `regex` crate
//! does ([`lite_reads_alike`]; it matches character by character, so a class like `[^/]`
//! costs it a list of ranges where the `regex` crate builds a UTF-8 automaton: a quarter of
//! the instructions), else the pattern's NFA, compiled by a compiler each thread keeps (a
//! new one allocates, fills and frees a 10,000-entry table for UTF-8 classes: half of
//! compiling a small pattern), run by the bounded backtracker on short texts and the PikeVM
//! on others. Once the pattern has searched [`NFA_BUDGET`] bytes of text in all
//! ([`LITE_BUDGET`] on `regex-lite`'s tier), or at once for a longer text, the second tier
//! is built as well: the `regex` crate's meta engine with the lazy DFA (and the reverse
//! NFA it needs), which costs a few times as much to build and searches long texts many
//! times faster. Neither has the full DFA, which the `regex` crate builds for every small
//! pattern: building it took 17% of the instructions of compiling `include apache`.
//!
//! An engine is `Send + Sync`: `Regexp` keeps the engines it compiles for the whole
//! process, so a session on a new thread (each of `--repeat`'s evaluations, a kernel's or
//! a server's sessions) finds a pattern compiled, on its second tier once any thread has
//! spent its budget, with the lazy DFA's states found by earlier searches.

use super::next_char;
use super::runs::{Runs, MOST_GROUPS};
use super::Groups;
use regex_automata::dfa::onepass;
use regex_automata::nfa::thompson::{self, backtrack::BoundedBacktracker, pikevm::PikeVM, NFA};
use regex_automata::util::captures::Captures;
use regex_automata::util::iter::Searcher;
use regex_automata::{meta, Anchored, Input};
use regex_syntax::hir::Hir;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// The bytes of text a pattern searches on its first tier before the second is built.
const NFA_BUDGET: usize = 2048;

/// [`NFA_BUDGET`] for `regex-lite`'s first tier, whose PikeVM takes a few thousand
/// instructions to search a short text (a few times the backtracker's).
const LITE_BUDGET: usize = 512;

/// What a search on `regex-lite`'s tier counts against [`LITE_BUDGET`] besides its text's
/// bytes: its PikeVM costs a few thousand instructions even on a short text (a path checked
/// against a `Pattern` type), so many short searches move a pattern to the second tier
/// as a few long ones do.
const LITE_SEARCH_COST: usize = 32;

/// The longest text whose groups a one-pass pattern on its second tier finds with its
/// [`ShortTier`] rather than the meta engine, which searches three times for each match
/// (the lazy DFA forwards for its end, backwards for its start, then the one-pass DFA on
/// its span for the groups: ~1,700 instructions a match on a text of ten bytes, stdlib
/// `fact`'s `scan`, and three engines' code).
const SHORT_CAPTURES: usize = 64;

/// A compiled pattern (cheap to clone: its tiers are shared, across threads too).
#[derive(Clone)]
pub(super) struct FastEngine(Arc<Tiers>);

struct Tiers {
    first: FirstTier,
    /// Built when first needed (`None` when the pattern is too big for the lazy DFA's
    /// limits: the first tier goes on).
    second: OnceLock<Option<SecondTier>>,
    /// Bytes searched on the first tier so far, by all threads (counted without a lock:
    /// two threads' searches at once may count one of them only).
    searched: AtomicUsize,
    /// Built when the pattern, on its second tier and with groups, is first asked for the
    /// groups of a short text ([`SHORT_CAPTURES`]; `None` when it is not one-pass).
    short: OnceLock<Option<ShortTier>>,
    /// The pattern's steps when it is of the plain shape ([`Runs`]), made when it is first
    /// asked for the groups of a short text ([`SHORT_CAPTURES`]): such a text is matched
    /// by them, on either tier.
    runs: OnceLock<Option<Runs>>,
}

/// A one-pass pattern's DFA, searched anchored at each place a match can begin (the
/// bytes it can begin with known), for the groups of short texts: a search for each match
/// (and none where no match can begin), where the meta engine makes three.
struct ShortTier {
    dfa: onepass::DFA,
    /// Whether a match can begin with each byte.
    first: [bool; 256],
    /// Whether the pattern can match the empty string (then a match can begin anywhere).
    empty: bool,
    /// The DFA's cache and the groups' slots, kept from one search to the next (making
    /// the slots allocated a list and filled it for each `scan`).
    cache: Mutex<Option<Box<ShortScratch>>>,
}

/// [`ShortTier`]'s scratch space.
struct ShortScratch {
    cache: onepass::Cache,
    caps: Captures,
}

/// The meta engine and its scratch space, kept here rather than in the engine's own
/// pool: the pool keeps a value per thread (its first thread's for good, the others' in
/// stacks chosen by thread), so each new thread built a new lazy DFA cache (0.56 M
/// instructions an evaluation of `catalog_apache_vhosts`) and began with no DFA states;
/// kept here, a new thread's search starts with the states earlier searches found.
struct SecondTier {
    re: meta::Regex,
    /// (taken out while a search runs, as [`NfaTier`]'s; boxed, as the cache is a
    /// kilobyte or two that taking out and putting back would otherwise copy each time)
    cache: Mutex<Option<Box<meta::Cache>>>,
}

impl SecondTier {
    fn with_cache<T>(&self, search: impl FnOnce(&meta::Regex, &mut meta::Cache) -> T) -> T {
        let taken = self.kept_cache().take();
        let mut cache = taken.unwrap_or_else(|| Box::new(self.re.create_cache()));
        let found = search(&self.re, &mut cache);
        *self.kept_cache() = Some(cache);
        found
    }

    fn kept_cache(&self) -> std::sync::MutexGuard<'_, Option<Box<meta::Cache>>> {
        self.cache.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

enum FirstTier {
    /// `regex-lite`'s engine (the second tier is parsed from its pattern when needed).
    Lite(regex_lite::Regex),
    /// The parsed pattern's NFA (boxed: it is the larger by far).
    Nfa(Box<NfaTier>),
}

/// The parsed pattern (the second tier is built from it), its NFA's engines, and their
/// scratch space (taken out while a search runs, so that a search started from within
/// another one's callback, or on another thread, gets its own).
struct NfaTier {
    hir: Hir,
    backtrack: BoundedBacktracker,
    pikevm: PikeVM,
    caches: Mutex<Option<Box<Caches>>>,
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

/// Whether `regex-lite` reads a pattern (in the `regex` crate's syntax, as
/// `translate_ruby` writes it) as the `regex` crate does, when it accepts it at all. It
/// refuses nested classes, class set operations and Unicode classes (`\p{L}`), which the
/// pattern then goes to the other engines with; but its `\b` and `\B` are ASCII word
/// boundaries and its case-insensitive matching is ASCII only, where the `regex` crate
/// (as Onigmo) is Unicode-aware: patterns with those, or with a `u` flag, are not given to
/// it; nor those in extended mode (flag `x`), whose whitespace in classes it reads
/// otherwise. (The translation spells out Ruby's `\w`, `\d` and `\s`, so their differing
/// meanings do not matter.)
fn lite_reads_alike(pattern: &str) -> bool {
    let b = pattern.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' if matches!(b.get(i + 1), Some(b'b' | b'B')) => return false,
            b'\\' => i += 2,
            b'(' if b.get(i + 1) == Some(&b'?') => {
                let flags = b[i + 2..]
                    .iter()
                    .take_while(|c| c.is_ascii_alphabetic() || **c == b'-')
                    .count();
                let group = &b[i + 2..i + 2 + flags];
                let is_flags = matches!(b.get(i + 2 + flags), Some(b':' | b')'));
                if is_flags && group.iter().any(|c| matches!(c, b'i' | b'u' | b'x')) {
                    return false;
                }
                i += 2;
            }
            _ => i += 1,
        }
    }
    true
}

impl FastEngine {
    /// The first tier for a parsed pattern; `None` when it is too big for the engines.
    pub(super) fn new(hir: Hir) -> Option<FastEngine> {
        let nfa = COMPILER.with(|c| c.build_from_hir(&hir).ok())?;
        let tier = NfaTier {
            hir,
            backtrack: BoundedBacktracker::new_from_nfa(nfa.clone()).ok()?,
            pikevm: PikeVM::new_from_nfa(nfa).ok()?,
            caches: Mutex::new(None),
        };
        Some(FastEngine::with_first(FirstTier::Nfa(Box::new(tier))))
    }

    /// `regex-lite`'s engine for a pattern in the engine's syntax, when it reads it as the
    /// `regex` crate does and accepts it; else `None` (the pattern is for [`new`](Self::new)
    /// or the backtracking engine, and any error is theirs to report).
    pub(super) fn lite(pattern: &str) -> Option<FastEngine> {
        if !lite_reads_alike(pattern) {
            return None;
        }
        let re = regex_lite::Regex::new(pattern).ok()?;
        Some(FastEngine::with_first(FirstTier::Lite(re)))
    }

    /// Whether two engines are one (their tiers shared).
    #[cfg(test)]
    pub(super) fn same_as(&self, other: &FastEngine) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }

    fn with_first(first: FirstTier) -> FastEngine {
        FastEngine(Arc::new(Tiers {
            first,
            second: OnceLock::new(),
            searched: AtomicUsize::new(0),
            short: OnceLock::new(),
            runs: OnceLock::new(),
        }))
    }

    /// [`lite`](Self::lite) or else [`new`](Self::new) from a pattern in the engine's
    /// syntax; `None` when the engine's parser rejects it (look-around, back-references)
    /// or it is too big.
    pub(super) fn from_pattern(pattern: &str) -> Option<FastEngine> {
        FastEngine::lite(pattern)
            .or_else(|| FastEngine::new(regex_syntax::Parser::new().parse(pattern).ok()?))
    }

    /// Whether a group has a name.
    pub(super) fn has_named_groups(&self) -> bool {
        match &self.0.first {
            FirstTier::Lite(re) => re.capture_names().any(|n| n.is_some()),
            FirstTier::Nfa(nfa) => nfa
                .pikevm
                .get_nfa()
                .group_info()
                .pattern_names(regex_automata::PatternID::ZERO)
                .any(|n| n.is_some()),
        }
    }

    /// The names of the pattern's groups by index (`None` for unnamed groups and `[0]`).
    pub(super) fn group_names(&self) -> Vec<Option<&str>> {
        match &self.0.first {
            FirstTier::Lite(re) => re.capture_names().collect(),
            FirstTier::Nfa(nfa) => nfa
                .pikevm
                .get_nfa()
                .group_info()
                .pattern_names(regex_automata::PatternID::ZERO)
                .collect(),
        }
    }

    /// Whether the pattern matches somewhere in `text`.
    pub(super) fn is_match(&self, text: &str) -> bool {
        if let Some(second) = self.second_tier(text) {
            let input = Input::new(text).earliest(true);
            return second.with_cache(|re, cache| re.search_half_with(cache, &input).is_some());
        }
        match &self.0.first {
            FirstTier::Lite(re) => re.is_match(text),
            FirstTier::Nfa(nfa) => nfa.with_caches(|caches| {
                let input = Input::new(text).earliest(true);
                match nfa.fits(text) {
                    true => nfa
                        .backtrack
                        .try_is_match(&mut caches.backtrack, input)
                        .unwrap_or(false),
                    false => nfa.pikevm.is_match(&mut caches.pikevm, input),
                }
            }),
        }
    }

    /// The byte ranges of the groups of the first match in `text` (`[0]` the whole match),
    /// if there is one.
    pub(super) fn captures(&self, text: &str) -> Option<Groups> {
        self.captures_at(text, 0)
    }

    /// [`captures`](Self::captures) of the first match that begins at or after `start` (a
    /// character boundary): assertions still see the text before it (`\b`, `^`, `\A`).
    pub(super) fn captures_at(&self, text: &str, start: usize) -> Option<Groups> {
        if let Some(runs) = self.plain_runs(text) {
            let mut groups = [None; MOST_GROUPS];
            runs.find_at(text, start, &mut groups)?;
            return Some(groups[..runs.groups()].to_vec());
        }
        if let Some(second) = self.second_tier(&text[start..]) {
            if let Some(short) = self.short_tier(second, text) {
                let mut first = None;
                // (stopped after the first match)
                let _ = short.each_match(text, start, |caps| {
                    first = Some(ranges(caps).collect());
                    Err(())
                });
                return first;
            }
            let mut caps = second.re.create_captures();
            second.with_cache(|re, cache| {
                re.search_captures_with(cache, &Input::new(text).range(start..), &mut caps)
            });
            return caps.is_match().then(|| ranges(&caps).collect());
        }
        match &self.0.first {
            FirstTier::Lite(re) => re
                .captures_at(text, start)
                .map(|caps| lite_ranges(&caps).collect()),
            FirstTier::Nfa(nfa) => nfa.with_caches(|caches| {
                let mut caps = nfa.pikevm.create_captures();
                let input = Input::new(text).range(start..);
                match nfa.fits(text) {
                    true => {
                        let found =
                            nfa.backtrack
                                .try_captures(&mut caches.backtrack, input, &mut caps);
                        if found.is_err() {
                            caps.set_pattern(None);
                        }
                    }
                    false => nfa.pikevm.captures(&mut caches.pikevm, input, &mut caps),
                }
                caps.is_match().then(|| ranges(&caps).collect())
            }),
        }
    }

    /// Calls `each` with the group ranges of every non-overlapping match in `text` in turn
    /// (only the whole match for a pattern without groups), stopping at its first error.
    pub(super) fn for_each_match<E>(
        &self,
        text: &str,
        mut each: impl FnMut(&[Option<(usize, usize)>]) -> Result<(), E>,
    ) -> Result<(), E> {
        if let Some(runs) = self.plain_runs(text) {
            return runs.each_match(text, each);
        }
        // (one buffer for the ranges of every match)
        let mut groups = GroupBuf::new();
        let whole = |start, end| std::iter::once(Some((start, end)));
        if let Some(second) = self.second_tier(text) {
            if let Some(short) = self.short_tier(second, text) {
                return short.each_match(text, 0, |caps| each(groups.fill_caps(caps)));
            }
            // (the engine's `find_iter` and `captures_iter`, with the kept cache)
            let mut matches = Searcher::new(Input::new(text));
            return second.with_cache(|re, cache| {
                if re.captures_len() == 1 {
                    // Without groups the match alone is asked for: no capture engine runs.
                    while let Some(m) = matches.advance(|input| Ok(re.search_with(cache, input))) {
                        each(groups.fill(whole(m.start(), m.end())))?;
                    }
                } else {
                    let mut caps = re.create_captures();
                    loop {
                        matches.advance(|input| {
                            re.search_captures_with(cache, input, &mut caps);
                            Ok(caps.get_match())
                        });
                        if !caps.is_match() {
                            break;
                        }
                        each(groups.fill_caps(&caps))?;
                    }
                }
                Ok(())
            });
        }
        match &self.0.first {
            FirstTier::Lite(re) if re.captures_len() == 1 => {
                for m in re.find_iter(text) {
                    each(groups.fill(whole(m.start(), m.end())))?;
                }
            }
            FirstTier::Lite(re) => {
                for caps in re.captures_iter(text) {
                    each(groups.fill(lite_ranges(&caps)))?;
                }
            }
            FirstTier::Nfa(nfa) => nfa.with_caches(|caches| {
                if nfa.fits(text) {
                    let matches = nfa.backtrack.try_captures_iter(&mut caches.backtrack, text);
                    // (No error: the text fits the backtracker.)
                    for caps in matches.map_while(Result::ok) {
                        each(groups.fill_caps(&caps))?;
                    }
                } else {
                    for caps in nfa.pikevm.captures_iter(&mut caches.pikevm, text) {
                        each(groups.fill_caps(&caps))?;
                    }
                }
                Ok(())
            })?,
        }
        Ok(())
    }

    /// Calls `each` with the group ranges of the first match in `text`, then of the first
    /// that begins at or after the position it returns (past the match's start), and so on
    /// until there is no match, it returns `None` or fails; assertions see the whole text.
    /// (A pattern ending with a look-ahead searches again from the end of the match without
    /// its last character: see `trailing`.) The ranges are the caller's to change.
    pub(super) fn resume_matches<E>(
        &self,
        text: &str,
        mut each: impl FnMut(&mut [Option<(usize, usize)>]) -> Result<Option<usize>, E>,
    ) -> Result<(), E> {
        if let Some(runs) = self.plain_runs(text) {
            let mut groups = [None; MOST_GROUPS];
            let mut at = 0;
            while at <= text.len() {
                if runs.find_at(text, at, &mut groups).is_none() {
                    break;
                }
                match each(&mut groups[..runs.groups()])? {
                    Some(next) => at = next,
                    None => break,
                }
            }
            return Ok(());
        }
        // (one buffer for the ranges of every match)
        let mut groups = GroupBuf::new();
        if let Some(second) = self.second_tier(text) {
            if let Some(short) = self.short_tier(second, text) {
                return short.resume(text, |caps| each(groups.fill_caps(caps)));
            }
            return second.with_cache(|re, cache| {
                let mut caps = re.create_captures();
                let mut at = 0;
                while at <= text.len() {
                    re.search_captures_with(cache, &Input::new(text).range(at..), &mut caps);
                    if !caps.is_match() {
                        break;
                    }
                    match each(groups.fill_caps(&caps))? {
                        Some(next) => at = next,
                        None => break,
                    }
                }
                Ok(())
            });
        }
        let mut at = 0;
        match &self.0.first {
            FirstTier::Lite(re) => {
                while at <= text.len() {
                    let Some(caps) = re.captures_at(text, at) else {
                        break;
                    };
                    let next = each(groups.fill(lite_ranges(&caps)))?;
                    match next {
                        Some(next) => at = next,
                        None => break,
                    }
                }
            }
            FirstTier::Nfa(nfa) => nfa.with_caches(|caches| {
                let mut caps = nfa.pikevm.create_captures();
                while at <= text.len() {
                    let input = Input::new(text).range(at..);
                    if !nfa.fits(text) {
                        nfa.pikevm.search(&mut caches.pikevm, &input, &mut caps);
                    } else if nfa
                        .backtrack
                        .try_search(&mut caches.backtrack, &input, &mut caps)
                        .is_err()
                    {
                        caps.set_pattern(None);
                    }
                    if !caps.is_match() {
                        break;
                    }
                    match each(groups.fill_caps(&caps))? {
                        Some(next) => at = next,
                        None => break,
                    }
                }
                Ok(())
            })?,
        }
        Ok(())
    }

    /// The one-pass DFA to find the groups of `text` with, for a pattern with groups on its
    /// second tier, when the text is short (see [`SHORT_CAPTURES`]) and the pattern
    /// one-pass.
    fn short_tier(&self, second: &SecondTier, text: &str) -> Option<&ShortTier> {
        if text.len() > SHORT_CAPTURES {
            return None;
        }
        let tiers = &*self.0;
        // (once built, the pattern has groups: the count is not asked again)
        if let Some(short) = tiers.short.get() {
            return short.as_ref();
        }
        if second.re.captures_len() == 1 {
            return None;
        }
        tiers
            .short
            .get_or_init(|| {
                let nfa = match &tiers.first {
                    FirstTier::Nfa(nfa) => nfa.backtrack.get_nfa().clone(),
                    FirstTier::Lite(re) => {
                        let parsed = regex_syntax::Parser::new().parse(re.as_str()).ok()?;
                        COMPILER.with(|c| c.build_from_hir(&parsed).ok())?
                    }
                };
                ShortTier::new(nfa)
            })
            .as_ref()
    }

    /// The pattern's steps ([`Runs`]) to match `text` by, when it is short (see
    /// [`SHORT_CAPTURES`]: a run tried at each place a match can begin is as long as the
    /// text at most) and the pattern of the plain shape.
    #[inline]
    fn plain_runs(&self, text: &str) -> Option<&Runs> {
        if text.len() > SHORT_CAPTURES {
            return None;
        }
        let tiers = &*self.0;
        if let Some(runs) = tiers.runs.get() {
            return runs.as_ref();
        }
        tiers
            .runs
            .get_or_init(|| match &tiers.first {
                FirstTier::Nfa(nfa) => Runs::new(&nfa.hir),
                FirstTier::Lite(re) => {
                    Runs::new(&regex_syntax::Parser::new().parse(re.as_str()).ok()?)
                }
            })
            .as_ref()
    }

    /// The second tier when a search in `text` should use it: once built, or once the
    /// first tier's budget is spent (building it then).
    fn second_tier(&self, text: &str) -> Option<&SecondTier> {
        let tiers = &*self.0;
        if let Some(second) = tiers.second.get() {
            return second.as_ref();
        }
        let (budget, overhead) = match tiers.first {
            FirstTier::Lite(_) => (LITE_BUDGET, LITE_SEARCH_COST),
            FirstTier::Nfa(_) => (NFA_BUDGET, 0),
        };
        let searched =
            (tiers.searched.load(Ordering::Relaxed)).saturating_add(text.len() + overhead);
        tiers.searched.store(searched, Ordering::Relaxed);
        if searched <= budget {
            return None;
        }
        tiers
            .second
            .get_or_init(|| {
                let parsed;
                let hir = match &tiers.first {
                    FirstTier::Nfa(nfa) => &nfa.hir,
                    FirstTier::Lite(re) => {
                        parsed = regex_syntax::Parser::new().parse(re.as_str()).ok()?;
                        &parsed
                    }
                };
                let re = second_tier_builder(hir).build_from_hir(hir).ok()?;
                Some(SecondTier {
                    re,
                    cache: Mutex::new(None),
                })
            })
            .as_ref()
    }

    /// Whether the second tier has been built.
    #[cfg(test)]
    pub(super) fn has_second_tier(&self) -> bool {
        self.0.second.get().is_some()
    }

    /// Whether the first tier is `regex-lite`'s.
    #[cfg(test)]
    pub(super) fn is_lite(&self) -> bool {
        matches!(self.0.first, FirstTier::Lite(_))
    }
}

/// The byte ranges of a match's groups, `[0]` the whole match (the `regex` crate's
/// engines).
/// The group ranges of one match at a time, for the caller to read (or change): on the
/// stack for a pattern of few groups (a list allocated for each search cost ~0.1 k
/// instructions), else in a list.
struct GroupBuf {
    small: [Option<(usize, usize)>; SMALL_GROUPS],
    big: Groups,
}

/// How many groups (the whole match among them) `GroupBuf` holds on the stack.
const SMALL_GROUPS: usize = 8;

impl GroupBuf {
    fn new() -> GroupBuf {
        GroupBuf {
            small: [None; SMALL_GROUPS],
            big: Vec::new(),
        }
    }

    /// Holds a match's group ranges ([`ranges`]), in place of the last match's: read from
    /// the slots in order for a pattern of few groups (`get_group` maps each index to its
    /// slots through the groups' table first, and the iterator's steps cost as much again:
    /// ~0.12 k instructions a match of three groups, stdlib `fact`'s `scan`).
    #[inline]
    fn fill_caps(&mut self, caps: &Captures) -> &mut [Option<(usize, usize)>] {
        if let Some(pid) = caps.pattern() {
            let info = caps.group_info();
            let n = info.group_len(pid);
            // (one pattern: its groups' slots are the list's pairs in order)
            if info.pattern_len() == 1 && n <= SMALL_GROUPS {
                if let Some(slots) = caps.slots().get(..2 * n) {
                    for (g, pair) in self.small.iter_mut().zip(slots.chunks_exact(2)) {
                        *g = match (pair[0], pair[1]) {
                            (Some(start), Some(end)) => Some((start.get(), end.get())),
                            _ => None,
                        };
                    }
                    return &mut self.small[..n];
                }
            }
        }
        self.fill(ranges(caps))
    }

    /// Holds the ranges `it` gives (a match's), in place of the last match's.
    #[inline]
    fn fill(
        &mut self,
        mut it: impl Iterator<Item = Option<(usize, usize)>>,
    ) -> &mut [Option<(usize, usize)>] {
        let mut n = 0;
        while n < SMALL_GROUPS {
            match it.next() {
                Some(g) => self.small[n] = g,
                None => return &mut self.small[..n],
            }
            n += 1;
        }
        self.big.clear();
        self.big.extend_from_slice(&self.small);
        self.big.extend(it);
        &mut self.big
    }
}

fn ranges(caps: &Captures) -> impl Iterator<Item = Option<(usize, usize)>> + '_ {
    (0..caps.group_len()).map(|i| caps.get_group(i).map(|m| (m.start, m.end)))
}

/// The whole match's range ([`ranges`]' first, `Captures::get_match` without its look-up
/// of the group's slots).
#[inline]
fn whole_match(caps: &Captures) -> Option<(usize, usize)> {
    caps.pattern()?;
    match caps.slots() {
        [Some(start), Some(end), ..] if caps.group_info().pattern_len() == 1 => {
            Some((start.get(), end.get()))
        }
        _ => caps.get_match().map(|m| (m.start(), m.end())),
    }
}

/// [`ranges`] of a `regex-lite` match.
fn lite_ranges<'c>(
    caps: &'c regex_lite::Captures<'_>,
) -> impl Iterator<Item = Option<(usize, usize)>> + 'c {
    caps.iter().map(|m| m.map(|m| (m.start(), m.end())))
}

impl NfaTier {
    /// Whether the backtracker can search `text` (its memory is bounded by the text's
    /// length times the NFA's size); the PikeVM searches longer ones.
    fn fits(&self, text: &str) -> bool {
        text.len() <= self.backtrack.max_haystack_len()
    }

    fn with_caches<T>(&self, search: impl FnOnce(&mut Caches) -> T) -> T {
        let taken = self.kept_caches().take();
        let mut caches = taken.unwrap_or_else(|| {
            Box::new(Caches {
                backtrack: self.backtrack.create_cache(),
                pikevm: self.pikevm.create_cache(),
            })
        });
        let found = search(&mut caches);
        *self.kept_caches() = Some(caches);
        found
    }

    /// The scratch space kept between searches (held only to take or put it back, so no
    /// search panics while holding it; a poisoned lock is taken as it is).
    fn kept_caches(&self) -> std::sync::MutexGuard<'_, Option<Box<Caches>>> {
        self.caches.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl ShortTier {
    /// The one-pass DFA of a pattern's NFA, and the bytes its matches can begin with;
    /// `None` when the pattern is not one-pass.
    fn new(nfa: NFA) -> Option<ShortTier> {
        let (first, empty) = first_bytes(&nfa);
        let dfa = onepass::DFA::new_from_nfa(nfa).ok()?;
        Some(ShortTier {
            dfa,
            first,
            empty,
            cache: Mutex::new(None),
        })
    }

    /// Calls `each` with every non-overlapping match's groups in turn from `start` (a
    /// character boundary), stopping at its first error: as the engines' `captures_iter`
    /// finds them (the leftmost match is the anchored match at the first place one begins;
    /// an empty match where the previous match ended is skipped; in UTF-8 text, matches
    /// begin at character boundaries).
    fn each_match<E>(
        &self,
        text: &str,
        start: usize,
        mut each: impl FnMut(&Captures) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut scratch = self.scratch();
        let ShortScratch { cache, caps } = &mut *scratch;

        let (mut at, mut last_end) = (start, None);
        let mut result = Ok(());
        while at <= text.len() {
            let found = self.match_at(cache, caps, text, at);
            if let Some((m_start, m_end)) = whole_match(caps).filter(|_| found) {
                let empty = m_start == m_end;
                if !(empty && last_end == Some(m_end)) {
                    if let Err(e) = each(caps) {
                        result = Err(e);
                        break;
                    }
                    last_end = Some(m_end);
                    if !empty {
                        at = m_end;
                        continue;
                    }
                }
            }
            at = next_char(text, at);
        }
        *self.kept_cache() = Some(scratch);
        result
    }

    /// [`FastEngine::resume_matches`] on this tier: the anchored match at the first place
    /// one begins, from the start, then from where `each` says.
    fn resume<E>(
        &self,
        text: &str,
        mut each: impl FnMut(&Captures) -> Result<Option<usize>, E>,
    ) -> Result<(), E> {
        let mut scratch = self.scratch();
        let ShortScratch { cache, caps } = &mut *scratch;

        let mut at = 0;
        let mut result = Ok(());
        while at <= text.len() {
            if self.match_at(cache, caps, text, at) {
                match each(caps) {
                    Ok(Some(next)) => {
                        at = next;
                        continue;
                    }
                    Ok(None) => break,
                    Err(e) => {
                        result = Err(e);
                        break;
                    }
                }
            }
            at = next_char(text, at);
        }
        *self.kept_cache() = Some(scratch);
        result
    }

    /// Whether there is a match anchored at `at`, then in `caps` (searched only where the
    /// first byte can begin one).
    fn match_at(
        &self,
        cache: &mut onepass::Cache,
        caps: &mut Captures,
        text: &str,
        at: usize,
    ) -> bool {
        let can_begin = match text.as_bytes().get(at) {
            Some(&b) => self.first[usize::from(b)] || self.empty,
            None => self.empty,
        };
        if can_begin {
            let input = Input::new(text).range(at..).anchored(Anchored::Yes);
            // (no error: the search is anchored and the DFA has no quit bytes)
            if self.dfa.try_search(cache, &input, caps).is_err() {
                caps.set_pattern(None);
            }
        }
        can_begin && caps.is_match()
    }

    /// The kept scratch space, or a new one (when another search holds it).
    fn scratch(&self) -> Box<ShortScratch> {
        let taken = self.kept_cache().take();
        taken.unwrap_or_else(|| {
            Box::new(ShortScratch {
                cache: self.dfa.create_cache(),
                caps: self.dfa.create_captures(),
            })
        })
    }

    fn kept_cache(&self) -> std::sync::MutexGuard<'_, Option<Box<ShortScratch>>> {
        self.cache.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The bytes a match of the NFA (anchored) can begin with, and whether it can match the
/// empty string: the byte transitions reached from the anchored start through states that
/// consume nothing (a look-around assertion taken as passed: a byte it would stop is still
/// counted, which only costs a search that fails).
fn first_bytes(nfa: &NFA) -> ([bool; 256], bool) {
    use thompson::State;
    let mut first = [false; 256];
    let mut empty = false;
    let mut seen = vec![false; nfa.states().len()];
    let mut todo = vec![nfa.start_anchored()];
    while let Some(id) = todo.pop() {
        if std::mem::replace(&mut seen[id.as_usize()], true) {
            continue;
        }
        match nfa.state(id) {
            State::ByteRange { trans } => first[usize::from(trans.start)..=usize::from(trans.end)]
                .iter_mut()
                .for_each(|f| *f = true),
            State::Sparse(sparse) => {
                for t in sparse.transitions.iter() {
                    first[usize::from(t.start)..=usize::from(t.end)]
                        .iter_mut()
                        .for_each(|f| *f = true);
                }
            }
            State::Dense(dense) => {
                for (b, next) in dense.transitions.iter().enumerate() {
                    first[b] |= *next != regex_automata::util::primitives::StateID::ZERO;
                }
            }
            State::Look { next, .. } | State::Capture { next, .. } => todo.push(*next),
            State::Union { alternates } => todo.extend(alternates.iter().copied()),
            State::BinaryUnion { alt1, alt2 } => todo.extend([*alt1, *alt2]),
            State::Fail => {}
            State::Match { .. } => empty = true,
        }
    }
    (first, empty)
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

    /// Patterns of the plain shape are matched by their steps (`runs`), with the one-pass
    /// DFA's answers: each pattern at every character boundary of many texts.
    #[test]
    fn plain_patterns_match_as_the_one_pass_dfa() {
        let patterns: [(&str, bool); 19] = [
            (r#"([^."]+)|(?:")([^"]+)(?:")"#, true),
            // (groups of several steps, and groups side by side: their bounds ride on
            // their first and last steps)
            (r"(ab[0-9]+)(z)", true),
            (r"(x)(y)([0-9]*)z", true),
            (r"([a-zA-Z0-9_]+)=([a-zA-Z0-9_]*)", true),
            (r"([0-9]+)\.([0-9]+)", true),
            (r#""([^"]*)""#, true),
            (r"(?i)(foo)-([0-9]+)", true),
            (r"x([^x]*)x|y", true),
            (r"([^ ]+) ([^ ]+)", true),
            (r"([^=]+)=(.*)", true),
            (r"(ab|cd)e", false),
            (r"(a|b)c", true),
            (r"é([^é]+)", false),
            (r"([a-z]+)([0-9]*)", false),
            (r"(?:ab)+(c)", false),
            (r"^(a+)", false),
            (r"([a-z]*)", false),
            (r"[0-9]*(x)|(y)[^yz]*z", true),
            (r"(a)(b)(c)(d)(e)(f)(g)(h)", false),
        ];
        let pieces = [
            "a", "b", "Z", "0", "9", ".", "\"", "=", "é", "-", " ", "_", "x", "y", "z", "foo",
            "FOO", "\n",
        ];
        let texts = random_texts(7, &pieces, 12);
        for (pattern, plain) in patterns {
            let hir = regex_syntax::Parser::new().parse(pattern).expect("parses");
            let runs = Runs::new(&hir);
            assert_eq!(runs.is_some(), plain, "/{pattern}/");
            let Some(runs) = runs else {
                continue;
            };
            let nfa = COMPILER
                .with(|c| c.build_from_hir(&hir).ok())
                .expect("compiles");
            let dfa = ShortTier::new(nfa).expect("one-pass");
            let mut scratch = dfa.scratch();
            let mut groups = [None; MOST_GROUPS];
            for text in &texts {
                for at in (0..=text.len()).filter(|&i| text.is_char_boundary(i)) {
                    let found = runs.match_at(text.as_bytes(), at, &mut groups);
                    let expected = dfa.match_at(&mut scratch.cache, &mut scratch.caps, text, at);
                    assert_eq!(found.is_some(), expected, "/{pattern}/ on {text:?} at {at}");
                    if expected {
                        let want: Vec<_> = ranges(&scratch.caps).collect();
                        assert_eq!(
                            groups[..runs.groups()],
                            want,
                            "/{pattern}/ on {text:?} at {at}"
                        );
                        assert_eq!(found, want[0].map(|(_, end)| end));
                    }
                }
            }
        }
    }

    /// 1,500 texts of up to `longest - 1` pieces each, drawn from `pieces` by a linear
    /// congruential generator started at `seed` (the same texts at every run).
    fn random_texts(mut seed: u64, pieces: &[&str], longest: usize) -> Vec<String> {
        let mut next = move |n: usize| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize % n
        };
        (0..1500)
            .map(|_| {
                (0..next(longest))
                    .map(|_| pieces[next(pieces.len())])
                    .collect()
            })
            .collect()
    }

    /// A plain pattern's matches found by its steps alone (`Runs::each_match`) are the
    /// one-pass DFA's (`each_match`): every match of many texts, their groups; the first
    /// match from each place (`captures_at`) and the matches resumed from where each one
    /// says (`resume_matches`) too.
    #[test]
    fn plain_patterns_scan_as_the_one_pass_dfa() {
        let patterns = [
            r#"([^."]+)|(?:")([^"]+)(?:")"#,
            r"([a-zA-Z0-9_]+)=([a-zA-Z0-9_]*)",
            r"([0-9]+)\.([0-9]+)",
            r#""([^"]*)""#,
            r"(?i)(foo)-([0-9]+)",
            r"x([^x]*)x|y",
            r"([^=]+)=(.*)",
            r"(a|b)c",
            r"[0-9]*(x)|(y)[^yz]*z",
            r"[^a]+",
        ];
        let pieces = [
            "a", "b", "c", "Z", "0", "9", ".", "\"", "=", "é", "-", " ", "_", "x", "y", "z", "foo",
            "\n",
        ];
        let texts = random_texts(11, &pieces, 14);
        for pattern in patterns {
            let hir = regex_syntax::Parser::new().parse(pattern).expect("parses");
            let nfa = COMPILER
                .with(|c| c.build_from_hir(&hir).ok())
                .expect("compiles");
            let dfa = ShortTier::new(nfa).expect("one-pass");
            let re = FastEngine::from_pattern(pattern).expect("compiles");
            assert!(re.plain_runs("").is_some(), "/{pattern}/ is plain");
            for text in &texts {
                let by_steps = all_matches(&re, text);
                let mut by_dfa = Vec::new();
                dfa.each_match(text, 0, |caps| {
                    by_dfa.push(ranges(caps).collect::<Vec<_>>());
                    Ok::<(), ()>(())
                })
                .unwrap();
                assert_eq!(by_steps, by_dfa, "/{pattern}/ on {text:?}");
                for at in (0..=text.len()).filter(|&i| text.is_char_boundary(i)) {
                    let mut first = None;
                    let _ = dfa.each_match(text, at, |caps| {
                        first = Some(ranges(caps).collect::<Vec<_>>());
                        Err(())
                    });
                    assert_eq!(
                        re.captures_at(text, at),
                        first,
                        "/{pattern}/ on {text:?} at {at}"
                    );
                }
                // each match resumed from one byte past its start
                type Each<'a> =
                    &'a mut dyn FnMut(&mut [Option<(usize, usize)>]) -> Result<Option<usize>, ()>;
                let resumed = |resume: &mut dyn FnMut(Each)| {
                    let mut found = Vec::new();
                    resume(&mut |g| {
                        found.push(g.to_vec());
                        Ok(g[0].map(|(start, _)| super::next_char(text, start)))
                    });
                    found
                };
                let by_steps = resumed(&mut |each| re.resume_matches(text, each).unwrap());
                let by_dfa = resumed(&mut |each| {
                    dfa.resume(text, |caps| each(&mut ranges(caps).collect::<Vec<_>>()))
                        .unwrap()
                });
                assert_eq!(by_steps, by_dfa, "/{pattern}/ resumed on {text:?}");
            }
        }
    }

    /// The NFA's first tier for a pattern (which `from_pattern` would give `regex-lite`).
    fn nfa(pattern: &str) -> Option<FastEngine> {
        FastEngine::new(regex_syntax::Parser::new().parse(pattern).ok()?)
    }

    #[test]
    fn short_texts_stay_on_the_first_tier_until_the_budget_is_spent() {
        let re = nfa(r"^[a-z]+(\d+)$").expect("compiles");
        for _ in 0..NFA_BUDGET / 8 {
            assert!(re.is_match("abcdef12"));
        }
        assert!(!re.has_second_tier());
        let groups = re.captures("ab34").expect("matches");
        assert_eq!(groups[1], Some((2, 4)));
        assert!(re.has_second_tier(), "built once the budget is spent");
        assert!(!re.is_match("a") && re.captures("a").is_none());
        assert_eq!(re.group_names(), [None, None]);
    }

    type Answers = (
        bool,
        Option<Option<(usize, usize)>>,
        Vec<Vec<Option<(usize, usize)>>>,
    );

    fn answers(re: &FastEngine, text: &str) -> Answers {
        let whole = re.captures(text).map(|groups| groups[0]);
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
            let warm = nfa(pattern).expect("compiles");
            let _ = warm.is_match(&"-".repeat(NFA_BUDGET + 1));
            assert!(warm.has_second_tier());
            for text in texts {
                let fresh = nfa(pattern).expect("compiles");
                let first = answers(&fresh, text);
                assert!(!fresh.has_second_tier());
                assert_eq!(first, answers(&warm, text), "/{pattern}/ on {text:.20}");
            }
        }
        let big = nfa(cases[1].0).expect("compiles");
        let FirstTier::Nfa(engines) = &big.0.first else {
            panic!("the NFA's tier");
        };
        assert!(
            !engines.fits(cases[1].1[1]),
            "the PikeVM's case: {}",
            engines.backtrack.max_haystack_len()
        );
        let re = nfa(cases[0].0).expect("compiles");
        assert_eq!(
            all_matches(&re, "é1")[0],
            vec![Some((0, 3)), Some((0, 2)), Some((2, 3)), None]
        );
    }

    /// A one-pass pattern's short texts searched at each place a match can begin find
    /// what the meta engine finds: empty matches, assertions, alternatives, characters of
    /// several bytes, a text of the limit's length and one past it.
    #[test]
    fn the_short_tier_finds_what_the_meta_engine_finds() {
        let long = "a.b".repeat(SHORT_CAPTURES / 3 + 1);
        let texts = [
            "",
            "os.family",
            "a\"b.c\".d",
            "\"",
            "x",
            "é.ü",
            "ab12 cd",
            " 1",
            "é1é",
            "..",
            "a..b",
            &long[..SHORT_CAPTURES],
            &long,
        ];
        let patterns = [
            r#"([^."]+)|(?:")([^"]+)(?:")"#,
            r"(\d*)",
            r"(a|)",
            r"\b(\w)",
            r"^(a)|(\.)$",
            r"(?:(é)|(\d))",
            r"(\.)?",
            r"(b)|()",
        ];
        for pattern in patterns {
            let re = FastEngine::from_pattern(pattern).expect("compiles");
            let _ = re.is_match(&"-".repeat(NFA_BUDGET + 1));
            let second = re.second_tier("").expect("the second tier");
            assert!(
                re.short_tier(second, "x").is_some(),
                "/{pattern}/ is one-pass"
            );
            let meta = &second.re;
            for text in texts {
                let expected: Vec<Vec<Option<(usize, usize)>>> = second.with_cache(|re, cache| {
                    let mut found = Vec::new();
                    let mut matches = Searcher::new(Input::new(text));
                    let mut caps = re.create_captures();
                    loop {
                        matches.advance(|input| {
                            re.search_captures_with(cache, input, &mut caps);
                            Ok(caps.get_match())
                        });
                        if !caps.is_match() {
                            break;
                        }
                        found.push(ranges(&caps).collect());
                    }
                    found
                });
                assert_eq!(all_matches(&re, text), expected, "/{pattern}/ on {text:?}");
                let mut caps = meta.create_captures();
                meta.captures(text, &mut caps);
                let first = caps.is_match().then(|| ranges(&caps).collect::<Vec<_>>());
                assert_eq!(re.captures(text), first, "/{pattern}/ first on {text:?}");
            }
        }
        let not_one_pass = FastEngine::from_pattern(r"(a*)a").expect("compiles");
        let _ = not_one_pass.is_match(&"-".repeat(NFA_BUDGET + 1));
        let second = not_one_pass.second_tier("").expect("the second tier");
        assert!(not_one_pass.short_tier(second, "aa").is_none());
        assert_eq!(
            all_matches(&not_one_pass, "aa"),
            [[Some((0, 2)), Some((0, 1))]]
        );
    }

    #[test]
    fn a_search_from_within_a_search_has_its_own_scratch_space() {
        let re = nfa(r"[a-z]").expect("compiles");
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
        let re = nfa(r"b+c").expect("compiles");
        let copy = re.clone();
        let long = "a".repeat(NFA_BUDGET) + "bbc";
        assert_eq!(
            all_matches(&re, &long),
            vec![vec![Some((NFA_BUDGET, NFA_BUDGET + 3))]]
        );
        assert!(copy.has_second_tier());
    }

    /// `regex-lite`'s first tier finds what the NFA's finds, on the patterns it is given.
    #[test]
    fn the_lite_tier_agrees_with_the_nfa_tier() {
        let patterns = [
            r"^(sqlite|mysql(\+pymysql)?|postgresql(\+psycopg2)?):\/\/(\S+:\S+@\S+\/\S+)?",
            r"\A(([a-zA-Z]:[\\/])|([\\/][\\/][^\\/]+[\\/][^\\/]+)).*\z",
            r"\A/([^\n/\x00]+/*)*\z",
            r"(?<first>[^,]*),?",
            r"",
            r"x*",
            r"(?m)^\s*$",
            r"(?s)a.c",
            r"(?s:a.)b",
            r"[^a]{2}",
            r"(a|ab)(c|bcd)(d*)",
            r"\x{e9}+|\u00e9",
            r"(?U)a+",
            r"[]a-]+",
        ];
        let texts = [
            "",
            "a",
            "abcd",
            "é",
            "aéé,b,,c",
            "/usr/share/x",
            "C:\\x",
            "x\ny\n\n",
            "a\nc",
            "ab",
            "éa",
            "mysql+pymysql://u:p@h/db",
            "éé",
            "a]-b",
        ];
        for pattern in patterns {
            let lite = FastEngine::lite(pattern).expect(pattern);
            assert!(lite.is_lite());
            let nfa = nfa(pattern).expect(pattern);
            assert_eq!(lite.group_names(), nfa.group_names(), "/{pattern}/");
            for text in texts {
                // (a fresh engine for each text keeps the searches on the lite tier)
                let l = FastEngine::lite(pattern).expect(pattern);
                let n = nfa.clone();
                assert_eq!(
                    l.is_match(text),
                    n.is_match(text),
                    "/{pattern}/ on {text:?}"
                );
                assert_eq!(
                    l.captures(text),
                    n.captures(text),
                    "/{pattern}/ on {text:?}"
                );
                assert_eq!(
                    all_matches(&l, text),
                    all_matches(&n, text),
                    "/{pattern}/ on {text:?}"
                );
                assert!(!l.has_second_tier());
            }
        }
    }

    /// Patterns `regex-lite` would read otherwise (Unicode-aware word boundaries and case
    /// folding) or refuses (Unicode classes, nested classes) go to the NFA.
    #[test]
    fn patterns_lite_reads_otherwise_go_to_the_nfa() {
        for pattern in [
            r"\bé",
            r"a\B",
            r"(?i)é",
            r"(?-x:a)(?i:k)",
            r"(?u)a",
            r"(?x) a b",
            r"\p{L}",
            r"[a[bc]]",
            r"[a&&b]",
        ] {
            assert!(FastEngine::lite(pattern).is_none(), "/{pattern}/");
            let re = FastEngine::from_pattern(pattern).expect(pattern);
            assert!(!re.is_lite());
        }
        assert!(FastEngine::from_pattern(r"(?i)K").is_some_and(|re| re.is_match("\u{212A}")));
        // group names with the letters of flags are not flags; escaped parentheses neither
        for pattern in [r"(?<uid>\d+)", r"(?P<ui>x)", r"\(?i:", r"(?s:.)"] {
            assert!(FastEngine::lite(pattern).is_some(), "/{pattern}/");
        }
    }

    #[test]
    fn the_lite_tier_gets_the_second_tier_past_its_budget() {
        let re = FastEngine::lite(r"(b+)c").expect("compiles");
        for _ in 0..LITE_BUDGET / (4 + LITE_SEARCH_COST) {
            assert!(re.is_match("abbc"));
        }
        assert!(!re.has_second_tier());
        let long = "a".repeat(LITE_BUDGET) + "bbc";
        assert_eq!(
            all_matches(&re, &long),
            vec![vec![
                Some((LITE_BUDGET, LITE_BUDGET + 3)),
                Some((LITE_BUDGET, LITE_BUDGET + 2))
            ]]
        );
        assert!(re.has_second_tier() && re.is_lite());
        assert_eq!(re.captures("bc"), Some(vec![Some((0, 2)), Some((0, 1))]));
    }

    #[test]
    fn many_short_searches_move_a_lite_pattern_to_the_second_tier() {
        let re = FastEngine::lite(r"\A/[^/]+(/[^/]+)*\z").expect("compiles");
        let searches = LITE_BUDGET / ("/a/b".len() + LITE_SEARCH_COST) + 1;
        assert!(searches < LITE_BUDGET / "/a/b".len() / 2);
        for _ in 0..searches {
            assert!(re.is_match("/a/b"));
        }
        assert!(re.has_second_tier());
        assert!(re.is_match("/etc/x") && !re.is_match("etc"));
    }

    /// Threads share an engine: searches on one move it to the second tier for all, and an
    /// NFA tier's scratch space is found again by another thread.
    #[test]
    fn threads_share_an_engine_and_its_second_tier() {
        fn send_sync<T: Send + Sync>(_: &T) {}
        let re = FastEngine::lite(r"\A/[^/]+(/[^/]+)*\z").expect("compiles");
        send_sync(&re);
        let other = re.clone();
        let searches = LITE_BUDGET / ("/a/b".len() + LITE_SEARCH_COST) + 1;
        std::thread::spawn(move || {
            for _ in 0..searches {
                assert!(other.is_match("/a/b"));
            }
        })
        .join()
        .expect("searches");
        assert!(re.has_second_tier());
        assert!(re.is_match("/etc/x") && !re.is_match("etc"));
        let re = nfa(r"^[a-z]+(\d+)$").expect("compiles");
        let other = re.clone();
        let found = std::thread::spawn(move || other.captures("ab34"))
            .join()
            .expect("searches");
        assert_eq!(found, re.captures("ab34"));
        assert_eq!(found.expect("matches")[1], Some((2, 4)));
        assert!(!re.has_second_tier());
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
