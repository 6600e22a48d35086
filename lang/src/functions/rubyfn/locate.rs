//! Finding a module's Ruby function file for a function name (4.x and 3.x), once per
//! evaluation and modulepath.

use super::*;

/// The generation and modulepath the answers are for, and the answers by name.
type FoundCache = (u64, Vec<PathBuf>, HashMap<String, Option<Rc<Found>>>);

thread_local! {
    /// Where each function name's file was found during this evaluation (`fs::generation`)
    /// and for which modulepath: 4.x functions and 3.x ones apart.
    static FOUND: RefCell<FoundCache> = RefCell::new((u64::MAX, Vec::new(), HashMap::default()));
    static FOUND_3X: RefCell<FoundCache> = RefCell::new((u64::MAX, Vec::new(), HashMap::default()));
}

/// The answer of `look` for `name`, looked for once per evaluation and modulepath (kept in
/// `cache`).
fn found_once(
    cache: &'static std::thread::LocalKey<RefCell<FoundCache>>,
    ev: &Evaluator,
    name: &str,
    look: fn(&Evaluator, &str) -> Option<Found>,
) -> Option<Rc<Found>> {
    if let Some(found) = known(cache, ev, name) {
        return found;
    }
    let generation = crate::env::fs::generation();
    let found = look(ev, name).map(Rc::new);
    cache.with(|f| {
        let mut f = f.borrow_mut();
        if f.0 != generation || !crate::env::fs::same_paths(&f.1, &ev.env.modulepath) {
            *f = (generation, ev.env.modulepath.clone(), HashMap::default());
        }
        f.2.insert(name.to_string(), found.clone());
    });
    found
}

/// The answer kept in `cache` for `name` in this evaluation, if it was looked for.
fn known(
    cache: &'static std::thread::LocalKey<RefCell<FoundCache>>,
    ev: &Evaluator,
    name: &str,
) -> Option<Option<Rc<Found>>> {
    let generation = crate::env::fs::generation();
    cache.with(|f| {
        let f = f.borrow();
        (f.0 == generation && crate::env::fs::same_paths(&f.1, &ev.env.modulepath))
            .then(|| f.2.get(name).cloned())
            .flatten()
    })
}

/// The file of a module's Ruby function `name` (see `env::modules::ruby_function_file`),
/// looked for once per evaluation.
pub fn find(ev: &Evaluator, name: &str) -> Option<Rc<Found>> {
    found_once(&FOUND, ev, name, find_now)
}

/// The file of a module's Ruby function `name` already called by name in this evaluation
/// (`Found::after_autoload`): the autoloader need not look for a `.pp` function first
/// again, the files being unchanged (the evaluation's `fs::generation`).
#[inline]
pub fn find_called(ev: &Evaluator, name: &str) -> Option<Rc<Found>> {
    // (asked at every call by name before the built-ins: a thread that called none in this
    // evaluation answers at once)
    let generation = crate::env::fs::generation();
    if CALLED_IN.get() != generation {
        return None;
    }
    // (the function called last, asked again: most calls by name in a loop; its name
    // compared, not hashed and looked up)
    let paths = &ev.env.modulepath;
    let last = LAST_CALLED.with(|last| {
        let last = last.borrow();
        let (g, n, p, found) = last.as_ref()?;
        // (the name and the paths compared inline: `bcmp`'s calls were half of this check)
        (*g == generation
            && crate::erb::ruby::value::rstr::same_len_eq(n.as_bytes(), name.as_bytes())
            && crate::env::fs::same_paths(p, paths))
        .then(|| found.clone())
    });
    if last.is_some() {
        return last;
    }
    let found = known(&FOUND, ev, name)
        .flatten()
        .filter(|f| f.called.get())?;
    LAST_CALLED.with(|last| {
        *last.borrow_mut() = Some((generation, name.into(), paths.clone(), found.clone()));
    });
    Some(found)
}

/// The function `find_called` answered last: the evaluation (`fs::generation`), its name,
/// the modulepath it was found on.
type LastCalled = (u64, Box<str>, Vec<PathBuf>, Rc<Found>);

thread_local! {
    static LAST_CALLED: RefCell<Option<LastCalled>> = const { RefCell::new(None) };
}

thread_local! {
    /// The generation (evaluation) in which the thread last marked a function called by
    /// name (`Found::after_autoload`).
    static CALLED_IN: Cell<u64> = const { Cell::new(u64::MAX) };
}

/// Notes that a function was called by name in this evaluation (see `find_called`).
pub(super) fn note_called() {
    let generation = crate::env::fs::generation();
    if CALLED_IN.replace(generation) != generation {
        // (an evaluation before's, which the function's `Found` would outlive)
        LAST_CALLED.with(|last| last.borrow_mut().take());
    }
}

/// The file of a module's 3.x function `name` (`lib/puppet/parser/functions/NAME.rb`, the
/// first on the modulepath), which `scope.function_NAME` finds as the reference's autoloader
/// does: before Puppet's own function of that name (stdlib's 3.x `dig`, not the 4.x one).
/// Looked for once per evaluation (a template's every call walked every module, ~27 k
/// instructions, and lost the parse and definitions the call before had found).
pub fn find_3x(ev: &Evaluator, name: &str) -> Option<Rc<Found>> {
    found_once(&FOUND_3X, ev, name, find_3x_now)
}

fn find_3x_now(ev: &Evaluator, name: &str) -> Option<Found> {
    if !crate::env::modules::is_module_name(name) {
        return None;
    }
    let (path, shown) = files_3x::find(&ev.env.modulepath, name)?;
    // The module is used: what its metadata has to say is logged (a module its metadata
    // leaves out keeps its 3.x functions, as the reference's 3.x autoloader finds them).
    if let Some(module) = shown.split('/').next() {
        let _ = crate::env::modules::module_dir(&ev.env, module);
    }
    Some(Found {
        shown: shown.as_ref().into(),
        path: path.into(),
        ready: RefCell::default(),
        called: Cell::new(false),
        instance: Default::default(),
        last_string: Default::default(),
    })
}

/// Where each 3.x function's file is on a modulepath, kept for the process while the file
/// system's answers it was found from hold (`fs::stable`): a template's
/// `scope.function_versioncmp` looked in each module's `lib/puppet/parser/functions`
/// (the sweep's 94, 81 of them missing) at every evaluation, ~0.4 M instructions of
/// `include collectd::plugin::ovs_events`.
mod files_3x {
    use crate::env::fs;
    use std::path::PathBuf;
    use std::sync::Arc;

    /// A file found (its path, and as shown relative to its modulepath directory).
    pub(super) type File = (PathBuf, Arc<str>);

    /// By modulepath and name (`fs::paths_key`).
    static FILES: fs::StableMemo<Option<File>> = fs::StableMemo::new();

    /// The file of the 3.x function `name` (`lib/puppet/parser/functions/NAME.rb` of the
    /// first module on `modulepath` that has one).
    pub(super) fn find(modulepath: &[PathBuf], name: &str) -> Option<File> {
        FILES.get_or_find(fs::paths_key(modulepath, name), || look(modulepath, name))
    }

    fn look(modulepath: &[PathBuf], name: &str) -> Option<File> {
        let file = format!("{name}.rb");
        modulepath.iter().find_map(|dir| {
            fs::list(dir)
                .iter()
                .map(|m| m.join("lib/puppet/parser/functions"))
                // (one listing of each module's directory answers every name)
                .find(|d| fs::has_entry(d, &file))
                .map(|d| d.join(&file))
                .filter(|p| fs::is_file(p))
                .map(|path| {
                    let shown = super::shown_path(dir, &path);
                    (path, Arc::from(&*shown))
                })
        })
    }
}

fn find_now(ev: &Evaluator, name: &str) -> Option<Found> {
    // (the environment's own functions first, shown from the environment's directory)
    let (path, shown) = match crate::env::modules::env_ruby_function_file(&ev.env, name) {
        Some(path) => {
            let base = ev.env.dir.as_ref().and_then(|d| d.parent());
            let shown = base.map_or_else(
                || path.clone(),
                |b| {
                    path.strip_prefix(b)
                        .map_or_else(|_| path.clone(), |p| p.to_path_buf())
                },
            );
            (path, shown)
        }
        None => {
            let shown = crate::env::modules::ruby_function_file(&ev.env, name)?;
            let path = ev
                .env
                .modulepath
                .iter()
                .map(|d| d.join(&shown))
                .find(|p| crate::env::fs::is_file(p))?;
            (path, shown)
        }
    };
    Some(Found {
        path: path.into(),
        shown: shown.display().to_string().into(),
        ready: RefCell::default(),
        called: Cell::new(false),
        instance: Default::default(),
        last_string: Default::default(),
    })
}

pub(super) fn shown_path(dir: &Path, file: &Path) -> Rc<str> {
    file.strip_prefix(dir)
        .unwrap_or(file)
        .display()
        .to_string()
        .into()
}
