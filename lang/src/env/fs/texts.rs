//! The bytes of files read before, kept for the process: a file read again in a later
//! evaluation (every fresh session reads each module manifest, template and `hiera.yaml` it
//! uses anew) is answered after one `statx` (or none, when the evaluation asked about the
//! path already) instead of an open, a `statx` of the open file, a read and a close: a
//! system call costs microseconds on the benchmark machine, `include apache` reads 64
//! files.
//!
//! A file's bytes are used again only while the path shows the same file (device and
//! inode) with the same length, modification time and change time (the system sets it at
//! any change of the file's inode, a write or a `touch` alike), and only when its
//! modification time was at least [`super::SETTLED`] old when it was read: a change in the
//! same tick of a coarse clock would not move it (git distrusts such times the same way).
//! A path's bytes are kept the second time the process reads it (the first only notes the
//! path): a process that reads each file once pays nothing but that note.

use super::{key, PathMap, Probe};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// What the process knows of a path it read.
enum Entry {
    /// Read once.
    Seen,
    /// Read more than once: its bytes, and the file they were read from.
    Kept(Probe, Arc<[u8]>),
}

#[derive(Default)]
struct Texts {
    files: PathMap<Entry>,
    bytes: usize,
}

static TEXTS: Mutex<Option<Texts>> = Mutex::new(None);

/// Whether [`TEXTS`] keeps any bytes (a process that has none takes no lock to look).
static ANY: AtomicBool = AtomicBool::new(false);

/// How many paths and bytes are kept at most (each starts again empty when over): more than
/// the files of a large control repository's modules, and all Debian's packaged modules'
/// manifests and templates are a few MiB.
const FILES: usize = 8192;
const BYTES: usize = 32 << 20;

fn texts() -> std::sync::MutexGuard<'static, Option<Texts>> {
    // (each change is one insert, one count or a clear: a panic elsewhere leaves it whole)
    TEXTS.lock().unwrap_or_else(|e| e.into_inner())
}

/// The bytes of the file at `path` read before, when the file there is the one they were
/// read from and the memory limit leaves room for them: the process's copy itself (the
/// same allocation while the file is unchanged).
pub(super) fn reuse(path: &Path) -> Option<Arc<[u8]>> {
    if !ANY.load(Ordering::Relaxed) {
        return None;
    }
    let (then, bytes) = match texts().as_ref()?.files.get(key(path))? {
        Entry::Kept(probe, bytes) => (*probe, bytes.clone()),
        Entry::Seen => return None,
    };
    let now = super::probe(path)?;
    (now == then && bytes.len() <= crate::limits::files::room()).then_some(bytes)
}

/// Notes that `bytes` were read from the file `meta` describes at `path` (kept from the
/// second time on, when the file had settled). Returns the copy kept, if one is.
pub(super) fn read(path: &Path, meta: &std::fs::Metadata, bytes: &[u8]) -> Option<Arc<[u8]>> {
    if !meta.modified().is_ok_and(super::settled) || bytes.len() > BYTES / 4 {
        return None;
    }
    let mut guard = texts();
    let texts = guard.get_or_insert_with(Texts::default);
    if texts.files.len() >= FILES || texts.bytes + bytes.len() > BYTES {
        *texts = Texts::default();
    }
    let kept: Arc<[u8]> = match texts.files.get_mut(key(path)) {
        None => {
            texts.files.insert(key(path).into(), Entry::Seen);
            return None;
        }
        Some(entry) => {
            let kept: Arc<[u8]> = bytes.into();
            *entry = Entry::Kept(super::probe_of(meta), kept.clone());
            kept
        }
    };
    texts.bytes += bytes.len();
    ANY.store(true, Ordering::Relaxed);
    Some(kept)
}

#[cfg(test)]
mod tests {
    use super::super::{forget, read, read_to_string_if_file};

    /// Sets a file's modification time 10 s back (a settled file: its bytes may be kept).
    fn settle(path: &std::path::Path) {
        let then = std::time::SystemTime::now() - std::time::Duration::from_secs(10);
        std::fs::File::options()
            .write(true)
            .open(path)
            .unwrap()
            .set_modified(then)
            .unwrap();
    }

    /// A file read again is the file as it is now: kept bytes are used only for the same
    /// file unchanged (same length, same times), whatever the change.
    #[test]
    fn kept_bytes_are_those_of_the_file_now() {
        let dir = std::env::temp_dir().join(format!("prepl-texts-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("init.pp");
        let again = || {
            forget();
            read_to_string_if_file(&file).unwrap().unwrap()
        };
        std::fs::write(&file, "class a {}\n").unwrap();
        settle(&file);
        for _ in 0..3 {
            assert_eq!(again(), "class a {}\n");
        }
        // (same length, the time set back to the same second: the change time moved)
        std::fs::write(&file, "class b {}\n").unwrap();
        assert_eq!(again(), "class b {}\n");
        settle(&file);
        assert_eq!(again(), "class b {}\n");
        assert_eq!(again(), "class b {}\n");
        // (another file put in its place)
        let other = dir.join("other.pp");
        std::fs::write(&other, "class c {}\n").unwrap();
        settle(&other);
        std::fs::rename(&other, &file).unwrap();
        assert_eq!(again(), "class c {}\n");
        std::fs::remove_file(&file).unwrap();
        forget();
        assert_eq!(read_to_string_if_file(&file).unwrap(), None);
        assert!(read(&file).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
        forget();
    }
}
