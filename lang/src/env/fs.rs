//! What the file system holds at a path (a file, a directory, nothing) and what a
//! directory lists, asked once per evaluation.
//!
//! Compiling real modules asks the same questions hundreds of times: every automatic
//! parameter lookup checks the global, environment and module `hiera.yaml` and the
//! module's directory, and every autoloaded name its module's directory (`include
//! keystone` made 1,404 `statx` calls, 900 of them for three paths). The answers are kept
//! for the evaluation that asked (`Session::eval_named` calls [`forget`] first), so a file
//! written between two inputs of a session is seen by the next one.

use rustc_hash::FxHashMap as HashMap;
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::SystemTime;

/// What is at a path, following symbolic links as `std::fs::metadata` does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Probe {
    pub is_file: bool,
    pub is_dir: bool,
    /// Modification time and length: what tells a changed file from the one read before.
    pub stamp: (SystemTime, u64),
}

thread_local! {
    // Keyed by the path's bytes: hashing a `Path` walks its components (it was 7% of the
    // instructions of `include keystone`).
    static PROBES: RefCell<PathMap<Option<Probe>>> = RefCell::new(HashMap::default());
    static LISTINGS: RefCell<PathMap<Rc<[PathBuf]>>> = RefCell::new(HashMap::default());
    static GENERATION: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// A map by path, keyed by the path's bytes (see [`key`]).
pub type PathMap<V> = HashMap<Box<[u8]>, V>;

/// The key of a path in a [`PathMap`]: its bytes (hashing a `Path` walks its components).
pub fn key(path: &Path) -> &[u8] {
    path.as_os_str().as_encoded_bytes()
}

/// The entries of a directory (their paths, sorted; empty when it cannot be read), from
/// this evaluation's earlier answer when there is one.
pub fn list(dir: &Path) -> Rc<[PathBuf]> {
    if let Some(known) = LISTINGS.with(|l| l.borrow().get(key(dir)).cloned()) {
        return known;
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    entries.sort();
    let entries: Rc<[PathBuf]> = entries.into();
    LISTINGS.with(|l| l.borrow_mut().insert(key(dir).into(), entries.clone()));
    entries
}

/// What is at `path` (`None`: nothing, or it cannot be read), from this evaluation's
/// earlier answer when there is one.
pub fn probe(path: &Path) -> Option<Probe> {
    if let Some(known) = PROBES.with(|p| p.borrow().get(key(path)).copied()) {
        return known;
    }
    let found = std::fs::metadata(path).ok().map(|m| Probe {
        is_file: m.is_file(),
        is_dir: m.is_dir(),
        stamp: (m.modified().unwrap_or(std::time::UNIX_EPOCH), m.len()),
    });
    PROBES.with(|p| p.borrow_mut().insert(key(path).into(), found));
    found
}

pub fn is_file(path: &Path) -> bool {
    probe(path).is_some_and(|p| p.is_file)
}

pub fn is_dir(path: &Path) -> bool {
    probe(path).is_some_and(|p| p.is_dir)
}

pub fn exists(path: &Path) -> bool {
    probe(path).is_some()
}

/// Forgets every answer: the next question looks at the file system again.
pub fn forget() {
    PROBES.with(|p| p.borrow_mut().clear());
    LISTINGS.with(|l| l.borrow_mut().clear());
    GENERATION.with(|g| g.set(g.get() + 1));
}

/// How many times [`forget`] has been called in this thread: answers derived from the
/// file system's (a module's directory) are kept while it stays the same.
pub fn generation() -> u64 {
    GENERATION.with(|g| g.get())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_kept_until_forgotten() {
        let dir = std::env::temp_dir().join(format!("prepl-fs-probe-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
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
