//! The signatures recently picked for calls of built-ins, by the kinds of their arguments.
//!
//! A signature whose parameters are all checked by kind (`Check`: `String`, `Numeric`,
//! `Any`, `Variant[Collection, String]`, ...) accepts a call or not by the number of its
//! arguments and the kind of each alone, and by its block's counts of arguments; so does a
//! signature whose parameters check some kinds by type (`Optional[Pattern[...]]`) for a
//! call with none of those kinds where they bind. When every signature `dispatch` tried for
//! a call answered so, any call with arguments of the same kinds (and a block of the same
//! counts) picks the same one: it is kept here. Finding
//! the signature again cost ~300 instructions a call (the thread's table of known
//! signatures, then each shape's checks); finding it here costs a pass over the arguments
//! and one compared entry. A pick that a check by type decided is kept too when every
//! argument a check by type read is a string short enough to be part of the key (the flags
//! of `regsubst($s, 'a', 'b', 'G')`, checked against `Pattern[/^[GEIM]*$/]`: a string's
//! instance check reads its text alone); another (`compare(1, $timespan)`), and failing
//! calls, are not kept.

use crate::values::Value;
use std::cell::Cell;

/// How many calls are kept (entries are found by a hash of the declaration and the
/// kinds; a newer call in the same entry replaces an older one).
const ENTRIES: usize = 64;

/// At most this many arguments are told apart by kind (5 bits each, after the count).
const MAX_ARGS: usize = 12;

/// The signatures picked by recent calls of built-ins, in an evaluator.
pub struct DispatchMemo {
    entries: [Cell<Entry>; ENTRIES],
}

impl Default for DispatchMemo {
    fn default() -> DispatchMemo {
        DispatchMemo {
            entries: std::array::from_fn(|_| Cell::new(Entry::default())),
        }
    }
}

/// One call: the declaration (address and length of the static list of signatures, as
/// the thread's table keys it; address 0: empty), the kinds of its arguments, the index of
/// the signature picked; and when a check by type decided it, the positions of the
/// arguments it read (`texts_of`, all strings) and their texts ([`Texts::of`]).
/// (32 bytes: the fields a call compares are read from one copy of it)
#[derive(Clone, Copy, Default)]
struct Entry {
    decl: usize,
    decl_len: u32,
    index: u16,
    texts_of: u16,
    kinds: u64,
    texts: u64,
}

impl DispatchMemo {
    /// The signature picked last for a call of `decl` with arguments `args` of these
    /// `kinds`.
    #[inline]
    pub fn get(
        &self,
        decl: &'static [&'static str],
        kinds: Kinds,
        args: &[Value],
    ) -> Option<usize> {
        let e = self.entries[slot(decl, kinds)].get();
        (e.decl == decl.as_ptr() as usize
            && e.decl_len as usize == decl.len()
            && e.kinds == kinds.0
            && (e.texts_of == 0 || same_texts(args, e.texts_of, e.texts)))
        .then_some(e.index as usize)
    }

    /// Keeps the signature picked for a call of `decl` with arguments of these `kinds`
    /// (and, with `texts`, the texts of the string arguments a check by type read).
    pub fn set(
        &self,
        decl: &'static [&'static str],
        kinds: Kinds,
        index: usize,
        texts: Option<(u16, Texts)>,
    ) {
        let (texts_of, Texts(texts)) = texts.unwrap_or((0, Texts(0)));
        // (no built-in has this many signatures: such a pick is not kept)
        let Ok(index) = u16::try_from(index) else {
            return;
        };
        self.entries[slot(decl, kinds)].set(Entry {
            decl: decl.as_ptr() as usize,
            decl_len: decl.len() as u32,
            index,
            kinds: kinds.0,
            texts_of,
            texts,
        });
    }
}

/// Whether the arguments at the bits of `which` have the texts `texts` (out of the calls'
/// usual path: most entries keep no texts).
#[inline(never)]
fn same_texts(args: &[Value], which: u16, texts: u64) -> bool {
    Texts::of(args, which) == Some(Texts(texts))
}

/// The texts of some string arguments, one after the other, each after its length (one
/// byte), in 8 bytes: a key that tells any two lists of texts apart (its positions are
/// fixed by the entry: the arguments at the bits of its `texts_of`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Texts(u64);

impl Texts {
    /// The texts of the arguments at the positions of the bits of `which`; `None` when one
    /// is not a string, is missing, or they do not fit.
    #[inline]
    pub fn of(args: &[Value], which: u16) -> Option<Texts> {
        let mut key = [0u8; 8];
        let mut at = 0;
        let mut rest = which;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let Some(Value::String(s)) = args.get(i) else {
                return None;
            };
            let end = at + 1 + s.len();
            if end > key.len() {
                return None;
            }
            key[at] = s.len() as u8;
            key[at + 1..end].copy_from_slice(s.as_bytes());
            at = end;
        }
        Some(Texts(u64::from_le_bytes(key)))
    }
}

fn slot(decl: &'static [&'static str], kinds: Kinds) -> usize {
    let h = (decl.as_ptr() as u64 >> 3) ^ (kinds.0.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40);
    (h as usize ^ decl.len()) % ENTRIES
}

/// The number of arguments and the kind of each, all that a check by kind sees.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Kinds(u64);

impl Kinds {
    /// The kinds of `args`; `None` when there are too many to tell apart.
    #[inline]
    pub fn of(args: &[Value]) -> Option<Kinds> {
        if args.len() > MAX_ARGS {
            return None;
        }
        let mut k = args.len() as u64;
        for (i, a) in args.iter().enumerate() {
            k |= kind(a) << (4 + 5 * i);
        }
        Some(Kinds(k))
    }

    /// The kinds of `args` and of a block taking `required` to `max` arguments (all that
    /// a signature's block rule sees of it, `lambda_range`); `None` when there are too
    /// many arguments, or the counts are too large, to tell apart.
    #[inline]
    pub fn with_block(args: &[Value], (required, max): (usize, usize)) -> Option<Kinds> {
        if args.len() > MAX_BLOCK_ARGS || required > 15 || (max > 14 && max != super::MANY) {
            return None;
        }
        let max = if max == super::MANY { 15 } else { max };
        let Kinds(k) = Kinds::of(args)?;
        Some(Kinds(
            k | (required as u64) << BLOCK_AT | (max as u64) << (BLOCK_AT + 4) | 1 << 63,
        ))
    }
}

/// At most this many arguments are told apart by kind in a call with a block (the bits
/// past theirs hold the block's counts).
const MAX_BLOCK_ARGS: usize = 8;

/// Where the counts of a block's arguments start (past `MAX_BLOCK_ARGS` arguments).
const BLOCK_AT: usize = 4 + 5 * MAX_BLOCK_ARGS;

/// The bit of a value's kind ([`kind`]) in a [`super::Check`]'s sets.
#[inline]
pub(super) fn kind_bit(v: &Value) -> u32 {
    1 << kind(v)
}

/// A value's kind (a float that is not a number is one of its own: `Check::Float` refuses
/// it).
#[inline]
fn kind(v: &Value) -> u64 {
    match v {
        Value::Undef => 0,
        Value::Default => 1,
        Value::Boolean(_) => 2,
        Value::Integer(_) => 3,
        Value::Float(f) if f.is_nan() => 4,
        Value::Float(_) => 5,
        Value::String(_) => 6,
        Value::Regexp(_) => 7,
        Value::Array(_) => 8,
        Value::Hash(_) => 9,
        Value::Type(_) => 10,
        Value::Timespan(_) => 11,
        Value::Timestamp(_) => 12,
        Value::SemVer(_) => 13,
        Value::SemVerRange(_) => 14,
        Value::Sensitive(_) => 15,
        Value::Iterator(_) => 16,
        Value::Binary(_) => 17,
        Value::Object(_) => 18,
        Value::Uri(_) => 19,
    }
}
