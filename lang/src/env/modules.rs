//! Modules on the modulepath: where the autoloader looks for a class, define, function or
//! type alias, and for a module's templates and files.
//!
//! The layout is the reference's: `apache::vhost` → `apache/manifests/vhost.pp`, `apache` →
//! `apache/manifests/init.pp`, function `apache::bool2httpd` →
//! `apache/functions/bool2httpd.pp`, type `Apache::LogLevel` → `apache/types/loglevel.pp`,
//! `epp('apache/x.epp')` → `apache/templates/x.epp`, `file('apache/x')` → `apache/files/x`.

pub mod metadata;

use super::fs;
use super::Environment;
use std::path::{Path, PathBuf};

/// What a name is looked up as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A class or a define (both under `manifests/`).
    Manifest,
    Function,
    TypeAlias,
}

/// The directory of a module: the first directory of the modulepath that holds it, unless
/// its `metadata.json` leaves it out of the environment ([`metadata`]).
pub fn module_dir(env: &Environment, module: &str) -> Option<PathBuf> {
    if !is_module_name(module) {
        return None;
    }
    // (Asked for every automatic parameter lookup and autoloaded name: building and
    // probing the candidate paths each time was 1% of `include keystone`.)
    let found_before = FOUND.with(|f| {
        let mut f = f.borrow_mut();
        let now = (
            env as *const Environment as usize,
            env.modulepath.as_ptr() as usize + env.modulepath.len(),
            super::fs::generation(),
        );
        if f.0 != now {
            *f = (now, Default::default());
        }
        f.1.get(module).cloned()
    });
    if let Some(found) = found_before {
        return found;
    }
    // (a module its metadata leaves out is not there, and hides any of its name in a later
    // directory of the modulepath, as the reference's list of modules has it)
    let found = match kept_dir(&env.modulepath, module) {
        Some((dir, true)) => Some(dir),
        // (the verdict again, to log what it says in this session)
        Some((dir, false)) => metadata::admits(&dir, module).then_some(dir),
        None => None,
    };
    FOUND.with(|f| f.borrow_mut().1.insert(module.into(), found.clone()));
    found
}

/// Module directories by modulepath and name, with whether the module's metadata is fine
/// (no `metadata.json`, or one that admits the module whatever the strictness: nothing to
/// log), kept for the process while the file system's answers they stood on hold: a fresh
/// session (each `--repeat`, each node of `prepl diff`) would otherwise list each
/// modulepath directory and probe each module again (~4,500 instructions a module), and
/// read its `metadata.json` through the kept texts for the verdict (~1,800 instructions
/// of `include wait_for`'s 39,000, `metadata::verdict`).
static KEPT_DIRS: fs::StableMemo<Option<(PathBuf, bool)>> = fs::StableMemo::new();

/// The directory of `module`: the first directory of `modulepath` that holds it, and
/// whether its metadata is fine ([`metadata::Verdict::Fine`]).
fn kept_dir(modulepath: &[PathBuf], module: &str) -> Option<(PathBuf, bool)> {
    KEPT_DIRS.get_or_find(fs::paths_key(modulepath, module), || {
        let dir = modulepath
            .iter()
            .filter(|dir| fs::has_entry(dir, module))
            .map(|dir| dir.join(module))
            .find(|d| fs::is_dir(d))?;
        let fine = metadata::verdict(&dir, module) == metadata::Verdict::Fine;
        Some((dir, fine))
    })
}

/// Module directories by name, found in an environment (by the addresses of it and of its
/// module path) while the file system's answers were those of one generation
/// ([`super::fs::generation`]).
type FoundDirs = (
    (usize, usize, u64),
    rustc_hash::FxHashMap<Box<str>, Option<PathBuf>>,
);

thread_local! {
    // SAFETY: a thread-local's value.
    static FOUND: crate::syntax::thread_cache::ThreadCache<std::cell::RefCell<FoundDirs>> = const {
        unsafe {
            crate::syntax::thread_cache::ThreadCache::new(std::cell::RefCell::new((
                (0, 0, 0),
                std::collections::HashMap::with_hasher(rustc_hash::FxBuildHasher),
            )))
        }
    };
}

/// A module name: lower-case letters, digits and `_`, starting with a letter.
pub fn is_module_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// The file that defines a (lower-case, `::`-qualified) name of the given kind, if any.
/// Functions and type aliases named `environment::x`, and global ones (`x`), come from the
/// environment directory (`functions/environment/x.pp`, `functions/x.pp`).
pub fn definition_file(env: &Environment, kind: Kind, name: &str) -> Option<PathBuf> {
    definition_path(env, kind, name).filter(|path| super::fs::is_file(path))
}

/// Where the file that defines a name of the given kind would be (whether or not there is
/// one): [`definition_file`] without looking at that path.
pub fn definition_path(env: &Environment, kind: Kind, name: &str) -> Option<PathBuf> {
    // (built in the module directory's own buffer, lower-casing a segment only when it has
    // an upper-case letter: the lower-cased copy of the name, its `Vec` of segments, the
    // joined copy and a `format!` for the file name were ~1,300 instructions a call, 60-70
    // calls in a fresh session of `include keystone`)
    let name = name.strip_prefix("::").unwrap_or(name);
    let mut segments = crate::names::segments(name);
    let first = lower(segments.next()?);
    // A segment is one path component: `..`, `.`, a `/` or a NUL in a name would make
    // the path leave the module (`include 'm1::..::..::x'`, `defined('m1::/abs/q')`).
    if !segments.clone().all(is_path_segment) {
        return None;
    }
    let sub = match kind {
        Kind::Manifest => "manifests",
        Kind::Function => "functions",
        Kind::TypeAlias => "types",
    };
    let mut segments = segments.peekable();
    // The environment directory is a module of global names (Puppet 7.23's environment
    // loader): `environment::f` is in `functions/environment/f.pp`, a global `f` in
    // `functions/f.pp` (types alike), whatever the documentation says.
    let global = kind != Kind::Manifest && (first == "environment" || segments.peek().is_none());
    let mut path = if global {
        env.dir.clone()?
    } else {
        module_dir(env, &first)?
    };
    path.reserve(sub.len() + name.len() + 16);
    path.push(sub);
    if global {
        path.push(&*first);
        if segments.peek().is_none() {
            if first == "environment" {
                return None;
            }
            path.as_mut_os_string().push(".pp");
        }
    } else if segments.peek().is_none() {
        if kind != Kind::Manifest {
            return None;
        }
        path.push("init.pp");
    }
    while let Some(seg) = segments.next() {
        path.push(&*lower(seg));
        if segments.peek().is_none() {
            path.as_mut_os_string().push(".pp");
        }
    }
    Some(path)
}

/// `s` lower-cased (ASCII), copied only when it has an upper-case letter.
fn lower(s: &str) -> std::borrow::Cow<'_, str> {
    match s.bytes().any(|b| b.is_ascii_uppercase()) {
        true => std::borrow::Cow::Owned(s.to_ascii_lowercase()),
        false => std::borrow::Cow::Borrowed(s),
    }
}

/// Whether a segment of a name can be a component of the path it is loaded from: not
/// empty, not `.` or `..`, no `/`, `\\` or NUL.
fn is_path_segment(seg: &str) -> bool {
    !matches!(seg, "" | "." | "..") && !seg.contains(['/', '\\', '\0'])
}

/// For a class or define name whose path would climb out of its module's `manifests/`
/// (a `..` component: `m1::..::..::x`), the reference's refusal: `The pattern
/// "../../x" to find manifests in the module "m1" is invalid and potentially unsafe.`
pub fn unsafe_manifest_pattern(name: &str) -> Option<String> {
    // (a name without a `.` has no `..` component: the pattern's parts were split and
    // joined for every class autoloaded, ~600 instructions a session of a small class;
    // a search for the character, not for `..`, whose searcher costs ~300 to set up)
    if !name.contains('.') {
        return None;
    }
    let name = name.strip_prefix("::").unwrap_or(name);
    let (module, rest) = crate::names::split_first(name)?;
    let pattern = crate::names::segments(rest).collect::<Vec<_>>().join("/");
    pattern.split('/').any(|c| c == "..").then(|| {
        format!(
            "The pattern \"{pattern}\" to find manifests in the module \"{module}\" is invalid \
             and potentially unsafe."
        )
    })
}

/// The namespace the names defined in an autoloaded module file must start with, as the
/// reference computes it: `apache/manifests/vhost/ssl.pp` → `apache::vhost::ssl`,
/// `apache/manifests/init.pp` → `apache`; `None` for a file outside the modulepath. A `.pp`
/// file of a module outside `manifests/`, `functions/`, `types/` and `plans/` has the
/// namespace `Some(None)`: nothing may be defined there.
pub fn file_namespace(env: &Environment, file: &Path) -> Option<Option<String>> {
    // (the parts of a plain path are its text split at `/`: made into a `Vec<String>` of
    // lower-cased parts and joined, they were ~2,700 instructions a module file loaded)
    for dir in &env.modulepath {
        if let Some(rest) = below(dir, file) {
            return Some(namespace_of(&rest.split('/').collect::<Vec<_>>()));
        }
        if let Ok(rest) = file.strip_prefix(dir) {
            let parts: Vec<String> = rest
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            return Some(namespace_of(
                &parts.iter().map(String::as_str).collect::<Vec<_>>(),
            ));
        }
    }
    None
}

/// The namespace of a module file whose path below its modulepath directory has `parts`
/// (any case): see [`file_namespace`].
fn namespace_of(parts: &[&str]) -> Option<String> {
    let [module, kind, inner @ .., file_name] = parts else {
        return None;
    };
    if !["manifests", "functions", "types", "plans"]
        .iter()
        .any(|k| kind.eq_ignore_ascii_case(k))
    {
        return None;
    }
    let mut names = String::with_capacity(64);
    names.push_str(module);
    for part in inner {
        names.push_str("::");
        names.push_str(part);
    }
    if !(inner.is_empty() && file_name.eq_ignore_ascii_case("init.pp")) {
        let stem = match file_name.len().checked_sub(3) {
            Some(at)
                if file_name.is_char_boundary(at)
                    && file_name[at..].eq_ignore_ascii_case(".pp") =>
            {
                &file_name[..at]
            }
            _ => file_name,
        };
        names.push_str("::");
        names.push_str(stem);
    }
    names.make_ascii_lowercase();
    Some(names)
}

/// The part of `file` below the directory `dir` (`apache/manifests/init.pp` of
/// `DIR/apache/manifests/init.pp`), as `Path::strip_prefix` gives it, found by comparing
/// bytes when `file` is `dir` joined with plain names, as the paths of module files are;
/// `None` otherwise (not below `dir`, or written another way: `strip_prefix` decides then).
/// Taking the paths apart into components was 10% of the instructions of compiling an
/// empty class (`include wait_for`).
pub fn below<'a>(dir: &Path, file: &'a Path) -> Option<&'a str> {
    below_text(dir, file.to_str()?)
}

/// [`below`] for a path given as text (a source's name: no UTF-8 check again).
pub fn below_text<'a>(dir: &Path, text: &'a str) -> Option<&'a str> {
    let dir = dir.as_os_str().as_encoded_bytes();
    let mut rest = text.as_bytes().strip_prefix(dir)?;
    if dir.last() != Some(&b'/') {
        rest = rest.strip_prefix(b"/")?;
    }
    let rest = &text[text.len() - rest.len()..];
    // (an empty or `.` component: `Path` skips it, so this leaves it to `Path`)
    (!rest.split('/').any(|c| c.is_empty() || c == ".")).then_some(rest)
}

/// The Ruby file of a module that defines a function (`lib/puppet/functions/<ns>/<name>.rb`
/// of the function's module for `mod::name`; the 4.x or 3.x API file of any module for a plain
/// name), shown relative to its modulepath directory (`stdlib/lib/puppet/functions/x.rb`).
pub fn ruby_function_file(env: &Environment, name: &str) -> Option<PathBuf> {
    let name = name.strip_prefix("::").unwrap_or(name);
    let segments: Vec<&str> = crate::names::segments(name).collect();
    if !segments.iter().all(|s| is_module_name(s)) {
        return None;
    }
    let relative = |dir: &Path, path: PathBuf| path.strip_prefix(dir).map(Path::to_path_buf).ok();
    if segments.len() > 1 {
        // (in the function's module, the first of its name on the modulepath, unless its
        // metadata leaves it out: the reference's loader of the module's functions)
        let module = module_dir(env, segments[0])?;
        let mut path = module.join("lib/puppet/functions");
        for (i, seg) in segments.iter().enumerate() {
            if i + 1 == segments.len() {
                path.push(format!("{seg}.rb"));
            } else {
                path.push(seg);
            }
        }
        let dir = module.parent()?;
        return super::fs::is_file(&path)
            .then(|| relative(dir, path))
            .flatten();
    }
    env.modulepath.iter().find_map(|dir| {
        super::fs::list(dir).iter().find_map(|m| {
            ["lib/puppet/functions", "lib/puppet/parser/functions"]
                .iter()
                .map(|sub| (sub, m.join(sub).join(format!("{name}.rb"))))
                .find(|(sub, p)| {
                    // (a 4.x function of a module its metadata leaves out is not found; a
                    // 3.x one is, as the reference's 3.x autoloader finds it: either way
                    // the module is used, and what its metadata says is logged)
                    super::fs::is_file(p) && (admitted(env, m) || **sub != "lib/puppet/functions")
                })
                .and_then(|(_, p)| relative(dir, p))
        })
    })
}

/// The Ruby (4.x) function `name` of the environment directory itself
/// (`<env>/lib/puppet/functions/NAME.rb`, or `.../environment/NAME.rb` for
/// `environment::NAME`): the reference's environment loader finds these before the
/// modules' (a control repository's own functions). The path, absolute.
pub fn env_ruby_function_file(env: &Environment, name: &str) -> Option<PathBuf> {
    let dir = env.dir.as_ref()?;
    let name = name.strip_prefix("::").unwrap_or(name);
    let segments: Vec<&str> = crate::names::segments(name).collect();
    if !segments.iter().all(|s| is_module_name(s))
        || (segments.len() > 1 && segments[0] != "environment")
    {
        return None;
    }
    let mut path = dir.join("lib/puppet/functions");
    for (i, seg) in segments.iter().enumerate() {
        if i + 1 == segments.len() {
            path.push(format!("{seg}.rb"));
        } else {
            path.push(seg);
        }
    }
    super::fs::is_file(&path).then_some(path)
}

/// Whether the module directory `m` (an entry of a modulepath directory) is the module of
/// its name that the environment has ([`module_dir`]).
fn admitted(env: &Environment, m: &Path) -> bool {
    m.file_name()
        .and_then(|n| n.to_str())
        .and_then(|n| module_dir(env, n))
        .is_some_and(|d| d == m)
}

/// The module and file (`lib/facter/x.rb`, relative to the module) of a custom fact named
/// `name`: a module on the modulepath whose `lib/facter/*.rb` adds it (`Facter.add(:name`,
/// `Facter.add('name'`, `Facter.add("name"`), as Facter loads modules' facts for the agent.
pub fn custom_fact_file(env: &Environment, name: &str) -> Option<(String, PathBuf)> {
    if name.is_empty() || crate::names::is_qualified(name) {
        return None;
    }
    env.modulepath.iter().find_map(|dir| {
        super::fs::list(dir).iter().find_map(|m| {
            let facter = m.join("lib/facter");
            super::fs::list(&facter)
                .iter()
                .filter(|f| f.extension().is_some_and(|e| e == "rb"))
                .find(|f| super::fs::read_to_string(f).is_ok_and(|text| adds_fact(&text, name)))
                .map(|f| {
                    let module = m.file_name().unwrap_or_default().to_string_lossy();
                    let file = f.strip_prefix(m).unwrap_or(f).to_path_buf();
                    (module.into_owned(), file)
                })
        })
    })
}

/// Whether Ruby source `text` calls `Facter.add` with the fact name `name` (a symbol or a
/// quoted string, in parentheses or not).
fn adds_fact(text: &str, name: &str) -> bool {
    added_facts(text).any(|added| added == name)
}

/// The fact names Ruby source `text` gives `Facter.add` (`Facter.add(:name`,
/// `Facter.add('name'`, `Facter.add "name"`): what its code may add, read without running it.
fn added_facts(text: &str) -> impl Iterator<Item = &str> {
    text.match_indices("Facter.add").filter_map(|(at, call)| {
        let rest = text[at + call.len()..].trim_start_matches([' ', '\t']);
        let rest = rest.strip_prefix('(').unwrap_or(rest).trim_start();
        if let Some(symbol) = rest.strip_prefix(':') {
            let end = symbol
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(symbol.len());
            Some(&symbol[..end])
        } else if let Some(quoted) = rest.strip_prefix(['\'', '"']) {
            quoted.find(['\'', '"']).map(|end| &quoted[..end])
        } else {
            None
        }
    })
}

/// Every fact name the modules of the modulepath give `Facter.add` in their
/// `lib/facter/*.rb` (see `custom_fact_file`), read without running their code.
pub fn custom_fact_names(env: &Environment) -> std::collections::HashSet<String> {
    let mut names = std::collections::HashSet::new();
    for dir in &env.modulepath {
        for m in super::fs::list(dir).iter() {
            let facter = m.join("lib/facter");
            for f in super::fs::list(&facter).iter() {
                if f.extension().is_some_and(|e| e == "rb") {
                    if let Ok(text) = super::fs::read_to_string(f) {
                        names.extend(added_facts(&text).map(str::to_string));
                    }
                }
            }
        }
    }
    names
}

/// A file or directory of a module named `module/path` in a module subdirectory (`templates`,
/// `files`).
pub fn module_file(env: &Environment, reference: &str, sub: &str) -> Option<PathBuf> {
    let (module, rest) = reference.split_once('/')?;
    // As the reference: any existing path, a directory too (`mod/` is the directory itself).
    let path = module_dir(env, module)?.join(sub).join(rest);
    super::fs::exists(&path).then_some(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_map_to_the_reference_layout() {
        let root = std::env::temp_dir().join(format!("prepl-modules-{}", std::process::id()));
        let m = root.join("web");
        for d in [
            "manifests/vhost",
            "functions",
            "types",
            "templates",
            "files",
        ] {
            std::fs::create_dir_all(m.join(d)).unwrap();
        }
        for f in [
            "manifests/init.pp",
            "manifests/vhost.pp",
            "manifests/vhost/ssl.pp",
            "functions/port.pp",
            "types/port.pp",
            "templates/a.epp",
            "files/motd",
        ] {
            std::fs::write(m.join(f), "").unwrap();
        }
        let env = Environment {
            name: "production".into(),
            dir: None,
            modulepath: vec![root.join("nowhere"), root.clone()],
        };
        let file =
            |k, n| definition_file(&env, k, n).map(|p| p.strip_prefix(&m).unwrap().to_path_buf());
        assert_eq!(
            file(Kind::Manifest, "web"),
            Some("manifests/init.pp".into())
        );
        assert_eq!(
            file(Kind::Manifest, "::Web::Vhost"),
            Some("manifests/vhost.pp".into())
        );
        assert_eq!(
            file(Kind::Manifest, "web::vhost::ssl"),
            Some("manifests/vhost/ssl.pp".into())
        );
        assert_eq!(
            file(Kind::Function, "web::port"),
            Some("functions/port.pp".into())
        );
        assert_eq!(
            file(Kind::TypeAlias, "Web::Port"),
            Some("types/port.pp".into())
        );
        assert_eq!(file(Kind::Function, "web"), None);
        assert_eq!(file(Kind::Manifest, "nosuch"), None);
        assert_eq!(
            file(Kind::Manifest, "WEB::VHost::SSL"),
            Some("manifests/vhost/ssl.pp".into())
        );
        // (where the file would be, whether or not there is one; never outside the module)
        let path =
            |k, n| definition_path(&env, k, n).map(|p| p.strip_prefix(&m).unwrap().to_path_buf());
        assert_eq!(
            path(Kind::TypeAlias, "Web::A::B.c"),
            Some("types/a/b.c.pp".into())
        );
        assert_eq!(path(Kind::Manifest, "web::..::x"), None);
        assert_eq!(path(Kind::Manifest, "web::a::"), None);
        assert_eq!(path(Kind::Function, "web::a/b"), None);
        let with_dir = Environment {
            dir: Some(root.join("env")),
            ..env.clone()
        };
        assert_eq!(
            definition_path(&with_dir, Kind::Function, "Environment::F"),
            Some(root.join("env/functions/environment/f.pp"))
        );
        assert_eq!(
            definition_path(&with_dir, Kind::TypeAlias, "Environment::A::B"),
            Some(root.join("env/types/environment/a/b.pp"))
        );
        assert_eq!(
            definition_path(&with_dir, Kind::Function, "f"),
            Some(root.join("env/functions/f.pp"))
        );
        assert_eq!(
            definition_path(&with_dir, Kind::Function, "environment"),
            None
        );
        assert_eq!(definition_path(&env, Kind::Function, "f"), None);
        assert_eq!(
            definition_path(&with_dir, Kind::Manifest, "environment::f"),
            None
        );
        assert!(module_file(&env, "web/a.epp", "templates").is_some());
        assert!(module_file(&env, "web/motd", "files").is_some());
        assert!(module_file(&env, "web/nope", "files").is_none());
        // Directories too, as the reference's find_file; `web/` is the files directory.
        assert!(module_file(&env, "web/", "files").is_some_and(|p| p.is_dir()));
        assert!(module_file(&env, "web", "files").is_none());
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn module_directories_are_kept_until_the_file_system_is_looked_at_again() {
        let root = std::env::temp_dir().join(format!("prepl-moddirs-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("a")).unwrap();
        let env = Environment {
            name: "production".into(),
            dir: None,
            modulepath: vec![root.clone()],
        };
        crate::env::fs::forget();
        assert_eq!(module_dir(&env, "a"), Some(root.join("a")));
        assert_eq!(module_dir(&env, "b"), None);
        std::fs::create_dir_all(root.join("b")).unwrap();
        assert_eq!(module_dir(&env, "b"), None, "the evaluation's answer");
        crate::env::fs::forget();
        assert_eq!(module_dir(&env, "b"), Some(root.join("b")));
        // Another module path: its own answers.
        let other = Environment {
            modulepath: vec![root.join("a")],
            ..env.clone()
        };
        assert_eq!(module_dir(&other, "b"), None);
        assert_eq!(module_dir(&env, "b"), Some(root.join("b")));
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// A module's metadata found fine is kept with its directory for the process: a
    /// `metadata.json` edited between two sessions (on one thread, or on threads of their
    /// own) to leave the module out, or to admit it again, is read again, and the error
    /// is logged in each session it leaves the module out.
    #[test]
    fn module_metadata_edited_between_sessions_is_read_again() {
        let root = std::env::temp_dir().join(format!("prepl-metakept-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("m/manifests")).unwrap();
        let settled = |path: &Path, text: &str| {
            std::fs::write(path, text).unwrap();
            // (settled: its bytes are kept for the process, and the verdict with them)
            let then = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
            let file = std::fs::File::open(path).unwrap();
            file.set_modified(then).unwrap();
        };
        settled(
            &root.join("m/manifests/init.pp"),
            "class m { notify { 'm': } }\n",
        );
        let meta = root.join("m/metadata.json");
        let full = r#""name":"x-m","version":"1.0.0","author":"x","license":"l""#;
        let fine = format!(r#"{{{full},"source":"s","dependencies":[]}}"#);
        // (as long as the fine text: a change seen by its event, not its length)
        let refused = format!(r#"{{{full},"sourcX":"s","dependencies":[]}}"#);
        assert_eq!(fine.len(), refused.len());
        fn session(root: &Path) -> (bool, String) {
            let mut s = crate::Session::new();
            s.set_environment(Environment {
                modulepath: vec![root.to_path_buf()],
                ..Environment::empty()
            });
            let ok = s.eval("include m").is_ok();
            let logs: Vec<String> = s.take_logs().into_iter().map(|(_, m)| m).collect();
            (ok, logs.join("\n"))
        }
        fn on_new_thread(root: &Path) -> (bool, String) {
            let root = root.to_path_buf();
            std::thread::spawn(move || session(&root)).join().unwrap()
        }
        let left_out = "No source module metadata provided for m";
        for run in [session as fn(&Path) -> (bool, String), on_new_thread] {
            settled(&meta, &fine);
            for _ in 0..3 {
                assert_eq!(run(&root), (true, String::new()));
            }
            settled(&meta, &refused);
            for _ in 0..2 {
                let (ok, logs) = run(&root);
                assert!(!ok && logs.contains(left_out), "{logs}");
            }
            settled(&meta, &fine);
            assert_eq!(run(&root), (true, String::new()));
        }
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn ruby_functions_are_found_in_lib() {
        let root = std::env::temp_dir().join(format!("prepl-rubyfn-{}", std::process::id()));
        for f in [
            "std/lib/puppet/functions/std/deep/thing.rb",
            "std/lib/puppet/parser/functions/old_one.rb",
            "std/lib/puppet/functions/new_one.rb",
        ] {
            let p = root.join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, "").unwrap();
        }
        let env = Environment {
            name: "production".into(),
            dir: None,
            modulepath: vec![root.clone()],
        };
        let find = |n| ruby_function_file(&env, n).map(|p| p.display().to_string());
        assert_eq!(
            find("std::deep::thing").as_deref(),
            Some("std/lib/puppet/functions/std/deep/thing.rb")
        );
        assert_eq!(
            find("old_one").as_deref(),
            Some("std/lib/puppet/parser/functions/old_one.rb")
        );
        assert_eq!(
            find("new_one").as_deref(),
            Some("std/lib/puppet/functions/new_one.rb")
        );
        assert_eq!(find("nothing"), None);
        assert_eq!(find("../x"), None);
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// A module's directory is kept for the process while what it was found from is
    /// unchanged: a module of the same name made in an earlier modulepath directory, or
    /// removed from it, is seen by the next fresh session (a thread of its own).
    #[test]
    fn module_dirs_found_again_after_a_change() {
        let root = std::env::temp_dir().join(format!("prepl-moddir-kept-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let (first, second) = (root.join("first"), root.join("second"));
        std::fs::create_dir_all(second.join("m/manifests")).unwrap();
        std::fs::create_dir_all(&first).unwrap();
        let find = || {
            let modulepath = vec![first.clone(), second.clone()];
            std::thread::spawn(move || {
                let env = Environment {
                    name: "production".into(),
                    dir: None,
                    modulepath,
                };
                module_dir(&env, "m")
            })
            .join()
            .unwrap()
        };
        for _ in 0..3 {
            assert_eq!(find(), Some(second.join("m")));
        }
        std::fs::create_dir_all(first.join("m/manifests")).unwrap();
        for _ in 0..3 {
            assert_eq!(find(), Some(first.join("m")));
        }
        std::fs::remove_dir_all(first.join("m")).unwrap();
        for _ in 0..3 {
            assert_eq!(find(), Some(second.join("m")));
        }
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// The refusal of a name climbing out of its module's manifests, and none for the
    /// others (`..` inside a segment is no such component).
    #[test]
    fn unsafe_manifest_patterns() {
        let refused = |n: &str| unsafe_manifest_pattern(n);
        assert_eq!(
            refused("m1::..::..::x").as_deref(),
            Some("The pattern \"../../x\" to find manifests in the module \"m1\" is invalid and potentially unsafe.")
        );
        assert_eq!(
            refused("::m1::a::..").as_deref(),
            Some("The pattern \"a/..\" to find manifests in the module \"m1\" is invalid and potentially unsafe.")
        );
        for n in [
            "m1",
            "m1::x",
            "::m1::x::y",
            "m1::a..b",
            "m1::...",
            "..",
            "m1::.::x",
        ] {
            assert_eq!(refused(n), None, "{n}");
        }
    }

    #[test]
    fn file_namespaces_are_the_reference_ones() {
        let env = Environment {
            name: "production".into(),
            dir: None,
            modulepath: vec![PathBuf::from("/mods")],
        };
        let ns = |f: &str| file_namespace(&env, Path::new(f));
        assert_eq!(ns("/mods/web/manifests/init.pp"), Some(Some("web".into())));
        assert_eq!(
            ns("/mods/web/manifests/vhost/SSL.pp"),
            Some(Some("web::vhost::ssl".into()))
        );
        assert_eq!(
            ns("/mods/web/types/port.pp"),
            Some(Some("web::port".into()))
        );
        assert_eq!(ns("/mods/web/lib/x.pp"), Some(None));
        assert_eq!(ns("/elsewhere/site.pp"), None);
        // (written another way: as `Path` takes it apart)
        assert_eq!(
            ns("/mods//web/./manifests/a/B.pp"),
            Some(Some("web::a::b".into()))
        );
        assert_eq!(ns("/modsx/web/manifests/init.pp"), None);
    }

    #[test]
    fn below_a_directory_by_bytes_as_path_has_it() {
        let cases = [
            ("/mods", "/mods/web/manifests/init.pp"),
            ("/mods/", "/mods/web/manifests/init.pp"),
            ("mods", "mods/web/manifests/init.pp"),
            ("./mods", "./mods/web/init.pp"),
            ("/mods", "/modsx/web/init.pp"),
            ("/mods", "/mods"),
            ("/mods", "/mods/"),
            ("/mods", "/mods//web/init.pp"),
            ("/mods", "/mods/./web/init.pp"),
            ("/mods", "/mods/web/../x.pp"),
            ("/a/./mods", "/a/./mods/web/init.pp"),
            ("/", "/web/init.pp"),
        ];
        for (dir, file) in cases {
            let (dir, file) = (Path::new(dir), Path::new(file));
            let by_path = file.strip_prefix(dir).ok();
            if let Some(rest) = below(dir, file) {
                assert_eq!(Some(Path::new(rest)), by_path, "{dir:?} {file:?}");
            }
        }
        assert_eq!(
            below(Path::new("/mods"), Path::new("/mods/web/init.pp")),
            Some("web/init.pp")
        );
        assert_eq!(
            below(Path::new("/mods/"), Path::new("/mods/web/init.pp")),
            Some("web/init.pp")
        );
        assert_eq!(below(Path::new("/mods"), Path::new("/modsx/web")), None);
        assert_eq!(below(Path::new("/mods"), Path::new("/mods//web")), None);
    }

    /// Custom facts are found in modules' `lib/facter/*.rb` (as Facter loads them for the
    /// agent), and an unknown variable that is one says so (issue 37: openstacklib's
    /// `os_service_default`, which `include keystone` reads as `$::os_service_default`).
    #[test]
    fn custom_facts_of_modules() {
        assert!(adds_fact(
            "Facter.add(:apache_version) do",
            "apache_version"
        ));
        assert!(adds_fact(
            "if x\n  Facter.add('os_service_default') do",
            "os_service_default"
        ));
        assert!(adds_fact("Facter.add(\"ipa_domain\") do", "ipa_domain"));
        assert!(adds_fact("Facter.add :root_home do", "root_home"));
        assert!(adds_fact("Facter.add( :a, type: :aggregate) do", "a"));
        assert!(!adds_fact(
            "Facter.add(:apache_version_x) do",
            "apache_version"
        ));
        assert!(!adds_fact(
            "Facter.add('os_service') do",
            "os_service_default"
        ));
        assert!(!adds_fact(
            "Facter.value(:os_service_default)",
            "os_service_default"
        ));
        let names: Vec<&str> = added_facts(
            "Facter.add(:a) do\nend\nFacter.add 'b' do\nFacter.add(\"c\", weight: 1)\nFacter.add(name)\n",
        )
        .collect();
        assert_eq!(names, ["a", "b", "c"]);

        let root = std::env::temp_dir().join(format!("prepl-custom-facts-{}", std::process::id()));
        let facter = root.join("openstacklib/lib/facter");
        std::fs::create_dir_all(&facter).unwrap();
        std::fs::create_dir_all(root.join("keystone/manifests")).unwrap();
        std::fs::write(
            facter.join("os_service_default.rb"),
            "if versioncmp(Facter.value(:facterversion), '2.0.1') < 0\n  \
             Facter.add('os_service_default') do\n    setcode { '<SERVICE DEFAULT>' }\n  end\nend\n",
        )
        .unwrap();
        std::fs::write(facter.join("notes.txt"), "Facter.add(:not_a_fact)").unwrap();
        std::fs::write(
            root.join("keystone/manifests/init.pp"),
            "class keystone($algorithm = $::os_service_default) {}\n",
        )
        .unwrap();
        let env = Environment {
            name: "production".into(),
            dir: None,
            modulepath: vec![root.clone()],
        };
        assert_eq!(
            custom_fact_file(&env, "os_service_default"),
            Some((
                "openstacklib".into(),
                "lib/facter/os_service_default.rb".into()
            ))
        );
        assert_eq!(custom_fact_file(&env, "not_a_fact"), None);
        assert_eq!(
            custom_fact_file(&env, "openstacklib::os_service_default"),
            None
        );

        let mut s = crate::Session::new();
        s.set_environment(env);
        let e = s.eval("include keystone").unwrap_err();
        assert_eq!(
            e.message,
            "Unknown variable: '::os_service_default'. It is a custom fact of module openstacklib \
             (lib/facter/os_service_default.rb), and custom facts are not resolved in this session"
        );
        assert_eq!(
            e.hint.as_deref(),
            Some("Give its value with :facts set os_service_default=VALUE (%facts set in Jupyter) or in a facts file (--facts FILE).")
        );
        // Given as a fact, it is one; under `strict = warning` it is undef, as any.
        s.set_facts(crate::catalog::json::from_data(
            &serde_json::json!({"os_service_default": "<SERVICE DEFAULT>"}),
        ));
        let r = s.eval("include keystone");
        assert!(r.is_ok(), "{:?}", r.err().map(|e| e.message));
        let mut s = crate::Session::new();
        s.set_environment(Environment {
            name: "production".into(),
            dir: None,
            modulepath: vec![root.clone()],
        });
        s.set_strict(crate::Strictness::Warning);
        assert_eq!(
            crate::format::to_programmatic(
                &s.eval("include keystone\n$keystone::algorithm").unwrap()
            ),
            "undef"
        );
        std::fs::remove_dir_all(&root).unwrap();
    }
}
