//! Small blocks an evaluation thread frees, kept (a few of each size) for its next
//! allocations of that size, last freed first given.
//!
//! mimalloc gives a page's blocks from its free list and puts the ones freed on another
//! list, which becomes the free list only once the first is used up: a block freed is
//! given again only after the rest of its page's free blocks, hundreds of allocations of
//! its size later, by when it has left the processor's first-level cache. An interpreter
//! that makes and drops a few small values per step (a Ruby method's strings and arrays)
//! then waited on a cache miss in most allocations (`perf`: three quarters of
//! `mi_malloc_small`'s samples on the load of the block's link, 5% of a module function's
//! time; docs/benchmarks.md, session 50). Kept here, the block freed last is the next one
//! given, still in the cache, and neither call reaches mimalloc.
//!
//! Only threads that ask for it keep blocks ([`Kept`], the evaluation threads), and they
//! give them back to mimalloc when that ends: a thread that ends keeps nothing (no
//! thread-local destructor, which a global allocator must not need). The count of bytes in
//! use counts a kept block as freed: at most [`MAX_KEPT_BYTES`] a thread.

use std::cell::Cell;
use std::ptr::null_mut;

/// The largest block kept, in words: blocks of 1 to `WORDS` words (8 to 128 bytes), each
/// size on its own list.
const WORDS: usize = 16;

/// The bytes of the largest block kept.
pub(super) const MAX_SIZE: usize = WORDS * 8;

/// How many blocks of one size are kept.
const KEEP: u32 = 32;

/// The most a thread keeps (each size's list full), bounded when compiled.
const MAX_KEPT_BYTES: usize = KEEP as usize * 8 * WORDS * (WORDS + 1) / 2;
const _: () = assert!(MAX_KEPT_BYTES <= 64 << 10);

/// A thread's kept blocks: by size in words, a list linked through each block's first
/// word, and its length. Index 0 (a block of no size) is never used.
struct Lists {
    on: Cell<bool>,
    heads: [Cell<*mut u8>; WORDS + 1],
    lengths: [Cell<u32>; WORDS + 1],
}

thread_local! {
    /// This thread's kept blocks. (A constant initializer and no destructor: reading it
    /// never allocates.)
    static LISTS: Lists = const {
        Lists {
            on: Cell::new(false),
            heads: [const { Cell::new(null_mut()) }; WORDS + 1],
            lengths: [const { Cell::new(0) }; WORDS + 1],
        }
    };
}

/// The size class of a block of `size` bytes (its words), for a size of at most
/// [`MAX_SIZE`].
#[inline(always)]
fn words(size: usize) -> usize {
    (size + 7) >> 3
}

/// A kept block for `size` bytes (at most [`MAX_SIZE`], word-aligned), or null.
///
/// # Safety
/// The blocks kept are mimalloc's, freed by their owner ([`put`]); one given here is the
/// caller's, of at least `size` bytes.
#[inline(always)]
pub(super) unsafe fn take(size: usize) -> *mut u8 {
    LISTS
        .try_with(|l| {
            let w = words(size);
            // (`w` is at most WORDS: the caller's size is at most MAX_SIZE)
            let (Some(head), Some(len)) = (l.heads.get(w), l.lengths.get(w)) else {
                return null_mut();
            };
            let block = head.get();
            if !block.is_null() {
                // SAFETY: a kept block's first word is the next kept block of its size.
                head.set(unsafe { (block as *mut *mut u8).read() });
                len.set(len.get() - 1);
            }
            block
        })
        .unwrap_or(null_mut())
}

/// Keeps the freed block `ptr` of `size` bytes (at most [`MAX_SIZE`]; its alignment at
/// most a word) when this thread keeps blocks and that size's list has room: whether it
/// did (else the caller frees it).
///
/// # Safety
/// `ptr` is a live mimalloc block of at least `size` bytes (word-aligned, at least a word:
/// mimalloc's smallest), which the caller gives up.
#[inline(always)]
pub(super) unsafe fn put(ptr: *mut u8, size: usize) -> bool {
    LISTS
        .try_with(|l| {
            let w = words(size);
            let (true, Some(head), Some(len)) = (l.on.get(), l.heads.get(w), l.lengths.get(w))
            else {
                return false;
            };
            let n = len.get();
            if n >= KEEP || w == 0 {
                return false;
            }
            // SAFETY: the block is the caller's to give, a word at least and aligned.
            unsafe { (ptr as *mut *mut u8).write(head.get()) };
            head.set(ptr);
            len.set(n + 1);
            true
        })
        .unwrap_or(false)
}

/// Gives every kept block of this thread to `free`.
fn give_back(free: impl Fn(*mut u8)) {
    let _ = LISTS.try_with(|l| {
        for (head, len) in l.heads.iter().zip(&l.lengths) {
            let mut block = head.replace(null_mut());
            while !block.is_null() {
                // SAFETY: as in `take`: each kept block links to the next.
                let next = unsafe { (block as *mut *mut u8).read() };
                free(block);
                block = next;
            }
            len.set(0);
        }
    });
}

/// While it lives, the thread that made it keeps the small blocks it frees ([`put`]);
/// when it ends they go back to mimalloc (and the thread keeps no more, unless a [`Kept`]
/// made before is still alive).
pub struct Kept {
    was: bool,
}

impl Kept {
    /// The calling thread keeps the blocks it frees until this ends.
    pub fn start() -> Kept {
        let was = LISTS.try_with(|l| l.on.replace(true)).unwrap_or(true);
        Kept { was }
    }
}

impl Drop for Kept {
    fn drop(&mut self) {
        if self.was {
            return;
        }
        let _ = LISTS.try_with(|l| l.on.set(false));
        // SAFETY: the kept blocks are mimalloc's, and nobody else's now.
        give_back(|block| unsafe { libmimalloc_sys::mi_free(block as *mut std::ffi::c_void) });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block(size: usize) -> *mut u8 {
        // SAFETY: a fresh mimalloc block.
        unsafe { libmimalloc_sys::mi_malloc(size) as *mut u8 }
    }

    // The block freed last is the one given next, for a size of the same words; a thread
    // that has not asked keeps none; the lists are bounded and given back when `Kept` ends.
    #[test]
    fn a_kept_block_is_given_again_last_first_by_its_words() {
        std::thread::spawn(|| unsafe {
            let (a, b) = (block(24), block(20));
            assert!(!put(a, 24), "a thread keeps nothing unless asked");
            let kept = Kept::start();
            assert!(put(a, 24) && put(b, 20));
            assert!(take(16).is_null(), "another size");
            assert_eq!(
                take(17),
                b,
                "the last freed first (17 to 24 bytes: three words)"
            );
            assert_eq!(take(24), a);
            assert!(take(24).is_null());
            // Bounded: past KEEP blocks of a size, the caller frees them.
            let many: Vec<*mut u8> = (0..KEEP + 3).map(|_| block(128)).collect();
            let refused = many.iter().filter(|&&p| !put(p, 128)).count();
            assert_eq!(refused, 3);
            for p in many.iter().rev().take(3) {
                libmimalloc_sys::mi_free(*p as *mut std::ffi::c_void);
            }
            let nested = Kept::start();
            drop(nested);
            let p = take(128);
            assert!(!p.is_null(), "an inner Kept's end keeps the blocks");
            libmimalloc_sys::mi_free(p as *mut std::ffi::c_void);
            drop(kept);
            assert!(
                take(128).is_null(),
                "given back when the thread stops keeping"
            );
            assert!(!put(a, 24), "and none kept after");
            libmimalloc_sys::mi_free(a as *mut std::ffi::c_void);
            libmimalloc_sys::mi_free(b as *mut std::ffi::c_void);
        })
        .join()
        .unwrap();
    }
}
