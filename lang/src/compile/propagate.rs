//! Passing metaparameters (`noop`, `tag`, ...; not the relationship ones) on from containers
//! to what they contain, after each input: the reference does it once the catalog is
//! finished, walking the containment edges from `Class[main]` breadth first, so what a
//! define instance declared at top scope or in a node contains gets them, what a class
//! contains does not (classes are contained in their stage); a resource keeps what it sets
//! itself. What is passed on becomes the resource's parameter, so a later walk of the whole
//! catalog finds nothing new to pass on but below what changed since: each input walks
//! from the resources it added or changed alone ([`Evaluator::passed_on_since`]).

use crate::catalog::{Resource, ResourceId};
use crate::error::{Error, ErrorKind};
use crate::eval::Evaluator;
use crate::values::Value;
use rustc_hash::{FxHashMap, FxHashSet};
use std::rc::Rc;

/// The metaparameters containers pass on.
const PASSED_ON: &[&str] = &[
    "noop", "schedule", "audit", "loglevel", "alias", "tag", "stage",
];

/// How many changed resources and new containment edges an input may have for the walk
/// from the changes to look first whether their chains of containers pass anything on
/// ([`Evaluator::nothing_passed_to`]; more share their containers, which the walk's own
/// tables look at once).
const FEW: usize = 16;

/// Metaparameters and their values, in the order they are passed on.
type Data = Vec<(Rc<str>, Value)>;

/// What a resource gets from its containers, in the order it gets them.
type Additions = Vec<(ResourceId, Data)>;

#[cfg(test)]
thread_local! {
    /// Tests: walk the whole catalog after each input (what the walk from the changes must
    /// give).
    pub(crate) static WHOLE_CATALOG: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The place of a metaparameter in [`PASSED_ON`], if it is one of them.
fn passed_on_index(name: &str) -> Option<usize> {
    // (a `match`: a length and a few bytes compared, where a look-up of each of the seven
    // names in the resource's parameters hashed each name)
    Some(match name {
        "noop" => 0,
        "schedule" => 1,
        "audit" => 2,
        "loglevel" => 3,
        "alias" => 4,
        "tag" => 5,
        "stage" => 6,
        _ => return None,
    })
}

/// The passed-on metaparameters a resource sets itself, in [`PASSED_ON`]'s order.
fn own(r: &Resource) -> Data {
    let mut found: Vec<(usize, (Rc<str>, Value))> = r
        .parameters
        .iter()
        .filter_map(|(k, v)| Some((passed_on_index(k)?, (k.clone(), v.clone()))))
        .collect();
    if found.len() > 1 {
        found.sort_unstable_by_key(|(i, _)| *i);
    }
    found.into_iter().map(|(_, kv)| kv).collect()
}

/// What resource `r` passes on when its container passes on `outer`: `outer` with the
/// values `r` sets itself, then the others `r` sets (`outer` itself when it sets none).
fn merged(outer: &Rc<Data>, r: &Resource) -> Rc<Data> {
    let own = own(r);
    if own.is_empty() {
        return outer.clone();
    }
    let mut data = (**outer).clone();
    for (p, v) in own {
        match data.iter_mut().find(|(q, _)| *q == p) {
            Some(slot) => slot.1 = v,
            None => data.push((p, v)),
        }
    }
    Rc::new(data)
}

/// What resource `r` gets from a container passing on `outer`: what it does not set.
fn missing(outer: &Data, r: &Resource) -> Data {
    outer
        .iter()
        .filter(|(p, _)| !r.parameters.contains_key(p))
        .cloned()
        .collect()
}

/// How far below a resource the walk from the changes looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Below {
    /// A resource below one that passes on something new: its contents when it gets
    /// something itself.
    IfGets,
    /// A resource added or changed: its contents when it gets something or passes on
    /// something (and was there before).
    IfChanged,
    /// A resource newly reached by the walk (an edge to a resource that was there before):
    /// all it contains.
    All,
}

/// The walk from the changes cannot tell what the whole walk would give (a resource with
/// two containers, an alias passed on): walk the whole catalog.
struct WholeWalk;

/// What each resource passes on as found so far by [`Evaluator::passes_on`] (`Some(None)`:
/// not reached from `Class[main]`), by resource id (a hash map cost ~100 instructions a
/// resource when an input added thousands).
/// `chain`: room for the containers to look at (a vector made for each resource was a
/// third of the search).
#[derive(Default)]
struct Passes {
    known: Vec<Option<Option<Rc<Data>>>>,
    chain: Vec<ResourceId>,
}

impl Passes {
    fn get(&self, id: ResourceId) -> Option<&Option<Rc<Data>>> {
        self.known.get(id.0 as usize)?.as_ref()
    }

    fn insert(&mut self, id: ResourceId, data: Option<Rc<Data>>) {
        let i = id.0 as usize;
        if self.known.len() <= i {
            self.known.resize(i + 1, None);
        }
        self.known[i] = Some(data);
    }
}

impl Evaluator {
    /// Passes metaparameters on (see the module's documentation); `changed`: the resources
    /// added or changed since the last time.
    pub(crate) fn propagate_metaparameters(&mut self, changed: &[ResourceId]) -> Result<(), Error> {
        #[cfg(test)]
        let whole = WHOLE_CATALOG.with(|w| w.get());
        #[cfg(not(test))]
        let whole = false;
        let additions = match (whole, self.passed_on_since(changed)) {
            (false, Ok(a)) => a,
            _ => self.passed_on_whole(),
        };
        for (id, data) in additions {
            for (name, value) in data {
                if &*name == "alias" {
                    self.add_passed_alias(id, &value)?;
                }
                self.compilation
                    .catalog
                    .get_mut(id)
                    .set_parameter(name, value);
            }
        }
        self.compilation.catalog.metaparameters_passed_on();
        self.pass_on_container_tags();
        Ok(())
    }

    /// The tags a container passes on besides its metaparameters: the reference's walk from
    /// `Class[main]` also merges each container's tags into what it contains
    /// (`Compiler#add_resource_metaparams`: `target.merge_tags_from(source)`). A resource
    /// has those of the scope that declared it already ([`Catalog::tags_of`]); one that
    /// another container the walk reaches contains too (`contain` of a class declared
    /// before, from a node, a define instance declared at top scope, or a class contained
    /// so) gets that container's tags (as late tags: what it contains has them too), until
    /// none gets more. Nothing without such edges; otherwise linear in them (times the
    /// depth of their chains).
    ///
    /// [`Catalog::tags_of`]: crate::catalog::Catalog::tags_of
    fn pass_on_container_tags(&mut self) {
        let catalog = &self.compilation.catalog;
        if catalog.other_containment_edges().is_empty() {
            return;
        }
        let edges = catalog.other_containment_edges().to_vec();
        let mut sources: FxHashMap<ResourceId, Vec<ResourceId>> = Default::default();
        for &(container, contained) in &edges {
            sources.entry(contained).or_default().push(container);
        }
        let mut memo = FxHashMap::default();
        let reached: Vec<bool> = edges
            .iter()
            .map(|&(container, _)| {
                let main = self.compilation.main;
                reaches_main(catalog, main, &sources, &mut memo, container, 0)
            })
            .collect();
        for _ in 0..=edges.len() {
            let mut more = false;
            for (&(container, contained), _) in edges.iter().zip(&reached).filter(|(_, r)| **r) {
                let catalog = &self.compilation.catalog;
                let have = catalog.tags_of(contained);
                let new: Vec<Rc<str>> = catalog
                    .tags_of(container)
                    .into_iter()
                    .filter(|t| !have.contains(t))
                    .collect();
                if new.is_empty() {
                    continue;
                }
                let r = self.compilation.catalog.get_mut(contained);
                for t in new {
                    crate::catalog::tags::push_unique(&mut r.late_tags, t);
                }
                more = true;
            }
            if !more {
                break;
            }
        }
    }

    /// What the resources get that the whole walk would give them now, found from the
    /// changes since the last time (`changed`, and the containment edges made since). A
    /// resource the walk reaches gets the metaparameters its container passes on that it
    /// does not set; after the last walk, each had those its container passed on then, so
    /// a resource gets something new only when it is new or changed, or its container
    /// passes on something new: a changed container (followed down while what it contains
    /// gets something), or one newly reached through an edge to a resource that was there
    /// before (all it contains then). A container passes on what its own container does
    /// with its own values ([`merged`]), found up the chain of containers to `Class[main]`
    /// (a resource with another container too makes it the whole walk).
    fn passed_on_since(&self, changed: &[ResourceId]) -> Result<Additions, WholeWalk> {
        let catalog = &self.compilation.catalog;
        let (new_edges, known) = catalog.since_passed_on();
        let known = |id: ResourceId| (id.0 as usize) < known;
        if changed.len() + new_edges.len() <= FEW
            && new_edges.iter().all(|&(_, contained)| !known(contained))
            && self.nothing_passed_to(
                (changed.iter().copied()).chain(new_edges.iter().map(|&(_, c)| c)),
            )
        {
            return Ok(Vec::new());
        }
        let mut passes = Passes::default();
        let mut additions: FxHashMap<ResourceId, Data> = Default::default();
        // Resources to look at, and how far below them (see `Below`).
        let mut todo: Vec<(ResourceId, Below)> =
            changed.iter().map(|&id| (id, Below::IfChanged)).collect();
        for &(_, contained) in new_edges {
            let below = if known(contained) {
                Below::All
            } else {
                Below::IfChanged
            };
            todo.push((contained, below));
        }
        // (by resource id: a hash map of the resources walked cost ~100 instructions each
        // when an input added thousands)
        let mut done: Vec<Option<Below>> = vec![None; catalog.len()];
        let mut children: Option<FxHashMap<ResourceId, Vec<ResourceId>>> = None;
        while let Some((id, how)) = todo.pop() {
            let seen = &mut done[id.0 as usize];
            if seen.is_some_and(|d| d >= how) {
                continue;
            }
            *seen = Some(how);
            let Some(data) = self.passes_on(id, &mut passes)? else {
                continue; // not reached from `Class[main]`
            };
            let got = match catalog.get(id).container {
                Some(c) if id != self.compilation.main => match self.passes_on(c, &mut passes)? {
                    Some(outer) => missing(&outer, catalog.get(id)),
                    None => Vec::new(),
                },
                _ => Vec::new(),
            };
            if got.iter().any(|(p, _)| &**p == "alias") {
                return Err(WholeWalk);
            }
            // What it contains may get something new when it gets something now, or passes
            // on something after a change and was there before (a new resource contains
            // new ones: changed too), or was newly reached.
            let next = match how {
                Below::All => Some(Below::All),
                _ if !got.is_empty() => Some(Below::IfGets),
                Below::IfChanged if !data.is_empty() && known(id) => Some(Below::IfGets),
                _ => None,
            };
            // (what a resource gets depends on it alone: the same at each visit)
            if !got.is_empty() {
                additions.insert(id, got);
            }
            let Some(next) = next else {
                continue;
            };
            let children = children.get_or_insert_with(|| {
                let mut out: FxHashMap<ResourceId, Vec<ResourceId>> = Default::default();
                for &(container, contained) in catalog.all_containment_edges() {
                    out.entry(container).or_default().push(contained);
                }
                out
            });
            for &c in children.get(&id).into_iter().flatten() {
                todo.push((c, next));
            }
        }
        let mut additions: Additions = additions.into_iter().collect();
        additions.sort_unstable_by_key(|(id, _)| *id);
        Ok(additions)
    }

    /// Whether the walk from the changes would find nothing to pass on to the resources
    /// `ids` (the changed ones and those newly contained, none of them there before): no
    /// resource on the chain of containers of each, itself and `Class[main]` included, sets
    /// a metaparameter that is passed on, and each has one container. Then what each passes
    /// on and gets is empty, and the walk goes no further below them (the usual input of a
    /// few resources, every fresh session's first: the walk's tables were ~2,000
    /// instructions of cold code each time).
    fn nothing_passed_to(&self, ids: impl Iterator<Item = ResourceId>) -> bool {
        let catalog = &self.compilation.catalog;
        let main = self.compilation.main;
        for id in ids {
            let mut at = Some(id);
            let mut steps = 0;
            while let Some(here) = at {
                let r = catalog.get(here);
                if catalog.has_other_containers(here)
                    || r.parameters.keys().any(|k| passed_on_index(k).is_some())
                {
                    return false;
                }
                steps += 1;
                // (a cycle of containers never reaches `Class[main]`)
                if here == main || steps > catalog.len() {
                    break;
                }
                at = r.container;
            }
        }
        true
    }

    /// What resource `id` passes on to what it contains, `None` when the walk from
    /// `Class[main]` does not reach it; found up its chain of containers (those found
    /// kept in `passes`).
    fn passes_on(
        &self,
        id: ResourceId,
        passes: &mut Passes,
    ) -> Result<Option<Rc<Data>>, WholeWalk> {
        let catalog = &self.compilation.catalog;
        let main = self.compilation.main;
        let mut chain = std::mem::take(&mut passes.chain);
        chain.clear();
        let mut next = Some(id);
        let mut outer = loop {
            let Some(at) = next else {
                break None;
            };
            if let Some(known) = passes.get(at) {
                break known.clone();
            }
            if at == main {
                let data = Rc::new(own(catalog.get(main)));
                passes.insert(main, Some(data.clone()));
                break Some(data);
            }
            if catalog.has_other_containers(at) {
                passes.chain = chain;
                return Err(WholeWalk);
            }
            chain.push(at);
            // (a cycle of containers never reaches `Class[main]`)
            if chain.len() > catalog.len() {
                break None;
            }
            next = catalog.get(at).container;
        };
        for &at in chain.iter().rev() {
            outer = outer.map(|o| merged(&o, catalog.get(at)));
            passes.insert(at, outer.clone());
        }
        passes.chain = chain;
        Ok(outer)
    }

    /// What the resources get from a walk of the whole catalog, breadth first from
    /// `Class[main]`, in the order they get it.
    pub(crate) fn passed_on_whole(&self) -> Additions {
        let catalog = &self.compilation.catalog;
        // What each resource gets, beside its own parameters.
        let mut added: FxHashMap<ResourceId, Data> = Default::default();
        let own_now = |id: ResourceId, added: &FxHashMap<ResourceId, Data>| -> Data {
            let r = catalog.get(id);
            let got = added.get(&id);
            PASSED_ON
                .iter()
                .filter_map(|p| {
                    r.parameters
                        .get_key_value(*p)
                        .map(|(k, v)| (k.clone(), v.clone()))
                        .or_else(|| got?.iter().find(|(k, _)| &**k == *p).cloned())
                })
                .collect()
        };
        let mut out: FxHashMap<ResourceId, Vec<ResourceId>> = Default::default();
        for &(container, contained) in catalog.all_containment_edges() {
            out.entry(container).or_default().push(contained);
        }
        let mut data: FxHashMap<ResourceId, Data> = Default::default();
        let mut seen = FxHashSet::default();
        let mut queue = std::collections::VecDeque::from([self.compilation.main]);
        let mut order: Vec<ResourceId> = Vec::new();
        while let Some(node) = queue.pop_front() {
            if !seen.insert(node) {
                continue;
            }
            let Some(targets) = out.get(&node) else {
                continue;
            };
            queue.extend(targets.iter().copied());
            // (what the node passes on is the same for each of its targets: found once, or
            // a container with nothing to pass on cost a search of its parameters for each
            // resource it contains, `Class[main]` one for every resource at top scope)
            let node_data = match data.get(&node) {
                Some(d) => d.clone(),
                None => own_now(node, &added),
            };
            if node_data.is_empty() {
                continue;
            }
            data.entry(node).or_insert_with(|| node_data.clone());
            for &target in targets {
                let source_data = node_data.clone();
                let r = catalog.get(target);
                for (p, v) in &source_data {
                    let list = added.entry(target).or_default();
                    if !r.parameters.contains_key(p) && !list.iter().any(|(q, _)| q == p) {
                        list.push((p.clone(), v.clone()));
                        if list.len() == 1 {
                            order.push(target);
                        }
                    }
                }
                let mut merged = source_data;
                for (p, v) in own_now(target, &added) {
                    match merged.iter_mut().find(|(q, _)| *q == p) {
                        Some(slot) => slot.1 = v,
                        None => merged.push((p, v)),
                    }
                }
                data.insert(target, merged);
            }
        }
        order
            .into_iter()
            .map(|id| (id, added.remove(&id).unwrap_or_default()))
            .collect()
    }
    /// Registers an alias a resource got from its container; one another resource holds is
    /// the reference's error.
    fn add_passed_alias(&mut self, id: ResourceId, alias: &Value) -> Result<(), Error> {
        use crate::catalog::builtin_types;
        let catalog = &self.compilation.catalog;
        let r = catalog.get(id);
        let info = catalog.type_info(&r.type_name);
        let params = [("alias", alias)];
        let mut free = Vec::new();
        for a in builtin_types::alias_keys(info, &r.type_name, &r.title, &params) {
            let taken = catalog
                .alias_owner(&a.key)
                .or_else(|| catalog.find_by_title(&r.type_name, a.title()?));
            match taken {
                Some(other) if other != id => {
                    let o = catalog.get(other);
                    return Err(r.locate(Error::new(
                        ErrorKind::Failed,
                        builtin_types::cannot_alias_message(
                            &r.reference(),
                            &a,
                            (r.location_name(), r.line),
                            (o.location_name(), o.line),
                        ),
                    )));
                }
                Some(_) => {}
                None => free.push(a.key),
            }
        }
        for key in free {
            self.compilation.catalog.add_alias(key, id);
        }
        Ok(())
    }
}

/// Whether the reference's walk from `Class[main]` reaches resource `at`: up its chain of
/// containers (a class's ends at its stage, which the walk does not reach), or through one
/// of the other containers of a resource on it (`sources`, those of `contain`). A resource
/// being looked at does not reach it again (a cycle of containers).
fn reaches_main(
    catalog: &crate::catalog::Catalog,
    main: ResourceId,
    sources: &FxHashMap<ResourceId, Vec<ResourceId>>,
    memo: &mut FxHashMap<ResourceId, bool>,
    at: ResourceId,
    depth: usize,
) -> bool {
    if let Some(&known) = memo.get(&at) {
        return known;
    }
    memo.insert(at, false);
    let mut here = at;
    let mut found = false;
    for _ in 0..=catalog.len() {
        if here == main {
            found = true;
            break;
        }
        if depth < 64 {
            if let Some(others) = sources.get(&here) {
                if others
                    .iter()
                    .any(|&s| reaches_main(catalog, main, sources, memo, s, depth + 1))
                {
                    found = true;
                    break;
                }
            }
        }
        match catalog.get(here).container {
            Some(c) if c != here => here = c,
            _ => break,
        }
    }
    memo.insert(at, found);
    found
}
