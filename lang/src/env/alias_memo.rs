//! Module type aliases resolved once per process. Each fresh session (`--repeat`'s
//! evaluations, `prepl diff`'s nodes, each on a thread of its own) loaded, thawed, hoisted
//! and evaluated the same alias files: `Stdlib::Absolutepath` in a class's parameter types
//! is six stdlib files, more than half of `include corosync::params`. What resolving a
//! module's alias gave is kept here, in a form that crosses threads
//! (`types::sendable`), with the aliases it leads to (its closure) and the files that
//! defined them; a session that would load the alias from its file defines the kept
//! aliases instead, as loading their files would have.
//!
//! It is kept only when resolving it depended on nothing but those files: each defines
//! that one alias and nothing else (no warnings, no `debug::break`), the resolution loaded
//! no other file, the session had defined no alias itself (`type X = ...` typed in, a
//! function's local types, the environment's main manifest), and the types are ones with a
//! sendable form (no resource types, no lazy references, no object types). It is used only
//! when the session would resolve the same: the same environment (modulepath and directory),
//! no alias defined by the session itself, none of the closure's names defined other than
//! by the same, unchanged file, each file found where the autoloader would look for it with
//! the same text (compared as `env/parsed.rs` compares them: the file system's kept bytes
//! by address, else byte for byte). A broken alias file errors each time: it is never kept.

use super::autoload::LoadedFile;
use super::fs;
use super::modules::{self, Kind};
use crate::error::Source;
use crate::eval::Evaluator;
use crate::types::sendable::{self, Sendable};
use crate::types::{PType, TypeAlias};
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::{Arc, Mutex};

/// What a session knows of its aliases for the memo.
#[derive(Default)]
pub(crate) struct AliasMemoState {
    /// The session defined a type alias itself (not by loading a module file): names may
    /// resolve otherwise than in a session that did not.
    pub(crate) own_aliases: bool,
    /// While a module file's definitions are hoisted.
    pub(crate) hoisting_file: bool,
    /// How many files the autoloader loaded (or the memo defined) in this session.
    pub(crate) files: u64,
}

/// One alias of a kept closure and the file that defines it.
struct KeptAlias {
    /// Its lower-case name.
    key: Box<str>,
    name: Arc<str>,
    path: PathBuf,
    /// The file's name as its `Source` shows it, its text, and the bytes it was read as.
    shown: String,
    text: Arc<str>,
    bytes: Arc<[u8]>,
    target: Sendable,
}

/// An alias resolved, with the aliases its type leads to (itself first; an alias's index
/// in this list is what `Sendable::Alias` holds).
struct Kept {
    aliases: Vec<KeptAlias>,
    /// What the last look at the files (each where the autoloader looks for it, with the
    /// same text) stood on, when only on answers the file system watcher keeps: while it
    /// holds, they need no look (`fs::stable`; ~4,000 instructions an alias).
    files_seen: Mutex<Option<fs::Stable>>,
}

impl Kept {
    /// Whether each alias's file is where the autoloader looks for it in `env`, with the
    /// text it was kept from.
    fn files_unchanged(&self, env: &super::Environment) -> bool {
        let seen = *self.files_seen.lock().unwrap_or_else(|e| e.into_inner());
        if seen.is_some_and(fs::Stable::holds) {
            return true;
        }
        let (same, stable) = fs::stable(|| {
            self.aliases.iter().all(|a| {
                modules::definition_path(env, Kind::TypeAlias, &a.key).as_ref() == Some(&a.path)
                    && matches!(fs::read_shared_if_file(&a.path),
                        Ok(Some(bytes)) if Arc::ptr_eq(&bytes, &a.bytes) || bytes[..] == a.bytes[..])
            })
        });
        if same {
            *self.files_seen.lock().unwrap_or_else(|e| e.into_inner()) = stable;
        }
        same
    }
}

/// How many aliases are kept at most (all are dropped past it).
const LIMIT: usize = 4096;
/// Closures larger than this are not kept (stdlib's largest is a few aliases).
const CLOSURE_LIMIT: usize = 64;

static KEPT: Mutex<Option<rustc_hash::FxHashMap<Vec<u8>, Arc<Kept>>>> = Mutex::new(None);

fn kept() -> std::sync::MutexGuard<'static, Option<rustc_hash::FxHashMap<Vec<u8>, Arc<Kept>>>> {
    // (each change is one insert or a clear: a panic elsewhere leaves it whole)
    KEPT.lock().unwrap_or_else(|e| e.into_inner())
}

/// The key of an alias kept for an environment: its modulepath, directory and the name.
fn key(env: &super::Environment, name: &str) -> Vec<u8> {
    let mut key = fs::paths_key(&env.modulepath, name);
    // (a NUL ends the name: the directory's bytes cannot be read as more of it)
    if let Some(dir) = &env.dir {
        key.extend_from_slice(fs::key(dir));
    }
    key
}

impl Evaluator {
    /// Whether the session's aliases may be resolved as another session's were.
    fn alias_memo_usable(&self) -> bool {
        !self.alias_memo.own_aliases
            && !self.type_references_cached
            && self.unresolved_aliases.is_empty()
    }

    /// Defines the alias `name` (lower case) and those it leads to as the process kept them,
    /// if it did and the session would resolve them the same (see the module's comment).
    /// Returns whether it did.
    pub(crate) fn alias_from_memo(&mut self, name: &str) -> bool {
        if !self.alias_memo_usable() {
            return false;
        }
        let Some(entry) = kept()
            .as_ref()
            .and_then(|m| m.get(&key(&self.env, name)).cloned())
        else {
            return false;
        };
        // The session's own alias of each name (from the same file, unchanged), or `None`
        // for one to define.
        let mut have: Vec<Option<Rc<TypeAlias>>> = Vec::with_capacity(entry.aliases.len());
        for a in &entry.aliases {
            match self.aliases.get(&*a.key) {
                Some(existing) => {
                    let same = self.autoloaded.get(fs::key(&a.path)).is_some_and(|f| {
                        f.only_alias(existing)
                            && (Arc::ptr_eq(&f.source().text, &a.text) || f.source().text == a.text)
                    });
                    if !same {
                        return false;
                    }
                    have.push(Some(existing.clone()));
                }
                None => {
                    if self.compilation.defines.contains_key(&*a.key)
                        || self.autoloaded.contains_key(fs::key(&a.path))
                    {
                        return false;
                    }
                    have.push(None);
                }
            }
        }
        if !entry.files_unchanged(&self.env) {
            return false;
        }
        let aliases: Vec<Rc<TypeAlias>> = (have.iter().zip(&entry.aliases))
            .map(|(had, a)| {
                had.clone().unwrap_or_else(|| {
                    Rc::new(TypeAlias {
                        name: Rc::from(&*a.name),
                        target: Default::default(),
                        invalid: Default::default(),
                        remembered: Default::default(),
                    })
                })
            })
            .collect();
        let alias = |i: usize| PType::Alias(aliases[i].clone());
        let mut targets = Vec::with_capacity(aliases.len());
        for (had, a) in have.iter().zip(&entry.aliases) {
            if had.is_none() {
                let Some(t) = sendable::thaw(&a.target, &alias) else {
                    return false;
                };
                targets.push(t);
            }
        }
        let mut targets = targets.into_iter();
        for ((had, a), made) in have.iter().zip(&entry.aliases).zip(&aliases) {
            if had.is_some() {
                continue;
            }
            made.set_target(targets.next());
            self.aliases.insert(a.key.to_string(), made.clone());
            let stamp = fs::probe(&a.path).map_or((std::time::UNIX_EPOCH, 0), |p| p.stamp);
            self.alias_memo.files += 1;
            let file = LoadedFile::of_alias(
                a.path.clone(),
                stamp,
                Source::new(a.shown.clone(), a.text.clone()),
                (a.key.to_string(), made.clone()),
                self.alias_memo.files,
            );
            self.autoloaded.insert(fs::key(&a.path).into(), file);
        }
        true
    }

    /// Keeps what loading the alias `name` (lower case) resolved for the process, when it
    /// can be used again (see the module's comment); `before`: the session's count of files
    /// loaded when its loading started.
    pub(crate) fn remember_alias(&self, name: &str, before: u64) {
        if !self.alias_memo_usable() {
            return;
        }
        let Some(root) = self.aliases.get(name) else {
            return;
        };
        let mut order: Vec<Rc<TypeAlias>> = vec![root.clone()];
        let mut targets = Vec::new();
        while let Some(a) = order.get(targets.len()).cloned() {
            if a.invalid.borrow().is_some() {
                return;
            }
            let target = a.target.borrow();
            let Some(target) = target.as_ref() else {
                // (still being resolved: an alias that leads back to one being loaded)
                return;
            };
            let mut index = |r: &Rc<TypeAlias>| {
                if let Some(i) = order.iter().position(|o| Rc::ptr_eq(o, r)) {
                    return Some(i);
                }
                (order.len() < CLOSURE_LIMIT).then(|| {
                    order.push(r.clone());
                    order.len() - 1
                })
            };
            let Some(frozen) = sendable::freeze(target, &mut index) else {
                return;
            };
            targets.push(frozen);
        }
        let mut aliases = Vec::with_capacity(order.len());
        let mut loaded_now = 0;
        for (a, target) in order.iter().zip(targets) {
            let lower = a.name.to_ascii_lowercase();
            if !self.aliases.get(&lower).is_some_and(|x| Rc::ptr_eq(x, a)) {
                return;
            }
            let Some(path) = modules::definition_path(&self.env, Kind::TypeAlias, &lower) else {
                return;
            };
            let Some(file) = self.autoloaded.get(fs::key(&path)) else {
                return;
            };
            if !file.memoizable || !file.only_alias(a) {
                return;
            }
            loaded_now += u64::from(file.seq > before);
            let Ok(Some(bytes)) = fs::read_shared_if_file(&path) else {
                return;
            };
            if bytes[..] != *file.source().text.as_bytes() {
                return;
            }
            aliases.push(KeptAlias {
                key: lower.into(),
                name: Arc::from(&*a.name),
                path,
                shown: file.source().name.clone(),
                text: file.source().text.clone(),
                bytes,
                target,
            });
        }
        // (every file loaded meanwhile defined one of these: nothing else came with them)
        if loaded_now != self.alias_memo.files - before {
            return;
        }
        let mut guard = kept();
        let map = guard.get_or_insert_with(Default::default);
        if map.len() >= LIMIT {
            map.clear();
        }
        let kept = Kept {
            aliases,
            files_seen: Mutex::new(None),
        };
        map.insert(key(&self.env, name), Arc::new(kept));
    }
}

#[cfg(test)]
mod tests {
    use crate::env::Environment;
    use crate::Session;
    use std::path::{Path, PathBuf};

    use crate::tests::write_file as write;

    /// A temporary module directory of this process named after `name`, empty.
    fn fresh_root(name: &str) -> PathBuf {
        let root =
            std::env::temp_dir().join(format!("prepl-alias-memo-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        root
    }

    /// What `input` gives in a fresh session on a thread of its own (its value or error,
    /// its warnings), and how many files the session parsed (the memo's aliases are none).
    fn fresh(root: &Path, input: &str) -> (String, usize) {
        let (root, input) = (root.to_path_buf(), input.to_string());
        std::thread::spawn(move || {
            let mut s = Session::new();
            s.set_environment(Environment {
                modulepath: vec![root],
                ..Environment::empty()
            });
            in_session(&mut s, &input)
        })
        .join()
        .unwrap()
    }

    fn in_session(s: &mut Session, input: &str) -> (String, usize) {
        let answer = match s.eval(input) {
            Ok(v) => crate::format::to_programmatic(&v),
            Err(e) => format!("error: {}", e.message),
        };
        let logs: Vec<String> = s.take_logs().into_iter().map(|(_, m)| m).collect();
        let parsed = s.evaluator.loaded_programs.len();
        (format!("{answer} {logs:?}"), parsed)
    }

    /// An alias chain and a recursive alias answer the same in each fresh session, the
    /// later ones defining them from the memo (no file parsed).
    #[test]
    fn fresh_sessions_define_kept_aliases_as_their_files_would() {
        let root = fresh_root("chain");
        write(
            &root,
            "m/types/path.pp",
            "type M::Path = Variant[M::Unix, M::Windows]\n",
        );
        write(
            &root,
            "m/types/unix.pp",
            "type M::Unix = Pattern[/\\A\\//]\n",
        );
        write(
            &root,
            "m/types/windows.pp",
            "type M::Windows = Pattern[/\\A[a-zA-Z]:/]\n",
        );
        write(
            &root,
            "m/types/tree.pp",
            "type M::Tree = Array[Variant[Integer, M::Tree]]\n",
        );
        write(
            &root,
            "m/types/conf.pp",
            "type M::Conf = Struct[{path => M::Path, Optional[n] => Enum[a, b]}]\n",
        );
        let input =
            "[['/a' =~ M::Path, 'c:' =~ M::Path, 'x' =~ M::Path, [1, [2, [3]]] =~ M::Tree, \
                     [1, ['x']] =~ M::Tree, {path => '/x'} =~ M::Conf, {path => 1} =~ M::Conf], \
                     String(M::Conf), String(Type[M::Tree])]";
        let (first, parsed) = fresh(&root, input);
        assert_eq!(parsed, 5);
        assert!(
            first.starts_with("[[true, true, false, true, false, true, false], "),
            "{first}"
        );
        for _ in 0..2 {
            assert_eq!(fresh(&root, input), (first.clone(), 0));
        }
        // (a session that has some of them already takes the rest)
        let (some, parsed) = fresh(&root, "[M::Unix, M::Conf].map |$t| { String($t) }");
        assert_eq!(parsed, 0, "{some}");
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// A file edited between two inputs of one session, or before a fresh session, is
    /// read again: the memo holds only for the text it was made from.
    #[test]
    fn edited_alias_files_are_read_again() {
        let root = fresh_root("edit");
        write(
            &root,
            "m/types/port.pp",
            "type M::Port = Integer[1, 65535]\n",
        );
        write(
            &root,
            "m/types/ports.pp",
            "type M::Ports = Array[M::Port]\n",
        );
        let input = "[[80] =~ M::Ports, ['80'] =~ M::Ports, String(M::Ports)]";
        let first = fresh(&root, input).0;
        assert_eq!(fresh(&root, input), (first.clone(), 0));
        let mut s = Session::new();
        s.set_environment(Environment {
            modulepath: vec![root.clone()],
            ..Environment::empty()
        });
        assert_eq!(in_session(&mut s, input), (first.clone(), 0));
        // (the same length: told by the text, not the length)
        write(
            &root,
            "m/types/port.pp",
            "type M::Port = String[10, 65535]\n",
        );
        // The session loads the edited file again (an alias loaded before that leads to
        // it keeps the type it had, as without the memo); fresh sessions see the edit.
        let port = "[80 =~ M::Port, '80' =~ M::Port]";
        assert_eq!(in_session(&mut s, port).0, "[false, false] []");
        let edited = fresh(&root, input).0;
        assert!(edited.starts_with("[false, false, "), "{edited}");
        assert_eq!(fresh(&root, input), (edited.clone(), 0));
        // A file removed: its alias is no more (a lazy reference where another names it).
        std::fs::remove_file(root.join("m/types/port.pp")).unwrap();
        let removed = fresh(&root, input).0;
        assert!(removed.contains("Array[TypeReference["), "{removed}");
        assert_eq!(fresh(&root, input).0, removed);
        let gone = in_session(&mut s, port).0;
        assert!(gone.starts_with("error: "), "{gone}");
        assert_eq!(fresh(&root, port).0, gone);
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// A broken alias file errors in each session; its warnings are logged in each.
    #[test]
    fn broken_alias_files_error_each_time() {
        let root = fresh_root("broken");
        write(&root, "m/types/bad.pp", "type M::Bad = Integer[1, \n");
        write(&root, "m/types/worse.pp", "type M::Worse = Array[M::Bad]\n");
        write(&root, "m/types/odd.pp", "type M::Odd = Integer[1+1]\n");
        for input in ["1 =~ M::Worse", "1 =~ M::Odd"] {
            let first = fresh(&root, input);
            assert!(first.0.starts_with("error"), "{}", first.0);
            assert_eq!(fresh(&root, input), first);
        }
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// Aliases that lead to object types, resource types or names not defined yet are
    /// resolved from their files each time; an alias the session defined itself is the one
    /// its names mean.
    #[test]
    fn what_the_memo_does_not_keep_resolves_as_before() {
        let root = fresh_root("kinds");
        write(
            &root,
            "m/types/point.pp",
            "type M::Point = Object[{attributes => {x => Integer}}]\n",
        );
        write(
            &root,
            "m/types/points.pp",
            "type M::Points = Array[M::Point]\n",
        );
        write(&root, "m/types/files.pp", "type M::Files = Array[File]\n");
        write(
            &root,
            "m/types/later.pp",
            "type M::Later = Array[M::Nothing]\n",
        );
        write(
            &root,
            "m/types/port.pp",
            "type M::Port = Integer[1, 65535]\n",
        );
        write(
            &root,
            "m/types/ports.pp",
            "type M::Ports = Array[M::Port]\n",
        );
        for input in [
            "[[M::Point.new(1)] =~ M::Points, String(M::Points)]",
            "[String(M::Files), [File['/x']] =~ M::Files]",
            "String(M::Later)",
            "[[80] =~ M::Ports]",
        ] {
            let first = fresh(&root, input);
            for _ in 0..2 {
                assert_eq!(fresh(&root, input).0, first.0, "{input}");
            }
        }
        let own = "type M::Port = String\n[[80] =~ M::Ports, ['80'] =~ M::Ports]";
        assert!(
            fresh(&root, own).0.starts_with("[false, true]"),
            "{}",
            fresh(&root, own).0
        );
        std::fs::remove_dir_all(&root).unwrap();
    }
}
