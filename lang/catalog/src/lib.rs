//! prepl's catalog layer: the catalog data model (the resources a compilation produces, how
//! they contain each other, the relationships between them), usable without the evaluator.
//! It uses the data layer (`prepl-core`) and the syntax layer below it, re-exported here
//! under the names the code uses (`crate::values`, `crate::syntax`, ...).
//!
//! - `lib.rs` (this file): the data model (`Catalog`, `Resource`, edges).
//! - [`builtin_types`]: the reference's built-in resource types and their parameters.
//! - [`tags`]: tag names and automatic tags.
//! - [`json`]: the catalog as the reference's JSON catalog encoder writes it, and JSON data
//!   to values.
//! - [`render`]: text table, relationship graph (text and DOT), dependency cycles, selecting
//!   resources and showing one as Puppet code, for the REPL and the kernel.
//! - [`undo`]: the log of what an input changes, to take back an input that fails in time
//!   proportional to what it did.
//!
//! The evaluator (`prepl-lang`'s `eval/`) drives compilation: it declares resources,
//! classes and defines here through the methods below; `prepl-lang`'s `compile/` holds the
//! evaluation-side logic (classes, defines, nodes, collectors, the finishing steps).

pub use prepl_core::{cow, describe, format, suggest, types, values};
pub use prepl_syntax as syntax;
pub use prepl_syntax::{error, names};

pub mod builtin_types;
pub mod diff;
pub mod json;
pub mod render;
pub mod tags;
pub mod undo;

use crate::values::Value;
use indexmap::IndexMap;
use rustc_hash::FxHashMap as HashMap;
use std::rc::Rc;

/// A resource's parameters in the order they were set, hashed with FxHash (short names
/// from manifests; SipHash was a tenth of declaring a resource).
pub type Params = IndexMap<Rc<str>, Value, rustc_hash::FxBuildHasher>;

/// One evaluated `name => value` (or `name +> value`) of a resource body, default or
/// override.
#[derive(Debug, Clone)]
pub struct Attribute {
    pub name: Rc<str>,
    pub value: Value,
    /// `+>`: add to the value set before instead of replacing it.
    pub append: bool,
    pub span: crate::syntax::ast::Span,
}

pub type Attributes = Vec<Attribute>;

/// How many scopes, live ones, [`Catalog::tags_of`] follows up from a resource at most
/// (each step goes to an earlier resource; classes' frozen scopes are not counted).
const MAX_TAG_CHAIN: usize = 10_000;

/// The position of a resource in the catalog (declaration order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ResourceId(pub u32);

/// One resource: a built-in type instance (`Notify['a']`), a defined type instance
/// (`Apache::Vhost['x']`), a class (`Class['Apache']`), a stage (`Stage['main']`).
#[derive(Debug, Clone)]
pub struct Resource {
    /// Capitalized per segment: `Notify`, `Class`, `Apache::Vhost`.
    pub type_name: Rc<str>,
    /// For classes, the class name capitalized per segment (`Apache::Params`), except `main`.
    pub title: Rc<str>,
    /// The parameters that are set, in the order they were set (undef ones left out).
    pub parameters: Params,
    /// The parameters set to undef explicitly (by the declaration, a resource default or an
    /// override): left out of the catalog, yet set as the reference's resources have them (a
    /// define's parameter given undef has a value, an override may not set one again, a
    /// built-in type must have the parameter).
    pub undef_parameters: Vec<Rc<str>>,
    /// The order the parameters were set in (the declaration's, then those overrides and
    /// collectors added), kept once some are set to undef: one given a value later takes the
    /// place the reference keeps for it (`notify { 'e': message => undef, withpath => true }`
    /// overridden with a message lists the message first; so does `notify { 'e': message =>
    /// undef }` overridden with a tag, then with a message).
    pub declared_order: Option<Rc<[Rc<str>]>>,
    /// The scope (its resource: a class, define instance, node, `Class[main]` for the top
    /// scope) that set a parameter, where that is not the scope that declared the resource:
    /// a resource default of an enclosing scope, an override from a subclass. The reference
    /// lets an override replace a value only from a subclass of that scope, or from the scope
    /// itself when the value is its resource default.
    pub parameter_sources: Vec<(Rc<str>, ResourceId)>,
    /// The resource's own tags in the reference's order: explicit tags, type, title, tags
    /// from defaults and overrides.
    pub tags: Vec<Rc<str>>,
    /// The class, define or node it was declared in: its tags follow the resource's own.
    pub tag_parent: Option<ResourceId>,
    /// For an evaluated class (whose `tag_parent` is then `None`): the tags of the scope that
    /// declared it as they were when it was evaluated, shared with the other classes that
    /// scope declared (see [`tags::Frozen`]).
    pub scope_tags: Option<Rc<tags::Frozen>>,
    /// Tags added with `tag()` while evaluating the resource's body (listed last).
    pub late_tags: Vec<Rc<str>>,
    /// Where it was declared, for errors found later (unknown parameters, relationships).
    pub origin: Option<Origin>,
    /// `@@` resources.
    pub exported: bool,
    /// `@` and `@@` resources not (yet) realized: left out of the catalog the agent gets.
    pub is_virtual: bool,
    /// The line of the declaration in its source, when it has one.
    pub line: Option<u32>,
    /// The lines of its relationship metaparameters (`before => ...`), where they were set
    /// in the declaration.
    pub relation_lines: Vec<(Rc<str>, u32)>,
    /// The name of the source (`In[3]`, a file name) the declaration is in.
    pub file: Option<Rc<str>>,
    /// The class, define instance or stage that contains it (`None` only for `Stage[main]`).
    pub container: Option<ResourceId>,
    /// Declared with a title that was not a string (`ensure_resource('apache::listen', 8042)`):
    /// its `name` then differs from its title for the reference, and is written.
    pub title_not_string: bool,
    /// Its uniqueness key is implied by its title
    /// ([`builtin_types::key_implied_by_title`]): held, but not stored among the catalog's
    /// alias keys ([`Catalog::alias_owner`] finds it by the title).
    pub key_implied: bool,
    /// A define instance whose body has run (the reference's `evaluated?`): an override
    /// reaching it after that comes too late, an error (or a warning, by `strict`).
    pub evaluated: bool,
}

/// The source text and span of a declaration.
#[derive(Debug, Clone)]
pub struct Origin {
    pub source: Rc<crate::error::Source>,
    pub span: crate::syntax::ast::Span,
}

impl Resource {
    /// The parameters the catalog the agent gets can hold: all but one whose `Sensitive`
    /// value holds undef (the reference's compiler unwraps a sensitive value, and its
    /// catalog drops a parameter that is then undef; the name is still listed as
    /// sensitive).
    pub fn written_parameters(&self) -> impl Iterator<Item = (&Rc<str>, &Value)> + Clone {
        self.parameters.iter().filter(
            |(_, v)| !matches!(v, Value::Sensitive(inner) if matches!(**inner, Value::Undef)),
        )
    }

    /// Whether the catalog the agent gets lists this parameter of a resource whose type has
    /// no type information (a define instance): the reference leaves out a `name` that is
    /// the title (`Puppet::Resource#to_data_hash` drops the namevar equal to the title),
    /// compared as Ruby compares them, so that the string `name` made from a title that was
    /// not a string stays. Classes, nodes and stages keep their `name`.
    pub fn writes_parameter(&self, name: &str, value: &Value) -> bool {
        name != "name"
            || self.title_not_string
            || value.as_str() != Some(&*self.title)
            || matches!(&*self.type_name, "Class" | "Node" | "Stage")
    }

    /// A resource with the given own tags, no parameters, not virtual, no location.
    pub fn new(
        type_name: impl Into<Rc<str>>,
        title: impl Into<Rc<str>>,
        tags: Vec<Rc<str>>,
        container: Option<ResourceId>,
    ) -> Resource {
        Resource {
            type_name: type_name.into(),
            title: title.into(),
            parameters: Params::default(),
            undef_parameters: Vec::new(),
            declared_order: None,
            parameter_sources: Vec::new(),
            tags,
            tag_parent: None,
            scope_tags: None,
            late_tags: Vec::new(),
            origin: None,
            exported: false,
            is_virtual: false,
            line: None,
            relation_lines: Vec::new(),
            file: None,
            title_not_string: false,
            key_implied: false,
            evaluated: false,
            container,
        }
    }

    /// The name errors give the declaration's source, as the reference's `(file: F, line: L)`:
    /// its file, or the REPL input or notebook cell it was typed in (`In[3]`, kept with the
    /// resource, so an error of a later input names the input that declared it); `None` for
    /// `-e` and stdin, and for a declaration with no line (a class included, not declared
    /// like a resource: the reference names no location for it).
    pub fn location_name(&self) -> Option<&str> {
        self.line?;
        self.file.as_deref().or_else(|| {
            let name = self.origin.as_ref()?.source.name.as_str();
            crate::error::is_input_name(name).then_some(name)
        })
    }

    /// Locates an error found after the declaration at the declaration.
    pub fn locate(&self, e: crate::error::Error) -> crate::error::Error {
        match &self.origin {
            Some(o) => e.at(o.span).in_source(&o.source),
            None => e,
        }
    }

    /// Sets a parameter; undef is remembered as set (`undef_parameters`), not as a value.
    /// While some are undef, the order of all of them is kept (`declared_order`), as the
    /// reference's parameters hash keeps a key set to nil: one given a value again takes its
    /// place back, before those set after it (by the declaration, an override, a collector).
    pub fn set_parameter(&mut self, name: Rc<str>, value: Value) {
        if value.is_undef() {
            if !self
                .declared_order
                .as_ref()
                .is_some_and(|o| o.contains(&name))
            {
                self.extend_order(&name);
            }
            self.parameters.shift_remove(&name);
            if !self.undef_parameters.contains(&name) {
                self.undef_parameters.push(name);
            }
            return;
        }
        let was_undef = self.undef_parameters.iter().position(|n| *n == name);
        match (was_undef, &self.declared_order) {
            (Some(i), Some(order)) if !self.parameters.contains_key(&name) => {
                self.undef_parameters.remove(i);
                // before the first parameter set after it
                let rank = |n: &Rc<str>| order.iter().position(|o| o == n);
                let at = rank(&name)
                    .and_then(|own| {
                        // (one not in the order was set without it: after)
                        self.parameters
                            .keys()
                            .position(|n| rank(n).is_none_or(|r| r > own))
                    })
                    .unwrap_or(self.parameters.len());
                self.parameters.shift_insert(at, name, value);
            }
            (Some(i), _) => {
                self.undef_parameters.remove(i);
                self.parameters.insert(name, value);
            }
            (None, _) => {
                if self.declared_order.is_some() && !self.parameters.contains_key(&name) {
                    self.extend_order(&name);
                }
                self.parameters.insert(name, value);
            }
        }
    }

    /// `name` set after the parameters set so far (the order made of them when none is kept).
    fn extend_order(&mut self, name: &Rc<str>) {
        let mut order: Vec<Rc<str>> = match &self.declared_order {
            Some(o) => o.to_vec(),
            None => self
                .parameters
                .keys()
                .chain(&self.undef_parameters)
                .cloned()
                .collect(),
        };
        if !order.contains(name) {
            order.push(name.clone());
        }
        self.declared_order = Some(order.into());
    }

    /// Whether a parameter is set to undef explicitly.
    pub fn is_set_to_undef(&self, name: &str) -> bool {
        self.undef_parameters.iter().any(|n| &**n == name)
    }

    /// Whether a parameter is set, to a value or to undef.
    pub fn is_set(&self, name: &str) -> bool {
        self.parameters.contains_key(name) || self.undef_parameters.iter().any(|n| &**n == name)
    }

    /// The scope that set a parameter (see `parameter_sources`): `None` for the scope that
    /// declared the resource.
    pub fn parameter_source(&self, name: &str) -> Option<ResourceId> {
        self.parameter_sources
            .iter()
            .find(|(n, _)| &**n == name)
            .map(|(_, s)| *s)
    }

    /// Records the scope that set a parameter (`None`: the declaring scope).
    pub fn set_parameter_source(&mut self, name: &Rc<str>, source: Option<ResourceId>) {
        self.parameter_sources.retain(|(n, _)| n != name);
        if let Some(s) = source.filter(|s| Some(*s) != self.container) {
            self.parameter_sources.push((name.clone(), s));
        }
    }

    /// `Notify[a]`, as the reference writes a resource reference in messages and edges.
    pub fn reference(&self) -> String {
        reference_text(&self.type_name, &self.title)
    }
}

/// `Notify[a]`: [`Resource::reference`] of a type name and title.
pub fn reference_text(type_name: &str, title: &str) -> String {
    // (pushed, not `format!`ted: ~1,000 instructions through the formatter)
    let mut out = String::with_capacity(type_name.len() + title.len() + 2);
    out.push_str(type_name);
    out.push('[');
    out.push_str(title);
    out.push(']');
    out
}

/// The four relationship kinds, normalized to a direction: `require` and `subscribe` are
/// `Before`/`Notify` edges with source and target swapped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RelationKind {
    /// `->`, `before`, `require`
    Before,
    /// `~>`, `notify`, `subscribe` (also refreshes the target)
    Notify,
}

/// A relationship edge between two resources of the catalog.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Relationship {
    pub source: ResourceId,
    pub target: ResourceId,
    pub kind: RelationKind,
}

/// The resources of one type by title.
type Titles = HashMap<Rc<str>, ResourceId>;

/// A compiled catalog. It grows as a session evaluates inputs.
///
/// A session records what each input changes ([`Catalog::begin`], the [`undo`] log), to
/// take it back if the input fails ([`Catalog::roll_back`]): in time proportional to what
/// the input did, whatever the size of the catalog.
#[derive(Debug, Clone, Default)]
pub struct Catalog {
    /// The node the catalog is compiled for.
    pub node_name: Rc<str>,
    pub environment: Rc<str>,
    /// Each resource behind its own reference count: the undo log keeps a changed one as
    /// it was without copying the others.
    resources: Vec<Rc<Resource>>,
    /// Type name, then title (looked up without making keys).
    index: HashMap<Rc<str>, Titles>,
    /// The relationships each resource's metaparameters make, by resource id, as last
    /// collected: the finishing steps collect those of the resources changed since, not of
    /// every resource ([`Catalog::set_relationships_of`]). As long as the last id with
    /// some (no empty list at the end: a catalog taken back compares equal). (A `BTreeMap`
    /// was ~700 instructions a resource in a catalog of 12,500.)
    relationships_by_resource: Vec<Vec<Relationship>>,
    /// How many resources have relationships in `relationships_by_resource`.
    resources_with_relationships: usize,
    /// Whether some resource's list has an edge of which it is neither end (not one the
    /// evaluator makes): the list of all relationships is then deduplicated through a set.
    foreign_relationships: bool,
    /// Relationships added by [`Catalog::add_relationship`], listed after those.
    extra_relationships: Vec<Relationship>,
    /// The relationships of each resource as they were set (a resource's again when they
    /// change), in that order: the ones a graph order kept across inputs has to check
    /// ([`Catalog::relationships_since`]).
    relationships_added: Vec<Relationship>,
    /// The relationships listed in order (by resource in declaration order, each once),
    /// made when asked for after a change.
    relationship_list: std::cell::OnceCell<Vec<Relationship>>,
    /// Counts the changes of the relationships.
    relationships_version: u64,
    /// When dependency cycles were last searched for: `relationships_version`, the number
    /// of containment edges and of resources then ([`Catalog::may_have_new_cycles`]).
    cycles_checked: Option<(u64, usize, usize)>,
    /// The classes declared, in order (lower case names, `main` first).
    classes: Vec<Rc<str>>,
    /// Containment edges (container, contained) in the order they were made.
    containment: Vec<(ResourceId, ResourceId)>,
    /// The same edges, to find one quickly (searching the list for each class declared
    /// made a catalog of `n` classes quadratic), but for the edges from each resource's
    /// `container` (there for every resource, by [`Catalog::add`] and
    /// [`Catalog::set_container`]: hashing them was ~100 instructions a resource).
    containment_set: rustc_hash::FxHashSet<(ResourceId, ResourceId)>,
    /// The resources with a containment edge other than the one from their `container`
    /// (`contain`): what they get passed on depends on the order containers are walked in.
    other_containers: rustc_hash::FxHashSet<ResourceId>,
    /// Those other edges (container, contained), in the order they were made: each passes
    /// the container's tags on ([`Catalog::other_containment_edges`]).
    other_edges: Vec<(ResourceId, ResourceId)>,
    /// How many containment edges and resources there were when metaparameters were last
    /// passed on ([`Catalog::metaparameters_passed_on`]).
    passed_on_at: (usize, usize),
    /// The other keys resources are found by: `alias` values and uniqueness keys
    /// (`File['/tmp/a']` finds `File['/tmp/a/']`).
    aliases: HashMap<Rc<builtin_types::CatalogKey>, ResourceId>,
    /// How many of `aliases` have the shape of a title key (one quoted string): when none,
    /// a title key is not looked up there (making it costs more than the look-up).
    title_shaped_aliases: usize,
    /// The types of the title-shaped `aliases` (those that ever had one: an undone alias
    /// leaves its type here, which only costs a look-up). A resource of another type (most
    /// are define instances, whose keys are their titles) makes no title key to look up.
    title_shaped_types: Vec<String>,
    /// Counts additions and changes (anything through `add` or `get_mut`), so that the
    /// finishing steps can tell when there is nothing new to finish.
    changes: u64,
    /// The resources added or changed (through `add`, `get_mut`, `replace_parameters`)
    /// since the last [`Catalog::take_changed`], possibly repeated: the finishing steps
    /// check those alone.
    changed: Vec<ResourceId>,
    /// The virtual resources realized, in the order realized ([`Catalog::realize`]).
    realized: Vec<ResourceId>,
    /// Resource types read from modules' Ruby (`lib/puppet/type`), by lower-case name.
    module_types: HashMap<Rc<str>, &'static builtin_types::TypeInfo>,
    /// What changed since [`Catalog::begin`], while recording.
    journal: Option<Box<undo::Journal>>,
}

impl Catalog {
    pub fn new(node_name: &str, environment: &str) -> Catalog {
        Catalog {
            node_name: node_name.into(),
            environment: environment.into(),
            ..Catalog::default()
        }
    }

    /// Every resource, in declaration order, virtual ones included.
    pub fn all_resources(&self) -> impl Iterator<Item = (ResourceId, &Resource)> {
        self.resources
            .iter()
            .enumerate()
            .map(|(i, r)| (ResourceId(i as u32), &**r))
    }

    /// The resources the agent would get: not virtual (exported resources are virtual
    /// until a collector realizes them).
    pub fn resources(&self) -> impl Iterator<Item = (ResourceId, &Resource)> {
        self.all_resources().filter(|(_, r)| !r.is_virtual)
    }

    /// Every tag of a resource: its own, those of the scope it was declared in, then those
    /// `tag()` added. Linear in the tags listed (with the duplicates among them), whatever
    /// the depth of the scopes.
    pub fn tags_of(&self, id: ResourceId) -> Vec<Rc<str>> {
        // (sized for the usual few tags and scopes: growing them was 1% of `include keystone`)
        let mut layers: Vec<tags::Layer> = Vec::with_capacity(4);
        layers.extend(self.tag_layers(id));
        tags::list(&layers)
    }

    /// Whether `tag` (already lower-case) is one of [`Catalog::tags_of`], found without
    /// building that list (a collector's `tag == ...` asks it of every resource of a type).
    pub fn has_tag(&self, id: ResourceId, tag: &str) -> bool {
        self.tag_layers(id)
            .any(|(own, late)| own.iter().chain(late).any(|t| **t == *tag))
    }

    /// The tags of resource `id` and of the scopes around it, frozen as they are now: what a
    /// class declared in that scope takes (a copy of the own tags of the scopes not yet
    /// frozen, sharing the rest).
    pub fn freeze_tags(&self, id: ResourceId) -> Rc<tags::Frozen> {
        let mut chain = Vec::new();
        let mut next = Some(id);
        while let Some(i) = next {
            let r = self.get(i);
            chain.push(r);
            next = r
                .tag_parent
                .filter(|p| *p != i && chain.len() < MAX_TAG_CHAIN);
        }
        // (`chain` has `id` at least; its last scope's own scope tags are frozen already)
        let mut outer = chain.last().and_then(|r| r.scope_tags.clone());
        for r in chain.into_iter().rev() {
            outer = Some(Rc::new(tags::Frozen {
                own: r.tags.as_slice().into(),
                late: r.late_tags.as_slice().into(),
                outer,
            }));
        }
        outer.expect("a resource's tags")
    }

    /// Whether the catalog itself has `tag` (already lower-case), as the reference's catalog
    /// gets the tags of the classes and nodes declared (their names and name segments, and
    /// tags given to a class declared like a resource), when they are declared; tags that
    /// `tag()` adds in their bodies are not among them.
    pub fn catalog_has_tag(&self, tag: &str) -> bool {
        ["Class", "Node"].iter().any(|t| {
            self.index.get(*t).is_some_and(|by_title| {
                by_title
                    .values()
                    .any(|id| self.get(*id).tags.iter().any(|x| **x == *tag))
            })
        })
    }

    /// The own and late tags of a resource, then of the scopes that declared it, each the one
    /// above the last (bounded: each step goes to an earlier one), then of the frozen scopes
    /// of the last (a class's).
    fn tag_layers(&self, id: ResourceId) -> impl Iterator<Item = tags::Layer<'_>> {
        let mut live = Some(id);
        let mut steps = 0;
        let mut frozen: Option<&tags::Frozen> = None;
        std::iter::from_fn(move || {
            if let Some(i) = live {
                let r = self.get(i);
                steps += 1;
                live = r.tag_parent.filter(|p| *p != i && steps < MAX_TAG_CHAIN);
                if live.is_none() {
                    frozen = r.scope_tags.as_deref();
                }
                return Some((&r.tags[..], &r.late_tags[..]));
            }
            let f = frozen?;
            frozen = f.outer.as_deref();
            Some((&f.own[..], &f.late[..]))
        })
    }

    pub fn get(&self, id: ResourceId) -> &Resource {
        &self.resources[id.0 as usize]
    }

    /// The resources added or changed since the last call, in declaration order.
    pub fn take_changed(&mut self) -> Vec<ResourceId> {
        let mut ids = std::mem::take(&mut self.changed);
        // Many changes (a whole compilation's resources): marked in a bit set of the ids
        // and read back in order, linear (sorting 25,000 ids was 2% of a 12,500-resource
        // catalog); a few changes in a big catalog: sorted.
        let bound = ids.iter().map(|id| id.0 as usize + 1).max().unwrap_or(0);
        if ids.len() >= 64 && bound / 64 <= ids.len() {
            let mut marked = vec![0u64; bound.div_ceil(64)];
            for id in &ids {
                marked[id.0 as usize / 64] |= 1 << (id.0 % 64);
            }
            ids.clear();
            for (i, mut word) in marked.into_iter().enumerate() {
                while word != 0 {
                    ids.push(ResourceId(i as u32 * 64 + word.trailing_zeros()));
                    word &= word - 1;
                }
            }
            return ids;
        }
        ids.sort_unstable();
        ids.dedup();
        ids
    }

    /// How many additions and changes the catalog has seen.
    pub fn changes(&self) -> u64 {
        self.changes
    }

    /// Replaces each parameter value of each resource for which `f` gives a new one (to
    /// replace a shared value, `eval::shared`); the resources left alone are not copied.
    pub fn replace_parameters(&mut self, mut f: impl FnMut(&Value) -> Option<Value>) {
        for i in 0..self.resources.len() {
            self.replace_parameters_of(ResourceId(i as u32), &mut f);
        }
    }

    /// [`Catalog::replace_parameters`] in one resource (none when `id` is not one).
    pub fn replace_parameters_of(
        &mut self,
        id: ResourceId,
        mut f: impl FnMut(&Value) -> Option<Value>,
    ) {
        let i = id.0 as usize;
        let Some(resource) = self.resources.get(i) else {
            return;
        };
        let replaced: Vec<(usize, Value)> = resource
            .parameters
            .values()
            .enumerate()
            .filter_map(|(j, v)| f(v).map(|new| (j, new)))
            .collect();
        if replaced.is_empty() {
            return;
        }
        self.changes += 1;
        self.changed.push(id);
        if let Some(j) = &mut self.journal {
            j.before_write(id, &self.resources[i]);
        }
        let r = Rc::make_mut(&mut self.resources[i]);
        for (j, new) in replaced {
            if let Some((_, v)) = r.parameters.get_index_mut(j) {
                *v = new;
            }
        }
    }

    pub fn get_mut(&mut self, id: ResourceId) -> &mut Resource {
        self.changes += 1;
        // (a resource changed twice in a row is listed once)
        if self.changed.last() != Some(&id) {
            self.changed.push(id);
        }
        let r = &mut self.resources[id.0 as usize];
        if let Some(j) = &mut self.journal {
            j.before_write(id, r);
        }
        Rc::make_mut(r)
    }

    /// Makes a virtual resource part of the catalog the agent gets; true when it was
    /// virtual (a resource not virtual is left alone, not counted as changed).
    pub fn realize(&mut self, id: ResourceId) -> bool {
        if !self.get(id).is_virtual {
            return false;
        }
        self.get_mut(id).is_virtual = false;
        self.realized.push(id);
        true
    }

    /// The resources realized (by [`Catalog::realize`]) after the first `count`, and how
    /// many have been: a graph order kept across inputs checks those alone.
    pub fn realized_since(&self, count: usize) -> (&[ResourceId], usize) {
        let n = self.realized.len();
        (&self.realized[count.min(n)..], n)
    }

    /// Finds a resource by type (capitalized, `Notify`) and title.
    pub fn find(&self, type_name: &str, title: &str) -> Option<ResourceId> {
        if let Some(id) = self.find_by_title(type_name, title) {
            return Some(id);
        }
        if let Some(id) = self.title_alias_owner(type_name, title) {
            return Some(id);
        }
        // The reference looks the uniqueness key a resource of that title would have up
        // among all keys, titles too (`File['/tmp/a/']` finds `File['/tmp/a']`).
        let info = self.type_info(type_name);
        let key = builtin_types::reference_key(info, type_name, title)?;
        if let Some(id) = self.aliases.get(&key) {
            return Some(*id);
        }
        match key.parts.as_slice() {
            [p] => {
                let t = p.strip_prefix('"')?.strip_suffix('"')?;
                (!t.contains('\\')).then(|| self.find_by_title(type_name, t))?
            }
            _ => None,
        }
    }

    /// Finds a resource by type and title only.
    pub fn find_by_title(&self, type_name: &str, title: &str) -> Option<ResourceId> {
        self.index.get(type_name)?.get(title).copied()
    }

    /// A resource type with a table of parameters: built in, or read from a module.
    pub fn type_info(&self, type_name: &str) -> Option<&'static builtin_types::TypeInfo> {
        builtin_types::lookup(type_name).or_else(|| {
            if self.module_types.is_empty() {
                return None;
            }
            let lower = type_name.to_ascii_lowercase();
            self.module_types.get(lower.as_str()).copied()
        })
    }

    /// The names of the resource types read from modules.
    pub fn module_type_names(&self) -> Vec<String> {
        self.module_types.keys().map(|k| k.to_string()).collect()
    }

    /// Registers a resource type read from a module.
    pub fn add_module_type(&mut self, info: &'static builtin_types::TypeInfo) {
        let name: Rc<str> = info.name.into();
        let old = self.module_types.insert(name.clone(), info);
        if let Some(j) = &mut self.journal {
            j.module_type_replaced(name, old);
        }
        // Resources of the type declared before it was known are checked now.
        let of_type = self
            .all_resources()
            .filter(|(_, r)| r.type_name.eq_ignore_ascii_case(info.name));
        let ids: Vec<ResourceId> = of_type.map(|(id, _)| id).collect();
        self.changed.extend(ids);
    }

    /// The resource holding an alias key, if any: stored, or implied by the title of the
    /// resource holding it.
    pub fn alias_owner(&self, key: &builtin_types::CatalogKey) -> Option<ResourceId> {
        self.aliases
            .get(key)
            .copied()
            .or_else(|| self.implied_key_owner(key))
    }

    /// The resource whose uniqueness key `key` is, implied by its title and not stored
    /// ([`Resource::key_implied`]).
    fn implied_key_owner(&self, key: &builtin_types::CatalogKey) -> Option<ResourceId> {
        let title = builtin_types::implied_key_title(key)?;
        let id = self.find_by_title(&key.type_name, title)?;
        let r = self.get(id);
        if !r.key_implied {
            return None;
        }
        let info = self.type_info(&r.type_name);
        let own = builtin_types::uniqueness_alias_key(info, &r.type_name, &r.title, &[])?;
        (own.key == *key).then_some(id)
    }

    /// Whether some alias key is stored (else no key but a title or one implied by a title
    /// can be taken).
    pub fn has_aliases(&self) -> bool {
        !self.aliases.is_empty()
    }

    /// The resource holding the title key `[type_name, title]` as an alias key, if any.
    pub fn title_alias_owner(&self, type_name: &str, title: &str) -> Option<ResourceId> {
        if self.title_shaped_aliases == 0 || !self.title_shaped_types.iter().any(|t| t == type_name)
        {
            return None;
        }
        self.alias_owner(&builtin_types::title_key(type_name, title))
    }

    pub fn add_alias(&mut self, key: builtin_types::CatalogKey, id: ResourceId) {
        let title_shaped = matches!(key.parts.as_slice(), [p] if p.starts_with('"'));
        if title_shaped && !self.title_shaped_types.contains(&key.type_name) {
            self.title_shaped_types.push(key.type_name.clone());
        }
        let key = Rc::new(key);
        let old = self.aliases.insert(key.clone(), id);
        if old.is_none() && title_shaped {
            self.title_shaped_aliases += 1;
        }
        if let Some(j) = &mut self.journal {
            j.alias_replaced(key, old);
        }
    }

    /// Adds a resource; the caller has checked that it is not a duplicate.
    pub fn add(&mut self, resource: Resource) -> ResourceId {
        self.changes += 1;
        self.changed.push(ResourceId(self.resources.len() as u32));
        let id = ResourceId(self.resources.len() as u32);
        // (the type's titles found by `&str`, known types being most: `entry` takes its key
        // whole, a count up and down of the type name's for each resource)
        let titles = match self.index.get_mut(&*resource.type_name) {
            Some(titles) => titles,
            None => self.index.entry(resource.type_name.clone()).or_default(),
        };
        let old = titles.insert(resource.title.clone(), id);
        if let (Some(old), Some(j)) = (old, &mut self.journal) {
            j.title_replaced(resource.type_name.clone(), resource.title.clone(), old);
        }
        if let Some(c) = resource.container {
            self.containment.push((c, id));
        }
        self.resources.push(Rc::new(resource));
        id
    }

    /// Containment edges (container → contained) between resources the agent gets, in the
    /// order they were made.
    pub fn containment_edges(&self) -> Vec<(ResourceId, ResourceId)> {
        let listed = |id: ResourceId| !self.get(id).is_virtual;
        // Listed as the reference lists them: by contained resource, in declaration order.
        let mut edges: Vec<_> = self
            .containment
            .iter()
            .copied()
            .filter(|&(c, r)| listed(c) && listed(r))
            .collect();
        edges.sort_by_key(|&(_, r)| r);
        edges
    }

    /// Every containment edge (container → contained), virtual resources' too, in the order
    /// they were made.
    pub fn all_containment_edges(&self) -> &[(ResourceId, ResourceId)] {
        &self.containment
    }

    /// A containment edge besides the one to the resource's container (`contain`).
    pub fn add_containment(&mut self, container: ResourceId, contained: ResourceId) {
        if self.get(contained).container == Some(container)
            || !self.containment_set.insert((container, contained))
        {
            return;
        }
        if self.other_containers.insert(contained) {
            if let Some(j) = &mut self.journal {
                j.other_container_added(contained);
            }
        }
        self.changes += 1;
        self.containment.push((container, contained));
        self.other_edges.push((container, contained));
    }

    /// The containment edges other than those from each resource's `container` (made by
    /// [`Catalog::add_containment`]), in the order they were made.
    pub fn other_containment_edges(&self) -> &[(ResourceId, ResourceId)] {
        &self.other_edges
    }

    /// Puts resource `id` (added with no container: a class being evaluated) in
    /// `container`, with the containment edge. (The one way to change a resource's
    /// `container`: the edge from it must be there, see `containment_set`.)
    pub fn set_container(&mut self, id: ResourceId, container: ResourceId) {
        let old = self.get_mut(id).container.replace(container);
        if old == Some(container) {
            return;
        }
        if let Some(old) = old {
            // (the edge from the old container is there still; now found in the set)
            self.containment_set.insert((old, id));
        }
        if !self.containment_set.contains(&(container, id)) {
            self.changes += 1;
            self.containment.push((container, id));
        }
    }

    /// Whether a resource has a containment edge other than the one from its `container`.
    pub fn has_other_containers(&self, id: ResourceId) -> bool {
        self.other_containers.contains(&id)
    }

    /// The containment edges made since metaparameters were last passed on, and how many
    /// resources there were then.
    pub fn since_passed_on(&self) -> (&[(ResourceId, ResourceId)], usize) {
        let (edges, resources) = self.passed_on_at;
        (
            &self.containment[edges.min(self.containment.len())..],
            resources,
        )
    }

    /// How many containment edges were made (with those of virtual resources).
    pub fn containment_len(&self) -> usize {
        self.containment.len()
    }

    /// The containment edges made after the first `edges`, in order.
    pub fn containment_since(&self, edges: usize) -> &[(ResourceId, ResourceId)] {
        &self.containment[edges.min(self.containment.len())..]
    }

    /// Notes that metaparameters were passed on in the catalog as it is.
    pub fn metaparameters_passed_on(&mut self) {
        self.passed_on_at = (self.containment.len(), self.resources.len());
    }

    /// Sets the relationships resource `id`'s metaparameters make (its edges come in the
    /// list at its place in declaration order, those another resource before it makes too
    /// left out).
    pub fn set_relationships_of(&mut self, id: ResourceId, rels: Vec<Relationship>) {
        if self.relationships_of(id) == &rels[..] {
            return;
        }
        let old = self.put_relationships_of(id, rels);
        if let Some(j) = &mut self.journal {
            j.rels_of_replaced(id, old);
        }
    }

    /// Sets resource `id`'s relationships (none when empty); returns the ones it had.
    fn put_relationships_of(
        &mut self,
        id: ResourceId,
        rels: Vec<Relationship>,
    ) -> Option<Vec<Relationship>> {
        self.relationships_added.extend_from_slice(&rels);
        self.foreign_relationships |= rels.iter().any(|r| r.source != id && r.target != id);
        let i = id.0 as usize;
        let lists = &mut self.relationships_by_resource;
        if lists.len() <= i {
            if rels.is_empty() {
                return None;
            }
            lists.resize_with(i + 1, Vec::new);
        }
        let (was, now) = (!lists[i].is_empty(), !rels.is_empty());
        let old = std::mem::replace(&mut lists[i], rels);
        if !now {
            while lists.last().is_some_and(Vec::is_empty) {
                lists.pop();
            }
        }
        self.resources_with_relationships =
            self.resources_with_relationships + usize::from(now) - usize::from(was);
        self.relationships_version += 1;
        self.relationship_list.take();
        (!old.is_empty()).then_some(old)
    }

    /// The relationships resource `id`'s metaparameters made when last collected.
    pub fn relationships_of(&self, id: ResourceId) -> &[Relationship] {
        self.relationships_by_resource
            .get(id.0 as usize)
            .map_or(&[], Vec::as_slice)
    }

    /// Every relationship, some perhaps twice (an edge both its ends' parameters make), in
    /// no order to show: for graph searches that do not mind, without making the list of
    /// [`Catalog::relationships`].
    pub fn relationships_with_repeats(&self) -> impl Iterator<Item = &Relationship> {
        self.relationships_by_resource
            .iter()
            .flatten()
            .chain(&self.extra_relationships)
    }

    /// Where the list of relationships added is now, for [`Catalog::relationships_since`].
    pub fn relationships_mark(&self) -> usize {
        self.relationships_added.len()
    }

    /// The relationships set since `mark` ([`Catalog::relationships_mark`]), some perhaps
    /// made by none since, some more than once: every relationship made now is among them
    /// or was made at `mark`.
    pub fn relationships_since(&self, mark: usize) -> &[Relationship] {
        &self.relationships_added[mark.min(self.relationships_added.len())..]
    }

    /// Whether any relationship is made.
    pub fn has_relationships(&self) -> bool {
        self.resources_with_relationships > 0 || !self.extra_relationships.is_empty()
    }

    /// Whether the dependency cycles may differ from when [`Catalog::cycles_checked`] was
    /// last called: the relationships changed, or a containment edge was added to a
    /// resource that was there then (`contain`, a class evaluated, a stage). Edges to new
    /// resources alone cannot close a cycle: a new resource with no relationship of its own
    /// (else the relationships changed), nor below it, has no way back up.
    pub fn may_have_new_cycles(&self) -> bool {
        match self.cycles_checked {
            None => true,
            Some((version, edges, resources)) => {
                version != self.relationships_version
                    || self.containment.len() < edges
                    || self.containment[edges..]
                        .iter()
                        .any(|&(_, contained)| (contained.0 as usize) < resources)
            }
        }
    }

    /// Notes that the dependency cycles were searched for in the catalog as it is.
    pub fn cycles_checked(&mut self) {
        self.cycles_checked = Some((
            self.relationships_version,
            self.containment.len(),
            self.resources.len(),
        ));
    }

    /// The resources changed since the last [`Catalog::take_changed`], left there.
    pub fn changed_since_taken(&self) -> &[ResourceId] {
        &self.changed
    }

    /// The relationship edges: by resource in declaration order, each edge once (made
    /// when first asked for after a change).
    pub fn relationships(&self) -> &[Relationship] {
        self.relationship_list.get_or_init(|| {
            let by_resource = &self.relationships_by_resource;
            // (a long list is searched through a set: one resource `before` thousands that
            // each `require` it back made the search quadratic)
            if self.foreign_relationships || by_resource.iter().any(|r| r.len() > 32) {
                let mut seen = rustc_hash::FxHashSet::default();
                return by_resource
                    .iter()
                    .flatten()
                    .chain(&self.extra_relationships)
                    .copied()
                    .filter(|r| seen.insert(*r))
                    .collect();
            }
            // Each list has only edges of its own resource: an edge listed before is earlier
            // in the same list, or in the list of its other end when that end comes first.
            // (A set of the edges cost ~200 instructions an edge.)
            let listed_by =
                |rel: &Relationship, other: ResourceId| self.relationships_of(other).contains(rel);
            let mut out = Vec::new();
            for (i, rels) in by_resource.iter().enumerate() {
                let id = ResourceId(i as u32);
                for (k, rel) in rels.iter().enumerate() {
                    let other = if rel.source == id {
                        rel.target
                    } else {
                        rel.source
                    };
                    if !rels[..k].contains(rel) && (other >= id || !listed_by(rel, other)) {
                        out.push(*rel);
                    }
                }
            }
            for rel in &self.extra_relationships {
                if !listed_by(rel, rel.source) && !listed_by(rel, rel.target) {
                    out.push(*rel);
                }
            }
            out
        })
    }

    /// Adds a relationship edge of no resource's metaparameters (listed after those).
    pub fn add_relationship(&mut self, rel: Relationship) {
        if self.extra_relationships.contains(&rel) {
            return;
        }
        self.extra_relationships.push(rel);
        self.relationships_added.push(rel);
        self.relationships_version += 1;
        self.relationship_list.take();
    }

    /// Lower-case names of the classes declared, in order.
    pub fn classes(&self) -> &[Rc<str>] {
        &self.classes
    }

    pub fn add_class(&mut self, name: Rc<str>) {
        self.classes.push(name);
    }

    pub fn len(&self) -> usize {
        self.resources.len()
    }

    pub fn is_empty(&self) -> bool {
        self.resources.is_empty()
    }
}

/// The non-array values of nested arrays, in order.
pub fn flatten_array(a: &[Value], out: &mut Vec<Value>) {
    for x in a {
        match x {
            Value::Array(inner) => flatten_array(inner, out),
            other => out.push(other.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A catalog of `n` notify resources `n0`, `n1`, ...
    fn notifies(n: u32) -> Catalog {
        let mut c = Catalog::new("node", "production");
        for i in 0..n {
            c.add(Resource::new(
                "Notify",
                format!("n{i}").as_str(),
                Vec::new(),
                None,
            ));
        }
        c
    }

    /// The list of relationships is each resource's in declaration order, then the added
    /// ones, each edge once (the first time): as a set of the edges seen gives it, whether
    /// edges come back in the list of their other end (a `require` of what was `before` it),
    /// a list is long, or a list has an edge of two other resources.
    #[test]
    fn each_relationship_is_listed_once_where_first_made() {
        let mut seed = 7u64;
        let mut below = |n: u32| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 33) % u64::from(n)) as u32
        };
        for round in 0..60 {
            let n = 2 + below(40);
            let mut c = notifies(n);
            let long = round % 5 == 0;
            let foreign = round % 7 == 0;
            for _ in 0..below(3 * n) {
                let id = below(n);
                let count = if long && below(4) == 0 { 40 } else { below(4) };
                let mut rels: Vec<Relationship> = Vec::new();
                for _ in 0..count {
                    let other = ResourceId(below(n));
                    let me = if foreign && below(10) == 0 {
                        ResourceId(below(n))
                    } else {
                        ResourceId(id)
                    };
                    let (source, target) = if below(2) == 0 {
                        (me, other)
                    } else {
                        (other, me)
                    };
                    let kind = [RelationKind::Before, RelationKind::Notify][below(2) as usize];
                    // (the evaluator's lists have each edge once; the catalog takes any)
                    rels.push(Relationship {
                        source,
                        target,
                        kind,
                    });
                }
                c.set_relationships_of(ResourceId(id), rels);
                if below(8) == 0 {
                    let rel = Relationship {
                        source: ResourceId(below(n)),
                        target: ResourceId(below(n)),
                        kind: RelationKind::Before,
                    };
                    c.add_relationship(rel);
                }
            }
            let mut seen = rustc_hash::FxHashSet::default();
            let want: Vec<Relationship> = (0..n)
                .flat_map(|i| c.relationships_of(ResourceId(i)).to_vec())
                .chain(c.extra_relationships.iter().copied())
                .filter(|r| seen.insert(*r))
                .collect();
            assert_eq!(c.relationships(), &want[..], "round {round}");
            let with_some = (0..n)
                .filter(|&i| !c.relationships_of(ResourceId(i)).is_empty())
                .count();
            assert_eq!(c.resources_with_relationships, with_some, "round {round}");
            assert!(c
                .relationships_by_resource
                .last()
                .is_none_or(|l| !l.is_empty()));
        }
    }

    /// The changed resources come back sorted and once each, whether a few (sorted) or
    /// many (read from a bit set) changed, and the list starts again empty.
    #[test]
    fn changed_resources_are_listed_in_order_once() {
        for count in [3u32, 200] {
            let mut c = notifies(count);
            // out of order and repeated, the last one twice in a row
            for i in (0..count).rev().step_by(2) {
                c.get_mut(ResourceId(i));
            }
            c.get_mut(ResourceId(0));
            c.get_mut(ResourceId(0));
            let want: Vec<ResourceId> = (0..count).map(ResourceId).collect();
            assert_eq!(c.take_changed(), want, "{count} resources");
            assert!(c.take_changed().is_empty());
            c.get_mut(ResourceId(count - 1));
            c.get_mut(ResourceId(1));
            assert_eq!(
                c.take_changed(),
                [ResourceId(1), ResourceId(count - 1)],
                "{count} resources"
            );
        }
    }
}
