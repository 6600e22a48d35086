//! Declarative signatures for built-in functions and the dispatcher that picks the first
//! signature accepting a call, or describes why none does in the reference's words.
//!
//! A signature is written like a Puppet parameter list: `Iterable $enumerable,
//! Integer[1] $size?, Any *$rest, Callable[1, 2] &$block` (`?` optional, `*` repeated,
//! `+` repeated at least once, `&` the block, `&$block?` an optional block). Each is parsed
//! once per thread and cached; what a call checks first of each (its [`Shape`]) is kept for
//! the process.

mod describe;
mod memo;

pub use memo::DispatchMemo;

use super::shims;
use crate::error::Error;
use crate::eval::{Closure, Evaluator};
use crate::types::sendable::{self, Sendable};
use crate::types::{IntRange, PType};
use crate::values::Value;
use std::cell::{OnceCell, RefCell};
use std::rc::Rc;
use std::sync::{Arc, Mutex};

/// Effectively unbounded.
pub const MANY: usize = usize::MAX;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arity {
    Required,
    Optional,
    /// `*$x`: any number, including none.
    Repeated,
    /// `+$x`: at least one.
    RepeatedAtLeastOne,
}

#[derive(Debug)]
pub struct Param {
    pub name: String,
    pub ty: PType,
    /// The type as written (shown in "It expects one of" listings).
    pub shown: String,
    pub arity: Arity,
}

#[derive(Debug, Clone)]
pub struct BlockParam {
    pub name: String,
    /// The number of arguments the function passes: `Callable[1, 2]` → `Some((1, 2))`;
    /// `None` for a bare `Callable` (any lambda).
    pub count: Option<(usize, usize)>,
    /// The counts of a `Variant` of Callables' other members (`Variant[Callable[1, 1],
    /// Callable[2, 2]]`: `count` the first's, these the others'): a lambda fitting one of
    /// them is accepted.
    pub also: Vec<(usize, usize)>,
    pub optional: bool,
    pub shown: String,
}

#[derive(Debug)]
pub struct Signature {
    pub params: Vec<Param>,
    pub block: Option<BlockParam>,
    /// An argument-mismatch handler (written with a leading `!`): tried only when no
    /// ordinary signature accepts the call, and left out of error descriptions, so that
    /// the function can word its own error.
    pub fallback: bool,
}

impl Signature {
    /// Parses a signature written as a parameter list.
    pub fn parse(src: &str) -> Result<Signature, String> {
        let (fallback, src) = match src.trim_start().strip_prefix('!') {
            Some(rest) => (true, rest),
            None => (false, src),
        };
        let mut params = Vec::new();
        let mut block = None;
        for entry in split_top_level(src) {
            let entry = entry.trim();
            if entry.is_empty() {
                continue;
            }
            let dollar = entry
                .rfind('$')
                .ok_or_else(|| format!("no parameter name in '{entry}'"))?;
            let (head, name) = entry.split_at(dollar);
            let mut name = &name[1..];
            let head = head.trim_end();
            let (type_src, marker) = match head.chars().last() {
                Some(c @ ('*' | '+' | '&')) => (head[..head.len() - 1].trim_end(), Some(c)),
                _ => (head, None),
            };
            let optional = name.ends_with('?');
            if optional {
                name = &name[..name.len() - 1];
            }
            if marker == Some('&') {
                // A local type of the reference's built-in (`lookup`'s `BlockType`): its
                // definition gives the count; listed with its definition when optional, and
                // not at all when required (the reference's describer shows a block only
                // when its type is a Callable or an Optional, not an alias).
                let ((count, also), shown) =
                    match crate::types::typesrc::local_type_definition(type_src) {
                        Some(definition) if optional => (
                            callable_counts(definition)?,
                            format!("{type_src} = {}", with_local_definitions(definition)),
                        ),
                        Some(definition) => (callable_counts(definition)?, String::new()),
                        None => (callable_counts(type_src)?, type_src.to_string()),
                    };
                block = Some(BlockParam {
                    name: name.to_string(),
                    count,
                    also,
                    optional,
                    shown,
                });
                continue;
            }
            let ty = crate::types::typesrc::parse_type(type_src)?;
            // (a local type of the reference's built-in shows with its definition)
            let shown = if crate::types::typesrc::names_local_type(type_src)
                || matches!(ty, crate::types::PType::ObjectType(_))
            {
                crate::types::display::alias_display(&ty)
            } else {
                type_src.to_string()
            };
            let arity = match (marker, optional) {
                (Some('*'), _) => Arity::Repeated,
                (Some('+'), _) => Arity::RepeatedAtLeastOne,
                (_, true) => Arity::Optional,
                _ => Arity::Required,
            };
            params.push(Param {
                name: name.to_string(),
                ty,
                shown,
                arity,
            });
        }
        Ok(Signature {
            params,
            block,
            fallback,
        })
    }

    /// The number of arguments accepted (not counting the block): `(min, max)`.
    pub fn count_range(&self) -> (usize, usize) {
        let mut min = 0;
        let mut max = 0usize;
        for p in &self.params {
            match p.arity {
                Arity::Required => {
                    min += 1;
                    max += 1
                }
                Arity::Optional => max += 1,
                Arity::Repeated => max = MANY,
                Arity::RepeatedAtLeastOne => {
                    min += 1;
                    max = MANY
                }
            }
        }
        (min, max)
    }

    /// The parameter an argument position binds to (repeated parameters take the rest).
    pub fn param_at(&self, index: usize) -> Option<&Param> {
        self.params
            .get(index)
            .or_else(|| self.params.last().filter(|p| is_repeated(p.arity)))
    }

    /// The reference's listing form: `Hash hash, Callable[2, 2] block`.
    pub fn display(&self) -> String {
        // (a signature without parameters is shown empty, its block too, as the reference)
        if self.params.is_empty() {
            return String::new();
        }
        let mut parts: Vec<String> = self
            .params
            .iter()
            .map(|p| {
                let indicator = match p.arity {
                    Arity::Required => "",
                    Arity::Optional => "?",
                    Arity::Repeated => "*",
                    Arity::RepeatedAtLeastOne => "+",
                };
                let shown = match p.arity {
                    Arity::Optional => strip_optional(&p.shown),
                    _ => &p.shown,
                };
                format!("{shown} {}{indicator}", p.name)
            })
            .collect();
        if let Some(b) = self.block.as_ref().filter(|b| !b.shown.is_empty()) {
            let q = if b.optional { "?" } else { "" };
            parts.push(format!("{} {}{q}", b.shown, b.name));
        }
        parts.join(", ")
    }
}

/// A local type's definition with the local types it names shown with theirs
/// (`Callable[NameType = Variant[String, Array[String]]]`), as the reference prints a
/// block's alias.
fn with_local_definitions(definition: &str) -> String {
    let mut out = String::new();
    let mut rest = definition;
    while let Some(start) = rest.find(|c: char| c.is_ascii_uppercase()) {
        out.push_str(&rest[..start]);
        let word_len = rest[start..]
            .find(|c: char| !c.is_ascii_alphanumeric() && c != '_')
            .unwrap_or(rest.len() - start);
        let word = &rest[start..start + word_len];
        match crate::types::typesrc::local_type_definition(word) {
            Some(inner) => out.push_str(&format!("{word} = {inner}")),
            None => out.push_str(word),
        }
        rest = &rest[start + word_len..];
    }
    out.push_str(rest);
    out
}

/// The argument counts a block type allows: a Callable's ([`callable_count`]), or a
/// `Variant` of Callables' (the reference's `block_param` takes a Callable "or PVariantType
/// thereof"): the first member's and the others'; any lambda when one member is a bare
/// `Callable`.
type Counts = (Option<(usize, usize)>, Vec<(usize, usize)>);

fn callable_counts(src: &str) -> Result<Counts, String> {
    let Some(members) = src
        .strip_prefix("Variant[")
        .and_then(|s| s.strip_suffix(']'))
    else {
        return Ok((callable_count(src)?, Vec::new()));
    };
    let mut counts = Vec::new();
    for member in split_top_level(members) {
        match callable_count(member.trim())? {
            Some(c) => counts.push(c),
            None => return Ok((None, Vec::new())),
        }
    }
    let mut counts = counts.into_iter();
    Ok((counts.next(), counts.collect()))
}

/// The argument count a block type allows: `Callable[1, 2]` → `(1, 2)`, `Callable[Type,
/// Type]` → `(2, 2)`, a bare `Callable` → `None` (any lambda).
fn callable_count(src: &str) -> Result<Option<(usize, usize)>, String> {
    let Some(inner) = src.strip_prefix("Callable") else {
        return Err(format!("a block must be a Callable, not '{src}'"));
    };
    let inner = inner.trim();
    if inner.is_empty() {
        return Ok(None);
    }
    let inner = inner
        .strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
        .ok_or_else(|| format!("bad block type '{src}'"))?;
    let parts: Vec<&str> = split_top_level(inner).into_iter().map(str::trim).collect();
    let number = |s: &str| -> Result<usize, String> {
        if s == "default" {
            return Ok(MANY);
        }
        s.parse().map_err(|_| format!("bad count '{s}' in '{src}'"))
    };
    if parts[0].starts_with(|c: char| c.is_ascii_digit()) {
        let from = number(parts[0])?;
        let to = parts.get(1).map_or(Ok(MANY), |s| number(s))?;
        Ok(Some((from, to)))
    } else {
        Ok(Some((parts.len(), parts.len())))
    }
}

fn is_repeated(a: Arity) -> bool {
    matches!(a, Arity::Repeated | Arity::RepeatedAtLeastOne)
}

fn strip_optional(shown: &str) -> &str {
    shown
        .strip_prefix("Optional[")
        .and_then(|s| s.strip_suffix(']'))
        .unwrap_or(shown)
}

/// Splits at commas outside brackets, quotes and regexps.
fn split_top_level(src: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut quote: Option<char> = None;
    let mut start = 0;
    for (i, c) in src.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '\'') => quote = Some('\''),
            (None, '/') if depth > 0 => quote = Some('/'),
            (None, '[') => depth += 1,
            (None, ']') => depth -= 1,
            (None, ',') if depth == 0 => {
                parts.push(&src[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&src[start..]);
    parts
}

/// The number of arguments a lambda accepts: `(required, max)`.
pub fn lambda_range(c: &Closure) -> (usize, usize) {
    let params = &c.lambda.params;
    let required = params
        .iter()
        .filter(|p| p.default.is_none() && !p.captures_rest)
        .count();
    let max = if c.captures_rest() {
        MANY
    } else {
        params.len()
    };
    (required, max)
}

/// Whether a signature accepts the arguments and the (absent) block.
fn accepts(sig: &Signature, args: &[Value], block: Option<&Closure>) -> bool {
    let (min, max) = sig.count_range();
    if args.len() < min || args.len() > max {
        return false;
    }
    let types_ok = args.iter().enumerate().all(|(i, a)| {
        sig.param_at(i)
            .is_some_and(|p| shims::is_instance(&p.ty, a))
    });
    types_ok && block_ok(sig.block.as_ref().map(BlockRule::of).as_ref(), block)
}

/// What a signature asks of the block: the number of arguments it passes (`None`: any
/// lambda) and whether the block may be left out.
#[derive(Debug, Clone)]
struct BlockRule {
    count: Option<(usize, usize)>,
    /// A `Variant`'s other members' counts ([`BlockParam::also`]).
    also: Box<[(usize, usize)]>,
    optional: bool,
}

impl BlockRule {
    fn of(b: &BlockParam) -> BlockRule {
        BlockRule {
            count: b.count,
            also: b.also.as_slice().into(),
            optional: b.optional,
        }
    }
}

fn block_ok(rule: Option<&BlockRule>, block: Option<&Closure>) -> bool {
    match (block, rule) {
        (None, None) => true,
        (None, Some(b)) => b.optional,
        (Some(_), None) => false,
        (Some(c), Some(b)) => match b.count {
            None => true,
            Some(first) => {
                let (req, max) = lambda_range(c);
                let fits = |&(from, to): &(usize, usize)| req <= from && to <= max;
                fits(&first) || b.also.iter().any(fits)
            }
        },
    }
}

/// Where a declaration is (address and length of the static slice).
type DeclKey = (usize, usize);

/// How an argument is checked against a parameter's type: by the value's kind alone
/// (its bit in [`memo::kind_bit`]) for the kinds the type accepts or refuses whatever the
/// value (`yes`, and neither set), by the general instance check for the others (`maybe`).
/// The unconstrained types most built-ins take (`Any`, `String`, `Numeric`, `Array`, `Regexp`,
/// ...), `Undef`, and `Optional`s and `Variant`s of those, are decided by kind for every kind;
/// a constrained one (`String[1]`, `Array[String]`) refuses the other kinds by kind; types
/// not told apart here (aliases, `Pattern`, `Iterable`, ...) check every kind by type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Check {
    /// The kinds every value of which is an instance.
    yes: u32,
    /// The kinds whose values are checked by type.
    maybe: u32,
}

/// Kinds' bits ([`memo::kind_bit`]).
mod kinds {
    pub const UNDEF: u32 = 1 << 0;
    pub const BOOLEAN: u32 = 1 << 2;
    pub const INTEGER: u32 = 1 << 3;
    pub const NAN: u32 = 1 << 4;
    pub const FLOAT: u32 = 1 << 5;
    pub const STRING: u32 = 1 << 6;
    pub const REGEXP: u32 = 1 << 7;
    pub const ARRAY: u32 = 1 << 8;
    pub const HASH: u32 = 1 << 9;
    pub const TYPE: u32 = 1 << 10;
    /// Every kind.
    pub const ALL: u32 = (1 << 20) - 1;
}

impl Check {
    /// Every value of `kinds` is an instance; no other is.
    const fn yes(kinds: u32) -> Check {
        Check {
            yes: kinds,
            maybe: 0,
        }
    }

    /// Values of `kinds` are checked by type; no other is an instance.
    const fn maybe(kinds: u32) -> Check {
        Check {
            yes: 0,
            maybe: kinds,
        }
    }

    /// Every value is checked by type.
    const GENERAL: Check = Check::maybe(kinds::ALL);

    fn of(t: &PType) -> Check {
        use kinds::*;
        let unbounded = |size: &IntRange| size.from <= 0 && size.to == i64::MAX;
        let by = |decided: bool, kinds: u32| {
            if decided {
                Check::yes(kinds)
            } else {
                Check::maybe(kinds)
            }
        };
        match t {
            PType::Any => Check::yes(ALL),
            PType::Undef => Check::yes(UNDEF),
            PType::String { size, value } => by(value.is_none() && unbounded(size), STRING),
            // (a float that is not a number is one: as the reference, whose Numeric is a
            // Ruby class)
            PType::Numeric => Check::yes(INTEGER | NAN | FLOAT),
            PType::Integer(r) => by(r.from == i64::MIN && r.to == i64::MAX, INTEGER),
            // (the full range holds every float but NaN, as its bounds are compared)
            PType::Float(lo, hi) if *lo == f64::NEG_INFINITY && *hi == f64::INFINITY => {
                Check::yes(FLOAT)
            }
            PType::Float(..) => Check::maybe(FLOAT | NAN),
            PType::Boolean(b) => by(b.is_none(), BOOLEAN),
            // (every regexp is a `Regexp`; one with a pattern is told by its source)
            PType::Regexp(r) => by(r.is_none(), REGEXP),
            PType::Array(e, size) => by(**e == PType::Any && unbounded(size), ARRAY),
            PType::Hash(k, v, size) => by(
                **k == PType::Any && **v == PType::Any && unbounded(size),
                HASH,
            ),
            PType::Collection(size) => by(unbounded(size), ARRAY | HASH),
            PType::Type(t) => by(t.is_none(), TYPE),
            PType::Optional(Some(t)) => {
                let c = Check::of(t);
                Check {
                    yes: c.yes | UNDEF,
                    maybe: c.maybe & !UNDEF,
                }
            }
            PType::Variant(ts) if !ts.is_empty() => {
                let (yes, maybe) = ts
                    .iter()
                    .map(Check::of)
                    .fold((0, 0), |(y, m), c| (y | c.yes, m | c.maybe));
                Check {
                    yes,
                    maybe: maybe & !yes,
                }
            }
            _ => Check::GENERAL,
        }
    }

    /// Whether it decides every value by kind.
    fn by_kind(self) -> bool {
        self.maybe == 0
    }

    /// Whether it decides `v` by kind.
    #[inline]
    fn decides(self, v: &Value) -> bool {
        self.maybe & memo::kind_bit(v) == 0
    }

    /// Whether `v` passes: by kind, or else by `by_type` (the general instance check).
    #[inline]
    fn accepts(self, v: &Value, by_type: impl FnOnce() -> bool) -> bool {
        let bit = memo::kind_bit(v);
        if self.yes & bit != 0 {
            true
        } else if self.maybe & bit != 0 {
            by_type()
        } else {
            false
        }
    }
}

/// What a call checks first of one signature: the number of arguments it takes, how each
/// parameter checks its argument, the block it takes. It holds no type (types are made of
/// `Rc`s), so the process keeps it ([`SHAPES`]): a fresh session's thread dispatches a
/// built-in whose parameters are all checked by kind without parsing its signatures
/// (`include`'s `Any +$names` took ~5 k instructions and cold code to parse in every fresh
/// session).
struct Shape {
    fallback: bool,
    min: usize,
    max: usize,
    /// Per parameter.
    checks: Box<[Check]>,
    /// Whether a parameter is checked by its type (`Check::General`).
    by_type: bool,
    block: Option<BlockRule>,
}

impl Shape {
    fn of(sig: &Signature) -> Shape {
        let (min, max) = sig.count_range();
        let checks: Box<[Check]> = sig.params.iter().map(|p| Check::of(&p.ty)).collect();
        Shape {
            fallback: sig.fallback,
            min,
            max,
            by_type: checks.iter().any(|c| !c.by_kind()),
            checks,
            block: sig.block.as_ref().map(BlockRule::of),
        }
    }

    /// Whether it refuses or accepts `args` by their kinds alone (by their number, or
    /// with each argument's kind decided by its parameter's check): `Some(0)`; or else by
    /// their kinds and the texts of the string arguments checked by type: `Some` of those
    /// arguments' positions (bits); `None` when another argument is checked by type (or a
    /// string past the sixteenth).
    fn by_kinds(&self, args: &[Value]) -> Option<u16> {
        if !self.by_type || args.len() < self.min || args.len() > self.max {
            return Some(0);
        }
        let last = self.checks.len().saturating_sub(1);
        let mut texts = 0u16;
        for (i, a) in args.iter().enumerate() {
            match self.checks.get(i.min(last)) {
                Some(c) if c.decides(a) => {}
                // (a string's instance check reads its text alone)
                Some(_) if matches!(a, Value::String(_)) && i < 16 => texts |= 1 << i,
                _ => return None,
            }
        }
        Some(texts)
    }

    /// [`accepts`], with the checks made at parsing (`sig`: the parsed signature, for the
    /// parameters checked by their type; `None` when none is).
    fn accepts(&self, sig: Option<&Signature>, args: &[Value], block: Option<&Closure>) -> bool {
        if args.len() < self.min || args.len() > self.max {
            return false;
        }
        // (past the parameters, the arguments bind to the last one, repeated: the count
        // allows no more otherwise)
        let last = self.checks.len().saturating_sub(1);
        let types_ok = args.iter().enumerate().all(|(i, a)| {
            let i = i.min(last);
            self.checks.get(i).is_some_and(|c| {
                c.accepts(a, || {
                    sig.and_then(|s| s.params.get(i))
                        .is_some_and(|p| shims::is_instance(&p.ty, a))
                })
            })
        });
        types_ok && block_ok(self.block.as_ref(), block)
    }
}

/// A built-in's signatures as a thread knows them: their shapes, and the signatures parsed
/// when a parameter is checked by its type (at the thread's first call) or a call fails
/// (to describe why).
struct Known {
    shapes: Arc<[Shape]>,
    sigs: OnceCell<Rc<[Signature]>>,
}

impl Known {
    fn sigs(&self, name: &str, decl: &'static [&'static str]) -> Result<&Rc<[Signature]>, Error> {
        if let Some(sigs) = self.sigs.get() {
            return Ok(sigs);
        }
        let sigs = parse_all(name, decl)?;
        Ok(self.sigs.get_or_init(|| sigs))
    }
}

thread_local! {
    // Asked at every call of a built-in that checks its signatures: keyed by the address
    // and length of the declaration (a static), so a look-up hashes two words.
    // SAFETY: a thread-local's value.
    static CACHE: crate::syntax::thread_cache::ThreadCache<RefCell<rustc_hash::FxHashMap<DeclKey, Rc<Known>>>> = const {
        unsafe {
            crate::syntax::thread_cache::ThreadCache::new(RefCell::new(std::collections::HashMap::with_hasher(
                rustc_hash::FxBuildHasher,
            )))
        }
    };
}

/// The shapes of the built-ins' signatures the process has parsed, by declaration (a
/// static: its address is the same on every thread). As many as the built-ins.
static SHAPES: Mutex<Option<rustc_hash::FxHashMap<DeclKey, Arc<[Shape]>>>> = Mutex::new(None);

fn kept_shapes(
) -> std::sync::MutexGuard<'static, Option<rustc_hash::FxHashMap<DeclKey, Arc<[Shape]>>>> {
    // (each change is one insert: a panic elsewhere leaves it whole)
    SHAPES.lock().unwrap_or_else(|e| e.into_inner())
}

/// A signature as every thread can have it: its types in their sendable form
/// (`types::sendable`).
struct KeptSignature {
    params: Vec<(String, Sendable, String, Arity)>,
    block: Option<BlockParam>,
    fallback: bool,
}

impl KeptSignature {
    /// `None` when a type has no sendable form (then each thread parses it).
    fn of(s: &Signature) -> Option<KeptSignature> {
        let params = (s.params.iter())
            .map(|p| {
                let ty = sendable::freeze(&p.ty, &mut |_| None)?;
                Some((p.name.clone(), ty, p.shown.clone(), p.arity))
            })
            .collect::<Option<_>>()?;
        Some(KeptSignature {
            params,
            block: s.block.clone(),
            fallback: s.fallback,
        })
    }

    fn signature(&self) -> Option<Signature> {
        let params = (self.params.iter())
            .map(|(name, ty, shown, arity)| {
                Some(Param {
                    name: name.clone(),
                    // (frozen without aliases: none to give)
                    ty: sendable::thaw(ty, &|_| PType::Any)?,
                    shown: shown.clone(),
                    arity: *arity,
                })
            })
            .collect::<Option<_>>()?;
        Some(Signature {
            params,
            block: self.block.clone(),
            fallback: self.fallback,
        })
    }
}

/// The built-ins' signatures the process has parsed, by declaration, for the threads that
/// need them after (a fresh session parsed the signatures of each built-in it called with a
/// parameter checked by its type again: ~13 k instructions a built-in, 80 k of a fresh
/// session of `include collectd`). `None`: a type has no sendable form.
static SIGNATURES: Mutex<Option<KeptSignatures>> = Mutex::new(None);

type KeptSignatures = rustc_hash::FxHashMap<DeclKey, Option<Arc<[KeptSignature]>>>;

fn kept_signatures() -> std::sync::MutexGuard<'static, Option<KeptSignatures>> {
    // (each change is one insert: a panic elsewhere leaves it whole)
    SIGNATURES.lock().unwrap_or_else(|e| e.into_inner())
}

/// The signatures of a built-in's declaration (a static: its address names it on every
/// thread).
fn parse_all(name: &str, decl: &'static [&'static str]) -> Result<Rc<[Signature]>, Error> {
    let key = (decl.as_ptr() as usize, decl.len());
    let found = kept_signatures()
        .as_ref()
        .and_then(|m| m.get(&key).cloned().flatten());
    if let Some(sigs) = found {
        if let Some(sigs) = sigs.iter().map(KeptSignature::signature).collect() {
            return Ok(sigs);
        }
    }
    let sigs: Rc<[Signature]> = decl
        .iter()
        .map(|d| Signature::parse(d))
        .collect::<Result<_, _>>()
        .map_err(|e| Error::eval(format!("internal error: bad signature for '{name}': {e}")))?;
    let sendable = sigs.iter().map(KeptSignature::of).collect();
    kept_signatures()
        .get_or_insert_with(Default::default)
        .insert(key, sendable);
    Ok(sigs)
}

/// A built-in's signatures as this thread knows them (cached): from the process's shapes
/// when it has them (parsed now only if a parameter is checked by its type), else parsed.
fn known_of(name: &'static str, decl: &'static [&'static str]) -> Result<Rc<Known>, Error> {
    let key = (decl.as_ptr() as usize, decl.len());
    if let Some(k) = CACHE.with(|c| c.borrow().get(&key).cloned()) {
        return Ok(k);
    }
    let kept = kept_shapes().as_ref().and_then(|m| m.get(&key).cloned());
    let known = match kept {
        Some(shapes) => {
            let known = Known {
                shapes,
                sigs: OnceCell::new(),
            };
            if known.shapes.iter().any(|s| s.by_type) {
                known.sigs(name, decl)?;
            }
            known
        }
        None => {
            let sigs = parse_all(name, decl)?;
            let shapes: Arc<[Shape]> = sigs.iter().map(Shape::of).collect();
            kept_shapes()
                .get_or_insert_with(Default::default)
                .insert(key, shapes.clone());
            Known {
                shapes,
                sigs: OnceCell::from(sigs),
            }
        }
    };
    let known = Rc::new(known);
    CACHE.with(|c| c.borrow_mut().insert(key, known.clone()));
    Ok(known)
}

/// Picks the first signature of the running built-in that accepts the call and returns its
/// index, or the reference's error describing why none does.
pub fn dispatch(ev: &Evaluator, args: &[Value], block: Option<&Closure>) -> Result<usize, Error> {
    let decl = ev.current_signatures;
    // (a call of a built-in whose parameters check its arguments by kind picks what the
    // last call with arguments of the same kinds, and a block of the same counts, picked)
    let kinds = match block {
        None => memo::Kinds::of(args),
        Some(c) => memo::Kinds::with_block(args, lambda_range(c)),
    };
    if let Some(kinds) = kinds {
        if let Some(i) = ev.dispatch_memo.get(decl, kinds, args) {
            return Ok(i);
        }
    }
    let (i, by_kind) = pick(ev.current_builtin, decl, args, block)?;
    match (kinds, by_kind) {
        (Some(kinds), Some(0)) => ev.dispatch_memo.set(decl, kinds, i, None),
        (Some(kinds), Some(which)) => {
            if let Some(texts) = memo::Texts::of(args, which) {
                ev.dispatch_memo.set(decl, kinds, i, Some((which, texts)));
            }
        }
        _ => {}
    }
    Ok(i)
}

/// `dispatch` for an explicitly named function and declaration.
pub fn dispatch_with(
    name: &'static str,
    decl: &'static [&'static str],
    args: &[Value],
    block: Option<&Closure>,
) -> Result<usize, Error> {
    pick(name, decl, args, block).map(|(i, _)| i)
}

/// [`dispatch_with`], and whether the signature was picked by the arguments' kinds alone
/// (`Some(0)`: then any call with arguments of the same kinds picks it, see `memo`), or by
/// their kinds and the texts of the string arguments at the positions of the bits it gives
/// (then any call with arguments of the same kinds and those same texts picks it).
fn pick(
    name: &'static str,
    decl: &'static [&'static str],
    args: &[Value],
    block: Option<&Closure>,
) -> Result<(usize, Option<u16>), Error> {
    let known = known_of(name, decl)?;
    let sigs = known.sigs.get();
    let first = |fallback: bool| {
        known.shapes.iter().enumerate().position(|(i, s)| {
            s.fallback == fallback && s.accepts(sigs.and_then(|g| g.get(i)), args, block)
        })
    };
    if let Some(i) = first(false).or_else(|| first(true)) {
        // (the shapes tried before the one picked, and it, answered by the arguments'
        // kinds alone: ordinary ones first, then the fallbacks)
        let fallback = known.shapes[i].fallback;
        let by_kinds = known
            .shapes
            .iter()
            .enumerate()
            .try_fold(0u16, |texts, (j, s)| {
                let tried = if fallback {
                    !s.fallback || j <= i
                } else {
                    !s.fallback && j <= i
                };
                if tried {
                    s.by_kinds(args).map(|t| texts | t)
                } else {
                    Some(texts)
                }
            });
        return Ok((i, by_kinds));
    }
    let sigs = known.sigs(name, decl)?;
    let ordinary: Vec<&Signature> = sigs.iter().filter(|s| !s.fallback).collect();
    Err(Error::eval(describe::describe(
        name, &ordinary, args, block,
    )))
}

/// `dispatch` for signatures made at run time (an object type's `new_P`): the index of the
/// first that accepts the arguments, or the reference's error.
pub fn dispatch_signatures(
    name: &str,
    sigs: &[Signature],
    args: &[Value],
    block: Option<&Closure>,
) -> Result<usize, Error> {
    if let Some(i) = sigs.iter().position(|s| accepts(s, args, block)) {
        return Ok(i);
    }
    let all: Vec<&Signature> = sigs.iter().collect();
    Err(Error::eval(describe::describe(name, &all, args, block)))
}

#[cfg(test)]
mod tests;
