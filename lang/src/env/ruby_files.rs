//! Modules' Ruby files (functions, the helpers they `require`, custom facts), read and
//! parsed once per thread: kept by path with the file's modification time and length
//! (`fs::probe`, asked once per evaluation), read and parsed again once the file changed.
//!
//! Each path gets offsets of its own (`base`, fixed for the thread), so that a parsed file
//! can be shared by every run that loads it and an error's offset still tells its file.

use crate::erb::ruby::{self, ast::Node};
use crate::erb::RubyError;
use rustc_hash::FxHashMap as HashMap;
use std::cell::RefCell;
use std::path::Path;
use std::rc::Rc;
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
    /// The offsets given to each path (kept when its file changes).
    static BASES: RefCell<HashMap<Box<[u8]>, usize>> = RefCell::new(HashMap::default());
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
    let bytes = super::fs::read(path)?;
    let text: Rc<str> = Rc::from(String::from_utf8_lossy(&bytes).into_owned());
    let base = BASES.with(|b| {
        let mut b = b.borrow_mut();
        let next = (b.len() + 1) * FILE_SPAN;
        *b.entry(key.into()).or_insert(next)
    });
    let mut toks = Vec::new();
    let body = ruby::lexer::lex(&text, base, &mut toks)
        .and_then(|()| ruby::parser::parse(toks))
        .map(Rc::new);
    let file = Rc::new(RubyFile { text, base, body });
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
}
