//! The paths of hierarchy levels (`path: "os/%{facts.os.family}.yaml"`, `datadir`, globs),
//! interpolated once and kept while the variables they read hold the same values: every
//! lookup (each class parameter's automatic lookup too) searches every level, and
//! interpolating each path again (splitting `facts.os.family`, digging into the facts,
//! building the string) was most of a lookup's cost in `prepl diff` over a fleet.
//!
//! A kept path remembers the root variables its interpolation read (`facts`, `trusted`,
//! `environment`, ...) with their values; it is used again only while each reads the same
//! (arrays and hashes by identity: a new session's `$facts` is a new hash, so a session never
//! sees another's paths). Lookups with overrides, default values or `mapped_paths`' locals
//! interpolate as before.
//!
//! A hierarchy level's files (its paths interpolated, joined to its `datadir`, each known to
//! exist or not) are kept the same way for the evaluation that found them: every automatic
//! parameter lookup searches every level of the module's and the environment's hierarchies,
//! and each made the same paths and asked the same questions of the file system again
//! (`fs` answers them once per evaluation; its generation tells a later one).

use super::config::{Config, Entry};
use super::{Location, Lookup};
use crate::error::Error;
use crate::syntax::thread_cache::ThreadCache;
use crate::values::Value;
use rustc_hash::FxHashMap as HashMap;
use std::cell::RefCell;
use std::rc::Rc;

/// A path interpolated: the variables read (root name and value) and the text.
struct Kept {
    read: Vec<(String, Option<Value>)>,
    text: String,
}

// (Thread caches: a `thread_local!` that needs dropping registers its destructor with the C
// library at its first use, in the clock of a fresh session's first lookup.)
thread_local! {
    // SAFETY: a thread-local's value.
    static KEPT: ThreadCache<RefCell<HashMap<Box<str>, Kept>>> = const {
        unsafe { ThreadCache::new(RefCell::new(HashMap::with_hasher(rustc_hash::FxBuildHasher))) }
    };
}

/// How many paths a thread keeps (all are dropped when more come: a hierarchy has a few).
const LIMIT: usize = 1024;

/// The same value: scalars equal, arrays and hashes the same object.
fn same(a: &Option<Value>, b: &Option<Value>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(Value::Array(x)), Some(Value::Array(y))) => Rc::ptr_eq(x, y),
        (Some(Value::Hash(x)), Some(Value::Hash(y))) => Rc::ptr_eq(x, y),
        (Some(Value::Array(_) | Value::Hash(_)), _)
        | (_, Some(Value::Array(_) | Value::Hash(_))) => false,
        (Some(x), Some(y)) => x == y,
        _ => false,
    }
}

/// A hierarchy level's files as found in one evaluation, with the variables their paths read.
struct KeptLocations {
    /// The `hiera.yaml` (kept so that its address stays its own).
    config: Rc<Config>,
    entry: *const Entry,
    generation: u64,
    read: Vec<(String, Option<Value>)>,
    locations: Rc<[Option<Location>]>,
}

thread_local! {
    // SAFETY: a thread-local's value.
    static LOCATIONS: ThreadCache<RefCell<Vec<KeptLocations>>> = const {
        unsafe { ThreadCache::new(RefCell::new(Vec::new())) }
    };
}

/// How many levels' files a thread keeps (all are dropped when more come).
const LOCATIONS_LIMIT: usize = 256;

impl Lookup<'_> {
    /// The files of a hierarchy level, kept for the rest of the evaluation while the
    /// variables their paths read hold the same values.
    pub(super) fn kept_locations(
        &mut self,
        config: &Rc<Config>,
        entry: &Entry,
    ) -> Result<Rc<[Option<Location>]>, Error> {
        let keepable = self.overrides.is_empty()
            && self.defaults.is_empty()
            && self.locals.is_empty()
            && self.reads.is_none();
        if !keepable {
            return self.locations(config, entry).map(Rc::from);
        }
        let generation = crate::env::fs::generation();
        let hit = LOCATIONS.with(|l| {
            l.borrow()
                .iter()
                .find(|k| {
                    Rc::ptr_eq(&k.config, config)
                        && std::ptr::eq(k.entry, entry)
                        && k.generation == generation
                        && k.read.iter().all(|(name, v)| same(&self.variable(name), v))
                })
                .map(|k| k.locations.clone())
        });
        if let Some(locations) = hit {
            return Ok(locations);
        }
        self.reads = Some(Vec::new());
        let r = self.locations(config, entry);
        let read = self.reads.take().unwrap_or_default();
        let locations: Rc<[Option<Location>]> = Rc::from(r?);
        LOCATIONS.with(|l| {
            let mut l = l.borrow_mut();
            l.retain(|k| k.generation == generation);
            if l.len() >= LOCATIONS_LIMIT {
                l.clear();
            }
            l.push(KeptLocations {
                config: config.clone(),
                entry,
                generation,
                read,
                locations: locations.clone(),
            });
        });
        Ok(locations)
    }

    /// A hierarchy path interpolated (without method calls), kept for the next lookups.
    pub(super) fn interpolate_path(&mut self, s: &str) -> Result<String, Error> {
        if !s.contains("%{") {
            return Ok(s.to_string());
        }
        let keepable = self.overrides.is_empty()
            && self.defaults.is_empty()
            && self.locals.is_empty()
            && self.reads.is_none();
        if !keepable {
            return self.interpolate_str(s, false);
        }
        let hit = KEPT.with(|k| {
            k.borrow()
                .get(s)
                .filter(|kept| {
                    kept.read
                        .iter()
                        .all(|(name, v)| same(&self.variable(name), v))
                })
                .map(|kept| kept.text.clone())
        });
        if let Some(text) = hit {
            return Ok(text);
        }
        self.reads = Some(Vec::new());
        let r = self.interpolate_str(s, false);
        let read = self.reads.take().unwrap_or_default();
        let text = r?;
        KEPT.with(|k| {
            let mut k = k.borrow_mut();
            if k.len() >= LIMIT {
                k.clear();
            }
            k.insert(
                s.into(),
                Kept {
                    read,
                    text: text.clone(),
                },
            );
        });
        Ok(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_compare_by_identity_for_containers() {
        let h = Value::hash(Default::default());
        let twin = Value::hash(Default::default());
        assert!(same(&Some(h.clone()), &Some(h.clone())));
        assert!(!same(&Some(h.clone()), &Some(twin)));
        assert!(same(&Some(Value::string("x")), &Some(Value::string("x"))));
        assert!(!same(&Some(Value::string("x")), &Some(Value::string("y"))));
        assert!(!same(&Some(Value::string("x")), &None));
        assert!(same(&None, &None));
        assert!(!same(&Some(h), &Some(Value::Undef)));
    }
}
