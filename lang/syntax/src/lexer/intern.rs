//! The names of the programs a thread parses, each made once and shared by every token
//! and syntax tree that holds it, across files and sessions (`ensure`, `$name`,
//! `apache::params` are in most files of a module).
//!
//! A table per lexer made each name once per file: about half of the names of a module's
//! manifest were new to the file and allocated, and the lookups that found one still cost a
//! hash of the text. The table here lives as long as the thread: after the first files,
//! nearly every name is found, and its text is never copied again.

use crate::thread_cache::ThreadCache;
use std::cell::RefCell;
use std::rc::Rc;

/// How many names the table keeps before it starts again empty (names in trees stay
/// alive; only the sharing of new ones restarts): four times the distinct names and short
/// strings of all of Debian's packaged modules' manifests (about 7,600), and at most a few
/// MiB of a session that evaluates ever new code.
const LIMIT: usize = 1 << 15;

thread_local! {
    // SAFETY: a thread-local's value.
    static NAMES: ThreadCache<RefCell<Table>> =
        const { unsafe { ThreadCache::new(RefCell::new(Table::new())) } };
}

/// `text` as a shared string: the one made before by this thread, else a new one (kept).
#[inline]
pub(crate) fn intern(text: &str) -> Rc<str> {
    NAMES.with(|names| names.get().borrow_mut().intern(text))
}

/// An open-addressing hash set of names, probed linearly. (A `HashSet<Rc<str>>` cost
/// about 170 instructions a lookup here: SipHash-free but generic hashing of a `str`, a
/// call to `memcmp`, the lazily initialised thread-local; names are short.)
struct Table {
    /// A power of two of slots (or none before the first name).
    slots: Vec<Slot>,
    len: usize,
}

struct Slot {
    /// The low bits of the name's hash (its place, and a quick filter).
    hash: u32,
    name: Option<Rc<str>>,
}

impl Table {
    const fn new() -> Table {
        Table {
            slots: Vec::new(),
            len: 0,
        }
    }

    fn intern(&mut self, text: &str) -> Rc<str> {
        let hash = hash(text.as_bytes());
        if !self.slots.is_empty() {
            let mask = self.slots.len() - 1;
            let mut i = hash as usize & mask;
            loop {
                let slot = &self.slots[i];
                match &slot.name {
                    None => break,
                    Some(name) if slot.hash == hash && same(name.as_bytes(), text.as_bytes()) => {
                        return name.clone();
                    }
                    Some(_) => i = (i + 1) & mask,
                }
            }
        }
        let name: Rc<str> = Rc::from(text);
        self.insert(hash, name.clone());
        name
    }

    /// Adds a name known not to be in the table.
    fn insert(&mut self, hash: u32, name: Rc<str>) {
        if self.len >= LIMIT {
            *self = Table::new();
        }
        // at most three quarters full
        if (self.len + 1) * 4 > self.slots.len() * 3 {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        while self.slots[i].name.is_some() {
            i = (i + 1) & mask;
        }
        self.slots[i] = Slot {
            hash,
            name: Some(name),
        };
        self.len += 1;
    }

    fn grow(&mut self) {
        // (small at first: a thread's first table of 1,024 slots was 24 KiB written at its
        // first name, 383 of the 660 cache lines a fresh thread's `include wait_for` first
        // wrote; four times larger at each step up to that size, so that a thread that
        // parses modules moves its names only twice more than it did)
        let n = self.slots.len();
        let size = if n < 1024 { (n * 4).max(64) } else { n * 2 };
        let old = std::mem::replace(
            &mut self.slots,
            (0..size)
                .map(|_| Slot {
                    hash: 0,
                    name: None,
                })
                .collect(),
        );
        self.len = 0;
        for slot in old {
            if let Some(name) = slot.name {
                self.insert(slot.hash, name);
            }
        }
    }
}

/// Whether two byte strings are equal, a word at a time (inline: names are a few bytes,
/// and `memcmp` is a call).
#[inline]
fn same(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    if a.len() < 8 {
        return short_word(a) == short_word(b);
    }
    let mut i = 0;
    while i + 8 < a.len() {
        if word_at(a, i) != word_at(b, i) {
            return false;
        }
        i += 8;
    }
    // the last eight bytes (overlapping the words before)
    word_at(a, a.len() - 8) == word_at(b, b.len() - 8)
}

/// The eight bytes of `b` from `i` on (there are that many).
#[inline(always)]
fn word_at(b: &[u8], i: usize) -> u64 {
    let w: [u8; 8] = b[i..i + 8].try_into().expect("eight bytes");
    u64::from_le_bytes(w)
}

/// All the bytes of `b` (fewer than eight) in one word: of two strings of one length, the
/// words are equal when the strings are.
#[inline(always)]
fn short_word(b: &[u8]) -> u64 {
    let n = b.len();
    if n >= 4 {
        let lo = u32::from_le_bytes(b[..4].try_into().expect("four bytes"));
        let hi = u32::from_le_bytes(b[n - 4..].try_into().expect("four bytes"));
        u64::from(lo) | u64::from(hi) << 32
    } else if n > 0 {
        u64::from(b[0]) | u64::from(b[n / 2]) << 8 | u64::from(b[n - 1]) << 16
    } else {
        0
    }
}

/// A multiplicative hash of `bytes`, eight at a time.
#[inline]
fn hash(bytes: &[u8]) -> u32 {
    const K: u64 = 0xf135_7aea_2e62_a9c5;
    let mix = |h: u64, word: u64| (h ^ word).wrapping_mul(K).rotate_left(26);
    let n = bytes.len();
    let mut h = n as u64;
    if n < 8 {
        h = mix(h, short_word(bytes));
    } else {
        let mut i = 0;
        while i + 8 < n {
            h = mix(h, word_at(bytes, i));
            i += 8;
        }
        h = mix(h, word_at(bytes, n - 8));
    }
    // the high bits of the product are the best mixed
    (h.wrapping_mul(K) >> 32) as u32
}

#[cfg(test)]
mod tests {
    use super::intern;
    use std::rc::Rc;

    #[test]
    fn a_name_is_made_once_per_thread() {
        let a = intern("apache::params");
        let b = intern(&String::from("apache::params"));
        assert!(Rc::ptr_eq(&a, &b));
        assert_eq!(&*intern("x"), "x");
        let other = std::thread::spawn(|| intern("apache::params").to_string());
        assert_eq!(other.join().unwrap(), "apache::params");
        // many names: the table grows and keeps finding each one
        let names: Vec<Rc<str>> = (0..5000).map(|i| intern(&format!("n{i}"))).collect();
        for (i, n) in names.iter().enumerate() {
            assert!(Rc::ptr_eq(n, &intern(&format!("n{i}"))));
        }
        assert!(Rc::ptr_eq(&a, &intern("apache::params")));
        assert_eq!(&*intern(""), "");
        // lengths around the word size, equal and unequal texts of one length
        for n in 0..40 {
            let text: String = (0..n).map(|i| (b'a' + (i % 26) as u8) as char).collect();
            assert!(super::same(text.as_bytes(), text.clone().as_bytes()));
            for i in 0..n {
                let mut other = text.clone().into_bytes();
                other[i] = b'_';
                assert!(!super::same(text.as_bytes(), &other), "{n} {i}");
                let other = String::from_utf8(other).unwrap();
                assert!(!Rc::ptr_eq(&intern(&text), &intern(&other)));
            }
        }
    }

    /// Past its limit the table starts again empty, and keeps giving the right names.
    #[test]
    fn the_table_is_bounded() {
        std::thread::spawn(|| {
            for i in 0..super::LIMIT + 10 {
                assert_eq!(&*intern(&format!("name{i}")), format!("name{i}"));
            }
            super::NAMES.with(|t| {
                let t = t.get().borrow();
                assert!(t.len <= super::LIMIT && t.len > 0)
            });
            let a = intern("name5");
            assert!(Rc::ptr_eq(&a, &intern("name5")));
        })
        .join()
        .unwrap();
    }
}
