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
    // (a module whose `lib` has no entry of the path's first name cannot have the file:
    // one listing of each `lib` answers that for every `require`, where a `statx` of each
    // module's path for each `require` was a thousand calls for a modulepath's custom
    // facts, at every evaluation)
    let first = rel.split('/').next().filter(|c| !c.is_empty() && *c != ".");
    Ok(modulepath.iter().find_map(|dir| {
        crate::env::fs::list(dir).iter().find_map(|m| {
            let lib = m.join("lib");
            if first.is_some_and(|first| !crate::env::fs::has_entry(&lib, first)) {
                return None;
            }
            let p = lib.join(&rel);
            crate::env::fs::is_file(&p).then(|| (dir.clone(), p))
        })
    }))
}
