//! `Array.new` / `Tuple.new` and `Hash.new` / `Struct.new`.

use super::{arity, cannot_convert, iterate};
use crate::error::Error;
use crate::types::{self, IntRange, PType};
use crate::values::{Map, Value};

/// `Array.new(from, wrap = false)`: hashes become `[key, value]` tuples, iterables their
/// elements; with `wrap` a non-array is wrapped in a one element array.
pub fn new_array(args: &[Value]) -> Result<Value, Error> {
    let (from, wrap) = match args {
        [from] => (from, false),
        [from, Value::Boolean(wrap)] => (from, *wrap),
        [_, other] => {
            return Err(Error::eval(format!(
                "'new_array' parameter 'wrap' expects a Boolean value, got {}",
                types::infer_generalized(other)
            )))
        }
        _ => return Err(arity("new_array", 1, 2, args.len())),
    };
    if wrap {
        return Ok(match from {
            Value::Array(_) => from.clone(),
            other => Value::array(vec![other.clone()]),
        });
    }
    match from {
        Value::Array(_) => Ok(from.clone()),
        other => match iterate::elements(other) {
            Some(items) => Ok(Value::array(items?)),
            None => Err(cannot_convert("new_array", other, "Array")),
        },
    }
}

fn odd() -> Error {
    Error::eval("odd number of arguments for Hash")
}

fn is_pair(v: &Value) -> bool {
    matches!(v, Value::Array(a) if a.len() == 2)
}

/// `Hash.new(from)`: arrays of `[key, value]` tuples, flat `[k1, v1, k2, v2]` arrays,
/// iterables (as arrays); `Hash.new(tuples, 'tree' | 'hash_tree')` builds nested hashes.
pub fn new_hash(args: &[Value]) -> Result<Value, Error> {
    let (from, option) = match args {
        [from] => (from, None),
        [from, Value::String(opt)] if matches!(&**opt, "tree" | "hash_tree") => (from, Some(&**opt)),
        [_, _] => {
            return Err(Error::eval(
                "The function 'new_hash' was called with arguments it does not accept. It expects one of:\n  (TreeArray = \
                 Array[Tuple[Array, Any], 1] from, NewHashOption = Enum['hash_tree', 'tree'] build_option?)",
            ))
        }
        _ => return Err(arity("new_hash", 1, 2, args.len())),
    };
    if let Some(option) = option {
        return match from {
            Value::Array(items)
                if !items.is_empty()
                    && items.iter().all(|e| {
                        matches!(e, Value::Array(a) if a.len() == 2 && matches!(a[0], Value::Array(_)))
                    }) =>
            {
                Ok(Value::hash(tree(items, option == "hash_tree")))
            }
            other => Err(not_a_tree_array(other)),
        };
    }
    let items = match from {
        Value::Hash(_) => return Ok(from.clone()),
        Value::Array(items) => {
            if !items.is_empty() && items.iter().all(is_pair) {
                crate::limits::reserve_for::<(u64, Value, Value)>(items.len().saturating_mul(2))?;
                let mut map = Map::with_capacity(items.len());
                for pair in items.iter() {
                    if let Value::Array(kv) = pair {
                        map.insert(kv[0].clone(), kv[1].clone());
                    }
                }
                return Ok(Value::hash(map));
            }
            items.to_vec()
        }
        other => match iterate::elements(other) {
            Some(items) => items?,
            None => {
                return Err(Error::eval(format!(
                    "Value of type {} cannot be converted to Hash",
                    types::alias_display(&types::infer_generalized(other))
                )))
            }
        },
    };
    if items.len() % 2 != 0 {
        return Err(odd());
    }
    crate::limits::reserve_for::<(u64, Value, Value)>(items.len())?;
    let mut map = Map::with_capacity(items.len() / 2);
    let mut it = items.into_iter();
    while let (Some(k), Some(v)) = (it.next(), it.next()) {
        map.insert(k, v);
    }
    Ok(Value::hash(map))
}

/// `Hash.new(from, 'tree')` where `from` is no `Array[Tuple[Array, Any], 1]`.
fn not_a_tree_array(from: &Value) -> Error {
    let tree_array = PType::Array(
        Box::new(PType::Tuple(
            vec![PType::array_of(PType::Any), PType::Any],
            None,
        )),
        IntRange::new(1, i64::MAX),
    );
    Error::eval(format!(
        "The function 'new_hash' was called with arguments it does not accept. It expects one of:\n  \
         (TreeArray = Array[Tuple[Array, Any], 1] from, NewHashOption = Enum['hash_tree', 'tree'] build_option?)\n    \
         rejected: parameter 'from' {}\n  \
         (KeyValueArray = Array[Tuple[Any, Any], 1] from)\n    rejected: expects 1 argument, got 2\n  \
         (Any from)\n    rejected: expects 1 argument, got 2",
        match types::mismatch::describe_signature_mismatches(&tree_array, from).as_slice() {
            // A mismatch of the whole value names the parameter type's alias.
            [m] if m.starts_with("expects ") && !matches!(from, Value::Array(_)) => format!(
                "expects a TreeArray = Array[Tuple[Array, Any], 1] value, got {}",
                super::got_in_signatures(from, true)
            ),
            // (each mismatch on a line of its own)
            many => many.join("\n    rejected: parameter 'from' "),
        }
    ))
}

/// Builds nested hashes from `[path, value]` entries.
fn tree(entries: &[Value], all_hashes: bool) -> Map {
    let mut root = Map::default();
    for entry in entries {
        let Value::Array(kv) = entry else { continue };
        let (Value::Array(path), value) = (&kv[0], &kv[1]) else {
            continue;
        };
        let value = match value {
            Value::Array(items) if all_hashes => Value::hash(
                items
                    .iter()
                    .enumerate()
                    .map(|(i, v)| (Value::Integer(i as i64), v.clone()))
                    .collect(),
            ),
            v => v.clone(),
        };
        match path.split_last() {
            None => match &value {
                Value::Array(items) => {
                    for (i, v) in items.iter().enumerate() {
                        root.insert(Value::Integer(i as i64), v.clone());
                    }
                }
                Value::Hash(h) => root.extend(h.iter().map(|(k, v)| (k.clone(), v.clone()))),
                _ => {}
            },
            Some((last, parents)) => insert_at(&mut root, parents, last.clone(), value),
        }
    }
    root
}

fn insert_at(map: &mut Map, parents: &[Value], key: Value, value: Value) {
    match parents.split_first() {
        None => {
            map.insert(key, value);
        }
        Some((first, rest)) => {
            let slot = map.get_or_insert_with(first.clone(), || Value::hash(Map::default()));
            if let Value::Hash(h) = slot {
                insert_at(std::rc::Rc::make_mut(h), rest, key, value);
            }
        }
    }
}
