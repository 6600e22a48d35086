//! Merge strategies (`first`, `unique`, `hash`, `deep`) as the reference's `MergeStrategy`
//! applies them, with the `deep_merge` gem's semantics for `deep` (`knockout_prefix`,
//! `sort_merged_arrays`, `merge_hash_arrays`).

use crate::error::Error;
use crate::limits::Ticker;
use crate::types::PType;
use crate::values::{Map, Value};

#[derive(Debug, Clone, PartialEq)]
pub enum Strategy {
    First,
    Unique,
    Hash,
    Deep(DeepOptions),
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct DeepOptions {
    pub knockout_prefix: Option<String>,
    pub sort_merged_arrays: bool,
    pub merge_hash_arrays: bool,
    /// The options as given (without `strategy`), for explanations.
    pub given: Option<Value>,
}

impl Strategy {
    /// The strategy a `merge` argument or `lookup_options` entry names: a string, or a hash
    /// with `strategy` and options; undef is `first`.
    pub fn from_value(v: Option<&Value>) -> Result<Strategy, Error> {
        let (name, options) = match v {
            None | Some(Value::Undef) => return Ok(Strategy::First),
            Some(Value::String(s)) => (s.to_string(), None),
            Some(Value::Hash(h)) => match h.get(&Value::string("strategy")) {
                Some(Value::String(s)) => (s.to_string(), Some(h.clone())),
                _ => {
                    return Err(Error::eval(
                        "The hash given as 'merge' must contain the name of a strategy in string form for the key 'strategy'",
                    ))
                }
            },
            Some(other) => {
                return Err(Error::eval(format!(
                    "Unknown merge strategy: '{}'",
                    crate::format::ruby::to_s(other)
                )))
            }
        };
        // Only `deep` has options besides `strategy`.
        if name != "deep" {
            if let Some(h) = &options {
                if let Some(k) = h.keys().find(|k| k.as_str() != Some("strategy")) {
                    if matches!(name.as_str(), "first" | "default" | "unique" | "hash") {
                        return Err(Error::eval(format!(
                            "The merge options has wrong type, unrecognized key '{}'",
                            k.as_str().unwrap_or_default()
                        )));
                    }
                }
            }
        }
        Ok(match name.as_str() {
            "first" | "default" => Strategy::First,
            "unique" => Strategy::Unique,
            "hash" => Strategy::Hash,
            "deep" => {
                let mut o = DeepOptions::default();
                if let Some(h) = options {
                    let mut given = Map::default();
                    for (k, v) in h.iter() {
                        let key = k.as_str().unwrap_or_default();
                        match (key, v) {
                            ("strategy", _) => continue,
                            ("knockout_prefix", Value::String(s)) => {
                                o.knockout_prefix = Some(s.to_string())
                            }
                            ("sort_merged_arrays", Value::Boolean(b)) => o.sort_merged_arrays = *b,
                            ("merge_hash_arrays", Value::Boolean(b)) => o.merge_hash_arrays = *b,
                            ("merge_debug", Value::Boolean(_)) => {}
                            (
                                "knockout_prefix" | "sort_merged_arrays" | "merge_hash_arrays"
                                | "merge_debug",
                                _,
                            ) => {
                                let t = if key == "knockout_prefix" {
                                    "Optional[String]"
                                } else {
                                    "Optional[Boolean]"
                                };
                                let t = crate::types::typesrc::parse_type(t).expect("type");
                                return Err(Error::eval(format!(
                                    "The merge options has wrong type, entry '{key}' {}",
                                    crate::types::mismatch::describe_mismatch(&t, v)
                                )));
                            }
                            _ => {
                                return Err(Error::eval(format!(
                                    "The merge options has wrong type, unrecognized key '{key}'"
                                )))
                            }
                        }
                        given.insert(k.clone(), v.clone());
                    }
                    if !given.is_empty() {
                        o.given = Some(Value::hash(given));
                    }
                }
                Strategy::Deep(o)
            }
            other => return Err(Error::eval(format!("Unknown merge strategy: '{other}'"))),
        })
    }

    /// The strategy's name (`first`, `unique`, `hash`, `deep`).
    pub fn key(&self) -> &'static str {
        match self {
            Strategy::First => "first",
            Strategy::Unique => "unique",
            Strategy::Hash => "hash",
            Strategy::Deep(_) => "deep",
        }
    }

    pub fn options(&self) -> Option<&Value> {
        match self {
            Strategy::Deep(o) => o.given.as_ref(),
            _ => None,
        }
    }

    /// The first value found, before any merge (`unique` flattens it into an array).
    pub fn convert_value(&self, v: Value) -> Result<Value, Error> {
        Ok(match self {
            Strategy::Unique => match v {
                Value::Array(_) => Value::array(flatten(&v)?),
                other => Value::array(vec![other]),
            },
            _ => v,
        })
    }

    /// The value when only one place was searched (`unique` removes duplicates).
    pub fn merge_single(&self, v: Value) -> Result<Value, Error> {
        Ok(match (self, &v) {
            (Strategy::Unique, Value::Array(a)) => Value::array(uniq(a.iter().cloned())?),
            _ => v,
        })
    }

    /// Merges `e1` (found first, higher priority) with `e2`.
    pub fn merge(&self, e1: Value, e2: Value) -> Result<Value, Error> {
        match self {
            Strategy::First => Ok(e1),
            Strategy::Unique => {
                let t = unique_type();
                check("The first element of the merge", &t, &e1)?;
                check("The second element of the merge", &t, &e2)?;
                let (Value::Array(a), Value::Array(b)) =
                    (self.convert_value(e1)?, self.convert_value(e2)?)
                else {
                    unreachable!("convert_value gives arrays")
                };
                Ok(Value::array(uniq(a.iter().chain(b.iter()).cloned())?))
            }
            Strategy::Hash => {
                let t = hash_type();
                check("The first element of the merge", &t, &e1)?;
                check("The second element of the merge", &t, &e2)?;
                let (Value::Hash(h1), Value::Hash(h2)) = (&e1, &e2) else {
                    unreachable!()
                };
                let mut out = (**h2).clone();
                for (k, v) in h1.iter() {
                    out.insert(k.clone(), v.clone());
                }
                Ok(Value::hash(out))
            }
            Strategy::Deep(o) => deep_merge(e1, e2, o),
        }
    }
}

fn unique_type() -> PType {
    crate::types::typesrc::parse_type("Variant[Scalar,Array[Data]]").expect("type")
}

fn hash_type() -> PType {
    crate::types::typesrc::parse_type("Hash[String,Data]").expect("type")
}

fn check(what: &str, t: &PType, v: &Value) -> Result<(), Error> {
    let d = crate::types::mismatch::describe_mismatch(t, v);
    if d.is_empty() {
        Ok(())
    } else {
        Err(Error::new(
            crate::error::ErrorKind::Failed,
            format!("{what} has wrong type, {d}"),
        ))
    }
}

/// The elements of nested arrays, in order: counted against the memory limit and
/// interruptible (an array of aliases of aliases flattens to billions of elements).
fn flatten(v: &Value) -> Result<Vec<Value>, Error> {
    fn walk(v: &Value, out: &mut Vec<Value>, tick: &mut Ticker) -> Result<(), Error> {
        tick.tick()?;
        match v {
            Value::Array(a) => a
                .iter()
                .try_for_each(|x| crate::limits::deep(|| walk(x, out, tick))),
            other => crate::limits::push(out, other.clone()),
        }
    }
    let mut out = Vec::new();
    walk(v, &mut out, &mut Ticker::default())?;
    Ok(out)
}

/// The items without repeats, in the order first seen (found by hashing: the search of
/// the kept items made `unique` merges of 40,000 elements take seconds).
// (a Regexp's interior mutability is its match cache: neither its hash nor equality)
#[allow(clippy::mutable_key_type)]
pub(super) fn uniq(items: impl Iterator<Item = Value>) -> Result<Vec<Value>, Error> {
    let mut seen: rustc_hash::FxHashSet<Value> = Default::default();
    let mut out: Vec<Value> = Vec::new();
    let mut tick = Ticker::default();
    for x in items {
        tick.tick()?;
        if !seen.contains(&x) {
            seen.insert(x.clone());
            crate::limits::push(&mut out, x)?;
        }
    }
    Ok(out)
}

/// Ruby truthiness (nil and false are false).
pub(super) fn truthy(v: &Value) -> bool {
    !matches!(v, Value::Undef | Value::Boolean(false))
}

/// `DeepMerge.deep_merge!(source, dest)` with `preserve_unmergeables: false`: `source`
/// (higher priority) is merged into `dest`.
pub fn deep_merge(source: Value, dest: Value, o: &DeepOptions) -> Result<Value, Error> {
    crate::limits::check_interrupt()?;
    if source.is_undef() {
        return Ok(dest);
    }
    if !truthy(&dest) {
        return Ok(source);
    }
    Ok(match source {
        Value::Hash(src) => {
            let Value::Hash(d) = &dest else {
                return super::merge_shared::hash_over_unmergeable(&src, dest, o);
            };
            let mut d = (**d).clone();
            for (k, sv) in src.iter() {
                let merged = match d.get(k) {
                    Some(dv) if truthy(dv) => deep_merge(sv.clone(), dv.clone(), o)?,
                    // (the gem merges the value into its own shallow copy)
                    _ => super::merge_shared::into_copy(sv.clone(), o)?,
                };
                d.insert(k.clone(), merged);
            }
            Value::hash(d)
        }
        Value::Array(src) => {
            let mut src: Vec<Value> = src.to_vec();
            let mut dest = dest;
            if let Some(ko) = &o.knockout_prefix {
                let marker = Value::string(ko.as_str());
                if src.contains(&marker) {
                    dest = match dest {
                        Value::Array(_) => Value::empty_array(),
                        Value::Hash(_) => Value::hash(Map::default()),
                        Value::String(_) => Value::string(""),
                        _ => Value::Undef,
                    };
                    src.retain(|x| x != &marker);
                }
            }
            let Value::Array(d) = &dest else {
                if dest.is_undef() {
                    return Ok(Value::array(src));
                }
                return Ok(overwrite_unmergeables(Value::array(src), o));
            };
            let mut d: Vec<Value> = d.to_vec();
            if let Some(ko) = &o.knockout_prefix {
                src.retain(|item| {
                    if let Value::String(s) = item {
                        if let Some(rest) = s.strip_prefix(ko.as_str()) {
                            let rest = Value::string(rest);
                            d.retain(|x| x != &rest && x != item);
                            return false;
                        }
                    }
                    true
                });
            }
            let all_hashes = |a: &[Value]| a.iter().all(|x| matches!(x, Value::Hash(_)));
            let mut out = if o.merge_hash_arrays && all_hashes(&src) && all_hashes(&d) {
                let mut list = Vec::new();
                for (i, dv) in d.iter().enumerate() {
                    let sv = src
                        .get(i)
                        .cloned()
                        .unwrap_or_else(|| Value::hash(Map::default()));
                    list.push(deep_merge(sv, dv.clone(), o)?);
                }
                if src.len() > d.len() {
                    list.extend(src[d.len()..].iter().cloned());
                }
                list
            } else {
                uniq(d.into_iter().chain(src))?
            };
            if o.sort_merged_arrays {
                out = super::ruby_sort::sort(out)?;
            }
            Value::array(out)
        }
        other => overwrite_unmergeables(other, o),
    })
}

/// The gem's `overwrite_unmergeables` under a knockout prefix: a string with a line starting
/// with the prefix is knocked out (`""`); an array loses its knocked-out elements (the gem
/// means to give `""` there too, but compares the array with itself after `delete_if`).
pub(super) fn overwrite_unmergeables(source: Value, o: &DeepOptions) -> Value {
    let Some(ko) = &o.knockout_prefix else {
        return source;
    };
    match &source {
        Value::String(s) if knocked_out(s, ko).is_some() => Value::string(""),
        Value::Array(a) => {
            let kept: Vec<Value> = a
                .iter()
                .filter(|x| !matches!(x, Value::String(s) if knocked_out(s, ko).is_some()))
                .cloned()
                .collect();
            if kept.len() == a.len() {
                source
            } else {
                Value::array(kept)
            }
        }
        _ => source,
    }
}

/// `s.gsub(/^PREFIX/, '')` when it changes `s` (a line of it starts with the prefix).
pub(super) fn knocked_out(s: &str, ko: &str) -> Option<String> {
    if !s.split('\n').any(|line| line.starts_with(ko)) {
        return None;
    }
    let lines: Vec<&str> = s
        .split('\n')
        .map(|line| line.strip_prefix(ko).unwrap_or(line))
        .collect();
    Some(lines.join("\n"))
}
