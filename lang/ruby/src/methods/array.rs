//! Array methods (the enumerable ones are in `enumerable`).

use super::enumerable::{join, range_bounds};
use super::raise_index;
use super::Call;
use super::M;
use crate::eval::{raise, unsupported, Interp, R};
use crate::show::to_s;
use crate::value::RBool;
use crate::value::RValue;

pub fn call(it: &mut Interp, recv: &RValue, c: &Call) -> R<Option<RValue>> {
    let RValue::Array(cell) = recv else {
        return Ok(None);
    };
    let at = c.at;
    let items = || cell.borrow().to_vec();
    let arr = |v: Vec<RValue>| RValue::array(v);
    Ok(Some(match c.id {
        M::size | M::length => RValue::Int(cell.borrow().len() as i64),
        M::to_set => {
            let set = it.prelude_constant("Set").unwrap_or(Ok(RValue::Nil))?;
            return super::call_id(it, set, M::new, vec![recv.clone()], c.block, at).map(Some);
        }
        // `require 'shellwords'`'s `Array#shelljoin`: `Shellwords.join(a)`
        M::shelljoin => {
            c.arity(0, 0)?;
            return super::stdlib::class_call(it, "Shellwords", &c.with_receiver_as_argument(recv));
        }
        M::count if c.args.is_empty() && c.block.is_none() => {
            RValue::Int(cell.borrow().len() as i64)
        }
        M::empty_p => RValue::Bool(RBool::new(cell.borrow().is_empty())),
        M::join => {
            let sep = match c.arg(0) {
                None | Some(RValue::Nil) => String::new(),
                Some(RValue::Str(s)) => s.to_string(),
                Some(other) => {
                    return raise(crate::methods::no_implicit_conversion(other, "String"), at)
                }
            };
            if let Some(joined) = super::binary::join(&cell.borrow(), &sep, at)? {
                return Ok(Some(joined));
            }
            RValue::str(join(&cell.borrow(), &sep, at, 0)?)
        }
        M::to_s | M::inspect => {
            super::grow_shown(recv, c.at)?;
            RValue::str(to_s(recv))
        }
        M::each_index => {
            let Some(b) = c.block else {
                return unsupported("each_index without a block", at);
            };
            // As Ruby's: the length is read again after each call.
            let mut i = 0;
            while i < cell.borrow().len() {
                it.yield_block(b, [RValue::Int(i as i64)])?;
                i += 1;
            }
            recv.clone()
        }
        M::to_a | M::entries | M::to_ary => recv.clone(),
        M::first | M::last if c.args.len() > 1 => {
            return raise(
                format!(
                    "wrong number of arguments (given {}, expected 0..1)",
                    c.args.len()
                ),
                at,
            )
        }
        M::with_index => {
            let offset = if c.args.is_empty() { 0 } else { c.int_arg(0)? };
            let Some(b) = c.block else {
                // (an array of `[element, index]` stands for the enumerator)
                let pairs = items().into_iter().enumerate();
                let pairs = pairs.map(|(i, v)| arr(vec![v, RValue::Int(i as i64 + offset)]));
                return Ok(Some(arr(pairs.collect())));
            };
            let mut out = Vec::new();
            for (i, v) in items().into_iter().enumerate() {
                out.push(it.yield_block(b, [v, RValue::Int(i as i64 + offset)])?);
            }
            arr(out)
        }
        // (the array stands for an enumerator: `each_pair.with_object(memo)`)
        M::with_object => {
            c.arity(1, 1)?;
            let Some(b) = c.block else {
                return super::raise_arg("with_object without a block", at);
            };
            let memo = c.args[0].clone();
            for v in items() {
                it.yield_block(b, [v, memo.clone()])?;
            }
            memo
        }
        M::first | M::last if !c.args.is_empty() => {
            let n = c.int_arg(0)?;
            if n < 0 {
                return super::raise_arg("negative array size", at);
            }
            let v = cell.borrow();
            let n = (n as usize).min(v.len());
            arr(if c.id == M::first {
                v[..n].to_vec()
            } else {
                v[v.len() - n..].to_vec()
            })
        }
        M::first => cell.borrow().first().cloned().unwrap_or_default(),
        M::last => cell.borrow().last().cloned().unwrap_or_default(),
        M::flatten => {
            let depth = if c.args.is_empty() { -1 } else { c.int_arg(0)? };
            super::grow_values(flat_len(recv, depth), at)?;
            arr(flatten(&items(), depth, 0, at)?)
        }
        M::flatten_bang => {
            let depth = if c.args.is_empty() { -1 } else { c.int_arg(0)? };
            // (nil when nothing was flattened)
            if depth == 0 || !cell.borrow().iter().any(|v| matches!(v, RValue::Array(_))) {
                return Ok(Some(RValue::Nil));
            }
            super::grow_values(flat_len(recv, depth), at)?;
            let f = flatten(&items(), depth, 0, at)?;
            *cell.borrow_mut() = f.into();
            recv.clone()
        }
        M::compact => compact(&cell.borrow()),
        M::compact_bang => {
            let before = cell.borrow().len();
            cell.borrow_mut().retain(|v| !matches!(v, RValue::Nil));
            if cell.borrow().len() == before {
                RValue::Nil
            } else {
                recv.clone()
            }
        }
        M::reverse => arr(cell.borrow().iter().rev().cloned().collect()),
        M::uniq_bang
        | M::sort_bang
        | M::map_bang
        | M::collect_bang
        | M::select_bang
        | M::reject_bang
        | M::sort_by_bang
        | M::filter_bang => {
            let plain = &c.name[..c.name.len() - 1];
            let sub = Call {
                id: M::of(plain),
                name: plain,
                args: c.args.clone(),
                block: c.block,
                at,
            };
            let r = super::enumerable::generic(it, recv, &sub)?.unwrap_or_default();
            let RValue::Array(ref new) = r else {
                return Ok(Some(recv.clone()));
            };
            let new = new.borrow().clone();
            // `uniq!`, `select!`, `reject!` and `filter!` are nil when they change nothing.
            let same_len = new.len() == cell.borrow().len();
            *cell.borrow_mut() = new;
            if same_len
                && matches!(
                    c.id,
                    M::uniq_bang | M::select_bang | M::reject_bang | M::filter_bang
                )
            {
                RValue::Nil
            } else {
                recv.clone()
            }
        }
        M::push | M::append | M::op_shl => {
            if c.id == M::op_shl {
                c.arity(1, 1)?;
            }
            cell.borrow_mut().extend(c.args.iter().cloned());
            recv.clone()
        }
        M::unshift | M::prepend => {
            let mut v = c.args.clone();
            v.extend(items());
            *cell.borrow_mut() = v.into();
            recv.clone()
        }
        M::pop | M::shift if !c.args.is_empty() => {
            c.arity(1, 1)?;
            let n = c.int_arg(0)?;
            if n < 0 {
                return super::raise_arg("negative array size", at);
            }
            let mut b = cell.borrow_mut();
            let n = (n as usize).min(b.len());
            let taken: Vec<RValue> = if c.id == M::pop {
                let from = b.len() - n;
                b.drain(from..).collect()
            } else {
                b.drain(..n).collect()
            };
            arr(taken)
        }
        M::pop => cell.borrow_mut().pop().unwrap_or_default(),
        M::delete_at => {
            c.arity(1, 1)?;
            let i = c.int_arg(0)?;
            let mut b = cell.borrow_mut();
            let len = b.len() as i64;
            let i = if i < 0 { i + len } else { i };
            if (0..len).contains(&i) {
                b.remove(i as usize)
            } else {
                RValue::Nil
            }
        }
        M::insert => {
            if c.args.is_empty() {
                return super::raise_arg("wrong number of arguments (given 0, expected 1+)", at);
            }
            let i = c.int_arg(0)?;
            if c.args.len() == 1 {
                return Ok(Some(recv.clone()));
            }
            let mut b = cell.borrow_mut();
            let len = b.len() as i64;
            // (a negative index inserts after that element)
            let j = if i < 0 { i + len + 1 } else { i };
            if j < 0 {
                return raise_index(
                    format!("index {i} too small for array; minimum: -{}", len + 1),
                    at,
                );
            }
            if j > 10_000_000 {
                return raise_index(format!("index {i} too big"), at);
            }
            while (b.len() as i64) < j {
                b.push(RValue::Nil);
            }
            let j = j as usize;
            b.insert_many(j, c.args[1..].iter().cloned());
            drop(b);
            recv.clone()
        }
        M::shift => {
            let mut b = cell.borrow_mut();
            if b.is_empty() {
                RValue::Nil
            } else {
                b.remove(0)
            }
        }
        M::concat => {
            for a in &c.args {
                let RValue::Array(o) = a else {
                    return raise(crate::methods::no_implicit_conversion(a, "Array"), at);
                };
                let o = o.borrow().clone();
                cell.borrow_mut().extend(o);
            }
            recv.clone()
        }
        M::delete => delete(cell, c.arg(0).unwrap_or(&RValue::Nil)),
        M::delete_if | M::keep_if => {
            let Some(b) = c.block else {
                return unsupported(format!("'{}' without a block", c.name), at);
            };
            let mut kept = Vec::new();
            for v in items() {
                let t = it.yield_block(b, [v.clone()])?.truthy();
                if t == (c.id == M::keep_if) {
                    kept.push(v);
                }
            }
            *cell.borrow_mut() = kept.into();
            recv.clone()
        }
        M::clear => {
            cell.borrow_mut().clear();
            recv.clone()
        }
        M::reverse_bang => {
            c.arity(0, 0)?;
            cell.borrow_mut().reverse();
            recv.clone()
        }
        // (the other's elements copied first: `a.replace(a)`)
        M::replace => {
            c.arity(1, 1)?;
            let RValue::Array(o) = &c.args[0] else {
                let a = &c.args[0];
                return raise(crate::methods::no_implicit_conversion(a, "Array"), at);
            };
            let o = o.borrow().clone();
            *cell.borrow_mut() = o;
            recv.clone()
        }
        M::op_add => {
            let Some(RValue::Array(o)) = c.arg(0).filter(|v| !matches!(v, RValue::Nil)).or(None)
            else {
                if matches!(c.arg(0), None | Some(RValue::Nil)) {
                    return raise("no implicit conversion of nil into Array", at);
                }
                return raise(
                    crate::methods::no_implicit_conversion(
                        c.arg(0).unwrap_or(&RValue::Nil),
                        "Array",
                    ),
                    at,
                );
            };
            super::grow_values(cell.borrow().len().saturating_add(o.borrow().len()), at)?;
            let mut v = items();
            v.extend(o.borrow().iter().cloned());
            arr(v)
        }
        M::op_sub | M::op_and | M::op_or | M::difference | M::intersection | M::union => {
            let Some(RValue::Array(o)) = c.arg(0) else {
                return raise(
                    crate::methods::no_implicit_conversion(
                        c.arg(0).unwrap_or(&RValue::Nil),
                        "Array",
                    ),
                    at,
                );
            };
            // (both only read: `a - a` borrows the one array twice)
            let (mine, o) = (cell.borrow(), o.borrow());
            let mut out: Vec<RValue> = Vec::new();
            let has = |list: &[RValue], v: &RValue| list.iter().any(|x| x.eql(v));
            match c.id {
                M::op_sub | M::difference => out = difference(&mine, &o),
                M::op_and | M::intersection => {
                    for v in mine.iter() {
                        if has(&o, v) && !has(&out, v) {
                            out.push(v.clone());
                        }
                    }
                }
                _ => {
                    for v in mine.iter().chain(o.iter()) {
                        if !has(&out, v) {
                            out.push(v.clone());
                        }
                    }
                }
            }
            arr(out)
        }
        M::op_mul => match c.arg(0) {
            Some(RValue::Str(sep)) => RValue::str(join(&cell.borrow(), sep, at, 0)?),
            _ => {
                let n = c.int_arg(0)?;
                if n < 0 {
                    return raise("negative argument", at);
                }
                let v = items();
                if (v.len() as u128) * (n as u128) > 10_000_000 {
                    return raise("argument too big", at);
                }
                super::grow_values(v.len() * n as usize, at)?;
                arr(v
                    .iter()
                    .cycle()
                    .take(v.len() * n as usize)
                    .cloned()
                    .collect())
            }
        },
        M::op_eq => RValue::Bool(RBool::new(recv.equals(c.arg(0).unwrap_or(&RValue::Nil)))),
        M::op_cmp => match recv.compare(c.arg(0).unwrap_or(&RValue::Nil)) {
            Some(o) => RValue::Int(o as i64),
            None => RValue::Nil,
        },
        // (read in place: indexing runs no Ruby)
        M::op_aref | M::slice | M::at => index(&cell.borrow(), c)?,
        M::dig => {
            let mut cur = index(
                &cell.borrow(),
                &Call {
                    id: M::op_aref,
                    name: "[]",
                    args: c.args[..1.min(c.args.len())].to_vec(),
                    block: None,
                    at,
                },
            )?;
            for k in c.args.iter().skip(1) {
                if matches!(cur, RValue::Nil) {
                    break;
                }
                cur = super::call_id(it, cur, M::op_aref, vec![k.clone()], None, at)?;
            }
            cur
        }
        M::op_aset if c.args.len() == 3 || matches!(c.arg(0), Some(RValue::Range(_))) => {
            c.arity(2, 3)?;
            let len = cell.borrow().len() as i64;
            let (start, count) = match &c.args[0] {
                RValue::Range(r) => {
                    let a = match r.0 {
                        RValue::Int(a) => a,
                        RValue::Nil => 0,
                        _ => return raise("no implicit conversion into Integer", at),
                    };
                    let start = if a < 0 { a + len } else { a };
                    if start < 0 {
                        return raise_range(
                            format!("{} out of range", crate::show::inspect(&c.args[0])),
                            at,
                        );
                    }
                    let count = super::enumerable::range_bounds(r, len.max(start), at)?
                        .map_or(0, |(_, n)| n);
                    (start, count)
                }
                _ => {
                    let (i, n) = (c.int_arg(0)?, c.int_arg(1)?);
                    let start = if i < 0 { i + len } else { i };
                    if start < 0 {
                        return raise_index(
                            format!("index {i} too small for array; minimum: -{len}"),
                            at,
                        );
                    }
                    if n < 0 {
                        return raise_index(format!("negative length ({n})"), at);
                    }
                    (start, n)
                }
            };
            if start > 10_000_000 {
                return raise_index(format!("index {start} too big"), at);
            }
            let value = c.args[c.args.len() - 1].clone();
            let with: Vec<RValue> = match &value {
                RValue::Array(v) => v.borrow().to_vec(),
                other => vec![other.clone()],
            };
            let mut b = cell.borrow_mut();
            while (b.len() as i64) < start {
                b.push(RValue::Nil);
            }
            let start = start as usize;
            let end = start.saturating_add(count as usize).min(b.len());
            b.drain(start..end);
            b.insert_many(start, with);
            value
        }
        M::op_aset => {
            c.arity(2, 2)?;
            let i = c.int_arg(0)?;
            let mut b = cell.borrow_mut();
            let len = b.len() as i64;
            let i = if i < 0 { i + len } else { i };
            if i < 0 {
                return raise(
                    format!("index {} too small for array; minimum: -{len}", i - len),
                    at,
                );
            }
            if i > 10_000_000 {
                return raise(format!("index {i} too big"), at);
            }
            while (b.len() as i64) <= i {
                b.push(RValue::Nil);
            }
            b[i as usize] = c.args[1].clone();
            c.args[1].clone()
        }
        M::fetch => {
            let i = c.int_arg(0)?;
            let v = items();
            let len = v.len() as i64;
            let j = if i < 0 { i + len } else { i };
            match v.get(j as usize).filter(|_| j >= 0) {
                Some(x) => x.clone(),
                None => match (c.arg(1), c.block) {
                    (Some(d), _) => d.clone(),
                    (None, Some(b)) => it.yield_block(b, [RValue::Int(i)])?,
                    _ => {
                        return raise(
                            format!("index {i} outside of array bounds: {}...{len}", -len),
                            at,
                        )
                    }
                },
            }
        }
        M::index | M::rindex if c.block.is_some() => {
            let b = c.block.expect("a block");
            let v = items();
            let order: Vec<usize> = if c.id == M::index {
                (0..v.len()).collect()
            } else {
                (0..v.len()).rev().collect()
            };
            let mut found = None;
            for i in order {
                if it.yield_block(b, [v[i].clone()])?.truthy() {
                    found = Some(i);
                    break;
                }
            }
            found.map(|i| RValue::Int(i as i64)).unwrap_or_default()
        }
        M::cycle => {
            let v = items();
            let n = match c.arg(0) {
                None | Some(RValue::Nil) => None,
                Some(_) => Some(c.int_arg(0)?.max(0)),
            };
            match (c.block, n) {
                (Some(b), n) => {
                    let mut round = 0;
                    while !v.is_empty() && n.is_none_or(|n| round < n) {
                        for x in &v {
                            it.step(at)?;
                            it.yield_block(b, [x.clone()])?;
                        }
                        round += 1;
                    }
                    RValue::Nil
                }
                (None, Some(n)) => {
                    let total = (v.len() as u128) * (n as u128);
                    if total > 10_000_000 {
                        return unsupported(
                            "'cycle' without a block over more than 10 million",
                            at,
                        );
                    }
                    super::grow_values(total as usize, at)?;
                    arr(v.iter().cycle().take(total as usize).cloned().collect())
                }
                (None, None) => {
                    return unsupported("'cycle' without a block or count (endless)", at)
                }
            }
        }
        M::combination | M::permutation => {
            let v = items();
            let k = match c.arg(0) {
                None if c.id == M::permutation => v.len() as i64,
                _ => c.int_arg(0)?,
            };
            let out = if k < 0 || k as usize > v.len() {
                Vec::new()
            } else {
                arrangements(&v, k as usize, c.id == M::permutation, at)?
            };
            match c.block {
                Some(b) => {
                    for x in out {
                        it.yield_block(b, [x])?;
                    }
                    recv.clone()
                }
                None => arr(out),
            }
        }
        M::shuffle => {
            let mut v = items();
            for i in (1..v.len()).rev() {
                let j = super::kernel::random_u32() as usize % (i + 1);
                v.swap(i, j);
            }
            arr(v)
        }
        M::sample => {
            let mut v = items();
            match c.arg(0) {
                None => {
                    if v.is_empty() {
                        RValue::Nil
                    } else {
                        v.swap_remove(super::kernel::random_u32() as usize % v.len())
                    }
                }
                Some(_) => {
                    let n = c.int_arg(0)?;
                    if n < 0 {
                        return super::raise_arg("negative sample number", at);
                    }
                    let mut out = Vec::new();
                    while (out.len() as i64) < n && !v.is_empty() {
                        out.push(v.swap_remove(super::kernel::random_u32() as usize % v.len()));
                    }
                    arr(out)
                }
            }
        }
        M::bsearch => {
            let Some(b) = c.block else {
                return unsupported("'bsearch' without a block", at);
            };
            let v = items();
            // find-minimum (a block of true/false) or find-any (a block of numbers)
            let (mut lo, mut hi) = (0, v.len());
            let mut found = RValue::Nil;
            while lo < hi {
                let mid = lo + (hi - lo) / 2;
                match it.yield_block(b, [v[mid].clone()])? {
                    RValue::Bool(RBool::True) => {
                        found = v[mid].clone();
                        hi = mid;
                    }
                    RValue::Bool(RBool::False) | RValue::Nil => lo = mid + 1,
                    RValue::Int(0) => return Ok(Some(v[mid].clone())),
                    RValue::Float(f) if *f == 0.0 => return Ok(Some(v[mid].clone())),
                    RValue::Int(n) if n < 0 => hi = mid,
                    RValue::Float(f) if f < 0.0 => hi = mid,
                    RValue::Int(_) | RValue::Float(_) => lo = mid + 1,
                    other => {
                        return raise(
                            format!(
                                "wrong argument type {} (must be numeric, true, false or nil)",
                                other.class_name()
                            ),
                            at,
                        )
                    }
                }
            }
            found
        }
        M::rindex => {
            let x = c.arg(0).cloned().unwrap_or_default();
            items()
                .iter()
                .rposition(|v| v.equals(&x))
                .map(|i| RValue::Int(i as i64))
                .unwrap_or_default()
        }
        M::index | M::find_index if c.block.is_none() => {
            let x = c.arg(0).cloned().unwrap_or_default();
            items()
                .iter()
                .position(|v| v.equals(&x))
                .map(|i| RValue::Int(i as i64))
                .unwrap_or_default()
        }
        M::take | M::drop => {
            c.arity(1, 1)?;
            let n = c.int_arg(0)?;
            if n < 0 {
                let what = c.name;
                return super::raise_arg(format!("attempt to {what} negative size"), at);
            }
            let v = items();
            let n = (n as usize).min(v.len());
            arr(if c.id == M::take {
                v[..n].to_vec()
            } else {
                v[n..].to_vec()
            })
        }
        M::values_at => {
            let v = items();
            let mut out = Vec::new();
            for a in &c.args {
                let RValue::Int(i) = a else {
                    return unsupported("values_at with a range", at);
                };
                let len = v.len() as i64;
                let j = if *i < 0 { i + len } else { *i };
                out.push(
                    v.get(j as usize)
                        .filter(|_| j >= 0)
                        .cloned()
                        .unwrap_or_default(),
                );
            }
            arr(out)
        }
        M::rotate => {
            let mut v = items();
            if !v.is_empty() {
                let n = if c.args.is_empty() { 1 } else { c.int_arg(0)? };
                let k = n.rem_euclid(v.len() as i64) as usize;
                v.rotate_left(k);
            }
            arr(v)
        }
        M::product => {
            // Every combination of one element of the receiver and one of each argument:
            // their count and rows checked against the memory limit first.
            let mut rows = cell.borrow().len();
            for a in &c.args {
                if let RValue::Array(other) = a {
                    rows = rows.saturating_mul(other.borrow().len());
                }
            }
            let row = (c.args.len() + 1) * std::mem::size_of::<RValue>() + 64;
            super::grow(rows.saturating_mul(row), at)?;
            let mut out: Vec<Vec<RValue>> = items().into_iter().map(|v| vec![v]).collect();
            for a in &c.args {
                let RValue::Array(other) = a else {
                    return raise(crate::methods::no_implicit_conversion(a, "Array"), at);
                };
                let other = other.borrow();
                out = out
                    .into_iter()
                    .flat_map(|row| {
                        other.iter().map(move |v| {
                            let mut r = row.clone();
                            r.push(v.clone());
                            r
                        })
                    })
                    .collect();
            }
            arr(out.into_iter().map(RValue::array).collect())
        }
        M::transpose => {
            let rows = items();
            let mut out: Vec<Vec<RValue>> = Vec::new();
            for (ri, r) in rows.iter().enumerate() {
                let RValue::Array(r) = r else {
                    return raise("no implicit conversion into Array", at);
                };
                for (ci, v) in r.borrow().iter().enumerate() {
                    if ri == 0 {
                        out.push(Vec::new());
                    }
                    if let Some(col) = out.get_mut(ci) {
                        col.push(v.clone());
                    }
                }
            }
            arr(out.into_iter().map(RValue::array).collect())
        }
        M::assoc => {
            let k = c.arg(0).cloned().unwrap_or_default();
            items().into_iter().find(|v| matches!(v, RValue::Array(p) if p.borrow().first().is_some_and(|f| f.equals(&k)))).unwrap_or_default()
        }
        M::pack => super::pack::pack(&items(), c)?,
        M::lazy => return unsupported(format!("method '{}' on Array", c.name), at),
        _ => return Ok(None),
    }))
}

/// How many elements `flatten(depth)` gives, counted with each shared array counted once
/// (at each depth), saturating.
fn flat_len(v: &RValue, depth: i64) -> usize {
    type Known = rustc_hash::FxHashMap<(usize, i64), usize>;
    fn count(v: &RValue, depth: i64, known: &mut Known) -> usize {
        let RValue::Array(a) = v else { return 1 };
        let key = (std::rc::Rc::as_ptr(a) as usize, depth);
        if let Some(n) = known.get(&key) {
            return *n;
        }
        // (an array inside itself: `flatten` raises, counted as nothing meanwhile)
        known.insert(key, 0);
        let n = a.borrow().iter().fold(0usize, |n, x| {
            n.saturating_add(match x {
                RValue::Array(_) if depth != 0 => {
                    // (a negative depth is "all the way down": it stays what it is, so an
                    // array inside itself is found in `known`)
                    let next = if depth < 0 { depth } else { depth - 1 };
                    crate::limits::deep(|| count(x, next, known))
                }
                _ => 1,
            })
        });
        known.insert(key, n);
        n
    }
    count(v, depth, &mut Known::default())
}

fn flatten(items: &[RValue], depth: i64, level: usize, at: usize) -> R<Vec<RValue>> {
    if level > 100 {
        return raise("tried to flatten recursive array", at);
    }
    let mut out = Vec::new();
    for v in items {
        match v {
            RValue::Array(a) if depth != 0 => {
                out.extend(flatten(&a.borrow(), depth - 1, level + 1, at)?)
            }
            other => out.push(other.clone()),
        }
    }
    Ok(out)
}

/// `array.compact`: a new array of the items that are not nil. (Pushed in turn: a
/// `collect` of the filter went through `SmallVec`'s general `extend`.)
pub(crate) fn compact(a: &[RValue]) -> RValue {
    let mut kept = crate::value::RArray::with_capacity(a.len());
    for v in a {
        if !matches!(v, RValue::Nil) {
            kept.push(v.clone());
        }
    }
    RValue::array(kept)
}

/// `a - b`: the items of `a` that `b` has no `eql?` item for, in order.
pub(crate) fn difference<C: FromIterator<RValue>>(a: &[RValue], b: &[RValue]) -> C {
    a.iter()
        .filter(|v| !b.iter().any(|x| x.eql(v)))
        .cloned()
        .collect()
}

/// `array.delete(x)`: removes the items equal to `x`; the last of them (an item, which
/// may differ from `x`: `[1.0].delete(1)` is `1.0`), or nil when there was none. (The
/// items are compared before the array is changed: `x` may hold the array, `a.delete(a)`.)
pub fn delete(cell: &std::cell::RefCell<crate::value::RArray>, x: &RValue) -> RValue {
    // (the common case, no item equal, by a plain scan: no list of the hits is made)
    let first = cell.borrow().iter().position(|v| v.equals(x));
    let Some(first) = first else {
        return RValue::Nil;
    };
    // The hits are found while the array is only read (`x` may be the array itself, or
    // hold it), then removed: for the 64 items from the first hit on, marked in a word
    // (a list of them was an allocation at each hit: stdlib's `pick` deletes `''`).
    let len = cell.borrow().len();
    if len - first > 64 {
        return delete_listed(cell, x, first);
    }
    let (hits, last) = {
        let items = cell.borrow();
        let mut hits = 1u64;
        let mut last = first;
        for (k, v) in items[first + 1..].iter().enumerate() {
            if v.equals(x) {
                hits |= 1 << (k + 1);
                last = first + 1 + k;
            }
        }
        (hits, last)
    };
    let mut items = cell.borrow_mut();
    let deleted = items[last].clone();
    let mut i = 0;
    items.retain(|_| {
        let hit = i >= first && hits & (1 << (i - first)) != 0;
        i += 1;
        !hit
    });
    deleted
}

/// [`delete`] of an array whose items past the first hit are too many to mark in a word.
fn delete_listed(
    cell: &std::cell::RefCell<crate::value::RArray>,
    x: &RValue,
    first: usize,
) -> RValue {
    let hits: Vec<usize> = {
        let items = cell.borrow();
        (first..items.len())
            .filter(|&i| i == first || items[i].equals(x))
            .collect()
    };
    let Some(&last) = hits.last() else {
        return RValue::Nil;
    };
    let mut items = cell.borrow_mut();
    let deleted = items[last].clone();
    let mut i = 0;
    let mut next = hits.iter().peekable();
    items.retain(|_| {
        let hit = next.peek() == Some(&&i);
        if hit {
            next.next();
        }
        i += 1;
        !hit
    });
    deleted
}

/// `array[i]`, `array[start, n]`, `array[range]`.
pub fn index(v: &[RValue], c: &Call) -> R {
    let len = v.len() as i64;
    // (the common case first: one integer)
    if let [RValue::Int(i)] = c.args.as_slice() {
        let i = if *i < 0 { i + len } else { *i };
        return Ok(usize::try_from(i)
            .ok()
            .and_then(|i| v.get(i))
            .cloned()
            .unwrap_or_default());
    }
    c.arity(1, 2)?;
    let slice = |start: i64, n: i64| -> RValue {
        let start = if start < 0 { start + len } else { start };
        if start < 0 || start > len || n < 0 {
            return RValue::Nil;
        }
        let end = start.saturating_add(n).min(len);
        RValue::array(v[start as usize..end as usize].to_vec())
    };
    Ok(match (&c.args[0], c.arg(1)) {
        (RValue::Int(i), None) => {
            let i = if *i < 0 { i + len } else { *i };
            if i < 0 {
                RValue::Nil
            } else {
                v.get(i as usize).cloned().unwrap_or_default()
            }
        }
        (RValue::Float(f), None) => {
            let i = f.trunc() as i64;
            let i = if i < 0 { i + len } else { i };
            if i < 0 {
                RValue::Nil
            } else {
                v.get(i as usize).cloned().unwrap_or_default()
            }
        }
        (RValue::Int(i), Some(_)) => slice(*i, c.int_arg(1)?),
        (RValue::Range(r), None) => match range_bounds(r, len, c.at)? {
            Some((a, n)) => slice(a, n),
            None => RValue::Nil,
        },
        (other, _) => {
            return raise(
                crate::methods::no_implicit_conversion(other, "Integer"),
                c.at,
            )
        }
    })
}

/// `Array.new`, `Array.new(n)`, `Array.new(n, value)`, `Array.new(n) { |i| ... }`,
/// `Array.new(array)`: the size checked against the memory limit first.
pub fn new(it: &mut Interp, c: &Call) -> R {
    c.arity(0, 2)?;
    let n = match c.arg(0) {
        None => return Ok(RValue::array(Vec::new())),
        Some(RValue::Array(a)) if c.args.len() == 1 => {
            return Ok(RValue::array(a.borrow().clone()))
        }
        Some(RValue::Int(n)) if *n < 0 => return raise("negative array size", c.at),
        Some(RValue::Int(n)) => *n as usize,
        Some(other) => {
            return raise(
                crate::methods::no_implicit_conversion(other, "Integer"),
                c.at,
            )
        }
    };
    super::grow_values(n, c.at)?;
    let mut out = Vec::with_capacity(n);
    match c.block {
        Some(b) => {
            for i in 0..n {
                out.push(it.yield_block(b, [RValue::Int(i as i64)])?);
            }
        }
        None => out.resize(n, c.arg(1).cloned().unwrap_or_default()),
    }
    Ok(RValue::array(out))
}

fn raise_range<T>(message: String, at: usize) -> R<T> {
    Err(crate::eval::Flow::from(crate::RubyError::raised_as(
        "RangeError",
        message,
        at,
    )))
}

/// The `k`-element combinations (in order) or permutations of `v`, as Ruby lists them;
/// their count is checked before they are made.
fn arrangements(v: &[RValue], k: usize, permute: bool, at: usize) -> R<Vec<RValue>> {
    let n = v.len() as u128;
    let mut count: u128 = 1;
    for i in 0..k as u128 {
        count = count.saturating_mul(n - i);
        if !permute {
            count /= i + 1;
        }
        if count > 10_000_000 {
            return unsupported(
                format!(
                    "more than 10 million {}s",
                    if permute {
                        "permutation"
                    } else {
                        "combination"
                    }
                ),
                at,
            );
        }
    }
    super::grow_values((count as usize).saturating_mul(k + 1), at)?;
    let mut out = Vec::with_capacity(count as usize);
    let mut picked: Vec<usize> = Vec::with_capacity(k);
    fn walk(v: &[RValue], k: usize, permute: bool, picked: &mut Vec<usize>, out: &mut Vec<RValue>) {
        if picked.len() == k {
            out.push(RValue::array(
                picked.iter().map(|&i| v[i].clone()).collect::<Vec<_>>(),
            ));
            return;
        }
        let from = if permute {
            0
        } else {
            picked.last().map_or(0, |l| l + 1)
        };
        for i in from..v.len() {
            if permute && picked.contains(&i) {
                continue;
            }
            picked.push(i);
            crate::limits::deep(|| walk(v, k, permute, picked, out));
            picked.pop();
        }
    }
    walk(v, k, permute, &mut picked, &mut out);
    Ok(out)
}
