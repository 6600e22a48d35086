//! Classes (`include`, `require`, `contain`, `class { 'x': }`), define instances and node
//! definitions: binding their parameters and evaluating their bodies in scopes of their own.

use super::compilation::{Definition, PendingDefine};
use super::declare::source_file_name;
use super::{NamedScope, ScopeKind};
use crate::catalog::{tags, Attributes, Params, Resource, ResourceId};
use crate::error::{Error, Source};
use crate::eval::{EvalResult, Evaluator, Flow};
use crate::syntax::ast::{Expr, ExprKind, NodeDef, Param, Span};
use crate::types::names::capitalize_segments;
use crate::types::{self, PType};
use crate::values::Value;
use std::rc::Rc;

/// A class whose `Class` resources were added and whose parameters and body are still to
/// be evaluated (`prepare_class`, then `run_class`).
#[derive(Clone)]
pub(crate) struct PreparedClass {
    /// The class and the parents not declared before it, the root first.
    chain: Vec<(
        Rc<str>,
        String,
        Definition<crate::syntax::ast::HostClassDef>,
    )>,
    ids: Vec<ResourceId>,
    declared_parent: Option<Rc<NamedScope>>,
    /// A parent added by the same `include`, evaluated before this class.
    parent_after: Option<Rc<str>>,
    /// The stage of the class (its parents are in `main`'s, or the declaring class's): the
    /// containment edge is made when the class is evaluated, after its parents' bodies, as
    /// the reference makes it.
    stage: ResourceId,
    /// The stage of the class that declares this one (its `stage` parameter), which a class
    /// not given one is in, with its parents (the reference's `add_edge_to_stage`).
    declarer_stage: Option<(ResourceId, Value)>,
    attrs: Attributes,
    span: Span,
}

/// How a class is declared.
pub enum Declaration {
    Include,
    /// `require`: the declaring scope's resource also requires the class.
    Require,
    /// `contain`: the declaring scope's resource also contains the class.
    Contain,
    /// `class { 'x': ... }` with its attributes (at most once per class).
    ResourceLike(Attributes),
}

impl Evaluator {
    /// A class or define parameter named like a metaparameter, as the reference checks it
    /// when it loads the definition: with a default, a warning (once a session: the value
    /// is passed on to the contents); without one, an error.
    fn check_metaparameter_names(&mut self, name: &str, params: &[Param]) -> Result<(), Error> {
        for p in params {
            if !crate::catalog::builtin_types::is_metaparameter(&p.name) {
                continue;
            }
            let param = &p.name;
            if p.default.is_none() {
                return Err(Error::new(
                    crate::ErrorKind::Failed,
                    format!(
                        "{param} is a metaparameter; please choose another parameter name in \
                         the {name} definition"
                    ),
                ));
            }
            let message = format!(
                "{param} is a metaparam; this value will inherit to all contained resources \
                 in the {name} definition"
            );
            if self.first_deprecation(&message) {
                self.log(crate::LogLevel::Warning, &message);
            }
        }
        Ok(())
    }

    /// Registers a class or define definition (and the ones nested in a class, named
    /// `outer::inner`) before the statements of the input run. `defined` holds the names
    /// defined earlier in the same input: defining one again is an error.
    pub(crate) fn define_catalog_type(
        &mut self,
        e: &Expr,
        prefix: &str,
        defined: &mut rustc_hash::FxHashMap<Rc<str>, Span>,
    ) -> Result<(), Error> {
        let qualify = |name: &Rc<str>| -> Rc<str> {
            let bare = name.strip_prefix("::").unwrap_or(name);
            if prefix.is_empty() {
                // (most names: lower case already, the tree's text taken as it is)
                if bare.len() == name.len() && !bare.bytes().any(|b| b.is_ascii_uppercase()) {
                    return name.clone();
                }
                bare.to_ascii_lowercase().into()
            } else {
                format!("{prefix}::{}", bare.to_ascii_lowercase()).into()
            }
        };
        // (a definition's key among those of the same input, `class x`, `define x`)
        let key = |kind: &str, name: &str| -> Rc<str> { [kind, name].concat().into() };
        // `(line: 2)`, or with the file or input: `(file: In[3], line: 2)`.
        let at = |ev: &Evaluator, span: Span| ev.location_text(Some(ev.line_of(span)));
        match &e.kind {
            ExprKind::ClassDef(c) => {
                let name = qualify(&c.name);
                if &*name == "settings" {
                    return Err(Error::new(
                        crate::ErrorKind::Failed,
                        format!(
                            "Class 'settings' is already defined; cannot redefine {}",
                            at(self, e.span)
                        ),
                    ));
                }
                let key = key("class ", &name);
                if let Some(first) = defined.get(&key) {
                    return Err(Error::new(
                        crate::ErrorKind::Failed,
                        format!(
                            "Class '{name}' is already defined {}; cannot redefine {}",
                            at(self, *first),
                            at(self, e.span)
                        ),
                    ));
                }
                if let Some(first) = defined.get(&*["define ", &name].concat()) {
                    return Err(Error::new(
                        crate::ErrorKind::Failed,
                        format!(
                            "Definition '{name}' is already defined {}; cannot be redefined as a class {}",
                            at(self, *first),
                            at(self, e.span)
                        ),
                    ));
                }
                defined.insert(key, e.span);
                self.check_metaparameter_names(&name, &c.params)?;
                let def = Definition {
                    def: c.clone(),
                    source: self.source.clone(),
                    span: e.span,
                };
                self.compilation.classes.insert(name.clone(), def);
                // (a thawed body without definitions is made when it runs, not here)
                let inner: &[Expr] = match c.body.has_definitions() {
                    true => &c.body,
                    false => &[],
                };
                for inner in inner {
                    if matches!(
                        inner.kind,
                        ExprKind::ClassDef(_) | ExprKind::DefineDef(_) | ExprKind::NodeDef(_)
                    ) {
                        self.define_catalog_type(inner, &name, defined)?;
                    }
                }
            }
            ExprKind::DefineDef(d) => {
                let name = qualify(&d.name);
                let key = key("define ", &name);
                if let Some(first) = defined.get(&key) {
                    let (line, col) = self.source.line_col(first.start);
                    return Err(Error::new(
                        crate::ErrorKind::Failed,
                        format!(
                            "Attempt to redefine entity 'http://puppet.com/2016.1/runtime/type/{name}'. Originally set at string:?line={line}&pos={col}."
                        ),
                    ));
                }
                if let Some(first) = defined.get(&*["class ", &name].concat()) {
                    return Err(Error::new(
                        crate::ErrorKind::Failed,
                        format!(
                            "Class '{name}' is already defined {}; cannot be redefined as a definition {}",
                            at(self, *first),
                            at(self, e.span)
                        ),
                    ));
                }
                defined.insert(key, e.span);
                self.check_metaparameter_names(&name, &d.params)?;
                let def = Definition {
                    def: d.clone(),
                    source: self.source.clone(),
                    span: e.span,
                };
                self.compilation.defines.insert(name, def);
            }
            ExprKind::NodeDef(n) => {
                for m in &n.def_matches() {
                    let key: Rc<str> = format!("node {m}").into();
                    if let Some(first) = defined.get(&key) {
                        return Err(Error::new(
                            crate::ErrorKind::Failed,
                            format!(
                                "Node '{m}' is already defined {}; cannot redefine {}",
                                at(self, *first),
                                at(self, e.span)
                            ),
                        ));
                    }
                    defined.insert(key, e.span);
                }
                self.compilation.nodes.push(Definition {
                    def: n.clone(),
                    source: self.source.clone(),
                    span: e.span,
                });
            }
            _ => {}
        }
        Ok(())
    }

    /// Declares a class (evaluating it the first time) and returns its `Class` resource.
    pub(crate) fn declare_class(
        &mut self,
        name: &str,
        how: Declaration,
        span: Span,
    ) -> Result<ResourceId, Error> {
        let lower: Rc<str> = name
            .strip_prefix("::")
            .unwrap_or(name)
            .to_ascii_lowercase()
            .into();
        // `settings` is always there (the reference's settings class).
        if &*lower == "settings" {
            if let Declaration::ResourceLike(_) = how {
                let line = self.line_of(span);
                return Err(Error::eval(format!(
                    "Duplicate declaration: Class[Settings] is already declared; cannot redeclare{}",
                    self.location_suffix(line)
                )));
            }
            if let Some(id) = self.compilation.catalog.find("Class", "Settings") {
                return Ok(id);
            }
        }
        if !self.compilation.classes.contains_key(&lower) {
            self.autoload(crate::env::modules::Kind::Manifest, &lower)?;
        }
        let Some(def) = self.compilation.classes.get(&lower).cloned() else {
            let message = match how {
                Declaration::ResourceLike(_) => format!("Could not find declared class {name}"),
                _ => format!(
                    "Could not find class ::{lower} for {}",
                    self.compilation.catalog.node_name
                ),
            };
            return Err(Error::eval(message).with_hint(self.class_hint(&lower)));
        };
        let title = capitalize_segments(&lower);
        let declarer = self.container();
        // A class added by the same `include` and not evaluated yet is evaluated now, as the
        // reference does (its body runs once).
        if !matches!(how, Declaration::ResourceLike(_)) {
            self.run_prepared(&lower)?;
        }
        // A parent added with such a class counts as declared.
        let declared = match self.compilation.class_scopes.get(&lower) {
            Some(scope) => Some(scope.resource),
            None => self.compilation.pending_classes.get(&lower).copied(),
        };
        let id = match declared {
            Some(resource) => {
                if let Declaration::ResourceLike(_) = how {
                    // A class declared like a resource has a location; an included one has none.
                    let first = self.compilation.catalog.get(resource);
                    let message = crate::catalog::builtin_types::duplicate_message(
                        &format!("Class[{title}]"),
                        (first.location_name(), first.line),
                        (self.location_name().as_deref(), Some(self.line_of(span))),
                    );
                    return Err(Error::eval(message));
                }
                resource
            }
            None => {
                let resource_like = matches!(how, Declaration::ResourceLike(_));
                let p = self.prepare_class(&lower, &title, def, how_attrs(&how), span)?;
                if let (false, Some(&id)) = (resource_like, p.ids.last()) {
                    // Included, not declared like a resource: no location of its own.
                    self.compilation.catalog.get_mut(id).line = None;
                }
                self.run_class(p)?
            }
        };
        match how {
            Declaration::Require => {
                let r = Value::typ(PType::Resource {
                    type_name: Some("Class".into()),
                    title: Some(title.into()),
                });
                let decl = self.compilation.catalog.get_mut(declarer);
                add_to_param(&mut decl.parameters, "require", r);
            }
            Declaration::Contain => self.compilation.catalog.add_containment(declarer, id),
            _ => {}
        }
        Ok(id)
    }

    /// `include a, b, ...` as the reference does it: every class is found first, then the
    /// `Class` resources of those not declared yet are added (with their parents), then
    /// their bodies run in order. A class that one of them includes while still pending is
    /// not evaluated again there.
    pub(crate) fn declare_classes_together(
        &mut self,
        names: &[Rc<str>],
        how: fn() -> Declaration,
        span: Span,
    ) -> Result<(), Error> {
        let mut lowers: Vec<Rc<str>> = Vec::new();
        for name in names {
            let lower: Rc<str> = name
                .strip_prefix("::")
                .unwrap_or(name)
                .to_ascii_lowercase()
                .into();
            if !self.compilation.classes.contains_key(&lower) {
                self.autoload(crate::env::modules::Kind::Manifest, &lower)?;
            }
            if !self.compilation.classes.contains_key(&lower) && &*lower != "settings" {
                // The reference's error, before anything is added.
                self.declare_class(name, how(), span)?;
            }
            lowers.push(lower);
        }
        let mut prepared = Vec::new();
        for lower in &lowers {
            let declared = self.compilation.class_scopes.contains_key(lower)
                || self.compilation.pending_classes.contains_key(lower);
            let Some(def) = self.compilation.classes.get(lower).cloned() else {
                continue;
            };
            if declared {
                continue;
            }
            let title = capitalize_segments(lower);
            let p = self.prepare_class(lower, &title, def, Vec::new(), span)?;
            // Included, not declared like a resource: no location of its own.
            if let Some(&id) = p.ids.last() {
                self.compilation.catalog.get_mut(id).line = None;
            }
            for ((clower, _, _), id) in p.chain.iter().zip(&p.ids) {
                self.compilation.pending_classes.insert(clower.clone(), *id);
            }
            self.compilation.prepared_classes.insert(lower.clone(), p);
            prepared.push(lower.clone());
        }
        for lower in prepared {
            self.run_prepared(&lower)?;
        }
        // The caller declares each name then (all are evaluated): `require` and `contain`
        // add their relationships and containment there.
        Ok(())
    }

    /// Runs a class prepared by `declare_classes_together`, if it has not run yet.
    fn run_prepared(&mut self, lower: &Rc<str>) -> Result<(), Error> {
        let Some(p) = self.compilation.prepared_classes.remove(lower) else {
            return Ok(());
        };
        for (clower, _, _) in &p.chain {
            self.compilation.pending_classes.remove(clower);
        }
        self.run_class(p).map(|_| ())
    }

    /// The first half of evaluating a class: its `Class` resource and those of the parents
    /// it inherits from that are not declared yet (the root's first).
    fn prepare_class(
        &mut self,
        lower: &Rc<str>,
        title: &str,
        def: Definition<crate::syntax::ast::HostClassDef>,
        attrs: Attributes,
        span: Span,
    ) -> Result<PreparedClass, Error> {
        let mut chain = vec![(lower.clone(), title.to_string(), def)];
        let mut declared_parent = None;
        let mut parent_after = None;
        while let Some(parent) = chain.last().and_then(|c| c.2.def.parent.clone()) {
            let plower: Rc<str> = parent
                .strip_prefix("::")
                .unwrap_or(&parent)
                .to_ascii_lowercase()
                .into();
            if let Some(scope) = self.compilation.class_scopes.get(&plower) {
                declared_parent = Some(scope.clone());
                break;
            }
            if self.compilation.pending_classes.contains_key(&plower) {
                // Added by the same `include`; its body runs before this class's.
                parent_after = Some(plower);
                break;
            }
            if !self.compilation.classes.contains_key(&plower) {
                self.autoload(crate::env::modules::Kind::Manifest, &plower)?;
            }
            let Some(pdef) = self.compilation.classes.get(&plower).cloned() else {
                return Err(Error::eval(format!(
                    "Could not find parent class {parent} of class {}",
                    chain.last().map(|c| c.0.clone()).unwrap_or_default()
                )));
            };
            if chain.iter().any(|c| c.0 == plower) {
                return Err(Error::eval(format!("Class {plower} inherits from itself")));
            }
            let ptitle = capitalize_segments(&plower);
            chain.push((plower, ptitle, pdef));
        }
        chain.reverse();
        let declarer_stage = self.declarer_stage();
        let stage = match attrs.iter().find(|a| &*a.name == "stage") {
            Some(a) => {
                let name = crate::format::to_display(&a.value);
                match self.compilation.catalog.find("Stage", &name) {
                    Some(id) => id,
                    None => {
                        return Err(Error::eval(format!(
                            "Could not find stage {name} specified by Class[{title}]"
                        )))
                    }
                }
            }
            None => declarer_stage
                .as_ref()
                .map_or(self.compilation.stage, |(id, _)| *id),
        };
        let mut ids = Vec::new();
        for (i, (clower, ctitle, _)) in chain.iter().enumerate() {
            let id = self.add_class_resource(clower, ctitle, span);
            if i + 1 < chain.len() {
                // Declared by being inherited: no location of its own.
                self.compilation.catalog.get_mut(id).line = None;
            }
            ids.push(id);
        }
        Ok(PreparedClass {
            chain,
            ids,
            declared_parent,
            parent_after,
            stage,
            declarer_stage,
            attrs,
            span,
        })
    }

    /// The stage the resource of the current scope is in by its `stage` parameter (a class
    /// declared with one, or included by such a class): the stage resource and the value.
    fn declarer_stage(&self) -> Option<(ResourceId, Value)> {
        let declarer = self.scope.as_ref()?.resource;
        let value = self
            .compilation
            .catalog
            .get(declarer)
            .parameters
            .get("stage")?;
        let name = crate::format::to_display(value);
        let id = self.compilation.catalog.find("Stage", &name)?;
        // (`stage => main` is the default: not passed on as a parameter)
        (id != self.compilation.stage).then(|| (id, value.clone()))
    }

    /// The second half: parameters and bodies, the parents' first.
    fn run_class(&mut self, prepared: PreparedClass) -> Result<ResourceId, Error> {
        let PreparedClass {
            chain,
            ids,
            declared_parent,
            parent_after,
            stage,
            declarer_stage,
            attrs,
            span,
        } = prepared;
        // A parent whose evaluation is under way has no scope yet (the reference makes a
        // class's scope once its parent's body has run): a class that inherits it, declared
        // from there (`class a inherits b`, `b` including `c inherits a`), cannot run.
        let declared_parent = match (declared_parent, parent_after) {
            (Some(scope), _) => Some(scope),
            (None, Some(p)) => {
                // (a parent added by the same `include` and not evaluated yet runs now)
                self.run_prepared(&p)?;
                match self.compilation.class_scopes.get(&p) {
                    Some(scope) => Some(scope.clone()),
                    None => return Err(Error::eval(format!("Could not find scope for {p}"))),
                }
            }
            (None, None) => None,
        };
        // A class not inheriting sees the node's variables when it is declared within the
        // node, else the top scope's.
        let within_node = self.scope.as_ref().is_some_and(|s| s.within_node());
        let mut parent_scope = declared_parent.or_else(|| {
            within_node
                .then(|| self.compilation.node_scope.clone())
                .flatten()
        });
        let last = chain.len() - 1;
        // Every class of the chain is declared from now on, as its `Class` resource is in the
        // catalog: a parent's body that declares its child like a resource is refused, and
        // one that includes it does not evaluate it again.
        for ((clower, _, _), id) in chain.iter().zip(&ids) {
            self.compilation.pending_classes.insert(clower.clone(), *id);
        }
        for (i, ((clower, ctitle, cdef), id)) in
            chain.into_iter().zip(ids.iter().copied()).enumerate()
        {
            let module_name = self.module_of(&cdef.source).unwrap_or_else(|| "".into());
            // The caller of a class that inherits is its parent class (its scope's parent),
            // as the reference's `caller_module_name` (collectd::config's assert_private).
            let parent_module = parent_scope
                .as_ref()
                .filter(|p| matches!(p.kind, ScopeKind::Class(_)))
                .and_then(|p| match p.vars.borrow().get("module_name") {
                    Some(Value::String(m)) => Some(m.clone()),
                    _ => None,
                });
            let caller_module = match parent_module {
                Some(m) => m,
                None => self.module_of(&self.source).unwrap_or_else(|| "".into()),
            };
            // A class that inherits is a scope within its parent class's, whose chain it
            // takes for resource defaults too (the reference's scope of an inheriting class
            // is a new scope of its parent's: `Notify {}` set in the parent applies to the
            // child's resources, wherever the child is declared); the others take the
            // declaring scope's.
            let inherits = parent_scope
                .as_ref()
                .is_some_and(|p| matches!(p.kind, ScopeKind::Class(_)));
            let scope = Rc::new(NamedScope::new(
                ScopeKind::Class(clower.clone()),
                parent_scope.clone(),
                if inherits { None } else { self.scope.clone() },
                id,
            ));
            scope.reserve(cdef.def.variables.get(), cdef.def.params.len());
            let given = if i == last { attrs.clone() } else { Vec::new() };
            // A class given `name` (the reference accepts it as it does for a define
            // instance) has that value as `$name`, and the parameter in the catalog.
            let name = given
                .iter()
                .find(|a| &*a.name == "name" && !a.value.is_undef())
                .map_or_else(|| Value::String(clower.clone()), |a| a.value.clone());
            scope.set_first_variables([
                Value::String(clower.clone()),
                name,
                Value::String(module_name.clone()),
                Value::String(caller_module.clone()),
            ]);
            self.compilation.pending_classes.remove(&clower);
            self.compilation.scopes.insert(id, scope.clone());
            let who = format!("Class[{ctitle}]");
            if let Some(t) = given.iter().find(|a| &*a.name == "tag") {
                let mut own = Vec::new();
                self.add_tags(&mut own, &t.value, self.line_of(span))?;
                let r = self.compilation.catalog.get_mut(id);
                for t in std::mem::take(&mut r.tags) {
                    tags::push_unique(&mut own, t);
                }
                r.tags = own;
            }
            // The catalog lists the attributes given first, in their order (metaparameters
            // among them), then the parameters' defaults.
            let order: Vec<Rc<str>> = given.iter().map(|a| a.name.clone()).collect();
            let (given, meta) = split_metaparameters(given, &cdef.def.params);
            // Automatic parameter lookup: `class::param` from Hiera for parameters not given.
            let params = self
                .with_data_bindings(id, &clower, &cdef.def.params, given)
                // A lookup's own error (the reference's `LookupError`: `Recursive lookup
                // detected`, an unknown interpolation method) is reported as it is, as by
                // `lookup()`, without the declaring statement's prefix.
                .map_err(
                    |e| match e.kind == crate::ErrorKind::Failed && e.span.is_none() {
                        true => e.at(span),
                        false => e,
                    },
                );
            // The class counts as evaluated from here, as the reference registers its scope:
            // its parameters' defaults read its own qualified variables (`$app::a`), Hiera's
            // interpolations during the lookup above do not (`%{app::a}`: `class app has
            // not been evaluated`).
            self.compilation
                .class_scopes
                .insert(clower.clone(), scope.clone());
            let params = params.and_then(|given| {
                let given: Vec<(Rc<str>, Value)> = given.into_iter().collect();
                self.bind_definition_params(
                    &|| who.clone(),
                    &cdef.def.params,
                    &given,
                    &scope,
                    &cdef.source,
                    cdef.span,
                )
            });
            // (`:break error` stops in the class's scope, where its parameters are bound)
            let params = match params {
                Err(e) if self.debugging => {
                    let frame = crate::eval::debug::ErrorFrame {
                        kind: crate::eval::debug::FrameKind::Class,
                        name: clower.clone(),
                        title: None,
                        scope: scope.clone(),
                        source: cdef.source.clone(),
                        at: cdef.span,
                    };
                    return Err(self.debug_error_outside(e, Some(frame)));
                }
                r => r?,
            };
            let mut all: Params = params.into_iter().chain(meta).collect();
            if !order.iter().any(|n| &**n == "tag") {
                if let Some(t) = all.get("tag") {
                    self.tag_from_parameter(id, t, None)?;
                }
            }
            let r = self.compilation.catalog.get_mut(id);
            for name in &order {
                if let Some(v) = all.shift_remove(name) {
                    if !v.is_undef() {
                        r.parameters.insert(name.clone(), v);
                    } else if &**name == "title" {
                        // (checked when the compilation finishes, as one given a value)
                        r.undef_parameters.push(name.clone());
                    }
                }
            }
            // The declaring class's stage, set after the attributes given and before the
            // defaults, as the reference sets it.
            if let Some((_, value)) = &declarer_stage {
                if !r.parameters.contains_key("stage") {
                    r.parameters.insert("stage".into(), value.clone());
                }
            }
            for (k, v) in all {
                if !v.is_undef() {
                    r.parameters.insert(k, v);
                }
            }
            let stage = match (i == last, &declarer_stage) {
                (true, _) => stage,
                (false, Some((declarer, _))) => *declarer,
                (false, None) => self.compilation.stage,
            };
            self.compilation.catalog.set_container(id, stage);
            self.take_scope_tags(id);
            self.run_body(&scope, &cdef.def.body, &cdef.source)?;
            parent_scope = Some(scope);
        }
        Ok(ids[last])
    }

    /// A class gets the tags of the scope that declares it when it is evaluated, as the
    /// reference's class resources do: tags that scope gets later (`include m tag 'x'`) do
    /// not reach the class (those of a define instance's or a plain resource's scope do).
    fn take_scope_tags(&mut self, id: ResourceId) {
        let catalog = &mut self.compilation.catalog;
        if let Some(parent) = catalog.get(id).tag_parent {
            let frozen = catalog.freeze_tags(parent);
            let r = catalog.get_mut(id);
            r.scope_tags = Some(frozen);
            r.tag_parent = None;
        }
    }

    /// Adds to the tags of class or define instance `id` those of the value its `tag`
    /// parameter took from its default or from Hiera (given ones are tagged on declaring).
    /// As the reference sets them (after the scope's tags, and not the catalog's), they are
    /// listed with the tags `tag()` adds in the body. An invalid tag's error names `line`
    /// (a class's names none, as the reference's).
    fn tag_from_parameter(
        &mut self,
        id: ResourceId,
        value: &Value,
        line: Option<u32>,
    ) -> Result<(), Error> {
        let mut list = Vec::new();
        self.add_tags(&mut list, value, line.unwrap_or(0))
            .map_err(|mut e| {
                let suffix = self.location_suffix(0);
                if let (None, Some(m)) = (line, e.message.strip_suffix(&suffix)) {
                    e.message = m.into();
                }
                e
            })?;
        let r = self.compilation.catalog.get_mut(id);
        for t in list {
            tags::push_unique(&mut r.late_tags, t);
        }
        Ok(())
    }

    /// Adds the `Class` resource of a class being declared.
    fn add_class_resource(&mut self, lower: &Rc<str>, title: &str, span: Span) -> ResourceId {
        let mut tag_list = Vec::new();
        tags::add(&mut tag_list, "class");
        tags::add(&mut tag_list, lower);
        let tag_parent = Some(self.container());
        let line = self.line_of(span);
        let file = self.file_name();
        let id = self.compilation.catalog.add(Resource {
            tag_parent,
            line: Some(line),
            file,
            // Contained in its stage once it is evaluated (`run_class`).
            ..Resource::new("Class", title, tag_list, None)
        });
        self.compilation.catalog.add_class(lower.clone());
        id
    }

    /// Binds the parameters of a class or define instance in its scope: the given values,
    /// else the defaults (evaluated in the scope, seeing the parameters before them), each
    /// checked against its type. Returns the values bound that are not `undef` (what the
    /// catalog and the `tag` parameter take: `apache::vhost`'s 300 parameters are nearly all
    /// `undef`), the given ones first in the order given, then the defaults' in the order of
    /// the parameters. `who` names the declaration in errors (`Class[Apache]`,
    /// `Apache::Vhost[x]`): made only for one (or a default's guard).
    fn bind_definition_params(
        &mut self,
        who: &dyn Fn() -> String,
        params: &[Param],
        given: &[(Rc<str>, Value)],
        scope: &Rc<NamedScope>,
        source: &Rc<Source>,
        at: Span,
    ) -> Result<Bound, Error> {
        // The parameter each given value is for (`None`: there is no such parameter), and
        // the given value of each parameter, by index: names are compared once, here (a
        // declaration gives a few values; a define such as `apache::vhost` has 300
        // parameters, and hashing each name at each step was a tenth of its binding).
        let given_param: Vec<Option<usize>> = given
            .iter()
            .map(|(k, _)| params.iter().position(|p| p.name == *k))
            .collect();
        let mut given_at: Vec<Option<usize>> = vec![None; params.len()];
        for (j, i) in given_param.iter().enumerate() {
            if let Some(i) = i {
                given_at[*i] = Some(j);
            }
        }
        let unknown = || {
            given_param
                .iter()
                .zip(given)
                .filter(|(i, _)| i.is_none())
                .map(|(_, (k, _))| k)
        };
        let hint = unknown()
            .next()
            .and_then(|k| crate::eval::hints::parameter_hint(k, params.iter().map(|p| &*p.name)));
        let mut problems: Vec<String> = unknown()
            .map(|k| format!("has no parameter named '{k}'"))
            .collect();
        // As the reference binds them: the values given first (undef among them: given all
        // the same), so that any default can read them; then the defaults, in order, each
        // reading only the parameters that have a value by then; then the checks. Each value
        // enters the scope once: the checks that follow only read it.
        for (i, (p, at)) in params.iter().zip(&given_at).enumerate() {
            if let Some(j) = at {
                let slot = super::scope::parameter_slot(i);
                scope.insert_at_slot(slot, p.name.clone(), given[*j].1.clone());
            }
        }
        // (made once, at the first default: the guard of each default shares its parts)
        let mut guard: Option<super::scope::ParameterGuard> = None;
        let mut values: Vec<Option<Value>> = Vec::with_capacity(params.len());
        for (i, p) in params.iter().enumerate() {
            let value = match (given_at[i].map(|j| &given[j].1), &p.default) {
                (Some(v), _) if !v.is_undef() => Some(v.clone()),
                (_, Some(d)) => {
                    // A literal (most of them: `undef`, `false`, `[]`) reads nothing and
                    // cannot fail: its value, without the guard and the scope's set-up.
                    let v = match constant_value(d) {
                        Some(v) => v,
                        None => {
                            let g = guard.get_or_insert_with(|| super::scope::ParameterGuard {
                                who: Rc::from(who()),
                                params: params.iter().map(|p| p.name.clone()).collect(),
                                current: i,
                            });
                            *scope.binding.borrow_mut() = Some(super::scope::ParameterGuard {
                                current: i,
                                ..g.clone()
                            });
                            let v = self.eval_in_scope(scope, d, source);
                            *scope.binding.borrow_mut() = None;
                            // A parameter read too early: the reference reports it as an
                            // error of the declaration, not of the default expression.
                            v.map_err(|e| match e.message.starts_with(&who()) {
                                true => Error::eval(e.message),
                                false => located_at_definition(e, source, at),
                            })?
                        }
                    };
                    let slot = super::scope::parameter_slot(i);
                    scope.insert_at_slot(slot, p.name.clone(), v.clone());
                    Some(v)
                }
                (Some(_), None) => Some(Value::Undef),
                (None, None) => None,
            };
            values.push(value);
        }
        for (p, value) in params.iter().zip(&values) {
            let t = match &p.type_expr {
                // (a type met before is the one `eval` would give, without the scope's set-up)
                Some(te) => match self.cached_type(te) {
                    Some(t) => Some(t),
                    None => match self.eval_parameter_type(scope, te, source)? {
                        Value::Type(t) => Some(t),
                        // (`Class[a, b] $p`, an array of types: the reference's DevError as
                        // it sets the definition's parameter types)
                        other => {
                            return Err(Error::new(
                                crate::ErrorKind::Failed,
                                format!(
                                "Parameter '{}' is given a type that is not a Puppet Type, got {}",
                                p.name,
                                crate::format::ruby::class_name(&other)
                            ),
                            ))
                        }
                    },
                },
                None => None,
            };
            let Some(value) = value else {
                // Even one whose type accepts undef (`Optional[String] $p`), as in the
                // reference.
                problems.push(format!("expects a value for parameter '{}'", p.name));
                continue;
            };
            // (every reason, each a line, as the reference lists them; a `Deferred` value
            // by its function's return type, also where no type is written)
            for reason in self.parameter_mismatches(t.as_deref(), value)? {
                problems.push(format!("parameter '{}' {reason}", p.name));
            }
        }
        match problems.len() {
            // As the reference lists them: the given values in the order given, then the
            // defaults in the order of the parameters.
            0 => {
                let mut bound: Bound = Vec::new();
                for i in given_param.iter().flatten() {
                    if let Some(v) = values[*i].take().filter(|v| !v.is_undef()) {
                        bound.push((params[*i].name.clone(), v));
                    }
                }
                for (p, v) in params.iter().zip(values) {
                    if let Some(v) = v.filter(|v| !v.is_undef()) {
                        bound.push((p.name.clone(), v));
                    }
                }
                Ok(bound)
            }
            1 => Err(Error::eval(format!("{}: {}", who(), problems[0])).with_hint(hint)),
            _ => Err(Error::eval(format!(
                "{}:{}",
                who(),
                problems
                    .iter()
                    .map(|p| format!("\n  {p}"))
                    .collect::<String>()
            ))
            .with_hint(hint)),
        }
    }

    /// Evaluates an expression in a class, define or node scope.
    fn eval_in_scope(
        &mut self,
        scope: &Rc<NamedScope>,
        e: &Expr,
        source: &Rc<Source>,
    ) -> Result<Value, Error> {
        self.in_scope(scope, source, |ev| ev.eval(e))
    }

    /// A parameter's type expression, in the definition's scope; a type that cannot fail
    /// (`plain_types`: it reads no variable) without the scope's set-up, as the file's load
    /// evaluated it when it still checked those (the first instance of each define paid
    /// the set-up for each typed parameter, 0.9 M instructions in `include apache`).
    fn eval_parameter_type(
        &mut self,
        scope: &Rc<NamedScope>,
        e: &Expr,
        source: &Rc<Source>,
    ) -> Result<Value, Error> {
        let aliased = |n: &str| self.aliases.contains_key(n);
        if !crate::eval::plain_types::is_plain(e, &aliased) {
            return self.eval_in_scope(scope, e, source);
        }
        match self.eval(e) {
            Ok(v) => Ok(v),
            Err(Flow::Error(e)) => Err(e.in_source(source)),
            Err(_) => Ok(Value::Undef),
        }
    }

    /// Evaluates a class, define or node body in its scope.
    fn run_body(
        &mut self,
        scope: &Rc<NamedScope>,
        body: &[Expr],
        source: &Rc<Source>,
    ) -> Result<(), Error> {
        self.in_scope(scope, source, |ev| ev.scope_body(scope, body))
            .map(|_| ())
    }

    /// A class, define or node body, in its scope; while debugging, a frame of the Puppet
    /// stack (`Class[apache]`, `Apache::Vhost[default]`, `Node[web01]`).
    fn scope_body(&mut self, scope: &Rc<NamedScope>, body: &[Expr]) -> crate::eval::EvalResult {
        if !self.watching {
            return self.eval_block(body);
        }
        use crate::eval::debug::FrameKind;
        let r = self.compilation.catalog.get(scope.resource);
        let (kind, name, title): (_, Rc<str>, _) = match &scope.kind {
            ScopeKind::Class(n) => (FrameKind::Class, n.clone(), None),
            ScopeKind::Define => (
                FrameKind::Define,
                r.type_name.to_ascii_lowercase().into(),
                Some(r.title.clone()),
            ),
            ScopeKind::Node => (FrameKind::Node, r.title.clone(), None),
        };
        self.debug_body(kind, name, title, Span::default(), body)
    }

    /// Runs a node body; a node matched by a regular expression sees its captures as `$0`...,
    /// another the top scope's.
    fn run_node_body(
        &mut self,
        scope: &Rc<NamedScope>,
        node: &Definition<NodeDef>,
        captures: crate::eval::scope::MatchData,
    ) -> Result<(), Error> {
        self.in_scope(scope, &node.source, |ev| {
            if captures.is_some() {
                ev.matches = captures;
            }
            ev.scope_body(scope, &node.def.body)
        })
        .map(|_| ())
    }

    /// Runs `f` with `scope` as the current scope (no lambda frame visible, the match data
    /// of the scope's parent as it is now, `source` as the source text); errors keep the
    /// source they arose in.
    fn in_scope(
        &mut self,
        scope: &Rc<NamedScope>,
        source: &Rc<Source>,
        f: impl FnOnce(&mut Evaluator) -> EvalResult,
    ) -> Result<Value, Error> {
        self.check_interrupt()?;
        if self.depth >= crate::eval::session::MAX_CALL_DEPTH {
            return Err(Error::new(crate::ErrorKind::Limit, "stack level too deep"));
        }
        self.depth += 1;
        let saved_scope = self.scope.replace(scope.clone());
        let saved_current = self.current.take();
        let saved_matches = self.matches.take();
        // (the declaring scope's match data, for the bodies whose parent it is; inside a
        // lambda or function, the frame's: the reference's frames are ephemeral levels of
        // the scope they run in, a function's with no match data of its own)
        match &saved_scope {
            Some(outer) => *outer.matches.borrow_mut() = saved_matches.clone(),
            None => self.top_matches = saved_matches.clone(),
        }
        self.matches = match &scope.parent {
            Some(parent) => parent.matches.borrow().clone(),
            None => self.top_matches.clone(),
        };
        let saved_source = std::mem::replace(&mut self.source, source.clone());
        // The body's resources have its file, also when `create_resources` declared the
        // class (whose own resource has none).
        let saved_file = self.file_override.take();
        let saved_line = self.statement_line.take();
        let r = f(self);
        *scope.matches.borrow_mut() = self.matches.take();
        self.statement_line = saved_line;
        self.file_override = saved_file;
        self.source = saved_source;
        self.matches = saved_matches;
        self.current = saved_current;
        self.scope = saved_scope;
        self.depth -= 1;
        match r {
            Ok(v) => Ok(v),
            Err(Flow::Error(e)) => Err(e.in_source(source)),
            Err(Flow::Return(_)) | Err(Flow::Next(_)) | Err(Flow::Break) => Ok(Value::Undef),
        }
    }

    /// Why a parameter's type `t` (none written: `Any`) refuses `value`, each reason a line
    /// (none when it takes it); a `Deferred` value by its function's declared return type,
    /// as the reference checks it (`functions::deferred_params`).
    fn parameter_mismatches(
        &mut self,
        t: Option<&PType>,
        value: &Value,
    ) -> Result<Vec<String>, Error> {
        use crate::functions::deferred_params::{check, DeferredParameter};
        match check(self, t.unwrap_or(&PType::Any), value)? {
            DeferredParameter::Checked(m) => Ok(m),
            DeferredParameter::NotDeferred => Ok(match t {
                Some(t) => types::mismatch::describe_parameter_mismatches(t, value),
                None => Vec::new(),
            }),
        }
    }

    /// Checks the parameters of a define instance whose body never ran (virtual, never
    /// realized), as the reference validates every resource of its catalog when it
    /// finishes: a parameter without default needs a value, a value given must match the
    /// parameter's type (defaults are not evaluated).
    pub(crate) fn check_unevaluated_define(
        &mut self,
        pending: &PendingDefine,
    ) -> Result<(), Error> {
        let r = self.compilation.catalog.get(pending.resource);
        let who = r.reference();
        let mut given: Attributes = r
            .parameters
            .iter()
            .map(|(k, v)| crate::catalog::Attribute {
                name: k.clone(),
                value: v.clone(),
                append: false,
                span: Span::default(),
            })
            .collect();
        for name in &r.undef_parameters {
            given.push(crate::catalog::Attribute {
                name: name.clone(),
                value: Value::Undef,
                append: false,
                span: Span::default(),
            });
        }
        let def = pending.define.clone();
        let (own, _meta) = split_metaparameters(given, &def.def.params);
        let scope = Rc::new(NamedScope::new(
            ScopeKind::Define,
            None,
            pending.declarer.clone(),
            pending.resource,
        ));
        let mut problems = Vec::new();
        for p in &def.def.params {
            match (own.get(&p.name), &p.type_expr) {
                (None, _) if p.default.is_none() => {
                    problems.push(format!("expects a value for parameter '{}'", p.name))
                }
                (Some(v), Some(te)) => {
                    if let Value::Type(t) = self.eval_in_scope(&scope, te, &def.source)? {
                        for reason in self.parameter_mismatches(Some(&t), v)? {
                            problems.push(format!("parameter '{}' {reason}", p.name));
                        }
                    }
                }
                (Some(v), None) => {
                    for reason in self.parameter_mismatches(None, v)? {
                        problems.push(format!("parameter '{}' {reason}", p.name));
                    }
                }
                _ => {}
            }
        }
        let message = match problems.as_slice() {
            [] => return Ok(()),
            [one] => format!("{who}: {one}"),
            many => format!(
                "{who}:{}",
                many.iter().map(|p| format!("\n  {p}")).collect::<String>()
            ),
        };
        Err(Error::new(crate::ErrorKind::Failed, message))
    }

    /// Runs the body of a define instance declared earlier.
    pub(crate) fn evaluate_define(&mut self, pending: PendingDefine) -> Result<(), Error> {
        let id = pending.resource;
        let def = pending.define;
        self.compilation.catalog.get_mut(id).evaluated = true;
        let r = self.compilation.catalog.get(id);
        // (`Apache::Vhost[x]`, made only for an error)
        let type_name = r.type_name.clone();
        let title = r.title.clone();
        let who = || crate::catalog::reference_text(&type_name, &title);
        // The values given to the define's own parameters (and unknown names): all but
        // `name`, `title` and the metaparameters, which belong to the resource only. Given
        // undef: a value all the same (a parameter without default accepts it).
        let params = &def.def.params;
        let own_parameter = |k: &str| {
            !matches!(k, "name" | "title")
                && (params.iter().any(|p| &*p.name == k)
                    || !crate::catalog::builtin_types::is_metaparameter(k))
        };
        let mut own: Vec<(Rc<str>, Value)> = r
            .parameters
            .iter()
            .filter(|(k, _)| own_parameter(k))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        for name in r.undef_parameters.iter().filter(|k| own_parameter(k)) {
            match own.iter_mut().find(|(k, _)| k == name) {
                Some(slot) => slot.1 = Value::Undef,
                None => own.push((name.clone(), Value::Undef)),
            }
        }
        // Those given undef where they were given, as the reference's parameters hash keeps
        // them (`g { x: ensure => undef, role => r }` lists the default of `ensure` first).
        if let Some(order) = &pending.given_order {
            let at = |k: &Rc<str>| order.iter().position(|o| o == k).unwrap_or(order.len());
            own.sort_by_key(|(k, _)| at(k));
        }
        // `$name` is the value given as `name` (of any type, as the reference's), else the
        // title.
        let name = match r.parameters.get("name") {
            Some(v) if !r.undef_parameters.iter().any(|k| &**k == "name") => v.clone(),
            _ => Value::String(title.clone()),
        };
        let caller_module = r
            .origin
            .as_ref()
            .and_then(|o| self.module_of(&o.source))
            .unwrap_or_else(|| "".into());
        let module_name = self.module_of(&def.source).unwrap_or_else(|| "".into());
        // It sees the node's variables (and resource defaults) when declared within the node,
        // else the top scope's.
        let within_node = pending.declarer.as_ref().is_some_and(|s| s.within_node());
        let scope = Rc::new(NamedScope::new(
            ScopeKind::Define,
            within_node
                .then(|| self.compilation.node_scope.clone())
                .flatten(),
            pending.declarer,
            id,
        ));
        self.compilation.scopes.insert(id, scope.clone());
        scope.reserve(def.def.variables.get(), def.def.params.len());
        scope.set_first_variables([
            Value::String(title.clone()),
            name,
            Value::String(module_name),
            Value::String(caller_module),
        ]);
        // Errors name the resource statement that declared the instance, as the
        // reference's do (it evaluates the body as part of that statement).
        let declared = self.compilation.catalog.get(id);
        // A define instance `create_resources` declared has no file of its own: its errors
        // name the file of the call, as the reference's.
        let declared_file = match declared.file.as_deref() {
            Some("unknown") => declared
                .origin
                .as_ref()
                .and_then(|o| source_file_name(&o.source))
                .or_else(|| declared.file.clone()),
            // (the resource's own name when that is the one: a copy of it was made for
            // each instance, for messages that are rarely written)
            _ => match declared.location_name() {
                Some(_) if declared.file.is_some() => declared.file.clone(),
                other => other.map(Rc::from),
            },
        };
        let declared_line = declared.line.unwrap_or(0);
        let suffix = || {
            format!(
                " {}",
                crate::catalog::builtin_types::location(
                    declared_file.as_deref(),
                    Some(declared_line)
                )
            )
        };
        let bound = self
            .bind_definition_params(&who, &def.def.params, &own, &scope, &def.source, def.span)
            .map_err(|e| {
                // (a `Deferred` value's Ruby error: the compilation fails, unwrapped)
                if let Some(failed) = crate::functions::deferred_params::failed_compilation(&e) {
                    return failed;
                }
                // The checks of the binding name the instance; errors of default
                // expressions keep their own prefix.
                let inner = if e.message.starts_with(&who()) {
                    e.message.clone()
                } else {
                    e.full_message()
                };
                Error {
                    message: format!(
                        "{}{inner}{}",
                        super::declare::IN_RESOURCE_STATEMENT,
                        suffix()
                    ),
                    kind: crate::ErrorKind::Evaluation,
                    ..e
                }
            });
        // A pattern Ruby cannot compile, met by a parameter's check (which deferred it):
        // the reference's compilation fails there, naming Ruby's exception.
        if crate::limits::deferred_pending() {
            if let Some(d) = crate::limits::take_deferred_error() {
                return Err(catalog_compiler_failed(d));
            }
        }
        // (`:break error` stops in the instance's scope, where its parameters are bound)
        let bound = match bound {
            Err(e) if self.debugging => {
                let r = self.compilation.catalog.get(id);
                let frame = crate::eval::debug::ErrorFrame {
                    kind: crate::eval::debug::FrameKind::Define,
                    name: r.type_name.to_ascii_lowercase().into(),
                    title: Some(r.title.clone()),
                    scope: scope.clone(),
                    source: def.source.clone(),
                    at: def.span,
                };
                return Err(self.debug_error_outside(e, Some(frame)));
            }
            r => r?,
        };
        // A `tag` parameter not given (its default's value): tags the instance as well, as
        // the reference's setting of the parameter does.
        if !self
            .compilation
            .catalog
            .get(id)
            .parameters
            .contains_key("tag")
        {
            if let Some((_, t)) = bound.iter().find(|(k, _)| &**k == "tag") {
                self.tag_from_parameter(id, t, Some(declared_line))
                    .map_err(|e| Error {
                        message: format!(
                            "{}{}{}",
                            super::declare::IN_RESOURCE_STATEMENT,
                            e.message,
                            suffix()
                        ),
                        kind: crate::ErrorKind::Evaluation,
                        ..e
                    })?;
            }
        }
        let r = self.compilation.catalog.get_mut(id);
        for (k, v) in bound {
            if !r.parameters.contains_key(&k) {
                r.parameters.insert(k, v);
            }
        }
        self.run_body(&scope, &def.def.body, &def.source)
            .map_err(|e| match e.kind {
                crate::ErrorKind::Interrupted
                | crate::ErrorKind::Limit
                | crate::ErrorKind::Uncaught(_) => e,
                _ => Error {
                    message: format!(
                        "{}{}{}",
                        super::declare::IN_RESOURCE_STATEMENT,
                        e.full_message(),
                        suffix()
                    ),
                    kind: crate::ErrorKind::Evaluation,
                    ..e
                },
            })
    }

    /// Evaluates the node definition matching the node name, if any node is defined.
    pub(crate) fn evaluate_node(&mut self) -> Result<(), Error> {
        if self.compilation.node_done || self.compilation.nodes.is_empty() {
            return Ok(());
        }
        let node_name = self.compilation.catalog.node_name.to_ascii_lowercase();
        let nodes = self.compilation.nodes.clone();
        let mut found: Option<(Definition<NodeDef>, String)> = None;
        let mut captures = None;
        // An exact name first, then a regular expression, then `default`.
        'exact: for n in &nodes {
            for m in &n.def.matches {
                if let Some(name) = node_match_name(m) {
                    if name.to_ascii_lowercase() == node_name {
                        found = Some((n.clone(), node_name.clone()));
                        break 'exact;
                    }
                }
            }
        }
        if found.is_none() {
            'regex: for n in &nodes {
                for m in &n.def.matches {
                    if let ExprKind::Regex(src) = &m.kind {
                        let re = self.regex(src)?;
                        if let Some(caps) = re.captures(&node_name)? {
                            let word: String = src
                                .chars()
                                .filter(|c| {
                                    c.is_alphanumeric() || matches!(c, '_' | '-' | ':' | '.')
                                })
                                .collect();
                            found = Some((n.clone(), format!("__node_regexp__{word}")));
                            captures = Some(Rc::new(caps));
                            break 'regex;
                        }
                    }
                }
            }
        }
        if found.is_none() {
            for n in &nodes {
                if n.def
                    .matches
                    .iter()
                    .any(|m| matches!(m.kind, ExprKind::Default))
                {
                    found = Some((n.clone(), "default".into()));
                    break;
                }
            }
        }
        let Some((node, title)) = found else {
            return Err(Error::new(
                crate::ErrorKind::Failed,
                format!(
                    "Could not find node statement with name 'default' or '{}'",
                    self.compilation.catalog.node_name
                ),
            ));
        };
        self.compilation.node_done = true;
        let main = self.compilation.main;
        let mut tag_list = Vec::new();
        tags::add(&mut tag_list, "node");
        tags::add_if_valid(&mut tag_list, &title);

        let line = node
            .source
            .line_col(node.def.body.first().map(|e| e.span.start).unwrap_or(0))
            .0 as u32;
        let id = self.compilation.catalog.add(Resource {
            tag_parent: Some(main),
            line: Some(line),
            ..Resource::new("Node", title.as_str(), tag_list, Some(main))
        });
        let scope = Rc::new(NamedScope::new(ScopeKind::Node, None, None, id));
        scope.reserve(node.def.variables.get(), 0);
        // (the first two of the first variables)
        let title = Value::String(self.compilation.catalog.get(id).title.clone());
        scope.insert_at_slot(0, "title".into(), title.clone());
        scope.insert_at_slot(1, "name".into(), title);
        self.compilation.node_scope = Some(scope.clone());
        self.compilation.scopes.insert(id, scope.clone());
        self.run_node_body(&scope, &node, captures)
    }
}

/// The attributes of a resource-like class declaration, or none.
fn how_attrs(how: &Declaration) -> Attributes {
    match how {
        Declaration::ResourceLike(a) => a.clone(),
        _ => Vec::new(),
    }
}

/// The values of a class's or define instance's parameters once bound (see
/// `bind_definition_params`).
type Bound = Vec<(Rc<str>, Value)>;

/// Metaparameters given to a class or define instance, in order.
type Metaparameters = Vec<(Rc<str>, Value)>;

/// Splits attributes into the definition's own parameters (and unknown names) and the
/// metaparameters and `name`, which belong to the resource only.
fn split_metaparameters(attrs: Attributes, params: &[Param]) -> (Params, Metaparameters) {
    let mut own = Params::default();
    let mut meta = Vec::new();
    for a in attrs {
        let is_param = params.iter().any(|p| p.name == a.name);
        // (`name` and `title` cannot be declared parameters: the resource's own, as the
        // metaparameters; a `title` given fails when the compilation finishes, as the
        // reference's parameter check then)
        if !is_param
            && (crate::catalog::builtin_types::is_metaparameter(&a.name)
                || matches!(&*a.name, "name" | "title"))
        {
            meta.push((a.name, a.value));
        } else {
            own.insert(a.name, a.value);
        }
    }
    (own, meta)
}

trait NodeMatchers {
    /// The matchers of a node definition as keys: `default`, lower-case names, `/re/`.
    fn def_matches(&self) -> Vec<String>;
}

impl NodeMatchers for NodeDef {
    fn def_matches(&self) -> Vec<String> {
        self.matches
            .iter()
            .filter_map(|m| match &m.kind {
                ExprKind::Default => Some("default".to_string()),
                ExprKind::Regex(r) => Some(format!("/{r}/")),
                _ => node_match_name(m).map(|n| n.to_ascii_lowercase()),
            })
            .collect()
    }
}

/// The name a node matcher gives (`'web1'`, `web1`, `"web1.example.com"`).
fn node_match_name(m: &Expr) -> Option<String> {
    match &m.kind {
        ExprKind::String(s) | ExprKind::QualifiedName(s) => Some(s.to_string()),
        ExprKind::Interpolated(parts) => {
            let mut out = String::new();
            for p in parts {
                match p {
                    crate::syntax::ast::StrPart::Text(t) => out.push_str(t),
                    crate::syntax::ast::StrPart::Expr(_) => return None,
                }
            }
            Some(out)
        }
        _ => None,
    }
}

/// Adds a value to a relationship parameter (making it an array when it has one already).
pub fn add_to_param(params: &mut Params, name: &str, v: Value) {
    match params.get_mut(name) {
        // An array no one else holds grows in place (a resource that many relationships
        // name was copied at each one).
        Some(Value::Array(a)) => match Rc::get_mut(a) {
            Some(items) => items.push(v),
            None => {
                let mut items = a.to_vec();
                items.push(v);
                *a = Rc::new(items.into());
            }
        },
        Some(slot @ Value::Undef) => *slot = Value::array(vec![v]),
        Some(other) => {
            let old = std::mem::replace(other, Value::Undef);
            *other = Value::array(vec![old, v]);
        }
        None => {
            params.insert(relation_parameter_name(name), Value::array(vec![v]));
        }
    }
}

/// A parameter's name as a shared string: the relationship metaparameters' from four
/// strings shared by the thread (each arrow's source made one, ~100 instructions).
fn relation_parameter_name(name: &str) -> Rc<str> {
    const NAMES: [&str; 4] = ["before", "notify", "require", "subscribe"];
    thread_local! {
        // SAFETY: a thread-local's value.
        static SHARED: crate::syntax::thread_cache::ThreadCache<std::cell::OnceCell<[Rc<str>; 4]>> =
            const { unsafe { crate::syntax::thread_cache::ThreadCache::new(std::cell::OnceCell::new()) } };
    }
    match NAMES.iter().position(|n| *n == name) {
        Some(i) => SHARED.with(|shared| shared.get_or_init(|| NAMES.map(Rc::from))[i].clone()),
        None => name.into(),
    }
}

/// The value of a literal default that reads nothing and cannot fail (a scalar literal, or
/// an array or hash literal of constants whose value is kept already): what evaluating it
/// gives, without a scope. `None` for anything else.
fn constant_value(e: &Expr) -> Option<Value> {
    Some(match &e.kind {
        ExprKind::Undef => Value::Undef,
        ExprKind::Default => Value::Default,
        ExprKind::Boolean(b) => Value::Boolean(*b),
        ExprKind::Integer(i) => Value::Integer(*i),
        ExprKind::Float(f) => Value::Float(*f),
        ExprKind::String(s) => Value::String(s.clone()),
        ExprKind::Array(_, shared) | ExprKind::Hash(_, shared) => shared
            .get::<crate::eval::shared::KeptLiteral>()?
            .value
            .clone(),
        _ => return None,
    })
}

/// An error a parameter's default expression raised without a location of its own (a
/// lookup's `Function lookup() did not find a value ...`, the reference's `LookupError`),
/// located at the class or define, file and line, as the reference's `safeevaluate` of the
/// default adds its definition's (`(file: F, line: L)`, no column). Errors with a location,
/// or of the evaluator (positioned, with their prefix), are left as they are.
fn located_at_definition(e: Error, source: &Source, at: Span) -> Error {
    if e.kind != crate::ErrorKind::Failed || crate::error::ends_with_location(&e.message) {
        return e;
    }
    let file = source_file_name(source).or_else(|| {
        crate::error::is_input_name(&source.name).then(|| Rc::from(source.name.as_str()))
    });
    let line = source.line(at.start) as u32;
    let location = crate::catalog::builtin_types::location(file.as_deref(), Some(line));
    Error {
        message: format!("{} {location}", e.message),
        ..e
    }
}

/// The reference's error for a deferred error its compiler meets outside any expression (a
/// define instance's parameter check at the finishing steps): for a pattern Ruby cannot
/// compile (Ruby's message and the pattern, `premature end of char-class: /[a-/`; a match
/// that gave up says `... matching /P/`), `Puppet::Parser::CatalogCompiler failed with
/// error RegexpError: ...`; any other as it is.
fn catalog_compiler_failed(d: Error) -> Error {
    if d.kind == crate::ErrorKind::Limit
        && d.message.ends_with('/')
        && !d.message.contains(" matching /")
    {
        return Error::new(
            crate::ErrorKind::Failed,
            format!(
                "Puppet::Parser::CatalogCompiler failed with error RegexpError: {}",
                d.message
            ),
        );
    }
    d
}
