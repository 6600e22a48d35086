//! Where each resource type's file was found on a modulepath, kept for the process.
//!
//! Finding `lib/puppet/type/NAME.rb` asks every module before the one that has it: one
//! failed `statx` a module, four microseconds each on the benchmark machine (a type of a
//! module late in the alphabet, `sshkey_core`'s `sshkey`, 80 of them: most of the time of
//! `include ssh::knownhosts`), in every evaluation, as each starts with no answers from the
//! file system. A type found is found there again while every directory of the modulepath
//! lists the same modules (the same listing, `fs::list`'s, kept while the directory is
//! unchanged) and the file is still there: the reference keeps a type it has loaded for the
//! process too (`Puppet::Type.type` answers from `@types` without looking again), so a file
//! of the same name added later to a module that comes earlier is not seen by either while
//! the modules stay the same. A type not found is looked for again each time, as the
//! reference does.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// A type's file and what the modulepath's directories listed when it was found there.
struct Located {
    modulepath: Vec<PathBuf>,
    listings: Vec<Arc<[PathBuf]>>,
    file: PathBuf,
}

/// The types found, by lower-case name.
static LOCATED: Mutex<Option<rustc_hash::FxHashMap<Box<str>, Located>>> = Mutex::new(None);

/// More names than any modulepath defines types: past this the table starts again empty.
const LIMIT: usize = 4096;

fn located() -> std::sync::MutexGuard<'static, Option<rustc_hash::FxHashMap<Box<str>, Located>>> {
    // (each change is one insert or clear: a panic elsewhere leaves it whole)
    LOCATED.lock().unwrap_or_else(|e| e.into_inner())
}

/// The listings of the modulepath's directories now (kept for the evaluation by `fs`).
pub(super) fn listings(modulepath: &[PathBuf]) -> Vec<Arc<[PathBuf]>> {
    modulepath
        .iter()
        .map(|dir| crate::env::fs::list(dir))
        .collect()
}

/// The file of type `name` found before with the same modulepath listing the same
/// modules, if it is still a file.
pub(super) fn before(
    modulepath: &[PathBuf],
    listings: &[Arc<[PathBuf]>],
    name: &str,
) -> Option<PathBuf> {
    let file = {
        let guard = located();
        let found = guard.as_ref()?.get(name)?;
        let same = crate::env::fs::same_paths(&found.modulepath, modulepath)
            && found.listings.len() == listings.len()
            && found
                .listings
                .iter()
                .zip(listings)
                .all(|(a, b)| Arc::ptr_eq(a, b));
        same.then(|| found.file.clone())?
    };
    crate::env::fs::is_file(&file).then_some(file)
}

/// Keeps where type `name` was found.
pub(super) fn remember(
    modulepath: &[PathBuf],
    listings: Vec<Arc<[PathBuf]>>,
    name: &str,
    file: &Path,
) {
    let mut guard = located();
    let table = guard.get_or_insert_with(Default::default);
    if table.len() >= LIMIT {
        table.clear();
    }
    table.insert(
        name.into(),
        Located {
            modulepath: modulepath.to_vec(),
            listings,
            file: file.to_path_buf(),
        },
    );
}

#[cfg(test)]
mod tests {
    use crate::env::fs;
    use crate::env::Environment;

    /// Sets a directory's modification time 10 s back: `fs::list` keeps the listing of a
    /// directory that has not changed for 2 s.
    fn settle(dir: &std::path::Path) {
        let then = std::time::SystemTime::now() - std::time::Duration::from_secs(10);
        std::fs::File::open(dir)
            .unwrap()
            .set_modified(then)
            .unwrap();
    }

    /// A type found is found in the same module again while the modulepath lists the same
    /// modules (a file of that name added to an earlier module is not seen, as the
    /// reference keeps a type it loaded); once the file is gone, or the modules change, it
    /// is looked for again.
    #[test]
    fn a_type_found_is_found_there_while_the_modules_are_the_same() {
        let root = std::env::temp_dir().join(format!("prepl-located-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let write = |rel: &str| {
            let path = root.join(rel);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, "").unwrap();
        };
        let name = "located_probe";
        write("mods/zed/lib/puppet/type/located_probe.rb");
        std::fs::create_dir_all(root.join("mods/beta/manifests")).unwrap();
        settle(&root.join("mods"));
        let env = Environment {
            modulepath: vec![root.join("mods")],
            ..Environment::empty()
        };
        let found = || {
            fs::forget();
            super::super::type_file(&env, name)
        };
        let zed = root.join("mods/zed/lib/puppet/type/located_probe.rb");
        let beta = root.join("mods/beta/lib/puppet/type/located_probe.rb");
        assert_eq!(found(), Some(zed.clone()));
        write("mods/beta/lib/puppet/type/located_probe.rb");
        assert_eq!(found(), Some(zed.clone()), "the modules are the same");
        std::fs::remove_file(&zed).unwrap();
        assert_eq!(found(), Some(beta.clone()), "the file found is gone");
        write("mods/zed/lib/puppet/type/located_probe.rb");
        assert_eq!(found(), Some(beta.clone()));
        // (a module more: the modulepath's listing changes)
        std::fs::create_dir_all(root.join("mods/alpha/lib/puppet/type")).unwrap();
        std::fs::write(root.join("mods/alpha/lib/puppet/type/located_probe.rb"), "").unwrap();
        assert_eq!(
            found(),
            Some(root.join("mods/alpha/lib/puppet/type/located_probe.rb"))
        );
        std::fs::remove_dir_all(&root).unwrap();
        fs::forget();
    }
}
