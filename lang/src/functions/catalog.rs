//! Catalog functions: `include`, `require`, `contain` (declare classes), `realize`
//! (virtual resources), `tag`, `tagged`, `create_resources`. The work is done by the
//! compile module (`compile::classes`, `compile::declare`, `compile::finish`).

use super::signature::dispatch;
use super::{builtin, Builtin};
use crate::catalog::tags;
use crate::compile::classes::Declaration;
use crate::compile::declare::{collect_refs, ResourceKind};
use crate::error::Error;
use crate::eval::{Closure, EvalResult, Evaluator};
use crate::syntax::ast::ResourceForm;
use crate::types::PType;
use crate::values::Value;
use std::rc::Rc;

/// The class names arguments give: strings, `Class[name]`, and arrays of them.
fn class_names(v: &Value, out: &mut Vec<Rc<str>>) -> Result<(), Error> {
    match v {
        Value::String(s) if s.is_empty() => {
            return Err(Error::eval("Cannot use empty string as a class name"))
        }
        Value::Undef => return Err(Error::eval("Cannot use undef as a class name")),
        Value::String(s) => out.push(s.clone()),
        Value::Array(a) => {
            for x in a.iter() {
                class_names(x, out)?;
            }
        }
        Value::Type(t) => match &**t {
            PType::Class(Some(n)) => out.push(n.clone()),
            PType::Resource {
                type_name: Some(tn),
                title: Some(title),
            } if &**tn == "Class" => out.push(title.clone()),
            other => {
                return Err(Error::eval(format!(
                    "Cannot use a {other} where a class name or Class reference is expected"
                )))
            }
        },
        other => {
            return Err(Error::eval(format!(
                "Cannot use {} where a class name or Class reference is expected",
                crate::describe::a_an(other)
            )))
        }
    }
    Ok(())
}

fn declare_classes(
    ev: &mut Evaluator,
    args: &[Value],
    b: Option<&Closure>,
    how: fn() -> Declaration,
) -> EvalResult {
    dispatch(ev, args, b)?;
    let mut names = Vec::new();
    for a in args {
        class_names(a, &mut names)?;
    }
    let span = ev.call_span;
    if names.len() > 1 {
        ev.declare_classes_together(&names, how, span)?;
    }
    let mut refs = Vec::new();
    for n in names {
        ev.declare_class(&n, how(), span)?;
        // The reference answers with the class's (lower case) name: `include 'Foo'` gives
        // `[Class[foo]]`.
        let shown = n.strip_prefix("::").unwrap_or(&n).to_ascii_lowercase();
        refs.push(Value::typ(PType::Class(Some(shown.into()))));
    }
    Ok(Value::array(refs))
}

fn include(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    declare_classes(ev, args, b, || Declaration::Include)
}

fn require(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    declare_classes(ev, args, b, || Declaration::Require)
}

fn contain(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    declare_classes(ev, args, b, || Declaration::Contain)
}

fn realize(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    at_least_one("realize", args)?;
    let mut refs = Vec::new();
    for a in args {
        string_refs(a, &mut refs);
    }
    let span = ev.call_span;
    for (t, title) in refs {
        ev.realize(t, title, span);
    }
    Ok(Value::Undef)
}

/// The resources a value names: references, `'Type[title]'` strings, arrays of them.
fn string_refs(v: &Value, out: &mut Vec<(Rc<str>, Rc<str>)>) {
    match v {
        Value::String(s) => {
            if let Some((t, rest)) = s.split_once('[') {
                if let Some(title) = rest.strip_suffix(']') {
                    let title = title.trim_matches(|c| c == '\'' || c == '"');
                    let t = crate::types::names::capitalize_segments(t);
                    out.push((t.into(), title.into()));
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|x| string_refs(x, out)),
        other => collect_refs(other, out),
    }
}

/// The tags arguments give (strings and arrays of strings).
fn tag_args(args: &[Value]) -> Vec<String> {
    let mut out = Vec::new();
    fn walk(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::String(s) => out.push(s.to_string()),
            Value::Array(a) => a.iter().for_each(|x| walk(x, out)),
            _ => {}
        }
    }
    args.iter().for_each(|a| walk(a, &mut out));
    out
}

/// The 3.x-style arity error `tag` and `tagged` give.
fn at_least_one(name: &str, args: &[Value]) -> Result<(), Error> {
    if args.is_empty() {
        return Err(Error::eval(format!(
            "{name}(): Wrong number of arguments given (0 for minimum 1)"
        )));
    }
    Ok(())
}

fn tag(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    at_least_one("tag", args)?;
    let container = ev.container();
    // Listed after every other tag of the scope's resource (as the reference lists them).
    let mut added = Vec::new();
    for t in tag_args(args) {
        let lower = t.to_lowercase();
        if !tags::is_valid(&lower) {
            return Err(Error::eval(format!("Invalid tag '{lower}'")).into());
        }
        tags::add(&mut added, &t);
    }
    let r = ev.compilation.catalog.get_mut(container);
    for a in added {
        tags::push_unique(&mut r.late_tags, a);
    }
    Ok(Value::Undef)
}

fn tagged(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    at_least_one("tagged", args)?;
    let container = ev.container();
    let catalog = &ev.compilation.catalog;
    // An array argument is one tag (which never matches), as in the reference.
    // The catalog's tags (declared classes and nodes), or the enclosing scope's.
    let all = args.iter().all(|a| match a {
        Value::String(t) => {
            let t = t.to_lowercase();
            catalog.catalog_has_tag(&t) || catalog.has_tag(container, &t)
        }
        _ => false,
    });
    Ok(Value::Boolean(all))
}

fn create_resources(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    dispatch(ev, args, b)?;
    if args.len() < 2 || args.len() > 3 {
        let bound = if args.len() < 2 {
            "minimum 2"
        } else {
            "maximum 3"
        };
        return Err(Error::eval(format!(
            "create_resources(): Wrong number of arguments given ({} for {bound})",
            args.len()
        ))
        .into());
    }
    if !matches!(args[1], Value::Hash(_)) {
        return Err(Error::eval("create_resources(): second argument must be a hash").into());
    }
    let defaults = match args.get(2) {
        Some(Value::Hash(_)) => as_3x(&args[2]),
        None => Value::hash(Default::default()),
        Some(_) => {
            return Err(Error::eval(
                "create_resources(): third argument, if provided, must be a hash",
            )
            .into())
        }
    };
    let type_name = match &args[0] {
        Value::String(s) => s.to_string(),
        Value::Type(t) => match &**t {
            PType::Resource {
                type_name: Some(n),
                title: None,
            } => n.to_string(),
            PType::Class(None) => "class".into(),
            other => {
                return Err(Error::eval(format!("create_resources(): illegal type {other}")).into())
            }
        },
        other => {
            return Err(Error::eval(format!(
                "create_resources(): first argument must be a String or a Type, got {}",
                crate::describe::a_an(other)
            ))
            .into())
        }
    };
    let (form, type_name) = match type_name.strip_prefix("@@") {
        Some(t) => (ResourceForm::Exported, t.to_string()),
        None => match type_name.strip_prefix('@') {
            Some(t) => (ResourceForm::Virtual, t.to_string()),
            None => (ResourceForm::Regular, type_name),
        },
    };
    let instances = as_3x(&args[1]);
    let Value::Hash(instances) = &instances else {
        return Ok(Value::Undef);
    };
    let span = ev.call_span;
    if type_name.eq_ignore_ascii_case("class") && form != ResourceForm::Regular {
        // (the reference's issue, located in no file, without the call's prefix)
        let saved = ev.file_override.replace("unknown".into());
        let line = ev.line_of(span);
        let e = Error::eval(format!(
            "Classes are not virtualizable{}",
            ev.location_suffix(line)
        ))
        .at(span);
        ev.file_override = saved;
        return Err(e.into());
    }
    // The type is looked up at the first instance, after its parameters are merged: an
    // empty hash declares nothing and names no type.
    let mut kind: Option<ResourceKind> = None;
    for (title_value, attrs) in instances.iter() {
        // (the source merges each instance's parameters into the defaults as it declares
        // it: Ruby's TypeError for one that is no hash, after the instances before it)
        if !matches!(attrs, Value::Hash(_)) {
            return Err(Error::eval(format!(
                "no implicit conversion of {} into Hash",
                crate::functions::strings::ruby_class(attrs)
            ))
            .into());
        }
        let kind = match &mut kind {
            Some(k) => &*k,
            slot @ None => {
                // (named lower-case, as the reference's `Puppet::Resource` holds it)
                let unknown = || {
                    Error::eval(format!(
                        "Unknown resource type: '{}'",
                        type_name.to_lowercase()
                    ))
                };
                &*slot.insert(ev.resource_kind_loading(&type_name)?.ok_or_else(unknown)?)
            }
        };
        // An array of titles declares one resource a title, with the same parameters.
        let titles = match title_value {
            Value::Array(a) => a.iter().collect::<Vec<_>>(),
            one => vec![one],
        };
        for title_value in titles {
            declare_instance(ev, kind, &type_name, form, title_value, attrs, &defaults)?;
        }
    }
    Ok(Value::Undef)
}

/// A value as the reference hands it to a 3.x function such as `create_resources` (its
/// `Runtime3Converter`): a regexp, version, version range, binary, timespan or timestamp
/// as the string of its Puppet form (`/a/`), inside arrays and hashes too (keys as well),
/// so that a resource made from it holds that string.
fn as_3x(v: &Value) -> Value {
    fn changes(v: &Value) -> bool {
        match v {
            Value::Array(a) => a.iter().any(changes),
            Value::Hash(h) => h.iter().any(|(k, x)| changes(k) || changes(x)),
            other => crate::format::ruby::handed_as_string(other),
        }
    }
    match v {
        _ if !changes(v) => v.clone(),
        Value::Array(a) => Value::array(a.iter().map(as_3x).collect()),
        Value::Hash(h) => Value::hash(h.iter().map(|(k, x)| (as_3x(k), as_3x(x))).collect()),
        other => Value::string(crate::format::to_display(other)),
    }
}

/// One resource of `create_resources`: the defaults' parameters, then the instance's.
fn declare_instance(
    ev: &mut Evaluator,
    kind: &ResourceKind,
    type_name: &str,
    form: ResourceForm,
    title_value: &Value,
    attrs: &Value,
    defaults: &Value,
) -> Result<(), crate::eval::Flow> {
    let span = ev.call_span;
    let title = crate::format::to_display(title_value);
    let mut list = Vec::new();
    let add = |h: &Value, list: &mut Vec<crate::catalog::Attribute>| {
        if let Value::Hash(h) = h {
            for (k, v) in h.iter() {
                let name: Rc<str> = crate::format::to_display(k).into();
                list.retain(|a: &crate::catalog::Attribute| a.name != name);
                list.push(crate::catalog::Attribute {
                    name,
                    value: v.clone(),
                    append: false,
                    span,
                });
            }
        }
    };
    add(defaults, &mut list);
    add(attrs, &mut list);
    // A title that is not a string (`ensure_resource('apache::listen', 443)`) becomes
    // the resource's `name` too, as a string, first among its parameters.
    if !matches!(title_value, Value::String(_))
        && !matches!(kind, ResourceKind::Class)
        && !list.iter().any(|a| &*a.name == "name")
    {
        list.insert(
            0,
            crate::catalog::Attribute {
                name: "name".into(),
                value: Value::string(title.as_str()),
                append: false,
                span,
            },
        );
    }
    // The reference knows no file for these resources; a duplicate is the function's
    // error.
    let saved = ev.file_override.replace("unknown".into());
    // (a class is evaluated at once: what it declares keeps its tags)
    ev.title_not_string =
        !matches!(title_value, Value::String(_)) && !matches!(kind, ResourceKind::Class);
    let r = ev.declare(kind, type_name, title.as_str().into(), list, form, span);
    ev.title_not_string = false;
    ev.file_override = saved;
    r.map_err(|f| match f {
        crate::eval::Flow::Error(e) => {
            let prefix = crate::compile::declare::IN_RESOURCE_STATEMENT;
            // (what the declaration itself refuses is the function's error in the
            // reference: a duplicate, a title no title pattern matches, a class's
            // parameters, an unknown class)
            match e.message.strip_prefix(prefix) {
                Some(m) => crate::eval::Flow::from(Error {
                    message: m.to_string(),
                    ..*e
                }),
                _ => crate::eval::Flow::from(e.at(span)),
            }
        }
        other => other,
    })?;
    Ok(())
}

const CLASSES: &[&str] = &["Any +$names"];

pub fn builtins() -> Vec<Builtin> {
    vec![
        builtin("include", CLASSES, include, "include(Variant[String, Class, Array] *$names) -> Array[Class]\nDeclares classes (evaluating each the first time); declaring one again does nothing.\n\n    class web { } include web   # [Class[web]]"),
        builtin("require", CLASSES, require, "require(Variant[String, Class, Array] *$names) -> Array[Class]\nDeclares classes like include, and makes the declaring class or define require them.\n\n    class base { } class web { require base }"),
        builtin("contain", CLASSES, contain, "contain(Variant[String, Class, Array] *$names) -> Array[Class]\nDeclares classes like include, and makes the declaring class contain them.\n\n    class app { contain app::config }"),
        builtin("realize", &["Any *$refs"], realize, "realize(Resource *$refs) -> Undef\nAdds virtual resources to the catalog.\n\n    @user { 'alice': } realize(User['alice'])"),
        builtin("tag", &["Variant[String, Array[String]] *$tags"], tag, "tag(String *$tags) -> Undef\nTags the enclosing class or define (and the resources it declares after).\n\n    class web { tag('frontend') }"),
        builtin("tagged", &["Variant[String, Array[String]] *$tags"], tagged, "tagged(String *$tags) -> Boolean\nWhether the enclosing class or define, or the catalog (the classes and nodes declared), has all the tags.\n\n    class web { tagged('web') }   # true"),
        builtin("create_resources", &["Any *$args"], create_resources, "create_resources(String $type, Hash $resources, Hash $defaults?) -> Undef\nDeclares a resource of the type for each title => attributes entry.\n\n    create_resources('notify', { 'a' => { 'message' => 'hi' } })"),
    ]
}
