//! Remembered instance checks of hashes against type aliases.
//!
//! Typed code checks the same record against the same alias again and again: `$s =~
//! Bp::Service`, then a function's `Bp::Service $s` parameter, then `assert_type(Array[
//! Bp::Service], ...)`, each a walk of the whole record with its nested aliases
//! (`deep_types.pp` checks each service three times and each of its backends four). A
//! check of a hash against an alias is remembered here by the two addresses, so that
//! checking it again costs a look-up.
//!
//! Why an answer stays right while its entry says it is:
//! - The entry holds weak references to both: their allocations cannot be reused by other
//!   values while it does, and it answers only while both still have strong references.
//!   Values are shared copy-on-write, so a hash changes only when nothing else holds it;
//!   a weak reference does not count as holding (`make_mut` moves the contents of a hash
//!   with only weak references out, leaving this allocation without strong references:
//!   the entry no longer answers), so in-place growth stays in place, without a copy.
//! - An alias's target changes only through [`super::TypeAlias::set_target`] (defining,
//!   resolving, restoring an alias), which starts a new generation: entries of an older
//!   generation do not answer. (A target may name other aliases, so any change forgets
//!   all.)
//! - A check that met the nesting limit (where the answer depends on the depth at which it
//!   started), or after which an error is deferred (a too-deep value, a pattern whose
//!   engine gave up: `limits::defer_error`, which the check must repeat), is not
//!   remembered.
//!
//! Only aliases whose checks go at least [`DEEP`] collections deep are remembered (a
//! record holding arrays or hashes of collections or records: `Bp::Service`,
//! `Bp::Backend`): a flat record's check (`Struct[{name => String[1], tags =>
//! Array[String]}]`) costs about what remembering it does, and each is mostly checked once.
//!
//! The table is direct-mapped (a new entry replaces the one in its slot), made on the
//! first check of a hash against an alias with [`FIRST_SLOTS`] slots and made four times
//! larger, up to [`SLOTS`], each time it has taken as many new entries as an eighth of its
//! slots (the live entries moved over; fuller, the entries a later one replaced were
//! checked again: `deep_types.pp` 3% more instructions when a table of 256 slots grew at
//! half full). Made at its full size at once, its 512 KiB were a third
//! of the page faults of a first `include collectd` (127 of 386: a fresh thread's table
//! is new memory) for the few entries a class's checks make, and writing it evicted what
//! the session had in the core's cache.
use super::{PType, TypeAlias};
use crate::values::Map;
use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};

/// Slots in the table at most: enough for the records of a few thousand typed services,
/// with their nested records, between checks of the same one (32 bytes a slot).
const SLOTS: usize = 1 << 14;

/// Slots in the table when it is made (32 KiB).
const FIRST_SLOTS: usize = 1 << 10;

/// The remembered checks: `slots` (none, or a power of two of them: `1 << bits`; 1 while
/// there are none), and how many entries were put in since it was made at this size.
struct Table {
    slots: Vec<Option<Entry>>,
    bits: u32,
    added: usize,
}

impl Table {
    /// The answer remembered for the pair, if any.
    fn get(&self, alias: &Rc<TypeAlias>, hash: &Rc<Map>, generation: u64) -> Option<bool> {
        // (no slots: `get` finds none)
        match self
            .slots
            .get(slot(Rc::as_ptr(alias), Rc::as_ptr(hash), self.bits))
        {
            Some(Some(e))
                if e.generation == generation
                    && std::ptr::eq(e.hash.as_ptr(), Rc::as_ptr(hash))
                    && std::ptr::eq(e.alias.as_ptr(), Rc::as_ptr(alias))
                    && e.hash.strong_count() > 0
                    && e.alias.strong_count() > 0 =>
            {
                Some(e.instance)
            }
            _ => None,
        }
    }

    /// Puts `entry` in its slot, first making the table (larger) when due; returns what
    /// it replaced, and the entries a larger table left behind, for the caller to drop
    /// after the borrow.
    fn put(&mut self, entry: Entry) -> (Option<Entry>, Vec<Option<Entry>>) {
        let mut left = Vec::new();
        if self.slots.is_empty() {
            self.slots.resize_with(FIRST_SLOTS, || None);
            self.bits = FIRST_SLOTS.trailing_zeros();
        } else if self.added >= self.slots.len() / 8 && self.slots.len() < SLOTS {
            left = self.grow(entry.generation);
        }
        self.added += 1;
        let at = slot(entry.alias.as_ptr(), entry.hash.as_ptr(), self.bits);
        (self.slots[at].replace(entry), left)
    }

    /// Four times the slots (at most [`SLOTS`]), with the entries that can still answer
    /// (current generation, both still held); returns the old slots.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, generation: u64) -> Vec<Option<Entry>> {
        let len = (self.slots.len() * 4).min(SLOTS);
        let mut slots: Vec<Option<Entry>> = Vec::new();
        slots.resize_with(len, || None);
        let mut old = std::mem::replace(&mut self.slots, slots);
        self.bits = len.trailing_zeros();
        self.added = 0;
        for e in &mut old {
            let live = e.as_ref().is_some_and(|e| {
                e.generation == generation
                    && e.hash.strong_count() > 0
                    && e.alias.strong_count() > 0
            });
            if live {
                let e = e.take().expect("a live entry");
                let at = slot(e.alias.as_ptr(), e.hash.as_ptr(), self.bits);
                self.slots[at] = Some(e);
                self.added += 1;
            }
        }
        old
    }
}

struct Entry {
    alias: Weak<TypeAlias>,
    hash: Weak<Map>,
    generation: u64,
    instance: bool,
}

thread_local! {
    /// (a thread cache: no destructor registered with the C library inside the first
    /// check's session, `crate::syntax::thread_cache`)
    // SAFETY: a thread-local's value.
    static TABLE: crate::syntax::thread_cache::ThreadCache<RefCell<Table>> = const {
        unsafe {
            crate::syntax::thread_cache::ThreadCache::new(RefCell::new(Table {
                slots: Vec::new(),
                bits: 1,
                added: 0,
            }))
        }
    };
    /// Changed whenever an alias's target changes.
    static GENERATION: Cell<u64> = const { Cell::new(0) };
    /// Set when a check meets the nesting limit (see [`met_limit`]).
    static LIMIT_MET: Cell<bool> = const { Cell::new(false) };
}

/// Forgets every remembered check (an alias's target changed).
pub(super) fn forget_all() {
    GENERATION.set(GENERATION.get().wrapping_add(1));
}

/// Notes that a check answered by the nesting limit: the check around it is not kept.
#[cold]
pub(super) fn met_limit() {
    LIMIT_MET.set(true);
}

/// The slot of the pair in a table of `1 << bits` slots (`bits` at least 1).
#[inline]
fn slot(alias: *const TypeAlias, hash: *const Map, bits: u32) -> usize {
    let a = alias as usize;
    let h = hash as usize;
    // (allocations are 16-byte aligned: the low bits say nothing)
    let mixed = ((h >> 4) ^ (a >> 4).rotate_left(23)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    mixed >> (usize::BITS - bits)
}

/// How many collection types nested in each other an alias's target must hold for its
/// checks to be remembered.
const DEEP: usize = 3;

/// Whether checks against `alias` are remembered: its target holds [`DEEP`] collection
/// types one in another (through the aliases it names); decided once a generation.
fn remembers(alias: &TypeAlias, generation: u64) -> bool {
    if let Some((g, r)) = alias.remembered.get() {
        if g == generation {
            return r;
        }
    }
    // (a type is looked at up to this many nodes: recursive aliases end there)
    let mut fuel = 64;
    let r = alias.with_resolved(|t| nesting(t, &mut fuel)) >= DEEP;
    alias.remembered.set(Some((generation, r)));
    r
}

/// How many collection types `t` holds one in another, up to [`DEEP`].
fn nesting(t: &PType, fuel: &mut usize) -> usize {
    if *fuel == 0 {
        return 0;
    }
    *fuel -= 1;
    let mut deepest = |types: &mut dyn Iterator<Item = &PType>| {
        let mut d = 0;
        for t in types {
            d = d.max(nesting(t, fuel));
            if d >= DEEP {
                break;
            }
        }
        d
    };
    match t {
        PType::Array(e, _) => 1 + nesting(e, fuel),
        PType::Hash(k, v, _) => 1 + deepest(&mut [&**k, &**v].into_iter()),
        PType::Tuple(ts, _) => 1 + deepest(&mut ts.iter()),
        PType::Struct(Some(members)) => 1 + deepest(&mut members.iter().map(|m| &m.value)),
        PType::Variant(ts) => deepest(&mut ts.iter()),
        PType::Optional(Some(t)) | PType::NotUndef(Some(t)) => nesting(t, fuel),
        PType::Alias(a) => a.with_resolved(|t| nesting(t, fuel)),
        _ => 0,
    }
    .min(DEEP)
}

/// Whether `hash` is an instance of `alias`: the remembered answer, or `check`'s
/// (remembered when it did not meet the nesting limit).
pub(super) fn instance(
    alias: &Rc<TypeAlias>,
    hash: &Rc<Map>,
    check: impl FnOnce() -> bool,
) -> bool {
    let generation = GENERATION.get();
    if !remembers(alias, generation) {
        return check();
    }
    let known = TABLE.with(|table| table.borrow().get(alias, hash, generation));
    if let Some(instance) = known {
        return instance;
    }
    let outer = LIMIT_MET.replace(false);
    let instance = check();
    let met = LIMIT_MET.get();
    LIMIT_MET.set(outer || met);
    // (a generation changed by the check itself, which no check does, is not kept either)
    if !met && GENERATION.get() == generation && !crate::limits::has_deferred_error() {
        let entry = Entry {
            alias: Rc::downgrade(alias),
            hash: Rc::downgrade(hash),
            generation,
            instance,
        };
        // (the replaced entries are dropped after the borrow: dropping them frees no value)
        let _old = TABLE.with(|table| table.borrow_mut().put(entry));
    }
    instance
}

#[cfg(test)]
mod tests {
    use super::super::testparse::{ty, value};
    use super::super::{is_instance, PType, TypeAlias};
    use crate::values::Value;
    use std::cell::RefCell;
    use std::rc::Rc;

    fn alias(name: &str, target: &str) -> (Rc<TypeAlias>, PType) {
        let a = Rc::new(TypeAlias {
            name: name.into(),
            target: RefCell::new(Some(ty(target))),
            invalid: Default::default(),
            remembered: Default::default(),
        });
        (a.clone(), PType::Alias(a))
    }

    /// A remembered answer is given again for the same hash, and forgotten when the alias
    /// changes or the hash is changed in place.
    #[test]
    fn answers_follow_the_alias_and_the_hash() {
        let (a, t) = alias(
            "Rec",
            "Struct[{a => Integer, Optional[deep] => Array[Array[Integer]]}]",
        );
        let v = value("{'a' => 1}").expect("value");
        assert!(is_instance(&t, &v));
        assert!(is_instance(&t, &v));
        let shared = v.clone();
        assert!(is_instance(&t, &shared));
        // (changed behind the table's back: the remembered answer is given)
        *a.target.borrow_mut() = Some(ty("Struct[{b => String}]"));
        assert!(is_instance(&t, &v));
        a.set_target(Some(ty(
            "Struct[{a => String, Optional[deep] => Array[Array[Integer]]}]",
        )));
        assert!(!is_instance(&t, &v));
        a.set_target(Some(ty(
            "Struct[{a => Integer, Optional[deep] => Array[Array[Integer]]}]",
        )));
        assert!(is_instance(&t, &v));
        // the only strong reference changes the hash in place
        drop(shared);
        let Value::Hash(mut h) = v else {
            panic!("a hash")
        };
        Rc::make_mut(&mut h).insert(Value::string("b"), Value::Integer(2));
        let v = Value::Hash(h);
        assert!(!is_instance(&t, &v));
        a.set_target(Some(ty(
            "Struct[{a => Integer, b => Integer, Optional[deep] => Array[Array[Integer]]}]",
        )));
        assert!(is_instance(&t, &v));
    }

    /// An alias nested in another is remembered for its own hashes, and an alias's
    /// answer for one hash is not another's.
    #[test]
    fn nested_aliases_and_other_hashes() {
        let (_, inner) = alias(
            "Inner",
            "Struct[{n => Integer[0, 9], Optional[deep] => Array[Array[Integer]]}]",
        );
        let (outer_alias, outer) = alias("Outer", "Struct[{i => Integer}]");
        outer_alias.set_target(Some(PType::Struct(Some(vec![
            super::super::StructMember {
                key: "i".into(),
                key_kind: super::super::KeyKind::Plain,
                value: inner.clone(),
            },
        ]))));
        let good = value("{'i' => {'n' => 1}}").expect("value");
        let bad = value("{'i' => {'n' => 10}}").expect("value");
        for _ in 0..2 {
            assert!(is_instance(&outer, &good));
            assert!(!is_instance(&outer, &bad));
            let (Value::Hash(g), Value::Hash(b)) = (&good, &bad) else {
                panic!("hashes")
            };
            assert!(is_instance(
                &inner,
                &g.get_string(&"i".into()).expect("i").clone()
            ));
            assert!(!is_instance(
                &inner,
                &b.get_string(&"i".into()).expect("i").clone()
            ));
        }
    }

    /// Only aliases nesting three collections are remembered; a recursive alias is
    /// measured without looping.
    #[test]
    fn deep_aliases_are_remembered() {
        let generation = super::GENERATION.get();
        let remembers = |t: &str| {
            let (a, _) = alias("A", t);
            super::remembers(&a, generation)
        };
        assert!(!remembers(
            "Struct[{name => String[1], tags => Array[String]}]"
        ));
        assert!(!remembers(
            "Variant[Struct[{a => Array[Integer]}], Integer]"
        ));
        assert!(remembers(
            "Struct[{a => Array[Struct[{b => Hash[String, Integer]}]]}]"
        ));
        assert!(remembers(
            "Struct[{a => Optional[Hash[String, Tuple[Array[Integer]]]]}]"
        ));
        let (tree, t) = alias("Tree", "Integer");
        tree.set_target(Some(PType::Array(
            Box::new(PType::Variant(vec![PType::integer(), t.clone()])),
            crate::types::IntRange::SIZE,
        )));
        assert!(super::remembers(&tree, super::GENERATION.get()));
        let (selfish, s) = alias("Loop", "Integer");
        selfish.set_target(Some(s));
        assert!(!super::remembers(&selfish, super::GENERATION.get()));
    }

    /// The table starts small and grows as entries come, keeping the answers it has.
    #[test]
    fn the_table_grows_from_small_and_keeps_its_answers() {
        use super::{Table, FIRST_SLOTS, SLOTS, TABLE};
        TABLE.with(|t| {
            *t.borrow_mut() = Table {
                slots: Vec::new(),
                bits: 1,
                added: 0,
            }
        });
        let (a, _) = alias(
            "Grown",
            "Struct[{a => Integer, Optional[deep] => Array[Array[Integer]]}]",
        );
        let hashes: Vec<Rc<crate::values::Map>> = (0..6000)
            .map(|i| {
                let mut m = crate::values::Map::new();
                m.insert(Value::string("a"), Value::Integer(i));
                Rc::new(m)
            })
            .collect();
        let checks = std::cell::Cell::new(0);
        let check = |h: &Rc<crate::values::Map>| {
            super::instance(&a, h, || {
                checks.set(checks.get() + 1);
                h.len() == 1
            })
        };
        let slots = || TABLE.with(|t| t.borrow().slots.len());
        assert!(check(&hashes[0]));
        assert_eq!(slots(), FIRST_SLOTS);
        assert!(check(&hashes[0]));
        assert_eq!(checks.get(), 1, "remembered");
        // Through a growth: the first 100 were moved over (direct-mapped: a later entry may
        // have taken an earlier one's slot; how many depends on the allocator's addresses,
        // 0-24 of 100 seen, so the bound is half: none moved over would re-check all 100).
        for h in &hashes[..400] {
            assert!(check(h));
        }
        assert_eq!(checks.get(), 400);
        assert_eq!(slots(), 4 * FIRST_SLOTS);
        for h in &hashes[..100] {
            assert!(check(h));
        }
        assert!(checks.get() - 400 < 50, "moved over: {}", checks.get());
        // Up to its largest size, and no larger.
        for h in &hashes {
            assert!(check(h));
        }
        assert_eq!(slots(), SLOTS);
        // A hash no longer held does not answer.
        let gone = hashes[5999].clone();
        let before = checks.get();
        assert!(check(&gone));
        assert_eq!(checks.get(), before, "remembered");
        drop(hashes);
        drop(gone);
        let again = Rc::new(crate::values::Map::new());
        assert!(!check(&again));
        assert_eq!(checks.get(), before + 1);
    }

    /// A check that met the nesting limit is not remembered: each check of a too-deep
    /// value answers as the first did (and defers its error again).
    #[test]
    fn limited_checks_are_not_kept() {
        let (_, t) = alias("Deep", "Hash[String, Variant[Data, Array[Array[Integer]]]]");
        let mut v = Value::Integer(1);
        for _ in 0..(crate::limits::MAX_VALUE_DEPTH + 5) {
            v = Value::array(vec![v]);
        }
        let mut h = crate::values::Map::new();
        h.insert(Value::string("k"), v);
        let v = Value::Hash(Rc::new(h));
        assert!(!is_instance(&t, &v));
        let _ = crate::limits::take_deferred_error();
        assert!(!is_instance(&t, &v));
        assert!(crate::limits::take_deferred_error().is_some());
    }
}
