//! Hash methods (the enumerable ones, which yield `[key, value]` pairs, are in
//! `enumerable`; those that give a hash back for a hash are here).

use super::Call;
use super::M;
use crate::eval::{raise, unsupported, Interp, R};
use crate::show::{inspect, to_s};
use crate::value::RBool;
use crate::value::{HashDefault, RHash, RValue};

pub fn call(it: &mut Interp, recv: &RValue, c: &Call) -> R<Option<RValue>> {
    let RValue::Hash(cell) = recv else {
        return Ok(None);
    };
    let at = c.at;
    let entries = || cell.borrow().pairs().to_vec();
    let pair = |k: &RValue, v: &RValue| RValue::array(smallvec::smallvec![k.clone(), v.clone()]);
    Ok(Some(match c.id {
        M::op_aref => {
            c.arity(1, 1)?;
            lookup(it, recv, &c.args[0], at)?
        }
        M::op_aset | M::store => {
            c.arity(2, 2)?;
            let k = match &c.args[0] {
                RValue::Str(s) => RValue::Str(s.clone()),
                k => k.clone(),
            };
            cell.borrow_mut().insert(k, c.args[1].clone());
            c.args[1].clone()
        }
        M::fetch => {
            c.arity(1, 2)?;
            let k = &c.args[0];
            match cell.borrow().get(k).cloned() {
                Some(v) => v,
                None => match (c.arg(1), c.block) {
                    (Some(d), _) => d.clone(),
                    (None, Some(b)) => it.yield_block(b, [k.clone()])?,
                    _ => {
                        let keys: Vec<RValue> =
                            cell.borrow().iter().map(|(k, _)| k.clone()).collect();
                        let suggested = super::did_you_mean::key_suffix(&keys, k);
                        return raise(format!("key not found: {}{suggested}", inspect(k)), at);
                    }
                },
            }
        }
        M::dig => {
            let mut cur = lookup(it, recv, c.arg(0).unwrap_or(&RValue::Nil), at)?;
            for k in c.args.iter().skip(1) {
                if matches!(cur, RValue::Nil) {
                    break;
                }
                cur = super::call_id(it, cur, M::op_aref, vec![k.clone()], None, at)?;
            }
            cur
        }
        M::key_p | M::has_key_p | M::include_p | M::member_p => {
            c.arity(1, 1)?;
            RValue::Bool(RBool::new(cell.borrow().get(&c.args[0]).is_some()))
        }
        M::value_p | M::has_value_p => RValue::bool(
            entries()
                .iter()
                .any(|(_, v)| v.equals(c.arg(0).unwrap_or(&RValue::Nil))),
        ),
        M::key => entries()
            .into_iter()
            .find(|(_, v)| v.equals(c.arg(0).unwrap_or(&RValue::Nil)))
            .map(|(k, _)| k)
            .unwrap_or_default(),
        M::keys => RValue::array(entries().into_iter().map(|(k, _)| k).collect::<Vec<_>>()),
        M::values => RValue::array(entries().into_iter().map(|(_, v)| v).collect::<Vec<_>>()),
        M::values_at => {
            let mut out = Vec::with_capacity(c.args.len());
            for k in &c.args {
                out.push(lookup(it, recv, k, at)?);
            }
            RValue::array(out)
        }
        M::size | M::length => RValue::Int(cell.borrow().len() as i64),
        M::count if c.args.is_empty() && c.block.is_none() => {
            RValue::Int(cell.borrow().len() as i64)
        }
        M::empty_p => RValue::Bool(RBool::new(cell.borrow().is_empty())),
        M::to_s | M::inspect => {
            super::grow_shown(recv, c.at)?;
            RValue::str(to_s(recv))
        }
        M::to_h | M::to_hash if c.block.is_none() => recv.clone(),
        M::to_a => RValue::array(
            entries()
                .iter()
                .map(|(k, v)| pair(k, v))
                .collect::<Vec<_>>(),
        ),
        M::merge | M::update | M::merge_bang => {
            let mut h = if c.id == M::merge {
                cell.borrow().clone()
            } else {
                RHash::default()
            };
            for a in &c.args {
                let RValue::Hash(o) = a else {
                    return raise(crate::methods::no_implicit_conversion(a, "Hash"), at);
                };
                for (k, v) in o.borrow().pairs().to_vec() {
                    let v = match (
                        c.block,
                        h.get(&k).cloned().or_else(|| {
                            if c.id == M::merge {
                                None
                            } else {
                                cell.borrow().get(&k).cloned()
                            }
                        }),
                    ) {
                        (Some(b), Some(old)) => it.yield_block(b, [k.clone(), old, v])?,
                        _ => v,
                    };
                    h.insert(k, v);
                }
            }
            if c.id == M::merge {
                RValue::hash(h)
            } else {
                for (k, v) in h {
                    cell.borrow_mut().insert(k, v);
                }
                recv.clone()
            }
        }
        M::delete => {
            c.arity(1, 1)?;
            cell.borrow_mut().remove(&c.args[0]).unwrap_or_default()
        }
        M::invert => RValue::hash(entries().into_iter().map(|(k, v)| (v, k)).collect()),
        M::select
        | M::filter
        | M::reject
        | M::filter_map_hash
        | M::delete_if
        | M::keep_if
        | M::select_bang
        | M::reject_bang => {
            let Some(b) = c.block else {
                return unsupported(format!("'{}' without a block", c.name), at);
            };
            let keep_true = matches!(c.id, M::select | M::filter | M::keep_if | M::select_bang);
            let mut out = RHash::default();
            for (k, v) in entries() {
                let t = it.yield_block(b, [k.clone(), v.clone()])?.truthy();
                if t == keep_true {
                    out.insert(k, v);
                }
            }
            if matches!(
                c.id,
                M::delete_if | M::keep_if | M::select_bang | M::reject_bang
            ) {
                *cell.borrow_mut() = out;
                recv.clone()
            } else {
                RValue::hash(out)
            }
        }
        M::transform_values | M::transform_keys => {
            let Some(b) = c.block else {
                return unsupported(format!("'{}' without a block", c.name), at);
            };
            let mut out = RHash::default();
            for (k, v) in entries() {
                if c.id == M::transform_values {
                    let nv = it.yield_block(b, [v])?;
                    out.insert(k, nv);
                } else {
                    let nk = it.yield_block(b, [k])?;
                    out.insert(nk, v);
                }
            }
            RValue::hash(out)
        }
        M::each_key | M::each_value => {
            let Some(b) = c.block else {
                return unsupported(format!("'{}' without a block", c.name), at);
            };
            for (k, v) in entries() {
                if c.id == M::each_key {
                    it.yield_block(b, [k])?;
                } else {
                    let given = crate::eval::Yielded::value_alone(b, cell, &k, &v);
                    it.yield_tracked(b, [v], given)?;
                }
            }
            recv.clone()
        }
        M::min_by
        | M::max_by
        | M::sort_by
        | M::group_by
        | M::partition
        | M::find
        | M::detect
        | M::each_with_index
        | M::map
        | M::collect
        | M::flat_map
        | M::sum
        | M::count
        | M::find_all
        | M::each_slice
        | M::inject
        | M::reduce
        | M::each_with_object
        | M::uniq
        | M::first
        | M::sort
        | M::min
        | M::max
        | M::zip
        | M::to_h
        | M::filter_map
        | M::each
        | M::each_pair
        | M::any_p
        | M::all_p
        | M::none_p
        | M::one_p => return Ok(None),
        M::compact => {
            let mut h = cell.borrow().clone();
            h.retain(|_, v| !matches!(v, RValue::Nil));
            RValue::hash(h)
        }
        M::clear => {
            cell.borrow_mut().clear();
            recv.clone()
        }
        M::op_eq => RValue::Bool(RBool::new(recv.equals(c.arg(0).unwrap_or(&RValue::Nil)))),
        M::except | M::slice => {
            let mut h = cell.borrow().clone();
            let keep = c.id == M::slice;
            h.retain(|k, _| c.args.iter().any(|a| a.eql(k)) == keep);
            RValue::hash(h)
        }
        M::default => {
            c.arity(0, 1)?;
            match c.arg(0) {
                // (a default proc is called only for a key)
                Some(k) => missing(it, recv, k, at)?,
                None => match cell.borrow().default_of_missing() {
                    Some(HashDefault::Value(v)) => v.clone(),
                    _ => RValue::Nil,
                },
            }
        }
        M::default_proc => match cell.borrow().default_of_missing() {
            Some(HashDefault::Proc(p)) => p.clone(),
            _ => RValue::Nil,
        },
        M::default_set => {
            c.arity(1, 1)?;
            let d = match &c.args[0] {
                RValue::Nil => None,
                v => Some(HashDefault::Value(v.clone())),
            };
            cell.borrow_mut().set_default(d);
            c.args[0].clone()
        }
        M::compare_by_identity | M::rehash | M::to_proc => {
            return unsupported(format!("method '{}' on Hash", c.name), at)
        }
        _ => return Ok(None),
    }))
}

/// `Hash.new`, `Hash.new(default)`, `Hash.new { |hash, key| ... }` (`capacity:` is only a
/// size hint).
pub fn new(it: &mut Interp, c: &Call) -> R<RHash> {
    let mut h = RHash::new();
    let args: Vec<&RValue> = c.args.iter().filter(|a| !is_capacity_option(a)).collect();
    match (args.as_slice(), c.block) {
        ([], None) => {}
        ([d], None) => h.set_default(Some(HashDefault::Value((*d).clone()))),
        ([], Some(b)) => {
            let p = it.proc_here(b, false);
            h.set_default(Some(HashDefault::Proc(p)));
        }
        ([_], Some(_)) => return raise_arg_count(1, 0, c.at),
        (more, _) => return raise_arg_count(more.len(), 1, c.at),
    }
    Ok(h)
}

/// `capacity: n`, Hash.new's keyword (Ruby 3.4).
fn is_capacity_option(v: &RValue) -> bool {
    matches!(v, RValue::Hash(h) if h.borrow().len() == 1
        && h.borrow().get(&RValue::sym("capacity")).is_some())
}

fn raise_arg_count<T>(given: usize, expected: usize, at: usize) -> R<T> {
    super::raise_arg(
        format!("wrong number of arguments (given {given}, expected 0..{expected})"),
        at,
    )
}

/// `h[key]`: the value of `key`, else what [`missing`] gives.
fn lookup(it: &mut Interp, recv: &RValue, key: &RValue, at: usize) -> R {
    let found = match recv {
        RValue::Hash(cell) => cell.borrow().get(key).cloned(),
        _ => None,
    };
    match found {
        Some(v) => Ok(v),
        None => missing(it, recv, key, at),
    }
}

/// What `h[key]` gives for a key `h` does not have: its default (the value, or what the
/// default proc returns), else nil.
fn missing(it: &mut Interp, recv: &RValue, key: &RValue, at: usize) -> R {
    let RValue::Hash(cell) = recv else {
        return Ok(RValue::Nil);
    };
    let d = cell.borrow().default_of_missing().cloned();
    Ok(match d {
        None => RValue::Nil,
        Some(HashDefault::Value(v)) => v,
        Some(HashDefault::Proc(p)) => {
            super::call_id(it, p, M::call, vec![recv.clone(), key.clone()], None, at)?
        }
    })
}
