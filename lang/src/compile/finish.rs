//! Relationships (`->`, `~>`, `<-`, `<~` and the `before`/`require`/`notify`/`subscribe`
//! metaparameters), `realize`, and the finishing steps that run after each input as they
//! run after the main code of a compilation: the node definition, then collectors and
//! define instances until nothing changes, pending overrides, relationships.

use super::compilation::{Endpoint, PendingRelation};
use super::declare::collect_refs;
use crate::catalog::{RelationKind, Relationship, ResourceId};
use crate::error::{Error, ErrorKind};
use crate::eval::{EvalResult, Evaluator};
use crate::syntax::ast::{Expr, ExprKind, RelationOp, Span};
use crate::types::PType;
use crate::values::Value;
use std::rc::Rc;

/// A resource an endpoint denotes: its type and title as written, and the resource when
/// there is one.
type EndpointResource = ((Rc<str>, Rc<str>), Option<ResourceId>);

/// The kind of edge a relationship metaparameter makes, and whether it points from the
/// resource named to the resource that names it (`require`, `subscribe`); `None` for any
/// other parameter. (A `match`: a length and a few bytes compared for each parameter.)
fn relation_param(name: &str) -> Option<(RelationKind, bool)> {
    match name {
        "before" => Some((RelationKind::Before, false)),
        "notify" => Some((RelationKind::Notify, false)),
        "require" => Some((RelationKind::Before, true)),
        "subscribe" => Some((RelationKind::Notify, true)),
        _ => None,
    }
}

/// A relationship's operand, evaluated.
enum Operand {
    /// A collector or a chain, with the resources it denotes.
    Denoting(Value, Vec<Endpoint>),
    /// Any other value, with where its expression is, checked once both operands are
    /// evaluated.
    Value(Value, Span),
}

impl Evaluator {
    /// `left -> right` (and the other arrows): remembered for the finishing steps; the value
    /// is the right operand's.
    pub(crate) fn eval_relationship(
        &mut self,
        op: RelationOp,
        left: &Expr,
        right: &Expr,
        span: Span,
    ) -> EvalResult {
        let (value, _) = self.chain(op, left, right, span)?;
        Ok(match value {
            Value::Array(_) => value,
            other => Value::array(vec![other]),
        })
    }

    /// Records `left op right` and gives what the next arrow of a chain starts from: the
    /// right operand, or the left one when the right one is empty (`X -> [] -> Y` is
    /// `X -> Y`, as in the reference).
    fn chain(
        &mut self,
        op: RelationOp,
        left: &Expr,
        right: &Expr,
        span: Span,
    ) -> EvalResult<(Value, Vec<Endpoint>)> {
        // (both operands evaluated before either is checked, as the reference's binary
        // expression: `no -> f()` fails in `f`)
        let left = self.relationship_operand(left)?;
        let right = self.relationship_operand(right)?;
        let (left_value, sources) = self.relationship_endpoints(left, op)?;
        let (value, mut targets) = self.relationship_endpoints(right, op)?;
        // A collector on the right stands for the left operand where it matches nothing,
        // where it is a relationship's source: the next arrow of a chain, or this one's
        // when the arrow points left (`X <- C` is `X -> X` then, as in the reference).
        if let [Endpoint::Collector {
            empty_alternative, ..
        }] = targets.as_mut_slice()
        {
            *empty_alternative = sources.clone();
        }
        // (the relation keeps both lists; only the one given on is copied)
        let next = match targets.is_empty() {
            true => (left_value, sources.clone()),
            false => (value, targets.clone()),
        };
        self.compilation.relations.push(PendingRelation {
            sources,
            targets,
            op,
            source: self.source.clone(),
            span,
        });
        Ok(next)
    }

    /// An operand evaluated: with the resources it denotes when it is a collector (what it
    /// matches in the end) or a chain (its right-most operand), else its value to check.
    fn relationship_operand(&mut self, e: &Expr) -> EvalResult<Operand> {
        match &e.kind {
            ExprKind::Collector { .. } => {
                let v = self.eval(e)?;
                let index = self.compilation.collectors.len() - 1;
                let collector = Endpoint::Collector {
                    index,
                    empty_alternative: Vec::new(),
                };
                Ok(Operand::Denoting(v, vec![collector]))
            }
            ExprKind::Relationship(op, l, r) => {
                let (v, endpoints) = self.chain(*op, l, r, e.span)?;
                Ok(Operand::Denoting(v, endpoints))
            }
            ExprKind::Paren(x) => self.relationship_operand(x),
            _ => {
                let outer = std::mem::replace(&mut self.arrow_operand, true);
                let v = self.eval(e);
                self.arrow_operand = outer;
                Ok(Operand::Value(v?, e.span))
            }
        }
    }

    /// An operand's value and the resources it denotes, or why it denotes none.
    fn relationship_endpoints(
        &mut self,
        operand: Operand,
        op: RelationOp,
    ) -> EvalResult<(Value, Vec<Endpoint>)> {
        match operand {
            Operand::Denoting(v, endpoints) => Ok((v, endpoints)),
            Operand::Value(v, span) => {
                if let Value::Type(_) = &v {
                    if let Some(bad) = invalid_reference(&v) {
                        return Err(Error::new(
                            ErrorKind::Failed,
                            format!(
                                "No title provided and {bad:?} is not a valid resource reference"
                            ),
                        )
                        .into());
                    }
                }
                if let Some(bad) = invalid_string_operand(&v) {
                    let symbol = match op {
                        RelationOp::Before => "->",
                        RelationOp::Notify => "~>",
                        RelationOp::Require => "<-",
                        RelationOp::Subscribe => "<~",
                    };
                    return Err(Error::eval(format!(
                        "Error while evaluating a '{symbol}' expression, The expression <{bad}> is not a valid type specification."
                    ))
                    .at(span)
                    .into());
                }
                let mut refs = Vec::new();
                relation_refs(&v, &mut refs);
                // The operand is a set, as the reference makes it: flattened, each resource
                // once (`[A, [B, A]] -> C` is `[A, B] -> C`, and so is its value).
                // (one reference, the usual operand, is a set already)
                if refs.len() > 1 {
                    let mut seen = std::collections::HashSet::new();
                    refs.retain(|r| seen.insert(r.clone()));
                }
                let v = match v {
                    Value::Array(_) => {
                        let mut flat: Vec<Value> = Vec::new();
                        flatten_operand(&v, &mut flat);
                        Value::array(flat)
                    }
                    other => other,
                };
                if refs.is_empty() && !matches!(&v, Value::Array(a) if a.is_empty()) {
                    return Err(Error::eval(format!(
                        "Illegal relationship operand, can not form a relationship with {}. A Catalog type is required.",
                        crate::describe::a_an(&v)
                    ))
                    .at(span)
                    .into());
                }
                let endpoints = refs
                    .into_iter()
                    .map(|(type_name, title)| Endpoint::Reference { type_name, title })
                    .collect();
                Ok((v, endpoints))
            }
        }
    }

    /// `realize(Notify['a'])`: the virtual resource becomes part of the catalog (now, or
    /// once it is declared).
    pub(crate) fn realize(&mut self, type_name: Rc<str>, title: Rc<str>, span: Span) {
        match self.compilation.catalog.find(&type_name, &title) {
            Some(id) => {
                self.compilation.catalog.realize(id);
            }
            None => self.compilation.to_realize.push((type_name, title, span)),
        }
    }

    /// The finishing steps, after each input.
    pub(crate) fn finish_compilation(&mut self) -> Result<(), Error> {
        let c = &self.compilation;
        let stamp = || (c.catalog.changes(), c.collectors.len(), c.nodes.len());
        let nothing_pending = c.relations.is_empty()
            && c.overrides.is_empty()
            && c.pending_defines.is_empty()
            && c.to_realize.is_empty();
        if nothing_pending && stamp() == c.finished {
            // An input that changed nothing in the catalog (most inputs of a session).
            return Ok(());
        }
        self.evaluate_node()?;
        // Collectors, then define instances, until nothing changes (as the reference's
        // generators, with its limit on the number of passes).
        let mut passes = 0;
        loop {
            let mut changed = self.run_collectors()?;
            changed |= self.realize_pending();
            changed |= self.evaluate_pending_defines()?;
            if !changed {
                break;
            }
            self.check_interrupt()?;
            passes += 1;
            if passes > 1000 {
                return Err(Error::new(
                    ErrorKind::Failed,
                    "Somehow looped more than 1000 times while evaluating host catalog",
                ));
            }
        }
        // The arrows first, then the overrides and parameter checks, then what containers
        // pass on, as the reference finishes a catalog (a missing arrow's end is reported
        // before an unknown parameter).
        let relations = std::mem::take(&mut self.compilation.relations).into_inner();
        let mut ends = [Vec::new(), Vec::new()];
        for rel in relations {
            self.add_relation(&rel, &mut ends)?;
        }
        let overrides = std::mem::take(&mut self.compilation.overrides).into_inner();
        for o in overrides {
            if let Some(id) = self.compilation.catalog.find(&o.type_name, &o.title) {
                let saved = std::mem::replace(&mut self.scope, o.scope.clone());
                let r = self.apply_override(
                    id,
                    &o.attributes,
                    super::declare::OverrideSite::Expression(o.line),
                );
                self.scope = saved;
                r?;
            }
        }
        let changed = self.compilation.catalog.take_changed();
        self.validate_builtin_parameters(&changed)?;
        let unevaluated = self.compilation.pending_defines.clone();
        for p in unevaluated.iter() {
            self.check_unevaluated_define(p)?;
        }
        self.propagate_metaparameters(&changed)?;
        // Those changed since (metaparameters passed on) are checked again by the next
        // input's parameter checks, as before; their relationships are collected now.
        let mut changed = changed;
        changed.extend_from_slice(self.compilation.catalog.changed_since_taken());
        changed.sort_unstable();
        changed.dedup();
        self.collect_relationships(&changed)?;
        #[cfg(test)]
        let started = std::time::Instant::now();
        self.warn_about_cycles();
        #[cfg(test)]
        CYCLE_SEARCH_MS.with(|t| t.set(t.get() + started.elapsed().as_secs_f64() * 1000.0));
        let c = &self.compilation;
        self.compilation.finished = (c.catalog.changes(), c.collectors.len(), c.nodes.len());
        Ok(())
    }

    /// Warns (once per set of cycles) when the catalog has dependency cycles, as `puppet
    /// apply` would report them when applying it; the compilation itself succeeds.
    fn warn_about_cycles(&mut self) {
        if !self.warn_cycles
            || !self.compilation.catalog.has_relationships()
            || !self.compilation.catalog.may_have_new_cycles()
        {
            return;
        }
        use crate::catalog::render::cycle_order::AcyclicOrder;
        let catalog = &self.compilation.catalog;
        // The order the last input left, extended by this one's resources and checked
        // against its edges; else the whole search (and a new order when it finds none).
        let extended = self
            .compilation
            .acyclic_order
            .as_mut()
            .is_some_and(|order| Rc::make_mut(order).extend(catalog));
        #[cfg(test)]
        ORDERS_EXTENDED.with(|n| n.set(n.get() + usize::from(extended)));
        let cycles = if extended {
            Vec::new()
        } else if let Some(order) = AcyclicOrder::of(catalog) {
            self.compilation.acyclic_order = Some(Rc::new(order));
            Vec::new()
        } else {
            self.compilation.acyclic_order = None;
            crate::catalog::render::find_cycles(catalog)
        };
        let message = crate::catalog::render::cycle_warning(catalog, &cycles);
        self.compilation.catalog.cycles_checked();
        if message != self.compilation.cycles_reported {
            self.compilation.cycles_reported = message.clone();
            if let Some(m) = message {
                self.log(crate::LogLevel::Warning, &m);
            }
        }
    }

    /// Checks that the resources of built-in types have only parameters their type accepts
    /// (in declaration order, the first unknown one reported), and that no class or define
    /// instance was given `title`. Those added or changed since
    /// the last check alone: the others passed it then (an input that fails goes back to
    /// the catalog and its list of changes from before it).
    fn validate_builtin_parameters(&mut self, changed: &[ResourceId]) -> Result<(), Error> {
        for &id in changed {
            let r = self.compilation.catalog.get(id);
            let Some(info) = self.compilation.catalog.type_info(&r.type_name) else {
                // A class or define instance given `title` (its body ran: the reference
                // checks their parameters here too, in the same order, with no location).
                if r.is_set("title") {
                    let who = crate::catalog::reference_text(&r.type_name, &r.title);
                    let m = format!("{who}: has no parameter named 'title'");
                    return Err(Error::new(ErrorKind::Failed, m));
                }
                continue;
            };
            // Those set to undef too: a built-in type must have them as well. (The first
            // one not accepted found in place: a vector of the names for each resource
            // cost more than the check.)
            let unknown = r
                .parameters
                .keys()
                .chain(&r.undef_parameters)
                .map(|k| &**k)
                .find(|p| !crate::catalog::builtin_types::accepts(info, p));
            let Some(unknown) = unknown else {
                continue;
            };
            let file = r.location_name();
            let params = [(unknown, &Value::Undef)];
            crate::catalog::builtin_types::validate_at(info, &r.title, &params, file, r.line)
                .map_err(|m| {
                    let hint = crate::eval::hints::parameter_hint(
                        unknown,
                        info.parameters.iter().copied(),
                    );
                    r.locate(Error::new(ErrorKind::Failed, m).with_hint(hint))
                })?;
        }
        Ok(())
    }

    /// Runs the bodies of the define instances declared so far and not virtual (one pass:
    /// instances they declare wait for the next); returns whether there were any.
    fn evaluate_pending_defines(&mut self) -> Result<bool, Error> {
        let pending = std::mem::take(&mut self.compilation.pending_defines).into_inner();
        let (ready, waiting): (Vec<_>, Vec<_>) = pending
            .into_iter()
            .partition(|p| !self.compilation.catalog.get(p.resource).is_virtual);
        self.compilation.pending_defines = waiting.into();
        let ran = !ready.is_empty();
        // The bodies run outside any function call: no frame of the program's is under them.
        let sites = std::mem::take(&mut self.call_sites);
        let result = ready.into_iter().try_for_each(|p| {
            self.check_interrupt()?;
            self.evaluate_define(p)
        });
        self.call_sites = sites;
        result?;
        Ok(ran)
    }

    /// Realizes resources `realize()` named before they were declared.
    fn realize_pending(&mut self) -> bool {
        let mut changed = false;
        let pending = std::mem::take(&mut self.compilation.to_realize).into_inner();
        for (t, title, span) in pending {
            match self.compilation.catalog.find(&t, &title) {
                Some(id) => changed |= self.compilation.catalog.realize(id),
                None => self.compilation.to_realize.push((t, title, span)),
            }
        }
        changed
    }

    /// The resources an endpoint denotes, each with its type and title (for messages: made
    /// into a reference only when one is missing). A collector that matches nothing stands
    /// for its alternative only as a source (`as_source`).
    /// (Added to `out`: one vector for all the arrows, not one for each end of each.)
    fn endpoint_resources(&self, e: &Endpoint, as_source: bool, out: &mut Vec<EndpointResource>) {
        match e {
            Endpoint::Reference { type_name, title } => out.push((
                (type_name.clone(), title.clone()),
                self.find_reference(type_name, title),
            )),
            Endpoint::Collector {
                index,
                empty_alternative,
            } => {
                let collected = &self.compilation.collectors[*index].collected;
                if collected.is_empty() && as_source {
                    for e in empty_alternative {
                        self.endpoint_resources(e, true, out);
                    }
                } else {
                    out.extend(collected.iter().map(|&id| {
                        let r = self.compilation.catalog.get(id);
                        ((r.type_name.clone(), r.title.clone()), Some(id))
                    }));
                }
            }
        }
    }

    /// Finds a resource by a reference's type and title (class titles in any case).
    pub(crate) fn find_reference(&self, type_name: &str, title: &str) -> Option<ResourceId> {
        let catalog = &self.compilation.catalog;
        if type_name == "Class" {
            let t = crate::types::names::capitalize_segments(title);
            return catalog
                .find("Class", &t)
                .or_else(|| catalog.find("Class", title));
        }
        catalog.find(type_name, title)
    }

    /// Records an arrow's edges as `before`/`notify` parameters of the source resources.
    /// `ends`: two vectors to use (empty), for the resources of each end.
    fn add_relation(
        &mut self,
        rel: &PendingRelation,
        ends: &mut [Vec<EndpointResource>; 2],
    ) -> Result<(), Error> {
        let (from, to) = match rel.op {
            RelationOp::Before | RelationOp::Notify => (&rel.sources, &rel.targets),
            RelationOp::Require | RelationOp::Subscribe => (&rel.targets, &rel.sources),
        };
        let param = match rel.op {
            RelationOp::Before | RelationOp::Require => "before",
            RelationOp::Notify | RelationOp::Subscribe => "notify",
        };
        let text = |(t, title): &(Rc<str>, Rc<str>)| format!("{t}[{title}]");
        let [sources, targets] = ends;
        for s in from {
            sources.clear();
            self.endpoint_resources(s, true, sources);
            for (sref, sid) in sources.iter() {
                for t in to {
                    targets.clear();
                    self.endpoint_resources(t, false, targets);
                    for (tref, tid) in targets.iter() {
                        let Some(sid) = *sid else {
                            return Err(Error::new(
                                ErrorKind::Failed,
                                format!(
                                    "Could not find resource '{}' for relationship on '{}'",
                                    text(sref),
                                    text(tref)
                                ),
                            )
                            .at(rel.span)
                            .in_source(&rel.source));
                        };
                        let Some(tid) = *tid else {
                            return Err(Error::new(
                                ErrorKind::Failed,
                                format!(
                                    "Could not find resource '{}' for relationship from '{}'",
                                    text(tref),
                                    text(sref)
                                ),
                            )
                            .at(rel.span)
                            .in_source(&rel.source));
                        };
                        // The reference as written (an alias stays the alias), as the
                        // reference keeps it; a collector's match as the resource.
                        let (type_name, title) = match t {
                            Endpoint::Reference { .. } if &*tref.0 != "Class" => tref.clone(),
                            _ => {
                                let target = self.compilation.catalog.get(tid);
                                (target.type_name.clone(), target.title.clone())
                            }
                        };
                        let reference = Value::typ(PType::Resource {
                            type_name: Some(type_name),
                            title: Some(title),
                        });
                        let source = self.compilation.catalog.get_mut(sid);
                        super::classes::add_to_param(&mut source.parameters, param, reference);
                    }
                }
            }
        }
        Ok(())
    }

    /// Checks the relationship metaparameters of the resources added or changed since the
    /// last collection (`changed`, in declaration order) and makes the catalog's
    /// relationship edges from them and those collected before. The others' are as they
    /// were: their parameters did not change, and a reference that was found still is
    /// (resources are never taken out); so the first error is the one a check of every
    /// resource would find. (Checking every resource took a third of an input's time once a
    /// session had 300 `apache::vhost`s.)
    fn collect_relationships(&mut self, changed: &[ResourceId]) -> Result<(), Error> {
        for &id in changed {
            let rels = self.relationships_of(id)?;
            self.compilation.catalog.set_relationships_of(id, rels);
        }
        Ok(())
    }

    /// The relationships resource `id`'s metaparameters make, in the order of its
    /// parameters, as the reference checks them (the first missing target reported is
    /// the first one given).
    pub(crate) fn relationships_of(&self, id: ResourceId) -> Result<Vec<Relationship>, Error> {
        let mut rels = Vec::new();
        let r = self.compilation.catalog.get(id);
        if r.is_virtual {
            return Ok(rels);
        }
        // (the parameters in order, without hashing a name: most resources have none of
        // the four)
        for (param, v) in &r.parameters {
            let Some((kind, reversed)) = relation_param(param) else {
                continue;
            };
            if let Some(bad) = invalid_reference(v) {
                return Err(r.locate(Error::new(
                    ErrorKind::Failed,
                    format!(
                        "No title provided and {bad:?} is not a valid resource reference {}",
                        crate::catalog::builtin_types::location(r.location_name(), r.line)
                    ),
                )));
            }
            each_relation_ref(v, &mut |t, title| {
                let Some(other) = self.find_reference(t, title) else {
                    // The line of the attribute, as the reference gives it.
                    let line = r
                        .relation_lines
                        .iter()
                        .find(|(p, _)| p == param)
                        .map(|(_, l)| *l)
                        .or(r.line);
                    return Err(r.locate(Error::new(
                        ErrorKind::Failed,
                        format!(
                            "Could not find resource '{t}[{title}]' in parameter '{param}' {}",
                            crate::catalog::builtin_types::location(r.location_name(), line)
                        ),
                    )));
                };
                let (source, target) = if reversed { (other, id) } else { (id, other) };
                let rel = Relationship {
                    source,
                    target,
                    kind,
                };
                if !rels.contains(&rel) {
                    rels.push(rel);
                }
                Ok(())
            })?;
        }
        Ok(rels)
    }

    /// The relationship edges a check of every resource makes (what
    /// [`Evaluator::collect_relationships`] keeps up to date), for tests.
    #[cfg(test)]
    pub(crate) fn all_relationships(&self) -> Result<Vec<Relationship>, Error> {
        let mut seen = rustc_hash::FxHashSet::default();
        let mut out = Vec::new();
        for (id, _) in self.compilation.catalog.all_resources() {
            for rel in self.relationships_of(id)? {
                if seen.insert(rel) {
                    out.push(rel);
                }
            }
        }
        Ok(out)
    }
}

/// A string operand of an arrow that is not a reference `Type[title]`.
fn invalid_string_operand(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => invalid_reference(v).map(|_| s.to_string()),
        Value::Array(a) => a.iter().find_map(invalid_string_operand),
        _ => None,
    }
}

/// The first value of a relationship metaparameter that names no resource, as the
/// reference shows it.
fn invalid_reference(v: &Value) -> Option<String> {
    match v {
        Value::Array(a) => a.iter().find_map(invalid_reference),
        Value::Undef => None,
        Value::String(s) => {
            let ok = s
                .split_once('[')
                .is_some_and(|(t, rest)| !t.is_empty() && rest.ends_with(']'));
            (!ok).then(|| s.to_string())
        }
        Value::Type(t) => match &**t {
            PType::Resource {
                type_name: Some(_),
                title: Some(_),
            }
            | PType::Class(Some(_)) => None,
            PType::Resource {
                type_name: Some(n),
                title: None,
            } => Some(format!("{n}[]")),
            other => Some(other.to_string()),
        },
        other => Some(crate::format::to_display(other)),
    }
}

/// The elements of a relationship operand, nested arrays flattened, a string `Type[title]`
/// made a reference, each value once.
fn flatten_operand(v: &Value, out: &mut Vec<Value>) {
    let element = match v {
        Value::Array(a) => return a.iter().for_each(|x| flatten_operand(x, out)),
        Value::String(_) => {
            let mut refs = Vec::new();
            relation_refs(v, &mut refs);
            match refs.pop() {
                Some((type_name, title)) => Value::typ(PType::Resource {
                    type_name: Some(type_name),
                    title: Some(title),
                }),
                None => v.clone(),
            }
        }
        other => other.clone(),
    };
    if !out.contains(&element) {
        out.push(element);
    }
}

/// Calls `f` with each reference [`relation_refs`] lists, in order, borrowed (a vector of
/// them and their names' counts were ~200 instructions a reference when the relationships
/// are collected); stops at its first error.
fn each_relation_ref<E>(
    v: &Value,
    f: &mut impl FnMut(&str, &str) -> Result<(), E>,
) -> Result<(), E> {
    match v {
        Value::String(s) => match s.split_once('[') {
            Some((t, rest)) => match rest.strip_suffix(']') {
                Some(title) => f(
                    &crate::types::names::capitalize_segments(t),
                    title.trim_matches(|c| c == '\'' || c == '"'),
                ),
                None => Ok(()),
            },
            None => Ok(()),
        },
        Value::Array(a) => a.iter().try_for_each(|x| each_relation_ref(x, f)),
        Value::Type(t) => match &**t {
            PType::Resource {
                type_name: Some(tn),
                title: Some(title),
            } => f(tn, title),
            PType::Class(Some(name)) => f("Class", &crate::types::names::capitalize_segments(name)),
            _ => Ok(()),
        },
        _ => Ok(()),
    }
}

/// The references in a relationship metaparameter's value: resource references, and
/// strings of the form `Type[title]`.
fn relation_refs(v: &Value, out: &mut Vec<(Rc<str>, Rc<str>)>) {
    match v {
        Value::String(s) => {
            if let Some((t, rest)) = s.split_once('[') {
                if let Some(title) = rest.strip_suffix(']') {
                    let t = crate::types::names::capitalize_segments(t);
                    let title = title.trim_matches(|c| c == '\'' || c == '"');
                    out.push((t.into(), title.into()));
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|x| relation_refs(x, out)),
        other => collect_refs(other, out),
    }
}

#[cfg(test)]
thread_local! {
    /// How many times the cycle search was an extended order, not a whole search (tests).
    pub(super) static ORDERS_EXTENDED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    /// The time spent in the dependency-cycle search, in ms (tests).
    pub(super) static CYCLE_SEARCH_MS: std::cell::Cell<f64> = const { std::cell::Cell::new(0.0) };
}
