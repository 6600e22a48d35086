//! Modules' Ruby files (functions, the helpers they `require`, custom facts), read and
//! parsed once per process: kept by path with the file's modification time and length
//! (`fs::probe`, asked once per evaluation), read and parsed again once the file changed.
//! A thread keeps its own tree (`FILES`: the same `Rc` while the file is unchanged); the
//! process keeps each file's tree frozen (`SHARED`, `prepl_ruby::frozen`), from which
//! another thread makes its tree without reading and parsing the file again. A file is
//! frozen the second time the process parses it (the first only notes it): a process
//! that loads on one thread pays nothing for the freezing.
//!
//! Each path gets offsets of its own (`base`, fixed for the process), so that a parsed file
//! can be shared by every run that loads it and an error's offset still tells its file.

use crate::erb::ruby::{self, ast::Node, frozen::Frozen};
use crate::erb::RubyError;
use rustc_hash::FxHashMap as HashMap;
use std::cell::RefCell;
use std::path::Path;
use std::rc::Rc;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::SystemTime;

/// How far apart the offsets of two files are (a file is far shorter).
pub const FILE_SPAN: usize = 1 << 32;

/// A Ruby file, parsed.
#[derive(Debug)]
pub struct RubyFile {
    pub text: Rc<str>,
    /// Where its offsets start.
    pub base: usize,
    /// Its statements, or the syntax error (or Ruby outside the subset) it stopped at.
    pub body: Result<Rc<Vec<Node>>, RubyError>,
}

struct Entry {
    stamp: (SystemTime, u64),
    file: Rc<RubyFile>,
}

thread_local! {
    static FILES: RefCell<HashMap<Box<[u8]>, Entry>> = RefCell::new(HashMap::default());
}

/// A file parsed, and once parsed again, its text and tree as every thread can take them.
struct SharedFile {
    stamp: (SystemTime, u64),
    base: usize,
    frozen: Option<FrozenFile>,
}

type FrozenFile = (Arc<str>, Arc<Result<Frozen, RubyError>>);

#[derive(Default)]
struct Shared {
    files: HashMap<Box<[u8]>, SharedFile>,
    /// The offsets given to each path (kept when its file changes).
    bases: HashMap<Box<[u8]>, usize>,
}

/// How many files the process keeps frozen (it starts again empty when full; the offsets
/// of paths are kept).
const SHARED_LIMIT: usize = 8192;

static SHARED: Mutex<Option<Shared>> = Mutex::new(None);

fn shared() -> MutexGuard<'static, Option<Shared>> {
    // (each change is one insert or clear: a panic elsewhere leaves it whole)
    SHARED.lock().unwrap_or_else(|e| e.into_inner())
}

/// The file at `path`, parsed (the same `Rc` while the file is unchanged); an error when it
/// cannot be read.
pub fn load(path: &Path) -> std::io::Result<Rc<RubyFile>> {
    let Some(probe) = super::fs::probe(path).filter(|p| p.is_file) else {
        return Err(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            "No such file",
        ));
    };
    let key = super::fs::key(path);
    let known = FILES.with(|f| {
        f.borrow()
            .get(key)
            .filter(|e| e.stamp == probe.stamp)
            .map(|e| e.file.clone())
    });
    if let Some(file) = known {
        return Ok(file);
    }
    let file = Rc::new(match from_shared(key, probe.stamp) {
        Some(file) => file,
        None => parse(path, key, probe.stamp)?,
    });
    FILES.with(|f| {
        f.borrow_mut().insert(
            key.into(),
            Entry {
                stamp: probe.stamp,
                file: file.clone(),
            },
        )
    });
    Ok(file)
}

/// The file as another thread parsed and froze it, when it is unchanged since.
fn from_shared(key: &[u8], stamp: (SystemTime, u64)) -> Option<RubyFile> {
    let (base, (text, body)) = {
        let guard = shared();
        let kept = guard
            .as_ref()?
            .files
            .get(key)
            .filter(|f| f.stamp == stamp)?;
        (kept.base, kept.frozen.clone()?)
    };
    Some(RubyFile {
        text: Rc::from(&*text),
        base,
        body: match &*body {
            Ok(frozen) => Ok(Rc::new(frozen.thaw())),
            Err(e) => Err(e.clone()),
        },
    })
}

/// Reads and parses the file (noted for the process; frozen when parsed before).
fn parse(path: &Path, key: &[u8], stamp: (SystemTime, u64)) -> std::io::Result<RubyFile> {
    let bytes = super::fs::read(path)?;
    let text: Rc<str> = Rc::from(String::from_utf8_lossy(&bytes).into_owned());
    let (base, seen) = {
        let mut guard = shared();
        let s = guard.get_or_insert_with(Shared::default);
        let next = (s.bases.len() + 1) * FILE_SPAN;
        let seen = s.files.get(key).is_some_and(|f| f.stamp == stamp);
        (*s.bases.entry(key.into()).or_insert(next), seen)
    };
    let body = ruby::parser::parse_source(&text, base).map(Rc::new);
    let frozen = SharedFile {
        stamp,
        base,
        frozen: seen.then(|| {
            let body = match &body {
                Ok(nodes) => Ok(Frozen::freeze(nodes)),
                Err(e) => Err(e.clone()),
            };
            (Arc::from(&*text), Arc::new(body))
        }),
    };
    let mut guard = shared();
    let s = guard.get_or_insert_with(Shared::default);
    if s.files.len() >= SHARED_LIMIT {
        s.files.clear();
    }
    s.files.insert(key.into(), frozen);
    Ok(RubyFile { text, base, body })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parsed_once_and_again_when_changed() {
        let dir = std::env::temp_dir().join(format!("prepl-ruby-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("f.rb");
        std::fs::write(&path, "x = 1\n").unwrap();
        let a = load(&path).unwrap();
        let b = load(&path).unwrap();
        assert!(Rc::ptr_eq(&a, &b));
        assert!(a.base >= FILE_SPAN);
        std::fs::write(&path, "x = 1 +\n").unwrap();
        crate::env::fs::forget();
        let c = load(&path).unwrap();
        assert!(!Rc::ptr_eq(&a, &c));
        assert_eq!(c.base, a.base);
        assert!(c.body.is_err());
        let other = dir.join("g.rb");
        std::fs::write(&other, "y = 2\n").unwrap();
        assert_ne!(load(&other).unwrap().base, a.base);
        assert!(load(&dir.join("none.rb")).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Another thread takes the tree this one parsed (same offsets, same statements), and
    /// a file changed on disk is parsed again for it.
    #[test]
    fn shared_across_threads_until_changed() {
        let dir = std::env::temp_dir().join(format!("prepl-ruby-shared-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("f.rb");
        std::fs::write(&path, "def f(a)\n  a.map { |x| \"#{x}!\" }\nend\n").unwrap();
        let here = load(&path).unwrap();
        let shown = |f: &RubyFile| (f.base, f.text.to_string(), format!("{:?}", f.body));
        let there = |path: std::path::PathBuf| {
            std::thread::spawn(move || shown(&load(&path).unwrap()))
                .join()
                .unwrap()
        };
        // (the second parse freezes the tree, a third thread thaws it)
        assert_eq!(there(path.clone()), shown(&here));
        assert_eq!(there(path.clone()), shown(&here));
        // (a new length: the stamp differs whatever the clock's resolution)
        std::fs::write(&path, "def f(a) a end # changed\n").unwrap();
        let (base, text, body) = there(path.clone());
        assert_eq!(
            (base, text.as_str()),
            (here.base, "def f(a) a end # changed\n")
        );
        assert_ne!(body, format!("{:?}", here.body));
        std::fs::write(&path, "def f(\n").unwrap();
        assert!(there(path.clone()).2.starts_with("Err("));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
