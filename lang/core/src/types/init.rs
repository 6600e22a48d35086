//! `Init[T]`: what its instances and the types assignable to it are, as the reference's
//! `PInitType` decides them from the signatures of `T.new` (`assert_initialized`): a value
//! of `T`, a value of the only parameter of a signature that takes exactly one, a list of
//! arguments of another signature, or one value such a list can start with.

use super::{IntRange, PType};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// A signature of `T.new`: the least and most arguments it takes and its parameters' types
/// (the optional ones last).
#[derive(Debug, Clone)]
pub struct Signature {
    pub min: usize,
    pub max: usize,
    pub params: Vec<PType>,
}

impl Signature {
    /// The signature's arguments as a type (`Tuple[A, B, 1, 2]`).
    fn tuple(&self) -> PType {
        PType::Tuple(
            self.params.clone(),
            Some(IntRange::new(self.min as i64, self.max as i64)),
        )
    }
}

/// `Init[T]` (`T` as written, `init_args` its further arguments) taken apart: `single` the
/// types of one value that matches (`T` first), `other` the argument lists of the other
/// signatures, `optional_single` whether one of them takes a single value.
pub struct InitParts {
    pub single: Vec<PType>,
    pub other: Option<PType>,
    pub optional_single: bool,
}

/// The parts of `Init[t, init_args...]`; `None` where `T` has no `new` (the reference then
/// fails at the first use: `Creation of new instance of type 'T' is not supported`).
pub fn parts(t: &PType, init_args: &[crate::values::Value]) -> Option<InitParts> {
    if matches!(t, PType::Init(..) | PType::Optional(_) | PType::NotUndef(_)) {
        return None;
    }
    let signatures = signatures(t)?;
    let mut single = vec![t.clone()];
    if !init_args.is_empty() {
        let n = init_args.len() + 1;
        single.extend(
            signatures
                .iter()
                .filter(|s| {
                    s.min <= n
                        && n <= s.max
                        && init_args
                            .iter()
                            .zip(&s.params[1..])
                            .all(|(arg, p)| super::is_instance(p, arg))
                })
                .filter_map(|s| s.params.first().cloned()),
        );
        return Some(InitParts {
            single,
            other: None,
            optional_single: false,
        });
    }
    let (one, others): (Vec<&Signature>, Vec<&Signature>) = signatures
        .iter()
        .partition(|s| (s.min, s.max) == (1, 1) && s.params.len() == 1);
    single.extend(one.iter().map(|s| s.params[0].clone()));
    let other = match others.len() {
        0 => None,
        1 => Some(others[0].tuple()),
        _ => Some(PType::Variant(others.iter().map(|s| s.tuple()).collect())),
    };
    Some(InitParts {
        single,
        other,
        optional_single: others.iter().any(|s| s.min == 1),
    })
}

/// Where a check uses `Init[t, init_args...]` (an instance of it, a type assignable to
/// it), the reference first works out its parts (`PInitType#assert_initialized`) and fails
/// when `t` has no `new`: `'a' =~ Init[Default]`, `String == Init[Default]` are `Creation
/// of new instance of type 'Default' is not supported`. The check answers, and the error
/// is deferred (`limits::defer_error`) for the evaluator to raise where the reference does.
/// (An Object type, a reference to nothing and the bare `Object` are left to where their
/// values are made.)
pub(super) fn check_initializable(t: &PType, init_args: &[crate::values::Value]) {
    if t.with_resolved(|t| {
        matches!(
            t,
            PType::ObjectType(_) | PType::ObjectExt(_) | PType::TypeReference(_) | PType::Object
        )
    }) {
        return;
    }
    if parts(t, init_args).is_none() {
        crate::limits::defer_error(crate::convert::not_supported(t));
    }
}

/// Whether `t` has an `Init` of a type without `new` among its parts (not through an
/// alias: its definition is checked where it is expanded), which a check reaching it fails
/// ([`check_initializable`]).
pub(super) fn has_uninitializable(t: &PType) -> bool {
    let opt = |t: &Option<Box<PType>>| t.as_deref().is_some_and(has_uninitializable);
    crate::limits::deep(|| match t {
        PType::Init(Some(inner), args) => {
            !inner.with_resolved(|t| {
                matches!(
                    t,
                    PType::ObjectType(_)
                        | PType::ObjectExt(_)
                        | PType::TypeReference(_)
                        | PType::Object
                )
            }) && parts(inner, args).is_none()
        }
        PType::Array(e, _) => has_uninitializable(e),
        PType::Hash(k, v, _) => has_uninitializable(k) || has_uninitializable(v),
        PType::Tuple(types, _) | PType::Variant(types) => types.iter().any(has_uninitializable),
        PType::Struct(Some(members)) => members.iter().any(|m| has_uninitializable(&m.value)),
        PType::Optional(t)
        | PType::NotUndef(t)
        | PType::Iterable(t)
        | PType::Iterator(t)
        | PType::Type(t)
        | PType::Sensitive(t) => opt(t),
        PType::Callable(c) => {
            c.params
                .as_ref()
                .is_some_and(|(types, _)| types.iter().any(has_uninitializable))
                || c.block.as_ref().is_some_and(has_uninitializable)
                || c.return_type.as_ref().is_some_and(has_uninitializable)
        }
        _ => false,
    })
}

thread_local! {
    /// The signatures of each kind of type, made once per thread (they hold `Rc`s).
    static SIGNATURES: RefCell<HashMap<&'static str, Rc<Vec<Signature>>>> =
        RefCell::new(HashMap::new());
}

/// The signatures of `T.new` (the reference's dispatchers of `new_T`, without those that
/// only report a mismatch); `None` where `T` has no `new`.
pub fn signatures(t: &PType) -> Option<Rc<Vec<Signature>>> {
    signatures_at(t, 0)
}

fn signatures_at(t: &PType, depth: usize) -> Option<Rc<Vec<Signature>>> {
    // (an alias that contains itself through Optionals has none: the reference's recursion
    // fails)
    if depth > 64 {
        return None;
    }
    let kind = match t {
        PType::Integer(_) => "Integer",
        PType::Float(..) => "Float",
        PType::Numeric => "Numeric",
        PType::String { .. } => "String",
        PType::Boolean(_) => "Boolean",
        PType::Type(_) => "Type",
        PType::Uri(_) => "URI",
        PType::Sensitive(_) => "Sensitive",
        PType::NotUndef(None) => "NotUndef",
        PType::Array(..) | PType::Tuple(..) => "Array",
        PType::Hash(..) | PType::Struct(_) => "Hash",
        PType::Timespan(..) => "Timespan",
        PType::Timestamp(..) => "Timestamp",
        PType::SemVer(_) => "SemVer",
        PType::SemVerRange => "SemVerRange",
        PType::Binary => "Binary",
        PType::Regexp(_) => "Regexp",
        // (an alias's, an Optional's and a NotUndef's are their type's)
        PType::NotUndef(Some(t)) | PType::Optional(Some(t)) => return signatures_at(t, depth + 1),
        PType::Alias(a) => return a.with_resolved(|t| signatures_at(t, depth + 1)),
        _ => return None,
    };
    Some(SIGNATURES.with(|m| {
        m.borrow_mut()
            .entry(kind)
            .or_insert_with(|| Rc::new(make(kind)))
            .clone()
    }))
}

fn make(kind: &str) -> Vec<Signature> {
    let ty = |text: &str| super::typesrc::parse_type(text).expect("a signature's type");
    let sig = |min: usize, max: usize, params: Vec<PType>| Signature { min, max, params };
    let one = |t: PType| sig(1, 1, vec![t]);
    let pattern = |re: &str| {
        PType::Pattern(vec![Rc::new(
            crate::values::Regexp::new(re).expect("a signature's pattern"),
        )])
    };
    // the reference's INTEGER_PATTERN_LENIENT and FLOAT_PATTERN
    let sign = r"\A[+-]?\s*";
    let (hex, oct, bin) = ("0[xX][0-9A-Fa-f]+", "0[0-7]+", "0[bB][01]+");
    let integer = pattern(&format!(r"{sign}(?:\d+|{hex}|{bin})\z"));
    let float = pattern(&format!(
        r"{sign}(?:(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE]-?\d+)?|{hex}|{oct}|{bin})\z"
    ));
    let convertible = |number: &str, text: PType| {
        PType::Variant(vec![
            ty(number),
            PType::Boolean(None),
            text,
            PType::Timespan(None, None),
            PType::Timestamp(None, None),
        ])
    };
    let members = |members: Vec<(&str, PType)>| {
        PType::Struct(Some(
            members
                .into_iter()
                .map(|(key, value)| super::StructMember {
                    key: key.into(),
                    key_kind: super::KeyKind::Plain,
                    value,
                })
                .collect(),
        ))
    };
    let optional = |t: PType| PType::Optional(Some(Box::new(t)));
    let formats = || ty("Variant[String[2], Array[String[2], 1]]");
    let tuple_of = |types: Vec<PType>| PType::Tuple(types, None);
    match kind {
        "Integer" => {
            let radix = ty(
                "Variant[Default, Integer[2, 2], Integer[8, 8], Integer[10, 10], Integer[16, 16]]",
            );
            let from = convertible("Numeric", integer);
            vec![
                sig(
                    1,
                    3,
                    vec![from.clone(), radix.clone(), PType::Boolean(None)],
                ),
                one(members(vec![
                    ("from", from),
                    ("radix", optional(radix)),
                    ("abs", optional(PType::Boolean(None))),
                ])),
            ]
        }
        "Float" | "Numeric" => {
            let number = if kind == "Float" {
                "Numeric"
            } else {
                "Variant[Integer, Float]"
            };
            let from = convertible(number, float);
            vec![
                sig(1, 2, vec![from.clone(), PType::Boolean(None)]),
                one(members(vec![
                    ("from", from),
                    ("abs", optional(PType::Boolean(None))),
                ])),
            ]
        }
        "String" => vec![sig(1, 2, vec![PType::Any, super::create::string_formats()])],
        "Boolean" => vec![one(PType::Variant(vec![
            ty("Integer"),
            ty("Float"),
            PType::Boolean(None),
            PType::Enum {
                values: ["false", "true", "yes", "no", "y", "n"]
                    .iter()
                    .map(|&s| s.into())
                    .collect(),
                case_insensitive: true,
            },
        ]))],
        "Type" => vec![one(ty("String[1]"))],
        "URI" => {
            let text = ty("String[1]");
            vec![
                one(text.clone()),
                one(members(
                    [
                        "scheme", "userinfo", "host", "path", "query", "fragment", "opaque",
                    ]
                    .iter()
                    .map(|&k| (k, optional(text.clone())))
                    .chain([("port", optional(ty("Integer[0]")))])
                    .collect(),
                )),
            ]
        }
        "Sensitive" => vec![one(PType::Sensitive(None)), one(PType::Any)],
        "NotUndef" => vec![one(PType::Any)],
        "Array" => vec![
            sig(
                1,
                2,
                vec![
                    ty("Variant[Array, Hash, Binary, Iterable]"),
                    PType::Boolean(Some(false)),
                ],
            ),
            sig(2, 2, vec![PType::Any, PType::Boolean(Some(true))]),
        ],
        "Hash" => vec![
            sig(
                1,
                2,
                vec![
                    PType::Array(
                        Box::new(tuple_of(vec![ty("Array"), PType::Any])),
                        IntRange::new(1, i64::MAX),
                    ),
                    ty("Enum['tree', 'hash_tree']"),
                ],
            ),
            one(PType::Array(
                Box::new(tuple_of(vec![PType::Any, PType::Any])),
                IntRange::new(1, i64::MAX),
            )),
            one(PType::Any),
        ],
        "Timespan" => {
            let integer = ty("Integer");
            vec![
                one(ty("Variant[Integer, Float]")),
                sig(1, 2, vec![ty("String[1]"), formats()]),
                sig(4, 7, vec![integer.clone(); 7]),
                one(members(vec![
                    ("string", ty("String[1]")),
                    ("format", optional(formats())),
                ])),
                one(members(
                    crate::time::construct::FIELD_KEYS
                        .iter()
                        .map(|&k| (k, optional(integer.clone())))
                        .chain([("negative", optional(PType::Boolean(None)))])
                        .collect(),
                )),
            ]
        }
        "Timestamp" => vec![
            sig(0, 0, Vec::new()),
            one(ty("Variant[Integer, Float]")),
            sig(1, 3, vec![ty("String[1]"), formats(), ty("String[1]")]),
            one(members(vec![
                ("string", ty("String[1]")),
                ("format", optional(formats())),
                ("timezone", optional(ty("String[1]"))),
            ])),
        ],
        "SemVer" => {
            let natural = ty("Integer[0]");
            let qualifier = ty("Pattern[/\\A[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*\\Z/]");
            let part = r"[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*";
            let full = pattern(&format!(
                r"\A(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-({part}))?(?:\+({part}))?\Z"
            ));
            vec![
                one(full),
                sig(
                    3,
                    5,
                    vec![
                        natural.clone(),
                        natural.clone(),
                        natural.clone(),
                        qualifier.clone(),
                        qualifier.clone(),
                    ],
                ),
                one(members(vec![
                    ("major", natural.clone()),
                    ("minor", natural.clone()),
                    ("patch", natural),
                    ("prerelease", optional(qualifier.clone())),
                    ("build", optional(qualifier)),
                ])),
            ]
        }
        "SemVerRange" => {
            let bound = ty("Variant[Default, SemVer]");
            vec![
                one(ty("String[1]")),
                sig(
                    2,
                    3,
                    vec![bound.clone(), bound.clone(), PType::Boolean(None)],
                ),
                one(members(vec![
                    ("min", bound.clone()),
                    ("max", optional(bound)),
                    ("exclude_max", optional(PType::Boolean(None))),
                ])),
            ]
        }
        "Binary" => {
            let format = ty("Enum['%b', '%u', '%B', '%s', '%r']");
            let bytes = ty("Array[Integer[0, 255]]");
            vec![
                sig(1, 2, vec![ty("String"), format.clone()]),
                one(bytes.clone()),
                one(PType::Variant(vec![
                    members(vec![("value", ty("String")), ("format", optional(format))]),
                    members(vec![("value", bytes)]),
                ])),
            ]
        }
        "Regexp" => vec![sig(1, 2, vec![ty("String"), PType::Boolean(None)])],
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::values::Value;

    /// Every kind's signatures are made (their types parse), and `Init[T]` takes what
    /// the reference's does (puppet-oracle).
    #[test]
    fn signatures_of_every_kind() {
        for text in [
            "Integer",
            "Float",
            "Numeric",
            "String",
            "Boolean",
            "Type",
            "Sensitive",
            "NotUndef",
            "Array",
            "Hash",
            "Timespan",
            "Timestamp",
            "SemVer",
            "SemVerRange",
            "Binary",
            "Regexp",
        ] {
            let t = super::super::typesrc::parse_type(text).unwrap();
            let s = signatures(&t).unwrap_or_else(|| panic!("{text}"));
            assert!(!s.is_empty(), "{text}");
            assert!(s.iter().all(|s| s.params.len() >= s.max.min(7)), "{text}");
        }
        let parse = |text: &str| super::super::typesrc::parse_type(text).unwrap();
        let init = |text: &str| PType::Init(Some(Box::new(parse(text))), Vec::new());
        let s = |t: &str| Value::String(t.into());
        let is = |t: &PType, v: &Value| super::super::is_instance(t, v);
        assert!(is(&init("Array[Integer]"), &s("12")));
        assert!(is(&init("Array[Integer]"), &Value::Integer(1)));
        assert!(is(&init("Integer"), &s("12")));
        assert!(!is(&init("Integer"), &s("x")));
        assert!(is(&init("SemVer"), &s("1.2.3")));
        assert!(!is(&init("SemVer"), &s("x")));
        assert!(is(&init("Timestamp"), &Value::array(Vec::new())));
        assert!(!is(&init("Integer"), &Value::Undef));
        assert!(is(&init("String"), &Value::Undef));
    }

    /// An alias that contains itself through an Optional has no signatures (no endless
    /// recursion; the reference's fails with `stack level too deep`).
    #[test]
    fn an_alias_of_itself() {
        let alias = Rc::new(crate::types::TypeAlias {
            name: "T".into(),
            target: Default::default(),
            invalid: Default::default(),
            remembered: Default::default(),
        });
        let t = PType::Alias(alias.clone());
        alias.set_target(Some(PType::Optional(Some(Box::new(t.clone())))));
        assert!(signatures(&t).is_none());
        let init = PType::Init(Some(Box::new(t)), Vec::new());
        assert!(!super::super::is_instance(&init, &Value::from("1")));
    }
}
