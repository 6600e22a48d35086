//! Hash methods (the enumerable ones, which yield `[key, value]` pairs, are in
//! `enumerable`; those that give a hash back for a hash are here).

use super::Call;
use crate::eval::{raise, unsupported, Interp, R};
use crate::show::{inspect, to_s};
use crate::value::{RHash, RValue};

pub fn call(it: &mut Interp, recv: &RValue, c: &Call) -> R<Option<RValue>> {
    let RValue::Hash(cell) = recv else {
        return Ok(None);
    };
    let at = c.at;
    let entries = || cell.borrow().entries.clone();
    let pair = |k: &RValue, v: &RValue| RValue::array(vec![k.clone(), v.clone()]);
    Ok(Some(match c.name {
        "[]" => {
            c.arity(1, 1)?;
            cell.borrow()
                .get(&c.args[0])
                .cloned()
                .unwrap_or(RValue::Nil)
        }
        "[]=" | "store" => {
            c.arity(2, 2)?;
            let k = match &c.args[0] {
                RValue::Str(s) => RValue::Str(s.clone()),
                k => k.clone(),
            };
            cell.borrow_mut().insert(k, c.args[1].clone());
            c.args[1].clone()
        }
        "fetch" => {
            c.arity(1, 2)?;
            let k = &c.args[0];
            match cell.borrow().get(k).cloned() {
                Some(v) => v,
                None => match (c.arg(1), c.block) {
                    (Some(d), _) => d.clone(),
                    (None, Some(b)) => it.yield_block(b, vec![k.clone()])?,
                    _ => {
                        let keys: Vec<RValue> = cell
                            .borrow()
                            .entries
                            .iter()
                            .map(|(k, _)| k.clone())
                            .collect();
                        let suggested = super::did_you_mean::key_suffix(&keys, k);
                        return raise(format!("key not found: {}{suggested}", inspect(k)), at);
                    }
                },
            }
        }
        "dig" => {
            let mut cur = cell
                .borrow()
                .get(c.arg(0).unwrap_or(&RValue::Nil))
                .cloned()
                .unwrap_or(RValue::Nil);
            for k in c.args.iter().skip(1) {
                if matches!(cur, RValue::Nil) {
                    break;
                }
                cur = super::call(it, cur, "[]", vec![k.clone()], None, at)?;
            }
            cur
        }
        "key?" | "has_key?" | "include?" | "member?" => {
            c.arity(1, 1)?;
            RValue::Bool(cell.borrow().get(&c.args[0]).is_some())
        }
        "value?" | "has_value?" => RValue::Bool(
            entries()
                .iter()
                .any(|(_, v)| v.equals(c.arg(0).unwrap_or(&RValue::Nil))),
        ),
        "key" => entries()
            .into_iter()
            .find(|(_, v)| v.equals(c.arg(0).unwrap_or(&RValue::Nil)))
            .map(|(k, _)| k)
            .unwrap_or(RValue::Nil),
        "keys" => RValue::array(entries().into_iter().map(|(k, _)| k).collect()),
        "values" => RValue::array(entries().into_iter().map(|(_, v)| v).collect()),
        "values_at" => RValue::array(
            c.args
                .iter()
                .map(|k| cell.borrow().get(k).cloned().unwrap_or(RValue::Nil))
                .collect(),
        ),
        "size" | "length" => RValue::Int(cell.borrow().entries.len() as i64),
        "count" if c.args.is_empty() && c.block.is_none() => {
            RValue::Int(cell.borrow().entries.len() as i64)
        }
        "empty?" => RValue::Bool(cell.borrow().entries.is_empty()),
        "to_s" | "inspect" => {
            super::grow_shown(recv, c.at)?;
            RValue::str(to_s(recv))
        }
        "to_h" if c.block.is_none() => recv.clone(),
        "to_a" => RValue::array(entries().iter().map(|(k, v)| pair(k, v)).collect()),
        "merge" | "update" | "merge!" => {
            let mut h = if c.name == "merge" {
                cell.borrow().clone()
            } else {
                RHash::default()
            };
            for a in &c.args {
                let RValue::Hash(o) = a else {
                    return raise(
                        format!("no implicit conversion of {} into Hash", a.class_name()),
                        at,
                    );
                };
                for (k, v) in o.borrow().entries.clone() {
                    let v = match (
                        c.block,
                        h.get(&k).cloned().or_else(|| {
                            if c.name == "merge" {
                                None
                            } else {
                                cell.borrow().get(&k).cloned()
                            }
                        }),
                    ) {
                        (Some(b), Some(old)) => it.yield_block(b, vec![k.clone(), old, v])?,
                        _ => v,
                    };
                    h.insert(k, v);
                }
            }
            if c.name == "merge" {
                RValue::hash(h)
            } else {
                for (k, v) in h.entries {
                    cell.borrow_mut().insert(k, v);
                }
                recv.clone()
            }
        }
        "delete" => {
            c.arity(1, 1)?;
            cell.borrow_mut().remove(&c.args[0]).unwrap_or(RValue::Nil)
        }
        "invert" => RValue::hash(RHash {
            entries: Vec::new(),
        })
        .tap_insert(entries().into_iter().map(|(k, v)| (v, k))),
        "select" | "filter" | "reject" | "filter_map_hash" | "delete_if" | "keep_if"
        | "select!" | "reject!" => {
            let Some(b) = c.block else {
                return unsupported(format!("'{}' without a block", c.name), at);
            };
            let keep_true = matches!(c.name, "select" | "filter" | "keep_if" | "select!");
            let mut out = RHash::default();
            for (k, v) in entries() {
                let t = it.yield_block(b, vec![k.clone(), v.clone()])?.truthy();
                if t == keep_true {
                    out.insert(k, v);
                }
            }
            if matches!(c.name, "delete_if" | "keep_if" | "select!" | "reject!") {
                *cell.borrow_mut() = out;
                recv.clone()
            } else {
                RValue::hash(out)
            }
        }
        "transform_values" | "transform_keys" => {
            let Some(b) = c.block else {
                return unsupported(format!("'{}' without a block", c.name), at);
            };
            let mut out = RHash::default();
            for (k, v) in entries() {
                if c.name == "transform_values" {
                    let nv = it.yield_block(b, vec![v])?;
                    out.insert(k, nv);
                } else {
                    let nk = it.yield_block(b, vec![k])?;
                    out.insert(nk, v);
                }
            }
            RValue::hash(out)
        }
        "each_key" | "each_value" => {
            let Some(b) = c.block else {
                return unsupported(format!("'{}' without a block", c.name), at);
            };
            for (k, v) in entries() {
                it.yield_block(b, vec![if c.name == "each_key" { k } else { v }])?;
            }
            recv.clone()
        }
        "min_by" | "max_by" | "sort_by" | "group_by" | "partition" | "find" | "detect"
        | "each_with_index" | "map" | "collect" | "flat_map" | "sum" | "count" | "find_all"
        | "each_slice" | "inject" | "reduce" | "each_with_object" | "uniq" | "first" | "sort"
        | "min" | "max" | "zip" | "to_h" | "filter_map" | "each" | "each_pair" | "any?"
        | "all?" | "none?" | "one?" => return Ok(None),
        "compact" => RValue::hash(RHash {
            entries: entries()
                .into_iter()
                .filter(|(_, v)| !matches!(v, RValue::Nil))
                .collect(),
        }),
        "clear" => {
            cell.borrow_mut().entries.clear();
            recv.clone()
        }
        "==" => RValue::Bool(recv.equals(c.arg(0).unwrap_or(&RValue::Nil))),
        "except" => RValue::hash(RHash {
            entries: entries()
                .into_iter()
                .filter(|(k, _)| !c.args.iter().any(|a| a.eql(k)))
                .collect(),
        }),
        "slice" => RValue::hash(RHash {
            entries: entries()
                .into_iter()
                .filter(|(k, _)| c.args.iter().any(|a| a.eql(k)))
                .collect(),
        }),
        "default" | "default=" | "compare_by_identity" | "rehash" | "to_proc" => {
            return unsupported(format!("method '{}' on Hash", c.name), at)
        }
        _ => return Ok(None),
    }))
}

trait TapInsert {
    fn tap_insert(self, items: impl Iterator<Item = (RValue, RValue)>) -> RValue;
}

impl TapInsert for RValue {
    fn tap_insert(self, items: impl Iterator<Item = (RValue, RValue)>) -> RValue {
        if let RValue::Hash(h) = &self {
            for (k, v) in items {
                h.borrow_mut().insert(k, v);
            }
        }
        self
    }
}
