//! What the process can really get: the memory limit is lowered to what its hard limits
//! leave (so that growth is refused with an error before the system refuses it), and an
//! allocation the system refuses anyway is an error of the input where Rust lets it be.
//!
//! - The *ceiling* is the heap in use plus seven eighths of the smallest headroom the
//!   system gives the process: `RLIMIT_AS` less the address space mapped (`VmSize`),
//!   `RLIMIT_DATA` less the data segment (`VmData`), and under strict overcommit
//!   (`vm.overcommit_memory = 2`) `CommitLimit` less `Committed_AS`. These make an
//!   allocation fail; the memory available and the cgroup's limit do not (the kernel
//!   reclaims caches or kills the process instead), so they set only the default limit.
//!   The limit in force is the smaller of the limit and the ceiling. The ceiling is read
//!   again at most every [`REFRESH_EVERY_MS`], or at once when the process's limits changed
//!   (`prlimit --pid`), when an input starts or ends (the limits asked at most every
//!   [`REFRESH_EVERY_MS`] there) and before a reservation of [`RECHECK`] or more.
//! - The *ballast* is [`BALLAST`] bytes of address space mapped and never touched (no
//!   memory used). When the system refuses an allocation, the allocator gives it back and
//!   tries once more (mimalloc, refused memory, tries once more by itself after calling
//!   `alloc::mimalloc_collects`, which gives the ballast back when 64 MiB of address
//!   space cannot be mapped), so that the allocations that follow (the error
//!   being built) still succeed; every input running then is *exhausted*: its budget
//!   checks and interrupt checks fail with the memory error until it ends, and the
//!   ballast is mapped again when an input has ended. (A large block past the limit in
//!   force exhausts only the input of the thread that allocated it.) A single request larger than the ballast
//!   still fails: through `try_reserve` it is the memory error, elsewhere Rust aborts.

use super::human;
use crate::error::{Error, ErrorKind};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, AtomicUsize, Ordering};

/// Address space kept in reserve for the moment the system refuses an allocation: more
/// than mimalloc asks for at once outside its arenas.
pub const BALLAST: usize = 64 << 20;

/// Reservations of this size and more read the ceiling again first (when due).
pub const RECHECK: usize = 1 << 20;

/// How often (at most) a large reservation reads the ceiling again while the process's
/// limits stay the same.
pub const REFRESH_EVERY_MS: u64 = 20;

/// The most the heap count may reach; `usize::MAX` without a hard limit.
static CEILING: AtomicUsize = AtomicUsize::new(usize::MAX);
/// Which headroom set [`CEILING`] (an index into [`SOURCES`]).
static CEILING_SOURCE: AtomicU8 = AtomicU8::new(0);
/// How many times the system refused an allocation (the ballast given back); a thread's
/// input fails when this moved since the input started ([`SEEN`]).
static REFUSALS: AtomicU64 = AtomicU64::new(0);
/// Whether the system refused an allocation since the last [`recover`] of any thread: what
/// threads outside an input (which never recovered) go by.
static REFUSED_NOW: AtomicBool = AtomicBool::new(false);
/// The size of the allocation the system last refused.
static REFUSED: AtomicUsize = AtomicUsize::new(0);
/// [`SEEN`] of a thread that has not started an input.
const NO_INPUT: u64 = u64::MAX;

thread_local! {
    /// The size of the large block with which this thread's allocations went past the limit
    /// in force since its input started; 0 when none did. Per thread, so that the threads
    /// of `prepl diff --jobs N` each fail their own input and none clears another's mark.
    /// (Constant initializers and no destructors: the allocator reads and writes them.)
    static OVER_HERE: Cell<usize> = const { Cell::new(0) };
    /// [`REFUSALS`] when this thread's input started.
    static SEEN: Cell<u64> = const { Cell::new(NO_INPUT) };
}
/// The address of the ballast mapping; 0 when not mapped.
static MAPPED_BALLAST: AtomicUsize = AtomicUsize::new(0);
/// `RLIMIT_AS` and `RLIMIT_DATA` when the ceiling was read (`u64::MAX`: unlimited).
static SEEN_AS: AtomicU64 = AtomicU64::new(0);
static SEEN_DATA: AtomicU64 = AtomicU64::new(0);
/// Whether strict overcommit was on when the ceiling was last read in full.
static STRICT_COMMIT: AtomicBool = AtomicBool::new(false);
/// When the ceiling was read (milliseconds since [`epoch`]).
static READ_AT: AtomicU64 = AtomicU64::new(0);
/// When [`read_if_due`] last asked for the process's limits (milliseconds since
/// [`epoch_ms`]'s start; 0: never).
static LIMITS_ASKED_AT: AtomicU64 = AtomicU64::new(0);

/// The phrases naming what set the ceiling.
const SOURCES: [&str; 4] = [
    "no hard limit",
    "the address-space limit (RLIMIT_AS, ulimit -v)",
    "the data-segment limit (RLIMIT_DATA, ulimit -d)",
    "the memory the system can still commit (vm.overcommit_memory = 2)",
];

fn epoch_ms() -> u64 {
    static EPOCH: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    EPOCH
        .get_or_init(std::time::Instant::now)
        .elapsed()
        .as_millis() as u64
}

/// A soft resource limit (`u64::MAX`: unlimited or unknown).
macro_rules! soft_limit {
    ($resource:expr) => {{
        let mut r = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit writes the struct it is given.
        if unsafe { libc::getrlimit($resource, &mut r) } != 0 || r.rlim_cur == libc::RLIM_INFINITY {
            u64::MAX
        } else {
            let cur: u64 = r.rlim_cur;
            cur
        }
    }};
}

/// `RLIMIT_AS` and `RLIMIT_DATA` (soft; `u64::MAX`: unlimited).
fn rlimits() -> (u64, u64) {
    (soft_limit!(libc::RLIMIT_AS), soft_limit!(libc::RLIMIT_DATA))
}

/// A `Key:   N kB` line of a `/proc` file, in bytes.
pub(super) fn kib(text: &str, key: &str) -> Option<usize> {
    let line = text.lines().find(|l| l.starts_with(key))?;
    let n: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(n.saturating_mul(1024))
}

/// The headrooms that make an allocation fail, by kind (the indexes of [`SOURCES`] 1-3).
#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub(super) struct Hard {
    pub address_space: Option<usize>,
    pub data: Option<usize>,
    pub commit: Option<usize>,
}

impl Hard {
    /// Reads them from the process's limits and `/proc`.
    pub fn of_this_process() -> Hard {
        let (as_limit, data_limit) = rlimits();
        SEEN_AS.store(as_limit, Ordering::Relaxed);
        SEEN_DATA.store(data_limit, Ordering::Relaxed);
        let strict = std::fs::read_to_string("/proc/sys/vm/overcommit_memory")
            .is_ok_and(|s| s.trim() == "2");
        STRICT_COMMIT.store(strict, Ordering::Relaxed);
        let mut hard = Hard::default();
        if as_limit != u64::MAX || data_limit != u64::MAX {
            let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
            let left = |limit: u64, key| {
                (limit != u64::MAX)
                    .then(|| (limit as usize).saturating_sub(kib(&status, key).unwrap_or(0)))
            };
            hard.address_space = left(as_limit, "VmSize:");
            hard.data = left(data_limit, "VmData:");
        }
        if strict {
            let info = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
            if let Some(limit) = kib(&info, "CommitLimit:") {
                let committed = kib(&info, "Committed_AS:").unwrap_or(0);
                hard.commit = Some(limit.saturating_sub(committed));
            }
        }
        hard
    }

    /// The smallest headroom and the index of its phrase in [`SOURCES`].
    pub fn smallest(&self) -> Option<(usize, u8)> {
        [(self.address_space, 1), (self.data, 2), (self.commit, 3)]
            .into_iter()
            .filter_map(|(v, i)| v.map(|v| (v, i)))
            .min_by_key(|(v, _)| *v)
    }
}

/// The ceiling for a headroom read with `in_use` bytes counted.
fn ceiling_of(hard: &Hard, in_use: usize) -> (usize, u8) {
    match hard.smallest() {
        Some((headroom, source)) => (in_use.saturating_add(headroom / 8 * 7), source),
        None => (usize::MAX, 0),
    }
}

/// Reads the ceiling now.
pub(super) fn read() {
    let hard = Hard::of_this_process();
    let (ceiling, source) = ceiling_of(&hard, super::in_use());
    CEILING.store(ceiling, Ordering::Relaxed);
    CEILING_SOURCE.store(source, Ordering::Relaxed);
    READ_AT.store(epoch_ms(), Ordering::Relaxed);
}

/// Reads the ceiling again if the process's limits changed since, or if it was read
/// longer than [`REFRESH_EVERY_MS`] ago and some hard limit applies.
pub(super) fn read_if_due() {
    LIMITS_ASKED_AT.store(epoch_ms(), Ordering::Relaxed);
    let changed = rlimits()
        != (
            SEEN_AS.load(Ordering::Relaxed),
            SEEN_DATA.load(Ordering::Relaxed),
        );
    let limited =
        CEILING.load(Ordering::Relaxed) != usize::MAX || STRICT_COMMIT.load(Ordering::Relaxed);
    let stale = epoch_ms().saturating_sub(READ_AT.load(Ordering::Relaxed)) >= REFRESH_EVERY_MS;
    if changed || (limited && stale) {
        read();
    }
}

/// [`read_if_due`] unless it ran less than [`REFRESH_EVERY_MS`] ago: what an input's start
/// and end do. Asking the process's limits is two `prlimit64` system calls, and an input
/// starts and ends with this: four calls, a tenth of the system calls of compiling a small
/// class. A limit changed from outside (`prlimit --pid`) in the last milliseconds is seen
/// by the next large reservation (which asks every time) or the next input after them.
pub(super) fn read_if_due_at_most_every_refresh() {
    let asked = LIMITS_ASKED_AT.load(Ordering::Relaxed);
    if asked == 0 || epoch_ms().saturating_sub(asked) >= REFRESH_EVERY_MS {
        read_if_due();
    }
}

/// The ceiling as last read.
pub fn ceiling() -> usize {
    CEILING.load(Ordering::Relaxed)
}

/// What set the ceiling.
pub fn ceiling_source() -> &'static str {
    SOURCES[CEILING_SOURCE.load(Ordering::Relaxed) as usize % SOURCES.len()]
}

/// A private writable mapping of `bytes`, untouched (address space and data segment,
/// no memory); null when the system refuses it.
fn map(bytes: usize) -> *mut libc::c_void {
    // SAFETY: a fresh private anonymous mapping, which nobody else knows of.
    let p = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            bytes,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
            -1,
            0,
        )
    };
    if p == libc::MAP_FAILED {
        std::ptr::null_mut()
    } else {
        p
    }
}

/// Whether `bytes` of address space could be mapped now (mapped and unmapped again).
/// Allocates nothing.
pub(super) fn could_map(bytes: usize) -> bool {
    let p = map(bytes);
    if p.is_null() {
        return false;
    }
    // SAFETY: the mapping just made.
    unsafe { libc::munmap(p, bytes) };
    true
}

/// Maps the ballast if it is not mapped (and the system lets it).
pub(super) fn arm() {
    static WATCHING: std::sync::Once = std::sync::Once::new();
    WATCHING.call_once(super::alloc::watch_mimalloc);
    if MAPPED_BALLAST.load(Ordering::Relaxed) != 0 {
        return;
    }
    // (unmapped only by `release`, which takes its address first)
    let p = map(BALLAST);
    if p.is_null() {
        return;
    }
    if MAPPED_BALLAST
        .compare_exchange(0, p as usize, Ordering::Relaxed, Ordering::Relaxed)
        .is_err()
    {
        // SAFETY: our own mapping, just made, not published.
        unsafe { libc::munmap(p, BALLAST) };
    }
}

/// Whether the ballast is mapped.
pub fn armed() -> bool {
    MAPPED_BALLAST.load(Ordering::Relaxed) != 0
}

/// Unmaps the ballast; whether it was mapped. (Allocates nothing: called by the allocator.)
fn release() -> bool {
    match MAPPED_BALLAST.swap(0, Ordering::Relaxed) {
        0 => false,
        p => {
            // SAFETY: the mapping `arm` made; its address was taken, so once only.
            unsafe { libc::munmap(p as *mut libc::c_void, BALLAST) };
            true
        }
    }
}

/// The allocator's report that the system refused `size` bytes: every input running now
/// fails, and the answer says whether to try once more (the ballast was given back).
/// Allocates nothing.
pub(super) fn refused(size: usize) -> bool {
    note_refusal(size);
    super::exhausted_now();
    release()
}

/// Notes that the system refused `size` bytes: the inputs running now fail.
fn note_refusal(size: usize) {
    REFUSED.store(size, Ordering::Relaxed);
    REFUSALS.fetch_add(1, Ordering::Relaxed);
    REFUSED_NOW.store(true, Ordering::Relaxed);
}

/// The allocator's report that a large block of `size` bytes takes the count past the
/// limit in force: the block is given (the ceiling is below what the system allows), and
/// the input of the allocating thread fails at its next check. Allocates nothing.
#[cold]
pub(super) fn over(size: usize) {
    let _ = OVER_HERE.try_with(|over| {
        if over.get() == 0 {
            over.set(size.max(1));
        }
    });
}

/// Whether the system refused an allocation since this thread's input started (outside an
/// input: since any thread's last [`recover`]).
fn refused_here() -> bool {
    match SEEN.try_with(Cell::get).unwrap_or(NO_INPUT) {
        NO_INPUT => REFUSED_NOW.load(Ordering::Relaxed),
        seen => REFUSALS.load(Ordering::Relaxed) != seen,
    }
}

/// Whether this thread's allocations went past the limit in force since its input started,
/// or the system refused one (to any thread) meanwhile: the running input fails at its
/// next check.
#[inline]
pub fn exhausted() -> bool {
    OVER_HERE.try_with(Cell::get).unwrap_or(0) != 0 || refused_here()
}

/// The error of an input during which an allocation went past the limit in force or the
/// system refused one.
pub fn exhausted_error() -> Error {
    if !refused_here() {
        return super::limit_error(OVER_HERE.try_with(Cell::get).unwrap_or(0));
    }
    Error::new(
        ErrorKind::Limit,
        format!(
            "Out of memory: the system refused to allocate {} with {} in use, below the \
             memory limit of {} (--memory-limit or PREPL_MEMORY_LIMIT)",
            human(REFUSED.load(Ordering::Relaxed)),
            human(super::in_use()),
            human(super::limit_as_set()),
        ),
    )
}

/// When this thread's input starts and after it has ended: forgets what went past the
/// limit or was refused during it (on this thread: other threads' inputs still fail), maps
/// the ballast again and reads the ceiling again (when due, see
/// [`read_if_due_at_most_every_refresh`]); whether something had.
pub(super) fn recover() -> bool {
    let was = exhausted();
    let _ = OVER_HERE.try_with(|over| over.set(0));
    let _ = SEEN.try_with(|seen| seen.set(REFUSALS.load(Ordering::Relaxed)));
    REFUSED_NOW.store(false, Ordering::Relaxed);
    arm();
    if was || !armed() {
        read();
    } else {
        read_if_due_at_most_every_refresh();
    }
    was
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ceiling_is_seven_eighths_of_the_smallest_hard_headroom() {
        let gib = 1usize << 30;
        let hard = Hard {
            address_space: Some(8 * gib),
            data: Some(2 * gib),
            commit: None,
        };
        assert_eq!(ceiling_of(&hard, 100), (100 + 2 * gib / 8 * 7, 2));
        assert_eq!(ceiling_of(&Hard::default(), 100), (usize::MAX, 0));
        let hard = Hard {
            commit: Some(gib),
            ..hard
        };
        assert_eq!(SOURCES[ceiling_of(&hard, 0).1 as usize], SOURCES[3]);
    }

    #[test]
    fn the_limits_are_asked_between_inputs_at_most_every_refresh() {
        // (a time ahead of now: not due whatever the clock says meanwhile)
        let ahead = epoch_ms() + 1_000_000;
        LIMITS_ASKED_AT.store(ahead, Ordering::Relaxed);
        read_if_due_at_most_every_refresh();
        assert_eq!(LIMITS_ASKED_AT.load(Ordering::Relaxed), ahead, "not asked");
        LIMITS_ASKED_AT.store(1, Ordering::Relaxed);
        while epoch_ms() < 1 + REFRESH_EVERY_MS {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        read_if_due_at_most_every_refresh();
        assert_ne!(LIMITS_ASKED_AT.load(Ordering::Relaxed), 1, "asked when due");
        // (a large reservation asks every time)
        LIMITS_ASKED_AT.store(ahead, Ordering::Relaxed);
        read_if_due();
        assert_ne!(LIMITS_ASKED_AT.load(Ordering::Relaxed), ahead);
    }

    #[test]
    fn the_ballast_is_mapped_once_and_given_back_once() {
        arm();
        assert!(armed());
        let p = MAPPED_BALLAST.load(Ordering::Relaxed);
        arm();
        assert_eq!(MAPPED_BALLAST.load(Ordering::Relaxed), p, "mapped once");
        // (what the allocator does when the system refuses, then what an input's end does)
        assert!(release());
        assert!(!release());
        arm();
        assert!(armed());
    }

    #[test]
    fn the_probe_of_address_space_maps_and_gives_back() {
        assert!(could_map(BALLAST));
        assert!(!could_map(usize::MAX / 2), "more than the address space");
    }

    /// Runs `f` on a thread of its own (an evaluation of `prepl diff --jobs N`).
    fn on_a_thread<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
        std::thread::spawn(f).join().expect("the thread ends")
    }

    #[test]
    fn an_input_starting_on_one_thread_leaves_the_mark_of_another() {
        use std::sync::mpsc::channel;
        // Thread A's input goes past the limit; thread B's input starts meanwhile (before
        // the fix, its start cleared the process-wide mark and A's input went on).
        let (went_over, b_may_start) = channel();
        let (b_started, a_may_check) = channel();
        let a = std::thread::spawn(move || {
            recover();
            over(5 << 20);
            went_over.send(()).unwrap();
            a_may_check.recv().unwrap();
            let still = exhausted();
            let message = exhausted_error().message;
            recover();
            (still, message, exhausted())
        });
        b_may_start.recv().unwrap();
        let b_fine = on_a_thread(|| {
            recover();
            !exhausted()
        });
        b_started.send(()).unwrap();
        let (still, message, after) = a.join().unwrap();
        assert!(b_fine, "B's input is not A's");
        assert!(still, "A's input still fails");
        assert!(message.contains("this needs 5 MiB more"), "{message}");
        assert!(!after, "A's next input starts afresh");
    }

    #[test]
    fn a_refusal_fails_the_inputs_running_then_not_those_started_after() {
        // (what `refused` notes, without giving back the ballast or failing the
        // reservations of the other tests running meanwhile)
        use std::sync::mpsc::channel;
        let (started, refuse) = channel();
        let (refused_now, check) = channel();
        let running = std::thread::spawn(move || {
            recover();
            started.send(()).unwrap();
            check.recv().unwrap();
            (exhausted(), exhausted_error().message)
        });
        refuse.recv().unwrap();
        let (refuser, after) = on_a_thread(|| {
            recover();
            note_refusal(3 << 20);
            let refuser = exhausted();
            recover();
            (refuser, exhausted())
        });
        refused_now.send(()).unwrap();
        let (other, message) = running.join().unwrap();
        assert!(refuser && other, "both inputs running fail");
        assert!(
            message.contains("the system refused to allocate 3 MiB"),
            "{message}"
        );
        assert!(!after, "an input started after it does not");
        assert!(on_a_thread(|| {
            recover();
            !exhausted()
        }));
    }
}
