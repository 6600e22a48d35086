//! The limits of an evaluation that protect the session: a memory budget checked before
//! every large growth (an allocation failure would abort the process with all its state),
//! and the interrupt flag, readable from code that has no `Evaluator` at hand (printing,
//! comparison, type inference, regexp matching).
//!
//! Both checks are cheap: the budget is two relaxed atomic loads and a compare, the
//! interrupt a thread-local read and an atomic load. Long loops call [`Ticker::tick`],
//! which looks at the flag every [`TICK_EVERY`] steps.

mod alloc;
mod ceiling;
pub mod files;
mod spare;
mod stack;

use crate::error::{Error, ErrorKind};
use crate::thread_cache::ThreadCache;
use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

pub use alloc::CountingAlloc;
pub use ceiling::{ceiling, ceiling_source, exhausted, exhausted_error, BALLAST};
pub use stack::{deep, evaluation_thread, EvaluationThread, MAX_NESTING, MAX_VALUE_DEPTH};

/// The memory limit in bytes as set or by default; 0 until set or first read.
static LIMIT: AtomicUsize = AtomicUsize::new(0);

/// The limit in force: the smaller of [`LIMIT`] and the ceiling the process's hard limits
/// set (`ceiling.rs`), 1 while the process is exhausted (every reservation fails); 0 until
/// first read.
static IN_FORCE: AtomicUsize = AtomicUsize::new(0);

/// Bytes in use by the process, as counted by [`CountingAlloc`] (0 where it is not the
/// global allocator).
pub fn in_use() -> usize {
    alloc::in_use()
}

/// Sets the memory limit (bytes of heap the process may use while evaluating; less where
/// the process's own limits leave less).
pub fn set_memory_limit(bytes: usize) {
    store_limit(
        bytes,
        "set with --memory-limit or :set memory-limit".to_string(),
    );
    if IN_FORCE.load(Ordering::Relaxed) == 0 {
        init();
    } else {
        update();
    }
}

fn store_limit(bytes: usize, source: String) {
    LIMIT.store(bytes.max(1), Ordering::Relaxed);
    if let Ok(mut s) = LIMIT_SOURCE.lock() {
        *s = source;
    }
}

/// The memory limit in force: the limit as set, else from `PREPL_MEMORY_LIMIT` (`4G`,
/// `512M`, bytes), else three quarters of the smallest headroom when first asked (see
/// [`memory_limit_source`]), plus what is in use then; lowered to the ceiling the
/// process's hard limits set (`ceiling.rs`); 1 byte while the system refuses allocations
/// (until the input ends).
#[inline]
pub fn memory_limit() -> usize {
    match IN_FORCE.load(Ordering::Relaxed) {
        0 => init(),
        n => n,
    }
}

/// The memory limit as set (or by default), whatever the process's hard limits leave.
pub fn limit_as_set() -> usize {
    memory_limit();
    LIMIT.load(Ordering::Relaxed).max(1)
}

/// The first read of the limit: maps the ballast (so that the headrooms read leave it
/// out), sets the default limit unless one is set, reads the ceiling.
#[cold]
fn init() -> usize {
    ceiling::arm();
    if LIMIT.load(Ordering::Relaxed) == 0 {
        let (limit, source) = match std::env::var("PREPL_MEMORY_LIMIT")
            .ok()
            .and_then(|s| parse_size(&s))
        {
            Some(n) => (n, "PREPL_MEMORY_LIMIT".to_string()),
            None => derived_limit(&Probes::of_this_process()),
        };
        store_limit(limit, source);
    }
    ceiling::read();
    update()
}

/// Sets the limit in force from the limit, the ceiling and whether the process is
/// exhausted; returns it.
fn update() -> usize {
    let in_force = if ceiling::exhausted() {
        1
    } else {
        LIMIT.load(Ordering::Relaxed).min(ceiling::ceiling()).max(1)
    };
    IN_FORCE.store(in_force, Ordering::Relaxed);
    in_force
}

/// The allocator's note that the system refused an allocation: every reservation fails.
fn exhausted_now() {
    IN_FORCE.store(1, Ordering::Relaxed);
}

/// Called when an input starts and when it has ended: forgets an allocation the system
/// refused (the input that met it has failed), maps the ballast again, reads the ceiling
/// again when due.
pub fn between_inputs() {
    memory_limit();
    ceiling::recover();
    update();
}

/// The memory error of the running input if the system refused an allocation during it
/// (it then fails whatever else happened: the ballast that let it go on is gone).
pub fn exhaustion() -> Option<Error> {
    ceiling::exhausted().then(exhausted_error)
}

/// What set the default memory limit (`:set memory-limit`, docs/reliability.md): the
/// smallest of the memory available, the address-space and data-segment limits
/// (`RLIMIT_AS`, `RLIMIT_DATA`: `ulimit -v`, `prlimit`) and the cgroup's memory limit
/// (v2 `memory.max`, v1 `memory.limit_in_bytes`), each less what is already used of it.
static LIMIT_SOURCE: std::sync::Mutex<String> = std::sync::Mutex::new(String::new());

/// Where the memory limit in force comes from.
pub fn memory_limit_source() -> String {
    memory_limit();
    // (the process's limits as they are now: `prlimit --pid` may have changed them)
    if !ceiling::exhausted() {
        ceiling::read();
        update();
    }
    let source = LIMIT_SOURCE.lock().map(|s| s.clone()).unwrap_or_default();
    let set = LIMIT.load(Ordering::Relaxed);
    if ceiling::ceiling() < set {
        format!(
            "{source}: {}, lowered to what {} leaves",
            human(set),
            ceiling::ceiling_source()
        )
    } else {
        source
    }
}

/// What the process may still use, by source (bytes), read from `/proc` and `/sys`.
#[derive(Debug, Default)]
struct Probes {
    /// `MemAvailable` of `/proc/meminfo`.
    available: Option<usize>,
    /// `RLIMIT_AS` less the address space mapped now (`VmSize`).
    address_space: Option<usize>,
    /// `RLIMIT_DATA` less the data segment now (`VmData`).
    data: Option<usize>,
    /// The cgroup's memory limit less its usage now.
    cgroup: Option<usize>,
    /// Under strict overcommit, `CommitLimit` less `Committed_AS`.
    commit: Option<usize>,
}

impl Probes {
    fn of_this_process() -> Probes {
        let hard = ceiling::Hard::of_this_process();
        Probes {
            available: std::fs::read_to_string("/proc/meminfo")
                .ok()
                .and_then(|t| ceiling::kib(&t, "MemAvailable:")),
            address_space: hard.address_space,
            data: hard.data,
            cgroup: cgroup_headroom(),
            commit: hard.commit,
        }
    }
}

/// The memory the process's cgroup may still use (v2, then v1); `None` without a limit.
fn cgroup_headroom() -> Option<usize> {
    let groups = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let number =
        |p: String| -> Option<usize> { std::fs::read_to_string(p).ok()?.trim().parse().ok() };
    for line in groups.lines() {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
        let (limit, usage) = if controllers.is_empty() {
            let dir = format!("/sys/fs/cgroup{path}");
            (
                number(format!("{dir}/memory.max")),
                number(format!("{dir}/memory.current")),
            )
        } else if controllers.split(',').any(|c| c == "memory") {
            let dir = format!("/sys/fs/cgroup/memory{path}");
            (
                number(format!("{dir}/memory.limit_in_bytes")),
                number(format!("{dir}/memory.usage_in_bytes")),
            )
        } else {
            continue;
        };
        // (v1 says "no limit" with a number near 2^63; v2 with "max", which does not parse)
        if let Some(l) = limit.filter(|l| *l < 1 << 60) {
            return Some(l.saturating_sub(usage.unwrap_or(0)));
        }
    }
    None
}

/// The default limit from the probes: three quarters of the smallest headroom (the rest for
/// what is not counted: stacks, code, the allocator's own), plus the heap in use now; and a
/// phrase naming the source.
fn derived_limit(p: &Probes) -> (usize, String) {
    let candidates = [
        (p.available, "the memory available (MemAvailable)"),
        (
            p.address_space,
            "the address-space limit (RLIMIT_AS, ulimit -v)",
        ),
        (p.data, "the data-segment limit (RLIMIT_DATA, ulimit -d)"),
        (p.cgroup, "the cgroup's memory limit"),
        (
            p.commit,
            "the memory the system can still commit (vm.overcommit_memory = 2)",
        ),
    ];
    let (headroom, source) = candidates
        .iter()
        .filter_map(|(v, name)| v.map(|v| (v, *name)))
        .min_by_key(|(v, _)| *v)
        .unwrap_or((
            4 << 30,
            "a default of 4 GiB (no memory figure could be read)",
        ));
    let limit = (headroom / 4).saturating_mul(3).saturating_add(in_use());
    (limit, format!("three quarters of {source}"))
}

/// A size such as `4G`, `512M`, `100k` or a number of bytes.
pub fn parse_size(s: &str) -> Option<usize> {
    let s = s.trim();
    let (digits, unit) = match s.find(|c: char| !c.is_ascii_digit()) {
        Some(i) => s.split_at(i),
        None => (s, ""),
    };
    let n: usize = digits.parse().ok()?;
    let shift = match unit
        .trim()
        .to_ascii_lowercase()
        .trim_end_matches(['b', 'i'])
    {
        "" => 0,
        "k" => 10,
        "m" => 20,
        "g" => 30,
        "t" => 40,
        _ => return None,
    };
    n.checked_mul(1usize << shift).filter(|n| *n > 0)
}

/// The error for growth past the memory limit (or, while the system refuses allocations,
/// [`exhausted_error`]).
pub fn memory_error(needed: usize) -> Error {
    if ceiling::exhausted() {
        return exhausted_error();
    }
    limit_error(needed)
}

/// The error for growth of `needed` bytes past the limit in force.
fn limit_error(needed: usize) -> Error {
    let in_force = memory_limit();
    let set = LIMIT.load(Ordering::Relaxed);
    let why = if in_force < set {
        format!(
            "{} as set, lowered to what {} leaves",
            human(set),
            ceiling::ceiling_source()
        )
    } else {
        "--memory-limit or PREPL_MEMORY_LIMIT".to_string()
    };
    Error::new(
        ErrorKind::Limit,
        format!(
            "Out of memory: this needs {} more than the memory limit of {} leaves ({why})",
            human(needed),
            human(in_force)
        ),
    )
}

/// A byte count for people: `512 MiB`, `3.2 GiB`.
pub fn human(bytes: usize) -> String {
    const UNITS: [&str; 5] = ["bytes", "KiB", "MiB", "GiB", "TiB"];
    let mut v = bytes as f64;
    let mut unit = 0;
    while v >= 1024.0 && unit + 1 < UNITS.len() {
        v /= 1024.0;
        unit += 1;
    }
    if unit == 0 || v >= 100.0 || (v - v.round()).abs() < 0.05 {
        format!("{v:.0} {}", UNITS[unit])
    } else {
        format!("{v:.1} {}", UNITS[unit])
    }
}

/// Fails unless `bytes` more fit in the memory limit in force. (A large reservation first
/// reads the process's hard limits again when due, as does one that would fail.)
#[inline]
pub fn reserve(bytes: usize) -> Result<(), Error> {
    if bytes >= ceiling::RECHECK || bytes > memory_limit().saturating_sub(in_use()) {
        return reserve_checked(bytes);
    }
    Ok(())
}

#[cold]
fn reserve_checked(bytes: usize) -> Result<(), Error> {
    memory_limit();
    if !ceiling::exhausted() {
        ceiling::read_if_due();
        update();
    }
    if bytes > memory_limit().saturating_sub(in_use()) {
        return Err(memory_error(bytes));
    }
    // Under a hard limit, a block this large is mostly made twice before the first is
    // freed: a `String` and the value's copy of it, or a reallocation's old and new block
    // (moved by the system only once the new one is mapped). Both must fit below the
    // ceiling, else the second is refused and Rust aborts.
    let twice = bytes.saturating_mul(2);
    if twice > ceiling::ceiling().saturating_sub(in_use()) {
        return Err(memory_error(twice));
    }
    Ok(())
}

/// `try_reserve` of `additional` more elements of `v`, its failure the memory error: for a
/// buffer whose one allocation may be larger than the system gives (checked against the
/// limit first).
pub fn try_grow<T>(v: &mut Vec<T>, additional: usize) -> Result<(), Error> {
    reserve_for::<T>(additional)?;
    v.try_reserve(additional)
        .map_err(|_| memory_error(additional.saturating_mul(std::mem::size_of::<T>().max(1))))
}

/// [`try_grow`] of a string.
pub fn try_grow_string(s: &mut String, additional: usize) -> Result<(), Error> {
    reserve(additional)?;
    s.try_reserve(additional)
        .map_err(|_| memory_error(additional))
}

/// Fails unless `n` more values of type `T` fit in the memory limit.
#[inline]
pub fn reserve_for<T>(n: usize) -> Result<(), Error> {
    reserve(n.saturating_mul(std::mem::size_of::<T>().max(1)))
}

/// Pushes onto a vector, checking the budget when the vector must grow. (Always inlined:
/// a call per pushed value cost ~35 instructions of `map`'s ~290 an element.)
#[inline(always)]
pub fn push<T>(v: &mut Vec<T>, x: T) -> Result<(), Error> {
    if v.len() == v.capacity() {
        reserve_for::<T>(v.capacity().max(4))?;
    }
    v.push(x);
    Ok(())
}

/// Appends to a string, checking the budget when the string must grow.
#[inline]
pub fn push_str(s: &mut String, x: &str) -> Result<(), Error> {
    if s.capacity() - s.len() < x.len() {
        reserve(s.capacity().max(x.len()))?;
    }
    s.push_str(x);
    Ok(())
}

/// The largest program text read from a file or standard input.
pub const MAX_SOURCE: u64 = 64 << 20;

/// Reads a program's text: at most [`MAX_SOURCE`] bytes (`prepl /dev/zero` ends with an
/// error instead of reading until memory runs out), UTF-8. The error is worded for people.
pub fn read_source(mut from: impl std::io::Read) -> Result<String, String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    (&mut from)
        .take(MAX_SOURCE + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_SOURCE {
        return Err(format!(
            "the program is larger than {} (the limit for source text)",
            human(MAX_SOURCE as usize)
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "not UTF-8 text (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        )
    })
}

/// [`read_source`] of a file.
pub fn read_source_file(path: impl AsRef<std::path::Path>) -> Result<String, String> {
    // (a FIFO would wait for a writer, `/dev/zero` never ends: regular files only)
    let (file, _) = files::open_regular(path.as_ref()).map_err(|e| e.to_string())?;
    read_source(file)
}

/// [`read_source_file`] for the program file named on the command line, which may be a
/// pipe or a device too (`prepl <(generate-code)`, `prepl /dev/stdin`): read as far as
/// [`MAX_SOURCE`] (no session is running yet: Ctrl-C ends the process).
pub fn read_program_file(path: impl AsRef<std::path::Path>) -> Result<String, String> {
    let path = path.as_ref();
    if path.is_dir() {
        return Err("Is a directory".into());
    }
    read_source(std::fs::File::open(path).map_err(|e| e.to_string())?)
}

/// A file's bytes, read only as far as the memory limit allows (`file('/dev/zero')` ends with
/// the memory error instead of reading on). The I/O error is the `Err(Ok(..))` side.
pub fn read_file(path: &std::path::Path) -> Result<Vec<u8>, Result<std::io::Error, Error>> {
    use std::io::Read;
    let room = memory_limit().saturating_sub(in_use()) as u64;
    let mut bytes = Vec::new();
    files::open_regular(path)
        .and_then(|(f, _)| f.take(room.saturating_add(1)).read_to_end(&mut bytes))
        .map_err(Ok)?;
    if bytes.len() as u64 > room {
        return Err(Err(memory_error(bytes.len())));
    }
    Ok(bytes)
}

/// A thread's evaluation state that the limits keep: one thread-local for both (a
/// [`ThreadCache`]: see `thread_cache` for the cost of a thread-local's destructor).
struct ThreadState {
    interrupt: RefCell<Option<Arc<AtomicBool>>>,
    deferred: RefCell<Option<Error>>,
}

thread_local! {
    // SAFETY: a thread-local's value.
    static STATE: ThreadCache<ThreadState> = const {
        unsafe {
            ThreadCache::new(ThreadState {
                interrupt: RefCell::new(None),
                deferred: RefCell::new(None),
            })
        }
    };
}

/// `f` of this thread's [`ThreadState`].
#[inline]
fn state<R>(f: impl FnOnce(&ThreadState) -> R) -> R {
    STATE.with(|s| f(s.get()))
}

/// Records an error met where no error can be returned (a type check whose pattern gave
/// up): the evaluation fails with it when it ends, rather than going on with a wrong
/// answer. The first one is kept.
///
/// The evaluator surfaces it sooner, where the reference raises it: the innermost
/// expression evaluated when it was recorded fails with it ([`deferred_pending`], read
/// once per expression evaluated).
pub fn defer_error(e: Error) {
    state(|s| {
        if let Ok(mut d) = s.deferred.try_borrow_mut() {
            d.get_or_insert(e);
            PENDING.set(true);
        }
    });
}

thread_local! {
    /// Whether this thread's [`ThreadState`] holds a deferred error: a constant-initialized
    /// flag without destructor, one load to read (the evaluator reads it per expression).
    static PENDING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether [`defer_error`] recorded an error not yet taken (cheap: see `PENDING`).
#[inline]
pub fn deferred_pending() -> bool {
    PENDING.get()
}

/// Whether [`defer_error`] recorded an error not yet taken.
pub fn has_deferred_error() -> bool {
    state(|s| s.deferred.try_borrow().map_or(true, |d| d.is_some()))
}

/// The error recorded by [`defer_error`], taken.
pub fn take_deferred_error() -> Option<Error> {
    state(|s| {
        s.deferred.try_borrow_mut().ok().and_then(|mut d| {
            PENDING.set(false);
            d.take()
        })
    })
}

/// While alive, `flag` is the interrupt flag of this thread's evaluation.
pub struct InterruptScope {
    previous: Option<Arc<AtomicBool>>,
}

/// Makes `flag` the interrupt flag that [`check_interrupt`] reads on this thread.
pub fn interrupt_scope(flag: &Arc<AtomicBool>) -> InterruptScope {
    let previous = state(|s| s.interrupt.borrow_mut().replace(flag.clone()));
    InterruptScope { previous }
}

impl Drop for InterruptScope {
    fn drop(&mut self) {
        let previous = self.previous.take();
        state(|s| *s.interrupt.borrow_mut() = previous);
    }
}

/// Whether an interrupt is pending on this thread's evaluation (the flag is not cleared).
pub fn interrupted() -> bool {
    state(|s| {
        s.interrupt
            .try_borrow()
            .ok()
            .and_then(|f| f.as_ref().map(|a| a.load(Ordering::Relaxed)))
            .unwrap_or(false)
    })
}

/// Fails with `Interrupted` once the interrupt flag is set (and clears it), and with the
/// memory error while the system refuses allocations.
pub fn check_interrupt() -> Result<(), Error> {
    if ceiling::exhausted() {
        return Err(exhausted_error());
    }
    state(|s| match s.interrupt.try_borrow().ok().as_deref() {
        Some(Some(flag)) if flag.load(Ordering::Relaxed) => {
            flag.store(false, Ordering::Relaxed);
            Err(Error::interrupted())
        }
        _ => Ok(()),
    })
}

/// How many steps a [`Ticker`] takes between interrupt checks.
pub const TICK_EVERY: u32 = 1024;

/// Counts the steps of a long loop and checks the interrupt flag every [`TICK_EVERY`].
#[derive(Default)]
pub struct Ticker(u32);

impl Ticker {
    #[inline]
    pub fn tick(&mut self) -> Result<(), Error> {
        self.0 += 1;
        if self.0 >= TICK_EVERY {
            self.0 = 0;
            return check_interrupt();
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_smallest_headroom_sets_the_default() {
        let gib = 1usize << 30;
        let p = super::Probes {
            available: Some(8 * gib),
            address_space: Some(2 * gib),
            data: None,
            cgroup: Some(4 * gib),
            commit: None,
        };
        let (limit, source) = super::derived_limit(&p);
        assert!(
            limit >= gib / 2 * 3 && limit < gib / 2 * 3 + (256 << 20),
            "{limit}"
        );
        assert!(source.contains("RLIMIT_AS"), "{source}");
        let p = super::Probes {
            available: Some(8 * gib),
            cgroup: Some(gib),
            ..Default::default()
        };
        assert!(super::derived_limit(&p).1.contains("cgroup"));
        assert!(super::derived_limit(&super::Probes::default())
            .1
            .contains("4 GiB"));
    }

    use super::*;

    #[test]
    fn sizes_parse_with_units() {
        assert_eq!(parse_size("4096"), Some(4096));
        assert_eq!(parse_size("512M"), Some(512 << 20));
        assert_eq!(parse_size("2GiB"), Some(2 << 30));
        assert_eq!(parse_size("1 g"), Some(1 << 30));
        assert_eq!(parse_size("12x"), None);
        assert_eq!(parse_size("0"), None);
    }

    #[test]
    fn reservations_past_the_limit_fail() {
        assert!(reserve(usize::MAX / 2).is_err());
        assert!(reserve(16).is_ok());
        let mut v: Vec<u8> = Vec::new();
        assert!(push(&mut v, 1).is_ok());
    }

    #[test]
    fn interrupts_are_seen_within_a_scope_only() {
        let flag = Arc::new(AtomicBool::new(true));
        assert!(check_interrupt().is_ok());
        {
            let _scope = interrupt_scope(&flag);
            assert!(interrupted());
            let e = check_interrupt().expect_err("interrupted");
            assert_eq!(e.kind, ErrorKind::Interrupted);
            assert!(!flag.load(Ordering::Relaxed));
        }
        flag.store(true, Ordering::Relaxed);
        assert!(check_interrupt().is_ok());
    }

    #[test]
    fn sources_are_read_with_a_size_limit() {
        let endless = std::io::repeat(0u8);
        let e = read_source(endless).expect_err("too large");
        assert_eq!(
            e,
            "the program is larger than 64 MiB (the limit for source text)"
        );
        assert_eq!(read_source(&b"1 + 1"[..]).as_deref(), Ok("1 + 1"));
        assert!(read_source(&b"\xff\xfe"[..]).is_err());
        assert!(read_source_file("/").is_err());
    }

    #[test]
    fn human_sizes() {
        assert_eq!(human(512 << 20), "512 MiB");
        assert_eq!(human(3 << 29), "1.5 GiB");
        assert_eq!(human(10), "10 bytes");
    }
}
