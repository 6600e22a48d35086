//! What the file system holds at a path (a file, a directory, nothing) and what a
//! directory lists, asked once per evaluation.
//!
//! Compiling real modules asks the same questions hundreds of times: every automatic
//! parameter lookup checks the global, environment and module `hiera.yaml` and the
//! module's directory, and every autoloaded name its module's directory (`include
//! keystone` made 1,404 `statx` calls, 900 of them for three paths). The answers are kept
//! for the evaluation that asked (`Session::eval_named` calls [`forget`] first), so a file
//! written between two inputs of a session is seen by the next one.
//!
//! [`forget`] only starts a new generation: an earlier one's answers stay in the maps (an
//! answer asked again replaces its own, without a new key), and a directory's listing is
//! used again after one `statx` of the directory shows it is the same directory, unchanged
//! since (a set-up's listings, the modulepath's among them, served every evaluation's
//! module look-ups; freeing and making them again was 60% of a small class's evaluation).
//! Such a listing is kept for the process too ([`SHARED`], once its thread ends): another
//! thread (a fresh session) uses it after the same one `statx`, where it read the
//! directory again (the sweep's modulepath has 94 modules, each `lib` and `lib/facter`
//! listed at every set-up). The bytes of files are kept for the process the same way
//! ([`texts`]): a file read again, unchanged, costs one `statx`. And the answers of
//! `statx` themselves are kept for the process while the kernel reports no change that
//! could alter them ([`watch`]): one `poll` per evaluation where each path asked cost one.

use crate::limits::files;

mod texts;
mod watch;
use rustc_hash::FxHashMap as HashMap;
use std::cell::{Cell, RefCell};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

/// What is at a path, following symbolic links as `std::fs::metadata` does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Probe {
    pub is_file: bool,
    pub is_dir: bool,
    /// Modification time and length: what tells a changed file from the one read before.
    pub stamp: (SystemTime, u64),
    /// Device, inode and change time: with the stamp, what tells that the bytes read from
    /// the path before are still its bytes ([`texts`]).
    identity: (u64, u64, i64, i64),
}

/// An answer and the generation (see [`forget`]) it was asked in.
struct Kept<V> {
    generation: u64,
    value: V,
    /// The watcher's epoch the answer is kept in for the process (`None`: asked of the
    /// file system and not kept, see [`stable`]).
    epoch: Option<u64>,
}

/// A directory's entries, and what the directory was when they were read: the same
/// directory (device and inode) with the same modification and change times still has
/// them. `None`
/// when it could not be read, or had changed too recently for its time to tell a later
/// change (see [`SETTLED`]): read again in the next generation.
struct Listing {
    generation: u64,
    entries: Arc<[PathBuf]>,
    stamp: Option<DirStamp>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct DirStamp {
    dev: u64,
    ino: u64,
    mtime: SystemTime,
    /// (set by the system at any change of the directory's inode: a directory put in the
    /// place of another, with the time of an archive, has a new one)
    ctime: (i64, i64),
}

/// How long ago a directory must have changed for its modification time to be trusted: a
/// change made in the same tick of a coarse clock would leave the time as it was (as git
/// distrusts the times of files changed as the index was written).
const SETTLED: std::time::Duration = std::time::Duration::from_secs(2);

/// Past this many answers kept, [`forget`] drops them all (a long session that has asked
/// about many paths).
const KEPT_LIMIT: usize = 50_000;

/// The listings of settled directories (those [`Listing`] has a stamp for) that threads
/// which ended had made: another thread uses one for a directory that has the same stamp.
/// (Handed over as a thread ends, not as each listing is made: a process that evaluates on
/// one thread, most of them, pays nothing for it.)
static SHARED: Mutex<Option<SharedListings>> = Mutex::new(None);

/// Listings by directory, with the stamp each was read at.
type SharedListings = PathMap<(DirStamp, Arc<[PathBuf]>)>;

/// Whether [`SHARED`] has listings (a thread that has none to look at takes no lock).
static ANY_SHARED: AtomicBool = AtomicBool::new(false);

fn shared() -> std::sync::MutexGuard<'static, Option<SharedListings>> {
    // (each change is one insert or clear: a panic elsewhere leaves it whole)
    SHARED.lock().unwrap_or_else(|e| e.into_inner())
}

/// The listing a thread that ended made of `dir`, if the directory has the same stamp.
fn shared_listing(dir: &Path, stamp: DirStamp) -> Option<Arc<[PathBuf]>> {
    if !ANY_SHARED.load(Ordering::Relaxed) {
        return None;
    }
    shared()
        .as_ref()?
        .get(key(dir))
        .filter(|(kept, _)| *kept == stamp)
        .map(|(_, entries)| entries.clone())
}

/// A thread's listings: its settled ones go to [`SHARED`] when the thread ends.
#[derive(Default)]
struct Listings(PathMap<Listing>);

impl std::ops::Deref for Listings {
    type Target = PathMap<Listing>;
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl std::ops::DerefMut for Listings {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

impl Drop for Listings {
    fn drop(&mut self) {
        let mut settled = self
            .0
            .drain()
            .filter_map(|(dir, l)| Some((dir, (l.stamp?, l.entries))))
            .peekable();
        if settled.peek().is_none() {
            return;
        }
        let mut guard = shared();
        let map = guard.get_or_insert_with(HashMap::default);
        for (dir, listing) in settled {
            if map.len() >= KEPT_LIMIT {
                map.clear();
            }
            map.insert(dir, listing);
        }
        ANY_SHARED.store(true, Ordering::Relaxed);
    }
}

thread_local! {
    // Keyed by the path's bytes: hashing a `Path` walks its components (it was 7% of the
    // instructions of `include keystone`).
    // SAFETY (both): a thread-local's value.
    static PROBES: crate::syntax::thread_cache::ThreadCache<RefCell<PathMap<Kept<Option<Probe>>>>> = const {
        unsafe { crate::syntax::thread_cache::ThreadCache::new(RefCell::new(HashMap::with_hasher(rustc_hash::FxBuildHasher))) }
    };
    static LISTINGS: crate::syntax::thread_cache::ThreadCache<RefCell<Listings>> = const {
        unsafe {
            crate::syntax::thread_cache::ThreadCache::new(RefCell::new(Listings(HashMap::with_hasher(
                rustc_hash::FxBuildHasher,
            ))))
        }
    };
    static GENERATION: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// How many paths [`PROBES`] and [`LISTINGS`] hold: [`forget`] checks them without
    /// touching the maps, whose first use on a thread registers their destructors (~400
    /// instructions of cold code each, in the evaluation of every fresh session).
    static PROBES_KEPT: Cell<usize> = const { Cell::new(0) };
    static LISTINGS_KEPT: Cell<usize> = const { Cell::new(0) };
    /// Directories read (not answered from a listing kept), for the tests.
    #[cfg(test)]
    static READS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// This generation's answer for `path`, if asked.
fn known(path: &Path) -> Option<Option<Probe>> {
    let generation = generation();
    PROBES.with(|p| {
        p.borrow()
            .get(key(path))
            .filter(|k| k.generation == generation)
            .map(|k| {
                tracked(k.epoch);
                k.value
            })
    })
}

/// A map by path, keyed by the path's bytes (see [`key`]).
pub type PathMap<V> = HashMap<Box<[u8]>, V>;

/// The key of a path in a [`PathMap`]: its bytes (hashing a `Path` walks its components).
pub fn key(path: &Path) -> &[u8] {
    path.as_os_str().as_encoded_bytes()
}

/// The entries of a directory (their paths, sorted; empty when it cannot be read), from
/// this evaluation's earlier answer when there is one.
pub fn list(dir: &Path) -> Arc<[PathBuf]> {
    let generation = generation();
    let kept = LISTINGS.with(|l| {
        l.borrow()
            .get(key(dir))
            .map(|l| (l.generation, l.entries.clone(), l.stamp))
    });
    // (the directory asked about first: a change after it is a later time than this one)
    let found = match kept {
        Some((g, entries, _)) if g == generation => {
            // (what the listing stands on: the directory's answer, asked this generation)
            if TRACKING.with(Cell::get) != NOT_TRACKING && known(dir).is_none() {
                tracked(None);
            }
            return entries;
        }
        Some((_, entries, Some(stamp))) => {
            let found = probe(dir);
            if found.as_ref().and_then(dir_stamp) == Some(stamp) {
                LISTINGS.with(|l| {
                    if let Some(l) = l.borrow_mut().get_mut(key(dir)) {
                        l.generation = generation;
                    }
                });
                return entries;
            }
            found
        }
        _ => probe(dir),
    };
    let stamp = found
        .as_ref()
        .and_then(dir_stamp)
        .filter(|_| found.is_some_and(|p| settled(p.stamp.0)));
    let entries = match stamp.and_then(|stamp| shared_listing(dir, stamp)) {
        Some(entries) => entries,
        None => read_listing(dir, found.as_ref()),
    };
    let listing = Listing {
        generation,
        entries: entries.clone(),
        stamp,
    };
    LISTINGS.with(|l| {
        let mut l = l.borrow_mut();
        match l.get_mut(key(dir)) {
            Some(kept) => *kept = listing,
            None => {
                l.insert(key(dir).into(), listing);
                LISTINGS_KEPT.with(|n| n.set(l.len()));
            }
        }
    });
    entries
}

/// The entries of `dir` (`found`: what it is), read, sorted.
fn read_listing(dir: &Path, found: Option<&Probe>) -> Arc<[PathBuf]> {
    #[cfg(test)]
    READS.with(|r| r.set(r.get() + 1));
    // (nothing to read where no directory is: a module's missing `lib/facter`)
    let mut entries: Vec<PathBuf> = match found {
        Some(p) if p.is_dir => std::fs::read_dir(dir)
            .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default(),
        _ => Vec::new(),
    };
    // By their bytes: the entries share their directory's prefix, so this is the order of
    // their names, `Path`'s order, without walking components (comparing paths component
    // by component was 5% of `include collectd::plugin::fscache`, 96 modules a listing).
    entries.sort_unstable_by(|a, b| key(a).cmp(key(b)));
    entries.into()
}

/// A directory's identity and modification time (`None` for what is not a directory).
fn dir_stamp(p: &Probe) -> Option<DirStamp> {
    let (dev, ino, ctime, ctime_nsec) = p.identity;
    p.is_dir.then_some(DirStamp {
        dev,
        ino,
        mtime: p.stamp.0,
        ctime: (ctime, ctime_nsec),
    })
}

/// Whether a file last modified at `modified` changed long enough ago for its time to tell
/// the next change.
fn settled(modified: SystemTime) -> bool {
    SystemTime::now()
        .duration_since(modified)
        .is_ok_and(|age| age >= SETTLED)
}

/// What is at `path` (`None`: nothing, or it cannot be read), from this evaluation's
/// earlier answer when there is one.
pub fn probe(path: &Path) -> Option<Probe> {
    if let Some(known) = known(path) {
        return known;
    }
    let (found, epoch) = match watch::answer(path) {
        watch::Answer::Known(found, epoch) => (found, Some(epoch)),
        watch::Answer::Ask(ask) => ask.stat(path),
    };
    remember(path, found, epoch);
    found
}

/// [`probe`] where the answer is known or can be kept for the process ([`watch`]), else
/// `None`: [`read_if_file`] then opens the file without a `statx` first (one it would make
/// again at every evaluation, where one kept is asked no more).
fn kept(path: &Path) -> Option<Option<Probe>> {
    if let Some(known) = known(path) {
        return Some(known);
    }
    let (found, epoch) = match watch::answer(path) {
        watch::Answer::Known(found, epoch) => (found, Some(epoch)),
        watch::Answer::Ask(ask) if ask.keeps() => ask.stat(path),
        watch::Answer::Ask(_) => return None,
    };
    remember(path, found, epoch);
    Some(found)
}

/// Keeps `found` as this evaluation's answer for `path` (in the place of an earlier
/// generation's, when there is one: no new key).
fn remember(path: &Path, found: Option<Probe>, epoch: Option<u64>) {
    tracked(epoch);
    let kept = Kept {
        generation: generation(),
        value: found,
        epoch,
    };
    PROBES.with(|p| {
        let mut p = p.borrow_mut();
        match p.get_mut(key(path)) {
            Some(old) => *old = kept,
            None => {
                p.insert(key(path).into(), kept);
                PROBES_KEPT.with(|n| n.set(p.len()));
            }
        }
    });
}

fn probe_of(m: &std::fs::Metadata) -> Probe {
    use std::os::unix::fs::MetadataExt;
    Probe {
        is_file: m.is_file(),
        is_dir: m.is_dir(),
        stamp: (m.modified().unwrap_or(std::time::UNIX_EPOCH), m.len()),
        identity: (m.dev(), m.ino(), m.ctime(), m.ctime_nsec()),
    }
}

/// A file's bytes, read with as few system calls as can be: the length is this
/// evaluation's answer for the path when there is one (else the open file's), and a first
/// read of one byte more that returns exactly that length is the end of the file (`std`'s
/// `read` and `read_to_string` ask for the length again and read once more to find the
/// end: two calls more a file, and a system call costs about two microseconds on the
/// benchmark machine). A file the process read before and that is unchanged since is not
/// read again ([`texts`]).
///
/// Only a regular file is read (opened without waiting: a FIFO would block until written
/// to, `/dev/zero` never ends), and only as far as the memory limit leaves room; else the
/// error says why (`not a regular file (a FIFO)`, `Out of memory: ...`).
pub fn read(path: &Path) -> std::io::Result<Vec<u8>> {
    Ok(match read_here(path)? {
        Read::Kept(bytes) => bytes.to_vec(),
        Read::Fresh(bytes, _) => bytes,
    })
}

fn read_here(path: &Path) -> std::io::Result<Read> {
    if let Some(bytes) = texts::reuse(path) {
        return Ok(Read::Kept(bytes));
    }
    tracked(None);
    let (file, meta) = files::open_nonblocking(path)?;
    if !meta.is_file() {
        return Err(files::not_regular(&meta));
    }
    let length = match known(path).flatten() {
        Some(probe) if probe.is_file => probe.stamp.1,
        _ => meta.len(),
    };
    let bytes = files::read_at_most(file, length, files::room())?;
    let kept = texts::read(path, &meta, &bytes);
    Ok(Read::Fresh(bytes, kept))
}

/// The bytes of the file at `path` when it is a file (`None` when nothing, or a directory,
/// is there; an error for what is neither, a FIFO or a device), asked by opening it: where
/// [`is_file`] and then [`read`] would look the path up twice (a `statx` and an `open`,
/// each walking the path from the root), this looks it up once and asks the open file
/// what it is. The answer is kept as [`probe`] keeps its.
pub fn read_if_file(path: &Path) -> std::io::Result<Option<Vec<u8>>> {
    Ok(read_if_file_here(path)?.map(|read| match read {
        Read::Kept(bytes) => bytes.to_vec(),
        Read::Fresh(bytes, _) => bytes,
    }))
}

/// [`read_if_file`], the bytes being the process's copy of them when it keeps one
/// ([`texts`]): the same allocation each time while the file is unchanged, so that what a
/// caller made of them is known again by their address, without comparing them.
pub fn read_shared_if_file(path: &Path) -> std::io::Result<Option<Arc<[u8]>>> {
    Ok(read_if_file_here(path)?.map(|read| match read {
        Read::Kept(bytes) | Read::Fresh(_, Some(bytes)) => bytes,
        Read::Fresh(bytes, None) => bytes.into(),
    }))
}

/// Bytes [`read_if_file_here`] found kept, or read now (and the copy kept of them, if one
/// is now).
enum Read {
    Kept(Arc<[u8]>),
    Fresh(Vec<u8>, Option<Arc<[u8]>>),
}

fn read_if_file_here(path: &Path) -> std::io::Result<Option<Read>> {
    if let Some(bytes) = texts::reuse(path) {
        return Ok(Some(Read::Kept(bytes)));
    }
    if let Some(known) = kept(path) {
        return match known {
            Some(probe) if !probe.is_dir => read_here(path).map(Some),
            _ => Ok(None),
        };
    }
    let (file, meta) = match files::open_nonblocking(path) {
        Ok(open) => open,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            remember(path, None, None);
            return Ok(None);
        }
        Err(e) => return Err(e),
    };
    let probe = probe_of(&meta);
    remember(path, Some(probe), None);
    if probe.is_dir {
        return Ok(None);
    }
    if !probe.is_file {
        return Err(files::not_regular(&meta));
    }
    let bytes = files::read_at_most(file, probe.stamp.1, files::room())?;
    let kept = texts::read(path, &meta, &bytes);
    Ok(Some(Read::Fresh(bytes, kept)))
}

/// [`read`] of a UTF-8 text (the error `std::fs::read_to_string` gives otherwise).
pub fn read_to_string(path: &Path) -> std::io::Result<String> {
    utf8(read(path)?)
}

/// [`read_if_file`] of a UTF-8 text.
pub fn read_to_string_if_file(path: &Path) -> std::io::Result<Option<String>> {
    read_if_file(path)?.map(utf8).transpose()
}

fn utf8(bytes: Vec<u8>) -> std::io::Result<String> {
    String::from_utf8(bytes).map_err(|_| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        )
    })
}

pub fn is_file(path: &Path) -> bool {
    probe(path).is_some_and(|p| p.is_file)
}

/// Whether the directory `dir` has an entry `name`, from its listing ([`list`]). Where
/// many names are looked for in a few directories (a resource type's file in each module's
/// `lib/puppet/type`, a module in each modulepath directory), one listing a directory
/// answers them all: a failed `statx` of such a path took 4 microseconds on the benchmark
/// machine, a hundred of them 13% of `include keystone`.
pub fn has_entry(dir: &Path, name: &str) -> bool {
    // (an entry is its directory joined with its name, which has no `/`: its bytes after
    // the last `/` are its `file_name()`, found without taking the path apart)
    let name = name.as_bytes();
    list(dir)
        .binary_search_by(|p| {
            let p = key(p);
            let at = p.iter().rposition(|&b| b == b'/').map_or(0, |i| i + 1);
            p[at..].cmp(name)
        })
        .is_ok()
}

pub fn is_dir(path: &Path) -> bool {
    probe(path).is_some_and(|p| p.is_dir)
}

pub fn exists(path: &Path) -> bool {
    probe(path).is_some()
}

/// Forgets every answer: the next question looks at the file system again (a listing is
/// read again unless its directory is unchanged, see [`list`]).
pub fn forget() {
    GENERATION.with(|g| g.set(g.get() + 1));
    if PROBES_KEPT.with(Cell::get) > KEPT_LIMIT {
        PROBES.with(|p| *p.borrow_mut() = HashMap::default());
        PROBES_KEPT.with(|n| n.set(0));
    }
    if LISTINGS_KEPT.with(Cell::get) > KEPT_LIMIT {
        LISTINGS.with(|l| **l.borrow_mut() = HashMap::default());
        LISTINGS_KEPT.with(|n| n.set(0));
    }
}

/// How many times [`forget`] has been called in this thread: answers derived from the
/// file system's (a module's directory) are kept while it stays the same.
pub fn generation() -> u64 {
    GENERATION.with(|g| g.get())
}

/// What [`stable`] found of a computation: the watcher's epoch every answer it had from
/// the file system was kept in. While the epoch is the same, those answers hold, and so
/// does what was computed from them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stable(u64);

impl Stable {
    /// Whether the answers the computation stood on still hold (the events that came since
    /// this thread last looked in this evaluation handled first: one `poll` an evaluation).
    pub fn holds(self) -> bool {
        watch::epoch() == Some(self.0)
    }
}

/// Answers found on the file system, kept for the process by key and used again while
/// what each stood on holds ([`stable`], [`Stable::holds`]): where a module's directory
/// is, where a 3.x function's file is. An answer that stood on something not kept is
/// found again each time.
pub struct StableMemo<V> {
    kept: std::sync::Mutex<Option<MemoMap<V>>>,
}

/// A [`StableMemo`]'s answers by key, with what each stood on.
type MemoMap<V> = HashMap<Vec<u8>, (V, Stable)>;

impl<V: Clone> Default for StableMemo<V> {
    fn default() -> Self {
        Self::new()
    }
}

impl<V: Clone> StableMemo<V> {
    /// How many answers are kept at most (all are dropped past it).
    const LIMIT: usize = 4096;

    pub const fn new() -> Self {
        StableMemo {
            kept: std::sync::Mutex::new(None),
        }
    }

    fn kept(&self) -> std::sync::MutexGuard<'_, Option<MemoMap<V>>> {
        // (each change is one insert or a clear: a panic elsewhere leaves it whole)
        self.kept.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The answer kept for `key` if it still holds, else `find`'s (kept when it can be).
    pub fn get_or_find(&self, key: Vec<u8>, find: impl FnOnce() -> V) -> V {
        let kept = self.kept().as_ref().and_then(|m| m.get(&key).cloned());
        if let Some((found, stable)) = kept {
            if stable.holds() {
                return found;
            }
        }
        let (found, stable) = stable(find);
        if let Some(stable) = stable {
            let mut guard = self.kept();
            let map = guard.get_or_insert_with(Default::default);
            if map.len() >= Self::LIMIT {
                map.clear();
            }
            map.insert(key, (found.clone(), stable));
        }
        found
    }
}

/// `f`'s result, and whether it stands only on answers of the file system kept for the
/// process ([`watch`]: paths, directories and listings whose every change is reported)
/// that held from its start to its end: a result to be used again, without asking again,
/// while [`Stable::holds`]. `None` when the watcher is off, an answer was asked of the
/// file system and not kept, a file was read, or a change was reported meanwhile.
pub fn stable<T>(f: impl FnOnce() -> T) -> (T, Option<Stable>) {
    let steady = Steady::start();
    let result = f();
    (result, steady.end().map(Stable))
}

/// What [`stable`] watches, in two halves for a computation that is not one closure (the
/// custom facts' files found, then what their code asked, in [`crate::env::custom_facts`]):
/// `start` before it, `end` after it gives the epoch every answer it used was kept in, if
/// there is one. Dropped without `end`, it stops tracking all the same.
pub struct Steady {
    /// The epoch at the start (`None`: the watcher is off, nothing is tracked).
    before: Option<u64>,
    /// What was tracked around it, given back at the end.
    outer: u64,
    missed: bool,
}

impl Steady {
    pub fn start() -> Steady {
        let Some(before) = watch::epoch() else {
            return Steady {
                before: None,
                outer: NOT_TRACKING,
                missed: false,
            };
        };
        Steady {
            before: Some(before),
            outer: TRACKING.with(|t| t.replace(before)),
            missed: MISSED.with(|m| m.replace(false)),
        }
    }

    /// The epoch every answer given since [`Steady::start`] holds in, if there is one.
    pub fn end(mut self) -> Option<u64> {
        let before = self.before.take()?;
        let kept_all = self.restore();
        (kept_all && watch::epoch() == Some(before)).then_some(before)
    }

    /// Tracks again what was tracked around it; whether every answer since the start was
    /// kept in its epoch.
    fn restore(&self) -> bool {
        TRACKING.with(|t| t.set(self.outer));
        let kept_all = !MISSED.with(|m| m.replace(self.missed));
        // (the outer computation stood on what this one did)
        if !kept_all {
            tracked(None);
        }
        kept_all
    }
}

impl Drop for Steady {
    fn drop(&mut self) {
        if self.before.is_some() {
            self.restore();
        }
    }
}

/// How many times the process has forgotten the answers it keeps ([`watch`]; `None`: it
/// keeps none): answers kept in an epoch hold while it lasts.
pub fn epoch() -> Option<u64> {
    watch::epoch()
}

/// Notes, for the computation [`stable`] watches (if any), an answer kept in `epoch`
/// (`None`: not kept).
fn tracked(epoch: Option<u64>) {
    let tracking = TRACKING.with(Cell::get);
    if tracking != NOT_TRACKING && epoch != Some(tracking) {
        MISSED.with(|m| m.set(true));
    }
}

/// [`TRACKING`] when no computation is watched.
const NOT_TRACKING: u64 = u64::MAX;

thread_local! {
    /// The epoch the computation [`stable`] watches started in.
    static TRACKING: Cell<u64> = const { Cell::new(NOT_TRACKING) };
    /// Whether that computation had an answer not kept in that epoch.
    static MISSED: Cell<bool> = const { Cell::new(false) };
}

/// A key for what is kept by a list of paths (a modulepath) and a name: their bytes, each
/// ended by a NUL (which no path or name has). Hashing `Path`s walks their components.
pub fn paths_key(paths: &[PathBuf], name: &str) -> Vec<u8> {
    let mut key = Vec::with_capacity(128);
    for path in paths {
        key.extend_from_slice(self::key(path));
        key.push(0);
    }
    key.extend_from_slice(name.as_bytes());
    key.push(0);
    key
}

/// Whether two lists of paths are the same, byte for byte: how the answers kept per
/// modulepath are checked on each look-up (`Path`'s own equality compares components, 10x
/// the cost; paths written differently but equal are only a look-up missed).
#[inline]
pub fn same_paths(a: &[PathBuf], b: &[PathBuf]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| {
            same_bytes(
                x.as_os_str().as_encoded_bytes(),
                y.as_os_str().as_encoded_bytes(),
            )
        })
}

/// Whether two byte strings are equal, those of 8 bytes or more compared inline by words
/// (the last one overlapping the one before): a module function's call by name checks its
/// modulepath so (`rubyfn::find_called`), where a call of `bcmp` through the library's
/// table cost more than the compare (session 54).
#[inline]
pub fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    if n < 8 {
        return a == b;
    }
    let word = |s: &[u8], at: usize| {
        let mut w = [0u8; 8];
        w.copy_from_slice(&s[at..at + 8]);
        u64::from_ne_bytes(w)
    };
    let mut at = 0;
    while at + 8 < n {
        if word(a, at) != word(b, at) {
            return false;
        }
        at += 8;
    }
    word(a, n - 8) == word(b, n - 8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_paths_compares_bytes() {
        let p = |s: &str| PathBuf::from(s);
        assert!(same_paths(&[p("/a/b"), p("c")], &[p("/a/b"), p("c")]));
        assert!(!same_paths(&[p("/a/b")], &[p("/a/c")]));
        assert!(!same_paths(&[p("/a/b")], &[p("/a/b"), p("c")]));
        // (equal as paths, written differently: only a cached answer missed)
        assert!(!same_paths(&[p("/a//b")], &[p("/a/b")]));
    }

    #[test]
    fn same_bytes_compares_every_byte() {
        // (every length to 40, a difference at each place: the words' loop and the last,
        // overlapping word)
        for n in 0..40usize {
            let a: Vec<u8> = (0..n).map(|i| b'a' + (i % 26) as u8).collect();
            assert!(same_bytes(&a, &a.clone()), "{n}");
            for at in 0..n {
                let mut b = a.clone();
                b[at] ^= 0x20;
                assert!(!same_bytes(&a, &b), "{n} {at}");
            }
            let mut longer = a.clone();
            longer.push(b'z');
            assert!(!same_bytes(&a, &longer), "{n}");
        }
    }

    /// A temporary directory of this process named after `name`, absent (removed if a
    /// run before left it).
    fn fresh_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("prepl-fs-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    /// A result computed from answers the watcher keeps holds until one of them changes;
    /// one that read a file is not kept.
    #[test]
    fn stable_results_hold_until_a_change() {
        let dir = fresh_dir("stable");
        std::fs::create_dir_all(dir.join("m")).unwrap();
        let path = dir.join("m/lib/x/f.rb");
        let look = |path: &Path| {
            let path = path.to_path_buf();
            std::thread::spawn(move || stable(|| is_file(&path)))
                .join()
                .unwrap()
        };
        let holds = |s: Stable| std::thread::spawn(move || s.holds()).join().unwrap();
        // (kept from the second question on; other tests' changes may forget it: asked
        // again then)
        let kept = (0..50).find_map(|_| match look(&path) {
            (false, Some(s)) if holds(s) => Some(s),
            _ => None,
        });
        if let Some(s) = kept {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, "").unwrap();
            assert!(!holds(s));
            assert!(look(&path).0);
        }
        let file = dir.join("m/g");
        std::fs::write(&file, "x").unwrap();
        for _ in 0..3 {
            let file = file.clone();
            let read = std::thread::spawn(move || stable(|| read(&file).unwrap().len()))
                .join()
                .unwrap();
            assert_eq!(read, (1, None));
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn files_are_read_whole_whatever_length_is_known() {
        let dir = fresh_dir("read");
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("data.txt");
        forget();
        for text in ["", "a", "héllo\n", &"x".repeat(100_000)] {
            std::fs::write(&file, text).unwrap();
            forget();
            assert_eq!(read_to_string(&file).unwrap(), text, "length unknown");
            assert_eq!(probe(&file).unwrap().stamp.1, text.len() as u64);
            assert_eq!(read_to_string(&file).unwrap(), text, "length known");
        }
        // The file changed after its length was asked: read to its end all the same.
        std::fs::write(&file, "longer now").unwrap();
        assert_eq!(read_to_string(&file).unwrap(), "longer now");
        std::fs::write(&file, "short").unwrap();
        assert_eq!(read_to_string(&file).unwrap(), "short");
        std::fs::write(&file, [0xff, 0xfe]).unwrap();
        assert_eq!(read(&file).unwrap(), [0xff, 0xfe]);
        let e = read_to_string(&file).unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::InvalidData);
        assert_eq!(
            e.to_string(),
            std::fs::read_to_string(&file).unwrap_err().to_string()
        );
        assert!(read(&dir.join("missing")).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
        forget();
    }

    /// `read_if_file` reads a file, answers `None` for nothing or a directory, and keeps
    /// what it found for `probe` (and the next `read_if_file`) until `forget`.
    #[test]
    fn files_are_read_if_there_without_a_probe_first() {
        let dir = fresh_dir("if");
        std::fs::create_dir_all(dir.join("sub.pp")).unwrap();
        let file = dir.join("init.pp");
        std::fs::write(&file, "class x {}").unwrap();
        forget();
        assert_eq!(
            read_to_string_if_file(&file).unwrap().as_deref(),
            Some("class x {}")
        );
        assert!(known(&file).is_some(), "kept");
        assert_eq!(probe(&file).unwrap().stamp.1, 10);
        assert_eq!(
            read_if_file(&dir.join("sub.pp")).unwrap(),
            None,
            "a directory"
        );
        assert!(is_dir(&dir.join("sub.pp")));
        let missing = dir.join("missing.pp");
        assert_eq!(read_if_file(&missing).unwrap(), None);
        // (kept: a file written now is seen after `forget`, as `probe`'s answers are)
        std::fs::write(&missing, "1").unwrap();
        assert_eq!(read_if_file(&missing).unwrap(), None);
        assert!(!is_file(&missing));
        forget();
        assert_eq!(read_if_file(&missing).unwrap().as_deref(), Some(&b"1"[..]));
        std::fs::write(&file, [0xff]).unwrap();
        forget();
        let e = read_to_string_if_file(&file).unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::InvalidData);
        // A FIFO (which would block the open until written to) or a device is an error,
        // at once, the first time and once known.
        let fifo = dir.join("fifo.pp");
        assert!(std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success());
        std::os::unix::fs::symlink("/dev/zero", dir.join("zero.pp")).unwrap();
        for (path, what) in [
            (fifo, "a FIFO"),
            (dir.join("zero.pp"), "a character device"),
        ] {
            for _ in 0..2 {
                let e = read_if_file(&path).unwrap_err();
                assert_eq!(e.to_string(), format!("not a regular file ({what})"));
                assert!(read(&path).is_err());
            }
        }
        std::fs::remove_dir_all(&dir).unwrap();
        forget();
    }

    /// `has_entry` answers from the directory's sorted listing: every entry found, names
    /// that only share a prefix with one not, nothing in a missing directory.
    #[test]
    fn entries_are_found_in_listings() {
        let dir = fresh_dir("entries");
        forget();
        assert!(!has_entry(&dir, "a.rb"));
        let names = ["a.rb", "a_b.rb", "ab.rb", "b", "keystone_config.rb", "z.rb"];
        std::fs::create_dir_all(dir.join("b")).unwrap();
        for n in names.iter().filter(|n| **n != "b") {
            std::fs::write(dir.join(n), "").unwrap();
        }
        forget();
        for n in names {
            assert!(has_entry(&dir, n), "{n}");
        }
        for n in [
            "a", "a.r", "a.rbx", "aa.rb", "keystone", "", "zz.rb", "0.rb",
        ] {
            assert!(!has_entry(&dir, n), "{n}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
        forget();
    }

    /// A directory unchanged for a while is listed once: later generations use the listing
    /// after asking the directory's time; one that changed (or changed too recently for its
    /// time to be trusted, or was replaced) is read again.
    #[test]
    fn settled_listings_are_used_again() {
        let dir = fresh_dir("settled");
        std::fs::create_dir_all(dir.join("a")).unwrap();
        let age = |ago: u64| {
            let t = std::time::SystemTime::now() - std::time::Duration::from_secs(ago);
            std::fs::File::open(&dir).unwrap().set_modified(t).unwrap();
        };
        let reads = || READS.with(|r| r.get());
        age(3600);
        forget();
        let before = reads();
        assert_eq!(list(&dir).len(), 1);
        assert_eq!(reads(), before + 1);
        for _ in 0..3 {
            forget();
            assert_eq!(list(&dir).len(), 1);
            assert!(is_dir(&dir));
        }
        assert_eq!(reads(), before + 1, "listed once");
        // An entry added: the directory's time moves, it is read again, and again in the
        // next generation while its time is too recent to tell a change.
        std::fs::create_dir(dir.join("b")).unwrap();
        forget();
        assert_eq!(list(&dir).len(), 2);
        forget();
        assert_eq!(list(&dir).len(), 2);
        assert_eq!(reads(), before + 3);
        // Settled again: used again.
        age(3600);
        forget();
        assert_eq!(list(&dir).len(), 2);
        let settled = reads();
        forget();
        assert_eq!(list(&dir).len(), 2);
        assert_eq!(reads(), settled);
        // Another directory in its place, with the same time: read again.
        std::fs::remove_dir_all(&dir).unwrap();
        std::fs::create_dir_all(dir.join("c")).unwrap();
        std::fs::create_dir_all(dir.join("d")).unwrap();
        std::fs::create_dir_all(dir.join("e")).unwrap();
        age(3600);
        forget();
        assert_eq!(list(&dir).len(), 3);
        // Gone: empty, and read again once it is back.
        std::fs::remove_dir_all(&dir).unwrap();
        forget();
        assert!(list(&dir).is_empty() && !exists(&dir));
        std::fs::create_dir_all(dir.join("f")).unwrap();
        forget();
        assert_eq!(list(&dir).len(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
        forget();
    }

    /// A settled directory's listing is read once for the process: another thread uses it
    /// after asking the directory's time, and reads the directory again once it changed.
    #[test]
    fn settled_listings_are_shared_by_threads() {
        let dir = fresh_dir("shared");
        std::fs::create_dir_all(dir.join("a")).unwrap();
        let age = |dir: &Path| {
            let t = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
            std::fs::File::open(dir).unwrap().set_modified(t).unwrap();
        };
        // (in a thread of its own, whose settled listings go to the process as it ends: the
        // names listed, and how many directories it read)
        let in_thread = |dir: &Path| {
            let dir = dir.to_path_buf();
            std::thread::spawn(move || {
                let names: Vec<String> = list(&dir)
                    .iter()
                    .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
                    .collect();
                (names, READS.with(|r| r.get()), has_entry(&dir, "a"))
            })
            .join()
            .unwrap()
        };
        age(&dir);
        assert_eq!(in_thread(&dir), (vec!["a".to_string()], 1, true));
        assert_eq!(in_thread(&dir), (vec!["a".to_string()], 0, true));
        std::fs::create_dir(dir.join("b")).unwrap();
        // (changed too recently for its time to be trusted: read in every thread)
        assert_eq!(in_thread(&dir).1, 1);
        assert_eq!(in_thread(&dir).1, 1);
        age(&dir);
        let both = vec!["a".to_string(), "b".to_string()];
        assert_eq!(in_thread(&dir), (both.clone(), 1, true));
        assert_eq!(in_thread(&dir), (both, 0, true));
        // another directory in its place, with the same kind of time: read again
        std::fs::remove_dir_all(&dir).unwrap();
        std::fs::create_dir_all(dir.join("c")).unwrap();
        age(&dir);
        assert_eq!(in_thread(&dir), (vec!["c".to_string()], 1, false));
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(in_thread(&dir), (vec![], 1, false));
    }

    #[test]
    fn answers_are_kept_until_forgotten() {
        let dir = fresh_dir("probe");
        let file = dir.join("hiera.yaml");
        forget();
        assert!(!exists(&dir) && !is_file(&file));
        assert!(list(&dir).is_empty());
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(&file, "version: 5\n").unwrap();
        // Within one evaluation the first answer stands.
        assert!(!exists(&dir) && !is_file(&file));
        assert!(list(&dir).is_empty());
        forget();
        assert!(is_dir(&dir) && !is_file(&dir));
        assert_eq!(&*list(&dir), std::slice::from_ref(&file));
        assert!(is_file(&file) && !is_dir(&file));
        assert_eq!(probe(&file).unwrap().stamp.1, 11);
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(is_file(&file));
        forget();
        assert!(!exists(&file));
    }
}
