//! A global allocator that counts the bytes in use, so that growth can be refused with an
//! error before the process runs out of memory (an allocation failure aborts).
//!
//! The binaries install it with `#[global_allocator]`; without it the count stays 0 and
//! only requests that are too large by themselves are refused.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::UnsafeCell;
use std::ptr::null_mut;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Bytes currently allocated through [`CountingAlloc`].
pub(super) static IN_USE: AtomicUsize = AtomicUsize::new(0);

/// Small blocks (up to `SMALL` bytes, alignment up to 16) are allocated in size classes
/// 16 bytes apart, and a freed one is kept on its thread's list for the class (at most
/// `CLASS_BYTES` bytes of blocks per class), so that the next allocation of the class takes
/// it back in a few instructions. The evaluator allocates and frees many small blocks
/// (values, types, frames); the system allocator's own per-thread cache holds only 7 blocks
/// a size, and past that each free goes through its slower paths.
/// The classes' sizes are those of the system allocator's chunks (16 bytes apart, 8 of
/// them its header): 24, 40, 56, ... 264 bytes, so that rounding a request up to its class
/// takes no more memory than the system allocator would.
const SMALLEST: usize = 24;
const CLASSES: usize = 16;
const SMALL: usize = SMALLEST + 16 * (CLASSES - 1);
const CLASS_BYTES: usize = 64 << 10;

/// Each thread's lists of freed small blocks: the first block of each class, and how many
/// there are. A free block holds the address of the next one in its first word. The
/// lists are never freed: a thread that ends leaves at most `CLASSES * CLASS_BYTES` behind
/// (the binaries' threads live as long as the process).
struct FreeLists {
    heads: [*mut u8; CLASSES],
    counts: [u32; CLASSES],
}

thread_local! {
    // A constant initializer and no destructor: no allocation, and usable at any time,
    // thread exit included.
    static LISTS: UnsafeCell<FreeLists> = const {
        UnsafeCell::new(FreeLists { heads: [null_mut(); CLASSES], counts: [0; CLASSES] })
    };
}

/// The class of a small layout, `None` for other layouts.
#[inline]
fn class_of(layout: &Layout) -> Option<usize> {
    (layout.size() <= SMALL && layout.align() <= 16)
        .then(|| layout.size().saturating_sub(SMALLEST).div_ceil(16))
}

/// The size every block of a class is allocated with (its usable size is at least that):
/// a block freed into a class serves any request of the class.
#[inline]
fn class_size(class: usize) -> usize {
    SMALLEST + class * 16
}

/// A freed block of the class, if its thread's list has one.
#[inline]
fn take(class: usize) -> *mut u8 {
    LISTS.with(|lists| {
        // SAFETY: the lists belong to this thread, and no reference to them outlives this
        // call. Each listed block is a free block of at least 16 bytes, aligned on 16, whose
        // first word is the next block's address.
        unsafe {
            let lists = &mut *lists.get();
            let head = lists.heads[class];
            if !head.is_null() {
                lists.heads[class] = *(head as *mut *mut u8);
                lists.counts[class] -= 1;
            }
            head
        }
    })
}

/// Keeps a freed block of the class on the thread's list; false when the list is full.
#[inline]
fn keep(class: usize, ptr: *mut u8) -> bool {
    LISTS.with(|lists| {
        // SAFETY: as in `take`; `ptr` is a block of the class that its owner gave up, at
        // least 16 bytes and aligned on 16 (every block of a class is allocated with the
        // class's size).
        unsafe {
            let lists = &mut *lists.get();
            if lists.counts[class] as usize * class_size(class) >= CLASS_BYTES {
                return false;
            }
            *(ptr as *mut *mut u8) = lists.heads[class];
            lists.heads[class] = ptr;
            lists.counts[class] += 1;
            true
        }
    })
}

/// The system allocator, counting the bytes in use (one relaxed atomic add per call), with
/// per-thread lists of freed small blocks in front of it.
pub struct CountingAlloc;

unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = match class_of(&layout) {
            Some(class) => {
                let p = take(class);
                if p.is_null() {
                    System.alloc(Layout::from_size_align_unchecked(
                        class_size(class),
                        layout.align(),
                    ))
                } else {
                    p
                }
            }
            None => System.alloc(layout),
        };
        if !p.is_null() {
            IN_USE.fetch_add(layout.size(), Ordering::Relaxed);
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = match class_of(&layout) {
            Some(class) => {
                let p = take(class);
                if p.is_null() {
                    System.alloc_zeroed(Layout::from_size_align_unchecked(
                        class_size(class),
                        layout.align(),
                    ))
                } else {
                    p.write_bytes(0, layout.size());
                    p
                }
            }
            None => System.alloc_zeroed(layout),
        };
        if !p.is_null() {
            IN_USE.fetch_add(layout.size(), Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        match class_of(&layout) {
            Some(class) if keep(class, ptr) => {}
            _ => System.dealloc(ptr, layout),
        }
        IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let new_layout = Layout::from_size_align_unchecked(new_size, layout.align());
        let p = match (class_of(&layout), class_of(&new_layout)) {
            // The block already has the room.
            (Some(old), Some(new)) if old == new => ptr,
            // A small block is allocated with its class's size, wherever it comes from.
            (_, Some(new)) => System.realloc(ptr, layout, class_size(new)),
            _ => System.realloc(ptr, layout, new_size),
        };
        if !p.is_null() {
            if new_size >= layout.size() {
                IN_USE.fetch_add(new_size - layout.size(), Ordering::Relaxed);
            } else {
                IN_USE.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
        }
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(size: usize, align: usize) -> Layout {
        Layout::from_size_align(size, align).expect("layout")
    }

    #[test]
    fn freed_small_blocks_serve_their_class() {
        let a = CountingAlloc;
        unsafe {
            let l = layout(30, 8);
            let p = a.alloc(l);
            p.write_bytes(1, 30);
            a.dealloc(p, l);
            // The same class (25..=40 bytes) takes the block back, with its whole size.
            let l2 = layout(40, 16);
            let q = a.alloc(l2);
            assert_eq!(p, q);
            q.write_bytes(2, 40);
            // Zeroed when asked, even when it comes from the list.
            a.dealloc(q, l2);
            let z = a.alloc_zeroed(l);
            assert_eq!(z, p);
            assert!(std::slice::from_raw_parts(z, 30).iter().all(|&b| b == 0));
            a.dealloc(z, l);
        }
    }

    #[test]
    fn realloc_keeps_the_contents_across_classes() {
        let a = CountingAlloc;
        unsafe {
            let mut l = layout(1, 1);
            let mut p = a.alloc(l);
            *p = 7;
            // Grow one byte at a time past the small sizes, then shrink back.
            let sizes: Vec<usize> = (2..=600).chain((1..600).rev()).collect();
            for n in sizes {
                p = a.realloc(p, l, n);
                assert!(!p.is_null());
                assert_eq!(*p, 7, "size {n}");
                // The whole new size is usable.
                p.add(n - 1).write(7);
                l = layout(n, 1);
            }
            a.dealloc(p, l);
        }
    }

    #[test]
    fn lists_hold_a_bounded_number_of_blocks() {
        let a = CountingAlloc;
        let l = layout(264, 8);
        unsafe {
            let blocks: Vec<*mut u8> = (0..1000).map(|_| a.alloc(l)).collect();
            for &b in &blocks {
                a.dealloc(b, l);
            }
            let kept = LISTS.with(|lists| (*lists.get()).counts[class_of(&l).unwrap()]);
            assert_eq!(kept as usize, CLASS_BYTES.div_ceil(264));
            // Large and over-aligned layouts bypass the lists.
            assert_eq!(class_of(&layout(265, 8)), None);
            assert_eq!(class_of(&layout(64, 32)), None);
        }
    }

    #[test]
    fn classes_are_the_system_allocators_chunk_sizes() {
        assert_eq!(class_of(&layout(1, 1)), Some(0));
        assert_eq!(class_of(&layout(24, 8)), Some(0));
        assert_eq!(class_of(&layout(25, 8)), Some(1));
        assert_eq!(class_of(&layout(40, 8)), Some(1));
        assert_eq!(class_of(&layout(264, 8)), Some(CLASSES - 1));
        for size in 1..=SMALL {
            let class = class_of(&layout(size, 8)).unwrap();
            assert!(class_size(class) >= size);
            // No more than a chunk of the system allocator (size + 8, in steps of 16).
            assert!(
                class_size(class) + 8 <= (size + 8).div_ceil(16).max(2) * 16,
                "{size}"
            );
        }
    }
}
