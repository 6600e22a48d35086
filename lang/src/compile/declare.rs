//! Resource expressions: declaring resources (`file { '/x': ... }`, `@user { ... }`),
//! resource defaults (`File { ... }`) and overrides (`File['/x'] { ... }`).

use super::compilation::{Definition, PendingDefine, PendingOverride};
use super::NamedScope;
use crate::catalog::builtin_types::{self, TypeInfo};
use crate::catalog::{tags, Attribute, Attributes, Origin, Resource, ResourceId};
use crate::error::Error;
use crate::eval::{EvalResult, Evaluator};
use crate::syntax::ast::{
    AttributeOp, DefineDef, Expr, ExprKind, ResourceBody, ResourceForm, Span,
};
use crate::types::names::capitalize_segments;
use crate::types::PType;
use crate::values::Value;
use crate::Strictness;
use std::rc::Rc;

/// What a resource type name denotes.
#[derive(Clone)]
pub enum ResourceKind {
    Builtin(&'static TypeInfo),
    Define(Definition<DefineDef>),
    Class,
}

/// What a resource type's name gives each resource of the type: its name as resources
/// show it (`Apache::Vhost`) and the tags it adds (`apache::vhost`, `apache`, `vhost`).
struct TypeNames {
    display: Rc<str>,
    tags: Vec<Rc<str>>,
}

thread_local! {
    /// [`TypeNames`] by type name as written, made once per name on a thread (capitalizing
    /// and tagging anew for each resource took ~500 instructions and three allocations).
    // SAFETY: a thread-local's value.
    static TYPE_NAMES: crate::syntax::thread_cache::ThreadCache<std::cell::RefCell<rustc_hash::FxHashMap<Box<str>, Rc<TypeNames>>>> = const {
        unsafe {
            crate::syntax::thread_cache::ThreadCache::new(std::cell::RefCell::new(std::collections::HashMap::with_hasher(
                rustc_hash::FxBuildHasher,
            )))
        }
    };
}

/// How many type names [`TYPE_NAMES`] keeps (it starts again empty when full).
const TYPE_NAMES_LIMIT: usize = 4096;

fn type_names(type_name: &str) -> Rc<TypeNames> {
    TYPE_NAMES.with(|cache| {
        if let Some(names) = cache.borrow().get(type_name) {
            return names.clone();
        }
        let mut tags = Vec::new();
        tags::add(&mut tags, type_name);
        let names = Rc::new(TypeNames {
            display: capitalize_segments(type_name).into(),
            tags,
        });
        let mut cache = cache.borrow_mut();
        if cache.len() >= TYPE_NAMES_LIMIT {
            cache.clear();
        }
        cache.insert(type_name.into(), names.clone());
        names
    })
}

/// The file a source is, when it is one (not an input typed or given with `-e`).
pub(crate) fn source_file_name(source: &crate::error::Source) -> Option<Rc<str>> {
    let name = &source.name;
    (name.ends_with(".pp") || name.contains('/')).then(|| source.shared_name())
}

/// The prefix the reference gives errors of resource statements.
pub const IN_RESOURCE_STATEMENT: &str = "Error while evaluating a Resource Statement, ";

/// An error of a resource statement, worded as the reference words it.
pub fn statement_error(message: impl std::fmt::Display) -> Error {
    Error::eval(format!("{IN_RESOURCE_STATEMENT}{message}"))
}

/// Whether an error raised while a class declared like a resource is evaluated reaches the
/// program as it is, not prefixed with the statement (besides one located in the class's
/// body, which has its span): one already prefixed, or one of the
/// reference's parse errors that carry their own location (an override's "Only subclasses
/// can override parameters (line: 2)", "Invalid tag '%%' (line: 1)", raised in the class's
/// body); a duplicate declaration is not one of those.
fn keeps_own_message(message: &str) -> bool {
    if message.starts_with("Error while") {
        return true;
    }
    if message.starts_with("Duplicate declaration") {
        return false;
    }
    let Some(open) = message.rfind(" (") else {
        return false;
    };
    let tail = &message[open + 2..];
    let Some(inner) = tail.strip_suffix(')') else {
        return false;
    };
    let line = inner.rsplit(", ").next().unwrap_or(inner);
    (inner.starts_with("line: ") || inner.starts_with("file: "))
        && line
            .strip_prefix("line: ")
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

impl Evaluator {
    /// The resource type a name denotes (`file`, `apache::vhost`, `class`).
    pub(crate) fn resource_kind(&self, name: &str) -> Option<ResourceKind> {
        let name = name.strip_prefix("::").unwrap_or(name);
        // (most names are lower-case already: no copy for those)
        let lower = match name.bytes().any(|b| b.is_ascii_uppercase()) {
            true => std::borrow::Cow::Owned(name.to_ascii_lowercase()),
            false => std::borrow::Cow::Borrowed(name),
        };
        if lower == "class" {
            return Some(ResourceKind::Class);
        }
        if let Some(d) = self.compilation.defines.get(&*lower) {
            return Some(ResourceKind::Define(d.clone()));
        }
        self.compilation
            .catalog
            .type_info(&lower)
            .map(ResourceKind::Builtin)
    }

    /// Like `resource_kind`, loading a define from the modulepath when it is not known yet.
    pub(crate) fn resource_kind_loading(
        &mut self,
        name: &str,
    ) -> Result<Option<ResourceKind>, Error> {
        if let Some(k) = self.resource_kind(name) {
            return Ok(Some(k));
        }
        let lower = name.strip_prefix("::").unwrap_or(name).to_ascii_lowercase();
        // A define of a module (the file may define a class of that name instead).
        if self.autoload(crate::env::modules::Kind::Manifest, &lower)? {
            if let Some(k) = self.resource_kind(name) {
                return Ok(Some(k));
            }
        }
        // A resource type a module defines in Ruby, read statically.
        if let Some(info) = crate::env::ruby_types::type_file(&self.env, &lower)
            .and_then(|path| crate::env::ruby_types::load(&path))
        {
            self.compilation.catalog.add_module_type(info);
            return Ok(self.resource_kind(name));
        }
        Ok(None)
    }

    /// `type { title: attrs; ... }`: declares one resource per title and evaluates to the
    /// references of the declared resources.
    pub(crate) fn eval_resource_expr(
        &mut self,
        form: ResourceForm,
        type_name: &Expr,
        bodies: &[ResourceBody],
        span: Span,
    ) -> EvalResult {
        // (the name as written, not copied: `Rc<str>`'s `to_string` goes through the
        // formatter, ~230 instructions a resource expression)
        use std::borrow::Cow;
        let name: Cow<'_, str> = match &type_name.kind {
            ExprKind::QualifiedName(n) | ExprKind::QualifiedReference(n) => Cow::Borrowed(&**n),
            _ => match self.eval(type_name)? {
                Value::String(s) => Cow::Owned(String::from(&*s)),
                Value::Type(t) => match &*t {
                    PType::Resource {
                        type_name: Some(n),
                        title: None,
                    } => Cow::Owned(String::from(&**n)),
                    _ => return Err(statement_error(format!("Illegal resource type {t}")).into()),
                },
                other => {
                    return Err(statement_error(format!(
                        "Illegal resource type {}",
                        crate::format::to_display(&other)
                    ))
                    .into())
                }
            },
        };
        // Once per expression, whatever its titles, as the reference warns.
        if form == ResourceForm::Exported {
            self.log(
                crate::LogLevel::Warning,
                "You cannot collect exported resources without storeconfigs being set; the export is ignored",
            );
        }
        // As the reference: every body's title, then its attributes, in order; then the
        // resource type (`Unknown resource type` comes after an unknown variable in an
        // attribute), then the resources, each body's with the `default:` body's attributes
        // (which apply to every other body of the expression).
        if let [b] = bodies {
            // (one body, the usual case: evaluated without a vector of bodies)
            if !matches!(b.title.kind, ExprKind::Default) {
                let titles = self.body_titles(b)?;
                match &titles {
                    Titles::Many(t) if t.len() > 1 => {
                        check_title_collisions(t, &mut Default::default())?
                    }
                    _ => {}
                }
                let attrs = self.eval_attributes(&b.attributes)?;
                let kind = self.resource_kind_or_error(&name)?;
                let mut refs = Vec::new();
                self.declare_body(&kind, &name, b, titles, attrs, form, span, &mut refs)?;
                return Ok(Value::array(refs));
            }
        }
        let mut evaluated: Vec<(Titles, Attributes)> = Vec::with_capacity(bodies.len());
        let mut defaults: Option<usize> = None;
        let mut seen = Default::default();
        for b in bodies {
            if matches!(b.title.kind, ExprKind::Default) {
                defaults = Some(evaluated.len());
                let attrs = self.eval_attributes(&b.attributes)?;
                evaluated.push((Titles::Many(Vec::new()), attrs));
                continue;
            }
            let titles = self.body_titles(b)?;
            match &titles {
                Titles::One(t) => check_title_collisions(std::slice::from_ref(t), &mut seen)?,
                Titles::Many(t) => check_title_collisions(t, &mut seen)?,
            }
            let attrs = self.eval_attributes(&b.attributes)?;
            evaluated.push((titles, attrs));
        }
        let kind = self.resource_kind_or_error(&name)?;
        let defaults: Attributes = match defaults {
            Some(i) => std::mem::take(&mut evaluated[i].1),
            None => Vec::new(),
        };
        let mut refs = Vec::new();
        for (b, (titles, mut attrs)) in bodies.iter().zip(evaluated) {
            if matches!(b.title.kind, ExprKind::Default) {
                continue;
            }
            if !defaults.is_empty() {
                // (the reference merges the body's attributes into the `default:` body's:
                // those first, in their order, a value the body gives in its place)
                let mut merged = Vec::with_capacity(defaults.len() + attrs.len());
                for d in &defaults {
                    match attrs.iter().position(|a| a.name == d.name) {
                        Some(i) => merged.push(attrs.remove(i)),
                        None => merged.push(d.clone()),
                    }
                }
                merged.append(&mut attrs);
                attrs = merged;
            }
            self.declare_body(&kind, &name, b, titles, attrs, form, span, &mut refs)?;
        }
        Ok(Value::array(refs))
    }

    /// The titles of a body of a resource expression, evaluated and checked (before its
    /// attributes are evaluated, as the reference checks them).
    fn body_titles(&mut self, b: &ResourceBody) -> EvalResult<Titles> {
        Ok(match self.eval(&b.title)? {
            // (one title, the usual case: no vector of titles)
            Value::String(t) if !t.is_empty() => Titles::One(t),
            other => {
                let mut titles = Vec::new();
                flatten_titles(other, &mut titles)?;
                Titles::Many(titles)
            }
        })
    }

    /// The kind of resource type `name` names (loading a define or a module's type), or the
    /// reference's error for an unknown one.
    fn resource_kind_or_error(&mut self, name: &str) -> EvalResult<ResourceKind> {
        match self.resource_kind_loading(name)? {
            Some(kind) => Ok(kind),
            None => {
                let hint = self.resource_type_hint(name);
                Err(statement_error(format!("Unknown resource type: '{name}'"))
                    .with_hint(hint)
                    .into())
            }
        }
    }

    /// Declares the resources of one body of a resource expression at `span` (their
    /// references added to `refs`).
    #[allow(clippy::too_many_arguments)]
    fn declare_body(
        &mut self,
        kind: &ResourceKind,
        name: &str,
        b: &ResourceBody,
        titles: Titles,
        mut attrs: Attributes,
        form: ResourceForm,
        span: Span,
        refs: &mut Vec<Value>,
    ) -> EvalResult<()> {
        // Every resource of the expression is located where the expression starts, as the
        // reference's are (a duplicate in a later body is reported at that line).
        let line_span = Span {
            start: span.start,
            end: b.title.span.end.max(span.start),
        };
        let titles = match titles {
            Titles::One(t) => {
                refs.push(self.declare_in_statement(kind, name, t, attrs, form, span, line_span)?);
                return Ok(());
            }
            Titles::Many(titles) => titles,
        };
        let last = titles.len().saturating_sub(1);
        for (i, t) in titles.into_iter().enumerate() {
            // (the last title takes the attributes, the others a copy)
            let attrs = match i == last {
                true => std::mem::take(&mut attrs),
                false => attrs.clone(),
            };
            refs.push(self.declare_in_statement(kind, name, t, attrs, form, span, line_span)?);
        }
        Ok(())
    }

    /// [`Evaluator::declare`] of one title of a resource statement at `statement`: the
    /// resource's line is where the statement starts, as the reference's.
    #[allow(clippy::too_many_arguments)]
    fn declare_in_statement(
        &mut self,
        kind: &ResourceKind,
        type_name: &str,
        title: Rc<str>,
        attrs: Attributes,
        form: ResourceForm,
        statement: Span,
        span: Span,
    ) -> EvalResult {
        let saved = self.statement_line.replace(self.line_of(statement));
        let r = self.declare(kind, type_name, title, attrs, form, span);
        self.statement_line = saved;
        r
    }

    /// Evaluates `name => value` operations; `* => $hash` adds each entry of the hash.
    pub(crate) fn eval_attributes(&mut self, ops: &[AttributeOp]) -> EvalResult<Attributes> {
        let mut out: Attributes = Vec::with_capacity(ops.len());
        for op in ops {
            let value = self.eval(&op.value)?;
            if &*op.name == "*" {
                match value {
                    Value::Hash(h) => {
                        for (k, v) in h.iter() {
                            let Value::String(name) = k else {
                                return Err(Error::eval(
                                    "Splatted attribute names must be strings",
                                )
                                .at(op.span)
                                .into());
                            };
                            if out.iter().any(|a| a.name == *name) {
                                return Err(Error::eval(format!(
                                    "The attribute '{name}' has already been set"
                                ))
                                .at(op.span)
                                .into());
                            }
                            out.push(Attribute {
                                name: name.clone(),
                                value: v.clone(),
                                append: false,
                                span: op.span,
                            });
                        }
                    }
                    other => {
                        // (the reference's `generalize(infer(value))`: `Array[String[1, 7]]`
                        // for `[message, 'x']`)
                        use crate::types::infer::{generalize, infer_reduced};
                        return Err(Error::eval(format!(
                            "Expected value of type Hash, got {}",
                            generalize(&infer_reduced(&other))
                        ))
                        .at(op.span)
                        .into());
                    }
                }
                continue;
            }
            if out.iter().any(|a| a.name == op.name) {
                return Err(Error::eval(format!(
                    "The attribute '{}' has already been set",
                    op.name
                ))
                .at(op.span)
                .into());
            }
            out.push(Attribute {
                name: op.name.clone(),
                value,
                append: op.append,
                span: op.span,
            });
        }
        Ok(out)
    }

    /// Declares one resource (or class) and returns its reference.
    pub(crate) fn declare(
        &mut self,
        kind: &ResourceKind,
        type_name: &str,
        title: Rc<str>,
        attrs: Attributes,
        form: ResourceForm,
        span: Span,
    ) -> EvalResult {
        if let ResourceKind::Class = kind {
            let id = self
                .declare_class(
                    &title,
                    super::classes::Declaration::ResourceLike(attrs),
                    span,
                )
                .map_err(
                    |e| match e.span.is_some() || keeps_own_message(&e.message) {
                        true => e,
                        false => statement_error(e.message).with_hint(e.hint),
                    },
                )?;
            let r = self.compilation.catalog.get(id);
            return Ok(Value::typ(PType::Resource {
                type_name: Some("Class".into()),
                title: Some(r.title.clone()),
            }));
        }
        if self.debugging {
            self.debug_resource(type_name, &title, span)?;
        }
        let names = type_names(type_name);
        let display = &*names.display;
        // (the title is kept as given, a file's trailing slashes too: see `alias_keys`)
        if let ResourceKind::Builtin(info) = kind {
            if !info.title_patterns.is_empty() {
                builtin_types::title_values(info, &title).map_err(statement_error)?;
            }
        }
        let line = self
            .statement_line
            .take()
            .unwrap_or_else(|| self.line_of(span));
        // Where each relationship metaparameter is set: a missing target is reported there.
        let relation_lines: Vec<(Rc<str>, u32)> = attrs
            .iter()
            .filter(|a| matches!(&*a.name, "before" | "require" | "notify" | "subscribe"))
            .map(|a| (a.name.clone(), self.line_of(a.span)))
            .collect();
        let existing = self
            .compilation
            .catalog
            .find_by_title(display, &title)
            .or_else(|| self.compilation.catalog.title_alias_owner(display, &title));
        if let Some(existing) = existing {
            let e = self.compilation.catalog.get(existing);
            let here = self.location_name();
            return Err(statement_error(builtin_types::duplicate_message(
                &format!("{display}[{title}]"),
                (e.location_name(), e.line),
                (here.as_deref(), Some(line)),
            ))
            .into());
        }
        let mut tag_list = Vec::new();
        // (a `tag` given with `=>` is the value the parameter takes: its tags are not added
        // again below)
        let mut tag_given = false;
        for a in attrs.iter().filter(|a| &*a.name == "tag") {
            self.add_tags(&mut tag_list, &a.value, line)?;
            tag_given = !a.append;
        }
        if tag_list.is_empty() {
            // (the type's tags are distinct already: taken without a search, with room for
            // the title's)
            tag_list.reserve_exact(names.tags.len() + 1);
            tag_list.extend(names.tags.iter().cloned());
        } else {
            for tag in &names.tags {
                tags::push_unique(&mut tag_list, tag.clone());
            }
        }
        if !self.title_not_string {
            tags::add_shared_if_valid(&mut tag_list, &title);
        }
        let (given, default_sources) = self.with_defaults(display, attrs);
        // (sized once: grown from empty, the map was allocated twice for two attributes;
        // an arrow's operand with room for the parameter the arrow adds)
        let mut params = crate::catalog::Params::with_capacity_and_hasher(
            given.len() + usize::from(self.arrow_operand),
            Default::default(),
        );
        // (a define instance given `title` fails when the compilation finishes, after its
        // body ran, as the reference's: see `validate_builtin_parameters`)
        for a in given {
            set_attribute(&mut params, a);
        }
        // For messages.
        let dref = || format!("{display}[{title}]");
        // A define instance's parameters (unknown names, missing values, types) are checked
        // when its body is evaluated, as the reference checks them; a built-in type's when
        // the compilation finishes.
        // Set to undef: not in the catalog, but set.
        let undef_parameters: Vec<Rc<str>> = params
            .iter()
            .filter(|(_, v)| v.is_undef())
            .map(|(k, _)| k.clone())
            .collect();
        // A define instance binds a parameter given undef where it was given (its default
        // is listed there): the order of all, kept only when some are undef.
        let given_order: Option<Rc<[Rc<str>]>> =
            (!undef_parameters.is_empty()).then(|| params.keys().cloned().collect());
        params.retain(|_, v| !v.is_undef());
        let container = self.container();
        if let Some(t) = params.get("tag").filter(|_| !tag_given) {
            self.add_tags(&mut tag_list, t, line)?;
        }

        let exported = form == ResourceForm::Exported;
        let file = self.file_name();
        // The other keys the resource is found by; one taken by another resource is a clash.
        let info = match kind {
            ResourceKind::Builtin(info) => Some(*info),
            _ => None,
        };
        // (only those the keys depend on: for most resources none, and no vector is made)
        let key_params: Vec<(&str, &Value)> = params
            .iter()
            .filter(|(k, _)| builtin_types::is_key_parameter(info, k))
            .map(|(k, v)| (&**k, v))
            .collect();
        // A key implied by the title is not stored ([`builtin_types::key_implied_by_title`]);
        // it can be taken only by a stored key (the same title is a duplicate, found
        // above), so it is made only when the catalog has some.
        let key_implied = builtin_types::key_implied_by_title(info, &title, &key_params);
        let mut alias_keys = builtin_types::explicit_alias_keys(display, &title, &key_params);
        let stored_keys = match key_implied {
            true => alias_keys.len(),
            false => usize::MAX,
        };
        if !key_implied || self.compilation.catalog.has_aliases() {
            alias_keys.extend(builtin_types::uniqueness_alias_key(
                info,
                display,
                &title,
                &key_params,
            ));
        }
        for a in &alias_keys {
            let taken = self
                .compilation
                .catalog
                .alias_owner(&a.key)
                .or_else(|| self.compilation.catalog.find_by_title(display, a.title()?));
            if let Some(other) = taken {
                let o = self.compilation.catalog.get(other);
                return Err(statement_error(builtin_types::cannot_alias_message(
                    &dref(),
                    a,
                    (self.location_name().as_deref(), Some(line)),
                    (o.location_name(), o.line),
                ))
                .into());
            }
        }
        if display != "Stage" && params.contains_key("stage") {
            return Err(statement_error(builtin_types::stage_message(&dref())).into());
        }
        // (a resource with its index entries and edges takes about 500 bytes: counted, as
        // other growth is, or a million of them grew past the memory limit)
        crate::limits::reserve(RESOURCE_BYTES)?;
        let id = self.compilation.catalog.add(Resource {
            parameters: params,
            undef_parameters,
            declared_order: given_order.clone(),
            tag_parent: Some(container),
            origin: Some(Origin {
                source: self.source.clone(),
                span,
            }),
            exported,
            is_virtual: form != ResourceForm::Regular,
            line: Some(line),
            relation_lines,
            file,
            title_not_string: self.title_not_string,
            key_implied,
            // Stages are not contained in anything.
            ..Resource::new(
                names.display.clone(),
                title.clone(),
                tag_list,
                (display != "Stage").then_some(container),
            )
        });
        for a in alias_keys.into_iter().take(stored_keys) {
            self.compilation.catalog.add_alias(a.key, id);
        }
        if !default_sources.is_empty() {
            let r = self.compilation.catalog.get_mut(id);
            for (name, source) in default_sources {
                r.set_parameter_source(&name, Some(source));
            }
        }
        if let ResourceKind::Define(d) = kind {
            self.compilation.pending_defines.push(PendingDefine {
                resource: id,
                define: d.clone(),
                declarer: self.scope.clone(),
                given_order,
            });
        }
        Ok(Value::typ(PType::Resource {
            type_name: Some(names.display.clone()),
            title: Some(title),
        }))
    }

    /// The attributes given plus the resource defaults in scope for the type that they do
    /// not set (`+>` adds to a default's value), and the scopes (their resources) that
    /// declared the defaults taken.
    fn with_defaults(
        &self,
        display: &str,
        mut attrs: Attributes,
    ) -> (Attributes, Vec<(Rc<str>, ResourceId)>) {
        let mut sources = Vec::new();
        for (d, source) in self.defaults_in(&self.scope, display) {
            match attrs.iter_mut().find(|a| a.name == d.name) {
                Some(a) if a.append => {
                    a.value = append_values(&d.value, &a.value);
                    a.append = false;
                }
                Some(_) => {}
                None => {
                    sources.push((d.name.clone(), source));
                    attrs.push(d);
                }
            }
        }
        (attrs, sources)
    }

    /// The scopes whose resource defaults apply to what `start` declares: it, then the scope
    /// that declared it (or the one it sees through), and so on; the top scope's are apart
    /// (`top_defaults`).
    /// (Walked by reference: a vector of the scopes, cloned, cost ~400 instructions for each
    /// resource declared.)
    fn default_scopes(start: &Option<Rc<NamedScope>>) -> impl Iterator<Item = &NamedScope> {
        std::iter::successors(start.as_deref(), |scope| {
            scope.declarer.as_deref().or(scope.parent.as_deref())
        })
    }

    /// The resource defaults for type `display` in effect in `start` (the innermost
    /// scope's value of each attribute), each with the resource of the scope that declared
    /// it (`Class[main]` for the top scope). In the reference's order (its
    /// `lookupdefaults`): the outermost scope's first, an inner scope's value of an attribute
    /// in the place of the outer one's, the attributes only inner scopes set after.
    pub(crate) fn defaults_in(
        &self,
        start: &Option<Rc<NamedScope>>,
        display: &str,
    ) -> Vec<(Attribute, ResourceId)> {
        fn take(
            list: &[(Rc<str>, Attributes)],
            display: &str,
            source: ResourceId,
            found: &mut Vec<(Attribute, ResourceId)>,
        ) {
            for (t, defaults) in list {
                if &**t != display {
                    continue;
                }
                for d in defaults {
                    match found.iter_mut().find(|(f, _)| f.name == d.name) {
                        Some(slot) => *slot = (d.clone(), source),
                        None => found.push((d.clone(), source)),
                    }
                }
            }
        }
        // The scopes' chain walked from its outer end (a recursion as deep as the chain: a
        // vector of the scopes cost more for each resource declared).
        fn outer_first(
            scope: Option<&NamedScope>,
            display: &str,
            found: &mut Vec<(Attribute, ResourceId)>,
        ) {
            if let Some(s) = scope {
                outer_first(
                    s.declarer.as_deref().or(s.parent.as_deref()),
                    display,
                    found,
                );
                take(&s.defaults.borrow(), display, s.resource, found);
            }
        }
        let mut found: Vec<(Attribute, ResourceId)> = Vec::new();
        take(
            &self.compilation.top_defaults,
            display,
            self.compilation.main,
            &mut found,
        );
        outer_first(start.as_deref(), display, &mut found);
        found
    }

    /// Whether `value` is a resource default of `name` for type `display` in `start` or a
    /// scope whose defaults it sees (the reference's `is_default?`).
    fn is_default(
        &self,
        start: &Option<Rc<NamedScope>>,
        display: &str,
        name: &str,
        value: &Value,
    ) -> bool {
        let has = |list: &[(Rc<str>, Attributes)]| {
            list.iter().any(|(t, defaults)| {
                &**t == display
                    && defaults
                        .iter()
                        .any(|d| &*d.name == name && d.value == *value)
            })
        };
        Self::default_scopes(start).any(|s| has(&s.defaults.borrow()))
            || has(&self.compilation.top_defaults)
    }

    /// `File { mode => '0644' }`: defaults for the resources of the type declared later in
    /// this scope and the scopes it declares.
    pub(crate) fn eval_resource_defaults(
        &mut self,
        type_ref: &Expr,
        attributes: &[AttributeOp],
    ) -> EvalResult {
        let t = self.eval(type_ref)?;
        let attrs = self.eval_attributes(attributes)?;
        let name: Rc<str> = match &t {
            Value::Type(pt) => match &**pt {
                PType::Resource {
                    type_name: Some(n),
                    title: None,
                } => n.clone(),
                PType::Class(None) => "Class".into(),
                _ => {
                    return Err(
                        statement_error(format!("Illegal resource defaults type {pt}")).into(),
                    )
                }
            },
            _ => return Err(statement_error("Illegal resource defaults type").into()),
        };
        let line = self.line_of(type_ref.span);
        let location = self.location_suffix(line);
        let check = |list: &[(Rc<str>, Attributes)]| -> Result<(), Error> {
            for (t, earlier) in list {
                if *t != name {
                    continue;
                }
                if let Some(a) = attrs
                    .iter()
                    .find(|a| earlier.iter().any(|e| e.name == a.name))
                {
                    return Err(Error::new(
                        crate::error::ErrorKind::Failed,
                        format!("Default already defined for {name} {{ {} }}; cannot redefine{location}", a.name),
                    ));
                }
            }
            Ok(())
        };
        match &self.scope {
            Some(s) => {
                check(&s.defaults.borrow())?;
                s.defaults.borrow_mut().push((name, attrs))
            }
            None => {
                check(&self.compilation.top_defaults)?;
                self.compilation.top_defaults.push((name, attrs))
            }
        }
        Ok(t)
    }

    /// `Type['title'] { ... }`: sets attributes of declared resources; for resources not
    /// declared yet, the finishing steps apply it.
    pub(crate) fn eval_resource_override(
        &mut self,
        resource: &Expr,
        attributes: &[AttributeOp],
    ) -> EvalResult {
        let target = self.eval(resource)?;
        if let Value::Type(t) = &target {
            if let PType::Class(_) = &**t {
                return Err(Error::eval(format!(
                    "Resource Override can only operate on resources, got: {t}-Type"
                ))
                .into());
            }
        }
        let attrs = self.eval_attributes(attributes)?;
        let mut refs = Vec::new();
        collect_refs(&target, &mut refs);
        let line = self.line_of(resource.span);
        for (type_name, title) in refs {
            match self.compilation.catalog.find(&type_name, &title) {
                Some(id) => self.apply_override(id, &attrs, OverrideSite::Expression(line))?,
                None => self.compilation.overrides.push(PendingOverride {
                    type_name,
                    title,
                    attributes: attrs.clone(),
                    scope: self.scope.clone(),
                    line,
                }),
            }
        }
        Ok(target)
    }

    /// Sets attributes of a declared resource, as the reference merges an override: only from
    /// the scope that declared the resource or a class inheriting from it (a collector may
    /// always); a parameter already set only from a subclass of the scope that set it, or
    /// from that scope when its value is the resource default there; a value that is a
    /// resource default where the resource was declared is not set over one already set.
    /// `site` is the override expression or the collector.
    pub(crate) fn apply_override(
        &mut self,
        id: ResourceId,
        attrs: &Attributes,
        site: OverrideSite<'_>,
    ) -> Result<(), Error> {
        let here = self.container();
        let r = self.compilation.catalog.get(id);
        let container = r.container;
        let type_name = r.type_name.clone();
        let line = r.line;
        let from_collector = matches!(site, OverrideSite::Collector(_));
        if let OverrideSite::Expression(line) = site {
            if container != Some(here) && !self.inherits_from(container) {
                // At the override expression, as the reference locates it.
                return Err(Error::new(
                    crate::error::ErrorKind::Failed,
                    format!(
                        "Only subclasses can override parameters{}",
                        self.location_suffix(line)
                    ),
                ));
            }
        }
        if self.compilation.catalog.get(id).evaluated {
            self.late_override(id, site)?;
        }
        // The scope the resource was declared in: its defaults.
        let declared_in = match container {
            Some(c) if c != self.compilation.main => self.compilation.scopes.get(&c).cloned(),
            _ => None,
        };
        for a in attrs {
            let r = self.compilation.catalog.get(id);
            if r.is_set(&a.name) {
                if self.is_default(&declared_in, &type_name, &a.name, &a.value) {
                    continue;
                }
                if !from_collector {
                    let source = r.parameter_source(&a.name).or(container);
                    let current = r.parameters.get(&a.name).cloned().unwrap_or(Value::Undef);
                    let allowed = self.inherits_from(source)
                        || (source == Some(here)
                            && self.is_default(&declared_in, &type_name, &a.name, &current));
                    if !allowed {
                        // A resource a function made (create_resources) has no location in
                        // the reference: the message names none.
                        let at = match r.file.as_deref() {
                            Some("unknown") => String::new(),
                            _ => format!(
                                " at {}",
                                builtin_types::location(r.location_name(), r.line)
                            ),
                        };
                        return Err(Error::new(
                            crate::error::ErrorKind::Failed,
                            format!(
                                "Parameter '{}' is already set on {}{at}; cannot redefine",
                                a.name,
                                r.reference()
                            ),
                        ));
                    }
                }
            }
            if &*a.name == "tag" {
                let mut list = self.compilation.catalog.get(id).tags.clone();
                self.add_tags(&mut list, &a.value, line.unwrap_or(0))?;
                self.compilation.catalog.get_mut(id).tags = list;
            }
            // A relationship set here is reported here when its target is missing.
            let relation_line = matches!(&*a.name, "before" | "require" | "notify" | "subscribe")
                .then(|| self.line_of(a.span));
            let r = self.compilation.catalog.get_mut(id);
            let value = match (a.append, r.parameters.get(&a.name)) {
                (true, Some(old)) => append_values(old, &a.value),
                // (onto a parameter set to undef: Ruby's `[nil, new].flatten`)
                (true, None) if r.is_set_to_undef(&a.name) => {
                    append_values(&Value::array(vec![Value::Undef]), &a.value)
                }
                _ => a.value.clone(),
            };
            r.set_parameter(a.name.clone(), value);
            r.set_parameter_source(&a.name, Some(here));
            if let Some(at) = relation_line {
                r.relation_lines.retain(|(n, _)| *n != a.name);
                r.relation_lines.push((a.name.clone(), at));
            }
        }
        Ok(())
    }

    /// An override reaching a define instance whose body has run: the reference's error
    /// under `strict = error`, its warning under `warning` (the values are set all the
    /// same, too late for the body), nothing under `off`.
    fn late_override(&mut self, id: ResourceId, site: OverrideSite<'_>) -> Result<(), Error> {
        let r = self.compilation.catalog.get(id);
        let defined_at = builtin_types::location(r.location_name(), r.line);
        let mut message = if defined_at.is_empty() {
            "Attempt to override an already evaluated resource with new values".to_string()
        } else {
            format!(
                "Attempt to override an already evaluated resource, defined at {defined_at}, with new values"
            )
        };
        let at = match site {
            OverrideSite::Collector(at) => at.to_string(),
            OverrideSite::Expression(line) => self.location_text(Some(line)),
        };
        message.push(' ');
        message.push_str(&at);
        match self.strict {
            Strictness::Off => Ok(()),
            Strictness::Warning => {
                self.log(crate::LogLevel::Warning, &message);
                Ok(())
            }
            Strictness::Error => Err(Error::new(crate::error::ErrorKind::Failed, message)),
        }
    }

    /// Whether the current scope is a class inheriting (directly or not) from the class
    /// whose resource is `container`.
    fn inherits_from(&self, container: Option<ResourceId>) -> bool {
        let mut s = self.scope.as_ref().and_then(|s| s.parent.clone());
        while let Some(scope) = s {
            if !matches!(scope.kind, super::ScopeKind::Class(_)) {
                break;
            }
            if Some(scope.resource) == container {
                return true;
            }
            s = scope.parent.clone();
        }
        false
    }

    /// `Notify['a']['message']`: an attribute of a declared resource (`None` when the
    /// reference is not to a declared resource).
    pub(crate) fn resource_attributes(
        &self,
        t: &PType,
        keys: &[Value],
    ) -> Option<Result<Value, Error>> {
        let id = match t {
            PType::Resource {
                type_name: Some(tn),
                title: Some(title),
            } => self.find_reference(tn, title)?,
            PType::Class(Some(n)) => self.find_reference("Class", n)?,
            _ => return None,
        };
        let r = self.compilation.catalog.get(id);
        let mut values = Vec::with_capacity(keys.len());
        for k in keys {
            let name = crate::format::to_display(k);
            if let Some(v) = r.parameters.get(name.as_str()) {
                values.push(v.clone());
                continue;
            }
            if name == "title" {
                values.push(Value::String(r.title.clone()));
                continue;
            }
            let known = matches!(k, Value::String(_)) && self.has_parameter(r, &name);
            if known {
                // (the reference falls back on the resource defaults where the resource was
                // declared, looked up now, for a parameter without a value)
                if let Some(v) = self.default_where_declared(r, &name) {
                    values.push(v);
                    continue;
                }
            }
            if !known {
                let shown = match t {
                    PType::Class(Some(n)) => format!("Class['{n}']"),
                    other => other.to_string(),
                };
                return Some(Err(Error::eval(format!(
                    "The resource {shown} does not have a parameter called '{name}'"
                ))));
            }
            values.push(Value::Undef);
        }
        Some(Ok(match values.len() {
            1 => values.pop().unwrap_or(Value::Undef),
            _ => Value::array(values),
        }))
    }

    /// The resource default of parameter `name` in effect, now, where resource `r` was
    /// declared (the reference's `get_resource_parameter_value`, which looks up the
    /// defaults of the resource's scope when its value is undef): for a resource of the top
    /// scope or of a class's body (a define's or node's body scope is not kept: none then).
    fn default_where_declared(&self, r: &Resource, name: &str) -> Option<Value> {
        let container = r.container?;
        let start = if container == self.compilation.main {
            None
        } else {
            let c = self.compilation.catalog.get(container);
            if &*c.type_name != "Class" {
                return None;
            }
            let lower = c.title.to_ascii_lowercase();
            Some(self.compilation.class_scopes.get(lower.as_str())?.clone())
        };
        self.defaults_in(&start, &r.type_name)
            .into_iter()
            .find(|(d, _)| &*d.name == name)
            .map(|(d, _)| d.value)
    }

    /// Whether a resource's type has a parameter (or the resource is a class or define
    /// instance declaring one).
    fn has_parameter(&self, r: &Resource, name: &str) -> bool {
        if builtin_types::is_metaparameter(name) || name == "name" {
            return true;
        }
        if &*r.type_name == "Class" {
            let lower = r.title.to_ascii_lowercase();
            return self
                .compilation
                .classes
                .get(lower.as_str())
                .is_some_and(|c| c.def.params.iter().any(|p| &*p.name == name));
        }
        match self.resource_kind(&r.type_name) {
            Some(ResourceKind::Builtin(info)) => builtin_types::accepts(info, name),
            Some(ResourceKind::Define(d)) => d.def.params.iter().any(|p| &*p.name == name),
            _ => false,
        }
    }

    /// The resource that contains what is declared now: the class or define being
    /// evaluated, or `Class[main]`.
    pub(crate) fn container(&self) -> ResourceId {
        match &self.scope {
            Some(s) => s.resource,
            None => self.compilation.main,
        }
    }

    /// Adds the tags of a `tag` attribute; an invalid one is an error.
    pub(crate) fn add_tags(
        &self,
        list: &mut Vec<Rc<str>>,
        v: &Value,
        line: u32,
    ) -> Result<(), Error> {
        // (in order, each added once checked: a string as it is, without a copy)
        let one = |list: &mut Vec<Rc<str>>, t: &str| {
            if !tags::is_valid(t) {
                return Err(Error::new(
                    crate::error::ErrorKind::Failed,
                    // (named as the reference checks it: downcased)
                    format!(
                        "Invalid tag '{}'{}",
                        t.to_lowercase(),
                        self.location_suffix(line)
                    ),
                ));
            }
            tags::add(list, t);
            Ok(())
        };
        match v {
            Value::Array(a) => a.iter().try_for_each(|x| self.add_tags(list, x, line)),
            Value::Undef => Ok(()),
            Value::String(s) => one(list, s),
            other => one(list, &crate::format::to_display(other)),
        }
    }

    pub(crate) fn line_of(&self, span: Span) -> u32 {
        self.source.line(span.start) as u32
    }

    /// The source file name for resources, `None` for interactive input and `-e`.
    pub(crate) fn file_name(&self) -> Option<Rc<str>> {
        if let Some(f) = &self.file_override {
            return Some(f.clone());
        }
        source_file_name(&self.source)
    }

    /// The name errors give the current source: its file, or the REPL input or notebook
    /// cell (`In[3]`); `None` for `-e` and stdin, which the reference names by line only.
    pub(crate) fn location_name(&self) -> Option<Rc<str>> {
        self.file_name().or_else(|| {
            let name = self.source.name.as_str();
            crate::error::is_input_name(name).then(|| Rc::from(name))
        })
    }

    /// `(line: 3)`, `(file: In[2], line: 3)` or `(file: /x.pp, line: 3)`, as the reference
    /// locates a declaration.
    pub(crate) fn location_text(&self, line: Option<u32>) -> String {
        match (self.location_name(), line) {
            (Some(f), Some(l)) => format!("(file: {f}, line: {l})"),
            (None, Some(l)) => format!("(line: {l})"),
            _ => "(line: ?)".into(),
        }
    }

    /// ` (line: 3)`: the location the reference appends to errors of resource statements.
    pub(crate) fn location_suffix(&self, line: u32) -> String {
        format!(" {}", self.location_text(Some(line)))
    }
}

/// The title of a resource as the catalog keys it.
/// Sets an attribute: `+>` appends to the value already set.
fn set_attribute(params: &mut crate::catalog::Params, a: Attribute) {
    if a.append {
        if let Some(old) = params.get(&a.name) {
            let v = append_values(old, &a.value);
            params.insert(a.name, v);
            return;
        }
    }
    params.insert(a.name, a.value);
}

/// `old +> new`: both flattened into one array, as the reference's `[old, new].flatten`
/// (nested arrays too; an undef appended stays, as Ruby's nil).
fn append_values(old: &Value, new: &Value) -> Value {
    fn flatten(v: &Value, out: &mut Vec<Value>) {
        match v {
            Value::Array(a) => a.iter().for_each(|x| flatten(x, out)),
            other => out.push(other.clone()),
        }
    }
    let mut out = Vec::new();
    if !old.is_undef() {
        flatten(old, &mut out);
    }
    flatten(new, &mut out);
    Value::array(out)
}

/// The titles a title expression gave: a string, or an array of them (nested arrays
/// flattened), checked as the reference checks them.
/// About what a declared resource takes in the catalog (measured: 481 MB a million).
const RESOURCE_BYTES: usize = 512;

/// The titles of one body of a resource expression.
enum Titles {
    One(Rc<str>),
    Many(Vec<Rc<str>>),
}

/// The reference's check that no title comes twice in one resource expression (in one
/// body's array or in two bodies), made as each body's titles are evaluated, before its
/// attributes: `seen` holds the titles of the bodies before.
fn check_title_collisions(
    titles: &[Rc<str>],
    seen: &mut rustc_hash::FxHashSet<Rc<str>>,
) -> Result<(), Error> {
    for t in titles {
        if !seen.insert(t.clone()) {
            return Err(Error::eval(format!(
                "The title '{t}' has already been used in this resource expression"
            )));
        }
    }
    Ok(())
}

fn flatten_titles(v: Value, out: &mut Vec<Rc<str>>) -> Result<(), Error> {
    fn one(v: &Value, index: usize, out: &mut Vec<Rc<str>>) -> Result<(), Error> {
        match v {
            Value::String(s) if s.is_empty() => Err(Error::eval(format!(
                "Empty string title at {index}. Title strings must have a length greater than zero."
            ))),
            Value::String(s) => {
                out.push(s.clone());
                Ok(())
            }
            Value::Undef => Err(Error::eval(format!(
                "Missing title at index {index}. The title expression resulted in an undef title"
            ))),
            other => Err(Error::eval(format!(
                "Illegal title type at index {index}. Expected String, got {}",
                crate::types::infer::infer_generalized(other)
            ))),
        }
    }
    match v {
        Value::Undef => Err(Error::eval(
            "Missing title. The title expression resulted in undef",
        )),
        Value::Array(a) => {
            let mut flat = Vec::new();
            crate::catalog::flatten_array(&a, &mut flat);
            for (i, x) in flat.iter().enumerate() {
                one(x, i, out)?;
            }
            Ok(())
        }
        other => one(&other, 0, out),
    }
}

/// The `(type, title)` pairs a value refers to: a resource reference, or arrays of them.
pub fn collect_refs(v: &Value, out: &mut Vec<(Rc<str>, Rc<str>)>) {
    match v {
        Value::Type(t) => match &**t {
            PType::Resource {
                type_name: Some(tn),
                title: Some(title),
            } => out.push((tn.clone(), title.clone())),
            PType::Class(Some(name)) => {
                out.push(("Class".into(), capitalize_segments(name).into()))
            }
            _ => {}
        },
        Value::Array(a) => a.iter().for_each(|x| collect_refs(x, out)),
        _ => {}
    }
}

/// Where an override comes from: a `Type['title'] { ... }` expression (its line) or a
/// collector's block (the collector's location text, `(line: 3)`).
#[derive(Clone, Copy)]
pub(crate) enum OverrideSite<'a> {
    Expression(u32),
    Collector(&'a str),
}
