//! The autoloader: when a class, define, function or type alias is not defined yet, the file
//! the reference would load it from (`env::modules`) is parsed and its definitions hoisted,
//! as if it had been typed in. Each file is loaded once, and again once it has changed:
//! the session remembers what each file was when loaded (its modification time and length)
//! and what it defined, and before each input forgets the definitions of the files changed
//! since, so that the next use loads them anew ([`Evaluator::forget_changed_files`]).
//!
//! What the autoloader remembers is part of the session's state: an input that fails
//! forgets what it loaded (with the definitions), so the next input loads those files again.

use super::modules::{self, Kind};
use crate::error::{Error, Source};
use crate::eval::Evaluator;
use crate::types::TypeAlias;
use std::path::PathBuf;
use std::rc::Rc;

/// How many source files' modules `module_of` keeps (the oldest goes first).
const MODULE_NAMES_KEPT: usize = 8;

/// Source files and their modules, as `module_of` keeps them.
pub(crate) type ModuleNames = Vec<(Rc<Source>, Option<Rc<str>>)>;

thread_local! {
    /// The modules `module_of` found for this thread's sessions, by the file's name and the
    /// modulepath: a fresh session's sources are new (its input's, and each module file's
    /// of a session that thaws it), so its own memo (`Evaluator::module_names`) found none,
    /// and finding the module of a file below no modulepath directory (the input) took
    /// ~1.4 k instructions each session (the texts compared, then the paths' components).
    /// The answer depends on the two texts alone (no file is read).
    // SAFETY: a thread-local's value.
    static MODULES_OF: crate::syntax::thread_cache::ThreadCache<std::cell::RefCell<ModulesOf>> = const {
        unsafe { crate::syntax::thread_cache::ThreadCache::new(std::cell::RefCell::new(ModulesOf::new())) }
    };
}

/// How many (file, modulepath) answers [`MODULES_OF`] keeps (the oldest is replaced).
const MODULES_OF_KEPT: usize = 16;

/// A file's name, a modulepath, and the module of the file with it.
type ModuleOf = (Box<str>, Box<[PathBuf]>, Option<Rc<str>>);

/// The modules of files, by the file's name and the modulepath ([`MODULES_OF`]).
pub(crate) struct ModulesOf {
    entries: Vec<ModuleOf>,
    /// The entry replaced next when full.
    next: usize,
}

impl ModulesOf {
    pub(crate) const fn new() -> ModulesOf {
        ModulesOf {
            entries: Vec::new(),
            next: 0,
        }
    }

    /// The module of the file `name` with `modulepath`: kept, or `find`'s answer, kept.
    pub(crate) fn module_of(
        &mut self,
        name: &str,
        modulepath: &[PathBuf],
        find: impl FnOnce() -> Option<Rc<str>>,
    ) -> Option<Rc<str>> {
        // (paths compared as their bytes: `Path`'s equality walks the components)
        let same_path = |kept: &[PathBuf]| {
            kept.len() == modulepath.len()
                && kept
                    .iter()
                    .zip(modulepath)
                    .all(|(a, b)| a.as_os_str() == b.as_os_str())
        };
        if let Some((_, _, module)) =
            (self.entries.iter()).find(|(n, dirs, _)| **n == *name && same_path(dirs))
        {
            return module.clone();
        }
        let module = find();
        let entry = (name.into(), modulepath.into(), module.clone());
        if self.entries.len() < MODULES_OF_KEPT {
            self.entries.push(entry);
        } else {
            self.entries[self.next] = entry;
            self.next = (self.next + 1) % MODULES_OF_KEPT;
        }
        module
    }
}

/// The files the autoloader has loaded, by path.
/// (keyed by the path's bytes: hashing a `Path` walks its components, ~500 instructions
/// a manifest path)
pub type Loaded = super::fs::PathMap<LoadedFile>;

/// A file the autoloader has loaded.
#[derive(Clone)]
pub struct LoadedFile {
    pub(crate) path: PathBuf,
    /// Its modification time and length when it was read.
    stamp: (std::time::SystemTime, u64),
    /// The source its definitions were read from (classes, defines and functions keep it).
    source: Rc<Source>,
    /// The type aliases it defined, by lower-case name.
    aliases: Vec<(String, Rc<TypeAlias>)>,
    /// Its place in the order the session loaded files (`AliasMemoState::files`).
    pub(super) seq: u64,
    /// It defines one type alias and nothing else, and warned about nothing: what the
    /// alias memo (`alias_memo`) may stand for.
    pub(super) memoizable: bool,
    /// The alias memo defined its alias (the session parsed no tree of it; for tests).
    #[cfg(test)]
    pub(crate) from_memo: bool,
}

impl LoadedFile {
    /// A file the alias memo defined `alias` of, as loading it would have.
    pub(super) fn of_alias(
        path: PathBuf,
        stamp: (std::time::SystemTime, u64),
        source: Rc<Source>,
        alias: (String, Rc<TypeAlias>),
        seq: u64,
    ) -> LoadedFile {
        LoadedFile {
            path,
            stamp,
            source,
            aliases: vec![alias],
            seq,
            memoizable: true,
            #[cfg(test)]
            from_memo: true,
        }
    }

    /// Whether the file defined `alias` and no other.
    pub(super) fn only_alias(&self, alias: &Rc<TypeAlias>) -> bool {
        matches!(self.aliases.as_slice(), [(_, a)] if Rc::ptr_eq(a, alias))
    }

    /// The source its definitions were read from.
    pub(super) fn source(&self) -> &Rc<Source> {
        &self.source
    }
}

/// The functions and type aliases that have no file, known for this evaluation: a call of a
/// module's Ruby function `m::f` asks first for `m/functions/f.pp`, and looking for it again
/// at each call was 7% of such a call. Kept while the file system's answers are
/// (`fs::generation`: until the next input) and for one environment.
mod absent {
    use super::Kind;
    use crate::env::Environment;
    use std::cell::RefCell;
    use std::path::PathBuf;

    #[derive(Default)]
    struct Absent {
        generation: u64,
        modulepath: Vec<PathBuf>,
        dir: Option<PathBuf>,
        functions: rustc_hash::FxHashSet<Box<str>>,
        aliases: rustc_hash::FxHashSet<Box<str>>,
    }

    impl Absent {
        fn names(&mut self, kind: Kind) -> &mut rustc_hash::FxHashSet<Box<str>> {
            match kind {
                Kind::Function => &mut self.functions,
                _ => &mut self.aliases,
            }
        }
    }

    thread_local! {
        // SAFETY: a thread-local's value.
        static ABSENT: crate::syntax::thread_cache::ThreadCache<std::cell::LazyCell<RefCell<Absent>>> = const {
            unsafe { crate::syntax::thread_cache::ThreadCache::new(std::cell::LazyCell::new(RefCell::default)) }
        };
    }

    fn current(a: &Absent, env: &Environment) -> bool {
        a.generation == crate::env::fs::generation()
            && crate::env::fs::same_paths(&a.modulepath, &env.modulepath)
            && match (&a.dir, &env.dir) {
                (Some(x), Some(y)) => {
                    crate::env::fs::same_paths(std::slice::from_ref(x), std::slice::from_ref(y))
                }
                (x, y) => x.is_none() && y.is_none(),
            }
    }

    /// Whether `name` of `kind` is known to have no file.
    pub(super) fn known(env: &Environment, kind: Kind, name: &str) -> bool {
        ABSENT.with(|a| {
            let mut a = a.borrow_mut();
            current(&a, env) && a.names(kind).contains(name)
        })
    }

    /// Remembers that `name` of `kind` has no file.
    pub(super) fn remember(env: &Environment, kind: Kind, name: &str) {
        ABSENT.with(|a| {
            let mut a = a.borrow_mut();
            if !current(&a, env) {
                *a = Absent {
                    generation: crate::env::fs::generation(),
                    modulepath: env.modulepath.clone(),
                    dir: env.dir.clone(),
                    ..Absent::default()
                };
            }
            a.names(kind).insert(Box::from(name));
        })
    }
}

impl Evaluator {
    /// Loads the file that defines `name` as `kind`, if there is one and it was not loaded
    /// yet or has changed since (for a class or define, the files the reference's type
    /// loader tries: see `autoload_manifests`). Returns whether a file was loaded.
    pub(crate) fn autoload(&mut self, kind: Kind, name: &str) -> Result<bool, Error> {
        if self.env.modulepath.is_empty() && self.env.dir.is_none() {
            return Ok(false);
        }
        if kind == Kind::Manifest {
            return self.autoload_manifests(name);
        }
        if absent::known(&self.env, kind, name) {
            return Ok(false);
        }
        if kind == Kind::TypeAlias && self.alias_from_memo(name) {
            return Ok(true);
        }
        let before = self.alias_memo.files;
        let Some(path) = modules::definition_path(&self.env, kind, name) else {
            absent::remember(&self.env, kind, name);
            return Ok(false);
        };
        let from_env = self.env.dir.as_ref().is_some_and(|d| path.starts_with(d));
        let loaded = self.load_file(path.clone())?;
        if loaded && from_env {
            self.check_environment_name(kind, name, &path)?;
        }
        if loaded && kind == Kind::TypeAlias {
            self.remember_alias(name, before);
        }
        if !loaded {
            // (known now: `load_file` probed the path)
            let path = modules::definition_path(&self.env, kind, name);
            if path.is_some_and(|p| super::fs::probe(&p).is_none_or(|p| !p.is_file)) {
                absent::remember(&self.env, kind, name);
            }
        }
        Ok(loaded)
    }

    /// A file of the environment directory (no module's, whose names `check_locations`
    /// checks) must define the name it was loaded for, as the reference's loader says.
    fn check_environment_name(
        &self,
        kind: Kind,
        name: &str,
        path: &std::path::Path,
    ) -> Result<(), Error> {
        use crate::syntax::ast::ExprKind;
        let lower = name.strip_prefix("::").unwrap_or(name).to_ascii_lowercase();
        let defined = match kind {
            Kind::Function => self.functions.contains_key(lower.as_str()),
            Kind::TypeAlias => self.aliases.contains_key(lower.as_str()),
            Kind::Manifest => true,
        };
        if defined {
            return Ok(());
        }
        // (the error's path only: the file is read and parsed again)
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let Ok(program) = crate::syntax::parse(&text) else {
            return Ok(());
        };
        let actual = program.body.iter().find_map(|s| match (&s.kind, kind) {
            (ExprKind::FunctionDef(d), Kind::Function) => Some(d.name.to_string()),
            (ExprKind::TypeAlias { name, .. }, Kind::TypeAlias) => Some(name.to_string()),
            _ => None,
        });
        let Some(actual) = actual else {
            return Ok(());
        };
        Err(Error::eval(match kind {
            Kind::Function => format!(
                "Error while evaluating a Function Call, The code loaded from {} produced function with the wrong name, expected {lower}, actual {actual}",
                path.display()
            ),
            _ => format!(
                "{}The code loaded from {} produced type with the wrong name, expected '{lower}', actual '{actual}'",
                crate::eval::expr::IN_TYPE_NAME,
                path.display()
            ),
        }))
    }

    /// A class or define, as the reference's type loader finds it: for `a::b::c` the
    /// manifests of `a::b::c`, then `a::b`, then `a`, each after the module's `init.pp`
    /// (always loaded first, "in case the class is defined there"), until one of them
    /// defines the name. So `include a::b` loads `a/manifests/init.pp`, and its errors and
    /// definitions (defines, type aliases, functions) count, before `a/manifests/b.pp`.
    fn autoload_manifests(&mut self, name: &str) -> Result<bool, Error> {
        let lower = name.strip_prefix("::").unwrap_or(name).to_ascii_lowercase();
        if let Some(refusal) = modules::unsafe_manifest_pattern(&lower) {
            return Err(Error::eval(refusal));
        }
        let segments: Vec<&str> = crate::names::segments(&lower).collect();
        let Some(first) = segments.first() else {
            return Ok(false);
        };
        let init = modules::definition_path(&self.env, Kind::Manifest, first);
        let mut loaded = false;
        for n in (1..=segments.len()).rev() {
            let mut files = Vec::with_capacity(2);
            files.extend(init.clone());
            if n > 1 {
                let prefix = segments[..n].join("::");
                files.extend(modules::definition_path(&self.env, Kind::Manifest, &prefix));
            }
            for file in files {
                loaded |= self.load_file(file)?;
            }
            let c = &self.compilation;
            if c.classes.contains_key(lower.as_str()) || c.defines.contains_key(lower.as_str()) {
                break;
            }
        }
        Ok(loaded)
    }

    /// Loads a file of a module (once): parsed, checked and its definitions hoisted.
    /// Returns whether it was loaded now.
    fn load_file(&mut self, path: std::path::PathBuf) -> Result<bool, Error> {
        if let Some(loaded) = self.autoloaded.get(super::fs::key(&path)) {
            if super::fs::probe(&path).is_none_or(|p| p.stamp == loaded.stamp) {
                return Ok(false);
            }
        }
        // (opened without a look at the path first: one path walk a file, not two)
        let bytes = match super::fs::read_shared_if_file(&path) {
            Ok(Some(bytes)) => bytes,
            Ok(None) => return Ok(false),
            Err(e) => {
                return Err(Error::eval(format!(
                    "Could not read {}: {e}",
                    path.display()
                )))
            }
        };
        // (known: reading it kept what it found at the path)
        let stamp = super::fs::probe(&path).map_or((std::time::UNIX_EPOCH, 0), |p| p.stamp);
        // (parsed once per thread: the sessions of a thread share the tree of the same text)
        let parsed = match super::parsed::parse(&path, bytes.clone()) {
            Ok(parsed) => parsed,
            Err(e) if e.kind == crate::error::ErrorKind::Validation => {
                return Err(with_location_issues(&self.env, &path, &bytes, e));
            }
            Err(e) => return Err(e),
        };
        let (source, program) = (parsed.source.clone(), parsed.program.clone());
        if parsed.mentions_break {
            self.debug_saw_text(&source.text);
        }
        if !parsed.located_in(&self.env.modulepath) {
            check_locations(&self.env, &path, &program).map_err(|e| e.in_source(&source))?;
            parsed.note_located_in(&self.env.modulepath);
        }
        self.check_redefinitions(&program, &source)?;
        for w in &parsed.warnings {
            self.log(crate::LogLevel::Warning, &w.message);
        }
        // Known as loaded before its definitions are hoisted: checking its parameter types
        // may name a type that loads the same file again (apache's init.pp names
        // `Apache::Loglevel`, for which the define `apache::loglevel` is looked for first,
        // in the module's init.pp: see `autoload_type_name`).
        // (not memoizable while it loads: the alias memo keeps nothing that leads to it)
        let loading = LoadedFile {
            path: path.clone(),
            stamp,
            source: source.clone(),
            aliases: Vec::new(),
            seq: 0,
            memoizable: false,
            #[cfg(test)]
            from_memo: false,
        };
        self.autoloaded
            .insert(super::fs::key(&path).into(), loading);
        let saved = std::mem::replace(&mut self.source, source.clone());
        self.layouts.absorb(&parsed.layouts);
        if self.definitions_change_types(&program.body) {
            self.forget_types();
        }
        let hoisting = std::mem::replace(&mut self.alias_memo.hoisting_file, true);
        let r = self.hoist(&program.body);
        self.alias_memo.hoisting_file = hoisting;
        self.source = saved;
        let aliases = self.aliases_defined_by(&program);
        let memoizable = parsed.warnings.is_empty()
            && !parsed.mentions_break
            && matches!(program.body.as_slice(),
                [stmt] if matches!(stmt.kind, crate::syntax::ast::ExprKind::TypeAlias { .. }));
        self.alias_memo.files += 1;
        self.autoloaded.insert(
            super::fs::key(&path).into(),
            LoadedFile {
                path,
                stamp,
                source: source.clone(),
                aliases,
                seq: self.alias_memo.files,
                memoizable,
                #[cfg(test)]
                from_memo: false,
            },
        );
        // Kept for the session: caches (types of constant type expressions) are keyed by the
        // address of AST nodes, which must not be reused by later trees.
        self.loaded_programs.push(program);
        r.map_err(|e| e.in_source(&source))?;
        Ok(true)
    }

    /// The type aliases a file's top-level `type` statements defined (with the members of a
    /// type set), as they are now.
    fn aliases_defined_by(
        &self,
        program: &crate::syntax::ast::Program,
    ) -> Vec<(String, Rc<TypeAlias>)> {
        use crate::syntax::ast::ExprKind;
        let mut found = Vec::new();
        for stmt in &program.body {
            let ExprKind::TypeAlias { name, type_expr } = &stmt.kind else {
                continue;
            };
            let key = name.to_ascii_lowercase();
            let typeset = matches!(&type_expr.kind, ExprKind::Access(base, _)
                if matches!(&base.kind, ExprKind::QualifiedReference(n) if &**n == "TypeSet"));
            if typeset {
                let prefix = format!("{key}::");
                found.extend(
                    self.aliases
                        .iter()
                        .filter(|(k, _)| k.starts_with(&prefix))
                        .map(|(k, a)| (k.clone(), a.clone())),
                );
            }
            if let Some(a) = self.aliases.get(&key) {
                found.push((key, a.clone()));
            }
        }
        found
    }

    /// Forgets what the files loaded before and changed (or removed) since defined, and
    /// that they were loaded: the next use of a name they define loads them again. A
    /// definition made since by another file or an input stays.
    ///
    /// When a changed file defined type aliases, every file that defined aliases is
    /// forgotten too: an alias resolved earlier holds the aliases it names (`Array[M::A]`
    /// holds `M::A` as it was), and is resolved again from its file's kept tree.
    pub(crate) fn forget_changed_files(&mut self) {
        let mut changed: Vec<Box<[u8]>> = self
            .autoloaded
            .iter()
            .filter(|(_, loaded)| {
                super::fs::probe(&loaded.path).is_none_or(|p| p.stamp != loaded.stamp)
            })
            .map(|(key, _)| key.clone())
            .collect();
        if changed.is_empty() {
            return;
        }
        let defines_aliases = |key: &[u8]| {
            self.autoloaded
                .get(key)
                .is_some_and(|loaded| !loaded.aliases.is_empty())
        };
        if changed.iter().any(|key| defines_aliases(key)) {
            changed = self
                .autoloaded
                .iter()
                .filter(|(key, loaded)| !loaded.aliases.is_empty() || changed.contains(key))
                .map(|(key, _)| key.clone())
                .collect();
        }
        for key in changed {
            let Some(loaded) = self.autoloaded.remove(&key) else {
                continue;
            };
            let from_file = |source: &Rc<Source>| Rc::ptr_eq(source, &loaded.source);
            let c = &mut self.compilation;
            if c.classes.values().any(|d| from_file(&d.source)) {
                c.classes.retain(|_, d| !from_file(&d.source));
            }
            if c.defines.values().any(|d| from_file(&d.source)) {
                c.defines.retain(|_, d| !from_file(&d.source));
            }
            let functions: Vec<Rc<str>> = self
                .functions
                .keys()
                .filter(|name| {
                    self.functions
                        .get(name)
                        .is_some_and(|f| from_file(&f.source))
                })
                .cloned()
                .collect();
            for name in functions {
                self.functions.remove(&name);
            }
            for (key, alias) in &loaded.aliases {
                if self.aliases.get(key).is_some_and(|a| Rc::ptr_eq(a, alias)) {
                    self.aliases.remove(key);
                }
            }
        }
        self.forget_types();
    }

    /// A class or define of a module file that another module file defined already is the
    /// reference's error (loading `a::b` loads `a/manifests/init.pp` first: a class both
    /// define clashes). Definitions typed in may be replaced; those are not checked.
    fn check_redefinitions(
        &self,
        program: &crate::syntax::ast::Program,
        source: &Rc<Source>,
    ) -> Result<(), Error> {
        use crate::syntax::ast::ExprKind;
        let from_file = |d: &Rc<Source>| self.autoloaded.contains_key(d.name.as_bytes());
        let at = |src: &Source, span: crate::syntax::ast::Span| src.line_col(span.start);
        for stmt in &program.body {
            let (name, is_class) = match &stmt.kind {
                ExprKind::ClassDef(c) => (&c.name, true),
                ExprKind::DefineDef(d) => (&d.name, false),
                _ => continue,
            };
            let lower = name.strip_prefix("::").unwrap_or(name).to_ascii_lowercase();
            let c = &self.compilation;
            let class = c
                .classes
                .get(lower.as_str())
                .filter(|d| from_file(&d.source))
                .map(|d| (d.source.clone(), at(&d.source, d.span)));
            let define = c
                .defines
                .get(lower.as_str())
                .filter(|d| from_file(&d.source))
                .map(|d| (d.source.clone(), at(&d.source, d.span)));
            // (its line only for an error: finding it indexes the lines of the whole file)
            let here = || at(source, stmt.span).0;
            let file = &source.name;
            // (located in the file: a plain error, not one of the call that loaded it)
            let failed = |m: String| {
                Err(Error::new(crate::ErrorKind::Failed, m)
                    .at(stmt.span)
                    .in_source(source))
            };
            match (is_class, class, define) {
                (true, Some((first, (line, _))), _) => {
                    return failed(format!(
                        "Class '{lower}' is already defined (file: {}, line: {line}); cannot redefine (file: {file}, line: {})",
                        first.name,
                        here()
                    ))
                }
                (true, None, Some((first, (line, _)))) => {
                    return failed(format!(
                        "'{lower}' is already defined (file: {}, line: {line}) as a definition; cannot redefine as a class (file: {file}, line: {})",
                        first.name,
                        here()
                    ))
                }
                (false, Some((first, (line, _))), _) => {
                    return failed(format!(
                        "'{lower}' is already defined (file: {}, line: {line}) as a class; cannot redefine as a definition (file: {file}, line: {})",
                        first.name,
                        here()
                    ))
                }
                (false, None, Some((first, (line, col)))) => {
                    return Err(Error::eval(format!(
                        "Attempt to redefine entity 'http://puppet.com/2016.1/runtime/type/{lower}'. Originally set at file://{}?line={line}&pos={col}.",
                        first.name
                    )))
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// The module a source file belongs to (`apache` for `.../apache/manifests/init.pp`).
    pub(crate) fn module_of(&self, source: &Rc<Source>) -> Option<Rc<str>> {
        if let Some((_, module)) = self
            .module_names
            .borrow()
            .iter()
            .find(|(s, _)| Rc::ptr_eq(s, source))
        {
            return module.clone();
        }
        let module = MODULES_OF.with(|known| {
            known
                .borrow_mut()
                .module_of(&source.name, &self.env.modulepath, || {
                    self.find_module_of(source)
                })
        });
        let mut known = self.module_names.borrow_mut();
        if known.len() >= MODULE_NAMES_KEPT {
            known.remove(0);
        }
        known.push((source.clone(), module.clone()));
        module
    }

    fn find_module_of(&self, source: &Source) -> Option<Rc<str>> {
        let path = std::path::Path::new(&source.name);
        self.env.modulepath.iter().find_map(|dir| {
            let module = match modules::below_text(dir, &source.name) {
                Some(rest) => rest.split('/').next()?,
                None => {
                    let rest = path.strip_prefix(dir).ok()?;
                    rest.components().next()?.as_os_str().to_str()?
                }
            };
            modules::is_module_name(module).then(|| Rc::from(module))
        })
    }
}

/// The reference's check of an autoloaded module file: it holds only definitions (classes,
/// defines, functions, type aliases) at its top level, and every one has a name that starts
/// with the file's namespace (`apache/manifests/vhost.pp` defines `apache::vhost...`), or the
/// file is rejected: one issue alone is the error, several are logged and the file given up
/// ([`given_up`]).
fn check_locations(
    env: &crate::env::Environment,
    path: &std::path::Path,
    program: &crate::syntax::ast::Program,
) -> Result<(), Error> {
    let issues = location_issues(env, path, program);
    match issues.len() {
        0 => Ok(()),
        1 => Err(issues.into_iter().next().expect("one issue")),
        _ => Err(given_up(path, issues)),
    }
}

/// The location issues of a module's file, in the reference's order: its checker looks at
/// the program's top before the definitions' names.
fn location_issues(
    env: &crate::env::Environment,
    path: &std::path::Path,
    program: &crate::syntax::ast::Program,
) -> Vec<Error> {
    use crate::syntax::ast::ExprKind;
    let Some(namespace) = modules::file_namespace(env, path) else {
        return Vec::new();
    };
    let mut issues = Vec::new();
    // Only definitions (not nodes) at the top of a module's file.
    for stmt in &program.body {
        if !matches!(
            stmt.kind,
            ExprKind::ClassDef(_)
                | ExprKind::DefineDef(_)
                | ExprKind::FunctionDef(_)
                | ExprKind::TypeAlias { .. }
        ) {
            issues.push(Error::validation(
                format!(
                    "This {} is unacceptable as a top level construct in this location",
                    crate::syntax::validate::label(stmt)
                ),
                stmt.span,
            ));
        }
    }
    for stmt in &program.body {
        let name: &str = match &stmt.kind {
            ExprKind::ClassDef(d) => &d.name,
            ExprKind::DefineDef(d) => &d.name,
            ExprKind::FunctionDef(d) => &d.name,
            ExprKind::TypeAlias { name, .. } => name,
            _ => continue,
        };
        let acceptable = namespace
            .as_deref()
            .is_some_and(|ns| name.to_ascii_lowercase().starts_with(ns));
        if !acceptable {
            issues.push(Error::validation(
                format!(
                    "Unacceptable location. The name '{name}' is unacceptable in file '{}'",
                    path.display()
                ),
                stmt.span,
            ));
        }
    }
    issues
}

/// A module's file that fails validation: the reference's checker also reports its location
/// issues (a bare word above the class, `t#` as a typo of a comment, is both "unacceptable
/// as a top level construct" and "has no effect"), all of them before it gives up.
fn with_location_issues(
    env: &crate::env::Environment,
    path: &std::path::Path,
    bytes: &[u8],
    e: Error,
) -> Error {
    let program = std::str::from_utf8(bytes)
        .ok()
        .and_then(|text| crate::syntax::parser::parse_program(text).ok());
    let Some(program) = program else {
        return e;
    };
    let located = location_issues(env, path, &program);
    if located.is_empty() {
        return e;
    }
    let source = e.source.clone();
    let mut e = e;
    let validation = match e.logged.is_empty() {
        true => vec![e],
        false => std::mem::take(&mut e.logged),
    };
    // The checker reports the program's top first, then what it finds walking the
    // statements in order (a definition's name before what is wrong in its body).
    let (mut issues, mut rest): (Vec<Error>, Vec<Error>) = located
        .into_iter()
        .partition(|i| i.message.ends_with("top level construct in this location"));
    rest.extend(validation);
    rest.sort_by_key(|i| i.span.map_or(u32::MAX, |s| s.start));
    issues.extend(rest);
    if let Some(source) = &source {
        issues = issues.into_iter().map(|i| i.in_source(source)).collect();
    }
    let mut given = given_up(path, issues);
    given.source = source;
    given
}

/// The reference's error for a file whose checker logged several issues (each logged
/// first): located by the file alone.
fn given_up(path: &std::path::Path, issues: Vec<Error>) -> Error {
    let mut e = Error::new(
        crate::error::ErrorKind::Validation,
        format!(
            "Language validation logged {} errors. Giving up (file: {})",
            issues.len(),
            path.display()
        ),
    );
    e.logged = issues;
    e
}

#[cfg(test)]
mod tests {
    use crate::env::Environment;
    use crate::Session;
    use std::path::Path;

    use crate::tests::write_file as write;

    /// Errors inside module files name the file, line and column (as the reference does);
    /// a definition outside its file's namespace is rejected.
    #[test]
    fn errors_in_module_files_point_into_them() {
        let root = std::env::temp_dir().join(format!("prepl-autoload-pos-{}", std::process::id()));
        write(
            &root,
            "m/functions/f.pp",
            "function m::f() {\n  1 + 'a'\n}\n",
        );
        write(
            &root,
            "m/manifests/init.pp",
            "class m {\n  $x = 1\n  notice(nope_fn())\n}\n",
        );
        write(&root, "m/manifests/wrong.pp", "# x\nclass m::other { }\n");
        let mut s = Session::new();
        s.set_environment(Environment {
            name: "production".into(),
            dir: None,
            modulepath: vec![root.clone()],
        });
        let err = |s: &mut Session, src: &str| s.eval(src).unwrap_err().render();
        let f = root.join("m/functions/f.pp").display().to_string();
        let rendered = err(&mut s, "m::f()");
        assert!(
            rendered.contains(&format!("(file: {f}, line: 2, column: 3)")),
            "{rendered}"
        );
        let init = root.join("m/manifests/init.pp").display().to_string();
        let rendered = err(&mut s, "include m");
        assert!(
            rendered.contains(&format!("(file: {init}, line: 3, column: 10)")),
            "{rendered}"
        );
        let wrong = root.join("m/manifests/wrong.pp").display().to_string();
        let rendered = err(&mut s, "include m::wrong");
        assert!(
            rendered.starts_with(&format!(
                "Error: Unacceptable location. The name 'm::other' is unacceptable in file '{wrong}' (file: {wrong}, line: 2, column: 1)"
            )),
            "{rendered}"
        );
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// A module's file with several issues: the location check's and the validation's
    /// together, each logged, then the reference's "Giving up", located by the file alone
    /// (a bare word above the class, `t#`, is both "unacceptable as a top level construct"
    /// and "has no effect").
    #[test]
    fn several_issues_of_a_module_file_are_logged_then_given_up() {
        let root =
            std::env::temp_dir().join(format!("prepl-autoload-given-up-{}", std::process::id()));
        write(&root, "m/manifests/typo.pp", "t#\nclass m::typo { }\n");
        write(
            &root,
            "m/manifests/two.pp",
            "notice(1)\n$x = 2\nclass m::two { }\n",
        );
        let mut s = Session::new();
        s.set_environment(Environment {
            name: "production".into(),
            dir: None,
            modulepath: vec![root.clone()],
        });
        let logs = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
        let kept = logs.clone();
        s.set_log_sink(move |level, message| {
            kept.borrow_mut()
                .push(format!("{}: {message}", level.name()))
        });
        let typo = root.join("m/manifests/typo.pp").display().to_string();
        let e = s.eval("include m::typo").unwrap_err();
        assert_eq!(
            e.reference_message(),
            format!("Language validation logged 2 errors. Giving up (file: {typo})")
        );
        assert_eq!(
            *logs.borrow(),
            [
                "err: This Name is unacceptable as a top level construct in this location",
                "err: This Name has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)",
            ]
        );
        logs.borrow_mut().clear();
        let e = s.eval("include m::two").unwrap_err();
        assert!(
            e.message
                .starts_with("Language validation logged 2 errors. Giving up"),
            "{}",
            e.message
        );
        assert_eq!(
            *logs.borrow(),
            [
                "err: This Function Call is unacceptable as a top level construct in this location",
                "err: This '=' expression is unacceptable as a top level construct in this location",
            ]
        );
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// Sessions one after the other on one thread (`--repeat`, the REPL after `:reset`)
    /// take the thread's tree of a module file, whose location check is made once: a file
    /// that passed passes, one that failed fails in each session, and an edited file is
    /// read and checked again (here: edited to define a class outside its namespace, then
    /// back).
    #[test]
    fn locations_are_checked_once_per_text_on_one_thread() {
        let root =
            std::env::temp_dir().join(format!("prepl-autoload-one-thread-{}", std::process::id()));
        write(
            &root,
            "m/manifests/init.pp",
            "class m { notify { 'm': } }\n",
        );
        write(&root, "m/manifests/wrong.pp", "class m::other { }\n");
        let session = || {
            let mut s = Session::new();
            s.set_environment(Environment {
                modulepath: vec![root.clone()],
                ..Environment::empty()
            });
            s
        };
        let run = |src: &str| session().eval(src).map(|_| ()).map_err(|e| e.message);
        for _ in 0..3 {
            assert_eq!(run("include m"), Ok(()));
            let e = run("include m::wrong").unwrap_err();
            assert!(e.starts_with("Unacceptable location"), "{e}");
        }
        write(
            &root,
            "m/manifests/init.pp",
            "class m { notify { 'm': } }\nclass elsewhere { }\n",
        );
        for _ in 0..2 {
            let e = run("include m").unwrap_err();
            assert!(
                e.starts_with("Unacceptable location. The name 'elsewhere'"),
                "{e}"
            );
        }
        write(
            &root,
            "m/manifests/init.pp",
            "class m { notify { 'm2': } }\n",
        );
        for _ in 0..2 {
            assert_eq!(run("include m"), Ok(()));
        }
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// `$module_name` of a class defined in the input, whose module the thread keeps by the
    /// input's name and the modulepath (`MODULES_OF`): sessions one after the other on one
    /// thread, the same name under a modulepath directory and then not, and back.
    #[test]
    fn the_module_of_an_input_follows_its_name_and_the_modulepath() {
        let root = std::env::temp_dir().join(format!("prepl-module-of-{}", std::process::id()));
        let other = root.join("elsewhere");
        let src = "class c { $x = \"${module_name}|${caller_module_name}\" } include c $c::x";
        let module = |dirs: &[&Path], name: &str| {
            let mut s = Session::new();
            s.set_environment(Environment {
                modulepath: dirs.iter().map(|d| d.to_path_buf()).collect(),
                ..Environment::empty()
            });
            let v = s.eval_named(name, src).unwrap();
            crate::format::try_programmatic(&v).unwrap()
        };
        let in_m = root.join("m/manifests/x.pp").display().to_string();
        let in_n = root.join("n/manifests/x.pp").display().to_string();
        for _ in 0..2 {
            assert_eq!(module(&[&root], &in_m), "'m|m'");
            assert_eq!(module(&[&other], &in_m), "'|'");
            assert_eq!(module(&[&other, &root], &in_m), "'m|m'");
            assert_eq!(module(&[&root], &in_n), "'n|n'");
            assert_eq!(module(&[], &in_n), "'|'");
            assert_eq!(module(&[&root], "-e"), "'|'");
        }
    }

    /// `ModulesOf` keeps the last answers and finds the others again.
    #[test]
    fn modules_of_keeps_the_last_answers() {
        let mut known = super::ModulesOf::new();
        let dirs = [std::path::PathBuf::from("/a")];
        let mut found = 0;
        let mut ask = |known: &mut super::ModulesOf, i: usize, dirs: &[std::path::PathBuf]| {
            known.module_of(&format!("/a/m{i}/manifests/init.pp"), dirs, || {
                found += 1;
                Some(format!("m{i}{}", dirs.len()).into())
            })
        };
        for i in 0..super::MODULES_OF_KEPT {
            assert_eq!(
                ask(&mut known, i, &dirs).as_deref(),
                Some(format!("m{i}1").as_str())
            );
        }
        for i in 0..super::MODULES_OF_KEPT {
            assert_eq!(
                ask(&mut known, i, &dirs).as_deref(),
                Some(format!("m{i}1").as_str())
            );
            assert_eq!(
                ask(&mut known, i, &[]).as_deref(),
                Some(format!("m{i}0").as_str())
            );
        }
        // (the answers with `dirs` were replaced by those without: found again)
        for i in 0..super::MODULES_OF_KEPT {
            assert_eq!(
                ask(&mut known, i, &dirs).as_deref(),
                Some(format!("m{i}1").as_str())
            );
        }
        assert_eq!(found, 3 * super::MODULES_OF_KEPT);
    }

    /// The location check is made once per process for a file and modulepath: sessions on
    /// fresh threads (thawing the process's frozen trees) still reject a definition
    /// outside its file's namespace, each time, and accept the others.
    #[test]
    fn locations_are_checked_in_fresh_sessions_too() {
        let root =
            std::env::temp_dir().join(format!("prepl-autoload-located-{}", std::process::id()));
        write(
            &root,
            "m/manifests/init.pp",
            "class m { notify { 'm': } }\n",
        );
        write(&root, "m/manifests/wrong.pp", "class m::other { }\n");
        let modulepath = root.clone();
        let on_a_thread = move |src: &'static str| {
            let modulepath = modulepath.clone();
            std::thread::spawn(move || {
                let mut s = Session::new();
                s.set_environment(Environment {
                    modulepath: vec![modulepath],
                    ..Environment::empty()
                });
                s.eval(src).map(|_| ()).map_err(|e| e.message)
            })
            .join()
            .unwrap()
        };
        for _ in 0..3 {
            assert_eq!(on_a_thread("include m"), Ok(()));
            let e = on_a_thread("include m::wrong").unwrap_err();
            assert!(e.starts_with("Unacceptable location"), "{e}");
        }
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// An input that fails takes the classes of the files it loaded with it; the next input
    /// that includes them loads the files again (a class that needs a fact the session
    /// lacked is found once the fact is set).
    #[test]
    fn files_loaded_by_a_failed_input_load_again() {
        let root =
            std::env::temp_dir().join(format!("prepl-autoload-again-{}", std::process::id()));
        write(
            &root,
            "m/manifests/init.pp",
            "class m { notify { \"on ${::custom}\": } }\n",
        );
        let mut s = Session::new();
        s.set_environment(Environment {
            name: "production".into(),
            dir: None,
            modulepath: vec![root.clone()],
        });
        let e = s.eval("include m").unwrap_err();
        assert_eq!(e.message, "Unknown variable: '::custom'.");
        s.set_facts(crate::catalog::json::from_data(
            &serde_json::json!({"custom": "x"}),
        ));
        assert!(s.eval("include m").is_ok());
        assert!(s.catalog_json_text().contains("\"on x\""));
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// A function with no `.pp` file is remembered as absent only for the input: once the
    /// file appears, the next input finds it; another modulepath is asked anew.
    #[test]
    fn absent_function_files_are_looked_for_again_at_the_next_input() {
        let root =
            std::env::temp_dir().join(format!("prepl-autoload-absent-{}", std::process::id()));
        let other = root.join("other");
        write(&root, "mods/m/manifests/init.pp", "class m { }\n");
        write(&other, "m/functions/f.pp", "function m::f() { 'other' }\n");
        let env = |dir: &Path| Environment {
            name: "production".into(),
            dir: None,
            modulepath: vec![dir.to_path_buf()],
        };
        let mut s = Session::new();
        s.set_environment(env(&root.join("mods")));
        let unknown = s.eval("[m::f(), m::f()]").unwrap_err();
        assert!(unknown.message.contains("m::f"), "{}", unknown.message);
        write(
            &root,
            "mods/m/functions/f.pp",
            "function m::f() { 'here' }\n",
        );
        assert_eq!(
            s.eval("m::f()").unwrap(),
            crate::values::Value::from("here")
        );
        let mut t = Session::new();
        t.set_environment(env(&root.join("mods")));
        assert!(t.eval("m::g()").is_err());
        t.set_environment(env(&other));
        assert!(t.eval("m::g()").is_err());
        assert_eq!(
            t.eval("m::f()").unwrap(),
            crate::values::Value::from("other")
        );
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// Sessions of one thread share a module file's tree (parsed once), but not what
    /// evaluating it found: each calls its own functions through the same call sites, sees
    /// its own variables in the same slots, and a file changed on disk (to the same length)
    /// is read anew by the sessions that load it next.
    #[test]
    fn sessions_share_parsed_files_not_their_state() {
        let root =
            std::env::temp_dir().join(format!("prepl-autoload-share-{}", std::process::id()));
        let init = "class m($n = 1) { $twice = [1, 2].map |$x| { $x * $n } notify { \"${helper()} ${twice} ${m::f()}\": } }\n";
        write(&root, "m/manifests/init.pp", init);
        write(&root, "m/functions/f.pp", "function m::f() { [a, b] }\n");
        let session = |helper: &str| {
            let mut s = Session::new();
            s.set_environment(Environment {
                modulepath: vec![root.clone()],
                ..Environment::empty()
            });
            s.eval(&format!("function helper() {{ '{helper}' }}"))
                .unwrap();
            s
        };
        let notify = |s: &Session| {
            s.catalog()
                .resources()
                .map(|(_, r)| r.reference())
                .find(|r| r.starts_with("Notify"))
                .unwrap()
        };
        let (mut a, mut b) = (session("one"), session("two"));
        a.eval("include m").unwrap();
        b.eval("class { m: n => 10 }").unwrap();
        assert_eq!(notify(&a), "Notify[one [1, 2] [a, b]]");
        assert_eq!(notify(&b), "Notify[two [10, 20] [a, b]]");
        // (the same tree: the file was parsed once)
        let tree = |s: &Session| {
            let ev = &s.evaluator;
            ev.loaded_programs
                .iter()
                .map(|p| std::rc::Rc::as_ptr(p) as usize)
                .collect::<Vec<_>>()
        };
        assert_eq!(tree(&a), tree(&b));
        // Changed on disk, to the same length: a new session reads the new text, and so
        // does the session that loaded it before, at its next input.
        write(
            &root,
            "m/manifests/init.pp",
            &init
                .replace("${m::f()}", "${m::f()}x")
                .replace(" } }", "} }"),
        );
        let mut c = session("three");
        c.eval("include m").unwrap();
        assert_eq!(notify(&c), "Notify[three [1, 2] [a, b]x]");
        a.eval("notice(1)").unwrap();
        let mut d = session("four");
        d.eval("include m").unwrap();
        assert_eq!(notify(&d), "Notify[four [1, 2] [a, b]x]");
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn classes_defines_functions_types_and_files_load_from_modules() {
        let root = std::env::temp_dir().join(format!("prepl-autoload-{}", std::process::id()));
        write(
            &root,
            "web/manifests/init.pp",
            "class web(Web::Port $port = 80) { web::site { main: } notice($module_name) }",
        );
        write(&root, "web/manifests/site.pp", "define web::site { notify { \"site ${title} ${web::port}\": message => web::greet($title) } }");
        write(
            &root,
            "web/functions/greet.pp",
            "function web::greet(String $who) >> String { \"hello ${who}\" }",
        );
        write(
            &root,
            "web/types/port.pp",
            "type Web::Port = Integer[1, 65535]",
        );
        write(&root, "web/files/motd", "welcome\n");
        write(
            &root,
            "web/templates/conf.epp",
            "<%- | $port | -%>\nport=<%= $port %>\n",
        );
        write(&root, "web/lib/puppet/type/web_setting.rb", "Puppet::Type.newtype(:web_setting) do\n  ensurable\n  newparam(:name, namevar: true)\n  newproperty(:value)\nend\n");
        let mut s = Session::new();
        s.set_environment(Environment {
            modulepath: vec![root.clone()],
            ..Environment::empty()
        });
        s.eval("include web").unwrap();
        let titles: Vec<String> = s
            .catalog()
            .resources()
            .skip(3)
            .map(|(_, r)| r.reference())
            .collect();
        assert_eq!(
            titles,
            ["Class[Web]", "Web::Site[main]", "Notify[site main 80]"]
        );
        assert_eq!(s.take_logs()[0].1, "web");
        let v = s.eval("[8080 =~ Web::Port, 0 =~ Web::Port, file('web/motd'), epp('web/conf.epp', { port => 1 })]").unwrap();
        assert_eq!(
            crate::format::to_programmatic(&v),
            r#"[true, false, "welcome\n", "port=1\n"]"#
        );
        s.eval("web_setting { x: value => 1, ensure => present }")
            .unwrap();
        let e = s.eval("web_setting { y: nosuch => 1 }").unwrap_err();
        assert!(
            e.message.starts_with("no parameter named 'nosuch'"),
            "{}",
            e.message
        );
        let e = s.eval("include nosuch").unwrap_err();
        assert!(
            e.message.contains("Could not find class ::nosuch"),
            "{}",
            e.message
        );
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// Loading a file of classes, defines or functions keeps the types found so far (each
    /// module file cleared them, and every parameter type was evaluated again); an alias
    /// typed in still means what it says.
    #[test]
    fn module_files_keep_the_types_found_so_far() {
        let root =
            std::env::temp_dir().join(format!("prepl-autoload-types-{}", std::process::id()));
        write(
            &root,
            "m/types/port.pp",
            "type M::Port = Integer[1, 65535]\n",
        );
        write(
            &root,
            "m/manifests/init.pp",
            "class m(M::Port $p = 80, Array[M::Port] $q = [1]) { include m::sub }\n",
        );
        write(
            &root,
            "m/manifests/sub.pp",
            "class m::sub(Optional[M::Port] $r = undef) { notify { \"${m::p} ${r}\": } }\n",
        );
        let mut s = Session::new();
        s.set_environment(Environment {
            name: "production".into(),
            dir: None,
            modulepath: vec![root.clone()],
        });
        let generation = s.evaluator.type_generation;
        s.eval("include m").unwrap();
        // (one clearing: the input's own)
        assert_eq!(s.evaluator.type_generation, generation + 1);
        assert!(s.catalog_json_text().contains("\"80 \""));
        assert_eq!(
            s.eval("type M::Port = String\n80 =~ M::Port").unwrap(),
            crate::values::Value::Boolean(false)
        );
        std::fs::remove_dir_all(&root).unwrap();
    }
}
