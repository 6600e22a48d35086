//! A global allocator that counts the bytes in use, so that growth can be refused with an
//! error before the process runs out of memory (an allocation failure aborts).
//!
//! The binaries install it with `#[global_allocator]`; without it the count stays 0 and
//! only requests that are too large by themselves are refused.
//!
//! Behind the count, blocks smaller than [`LARGE`] come from mimalloc (built without
//! transparent huge pages, which would raise the resident memory of a small session by
//! megabytes), larger ones from the system allocator. The evaluator allocates and frees
//! many small blocks (values, types, frames, strings); the system allocator took about 130
//! instructions for each new one (sorting its bins of blocks freed before), where
//! mimalloc's thread-local pages take a few (see docs/benchmarks.md). Large blocks are the
//! buffers of big arrays, hashes and strings: the system allocator maps those of
//! [`MAPPED`] and more on their own and grows them by remapping, without a copy, and gives
//! them back to the system when freed, so that a vector grown to 1,000,000 values peaks at
//! its own size; smaller large blocks come from its heap and are used again.

use super::spare;
use libmimalloc_sys as mi;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::ffi::c_void;
use std::sync::atomic::{AtomicIsize, Ordering};

/// Bytes currently allocated through [`CountingAlloc`], less what threads have counted
/// but not yet added ([`PENDING`]): below the true count by less than [`BATCH`] a thread,
/// so it may even be negative for a moment (memory one thread counted is freed by another).
pub(super) static IN_USE: AtomicIsize = AtomicIsize::new(0);

/// How far a thread's own count may run before it is added to [`IN_USE`]. One shared
/// atomic changed on every allocation made the threads of `prepl diff --jobs 2` fight over
/// its cache line: 1.75x the CPU time of one thread for the same nodes.
const BATCH: isize = 64 << 10;

thread_local! {
    /// This thread's allocations less its frees, not yet added to [`IN_USE`]. (A constant
    /// initializer and no destructor: reading it never allocates.)
    static PENDING: Cell<isize> = const { Cell::new(0) };
}

/// Counts `delta` bytes (negative: freed) in the thread's own count: whether that was
/// all (the count within [`BATCH`] either way). Else the caller calls [`settle`], which
/// adds it to [`IN_USE`]. (One add, one store and one unsigned compare: the frequent
/// blocks' path, inlined into `alloc` and `dealloc` without a frame; docs/benchmarks.md,
/// session 49.)
#[inline(always)]
fn counted(delta: isize) -> bool {
    PENDING
        .try_with(|pending| {
            let now = pending.get() + delta;
            pending.set(now);
            // (-BATCH <= now < BATCH)
            ((now + BATCH) as usize) < (2 * BATCH) as usize
        })
        // (where the thread's count is gone, as while a thread ends: at once)
        .unwrap_or(false)
}

/// After [`counted`] answered false for `delta`: the thread's count added to [`IN_USE`]
/// (or `delta` alone, where the thread's count is gone).
#[cold]
#[inline(never)]
fn settle(delta: isize) {
    let due = PENDING
        .try_with(|pending| pending.replace(0))
        .unwrap_or(delta);
    IN_USE.fetch_add(due, Ordering::Relaxed);
}

/// Counts `delta` bytes (negative: freed), in the thread's own count, added to
/// [`IN_USE`] once it reaches [`BATCH`] either way.
#[inline]
fn count(delta: isize) {
    if !counted(delta) {
        settle(delta);
    }
}

/// Bytes in use as far as counted, with the calling thread's own count, never below 0.
pub(super) fn in_use() -> usize {
    let here = PENDING.try_with(Cell::get).unwrap_or(0);
    (IN_USE.load(Ordering::Relaxed) + here).max(0) as usize
}

/// The size from which blocks come from the system allocator (its own threshold for
/// mapping a block on its own).
const LARGE: usize = 128 << 10;

/// Alignment every mimalloc block has (a word); larger ones are asked for.
const MI_ALIGN: usize = 8;

/// The largest block mimalloc's small path takes (`MI_SMALL_SIZE_MAX`, 128 words):
/// `mi_malloc_small` finds its page by the size at once, where `mi_malloc` calls its
/// general function, which tests the size, whether a usable size or zeroes are asked for
/// (~7 instructions more a block).
const MI_SMALL: usize = 128 * 8;

extern "C" {
    // (mimalloc's, exported by its library; its Rust binding is behind `extended`)
    fn mi_malloc_small(size: usize) -> *mut c_void;
}

/// The size from which the system allocator maps a block on its own (and unmaps it when
/// freed); smaller large blocks come from its heap, where a freed one is used again.
/// glibc's default (128 KiB, raised as blocks are freed) mapped the token vector of each
/// manifest parsed and the tables of each regular expression compiled afresh, and every
/// new page costs a page fault (2 microseconds on the benchmark machine, the time of
/// thousands of instructions): `include keystone` made 100 faults fewer of 920.
const MAPPED: usize = 4 << 20;

/// How much free memory at the top of the system allocator's heap it keeps for later
/// blocks rather than giving back at once.
const KEPT: usize = 32 << 20;

/// Sets the system allocator's thresholds ([`MAPPED`], [`KEPT`]) before its first block.
fn tune_system_allocator() {
    static TUNED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    // (a plain load on every later large block; the swap only until it is set)
    if TUNED.load(Ordering::Relaxed) || TUNED.swap(true, Ordering::Relaxed) {
        return;
    }
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        // glibc's `mallopt` parameters (malloc.h).
        const M_TRIM_THRESHOLD: std::ffi::c_int = -1;
        const M_MMAP_THRESHOLD: std::ffi::c_int = -3;
        extern "C" {
            fn mallopt(param: std::ffi::c_int, value: std::ffi::c_int) -> std::ffi::c_int;
        }
        // SAFETY: plain settings of glibc's allocator; they allocate nothing.
        unsafe {
            mallopt(M_MMAP_THRESHOLD, MAPPED as std::ffi::c_int);
            mallopt(M_TRIM_THRESHOLD, KEPT as std::ffi::c_int);
        }
    }
}

/// The system allocator, tuned before its first use.
fn system() -> System {
    tune_system_allocator();
    System
}

/// A block of mimalloc's.
unsafe fn mi_alloc(layout: Layout, zeroed: bool) -> *mut u8 {
    let p = match (layout.align() <= MI_ALIGN, zeroed) {
        (true, false) => mi::mi_malloc(layout.size()),
        (true, true) => mi::mi_zalloc(layout.size()),
        (false, false) => mi::mi_malloc_aligned(layout.size(), layout.align()),
        (false, true) => mi::mi_zalloc_aligned(layout.size(), layout.align()),
    };
    p as *mut u8
}

/// The blocks [`CountingAlloc::alloc`] does not take from mimalloc at once (large or
/// aligned), apart so that the frequent case needs no registers saved.
#[cold]
#[inline(never)]
unsafe fn alloc_other(layout: Layout) -> *mut u8 {
    let p = if layout.size() < LARGE {
        mi_alloc(layout, false)
    } else {
        large_alloc(layout, false)
    };
    if !p.is_null() {
        count(layout.size() as isize);
    }
    p
}

/// A small block (word-aligned) after [`counted`] answered false: the count settled.
#[cold]
#[inline(never)]
unsafe fn alloc_settled(size: usize) -> *mut u8 {
    settle(size as isize);
    mi::mi_malloc(size) as *mut u8
}

/// A small block freed after [`counted`] answered false: the count settled.
#[cold]
#[inline(never)]
unsafe fn free_settled(ptr: *mut u8, size: usize) {
    settle(-(size as isize));
    mi::mi_free(ptr as *mut c_void)
}

/// A large block freed (the system allocator's).
#[inline(never)]
unsafe fn free_large(ptr: *mut u8, layout: Layout) {
    count(-(layout.size() as isize));
    System.dealloc(ptr, layout)
}

/// mimalloc for small blocks and the system allocator for large ones, counting the bytes
/// in use (a thread-local add per call, a shared one per [`BATCH`]). A large block is
/// checked against the limit in force, and when the system refuses one the ballast is
/// given back and the block asked for once more (`ceiling.rs`); mimalloc, refused a new
/// page, collects and tries once more by itself, and [`mimalloc_collects`] gives the
/// ballast back first. (The small blocks' path is as it was: nothing more per call.)
pub struct CountingAlloc;

/// A large block (the system allocator's), checked against the limit in force, asked
/// for once more when the system refused it and the ballast could be given back.
#[inline(never)]
unsafe fn large_alloc(layout: Layout, zeroed: bool) -> *mut u8 {
    check_large(layout.size());
    let get = || {
        if zeroed {
            system().alloc_zeroed(layout)
        } else {
            system().alloc(layout)
        }
    };
    let p = get();
    if p.is_null() {
        return refused(layout.size(), get);
    }
    p
}

/// A reallocation to or from a large block (see [`large_alloc`]).
#[inline(never)]
unsafe fn large_realloc(ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
    if new_size > layout.size() {
        check_large(new_size - layout.size());
    }
    let get = || match (layout.size() < LARGE, new_size < LARGE) {
        (false, false) => system().realloc(ptr, layout, new_size),
        // From one allocator to the other: a new block, the contents copied.
        _ => {
            let new_layout = Layout::from_size_align_unchecked(new_size, layout.align());
            let p = if new_size < LARGE {
                mi_alloc(new_layout, false)
            } else {
                system().alloc(new_layout)
            };
            if !p.is_null() {
                std::ptr::copy_nonoverlapping(ptr, p, layout.size().min(new_size));
                if layout.size() < LARGE {
                    mi::mi_free(ptr as *mut c_void)
                } else {
                    System.dealloc(ptr, layout)
                }
            }
            p
        }
    };
    let p = get();
    if p.is_null() {
        // (a failed reallocation leaves the block as it was)
        return refused(new_size, get);
    }
    p
}

/// After the system refused `size` bytes: `again()` once the ballast is given back, else
/// null (the caller's `try_reserve` fails, or Rust aborts).
#[cold]
#[inline(never)]
fn refused(size: usize, again: impl FnOnce() -> *mut u8) -> *mut u8 {
    if super::ceiling::refused(size) {
        again()
    } else {
        std::ptr::null_mut()
    }
}

/// Notes a large block of `size` more bytes that takes the count past the limit in force
/// (`ceiling::over`): whatever path allocates it, the input fails at its next check.
#[inline]
fn check_large(size: usize) {
    let limit = super::IN_FORCE.load(Ordering::Relaxed);
    if limit != 0 && in_use().saturating_add(size) > limit {
        super::ceiling::over(size);
    }
}

/// More than mimalloc asks the system for at once when its arenas are full (pages of at
/// most a few MiB; a new arena it can do without).
const MI_REQUEST: usize = 32 << 20;

extern "C" {
    // (mimalloc's; in libmimalloc-sys behind its `extended` feature)
    fn mi_register_deferred_free(
        f: Option<unsafe extern "C" fn(force: bool, heartbeat: u64, arg: *mut c_void)>,
        arg: *mut c_void,
    );
}

/// Called by mimalloc before it collects; `force` when the system refused it memory (it
/// then tries once more), and also when a thread or the process ends: the process is
/// short of memory only if twice [`MI_REQUEST`] of address space cannot be mapped now. Then the
/// ballast is given back, so that mimalloc's second try succeeds, and the input fails.
unsafe extern "C" fn mimalloc_collects(force: bool, _heartbeat: u64, _arg: *mut c_void) {
    if force && !super::ceiling::could_map(2 * MI_REQUEST) {
        super::ceiling::refused(MI_REQUEST);
    }
}

/// Has mimalloc call [`mimalloc_collects`].
pub(super) fn watch_mimalloc() {
    // SAFETY: registers a function that allocates nothing (mmap, munmap, atomics).
    unsafe { mi_register_deferred_free(Some(mimalloc_collects), std::ptr::null_mut()) }
}

/// mimalloc's option `arena_reserve` (the index of `mi_option_arena_reserve` in v3's
/// `mi_option_t`; a value in KiB).
const MI_OPTION_ARENA_RESERVE: std::ffi::c_int = 23;

extern "C" {
    // (mimalloc's; in libmimalloc-sys behind its `extended` feature)
    fn mi_option_set(option: std::ffi::c_int, value: std::ffi::c_long);
}

/// The address space mimalloc reserves for an arena under the address-space or
/// data-segment limit `limit` (bytes): a sixteenth of it, 32 MiB to mimalloc's own 1 GiB.
/// (Its first arena of 1 GiB left a process under `prlimit --as=1.2G` a few MiB of limit:
/// the ceiling counts address space.) `None`: mimalloc's default.
fn arena_reserve_under(limit: u64) -> Option<u64> {
    const DEFAULT: u64 = 1 << 30;
    (limit / 16 < DEFAULT).then(|| (limit / 16).max(32 << 20))
}

/// Sizes mimalloc's arenas from the process's `RLIMIT_AS` and `RLIMIT_DATA`, unless
/// `MIMALLOC_ARENA_RESERVE` says otherwise. Run from the executable's constructors
/// ([`SIZE_ARENAS`]), before `main` and its first allocation (mimalloc reserves its first
/// arena at the first block it gives); allocates nothing.
extern "C" fn size_mimalloc_arenas() {
    // SAFETY: getenv of a constant name, read before any thread is started.
    if !unsafe { libc::getenv(c"MIMALLOC_ARENA_RESERVE".as_ptr()) }.is_null() {
        return;
    }
    let soft = |resource| {
        let mut r = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit writes the struct it is given.
        match unsafe { libc::getrlimit(resource, &mut r) } {
            0 if r.rlim_cur != libc::RLIM_INFINITY => r.rlim_cur,
            _ => u64::MAX,
        }
    };
    let limit = soft(libc::RLIMIT_AS).min(soft(libc::RLIMIT_DATA));
    if let Some(bytes) = arena_reserve_under(limit) {
        // SAFETY: sets one of mimalloc's options, as its documentation allows at start.
        unsafe { mi_option_set(MI_OPTION_ARENA_RESERVE, (bytes >> 10) as std::ffi::c_long) };
    }
}

/// [`size_mimalloc_arenas`] among the executable's constructors (this module is linked
/// wherever [`CountingAlloc`] is).
#[cfg(target_os = "linux")]
#[used]
#[link_section = ".init_array"]
static SIZE_ARENAS: extern "C" fn() = size_mimalloc_arenas;

unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let size = layout.size();
        if size < LARGE && layout.align() <= MI_ALIGN {
            // The frequent case, counted first so that mimalloc's call is the last thing
            // done: a jump, without a frame of this function around it (saving and
            // restoring registers was half of the ~23 instructions this wrapper added to
            // each block). A null (memory exhausted) leaves the count above the truth by
            // less than `LARGE`, which only makes the limit a little stricter.
            if !counted(size as isize) {
                return alloc_settled(size);
            }
            if size <= MI_SMALL {
                // (a block of this size freed last, still in the cache: `spare`)
                if size <= spare::MAX_SIZE {
                    let p = spare::take(size);
                    if !p.is_null() {
                        return p;
                    }
                }
                return mi_malloc_small(size) as *mut u8;
            }
            return mi::mi_malloc(size) as *mut u8;
        }
        alloc_other(layout)
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = if layout.size() < LARGE {
            mi_alloc(layout, true)
        } else {
            large_alloc(layout, true)
        };
        if !p.is_null() {
            count(layout.size() as isize);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // (counted first: the free is then the last call, a jump; the large blocks apart,
        // so that the frequent path saves no register)
        let size = layout.size();
        if size < LARGE {
            if !counted(-(size as isize)) {
                return free_settled(ptr, size);
            }
            if size <= spare::MAX_SIZE && layout.align() <= MI_ALIGN && spare::put(ptr, size) {
                return;
            }
            return mi::mi_free(ptr as *mut c_void);
        }
        free_large(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = match (layout.size() < LARGE, new_size < LARGE) {
            (true, true) if layout.align() <= MI_ALIGN => {
                mi::mi_realloc(ptr as *mut c_void, new_size) as *mut u8
            }
            (true, true) => {
                mi::mi_realloc_aligned(ptr as *mut c_void, new_size, layout.align()) as *mut u8
            }
            _ => large_realloc(ptr, layout, new_size),
        };
        if !p.is_null() {
            count(new_size as isize - layout.size() as isize);
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

    // Counted per thread and added up by BATCH: a block one thread allocates and another
    // frees leaves the count where it was, and what a thread keeps back is less than BATCH.
    /// The tests that read the shared count, one at a time.
    static SHARED_COUNT: std::sync::Mutex<()> = std::sync::Mutex::new(());

    #[test]
    fn threads_count_on_their_own_and_add_up() {
        let _one = SHARED_COUNT.lock().unwrap_or_else(|e| e.into_inner());
        let l = layout(3 * BATCH as usize, 8);
        let before = IN_USE.load(Ordering::Relaxed);
        let p = std::thread::spawn(move || unsafe { CountingAlloc.alloc(l) as usize })
            .join()
            .unwrap();
        let during = IN_USE.load(Ordering::Relaxed) - before;
        assert!(
            (3 * BATCH - BATCH..=3 * BATCH).contains(&during),
            "{during}"
        );
        std::thread::spawn(move || unsafe { CountingAlloc.dealloc(p as *mut u8, l) })
            .join()
            .unwrap();
        let after = IN_USE.load(Ordering::Relaxed) - before;
        assert!(after.abs() < 2 * BATCH, "{after}");
    }

    // Small blocks are counted by the thread alone until its count reaches BATCH either
    // way; then the shared count takes it (allocations and frees alike), and the two
    // together are the truth at every step.
    #[test]
    fn small_blocks_settle_into_the_shared_count_by_batch() {
        let _one = SHARED_COUNT.lock().unwrap_or_else(|e| e.into_inner());
        std::thread::spawn(|| unsafe {
            let a = CountingAlloc;
            let l = layout(1000, 8);
            let shared = || IN_USE.load(Ordering::Relaxed);
            let (start, start_shared) = (in_use(), shared());
            let n = 3 * BATCH as usize / 1000;
            let mut blocks = Vec::with_capacity(n);
            for i in 1..=n {
                blocks.push(a.alloc(l) as usize);
                assert_eq!(in_use() - start, 1000 * i);
            }
            let grown = shared() - start_shared;
            assert!(
                (3 * BATCH - 2 * BATCH..=3 * BATCH).contains(&grown),
                "{grown}"
            );
            for (i, p) in blocks.into_iter().enumerate() {
                a.dealloc(p as *mut u8, l);
                assert_eq!(in_use() - start, 1000 * (n - i - 1));
            }
            assert!((shared() - start_shared).abs() < 2 * BATCH);
        })
        .join()
        .unwrap();
    }

    // On a thread that keeps its small blocks (an evaluation thread's), the block freed
    // last is the next one of its size in words, and the count is exact at every step as
    // without them (a kept block counted as freed); a kept block grows and frees as any.
    #[test]
    fn a_keeping_thread_gives_its_last_freed_block_again_and_counts_it() {
        std::thread::spawn(|| unsafe {
            let a = CountingAlloc;
            let start = in_use();
            let kept = spare::Kept::start();
            let p = a.alloc(layout(24, 8));
            assert_eq!(in_use() - start, 24);
            a.dealloc(p, layout(24, 8));
            assert_eq!(in_use(), start);
            let q = a.alloc(layout(17, 1));
            assert_eq!(q, p, "the same words (17 to 24 bytes), last freed first");
            assert_eq!(in_use() - start, 17);
            q.write_bytes(5, 17);
            let r = a.realloc(q, layout(17, 1), 400);
            assert_eq!(*r.add(16), 5, "contents kept");
            assert_eq!(in_use() - start, 400);
            a.dealloc(r, layout(400, 1));
            // (an alignment above a word is not kept: mimalloc's at once)
            let z = a.alloc(layout(32, 16));
            a.dealloc(z, layout(32, 16));
            assert!(spare::take(32).is_null(), "an aligned block is not kept");
            drop(kept);
            assert_eq!(in_use(), start);
        })
        .join()
        .unwrap();
    }

    // The test binary does not install the allocator: IN_USE changes only by these calls
    // (other tests' threads allocate through the system allocator).
    #[test]
    fn the_count_follows_allocations_frees_and_reallocations_that_keep_contents() {
        let _one = SHARED_COUNT.lock().unwrap_or_else(|e| e.into_inner());
        let a = CountingAlloc;
        unsafe {
            let before = in_use();
            let l = layout(100, 8);
            let p = a.alloc(l);
            p.write_bytes(1, 100);
            let z = a.alloc_zeroed(layout(64, 32));
            assert_eq!(z as usize % 32, 0, "alignment kept");
            assert!(std::slice::from_raw_parts(z, 64).iter().all(|&b| b == 0));
            assert_eq!(in_use() - before, 164);
            let q = a.realloc(p, l, 1000);
            assert_eq!(*q, 1, "contents kept");
            assert_eq!(in_use() - before, 1064);
            let r = a.realloc(q, layout(1000, 8), 10);
            assert_eq!(in_use() - before, 74);
            a.dealloc(r, layout(10, 8));
            a.dealloc(z, layout(64, 32));
            assert_eq!(in_use(), before);
            // Alignments above a word are asked for, at every size.
            for align in [16, 32, 4096] {
                for size in [1, 8, 24, 40, 100, LARGE + 8] {
                    let l = layout(size, align);
                    let p = a.alloc(l);
                    assert_eq!(p as usize % align, 0, "{size} aligned on {align}");
                    let q = a.realloc(p, l, size + 200);
                    assert_eq!(q as usize % align, 0, "{size} grown, aligned on {align}");
                    a.dealloc(q, layout(size + 200, align));
                }
            }
            assert_eq!(in_use(), before);
            // (One test, so that no other changes the count meanwhile.)
            let mut l = layout(1, 1);
            let mut p = a.alloc(l);
            *p = 7;
            // Grow one byte at a time past the small sizes, then in steps from one
            // allocator to the other and back, then shrink back.
            let steps = (LARGE - 600..LARGE * 3).step_by(4093);
            let sizes: Vec<usize> = (2..=600)
                .chain(steps.clone())
                .chain(steps.rev())
                .chain((1..600).rev())
                .collect();
            for n in sizes {
                p = a.realloc(p, l, n);
                assert!(!p.is_null());
                assert_eq!(*p, 7, "size {n}");
                // The whole new size is usable.
                p.add(n - 1).write(7);
                l = layout(n, 1);
            }
            a.dealloc(p, l);
            assert_eq!(in_use(), before);
        }
    }

    #[test]
    fn arenas_are_a_sixteenth_of_a_small_address_space_limit() {
        let mib = 1u64 << 20;
        assert_eq!(arena_reserve_under(u64::MAX), None);
        assert_eq!(arena_reserve_under(32 << 30), None);
        assert_eq!(arena_reserve_under(8 << 30), Some(512 * mib));
        assert_eq!(arena_reserve_under(1200 * mib), Some(75 * mib));
        assert_eq!(arena_reserve_under(100 * mib), Some(32 * mib));
    }

    extern "C" {
        fn mi_option_get(option: std::ffi::c_int) -> std::ffi::c_long;
    }

    #[test]
    fn the_arena_option_is_mimallocs() {
        // (the constructor ran in this test binary too: without a limit it changed nothing,
        // and mimalloc's default for the option at this index is 1 GiB, in KiB)
        let limited = [libc::RLIMIT_AS, libc::RLIMIT_DATA].into_iter().any(|r| {
            let mut l = libc::rlimit {
                rlim_cur: 0,
                rlim_max: 0,
            };
            unsafe { libc::getrlimit(r, &mut l) };
            l.rlim_cur != libc::RLIM_INFINITY
        });
        if limited || std::env::var_os("MIMALLOC_ARENA_RESERVE").is_some() {
            eprintln!("under a memory limit: skipped");
            return;
        }
        assert_eq!(unsafe { mi_option_get(MI_OPTION_ARENA_RESERVE) }, 1 << 20);
    }
}
