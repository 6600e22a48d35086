//! The reference's built-in object types, defined with the same machinery as user-defined
//! ones: `Deferred` (a function call made later, by the agent), `Error` and
//! `Puppet::LookupContext` (what a Hiera backend function is given).
//!
//! Their native functions (those the reference implements in its host language) are in
//! [`native_function`].

use super::object::{Attribute, Function, ObjectType};
use super::{CallableType, IntRange, PType};
use crate::values::{Regexp, Value};
use std::rc::Rc;

thread_local! {
    static DEFERRED: Rc<ObjectType> = Rc::new(deferred_type());
    static ERROR: Rc<ObjectType> = Rc::new(error_type());
    static ANNOTATION: Rc<ObjectType> = Rc::new(ObjectType {
        name: Some("Annotation".into()),
        ..ObjectType::empty()
    });
    static LOOKUP_CONTEXT: Rc<ObjectType> = Rc::new(lookup_context_type());
    static PCORE: Rc<ObjectType> = Rc::new(ObjectType {
        name: Some("Pcore".into()),
        ..ObjectType::empty()
    });
    static RUBY_METHOD: Rc<ObjectType> = Rc::new(ruby_method_type());
    static RESOURCE_PARAM: Rc<ObjectType> = Rc::new(resource_param_type());
    static RESOURCE_TYPE3: Rc<ObjectType> = Rc::new(resource_type3_type());
}

/// `Annotation`, the parent of annotation types.
pub fn annotation() -> Rc<ObjectType> {
    ANNOTATION.with(Rc::clone)
}

/// The reference's `Pcore` type (named in `annotate`'s signatures; no instances).
pub fn pcore() -> Rc<ObjectType> {
    PCORE.with(Rc::clone)
}

/// `Deferred`
pub fn deferred() -> Rc<ObjectType> {
    DEFERRED.with(Rc::clone)
}

/// `Error`
pub fn error() -> Rc<ObjectType> {
    ERROR.with(Rc::clone)
}

/// `Puppet::LookupContext`
pub fn lookup_context() -> Rc<ObjectType> {
    LOOKUP_CONTEXT.with(Rc::clone)
}

/// Whether an object is a `Puppet::LookupContext` (its functions are the lookup's: see
/// the evaluator's Hiera backends).
pub fn is_lookup_context(o: &crate::types::object_instance::ObjectValue) -> bool {
    LOOKUP_CONTEXT.with(|t| Rc::ptr_eq(&o.typ, t))
}

/// The built-in object type of this name.
pub fn by_name(name: &str) -> Option<Rc<ObjectType>> {
    match name {
        "Deferred" => Some(deferred()),
        "Error" => Some(error()),
        "Annotation" => Some(annotation()),
        "Puppet::LookupContext" => Some(lookup_context()),
        "Pcore" => Some(pcore()),
        "RubyMethod" => Some(RUBY_METHOD.with(Rc::clone)),
        "Puppet::Resource::Param" => Some(RESOURCE_PARAM.with(Rc::clone)),
        "Puppet::Resource::ResourceType3" => Some(RESOURCE_TYPE3.with(Rc::clone)),
        _ => None,
    }
}

fn attr(name: &str, typ: PType, value: Option<Value>) -> Attribute {
    Attribute {
        name: name.into(),
        typ,
        kind: None,
        value,
        override_: false,
        final_: false,
        annotations: None,
        from_constants: false,
    }
}

fn optional(t: PType) -> PType {
    PType::Optional(Some(Box::new(t)))
}

fn non_empty_string() -> PType {
    PType::String {
        size: IntRange::new(1, i64::MAX),
        value: None,
    }
}

/// The pattern of a function name a Deferred may call (`$var` for a variable).
pub const DEFERRED_NAME: &str = r"\A[$]?[a-z][a-z0-9_]*(?:::[a-z][a-z0-9_]*)*\z";

fn deferred_type() -> ObjectType {
    let pattern = Regexp::new(DEFERRED_NAME).map(Rc::new);
    let name_type = PType::Pattern(pattern.into_iter().collect());
    ObjectType {
        name: Some("Deferred".into()),
        attributes: vec![
            attr("name", name_type, None),
            attr(
                "arguments",
                optional(PType::array_of(PType::Any)),
                Some(Value::Undef),
            ),
        ],
        ..ObjectType::empty()
    }
}

fn error_type() -> ObjectType {
    let matcher = PType::Variant(vec![
        PType::string(),
        PType::Regexp(None),
        PType::Type(Some(Box::new(PType::Enum {
            values: Vec::new(),
            case_insensitive: false,
        }))),
        PType::Type(Some(Box::new(PType::Pattern(Vec::new())))),
        PType::Type(Some(Box::new(PType::NotUndef(None)))),
        PType::Type(Some(Box::new(PType::Undef))),
    ]);
    ObjectType {
        name: Some("Error".into()),
        type_parameters: vec![
            ("kind".into(), matcher.clone()),
            ("issue_code".into(), matcher),
        ],
        attributes: vec![
            attr("msg", non_empty_string(), None),
            attr("kind", optional(non_empty_string()), Some(Value::Undef)),
            attr(
                "details",
                optional(PType::hash_of(non_empty_string(), PType::Data)),
                Some(Value::Undef),
            ),
            attr(
                "issue_code",
                optional(non_empty_string()),
                Some(Value::Undef),
            ),
        ],
        functions: vec![Function::new(
            "message",
            PType::Callable(Box::new(CallableType {
                params: Some((Vec::new(), Some(IntRange::new(0, 0)))),
                block: None,
                return_type: Some(non_empty_string()),
            })),
        )],
        ..ObjectType::empty()
    }
}

/// `RubyMethod`, the annotation of an attribute or function whose implementation is Ruby
/// code (the reference's `Puppet::Pops::Types::RubyMethod`): its `body`, and its
/// `parameters` as Ruby writes them.
fn ruby_method_type() -> ObjectType {
    ObjectType {
        name: Some("RubyMethod".into()),
        parent: Some(PType::ObjectType(annotation())),
        attributes: vec![
            attr("body", PType::string(), None),
            attr(
                "parameters",
                optional(non_empty_string()),
                Some(Value::Undef),
            ),
        ],
        ..ObjectType::empty()
    }
}

/// `Puppet::Resource::Param`, a parameter of a resource type as `puppet generate types`
/// describes it (the reference's `Puppet::Pops::Resource::Param`).
fn resource_param_type() -> ObjectType {
    ObjectType {
        name: Some("Puppet::Resource::Param".into()),
        attributes: vec![
            attr("type", PType::Type(None), None),
            attr("name", non_empty_string(), None),
            attr(
                "name_var",
                PType::Boolean(None),
                Some(Value::Boolean(false)),
            ),
        ],
        equality: Some(vec!["name".into()]),
        ..ObjectType::empty()
    }
}

/// `Puppet::Resource::ResourceType3`, a resource type as `puppet generate types` writes it
/// (the reference's `Puppet::Pops::Resource::ResourceTypeImpl`; its `.pcore` file in
/// `puppet/pops/resource/` is not what it loads).
fn resource_type3_type() -> ObjectType {
    let param = PType::array_of(PType::ObjectType(RESOURCE_PARAM.with(Rc::clone)));
    let patterns = optional(PType::hash_of(
        PType::Regexp(None),
        PType::array_of(non_empty_string()),
    ));
    ObjectType {
        name: Some("Puppet::Resource::ResourceType3".into()),
        attributes: vec![
            attr("name", non_empty_string(), None),
            attr("properties", param.clone(), Some(Value::array(Vec::new()))),
            attr("parameters", param, Some(Value::array(Vec::new()))),
            attr("title_patterns_hash", patterns, Some(Value::Undef)),
            attr(
                "isomorphic",
                PType::Boolean(None),
                Some(Value::Boolean(true)),
            ),
            attr(
                "capability",
                PType::Boolean(None),
                Some(Value::Boolean(false)),
            ),
        ],
        equality: Some(vec!["name".into()]),
        ..ObjectType::empty()
    }
}

/// `Callable[args]` (built from its parameters, as written in Puppet).
fn callable(args: Vec<Value>) -> PType {
    let mut args = args;
    match super::create::parameterize(&super::by_name("Callable").unwrap_or(PType::Any), &mut args)
    {
        Ok(Value::Type(t)) => (*t).clone(),
        _ => PType::Any,
    }
}

/// The reference's `Puppet::LookupContext` (its `Context#register_ptype`): the names and
/// signatures of its functions, as `notice(Puppet::LookupContext)` shows them.
fn lookup_context_type() -> ObjectType {
    let t = |p: PType| Value::typ(p);
    let int = Value::Integer;
    let arity = |lo, hi| Value::array(vec![int(lo), int(hi)]);
    let key = optional(PType::Scalar);
    let key_and = |rest: PType| callable(vec![t(key.clone()), t(rest)]);
    let block = |n| t(callable(vec![int(n), int(n)]));
    let entries = PType::Variant(vec![
        callable(vec![
            Value::array(vec![int(0), int(0), block(1)]),
            t(PType::Undef),
        ]),
        callable(vec![
            Value::array(vec![int(0), int(0), block(2)]),
            t(PType::Undef),
        ]),
        callable(vec![
            arity(0, 0),
            t(PType::Iterable(Some(Box::new(PType::Tuple(
                vec![key.clone(), PType::Any],
                None,
            ))))),
        ]),
    ]);
    let function = Function::new;
    ObjectType {
        name: Some("Puppet::LookupContext".into()),
        parent: Some(PType::Any),
        attributes: vec![
            Attribute {
                kind: Some(super::object::AttrKind::Derived),
                ..attr("environment_name", non_empty_string(), None)
            },
            attr(
                "module_name",
                PType::Variant(vec![non_empty_string(), PType::Undef]),
                None,
            ),
        ],
        functions: vec![
            function("not_found", callable(vec![arity(0, 0), t(PType::Undef)])),
            function(
                "explain",
                callable(vec![
                    Value::array(vec![int(0), int(0), block(0)]),
                    t(PType::Undef),
                ]),
            ),
            function("interpolate", callable(vec![int(1), int(1)])),
            function("cache", key_and(PType::Any)),
            function(
                "cache_all",
                callable(vec![
                    Value::array(vec![t(PType::hash_of(key.clone(), PType::Any))]),
                    t(PType::Undef),
                ]),
            ),
            function(
                "cache_has_key",
                callable(vec![
                    Value::array(vec![t(key.clone())]),
                    t(PType::Boolean(None)),
                ]),
            ),
            function("cached_value", callable(vec![t(key.clone())])),
            function("cached_entries", entries),
            function(
                "cached_file_data",
                callable(vec![
                    t(PType::string()),
                    t(optional(callable(vec![t(PType::array_of(
                        PType::integer(),
                    ))]))),
                ]),
            ),
        ],
        ..ObjectType::empty()
    }
}

/// A function of a built-in object type implemented natively: `Error.message`.
pub fn native_function(
    o: &crate::types::object_instance::ObjectValue,
    name: &str,
) -> Option<Value> {
    match (o.typ.name.as_deref(), name) {
        (Some("Error"), "message") if Rc::ptr_eq(&o.typ, &error()) => o.get("msg").cloned(),
        _ => None,
    }
}
