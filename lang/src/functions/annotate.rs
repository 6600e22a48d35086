//! `annotate(MyAnn, $value, {...})`: annotations (instances of object types whose parent is
//! `Annotation`) attached to a value, as the reference keeps them beside the value itself.
//!
//! Annotations belong to one value, not to equal ones: they are kept per evaluator thread,
//! keyed by the identity of the value's shared storage (which the table keeps alive, so that
//! an identity is never reused). Scalars cannot be annotated (the reference's "can't modify
//! frozen" error).

use super::signature::{dispatch_signatures, Arity, BlockParam, Param, Signature};
use super::{builtin, Builtin};
use crate::cow::CowRc;
use crate::error::Error;
use crate::eval::{Closure, EvalResult, Evaluator};
use crate::types::object::ObjectType;
use crate::types::{pcore, PType};
use crate::values::Value;
use rustc_hash::FxHashMap as HashMap;
use std::cell::RefCell;
use std::rc::Rc;

/// An annotated value (kept alive, so that its identity is not reused) and its annotations
/// by annotation type name.
type Annotated = (Value, Vec<(Rc<str>, Value)>);

/// Annotated values by identity (`None`: none yet on this thread).
type Table = Option<CowRc<HashMap<usize, Annotated>>>;

thread_local! {
    /// Annotated values by identity. (A thread cache, empty until the first annotation:
    /// `save` reads it at every input, and a `thread_local!` that needs dropping registers
    /// its destructor with the C library at its first use, in a fresh session's clock.)
    // SAFETY: a thread-local's value.
    static ANNOTATIONS: crate::syntax::thread_cache::ThreadCache<RefCell<Table>> = const {
        unsafe { crate::syntax::thread_cache::ThreadCache::new(RefCell::new(None)) }
    };
}

/// The annotations as they are, to put back if an input fails (see `Evaluator::save`).
#[derive(Default)]
pub struct Saved(Table);

/// The annotations now (shared until they change).
pub fn save() -> Saved {
    Saved(ANNOTATIONS.with(|t| t.borrow().clone()))
}

/// Puts back the annotations [`save`] kept.
pub fn restore(saved: Saved) {
    // (the annotations made since are dropped after the table is given back)
    let _since = ANNOTATIONS.with(|t| std::mem::replace(&mut *t.borrow_mut(), saved.0));
}

/// The identity of a value that can carry annotations.
fn identity(v: &Value) -> Option<usize> {
    Some(match v {
        Value::Array(a) => Rc::as_ptr(a) as *const u8 as usize,
        Value::Hash(h) => Rc::as_ptr(h) as *const u8 as usize,
        Value::Object(o) => Rc::as_ptr(o) as *const u8 as usize,
        Value::Uri(u) => Rc::as_ptr(u) as *const u8 as usize,
        Value::Type(t) => Rc::as_ptr(t) as *const u8 as usize,
        Value::Binary(b) => Rc::as_ptr(b) as *const u8 as usize,
        Value::Sensitive(s) => Rc::as_ptr(s) as *const u8 as usize,
        _ => return None,
    })
}

fn get(v: &Value, ann: &ObjectType) -> Option<Value> {
    let id = identity(v)?;
    ANNOTATIONS.with(|t| {
        t.borrow().as_ref()?.get(&id).and_then(|(_, anns)| {
            anns.iter()
                .find(|(n, _)| Some(n) == ann.name.as_ref())
                .map(|(_, a)| a.clone())
        })
    })
}

fn set(v: &Value, ann: &ObjectType, annotation: Option<Value>) -> Result<(), Error> {
    let Some(id) = identity(v) else {
        return Err(Error::eval(format!(
            "can't modify frozen {}: {}",
            crate::time::coerce::ruby_class(v),
            crate::format::ruby::inspect_objects(v)
        )));
    };
    let name = ann.name.clone().unwrap_or_else(|| "Annotation".into());
    ANNOTATIONS.with(|t| {
        let mut t = t.borrow_mut();
        let t = t.get_or_insert_with(Default::default);
        let entry = t.entry(id).or_insert_with(|| (v.clone(), Vec::new()));
        entry.1.retain(|(n, _)| *n != name);
        if let Some(a) = annotation {
            entry.1.push((name, a));
        }
    });
    Ok(())
}

fn got_name(v: &Value) -> String {
    match v {
        Value::Object(o) => o.typ.label().to_string(),
        other => crate::types::infer_generalized(other).to_string(),
    }
}

fn signatures() -> Vec<Signature> {
    let ty = |o: Rc<ObjectType>| PType::Type(Some(Box::new(PType::ObjectType(o))));
    let param = |name: &str, ty: PType, shown: &str| Param {
        name: name.into(),
        ty,
        shown: shown.into(),
        arity: Arity::Required,
    };
    let annotation_hash = PType::Variant(vec![
        PType::Enum {
            values: vec!["clear".into()],
            case_insensitive: false,
        },
        PType::hash_of(PType::string(), PType::Any),
    ]);
    let annotations = PType::hash_of(
        ty(pcore::annotation()),
        PType::hash_of(PType::string(), PType::Any),
    );
    vec![
        Signature {
            params: vec![
                param("type", ty(pcore::annotation()), "Type[Annotation]"),
                param("value", PType::Any, "Any"),
            ],
            block: Some(BlockParam {
                name: "block".into(),
                count: Some((0, 0)),
                also: Vec::new(),
                optional: true,
                shown: "Callable[0, 0]".into(),
            }),
            fallback: false,
        },
        Signature {
            params: vec![
                param("type", ty(pcore::annotation()), "Type[Annotation]"),
                param("value", PType::Any, "Any"),
                param(
                    "annotation_hash",
                    annotation_hash,
                    "Variant[Enum['clear'], Hash[Pcore::MemberName, Any]]",
                ),
            ],
            block: None,
            fallback: false,
        },
        Signature {
            params: vec![
                param("type", ty(pcore::pcore()), "Type[Pcore]"),
                param("value", PType::Any, "Any"),
                param(
                    "annotations",
                    annotations,
                    "Hash[Type[Annotation], Hash[Pcore::MemberName, Any]]",
                ),
            ],
            block: None,
            fallback: false,
        },
    ]
}

/// An annotation from its initialization hash, with the reference's error.
fn make(ann: &Rc<ObjectType>, init: &Value) -> Result<Value, Error> {
    let label = ann.label();
    let Value::Hash(h) = init else {
        return Err(Error::eval(format!(
            "{label} initializer has wrong type, expects a Struct value, got {}",
            got_name(init)
        )));
    };
    let attrs = ann.init_attributes();
    let members = attrs
        .iter()
        .map(|a| crate::types::StructMember {
            key: a.name.clone(),
            key_kind: if a.value.is_some() {
                crate::types::KeyKind::Optional
            } else {
                crate::types::KeyKind::Plain
            },
            value: a.typ.clone(),
        })
        .collect();
    let st = PType::Struct(Some(members));
    if !crate::types::is_instance(&st, init) {
        return Err(Error::eval(format!(
            "{label} initializer has wrong type, {}",
            crate::types::describe_mismatch(&st, init)
        )));
    }
    super::pcore::new_object(ann, std::slice::from_ref(&Value::Hash(h.clone())))
}

fn annotate(ev: &mut Evaluator, args: &[Value], b: Option<&Closure>) -> EvalResult {
    let chosen = dispatch_signatures("annotate", &signatures(), args, b)?;
    let Some(ann) = args[0].as_type().and_then(super::pcore::object_type_of) else {
        return Ok(Value::Undef);
    };
    let value = &args[1];
    match chosen {
        0 => match (get(value, &ann), b) {
            (Some(a), _) => Ok(a),
            (None, None) => Ok(Value::Undef),
            (None, Some(block)) => {
                let init = ev.call_closure(block, &[])?;
                let a = make(&ann, &init)?;
                set(value, &ann, Some(a.clone()))?;
                Ok(a)
            }
        },
        1 => match &args[2] {
            Value::String(s) if &**s == "clear" => {
                let old = get(value, &ann);
                set(value, &ann, None)?;
                Ok(old.unwrap_or(Value::Undef))
            }
            init => {
                let a = make(&ann, init)?;
                set(value, &ann, Some(a.clone()))?;
                Ok(a)
            }
        },
        _ => Ok(value.clone()),
    }
}

pub fn builtins() -> Vec<Builtin> {
    // The declared signatures document the function; the call is dispatched on the
    // reference's (`signatures()`), whose types are object types.
    vec![builtin(
        "annotate",
        &[
            "Type $type, Any $value, Callable[0, 0] &$block?",
            "Type $type, Any $value, Variant[Enum['clear'], Hash[String, Any]] $annotation_hash",
            "Type $type, Any $value, Hash[Type, Hash[String, Any]] $annotations",
        ],
        annotate,
        "annotate(Type[Annotation] $type, Any $value, Variant[Enum['clear'], Hash] $annotation_hash?) |$init|?\n\
The annotation of type $type attached to $value: sets it from a hash (or removes it with\n\
'clear'), or gets it (undef when there is none; with a lambda, made from the hash the lambda\n\
returns and attached).\n\n\
    type Note = Object[{parent => Annotation, attributes => {text => String}}]\n\
    $v = [1, 2]\n\
    annotate(Note, $v, {text => 'pair'})\n\
    annotate(Note, $v).text   # 'pair'",
    )]
}

#[cfg(test)]
mod tests {
    use crate::Session;

    /// The annotations an input made are taken back when it fails, on a fresh thread (whose
    /// table is empty until the first annotation) as on one that annotated before.
    #[test]
    fn annotations_of_a_failed_input_are_taken_back() {
        let run = || {
            let mut s = Session::new();
            let show = |s: &mut Session, src: &str| match s.eval(src) {
                Ok(v) => crate::format::to_programmatic(&v),
                Err(e) => format!("error: {}", e.message),
            };
            s.eval(
                "type Note = Object[{parent => Annotation, attributes => {text => String}}]\n\
                 $v = [1, 2]\n$w = [3]",
            )
            .unwrap();
            let failed = show(&mut s, "annotate(Note, $v, {text => 'a'})\nfail('no')");
            let after = show(&mut s, "annotate(Note, $v)");
            show(&mut s, "annotate(Note, $w, {text => 'w'})");
            show(&mut s, "annotate(Note, $w, {text => 'x'})\nfail('no')");
            (failed, after, show(&mut s, "annotate(Note, $w).text"))
        };
        let expected = (
            "error: Error while evaluating a Function Call, no".to_string(),
            "undef".to_string(),
            "'w'".to_string(),
        );
        assert_eq!(std::thread::spawn(run).join().unwrap(), expected);
        assert_eq!(run(), expected);
    }
}
