//! `require` of what no module has (Ruby's and Puppet's libraries) and of the files in the
//! modules' `lib` on the modulepath.

use super::*;

/// `require` of a file no module has: a library of Ruby's or Puppet's that the reference
/// has (what it defines is unsupported where it is used), else Ruby's `LoadError`.
pub fn library(path: &str) -> Result<ruby::Required, HostError> {
    if crate::functions::ruby_libraries::known(path) {
        Ok(ruby::Required::Nothing)
    } else {
        Err(HostError::Raise(format!("cannot load such file -- {path}")))
    }
}

/// The generation and modulepath the libraries are for, and the paths.
type KnownLibraries = (u64, Vec<PathBuf>, Vec<Box<str>>);

thread_local! {
    /// The paths `require`d in this evaluation (`fs::generation`) that no module of the
    /// modulepath has and the reference's Ruby does (`shellwords`, `json`): a function
    /// that requires one in its body (stdlib's `shell_escape`) is answered at once at its
    /// every call, as Ruby's `require` answers a feature already loaded (searching the
    /// modules' `lib` and the libraries again was 2.6 k instructions a call).
    static LIBRARIES: RefCell<KnownLibraries> = const { RefCell::new((u64::MAX, Vec::new(), Vec::new())) };
}

/// Whether `path` was found to be a library in this evaluation.
pub(super) fn known_library(modulepath: &[PathBuf], path: &str) -> bool {
    let generation = crate::env::fs::generation();
    LIBRARIES.with(|l| {
        let l = l.borrow();
        l.0 == generation
            && l.2.iter().any(|p| **p == *path)
            && crate::env::fs::same_paths(&l.1, modulepath)
    })
}

pub(super) fn remember_library(modulepath: &[PathBuf], path: &str) {
    let generation = crate::env::fs::generation();
    LIBRARIES.with(|l| {
        let mut l = l.borrow_mut();
        if l.0 != generation || !crate::env::fs::same_paths(&l.1, modulepath) {
            *l = (generation, modulepath.to_vec(), Vec::new());
        }
        l.2.push(path.into());
    })
}

/// The file `require 'path'` loads from a module's `lib` on the modulepath, with its
/// modulepath directory; `None` when no module has it (a library of Ruby's or Puppet's).
pub(crate) fn required_file(
    modulepath: &[PathBuf],
    path: &str,
) -> Result<Option<(PathBuf, PathBuf)>, HostError> {
    let rel = format!("{}.rb", path.strip_suffix(".rb").unwrap_or(path));
    if rel.starts_with('/') || rel.split('/').any(|s| s == "..") {
        return Err(HostError::Unsupported(format!("require '{path}'")));
    }
    // (Puppet's own file, whatever a module has: see `puppet_file`)
    if crate::functions::ruby_libraries::puppet_file(&rel) {
        return Ok(None);
    }
    // (a module's `lib` has the file only if each directory on the way lists the next
    // name: one listing of each `lib` answers that for every `require`, and a listing of
    // the few directories below; a `statx` of each module's path for each `require` was a
    // thousand calls for a modulepath's custom facts, at every evaluation, most of them
    // failing)
    // (one path made again for each module's `lib`: a new one each was an allocation a
    // module, 94 a `require` of the sweep's custom facts)
    let mut lib = PathBuf::new();
    Ok(modulepath.iter().find_map(|dir| {
        crate::env::fs::list(dir).iter().find_map(|m| {
            lib.clear();
            lib.push(m);
            lib.push("lib");
            listed(&lib, &rel)
                .then(|| lib.join(&rel))
                .filter(|p| crate::env::fs::is_file(p))
                .map(|p| (dir.clone(), p))
        })
    }))
}

/// Whether `rel` (a relative path, `..` in none of its names) is listed below `lib`: each
/// of its names in the listing of the directory before it.
fn listed(lib: &Path, rel: &str) -> bool {
    let mut names = rel.split('/').filter(|c| !c.is_empty() && *c != ".");
    let Some(mut name) = names.next() else {
        return false;
    };
    let mut dir = std::borrow::Cow::Borrowed(lib);
    loop {
        if !crate::env::fs::has_entry(&dir, name) {
            return false;
        }
        match names.next() {
            Some(next) => {
                dir.to_mut().push(name);
                name = next;
            }
            None => return true,
        }
    }
}
