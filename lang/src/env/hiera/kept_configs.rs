//! `hiera.yaml` files read once per process. Each fresh session runs on a thread of its
//! own (`--repeat`, `prepl diff`'s nodes, the kernel's `%reset`), whose `CONFIGS` start
//! empty: reading and checking Debian's global `hiera.yaml` (`hierarchy: []`) again was
//! ~28 k instructions of each session that declares a class with parameters (a fifth of
//! `include glance::backend::reserved::tasks`).
//!
//! A configuration is kept by its path with the bytes it was read from, and used again
//! only for the same bytes at that path (the file system's kept copy by address, else
//! compared: a `hiera.yaml` is a few hundred bytes) read as the same layer (a module's
//! may have a `default_hierarchy`). Only the plain-data part of a configuration is kept
//! (`Config` holds values, which live on one thread): one whose levels have options is
//! read by each session as before. Errors are never kept: a broken file fails in each
//! session as it did.

use super::config::{Config, Entry, Locations};
use crate::error::Error;
use crate::values::Map;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// How many configurations the process keeps (all are forgotten when full).
const LIMIT: usize = 256;

/// A level without options, as every thread can have it.
struct KeptEntry {
    name: String,
    function_kind: String,
    function: String,
    datadir: String,
    locations: Locations,
    extension: Option<String>,
}

impl KeptEntry {
    fn of(e: &Entry) -> Option<KeptEntry> {
        e.options.is_empty().then(|| KeptEntry {
            name: e.name.clone(),
            function_kind: e.function_kind.clone(),
            function: e.function.clone(),
            datadir: e.datadir.clone(),
            locations: e.locations.clone(),
            extension: e.extension.clone(),
        })
    }

    fn entry(&self) -> Entry {
        Entry {
            name: self.name.clone(),
            function_kind: self.function_kind.clone(),
            function: self.function.clone(),
            datadir: self.datadir.clone(),
            locations: self.locations.clone(),
            options: Map::default(),
            extension: self.extension.clone(),
        }
    }
}

struct Kept {
    bytes: Arc<[u8]>,
    in_module: bool,
    root: PathBuf,
    hierarchy: Vec<KeptEntry>,
    default_hierarchy: Option<Vec<KeptEntry>>,
    version: i64,
}

impl Kept {
    fn of(c: &Config, bytes: Arc<[u8]>, in_module: bool) -> Option<Kept> {
        let entries = |l: &[Entry]| l.iter().map(KeptEntry::of).collect::<Option<Vec<_>>>();
        Some(Kept {
            bytes,
            in_module,
            root: c.root.clone(),
            hierarchy: entries(&c.hierarchy)?,
            default_hierarchy: match &c.default_hierarchy {
                Some(d) => Some(entries(d)?),
                None => None,
            },
            version: c.version,
        })
    }

    fn config(&self, path: &Path) -> Config {
        let entries = |l: &[KeptEntry]| l.iter().map(KeptEntry::entry).collect();
        Config {
            path: path.to_path_buf(),
            root: self.root.clone(),
            hierarchy: entries(&self.hierarchy),
            default_hierarchy: self.default_hierarchy.as_deref().map(entries),
            version: self.version,
        }
    }
}

/// By the path's bytes.
type Table = rustc_hash::FxHashMap<Box<[u8]>, Arc<Kept>>;

static KEPT: Mutex<Option<Table>> = Mutex::new(None);

fn kept() -> std::sync::MutexGuard<'static, Option<Table>> {
    // (a thread that panicked holding the lock left the table whole: each change is one
    // insert or a clear)
    KEPT.lock().unwrap_or_else(|e| e.into_inner())
}

fn key(path: &Path) -> &[u8] {
    path.as_os_str().as_encoded_bytes()
}

/// The configuration at `path` (a file: `config_present` said so), as
/// [`Config::load`] reads it: the one the process kept for the same bytes, else read from
/// the bytes now (and kept when it has only plain data).
pub(super) fn load(path: &Path, in_module: bool) -> Result<Config, Error> {
    // (anything unusual is left to `Config::load`, for its errors)
    let Ok(Some(bytes)) = crate::env::fs::read_shared_if_file(path) else {
        return Config::load(path, in_module);
    };
    let found = kept().as_ref().and_then(|t| t.get(key(path)).cloned());
    if let Some(k) = found {
        if k.in_module == in_module && (Arc::ptr_eq(&k.bytes, &bytes) || k.bytes == bytes) {
            return Ok(k.config(path));
        }
    }
    let Ok(text) = std::str::from_utf8(&bytes) else {
        return Config::load(path, in_module);
    };
    let config = Config::from_text(path, text, in_module)?;
    if let Some(k) = Kept::of(&config, bytes, in_module) {
        let mut guard = kept();
        let table = guard.get_or_insert_with(Table::default);
        if table.len() >= LIMIT {
            table.clear();
        }
        table.insert(key(path).into(), Arc::new(k));
    }
    Ok(config)
}

/// Forgets the configurations kept (`:reset` frees what the process keeps of files).
pub(super) fn forget() {
    *kept() = None;
}

#[cfg(test)]
mod tests {
    use super::load;

    /// A configuration read on one thread is found by the next for the same bytes, equal
    /// to a fresh read; a changed file (to the same length) is read again; one with options
    /// is read by each thread; a broken one fails each time.
    #[test]
    fn configurations_are_read_once_per_process_for_the_same_text() {
        let dir = std::env::temp_dir().join(format!("prepl-hiera-kept-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("hiera.yaml");
        let on_a_thread = |in_module: bool| {
            let path = path.clone();
            std::thread::spawn(move || {
                load(&path, in_module)
                    .map(|c| format!("{c:?}"))
                    .map_err(|e| e.message)
            })
            .join()
            .unwrap()
        };
        let fresh = |in_module: bool| {
            super::Config::load(&path, in_module)
                .map(|c| format!("{c:?}"))
                .map_err(|e| e.message)
        };
        let kept = |text: &str| {
            super::kept().as_ref().is_some_and(|t| {
                t.get(super::key(&path))
                    .is_some_and(|k| &*k.bytes == text.as_bytes())
            })
        };
        let one = "version: 5\nhierarchy:\n  - name: a\n    path: a.yaml\n";
        std::fs::write(&path, one).unwrap();
        assert_eq!(on_a_thread(false), fresh(false));
        assert!(kept(one));
        assert_eq!(on_a_thread(false), fresh(false));
        assert!(on_a_thread(false).unwrap().contains("\"a.yaml\""));
        // (`default_hierarchy` is a module layer's only: kept for the layer that read it)
        let two = "version: 5\ndefault_hierarchy:\n  - name: b\n    path: b.yaml\n";
        std::fs::write(&path, two).unwrap();
        assert!(on_a_thread(false).is_err());
        assert_eq!(on_a_thread(true), fresh(true));
        assert!(on_a_thread(true).unwrap().contains("\"b.yaml\""));
        let same_length = one.replace("a.yaml", "c.yaml");
        std::fs::write(&path, &same_length).unwrap();
        assert!(on_a_thread(false).unwrap().contains("\"c.yaml\""));
        let options =
            "version: 5\nhierarchy:\n  - name: a\n    path: a.yaml\n    options: { x: 1 }\n";
        std::fs::write(&path, options).unwrap();
        assert_eq!(on_a_thread(false), fresh(false));
        assert!(!kept(options));
        std::fs::write(&path, "version: 5\nhierarchy: 3\n").unwrap();
        assert!(on_a_thread(false).is_err());
        assert!(on_a_thread(false).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
