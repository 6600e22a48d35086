//! The small type language of built-in signatures: `Integer[1]`, `Variant[String, Regexp]`,
//! `Callable[2, 2]`, `Enum['a', 'b']`, `Pattern[/^G?$/]` ... turned into `PType` values once.
//! Only the forms built-in signatures use are supported; anything else is a programming
//! error reported by the unit tests.

use crate::types::{CallableType, IntRange, PType};
use crate::values::Regexp;
use std::rc::Rc;

/// A type argument: a type, an integer bound, `default`, a string or a regexp.
enum Arg {
    Type(PType),
    Int(i64),
    Default,
    Str(Rc<str>),
    Regex(Rc<Regexp>),
    /// `{'key' => Type, Optional['key'] => Type, ...}` (a Struct's members; string keys).
    Members(Vec<(Rc<str>, crate::types::KeyKind, PType)>),
}

struct Parser<'a> {
    text: &'a str,
    pos: usize,
}

/// Parses one type written in Puppet type syntax.
pub fn parse_type(text: &str) -> Result<PType, String> {
    let mut p = Parser { text, pos: 0 };
    let t = p.parse_type()?;
    p.skip_ws();
    if p.pos != text.len() {
        return Err(format!("trailing text in type '{text}'"));
    }
    Ok(t)
}

impl Parser<'_> {
    fn rest(&self) -> &str {
        &self.text[self.pos..]
    }
    fn skip_ws(&mut self) {
        let trimmed = self.rest().trim_start();
        self.pos = self.text.len() - trimmed.len();
    }
    fn eat(&mut self, c: char) -> bool {
        self.skip_ws();
        if self.rest().starts_with(c) {
            self.pos += c.len_utf8();
            true
        } else {
            false
        }
    }
    fn word(&mut self) -> String {
        self.skip_ws();
        let len = self
            .rest()
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(self.rest().len());
        let w = self.rest()[..len].to_string();
        self.pos += len;
        w
    }

    fn parse_type(&mut self) -> Result<PType, String> {
        let name = self.word();
        if name.is_empty() {
            return Err(format!("expected a type name at {:?}", self.rest()));
        }
        let args = if self.eat('[') {
            self.parse_args()?
        } else {
            Vec::new()
        };
        build(&name, args)
    }

    fn parse_args(&mut self) -> Result<Vec<Arg>, String> {
        let mut args = Vec::new();
        loop {
            if self.eat(']') {
                return Ok(args);
            }
            args.push(self.parse_arg()?);
            if !self.eat(',') {
                if self.eat(']') {
                    return Ok(args);
                }
                return Err(format!("expected ',' or ']' at {:?}", self.rest()));
            }
        }
    }

    fn parse_arg(&mut self) -> Result<Arg, String> {
        self.skip_ws();
        let rest = self.rest();
        if let Some(body) = rest.strip_prefix('\'') {
            let end = body.find('\'').ok_or("unterminated string")?;
            let s: Rc<str> = body[..end].into();
            self.pos += end + 2;
            return Ok(Arg::Str(s));
        }
        if let Some(body) = rest.strip_prefix('/') {
            let end = body.find('/').ok_or("unterminated regexp")?;
            let re = Regexp::new(&body[..end])?;
            self.pos += end + 2;
            return Ok(Arg::Regex(Rc::new(re)));
        }
        if rest.starts_with(|c: char| c.is_ascii_digit() || c == '-') {
            let len = rest[1..]
                .find(|c: char| !c.is_ascii_digit())
                .map_or(rest.len(), |i| i + 1);
            let n = rest[..len].parse().map_err(|e| format!("{e}"))?;
            self.pos += len;
            return Ok(Arg::Int(n));
        }
        if rest.starts_with('{') {
            self.pos += 1;
            let mut members = Vec::new();
            loop {
                if self.eat('}') {
                    return Ok(Arg::Members(members));
                }
                let optional = self.rest().starts_with("Optional[");
                if optional {
                    self.pos += "Optional[".len();
                }
                let Arg::Str(key) = self.parse_arg()? else {
                    return Err(format!("expected a quoted key at {:?}", self.rest()));
                };
                if optional && !self.eat(']') {
                    return Err(format!("expected ']' at {:?}", self.rest()));
                }
                self.skip_ws();
                if !self.rest().starts_with("=>") {
                    return Err(format!("expected '=>' at {:?}", self.rest()));
                }
                self.pos += 2;
                let kind = match optional {
                    true => crate::types::KeyKind::Optional,
                    false => crate::types::KeyKind::Plain,
                };
                members.push((key, kind, self.parse_type()?));
                if !self.eat(',') && !self.rest().starts_with('}') {
                    return Err(format!("expected ',' or '}}' at {:?}", self.rest()));
                }
            }
        }
        if rest.starts_with("default") {
            self.pos += "default".len();
            return Ok(Arg::Default);
        }
        Ok(Arg::Type(self.parse_type()?))
    }
}

fn bound(a: Option<&Arg>, dflt: i64) -> Result<i64, String> {
    match a {
        None | Some(Arg::Default) => Ok(dflt),
        Some(Arg::Int(n)) => Ok(*n),
        _ => Err("expected an integer bound".into()),
    }
}

fn range(args: &[Arg], at: usize) -> Result<IntRange, String> {
    Ok(IntRange::new(
        bound(args.get(at), 0)?,
        bound(args.get(at + 1), i64::MAX)?,
    ))
}

fn types(args: Vec<Arg>) -> Result<Vec<PType>, String> {
    args.into_iter()
        .map(|a| match a {
            Arg::Type(t) => Ok(t),
            _ => Err("expected a type".to_string()),
        })
        .collect()
}

fn one(args: Vec<Arg>) -> Result<Option<Box<PType>>, String> {
    Ok(types(args)?.into_iter().next().map(Box::new))
}

/// The reference's built-ins' `local_types`: aliases their signatures name (and their
/// errors show, `Array[StringData = Variant[...]]`). One alias a thread, made the first time
/// a signature names it, so that a recursive one refers to itself.
const LOCAL_TYPES: &[(&str, &str)] = &[
    (
        "StringData",
        "Variant[String, Numeric, Array[StringData], Hash[StringData, StringData]]",
    ),
    (
        "OptionsType",
        "Struct[{'container_type' => Optional[Type], 'include_root' => Optional[Boolean], \
         'include_containers' => Optional[Boolean], 'include_values' => Optional[Boolean], \
         'order' => Optional[Enum['breadth_first', 'depth_first']], \
         'include_refs' => Optional[Boolean]}]",
    ),
    // `lookup`'s
    ("NameType", "Variant[String, Array[String]]"),
    ("ValueType", "Type"),
    ("DefaultValueType", "Any"),
    ("MergeType", "Variant[String[1], Hash[String, Scalar]]"),
    ("BlockType", "Callable[NameType]"),
    (
        "OptionsWithName",
        "Struct[{'name' => NameType, 'value_type' => Optional[ValueType], \
         'default_value' => DefaultValueType, 'override' => Optional[Hash[String, Any]], \
         'default_values_hash' => Optional[Hash[String, Any]], \
         'merge' => Optional[MergeType]}]",
    ),
    (
        "OptionsWithoutName",
        "Struct[{'value_type' => Optional[ValueType], 'default_value' => DefaultValueType, \
         'override' => Optional[Hash[String, Any]], \
         'default_values_hash' => Optional[Hash[String, Any]], \
         'merge' => Optional[MergeType]}]",
    ),
    // the constructors' (`Timespan.new`, `Timestamp.new`, `SemVer.new`, `SemVerRange.new`)
    ("Formats", "Variant[String[2], Array[String[2], 1]]"),
    ("PositiveInteger", "Integer[0]"),
    (
        "SemVerPattern",
        r"Pattern[/\A(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?\Z/]",
    ),
    // (the reference's is `/\A(?<part>[0-9A-Za-z-]+)(?:\.\g<part>)*\Z/`, Onigmo's call of
    // the group, which prepl's engines lack: the same language without it, shown as the
    // reference's by `versions::construct`)
    (
        "SemVerQualifier",
        r"Pattern[/\A(?<part>[0-9A-Za-z-]+)(?:\.[0-9A-Za-z-]+)*\Z/]",
    ),
    (
        "SemVerHash",
        "Struct[{'major' => PositiveInteger, 'minor' => PositiveInteger, \
         'patch' => PositiveInteger, Optional['prerelease'] => SemVerQualifier, \
         Optional['build'] => SemVerQualifier}]",
    ),
    ("SemVerRangeString", "String[1]"),
    (
        "SemVerRangeHash",
        "Struct[{'min' => Variant[Default, SemVer], Optional['max'] => Variant[Default, SemVer], \
         Optional['exclude_max'] => Boolean}]",
    ),
];

/// The definition of the built-ins' local type `name` (a block's alias gives its count).
pub fn local_type_definition(name: &str) -> Option<&'static str> {
    LOCAL_TYPES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|&(_, definition)| definition)
}

thread_local! {
    static LOCAL_ALIASES: std::cell::RefCell<Vec<(&'static str, PType)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// Whether a signature's type names one of the built-ins' local types (its errors then show
/// the type with the alias's definition).
pub fn names_local_type(src: &str) -> bool {
    LOCAL_TYPES.iter().any(|(name, _)| src.contains(name))
}

/// The local type `name` (see [`LOCAL_TYPES`]), or `None` when there is no such.
fn local_type(name: &str) -> Result<Option<PType>, String> {
    let Some(&(name, definition)) = LOCAL_TYPES.iter().find(|(n, _)| *n == name) else {
        return Ok(None);
    };
    if let Some(t) = LOCAL_ALIASES.with(|m| {
        m.borrow()
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, t)| t.clone())
    }) {
        return Ok(Some(t));
    }
    let alias = Rc::new(crate::types::TypeAlias {
        name: name.into(),
        target: Default::default(),
        invalid: Default::default(),
        remembered: Default::default(),
    });
    let t = PType::Alias(alias.clone());
    LOCAL_ALIASES.with(|m| m.borrow_mut().push((name, t.clone())));
    alias.set_target(Some(parse_type(definition)?));
    Ok(Some(t))
}

fn build(name: &str, args: Vec<Arg>) -> Result<PType, String> {
    Ok(match name {
        "Any" => PType::Any,
        "Undef" => PType::Undef,
        "Default" => PType::Default,
        "Data" => PType::Data,
        "RichData" => PType::RichData,
        "Scalar" => PType::Scalar,
        "ScalarData" => PType::ScalarData,
        "Numeric" => PType::Numeric,
        "Boolean" => PType::Boolean(None),
        "Float" => PType::Float(f64::NEG_INFINITY, f64::INFINITY),
        "Integer" => PType::Integer(IntRange::new(
            bound(args.first(), i64::MIN)?,
            bound(args.get(1), i64::MAX)?,
        )),
        "String" => PType::String {
            size: range(&args, 0)?,
            value: None,
        },
        "Regexp" => PType::Regexp(None),
        "Timespan" => PType::Timespan(None, None),
        "Binary" => PType::Binary,
        "Timestamp" => PType::Timestamp(None, None),
        "SemVer" => PType::SemVer(Vec::new()),
        "SemVerRange" => PType::SemVerRange,
        "CatalogEntry" => PType::CatalogEntry,
        "Object" => PType::Object,
        "Collection" => PType::Collection(range(&args, 0)?),
        "Array" => {
            let elem = matches!(args.first(), Some(Arg::Type(_)));
            let mut args = args;
            let size = range(&args, usize::from(elem))?;
            args.truncate(usize::from(elem));
            let t = one(args)?.map_or(PType::Any, |b| *b);
            PType::Array(Box::new(t), size)
        }
        "Hash" => {
            let size = range(&args, 2)?;
            let mut ts = types(args.into_iter().take(2).collect())?.into_iter();
            let k = ts.next().unwrap_or(PType::Any);
            let v = ts.next().unwrap_or(PType::Any);
            PType::Hash(Box::new(k), Box::new(v), size)
        }
        "Struct" => match args.into_iter().next() {
            None => PType::Struct(None),
            Some(Arg::Members(members)) => PType::Struct(Some(
                members
                    .into_iter()
                    .map(|(key, key_kind, value)| crate::types::StructMember {
                        key,
                        key_kind,
                        value,
                    })
                    .collect(),
            )),
            Some(_) => return Err("Struct takes a hash of members".to_string()),
        },
        "Iterable" => PType::Iterable(one(args)?),
        "Iterator" => PType::Iterator(one(args)?),
        "Type" => PType::Type(one(args)?),
        "Optional" => PType::Optional(one(args)?),
        "NotUndef" => PType::NotUndef(one(args)?),
        "Sensitive" => PType::Sensitive(one(args)?),
        "Variant" => PType::Variant(types(args)?),
        "Enum" => PType::Enum {
            values: args
                .into_iter()
                .map(|a| match a {
                    Arg::Str(s) => Ok(s),
                    _ => Err("Enum takes strings".to_string()),
                })
                .collect::<Result<_, _>>()?,
            case_insensitive: false,
        },
        "Pattern" => PType::Pattern(
            args.into_iter()
                .map(|a| match a {
                    Arg::Regex(r) => Ok(r),
                    _ => Err("Pattern takes regexps".to_string()),
                })
                .collect::<Result<_, _>>()?,
        ),
        // Blocks are checked by their argument count (see `signature`); as a parameter
        // type, any callable.
        "Callable" => PType::Callable(Box::new(CallableType {
            params: None,
            block: None,
            return_type: None,
        })),
        "Deferred" => match super::pcore::by_name("Deferred") {
            Some(o) => PType::ObjectType(o),
            None => return Err("no Deferred type".to_string()),
        },
        _ => match local_type(name)? {
            Some(t) => t,
            None => return Err(format!("unsupported type '{name}' in a signature")),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_forms_signatures_use() {
        assert_eq!(
            parse_type("Integer[1]").unwrap(),
            PType::Integer(IntRange::new(1, i64::MAX))
        );
        assert!(matches!(
            &parse_type("Variant[String, Regexp, Type[Regexp]]").unwrap(),
            PType::Variant(v) if v.len() == 3
        ));
        assert!(matches!(
            &parse_type("Hash[String, Any]").unwrap(),
            PType::Hash(_, _, r) if *r == IntRange::SIZE
        ));
        assert!(matches!(
            &parse_type("Enum['detailed', 'reduced']").unwrap(),
            PType::Enum { values, .. } if values.len() == 2
        ));
        assert!(
            matches!(&parse_type("Pattern[/^G?$/]").unwrap(), PType::Pattern(p) if p.len() == 1)
        );
        assert_eq!(
            parse_type("Struct[{'a' => Optional[String], 'b' => Integer[-1]}]")
                .unwrap()
                .to_string(),
            "Struct[{'a' => Optional[String], 'b' => Integer[-1]}]"
        );
        assert!(parse_type("Nonsense").is_err());
        assert!(parse_type("Integer[1").is_err());
    }

    /// The constructors' signatures: optional keys, their local types.
    #[test]
    fn parses_optional_keys_and_the_constructors_local_types() {
        let t = parse_type("Struct[{'a' => Integer, Optional['b'] => Formats}]").unwrap();
        assert_eq!(
            crate::types::alias_display(&t),
            "Struct[{'a' => Integer, Optional['b'] => Formats}]"
        );
        let mut map = crate::values::Map::default();
        map.insert("a".into(), crate::values::Value::Integer(1));
        let hash = crate::values::Value::hash(map);
        assert!(crate::types::is_instance(&t, &hash));
        let version = parse_type("SemVerHash").unwrap();
        for name in ["SemVerRangeHash", "SemVerRangeString", "SemVerPattern"] {
            assert!(parse_type(name).is_ok(), "{name}");
        }
        let qualifier = parse_type("SemVerQualifier").unwrap();
        assert!(crate::types::is_instance(&qualifier, &"rc.1".into()));
        assert!(!crate::types::is_instance(&qualifier, &"rc..1".into()));
        assert!(parse_type("Optional['x'] => Integer").is_err());
        assert!(crate::types::alias_display(&version).starts_with("SemVerHash = Struct[{'major'"));
        assert!(parse_type("Struct[{Optional['b' => Integer}]").is_err());
    }
}
