//! Custom facts resolved once for the same inputs: `prepl diff` compiles each node at two
//! revisions, and each compilation resolved every module's custom facts over the node's
//! facts again (47 M of the 795 M instructions of a 10-node diff), though the fact files
//! (the global modules') and the facts were the same; and every fresh session (a kernel's
//! `%reset`, a `--repeat` run, a thread of its own) resolved them again (5-6 M instructions
//! for the sweep's 94 modules: their files' trees made, run, and their facts resolved),
//! where a real agent resolves them once a run.
//!
//! A resolution is kept for the process (every thread uses it) with what it depended on:
//! the fact files (each file's path with its modification time and length, as
//! `ruby_files` tells a changed file), the facts (the same data, in the same order),
//! whether commands may run, and every question its code asked of the environment with the
//! answer it got (`Puppet[:name]` settings, `require` of a module's file: where it was
//! found, and that file's time and length). It is used again only when all of them are the
//! same: each recorded question is asked again of the new environment and must get the
//! same answer, so the code would run the same way. Facts that describe this machine are
//! never kept (their code may read the machine, which changes).

use super::data::Data;
use super::{CustomFact, CustomFacts, HostError, Outcome};
use crate::env::Environment;
use crate::values::Value;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

/// A file's modification time and length (`fs::Probe::stamp`).
pub(super) type Stamp = (SystemTime, u64);

/// A fact file: its modulepath directory, its path, and its stamp (`None`: unreadable).
pub(super) type FactFile = (PathBuf, PathBuf, Option<Stamp>);

/// Where `require` found a file: its modulepath directory and path.
pub(super) type Found = Result<Option<(PathBuf, PathBuf)>, HostError>;

/// A question the facts' code asked of the environment, with its answer.
#[derive(Debug, Clone)]
pub(super) enum Asked {
    /// `Puppet[:name]`: prepl's setting (before Debian's defaults).
    Setting(String, Option<Value>),
    /// `require 'path'`: where it was found, and that file's stamp.
    Require(String, Found, Option<Stamp>),
}

/// [`Asked`] as every thread can read it.
#[derive(Debug)]
enum SharedAsked {
    Setting(String, Option<Data>),
    Require(String, Found, Option<Stamp>),
}

/// A custom fact of a kept resolution: its name, origin and outcome (`None`: absent; a
/// note: skipped).
type SharedFact = (String, String, Result<Option<Data>, String>);

struct Kept {
    files: Vec<FactFile>,
    facts: Data,
    allow_exec: bool,
    asked: Vec<SharedAsked>,
    result: Vec<SharedFact>,
    file_errors: Vec<String>,
    output: Vec<(crate::erb::ruby::Stream, String)>,
    /// The file system's epoch (`fs::Steady`) and the modulepath in which the fact files
    /// and every `require` were last found the same, from answers the process keeps: until
    /// the epoch changes, they would be found the same again.
    unchanged: Mutex<Option<(u64, Vec<PathBuf>)>>,
}

impl Kept {
    fn unchanged_in(&self, epoch: u64, modulepath: &[PathBuf]) -> bool {
        let unchanged = self.unchanged.lock().unwrap_or_else(|e| e.into_inner());
        unchanged
            .as_ref()
            .is_some_and(|(e, m)| *e == epoch && crate::env::fs::same_paths(m, modulepath))
    }

    fn custom_facts(&self) -> CustomFacts {
        CustomFacts {
            facts: self
                .result
                .iter()
                .map(|(name, origin, outcome)| CustomFact {
                    name: name.clone(),
                    origin: origin.clone(),
                    kind: super::FactKind::Custom,
                    outcome: match outcome {
                        Ok(Some(v)) => Outcome::Value(v.thaw()),
                        Ok(None) => Outcome::Absent,
                        Err(note) => Outcome::Skipped(note.clone()),
                    },
                })
                .collect(),
            file_errors: self.file_errors.clone(),
            output: self.output.clone(),
        }
    }
}

/// How many resolutions the process keeps (a fleet diff needs the last one: a node's two
/// revisions are compiled one after the other).
pub(super) const LIMIT: usize = 4;

static KEPT: Mutex<Vec<Arc<Kept>>> = Mutex::new(Vec::new());

fn kept() -> std::sync::MutexGuard<'static, Vec<Arc<Kept>>> {
    // (each change is one push or remove: a panic elsewhere leaves it whole)
    KEPT.lock().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
thread_local! {
    /// How many resolutions were kept (made afresh) in this thread.
    pub(super) static MADE: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    /// How many resolutions this thread used as found unchanged ([`find_unchanged`]).
    pub(super) static UNCHANGED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The resolution kept for these inputs, when every question it asked gets the same answer
/// in `env` (`setting` reads a setting as the facts' host does). `steady` started before
/// the fact files were found: when it tells that every answer since was kept, the
/// resolution found is marked unchanged in that epoch ([`find_unchanged`]).
pub(super) fn find(
    files: &[FactFile],
    facts: &Value,
    allow_exec: bool,
    env: &Environment,
    setting: &dyn Fn(&str) -> Option<Value>,
    steady: crate::env::fs::Steady,
) -> Option<CustomFacts> {
    // (asked again outside the lock: an answer may read the file system)
    let candidates: Vec<Arc<Kept>> = kept()
        .iter()
        .rev()
        .filter(|k| k.allow_exec == allow_exec && same_files(&k.files, files))
        .cloned()
        .collect();
    let kept = candidates.into_iter().find(|k| {
        k.facts.is(facts)
            && k.asked
                .iter()
                .all(|a| same_answer(a, &ask_again(env, a, setting)))
    })?;
    if let Some(epoch) = steady.end() {
        *kept.unchanged.lock().unwrap_or_else(|e| e.into_inner()) =
            Some((epoch, env.modulepath.clone()));
    }
    Some(kept.custom_facts())
}

/// The resolution kept for these inputs that [`find`] found unchanged in the file system's
/// present epoch, for the same modulepath: its fact files and `require`s are what they
/// were (each answer about them is one the process keeps, and none was forgotten since),
/// so only the facts and the settings it read are compared. (The sweep's 94 modules: the
/// files found again and the `require`s asked again were ~0.7 M instructions of each
/// session's set-up, just before the clock of a small evaluation starts.)
pub(super) fn find_unchanged(
    facts: &Value,
    allow_exec: bool,
    env: &Environment,
    setting: &dyn Fn(&str) -> Option<Value>,
) -> Option<CustomFacts> {
    let epoch = crate::env::fs::epoch()?;
    let candidates: Vec<Arc<Kept>> = kept()
        .iter()
        .rev()
        .filter(|k| k.allow_exec == allow_exec && k.unchanged_in(epoch, &env.modulepath))
        .cloned()
        .collect();
    let kept = candidates.into_iter().find(|k| {
        k.facts.is(facts)
            && k.asked.iter().all(|a| match a {
                SharedAsked::Setting(..) => same_answer(a, &ask_again(env, a, setting)),
                SharedAsked::Require(..) => true,
            })
    })?;
    #[cfg(test)]
    UNCHANGED.with(|u| u.set(u.get() + 1));
    Some(kept.custom_facts())
}

/// Keeps a resolution and what it depended on (nothing when a fact, a setting or a value
/// is not data).
pub(super) fn keep(
    files: Vec<FactFile>,
    facts: &Value,
    allow_exec: bool,
    asked: Vec<Asked>,
    result: &CustomFacts,
) {
    let Some(facts) = Data::freeze(facts) else {
        return;
    };
    let asked = asked
        .into_iter()
        .map(|a| {
            Some(match a {
                Asked::Setting(name, value) => SharedAsked::Setting(
                    name,
                    match value {
                        Some(v) => Some(Data::freeze(&v)?),
                        None => None,
                    },
                ),
                Asked::Require(path, found, stamp) => SharedAsked::Require(path, found, stamp),
            })
        })
        .collect::<Option<Vec<_>>>();
    let shared = result
        .facts
        .iter()
        .map(|f| {
            let outcome = match &f.outcome {
                Outcome::Value(v) => Ok(Some(Data::freeze(v)?)),
                Outcome::Absent => Ok(None),
                Outcome::Skipped(note) => Err(note.clone()),
            };
            Some((f.name.clone(), f.origin.clone(), outcome))
        })
        .collect::<Option<Vec<_>>>();
    let (Some(asked), Some(shared)) = (asked, shared) else {
        return;
    };
    #[cfg(test)]
    MADE.with(|m| m.set(m.get() + 1));
    let mut k = kept();
    if let Some(i) = to_evict(&k, &files) {
        k.remove(i);
    }
    k.push(Arc::new(Kept {
        files,
        facts,
        allow_exec,
        asked,
        result: shared,
        file_errors: result.file_errors.clone(),
        output: result.output.clone(),
        unchanged: Mutex::new(None),
    }));
}

/// Which kept resolution makes room for a new one of `files`: the oldest, once [`LIMIT`]
/// are kept.
#[cfg(not(test))]
fn to_evict(kept: &[Arc<Kept>], _files: &[FactFile]) -> Option<usize> {
    (kept.len() >= LIMIT).then_some(0)
}

/// Under test, the oldest of those of the same fact files (by path), once [`LIMIT`] of them
/// are kept: the unit tests run in parallel in one process, each with fact files of its
/// own, and one test's resolutions must not push out those another test counts on (the
/// whole list stays bounded all the same).
#[cfg(test)]
fn to_evict(kept: &[Arc<Kept>], files: &[FactFile]) -> Option<usize> {
    let key = |f: &[FactFile]| -> Vec<_> { f.iter().map(|(_, p, _)| p.clone()).collect() };
    let mine = key(files);
    let same: Vec<usize> = (0..kept.len())
        .filter(|&i| key(&kept[i].files) == mine)
        .collect();
    match same.first() {
        Some(&oldest) if same.len() >= LIMIT => Some(oldest),
        _ => (kept.len() >= 64 * LIMIT).then_some(0),
    }
}

/// The answer `env` gives now to a question asked before.
fn ask_again(
    env: &Environment,
    asked: &SharedAsked,
    setting: &dyn Fn(&str) -> Option<Value>,
) -> Asked {
    match asked {
        SharedAsked::Setting(name, _) => Asked::Setting(name.clone(), setting(name)),
        SharedAsked::Require(path, _, _) => {
            let found = crate::functions::rubyfn::required_file(&env.modulepath, path);
            let stamp = match &found {
                Ok(Some((_, file))) => stamp(file),
                _ => None,
            };
            Asked::Require(path.clone(), found, stamp)
        }
    }
}

/// The stamp of the file at `path` (`None`: no file there).
pub(super) fn stamp(path: &Path) -> Option<Stamp> {
    crate::env::fs::probe(path)
        .filter(|p| p.is_file)
        .map(|p| p.stamp)
}

fn same_files(a: &[FactFile], b: &[FactFile]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|((d1, f1, s1), (d2, f2, s2))| {
            s1 == s2
                && crate::env::fs::key(f1) == crate::env::fs::key(f2)
                && crate::env::fs::key(d1) == crate::env::fs::key(d2)
        })
}

fn same_answer(kept: &SharedAsked, now: &Asked) -> bool {
    match (kept, now) {
        (SharedAsked::Setting(n1, v1), Asked::Setting(n2, v2)) => {
            n1 == n2
                && match (v1, v2) {
                    (Some(x), Some(y)) => x.is(y),
                    (None, None) => true,
                    _ => false,
                }
        }
        (SharedAsked::Require(p1, f1, s1), Asked::Require(p2, f2, s2)) => {
            p1 == p2 && f1 == f2 && s1 == s2
        }
        _ => false,
    }
}
