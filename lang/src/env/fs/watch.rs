//! What is at a path, kept for the process while the kernel reports no change that could
//! alter it (Linux's `inotify`): one `poll` per evaluation answers "nothing changed" for
//! every path asked before, where each path cost a `statx` (3 in `include wait_for`'s
//! evaluation, ~330 in the set-up of a session with the sweep's 94 modules, ~100 in
//! `include apache`'s; a system call is microseconds on the benchmark machine, and it
//! evicts the caches a small evaluation runs from).
//!
//! A path's answer is kept only when every change that could alter it is reported:
//! - the path's directory is resolved as the kernel does, component by component, through
//!   symbolic links (Debian's modules are links, to `modules.available` or through
//!   `/etc/alternatives`): every directory consulted on the way is watched (asked not to
//!   follow a link: `IN_DONT_FOLLOW | IN_ONLYDIR`), and every entry looked up in one is
//!   noted; a link is immutable, so an event in its directory is the only way it changes;
//! - every watched directory is on a local file system (ext2/3/4, XFS, Btrfs, tmpfs, F2FS,
//!   asked with `statfs` where the device changes: a change made on another machine, NFS,
//!   or by a FUSE server, is not reported); a directory whose own answer is kept has all
//!   its entries noted (its time moves with any of them);
//! - a file with other hard links is not kept (written through another directory, the
//!   event would be reported there);
//! - the watches are made before the path is asked, so a change after it is reported; an
//!   answer that crossed a reset is not kept (see [`Watcher::epoch`]);
//! - a change of the mounts (`/proc/self/mountinfo` reports one to `poll`), a lost event
//!   (the queue overflowed), a watched directory removed, moved or changed itself, and an
//!   event about any entry noted forget everything (events about other entries of a
//!   watched directory, `~/.bash_history` in `/root`, are ignored).
//!
//! What is not reported (writes through a shared memory mapping) is not seen until the
//! file is changed otherwise; `statx` would see it at once. Without inotify, or past its
//! watch limit, paths are asked with `statx` as before. A path is watched from the second
//! time the process asks about it (its first `statx` is plain): a process that evaluates
//! once makes no watch.
//!
//! Each thread looks for events at its first question of each evaluation (generation, see
//! [`super::forget`]): a file changed between two inputs is seen by the second.

use super::{key, PathMap, Probe};
use std::cell::Cell;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard};

/// The events that can change what a watched directory's paths are: an entry created,
/// removed, renamed, written or with new attributes (permissions, times), the directory
/// itself removed or renamed.
const EVENTS: u32 = libc::IN_CREATE
    | libc::IN_DELETE
    | libc::IN_MOVED_FROM
    | libc::IN_MOVED_TO
    | libc::IN_MODIFY
    | libc::IN_ATTRIB
    | libc::IN_CLOSE_WRITE
    | libc::IN_DELETE_SELF
    | libc::IN_MOVE_SELF;

/// File systems whose every change the kernel reports (`statfs`'s `f_type`): ext2/3/4,
/// XFS, Btrfs, tmpfs, F2FS.
const LOCAL: [u64; 5] = [0xEF53, 0x5846_5342, 0x9123_683E, 0x0102_1994, 0xF2F5_2010];

/// Past this many answers kept, all are dropped (a long session asking about many paths).
const KEPT_LIMIT: usize = 50_000;

/// How many symbolic links one resolution follows at most (the kernel's limit).
const LINKS: u32 = 40;

/// The process's watches and the answers they keep valid.
#[derive(Default)]
struct Kept {
    /// The inotify instance the watches are made in.
    fd: i32,
    /// Directories watched, by path (a path with no symbolic link in it), with their watch
    /// and device.
    watched: PathMap<(i32, u64)>,
    /// Each directory path asked (as written) and the watched directory it leads to;
    /// `None`: it cannot be watched (not a directory, another file system, no watch
    /// left).
    dirs: PathMap<Option<Box<[u8]>>>,
    /// Directory paths asked (as written) that lead nowhere: resolving them reached a
    /// watched directory without the next entry on the way (noted there as consulted: its
    /// creation is reported). What is below one is nothing, kept as such (a module's
    /// missing `lib/puppet/parser/functions`, asked for each 3.x function a template calls,
    /// was a failed `statx` per module and evaluation).
    absent: PathMap<()>,
    /// The entries looked up in watched directories (watch, name): an event about one of
    /// them may change what a kept path leads to.
    consulted: std::collections::HashSet<(i32, Box<[u8]>), rustc_hash::FxBuildHasher>,
    /// Watched directories whose every entry matters (their own answer is kept: their
    /// time moves with any entry).
    whole: std::collections::HashSet<i32, rustc_hash::FxBuildHasher>,
    /// The answers kept: what is at each path (`None`: nothing).
    answers: PathMap<Option<Probe>>,
    /// Paths asked once (a path is watched from its second question on: a process that
    /// evaluates once pays nothing for the watches).
    seen: PathMap<()>,
}

/// What an entry of a watched directory is, as [`Kept::resolve`] goes through it.
enum Entry {
    /// A directory (or a link to one), watched: its path with no link in it.
    Dir(Box<[u8]>),
    /// Nothing: its creation is reported (it is noted as consulted).
    Missing,
    /// Anything else, or what cannot be watched.
    Other,
}

struct Watcher {
    inotify: OwnedFd,
    /// `/proc/self/mountinfo`, whose `poll` reports a change of the mounts.
    mounts: OwnedFd,
    kept: Kept,
    /// Counts the times everything was forgotten: an answer asked at one count is kept
    /// only if the count is the same when it is given.
    epoch: u64,
    /// The working directory, plain, that relative paths are kept under (`None`: it has
    /// no such path, and relative paths are asked each time). Read again at each reset:
    /// a directory on the way to it moved or removed is an event that resets.
    cwd: Option<Box<[u8]>>,
}

/// The process's working directory, when it has a plain path.
fn working_directory() -> Option<Box<[u8]>> {
    let cwd = std::env::current_dir().ok()?;
    let bytes = key(&cwd);
    plain(bytes).then(|| bytes.into())
}

enum State {
    Untried,
    Off,
    On(Box<Watcher>),
}

static WATCHER: Mutex<State> = Mutex::new(State::Untried);

/// Set when inotify could not be had: paths are asked with `statx`, without the lock.
static OFF: AtomicBool = AtomicBool::new(false);

thread_local! {
    /// The generation in which this thread last looked for events.
    static LOOKED: Cell<u64> = const { Cell::new(u64::MAX) };
}

fn state() -> MutexGuard<'static, State> {
    // (a panic elsewhere leaves the maps consistent, at worst with fewer answers)
    WATCHER.lock().unwrap_or_else(|e| e.into_inner())
}

/// What to do for a path: its answer kept, or ask the file system ([`Ask::stat`]).
pub(super) enum Answer {
    /// The answer, and the epoch it is kept in.
    Known(Option<Probe>, u64),
    Ask(Ask),
}

/// A question for the file system, and whether its answer may be kept: the epoch it was
/// asked at, when the path's directory (and the path itself, if it is a directory or a
/// symbolic link, once resolved) is watched; and the absolute path a relative one names.
pub(super) struct Ask(Option<Keep>);

/// (see [`Ask`]) The epoch, whether the path was resolved, the absolute path it names.
type Keep = (u64, bool, Option<Box<[u8]>>);

/// The answer kept for `path`, or how to ask for it (the watches it needs made first).
pub(super) fn answer(path: &Path) -> Answer {
    if OFF.load(Ordering::Relaxed) {
        return Answer::Ask(Ask(None));
    }
    let bytes = key(path);
    let mut guard = state();
    let Some(w) = watcher(&mut guard) else {
        return Answer::Ask(Ask(None));
    };
    let generation = super::generation();
    if LOOKED.with(|l| l.replace(generation)) != generation {
        w.look();
    }
    // (a relative path as the absolute one it names: the process never changes its
    // working directory, and a change of a directory on the way to it is reported)
    let absolute = match bytes.first() {
        Some(b'/') => None,
        _ => match &w.cwd {
            Some(cwd) => Some(join(cwd, bytes)),
            None => return Answer::Ask(Ask(None)),
        },
    };
    let bytes = absolute.as_deref().unwrap_or(bytes);
    let kept = &mut w.kept;
    if let Some(found) = kept.answers.get(bytes) {
        return Answer::Known(*found, w.epoch);
    }
    if kept.seen.len() >= KEPT_LIMIT {
        kept.seen.clear();
    }
    if !plain(bytes) || kept.seen.insert(bytes.into(), ()).is_none() {
        return Answer::Ask(Ask(None));
    }
    let (parent, name) = split(bytes);
    let mut links = 0;
    let Some(base) = kept.resolve(parent, &mut links) else {
        if kept.absent.contains_key(parent) {
            // (nothing can be there until an entry on the way is made: reported)
            if kept.answers.len() >= KEPT_LIMIT {
                kept.answers.clear();
            }
            kept.answers.insert(bytes.into(), None);
            return Answer::Known(None, w.epoch);
        }
        return Answer::Ask(Ask(None));
    };
    let Some(&(wd, _)) = kept.watched.get(&base) else {
        return Answer::Ask(Ask(None));
    };
    kept.consulted.insert((wd, name.into()));
    // (a directory, or a link to one, resolved before it is asked: its answer is kept at
    // once; a file's resolution says only that it is not a directory)
    let resolved = kept.resolve(bytes, &mut links).is_some();
    Answer::Ask(Ask(Some((w.epoch, resolved, absolute))))
}

impl Ask {
    /// Whether the answer will be kept for the process.
    pub(super) fn keeps(&self) -> bool {
        self.0.is_some()
    }

    /// What is at `path` now, kept for the process when it can be (with the epoch it is
    /// kept in, then).
    pub(super) fn stat(self, path: &Path) -> (Option<Probe>, Option<u64>) {
        #[cfg(test)]
        ASKED.with(|a| a.set(a.get() + 1));
        let follow = || std::fs::metadata(path).ok().map(|m| super::probe_of(&m));
        let Some((epoch, resolved, absolute)) = self.0 else {
            return (follow(), None);
        };
        // (a directory or a link kept only once resolved to a watched directory before
        // this question; else resolved now, for the next)
        let (found, keep) = match std::fs::symlink_metadata(path) {
            Ok(m) if m.file_type().is_symlink() => (follow(), resolved),
            Ok(m) if m.is_dir() => (Some(super::probe_of(&m)), resolved),
            Ok(m) => {
                use std::os::unix::fs::MetadataExt;
                (Some(super::probe_of(&m)), m.nlink() == 1)
            }
            Err(e) => (None, e.kind() == std::io::ErrorKind::NotFound),
        };
        let mut guard = state();
        if let State::On(w) = &mut *guard {
            if w.epoch == epoch {
                let kept = &mut w.kept;
                let bytes = absolute.as_deref().unwrap_or(key(path));
                if found.is_some_and(|p| p.is_dir) {
                    let mut links = 0;
                    match kept
                        .resolve(bytes, &mut links)
                        .and_then(|d| kept.watched.get(&d))
                    {
                        Some(&(wd, _)) => {
                            kept.whole.insert(wd);
                        }
                        None => return (found, None),
                    }
                }
                if keep {
                    if kept.answers.len() >= KEPT_LIMIT {
                        kept.answers.clear();
                    }
                    kept.answers.insert(bytes.into(), found);
                    return (found, Some(epoch));
                }
            }
        }
        (found, None)
    }
}

/// The current epoch (the count of times everything kept was forgotten), the events that
/// came since this thread's last look of this evaluation handled first; `None` without a
/// watcher. While it stays the same, every answer kept in it holds.
pub(super) fn epoch() -> Option<u64> {
    if OFF.load(Ordering::Relaxed) {
        return None;
    }
    let mut guard = state();
    let w = watcher(&mut guard)?;
    let generation = super::generation();
    if LOOKED.with(|l| l.replace(generation)) != generation {
        w.look();
    }
    Some(w.epoch)
}

/// The process's watcher, made at the first question (`None` when inotify cannot be had).
fn watcher<'a>(guard: &'a mut MutexGuard<'static, State>) -> Option<&'a mut Watcher> {
    if let State::Untried = **guard {
        **guard = match Watcher::new() {
            Some(w) => State::On(Box::new(w)),
            None => {
                OFF.store(true, Ordering::Relaxed);
                State::Off
            }
        };
    }
    match &mut **guard {
        State::On(w) => Some(w),
        _ => None,
    }
}

/// Whether `path` is absolute and written plainly (no `.` or `..` component, no doubled or
/// trailing `/`): its directories are then the prefixes before each `/`.
fn plain(path: &[u8]) -> bool {
    path.first() == Some(&b'/')
        && path.len() > 1
        && path[1..]
            .split(|&b| b == b'/')
            .all(|c| !c.is_empty() && c != b"." && c != b"..")
}

/// A plain path's directory and name.
fn split(path: &[u8]) -> (&[u8], &[u8]) {
    let at = path.iter().rposition(|&b| b == b'/').unwrap_or(0);
    (&path[..at.max(1)], &path[at + 1..])
}

/// `dir`/`name`.
fn join(dir: &[u8], name: &[u8]) -> Box<[u8]> {
    let mut path = dir.to_vec();
    if dir != b"/" {
        path.push(b'/');
    }
    path.extend_from_slice(name);
    path.into()
}

fn os(path: &[u8]) -> &Path {
    use std::os::unix::ffi::OsStrExt;
    Path::new(std::ffi::OsStr::from_bytes(path))
}

fn inotify() -> Option<OwnedFd> {
    // SAFETY: a plain system call; a descriptor it returns is ours.
    let fd = unsafe { libc::inotify_init1(libc::IN_NONBLOCK | libc::IN_CLOEXEC) };
    // SAFETY: `fd` is a new descriptor owned by nothing else.
    (fd >= 0).then(|| unsafe { OwnedFd::from_raw_fd(fd) })
}

impl Watcher {
    fn new() -> Option<Watcher> {
        let mounts = std::fs::File::open("/proc/self/mountinfo").ok()?;
        Some(Watcher {
            inotify: inotify()?,
            mounts: mounts.into(),
            kept: Kept::default(),
            epoch: 0,
            cwd: working_directory(),
        })
        .map(|mut w| {
            w.kept.fd = w.inotify.as_raw_fd();
            w
        })
    }

    /// Forgets everything, with a new inotify instance (the old one's watches go with it).
    fn reset(&mut self) {
        match inotify() {
            Some(fd) => self.inotify = fd,
            // (no watch can be trusted: nothing is kept any more)
            None => OFF.store(true, Ordering::Relaxed),
        }
        let seen = std::mem::take(&mut self.kept.seen);
        self.kept = Kept {
            fd: self.inotify.as_raw_fd(),
            seen,
            ..Kept::default()
        };
        self.epoch += 1;
        self.cwd = working_directory();
    }

    /// Handles the events that came since the last look (one `poll` when there are none).
    fn look(&mut self) {
        let mut fds = [
            libc::pollfd {
                fd: self.inotify.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            },
            libc::pollfd {
                fd: self.mounts.as_raw_fd(),
                events: libc::POLLPRI,
                revents: 0,
            },
        ];
        // SAFETY: `fds` is an array of two initialised `pollfd`s.
        let n = unsafe { libc::poll(fds.as_mut_ptr(), 2, 0) };
        if n == 0 {
            return;
        }
        if n < 0 || fds[1].revents & (libc::POLLPRI | libc::POLLERR) != 0 {
            return self.reset();
        }
        if fds[0].revents & libc::POLLIN != 0 && self.read_events() {
            self.reset();
        }
    }

    /// Reads the events that came; whether one of them may change an answer kept.
    fn read_events(&mut self) -> bool {
        // (aligned for `inotify_event`, room for many events)
        let mut buf = [0u64; 512];
        let mut relevant = false;
        loop {
            // SAFETY: reads at most the buffer's size into it.
            let n = unsafe {
                libc::read(
                    self.inotify.as_raw_fd(),
                    buf.as_mut_ptr().cast(),
                    std::mem::size_of_val(&buf),
                )
            };
            if n <= 0 {
                // (`EAGAIN`: no more events; another error: nothing can be trusted)
                return relevant
                    || (n < 0
                        && std::io::Error::last_os_error().kind()
                            != std::io::ErrorKind::WouldBlock);
            }
            // SAFETY: the kernel wrote `n` bytes of whole events into `buf`.
            let bytes =
                unsafe { std::slice::from_raw_parts(buf.as_ptr().cast::<u8>(), n as usize) };
            let head = std::mem::size_of::<libc::inotify_event>();
            let mut at = 0;
            while at + head <= bytes.len() {
                // SAFETY: an event's header starts at `at` (read unaligned all the same).
                let event: libc::inotify_event =
                    unsafe { std::ptr::read_unaligned(bytes[at..].as_ptr().cast()) };
                let end = (at + head + event.len as usize).min(bytes.len());
                let name = &bytes[at + head..end];
                let name = &name[..name.iter().position(|&b| b == 0).unwrap_or(name.len())];
                at = end;
                relevant |= event.mask & (libc::IN_Q_OVERFLOW | libc::IN_IGNORED) != 0
                    || name.is_empty()
                    || self.kept.whole.contains(&event.wd)
                    || self.kept.consulted.contains(&(event.wd, name.into()));
            }
        }
    }
}

impl Kept {
    /// The watched directory the directory path `dir` (plain, as written) leads to, every
    /// directory consulted on the way watched and every entry looked up noted; `None` when
    /// that cannot be.
    fn resolve(&mut self, dir: &[u8], links: &mut u32) -> Option<Box<[u8]>> {
        if let Some(known) = self.dirs.get(dir) {
            return known.clone();
        }
        let found = if dir == b"/" {
            use std::os::unix::fs::MetadataExt;
            let dev = std::fs::symlink_metadata("/").ok()?.dev();
            self.watch(b"/", dev, None).then(|| dir.into())
        } else {
            let (parent, name) = split(dir);
            match self.resolve(parent, links) {
                Some(base) => match self.entry(&base, name, links) {
                    Entry::Dir(found) => Some(found),
                    Entry::Missing => {
                        self.absent.insert(dir.into(), ());
                        None
                    }
                    Entry::Other => None,
                },
                None => {
                    if self.absent.contains_key(parent) {
                        self.absent.insert(dir.into(), ());
                    }
                    None
                }
            }
        };
        self.dirs.insert(dir.into(), found.clone());
        found
    }

    /// Where the entry `name` of the watched directory `base` leads, following a symbolic
    /// link, when it is a directory.
    fn entry(&mut self, base: &[u8], name: &[u8], links: &mut u32) -> Entry {
        match self.entry_dir(base, name, links) {
            Ok(Some(found)) => Entry::Dir(found),
            Ok(None) => Entry::Other,
            Err(()) => Entry::Missing,
        }
    }

    /// [`entry`](Self::entry): `Err` when `base` is watched and has no entry `name`.
    fn entry_dir(
        &mut self,
        base: &[u8],
        name: &[u8],
        links: &mut u32,
    ) -> Result<Option<Box<[u8]>>, ()> {
        let Some(&(wd, dev)) = self.watched.get(base) else {
            return Ok(None);
        };
        self.consulted.insert((wd, name.into()));
        let path = join(base, name);
        let m = match std::fs::symlink_metadata(os(&path)) {
            Ok(m) => m,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(()),
            Err(_) => return Ok(None),
        };
        if m.file_type().is_symlink() {
            return Ok(self.link_target(base, &path, links));
        }
        use std::os::unix::fs::MetadataExt;
        Ok((m.is_dir() && self.watch(&path, m.dev(), Some(dev))).then_some(path))
    }

    /// Where the symbolic link at `path` (an entry of the watched directory `base`) leads,
    /// when it is a directory.
    fn link_target(&mut self, base: &[u8], path: &[u8], links: &mut u32) -> Option<Box<[u8]>> {
        *links += 1;
        if *links > LINKS {
            return None;
        }
        let target = std::fs::read_link(os(path)).ok()?;
        let target = target.as_os_str().as_encoded_bytes();
        let mut at: Box<[u8]> = if target.first() == Some(&b'/') {
            self.resolve(b"/", links)?
        } else {
            base.into()
        };
        for c in target.split(|&b| b == b'/') {
            at = match c {
                b"" | b"." => continue,
                // (the parent of a watched directory is watched: it was resolved first)
                b".." => split(&at).0.into(),
                c => self.resolve(&join(&at, c), links)?,
            };
        }
        Some(at)
    }

    /// Watches the directory at `path` (with no symbolic link in it: not followed), of
    /// device `dev`, on a file system whose changes are reported (asked when its device is
    /// not its parent's, `parent`); whether it is. (A change between the question that
    /// found the directory and the watch is reported by its parent's watch.)
    fn watch(&mut self, path: &[u8], dev: u64, parent: Option<u64>) -> bool {
        let Ok(c) = std::ffi::CString::new(path) else {
            return false;
        };
        // SAFETY: `c` is a NUL-terminated path; the descriptor is ours.
        let wd = unsafe {
            libc::inotify_add_watch(
                self.fd,
                c.as_ptr(),
                EVENTS | libc::IN_ONLYDIR | libc::IN_DONT_FOLLOW,
            )
        };
        if wd < 0 || (parent != Some(dev) && !local(&c)) {
            return false;
        }
        self.watched.insert(path.into(), (wd, dev));
        self.dirs.insert(path.into(), Some(path.into()));
        true
    }
}

/// Whether the directory at `c` is on a file system whose changes are all reported.
fn local(c: &std::ffi::CStr) -> bool {
    let mut fs = std::mem::MaybeUninit::<libc::statfs>::uninit();
    // SAFETY: `c` is a NUL-terminated path and `fs` room for the answer.
    let ok = unsafe { libc::statfs(c.as_ptr(), fs.as_mut_ptr()) } == 0;
    // SAFETY: written by a successful `statfs`.
    ok && LOCAL.contains(&(unsafe { fs.assume_init() }.f_type as u64))
}

#[cfg(test)]
thread_local! {
    /// The system calls this thread made to answer a question, for the tests.
    static ASKED: Cell<usize> = const { Cell::new(0) };
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    #[test]
    fn plain_paths() {
        for p in ["/", "a/b", "/a//b", "/a/", "/a/./b", "/a/../b", "/a/.."] {
            assert!(!plain(p.as_bytes()), "{p}");
        }
        for p in ["/a", "/a/b.pp", "/a/.b/..c"] {
            assert!(plain(p.as_bytes()), "{p}");
        }
    }

    /// Sets the modification time of `path` an hour back (a settled file or directory).
    fn age(path: &Path) {
        let then = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
        std::fs::File::open(path)
            .unwrap()
            .set_modified(then)
            .unwrap();
    }

    /// Whether the answers for the paths in `dir` are kept (inotify here, a local file
    /// system): the assertions on system calls hold only then.
    fn kept_in(dir: &Path) -> bool {
        match &*state() {
            State::On(w) => w.kept.dirs.get(key(dir)).is_some_and(Option::is_some),
            _ => false,
        }
    }

    /// What is at `path`, asked on a thread of its own (as a fresh session asks), and how
    /// many system calls that asked.
    fn ask(path: &Path) -> (Option<Probe>, usize) {
        let path = path.to_path_buf();
        std::thread::spawn(move || (super::super::probe(&path), ASKED.with(Cell::get)))
            .join()
            .unwrap()
    }

    /// Whether a question about `path` is answered without a system call once asked
    /// before: the tests of this process share the watcher, and a change another test
    /// makes to its files forgets every answer kept, so a question that crossed such a
    /// reset is asked again (and one that never gets through, under a storm of them, says
    /// nothing).
    fn answered_kept(path: &Path) -> bool {
        let epoch = || match &*state() {
            State::On(w) => w.epoch,
            _ => 0,
        };
        for _ in 0..50 {
            let before = epoch();
            ask(path);
            let asked = ask(path).1;
            if asked == 0 {
                return true;
            }
            if epoch() == before {
                return false;
            }
        }
        true
    }

    fn fresh_root(name: &str) -> PathBuf {
        let root = std::env::temp_dir().join(format!("prepl-watch-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("m/manifests")).unwrap();
        root
    }

    /// A span of questions whose answers were all kept tells their epoch; a span that
    /// asked what the process does not keep (a path's first question, a path with `..`)
    /// tells none, and one after a change reported tells another epoch.
    #[test]
    fn steady_spans_tell_the_epoch_of_kept_answers() {
        use super::super::Steady;
        let root = fresh_root("steady");
        let init = root.join("m/manifests/init.pp");
        std::fs::write(&init, "class m {}\n").unwrap();
        // (on a thread of its own: a generation of its own)
        let span = |path: &Path| {
            let path = path.to_path_buf();
            std::thread::spawn(move || {
                let steady = Steady::start();
                super::super::probe(&path);
                super::super::list(path.parent().unwrap());
                steady.end()
            })
            .join()
            .unwrap()
        };
        assert_eq!(span(&init), None, "asked once: not kept");
        assert_eq!(span(Path::new("relative/../init.pp")), None);
        if super::super::epoch().is_none() {
            return;
        }
        // (a change another test makes forgets every answer: asked until kept)
        let kept = (0..50).find_map(|_| span(&init));
        let Some(epoch) = kept else {
            return;
        };
        std::fs::write(&init, "class m { }\n").unwrap();
        assert_ne!(span(&init), Some(epoch), "a change forgets");
        // a span that also asks what is not kept
        let mixed = std::thread::spawn(move || {
            let steady = Steady::start();
            super::super::probe(&init);
            super::super::probe(Path::new("relative/../init.pp"));
            steady.end()
        });
        assert_eq!(mixed.join().unwrap(), None);
        let _ = std::fs::remove_dir_all(&root);
    }

    /// A relative path's answer is kept as the absolute path's it names (the working
    /// directory's), and a change is seen as for that path.
    #[test]
    fn relative_paths_are_kept_as_the_paths_they_name() {
        let name = format!("prepl-watch-relative-{}", std::process::id());
        let root = std::env::current_dir().unwrap().join(&name);
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("m/manifests")).unwrap();
        let init = root.join("m/manifests/init.pp");
        std::fs::write(&init, "class m {}\n").unwrap();
        let relative = PathBuf::from(format!("{name}/m/manifests/init.pp"));
        let (first, _) = ask(&relative);
        assert!(first.is_some_and(|p| p.is_file && p.stamp.1 == 11));
        assert_eq!(ask(&relative).0, first);
        if kept_in(&root.join("m/manifests")) {
            assert!(answered_kept(&relative), "kept");
            assert!(answered_kept(&init), "kept as the absolute path");
        }
        std::fs::write(&init, "class m { }\n").unwrap();
        assert_eq!(ask(&relative).0.unwrap().stamp.1, 12);
        std::fs::remove_file(&init).unwrap();
        assert_eq!(ask(&relative).0, None);
        let _ = std::fs::remove_dir_all(&root);
    }

    /// An answer kept for the process is used by later threads without a system call, and
    /// any change that alters it is seen by the next question: the file written, touched,
    /// removed, made again, its directory renamed and another put in its place.
    #[test]
    fn kept_answers_last_until_a_change_is_reported() {
        let root = fresh_root("changes");
        let init = root.join("m/manifests/init.pp");
        std::fs::write(&init, "class m {}\n").unwrap();
        // (watched from the second question on)
        let (first, _) = ask(&init);
        assert_eq!(ask(&init).0, first);
        assert!(first.is_some_and(|p| p.is_file && p.stamp.1 == 11));
        let kept = kept_in(&root.join("m/manifests"));
        let again = |expected: Option<Probe>| {
            assert_eq!(ask(&init).0, expected);
            assert!(!kept || answered_kept(&init), "kept");
        };
        again(first);
        // written, to another length
        std::fs::write(&init, "class m { }\n").unwrap();
        let (found, _) = ask(&init);
        assert_eq!(found.unwrap().stamp.1, 12);
        again(found);
        // touched: another time
        age(&init);
        let (touched, _) = ask(&init);
        assert_ne!(touched, found);
        assert_eq!(
            touched,
            std::fs::metadata(&init)
                .ok()
                .map(|m| super::super::probe_of(&m))
        );
        again(touched);
        // removed, made again
        std::fs::remove_file(&init).unwrap();
        assert_eq!(ask(&init).0, None);
        again(None);
        std::fs::write(&init, "class m {}\n").unwrap();
        let (made, _) = ask(&init);
        assert_eq!(made.unwrap().stamp.1, 11);
        again(made);
        // the module's directory renamed, another in its place
        std::fs::rename(root.join("m"), root.join("old")).unwrap();
        assert_eq!(ask(&init).0, None);
        std::fs::create_dir_all(root.join("m/manifests")).unwrap();
        std::fs::write(&init, "class m { 'new' }\n").unwrap();
        let (new, _) = ask(&init);
        assert_eq!(new.unwrap().stamp.1, 18);
        again(new);
        // a directory's answer moves with its entries
        let dir = root.join("m/manifests");
        ask(&dir);
        ask(&dir);
        let (before, _) = ask(&dir);
        assert!(!kept || answered_kept(&dir), "a directory kept");
        std::fs::write(dir.join("other.pp"), "").unwrap();
        let (after, _) = ask(&dir);
        assert_eq!(
            after,
            std::fs::metadata(&dir)
                .ok()
                .map(|m| super::super::probe_of(&m))
        );
        assert!(before.is_some() && after.is_some());
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// A path below a directory that does not exist is kept as nothing (the first entry
    /// missing on the way is noted in its watched directory) until that entry is made, and
    /// again once it is removed.
    #[test]
    fn paths_below_missing_directories_are_kept_until_made() {
        let root = fresh_root("absent");
        let file = root.join("m/lib/puppet/parser/functions/f.rb");
        assert_eq!(ask(&file).0, None);
        assert_eq!(ask(&file).0, None);
        assert!(!kept_in(&root.join("m")) || answered_kept(&file), "kept");
        std::fs::create_dir_all(root.join("m/lib/puppet")).unwrap();
        assert_eq!(ask(&file).0, None);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, "x").unwrap();
        assert_eq!(ask(&file).0.map(|p| p.stamp.1), Some(1));
        std::fs::remove_dir_all(root.join("m/lib")).unwrap();
        assert_eq!(ask(&file).0, None);
        assert_eq!(ask(&file).0, None);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, "xy").unwrap();
        assert_eq!(ask(&file).0.map(|p| p.stamp.1), Some(2));
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// A path through a symbolic link is kept with the directories its resolution
    /// consulted watched: a change of the target, or the link made to lead elsewhere, is
    /// seen. A file with a second hard link (written through another directory, unseen)
    /// is asked every time.
    #[test]
    fn links_are_followed_or_asked_each_time() {
        let root = fresh_root("links");
        let target = root.join("target");
        let other = root.join("other");
        std::fs::create_dir_all(&target).unwrap();
        std::fs::create_dir_all(&other).unwrap();
        std::fs::write(target.join("init.pp"), "a").unwrap();
        std::fs::write(other.join("init.pp"), "abc").unwrap();
        std::os::unix::fs::symlink("../target", root.join("m/link")).unwrap();
        let through = root.join("m/link/init.pp");
        std::fs::write(target.join("hard.pp"), "a").unwrap();
        std::fs::hard_link(target.join("hard.pp"), root.join("m/manifests/init.pp")).unwrap();
        let hard = root.join("m/manifests/init.pp");
        for _ in 0..3 {
            assert_eq!(ask(&through).0.unwrap().stamp.1, 1);
            assert_eq!(ask(&hard).0.unwrap().stamp.1, 1);
        }
        assert!(!kept_in(&root.join("m/link")) || answered_kept(&through));
        assert!(ask(&hard).1 > 0);
        std::fs::write(target.join("init.pp"), "ab").unwrap();
        std::fs::write(target.join("hard.pp"), "ab").unwrap();
        assert_eq!(ask(&through).0.unwrap().stamp.1, 2);
        assert_eq!(ask(&hard).0.unwrap().stamp.1, 2);
        ask(&through);
        std::fs::remove_file(root.join("m/link")).unwrap();
        std::os::unix::fs::symlink(&other, root.join("m/link")).unwrap();
        assert_eq!(ask(&through).0.unwrap().stamp.1, 3);
        ask(&through);
        // (the link's target directory renamed, another in its place)
        std::fs::rename(&other, root.join("gone")).unwrap();
        std::fs::create_dir_all(&other).unwrap();
        std::fs::write(other.join("init.pp"), "abcd").unwrap();
        assert_eq!(ask(&through).0.unwrap().stamp.1, 4);
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// A module file edited, added or removed between two sessions of one process, each on
    /// a thread of its own (as `--repeat` runs them), is seen by the second.
    #[test]
    fn sessions_see_module_files_changed_between_them() {
        let root = fresh_root("sessions");
        let init = root.join("m/manifests/init.pp");
        let write = |path: &Path, text: &str| {
            std::fs::write(path, text).unwrap();
            // (settled: its bytes are kept for the process too)
            age(path);
        };
        let notices = |program: &'static str| {
            let root = root.clone();
            std::thread::spawn(move || {
                let mut s = crate::Session::new();
                s.set_environment(crate::env::Environment {
                    modulepath: vec![root],
                    ..crate::env::Environment::empty()
                });
                let titles = match s.eval(program) {
                    Ok(_) => s
                        .catalog()
                        .resources()
                        .map(|(_, r)| r.reference())
                        .filter(|r| r.starts_with("Notify"))
                        .collect::<Vec<_>>()
                        .join(" "),
                    Err(e) => e.message,
                };
                (titles, ASKED.with(Cell::get))
            })
            .join()
            .unwrap()
        };
        write(&init, "class m { notify { 'one': } }\n");
        for _ in 0..3 {
            assert_eq!(notices("include m").0, "Notify[one]");
        }
        // (the same length, the same time)
        write(&init, "class m { notify { 'two': } }\n");
        assert_eq!(notices("include m").0, "Notify[two]");
        assert_eq!(notices("include m").0, "Notify[two]");
        let sub = root.join("m/manifests/sub.pp");
        assert!(notices("include m::sub").0.contains("m::sub"));
        write(&sub, "class m::sub { notify { 'sub': } }\n");
        assert_eq!(notices("include m::sub").0, "Notify[sub]");
        std::fs::remove_file(&sub).unwrap();
        assert!(notices("include m::sub").0.contains("m::sub"));
        std::fs::rename(root.join("m"), root.join("old")).unwrap();
        std::fs::create_dir_all(root.join("m/manifests")).unwrap();
        write(&init, "class m { notify { 'three': } }\n");
        assert_eq!(notices("include m").0, "Notify[three]");
        let kept = kept_in(&root.join("m/manifests"));
        assert!(
            !kept
                || (0..20).any(|_| {
                    let (titles, asked) = notices("include m");
                    assert_eq!(titles, "Notify[three]");
                    asked == 0
                }),
            "nothing asked again"
        );
        std::fs::remove_dir_all(&root).unwrap();
    }
}
