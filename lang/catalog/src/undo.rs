//! Undo logs: what an input of a session changed, recorded as it changes it, so that an
//! input that fails can be taken back in time proportional to what it did, not to the
//! size of what the session holds (a copy-on-write snapshot copied each shared part on the
//! first write of each input: a catalog's title maps, its resource list, its edges).
//!
//! - [`Journal`]: the catalog's log, kept by [`Catalog`] between [`Catalog::begin`] and
//!   [`Catalog::commit`] or [`Catalog::roll_back`]. Resources, containment edges and
//!   classes are only ever added, so their lengths at the start are enough; a resource that
//!   was there and is changed is kept as it was (once per input: it is copied then, the
//!   copy written); map entries are kept with the value they replaced.
//! - [`UndoMap`]: a hash map that logs the value each write replaced, for the parts of a
//!   compilation outside the catalog (scopes by resource, class scopes).

use crate::builtin_types::{CatalogKey, TypeInfo};
use crate::{Catalog, Relationship, Resource, ResourceId};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::hash::Hash;
use std::rc::Rc;

/// What a catalog was at [`Catalog::begin`] and what has been overwritten since.
#[derive(Debug, Clone, Default)]
pub(crate) struct Journal {
    resources: usize,
    classes: usize,
    containment: usize,
    other_edges: usize,
    relationships_added: usize,
    extra_relationships: usize,
    realized: usize,
    scalars: Scalars,
    /// The list of resources changed, as it was (empty between inputs, as a rule).
    changed: Vec<ResourceId>,
    /// Resources that were there, as they were before their first change.
    old_resources: Vec<(ResourceId, Rc<Resource>)>,
    saved: HashSet<ResourceId>,
    /// Title index entries replaced by `add` (a duplicate the caller let through).
    old_titles: Vec<(Rc<str>, Rc<str>, ResourceId)>,
    old_rels_by_resource: Vec<(ResourceId, Option<Vec<Relationship>>)>,
    other_containers: Vec<ResourceId>,
    old_aliases: Vec<(Rc<CatalogKey>, Option<ResourceId>)>,
    old_module_types: Vec<(Rc<str>, Option<&'static TypeInfo>)>,
}

/// The catalog's counters and marks at [`Catalog::begin`].
#[derive(Debug, Clone, Default)]
struct Scalars {
    relationships_version: u64,
    cycles_checked: Option<(u64, usize, usize)>,
    passed_on_at: (usize, usize),
    title_shaped_aliases: usize,
    changes: u64,
}

impl Journal {
    /// Keeps resource `id` as it is before it is first changed (those added since the
    /// start are taken out whole).
    pub(crate) fn before_write(&mut self, id: ResourceId, current: &Rc<Resource>) {
        if (id.0 as usize) < self.resources && self.saved.insert(id) {
            self.old_resources.push((id, current.clone()));
        }
    }

    pub(crate) fn title_replaced(&mut self, type_name: Rc<str>, title: Rc<str>, old: ResourceId) {
        self.old_titles.push((type_name, title, old));
    }

    pub(crate) fn rels_of_replaced(&mut self, id: ResourceId, old: Option<Vec<Relationship>>) {
        self.old_rels_by_resource.push((id, old));
    }

    pub(crate) fn other_container_added(&mut self, id: ResourceId) {
        self.other_containers.push(id);
    }

    pub(crate) fn alias_replaced(&mut self, key: Rc<CatalogKey>, old: Option<ResourceId>) {
        self.old_aliases.push((key, old));
    }

    pub(crate) fn module_type_replaced(&mut self, name: Rc<str>, old: Option<&'static TypeInfo>) {
        self.old_module_types.push((name, old));
    }
}

impl Catalog {
    /// Starts recording what changes, to take it back with [`Catalog::roll_back`] (an
    /// input that fails) or forget it with [`Catalog::commit`]. A recording already
    /// started is committed.
    pub fn begin(&mut self) {
        let mut j = self.journal.take().unwrap_or_default();
        j.resources = self.resources.len();
        j.classes = self.classes.len();
        j.containment = self.containment.len();
        j.other_edges = self.other_edges.len();
        j.relationships_added = self.relationships_added.len();
        j.extra_relationships = self.extra_relationships.len();
        j.realized = self.realized.len();
        j.scalars = Scalars {
            relationships_version: self.relationships_version,
            cycles_checked: self.cycles_checked,
            passed_on_at: self.passed_on_at,
            title_shaped_aliases: self.title_shaped_aliases,
            changes: self.changes,
        };
        j.changed.clone_from(&self.changed);
        j.old_resources.clear();
        j.saved.clear();
        j.old_titles.clear();
        j.old_rels_by_resource.clear();
        j.other_containers.clear();
        j.old_aliases.clear();
        j.old_module_types.clear();
        self.journal = Some(j);
    }

    /// Stops recording: the changes since [`Catalog::begin`] stay.
    pub fn commit(&mut self) {
        self.journal = None;
    }

    /// Takes back every change since [`Catalog::begin`] (in time proportional to them) and
    /// stops recording. Without a recording, nothing changes.
    pub fn roll_back(&mut self) {
        let Some(mut j) = self.journal.take() else {
            return;
        };
        // Resources added: out of the title index, then out of the list.
        for r in self.resources[j.resources.min(self.resources.len())..]
            .iter()
            .rev()
        {
            if let Some(titles) = self.index.get_mut(&r.type_name) {
                titles.remove(&r.title);
                if titles.is_empty() {
                    self.index.remove(&r.type_name);
                }
            }
        }
        self.resources.truncate(j.resources);
        // (last first: the first replaced is the one there at the start, unless it was
        // added since too)
        for (type_name, title, old) in j.old_titles.drain(..).rev() {
            if (old.0 as usize) < j.resources {
                self.index.entry(type_name).or_default().insert(title, old);
            }
        }
        for (id, old) in j.old_resources.drain(..) {
            self.resources[id.0 as usize] = old;
        }
        self.classes.truncate(j.classes);
        for edge in self
            .containment
            .drain(j.containment.min(self.containment.len())..)
        {
            self.containment_set.remove(&edge);
        }
        for id in &j.other_containers {
            self.other_containers.remove(id);
        }
        self.other_edges.truncate(j.other_edges);
        for (key, old) in j.old_aliases.drain(..).rev() {
            match old {
                Some(id) => self.aliases.insert(key, id),
                None => self.aliases.remove(&key),
            };
        }
        for (name, old) in j.old_module_types.drain(..).rev() {
            match old {
                Some(info) => self.module_types.insert(name, info),
                None => self.module_types.remove(&name),
            };
        }
        for (id, old) in j.old_rels_by_resource.drain(..).rev() {
            self.put_relationships_of(id, old.unwrap_or_default());
        }
        self.extra_relationships.truncate(j.extra_relationships);
        // (the edges set again above were made at the start: listed before it)
        self.relationships_added.truncate(j.relationships_added);
        self.relationship_list.take();
        self.realized.truncate(j.realized);
        let s = &j.scalars;
        self.relationships_version = s.relationships_version;
        self.cycles_checked = s.cycles_checked;
        self.passed_on_at = s.passed_on_at;
        self.title_shaped_aliases = s.title_shaped_aliases;
        self.changes = s.changes;
        self.changed = std::mem::take(&mut j.changed);
    }
}

/// A hash map whose writes, between [`UndoMap::begin`] and [`UndoMap::commit`], log the
/// value they replaced, so that [`UndoMap::roll_back`] puts the map back as it was. Read
/// through `Deref`.
#[derive(Debug, Clone)]
pub struct UndoMap<K, V> {
    map: HashMap<K, V>,
    log: Option<Vec<(K, Option<V>)>>,
}

impl<K, V> Default for UndoMap<K, V> {
    fn default() -> Self {
        UndoMap {
            map: HashMap::default(),
            log: None,
        }
    }
}

impl<K: Hash + Eq + Clone, V> UndoMap<K, V> {
    pub fn insert(&mut self, key: K, value: V) -> Option<V>
    where
        V: Clone,
    {
        match &mut self.log {
            Some(log) => {
                let old = self.map.insert(key.clone(), value);
                log.push((key, old.clone()));
                old
            }
            None => self.map.insert(key, value),
        }
    }

    pub fn remove<Q>(&mut self, key: &Q) -> Option<V>
    where
        K: std::borrow::Borrow<Q>,
        Q: Hash + Eq + ?Sized,
        V: Clone,
    {
        let (k, old) = self.map.remove_entry(key)?;
        if let Some(log) = &mut self.log {
            log.push((k, Some(old.clone())));
        }
        Some(old)
    }

    /// Starts logging (a log already started is forgotten: its changes stay).
    pub fn begin(&mut self) {
        match &mut self.log {
            Some(log) => log.clear(),
            None => self.log = Some(Vec::new()),
        }
    }

    /// Stops logging; the changes stay.
    pub fn commit(&mut self) {
        self.log = None;
    }

    /// Takes back the writes since [`UndoMap::begin`], last first, and stops logging.
    pub fn roll_back(&mut self) {
        for (key, old) in self.log.take().into_iter().flatten().rev() {
            match old {
                Some(v) => self.map.insert(key, v),
                None => self.map.remove(&key),
            };
        }
    }
}

impl<K, V> std::ops::Deref for UndoMap<K, V> {
    type Target = HashMap<K, V>;
    fn deref(&self) -> &Self::Target {
        &self.map
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtin_types::title_key;
    use crate::values::Value;
    use crate::RelationKind;

    /// Everything a catalog holds, maps sorted (their order depends on their history).
    fn state(c: &Catalog) -> String {
        fn sorted<T: std::fmt::Debug>(items: impl Iterator<Item = T>) -> Vec<String> {
            let mut v: Vec<String> = items.map(|x| format!("{x:?}")).collect();
            v.sort();
            v
        }
        let index = sorted(c.index.iter().map(|(t, titles)| (t, sorted(titles.iter()))));
        let aliases = sorted(c.aliases.iter());
        let types = sorted(c.module_types.keys());
        format!(
            "{:?}\n{index:?}\n{:?} {:?} {:?} {:?} {}\n{:?} {:?} {:?} {:?} {:?}\n{:?} {:?} {aliases:?} {} {} {:?} {:?} {types:?}",
            c.resources,
            c.relationships(),
            c.relationships_by_resource,
            c.extra_relationships,
            c.relationships_added,
            c.relationships_version,
            c.classes,
            c.containment,
            sorted(c.containment_set.iter()),
            sorted(c.other_containers.iter()),
            c.other_edges,
            c.cycles_checked,
            c.passed_on_at,
            c.title_shaped_aliases,
            c.changes,
            c.changed,
            c.realized,
        )
    }

    fn rel(source: u32, target: u32) -> Relationship {
        Relationship {
            source: ResourceId(source),
            target: ResourceId(target),
            kind: RelationKind::Before,
        }
    }

    fn file(title: &str, container: ResourceId) -> Resource {
        Resource::new("File", title, vec!["file".into()], Some(container))
    }

    /// A catalog with a bit of everything: classes, containment, an alias, a virtual
    /// resource, relationships gathered.
    fn catalog() -> Catalog {
        let mut c = Catalog::new("node", "production");
        let main = c.add(Resource::new("Class", "main", Vec::new(), None));
        c.add_class("main".into());
        let a = c.add(file("/a", main));
        let b = c.add(file("/b", main));
        let mut v = Resource::new("Notify", "v", Vec::new(), Some(main));
        v.is_virtual = true;
        c.add(v);
        c.add_alias(title_key("File", "a-alias"), a);
        c.set_relationships_of(a, vec![rel(1, 2)]);
        c.set_relationships_of(b, vec![rel(2, 3)]);
        c.metaparameters_passed_on();
        c.cycles_checked();
        c.take_changed();
        c
    }

    /// Every kind of change the log records, after `begin`.
    fn change_everything(c: &mut Catalog) {
        let main = ResourceId(0);
        // resources added: of a type there, of a new type, with a title index entry
        let n = c.add(file("/n", main));
        let k = c.add(Resource::new("Package", "k", Vec::new(), Some(n)));
        // titles taken again (the caller checks for duplicates; the log does not rely on it)
        c.add(file("/dup", main));
        c.add(file("/dup", main));
        c.add(file("/a", main));
        // resources changed: directly, through a replacement of values, realized
        c.get_mut(ResourceId(1))
            .set_parameter("mode".into(), Value::from("0644"));
        c.get_mut(ResourceId(1)).tags.push("again".into());
        c.replace_parameters(|v| v.as_str().map(|_| Value::from("replaced")));
        assert!(c.realize(ResourceId(3)));
        // aliases: a new one, one replaced
        c.add_alias(title_key("File", "n-alias"), n);
        c.add_alias(title_key("File", "a-alias"), n);
        c.add_module_type(crate::builtin_types::lookup("File").unwrap());
        // containment: a second container, classes
        c.add_containment(n, ResourceId(2));
        c.add_class("k".into());
        // relationships: of a new resource (appended), of one that was there (made again)
        c.set_relationships_of(k, vec![rel(4, 5), rel(1, 2)]);
        c.set_relationships_of(ResourceId(2), Vec::new());
        c.add_relationship(rel(5, 1));
        c.metaparameters_passed_on();
        c.cycles_checked();
        c.take_changed();
        c.get_mut(k);
    }

    #[test]
    fn each_kind_of_change_is_taken_back() {
        let mut c = catalog();
        let before = state(&c);
        c.begin();
        change_everything(&mut c);
        assert_ne!(state(&c), before);
        c.roll_back();
        assert_eq!(state(&c), before);
        // And the catalog goes on as one that never had those changes.
        let mut fresh = catalog();
        for c in [&mut c, &mut fresh] {
            c.begin();
            change_everything(c);
            c.commit();
        }
        assert_eq!(state(&c), state(&fresh));
    }

    /// Changes committed stay; a second input's changes alone are taken back; taking back
    /// with nothing recorded changes nothing.
    #[test]
    fn commit_keeps_and_a_later_roll_back_takes_back_only_its_own() {
        let mut c = catalog();
        c.roll_back();
        assert_eq!(state(&c), state(&catalog()));
        c.begin();
        let n = c.add(file("/kept", ResourceId(0)));
        c.set_relationships_of(n, vec![rel(1, n.0)]);
        c.commit();
        let kept = state(&c);
        c.begin();
        c.add(file("/gone", ResourceId(0)));
        c.get_mut(n)
            .set_parameter("mode".into(), Value::from("0600"));
        c.set_relationships_of(n, Vec::new());
        c.roll_back();
        assert_eq!(state(&c), kept);
        assert_eq!(c.find("File", "/kept"), Some(n));
        assert_eq!(c.find("File", "/gone"), None);
    }

    /// Over random changes of resources' relationships, some taken back: the list has each
    /// edge made once, and those made since a mark that were not made at it are among the
    /// ones [`Catalog::relationships_since`] gives.
    #[test]
    fn relationships_are_listed_once_and_the_new_ones_logged() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut below = move |n: u32| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % u64::from(n)) as u32
        };
        let mut c = Catalog::new("node", "production");
        let mut mark = (c.relationships_mark(), HashSet::default());
        for step in 0..600 {
            let n = c.len() as u32;
            if step % 50 == 0 {
                match below(3) {
                    0 => c.begin(),
                    1 => {
                        c.roll_back();
                        // (a graph order is taken back with the catalog)
                        mark = (
                            c.relationships_mark(),
                            c.relationships().iter().copied().collect(),
                        );
                    }
                    _ => c.commit(),
                }
            }
            if n == 0 || below(3) == 0 {
                c.add(Resource::new(
                    "Notify",
                    format!("n{step}").as_str(),
                    Vec::new(),
                    None,
                ));
                continue;
            }
            if step % 40 == 0 {
                mark = (
                    c.relationships_mark(),
                    c.relationships().iter().copied().collect(),
                );
            }
            // mostly the newest resources, sometimes an old one
            let id = if below(4) == 0 {
                below(n)
            } else {
                n - 1 - below(n.min(3))
            };
            let rels = (0..below(3)).map(|_| rel(id, below(n))).collect();
            c.set_relationships_of(ResourceId(id), rels);
            let made: HashSet<Relationship> = c
                .relationships_by_resource
                .iter()
                .flatten()
                .copied()
                .collect();
            let listed: HashSet<Relationship> = c.relationships().iter().copied().collect();
            assert_eq!(listed.len(), c.relationships().len(), "step {step}");
            assert_eq!(listed, made, "step {step}");
            let since: HashSet<&Relationship> = c.relationships_since(mark.0).iter().collect();
            for rel in &listed {
                assert!(
                    mark.1.contains(rel) || since.contains(rel),
                    "step {step}: {rel:?}"
                );
            }
        }
    }

    #[test]
    fn an_undo_map_takes_back_inserts_and_removals() {
        let mut m: UndoMap<u32, &str> = UndoMap::default();
        m.insert(1, "one");
        m.insert(2, "two");
        m.begin();
        m.insert(1, "uno");
        m.insert(3, "three");
        m.remove(&2);
        m.insert(2, "dos");
        m.remove(&3);
        m.roll_back();
        let mut got: Vec<_> = m.iter().map(|(k, v)| (*k, *v)).collect();
        got.sort();
        assert_eq!(got, [(1, "one"), (2, "two")]);
        // not logging: the changes stay
        m.insert(4, "four");
        m.roll_back();
        assert_eq!(m.len(), 3);
        m.begin();
        m.remove(&4);
        m.commit();
        m.roll_back();
        assert_eq!(m.len(), 2);
    }
}
