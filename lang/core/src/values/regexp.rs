//! Regular expressions with Ruby's syntax: the `regex` crate's engines where they can
//! compile the pattern (first `regex-lite`'s where it reads it alike, see `fast`; also a
//! pattern ending with a look-ahead of one character, see `trailing`), `fancy-regex` for
//! other look-around and back-references.

mod anchored;
mod fast;
mod posix;
mod runs;
mod simple;
mod trailing;

use fast::FastEngine;
use trailing::Trailing;

use crate::error::{Error, ErrorKind};

use std::fmt;

/// Set when a [`Regexp::invalid`] is made (never cleared: the value may live on in a
/// session).
static INVALID_MADE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

pub struct Regexp {
    source: String,
    /// What the engine is compiled from when first needed: the pattern in the engines'
    /// syntax, as the fast engine's parser read it or as translated (a simple pattern).
    parsed: std::cell::Cell<Option<Pending>>,
    /// The engine: compiled on first use for a pattern in the subset that cannot fail to
    /// compile (`simple`); else `regex-lite`'s, compiled at once, for a pattern it reads as
    /// the `regex` crate does (cheaper than that crate's parse alone); else compiled on
    /// first use for a pattern the fast engine's parser accepts (modules' type aliases define many
    /// `Pattern`s that a catalog never matches, and compiling one costs a few hundred
    /// thousand instructions); at once for others.
    engine: std::cell::OnceCell<Result<Engine, String>>,
    /// For a pattern with a line-start `^` or a `\Z`, the engine used on texts that end
    /// with a newline (compiled when first needed): Onigmo's `^` does not match at the very
    /// end after a final newline (`"b\n" =~ /^\z/` is false in Ruby), the Rust engines'
    /// does; `\Z` matches before that newline. On other texts `\Z` is `\z`, so `engine`
    /// is the fast one where the rest of the pattern allows it.
    at_final_newline: Option<std::cell::OnceCell<Engine>>,
    /// A pattern anchored at both ends made of ASCII classes, matched without an engine
    /// (`anchored`).
    anchored: Option<anchored::Anchored>,
    /// Whether the pattern matches the empty text, once asked: each `scan`, `gsub` and
    /// `split` asks (`empty_match_after_match`), a search of ~300 instructions each time.
    matches_empty: std::cell::OnceCell<bool>,
}

/// A pattern not compiled yet, in the engines' syntax.
enum Pending {
    Parsed(Box<regex_syntax::hir::Hir>),
    /// A pattern of the subset that cannot fail to compile (`simple`), as translated.
    Translated(Box<str>),
}

#[derive(Clone)]
enum Engine {
    Fast(FastEngine),
    /// A pattern ending with a look-ahead of one character, on the fast engine.
    Trailing(Trailing),
    Fancy(fancy_regex::Regex),
}

impl Engine {
    /// The fast engine when it can compile the (translated) pattern (or the pattern
    /// without a final look-ahead of one character), else `fancy-regex`; the error in
    /// Onigmo's words where possible ([`onigmo_message`]).
    fn compile(translated: &str) -> Result<Engine, String> {
        if let Some(re) = FastEngine::from_pattern(translated) {
            return Ok(Engine::Fast(re));
        }
        if let Some(re) = Trailing::from_pattern(translated) {
            return Ok(Engine::Trailing(re));
        }
        fancy_regex::RegexBuilder::new(translated)
            .backtrack_limit(BACKTRACK_LIMIT)
            .build()
            .map(Engine::Fancy)
            .map_err(|e| onigmo_message(&e, translated))
    }
}

/// Whether a pattern the fast engine's parser refused is compiled at once: unless the
/// backtracking engine's parser reads it and only look-aheads (or other constructs that
/// cannot fail to compile) made the fast one refuse it. Compiling is what costs: stdlib's
/// `Stdlib::Compat::Ipv4` (30 look-aheads) took 16 M instructions, half of `include
/// corosync::params`, which loads the alias and never matches it. Back-references (a
/// group that is not there) and look-behinds (not of a fixed length) can fail only when
/// compiled (conditionals too), so those are compiled now, and so is a pattern that
/// does not parse (its error is raised where it is written).
fn compile_now(translated: &str) -> bool {
    if translated.contains("(?<=") || translated.contains("(?<!") || translated.contains("(?(") {
        return true;
    }
    // A back-reference or subroutine call: `\1`-`\9`, `\k<n>`, `\g<n>` (an escaped
    // backslash is skipped with what it escapes).
    let bytes = translated.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\\' {
            if matches!(bytes.get(i + 1), Some(b'1'..=b'9' | b'k' | b'g')) {
                return true;
            }
            i += 2;
        } else {
            i += 1;
        }
    }
    fancy_regex::Expr::parse_tree(translated).is_err()
}

/// An Onigmo construct the Rust engines would match otherwise than Onigmo, refused with
/// an error naming it (never a wrong answer; docs/deviations.md): the absent operator
/// `(?~X)` (Onigmo's longest text holding no match of `X`, where `fancy-regex`'s stops
/// where `X` would start to match: `'ab' =~ /(?~ab)/` matches `a` in Ruby, nothing there).
fn unsupported(source: &str) -> Option<String> {
    if !source.contains("(?~") {
        return None;
    }
    let b = source.as_bytes();
    let (mut i, mut class) = (0, 0usize);
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'[' => class += 1,
            b']' if class > 0 => class -= 1,
            b'(' if class == 0 && b[i + 1..].starts_with(b"?~") => {
                return Some("the absent operator (?~...) is not supported by prepl".into());
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The steps the backtracking engine may take for one match (a few milliseconds): past
/// it, matching fails with an error rather than running for hours.
pub const BACKTRACK_LIMIT: usize = 1_000_000;

/// A table kept for the process, by pattern source, of at most [`KEPT_LIMIT`] entries (it
/// starts again empty when full); its lock is held only to look up or insert (never while
/// compiling or matching).
struct KeptByPattern<V>(std::sync::LazyLock<std::sync::Mutex<rustc_hash::FxHashMap<Box<str>, V>>>);

/// How many entries a [`KeptByPattern`] table keeps.
const KEPT_LIMIT: usize = 512;

impl<V: Clone> KeptByPattern<V> {
    const fn new() -> Self {
        KeptByPattern(std::sync::LazyLock::new(Default::default))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, rustc_hash::FxHashMap<Box<str>, V>> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn get(&self, source: &str) -> Option<V> {
        self.lock().get(source).cloned()
    }

    fn insert(&self, source: &str, value: V) {
        let mut table = self.lock();
        if table.len() >= KEPT_LIMIT {
            table.clear();
        }
        table.insert(source.into(), value);
    }
}

/// Engines compiled in this process, by pattern (with whether it has a line-start `^`
/// or `\Z`): a regex made again compiles once. A template's `gsub(/.../)` makes its regex
/// at each render (`include apache` made one 20 times), code run again in a session makes
/// its regexes again, and every session (a thread of its own: each of `--repeat`'s
/// evaluations, a kernel's cells after `%reset`) loads the same modules' type aliases:
/// it finds their patterns compiled, and those matched often by earlier sessions on their
/// engines' fast tier (`fast`).
static COMPILED: KeptByPattern<(Engine, bool)> = KeptByPattern::new();

fn compiled_before(source: &str) -> Option<(Engine, bool)> {
    COMPILED.get(source)
}

fn remember(source: &str, engine: &Engine, line_start: bool) {
    COMPILED.insert(source, (engine.clone(), line_start));
}

/// Patterns checked and translated in this process whose engine was left to their first
/// match (see [`Regexp::new`]), by pattern: the translation and whether it has a
/// line-start `^` or `\Z`. Each session loads the same modules' type aliases (stdlib's
/// `Pattern`s, which a catalog seldom matches): checking and translating them again was
/// ~0.4 M instructions of each evaluation of `include memcached::params`.
static CHECKED: KeptByPattern<(std::sync::Arc<str>, bool)> = KeptByPattern::new();

fn checked_before(source: &str) -> Option<(std::sync::Arc<str>, bool)> {
    CHECKED.get(source)
}

fn remember_checked(source: &str, translated: &str, line_start: bool) {
    CHECKED.insert(source, (translated.into(), line_start));
}

/// The byte ranges of a match's groups (`[0]` the whole match), `None` for groups that
/// did not take part.
pub type Groups = Vec<Option<(usize, usize)>>;

/// The captures of one match: group texts, `None` for groups that did not take part.
pub type Captures = Vec<Option<String>>;

/// The engine's compile error in Onigmo's words where prepl's check let the pattern through
/// (a name referred to before its group or not there, patterns in extended mode), else the
/// engine's own. (`translated`: the pattern compiled, where the engine's positions point.)
fn onigmo_message(e: &fancy_regex::Error, translated: &str) -> String {
    use fancy_regex::{CompileError, Error, ParseError};
    match e {
        Error::ParseError(_, ParseError::InvalidGroupNameBackref(name)) => {
            format!("undefined name <{name}> reference")
        }
        // (`fancy-regex` 0.20 names no name it does not know: `\k<n>` at the position)
        Error::ParseError(at, ParseError::InvalidBackref) => {
            let name = translated
                .get(at.saturating_sub(2)..)
                .and_then(|t| t.strip_prefix("\\k<"))
                .and_then(|t| t.split_once('>'))
                .map(|(name, _)| name)
                .filter(|n| !n.starts_with(|c: char| c.is_ascii_digit() || c == '-'));
            match name {
                Some(name) => format!("undefined name <{name}> reference"),
                None => engine_message(e),
            }
        }
        Error::CompileError(c) if matches!(**c, CompileError::NamedBackrefOnly) => {
            "numbered backref/call is not allowed. (use name)".into()
        }
        other => engine_message(other),
    }
}

/// The engine's own message (its last line).
fn engine_message(e: &fancy_regex::Error) -> String {
    e.to_string()
        .lines()
        .last()
        .unwrap_or("invalid regular expression")
        .trim()
        .to_string()
}

impl Regexp {
    /// Compiles a pattern written in Ruby's regular expression syntax. The error is worded
    /// as Ruby words it, without the `: /source/` Ruby appends (`end pattern with unmatched
    /// parenthesis`); callers add that.
    pub fn new(source: &str) -> Result<Regexp, String> {
        if let Some((engine, line_start)) = compiled_before(source) {
            return Ok(Regexp::compiled(source, engine, line_start));
        }
        if let Some((translated, line_start)) = checked_before(source) {
            // (compiled from the translation when first matched: as the engine made from
            // the parse or the translation below would be)
            return Ok(Regexp::deferred(source, &translated, line_start));
        }
        if let Some(message) = prepl_syntax::ruby_regexp::ruby_syntax_error(source) {
            return Err(message);
        }
        if let Some(message) = unsupported(source) {
            return Err(message);
        }
        let (translated, line_start) = translate_ruby(source, false);
        if simple::is_simple(&translated) {
            // Cannot fail to compile: compiled when first matched (see `simple`).
            remember_checked(source, &translated, line_start);
            return Ok(Regexp::deferred(source, &translated, line_start));
        }
        if let Some(lite) = FastEngine::lite(&translated) {
            // Compiled at once: cheaper than the `regex` crate's parse alone.
            let engine = Engine::Fast(lite);
            remember(source, &engine, line_start);
            return Ok(Regexp::compiled(source, engine, line_start));
        }
        // (The fast engine's own defaults: Unicode, UTF-8, nesting limit.)
        let parsed = regex_syntax::Parser::new()
            .parse(&translated)
            .ok()
            .map(Box::new);
        let engine = std::cell::OnceCell::new();
        if parsed.is_none() && compile_now(&translated) {
            // Look-behind, back-references or an error: compiled now, so that an error is
            // raised where the pattern is written. (Only a pattern that parses but is too
            // big for both engines fails later, at its first match, with the engine's error.)
            let compiled = Engine::compile(&translated)?;
            remember(source, &compiled, line_start);
            let _ = engine.set(Ok(compiled));
        } else {
            remember_checked(source, &translated, line_start);
        }
        Ok(Regexp {
            source: source.to_string(),
            parsed: std::cell::Cell::new(parsed.map(Pending::Parsed)),
            engine,
            at_final_newline: line_start.then(std::cell::OnceCell::new),
            anchored: anchored::Anchored::parse(source),
            matches_empty: std::cell::OnceCell::new(),
        })
    }

    /// A pattern Ruby cannot compile, kept as written (`message`: Ruby's error, as
    /// [`new`](Self::new) gives it): the reference's `Regexp['(']` type compiles its pattern
    /// where it is first matched, so every match fails with that error (`end pattern with
    /// unmatched parenthesis: /(/`), and comparing the type does not.
    pub fn invalid(source: &str, message: String) -> Regexp {
        INVALID_MADE.store(true, std::sync::atomic::Ordering::Relaxed);
        Regexp {
            source: source.to_string(),
            parsed: Default::default(),
            engine: std::cell::OnceCell::from(Err(message)),
            at_final_newline: None,
            anchored: None,
            matches_empty: std::cell::OnceCell::new(),
        }
    }

    /// Whether this process made a pattern Ruby cannot compile ([`invalid`](Self::invalid)):
    /// only then can printing a value fail (`format::printing_error`).
    pub fn invalid_made() -> bool {
        INVALID_MADE.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Ruby's error for a pattern that does not compile ([`invalid`](Self::invalid), or one
    /// found too big), `None` for others (without compiling a pattern not compiled yet).
    pub fn compile_error(&self) -> Option<Error> {
        match self.engine.get() {
            Some(Err(_)) => self.main_engine().err(),
            _ => None,
        }
    }

    /// A checked pattern whose engine is compiled from its translation when first needed
    /// (`line_start`: see `at_final_newline`).
    fn deferred(source: &str, translated: &str, line_start: bool) -> Regexp {
        Regexp {
            source: source.to_string(),
            parsed: std::cell::Cell::new(Some(Pending::Translated(translated.into()))),
            engine: std::cell::OnceCell::new(),
            at_final_newline: line_start.then(std::cell::OnceCell::new),
            anchored: anchored::Anchored::parse(source),
            matches_empty: std::cell::OnceCell::new(),
        }
    }

    /// A pattern whose engine is compiled already (`line_start`: see `at_final_newline`).
    fn compiled(source: &str, engine: Engine, line_start: bool) -> Regexp {
        Regexp {
            source: source.to_string(),
            parsed: Default::default(),
            engine: std::cell::OnceCell::from(Ok(engine)),
            at_final_newline: line_start.then(std::cell::OnceCell::new),
            anchored: anchored::Anchored::parse(source),
            matches_empty: std::cell::OnceCell::new(),
        }
    }

    /// The engine for texts without a final newline, compiled on first use (from the
    /// parse; a pattern too big for the fast engine goes to the backtracking one, from its
    /// text translated again), unless another value of the same pattern compiled it (a
    /// type alias or a `validate_re` made again makes a new value each time).
    fn main_engine(&self) -> Result<&Engine, Error> {
        self.engine
            .get_or_init(|| {
                if let Some((engine, _)) = compiled_before(&self.source) {
                    return Ok(engine);
                }
                let compiled = match self.parsed.take() {
                    Some(Pending::Translated(t)) => Engine::compile(&t),
                    Some(Pending::Parsed(p)) => match FastEngine::new(*p) {
                        Some(re) => Ok(Engine::Fast(re)),
                        None => Engine::compile(&translate_ruby(&self.source, false).0),
                    },
                    None => Engine::compile(&translate_ruby(&self.source, false).0),
                };
                if let Ok(engine) = &compiled {
                    remember(&self.source, engine, self.at_final_newline.is_some());
                }
                compiled
            })
            .as_ref()
            .map_err(|e| {
                Error::new(
                    ErrorKind::Limit,
                    format!("{e}: {}", ruby_description(&self.source)),
                )
            })
    }

    /// The engine for matching in `text`.
    #[inline]
    fn engine(&self, text: &str) -> Result<&Engine, Error> {
        // (the engine compiled, and the one for all texts: answered without the `Result`s
        // of `main_engine`, which a caller's `?` moves, error and all)
        if let Some(Ok(main)) = self.engine.get() {
            if self.at_final_newline.is_none() || !text.ends_with('\n') {
                return Ok(main);
            }
        }
        self.engine_first_or_final_newline(text)
    }

    /// [`engine`](Self::engine) when it is not compiled yet, failed to, or the text ends
    /// with a newline and the pattern has a `^` or `\Z`.
    #[inline(never)]
    fn engine_first_or_final_newline(&self, text: &str) -> Result<&Engine, Error> {
        let main = self.main_engine()?;
        Ok(match &self.at_final_newline {
            Some(cell) if text.ends_with('\n') => cell.get_or_init(|| {
                // `^` as `(?:\A|(?<=\n)(?!\z))`, `\Z` as `(?=\n?\z)`: look-arounds, so the
                // backtracking engine.
                Engine::compile(&translate_ruby(&self.source, true).0)
                    .unwrap_or_else(|_| main.clone())
            }),
            _ => main,
        })
    }

    /// [`new`](Self::new) with the error as Ruby's `RegexpError` words it: the message, then
    /// the pattern between slashes (`undefined name <n> reference: /a\/\k<n>/`).
    pub fn new_described(source: &str) -> Result<Regexp, String> {
        Regexp::new(source).map_err(|e| format!("{e}: {}", ruby_description(source)))
    }

    /// The pattern as written (between the slashes).
    pub fn source(&self) -> &str {
        &self.source
    }

    /// Whether the pattern matches somewhere in `text`. Fails when the backtracking engine
    /// gives up (a pattern with catastrophic backtracking).
    pub fn is_match(&self, text: &str) -> Result<bool, Error> {
        if let Some(anchored) = &self.anchored {
            return Ok(anchored.matches(text));
        }
        match self.engine(text)? {
            Engine::Fast(re) => Ok(re.is_match(text)),
            Engine::Trailing(re) => Ok(re.is_match(text)),
            Engine::Fancy(re) => re.is_match(text).map_err(|e| self.failure(e)),
        }
    }

    /// [`is_match`](Self::is_match) where no error can be returned (type checks): when the
    /// engine gives up, the evaluation fails as it ends (`limits::defer_error`).
    #[inline]
    pub fn matches(&self, text: &str) -> bool {
        // (a `Pattern` alias's anchored pattern answers without the `Result` of an engine)
        if let Some(anchored) = &self.anchored {
            return anchored.matches(text);
        }
        self.is_match(text).unwrap_or_else(|e| {
            crate::limits::defer_error(e);
            false
        })
    }

    /// The captures of the first match (`[0]` is the whole match), or `None`.
    pub fn captures(&self, text: &str) -> Result<Option<Captures>, Error> {
        let texts = |groups: Groups| {
            groups
                .into_iter()
                .map(|g| g.map(|(start, end)| text[start..end].to_string()))
                .collect()
        };
        Ok(match self.engine(text)? {
            Engine::Fast(re) => re.captures(text).map(texts),
            Engine::Trailing(re) => re.captures(text).map(texts),
            Engine::Fancy(re) => re.captures(text).map_err(|e| self.failure(e))?.map(|c| {
                c.iter()
                    .map(|m| m.map(|m| m.as_str().to_string()))
                    .collect()
            }),
        })
    }

    /// The error for a match the engine gave up on.
    fn failure(&self, e: fancy_regex::Error) -> Error {
        let why = match e {
            fancy_regex::Error::RuntimeError(fancy_regex::RuntimeError::BacktrackLimitExceeded) => {
                "regexp backtracking limit exceeded".to_string()
            }
            other => other.to_string(),
        };
        Error::new(
            ErrorKind::Limit,
            format!("{why} matching /{}/", self.source),
        )
    }

    /// The index of a named capture group.
    pub fn group_index(&self, name: &str) -> Option<usize> {
        match self.main_engine().ok()? {
            Engine::Fast(re) => re.group_names().iter().position(|n| *n == Some(name)),
            Engine::Trailing(re) => re.group_names().iter().position(|n| *n == Some(name)),
            Engine::Fancy(re) => re.capture_names().position(|n| n == Some(name)),
        }
    }

    /// The names of the capture groups by index (`None` for unnamed groups and `[0]`).
    /// Whether a capture group has a name ([`group_names`](Self::group_names) without
    /// making them).
    pub fn has_named_groups(&self) -> bool {
        let Ok(engine) = self.main_engine() else {
            return false;
        };
        match engine {
            Engine::Fast(re) => re.has_named_groups(),
            Engine::Trailing(re) => re.has_named_groups(),
            Engine::Fancy(re) => re.capture_names().any(|n| n.is_some()),
        }
    }

    pub fn group_names(&self) -> Vec<Option<String>> {
        let Ok(engine) = self.main_engine() else {
            return Vec::new();
        };
        match engine {
            Engine::Fast(re) => re
                .group_names()
                .into_iter()
                .map(|n| n.map(str::to_string))
                .collect(),
            Engine::Trailing(re) => re
                .group_names()
                .into_iter()
                .map(|n| n.map(str::to_string))
                .collect(),
            Engine::Fancy(re) => re.capture_names().map(|n| n.map(str::to_string)).collect(),
        }
    }

    /// Byte ranges of the first match and its capture groups (`[0]` the whole match), or
    /// `None`: what [`find_all`](Self::find_all) gives first, without searching further.
    /// Fails when the engine gives up.
    pub fn first_match(&self, text: &str) -> Result<Option<Groups>, Error> {
        if let Some(anchored) = &self.anchored {
            if !anchored.matches(text) {
                return Ok(None);
            }
        }
        Ok(match self.engine(text)? {
            Engine::Fast(re) => re.captures(text),
            Engine::Trailing(re) => re.captures(text),
            Engine::Fancy(re) => re.captures(text).map_err(|e| self.failure(e))?.map(|c| {
                (0..c.len())
                    .map(|i| c.get(i).map(|m| (m.start(), m.end())))
                    .collect()
            }),
        })
    }

    /// Byte ranges of all non-overlapping matches, each with its capture group ranges.
    /// Fails when the engine gives up on a match, or when interrupted between matches.
    pub fn find_all(&self, text: &str) -> Result<Vec<Groups>, Error> {
        let mut out = Vec::new();
        self.for_each_match(text, |groups| {
            crate::limits::push(&mut out, groups.to_vec())
        })?;
        Ok(out)
    }

    /// Calls `each` with the group ranges of every non-overlapping match in turn (group 0
    /// first), in a buffer reused between matches. Fails when the engine gives up on a
    /// match, when interrupted between matches, or with `each`'s error.
    pub fn for_each_match(
        &self,
        text: &str,
        mut each: impl FnMut(&[Option<(usize, usize)>]) -> Result<(), Error>,
    ) -> Result<(), Error> {
        if self.empty_match_after_match(text)? {
            return self.for_each_match_from(text, each);
        }
        let mut ticker = crate::limits::Ticker::default();
        match self.engine(text)? {
            Engine::Fast(re) => re.for_each_match(text, |groups| {
                ticker.tick()?;
                each(groups)
            })?,
            Engine::Trailing(re) => re.for_each_match(text, |groups| {
                ticker.tick()?;
                each(groups)
            })?,
            Engine::Fancy(re) => {
                let mut groups: Groups = Vec::new();
                for c in re.captures_iter(text) {
                    // Each match is bounded by the backtracking limit: check between them.
                    crate::limits::check_interrupt()?;
                    let c = c.map_err(|e| self.failure(e))?;
                    groups.clear();
                    groups.extend((0..c.len()).map(|i| c.get(i).map(|m| (m.start(), m.end()))));
                    each(&groups)?;
                }
            }
        }
        Ok(())
    }
}

impl Regexp {
    /// Whether Onigmo's matches in `text` may differ from the Rust engines': after a match
    /// ending at `e`, Onigmo takes an empty match at `e` (`"aaa".gsub(/a*/, "b")` is `bb`),
    /// the Rust engines skip it. Only a pattern that matches the empty string can (a test
    /// of the empty text; an empty match that only look-arounds allow is not seen).
    #[inline]
    fn empty_match_after_match(&self, text: &str) -> Result<bool, Error> {
        if text.is_empty() {
            return Ok(false);
        }
        if let Some(&known) = self.matches_empty.get() {
            return Ok(known);
        }
        self.matches_empty()
    }

    /// Whether the pattern matches the empty text, asked once.
    #[inline(never)]
    fn matches_empty(&self) -> Result<bool, Error> {
        let matches = self.is_match("")?;
        Ok(*self.matches_empty.get_or_init(|| matches))
    }

    /// [`for_each_match`](Self::for_each_match) as Onigmo iterates: each search starts where
    /// the last match ended (one character further after an empty one), in the whole text
    /// (anchors and look-behinds see what precedes). Searches by the backtracking engine,
    /// compiled once per pattern.
    fn for_each_match_from(
        &self,
        text: &str,
        mut each: impl FnMut(&[Option<(usize, usize)>]) -> Result<(), Error>,
    ) -> Result<(), Error> {
        let final_newline = self.at_final_newline.is_some() && text.ends_with('\n');
        let key = format!("\0from\0{final_newline}\0{}", self.source);
        let engine = match compiled_before(&key) {
            Some((Engine::Fancy(re), _)) => re,
            _ => {
                let translated = translate_ruby(&self.source, final_newline).0;
                let re = fancy_regex::RegexBuilder::new(&translated)
                    .backtrack_limit(BACKTRACK_LIMIT)
                    .build()
                    .map_err(|e| Error::new(ErrorKind::Limit, onigmo_message(&e, &translated)))?;
                remember(&key, &Engine::Fancy(re.clone()), false);
                re
            }
        };
        let mut groups: Groups = Vec::new();
        let mut pos = 0;
        while pos <= text.len() {
            crate::limits::check_interrupt()?;
            let Some(c) = engine
                .captures_from_pos(text, pos)
                .map_err(|e| self.failure(e))?
            else {
                break;
            };
            groups.clear();
            groups.extend((0..c.len()).map(|i| c.get(i).map(|m| (m.start(), m.end()))));
            let (start, end) = groups[0].unwrap_or((pos, pos));
            each(&groups)?;
            pos = if end > start {
                end
            } else {
                match text[end..].chars().next() {
                    Some(ch) => end + ch.len_utf8(),
                    None => break,
                }
            };
        }
        Ok(())
    }
}

/// The offset of the character after the one at `at` (past the end: `at + 1`).
#[inline]
fn next_char(text: &str, at: usize) -> usize {
    let mut next = at + 1;
    while next < text.len() && !text.is_char_boundary(next) {
        next += 1;
    }
    next
}

pub use prepl_syntax::ruby_regexp::ruby_description;

/// Rewrites the parts of Ruby's syntax that the Rust engines spell or read differently:
/// `\Z`, `\h`, `\p{^X}`, and the ASCII-only `\w`, `\d`, `\s` (and their negations) of
/// Ruby, which the Rust engines read as Unicode classes; and Onigmo's quantifiers (see
/// [`quantifier`]). `final_newline` says whether the text to match ends with a newline:
/// then a line-start `^` does not match at the end of the text, as in Onigmo, and `\Z`
/// matches before that newline (both look-arounds, for the backtracking engine); else `\Z`
/// is `\z`, which the fast engine runs. Also says whether the translation depends on it
/// (the pattern has a `^` or a `\Z`).
fn translate_ruby(source: &str, final_newline: bool) -> (String, bool) {
    let mut line_start = false;
    // Ruby's ^ and $ match at line boundaries.
    let mut out = String::with_capacity(source.len() + 16);
    out.push_str("(?m)");
    let mut chars = source.chars().peekable();
    // Depth of character classes (Ruby nests them: `[a[bc]]`).
    let mut class_depth = 0usize;
    // Where the last atom (character, escape, class, group) starts in `out`, whether it is
    // an assertion (an anchor or a look-around), and whether a quantifier follows it.
    let mut atom: Option<(usize, bool)> = None;
    let mut quantified = false;
    // In a class: where the last item (a character or an escape) starts in `out`, and a
    // range's start taken out before a nested class (`a-[b]y`), with the class depth it
    // belongs to.
    let mut class_item: Option<usize> = None;
    // Whether the last character was a range's `-` (the next item ends the range: no start
    // of another, so `[a-b-[c]]` keeps its `-`).
    let mut range_op = false;
    let mut range_start: Option<(String, usize)> = None;
    // The starts of the open groups in `out`, and whether each is a look-around.
    let mut groups: Vec<(usize, bool)> = Vec::new();
    // For the top level and each open group, the option groups `(?i:` written for an
    // option switch `(?i)` with an alternation after it, closed where the group closes.
    let mut switched: Vec<usize> = vec![0];
    // With a named group, Onigmo's plain groups do not capture (`$1` is the first named).
    let named = has_named_group(source);
    let groups_count = capture_groups(source);
    while let Some(c) = chars.next() {
        if class_depth == 0 {
            if let Some(q) = quantifier(c, &mut chars) {
                match atom {
                    // A repeated assertion is the assertion (at least once) or nothing.
                    Some((start, true)) => {
                        if q.min_zero() {
                            out.truncate(start);
                        }
                        atom = None;
                    }
                    // A plain quantifier on an atom not quantified yet: as written.
                    Some(_) if !quantified && !q.possessive && !q.optional => {
                        out.push_str(&q.text);
                        quantified = true;
                    }
                    Some((start, false)) => {
                        let atom_text = out.split_off(start);
                        out.push_str(&apply_quantifier(&atom_text, q, quantified));
                        quantified = true;
                    }
                    // Nothing to repeat: left for the engine to refuse.
                    None => out.push_str(&q.text),
                }
                continue;
            }
            quantified = false;
        }
        let here = out.len();
        let item = std::mem::take(&mut class_item);
        let after_op = std::mem::take(&mut range_op);
        match c {
            '\\' => match chars.next() {
                Some(n) => {
                    if class_depth > 0 && !after_op {
                        class_item = Some(here);
                    }
                    if class_depth == 0 {
                        atom = Some((here, matches!(n, 'A' | 'z' | 'Z' | 'b' | 'B' | 'G')));
                        line_start |= n == 'Z';
                    }
                    if n.is_ascii_digit() && n != '0' {
                        numbered_escape(n, class_depth > 0, groups_count, &mut chars, &mut out);
                    } else {
                        translate_escape(n, class_depth > 0, final_newline, &mut chars, &mut out)
                    }
                }
                None => out.push('\\'),
            },
            '[' => {
                out.push('[');
                if class_depth > 0 && chars.peek() == Some(&':') {
                    // A POSIX bracket `[:alpha:]`, `[:^digit:]`: Onigmo's are Unicode
                    // classes (`é` is alpha), the Rust engines' ASCII ones (`posix`).
                    let mut bracket = String::from("[");
                    for p in chars.by_ref() {
                        bracket.push(p);
                        if p == ']' {
                            break;
                        }
                    }
                    out.pop();
                    match posix::bracket(&bracket) {
                        Some(items) => out.push_str(&items),
                        None => out.push_str(&bracket),
                    }
                    continue;
                }
                if class_depth == 0 {
                    atom = Some((here, false));
                }
                class_depth += 1;
                if chars.peek() == Some(&'^') {
                    out.push('^');
                    chars.next();
                }
                // A `]` first in a class is a literal.
                if chars.peek() == Some(&']') {
                    out.push_str("\\]");
                    chars.next();
                }
            }
            '(' if class_depth == 0 => {
                let mut ahead = chars.clone();
                let look = ahead.next() == Some('?')
                    && match ahead.next() {
                        Some('=' | '!') => true,
                        Some('<') => matches!(ahead.next(), Some('=' | '!')),
                        _ => false,
                    };
                atom = None;
                out.push('(');
                if chars.peek() == Some(&'?') {
                    let options = translate_options(&mut chars);
                    if !options.is_empty() && chars.peek() == Some(&')') {
                        // `a(?i)b|c`: Onigmo's switch holds to the end of the group, the
                        // alternatives after it included (`a(?i:b|c)`), where the Rust
                        // engines' `|` ends it.
                        if alternation_follows(chars.clone()) {
                            chars.next();
                            out.push_str(&options);
                            out.push(':');
                            if let Some(n) = switched.last_mut() {
                                *n += 1;
                            }
                            continue;
                        }
                    } else if options.is_empty() && ahead_is(&chars, "?(") {
                        // A conditional `(?(1)`, `(?(<n>)`, `(?('n')`: its condition as
                        // written.
                        for c in chars.by_ref() {
                            out.push(c);
                            if c == ')' {
                                break;
                            }
                        }
                    }
                    out.push_str(&options);
                } else if named {
                    out.push_str("?:");
                }
                groups.push((here, look));
                switched.push(0);
            }
            ')' if class_depth == 0 => {
                for _ in 0..switched.pop().unwrap_or(0) {
                    out.push(')');
                }
                if switched.is_empty() {
                    // (an unmatched `)`, left for the engine to refuse)
                    switched.push(0);
                }
                out.push(')');
                atom = groups.pop();
            }
            '|' if class_depth == 0 => {
                out.push('|');
                atom = None;
            }
            ']' if class_depth > 0 => {
                class_depth -= 1;
                out.push(']');
                if let Some((start, _)) = range_start.take_if(|(_, d)| *d == class_depth) {
                    // (`a-[b]y` is `[b]` and the range `a-y`; `a-[b]]` drops the `a`)
                    if !matches!(chars.peek(), Some(']' | '[') | None) && !ahead_is(&chars, "&&") {
                        out.push_str(&start);
                        out.push('-');
                    }
                }
            }
            // Onigmo's class ranges: a `-` before `&&` is the character; a range's start
            // before a nested class waits for the class's end (see `range_start`).
            '-' if class_depth > 0 && ahead_is(&chars, "&&") => out.push_str("\\-"),
            '-' if class_depth > 0 && chars.peek() == Some(&'[') && item.is_some() => {
                let start = item.unwrap_or(here);
                range_start = Some((out.split_off(start), class_depth));
            }
            // Literal braces (not an interval) for the Rust engines.
            '{' | '}' | ']' if class_depth == 0 => {
                atom = Some((here, false));
                out.push('\\');
                out.push(c);
            }
            '^' if class_depth == 0 => {
                atom = Some((here, true));
                line_start = true;
                out.push_str(if final_newline {
                    r"(?:\A|(?<=\n)(?!\z))"
                } else {
                    "^"
                });
            }
            c => {
                if class_depth == 0 {
                    atom = Some((here, c == '$'));
                } else {
                    range_op = c == '-' && item.is_some();
                    class_item = (c != '-' && !after_op).then_some(here);
                }
                out.push(c)
            }
        }
    }
    for _ in 0..switched.first().copied().unwrap_or(0) {
        out.push(')');
    }
    (out, line_start)
}

/// Whether `rest` starts with `prefix`.
fn ahead_is(rest: &std::iter::Peekable<std::str::Chars<'_>>, prefix: &str) -> bool {
    let mut ahead = rest.clone();
    prefix.chars().all(|p| ahead.next() == Some(p))
}

/// Whether an alternation `|` of the current group follows in `rest` (the pattern after an
/// option switch `(?i)`, its `)` next), before the group ends.
fn alternation_follows(mut rest: std::iter::Peekable<std::str::Chars<'_>>) -> bool {
    rest.next(); // the switch's `)`
    let (mut depth, mut class) = (0usize, 0usize);
    while let Some(c) = rest.next() {
        match c {
            '\\' => {
                rest.next();
            }
            '[' => class += 1,
            ']' if class > 0 => class -= 1,
            _ if class > 0 => {}
            '(' => depth += 1,
            ')' if depth == 0 => return false,
            ')' => depth -= 1,
            '|' if depth == 0 => return true,
            _ => {}
        }
    }
    false
}

/// How many groups of `source` capture (open parentheses not escaped, outside classes, not
/// followed by `?` unless they name the group).
fn capture_groups(source: &str) -> usize {
    let (mut count, mut depth, mut escaped) = (0, 0usize, false);
    let b = source.as_bytes();
    for (i, &c) in b.iter().enumerate() {
        match c {
            _ if escaped => escaped = false,
            b'\\' => escaped = true,
            b'[' => depth += 1,
            b']' if depth > 0 => depth -= 1,
            // (a conditional's condition, `(?(1)`, is no group)
            b'(' if depth == 0 && !b[..i].ends_with(b"(?") => {
                let named = b[i + 1..].starts_with(b"?<")
                    && !matches!(b.get(i + 3), Some(b'=' | b'!'))
                    || b[i + 1..].starts_with(b"?'");
                if b.get(i + 1) != Some(&b'?') || named {
                    count += 1;
                }
            }
            _ => {}
        }
    }
    count
}

/// Writes the translation of `\N...` (a digit 1-9 after a backslash) as Onigmo reads it: a
/// back-reference when it is one digit outside a class, or a number of several digits no
/// greater than the count of groups; else an octal character code of up to three digits
/// (`\10` is a backspace, `\18` is `\1` and `8`), an `8` or `9` itself.
fn numbered_escape(
    first: char,
    in_class: bool,
    groups: usize,
    rest: &mut std::iter::Peekable<std::str::Chars<'_>>,
    out: &mut String,
) {
    let more: String = rest.clone().take_while(char::is_ascii_digit).collect();
    let number: usize = format!("{first}{more}").parse().unwrap_or(usize::MAX);
    if !in_class && (more.is_empty() || number <= groups) {
        out.push('\\');
        out.push(first);
        for _ in 0..more.len() {
            out.extend(rest.next());
        }
        return;
    }
    if !first.is_digit(8) {
        out.push(first);
        return;
    }
    let code = octal_digits(first, rest);
    escaped_code(code, rest, out);
}

/// The value of an octal escape of up to three digits, `first` and up to two more taken
/// from `rest`.
fn octal_digits(first: char, rest: &mut std::iter::Peekable<std::str::Chars<'_>>) -> u32 {
    let mut code = first.to_digit(8).unwrap_or(0);
    for _ in 0..2 {
        match rest.peek().and_then(|d| d.to_digit(8)) {
            Some(d) => {
                code = code * 8 + d;
                rest.next();
            }
            None => break,
        }
    }
    code
}

/// The value of `\xH` or `\xHH` after its `x` (one or two hex digits), `None` without one.
fn hex_digits(rest: &mut std::iter::Peekable<std::str::Chars<'_>>) -> Option<u32> {
    let mut code = None;
    for _ in 0..2 {
        match rest.peek().and_then(|d| d.to_digit(16)) {
            Some(d) => {
                code = Some(code.unwrap_or(0) * 16 + d);
                rest.next();
            }
            None => break,
        }
    }
    code
}

/// Writes the character of an escaped byte (`\xHH`, `\NNN`): below `\x80` that character;
/// from there the first byte of a UTF-8 character whose other bytes the escapes after it
/// give, as Ruby's preprocessing of a pattern reads them (`\xC3\xA9` is `é`; the syntax
/// check, `syntax::ruby_regexp`, refused the bytes that make no character).
fn escaped_code(code: u32, rest: &mut std::iter::Peekable<std::str::Chars<'_>>, out: &mut String) {
    use std::fmt::Write;
    let char_len = match code {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => 1,
    };
    let mut bytes = vec![code as u8];
    let mut ahead = rest.clone();
    while bytes.len() < char_len {
        match escaped_byte(&mut ahead) {
            Some(b) => bytes.push(b),
            None => break,
        }
    }
    match std::str::from_utf8(&bytes)
        .ok()
        .and_then(|t| t.chars().next())
    {
        Some(c) if char_len > 1 => {
            *rest = ahead;
            let _ = write!(out, "\\x{{{:x}}}", c as u32);
        }
        _ if code <= 0xFF => {
            let _ = write!(out, "\\x{code:02x}");
        }
        _ => {
            let _ = write!(out, "\\x{{{code:x}}}");
        }
    }
}

/// The byte an escape at the start of `rest` gives (`\xHH`, `\NNN` octal), taken from
/// `rest`; `None` (and `rest` as it was) for anything else.
fn escaped_byte(rest: &mut std::iter::Peekable<std::str::Chars<'_>>) -> Option<u8> {
    let mut ahead = rest.clone();
    if ahead.next() != Some('\\') {
        return None;
    }
    let code = match ahead.next()? {
        'x' => hex_digits(&mut ahead)?,
        d @ '0'..='7' => octal_digits(d, &mut ahead),
        _ => return None,
    };
    let byte = u8::try_from(code).ok()?;
    *rest = ahead;
    Some(byte)
}

/// Whether `source` has a named group `(?<name>...)` or `(?'name'...)`.
fn has_named_group(source: &str) -> bool {
    let b = source.as_bytes();
    (0..b.len()).any(|i| {
        b[i..].starts_with(b"(?'")
            || (b[i..].starts_with(b"(?<") && !matches!(b.get(i + 3), Some(b'=' | b'!')))
                && (i == 0 || b[i - 1] != b'\\')
    })
}

/// A quantifier of Onigmo's Ruby syntax, as read from the pattern.
struct Quantifier {
    /// As the Rust engines write it (`{0,2}` for Ruby's `{,2}`), without a possessive `+`.
    text: String,
    /// `a*+`, `a++`, `a?+`: possessive (an atomic group for the Rust engines).
    possessive: bool,
    /// `a{2}?`: in Ruby's syntax an optional `a{2}`, not a lazy one.
    optional: bool,
}

impl Quantifier {
    /// Whether it allows no repetition at all (`*`, `?`, `{0,n}`, `{n}?`).
    fn min_zero(&self) -> bool {
        self.optional
            || self.text.starts_with(['*', '?'])
            || self.text.starts_with("{0,")
            || self.text == "{0}"
    }
}

/// Reads the quantifier that starts with `c`, if it is one (`*`, `+`, `?`, `{n}`, `{n,}`,
/// `{,m}`, `{n,m}`, each possibly followed by `?` or, for the first three, `+`).
fn quantifier(c: char, chars: &mut std::iter::Peekable<std::str::Chars<'_>>) -> Option<Quantifier> {
    let mut q = Quantifier {
        text: String::new(),
        possessive: false,
        optional: false,
    };
    match c {
        '*' | '+' | '?' => {
            q.text.push(c);
            match chars.peek() {
                Some('?') => {
                    chars.next();
                    q.text.push('?');
                }
                Some('+') => {
                    chars.next();
                    q.possessive = true;
                }
                _ => {}
            }
        }
        '{' => {
            let mut ahead = chars.clone();
            let mut body = String::new();
            for d in ahead.by_ref() {
                if d == '}' {
                    break;
                }
                body.push(d);
            }
            let (lo, hi) = match body.split_once(',') {
                Some((lo, hi)) => (lo, Some(hi)),
                None => (body.as_str(), None),
            };
            let digits = |s: &str| s.chars().all(|d| d.is_ascii_digit());
            let valid = digits(lo)
                && hi.is_none_or(digits)
                && !(lo.is_empty() && hi.is_none_or(str::is_empty))
                && !body.is_empty();
            if !valid || !chars.clone().any(|d| d == '}') {
                return None;
            }
            *chars = ahead;
            let lo = if lo.is_empty() { "0" } else { lo };
            q.text = match hi {
                Some(hi) => format!("{{{lo},{hi}}}"),
                None => format!("{{{lo}}}"),
            };
            if chars.peek() == Some(&'?') {
                chars.next();
                if hi.is_none() {
                    q.optional = true;
                } else {
                    q.text.push('?');
                }
            }
        }
        _ => return None,
    }
    Some(q)
}

/// `atom` repeated by `q`. Onigmo repeats a repetition (`a{,2}*`), which the Rust engines
/// refuse: such an atom (`stacked`) is grouped first.
fn apply_quantifier(atom: &str, q: Quantifier, stacked: bool) -> String {
    let atom = if stacked {
        format!("(?:{atom})")
    } else {
        atom.to_string()
    };
    let repeated = format!("{atom}{}", q.text);
    match (q.possessive, q.optional) {
        (true, _) => format!("(?>{repeated})"),
        (_, true) => format!("(?:{repeated})?"),
        _ => repeated,
    }
}

/// After `(` with `?` next: an option group `(?imx-imx)` or `(?imx-imx:` with Ruby's `m`
/// (dot matches newline) spelled as the Rust engines spell it (`s`); `s` itself, which
/// internal callers add, is kept. Anything else is left for the main loop.
fn translate_options(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) -> String {
    let mut ahead = chars.clone();
    ahead.next(); // the '?'
    let mut letters = String::new();
    while let Some(&c) = ahead.peek() {
        if !matches!(c, 'i' | 'm' | 'x' | 's' | '-' | 'a' | 'd' | 'u') {
            break;
        }
        letters.push(c);
        ahead.next();
    }
    if letters.is_empty() || !matches!(ahead.peek(), Some(')' | ':')) {
        return String::new();
    }
    *chars = ahead;
    let rust: String = letters
        .chars()
        .filter_map(|c| match c {
            'm' => Some('s'),
            'a' | 'd' | 'u' => None,
            c => Some(c),
        })
        .collect();
    if rust.is_empty() || rust == "-" {
        // `(?a)`, `(?a:x)`: nothing for the Rust engines; keep a valid group.
        return if chars.peek() == Some(&')') {
            "?:"
        } else {
            "?"
        }
        .to_string();
    }
    format!("?{rust}")
}

const WORD: &str = "0-9A-Za-z_";
const DIGIT: &str = "0-9";
const SPACE: &str = "\\t\\n\\x0B\\x0C\\r ";

/// Writes the translation of `\\n` (the character after a backslash) to `out`.
/// The letters that mean something after `\` in Onigmo's Ruby syntax (character codes,
/// classes, anchors, references, properties); any other letter escaped is itself.
const ONIGMO_LETTER_ESCAPES: &str = "abBcCdDefgGhHkKMnpPrRsStuvwWxXAzZ";

fn translate_escape(
    n: char,
    in_class: bool,
    final_newline: bool,
    rest: &mut std::iter::Peekable<std::str::Chars<'_>>,
    out: &mut String,
) {
    use std::fmt::Write;
    let set = |items: &str, negated: bool, out: &mut String| match (in_class, negated) {
        (true, false) => out.push_str(items),
        (true, true) | (false, true) => {
            out.push_str("[^");
            out.push_str(items);
            out.push(']');
        }
        (false, false) => {
            out.push('[');
            out.push_str(items);
            out.push(']');
        }
    };
    match n {
        // Ruby's \A, \z are the same; \Z allows a final newline.
        'Z' if !in_class && final_newline => out.push_str(r"(?=\n?\z)"),
        'Z' if !in_class => out.push_str(r"\z"),
        'h' => set("0-9a-fA-F", false, out),
        'H' => set("0-9a-fA-F", true, out),
        'w' => set(WORD, false, out),
        'W' => set(WORD, true, out),
        'd' => set(DIGIT, false, out),
        'D' => set(DIGIT, true, out),
        's' => set(SPACE, false, out),
        'S' => set(SPACE, true, out),
        // `\p{^X}` is `\P{X}`; Onigmo's POSIX-named properties as classes (`posix`).
        'p' | 'P' if rest.peek() == Some(&'{') => {
            let mut name = String::new();
            rest.next();
            for c in rest.by_ref() {
                if c == '}' {
                    break;
                }
                name.push(c);
            }
            let (caret, name) = match name.strip_prefix('^') {
                Some(name) => (true, name),
                None => (false, name.as_str()),
            };
            let negated = caret != (n == 'P');
            let _ = match posix::property(name, negated, in_class) {
                Some(class) => write!(out, "{class}"),
                None if negated => write!(out, "\\P{{{name}}}"),
                None => write!(out, "\\p{{{name}}}"),
            };
        }
        // `\0`, `\0nn`: an octal character code (NUL for a lone `\0`).
        '0' => {
            let mut code = 0u32;
            for _ in 0..2 {
                match rest.peek() {
                    Some(d @ '0'..='7') => {
                        code = code * 8 + d.to_digit(8).unwrap_or(0);
                        rest.next();
                    }
                    _ => break,
                }
            }
            let _ = write!(out, "\\x{{{code:x}}}");
        }
        // `\xH`, `\xHH`: a character code, or a UTF-8 character's first byte.
        'x' if rest.peek().is_some_and(char::is_ascii_hexdigit) => {
            let code = hex_digits(rest).unwrap_or(0);
            escaped_code(code, rest, out);
        }
        // Ruby's linebreak and extended grapheme cluster (the latter approximated: a
        // character with its combining marks). Both are atomic in Onigmo: once `\r\n` is
        // taken it is not given back (`"\r\n" =~ /^\R\n/` is false).
        'R' if !in_class => out.push_str(r"(?>\r\n|[\n\x0B\x0C\r\x{85}\x{2028}\x{2029}])"),
        'X' if !in_class => out.push_str(r"(?>\r\n|\P{M}\p{M}*|\p{M}+)"),
        // `\cA`: a control character.
        'c' if rest.peek().is_some_and(char::is_ascii) => {
            let c = rest.next().unwrap_or('@');
            let _ = write!(out, "\\x{{{:x}}}", (c as u32) & 0x1f);
        }
        // `\C-x`: a control character, as `\cx`.
        'C' if rest.peek() == Some(&'-') => {
            rest.next();
            let c = rest.next().unwrap_or('@');
            let _ = write!(out, "\\x{{{:x}}}", (c as u32) & 0x1f);
        }
        // `\u{E9}`, `\u{41 42}` (several code points), `\u00E9`: code points, as the
        // engines' `\x{...}` (`fancy-regex` has no `\u{...}`).
        'u' if rest.peek() == Some(&'{') => {
            rest.next();
            let mut hex = String::new();
            for c in rest.by_ref() {
                if c == '}' {
                    break;
                }
                hex.push(c);
            }
            for code in hex.split_whitespace() {
                let _ = write!(out, "\\x{{{code}}}");
            }
        }
        'u' => {
            let hex: String = rest.clone().take(4).collect();
            if hex.len() == 4 && hex.chars().all(|c| c.is_ascii_hexdigit()) {
                rest.nth(3);
                let _ = write!(out, "\\x{{{hex}}}");
            } else {
                out.push_str("\\u");
            }
        }
        // Onigmo's `\<`, `\>` are the characters (the Rust engines' word boundaries), and
        // so are `\g` and `\k` not followed by a group (`\g1`, which `fancy-regex` calls).
        '<' | '>' => out.push(n),
        'g' | 'k' if !matches!(rest.peek(), Some('<' | '\'')) => out.push(n),
        // An escaped letter Onigmo gives no meaning is the letter (`\q`, `\y`; no `\Q...\E`
        // quoting nor `\o{...}` octal codes: `\o{101}` is 101 times `o`), which the Rust
        // engines refuse as an invalid escape or read otherwise.
        n if n.is_ascii_alphabetic() && !ONIGMO_LETTER_ESCAPES.contains(n) => out.push(n),
        n => {
            out.push('\\');
            out.push(n);
        }
    }
}

impl fmt::Debug for Regexp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "/{}/", self.source)
    }
}

impl PartialEq for Regexp {
    fn eq(&self, other: &Regexp) -> bool {
        self.source == other.source
    }
}
impl Eq for Regexp {}

impl std::hash::Hash for Regexp {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.source.hash(state)
    }
}

#[cfg(test)]
mod tests {
    use super::{ruby_description, Regexp};

    /// The matches' whole ranges (group 0).
    fn spans(pattern: &str, text: &str) -> Vec<(usize, usize)> {
        let re = Regexp::new(pattern).unwrap();
        re.find_all(text)
            .unwrap()
            .into_iter()
            .map(|g| g[0].unwrap())
            .collect()
    }

    /// A backslash and digits: a back-reference when the number names a group (one digit
    /// always), else an octal code of up to three digits, as Onigmo reads them (found by the
    /// differential area `grammar`: `'a' =~ '\10'`).
    #[test]
    fn numbered_escapes_are_back_references_or_octal_codes() {
        let m = |p: &str, t: &str| Regexp::new(p).unwrap().matches(t);
        assert!(m("\\10", "\u{8}"));
        assert!(!m("\\10", "10"));
        assert!(m("\\100", "@"));
        assert!(m("\\18", "\u{1}8"));
        assert!(m("(a)\\10", "a\u{8}"));
        assert!(m("(a)\\1", "aa"));
        assert!(m("[\\10]", "\u{8}"));
        assert!(m("[\\1]", "\u{1}"));
        assert!(m("(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\\10", "abcdefghijj"));
        assert!(Regexp::new("\\1").is_err());
    }

    /// Escaped bytes from `\x80` up are a UTF-8 character's, the escapes after the first
    /// giving the rest of it, hex and octal alike, as Ruby's preprocessing reads them
    /// (`'é' =~ '\xC3\xA9'` is true in the reference; prepl read `Ã©`).
    #[test]
    fn escaped_bytes_make_utf8_characters() {
        let m = |p: &str, t: &str| Regexp::new(p).unwrap().matches(t);
        assert!(m(r"\xC3\xA9", "é"));
        assert!(m(r"\xc3\xa9+", "éé"));
        assert!(m(r"^a\xC3\xA9$", "aé"));
        assert!(m(r"[\xC3\xA9]", "é"));
        assert!(!m(r"[\xC3\xA9]", "Ã"));
        assert!(m(r"\303\251", "é"));
        assert!(m(r"\xC3\251", "é"));
        assert!(m(r"\xE2\x82\xAC", "€"));
        assert!(m(r"(\xC3\xA9){2}", "éé"));
        assert!(m(r"\xF0\x9F\x98\x80", "😀"));
        assert!(m(r"\x41\x4", "A\u{4}"));
        assert!(!m(r"\xC3\xA9", "Ã©"));
    }

    /// `has_named_groups` answers what `group_names` lists, on every engine.
    #[test]
    fn named_groups_are_told_without_listing_them() {
        for pattern in [
            "a(b)c",
            "(?<x>a)(b)",
            "(?<word>\\w+)(?=!)",
            "(a)\\1",
            "\\Aab\\z",
            "(?<y>[a-z]+)\\.",
            "(?i)(?<n>é)",
            "abc$",
            "(?<t>x)$",
            "",
        ] {
            let re = Regexp::new(pattern).unwrap();
            assert_eq!(
                re.has_named_groups(),
                re.group_names().iter().any(Option::is_some),
                "{pattern}"
            );
        }
    }

    /// `first_match` (Ruby's `=~`, `match`, `start_with?`) gives what `find_all` gives first,
    /// groups included: patterns on every engine (anchored loop, `regex-lite`, NFA,
    /// backtracking for look-around and back-references, the final-newline variant, empty
    /// matches), matching and not, on short and long texts (the second tier).
    #[test]
    fn the_first_match_is_the_first_of_all_matches() {
        let patterns = [
            "^ssl",
            "\\A[a-z][a-z0-9_]*\\z",
            "(a)|(b)",
            "(?<x>o+)(l)?",
            "a*",
            "b*",
            "^$",
            "o$",
            "(?<=h)e",
            "(l)\\1",
            "x?",
            "\\p{L}+",
            "(?i)SSL_(\\w+)",
            "\\Z",
        ];
        let long = "ssl_cert hello ".repeat(100);
        let texts = [
            "",
            "ssl",
            "ssl_ca",
            "nossl",
            "hello",
            "hello\n",
            "abba",
            "aaa",
            "x\ny\n",
            "h\u{e9}llo",
            "SSL_KEY",
            &long,
        ];
        for pattern in patterns {
            let re = Regexp::new(pattern).unwrap();
            for _ in 0..3 {
                for text in texts {
                    let all = re.find_all(text).unwrap();
                    assert_eq!(
                        re.first_match(text).unwrap(),
                        all.into_iter().next(),
                        "/{pattern}/ on {text:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn an_empty_match_right_after_a_match_counts_as_in_onigmo() {
        // Ruby: "aaa".gsub(/a*/, "b") is "bb", "abc".gsub(/b*/, "-") is "-a--c-".
        assert_eq!(spans("a*", "aaa"), [(0, 3), (3, 3)]);
        assert_eq!(spans("b*", "abc"), [(0, 0), (1, 2), (2, 2), (3, 3)]);
        assert_eq!(
            spans("l*", "h\u{e9}llo"),
            [(0, 0), (1, 1), (3, 5), (5, 5), (6, 6)]
        );
        assert_eq!(spans("", "ab"), [(0, 0), (1, 1), (2, 2)]);
        // Anchors see the whole text; patterns that never match empty are as before.
        assert_eq!(spans("^a*", "aab"), [(0, 2)]);
        assert_eq!(spans("a+", "aabaa"), [(0, 2), (3, 5)]);
        assert_eq!(spans("x*", ""), [(0, 0)]);
    }

    #[test]
    fn a_regex_made_again_comes_from_the_cache_and_matches_the_same() {
        for _ in 0..3 {
            // line-start `^` and `\Z`: the engine for texts ending with a newline too
            let r = Regexp::new(r"^b\Z").unwrap();
            let parsed = r.parsed.take();
            assert!(parsed.is_none() || r.engine.get().is_none());
            r.parsed.set(parsed);
            assert!(r.is_match("a\nb").unwrap());
            assert!(r.is_match("a\nb\n").unwrap());
            assert!(!r.is_match("b\n\n").unwrap());
            // look-ahead: compiled when first matched; look-behind and back-references
            // when made (their errors are found only by compiling)
            let l = Regexp::new(r"a(?=b)").unwrap();
            assert!(l.engine.get().is_none() || super::compiled_before(r"a(?=b)").is_some());
            assert!(l.is_match("ab").unwrap() && !l.is_match("ac").unwrap());
            assert!(Regexp::new(r"(?<=a)b").unwrap().engine.get().is_some());
            assert!(Regexp::new(r"(a)\1").unwrap().engine.get().is_some());
            // an error is an error every time
            assert!(Regexp::new("a(").is_err());
        }
        assert!(super::compiled_before(r"^b\Z").is_some_and(|(_, line_start)| line_start));
    }

    /// A pattern with look-aheads is compiled on its first match, and matches as when it
    /// was compiled at once (stdlib's `Stdlib::Compat::Ipv4`); the errors of
    /// back-references and look-behinds are still raised where the pattern is made.
    #[test]
    fn look_ahead_patterns_compile_when_first_matched() {
        let octet =
            r"([0-9](?!\d)|[1-9][0-9](?!\d)|1[0-9]{2}(?!\d)|2[0-4][0-9](?!\d)|25[0-5](?!\d))";
        let source = format!(r"^(({octet}[.]){{3}}{octet})(\/(({octet}[.]){{3}}{octet}|[0-9]+))?$");
        let r = Regexp::new(&source).unwrap();
        assert!(r.engine.get().is_none(), "compiled when made");
        for (text, want) in [
            ("192.168.0.1", true),
            ("10.0.0.0/8", true),
            ("255.255.255.255/255.0.0.0", true),
            ("256.1.1.1", false),
            ("1.2.3", false),
            ("01.2.3.4", false),
        ] {
            assert_eq!(r.is_match(text).unwrap(), want, "{text}");
        }
        assert!(r.engine.get().is_some());
        for bad in [r"(a)\2", r"(?<=a+)b", r"(?<n>a)\k<m>"] {
            assert!(Regexp::new(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn octal_escapes_are_character_codes() {
        assert!(matches(r"\A\/([^\n\/\0]+\/*)*\z", "/usr/bin"));
        // Found by the differential tester (regexps): Ruby escapes the translation knows.
        assert!(matches(r"^a\Rb$", "a\r\nb"));
        assert!(matches(r"^a\R$", "a\u{2028}"));
        assert!(matches(r"^\X$", "e\u{301}"));
        assert!(!matches(r"^\R\n", "\r\n"));
        assert!(!matches(r"\X\X^b", "\r\nb"));
        assert!(!matches(r"\R{2}", "\r\n"));
        assert!(matches(r"^\o{2}$", "oo"));
        assert!(matches(r"^\cA\ca$", "\u{1}\u{1}"));
        assert!(matches(r"^a\Qb\E$", "aQbE"));
        assert!(matches(r"^\e$", "\u{1b}"));
        // Onigmo's quantifiers: stacked, possessive, `{,n}`, `{n}?` (optional), on assertions.
        assert!(matches(r"^a{,2}{1,2}$", "aaa"));
        assert!(matches(r"^a{,2}*b", "aaaaab"));
        assert!(!matches(r"^a?+a$", "a"));
        assert!(!matches(r"^a*+a", "aaa"));
        assert!(matches(r"^xa{2}?y$", "xy"));
        assert!(matches(r"^xa{2}?y$", "xaay"));
        assert!(!matches(r"^xa{2}?y$", "xay"));
        assert!(matches(r"a\Z{1,2}", "xa\n"));
        assert!(matches(r"^\Z*?b", "b"));
        assert!(matches(r"(?=a)*b", "b"));
        assert!(matches(r"^\{a}$", "{a}"));
        assert!(matches(r"^a{b$", "a{b"));
        // With a named group, plain groups do not capture.
        let re = Regexp::new(r"(a)(?<n>b)").expect("valid");
        assert_eq!(
            re.captures("ab").expect("no limit reached"),
            Some(vec![Some("ab".to_string()), Some("b".to_string())])
        );
        // POSIX brackets are Unicode classes in Onigmo.
        assert!(matches(r"^[[:alpha:]]+$", "Ωé"));
        assert!(matches(r"^[[:alnum:][:space:]]+$", "é1 x"));
        assert!(!matches(r"^[[:digit:]]$", "a"));
        assert!(matches(r"^[[:upper:]][[:lower:]]$", "Éé"));
        assert!(matches(r"a\0b", "a\0b"));
        assert!(matches(r"\011", "\t"));
    }

    /// Found by the differential tester (regexps): Onigmo's `^` does not match at the very
    /// end after a final newline; everywhere else it is a line start.
    #[test]
    fn line_start_is_not_at_the_end_after_a_final_newline() {
        assert!(!matches(r"^\z", "b\n"));
        assert!(!matches(r"b\n^", "b\n"));
        assert!(!matches(r"\n^$", "\n"));
        assert!(matches(r"^\z", ""));
        assert!(matches(r"^$", "\n"));
        assert!(matches(r"^b", "a\nb\n"));
        assert!(matches(r"\n^c", "a\nc"));
        assert!(matches(r"[^a]", "b\n"));
        let re = Regexp::new(r"^").expect("valid");
        assert_eq!(re.find_all("a\nb\n").map(|m| m.len()).ok(), Some(2));
        assert_eq!(
            re.captures("\n").expect("no limit reached"),
            Some(vec![Some(String::new())])
        );
    }

    /// A pattern in the subset that cannot fail to compile is compiled at its first match;
    /// another that `regex-lite` reads is compiled at once by it (cheaper than the `regex`
    /// crate's parse alone); another that the fast engine's parser accepts is compiled at
    /// its first match, from that parse; others at once, so that errors are raised where
    /// the pattern is written.
    #[test]
    fn patterns_compile_on_first_use_and_errors_show_at_once() {
        let simple = Regexp::new(r"^[a-z]+(?<n>\d+)$").expect("valid");
        assert!(simple.engine.get().is_none(), "not compiled before a match");
        assert_eq!(simple.group_index("n"), Some(1));
        assert!(simple.is_match("abc12").unwrap() && !simple.is_match("abc").unwrap());
        assert!(matches!(
            simple.engine.get(),
            Some(Ok(super::Engine::Fast(_)))
        ));
        // (a count past the subset's bound)
        let lite = Regexp::new(r"^[a-z]{1,200}(?<n>\d+)$").expect("valid");
        assert!(matches!(
            lite.engine.get(),
            Some(Ok(super::Engine::Fast(_)))
        ));
        assert_eq!(lite.group_index("n"), Some(1));
        assert!(lite.is_match("abc12").unwrap());
        let re = Regexp::new(r"^\b[a-z]+(?<n>\d+)$").expect("valid");
        assert!(re.engine.get().is_none(), "not compiled before a match");
        assert_eq!(re.group_index("n"), Some(1));
        assert!(re.is_match("abc12").unwrap());
        assert!(matches!(re.engine.get(), Some(Ok(super::Engine::Fast(_)))));
        let back = Regexp::new(r"(a)\1").expect("valid");
        assert!(matches!(
            back.engine.get(),
            Some(Ok(super::Engine::Fancy(_)))
        ));
        assert!(Regexp::new(r"a(").is_err());
        assert!(Regexp::new(r"(?<=a").is_err());
    }

    /// A pattern ending with a look-ahead of one character runs on the fast engine
    /// (`trailing`), searching again from the end of each match.
    #[test]
    fn a_final_look_ahead_of_one_character_needs_no_backtracking_engine() {
        let re = Regexp::new("(..)(?!$)").unwrap();
        let all = re.find_all("0001f1").unwrap();
        assert_eq!(
            all,
            [[Some((0, 2)), Some((0, 2))], [Some((2, 4)), Some((2, 4))]]
        );
        assert!(matches!(
            re.engine.get(),
            Some(Ok(super::Engine::Trailing(_)))
        ));
        assert_eq!(
            re.first_match("ab\nabc").unwrap(),
            Some(vec![Some((3, 5)); 2])
        );
    }

    /// A pattern made again before its first match (a type alias evaluated again) uses
    /// the engine the first one compiled.
    #[test]
    fn a_pattern_made_again_shares_the_engine_compiled_first() {
        let a = Regexp::new(r"^made-twice-[a-z]+$").expect("valid");
        let b = Regexp::new(r"^made-twice-[a-z]+$").expect("valid");
        assert!(a.engine.get().is_none() && b.engine.get().is_none());
        assert!(a.is_match("made-twice-x").unwrap());
        assert!(!b.is_match("made-twice-1").unwrap());
        match (a.engine.get(), b.engine.get()) {
            (Some(Ok(super::Engine::Fast(x))), Some(Ok(super::Engine::Fast(y)))) => {
                assert!(x.same_as(y))
            }
            _ => panic!("both compiled by the fast engine"),
        }
    }

    /// Sessions on other threads share the engines: a pattern another thread matched often
    /// is made here compiled, on its fast tier.
    #[test]
    fn engines_are_shared_across_threads() {
        let source = r"\A/shared-across/([^/]+/*)*\z";
        std::thread::spawn(move || {
            let re = Regexp::new(source).expect("valid");
            for _ in 0..100 {
                assert!(re.is_match("/shared-across/a/b").unwrap());
            }
        })
        .join()
        .expect("matches");
        let re = Regexp::new(source).expect("valid");
        match re.engine.get() {
            Some(Ok(super::Engine::Fast(fast))) => assert!(fast.has_second_tier()),
            _ => panic!("compiled by the other thread"),
        }
        assert!(re.is_match("/shared-across/x//").unwrap());
        assert!(!re.is_match("/shared-across").unwrap());
    }

    /// `\Z` runs on the fast engine unless the text ends with a newline (the reference's
    /// answers: `"ab\n" =~ /b\Z/` matches `b`, `"ab\n\n"` does not).
    #[test]
    fn end_before_a_final_newline_needs_no_look_ahead_elsewhere() {
        let re = Regexp::new(r"\A[a-z_]\w*(?:\.|\Z)").expect("valid");
        assert!(matches!(re.engine("abc"), Ok(super::Engine::Fast(_))));
        assert!(re.is_match("abc").unwrap() && !re.is_match("ab-").unwrap());
        assert!(matches!(re.engine("abc\n"), Ok(super::Engine::Fancy(_))));
        let re = Regexp::new(r"b\Z").expect("valid");
        assert_eq!(re.captures("ab\n").unwrap(), Some(vec![Some("b".into())]));
        assert_eq!(re.captures("ab").unwrap(), Some(vec![Some("b".into())]));
        assert_eq!(re.captures("ab\n\n").unwrap(), None);
        assert_eq!(re.captures("b\nb").unwrap(), Some(vec![Some("b".into())]));
        assert_eq!(
            re.find_all("b\nb\n").map(|m| m[0][0]).unwrap(),
            Some((2, 3))
        );
    }

    /// Onigmo's class ranges next to a nested class or an intersection (Ruby 3.1's answers
    /// over `a - b c x y &`): a `-` before `&&` is the character; a range's start before a
    /// nested class ranges to the character after the class (`[xa-[b]y]`: `a-y`, `[b]`, `x`),
    /// and is dropped when the class ends there (`[a-[b]]` is `[b]`).
    #[test]
    fn class_ranges_around_nested_classes_and_intersections_as_onigmo_reads_them() {
        for (source, want) in [
            ("[a-[b]]", "b"),
            ("[xa-[b]]", "bx"),
            ("[xa-[b]y]", "abcxy"),
            ("[a-[bc]]", "bc"),
            ("[^a-[b]]", "a-cxy&"),
            (r"[\x61-[b]]", "b"),
            ("[a-&&b]", ""),
            (r"[\w-&&a]", "a"),
            ("[a-c-&&b]", "b"),
            ("[a-&&[a-]]", "a-"),
            (r"[a-[b]\x79]", "abcxy"),
            ("[a-[b][c]]", "bc"),
            ("[a-[b]&&y]", ""),
            ("[a-[b]y-z]", "a-bcxy"),
            ("[a-b-[c]]", "a-bc"),
            ("[x-y-[b]]", "-bxy"),
        ] {
            let re = Regexp::new(source).expect(source);
            let got: String = ["a", "-", "b", "c", "x", "y", "&"]
                .into_iter()
                .filter(|s| re.is_match(s).expect(source))
                .collect();
            assert_eq!(got, want, "{source}");
        }
    }

    /// The translation writes escapes and plain quantifiers in place; stacked, possessive
    /// and optional ones still wrap their atom.
    #[test]
    fn translation_of_escapes_and_quantifiers() {
        let t = |s: &str| super::translate_ruby(s, false).0;
        assert_eq!(t(r"a{2}\d+\.x?"), r"(?m)a{2}[0-9]+\.x?");
        assert_eq!(t(r"[\w\-]*\S"), r"(?m)[0-9A-Za-z_\-]*[^\t\n\x0B\x0C\r ]");
        assert_eq!(t(r"a{,2}*b?+c{2}?"), r"(?m)(?:a{0,2})*(?>b?)(?:c{2})?");
        assert_eq!(t(r"\0\cA\p{^L}\Z"), r"(?m)\x{0}\x{1}\P{L}\z");
    }

    /// Found by the differential tester (regexps, seed 9), checked with the reference.
    #[test]
    fn descriptions_escape_as_ruby_when_a_slash_is_in_the_pattern() {
        assert_eq!(ruby_description("é("), "/é(/");
        assert_eq!(ruby_description(r"\k<n>*?\/*\eé"), r"/\k<n>*?\/*\e\u00E9/");
        assert_eq!(ruby_description("é/😀"), r"/\u00E9\/\u{1F600}/");
        assert_eq!(ruby_description("a\u{1}é"), r"/a\x01\u00E9/");
        assert_eq!(ruby_description("a\tb"), "/a\tb/");
        assert_eq!(ruby_description(r"\é/"), r"/\é\//");
    }

    fn matches(pattern: &str, text: &str) -> bool {
        Regexp::new(pattern)
            .expect("valid pattern")
            .is_match(text)
            .expect("no backtracking limit")
    }

    /// Expectations from the reference (`'text' =~ /pattern/`).
    #[test]
    fn classes_are_ascii_as_in_ruby() {
        assert!(!matches(r"\w", "é"));
        assert!(!matches(r"[\w]", "é"));
        assert!(!matches(r"[^\W]", "é"));
        assert!(!matches(r"\d", "٣"));
        assert!(matches(r"\s", " "));
        assert!(matches(r"[\w-]+", "a-b"));
        assert!(matches(r"^\h+$", "ab12"));
        assert!(!matches(r"\p{^Alpha}", "a"));
        assert!(matches(r"\p{Alpha}", "a"));
        assert!(matches(r"[]a]", "]"));
        assert!(!matches(r"[a-z&&[^x]]", "x"));
        assert!(matches(r"[[:alpha:]]+", "abc"));
        assert!(matches("foo\\Z", "foo\n"));
        // Ruby's `m` option is the Rust engines' `s` (dot matches newline).
        assert!(matches("(?m)a.b", "a\nb"));
        assert!(matches("(?m:a.b)", "a\nb"));
        assert!(!matches("a.b", "a\nb"));
        assert!(matches("(?i)A(?a:b)", "ab"));
    }

    /// The reference says `true` (it finds the `c`); the backtracking engine gives up
    /// first: an error naming the pattern, never a silent non-match, and no endless loop
    /// in `find_all` (it used to retry the failing position forever).
    #[test]
    fn catastrophic_backtracking_is_an_error() {
        let re = Regexp::new(r"(a*)*\1b|c").expect("valid pattern");
        let text = "aaaaaaaaaaaaaaaaaac";
        for e in [
            re.is_match(text).err(),
            re.captures(text).err(),
            re.find_all(text).err(),
        ] {
            let message = e.expect("an error").message;
            assert_eq!(
                message,
                r"regexp backtracking limit exceeded matching /(a*)*\1b|c/"
            );
        }
        assert_eq!(re.find_all("cc").map(|m| m.len()).ok(), Some(2));
    }

    #[test]
    fn errors_are_worded_as_ruby_words_them() {
        assert_eq!(
            Regexp::new("(").err().as_deref(),
            Some("end pattern with unmatched parenthesis")
        );
        assert_eq!(
            Regexp::new("[b-a]").err().as_deref(),
            Some("empty range in char class")
        );
    }

    /// Found by the corpus area `regexp_onigmo` (session 46), each as Onigmo reads it:
    /// subexpression calls (`fancy-regex` 0.20), an option switch holding to the end of its
    /// group across `|`, named conditions, `\<` and `\g1` as characters, `\u{...}` code
    /// points, `\C-x` controls; the absent operator refused rather than matched otherwise.
    #[test]
    fn onigmo_constructs_read_as_onigmo() {
        let first = |p: &str, t: &str| {
            Regexp::new(p)
                .unwrap()
                .captures(t)
                .unwrap()
                .map(|c| c[0].clone().unwrap_or_default())
        };
        assert_eq!(first(r"(?<x>ab)\g<x>", "xabab").as_deref(), Some("abab"));
        assert_eq!(first(r"(a|b)\g<1>", "ab").as_deref(), Some("ab"));
        assert_eq!(first(r"(a|b)c\g<-1>", "acb").as_deref(), Some("acb"));
        let balanced = r"\A(?<b>\((?:[^()]|\g<b>)*\))\z";
        assert!(first(balanced, "(a(b))").is_some());
        assert!(first(balanced, "(a(b)").is_none());
        assert_eq!(first("a(?i)b|c", "abc").as_deref(), Some("ab"));
        assert_eq!(first("a(?i)b|c", "c"), None);
        assert_eq!(first("a(?i)b|c", "aC").as_deref(), Some("aC"));
        assert_eq!(first("(x(?i)b|c)", "c"), None);
        assert_eq!(first(r"(?<n>a)?(?(<n>)b|c)", "ab").as_deref(), Some("ab"));
        assert_eq!(first(r"(?<n>a)?(?('n')b|c)", "c").as_deref(), Some("c"));
        assert_eq!(first(r"(a)?(?(1)b|c)", "c").as_deref(), Some("c"));
        assert_eq!(first(r"\<a\>", "<a>").as_deref(), Some("<a>"));
        assert_eq!(first(r"\<", "ab"), None);
        assert_eq!(first(r"\g1", "g1").as_deref(), Some("g1"));
        assert_eq!(
            first(r"\u{41 42}\u{e9}\u00e9", "ABéé").as_deref(),
            Some("ABéé")
        );
        assert_eq!(first(r"\C-j", "x\n").as_deref(), Some("\n"));
        assert!(Regexp::new("(?~ab)")
            .err()
            .is_some_and(|e| e.contains("absent operator")));
        assert!(Regexp::new(r"[(?~ab)]").is_ok());
    }
}
