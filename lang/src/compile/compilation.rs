//! The state of a compilation that lasts across the inputs of a session: the catalog, the
//! class, define and node definitions, the scopes of evaluated classes, and the work left
//! for the finishing steps (define instances to evaluate, collectors, relationships,
//! overrides).

use super::NamedScope;
use crate::catalog::render::cycle_order::{AcyclicOrder, OrderMark};
use crate::catalog::undo::UndoMap;
use crate::catalog::{Attributes, Catalog, Resource, ResourceId};
use crate::cow::CowRc;
use crate::error::Source;
use crate::syntax::ast::{DefineDef, HostClassDef, NodeDef, RelationOp, Span};
use crate::values::Value;
use rustc_hash::FxHashMap as HashMap;
use std::rc::Rc;

/// A definition and the source text it was read from (its spans point there).
#[derive(Debug)]
pub struct Definition<T> {
    pub def: Rc<T>,
    pub source: Rc<Source>,
    /// Where it is defined in its source.
    pub span: Span,
}

impl<T> Clone for Definition<T> {
    fn clone(&self) -> Self {
        Definition {
            def: self.def.clone(),
            source: self.source.clone(),
            span: self.span,
        }
    }
}

/// A define instance declared but whose body has not run yet.
#[derive(Clone)]
pub struct PendingDefine {
    pub resource: ResourceId,
    pub define: Definition<DefineDef>,
    /// The scope that declared it (resource defaults, containment).
    pub declarer: Option<Rc<NamedScope>>,
    /// The names of the attributes given, in order, when some were undef (the catalog's
    /// parameters lack those): the order the instance's parameters are bound and listed in.
    pub given_order: Option<Rc<[Rc<str>]>>,
}

/// A collector `Type <| query |>` (with its optional override block), kept for the
/// finishing steps: it realizes (and overrides) matching resources declared later too.
#[derive(Clone)]
pub struct Collector {
    pub type_name: Rc<str>,
    pub exported: bool,
    pub query: super::collect::Query,
    pub overrides: Attributes,
    /// The scope the collector is in: its override block takes that scope's resource
    /// defaults, as the reference's does.
    pub scope: Option<Rc<NamedScope>>,
    /// Where it is, `(file: F, line: L)` or `(line: L)`: its overrides' location in errors.
    pub at: Rc<str>,
    /// The resources whose attributes this collector already overrode (in that order: a
    /// failed input's are cut off the end).
    pub overridden: indexmap::IndexSet<ResourceId, rustc_hash::FxBuildHasher>,
    /// What it collected, in the order collected (a resource it matched once stays
    /// collected, as the reference's collector keeps it): the resources a relationship
    /// with the collector reaches.
    pub collected: indexmap::IndexSet<ResourceId, rustc_hash::FxBuildHasher>,
}

/// One side of a relationship as written: resolved to resources in the finishing steps.
#[derive(Debug, Clone)]
pub enum Endpoint {
    /// `Notify['a']`, `Class['x']`
    Reference { type_name: Rc<str>, title: Rc<str> },
    /// The resources a collector in a chain matched (index into `collectors`); when it
    /// matches none and is a relationship's source, the left operand's resources stand for
    /// it (`X -> C -> Y` is `X -> Y` then, `X <- C` is `X -> X`, as in the reference).
    Collector {
        index: usize,
        empty_alternative: Vec<Endpoint>,
    },
}

/// A relationship from an arrow, resolved once every resource is declared.
#[derive(Clone)]
pub struct PendingRelation {
    pub sources: Vec<Endpoint>,
    pub targets: Vec<Endpoint>,
    pub op: RelationOp,
    pub source: Rc<Source>,
    pub span: Span,
}

/// `Type['title'] { ... }` for a resource not declared yet.
#[derive(Clone)]
pub struct PendingOverride {
    pub type_name: Rc<str>,
    pub title: Rc<str>,
    pub attributes: Attributes,
    pub scope: Option<Rc<NamedScope>>,
    /// The line of the override expression (its errors name it).
    pub line: u32,
}

/// A resource `realize()` named before it was declared: its type, title, and where.
pub type ToRealize = (Rc<str>, Rc<str>, Span);

/// The session records what each input changes, to take it back if the input fails
/// ([`Compilation::begin`]): the parts that grow with the catalog (the catalog, the scopes
/// by resource, the class scopes) log their changes; the others are shared ([`CowRc`]) with
/// the [`Mark`] and copied when first written.
#[derive(Clone)]
pub struct Compilation {
    pub catalog: Catalog,
    /// Class definitions by lower-case name without a leading `::`.
    pub classes: CowRc<HashMap<Rc<str>, Definition<HostClassDef>>>,
    /// Define definitions by lower-case name.
    pub defines: CowRc<HashMap<Rc<str>, Definition<DefineDef>>>,
    pub nodes: CowRc<Vec<Definition<NodeDef>>>,
    /// The scopes of the classes evaluated so far (for `$class::var`).
    pub class_scopes: UndoMap<Rc<str>, Rc<NamedScope>>,
    /// The scope of each class, define instance and node evaluated, by its resource (the
    /// resource defaults a resource was declared under).
    pub scopes: UndoMap<ResourceId, Rc<NamedScope>>,
    /// Classes whose `Class` resource is in the catalog but whose body has not run yet
    /// (`include a, b` adds both resources before evaluating either): their resources
    /// (parents added with them included).
    pub pending_classes: UndoMap<Rc<str>, ResourceId>,
    /// Those classes, ready to run (by their name; a declaration met first runs them).
    pub(crate) prepared_classes: UndoMap<Rc<str>, super::classes::PreparedClass>,
    pub pending_defines: CowRc<Vec<PendingDefine>>,
    /// (only ever added to, and what each collected and overrode too: a failed input's
    /// additions are cut off the end)
    pub collectors: Vec<Collector>,
    pub relations: CowRc<Vec<PendingRelation>>,
    pub overrides: CowRc<Vec<PendingOverride>>,
    /// Resource defaults declared at top scope.
    pub top_defaults: CowRc<Vec<(Rc<str>, Attributes)>>,
    /// The scope of the node definition that matched, once evaluated.
    pub node_scope: Option<Rc<NamedScope>>,
    pub node_done: bool,
    pub stage: ResourceId,
    pub main: ResourceId,
    /// What the catalog looked like when the finishing steps last ran (changes, collectors,
    /// node definitions): equal now, and nothing pending, means there is nothing to finish.
    pub finished: (u64, usize, usize),
    /// The dependency cycles last warned about.
    pub cycles_reported: Option<String>,
    /// An order of the relationship graph when it last had no cycle, extended by each
    /// input instead of searching the whole graph again (`render::cycle_order`).
    pub acyclic_order: Option<Rc<AcyclicOrder>>,
    /// Resources realized by `realize()` that were not declared (yet).
    pub to_realize: CowRc<Vec<ToRealize>>,
}

impl Compilation {
    pub fn new(node_name: &str) -> Compilation {
        let mut catalog = Catalog::new(node_name, "production");
        let with_name = |mut r: Resource| {
            r.parameters.insert(Rc::from("name"), Value::from("main"));
            r
        };
        let stage = catalog.add(with_name(Resource::new(
            "Stage",
            "main",
            vec!["stage".into()],
            None,
        )));
        let settings = vec!["class".into(), "settings".into()];
        catalog.add(Resource::new("Class", "Settings", settings, Some(stage)));
        let main = catalog.add(with_name(Resource::new(
            "Class",
            "main",
            vec!["class".into()],
            Some(stage),
        )));
        catalog.add_class("settings".into());
        catalog.add_class("main".into());
        Compilation {
            catalog,
            classes: Default::default(),
            defines: Default::default(),
            nodes: Default::default(),
            class_scopes: Default::default(),
            scopes: Default::default(),
            pending_classes: Default::default(),
            prepared_classes: Default::default(),
            pending_defines: Default::default(),
            collectors: Default::default(),
            relations: Default::default(),
            overrides: Default::default(),
            top_defaults: Default::default(),
            node_scope: None,
            node_done: false,
            stage,
            main,
            to_realize: Default::default(),
            cycles_reported: None,
            acyclic_order: None,
            finished: (0, 0, 0),
        }
    }
}

/// What [`Compilation::begin`] keeps to go back to: the parts that do not log their
/// changes, shared.
pub struct Mark {
    classes: CowRc<HashMap<Rc<str>, Definition<HostClassDef>>>,
    defines: CowRc<HashMap<Rc<str>, Definition<DefineDef>>>,
    nodes: CowRc<Vec<Definition<NodeDef>>>,
    pending_defines: CowRc<Vec<PendingDefine>>,
    /// How many collectors there were, and how many resources each had collected and
    /// overridden.
    collectors: Vec<(usize, usize)>,
    relations: CowRc<Vec<PendingRelation>>,
    overrides: CowRc<Vec<PendingOverride>>,
    top_defaults: CowRc<Vec<(Rc<str>, Attributes)>>,
    to_realize: CowRc<Vec<ToRealize>>,
    node_scope: Option<Rc<NamedScope>>,
    node_done: bool,
    stage: ResourceId,
    main: ResourceId,
    finished: (u64, usize, usize),
    cycles_reported: Option<String>,
    acyclic_order: Option<OrderMark>,
}

impl Compilation {
    /// Starts recording an input's changes: [`Compilation::roll_back`] with the mark
    /// returned takes them back, [`Compilation::commit`] keeps them.
    pub fn begin(&mut self) -> Mark {
        self.catalog.begin();
        self.class_scopes.begin();
        self.scopes.begin();
        self.pending_classes.begin();
        self.prepared_classes.begin();
        Mark {
            classes: self.classes.clone(),
            defines: self.defines.clone(),
            nodes: self.nodes.clone(),
            pending_defines: self.pending_defines.clone(),
            collectors: self
                .collectors
                .iter()
                .map(|c| (c.collected.len(), c.overridden.len()))
                .collect(),
            relations: self.relations.clone(),
            overrides: self.overrides.clone(),
            top_defaults: self.top_defaults.clone(),
            to_realize: self.to_realize.clone(),
            node_scope: self.node_scope.clone(),
            node_done: self.node_done,
            stage: self.stage,
            main: self.main,
            finished: self.finished,
            cycles_reported: self.cycles_reported.clone(),
            acyclic_order: self.acyclic_order.as_ref().map(|o| o.mark()),
        }
    }

    /// Keeps the changes since [`Compilation::begin`] and stops recording.
    pub fn commit(&mut self) {
        self.catalog.commit();
        self.class_scopes.commit();
        self.scopes.commit();
        self.pending_classes.commit();
        self.prepared_classes.commit();
    }

    /// Takes back the changes since [`Compilation::begin`] made `mark`.
    pub fn roll_back(&mut self, mark: Mark) {
        self.catalog.roll_back();
        self.class_scopes.roll_back();
        self.scopes.roll_back();
        self.pending_classes.roll_back();
        self.prepared_classes.roll_back();
        self.classes = mark.classes;
        self.defines = mark.defines;
        self.nodes = mark.nodes;
        self.pending_defines = mark.pending_defines;
        self.collectors.truncate(mark.collectors.len());
        for (c, &(collected, overridden)) in self.collectors.iter_mut().zip(&mark.collectors) {
            c.collected.truncate(collected);
            c.overridden.truncate(overridden);
        }
        self.relations = mark.relations;
        self.overrides = mark.overrides;
        self.top_defaults = mark.top_defaults;
        self.to_realize = mark.to_realize;
        self.node_scope = mark.node_scope;
        self.node_done = mark.node_done;
        self.stage = mark.stage;
        self.main = mark.main;
        self.finished = mark.finished;
        self.cycles_reported = mark.cycles_reported;
        // The order of the graph is cut back to where it was, when it is the same order;
        // else (made again since, or there was none) it is dropped: the next search goes
        // over the whole graph.
        let kept = match (&mut self.acyclic_order, &mark.acyclic_order) {
            (Some(order), Some(m)) => Rc::make_mut(order).cut_back(m),
            _ => false,
        };
        if !kept {
            self.acyclic_order = None;
        }
    }
}
