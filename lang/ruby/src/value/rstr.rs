//! `RStr` and `RBytes`: a shared, immutable string (bytes) behind one thin pointer.
//!
//! `Rc<str>` is a fat pointer (the address and the length: two words), and a value of the
//! subset must be two words in all (its tag and one word, so that it is returned in two
//! registers: docs/benchmarks.md, session 43). These keep the count, the length and the
//! bytes in one allocation and are one word: a clone adds one to the count (not atomic,
//! as `Rc`'s), a drop takes one away and frees the allocation at zero.
//!
//! (No crate does exactly this: `arcstr`'s `ArcStr` is one word but counts atomically, a
//! locked instruction at each clone and drop of a value; `triomphe`'s `ThinArc` likewise.)
//!
//! Invariants of [`RBuf`] (the one unsafe part, this module alone):
//! - `ptr` points to a live allocation made by `RBuf::new` with the layout
//!   [`RBuf::layout`] of its `len`: a `Header` (count, length) and `len` bytes after it,
//!   all initialized, never written again after `new` but for the count.
//! - The count is the number of `RBuf`s pointing to it (≥ 1 while any exists); the last
//!   one's drop frees it with the same layout.
//! - `RBuf` is neither `Send` nor `Sync` (`NonNull` is neither, and the count is a `Cell`):
//!   the count is only touched on one thread.
//! - An `RStr`'s bytes are UTF-8 (it is only made from a `str`).

use std::alloc::{alloc, dealloc, handle_alloc_error, Layout};
use std::borrow::Borrow;
use std::cell::Cell;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::mem::MaybeUninit;
use std::ops::Deref;
use std::ptr::NonNull;

#[repr(C)]
struct Header {
    count: Cell<usize>,
    len: usize,
}

/// Shared bytes behind one pointer (the representation of [`RStr`] and [`RBytes`]).
struct RBuf {
    ptr: NonNull<Header>,
}

const DATA: usize = std::mem::size_of::<Header>();

impl RBuf {
    fn layout(len: usize) -> Layout {
        // (a length past `isize::MAX - 16` cannot have been allocated as a `str` either)
        Layout::from_size_align(DATA.checked_add(len).expect("string too long"), 8)
            .expect("string too long")
    }

    fn new(bytes: &[u8]) -> RBuf {
        let layout = RBuf::layout(bytes.len());
        // SAFETY: the layout is at least the header's size, not zero; the header and the
        // bytes are written before the pointer is used otherwise.
        unsafe {
            let raw = alloc(layout);
            let Some(ptr) = NonNull::new(raw as *mut Header) else {
                handle_alloc_error(layout)
            };
            ptr.as_ptr().write(Header {
                count: Cell::new(1),
                len: bytes.len(),
            });
            copy_bytes(bytes.as_ptr(), raw.add(DATA), bytes.len());
            RBuf { ptr }
        }
    }

    /// A buffer of `len` bytes that `fill` writes, all of them (it returns how many it
    /// wrote: anything but `len` panics before the bytes are read).
    fn build(len: usize, fill: impl FnOnce(&mut [MaybeUninit<u8>]) -> usize) -> RBuf {
        let layout = RBuf::layout(len);
        // SAFETY: as `new`; the bytes are given to `fill` as uninitialized, and the buffer
        // is made (and so read) only once all `len` were written. Were `fill` to panic,
        // or the check to fail, the allocation would leak, never be read.
        unsafe {
            let raw = alloc(layout);
            let Some(ptr) = NonNull::new(raw as *mut Header) else {
                handle_alloc_error(layout)
            };
            let out = std::slice::from_raw_parts_mut(raw.add(DATA) as *mut MaybeUninit<u8>, len);
            let written = fill(out);
            assert_eq!(written, len, "every byte of the string is written");
            ptr.as_ptr().write(Header {
                count: Cell::new(1),
                len,
            });
            RBuf { ptr }
        }
    }

    #[inline]
    fn header(&self) -> &Header {
        // SAFETY: the allocation lives while `self` does (invariants above).
        unsafe { self.ptr.as_ref() }
    }

    #[inline]
    fn bytes(&self) -> &[u8] {
        // SAFETY: `len` initialized bytes follow the header in the same allocation, and
        // live while `self` does.
        unsafe {
            let data = (self.ptr.as_ptr() as *const u8).add(DATA);
            std::slice::from_raw_parts(data, self.header().len)
        }
    }
}

/// Copies `n` bytes from `src` to `dst` (not overlapping), the short ones (up to 16
/// bytes: names, keys, the parts `scan` and `split` make) inline with two loads and two
/// stores each, which may overlap: `memcpy` through the library's table cost more for
/// them (docs/benchmarks.md, session 53).
///
/// # Safety
/// `src` readable and `dst` writable for `n` bytes, the two not overlapping.
#[inline(always)]
unsafe fn copy_bytes(src: *const u8, dst: *mut u8, n: usize) {
    // SAFETY: each access is of `k <= n` bytes at offset 0 or `n - k` (the caller's
    // ranges); the unaligned reads and writes need no alignment.
    unsafe {
        match n {
            0 => {}
            1..=3 => {
                *dst = *src;
                *dst.add(n / 2) = *src.add(n / 2);
                *dst.add(n - 1) = *src.add(n - 1);
            }
            4..=7 => {
                let (a, b) = (
                    src.cast::<u32>().read_unaligned(),
                    src.add(n - 4).cast::<u32>().read_unaligned(),
                );
                dst.cast::<u32>().write_unaligned(a);
                dst.add(n - 4).cast::<u32>().write_unaligned(b);
            }
            8..=16 => {
                let (a, b) = (
                    src.cast::<u64>().read_unaligned(),
                    src.add(n - 8).cast::<u64>().read_unaligned(),
                );
                dst.cast::<u64>().write_unaligned(a);
                dst.add(n - 8).cast::<u64>().write_unaligned(b);
            }
            _ => std::ptr::copy_nonoverlapping(src, dst, n),
        }
    }
}

impl Clone for RBuf {
    #[inline]
    fn clone(&self) -> RBuf {
        let count = &self.header().count;
        // (as `Rc`: a count that would wrap aborts; it cannot be reached with real memory)
        let n = count.get().wrapping_add(1);
        if n == 0 {
            std::process::abort();
        }
        count.set(n);
        RBuf { ptr: self.ptr }
    }
}

impl Drop for RBuf {
    /// (The count taken one from in place; the free of the last one's allocation out of
    /// line: with the allocator's path inlined here, the drop of every pair holding a
    /// string, a scope's `(Name, RValue)` among them, was too big to be inlined, a call
    /// of ~20 instructions for each variable of a block's call: docs/benchmarks.md,
    /// session 53.)
    #[inline]
    fn drop(&mut self) {
        let count = &self.header().count;
        let n = count.get() - 1;
        count.set(n);
        if n == 0 {
            self.free();
        }
    }
}

impl RBuf {
    /// Frees the allocation of the last pointer to it (not cold: a string made and
    /// dropped is common; only out of line).
    #[inline(never)]
    fn free(&mut self) {
        let layout = RBuf::layout(self.header().len);
        // SAFETY: the last pointer to the allocation (its count is zero: `drop`), made
        // with this layout; it is not used again.
        unsafe { dealloc(self.ptr.as_ptr() as *mut u8, layout) }
    }
}

/// A shared immutable string of the subset (a Ruby `String`'s text, a symbol's, a class
/// name): one word, `Deref<Target = str>`; equal, ordered and hashed as its `str`.
#[derive(Clone)]
pub struct RStr(RBuf);

impl RStr {
    /// Whether the two are one allocation (Ruby's `equal?` of strings).
    #[inline]
    pub fn ptr_eq(a: &RStr, b: &RStr) -> bool {
        a.0.ptr == b.0.ptr
    }

    /// Whether this is the one pointer to its text (nothing else holds the string: a
    /// change of it in place is seen by no one else).
    #[inline]
    pub fn is_unique(this: &RStr) -> bool {
        this.0.header().count.get() == 1
    }

    /// The allocation's address (an identity, as `Rc::as_ptr`).
    #[inline]
    pub fn as_ptr(this: &RStr) -> *const u8 {
        this.0.ptr.as_ptr() as *const u8
    }

    #[inline]
    pub fn as_str(&self) -> &str {
        // SAFETY: an `RStr` is only made from a `str` (invariants above).
        unsafe { std::str::from_utf8_unchecked(self.0.bytes()) }
    }
}

impl Deref for RStr {
    type Target = str;
    #[inline]
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for RStr {
    fn as_ref(&self) -> &str {
        self
    }
}

impl AsRef<[u8]> for RStr {
    fn as_ref(&self) -> &[u8] {
        self.as_bytes()
    }
}

impl Borrow<str> for RStr {
    fn borrow(&self) -> &str {
        self
    }
}

impl Default for RStr {
    fn default() -> RStr {
        RStr::from("")
    }
}

impl From<&str> for RStr {
    #[inline]
    fn from(s: &str) -> RStr {
        RStr(RBuf::new(s.as_bytes()))
    }
}

impl From<&mut str> for RStr {
    fn from(s: &mut str) -> RStr {
        RStr::from(&*s)
    }
}

impl From<String> for RStr {
    #[inline]
    fn from(s: String) -> RStr {
        RStr::from(s.as_str())
    }
}

impl From<&String> for RStr {
    fn from(s: &String) -> RStr {
        RStr::from(s.as_str())
    }
}

impl From<Box<str>> for RStr {
    fn from(s: Box<str>) -> RStr {
        RStr::from(&*s)
    }
}

impl From<std::borrow::Cow<'_, str>> for RStr {
    fn from(s: std::borrow::Cow<'_, str>) -> RStr {
        RStr::from(&*s)
    }
}

impl From<char> for RStr {
    fn from(c: char) -> RStr {
        RStr::from(c.encode_utf8(&mut [0; 4]) as &str)
    }
}

impl From<RStr> for String {
    fn from(s: RStr) -> String {
        s.as_str().to_string()
    }
}

impl From<&RStr> for std::rc::Rc<str> {
    fn from(s: &RStr) -> std::rc::Rc<str> {
        std::rc::Rc::from(s.as_str())
    }
}

impl PartialEq for RStr {
    #[inline]
    fn eq(&self, other: &RStr) -> bool {
        let (a, b) = (self.as_bytes(), other.as_bytes());
        a.len() == b.len() && (RStr::ptr_eq(self, other) || same_len_eq(a, b))
    }
}

/// Whether two byte strings are equal, the short ones (up to 16 bytes: the code's names,
/// hash keys, facts' names) compared inline with two loads each, which may overlap: a call
/// of `bcmp` through the library's table cost more than such a compare
/// (`__memcmp_evex_movbe` was 3.5% of a module function's CPU time, called for one- to
/// six-byte names and keys; docs/benchmarks.md, session 45).
#[inline]
pub fn same_len_eq(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    let (a, b) = (a.as_ptr(), b.as_ptr());
    // SAFETY: each read is of `n` bytes or fewer, at offsets 0 and `n - k` with `k <= n`:
    // within both slices.
    unsafe {
        let read = |p: *const u8, k: usize, at: usize| -> u64 {
            match k {
                8 => p.add(at).cast::<u64>().read_unaligned(),
                4 => u64::from(p.add(at).cast::<u32>().read_unaligned()),
                _ => u64::from(*p.add(at)),
            }
        };
        let k = match n {
            0 => return true,
            1..=3 => {
                return *a == *b && *a.add(n / 2) == *b.add(n / 2) && *a.add(n - 1) == *b.add(n - 1)
            }
            4..=7 => 4,
            8..=16 => 8,
            _ => return std::slice::from_raw_parts(a, n) == std::slice::from_raw_parts(b, n),
        };
        read(a, k, 0) == read(b, k, 0) && read(a, k, n - k) == read(b, k, n - k)
    }
}

impl Eq for RStr {}

impl PartialEq<str> for RStr {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for RStr {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<RStr> for str {
    fn eq(&self, other: &RStr) -> bool {
        self == other.as_str()
    }
}

impl PartialEq<RStr> for &str {
    fn eq(&self, other: &RStr) -> bool {
        *self == other.as_str()
    }
}

impl PartialOrd for RStr {
    fn partial_cmp(&self, other: &RStr) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for RStr {
    fn cmp(&self, other: &RStr) -> std::cmp::Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl Hash for RStr {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state)
    }
}

impl fmt::Display for RStr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.as_str(), f)
    }
}

impl fmt::Debug for RStr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

/// A string of `len` bytes that `fill` writes, all of them, as whole `str`s or ASCII bytes
/// (see the callers: the only ways the bytes are made, so that they are UTF-8).
fn build(len: usize, fill: impl FnOnce(&mut [MaybeUninit<u8>]) -> usize) -> RStr {
    RStr(RBuf::build(len, fill))
}

/// The pieces one after the other, made in place (one allocation of the exact size).
pub fn concat(pieces: &[&str]) -> RStr {
    use prepl_core::rcstr::{concat_len, write_concat};
    build(concat_len(pieces), |out| write_concat(pieces, out))
}

/// `s` with its ASCII letters upper-cased (`upper`) or lower-cased; other characters are
/// left as they are (so the bytes stay UTF-8).
pub fn ascii_case(s: &str, upper: bool) -> RStr {
    build(s.len(), |out| {
        prepl_core::rcstr::write_ascii_case(s, upper, out)
    })
}

/// A part of the string `whole` (a slice of it) as a string: `whole` itself, shared, when
/// the part is all of it (strings are values in the subset: nothing can change either).
pub fn part_of(whole: &RStr, part: &str) -> RStr {
    if part.len() == whole.len() {
        whole.clone()
    } else {
        RStr::from(part)
    }
}

/// Shared immutable bytes (a binary string's, `RValue::Bytes`): one word,
/// `Deref<Target = [u8]>`.
#[derive(Clone)]
pub struct RBytes(RBuf);

impl RBytes {
    /// Whether the two are one allocation.
    #[inline]
    pub fn ptr_eq(a: &RBytes, b: &RBytes) -> bool {
        a.0.ptr == b.0.ptr
    }
}

impl Deref for RBytes {
    type Target = [u8];
    #[inline]
    fn deref(&self) -> &[u8] {
        self.0.bytes()
    }
}

impl AsRef<[u8]> for RBytes {
    fn as_ref(&self) -> &[u8] {
        self
    }
}

impl From<&[u8]> for RBytes {
    fn from(b: &[u8]) -> RBytes {
        RBytes(RBuf::new(b))
    }
}

impl From<Vec<u8>> for RBytes {
    fn from(b: Vec<u8>) -> RBytes {
        RBytes(RBuf::new(&b))
    }
}

impl PartialEq for RBytes {
    fn eq(&self, other: &RBytes) -> bool {
        **self == **other
    }
}

impl Eq for RBytes {}

impl Hash for RBytes {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (**self).hash(state)
    }
}

impl fmt::Debug for RBytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::{same_len_eq, RBytes, RStr};
    use std::collections::HashMap;

    #[test]
    fn short_and_long_texts_compared_by_every_byte() {
        for n in 0..40usize {
            let a: Vec<u8> = (0..n).map(|i| b'a' + (i % 26) as u8).collect();
            assert!(same_len_eq(&a, &a.clone()), "{n}");
            assert!(!same_len_eq(&a, &a[..n.saturating_sub(1)]) || n == 0, "{n}");
            for at in 0..n {
                let mut b = a.clone();
                b[at] ^= 0x20;
                assert!(!same_len_eq(&a, &b), "{n} {at}");
                let (x, y) = (
                    RStr::from(&*String::from_utf8_lossy(&a)),
                    RStr::from(&*String::from_utf8_lossy(&b)),
                );
                let copy = RStr::from(&*x);
                assert!(x != y && x == x.clone() && x == copy && !RStr::ptr_eq(&x, &copy));
            }
        }
    }

    #[test]
    fn every_length_copied_byte_for_byte() {
        // (`copy_bytes`' size classes: 0, 1-3, 4-7, 8-16 and past 16, each byte distinct,
        // from every offset of a longer text, so that a copy of the wrong bytes shows)
        let text: String = (0..64u8).map(|i| char::from(b'!' + i)).collect();
        for n in 0..40 {
            for at in 0..8 {
                let part = &text[at..at + n];
                let s = RStr::from(part);
                assert_eq!(s.as_str(), part, "{n} {at}");
                let b = RBytes::from(part.as_bytes());
                assert_eq!(&*b, part.as_bytes(), "{n} {at}");
            }
        }
    }

    #[test]
    fn one_word_with_a_niche() {
        assert_eq!(std::mem::size_of::<RStr>(), 8);
        assert_eq!(std::mem::size_of::<Option<RStr>>(), 8);
        assert_eq!(std::mem::size_of::<RBytes>(), 8);
    }

    #[test]
    fn texts_clones_and_drops() {
        let a = RStr::from("héllo");
        let b = a.clone();
        assert!(RStr::ptr_eq(&a, &b));
        assert_eq!(&*b, "héllo");
        assert_eq!(b.len(), 6);
        drop(a);
        assert_eq!(b.as_str(), "héllo");
        let c = RStr::from(String::from("héllo"));
        assert!(!RStr::ptr_eq(&b, &c));
        assert_eq!(b, c);
        assert_eq!(RStr::default().as_str(), "");
        assert_eq!(RStr::from(String::new()).len(), 0);
        assert_eq!(RStr::from('x'), "x");
        let empties: Vec<RStr> = (0..100).map(|_| RStr::from("")).collect();
        let copies: Vec<RStr> = empties
            .iter()
            .flat_map(|e| [e.clone(), e.clone()])
            .collect();
        drop(empties);
        assert!(copies.iter().all(|s| s.is_empty()));
    }

    #[test]
    fn ordered_and_hashed_as_its_text() {
        let mut m: HashMap<RStr, i32> = HashMap::new();
        m.insert(RStr::from("b"), 2);
        m.insert(RStr::from("a"), 1);
        assert_eq!(m.get("a"), Some(&1));
        assert_eq!(m.get("b"), Some(&2));
        let (a, b) = (RStr::from("a"), RStr::from("b"));
        assert!(a < b);
        assert_eq!(a.cmp(&b), std::cmp::Ordering::Less);
        assert_eq!(
            format!("{} {:?}", RStr::from("x\"y"), RStr::from("x\"y")),
            "x\"y \"x\\\"y\""
        );
        let long = "z".repeat(10_000);
        assert_eq!(RStr::from(long.as_str()).as_str(), long);
    }

    #[test]
    fn strings_made_in_place() {
        use super::{ascii_case, concat, part_of};
        assert_eq!(&*concat(&["hello ", "wörld", "", "!"]), "hello wörld!");
        assert_eq!(&*concat(&[]), "");
        assert_eq!(&*ascii_case("Grüße, x1!", true), "GRüßE, X1!");
        assert_eq!(&*ascii_case("ÀB-c", false), "Àb-c");
        let whole = RStr::from("  ab ");
        assert!(RStr::ptr_eq(&part_of(&whole, &whole[..]), &whole));
        assert_eq!(&*part_of(&whole, whole.trim()), "ab");
    }

    #[test]
    fn bytes() {
        let b = RBytes::from(vec![0u8, 255, 7]);
        let c = b.clone();
        assert_eq!(&*c, &[0u8, 255, 7]);
        assert!(RBytes::ptr_eq(&b, &c));
        assert_eq!(b, RBytes::from(&[0u8, 255, 7][..]));
        drop(b);
        assert_eq!(c.len(), 3);
        assert_eq!(RBytes::from(Vec::new()).len(), 0);
    }
}
